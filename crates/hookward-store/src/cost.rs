//! The cost index (schema version 9, issue 21): per transcript file a checkpoint, per model
//! request a row. Written by `hookward_cost::index` (from `hookward cost` and the SessionStart
//! background refresh), never by the hook itself. Plain data here; what a transcript line means
//! is `hookward-cost`'s business.
//!
//! De-duplication is the table's unique `key`: a request seen again (a streamed part, a fork,
//! a sub-agent, a re-read) is merged into its row with each token count the larger of the two
//! (`max`), so re-reading never adds. Rows with `scoped` set carry a key that only means
//! something inside their file (Codex running totals, a Claude line without ids); when a file
//! turns out rewritten, [`CostFileUpdate::reset`] deletes them before the file is read again.
//! Rows of unscoped keys stay: a request once seen was paid for, even if a file no longer
//! shows it.

use crate::{now_ms, sql_err, Store, StoreError};
use rusqlite::params;
use std::collections::HashMap;

/// One transcript file's checkpoint: how far it was read and how to tell whether it is still
/// the same file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostCheckpoint {
    /// Row id (the `file_id` of the requests first seen in it).
    pub id: i64,
    /// The file's path.
    pub path: String,
    /// Which agent's format (`claude-code`, `codex`).
    pub agent: String,
    /// Its size in bytes when last read.
    pub size: u64,
    /// Its modification time in ns since the epoch when last read.
    pub mtime_ns: i64,
    /// The byte after the last complete line read (a partial last line is read again later).
    pub read_to: u64,
    /// How many of the file's first bytes `head_hash` covers.
    pub head_len: u64,
    /// blake3 (hex) of the first `head_len` bytes.
    pub head_hash: String,
    /// The reader's carried state as JSON (e.g. Codex's running totals), `{}` when none.
    pub state: String,
    /// Lines not understood so far.
    pub bad_lines: u64,
}

/// One request as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostRequestRow {
    /// The de-duplication key (unique in the table).
    pub key: String,
    /// Whether `key` is only unique within its file (deleted on a rewrite of the file).
    pub scoped: bool,
    /// UTC day (days since 1970-01-01), `None` without a timestamp.
    pub day: Option<i64>,
    /// The timestamp as the transcript wrote it.
    pub ts: Option<String>,
    /// `claude-code` or `codex`.
    pub agent: String,
    /// The working directory (or the transcript's project folder name).
    pub project: String,
    /// The session id.
    pub session: String,
    /// The model id as recorded.
    pub model: String,
    /// Uncached input tokens.
    pub input: u64,
    /// Cache writes, 5-minute lifetime (tokens).
    pub cache_write_5m: u64,
    /// Cache writes, 1-hour lifetime (tokens).
    pub cache_write_1h: u64,
    /// Cache reads (tokens).
    pub cache_read: u64,
    /// Output tokens.
    pub output: u64,
    /// Of `output`, reasoning tokens where reported.
    pub reasoning: u64,
}

/// What one read of one file adds: its new checkpoint and the requests of the lines read.
#[derive(Debug, Clone, Default)]
pub struct CostFileUpdate {
    /// The new checkpoint (`id` is ignored; the row is found by `path`).
    pub checkpoint: CostCheckpoint,
    /// The file was rewritten, truncated or rotated: its scoped rows are deleted first and
    /// `checkpoint` describes a read from the start.
    pub reset: bool,
    /// The requests read.
    pub requests: Vec<CostRequestRow>,
}

/// How [`Store::cost_groups`] groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CostGroupBy {
    /// By model id.
    Model,
    /// By project.
    Project,
    /// By session id.
    Session,
    /// By UTC day.
    Day,
}

/// The filter of [`Store::cost_groups`].
#[derive(Debug, Clone, Default)]
pub struct CostQuery {
    /// First and last UTC day (days since 1970-01-01, inclusive); `None`: every request, also
    /// those without a day.
    pub days: Option<(i64, i64)>,
    /// Only this project and the folders below it (`/work/app` covers `/work/app/sub`).
    pub project: Option<String>,
}

