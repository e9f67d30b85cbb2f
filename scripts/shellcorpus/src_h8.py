"""Held-out set 8 (`build.py --set heldout8`, 2026-12-05): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7`. Used for evaluation only;
nothing of these repositories is committed. Labels come from `_label.label` with its
`outside-write` rule on (as sets 5-7). Every repository was searched (`git grep`) for the names
of the off-limits sources before use; pages or files that name one are left out unread (`SKIP`),
and a repository that bundles another project's scripts that name one is not used
(Adamkadaban/CTFs, whose box folders hold copies of an enumeration script that names one;
yassinebk/ctf-writeups, whose challenge folders bundle vendor code that names one;
xukang0/OSCP-Main-Notes, which bundles another project's checklist that names one).

Dangerous sources (fenced-block lines of markdown, `_h4.md_danger`, or YAML command fields,
`_h4.yaml_danger`; only lines the rule decides):

| source | upstream | licence |
|---|---|---|
| pentest-everything | The-Viper-One/Pentest-Everything `**/*.md` (pentest notes and box write-ups) | none stated |
| redteam-notes-x7 | Red-Team-X7/redteam-notes `**/*.md` (Kali, HTB academy and box notes) | none stated |
| redteam-kb | watson0x90/redteam-kb `**/*.md` (red-team knowledge base) | none stated |
| redteam-attack-library | OmarVillaWolf/RedTeam-Attack-Library `**/*.md` (red-team notes, Spanish and English) | none stated |
| ctf-wiki-zh | KevinLee1231/ctf-wiki `**/*.md` (CTF and pentest write-ups, Chinese) | none stated |
| micro8-zh | Micropoor/Micro8 `**/*.md` (penetration-testing course, Chinese) | none stated |
| ctf-writeups-sh | shiltemann/CTF-writeups-public `**/*.md` (CTF write-ups) | none stated |
| sec-pentesting-toolkit | autistic-symposium/sec-pentesting-toolkit `**/*.md` (pentest and CTF notes) | MIT |
| red-team-research | zghariissac-pentest/red-team-research- `**/*.md` (red-team research notes) | none stated |
| pentestpop-notes | pentestpop/notes `**/*.md` (OSCP notes), Hacking-Notes/RedTeam `**/*.md` | none stated |
| pentest-tools-zh | Al1ex/Pentest-tools `**/*.md` (pentest notes, Chinese) | none stated |
| linux-policy | lfit/itpol `*.md` (Linux workstation security policy: what it forbids) | CC BY-SA 4.0 |
| ctf-writeups-ah | ahornyai/ctf_writeups, benhunter/ctf `**/*.md` (CTF write-ups) | none stated |
| pentest-writeups-ak | Ankur-Pentester/Writeups `**/*.md` (box and bug-bounty write-ups) | none stated |
| hacking-tools-notes | pentesterhubcommunity/Hacking_Tools `**/*.md` (tool notes) | none stated |
| pentest-notes-mw | mrwan-pentest/Penetration-Testing- `**/*.md` (eJPT and CTF notes) | none stated |
| oscp-notas-es | santiagosj/Notas-OSCP, Polika4R/Camino-a-la-OSCP-CPTS `**/*.md` (OSCP/CPTS notes and box write-ups, Spanish) | none stated |
| oscp-notes-tc | tedchen0001/OSCP-Notes `**/*.md` (OSCP notes and write-ups) | none stated |
| cloud-remediation | aquasecurity/cloud-security-remediation-guides `**/*.md` (cloud misconfiguration remediation playbooks) | none stated |
| ansible-hardening | openstack/ansible-hardening `shell`/`command`/`cmd` fields of `**/*.yml` | Apache-2.0 |

Benign sources: `h8-dotfiles` (lewagon/dotfiles MIT, weikinhuang/dotfiles MIT, read as
`src_h3_dotfiles`), `mac-dev-setup` (nicolashery/mac-dev-setup README, shell blocks by content) and
the main set's five extractors over `_devrepos8` (`h8-gh-workflows`, `h8-package-scripts`,
`h8-makefiles`, `h8-readme-commands`, `h8-project-scripts`). Benign lines pass `_h4.filtered`.
"""

from _h4 import filtered, md_benign, md_danger, yaml_danger

import hashlib
import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos8 import available
from src_h7 import Spec, ls

# pages that name an off-limits source (found by `git grep` of the names, not read)
_WU = "writeups/"
# Files whose very names name an off-limits source, by the sha256 of their path (so the names
# are not written here); left out like the SKIP lists.
SKIP_HASHED = {
    "Red-Team-X7/redteam-notes": ("4340a29d7aab6dc38e62f4601f8dc577ecc608dddd552bb258c39faef22605e7",),
    "OmarVillaWolf/RedTeam-Attack-Library": ("75704aba1ac86cbb891730a568f7cdddb460f7ef1dff06c5dac880e604d72cde",),
}

