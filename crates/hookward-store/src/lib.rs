//! hookward's local store: one SQLite file (`~/.hookward/state.db`) holding every recorded
//! hook decision and every health event (hookward's own failures).
//!
//! It is built for the hook's hot path: a hook process opens the store, inserts one row and
//! exits. Opening does no schema work once the store exists (a header check, a few pragmas and
//! one query), an insert is one prepared statement in WAL mode with `synchronous=NORMAL`, and
//! closing writes nothing (WAL upkeep: [`WAL_TRUNCATE_BYTES`]).
//! `examples/insert_cost.rs` measures it (`cargo run --release -p hookward-store --example
//! insert_cost`); its header records the figures.
//!
//! ```
//! use hookward_store::{DecisionQuery, DecisionRecord, Store};
//! let dir = tempfile::tempdir()?;
//! let store = Store::open(&dir.path().join("state.db"))?;
//! assert!(store.was_created());
//! let id = store.record_decision(&DecisionRecord {
//!     ts_ms: 1_700_000_000_000,
//!     agent: "claude-code".into(),
//!     event: "PreToolUse".into(),
//!     tool: Some("Bash".into()),
//!     tool_kind: Some("shell".into()),
//!     session: Some("s1".into()),
//!     cwd: Some("/work".into()),
//!     input: serde_json::json!({"command": "export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345"}),
//!     facts: serde_json::json!({}),
//!     decision: Some("deny".into()),
//!     reply: "deny".into(),
//!     rule_ids: vec!["secret/in-command".into()],
//!     reasons: vec!["command exposes a token".into()],
//!     elapsed_us: 850,
//!     agent_id: None,
//!     agent_type: None,
//! })?;
//! let rows = store.decisions(&DecisionQuery { limit: 10, ..Default::default() })?;
//! assert_eq!(rows[0].display_id(), format!("D{id}"));
//! assert_eq!(rows[0].record.input["command"], "export GITHUB_TOKEN=[REDACTED:github]");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Invariants
//! - **Nothing is stored unredacted.** [`Store::record_decision`] passes `input`, `facts` and
//!   `reasons` through `hookward_redact`, and [`Store::record_health`] / [`append_fallback_health`]
//!   pass `message` and `detail`, before writing. Callers cannot skip it.
//! - **A file that is not a healthy hookward store is never modified.** Not SQLite, truncated,
//!   reported corrupt by SQLite ([`StoreError::Damaged`]), another application's database
//!   ([`StoreError::NotAStore`]) or a newer schema ([`StoreError::NewerSchema`]): the open fails
//!   and the main file's bytes are unchanged. Nothing is ever rebuilt silently.
//! - **Waits are bounded.** Every statement waits at most [`BUSY_TIMEOUT`] (200 ms) for another
//!   process's lock, then fails with [`StoreError::Busy`]; only creating or migrating the schema
//!   waits up to [`SETUP_BUSY_TIMEOUT`].
//! - One connection per [`Store`], no background threads; dropping the `Store` closes it.
//!
//! When the store cannot be opened at all, the hook records the failure with
//! [`append_fallback_health`] (a JSON-lines file) and `hookward doctor` reads it back with
//! [`read_fallback_health`].
#![deny(missing_docs)]

mod audit;
mod context;
mod cost;
mod error;
mod export;
mod fallback;
mod health_kind;
mod kb;
mod lazy;
mod lessons;
mod mapped;
mod marks;
mod records;
mod schema;
mod words;

pub use audit::{
    audit_hash_hex, canonical_json, AuditEntry, AuditProblem, AuditReport, GENESIS_HASH,
};
pub use context::{
    ChangeQuery, ChangeRow, FileState, FindingRow, NewChange, NewFinding, PruneCounts, VersionRow,
};
pub use cost::{CostCheckpoint, CostFileUpdate, CostGroup, CostGroupBy, CostQuery, CostRequestRow};
pub use error::StoreError;
pub use export::{ExportBatch, ExportCursor};
pub use fallback::{
    append_fallback_health, fallback_health_path, read_fallback_health, FALLBACK_UNREADABLE,
};
pub use health_kind::HealthKind;
pub use kb::{KbChunkRow, KbChunks, KbFileRow};
pub use lazy::{keep_stores_open, LazyStore};
pub use lessons::{
    EpisodeLimits, EpisodeRow, LessonInsert, LessonQuery, LessonRow, LessonStats, LessonToShow,
    NewEpisode, RecallQuery, Recalled, Settle, Settled, RETIRE_MIN_MISSES, RETIRE_MISS_SHARE,
};
pub use records::{
    DecisionQuery, DecisionRecord, DecisionRow, HealthEvent, HealthRow, SessionQuery, SessionRow,
    StoreHealth,
};
pub use schema::{APPLICATION_ID, SCHEMA_VERSION};
pub use words::{ChangeStatus, FindingStatus, Severity};

use rusqlite::config::DbConfig;
use rusqlite::{params, params_from_iter, Connection, ErrorCode, OpenFlags, TransactionBehavior};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long one statement waits for another process's lock before failing with
/// [`StoreError::Busy`]: 200 ms.
///
/// Why this figure: a hook's whole budget is a few milliseconds, but deps.md measured that with
/// many concurrent writers a single insert can wait 100 ms–1 s. 200 ms absorbs ordinary
/// contention while capping how long an agent can be stalled; past it the hook records the
/// failure in the fallback file and answers anyway. Kept under the 250 ms ceiling the design
/// sets. The wait is a polling busy handler rather than SQLite's `busy_timeout` back-off, which
/// starves under steady write load (see the crate's `busy_handler`); with it, 4 threads × 200
/// back-to-back inserts lose nothing in this crate's tests, and 8 × 200 did not either in a
/// manual run.
pub const BUSY_TIMEOUT: Duration = Duration::from_millis(200);

/// How long opening waits for another process that is creating or migrating the same store:
/// 2 s. Applies only while the schema is missing or old and while WAL mode is being switched on
/// (the first open on a machine, the first open after an upgrade); every other statement waits
/// at most [`BUSY_TIMEOUT`]. Creating the store took 2–35 ms on the project's machine (several
/// fsyncs, slower while builds load the disk); several hooks that start together on a fresh
/// machine must all wait for the first one rather than fail.
pub const SETUP_BUSY_TIMEOUT: Duration = Duration::from_secs(2);

