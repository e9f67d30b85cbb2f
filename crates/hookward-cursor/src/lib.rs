//! Cursor adapter: the agent's hook payloads in, its reply format out.
//!
//! Cursor runs the commands of `~/.cursor/hooks.json` / `<project>/.cursor/hooks.json` once
//! per event with one JSON document on stdin and reads one JSON document back. No payload was
//! captured from a real Cursor (it has no headless CLI we can drive offline); this crate
//! follows Cursor's documented hooks contract, <https://cursor.com/docs/agent/hooks>
//! (events, input fields and reply fields as listed there; hand-written fixtures from it are
//! in `tests/fixtures/`).
//!
//! Cursor's events map onto hookward's [`EventKind`]s, and its tool-specific events become
//! tool calls with the same [`ToolKind`]s as every other agent, so the same facts and rules
//! apply (a `beforeShellExecution` is a shell tool call with `command` set exactly like
//! Claude's `Bash`):
//!
//! | Cursor | hookward | tool call |
//! | --- | --- | --- |
//! | `beforeShellExecution` / `afterShellExecution` | `PreToolUse` / `PostToolUse` | `Shell`, shell (`command`; output → response) |
//! | `beforeMCPExecution` / `afterMCPExecution` | `PreToolUse` / `PostToolUse` | `tool_name`, MCP (server from `server`, `url` or `command`; `result_json` → response) |
//! | `beforeReadFile` | `PreToolUse` | `Read`, file read (`file_path`) |
//! | `afterFileEdit` | `PostToolUse` | `Edit`, file write (`file_path`, `edits`) |
//! | `preToolUse` / `postToolUse` / `postToolUseFailure` | `PreToolUse` / `PostToolUse` / `PostToolUseFailure` | `tool_name` (`Shell`, `Read`, `Write`, `Edit`, `Delete`, `Grep`, `WebFetch`, `Task`, `MCP:<tool>`…) |
//! | `beforeSubmitPrompt` | `UserPromptSubmit` | — |
//! | `sessionStart` / `sessionEnd` / `stop` / `subagentStart` / `subagentStop` / `preCompact` | same | — |
//! | anything else (`afterAgentResponse`, Tab hooks…) | `Other(<name>)` | — |
//!
//! The Cursor event name stays in `extra["hook_event_name"]` because the reply shape depends
//! on it. Replies ([`render`]): permission events answer `{"permission": "allow"|"deny"|"ask",
//! "user_message", "agent_message"}` (`beforeReadFile`: `permission` only);
//! `beforeSubmitPrompt` answers `{"continue": false, "user_message"}` to block;
//! `sessionStart`, `postToolUse` and `postToolUseFailure` take `additional_context`; the
//! `after*` events are fire-and-forget and get nothing. Cursor can ask the person
//! (`permission:"ask"`), so `ask` is sent as is.
//!
//! ```
//! use hookward_cursor::{parse, render, Env};
//! use hookward_core::{Decision, EventKind, Response, ToolKind};
//!
//! let payload = br#"{"hook_event_name":"beforeShellExecution","conversation_id":"c1",
//!   "workspace_roots":["/p"],"command":"cat ~/.ssh/id_rsa","cwd":"/p"}"#;
//! let event = parse(payload, &Env::default()).unwrap();
//! assert_eq!(event.kind, EventKind::PreToolUse);
//! let tool = event.tool.as_ref().unwrap();
//! assert_eq!((tool.kind, tool.command.as_deref()), (ToolKind::Shell, Some("cat ~/.ssh/id_rsa")));
//!
//! let reply = render(&event, &Response {
//!     decision: Some(Decision::Deny),
//!     reason: Some("would read a private key".into()),
//!     ..Response::default()
//! });
//! assert!(reply.stdout.unwrap().starts_with(r#"{"permission":"deny""#));
//! ```
#![deny(missing_docs)]

use hookward_core::{
    Agent, Decision, Event, EventKind, McpTool, Reply, Response, ToolCall, ToolKind,
};
use serde_json::{json, Map, Value};

