"""cujanovic/SSRF-Testing: its list of cloud metadata URLs (`cloud-metadata.txt`) and the URLs
of its README, as WebFetch tool calls (`[ROLE NAME]`-style placeholders filled).

upstream: https://github.com/cujanovic/SSRF-Testing cloud-metadata.txt, README.md, commit
c26c3df20bcb3d2ecfbe22cdf7ae8f4ff7bc0284. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_h3.fetch_row`, the rule's decision for `curl URL` (credential/token/identity paths
of a metadata address deny, other metadata fetches ask); URLs it does not decide are dropped.
"""

import re

from _common import blob_url, head, show
from _h3 import fetch_row

SOURCE = "ssrf-testing"
REPO = "cujanovic/SSRF-Testing"
SIDE = "dangerous"
URL = re.compile(r"https?://[^\s\"'`<>)]+")


def rows():
    commit = head(REPO)
    for path in ("cloud-metadata.txt", "README.md"):
        for n, line in enumerate(show(REPO, path).split("\n"), 1):
            for u in URL.findall(line.replace("[ROLE NAME]", "ec2-app-role").replace("[ID]", "0")):
                u = u.rstrip(".,;]")
                if "[" in u or "<" in u:
                    continue
                r = fetch_row(SOURCE, u, blob_url(REPO, commit, path, n))
                if r:
                    yield r
