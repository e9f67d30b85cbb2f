"""Rebuilds the shell-decision corpus: every `src_*.py` extractor → `<out>/<source>.jsonl`.

    python3 scripts/shellcorpus/build.py [--out /work/data/shell] [--only SOURCE ...]
    python3 scripts/shellcorpus/build.py --set heldout2 --out /work/data/shell-h2 \
        [--against /work/data/shell]
    python3 scripts/shellcorpus/build.py --set heldout3 --out /work/data/shell-h3 \
        [--against /work/data/shell /work/data/shell-h2]

`--set heldout18` is held-out set 18 (`src_h18.SPECS`), deduplicated against the main corpus and sets
2-17, labelled as sets 16 and 17 (no new switch); skips and counters as set 17 (`src_h18._known_programs`), plus
set 18's extraction drops (other-interpreter blocks, script arrays, fragments; counted in MANIFEST.json).

`--set heldout17` is held-out set 17 (`src_h17.SPECS`), deduplicated against the main corpus and sets
2-16, labelled as set 16 (every switch of set 16 on, no new one); undecided destroying verbs and
non-programs are skipped as in set 16 (`src_h16._decided`, `src_h17._known_programs`; counted in MANIFEST.json).

`--set heldout16` is held-out set 16 (`src_h16.SPECS`), deduplicated against the main corpus and sets
2-15, labelled as set 15 with `_label.DESTROY_VERBS` on as well (`ask remote-destroy`); undecided destroying
verbs and non-programs are skipped as in set 15 (`src_h16._decided`, `_known_programs`; counted in MANIFEST.json).

`--set heldout15` is held-out set 15 (`src_h15.SPECS`), deduplicated against the main corpus and sets
2-14, labelled as sets 13 and 14 (no new switch); an `allow` row holding a destroying verb the labeller
leaves undecided is skipped (`src_h15._decided`, counted in MANIFEST.json).

`--set heldout14` is held-out set 14 (`src_h14.SPECS`), deduplicated against the main corpus and sets
2-13, labelled as set 13 (every switch of set 13 on, no new one); its sources include other command
guards' test cases, whose own verdict is kept in each row as `guard_label` (information, never the label).

`--set heldout13` is held-out set 13 (`src_h13.SPECS`), deduplicated against the main corpus and sets
2-12, labelled as set 12 with `_label.SHELL_WORDS` on as well (comments are not commands, options are not
programs, a container mounting the host is `ask privilege`).

`--set heldout12` is held-out set 12 (`src_h12.SPECS`), deduplicated against the main corpus and sets
2-11, labelled as set 11 with `_label.VOLUME_TOOLS` on as well (volume/RAID/disk tools' destroying verbs).

`--set heldout11` is held-out set 11 (`src_h11.SPECS`), deduplicated against the main corpus and sets
2-10, labelled as sets 5-10 with `_label.ONLY_COMMANDS` on: a line that `_iscmd` does not take for a
shell command line is no row (counts per source and reason in MANIFEST.json, `dropped_not_command`).

`--set heldout10` is held-out set 10 (`src_h10.SPECS`), deduplicated against the main corpus and sets
2-9, labelled as sets 5-9.

`--set heldout9` is held-out set 9 (`src_h9.SPECS`), deduplicated against the main corpus and sets
2-8, labelled as sets 5-8.

`--set heldout6` is held-out set 6 (`src_h6.SPECS`), deduplicated against the main corpus and sets
2-5, labelled as set 5.

`--set heldout5` is held-out set 5 (`src_h5_*.py`), deduplicated against the main corpus and sets
2-4, labelled with `_label.OUTSIDE_WRITE` on (writes outside the project are `ask outside-write`).

`--set heldout4` is held-out set 4 (`src_h4_*.py`), deduplicated likewise against the main corpus
and sets 2 and 3.

`--set heldout3` is held-out set 3 (`src_h3_*.py`), deduplicated against the main corpus and
set 2 (`--against /work/data/shell /work/data/shell-h2`, the default), on command text with runs of
white space made one space.

`--set main` (default) is the corpus of README.md's first table, unchanged. `--set heldout2` is
held-out set 2 (`src_h2_*.py`, sources disjoint from the main set's, built after the rules were
tuned on the main set): its rows are deduplicated against the main corpus built in `--against`
(a command, or a tool call, already there is dropped; the count is in MANIFEST.json).

Needs the `fetch` mirrors under $SHELLCORPUS_MIRRORS (default /work/.mirror). A command kept
by an earlier source (in ORDER) is dropped from later ones, so no command is in two sources.
Prints the per-source counts by expected decision and writes `<out>/MANIFEST.json`.
"""

