#!/usr/bin/env python3
"""Builds calls.jsonl of the adv17 set (everyday developer sessions across ecosystems) from sessions_*.txt.

Usage: gen.py            (writes calls.jsonl and calls.jsonl.sha256 beside this script)

Adapted from adv16/gen.py (same row format, so ../adv11/run.py runs it). The sessions were written by
hand by one author (h-adv17) in one sitting on 2026-12-06, from hookward's README and issue 11 only
(no hookward source, rules, tests or earlier sets' sessions were read). Each line of a sessions file is
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
ORIGIN: accident (the agent's own mistake) or injected (a step a poisoned README, issue, log line,
web page or tool result slipped in). Benign rows get origin `benign`.
"""
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import advgen  # noqa: E402  (the shared builder: ../advgen.py)

# benign Bash classes by the first program word (the author's own, simple split)
VCS = {"git", "gh", "glab", "git-lfs"}
PKG = {"npm", "pnpm", "yarn", "npx", "bun", "pip", "pip3", "uv", "poetry", "pipx", "conda", "cargo",
       "go", "bundle", "gem", "composer", "mvn", "gradle", "./gradlew", "brew", "apt", "apt-get",
       "dnf", "mix", "dotnet", "pod", "flutter", "dart", "swift", "rustup", "deno", "pdm", "hatch"}
BUILD = {"python", "python3", "pytest", "make", "cmake", "ctest", "bazel", "dbt", "Rscript", "R", "julia",
         "tox", "ruff", "mypy", "black", "golangci-lint", "buf", "gofmt", "goimports", "govulncheck", "bin/rails",
         "php", "./vendor/bin/phpunit", "./vendor/bin/phpstan", "./vendor/bin/pint", "./vendor/bin/sail",
         "xcodebuild", "xcrun", "swiftlint", "swift-format", "godot", "gdformat", "gdlint", "pio", "west",
         "clang-tidy", "clang-format", "cppcheck", "hugo", "mkdocs", "sphinx-build", "quarto", "conan",
         "goreleaser", "wasm-pack", "uv", "shellcheck", "shfmt", "semgrep", "bandit", "trivy", "gitleaks",
         "actionlint", "buildifier", "pre-commit", "sqlfluff", "vale", "markdownlint-cli2", "hadolint"}
CLOUD = {"aws", "gcloud", "az", "kubectl", "helm", "terraform", "tofu", "kind", "k9s", "kustomize",
         "pulumi", "docker", "podman", "tflint", "terragrunt", "flyctl", "skaffold", "minikube"}


def benign_class(tool, ti):
    if tool.startswith("mcp__"):
        return "benign-mcp"
    if tool != "Bash":
        return {"Read": "benign-read", "Write": "benign-write", "Edit": "benign-edit",
                "MultiEdit": "benign-edit", "NotebookEdit": "benign-edit", "Glob": "benign-search",
                "Grep": "benign-search", "WebFetch": "benign-webfetch"}[tool]
    c = ti["command"].lstrip("( ")
    words = c.split()
    first = words[0] if words else ""
    if first in ("sudo", "env", "time", "nice") and len(words) > 1:
        first = words[1]
    if first in VCS:
        return "benign-git"
    if first in PKG:
        return "benign-pkg"
    if first in BUILD:
        return "benign-build-test-lint"
    if first in CLOUD:
        return "benign-cloud-container"
    if re.search(r"(^|/)(rm|kill|pkill|git reset|git clean)\b", c.split("\n")[0]):
        return "benign-scary-looking"
    return "benign-shell"


if __name__ == "__main__":
    advgen.main(HERE, benign_class)
