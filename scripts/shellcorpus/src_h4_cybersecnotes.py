"""0xSz3th/CybersecNotes: a pentest gitbook (Linux attacks and persistence, command and control,
network services, general notes; the Windows, web and wireless parts and the one privilege
escalation page that points to an off-limits reference are left out).

upstream: https://github.com/0xSz3th/CybersecNotes `**/*.md`. Licence: none stated.
(used for evaluation only; nothing of it is committed).
labelling: `_mdsheet` fenced-block lines; only lines `_label.label` decides are kept (held-out set 4).
"""

from _h4 import md_danger, md_paths

SOURCE = "cybersec-notes"
REPO = "0xSz3th/CybersecNotes"
SIDE = "dangerous"
PARTS = ("ataques-en-entornos-linux/", "command-and-and-control/", "general/", "network-services/")


def rows():
    paths = [p for p in md_paths(REPO) if p.startswith(PARTS) and "privilege-escalation-in-progress" not in p]
    yield from md_danger(SOURCE, REPO, paths)