/// Cursor events (issue #6, Cursor hooks docs <https://cursor.com/docs/agent/hooks>).
pub const INSTALL_EVENTS: &[&str] = &[
    "preToolUse",
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "postToolUse",
    "postToolUseFailure",
    "afterFileEdit",
    "beforeSubmitPrompt",
    "sessionStart",
    "stop",
];

pub use hookward_core::wire::{Env, ParseError};

/// Whether hookward can replace this tool's output before the model sees it: never, since
/// no verified mechanism replaces a tool's output in Cursor (the model is warned by context
/// instead).
pub fn replaceable(_tool_name: &str) -> bool {
    false
}

/// Maps a Cursor event name onto hookward's [`EventKind`] (table in the crate docs).
pub fn event_kind(name: &str) -> EventKind {
    use EventKind::*;
    match name {
        "beforeShellExecution" | "beforeMCPExecution" | "beforeReadFile" | "preToolUse" => {
            PreToolUse
        }
        "afterShellExecution" | "afterMCPExecution" | "afterFileEdit" | "postToolUse" => {
            PostToolUse
        }
        "postToolUseFailure" => PostToolUseFailure,
        "beforeSubmitPrompt" => UserPromptSubmit,
        "sessionStart" => SessionStart,
        "sessionEnd" => SessionEnd,
        "stop" => Stop,
        "subagentStart" => SubagentStart,
        "subagentStop" => SubagentStop,
        "preCompact" => PreCompact,
        other => Other(other.to_string()),
    }
}

/// Parses one Cursor hook payload.
///
/// Accepts invalid UTF-8 inside the document (replaced by U+FFFD). Errors: [`ParseError`]
/// when the bytes are not a JSON object with a string `hook_event_name`.
pub fn parse(bytes: &[u8], env: &Env) -> Result<Event, ParseError> {
    PROFILE.parse(bytes, env)
}

/// A JSON value Cursor may send either as JSON or as a string of JSON (`tool_input`,
/// `result_json`, `tool_output`): the parsed document when the string is an object or array,
/// else the value unchanged.
fn json_or_string(v: Value) -> Value {
    if let Value::String(s) = &v {
        let t = s.trim_start();
        if t.starts_with('{') || t.starts_with('[') {
            if let Ok(parsed) = serde_json::from_str::<Value>(s) {
                return parsed;
            }
        }
    }
    v
}

