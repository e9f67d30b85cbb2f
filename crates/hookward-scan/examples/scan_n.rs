//! One text scanned N times in one process, as a web page with the learned stage, for
//! instruction counts: `scan_n FILE N`. Under callgrind, N = 1 is what a hook process pays
//! (`Scanner::new`, the automata its text wakes, the scan); N = 2 minus N = 1 is what a warm
//! server pays for the same text (everything built already).
use hookward_scan::{ScanContext, Scanner, Source};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("FILE");
    let n: usize = args.next().and_then(|x| x.parse().ok()).unwrap_or(1);
    let text = std::fs::read_to_string(path).expect("readable file");
    let Ok(s) = Scanner::new() else {
        eprintln!("the scanner does not build");
        std::process::exit(2);
    };
    for _ in 0..n {
        let r = s.scan(&text, &ScanContext::new(Source::WebPage));
        println!(
            "{} bytes: {:?} {} findings, learned {:?}",
            text.len(),
            r.verdict,
            r.findings.len(),
            r.learned.map(|l| l.score)
        );
    }
}
