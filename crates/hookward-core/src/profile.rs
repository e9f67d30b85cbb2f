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
    /// The file system root: a system-wide file the administrator manages
    /// (`etc/claude-code`, Claude Code's managed settings). The context guard does not guard
    /// these rows (they are not the user's to review); `hookward-facts` names them.
    System,
}

/// How `hookward-facts` recognises a row in a path it classifies (`agent_settings`,
/// `mcp_config`, `agent_instructions`, `agent_memory`; `crates/hookward-facts/src/agent_files.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Recognised {
    /// By its path's tail in any folder: `…/.claude/settings.json` for a file,
    /// `…/.claude/hooks/…` below a folder (a nested project, a second home, a copy the agent
    /// is pointed at are all the agent's files). The default.
    Anywhere,
    /// Only at its place (`~/.claude.json`, not a `.claude.json` elsewhere). [`Place::System`]
    /// rows are always recognised so.
    AtPlace,
    /// Not at all: the context guard guards it, the path classes do not name it (every file
    /// of a project's `.codex` folder is guarded as settings, but is not each a settings file).
    GuardOnly,
}

/// Which of an agent's settings files `hookward install --scope` writes hookward's entries
/// into (Claude Code has all three; the other agents one user file).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InstallScope {
    /// The user's file (`~/.claude/settings.json`, `~/.codex/hooks.json`), `--scope user`.
    User,
    /// The project's shared file (`.claude/settings.json`), `--scope project`.
    Project,
    /// The project's file kept out of version control (`.claude/settings.local.json`),
    /// `--scope local`.
    Local,
}

impl InstallScope {
    /// Every scope, in `--scope`'s order.
    pub const ALL: [InstallScope; 3] = [
        InstallScope::User,
        InstallScope::Project,
        InstallScope::Local,
    ];
}

/// An agent's own home folder that an environment variable can move (Codex's `CODEX_HOME`,
/// by default `~/.codex`): rows below [`HomeVar::dir`] are then below the variable's folder.
/// Read by `hookward install` and `doctor`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HomeVar {
    /// The variable (`CODEX_HOME`).
    pub var: &'static str,
    /// Its default below the user's home (`.codex`).
    pub dir: &'static str,
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
    /// The agent's sign-in tokens (`~/.claude/.credentials.json`): whoever reads them acts as
    /// the user towards the agent's provider. Not a file the model reads: the context guard
    /// does not guard it and it is no agent class; `hookward-facts` classes it `credential`
    /// below any home (`secrets::table`).
    Credentials,
    /// Where the agent's program writes its sessions, logs and caches (`~/.claude`,
    /// `~/.cache/claude`): `hookward run` keeps it writable inside the sandbox
    /// (`hookward-sandbox/src/tables.rs` `agents`). Not guarded, no path class.
    State,
    /// A folder below which the agent writes its session transcripts
    /// (`~/.claude/projects`, `~/.codex/sessions`, `~/.gemini/tmp`), in the format its
    /// profile names ([`AgentProfile::transcripts`]): where `hookward cost` and
    /// `hookward lessons audit` read them (`hookward-cost/src/walk.rs` `roots`). Not
    /// guarded, no path class.
    Transcripts,
}

/// The format of an agent's session transcripts ([`AgentProfile::transcripts`]): which
/// parser reads the files below its [`FileKind::Transcripts`] rows. A parser per format
/// lives above the adapters (`hookward-cost`'s `claude`, `codex`, `gemini` modules, and
/// `hookward-lessons/src/transcript.rs`); `hookward_cost::Source` is this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TranscriptFormat {
    /// Claude Code transcripts (`~/.claude/projects/**/*.jsonl`).
    Claude,
    /// Codex CLI rollouts (`~/.codex/sessions/**/rollout-*.jsonl`).
    Codex,
    /// Gemini CLI chat recordings (`~/.gemini/tmp/<project>/chats/session-*.jsonl`).
    Gemini,
}

impl TranscriptFormat {
    /// The word used in output: `claude-code`, `codex` or `gemini`.
    pub fn label(self) -> &'static str {
        match self {
            TranscriptFormat::Claude => "claude-code",
            TranscriptFormat::Codex => "codex",
            TranscriptFormat::Gemini => "gemini",
        }
    }
}

