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
        let v = match serde_json::from_str::<Picked>(line) {
            Ok(Picked(v)) => v,
            Err(_) => match serde_json::from_str::<Value>(line) {
                Ok(v) => v,
                Err(_) => {
                    out.bad_lines += 1;
                    return;
                }
            },
        };
        self.value(&v, out);
    }

    /// One line's JSON (whole, or as [`Picked`] keeps it).
    fn value(&mut self, v: &Value, out: &mut Parsed) {
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

/// The part of a rollout line [`State::line`] reads — `type`, `timestamp` and `payload`'s
/// `type`, `id`, `cwd`, `model` and `info` — as a small JSON object of the same shape. Its
/// deserializer skips everything else (instructions, message content, tool output: most of a
/// rollout's bytes) without building it; a line it does not take (not an object, an escaped
/// key, a `payload` that is not an object) is read whole instead, so both give the same result.
struct Picked(Value);

/// Reads the map's next value into `to` under `k` (a repeated key keeps its last value, as in
/// a whole `Value`).
fn keep<'de, A: serde::de::MapAccess<'de>>(
    m: &mut A,
    to: &mut serde_json::Map<String, Value>,
    k: &str,
) -> Result<(), A::Error> {
    to.insert(k.to_string(), m.next_value::<Value>()?);
    Ok(())
}

impl<'de> serde::Deserialize<'de> for Picked {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Line;
        struct Payload;
        impl<'de> serde::de::Visitor<'de> for Line {
            type Value = Picked;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a rollout line object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Picked, A::Error> {
                let mut top = serde_json::Map::new();
                while let Some(k) = m.next_key::<&'de str>()? {
                    match k {
                        "type" | "timestamp" => keep(&mut m, &mut top, k)?,
                        "payload" => {
                            let Picked(p) = m.next_value::<PayloadOf>()?.0;
                            top.insert(k.to_string(), p);
                        }
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Picked(Value::Object(top)))
            }
        }
        struct PayloadOf(Picked);
        impl<'de> serde::Deserialize<'de> for PayloadOf {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_map(Payload).map(PayloadOf)
            }
        }
        impl<'de> serde::de::Visitor<'de> for Payload {
            type Value = Picked;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a payload object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Picked, A::Error> {
                let mut p = serde_json::Map::new();
                while let Some(k) = m.next_key::<&'de str>()? {
                    match k {
                        "type" | "id" | "cwd" | "model" | "info" => keep(&mut m, &mut p, k)?,
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(Picked(Value::Object(p)))
            }
        }
        d.deserialize_map(Line)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// [`State::line`] (the picking reader, falling back to a whole `Value`) and a whole
    /// `Value` alone give the same requests, states and bad-line counts, line after line: on
    /// shapes the picking reader must refuse or read alike, and on the recorded rollout.
    #[test]
    fn picked_reading_equals_value_reading() {
        let tc = r#"{"type":"token_count","info":{"total_token_usage":{"input_tokens":10,"output_tokens":2}}}"#;
        let mut lines: Vec<String> = vec![
            r#"{"type":"session_meta","payload":{"id":"s1","cwd":"/w","instructions":"x"}}"#.into(),
            r#"{"type":"turn_context","payload":{"model":"gpt-5-codex","cwd":"/w2"}}"#.into(),
            format!(r#"{{"timestamp":"2026-12-01T00:00:00Z","type":"event_msg","payload":{tc}}}"#),
            format!(r#"{{"type":"event_msg","payload":{tc},"payload":{{"type":"other"}}}}"#),
            r#"{"type":"event_msg","payload":[1,2]}"#.into(),
            r#"{"type":"event_msg","payload":"text"}"#.into(),
            r#"{"type":"event_msg","payload":null}"#.into(),
            r#"{"ty\u0070e":"turn_context","payload":{"model":"m2"}}"#.into(),
            r#"{"type":"turn_context","payload":{"mod\u0065l":"m3"}}"#.into(),
            r#"["turn_context",{"model":"m4"}]"#.into(),
            r#"{"type":"event_msg","payload":{"type":"token_count","info":{"total_token_usage":{"input_tokens":"9"}}}}"#.into(),
            "{\"type\":\"turn_con".into(),
        ];
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let mut stack = vec![dir];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().starts_with("rollout-"))
                {
                    lines.extend(
                        std::fs::read_to_string(&p)
                            .unwrap()
                            .lines()
                            .map(str::to_string),
                    );
                }
            }
        }
        assert!(lines.len() > 20);
        let (mut a, mut b) = (State::new("p", "s"), State::new("p", "s"));
        let (mut pa, mut pb) = (Parsed::default(), Parsed::default());
        for l in &lines {
            a.line(l, &mut pa);
            match serde_json::from_str::<Value>(l) {
                Ok(v) => b.value(&v, &mut pb),
                Err(_) => pb.bad_lines += 1,
            }
            assert_eq!(a, b, "{l}");
            assert_eq!(pa, pb, "{l}");
        }
        assert!(pa.requests.len() >= 3);
    }
}
