//! Scan a JSONL file of `{"id", "text"[, "source"]}` objects and print one JSON result per line:
//! `{"id", "verdict", "score", "findings"}` (the shape issue 4 asks of `hookward scan --jsonl`).
//!
//! Run: `cargo run --release -p hookward-scan --example scan_jsonl -- FILE.jsonl [--flagged]`
//!
//! `source` is optional (`tool_output` by default; `web_page`, `file`, `email`, `mcp_result`,
//! `user_prompt`, `memory_write`, `instruction_file`, `skill_file`). With `--flagged`, only
//! results whose verdict is not `clean` are printed. A summary goes to stderr.

use std::io::{BufRead, Write};

use hookward_scan::{ScanContext, Scanner, Source};

fn source_named(name: &str) -> Source {
    match name {
        "web_page" => Source::WebPage,
        "file" => Source::File {
            path: String::new(),
        },
        "email" => Source::Email,
        "mcp_result" => Source::McpResult,
        "user_prompt" => Source::UserPrompt,
        "memory_write" => Source::MemoryWrite,
        "instruction_file" => Source::InstructionFile,
        "skill_file" => Source::SkillFile,
        _ => Source::ToolOutput,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: scan_jsonl FILE.jsonl [--flagged]");
        std::process::exit(2);
    };
    let only_flagged = args.any(|a| a == "--flagged");
    let file = match std::fs::File::open(&path) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("cannot open {path}: {e}");
            std::process::exit(2);
        }
    };
    let scanner = match Scanner::new() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut n, mut flagged) = (0usize, 0usize);
    for (lineno, line) in std::io::BufReader::new(file).lines().enumerate() {
        let Ok(line) = line else { continue };
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                eprintln!("{path}:{}: not a JSON object ({e}); skipped", lineno + 1);
                continue;
            }
        };
        let Some(text) = v.get("text").and_then(|t| t.as_str()) else {
            eprintln!(
                "{path}:{}: field `text` (string) missing; skipped",
                lineno + 1
            );
            continue;
        };
        let source = source_named(v.get("source").and_then(|s| s.as_str()).unwrap_or(""));
        let r = scanner.scan(text, &ScanContext::new(source));
        n += 1;
        flagged += usize::from(r.is_flagged());
        if only_flagged && !r.is_flagged() {
            continue;
        }
        let line = serde_json::json!({
            "id": v.get("id").cloned().unwrap_or(serde_json::Value::Null),
            "verdict": r.verdict,
            "score": r.score,
            "findings": r.findings,
        });
        if writeln!(out, "{line}").is_err() {
            break;
        }
    }
    eprintln!("{n} texts, {flagged} flagged");
}
