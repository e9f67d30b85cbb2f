//! Putting a guarded file back (issue #5 §6): `hookward restore C12` (the version before the
//! change) or `--checkpoint FILE` (the last version that passed the checks).
//!
//! A restore is refused when the file changed since the record it is based on. Applying it
//! follows a journal in `~/.hookward/journal/` so that a restore killed at any step is finished
//! by the next run ([`recover`]) and no content is lost:
//!
//! 1. `begun` — the journal names the file, the hash it must have now, and the hash to restore;
//! 2. `quarantined` — the current file is copied into `~/.hookward/quarantine/`;
//! 3. `staged` — the restored content is written to a temporary file beside the target;
//! 4. `replaced` — the temporary file is renamed over the target (atomic), or the target is
//!    removed when the restored state is "absent";
//! 5. the ledger records the new version (a version that passed the checks when it was recorded
//!    is recorded clean and checked, the file's checkpoint again; any other is rescanned:
//!    residual findings stay pending), the change is marked `restored`, and the journal is
//!    removed.

use crate::observe::Writer;
use crate::{now_ms, ContextError, Guard, Guarded, Kind};
use hookward_store::{ChangeStatus, Store};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// What to restore.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// The version before change `C<id>`.
    Change(i64),
    /// The recovery checkpoint of a file (absolute path).
    Checkpoint(String),
}

/// A restore, computed but not applied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    /// The file.
    pub path: String,
    /// Its kind.
    pub kind: String,
    /// Its project (`""` for home files).
    pub project: String,
    /// The change being undone, if any.
    pub change_id: Option<i64>,
    /// The version being restored.
    pub version_id: Option<i64>,
    /// The hash the file has now (None: absent).
    pub current_hash: Option<String>,
    /// The hash it will have (None: the file will be removed).
    pub target_hash: Option<String>,
    /// Unified diff from the current content to the restored content.
    pub diff: String,
}

/// The steps of an applied restore, as written in its journal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Journal written, nothing touched.
    Begun,
    /// The current file is in the quarantine.
    Quarantined,
    /// The restored content is in the temporary file.
    Staged,
    /// The target has the restored content.
    Replaced,
    /// The ledger is updated; the journal is removed.
    Done,
}

/// A restore journal (`~/.hookward/journal/restore-*.json`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Journal {
    /// The plan being applied.
    pub plan: Plan,
    /// Where the current file is copied (None when it was absent).
    pub quarantine: Option<String>,
    /// The temporary file beside the target.
    pub staged: String,
    /// The last completed step.
    pub step: Step,
    /// When the restore began, ms since the Unix epoch.
    pub started_ms: i64,
}

/// How a restore ended (`restored`, `abandoned` in JSON).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RestoreStatus {
    /// The earlier version is back.
    Restored,
    /// Recovery found the file changed meanwhile and left it as it is.
    Abandoned,
}

impl RestoreStatus {
    /// The word (`restored`, `abandoned`).
    pub fn as_str(self) -> &'static str {
        match self {
            RestoreStatus::Restored => "restored",
            RestoreStatus::Abandoned => "abandoned",
        }
    }
}

/// How a restore ended (applied now or recovered from a journal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The file.
    pub path: String,
    /// The change undone.
    pub change_id: Option<i64>,
    /// Where the previous content was kept.
    pub quarantine: Option<String>,
    /// The change record of the restored version (its residual findings, if any, pending).
    pub new_change_id: Option<i64>,
    /// Restored, or abandoned (recovery found the file changed by someone else meanwhile;
    /// the file was left as it is and the quarantine copy kept).
    pub status: RestoreStatus,
    /// Findings the restored content still has (rule ids).
    pub residual: Vec<String>,
}

