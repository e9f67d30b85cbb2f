//! Gemini CLI adapter: the agent's hook payloads in, its reply format out.
//!
//! Gemini CLI (0.61.0, `shared/protocol/REPORT.md` §3) runs each hook command once per event
//! with one JSON document on stdin. Its events have their own names, which this crate maps
//! onto hookward's [`EventKind`]s:
//!
//! | Gemini | hookward |
//! | --- | --- |
//! | `BeforeTool` / `AfterTool` | `PreToolUse` / `PostToolUse` |
//! | `BeforeAgent` (carries `prompt`) | `UserPromptSubmit` |
//! | `AfterAgent` | `Stop` |
//! | `SessionStart` / `SessionEnd` / `Notification` | same |
//! | `PreCompress` | `PreCompact` |
//! | `BeforeModel`, `AfterModel`, `BeforeToolSelection`, newer | `Other(<name>)` |
//!
//! Tools are normalised so the same facts and rules apply as for Claude Code:
//! `run_shell_command` → shell (`command`), `read_file` / `read_many_files` / `list_directory`
//! / `glob` / `search_file_content` → file read (paths), `write_file` / `replace` → file
//! write (`file_path`), `web_fetch` (URL taken from its `prompt`) / `google_web_search` →
//! fetch, MCP tools → [`McpTool`] (from `mcp_context`, or a `mcp__server__tool` /
//! `server__tool` name; no MCP call was captured from Gemini 0.61, so this follows its
//! naming of conflicting MCP tools).
//!
//! [`render`] follows REPORT.md §3 "hook reply → effect": a block is `decision:"deny"`
//! (`BeforeTool`) or `decision:"block"` (`BeforeAgent`), `AfterTool` `decision:"block"`
//! replaces the tool's output with `{"error": <reason>}`, and `additionalContext` reaches
//! the model on `SessionStart`, `BeforeAgent` and `AfterTool` only. `"ask"` is never sent:
//! a headless run ends silently on it.
//!
//! ```
//! use hookward_gemini::{parse, render, Env};
//! use hookward_core::{Decision, EventKind, Response, ToolKind};
//!
//! let payload = br#"{"session_id":"s1","cwd":"/p","hook_event_name":"BeforeTool",
//!   "tool_name":"run_shell_command","tool_input":{"command":"cat ~/.ssh/id_rsa"}}"#;
//! let event = parse(payload, &Env::default()).unwrap();
//! assert_eq!(event.kind, EventKind::PreToolUse);
//! assert_eq!(event.tool.as_ref().unwrap().kind, ToolKind::Shell);
//!
//! let reply = render(&event, &Response {
//!     decision: Some(Decision::Deny),
//!     reason: Some("would read a private key".into()),
//!     ..Response::default()
//! });
//! assert_eq!(reply.stdout.as_deref(),
//!     Some(r#"{"decision":"deny","reason":"would read a private key"}"#));
//! ```
#![deny(missing_docs)]

use hookward_core::{
    Agent, Decision, Event, EventKind, HookOutput, McpTool, Reply, Response, ToolCall, ToolKind,
};
use serde_json::{json, Value};

/// Gemini CLI 0.61 events (protocol/REPORT.md §3): BeforeTool/AfterTool are the tool-call gate
/// and results, BeforeAgent the prompt, AfterAgent the end of a turn.
pub const INSTALL_EVENTS: &[&str] = &[
    "BeforeTool",
    "AfterTool",
    "BeforeAgent",
    "AfterAgent",
    "SessionStart",
];

pub use hookward_core::wire::{Env, ParseError};

/// Whether hookward can replace this tool's output before the model sees it: always, since
/// `AfterTool` `decision:"block"` replaces any tool's output with `{"error": <reason>}`
/// (REPORT.md §3, `reply-effects/after_block.json`).
pub fn replaceable(_tool_name: &str) -> bool {
    true
}

/// Maps a Gemini event name onto hookward's [`EventKind`] (table in the crate docs).
pub fn event_kind(name: &str) -> EventKind {
    match name {
        "BeforeTool" => EventKind::PreToolUse,
        "AfterTool" => EventKind::PostToolUse,
        "BeforeAgent" => EventKind::UserPromptSubmit,
        "AfterAgent" => EventKind::Stop,
        "SessionStart" => EventKind::SessionStart,
        "SessionEnd" => EventKind::SessionEnd,
        "Notification" => EventKind::Notification,
        "PreCompress" => EventKind::PreCompact,
        other => EventKind::Other(other.to_string()),
    }
}

