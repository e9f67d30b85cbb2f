//! Reading a bundle: a folder (or a git checkout, whose `.git` is skipped) or a `.tar.gz` in
//! OPA's layout (<https://www.openpolicyagent.org/docs/management-bundles#bundle-file-format>).
//!
//! Every file is read into memory under its bundle path (`/`-separated, no leading `/` or
//! `./`). Refused, with the offending path named: symbolic and hard links, special files, a
//! `..` component, more than [`MAX_FILES`] files, a file over [`MAX_FILE_BYTES`], more than
//! [`MAX_TOTAL_BYTES`] in all (after decompression), a `data.yaml` (hookward reads only
//! `data.json`), and a `.manifest` or `data.json` that is not a JSON object.

use crate::{BundleError, Manifest};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// At most this many files in a bundle.
pub const MAX_FILES: usize = 10_000;
/// At most this many bytes in one file (16 MiB).
pub const MAX_FILE_BYTES: u64 = 16 << 20;
/// At most this many bytes in all files together, after decompression (64 MiB).
pub const MAX_TOTAL_BYTES: u64 = 64 << 20;

/// A bundle as read, not yet verified.
#[derive(Debug, Clone, PartialEq)]
pub struct Bundle {
    /// Every file by bundle path, `.signatures.json` included.
    pub files: BTreeMap<String, Vec<u8>>,
    /// The `.manifest` (defaults when the bundle has none).
    pub manifest: Manifest,
}

impl Bundle {
    /// Reads a bundle folder. `.git` folders are skipped (a git checkout is a folder bundle).
    ///
    /// Errors: [`BundleError::Io`] for what cannot be read, [`BundleError::Format`] for what
    /// the module docs refuse.
    pub fn from_dir(dir: &Path) -> Result<Bundle, BundleError> {
        let mut files = BTreeMap::new();
        let mut total = 0u64;
        walk(dir, dir, &mut files, &mut total)?;
        Bundle::from_files(files, &dir.display().to_string())
    }

    /// Reads a gzip-compressed tar archive (what `opa build` writes, `bundle.tar.gz`).
    ///
    /// Errors: as [`Bundle::from_dir`]; `origin` names the archive in messages.
    pub fn from_tar_gz(bytes: &[u8], origin: &str) -> Result<Bundle, BundleError> {
        let gz = flate2::read::GzDecoder::new(bytes);
        // The decompressed stream is bounded, so an archive bomb stops at the limit.
        let mut archive = tar::Archive::new(gz.take(MAX_TOTAL_BYTES + 1024 * 1024));
        let mut files = BTreeMap::new();
        let mut total = 0u64;
        let entries = archive.entries().map_err(|e| BundleError::Format {
            what: origin.to_string(),
            message: format!("not a gzip-compressed tar archive: {e}"),
        })?;
        for entry in entries {
            let mut entry = entry.map_err(|e| BundleError::Format {
                what: origin.to_string(),
                message: format!("broken tar archive: {e}"),
            })?;
            let raw_path = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
            let kind = entry.header().entry_type();
            if kind.is_dir() {
                continue;
            }
            if !kind.is_file() {
                return Err(BundleError::Format {
                    what: format!("{origin}: {raw_path}"),
                    message: "links and special files are not allowed in a bundle".into(),
                });
            }
            let path = clean_path(&raw_path).map_err(|message| BundleError::Format {
                what: format!("{origin}: {raw_path}"),
                message,
            })?;
            let size = entry.header().size().unwrap_or(u64::MAX);
            check_size(&path, size, &mut total, files.len())?;
            let mut buf = Vec::with_capacity(size as usize);
            entry
                .by_ref()
                .take(MAX_FILE_BYTES + 1)
                .read_to_end(&mut buf)
                .map_err(|e| BundleError::Format {
                    what: format!("{origin}: {path}"),
                    message: format!("cannot be read from the archive: {e}"),
                })?;
            files.insert(path, buf);
        }
        Bundle::from_files(files, origin)
    }

