//! The knowledge-base scan cache (schema version 11, issue 20): per scanned file its stat,
//! content hash and cache key, per chunk its place, text hash, features and injection
//! findings. Written and read by `hookward kb scan` only; what the columns mean for a scan is
//! `hookward-kb`'s business (README "Knowledge-base scan", "What the kb scan caches").
//!
//! No chunk or document text is stored. A chunk's heading and its findings' evidence are
//! what the report shows of the text; they are redacted ([`hookward_redact::redact_str`])
//! before they are written, and a row whose redaction changed something is marked not
//! `exact`: the reader treats its file as a miss and reads it again, so the report is the
//! same as a cold scan's and no secret the redaction knows reaches the file. Every chunk row
//! carries `check` (blake3 of its other columns); a row that does not match, a missing row
//! or a file whose chunk rows do not number its `chunks` is returned as damaged, never as
//! data.

use crate::{now_ms, sql_err, Store, StoreError};
use rusqlite::params;
use std::collections::HashMap;

/// One cached file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KbFileRow {
    /// Row id.
    pub id: i64,
    /// The file's absolute path.
    pub path: String,
    /// Size in bytes when it was read.
    pub size: u64,
    /// Modification time in ns since the epoch when it was read.
    pub mtime_ns: i64,
    /// blake3 (hex) of its bytes.
    pub hash: String,
    /// The cache key it was processed under (`hookward_kb::cache_key`).
    pub key: String,
    /// Its number of chunks.
    pub chunks: u32,
}

/// One cached chunk.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct KbChunkRow {
    /// Index in its file, from 0.
    pub idx: u32,
    /// blake3 (hex) of the chunk's text.
    pub hash: String,
    /// 1-based line where it starts.
    pub line: u64,
    /// Byte range `[start, end)` in the file.
    pub span: (u64, u64),
    /// The nearest heading above it (redacted when stored).
    pub heading: Option<String>,
    /// Its features (`hookward_kb::embed::encode_features`).
    pub features: Vec<u8>,
    /// What the injection scanner found, as JSON (`hookward_kb::ChunkFindings`, evidence
    /// redacted when stored); `None` when the chunk is clean.
    pub flagged: Option<String>,
    /// Read back: false when redaction changed the heading or the findings (the stored row is
    /// then not the chunk's exact form).
    pub exact: bool,
}

/// A file's cached chunks as read back.
#[derive(Debug, Clone, PartialEq)]
pub enum KbChunks {
    /// Every row present, intact and exact.
    Intact(Vec<KbChunkRow>),
    /// Rows present and intact, but redaction changed at least one: the file must be read
    /// again for an exact report (the rows' features can still be reused by chunk hash).
    Redacted(Vec<KbChunkRow>),
    /// A row missing, out of order or not matching its check.
    Damaged,
}

fn u(v: i64) -> u64 {
    u64::try_from(v).unwrap_or(0)
}

