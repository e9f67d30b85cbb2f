//! Raw-disk tools as data (issue 11, item 1): which programs format, partition or erase the
//! block devices they name, and which only look at them. A tool that writes reports a `write`
//! path fact for each device operand (`/dev/…`, or `diskN` for macOS `diskutil`); a tool that
//! only inspects reports nothing, so its operand is not mistaken for a read of the disk's
//! contents (reading a raw disk images every file on it; `dd if=/dev/sdb` is a read, see
//! `files.rs`). Covering a new tool is one row of [`TOOLS`].

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;
use crate::model::Stream;

use super::passthrough;

/// How a program is named in [`TOOLS`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Name {
    /// Exactly this name.
    Exact(&'static str),
    /// This name or this name followed by `.` and a file-system type (`mkfs.xfs`).
    Family(&'static str),
}

/// When a tool writes the devices it names.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Writes {
    /// Always, unless one of these words (options or subcommands) appears: they make the run
    /// read-only (`fdisk -l`, `parted /dev/sda print`).
    Unless(&'static [&'static str]),
    /// Only when one of these words appears (`wipefs -a`, `hdparm --security-erase`,
    /// `diskutil eraseDisk`).
    With(&'static [&'static str]),
    /// Never: the tool inspects or mounts, it neither images nor destroys.
    Never,
}

/// One raw-disk tool.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Tool {
    /// The program.
    pub name: Name,
    /// When it writes.
    pub writes: Writes,
    /// A command that must give a device write (`Unless`/`With`) or nothing (`Never`).
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Its manual page.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

use Name::{Exact, Family};
use Writes::{Never, Unless, With};

const LIST: &[&str] = &["-l", "--list"];

