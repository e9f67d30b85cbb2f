"""Commands from markdown cheat sheets: every line of every shell-ish fenced block (prompts
stripped, continuations joined, placeholders instantiated, trailing `# …`/`// …` comments cut;
in python/perl/ruby/php blocks only lines that invoke the interpreter from the shell), kept only
where `_label.label` gives a decision."""

import re

from _common import blob_url, code_blocks, danger_row, fill_angle, logical_lines, show, strip_prompt

LANGS = {"", "sh", "bash", "shell", "console", "zsh", "text", "powershell-session", "shell-session", "python", "perl", "ruby", "php"}


def sheet_rows(source, repo, commit, paths, langs=LANGS):
    """`langs`: the fence languages taken (default LANGS; held-out set 2 adds a sheet's own tags)."""
    for path in paths:
        md = show(repo, path)
        for start, lang, body in code_blocks(md):
            if lang not in langs:
                continue
            code = lang in ("python", "perl", "ruby", "php")
            for n, line in logical_lines(body, start):
                if code and not re.match(r"^(?:export\s|python|perl|ruby|php|[A-Z_]+=)", line):
                    continue
                line = re.sub(r"^-\s+(?=\S)", "", line)
                p = strip_prompt(line)
                cmd = fill_angle(p if p is not None else line)
                cmd = re.sub(r"\s+(?://|#)\s.*$", "", cmd).strip()
                r = danger_row(source, cmd, blob_url(repo, commit, path, n))
                if r:
                    yield r
