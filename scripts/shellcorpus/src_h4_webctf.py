"""w181496/Web-CTF-Cheatsheet: a web CTF cheat sheet (web shells, command injection, reverse
shells, file reads).

upstream: https://github.com/w181496/Web-CTF-Cheatsheet `README.md`. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger

SOURCE = "web-ctf-cheatsheet"
REPO = "w181496/Web-CTF-Cheatsheet"
SIDE = "dangerous"


def rows():
    yield from md_danger(SOURCE, REPO, ["README.md"])
