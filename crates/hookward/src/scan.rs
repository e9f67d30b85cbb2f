//! `hookward scan`: the hook's injection scanner over files, folders, stdin or JSONL.

use crate::util::CliResult;
use clap::{Args, ValueEnum};
use hookward_scan::{
    ScanContext, ScanResult, Scanner, Source, Verdict, LEARNED_ASK_DEFAULT, LEARNED_DENY_DEFAULT,
};
use serde_json::json;
use std::io::{IsTerminal, Read, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// File name endings scanned in folders.
const EXTENSIONS: &[&str] = &[
    "md", "mdx", "txt", "html", "htm", "json", "jsonl", "yaml", "yml", "toml", "rst", "eml",
];

/// Folders never descended into.
pub(crate) const SKIP_DIRS: &[&str] = &[
    ".git",
    "node_modules",
    "target",
    ".venv",
    "venv",
    "__pycache__",
    "dist",
    "build",
];

/// From this many items a progress bar is shown on a terminal (below it a run is too short
/// to need one).
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
    /// Exit 1 when any item is flagged: the rules' verdict is suspicious or worse, or the learned
    /// score reaches the threshold.
    Suspicious,
    /// Exit 1 when any item is an injection: the rules' verdict is injection, or the learned score
    /// reaches 0.85 (or the --threshold when it is higher). The default.
    Injection,
    /// Exit 0 whatever is found (a report only); `none` is accepted too, as in `kb scan`.
    #[value(alias = "none")]
    Never,
}

/// The SARIF `ruleId` of a window the learned stage scored at or above the threshold.
const LEARNED_RULE_ID: &str = "learned/window";

/// Parses `--threshold`: a number with 0 < T ≤ 1.
fn parse_threshold(s: &str) -> Result<f32, String> {
    let t: f32 = s.trim().parse().map_err(|_| {
        format!("`{s}` is not a number; give a learned score with 0 < T ≤ 1, e.g. 0.7")
    })?;
    if t > 0.0 && t <= 1.0 {
        Ok(t)
    } else {
        Err(format!(
            "{s} is out of range; the threshold is a learned score with 0 < T ≤ 1 (default {LEARNED_ASK_DEFAULT})"
        ))
    }
}

/// Scan options.
///
/// An item is flagged when the rules' verdict is not clean OR the learned stage's score reaches
/// the threshold (`--threshold`, default 0.7). `--fail-on suspicious` exits 1 on any flagged item;
/// `--fail-on injection` on a rules verdict of injection OR a learned score ≥ 0.85 (or ≥ the
/// threshold when it is higher).
#[derive(Args)]
#[command(
    after_help = "An item is flagged when the rules' verdict is not clean or the learned \
score reaches the threshold (--threshold, default 0.7). --fail-on suspicious exits 1 on any \
flagged item; --fail-on injection exits 1 when the rules' verdict is injection or the learned \
score is at least 0.85 (or the threshold, when that is higher); the default is --fail-on \
injection. A --jsonl line that is not a JSON object with a string \"text\" is reported on stderr \
with its line number and skipped (exit 2 when every line was bad)."
)]
pub struct ScanArgs {
    /// Files or folders to scan (folders: .md .txt .html .json … recursively); `-` reads stdin.
    paths: Vec<PathBuf>,
    /// A JSON Lines file of objects with `id` and `text`; one result per line.
    #[arg(long, conflicts_with = "paths")]
    jsonl: Option<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The same as `--format json` (the flag every other command uses).
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Exit with code 1 when an item reaches this verdict (rules' verdict or learned score, see
    /// below); `never` always exits 0.
    #[arg(long, value_enum, default_value_t = FailOn::Injection)]
    fail_on: FailOn,
    /// Per flagged item, list every rule finding (rule id, family, span, weight, evidence) and
    /// every learned window at or above the threshold (span, score, evidence, features).
    #[arg(long)]
    explain: bool,
    /// Learned score (0 < T ≤ 1) at or above which an item counts as flagged [default: 0.7].
    #[arg(long, value_name = "T", value_parser = parse_threshold)]
    threshold: Option<f32>,
}

/// The thresholds of one run.
#[derive(Clone, Copy, Debug)]
struct Thresholds {
    /// Learned score from which an item is flagged.
    flag: f32,
    /// Learned score from which an item counts as an injection (`--fail-on injection`).
    injection: f32,
}

impl Thresholds {
    fn of(args: &ScanArgs) -> Thresholds {
        let flag = args.threshold.unwrap_or(LEARNED_ASK_DEFAULT);
        Thresholds {
            flag,
            injection: flag.max(LEARNED_DENY_DEFAULT),
        }
    }

