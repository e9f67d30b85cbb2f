//! Lessons, the pure part (issue 14): hookward remembers tool calls that failed and were then
//! fixed, and reminds the agent before it repeats the mistake. This crate does no I/O; the
//! store (`hookward-store`, `lessons.rs`) keeps episodes and lessons, the pipeline's lessons
//! step (`hookward-pipeline/src/lessons.rs`) drives them from the hook stream.
//!
//! - [`outcome`]: failure / success / neutral of one tool call, for all four agents;
//! - [`family`]: program families (`npm`/`pnpm`/`yarn` are one kind of work), read-only
//!   probes that never close an episode, and [`EpisodeKey`]s (same file, same family);
//! - [`distill`]: a failed call + the repair path + the fixing call → a [`Lesson`] (symptom
//!   normalised, prescription as a token diff, triggers, provenance), redacted and with machine
//!   paths replaced at capture ([`Scrub`]);
//! - [`judge`]: the rule of judgement's classes read from shape and error text — failures of the
//!   outside world, look-only commands judged by shape, whether a fix answers its failure;
//! - [`similar`]/[`merge_into`]: near-duplicate merge (character 3-gram Jaccard ≥
//!   [`MERGE_JACCARD`] with the same symptom and tool);
//! - [`envprint`]: the project's lockfile hashes and toolchain versions when a lesson was
//!   learned; a changed setup puts it on probation ([`delivery_text_on_probation`]);
//! - [`prefilter`]: the word-start → lesson table written next to the store, so the hook
//!   answers a prompt no lesson matches without touching the lessons tables;
//! - [`delivery_text`]: what the agent is shown — distilled fields only, delimiters stripped,
//!   length-capped, labelled advisory.
//!
//! ```
//! use hookward_lessons::{distill::{distill, CallSummary, FailedCall, Provenance}, symptom};
//! let call = |c: &str| CallSummary { tool: "Bash".into(), kind: "shell".into(),
//!     command: Some(c.into()), file: None, detail: None, id: None };
//! let failed = FailedCall { call: call("npm test"), cause: "exit-code".into(),
//!     symptom: symptom("npm ERR! missing script: test:unit at /home/u/p/package.json:12"),
//!     evidence: String::new(), cwd: None };
//! let lesson = distill(&failed, &[], &call("pnpm test"), Provenance::default()).unwrap();
//! assert_eq!(lesson.diff, "-npm +pnpm");
//! assert_eq!(lesson.symptom, "npm ERR! missing script: test:unit at PATH");
//! ```
#![deny(missing_docs)]

pub mod distill;
pub mod envprint;
pub mod family;
pub mod judge;
pub mod outcome;
pub mod prefilter;
pub mod recall;
pub mod transcript;

pub use distill::{
    distill as distill_lesson, normalise, symptom, words, CallSummary, FailedCall, Lesson,
    NoLesson, Provenance, Scrub,
};
pub use family::{episode_key, family_of, is_probe, EpisodeKey};
pub use outcome::{is_error_line, outcome, Cause, Failure, Outcome};

use std::collections::HashSet;

/// The near-duplicate threshold: two lessons with the same symptom and tool whose
/// prescriptions share at least this share of character 3-grams (Jaccard) are one lesson
/// (issue 14, "merge near-duplicates").
pub const MERGE_JACCARD: f64 = 0.70;

/// The character 3-grams of `s` (lowercased, whitespace collapsed).
pub fn trigrams(s: &str) -> HashSet<[char; 3]> {
    let chars: Vec<char> = s
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .collect();
    chars.windows(3).map(|w| [w[0], w[1], w[2]]).collect()
}

/// Jaccard similarity of the character 3-gram sets of `a` and `b`, in `[0, 1]` (two texts too
/// short for a 3-gram are equal only when the same).
pub fn jaccard3(a: &str, b: &str) -> f64 {
    let (x, y) = (trigrams(a), trigrams(b));
    if x.is_empty() && y.is_empty() {
        return if a.trim() == b.trim() { 1.0 } else { 0.0 };
    }
    let inter = x.intersection(&y).count() as f64;
    let union = x.union(&y).count() as f64;
    inter / union
}