/// WAL size (bytes) past which a write checkpoints the WAL and truncates it: 256 KiB, about 64
/// pages of 4 KiB.
///
/// Why hookward manages the WAL itself: every hook is a new process and usually the only
/// connection, and SQLite rebuilds its WAL index from the whole WAL when the first connection
/// opens, so open costs grow with the WAL; SQLite's own upkeep instead checkpoints and deletes
/// the WAL whenever the last connection closes, several fsyncs per hook. Measured on the
/// project's machine (open + insert + close, one ~1 KB row, p50, noisy): SQLite's default
/// 1.0 ms; no checkpoint on close with SQLite's automatic checkpoints 2.4 ms (the WAL is never
/// reset across processes, so it keeps growing); truncating past 32 pages 0.17 ms, past 96
/// pages 0.19 ms. 64 pages sits between: a short index rebuild, a checkpoint every ~20 small
/// inserts. The checkpoint never makes other writers wait (see `Store::keep_wal_small`).
///
/// Since issue 15 this is the threshold of [`Store::upkeep`], which the hook runs at session
/// boundaries (SessionStart, Stop) after its record, not after every write: a checkpoint costs
/// fsyncs (about every 11th hook paid one at p90), and at a session boundary no tool call waits
/// for it. A write on any other event checkpoints only past [`WAL_CAP_BYTES`].
///
/// Durability: with `synchronous=NORMAL` commits are not fsynced, so a power loss (not an
/// application crash) can lose the rows written since the last checkpoint, at most
/// [`WAL_CAP_BYTES`] of WAL.
pub const WAL_TRUNCATE_BYTES: u64 = 256 * 1024;

/// WAL size (bytes) past which any write checkpoints and truncates the WAL, whatever the event:
/// 1 MiB (256 pages, about 45 hook records of ~23 KiB of WAL each). The bound on what a session
/// with no session boundary for a long while lets the WAL grow to, and so on every hook's
/// WAL-index rebuild at open (see [`WAL_TRUNCATE_BYTES`]); four times the upkeep threshold, so
/// a turn of up to ~20 tool calls (Pre + Post each) leaves the checkpoint to its Stop.
pub const WAL_CAP_BYTES: u64 = 1024 * 1024;

/// The most decisions one [`Store::prune_decisions`] call deletes at a session start: 2,000
/// rows. Why this figure: a decision row is about 0.8 KB (827 MB at 1M rows, issue 15), so a
/// batch is ~1.6 MB of pages, a few milliseconds of work once per session; at one session
/// start per working hour it still outruns a heavy user's ~1,000 tool calls per hour.
pub const PRUNE_BATCH: usize = 2_000;

/// Which decisions [`Store::prune_decisions`] keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Retention {
    /// Keep the rows with `ts_ms` at or after this time (ms since the Unix epoch).
    Since(i64),
    /// Keep the newest this many rows.
    Newest(u64),
}

/// An open store: one SQLite connection to one file. Not shared between threads (open one per
/// thread or process; SQLite's WAL mode lets them write concurrently, one commit at a time).
pub struct Store {
    conn: Connection,
    path: PathBuf,
    wal: PathBuf,
    /// How long the busy handler may wait, in ms (0: give up at once). Shared with the handler.
    wait: Arc<AtomicU64>,
    created: bool,
    /// Lessons changed through this connection since the prefilter file was last written: it
    /// is written again when the store is dropped (`lessons.rs`, `sync_lessons_index`).
    lessons_dirty: std::cell::Cell<bool>,
    /// The prefilter file as last read, with its generation (`lessons.rs`).
    prefilter: std::cell::RefCell<Option<(u64, mapped::Mapped)>>,
}

impl Drop for Store {
    fn drop(&mut self) {
        if self.lessons_dirty.get() {
            // best effort: a file not written is stale, and the next recall falls back to the
            // FTS5 search and writes it
            let _ = self.sync_lessons_index();
        }
    }
}

/// SQLite's process-wide settings, made once before the process's first connection (every
/// connection of hookward is opened by [`Store::open_inner`]): its memory statistics off.
/// With them on (SQLite's default), every allocation and free SQLite makes takes a global
/// mutex and updates counters; hookward reads none of them (`sqlite3_memory_used`, a soft
/// heap limit). A process whose SQLite was already initialized elsewhere keeps its
/// settings (SQLite refuses the call then, harmlessly).
fn sqlite_process_settings() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // SAFETY: `sqlite3_config` with an `int` argument, as SQLITE_CONFIG_MEMSTATUS takes;
        // `call_once` runs it before any connection of this process is opened through here
        // (SQLite returns SQLITE_MISUSE, changing nothing, once it is initialized).
        unsafe {
            rusqlite::ffi::sqlite3_config(
                rusqlite::ffi::SQLITE_CONFIG_MEMSTATUS,
                std::ffi::c_int::from(0u8),
            );
        }
    });
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("path", &self.path)
            .field("created", &self.created)
            .finish_non_exhaustive()
    }
}

const DECISION_COLUMNS: &str = "id, ts_ms, agent, event, tool, tool_kind, session, cwd, input, facts, decision, reply, rule_ids, reasons, elapsed_us, agent_id, agent_type";
const HEALTH_COLUMNS: &str = "id, ts_ms, kind, message, detail, agent, session, acked_ms";

impl Store {
    /// Sizes in bytes of the database file and of its `-wal` sidecar (0 when there is none),
    /// for the store checks. Errors: [`StoreError::Io`] when the database file cannot be read.
    fn file_sizes(&self) -> Result<(u64, u64), StoreError> {
        let file_bytes = std::fs::metadata(&self.path)
            .map_err(|source| StoreError::Io {
                path: self.path.clone(),
                action: "read the size of",
                source,
            })?
            .len();
        let wal_bytes =
            std::fs::metadata(schema::sidecar(&self.path, "-wal")).map_or(0, |m| m.len());
        Ok((file_bytes, wal_bytes))
    }