/// The Gemini name of an event kind, the inverse of [`event_kind`] (used as
/// `hookSpecificOutput.hookEventName`).
pub fn native_name(kind: &EventKind) -> &str {
    match kind {
        EventKind::PreToolUse => "BeforeTool",
        EventKind::PostToolUse => "AfterTool",
        EventKind::UserPromptSubmit => "BeforeAgent",
        EventKind::Stop => "AfterAgent",
        EventKind::PreCompact => "PreCompress",
        other => other.name(),
    }
}

/// Parses one Gemini CLI hook payload.
///
/// Accepts invalid UTF-8 inside the document (replaced by U+FFFD). Errors: [`ParseError`]
/// when the bytes are not a JSON object with a string `hook_event_name`.
pub fn parse(bytes: &[u8], env: &Env) -> Result<Event, ParseError> {
    PROFILE.parse(bytes, env)
}

/// Like [`parse`], from an already parsed JSON value. The Gemini event name is kept in
/// `extra["hook_event_name"]`; `timestamp`, `llm_request` and other fields stay in `extra`.
pub fn from_value(value: Value, env: &Env) -> Result<Event, ParseError> {
    let (mut obj, name) = hookward_core::wire::prologue(value, PROFILE.sender, true)?;
    let kind = event_kind(&name);
    let session_id = hookward_core::wire::take_str(&mut obj, "session_id");
    let cwd = hookward_core::wire::take_str(&mut obj, "cwd");
    let transcript_path = hookward_core::wire::take_str(&mut obj, "transcript_path");
    let prompt = hookward_core::wire::take_str(&mut obj, "prompt");
    let source = ["source", "trigger", "notification_type", "reason"]
        .iter()
        .find_map(|k| hookward_core::wire::take_str(&mut obj, k));
    let mcp_context = obj.get("mcp_context").cloned();
    let mut run_dir = None;
    let tool = hookward_core::wire::take_str(&mut obj, "tool_name").map(|name| {
        let input = obj.remove("tool_input").unwrap_or(Value::Null);
        if name == "run_shell_command" {
            run_dir = input
                .get("dir_path")
                .and_then(Value::as_str)
                .filter(|d| !d.trim().is_empty())
                .map(str::to_string);
        }
        let response = obj.remove("tool_response");
        let error = response
            .as_ref()
            .and_then(|r| r.get("error"))
            .and_then(Value::as_str)
            .map(str::to_string);
        let mut call = tool_call(name, input, response, mcp_context.as_ref());
        call.error = error;
        call
    });
    let project_dir = env.project_dir_or(&[&cwd]);
    // The project stays the session's; the command's own folder is where it runs.
    let cwd = shell_dir(cwd, run_dir.as_deref());
    Ok(Event {
        agent: Agent::Gemini,
        kind,
        session_id,
        cwd,
        project_dir,
        transcript_path,
        permission_mode: None,
        agent_id: None,
        agent_type: None,
        changed_file: None,
        tool,
        prompt,
        source,
        extra: obj,
    })
}

/// The folder a `run_shell_command` runs in: Gemini CLI 0.61 runs the command in its
/// `dir_path` argument, resolved against the project folder (`path.resolve(targetDir,
/// dir_path)` in its shell tool, checked to be inside the workspace), else in the project
/// folder, which is the payload's `cwd`. The rule is shared with the other agents:
/// [`hookward_core::wire::shell_dir`].
pub fn shell_dir(cwd: Option<String>, dir_path: Option<&str>) -> Option<String> {
    hookward_core::wire::shell_dir(cwd, dir_path)
}

/// The first `http://` or `https://` URL in `text` (web_fetch puts its URLs in a prompt).
pub fn first_url(text: &str) -> Option<String> {
    let start = ["https://", "http://"]
        .iter()
        .filter_map(|p| text.find(p))
        .min()?;
    let url: String = text[start..]
        .chars()
        .take_while(|c| !c.is_whitespace() && !matches!(c, '"' | '\'' | '<' | '>' | ')' | ']'))
        .collect();
    Some(url.trim_end_matches(['.', ',', ';', ':']).to_string())
}

/// The file Gemini CLI's `save_memory` tool appends to (its global context file; `~` is the
/// user's home, resolved by the facts like any tool path).
pub const SAVE_MEMORY_FILE: &str = "~/.gemini/GEMINI.md";

