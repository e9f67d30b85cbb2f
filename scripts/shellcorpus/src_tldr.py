"""tldr-pages: the example commands of the English common/, linux/ and osx/ pages, `{{…}}`
placeholders instantiated (paths → `notes.txt`/`build`, hosts → example.com, devices → /dev/sdb).

upstream: https://github.com/tldr-pages/tldr pages/{common,linux,osx}/*.md. Licence: CC BY 4.0.
labelling: by content (`benign_row`): `rm -rf /`, `dd of=/dev/…`, `mkfs` … examples get their
dangerous label; admin commands whose answer is unclear (sudo, mount, kill, …) are skipped;
everything else allow (category `tldr-<platform>`).
"""

import re

from _common import benign_row, blob_url, fill_tldr, head, ls, show

SOURCE = "tldr"
REPO = "tldr-pages/tldr"
SIDE = "benign"


def rows():
    commit = head(REPO)
    for plat in ("common", "linux", "osx"):
        for path in ls(REPO, "pages/" + plat):
            if not path.endswith(".md"):
                continue
            for n, line in enumerate(show(REPO, path).split("\n"), 1):
                m = re.match(r"^`(.+)`\s*$", line)
                if not m:
                    continue
                cmd = fill_tldr(m.group(1))
                r = benign_row(SOURCE, cmd, blob_url(REPO, commit, path, n), "tldr-" + plat)
                if r:
                    yield r
