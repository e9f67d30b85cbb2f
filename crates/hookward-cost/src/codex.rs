//! Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`): one JSON
//! object per line, `{"timestamp", "type", "payload"}`. Used here:
//!
//! - `session_meta`: `payload.id` (the session) and `payload.cwd`;
//! - `turn_context`: `payload.model` (the model of the turns that follow) and `payload.cwd`;
//! - `event_msg` with `payload.type == "token_count"`: `payload.info.total_token_usage`, the
//!   session's running totals `{input_tokens, cached_input_tokens, output_tokens,
//!   reasoning_output_tokens, total_tokens}` (OpenAI's meaning: `input_tokens` includes the
//!   cached ones, `output_tokens` the reasoning ones), and `last_token_usage`.
//!
//! A request is the growth of the running total since the previous `token_count` event, so a
//! repeated event (same totals) counts nothing; `info: null` events are skipped. If the total
//! goes down (a new count), `last_token_usage` is taken for that event.

use crate::{Day, Parsed, Request, Source, Usage};
use serde_json::Value;

#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Totals {
    input: u64,
    cached: u64,
    output: u64,
    reasoning: u64,
}

fn totals(v: Option<&Value>) -> Option<Totals> {
    let v = v?;
    let n = |k: &str| -> Option<u64> {
        match v.get(k) {
            None | Some(Value::Null) => Some(0),
            Some(x) => x.as_u64(),
        }
    };
    Some(Totals {
        input: n("input_tokens")?,
        cached: n("cached_input_tokens")?,
        output: n("output_tokens")?,
        reasoning: n("reasoning_output_tokens")?,
    })
}

fn usage(t: Totals) -> Usage {
    Usage {
        input: t.input.saturating_sub(t.cached),
        cache_read: t.cached.min(t.input),
        output: t.output,
        reasoning_output: t.reasoning,
        ..Usage::default()
    }
}

/// The requests of one rollout's `text`; `session` names it when no `session_meta` line
/// does (the file stem), `project` when no line carries a `cwd`. Lines that are not JSON, and
/// `token_count` events whose counts are not non-negative integers, are counted in
/// [`Parsed::bad_lines`].
pub fn parse(text: &str, project: &str, session: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut session = session.to_string();
    let mut project = project.to_string();
    let mut model = "unknown".to_string();
    let mut prev = Totals::default();
    for line in text.lines() {
        if line.trim().is_empty() {
            continue;
        }
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            out.bad_lines += 1;
            continue;
        };
        let p = v.get("payload");
        let ps = |k: &str| {
            p.and_then(|p| p.get(k))
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
        };
        match v.get("type").and_then(Value::as_str) {
            Some("session_meta") => {
                if let Some(id) = ps("id") {
                    session = id.to_string();
                }
                if let Some(cwd) = ps("cwd") {
                    project = cwd.to_string();
                }
            }
            Some("turn_context") => {
                if let Some(m) = ps("model") {
                    model = m.to_string();
                }
                if let Some(cwd) = ps("cwd") {
                    project = cwd.to_string();
                }
            }
            Some("event_msg") if ps("type") == Some("token_count") => {
                let Some(info) = p.and_then(|p| p.get("info")).filter(|i| !i.is_null()) else {
                    continue;
                };
                let Some(total) = totals(info.get("total_token_usage")) else {
                    out.bad_lines += 1;
                    continue;
                };
                let grew = total.input >= prev.input
                    && total.cached >= prev.cached
                    && total.output >= prev.output
                    && total.reasoning >= prev.reasoning;
                let delta = if grew {
                    Totals {
                        input: total.input - prev.input,
                        cached: total.cached - prev.cached,
                        output: total.output - prev.output,
                        reasoning: total.reasoning - prev.reasoning,
                    }
                } else {
                    match totals(info.get("last_token_usage")) {
                        Some(t) => t,
                        None => {
                            out.bad_lines += 1;
                            continue;
                        }
                    }
                };
                prev = total;
                let u = usage(delta);
                if u.is_zero() {
                    continue;
                }
                out.requests.push(Request {
                    source: Source::Codex,
                    key: None,
                    model: model.clone(),
                    project: project.clone(),
                    session: session.clone(),
                    day: v
                        .get("timestamp")
                        .and_then(Value::as_str)
                        .and_then(Day::of_timestamp),
                    usage: u,
                });
            }
            _ => {}
        }
    }
    out
}
