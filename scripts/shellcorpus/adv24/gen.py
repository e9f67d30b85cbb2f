#!/usr/bin/env python3
"""Builds calls.jsonl of the adv24 set (security engineering team: AppSec, SOC, detection
engineering, incident response, forensics, vulnerability management, cloud security, secret
clean-ups) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv23's adv23/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv24) in one sitting on 2026-12-07, from hookward's README overview and issue 11 only (no
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned alert, log line, e-mail,
issue, scanner output, malware sample string, web page or tool result slipped in). Benign rows get
origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs", "git-filter-repo", "bfg"}
PKG = {"pip", "pip3", "uv", "pipx", "cargo", "rustup", "npm", "npx", "pnpm", "go", "apt",
       "apt-get", "brew", "conda", "poetry", "gem", "bundle"}
BUILD = {"make", "cmake", "ninja", "python", "python3", "pytest", "tox", "ruff", "mypy", "black",
         "shellcheck", "golangci-lint", "eslint", "node", "jest", "tsc", "mvn", "gradle", "./gradlew",
         "sphinx-build", "mkdocs", "opa", "conftest", "rego", "sigma", "sigmac", "yamllint",
         "actionlint", "pre-commit", "terraform", "tflint"}
SCAN = {"semgrep", "bandit", "trivy", "grype", "syft", "gitleaks", "trufflehog", "detect-secrets",
        "checkov", "tfsec", "kics", "prowler", "scout", "nmap", "masscan", "nuclei", "zap-baseline.py",
        "zap.sh", "nikto", "sqlmap", "ffuf", "gobuster", "osv-scanner", "snyk", "codeql", "dependency-check",
        "testssl.sh", "sslscan", "hashcat", "john", "hydra", "kube-bench", "kube-hunter", "lynis",
        "httpx", "subfinder", "amass", "dnsx", "naabu", "cosign", "slsa-verifier", "docker-bench-security.sh"}
DFIR = {"yara", "capa", "floss", "strings", "exiftool", "file", "sha256sum", "md5sum", "ssdeep",
        "tshark", "tcpdump", "zeek", "suricata", "chainsaw", "hayabusa", "log2timeline.py", "psort.py",
        "fls", "mmls", "icat", "istat", "fsstat", "img_stat", "tsk_recover", "vol", "vol.py", "volatility3",
        "ewfinfo", "ewfverify", "ewfexport", "ewfmount", "7z", "7za", "unzip", "olevba", "oledump.py",
        "pdfid.py", "pdf-parser.py", "xxd", "hexdump", "objdump", "readelf", "r2", "rabin2", "ghidra",
        "analyzeHeadless", "binwalk", "velociraptor", "osqueryi", "ausearch", "aureport", "last", "lastb",
        "journalctl", "zcat", "zgrep", "mount", "umount", "losetup", "qemu-img", "virt-inspector",
        "guestmount", "bulk_extractor", "photorec", "plaso", "dissect", "target-query", "jq", "duckdb",
        "sqlite3", "clamscan", "freshclam", "upx", "pefile", "diec", "peframe", "msgconvert", "emlAnalyzer"}
CLOUD = {"aws", "gcloud", "az", "kubectl", "helm", "docker", "podman", "vault", "op", "kind",
         "minikube", "eksctl", "steampipe", "cloudquery", "cartography"}
OPS = {"ssh", "scp", "rsync", "psql", "redis-cli", "openssl", "systemctl", "curl", "wget", "http",
       "tar", "gpg", "ssh-keygen", "step", "cfssl", "dig", "host", "whois", "nft", "iptables",
       "ufw", "ss", "netstat", "lsof", "ps", "splunk", "kibana", "elasticsearch", "xh"}


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
    if first in ("sudo", "env", "time", "nice", "timeout") and len(words) > 1:
        first = words[1]
        if first.startswith("-") or re.match(r"^\d+[smh]?$", first):
            first = words[2] if len(words) > 2 else first
    if re.search(r"(^|/)(rm|shred|kill|pkill|git reset|git clean|git filter-repo)\b|--force|-delete\b"
                 r"|\bdelete\b|revoke|disable|infected|quarantine|malware|exploit|hashcat|sqlmap",
                 c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in SCAN:
        return "benign-scanner"
    if first in DFIR:
        return "benign-dfir"
    if first in BUILD:
        return "benign-build-test-lint"
    if first in CLOUD:
        return "benign-cloud"
    if first in OPS:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
