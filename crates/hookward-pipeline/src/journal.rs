//! The warm helper's record journal (issue 15): how a served hook call answers before its
//! decision is written to the store, without losing the record if the server dies in between.
//!
//! Before the reply goes out, [`crate::run_hook_served`] writes what the record step will store
//! (the decision record and the health events known so far) to one small file,
//! `<hookward home>/run/journal/<pid>-<n>.json` (folder 0700, file 0600); then it answers, then
//! it runs the record step as `hookward hook` does, then it removes the file. A server that
//! dies between the answer and the record leaves the file behind, and the next server folds it
//! into the store before it takes its first call ([`fold`]), with a `journal-folded` health
//! event saying so: the record is late, never lost, never silent.
//!
//! Durability is the store's own (`synchronous=NORMAL`): the file is not fsynced, so it
//! survives the process, as a store commit does, and a power loss can drop both alike.

use hookward_store::{DecisionRecord, HealthEvent, HealthKind, Store};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// One call's pending record, as written before its reply.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Entry {
    /// The decision record (absent with `record = false`).
    pub decision: Option<DecisionRecord>,
    /// The health events known before the reply.
    pub health: Vec<HealthEvent>,
}

/// `<hookward home>/run/journal`.
pub fn dir(hookward_home: &Path) -> PathBuf {
    hookward_home.join("run").join("journal")
}

static SEQ: AtomicU64 = AtomicU64::new(0);

/// Writes `entry` to a new file of the journal and returns its path; `None` when it cannot be
/// written (the call then records as usual after its reply, with no journal copy).
pub fn write(hookward_home: &Path, entry: &Entry) -> Option<PathBuf> {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let dir = dir(hookward_home);
    if !dir.is_dir() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(&dir)
            .ok()?;
    }
    let bytes = serde_json::to_vec(entry).ok()?;
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{}-{n}.json", std::process::id()));
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .ok()?;
    if f.write_all(&bytes).is_err() {
        drop(f);
        let _ = std::fs::remove_file(&path);
        return None;
    }
    Some(path)
}

/// Folds every file left in the journal into the store at `store_path` (the records of calls
/// answered by a server that died before recording them), each with a `journal-folded` health
/// event, and removes them. Only for a process that holds the server's lock (no server is
/// writing the journal then). Returns how many entries were folded; files that do not parse
/// (a server that died while writing one: that call was never answered by it, so the client
/// ran it in-process and recorded it) are removed with a health event saying so.
///
/// Errors: the store cannot be opened (the files are left for the next try).
pub fn fold(hookward_home: &Path, store_path: &Path) -> Result<usize, hookward_store::StoreError> {
    let dir = dir(hookward_home);
    let Ok(read) = std::fs::read_dir(&dir) else {
        return Ok(0);
    };
    let mut files: Vec<PathBuf> = read
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    if files.is_empty() {
        return Ok(0);
    }
    files.sort();
    let store = Store::open(store_path)?;
    let mut folded = 0;
    for path in files {
        let parsed: Option<Entry> = std::fs::read(&path)
            .ok()
            .and_then(|b| serde_json::from_slice(&b).ok());
        let note = match parsed {
            Some(entry) => {
                let ok = match &entry.decision {
                    Some(d) => store.record_decision(d).is_ok(),
                    None => true,
                };
                for h in &entry.health {
                    let _ = store.record_health(h);
                }
                if !ok {
                    continue; // left for the next fold
                }
                folded += 1;
                format!(
                    "the warm helper stopped after answering a call and before recording it; its record was folded in from the journal ({})",
                    path.display()
                )
            }
            None => format!(
                "an unreadable journal entry was removed ({}): its call was not answered by the warm helper, so it ran in-process and was recorded there",
                path.display()
            ),
        };
        let _ = store.record_health(&HealthEvent {
            ts_ms: hookward_sys::now_ms(),
            kind: HealthKind::JournalFolded.as_str().to_string(),
            message: note,
            detail: serde_json::json!({}),
            agent: None,
            session: None,
        });
        let _ = std::fs::remove_file(&path);
    }
    Ok(folded)
}
