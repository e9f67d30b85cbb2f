//! Transcripts the agents already write, read back as the hook payloads they would have sent
//! (for `hookward lessons audit`, which replays them through the same episode code the hook
//! uses). Pure: one file's text in, [`ReplayCall`]s out; nothing is run or fetched.
//!
//! - **Claude Code** (`~/.claude/projects/<project>/<session>.jsonl`, sub-agents in
//!   `<session>/subagents/agent-*.jsonl`): an assistant line's `tool_use` block
//!   (`id`, `name`, `input`) is answered by a later user line's `tool_result` block
//!   (`tool_use_id`, `content`, `is_error`) with the structured result in the line's
//!   `toolUseResult`. `is_error: true` becomes a `PostToolUseFailure` payload whose `error` is
//!   the result text (what Claude Code sends its hooks); anything else a `PostToolUse` payload
//!   whose `tool_response` is the structured result.
//! - **Codex CLI** (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): `response_item` lines with
//!   a `function_call` (`name`, `arguments` as a JSON string, `call_id`), `custom_tool_call`
//!   (`apply_patch` with its patch as `input`) or `local_shell_call`, answered by
//!   `function_call_output` / `custom_tool_call_output` (`output`: text with Codex's
//!   `Exit code: N` / `Process exited with code N` header, or a JSON string
//!   `{"output", "metadata": {"exit_code"}}`). Shell calls become Codex's hook tool `Bash`,
//!   the patch tool `apply_patch`, as Codex 0.171's hooks name them.
//!
//! A call without its result (the session was cut) is left out. A resumed or forked session's
//! file repeats the lines of the one it continues: the caller replays a call id once.

use hookward_core::Agent;
use serde_json::{json, Map, Value};
use std::collections::HashMap;

/// One tool call and its result, as the hook payload the agent would have sent after it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayCall {
    /// Whose transcript it came from.
    pub agent: Agent,
    /// The result line's `timestamp` (RFC 3339), when it has one.
    pub timestamp: Option<String>,
    /// The call id (`toolu_…`, `call_…`).
    pub id: Option<String>,
    /// The payload: `hook_event_name` `PostToolUse` or `PostToolUseFailure`, `session_id`,
    /// `cwd`, `tool_name`, `tool_input`, `tool_response` or `error`, `tool_use_id`, and
    /// `agent_id` for a Claude sub-agent.
    pub payload: Value,
}

/// What one transcript gave: the calls and the lines that were not JSON.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Replay {
    /// The tool calls with their results, in file order.
    pub calls: Vec<ReplayCall>,
    /// Lines that are not JSON objects (a cut last line is one).
    pub bad_lines: usize,
}

fn str_at<'a>(v: &'a Value, ptr: &str) -> Option<&'a str> {
    v.pointer(ptr)
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty())
}

/// The text of a `tool_result`'s `content`: a string as is, text blocks joined by newlines.
fn content_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(a) => a
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// The JSON values of `text`'s non-blank lines, in order (a JSONL transcript); each line that
/// is not JSON (a cut last line) adds one to `bad_lines` and is skipped.
fn json_lines<'a>(text: &'a str, bad_lines: &'a mut usize) -> impl Iterator<Item = Value> + 'a {
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .filter_map(move |line| match serde_json::from_str::<Value>(line) {
            Ok(v) => Some(v),
            Err(_) => {
                *bad_lines += 1;
                None
            }
        })
}

/// The tool calls of one Claude Code transcript ([module docs](self)).
pub fn claude(text: &str) -> Replay {
    let mut out = Replay::default();
    // tool_use id → (name, input)
    let mut uses: HashMap<String, (String, Value)> = HashMap::new();
    let mut bad_lines = 0;
    for v in json_lines(text, &mut bad_lines) {
        let Some(blocks) = v.pointer("/message/content").and_then(Value::as_array) else {
            continue;
        };
        match v.get("type").and_then(Value::as_str) {
            Some("assistant") => {
                for b in blocks {
                    if b.get("type").and_then(Value::as_str) != Some("tool_use") {
                        continue;
                    }
                    if let (Some(id), Some(name)) = (str_at(b, "/id"), str_at(b, "/name")) {
                        let input = b.get("input").cloned().unwrap_or(Value::Null);
                        uses.insert(id.to_string(), (name.to_string(), input));
                    }
                }
            }
            Some("user") => {
                for b in blocks {
                    if b.get("type").and_then(Value::as_str) != Some("tool_result") {
                        continue;
                    }
                    let Some(id) = str_at(b, "/tool_use_id") else {
                        continue;
                    };
                    let Some((name, input)) = uses.get(id) else {
                        continue;
                    };
                    let is_error = b.get("is_error").and_then(Value::as_bool) == Some(true);
                    let mut p = Map::new();
                    p.insert(
                        "hook_event_name".into(),
                        json!(if is_error {
                            "PostToolUseFailure"
                        } else {
                            "PostToolUse"
                        }),
                    );
                    for (k, ptr) in [("session_id", "/sessionId"), ("cwd", "/cwd")] {
                        if let Some(s) = str_at(&v, ptr) {
                            p.insert(k.into(), json!(s));
                        }
                    }
                    if let Some(a) = str_at(&v, "/agentId") {
                        p.insert("agent_id".into(), json!(a));
                    }
                    p.insert("tool_name".into(), json!(name));
                    p.insert("tool_input".into(), input.clone());
                    p.insert("tool_use_id".into(), json!(id));
                    let text = content_text(b.get("content").unwrap_or(&Value::Null));
                    // the transcript wraps a tool's own error in tags the hook's `error` lacks
                    let text = text
                        .trim()
                        .trim_start_matches("<tool_use_error>")
                        .trim_end_matches("</tool_use_error>")
                        .to_string();
                    if is_error {
                        p.insert("error".into(), json!(text));
                        p.insert("is_interrupt".into(), json!(false));
                    } else {
                        // the structured result the hook gets; a bare text result is wrapped
                        // so that it reads as "structured, no status": a success
                        let resp = match v.get("toolUseResult") {
                            Some(r @ Value::Object(_)) => r.clone(),
                            _ => json!({ "output": text }),
                        };
                        p.insert("tool_response".into(), resp);
                    }
                    out.calls.push(ReplayCall {
                        agent: Agent::ClaudeCode,
                        timestamp: str_at(&v, "/timestamp").map(str::to_string),
                        id: Some(id.to_string()),
                        payload: Value::Object(p),
                    });
                }
            }
            _ => {}
        }
    }
    out.bad_lines = bad_lines;
    out
}

