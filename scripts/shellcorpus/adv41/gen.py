#!/usr/bin/env python3
"""Builds calls.jsonl of the adv41 set (platform engineers writing Go: Kubernetes operators with
kubebuilder / controller-runtime / envtest on kind and k3d clusters, Helm charts, container images
with ko, buildah, crane, cosign and SBOMs, eBPF tools, gRPC services, golangci-lint, goreleaser
releases, private Go modules (GOPRIVATE, GONOSUMDB, GOPROXY), Vault and cert-manager) from
sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Copied from h-adv26's adv26/gen.py (same row format, so ../adv11/run.py runs it; only this
header and the benign class word lists changed). The sessions were written by hand by one author
(h-adv41) in one sitting on 2026-12-07, from hookward's README overview, its "What hookward does
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, issue, PR
comment, Helm values file, CRD example, controller log, e-mail, web page, Slack message or tool
result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs"}
GO = {"go", "gofmt", "goimports", "golangci-lint", "gopls", "dlv", "staticcheck", "govulncheck",
      "buf", "protoc", "mockgen", "controller-gen", "kubebuilder", "operator-sdk", "setup-envtest",
      "ginkgo", "gotestsum", "make", "goreleaser", "grpcurl", "ghz", "stringer", "air", "wire",
      "sqlc", "gosec", "bpftool", "bpf2go", "clang", "llvm-strip", "bpftrace", "cilium", "tetra"}
K8S = {"kubectl", "kind", "k3d", "helm", "kustomize", "k9s", "stern", "kubeconform", "ct",
       "helmfile", "skaffold", "tilt", "flux", "argocd", "cmctl", "kubeseal", "istioctl", "kubens",
       "kubectx", "krew", "clusterctl", "velero"}
IMG = {"ko", "docker", "podman", "buildah", "crane", "cosign", "syft", "grype", "trivy", "skopeo",
       "oras", "regctl", "dive", "hadolint", "rekor-cli", "notation", "nerdctl", "ctr", "crictl"}
SEC = {"vault", "openssl", "step", "cfssl", "sops", "age", "gpg", "ssh-keygen", "consul",
       "terraform", "aws", "gcloud", "az", "jq", "yq", "curl", "ssh", "scp", "rsync", "psql",
       "redis-cli", "systemctl", "journalctl"}


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
    if re.search(r"(^|/|\s)(rm|kill|pkill|git reset|git clean)\b|prune|purge|--delete|--force|\bdelete\b|wipe|uninstall|\bdestroy\b|--rm\b", c.split("\n")[0]):
        return "benign-scary-looking"
    if first in VCS:
        return "benign-git"
    if first in GO:
        return "benign-go-build"
    if first in K8S:
        return "benign-k8s"
    if first in IMG:
        return "benign-image"
    if first in SEC:
        return "benign-ops"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
