//! Injection-scan facts: what `hookward-scan` finds in text the agent reads (tool output,
//! pasted prompts) or writes into its own instruction files.

use hookward_scan::{Finding, ScanContext, Scanner, Source};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

/// The scanner, built once per process on first use (only events that carry text pay for it).
fn scanner() -> Option<&'static Scanner> {
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
    /// True when some text was longer than the scan cap and only its start was scanned.
    pub capped: bool,
    /// Every finding of every text, each with the pointer of its text.
    pub findings: Vec<PointedFinding>,
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

fn source_name(s: &Source) -> &'static str {
    match s {
        Source::ToolOutput => "tool_output",
        Source::WebPage => "web_page",
        Source::File { .. } => "file",
        Source::Email => "email",
        Source::McpResult => "mcp_result",
        Source::UserPrompt => "user_prompt",
        Source::MemoryWrite => "memory_write",
        Source::InstructionFile => "instruction_file",
        Source::SkillFile => "skill_file",
    }
}

/// Scans `texts` (`(pointer, text)`) as `source`. `keep` filters findings (e.g. only hidden
/// text for prompts). Returns `None` when the scanner could not be built (reported by the
/// caller as a health event through the missing facts) or there is no text.
pub fn scan_texts(
    texts: &[(String, String)],
    source: Source,
    cap_bytes: usize,
    keep: &dyn Fn(&Finding) -> bool,
) -> Option<ScanFacts> {
    if texts.is_empty() {
        return None;
    }
    let scanner = scanner()?;
    let ctx = ScanContext::new(source.clone()).with_cap(cap_bytes);
    let mut out = ScanFacts {
        source: source_name(&source).to_string(),
        verdict: "clean".into(),
        score: 0.0,
        capped: false,
        findings: Vec::new(),
        texts: Vec::new(),
    };
    let mut worst = hookward_scan::Verdict::Clean;
    for (pointer, text) in texts {
        let r = scanner.scan(text, &ctx);
        let findings: Vec<Finding> = r.findings.into_iter().filter(|f| keep(f)).collect();
        let (verdict, score) = if findings.is_empty() {
            (hookward_scan::Verdict::Clean, 0.0)
        } else {
            (r.verdict, r.score)
        };
        out.capped |= r.capped;
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
        out.texts.push(TextScan {
            pointer: pointer.clone(),
            verdict: verdict.as_str().to_string(),
            score,
            findings,
        });
    }
    out.verdict = worst.as_str().to_string();
    Some(out)
}
