//! `hookward blame FILE`: for each line of a guarded file's latest recorded version, the change
//! that brought it and its observed writer; lines already there when the ledger began are
//! marked as older than the ledger.

use crate::{ContextError, Guard};
use hookward_store::{ChangeQuery, Store};
use serde::Serialize;
use std::collections::HashMap;

/// Where one line came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Origin {
    /// The version that introduced the line.
    pub version_id: i64,
    /// The change record of that version (`C<id>`), if one was made.
    pub change_id: Option<i64>,
    /// The observed writer of that version.
    pub writer: String,
    /// When that version was observed, ms since the Unix epoch.
    pub ts_ms: i64,
}

/// One line of the blamed file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    /// 1-based line number.
    pub line: usize,
    /// The line's text (without the newline).
    pub text: String,
    /// Where it came from; `None` = older than the ledger (present at the first scan).
    pub origin: Option<Origin>,
}

/// Blames the latest recorded version of `path`.
///
/// # Errors
/// [`ContextError::NotTracked`] when `path` has no versions; [`ContextError::Store`];
/// [`ContextError::MissingObject`] when a version's content was removed (pruned versions are
/// skipped, so their lines count as brought by the next version that is still there).
pub fn blame(guard: &Guard, store: &Store, path: &str) -> Result<Vec<Line>, ContextError> {
    let versions = store.context_versions(path)?;
    if versions.is_empty() {
        return Err(ContextError::NotTracked(path.to_string()));
    }
    let (changes, _) = store.context_changes(&ChangeQuery {
        path: Some(path.to_string()),
        ..ChangeQuery::default()
    })?;
    let change_of: HashMap<i64, i64> = changes.iter().map(|c| (c.to_version, c.id)).collect();
    let first_scan = crate::Writer::FirstScan.describe();
    let mut lines: Vec<(String, Option<Origin>)> = Vec::new();
    let mut prev_text = String::new();
    for (i, v) in versions.iter().enumerate() {
        let text = match &v.hash {
            None => String::new(),
            Some(h) => match guard.objects().get(h) {
                Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                Err(ContextError::MissingObject { .. }) if i + 1 < versions.len() => continue,
                Err(e) => return Err(e),
            },
        };
        let origin = if i == 0 && v.writer == first_scan {
            None
        } else {
            Some(Origin {
                version_id: v.id,
                change_id: change_of.get(&v.id).copied(),
                writer: v.writer.clone(),
                ts_ms: v.ts_ms,
            })
        };
        let diff = similar::TextDiff::from_lines(&prev_text, &text);
        let mut next = Vec::new();
        for op in diff.ops() {
            match *op {
                similar::DiffOp::Equal { old_index, len, .. } => {
                    next.extend(lines[old_index..old_index + len].iter().cloned());
                }
                similar::DiffOp::Insert {
                    new_index, new_len, ..
                }
                | similar::DiffOp::Replace {
                    new_index, new_len, ..
                } => {
                    for l in text.lines().skip(new_index).take(new_len) {
                        next.push((l.to_string(), origin.clone()));
                    }
                }
                similar::DiffOp::Delete { .. } => {}
            }
        }
        lines = next;
        prev_text = text;
    }
    Ok(lines
        .into_iter()
        .enumerate()
        .map(|(i, (text, origin))| Line {
            line: i + 1,
            text,
            origin,
        })
        .collect())
}
