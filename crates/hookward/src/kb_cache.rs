//! `hookward kb scan`'s streaming build over the scan cache (`hookward_store::kb`): every
//! file is stat'ed; one whose size, mtime and cache key match its row is not read — its
//! chunks, features and findings come from the store; any other is read, chunked, and only
//! its chunks whose text hash is not among its old rows are embedded and scanned. Then the
//! features are read back from the store one file at a time for the vectors
//! ([`hookward_kb::CorpusBuilder`]): no document's text and no feature map stays in memory.
//! Rows of files that were under a scanned folder and are gone are deleted.
//!
//! `--no-cache` runs the same build over a store in a fresh temporary folder, deleted after.

use hookward_kb::chunk::Chunk;
use hookward_kb::embed::{self, Features};
use hookward_kb::{ChunkFindings, Corpus, CorpusBuilder, Options};
use hookward_store::{KbChunkRow, KbChunks, KbFileRow, Store};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Files processed between two writes to the store (one transaction each).
const BATCH_FILES: usize = 256;

/// A file modified less than this long before it is read may be modified again within the
/// same mtime tick without changing its size: its row is stored with mtime 0, so the next
/// scan reads it again (the "racy" stat problem).
const RACY_NS: i64 = 2_000_000_000;

/// One file to scan.
pub struct Entry {
    /// Its path as given (what reports show).
    pub shown: String,
    /// Its absolute path (the cache's key).
    pub abs: PathBuf,
}

/// What the build did, for `--cache-stats`.
#[derive(Debug, Default, Clone, Copy)]
pub struct Stats {
    /// Files taken from the cache without reading them.
    pub cached_files: usize,
    /// Files read (new, changed, another key, damaged or redacted rows).
    pub read_files: usize,
    /// Chunks embedded and scanned.
    pub embedded_chunks: usize,
    /// Chunks of read files whose features came from their old rows (same text hash).
    pub reused_chunks: usize,
    /// Rows of files gone from the scanned folders deleted.
    pub dropped_files: usize,
    /// Cached files whose rows were damaged (read again).
    pub damaged_files: usize,
}

/// The store the build writes to, and the temporary folder it lives in with `--no-cache`.
pub struct CacheStore {
    /// The open store.
    pub store: Store,
    _tmp: Option<tempfile::TempDir>,
}

impl CacheStore {
    /// The user's store, or with `no_cache` a new one in a temporary folder.
    pub fn open(no_cache: bool) -> Result<CacheStore, String> {
        if no_cache {
            let tmp = tempfile::Builder::new()
                .prefix("hookward-kb-")
                .tempdir()
                .map_err(|e| format!("cannot make a temporary folder for the scan: {e}"))?;
            let store = Store::open(&tmp.path().join("kb.db")).map_err(|e| e.to_string())?;
            return Ok(CacheStore {
                store,
                _tmp: Some(tmp),
            });
        }
        let path = crate::util::home()?.join("state.db");
        let store = Store::open(&path).map_err(|e| e.to_string())?;
        Ok(CacheStore { store, _tmp: None })
    }
}

fn hex(h: blake3::Hash) -> String {
    h.to_hex().as_str().to_string()
}

fn mtime_ns(m: &std::fs::Metadata) -> i64 {
    m.modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

fn now_ns() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX))
}

/// One file's chunks as the builder takes them.
struct Parsed {
    chunks: Vec<Chunk>,
    features: Vec<Features>,
    flagged: Vec<(usize, ChunkFindings)>,
}

/// A cached file's rows as chunks, features and findings; `None` when a row does not decode.
fn from_rows(rows: &[KbChunkRow]) -> Option<Parsed> {
    let mut p = Parsed {
        chunks: Vec::with_capacity(rows.len()),
        features: Vec::with_capacity(rows.len()),
        flagged: Vec::new(),
    };
    for (n, r) in rows.iter().enumerate() {
        let span = (
            usize::try_from(r.span.0).ok()?,
            usize::try_from(r.span.1).ok()?,
        );
        if span.0 > span.1 {
            return None;
        }
        p.chunks.push(Chunk {
            doc: 0,
            index: r.idx as usize,
            span,
            line: usize::try_from(r.line).ok()?,
            heading: r.heading.clone(),
        });
        p.features.push(embed::decode_features(&r.features)?);
        if let Some(j) = &r.flagged {
            p.flagged.push((n, serde_json::from_str(j).ok()?));
        }
    }
    Some(p)
}

