//! [`LazyStore`]: the store of one hook call, opened only when a step needs it and then
//! shared by every later step (one open per call).

use crate::{Store, StoreError};
use std::path::{Path, PathBuf};

/// A [`Store`] at a path, opened on the first [`LazyStore::get`]. A failed open is not
/// remembered: a later step tries again (the record step after a failed context-guard open,
/// as before this type existed).
#[derive(Debug)]
pub struct LazyStore {
    path: PathBuf,
    store: Option<Store>,
}

impl LazyStore {
    /// A store at `path` (`~/.hookward/state.db`), not opened yet.
    pub fn new(path: impl Into<PathBuf>) -> LazyStore {
        LazyStore {
            path: path.into(),
            store: None,
        }
    }

    /// Where the store lives.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether a step already opened it.
    pub fn is_open(&self) -> bool {
        self.store.is_some()
    }

    /// The store, opened now with [`Store::open`] when no step opened it yet.
    ///
    /// Errors: those of [`Store::open`].
    pub fn get(&mut self) -> Result<&mut Store, StoreError> {
        let store = match self.store.take() {
            Some(s) => s,
            None => match pool::take(&self.path) {
                Some(s) => s,
                None => Store::open(&self.path)?,
            },
        };
        Ok(self.store.insert(store))
    }

    /// Leaves the open store to the operating system instead of closing it, for a process that
    /// exits right after its one call (`hookward hook`): closing finalizes every prepared
    /// statement and frees SQLite's page cache one allocation at a time (callgrind, release,
    /// `UserPromptSubmit` at 10,000 lessons: 0.18 M instructions a call with lessons off,
    /// 0.25 M with a delivering prompt's statements), all of which the exit does at once.
    /// What closing would do to the files is done first: an open batch is rolled back (as
    /// `sqlite3_close` rolls it back) and a stale lessons index file written ([`Store`]'s
    /// drop). At exit the operating system releases the file locks and the files stay as a
    /// closed connection leaves them (closing never checkpoints: `Store::open_inner` sets
    /// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE); everything committed is in the WAL already, as it
    /// is when a hook is killed after its commit. Never call it in a process that runs
    /// several calls: each would keep a connection open.
    pub fn leave_open_at_exit(&mut self) {
        if let Some(store) = self.store.take() {
            store.rollback_batch();
            if store.lessons_dirty.get() {
                let _ = store.sync_lessons_index();
                store.lessons_dirty.set(false);
            }
            std::mem::forget(store);
        }
    }
}

impl Drop for LazyStore {
    /// With [`keep_stores_open`], a store with no open batch goes back to the pool for the
    /// next call of this process instead of being closed.
    fn drop(&mut self) {
        if let Some(store) = self.store.take() {
            pool::put(&self.path, store);
        }
    }
}

/// Keeps the stores of finished calls open for the next call of this process on the same file
/// (the warm helper's server, `hookward hook-server`; issue 15: the open is ~1.3 ms of a hook
/// call). A store is handed out again only while its path still names the same file (device
/// and inode); one that was replaced or removed is closed and opened anew, as a new process
/// would. Its lessons index file is written when it goes back (what closing it would do), and
/// it never reports itself created again. Off unless called: a hook process opens once.
pub fn keep_stores_open() {
    pool::ON.store(true, std::sync::atomic::Ordering::Relaxed);
}

mod pool {
    use crate::Store;
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, PoisonError};

    /// Stores kept at most (calls of one home at once, and a few homes).
    const MAX_KEPT: usize = 8;

    pub(super) static ON: AtomicBool = AtomicBool::new(false);

    /// A kept store: its path, the file's (device, inode) when it went back, the store.
    type Kept = (PathBuf, (u64, u64), Store);

    static KEPT: Mutex<Vec<Kept>> = Mutex::new(Vec::new());

    #[cfg(unix)]
    fn stamp(path: &Path) -> Option<(u64, u64)> {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(path).ok()?;
        Some((m.dev(), m.ino()))
    }

    /// Elsewhere a file's identity is not checked, so nothing is kept.
    #[cfg(not(unix))]
    fn stamp(_: &Path) -> Option<(u64, u64)> {
        None
    }

    pub(super) fn take(path: &Path) -> Option<Store> {
        if !ON.load(Ordering::Relaxed) {
            return None;
        }
        let now = stamp(path)?;
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        // a kept store of a file that is no longer at its path is closed
        kept.retain(|(p, s, _)| p != path || *s == now);
        let i = kept.iter().position(|(p, _, _)| p == path)?;
        let (_, _, mut store) = kept.swap_remove(i);
        store.created = false;
        Some(store)
    }

    pub(super) fn put(path: &Path, store: Store) {
        if !ON.load(Ordering::Relaxed) || store.in_batch() {
            return; // dropped: closed as before
        }
        let Some(now) = stamp(path) else {
            return;
        };
        if store.lessons_dirty.get() {
            let _ = store.sync_lessons_index();
            store.lessons_dirty.set(false);
        }
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= MAX_KEPT {
            kept.remove(0);
        }
        kept.push((path.to_path_buf(), now, store));
    }
}
