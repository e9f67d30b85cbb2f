"""Held-out set 5: shell guides and devops walk-throughs in markdown, one benign source each
(`SOURCES`), read by `_h4.md_benign`. Licences: MIT (Idnan/bash-guide), none stated
(ibraheemdev/modern-unix), CC BY-NC-SA 4.0 (kelseyhightower/kubernetes-the-hard-way).
(used for evaluation only; nothing of them is committed).

upstream: https://github.com/Idnan/bash-guide `README.md`,
https://github.com/ibraheemdev/modern-unix `README.md`,
https://github.com/kelseyhightower/kubernetes-the-hard-way `docs/*.md` (a cluster built by hand:
many writes to `/etc`, `/usr/local/bin` and `/var/lib` of the machines, labelled `outside-write`).
labelling (lines filtered by `_h4.filtered`): `benign_row` (category `readme-command`).
"""

from _common import ls
from _h4 import filtered, md_benign

SIDE = "benign"
SOURCES = {
    "bash-guide": "Idnan/bash-guide",
    "modern-unix": "ibraheemdev/modern-unix",
    "k8s-hard-way": "kelseyhightower/kubernetes-the-hard-way",
}


def rows_of(source):
    repo = SOURCES[source]
    paths = [p for p in ls(repo) if p.endswith(".md") and p not in ("CONTRIBUTING.md", "COPYRIGHT.md", "LICENSE.md")]
    yield from filtered(md_benign(source, repo, paths, "readme-command"))
