//! Where the scan's time goes: normalisation, rules, learned stage, on the benign dev corpus.
//! `cargo run --release -p hookward-scan --example stage_cost [CORPUS]`
use hookward_scan::{ScanContext, Scanner, Source};
use std::time::Instant;
fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/corpus/injection-dev.jsonl".into());
    let texts: Vec<String> = std::fs::read_to_string(&path)
        .expect("corpus")
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["label"] == "benign")
        .filter_map(|v| v["text"].as_str().map(String::from))
        .collect();
    let mb = texts.iter().map(String::len).sum::<usize>() as f64 / 1e6;
    let s = Scanner::new().unwrap();
    s.warm_up().unwrap();
    let t = Instant::now();
    for x in &texts {
        std::hint::black_box(hookward_scan::normalized(x));
    }
    let tn = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for x in &texts {
        std::hint::black_box(s.scan(x, &ScanContext::new(Source::ToolOutput).without_learned()));
    }
    let tr = t.elapsed().as_secs_f64();
    let t = Instant::now();
    for x in &texts {
        std::hint::black_box(s.scan(x, &ScanContext::new(Source::ToolOutput)));
    }
    let ta = t.elapsed().as_secs_f64();
    let m = hookward_model::Model::shipped();
    let norm: Vec<String> = texts.iter().map(|x| hookward_scan::normalized(x)).collect();
    let t = Instant::now();
    for x in &norm {
        std::hint::black_box(m.windows(x, "tool_output"));
    }
    let tm = t.elapsed().as_secs_f64();
    println!("{mb:.2} MB: normalise {:.1} MB/s, rules (incl. normalise) {:.1} MB/s, rules + learned {:.1} MB/s, model windows alone {:.1} MB/s", mb/tn, mb/tr, mb/ta, mb/tm);
}
