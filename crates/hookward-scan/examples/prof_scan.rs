//! A loop to profile the default scan (rules + learned) under `perf`:
//! `prof_scan [CORPUS] [ROUNDS]` scans the benign dev-corpus texts ROUNDS times;
//! `prof_scan --big MB ROUNDS` scans a text of MB MiB made of `scripts/bench_hook.py`'s
//! test-output line. Prints the best round's throughput.
use hookward_scan::{ScanContext, Scanner, Source};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let texts: Vec<String> = if args.first().map(String::as_str) == Some("--big") {
        let mb: usize = args.get(1).and_then(|x| x.parse().ok()).unwrap_or(1);
        let line =
            "test result: ok. 12 passed; 0 failed; compiling hookward v0.1.0 (/home/dev/project)\n";
        let mut s = line.repeat((mb << 20) / line.len() + 1);
        s.truncate(mb << 20);
        vec![s]
    } else {
        let path = args
            .first()
            .cloned()
            .unwrap_or_else(|| "../shared/corpus/injection-dev.jsonl".into());
        std::fs::read_to_string(&path)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["label"] == "benign")
            .filter_map(|v| v["text"].as_str().map(String::from))
            .collect()
    };
    let rounds: usize = args.get(2).and_then(|x| x.parse().ok()).unwrap_or(5);
    let Ok(s) = Scanner::new() else { return };
    let _ = s.warm_up();
    let mb = texts.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    let ctx = ScanContext::new(Source::ToolOutput);
    let rules = ctx.clone().without_learned();
    let mut best = [f64::MAX; 3];
    for _ in 0..rounds {
        let t = Instant::now();
        for x in &texts {
            std::hint::black_box(s.scan(x, &ctx));
        }
        best[0] = best[0].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for x in &texts {
            std::hint::black_box(s.scan(x, &rules));
        }
        best[1] = best[1].min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for x in &texts {
            std::hint::black_box(s.score_learned(x, &ctx));
        }
        best[2] = best[2].min(t.elapsed().as_secs_f64());
    }
    println!(
        "{mb:.2} MB x {rounds} (best round): rules + learned {:.1} MB/s, rules {:.1} MB/s, normalise + learned {:.1} MB/s",
        mb / best[0],
        mb / best[1],
        mb / best[2]
    );
}