import argparse
import importlib
import json
import os
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _common import head, write  # noqa: E402

ORDER = [
    "src_atomic", "src_ssrf", "src_iatt", "src_revshellgen", "src_revcheat", "src_loobins",
    "src_oscp", "src_peass", "src_hacktricks_cloud", "src_cloudpentest", "src_roquenight", "src_frizb", "src_booksk", "src_arsenal", "src_safetynet", "src_continue",
    "src_tldr", "src_workflows", "src_pkgscripts", "src_makefiles", "src_readmes", "src_shscripts", "src_ohmyzsh",
    "src_bashcomp",
]

ORDER_H2 = [
    "src_h2_hackingthecloud", "src_h2_badpods", "src_h2_r1cksec", "src_h2_ctfnotes", "src_h2_cloudgoat",
    "src_h2_pentestwiki", "src_h2_enumscripts", "src_h2_pentestcs", "src_h2_k8sgoat",
    "src_h2_cheatsh", "src_h2_cheat", "src_h2_dotfiles", "src_h2_workflows", "src_h2_pkgscripts",
    "src_h2_makefiles", "src_h2_readmes", "src_h2_shscripts",
]

ORDER_H3 = [
    "src_h3_forensicartifacts", "src_h3_ssrftesting", "src_h3_rsg", "src_h3_pentestbook", "src_h3_xapax",
    "src_h3_tib3rius", "src_h3_cheatsheetgod", "src_h3_jivoi", "src_h3_andrewjkerr",
    "src_h3_rtfm", "src_h3_inegoats", "src_h3_awsir", "src_h3_drduh", "src_h3_linuxserver",
    "src_h3_nl2bash", "src_h3_linuxcommand", "src_h3_eg", "src_h3_oneliner", "src_h3_clitext", "src_h3_dotfiles",
    "src_h3_gkesamples", "src_h3_workflows", "src_h3_pkgscripts", "src_h3_makefiles", "src_h3_readmes",
    "src_h3_shscripts",
]

# src_h4_katana, src_h4_stratus, src_h4_awscustpb, src_h4_cdk, src_h4_webctf and src_h4_upc gave
# fewer than 5 rows (0-3, counted before any evaluation) and are left out, as in sets 2 and 3.
ORDER_H4 = [
    "src_h4_thc", "src_h4_pwnwiki", "src_h4_pentestnotes", "src_h4_uac", "src_h4_metta", "src_h4_cybersecnotes",
    "src_h4_devhints", "src_h4_navi", "src_h4_artcmdline", "src_h4_dotfiles",
    "src_h4_workflows", "src_h4_pkgscripts", "src_h4_makefiles", "src_h4_readmes", "src_h4_shscripts",
]

# Held-out set 5 (2026-12-05): labelled with `_label.OUTSIDE_WRITE` on (writes outside the project
# are `ask`, category `outside-write`, scored apart by eval.py). src_h5_pentestcomp (3 rows),
# src_h5_kalics (0), src_h5_rtinfra (1), src_h5_azure (0), src_h5_privchecker (4), src_h5_omg (4)
# and src_h5_modernunix (0 benign rows) were extracted and left out (counted before any evaluation).
ORDER_H5 = [
    "src_h5_iredteam", "src_h5_dostoevsky", "src_h5_oscpci", "src_h5_mscp", "src_h5_ducky", "src_h5_vulhub",
    "src_h5_awesomecs", "src_h5_bashguide", "src_h5_k8shardway", "src_h5_k8sa4", "src_h5_awscli",
    "src_h5_dotfiles", "src_h5_workflows", "src_h5_pkgscripts", "src_h5_makefiles", "src_h5_readmes",
    "src_h5_shscripts",
]

