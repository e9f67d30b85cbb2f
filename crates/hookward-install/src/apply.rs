//! Writing a [`Plan`] to disk safely.

use hookward_sys::civil_from_days;
use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use crate::document::read_bytes;
use crate::{InstallError, Plan};

/// What [`apply`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyOutcome {
    /// Whether the settings file was written (false when the plan changed nothing).
    pub written: bool,
    /// The dated backup this call made of the file as it was just before the change
    /// ([`backup_path`]). `None` when nothing was written, or when the file did not exist
    /// before (there was nothing to back up).
    pub backup: Option<PathBuf>,
    /// Whether this call created a backup (`backup.is_some()`).
    pub backup_created: bool,
    /// Older dated backups of this file removed by this call to keep the last
    /// [`BACKUPS_KEPT`].
    pub backups_pruned: Vec<PathBuf>,
}

/// How many dated backups of one settings file are kept beside it; older ones are removed
/// when a new one is made. Ten covers a season of upgrades (each install or uninstall that
/// changes the file makes one) without filling the agent's folder.
pub const BACKUPS_KEPT: usize = 10;

/// The infix between a settings file's name and a backup's timestamp.
const BACKUP_INFIX: &str = ".hookward-backup-";

/// The dated backup path for a settings file changed at `at`: beside it, with
/// `.hookward-backup-YYYYMMDDTHHMMSSZ` (UTC, ISO 8601 basic format) appended to the file name
/// (`settings.json` → `settings.json.hookward-backup-20261202T134700Z`). Names sort by time.
/// Two changes within one second get `-2`, `-3`… after the second change's timestamp
/// ([`apply`] picks the first free name).
pub fn backup_path(path: &Path, at: SystemTime) -> PathBuf {
    let mut name: OsString = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(BACKUP_INFIX);
    name.push(utc_stamp(at));
    path.with_file_name(name)
}

/// The dated backups of `path` that exist now, oldest first (by the timestamp and counter in
/// their names). Files that merely start with the same prefix but do not carry a timestamp
/// are not listed.
///
/// # Errors
/// [`InstallError::Io`] when the directory exists but cannot be listed.
pub fn list_backups(path: &Path) -> Result<Vec<PathBuf>, InstallError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let Some(file_name) = path.file_name().and_then(|n| n.to_str()) else {
        return Ok(Vec::new());
    };
    let prefix = format!("{file_name}{BACKUP_INFIX}");
    let entries = match fs::read_dir(&dir) {
        Ok(e) => e,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(io_err(&dir, "list the directory")(e)),
    };
    let mut found: Vec<((String, u32), PathBuf)> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            let key = parse_stamp(name.strip_prefix(&prefix)?)?;
            Some((key, entry.path()))
        })
        .collect();
    found.sort();
    Ok(found.into_iter().map(|(_, p)| p).collect())
}

/// Splits `20261202T134700Z` or `20261202T134700Z-3` into (stamp, counter), counter 1 for
/// none; `None` for anything else.
fn parse_stamp(rest: &str) -> Option<(String, u32)> {
    let (stamp, counter) = match rest.split_once('-') {
        Some((s, n)) => (s, n.parse::<u32>().ok().filter(|n| *n >= 2)?),
        None => (rest, 1),
    };
    let b = stamp.as_bytes();
    let shape = b.len() == 16
        && b.get(8) == Some(&b'T')
        && b.get(15) == Some(&b'Z')
        && b.iter()
            .enumerate()
            .all(|(i, c)| matches!(i, 8 | 15) || c.is_ascii_digit());
    shape.then(|| (stamp.to_owned(), counter))
}

