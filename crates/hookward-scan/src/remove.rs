//! Removing planted instructions from a text, for hooks that hand the agent a cleaned output.

use crate::normalize::{ceil_boundary, floor_boundary};
use crate::types::Finding;

/// The marker that replaces a removed span: `[hookward removed planted instruction: RULE_ID]`
/// (several rule ids, when spans overlap, are joined with `, `).
pub fn removal_marker(rule_ids: &[&str]) -> String {
    format!(
        "[hookward removed planted instruction: {}]",
        rule_ids.join(", ")
    )
}

/// Replace the span of every finding in `text` with [`removal_marker`].
///
/// Overlapping or touching spans are merged into one marker naming each rule once, in span
/// order. Spans are clamped to `text` and widened to char boundaries, so findings from another
/// text cannot make this panic; text outside the spans is kept byte for byte. Pass the findings
/// the policy chose to remove (for example those of severity `high`); an empty slice returns
/// `text` unchanged.
pub fn remove_spans(text: &str, findings: &[Finding]) -> String {
    let ranges: Vec<(usize, usize, &str)> = findings
        .iter()
        .map(|f| (f.span.0, f.span.1, f.rule_id.as_str()))
        .collect();
    remove_ranges(text, &ranges)
}

/// [`remove_spans`] over `(start, end, rule_id)` byte ranges — for spans that are not rule
/// findings, such as the learned stage's windows (`crate::LearnedWindow::span`). Same
/// guarantees: merged markers, clamped spans, the rest kept byte for byte.
pub fn remove_ranges(text: &str, ranges: &[(usize, usize, &str)]) -> String {
    let mut spans: Vec<(usize, usize, &str)> = ranges
        .iter()
        .map(|&(s, e, id)| {
            let s = floor_boundary(text, s.min(text.len()));
            let e = ceil_boundary(text, e.min(text.len()));
            (s, e.max(s), id)
        })
        .filter(|(s, e, _)| e > s)
        .collect();
    spans.sort_by_key(|(s, e, _)| (*s, *e));
    let mut out = String::with_capacity(text.len());
    let mut pos = 0usize;
    let mut i = 0usize;
    while let Some(&(s, e0, r0)) = spans.get(i) {
        let mut e = e0;
        let mut ids = vec![r0];
        let mut j = i + 1;
        while let Some(&(s2, e2, r2)) = spans.get(j) {
            if s2 > e {
                break;
            }
            e = e.max(e2);
            if !ids.contains(&r2) {
                ids.push(r2);
            }
            j += 1;
        }
        out.push_str(text.get(pos..s).unwrap_or(""));
        out.push_str(&removal_marker(&ids));
        pos = e;
        i = j;
    }
    out.push_str(text.get(pos..).unwrap_or(""));
    out
}
