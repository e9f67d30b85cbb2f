//! The context guard's ledger (issue #5): the last observed state of every guarded file, every
//! version seen, change records (C ids) and findings (F ids).
//!
//! File contents are not in the database: a version names its content by blake3 hash, and the
//! content lives in the object store (`hookward-context`). Findings' messages and evidence are
//! redacted before they are written, like everything else in the store.

use crate::{sql_err, ChangeStatus, FindingStatus, Severity, Store, StoreError};
use rusqlite::{params, OptionalExtension, Row};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// The last observed state of one guarded file (`context_files`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileState {
    /// Absolute path.
    pub path: String,
    /// The project the file belongs to (absolute path), or `""` for files of the home directory.
    pub project: String,
    /// What the file is to the agent: `instructions`, `memory`, `skill`, `rules`, `settings`,
    /// `mcp`, `hooks` (see `hookward-context`'s `Kind`).
    pub kind: String,
    /// blake3 hex of the content; `None` when the file was absent.
    pub hash: Option<String>,
    /// Size in bytes (0 when absent).
    pub size: i64,
    /// Modification time in nanoseconds since the Unix epoch (0 when absent).
    pub mtime_ns: i64,
    /// Inode number (0 when absent or unknown), so a replace-by-rename is seen even when size
    /// and mtime match.
    pub ino: i64,
    /// The version this state is (`context_versions.id`).
    pub version_id: i64,
    /// The recovery checkpoint: the last version that passed the checks, if any.
    pub checkpoint_id: Option<i64>,
}

/// One version of a guarded file (`context_versions`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct VersionRow {
    /// Row id.
    pub id: i64,
    /// Absolute path.
    pub path: String,
    /// blake3 hex of the content; `None` = the file was absent (deleted).
    pub hash: Option<String>,
    /// Size in bytes.
    pub size: i64,
    /// When it was observed, ms since the Unix epoch.
    pub ts_ms: i64,
    /// Who wrote it, as observed (`agent Write tool toolu_…`, `during shell tool toolu_…`,
    /// `outside the agent (seen at session start)`, `present at first scan`, `hookward restore`).
    pub writer: String,
    /// The agent session that observed it.
    pub session: Option<String>,
    /// Whether it passed the checks (no finding).
    pub clean: bool,
}

/// A finding to record with a change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewFinding {
    /// Rule id (`context/poisoned-write`, `inject/…`, `context/new-mcp-server`…).
    pub rule_id: String,
    /// How much it matters.
    pub severity: Severity,
    /// One sentence for people. Redacted before writing.
    pub message: String,
    /// The text that triggered it. Redacted before writing.
    pub evidence: String,
    /// 1-based line in the new content, when known.
    pub line: Option<i64>,
}

/// A recorded finding (`context_findings`, shown as `F<id>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingRow {
    /// Row id (`F<id>`).
    pub id: i64,
    /// The change it belongs to (`C<id>`).
    pub change_id: i64,
    /// Rule id.
    pub rule_id: String,
    /// How much it matters.
    pub severity: Severity,
    /// Redacted message.
    pub message: String,
    /// Redacted evidence.
    pub evidence: String,
    /// 1-based line in the change's new content.
    pub line: Option<i64>,
    /// Pending, dismissed (the person said it is fine) or resolved (restored away).
    pub status: FindingStatus,
}

/// A change to record together with its new version.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewChange {
    /// [`ChangeStatus::Pending`] (needs review) or [`ChangeStatus::Checked`] (checked before
    /// it was written, nothing to review).
    pub status: ChangeStatus,
    /// Set when the change adds executable configuration (a hook, MCP server, helper command,
    /// code-loading variable): a short description, mentioned once at session start.
    pub executable: Option<String>,
    /// Findings in the new content.
    pub findings: Vec<NewFinding>,
}