/// The table. Sources are the util-linux, e2fsprogs, gptfdisk, parted, hdparm, nvme-cli,
/// cryptsetup and macOS manual pages named per row.
pub(crate) const TOOLS: &[Tool] = &[
    Tool {
        name: Family("mkfs"),
        writes: Unless(&[]),
        example: "mkfs.xfs /dev/nvme0n1p2",
        source: "mkfs(8)",
    },
    Tool {
        name: Exact("mke2fs"),
        writes: Unless(&["-n"]),
        example: "mke2fs /dev/sdb1",
        source: "mke2fs(8)",
    },
    Tool {
        name: Exact("mkswap"),
        writes: Unless(&[]),
        example: "mkswap /dev/sdb2",
        source: "mkswap(8)",
    },
    Tool {
        name: Family("mkdosfs"),
        writes: Unless(&[]),
        example: "mkdosfs /dev/sdc1",
        source: "mkdosfs(8)",
    },
    Tool {
        name: Exact("mkntfs"),
        writes: Unless(&[]),
        example: "mkntfs /dev/sdc1",
        source: "mkntfs(8)",
    },
    Tool {
        name: Family("newfs"),
        writes: Unless(&["-N"]),
        example: "newfs_apfs /dev/disk3",
        source: "newfs(8)",
    },
    Tool {
        name: Exact("newfs_apfs"),
        writes: Unless(&[]),
        example: "newfs_apfs /dev/disk3",
        source: "newfs_apfs(8)",
    },
    Tool {
        name: Exact("newfs_hfs"),
        writes: Unless(&[]),
        example: "newfs_hfs /dev/disk3",
        source: "newfs_hfs(8)",
    },
    Tool {
        name: Exact("wipefs"),
        writes: With(&["-a", "--all", "-o", "--offset", "-af", "-fa"]),
        example: "wipefs -a /dev/sda",
        source: "wipefs(8)",
    },
    Tool {
        name: Exact("fdisk"),
        writes: Unless(LIST),
        example: "fdisk /dev/sda",
        source: "fdisk(8)",
    },
    Tool {
        name: Exact("sfdisk"),
        writes: Unless(&[
            "-l",
            "--list",
            "-d",
            "--dump",
            "-J",
            "--json",
            "-V",
            "--verify",
            "-s",
            "--show-size",
        ]),
        example: "sfdisk /dev/sda",
        source: "sfdisk(8)",
    },
    Tool {
        name: Exact("cfdisk"),
        writes: Unless(&[]),
        example: "cfdisk /dev/sda",
        source: "cfdisk(8)",
    },
    Tool {
        name: Exact("gdisk"),
        writes: Unless(&["-l"]),
        example: "gdisk /dev/sda",
        source: "gdisk(8)",
    },
    Tool {
        name: Exact("sgdisk"),
        writes: Unless(&["-p", "--print", "-v", "--verify", "-i", "--info"]),
        example: "sgdisk --zap-all /dev/sda",
        source: "sgdisk(8)",
    },
    Tool {
        name: Exact("parted"),
        writes: Unless(&["print", "-l", "--list"]),
        example: "parted /dev/sda mklabel gpt",
        source: "parted(8)",
    },
    Tool {
        name: Exact("blkdiscard"),
        writes: Unless(&[]),
        example: "blkdiscard /dev/nvme0n1",
        source: "blkdiscard(8)",
    },
    Tool {
        name: Exact("hdparm"),
        writes: With(&[
            "--security-erase",
            "--security-erase-enhanced",
            "--trim-sector-ranges",
            "--trim-sector-ranges-stdin",
            "--write-sector",
            "--make-bad-sector",
            "--dco-restore",
            "--dco-setmax",
        ]),
        example: "hdparm --security-erase p /dev/sda",
        source: "hdparm(8)",
    },
    Tool {
        name: Exact("nvme"),
        writes: With(&["format", "sanitize", "write-zeroes", "write"]),
        example: "nvme format /dev/nvme0n1",
        source: "nvme-cli",
    },
    Tool {
        name: Exact("cryptsetup"),
        writes: With(&["luksFormat", "erase", "luksErase", "reencrypt"]),
        example: "cryptsetup luksFormat /dev/sdb",
        source: "cryptsetup(8)",
    },
    Tool {
        name: Exact("badblocks"),
        writes: With(&["-w"]),
        example: "badblocks -w /dev/sdb",
        source: "badblocks(8)",
    },
    Tool {
        name: Exact("diskutil"),
        writes: With(&[
            "eraseDisk",
            "eraseVolume",
            "partitionDisk",
            "zeroDisk",
            "randomDisk",
            "secureErase",
            "reformat",
            "apfs",
        ]),
        example: "diskutil eraseDisk APFS X disk2",
        source: "diskutil(8)",
    },
    Tool {
        name: Exact("asr"),
        writes: With(&["restore", "--erase"]),
        example: "asr restore --source x.dmg --target /dev/disk3 --erase",
        source: "asr(8)",
    },
    Tool {
        name: Exact("zpool"),
        writes: With(&[
            "create",
            "add",
            "attach",
            "replace",
            "labelclear",
            "initialize",
        ]),
        example: "zpool create -f tank /dev/sdb /dev/sdc",
        source: "zpoolconcepts(7), zpool-create(8), zpool-labelclear(8)",
    },
    Tool {
        name: Exact("pvcreate"),
        writes: Unless(&[]),
        example: "pvcreate -ff -y /dev/sdb",
        source: "pvcreate(8)",
    },
    Tool {
        name: Exact("pvremove"),
        writes: Unless(&[]),
        example: "pvremove -ff /dev/sdb",
        source: "pvremove(8)",
    },
    Tool {
        name: Exact("lvremove"),
        writes: Unless(&[]),
        example: "lvremove -f /dev/vg0/data",
        source: "lvremove(8): the volume's data is lost",
    },
    Tool {
        name: Exact("vgremove"),
        writes: Unless(&[]),
        example: "vgremove -f vg0",
        source: "vgremove(8): every logical volume of the group is removed",
    },
    Tool {
        name: Exact("vgcreate"),
        writes: Unless(&[]),
        example: "vgcreate data /dev/sdb /dev/sdc",
        source: "vgcreate(8): devices not yet PVs are initialised",
    },
    Tool {
        name: Exact("vgextend"),
        writes: Unless(&[]),
        example: "vgextend data /dev/sdd",
        source: "vgextend(8)",
    },
    Tool {
        name: Exact("mdadm"),
        writes: With(&[
            "--create",
            "-C",
            "--build",
            "-B",
            "--zero-superblock",
            "--add",
            "--grow",
            "-G",
        ]),
        example: "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sdb /dev/sdc",
        source: "mdadm(8)",
    },
    Tool {
        name: Exact("sg_format"),
        writes: With(&["--format", "-F"]),
        example: "sg_format --format /dev/sdb",
        source: "sg_format(8): without --format it only reports",
    },
    Tool {
        name: Exact("gpt"),
        writes: With(&[
            "create", "destroy", "add", "remove", "migrate", "recover", "resize", "label",
        ]),
        example: "gpt destroy /dev/disk2",
        source: "gpt(8) (macOS, FreeBSD)",
    },
    Tool {
        name: Exact("lsblk"),
        writes: Never,
        example: "lsblk /dev/sda",
        source: "lsblk(8)",
    },
    Tool {
        name: Exact("blkid"),
        writes: Never,
        example: "blkid /dev/sda1",
        source: "blkid(8)",
    },
    Tool {
        name: Exact("smartctl"),
        writes: Never,
        example: "smartctl -a /dev/sda",
        source: "smartctl(8)",
    },
    Tool {
        name: Exact("partx"),
        writes: Never,
        example: "partx --show /dev/sda",
        source: "partx(8)",
    },
    Tool {
        name: Exact("mount"),
        writes: Never,
        example: "mount /dev/sdb1 /mnt",
        source: "mount(8)",
    },
    Tool {
        name: Exact("umount"),
        writes: Never,
        example: "umount /dev/sdb1",
        source: "umount(8)",
    },
    Tool {
        name: Family("fsck"),
        writes: Never,
        example: "fsck.ext4 -n /dev/sdb1",
        source: "fsck(8)",
    },
    Tool {
        name: Exact("e2fsck"),
        writes: Never,
        example: "e2fsck -n /dev/sdb1",
        source: "e2fsck(8)",
    },
    Tool {
        name: Exact("dumpe2fs"),
        writes: Never,
        example: "dumpe2fs /dev/sdb1",
        source: "dumpe2fs(8)",
    },
    Tool {
        name: Exact("tune2fs"),
        writes: Never,
        example: "tune2fs -l /dev/sdb1",
        source: "tune2fs(8)",
    },
    Tool {
        name: Exact("udevadm"),
        writes: Never,
        example: "udevadm info /dev/sda",
        source: "udevadm(8)",
    },
];