fn current_hash(path: &str) -> Result<Option<String>, ContextError> {
    match std::fs::read(path) {
        Ok(b) => Ok(Some(crate::objects::hash(&b))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(ContextError::io(Path::new(path), "reading", e)),
    }
}

fn short(h: Option<&str>) -> String {
    h.map(|h| h[..h.len().min(12)].to_string())
        .unwrap_or_else(|| "absent".into())
}

/// Computes the restore of `target` without touching anything.
///
/// # Errors
/// [`ContextError::NoChange`], [`ContextError::NotTracked`]; [`ContextError::Refused`] when the
/// file changed since the record (`hookward context scan` records the new state, then restore
/// the change that brought it), when the change has no earlier version, or when the file is
/// already in the requested state; [`ContextError::MissingObject`] when a version's content is gone.
pub fn plan(guard: &Guard, store: &Store, target: &Target) -> Result<Plan, ContextError> {
    let (path, change_id, expected, version_id) = match target {
        Target::Change(id) => {
            let c = store
                .context_change(*id)?
                .ok_or(ContextError::NoChange(*id))?;
            let from = match c.from_version {
                Some(v) => Some(store.context_version(v)?.ok_or_else(|| {
                    ContextError::Refused(format!(
                        "the version before C{id} was pruned from the history; `hookward restore --checkpoint {}` \
                         restores the last version that passed the checks",
                        c.path
                    ))
                })?),
                None => None,
            };
            if from.is_none() && c.writer == Writer::FirstScan.describe() {
                return Err(ContextError::Refused(format!(
                    "C{id} is the first version hookward saw of {}; there is no earlier version to put back. \
                     `hookward restore --checkpoint {}` restores the last version that passed the checks, if any",
                    c.path, c.path
                )));
            }
            (
                c.path.clone(),
                Some(*id),
                c.to_hash.clone(),
                from.map(|v| (v.id, v.hash)),
            )
        }
        Target::Checkpoint(path) => {
            let s = store
                .context_state(path)?
                .ok_or_else(|| ContextError::NotTracked(path.clone()))?;
            let Some(cp) = s.checkpoint_id else {
                return Err(ContextError::Refused(format!(
                    "{path} has no checkpoint: no recorded version of it passed the checks"
                )));
            };
            if cp == s.version_id {
                return Err(ContextError::Refused(format!(
                    "{path} is already at its checkpoint"
                )));
            }
            let v = store
                .context_version(cp)?
                .ok_or_else(|| ContextError::NotTracked(path.clone()))?;
            (path.clone(), None, s.hash.clone(), Some((v.id, v.hash)))
        }
    };
    let state = store
        .context_state(&path)?
        .ok_or_else(|| ContextError::NotTracked(path.clone()))?;
    let now = current_hash(&path)?;
    if now != expected && state.hash == now {
        if let Some(c) = change_id {
            // The ledger knows the newer content: name the changes that came after.
            let (later, _) = store.context_changes(&hookward_store::ChangeQuery {
                path: Some(path.clone()),
                ..hookward_store::ChangeQuery::default()
            })?;
            let later: Vec<String> = later
                .iter()
                .filter(|l| l.id > c)
                .map(|l| format!("C{} ({})", l.id, l.writer))
                .collect();
            if !later.is_empty() {
                return Err(ContextError::Refused(format!(
                    "{path} changed after C{c}: {} came later. Restore the latest of them first, or \
                     `hookward restore --checkpoint {path}` for the last version that passed the checks",
                    later.join(", ")
                )));
            }
        }
    }
    if now != expected {
        let what = change_id
            .map(|c| format!("C{c} was recorded"))
            .unwrap_or_else(|| "it was last recorded".into());
        return Err(ContextError::Refused(format!(
            "{path} changed since {what} (recorded {}, now {}); run `hookward context scan` to record the new state and review it first",
            short(expected.as_deref()),
            short(now.as_deref())
        )));
    }
    let (version_id, target_hash) = match version_id {
        Some((v, h)) => (Some(v), h),
        None => (None, None),
    };
    if target_hash == now {
        return Err(ContextError::Refused(format!(
            "{path} already has that content"
        )));
    }
    let cur_text = guard.content_of(now.as_deref()).unwrap_or_default();
    let new_text = match &target_hash {
        Some(h) => String::from_utf8_lossy(&guard.objects().get(h)?).into_owned(),
        None => String::new(),
    };
    let diff = similar::TextDiff::from_lines(&cur_text, &new_text)
        .unified_diff()
        .header(&format!("{path} (now)"), &format!("{path} (restored)"))
        .to_string();
    Ok(Plan {
        path,
        kind: state.kind,
        project: state.project,
        change_id,
        version_id,
        current_hash: now,
        target_hash,
        diff,
    })
}

fn journal_dir(guard: &Guard) -> PathBuf {
    guard.hookward_home.join("journal")
}

fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ContextError> {
    hookward_sys::write_atomic_private_synced(path, bytes)
        .map_err(|e| ContextError::io(path, "writing", e))
}

/// An applied restore in progress: one journal, advanced one step at a time.
#[derive(Debug)]
pub struct Restore {
    journal: Journal,
    file: PathBuf,
}

impl Restore {
    /// Writes the journal for `plan` (step `begun`). Nothing else is touched yet.
    ///
    /// # Errors
    /// [`ContextError::Io`] when the journal cannot be written.
    pub fn begin(guard: &Guard, plan: Plan) -> Result<Restore, ContextError> {
        let dir = journal_dir(guard);
        crate::create_private_dir(&dir).map_err(|e| ContextError::io(&dir, "creating", e))?;
        let started_ms = now_ms();
        let name = Path::new(&plan.path)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "file".into());
        let tag = format!("{started_ms}-{}", std::process::id());
        let quarantine = plan.current_hash.as_ref().map(|_| {
            guard
                .hookward_home
                .join("quarantine")
                .join(format!("{tag}-{name}"))
                .display()
                .to_string()
        });
        let parent = Path::new(&plan.path).parent().unwrap_or(Path::new("/"));
        let staged = parent
            .join(format!(".{name}.hookward-restore-{tag}"))
            .display()
            .to_string();
        let journal = Journal {
            plan,
            quarantine,
            staged,
            step: Step::Begun,
            started_ms,
        };
        let file = dir.join(format!("restore-{tag}.json"));
        let r = Restore { journal, file };
        r.save()?;
        Ok(r)
    }

    /// The journal as it stands.
    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    fn save(&self) -> Result<(), ContextError> {
        let bytes = serde_json::to_vec_pretty(&self.journal).unwrap_or_default();
        write_atomic(&self.file, &bytes)
    }

    /// Does the next step and records it in the journal. Returns the outcome once the last
    /// step is done, `None` before.
    ///
    /// # Errors
    /// [`ContextError::Io`], [`ContextError::Store`], [`ContextError::MissingObject`]; the
    /// journal stays, so [`recover`] can finish later.
    pub fn step(
        &mut self,
        guard: &Guard,
        store: &mut Store,
    ) -> Result<Option<Outcome>, ContextError> {
        let plan = self.journal.plan.clone();
        let path = Path::new(&plan.path);
        match self.journal.step {
            Step::Begun => {
                if let Some(q) = &self.journal.quarantine {
                    let q = Path::new(q);
                    if let Some(d) = q.parent() {
                        crate::create_private_dir(d)
                            .map_err(|e| ContextError::io(d, "creating", e))?;
                    }
                    let bytes =
                        std::fs::read(path).map_err(|e| ContextError::io(path, "reading", e))?;
                    write_atomic(q, &bytes)?;
                }
                self.journal.step = Step::Quarantined;
            }
            Step::Quarantined => {
                if let Some(h) = &plan.target_hash {
                    let bytes = guard.objects().get(h)?;
                    let staged = Path::new(&self.journal.staged);
                    let mut f = std::fs::File::create(staged)
                        .map_err(|e| ContextError::io(staged, "creating", e))?;
                    f.write_all(&bytes)
                        .and_then(|_| f.sync_all())
                        .map_err(|e| ContextError::io(staged, "writing", e))?;
                    if let Ok(m) = std::fs::metadata(path) {
                        let _ = std::fs::set_permissions(staged, m.permissions());
                    }
                }
                self.journal.step = Step::Staged;
            }
            Step::Staged => {
                match &plan.target_hash {
                    Some(_) => std::fs::rename(&self.journal.staged, path)
                        .map_err(|e| ContextError::io(path, "renaming into", e))?,
                    None => match std::fs::remove_file(path) {
                        Ok(()) => {}
                        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                        Err(e) => return Err(ContextError::io(path, "removing", e)),
                    },
                }
                self.journal.step = Step::Replaced;
            }
            Step::Replaced => {
                let outcome = settle(guard, store, &self.journal)?;
                self.journal.step = Step::Done;
                let _ = std::fs::remove_file(&self.file);
                return Ok(Some(outcome));
            }
            Step::Done => return Err(ContextError::Refused("this restore is already done".into())),
        }
        self.save()?;
        Ok(None)
    }

    /// Runs every remaining step.
    ///
    /// # Errors
    /// As [`Restore::step`].
    pub fn finish(mut self, guard: &Guard, store: &mut Store) -> Result<Outcome, ContextError> {
        loop {
            if let Some(o) = self.step(guard, store)? {
                return Ok(o);
            }
        }
    }
}

