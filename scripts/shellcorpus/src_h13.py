"""Held-out set 13 (`build.py --set heldout13`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` … `src_h12`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with
`outside-write` on (as sets 5-12), `_label.ONLY_COMMANDS` on (as sets 11-12: a line that `_iscmd` does
not take for a shell command line is no row), `_label.VOLUME_TOOLS` on (as set 12) and, new in this set,
`_label.SHELL_WORDS` on (comments are not commands, options are not programs, a container that mounts the
host is `ask privilege`). Every repository was searched (`git grep -Eil`, and its path names) for the
names of the off-limits sources before use; pages that name one are left out unread (`SKIP`, written by a
script from the grep's file names, never from the pages).

Sources, upstreams and licences: README.md, "Held-out set 13". Dangerous sources are the fenced-block
lines of markdown (`_h4.md_danger`; only lines the rule decides) and, for one post-exploitation script,
its lines (`_h4.script_danger`); benign sources are dotfiles (read as `src_h3_dotfiles`), shell blocks of
runbooks, course notes and guides (`_h3.md_benign_rows`), `$ `-prompted lines of an AsciiDoc book in three
languages, shell cells of Jupyter notebooks (`!cmd` lines and `%%bash` cells), and the main set's five
extractors plus contributor/install guides over `_devrepos13`. Benign lines pass `_h4.filtered`.
"""

import hashlib
import json
import re
import subprocess

from _common import benign_row, blob_url, head, show
from _h3 import md_benign_rows
from _h4 import filtered, md_danger, script_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos13 import available
from src_h7 import Spec, ls

