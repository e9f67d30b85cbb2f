//! Claude Code adapter: the agent's hook payloads in, its reply format out.
//!
//! Claude Code runs the hook command once per event with one compact JSON document on stdin
//! and reads stdout/exit code back. This crate is the only place that knows that wire format
//! (captured from Claude Code 2.1.197, see `shared/protocol/REPORT.md`):
//!
//! * [`parse`] turns the payload into an agent-neutral [`Event`], normalising tool names to
//!   [`ToolKind`]s (`Bash` → shell, `Write`/`Edit`/`MultiEdit`/`NotebookEdit` → file write,
//!   `Read` → file read, `WebFetch`/`WebSearch` → fetch, `Agent`/`Task` → agent,
//!   `mcp__<server>__<tool>` → MCP). Unknown events and fields are kept, never rejected.
//! * [`render`] turns a [`Response`] into the reply Claude Code accepts for that event
//!   (schema extracted from the binary, `shared/protocol/schemas/claude/`). No objection
//!   prints nothing — answering `"allow"` would skip Claude's own permission checks.
//!
//! It does no I/O: environment facts (`CLAUDE_PROJECT_DIR`) come in through [`Env`].
//!
//! ```
//! use hookward_claude::{parse, render, Env};
//! use hookward_core::{Decision, Response, ToolKind};
//!
//! let payload = br#"{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse",
//!   "tool_name":"Read","tool_input":{"file_path":"/home/dev/.ssh/id_rsa"}}"#;
//! let event = parse(payload, &Env::default()).unwrap();
//! assert_eq!(event.tool.as_ref().unwrap().kind, ToolKind::FileRead);
//!
//! let reply = render(&event, &Response {
//!     decision: Some(Decision::Deny),
//!     reason: Some("would read a private key".into()),
//!     ..Response::default()
//! });
//! assert!(reply.stdout.unwrap().contains(r#""permissionDecision":"deny""#));
//! assert_eq!(reply.exit_code, 0);
//! ```
#![deny(missing_docs)]

use hookward_core::{
    Agent, Decision, Event, EventKind, HookOutput, McpTool, Reply, Response, ToolCall, ToolKind,
};
use serde_json::{json, Value};

/// Whether hookward knows this tool's output shape well enough to replace text in it with
/// PostToolUse `updatedToolOutput` (Claude Code checks the shape and ignores a mismatch):
/// Bash, Read, WebFetch, WebSearch, Agent/Task (shapes captured from Claude Code 2.1.197), and
/// MCP tools (a string or content blocks, edited in place).
pub fn replaceable(tool_name: &str) -> bool {
    matches!(
        tool_name,
        "Bash" | "Read" | "WebFetch" | "WebSearch" | "Agent" | "Task"
    ) || tool_name.starts_with("mcp__")
}

/// The Claude Code events hookward registers for: the tool-call gate, the tool results it
/// records (and will scan), prompts, session start and stop, and `ConfigChange` (a settings
/// or skill file changed on disk during the session; a `decision:"block"` reply keeps the
/// session on the settings it had).
pub const INSTALL_EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "SessionStart",
    "Stop",
    "ConfigChange",
];

pub use hookward_core::wire::{Env, ParseError};

/// Parses one Claude Code hook payload.
///
/// Accepts invalid UTF-8 inside the document (replaced by U+FFFD) so that a tool output with
/// stray bytes still yields an event. Errors: [`ParseError`] when the bytes are not a JSON
/// object with a string `hook_event_name`.
pub fn parse(bytes: &[u8], env: &Env) -> Result<Event, ParseError> {
    PROFILE.parse(bytes, env)
}