/// Step 5: the ledger learns the restored version, the undone change and the file's other
/// pending changes become `restored`, and the restored content's findings stay pending.
fn settle(guard: &Guard, store: &mut Store, j: &Journal) -> Result<Outcome, ContextError> {
    let plan = &j.plan;
    let what = plan
        .change_id
        .map(|c| format!("C{c}"))
        .unwrap_or_else(|| "checkpoint".into());
    let writer = Writer::Restore(what);
    let ts = now_ms();
    store.settle_pending_changes(&plan.path, ChangeStatus::Restored, ts)?;
    if let Some(c) = plan.change_id {
        store.set_change_status(c, ChangeStatus::Restored, ts)?;
    }
    let kind = Kind::parse(&plan.kind).unwrap_or(Kind::Instructions);
    let g = Guarded {
        path: plan.path.clone(),
        kind,
        project: plan.project.clone(),
    };
    // The version put back passed the checks when it was recorded (a checkpoint restore
    // always does): it is the file's checkpoint again, no review item.
    let restored_clean = match plan.version_id {
        Some(v) => store.context_version(v)?.is_some_and(|v| v.clean),
        None => false,
    };
    let observed = if plan.target_hash.is_some() && restored_clean {
        guard.record_known_good(store, &g, &writer)?
    } else if plan.target_hash.is_some() {
        guard.record_file(store, &g, &writer, None)?
    } else {
        guard.record_removed(store, &g, &writer)?
    };
    Ok(Outcome {
        path: plan.path.clone(),
        change_id: plan.change_id,
        quarantine: j.quarantine.clone(),
        new_change_id: observed.as_ref().map(|o| o.change_id),
        status: RestoreStatus::Restored,
        residual: observed
            .map(|o| {
                o.findings
                    .into_iter()
                    .filter(|f| f.severity != hookward_store::Severity::Info)
                    .map(|f| f.rule_id)
                    .collect()
            })
            .unwrap_or_default(),
    })
}