/// The Codex hook tool name and input of a rollout call, from its `name` and arguments.
fn codex_tool(name: &str, args: &Value) -> (String, Value) {
    match name {
        "shell" | "shell_command" | "exec_command" | "local_shell" | "container.exec" => {
            let cmd = args
                .get("command")
                .or_else(|| args.get("cmd"))
                .cloned()
                .unwrap_or(Value::Null);
            ("Bash".into(), json!({ "command": cmd }))
        }
        "apply_patch" => {
            let patch = args
                .as_str()
                .or_else(|| args.get("input").and_then(Value::as_str))
                .or_else(|| args.get("patch").and_then(Value::as_str))
                .unwrap_or("");
            ("apply_patch".into(), json!({ "command": patch }))
        }
        other => (other.to_string(), args.clone()),
    }
}

/// A rollout call's output as the hook's `tool_response`: a JSON string with
/// `metadata.exit_code` becomes `{"output", "exit_code"}`, anything else the text.
fn codex_response(output: &Value) -> Value {
    let text = match output {
        Value::String(s) => s.clone(),
        Value::Object(o) => o
            .get("content")
            .or_else(|| o.get("output"))
            .map(content_text)
            .unwrap_or_default(),
        other => content_text(other),
    };
    if let Ok(Value::Object(o)) = serde_json::from_str::<Value>(&text) {
        let code = o.get("metadata").and_then(|m| m.get("exit_code"));
        let out = o.get("output").map(content_text).unwrap_or_default();
        if let Some(code) = code.and_then(Value::as_i64) {
            return json!({ "output": out, "exit_code": code });
        }
        return json!(out);
    }
    json!(text)
}

