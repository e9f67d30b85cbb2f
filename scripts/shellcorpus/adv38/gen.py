#!/usr/bin/env python3
"""Builds calls.jsonl of the adv38 set (healthcare analytics team handling patient data: R and
RStudio, Python pandas, SAS exports, REDCap and FHIR APIs, de-identification scripts,
PostgreSQL / SQL Server warehouses, Excel/CSV files with PHI, Tableau / Power BI extracts, SFTP
drops to partners, HIPAA audit logs) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv38) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, data dictionary,
ticket, e-mail, log line, web page, partner spec, FHIR resource or tool result slipped in). Benign
rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "dvc", "pre-commit"}
PKG = {"pip", "pip3", "uv", "pipx", "conda", "mamba", "micromamba", "npm", "renv", "apt",
       "apt-get", "brew", "poetry", "install2.r", "R", "Rscript"}
ANALYSIS = {"python", "python3", "pytest", "jupyter", "quarto", "sas", "sas.sh", "make", "ruff",
            "black", "mypy", "dbt", "duckdb", "csvstat", "csvcut", "csvlook", "xsv", "qsv",
            "in2csv", "sqlfluff", "great_expectations", "nbconvert", "papermill", "jq", "yq",
            "tabcmd", "pbi-tools", "lintr", "wc", "head", "tail", "awk", "sort", "uniq", "cut",
            "md5sum", "sha256sum", "diff", "pandoc", "libreoffice", "soffice", "xlsx2csv"}
DB = {"psql", "pg_dump", "pg_restore", "sqlcmd", "bcp", "mssql-cli", "sqlite3", "mysql",
      "createdb", "dropdb", "pg_isready", "alembic", "flyway", "liquibase", "usql"}
XFER = {"sftp", "scp", "rsync", "lftp", "curl", "wget", "aws", "az", "azcopy", "gsutil", "gcloud",
        "rclone", "http", "gpg", "age", "openssl", "7z", "zip", "unzip", "tar", "gzip"}
OPS = {"ssh", "systemctl", "journalctl", "docker", "podman", "kubectl", "helm", "terraform",
       "crontab", "chmod", "chown", "chgrp", "setfacl", "getfacl", "find", "ls", "du", "df", "ps",
       "tmux", "screen", "lsof", "ss", "ausearch", "aureport", "logrotate", "stat", "file"}


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
    if re.search(r"(^|/|\s)(rm|kill|pkill|shred|dropdb|git reset|git clean)\b|purge|prune|--delete|--force|-f\b.*(DROP|TRUNCATE)|DROP |TRUNCATE |wipe", c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in DB:
        return "benign-db"
    if first in ANALYSIS:
        return "benign-analysis"
    if first in XFER:
        return "benign-transfer"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
