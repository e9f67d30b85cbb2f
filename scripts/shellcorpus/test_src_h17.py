"""Shapes of set 17's extraction changes (`src_h17`): Dockerfile `RUN` continuation lines joined into the
command they continue, and the usage-synopsis skip of README blocks; cases written for the shapes, none
taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_src_h17.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import src_h17  # noqa: E402


class RunCommands(unittest.TestCase):
    def test_package_list_is_one_command(self):
        body = [(1, "apt-get install -y \\"), (2, "    libfoo-dev \\"), (3, "    libbar-dev \\"), (4, "  && make")]
        self.assertEqual(src_h17._run_commands(body),
                         [(1, "apt-get install -y libfoo-dev libbar-dev"), (4, "&& make")])

    def test_separator_at_end_starts_a_new_command(self):
        body = [(1, "mkdir -p /x; \\"), (2, "useradd \\"), (3, "  --system app; \\"), (4, "echo done")]
        self.assertEqual(src_h17._run_commands(body),
                         [(1, "mkdir -p /x;"), (2, "useradd --system app;"), (4, "echo done")])

    def test_comment_lines_inside_are_dropped(self):
        body = [(1, "set -eux; \\"), (2, "# a note"), (3, "make")]
        self.assertEqual(src_h17._run_commands(body), [(1, "set -eux;"), (3, "make")])


class Synopsis(unittest.TestCase):
    def test_readme_synopsis_is_skipped(self):
        rows = [{"command": "tool snapshot create --name NAME [flags]", "expect": "allow"},
                {"command": "tool snapshot list", "expect": "allow"}]
        got = list(src_h17._no_synopsis("h17-readme-commands", lambda: iter(rows))())
        self.assertEqual(got, rows[1:])

    def test_other_sources_keep_rows(self):
        rows = [{"command": "tool x [flags]", "expect": "allow"}]
        self.assertEqual(list(src_h17._no_synopsis("h17-dotfiles", lambda: iter(rows))()), rows)


if __name__ == "__main__":
    unittest.main()
