//! Registers hookward's hooks in an agent's settings file, and removes them again, without
//! disturbing anything else in the file.
//!
//! The `hookward install` / `uninstall` / `doctor` commands are built on four steps:
//!
//! 1. [`plan_install`] or [`plan_uninstall`] reads the settings file, checks its structure,
//!    computes the new text and a unified diff. Nothing is written, so a dry run is just a plan.
//! 2. [`apply`] writes a plan: it refuses when the file changed since the plan was made, makes
//!    a dated backup of the file as it was (`<file>.hookward-backup-YYYYMMDDTHHMMSSZ`, the last
//!    [`BACKUPS_KEPT`] kept), and replaces the file atomically (temporary file in the same
//!    directory, fsync, rename), keeping its permissions. A plan that changes nothing writes
//!    nothing, backup included.
//!
//! Edits are made in place ([`Plan::after`]): only our entries are inserted or removed; the
//! rest of the file (key order, indentation, comments in the formats that allow them,
//! [`Format::allows_comments`]) stays byte for byte.
//! 3. [`inspect`] lists the hookward entries in a file, for `hookward doctor`.
//! 4. [`is_hookward_command`] recognises our entries by their command line (program named
//!    `hookward`, first argument `hook`), so an install after the binary moved updates the old
//!    entry instead of adding a second one.
//!
//! Supported formats ([`Format`]): Claude Code (`settings.json`), Codex (`hooks.json`) and
//! Gemini CLI (`settings.json`), which share one shape (an object of event names to arrays of
//! matcher groups; protocol/REPORT.md), and Cursor (`hooks.json`, a flat list of entries per
//! event with a `version`; <https://cursor.com/docs/agent/hooks>).
//!
//! Codex also needs its hooks *trusted by hash* in `config.toml` or it skips them silently
//! (protocol/REPORT.md §2 "Hook trust"): [`plan_codex_trust`] plans that edit (with
//! `toml_edit`, keeping the person's formatting), [`codex_trust_hash`] is the formula and
//! [`inspect_codex_trust`] checks it for `hookward doctor`.
//!
//! ```
//! use hookward_install::{apply, inspect, plan_install, plan_uninstall, Format, HookSpec};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join(".claude/settings.json");
//! std::fs::create_dir_all(path.parent().unwrap())?;
//! std::fs::write(&path, "{\"model\": \"opus\"}\n")?;
//!
//! let spec = HookSpec {
//!     command: "/usr/local/bin/hookward hook claude-code".into(),
//!     events: vec!["PreToolUse".into(), "PostToolUse".into()],
//!     matcher: None,
//!     timeout: 10, // seconds for Claude Code
//!     fail_closed: false,
//! };
//! let plan = plan_install(Format::ClaudeCode, &path, &spec)?;
//! assert!(plan.changed);
//! assert!(plan.diff.contains("+    \"PreToolUse\": ["));
//! apply(&plan)?;
//!
//! let registration = inspect(Format::ClaudeCode, &path)?;
//! assert_eq!(registration.count("PreToolUse"), 1);
//!
//! // A second install changes nothing.
//! assert!(!plan_install(Format::ClaudeCode, &path, &spec)?.changed);
//!
//! // Uninstall gives back the original content.
//! apply(&plan_uninstall(Format::ClaudeCode, &path)?)?;
//! let back: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
//! assert_eq!(back, serde_json::json!({"model": "opus"}));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![deny(missing_docs)]

mod apply;
mod codex_trust;
mod command;
mod cursor;
mod document;
mod error;
mod groups;
mod mcp;
mod plugin;

use std::path::{Path, PathBuf};

pub use apply::{apply, apply_at, backup_path, list_backups, ApplyOutcome, BACKUPS_KEPT};
pub use codex_trust::{
    codex_config_path, codex_event_label, codex_trust_hash, codex_trust_key, inspect_codex_trust,
    plan_codex_trust, CodexTrust, TrustEntryState, TrustState,
};
pub use command::{hook_command, hookward_program, is_hookward_command, warm_hook_command};
pub use cursor::CURSOR_GATING_EVENTS;
pub use error::{InstallError, SyntaxKind};
pub use groups::GEMINI_HOOK_NAME;
pub use mcp::{configured_servers, mcp_config_files, ConfiguredServer, ConfiguredServers};
pub use plugin::{plugin_enabled, PluginEnabled, PLUGIN_NAME};