    fn from_files(files: BTreeMap<String, Vec<u8>>, origin: &str) -> Result<Bundle, BundleError> {
        if let Some(p) = files
            .keys()
            .find(|p| p.ends_with("data.yaml") || p.ends_with("data.yml"))
        {
            return Err(BundleError::Format {
                what: format!("{origin}: {p}"),
                message: "YAML data files are not read by hookward; write data.json".into(),
            });
        }
        let manifest = match files.get(".manifest") {
            None => Manifest::default(),
            Some(b) => serde_json::from_slice(b).map_err(|e| BundleError::Format {
                what: format!("{origin}: .manifest"),
                message: format!(
                    "expected a JSON object with \"revision\", \"roots\", \"metadata\": {e}"
                ),
            })?,
        };
        for (p, b) in &files {
            if p.rsplit('/').next() == Some("data.json") {
                let v: serde_json::Value =
                    serde_json::from_slice(b).map_err(|e| BundleError::Format {
                        what: format!("{origin}: {p}"),
                        message: format!("not valid JSON: {e}"),
                    })?;
                if !v.is_object() {
                    return Err(BundleError::Format {
                        what: format!("{origin}: {p}"),
                        message: "a data.json must hold a JSON object".into(),
                    });
                }
            }
        }
        if files.is_empty() {
            return Err(BundleError::Format {
                what: origin.to_string(),
                message: "the bundle holds no files".into(),
            });
        }
        Ok(Bundle { files, manifest })
    }

    /// The Rego files (tests included) by bundle path.
    pub fn rego_files(&self) -> impl Iterator<Item = (&str, &[u8])> {
        self.files
            .iter()
            .filter(|(p, _)| p.ends_with(".rego"))
            .map(|(p, b)| (p.as_str(), b.as_slice()))
    }

    /// The `data` document: every `data.json` merged at the path of its folder (OPA's rule:
    /// `/a/b/data.json` is `data.a.b`), objects merged key by key.
    ///
    /// Errors: [`BundleError::Format`] when two files give different values for one path.
    pub fn data(&self) -> Result<serde_json::Value, BundleError> {
        let mut root = serde_json::Value::Object(Default::default());
        for (p, b) in &self.files {
            if p.rsplit('/').next() != Some("data.json") {
                continue;
            }
            // Checked in `from_files`.
            let v: serde_json::Value = serde_json::from_slice(b).unwrap_or_default();
            let folder: Vec<&str> = p.split('/').collect();
            let mut at = &mut root;
            for part in &folder[..folder.len() - 1] {
                let obj = at.as_object_mut().ok_or_else(|| conflict(p))?;
                at = obj
                    .entry(part.to_string())
                    .or_insert_with(|| serde_json::Value::Object(Default::default()));
            }
            merge(at, v).map_err(|_| conflict(p))?;
        }
        Ok(root)
    }
}

fn conflict(p: &str) -> BundleError {
    BundleError::Format {
        what: p.to_string(),
        message: "its data overlaps another data.json's with a different value".into(),
    }
}

fn merge(at: &mut serde_json::Value, v: serde_json::Value) -> Result<(), ()> {
    match (at, v) {
        (serde_json::Value::Object(a), serde_json::Value::Object(b)) => {
            for (k, val) in b {
                match a.get_mut(&k) {
                    Some(existing) => merge(existing, val)?,
                    None => {
                        a.insert(k, val);
                    }
                }
            }
            Ok(())
        }
        (a, b) if *a == b => Ok(()),
        _ => Err(()),
    }
}