    /// Opens the store at `path`, creating the parent directory (mode 0700 on Unix) and the file
    /// (mode 0600) if missing, and bringing its schema up to [`SCHEMA_VERSION`].
    ///
    /// Sets `journal_mode=WAL` (persistent, so only the first open pays for it),
    /// `synchronous=NORMAL` (durable across application crashes; a power loss can drop the last
    /// commits, acceptable for an audit log, and it saves an fsync per insert),
    /// a busy handler that waits at most [`BUSY_TIMEOUT`], and hands WAL upkeep to the store (no checkpoint on
    /// close, see [`WAL_TRUNCATE_BYTES`]). Migrations run in one `BEGIN IMMEDIATE` transaction,
    /// so concurrent first opens apply them once. An existing empty file is initialised like a
    /// new one.
    ///
    /// # Errors
    /// - [`StoreError::Damaged`]: the file is not a SQLite database or is damaged (bad header,
    ///   truncated, SQLite reports corruption). The file is left as it was.
    /// - [`StoreError::NotAStore`]: a SQLite database of another application. Left as it was.
    /// - [`StoreError::NewerSchema`]: written by a newer hookward. Left as it was.
    /// - [`StoreError::Busy`]: another process held the lock longer than [`BUSY_TIMEOUT`].
    /// - [`StoreError::Io`] / [`StoreError::Sqlite`]: the directory or file could not be
    ///   created or opened (permissions, read-only file system).
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        Store::open_settled(path, true)
    }

    /// [`Store::open_inner`], tried again (at most [`DAMAGED_RETRIES`] times,
    /// [`DAMAGED_RETRY_WAIT`] apart) when it reports the file damaged: a file another hook is
    /// creating or growing this instant can look truncated or carry a page count its size does
    /// not have yet (issue 12: one call in a few under 8 parallel hooks reported the store
    /// damaged and skipped its file check). A file that is really damaged stays damaged and is
    /// reported after the last try.
    fn open_settled(path: &Path, create: bool) -> Result<Store, StoreError> {
        let mut tries = 0;
        loop {
            match Store::open_inner(path, create) {
                Err(StoreError::Damaged { .. }) if tries < DAMAGED_RETRIES => {
                    tries += 1;
                    std::thread::sleep(DAMAGED_RETRY_WAIT);
                }
                other => return other,
            }
        }
    }

    /// Like [`Store::open`], but never creates anything: a missing file is
    /// [`StoreError::Missing`]. For commands that only read (`hookward log`), so looking does
    /// not create an empty store. Still migrates an older schema.
    ///
    /// # Errors
    /// [`StoreError::Missing`], and the errors of [`Store::open`].
    pub fn open_existing(path: &Path) -> Result<Store, StoreError> {
        Store::open_settled(path, false)
    }

    fn open_inner(path: &Path, create: bool) -> Result<Store, StoreError> {
        let io = |action: &'static str| {
            move |source: std::io::Error| StoreError::Io {
                path: path.to_path_buf(),
                action,
                source,
            }
        };
        let mut header_wal = false;
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_dir() => {
                return Err(StoreError::Damaged {
                    path: path.to_path_buf(),
                    detail: "it is a directory, expected a SQLite database file".into(),
                })
            }
            Ok(meta) => {
                if meta.len() > 0 {
                    header_wal = schema::check_header(path, meta.len())?.wal;
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if !create {
                    return Err(StoreError::Missing {
                        path: path.to_path_buf(),
                    });
                }
                if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                    create_private_dir(parent).map_err(io("create the directory of"))?;
                }
                create_private_file(path).map_err(io("create"))?;
            }
            Err(e) => return Err(io("read the metadata of")(e)),
        }

        sqlite_process_settings();
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX
            | OpenFlags::SQLITE_OPEN_EXRESCODE;
        let mut conn = Connection::open_with_flags(path, flags)
            .map_err(|e| sql_err(path, "opening the database", e))?;
        let wait = Arc::new(AtomicU64::new(millis(BUSY_TIMEOUT)));
        conn.busy_handler(Some(busy_handler(Arc::clone(&wait))))
            .map_err(|e| sql_err(path, "installing the busy handler", e))?;
        // WAL upkeep is ours, not SQLite's (see `WAL_TRUNCATE_BYTES`): no checkpoint when the
        // last connection closes (it would cost several fsyncs per hook and delete the WAL), no
        // automatic checkpoint inside commits (it cannot reset the WAL across processes). A side
        // effect the invariants rely on: closing a connection never writes the main file.
        conn.set_db_config(DbConfig::SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
            .map_err(|e| sql_err(path, "disabling checkpoint-on-close", e))?;
        conn.pragma_update(None, "wal_autocheckpoint", 0)
            .map_err(|e| sql_err(path, "disabling automatic checkpoints", e))?;

        // Read-only checks first: nothing below writes until the file is known to be ours.
        let id = identity(&conn, path)?;
        if id.version > SCHEMA_VERSION {
            return Err(StoreError::NewerSchema {
                path: path.to_path_buf(),
                found: id.version,
                supported: SCHEMA_VERSION,
            });
        }
        id.check_ownership(path)?;
        let version = id.version;

        if !header_wal {
            // New or non-WAL file. Persistent: later opens see it in the header and skip this.
            enable_wal(&conn, path)?;
        }
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(|e| sql_err(path, "setting synchronous=NORMAL", e))?;

        let mut created = false;
        if version < SCHEMA_VERSION {
            wait.store(millis(SETUP_BUSY_TIMEOUT), Ordering::Relaxed);
            created = migrate(&mut conn, path).map_err(|e| waited(e, SETUP_BUSY_TIMEOUT))?;
            wait.store(millis(BUSY_TIMEOUT), Ordering::Relaxed);
        }
        Ok(Store {
            conn,
            path: path.to_path_buf(),
            wal: schema::sidecar(path, "-wal"),
            wait,
            created,
            lessons_dirty: std::cell::Cell::new(false),
            prefilter: std::cell::RefCell::new(None),
        })
    }

    /// The database file this store was opened from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// `true` when this open initialised the schema from nothing: the file was missing or empty
    /// and this process ran the first migration (exactly one of several processes racing to
    /// create the store sees `true`). The caller records a `store-created` health event then.
    pub fn was_created(&self) -> bool {
        self.created
    }

    /// Records one hook call and returns its row id (shown to people as `D<id>`).
    ///
    /// `input`, `facts` and every reason are redacted (`hookward_redact::redact_json` /
    /// `redact_str`) before they are written; the record itself is not modified.
    ///
    /// # Errors
    /// [`StoreError::InvalidInput`] when `decision` is not `allow`, `ask`, `deny` or `None`;
    /// [`StoreError::Busy`], [`StoreError::Damaged`], [`StoreError::Sqlite`] from the insert.
    pub fn record_decision(&self, rec: &DecisionRecord) -> Result<i64, StoreError> {
        if let Some(d) = rec.decision.as_deref() {
            if !matches!(d, "allow" | "ask" | "deny") {
                return Err(StoreError::InvalidInput {
                    field: "DecisionRecord.decision",
                    value: d.to_string(),
                    expected: "\"allow\", \"ask\", \"deny\" or None (no opinion)",
                });
            }
        }
        let mut input = rec.input.clone();
        hookward_redact::redact_json(&mut input);
        let mut facts = rec.facts.clone();
        hookward_redact::redact_json(&mut facts);
        let reasons: Vec<Value> = rec
            .reasons
            .iter()
            .map(|r| Value::String(hookward_redact::redact_str(r).into_owned()))
            .collect();
        let rule_ids: Vec<Value> = rec.rule_ids.iter().cloned().map(Value::String).collect();
        const ACTION: &str = "inserting a decision";
        let mut stmt = self
            .conn
            .prepare_cached(
                "INSERT INTO decisions (ts_ms, agent, event, tool, tool_kind, session, cwd, input, facts, decision, reply, rule_ids, reasons, elapsed_us, agent_id, agent_type) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)",
            )
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        stmt.execute(params![
            rec.ts_ms,
            rec.agent,
            rec.event,
            rec.tool,
            rec.tool_kind,
            rec.session,
            rec.cwd,
            input.to_string(),
            facts.to_string(),
            rec.decision,
            rec.reply,
            Value::Array(rule_ids).to_string(),
            Value::Array(reasons).to_string(),
            rec.elapsed_us,
            rec.agent_id,
            rec.agent_type,
        ])
        .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let id = self.conn.last_insert_rowid();
        self.keep_wal_small();
        Ok(id)
    }

    /// Records one health event and returns its row id. `message` and `detail` are redacted
    /// before they are written.
    ///
    /// # Errors
    /// [`StoreError::Busy`], [`StoreError::Damaged`], [`StoreError::Sqlite`] from the insert.
    pub fn record_health(&self, ev: &HealthEvent) -> Result<i64, StoreError> {
        let ev = ev.redacted();
        const ACTION: &str = "inserting a health event";
        let mut stmt = self
            .conn
            .prepare_cached(
                "INSERT INTO health_events (ts_ms, kind, message, detail, agent, session) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        stmt.execute(params![
            ev.ts_ms,
            ev.kind,
            ev.message,
            ev.detail.to_string(),
            ev.agent,
            ev.session
        ])
        .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let id = self.conn.last_insert_rowid();
        self.keep_wal_small();
        Ok(id)
    }

    /// WAL upkeep for a session boundary (the hook runs it at SessionStart and Stop, after its
    /// record): when the WAL has grown past [`WAL_TRUNCATE_BYTES`], checkpoint and truncate it
    /// as `keep_wal_small` does. Returns whether the WAL was past the threshold. Failures are
    /// ignored (upkeep; a later call does it).
    pub fn upkeep(&self) -> bool {
        self.checkpoint_past(WAL_TRUNCATE_BYTES)
    }

    /// After a write: past [`WAL_CAP_BYTES`], the checkpoint of [`Store::checkpoint_past`].
    fn keep_wal_small(&self) {
        self.checkpoint_past(WAL_CAP_BYTES);
    }

    /// When the WAL has grown past `limit` bytes, copy it into the main
    /// file and truncate it, without ever making other writers wait for the copy:
    /// first a `PASSIVE` checkpoint (runs alongside writers and readers), then, only if that
    /// copied everything, a `TRUNCATE` checkpoint with no busy wait, which has nothing left to
    /// copy and only resets the WAL; if another connection is active it gives up at once and a
    /// later write does it. Failures are ignored: the row is already committed, this is upkeep.
    fn checkpoint_past(&self, limit: u64) -> bool {
        // Inside a batch the checkpoint could not finish anyway; the batch's commit does it.
        if !self.conn.is_autocommit()
            || !std::fs::metadata(&self.wal).is_ok_and(|m| m.len() > limit)
        {
            return false;
        }
        // (busy, frames in the WAL, frames checkpointed)
        let passive = self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            });
        let complete = passive.is_ok_and(|(busy, log, done)| busy == 0 && log == done);
        if complete {
            self.wait.store(0, Ordering::Relaxed);
            let _ = self
                .conn
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                    r.get::<_, i64>(0)
                });
            self.wait.store(millis(BUSY_TIMEOUT), Ordering::Relaxed);
        }
        true
    }

    /// Starts a batch: the writes that follow (decisions, health events, guarded file
    /// versions) share one transaction and one commit until [`Store::commit_batch`], instead of
    /// a commit each. Immediate: the write lock is taken (waiting at most [`BUSY_TIMEOUT`]) when
    /// the batch begins and held until the commit, so a caller begins it just before its first
    /// write and keeps it short (the context guard commits every
    /// `BATCH_WINDOW` of work) — other processes' writes wait for it up to [`BUSY_TIMEOUT`].
    /// A batch already open is kept (no nesting).
    ///
    /// # Errors
    /// [`StoreError::Sqlite`] when the transaction cannot start.
    pub fn begin_batch(&self) -> Result<(), StoreError> {
        if !self.conn.is_autocommit() {
            return Ok(());
        }
        self.conn
            .execute_batch("BEGIN IMMEDIATE")
            .map_err(|e| sql_err(&self.path, "starting a batch", e))
    }

    /// Whether a batch ([`Store::begin_batch`]) is open.
    pub fn in_batch(&self) -> bool {
        !self.conn.is_autocommit()
    }

    /// Commits the open batch, if any, then does the WAL upkeep its writes skipped.
    ///
    /// # Errors
    /// [`StoreError::Busy`] and the errors of a commit; the batch is rolled back then.
    pub fn commit_batch(&self) -> Result<(), StoreError> {
        if self.conn.is_autocommit() {
            return Ok(());
        }
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Err(sql_err(&self.path, "committing a batch", e));
        }
        self.keep_wal_small();
        Ok(())
    }

    /// Rolls the open batch back, if any (after an error in the middle of it).
    pub fn rollback_batch(&self) {
        if !self.conn.is_autocommit() {
            let _ = self.conn.execute_batch("ROLLBACK");
        }
    }

    /// The `WHERE` tail (` AND …`) and its arguments for the filters of `q` (every field but
    /// `limit`), shared by [`Store::decisions`] and [`Store::count_decisions`].
    fn decision_filter(
        &self,
        q: &DecisionQuery,
    ) -> Result<(String, Vec<rusqlite::types::Value>), StoreError> {
        use rusqlite::types::Value as Sql;
        let mut sql = String::new();
        let mut args: Vec<Sql> = Vec::new();
        if let Some(s) = &q.session {
            sql.push_str(" AND session = ?");
            args.push(Sql::Text(s.clone()));
        }
        match q.decision.as_deref() {
            None => {}
            Some("none") => sql.push_str(" AND decision IS NULL"),
            Some(d @ ("allow" | "ask" | "deny")) => {
                sql.push_str(" AND decision = ?");
                args.push(Sql::Text(d.to_string()));
            }
            Some(other) => {
                return Err(StoreError::InvalidInput {
                    field: "DecisionQuery.decision",
                    value: other.to_string(),
                    expected: "\"allow\", \"ask\", \"deny\" or \"none\"",
                })
            }
        }
        if let Some(a) = &q.agent {
            sql.push_str(" AND agent = ?");
            args.push(Sql::Text(a.clone()));
        }
        if let Some(t) = q.since_ms {
            sql.push_str(" AND ts_ms >= ?");
            args.push(Sql::Integer(t));
        }
        if let Some(t) = &q.tool {
            sql.push_str(" AND (tool = ? OR tool_kind = ?)");
            args.push(Sql::Text(t.clone()));
            args.push(Sql::Text(t.clone()));
        }
        if let Some(g) = &q.rule {
            // SQLite's GLOB has the same `*` and `?`; `[` would open a class, `[[]` is itself.
            sql.push_str(
                " AND EXISTS (SELECT 1 FROM json_each(decisions.rule_ids) WHERE value GLOB ?)",
            );
            args.push(Sql::Text(g.replace('[', "[[]")));
        }
        if let Some(after) = q.after {
            let ts: Option<i64> = self
                .conn
                .query_row("SELECT ts_ms FROM decisions WHERE id = ?1", [after], |r| {
                    r.get(0)
                })
                .map(Some)
                .or_else(|e| match e {
                    rusqlite::Error::QueryReturnedNoRows => Ok(None),
                    e => Err(e),
                })
                .map_err(|e| sql_err(&self.path, "listing decisions", e))?;
            let Some(ts) = ts else {
                return Err(StoreError::InvalidInput {
                    field: "DecisionQuery.after",
                    value: format!("D{after}"),
                    expected: "the id of a stored decision (`hookward log` shows them)",
                });
            };
            sql.push_str(" AND (ts_ms < ? OR (ts_ms = ? AND id < ?))");
            args.push(Sql::Integer(ts));
            args.push(Sql::Integer(ts));
            args.push(Sql::Integer(after));
        }
        if !q.with_canary {
            sql.push_str(" AND canary = 0");
        }
        if let Some(t) = q.text.as_deref().filter(|t| !t.is_empty()) {
            let pattern = format!(
                "%{}%",
                t.replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            );
            sql.push_str(
                " AND (tool LIKE ? ESCAPE '\\' OR input LIKE ? ESCAPE '\\' \
                 OR rule_ids LIKE ? ESCAPE '\\' OR reasons LIKE ? ESCAPE '\\')",
            );
            for _ in 0..4 {
                args.push(Sql::Text(pattern.clone()));
            }
        }
        Ok((sql, args))
    }

    /// How many stored decisions match the filters of `q` (its `after` and `limit` ignored),
    /// counting at most `cap` + 1 rows: `(n, true)` is the exact count when `n <= cap`,
    /// `(cap, false)` means "more than `cap`". Bounded so a listing over a large store (1M
    /// rows) never scans the whole table to say how many there are.
    ///
    /// # Errors
    /// Those of [`Store::decisions`].
    pub fn count_decisions(&self, q: &DecisionQuery, cap: u64) -> Result<(u64, bool), StoreError> {
        use rusqlite::types::Value as Sql;
        let q = DecisionQuery {
            after: None,
            ..q.clone()
        };
        let (filter, mut args) = self.decision_filter(&q)?;
        let sql =
            format!("SELECT COUNT(*) FROM (SELECT 1 FROM decisions WHERE 1=1{filter} LIMIT ?)");
        args.push(Sql::Integer(
            i64::try_from(cap.saturating_add(1)).unwrap_or(i64::MAX),
        ));
        let n: i64 = self
            .conn
            .query_row(&sql, params_from_iter(args), |r| r.get(0))
            .map_err(|e| sql_err(&self.path, "counting decisions", e))?;
        let n = u64::try_from(n).unwrap_or(0);
        Ok(if n > cap { (cap, false) } else { (n, true) })
    }

    /// The largest decision row id (`None` on an empty table): one probe of the primary key.
    /// The UI's live updates compare it with the last id they announced.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn max_decision_id(&self) -> Result<Option<i64>, StoreError> {
        self.conn
            .prepare_cached("SELECT MAX(id) FROM decisions")
            .and_then(|mut s| s.query_row([], |r| r.get::<_, Option<i64>>(0)))
            .map_err(|e| sql_err(&self.path, "reading the newest decision id", e))
    }

    /// Stored decisions matching `q`, newest first (by `ts_ms`, then id), at most `q.limit`.
    ///
    /// # Errors
    /// [`StoreError::InvalidInput`] for a `q.decision` other than `allow`, `ask`, `deny`,
    /// `none`; [`StoreError::BadRow`] when a stored JSON column does not parse; SQLite errors.
    pub fn decisions(&self, q: &DecisionQuery) -> Result<Vec<DecisionRow>, StoreError> {
        use rusqlite::types::Value as Sql;
        let (filter, mut args) = self.decision_filter(q)?;
        let mut sql = format!("SELECT {DECISION_COLUMNS} FROM decisions WHERE 1=1{filter}");
        sql.push_str(" ORDER BY ts_ms DESC, id DESC LIMIT ?");
        args.push(Sql::Integer(limit_arg(q.limit)));

        const ACTION: &str = "listing decisions";
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let raw = stmt
            .query_map(params_from_iter(args), RawDecision::from_row)
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        raw.into_iter().map(|r| r.decode(&self.path)).collect()
    }

    /// The recorded sessions matching `q`: one row per `(session, agent)` with its first and
    /// last call and the calls per decision, the most recently active first, at most
    /// `q.limit`. Groups every matching decision (one pass over the rows `q.since_ms` leaves;
    /// for `hookward log sessions`, not the hook).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn sessions(&self, q: &SessionQuery) -> Result<Vec<SessionRow>, StoreError> {
        use rusqlite::types::Value as Sql;
        let mut sql = String::from(
            "SELECT session, agent, MIN(ts_ms), MAX(ts_ms), COUNT(*), \
             SUM(decision = 'allow'), SUM(decision = 'ask'), SUM(decision = 'deny'), \
             SUM(decision IS NULL), SUM(agent_id IS NOT NULL) FROM decisions WHERE 1=1",
        );
        let mut args: Vec<Sql> = Vec::new();
        if let Some(a) = &q.agent {
            sql.push_str(" AND agent = ?");
            args.push(Sql::Text(a.clone()));
        }
        if let Some(t) = q.since_ms {
            sql.push_str(" AND ts_ms >= ?");
            args.push(Sql::Integer(t));
        }
        if !q.with_canary {
            sql.push_str(" AND canary = 0");
        }
        sql.push_str(" GROUP BY session, agent ORDER BY MAX(ts_ms) DESC, MAX(id) DESC LIMIT ?");
        args.push(Sql::Integer(limit_arg(q.limit)));
        const ACTION: &str = "listing sessions";
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let n = |r: &rusqlite::Row, i: usize| -> rusqlite::Result<u64> {
            Ok(u64::try_from(r.get::<_, Option<i64>>(i)?.unwrap_or(0)).unwrap_or(0))
        };
        stmt.query_map(params_from_iter(args), |r| {
            Ok(SessionRow {
                session: r.get(0)?,
                agent: r.get(1)?,
                start_ms: r.get(2)?,
                end_ms: r.get(3)?,
                calls: n(r, 4)?,
                allow: n(r, 5)?,
                ask: n(r, 6)?,
                deny: n(r, 7)?,
                none: n(r, 8)?,
                subagent_calls: n(r, 9)?,
            })
        })
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
        .map_err(|e| sql_err(&self.path, ACTION, e))
    }

    /// Stored health events with `ts_ms >= since_ms` (all when `None`), newest first, at most
    /// `limit`.
    ///
    /// # Errors
    /// [`StoreError::BadRow`] when a stored `detail` does not parse; SQLite errors.
    pub fn health_events(
        &self,
        since_ms: Option<i64>,
        limit: usize,
    ) -> Result<Vec<HealthRow>, StoreError> {
        const ACTION: &str = "listing health events";
        let sql = format!(
            "SELECT {HEALTH_COLUMNS} FROM health_events WHERE ts_ms >= ?1 ORDER BY ts_ms DESC, id DESC LIMIT ?2"
        );
        let mut stmt = self
            .conn
            .prepare_cached(&sql)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let raw = stmt
            .query_map(
                params![since_ms.unwrap_or(i64::MIN), limit_arg(limit)],
                |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, Option<String>>(5)?,
                        r.get::<_, Option<String>>(6)?,
                        r.get::<_, Option<i64>>(7)?,
                    ))
                },
            )
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        raw.into_iter()
            .map(
                |(id, ts_ms, kind, message, detail, agent, session, acked_ms)| {
                    Ok(HealthRow {
                        id,
                        acked_ms,
                        event: HealthEvent {
                            ts_ms,
                            kind,
                            message,
                            detail: parse_json(&self.path, "health_events", id, "detail", &detail)?,
                            agent,
                            session,
                        },
                    })
                },
            )
            .collect()
    }

    /// The `ts_ms` of the newest decision recorded for `agent` (`None` if there is none), the
    /// canary's rows ([`Store::mark_canary`]) left out: `hookward doctor` uses it to tell
    /// whether an agent's hook is firing, which its own canary does not prove.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn last_event_ms(&self, agent: &str) -> Result<Option<i64>, StoreError> {
        self.conn
            .prepare_cached("SELECT MAX(ts_ms) FROM decisions WHERE agent = ?1 AND canary = 0")
            .and_then(|mut s| s.query_row([agent], |r| r.get::<_, Option<i64>>(0)))
            .map_err(|e| sql_err(&self.path, "reading the last event time", e))
    }

    /// Deletes at most `max_rows` of the oldest decisions that `keep` no longer keeps, in one
    /// transaction, and returns how many it deleted. Called with a bounded `max_rows`
    /// ([`PRUNE_BATCH`]) so that each call costs a bounded amount however large the backlog;
    /// repeated calls catch up.
    ///
    /// Both forms use an index and never scan the table: [`Retention::Since`] walks
    /// `decisions_ts` from the oldest row; [`Retention::Newest`] keeps the rows whose id is
    /// within `n` of the newest id. Ids are assigned as the largest id + 1 and the only deletes
    /// of decisions are this one, oldest first, so the kept ids are contiguous and those are
    /// the newest `n` rows.
    ///
    /// # Errors
    /// [`StoreError::Busy`], [`StoreError::Damaged`], [`StoreError::Sqlite`].
    pub fn prune_decisions(&self, keep: Retention, max_rows: usize) -> Result<u64, StoreError> {
        const ACTION: &str = "pruning old decisions";
        let err = |e| sql_err(&self.path, ACTION, e);
        let limit = limit_arg(max_rows);
        let deleted = match keep {
            Retention::Since(ts_ms) => self
                .conn
                .prepare_cached(
                    "DELETE FROM decisions WHERE id IN \
                     (SELECT id FROM decisions INDEXED BY decisions_ts WHERE ts_ms < ?1 ORDER BY ts_ms LIMIT ?2)",
                )
                .and_then(|mut s| s.execute(params![ts_ms, limit])),
            Retention::Newest(n) => {
                let max: Option<i64> = self
                    .conn
                    .query_row("SELECT max(id) FROM decisions", [], |r| r.get(0))
                    .map_err(err)?;
                let Some(max) = max else { return Ok(0) };
                let below = max.saturating_sub(i64::try_from(n).unwrap_or(i64::MAX)) + 1;
                self.conn
                    .prepare_cached(
                        "DELETE FROM decisions WHERE id IN \
                         (SELECT id FROM decisions WHERE id < ?1 ORDER BY id LIMIT ?2)",
                    )
                    .and_then(|mut s| s.execute(params![below, limit]))
            }
        }
        .map_err(err)?;
        if deleted > 0 {
            self.keep_wal_small();
        }
        Ok(u64::try_from(deleted).unwrap_or(0))
    }

    /// Copies every committed page from the WAL into the main file and truncates the WAL to
    /// zero bytes (`PRAGMA wal_checkpoint(TRUNCATE)`). Returns `true` when the checkpoint
    /// completed, `false` when another connection's reader or writer kept it from finishing
    /// (nothing is lost; try again later).
    ///
    /// The hook never calls this (it costs fsyncs); SQLite checkpoints on its own every 1000
    /// WAL pages. It is for maintenance commands and backups that want a self-contained file.
    ///
    /// # Errors
    /// [`StoreError::Busy`], [`StoreError::Damaged`], [`StoreError::Sqlite`].
    pub fn checkpoint(&self) -> Result<bool, StoreError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                r.get::<_, i64>(0)
            })
            .map(|busy| busy == 0)
            .map_err(|e| sql_err(&self.path, "checkpointing the WAL", e))
    }

    /// Checks the store: `PRAGMA quick_check` (reads every page; O(size of the file), so for
    /// `hookward doctor`, not for the hook), schema version, journal mode, row counts and file
    /// sizes.
    ///
    /// # Errors
    /// [`StoreError::Damaged`] when SQLite cannot even run the check; other SQLite and I/O errors.
    /// A check that runs and finds problems is `Ok` with `ok == false`.
    pub fn check(&self) -> Result<StoreHealth, StoreError> {
        const ACTION: &str = "checking the database";
        let err = |e| sql_err(&self.path, ACTION, e);
        let quick_check: Vec<String> = self
            .conn
            .prepare("PRAGMA quick_check")
            .and_then(|mut s| {
                s.query_map([], |r| r.get::<_, String>(0))
                    .and_then(|rows| rows.collect())
            })
            .map_err(err)?;
        let schema_version = user_version(&self.conn, &self.path)?;
        let journal_mode: String = self
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .map_err(err)?;
        let count = |table: &str| -> Result<u64, StoreError> {
            self.conn
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
                    r.get::<_, i64>(0)
                })
                .map(|n| u64::try_from(n).unwrap_or(0))
                .map_err(err)
        };
        let (file_bytes, wal_bytes) = self.file_sizes()?;
        Ok(StoreHealth {
            ok: quick_check.len() == 1 && quick_check.first().is_some_and(|l| l == "ok"),
            quick_check,
            schema_version,
            journal_mode,
            decisions: count("decisions")?,
            health_events: count("health_events")?,
            file_bytes,
            wal_bytes,
        })
    }
}

