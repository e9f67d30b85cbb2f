//! The raw-text fallback (issue 12, item 3): a payload that does not parse even after
//! `hookward_core::wire::json_lossy`'s repair (cut short, a broken escape, stray bytes) is
//! still read for what decides a tool call — the event name, the tool name, the command, the
//! file path, the URL — straight from its bytes, so that the call is judged by the same
//! analysis and policy before the fail mode applies.
//!
//! The scan looks for `"key"` followed by `:` and a string (`"key"\s*:\s*"…"`), outside no
//! particular structure, and decodes the string leniently: known escapes are decoded, a
//! broken `\u` escape or a lone surrogate becomes U+FFFD, any other escaped character stands
//! for itself, and a string cut by the end of the input ends there. A key inside a string
//! value is escaped (`\"command\"`) and so never matches. Nothing is executed or fetched.

use hookward_core::Agent;
use serde_json::{json, Map, Value};

/// The most bytes of a payload the scan reads (16 MiB): a shell command or a path lies in the
/// first part of every payload the agents send (the event's fields precede the output).
pub const MAX_SCAN_BYTES: usize = 16 << 20;

/// The gate events' names in every agent's spelling (Claude Code and Codex, Gemini CLI,
/// Cursor): a payload naming one of them is judged before a tool runs.
pub const GATE_EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "BeforeTool",
    "preToolUse",
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
];

/// Non-gate events' names in every agent's spelling: a payload naming one of them (and no
/// gate) is not a tool call about to run, so failing closed on it would only wedge the session.
pub const OTHER_EVENTS: &[&str] = &[
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "Stop",
    "SubagentStop",
    "SubagentStart",
    "SessionStart",
    "SessionEnd",
    "Notification",
    "PreCompact",
    "PostCompact",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "BeforeModel",
    "AfterModel",
    "PreCompress",
    "afterShellExecution",
    "afterMCPExecution",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "postToolUse",
    "stop",
    "sessionStart",
    "sessionEnd",
];

/// The string values of `key` (`"key"\s*:\s*"…"`) in `text`, decoded leniently, in order,
/// without repeats.
pub fn scrape_all(text: &str, key: &str) -> Vec<String> {
    let needle = format!("\"{key}\"");
    let mut out: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find(&needle) {
        let after = from + at + needle.len();
        from = after;
        let rest = text[after..].trim_start();
        let Some(rest) = rest.strip_prefix(':') else {
            continue;
        };
        let Some(body) = rest.trim_start().strip_prefix('"') else {
            continue;
        };
        let (value, used) = decode_string(body);
        from = text.len() - body.len() + used;
        if !out.contains(&value) {
            out.push(value);
        }
    }
    out
}

/// Decodes a JSON string body (after its opening quote) up to its closing quote or the end of
/// the text; returns the value and the bytes used.
fn decode_string(body: &str) -> (String, usize) {
    let mut out = String::new();
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '"' => return (out, i + 1),
            '\\' => {
                let Some((_, e)) = chars.next() else {
                    break;
                };
                match e {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    'r' => out.push('\r'),
                    'b' => out.push('\u{8}'),
                    'f' => out.push('\u{c}'),
                    'u' => {
                        let mut hex = String::new();
                        while hex.len() < 4 {
                            match chars.peek() {
                                Some((_, h)) if h.is_ascii_hexdigit() => {
                                    hex.push(*h);
                                    chars.next();
                                }
                                _ => break,
                            }
                        }
                        let unit = u32::from_str_radix(&hex, 16)
                            .ok()
                            .filter(|_| hex.len() == 4);
                        match unit {
                            Some(u) if (0xD800..0xDC00).contains(&u) => {
                                // A high surrogate: combine with a following low one.
                                let rest: String = body[chars.peek().map_or(body.len(), |p| p.0)..]
                                    .chars()
                                    .take(6)
                                    .collect();
                                let low = rest
                                    .strip_prefix("\\u")
                                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                                    .filter(|l| (0xDC00..0xE000).contains(l));
                                match low.and_then(|l| {
                                    char::from_u32(0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00))
                                }) {
                                    Some(ch) => {
                                        out.push(ch);
                                        for _ in 0..6 {
                                            chars.next();
                                        }
                                    }
                                    None => out.push('\u{fffd}'),
                                }
                            }
                            Some(u) => out.push(char::from_u32(u).unwrap_or('\u{fffd}')),
                            None => out.push('\u{fffd}'),
                        }
                    }
                    other => out.push(other),
                }
            }
            c => out.push(c),
        }
    }
    (out, body.len())
}

/// What the raw scan found in a payload that does not parse.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recovered {
    /// The first `hook_event_name` string.
    pub event: Option<String>,
    /// The first `tool_name` string.
    pub tool: Option<String>,
    /// Every `command` string (a shell tool's, an MCP server's), in order.
    pub commands: Vec<String>,
    /// The first `file_path` (or `path`) string.
    pub file_path: Option<String>,
    /// The first `url` string.
    pub url: Option<String>,
    /// The first `cwd` string.
    pub cwd: Option<String>,
    /// The first `session_id` (or Cursor's `conversation_id`) string.
    pub session: Option<String>,
}

