//! The content-addressed object store under `~/.hookward/objects`: one file per distinct
//! content, named by its blake3 hash (`objects/ab/cdef…`), written once (temporary file +
//! rename), mode 0600 in folders of mode 0700.
//!
//! Contents are stored verbatim: a restore must put back exactly what was there, so secrets in a
//! guarded settings file are in its versions too. Only the owner can read them (the modes above);
//! everything hookward shows or exports about them goes through `hookward-redact`.

use crate::ContextError;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The object store at a folder.
#[derive(Debug, Clone)]
pub struct Objects {
    dir: PathBuf,
}

/// How many threads [`Objects::flush`] syncs staged objects from: 8. Syncs wait on the disk,
/// so more threads than cores is fine; eight concurrent syncs let the file system group them.
pub const SYNC_THREADS: usize = 8;

/// Objects written by [`Objects::stage`] and not yet made durable by [`Objects::flush`].
#[derive(Debug, Default)]
pub struct Staged {
    files: Vec<(PathBuf, PathBuf)>,
    hashes: std::collections::HashSet<String>,
}

impl Staged {
    /// How many objects wait for the flush.
    pub fn len(&self) -> usize {
        self.files.len()
    }

    /// Whether none waits.
    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

impl Drop for Staged {
    /// Temporary files never flushed (an observation that failed half way) are removed.
    fn drop(&mut self) {
        for (tmp, _) in self.files.drain(..) {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

/// The blake3 hash of `bytes`, as 64 lowercase hex characters.
pub fn hash(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

fn valid_hash(h: &str) -> bool {
    h.len() == 64
        && h.bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

impl Objects {
    /// The store at `dir` (usually `~/.hookward/objects`); nothing is created until
    /// [`Objects::put`].
    pub fn new(dir: impl Into<PathBuf>) -> Objects {
        Objects { dir: dir.into() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where the object `h` lives.
    pub fn path_of(&self, h: &str) -> PathBuf {
        let (a, b) = h.split_at(h.len().min(2));
        self.dir.join(a).join(b)
    }

    /// Stores `bytes` and returns their hash. An object that exists is not rewritten.
    ///
    /// # Errors
    /// [`ContextError::Io`] when the folder or file cannot be created or renamed.
    pub fn put(&self, bytes: &[u8]) -> Result<String, ContextError> {
        let h = hash(bytes);
        let path = self.path_of(&h);
        if path.is_file() {
            return Ok(h);
        }
        let parent = path.parent().unwrap_or(&self.dir).to_path_buf();
        crate::create_private_dir(&parent).map_err(|e| ContextError::io(&parent, "creating", e))?;
        let tmp = parent.join(format!(".tmp-{}-{}", std::process::id(), &h[..16]));
        let mut f = crate::private_file(&tmp).map_err(|e| ContextError::io(&tmp, "creating", e))?;
        f.write_all(bytes)
            .and_then(|_| f.sync_all())
            .map_err(|e| ContextError::io(&tmp, "writing", e))?;
        drop(f);
        std::fs::rename(&tmp, &path).map_err(|e| ContextError::io(&path, "renaming into", e))?;
        Ok(h)
    }

    /// Writes `bytes` like [`Objects::put`] but without waiting for the disk: the content goes
    /// to a temporary file named in `staged`, and becomes the object only at
    /// [`Objects::flush`] (every staged file synced, then renamed into place). Writing many
    /// objects and then syncing them costs about one journal commit instead of one per object
    /// (a first scan of 5,000 files). Until the flush the object does not exist, so nothing
    /// may name it in the ledger before then. Returns the hash.
    ///
    /// # Errors
    /// As [`Objects::put`].
    pub fn stage(&self, bytes: &[u8], staged: &mut Staged) -> Result<String, ContextError> {
        let h = hash(bytes);
        let path = self.path_of(&h);
        if staged.hashes.contains(&h) || path.is_file() {
            return Ok(h);
        }
        let parent = path.parent().unwrap_or(&self.dir).to_path_buf();
        crate::create_private_dir(&parent).map_err(|e| ContextError::io(&parent, "creating", e))?;
        let tmp = parent.join(format!(".tmp-{}-{}", std::process::id(), &h[..16]));
        let mut f = crate::private_file(&tmp).map_err(|e| ContextError::io(&tmp, "creating", e))?;
        f.write_all(bytes)
            .map_err(|e| ContextError::io(&tmp, "writing", e))?;
        staged.hashes.insert(h.clone());
        staged.files.push((tmp, path));
        Ok(h)
    }

    /// Makes every staged object durable and visible: each temporary file synced, then renamed
    /// to its object name. `staged` is empty afterwards.
    ///
    /// # Errors
    /// [`ContextError::Io`] when a file cannot be synced or renamed (the ones not reached are
    /// removed when `staged` is dropped).
    pub fn flush(&self, staged: &mut Staged) -> Result<(), ContextError> {
        // The syncs wait on the disk, not the CPU: issued from a few threads at once, the file
        // system commits them together (one journal commit for many files).
        let sync = |files: &[(PathBuf, PathBuf)]| -> Result<(), ContextError> {
            for (tmp, _) in files {
                std::fs::File::open(tmp)
                    .and_then(|f| f.sync_all())
                    .map_err(|e| ContextError::io(tmp, "syncing", e))?;
            }
            Ok(())
        };
        let per = staged.files.len().div_ceil(SYNC_THREADS).max(1);
        if per == 1 && staged.files.len() <= 2 {
            sync(&staged.files)?; // one or two objects (after a tool call): no threads
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = staged
                    .files
                    .chunks(per)
                    .map(|c| s.spawn(move || sync(c)))
                    .collect();
                handles.into_iter().try_for_each(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(ContextError::io(
                            &self.dir,
                            "syncing",
                            std::io::Error::other("a sync thread panicked"),
                        ))
                    })
                })
            })?;
        }
        for (tmp, path) in staged.files.drain(..) {
            std::fs::rename(&tmp, &path)
                .map_err(|e| ContextError::io(&path, "renaming into", e))?;
        }
        staged.hashes.clear();
        Ok(())
    }

    /// The content of object `h`, checked against its hash.
    ///
    /// # Errors
    /// [`ContextError::MissingObject`] when absent; [`ContextError::CorruptObject`] when the
    /// content no longer matches its name; [`ContextError::Io`] on read errors.
    pub fn get(&self, h: &str) -> Result<Vec<u8>, ContextError> {
        if !valid_hash(h) {
            return Err(ContextError::MissingObject {
                hash: h.to_string(),
            });
        }
        let path = self.path_of(h);
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(ContextError::MissingObject {
                    hash: h.to_string(),
                })
            }
            Err(e) => return Err(ContextError::io(&path, "reading", e)),
        };
        if hash(&bytes) != h {
            return Err(ContextError::CorruptObject { path });
        }
        Ok(bytes)
    }

