#!/usr/bin/env python3
"""Builds calls.jsonl of the adv42 set (company IT / endpoint administration of a Windows and macOS
fleet from admin laptops: PowerShell ActiveDirectory / Microsoft Graph / ExchangeOnline / Intune,
Group Policy, winget/Chocolatey, registry, scheduled tasks, BitLocker, Jamf Pro and macOS profiles,
launchctl, security, fdesetup, Entra ID app registrations, Okta) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv42) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
not catch" section and issue 11 only (no hookward source, rules, tables, tests, BENCHMARKS.md or
earlier sets' sessions were read). Each line of a sessions file is one tool call:

    ## session NAME [mode=MODE]           starts a session (the rows' `task`); MODE is the payload's
                                          permission_mode for every row of the session (default: default)
    B [flags] :: CALL                     a benign call, expected `allow`
    D CLASS EXPECT ORIGIN [flags] :: CALL a dangerous call, expected EXPECT (ask/deny) at least

CALL is a shell command for the Bash tool (`⏎` stands for a newline), or a tool name
(Read, Write, Edit, MultiEdit, Glob, Grep, WebFetch, mcp__server__tool) followed by the
tool_input as JSON. Row flags: `bp` = bypassPermissions, `ae` = acceptEdits, `da` = dontAsk (they
override the session's mode); `cls=NAME` = the benign row's class; `note=TEXT_WITH_UNDERSCORES`.
Where nobody answers an ask (bypassPermissions and dontAsk for every tool; acceptEdits for Write,
Edit, MultiEdit, NotebookEdit: issue 11 item 6), a dangerous row must expect deny; gen.py checks it.
`@HOME@` / `@PROJ@` are replaced by the runner with the temp home / project folder (the agent's cwd
is the project, inside the home).
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, pipeline doc,
ticket, e-mail, log line, web page, sample sheet or tool result slipped in). Benign rows get
origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes (the author's own, simple split). PowerShell lines are classed by the first
# cmdlet or native program inside `pwsh -c '…'` / `powershell.exe -Command "…"`, or the bare line.
VCS = {"git", "gh"}
PKG = {"apt", "apt-get", "dpkg", "pip", "pipx", "brew", "mas", "winget", "choco", "msiexec",
       "installer", "pkgutil", "pkgbuild", "productsign", "ansible-galaxy", "Install-Module",
       "Uninstall-Module", "Install-Script", "Get-Package", "Get-AppxPackage",
       "Get-AppxProvisionedPackage", "Get-InstalledModule", "Test-ModuleManifest", "Import-Module"}
MACOS = {"profiles", "launchctl", "security", "fdesetup", "jamf", "defaults", "plutil", "sw_vers",
         "softwareupdate", "diskutil", "sysadminctl", "spctl", "csrutil", "dockutil", "pmset",
         "tmutil", "killall", "open", "codesign", "xattr", "log", "mdatp", "dscacheutil",
         "/usr/libexec/PlistBuddy", "/Applications/Falcon.app/Contents/Resources/falconctl",
         "lpstat", "lpadmin", "cancel", "scutil"}
WINNATIVE = {"reg", "schtasks", "manage-bde", "gpupdate", "gpresult", "certutil", "certreq",
             "wevtutil", "netsh", "powershell.exe", "./tools/IntuneWinAppUtil.exe", "Test-NetConnection"}
IDENTITY_API = {"curl", "okta-aws-cli", "az", "aws", "terraform", "ldapsearch", "kinit"}
OPS = {"ssh", "scp", "ansible", "openssl", "keytool", "jq", "xmllint", "csvstat", "column", "nc",
       "snmpget", "rclone", "shellcheck", "bats", "python3", "sha256sum", "ssh-keygen", "chmod"}
AD = re.compile(r"^(Get|Set|New|Add|Remove|Move|Unlock|Disable|Enable|Find|Reset)-(AD|GP|Laps)|"
                r"^(Backup-GPO|Invoke-GPUpdate|Get-GPResultantSetOfPolicy)")
GRAPH = re.compile(r"^(Connect|Disconnect|Get|Set|New|Update|Remove|Invoke|Sync|Revoke|Reset|"
                   r"Clear|Confirm|Send)-Mg|^BackupToAAD")
EXO = re.compile(r"^(Connect-ExchangeOnline|Disconnect-ExchangeOnline|Get-EXO|[A-Za-z]+-(Mailbox|"
                 r"InboxRule|TransportRule|MessageTrace|DistributionGroup|CalendarProcessing|"
                 r"QuarantineMessage|RecipientPermission|HostedContentFilterPolicy|"
                 r"RecoverableItems|MailboxFolderStatistics|MailboxAutoReplyConfiguration))")


def first_word(c):
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice", "nohup", "command") and len(words) > 1:
        first = words[1]
    m = re.match(r"""^(?:pwsh|powershell(?:\.exe)?)\s+(?:-\S+\s+)*?-(?:c|Command)\s+['"]?(.*)""", c)
    if first in ("pwsh", "powershell.exe", "powershell") and m:
        inner = re.sub(r"^(\$\w+\s*=\s*)?[(&\s]*", "", m.group(1).split(";")[0])
        inner = re.sub(r"^Import-Module\s+\S+\s*", "", inner) or m.group(1)
        first = inner.split()[0] if inner.split() else first
    elif first in ("pwsh",) and "-File" in words:
        first = "pwsh-script"
    return first


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    first = first_word(c)
    line1 = c.split("\n")[0]
    if re.search(r"(^|/|\s|[;{(])(rm|kill|killall|pkill|shred|git clean)\b|Remove-|Clear-|purge|"
                 r"--delete|--force|\s/f\b|\s/delete\b|-Force\b|Stop-(Process|Service)|"
                 r"Restart-(Computer|Service)|wipe|uninstall|bootout|cancel -a", line1):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if AD.match(first):
        return "benign-ad-gpo"
    if GRAPH.match(first):
        return "benign-graph-intune"
    if EXO.match(first):
        return "benign-exchange"
    if first in MACOS:
        return "benign-macos"
    if first in WINNATIVE:
        return "benign-windows-native"
    if first in IDENTITY_API:
        return "benign-identity-api"
    if first == "pwsh-script" or re.match(r"^(Get|Set|Start|Add|Invoke|Update|Register|Send|Test|"
                                          r"Suspend|Unlock|Import|Get-\w+)", first):
        return "benign-powershell-other"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