/// An agent settings format this crate can edit: the agent profile's
/// [`hookward_core::profile::AgentProfile::settings_format`] (the type lives with the
/// profiles so that each agent names its own; the grammar of each is here).
pub use hookward_core::profile::{SettingsFormat as Format, TimeoutUnit};

/// What to register: one command for a set of events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HookSpec {
    /// The shell command line the agent runs, e.g. `/usr/local/bin/hookward hook claude-code`
    /// (build it with [`hook_command`]). It must satisfy [`is_hookward_command`], otherwise a
    /// later install or uninstall could not find it ([`InstallError::InvalidSpec`]).
    pub command: String,
    /// Event names to register for, as the agent spells them (`PreToolUse`, `BeforeTool`…).
    /// Order is kept, duplicates are ignored, names are not checked against a list (agents add
    /// events). Installing removes our entries from every event not listed, so an empty list
    /// removes all of them.
    pub events: Vec<String>,
    /// Matcher of the group holding our entry. `None` means "every tool" in the format's
    /// verified form: `"*"` for Claude Code and Gemini; for Codex `"*"` on `PreToolUse`,
    /// `PostToolUse` and `PermissionRequest` and no matcher on other events (the protocol
    /// harnesses that captured every event). An absent matcher, `""` and `"*"` are treated as
    /// the same when looking for an existing entry.
    pub matcher: Option<String>,
    /// Timeout written on our entry, in the format's unit ([`Format::timeout_unit`]: seconds
    /// for Claude Code and Codex, milliseconds for Gemini; [`Format::timeout_from_secs`]
    /// converts). Must be at least 1.
    pub timeout: u32,
    /// Whether the agent should block the action when the hook itself fails (crash, timeout,
    /// invalid output). Only Cursor has this switch (`failClosed`, written on
    /// [`CURSOR_GATING_EVENTS`]); the other formats ignore it. The CLI sets it from hookward's
    /// `fail_mode`, so a hook that cannot answer is treated like an internal failure.
    pub fail_closed: bool,
}

/// Settings scope of a Claude Code settings file (Claude Code settings docs: user, project,
/// local).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// `~/.claude/settings.json`: every project of this user.
    User,
    /// `<project>/.claude/settings.json`: this project, usually committed and shared.
    Project,
    /// `<project>/.claude/settings.local.json`: this project, this user, not committed.
    Local,
}

/// The Claude Code settings file for `scope`: `<home>/.claude/settings.json`,
/// `<project>/.claude/settings.json` or `<project>/.claude/settings.local.json`.
///
/// ```
/// use std::path::Path;
/// use hookward_install::{claude_settings_path, Scope};
/// let p = claude_settings_path(Scope::Local, Path::new("/home/me"), Path::new("/src/app"));
/// assert_eq!(p, Path::new("/src/app/.claude/settings.local.json"));
/// ```
pub fn claude_settings_path(scope: Scope, home: &Path, project: &Path) -> PathBuf {
    match scope {
        Scope::User => home.join(".claude").join("settings.json"),
        Scope::Project => project.join(".claude").join("settings.json"),
        Scope::Local => project.join(".claude").join("settings.local.json"),
    }
}

/// Codex's user hooks file, `<codex_home>/hooks.json`; `codex_home` is `$CODEX_HOME`, by
/// default `~/.codex` (protocol/REPORT.md §2).
pub fn codex_hooks_path(codex_home: &Path) -> PathBuf {
    codex_home.join("hooks.json")
}

/// Gemini CLI's user settings file, `<home>/.gemini/settings.json` (protocol/REPORT.md §3).
pub fn gemini_settings_path(home: &Path) -> PathBuf {
    home.join(".gemini").join("settings.json")
}

