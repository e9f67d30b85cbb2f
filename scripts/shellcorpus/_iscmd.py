"""Is this line a shell command line? The filter of held-out set 11 on (`_label.ONLY_COMMANDS`).

Write-ups paste tool output, log lines, SQL dumps, other languages' code and prose into shell
blocks; the labelling rule reads them as commands and a held-out figure then measures the paste,
not the guard (set 10: 84 of the merged binary's 108 misses were not commands). This module decides
from the *shape* of a line alone, never from a list of rows, whether a shell user could have typed it
at a shell prompt. It was written from the spent sets 9 and 10 (their misses were read) and the
brief's list of shapes; its figures on the spent and tuned sets are in BENCHMARKS.md ("Held-out set
11: first run").

`command_text(line)` returns `(text, None)` for a command (the text with a shell prompt that the
extractors did not strip removed) or `(None, reason)`; the reasons, in the order they are checked:

prompt
  other-prompt        typed at another program's prompt (`mysql>`, `ftp>`, `msf6 … >`,
                      `meterpreter >`, `>>>`, `sqlite>`, `smb: \\>`, `postgres=#`, `(Pdb)`, `gdb$`, any
                      `name> `); a prompt named like a shell (`os-shell> `, `Shell> `) is stripped
                      instead, as are shell prompts (`user@host:/dir$ `, `bash-4.2# `, `└─$ `, `name$ `)
syntax (a light scan of the shell grammar: quotes, escapes, comments, parentheses)
  unbalanced-quotes   an open `'`, `"` or backquote, or a trailing backslash: a fragment of a
                      wrapped line or of another language's string
  bad-paren           an unquoted `(` where the shell allows none (`os.system("…")`, `exec(…)`,
                      `/x (Status: 301)`, `find / ( -name …` from a process list); allowed: `$(`,
                      `<(`, `>(`, `=(`, extglob `@(…)`, `((`, a subshell or `name()` at command start
whole line
  leading-operator    starts with `;`, `|`, `&&` or `||` (a shell syntax error: an injection
                      payload's tail, a pipeline's second line)
  log-date            a date or time stamp first (`Feb 27 13:52:33 …`, `Mon Jul 31 …`, `2023/01/01 …`)
  crontab-entry       five schedule fields or `@reboot`/`@daily`… first (a crontab line, not a command)
  column-output       three or more runs of two or more blanks or tabs outside quotes, not before an
                      option nor after an operator (`ls`, `ps`,
                      `dpkg -l` tables), or `ls`'s `total 12`
  record-output       two or more words ending in `,` outside quotes (`name=ubuntu, UID=1000, …`)
  hash-entry          a `=>` after the first word (`command => "…"`, ldd `lib… => /lib/…`,
                      Metasploit `RFILE => …`, PHP arrays)
  annotation          an arrow outside quotes (`12. cat … → save to Kali`): a note, not syntax; when
                      the text before the arrow is a command, that command is kept and the note cut
  unfinished          ends where the shell wants more (`… ; do`, `then`, `else`, `{`, `|`, `&&`): one
                      line of a longer construct
  other-language      a statement of another language (`from x import y`, `def f(`, `class X:`,
                      `var x =`, `const x =`, `#include`, `<?php`, `public …`, `x = …` with blanks
                      around `=`)
  query-string        a form body or URL query (`a=1&cmd=…`)
  markup              an HTML/XML element (`<a href="…">`, a line from `<` to `>`)
first word (after leading `NAME=value` assignments and redirections)
  option-first        starts with `-` (an `ls -l` permission string, a lone option)
  permission-string   `drwxr-xr-x`, `lrwxrwxrwx`, …
  number              digits and separators only (`1234`, `04:37`, `2023-01-01`, `0`)
  colon-word          (before the first-word checks) one to three plain words and a colon (`passwd file: …`,
                      `Encr: …`; not after `echo`/`printf`); (first word) holds `:` (`grep:`, `bash:`,
                      `Usage:`, `path:`, `command:`, a URL, `a:b:c` passwd lines, `APT::…`,
                      `!!python/object:…`) — a program name never does (`ns::func` shell functions do)
  upper-keyword       ALL CAPS of two or more letters (`DROP`, `SELECT`, `GET`, `INFO`, `ERROR`):
                      SQL, HTTP request lines, log levels; program names are lower case
  prose               a capitalised word (`This`, `When`, `Running....`) or an English function
                      word (`the`, `no`, `we`, `note`, …) first
  markup              `<tag`, `<!`, `</`, `<?`
  implausible-word    anything else a program, builtin, path, variable or keyword is not made of

The filter keeps a line with a program run by a path, a variable or a substitution as its first
word, assignments alone, subshells and groups, and every shell keyword. It does not judge whether
a command is *meant* for a shell on this machine (a `curl --data` carrying a command to a remote
application is a command), nor whether a command's text is real (`cat /etc/shadow` pasted from a
write-up is a command).
"""

