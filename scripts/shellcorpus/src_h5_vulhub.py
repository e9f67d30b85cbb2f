"""Vulhub: reproduction notes of known vulnerabilities in English and Chinese (`README.md`,
`README.zh-cn.md` of each environment: exploit requests, reverse shells, file reads).

upstream: https://github.com/vulhub/vulhub `**/README*.md`. Licence: MIT.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 5).
"""

from _common import ls
from _h4 import md_danger

SOURCE = "vulhub"
REPO = "vulhub/vulhub"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.rsplit("/", 1)[-1].lower().startswith("readme") and p.endswith(".md") and "/" in p]
    yield from md_danger(SOURCE, REPO, paths)