/// Like [`parse`], from an already parsed JSON value.
pub fn from_value(value: Value, env: &Env) -> Result<Event, ParseError> {
    let (mut obj, name) = hookward_core::wire::prologue(value, PROFILE.sender, false)?;
    let kind = EventKind::from_name(&name);
    let mut take_str = |key: &str| hookward_core::wire::take_str(&mut obj, key);
    let session_id = take_str("session_id");
    let cwd = take_str("cwd");
    let transcript_path = take_str("transcript_path");
    let permission_mode = take_str("permission_mode");
    let agent_id = take_str("agent_id");
    let agent_type = take_str("agent_type");
    let prompt = take_str("prompt");
    let source = [
        "source",
        "trigger",
        "notification_type",
        "reason",
        "load_reason",
    ]
    .iter()
    .find_map(|k| take_str(k));
    // ConfigChange's `file_path` (captured: `payloads/claude/ConfigChange.json`); other events'
    // `file_path` fields live inside `tool_input` and stay there.
    let changed_file = if kind == EventKind::ConfigChange {
        take_str("file_path")
    } else {
        None
    };
    let tool_name = take_str("tool_name");
    let tool = tool_name.map(|name| {
        let input = obj.remove("tool_input").unwrap_or(Value::Null);
        let response = obj.remove("tool_response");
        let error = hookward_core::wire::take_str(&mut obj, "error");
        let id = hookward_core::wire::take_str(&mut obj, "tool_use_id");
        tool_call(name, input, response, error, id)
    });
    let project_dir = env.project_dir_or(&[&cwd]);
    Ok(Event {
        agent: Agent::ClaudeCode,
        kind,
        session_id,
        cwd,
        project_dir,
        transcript_path,
        permission_mode,
        agent_id,
        agent_type,
        changed_file,
        tool,
        prompt,
        source,
        extra: obj,
    })
}

/// Normalises one Claude Code tool call.
///
/// Tool names are Claude Code 2.1.197's (see REPORT.md, "tools covered"); `Glob`, `Grep` and
/// `LS` of older versions are reads of their `path`.
pub fn tool_call(
    name: String,
    input: Value,
    response: Option<Value>,
    error: Option<String>,
    id: Option<String>,
) -> ToolCall {
    let s = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    let mut paths = Vec::new();
    let mut command = None;
    let mut url = None;
    let mut mcp = None;
    let kind = match name.as_str() {
        // `PowerShell`: Claude Code's shell tool on Windows (`CLAUDE_CODE_USE_POWERSHELL_TOOL`),
        // same `command` field; analysed by the same shell analysis (no PowerShell grammar).
        "Bash" | "PowerShell" => {
            command = s("command");
            ToolKind::Shell
        }
        "Write" | "Edit" | "MultiEdit" => {
            paths.extend(s("file_path"));
            ToolKind::FileWrite
        }
        "NotebookEdit" => {
            paths.extend(s("notebook_path"));
            ToolKind::FileWrite
        }
        "Read" => {
            paths.extend(s("file_path"));
            ToolKind::FileRead
        }
        "Grep" => {
            // ripgrep over `path` (else the session's folder), `glob` naming the files read.
            let glob = s("glob");
            paths =
                hookward_core::wire::search_paths(s("path").as_deref(), glob.as_deref().as_slice());
            ToolKind::FileRead
        }
        "Glob" | "LS" => {
            paths.extend(s("path"));
            ToolKind::FileRead
        }
        "WebFetch" => {
            url = s("url");
            ToolKind::Fetch
        }
        "WebSearch" => ToolKind::Fetch,
        "Agent" | "Task" => ToolKind::Agent,
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
        error,
        id,
        mcp,
        command,
        paths,
        url,
    }
}

/// Events whose `hookSpecificOutput` accepts `additionalContext` (Claude Code 2.1.197 schema).
fn accepts_context(kind: &EventKind) -> bool {
    use EventKind::*;
    matches!(
        kind,
        PreToolUse
            | PostToolUse
            | PostToolUseFailure
            | PostToolBatch
            | UserPromptSubmit
            | UserPromptExpansion
            | SessionStart
            | Setup
            | SubagentStart
            | Stop
            | SubagentStop
            | Notification
    )
}