impl Store {
    /// [`Store::check`] with a bounded cost for `hookward doctor` (issue 15: the full check read
    /// the whole store, 2.9 s at 1M decisions): `PRAGMA quick_check(<table>)` on every table
    /// except `decisions` and `kb_chunks` (the others' size is bounded by the guarded files and
    /// the health events; the kb scan cache grows with the scanned corpora and checks each row
    /// by its own blake3 when it is read),
    /// and for `decisions` the newest [`CHECK_RECENT`] rows read and decoded through the
    /// `decisions_ts` index, which reads the pages recent hooks wrote. The decision count is
    /// `max(id) - min(id) + 1`, two index probes, exact because ids are contiguous (see
    /// [`Store::prune_decisions`]). `quick_check` lines of the other tables and a row that
    /// does not decode are reported in `quick_check` with `ok == false`.
    ///
    /// # Errors
    /// As [`Store::check`].
    pub fn check_bounded(&self) -> Result<StoreHealth, StoreError> {
        const ACTION: &str = "checking the database";
        let err = |e| sql_err(&self.path, ACTION, e);
        let tables: Vec<String> = self
            .conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('decisions', 'kb_chunks') ORDER BY name")
            .and_then(|mut s| s.query_map([], |r| r.get(0)).and_then(|rows| rows.collect()))
            .map_err(err)?;
        let mut problems = Vec::new();
        for t in &tables {
            let lines: Vec<String> = self
                .conn
                .prepare(&format!(
                    "PRAGMA quick_check(\"{}\")",
                    t.replace('"', "\"\"")
                ))
                .and_then(|mut s| {
                    s.query_map([], |r| r.get::<_, String>(0))
                        .and_then(|rows| rows.collect())
                })
                .map_err(err)?;
            problems.extend(lines.into_iter().filter(|l| l != "ok"));
        }
        if let Err(e) = self.decisions(&DecisionQuery {
            limit: CHECK_RECENT,
            with_canary: true,
            ..Default::default()
        }) {
            match e {
                StoreError::BadRow { .. } => problems.push(e.to_string()),
                other => return Err(other),
            }
        }
        let (min, max): (Option<i64>, Option<i64>) = self
            .conn
            .query_row("SELECT min(id), max(id) FROM decisions", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .map_err(err)?;
        let decisions = match (min, max) {
            (Some(a), Some(b)) => u64::try_from(b - a + 1).unwrap_or(0),
            _ => 0,
        };
        let mut h = self.sizes_and_versions()?;
        h.ok = problems.is_empty();
        h.quick_check = if problems.is_empty() {
            vec!["ok".into()]
        } else {
            problems
        };
        h.decisions = decisions;
        Ok(h)
    }

    /// Schema version, journal mode, health event count and file sizes (`ok`, `quick_check`
    /// and `decisions` left for the caller).
    fn sizes_and_versions(&self) -> Result<StoreHealth, StoreError> {
        let err = |e| sql_err(&self.path, "checking the database", e);
        let schema_version = user_version(&self.conn, &self.path)?;
        let journal_mode: String = self
            .conn
            .pragma_query_value(None, "journal_mode", |r| r.get(0))
            .map_err(err)?;
        let health_events: i64 = self
            .conn
            .query_row("SELECT count(*) FROM health_events", [], |r| r.get(0))
            .map_err(err)?;
        let (file_bytes, wal_bytes) = self.file_sizes()?;
        Ok(StoreHealth {
            ok: true,
            quick_check: Vec::new(),
            schema_version,
            journal_mode,
            decisions: 0,
            health_events: u64::try_from(health_events).unwrap_or(0),
            file_bytes,
            wal_bytes,
        })
    }
}

/// How many of the newest decisions [`Store::check_bounded`] reads and decodes: 1,000 rows
/// (~0.8 MB at the ~0.8 KB a row measured in issue 15), a few milliseconds.
pub const CHECK_RECENT: usize = 1_000;

/// A decisions row as read, before its JSON columns are parsed.
struct RawDecision {
    id: i64,
    ts_ms: i64,
    agent: String,
    event: String,
    tool: Option<String>,
    tool_kind: Option<String>,
    session: Option<String>,
    cwd: Option<String>,
    input: String,
    facts: String,
    decision: Option<String>,
    reply: String,
    rule_ids: String,
    reasons: String,
    elapsed_us: i64,
    agent_id: Option<String>,
    agent_type: Option<String>,
}

impl RawDecision {
    /// One row of `SELECT {DECISION_COLUMNS}` (the listing and the export read the same).
    pub(crate) fn from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<RawDecision> {
        Ok(RawDecision {
            id: r.get(0)?,
            ts_ms: r.get(1)?,
            agent: r.get(2)?,
            event: r.get(3)?,
            tool: r.get(4)?,
            tool_kind: r.get(5)?,
            session: r.get(6)?,
            cwd: r.get(7)?,
            input: r.get(8)?,
            facts: r.get(9)?,
            decision: r.get(10)?,
            reply: r.get(11)?,
            rule_ids: r.get(12)?,
            reasons: r.get(13)?,
            elapsed_us: r.get(14)?,
            agent_id: r.get(15)?,
            agent_type: r.get(16)?,
        })
    }

