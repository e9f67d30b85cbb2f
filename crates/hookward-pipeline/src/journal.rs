//! The warm helper's record journal (issue 15): how a served hook call answers before its
//! decision is written to the store, without losing the record if the server dies in between.
//!
//! Before the reply goes out, [`crate::run_hook_served`] writes what the record step will store
//! (the decision record and the health events known so far) to one small file,
//! `<hookward home>/run/journal/<pid>-<start>-<n>.json` (folder 0700, file 0600; `<pid>` and
//! `<start>` name the writing process: its pid and its start time in clock ticks since boot,
//! field 22 of `/proc/<pid>/stat`, so a reused pid is not taken for the writer); then it
//! answers, then it runs the record step as `hookward hook` does, then it marks the entry done
//! ([`Pending::release`]; the entry stays pending when the decision could not be written, for a
//! later fold). A server that dies between the answer and the record leaves the entry behind,
//! and it is folded into the store ([`fold`], [`fold_into`]) by the next server before it binds
//! its socket, or by the next `hookward hook` that runs in-process (its record step looks for
//! entries of dead writers), with a `journal-folded` health event saying so: the record is
//! late, never lost, never silent.
//!
//! The files are slots a server reuses (issue 15: creating and removing a file per call cost
//! the server about a seventh of its CPU, on ext4 mostly the new inode, before the reply): a
//! slot holds one entry as JSON, padded with spaces to the longest entry it held, and a done
//! slot holds `null` (padded the same way). A released slot goes back to the process's pool and
//! the next call overwrites it in place (one `pwrite`, no `open`, `unlink` or `fsync`); a slot
//! whose entry stays pending leaves the pool, so it is never overwritten. A fold removes the
//! done slots of writers that no longer run without a word; a server that ends on its own
//! (idle, upgraded, its socket gone) removes its own ([`remove_free_slots`]), one that is
//! killed leaves them to that fold.
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

/// A slot bigger than this is removed when it is released instead of going back to the pool
/// (a done slot is rewritten in full: a slot that once held a large entry would make every
/// later call write that much).
const SLOT_KEEP_MAX: u64 = 64 << 10;

/// Free slots kept at most per process (more than the server's concurrent calls are removed).
const FREE_MAX: usize = 32;

/// The done content of a slot: JSON `null`, then spaces.
const DONE: &[u8] = b"null";

/// One journal file, open for writing, with the length of its longest content so far.
#[derive(Debug)]
struct Slot {
    file: std::fs::File,
    path: PathBuf,
    len: u64,
}

impl Slot {
    /// Writes `bytes` at the start of the slot, padded with spaces to what it held before (the
    /// rest of the file is then JSON whitespace): one `pwrite`.
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        use std::os::unix::fs::FileExt;
        let len = bytes.len() as u64;
        if len >= self.len {
            self.file.write_all_at(bytes, 0)?;
            self.len = len;
            return Ok(());
        }
        let mut padded = Vec::with_capacity(self.len as usize);
        padded.extend_from_slice(bytes);
        padded.resize(self.len as usize, b' ');
        self.file.write_all_at(&padded, 0)
    }
}

/// The released slots of this process, by journal folder, for the next calls to overwrite.
static FREE: std::sync::Mutex<Vec<Slot>> = std::sync::Mutex::new(Vec::new());

fn free_slots() -> std::sync::MutexGuard<'static, Vec<Slot>> {
    FREE.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// A free slot of `dir`, or a new file there (the folder created 0700 when missing).
fn take_slot(dir: &Path) -> Option<Slot> {
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    {
        let mut free = free_slots();
        if let Some(i) = free.iter().rposition(|s| s.path.parent() == Some(dir)) {
            return Some(free.swap_remove(i));
        }
    }
    if !dir.is_dir() {
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .ok()?;
    }
    let n = SEQ.fetch_add(1, Ordering::Relaxed);
    let path = dir.join(format!("{}-{n}.json", me()));
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&path)
        .ok()?;
    Some(Slot { file, path, len: 0 })
}

/// A written entry, pending until [`Pending::release`] marks it done. Dropped without a
/// release (the decision was not stored, or the call panicked after its reply), the entry
/// stays in its file for a later fold and the slot is not reused.
#[derive(Debug)]
pub struct Pending {
    slot: Option<Slot>,
}

impl Pending {
    /// The journal file holding the entry.
    pub fn path(&self) -> Option<&Path> {
        self.slot.as_ref().map(|s| s.path.as_path())
    }