/// Renders a [`Response`] as Claude Code's reply for `event`.
///
/// Rules (REPORT.md "Verified reply semantics"): an empty response prints nothing; PreToolUse
/// decisions go in `hookSpecificOutput.permissionDecision` with a reason; a UserPromptSubmit
/// deny is the top-level `decision:"block"`, and so is a ConfigChange deny (the changed
/// settings are not reloaded); a PermissionRequest allow/deny is
/// `hookSpecificOutput.decision.behavior`; `replace_output` is PostToolUse
/// `updatedToolOutput`; context goes in `additionalContext` where the event accepts it and
/// is otherwise folded into `systemMessage`. What an event cannot express is dropped (e.g. a
/// deny on PostToolUse: the tool already ran) — the abilities step turns those into context
/// first. Always exactly one JSON document or nothing, exit code 0.
pub fn render(event: &Event, response: &Response) -> Reply {
    if response.is_empty() {
        return Reply::none();
    }
    let mut out = HookOutput::new(response);
    let reason = response.reason.clone().unwrap_or_default();
    match (&event.kind, response.decision) {
        (EventKind::PreToolUse, Some(d)) => {
            out.specific
                .insert("permissionDecision".into(), json!(d.as_str()));
            out.specific
                .insert("permissionDecisionReason".into(), json!(reason));
        }
        // The changed settings are not applied to the session (Claude Code's settings watcher:
        // "exit code 2 or decision: 'block'"; it ignores the block for `policy_settings`).
        // ConfigChange has no `hookSpecificOutput`.
        (EventKind::ConfigChange, Some(Decision::Deny)) => out.block(&reason),
        (kind, decision) => {
            out.prompt_or_permission(kind, decision, &reason);
        }
    }
    if let (EventKind::PostToolUse, Some(replaced)) = (&event.kind, &response.replace_output) {
        out.updated_output(replaced);
    }
    out.context(response.context.as_deref(), accepts_context(&event.kind));
    out.reply(event.kind.name())
}

/// The reply for a fail-closed internal error: exit code 2 with the reason on stderr, which
/// Claude Code treats as a block on PreToolUse (and as feedback elsewhere).
pub fn render_fail_closed(reason: &str) -> Reply {
    Reply::exit_2(reason)
}
use hookward_core::profile::{AgentFile, FileKind, InstallScope, Place, UnguardFlag};

/// Claude Code's files (Claude Code settings and memory docs; `~/.claude.json` holds its MCP
/// servers): the user's and the project's instructions, settings and MCP configuration, and the
/// rules, agents, commands, skills and hooks folders in both places; the managed settings
/// folders an administrator installs (`/etc/claude-code`, macOS
/// `/Library/Application Support/ClaudeCode`); its sign-in tokens.
pub static FILES: &[AgentFile] = &[
    AgentFile::file(Place::Home, ".claude/CLAUDE.md", FileKind::Instructions).importing(),
    AgentFile::file(Place::Home, ".claude/settings.json", FileKind::Settings)
        .install_target(InstallScope::User),
    AgentFile::file(Place::Home, ".claude.json", FileKind::Mcp).at_place_only(),
    AgentFile::file(Place::Project, "CLAUDE.md", FileKind::Instructions).importing(),
    AgentFile::file(Place::Project, "CLAUDE.local.md", FileKind::Instructions).importing(),
    AgentFile::file(Place::Project, ".claude/CLAUDE.md", FileKind::Instructions).importing(),
    AgentFile::file(Place::Project, ".claude/settings.json", FileKind::Settings)
        .install_target(InstallScope::Project),
    AgentFile::file(
        Place::Project,
        ".claude/settings.local.json",
        FileKind::Settings,
    )
    .install_target(InstallScope::Local),
    AgentFile::file(Place::Project, ".mcp.json", FileKind::Mcp),
    AgentFile::folder(Place::Home, ".claude/rules", FileKind::Rules),
    AgentFile::folder(Place::Project, ".claude/rules", FileKind::Rules),
    AgentFile::folder(Place::Home, ".claude/agents", FileKind::Rules),
    AgentFile::folder(Place::Project, ".claude/agents", FileKind::Rules),
    AgentFile::folder(Place::Home, ".claude/commands", FileKind::Rules),
    AgentFile::folder(Place::Project, ".claude/commands", FileKind::Rules),
    AgentFile::folder(Place::Home, ".claude/skills", FileKind::Skills),
    AgentFile::folder(Place::Project, ".claude/skills", FileKind::Skills),
    AgentFile::folder(Place::Home, ".claude/hooks", FileKind::Hooks),
    AgentFile::folder(Place::Project, ".claude/hooks", FileKind::Hooks),
    AgentFile::folder(Place::System, "etc/claude-code", FileKind::Settings),
    AgentFile::folder(
        Place::System,
        "Library/Application Support/ClaudeCode",
        FileKind::Settings,
    ),
    // Claude Code docs, IAM: OAuth credentials on Linux.
    AgentFile::file(
        Place::Home,
        ".claude/.credentials.json",
        FileKind::Credentials,
    ),
    // Where the CLI writes its settings, sessions, logs and caches.
    AgentFile::folder(Place::Home, ".claude", FileKind::State),
    AgentFile::file(Place::Home, ".claude.json", FileKind::State),
    AgentFile::folder(Place::Home, ".cache/claude", FileKind::State),
    AgentFile::folder(Place::Home, ".local/state/claude", FileKind::State),
    AgentFile::folder(Place::Home, ".local/share/claude", FileKind::State),
    // Claude Code writes each session to `~/.claude/projects/<project>/<session>.jsonl`.
    AgentFile::folder(Place::Home, ".claude/projects", FileKind::Transcripts),
];