    fn decode(self, path: &Path) -> Result<DecisionRow, StoreError> {
        let id = self.id;
        let strings = |column: &'static str, text: &str| -> Result<Vec<String>, StoreError> {
            serde_json::from_str(text).map_err(|e| StoreError::BadRow {
                path: path.to_path_buf(),
                table: "decisions",
                id,
                column,
                detail: format!("expected a JSON array of strings: {e}"),
            })
        };
        Ok(DecisionRow {
            id,
            record: DecisionRecord {
                ts_ms: self.ts_ms,
                agent: self.agent,
                event: self.event,
                tool: self.tool,
                tool_kind: self.tool_kind,
                session: self.session,
                cwd: self.cwd,
                input: parse_json(path, "decisions", id, "input", &self.input)?,
                facts: parse_json(path, "decisions", id, "facts", &self.facts)?,
                decision: self.decision,
                reply: self.reply,
                rule_ids: strings("rule_ids", &self.rule_ids)?,
                reasons: strings("reasons", &self.reasons)?,
                elapsed_us: self.elapsed_us,
                agent_id: self.agent_id,
                agent_type: self.agent_type,
            },
        })
    }
}

fn parse_json(
    path: &Path,
    table: &'static str,
    id: i64,
    column: &'static str,
    text: &str,
) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::BadRow {
        path: path.to_path_buf(),
        table,
        id,
        column,
        detail: format!("expected JSON: {e}"),
    })
}

