//! The first scan of one text in a fresh process, as the hook pays it: `Scanner::new`, the
//! regexes the text wakes, the learned stage. `cargo run --release -p hookward-scan --example cold_scan FILE`
use hookward_scan::{ScanContext, Scanner, Source};
use std::time::Instant;
fn main() {
    let path = std::env::args().nth(1).expect("FILE");
    let text = std::fs::read_to_string(path).expect("readable file");
    let t = Instant::now();
    let s = Scanner::new().unwrap();
    let new = t.elapsed();
    let t = Instant::now();
    let r = s.scan(
        &text,
        &ScanContext::new(Source::ToolOutput).without_learned(),
    );
    let rules = t.elapsed();
    let t = Instant::now();
    let r2 = s.scan(
        &text,
        &ScanContext::new(Source::ToolOutput).without_learned(),
    );
    let rules_warm = t.elapsed();
    let t = Instant::now();
    let l = s.scan(&text, &ScanContext::new(Source::ToolOutput));
    let all = t.elapsed();
    println!("{} bytes: new {new:?}, first rules scan {rules:?}, second {rules_warm:?}, rules+learned (warm) {all:?}; verdict {:?}/{:?}, learned {:?}",
        text.len(), r.verdict, r2.verdict, l.learned.map(|x| x.score));
}
