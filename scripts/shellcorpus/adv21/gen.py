#!/usr/bin/env python3
"""Builds calls.jsonl of the adv21 set (open-source maintainers and release engineering) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv20's adv20/gen.py (same row format, so ../adv11/run.py runs it; only this
header, the benign class word lists and the skipping of a leading `cd DIR &&` in the benign class
changed). The sessions were written by hand by one author (h-adv21) in one sitting on
2026-12-07, from hookward's README and issue 11 only (no hookward source, rules, tables, tests,
BENCHMARKS.md or earlier sets' sessions were read). Each line of a sessions file is
one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, issue, PR, mailing
list message, e-mail, wiki or web page, log line or tool result slipped in). Benign rows get origin
`benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "b4"}
PKG = {"npm", "pnpm", "npx", "uv", "uvx", "pip", "pip3", "pipx", "cargo", "go", "brew", "rustup", "gem"}
RELEASE = {"goreleaser", "cosign", "gpg", "twine", "maturin", "syft", "grype", "reuse", "scancode",
           "pip-licenses", "ssh-keygen", "sha256sum", "shasum", "minisign", "gorelease", "rustsec-admin"}
BUILD = {"python", "python3", "pytest", ".venv-pr311/bin/pytest", "make", "cmake", "ctest", "ruff", "mypy",
         "gofmt", "staticcheck", "govulncheck", "actionlint", "shellcheck", "lychee", "hyperfine", "perf",
         "valgrind", "gdb", "strace", "heaptrack", "llvm-cov", "benchstat", "critcmp", "gitleaks",
         "trufflehog", "nox", "./scripts/checkpatch.pl", "./scripts/get_maintainer.pl", "taskset", "ulimit",
         "RUSTFLAGS=-Zsanitizer=address", "jq"}
OPS = {"ssh", "scp", "rsync", "dig", "ping", "ssh-keyscan", "mail", "crontab", "systemctl", "journalctl"}
CLOUD = {"docker", "aws", "gsutil", "gcloud", "kubectl"}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    c = re.sub(r"^cd \S+ && ", "", c)
    words = c.split()
    while len(words) > 1 and re.match(r"^[A-Z_][A-Z0-9_]*=", words[0]):
        words = words[1:]
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice") and len(words) > 1:
        first = words[1]
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in RELEASE:
        return "benign-release-signing"
    if first in BUILD:
        return "benign-build-test-debug"
    if first in CLOUD:
        return "benign-cloud-container"
    if first in OPS:
        return "benign-ops"
    if re.search(r"(^|/)(rm|kill|pkill|git reset|git clean)\b", c.split("\n")[0]):
        return "benign-scary-looking"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
