//! `hookward lessons rewrite`: the optional rewrite of a lesson's prescription into one plain
//! sentence by an OpenAI-compatible chat endpoint (issue 14). Off unless an endpoint is given
//! (`--endpoint`, or `HOOKWARD_LESSONS_REWRITE_ENDPOINT`), and the endpoint must be on this
//! machine (`http://127.0.0.1:PORT/…`, `http://localhost:PORT/…`, `http://[::1]:PORT/…`: a
//! local model server), so no lesson text leaves the machine.
//!
//! Only distilled fields are sent (tool, symptom, prescription, diff). An answer is kept only
//! when, cleaned as for delivery ([`hookward_lessons::clean_field`]), it is not empty, still
//! names every word the fixing command added (the diff's `+` words: a rewrite may not drop the
//! fix) and the injection scanner does not flag it; otherwise the lesson keeps its text.
//! `--dry-run` shows before and after and changes nothing.

use crate::util::{self, CliResult};
use hookward_store::{LessonQuery, LessonRow, Store};
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// The environment variable that names the endpoint when `--endpoint` is not given.
pub const ENDPOINT_VAR: &str = "HOOKWARD_LESSONS_REWRITE_ENDPOINT";

/// How long one request may take (connect, send, answer).
const TIMEOUT: Duration = Duration::from_secs(30);

/// Largest answer read (bytes).
const MAX_ANSWER: u64 = 256 * 1024;

/// What the model is asked.
const SYSTEM: &str = "You rewrite a note about a fixed tool failure into one short imperative sentence for a coding agent. Keep every command and flag exactly as given. No preamble, no quotes, no markdown, at most 30 words.";

/// A loopback endpoint: host with port, and the base path (`/v1`)
/// ([`hookward_config::RewriteEndpoint`]).
pub type Endpoint = hookward_config::RewriteEndpoint;

/// Parses an endpoint URL ([`hookward_config::rewrite_endpoint`], the same check
/// `lessons.rewrite_endpoint` gets when the config loads). Errors: not `http://`, not a
/// loopback host, no port.
pub fn endpoint(url: &str) -> Result<Endpoint, String> {
    hookward_config::rewrite_endpoint(url)
}

/// Decodes a chunked HTTP body.
fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(nl) = body.windows(2).position(|w| w == b"\r\n") {
        let size = std::str::from_utf8(&body[..nl])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next().unwrap_or("").trim(), 16).ok())
            .unwrap_or(0);
        if size == 0 || body.len() < nl + 2 + size {
            break;
        }
        out.extend_from_slice(&body[nl + 2..nl + 2 + size]);
        body = &body[(nl + 4 + size).min(body.len())..];
    }
    out
}

/// POSTs `body` to `ep`'s `/chat/completions` and returns the first choice's text. Errors:
/// connection, a status other than 200, an answer that is not the chat completions shape.
pub fn complete(ep: &Endpoint, body: &Value) -> Result<String, String> {
    let addr: std::net::SocketAddr = ep
        .authority
        .replace(['[', ']'], "")
        .rsplit_once(':')
        .and_then(|(h, p)| Some(std::net::SocketAddr::new(h.parse().ok()?, p.parse().ok()?)))
        .ok_or_else(|| format!("bad endpoint address {}", ep.authority))?;
    let mut s = TcpStream::connect_timeout(&addr, TIMEOUT)
        .map_err(|e| format!("cannot reach {}: {e}", ep.authority))?;
    s.set_read_timeout(Some(TIMEOUT)).ok();
    s.set_write_timeout(Some(TIMEOUT)).ok();
    let payload = body.to_string();
    let req = format!(
        "POST {}/chat/completions HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nAccept: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{payload}",
        ep.base,
        ep.authority,
        payload.len()
    );
    s.write_all(req.as_bytes())
        .map_err(|e| format!("cannot send to {}: {e}", ep.authority))?;
    let mut raw = Vec::new();
    s.take(MAX_ANSWER)
        .read_to_end(&mut raw)
        .map_err(|e| format!("no answer from {}: {e}", ep.authority))?;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or("the endpoint's answer is not HTTP")?;
    let head = String::from_utf8_lossy(&raw[..split]).to_lowercase();
    let status = head.split_whitespace().nth(1).unwrap_or("");
    if status != "200" {
        return Err(format!("the endpoint answered HTTP {status}"));
    }
    let mut payload = raw[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        payload = dechunk(&payload);
    }
    let v: Value = serde_json::from_slice(&payload)
        .map_err(|e| format!("the endpoint's answer is not JSON: {e}"))?;
    v.pointer("/choices/0/message/content")
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| "the endpoint's answer has no choices[0].message.content".into())
}