/// Normalises one Gemini CLI tool call.
///
/// Tool names are Gemini CLI 0.61's built-ins (REPORT.md §3, "Tools"); inputs use
/// `file_path` (older versions: `absolute_path`), `dir_path`/`path`, `paths`. An MCP tool is
/// recognised by `mcp_context` (`server_name`, `tool_name`) or by its name.
pub fn tool_call(
    name: String,
    input: Value,
    response: Option<Value>,
    mcp_context: Option<&Value>,
) -> ToolCall {
    let s = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    let mut paths = Vec::new();
    let mut command = None;
    let mut url = None;
    let mut mcp = None;
    let kind = match name.as_str() {
        "run_shell_command" => {
            command = s("command");
            ToolKind::Shell
        }
        "write_file" | "replace" | "edit" => {
            paths.extend(s("file_path").or_else(|| s("absolute_path")));
            ToolKind::FileWrite
        }
        "save_memory" => {
            // Appends `fact` under "## Gemini Added Memories" in the global GEMINI.md, which
            // every later session loads: a memory write (its text: `fact`).
            paths.push(SAVE_MEMORY_FILE.to_string());
            ToolKind::FileWrite
        }
        "read_file" => {
            paths.extend(s("file_path").or_else(|| s("absolute_path")));
            ToolKind::FileRead
        }
        "read_many_files" => {
            // Gemini CLI 0.61: `include` (globs in each workspace folder), older: `paths`.
            for key in ["include", "paths"] {
                if let Some(a) = input.get(key).and_then(Value::as_array) {
                    paths.extend(a.iter().filter_map(Value::as_str).map(str::to_string));
                }
            }
            ToolKind::FileRead
        }
        "grep_search" | "search_file_content" | "grep" => {
            // Gemini CLI 0.61's content search is `grep_search` (`dir_path`, `include_pattern`);
            // older names took `path`/`include`.
            let root = s("dir_path").or_else(|| s("path"));
            let include = s("include_pattern").or_else(|| s("include"));
            paths =
                hookward_core::wire::search_paths(root.as_deref(), include.as_deref().as_slice());
            ToolKind::FileRead
        }
        "list_directory" | "glob" => {
            paths.extend(s("dir_path").or_else(|| s("path")));
            ToolKind::FileRead
        }
        "web_fetch" => {
            url = s("url").or_else(|| s("prompt").as_deref().and_then(first_url));
            ToolKind::Fetch
        }
        "google_web_search" => ToolKind::Fetch,
        n => match mcp_name(n, mcp_context) {
            Some(m) => {
                mcp = Some(m);
                ToolKind::Mcp
            }
            None => ToolKind::Other,
        },
    };
    ToolCall {
        name,
        kind,
        input,
        response,
        error: None,
        id: None,
        mcp,
        command,
        paths,
        url,
    }
}

/// The MCP origin of a tool: `mcp_context.server_name`/`tool_name` when Gemini sends them,
/// else a `mcp__server__tool` or `server__tool` name (Gemini's name for an MCP tool whose
/// plain name conflicts).
fn mcp_name(name: &str, mcp_context: Option<&Value>) -> Option<McpTool> {
    if let Some(ctx) = mcp_context {
        let s = |k: &str| ctx.get(k).and_then(Value::as_str).map(str::to_string);
        if let Some(server) = s("server_name") {
            return Some(McpTool {
                server,
                tool: s("tool_name").unwrap_or_else(|| name.to_string()),
            });
        }
    }
    let rest = name.strip_prefix("mcp__").unwrap_or(name);
    let i = rest.find("__")?;
    let (server, tool) = (&rest[..i], &rest[i + 2..]);
    (!server.is_empty() && !tool.is_empty()).then(|| McpTool {
        server: server.to_string(),
        tool: tool.to_string(),
    })
}

/// Events whose `additionalContext` reaches the model (REPORT.md §3; `BeforeTool` context
/// was verified to go nowhere, `reply-effects/context.json`).
fn accepts_context(kind: &EventKind) -> bool {
    matches!(
        kind,
        EventKind::PostToolUse | EventKind::UserPromptSubmit | EventKind::SessionStart
    )
}

/// The text the model gets instead of a tool's output: the `llmContent` of a Gemini tool
/// response, a string as is, anything else as compact JSON.
fn replacement_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => match other.get("llmContent") {
            Some(Value::String(s)) => s.clone(),
            _ => other.to_string(),
        },
    }
}