/// Cursor's user hooks file, `<home>/.cursor/hooks.json` (Cursor hooks docs,
/// <https://cursor.com/docs/agent/hooks>).
pub fn cursor_hooks_path(home: &Path) -> PathBuf {
    home.join(".cursor").join("hooks.json")
}

/// A computed change to one settings file, ready for [`apply`] or for display.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The settings format the plan was computed for.
    pub format: Format,
    /// The settings file.
    pub path: PathBuf,
    /// The file's text when the plan was made; `None` when the file did not exist.
    pub before: Option<String>,
    /// The text to write. Equal to `before` (or empty for an absent file) when `changed` is
    /// false. Otherwise `before` edited in place (jsonc-parser's CST): only the hookward
    /// entries and the containers they need are inserted or removed, new text uses the file's
    /// own indentation and newline style, and every other byte (comments, key order, spacing)
    /// is kept. Entries inserted into a single-line object or array make that container
    /// multi-line. A new or blank file gets pretty JSON (two spaces) with a trailing newline;
    /// a plain-JSON file that cannot be edited in place (a key repeated in one object) is
    /// rewritten whole, indented like the original.
    pub after: String,
    /// Whether applying would change the file. False when the parsed settings would stay the
    /// same, whatever the file's formatting.
    pub changed: bool,
    /// Unified diff (3 lines of context) from `before` to `after`, headed `--- <path>` (or
    /// `--- /dev/null` for an absent file) and `+++ <path> (planned)`; empty when unchanged.
    pub diff: String,
}

/// A timeout value found on a registered entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Timeout {
    /// No `timeout` field: the agent's default applies (Claude Code and Codex 600 s, Gemini
    /// 60000 ms; protocol/REPORT.md).
    Absent,
    /// A non-negative integer, in the format's unit ([`Format::timeout_unit`]).
    Value(u64),
    /// Anything else (negative, fractional, a string…), as JSON text.
    Invalid(String),
}

/// One hookward entry found in a settings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegisteredHook {
    /// The event it is registered under, e.g. `PreToolUse`.
    pub event: String,
    /// 0-based index of its matcher group in the event's array.
    pub group: usize,
    /// 0-based index of the handler in the group's `hooks` array.
    pub index: usize,
    /// The group's matcher; `None` when absent (matches everything).
    pub matcher: Option<String>,
    /// The handler's command line as written.
    pub command: String,
    /// The program word of `command`, unquoted and unexpanded ([`hookward_program`]), for
    /// checking that it exists.
    pub program: String,
    /// The handler's timeout.
    pub timeout: Timeout,
    /// The handler's `type` field (`Some("command")` for a well-formed entry; for Cursor an
    /// absent `type` reads as `"command"`, its default).
    pub handler_type: Option<String>,
    /// The entry's `failClosed` (Cursor only; `None` when absent or another format).
    pub fail_closed: Option<bool>,
}

/// Everything `hookward doctor` needs to know about our registration in one settings file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Registration {
    /// The settings format inspected.
    pub format: Format,
    /// The settings file.
    pub path: PathBuf,
    /// Whether the file exists (an absent file has no entries).
    pub file_exists: bool,
    /// The setting in this file that switches every hook off, when it is set: `disableAllHooks`
    /// (Claude Code settings, when `true`) or `hooksConfig.enabled` (Gemini CLI, when `false`;
    /// protocol/REPORT.md §3). Codex's switch (`[features] hooks`) is in `config.toml`, not
    /// here.
    pub disabled_by: Option<&'static str>,
    /// Our entries, in file order.
    pub entries: Vec<RegisteredHook>,
}

impl Registration {
    /// Our entries registered under `event`.
    pub fn entries_for<'a>(&'a self, event: &'a str) -> impl Iterator<Item = &'a RegisteredHook> {
        self.entries.iter().filter(move |e| e.event == event)
    }

    /// How many of our entries are registered under `event` (1 is healthy).
    pub fn count(&self, event: &str) -> usize {
        self.entries_for(event).count()
    }

