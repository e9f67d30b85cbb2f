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
///
/// Most lines are read by [`Fields`]' own deserializer, which keeps only the fields used here
/// and skips everything else (message content, tool results: most of a transcript's bytes)
/// without building it; a line it does not take (not an object, an escaped key, a field of an
/// unexpected shape) is read again into a `serde_json::Value`, whose reading defines the
/// result. Both give the same request for a line the first takes.
pub fn parse_line(line: &str, project: &str, session: &str, out: &mut Parsed) {
    if line.trim().is_empty() {
        return;
    }
    if let Ok(f) = serde_json::from_str::<Fields>(line) {
        let m = f.message.unwrap_or_default();
        emit(
            Picked {
                ty: f.ty,
                usage: m.usage,
                id: m.id,
                model: m.model,
                request_id: f.request_id,
                timestamp: f.timestamp,
                session_id: f.session_id,
                cwd: f.cwd,
            },
            project,
            session,
            out,
        );
        return;
    }
    by_value(line, project, session, out);
}

/// [`parse_line`]'s reading through a whole `serde_json::Value`: the definition the faster
/// reading must equal.
fn by_value(line: &str, project: &str, session: &str, out: &mut Parsed) {
    let Ok(mut v) = serde_json::from_str::<Value>(line) else {
        out.bad_lines += 1;
        return;
    };
    let mut take = |p: &str| v.pointer_mut(p).map(Value::take);
    emit(
        Picked {
            ty: take("/type"),
            usage: take("/message/usage").map(UsageIn::Whole),
            id: take("/message/id"),
            model: take("/message/model"),
            request_id: take("/requestId"),
            timestamp: take("/timestamp"),
            session_id: take("/sessionId"),
            cwd: take("/cwd"),
        },
        project,
        session,
        out,
    );
}

/// The values of one line that make a request (each `None` when absent).
struct Picked {
    ty: Option<Value>,
    usage: Option<UsageIn>,
    id: Option<Value>,
    model: Option<Value>,
    request_id: Option<Value>,
    timestamp: Option<Value>,
    session_id: Option<Value>,
    cwd: Option<Value>,
}

fn emit(p: Picked, project: &str, session: &str, out: &mut Parsed) {
    if p.ty.as_ref().and_then(Value::as_str) != Some("assistant") {
        return;
    }
    let Some(usage) = p.usage else {
        return;
    };
    let usage = match &usage {
        UsageIn::Whole(v) => usage_of(|k| v.get(k)),
        UsageIn::Fields(f) => usage_of(|k| f.get(k)),
    };
    let Some(usage) = usage else {
        out.bad_lines += 1;
        return;
    };
    if usage.is_zero() {
        return;
    }
    // a non-empty string, moved out (no copy)
    let s = |v: Option<Value>| -> Option<String> {
        match v {
            Some(Value::String(s)) if !s.is_empty() => Some(s),
            _ => None,
        }
    };
    let key = match (s(p.id), s(p.request_id)) {
        (None, None) => None,
        (a, b) => Some(format!(
            "{}|{}",
            a.as_deref().unwrap_or(""),
            b.as_deref().unwrap_or("")
        )),
    };
    let ts = s(p.timestamp);
    out.requests.push(Request {
        source: Source::Claude,
        key,
        model: s(p.model).unwrap_or_else(|| "unknown".to_string()),
        project: s(p.cwd).unwrap_or_else(|| project.to_string()),
        session: s(p.session_id).unwrap_or_else(|| session.to_string()),
        day: ts.as_deref().and_then(Day::of_timestamp),
        ts,
        usage,
    });
}

/// The fields of a transcript line [`parse_line`] uses. Deserialized only from a JSON object
/// whose keys have no escapes; a repeated key keeps its last value, as `Value` does.
#[derive(Default)]
struct Fields {
    ty: Option<Value>,
    message: Option<Message>,
    request_id: Option<Value>,
    timestamp: Option<Value>,
    session_id: Option<Value>,
    cwd: Option<Value>,
}