/// A change record (`context_changes`, shown as `C<id>`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChangeRow {
    /// Row id (`C<id>`).
    pub id: i64,
    /// Absolute path.
    pub path: String,
    /// Project (absolute path) or `""` for home files.
    pub project: String,
    /// File kind (see [`FileState::kind`]).
    pub kind: String,
    /// The version before (None: first seen).
    pub from_version: Option<i64>,
    /// The version after.
    pub to_version: i64,
    /// Content hash before (None: absent or first seen).
    pub from_hash: Option<String>,
    /// Content hash after (None: deleted).
    pub to_hash: Option<String>,
    /// When it was observed, ms since the Unix epoch.
    pub ts_ms: i64,
    /// The observed writer (see [`VersionRow::writer`]).
    pub writer: String,
    /// Session that observed it.
    pub session: Option<String>,
    /// Where its review stands.
    pub status: ChangeStatus,
    /// When it was reviewed (accepted/restored), ms since the Unix epoch.
    pub reviewed_ms: Option<i64>,
    /// Whether the new content had findings.
    pub flagged: bool,
    /// New executable configuration, if any (see [`NewChange::executable`]).
    pub executable: Option<String>,
    /// Whether the executable configuration was already mentioned to the model.
    pub announced: bool,
}

/// Filter for [`Store::context_changes`].
#[derive(Debug, Clone, Default)]
pub struct ChangeQuery {
    /// Only these statuses (empty: all).
    pub statuses: Vec<ChangeStatus>,
    /// Only changes of files of this project (home files are always included).
    pub project: Option<String>,
    /// Only changes observed at or after this time (ms since the Unix epoch).
    pub since_ms: Option<i64>,
    /// Only this file (absolute path).
    pub path: Option<String>,
    /// Only changes whose path, writer or findings contain this text (case-insensitive).
    pub search: Option<String>,
    /// Page size (0: no limit).
    pub limit: usize,
    /// Rows to skip.
    pub offset: usize,
}

/// What [`Store::prune_context`] removed (or would remove).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PruneCounts {
    /// Versions removed.
    pub versions: usize,
    /// Change records removed (reviewed ones only).
    pub changes: usize,
    /// Findings removed with them.
    pub findings: usize,
}

const CHANGE_COLUMNS: &str = "c.id, c.path, c.project, c.kind, c.from_version, c.to_version, \
     (SELECT hash FROM context_versions WHERE id = c.from_version), \
     (SELECT hash FROM context_versions WHERE id = c.to_version), \
     c.ts_ms, c.writer, c.session, c.status, c.reviewed_ms, c.flagged, c.executable, c.announced";

fn change_row(r: &Row<'_>) -> rusqlite::Result<ChangeRow> {
    Ok(ChangeRow {
        id: r.get(0)?,
        path: r.get(1)?,
        project: r.get(2)?,
        kind: r.get(3)?,
        from_version: r.get(4)?,
        to_version: r.get(5)?,
        from_hash: r.get(6)?,
        to_hash: r.get(7)?,
        ts_ms: r.get(8)?,
        writer: r.get(9)?,
        session: r.get(10)?,
        status: r.get(11)?,
        reviewed_ms: r.get(12)?,
        flagged: r.get::<_, i64>(13)? != 0,
        executable: r.get(14)?,
        announced: r.get::<_, i64>(15)? != 0,
    })
}

fn file_state_row(r: &Row<'_>) -> rusqlite::Result<FileState> {
    Ok(FileState {
        path: r.get(0)?,
        project: r.get(1)?,
        kind: r.get(2)?,
        hash: r.get(3)?,
        size: r.get(4)?,
        mtime_ns: r.get(5)?,
        ino: r.get(6)?,
        version_id: r.get(7)?,
        checkpoint_id: r.get(8)?,
    })
}

fn finding_row(r: &Row<'_>) -> rusqlite::Result<FindingRow> {
    Ok(FindingRow {
        id: r.get(0)?,
        change_id: r.get(1)?,
        rule_id: r.get(2)?,
        severity: r.get(3)?,
        message: r.get(4)?,
        evidence: r.get(5)?,
        line: r.get(6)?,
        status: r.get(7)?,
    })
}

fn version_row(r: &Row<'_>) -> rusqlite::Result<VersionRow> {
    Ok(VersionRow {
        id: r.get(0)?,
        path: r.get(1)?,
        hash: r.get(2)?,
        size: r.get(3)?,
        ts_ms: r.get(4)?,
        writer: r.get(5)?,
        session: r.get(6)?,
        clean: r.get::<_, i64>(7)? != 0,
    })
}