    /// The rules' verdict is not clean or the learned score reaches the threshold.
    fn flagged(&self, r: &ScanResult) -> bool {
        r.verdict != Verdict::Clean || r.learned_at_least(self.flag)
    }

    /// What `--fail-on` compares: the rules' verdict, raised by the learned score.
    fn level(&self, r: &ScanResult) -> Verdict {
        if r.verdict == Verdict::Injection || r.learned_at_least(self.injection) {
            Verdict::Injection
        } else if self.flagged(r) {
            Verdict::Suspicious
        } else {
            Verdict::Clean
        }
    }
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
    } else if hookward_facts::agent_files::linkable_files().contains(&name)
        || s.contains("/.claude/rules/")
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

/// The items to scan, and the `--jsonl` lines that were skipped (each `file:line: why`).
fn items(args: &ScanArgs) -> Result<(Vec<Item>, Vec<String>), String> {
    let mut items = Vec::new();
    let mut skipped = Vec::new();
    if let Some(file) = &args.jsonl {
        let bytes =
            std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let v: serde_json::Value = match serde_json::from_str(line) {
                Ok(v) => v,
                Err(e) => {
                    skipped.push(format!(
                        "{}:{}: not JSON ({e}); expected an object with \"id\" and \"text\"",
                        file.display(),
                        n + 1
                    ));
                    continue;
                }
            };
            let Some(text) = v.get("text").and_then(|t| t.as_str()) else {
                skipped.push(format!(
                    "{}:{}: field \"text\" missing or not a string",
                    file.display(),
                    n + 1
                ));
                continue;
            };
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
        if items.is_empty() && !skipped.is_empty() {
            return Err(format!(
                "{}: no line could be read ({} bad); {}",
                file.display(),
                skipped.len(),
                skipped[0]
            ));
        }
        return Ok((items, skipped));
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
    Ok((items, skipped))
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

/// A span as `line:col-line:col` (1-based; columns count bytes, like SARIF's).
fn span_text(text: &str, span: (usize, usize)) -> String {
    let (sl, sc) = line_col(text, span.0);
    let (el, ec) = line_col(text, span.1);
    format!("{sl}:{sc}-{el}:{ec}")
}

/// The SARIF location of `span` in `item`.
fn sarif_location(item: &Item, span: (usize, usize)) -> serde_json::Value {
    let (sl, sc) = line_col(&item.text, span.0);
    let (el, ec) = line_col(&item.text, span.1);
    json!([{"physicalLocation": {
        "artifactLocation": {"uri": item.id},
        "region": {"startLine": sl, "startColumn": sc, "endLine": el, "endColumn": ec,
                   "byteOffset": span.0, "byteLength": span.1 - span.0}
    }}])
}

fn sarif(results: &[(Item, ScanResult)], th: Thresholds) -> serde_json::Value {
    let mut rules = std::collections::BTreeMap::new();
    let mut out = Vec::new();
    for (item, r) in results {
        for f in &r.findings {
            rules
                .entry(f.rule_id.clone())
                .or_insert_with(|| format!("planted instruction: {}", f.family.as_str()));
            out.push(json!({
                "ruleId": f.rule_id,
                "level": if r.verdict == Verdict::Injection { "error" } else { "warning" },
                "message": {"text": format!("{} ({}): {}", f.family.as_str(), r.verdict.as_str(), f.evidence)},
                "locations": sarif_location(item, f.span),
                "properties": {"score": crate::json::score(r.score), "severity": f.severity.as_str(), "finding": f.id},
            }));
        }
        let windows = r.learned.iter().flat_map(|l| &l.windows);
        for w in windows.filter(|w| w.score >= th.flag) {
            rules
                .entry(LEARNED_RULE_ID.to_string())
                .or_insert_with(|| "planted instruction: scored by the learned stage".to_string());
            out.push(json!({
                "ruleId": LEARNED_RULE_ID,
                "level": if w.score >= th.injection { "error" } else { "warning" },
                "message": {"text": format!("learned stage (score {:.3}): {}", w.score, w.evidence)},
                "locations": sarif_location(item, w.span),
                "properties": {"score": crate::json::score(w.score), "window": w.id, "features": w.features},
            }));
        }
    }
    let rules: Vec<_> = rules
        .into_iter()
        .map(|(id, text)| json!({"id": id, "shortDescription": {"text": text}}))
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "hookward", "version": env!("CARGO_PKG_VERSION"), "rules": rules}}, "results": out}]
    })
}