/// `at` as UTC `YYYYMMDDTHHMMSSZ`; times before 1970 are written as 1970-01-01.
fn utc_stamp(at: SystemTime) -> String {
    let secs = at
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(i64::MAX / 2);
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

fn io_err<'a>(path: &'a Path, action: &'static str) -> impl FnOnce(io::Error) -> InstallError + 'a {
    move |source| InstallError::Io {
        path: path.to_path_buf(),
        action,
        source,
    }
}

/// Writes `plan` to disk.
///
/// - When `plan.changed` is false it does nothing: the file stays byte-identical and no
///   backup is made.
/// - It refuses ([`InstallError::ChangedSincePlan`]) when the file's bytes differ from
///   `plan.before` (or it appeared or disappeared) since the plan was made.
/// - It creates missing parent directories.
/// - Before changing an existing file it copies it, with the same permissions, to a new dated
///   backup beside it ([`backup_path`], named with the current UTC time), then removes this
///   file's oldest dated backups beyond [`BACKUPS_KEPT`]. A file that did not exist gets no
///   backup. (Use [`apply_at`] to give the time.)
/// - It writes atomically: a temporary file in the same directory, `fsync`, then rename over
///   the file, then a best-effort `fsync` of the directory (Unix). The original file's
///   permissions are kept; a new file gets mode 0644 on Unix. When `path` is a symbolic link
///   (dotfile managers), the link's target is replaced and the link kept.
///
/// The check and the rename are not one atomic step: a writer racing in between loses its
/// change. Ownership is not preserved (the process writes as its own user).
///
/// # Errors
/// [`InstallError::ChangedSincePlan`]; [`InstallError::Io`] naming the file or directory that
/// could not be read, created, written, synced or renamed. On error the settings file is left
/// as it was (a backup may already have been created).
pub fn apply(plan: &Plan) -> Result<ApplyOutcome, InstallError> {
    apply_at(plan, SystemTime::now())
}

/// [`apply`] with the time used to name the backup given, for tests and callers that
/// stamp several files with one time.
///
/// # Errors
/// As [`apply`].
pub fn apply_at(plan: &Plan, now: SystemTime) -> Result<ApplyOutcome, InstallError> {
    if !plan.changed {
        return Ok(ApplyOutcome {
            written: false,
            backup: None,
            backup_created: false,
            backups_pruned: Vec::new(),
        });
    }
    let path = plan.path.as_path();
    let current = read_bytes(path)?;
    if current.as_deref() != plan.before.as_ref().map(String::as_bytes) {
        return Err(InstallError::ChangedSincePlan {
            path: path.to_path_buf(),
        });
    }

    // Write through a symlink to its target so the link survives.
    let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        fs::canonicalize(path).map_err(io_err(path, "resolve the symbolic link"))?
    } else {
        path.to_path_buf()
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(io_err(&dir, "create the directory"))?;

    let old_perms = match fs::metadata(&target) {
        Ok(m) => Some(m.permissions()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_err(&target, "read the metadata of")(e)),
    };

    let mut backup = None;
    let mut backups_pruned = Vec::new();
    if let Some(before) = &plan.before {
        backup = Some(write_backup(
            &backup_path(path, now),
            before.as_bytes(),
            old_perms.as_ref(),
        )?);
        backups_pruned = prune_backups(path)?;
    }

    let mut tmp = tempfile::Builder::new()
        .prefix(".hookward-")
        .suffix(".tmp")
        .tempfile_in(&dir)
        .map_err(io_err(&dir, "create a temporary file in"))?;
    tmp.write_all(plan.after.as_bytes())
        .map_err(io_err(tmp.path(), "write"))?;
    let perms = match old_perms {
        Some(p) => p,
        None => new_file_permissions(tmp.as_file())
            .map_err(io_err(tmp.path(), "read the metadata of"))?,
    };
    tmp.as_file()
        .set_permissions(perms)
        .map_err(io_err(&target, "set the permissions of"))?;
    tmp.as_file()
        .sync_all()
        .map_err(io_err(tmp.path(), "sync"))?;
    tmp.persist(&target)
        .map_err(|e| io_err(&target, "replace")(e.error))?;
    sync_dir(&dir);

    Ok(ApplyOutcome {
        written: true,
        backup_created: backup.is_some(),
        backup,
        backups_pruned,
    })
}

/// Creates a backup holding `bytes` at `first`, or at `first-2`, `first-3`… when that name is
/// taken (two changes in one second); returns the path written.
fn write_backup(
    first: &Path,
    bytes: &[u8],
    perms: Option<&fs::Permissions>,
) -> Result<PathBuf, InstallError> {
    let mut candidate = first.to_path_buf();
    let mut counter = 1u32;
    let mut file = loop {
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&candidate)
        {
            Ok(f) => break f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && counter < 1000 => {
                counter += 1;
                let mut name = first.as_os_str().to_owned();
                name.push(format!("-{counter}"));
                candidate = PathBuf::from(name);
            }
            Err(e) => return Err(io_err(&candidate, "create the backup")(e)),
        }
    };
    if let Some(p) = perms {
        file.set_permissions(p.clone())
            .map_err(io_err(&candidate, "set the permissions of"))?;
    }
    file.write_all(bytes)
        .map_err(io_err(&candidate, "write the backup"))?;
    file.sync_all()
        .map_err(io_err(&candidate, "sync the backup"))?;
    Ok(candidate)
}

/// Removes the oldest dated backups of `path` beyond [`BACKUPS_KEPT`]; returns them.
fn prune_backups(path: &Path) -> Result<Vec<PathBuf>, InstallError> {
    let all = list_backups(path)?;
    let excess = all.len().saturating_sub(BACKUPS_KEPT);
    let mut removed = Vec::new();
    for old in all.into_iter().take(excess) {
        fs::remove_file(&old).map_err(io_err(&old, "remove the old backup"))?;
        removed.push(old);
    }
    Ok(removed)
}

#[cfg(unix)]
fn new_file_permissions(file: &fs::File) -> io::Result<fs::Permissions> {
    use std::os::unix::fs::PermissionsExt;
    let mut p = file.metadata()?.permissions();
    p.set_mode(0o644);
    Ok(p)
}

#[cfg(not(unix))]
fn new_file_permissions(file: &fs::File) -> io::Result<fs::Permissions> {
    Ok(file.metadata()?.permissions())
}

/// Best-effort fsync of a directory so the rename is durable; errors are ignored because the
/// new content is already in place.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn stamps_are_utc_basic_iso_8601() {
        let at = |s| SystemTime::UNIX_EPOCH + Duration::from_secs(s);
        assert_eq!(utc_stamp(at(0)), "19700101T000000Z");
        // 2000-02-29 23:59:59 UTC (leap day) = 951868799.
        assert_eq!(utc_stamp(at(951_868_799)), "20000229T235959Z");
        // 2026-12-02 13:47:00 UTC = 1796219220.
        assert_eq!(utc_stamp(at(1_796_219_220)), "20261202T134700Z");
    }

    #[test]
    fn stamp_parsing_accepts_only_the_written_shapes() {
        assert_eq!(
            parse_stamp("20261202T134700Z"),
            Some(("20261202T134700Z".to_owned(), 1))
        );
        assert_eq!(
            parse_stamp("20261202T134700Z-3"),
            Some(("20261202T134700Z".to_owned(), 3))
        );
        for bad in [
            "",
            "20261202T134700",
            "2026120XT134700Z",
            "20261202T134700Z-1",
            "x-2",
        ] {
            assert_eq!(parse_stamp(bad), None, "{bad}");
        }
    }
}
