//! hookward's context guard (issue #5): the files an agent obeys — CLAUDE.md, AGENTS.md,
//! GEMINI.md, rules, skills, memory, settings, hook registrations and scripts, MCP
//! configuration — discovered ([`guarded`]), versioned in a blake3 object store
//! ([`objects`]), compared with the ledger in the store ([`observe`]), checked by the
//! persistence detectors ([`detect`]), reviewed and put back ([`restore`], [`blame`]).
//!
//! The ledger lives in hookward's SQLite store (`hookward-store`, tables `context_*`); file
//! contents live in `~/.hookward/objects`. Observation is "stat first, hash only what changed":
//! an unchanged file costs one `stat` and no read.
//!
//! ```no_run
//! use hookward_context::{Guard, Writer};
//! let guard = Guard::new("/home/dev", "/home/dev/.hookward", Some("/work/app".into()));
//! let mut store = hookward_store::Store::open(&guard.hookward_home.join("state.db")).unwrap();
//! let seen = guard.observe(&mut store, &Writer::SessionStart, None).unwrap();
//! for c in &seen.changes {
//!     println!("C{} {} ({})", c.change_id, c.path, c.writer);
//! }
//! ```
#![deny(missing_docs)]

pub mod blame;
pub mod config_change;
pub mod detect;
pub mod effects;
pub mod guarded;
pub mod hook;
mod manifest;
pub mod objects;
pub mod observe;
pub mod restore;
pub mod watch;

pub use guarded::{Guarded, Kind};
pub use objects::Objects;
pub use observe::{ChangeStatus, Observation, Observed, ObservedFinding, Severity, Writer};

use std::path::{Path, PathBuf};

/// What can go wrong in the context guard.
#[derive(Debug, thiserror::Error)]
pub enum ContextError {
    /// A file system operation failed.
    #[error("{action} {path}: {source}")]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What hookward was doing (`reading`, `renaming into`, …).
        action: &'static str,
        /// The OS error.
        source: std::io::Error,
    },
    /// The store failed.
    #[error(transparent)]
    Store(#[from] hookward_store::StoreError),
    /// A version's content is not in the object store (removed by hand, or pruned).
    #[error("the content {hash} is not in the object store (~/.hookward/objects); it was removed or never stored")]
    MissingObject {
        /// The blake3 hash.
        hash: String,
    },
    /// An object's content no longer matches its hash.
    #[error("the object {path} is damaged: its content no longer matches its blake3 name")]
    CorruptObject {
        /// The object file.
        path: PathBuf,
    },
    /// No change record with this id.
    #[error("there is no change C{0}; `hookward review` lists them")]
    NoChange(i64),
    /// No finding with this id.
    #[error("there is no finding F{0}; `hookward review C<id>` shows a change's findings")]
    NoFinding(i64),
    /// The file is not in the ledger.
    #[error(
        "{0} has no recorded versions; is it a guarded file? `hookward context scan` records them"
    )]
    NotTracked(String),
    /// A restore was refused.
    #[error("restore refused: {0}")]
    Refused(String),
    /// A journal file could not be read.
    #[error("the restore journal {path} does not parse: {detail}")]
    BadJournal {
        /// The journal file.
        path: PathBuf,
        /// The parser's message.
        detail: String,
    },
}

impl ContextError {
    pub(crate) fn io(path: &Path, action: &'static str, source: std::io::Error) -> ContextError {
        ContextError::Io {
            path: path.to_path_buf(),
            action,
            source,
        }
    }
}

/// Where the guard works: whose home, which project, where hookward keeps its state.
#[derive(Debug, Clone)]
pub struct Guard {
    /// The user's home directory (absolute).
    pub home: String,
    /// hookward's home (`~/.hookward`): `objects/`, `quarantine/`, `journal/`.
    pub hookward_home: PathBuf,
    /// The project (absolute), if the event names one.
    pub project: Option<String>,
    /// Extra guarded files from the configuration (`[context] extra`), absolute.
    pub extra: Vec<String>,
    /// The learned stage's score (in (0, 1]) from which text a change adds to an instruction,
    /// rule, skill or memory file is a finding (`learned/window`, see [`detect`]); default
    /// [`hookward_scan::LEARNED_ASK_DEFAULT`] (0.7). Set with [`Guard::with_learned_threshold`].
    pub learned_threshold: f32,
    /// When [`Guard::observe`] stops reading changed files (the hook's time budget, issue 12
    /// item 5); `None`: no limit. Set with [`Guard::with_deadline`].
    pub deadline: Option<std::time::Instant>,
    /// Whether a full check may take the file watcher's word that nothing changed
    /// ([`watch`]): set with [`Guard::with_watcher`] in a process that keeps watches (the warm
    /// helper's server), never for the Stop check, which `stat`s every file. Default `false`.
    pub watcher: bool,
}