/// Renders a [`Response`] as Gemini CLI's reply for `event`.
///
/// Rules (REPORT.md §3, DESIGN.md's per-agent table): an empty response prints nothing;
/// `BeforeTool` deny is `decision:"deny"` + `reason` (the model gets `Tool execution
/// blocked: <reason>`); an `ask` is sent as a deny too, because a headless run ends silently
/// on `"ask"` (the abilities step already applies `ask_fallback`, so this is a backstop);
/// an explicit allow is `decision:"allow"`; `BeforeAgent` deny is `decision:"block"`;
/// `AfterTool` `replace_output` is `decision:"block"` with the replacement text as reason;
/// context goes in `hookSpecificOutput.additionalContext` on `SessionStart`, `BeforeAgent`
/// and `AfterTool`, and into `systemMessage` elsewhere. Exactly one JSON document or
/// nothing, exit code 0.
pub fn render(event: &Event, response: &Response) -> Reply {
    if response.is_empty() {
        return Reply::none();
    }
    let mut out = HookOutput::new(response);
    let reason = response
        .reason
        .clone()
        .filter(|r| !r.trim().is_empty())
        .unwrap_or_else(|| "blocked by hookward".to_string());
    match (&event.kind, response.decision) {
        (EventKind::PreToolUse, Some(Decision::Deny | Decision::Ask)) => {
            out.top.insert("decision".into(), json!("deny"));
            out.top.insert("reason".into(), json!(reason));
        }
        (EventKind::PreToolUse, Some(Decision::Allow)) => {
            out.top.insert("decision".into(), json!("allow"));
        }
        (EventKind::UserPromptSubmit, Some(Decision::Deny)) => out.block(&reason),
        _ => {}
    }
    if let (EventKind::PostToolUse, Some(replaced)) = (&event.kind, &response.replace_output) {
        out.block(&replacement_text(replaced));
    }
    out.context(response.context.as_deref(), accepts_context(&event.kind));
    let name = event
        .extra
        .get("hook_event_name")
        .and_then(Value::as_str)
        .unwrap_or_else(|| native_name(&event.kind));
    out.reply(name)
}

/// The reply for a fail-closed internal error: exit code 2 with the reason on stderr, which
/// Gemini CLI treats as a deny on `BeforeTool` (functionResponse `Tool execution blocked:
/// <stderr>`, `reply-effects/exit2.json`).
pub fn render_fail_closed(reason: &str) -> Reply {
    Reply::exit_2(reason)
}
use hookward_core::profile::{AgentFile, FileKind, InstallScope, Place, UnguardFlag};

/// Gemini CLI's files: `~/.gemini` (instructions, `settings.json` with hooks and MCP
/// servers), the project's `GEMINI.md` and `.gemini` folder; `~/.gemini/GEMINI.md` is also
/// its memory; `~/.gemini/oauth_creds.json` its sign-in tokens.
pub static FILES: &[AgentFile] = &[
    AgentFile::file(Place::Home, ".gemini/GEMINI.md", FileKind::Instructions).importing(),
    AgentFile::file(Place::Home, ".gemini/settings.json", FileKind::Settings)
        .install_target(InstallScope::User),
    AgentFile::file(Place::Project, "GEMINI.md", FileKind::Instructions).importing(),
    AgentFile::folder(Place::Project, ".gemini", FileKind::Settings).guard_only(),
    // Where its `save_memory` tool appends (guarded as the instructions row above).
    AgentFile::file(Place::Home, ".gemini/GEMINI.md", FileKind::Memory).at_place_only(),
    // Gemini CLI docs, authentication: cached OAuth credentials.
    AgentFile::file(
        Place::Home,
        ".gemini/oauth_creds.json",
        FileKind::Credentials,
    ),
    AgentFile::folder(Place::Home, ".gemini", FileKind::State),
    // Gemini CLI records chats in `~/.gemini/tmp/<project>/chats/session-*.jsonl`.
    AgentFile::folder(Place::Home, ".gemini/tmp", FileKind::Transcripts),
];

/// The flags that start Gemini CLI with its guard off (the built-in policy's
/// `nested_agent_flags`; `gemini --help`, Gemini CLI 0.61.0).
pub static UNGUARD_FLAGS: &[UnguardFlag] = &[
    UnguardFlag::new(
        "gemini",
        &["-y", "--yolo"],
        "accepts every action without asking (YOLO mode)",
    ),
    UnguardFlag::new(
        "gemini",
        &["--approval-mode"],
        "accepts every action without asking (YOLO mode)",
    )
    .value(r"^yolo$"),
];