    /// The events holding at least one of our entries, in file order, each once.
    pub fn events(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for e in &self.entries {
            if !out.contains(&e.event.as_str()) {
                out.push(&e.event);
            }
        }
        out
    }
}

/// Checks a spec and returns it with duplicate events removed.
fn normalize_spec(spec: &HookSpec) -> Result<HookSpec, InstallError> {
    if !is_hookward_command(&spec.command) {
        return Err(InstallError::InvalidSpec {
            field: "command",
            problem: format!(
                "{:?} is not recognised as a hookward hook command (its program must be named \
                 `hookward` and its first argument must be `hook`), so a later install or \
                 uninstall could not find it; build it with hook_command()",
                spec.command
            ),
        });
    }
    if spec.timeout == 0 {
        return Err(InstallError::InvalidSpec {
            field: "timeout",
            problem: "is 0; give at least 1 (in the format's unit)".to_owned(),
        });
    }
    let mut events: Vec<String> = Vec::new();
    for event in &spec.events {
        if event.trim().is_empty() {
            return Err(InstallError::InvalidSpec {
                field: "events",
                problem: "holds an empty event name; use the agent's event names such as \
                          \"PreToolUse\""
                    .to_owned(),
            });
        }
        if !events.contains(event) {
            events.push(event.clone());
        }
    }
    Ok(HookSpec {
        events,
        ..spec.clone()
    })
}

fn load_checked(format: Format, path: &Path) -> Result<document::Document, InstallError> {
    let doc = document::load(path, format.allows_comments())?;
    match format {
        Format::Cursor => cursor::validate(path, doc.text.as_deref(), &doc.root)?,
        _ => groups::validate(format, path, doc.text.as_deref(), &doc.root)?,
    }
    Ok(doc)
}

/// A plan from `before` to `after` text, with its diff when `changed`.
pub(crate) fn text_plan(
    format: Format,
    path: &Path,
    before: Option<String>,
    after: String,
    changed: bool,
) -> Plan {
    if !changed {
        return Plan {
            format,
            path: path.to_path_buf(),
            after: before.clone().unwrap_or_default(),
            before,
            changed: false,
            diff: String::new(),
        };
    }
    let old_name = match before {
        Some(_) => path.display().to_string(),
        None => "/dev/null".to_owned(),
    };
    let new_name = format!("{} (planned)", path.display());
    let old_text = before.as_deref().unwrap_or("");
    let diff = similar::TextDiff::from_lines(old_text, after.as_str())
        .unified_diff()
        .context_radius(3)
        .header(&old_name, &new_name)
        .to_string();
    Plan {
        format,
        path: path.to_path_buf(),
        before,
        after,
        changed: true,
        diff,
    }
}

fn finish_plan(
    format: Format,
    path: &Path,
    doc: document::Document,
    new_root: serde_json::Map<String, serde_json::Value>,
) -> Result<Plan, InstallError> {
    // `Map` equality ignores key order; our edits never reorder keys, so comparing values
    // is the right "would anything change" test.
    let changed = new_root != doc.root;
    let after = match (&doc.text, changed) {
        (_, false) => String::new(),
        (Some(text), true) if !text.trim().is_empty() => {
            match document::edit_in_place(text, &doc.root, &new_root) {
                Some(edited) => edited,
                // Plain JSON that cannot be edited in place (a repeated key) is rewritten
                // whole; a file with comments is refused rather than lose them.
                None if serde_json::from_str::<serde_json::Value>(text).is_ok() => {
                    document::render(&new_root, &document::detect_indent(Some(text)))
                }
                None => {
                    return Err(InstallError::CannotEditInPlace {
                        path: path.to_path_buf(),
                    })
                }
            }
        }
        _ => document::render(&new_root, &document::detect_indent(doc.text.as_deref())),
    };
    Ok(text_plan(format, path, doc.text, after, changed))
}