/// `message`'s fields used (a `message` that is not an object sends the line to
/// [`by_value`]).
#[derive(Default)]
struct Message {
    id: Option<Value>,
    model: Option<Value>,
    usage: Option<UsageIn>,
}

/// `message.usage` as read: whole ([`by_value`]) or only its counts ([`UsageFields`]).
// one per line, on the stack for that line only: boxing the larger variant would add an
// allocation per request to save a few hundred bytes of stack
#[allow(clippy::large_enum_variant)]
enum UsageIn {
    Whole(Value),
    Fields(UsageFields),
}

/// The counts of `message.usage` [`usage_of`] reads, each as written (`None` when absent);
/// the other fields (`server_tool_use`, `service_tier`, …) are skipped. A `usage` that is not
/// an object sends the line to [`by_value`].
#[derive(Default)]
struct UsageFields {
    input: Option<Value>,
    writes: Option<Value>,
    reads: Option<Value>,
    output: Option<Value>,
    split: Option<Value>,
}

impl UsageFields {
    /// The field named `k` of the usage object, as `Value::get` would give it.
    fn get(&self, k: &str) -> Option<&Value> {
        match k {
            "input_tokens" => self.input.as_ref(),
            "cache_creation_input_tokens" => self.writes.as_ref(),
            "cache_read_input_tokens" => self.reads.as_ref(),
            "output_tokens" => self.output.as_ref(),
            "cache_creation" => self.split.as_ref(),
            _ => None,
        }
    }
}

impl<'de> serde::Deserialize<'de> for UsageFields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = UsageFields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a usage object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<UsageFields, A::Error> {
                let mut u = UsageFields::default();
                while let Some(k) = m.next_key::<&'de str>()? {
                    match k {
                        "input_tokens" => u.input = present(&mut m)?,
                        "cache_creation_input_tokens" => u.writes = present(&mut m)?,
                        "cache_read_input_tokens" => u.reads = present(&mut m)?,
                        "output_tokens" => u.output = present(&mut m)?,
                        "cache_creation" => u.split = present(&mut m)?,
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(u)
            }
        }
        d.deserialize_map(V)
    }
}

/// `Some(value)` for a present key: a JSON `null` stays a value, as in a `Value` object.
fn present<'de, A: serde::de::MapAccess<'de>>(m: &mut A) -> Result<Option<Value>, A::Error> {
    m.next_value::<Value>().map(Some)
}

impl<'de> serde::Deserialize<'de> for Fields {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Fields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a transcript line object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut m: A) -> Result<Fields, A::Error> {
                let mut f = Fields::default();
                while let Some(k) = m.next_key::<&'de str>()? {
                    match k {
                        "type" => f.ty = present(&mut m)?,
                        "message" => f.message = Some(m.next_value::<Message>()?),
                        "requestId" => f.request_id = present(&mut m)?,
                        "timestamp" => f.timestamp = present(&mut m)?,
                        "sessionId" => f.session_id = present(&mut m)?,
                        "cwd" => f.cwd = present(&mut m)?,
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(f)
            }
        }
        d.deserialize_map(V)
    }
}

impl<'de> serde::Deserialize<'de> for Message {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Message;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a message object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Message, A::Error> {
                let mut msg = Message::default();
                while let Some(k) = m.next_key::<&'de str>()? {
                    match k {
                        "id" => msg.id = present(&mut m)?,
                        "model" => msg.model = present(&mut m)?,
                        "usage" => {
                            msg.usage = Some(UsageIn::Fields(m.next_value::<UsageFields>()?))
                        }
                        _ => {
                            m.next_value::<serde::de::IgnoredAny>()?;
                        }
                    }
                }
                Ok(msg)
            }
        }
        d.deserialize_map(V)
    }
}

