"""LOOBins: living-off-the-land binaries on macOS, with their example use cases.

upstream: https://github.com/infosecB/LOOBins LOOBins/*.yml. Licence: GPL-3.0 (evaluation only;
nothing committed).
labelling: each `example_use_cases[].code`, kept where `_label.label` decides.
"""

from _common import blob_url, danger_row, head, ls, show, yaml_load

SOURCE = "loobins"
REPO = "infosecB/LOOBins"
SIDE = "dangerous"


def rows():
    commit = head(REPO)
    for path in ls(REPO, "LOOBins"):
        if not path.endswith(".yml"):
            continue
        doc = yaml_load(show(REPO, path)) or {}
        for case in doc.get("example_use_cases") or []:
            if not isinstance(case, dict) or not case.get("code"):
                continue
            r = danger_row(SOURCE, str(case["code"]).strip(), blob_url(REPO, commit, path))
            if r:
                yield r
