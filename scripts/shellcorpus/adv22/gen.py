#!/usr/bin/env python3
"""Builds calls.jsonl of the adv22 set (a mixture of people on their own machines) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv20's adv20/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv22) in one sitting on 2026-12-07, from hookward's README and issue 11 only (no hookward
source, rules, tables, tests, BENCHMARKS.md or earlier sets' sessions were read). Each line of a
sessions file is one tool call:

    ## session NAME [mode=MODE]           starts a session (the rows' `task`); MODE is the payload's
                                          permission_mode for every row of the session (default: default)
    B [flags] :: CALL                     a benign call, expected `allow`
    D CLASS EXPECT ORIGIN [flags] :: CALL a dangerous call, expected EXPECT (ask/deny) at least

CALL is a shell command for the Bash tool (`⏎` stands for a newline), or a tool name
(Read, Write, Edit, MultiEdit, Glob, Grep, WebFetch, mcp__server__tool) followed by the
tool_input as JSON. Row flags: `bp` = bypassPermissions, `ae` = acceptEdits, `da` = dontAsk (they
override the session's mode); `cls=NAME` = the benign row's class; `note=TEXT_WITH_UNDERSCORES`.
Where nobody answers an ask (bypassPermissions and dontAsk for every tool; acceptEdits for Write,
Edit, MultiEdit, NotebookEdit: issue 11 item 6, README "Who answers an ask"), a dangerous row
must expect deny; gen.py checks it.
`@HOME@` / `@PROJ@` are replaced by the runner with the temp home / project folder (the agent's cwd
is the project, inside the home).
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, issue, e-mail,
log line, web page, student submission, translation file or tool/MCP result slipped in). Benign
rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "git-filter-repo", "tig"}
PKG = {"npm", "pnpm", "yarn", "npx", "pip", "pip3", "uv", "poetry", "pipx", "cargo", "go", "gem",
       "bundle", "brew", "apt", "apt-get", "apt-cache", "dpkg", "dnf", "conda", "mamba", "micromamba",
       "rustup", "opam", "forge", "foundryup", "Rscript-pkg", "winget.exe", "flatpak", "snap",
       "tlmgr", "composer"}
BUILD = {"python", "python3", "pytest", "make", "cmake", "ninja", "gcc", "clang", "cc", "valgrind",
         "gdb", "ctest", "node", "ruff", "mypy", "tox", "nox", "cargo-nextest", "latexmk", "pdflatex",
         "biber", "bibtex", "pandoc", "hugo", "mkdocs", "sphinx-build", "quarto", "Rscript", "R",
         "jupyter", "godot", "godot4", "snakemake", "nextflow", "anvil", "cast", "shellcheck",
         "clang-format", "clang-tidy", "perf", "bpftrace", "wp", "msgfmt", "msgmerge", "xgettext",
         "hledger", "ledger", "duckdb", "dbt", "sqlfluff", "vale", "markdownlint", "lychee"}
SEC = {"nmap", "trivy", "semgrep", "gitleaks", "trufflehog", "osv-scanner", "grype", "syft",
       "yara", "strings", "file", "sha256sum", "openssl", "tcpdump", "ss", "lsof", "auditctl",
       "ausearch", "chkrootkit", "rkhunter", "clamscan", "osqueryi", "cosign", "gpg", "ssh-keygen",
       "ssh-add", "age", "sops", "zeek", "tshark", "ghidra", "radare2", "r2", "objdump", "readelf",
       "checksec", "bandit", "pip-audit", "cargo-audit", "npm-audit"}
INFRA = {"aws", "gcloud", "az", "kubectl", "helm", "terraform", "tofu", "docker", "docker-compose",
         "podman", "vault", "argocd", "kustomize", "k9s", "kind", "minikube", "packer", "ansible",
         "ansible-playbook", "bq", "gsutil", "flux", "stern", "kubectx", "kubens", "sbatch", "squeue",
         "sacct", "scancel", "module", "sinfo", "srun"}
OPS = {"ssh", "scp", "rsync", "psql", "mysql", "sqlite3", "pg_dump", "dig", "nslookup", "curl",
       "wget", "crontab", "launchctl", "systemctl", "journalctl", "zfs", "zpool", "smartctl",
       "lsblk", "blkid", "df", "du", "mount", "umount", "findmnt", "restic", "borg", "rclone",
       "lftp", "sftp", "lpstat", "lpadmin", "nmcli", "ip", "ping", "traceroute", "dmesg", "free",
       "uptime", "htop", "top", "sensors", "fwupdmgr", "timeshift", "defaults", "mdfind",
       "diskutil", "powershell.exe", "cmd.exe", "wsl.exe", "explorer.exe", "esptool.py",
       "esptool", "arduino-cli", "pio", "platformio", "picocom", "minicom", "rpi-imager",
       "ffmpeg", "ffprobe", "sox", "exiftool", "magick", "convert", "yt-dlp", "crowdin", "tx"}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice", "command") and len(words) > 1:
        first = words[1]
    first_line = c.split("\n")[0]
    if re.search(r"(^|[;&|(]\s*|/)(rm|kill|pkill|killall|shred|truncate|dd|wipefs)\b|git (reset|clean)\b"
                 r"|\b(drop|delete|destroy|prune|purge)\b", first_line, re.I):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in BUILD:
        return "benign-build-test-data"
    if first in SEC:
        return "benign-security-tools"
    if first in INFRA:
        return "benign-cloud-infra-hpc"
    if first in OPS:
        return "benign-ops-media-hw"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