/// SQLite's `LIMIT` takes an i64; `usize::MAX` means "all".
fn limit_arg(limit: usize) -> i64 {
    i64::try_from(limit).unwrap_or(i64::MAX)
}

fn user_version(conn: &Connection, path: &Path) -> Result<i64, StoreError> {
    conn.pragma_query_value(None, "user_version", |r| r.get(0))
        .map_err(|e| sql_err(path, "reading the schema version", e))
}

/// What a database says about itself, read in one statement (one consistent snapshot: another
/// process may be migrating the same file at this moment).
struct Identity {
    version: i64,
    application_id: i32,
    tables: i64,
}

fn identity(conn: &Connection, path: &Path) -> Result<Identity, StoreError> {
    conn.query_row(
        "SELECT (SELECT user_version FROM pragma_user_version()), \
                (SELECT application_id FROM pragma_application_id()), \
                (SELECT count(*) FROM sqlite_master WHERE type = 'table')",
        [],
        |r| {
            Ok(Identity {
                version: r.get(0)?,
                application_id: r.get(1)?,
                tables: r.get(2)?,
            })
        },
    )
    .map_err(|e| sql_err(path, "reading the schema version", e))
}

impl Identity {
    /// Refuses databases that belong to another application.
    fn check_ownership(&self, path: &Path) -> Result<(), StoreError> {
        let not_ours = |detail: String| StoreError::NotAStore {
            path: path.to_path_buf(),
            detail,
        };
        if self.version > 0 && self.application_id != APPLICATION_ID {
            return Err(not_ours(format!(
                "its application_id is {:#x}, hookward's is {APPLICATION_ID:#x}",
                self.application_id
            )));
        }
        if self.version == 0 && self.tables > 0 {
            return Err(not_ours(format!(
                "it has {} table(s) but no hookward schema version (user_version 0)",
                self.tables
            )));
        }
        Ok(())
    }
}

