//! Writing a [`Plan`] to disk safely.

use std::ffi::OsString;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::document::read_bytes;
use crate::{InstallError, Plan};

/// What [`apply`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplyOutcome {
    /// Whether the settings file was written (false when the plan changed nothing).
    pub written: bool,
    /// The backup holding the file as it was before hookward first changed it
    /// (`<file>.hookward-backup`), when one exists after this call: created now, or kept from
    /// an earlier apply. `None` when nothing was written, or when the file did not exist
    /// before (there was nothing to back up) and no earlier backup exists.
    pub backup: Option<PathBuf>,
    /// Whether this call created the backup (false when an earlier one was kept).
    pub backup_created: bool,
}

/// The backup path for a settings file: the same path with `.hookward-backup` appended to the
/// file name (`settings.json` → `settings.json.hookward-backup`).
pub fn backup_path(path: &Path) -> PathBuf {
    let mut name: OsString = path.file_name().map(OsString::from).unwrap_or_default();
    name.push(".hookward-backup");
    path.with_file_name(name)
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
/// - Before the first change to an existing file it copies the file to
///   [`backup_path`]`(path)`, with the same permissions, unless that backup already exists:
///   the backup always holds the pristine pre-hookward original.
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
    if !plan.changed {
        return Ok(ApplyOutcome {
            written: false,
            backup: None,
            backup_created: false,
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

    let backup = backup_path(path);
    let mut backup_created = false;
    if let Some(before) = &plan.before {
        backup_created = write_backup(&backup, before.as_bytes(), old_perms.as_ref())?;
    }
    let backup = backup.exists().then_some(backup);

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
        backup,
        backup_created,
    })
}

/// Creates the backup with `bytes` unless it exists; returns whether it was created.
fn write_backup(
    backup: &Path,
    bytes: &[u8],
    perms: Option<&fs::Permissions>,
) -> Result<bool, InstallError> {
    let mut file = match fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(backup)
    {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Ok(false),
        Err(e) => return Err(io_err(backup, "create the backup")(e)),
    };
    if let Some(p) = perms {
        file.set_permissions(p.clone())
            .map_err(io_err(backup, "set the permissions of"))?;
    }
    file.write_all(bytes)
        .map_err(io_err(backup, "write the backup"))?;
    file.sync_all().map_err(io_err(backup, "sync the backup"))?;
    Ok(true)
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
