//! Codex CLI adapter: the agent's hook payloads in, its reply format out.
//!
//! Codex CLI (0.171.0, `shared/protocol/REPORT.md` §2) runs each hook command once per event
//! with one JSON document on stdin, in a shape close to Claude Code's. This crate is the only
//! place that knows it:
//!
//! * [`parse`] turns the payload into an agent-neutral [`Event`]. Tool names are normalised to
//!   [`ToolKind`]s: `Bash` (how Codex reports `exec_command`, input `{"command": "<cmd>"}`) →
//!   shell with `command` set exactly as for Claude's `Bash`; `apply_patch` → a file write of
//!   **every** path named in the patch (`*** Add File:`, `*** Update File:`, `*** Delete
//!   File:`, `*** Move to:`), with the per-operation split in `extra["apply_patch"]` (see
//!   [`PatchPaths`]); `view_image` → file read; `spawn_agent` → agent; `web_search` → fetch;
//!   `mcp__<server>__<tool>` → MCP. Unknown events and fields are kept, never rejected.
//! * [`render`] turns a [`Response`] into the reply Codex accepts for that event, checked
//!   against the JSON Schemas embedded in the Codex binary (`shared/protocol/schemas/codex/`).
//!   Codex 0.171 **ignores** `permissionDecision:"allow"` and `"ask"` on their own (the tool
//!   runs), so neither is ever sent: a deny is `permissionDecision:"deny"` with a non-empty
//!   reason, and the abilities step turns an `ask` into the configured stand-in first.
//!   Replacing a tool's output is PostToolUse `decision:"block"`: Codex hands the model the
//!   reason *instead of* the output (`reply-effects/post_block.json`).
//!
//! It does no I/O: the project directory comes in through [`Env`] (Codex sets no project
//! variable; the pipeline passes `HOOKWARD_PROJECT_DIR`, else the hook process's working
//! directory, which is the session's: the payload's `cwd` is the call's `workdir`, chosen by
//! the model, `PROFILE.project_is_hook_cwd`; the payload's `cwd` is used only when neither is
//! given, as in this crate's own tests).
//!
//! ```
//! use hookward_codex::{parse, render, Env};
//! use hookward_core::{Decision, Response, ToolKind};
//!
//! let payload = br#"{"session_id":"s1","cwd":"/p","hook_event_name":"PreToolUse",
//!   "tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}"#;
//! let event = parse(payload, &Env::default()).unwrap();
//! let tool = event.tool.as_ref().unwrap();
//! assert_eq!((tool.kind, tool.command.as_deref()), (ToolKind::Shell, Some("rm -rf ~")));
//!
//! let reply = render(&event, &Response {
//!     decision: Some(Decision::Deny),
//!     reason: Some("would delete the home directory".into()),
//!     ..Response::default()
//! });
//! assert!(reply.stdout.unwrap().contains(r#""permissionDecision":"deny""#));
//! ```
#![deny(missing_docs)]

use hookward_core::{
    Agent, Decision, Event, EventKind, HookOutput, McpTool, Reply, Response, ToolCall, ToolKind,
};
use serde_json::{json, Value};

/// Codex CLI 0.171 events (protocol/REPORT.md §2), the same roles as Claude Code's; Codex has
/// no PostToolUseFailure (a failing tool call is a PostToolUse).
pub const INSTALL_EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "UserPromptSubmit",
    "SessionStart",
    "Stop",
];

pub use hookward_core::wire::{Env, ParseError};

/// Whether hookward can replace this tool's output before the model sees it: always, since
/// Codex 0.171 reports every tool's output as a plain string and PostToolUse
/// `decision:"block"` replaces it with the reason, whatever the tool (REPORT.md §2,
/// `reply-effects/post_block.json`).
pub fn replaceable(_tool_name: &str) -> bool {
    true
}

/// The paths an `apply_patch` call touches, per operation, in the order the patch names them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PatchPaths {
    /// `*** Add File: <path>`: files created.
    pub added: Vec<String>,
    /// `*** Update File: <path>`: files changed in place (or moved away, see `moved_to`).
    pub updated: Vec<String>,
    /// `*** Delete File: <path>`: files removed.
    pub deleted: Vec<String>,
    /// `*** Move to: <path>`: new names of updated files.
    pub moved_to: Vec<String>,
}

