//! Claude Code transcripts: one JSON object per line; each `"type":"assistant"` line carries
//! `message.model`, `message.id`, `requestId`, `timestamp`, `sessionId`, `cwd` and
//! `message.usage`:
//!
//! ```json
//! {"input_tokens": 4, "cache_creation_input_tokens": 1200, "cache_read_input_tokens": 9000,
//!  "cache_creation": {"ephemeral_5m_input_tokens": 200, "ephemeral_1h_input_tokens": 1000},
//!  "output_tokens": 310}
//! ```
//!
//! One request can be written on several lines (one per streamed content block, again in a
//! forked or resumed session's file, in a sub-agent's file); they share `message.id` and
//! `requestId`, which [`crate::dedup`] uses to count it once.

use crate::{Day, Parsed, Request, Source, Usage};
use serde_json::Value;

/// The requests of one transcript's `text`. `project` and `session` are used when a line
/// has no `cwd` / `sessionId` (the project folder name and the file stem). Lines that are
/// not JSON objects, or whose usage counts are not non-negative integers, are counted in
/// [`Parsed::bad_lines`]; lines of other types (user, summary…) and requests with no tokens
/// at all (`<synthetic>` error replies) are left out silently.
pub fn parse(text: &str, project: &str, session: &str) -> Parsed {
    let mut out = Parsed::default();
    for line in text.lines() {
        parse_line(line, project, session, &mut out);
    }
    out
}

/// One line (without its newline) of a transcript into `out`, as [`parse`] reads each line.
pub fn parse_line(line: &str, project: &str, session: &str, out: &mut Parsed) {
    if line.trim().is_empty() {
        return;
    }
    let Ok(v) = serde_json::from_str::<Value>(line) else {
        out.bad_lines += 1;
        return;
    };
    if v.get("type").and_then(Value::as_str) != Some("assistant") {
        return;
    }
    let Some(usage) = v.pointer("/message/usage") else {
        return;
    };
    let Some(usage) = usage_of(usage) else {
        out.bad_lines += 1;
        return;
    };
    if usage.is_zero() {
        return;
    }
    let s = |p: &str| {
        v.pointer(p)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let key = match (s("/message/id"), s("/requestId")) {
        (None, None) => None,
        (a, b) => Some(format!("{}|{}", a.unwrap_or(""), b.unwrap_or(""))),
    };
    let ts = s("/timestamp");
    out.requests.push(Request {
        source: Source::Claude,
        key,
        model: s("/message/model").unwrap_or("unknown").to_string(),
        project: s("/cwd").unwrap_or(project).to_string(),
        session: s("/sessionId").unwrap_or(session).to_string(),
        day: ts.and_then(Day::of_timestamp),
        ts: ts.map(str::to_string),
        usage,
    });
}

/// `message.usage` → [`Usage`]; `None` when a count is present but not a non-negative
/// integer. Cache writes: the `cache_creation` split where present; what the split does not
/// account for (or all writes, without a split) is 5-minute, Claude's default lifetime.
fn usage_of(u: &Value) -> Option<Usage> {
    let n = |v: &Value, k: &str| -> Option<u64> {
        match v.get(k) {
            None | Some(Value::Null) => Some(0),
            Some(x) => x.as_u64(),
        }
    };
    let writes = n(u, "cache_creation_input_tokens")?;
    let (mut w5, w1) = match u.get("cache_creation") {
        Some(c @ Value::Object(_)) => (
            n(c, "ephemeral_5m_input_tokens")?,
            n(c, "ephemeral_1h_input_tokens")?,
        ),
        _ => (0, 0),
    };
    w5 = w5.max(writes.saturating_sub(w1));
    Some(Usage {
        input: n(u, "input_tokens")?,
        cache_write_5m: w5,
        cache_write_1h: w1,
        cache_read: n(u, "cache_read_input_tokens")?,
        output: n(u, "output_tokens")?,
        reasoning_output: 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(usage: &str) -> String {
        format!(
            r#"{{"type":"assistant","sessionId":"s","cwd":"/w","timestamp":"2026-12-01T00:00:00Z","requestId":"r","message":{{"id":"m","model":"x","usage":{usage}}}}}"#
        )
    }

    #[test]
    fn cache_writes_split_by_lifetime() {
        let p = parse(
            &line(
                r#"{"input_tokens":1,"cache_creation_input_tokens":30,"cache_creation":{"ephemeral_5m_input_tokens":10,"ephemeral_1h_input_tokens":20},"output_tokens":2}"#,
            ),
            "p",
            "s",
        );
        let u = p.requests[0].usage;
        assert_eq!((u.cache_write_5m, u.cache_write_1h), (10, 20));
        // without the split, all writes are 5-minute
        let p = parse(
            &line(r#"{"input_tokens":1,"cache_creation_input_tokens":30,"output_tokens":2}"#),
            "p",
            "s",
        );
        assert_eq!(p.requests[0].usage.cache_write_5m, 30);
    }

    #[test]
    fn bad_counts_and_cut_lines_are_counted_not_guessed() {
        let text = format!(
            "{}\n{}\n{{\"type\":\"assis",
            line(r#"{"input_tokens":-1,"output_tokens":2}"#),
            line(r#"{"input_tokens":"12","output_tokens":2}"#)
        );
        let p = parse(&text, "p", "s");
        assert!(p.requests.is_empty());
        assert_eq!(p.bad_lines, 3);
    }
}
