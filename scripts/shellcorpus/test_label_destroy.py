"""Shapes of `_label.DESTROY_VERBS` (held-out set 16's `remote-destroy` class), cases written for the shapes
from the tools' documentation of their verbs, none taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_label_destroy.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402

ASK = [
    "velero schedule delete daily --confirm", "borg prune --keep-daily 7 /srv/repo", "restic -r /srv/r forget 1a2b",
    "kopia snapshot delete k1a2 --delete", "hcloud volume delete vol-1", "scw rdb instance delete 42", "incus storage volume delete default v1",
    "multipass delete --purge vm1", "podman volume rm data", "docker system prune -af --volumes", "podman machine rm",
    "valkey-cli -n 2 FLUSHDB", "redis-cli UNLINK session:1", "etcdctl del --prefix /registry", "mongosh --eval 'db.logs.deleteMany({})'",
    "mysql -e 'DELETE FROM users WHERE id=4'", "cqlsh -e 'DROP KEYSPACE shop'", "rsync -a --delete-after out/ backup@nas:/vol/b",
    "npm unpublish left-pad --force", "gem yank mygem -v 0.1.0", "tkn taskrun rm --all -f", "k3d registry delete reg",
    "sudo kubeadm reset -f", "faas-cli remove fn1", "clusterctl delete --all", "vault kv delete secret/app", "gh release delete v1 -y",
    "ibmcloud cos bucket-delete --bucket b", "mc rm --recursive --force play/b", "terragrunt destroy", "s3cmd del s3://b/k",
    "wal-g delete before FIND_FULL base_0001 --confirm", "pgbackrest --stanza=main stanza-delete", "duplicity remove-older-than 1M s3://b",
    "sfdx force:org:delete -u scratch", "timeout 60 env A=1 rclone purge remote:old",
]
QUIET = [
    "velero backup get", "borg list /srv/repo", "restic snapshots", "hcloud server list", "podman rm -f web", "docker rmi app:dev",
    "docker run --rm -it alpine sh", "podman volume ls", "redis-cli GET key", "mongosh --eval 'db.stats()'", "rsync -a --delete src/ build/",
    "npm uninstall lodash", "npm run db:reset", "yarn remove react", "cargo build", "k3d cluster create dev", "mc ls play",
    "kubectl get pods -o wide", "psql -c 'SELECT 1'", "gh pr list", "terragrunt plan", "helm list -A", "brew install wget",
    "git rm --cached f", "rclone ls remote:", "incus launch images:debian/12 c1",
]


class DestroyVerbs(unittest.TestCase):
    def setUp(self):
        self.saved = (_label.DESTROY_VERBS, _label.SHELL_WORDS)
        _label.DESTROY_VERBS = _label.SHELL_WORDS = True

    def tearDown(self):
        _label.DESTROY_VERBS, _label.SHELL_WORDS = self.saved

    def test_destroying_verbs_of_remote_tools_ask(self):
        for cmd in ASK:
            with self.subTest(cmd=cmd):
                self.assertIsNotNone(_label.label(cmd))
                self.assertEqual(_label.label(cmd)[0], "ask")

    def test_local_and_read_verbs_stay_quiet(self):
        for cmd in QUIET:
            with self.subTest(cmd=cmd):
                self.assertIsNone(_label.label(cmd))

    def test_off_by_default(self):
        _label.DESTROY_VERBS = False
        self.assertIsNone(_label.label("hcloud server delete web1"))


if __name__ == "__main__":
    unittest.main()