/// Programs that read a whole device they name although the analyzer has no handler for them
/// (disk imagers: `pv /dev/sda > disk.img`, `ddrescue /dev/sdb out.img`; pv(1), ddrescue(1),
/// partclone(8), ntfsclone(8)). dcfldd(1) and dc3dd(1) take dd's `if=`/`of=` operands and are
/// handled as dd (`files.rs`). Any other program without a handler
/// that names a device only inspects it (`df /dev/sda1`, `findmnt /dev/sda1`, `udisksctl info
/// -b /dev/sda`, `blockdev --getsize64 /dev/sda`, `xfs_info /dev/sdb1`, `stat /dev/sda`).
pub(crate) const IMAGERS: &[&str] = &["pv", "ddrescue", "partclone", "ntfsclone", "partimage"];

/// True when `name`, a program without a handler of its own (or `stat`/`file`/`realpath`/
/// `readlink`, which read metadata only), names the device `text` without reading its
/// content: the operand is not a read of the disk.
pub(crate) fn names_device_only(name: &str, text: &str) -> bool {
    // `partclone.ext4`: the family name before the file-system type.
    let family = name.split('.').next().unwrap_or(name);
    text.starts_with("/dev/") && !IMAGERS.contains(&name) && !IMAGERS.contains(&family)
}

