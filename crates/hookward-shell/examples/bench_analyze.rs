//! Times `hookward_shell::analyze` per call, in microseconds (p50/p99/max):
//!
//! 1. over every command of `tests/corpus/benign-commands.jsonl` (each analysed 20 times);
//! 2. over a 2 KB `&&` chain of 16 pipelines (analysed 500 times).
//!
//! Run with `cargo run --release -p hookward-shell --example bench_analyze`. Target: p99 at
//! most 200 µs in release for both.

mod support;

use std::time::Instant;

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted.get(idx).copied().unwrap_or(0.0)
}

fn report(label: &str, mut samples: Vec<f64>) {
    samples.sort_by(|a, b| a.total_cmp(b));
    println!(
        "{label:<34} n={:<6} p50={:>8.1} µs  p99={:>8.1} µs  max={:>8.1} µs",
        samples.len(),
        percentile(&samples, 0.50),
        percentile(&samples, 0.99),
        samples.last().copied().unwrap_or(0.0)
    );
}

fn time(command: &str, ctx: &hookward_shell::ShellContext) -> f64 {
    let t = Instant::now();
    let facts = hookward_shell::analyze(command, ctx);
    let us = t.elapsed().as_secs_f64() * 1e6;
    std::hint::black_box(facts);
    us
}

fn main() {
    let ctx = support::ctx();
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus/benign-commands.jsonl");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let commands: Vec<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| {
            v.get("command")
                .and_then(|c| c.as_str())
                .map(str::to_string)
        })
        .collect();

    // Warm-up (first-touch allocations, page faults).
    for c in &commands {
        time(c, &ctx);
    }
    let mut samples = Vec::new();
    for _ in 0..20 {
        for c in &commands {
            samples.push(time(c, &ctx));
        }
    }
    report(
        &format!("benign corpus ({} commands)", commands.len()),
        samples,
    );

    let chain = support::chain();
    for _ in 0..20 {
        time(&chain, &ctx);
    }
    let samples: Vec<f64> = (0..500).map(|_| time(&chain, &ctx)).collect();
    report(
        &format!("&& chain of 16 pipelines ({} B)", chain.len()),
        samples,
    );
}