/// Whether `a` and `b` are near-duplicates: same symptom, same tool, prescriptions with a
/// 3-gram Jaccard ≥ [`MERGE_JACCARD`].
pub fn similar(a: &Lesson, b: &Lesson) -> bool {
    a.symptom == b.symptom
        && a.tool == b.tool
        && jaccard3(&a.prescription, &b.prescription) >= MERGE_JACCARD
}

/// Merges `new` into `kept` (a near-duplicate, [`similar`]): triggers unioned (capped at
/// [`distill::MAX_TRIGGERS`]), the kept prescription stays.
pub fn merge_into(kept: &mut Lesson, new: &Lesson) {
    for t in &new.triggers {
        if !kept.triggers.contains(t) && kept.triggers.len() < distill::MAX_TRIGGERS {
            kept.triggers.push(t.clone());
        }
    }
}

/// The label every delivered lesson starts with.
pub const ADVISORY_LABEL: &str = "hookward lesson";

/// Characters removed from distilled fields before delivery: brackets, braces, angle brackets,
/// backticks, quotes that could open or close a frame, and pipes/`#`/`*` markup.
const STRIPPED: &[char] = &[
    '<', '>', '[', ']', '{', '}', '(', ')', '`', '"', '\'', '|', '#', '*', '\\', '$',
];

/// One field made safe to show: control characters and [`STRIPPED`] delimiters removed (a
/// bracket, brace or parenthesis becomes a comma, so `package.json (npm run lists them) and`
/// reads `package.json, npm run lists them, and`), whitespace collapsed to single spaces, at
/// most `max` characters, cut at a word. An apostrophe between two letters (`don't`,
/// `crate's`) is a contraction, not a quote, and is kept.
pub fn clean_field(s: &str, max: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    let s: String = chars
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let contraction = c == '\''
                && i > 0
                && chars[i - 1].is_alphabetic()
                && chars.get(i + 1).is_some_and(|n| n.is_alphabetic());
            if matches!(c, '(' | ')' | '[' | ']' | '{' | '}') {
                BRACKET
            } else if c.is_control() || (STRIPPED.contains(&c) && !contraction) {
                ' '
            } else {
                c
            }
        })
        .collect();
    cap_words(&tidy_commas(&s), max)
}

/// What a removed bracket becomes before [`tidy_commas`] turns it into a comma (a control
/// character: the field's own control characters are spaces by then).
const BRACKET: char = '\u{1}';

/// Whitespace collapsed, and the commas brackets became ([`BRACKET`]) tidied: none after a
/// space (`x ,y` → `x, y`), none doubled or after another comma or before `.;:!?`, none at the
/// start or end. The field's own commas are kept as they are (`1,000`).
fn tidy_commas(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut pending_space = false;
    for word in s
        .split(|c: char| c.is_whitespace())
        .filter(|w| !w.is_empty())
    {
        for c in word.chars() {
            if c == BRACKET {
                // a comma right after a comma or a space-separated comma joins the word before
                while out.ends_with(' ') {
                    out.pop();
                }
                if out.is_empty() || out.ends_with(',') {
                    continue;
                }
                out.push(',');
                pending_space = true;
            } else {
                if c == ',' && pending_space {
                    // the field's own comma right after a bracket's: one comma
                    continue;
                }
                if matches!(c, '.' | ';' | ':' | '!' | '?') && pending_space {
                    out.pop();
                } else if pending_space {
                    out.push(' ');
                }
                pending_space = false;
                out.push(c);
            }
        }
        if !pending_space {
            out.push(' ');
        }
    }
    let out = out.trim_end();
    let out = if pending_space {
        out.trim_end_matches(',')
    } else {
        out
    };
    out.to_string()
}

