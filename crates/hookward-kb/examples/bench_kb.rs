//! Throughput of the knowledge-base scan at scale (issue 20: 100,000 chunks in ≤ 60 s on 2
//! cores). Builds N one-chunk documents of 4–7 sentences drawn at random from the sentences
//! of the `.md`/`.rst` files under DIR (real docs text, e.g. the benchmark built by
//! `scripts/kb/build_bench.py`), then times embedding, kNN + clusters, and the injection scan.
//!
//!     cargo run --release -p hookward-kb --example bench_kb -- DIR 100000 2
//!
//! `MEMLOG=1`: a line on stderr per structure the scan makes (`hookward_kb::scan_accounted`:
//! its bytes and bytes a chunk) with the process's resident and peak resident memory at that
//! point (`VmRSS`, `VmHWM` of `/proc/self/status`), and the same marks between the streaming
//! build's stages: where the peak is reached and what is alive then. `SKIP_SCAN=1` (with
//! `STREAM`) leaves the injection scan out; `THREAD_PER_BLOCK=1` starts new worker threads for
//! every block of 256 documents (the CLI's behaviour before the memory cut) instead of keeping
//! `jobs` threads for the whole first pass.

use hookward_kb::{Corpus, Document, Options};
use std::time::Instant;

fn walk(dir: &std::path::Path, out: &mut Vec<String>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|x| x == "md" || x == "rst") {
            if let Ok(t) = std::fs::read_to_string(&p) {
                out.push(t);
            }
        }
    }
}

