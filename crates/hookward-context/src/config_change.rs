//! The context guard's look at a file the agent reports changed on disk during a session
//! (Claude Code's `ConfigChange`): what reloading it would change, as
//! [`hookward_facts::ConfigChangeFacts`] for the policy (`input.facts.config_change`).
//!
//! Nothing new is listed here: the file's kind comes from the guarded list
//! ([`crate::guarded::kind_of`]), the new content is compared with the ledger by the same
//! detectors as every new version of a guarded file ([`crate::detect::check_with`]: the
//! key-by-key settings diff of `hookward_facts::settings::diff_settings`, whose
//! `disables_hooks`/`removes_hookward`/`changes_hookward` are the facts the `self/` rules judge a
//! file tool's write by, the security-relevant keys and new executable configuration, and the
//! injection scanner for skills). Reading only: the new version is recorded by the guard step
//! after the decision ([`crate::hook::run`]), so `hookward policy eval` computes the same facts
//! without writing.

use crate::{Guard, Kind};
use hookward_core::Event;
use hookward_facts::{Baseline, ConfigChangeFacts, ConfigFinding};
use hookward_store::{ChangeQuery, ChangeStatus, Severity, Store, StoreError};
use std::io::Read;

/// The most bytes of the changed file read (1 MiB, [`hookward_facts::MAX_READ`]); a settings
/// file is a few KiB, and a longer one is checked on its head like any fact's read.
pub const MAX_READ: u64 = hookward_facts::MAX_READ;

/// The absolute path of the file `event` reports changed, or `None` when it names none.
pub fn changed_path(guard: &Guard, event: &Event) -> Option<String> {
    let file = event.changed_file.as_deref().filter(|f| !f.is_empty())?;
    let cwd = event
        .cwd
        .clone()
        .or_else(|| guard.project.clone())
        .unwrap_or_else(|| "/".to_string());
    Some(hookward_facts::normalize(file, &cwd, &guard.home))
}

/// The ledger's project key of a guarded file: `""` for a file of the home directory outside
/// the project (memory excepted, which belongs to its project), else the guard's project.
pub(crate) fn scope_of(guard: &Guard, path: &str, kind: Kind) -> String {
    let in_home = path.starts_with(&format!("{}/", guard.home));
    let in_project = guard
        .project
        .as_deref()
        .is_some_and(|p| path.starts_with(&format!("{p}/")));
    if in_home && !in_project && kind != Kind::Memory {
        String::new()
    } else {
        guard.scope().to_string()
    }
}

/// The content to compare with, from the ledger: `(baseline, content)`. The version before the
/// oldest unreviewed (pending) change of the file, else its newest version; a file the ledger
/// does not hold is new when its home/project was scanned, else unknown.
fn baseline(
    guard: &Guard,
    store: &Store,
    path: &str,
    kind: Kind,
) -> Result<(Baseline, Option<String>), StoreError> {
    let (pending, _) = store.context_changes(&ChangeQuery {
        statuses: vec![ChangeStatus::Pending],
        path: Some(path.to_string()),
        ..ChangeQuery::default()
    })?;
    // Newest first: the last row is the oldest pending change.
    if let Some(oldest) = pending.last() {
        return Ok(match &oldest.from_hash {
            Some(h) => match guard.content_of(Some(h)) {
                Some(text) => (Baseline::Reviewed, Some(text)),
                None => (Baseline::Unknown, None),
            },
            None => (Baseline::NewFile, None),
        });
    }
    if let Some(state) = store.context_state(path)? {
        return Ok(match state.hash.as_deref() {
            Some(h) => match guard.content_of(Some(h)) {
                Some(text) => (Baseline::Reviewed, Some(text)),
                None => (Baseline::Unknown, None),
            },
            // Recorded as removed: the file is new again.
            None => (Baseline::NewFile, None),
        });
    }
    let scanned = store
        .context_scope_scanned(&scope_of(guard, path, kind))?
        .is_some();
    Ok(if scanned {
        (Baseline::NewFile, None)
    } else {
        (Baseline::Unknown, None)
    })
}

/// The text of `path` now (at most [`MAX_READ`] bytes, lossy UTF-8), `None` when it cannot
/// be read (removed).
fn read_now(path: &str) -> Option<String> {
    let f = std::fs::File::open(path).ok()?;
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    let mut bytes = Vec::new();
    f.take(MAX_READ).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// What reloading the file `event` names would change (see the module docs). `store`: the
/// ledger, `None` when it cannot be read (then [`Baseline::Unknown`]). `None` when the event
/// names no file.
///
/// # Errors
/// [`StoreError`] when the ledger cannot be read; the caller then judges with
/// `store: None`.
pub fn facts(
    guard: &Guard,
    store: Option<&Store>,
    event: &Event,
) -> Result<Option<ConfigChangeFacts>, StoreError> {
    let Some(path) = changed_path(guard, event) else {
        return Ok(None);
    };
    let source = event.source.clone().unwrap_or_default();
    let kind = guard.kind_of(&path);
    let now = read_now(&path);
    let (base, before) = match (kind, store) {
        (Some(k), Some(s)) => baseline(guard, s, &path, k)?,
        _ => (Baseline::Unknown, None),
    };
    let after = now.clone().unwrap_or_default();
    let (settings, findings) = match kind {
        Some(k) => {
            let project = scope_of(guard, &path, k);
            let check = crate::detect::check_with(
                &path,
                k,
                before.as_deref(),
                &after,
                &guard.home,
                &project,
                guard.learned_threshold,
            );
            let findings = check
                .findings
                .iter()
                .filter(|f| f.severity != Severity::Info)
                .map(|f| ConfigFinding {
                    rule_id: f.rule_id.clone(),
                    planted: f.severity == Severity::Deny,
                    message: f.message.clone(),
                    line: f.line,
                })
                .collect();
            (check.settings, findings)
        }
        // A settings file outside the guarded list (managed settings, `--settings FILE`): its
        // content on its own.
        None if path.ends_with(".json") || path.ends_with(".toml") => (
            Some(hookward_facts::settings::diff_settings(&path, None, &after)),
            Vec::new(),
        ),
        None => (None, Vec::new()),
    };
    Ok(Some(ConfigChangeFacts {
        path,
        blockable: source != "policy_settings",
        source,
        guarded: kind.map(|k| k.as_str().to_string()),
        baseline: base,
        exists: now.is_some(),
        settings,
        findings,
    }))
}
