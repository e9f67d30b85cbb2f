"""ForensicArtifacts/artifacts: the machine-readable catalogue of forensic artifacts (file paths
of key stores, browser profiles, shell histories, cloud CLI credentials, keychains, … on Linux
and macOS), as Read tool calls of those files under the run's home (`{HOME}`) and under another
user's home (`/home/alice`, or `/Users/alice` for macOS paths). Globs are instantiated (`*` → a
plausible name); Windows paths and other path variables are skipped.

upstream: https://github.com/ForensicArtifacts/artifacts artifacts/data/*.yaml, commit
a523ad9ad4a596f542cc14eca36b7a5ad0a88103. Licence: Apache-2.0.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.read_row`, the rule's decision for `cat PATH`; paths it does not decide are dropped.
"""

import re

from _common import blob_url, head, ls, show
from _h3 import read_row

SOURCE = "forensic-artifacts"
REPO = "ForensicArtifacts/artifacts"
SIDE = "dangerous"
QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"")


def _fill(p):
    p = p.replace("**", "*")
    p = re.sub(r"\*\.(\w+)", r"backup.\1", p)
    p = re.sub(r"id_\*", "id_ed25519", p)
    return p.replace("*", "default").replace("?", "a")


def rows():
    commit = head(REPO)
    for path in ls(REPO, "artifacts/data"):
        if not path.endswith(".yaml"):
            continue
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            if "paths" not in line and not line.strip().startswith("- '"):
                continue
            for m in QUOTED.finditer(line):
                p = m.group(1) or m.group(2)
                if "\\" in p or not (p.startswith("/") or p.startswith("%%users.homedir%%")):
                    continue
                rest = p.replace("%%users.homedir%%", "")
                if "%%" in rest:
                    continue
                p = _fill(p)
                if p.startswith("%%users.homedir%%"):
                    other = "/Users/alice" if "/Library/" in p else "/home/alice"
                    cands = [p.replace("%%users.homedir%%", "{HOME}"), p.replace("%%users.homedir%%", other)]
                else:
                    cands = [p]
                for c in cands:
                    r = read_row(SOURCE, c, blob_url(REPO, commit, path, n))
                    if r:
                        yield r