/// `s` cut to at most `max` characters at a word boundary, with `…` when cut (at a
/// character when the last space is in the first half, a single long word).
pub fn cap_words(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let head: String = s.chars().take(max.saturating_sub(1)).collect();
    let cut = match head.rfind(' ') {
        Some(i) if head[..i].chars().count() * 2 >= max => {
            head[..i].trim_end_matches([',', ';', ':']).to_string()
        }
        _ => head,
    };
    format!("{cut}…")
}

/// [`delivery_text`] for a lesson on probation: the project's setup changed since it was
/// learned (`changed`: the fingerprint keys that differ, [`envprint::EnvPrint::changed`]); the
/// label says so.
pub fn delivery_text_on_probation(
    id: i64,
    tool: &str,
    symptom: &str,
    prescription: &str,
    changed: &[String],
    max_chars: usize,
) -> String {
    let what: Vec<String> = changed
        .iter()
        .take(3)
        .map(|k| {
            k.strip_prefix("lock:")
                .or_else(|| k.strip_prefix("tool:"))
                .unwrap_or(k)
                .to_string()
        })
        .collect();
    let text = format!(
        "{ADVISORY_LABEL} L{id} (advisory, on probation: {} changed since it was learned; check it still applies): {} failed with: {} What fixed it: {}",
        clean_field(&what.join(", "), 80),
        clean_field(tool, 40),
        sentence(&clean_field(symptom, 160)),
        sentence(&clean_field(prescription, 240)),
    );
    cap_words(&text, max_chars.max(40))
}

/// The text the agent gets for lesson `L<id>`: one line, labelled advisory, from distilled
/// fields only (symptom, prescription), each cleaned ([`clean_field`]); at most `max_chars`
/// characters in all.
///
/// ```
/// let t = hookward_lessons::delivery_text(7, "Bash", "npm ERR! missing script: test",
///     "ran `pnpm test` instead of `npm test`", 300);
/// assert_eq!(t, "hookward lesson L7 (advisory, from an earlier failure in this project; \
///     check it still applies): Bash failed with: npm ERR! missing script: test. What fixed it: \
///     ran pnpm test instead of npm test.");
/// ```
pub fn delivery_text(
    id: i64,
    tool: &str,
    symptom: &str,
    prescription: &str,
    max_chars: usize,
) -> String {
    delivery_text_from(
        id,
        "from an earlier failure in this project",
        tool,
        symptom,
        prescription,
        max_chars,
    )
}

/// Where a lesson came from, as its delivered label says it: a starter pack for a lesson
/// whose provenance agent is `seed:<pack>` (`hookward lessons seed node`), else an earlier
/// failure in this project.
pub fn origin_words(provenance_agent: &str) -> String {
    match provenance_agent.strip_prefix("seed:") {
        Some(pack) => format!("from hookward's {} starter pack", clean_field(pack, 40)),
        None => "from an earlier failure in this project".to_string(),
    }
}

/// [`delivery_text`] with the origin the label names ([`origin_words`]).
pub fn delivery_text_from(
    id: i64,
    origin: &str,
    tool: &str,
    symptom: &str,
    prescription: &str,
    max_chars: usize,
) -> String {
    let text = format!(
        "{ADVISORY_LABEL} L{id} (advisory, {origin}; check it still applies): {} failed with: {} What fixed it: {}",
        clean_field(tool, 40),
        sentence(&clean_field(symptom, 160)),
        sentence(&clean_field(prescription, 240)),
    );
    cap_words(&text, max_chars.max(40))
}

/// `field` ended as a sentence: a full stop added unless it already ends with `.`, `!` or `?`
/// (a symptom such as "… type declarations." is not given a second one).
fn sentence(field: &str) -> String {
    if field.ends_with(['.', '!', '?']) {
        field.to_string()
    } else {
        format!("{field}.")
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_judge;