fn lookup(name: &str) -> Option<&'static Tool> {
    TOOLS.iter().find(|t| match t.name {
        Exact(n) => name == n,
        Family(n) => {
            name == n
                || name
                    .strip_prefix(n)
                    .is_some_and(|r| r.starts_with('.') || r.starts_with('_'))
        }
    })
}

/// LVM tools whose operands are volume groups or logical volumes by name (`vg0`,
/// `vg0/data`): lvm(8) "VG/LV" is the device `/dev/VG/LV`.
const LVM_NAMED: &[&str] = &["lvremove", "vgremove"];

/// A device operand: `/dev/…`, an LVM name (`vg0/data` for [`LVM_NAMED`]), or macOS
/// `diskutil`'s bare `diskN[sM]`.
fn device_path(name: &str, text: &str) -> Option<String> {
    if text.starts_with("/dev/") {
        return Some(text.to_string());
    }
    if LVM_NAMED.contains(&name)
        && !text.starts_with('-')
        && !text.is_empty()
        && text
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.' | '+' | '/'))
    {
        return Some(format!("/dev/{text}"));
    }
    if name == "zpool" && is_device_name(text) {
        return Some(format!("/dev/{text}"));
    }
    let bare = text.strip_prefix("disk")?;
    (name == "diskutil" && bare.starts_with(|c: char| c.is_ascii_digit()))
        .then(|| format!("/dev/{text}"))
}

/// A block device's node name without `/dev/` (zpool-create(8): "the full path is not needed,
/// the name is looked up in `/dev`"): Linux `sd`/`vd`/`xvd`/`hd` + letters (and a partition
/// number), `nvmeNnM` (`pN`), `mmcblkN`, FreeBSD `da`/`ada`/`nvd` + digits.
fn is_device_name(t: &str) -> bool {
    let letters_then_digits = |rest: &str| {
        let letters = rest.trim_end_matches(|c: char| c.is_ascii_digit());
        !letters.is_empty() && letters.chars().all(|c| c.is_ascii_lowercase()) && letters.len() <= 3
    };
    let digits = |rest: &str| !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit());
    if let Some(rest) = t.strip_prefix("nvme") {
        // nvme0n1, nvme0n1p2
        let mut parts = rest.splitn(2, 'n');
        let (ctl, ns) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let ns = ns.split('p').next().unwrap_or("");
        return digits(ctl) && digits(ns);
    }
    if let Some(rest) = t.strip_prefix("mmcblk") {
        return digits(rest.split('p').next().unwrap_or(""));
    }
    for p in ["xvd", "sd", "vd", "hd"] {
        if let Some(rest) = t.strip_prefix(p) {
            return letters_then_digits(rest);
        }
    }
    for p in ["ada", "nvd", "da"] {
        if let Some(rest) = t.strip_prefix(p) {
            return digits(rest.split('p').next().unwrap_or(""));
        }
    }
    false
}