/// Gemini CLI's row of [`hookward_core::profile::AgentProfile`]: everything agent-specific
/// about it (the registry is the crate `hookward-profiles`).
pub static PROFILE: hookward_core::profile::AgentProfile = hookward_core::profile::AgentProfile {
    agent: Agent::Gemini,
    label: "Gemini CLI",
    description: "Google's Gemini CLI",
    install_note: "~/.gemini/settings.json",
    sender: hookward_core::wire::Sender {
        sender: "Gemini CLI",
        hook: "a Gemini CLI hook (~/.gemini/settings.json)",
    },
    project_var: "GEMINI_PROJECT_DIR",
    project_is_hook_cwd: false,
    // Gemini's headless run ends silently on "ask" (REPORT.md §3).
    can_ask: false,
    install_events: INSTALL_EVENTS,
    files: FILES,
    recovery_names: hookward_core::profile::RecoveryNames {
        pre_tool_event: "BeforeTool",
        shell_event: "BeforeTool",
        shell_tool: "run_shell_command",
    },
    event_of: from_value,
    render,
    render_fail_closed,
    can_replace_output: replaceable,
    shell_call_payload: None,
    home_var: None,
    programs: &["gemini"],
    key_vars: &["GEMINI_API_KEY", "GOOGLE_API_KEY"],
    unguard_flags: UNGUARD_FLAGS,
    settings_format: hookward_core::profile::SettingsFormat::Gemini,
    hook_trust: false,
    plugin: false,
    transcripts: Some(hookward_core::profile::TranscriptFormat::Gemini),
    settings_flag: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shell_call_runs_in_its_dir_path() {
        let p = |dir: &str| {
            format!(
                r#"{{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"run_shell_command",
                    "tool_input":{{"command":"echo x > settings.json","dir_path":{dir}}}}}"#
            )
        };
        for (dir, want) in [
            (r#"".gemini""#, "/p/.gemini"),
            (r#""./.gemini/""#, "/p/.gemini"),
            (r#""/elsewhere/x/""#, "/elsewhere/x"),
            (r#""/""#, "/"),
            (r#""""#, "/p"),
            (r#"".""#, "/p"),
            ("null", "/p"),
        ] {
            let e = ev(&p(dir));
            assert_eq!(e.cwd.as_deref(), Some(want), "{dir}");
            assert_eq!(
                e.project_dir.as_deref(),
                Some("/p"),
                "{dir}: the project stays"
            );
        }
        // Only the shell tool runs in `dir_path`; a listing's `dir_path` is its target.
        let e = ev(
            r#"{"hook_event_name":"BeforeTool","cwd":"/p","tool_name":"list_directory",
                      "tool_input":{"dir_path":"src"}}"#,
        );
        assert_eq!(e.cwd.as_deref(), Some("/p"));
        assert_eq!(shell_dir(None, Some("rel")), None);
        assert_eq!(shell_dir(None, Some("/abs")), Some("/abs".to_string()));
    }

    fn ev(json: &str) -> Event {
        parse(json.as_bytes(), &Env::default()).unwrap()
    }

    #[test]
    fn mcp_tools_from_context_or_name() {
        let e = ev(
            r#"{"hook_event_name":"BeforeTool","tool_name":"create_issue","tool_input":{},
               "mcp_context":{"server_name":"github","tool_name":"create_issue"}}"#,
        );
        let t = e.tool.unwrap();
        assert_eq!(t.kind, ToolKind::Mcp);
        assert_eq!(t.mcp.unwrap().server, "github");
        for name in ["mcp__github__create_issue", "github__create_issue"] {
            let e = ev(&format!(
                r#"{{"hook_event_name":"BeforeTool","tool_name":"{name}","tool_input":{{}}}}"#
            ));
            let m = e.tool.unwrap().mcp.unwrap();
            assert_eq!(
                (m.server.as_str(), m.tool.as_str()),
                ("github", "create_issue")
            );
        }
        let e = ev(
            r#"{"hook_event_name":"BeforeTool","tool_name":"save_memory","tool_input":{"fact":"x"}}"#,
        );
        let t = e.tool.unwrap();
        assert_eq!(t.kind, ToolKind::FileWrite);
        assert_eq!(t.paths, vec![SAVE_MEMORY_FILE.to_string()]);
    }

    #[test]
    fn urls_are_taken_from_the_fetch_prompt() {
        assert_eq!(
            first_url("Summarize https://example.com/a?b=1, then stop.").as_deref(),
            Some("https://example.com/a?b=1")
        );
        assert_eq!(first_url("no url here"), None);
    }

    #[test]
    fn ask_is_never_sent() {
        let e = ev(
            r#"{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls"}}"#,
        );
        let r = render(
            &e,
            &Response {
                decision: Some(Decision::Ask),
                reason: Some("r".into()),
                ..Response::default()
            },
        );
        assert_eq!(
            r.stdout.as_deref(),
            Some(r#"{"decision":"deny","reason":"r"}"#)
        );
    }

    #[test]
    fn unknown_events_keep_their_name() {
        let e = ev(r#"{"hook_event_name":"BeforeModel","llm_request":{}}"#);
        assert_eq!(e.kind, EventKind::Other("BeforeModel".into()));
        assert!(e.extra.contains_key("llm_request"));
    }
}