# Pages that name an off-limits source (file names from `git grep -Eil`, never read).
SKIP = {
    '4nuit/Writeup': (
        '2023/Buckeyectf/misc/non_solved/just_hang_man/word-list.txt',
    ),
    'AidanFray/HackTheBox': (
        'MEDIUM/Jarvis/README.md',
        'MEDIUM/Lightweight/README.md',
        'MEDIUM/Mango/README.md',
    ),
    'Git-K3rnel/VulnHub': (
        'Challenges/BossPlayerCTF/README.md',
        'Challenges/Dina/README.md',
    ),
    'MCheshimian/vulnhub-wp': (
        'OSCP必刷靶场/单个靶机/靶机--devguru/devguru.md',
        'OSCP必刷靶场/单个靶机/靶机--doubletrouble/doubletrouble.md',
        'OSCP必刷靶场/单个靶机/靶机--mr-Robot/Mr-Robot.md',
        'OSCP必刷靶场/系列靶机/系列--DC/DC-1.md',
        'OSCP必刷靶场/系列靶机/系列--DC/DC-2.md',
        'OSCP必刷靶场/系列靶机/系列--DC/DC-6.md',
        'OSCP必刷靶场/系列靶机/系列--digitalworld.local/devt-improved.md',
        'OSCP必刷靶场/系列靶机/系列--digitalworld.local/joy.md',
        'OSCP必刷靶场/系列靶机/系列--digitalworld.local/torment.md',
        'OSCP必刷靶场/系列靶机/系列--kioptrix/kioptrix-5.md',
        '个人推荐靶机/系列--shenron/shenron-1.md',
        '个人推荐靶机/系列--shuriken/shuriken-1.md',
        '个人推荐靶机/系列--warzone/warzone-1.md',
        '个人推荐靶机/系列--warzone/warzone-2.md',
        '入门练习靶机/系列--corrosion/笔记2.md',
        '入门练习靶机/系列--hacksudo/hacksudo-1.md',
        '入门练习靶机/系列--hacksudo/hacksudo-aliens.md',
        '入门练习靶机/系列--hacksudo/hacksudo-fog.md',
        '入门练习靶机/系列--hacksudo/hacksudo-lpe-sudo.md',
        '入门练习靶机/系列--hacksudo/hacksudo-lpe-suid.md',
        '入门练习靶机/系列--hacksudo/hacksudo-search.md',
        '入门练习靶机/靶机--whowantstobeking/whowantstobeking-1.md',
        '进阶练习靶机/系列--DriftingBlues/DriftingBlues-2.md',
        '进阶练习靶机/系列--Hogwarts/hogwarts-bellatrix.md',
        '进阶练习靶机/系列--Hogwarts/hogwarts-dobby.md',
        '进阶练习靶机/系列--IA/IA-Nemesis.md',
        '进阶练习靶机/系列--IA/IA-Tornado.md',
    ),
    'Neved4/oscp-notes': (
        'root/doc/Topics/Linux/privesc/user/sudoers.md',
    ),
    'R-kill-9/Hacking-Notes': (
        'Privilege Escalation & Post-Explotation/File Transmission/Evading Detection During File Transfers.md',
        'Privilege Escalation & Post-Explotation/Linux/Techniques/Capabilities.md',
        'Privilege Escalation & Post-Explotation/Linux/Techniques/SUID Binaries.md',
        'Tools and Techniques/Useful Resources.md',
    ),
    'SlyJose/Hacking-Notes': (
        'cherry-tree/Linux Boxes Recon Sheet.ctb',
    ),
    'Waphyoo/hackthebox': (
        'CPTS/File Transfers/Detect or Be Detected.md',
        'CPTS/File Transfers/Living off The Land.md',
    ),
    'abrarzargai/oscp-cheatsheet': (
        'METHODOLOGY/Methodology.md',
        'PRIVESC/Linux/Permissions-based Privilege Escalation/Capabilities.md',
        'PRIVESC/Linux/Permissions-based Privilege Escalation/Special Permissions (SUID, SGID).md',
        'PRIVESC/Linux/Permissions-based Privilege Escalation/Sudo Rights Abuse.md',
        'PRIVESC/Linux/Service-based Privilege Escalation/Docker.md',
    ),
    'antzrm/hacking-notes': (
        'docs/AI/Prompt Injection.md',
        'docs/enumeration/web-pentesting/command-injection.md',
        'docs/enumeration/web-technologies/git.md',
        'docs/exploitation/shells.md',
        'docs/post-exploitation/linux/README.md',
        'docs/post-exploitation/linux/persistence.md',
        'docs/post-exploitation/linux/sudo-exploitation-and-cves.md',
        'docs/post-exploitation/linux/suid-groups-privesc.md',
    ),
    'darshannn10/HackTheBox': (
        'Active Boxes/Shoppy/Readme.md',
        'Linux Boxes/20. Jarvis/Readme.md',
        'Linux Boxes/3. Shocker/Readme.md',
        'Linux Boxes/Other Boxes/Knife/Readme.md',
    ),
    'diego95root/HackTheBox': (
        'Academy/README.md',
        'Academy/files/LinEnum.sh',
        'Academy/files/linpeas.sh',
        'Academy/files/notes.txt',
        'Admirer/files/LinEnum.sh',
        'Blunder/files/LinEnum.sh',
        'FriendZone/files/LinEnum.sh',
        'Help/files/LinEnum.sh',
        'Passage/files/LinEnum.sh',
        'Writeup/files/LinEnum.sh',
    ),
    'hemal-maniar/OSCP-prep-HackTheBox': (
        'Knife/04 - PrivEsc.md',
        'TartarSauce (Walkthrough)/04 - Switching User.md',
    ),
    'jaejun835/hacking-notes': (
        'EN/PNPT_EN/[2026-03-05_14:06] PNPT Privilege Escalation (PrivEsc) Cheat Sheet.md',
        'EN/Tryhackme challenge_EN/[2025-10-06_13:31] TryHackMe | Anonymous Challenge.md',
        'KR/PNPT_KR/[2026-03-05_14:06] PNPT 권한 상승(PrivEsc) 치트시트.md',
        'KR/Tryhackme challenge_KR/[2025-10-06_13:31] Tryhackme | Anonymous 챌린지.md',
    ),
    'r0o983/vulnhub_notes': (
        'BROKENGALLERY.md',
        'CK03.md',
    ),
    'smoothment/Hacking-Notes': (
        'CYBERSECURITY/Bug Bounty/Vulnerabilities/SERVER SIDE VULNERABILITIES/FILE INCLUSION VULNERABILITIES/LOCAL FILE INCLUSION (LFI).md',
        'CYBERSECURITY/Bug Bounty/Vulnerabilities/SERVER SIDE VULNERABILITIES/SERVER SIDE/SERVER SIDE TEMPLATE INJECTION (SSTI).md',
        'CYBERSECURITY/CTF/DOCKERLABS/0XC0FFEE.md',
        'CYBERSECURITY/CTF/DOCKERLABS/Candy.md',
        'CYBERSECURITY/CTF/DOCKERLABS/INCLUSION.md',
        'CYBERSECURITY/CTF/DOCKERLABS/MASTER.md',
        'CYBERSECURITY/CTF/DOCKERLABS/PEQUEÑAS MENTIROSAS.md',
        'CYBERSECURITY/CTF/DOCKERLABS/STRANGE.md',
        'CYBERSECURITY/CTF/HACKTHEBOX/CAP.md',
        'CYBERSECURITY/CTF/HACKTHEBOX/LAME.md',
        'CYBERSECURITY/CTF/HACKTHEBOX/STRUTTED.md',
        'CYBERSECURITY/CTF/TRYHACKME/AIRPLANE.md',
        'CYBERSECURITY/CTF/TRYHACKME/ANONYMOUS.md',
        'CYBERSECURITY/CTF/TRYHACKME/BRAINPAN 1.md',
        'CYBERSECURITY/CTF/TRYHACKME/CHOCOLATE FACTORY.md',
        'CYBERSECURITY/CTF/TRYHACKME/DAILY BUGLE.md',
        'CYBERSECURITY/CTF/TRYHACKME/DOGCAT.md',
        'CYBERSECURITY/CTF/TRYHACKME/GALLERY.md',
        'CYBERSECURITY/CTF/TRYHACKME/LOOKUP.md',
        "CYBERSECURITY/CTF/TRYHACKME/MADEYE'S CASTLE.md",
        'CYBERSECURITY/CTF/TRYHACKME/ROBOTS.md',
        'CYBERSECURITY/CTF/TRYHACKME/SAFEZONE.md',
        'CYBERSECURITY/CTF/TRYHACKME/TECH_SUPPORT 1.md',
        'CYBERSECURITY/CTF/TRYHACKME/THE MARKETPLACE.md',
        'CYBERSECURITY/CTF/TRYHACKME/TOMGHOST.md',
        'CYBERSECURITY/LINUX/LINUX PRIVILEGE ESCALATION/BASIC PRIVESC IN LINUX.md',
        'CYBERSECURITY/LINUX/LINUX PRIVILEGE ESCALATION/TRYHACKME EXPLANATION.md',
    ),
    'vSalazarZ/Hacking-Notes': (
        'Pico CTF/General Skills/01-Permissions.md',
    ),
    'vidura-supun/OSCP-Notes': (
        'OSCP/Network/SOcat.md',
        'OSCP/Privilege Escalation/Linux/1. Linux PrivEsc  Recon.md',
        'OSCP/Privilege Escalation/Linux/SUDO Abuse And Breaking Out.md',
    ),
    'xRabbitHole/Hackthebox-OSCP-Prepartion': (
        'CTF/Cozyhosting.md',
        'CTF/Openadmin.md',
        'CTF/Sau.md',
    ),
    'y3rb1t4/redteam-notes': (
        'docs/CTF/HackTheBox/machines/easy/openadmin.md',
        'docs/Tutorials/system/bin.md',
    ),
}
# Pages whose path itself holds an off-limits name: by the sha256 of the path (as src_h12.py).
SKIP_HASHED = {
    'Neved4/oscp-notes': (
        'a5e66e027ebb9795ca56a6a44032bc5bdc9f854467a3346dceea4958a9c72518',
    ),
}


