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

/// What a rollout's reader carries from line to line: the session, project and model the
/// lines so far named, and the running totals of the last `token_count` event. Kept in the
/// cost index's checkpoint (as JSON) so a re-run reads only the new lines.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct State {
    /// The session id (`session_meta`), else the file stem.
    pub session: String,
    /// The working directory (`session_meta` / `turn_context`), else the fallback.
    pub project: String,
    /// The model of the turns that follow (`turn_context`), `unknown` before one.
    pub model: String,
    /// Running totals of the last `token_count` event: input, cached input, output, reasoning.
    pub prev: [u64; 4],
}

impl State {
    /// A reader at the start of a file: `project` and `session` name it until a line does.
    pub fn new(project: &str, session: &str) -> State {
        State {
            session: session.to_string(),
            project: project.to_string(),
            model: "unknown".to_string(),
            prev: [0; 4],
        }
    }

    fn prev(&self) -> Totals {
        Totals {
            input: self.prev[0],
            cached: self.prev[1],
            output: self.prev[2],
            reasoning: self.prev[3],
        }
    }

    /// Reads one line (without its newline) into `out`. A request's key is
    /// `codex|<session>|<running totals>`, so the same event read again (a re-read, a resumed
    /// copy of the session) is the same request.
    pub fn line(&mut self, line: &str, out: &mut Parsed) {
        if line.trim().is_empty() {
            return;
        }
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            out.bad_lines += 1;
            return;
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
                    self.session = id.to_string();
                }
                if let Some(cwd) = ps("cwd") {
                    self.project = cwd.to_string();
                }
            }
            Some("turn_context") => {
                if let Some(m) = ps("model") {
                    self.model = m.to_string();
                }
                if let Some(cwd) = ps("cwd") {
                    self.project = cwd.to_string();
                }
            }
            Some("event_msg") if ps("type") == Some("token_count") => {
                let Some(info) = p.and_then(|p| p.get("info")).filter(|i| !i.is_null()) else {
                    return;
                };
                let Some(total) = totals(info.get("total_token_usage")) else {
                    out.bad_lines += 1;
                    return;
                };
                let prev = self.prev();
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
                            return;
                        }
                    }
                };
                self.prev = [total.input, total.cached, total.output, total.reasoning];
                let u = usage(delta);
                if u.is_zero() {
                    return;
                }
                let ts = v.get("timestamp").and_then(Value::as_str);
                out.requests.push(Request {
                    source: Source::Codex,
                    key: Some(format!(
                        "codex|{}|{}|{}|{}|{}",
                        self.session, total.input, total.cached, total.output, total.reasoning
                    )),
                    model: self.model.clone(),
                    project: self.project.clone(),
                    session: self.session.clone(),
                    day: ts.and_then(Day::of_timestamp),
                    ts: ts.map(str::to_string),
                    usage: u,
                });
            }
            _ => {}
        }
    }
}

/// The requests of one rollout's `text`; `session` names it when no `session_meta` line
/// does (the file stem), `project` when no line carries a `cwd`. Lines that are not JSON, and
/// `token_count` events whose counts are not non-negative integers, are counted in
/// [`Parsed::bad_lines`].
pub fn parse(text: &str, project: &str, session: &str) -> Parsed {
    let mut out = Parsed::default();
    let mut state = State::new(project, session);
    for line in text.lines() {
        state.line(line, &mut out);
    }
    out
}