/// The scan cap: [`hookward_scan::DEFAULT_CAP_BYTES`], or `HOOKWARD_SCAN_CAP_BYTES` when that
/// is smaller (the variable only lowers it, as in the hook).
fn scan_cap() -> usize {
    std::env::var("HOOKWARD_SCAN_CAP_BYTES")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map_or(hookward_scan::DEFAULT_CAP_BYTES, |c| {
            c.min(hookward_scan::DEFAULT_CAP_BYTES)
        })
}

/// Bytes of `r`'s text that were not scanned (past the cap).
fn unscanned_bytes(r: &ScanResult) -> usize {
    r.unscanned.map_or(0, |(a, b)| b - a)
}

/// One item as JSON: the rules' result, the learned stage's (`null` when it scored nothing)
/// and whether the item counts as flagged at this run's threshold.
fn item_json(item: &Item, r: &ScanResult, th: Thresholds) -> serde_json::Value {
    let mut v = json!({"id": item.id, "verdict": r.verdict, "score": crate::json::score(r.score), "findings": r.findings,
           "capped": r.capped, "learned": r.learned, "flagged": th.flagged(r)});
    if let (Some(obj), Some((a, b))) = (v.as_object_mut(), r.unscanned) {
        obj.insert(
            "unscanned".into(),
            json!({"start": a, "end": b, "bytes": b - a}),
        );
    }
    v
}

/// The text lines of one flagged item.
fn write_item(
    out: &mut impl Write,
    item: &Item,
    r: &ScanResult,
    th: Thresholds,
    explain: bool,
) -> std::io::Result<()> {
    // The headline is the item's level (the rules' verdict raised by the learned score), so it
    // never says "clean" for an item the summary counts as flagged.
    let level = th.level(r);
    writeln!(
        out,
        "{}: {} (score {:.2}){}{}",
        item.id,
        crate::out::paint(level.as_str(), crate::out::decision_style(level.as_str())),
        r.score,
        if level != r.verdict {
            format!("; raised from {} by the learned score", r.verdict.as_str())
        } else {
            String::new()
        },
        if r.capped {
            format!(
                " [not fully scanned: {} bytes past the scan cap]",
                unscanned_bytes(r)
            )
        } else {
            String::new()
        }
    )?;
    match &r.learned {
        Some(l) => writeln!(
            out,
            "  learned score {:.2} ({} the threshold {:.2})",
            l.score,
            if l.score >= th.flag {
                "at or above"
            } else {
                "below"
            },
            th.flag
        )?,
        None => writeln!(out, "  learned score: none (no words to score)")?,
    }
    for f in &r.findings {
        if explain {
            let tags: Vec<String> = f
                .context
                .iter()
                .map(|c| {
                    serde_json::to_value(c)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default()
                })
                .collect();
            writeln!(
                out,
                "  {} {} [{}] {} weight {:.3} ({}{}): {:?}",
                f.id,
                span_text(&item.text, f.span),
                f.rule_id,
                f.family.as_str(),
                f.weight,
                f.severity.as_str(),
                if tags.is_empty() {
                    String::new()
                } else {
                    format!("; {}", tags.join(", "))
                },
                f.evidence
            )?;
        } else {
            let (line, col) = line_col(&item.text, f.span.0);
            writeln!(
                out,
                "  {} {}:{} [{}] {}: {:?}",
                f.id,
                line,
                col,
                f.rule_id,
                f.family.as_str(),
                f.evidence
            )?;
        }
    }
    if explain {
        let windows = r.learned.iter().flat_map(|l| &l.windows);
        for w in windows.filter(|w| w.score >= th.flag) {
            writeln!(
                out,
                "  {} {} [{LEARNED_RULE_ID}] score {:.3}: {:?}",
                w.id,
                span_text(&item.text, w.span),
                w.score,
                w.evidence
            )?;
            writeln!(out, "     features: {}", w.features.join(", "))?;
        }
    }
    Ok(())
}