/// The grammar of the settings file `hookward install` writes an agent's hook entries into
/// (`hookward_install::Format`, which reads and writes each): a field of the agent's
/// profile ([`AgentProfile::settings_format`]).
///
/// Claude Code, Codex and Gemini use the "matcher groups" shape
/// `{"hooks": {"<Event>": [{"matcher": "*", "hooks": [{"type": "command", "command": "...",
/// "timeout": N}]}]}}`; they differ in the timeout unit ([`SettingsFormat::timeout_unit`]), in the
/// matcher written by default, and in the switches that turn all hooks off (see
/// `hookward_install::Registration::disabled_by`). Cursor uses a flat shape (see [`SettingsFormat::Cursor`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SettingsFormat {
    /// Claude Code: `~/.claude/settings.json`, `<project>/.claude/settings.json`,
    /// `<project>/.claude/settings.local.json` (`hookward_install::claude_settings_path`); timeouts in seconds
    /// (default 600 s; protocol/REPORT.md "Timeouts and latency").
    ClaudeCode,
    /// Codex CLI: `$CODEX_HOME/hooks.json` (default `~/.codex/hooks.json`, `hookward_install::codex_hooks_path`);
    /// timeouts in seconds (default 600 s). Codex skips hooks not trusted by hash
    /// (protocol/REPORT.md §2 "Hook trust"); writing the trust entries into `config.toml` is
    /// not done here.
    Codex,
    /// Gemini CLI: `~/.gemini/settings.json` (`hookward_install::gemini_settings_path`); timeouts in
    /// **milliseconds** (default 60000 ms; protocol/REPORT.md §3). Our entries carry
    /// `"name": "hookward"` (`hookward_install::GEMINI_HOOK_NAME`).
    Gemini,
    /// Cursor: `~/.cursor/hooks.json` (`hookward_install::cursor_hooks_path`), shape
    /// `{"version": 1, "hooks": {"<event>": [{"command": "...", "timeout": N,
    /// "failClosed": bool}]}}` (no matcher groups, no `type`); timeouts in seconds; `failClosed`
    /// is written on the events that can block (`hookward_install::CURSOR_GATING_EVENTS`) with the value of
    /// `hookward_install::HookSpec::fail_closed`. Contract: Cursor hooks docs,
    /// <https://cursor.com/docs/agent/hooks>.
    Cursor,
}

/// The unit of a hook handler's `timeout` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TimeoutUnit {
    /// Seconds (Claude Code, Codex, Cursor).
    Seconds,
    /// Milliseconds (Gemini CLI).
    Milliseconds,
}

impl SettingsFormat {
    /// Whether this format's files may hold `//` and `/* */` comments: Gemini CLI strips
    /// comments before parsing its settings, Cursor reads its `hooks.json` as JSON with
    /// comments; Claude Code and Codex parse strict JSON, so a comment there is refused
    /// (`hookward_install::SyntaxKind::Comment`) as the agent itself would fail on it.
    pub fn allows_comments(self) -> bool {
        matches!(self, SettingsFormat::Gemini | SettingsFormat::Cursor)
    }

    /// The agent's name for messages, e.g. "Claude Code".
    pub fn agent_name(self) -> &'static str {
        match self {
            SettingsFormat::ClaudeCode => "Claude Code",
            SettingsFormat::Codex => "Codex CLI",
            SettingsFormat::Gemini => "Gemini CLI",
            SettingsFormat::Cursor => "Cursor",
        }
    }

    /// The unit of `timeout` in this format (sources on each [`SettingsFormat`] variant).
    pub fn timeout_unit(self) -> TimeoutUnit {
        match self {
            SettingsFormat::ClaudeCode | SettingsFormat::Codex | SettingsFormat::Cursor => {
                TimeoutUnit::Seconds
            }
            SettingsFormat::Gemini => TimeoutUnit::Milliseconds,
        }
    }

    /// Converts a timeout in seconds to this format's unit, saturating at `u32::MAX`.
    ///
    /// ```
    /// use hookward_core::profile::SettingsFormat;
    /// assert_eq!(SettingsFormat::ClaudeCode.timeout_from_secs(10), 10);
    /// assert_eq!(SettingsFormat::Gemini.timeout_from_secs(10), 10_000);
    /// ```
    pub fn timeout_from_secs(self, secs: u32) -> u32 {
        match self.timeout_unit() {
            TimeoutUnit::Seconds => secs,
            TimeoutUnit::Milliseconds => secs.saturating_mul(1000),
        }
    }
}