import re
from collections import Counter, defaultdict

# Lines dropped while a set is built, by source and reason (`_common.commands_only`).
DROPPED = defaultdict(Counter)

# Prompts that extractors leave on a line (set 9 and 10 audits): kept lines lose them.
_SHELL_PROMPT = re.compile(
    r"^(?:"
    r"(?:\([\w.-]+\)\s*)?[\w.-]+@[\w.-]+(?::\S*?)?\s*[$#%]"            # user@host:/path$ , (remote) user@host$
    r"|\[[\w.-]+@[^\]]+\]\s*[$#%]"                                       # [user@host dir]$
    r"|[\w.-]*(?:bash|sh|zsh|dash)-\d[\d.]*[$#]"                         # bash-4.2# , rootbash-4.2#
    r"|[\w.~:/@\[\]-]*[\w\]~)/][$#%]"                                    # luanne$ , term-3~$ , x@htb[/htb]$
    r"|PS1?>|\$>|[❯➜»]+"
    r")\s+(?=\S)"
    r"|^[└╰┗][─╼\[\]\w@.:~/-]*\s*[$#>]\s*(?=\S)"                         # └─$ , └──╼ $ , └─╼$cmd (kali)
    r"|^[\w-]*[Ss]hell>\s*(?=\S)"                                          # os-shell> , Shell> (run shell commands)
)

# Other programs' prompts: a line typed there is not a shell command.
_OTHER_PROMPT = re.compile(
    r"^(?:msf\d*(?:\s+\S+)?\s*>|meterpreter\s*>|>>>|\.\.\.\s|mysql>|MariaDB\s*\[[^\]]*\]>|\w+=[#>]"
    r"|sqlite>|ftp>|sftp>|smb:\s*\\\S*>|\(Pdb\)|gdb(?:-peda)?\$|pwndbg>|gef>|irb\([^)]*\)|pry\([^)]*\)"
    r"|redis[\w.:-]*>|SQL>|ldap>|(?!\d+>)[\w.-]+>\s)"
)

_DATE = re.compile(
    r"^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,?\s+)?(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\w*\s+\d{1,2}\b"
    r"|^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\w*,?\s+\d{1,2}\s"
    r"|^\[?\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|^\[?\d{1,2}:\d{2}(?::\d{2})?\b|^\[?\d{1,2}/\d{1,2}/\d{2,4}\b"
)
_OTHER_LANG = re.compile(
    r"^(?:from\s+[\w.]+\s+import\s|def\s+\w+\s*\(|class\s+\w+\s*[:(]|(?:var|const)\s+\w+\s*=|#include\b|<\?php"
    r"|public\s|private\s|protected\s|package\s+[\w.]+;|using\s+[\w.]+;|[A-Za-z_][\w.\[\]'\"]*\s+[-+*/.]?=\s)"
)
_CRON = re.compile(r"^(?:@(?:reboot|yearly|annually|monthly|weekly|daily|hourly)|(?:[\d*/,-]+\s+){4}[\d*/,-]+)\s+\S")
_QUERY = re.compile(r"^[\w.-]+=[^\s&;|]*&[\w.-]+=")
_PERM = re.compile(r"^[-dlcbpsD][-rwxsStTl]{9}[.+@]?$")
_NUMBER = re.compile(r"^(?=.*\d)[\d.,:/+-]+$")
_UPPER = re.compile(r"^[A-Z][A-Z0-9_]+$")
_TITLE = re.compile(r"^[A-Z][a-z]{2,}(?:[.,;!?…]+.*)?$")
_FUNCTION_WORDS = frozenset(
    "the a an this that these those it its we you they he she i our your their there here is are was were "
    "be been no not now note and or so also of on with by from after before using when where "
    "what how why lets let's first next finally please should would could can may might will".split())
