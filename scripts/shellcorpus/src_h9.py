"""Held-out set 9 (`build.py --set heldout9`, 2026-12-05): every source of the set, one entry of
`SPECS` each (source name, side, repositories, extractor), as `src_h7` and `src_h8`. Used for
evaluation only; nothing of these repositories is committed. Labels come from `_label.label` with
its `outside-write` rule on (as sets 5-8). Every repository was searched (`git grep`) for the names
of the off-limits sources before use; pages that name one are left out unread (`SKIP`, or
`SKIP_HASHED` by the sha256 of the path when the path itself holds a name), and a repository that
bundles another project's files that name one is not used.

Dangerous sources (fenced-block lines of markdown, `_h4.md_danger`; only lines the rule decides):

| source | upstream | licence |
|---|---|---|
| box-writeups-zh | TryHackMyOffsecBox/Target-Machines-WriteUp `**/*.md` (HackMyVM, HTB and other box write-ups, Chinese) | none stated |
| htb-writeups-ev | evyatar9/Writeups `**/*.md` (HTB box and CTF write-ups) | none stated |
| htb-writeups-cm | CalegariMindSec/HTB_Writeups `**/*.md` (HTB box write-ups) | none stated |
| thm-writeups-cp | ChrisPritchard/ctf-writeups `**/*.md` (TryHackMe room write-ups and tips) | none stated |
| thm-writeups-sd | sebastiendamaye/TryHackMe `**/*.md` (TryHackMe room write-ups) | none stated |
| htb-walkthrough-wr | wither-rebirth/Hackthebox-Walkthrough `**/*.md` (HTB walkthroughs) | none stated |
| htb-writeups-zs | zhsh9/HackTheBox-Writeup `**/*.md` (HTB write-ups) | CC BY-NC-SA 4.0 |
| htb-machines-es | sexcott/Hackthebox-machines `**/*.md` (HTB machine notes, Spanish) | none stated |
| k8s-attack-howtos | reddogsecurity/RedDogHowTos `**/*.md` (Kubernetes and cloud attack paths, AD reviews) | none stated |
| htb-boxes-x0 | x00tex/hackTheBox `**/*.md` (HTB box write-ups) | GPL-3.0 |
| cybersec-notes-ru | tim-karov/cybersec-notes `**/*.md` (pentest cheat sheets and write-ups, Russian) | none stated |
| htb-writeups-ja | yukitsukai47/htbwriteup `*.md` (HTB write-ups, Japanese) | none stated |
| htb-writeups-tr | acivik/acivik.github.io `_posts/*.md` (HTB write-ups, Turkish) | MIT |
| aws-study-notes | kymb0/web_study `**/*.md` (web and AWS attack study notes) | none stated |
| oscp-notes-ko | XQXXQXXQXXQX/XQXXQXXQXXQX.github.io `**/*.md` (OSCP notes and methodology, Korean) | none stated |
| pentest-guide-ko | HOHK0923/ReD_Basic `**/*.md` (a manual penetration-testing guide and attack logs, Korean) | MIT |
| honeypot-attack-reports | LucasFaudman/honeypot-ai `example-reports/**/*.md` (honeypot attack reports quoting the attackers' commands) | none stated |
| thm-rooms-ak | AnnaKu32/thm-rooms `**/*.md` (TryHackMe CTF and DFIR room write-ups) | none stated |
| linux-live-forensics | 0xjashim/Linux-Live-Forensics `**/*.md` (Linux live-response and forensics commands: what an investigator reads and dumps) | none stated |

Benign sources: `h9-dotfiles` (caarlos0/dotfiles MIT, paulmillr/dotfiles
none stated, sobolevn/dotfiles WTFPL, denysdovhan/dotfiles none stated, read as `src_h3_dotfiles`), `dev-setup-guides` (donnemartin/dev-setup, mixed licences stated in
its LICENSE; sb2nov/mac-setup, CC BY-SA 4.0: setup guides, shell blocks by content) and the main set's five extractors over `_devrepos9`
(`h9-gh-workflows`, `h9-package-scripts`, `h9-makefiles`, `h9-readme-commands`, `h9-project-scripts`). Benign lines pass `_h4.filtered`.
"""

import hashlib

from _h4 import filtered, md_benign, md_danger

import src_h3_dotfiles
import src_makefiles
import src_pkgscripts
import src_readmes
import src_shscripts
import src_workflows
from _devrepos9 import available
from src_h7 import Spec, ls

