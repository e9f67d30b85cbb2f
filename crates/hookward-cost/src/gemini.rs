//! Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/session-*.jsonl`; the project
//! folder holds `.project_root`, the project's path). Gemini CLI 0.61 writes one JSON record
//! per line:
//!
//! - a header `{"sessionId", "projectHash", "startTime", "lastUpdated", "kind"}`;
//! - message records `{"id", "timestamp", "type", "content", …}`; a model reply has
//!   `"type": "gemini"`, `"model"` and `"tokens"`, the response's `usageMetadata` renamed:
//!
//! ```json
//! {"input": 3005, "output": 203, "cached": 1001, "thoughts": 51, "tool": 17, "total": 3276}
//! ```
//!
//!   (`input` = `promptTokenCount`, which includes the cached tokens; `output` =
//!   `candidatesTokenCount`; `cached` = `cachedContentTokenCount`; `thoughts` =
//!   `thoughtsTokenCount`; `tool` = `toolUsePromptTokenCount`; `total` = `totalTokenCount`).
//!   A message is written again when it changes (its tool calls, their results): same `id`;
//! - `{"$set": {…}}` metadata updates and `{"$rewindTo": id}` (the conversation is cut back;
//!   the requests already made are still billed, so they stay counted).
//!
//! Older Gemini CLI versions wrote the whole conversation as one JSON object
//! (`session-*.json`: the header's fields plus `"messages": [...]`); [`parse`] reads both.
//!
//! A request is one `gemini` message with `tokens`, keyed `gemini|<session>|<message id>`, so
//! its repeated records count once. Billing meaning (as Google bills): uncached input =
//! `input − cached + tool`, cache reads = `cached`, output = `output + thoughts` (thinking
//! tokens are billed as output; [`crate::Usage::reasoning_output`] keeps them apart too).

use crate::{Day, Parsed, Request, Source, Usage};
use serde_json::Value;

/// What a chat file's reader carries from line to line: the session and the project. Kept in
/// the cost index's checkpoint (as JSON) so a re-run reads only the new lines.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    /// The session id (the header's `sessionId`), else the file stem.
    pub session: String,
    /// The project: `.project_root`'s path, else the project folder's name.
    pub project: String,
}

impl State {
    /// A reader at the start of a file named by `project` and `session` until a header does.
    pub fn new(project: &str, session: &str) -> State {
        State {
            session: session.to_string(),
            project: project.to_string(),
        }
    }

    /// Reads one line (without its newline) into `out`. Lines that are not JSON, and model
    /// messages whose token counts are not non-negative integers, count as bad lines.
    pub fn line(&mut self, line: &str, out: &mut Parsed) {
        if line.trim().is_empty() {
            return;
        }
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            out.bad_lines += 1;
            return;
        };
        self.record(&v, out);
    }

    fn record(&mut self, v: &Value, out: &mut Parsed) {
        let s = |k: &str| v.get(k).and_then(Value::as_str).filter(|s| !s.is_empty());
        if v.get("id").is_none() {
            if let (Some(id), Some(_)) = (s("sessionId"), s("projectHash")) {
                self.session = id.to_string();
            }
            return;
        }
        if s("type") != Some("gemini") {
            return;
        }
        let Some(tokens) = v.get("tokens").filter(|t| !t.is_null()) else {
            return;
        };
        let Some(usage) = usage_of(tokens) else {
            out.bad_lines += 1;
            return;
        };
        if usage.is_zero() {
            return;
        }
        let Some(id) = s("id") else {
            out.bad_lines += 1;
            return;
        };
        let ts = s("timestamp");
        out.requests.push(Request {
            source: Source::Gemini,
            key: Some(format!("gemini|{}|{id}", self.session)),
            model: s("model").unwrap_or("unknown").to_string(),
            project: self.project.clone(),
            session: self.session.clone(),
            day: ts.and_then(Day::of_timestamp),
            ts: ts.map(str::to_string),
            usage,
        });
    }
}

/// `tokens` → [`Usage`]; `None` when a count is present but not a non-negative integer.
fn usage_of(t: &Value) -> Option<Usage> {
    let n = |k: &str| -> Option<u64> {
        match t.get(k) {
            None | Some(Value::Null) => Some(0),
            Some(x) => x.as_u64(),
        }
    };
    let (input, cached, tool) = (n("input")?, n("cached")?, n("tool")?);
    let (output, thoughts) = (n("output")?, n("thoughts")?);
    Some(Usage {
        input: input.saturating_sub(cached).saturating_add(tool),
        cache_read: cached.min(input),
        output: output.saturating_add(thoughts),
        reasoning_output: thoughts,
        ..Usage::default()
    })
}

/// The requests of one chat file's `text`: JSON lines (Gemini CLI 0.61), or one JSON object
/// with a `messages` array (older versions). `project` and `session` name it until the
/// header does. Repeated records of one message are both returned ([`crate::dedup`] merges
/// them).
pub fn parse(text: &str, project: &str, session: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut state = State::new(project, session);
    if let Ok(v @ Value::Object(_)) = serde_json::from_str::<Value>(text) {
        if let Some(msgs) = v.get("messages").and_then(Value::as_array) {
            state.record(&v, &mut out);
            for m in msgs {
                state.record(m, &mut out);
            }
            return out;
        }
    }
    for line in text.lines() {
        state.line(line, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HEAD: &str =
        r#"{"sessionId":"s-1","projectHash":"h","startTime":"2026-12-01T00:00:00Z","kind":"main"}"#;

    #[test]
    fn tokens_map_to_billing_fields_and_repeats_keep_one_key() {
        let msg = r#"{"id":"m1","timestamp":"2026-12-01T10:00:00Z","type":"gemini","content":"","model":"gemini-2.5-pro","tokens":{"input":3005,"output":203,"cached":1001,"thoughts":51,"tool":17,"total":3276}}"#;
        let text = format!("{HEAD}\n{msg}\n{{\"$set\":{{\"lastUpdated\":\"x\"}}}}\n{msg}\n");
        let p = parse(&text, "/p", "file");
        assert_eq!(p.bad_lines, 0);
        assert_eq!(p.requests.len(), 2);
        let r = &p.requests[0];
        assert_eq!(r.key.as_deref(), Some("gemini|s-1|m1"));
        assert_eq!((r.session.as_str(), r.project.as_str()), ("s-1", "/p"));
        let u = r.usage;
        assert_eq!(
            (u.input, u.cache_read, u.output, u.reasoning_output),
            (2021, 1001, 254, 51)
        );
        // the billed fields add up to the recorded total
        assert_eq!(u.input + u.cache_read + u.output, 3276);
        assert_eq!(crate::dedup(p.requests).len(), 1);
    }

    #[test]
    fn legacy_whole_object_and_bad_counts() {
        let text = r#"{"sessionId":"s-2","projectHash":"h","messages":[
            {"id":"u1","type":"user","content":"hi"},
            {"id":"g1","type":"gemini","model":"gemini-2.5-flash","timestamp":"2026-12-01T10:00:00Z",
             "tokens":{"input":10,"output":2,"cached":0,"thoughts":0,"tool":0,"total":12}},
            {"id":"g2","type":"gemini","tokens":{"input":"10","output":2}}]}"#;
        let p = parse(text, "/p", "file");
        assert_eq!(p.requests.len(), 1);
        assert_eq!(p.requests[0].key.as_deref(), Some("gemini|s-2|g1"));
        assert_eq!(p.bad_lines, 1);
    }
}