/// Whether a rewrite is kept for lesson `r`: the cleaned text, or why not.
pub fn vet(
    r: &LessonRow,
    answer: &str,
    config: &hookward_config::Config,
) -> Result<String, String> {
    let line = answer.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    let text = hookward_lessons::clean_field(line, 240);
    if text.is_empty() {
        return Err("empty answer".into());
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || ",;:!?".contains(c))
        .map(|w| w.trim_end_matches('.'))
        .collect();
    for w in r
        .lesson
        .diff
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('+'))
    {
        let w = hookward_lessons::clean_field(w, 80).to_lowercase();
        if !w.is_empty() && !words.contains(&w.as_str()) {
            return Err(format!("drops `{w}`, the word the fix added"));
        }
    }
    if hookward_pipeline::lessons::refused_by_scanner(
        &r.lesson.tool,
        &r.lesson.symptom,
        &text,
        config,
    ) {
        return Err("the injection scanner flags it".into());
    }
    Ok(text)
}

/// Runs `hookward lessons rewrite`.
///
/// The endpoint is `--endpoint`, else `lessons.rewrite_endpoint` (its variable
/// [`ENDPOINT_VAR`] included); the model `--model`, else `lessons.rewrite_model`.
pub fn run(
    endpoint_arg: Option<String>,
    model_arg: Option<String>,
    project: Option<PathBuf>,
    dry_run: bool,
    json: bool,
) -> CliResult {
    let config = util::load_config()?;
    let url = endpoint_arg
        .filter(|s| !s.is_empty())
        .or_else(|| config.lessons.rewrite_endpoint.clone())
        .ok_or_else(|| {
            format!("rewrite is off: give --endpoint http://127.0.0.1:PORT/v1 (an OpenAI-compatible server on this machine), or set lessons.rewrite_endpoint in config.toml or {ENDPOINT_VAR}")
        })?;
    let ep = endpoint(&url)?;
    let model = model_arg.unwrap_or_else(|| config.lessons.rewrite_model.clone());
    let project = crate::lessons_share::project_of(project)?;
    let store = match Store::open_existing(&util::home()?.join("state.db")) {
        Ok(s) => Some(s),
        Err(hookward_store::StoreError::Missing { .. }) => None,
        Err(e) => return Err(e.to_string()),
    };
    let rows = match &store {
        Some(s) => s
            .lessons(&LessonQuery {
                project: Some(project.clone()),
                include_retired: false,
                limit: 0,
            })
            .map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    let mut items = Vec::new();
    let mut rows = rows;
    rows.sort_by_key(|r| r.id);
    for r in &rows {
        let l = &r.lesson;
        let body = json!({
            "model": &model,
            "temperature": 0,
            "max_tokens": 80,
            "messages": [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": format!(
                    "Tool: {}\nFailure: {}\nWhat fixed it: {}\nCommand change: {}",
                    l.tool, l.symptom, l.prescription, l.diff)},
            ],
        });
        let result = complete(&ep, &body).and_then(|a| vet(r, &a, &config));
        let (kept, why) = match &result {
            Ok(t) => (Some(t.clone()), None),
            Err(e) => (None, Some(e.clone())),
        };
        if let (Some(t), Some(s), false) = (&kept, &store, dry_run) {
            s.set_prescription(r.id, t).map_err(|e| e.to_string())?;
            hookward_pipeline::lessons::prevet_lesson(s, r.id, &config)
                .map_err(|e| e.to_string())?;
        }
        items.push(json!({
            "id": r.display_id(),
            "before": l.prescription,
            "after": kept,
            "refused": why,
        }));
    }
    if json {
        return crate::json::print(json!({"dry_run": dry_run, "items": items}));
    }
    if items.is_empty() {
        outln!("no lessons in force in {project}");
    }
    for i in &items {
        let s = |k: &str| i[k].as_str().unwrap_or("").to_string();
        outln!("{}  before: {}", s("id"), s("before"));
        match i["after"].as_str() {
            Some(a) => outln!(
                "{}  after:  {a}{}",
                " ".repeat(s("id").len()),
                if dry_run { " (dry run, not saved)" } else { "" }
            ),
            None => outln!(
                "{}  kept as is: {}",
                " ".repeat(s("id").len()),
                s("refused")
            ),
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_loopback_endpoints() {
        assert_eq!(
            endpoint("http://127.0.0.1:8080/v1/").expect("ok"),
            Endpoint {
                authority: "127.0.0.1:8080".into(),
                base: "/v1".into()
            }
        );
        assert_eq!(
            endpoint("http://localhost:11434/v1").expect("ok").authority,
            "127.0.0.1:11434"
        );
        assert!(endpoint("http://[::1]:9/v1").is_ok());
        for bad in [
            "https://api.openai.com/v1",
            "http://10.0.0.5:8080/v1",
            "http://127.0.0.1/v1",
            "http://localhost.evil.example:80/v1",
        ] {
            assert!(endpoint(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn chunked_bodies_decode() {
        assert_eq!(
            dechunk(b"4\r\nWiki\r\n5\r\npedia\r\n0\r\n\r\n"),
            b"Wikipedia"
        );
    }
}