# Pages that name an off-limits source (found by `git grep` of the names, not read). Hits outside
# markdown (word lists and challenge data of sebastiendamaye/TryHackMe) are never read.
SKIP = {
    "TryHackMyOffsecBox/Target-Machines-WriteUp": (
        "docs/HackMyVM/Machines/VivifyTech/index.md",
        "docs/HackMyVM/Machines/Whitedoor/index.md",
        "docs/HackTheBox/Challenges/Misc/Compressor/index.md",
        "docs/Xuanji/Unit-3/27.md",
        "docs/Yunjing/major/Hospital/index.md",
        "docs/Yunjing/major/Initial/index.md",
    ),
    "evyatar9/Writeups": (
        "HackTheBox/Awkward/README.md",
        "HackTheBox/CozyHosting/README.md",
        "HackTheBox/Shoppy/README.md",
        "HackTheBox/UpDown/README.md",
    ),
    "CalegariMindSec/HTB_Writeups": (
        "linux_boxes/cozyhosting/README.md",
        "linux_boxes/shocker/writeup.md",
    ),
    "ChrisPritchard/ctf-writeups": (
        "TIPS-AND-TRICKS.md",
        "tryhackme-koth/koth-shrek.md",
        "tryhackme-rooms/dailybugle.md",
        "tryhackme-rooms/jurassicpark.md",
        "tryhackme-rooms/kothhackers.md",
        "tryhackme-rooms/mrrobot.md",
        "tryhackme-rooms/nonamectf.md",
        "tryhackme-rooms/obscured.md",
        "tryhackme-rooms/tempusfugitdurius.md",
    ),
    "sebastiendamaye/TryHackMe": (
        "Anonymous/readme.md",
        "Bounty_Hacker/readme.md",
        "CMesS/readme.md",
        "Chill_Hack/readme.md",
        "ColddBox_Easy/readme.md",
        "Common_Linux_Privesc/readme.md",
        "Cooctus_Stories/readme.md",
        "Daily_Bugle/readme.md",
        "Erit-Securus-I/readme.md",
        "Inclusion/readme.md",
        "Jeff/readme.md",
        "Lian_Yu/readme.md",
        "Linux_PrivEsc/readme.md",
        "Madeye_s_Castle/readme.md",
        "Mindgames/readme.md",
        "RootMe/readme.md",
        "Skynet/readme.md",
        "Smag_Grotto/readme.md",
        "The_Blob_Blog/readme.md",
        "The_Marketplace/readme.md",
        "The_Server_From_Hell/readme.md",
        "UltraTech/readme.md",
        "VulnNet/readme.md",
        "VulnNet_Node/readme.md",
        "Wgel_CTF/readme.md",
        "Wonderland/readme.md",
        "Year_of_the_Fox/readme.md",
        "dogcat/readme.md",
        "kiba/readme.md",
        "tomghost/readme.md",
    ),
    "wither-rebirth/Hackthebox-Walkthrough": (
        "Easy/Academy/Walkthrough.md",
        "Easy/Armageddon/Walkthrough.md",
        "Easy/Knife/Walkthrough.md",
        "Easy/OpenAdmin/Walkthrough.md",
        "Easy/Previse/Walkthrough.md",
        "Easy/Traverxec/Walkthrough.md",
    ),
    "zhsh9/HackTheBox-Writeup": (
        "source/linux/Armageddon.md",
        "source/linux/Haircut.md",
        "source/linux/Knife.md",
        "source/linux/Meta.md",
        "source/linux/OpenAdmin.md",
        "source/linux/Seal.md",
        "source/linux/SneakyMailer.md",
        "source/linux/Sunday.md",
        "source/linux/Traverxec.md",
    ),
    "sexcott/Hackthebox-machines": (
        "100. Jail/Most Important - Jail.md",
        "107. Phoenix/Most Imporant - Phoenix.md",
        "48. Holiday/Most Important - Holiday.md",
        "72. Schooled/Most important - Schooled.md",
        "79.  Sau/Most Important - Sau.md",
        "86. TartarSauce/Most important - TartarSauce.md",
    ),
    "x00tex/hackTheBox": (
        "Boxes/linux/Retired/armageddon/README.md",
        "Boxes/linux/Retired/bagel/README.md",
        "Boxes/linux/Retired/cache/README.md",
        "Boxes/linux/Retired/cap/README.md",
        "Boxes/linux/Retired/encoding/README.md",
        "Boxes/linux/Retired/jewel/README.md",
        "Boxes/linux/Retired/meta/README.md",
        "Boxes/linux/Retired/monitorsTwo/README.md",
        "Boxes/linux/Retired/schooled/README.md",
        "Boxes/linux/Retired/seal/README.md",
        "Boxes/linux/Retired/soccer/README.md",
    ),
    "tim-karov/cybersec-notes": (
        "cheatsheets/linux-priv-esc.md",
        "writeups/htb-starting-point-t2-base.md",
    ),
    "yukitsukai47/htbwriteup": (
        "Shocker.md",
        "Traverxec.md",
    ),
    "acivik/acivik.github.io": (
        "_posts/2023-01-21-hackthebox-updown.md",
    ),
    "XQXXQXXQXXQX/XQXXQXXQXXQX.github.io": (
        "OSCP/00_방법론_및_체크리스트/Linux_Methodology/Enum_Cheatsheet.md",
    ),
    "HOHK0923/ReD_Basic": (
        "HWJ/07_Manual_Penetration_Guide/05_privilege_escalation.md",
        "HWJ/07_Manual_Penetration_Guide/README.md",
        "HWJ/PORTFOLIO_DOCUMENTS/07_Manual_Penetration_Guide/05_privilege_escalation.md",
        "HWJ/PORTFOLIO_DOCUMENTS/07_Manual_Penetration_Guide/README.md",
    ),
    "AnnaKu32/thm-rooms": (
        "Mr-Robot-CTF/README.md",
        "Res/README.md",
        "SimpleCTF/README.md",
        "UltraTech/README.md",
        "tomghost/README.md",
    ),
}
SKIP_HASHED = {
}


