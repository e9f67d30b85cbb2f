"""Held-out set 7 (`build.py --set heldout7`, 2026-12-05): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h6`. Used for evaluation only;
nothing of these repositories is committed. Labels come from `_label.label` with its
`outside-write` rule on (as sets 5 and 6). Every repository was searched (`git grep`) for the names
of the off-limits sources before use; pages or files that name one are left out unread (`SKIP`),
and a repository that bundles another project's scripts that name one is not used.

Dangerous sources (fenced-block lines of markdown, `_h4.md_danger`, or shell-script lines,
`_h4.script_danger`; only lines the rule decides):

| source | upstream | licence |
|---|---|---|
| redteam-cheatsheet | 0xJs/RedTeaming_CheatSheet `**/*.md` (red-team and AD/cloud notes) | none stated |
| ctf-notes-hw | Shiva108/CTF-notes `**/*.md` (CTF and pentest notes) | none stated |
| h4cker | The-Art-of-Hacking/h4cker `**/*.md` (ethical-hacking course material) | MIT |
| awesome-redteam-zh | Threekiii/Awesome-Redteam `**/*.md` except its READMEs (red-team cheat sheets, Chinese) | none stated |
| 1earn-zh | ffffffff0x/1earn `**/*.md` (security notes and walk-throughs, Chinese) | none stated |
| oscp-prep | evets007/OSCP-Prep-cheatsheet, tjnull/OSCP-Stuff, kmkz/Pentesting `**/*.md` | none stated |
| internal-pentest | sdcampbell/Internal-Pentest-Playbook `**/*.md` | none stated |
| k8s-re0-zh | neargle/my-re0-k8s-security `**/*.md` (Kubernetes attack notes, Chinese) | none stated |
| metarget-zh | Metarget/metarget `**/*.md` (vulnerable cloud-native scenarios, Chinese/English) | Apache-2.0 |
| kernel-exploits-zh | SecWiki/linux-kernel-exploits `**/*.md` (Linux kernel exploits, Chinese) | none stated |
| methodology | lutzenfried/Methodology `**/*.md` (pentest methodology) | none stated |
| linux-for-hackers | cybersecplayground/30-Day-Linux-for-Hackers `*.md` (a 30-day offensive Linux course) | MIT |
| hardening-scripts | konstruktoid/hardening `scripts/*` (a hardening script set) | Apache-2.0 |
| bashbunny | hak5/bashbunny-payloads `payload.txt` / `*.sh` (USB attack payloads) | none stated at the root |
| pentest-note-zh | xiaoy-sec/Pentest_Note `wiki/**/*.md` (pentest notes, Chinese) | none stated |
| ttp-threat-feeds | bobby-tablez/TTP-Threat-Feeds `results/**/*.yml` (`commandline` items: attacker commands quoted by threat-research and incident reports) | MIT |

Benign sources: `git-flight-rules` (k88hudson/git-flight-rules, CC BY-SA 4.0), `git-cheat-sheet`
(arslanbilal/git-cheat-sheet, MIT), `git-tips` (git-tips/tips `tips.json`, MIT), `docker-cheat-sheet`
(wsargent/docker-cheat-sheet, MIT): shell blocks / tips by content; and the main set's five
extractors over `_devrepos7` (`h7-gh-workflows`, `h7-package-scripts`, `h7-makefiles`,
`h7-readme-commands`, `h7-project-scripts`). Benign lines pass `_h4.filtered`.
"""

import json
import re
import subprocess

from _common import benign_row, blob_url, danger_row, git_dir, head, show
from _h4 import filtered, md_benign, md_danger, script_danger

import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos7 import available

