//! Comparing the guarded files with the ledger: "stat first, hash only what changed"
//! (issue #5 §4–5). Each new, changed or removed file becomes a version and a change record
//! with the observed writer.

use crate::detect::{self, Check};
use crate::guarded::{Guarded, Kind};
use crate::{now_ms, ContextError, Guard};
use hookward_store::{FileState, NewChange, Store};
use serde::Serialize;

/// Who is taken to have written what an observation finds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Writer {
    /// `hookward context scan` or the first observation of a home/project: existing files are
    /// recorded as they are; only flagged ones become (pending) changes.
    FirstScan,
    /// At session start: anything changed since the last observation was changed outside the
    /// agent.
    SessionStart,
    /// Before a shell tool runs: changes since the last observation happened outside the agent.
    BeforeTool(String),
    /// After a shell tool (PostToolUse / PostToolUseFailure): changes happened during it.
    ShellTool(String),
    /// After an agent file tool whose write was checked before it ran (Write, Edit, …).
    FileTool {
        /// The tool name.
        tool: String,
        /// The tool call id.
        id: String,
    },
    /// A person's `hookward context scan` after the first one.
    Rescan,
    /// `hookward restore` (of `C<id>` or a checkpoint).
    Restore(String),
}

impl Writer {
    /// The writer as recorded and shown (`during shell tool toolu_01…`).
    pub fn describe(&self) -> String {
        match self {
            Writer::FirstScan => "present at first scan".into(),
            Writer::SessionStart => "outside the agent (seen at session start)".into(),
            Writer::BeforeTool(id) => format!("outside the agent (seen before tool {id})"),
            Writer::ShellTool(id) => format!("during shell tool {id}"),
            Writer::FileTool { tool, id } => format!("agent {tool} tool {id}"),
            Writer::Rescan => "outside the agent (seen by hookward context scan)".into(),
            Writer::Restore(what) => format!("hookward restore of {what}"),
        }
    }

    /// The status a change gets: checked writes need no review; at the first scan only text
    /// that reads as planted (the settings and servers already there are the person's
    /// baseline); anything else is a review item.
    fn status(&self, check: &Check) -> Option<ChangeStatus> {
        match self {
            Writer::FirstScan => check
                .findings
                .iter()
                .any(|f| Severity::parse(&f.severity) == Severity::Deny)
                .then_some(ChangeStatus::Pending),
            Writer::FileTool { .. } | Writer::Restore(_) if !check.flagged() => {
                Some(ChangeStatus::Checked)
            }
            // Configuration whose security-relevant keys did not change (Claude Code rewrites
            // ~/.claude.json's counters all the time) is versioned but is no review item.
            _ if check
                .settings
                .as_ref()
                .is_some_and(|s| s.known && s.security.is_empty())
                && !check.flagged() =>
            {
                Some(ChangeStatus::Checked)
            }
            _ => Some(ChangeStatus::Pending),
        }
    }
}

/// How much a context-guard finding matters (the store's `severity` words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Recorded, asks for nothing.
    Info,
    /// A configuration change or an order to run a command: a question to the person.
    Ask,
    /// Text that reads as planted instructions: a warning, and what `poisoned_write` denies.
    Deny,
}

impl Severity {
    /// Reads the store's word; a word this version does not know is [`Severity::Ask`]
    /// (flagged for review, not taken as planted).
    pub fn parse(word: &str) -> Severity {
        match word {
            "info" => Severity::Info,
            "deny" => Severity::Deny,
            _ => Severity::Ask,
        }
    }

    /// The store's word (`deny`, `ask`, `info`).
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Ask => "ask",
            Severity::Deny => "deny",
        }
    }
}

/// The status of a change record as an observation sets it (the store's `status` words; the
/// person's review later sets `accepted`, a restore `restored`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeStatus {
    /// A review item.
    Pending,
    /// Versioned, no review needed.
    Checked,
}

impl ChangeStatus {
    /// The store's word (`pending`, `checked`).
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeStatus::Pending => "pending",
            ChangeStatus::Checked => "checked",
        }
    }
}

/// One finding on an observed change, typed (the store keeps its words).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ObservedFinding {
    /// The rule id (`context/poisoned-write`, `inject/…`).
    pub rule_id: String,
    /// How much it matters.
    pub severity: Severity,
    /// One sentence for people.
    pub message: String,
    /// 1-based line in the new content, when known.
    pub line: Option<i64>,
}

/// One change an observation recorded.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Observed {
    /// The change id (`C<id>`).
    pub change_id: i64,
    /// The file.
    pub path: String,
    /// Its kind.
    pub kind: Kind,
    /// `added`, `modified` or `removed`.
    pub what: &'static str,
    /// The observed writer.
    pub writer: String,
    /// Whether it is a review item.
    pub status: ChangeStatus,
    /// Its findings.
    pub findings: Vec<ObservedFinding>,
    /// Executable configuration added, if any.
    pub executable: Option<String>,
}

