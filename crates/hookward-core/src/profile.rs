//! One place per agent: [`AgentProfile`] holds everything hookward knows about one agent's hook
//! system (its wire format both ways, what a verdict can become there, the names it uses), so
//! that the pipeline, the CLI and the analyzers ask the profile instead of matching on
//! [`Agent`]. Each adapter crate implements it once (`hookward_claude::PROFILE`, …); the
//! registry of all of them is the crate `hookward-profiles` (the one crate that sees every
//! adapter).
//!
//! Adding an agent is a new adapter crate with its `PROFILE`, one [`Agent`] variant and one
//! entry in the registry (ARCHITECTURE.md, "Adding an agent").

use crate::wire::{Env, ParseError, Sender};
use crate::{Agent, Event, Reply, Response};
use serde_json::Value;

/// What hookward writes into a payload it rebuilds from the raw text of one that did not
/// parse (`hookward_pipeline::recover`): the agent's own names, so its adapter reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecoveryNames {
    /// The event name of a tool call before it runs (`PreToolUse`, `BeforeTool`,
    /// `preToolUse`).
    pub pre_tool_event: &'static str,
    /// The event name of a shell command before it runs when it has its own
    /// (`beforeShellExecution`), else [`RecoveryNames::pre_tool_event`].
    pub shell_event: &'static str,
    /// The name of the agent's shell tool (`Bash`, `run_shell_command`, `Shell`).
    pub shell_tool: &'static str,
}

/// Where an agent's file or folder lives: [`AgentFile::path`] is relative to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Place {
    /// The user's home directory (`~/.claude/settings.json`).
    Home,
    /// The project root (`.claude/settings.json`, `AGENTS.md`).
    Project,
}

/// What a file or folder is to the agent (the context guard's kinds; issue 13 item 1d).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileKind {
    /// Instruction files the model reads every session (CLAUDE.md, AGENTS.md, GEMINI.md,
    /// `.cursorrules`).
    Instructions,
    /// Rules, agents and commands folders.
    Rules,
    /// Skills.
    Skills,
    /// The agent's own memory.
    Memory,
    /// Settings (permissions, hooks inside them, environment).
    Settings,
    /// MCP server configuration.
    Mcp,
    /// Hook registrations and hook scripts.
    Hooks,
}

/// One file or folder an agent reads and obeys: a data row of its profile, from which the
/// context guard's guarded list is derived (`hookward-context/src/guarded.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AgentFile {
    /// Where [`AgentFile::path`] starts.
    pub place: Place,
    /// The path below the place, `/`-separated, no leading `/` (`.claude/settings.json`).
    pub path: &'static str,
    /// What it is.
    pub kind: FileKind,
    /// A folder whose files (walked, bounded) are all of [`AgentFile::kind`], rather than one
    /// file.
    pub folder: bool,
}

impl AgentFile {
    /// A file row.
    pub const fn file(place: Place, path: &'static str, kind: FileKind) -> AgentFile {
        AgentFile {
            place,
            path,
            kind,
            folder: false,
        }
    }

    /// A folder row.
    pub const fn folder(place: Place, path: &'static str, kind: FileKind) -> AgentFile {
        AgentFile {
            place,
            path,
            kind,
            folder: true,
        }
    }
}

/// Everything agent-specific about one agent's hook system, as one row of data: its words
/// and abilities as values, its wire format as the adapter's functions. Each adapter crate
/// declares one `pub static PROFILE: AgentProfile` (pure, no I/O).
#[derive(Debug, Clone, Copy)]
pub struct AgentProfile {
    /// Which agent this is.
    pub agent: Agent,
    /// The agent's name for people (`Claude Code`, `Codex`, `Gemini CLI`, `Cursor`), as
    /// replies and reasons say it.
    pub label: &'static str,
    /// How parse errors name the agent ([`Sender`]).
    pub sender: Sender,
    /// The environment variable the agent (or hookward's installed command line) sets to the
    /// project root for every hook (`CLAUDE_PROJECT_DIR`, `GEMINI_PROJECT_DIR`,
    /// `HOOKWARD_PROJECT_DIR`).
    pub project_var: &'static str,
    /// Whether the agent can ask the person on a PreToolUse (REPORT.md per agent).
    pub can_ask: bool,
    /// The events `hookward install` registers hookward for, in the agent's own names.
    pub install_events: &'static [&'static str],
    /// The names a payload rebuilt from raw text uses ([`RecoveryNames`]).
    pub recovery_names: RecoveryNames,
    /// The files and folders the agent reads and obeys, in its home and in a project
    /// ([`AgentFile`]): the context guard guards them. Not yet here (issue 13 item 1d, open):
    /// Claude Code's per-project memory folder (`~/.claude/projects/<slug>/memory`, named by a
    /// rule of Claude Code's, still in `guarded.rs`), transcripts, and the other tables listed
    /// in ARCHITECTURE.md "Adding an agent" step 5.
    pub files: &'static [AgentFile],
    /// Step 1: a parsed payload → [`Event`] (the adapter's `from_value`).
    pub event_of: fn(Value, &Env) -> Result<Event, ParseError>,
    /// Step 6: a [`Response`] → the reply this agent accepts for the event.
    pub render: fn(&Event, &Response) -> Reply,
    /// The reply when hookward could not check a gate and fails closed.
    pub render_fail_closed: fn(&str) -> Reply,
    /// Whether the agent can replace this tool's output before the model sees it.
    pub can_replace_output: fn(&str) -> bool,
    /// A PreToolUse payload in this agent's shape for one shell command (`command`, `cwd`,
    /// `session`), for `hookward policy eval --command`; `None` for the shape Claude Code,
    /// Codex and Gemini share ([`AgentProfile::shell_call`]).
    pub shell_call_payload: Option<fn(&str, &str, &str) -> Value>,
}

impl AgentProfile {
    /// Step 1 from bytes: [`crate::wire::parse_bytes`] then [`AgentProfile::event_of`].
    ///
    /// Errors: [`ParseError`].
    pub fn parse(&self, bytes: &[u8], env: &Env) -> Result<Event, ParseError> {
        (self.event_of)(crate::wire::parse_bytes(bytes, self.sender)?, env)
    }

    /// A payload in this agent's shape for one shell `command` run in `cwd` in session
    /// `session` (`hookward policy eval --command`): the agent's own
    /// [`AgentProfile::shell_call_payload`], else `{session_id, cwd, hook_event_name,
    /// tool_name, tool_input: {command}}` with the event and tool of
    /// [`AgentProfile::recovery_names`].
    pub fn shell_call(&self, command: &str, cwd: &str, session: &str) -> Value {
        match self.shell_call_payload {
            Some(own) => own(command, cwd, session),
            None => serde_json::json!({
                "session_id": session,
                "cwd": cwd,
                "hook_event_name": self.recovery_names.shell_event,
                "tool_name": self.recovery_names.shell_tool,
                "tool_input": {"command": command},
            }),
        }
    }
}