/// A progress bar on stderr (indicatif) for runs of at least [`PROGRESS_MIN_ITEMS`] items,
/// only when stderr is a terminal (never into a pipe, a file or CI logs); cleared at the end.
fn progress_bar(total: usize) -> Option<indicatif::ProgressBar> {
    if total < PROGRESS_MIN_ITEMS || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(total as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("scanning {wide_bar} {pos}/{len} items, {elapsed}")
    {
        bar.set_style(style);
    }
    Some(bar)
}

pub fn run(args: ScanArgs) -> CliResult {
    let th = Thresholds::of(&args);
    let (items, skipped) = items(&args)?;
    for s in &skipped {
        eprintln!("hookward: skipped {s}");
    }
    let format = if args.json { Format::Json } else { args.format };
    let scanner = Scanner::new().map_err(|e| e.to_string())?;
    let total = items.len();
    let bar = progress_bar(total);
    let mut results = Vec::with_capacity(total);
    for item in items {
        let r = scanner.scan(
            &item.text,
            &ScanContext::new(item.source.clone()).with_cap(scan_cap()),
        );
        results.push((item, r));
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let mut stdout = anstream::stdout().lock();
    let io = crate::out::io_err;
    match (format, args.jsonl.is_some()) {
        (Format::Sarif, _) => writeln!(
            stdout,
            "{}",
            serde_json::to_string_pretty(&sarif(&results, th)).map_err(|e| e.to_string())?
        )
        .map_err(io)?,
        (Format::Json, true) => {
            for (item, r) in &results {
                writeln!(stdout, "{}", crate::json::line(item_json(item, r, th))?).map_err(io)?;
            }
        }
        (Format::Json, false) => {
            let all: Vec<_> = results
                .iter()
                .map(|(item, r)| item_json(item, r, th))
                .collect();
            writeln!(stdout, "{}", crate::json::pretty(all.into())?).map_err(io)?;
        }
        (Format::Text, _) => {
            let mut flagged = 0;
            let mut partial = 0;
            for (item, r) in &results {
                if r.capped {
                    partial += 1;
                }
                if !th.flagged(r) {
                    if r.capped {
                        // Not flagged is not clean when part of it was never read.
                        writeln!(
                            stdout,
                            "{}: not fully scanned ({} bytes past the scan cap were not read)",
                            item.id,
                            unscanned_bytes(r)
                        )
                        .map_err(io)?;
                    }
                    continue;
                }
                flagged += 1;
                write_item(&mut stdout, item, r, th, args.explain).map_err(io)?;
            }
            let bad = if skipped.is_empty() {
                String::new()
            } else {
                format!(", {} line(s) skipped", skipped.len())
            };
            let partial_note = if partial > 0 {
                format!(", {partial} not fully scanned")
            } else {
                String::new()
            };
            writeln!(
                stdout,
                "scanned {total} item(s): {flagged} flagged, {} clean{partial_note}{bad}",
                total
                    - flagged
                    - results
                        .iter()
                        .filter(|(_, r)| r.capped && !th.flagged(r))
                        .count()
            )
            .map_err(io)?;
        }
    }
    let fail_level = match args.fail_on {
        FailOn::Suspicious => Some(Verdict::Suspicious),
        FailOn::Injection => Some(Verdict::Injection),
        FailOn::Never => None,
    };
    // Under --fail-on, an item that was not fully scanned fails too: its unread part could
    // hold anything (issue 12, item 4).
    let failed =
        fail_level.is_some_and(|t| results.iter().any(|(_, r)| th.level(r) >= t || r.capped));
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn instruction_names_are_the_former_list() {
        // `source_for` matched these names before it asked the agents' rows (the project's
        // instruction files in its root, `agent_files::linkable_files`).
        assert_eq!(
            hookward_facts::agent_files::linkable_files(),
            [
                "CLAUDE.md",
                "CLAUDE.local.md",
                "AGENTS.md",
                "AGENTS.override.md",
                "GEMINI.md",
                ".cursorrules"
            ]
        );
    }
}
