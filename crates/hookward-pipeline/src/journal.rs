//! The warm helper's record journal (issue 15): how a served hook call answers before its
//! decision is written to the store, without losing the record if the server dies in between.
//!
//! Before the reply goes out, [`crate::run_hook_served`] writes what the record step will store
//! (the decision record and the health events known so far) to one small file,
//! `<hookward home>/run/journal/<pid>-<start>-<n>.json` (folder 0700, file 0600; `<pid>` and
//! `<start>` name the writing process: its pid and its start time in clock ticks since boot,
//! field 22 of `/proc/<pid>/stat`, so a reused pid is not taken for the writer); then it
//! answers, then it runs the record step as `hookward hook` does, then it removes the file (it
//! stays when the decision could not be written, for a later fold). A server that dies between
//! the answer and the record leaves the file behind, and it is folded into the store
//! ([`fold`], [`fold_into`]) by the next server before it binds its socket, or by the next
//! `hookward hook` that runs in-process (its record step looks for entries of dead writers), with
//! a `journal-folded` health event saying so: the record is late, never lost, never silent.
//!
//! Exactly once: only entries whose writer is gone are folded (a live server is still
//! recording its own), and a folder first claims an entry by renaming it to
//! `<name>.fold-<pid>-<start>` (one rename wins; a second server or an in-process hook folding
//! at the same moment finds it gone). A claim whose folder died is claimed again by the next
//! fold. Two windows are left, both a process dying between two adjacent steps: a folder that
//! dies after the store committed the record and before it removed its claim (the next fold
//! records that entry a second time), and a server that dies after writing an entry and before
//! its reply is out (the client falls back in-process and records the call, and the entry is
//! folded too). Both err on the side of a second record, never a lost one.
//!
//! A damaged entry (a writer that died while writing it: that call was never answered by the
//! server, so the client ran it in-process and recorded it there) is renamed to
//! `<name>.damaged`, kept for inspection and reported once by a `journal-folded` health event;
//! the other entries are folded as usual.
//!
//! Durability is the store's own (`synchronous=NORMAL`): the file is not fsynced, so it
//! survives the process, as a store commit does, and a power loss can drop both alike.

use hookward_store::{DecisionRecord, HealthEvent, HealthKind, Store, StoreError};
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

/// The start time of process `pid` in clock ticks since boot (field 22 of `/proc/<pid>/stat`),
/// `None` when it does not run (gone, or a zombie: it has exited) or `/proc` cannot be read.
fn start_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // the command name (field 2) is in parentheses and may hold spaces: count after the last ')'
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    if matches!(fields.next(), Some("Z" | "X" | "x")) {
        return None;
    }
    fields.nth(18)?.parse().ok()
}

/// This process as a writer or folder: `<pid>-<start>`.
fn me() -> &'static str {
    static ME: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    ME.get_or_init(|| {
        let pid = std::process::id();
        format!("{pid}-{}", start_ticks(pid).unwrap_or(0))
    })
}

/// Whether the process named `<pid>-<start>` (as [`me`] writes it) still runs. A name that
/// does not parse counts as running (never folded from under a writer).
fn runs(who: &str) -> bool {
    let mut it = who.split('-');
    let (Some(pid), Some(start)) = (it.next(), it.next()) else {
        return true;
    };
    let (Ok(pid), Ok(start)) = (pid.parse::<u32>(), start.parse::<u64>()) else {
        return true;
    };
    if pid == std::process::id() {
        return true; // our own entries are recorded by their own calls
    }
    match start_ticks(pid) {
        None => false,
        // start 0: written where /proc could not be read; the pid alone decides
        Some(t) => start == 0 || t == start,
    }
}

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
    let path = dir.join(format!("{}-{n}.json", me()));
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

/// What a fold found in one file name of the journal.
enum Found {
    /// `<writer>-<n>.json`, written by `<writer>`.
    Pending { writer: String },
    /// `<name>.fold-<folder>`, claimed by `<folder>`.
    Claimed { folder: String },
}

fn classify(name: &str) -> Option<Found> {
    if let Some((_, folder)) = name.split_once(".json.fold-") {
        return Some(Found::Claimed {
            folder: folder.to_string(),
        });
    }
    let stem = name.strip_suffix(".json")?;
    // `<pid>-<start>-<n>`: the writer is all but the last part
    let (writer, _) = stem.rsplit_once('-')?;
    Some(Found::Pending {
        writer: writer.to_string(),
    })
}

