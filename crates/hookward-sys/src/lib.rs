//! The small helpers that several hookward crates share, kept once (issue 13: no helper is
//! repeated across crates): the wall clock in milliseconds ([`now_ms`]), UTC calendar dates
//! ([`civil_from_days`], [`days_from_civil`]), folders and files only the user can read
//! ([`create_private_dir`], [`private_file`]), and writes that replace a file whole or not at
//! all ([`write_atomic`], [`write_atomic_private_synced`]), and the machine's name
//! ([`hostname`]).
//!
//! No dependency, no state.
#![deny(missing_docs)]

use std::io::Write;
use std::path::{Path, PathBuf};

/// Milliseconds since the Unix epoch; 0 when the clock is before it, `i64::MAX` past the range.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// The proleptic Gregorian date `(year, month 1–12, day 1–31)` of `days` since 1970-01-01
/// (Howard Hinnant's `civil_from_days`, <https://howardhinnant.github.io/date_algorithms.html>,
/// public domain).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (
        if m <= 2 { y + 1 } else { y },
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// Days since 1970-01-01 of the proleptic Gregorian date `y`-`m`-`d` (the inverse of
/// [`civil_from_days`]; Hinnant's `days_from_civil`). `m` is 1–12, `d` 1–31, unchecked.
pub fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let (m, d) = (i64::from(m), i64::from(d));
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The machine's name: the kernel's hostname (`/proc/sys/kernel/hostname`, else
/// `/etc/hostname`, else the `HOSTNAME` variable); `None` when none is set.
pub fn hostname() -> Option<String> {
    ["/proc/sys/kernel/hostname", "/etc/hostname"]
        .iter()
        .find_map(|p| {
            std::fs::read_to_string(p)
                .ok()
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty())
        })
        .or_else(|| std::env::var("HOSTNAME").ok().filter(|v| !v.is_empty()))
}

/// The name of the user this process runs as, without the environment: the owner of
/// `/proc/self` (the effective uid) looked up in `/etc/passwd`; `None` off Linux, or when the
/// uid has no entry there (a container's numeric user).
pub fn user_name() -> Option<String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let uid = std::fs::metadata("/proc/self").ok()?.uid();
        passwd_name(&std::fs::read_to_string("/etc/passwd").ok()?, uid)
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// The name of `uid` in the text of an `/etc/passwd` file (`name:x:uid:gid:…` lines).
fn passwd_name(passwd: &str, uid: u32) -> Option<String> {
    passwd.lines().find_map(|l| {
        let mut f = l.split(':');
        let name = f.next()?;
        let _pw = f.next()?;
        (f.next()?.parse::<u32>().ok()? == uid && !name.is_empty()).then(|| name.to_string())
    })
}

/// Creates `dir` and its parents; folders it creates get mode 0700 on Unix (existing ones keep
/// theirs).
///
/// # Errors
/// The `std::io::Error` of the creation.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        b.mode(0o700);
    }
    b.create(dir)
}

/// Creates (or truncates) `path` for writing; a file it creates gets mode 0600 on Unix.
///
/// # Errors
/// The `std::io::Error` of the open.
pub fn private_file(path: &Path) -> std::io::Result<std::fs::File> {
    let mut o = std::fs::OpenOptions::new();
    o.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.mode(0o600);
    }
    o.open(path)
}

/// The temporary file [`write_atomic`] writes before the rename: `.<name>.<pid>.tmp` in the
/// same folder as `path` (so the rename never crosses file systems).
pub fn temp_path(path: &Path) -> PathBuf {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    dir.join(format!(".{name}.{}.tmp", std::process::id()))
}

/// Replaces `path` with `bytes` whole: writes a temporary file beside it ([`temp_path`]) and
/// renames it over `path`, creating the folder first. A failure leaves `path` as it was and
/// removes the temporary file. Not synced to disk (a cache, a config file).
///
/// # Errors
/// The first `std::io::Error` of creating the folder, writing or renaming.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, bytes, false)
}

/// [`write_atomic`] for files that must survive a crash and stay private: the temporary file
/// is created with mode 0600 and synced before the rename (the context guard's restores and
/// quarantine copies). The folder must exist.
///
/// # Errors
/// The first `std::io::Error` of creating, writing, syncing or renaming.
pub fn write_atomic_private_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_with(path, bytes, true)
}

fn write_with(path: &Path, bytes: &[u8], durable: bool) -> std::io::Result<()> {
    let tmp = temp_path(path);
    let written = if durable {
        private_file(&tmp).and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
    } else {
        let dir = path.parent().unwrap_or(Path::new("."));
        std::fs::create_dir_all(dir).and_then(|()| std::fs::write(&tmp, bytes))
    };
    written
        .and_then(|()| std::fs::rename(&tmp, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&tmp);
        })
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwd_names_the_uid() {
        let passwd =
            "root:x:0:0:root:/root:/bin/bash\n# comment\ndev:x:1000:1000::/home/dev:/bin/sh\n";
        assert_eq!(passwd_name(passwd, 0).as_deref(), Some("root"));
        assert_eq!(passwd_name(passwd, 1000).as_deref(), Some("dev"));
        assert_eq!(passwd_name(passwd, 5), None);
    }

    use super::*;

    #[test]
    fn now_is_after_2020() {
        assert!(now_ms() > 1_577_836_800_000);
    }

    #[test]
    fn civil_dates_round_trip_over_four_centuries() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        for z in -146_097..146_097 * 2 {
            let (y, m, d) = civil_from_days(z);
            assert_eq!(days_from_civil(y, m, d), z);
        }
    }

    #[test]
    fn atomic_write_replaces_whole_and_leaves_no_temp() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("sub/config.toml");
        write_atomic(&p, b"a = 1\n").unwrap();
        write_atomic(&p, b"a = 2\n").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"a = 2\n");
        assert_eq!(std::fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
    }

    #[test]
    fn failed_rename_keeps_the_target_and_removes_the_temp() {
        let d = tempfile::tempdir().unwrap();
        let target = d.path().join("dir");
        std::fs::create_dir(&target).unwrap();
        std::fs::write(target.join("x"), b"x").unwrap();
        // A non-empty folder cannot be replaced by a file.
        assert!(write_atomic(&target, b"y").is_err());
        assert!(target.join("x").exists());
        assert!(!temp_path(&target).exists());
    }

    #[cfg(unix)]
    #[test]
    fn private_modes() {
        use std::os::unix::fs::PermissionsExt;
        let d = tempfile::tempdir().unwrap();
        let dir = d.path().join("a/b");
        create_private_dir(&dir).unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        let f = dir.join("f");
        write_atomic_private_synced(&f, b"secret").unwrap();
        assert_eq!(mode(&f), 0o600);
        assert_eq!(std::fs::read(&f).unwrap(), b"secret");
    }
}
