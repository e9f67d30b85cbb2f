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
    /// When the agent stops (its turn ends): changes the checks around its tool calls did not
    /// see happened outside the agent.
    Stop,
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
    /// The agent reported the file changed on disk and is about to reload it (Claude Code's
    /// `ConfigChange`): a change no checked tool call of the agent made.
    ConfigChange,
    /// `hookward restore` (of `C<id>` or a checkpoint).
    Restore(String),
    /// One of hookward's own commands that writes an agent's settings (`hookward install
    /// claude-code`, `hookward uninstall codex`): the content is what that command wrote.
    Hookward(String),
}

impl Writer {
    /// The writer as recorded and shown (`during shell tool toolu_01…`).
    pub fn describe(&self) -> String {
        match self {
            Writer::FirstScan => "present at first scan".into(),
            Writer::SessionStart => "outside the agent (seen at session start)".into(),
            Writer::BeforeTool(id) => format!("outside the agent (seen before tool {id})"),
            Writer::Stop => "outside the agent (seen when the agent stopped)".into(),
            Writer::ShellTool(id) => format!("during shell tool {id}"),
            Writer::FileTool { tool, id } => format!("agent {tool} tool {id}"),
            Writer::Rescan => "outside the agent (seen by hookward context scan)".into(),
            Writer::ConfigChange => {
                "outside the agent's checked tool calls (seen when the agent reloaded it)".into()
            }
            Writer::Restore(what) => format!("hookward restore of {what}"),
            Writer::Hookward(command) => command.clone(),
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
                .any(|f| f.severity == Severity::Deny)
                .then_some(ChangeStatus::Pending),
            Writer::FileTool { .. } | Writer::Restore(_) | Writer::Hookward(_)
                if !check.flagged() =>
            {
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

/// How much a finding matters and where a change's review stands: the ledger's words as types,
/// declared once in `hookward-store` (an observation sets [`ChangeStatus::Pending`] or
/// [`ChangeStatus::Checked`]; the person's review later sets accepted, a restore restored).
pub use hookward_store::{ChangeStatus, Severity};

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

/// Most guarded-file writes one batch of an observation holds before it commits: 256. Why this
/// figure: a version is a few hundred bytes of rows, so 256 are well under the WAL size past
/// which the store checkpoints ([`hookward_store::WAL_TRUNCATE_BYTES`], 256 KiB) and the
/// staged objects stay few open-then-closed files.
pub const BATCH_ROWS: usize = 256;

/// Longest stretch of work one batch of an observation holds the store's write lock: 50 ms,
/// a quarter of the 200 ms another hook's write waits for the lock
/// ([`hookward_store::BUSY_TIMEOUT`]), so parallel hooks still record during a first scan.
pub const BATCH_WINDOW: std::time::Duration = std::time::Duration::from_millis(50);

/// The open batch of one observation: staged objects, when the transaction began, rows in it.
#[derive(Default)]
pub(crate) struct Batch {
    staged: crate::objects::Staged,
    started: Option<std::time::Instant>,
    rows: usize,
}

/// An empty batch, for the manifest's tests.
#[cfg(test)]
pub(crate) fn tests_batch() -> Batch {
    Batch::default()
}

/// `(size, mtime ns, inode)` of a file, or `None` when it cannot be stat'ed.
pub fn stat(path: &str) -> Option<(i64, i64, i64)> {
    std::fs::metadata(path).ok().map(|m| stat_of(&m))
}

/// `(size, mtime ns, inode)` of metadata already read.
pub fn stat_of(m: &std::fs::Metadata) -> (i64, i64, i64) {
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
    (i64::try_from(m.len()).unwrap_or(i64::MAX), mtime, ino)
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
    /// instead ([`Writer::FirstScan`]), whatever `writer` says. When nothing changed since
    /// the last complete observation, its manifest (`manifest.rs`) answers with a `stat` per
    /// guarded file and per walked folder and one row read; otherwise it costs a `stat` per
    /// guarded file, the folder walk and a read of the ledger's rows, and writes a new
    /// manifest. With [`Guard::with_watcher`] in a process that keeps watches
    /// ([`crate::watch`]), an unchanged tree whose watches saw nothing costs a read of the
    /// watcher's queue and of the manifest's stamp, and no `stat` at all.
    /// [`Guard::observe_paths`] is the flat form for a tool call whose effects are known.
    ///
    /// Writes are batched: the versions of up to [`BATCH_ROWS`] files, or of
    /// [`BATCH_WINDOW`] of work, share one transaction, and their objects are synced together
    /// just before it commits ([`crate::Objects::stage`]).
    ///
    /// # Errors
    /// [`ContextError::Store`] when the ledger cannot be read or written,
    /// [`ContextError::Io`] when an object cannot be stored. An unreadable guarded file is
    /// skipped (it is checked again next time). On an error the open batch is rolled back.
    pub fn observe(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
    ) -> Result<Observation, ContextError> {
        let key = crate::manifest::key(self);
        let said = if self.watcher {
            crate::watch::clean(&key, store)
        } else {
            crate::watch::Said::NotArmed
        };
        if let crate::watch::Said::Clean(o) = said {
            return Ok(o);
        }
        // The stamp (a hash of the body) only where watches are armed on it.
        let stored = if said == crate::watch::Said::Changed {
            // The watches reported a change: the manifest's stats would only confirm it.
            Ok(None)
        } else if self.watcher {
            store.context_manifest_stamped(&key)
        } else {
            store.context_manifest(&key).map(|b| b.map(|b| (b, None)))
        };
        if let Ok(Some((body, stamp))) = stored {
            if let Some(o) = crate::manifest::unchanged(self, &body) {
                if self.watcher {
                    // Watched from a later check on, once armed (off this call's path).
                    crate::watch::arm_later(self, &key, body, stamp);
                }
                return Ok(o);
            }
        }
        let mut batch = Batch::default();
        let mut listing = crate::manifest::start();
        let r = self.observe_all(store, writer, session, &mut batch, &mut listing);
        let r = self.finish(store, &mut batch, r);
        if r.as_ref().is_ok_and(|o| o.left == 0) {
            crate::manifest::write(self, store, &key, &listing);
        }
        r
    }

    /// Checks only the guarded files at or below `targets` (absolute paths a tool call writes,
    /// creates, deletes or re-modes: [`crate::effects`]) against the ledger, and records what
    /// changed, attributed to `writer`. The cost grows with the guarded files under the targets,
    /// not with all guarded files: per target one `stat` of the fixed guarded files below it, a
    /// bounded walk of the guarded folders it contains or lies in, and one range query of the
    /// ledger. Changes elsewhere are left for the next full [`Guard::observe`] (session start,
    /// stop, or a tool call whose effects are unknown). A home or project not scanned yet gets
    /// the full first scan instead.
    ///
    /// # Errors
    /// As [`Guard::observe`].
    pub fn observe_paths(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
        targets: &[String],
    ) -> Result<Observation, ContextError> {
        for s in self.scopes() {
            if store.context_scope_scanned(s)?.is_none() {
                return self.observe(store, writer, session);
            }
        }
        let mut found: std::collections::BTreeMap<String, (Guarded, Option<FileState>)> =
            std::collections::BTreeMap::new();
        let mut all: Vec<String> = targets.to_vec();
        for t in targets {
            all.extend(crate::guarded::link_aliases(
                &self.home,
                self.project.as_deref(),
                t,
            ));
        }
        for t in &all {
            for g in self.discover_under(t) {
                found.entry(g.path.clone()).or_insert((g, None));
            }
            for st in store.context_states_under(self.scope(), t)? {
                let g = Guarded {
                    path: st.path.clone(),
                    kind: Kind::parse(&st.kind).unwrap_or(Kind::Instructions),
                    project: st.project.clone(),
                };
                let key = st.path.clone();
                found.entry(key).or_insert((g, None)).1 = Some(st);
            }
        }
        let mut batch = Batch::default();
        let r = self.observe_found(store, writer, session, found, &mut batch);
        self.finish(store, &mut batch, r)
    }

    /// Checks the instruction files by name at or below `root` (a folder of the project; the
    /// bounded walk [`crate::guarded::nested_instructions`]) against the ledger and records
    /// what changed, attributed to `writer`: the files a command that brings trees in, or
    /// another program between sessions, put in a subfolder. One ledger lookup per file found;
    /// the project's other guarded files are not read (the full check's manifest stays
    /// valid). Without a project, or a project not scanned yet, nothing is done. With
    /// [`Guard::with_watcher`] in a process that keeps watches, the walk sets a watch on each
    /// folder before reading it and on each file it found before comparing it, and a later
    /// walk is not run while those saw no subfolder or instruction file made, removed or
    /// renamed and no write to a found file (nor their ancestors any change of name): it
    /// would list the same files, unchanged, all in the ledger since this one recorded them.
    ///
    /// # Errors
    /// As [`Guard::observe`].
    pub fn observe_nested(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
        root: &str,
    ) -> Result<Observation, ContextError> {
        let Some(project) = self.project.as_deref() else {
            return Ok(Observation::default());
        };
        if !(root == project || root.starts_with(&format!("{project}/")))
            || store.context_scope_scanned(project)?.is_none()
        {
            return Ok(Observation::default());
        }
        let key = crate::watch::nested_key(self, root);
        if self.watcher {
            if let Some(o) = crate::watch::clean_nested(&key) {
                return Ok(o);
            }
        }
        let mut watching = self.watcher.then(crate::watch::NestedWatch::new).flatten();
        let listed = crate::guarded::nested_instructions_with(root, project, &mut |dir| {
            if let Some(w) = &mut watching {
                if !w.before_read(dir) {
                    watching = None;
                }
            }
        });
        let mut found = std::collections::BTreeMap::new();
        for g in listed {
            // Watched before its stat: a later edit is queued.
            if let Some(w) = &mut watching {
                if !w.watch_file(&g.path) {
                    watching = None;
                }
            }
            let prev = store.context_state(&g.path)?;
            found.insert(g.path.clone(), (g, prev));
        }
        let mut batch = Batch::default();
        let r = self.observe_found(store, writer, session, found, &mut batch);
        let r = self.finish(store, &mut batch, r);
        if let (Ok(o), Some(w)) = (&r, watching) {
            if o.left == 0 {
                w.arm(&key, o);
            }
        }
        r
    }

    fn scopes(&self) -> Vec<&str> {
        if self.scope().is_empty() {
            vec![""]
        } else {
            vec!["", self.scope()]
        }
    }

    fn observe_found(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
        found: std::collections::BTreeMap<String, (Guarded, Option<FileState>)>,
        batch: &mut Batch,
    ) -> Result<Observation, ContextError> {
        let mut out = Observation {
            files: found.len(),
            ..Observation::default()
        };
        let n = found.len();
        for (i, (_, (g, prev))) in found.into_iter().enumerate() {
            if self.past_deadline() {
                out.left = n - i;
                break;
            }
            if stat(&g.path).is_none() {
                if prev.as_ref().is_some_and(|p| p.hash.is_some())
                    && !std::path::Path::new(&g.path).is_file()
                {
                    let state = FileState {
                        hash: None,
                        size: 0,
                        mtime_ns: 0,
                        ino: 0,
                        ..prev.unwrap_or_else(|| state_of(&g, None, (0, 0, 0)))
                    };
                    let check = Check::default();
                    self.before_write(store, batch)?;
                    out.changes
                        .extend(record(store, &state, writer, session, &check, "removed")?);
                    self.after_write(store, batch)?;
                }
                continue;
            }
            self.observe_one(store, &g, prev, writer, session, &mut out, batch)?;
        }
        Ok(out)
    }

    /// The full check without the manifest, for the manifest's tests.
    #[cfg(test)]
    pub(crate) fn observe_all_for_tests(
        &self,
        store: &mut Store,
        writer: &Writer,
        batch: &mut Batch,
        listing: &mut crate::manifest::Listing,
    ) -> Result<Observation, ContextError> {
        let r = self.observe_all(store, writer, None, batch, listing);
        self.finish(store, batch, r)
    }

    fn past_deadline(&self) -> bool {
        self.deadline
            .is_some_and(|d| std::time::Instant::now() >= d)
    }

    fn observe_all(
        &self,
        store: &mut Store,
        writer: &Writer,
        session: Option<&str>,
        batch: &mut Batch,
        listing: &mut crate::manifest::Listing,
    ) -> Result<Observation, ContextError> {
        let scopes = self.scopes();
        let mut first: Vec<&str> = Vec::new();
        for s in &scopes {
            if store.context_scope_scanned(s)?.is_none() {
                first.push(s);
            }
        }
        let mut states = store.context_states(self.scope())?;
        let files = crate::guarded::discover_stamped(
            &self.home,
            self.project.as_deref(),
            &self.extra,
            Some(&mut listing.stamps),
        );
        let mut out = Observation {
            files: files.len(),
            first_scan: !first.is_empty(),
            ..Observation::default()
        };
        for (i, g) in files.iter().enumerate() {
            if self.past_deadline() {
                out.left = files.len() - i;
                break;
            }
            let prev = states.remove(&g.path);
            let w = if first.contains(&g.project.as_str()) {
                &Writer::FirstScan
            } else {
                writer
            };
            self.observe_one(store, g, prev, w, session, &mut out, batch)?;
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
            self.before_write(store, batch)?;
            out.changes
                .extend(record(store, &state, writer, session, &check, "removed")?);
            self.after_write(store, batch)?;
        }
        for s in first {
            store.mark_context_scope_scanned(s, now_ms())?;
        }
        listing.files = files;
        Ok(out)
    }

    /// One guarded file that exists: unchanged by its stat, touched (same content), or a new
    /// version recorded by `w`.
    #[allow(clippy::too_many_arguments)]
    fn observe_one(
        &self,
        store: &mut Store,
        g: &Guarded,
        prev: Option<FileState>,
        w: &Writer,
        session: Option<&str>,
        out: &mut Observation,
        batch: &mut Batch,
    ) -> Result<(), ContextError> {
        let Some((size, mtime, ino)) = stat(&g.path) else {
            return Ok(());
        };
        if let Some(p) = &prev {
            if p.hash.is_some() && p.size == size && p.mtime_ns == mtime && p.ino == ino {
                out.unchanged += 1;
                return Ok(());
            }
        }
        let Ok(bytes) = std::fs::read(&g.path) else {
            return Ok(());
        };
        out.hashed += 1;
        let h = crate::objects::hash(&bytes);
        if let Some(p) = &prev {
            if p.hash.as_deref() == Some(h.as_str()) {
                self.before_write(store, batch)?;
                store.touch_context_state(&g.path, mtime, ino)?;
                return self.after_write(store, batch);
            }
        }
        let before = prev
            .as_ref()
            .and_then(|p| self.content_of(p.hash.as_deref()));
        let after = String::from_utf8_lossy(&bytes);
        let check = self.check(g, prev.as_ref(), before.as_deref(), &after);
        self.before_write(store, batch)?;
        self.objects().stage(&bytes, &mut batch.staged)?;
        let state = state_of(g, Some(h), (size, mtime, ino));
        let what = match &prev {
            Some(p) if p.hash.is_some() => "modified",
            _ => "added",
        };
        out.changes
            .extend(record(store, &state, w, session, &check, what)?);
        self.after_write(store, batch)
    }

    /// Opens the batch before its first write.
    fn before_write(&self, store: &Store, batch: &mut Batch) -> Result<(), ContextError> {
        if batch.started.is_none() {
            store.begin_batch()?;
            batch.started = Some(std::time::Instant::now());
        }
        Ok(())
    }

    /// Counts a write; commits when the batch is full or old enough.
    fn after_write(&self, store: &Store, batch: &mut Batch) -> Result<(), ContextError> {
        batch.rows += 1;
        if batch.rows >= BATCH_ROWS || batch.started.is_some_and(|t| t.elapsed() >= BATCH_WINDOW) {
            self.commit(store, batch)?;
        }
        Ok(())
    }

    /// Objects first (synced, renamed), then the ledger rows that name them.
    fn commit(&self, store: &Store, batch: &mut Batch) -> Result<(), ContextError> {
        self.objects().flush(&mut batch.staged)?;
        store.commit_batch()?;
        batch.started = None;
        batch.rows = 0;
        Ok(())
    }

    fn finish<T>(
        &self,
        store: &Store,
        batch: &mut Batch,
        r: Result<T, ContextError>,
    ) -> Result<T, ContextError> {
        match r.and_then(|v| self.commit(store, batch).map(|()| v)) {
            Ok(v) => Ok(v),
            Err(e) => {
                store.rollback_batch();
                Err(e)
            }
        }
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

    /// Records the content of `g` as known good: clean (the file's checkpoint) and checked,
    /// with no findings. For content whose origin is known: a restore the person ran put back
    /// a version that passed the checks when it was recorded (the diff from the bad version it
    /// replaced is the undoing the person asked for; checking it would raise a review item
    /// whose suggested restore puts the bad version back), or one of hookward's own commands
    /// ([`Writer::Hookward`], `install`) just wrote it. When the content equals the ledger's,
    /// nothing new is recorded, but a version that was not clean becomes the checkpoint.
    ///
    /// # Errors
    /// As [`Guard::observe`].
    pub fn record_known_good(
        &self,
        store: &mut Store,
        g: &Guarded,
        writer: &Writer,
    ) -> Result<Option<Observed>, ContextError> {
        let prev = store.context_state(&g.path)?;
        let Some((size, mtime, ino)) = stat(&g.path) else {
            return Ok(None);
        };
        let bytes = std::fs::read(&g.path)
            .map_err(|e| ContextError::io(std::path::Path::new(&g.path), "reading", e))?;
        let h = crate::objects::hash(&bytes);
        if let Some(p) = prev
            .as_ref()
            .filter(|p| p.hash.as_deref() == Some(h.as_str()))
        {
            store.touch_context_state(&g.path, mtime, ino)?;
            store.set_checkpoint(&g.path, p.version_id)?;
            return Ok(None);
        }
        self.objects().put(&bytes)?;
        let state = state_of(g, Some(h), (size, mtime, ino));
        let what = if prev.is_some_and(|p| p.hash.is_some()) {
            "modified"
        } else {
            "added"
        };
        record(store, &state, writer, None, &Check::default(), what)
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
    let change = status.map(|status| NewChange {
        status,
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
                severity: f.severity,
                message: f.message.clone(),
                line: f.line,
            })
            .collect(),
        executable: check.executable.clone(),
    }))
}
