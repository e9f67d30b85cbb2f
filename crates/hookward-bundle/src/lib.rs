//! OPA policy bundles for hookward (issue 19 item 3): a team distributes its policy as an
//! ordinary OPA bundle (<https://www.openpolicyagent.org/docs/management-bundles>), and each
//! machine pulls, verifies and activates it **outside the hook's path** (`hookward policy
//! pull`, by hand or on a schedule; never by the hook itself).
//!
//! - [`Bundle`]: a bundle read from a folder (a git checkout counts, `.git` skipped) or a
//!   `.tar.gz` (what `opa build` writes), with its `.manifest` ([`Manifest`]) and every file;
//!   bounded in files and bytes ([`read`]).
//! - [`verify()`]: the `.signatures.json` JWT checked with the configured key as OPA does, and
//!   every file's digest ([`hash`]) against the signed list.
//! - [`active`]: the revision in force under `<home>/bundle/`, switched by one atomic rename;
//!   a bundle that fails to read or verify never replaces it (the last good one stays).
//!   [`active::managed`]: the rules a managed bundle locks and the settings it manages.
//! - [`pull`]: all of it for one configured source, with the attempt recorded for
//!   `hookward doctor`.
//!
//! No Rego is evaluated here: the hook loads the active revision's Rego beside the user's
//! policies and its data under the user's `[policy.data]` (the bundle's values win).
#![deny(missing_docs)]

pub mod active;
pub mod hash;
pub mod read;
mod verify;

pub use active::{Active, Attempt, Outcome};
pub use read::Bundle;
pub use verify::{sign, verify, Signer, VerifyKey};

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A bundle's `.manifest` (the fields hookward reads; others are ignored).
#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
pub struct Manifest {
    /// The bundle's revision (any string; shown by `hookward doctor`).
    #[serde(default)]
    pub revision: String,
    /// The data and package roots the bundle owns (informational here).
    #[serde(default)]
    pub roots: Option<Vec<String>>,
    /// Free-form metadata; `metadata.hookward` is read by [`active::managed`].
    #[serde(default)]
    pub metadata: serde_json::Map<String, serde_json::Value>,
}

/// What can go wrong with a bundle. Every message names the file, field or source.
#[derive(Debug, thiserror::Error)]
pub enum BundleError {
    /// A file or folder could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The bundle's layout or a file's contents is not what OPA's format allows.
    #[error("{what}: {message}")]
    Format {
        /// Which bundle, file or field.
        what: String,
        /// What was expected.
        message: String,
    },
    /// The signature is missing, invalid, or does not cover the bundle's files.
    #[error("bundle signature: {0}")]
    Signature(String),
    /// The configured verification key or algorithm is unusable.
    #[error("verification key: {0}")]
    Key(String),
    /// The bundle's policies do not compile with the built-in pack, or its tests fail (the
    /// caller's check, see [`pull`]).
    #[error("bundle check: {0}")]
    Check(String),
    /// The source could not be fetched.
    #[error("{source_name}: {message}")]
    Fetch {
        /// The URL or path.
        source_name: String,
        /// Why.
        message: String,
    },
}

/// Where a bundle comes from and how it must be signed (`[policy.bundle]` in config.toml).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PullConfig {
    /// A folder, a `.tar.gz` file, or an `http://`/`https://` URL of a `.tar.gz`.
    pub source: String,
    /// The key the bundle must be signed with; `None` refuses every bundle unless
    /// `allow_unsigned`.
    pub key: Option<VerifyKey>,
    /// Accept a bundle without checking any signature (testing only; `hookward doctor` warns).
    pub allow_unsigned: bool,
}

