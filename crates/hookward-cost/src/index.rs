//! The incremental index: transcript files → the store's cost tables (`hookward_store`'s
//! `cost_files` / `cost_requests`, schema version 9), reading only what is new.
//!
//! Per file the store keeps a checkpoint: size and mtime when last read, `read_to` (the byte
//! after the last complete line read), and a blake3 hash of the first [`HEAD_BYTES`] bytes
//! (`head_len` of them while the file is shorter). On each run:
//!
//! - same size and mtime as the checkpoint: the file is not opened;
//! - otherwise, when the file is at least `read_to` long and its first `head_len` bytes still
//!   hash the same, it is read from `read_to` (appended lines only);
//! - otherwise (truncated, rewritten, rotated under the same name) it is read from the start,
//!   and the rows whose key only means something inside that file are deleted first
//!   (`scoped`); rows keyed by Claude's message and request ids merge by key, so a re-read
//!   never adds.
//!
//! Only complete lines are read: a last line without its newline is left for the next run,
//! unless it already parses as a whole JSON value (a file whose writer does not end it with a
//! newline). Reads go in [`CHUNK_BYTES`] pieces; the store's writes in transactions of about
//! [`BATCH_ROWS`] requests, with an intermediate checkpoint inside a long file, so that a run
//! stopped half-way resumes and the hook never waits long for the store's lock.

use crate::{claude, codex, gemini, CostError, Parsed, Request, Source, TranscriptFile};
use hookward_store::{CostCheckpoint, CostFileUpdate, CostRequestRow, Store};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// How many of a file's first bytes identify it (4 KiB: Claude Code's first line alone is
/// usually longer than a few hundred bytes and carries the session id and time).
pub const HEAD_BYTES: u64 = 4096;
/// The read size (8 MiB).
pub const CHUNK_BYTES: usize = 8 << 20;
/// Requests per store transaction: about 10 ms of insert work in a release build, so the
/// hook's own writes, which wait at most `hookward_store::BUSY_TIMEOUT` (200 ms) for the
/// lock, are not starved while a large tree is indexed.
pub const BATCH_ROWS: usize = 2_000;
/// How many times a transaction the store refused as busy (another indexer or a long writer)
/// is tried again, [`BUSY_PAUSE`] apart, before the run fails.
pub const BUSY_RETRIES: u32 = 20;
/// The pause between those tries.
pub const BUSY_PAUSE: std::time::Duration = std::time::Duration::from_millis(50);