/// Plans registering `spec` in the settings file at `path`.
///
/// Merge rules: every other key and every other hook entry is kept, in order. For each event
/// in the spec, an existing hookward entry ([`is_hookward_command`]) is updated in place
/// (command, timeout, `type`) — preferring one whose group has the wanted matcher, else one in
/// a group holding only our entries (whose matcher is then set); further hookward entries in
/// that event are removed, so we are registered exactly once. Without an existing entry, a new
/// group `{"matcher": "*", "hooks": [{"type": "command", "command": …, "timeout": …}]}` is
/// appended. Our entries under events not in the spec are removed (so an upgrade that drops
/// an event shrinks cleanly); a group, an event array or the `hooks` object emptied by that
/// removal is removed too. An absent file is planned as a new file.
///
/// Cursor ([`Format::Cursor`]) has no groups: the first hookward entry of an event is updated
/// in place (command, timeout, and `failClosed` on [`CURSOR_GATING_EVENTS`]), further ones are
/// removed, a new entry `{"command": …, "timeout": …, "failClosed": …}` is appended, and
/// `"version": 1` is added first when the file has no version.
///
/// # Errors
/// [`InstallError::InvalidSpec`] for a spec that cannot be registered; [`InstallError::Io`]
/// when the file cannot be read; [`InstallError::ByteOrderMark`],
/// [`InstallError::InvalidUtf8`], [`InstallError::Syntax`] or [`InstallError::Shape`] when it
/// does not parse as this format. The file is never written.
pub fn plan_install(format: Format, path: &Path, spec: &HookSpec) -> Result<Plan, InstallError> {
    let spec = normalize_spec(spec)?;
    let doc = load_checked(format, path)?;
    let mut root = doc.root.clone();
    match format {
        Format::Cursor => cursor::install(&mut root, &spec),
        _ => groups::install(format, &mut root, &spec),
    }
    finish_plan(format, path, doc, root)
}

/// Plans removing every hookward entry from the settings file at `path`.
///
/// Only entries recognised by [`is_hookward_command`] are removed. Then, honest rule for empty
/// containers: a group, an event array or the `hooks` object is removed when *this removal*
/// emptied it; containers that were already empty are left. (So a `"hooks": {}` or
/// `"PreToolUse": []` that existed before an install and held only our entries afterwards is
/// removed by uninstall; for every agent an empty container registers nothing.) An absent file
/// gives an unchanged plan with `before: None` and an empty `after`.
///
/// # Errors
/// As [`plan_install`], without `InvalidSpec`. The file is never written.
pub fn plan_uninstall(format: Format, path: &Path) -> Result<Plan, InstallError> {
    let doc = load_checked(format, path)?;
    let mut root = doc.root.clone();
    match format {
        Format::Cursor => cursor::uninstall(&mut root),
        _ => groups::uninstall(format, &mut root),
    }
    finish_plan(format, path, doc, root)
}

/// Lists the hookward entries in the settings file at `path`, for `hookward doctor`: per
/// event, each entry's command, program, timeout and matcher, so the caller can check
/// "registered exactly once", "program exists" and "timeout sane".
///
/// # Errors
/// As [`plan_uninstall`]. An absent file is not an error: `file_exists` is false.
pub fn inspect(format: Format, path: &Path) -> Result<Registration, InstallError> {
    let doc = load_checked(format, path)?;
    let disabled_by = match format {
        Format::ClaudeCode => (doc.root.get("disableAllHooks")
            == Some(&serde_json::Value::Bool(true)))
        .then_some("disableAllHooks"),
        Format::Gemini => (doc.root.get("hooksConfig").and_then(|c| c.get("enabled"))
            == Some(&serde_json::Value::Bool(false)))
        .then_some("hooksConfig.enabled"),
        Format::Codex | Format::Cursor => None,
    };
    Ok(Registration {
        format,
        path: path.to_path_buf(),
        file_exists: doc.text.is_some(),
        disabled_by,
        entries: match format {
            Format::Cursor => cursor::find(&doc.root),
            _ => groups::find(format, &doc.root),
        },
    })
}