impl Observed {
    /// Whether a finding asks for review.
    pub fn flagged(&self) -> bool {
        self.findings.iter().any(|f| f.severity != Severity::Info)
    }
}

/// What one observation did.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Observation {
    /// Guarded files that exist.
    pub files: usize,
    /// Files whose stat matched the ledger (not read).
    pub unchanged: usize,
    /// Files read and hashed.
    pub hashed: usize,
    /// Whether this was the first scan of the home or the project.
    pub first_scan: bool,
    /// Change records made.
    pub changes: Vec<Observed>,
    /// Guarded files not looked at because [`Guard::deadline`] passed: the next observation
    /// starts over and reads them (nothing is marked seen that was not).
    pub left: usize,
}

/// `(size, mtime ns, inode)` of a file, or `None` when it cannot be stat'ed.
pub fn stat(path: &str) -> Option<(i64, i64, i64)> {
    let m = std::fs::metadata(path).ok()?;
    let mtime = m
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| i64::try_from(d.as_nanos()).unwrap_or(i64::MAX));
    #[cfg(unix)]
    let ino = {
        use std::os::unix::fs::MetadataExt;
        i64::try_from(m.ino()).unwrap_or(0)
    };
    #[cfg(not(unix))]
    let ino = 0;
    Some((i64::try_from(m.len()).unwrap_or(i64::MAX), mtime, ino))
}

impl Guard {
    /// The content of a recorded version's hash, as text (lossy UTF-8); `None` for an absent
    /// file or a missing object.
    pub fn content_of(&self, hash: Option<&str>) -> Option<String> {
        let h = hash?;
        self.objects()
            .get(h)
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    }

    /// Compares every guarded file with the ledger and records what changed, attributed to
    /// `writer`. The first observation of the home directory or project records a baseline
    /// instead ([`Writer::FirstScan`]), whatever `writer` says.
    ///
    /// # Errors
    /// [`ContextError::Store`] when the ledger cannot be read or written,
    /// [`ContextError::Io`] when an object cannot be stored. An unreadable guarded file is
    /// skipped (it is checked again next time).
    pub fn observe(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
    ) -> Result<Observation, ContextError> {
        let scopes: Vec<&str> = if self.scope().is_empty() {
            vec![""]
        } else {
            vec!["", self.scope()]
        };
        let mut first: Vec<&str> = Vec::new();
        for s in &scopes {
            if store.context_scope_scanned(s)?.is_none() {
                first.push(s);
            }
        }
        let mut states = store.context_states(self.scope())?;
        let files = self.discover();
        let mut out = Observation {
            files: files.len(),
            first_scan: !first.is_empty(),
            ..Observation::default()
        };
        for (i, g) in files.iter().enumerate() {
            if self
                .deadline
                .is_some_and(|d| std::time::Instant::now() >= d)
            {
                out.left = files.len() - i;
                break;
            }
            let prev = states.remove(&g.path);
            let Some((size, mtime, ino)) = stat(&g.path) else {
                continue;
            };
            if let Some(p) = &prev {
                if p.hash.is_some() && p.size == size && p.mtime_ns == mtime && p.ino == ino {
                    out.unchanged += 1;
                    continue;
                }
            }
            let Ok(bytes) = std::fs::read(&g.path) else {
                continue;
            };
            out.hashed += 1;
            let h = crate::objects::hash(&bytes);
            if let Some(p) = &prev {
                if p.hash.as_deref() == Some(h.as_str()) {
                    store.touch_context_state(&g.path, mtime, ino)?;
                    continue;
                }
            }
            let w = if first.contains(&g.project.as_str()) {
                &Writer::FirstScan
            } else {
                writer
            };
            let before = prev
                .as_ref()
                .and_then(|p| self.content_of(p.hash.as_deref()));
            let after = String::from_utf8_lossy(&bytes);
            let check = self.check(g, prev.as_ref(), before.as_deref(), &after);
            self.objects().put(&bytes)?;
            let state = state_of(g, Some(h), (size, mtime, ino));
            let what = match &prev {
                Some(p) if p.hash.is_some() => "modified",
                _ => "added",
            };
            out.changes
                .extend(record(store, &state, w, session, &check, what)?);
        }
        if out.left > 0 {
            // Stopped early: the files not reached are not gone, and a first scan is not done.
            return Ok(out);
        }
        // Files in the ledger that are gone.
        let mut gone: Vec<FileState> = states.into_values().filter(|s| s.hash.is_some()).collect();
        gone.sort_by(|a, b| a.path.cmp(&b.path));
        for s in gone {
            if std::path::Path::new(&s.path).is_file() {
                continue; // beyond the walk bounds, or the project changed: not a removal
            }
            let state = FileState {
                hash: None,
                size: 0,
                mtime_ns: 0,
                ino: 0,
                ..s
            };
            let check = Check::default();
            out.changes
                .extend(record(store, &state, writer, session, &check, "removed")?);
        }
        for s in first {
            store.mark_context_scope_scanned(s, now_ms())?;
        }
        Ok(out)
    }