/// Handles a raw-disk tool; `None` for any other program.
pub(super) fn run(a: &mut Analyzer, name: &str, inv: &Inv) -> Option<Stream> {
    let tool = lookup(name)?;
    let words = inv.rest();
    // A short option counts inside a cluster of short options too (`badblocks -wsv`,
    // `fdisk -lu`): POSIX utility syntax guideline 5.
    let has = |list: &[&str]| {
        words.iter().any(|w| {
            let t = w.text.as_str();
            list.contains(&t)
                || (t.len() > 2
                    && t.starts_with('-')
                    && !t.starts_with("--")
                    && t.chars().skip(1).all(|c| c.is_ascii_alphabetic())
                    && list.iter().any(|o| {
                        o.len() == 2
                            && o.starts_with('-')
                            && t.contains(o.chars().nth(1).unwrap_or('-'))
                    }))
        })
    };
    let writes = match tool.writes {
        Unless(ro) => !has(ro),
        With(w) => has(w),
        Never => false,
    };
    if writes {
        for w in words.iter().take(64) {
            if let Some(dev) = device_path(name, &w.text) {
                let r =
                    crate::paths::resolve_text(&dev, w.dynamic, w.known_prefix, w.glob, &inv.cwd);
                let ev = if w.raw.is_empty() {
                    w.text.clone()
                } else {
                    w.raw.clone()
                };
                a.add_path(&r, Access::Write, name, false, &ev);
            }
        }
    }
    Some(passthrough(inv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    #[test]
    fn every_row_behaves_as_its_example() {
        for t in TOOLS {
            let f = analyze(t.example, &ctx());
            let writes: Vec<_> = f
                .paths
                .iter()
                .filter(|p| p.access == Access::Write && p.path.starts_with("/dev/"))
                .collect();
            match t.writes {
                Never => assert!(
                    f.paths.iter().all(|p| !p.path.starts_with("/dev/")),
                    "{t:?}: {:?}",
                    f.paths
                ),
                _ => assert!(!writes.is_empty(), "{t:?}: {:?}", f.paths),
            }
            assert!(
                lookup(super::super::super::paths::basename(
                    t.example.split(' ').next().unwrap_or("")
                ))
                .is_some(),
                "{t:?}"
            );
        }
    }

    #[test]
    fn inspection_of_a_device_is_not_a_read_of_it_but_imaging_is() {
        for cmd in [
            "df /dev/sda1",
            "findmnt /dev/sda1",
            "udisksctl info -b /dev/sda",
            "blockdev --getsize64 /dev/sda",
            "xfs_info /dev/sdb1",
            "stat /dev/sda",
            "file -s /dev/sda1",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths.iter().all(|p| !p.path.starts_with("/dev/")),
                "{cmd}: {:?}",
                f.paths
            );
        }
        for cmd in IMAGERS.iter().map(|i| format!("{i} /dev/sda")) {
            let f = analyze(&cmd, &ctx());
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.path == "/dev/sda" && p.access == Access::Read),
                "{cmd}: {:?}",
                f.paths
            );
        }
        let f = analyze("cat /dev/sda > disk.img", &ctx());
        assert!(f.paths.iter().any(|p| p.path == "/dev/sda"));
    }

    #[test]
    fn read_only_runs_name_no_device() {
        for cmd in [
            "fdisk -l /dev/sda",
            "parted /dev/sda print",
            "wipefs /dev/sda",
            "sgdisk -p /dev/sda",
            "hdparm -I /dev/sda",
            "diskutil list disk2",
            "mkfs.ext4 ./disk.img",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths.iter().all(|p| !p.path.starts_with("/dev/")),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn zpool_names_devices_without_dev() {
        for t in [
            "sda",
            "sdb1",
            "nvme0n1",
            "nvme1n1p2",
            "vdc",
            "xvdf",
            "mmcblk0",
            "da0",
            "ada1",
        ] {
            assert!(is_device_name(t), "{t}");
        }
        for t in [
            "tank",
            "pool",
            "mirror",
            "spare",
            "cache",
            "log",
            "special",
            "sdX",
            "data",
            "sdNEW",
            "nvme",
            "dashboard",
        ] {
            assert!(!is_device_name(t), "{t}");
        }
        let f = analyze("zpool add pool mirror sdc sdd", &ctx());
        assert!(
            f.paths.iter().any(|p| p.path == "/dev/sdc"),
            "{:?}",
            f.paths
        );
        let f = analyze("zpool status tank", &ctx());
        assert!(f.paths.is_empty(), "{:?}", f.paths);
    }
}
