//! A settings or skill file that changed on disk while the agent's session runs (Claude Code's
//! `ConfigChange` event), as the policy sees it: `input.facts.config_change`.
//!
//! The facts are computed by the context guard (`hookward-context`, `config_change.rs`), which
//! holds the ledger of the file's earlier versions: the same key-by-key settings diff
//! ([`crate::settings::diff_settings`], the one a file tool's write to the same file gets
//! before it runs) and the same persistence detectors (`hookward_context::detect`) that run on
//! every new version of a guarded file. The types live here because they are facts, typed to
//! the end and serialised only for Rego.

use crate::settings::SettingsChange;
use serde::{Deserialize, Serialize};

/// What the new content of the changed file was compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Baseline {
    /// The last version of the file the ledger holds that is not part of an unreviewed
    /// change: the version before the oldest pending change of the file, else its newest
    /// version. A change seen earlier (by the check after a shell command) but not reviewed is
    /// therefore still part of what the reload would load.
    Reviewed,
    /// The file is new: the ledger has scanned its home or project and had no version of it.
    NewFile,
    /// Nothing to compare with (the context guard is off, the store cannot be read, the file
    /// is not a guarded file, or its home/project was never scanned): only what the new
    /// content says on its own counts (hooks switched off, planted text).
    Unknown,
}

/// One finding of the context guard's detectors on the new content (`hookward_context::detect`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigFinding {
    /// The detector's rule id (`self/disable-hooks`, `context/settings-change`, `inject/…`).
    pub rule_id: String,
    /// Severity `deny` in the ledger: text that reads as planted instructions, or hooks
    /// switched off / hookward's entries removed. False for findings that warrant a question
    /// (a security-relevant key changed, an instructed command).
    pub planted: bool,
    /// One sentence for people.
    pub message: String,
    /// 1-based line in the new content, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<i64>,
}

/// The changed file and what reloading it would change (`input.facts.config_change`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConfigChangeFacts {
    /// The file (absolute, normalised against the event's working directory).
    pub path: String,
    /// The agent's word for where the file sits (Claude Code: `user_settings`,
    /// `project_settings`, `local_settings`, `policy_settings`, `skills`), empty when not given.
    pub source: String,
    /// Whether a block keeps the session on its old settings. Claude Code ignores a block of
    /// `policy_settings` (managed settings always apply), so the rules only tell there.
    pub blockable: bool,
    /// The context guard's kind of the file (`settings`, `mcp`, `hooks`, `skill`, …), `None`
    /// when it is not a guarded file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub guarded: Option<String>,
    /// What the new content was compared with.
    pub baseline: Baseline,
    /// Whether the file exists now (a removed settings file removes all its settings).
    pub exists: bool,
    /// The key-by-key diff from the baseline (settings, MCP and hook registration files):
    /// `disables_hooks`, `removes_hookward`, `changes_hookward`, `security`, `executable`, as
    /// for a file tool's write ([`SettingsChange`]). With [`Baseline::Unknown`] it is the diff
    /// from an empty document, so only `disables_hooks` means anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<SettingsChange>,
    /// The detectors' findings on what the new content adds (all of it with
    /// [`Baseline::Unknown`] or [`Baseline::NewFile`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub findings: Vec<ConfigFinding>,
}

impl ConfigChangeFacts {
    /// Whether reloading the file would turn the guard off or loosen it: the agent's hooks
    /// switched off, hookward's hook entries removed or changed, or a `HOOKWARD_*` variable set
    /// in the agent's environment (`env.HOOKWARD_…`).
    pub fn unguards(&self) -> bool {
        self.settings.as_ref().is_some_and(|s| {
            s.disables_hooks
                || s.removes_hookward
                || s.changes_hookward
                || s.changes.iter().any(|l| {
                    l.starts_with("add env.HOOKWARD_") || l.starts_with("set env.HOOKWARD_")
                })
        })
    }
}