/// The tool calls of one Codex rollout ([module docs](self)).
pub fn codex(text: &str) -> Replay {
    let mut out = Replay::default();
    let mut session: Option<String> = None;
    let mut cwd: Option<String> = None;
    let mut calls: HashMap<String, (String, Value)> = HashMap::new();
    let mut bad_lines = 0;
    for v in json_lines(text, &mut bad_lines) {
        let Some(payload) = v.get("payload") else {
            continue;
        };
        match v.get("type").and_then(Value::as_str) {
            Some("session_meta") => {
                session = str_at(payload, "/id").map(str::to_string);
                cwd = str_at(payload, "/cwd").map(str::to_string).or(cwd);
            }
            Some("turn_context") => {
                if let Some(c) = str_at(payload, "/cwd") {
                    cwd = Some(c.to_string());
                }
            }
            Some("response_item") => {
                let id = str_at(payload, "/call_id").map(str::to_string);
                match (payload.get("type").and_then(Value::as_str), id) {
                    (Some("function_call"), Some(id)) => {
                        let name = str_at(payload, "/name").unwrap_or("");
                        let args = payload
                            .get("arguments")
                            .and_then(Value::as_str)
                            .and_then(|s| serde_json::from_str(s).ok())
                            .unwrap_or(Value::Null);
                        calls.insert(id, codex_tool(name, &args));
                    }
                    (Some("custom_tool_call"), Some(id)) => {
                        let name = str_at(payload, "/name").unwrap_or("");
                        let input = payload.get("input").cloned().unwrap_or(Value::Null);
                        calls.insert(id, codex_tool(name, &input));
                    }
                    (Some("local_shell_call"), Some(id)) => {
                        let cmd = payload
                            .pointer("/action/command")
                            .cloned()
                            .unwrap_or(Value::Null);
                        calls.insert(id, ("Bash".into(), json!({ "command": cmd })));
                    }
                    (Some("function_call_output" | "custom_tool_call_output"), Some(id)) => {
                        let Some((name, input)) = calls.get(&id) else {
                            continue;
                        };
                        let mut p = Map::new();
                        p.insert("hook_event_name".into(), json!("PostToolUse"));
                        if let Some(s) = &session {
                            p.insert("session_id".into(), json!(s));
                        }
                        if let Some(c) = &cwd {
                            p.insert("cwd".into(), json!(c));
                        }
                        p.insert("tool_name".into(), json!(name));
                        p.insert("tool_input".into(), input.clone());
                        p.insert(
                            "tool_response".into(),
                            codex_response(payload.get("output").unwrap_or(&Value::Null)),
                        );
                        p.insert("tool_use_id".into(), json!(id));
                        out.calls.push(ReplayCall {
                            agent: Agent::Codex,
                            timestamp: str_at(&v, "/timestamp").map(str::to_string),
                            id: Some(id),
                            payload: Value::Object(p),
                        });
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    out.bad_lines = bad_lines;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(rel: &str) -> String {
        let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../hookward/tests/data/lessons-audit/home")
            .join(rel);
        std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
    }

    #[test]
    fn claude_results_become_failure_and_success_payloads() {
        let r = claude(&fixture(
            ".claude/projects/-home-dev-work-app/5c1f0000-0000-4000-8000-000000000001.jsonl",
        ));
        assert_eq!(r.bad_lines, 0);
        let kinds: Vec<(&str, &str)> = r
            .calls
            .iter()
            .map(|c| {
                (
                    c.payload["hook_event_name"].as_str().unwrap_or(""),
                    c.payload["tool_name"].as_str().unwrap_or(""),
                )
            })
            .collect();
        assert_eq!(
            kinds,
            [
                ("PostToolUseFailure", "Bash"),
                ("PostToolUse", "Read"),
                ("PostToolUse", "Bash"),
                ("PostToolUseFailure", "Bash"),
                ("PostToolUseFailure", "Edit"),
                ("PostToolUse", "Edit"),
            ]
        );
        let first = &r.calls[0].payload;
        assert!(first["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("Exit code 1\nnpm ERR! Missing script")));
        assert_eq!(first["tool_input"]["command"], "npm test");
        assert_eq!(first["cwd"], "/home/dev/work/app");
        assert_eq!(r.calls[2].payload["tool_response"]["interrupted"], false);
        // the adapter reads the payload as the hook's own
        let e = hookward_claude::from_value(first.clone(), &Default::default()).expect("event");
        assert!(crate::outcome(&e).is_failure());
        let e = hookward_claude::from_value(r.calls[2].payload.clone(), &Default::default())
            .expect("event");
        assert_eq!(crate::outcome(&e), crate::Outcome::Success);
    }

    #[test]
    fn claude_subagent_lines_carry_their_agent_and_cut_lines_count() {
        let r = claude(&fixture(
            ".claude/projects/-home-dev-work-app/5c1f0000-0000-4000-8000-000000000002/subagents/agent-a7f3c2.jsonl",
        ));
        assert_eq!(r.calls.len(), 5);
        assert!(r.calls.iter().all(|c| c.payload["agent_id"] == "a7f3c2"));
        let r = claude(&fixture(
            ".claude/projects/-home-dev-work-app/5c1f0000-0000-4000-8000-000000000002.jsonl",
        ));
        assert_eq!((r.calls.len(), r.bad_lines), (3, 1));
    }

    #[test]
    fn codex_rollouts_map_to_the_hook_tools_with_exit_codes() {
        let r = codex(&fixture(
            ".codex/sessions/2026/12/01/rollout-2026-12-01T10-00-00-019a0000-0000-7000-8000-00000000c0de.jsonl",
        ));
        // the last call has no output: left out
        assert_eq!(r.calls.len(), 6);
        let outcomes: Vec<String> = r
            .calls
            .iter()
            .map(|c| {
                let e = hookward_codex::from_value(c.payload.clone(), &Default::default())
                    .expect("event");
                let t = e.tool.as_ref().expect("tool");
                let o = match crate::outcome(&e) {
                    crate::Outcome::Failure(f) => f.cause.word().to_string(),
                    other => format!("{other:?}"),
                };
                format!("{} {} {o}", t.name, t.command.clone().unwrap_or_default())
            })
            .collect();
        assert_eq!(
            outcomes,
            [
                "Bash cargo test exit-code",
                "apply_patch  Success",
                "Bash cargo test Success",
                "Bash npm run lint exit-code",
                "Bash npx eslint . Success",
                "Bash git push exit-code",
            ]
        );
        assert_eq!(
            r.calls[0].payload["session_id"],
            "019a0000-0000-7000-8000-00000000c0de"
        );
        assert_eq!(r.calls[3].payload["cwd"], "/home/dev/work/api");
    }
}