/// The entries a fold would take now: files of writers that no longer run, and claims of
/// folders that no longer run. One `read_dir` (none when the folder does not exist).
fn orphans(hookward_home: &Path) -> Vec<PathBuf> {
    let Ok(read) = std::fs::read_dir(dir(hookward_home)) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = read
        .filter_map(|e| e.ok())
        .filter(|e| {
            let name = e.file_name();
            match name.to_str().and_then(classify) {
                Some(Found::Pending { writer }) => !runs(&writer),
                Some(Found::Claimed { folder }) => !runs(&folder),
                None => false,
            }
        })
        .map(|e| e.path())
        .collect();
    out.sort();
    out
}

/// Whether the journal holds entries to fold (see [`fold_into`]): what the in-process hook
/// asks after its own record, at the cost of one `read_dir` of a folder that exists only where
/// a warm helper ran.
pub fn has_orphans(hookward_home: &Path) -> bool {
    !orphans(hookward_home).is_empty()
}

/// Folds every entry of a writer that no longer runs into the store at `store_path`; the
/// store is opened only when there is one. For the server, before it binds its socket.
///
/// Errors: the store cannot be opened (the files are left for the next try).
pub fn fold(hookward_home: &Path, store_path: &Path) -> Result<usize, StoreError> {
    if !has_orphans(hookward_home) {
        return Ok(0);
    }
    let store = Store::open(store_path)?;
    Ok(fold_into(hookward_home, &store))
}

