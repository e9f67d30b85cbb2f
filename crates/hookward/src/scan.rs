//! `hookward scan`: the hook's injection scanner over files, folders, stdin or JSONL.

use crate::util::CliResult;
use clap::{Args, ValueEnum};
use hookward_scan::{ScanContext, ScanResult, Scanner, Source, Verdict};
use serde_json::json;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// File name endings scanned in folders.
const EXTENSIONS: &[&str] = &[
    "md", "mdx", "txt", "html", "htm", "json", "jsonl", "yaml", "yml", "toml", "rst", "eml",
];

/// Folders never descended into.
const SKIP_DIRS: &[&str] = &[
    ".git",
    "node_modules",
    "target",
    ".venv",
    "venv",
    "__pycache__",
    "dist",
    "build",
];

/// Above this many items a progress line is shown on a terminal.
const PROGRESS_MIN_ITEMS: usize = 50;

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// One line per flagged item, then findings indented.
    Text,
    /// One JSON document (JSON Lines with --jsonl).
    Json,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
}

#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum FailOn {
    /// Exit 1 when any item is suspicious or worse.
    Suspicious,
    /// Exit 1 when any item is an injection.
    Injection,
}

#[derive(Args)]
pub struct ScanArgs {
    /// Files or folders to scan (folders: .md .txt .html .json … recursively); `-` reads stdin.
    paths: Vec<PathBuf>,
    /// A JSON Lines file of objects with `id` and `text`; one result per line.
    #[arg(long, conflicts_with = "paths")]
    jsonl: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// Exit with code 1 when an item reaches this verdict.
    #[arg(long, value_enum)]
    fail_on: Option<FailOn>,
}

struct Item {
    id: String,
    text: String,
    source: Source,
}

fn source_for(path: &Path) -> Source {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let s = path.to_string_lossy();
    if name == "SKILL.md" || s.contains("/skills/") {
        Source::SkillFile
    } else if s.contains("/memory/") {
        Source::MemoryWrite
    } else if matches!(
        name,
        "CLAUDE.md" | "CLAUDE.local.md" | "AGENTS.md" | "GEMINI.md" | ".cursorrules"
    ) || s.contains("/.claude/rules/")
    {
        Source::InstructionFile
    } else {
        Source::File {
            path: s.to_string(),
        }
    }
}

fn collect(path: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let meta =
        std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if meta.is_file() {
        out.push(path.to_path_buf());
        return Ok(());
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
        .map_err(|e| format!("cannot list {}: {e}", path.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    for p in entries {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if p.is_dir() {
            if !SKIP_DIRS.contains(&name) {
                collect(&p, out)?;
            }
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e))
            || name == ".cursorrules"
        {
            out.push(p);
        }
    }
    Ok(())
}

fn items(args: &ScanArgs) -> Result<Vec<Item>, String> {
    let mut items = Vec::new();
    if let Some(file) = &args.jsonl {
        let text = std::fs::read_to_string(file)
            .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: serde_json::Value = serde_json::from_str(line).map_err(|e| {
                format!(
                    "{}:{}: not JSON ({e}); expected an object with \"id\" and \"text\"",
                    file.display(),
                    n + 1
                )
            })?;
            let text = v.get("text").and_then(|t| t.as_str()).ok_or_else(|| {
                format!(
                    "{}:{}: field \"text\" missing or not a string",
                    file.display(),
                    n + 1
                )
            })?;
            let id = match v.get("id") {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(other) => other.to_string(),
                None => format!("line {}", n + 1),
            };
            items.push(Item {
                id,
                text: text.to_string(),
                source: Source::File {
                    path: file.display().to_string(),
                },
            });
        }
        return Ok(items);
    }
    if args.paths.is_empty() {
        return Err("give files or folders to scan, `-` for stdin, or --jsonl FILE".into());
    }
    for p in &args.paths {
        if p.as_os_str() == "-" {
            let mut buf = Vec::new();
            std::io::stdin()
                .read_to_end(&mut buf)
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            items.push(Item {
                id: "-".into(),
                text: String::from_utf8_lossy(&buf).into_owned(),
                source: Source::ToolOutput,
            });
            continue;
        }
        let mut files = Vec::new();
        collect(p, &mut files)?;
        for f in files {
            let bytes =
                std::fs::read(&f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            items.push(Item {
                id: f.display().to_string(),
                text: String::from_utf8_lossy(&bytes).into_owned(),
                source: source_for(&f),
            });
        }
    }
    Ok(items)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let col = before
        .rfind('\n')
        .map(|i| before.len() - i)
        .unwrap_or(before.len() + 1);
    (line, col)
}

fn sarif(results: &[(Item, ScanResult)]) -> serde_json::Value {
    let mut rules = std::collections::BTreeMap::new();
    let mut out = Vec::new();
    for (item, r) in results {
        for f in &r.findings {
            rules
                .entry(f.rule_id.clone())
                .or_insert_with(|| f.family.as_str().to_string());
            let (sl, sc) = line_col(&item.text, f.span.0);
            let (el, ec) = line_col(&item.text, f.span.1);
            out.push(json!({
                "ruleId": f.rule_id,
                "level": if r.verdict == Verdict::Injection { "error" } else { "warning" },
                "message": {"text": format!("{} ({}): {}", f.family.as_str(), r.verdict.as_str(), f.evidence)},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": item.id},
                    "region": {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec,
                               "byteOffset": f.span.0, "byteLength": f.span.1 - f.span.0}
                }}],
                "properties": {"score": r.score, "severity": f.severity.as_str(), "finding": f.id},
            }));
        }
    }
    let rules: Vec<_> = rules
        .into_iter()
        .map(|(id, family)| json!({"id": id, "shortDescription": {"text": format!("planted instruction: {family}")}}))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "hookward", "version": env!("CARGO_PKG_VERSION"), "rules": rules}}, "results": out}]
    })
}