/// The flags that start Claude Code with its guard off (the built-in policy's
/// `nested_agent_flags`; `claude --help`, Claude Code 2.1.197).
pub static UNGUARD_FLAGS: &[UnguardFlag] = &[
    UnguardFlag::new(
        "claude",
        &["--dangerously-skip-permissions"],
        "skips every permission check",
    ),
    UnguardFlag::new(
        "claude",
        &["--allow-dangerously-skip-permissions"],
        "lets the session switch every permission check off",
    ),
    UnguardFlag::new(
        "claude",
        &["--permission-mode"],
        "bypasses every permission check",
    )
    .value(r"^bypassPermissions$"),
    UnguardFlag::new("claude", &["--bare"], "skips hooks (minimal mode)"),
    UnguardFlag::new(
        "claude",
        &["--settings"],
        "loads settings that switch every hook off",
    )
    .value(r#""?disableAllHooks"?\s*:\s*true"#),
    UnguardFlag::new(
        "claude",
        &["--setting-sources"],
        "leaves out the user settings that register hookward's hooks",
    )
    .lacks("user"),
];

/// Claude Code's row of [`hookward_core::profile::AgentProfile`]: everything agent-specific
/// about it (the registry is the crate `hookward-profiles`).
pub static PROFILE: hookward_core::profile::AgentProfile = hookward_core::profile::AgentProfile {
    agent: Agent::ClaudeCode,
    label: "Claude Code",
    description: "Anthropic's Claude Code",
    install_note: "settings.json",
    sender: hookward_core::wire::Sender {
        sender: "Claude Code",
        hook: "a Claude Code hook",
    },
    project_var: "CLAUDE_PROJECT_DIR",
    project_is_hook_cwd: false,
    // Claude Code can ask (in `-p` mode it turns "ask" into a deny by itself, REPORT.md).
    can_ask: true,
    install_events: INSTALL_EVENTS,
    files: FILES,
    recovery_names: hookward_core::profile::RecoveryNames {
        pre_tool_event: "PreToolUse",
        shell_event: "PreToolUse",
        shell_tool: "Bash",
    },
    event_of: from_value,
    render,
    render_fail_closed,
    can_replace_output: replaceable,
    shell_call_payload: None,
    home_var: None,
    programs: &["claude"],
    key_vars: &[
        "ANTHROPIC_API_KEY",
        "ANTHROPIC_AUTH_TOKEN",
        "CLAUDE_CODE_OAUTH_TOKEN",
    ],
    unguard_flags: UNGUARD_FLAGS,
    settings_format: hookward_core::profile::SettingsFormat::ClaudeCode,
    hook_trust: false,
    plugin: true,
    transcripts: Some(hookward_core::profile::TranscriptFormat::Claude),
    settings_flag: Some("--settings"),
};

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(json: &str) -> Event {
        parse(json.as_bytes(), &Env::default()).unwrap()
    }

    #[test]
    fn powershell_tool_is_a_shell_call() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","tool_name":"PowerShell","tool_input":{"command":"Get-Content ~/.ssh/id_rsa"}}"#,
        );
        let t = e.tool.unwrap();
        assert_eq!(t.kind, ToolKind::Shell);
        assert_eq!(t.command.as_deref(), Some("Get-Content ~/.ssh/id_rsa"));
    }

    #[test]
    fn subagent_identity_is_parsed_not_kept_as_extra() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","agent_id":"a1","agent_type":"Explore","tool_name":"Bash","tool_input":{"command":"ls"}}"#,
        );
        assert_eq!(
            (e.agent_id.as_deref(), e.agent_type.as_deref()),
            (Some("a1"), Some("Explore"))
        );
        assert!(!e.extra.contains_key("agent_type"));
        let e = ev(r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{}}"#);
        assert_eq!((e.agent_id, e.agent_type), (None, None));
    }

    #[test]
    fn config_change_names_its_file_and_a_deny_blocks_the_reload() {
        // The captured payload's shape (`payloads/claude/ConfigChange.json`).
        let e = ev(
            r#"{"session_id":"s","cwd":"/p","hook_event_name":"ConfigChange","source":"project_settings","file_path":"/p/.claude/settings.json"}"#,
        );
        assert_eq!(e.kind, EventKind::ConfigChange);
        assert_eq!(e.changed_file.as_deref(), Some("/p/.claude/settings.json"));
        assert_eq!(e.source.as_deref(), Some("project_settings"));
        assert!(!e.extra.contains_key("file_path"));
        let block = render(
            &e,
            &Response {
                decision: Some(Decision::Deny),
                reason: Some("would remove hookward".into()),
                ..Response::default()
            },
        );
        assert_eq!(
            block.stdout.as_deref(),
            Some(r#"{"decision":"block","reason":"would remove hookward"}"#)
        );
        assert_eq!(block.exit_code, 0);
        // Told, not blocked: ConfigChange has no hookSpecificOutput, so a system message.
        let told = render(
            &e,
            &Response {
                system_message: Some("hookward: permissions widened".into()),
                ..Response::default()
            },
        );
        assert_eq!(
            told.stdout.as_deref(),
            Some(r#"{"systemMessage":"hookward: permissions widened"}"#)
        );
        assert_eq!(render(&e, &Response::default()).stdout, None);
        // `file_path` of other events is not a changed file.
        let e = ev(r#"{"hook_event_name":"Stop","file_path":"/x"}"#);
        assert_eq!(e.changed_file, None);
    }

    #[test]
    fn mcp_names_split_into_server_and_tool() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","tool_name":"mcp__github__create_issue","tool_input":{}}"#,
        );
        let t = e.tool.unwrap();
        assert_eq!(t.kind, ToolKind::Mcp);
        assert_eq!(
            t.mcp,
            Some(McpTool {
                server: "github".into(),
                tool: "create_issue".into()
            })
        );
    }

    #[test]
    fn unknown_event_and_fields_are_kept() {
        let e = ev(r#"{"hook_event_name":"Brand New","x":1,"cwd":"/p"}"#);
        assert_eq!(e.kind, EventKind::Other("Brand New".into()));
        assert_eq!(e.extra.get("x"), Some(&json!(1)));
        assert_eq!(e.project_dir.as_deref(), Some("/p"));
        assert_eq!(
            render(
                &e,
                &Response {
                    context: Some("c".into()),
                    ..Response::default()
                }
            )
            .stdout
            .as_deref(),
            Some(r#"{"systemMessage":"c"}"#)
        );
    }

    #[test]
    fn invalid_utf8_is_replaced_not_rejected() {
        let mut bytes = br#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"stdout":"a"#.to_vec();
        bytes.extend([0xff, 0xfe]);
        bytes.extend(br#""}}"#);
        let e = parse(&bytes, &Env::default()).unwrap();
        let out = e.tool.unwrap().response.unwrap();
        assert_eq!(out["stdout"], json!("a\u{fffd}\u{fffd}"));
    }

    #[test]
    fn errors_say_what_was_expected() {
        let err = parse(b"[1]", &Env::default()).unwrap_err().to_string();
        assert!(err.contains("JSON array, expected an object"), "{err}");
        let err = parse(b"{\"a\":", &Env::default()).unwrap_err().to_string();
        assert!(err.contains("not valid JSON"), "{err}");
        let err = parse(b"{}", &Env::default()).unwrap_err().to_string();
        assert!(err.contains("hook_event_name"), "{err}");
    }

    #[test]
    fn project_dir_prefers_env() {
        let e = parse(
            br#"{"hook_event_name":"Stop","cwd":"/p/sub"}"#,
            &Env {
                project_dir: Some("/p".into()),
            },
        )
        .unwrap();
        assert_eq!(e.project_dir.as_deref(), Some("/p"));
    }
}