/// `(VmRSS, VmHWM)` of this process in kB (0 where `/proc` is not there).
fn rss_kb() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// One `MEMLOG` line: a structure's bytes (per chunk of `chunks`) and the resident memory now.
fn memlog(name: &str, bytes: usize, chunks: usize) {
    if std::env::var_os("MEMLOG").is_none() {
        return;
    }
    let (rss, hwm) = rss_kb();
    eprintln!(
        "mem {name:<36} {:>9.1} MB {:>7.1} B/chunk | rss {:>6.1} MB, peak {:>6.1} MB",
        bytes as f64 / 1e6,
        bytes as f64 / chunks.max(1) as f64,
        rss as f64 / 1e3,
        hwm as f64 / 1e3
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let dir = args.get(1).map(String::as_str).unwrap_or(".");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let jobs: usize = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(2);
    let mut texts = Vec::new();
    walk(std::path::Path::new(dir), &mut texts);
    let sentences: Vec<&str> = texts
        .iter()
        .flat_map(|t| t.split(". "))
        .map(str::trim)
        .filter(|s| s.len() > 30 && s.len() < 300)
        .collect();
    assert!(!sentences.is_empty(), "no sentences under {dir}");
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut make = |i: usize| {
        let k = 4 + (next() % 4) as usize;
        let body: Vec<&str> = (0..k)
            .map(|_| sentences[(next() % sentences.len() as u64) as usize])
            .collect();
        Document::new(format!("d{i}.md"), body.join(". "))
    };
    // STREAM=DIR: the streaming build `hookward kb scan` uses (`CorpusBuilder`): each
    // document is written to DIR as it is made, chunked, embedded and scanned, its features
    // appended to DIR/features.bin and dropped; then read back for the vectors; texts are read
    // again from DIR when a stage needs them. Nothing holds every document at once.
    if let Some(dir) = std::env::var_os("STREAM") {
        stream(std::path::Path::new(&dir), n, jobs, &mut make);
        return;
    }
    let docs: Vec<Document> = (0..n).map(&mut make).collect();
    // EXACT=1 forces the exact neighbour search whatever the size (for comparison).
    let exact_limit = if std::env::var_os("EXACT").is_some() {
        usize::MAX
    } else {
        hookward_kb::knn::EXACT_LIMIT
    };
    let opts = Options {
        jobs,
        exact_limit,
        ..Options::default()
    };
    let t0 = Instant::now();
    let corpus = Corpus::build(docs, &opts);
    let t_embed = t0.elapsed();
    let scanner = hookward_scan::Scanner::new().expect("scanner");
    let t1 = Instant::now();
    let first_scan = std::sync::Mutex::new(None::<std::time::Duration>);
    let last_knn = std::sync::Mutex::new(std::time::Duration::ZERO);
    let chunks = corpus.chunk_count();
    let account = |name: &str, bytes: usize| memlog(name, bytes, chunks);
    let progress = |stage: hookward_kb::Stage, _: usize| match stage {
        hookward_kb::Stage::Injection => {
            if let Ok(mut f) = first_scan.lock() {
                f.get_or_insert_with(|| t1.elapsed());
            }
        }
        _ => {
            if let Ok(mut l) = last_knn.lock() {
                *l = t1.elapsed();
            }
        }
    };
    let report = hookward_kb::scan_accounted(&corpus, &scanner, &opts, &progress, &account);
    let t_scan = t1.elapsed();
    let t_clusters = first_scan.lock().ok().and_then(|f| *f).unwrap_or(t_scan);
    let t_knn = last_knn.lock().map(|l| *l).unwrap_or_default();
    println!(
        "{} chunks from {} sentences ({:?} search): embed {:.1} s, kNN {:.1} s, clusters {:.1} s, injection scan {:.1} s, total {:.1} s; {} clusters, {} flagged, tau {:.3}",
        report.chunks,
        sentences.len(),
        hookward_kb::knn::Search::for_size(report.chunks, opts.exact_limit),
        t_embed.as_secs_f64(),
        t_knn.as_secs_f64(),
        (t_clusters - t_knn).as_secs_f64(),
        (t_scan - t_clusters).as_secs_f64(),
        (t_embed + t_scan).as_secs_f64(),
        report.clusters.len(),
        report.flagged.len(),
        report.threshold.tau
    );
    println!(
        "index {:.1} MB ({:.0} bytes/chunk)",
        corpus.index_bytes() as f64 / 1e6,
        corpus.index_bytes() as f64 / report.chunks.max(1) as f64
    );
}

/// One document's chunks, their features and the injection scanner's findings.
type Parsed = (
    Vec<hookward_kb::chunk::Chunk>,
    Vec<hookward_kb::embed::Features>,
    Vec<(usize, hookward_kb::ChunkFindings)>,
);

/// The streaming build (see `STREAM` in `main`), timed by stage; prints the index's bytes.
fn stream(dir: &std::path::Path, n: usize, jobs: usize, make: &mut dyn FnMut(usize) -> Document) {
    use hookward_kb::embed;
    use std::io::{Read, Write};
    let opts = Options {
        jobs,
        ..Options::default()
    };
    std::fs::create_dir_all(dir).expect("STREAM folder");
    // SKIP_SCAN=1: no injection scan (a study of memory without the scanner's lazily built
    // regex automata and their caches, which grow with how varied the scanned text is).
    let skip_scan = std::env::var_os("SKIP_SCAN").is_some();
    let scanner = hookward_scan::Scanner::new().expect("scanner");
    let t0 = Instant::now();
    let feat_path = dir.join("features.bin");
    let mut out = std::io::BufWriter::new(std::fs::File::create(&feat_path).expect("features"));
    let mut b = hookward_kb::CorpusBuilder::new(&opts);
    let mut paths = Vec::with_capacity(n);
    // Documents in blocks of 256, each block's chunking, features and injection scan on
    // `jobs` threads (as the CLI does per batch of files).
    let work = |d: &Document| {
        let chunks = hookward_kb::chunk::chunk_document(0, &d.text, &opts.chunk);
        let feats: Vec<_> = chunks
            .iter()
            .map(|c| embed::features_sorted(&d.text[c.span.0..c.span.1]))
            .collect();
        let flagged: Vec<_> = chunks
            .iter()
            .enumerate()
            .filter(|_| !skip_scan)
            .filter_map(|(k, c)| {
                hookward_kb::scan_text(&scanner, &d.path, &d.text[c.span.0..c.span.1])
                    .map(|f| (k, f))
            })
            .collect();
        (chunks, feats, flagged)
    };
    // The same `jobs` worker threads for every block, as `hookward kb scan` does.
    // THREAD_PER_BLOCK=1: new threads for each block instead (a study: each thread new to the
    // injection scanner makes its regexes build lazy automata and caches of their own, so the
    // scanner's memory grows with the number of blocks; BENCHMARKS.md).
    let pool = std::env::var_os("THREAD_PER_BLOCK").is_none();
    std::thread::scope(|s| {
        let work = &work;
        let (res_tx, res_rx) = std::sync::mpsc::channel::<(usize, Vec<(Document, Parsed)>)>();
        let mut txs = Vec::new();
        if pool {
            for _ in 0..jobs.max(1) {
                let (tx, rx) = std::sync::mpsc::channel::<(usize, Vec<Document>)>();
                txs.push(tx);
                let res_tx = res_tx.clone();
                s.spawn(move || {
                    for (k, part) in rx {
                        let out = part
                            .into_iter()
                            .map(|d| {
                                let p = work(&d);
                                (d, p)
                            })
                            .collect();
                        if res_tx.send((k, out)).is_err() {
                            break;
                        }
                    }
                });
            }
        }
        let mut i = 0;
        while i < n {
            let mut block: Vec<Document> = (i..(i + 256).min(n)).map(&mut *make).collect();
            i += block.len();
            let per = block.len().div_ceil(jobs.max(1)).max(1);
            let done: Vec<(Document, Parsed)> = if pool {
                let mut parts = Vec::new();
                while !block.is_empty() {
                    let rest = block.split_off(per.min(block.len()));
                    parts.push(std::mem::replace(&mut block, rest));
                }
                let count = parts.len();
                for (k, p) in parts.into_iter().enumerate() {
                    txs[k].send((k, p)).expect("worker");
                }
                let mut got: Vec<(usize, Vec<(Document, Parsed)>)> =
                    (0..count).map(|_| res_rx.recv().expect("worker")).collect();
                got.sort_by_key(|(k, _)| *k);
                got.into_iter().flat_map(|(_, v)| v).collect()
            } else {
                let parts: Vec<Vec<Parsed>> = std::thread::scope(|s2| {
                    let hs: Vec<_> = block
                        .chunks(per)
                        .map(|part| s2.spawn(move || part.iter().map(work).collect::<Vec<_>>()))
                        .collect();
                    hs.into_iter().map(|h| h.join().expect("worker")).collect()
                });
                block.into_iter().zip(parts.into_iter().flatten()).collect()
            };
            for (d, (chunks, feats, flagged)) in done {
                let file = dir.join(&d.path);
                std::fs::write(&file, &d.text).expect("write document");
                for f in &feats {
                    out.write_all(&embed::encode_features(f)).expect("features");
                }
                let refs: Vec<&[(u32, f32)]> = feats.iter().map(Vec::as_slice).collect();
                b.add_document(d.path.clone(), chunks, &refs, flagged);
                paths.push(file);
            }
        }
        drop(txs);
    });
    out.flush().expect("features");
    drop(out);
    let t_pass1 = t0.elapsed();
    memlog("first pass done:", 0, b.chunks());
    let mut pass = b.vectors();
    let mut input = std::io::BufReader::new(std::fs::File::open(&feat_path).expect("features"));
    let mut head = [0u8; 4];
    let mut buf = Vec::new();
    while input.read_exact(&mut head).is_ok() {
        let m = u32::from_le_bytes(head) as usize;
        buf.clear();
        buf.extend_from_slice(&head);
        buf.resize(4 + 8 * m, 0);
        input.read_exact(&mut buf[4..]).expect("features");
        pass.push(&embed::decode_features(&buf).expect("features decode"));
    }
    let corpus = pass
        .finish(Box::new(move |d| {
            std::fs::read_to_string(&paths[d]).map_err(|e| e.to_string())
        }))
        .expect("one vector per chunk");
    let t_embed = t0.elapsed();
    let chunks = corpus.chunk_count();
    memlog("vectors + index built:", 0, chunks);
    let t1 = Instant::now();
    let last_knn = std::sync::Mutex::new(std::time::Duration::ZERO);
    let account = |name: &str, bytes: usize| memlog(name, bytes, chunks);
    let progress = |_: hookward_kb::Stage, _: usize| {
        if let Ok(mut l) = last_knn.lock() {
            *l = t1.elapsed();
        }
    };
    let report = hookward_kb::scan_accounted(&corpus, &scanner, &opts, &progress, &account);
    let t_scan = t1.elapsed();
    let t_knn = last_knn.lock().map(|l| *l).unwrap_or_default();
    println!(
        "streaming: {} chunks: read + chunk + features + injection scan {:.1} s, vectors + index {:.1} s, kNN {:.1} s, clusters {:.1} s, total {:.1} s; index {:.1} MB ({:.0} bytes/chunk); {} clusters, {} flagged, tau {:.3}",
        report.chunks,
        t_pass1.as_secs_f64(),
        (t_embed - t_pass1).as_secs_f64(),
        t_knn.as_secs_f64(),
        (t_scan - t_knn).as_secs_f64(),
        (t_embed + t_scan).as_secs_f64(),
        corpus.index_bytes() as f64 / 1e6,
        corpus.index_bytes() as f64 / report.chunks.max(1) as f64,
        report.clusters.len(),
        report.flagged.len(),
        report.threshold.tau
    );
    if let Some(e) = corpus.text_error() {
        eprintln!("read error: {e}");
    }
}