fn i(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// blake3 (hex, 32 digits) over a row's columns, each length-prefixed.
fn check(file_id: i64, r: &KbChunkRow, exact: bool) -> String {
    let mut h = blake3::Hasher::new();
    let mut put = |b: &[u8]| {
        h.update(&(b.len() as u64).to_le_bytes());
        h.update(b);
    };
    put(&file_id.to_le_bytes());
    put(&r.idx.to_le_bytes());
    put(r.hash.as_bytes());
    put(&r.line.to_le_bytes());
    put(&r.span.0.to_le_bytes());
    put(&r.span.1.to_le_bytes());
    match &r.heading {
        Some(x) => put(format!("+{x}").as_bytes()),
        None => put(b"-"),
    }
    put(&r.features);
    match &r.flagged {
        Some(x) => put(format!("+{x}").as_bytes()),
        None => put(b"-"),
    }
    put(&[u8::from(exact)]);
    let hex = h.finalize().to_hex();
    hex.as_str()[..32].to_string()
}

impl Store {
    /// Every cached file, by path.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn kb_files(&self) -> Result<HashMap<String, KbFileRow>, StoreError> {
        let err = |e| sql_err(&self.path, "reading the kb scan cache", e);
        let mut stmt = self
            .conn
            .prepare("SELECT id, path, size, mtime_ns, hash, key, chunks FROM kb_files")
            .map_err(err)?;
        let rows = stmt
            .query_map([], |r| {
                Ok(KbFileRow {
                    id: r.get(0)?,
                    path: r.get(1)?,
                    size: u(r.get(2)?),
                    mtime_ns: r.get(3)?,
                    hash: r.get(4)?,
                    key: r.get(5)?,
                    chunks: u32::try_from(r.get::<_, i64>(6)?).unwrap_or(u32::MAX),
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err)?;
        Ok(rows.into_iter().map(|f| (f.path.clone(), f)).collect())
    }

    /// The chunk rows of `file`, checked (see [`KbChunks`]).
    ///
    /// # Errors
    /// SQLite errors.
    pub fn kb_chunks(&self, file: &KbFileRow) -> Result<KbChunks, StoreError> {
        let err = |e| sql_err(&self.path, "reading the kb scan cache", e);
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT idx, hash, line, start, end, heading, features, flagged, exact, check_
                 FROM kb_chunks WHERE file_id = ?1 ORDER BY idx",
            )
            .map_err(err)?;
        let rows = stmt
            .query_map([file.id], |r| {
                let exact: i64 = r.get(8)?;
                let row = KbChunkRow {
                    idx: u32::try_from(r.get::<_, i64>(0)?).unwrap_or(u32::MAX),
                    hash: r.get(1)?,
                    line: u(r.get(2)?),
                    span: (u(r.get(3)?), u(r.get(4)?)),
                    heading: r.get(5)?,
                    features: r.get(6)?,
                    flagged: r.get(7)?,
                    exact: exact == 1,
                };
                let ok = (exact == 0 || exact == 1)
                    && r.get::<_, String>(9)? == check(file.id, &row, row.exact);
                Ok((row, ok))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>());
        // A column of the wrong type is damage too.
        let rows = match rows {
            Ok(r) => r,
            Err(
                rusqlite::Error::InvalidColumnType(..)
                | rusqlite::Error::FromSqlConversionFailure(..),
            ) => return Ok(KbChunks::Damaged),
            Err(e) => return Err(err(e)),
        };
        if rows.len() != file.chunks as usize
            || rows
                .iter()
                .enumerate()
                .any(|(n, (r, ok))| !ok || r.idx as usize != n)
        {
            return Ok(KbChunks::Damaged);
        }
        let exact = rows.iter().all(|(r, _)| r.exact);
        let rows: Vec<KbChunkRow> = rows.into_iter().map(|(r, _)| r).collect();
        Ok(if exact {
            KbChunks::Intact(rows)
        } else {
            KbChunks::Redacted(rows)
        })
    }

    /// Writes files and their chunks in one transaction (a file's old chunk rows replaced).
    /// Headings and flagged JSON are redacted here; `exact` is set from whether that changed
    /// them (the `exact` given is ignored).
    ///
    /// # Errors
    /// SQLite errors; nothing is written then.
    pub fn kb_put(&self, files: &[(KbFileRow, Vec<KbChunkRow>)]) -> Result<(), StoreError> {
        let err = |e| sql_err(&self.path, "writing the kb scan cache", e);
        self.begin_batch()?;
        let run = || -> Result<(), rusqlite::Error> {
            let now = now_ms();
            for (f, chunks) in files {
                let id: i64 = self
                    .conn
                    .prepare_cached(
                        "INSERT INTO kb_files (path, size, mtime_ns, hash, key, chunks, scanned_ms)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
                         ON CONFLICT(path) DO UPDATE SET size = excluded.size,
                           mtime_ns = excluded.mtime_ns, hash = excluded.hash, key = excluded.key,
                           chunks = excluded.chunks, scanned_ms = excluded.scanned_ms
                         RETURNING id",
                    )?
                    .query_row(
                        params![
                            f.path,
                            i(f.size),
                            f.mtime_ns,
                            f.hash,
                            f.key,
                            chunks.len() as i64,
                            now
                        ],
                        |r| r.get(0),
                    )?;
                self.conn
                    .prepare_cached("DELETE FROM kb_chunks WHERE file_id = ?1")?
                    .execute([id])?;
                let mut ins = self.conn.prepare_cached(
                    "INSERT INTO kb_chunks (file_id, idx, hash, line, start, end, heading, features, flagged, exact, check_)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
                )?;
                for c in chunks {
                    let heading = c
                        .heading
                        .as_deref()
                        .map(|h| hookward_redact::redact_str(h).into_owned());
                    let flagged = c
                        .flagged
                        .as_deref()
                        .map(|x| hookward_redact::redact_str(x).into_owned());
                    let exact = heading == c.heading && flagged == c.flagged;
                    let row = KbChunkRow {
                        heading,
                        flagged,
                        exact,
                        ..c.clone()
                    };
                    ins.execute(params![
                        id,
                        row.idx,
                        row.hash,
                        i(row.line),
                        i(row.span.0),
                        i(row.span.1),
                        row.heading,
                        row.features,
                        row.flagged,
                        i64::from(exact),
                        check(id, &row, exact)
                    ])?;
                }
            }
            Ok(())
        };
        match run() {
            Ok(()) => self.commit_batch(),
            Err(e) => {
                self.rollback_batch();
                Err(err(e))
            }
        }
    }

    /// Deletes the cached files at `paths` and their chunks. Returns how many files.
    ///
    /// # Errors
    /// SQLite errors; nothing is deleted then.
    pub fn kb_forget(&self, paths: &[String]) -> Result<usize, StoreError> {
        let err = |e| sql_err(&self.path, "pruning the kb scan cache", e);
        self.begin_batch()?;
        let run = || -> Result<usize, rusqlite::Error> {
            let mut n = 0;
            for p in paths {
                let id: Option<i64> = self
                    .conn
                    .prepare_cached("DELETE FROM kb_files WHERE path = ?1 RETURNING id")?
                    .query_row([p], |r| r.get(0))
                    .map(Some)
                    .or_else(|e| match e {
                        rusqlite::Error::QueryReturnedNoRows => Ok(None),
                        e => Err(e),
                    })?;
                if let Some(id) = id {
                    self.conn
                        .prepare_cached("DELETE FROM kb_chunks WHERE file_id = ?1")?
                        .execute([id])?;
                    n += 1;
                }
            }
            Ok(n)
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
}