# pages that name an off-limits source (found by `git grep` of the names, not read)
_ZH = "1earn/Security/"
SKIP = {
    "0xJs/RedTeaming_CheatSheet": ("infrastructure/privesc_linux.md",),
    "Shiva108/CTF-notes": (
        "hardware/linux/privilege-escalation/doas/index.md",
        "hardware/linux/privilege-escalation/index.md",
        "hardware/linux/privilege-escalation/sudo/Sudo-Systemctl-Privilege-Escalation.md",
        "hardware/linux/privilege-escalation/sudo/index.md",
    ),
    "The-Art-of-Hacking/h4cker": (
        "ai/ai-security/ai_security_tools.md",
        "ai/ai-security/ai_security_tools_root.md",
        "ai/ai-security/model_and_genai_application_security_testing.md",
        "ai/course-materials/Creating Agents for Cybersecurity/modules/12-observability-evaluation.md",
        "ai/course-materials/Creating Agents for Cybersecurity/resources/glossary.md",
        "ai/course-materials/Creating Agents for Cybersecurity/resources/references.md",
        "cybersecurity-domains/infrastructure-network-security/wireless-resources/tools.md",
        "cybersecurity-domains/offensive-security/post-exploitation/README.md",
        "training-reference/additional_tools.md",
        "training-reference/more_tools.md",
        "training-reference/new_tools.md",
        "training-reference/organized-tools/more_tools_tools.md",
        "training-reference/organized-tools/wireless-resources_tools.md",
    ),
    "Threekiii/Awesome-Redteam": ("README.md", "README_en.md"),
    "ffffffff0x/1earn": (
        _ZH + "RedTeam/OS安全/Linux安全.md",
        _ZH + "RedTeam/OS安全/OS-Exploits.md",
        _ZH + "安全资源/靶机/VulnHub/DC/DC2-WalkThrough.md",
        _ZH + "安全资源/靶机/VulnHub/Mission-Pumpkin/PumpkinRaising-WalkThrough.md",
        _ZH + "安全资源/靶机/VulnHub/symfonos/symfonos2-WalkThrough.md",
        _ZH + "安全资源/靶机/VulnHub/symfonos/symfonos5-WalkThrough.md",
    ),
    "evets007/OSCP-Prep-cheatsheet": (),
    "tjnull/OSCP-Stuff": (),
    "kmkz/Pentesting": (),
    "konstruktoid/hardening": ("misc/genSuidList.sh", "misc/suid.list"),
    "hak5/bashbunny-payloads": ("payloads/library/credentials/DumpCreds/PS/Get-ChromeCreds.ps1",),
}


def ls(repo):
    """`_common.ls` with `core.quotepath` off: file names in other scripts (Chinese page names)
    come back as they are, not quoted with octal escapes (which `_common.ls` would drop)."""
    out = subprocess.run(["git", "-c", "core.quotepath=off", "--git-dir", git_dir(repo), "ls-tree", "-r",
                          "--name-only", "HEAD"], capture_output=True, text=True, check=True).stdout
    return [p for p in out.split("\n") if p]


def _skipped(repo):
    """The paths of `SKIP` for one repository (found at the mirror's commit named in MANIFEST.json)."""
    return set(SKIP.get(repo, ()))


def _md(repo):
    skip = _skipped(repo)
    return [p for p in ls(repo) if p.lower().endswith((".md", ".markdown")) and p not in skip]


def _md_source(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, _md(repo))
    return rows


def _hardening():
    repo = "konstruktoid/hardening"
    skip = _skipped(repo)
    paths = [p for p in ls(repo) if (p.startswith("scripts/") or p.endswith(".sh")) and p not in skip
             and not p.startswith(".github/")]
    yield from script_danger("hardening-scripts", repo, paths)


def _bashbunny():
    repo = "hak5/bashbunny-payloads"
    skip = _skipped(repo)
    paths = [p for p in ls(repo) if p.endswith(("payload.txt", ".sh")) and p not in skip]
    yield from script_danger("bashbunny", repo, paths)


def _git_tips():
    repo = "git-tips/tips"
    commit = head(repo)
    text = show(repo, "tips.json")
    tips = json.loads(text)
    lines = text.split("\n")
    for t in tips:
        for cmd in (t.get("tip") or "").split("\n"):
            cmd = cmd.strip()
            if not cmd or cmd.startswith("#"):
                continue
            # the line of the tip in tips.json, for the upstream link
            n = next((i for i, l in enumerate(lines, 1) if '"tip"' in l and cmd[:30] in l), None)
            r = benign_row("git-tips", cmd, blob_url(repo, commit, "tips.json", n), "git-tip")
            if r:
                yield r


_TTP_ITEM = re.compile(r'^\s+-\s+"((?:[^"\\]|\\.)*)"')


