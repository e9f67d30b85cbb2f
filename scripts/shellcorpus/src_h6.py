"""Held-out set 6 (`build.py --set heldout6`, 2026-12-05): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor). Used for evaluation only; nothing of
these repositories is committed. Labels come from `_label.label` with its `outside-write` rule on
(as set 5). Every repository was searched (`git grep`) for the names of the off-limits sources
before use; pages or files that name one are left out unread (listed in `SKIP`).

Dangerous sources (fenced-block lines of markdown, `_h4.md_danger`; only lines the rule decides):

| source | upstream | licence |
|---|---|---|
| infosec-notes | Qazeer/InfoSec-Notes `**/*.md` (pentest and DFIR notes: Linux, cloud, AD) | none stated |
| ctf-notes-ja | 0x5acada1/0x5acada1.github.io `**/*.md` (CTF cheat-sheet posts, Japanese) | none stated |
| adversary-emulation | center-for-threat-informed-defense/adversary_emulation_library `**/*.md`, and the `command` fields of its `*.yml` plans | Apache-2.0 |
| twiki-cloud | teamssix/twiki `**/*.md` (cloud attack and defence wiki, Chinese) | CC BY-NC 4.0 |
| ctf-all-in-one | firmianay/CTF-All-In-One `**/*.md` (CTF book, Chinese) | CC BY-SA 4.0 |
| pentest-notes-sh | SofianeHamlaoui/Pentest-Notes `**/*.md` | none stated |
| k8s-simulator | controlplaneio/simulator `**/*.md` (Kubernetes attack scenarios) | Apache-2.0 |
| privesc-notes-zh | V4n0m/find `README.md` (Linux privilege-escalation notes, Chinese) | none stated |

Benign sources: `h6-dotfiles` (skwp/dotfiles BSD-2-Clause, gf3/dotfiles MIT, ryanb/dotfiles MIT, read
as `src_h3_dotfiles`), `awesome-compose` (docker/awesome-compose READMEs, CC0-1.0, shell blocks by
content) and the main set's five extractors over `_devrepos6` (`h6-gh-workflows`, `h6-package-scripts`,
`h6-makefiles`, `h6-readme-commands`, `h6-project-scripts`). Benign lines pass `_h4.filtered`.
"""

from _common import ls
from _h4 import filtered, md_benign, md_danger, yaml_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos6 import available

# pages that name an off-limits source (found by `git grep` of the names, not read)
SKIP = {
    "Qazeer/InfoSec-Notes": ("Linux/Local_privilege_escalation.md",),
}


def _md(repo):
    skip = SKIP.get(repo, ())
    return [p for p in ls(repo) if p.lower().endswith((".md", ".markdown")) and p not in skip]


def _md_source(source, repo):
    return lambda: md_danger(source, repo, _md(repo))


def _ctid():
    repo = "center-for-threat-informed-defense/adversary_emulation_library"
    yield from md_danger("adversary-emulation", repo, _md(repo))
    yield from yaml_danger("adversary-emulation", repo,
                           [p for p in ls(repo) if p.endswith((".yml", ".yaml"))], ("command",))


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h6-dotfiles", ["skwp/dotfiles", "gf3/dotfiles", "ryanb/dotfiles"]))


def _compose():
    repo = "docker/awesome-compose"
    yield from filtered(md_benign("awesome-compose", repo,
                                  [p for p in ls(repo) if p.endswith("README.md")], "readme"))


class Spec:
    """A module-like source entry for `build.py` (SOURCE, SIDE, REPO/REPOS, rows())."""

    def __init__(self, source, side, repos, rows):
        self.SOURCE, self.SIDE, self.REPOS = source, side, list(repos)
        self.REPO = self.REPOS[0] if len(self.REPOS) == 1 else None
        self._rows = rows

    def rows(self):
        yield from self._rows()


DANGER = [
    ("infosec-notes", "Qazeer/InfoSec-Notes"),
    ("ctf-notes-ja", "0x5acada1/0x5acada1.github.io"),
    ("twiki-cloud", "teamssix/twiki"),
    ("ctf-all-in-one", "firmianay/CTF-All-In-One"),
    ("pentest-notes-sh", "SofianeHamlaoui/Pentest-Notes"),
    ("k8s-simulator", "controlplaneio/simulator"),
    ("privesc-notes-zh", "V4n0m/find"),
]

SPECS = [Spec(s, "dangerous", [r], _md_source(s, r)) for s, r in DANGER[:2]] + [
    Spec("adversary-emulation", "dangerous", ["center-for-threat-informed-defense/adversary_emulation_library"], _ctid),
] + [Spec(s, "dangerous", [r], _md_source(s, r)) for s, r in DANGER[2:]] + [
    Spec("h6-dotfiles", "benign", ["skwp/dotfiles", "gf3/dotfiles", "ryanb/dotfiles"], _dotfiles),
    Spec("awesome-compose", "benign", ["docker/awesome-compose"], _compose),
    Spec("h6-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h6-gh-workflows"))),
    Spec("h6-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h6-package-scripts"))),
    Spec("h6-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h6-makefiles"))),
    Spec("h6-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h6-readme-commands"))),
    Spec("h6-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h6-project-scripts"))),
]
