//! The fallback health file: one JSON line per event, for when the store cannot be opened.

use crate::{HealthEvent, StoreError};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The `kind` of the event [`read_fallback_health`] appends when it skipped unreadable lines.
pub const FALLBACK_UNREADABLE: &str = "fallback-unreadable";

/// The conventional fallback file for a store at `store_path`: `health-fallback.jsonl` in the
/// same directory (`~/.hookward/health-fallback.jsonl` next to `~/.hookward/state.db`), so the
/// hook that writes it and `hookward doctor` that reads it agree without configuration.
pub fn fallback_health_path(store_path: &Path) -> PathBuf {
    store_path
        .parent()
        .map_or_else(PathBuf::new, Path::to_path_buf)
        .join("health-fallback.jsonl")
}

/// Appends `ev` (redacted, like everything hookward writes) as one JSON line to `path`.
///
/// For when [`Store::open`](crate::Store::open) failed and the hook must still leave a trace.
/// Creates the parent directory and the file if missing (file mode 0600 on Unix). The file is
/// opened with `O_APPEND` and the line is written with one `write` call, so lines from
/// concurrent hook processes do not interleave on a local file system.
///
/// # Errors
/// The I/O error from creating the directory, opening or writing the file.
///
/// ```
/// use hookward_store::{append_fallback_health, read_fallback_health, HealthEvent};
/// let dir = tempfile::tempdir()?;
/// let path = dir.path().join("health-fallback.jsonl");
/// let ev = HealthEvent {
///     ts_ms: 1_700_000_000_000,
///     kind: "store-damaged".into(),
///     message: "state.db is damaged".into(),
///     detail: serde_json::json!({"path": "state.db"}),
///     agent: Some("claude-code".into()),
///     session: None,
/// };
/// append_fallback_health(&path, &ev)?;
/// assert_eq!(read_fallback_health(&path)?, vec![ev]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn append_fallback_health(path: &Path, ev: &HealthEvent) -> std::io::Result<()> {
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        crate::create_private_dir(parent)?;
    }
    let mut line = serde_json::to_string(&ev.redacted()).map_err(std::io::Error::other)?;
    line.push('\n');
    let mut opts = std::fs::OpenOptions::new();
    opts.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    opts.open(path)?.write_all(line.as_bytes())
}

/// Reads every event from a fallback file written by [`append_fallback_health`], oldest first.
///
/// A missing file means no events (`Ok(vec![])`). Lines that are not a JSON health event (a
/// line cut short by a crash, edits by hand) are skipped and counted: if there were any, one
/// more event is appended at the end with kind [`FALLBACK_UNREADABLE`], `ts_ms` = now, a
/// message naming the file and the count, and `detail` =
/// `{"path": …, "bad_lines": N, "first_bad_line": L}` (1-based line number).
///
/// # Errors
/// [`StoreError::Io`] when the file exists but cannot be read.
pub fn read_fallback_health(path: &Path) -> Result<Vec<HealthEvent>, StoreError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => {
            return Err(StoreError::Io {
                path: path.to_path_buf(),
                action: "read the fallback health file",
                source,
            })
        }
    };
    let mut events = Vec::new();
    let mut bad = 0usize;
    let mut first_bad = None;
    for (i, line) in bytes.split(|b| *b == b'\n').enumerate() {
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        match serde_json::from_slice::<HealthEvent>(line) {
            Ok(ev) => events.push(ev),
            Err(_) => {
                bad += 1;
                first_bad.get_or_insert(i + 1);
            }
        }
    }
    if let Some(first) = first_bad {
        events.push(HealthEvent {
            ts_ms: crate::now_ms(),
            kind: FALLBACK_UNREADABLE.into(),
            message: format!(
                "{bad} line(s) of {} are not health events and were skipped (first: line {first})",
                path.display()
            ),
            detail: serde_json::json!({
                "path": path.display().to_string(),
                "bad_lines": bad,
                "first_bad_line": first,
            }),
            agent: None,
            session: None,
        });
    }
    Ok(events)
}
