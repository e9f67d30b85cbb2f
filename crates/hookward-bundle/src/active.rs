//! The active bundle under hookward's home, switched atomically.
//!
//! Layout of `<home>/bundle/`:
//!
//! - `revs/<name>/`: one folder per activated revision: `policies/*.rego` (the bundle's Rego
//!   files, tests included, named by their bundle path with `/` as `__`, since hookward loads
//!   one folder level), `data.json` (the merged `data` document, [`Bundle::data`]),
//!   `manifest.json` (the `.manifest` as received);
//! - `active.json` ([`Active`]): which revision is in force, who signed it, where it came from,
//!   when, the rules it locks and the settings it manages. Written to a temporary file in the
//!   same folder, synced, then renamed over the old one: a reader sees the old revision or the
//!   new one, never a mix, and a crash leaves the old one in force (the last good bundle);
//! - `pull.json` ([`Attempt`]): the last pull, accepted or not, for `hookward doctor`.
//!
//! Only the revision in force and the one before it are kept.
//!
//! A managed bundle's `.manifest` may carry `metadata.hookward`:
//! `{"locked_rules": ["shell/*", …], "config": {<config.toml keys as JSON>}}`. Locked rules
//! cannot be disabled by `disabled_rules` or `hookward policy disable`; the settings apply as a
//! layer that may only tighten the user's (the same rule as a project's `.hookward/config.toml`).