impl PatchPaths {
    /// Every path, each once, in order of first appearance (all of them are writes).
    pub fn all(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for p in self
            .added
            .iter()
            .chain(&self.updated)
            .chain(&self.deleted)
            .chain(&self.moved_to)
        {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
        out
    }

    fn to_json(&self) -> Value {
        json!({
            "added": self.added,
            "updated": self.updated,
            "deleted": self.deleted,
            "moved_to": self.moved_to,
        })
    }
}

/// Reads the file headers of a Codex patch (`*** Begin Patch` … `*** End Patch`, the format
/// of the `apply_patch` tool). Lines are trimmed; header text after the colon is the path as
/// written (relative paths are relative to the session's `cwd`). Content lines are ignored,
/// so a `+*** Add File: x` inside added text is not a header.
pub fn patch_paths(patch: &str) -> PatchPaths {
    let mut out = PatchPaths::default();
    for line in patch.lines() {
        let line = line.trim_end_matches('\r');
        let header = |prefix: &str| {
            line.strip_prefix(prefix)
                .map(|p| p.trim().to_string())
                .filter(|p| !p.is_empty())
        };
        if let Some(p) = header("*** Add File:") {
            out.added.push(p);
        } else if let Some(p) = header("*** Update File:") {
            out.updated.push(p);
        } else if let Some(p) = header("*** Delete File:") {
            out.deleted.push(p);
        } else if let Some(p) = header("*** Move to:") {
            out.moved_to.push(p);
        }
    }
    out
}

/// Parses one Codex hook payload.
///
/// Accepts invalid UTF-8 inside the document (replaced by U+FFFD). Errors: [`ParseError`]
/// when the bytes are not a JSON object with a string `hook_event_name`.
pub fn parse(bytes: &[u8], env: &Env) -> Result<Event, ParseError> {
    PROFILE.parse(bytes, env)
}

/// Like [`parse`], from an already parsed JSON value. Event names are Codex's, which are
/// Claude Code's spelling (`PreToolUse`, `SubagentStop`…); `Interrupt` and anything newer
/// become [`EventKind::Other`].
pub fn from_value(value: Value, env: &Env) -> Result<Event, ParseError> {
    let (mut obj, name) = hookward_core::wire::prologue(value, PROFILE.sender, false)?;
    let kind = EventKind::from_name(&name);
    let session_id = hookward_core::wire::take_str(&mut obj, "session_id");
    let cwd = hookward_core::wire::take_str(&mut obj, "cwd");
    let transcript_path = hookward_core::wire::take_str(&mut obj, "transcript_path");
    let permission_mode = hookward_core::wire::take_str(&mut obj, "permission_mode");
    let agent_id = hookward_core::wire::take_str(&mut obj, "agent_id");
    let agent_type = hookward_core::wire::take_str(&mut obj, "agent_type");
    let prompt = hookward_core::wire::take_str(&mut obj, "prompt");
    let source = ["source", "trigger", "reason"]
        .iter()
        .find_map(|k| hookward_core::wire::take_str(&mut obj, k));
    let tool = hookward_core::wire::take_str(&mut obj, "tool_name").map(|name| {
        let input = obj.remove("tool_input").unwrap_or(Value::Null);
        let response = obj.remove("tool_response");
        let id = hookward_core::wire::take_str(&mut obj, "tool_use_id");
        let (call, patch) = tool_call(name, input, response, id);
        if let Some(patch) = patch {
            obj.insert("apply_patch".into(), patch.to_json());
        }
        call
    });
    let project_dir = env.project_dir_or(&[&cwd]);
    Ok(Event {
        agent: Agent::Codex,
        kind,
        session_id,
        cwd,
        project_dir,
        transcript_path,
        permission_mode,
        agent_id,
        agent_type,
        changed_file: None,
        tool,
        prompt,
        source,
        extra: obj,
    })
}

/// The shell text of a Codex command input: a string as is; an argv array `[sh, -c|-lc,
/// script]` as its script; any other array joined with spaces.
fn command_text(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::String(s) => Some(s.clone()),
        Value::Array(a) => {
            let args: Vec<&str> = a.iter().filter_map(Value::as_str).collect();
            match args.as_slice() {
                [_, flag, script] if matches!(*flag, "-c" | "-lc") => Some(script.to_string()),
                _ if !args.is_empty() => Some(args.join(" ")),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The folder and patch of a shell command that is exactly Codex's heredoc form of
/// `apply_patch` (`apply_patch <<'EOF'` or `applypatch <<EOF`, optionally after `cd DIR &&`,
/// then `*** Begin Patch` … `*** End Patch` and the closing delimiter, nothing after it), which
/// Codex applies itself instead of running, in `DIR` (upstream `codex-rs/apply-patch`
/// `extract_apply_patch_from_bash`: the patch's paths are relative to the `cd` folder). A `cd`
/// folder whose value is only known when a shell runs it (`$VAR`, `` ` ``, `$(…)`) is not taken
/// here: the command is then a shell command, and the shell analysis follows the `cd` and
/// the `apply_patch` program. Anything else (more commands after the heredoc) is a shell
/// command, analysed as one.
fn heredoc_patch(command: &str) -> Option<(Option<String>, String)> {
    let t = command.trim_start();
    let (dir, t) = match t.strip_prefix("cd ") {
        Some(rest) => {
            let (d, after) = rest.split_once("&&")?;
            let d = d.trim();
            let d = d
                .strip_prefix('\'')
                .and_then(|x| x.strip_suffix('\''))
                .or_else(|| d.strip_prefix('"').and_then(|x| x.strip_suffix('"')))
                .unwrap_or(d);
            if d.is_empty()
                || d.contains(['$', '`', '\\', '\'', '"', ';', '|', '&', '(', ')', '<', '>'])
                || d.contains(char::is_whitespace)
            {
                return None;
            }
            (Some(d.to_string()), after.trim_start())
        }
        None => (None, t),
    };
    let rest = t
        .strip_prefix("apply_patch")
        .or_else(|| t.strip_prefix("applypatch"))?;
    let rest = rest.trim_start_matches([' ', '\t']).strip_prefix("<<")?;
    let (head, body) = rest.split_once('\n')?;
    let delim = head
        .trim()
        .trim_matches(|c| c == '\'' || c == '"')
        .trim_start_matches('-');
    if delim.is_empty() || delim.contains(char::is_whitespace) {
        return None;
    }
    let begin = body.find("*** Begin Patch")?;
    if !body[..begin].trim().is_empty() {
        return None;
    }
    let end = body.find("*** End Patch")? + "*** End Patch".len();
    let after: Vec<&str> = body[end..]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    (after == [delim]).then(|| (dir, body[begin..end].to_string()))
}

/// `path` as seen from the session's folder when the patch runs in `dir`: unchanged when
/// there is no `dir` or `path` is absolute (or `~/…`), else `dir/path`.
fn under_dir(dir: Option<&str>, path: &str) -> String {
    match dir {
        Some(d) => hookward_core::wire::join(d, path),
        None => path.to_string(),
    }
}

/// Normalises one Codex tool call; for `apply_patch` also returns the patch's paths per
/// operation.
///
/// Tool names are Codex 0.171's as its hooks report them (REPORT.md §2): `Bash`
/// (`exec_command`; older `shell`/`local_shell`/`exec_command` names and argv-array inputs
/// are read the same way), `apply_patch` (patch text in `command`, or `input`/`patch`),
/// `view_image` (`path`), `spawn_agent`, `web_search`, `mcp__<server>__<tool>`.
pub fn tool_call(
    name: String,
    mut input: Value,
    response: Option<Value>,
    id: Option<String>,
) -> (ToolCall, Option<PatchPaths>) {
    let s = |k: &str| input.get(k).and_then(Value::as_str).map(str::to_string);
    let mut paths = Vec::new();
    let mut command = None;
    let mut url = None;
    let mut mcp = None;
    let mut patch = None;
    let kind = match name.as_str() {
        "Bash" | "shell" | "local_shell" | "exec_command" | "container.exec" => {
            command = command_text(input.get("command").or_else(|| input.get("cmd")));
            match command.as_deref().and_then(heredoc_patch) {
                // Codex applies `apply_patch <<'EOF' … EOF` itself instead of running it: the
                // call is a file write of the patch, judged like the `apply_patch` tool (its
                // text is added to the input as `patch` for the facts).
                Some((dir, text)) => {
                    let mut p = patch_paths(&text);
                    for list in [
                        &mut p.added,
                        &mut p.updated,
                        &mut p.deleted,
                        &mut p.moved_to,
                    ] {
                        for path in list.iter_mut() {
                            *path = under_dir(dir.as_deref(), path);
                        }
                    }
                    paths = p.all();
                    patch = Some(p);
                    if let Value::Object(o) = &mut input {
                        o.insert("patch".into(), Value::String(text));
                    }
                    ToolKind::FileWrite
                }
                None => ToolKind::Shell,
            }
        }
        "apply_patch" => {
            let text = ["command", "input", "patch"]
                .iter()
                .find_map(|k| input.get(*k).and_then(Value::as_str))
                .or_else(|| input.as_str())
                .unwrap_or("");
            let p = patch_paths(text);
            paths = p.all();
            patch = Some(p);
            ToolKind::FileWrite
        }
        "view_image" => {
            paths.extend(s("path"));
            ToolKind::FileRead
        }
        "spawn_agent" => ToolKind::Agent,
        "web_search" | "web_fetch" => {
            url = s("url");
            ToolKind::Fetch
        }
        n if n.starts_with("mcp__") => {
            mcp = McpTool::from_name(n);
            ToolKind::Mcp
        }
        _ => ToolKind::Other,
    };
    (
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
        },
        patch,
    )
}

/// Events whose `hookSpecificOutput` accepts `additionalContext` (Codex 0.171 output schemas:
/// `07-pre-tool-use`, `01-post-tool-use`, `11-session-start`, `14-subagent-start`,
/// `18-user-prompt-submit`).
fn accepts_context(kind: &EventKind) -> bool {
    use EventKind::*;
    matches!(
        kind,
        PreToolUse | PostToolUse | SessionStart | SubagentStart | UserPromptSubmit
    )
}

/// Events with an output schema in Codex 0.171 (all but `SessionEnd`, which takes no output;
/// `Interrupt` takes `systemMessage` only).
fn has_output(kind: &EventKind) -> bool {
    use EventKind::*;
    match kind {
        PreToolUse | PostToolUse | PermissionRequest | SessionStart | SubagentStart
        | SubagentStop | UserPromptSubmit | Stop | PreCompact | PostCompact => true,
        Other(name) => name == "Interrupt",
        _ => false,
    }
}

/// The text Codex shows the model instead of a tool's output: a string as is, content
/// blocks' texts joined, anything else as compact JSON.
fn replacement_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(a) if a.iter().all(|b| b.get("text").is_some()) => a
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .collect::<Vec<_>>()
            .join("\n"),
        other => other.to_string(),
    }
}

/// Renders a [`Response`] as Codex's reply for `event`.
///
/// Rules (REPORT.md §2 "Verified reply semantics", DESIGN.md's per-agent table):
/// an empty response prints nothing; a PreToolUse deny is
/// `hookSpecificOutput.permissionDecision:"deny"` with a non-empty
/// `permissionDecisionReason` (Codex rejects a deny without one); PreToolUse `allow`/`ask`
/// are never sent (Codex ignores them alone); a PermissionRequest allow/deny is
/// `hookSpecificOutput.decision.behavior`; a UserPromptSubmit deny is top-level
/// `decision:"block"`; `replace_output` on PostToolUse is `decision:"block"` whose reason
/// (the replacement text) the model gets instead of the output; context goes in
/// `additionalContext` where the event's schema has it and is otherwise folded into
/// `systemMessage`. `SessionEnd` and unknown events get nothing. Always exactly one JSON
/// document or nothing, exit code 0.
pub fn render(event: &Event, response: &Response) -> Reply {
    if response.is_empty() || !has_output(&event.kind) {
        return Reply::none();
    }
    let interrupt = matches!(&event.kind, EventKind::Other(n) if n == "Interrupt");
    let mut out = HookOutput::new(response);
    let reason = response
        .reason
        .clone()
        .filter(|r| !r.trim().is_empty())
        .unwrap_or_else(|| "blocked by hookward".to_string());
    match (&event.kind, response.decision) {
        (EventKind::PreToolUse, Some(Decision::Deny)) => {
            out.specific
                .insert("permissionDecision".into(), json!("deny"));
            out.specific
                .insert("permissionDecisionReason".into(), json!(reason));
        }
        (kind, decision) => {
            out.prompt_or_permission(kind, decision, &reason);
        }
    }
    if let (EventKind::PostToolUse, Some(replaced)) = (&event.kind, &response.replace_output) {
        out.block(&replacement_text(replaced));
    }
    out.context(response.context.as_deref(), accepts_context(&event.kind));
    if interrupt {
        out.top.clear();
        out.specific.clear();
    }
    out.reply(event.kind.name())
}

/// The reply for a fail-closed internal error: exit code 2 with the reason on stderr, which
/// Codex treats as a block on PreToolUse (the model gets `Command blocked by PreToolUse hook:
/// <stderr>`, `reply-effects/exit2.json`).
pub fn render_fail_closed(reason: &str) -> Reply {
    Reply::exit_2(reason)
}
use hookward_core::profile::{AgentFile, FileKind, InstallScope, Place, UnguardFlag};

/// Codex's files: `~/.codex` (instructions, `config.toml` settings with MCP servers and
/// hook trust, `hooks.json`, sign-in tokens `auth.json`), the project's `AGENTS.md` and `.codex`
/// folder. `AGENTS.override.md` is read before `AGENTS.md` in the same folder, at home and in
/// every folder from the project root to the working folder (Codex docs, "Custom instructions
/// with AGENTS.md": the override file takes precedence).
pub static FILES: &[AgentFile] = &[
    AgentFile::file(Place::Home, ".codex/AGENTS.md", FileKind::Instructions),
    AgentFile::file(
        Place::Home,
        ".codex/AGENTS.override.md",
        FileKind::Instructions,
    ),
    AgentFile::file(Place::Home, ".codex/config.toml", FileKind::Settings),
    AgentFile::file(Place::Home, ".codex/hooks.json", FileKind::Hooks)
        .install_target(InstallScope::User),
    AgentFile::file(Place::Project, "AGENTS.md", FileKind::Instructions),
    AgentFile::file(Place::Project, "AGENTS.override.md", FileKind::Instructions),
    AgentFile::folder(Place::Project, ".codex", FileKind::Settings).guard_only(),
    // Codex CLI docs, authentication: auth.json in CODEX_HOME.
    AgentFile::file(Place::Home, ".codex/auth.json", FileKind::Credentials),
    AgentFile::folder(Place::Home, ".codex", FileKind::State),
    // Codex writes each session to `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`.
    AgentFile::folder(Place::Home, ".codex/sessions", FileKind::Transcripts),
];

/// The flags that start Codex with its guard off (the built-in policy's `nested_agent_flags`;
/// `codex --help`, Codex 0.171.0, `--yolo` its hidden alias).
pub static UNGUARD_FLAGS: &[UnguardFlag] = &[
    UnguardFlag::new(
        "codex",
        &["--dangerously-bypass-approvals-and-sandbox", "--yolo"],
        "runs without approvals or sandbox",
    ),
    UnguardFlag::new(
        "codex",
        &["-c", "--config"],
        "overrides the hook configuration",
    )
    .value(r"^\s*(features\.hooks\s*=\s*false|hooks[.=\s])"),
    UnguardFlag::new("codex", &["--disable"], "switches the hooks feature off").value(r"^hooks$"),
    UnguardFlag::new("codex", &["-s", "--sandbox"], "drops the sandbox")
        .value(r"^danger-full-access$"),
];

/// Codex's row of [`hookward_core::profile::AgentProfile`]: everything agent-specific
/// about it (the registry is the crate `hookward-profiles`).
pub static PROFILE: hookward_core::profile::AgentProfile = hookward_core::profile::AgentProfile {
    agent: Agent::Codex,
    label: "Codex",
    description: "OpenAI's Codex CLI",
    install_note: "$CODEX_HOME/hooks.json + trust entries in config.toml",
    sender: hookward_core::wire::Sender {
        sender: "Codex CLI",
        hook: "a Codex hook (~/.codex/hooks.json)",
    },
    project_var: "HOOKWARD_PROJECT_DIR",
    // The payload's `cwd` is the call's `workdir`; the hook runs in the session's directory.
    project_is_hook_cwd: true,
    // Codex 0.171 ignores "ask" (REPORT.md §2).
    can_ask: false,
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
    // protocol/REPORT.md §2: `$CODEX_HOME`, by default `~/.codex`.
    home_var: Some(hookward_core::profile::HomeVar {
        var: "CODEX_HOME",
        dir: ".codex",
    }),
    programs: &["codex"],
    key_vars: &["OPENAI_API_KEY", "CODEX_API_KEY"],
    unguard_flags: UNGUARD_FLAGS,
    settings_format: hookward_core::profile::SettingsFormat::Codex,
    hook_trust: true,
    plugin: false,
    transcripts: Some(hookward_core::profile::TranscriptFormat::Codex),
    settings_flag: None,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(json: &str) -> Event {
        parse(json.as_bytes(), &Env::default()).unwrap()
    }

    #[test]
    fn the_heredoc_form_of_apply_patch_in_a_shell_call_is_a_patch() {
        let patch = "*** Begin Patch\n*** Add File: /h/.codex/config.toml\n+[features]\n+hooks = false\n*** End Patch";
        for cmd in [
            format!("apply_patch <<'EOF'\n{patch}\nEOF\n"),
            format!("cd /work/app && applypatch <<EOF\n{patch}\nEOF"),
        ] {
            let (t, p) = tool_call(
                "Bash".into(),
                serde_json::json!({ "command": cmd }),
                None,
                None,
            );
            assert_eq!(t.kind, ToolKind::FileWrite, "{cmd}");
            assert_eq!(t.paths, ["/h/.codex/config.toml"], "{cmd}");
            assert_eq!(
                p.map(|p| p.added),
                Some(vec!["/h/.codex/config.toml".to_string()])
            );
            assert_eq!(t.input["patch"].as_str(), Some(patch));
        }
        // After `cd DIR &&`, relative paths are DIR's (Codex applies the patch there).
        let rel = "*** Begin Patch\n*** Add File: config.toml\n+x\n*** Delete File: /abs/f\n*** End Patch";
        let (t, p) = tool_call(
            "Bash".into(),
            serde_json::json!({ "command": format!("cd ../home/.codex/ && apply_patch <<'EOF'\n{rel}\nEOF\n") }),
            None,
            None,
        );
        assert_eq!(t.kind, ToolKind::FileWrite);
        assert_eq!(t.paths, ["../home/.codex/config.toml", "/abs/f"]);
        assert_eq!(p.map(|p| p.deleted), Some(vec!["/abs/f".to_string()]));
        // A `cd` folder only a shell can know: left to the shell analysis.
        for dir in ["\"$HOME/.codex\"", "$CODEX_HOME", "`pwd`/x", "'a b'"] {
            let cmd = format!("cd {dir} && apply_patch <<'EOF'\n{rel}\nEOF\n");
            let (t, _) = tool_call(
                "Bash".into(),
                serde_json::json!({ "command": cmd }),
                None,
                None,
            );
            assert_eq!(t.kind, ToolKind::Shell, "{cmd}");
        }
        // More after the heredoc, or no heredoc: an ordinary shell command.
        for cmd in [
            format!("apply_patch <<'EOF'\n{patch}\nEOF\nrm -rf ~"),
            "apply_patch --help".to_string(),
            format!("echo '{patch}'"),
        ] {
            let (t, _) = tool_call(
                "Bash".into(),
                serde_json::json!({ "command": cmd }),
                None,
                None,
            );
            assert_eq!(t.kind, ToolKind::Shell, "{cmd}");
        }
    }

    #[test]
    fn patch_headers_give_every_path() {
        let p = patch_paths(
            "*** Begin Patch\n*** Add File: a.txt\n+*** Add File: not-a-header\n\
             *** Update File: src/b.rs\n*** Move to: src/c.rs\n@@\n-x\n+y\n\
             *** Delete File: /home/dev/.ssh/authorized_keys\n*** End Patch\n",
        );
        assert_eq!(p.added, ["a.txt"]);
        assert_eq!(p.updated, ["src/b.rs"]);
        assert_eq!(p.moved_to, ["src/c.rs"]);
        assert_eq!(p.deleted, ["/home/dev/.ssh/authorized_keys"]);
        assert_eq!(
            p.all(),
            [
                "a.txt",
                "src/b.rs",
                "/home/dev/.ssh/authorized_keys",
                "src/c.rs"
            ]
        );
    }

    #[test]
    fn argv_commands_become_shell_text() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","tool_name":"shell","tool_input":{"command":["bash","-lc","cat ~/.ssh/id_rsa"]}}"#,
        );
        assert_eq!(
            e.tool.unwrap().command.as_deref(),
            Some("cat ~/.ssh/id_rsa")
        );
    }

    #[test]
    fn allow_and_ask_are_never_sent() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#,
        );
        for d in [Decision::Allow, Decision::Ask] {
            let r = render(
                &e,
                &Response {
                    decision: Some(d),
                    reason: Some("r".into()),
                    ..Response::default()
                },
            );
            assert_eq!(r, Reply::none(), "{d:?}");
        }
    }

    #[test]
    fn deny_always_has_a_reason_and_session_end_gets_nothing() {
        let e = ev(
            r#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}"#,
        );
        let r = render(
            &e,
            &Response {
                decision: Some(Decision::Deny),
                reason: Some("  ".into()),
                ..Response::default()
            },
        );
        assert!(r
            .stdout
            .unwrap()
            .contains(r#""permissionDecisionReason":"blocked by hookward""#));
        let e = ev(r#"{"hook_event_name":"SessionEnd","reason":"other"}"#);
        let r = render(
            &e,
            &Response {
                context: Some("c".into()),
                ..Response::default()
            },
        );
        assert_eq!(r, Reply::none());
    }
}
