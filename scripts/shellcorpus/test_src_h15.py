"""Shapes of held-out set 15's extraction filters (`src_h15`): a destroying verb the labeller leaves
undecided keeps a line out of the `allow` rows, usage synopses are no commands, Jekyll lesson variables
are filled, AsciiDoc manual-page markup is undone, and Go help-example strings are joined. Cases written
for the shapes, none taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_src_h15.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402
import src_h15  # noqa: E402

# (command, skipped from the allow rows by `_decided`)
DESTROY = [
    ("acme-cli project delete p-123", True),
    ("acme-cli buckets:destroy my-bucket", True),
    ("tool db reset --linked", True),
    ("backuptool prune --keep-daily 7 repo", True),
    ("snap-tool forget --keep-last 3", True),
    ("objstore rb s3://bucket", True),
    ("sync-tool -av --delete src/ host:dst/", True),
    ("archiver --remove-older-than 2W /backup", True),
    ("svc-cli keys:remove me@example.com", True),
    ("rm -rf build", False),            # the program word itself is the labeller's business
    ("acme-cli project list", False),
    ("module purge", False),            # Environment Modules: unloads modules from the shell only
    ("ml purge", False),
    ("grep -n deleted_at app.sql", False),
    ("make clean", False),
    ("git log --oneline # then delete the branch", False),
]

# (line, read as a usage synopsis)
SYNOPSIS = [
    ("tool apps [--json] [-t <value>]", True),
    ("tool run COMMAND [ARG]", True),
    ("tool sync SRC ... DST", True),
    ("tool get <name>", True),
    ("tool apps --json", False),
    ("kubectl get pods -o wide", False),
    ("echo a | tr a b", False),
]


class DecidedTest(unittest.TestCase):
    def setUp(self):
        _label.OUTSIDE_WRITE = _label.ONLY_COMMANDS = _label.VOLUME_TOOLS = _label.SHELL_WORDS = True

    def tearDown(self):
        _label.OUTSIDE_WRITE = _label.ONLY_COMMANDS = _label.VOLUME_TOOLS = _label.SHELL_WORDS = False

    def test_destroy_verbs(self):
        for cmd, skipped in DESTROY:
            row = {"source": "t", "command": cmd, "expect": "allow", "category": "x"}
            got = list(src_h15._decided("t", [row]))
            self.assertEqual(not got, skipped, cmd)

    def test_labelled_rows_stay(self):
        row = {"source": "t", "command": "kubectl delete ns staging", "expect": "ask", "category": "cloud-destroy"}
        self.assertEqual(list(src_h15._decided("t", [row])), [row])

    def test_synopsis(self):
        for line, syn in SYNOPSIS:
            self.assertEqual(bool(src_h15._SYNOPSIS.search(line)), syn, line)


class MarkupTest(unittest.TestCase):
    def test_jekyll(self):
        subs = {"sched.submit.name": "sbatch", "remote.host": "cluster.example.org"}
        text = "```\n{{ site.remote.prompt }} {{ site.sched.submit.name }} job.sh\n```\n{{ site.unknown.key }}"
        got = src_h15._jekyll(text, subs)
        self.assertIn("$ sbatch job.sh", got)
        self.assertIn("{{ site.unknown.key }}", got)  # unknown: left, so the line holds a placeholder

    def test_adoc_unescape(self):
        self.assertEqual(src_h15._adoc_unescape(r"dd if=_file_ of=/dev/sdb seek=$\((0x10))"),
                         "dd if=file of=/dev/sdb seek=$((0x10))")
        m = src_h15._ADOC_EXAMPLE.match("*wipefs --all /dev/sdb*::")
        self.assertEqual(m.group(1), "wipefs --all /dev/sdb")
        self.assertIsNone(src_h15._ADOC_EXAMPLE.match("*-a*, *--all*::"))

    def test_go_example_strings(self):
        line = ('cmd.Example = `The following example deletes a thing with the ID ` + "`" + `42` + "`" + '
                '`: acme thing delete 42`')
        text = "".join(a if a or not b else b for a, b in src_h15._GO_STR.findall(line.split("=", 1)[1]))
        self.assertTrue(text.endswith(": acme thing delete 42"), text)


if __name__ == "__main__":
    unittest.main()