def _ttp_feeds():
    """The `commandline` items of the threat-report summaries (`results/**/*.yml`): commands that
    incident and threat-research reports quote from an attack (an item's trailing `#` comment cut)."""
    repo = "bobby-tablez/TTP-Threat-Feeds"
    commit = head(repo)
    for path in ls(repo):
        if not (path.startswith("results/") and path.endswith((".yml", ".yaml"))):
            continue
        inside = False
        for n, line in enumerate(show(repo, path).split("\n"), 1):
            if re.match(r"^\s+commandline:\s*$", line):
                inside = True
                continue
            if inside and not re.match(r"^\s+-\s", line):
                inside = False
            if not inside:
                continue
            m = _TTP_ITEM.match(line)
            if not m:
                continue
            try:
                cmd = json.loads('"' + m.group(1) + '"')
            except ValueError:
                continue
            r = danger_row("ttp-threat-feeds", cmd, blob_url(repo, commit, path, n))
            if r:
                yield r


def _md_benign_source(source, repo, category):
    return lambda: filtered(md_benign(source, repo, [p for p in ls(repo) if p.lower().endswith(".md")], category))


class Spec:
    """A module-like source entry for `build.py` (SOURCE, SIDE, REPO/REPOS, rows())."""

    def __init__(self, source, side, repos, rows):
        self.SOURCE, self.SIDE, self.REPOS = source, side, list(repos)
        self.REPO = self.REPOS[0] if len(self.REPOS) == 1 else None
        self._rows = rows

    def rows(self):
        yield from self._rows()


DANGER_MD = [
    ("redteam-cheatsheet", ["0xJs/RedTeaming_CheatSheet"]),
    ("ctf-notes-hw", ["Shiva108/CTF-notes"]),
    ("h4cker", ["The-Art-of-Hacking/h4cker"]),
    ("awesome-redteam-zh", ["Threekiii/Awesome-Redteam"]),
    ("1earn-zh", ["ffffffff0x/1earn"]),
    ("oscp-prep", ["evets007/OSCP-Prep-cheatsheet", "tjnull/OSCP-Stuff", "kmkz/Pentesting"]),
    ("internal-pentest", ["sdcampbell/Internal-Pentest-Playbook"]),
    ("k8s-re0-zh", ["neargle/my-re0-k8s-security"]),
    ("metarget-zh", ["Metarget/metarget"]),
    ("kernel-exploits-zh", ["SecWiki/linux-kernel-exploits"]),
    ("methodology", ["lutzenfried/Methodology"]),
    ("pentest-note-zh", ["xiaoy-sec/Pentest_Note"]),
    ("linux-for-hackers", ["cybersecplayground/30-Day-Linux-for-Hackers"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any
# hookward run, as in sets 2-6): awesome-redteam-zh 0 (its cheat sheets are the READMEs left out
# above), internal-pentest 0, k8s-re0-zh 1, metarget-zh 2, kernel-exploits-zh 1, methodology 2,
# pentest-note-zh 2 (Windows above all), ttp-threat-feeds 0 (Windows above all); benign
# h7-package-scripts 0.
LEFT_OUT = {"awesome-redteam-zh", "internal-pentest", "k8s-re0-zh", "metarget-zh", "kernel-exploits-zh",
            "methodology", "pentest-note-zh", "ttp-threat-feeds", "h7-package-scripts"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("hardening-scripts", "dangerous", ["konstruktoid/hardening"], _hardening),
    Spec("bashbunny", "dangerous", ["hak5/bashbunny-payloads"], _bashbunny),
    Spec("ttp-threat-feeds", "dangerous", ["bobby-tablez/TTP-Threat-Feeds"], _ttp_feeds),
    Spec("git-flight-rules", "benign", ["k88hudson/git-flight-rules"],
         _md_benign_source("git-flight-rules", "k88hudson/git-flight-rules", "git-howto")),
    Spec("git-cheat-sheet", "benign", ["arslanbilal/git-cheat-sheet"],
         _md_benign_source("git-cheat-sheet", "arslanbilal/git-cheat-sheet", "git-howto")),
    Spec("git-tips", "benign", ["git-tips/tips"], lambda: filtered(_git_tips())),
    Spec("docker-cheat-sheet", "benign", ["wsargent/docker-cheat-sheet"],
         _md_benign_source("docker-cheat-sheet", "wsargent/docker-cheat-sheet", "readme")),
    Spec("h7-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h7-gh-workflows"))),
    Spec("h7-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h7-package-scripts"))),
    Spec("h7-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h7-makefiles"))),
    Spec("h7-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h7-readme-commands"))),
    Spec("h7-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h7-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
