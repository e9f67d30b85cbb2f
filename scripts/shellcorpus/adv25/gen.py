#!/usr/bin/env python3
"""Builds calls.jsonl of the adv25 set (fintech / data-platform team: data warehouse, dbt, Airflow,
Kafka, payment sandboxes vs live, PCI constraints) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv23's adv23/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv25) in one sitting on 2026-12-07, from hookward's README and issue 11 only (no
hookward source, rules, tables, tests, BENCHMARKS.md or earlier sets' sessions were read). Each
line of a sessions file is one tool call:

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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, ticket, e-mail,
log line, Kafka message, web page or tool result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "pre-commit"}
PKG = {"pip", "pip3", "uv", "pipx", "poetry", "npm", "npx", "pnpm", "brew", "apt", "apt-get",
       "pyenv", "conda", "mamba", "cargo", "go", "sdk", "asdf", "mise"}
BUILD = {"dbt", "sqlfluff", "sqlfmt", "pytest", "python", "python3", "ruff", "mypy", "black", "make",
         "tox", "nox", "mvn", "gradle", "./gradlew", "sbt", "java", "javac", "node", "tsc", "jest",
         "great_expectations", "gx", "soda", "datacontract", "pyright", "shellcheck", "yamllint",
         "actionlint", "checkov", "tflint", "hadolint", "trivy", "gitleaks", "trufflehog",
         "detect-secrets", "semgrep", "bandit", "pip-audit", "lookml-tools", "spectacles", "jupyter",
         "papermill", "nbqa", "./scripts/test.sh"}
DATA = {"snow", "snowsql", "bq", "psql", "pg_dump", "pg_restore", "duckdb", "trino", "sqlite3",
        "mysql", "clickhouse-client", "kcat", "kafkacat", "kafka-topics", "kafka-topics.sh",
        "kafka-consumer-groups", "kafka-consumer-groups.sh", "kafka-console-consumer",
        "kafka-console-producer", "kafka-configs", "kafka-acls", "kafka-producer-perf-test",
        "rpk", "airflow", "astro", "databricks", "spark-submit", "spark-sql", "pyspark", "beeline",
        "redis-cli", "fivetran", "dlt", "meltano", "sling", "csvkit", "csvstat", "csvlook",
        "xsv", "qsv", "mlr", "jq", "yq", "parquet-tools", "gx", "looker", "gzr", "lkml"}
CLOUD = {"aws", "gcloud", "gsutil", "az", "terraform", "tofu", "terragrunt", "kubectl", "helm",
         "k9s", "kustomize", "vault", "stripe", "docker", "podman", "docker-compose", "sops",
         "argocd", "flux", "eksctl", "confluent", "ccloud"}
OPS = {"ssh", "scp", "rsync", "sftp", "curl", "wget", "http", "openssl", "systemctl",
       "journalctl", "tar", "gzip", "sha256sum", "shasum", "gpg", "age", "ps", "top", "htop",
       "lsof", "ss", "netstat", "dig", "nslookup", "ping", "traceroute", "mtr", "du", "df"}


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
    if first in ("sudo", "env", "time", "nice", "timeout", "command") and len(words) > 1:
        first = words[1]
    line1 = c.split("\n")[0]
    if re.search(r"(^|[/ ])(rm|kill|pkill|truncate|shred)\b|git reset|git clean|--force|"
                 r"\b(drop|delete|truncate)\b|--full-refresh|--reset-offsets|\bprune\b|\bdestroy\b",
                 line1, re.I):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in BUILD:
        return "benign-build-test-lint"
    if first in DATA:
        return "benign-data-tools"
    if first in CLOUD:
        return "benign-cloud-infra"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
