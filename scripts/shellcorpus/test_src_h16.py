"""Shapes of set 16's extraction filters (`src_h16`): the undecided destroying verbs that skip an `allow`
row, cases written for the shapes, none taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_src_h16.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import src_h16  # noqa: E402

UNDECIDED = ["apt-get purge -y curl", "brew uninstall jq", "podman rmi old:1", "etcdctl lease revoke 12ab",
             "tool cache nuke", "npm unpublish x@1.0.0", "cargo yank --vers 0.1.0", "restic forget latest",
             "rsync -a --delete a/ b/", "mytool backups:delete nightly"]
DECIDED = ["apt-get install -y curl", "podman run --rm alpine", "rm -rf build", "npm run build", "cargo build --release",
           "kubectl get pods", "module purge"]


class UndecidedVerbs(unittest.TestCase):
    def test_destroying_verbs_are_seen(self):
        for cmd in UNDECIDED:
            with self.subTest(cmd=cmd):
                self.assertTrue(src_h16._DESTROY_WORD16.search(cmd))

    def test_other_lines_pass(self):
        for cmd in DECIDED:
            with self.subTest(cmd=cmd):
                row = {"command": cmd, "expect": "allow"}
                self.assertEqual(list(src_h16._decided("t", [row])), [row])

    def test_program_word_after_wrappers(self):
        self.assertEqual(src_h16._program_word("sudo -E apt-get purge -y x"), "apt-get")
        self.assertEqual(src_h16._program_word("cd /x && A=1 podman rmi y"), "podman")


if __name__ == "__main__":
    unittest.main()