/// Lays a bundle's `data` document over the user's `[policy.data]` (`base`), as the hook and
/// `hookward policy pull`'s check both load it: objects merge key by key, anywhere else the
/// bundle's value wins (a user cannot loosen a managed list by redefining it); a `null` base
/// becomes the bundle's document.
pub fn overlay_data(base: &mut serde_json::Value, over: serde_json::Value) {
    match (base, over) {
        (serde_json::Value::Object(a), serde_json::Value::Object(b)) => {
            for (k, v) in b {
                match a.get_mut(&k) {
                    Some(existing) => overlay_data(existing, v),
                    None => {
                        a.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// How long a fetch of an HTTP(S) source may take, in seconds.
pub const FETCH_TIMEOUT_SECS: u64 = 30;

/// Reads `source` (see [`PullConfig::source`]) into a [`Bundle`].
///
/// Errors: [`BundleError::Fetch`] for a URL that cannot be fetched (non-2xx, timeout after
/// [`FETCH_TIMEOUT_SECS`], body over [`read::MAX_TOTAL_BYTES`]); the errors of
/// [`Bundle::from_dir`] and [`Bundle::from_tar_gz`].
pub fn load(source: &str) -> Result<Bundle, BundleError> {
    if source.starts_with("http://") || source.starts_with("https://") {
        let fetch_err = |message: String| BundleError::Fetch {
            source_name: source.to_string(),
            message,
        };
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .timeout_global(Some(std::time::Duration::from_secs(FETCH_TIMEOUT_SECS)))
            .build()
            .into();
        let mut resp = agent
            .get(source)
            .call()
            .map_err(|e| fetch_err(e.to_string()))?;
        let bytes = resp
            .body_mut()
            .with_config()
            .limit(read::MAX_TOTAL_BYTES)
            .read_to_vec()
            .map_err(|e| fetch_err(format!("reading the body: {e}")))?;
        return Bundle::from_tar_gz(&bytes, source);
    }
    let path = Path::new(source);
    let meta = std::fs::metadata(path).map_err(|e| BundleError::Io {
        path: path.to_path_buf(),
        source: e,
    })?;
    if meta.is_dir() {
        Bundle::from_dir(path)
    } else {
        let bytes = std::fs::read(path).map_err(|e| BundleError::Io {
            path: path.to_path_buf(),
            source: e,
        })?;
        Bundle::from_tar_gz(&bytes, source)
    }
}

/// Pulls the configured bundle: load, verify, `check` (the CLI compiles the bundle's Rego with
/// the built-in pack and runs its tests), activate; records the attempt either way. A bundle
/// that fails at any step leaves the one in force untouched.
///
/// Errors: those of [`load`], [`verify()`] and [`active::activate`]; a
/// [`BundleError::Signature`] when no key is configured and unsigned bundles are not allowed;
/// [`BundleError::Check`] with `check`'s message.
pub fn pull(
    home: &Path,
    cfg: &PullConfig,
    now_ms: i64,
    check: &dyn Fn(&Bundle) -> Result<(), String>,
) -> Result<Outcome, BundleError> {
    let mut revision = None;
    let result = (|| {
        let bundle = load(&cfg.source)?;
        revision = Some(bundle.manifest.revision.clone());
        let signer = match (&cfg.key, cfg.allow_unsigned) {
            (Some(key), _) => Some(verify(&bundle, key)?),
            (None, true) => None,
            (None, false) => {
                return Err(BundleError::Signature(
                    "no verification key is configured ([policy.bundle] public_key); set one, or allow_unsigned = true for testing".into(),
                ))
            }
        };
        check(&bundle).map_err(BundleError::Check)?;
        active::activate(home, &bundle, signer, &cfg.source, now_ms)
    })();
    let attempt = Attempt {
        ms: now_ms,
        source: cfg.source.clone(),
        outcome: match &result {
            Ok(Outcome::Activated(_)) => "activated",
            Ok(Outcome::Unchanged(_)) => "unchanged",
            Err(_) => "rejected",
        }
        .to_string(),
        revision,
        error: result.as_ref().err().map(|e| e.to_string()),
    };
    // The attempt record is for doctor; failing to write it does not undo an activation.
    let _ = active::record_attempt(home, &attempt);
    result
}