SKIP = {
    "The-Viper-One/Pentest-Everything": (
        "SUMMARY.md", "everything/everything-linux/linux-privilege-escalation-techniques.md",
        _WU + "cyberseclabs/linux/shock.md", _WU + "hackthebox/linux/armageddon.md",
        _WU + "hackthebox/linux/curling.md", _WU + "hackthebox/linux/knife.md", _WU + "hackthebox/linux/lame.md",
        _WU + "hackthebox/linux/openadmin.md", _WU + "hackthebox/linux/traceback.md",
        _WU + "pg-play-or-vulnhub/linux/bbscute.md", _WU + "pg-play-or-vulnhub/linux/bossplayersctf.md",
        _WU + "pg-play-or-vulnhub/linux/geisha.md", _WU + "pg-play-or-vulnhub/linux/noname.md",
        _WU + "pg-play-or-vulnhub/linux/onsystemshelldredd.md", _WU + "pg-play-or-vulnhub/linux/photographer.md",
        _WU + "pg-practice/linux/nibbles.md", _WU + "pg-practice/linux/peppo.md",
        _WU + "pg-practice/linux/postfish.md", _WU + "pg-practice/linux/pwned1.md",
        _WU + "pg-practice/linux/quackerjack.md", _WU + "pg-practice/linux/sorcerer.md",
        _WU + "tryhackme/linux/chill-hack.md", _WU + "tryhackme/linux/colddbox.md",
        _WU + "tryhackme/linux/gallery.md", _WU + "tryhackme/linux/marketplace.md",
        _WU + "tryhackme/linux/plotted-tms.md", _WU + "tryhackme/linux/tech_supp0rt-1.md",
        _WU + "tryhackme/linux/tomghost.md", _WU + "tryhackme/linux/undiscovered.md",
    ),
    "Red-Team-X7/redteam-notes": (
        "00 KALI/Post Exploitation.md",
        "01 HTB/Academy/01. Pre-Engagement/02. Linux Fundamentals/Linux Fundamentals.md",
        "01 HTB/Academy/01. Pre-Engagement/09. Getting Started/Getting Started.md",
        "01 HTB/Machines/openadmin.md", "01 HTB/Pro Labs/dante.md", "03 TOOLS & UTILITIES/chmod chown.md",
        "03 TOOLS & UTILITIES/ifconfig.md",
        "03 TOOLS & UTILITIES/nano.md",
    ),
    "watson0x90/redteam-kb": ("05-privilege-escalation/linux-privesc.md",),
    "OmarVillaWolf/RedTeam-Attack-Library": (
        "13 Wifi Pentesting/Wifi - WPA-WPA2/1. WPA-WPA2/10 Cracking.md",
        "13 Wifi Pentesting/Wifi - WPA-WPA2/1. WPA-WPA2/11 Rainbow table.md",
        "4 PrivEsc Lin & Win/2 Linux/2 Escalation/2 Sudoers.md",
        "4 PrivEsc Lin & Win/2 Linux/2 Escalation/3 SUID.md",
        "4 PrivEsc Lin & Win/2 Linux/2 Escalation/8 Capabilities.md",
    ),
    "KevinLee1231/ctf-wiki": (
        "raw/pentest/HGAME2024-Reverse-and-Escalation-II-wp.md", "raw/pentest/linux-privesc.md",
        "raw/pentest/pentest-attack-chains-and-tunneling.md", "raw/web/0xGame2024-week1-ez-rce-wp.md",
        "raw/web/0xGame2024-week2-hello-shell-wp.md", "wiki/linux-privesc.md",
    ),
    "zghariissac-pentest/red-team-research-": ("privesc/linux-privesc-practical.md",),
    "mrwan-pentest/Penetration-Testing-": (
        "CTFs/BountyHacker.md", "CTFs/Brooklyn Nine Nine (easy).md", "CTFs/DC-6 (vulnhub) important (WordPress).md",
        "CTFs/Gallery.md", "CTFs/Linux Privilege Escalation.md", "CTFs/RootMe (Important).md",
        "CTFs/Simple CTF (Important).md", "CTFs/Vulnversity.md", "CTFs/Wgle.md",
        "Certifications/eJPT Certification/Host & Network Penetration Testing/Exploitation/CTFs/Exploitation CTF 3.md",
        "Certifications/eJPT Certification/Host & Network Penetration Testing/Post-Exploitation/Linux/PrivEsc/"
        "SUDO Privileges.md",
    ),
    "santiagosj/Notas-OSCP": ("HTB/Linux/2026-03-06_Facts.md", "OSCP/CheatSheet/2025-06-03_Cron-Jobs.md"),
    "Polika4R/Camino-a-la-OSCP-CPTS": ("LABS/EASY - CozyHosting/EASY - CozyHosting.md",),
    "tedchen0001/OSCP-Notes": ("HTB_Writeups/README.md", "Proving_Grounds_Writeups/Postfish.md",
                               "Proving_Grounds_Writeups/Quackerjack.md", "Proving_Grounds_Writeups/Socerer.md"),
    # hits in shiltemann/CTF-writeups-public and autistic-symposium/sec-pentesting-toolkit are in
    # challenge data and word lists (not markdown), which are never read
}


