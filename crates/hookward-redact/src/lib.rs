//! Removes secrets from text and JSON before hookward stores or shows anything.
//!
//! Every tool call hookward records (commands, file contents, web pages, MCP results) can carry
//! credentials: an `export OPENAI_API_KEY=…`, a `curl -H 'Authorization: Bearer …'`, a
//! `postgres://app:hunter2@db/prod` URL, a pasted private key. This crate replaces each secret
//! with a placeholder `[REDACTED:<kind>]` and leaves every other byte as it was.
//!
//! - [`redact_str`] redacts a string; clean text comes back borrowed, without a copy.
//! - [`redact_json`] redacts every string of a JSON value in place, and hides the whole value of
//!   any member whose key looks secret (`"api_key": "…"`).
//! - [`find_secrets`] reports where the secrets are (for detectors that report findings).
//! - [`is_secret_name`] is the test used for variable, flag and key names.
//!
//! ```
//! use hookward_redact::{redact_json, redact_str};
//!
//! let cmd = "OPENAI_API_KEY=sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t curl -u x https://app:hunter2@db.example/x";
//! assert_eq!(
//!     redact_str(cmd),
//!     "OPENAI_API_KEY=[REDACTED:openai] curl -u x https://app:[REDACTED:url-password]@db.example/x",
//! );
//! assert!(matches!(redact_str("cargo test -p hookward-redact"), std::borrow::Cow::Borrowed(_)));
//!
//! let mut v = serde_json::json!({"env": {"DB_PASSWORD": "hunter2"}, "max_tokens": 4096});
//! redact_json(&mut v);
//! assert_eq!(v, serde_json::json!({"env": {"DB_PASSWORD": "[REDACTED:secret-var]"}, "max_tokens": 4096}));
//! ```
//!
//! # Kinds
//! [`KINDS`] lists them: `pem` (private key blocks), provider keys (`anthropic`, `openai`,
//! `github`, `slack`, `aws-access-key`, `google`, `gitlab`, `npm`, `huggingface`, `stripe`),
//! `aws-secret-key`, `bearer` (Authorization headers and bearer tokens), `url-password` (only
//! the password of `scheme://user:password@host` and of `curl -u user:password`) and
//! `secret-var` (the value of a variable, flag or key whose name looks secret, see
//! [`is_secret_name`]). The source of each shape (the provider's documented token format and
//! the matching gitleaks rule id) is written next to it in `src/rules.rs`.
//!
//! # Guarantees
//! - Text outside the reported spans is byte-identical.
//! - Idempotent: `redact_str(&redact_str(s)) == redact_str(s)`. Placeholders already in the
//!   input are never redacted again; a span that overlaps one is redacted around it.
//! - Overlapping spans (a key inside `TOKEN=…`) merge into one placeholder, labelled with the
//!   most specific kind (the order of [`KINDS`]).
//! - Never panics, needs no initialisation and cannot fail.
//!
//! # Cost
//! A hook process redacts once and exits, so set-up cost counts as much as speed. Compiling the
//! equivalent regexes took 3–5 ms per process (measured), so the shapes are hand-written
//! matchers instead (each documented with the regex it implements): one pass over the bytes
//! looks for trigger literals through a compile-time bitmap of their first two bytes, and only
//! around a trigger does a matcher look further. Clean text costs that one pass and no
//! allocation. `cargo run --release -p hookward-redact --example redact_cost` measures it; the
//! figures are in that example's header.
#![deny(missing_docs)]

pub mod names;
#[cfg(test)]
mod reference_tests;
mod rules;
mod value;

use serde_json::Value;
use std::borrow::Cow;

pub use names::is_secret_name;

/// Every kind a placeholder can name, most specific first (the order used to label merged
/// spans). The placeholder for kind `k` is `[REDACTED:k]`.
pub const KINDS: &[&str] = rules::KINDS;

/// The kinds of [`KINDS`] that are a live credential by their shape alone: vendor token
/// formats, cloud access keys and private keys (every kind before `bearer`). Left out:
/// `bearer`, `url-password` and `secret-var`, whose values in documentation are mostly
/// placeholders (`API_KEY=your-key-here`).
pub const LIVE_KINDS: &[&str] = rules::KINDS.split_at(rules::LIVE_COUNT).0;