/// Journals of restores that did not finish (`~/.hookward/journal/restore-*.json`).
///
/// # Errors
/// [`ContextError::Io`] when the folder cannot be listed; [`ContextError::BadJournal`].
pub fn pending(guard: &Guard) -> Result<Vec<(PathBuf, Journal)>, ContextError> {
    let dir = journal_dir(guard);
    let rd = match std::fs::read_dir(&dir) {
        Ok(r) => r,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(ContextError::io(&dir, "listing", e)),
    };
    let mut out = Vec::new();
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if !(name.starts_with("restore-") && name.ends_with(".json")) {
            continue;
        }
        let bytes = std::fs::read(&p).map_err(|e| ContextError::io(&p, "reading", e))?;
        let j: Journal = serde_json::from_slice(&bytes).map_err(|e| ContextError::BadJournal {
            path: p.clone(),
            detail: e.to_string(),
        })?;
        out.push((p, j));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// Finishes every interrupted restore. For each journal: when the target already has the
/// restored content, only the ledger step is left; when it still has the content the restore
/// started from, the remaining steps are redone (each is idempotent); otherwise someone changed
/// the file meanwhile: it is left alone, the quarantine copy is kept, and the journal is renamed
/// `*.abandoned` (status `abandoned`).
///
/// # Errors
/// As [`Restore::step`] and [`pending`].
pub fn recover(guard: &Guard, store: &mut Store) -> Result<Vec<Outcome>, ContextError> {
    let mut out = Vec::new();
    for (file, mut journal) in pending(guard)? {
        let now = current_hash(&journal.plan.path)?;
        if now == journal.plan.target_hash {
            journal.step = Step::Replaced;
        } else if now == journal.plan.current_hash {
            // Not replaced yet: redo from the start (quarantine copy and staging are idempotent).
            journal.step = Step::Begun;
        } else {
            let _ = std::fs::rename(&file, file.with_extension("abandoned"));
            let _ = std::fs::remove_file(&journal.staged);
            out.push(Outcome {
                path: journal.plan.path.clone(),
                change_id: journal.plan.change_id,
                quarantine: journal.quarantine.clone(),
                new_change_id: None,
                status: RestoreStatus::Abandoned,
                residual: Vec::new(),
            });
            continue;
        }
        let r = Restore { journal, file };
        out.push(r.finish(guard, store)?);
    }
    Ok(out)
}

/// Applies `plan` in one go (journal written at every step).
///
/// # Errors
/// As [`Restore::step`].
pub fn apply(guard: &Guard, store: &mut Store, plan: Plan) -> Result<Outcome, ContextError> {
    Restore::begin(guard, plan)?.finish(guard, store)
}