/// Folds every entry of a writer that no longer runs into `store` (the records of calls
/// answered by a server that died before recording them), each with a `journal-folded` health
/// event, and removes them; a damaged entry is kept as `.damaged` and reported. Safe to run
/// from several processes at once: each entry is claimed by one rename first, and only the
/// process whose rename succeeded records it. Returns how many entries were folded.
pub fn fold_into(hookward_home: &Path, store: &Store) -> usize {
    let mut folded = 0;
    for path in orphans(hookward_home) {
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let original = match name.split_once(".json.fold-") {
            Some((stem, _)) => format!("{stem}.json"),
            None => name.to_string(),
        };
        let claim = path.with_file_name(format!("{original}.fold-{}", me()));
        if std::fs::rename(&path, &claim).is_err() {
            continue; // another folder claimed it first
        }
        let bytes = std::fs::read(&claim).ok();
        let parsed: Option<Entry> = bytes.and_then(|b| serde_json::from_slice(&b).ok());
        let shown = path.with_file_name(&original);
        let note = match parsed {
            Some(entry) => {
                if let Some(d) = &entry.decision {
                    if store.record_decision(d).is_err() {
                        // left claimed; the claim of a folder that ended is taken again
                        continue;
                    }
                }
                for h in &entry.health {
                    let _ = store.record_health(h);
                }
                let _ = std::fs::remove_file(&claim);
                folded += 1;
                format!(
                    "the warm helper stopped after answering a call and before recording it; its record was folded in from the journal ({})",
                    shown.display()
                )
            }
            None => {
                let kept = path.with_file_name(format!("{original}.damaged"));
                let _ = std::fs::rename(&claim, &kept);
                format!(
                    "a damaged journal entry was set aside ({}): a server that stops while writing one has not answered its call, so the client ran it in-process and recorded it there",
                    kept.display()
                )
            }
        };
        let _ = store.record_health(&HealthEvent {
            ts_ms: hookward_sys::now_ms(),
            kind: HealthKind::JournalFolded.as_str().to_string(),
            message: note,
            detail: serde_json::json!({}),
            agent: None,
            session: None,
        });
    }
    folded
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(session: &str) -> Entry {
        Entry {
            decision: Some(DecisionRecord {
                ts_ms: 1,
                agent: "claude-code".into(),
                event: "PreToolUse".into(),
                tool: Some("Bash".into()),
                tool_kind: Some("shell".into()),
                session: Some(session.into()),
                cwd: None,
                input: serde_json::json!({"command": "ls"}),
                facts: serde_json::json!({}),
                decision: Some("allow".into()),
                reply: String::new(),
                rule_ids: Vec::new(),
                reasons: Vec::new(),
                elapsed_us: 1,
                agent_id: None,
                agent_type: None,
            }),
            health: Vec::new(),
        }
    }

    /// A pid that does not run (the highest pid numbers are free on a test machine).
    const DEAD: &str = "4194300-7";

    fn put(home: &Path, name: &str, bytes: &[u8]) {
        std::fs::create_dir_all(dir(home)).unwrap();
        std::fs::write(dir(home).join(name), bytes).unwrap();
    }

    fn sessions(store: &Store) -> Vec<String> {
        let q = hookward_store::DecisionQuery {
            limit: 1000,
            ..Default::default()
        };
        store
            .decisions(&q)
            .unwrap()
            .into_iter()
            .filter_map(|d| d.record.session)
            .collect()
    }

    fn kinds(store: &Store) -> Vec<String> {
        store
            .health_events(None, 100)
            .unwrap()
            .into_iter()
            .map(|r| r.event.kind)
            .collect()
    }

    #[test]
    fn an_entry_of_a_dead_writer_is_folded_once() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        put(
            home.path(),
            &format!("{DEAD}-0.json"),
            &serde_json::to_vec(&entry("s1")).unwrap(),
        );
        assert!(has_orphans(home.path()));
        assert_eq!(fold_into(home.path(), &store), 1);
        assert_eq!(fold_into(home.path(), &store), 0);
        assert_eq!(sessions(&store), ["s1"]);
        assert_eq!(kinds(&store), ["journal-folded"]);
        assert!(!has_orphans(home.path()));
        assert_eq!(std::fs::read_dir(dir(home.path())).unwrap().count(), 0);
    }

    #[test]
    fn an_entry_of_a_running_writer_is_left_to_it() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        // this process is running: its entry is its own call's to record
        let path = write(home.path(), &entry("mine")).unwrap();
        // so is pid 1 (with its real start time)
        let init = format!("1-{}", start_ticks(1).unwrap_or(0));
        put(
            home.path(),
            &format!("{init}-0.json"),
            &serde_json::to_vec(&entry("init")).unwrap(),
        );
        assert!(!has_orphans(home.path()));
        assert_eq!(fold_into(home.path(), &store), 0);
        assert!(path.exists());
        assert!(sessions(&store).is_empty());
    }

    #[test]
    fn a_reused_pid_is_not_the_writer() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        // pid 1 runs, but not the process that started at tick 1 (it started at another)
        let start = start_ticks(1).unwrap_or(0);
        put(
            home.path(),
            &format!("1-{}-0.json", start + 1),
            &serde_json::to_vec(&entry("old")).unwrap(),
        );
        assert_eq!(fold_into(home.path(), &store), 1);
        assert_eq!(sessions(&store), ["old"]);
    }

    #[test]
    fn a_damaged_entry_is_reported_and_set_aside_and_the_rest_folded() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        put(
            home.path(),
            &format!("{DEAD}-0.json"),
            &serde_json::to_vec(&entry("a")).unwrap(),
        );
        put(
            home.path(),
            &format!("{DEAD}-1.json"),
            b"{\"decision\": {\"ts_",
        );
        put(
            home.path(),
            &format!("{DEAD}-2.json"),
            &serde_json::to_vec(&entry("b")).unwrap(),
        );
        assert_eq!(fold_into(home.path(), &store), 2);
        assert_eq!(sessions(&store).len(), 2);
        let kinds = kinds(&store);
        assert_eq!(kinds.len(), 3, "{kinds:?}");
        let damaged = store
            .health_events(None, 100)
            .unwrap()
            .into_iter()
            .filter(|r| r.event.message.contains("damaged journal entry"))
            .count();
        assert_eq!(damaged, 1);
        assert!(dir(home.path())
            .join(format!("{DEAD}-1.json.damaged"))
            .exists());
        // reported once: a second fold leaves the damaged file alone
        assert_eq!(fold_into(home.path(), &store), 0);
        assert_eq!(store.health_events(None, 100).unwrap().len(), 3);
    }

    #[test]
    fn a_claim_of_a_folder_that_died_is_folded_by_the_next() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        put(
            home.path(),
            &format!("{DEAD}-0.json.fold-{DEAD}"),
            &serde_json::to_vec(&entry("c")).unwrap(),
        );
        assert_eq!(fold_into(home.path(), &store), 1);
        assert_eq!(sessions(&store), ["c"]);
    }

    /// Two processes folding the same journal at once (two servers, or a server and an
    /// in-process hook) record each entry once: threads stand in for them here, each with its
    /// own connection; the claim is a rename, so which process renames does not matter.
    #[test]
    fn folders_at_the_same_time_record_each_entry_once() {
        let home = tempfile::tempdir().unwrap();
        let db = home.path().join("state.db");
        drop(Store::open(&db).unwrap());
        for i in 0..200 {
            put(
                home.path(),
                &format!("{DEAD}-{i}.json"),
                &serde_json::to_vec(&entry(&format!("s{i}"))).unwrap(),
            );
        }
        let total: usize = std::thread::scope(|s| {
            let hs: Vec<_> = (0..4)
                .map(|_| {
                    s.spawn(|| {
                        let store = Store::open(&db).unwrap();
                        fold_into(home.path(), &store)
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(total, 200);
        let store = Store::open(&db).unwrap();
        let mut got = sessions(&store);
        got.sort();
        got.dedup();
        assert_eq!(got.len(), 200);
        assert_eq!(sessions(&store).len(), 200);
    }
}