_ASSIGN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=")
_REDIR = re.compile(r"^(?:\d*|&)(?:<<<|<<-?|<>|>>|>\||<&|>&|&>>|&>|<|>)(.*)$")
# A first word a shell user can type: a program name or path (also quoted), a variable or a
# substitution, a builtin or keyword of punctuation.
_WORD = re.compile(r"^(?:[\w.+@%~/\\, :-]+|[\w.+@%~/:-]*\(\)|[$`].*|\{|\}|\(\(?.*|\[\[?|\]\]?|!|:|\.|\*.*|\?.*)$")


def _scan(line):
    """Words of `line` outside quotes (quotes removed, operators split off), or a failure reason.
    Checks quotes, a trailing backslash, and where an unquoted `(` stands."""
    words, cur, quoted = [], [], False
    i, n = 0, len(line)
    at_start = True          # no word of the current simple command yet
    in_dbl_bracket = False
    depth_arith = 0
    gaps = 0

    def end_word():
        nonlocal cur, quoted, at_start, in_dbl_bracket
        if cur or quoted:
            w = "".join(cur)
            words.append(w)
            if w == "[[":
                in_dbl_bracket = True
            elif w == "]]":
                in_dbl_bracket = False
            if not (_ASSIGN.match(w) and at_start) and w not in ("!", "{", "time", "then", "do", "else", "if", "while", "until", "elif", "function"):
                at_start = False
        cur, quoted = [], False

    while i < n:
        c = line[i]
        if c == "\\":
            if i + 1 >= n:
                return None, "unbalanced-quotes", 0
            cur.append(line[i + 1])
            i += 2
            continue
        if c == "'" or (c == "$" and i + 1 < n and line[i + 1] == "'"):
            j = i + (2 if c == "$" else 1)
            while j < n and line[j] != "'":
                j += 2 if (c == "$" and line[j] == "\\") else 1
            if j >= n:
                return None, "unbalanced-quotes", 0
            cur.append(line[i + (2 if c == "$" else 1):j])
            quoted = True
            i = j + 1
            continue
        if c == '"' or c == "`":
            j = i + 1
            while j < n and line[j] != c:
                j += 2 if line[j] == "\\" else 1
            if j >= n:
                return None, "unbalanced-quotes", 0
            cur.append(line[i + 1:j] if c == '"' else line[i:j + 1])
            quoted = True
            i = j + 1
            continue
        if c == "#" and not cur and not quoted:
            j = line.find("\n", i)                   # a comment, to the end of its line
            if j < 0:
                break
            i = j
            continue
        if c in " \t":
            end_word()
            j = i
            while j < n and line[j] in " \t":
                j += 1
            # a column gap: two or more blanks or a tab, not before an option or after an operator
            # (indented continuation lines joined by the extractor are not columns)
            if (j - i >= 2 or "\t" in line[i:j]) and j < n and line[j] != "-" and i and line[i - 1] != "\n" \
                    and not re.search(r"(?:&&|\|\||[|;])$", line[:i]):
                gaps += 1
            i = j
            continue
        if c == "&" and ((i and line[i - 1] in "<>") or line[i + 1:i + 2] == ">"):
            cur.append(c)                            # <&3 >&2 &>file: a redirection, not an operator
            i += 1
            continue
        if c in ";&|\n":
            end_word()
            if words and words[-1] is not None:
                words.append(None)                   # the end of a simple command
            at_start = True
            i += 1
            continue
        if c == "(":
            prev = line[i - 1] if i else ""
            if prev == "$" or prev in "<>=@!+*?" and i:
                # $( <( >( =( extglob: scan to the matching parenthesis as one piece of the word
                d, j = 1, i + 1
                while j < n and d:
                    if line[j] == "\\":
                        j += 2
                        continue
                    if line[j] in "'\"":
                        q = line[j]
                        j += 1
                        while j < n and line[j] != q:
                            j += 1
                    d += {"(": 1, ")": -1}.get(line[j] if j < n else "", 0)
                    j += 1
                if d:
                    return None, "unbalanced-quotes", 0
                cur.append(line[i - 1:j] if prev == "$" else line[i:j])
                i = j
                continue
            if cur and re.match(r"^\s*\)", line[i + 1:]) and at_start:
                cur.append("()")                     # name() { … } function definition
                i = line.index(")", i) + 1
                end_word()
                continue
            if (at_start and not cur) or in_dbl_bracket or depth_arith:
                if line[i:i + 2] == "((":
                    depth_arith += 1
                end_word()
                words.append(None)
                at_start = True
                i += 1
                continue
            return None, "bad-paren", 0
        if c == ")":
            end_word()
            if depth_arith and line[i:i + 2] == "))":
                depth_arith -= 1
                i += 2
                continue
            i += 1
            continue
        cur.append(c)
        i += 1
    end_word()
    return words, None, gaps


