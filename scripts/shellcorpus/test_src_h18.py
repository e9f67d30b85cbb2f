"""Shapes of set 18's extraction changes (`src_h18`): a Windows job's `run:` steps are PowerShell, a fenced
block whose shebang names another interpreter holds no shell commands, a `user@host $ ` prompt is a prompt;
and the set's repositories are in no earlier set's lists. Cases written for the shapes, none taken from a
corpus:

    python3 -m unittest scripts/shellcorpus/test_src_h18.py
"""

import glob
import os
import re
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import src_h18  # noqa: E402
import _devrepos18  # noqa: E402


class WorkflowShell(unittest.TestCase):
    def test_windows_job_without_shell_is_skipped(self):
        wf = {"jobs": {"win": {"runs-on": "windows-2022", "steps": [{"run": "throw"}]},
                       "lin": {"runs-on": "ubuntu-latest", "steps": [{"run": "make test"}]}}}
        self.assertEqual(list(src_h18._runs18(wf)), ["make test"])

    def test_windows_job_with_bash_default_or_step_shell_is_kept(self):
        wf = {"jobs": {"a": {"runs-on": "windows-latest", "defaults": {"run": {"shell": "bash"}},
                             "steps": [{"run": "ls"}]},
                       "b": {"runs-on": "windows-latest", "steps": [{"run": "pwd", "shell": "bash"},
                                                                    {"run": "Get-ChildItem"}]}}}
        self.assertEqual(list(src_h18._runs18(wf)), ["ls", "pwd"])

    def test_workflow_default_shell_applies_to_jobs(self):
        wf = {"defaults": {"run": {"shell": "pwsh"}},
              "jobs": {"a": {"runs-on": "ubuntu-latest", "steps": [{"run": "Write-Host hi"}]}}}
        self.assertEqual(list(src_h18._runs18(wf)), [])


class Shebang(unittest.TestCase):
    def test_programs(self):
        self.assertEqual(src_h18._shebang_program("#!/usr/bin/expect -d"), "expect")
        self.assertEqual(src_h18._shebang_program("#!/usr/bin/env -S python3 -u"), "python3")
        self.assertEqual(src_h18._shebang_program("#!/bin/bash"), "bash")
        self.assertIsNone(src_h18._shebang_program("# a comment"))

    def test_rows_in_other_interpreter_blocks_are_dropped(self):
        saved = src_h18._other_language_lines
        src_h18._other_language_lines = lambda repo, path: {12, 13}
        try:
            up = "https://github.com/o/r/blob/%s/doc.md#L%d"
            rows = [{"command": "set timeout 30", "upstream": up % ("0" * 40, 12)},
                    {"command": "ls", "upstream": up % ("0" * 40, 20)}]
            got = list(src_h18._shell_blocks_only("t", lambda: iter(rows))())
        finally:
            src_h18._other_language_lines = saved
        self.assertEqual([r["command"] for r in got], ["ls"])


class HostPrompt(unittest.TestCase):
    def test_user_at_host_space_dollar(self):
        self.assertEqual(src_h18._strip_prompt18("alice@node1 $ tool list"), "tool list")
        self.assertEqual(src_h18._strip_prompt18("$ ls"), "ls")
        self.assertIsNone(src_h18._strip_prompt18("login"))
        self.assertIsNone(src_h18._strip_prompt18("mail me@example.com $ 5"))


class Fragments(unittest.TestCase):
    def test_keyword_and_rebase_fragments(self):
        for c in ["fi ;", "done;", "esac", "}", "pick a5f4a0d made some changes", "fixup 0123456789abcdef"]:
            self.assertTrue(src_h18._FRAGMENT18.match(c), c)
        for c in ["fin --help", "done-tool run", "pick", "edit notes.txt", "find . -name x"]:
            self.assertFalse(src_h18._FRAGMENT18.match(c), c)

    def test_compound_headers_and_synopses(self):
        for c in ["for i in $(find -name '*.tif')", "while read -r line", "if [ -f x ]", "case $1 in"]:
            self.assertTrue(src_h18._HEADER18.match(c), c)
        for c in ["for i in a b; do echo $i; done", "while true; do sleep 1; done", "if true; then ls; fi", "format disk"]:
            self.assertFalse(src_h18._HEADER18.match(c), c)
        self.assertTrue(src_h18._SYNOPSIS18.search("tool bench [command options] BUCKET"))
        self.assertFalse(src_h18._SYNOPSIS18.search("grep '[a-z]' notes.txt"))

    def test_array_opening_lines(self):
        for c in ["words=(", "  local list=(  # names", "declare -a xs=(", "PATHS+=("]:
            self.assertTrue(src_h18._ARRAY_OPEN.match(c), c)
        for c in ["words=(a b c)", "x=$(date)", "f() {"]:
            self.assertFalse(src_h18._ARRAY_OPEN.match(c), c)


class NewRepositories(unittest.TestCase):
    def test_no_repository_of_an_earlier_set(self):
        mine = set(src_h18.DOCKERFILES + src_h18.SEC_NOTES + src_h18.DOTFILES + _devrepos18.DEV_REPOS_18)
        for spec in src_h18._ALL:
            mine |= set(spec.REPOS)
        earlier = set()
        for p in glob.glob(os.path.join(HERE, "*.py")):
            if os.path.basename(p) in ("src_h18.py", "_devrepos18.py", "test_src_h18.py"):
                continue
            with open(p) as f:
                earlier |= {m.lower() for m in re.findall(r"[\w.-]+/[\w.-]+", f.read())}
        self.assertEqual(sorted(r for r in mine if r.lower() in earlier), [])


if __name__ == "__main__":
    unittest.main()
