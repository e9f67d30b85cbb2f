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
            None => Store::open(&self.path)?,
        };
        Ok(self.store.insert(store))
    }
}