/// [`Store::cost_apply`], tried again while the store is busy.
fn apply(store: &Store, updates: &[CostFileUpdate]) -> Result<(), CostError> {
    let mut tries = 0;
    loop {
        match store.cost_apply(updates) {
            Ok(_) => return Ok(()),
            Err(hookward_store::StoreError::Busy { .. }) if tries < BUSY_RETRIES => {
                tries += 1;
                std::thread::sleep(BUSY_PAUSE);
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// What one [`index`] run did.
#[derive(Debug, Default, Clone)]
pub struct IndexReport {
    /// Transcript files found.
    pub files: usize,
    /// Files opened because they changed (appended or rewritten) or are new.
    pub files_read: usize,
    /// Of those, files read again from the start (truncated, rewritten or rotated).
    pub files_reset: usize,
    /// Bytes read from transcripts this run.
    pub bytes_read: u64,
    /// Requests written this run (new rows and merges into existing ones).
    pub requests: u64,
    /// Files and folders that could not be read, with the OS error (left out, reported).
    pub unreadable: Vec<(PathBuf, String)>,
}

/// Brings the store's cost index up to date with the transcript files under `home`
/// ([`crate::transcript_files`]).
///
/// Errors: a transcript root that cannot be listed ([`CostError::Walk`]) and store errors
/// ([`CostError::Store`]); single files that cannot be read go to
/// [`IndexReport::unreadable`].
pub fn index(home: &Path, store: &Store) -> Result<IndexReport, CostError> {
    let mut report = IndexReport::default();
    let files = crate::transcript_files(home, &mut report.unreadable)?;
    report.files = files.len();
    let checkpoints = store.cost_checkpoints()?;
    let mut pending: Vec<CostFileUpdate> = Vec::new();
    let mut pending_rows = 0usize;
    for f in &files {
        let key = f.path.to_string_lossy().into_owned();
        let meta = match std::fs::symlink_metadata(&f.path) {
            Ok(m) => m,
            Err(e) => {
                report.unreadable.push((f.path.clone(), e.to_string()));
                continue;
            }
        };
        let size = meta.len();
        let mtime_ns = mtime_ns(&meta);
        let cp = checkpoints.get(&key);
        if cp.is_some_and(|c| c.size == size && c.mtime_ns == mtime_ns) {
            continue;
        }
        let mut sink = |up: CostFileUpdate| -> Result<(), CostError> {
            pending_rows += up.requests.len();
            report.requests += up.requests.len() as u64;
            pending.push(up);
            if pending_rows >= BATCH_ROWS {
                apply(store, &pending)?;
                pending.clear();
                pending_rows = 0;
            }
            Ok(())
        };
        match read_file(f, &key, size, mtime_ns, cp, &mut sink) {
            Ok(r) => {
                report.files_read += 1;
                report.files_reset += usize::from(r.reset);
                report.bytes_read += r.bytes;
            }
            Err(ReadError::Io(e)) => report.unreadable.push((f.path.clone(), e.to_string())),
            Err(ReadError::Cost(e)) => return Err(e),
        }
    }
    if !pending.is_empty() {
        apply(store, &pending)?;
    }
    Ok(report)
}

enum ReadError {
    Io(std::io::Error),
    Cost(CostError),
}

impl From<std::io::Error> for ReadError {
    fn from(e: std::io::Error) -> Self {
        ReadError::Io(e)
    }
}

impl From<CostError> for ReadError {
    fn from(e: CostError) -> Self {
        ReadError::Cost(e)
    }
}

struct FileRead {
    reset: bool,
    bytes: u64,
}

/// The reader's carried state per format.
enum Reader {
    Claude { project: String, session: String },
    Codex(codex::State),
    Gemini(gemini::State),
}

impl Reader {
    fn fresh(f: &TranscriptFile) -> Reader {
        match f.source {
            Source::Claude => Reader::Claude {
                project: f.project.clone(),
                session: f.stem.clone(),
            },
            Source::Codex => Reader::Codex(codex::State::new("unknown", &f.stem)),
            Source::Gemini => Reader::Gemini(gemini::State::new(&f.project, &f.stem)),
        }
    }

    fn resume(f: &TranscriptFile, state: &str) -> Reader {
        match (f.source, Reader::fresh(f)) {
            (Source::Codex, fresh) => serde_json::from_str(state)
                .map(Reader::Codex)
                .unwrap_or(fresh),
            (Source::Gemini, fresh) => serde_json::from_str(state)
                .map(Reader::Gemini)
                .unwrap_or(fresh),
            (_, fresh) => fresh,
        }
    }

    fn state(&self) -> String {
        match self {
            Reader::Claude { .. } => "{}".into(),
            Reader::Codex(s) => serde_json::to_string(s).unwrap_or_else(|_| "{}".into()),
            Reader::Gemini(s) => serde_json::to_string(s).unwrap_or_else(|_| "{}".into()),
        }
    }

    fn line(&mut self, line: &str, out: &mut Parsed) {
        match self {
            Reader::Claude { project, session } => claude::parse_line(line, project, session, out),
            Reader::Codex(s) => s.line(line, out),
            Reader::Gemini(s) => s.line(line, out),
        }
    }
}

fn mtime_ns(meta: &std::fs::Metadata) -> i64 {
    meta.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(-1, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// blake3 (hex) of the file's first `len` bytes; the file's read position is left where it
/// was (the reader goes on from there).
fn head_hash(file: &mut std::fs::File, len: u64) -> std::io::Result<String> {
    let mut buf = vec![0u8; len as usize];
    let at = file.stream_position()?;
    file.seek(SeekFrom::Start(0))?;
    let read = file.read_exact(&mut buf);
    file.seek(SeekFrom::Start(at))?;
    read?;
    Ok(blake3::hash(&buf).to_hex().to_string())
}

/// Reads `f` from its checkpoint (or the start) and hands the updates to `sink`.
fn read_file(
    f: &TranscriptFile,
    key: &str,
    size: u64,
    mtime_ns: i64,
    cp: Option<&CostCheckpoint>,
    sink: &mut dyn FnMut(CostFileUpdate) -> Result<(), CostError>,
) -> Result<FileRead, ReadError> {
    let mut file = std::fs::File::open(&f.path)?;
    if f.source == Source::Gemini && f.path.extension().is_some_and(|e| e == "json") {
        return read_whole_json(f, file, key, size, mtime_ns, cp.is_some(), sink);
    }
    let (start, mut reader, mut bad_lines, reset) = match cp {
        None => (0, Reader::fresh(f), 0, false),
        Some(c) => {
            let same = size >= c.read_to
                && c.head_len <= size
                && head_hash(&mut file, c.head_len)? == c.head_hash;
            if same {
                (c.read_to, Reader::resume(f, &c.state), c.bad_lines, false)
            } else {
                (0, Reader::fresh(f), 0, true)
            }
        }
    };
    file.seek(SeekFrom::Start(start))?;
    let mut pos = start; // file offset of buf[0]
                         // buf[..have] holds the file from offset `pos`: read into in place, and after the complete
                         // lines are taken only the partial last one is moved to the front
    let mut buf = vec![0u8; CHUNK_BYTES.min(size.saturating_sub(start) as usize + 4096)];
    let mut have = 0usize;
    let mut rows: Vec<CostRequestRow> = Vec::new();
    let mut first = true;
    let mut eof = false;
    let mut bytes = 0u64;
    while !eof {
        if have == buf.len() {
            // one line longer than the buffer
            buf.resize(buf.len() * 2, 0);
        }
        let n = file.read(&mut buf[have..])?;
        if n == 0 {
            eof = true;
        } else {
            bytes += n as u64;
            have += n;
        }
        // complete lines in buf
        let mut consumed = 0usize;
        while let Some(nl) = memchr::memchr(b'\n', &buf[consumed..have]) {
            let line = &buf[consumed..consumed + nl];
            take_line(
                &mut reader,
                line,
                pos + consumed as u64,
                key,
                f.source,
                &mut rows,
                &mut bad_lines,
            );
            consumed += nl + 1;
        }
        if eof && consumed < have {
            // a last line without its newline: read only when it is whole JSON already
            let tail = &buf[consumed..have];
            if serde_json::from_slice::<serde::de::IgnoredAny>(tail).is_ok() {
                take_line(
                    &mut reader,
                    tail,
                    pos + consumed as u64,
                    key,
                    f.source,
                    &mut rows,
                    &mut bad_lines,
                );
                consumed = have;
            }
        }
        buf.copy_within(consumed..have, 0);
        have -= consumed;
        pos += consumed as u64;
        if rows.len() >= BATCH_ROWS && !eof {
            // an intermediate checkpoint (never matching the size/mtime test)
            let up = update(
                &mut file,
                key,
                f,
                -1,
                pos,
                &reader,
                bad_lines,
                first && reset,
                std::mem::take(&mut rows),
            )?;
            sink(up)?;
            first = false;
        }
    }
    let up = update(
        &mut file,
        key,
        f,
        mtime_ns,
        pos,
        &reader,
        bad_lines,
        first && reset,
        rows,
    )?;
    // the final checkpoint records the size seen at the stat, so a file that grew while it was
    // read is opened again next time
    let up = CostFileUpdate {
        checkpoint: CostCheckpoint {
            size,
            ..up.checkpoint
        },
        ..up
    };
    sink(up)?;
    Ok(FileRead { reset, bytes })
}

/// An older Gemini CLI chat file (`session-*.json`, one JSON object rewritten as a whole):
/// read from the start whenever it changed. Its requests are keyed by session and message
/// id, so a re-read merges into the rows it gave before.
fn read_whole_json(
    f: &TranscriptFile,
    mut file: std::fs::File,
    key: &str,
    size: u64,
    mtime_ns: i64,
    reset: bool,
    sink: &mut dyn FnMut(CostFileUpdate) -> Result<(), CostError>,
) -> Result<FileRead, ReadError> {
    let mut bytes = Vec::new();
    file.read_to_end(&mut bytes)?;
    let parsed = gemini::parse(&String::from_utf8_lossy(&bytes), &f.project, &f.stem);
    let rows = parsed
        .requests
        .into_iter()
        .enumerate()
        .map(|(i, r)| row(r, f.source, key, 0, i))
        .collect();
    let reader = Reader::fresh(f);
    let up = update(
        &mut file,
        key,
        f,
        mtime_ns,
        bytes.len() as u64,
        &reader,
        parsed.bad_lines as u64,
        reset,
        rows,
    )?;
    sink(CostFileUpdate {
        checkpoint: CostCheckpoint {
            size,
            ..up.checkpoint
        },
        ..up
    })?;
    Ok(FileRead {
        reset,
        bytes: bytes.len() as u64,
    })
}

#[allow(clippy::too_many_arguments)]
fn update(
    file: &mut std::fs::File,
    key: &str,
    f: &TranscriptFile,
    mtime_ns: i64,
    read_to: u64,
    reader: &Reader,
    bad_lines: u64,
    reset: bool,
    requests: Vec<CostRequestRow>,
) -> Result<CostFileUpdate, ReadError> {
    let head_len = read_to.min(HEAD_BYTES);
    let head_hash = head_hash(file, head_len)?;
    Ok(CostFileUpdate {
        checkpoint: CostCheckpoint {
            id: 0,
            path: key.to_string(),
            agent: f.source.label().to_string(),
            size: read_to,
            mtime_ns,
            read_to,
            head_len,
            head_hash,
            state: reader.state(),
            bad_lines,
        },
        reset,
        requests,
    })
}

/// One complete line (without its newline) at file offset `at`.
fn take_line(
    reader: &mut Reader,
    line: &[u8],
    at: u64,
    key: &str,
    source: Source,
    rows: &mut Vec<CostRequestRow>,
    bad_lines: &mut u64,
) {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    // valid UTF-8 (nearly always) is checked by the fast path; only other lines are copied
    let text = match std::str::from_utf8(line) {
        Ok(s) => std::borrow::Cow::Borrowed(s),
        Err(_) => String::from_utf8_lossy(line),
    };
    let mut out = Parsed::default();
    reader.line(&text, &mut out);
    *bad_lines += out.bad_lines as u64;
    for (i, r) in out.requests.into_iter().enumerate() {
        rows.push(row(r, source, key, at, i));
    }
}

fn row(r: Request, source: Source, file: &str, at: u64, i: usize) -> CostRequestRow {
    let (key, scoped) = match r.key {
        Some(k) => {
            let scoped = source == Source::Codex;
            (k, scoped)
        }
        None => (format!("@{file}#{at}.{i}"), true),
    };
    CostRequestRow {
        key,
        scoped,
        day: r.day.map(|d| d.0),
        ts: r.ts,
        agent: source.label().to_string(),
        project: r.project,
        session: r.session,
        model: r.model,
        input: r.usage.input,
        cache_write_5m: r.usage.cache_write_5m,
        cache_write_1h: r.usage.cache_write_1h,
        cache_read: r.usage.cache_read,
        output: r.usage.output,
        reasoning: r.usage.reasoning_output,
    }
}