_LANGS = ("", "sh", "bash", "shell", "console", "zsh", "shell-session")


def _skipped(repo, p):
    return p in SKIP.get(repo, ()) or hashlib.sha256(p.encode()).hexdigest() in SKIP_HASHED.get(repo, ())


def _md(repo, under=""):
    return [p for p in ls(repo)
            if p.startswith(under) and p.lower().endswith((".md", ".markdown")) and not _skipped(repo, p)]


def _md_source(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, _md(repo))
    return rows


def _script_source(source, repo):
    """Dangerous rows of a repository's shell scripts (`_h4.script_danger`) and markdown blocks."""
    def rows():
        yield from script_danger(source, repo, [p for p in ls(repo) if p.endswith((".sh", ".bash")) and not _skipped(repo, p)])
        yield from md_danger(source, repo, _md(repo))
    return rows


def _md_benign(source, repos, category, under="", prompted_only=False):
    """Benign rows of the shell blocks of `repos`' markdown pages (below `under`)."""
    def rows():
        for repo in repos:
            yield from filtered(md_benign_rows(source, repo, head(repo), _md(repo, under), category,
                                               langs=_LANGS, prompted_only=prompted_only))
    return rows


_ADOC_DELIM = re.compile(r"^(?:----|\.\.\.\.)\s*$")