/// Like [`parse`], from an already parsed JSON value. `conversation_id` is the session id;
/// `workspace_roots`, `generation_id`, `model`, `cursor_version` and other fields stay in
/// `extra`. A `beforeReadFile`'s `content` (the whole file, possibly secret) is not kept: the
/// path is what rules need.
pub fn from_value(value: Value, env: &Env) -> Result<Event, ParseError> {
    let (mut obj, name) = hookward_core::wire::prologue(value, PROFILE.sender, true)?;
    let kind = event_kind(&name);
    let session_id = hookward_core::wire::take_str(&mut obj, "conversation_id")
        .or_else(|| hookward_core::wire::take_str(&mut obj, "session_id"));
    let cwd = hookward_core::wire::take_str(&mut obj, "cwd");
    let transcript_path = hookward_core::wire::take_str(&mut obj, "transcript_path");
    let prompt = hookward_core::wire::take_str(&mut obj, "prompt");
    let source = ["source", "status", "reason", "trigger"]
        .iter()
        .find_map(|k| hookward_core::wire::take_str(&mut obj, k));
    let mut run_dir: Option<String> = None;
    let tool = match name.as_str() {
        "beforeShellExecution" | "afterShellExecution" => {
            let command = hookward_core::wire::take_str(&mut obj, "command");
            let response = obj.remove("output");
            let input = json!({ "command": command.clone().unwrap_or_default() });
            let mut call = tool_call("Shell".into(), input, response, None);
            call.command = command;
            Some(call)
        }
        "beforeMCPExecution" | "afterMCPExecution" => {
            let tool = hookward_core::wire::take_str(&mut obj, "tool_name").unwrap_or_default();
            let input = obj.remove("tool_input").map(json_or_string);
            let response = obj.remove("result_json").map(json_or_string);
            let server = ["server", "server_name", "url", "command"]
                .iter()
                .find_map(|k| obj.get(*k).and_then(Value::as_str).map(str::to_string))
                .unwrap_or_default();
            Some(ToolCall {
                name: tool.clone(),
                kind: ToolKind::Mcp,
                input: input.unwrap_or(Value::Null),
                response,
                error: None,
                id: hookward_core::wire::take_str(&mut obj, "tool_use_id"),
                mcp: Some(McpTool { server, tool }),
                command: None,
                paths: Vec::new(),
                url: None,
            })
        }
        "beforeReadFile" => {
            let path = hookward_core::wire::take_str(&mut obj, "file_path");
            obj.remove("content");
            let input = json!({ "file_path": path.clone().unwrap_or_default() });
            Some(tool_call("Read".into(), input, None, None))
        }
        "afterFileEdit" => {
            let path = hookward_core::wire::take_str(&mut obj, "file_path");
            let edits = obj.remove("edits").unwrap_or(Value::Array(Vec::new()));
            let input = json!({ "file_path": path.unwrap_or_default(), "edits": edits });
            Some(tool_call("Edit".into(), input, None, None))
        }
        _ => hookward_core::wire::take_str(&mut obj, "tool_name").map(|tool| {
            let input = obj.remove("tool_input").map(json_or_string);
            // `preToolUse` `Shell`: the command runs in its `working_directory` (Cursor's
            // hooks docs), which the model chooses.
            if matches!(tool.as_str(), "Shell" | "Bash" | "run_terminal_cmd") {
                run_dir = input
                    .as_ref()
                    .and_then(|i| i.get("working_directory").or_else(|| i.get("cwd")))
                    .and_then(Value::as_str)
                    .map(str::to_string);
            }
            let response = obj
                .remove("tool_output")
                .or_else(|| obj.remove("tool_response"))
                .map(json_or_string);
            let id = hookward_core::wire::take_str(&mut obj, "tool_use_id");
            let mut call = tool_call(tool, input.unwrap_or(Value::Null), response, id);
            call.error = hookward_core::wire::take_str(&mut obj, "error_message")
                .or_else(|| hookward_core::wire::take_str(&mut obj, "error"));
            call
        }),
    };
    let root = obj
        .get("workspace_roots")
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(Value::as_str)
        .map(str::to_string);
    let cwd = cwd.or_else(|| root.clone());
    let project_dir = env.project_dir_or(&[&root, &cwd]);
    // The project stays the workspace's; the command's own folder is where it runs.
    let cwd = hookward_core::wire::shell_dir(cwd, run_dir.as_deref());
    Ok(Event {
        agent: Agent::Cursor,
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

/// Normalises one Cursor tool call by its `tool_name` (the `preToolUse` names of the hooks
/// docs: `Shell`, `Read`, `Write`, `Edit`/`StrReplace`/`MultiEdit`, `Delete`, `Grep`/`Glob`/`LS`,
/// `WebFetch`/`WebSearch`, `Task`, `MCP:<tool>`; `mcp__server__tool` is read too). Paths come
/// from `file_path`, `path` or `target_file`.
pub fn tool_call(
    name: String,
    input: Value,
    response: Option<Value>,
    id: Option<String>,
) -> ToolCall {
    let s = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    let path = || {
        s("file_path")
            .or_else(|| s("path"))
            .or_else(|| s("target_file"))
    };
    let mut paths = Vec::new();
    let mut command = None;
    let mut url = None;
    let mut mcp = None;
    let kind = match name.as_str() {
        "Shell" | "Bash" | "run_terminal_cmd" => {
            command = s("command");
            ToolKind::Shell
        }
        "Write" | "Edit" | "StrReplace" | "MultiEdit" | "Delete" | "edit_file" | "delete_file" => {
            paths.extend(path());
            ToolKind::FileWrite
        }
        "Read" | "read_file" => {
            paths.extend(path());
            ToolKind::FileRead
        }
        "Grep" => {
            // Cursor's Grep takes Claude Code's inputs: `path` (else the folder) and `glob`.
            let glob = s("glob");
            paths =
                hookward_core::wire::search_paths(path().as_deref(), glob.as_deref().as_slice());
            ToolKind::FileRead
        }
        "Glob" | "LS" | "list_dir" => {
            paths.extend(path());
            ToolKind::FileRead
        }
        "WebFetch" => {
            url = s("url");
            ToolKind::Fetch
        }
        "WebSearch" | "web_search" => ToolKind::Fetch,
        "Task" => ToolKind::Agent,
        n if n.starts_with("MCP:") => {
            mcp = Some(McpTool {
                server: s("server").unwrap_or_default(),
                tool: n["MCP:".len()..].to_string(),
            });
            ToolKind::Mcp
        }
        n if n.starts_with("mcp__") => {
            mcp = McpTool::from_name(n);
            ToolKind::Mcp
        }
        _ => ToolKind::Other,
    };
    ToolCall {
        name,
        kind,
        input,
        response,
        error: None,
        id,
        mcp,
        command,
        paths,
        url,
    }
}

/// The Cursor event name of `event` (kept in `extra["hook_event_name"]` by [`parse`]).
fn native(event: &Event) -> &str {
    event
        .extra
        .get("hook_event_name")
        .and_then(Value::as_str)
        .unwrap_or_else(|| match &event.kind {
            EventKind::PreToolUse => "preToolUse",
            EventKind::PostToolUse => "postToolUse",
            EventKind::PostToolUseFailure => "postToolUseFailure",
            EventKind::UserPromptSubmit => "beforeSubmitPrompt",
            EventKind::SessionStart => "sessionStart",
            EventKind::Stop => "stop",
            other => other.name(),
        })
}

/// Renders a [`Response`] as Cursor's reply for `event` (reply fields per
/// <https://cursor.com/docs/agent/hooks>).
///
/// An empty response prints nothing. On `preToolUse`, `beforeShellExecution` and
/// `beforeMCPExecution` a decision is `{"permission", "user_message", "agent_message"}` (the
/// reason for both); on `beforeReadFile` only `permission`. A `beforeSubmitPrompt` deny is
/// `{"continue": false, "user_message"}`. Context is `additional_context` on `sessionStart`,
/// `postToolUse` and `postToolUseFailure`; Cursor has no other channel to the model, so it is
/// dropped elsewhere, as is `replace_output` (not offered for Cursor). The fire-and-forget
/// events (`after*`, `stop`, `sessionEnd`) get nothing. Exit code 0.
pub fn render(event: &Event, response: &Response) -> Reply {
    if response.is_empty() {
        return Reply::none();
    }
    let reason = response
        .reason
        .clone()
        .filter(|r| !r.trim().is_empty())
        .unwrap_or_else(|| "blocked by hookward".to_string());
    let mut top = Map::new();
    match native(event) {
        "preToolUse" | "beforeShellExecution" | "beforeMCPExecution" => {
            if let Some(d) = response.decision {
                top.insert("permission".into(), json!(d.as_str()));
                if d != Decision::Allow {
                    top.insert("user_message".into(), json!(reason));
                    top.insert("agent_message".into(), json!(reason));
                }
            }
        }
        "beforeReadFile" => {
            if let Some(d) = response.decision {
                top.insert("permission".into(), json!(d.as_str()));
            }
        }
        "beforeSubmitPrompt" if response.decision == Some(Decision::Deny) => {
            top.insert("continue".into(), json!(false));
            top.insert("user_message".into(), json!(reason));
        }
        "sessionStart" | "postToolUse" | "postToolUseFailure" => {
            if let Some(ctx) = &response.context {
                top.insert("additional_context".into(), json!(ctx));
            }
        }
        _ => {}
    }
    Reply::object(top)
}

/// The reply for a fail-closed internal error: exit code 2 with the reason on stderr, which
/// Cursor's hooks contract treats as a deny of the action (the same as `permission:"deny"`),
/// plus the deny as JSON for builds that read stdout first.
pub fn render_fail_closed(reason: &str) -> Reply {
    Reply {
        stdout: Some(
            json!({"permission": "deny", "user_message": reason, "agent_message": reason})
                .to_string(),
        ),
        stderr: Some(reason.to_string()),
        exit_code: 2,
    }
}
use hookward_core::profile::{AgentFile, FileKind, InstallScope, Place, UnguardFlag};

/// Cursor's files: hooks and MCP configuration in `~/.cursor` and the project's `.cursor`,
/// the project's `.cursorrules` and rules folder.
pub static FILES: &[AgentFile] = &[
    AgentFile::file(Place::Home, ".cursor/hooks.json", FileKind::Hooks)
        .install_target(InstallScope::User),
    AgentFile::file(Place::Home, ".cursor/mcp.json", FileKind::Mcp),
    AgentFile::file(Place::Project, ".cursorrules", FileKind::Instructions),
    AgentFile::file(Place::Project, ".cursor/hooks.json", FileKind::Hooks),
    AgentFile::file(Place::Project, ".cursor/mcp.json", FileKind::Mcp),
    AgentFile::folder(Place::Project, ".cursor/rules", FileKind::Rules),
    AgentFile::folder(Place::Home, ".cursor", FileKind::State),
    AgentFile::folder(Place::Home, ".config/Cursor", FileKind::State),
];

/// The flags that start the Cursor CLI with its guard off (the built-in policy's
/// `nested_agent_flags`; Cursor CLI docs for `cursor-agent`).
pub static UNGUARD_FLAGS: &[UnguardFlag] = &[UnguardFlag::new(
    "cursor-agent",
    &["-f", "--force", "--yolo"],
    "allows every command without asking",
)];

/// Cursor's row of [`hookward_core::profile::AgentProfile`]: everything agent-specific
/// about it (the registry is the crate `hookward-profiles`).
pub static PROFILE: hookward_core::profile::AgentProfile = hookward_core::profile::AgentProfile {
    agent: Agent::Cursor,
    label: "Cursor",
    description: "Cursor",
    install_note: "~/.cursor/hooks.json",
    sender: hookward_core::wire::Sender {
        sender: "Cursor",
        hook: "a Cursor hook (~/.cursor/hooks.json)",
    },
    project_var: "HOOKWARD_PROJECT_DIR",
    project_is_hook_cwd: false,
    // Cursor's hooks contract has "ask" for shell and MCP calls.
    can_ask: true,
    install_events: INSTALL_EVENTS,
    files: FILES,
    recovery_names: hookward_core::profile::RecoveryNames {
        pre_tool_event: "preToolUse",
        shell_event: "beforeShellExecution",
        shell_tool: "Shell",
    },
    event_of: from_value,
    render,
    render_fail_closed,
    can_replace_output: replaceable,
    shell_call_payload: Some(shell_call_payload),
    home_var: None,
    programs: &["cursor-agent", "cursor"],
    key_vars: &["CURSOR_API_KEY"],
    unguard_flags: UNGUARD_FLAGS,
    settings_format: hookward_core::profile::SettingsFormat::Cursor,
    hook_trust: false,
    plugin: false,
    transcripts: None,
    settings_flag: None,
};

/// A PreToolUse payload in Cursor's shape for one shell `command` run in `cwd` in session
/// `session` (`hookward policy eval --command`).
pub fn shell_call_payload(command: &str, cwd: &str, session: &str) -> Value {
    json!({"conversation_id": session, "cwd": cwd, "workspace_roots": [cwd],
               "hook_event_name": "beforeShellExecution", "command": command})
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(json: &str) -> Event {
        parse(json.as_bytes(), &Env::default()).unwrap()
    }

    #[test]
    fn tool_events_become_tool_calls() {
        let e = ev(
            r#"{"hook_event_name":"beforeReadFile","conversation_id":"c","workspace_roots":["/p"],
               "file_path":"/home/dev/.ssh/id_rsa","content":"-----BEGIN OPENSSH PRIVATE KEY-----"}"#,
        );
        let t = e.tool.as_ref().unwrap();
        assert_eq!(
            (t.kind, t.paths.as_slice()),
            (
                ToolKind::FileRead,
                &["/home/dev/.ssh/id_rsa".to_string()][..]
            )
        );
        assert!(!e.extra.contains_key("content"), "file content is not kept");
        assert_eq!(
            (e.session_id.as_deref(), e.project_dir.as_deref()),
            (Some("c"), Some("/p"))
        );
        let e = ev(
            r#"{"hook_event_name":"preToolUse","tool_name":"MCP:create_issue","tool_input":{"title":"x"}}"#,
        );
        let t = e.tool.unwrap();
        assert_eq!(
            (t.kind, t.mcp.unwrap().tool.as_str()),
            (ToolKind::Mcp, "create_issue")
        );
        let e = ev(
            r#"{"hook_event_name":"postToolUseFailure","tool_name":"Shell","tool_input":{"command":"false"},"error_message":"exit 1"}"#,
        );
        assert_eq!(e.kind, EventKind::PostToolUseFailure);
        assert_eq!(e.tool.unwrap().error.as_deref(), Some("exit 1"));
    }

    /// `preToolUse` `Shell` runs its command in `tool_input.working_directory`: relative
    /// paths in the command are that folder's, while the project stays the workspace's.
    #[test]
    fn shell_runs_in_its_working_directory() {
        let e = ev(
            r#"{"hook_event_name":"preToolUse","conversation_id":"c","workspace_roots":["/p"],"cwd":"/p",
               "tool_name":"Shell","tool_input":{"command":"echo x > settings.json","working_directory":".cursor"}}"#,
        );
        assert_eq!(
            (e.cwd.as_deref(), e.project_dir.as_deref()),
            (Some("/p/.cursor"), Some("/p"))
        );
        let e = ev(r#"{"hook_event_name":"preToolUse","workspace_roots":["/p"],
               "tool_name":"Shell","tool_input":"{\"command\":\"rm -rf src\",\"working_directory\":\"/other/repo/\"}"}"#);
        assert_eq!(
            (e.cwd.as_deref(), e.project_dir.as_deref()),
            (Some("/other/repo"), Some("/p"))
        );
        // Other tools' inputs do not move the folder.
        let e = ev(
            r#"{"hook_event_name":"preToolUse","workspace_roots":["/p"],"cwd":"/p",
               "tool_name":"Read","tool_input":{"file_path":"a","working_directory":"/etc"}}"#,
        );
        assert_eq!(e.cwd.as_deref(), Some("/p"));
    }

    #[test]
    fn reply_shape_follows_the_cursor_event() {
        let deny = Response {
            decision: Some(Decision::Deny),
            reason: Some("r".into()),
            context: Some("c".into()),
            ..Response::default()
        };
        let out = |json: &str| render(&ev(json), &deny).stdout;
        assert_eq!(
            out(r#"{"hook_event_name":"beforeReadFile","file_path":"/x"}"#).as_deref(),
            Some(r#"{"permission":"deny"}"#)
        );
        assert_eq!(
            out(r#"{"hook_event_name":"beforeSubmitPrompt","prompt":"p"}"#).as_deref(),
            Some(r#"{"continue":false,"user_message":"r"}"#)
        );
        assert_eq!(
            out(r#"{"hook_event_name":"postToolUse","tool_name":"Shell","tool_input":{}}"#)
                .as_deref(),
            Some(r#"{"additional_context":"c"}"#)
        );
        assert_eq!(
            out(r#"{"hook_event_name":"afterShellExecution","command":"ls","output":"x"}"#),
            None
        );
    }
}
