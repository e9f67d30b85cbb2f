//! Throughput of the knowledge-base scan at scale (issue 20: 100,000 chunks in ≤ 60 s on 2
//! cores). Builds N one-chunk documents of 4–7 sentences drawn at random from the sentences
//! of the `.md`/`.rst` files under DIR (real docs text, e.g. the benchmark built by
//! `scripts/kb/build_bench.py`), then times embedding, kNN + clusters, and the injection scan.
//!
//!     cargo run --release -p hookward-kb --example bench_kb -- DIR 100000 2

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
    let docs: Vec<Document> = (0..n)
        .map(|i| {
            let k = 4 + (next() % 4) as usize;
            let body: Vec<&str> = (0..k)
                .map(|_| sentences[(next() % sentences.len() as u64) as usize])
                .collect();
            Document::new(format!("d{i}.md"), body.join(". "))
        })
        .collect();
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
    let report = hookward_kb::scan(&corpus, &scanner, &opts, &|stage, _| match stage {
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
    });
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
}
