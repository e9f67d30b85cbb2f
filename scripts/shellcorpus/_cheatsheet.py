"""Commands from `cheat`-format sheets (a `# comment` line, then the command; optional YAML front
matter): each block of command lines between comments/blank lines; a one-line block is one
command, a multi-line block gives its lines unless it holds a compound command (loops, ifs,
subshell or brace groups, functions, heredocs), which is skipped whole. Lines reading a
variable that neither a shell's environment nor the line sets are skipped (`uses_outside_vars`).
Sheets also hold key tables and prose (`i    start editing`, `At the prompt type:`); a line is
taken only when it looks like a command (`looks_like_command`).
labelling: `benign_row`."""

import re

from _common import benign_row, blob_url, logical_lines, uses_outside_vars

COMPOUND = re.compile(r"^(?:if|then|else|elif|fi|for|while|until|do|done|case|esac|function)\b|[{(|\\]$|&&$|\bthen$|\bdo$|^\}|^\)|;;$|^\w+\s*\(\)|<<")


_FIRST = re.compile(r"^(?:[:\[]\S*|[a-z0-9_~/$][A-Za-z0-9_.+/~=:@-]*|\./\S+|[A-Z_][A-Z0-9_]*=\S*|\.\s+[~/.$]\S*)(?:\s|$)")


def looks_like_command(line):
    """A sheet line that reads as a shell command: it starts with a program-like word (lower
    case, a path, an assignment, `. FILE`, or the builtins `:` and `[`), has no column gaps of 3+ spaces (key tables),
    no terminal escape codes, does not end in a colon without
    any shell operator (prose introducing an example) and is not a
    `key: description` or numbered-list line."""
    s = line.strip()
    return (bool(_FIRST.match(s)) and "   " not in s and "\x1b" not in s and not (s.endswith(":") and not re.search(r"[;|&(){}]", s))
            and not re.match(r"^\S+:\s|^\d+[.)]\s", s))


def sheet_commands(text):
    """(line number, command) pairs of one sheet."""
    lines = text.split("\n")
    if lines and lines[0].strip() == "---":
        for i in range(1, len(lines)):
            if lines[i].strip() == "---":
                lines = [""] * (i + 1) + lines[i + 1:]
                break
    blocks, cur = [], []
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if not s or s.startswith("#"):
            if cur:
                blocks.append(cur)
            cur = []
            continue
        cur.append((n, raw))
    if cur:
        blocks.append(cur)
    for b in blocks:
        body = list(logical_lines([r for _, r in b], b[0][0]))
        if len(body) > 1 and any(COMPOUND.search(t) for _, t in body):
            continue
        for n, t in body:
            if COMPOUND.search(t) and len(body) == 1 and re.search(r"[{(]$|^\w+\s*\(\)", t):
                continue
            yield n, t


def cheat_rows(source, repo, commit, paths, category, show):
    for path in paths:
        for n, cmd in sheet_commands(show(repo, path)):
            if not looks_like_command(cmd) or uses_outside_vars(cmd):
                continue
            r = benign_row(source, cmd, blob_url(repo, commit, path, n), category)
            if r:
                yield r
