//! `hookward kb`: the knowledge-base scan (`hookward-kb`) over files and folders.

use crate::kb_cache;
use crate::util::CliResult;
use clap::{Args, Subcommand, ValueEnum};
use hookward_kb::{Cluster, Corpus, Document, FlaggedChunk, Options, Report, Stage};
use serde_json::json;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};

/// File name endings read from folders: prose formats a knowledge base holds.
const EXTENSIONS: &[&str] = &["md", "mdx", "markdown", "txt", "rst", "adoc", "html", "htm"];

/// From this many files a progress bar is shown on a terminal.
const PROGRESS_MIN_FILES: usize = 200;

/// The SARIF rule id of a poison cluster.
const CLUSTER_RULE_ID: &str = "kb/poison-cluster";

/// `hookward kb` subcommands.
#[derive(Subcommand)]
pub enum KbCommand {
    /// Finds clusters of chunks from different files that agree far more than the corpus does
    /// (planted answers), and every chunk the injection scanner flags.
    Scan(ScanArgs),
    /// Ranks the chunks most responsible for an answer (similarity plus leave-one-out).
    Trace(TraceArgs),
}

/// Output formats of `kb scan`.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Clusters with their phrases and members, then flagged chunks, then a summary line.
    Text,
    /// One JSON document.
    Json,
    /// SARIF 2.1.0, for code-scanning tools.
    Sarif,
}

/// What makes `kb scan` exit 1.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum FailOn {
    /// A poison cluster was found (the default).
    Cluster,
    /// A cluster was found or the injection scanner flagged a chunk.
    Finding,
    /// Exit 0 whatever is found.
    None,
}

/// `kb scan` options.
#[derive(Args)]
#[command(
    after_help = "Every document is cut into chunks by headings and paragraphs; each \
chunk's 10 nearest chunks of other files are found by cosine over hashed TF-IDF vectors. Two \
chunks are linked when their similarity reaches mean + 2.5 sd of the corpus's neighbour \
similarity; a tight group of linked chunks from 3 or more files is a cluster. Exit codes: 0 \
nothing found (or --fail-on none), 1 found what --fail-on names, 2 usage or read error."
)]
pub struct ScanArgs {
    /// Files or folders (folders: .md .mdx .txt .rst .adoc .html recursively).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
    /// The same as `--format json`.
    #[arg(long, conflicts_with = "format")]
    json: bool,
    /// Exit 1 on a cluster (default), on a cluster or flagged chunk (`finding`), or never.
    #[arg(long, value_enum, default_value_t = FailOn::Cluster)]
    fail_on: FailOn,
    /// Worker threads [default: the number of CPUs].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    jobs: Option<u16>,
    /// Do not use or update the scan cache in the store (every file is read, chunked,
    /// embedded and scanned, in a temporary store deleted afterwards).
    #[arg(long)]
    no_cache: bool,
    /// Print to stderr how many files came from the cache, were read, and were dropped.
    #[arg(long)]
    cache_stats: bool,
}

/// `kb trace` options.
#[derive(Args)]
pub struct TraceArgs {
    /// The answer to trace (the text the agent or model gave).
    #[arg(long)]
    answer: String,
    /// Files or folders of the knowledge base.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// How many chunks to list.
    #[arg(long, default_value_t = 5)]
    top: usize,
    /// Print as JSON.
    #[arg(long)]
    json: bool,
}

/// Runs a `kb` subcommand.
pub fn run(cmd: KbCommand) -> CliResult {
    match cmd {
        KbCommand::Scan(a) => run_scan(a),
        KbCommand::Trace(a) => run_trace(a),
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
        // Symlinks are not followed into folders (a loop, or a way out of the corpus).
        let is_link = std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
        if p.is_dir() {
            if !is_link && !crate::scan::SKIP_DIRS.contains(&name) {
                collect(&p, out)?;
            }
        } else if p
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
        {
            out.push(p);
        }
    }
    Ok(())
}

/// Reads every document under `paths`.
fn documents(paths: &[PathBuf]) -> Result<Vec<Document>, String> {
    let mut files = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
    }
    files
        .into_iter()
        .map(|f| {
            let bytes =
                std::fs::read(&f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            Ok(Document::new(
                f.display().to_string(),
                String::from_utf8_lossy(&bytes).into_owned(),
            ))
        })
        .collect()
}

fn jobs(arg: Option<u16>) -> usize {
    arg.map(usize::from).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    })
}

