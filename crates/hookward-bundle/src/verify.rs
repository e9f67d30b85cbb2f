//! Bundle signature verification as OPA defines it
//! (<https://www.openpolicyagent.org/docs/management-bundles#signature-format>):
//! `.signatures.json` is `{"signatures": ["<JWT>"]}` with exactly one compact JWS whose payload
//! lists every file of the bundle (`files: [{name, hash, algorithm}]`, digests by
//! [`crate::hash::file_digest`]), and optionally `keyid`, `scope`, `iat`, `iss`.
//!
//! A bundle is accepted only when: the JWS verifies with the configured key and algorithm
//! (the header's `alg` must be that algorithm; a `kid` in the header or the deprecated `keyid`
//! claim, when both it and the configured key id are set, must match); the payload's `scope`
//! equals the configured scope (both empty by default); every file of the bundle except
//! `.signatures.json` is listed with a matching digest; and every listed file exists.

use crate::{hash, Bundle, BundleError};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::str::FromStr;

/// The key a bundle must be signed with (OPA's `keys` entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyKey {
    /// A PEM public key (`PUBLIC KEY`, `RSA PUBLIC KEY`) for RS*/PS*/ES*/EdDSA, or the shared
    /// secret for HS*.
    pub key: String,
    /// The JWS algorithm, as OPA names it: `RS256` (OPA's default), `RS384`, `RS512`,
    /// `PS256`…, `ES256`, `ES384`, `EdDSA`, `HS256`….
    pub algorithm: String,
    /// The key id the JWT must name, if any.
    pub key_id: Option<String>,
    /// The scope the JWT's `scope` claim must equal (empty: the claim must be absent or empty).
    pub scope: String,
}

/// Who signed an accepted bundle, from the verified JWT.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Signer {
    /// The JWS algorithm.
    pub algorithm: String,
    /// The key id (header `kid`, else the `keyid` claim), if any.
    pub key_id: Option<String>,
    /// The `iss` claim, if any.
    pub issuer: Option<String>,
    /// The `iat` claim (seconds since the Unix epoch), if any.
    pub issued_at: Option<i64>,
}

#[derive(Deserialize)]
struct SignaturesFile {
    signatures: Vec<String>,
}

#[derive(Deserialize)]
struct FileInfo {
    name: String,
    hash: String,
    algorithm: String,
}

#[derive(Deserialize)]
struct Payload {
    files: Vec<FileInfo>,
    #[serde(default)]
    keyid: Option<String>,
    #[serde(default)]
    scope: Option<String>,
    #[serde(default)]
    iat: Option<i64>,
    #[serde(default)]
    iss: Option<String>,
}

fn sig_err(message: impl Into<String>) -> BundleError {
    BundleError::Signature(message.into())
}

/// Verifies `bundle` against `key` (module docs). Returns the signer on success.
///
/// Errors: [`BundleError::Signature`] for a missing, malformed or invalid signature, a key or
/// scope mismatch, an unsigned, changed or missing file (the message names it).
pub fn verify(bundle: &Bundle, key: &VerifyKey) -> Result<Signer, BundleError> {
    let raw = bundle
        .files
        .get(".signatures.json")
        .ok_or_else(|| sig_err("the bundle has no .signatures.json (it is not signed)"))?;
    let sigs: SignaturesFile = serde_json::from_slice(raw).map_err(|e| {
        sig_err(format!(
            ".signatures.json: expected {{\"signatures\": [\"<JWT>\"]}}: {e}"
        ))
    })?;
    let token = match sigs.signatures.as_slice() {
        [one] => one,
        [] => return Err(sig_err(".signatures.json: no JWT (expected exactly one)")),
        _ => {
            return Err(sig_err(
                ".signatures.json: several JWTs (expected exactly one)",
            ))
        }
    };
    let alg = Algorithm::from_str(&key.algorithm).map_err(|_| {
        BundleError::Key(format!(
            "unknown signing algorithm {:?} (RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384, EdDSA, HS256, HS384, HS512)",
            key.algorithm
        ))
    })?;
    let header = jsonwebtoken::decode_header(token)
        .map_err(|e| sig_err(format!(".signatures.json: not a JWT: {e}")))?;
    if header.alg != alg {
        return Err(sig_err(format!(
            "the JWT is signed with {:?}, the configured key expects {:?}",
            header.alg, alg
        )));
    }
    let decoding = decoding_key(alg, &key.key)?;
    let mut validation = Validation::new(alg);
    validation.required_spec_claims.clear();
    validation.validate_exp = false;
    validation.validate_nbf = false;
    validation.validate_aud = false;
    let data = jsonwebtoken::decode::<Payload>(token, &decoding, &validation).map_err(|e| {
        sig_err(format!(
            "the JWT does not verify with the configured key: {e}"
        ))
    })?;
    let payload = data.claims;
    let kid = header.kid.clone().or(payload.keyid.clone());
    if let (Some(want), Some(got)) = (&key.key_id, &kid) {
        if want != got {
            return Err(sig_err(format!(
                "the JWT names key {got:?}, the configured key is {want:?}"
            )));
        }
    }
    let scope = payload.scope.clone().unwrap_or_default();
    if scope != key.scope {
        return Err(sig_err(format!(
            "scope mismatch: the JWT says {scope:?}, the configuration {:?}",
            key.scope
        )));
    }
    let mut listed: BTreeMap<String, FileInfo> = BTreeMap::new();
    for f in payload.files {
        let name = crate::read::clean_path(&f.name)
            .map_err(|m| sig_err(format!("signed file name {:?}: {m}", f.name)))?;
        listed.insert(name, f);
    }
    for (path, bytes) in &bundle.files {
        if path == ".signatures.json" {
            continue;
        }
        let info = listed
            .remove(path)
            .ok_or_else(|| sig_err(format!("{path}: not included in the bundle signature")))?;
        let got = hash::file_digest(path, bytes, &info.algorithm)?;
        if !got.eq_ignore_ascii_case(&info.hash) {
            return Err(sig_err(format!(
                "{path}: digest mismatch (signed {}, file {got})",
                info.hash
            )));
        }
    }
    if !listed.is_empty() {
        let names: Vec<&str> = listed.keys().map(String::as_str).collect();
        return Err(sig_err(format!(
            "signed but missing from the bundle: {}",
            names.join(", ")
        )));
    }
    Ok(Signer {
        algorithm: key.algorithm.clone(),
        key_id: kid,
        issuer: payload.iss,
        issued_at: payload.iat,
    })
}