use crate::{Bundle, BundleError, Signer};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The record of the bundle in force (`<home>/bundle/active.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Active {
    /// The revision folder's name under `<home>/bundle/revs/`.
    pub dir: String,
    /// The manifest's `revision` (may be empty).
    pub revision: String,
    /// Where it was pulled from (a path or URL).
    pub source: String,
    /// Who signed it; `None` when it was accepted unsigned (`allow_unsigned`).
    pub signer: Option<Signer>,
    /// When it was activated, milliseconds since the Unix epoch.
    pub activated_ms: i64,
    /// SHA-256 over the bundle's files (names and contents, sorted), hex: same digest, same
    /// bundle.
    pub digest: String,
    /// Rule-id globs the bundle locks (`metadata.hookward.locked_rules`).
    #[serde(default)]
    pub locked_rules: Vec<String>,
    /// The settings it manages, as `config.toml` text (`metadata.hookward.config`), if any.
    #[serde(default)]
    pub managed_toml: Option<String>,
    /// The folder of the revision before it, kept as the previous good one.
    #[serde(default)]
    pub previous: Option<String>,
}

impl Active {
    /// The folder of Rego files to load beside the user's policies.
    pub fn policy_dir(&self, home: &Path) -> PathBuf {
        bundle_dir(home)
            .join("revs")
            .join(&self.dir)
            .join("policies")
    }

    /// The bundle's `data` document.
    ///
    /// Errors: [`BundleError::Io`] when the revision folder's `data.json` cannot be read,
    /// [`BundleError::Format`] when it is not JSON.
    pub fn data(&self, home: &Path) -> Result<serde_json::Value, BundleError> {
        let p = bundle_dir(home)
            .join("revs")
            .join(&self.dir)
            .join("data.json");
        let bytes = std::fs::read(&p).map_err(|source| BundleError::Io {
            path: p.clone(),
            source,
        })?;
        serde_json::from_slice(&bytes).map_err(|e| BundleError::Format {
            what: p.display().to_string(),
            message: e.to_string(),
        })
    }
}

/// One `hookward policy pull`, accepted or not (`<home>/bundle/pull.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Attempt {
    /// When, milliseconds since the Unix epoch.
    pub ms: i64,
    /// The source pulled.
    pub source: String,
    /// `activated`, `unchanged` or `rejected`.
    pub outcome: String,
    /// The manifest revision, when the bundle could be read.
    pub revision: Option<String>,
    /// Why it was rejected.
    pub error: Option<String>,
}

/// `<home>/bundle`.
pub fn bundle_dir(home: &Path) -> PathBuf {
    home.join("bundle")
}

/// The bundle in force, if any.
///
/// Errors: [`BundleError::Io`] when `active.json` exists but cannot be read,
/// [`BundleError::Format`] when it does not parse (the caller decides how to fail: the hook
/// treats it as a broken policy, never as "no bundle").
pub fn active(home: &Path) -> Result<Option<Active>, BundleError> {
    let p = active_path(home);
    let read = std::fs::read(&p);
    active_of(&p, &read)
}

/// `<home>/bundle/active.json`.
pub fn active_path(home: &Path) -> PathBuf {
    bundle_dir(home).join("active.json")
}

/// [`active`] from a read of the record the caller already made (`p` and what
/// `std::fs::read` gave): a hook call reads `active.json` once for its configuration's managed
/// layer and its policy bundle (issue 15).
///
/// Errors: as [`active`].
pub fn active_of(p: &Path, read: &std::io::Result<Vec<u8>>) -> Result<Option<Active>, BundleError> {
    match read {
        Ok(bytes) => serde_json::from_slice(bytes)
            .map(Some)
            .map_err(|e| BundleError::Format {
                what: p.display().to_string(),
                message: format!("not an active-bundle record: {e}"),
            }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(BundleError::Io {
            path: p.to_path_buf(),
            source: std::io::Error::new(e.kind(), e.to_string()),
        }),
    }
}

/// The last pull attempt, if any (unreadable records count as none).
pub fn last_attempt(home: &Path) -> Option<Attempt> {
    let bytes = std::fs::read(bundle_dir(home).join("pull.json")).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Records a pull attempt (atomically, like `active.json`).
///
/// Errors: [`BundleError::Io`].
pub fn record_attempt(home: &Path, attempt: &Attempt) -> Result<(), BundleError> {
    let dir = bundle_dir(home);
    create_dir(&dir)?;
    let text = serde_json::to_vec_pretty(attempt).unwrap_or_default();
    write_atomic(&dir, "pull.json", &text)
}

/// What [`activate`] did.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// The bundle is now in force.
    Activated(Active),
    /// The same bundle (same digest) was already in force; nothing changed.
    Unchanged(Active),
}

/// The managed part of a bundle's manifest (`metadata.hookward`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Managed {
    /// Rule-id globs that cannot be disabled.
    pub locked_rules: Vec<String>,
    /// Settings as `config.toml` text.
    pub config_toml: Option<String>,
}

/// Reads `metadata.hookward` of the manifest.
///
/// Errors: [`BundleError::Format`] naming the field when `locked_rules` is not a list of
/// strings or `config` is not an object TOML can hold (no `null`s).
pub fn managed(bundle: &Bundle) -> Result<Managed, BundleError> {
    let Some(h) = bundle.manifest.metadata.get("hookward") else {
        return Ok(Managed::default());
    };
    let bad = |field: &str, expected: &str| BundleError::Format {
        what: format!(".manifest: metadata.hookward.{field}"),
        message: format!("expected {expected}"),
    };
    let obj = h
        .as_object()
        .ok_or_else(|| bad("", "an object with locked_rules and config"))?;
    let mut m = Managed::default();
    if let Some(l) = obj.get("locked_rules") {
        m.locked_rules = l
            .as_array()
            .and_then(|a| a.iter().map(|v| v.as_str().map(str::to_string)).collect())
            .ok_or_else(|| bad("locked_rules", "a list of rule ids or globs"))?;
    }
    if let Some(c) = obj.get("config") {
        if !c.is_object() {
            return Err(bad("config", "an object of config.toml keys"));
        }
        let t = toml::to_string(c)
            .map_err(|e| bad("config", &format!("values TOML can hold (no null): {e}")))?;
        m.config_toml = Some(t);
    }
    Ok(m)
}

/// Puts `bundle` (already verified, or accepted unsigned by configuration) in force.
///
/// Errors: [`BundleError::Io`] when the revision cannot be written (the previous one stays in
/// force), [`BundleError::Format`] for a bad `metadata.hookward` or Rego files whose folder
/// names collide once flattened.
pub fn activate(
    home: &Path,
    bundle: &Bundle,
    signer: Option<Signer>,
    source: &str,
    now_ms: i64,
) -> Result<Outcome, BundleError> {
    let managed = managed(bundle)?;
    let data = bundle.data()?;
    let digest = bundle_digest(bundle);
    let current = active(home).ok().flatten();
    if let Some(cur) = &current {
        let same_dir = bundle_dir(home).join("revs").join(&cur.dir).is_dir();
        if cur.digest == digest && same_dir {
            return Ok(Outcome::Unchanged(cur.clone()));
        }
    }
    let dir = bundle_dir(home);
    let revs = dir.join("revs");
    create_dir(&revs)?;
    let io = |path: &Path, source: std::io::Error| BundleError::Io {
        path: path.to_path_buf(),
        source,
    };
    let rev = tempfile::Builder::new()
        .prefix(&format!("{now_ms}-{}-", &digest[..12]))
        .tempdir_in(&revs)
        .map_err(|e| io(&revs, e))?;
    let policies = rev.path().join("policies");
    std::fs::create_dir(&policies).map_err(|e| io(&policies, e))?;
    let mut seen = std::collections::BTreeSet::new();
    for (path, bytes) in bundle.rego_files() {
        let flat = path.replace('/', "__");
        if !seen.insert(flat.clone()) {
            return Err(BundleError::Format {
                what: path.to_string(),
                message: format!("collides with another Rego file once flattened to {flat}"),
            });
        }
        write_synced(&policies.join(flat), bytes)?;
    }
    write_synced(
        &rev.path().join("data.json"),
        &serde_json::to_vec(&data).unwrap_or_default(),
    )?;
    if let Some(m) = bundle.files.get(".manifest") {
        write_synced(&rev.path().join("manifest.json"), m)?;
    }
    sync_dir(&policies)?;
    sync_dir(rev.path())?;
    let rev_path = rev.keep();
    let name = rev_path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let record = Active {
        dir: name.clone(),
        revision: bundle.manifest.revision.clone(),
        source: source.to_string(),
        signer,
        activated_ms: now_ms,
        digest,
        locked_rules: managed.locked_rules,
        managed_toml: managed.config_toml,
        previous: current.as_ref().map(|c| c.dir.clone()),
    };
    let text = serde_json::to_vec_pretty(&record).unwrap_or_default();
    write_atomic(&dir, "active.json", &text)?;
    // Keep the revision in force and the one before it; older ones go (best effort).
    if let Ok(entries) = std::fs::read_dir(&revs) {
        for e in entries.flatten() {
            let n = e.file_name().to_string_lossy().into_owned();
            if n != name && Some(&n) != record.previous.as_ref() {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
    }
    Ok(Outcome::Activated(record))
}

/// SHA-256 over every file's name and contents in name order (length-prefixed), hex.
pub fn bundle_digest(bundle: &Bundle) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for (p, b) in &bundle.files {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p.as_bytes());
        h.update((b.len() as u64).to_le_bytes());
        h.update(b);
    }
    crate::hash::hex(&h.finalize())
}

fn create_dir(dir: &Path) -> Result<(), BundleError> {
    std::fs::create_dir_all(dir).map_err(|source| BundleError::Io {
        path: dir.to_path_buf(),
        source,
    })
}

fn write_synced(path: &Path, bytes: &[u8]) -> Result<(), BundleError> {
    let io = |source| BundleError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut f = std::fs::File::create(path).map_err(io)?;
    f.write_all(bytes).map_err(io)?;
    f.sync_all().map_err(io)
}

fn sync_dir(dir: &Path) -> Result<(), BundleError> {
    std::fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(|source| BundleError::Io {
            path: dir.to_path_buf(),
            source,
        })
}

fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), BundleError> {
    let target = dir.join(name);
    hookward_sys::write_atomic_private_synced(&target, bytes).map_err(|source| {
        BundleError::Io {
            path: target.clone(),
            source,
        }
    })?;
    sync_dir(dir)
}