    /// Every object hash in the store (for garbage collection).
    ///
    /// # Errors
    /// [`ContextError::Io`] when the folder cannot be listed (absent = empty).
    pub fn list(&self) -> Result<Vec<String>, ContextError> {
        let mut out = Vec::new();
        let top = match std::fs::read_dir(&self.dir) {
            Ok(r) => r,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
            Err(e) => return Err(ContextError::io(&self.dir, "listing", e)),
        };
        for d in top.flatten() {
            let prefix = d.file_name().to_string_lossy().into_owned();
            if prefix.len() != 2 {
                continue;
            }
            let Ok(inner) = std::fs::read_dir(d.path()) else {
                continue;
            };
            for f in inner.flatten() {
                let h = format!("{prefix}{}", f.file_name().to_string_lossy());
                if valid_hash(&h) {
                    out.push(h);
                }
            }
        }
        out.sort();
        Ok(out)
    }

    /// Removes object `h` (absent is fine). Returns the bytes freed.
    ///
    /// # Errors
    /// [`ContextError::Io`] when the file exists but cannot be removed.
    pub fn remove(&self, h: &str) -> Result<u64, ContextError> {
        let path = self.path_of(h);
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        match std::fs::remove_file(&path) {
            Ok(()) => Ok(size),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
            Err(e) => Err(ContextError::io(&path, "removing", e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_get_list_remove() {
        let d = tempfile::tempdir().unwrap();
        let o = Objects::new(d.path().join("objects"));
        let h = o.put(b"hello").unwrap();
        assert_eq!(h, hash(b"hello"));
        assert_eq!(o.put(b"hello").unwrap(), h);
        assert_eq!(o.get(&h).unwrap(), b"hello");
        assert_eq!(o.list().unwrap(), vec![h.clone()]);
        std::fs::write(o.path_of(&h), b"tampered").unwrap();
        assert!(matches!(o.get(&h), Err(ContextError::CorruptObject { .. })));
        assert_eq!(o.remove(&h).unwrap(), 8);
        assert!(matches!(o.get(&h), Err(ContextError::MissingObject { .. })));
    }

    #[test]
    fn staged_objects_exist_only_after_the_flush_and_unflushed_ones_are_removed() {
        let d = tempfile::tempdir().unwrap();
        let o = Objects::new(d.path().join("objects"));
        let mut staged = Staged::default();
        let a = o.stage(b"one", &mut staged).unwrap();
        assert_eq!(o.stage(b"one", &mut staged).unwrap(), a);
        let b = o.stage(b"two", &mut staged).unwrap();
        assert_eq!(staged.len(), 2);
        assert!(o.list().unwrap().is_empty(), "not visible before the flush");
        o.flush(&mut staged).unwrap();
        assert!(staged.is_empty());
        assert_eq!(o.get(&a).unwrap(), b"one");
        assert_eq!(o.get(&b).unwrap(), b"two");
        let mut left = Staged::default();
        let c = o.stage(b"three", &mut left).unwrap();
        let dir = o.path_of(&c).parent().unwrap().to_path_buf();
        drop(left);
        assert!(o.get(&c).is_err());
        assert_eq!(
            std::fs::read_dir(dir).unwrap().count(),
            0,
            "temporary file removed"
        );
    }
}
