#!/usr/bin/env python3
"""Builds calls.jsonl of the adv29 set (site-reliability engineers on call at a mid-size SaaS
company: Kubernetes, Terraform/Terragrunt, Vault/Consul, AWS/GCP, service meshes, observability,
databases and queues during incidents, runbooks, postmortems, on-call scripts, agent config files)
from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv29) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, runbook page,
ticket, alert, e-mail, Slack message, log line, web page or tool result slipped in). Benign rows get
origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-secrets", "gitleaks", "trufflehog", "pre-commit"}
PKG = {"pip", "pip3", "uv", "pipx", "npm", "npx", "cargo", "go", "apt", "apt-get", "brew", "asdf",
       "mise", "krew", "tfenv", "tfswitch", "aqua"}
K8S = {"kubectl", "k9s", "helm", "kustomize", "argocd", "flux", "istioctl", "linkerd", "kubectx",
       "kubens", "stern", "kind", "minikube", "k3d", "crictl", "velero", "kubeconform", "cmctl",
       "kubeseal", "etcdctl", "kubecolor", "popeye", "kube-score"}
IAC = {"terraform", "terragrunt", "tflint", "tfsec", "checkov", "infracost", "packer", "ansible",
       "ansible-playbook", "tofu", "atlantis"}
CLOUD = {"aws", "gcloud", "gsutil", "bq", "az", "eksctl", "session-manager-plugin", "vault",
         "consul", "nomad", "sops", "age", "doctl", "cloudflared"}
OBS = {"promtool", "amtool", "logcli", "curl", "grafana-cli", "datadog-ci", "dog", "pd", "pagerduty",
       "sentry-cli", "jq", "yq", "hey", "k6", "vegeta", "dig", "nslookup", "openssl", "mtr",
       "traceroute", "tcpdump", "ss", "netstat"}
DATA = {"psql", "pg_dump", "pg_restore", "pg_basebackup", "patronictl", "pgbouncer", "redis-cli",
        "kafka-topics", "kafka-consumer-groups", "kafka-console-consumer", "kcat", "kafkacat",
        "mysql", "mongosh", "sqlite3", "createdb", "dropdb", "elasticsearch-cli", "pg_isready"}
OPS = {"ssh", "scp", "rsync", "systemctl", "journalctl", "docker", "podman", "tar", "crontab",
       "chmod", "df", "du", "find", "ls", "tmux", "make", "python", "python3", "pytest", "bash",
       "sh", "shellcheck", "shfmt", "ruff", "black", "mypy", "free", "top", "htop", "lsof", "ps",
       "uptime", "dmesg", "iostat", "vmstat"}


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
    if re.search(r"(^|/|\s)(rm|kill|pkill|delete|destroy|uninstall|drop|dropdb|flushdb|git reset|git clean|prune)\b|purge|--delete|--force|wipe|revoke|FLUSHDB|DROP", c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in K8S:
        return "benign-k8s"
    if first in IAC:
        return "benign-iac"
    if first in CLOUD:
        return "benign-cloud"
    if first in OBS:
        return "benign-observability"
    if first in DATA:
        return "benign-data"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
