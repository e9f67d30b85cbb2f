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
}
