"""Held-out set 11 (`build.py --set heldout11`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` … `src_h10`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with
its `outside-write` rule on (as sets 5-10) and, new in this set, `_label.ONLY_COMMANDS` on: a line
that `_iscmd` does not take for a shell command line is no row (counted per source and reason in
MANIFEST.json). Every repository was searched (`git grep -Ei`) for the names of the off-limits
sources before use; pages that name one are left out unread (`SKIP`, or `SKIP_HASHED` by the sha256
of the path when the path itself holds a name; both lists were written by a script from the grep's
file names, never from the pages).

Sources, upstreams and licences: README.md, "Held-out set 11". Dangerous sources are the
fenced-block lines of markdown (`_h4.md_danger`; only lines the rule decides); benign sources are
`h11-dotfiles` (read as `src_h3_dotfiles`) and the main set's five extractors over
`_devrepos11` (`h11-gh-workflows`, `h11-package-scripts`, `h11-makefiles`, `h11-readme-commands`,
`h11-project-scripts`). Benign lines pass `_h4.filtered`.
"""

import hashlib

from _h4 import filtered, md_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos11 import available
from src_h7 import Spec, ls

# Pages that name an off-limits source (file names from `git grep -Eil`, never read).
SKIP = {
    'OmarVillaWolf/Writeups-eJPTv2-eWPT-eCPPTv2-PNPT-CEH': (
        '13 Wifi Pentesting/Wifi - WPA-WPA2/1. WPA-WPA2/10 Cracking.md',
        '13 Wifi Pentesting/Wifi - WPA-WPA2/1. WPA-WPA2/11 Rainbow table.md',
        '4 PrivEsc Lin & Win/2 Linux/2 Escalation/2 Sudoers.md',
        '4 PrivEsc Lin & Win/2 Linux/2 Escalation/3 SUID.md',
        '4 PrivEsc Lin & Win/2 Linux/2 Escalation/8 Capabilities.md',
    ),
    'randalltr/oscp-pg-practice-writeups': (
        'jarvis/jarvis.md',
        'pelican/pelican.md',
        'shocker/shocker.md',
        'sunday/sunday.md',
    ),
    'DressingMan/OSCP-Prep': (
        'boxes/astronaut/Internal/Priv-Esc.md',
        'boxes/astronaut/README.md',
        'boxes/crane/Internal/Priv-Esc.md',
        'boxes/crane/README.md',
        'methodology/Linux-Priv-Esc.md',
    ),
    'Elnatty/tryhackme_labs': (
        '16-chill-hack.md',
        '17-coldbox-wordpress.md',
        '3-intro-poc-scripting.md',
        '36-wonderland-sudo-and-suid-exploitation.md',
        '40-dogcat-lfi-exploit-via-log-poisoning.md',
        '45-undiscovered-nfs-capabilities-vim.basic-exploitation.md',
        '5-bruteit.md',
        '65-sustah-http-rate-limit-bypass-rsync.md',
        '7-linux-privesc.md',
        '73-vulnnet-endgame-sqli-getcap-adding-user-and-password-to-etc-passwd-file.md',
        '87-coldvvars-xpath-injection-tmux-eploitation.md',
    ),
    'hackkim/TryHackMe': (
        'Cyber-Security-101/Offensive-Security-Tooling/Shells-Overview.md',
        'Jr-Penetration-Tester/Privilege-Escalation/Linux-Privilege-Escalation.md',
        'Offensive-Pentesting/Getting-Started/Vulnversity.md',
    ),
    'danhlk/Tryhackme': (
        'Lian_Yu/README.md',
        'RootMe/Task 4',
        'SimpleCTF/README.md',
    ),
    'cyberphor/oscp': (
        'walkthroughs/thm/daily-bugle/README.md',
    ),
    'LIsh3y3/OSCP-plus-cheatsheet': (
        'Cheatsheet/🐧Linux/💥Linux Privilege Escalation.md',
        'Cheatsheet/🐧Linux/🔍Linux Enumeration.md',
    ),
    'Samuel-Ziger/RedTeam-Essentials': (
        '06-Cheatsheets/linux_privesc_teoria.md',
        'IMPLEMENTATION_SUMMARY.md',
        'RESOURCES.md',
    ),
    'su2700/obsidian-OSCP': (
        'OSCP-Obs/Notion/Common Tools/S1REN/Linux Privilege Escalation – Resources – Siren Security.md',
        'OSCP-Obs/Notion/OSCP 2/LinEnum.sh.md',
        'OSCP-Obs/Notion/OSCP 2/OSCP 2.md',
    ),
    'DF1sh/TryHackMe-Rooms': (
        'Binex/README.md',
        'Bounty Hacker/README.md',
        'Brooklyn Nine Nine/README.md',
        'Cheese CTF/README.md',
        'Chocolate Factory/README.md',
        'ColddBox: Easy/README.md',
        'Expose/README.md',
        'Gallery/README.md',
        'Inferno/README.md',
        'Jax sucks alot............./README.md',
        'Lian_Yu/README.md',
        'Linux PrivEsc/README.md',
        'Lookup/README.md',
        'Plotted-TMS/README.md',
        'Res/README.md',
        'Simple CTF/README.md',
        'Smag Grotto/README.md',
        'Tech_Supp0rt: 1/README.md',
        'The Marketplace/README.md',
        'Year of the Rabbit/README.md',
        'dogcat/README.md',
        'tomghost/README.md',
    ),
    'HideFromYou/tryhackme-notes': (
        'CTF/TryHackMe/CTF-Rooms/bounty-hacker/bounty-hacker.md',
        'CTF/TryHackMe/CTF-Rooms/rootme/rootme.md',
        'CTF/TryHackMe/CTF-Rooms/simple-ctf/simple-ctf.md',
        'Junior-Penetration-Tester-Path/12-Privilege-Escalation/03-Linux-Privilege-Escalation-Basics/02-Privilege-Escalation-Sudo/README.md',
        'Junior-Penetration-Tester-Path/12-Privilege-Escalation/03-Linux-Privilege-Escalation-Basics/03-Privilege-Escalation-SUID/README.md',
        'Junior-Penetration-Tester-Path/12-Privilege-Escalation/03-Linux-Privilege-Escalation-Basics/08-Conclusion/README.md',
        'Junior-Penetration-Tester-Path/12-Privilege-Escalation/README.md',
    ),
    'tejanke/TryHackMe': (
        'writeups/25daysofchristmas/README.md',
        'writeups/bebop/README.md',
        'writeups/kenobi/README.md',
        'writeups/learncyberin25days/README.md',
        'writeups/lfi/README.md',
        'writeups/linprivesc/README.md',
        'writeups/linuxlocalenumeration/README.md',
        'writeups/linuxprivesc/README.md',
    ),
    'edoardottt/tryhackme-ctf': (
        'Advent-of-Cyber-2020/Day-11-The_Rogue_Gnome/LinEnum.sh',
        'Advent-of-Cyber-2020/Day-11-The_Rogue_Gnome/README.md',
        'Bebop/README.md',
        'Bounty-Hacker/README.md',
        'Brute-It/README.md',
        'Jurassic-Park/README.md',
        'LFI/README.md',
        'README.md',
        'Res/README.md',
        'RootMe/README.md',
        'Skynet/README.md',
        'cc-pentesting/README.md',
        'tomghost/README.md',
    ),
    'lucthienphong1120/TryHackMe-CTF': (
        'anonymous.md',
        'cmess.md',
        'rrootme.md',
    ),
    'A1vinSmith/OSCP-PWK': (
        'HackTheBox/Linux/Lightweight/README.md',
        'HackTheBox/Linux/OpenAdmin/README.md',
        'PgPractice/Linux/Nukem/README.md',
        'PgPractice/Linux/Peppo/README.md',
        'TryHackMe/DailyBugle/README.md',
        'TryHackMe/Res.md',
    ),
    'ahmetumitbayram/OSCP': (
        'Linux/Privilege Escalation/Python/README.md',
        'Linux/Privilege Escalation/README.md',
        'Linux/Privilege Escalation/SUDO/README.md',
        'Linux/Privilege Escalation/SUID/README.md',
    ),
    'glackie/OSCP': (
        '1. FundaMentals/8. File Transfer/4. Living Of the Land.md',
        '5. Machines/HTB/To Work On/Shocker/1. shocker.md',
        '5. Machines/THM/THM_NIX/All in One.md',
        '5. Machines/THM/THM_NIX/RootMe.md',
        '6. Linux Privileged Escalation/Linux privileged Escalation 2/Capabilities - Pri Esc/Capabilities - Pri Esc 2.md',
        '6. Linux Privileged Escalation/Linux privileged Escalation 2/Sudo - priv esc/Sudo - priv esc 1.md',
        '6. Linux Privileged Escalation/Linux privileged Escalation 2/Sudo - priv esc/Sudo - priv exec - cheatsheet.md',
    ),
    'fanbyprinciple/oscp': (
        'htb/machines/stocker/linpeas.sh',
        'htb/readme.md',
        'oscp_train/readme.md',
        'resources/linpeas.sh',
        'techniques.md',
    ),
    'tucker4051/OSCP-notes': (
        '04 - Exploitation & Initial Access/04.04 - Shells/04.04.05 - Interactive Shells.md',
        '04 - Exploitation & Initial Access/04.07 - File Transfers/04.07.01 - File Transfers Overview.md',
        '04 - Exploitation & Initial Access/04.07 - File Transfers/04.07.07 - Evading Detection.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.02 - Enumeration.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.10 - Users Groups and Sudo/05.01.10.02 - Sudo.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.10 - Users Groups and Sudo/05.01.10.03 - Sudo Rights Abuse.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.20 - File and Permission Abuse/05.01.20.02 - Special Permissions - SUID and SGID.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.30 - Scheduled Tasks and Automation/05.01.30.03 - Git Hooks via Ruby.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.40 - Services Processes and Internals/05.01.40.01 - Services and Internals.md',
        '05 - Privilege Escalation/05.01 - Linux/05.01.70 - Restricted Shells and TTY/05.01.70.01 - Escaping Restricted Shells.md',
        '10 - Tools & Quick Commands/10.00 - Master Cheat Sheet.md',
        '10 - Tools & Quick Commands/10.02 - Quick Reference.md',
        '11 - CTF Walkthroughs/Linux/Astronaut.md',
        '11 - CTF Walkthroughs/Linux/Cockpit.md',
        '11 - CTF Walkthroughs/Linux/Codo.md',
        '11 - CTF Walkthroughs/Linux/Crane.md',
        '11 - CTF Walkthroughs/Linux/Jordak.md',
        '11 - CTF Walkthroughs/Linux/Levram.md',
        '11 - CTF Walkthroughs/Linux/Pelican.md',
        '11 - CTF Walkthroughs/Linux/Press.md',
    ),
    'meltingscales/oscp': (
        'boxes/provinggrounds/LaVita.pwned/report.md',
        'boxes/provinggrounds/LaVita.pwned/report.pdf',
        'boxes/provinggrounds/QuackerJack.pwned/notes.md',
        'boxes/provinggrounds/QuackerJack.pwned/report.md',
        'boxes/provinggrounds/QuackerJack.pwned/report.pdf',
        'boxes/provinggrounds/andy_guide.md',
    ),
    'golDen-Scale/for-OSCP': (
        'offsec/linux/astronaut.md',
        'offsec/linux/dc-1.md',
        'offsec/linux/image.md',
        'offsec/linux/levram.md',
        'offsec/linux/press.md',
        'offsec/linux/rubydome.md',
        'tools/zai-xian-gong-ju-online-tools.md',
    ),
    'Kunull/Writeups': (
        'docs/Proving Grounds/Play/Easy/DC-1.md',
        'docs/Proving Grounds/Play/Easy/DC-2.md',
        'docs/Proving Grounds/Play/Easy/FunboxEasy.md',
        'docs/Proving Grounds/Play/Easy/Gaara.md',
        'docs/Proving Grounds/Play/Easy/Moneybox.md',
        'docs/Proving Grounds/Play/Easy/OnSystemShellDredd.md',
        'docs/Proving Grounds/Play/Easy/Photographer.md',
        'docs/TryHackMe/Easy/Bounty Hacker.md',
        'docs/TryHackMe/Easy/Brooklyn Nine Nine.md',
        'docs/TryHackMe/Easy/Chill Hack.md',
        'docs/TryHackMe/Easy/Lian_Yu.md',
        'docs/TryHackMe/Easy/RootMe.md',
        'docs/TryHackMe/Easy/Simple CTF.md',
        'docs/TryHackMe/Easy/tomghost.md',
        'docs/TryHackMe/Medium/Anonymous.md',
        'docs/TryHackMe/Medium/UltraTech.md',
    ),
    'akshaychavan10/Tryhackme': (
        'inclusion/README.md',
        'skynet/README.md',
        'the_marketplace/README.md',
    ),
    'N0000bMast3r/Tryhackme-WriteUps': (
        'Binex/README.md',
        'Internal/pass.txt',
        'Red_Stone_One_Carat/passwords.txt',
    ),
}
SKIP_HASHED = {
    'OmarVillaWolf/Writeups-eJPTv2-eWPT-eCPPTv2-PNPT-CEH': (
        '75704aba1ac86cbb891730a568f7cdddb460f7ef1dff06c5dac880e604d72cde',
    ),
    'su2700/obsidian-OSCP': (
        '1dfe76d733de63e1b48ac51c18f0e71b535bdbef82036f6ab549d6bc1cc585a5',
    ),
    'tucker4051/OSCP-notes': (
        '0ba1fc624d377ea3c6a72cbc123bc59e7e0b7e99a723ccd1790cf87d060d3c5b',
    ),
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


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h11-dotfiles", DOTFILES))


DOTFILES = ["webdavis/dotfiles", "sneivandt/dotfiles", "datapointchris/dotfiles"]

DANGER_MD = [
    ("ejpt-writeups-es", ["OmarVillaWolf/Writeups-eJPTv2-eWPT-eCPPTv2-PNPT-CEH"]),
    ("pg-practice-rt", ["randalltr/oscp-pg-practice-writeups"]),
    ("oscp-prep-dm", ["DressingMan/OSCP-Prep"]),
    ("thm-labs-el", ["Elnatty/tryhackme_labs"]),
    ("thm-rooms-rf", ["RosanaFSS/TryHackMe"]),
    ("thm-writeups-hk", ["hackkim/TryHackMe"]),
    ("thm-writeups-vn", ["danhlk/Tryhackme"]),
    ("oscp-notes-cp", ["cyberphor/oscp"]),
    ("oscp-cheatsheets-jz", ["jonnyzar/OSCP_CheatSheets"]),
    ("oscp-plus-ls", ["LIsh3y3/OSCP-plus-cheatsheet"]),
    ("redteam-essentials-sz", ["Samuel-Ziger/RedTeam-Essentials"]),
    ("oscp-obsidian-su", ["su2700/obsidian-OSCP"]),
    ("thm-rooms-df", ["DF1sh/TryHackMe-Rooms"]),
    ("thm-notes-hy", ["HideFromYou/tryhackme-notes"]),
    ("thm-writeups-tj", ["tejanke/TryHackMe"]),
    ("thm-ctf-ed", ["edoardottt/tryhackme-ctf"]),
    ("thm-ctf-lt", ["lucthienphong1120/TryHackMe-CTF"]),
    ("cloud-attack-cdrgoat", ["stream-sec/cdrgoat"]),
    ("oscp-pwk-as", ["A1vinSmith/OSCP-PWK"]),
    ("oscp-notes-tr", ["ahmetumitbayram/OSCP"]),
    ("oscp-notes-gl", ["glackie/OSCP"]),
    ("oscp-notes-fp", ["fanbyprinciple/oscp"]),
    ("oscp-notes-tk", ["tucker4051/OSCP-notes"]),
    ("oscp-notes-ms", ["meltingscales/oscp"]),
    ("oscp-notes-gs", ["golDen-Scale/for-OSCP"]),
    ("ctf-writeups-kn", ["Kunull/Writeups"]),
    ("thm-writeups-ak", ["akshaychavan10/Tryhackme"]),
    ("thm-writeups-nm", ["N0000bMast3r/Tryhackme-WriteUps"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any
# hookward run on a build with every source in, as in sets 2-10): ejpt-writeups-es 0 (its 52 commands
# are in earlier sets: the same author's attack library is a set-7 source, so it is left out on
# that ground too), thm-rooms-rf 0, thm-rooms-df 0, thm-ctf-ed 0, redteam-essentials-sz 0 (4 rows,
# all `outside-write`), thm-notes-hy 1, thm-writeups-vn 2, oscp-cheatsheets-jz 3, oscp-notes-ms 3,
# thm-writeups-ak 3, thm-writeups-hk 3, oscp-prep-dm 4.
LEFT_OUT = {"ejpt-writeups-es", "thm-rooms-rf", "thm-rooms-df", "thm-ctf-ed", "redteam-essentials-sz", "thm-notes-hy",
            "thm-writeups-vn", "oscp-cheatsheets-jz", "oscp-notes-ms", "thm-writeups-ak", "thm-writeups-hk",
            "oscp-prep-dm"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("h11-dotfiles", "benign", DOTFILES, _dotfiles),
    Spec("h11-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h11-gh-workflows"))),
    Spec("h11-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h11-package-scripts"))),
    Spec("h11-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h11-makefiles"))),
    Spec("h11-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h11-readme-commands"))),
    Spec("h11-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h11-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