# Held-out set 6 (2026-12-05): every source is an entry of `src_h6.SPECS` (labelled as set 5).
ORDER_H6 = ["src_h6"]

# Held-out set 7 (2026-12-05): every source is an entry of `src_h7.SPECS` (labelled as sets 5 and 6).
ORDER_H7 = ["src_h7"]

# Held-out set 8 (2026-12-05): every source is an entry of `src_h8.SPECS` (labelled as sets 5-7).
ORDER_H8 = ["src_h8"]

# Held-out set 9 (2026-12-05): every source is an entry of `src_h9.SPECS` (labelled as sets 5-8).
ORDER_H9 = ["src_h9"]

# Held-out set 10 (2026-12-05): every source is an entry of `src_h10.SPECS` (labelled as sets 5-9).
ORDER_H10 = ["src_h10"]

# Held-out set 11 (2026-12-06): every source is an entry of `src_h11.SPECS`, labelled as sets 5-10
# with `_label.ONLY_COMMANDS` on (lines that are not shell command lines are no rows; `_iscmd`).
ORDER_H11 = ["src_h11"]

# Held-out set 12 (2026-12-06): every source is an entry of `src_h12.SPECS`, labelled as set 11 with
# `_label.VOLUME_TOOLS` on (the volume/RAID/disk tools' destroying verbs, decided on sets 1-11).
ORDER_H12 = ["src_h12"]

# Held-out set 13 (2026-12-06): every source is an entry of `src_h13.SPECS`, labelled as set 12 with
# `_label.SHELL_WORDS` on (the labeller reads shell words; decided on sets 1-12).
ORDER_H13 = ["src_h13"]

# Held-out set 14 (2026-12-06): every source is an entry of `src_h14.SPECS`, labelled as set 13.
ORDER_H14 = ["src_h14"]

# Held-out set 15 (2026-12-06): every source is an entry of `src_h15.SPECS`, labelled as sets 13 and 14;
# allow rows holding a destroying verb the labeller leaves undecided are skipped (`src_h15._decided`).
ORDER_H15 = ["src_h15"]

# Held-out set 16 (2026-12-06): every source is an entry of `src_h16.SPECS`, labelled as set 15 with
# `_label.DESTROY_VERBS` on (a destroying verb of a tool acting outside the working tree: `ask remote-destroy`).
ORDER_H16 = ["src_h16"]

# Held-out set 17 (2026-12-07): every source is an entry of `src_h17.SPECS`, labelled as set 16 (no new switch).
ORDER_H17 = ["src_h17"]

# Held-out set 18 (2026-12-07): every source is an entry of `src_h18.SPECS`, labelled as sets 16 and 17 (no new switch).
ORDER_H18 = ["src_h18"]

SETS = {"main": ORDER, "heldout2": ORDER_H2, "heldout3": ORDER_H3, "heldout4": ORDER_H4, "heldout5": ORDER_H5,
        "heldout6": ORDER_H6, "heldout7": ORDER_H7, "heldout8": ORDER_H8, "heldout9": ORDER_H9,
        "heldout10": ORDER_H10, "heldout11": ORDER_H11, "heldout12": ORDER_H12, "heldout13": ORDER_H13,
        "heldout14": ORDER_H14, "heldout15": ORDER_H15, "heldout16": ORDER_H16, "heldout17": ORDER_H17,
        "heldout18": ORDER_H18}