    /// Records the new content of one guarded file written by `writer` (used after an agent
    /// file tool, whose write was checked before it ran). Nothing is recorded when the
    /// content equals the ledger's.
    ///
    /// # Errors
    /// As [`Guard::observe`].
    pub fn record_file(
        &self,
        store: &mut Store,
        g: &Guarded,
        writer: &Writer,
        session: Option<&str>,
    ) -> Result<Option<Observed>, ContextError> {
        let prev = store.context_state(&g.path)?;
        let Some((size, mtime, ino)) = stat(&g.path) else {
            return Ok(None);
        };
        let bytes = std::fs::read(&g.path)
            .map_err(|e| ContextError::io(std::path::Path::new(&g.path), "reading", e))?;
        let h = crate::objects::hash(&bytes);
        if prev.as_ref().and_then(|p| p.hash.as_deref()) == Some(h.as_str()) {
            store.touch_context_state(&g.path, mtime, ino)?;
            return Ok(None);
        }
        let before = prev
            .as_ref()
            .and_then(|p| self.content_of(p.hash.as_deref()));
        let after = String::from_utf8_lossy(&bytes);
        let check = self.check(g, prev.as_ref(), before.as_deref(), &after);
        self.objects().put(&bytes)?;
        let state = state_of(g, Some(h), (size, mtime, ino));
        let what = if prev.is_some_and(|p| p.hash.is_some()) {
            "modified"
        } else {
            "added"
        };
        record(store, &state, writer, session, &check, what)
    }
}

impl Guard {
    /// Runs the detectors on a new version of `g`. When what it adds is clean but the previous
    /// version did not pass the checks (it is not its file's checkpoint), the whole content is
    /// checked again, so a version that still carries an earlier planted line is not taken for
    /// clean ([`Check::residual`]).
    fn check(
        &self,
        g: &Guarded,
        prev: Option<&FileState>,
        before: Option<&str>,
        after: &str,
    ) -> Check {
        let t = self.learned_threshold;
        let mut c = detect::check_with(&g.path, g.kind, before, after, &self.home, &g.project, t);
        let prev_clean =
            prev.is_none_or(|p| p.hash.is_none() || p.checkpoint_id == Some(p.version_id));
        if !c.flagged() && before.is_some() && !prev_clean && !g.kind.is_config() {
            c.residual =
                detect::check_with(&g.path, g.kind, None, after, &self.home, &g.project, t)
                    .flagged();
        }
        c
    }

    /// Records that the guarded file `g` is now absent (after a restore removed a planted file).
    ///
    /// # Errors
    /// As [`Guard::observe`].
    pub fn record_removed(
        &self,
        store: &mut Store,
        g: &Guarded,
        writer: &Writer,
    ) -> Result<Option<Observed>, ContextError> {
        let state = state_of(g, None, (0, 0, 0));
        record(store, &state, writer, None, &Check::default(), "removed")
    }
}

/// The ledger state of `g` with content `hash` and `(size, mtime ns, inode)`.
fn state_of(
    g: &Guarded,
    hash: Option<String>,
    (size, mtime_ns, ino): (i64, i64, i64),
) -> FileState {
    FileState {
        path: g.path.clone(),
        project: g.project.clone(),
        kind: g.kind.as_str().into(),
        hash,
        size,
        mtime_ns,
        ino,
        version_id: 0,
        checkpoint_id: None,
    }
}

fn record(
    store: &mut Store,
    state: &FileState,
    writer: &Writer,
    session: Option<&str>,
    check: &Check,
    what: &'static str,
) -> Result<Option<Observed>, ContextError> {
    let status = writer.status(check);
    let change = status.map(|s| NewChange {
        status: s.as_str().into(),
        executable: check.executable.clone(),
        findings: check.findings.clone(),
    });
    let desc = writer.describe();
    let (_, id) = store.record_context_version(
        state,
        now_ms(),
        &desc,
        session,
        check.clean(),
        change.as_ref(),
    )?;
    Ok(id.map(|change_id| Observed {
        change_id,
        path: state.path.clone(),
        kind: Kind::parse(&state.kind).unwrap_or(Kind::Instructions),
        what,
        writer: desc,
        status: status.unwrap_or(ChangeStatus::Checked),
        findings: check
            .findings
            .iter()
            .map(|f| ObservedFinding {
                rule_id: f.rule_id.clone(),
                severity: Severity::parse(&f.severity),
                message: f.message.clone(),
                line: f.line,
            })
            .collect(),
        executable: check.executable.clone(),
    }))
}
