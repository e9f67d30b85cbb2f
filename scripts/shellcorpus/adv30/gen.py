#!/usr/bin/env python3
"""Builds calls.jsonl of the adv30 set (machine-learning / data platform team: notebooks and Python
environments, GPU training boxes, Slurm and Kubernetes jobs, datasets in object stores, experiment
tracking, model hubs, data pipelines and warehouses, feature stores, training images, vector
databases) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv30) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, model or dataset
card, notebook cell, ticket, e-mail, log line, web page, PR description or tool result slipped in).
Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "dvc", "pre-commit"}
PKG = {"pip", "pip3", "uv", "uvx", "pipx", "conda", "mamba", "micromamba", "poetry", "pdm",
       "npm", "cargo", "apt", "apt-get", "brew", "nbstripout"}
COMPUTE = {"sbatch", "squeue", "scancel", "sacct", "sinfo", "srun", "salloc", "scontrol", "sshare",
           "seff", "sstat", "nvidia-smi", "nvcc", "torchrun", "accelerate", "deepspeed", "py-spy",
           "kubectl", "helm", "k9s", "kind", "minikube", "ray", "skypilot", "sky", "dcgmi",
           "nvtop", "gpustat"}
ML = {"python", "python3", "pytest", "jupyter", "ipython", "papermill", "mlflow", "wandb",
      "huggingface-cli", "hf", "tensorboard", "vllm", "lm_eval", "optuna", "feast", "dvc",
      "ruff", "black", "mypy", "make", "just", "quarto", "tox", "nox", "label-studio"}
DATA = {"dbt", "airflow", "snowsql", "snow", "bq", "duckdb", "sqlite3", "psql", "spark-submit",
        "pyspark", "trino", "clickhouse-client", "redis-cli", "qdrant", "dagster", "prefect",
        "great_expectations", "gx", "sqlfluff", "parquet-tools", "csvkit", "xsv", "mysql"}
XFER = {"aws", "gsutil", "gcloud", "az", "azcopy", "s5cmd", "rclone", "rsync", "scp", "sftp",
        "wget", "curl", "mc", "aria2c", "gcsfuse", "blobfuse2"}
OPS = {"ssh", "openssl", "systemctl", "journalctl", "jq", "yq", "tar", "docker", "podman",
       "crane", "skopeo", "terraform", "crontab", "chmod", "chown", "df", "du", "ncdu", "find",
       "ls", "tmux", "screen", "lsblk", "mount", "ss", "lsof", "ps", "top", "htop", "sudo"}


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
    if re.search(r"(^|/|\s)(rm|kill|pkill|scancel|git reset|git clean|prune|down -v)\b|purge|--delete|--force|wipe|gc\b|delete|drop |truncate", c.split("\n")[0], re.I):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in COMPUTE:
        return "benign-compute"
    if first in ML:
        return "benign-ml"
    if first in DATA:
        return "benign-data"
    if first in XFER:
        return "benign-transfer"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