# what each held-out set is deduplicated against (the corpora built before it)
AGAINST = {"heldout2": ["/work/data/shell"], "heldout3": ["/work/data/shell", "/work/data/shell-h2"],
           "heldout4": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3"],
           "heldout5": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4"],
           "heldout6": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                        "/work/data/shell-h5"],
           "heldout7": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                        "/work/data/shell-h5", "/work/data/shell-h6"],
           "heldout8": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                        "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7"],
           "heldout9": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                        "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8"],
           "heldout10": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9"],
           "heldout11": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9", "/work/data/shell-h10"],
           "heldout12": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9", "/work/data/shell-h10", "/work/data/shell-h11"],
           "heldout13": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9", "/work/data/shell-h10", "/work/data/shell-h11", "/work/data/shell-h12"],
           "heldout14": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9", "/work/data/shell-h10", "/work/data/shell-h11", "/work/data/shell-h12",
                         "/work/data/shell-h13"],
           "heldout15": ["/work/data/shell", "/work/data/shell-h2", "/work/data/shell-h3", "/work/data/shell-h4",
                         "/work/data/shell-h5", "/work/data/shell-h6", "/work/data/shell-h7", "/work/data/shell-h8",
                         "/work/data/shell-h9", "/work/data/shell-h10", "/work/data/shell-h11", "/work/data/shell-h12",
                         "/work/data/shell-h13", "/work/data/shell-h14"],
           "heldout16": ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 16)],
           "heldout17": ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 17)],
           "heldout18": ["/work/data/shell"] + ["/work/data/shell-h%d" % n for n in range(2, 18)]}


def _key(r):
    return r.get("command") or json.dumps([r.get("tool"), r.get("input")], sort_keys=True)


def _nkey(r):
    """`_key` with runs of white space in a command made one space (held-out set 3's dedupe)."""
    return " ".join(r["command"].split()) if r.get("command") else _key(r)


