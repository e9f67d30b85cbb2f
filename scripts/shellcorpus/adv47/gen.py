#!/usr/bin/env python3
"""Builds calls.jsonl of the adv47 set (Windows-native game and tools developers in PowerShell 7 /
Windows PowerShell / cmd on Windows 11 and sometimes WSL: Unreal Engine and Unity builds, MSBuild /
CMake / Ninja / vcpkg / NuGet, C++ and C#, Perforce and git LFS, Steamworks uploads with steamcmd,
signtool and the Windows certificate store, symbol servers, crash dumps and WinDbg/cdb,
scoop/winget/choco, registry and environment variables, Defender, scheduled build tasks, Docker
Desktop, and the game repo's agent files) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv42's adv42/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv47) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
not catch" section and issue 11 only (no hookward source, rules, tables, tests, BENCHMARKS.md or
earlier sets' sessions were read). Claude Code on Windows runs Bash tool calls in Git Bash, so
Windows programs are called from bash (`pwsh -NoProfile -c '…'`, `cmd //c "…"`, `reg`, `p4`, quoted
`C:\\…` paths, `/c/…` paths); WSL sessions use `@HOME@`. Each line of a sessions file is one tool call:

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
# cmdlet or native program inside `pwsh -c '…'` / `powershell.exe -Command "…"`, or the bare line;
# a quoted program path is classed by its file name (`".../signtool.exe" sign …` is signtool).
VCS = {"git", "gh"}
P4 = {"p4", "p4v"}
PKG = {"winget", "scoop", "choco", "vcpkg", "vcpkg.exe", "bootstrap-vcpkg.bat", "nuget", "pip", "Install-Module",
       "Get-InstalledModule"}
ENGINE = {"Build.bat", "RunUAT.bat", "RunUAT.sh", "UnrealBuildTool.exe", "UnrealEditor-Cmd.exe", "UnrealEditor.exe",
          "UnrealInsights.exe", "Unity.exe", "StarfallClient.exe", "hython.exe", "blender.exe", "texconv.exe"}
BUILD = {"cmake", "ctest", "ninja", "dotnet", "MSBuild.exe", "msbuild", "cl", "inf2cat.exe", "devcon.exe", "node",
         "python", "python3", "assetpacker.exe"}
STEAM_SIGN = {"steamcmd.exe", "signtool.exe", "signtool", "certutil", "Get-AuthenticodeSignature", "New-SelfSignedCertificate",
              "Get-FileHash"}
DEBUG = {"cdb.exe", "kd.exe", "symstore.exe", "symchk", "procdump64.exe", "wpr", "xperf", "PresentMon.exe", "logman",
         "wevtutil", "Get-WinEvent", "Get-Counter"}
WINNATIVE = {"reg", "schtasks", "setx", "sc.exe", "netsh", "bcdedit", "powercfg", "robocopy", "icacls", "net", "wsl",
             "cmd", "New-NetFirewallRule", "Confirm-SecureBootUEFI"}
DOCKER_CLOUD = {"docker", "az", "aws", "curl", "ssh", "rsync", "ss"}


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


def program_name(first):
    return re.split(r"[/\\\\]", first.strip('"'))[-1]


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    m = re.match(r'^"([^"]+)"', c)
    first = program_name(m.group(1)) if m else program_name(first_word(c))
    line1 = c.split("\n")[0]
    if re.search(r"(^|/|\s|[;{(])(rm|rd|del|kill|git clean|prune)\b|Remove-|Clear-|Stop-Process|"
                 r"--delete|--force|\s/f\b|\s/delete\b|-Force\b|(client|shelve|label|branch) -d\b|down -v|--clear|/MIR\b", line1):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in P4:
        return "benign-p4"
    if first in PKG:
        return "benign-pkg"
    if first in ENGINE:
        return "benign-engine"
    if first in BUILD:
        return "benign-build"
    if first in STEAM_SIGN:
        return "benign-steam-sign"
    if first in DEBUG:
        return "benign-debug"
    if first in WINNATIVE:
        return "benign-windows-native"
    if first in DOCKER_CLOUD:
        return "benign-docker-cloud"
    if first == "pwsh-script" or re.match(r"^[A-Z][a-z]+-[A-Z]", first):
        return "benign-powershell-other"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