def _md(repo):
    skip = set(SKIP.get(repo, ()))
    hashed = set(SKIP_HASHED.get(repo, ()))
    return [
        p for p in ls(repo)
        if p.lower().endswith((".md", ".markdown")) and p not in skip
        and hashlib.sha256(p.encode()).hexdigest() not in hashed
    ]


def _md_source(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, _md(repo))
    return rows


def _ansible_hardening():
    repo = "openstack/ansible-hardening"
    yield from yaml_danger("ansible-hardening", repo, [p for p in ls(repo) if p.endswith((".yml", ".yaml"))],
                           ("shell", "command", "cmd"))


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h8-dotfiles", ["lewagon/dotfiles", "weikinhuang/dotfiles"]))


def _mac_dev_setup():
    repo = "nicolashery/mac-dev-setup"
    yield from filtered(md_benign("mac-dev-setup", repo, [p for p in ls(repo) if p.lower().endswith(".md")],
                                  "readme"))


DANGER_MD = [
    ("pentest-everything", ["The-Viper-One/Pentest-Everything"]),
    ("redteam-notes-x7", ["Red-Team-X7/redteam-notes"]),
    ("redteam-kb", ["watson0x90/redteam-kb"]),
    ("redteam-attack-library", ["OmarVillaWolf/RedTeam-Attack-Library"]),
    ("ctf-wiki-zh", ["KevinLee1231/ctf-wiki"]),
    ("micro8-zh", ["Micropoor/Micro8"]),
    ("ctf-writeups-sh", ["shiltemann/CTF-writeups-public"]),
    ("sec-pentesting-toolkit", ["autistic-symposium/sec-pentesting-toolkit"]),
    ("red-team-research", ["zghariissac-pentest/red-team-research-"]),
    ("pentestpop-notes", ["pentestpop/notes", "Hacking-Notes/RedTeam"]),
    ("pentest-tools-zh", ["Al1ex/Pentest-tools"]),
    ("linux-policy", ["lfit/itpol"]),
    ("ctf-writeups-ah", ["ahornyai/ctf_writeups", "benhunter/ctf"]),
    ("pentest-writeups-ak", ["Ankur-Pentester/Writeups"]),
    ("hacking-tools-notes", ["pentesterhubcommunity/Hacking_Tools"]),
    ("pentest-notes-mw", ["mrwan-pentest/Penetration-Testing-"]),
    ("oscp-notas-es", ["santiagosj/Notas-OSCP", "Polika4R/Camino-a-la-OSCP-CPTS"]),
    ("oscp-notes-tc", ["tedchen0001/OSCP-Notes"]),
    ("cloud-remediation", ["aquasecurity/cloud-security-remediation-guides"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any
# hookward run, as in sets 2-7): micro8-zh 0 (its lessons are PDFs), ctf-writeups-sh 1,
# red-team-research 0, pentestpop-notes 0, pentest-tools-zh 0, linux-policy 0, ansible-hardening 0,
# ctf-writeups-ah 0, pentest-writeups-ak 2, hacking-tools-notes 0, cloud-remediation 0 (its fixes are
# console steps above all).
LEFT_OUT = {"micro8-zh", "ctf-writeups-sh", "red-team-research", "pentestpop-notes", "pentest-tools-zh",
            "linux-policy", "ansible-hardening", "ctf-writeups-ah", "pentest-writeups-ak", "hacking-tools-notes",
            "cloud-remediation"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("ansible-hardening", "dangerous", ["openstack/ansible-hardening"], _ansible_hardening),
    Spec("h8-dotfiles", "benign", ["lewagon/dotfiles", "weikinhuang/dotfiles"], _dotfiles),
    Spec("mac-dev-setup", "benign", ["nicolashery/mac-dev-setup"], _mac_dev_setup),
    Spec("h8-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h8-gh-workflows"))),
    Spec("h8-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h8-package-scripts"))),
    Spec("h8-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h8-makefiles"))),
    Spec("h8-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h8-readme-commands"))),
    Spec("h8-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h8-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
