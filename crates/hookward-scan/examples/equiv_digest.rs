//! A stable digest of everything the scanner reports for a set of texts, to show that a change
//! (e.g. a speed-up) leaves every finding, span, weight, score, verdict and learned window
//! bit-identical.
//!
//! `cargo run --release -p hookward-scan --example equiv_digest -- FILE.jsonl... [--per-text OUT]`
//!
//! Every line's `text` field is scanned as tool output, as a file and as an instruction file
//! (the sources weigh rules differently), and by [`Scanner::score_learned`]; the `Debug` form of
//! each result (full `f32` precision) is hashed with FNV-1a 64. Prints one digest per input file
//! and one over all of them; `--per-text OUT` writes one line per text (file, line, digest) so
//! two builds' outputs can be diffed to find a differing text.
//!
//! `--concat BYTES` adds, per file, texts made by joining consecutive texts (blank line between)
//! until each is at least BYTES long, so paths that only large texts take (e.g. the learned
//! stage on a second thread from 64 KiB) are compared too.
use hookward_scan::{ScanContext, Scanner, Source};
use std::io::{BufRead, Write};

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn fnv(mut h: u64, bytes: &[u8]) -> u64 {
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

fn main() {
    let mut files = Vec::new();
    let mut per_text: Option<std::fs::File> = None;
    let mut concat: usize = 0;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--concat" {
            concat = args.next().and_then(|x| x.parse().ok()).unwrap_or(0);
        } else if a == "--per-text" {
            let Some(p) = args.next() else {
                eprintln!("--per-text needs a path");
                std::process::exit(2);
            };
            per_text = std::fs::File::create(p).ok();
        } else {
            files.push(a);
        }
    }
    let scanner = match Scanner::new() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let sources = [
        Source::ToolOutput,
        Source::File {
            path: "README.md".into(),
        },
        Source::InstructionFile,
    ];
    let mut all = FNV_OFFSET;
    let (mut n_all, mut f_all, mut w_all) = (0usize, 0usize, 0usize);
    for path in &files {
        let Ok(file) = std::fs::File::open(path) else {
            eprintln!("cannot open {path}");
            std::process::exit(2);
        };
        let mut h = FNV_OFFSET;
        let (mut n, mut nf) = (0usize, 0usize);
        let mut texts: Vec<String> = std::io::BufReader::new(file)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(&l).ok())
            .filter_map(|v| v["text"].as_str().map(String::from))
            .collect();
        if concat > 0 {
            let mut joined = Vec::new();
            let mut cur = String::new();
            for t in &texts {
                cur.push_str(t);
                cur.push_str("\n\n");
                if cur.len() >= concat {
                    joined.push(std::mem::take(&mut cur));
                }
            }
            if !cur.is_empty() {
                joined.push(cur);
            }
            texts = joined;
        }
        for (lineno, text) in texts.iter().enumerate() {
            let mut th = FNV_OFFSET;
            for src in &sources {
                let r = scanner.scan(text, &ScanContext::new(src.clone()));
                nf += r.findings.len();
                w_all += r.learned.as_ref().map_or(0, |l| l.windows.len());
                th = fnv(th, format!("{r:?}").as_bytes());
            }
            let l = scanner.score_learned(text, &ScanContext::new(Source::MemoryWrite));
            th = fnv(th, format!("{l:?}").as_bytes());
            h = fnv(h, &th.to_le_bytes());
            n += 1;
            if let Some(out) = per_text.as_mut() {
                let _ = writeln!(out, "{path}\t{lineno}\t{th:016x}");
            }
        }
        println!("{h:016x}  {n} texts  {nf} findings  {path}");
        all = fnv(all, &h.to_le_bytes());
        n_all += n;
        f_all += nf;
    }
    println!("{all:016x}  ALL: {n_all} texts, {f_all} findings, {w_all} learned windows listed");
}
