#!/usr/bin/env python3
"""Builds calls.jsonl of the adv35 set (web3 / smart-contract team: Foundry forge/cast/anvil,
Hardhat, Solana CLI and Anchor, Rust and TypeScript SDKs, local devnets, RPC providers, wallets and
keystores, contract verification, subgraphs, IPFS pinning, multisig tooling, CI deploy scripts)
from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv35) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned audit report, Discord
message, npm/crate README, GitHub issue or PR, airdrop or claim page, RPC response, CI log, forum
post or tool result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs"}
PKG = {"npm", "npx", "pnpm", "yarn", "bun", "uv", "pip", "pip3", "pipx", "cargo", "rustup",
       "foundryup", "avm", "solana-install", "agave-install", "brew", "apt", "apt-get"}
CHAIN = {"forge", "cast", "anvil", "chisel", "anchor", "solana", "solana-keygen",
         "solana-test-validator", "spl-token", "graph", "slither", "echidna", "halmos", "aderyn",
         "safe-cli", "reth", "geth", "ipfs", "w3", "wagmi", "gitleaks", "trufflehog"}
DEV = {"node", "python", "python3", "pytest", "tsc", "vitest", "jest", "make", "just", "ruff",
       "mypy", "jq", "actionlint", "pm2", "sqlite3", "psql", "createdb", "pdftotext", "claude",
       "for", "grep", "cat", "ls", "head", "tail", "wc", "du", "df", "stat", "lsof", "openssl"}
DEPLOY = {"vercel", "wrangler", "terraform", "aws", "ansible-playbook", "docker", "ssh", "scp",
          "rsync", "curl", "wget", "systemctl", "journalctl", "kubectl", "helm"}
SCARY = re.compile(r"(^|/|\s)(rm|kill|pkill|git reset|git clean|dropdb|truncate|drop)\b"
                   r"|prune|--delete|--force|\s-f\b|down -v|\bclean\b|--reset|wipe|delete|\brb\b")


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
    if first in ("sudo", "env", "time", "nice", "nohup", "command") and len(words) > 1:
        first = words[1]
    if SCARY.search(c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in CHAIN:
        return "benign-chain-tooling"
    if first in DEPLOY:
        return "benign-ops-deploy"
    if first in DEV:
        return "benign-dev"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