/// The progress bar on stderr: only on a terminal and for at least [`PROGRESS_MIN_FILES`]
/// files. It counts files read (or taken from the cache, embedded and scanned), then chunks
/// whose neighbours are found (its length grows once the chunks are known).
fn progress_bar(files: usize) -> Option<indicatif::ProgressBar> {
    if files < PROGRESS_MIN_FILES || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::with_draw_target(
        Some(files as u64),
        indicatif::ProgressDrawTarget::stderr(),
    );
    if let Ok(style) = indicatif::ProgressStyle::with_template(
        "kb scan {wide_bar} {pos}/{len} files, then chunks, {elapsed}",
    ) {
        bar.set_style(style);
    }
    Some(bar)
}

/// One flagged chunk as a text line: `PATH:LINE: VERDICT (score S, learned L) [rule ×N, …]`.
/// A chunk the rules call clean is flagged by the learned stage alone: its verdict reads
/// `learned only` (the JSON keeps the rules' `clean` and the `learned` score apart). Each rule
/// id is named once, in order of first finding, with `×N` when it fired N > 1 times.
fn finding_line(f: &FlaggedChunk) -> String {
    let mut rules: Vec<(&str, usize)> = Vec::new();
    for x in &f.findings {
        match rules.iter_mut().find(|(id, _)| *id == x.rule_id.as_str()) {
            Some((_, n)) => *n += 1,
            None => rules.push((x.rule_id.as_str(), 1)),
        }
    }
    let rules: Vec<String> = rules
        .into_iter()
        .map(|(id, n)| {
            if n > 1 {
                format!("{id} ×{n}")
            } else {
                id.to_string()
            }
        })
        .collect();
    let learned = f
        .learned
        .map(|s| format!(", learned {s:.2}"))
        .unwrap_or_default();
    let verdict = if f.verdict.as_str() == "clean" {
        crate::out::paint("learned only", crate::out::WARN)
    } else {
        crate::out::paint(
            f.verdict.as_str(),
            crate::out::decision_style(f.verdict.as_str()),
        )
    };
    format!(
        "{}:{}: {verdict} (score {:.2}{learned}){}",
        f.at.path,
        f.at.line,
        f.score,
        if rules.is_empty() {
            String::new()
        } else {
            format!(" [{}]", rules.join(", "))
        }
    )
}

fn write_text(r: &Report) {
    for c in &r.clusters {
        outln!(
            "{}: {} chunk(s) in {} file(s), cohesion {:.2}",
            crate::out::paint(&c.id, crate::out::BAD),
            c.members.len(),
            c.files.len(),
            c.cohesion
        );
        if c.phrases.is_empty() {
            outln!("  shared phrase: none only these chunks have");
        } else {
            let quoted: Vec<String> = c.phrases.iter().map(|p| format!("{p:?}")).collect();
            outln!("  shared phrase: {}", quoted.join("; "));
        }
        for m in &c.members {
            outln!("  {}:{} (chunk {})", m.path, m.line, m.chunk);
        }
        for f in &c.findings {
            outln!("  injection: {}", finding_line(f));
        }
    }
    if !r.flagged.is_empty() {
        outln!("flagged chunks:");
        for f in &r.flagged {
            outln!("  {}", finding_line(f));
        }
    }
    if r.chunks == 0 {
        outln!(
            "scanned {} document(s), 0 chunks: nothing to compare",
            r.documents
        );
        return;
    }
    let t = &r.threshold;
    let spread = t.mean + t.z * t.sd;
    let how = if t.tau > spread {
        format!(
            "the floor; mean {:.3} + {} × sd {:.3} = {spread:.3}",
            t.mean, t.z, t.sd
        )
    } else {
        format!("mean {:.3} + {} × sd {:.3}", t.mean, t.z, t.sd)
    };
    let copies = if r.set_aside.is_empty() {
        String::new()
    } else {
        format!(
            ", {} tight group(s) set aside (files copying each other, one template with different specifics, no phrase of their own, or one shared only outside prose)",
            r.set_aside.len()
        )
    };
    outln!(
        "scanned {} document(s), {} chunk(s): {} cluster(s), {} flagged chunk(s){copies} (link threshold {:.3}: {how})",
        r.documents,
        r.chunks,
        r.clusters.len(),
        r.flagged.len(),
        t.tau,
    );
}

fn sarif_region(path: &str, line: usize, span: (usize, usize)) -> serde_json::Value {
    json!({"physicalLocation": {
        "artifactLocation": {"uri": path},
        "region": {"startLine": line, "byteOffset": span.0, "byteLength": span.1 - span.0}
    }})
}

/// The 1-based line of byte `offset` of the file at `path` among the documents (1 when the
/// file is not there).
fn line_at(docs: &std::collections::HashMap<&str, &str>, path: &str, offset: usize) -> usize {
    docs.get(path).map_or(1, |t| {
        let end = offset.min(t.len());
        t.as_bytes()[..end].iter().filter(|&&b| b == b'\n').count() + 1
    })
}

