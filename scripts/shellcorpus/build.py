"""Rebuilds the shell-decision corpus: every `src_*.py` extractor → `<out>/<source>.jsonl`.

    python3 scripts/shellcorpus/build.py [--out /work/data/shell] [--only SOURCE ...]

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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="/work/data/shell")
    ap.add_argument("--only", nargs="*")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    seen = set()
    manifest = {}
    for name in ORDER:
        mod = importlib.import_module(name)
        if a.only and mod.SOURCE not in a.only:
            continue
        rows = []
        for r in mod.rows():
            key = r.get("command") or json.dumps([r.get("tool"), r.get("input")], sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            rows.append(r)
        n = write(os.path.join(a.out, mod.SOURCE + ".jsonl"), rows)
        c = Counter(r["expect"] for r in rows)
        repo = getattr(mod, "REPO", None)
        manifest[mod.SOURCE] = {"side": mod.SIDE, "rows": n, "by_expect": dict(c),
                                "repo": repo, "commit": head(repo) if repo else None,
                                "module": name + ".py"}
        print("%-22s %-9s %5d  %s" % (mod.SOURCE, mod.SIDE, n, dict(sorted(c.items()))))
    with open(os.path.join(a.out, "MANIFEST.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
