"""`scripts` of every package.json in popular developer repositories (`_devrepos`).

upstream: https://github.com/<repo>/blob/<commit>/**/package.json. Licences: the repos'.
labelling: `benign_row` (category `package-script`).
"""

import json

from _common import benign_row, blob_url, head, ls, show
from _devrepos import available

SOURCE = "package-scripts"
SIDE = "benign"


def rows(repos=None, source=SOURCE):
    """Rows of `repos` (default: `_devrepos.available()`) under the name `source`."""
    for repo in (available() if repos is None else repos):
        commit = head(repo)
        for path in ls(repo):
            if not path.endswith("package.json") or "node_modules" in path or "fixture" in path:
                continue
            try:
                doc = json.loads(show(repo, path))
            except Exception:
                continue
            scripts = doc.get("scripts") if isinstance(doc, dict) else None
            if not isinstance(scripts, dict):
                continue
            for cmd in scripts.values():
                if isinstance(cmd, str):
                    r = benign_row(source, cmd, blob_url(repo, commit, path), "package-script")
                    if r:
                        yield r
