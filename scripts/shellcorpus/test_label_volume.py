"""Shapes of `_label.VOLUME_TOOLS` (held-out set 12's disk-destroy classes), cases written for the shapes,
none taken from a corpus:

    python3 -m unittest scripts/shellcorpus/test_label_volume.py
"""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import _label  # noqa: E402

DESTROY = [
    "pvcreate /dev/sdc", "sudo vgcreate data /dev/nvme1n1 /dev/nvme2n1", "vgextend data /dev/xvdf",
    "zpool create -f pool0 raidz sdb sdc sdd", "zpool add pool0 /dev/disk/by-id/wwn-0x5000", "zpool destroy pool0",
    "mdadm --create /dev/md1 --level=0 --raid-devices=2 /dev/vdb /dev/vdc", "mdadm --zero-superblock /dev/sdd2",
    "badblocks -b 4096 -wsv /dev/sde", "dc3dd if=/dev/zero of=/dev/sdf", "sgdisk --clear /dev/sdg", "sgdisk -Z /dev/sdh",
    "cryptsetup -q luksFormat /dev/sdi1", "nvme format /dev/nvme3n1", "vgremove data", "wipefs -a /dev/md/data",
    "dd if=image.raw of=/dev/disk/by-id/usb-Stick", "mkfs.xfs /dev/nbd0",
]
ASK = ["zfs destroy -r pool0/home@2020", "lvremove /dev/data/old", "btrfs subvolume delete /mnt/snap1"]
QUIET = [
    "zpool status -v", "zpool list", "mdadm --detail /dev/md1", "mdadm --assemble --scan", "badblocks -sv /dev/sde",
    "sgdisk -p /dev/sdg", "nvme list", "cryptsetup open /dev/sdi1 vault", "lvcreate -L 5G -n logs data", "pvs", "vgdisplay",
    "zfs list -t snapshot",
]


class VolumeTools(unittest.TestCase):
    def setUp(self):
        self.saved = _label.VOLUME_TOOLS
        _label.VOLUME_TOOLS = True

    def tearDown(self):
        _label.VOLUME_TOOLS = self.saved

    def test_destroying_verbs_on_devices_deny(self):
        for cmd in DESTROY:
            self.assertEqual(_label.label(cmd), ("deny", "disk-destroy"), cmd)

    def test_one_volume_or_snapshot_asks(self):
        for cmd in ASK:
            self.assertEqual(_label.label(cmd), ("ask", "volume-destroy"), cmd)

    def test_reading_verbs_stay_unlabelled(self):
        for cmd in QUIET:
            self.assertIsNone(_label.label(cmd), cmd)

    def test_off_by_default_for_frozen_sets(self):
        _label.VOLUME_TOOLS = False
        self.assertIsNone(_label.label("pvcreate /dev/sdc"))
        self.assertIsNone(_label.label("zpool destroy pool0"))


if __name__ == "__main__":
    unittest.main()