/// `message.usage` → [`Usage`]; `None` when a count is present but not a non-negative
/// integer. Cache writes: the `cache_creation` split where present; what the split does not
/// account for (or all writes, without a split) is 5-minute, Claude's default lifetime.
fn usage_of<'a>(get: impl Fn(&str) -> Option<&'a Value>) -> Option<Usage> {
    let n = |v: Option<&Value>| -> Option<u64> {
        match v {
            None | Some(Value::Null) => Some(0),
            Some(x) => x.as_u64(),
        }
    };
    let writes = n(get("cache_creation_input_tokens"))?;
    let (mut w5, w1) = match get("cache_creation") {
        Some(c @ Value::Object(_)) => (
            n(c.get("ephemeral_5m_input_tokens"))?,
            n(c.get("ephemeral_1h_input_tokens"))?,
        ),
        _ => (0, 0),
    };
    w5 = w5.max(writes.saturating_sub(w1));
    Some(Usage {
        input: n(get("input_tokens"))?,
        cache_write_5m: w5,
        cache_write_1h: w1,
        cache_read: n(get("cache_read_input_tokens"))?,
        output: n(get("output_tokens"))?,
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

    /// Every line two ways: [`parse_line`] (the field-picking reader, falling back to
    /// `Value`) and [`by_value`] alone give the same requests and bad-line counts — on shapes
    /// the fast reader must refuse or read alike, and on every line of the fixture trees.
    #[test]
    fn fast_reading_equals_value_reading() {
        let u = r#"{"input_tokens":5,"output_tokens":2}"#;
        let mut lines: Vec<String> = vec![
            line(u),
            r#"{"type":"assistant","message":null,"requestId":"r"}"#.to_string(),
            format!(r#"{{"type":"assistant","message":[{u}],"requestId":"r"}}"#),
            format!(r#"{{"type":"assistant","message":"text","requestId":"r"}}"#),
            format!(r#"{{"type":"assistant","message":{{"usage":{u},"id":5}},"requestId":null}}"#),
            format!(r#"{{"type":"assistant","message":{{"usage":null,"id":"m"}}}}"#),
            format!(r#"{{"type":"assistant","message":{{"usage":{u}}},"type":"user"}}"#),
            format!(r#"{{"type":"user","message":{{"usage":{u}}},"type":"assistant"}}"#),
            format!(r#"{{"t\u0079pe":"assistant","message":{{"usage":{u},"id":"m"}}}}"#),
            format!(r#"{{"type":"assistant","message":{{"us\u0061ge":{u},"id":"m"}}}}"#),
            format!(r#"{{"type":"\u0061ssistant","message":{{"usage":{u},"id":"m"}}}}"#),
            format!(
                r#"{{"type":"assistant","message":{{"usage":{u},"content":[{{"x":[1,{{"y":"\n"}}]}}]}}}}"#
            ),
            format!(r#"["assistant",{{"usage":{u}}}]"#),
            format!(r#"{{"type":"assistant","message":{{"usage":{u}}}}} trailing"#),
            r#"{"type":"assistant","message":{"usage":{"input_tokens":1e3}}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":5}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":[1]}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":{"output_tokens":3,"output_tokens":null,"input_tokens":4}}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":{"output_tokens":3,"cache_creation":[1],"cache_creation_input_tokens":9}}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":{"output_tokens":3,"cache_creation":{"ephemeral_1h_input_tokens":-1}}}}"#.to_string(),
            r#"{"type":"assistant","message":{"usage":{"output_tokens":3,"server_tool_use":{"x":[{}]},"input_tokens":2}}}"#.to_string(),
            r#""just a string""#.to_string(),
            "{\"type\":\"assis".to_string(),
        ];
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
        let mut stack = vec![data];
        while let Some(d) = stack.pop() {
            for e in std::fs::read_dir(&d).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    stack.push(p);
                } else if p.extension().is_some_and(|x| x == "jsonl") {
                    let text = std::fs::read_to_string(&p).unwrap();
                    lines.extend(text.lines().map(str::to_string));
                }
            }
        }
        assert!(lines.len() > 40);
        for l in &lines {
            let (mut a, mut b) = (Parsed::default(), Parsed::default());
            parse_line(l, "p", "s", &mut a);
            by_value(l, "p", "s", &mut b);
            assert_eq!(a, b, "{l}");
        }
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
