"""Held-out set 12 (`build.py --set heldout12`, 2026-12-06): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` … `src_h11`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with
`outside-write` on (as sets 5-11), `_label.ONLY_COMMANDS` on (as set 11: a line that `_iscmd` does not
take for a shell command line is no row) and, new in this set, `_label.VOLUME_TOOLS` on (the
volume/RAID/disk tools' destroying verbs). Every repository was searched (`git grep -Eil`) for the
names of the off-limits sources before use; pages that name one are left out unread (`SKIP`, or
`SKIP_HASHED` by the sha256 of the path when the path itself holds a name; both lists were written by
a script from the grep's file names, never from the pages).

Sources, upstreams and licences: README.md, "Held-out set 12". Dangerous sources are the fenced-block
lines of markdown (`_h4.md_danger`; only lines the rule decides); benign sources are dotfiles (read as
`src_h3_dotfiles`), alias files (read as `src_ohmyzsh`), shell blocks of guides and cheat sheets
(`_h3.md_benign_rows`; `$ `-prompted lines only where blocks mix commands and output), and the main
set's five extractors over `_devrepos12`. Benign lines pass `_h4.filtered`.
"""

import hashlib
import re

from _common import benign_row, blob_url, danger_row, head, show, strip_prompt
from _h3 import md_benign_rows
from _h4 import filtered, md_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos12 import available
from src_h7 import Spec, ls