const FILE_COLUMNS: &str =
    "path, project, kind, hash, size, mtime_ns, ino, version_id, checkpoint_id";
const VERSION_COLUMNS: &str = "id, path, hash, size, ts_ms, writer, session, clean";
const FINDING_COLUMNS: &str = "id, change_id, rule_id, severity, message, evidence, line, status";

/// Runs `sql` as a cached prepared statement (parsed once per connection, not per call).
fn exec(
    conn: &rusqlite::Connection,
    sql: &str,
    params: &[&dyn rusqlite::ToSql],
) -> rusqlite::Result<usize> {
    conn.prepare_cached(sql)?.execute(params)
}

impl Store {
    /// Runs `sql` (cached statement) with `params` and maps every row with `f`.
    fn context_rows<T>(
        &self,
        action: &'static str,
        sql: &str,
        params: impl rusqlite::Params,
        f: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
    ) -> Result<Vec<T>, StoreError> {
        let err = |e| sql_err(&self.path, action, e);
        let mut stmt = self.conn.prepare_cached(sql).map_err(err)?;
        let rows = stmt.query_map(params, f).map_err(err)?;
        rows.collect::<Result<_, _>>().map_err(err)
    }

    /// When the first scan of `project` (`""` = the home directory's files) was recorded, in ms
    /// since the Unix epoch; `None` before it.
    ///
    /// # Errors
    /// [`StoreError::Busy`], [`StoreError::Damaged`], [`StoreError::Sqlite`].
    pub fn context_scope_scanned(&self, project: &str) -> Result<Option<i64>, StoreError> {
        self.conn
            .prepare_cached("SELECT scanned_ms FROM context_scopes WHERE project = ?1")
            .and_then(|mut s| s.query_row([project], |r| r.get(0)).optional())
            .map_err(|e| sql_err(&self.path, "reading context scopes", e))
    }