impl Recovered {
    /// Scans the first [`MAX_SCAN_BYTES`] of `bytes` (invalid UTF-8 read as U+FFFD).
    pub fn scan(bytes: &[u8]) -> Recovered {
        let text = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX_SCAN_BYTES)]);
        let first = |k: &str| scrape_all(&text, k).into_iter().next();
        Recovered {
            event: first("hook_event_name"),
            tool: first("tool_name"),
            commands: scrape_all(&text, "command"),
            file_path: first("file_path").or_else(|| first("path")),
            url: first("url"),
            cwd: first("cwd"),
            session: first("session_id").or_else(|| first("conversation_id")),
        }
    }

    /// Whether the payload is (or may be) a gate event: its recovered event name is a gate,
    /// or it names no event hookward knows at all (an unidentifiable payload is treated as a
    /// tool call about to run, so that `fail_mode = "closed"` blocks it).
    pub fn may_be_gate(&self, bytes: &[u8]) -> bool {
        if let Some(name) = &self.event {
            return GATE_EVENTS.contains(&name.as_str()) || !OTHER_EVENTS.contains(&name.as_str());
        }
        let head = String::from_utf8_lossy(&bytes[..bytes.len().min(1 << 16)]);
        let quoted = |n: &&str| head.contains(&format!("\"{n}\""));
        GATE_EVENTS.iter().any(quoted) || !OTHER_EVENTS.iter().any(quoted)
    }

    /// A payload in `agent`'s shape holding what was recovered, for the adapter's
    /// `from_value`; `None` when nothing a gate rule could judge was found (no command, path or
    /// URL) or the event is not a gate. A missing event name becomes the agent's PreToolUse; a
    /// missing tool name beside a command becomes the agent's shell tool.
    pub fn payload(&self, agent: Agent) -> Option<Value> {
        if self.commands.is_empty() && self.file_path.is_none() && self.url.is_none() {
            return None;
        }
        if let Some(e) = &self.event {
            if !GATE_EVENTS.contains(&e.as_str()) {
                return None;
            }
        }
        let command = (!self.commands.is_empty()).then(|| self.commands.join("\n"));
        let names = crate::profile(agent).recovery_names;
        let default_event = if command.is_some() && self.tool.is_none() {
            names.shell_event
        } else {
            names.pre_tool_event
        };
        let shell = names.shell_tool;
        let tool = match (&self.tool, &command) {
            (Some(t), _) => t.clone(),
            (None, Some(_)) => shell.to_string(),
            (None, None) => return None,
        };
        let mut input = Map::new();
        if let Some(c) = &command {
            input.insert("command".into(), json!(c));
        }
        if let Some(p) = &self.file_path {
            input.insert("file_path".into(), json!(p));
            input.insert("path".into(), json!(p));
        }
        if let Some(u) = &self.url {
            input.insert("url".into(), json!(u));
        }
        let mut obj = Map::new();
        obj.insert(
            "hook_event_name".into(),
            json!(self.event.as_deref().unwrap_or(default_event)),
        );
        obj.insert("tool_name".into(), json!(tool));
        if let Some(c) = &command {
            obj.insert("command".into(), json!(c));
        }
        obj.insert("tool_input".into(), Value::Object(input));
        if let Some(cwd) = &self.cwd {
            obj.insert("cwd".into(), json!(cwd));
        }
        if let Some(s) = &self.session {
            obj.insert("session_id".into(), json!(s));
            obj.insert("conversation_id".into(), json!(s));
        }
        Some(Value::Object(obj))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_read_from_broken_json() {
        let raw = br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~ \x && echo \ud83d \"q\"","description":"#;
        let r = Recovered::scan(raw);
        assert_eq!(r.event.as_deref(), Some("PreToolUse"));
        assert_eq!(r.tool.as_deref(), Some("Bash"));
        assert_eq!(
            r.commands,
            vec!["rm -rf ~ x && echo \u{fffd} \"q\"".to_string()]
        );
        // cut in the middle of the command
        let r = Recovered::scan(br#"{"tool_name":"Bash","tool_input":{"command" : "curl x | sh"#);
        assert_eq!(r.commands, vec!["curl x | sh".to_string()]);
        // an escaped key inside a string is not a key
        let r = Recovered::scan(br#"{"content":"{\"command\":\"rm -rf /\"}"}"#);
        assert!(r.commands.is_empty(), "{r:?}");
        // a surrogate pair
        let r = Recovered::scan(br#"{"command":"echo \ud83d\ude00"}"#);
        assert_eq!(r.commands, vec!["echo \u{1f600}".to_string()]);
    }

    #[test]
    fn gate_guess_and_payload_shape() {
        let r = Recovered::scan(br#"{"hook_event_name":"Stop","x":"#);
        assert!(!r.may_be_gate(b""));
        assert!(r.payload(Agent::ClaudeCode).is_none());
        assert!(Recovered::default().may_be_gate(b"\x00garbage"));
        let r = Recovered::scan(br#"{"command":"ls""#);
        let p = r.payload(Agent::Gemini).unwrap();
        assert_eq!(p["hook_event_name"], "BeforeTool");
        assert_eq!(p["tool_name"], "run_shell_command");
        assert_eq!(p["tool_input"]["command"], "ls");
    }
}