# Pages that name an off-limits source (file names from `git grep -Eil`, never read).
SKIP = {
    'jon-brandy/hackthebox': (
        'Categories/Machines/CozyHosting/README.md',
        'Categories/Machines/Irked/README.md',
        'Categories/Machines/MonitorsTwo/README.md',
        'Categories/Machines/OpenAdmin/README.md',
        'Categories/Machines/Shocker/README.md',
        'Categories/Machines/Shoppy/README.md',
        'README.md',
    ),
    'vsang181/Hackthebox': (
        'Notes/Fundamental Modules/Attacking Enterprise Networks/Internal Testing/Post-Exploitation Persistence.md',
        'Notes/Fundamental Modules/Linux Fundamentals/Workflow/Permission Management.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Information Gathering/Linux Services & Internals Enumeration.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Introduction/Introduction to Linux Privilege Escalation.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Permissions-based Privilege Escalation/Capabilities.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Permissions-based Privilege Escalation/Privileged Groups.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Permissions-based Privilege Escalation/Special Permissions.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Permissions-based Privilege Escalation/Sudo Rights Abuse.md',
        'Notes/Fundamental Modules/Linux Privilege Escalation/Recent 0-Days/Sudo.md',
        'Notes/Job Role Paths/Penetration Tester/Penetration Testing Process/Penetration Testing Phases - Assessment Specific Stages/Post-Exploitation.md',
        'Writeups/Sau.md',
    ),
    'pucagit/HackTheBox': (
        'PenetrationTester/FileTransfers/DetectOrBeDetected/EvadingDetection.md',
        'PenetrationTester/FileTransfers/FileTransferMethods/LivingOffTheLand.md',
        'PenetrationTester/LinuxPrivilegeEscalation/InformationGathering/EnvironmentEnumeration.md',
        'PenetrationTester/LinuxPrivilegeEscalation/InformationGathering/LinuxServices&InternalsEnumeration.md',
        'PenetrationTester/LinuxPrivilegeEscalation/PermissionsBasedPriviligeEscalation/SpecialPermissions.md',
    ),
    'edisonrivera/HackTheBox': (
        'Easy/Academy-Machine.md',
        'Easy/Knife-Machine.md',
        'Easy/OpenAdmin-Machine.md',
        'Easy/Shocker-Machine.md',
        'Easy/Shoppy-Machine.md',
        'README.md',
        'Tier-2/Vaccine-Machine.md',
    ),
    'vanniichan/HackTheBox': (
        'Armageddon/WriteUp.md',
        'Knife/WriteUp.md',
        'Traverxec/WriteUp.md',
    ),
    'JaedongSeo/HackTheBox': (
        'Knife/README.md',
        'Knife/writeup.txt',
        'Traverxec/README.md',
    ),
    'vorkampfer/hackthebox': (
        'nunchucks/readme.txt',
        'openadmin/readme.txt',
    ),
    'ryanrestine/HackTheBox_WriteUps': (
        'linux_machines/cozyhosting_notes.md',
        'linux_machines/jarvis_notes.md',
        'linux_machines/knife_notes.md',
        'linux_machines/mango_notes.md',
        'linux_machines/monitorstwo_notes.md',
        'linux_machines/openadmin_notes.md',
        'linux_machines/sau_notes.md',
        'linux_machines/shocker_notes.md',
        'linux_machines/soccer_notes.md',
        'linux_machines/sunday_notes.md',
        'linux_machines/traverxec_notes.md',
        'linux_machines/updown_notes.md',
    ),
    'F41zK4r1m/HackTheBox': (
        'Academy.md',
        'Beep.md',
        'Inject.md',
        'Traverxec.md',
    ),
    'Exyss/HackTheBox-WriteUps': (
        'Machines/Backdoor/www/linpeas.sh',
        'Machines/Pit/scripts/linpeas.sh',
        'Machines/Seal/scripts/linpeas.sh',
        'Machines/Writer/scripts/linpeas.sh',
    ),
    'forensicswiki/wiki': (
        'docs/wireless_forensics.md',
    ),
    'appsecco/breaking-and-pwning-apps-and-servers-aws-azure-training': (
        'setup-files/terraform/vuln-s3/files/lab-uniqueid-awscloudsec/sowpods-upper.txt',
    ),
    'alexs-db/tryHackMe-notes': (
        'Notes/CTFs/MrRobot .md',
        'Notes/Jr Penetration Tester/Privilege Escalation/Linux Privilege Escalation/privilegeEscalationCapabilities.md',
        'Notes/Jr Penetration Tester/Privilege Escalation/Linux Privilege Escalation/privilegeEscalationSudo.md',
        'Notes/Jr Penetration Tester/Privilege Escalation/Linux Privilege Escalation/privilegeEscalationSuid.md',
    ),
    'BEPb/tryhackme': (
        '01.easy/25 Days of Cyber Security.md',
        '01.easy/Advent of Cyber 2 [2020].md',
        '01.easy/Chill Hack.md',
        '01.easy/Intro PoC Scripting.md',
        '01.easy/Linux Modules.md',
        '01.easy/RootMe.md',
        '02.Medium/Linux PrivEsc.md',
        '02.Medium/Linux Privilege Escalation.md',
    ),
    'devnolife/TryHackMe': (
        'lib/ctf/ctf-system.ts',
        'prisma/materials.ts',
        'prisma/seed.ts',
    ),
    'rahardian-dwi-saputra/TryHackMe-WriteUps': (
        'Redis/README.md',
        'RootMe/README.md',
        'Simple CTF/README.md',
        'Skynet/README.md',
        'Vulnversity/README.md',
    ),
    'ennozdd/HackTheBox': (
        'notebook_Cache/15 - PrivEsc.md/15 - PrivEsc.md',
        'notebook_Jail/25 - PrivEsc.md/25 - PrivEsc.md',
        'notebook_OpenAdmin/15 - PrivEsc.md/15 - PrivEsc.md',
        'notebook_SneakyMailer/20 - PrivEsc.md/20 - PrivEsc.md',
        'notebook_TartarSauce/25 - PrivEsc.md/25 - PrivEsc.md',
    ),
    'rlong2/HackTheBox': (
        'Rick_and_Morty_Box/mentalist-master/mentalist/data/English_Dict.txt',
    ),
    'Ice1187/HackTheBox-writeups': (
        'armageddon/readme.md',
        'armageddon/www/linpeas.sh',
        'luanne/www/linpeas.sh',
        'pit/www/linpeas.sh',
        'ready/www/linpeas.sh',
        'schooled/readme.md',
        'seal/www/linpeas.sh',
        'thenotebook/www/linpeas.sh',
        'writeup/www/linpeas.sh',
    ),
    'mzfr/HackTheBox-writeups': (
        'Jarvis/Readme.md',
        'mango/readme.md',
    ),
    'datboyblu3/HackTheBox_Studies': (
        'Dans Field Manual/Learning Resources, Tips and Tricks and more!.md',
        'HTB-Academy/1-Getting-Started/Pentesting Basics/Nibbles/LinEnum.sh',
        'HTB-Academy/1-Getting-Started/Pentesting Basics/Privilege Escalation.md',
        'HTB-Academy/6-File-Transfers/Evading Detection.md',
        'HTB-Academy/6-File-Transfers/Living off The Land.md',
        'HTB-Academy/9-Linux Privilege Escalation/Info Gathering/Linux Services & Internals Enumeration.md',
        'HTB-Academy/9-Linux Privilege Escalation/Linux Internals-based Privilege Escalation/Sudo.md',
    ),
    'Joseph-Keung-dieci/HacktheBox_Sum': (
        'OSCP-like/Windows-Love/linpeas.sh',
        'OSCP-like/Windows-Love/linpeas.sh.1',
    ),
    'nkn-ctrl/TryHackMe': (
        'Jr_Penetration_Tester/PrivillegeEscalation.md',
    ),
    'AnLoMinus/TryHackMe': (
        'King of the Hill/Machine Pool.md',
    ),
    'Zeeshan12340/tryhackme': (
        'attacktivedirectory/userlist.txt',
        'brooklynninenine/README.md',
        'chocolatefactory/README.md',
        'koth/hackers/README.md',
        'koth/panda/README.md',
        'linuxprivescarena/linenum.sh',
    ),
}
SKIP_HASHED = {
    'ryanrestine/HackTheBox_WriteUps': (
        '6b68d4fb61f8c7dcd26b28fccc25e455ddf19803cb4a78fd070e2100304e4a71',
        '9220ecff9d96873fa4c969c33890ad890553fea9fdfdc9b40a1e35cf43e1725d',
        '9cb4782c591706ade6a9b1648d3af0b36543f76a5083b2821f8fb51a62c41457',
        'a9d832d902d468a8b1a277142a213d7cabcfec5b515413937351c4eb85f43890',
        'fc39f8122ced2d7cfc671a310030ae48029df97370b4cd5642bb669d16eda691',
    ),
}