# only these folders of a repository are read (the rest is a tool's code and docs)
UNDER = {"LucasFaudman/honeypot-ai": "example-reports/"}


def _md(repo):
    skip = set(SKIP.get(repo, ()))
    hashed = set(SKIP_HASHED.get(repo, ()))
    under = UNDER.get(repo, "")
    return [
        p for p in ls(repo)
        if p.lower().endswith((".md", ".markdown")) and p.startswith(under) and p not in skip
        and hashlib.sha256(p.encode()).hexdigest() not in hashed
    ]


def _md_source(source, repos):
    def rows():
        for repo in repos:
            yield from md_danger(source, repo, _md(repo))
    return rows


def _dotfiles():
    yield from filtered(src_h3_dotfiles._rows("h9-dotfiles", DOTFILES))


def _md_benign_source(source, repo, category):
    return lambda: filtered(md_benign(source, repo, [p for p in ls(repo) if p.lower().endswith(".md")], category))


DOTFILES = ["caarlos0/dotfiles", "paulmillr/dotfiles", "sobolevn/dotfiles", "denysdovhan/dotfiles"]

DANGER_MD = [
    ("box-writeups-zh", ["TryHackMyOffsecBox/Target-Machines-WriteUp"]),
    ("htb-writeups-ev", ["evyatar9/Writeups"]),
    ("htb-writeups-cm", ["CalegariMindSec/HTB_Writeups"]),
    ("thm-writeups-cp", ["ChrisPritchard/ctf-writeups"]),
    ("thm-writeups-sd", ["sebastiendamaye/TryHackMe"]),
    ("htb-walkthrough-wr", ["wither-rebirth/Hackthebox-Walkthrough"]),
    ("htb-writeups-zs", ["zhsh9/HackTheBox-Writeup"]),
    ("htb-machines-es", ["sexcott/Hackthebox-machines"]),
    ("k8s-attack-howtos", ["reddogsecurity/RedDogHowTos"]),
    ("htb-boxes-x0", ["x00tex/hackTheBox"]),
    ("cybersec-notes-ru", ["tim-karov/cybersec-notes"]),
    ("htb-writeups-ja", ["yukitsukai47/htbwriteup"]),
    ("htb-writeups-tr", ["acivik/acivik.github.io"]),
    ("aws-study-notes", ["kymb0/web_study"]),
    ("oscp-notes-ko", ["XQXXQXXQXXQX/XQXXQXXQXXQX.github.io"]),
    ("pentest-guide-ko", ["HOHK0923/ReD_Basic"]),
    ("honeypot-attack-reports", ["LucasFaudman/honeypot-ai"]),
    ("thm-rooms-ak", ["AnnaKu32/thm-rooms"]),
    ("linux-live-forensics", ["0xjashim/Linux-Live-Forensics"]),
]

# Extracted and left out on counts (fewer than 5 rows outside `outside-write`, counted before any
# hookward run, as in sets 2-8): k8s-attack-howtos 0 (its attack paths are prose and YAML above all),
# htb-writeups-ja 0, aws-study-notes 0 (inline code spans, not fenced blocks), linux-live-forensics 0
# (inline code spans), cybersec-notes-ru 0 (2 rows, both `outside-write`), htb-writeups-cm 2.
LEFT_OUT = {"aws-study-notes", "cybersec-notes-ru", "htb-writeups-cm", "htb-writeups-ja", "k8s-attack-howtos", "linux-live-forensics"}

_ALL = [Spec(s, "dangerous", rs, _md_source(s, rs)) for s, rs in DANGER_MD] + [
    Spec("h9-dotfiles", "benign", DOTFILES, _dotfiles),
    Spec("dev-setup-guides", "benign", ["donnemartin/dev-setup", "sb2nov/mac-setup"],
         lambda: (r for repo in ("donnemartin/dev-setup", "sb2nov/mac-setup")
                  for r in _md_benign_source("dev-setup-guides", repo, "readme")())),
    Spec("h9-gh-workflows", "benign", available(), lambda: filtered(src_workflows.rows(available(), "h9-gh-workflows"))),
    Spec("h9-package-scripts", "benign", available(), lambda: filtered(src_pkgscripts.rows(available(), "h9-package-scripts"))),
    Spec("h9-makefiles", "benign", available(), lambda: filtered(src_makefiles.rows(available(), "h9-makefiles"))),
    Spec("h9-readme-commands", "benign", available(), lambda: filtered(src_readmes.rows(available(), "h9-readme-commands"))),
    Spec("h9-project-scripts", "benign", available(), lambda: filtered(src_shscripts.rows(available(), "h9-project-scripts"))),
]

SPECS = [spec for spec in _ALL if spec.SOURCE not in LEFT_OUT]