fn check_size(path: &str, size: u64, total: &mut u64, count: usize) -> Result<(), BundleError> {
    if count >= MAX_FILES {
        return Err(BundleError::Format {
            what: path.to_string(),
            message: format!("the bundle has more than {MAX_FILES} files"),
        });
    }
    if size > MAX_FILE_BYTES {
        return Err(BundleError::Format {
            what: path.to_string(),
            message: format!("larger than {MAX_FILE_BYTES} bytes"),
        });
    }
    *total = total.saturating_add(size);
    if *total > MAX_TOTAL_BYTES {
        return Err(BundleError::Format {
            what: path.to_string(),
            message: format!("the bundle is larger than {MAX_TOTAL_BYTES} bytes in all"),
        });
    }
    Ok(())
}

/// `raw` as a bundle path: `/` separators, no leading `/` or `./`, no empty, `.` or `..` parts.
pub(crate) fn clean_path(raw: &str) -> Result<String, String> {
    let mut parts = Vec::new();
    for part in raw.split(['/', '\\']) {
        match part {
            "" | "." => continue,
            ".." => return Err("a path with `..` is not allowed in a bundle".into()),
            p => parts.push(p),
        }
    }
    if parts.is_empty() {
        return Err("an empty path".into());
    }
    Ok(parts.join("/"))
}

fn walk(
    root: &Path,
    dir: &Path,
    files: &mut BTreeMap<String, Vec<u8>>,
    total: &mut u64,
) -> Result<(), BundleError> {
    let io = |path: &Path, source: std::io::Error| BundleError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .map_err(|e| io(dir, e))?
        .collect::<Result<_, _>>()
        .map_err(|e| io(dir, e))?;
    entries.sort_by_key(|e| e.file_name());
    for e in entries {
        let path = e.path();
        let meta = std::fs::symlink_metadata(&path).map_err(|err| io(&path, err))?;
        if meta.is_dir() {
            if e.file_name() == ".git" {
                continue;
            }
            walk(root, &path, files, total)?;
        } else if meta.is_file() {
            let rel = path
                .strip_prefix(root)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            let rel = clean_path(&rel).map_err(|message| BundleError::Format {
                what: path.display().to_string(),
                message,
            })?;
            check_size(&rel, meta.len(), total, files.len())?;
            let bytes = std::fs::read(&path).map_err(|err| io(&path, err))?;
            files.insert(rel, bytes);
        } else {
            return Err(BundleError::Format {
                what: path.display().to_string(),
                message: "links and special files are not allowed in a bundle".into(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_cleaned_and_parent_parts_refused() {
        assert_eq!(clean_path("/a/./b.rego").unwrap(), "a/b.rego");
        assert_eq!(clean_path("./data.json").unwrap(), "data.json");
        assert!(clean_path("a/../../etc/passwd").is_err());
        assert!(clean_path("/").is_err());
    }

    #[test]
    fn data_files_merge_at_their_folder() {
        let mut files = BTreeMap::new();
        files.insert("data.json".to_string(), br#"{"a": {"x": 1}}"#.to_vec());
        files.insert("a/data.json".to_string(), br#"{"y": 2}"#.to_vec());
        files.insert("b/c/data.json".to_string(), br#"{"z": [1]}"#.to_vec());
        let b = Bundle::from_files(files.clone(), "t").unwrap();
        assert_eq!(
            b.data().unwrap(),
            serde_json::json!({"a": {"x": 1, "y": 2}, "b": {"c": {"z": [1]}}})
        );
        files.insert("a/x/data.json".to_string(), b"{}".to_vec());
        files.insert("a/data.json".to_string(), br#"{"x": 2}"#.to_vec());
        let b = Bundle::from_files(files, "t").unwrap();
        assert!(b.data().is_err(), "two values for data.a.x");
    }

    #[test]
    fn yaml_data_and_non_object_data_are_refused() {
        let mut files = BTreeMap::new();
        files.insert("data.yaml".to_string(), b"a: 1".to_vec());
        assert!(Bundle::from_files(files, "t").is_err());
        let mut files = BTreeMap::new();
        files.insert("data.json".to_string(), b"[1]".to_vec());
        assert!(Bundle::from_files(files, "t").is_err());
    }
}
