"""imthenachoman/How-To-Secure-A-Linux-Server: a hardening guide (its commands touch sudoers, sshd, firewall, cron, logs).

upstream: https://github.com/imthenachoman/How-To-Secure-A-Linux-Server `README.md`, commit 5abb8c77cf0bded508ca3a31a3de579563db891f. Licence: CC BY-SA 4.0.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines (the guide is taken for the lines the rule calls dangerous only); only lines `_label.label` decides are kept (held-out set 3).
"""

from _common import head, ls
from _mdsheet import sheet_rows, LANGS

SOURCE = "secure-linux-server"
REPO = "imthenachoman/How-To-Secure-A-Linux-Server"
SIDE = "dangerous"


def rows():
    paths = [p for p in ls(REPO) if p.endswith(".md")]
    yield from sheet_rows(SOURCE, REPO, head(REPO), paths, LANGS | {"rst"})