/// What a worker made of one file it read.
struct Read {
    row: KbFileRow,
    rows: Vec<KbChunkRow>,
    parsed: Parsed,
    embedded: usize,
    reused: usize,
}

/// Reads, chunks, embeds and scans one file; chunks whose text hash is in `old` take their
/// features (and, when that row is exact, findings) from it.
fn read_file(
    e: &Entry,
    key: &str,
    opts: &Options,
    scanner: &hookward_scan::Scanner,
    old: &HashMap<String, KbChunkRow>,
    started_ns: i64,
) -> Result<Read, String> {
    let meta = std::fs::metadata(&e.abs).map_err(|x| format!("cannot read {}: {x}", e.shown))?;
    let bytes = std::fs::read(&e.abs).map_err(|x| format!("cannot read {}: {x}", e.shown))?;
    let text = String::from_utf8_lossy(&bytes);
    let mtime = mtime_ns(&meta);
    let chunks = hookward_kb::chunk::chunk_document(0, &text, &opts.chunk);
    let mut rows = Vec::with_capacity(chunks.len());
    let mut features = Vec::with_capacity(chunks.len());
    let mut flagged = Vec::new();
    let (mut embedded, mut reused) = (0, 0);
    for (n, c) in chunks.iter().enumerate() {
        let t = &text[c.span.0..c.span.1];
        let h = hex(blake3::hash(t.as_bytes()));
        let again = old.get(&h).and_then(|r| {
            let f = embed::decode_features(&r.features)?;
            let found: Option<Option<ChunkFindings>> = if !r.exact {
                None
            } else {
                match &r.flagged {
                    None => Some(None),
                    Some(j) => serde_json::from_str(j).ok().map(Some),
                }
            };
            Some((f, found))
        });
        let (f, found) = match again {
            Some((f, Some(found))) => {
                reused += 1;
                (f, found)
            }
            Some((f, None)) => {
                reused += 1;
                (f, hookward_kb::scan_text(scanner, &e.shown, t))
            }
            None => {
                embedded += 1;
                (
                    embed::features_sorted(t),
                    hookward_kb::scan_text(scanner, &e.shown, t),
                )
            }
        };
        let json = match &found {
            Some(x) => Some(serde_json::to_string(x).map_err(|x| x.to_string())?),
            None => None,
        };
        rows.push(KbChunkRow {
            idx: u32::try_from(n).unwrap_or(u32::MAX),
            hash: h,
            line: c.line as u64,
            span: (c.span.0 as u64, c.span.1 as u64),
            heading: c.heading.clone(),
            features: embed::encode_features(&f),
            flagged: json,
            exact: true,
        });
        features.push(f);
        if let Some(x) = found {
            flagged.push((n, x));
        }
    }
    let row = KbFileRow {
        id: 0,
        path: e.abs.to_string_lossy().into_owned(),
        size: meta.len(),
        // A file changed this close to the scan may change again unseen: stat it as unknown.
        mtime_ns: if started_ns.saturating_sub(mtime) < RACY_NS {
            0
        } else {
            mtime
        },
        hash: hex(blake3::hash(&bytes)),
        key: key.to_string(),
        chunks: u32::try_from(chunks.len()).unwrap_or(u32::MAX),
    };
    Ok(Read {
        row,
        rows,
        parsed: Parsed {
            chunks,
            features,
            flagged,
        },
        embedded,
        reused,
    })
}

/// What to do with one file of a batch.
enum Plan {
    /// Its cached rows, already decoded.
    Hit(KbFileRow, Parsed),
    /// Read it; reuse these rows by chunk hash.
    Miss(HashMap<String, KbChunkRow>),
}