/// One secret found in a string: its kind (one of [`KINDS`]) and its byte range.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecretSpan {
    /// The kind, as written in the placeholder (`openai`, `secret-var`, …).
    pub kind: &'static str,
    /// Byte offset where the secret starts (inclusive); always on a `char` boundary.
    pub start: usize,
    /// Byte offset where the secret ends (exclusive); always on a `char` boundary.
    pub end: usize,
}

/// Byte ranges of the `[REDACTED:<kind>]` placeholders already in `s` (`kind` = `[a-z0-9-]+`).
fn placeholders(s: &str) -> Vec<(usize, usize)> {
    const OPEN: &str = "[REDACTED:";
    s.match_indices(OPEN)
        .filter_map(|(i, _)| {
            let rest = s.get(i + OPEN.len()..)?;
            let n = rest
                .bytes()
                .take_while(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || *b == b'-')
                .count();
            (n > 0 && rest.as_bytes().get(n) == Some(&b']')).then_some((i, i + OPEN.len() + n + 1))
        })
        .collect()
}

/// Where the secrets in `s` are, sorted by position, non-overlapping and never touching each
/// other or an existing `[REDACTED:…]` placeholder (those are left out of the spans).
///
/// This is one pass of [`redact_str`], which repeats passes until nothing changes; in rare,
/// contrived inputs (see there) `redact_str` hides slightly more than these spans.
///
/// Spans found by several rules are merged; the merged span takes the kind of the most
/// specific rule (order of [`KINDS`]). Clean text returns an empty vector after one pass.
///
/// ```
/// let s = "token: ghp_0123456789abcdefghijABCDEFGHIJ012345";
/// let spans = hookward_redact::find_secrets(s);
/// assert_eq!(spans.len(), 1);
/// assert_eq!(spans[0].kind, "github");
/// assert_eq!(&s[spans[0].start..spans[0].end], "ghp_0123456789abcdefghijABCDEFGHIJ012345");
/// ```
pub fn find_secrets(s: &str) -> Vec<SecretSpan> {
    if s.is_empty() {
        return Vec::new();
    }
    let mut cands = rules::candidates(s);
    if cands.is_empty() {
        return Vec::new();
    }
    cands.sort_unstable();
    // Merge overlapping or touching candidates; the merged span keeps the most specific kind.
    let mut clusters: Vec<(usize, usize, usize)> = Vec::with_capacity(cands.len());
    for rules::Cand {
        start: a,
        end: b,
        kind: i,
    } in cands
    {
        match clusters.last_mut() {
            Some(last) if a <= last.1 => {
                last.1 = last.1.max(b);
                last.2 = last.2.min(i);
            }
            _ => clusters.push((a, b, i)),
        }
    }
    // Cut existing placeholders out of the clusters (idempotence), drop blank leftovers.
    let placeholders = placeholders(s);
    let mut out = Vec::with_capacity(clusters.len());
    for (a, b, i) in clusters {
        let kind = KINDS.get(i).copied().unwrap_or("secret");
        let mut pos = a;
        for &(pa, pb) in placeholders.iter().filter(|(pa, pb)| *pb > a && *pa < b) {
            push_piece(s, &mut out, kind, pos, pa.max(a));
            pos = pos.max(pb);
        }
        push_piece(s, &mut out, kind, pos, b);
    }
    out
}

fn push_piece(s: &str, out: &mut Vec<SecretSpan>, kind: &'static str, a: usize, b: usize) {
    if a >= b {
        return;
    }
    match s.get(a..b) {
        Some(text) if text.trim().is_empty() => {}
        Some(_) => out.push(SecretSpan {
            kind,
            start: a,
            end: b,
        }),
        // Not on char boundaries (cannot happen: every rule ends on ASCII); widen, never leak.
        None => {
            let mut a = a;
            let mut b = b.min(s.len());
            while !s.is_char_boundary(a) {
                a -= 1;
            }
            while !s.is_char_boundary(b) {
                b += 1;
            }
            out.push(SecretSpan {
                kind,
                start: a,
                end: b,
            });
        }
    }
}

