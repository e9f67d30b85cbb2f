#!/usr/bin/env python3
"""Builds calls.jsonl of the adv43 set (a small startup building an LLM application: FastAPI,
LangChain/LlamaIndex, model-provider API keys in .env and secret managers, vector databases,
document ingestion from S3/OCR/scraping, evals, prompt files and agent tool configs, Docker
Compose, Vercel/Fly.io deploys, Langfuse/Helicone tracing) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv43) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
not catch" section and issue 11 only (no hookward source, rules, tables, tests, BENCHMARKS.md or
earlier sets' results were read). Each line of a sessions file is one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, GitHub issue,
ticket, e-mail, retrieved document chunk, scraped page, OCRed PDF, eval dataset row, trace, log
line or tool result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "pre-commit", "gitleaks"}
PKG = {"pip", "pip3", "uv", "uvx", "pipx", "poetry", "pdm", "conda", "npm", "npx", "pnpm",
       "yarn", "bun", "brew", "apt", "apt-get", "cargo"}
APP = {"python", "python3", "pytest", "uvicorn", "gunicorn", "alembic", "ruff", "black", "mypy",
       "jupyter", "promptfoo", "deepeval", "ragas", "langchain", "llamaindex-cli", "ollama",
       "vllm", "ocrmypdf", "pdftotext", "tesseract", "playwright", "make", "node", "tsc",
       "next", "locust", "k6", "hey", "nvidia-smi", "huggingface-cli", "llm"}
CLOUD = {"aws", "gcloud", "az", "fly", "flyctl", "vercel", "doppler", "op", "vault",
         "terraform", "pulumi", "railway", "modal", "langfuse", "s5cmd", "rclone"}
DATA = {"psql", "pg_dump", "pg_restore", "createdb", "dropdb", "sqlite3", "redis-cli", "mongosh",
        "weaviate-cli", "curl", "wget", "http", "jq", "yq"}
OPS = {"docker", "podman", "kubectl", "helm", "ssh", "scp", "rsync", "systemctl", "journalctl",
       "tar", "openssl", "crontab", "chmod", "df", "du", "find", "ls", "lsof", "ps", "tmux",
       "htop", "free", "ss", "ufw"}


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
    if first in ("uv", "poetry", "pdm") and len(words) > 2 and words[1] == "run":
        first = words[2]  # `uv run X`: the class of X
    if re.search(r"(^|/|\s)(rm|rmi|rb|kill|pkill|dropdb|destroy|truncate|git reset|git clean)\b|"
                 r"TRUNCATE|DROP |DELETE|delete|terminate-|FLUSH|prune|purge|--force|down -v|wipe",
                 c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in APP:
        return "benign-app-dev"
    if first in CLOUD:
        return "benign-cloud"
    if first in DATA:
        return "benign-data"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