/// One way of starting the agent's program with its guard off (`claude
/// --dangerously-skip-permissions`, `codex --yolo`): a row of the built-in policy's table
/// `nested_agent_flags` (rule `self/nested-agent-unguarded`), which `hookward-policy`
/// generates from every profile's [`AgentProfile::unguard_flags`] as the Rego package
/// `hookward.agents`. Flag names are the real CLIs' (`--help` of Claude Code 2.1.197, Codex
/// 0.171.0 with `--yolo` its hidden alias, Gemini CLI 0.61.0; Cursor CLI docs for
/// `cursor-agent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnguardFlag {
    /// The program's base name the flag belongs to (`claude`, `cursor-agent`).
    pub program: &'static str,
    /// The flag's spellings (`-y`, `--yolo`), each also matched as `--flag=value`.
    pub flags: &'static [&'static str],
    /// When set, a regex (Rego `regex.match`) the flag's value must match (the next
    /// argument, or the text after `=`); without it the flag's presence is enough.
    pub value: Option<&'static str>,
    /// When set, the flag's value must not contain this text (`--setting-sources` without
    /// `user`).
    pub lacks: Option<&'static str>,
    /// What the flag does to the guard, as the reason says it ("skips every permission
    /// check").
    pub why: &'static str,
}

impl UnguardFlag {
    /// A flag whose presence alone turns the guard off.
    pub const fn new(
        program: &'static str,
        flags: &'static [&'static str],
        why: &'static str,
    ) -> UnguardFlag {
        UnguardFlag {
            program,
            flags,
            value: None,
            lacks: None,
            why,
        }
    }

    /// The row matching only when the flag's value matches the regex `pattern`.
    pub const fn value(self, pattern: &'static str) -> UnguardFlag {
        UnguardFlag {
            value: Some(pattern),
            ..self
        }
    }

    /// The row matching only when the flag's value lacks `text`.
    pub const fn lacks(self, text: &'static str) -> UnguardFlag {
        UnguardFlag {
            lacks: Some(text),
            ..self
        }
    }
}

/// One file or folder an agent reads and obeys: a data row of its profile, from which the
/// context guard's guarded list (`hookward-context/src/guarded.rs`) and the path classes
/// `agent_settings`, `mcp_config`, `agent_instructions`, `agent_memory`
/// (`hookward-facts/src/agent_files.rs`) are derived.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AgentFile {
    /// Where [`AgentFile::path`] starts.
    pub place: Place,
    /// The path below the place, `/`-separated, no leading `/` (`.claude/settings.json`;
    /// `etc/claude-code` below [`Place::System`]).
    pub path: &'static str,
    /// What it is.
    pub kind: FileKind,
    /// A folder whose files (walked, bounded) are all of [`AgentFile::kind`], rather than one
    /// file.
    pub folder: bool,
    /// How `hookward-facts` recognises it in a path ([`Recognised`]).
    pub recognised: Recognised,
    /// Whether `hookward install` writes hookward's hook entries into this file, and for
    /// which `--scope` (`crates/hookward/src/install.rs` `settings_path`).
    pub install: Option<InstallScope>,
    /// Whether the agent follows `@path` imports written in this file, loading the named files
    /// as instructions too (Claude Code's memory documentation: "CLAUDE.md files can import
    /// additional files using @path/to/import syntax", relative to the importing file, `~/`
    /// for the home directory, not inside code spans or blocks, up to 5 hops; Gemini CLI's
    /// Memory Import Processor does the same for `GEMINI.md`). The context guard guards the
    /// imported files as instruction files (`hookward_facts::imports`).
    pub imports: bool,
}

impl AgentFile {
    /// A file row.
    pub const fn file(place: Place, path: &'static str, kind: FileKind) -> AgentFile {
        AgentFile {
            place,
            path,
            kind,
            folder: false,
            recognised: Recognised::Anywhere,
            install: None,
            imports: false,
        }
    }

    /// A folder row.
    pub const fn folder(place: Place, path: &'static str, kind: FileKind) -> AgentFile {
        AgentFile {
            place,
            path,
            kind,
            folder: true,
            recognised: Recognised::Anywhere,
            install: None,
            imports: false,
        }
    }

    /// The row recognised only at its place ([`Recognised::AtPlace`]).
    pub const fn at_place_only(self) -> AgentFile {
        AgentFile {
            recognised: Recognised::AtPlace,
            ..self
        }
    }

    /// The row as the file `hookward install --scope <scope>` writes to.
    pub const fn install_target(self, scope: InstallScope) -> AgentFile {
        AgentFile {
            install: Some(scope),
            ..self
        }
    }

    /// The row as a file whose `@path` imports the agent follows ([`AgentFile::imports`]).
    pub const fn importing(self) -> AgentFile {
        AgentFile {
            imports: true,
            ..self
        }
    }