def _md(repo, under=""):
    skip = set(SKIP.get(repo, ()))
    hashed = set(SKIP_HASHED.get(repo, ()))
    return [
        p for p in ls(repo)
        if p.startswith(under) and p.lower().endswith((".md", ".markdown")) and p not in skip
        and hashlib.sha256(p.encode()).hexdigest() not in hashed
    ]


def _md_source(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, _md(repo))
    return rows


_FENCE = re.compile(r"^\\s*(?:```|~~~)")


def _indented_danger(source, repo):
    """Dangerous rows from indented code blocks (four spaces or a tab after a blank line, outside fenced
    blocks) of `repo`'s markdown pages, a leading `$ `/`# ` prompt dropped; as `md_danger` for fences."""
    def rows():
        commit = head(repo)
        for path in _md(repo):
            in_fence, prev_blank, in_block = False, True, False
            for n, line in enumerate(show(repo, path).split("\n"), 1):
                if _FENCE.match(line):
                    in_fence = not in_fence
                    continue
                if in_fence:
                    continue
                if line.startswith(("    ", "\t")) and line.strip() and (prev_blank or in_block):
                    in_block = True
                    cmd = line.strip()
                    p = strip_prompt(cmd)
                    cmd = p if p is not None else cmd
                    if cmd and not cmd.startswith("#"):
                        r = danger_row(source, cmd, blob_url(repo, commit, path, n))
                        if r:
                            yield r
                elif line.strip():
                    in_block = False
                prev_blank = not line.strip()
    return rows


def _md_benign(source, repo, category, under="", prompted_only=False):
    """Benign rows of the shell blocks of `repo`'s markdown pages (below `under`)."""
    def rows():
        yield from filtered(md_benign_rows(source, repo, head(repo), _md(repo, under), category,
                                           langs=("", "sh", "bash", "shell", "console", "zsh", "shell-session"),
                                           prompted_only=prompted_only))
    return rows


_ALIAS = re.compile(r"""^\s*alias\s+(?:-g\s+)?[\w.+-]+=(?:'([^']*)'|"([^"]*)")\s*$""")