/// One group's sums. Requests are grouped by the asked column, the model, and whether they
/// have 5-minute and 1-hour cache writes, so that one price applies to all of a group (a
/// price table may have no cache-write price) and a group is either all priced or all not.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct CostGroup {
    /// The grouped column's value (`None`: a request without a day, when grouping by day).
    pub key: Option<String>,
    /// The model id.
    pub model: String,
    /// How many requests.
    pub requests: u64,
    /// Sum of uncached input tokens.
    pub input: u64,
    /// Sum of 5-minute cache writes.
    pub cache_write_5m: u64,
    /// Sum of 1-hour cache writes.
    pub cache_write_1h: u64,
    /// Sum of cache reads.
    pub cache_read: u64,
    /// Sum of output tokens.
    pub output: u64,
    /// Sum of reasoning tokens.
    pub reasoning: u64,
}

fn u(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn i(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Store {
    /// Every checkpoint, by path.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn cost_checkpoints(&self) -> Result<HashMap<String, CostCheckpoint>, StoreError> {
        let err = |e| sql_err(&self.path, "reading the cost checkpoints", e);
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, path, agent, size, mtime_ns, read_to, head_len, head_hash, state, bad_lines FROM cost_files",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map([], |r| {
                Ok(CostCheckpoint {
                    id: r.get(0)?,
                    path: r.get(1)?,
                    agent: r.get(2)?,
                    size: u(r.get(3)?),
                    mtime_ns: r.get(4)?,
                    read_to: u(r.get(5)?),
                    head_len: u(r.get(6)?),
                    head_hash: r.get(7)?,
                    state: r.get(8)?,
                    bad_lines: u(r.get(9)?),
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?;
        Ok(rows.into_iter().map(|c| (c.path.clone(), c)).collect())
    }

    /// Applies the updates of several files in one transaction (checkpoint written, scoped
    /// rows of a reset file deleted, requests merged by key with each count's `max`). Either
    /// all are applied or none, so a checkpoint never gets ahead of its rows. Returns how many
    /// requests were written (new rows and merges).
    ///
    /// The transaction holds the write lock while it runs: callers keep batches to tens of
    /// thousands of rows (the hook's writes wait for it at most [`crate::BUSY_TIMEOUT`]).
    ///
    /// # Errors
    /// SQLite errors; nothing is applied then.
    pub fn cost_apply(&self, updates: &[CostFileUpdate]) -> Result<u64, StoreError> {
        const ACTION: &str = "writing the cost index";
        let err = |e| sql_err(&self.path, ACTION, e);
        self.begin_batch()?;
        let run = || -> Result<u64, rusqlite::Error> {
            let mut inserted = 0u64;
            let now = now_ms();
            for up in updates {
                let c = &up.checkpoint;
                let file_id: i64 = self.conn.prepare_cached(
                    "INSERT INTO cost_files (path, agent, size, mtime_ns, read_to, head_len, head_hash, state, bad_lines, updated_ms)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                     ON CONFLICT(path) DO UPDATE SET agent = excluded.agent, size = excluded.size,
                       mtime_ns = excluded.mtime_ns, read_to = excluded.read_to, head_len = excluded.head_len,
                       head_hash = excluded.head_hash, state = excluded.state, bad_lines = excluded.bad_lines,
                       updated_ms = excluded.updated_ms
                     RETURNING id",
                )?.query_row(
                    params![c.path, c.agent, i(c.size), c.mtime_ns, i(c.read_to), i(c.head_len), c.head_hash, c.state, i(c.bad_lines), now],
                    |r| r.get(0),
                )?;
                if up.reset {
                    self.conn
                        .prepare_cached(
                            "DELETE FROM cost_requests WHERE file_id = ?1 AND scoped = 1",
                        )?
                        .execute([file_id])?;
                }
                let mut ins = self.conn.prepare_cached(
                    "INSERT INTO cost_requests (key, scoped, file_id, day, ts, agent, project, session, model,
                       input, cache_write_5m, cache_write_1h, cache_read, output, reasoning)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)
                     ON CONFLICT(key) DO UPDATE SET
                       input = max(input, excluded.input),
                       cache_write_5m = max(cache_write_5m, excluded.cache_write_5m),
                       cache_write_1h = max(cache_write_1h, excluded.cache_write_1h),
                       cache_read = max(cache_read, excluded.cache_read),
                       output = max(output, excluded.output),
                       reasoning = max(reasoning, excluded.reasoning)",
                )?;
                for r in &up.requests {
                    ins.execute(params![
                        r.key,
                        r.scoped,
                        file_id,
                        r.day,
                        r.ts,
                        r.agent,
                        r.project,
                        r.session,
                        r.model,
                        i(r.input),
                        i(r.cache_write_5m),
                        i(r.cache_write_1h),
                        i(r.cache_read),
                        i(r.output),
                        i(r.reasoning)
                    ])?;
                }
                inserted += up.requests.len() as u64;
            }
            Ok(inserted)
        };
        match run() {
            Ok(n) => {
                self.commit_batch()?;
                Ok(n)
            }
            Err(e) => {
                self.rollback_batch();
                Err(err(e))
            }
        }
    }

    /// The sums of the indexed requests that pass `q`, grouped by `by` (and model and
    /// cache-write kinds, see [`CostGroup`]), in no particular order.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn cost_groups(
        &self,
        q: &CostQuery,
        by: CostGroupBy,
    ) -> Result<Vec<CostGroup>, StoreError> {
        use rusqlite::types::Value as Sql;
        let err = |e| sql_err(&self.path, "summing the cost index", e);
        let col = match by {
            CostGroupBy::Model => "model",
            CostGroupBy::Project => "project",
            CostGroupBy::Session => "session",
            CostGroupBy::Day => "CAST(day AS TEXT)",
        };
        let mut sql = format!(
            "SELECT {col}, model, COUNT(*), SUM(input), SUM(cache_write_5m), SUM(cache_write_1h), SUM(cache_read), SUM(output), SUM(reasoning)
             FROM cost_requests WHERE 1"
        );
        let mut args: Vec<Sql> = Vec::new();
        if let Some((from, to)) = q.days {
            sql.push_str(" AND day BETWEEN ? AND ?");
            args.push(Sql::Integer(from));
            args.push(Sql::Integer(to));
        }
        if let Some(p) = &q.project {
            sql.push_str(" AND (project = ? OR substr(project, 1, ?) = ?)");
            let with_slash = if p.ends_with('/') {
                p.clone()
            } else {
                format!("{p}/")
            };
            args.push(Sql::Text(p.clone()));
            args.push(Sql::Integer(with_slash.chars().count() as i64));
            args.push(Sql::Text(with_slash));
        }
        sql.push_str(" GROUP BY 1, 2, cache_write_5m > 0, cache_write_1h > 0");
        let mut stmt = self.conn.prepare(&sql).map_err(err)?;
        let rows = stmt
            .query_map(rusqlite::params_from_iter(args), |r| {
                Ok(CostGroup {
                    key: r.get(0)?,
                    model: r.get(1)?,
                    requests: u(r.get(2)?),
                    input: u(r.get(3)?),
                    cache_write_5m: u(r.get(4)?),
                    cache_write_1h: u(r.get(5)?),
                    cache_read: u(r.get(6)?),
                    output: u(r.get(7)?),
                    reasoning: u(r.get(8)?),
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?;
        Ok(rows)
    }

    /// Lines not understood over every indexed file, and how many files are indexed.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn cost_file_stats(&self) -> Result<(u64, u64), StoreError> {
        self.conn
            .query_row(
                "SELECT COUNT(*), COALESCE(SUM(bad_lines), 0) FROM cost_files",
                [],
                |r| Ok((u(r.get(0)?), u(r.get(1)?))),
            )
            .map_err(|e| sql_err(&self.path, "reading the cost checkpoints", e))
    }
}