    /// Marks the first scan of `project` as done (idempotent: the first time stays).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn mark_context_scope_scanned(&self, project: &str, ts_ms: i64) -> Result<(), StoreError> {
        self.conn
            .execute(
                "INSERT OR IGNORE INTO context_scopes (project, scanned_ms) VALUES (?1, ?2)",
                params![project, ts_ms],
            )
            .map(|_| ())
            .map_err(|e| sql_err(&self.path, "recording a context scope", e))
    }

    /// The context guard's manifest `key` (schema migration 8), if one is stored: it exists
    /// only while no ledger file or scope row changed since it was written.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_manifest(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.conn
            .prepare_cached("SELECT body FROM context_manifests WHERE key = ?1")
            .and_then(|mut s| s.query_row([key], |r| r.get(0)).optional())
            .map_err(|e| sql_err(&self.path, "reading a context manifest", e))
    }

    /// The stamp of manifest `key`, if one is stored: the first 16 bytes of the blake3 hash of
    /// its body, kept in a row of its own (`<key>#stamp`, written in the manifest's
    /// transaction and deleted with it by the same triggers), so reading it reads none of the
    /// body (a manifest of 10,000 files is ~800 KB of overflow pages). An equal stamp means
    /// the same manifest a caller read earlier (the context guard's file watcher,
    /// `hookward-context`'s `watch.rs`, checks it on every call).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_manifest_stamp(&self, key: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.context_manifest(&stamp_key(key))
    }

    /// [`Store::context_manifest`] with its stamp ([`Store::context_manifest_stamp`]); the
    /// stamp is `None` when none is stored or it is not the body's (a manifest written by an
    /// older hookward).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    #[allow(clippy::type_complexity)]
    pub fn context_manifest_stamped(
        &self,
        key: &str,
    ) -> Result<Option<(Vec<u8>, Option<Vec<u8>>)>, StoreError> {
        let Some(body) = self.context_manifest(key)? else {
            return Ok(None);
        };
        let stamp = self
            .context_manifest_stamp(key)?
            .filter(|s| s.as_slice() == manifest_stamp(&body));
        Ok(Some((body, stamp)))
    }

    /// Writes manifest `key` from the ledger as it is: in one write transaction the states of
    /// the home directory and of `project` ([`Store::context_states`]) are read and handed to
    /// `build`; what it returns is stored (nothing when it returns `None`). Returns whether a
    /// manifest was stored. Busy or failing, nothing is stored (a manifest is only a shortcut).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn put_context_manifest(
        &self,
        key: &str,
        project: &str,
        ts_ms: i64,
        build: impl FnOnce(HashMap<String, FileState>) -> Option<Vec<u8>>,
    ) -> Result<bool, StoreError> {
        if !self.conn.is_autocommit() {
            return Ok(false);
        }
        let err = |e| sql_err(&self.path, "writing a context manifest", e);
        self.conn.execute_batch("BEGIN IMMEDIATE").map_err(err)?;
        let body = match self.context_states(project) {
            Ok(states) => build(states),
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                return Err(e);
            }
        };
        let Some(body) = body else {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Ok(false);
        };
        let done = self
            .conn
            .execute(
                "INSERT OR REPLACE INTO context_manifests (key, body, written_ms) VALUES (?1, ?2, ?3)",
                params![key, body, ts_ms],
            )
            .and_then(|_| {
                self.conn.execute(
                    "INSERT OR REPLACE INTO context_manifests (key, body, written_ms) VALUES (?1, ?2, ?3)",
                    params![stamp_key(key), manifest_stamp(&body).as_slice(), ts_ms],
                )
            })
            .and_then(|_| self.conn.execute_batch("COMMIT"));
        if let Err(e) = done {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Err(err(e));
        }
        Ok(true)
    }

    /// The last observed state of every guarded file of the home directory and of `project`,
    /// keyed by path.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_states(&self, project: &str) -> Result<HashMap<String, FileState>, StoreError> {
        Ok(self
            .context_rows(
                "reading guarded file states",
                &format!(
                    "SELECT {FILE_COLUMNS} FROM context_files WHERE project = '' OR project = ?1"
                ),
                [project],
                file_state_row,
            )?
            .into_iter()
            .map(|s| (s.path.clone(), s))
            .collect())
    }

    /// The last observed state of `path` and of every guarded file below it (`path/…`), of the
    /// home directory and of `project`, sorted by path. One range scan of the primary key:
    /// the cost grows with the rows returned, not with the ledger.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_states_under(
        &self,
        project: &str,
        path: &str,
    ) -> Result<Vec<FileState>, StoreError> {
        let path = path.trim_end_matches('/');
        // `path` and every path below `path/` sort in [`path`, `path0`) ('0' is the byte after
        // '/'): one range of the primary key (the unary `+` keeps the planner off the project
        // index, which would read every row of the project). Siblings such as `path.bak` also
        // sort there and are dropped below.
        let below = format!("{path}/");
        let rows = self.context_rows(
            "reading guarded file states",
            &format!(
                "SELECT {FILE_COLUMNS} FROM context_files \
                 WHERE path >= ?1 AND path < ?2 AND (+project = '' OR +project = ?3) \
                 ORDER BY path"
            ),
            params![path, format!("{path}0"), project],
            file_state_row,
        )?;
        Ok(rows
            .into_iter()
            .filter(|s| s.path == path || s.path.starts_with(&below))
            .collect())
    }

    /// The state of one guarded file, if it was ever observed.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_state(&self, path: &str) -> Result<Option<FileState>, StoreError> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {FILE_COLUMNS} FROM context_files WHERE path = ?1"
            ))
            .and_then(|mut s| s.query_row([path], file_state_row).optional())
            .map_err(|e| sql_err(&self.path, "reading a guarded file state", e))
    }

    /// Updates only the stat fields of a file whose content did not change (a `touch`).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn touch_context_state(
        &self,
        path: &str,
        mtime_ns: i64,
        ino: i64,
    ) -> Result<(), StoreError> {
        self.conn
            .execute(
                "UPDATE context_files SET mtime_ns = ?2, ino = ?3 WHERE path = ?1",
                params![path, mtime_ns, ino],
            )
            .map(|_| ())
            .map_err(|e| sql_err(&self.path, "updating a guarded file state", e))
    }

    /// Records a new version of a guarded file, its new state, and (with `change`) a change
    /// record and its findings, in one transaction. `state.version_id` and
    /// `state.checkpoint_id` are ignored: the new version becomes the state's version, and the
    /// checkpoint moves to it when `clean` (else it stays where it was).
    ///
    /// Returns `(version id, change id)`.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    #[allow(clippy::too_many_arguments)]
    pub fn record_context_version(
        &mut self,
        state: &FileState,
        ts_ms: i64,
        writer: &str,
        session: Option<&str>,
        clean: bool,
        change: Option<&NewChange>,
    ) -> Result<(i64, Option<i64>), StoreError> {
        const ACTION: &str = "recording a guarded file version";
        let path = self.path.clone();
        let err = |e| sql_err(&path, ACTION, e);
        // A savepoint, not a transaction: it nests inside a batch ([`Store::begin_batch`]) and
        // commits on its own outside one.
        let tx = self.conn.savepoint().map_err(err)?;
        let previous: Option<(i64, Option<i64>)> = tx
            .prepare_cached("SELECT version_id, checkpoint_id FROM context_files WHERE path = ?1")
            .and_then(|mut st| {
                st.query_row([&state.path], |r| Ok((r.get(0)?, r.get(1)?)))
                    .optional()
            })
            .map_err(err)?;
        exec(
            &tx,
            "INSERT INTO context_versions (path, hash, size, ts_ms, writer, session, clean) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                state.path,
                state.hash,
                state.size,
                ts_ms,
                writer,
                session,
                clean as i64
            ],
        )
        .map_err(err)?;
        let version = tx.last_insert_rowid();
        let checkpoint = if clean {
            Some(version)
        } else {
            previous.and_then(|p| p.1)
        };
        exec(
            &tx,
            "INSERT INTO context_files (path, project, kind, hash, size, mtime_ns, ino, version_id, checkpoint_id, updated_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) \
             ON CONFLICT(path) DO UPDATE SET project = ?2, kind = ?3, hash = ?4, size = ?5, mtime_ns = ?6, \
             ino = ?7, version_id = ?8, checkpoint_id = ?9, updated_ms = ?10",
            params![
                state.path,
                state.project,
                state.kind,
                state.hash,
                state.size,
                state.mtime_ns,
                state.ino,
                version,
                checkpoint,
                ts_ms
            ],
        )
        .map_err(err)?;
        let mut change_id = None;
        if let Some(ch) = change {
            exec(
            &tx,
                "INSERT INTO context_changes (path, project, kind, from_version, to_version, ts_ms, writer, session, status, flagged, executable) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                params![
                    state.path,
                    state.project,
                    state.kind,
                    previous.map(|p| p.0),
                    version,
                    ts_ms,
                    writer,
                    session,
                    ch.status,
                    (!ch.findings.is_empty()) as i64,
                    ch.executable
                ],
            )
            .map_err(err)?;
            let id = tx.last_insert_rowid();
            for f in &ch.findings {
                exec(
            &tx,
                    "INSERT INTO context_findings (change_id, rule_id, severity, message, evidence, line, status) \
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending')",
                    params![
                        id,
                        f.rule_id,
                        f.severity,
                        hookward_redact::redact_str(&f.message),
                        hookward_redact::redact_str(&f.evidence),
                        f.line
                    ],
                )
                .map_err(err)?;
            }
            change_id = Some(id);
        }
        tx.commit().map_err(err)?;
        self.keep_wal_small();
        Ok((version, change_id))
    }

    /// One version by id.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_version(&self, id: i64) -> Result<Option<VersionRow>, StoreError> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {VERSION_COLUMNS} FROM context_versions WHERE id = ?1"
            ))
            .and_then(|mut s| s.query_row([id], version_row).optional())
            .map_err(|e| sql_err(&self.path, "reading a version", e))
    }

    /// Every version of `path`, oldest first.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_versions(&self, path: &str) -> Result<Vec<VersionRow>, StoreError> {
        self.context_rows(
            "reading versions",
            &format!("SELECT {VERSION_COLUMNS} FROM context_versions WHERE path = ?1 ORDER BY id"),
            [path],
            version_row,
        )
    }

    /// One change record by id.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_change(&self, id: i64) -> Result<Option<ChangeRow>, StoreError> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {CHANGE_COLUMNS} FROM context_changes c WHERE c.id = ?1"
            ))
            .and_then(|mut s| s.query_row([id], change_row).optional())
            .map_err(|e| sql_err(&self.path, "reading a change", e))
    }

    /// Change records matching `q`, newest first, and the number of matching records over
    /// the whole selection (for "page N of M").
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_changes(&self, q: &ChangeQuery) -> Result<(Vec<ChangeRow>, usize), StoreError> {
        const ACTION: &str = "listing changes";
        let mut wh = vec!["1 = 1".to_string()];
        let mut args: Vec<rusqlite::types::Value> = Vec::new();
        let arg = |v: rusqlite::types::Value, args: &mut Vec<_>| {
            args.push(v);
            format!("?{}", args.len())
        };
        if !q.statuses.is_empty() {
            let marks: Vec<String> = q
                .statuses
                .iter()
                .map(|s| arg(s.as_str().to_string().into(), &mut args))
                .collect();
            wh.push(format!("c.status IN ({})", marks.join(", ")));
        }
        if let Some(p) = &q.project {
            let m = arg(p.clone().into(), &mut args);
            wh.push(format!("(c.project = '' OR c.project = {m})"));
        }
        if let Some(t) = q.since_ms {
            let m = arg(t.into(), &mut args);
            wh.push(format!("c.ts_ms >= {m}"));
        }
        if let Some(p) = &q.path {
            let m = arg(p.clone().into(), &mut args);
            wh.push(format!("c.path = {m}"));
        }
        if let Some(s) = &q.search {
            let like = format!("%{}%", s.to_lowercase());
            let m = arg(like.into(), &mut args);
            wh.push(format!(
                "(lower(c.path) LIKE {m} OR lower(c.writer) LIKE {m} OR EXISTS (SELECT 1 FROM context_findings f \
                 WHERE f.change_id = c.id AND (lower(f.message) LIKE {m} OR lower(f.evidence) LIKE {m} OR lower(f.rule_id) LIKE {m})))"
            ));
        }
        let wh = wh.join(" AND ");
        let total: i64 = self
            .conn
            .query_row(
                &format!("SELECT count(*) FROM context_changes c WHERE {wh}"),
                rusqlite::params_from_iter(args.iter()),
                |r| r.get(0),
            )
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let limit = if q.limit == 0 { -1 } else { q.limit as i64 };
        let sql = format!(
            "SELECT {CHANGE_COLUMNS} FROM context_changes c WHERE {wh} ORDER BY c.id DESC LIMIT {limit} OFFSET {}",
            q.offset
        );
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(args.iter()), change_row)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        let rows = rows
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        Ok((rows, usize::try_from(total).unwrap_or(0)))
    }

    /// The findings of a change, in id order.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_findings(&self, change_id: i64) -> Result<Vec<FindingRow>, StoreError> {
        self.context_rows(
            "reading findings",
            &format!(
                "SELECT {FINDING_COLUMNS} FROM context_findings WHERE change_id = ?1 ORDER BY id"
            ),
            [change_id],
            finding_row,
        )
    }

    /// One finding by id.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_finding(&self, id: i64) -> Result<Option<FindingRow>, StoreError> {
        self.conn
            .prepare_cached(&format!(
                "SELECT {FINDING_COLUMNS} FROM context_findings WHERE id = ?1"
            ))
            .and_then(|mut s| s.query_row([id], finding_row).optional())
            .map_err(|e| sql_err(&self.path, "reading a finding", e))
    }

    /// Sets a change's status (accepted, restored, …) and its review time. Returns whether
    /// a row was changed.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn set_change_status(
        &self,
        id: i64,
        status: ChangeStatus,
        ts_ms: i64,
    ) -> Result<bool, StoreError> {
        self.conn
            .execute(
                "UPDATE context_changes SET status = ?2, reviewed_ms = ?3 WHERE id = ?1",
                params![id, status, ts_ms],
            )
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "updating a change", e))
    }

    /// Sets the status of one finding (dismissed, resolved). Returns whether a row changed.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn set_finding_status(&self, id: i64, status: FindingStatus) -> Result<bool, StoreError> {
        self.conn
            .execute(
                "UPDATE context_findings SET status = ?2 WHERE id = ?1",
                params![id, status],
            )
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "updating a finding", e))
    }

    /// Sets the status of every `pending` change of `path` to `status` (used when a restore or
    /// an accept settles the file).
    /// Their pending findings become `resolved` when `status` is `restored`. Returns how many
    /// changes were settled.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn settle_pending_changes(
        &self,
        path: &str,
        status: ChangeStatus,
        ts_ms: i64,
    ) -> Result<usize, StoreError> {
        let err = |e| sql_err(&self.path, "settling changes", e);
        if status == ChangeStatus::Restored {
            self.conn
                .execute(
                    "UPDATE context_findings SET status = 'resolved' WHERE status = 'pending' AND change_id IN \
                     (SELECT id FROM context_changes WHERE path = ?1 AND status = 'pending')",
                    [path],
                )
                .map_err(err)?;
        }
        self.conn
            .execute(
                "UPDATE context_changes SET status = ?2, reviewed_ms = ?3 WHERE path = ?1 AND status = 'pending'",
                params![path, status, ts_ms],
            )
            .map_err(err)
    }

    /// Makes `version_id` the recovery checkpoint of `path` (a person accepted that version).
    /// Returns whether the file is in the ledger.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn set_checkpoint(&self, path: &str, version_id: i64) -> Result<bool, StoreError> {
        self.conn
            .execute(
                "UPDATE context_files SET checkpoint_id = ?2 WHERE path = ?1",
                params![path, version_id],
            )
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "updating a checkpoint", e))
    }

    /// Marks changes' executable configuration as mentioned to the model.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn mark_changes_announced(&self, ids: &[i64]) -> Result<(), StoreError> {
        for id in ids {
            self.conn
                .execute(
                    "UPDATE context_changes SET announced = 1 WHERE id = ?1",
                    [id],
                )
                .map_err(|e| sql_err(&self.path, "updating a change", e))?;
        }
        Ok(())
    }

    /// Every content hash a version still refers to (what garbage collection keeps).
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn context_referenced_hashes(
        &self,
    ) -> Result<std::collections::HashSet<String>, StoreError> {
        Ok(self
            .context_rows(
                "listing referenced objects",
                "SELECT DISTINCT hash FROM context_versions WHERE hash IS NOT NULL",
                [],
                |r| r.get::<_, String>(0),
            )?
            .into_iter()
            .collect())
    }

    /// Removes history older than `before_ms`: versions that are neither a file's current
    /// version nor its checkpoint nor part of a pending change, and reviewed change records
    /// (not `pending`) with their findings. With `apply = false` only counts. The content
    /// objects are left for garbage collection.
    ///
    /// # Errors
    /// As [`Store::context_scope_scanned`].
    pub fn prune_context(
        &mut self,
        before_ms: i64,
        apply: bool,
    ) -> Result<PruneCounts, StoreError> {
        const ACTION: &str = "pruning history";
        let path = self.path.clone();
        let err = |e| sql_err(&path, ACTION, e);
        let tx = self.conn.transaction().map_err(err)?;
        let old_changes = "SELECT id FROM context_changes WHERE ts_ms < ?1 AND status != 'pending'";
        let findings: i64 = tx
            .query_row(
                &format!(
                    "SELECT count(*) FROM context_findings WHERE change_id IN ({old_changes})"
                ),
                [before_ms],
                |r| r.get(0),
            )
            .map_err(err)?;
        let changes: i64 = tx
            .query_row(
                &format!("SELECT count(*) FROM ({old_changes})"),
                [before_ms],
                |r| r.get(0),
            )
            .map_err(err)?;
        let keep = "SELECT version_id FROM context_files UNION SELECT checkpoint_id FROM context_files WHERE checkpoint_id IS NOT NULL \
                    UNION SELECT to_version FROM context_changes WHERE status = 'pending' \
                    UNION SELECT from_version FROM context_changes WHERE status = 'pending' AND from_version IS NOT NULL";
        let versions: i64 = tx
            .query_row(
                &format!(
                    "SELECT count(*) FROM context_versions WHERE ts_ms < ?1 AND id NOT IN ({keep})"
                ),
                [before_ms],
                |r| r.get(0),
            )
            .map_err(err)?;
        if apply {
            tx.execute(
                &format!("DELETE FROM context_findings WHERE change_id IN ({old_changes})"),
                [before_ms],
            )
            .map_err(err)?;
            tx.execute(
                "DELETE FROM context_changes WHERE ts_ms < ?1 AND status != 'pending'",
                [before_ms],
            )
            .map_err(err)?;
            tx.execute(
                &format!("DELETE FROM context_versions WHERE ts_ms < ?1 AND id NOT IN ({keep})"),
                [before_ms],
            )
            .map_err(err)?;
            tx.commit().map_err(err)?;
        }
        Ok(PruneCounts {
            versions: usize::try_from(versions).unwrap_or(0),
            changes: usize::try_from(changes).unwrap_or(0),
            findings: usize::try_from(findings).unwrap_or(0),
        })
    }
}