def _aliases(source, repo, pick):
    """Alias bodies of the files `pick` selects (as `src_ohmyzsh`): one row per alias of two words or more."""
    def rows():
        commit = head(repo)
        for path in ls(repo):
            if not pick(path):
                continue
            for n, line in enumerate(show(repo, path).split("\n"), 1):
                m = _ALIAS.match(line)
                if not m:
                    continue
                cmd = (m.group(1) if m.group(1) is not None else m.group(2)).strip()
                if len(cmd.split()) < 2 and "/" not in cmd:
                    continue
                r = benign_row(source, cmd, blob_url(repo, commit, path, n), "alias")
                if r:
                    yield r
    return lambda: filtered(rows())


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h12-dotfiles", DOTFILES))


DOTFILES = ["geerlingguy/dotfiles", "kentcdodds/dotfiles", "rkalis/dotfiles"]

DANGER_MD = [
    ("htb-writeups-jb", ["jon-brandy/hackthebox"]),
    ("htb-writeups-vs", ["vsang181/Hackthebox"]),
    ("htb-writeups-pc", ["pucagit/HackTheBox"]),
    ("htb-writeups-pg", ["Pablogb29/HackTheBox"]),
    ("htb-writeups-er", ["edisonrivera/HackTheBox"]),
    ("htb-writeups-vn", ["vanniichan/HackTheBox"]),
    ("htb-writeups-kr", ["JaedongSeo/HackTheBox"]),
    ("htb-writeups-vk", ["vorkampfer/hackthebox"]),
    ("htb-writeups-rr", ["ryanrestine/HackTheBox_WriteUps"]),
    ("htb-notes-nc", ["nchloride/HackTheBox-Notes"]),
    ("htb-writeups-fk", ["F41zK4r1m/HackTheBox"]),
    ("htb-writeups-ex", ["Exyss/HackTheBox-WriteUps"]),
    ("forensics-wiki", ["forensicswiki/wiki"]),
    ("cloud-attack-appsecco", ["appsecco/breaking-and-pwning-apps-and-servers-aws-azure-training"]),
    ("cloud-iam-vulnerable", ["BishopFox/iam-vulnerable"]),
    ("pentest-notes-ff", ["fjfinch/pentest-notes"]),
    ("thm-notes-ad", ["alexs-db/tryHackMe-notes"]),
    ("thm-writeups-ru", ["BEPb/tryhackme"]),
    ("thm-writeups-dn", ["devnolife/TryHackMe"]),
    ("thm-writeups-id", ["rahardian-dwi-saputra/TryHackMe-WriteUps"]),
    ("htb-notes-ad", ["alexs-db/HackTheBox"]),
    ("htb-writeups-ez", ["ennozdd/HackTheBox"]),
    ("htb-writeups-rl", ["rlong2/HackTheBox"]),
    ("htb-writeups-tw", ["Ice1187/HackTheBox-writeups"]),
    ("htb-writeups-kv", ["kvlx-alt/HackTheBox-Writeups"]),
    ("ir-hunting-guide", ["azdabat/Incident-Response-and-Threat-Hunting-Guide"]),
    ("ir-investigations", ["ahnpj/incident-response-and-investigations"]),
    ("thm-writeups-to", ["thomas-osgood/TryHackMe"]),
    ("honeypot-cowrie-dm", ["DuncanM0/cowrie-honeypot-threat-intelligence"]),
    ("honeypot-cowrie-hj", ["Herweg-Jake/cowrie-log-analysis"]),
    ("honeypot-cowrie-dr", ["deroux/longitudinal-analysis-cowrie"]),
    ("cloud-attack-lab-js", ["juanjoSanz/aws-pentesting-lab"]),
    ("htb-writeups-mz", ["mzfr/HackTheBox-writeups"]),
    ("htb-studies-db", ["datboyblu3/HackTheBox_Studies"]),
    ("htb-sum-jk", ["Joseph-Keung-dieci/HacktheBox_Sum"]),
    ("thm-writeups-nk", ["nkn-ctrl/TryHackMe"]),
    ("thm-writeups-al", ["AnLoMinus/TryHackMe"]),
    ("htb-writeups-ak", ["artikrh/HackTheBox"]),
    ("thm-writeups-zs", ["Zeeshan12340/tryhackme"]),
    ("htb-writeups-th", ["thossa000/HackTheBox"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any
# hookward run on a build with every source in, as in sets 2-11): cloud-attack-appsecco 0 (4 rows, all
# `outside-write`), cloud-attack-lab-js 1, cloud-iam-vulnerable 0, forensics-wiki 0 (its code is
# indented, not fenced) and forensics-wiki-indented 0 (3 rows, `outside-write`), honeypot-cowrie-dm /
# -dr / -hj 0, ir-hunting-guide 0, ir-investigations 0 (no fenced line the rule decides; not read
# further), htb-notes-ad 2, htb-notes-nc 4, htb-studies-db 3,
# htb-writeups-ak 0, htb-writeups-ex 3, htb-writeups-fk 0, htb-writeups-pc 4, htb-writeups-rl 0,
# htb-writeups-th 1, htb-writeups-vk 0 (2 markdown pages), htb-writeups-vn 1, pentest-notes-ff 0,
# thm-writeups-al 1, thm-writeups-dn 0, thm-writeups-nk 2, thm-writeups-ru 0, thm-writeups-to 0,
# thm-writeups-zs 0. Not used at all: MihirSahu/TryHackMe-Notes (fetched; it bundles another
# project's pages, 405 of its paths name an off-limits source), anatoli308/tryhackme_stuff and
# UROCK-AILAB/forensics-handbook ("no snapshot can be had"), popyue/HackTheBox (over the mirror size
# limit).
LEFT_OUT = {"cloud-attack-appsecco", "cloud-attack-lab-js", "cloud-iam-vulnerable", "forensics-wiki",
            "forensics-wiki-indented", "honeypot-cowrie-dm", "honeypot-cowrie-dr", "honeypot-cowrie-hj",
            "ir-hunting-guide", "ir-investigations", "htb-notes-ad", "htb-notes-nc", "htb-studies-db",
            "htb-writeups-ak", "htb-writeups-ex", "htb-writeups-fk", "htb-writeups-pc", "htb-writeups-rl",
            "htb-writeups-th", "htb-writeups-vk", "htb-writeups-vn", "pentest-notes-ff", "thm-writeups-al",
            "thm-writeups-dn", "thm-writeups-nk", "thm-writeups-ru", "thm-writeups-to", "thm-writeups-zs"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("forensics-wiki-indented", "dangerous", ["forensicswiki/wiki"], _indented_danger("forensics-wiki-indented", "forensicswiki/wiki")),
    Spec("h12-dotfiles", "benign", DOTFILES, _dotfiles),
    Spec("h12-bashit-aliases", "benign", ["Bash-it/bash-it"],
         _aliases("h12-bashit-aliases", "Bash-it/bash-it", lambda p: p.endswith(".aliases.bash"))),
    Spec("h12-kubectl-aliases", "benign", ["ahmetb/kubectl-aliases"],
         _aliases("h12-kubectl-aliases", "ahmetb/kubectl-aliases", lambda p: p == ".kubectl_aliases")),
    Spec("h12-ckad-exercises", "benign", ["dgkanatsios/CKAD-exercises"],
         _md_benign("h12-ckad-exercises", "dgkanatsios/CKAD-exercises", "runbook")),
    Spec("h12-container-training", "benign", ["jpetazzo/container.training"],
         _md_benign("h12-container-training", "jpetazzo/container.training", "runbook")),
    Spec("h12-cli-computing", "benign", ["learnbyexample/cli-computing"],
         _md_benign("h12-cli-computing", "learnbyexample/cli-computing", "guide", prompted_only=True)),
    Spec("h12-bash-tutorial-zh", "benign", ["wangdoc/bash-tutorial"],
         _md_benign("h12-bash-tutorial-zh", "wangdoc/bash-tutorial", "guide", prompted_only=True)),
    Spec("h12-git-cheat-ml", "benign", ["tiimgreen/github-cheat-sheet"],
         _md_benign("h12-git-cheat-ml", "tiimgreen/github-cheat-sheet", "cheat-sheet")),
    Spec("h12-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h12-gh-workflows"))),
    Spec("h12-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h12-package-scripts"))),
    Spec("h12-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h12-makefiles"))),
    Spec("h12-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h12-readme-commands"))),
    Spec("h12-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h12-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