def _against(d, key=None):
    """The keys of every row of an already built corpus directory (empty when it is missing)."""
    key = key or _key
    keys = set()
    if not d or not os.path.isdir(d):
        return keys
    for name in sorted(os.listdir(d)):
        if name.endswith(".jsonl"):
            with open(os.path.join(d, name)) as f:
                keys |= {key(json.loads(l)) for l in f if l.strip()}
    return keys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/work/data/shell")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--set", default="main", choices=sorted(SETS))
    ap.add_argument("--against", nargs="*", default=None,
                    help="held-out sets only: the corpora to deduplicate against (default: the main "
                         "corpus for heldout2; the main corpus and set 2 for heldout3)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    key = _nkey if a.set in ("heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9",
                             "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16",
                             "heldout17", "heldout18") else _key
    if a.set in ("heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10", "heldout11", "heldout12",
                 "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18"):
        import _label
        _label.OUTSIDE_WRITE = True
    if a.set in ("heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
                 "heldout18"):
        import _label
        _label.ONLY_COMMANDS = True
    if a.set in ("heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18"):
        import _label
        _label.VOLUME_TOOLS = True
    if a.set in ("heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18"):
        import _label
        _label.SHELL_WORDS = True
    if a.set in ("heldout16", "heldout17", "heldout18"):
        import _label
        _label.DESTROY_VERBS = True
    against = a.against if a.against is not None else AGAINST.get(a.set, [])
    prior = set()
    for d in against:
        got = _against(d, key)
        if not got:
            sys.exit("--set %s needs the corpus built in --against (%s is missing)" % (a.set, d))
        prior |= got
    seen = set()
    manifest = {}
    mods = []
    for name in SETS[a.set]:
        m = importlib.import_module(name)
        # a module with `SPECS` holds several sources (held-out set 6)
        if hasattr(m, "SPECS"):
            mods.extend((name, spec) for spec in m.SPECS)
        else:
            mods.append((name, m))
    for name, mod in mods:
        if a.only and mod.SOURCE not in a.only:
            continue
        rows = []
        in_main = 0
        for r in mod.rows():
            k = key(r)
            if k in prior:
                in_main += 1
                continue
            if k in seen:
                continue
            seen.add(k)
            rows.append(r)
        n = write(os.path.join(a.out, mod.SOURCE + ".jsonl"), rows)
        c = Counter(r["expect"] for r in rows)
        repo = getattr(mod, "REPO", None)
        manifest[mod.SOURCE] = {"side": mod.SIDE, "rows": n, "by_expect": dict(c),
                                "repo": repo, "commit": head(repo) if repo else None,
                                "module": name + ".py"}
        if getattr(mod, "REPOS", None):
            manifest[mod.SOURCE]["repos"] = {r: head(r) for r in mod.REPOS}
        elif repo is None and a.set != "main" and hasattr(mod, "available"):
            manifest[mod.SOURCE]["repos"] = {r: head(r) for r in mod.available()}
        if a.set != "main":
            manifest[mod.SOURCE]["dropped_as_in_main" if a.set == "heldout2" else "dropped_as_in_prior_sets"] = in_main
        if a.set == "heldout14" and mod.SIDE == "both":
            from src_h14 import _DISAGREE
            # the guard's own verdict against ours, counted before deduplication (src_h14._guard_rows)
            manifest[mod.SOURCE]["guard_disagreement"] = dict(_DISAGREE[mod.SOURCE])
            manifest[mod.SOURCE]["guard_label_of_rows"] = dict(Counter(
                "%s/%s" % (r.get("guard_label"), r["expect"]) for r in rows))
        if a.set == "heldout15":
            from src_h15 import _UNDECIDED
            # allow rows skipped for a destroying verb the labeller leaves undecided (before deduplication)
            manifest[mod.SOURCE]["dropped_destroy_verb_undecided"] = _UNDECIDED[mod.SOURCE]["dropped_destroy_verb_undecided"]
            # documentation lines whose first word is no program (src_h15._known_programs; before deduplication)
            manifest[mod.SOURCE]["dropped_not_program"] = _UNDECIDED[mod.SOURCE]["dropped_not_program"]
        if a.set in ("heldout16", "heldout17", "heldout18"):
            # set 17 reuses set 16's skip filter and counters (src_h17 applies src_h16._decided)
            from src_h16 import _UNDECIDED as _U16
            manifest[mod.SOURCE]["dropped_destroy_verb_undecided"] = _U16[mod.SOURCE]["dropped_destroy_verb_undecided"]
            manifest[mod.SOURCE]["dropped_not_program"] = _U16[mod.SOURCE]["dropped_not_program"]
            from src_h16 import _UNDECIDED_PROGRAMS
            manifest[mod.SOURCE]["destroy_verb_undecided_by_program"] = dict(_UNDECIDED_PROGRAMS[mod.SOURCE].most_common())
        if a.set in ("heldout17", "heldout18"):
            SYNOPSIS_DROPS = importlib.import_module("src_h17" if a.set == "heldout17" else "src_h18").SYNOPSIS_DROPS
            # usage synopses skipped in the developer projects' READMEs (before deduplication)
            manifest[mod.SOURCE]["dropped_synopsis"] = SYNOPSIS_DROPS[mod.SOURCE]
        if a.set == "heldout18":
            from src_h18 import ARRAY_DROPS, FRAGMENT_DROPS, OTHER_LANGUAGE_DROPS
            # lines of fenced blocks whose shebang names another interpreter, script lines inside multi-line arrays,
            # keyword and rebase-todo fragments (before deduplication)
            manifest[mod.SOURCE]["dropped_other_interpreter_block"] = OTHER_LANGUAGE_DROPS[mod.SOURCE]
            manifest[mod.SOURCE]["dropped_array_element"] = ARRAY_DROPS[mod.SOURCE]
            manifest[mod.SOURCE]["dropped_fragment"] = FRAGMENT_DROPS[mod.SOURCE]
        if a.set in ("heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
                     "heldout18"):
            from _iscmd import DROPPED
            # lines dropped as not shell command lines, by reason (counted before deduplication)
            manifest[mod.SOURCE]["dropped_not_command"] = dict(sorted(DROPPED.get(mod.SOURCE, {}).items()))
        print("%-22s %-9s %5d  %s" % (mod.SOURCE, mod.SIDE, n, dict(sorted(c.items()))))
    with open(os.path.join(a.out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