def _adoc_prompted(source, repos, category):
    """Benign rows of AsciiDoc books: `$ `-prompted lines inside `----` / `....` listing blocks of `*.asc`
    files (the lines without a prompt in those blocks are the commands' output)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith(".asc"):
                    continue
                inside = False
                for n, line in enumerate(show(repo, path).split("\n"), 1):
                    if _ADOC_DELIM.match(line):
                        inside = not inside
                        continue
                    if inside and line.startswith("$ "):
                        cmd = re.sub(r"\s{2,}#.*$", "", line[2:]).strip()
                        if cmd and not cmd.endswith("\\"):
                            r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
                            if r:
                                yield r
    return lambda: filtered(rows())


def _notebook_cells(source, repos, category):
    """Benign rows of Jupyter notebooks' shell cells: `!cmd` lines of code cells and every line of a
    `%%bash` / `%%sh` cell (one logical line each; `\\`-continued lines are joined)."""
    def rows():
        for repo in repos:
            commit = head(repo)
            for path in ls(repo):
                if not path.endswith(".ipynb"):
                    continue
                try:
                    nb = json.loads(show(repo, path))
                except (ValueError, subprocess.CalledProcessError):  # not JSON, or absent from the snapshot (≥ 4 MiB)
                    continue
                for cell in nb.get("cells", []):
                    if cell.get("cell_type") != "code":
                        continue
                    src = cell.get("source", "")
                    lines = "".join(src).split("\n") if isinstance(src, list) else src.split("\n")
                    bash = bool(lines) and re.match(r"^%%(?:bash|sh)\b", lines[0].strip())
                    buf = ""
                    for line in (lines[1:] if bash else lines):
                        s = line.strip()
                        if not bash:
                            if not s.startswith("!"):
                                continue
                            s = s[1:].strip()
                        if s.endswith("\\"):
                            buf += s[:-1] + " "
                            continue
                        cmd, buf = (buf + s).strip(), ""
                        if not cmd or cmd.startswith("#") or "{" in cmd and "}" in cmd and "$" not in cmd:
                            continue
                        r = benign_row(source, cmd, blob_url(repo, commit, path), category)
                        if r:
                            yield r
    return lambda: filtered(rows())


_GUIDE = re.compile(r"(?i)(?:^|/)(?:contributing|install(?:ing|ation)?|building|build|development|getting[-_]started|"
                    r"quick[-_]?start|setup)[^/]*\.md$")


def _guides(source, repos):
    """Benign rows of contributor and install guides (`CONTRIBUTING*.md`, `INSTALL*.md`, `BUILDING.md`,
    `docs/**/getting-started*.md`, …) of the developer repositories; READMEs are `readme-commands`."""
    def rows():
        for repo in repos:
            paths = [p for p in ls(repo) if _GUIDE.search(p) and "node_modules" not in p and "/vendor/" not in p]
            yield from filtered(md_benign_rows(source, repo, head(repo), paths, "guide", langs=_LANGS))
    return rows


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h13-dotfiles", DOTFILES))


DOTFILES = ["connorads/dotfiles", "oncomouse/dotfiles", "fbosch/dotfiles"]
PROGIT = ["progit/progit2-ja", "progit/progit2-zh", "progit/progit2-de"]

DANGER_MD = [
    ("vulnhub-wt-gk", ["Git-K3rnel/VulnHub"]),
    ("vulnhub-wp-zh", ["MCheshimian/vulnhub-wp"]),
    ("vulnhub-wt-lg", ["leegengyu/vulnhub-box-walkthrough"]),
    ("vulnhub-wt-tp", ["toweringpillow/VulnHub"]),
    ("vulnhub-notes-zh", ["r0o983/vulnhub_notes"]),
    ("oscp-notes-nv", ["Neved4/oscp-notes"]),
    ("oscp-cheat-mk", ["m1kar0/OSCP_CheatSheets"]),
    ("oscp-notes-vs", ["vidura-supun/OSCP-Notes"]),
    ("oscp-cheat-az", ["abrarzargai/oscp-cheatsheet"]),
    ("ctf-writeups-4n", ["4nuit/Writeup"]),
    ("ctf-writeups-zh", ["cmacckk/CTFWriteUp"]),
    ("sec-writeups-sn", ["stacknil/sec-writeups-public"]),
    ("k8s-attack-csec", ["AdminTurnedDevOps/csec_prod_examples"]),
    ("k8s-attack-kubearmor", ["udit-uniyal/killercoda-kubearmor"]),
    ("cloud-notes-dp", ["D0tP1r4t3/dotpiratesblog"]),
    ("forensics-imaging-aj", ["ArronJablonowski/ForensicsImaging.md"]),
    ("htb-writeups-dn", ["darshannn10/HackTheBox"]),
    ("htb-writeups-th", ["Waphyoo/hackthebox"]),
    ("htb-writeups-af", ["AidanFray/HackTheBox"]),
    ("htb-oscp-prep-rh", ["xRabbitHole/Hackthebox-OSCP-Prepartion"]),
    ("htb-writeups-he", ["HippoEug/HackTheBox"]),
    ("htb-forensics-fk", ["forensicskween/hackthebox-writeups"]),
    ("redteam-notes-vn", ["luckystars0612/Redteam-Notes"]),
    ("redteam-notes-yb", ["y3rb1t4/redteam-notes"]),
    ("redteam-notes-ta", ["TrangTuanAnh/redteam-notes"]),
    ("htb-oscp-prep-hm", ["hemal-maniar/OSCP-prep-HackTheBox"]),
    ("htb-writeups-dr", ["diego95root/HackTheBox"]),
    ("htb-notes-lz", ["Lazarus2898/HackTheBoxNotes"]),
    ("ir-notes-ty", ["tymyrddin/blue-dfir"]),
    ("forensics-notes-kb", ["kroboga/security_notebook"]),
    ("k8s-goat-es", ["mario21ic/aws-kubernetes-goat-guardduty"]),
    ("hacking-notes-rk", ["R-kill-9/Hacking-Notes"]),
    ("hacking-notes-sj", ["SlyJose/Hacking-Notes"]),
    ("hacking-notes-vs", ["vSalazarZ/Hacking-Notes"]),
    ("hacking-notes-az", ["antzrm/hacking-notes"]),
    ("hacking-notes-kr", ["jaejun835/hacking-notes"]),
    ("hacking-notes-sm", ["smoothment/Hacking-Notes"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any hookward
# run on a build with every source in, as in sets 2-12): ctf-writeups-4n 1 (5 rows, 4 `outside-write`),
# ctf-writeups-zh 4, forensics-imaging-aj 2, forensics-notes-kb 0, htb-forensics-fk 0, htb-notes-lz 1,
# htb-oscp-prep-hm 4, htb-writeups-af 1, htb-writeups-dr 3, htb-writeups-he 1, ir-notes-ty 1,
# k8s-attack-csec 0, k8s-attack-kubearmor 2, k8s-goat-es 0, oscp-cheat-mk 3, postex-script-ev 1,
# redteam-notes-ta 0 (3 rows, all `outside-write`), redteam-notes-vn 0, redteam-notes-yb 2, sec-writeups-sn 1,
# vulnhub-wt-lg 0, vulnhub-wt-tp 0, hacking-notes-sj 2, hacking-notes-vs 1. Their mirrors were removed after counting (disk), except the small ones.
# Not fetched ("no snapshot can be had"): arshdeepromy/vulnhub, Remy-Miquel/linux-privesc-notes,
# RahmatHadinata23758051/Writeup, kr3s4l4/Writeups, VrootV999/Hacking-Notes; over the mirror size limit:
# Marcejr117/Hacking-Notes-Writeups, nestjs/nest (benign).
# Benign, left out on counts: h13-package-scripts (3 rows: the developer repositories have few
# package.json scripts). Fetched and not used: sebastienrousseau/dotfiles (6,733 of a trial build's 7,681
# dotfiles rows came from its test harness, not from shell configuration; replaced by fbosch/dotfiles before
# the set was built), PrefectHQ/prefect and DataTalksClub/mlops-zoomcamp (removed unread for disk).
LEFT_OUT = {"ctf-writeups-4n", "ctf-writeups-zh", "forensics-imaging-aj", "forensics-notes-kb", "htb-forensics-fk",
            "htb-notes-lz", "htb-oscp-prep-hm", "htb-writeups-af", "htb-writeups-dr", "htb-writeups-he", "ir-notes-ty",
            "k8s-attack-csec", "k8s-attack-kubearmor", "k8s-goat-es", "oscp-cheat-mk", "postex-script-ev",
            "redteam-notes-ta", "redteam-notes-vn", "redteam-notes-yb", "sec-writeups-sn", "vulnhub-wt-lg",
            "vulnhub-wt-tp", "hacking-notes-sj", "hacking-notes-vs", "h13-package-scripts"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("postex-script-ev", "dangerous", ["emilva/triggered"], _script_source("postex-script-ev", "emilva/triggered")),
    Spec("h13-dotfiles", "benign", DOTFILES, _dotfiles),
    Spec("h13-openshift-runbooks", "benign", ["openshift/runbooks"],
         _md_benign("h13-openshift-runbooks", ["openshift/runbooks"], "runbook")),
    Spec("h13-prom-runbooks", "benign", ["prometheus-operator/runbooks"],
         _md_benign("h13-prom-runbooks", ["prometheus-operator/runbooks"], "runbook")),
    Spec("h13-cka-exercises", "benign", ["alijahnas/CKA-practice-exercises"],
         _md_benign("h13-cka-exercises", ["alijahnas/CKA-practice-exercises"], "runbook")),
    Spec("h13-ckad-crash-course", "benign", ["bmuschko/ckad-crash-course"],
         _md_benign("h13-ckad-crash-course", ["bmuschko/ckad-crash-course"], "runbook")),
    Spec("h13-de-zoomcamp", "benign", ["DataTalksClub/data-engineering-zoomcamp"],
         _md_benign("h13-de-zoomcamp", ["DataTalksClub/data-engineering-zoomcamp"], "guide")),
    Spec("h13-de-notebooks", "benign", ["DataTalksClub/data-engineering-zoomcamp"],
         _notebook_cells("h13-de-notebooks", ["DataTalksClub/data-engineering-zoomcamp"], "notebook")),
    Spec("h13-progit-ml", "benign", PROGIT, _adoc_prompted("h13-progit-ml", PROGIT, "guide")),
    Spec("h13-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h13-gh-workflows"))),
    Spec("h13-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h13-package-scripts"))),
    Spec("h13-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h13-makefiles"))),
    Spec("h13-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h13-readme-commands"))),
    Spec("h13-contrib-guides", "benign", available(), _guides("h13-contrib-guides", available())),
    Spec("h13-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h13-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
