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
    let opts = Options {
        jobs,
        ..Options::default()
    };
    let t0 = Instant::now();
    let corpus = Corpus::build(docs, &opts);
    let t_embed = t0.elapsed();
    let scanner = hookward_scan::Scanner::new().expect("scanner");
    let t1 = Instant::now();
    let report = hookward_kb::scan(&corpus, &scanner, &opts, &|_, _| {});
    let t_scan = t1.elapsed();
    println!(
        "{} chunks from {} sentences: embed {:.1} s, kNN + clusters + injection scan {:.1} s, total {:.1} s; {} clusters, {} flagged, tau {:.3}",
        report.chunks,
        sentences.len(),
        t_embed.as_secs_f64(),
        t_scan.as_secs_f64(),
        (t_embed + t_scan).as_secs_f64(),
        report.clusters.len(),
        report.flagged.len(),
        report.threshold.tau
    );
}