def strip_shell_prompt(line):
    """`line` without a leading shell prompt of the shapes above (the extractors strip `$ `, `# `
    and `user@host:path$ ` already)."""
    return _SHELL_PROMPT.sub("", line, count=1)


def command_text(line):
    """`(text, None)` when `line` is a shell command line (a leading shell prompt removed), or
    `(None, reason)` with a reason of the module docstring."""
    text = strip_shell_prompt(line.strip()).strip()
    if not text:
        return None, "empty"
    if re.match(r"^(?:;|&&|\|\||\|(?!\|))", text):
        return None, "leading-operator"
    if _OTHER_PROMPT.match(text):
        return None, "other-prompt"
    words, why, gaps = _scan(text)
    if why:
        return None, why
    if not any(words):
        return None, "empty"
    if _DATE.match(text):
        return None, "log-date"
    if _CRON.match(text):
        return None, "crontab-entry"
    if gaps >= 3 or re.match(r"^total\s+\d+[KMG]?$", text):
        return None, "column-output"
    raw_words = text.split()
    unquoted = re.sub(r"(?:^|[ \t])#.*$", "", re.sub(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"", "''", text), flags=re.M)
    if sum(1 for w in unquoted.split() if w.endswith(",") and not w.startswith("-")) >= 2:
        return None, "record-output"
    if "=>" in unquoted.split()[1:] or re.search(r"\S=>\s", unquoted):
        return None, "hash-entry"
    if re.search(r"[→⇒←⟶➜]", unquoted):
        m = re.search(r"\s+[→⇒←⟶➜]", text)
        if not m or not is_command(text[:m.start()]):
            return None, "annotation"
        return command_text(text[:m.start()])    # a command with a note after an arrow: the note is cut
    if re.match(r"^(?!echo\b|printf\b)[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,2}:\s", unquoted):
        return None, "colon-word"
    if re.search(r"(?:\b(?:do|then|else)|[{|]|&&)\s*$", unquoted.rstrip()):
        return None, "unfinished"
    if _OTHER_LANG.match(text):
        return None, "other-language"
    if _QUERY.match(text):
        return None, "query-string"
    if re.match(r"^<[A-Za-z!?/]", text) and text.endswith(">"):
        return None, "markup"
    # the first word: leading assignments and redirections skipped
    while words and words[0] is None:
        words = words[1:]
    k = 0
    while k < len(words):
        w = words[k]
        if w is None:
            break
        if _ASSIGN.match(w):
            k += 1
            continue
        m = _REDIR.match(w)
        if m and not raw_words[0].startswith(("'", '"')):
            k += 1 if m.group(1) else 2
            continue
        break
    if k >= len(words) or words[k] is None:
        return text, None                            # assignments or redirections alone
    first = words[k]
    raw_first = raw_words[0] if k == 0 else first
    if first.startswith("-") and not raw_first.startswith(("'", '"')):
        return None, "option-first"
    if _PERM.match(first):
        return None, "permission-string"
    if _NUMBER.match(first) and first not in (".", "/"):
        return None, "number"
    if ":" in first and first != ":" and not first.startswith(":()") and not re.match(r"^[a-z_][\w.-]*(?:::[\w.-]+)+(?:\(\))?$", first) and not first.startswith(("$", "`")) and not raw_first.startswith(("'", '"')):
        return None, "colon-word"
    if _UPPER.match(first):
        return None, "upper-keyword"
    if _TITLE.match(first) or first.lower().rstrip(".,:") in _FUNCTION_WORDS and first not in ("let",):
        return None, "prose"
    if first.startswith("<") and len(first) > 1 and (first[1].isalpha() or first[1] in "!?/"):
        return None, "markup"
    if not _WORD.match(first):
        return None, "implausible-word"
    return text, None


def is_command(line):
    """True when `command_text(line)` keeps the line."""
    return command_text(line)[0] is not None