    /// Marks the entry done (its record is in the store, or the call is recorded elsewhere):
    /// the slot holds `null` and goes back to the pool for the next call. A slot that cannot
    /// be marked, is large or is one too many is removed instead.
    pub fn release(mut self) {
        let Some(mut slot) = self.slot.take() else {
            return;
        };
        if slot.len <= SLOT_KEEP_MAX && slot.put(DONE).is_ok() {
            let mut free = free_slots();
            if free.len() < FREE_MAX {
                free.push(slot);
                return;
            }
        }
        let _ = std::fs::remove_file(&slot.path);
    }
}

/// Removes this process's free slots (done entries): for a server that ends on its own. A slot in use by
/// a call still running is not among them.
pub fn remove_free_slots() {
    for slot in free_slots().drain(..) {
        let _ = std::fs::remove_file(&slot.path);
    }
}

/// Writes `entry` to a slot of the journal (a free one of this process, or a new file) and
/// returns it, pending; `None` when it cannot be written (the call then records as usual after
/// its reply, with no journal copy).
pub fn write(hookward_home: &Path, entry: &Entry) -> Option<Pending> {
    let bytes = serde_json::to_vec(entry).ok()?;
    let mut slot = take_slot(&dir(hookward_home))?;
    if slot.put(&bytes).is_err() {
        // the slot may hold half an entry: never reused, removed
        let _ = std::fs::remove_file(&slot.path);
        return None;
    }
    Some(Pending { slot: Some(slot) })
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
        // `null`: a done slot ([`Pending::release`]), nothing to record
        let parsed: Option<Option<Entry>> = bytes.and_then(|b| serde_json::from_slice(&b).ok());
        let shown = path.with_file_name(&original);
        let note = match parsed {
            Some(None) => {
                let _ = std::fs::remove_file(&claim);
                continue;
            }
            Some(Some(entry)) => {
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
        let pending = write(home.path(), &entry("mine")).unwrap();
        let path = pending.path().unwrap().to_path_buf();
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

    /// A released slot holds `null` and is the next write's file; a dropped (kept) one holds
    /// its entry and is never written again.
    #[test]
    fn released_slots_are_reused_and_kept_ones_are_not() {
        let home = tempfile::tempdir().unwrap();
        let big = Entry {
            health: vec![HealthEvent {
                ts_ms: 1,
                kind: "x".into(),
                message: "m".repeat(500),
                detail: serde_json::json!({}),
                agent: None,
                session: None,
            }],
            ..entry("big")
        };
        let first = write(home.path(), &big).unwrap();
        let path = first.path().unwrap().to_path_buf();
        let parsed: Entry = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(parsed.health.len(), 1);
        first.release();
        let done = std::fs::read(&path).unwrap();
        assert_eq!(done.trim_ascii(), b"null");
        // a shorter entry in the same file: padded, still one JSON value
        let second = write(home.path(), &entry("small")).unwrap();
        assert_eq!(second.path(), Some(path.as_path()));
        let parsed: Entry = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(
            parsed.decision.and_then(|d| d.session).as_deref(),
            Some("small")
        );
        drop(second); // kept: the entry stays pending in its file
        let third = write(home.path(), &entry("next")).unwrap();
        assert_ne!(third.path(), Some(path.as_path()));
        let parsed: Entry = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(
            parsed.decision.and_then(|d| d.session).as_deref(),
            Some("small")
        );
        third.release();
        remove_free_slots();
        assert_eq!(std::fs::read_dir(dir(home.path())).unwrap().count(), 1);
    }

    /// The done slots of a writer that no longer runs are removed by a fold, with no record
    /// and no health event.
    #[test]
    fn done_slots_of_a_dead_writer_are_removed_quietly() {
        let home = tempfile::tempdir().unwrap();
        let store = Store::open(&home.path().join("state.db")).unwrap();
        put(home.path(), &format!("{DEAD}-0.json"), b"null          ");
        put(
            home.path(),
            &format!("{DEAD}-1.json"),
            &serde_json::to_vec(&entry("s1")).unwrap(),
        );
        assert!(has_orphans(home.path()));
        assert_eq!(fold_into(home.path(), &store), 1);
        assert_eq!(sessions(&store), ["s1"]);
        assert_eq!(kinds(&store), ["journal-folded"]);
        assert_eq!(std::fs::read_dir(dir(home.path())).unwrap().count(), 0);
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