pub fn run(args: ScanArgs) -> CliResult {
    let items = items(&args)?;
    let scanner = Scanner::new().map_err(|e| e.to_string())?;
    let progress = items.len() >= PROGRESS_MIN_ITEMS && std::io::stderr().is_terminal();
    let total = items.len();
    let mut results = Vec::with_capacity(total);
    for (n, item) in items.into_iter().enumerate() {
        let r = scanner.scan(&item.text, &ScanContext::new(item.source.clone()));
        results.push((item, r));
        if progress && (n % 25 == 0 || n + 1 == total) {
            eprint!("\rscanned {}/{total}", n + 1);
        }
    }
    if progress {
        eprintln!();
    }
    let mut stdout = std::io::stdout().lock();
    let io = |e: std::io::Error| e.to_string();
    match (args.format, args.jsonl.is_some()) {
        (Format::Sarif, _) => writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&sarif(&results)).map_err(|e| e.to_string())?
        )
        .map_err(io)?,
        (Format::Json, true) => {
            for (item, r) in &results {
                let line = json!({"id": item.id, "verdict": r.verdict, "score": r.score, "findings": r.findings, "capped": r.capped});
                writeln!(stdout, "{line}").map_err(io)?;
            }
        }
        (Format::Json, false) => {
            let all: Vec<_> = results
                .iter()
                .map(|(item, r)| json!({"id": item.id, "verdict": r.verdict, "score": r.score, "findings": r.findings, "capped": r.capped}))
                .collect();
            writeln!(
                stdout,
                "{}",
                serde_json::to_string_pretty(&all).map_err(|e| e.to_string())?
            )
            .map_err(io)?;
        }
        (Format::Text, _) => {
            let mut flagged = 0;
            for (item, r) in &results {
                if r.verdict == Verdict::Clean {
                    continue;
                }
                flagged += 1;
                writeln!(
                    stdout,
                    "{}: {} (score {:.2}){}",
                    item.id,
                    r.verdict.as_str(),
                    r.score,
                    if r.capped { " [capped]" } else { "" }
                )
                .map_err(io)?;
                for f in &r.findings {
                    let (line, col) = line_col(&item.text, f.span.0);
                    writeln!(
                        stdout,
                        "  {} {}:{} [{}] {}: {:?}",
                        f.id,
                        line,
                        col,
                        f.rule_id,
                        f.family.as_str(),
                        f.evidence
                    )
                    .map_err(io)?;
                }
            }
            writeln!(
                stdout,
                "scanned {total} item(s): {flagged} flagged, {} clean",
                total - flagged
            )
            .map_err(io)?;
        }
    }
    let threshold = match args.fail_on {
        Some(FailOn::Suspicious) => Some(Verdict::Suspicious),
        Some(FailOn::Injection) => Some(Verdict::Injection),
        None => None,
    };
    let failed = threshold.is_some_and(|t| results.iter().any(|(_, r)| r.verdict >= t));
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