fn decoding_key(alg: Algorithm, key: &str) -> Result<DecodingKey, BundleError> {
    let bad = |e: jsonwebtoken::errors::Error| {
        BundleError::Key(format!(
            "the verification key is not a PEM public key for {alg:?}: {e}"
        ))
    };
    Ok(match alg {
        Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512 => {
            DecodingKey::from_secret(key.as_bytes()).map_err(bad)?
        }
        Algorithm::ES256 | Algorithm::ES384 => {
            DecodingKey::from_ec_pem(key.as_bytes()).map_err(bad)?
        }
        Algorithm::EdDSA => DecodingKey::from_ed_pem(key.as_bytes()).map_err(bad)?,
        _ => DecodingKey::from_rsa_pem(key.as_bytes()).map_err(bad)?,
    })
}

/// Signs a bundle's files as `opa sign` does: a `.signatures.json` (returned as bytes) whose
/// one JWT lists every file but `.signatures.json` with its SHA-256 digest
/// ([`hash::file_digest`]), with `kid` in the header and `iss`, `scope`, `iat` claims when
/// given. For tests and for teams that sign without OPA's CLI; `private_pem` is a PKCS#8 PEM
/// private key for RS*/PS*/ES*/EdDSA or the shared secret for HS*.
///
/// Errors: [`BundleError::Key`] for an unknown algorithm or a key that does not fit it.
pub fn sign(
    files: &BTreeMap<String, Vec<u8>>,
    algorithm: &str,
    private_pem: &str,
    key_id: Option<&str>,
    issuer: Option<&str>,
    scope: Option<&str>,
    issued_at: Option<i64>,
) -> Result<Vec<u8>, BundleError> {
    use jsonwebtoken::{EncodingKey, Header};
    let alg = Algorithm::from_str(algorithm)
        .map_err(|_| BundleError::Key(format!("unknown signing algorithm {algorithm:?}")))?;
    let bad = |e: jsonwebtoken::errors::Error| {
        BundleError::Key(format!("the signing key does not fit {alg:?}: {e}"))
    };
    let key = match alg {
        Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512 => {
            EncodingKey::from_secret(private_pem.as_bytes()).map_err(bad)?
        }
        Algorithm::ES256 | Algorithm::ES384 => {
            EncodingKey::from_ec_pem(private_pem.as_bytes()).map_err(bad)?
        }
        Algorithm::EdDSA => EncodingKey::from_ed_pem(private_pem.as_bytes()).map_err(bad)?,
        _ => EncodingKey::from_rsa_pem(private_pem.as_bytes()).map_err(bad)?,
    };
    let mut list = Vec::new();
    for (name, bytes) in files {
        if name == ".signatures.json" {
            continue;
        }
        list.push(serde_json::json!({
            "name": name,
            "hash": hash::file_digest(name, bytes, "SHA-256")?,
            "algorithm": "SHA-256",
        }));
    }
    let mut claims = serde_json::json!({ "files": list });
    if let Some(i) = issuer {
        claims["iss"] = i.into();
    }
    if let Some(s) = scope {
        claims["scope"] = s.into();
    }
    if let Some(t) = issued_at {
        claims["iat"] = t.into();
    }
    let mut header = Header::new(alg);
    header.kid = key_id.map(str::to_string);
    let token = jsonwebtoken::encode(&header, &claims, &key).map_err(bad)?;
    Ok(serde_json::to_vec(&serde_json::json!({ "signatures": [token] })).unwrap_or_default())
}