/// `s` with every secret replaced by `[REDACTED:<kind>]`.
///
/// Returns [`Cow::Borrowed`] when nothing was found (the common case, no allocation) and
/// [`Cow::Owned`] otherwise. Non-secret text is byte-identical; the function is idempotent and
/// never panics (see the crate docs, "Guarantees").
///
/// ```
/// use hookward_redact::redact_str;
/// assert_eq!(
///     redact_str("curl -H 'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.Zm9v' https://api.example"),
///     "curl -H 'Authorization: Bearer [REDACTED:bearer]' https://api.example",
/// );
/// assert_eq!(redact_str("git show 3f2c1a9e8b7d6c5f4e3a2b1c0d9e8f7a6b5c4d3e"),
///            "git show 3f2c1a9e8b7d6c5f4e3a2b1c0d9e8f7a6b5c4d3e");
/// ```
pub fn redact_str(s: &str) -> Cow<'_, str> {
    let Some(mut out) = redact_once(s) else {
        return Cow::Borrowed(s);
    };
    // A rule's match can run across a placeholder written by the first pass into text that the
    // original secret had kept it from (e.g. a curl `-u a:` password followed by a PEM header).
    // Repeat until nothing changes, so the result is a fixed point (idempotence). Each pass that
    // changes anything replaces non-placeholder text with placeholders, so this terminates; in
    // practice the second pass finds nothing.
    for _ in 1..MAX_PASSES {
        match redact_once(&out) {
            Some(next) => out = next,
            None => break,
        }
    }
    Cow::Owned(out)
}

/// Upper bound on redaction passes (see [`redact_str`]); real text needs two.
const MAX_PASSES: usize = 8;

/// One pass: `None` when there is nothing to redact.
fn redact_once(s: &str) -> Option<String> {
    let spans = find_secrets(s);
    if spans.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(s.len() + 16 * spans.len());
    let mut last = 0;
    for sp in &spans {
        out.push_str(s.get(last..sp.start).unwrap_or(""));
        out.push_str("[REDACTED:");
        out.push_str(sp.kind);
        out.push(']');
        last = sp.end;
    }
    out.push_str(s.get(last..).unwrap_or(""));
    Some(out)
}

/// Redacts a JSON value in place: every string (at any depth, object keys included) goes through
/// [`redact_str`], and a member whose key satisfies [`is_secret_name`] has its whole string value
/// replaced by `[REDACTED:secret-var]` — unless that value cannot be a secret (empty, a `$VAR`
/// reference, `true`/`null`-like, already a placeholder). Numbers, booleans and nulls are kept;
/// key order is kept. Idempotent, never panics.
///
/// ```
/// let mut v = serde_json::json!({
///     "command": "export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345",
///     "headers": {"Authorization": "hunter2hunter2", "token_type": "Bearer"},
/// });
/// hookward_redact::redact_json(&mut v);
/// assert_eq!(v["command"], "export GITHUB_TOKEN=[REDACTED:github]");
/// assert_eq!(v["headers"]["Authorization"], "[REDACTED:secret-var]");
/// assert_eq!(v["headers"]["token_type"], "Bearer");
/// ```
pub fn redact_json(v: &mut Value) {
    match v {
        Value::String(s) => {
            if let Cow::Owned(o) = redact_str(s) {
                *s = o;
            }
        }
        Value::Array(items) => items.iter_mut().for_each(redact_json),
        Value::Object(map) => {
            if map.keys().any(|k| !find_secrets(k).is_empty()) {
                let old = std::mem::take(map);
                for (k, val) in old {
                    map.insert(redact_str(&k).into_owned(), val);
                }
            }
            for (k, val) in map.iter_mut() {
                match val {
                    Value::String(s) if is_secret_name(k) && value::plausible(s) => {
                        *s = String::from("[REDACTED:secret-var]");
                    }
                    other => redact_json(other),
                }
            }
        }
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_found_exactly() {
        let s = "a [REDACTED:github] b [REDACTED:] [REDACTED:X] [REDACTED:aws-secret-key]";
        let p = placeholders(s);
        let texts: Vec<&str> = p.iter().map(|&(a, b)| &s[a..b]).collect();
        assert_eq!(texts, ["[REDACTED:github]", "[REDACTED:aws-secret-key]"]);
    }

    #[test]
    fn clean_text_has_no_candidates() {
        assert!(rules::candidates("cargo test -p hookward-redact && git status").is_empty());
    }
}

#[cfg(test)]
mod live_kinds_tests {
    #[test]
    fn live_kinds_are_every_kind_before_bearer() {
        assert_eq!(super::LIVE_KINDS.last(), Some(&"age"));
        assert_eq!(super::KINDS[super::LIVE_KINDS.len()], "bearer");
        assert!(!super::LIVE_KINDS.contains(&"secret-var"));
    }
}