/// Sets `journal_mode=WAL`. SQLite answers `SQLITE_BUSY` at once, without its busy handler,
/// while another connection holds a lock (several hooks creating the store together), so this
/// retries every 2 ms up to [`SETUP_BUSY_TIMEOUT`], and stops early when another process has already
/// switched the file to WAL. A file system without WAL support leaves the mode as it is
/// (reported by [`Store::check`]); the store still works, with more lock waits.
fn enable_wal(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    const ACTION: &str = "enabling WAL mode";
    let start = Instant::now();
    loop {
        let err = match conn
            .pragma_update_and_check(None, "journal_mode", "WAL", |r| r.get::<_, String>(0))
        {
            Ok(_) => return Ok(()),
            Err(e) => sql_err(path, ACTION, e),
        };
        if !matches!(err, StoreError::Busy { .. }) {
            return Err(err);
        }
        let current = conn.pragma_query_value(None, "journal_mode", |r| r.get::<_, String>(0));
        if current.is_ok_and(|m| m.eq_ignore_ascii_case("wal")) {
            return Ok(());
        }
        if start.elapsed() >= SETUP_BUSY_TIMEOUT {
            return Err(waited(err, SETUP_BUSY_TIMEOUT));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Applies the missing migrations in one `BEGIN IMMEDIATE` transaction. Returns `true` when it
/// started from version 0 (this process initialised the store).
fn migrate(conn: &mut Connection, path: &Path) -> Result<bool, StoreError> {
    const ACTION: &str = "migrating the schema";
    let err = |e| sql_err(path, ACTION, e);
    let tx = conn
        .transaction_with_behavior(TransactionBehavior::Immediate)
        .map_err(err)?;
    // Re-read under the write lock: another process may have migrated meanwhile.
    let id = identity(&tx, path)?;
    if id.version > SCHEMA_VERSION {
        return Err(StoreError::NewerSchema {
            path: path.to_path_buf(),
            found: id.version,
            supported: SCHEMA_VERSION,
        });
    }
    id.check_ownership(path)?;
    let from = id.version;
    let start = usize::try_from(from).unwrap_or(0);
    for sql in schema::MIGRATIONS.iter().skip(start) {
        tx.execute_batch(sql).map_err(err)?;
    }
    tx.pragma_update(None, "user_version", SCHEMA_VERSION)
        .map_err(err)?;
    tx.commit().map_err(err)?;
    Ok(from == 0)
}

/// Maps a SQLite error to the store's error: corruption → [`StoreError::Damaged`], lock
/// timeouts → [`StoreError::Busy`], everything else → [`StoreError::Sqlite`].
fn sql_err(path: &Path, action: &'static str, e: rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase | ErrorCode::DatabaseCorrupt) => StoreError::Damaged {
            path: path.to_path_buf(),
            detail: format!("SQLite reported \"{e}\" while {action}"),
        },
        Some(ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked) => StoreError::Busy {
            path: path.to_path_buf(),
            action,
            waited_ms: u64::try_from(BUSY_TIMEOUT.as_millis()).unwrap_or(u64::MAX),
        },
        _ => StoreError::Sqlite {
            path: path.to_path_buf(),
            action,
            source: e,
        },
    }
}

/// SQLite's busy handler for every connection: while another connection holds the lock, retry
/// every 0.1 ms for the first 2 ms, then every 1 ms, until `wait` ms have passed since this lock
/// wait began (then the statement fails with `SQLITE_BUSY` → [`StoreError::Busy`]).
///
/// How many times [`Store::open`] tries again after finding the file damaged (see
/// `Store::open_settled`): 4 tries 25 ms apart, 100 ms in all, far longer than another process
/// needs to write a first page, and short enough that a really damaged store costs a hook call
/// little.
const DAMAGED_RETRIES: u32 = 4;

/// The wait between those tries.
const DAMAGED_RETRY_WAIT: std::time::Duration = std::time::Duration::from_millis(25);

/// Why not `sqlite3_busy_timeout`: its back-off sleeps 1, 2, 5, 10, … up to 100 ms between
/// tries, so a waiter facing several busy writers keeps waking up while the lock is taken and
/// can starve past the timeout (deps.md saw single inserts wait 100 ms–1 s). Polling often
/// catches the short gaps between the other writers' one-row transactions; in this crate's
/// test, 4 threads × 200 back-to-back inserts then lose nothing within 200 ms.
fn busy_handler(wait: Arc<AtomicU64>) -> impl FnMut(i32) -> bool + Send + 'static {
    let mut started = Instant::now();
    move |count| {
        if count == 0 {
            started = Instant::now();
        }
        let limit = Duration::from_millis(wait.load(Ordering::Relaxed));
        if started.elapsed() >= limit {
            return false;
        }
        let pause = if count < 20 {
            Duration::from_micros(100)
        } else {
            Duration::from_millis(1)
        };
        std::thread::sleep(pause);
        true
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// Corrects the wait reported by a [`StoreError::Busy`] made under another timeout.
fn waited(e: StoreError, timeout: Duration) -> StoreError {
    match e {
        StoreError::Busy { path, action, .. } => StoreError::Busy {
            path,
            action,
            waited_ms: u64::try_from(timeout.as_millis()).unwrap_or(u64::MAX),
        },
        other => other,
    }
}

pub(crate) use hookward_sys::{create_private_dir, now_ms};

/// Creates an empty file with mode 0600 on Unix; an existing file (another process won the race)
/// is fine.
fn create_private_file(path: &Path) -> std::io::Result<()> {
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    match opts.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}