/// Builds the corpus of `entries` through the cache. `roots` are the scanned paths
/// (absolute): cached files under them that are not in `entries` are dropped. `tick(files)`
/// counts files done. The entries move into the corpus's reader (each file's absolute path,
/// its path as shown and its 32-byte content hash: what a later stage needs to read it again).
pub fn build(
    cache: &CacheStore,
    entries: Vec<Entry>,
    roots: &[PathBuf],
    opts: &Options,
    scanner: &hookward_scan::Scanner,
    tick: &(dyn Fn(usize) + Sync),
) -> Result<(Corpus, Stats), String> {
    let store = &cache.store;
    let key = hookward_kb::cache_key(opts);
    let started = now_ns();
    let cached = store.kb_files().map_err(|e| e.to_string())?;
    let mut stats = Stats::default();
    let mut builder = CorpusBuilder::new(opts);
    let mut files: Vec<KbFileRow> = Vec::with_capacity(entries.len());
    // The same `jobs` worker threads read every batch: a thread that is new to the injection
    // scanner makes each of its regexes build lazy automata and caches of its own, so new
    // threads per batch made the scanner's memory grow with the number of batches
    // (BENCHMARKS.md, "Memory that does not grow beyond the index").
    let jobs = opts.jobs.max(1);
    let (job_tx, job_rx) =
        std::sync::mpsc::channel::<(usize, usize, HashMap<String, KbChunkRow>)>();
    let job_rx = std::sync::Mutex::new(job_rx);
    let (res_tx, res_rx) = std::sync::mpsc::channel::<(usize, Result<Read, String>)>();
    let key = &key;
    let all = &entries;
    std::thread::scope(|s| -> Result<(), String> {
        for _ in 0..jobs {
            let res_tx = res_tx.clone();
            let job_rx = &job_rx;
            s.spawn(move || loop {
                let job = match job_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => break,
                };
                let Ok((i, at, old)) = job else { break };
                let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    read_file(&all[at], key, opts, scanner, &old, started)
                }))
                .unwrap_or_else(|_| Err("a scan worker failed".to_string()));
                tick(1);
                if res_tx.send((i, read)).is_err() {
                    break;
                }
            });
        }
        drop(res_tx);
        for (b, batch) in entries.chunks(BATCH_FILES).enumerate() {
            let mut plans = Vec::with_capacity(batch.len());
            for e in batch {
                let meta = std::fs::metadata(&e.abs)
                    .map_err(|x| format!("cannot read {}: {x}", e.shown))?;
                let row = cached
                    .get(e.abs.to_string_lossy().as_ref())
                    .filter(|r| r.key == *key);
                let plan = match row {
                    Some(r)
                        if r.size == meta.len()
                            && r.mtime_ns != 0
                            && r.mtime_ns == mtime_ns(&meta) =>
                    {
                        match store.kb_chunks(r).map_err(|x| x.to_string())? {
                            KbChunks::Intact(rows) => match from_rows(&rows) {
                                Some(p) => Plan::Hit(r.clone(), p),
                                None => {
                                    stats.damaged_files += 1;
                                    Plan::Miss(HashMap::new())
                                }
                            },
                            KbChunks::Redacted(rows) => {
                                Plan::Miss(rows.into_iter().map(|r| (r.hash.clone(), r)).collect())
                            }
                            KbChunks::Damaged => {
                                stats.damaged_files += 1;
                                Plan::Miss(HashMap::new())
                            }
                        }
                    }
                    Some(r) => match store.kb_chunks(r).map_err(|x| x.to_string())? {
                        KbChunks::Intact(rows) | KbChunks::Redacted(rows) => {
                            Plan::Miss(rows.into_iter().map(|r| (r.hash.clone(), r)).collect())
                        }
                        KbChunks::Damaged => {
                            stats.damaged_files += 1;
                            Plan::Miss(HashMap::new())
                        }
                    },
                    None => Plan::Miss(HashMap::new()),
                };
                plans.push(plan);
            }
            let mut sent = 0;
            for (i, plan) in plans.iter_mut().enumerate() {
                if let Plan::Miss(old) = plan {
                    job_tx
                        .send((i, b * BATCH_FILES + i, std::mem::take(old)))
                        .map_err(|_| "a scan worker failed".to_string())?;
                    sent += 1;
                }
            }
            let mut reads: HashMap<usize, Result<Read, String>> = HashMap::new();
            for _ in 0..sent {
                let (i, read) = res_rx
                    .recv()
                    .map_err(|_| "a scan worker failed".to_string())?;
                reads.insert(i, read);
            }
            let mut put: Vec<(KbFileRow, Vec<KbChunkRow>)> = Vec::new();
            let mut order: Vec<(usize, KbFileRow, Parsed)> = Vec::with_capacity(batch.len());
            for (i, plan) in plans.into_iter().enumerate() {
                match plan {
                    Plan::Hit(row, parsed) => {
                        stats.cached_files += 1;
                        tick(1);
                        order.push((i, row, parsed));
                    }
                    Plan::Miss(_) => {
                        let r = reads
                            .remove(&i)
                            .unwrap_or_else(|| Err("a file was not read".to_string()))?;
                        stats.read_files += 1;
                        stats.embedded_chunks += r.embedded;
                        stats.reused_chunks += r.reused;
                        order.push((i, r.row.clone(), r.parsed));
                        put.push((r.row, r.rows));
                    }
                }
            }
            store.kb_put(&put).map_err(|e| e.to_string())?;
            drop(put);
            for (i, row, p) in order {
                let refs: Vec<&[(u32, f32)]> = p.features.iter().map(Vec::as_slice).collect();
                builder.add_document(batch[i].shown.clone(), p.chunks, &refs, p.flagged);
                files.push(row);
            }
        }
        // The workers stop when the queue closes.
        drop(job_tx);
        Ok(())
    })?;
    // Files gone from the scanned folders.
    let here: std::collections::HashSet<String> = entries
        .iter()
        .map(|e| e.abs.to_string_lossy().into_owned())
        .collect();
    let gone: Vec<String> = cached
        .keys()
        .filter(|p| !here.contains(*p) && roots.iter().any(|r| Path::new(p).starts_with(r)))
        .cloned()
        .collect();
    drop(here);
    drop(cached);
    stats.dropped_files = store.kb_forget(&gone).map_err(|e| e.to_string())?;
    // Second pass: the features again, from the store, one file at a time.
    let fresh = store.kb_files().map_err(|e| e.to_string())?;
    let mut pass = builder.vectors();
    for f in &files {
        let row = fresh
            .get(&f.path)
            .filter(|r| r.hash == f.hash)
            .ok_or_else(|| {
                format!(
                    "the kb scan cache changed during the scan ({}); run it again",
                    f.path
                )
            })?;
        let rows = match store.kb_chunks(row).map_err(|e| e.to_string())? {
            KbChunks::Intact(rows) | KbChunks::Redacted(rows) => rows,
            KbChunks::Damaged => {
                return Err(format!(
                    "the kb scan cache changed during the scan ({}); run it again",
                    f.path
                ))
            }
        };
        for r in &rows {
            let feats = embed::decode_features(&r.features).ok_or_else(|| {
                format!(
                    "the kb scan cache changed during the scan ({}); run it again",
                    f.path
                )
            })?;
            pass.push(&feats);
        }
    }
    drop(fresh);
    let paths: Vec<(Entry, blake3::Hash)> = entries
        .into_iter()
        .zip(&files)
        .map(|(e, f)| {
            blake3::Hash::from_hex(&f.hash)
                .map(|h| (e, h))
                .map_err(|_| {
                    "the kb scan cache holds a damaged file hash; run it again".to_string()
                })
        })
        .collect::<Result<_, String>>()?;
    drop(files);
    let read = move |d: usize| -> Result<String, String> {
        let (Entry { abs, shown }, hash) = paths.get(d).ok_or("no such document")?;
        let bytes = std::fs::read(abs).map_err(|e| format!("cannot read {shown}: {e}"))?;
        if blake3::hash(&bytes) != *hash {
            return Err(format!("{shown} changed during the scan; run it again"));
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    };
    let corpus = pass
        .finish(Box::new(read))
        .ok_or("the kb scan cache changed during the scan; run it again")?;
    Ok((corpus, stats))
}
