//! Injection-scan facts: what `hookward-scan` finds in text the agent reads (tool output,
//! pasted prompts) or writes into its own instruction files.

use hookward_scan::{Finding, Learned, LearnedWindow, ScanContext, Scanner, Source};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The scanner, built once per process on first use (only events that carry text pay for it);
/// shared with the pipeline's lessons step, so a process builds it at most once.
pub fn scanner() -> Option<&'static Scanner> {
    static SCANNER: OnceLock<Option<Scanner>> = OnceLock::new();
    SCANNER.get_or_init(|| Scanner::new().ok()).as_ref()
}

/// The scan of one piece of text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TextScan {
    /// Where the text sits: a JSON pointer into the tool output (`/stdout`), `prompt`, or
    /// `write` (text an edit adds to an instruction file).
    pub pointer: String,
    /// `clean`, `suspicious` or `injection`.
    pub verdict: String,
    /// Score in [0, 1].
    pub score: f32,
    /// The findings, spans in bytes of this text.
    pub findings: Vec<Finding>,
    /// The learned stage's result for this text (`hookward_scan::Learned`), if it has words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<Learned>,
    /// The byte range `[start, end)` of this text that was not scanned (past the scan cap, or
    /// all of it when the time budget ran out), `None` when all of it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unscanned: Option<(usize, usize)>,
}

/// Everything the scanner found for one event (`input.facts.scan`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScanFacts {
    /// What was scanned: `tool_output`, `web_page`, `file`, `mcp_result`, `user_prompt`,
    /// `memory_write`, `instruction_file`, `skill_file`.
    pub source: String,
    /// The worst verdict over all texts.
    pub verdict: String,
    /// The highest score over all texts.
    pub score: f32,
    /// True when some text was not scanned whole: longer than the scan cap (its head and tail
    /// were scanned), or left out because the hook's time budget ran out.
    pub capped: bool,
    /// Bytes of text that were not scanned, over all texts (`input.facts.scan.unscanned_bytes`;
    /// the rule `inject/unscanned-output` acts on it).
    #[serde(default)]
    pub unscanned_bytes: u64,
    /// True when the scan did not finish within the hook's time budget and the texts were left
    /// unscanned (set by `hookward-pipeline`; every text then has `unscanned` = all of it).
    #[serde(default)]
    pub budget_exceeded: bool,
    /// Every finding of every text, each with the pointer of its text.
    pub findings: Vec<PointedFinding>,
    /// The highest score of the learned stage over all texts, in [0, 1] (0 when no text had
    /// words). The built-in rules compare it with `input.config.scan.learned_ask` and
    /// `learned_deny`.
    pub learned_score: f32,
    /// Every listed window of the learned stage (score ≥ `hookward_scan::LEARNED_REPORT_FLOOR`),
    /// each with the pointer of its text, highest score first.
    pub learned_windows: Vec<PointedWindow>,
    /// Per text, for removing spans.
    pub texts: Vec<TextScan>,
}

/// A finding with the pointer of the text it is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointedFinding {
    /// JSON pointer (or `prompt` / `write`).
    pub pointer: String,
    /// The finding.
    #[serde(flatten)]
    pub finding: Finding,
}

/// A learned-stage window with the pointer of the text it is in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PointedWindow {
    /// JSON pointer (or `prompt` / `write`).
    pub pointer: String,
    /// The window.
    #[serde(flatten)]
    pub window: LearnedWindow,
}

/// Scans `texts` (`(pointer, text)`) as `source`. `keep` filters findings (e.g. only hidden
/// text for prompts). Returns `None` when the scanner could not be built (reported by the
/// caller as a health event through the missing facts) or there is no text.
///
/// The learned stage runs for every source but `UserPrompt` (a person's own words are not
/// planted text; only hidden text in them is looked for).
pub fn scan_texts<T: AsRef<str>>(
    texts: &[(String, T)],
    source: Source,
    cap_bytes: usize,
    keep: &dyn Fn(&Finding) -> bool,
) -> Option<ScanFacts> {
    let learned = source != Source::UserPrompt;
    if texts.is_empty() {
        return None;
    }
    let scanner = scanner()?;
    let mut ctx = ScanContext::new(source.clone()).with_cap(cap_bytes);
    ctx.learned = learned;
    let mut out = ScanFacts {
        source: source.kind_name().to_string(),
        verdict: "clean".into(),
        score: 0.0,
        capped: false,
        unscanned_bytes: 0,
        budget_exceeded: false,
        findings: Vec::new(),
        learned_score: 0.0,
        learned_windows: Vec::new(),
        texts: Vec::new(),
    };
    let mut worst = hookward_scan::Verdict::Clean;
    for (pointer, text) in texts {
        let r = scanner.scan(text.as_ref(), &ctx);
        let findings: Vec<Finding> = r.findings.into_iter().filter(|f| keep(f)).collect();
        let (verdict, score) = if findings.is_empty() {
            (hookward_scan::Verdict::Clean, 0.0)
        } else {
            (r.verdict, r.score)
        };
        out.capped |= r.capped;
        out.unscanned_bytes += r.unscanned.map_or(0, |(a, b)| (b - a) as u64);
        if verdict > worst {
            worst = verdict;
        }
        if score > out.score {
            out.score = score;
        }
        out.findings
            .extend(findings.iter().cloned().map(|finding| PointedFinding {
                pointer: pointer.clone(),
                finding,
            }));
        if let Some(l) = &r.learned {
            out.learned_score = out.learned_score.max(l.score);
            out.learned_windows
                .extend(l.windows.iter().cloned().map(|window| PointedWindow {
                    pointer: pointer.clone(),
                    window,
                }));
        }
        out.texts.push(TextScan {
            pointer: pointer.clone(),
            verdict: verdict.as_str().to_string(),
            score,
            findings,
            learned: if learned { r.learned } else { None },
            unscanned: r.unscanned,
        });
    }
    out.learned_windows
        .sort_by(|a, b| b.window.score.total_cmp(&a.window.score));
    out.verdict = worst.as_str().to_string();
    Some(out)
}