fn sarif(r: &Report, docs: &std::collections::HashMap<&str, &str>) -> serde_json::Value {
    let mut rules = std::collections::BTreeMap::new();
    let mut results = Vec::new();
    let cluster_result = |c: &Cluster| {
        json!({
            "ruleId": CLUSTER_RULE_ID,
            "level": "error",
            "message": {"text": format!(
                "{}: {} chunks from {} files agree far more than the rest of the corpus (cohesion {:.2}); shared phrase: {}",
                c.id, c.members.len(), c.files.len(), c.cohesion,
                if c.phrases.is_empty() { "none".to_string() } else { c.phrases.join("; ") })},
            "locations": c.members.iter().map(|m| sarif_region(&m.path, m.line, m.span)).collect::<Vec<_>>(),
            "properties": {"cluster": c.id, "cohesion": c.cohesion, "phrases": c.phrases, "files": c.files},
        })
    };
    if !r.clusters.is_empty() {
        rules.insert(
            CLUSTER_RULE_ID.to_string(),
            "planted documents: a tight cluster of chunks from different files".to_string(),
        );
    }
    for c in &r.clusters {
        results.push(cluster_result(c));
    }
    for f in &r.flagged {
        for x in &f.findings {
            rules
                .entry(x.rule_id.clone())
                .or_insert_with(|| format!("planted instruction: {}", x.family.as_str()));
            results.push(json!({
                "ruleId": x.rule_id,
                "level": if f.verdict == hookward_scan::Verdict::Injection { "error" } else { "warning" },
                "message": {"text": format!("{} ({}): {}", x.family.as_str(), f.verdict.as_str(), x.evidence)},
                "locations": [sarif_region(&f.at.path, line_at(docs, &f.at.path, x.span.0), x.span)],
                "properties": {"score": crate::json::score(f.score), "severity": x.severity.as_str()},
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
        "runs": [{"tool": {"driver": {"name": "hookward", "version": env!("CARGO_PKG_VERSION"), "rules": rules}}, "results": results}]
    })
}

/// The files under `paths` with their absolute paths, and the scanned paths made absolute.
fn entries(paths: &[PathBuf]) -> Result<(Vec<kb_cache::Entry>, Vec<PathBuf>), String> {
    let mut files = Vec::new();
    let mut roots = Vec::new();
    for p in paths {
        collect(p, &mut files)?;
        roots.push(
            std::fs::canonicalize(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?,
        );
    }
    let entries = files
        .into_iter()
        .map(|f| {
            let abs = std::fs::canonicalize(&f)
                .map_err(|e| format!("cannot read {}: {e}", f.display()))?;
            Ok(kb_cache::Entry {
                shown: f.display().to_string(),
                abs,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok((entries, roots))
}

fn run_scan(args: ScanArgs) -> CliResult {
    let (files, roots) = entries(&args.paths)?;
    if files.is_empty() {
        let names: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!(
            "hookward kb scan: no documents under {}: folders are searched for {} files (hidden, dependency and build folders skipped)",
            names.join(", "),
            EXTENSIONS
                .iter()
                .map(|e| format!(".{e}"))
                .collect::<Vec<_>>()
                .join(" ")
        );
    }
    let opts = Options {
        jobs: jobs(args.jobs),
        ..Options::default()
    };
    let scanner = hookward_scan::Scanner::new().map_err(|e| e.to_string())?;
    let cache = kb_cache::CacheStore::open(args.no_cache)?;
    let bar = progress_bar(files.len());
    let done = AtomicU64::new(0);
    let step = |n: usize| {
        let total = done.fetch_add(n as u64, Ordering::Relaxed) + n as u64;
        if let Some(b) = &bar {
            b.set_position(total);
        }
    };
    let file_count = files.len();
    let (corpus, stats) = kb_cache::build(&cache, files, &roots, &opts, &scanner, &step)?;
    if let Some(b) = &bar {
        b.set_length((file_count + corpus.chunk_count()) as u64);
    }
    let tick = |_: Stage, n: usize| step(n);
    let report = hookward_kb::scan(&corpus, &scanner, &opts, &tick);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(e) = corpus.text_error() {
        return Err(e);
    }
    if args.cache_stats {
        eprintln!(
            "kb scan cache: {} file(s) from the cache, {} read ({} chunk(s) embedded, {} reused by hash), {} dropped, {} damaged",
            stats.cached_files,
            stats.read_files,
            stats.embedded_chunks,
            stats.reused_chunks,
            stats.dropped_files,
            stats.damaged_files
        );
    }
    let texts: Vec<(String, String)> = if args.format == Format::Sarif && !args.json {
        let index: std::collections::HashMap<&str, usize> = (0..corpus.documents())
            .map(|d| (corpus.path(d), d))
            .collect();
        let mut paths: Vec<&str> = report.flagged.iter().map(|f| f.at.path.as_str()).collect();
        paths.sort_unstable();
        paths.dedup();
        let texts = paths
            .into_iter()
            .filter_map(|p| {
                index
                    .get(p)
                    .map(|&d| (p.to_string(), corpus.doc_text(d).into_owned()))
            })
            .collect();
        if let Some(e) = corpus.text_error() {
            return Err(e);
        }
        texts
    } else {
        Vec::new()
    };
    let format = if args.json { Format::Json } else { args.format };
    match format {
        Format::Text => write_text(&report),
        Format::Json => {
            let v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
            outln!("{}", crate::json::pretty(v)?);
        }
        Format::Sarif => {
            let map: std::collections::HashMap<&str, &str> = texts
                .iter()
                .map(|(p, t)| (p.as_str(), t.as_str()))
                .collect();
            outln!(
                "{}",
                serde_json::to_string_pretty(&sarif(&report, &map)).map_err(|e| e.to_string())?
            );
        }
    }
    let failed = match args.fail_on {
        FailOn::Cluster => !report.clusters.is_empty(),
        FailOn::Finding => !report.clusters.is_empty() || !report.flagged.is_empty(),
        FailOn::None => false,
    };
    Ok(if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn run_trace(args: TraceArgs) -> CliResult {
    let docs = documents(&args.paths)?;
    let corpus = Corpus::build(docs, &Options::default());
    let ranked = hookward_kb::trace(&corpus, &args.answer, args.top.max(1));
    if args.json {
        let v = serde_json::to_value(&ranked).map_err(|e| e.to_string())?;
        outln!("{}", crate::json::pretty(v)?);
        return Ok(ExitCode::SUCCESS);
    }
    if ranked.is_empty() {
        outln!("no chunk shares a word with the answer");
    }
    for (n, t) in ranked.iter().enumerate() {
        outln!(
            "{}. {}:{} (chunk {}) score {:.3} = similarity {:.3} + leave-one-out {:+.3}",
            n + 1,
            t.at.path,
            t.at.line,
            t.at.chunk,
            t.score,
            t.similarity,
            t.leave_one_out
        );
        let text = excerpt(&corpus.chunk_text(t.index));
        outln!("   {text}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The first 160 chars of a chunk, on one line.
fn excerpt(text: &str) -> String {
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let mut s: String = one_line.chars().take(160).collect();
    if one_line.chars().count() > 160 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use hookward_kb::ChunkRef;

    fn flagged(verdict: &str, rules: &[&str]) -> FlaggedChunk {
        let findings = rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                serde_json::from_value(json!({
                    "id": format!("F{}", i + 1), "family": "instruction_override", "rule_id": r,
                    "severity": "high", "span": [0, 4], "evidence": "text", "weight": 0.5,
                    "context": []
                }))
                .expect("a finding")
            })
            .collect();
        FlaggedChunk {
            at: ChunkRef {
                path: "kb/a.md".into(),
                chunk: 0,
                line: 3,
                span: (0, 10),
                heading: None,
            },
            verdict: serde_json::from_value(json!(verdict)).expect("a verdict"),
            score: 0.2,
            learned: Some(0.77),
            findings,
        }
    }

    /// The line without colour codes (`paint` colours when the test's stdout allows it).
    fn plain(s: String) -> String {
        let mut out = String::new();
        let mut it = s.chars();
        while let Some(c) = it.next() {
            if c == '\u{1b}' {
                for d in it.by_ref() {
                    if d == 'm' {
                        break;
                    }
                }
            } else {
                out.push(c);
            }
        }
        out
    }

    #[test]
    fn a_rule_id_is_named_once_with_its_count() {
        let line = plain(finding_line(&flagged(
            "injection",
            &["inject/a", "inject/b", "inject/a", "inject/a", "exfil/c"],
        )));
        assert_eq!(
            line,
            "kb/a.md:3: injection (score 0.20, learned 0.77) [inject/a ×3, inject/b, exfil/c]"
        );
    }

    #[test]
    fn a_chunk_only_the_learned_stage_flags_does_not_read_clean() {
        let line = plain(finding_line(&flagged("clean", &[])));
        assert_eq!(line, "kb/a.md:3: learned only (score 0.20, learned 0.77)");
    }
}