impl Guard {
    /// A guard for `home` and `project`, with hookward's state under `hookward_home`.
    pub fn new(
        home: impl Into<String>,
        hookward_home: impl Into<PathBuf>,
        project: Option<String>,
    ) -> Guard {
        Guard {
            home: home.into(),
            hookward_home: hookward_home.into(),
            project: project.filter(|p| !p.is_empty()),
            extra: Vec::new(),
            learned_threshold: hookward_scan::LEARNED_ASK_DEFAULT,
            deadline: None,
            watcher: false,
        }
    }

    /// Lets [`Guard::observe`] take the file watcher's word ([`watch`]): when the guard's
    /// watches saw nothing since they were armed on the stored manifest, the full check
    /// returns the manifest's observation without a `stat` per file. Has an effect only in a
    /// process that keeps watches between calls ([`watch::keep_watches`]); a check without it
    /// arms nothing and takes no word.
    pub fn with_watcher(mut self) -> Guard {
        self.watcher = true;
        self
    }

    /// The guard without [`Guard::with_watcher`]: its full check `stat`s every guarded file
    /// (the Stop check, which finds what a watcher cannot see).
    pub fn without_watcher(mut self) -> Guard {
        self.watcher = false;
        self
    }

    /// Bounds [`Guard::observe`]'s work: past `deadline` it reads no more files, records what it
    /// read, and leaves the rest for the next observation ([`Observation::left`]); a first scan
    /// left incomplete stays a first scan (a baseline, no change records) until it completes.
    pub fn with_deadline(mut self, deadline: std::time::Instant) -> Guard {
        self.deadline = Some(deadline);
        self
    }

    /// Sets the learned stage's threshold ([`Guard::learned_threshold`]); a value outside
    /// (0, 1] (or NaN) keeps the default, so a bad setting never switches the check off.
    pub fn with_learned_threshold(mut self, threshold: f32) -> Guard {
        self.learned_threshold = if threshold > 0.0 && threshold <= 1.0 {
            threshold
        } else {
            hookward_scan::LEARNED_ASK_DEFAULT
        };
        self
    }

    /// Adds the configuration's extra guarded files (`[context] extra`): absolute paths, or
    /// `~/…` relative to the home directory.
    pub fn with_extra(mut self, extra: &[String]) -> Guard {
        self.extra = extra
            .iter()
            .map(|e| match e.strip_prefix("~/") {
                Some(rest) => format!("{}/{rest}", self.home),
                None => e.clone(),
            })
            .collect();
        self
    }

    /// The object store (`<hookward_home>/objects`).
    pub fn objects(&self) -> Objects {
        Objects::new(self.hookward_home.join("objects"))
    }

    /// The project key of the ledger (`""` without a project).
    pub fn scope(&self) -> &str {
        self.project.as_deref().unwrap_or("")
    }

    /// The guarded files that exist now.
    pub fn discover(&self) -> Vec<Guarded> {
        guarded::discover(&self.home, self.project.as_deref(), &self.extra)
    }

    /// The guarded files at or below `target` that exist now ([`guarded::discover_under`]).
    pub fn discover_under(&self, target: &str) -> Vec<Guarded> {
        guarded::discover_under(&self.home, self.project.as_deref(), &self.extra, target)
    }

    /// The kind of `path` if it is guarded.
    pub fn kind_of(&self, path: &str) -> Option<Kind> {
        guarded::kind_of(path, &self.home, self.project.as_deref()).or_else(|| {
            self.extra
                .iter()
                .any(|e| e == path)
                .then_some(Kind::Instructions)
        })
    }
}

/// Milliseconds since the Unix epoch (the one clock of every crate, `hookward-sys`).
pub use hookward_sys::now_ms;
pub(crate) use hookward_sys::{create_private_dir, private_file};