    /// The row guarded by the context guard but not named by the path classes
    /// ([`Recognised::GuardOnly`]).
    pub const fn guard_only(self) -> AgentFile {
        AgentFile {
            recognised: Recognised::GuardOnly,
            ..self
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
    /// Who makes the agent and what it is, for `--help` (`Anthropic's Claude Code`): the
    /// help line of the agent's command-line word (`crates/hookward/src/agent_word.rs`).
    pub description: &'static str,
    /// Where `hookward install` writes, for `hookward install --help` (`settings.json`,
    /// `~/.gemini/settings.json`), after [`AgentProfile::description`] in brackets.
    pub install_note: &'static str,
    /// How parse errors name the agent ([`Sender`]).
    pub sender: Sender,
    /// The environment variable the agent (or hookward's installed command line) sets to the
    /// project root for every hook (`CLAUDE_PROJECT_DIR`, `GEMINI_PROJECT_DIR`,
    /// `HOOKWARD_PROJECT_DIR`).
    pub project_var: &'static str,
    /// Whether, when [`AgentProfile::project_var`] is not set, the project root is the hook
    /// process's own working directory rather than the payload's `cwd`. True for an agent that
    /// runs every hook in the session's directory but puts the tool call's working directory,
    /// which the model chooses, in the payload's `cwd`: Codex 0.171.0 (an `exec_command` call
    /// with `"workdir": "/elsewhere"` gives PreToolUse and PostToolUse payloads with
    /// `"cwd": "/elsewhere"` while the hook runs in the session's directory; captured with the
    /// real CLI on 2026-12-05, `crates/hookward-codex/tests/fixtures/workdir/`). Taking the
    /// payload's `cwd` there would let a model move the project boundary by naming another
    /// folder; the payload's `cwd` stays where the command runs.
    pub project_is_hook_cwd: bool,
    /// Whether the agent can ask the person on a PreToolUse (REPORT.md per agent).
    pub can_ask: bool,
    /// The events `hookward install` registers hookward for, in the agent's own names.
    pub install_events: &'static [&'static str],
    /// The names a payload rebuilt from raw text uses ([`RecoveryNames`]).
    pub recovery_names: RecoveryNames,
    /// The files and folders the agent reads and obeys, in its home and in a project
    /// and system-wide ([`AgentFile`]): the context guard guards them, and `hookward-facts`
    /// names them in its path classes. Not here: Claude Code's per-project memory folder
    /// (`~/.claude/projects/<slug>/memory`, named by a rule of Claude Code's, in
    /// `guarded.rs` and `hookward-facts/src/agent_files.rs`; ARCHITECTURE.md "Adding an
    /// agent").
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
    /// The agent's home folder when an environment variable can move it ([`HomeVar`]).
    pub home_var: Option<HomeVar>,
    /// Program file names that start the agent (`claude`; `cursor-agent`, `cursor`):
    /// `hookward run` compares a command's base name with them.
    pub programs: &'static [&'static str],
    /// Environment variables the agent reads its own credentials from
    /// (`ANTHROPIC_API_KEY`): `hookward run` keeps them even when a strip pattern matches.
    pub key_vars: &'static [&'static str],
    /// Command-line flags that start the agent with its hooks, permission checks or sandbox
    /// off ([`UnguardFlag`]): the built-in policy's `nested_agent_flags` table.
    pub unguard_flags: &'static [UnguardFlag],
    /// The flag that hands the agent's program a settings file or inline settings
    /// (`claude --settings FILE`), whose file `hookward-facts` reads to see whether it
    /// switches every hook off (`settings::nested_agent_settings`); `None` when the agent
    /// has none.
    pub settings_flag: Option<&'static str>,
    /// The grammar of the settings files `hookward install` writes its hook entries into
    /// ([`SettingsFormat`], read and written by `hookward-install`).
    pub settings_format: SettingsFormat,
    /// Whether the agent runs hooks only once they are trusted by hash (Codex: entries in
    /// `$CODEX_HOME/config.toml`, protocol/REPORT.md §2 "Hook trust"): `hookward install`
    /// writes the trust entries (unless `--no-trust`), `uninstall` removes them and
    /// `doctor` checks them (the trust file's grammar is `hookward-install`'s
    /// `plan_codex_trust`/`inspect_codex_trust`).
    pub hook_trust: bool,
    /// Whether hookward also ships as a plugin of this agent (Claude Code's plugin,
    /// `packaging/claude-plugin`): `hookward install` refuses while that plugin is enabled in one of the
    /// agent's install files, since every hook would run twice.
    pub plugin: bool,
    /// The format of the transcripts below the agent's [`FileKind::Transcripts`] rows;
    /// `None` when hookward reads none of its transcripts (Cursor).
    pub transcripts: Option<TranscriptFormat>,
}

impl AgentProfile {
    /// The row `hookward install --scope <scope>` writes to, if the agent has that scope.
    pub fn install_file(&self, scope: InstallScope) -> Option<&'static AgentFile> {
        self.files.iter().find(|f| f.install == Some(scope))
    }

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