/// The row holding manifest `key`'s stamp ([`Store::context_manifest_stamp`]).
fn stamp_key(key: &str) -> String {
    format!("{key}#stamp")
}

/// A manifest body's stamp: the first 16 bytes of its blake3 hash.
fn manifest_stamp(body: &[u8]) -> [u8; 16] {
    let h = blake3::hash(body);
    let mut out = [0u8; 16];
    out.copy_from_slice(&h.as_bytes()[..16]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn put(store: &mut Store, path: &str, project: &str) {
        let state = FileState {
            path: path.into(),
            project: project.into(),
            kind: "rules".into(),
            hash: Some("0".repeat(64)),
            size: 1,
            mtime_ns: 1,
            ino: 1,
            version_id: 0,
            checkpoint_id: None,
        };
        store
            .record_context_version(&state, 1, "test", None, true, None)
            .unwrap();
    }

    #[test]
    fn states_under_a_path_are_the_path_and_its_tree_only_by_the_primary_key() {
        let d = tempfile::tempdir().unwrap();
        let mut store = Store::open(&d.path().join("state.db")).unwrap();
        for p in [
            "/p/.claude",
            "/p/.claude/rules/a.md",
            "/p/.claude/rules/sub/b.md",
            "/p/.claude.json",
            "/p/.claude-old/c.md",
            "/p/.claudex/d.md",
            "/p/CLAUDE.md",
        ] {
            put(&mut store, p, "/p");
        }
        put(&mut store, "/p/.claude/rules/other.md", "/q");
        put(&mut store, "/p/.claude/rules/home.md", "");
        let paths = |under: &str| -> Vec<String> {
            store
                .context_states_under("/p", under)
                .unwrap()
                .into_iter()
                .map(|s| s.path)
                .collect()
        };
        assert_eq!(
            paths("/p/.claude/"),
            vec![
                "/p/.claude",
                "/p/.claude/rules/a.md",
                "/p/.claude/rules/home.md",
                "/p/.claude/rules/sub/b.md"
            ]
        );
        assert_eq!(paths("/p/CLAUDE.md"), vec!["/p/CLAUDE.md"]);
        assert!(paths("/p/src").is_empty());
        let plan: Vec<String> = store
            .conn
            .prepare(&format!(
                "EXPLAIN QUERY PLAN SELECT {FILE_COLUMNS} FROM context_files \
                 WHERE path >= ?1 AND path < ?2 AND (+project = '' OR +project = ?3) ORDER BY path"
            ))
            .unwrap()
            .query_map(params!["a", "b", "c"], |r| r.get::<_, String>(3))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert!(
            plan.iter()
                .any(|p| p.contains("sqlite_autoindex_context_files_1")
                    && p.contains("path>? AND path<?")),
            "{plan:?}"
        );
    }
}
