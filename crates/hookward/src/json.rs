//! The `--json` documents: one envelope and the ids people see.
//!
//! **Envelope.** Every document a `--json` command prints is a JSON object whose first key is
//! `"schema_version"` ([`SCHEMA_VERSION`]). A command whose data is a list prints
//! `{"schema_version": 1, "items": [...]}` ([`doc`]); one whose data is a record prints the
//! record's keys beside `schema_version`. The line-per-record outputs (`scan --jsonl`,
//! `export --format jsonl`) carry `schema_version` on every line. The version changes when a
//! key is renamed or removed or its type changes; added keys keep it.
//!
//! **Ids.** Records are named in JSON exactly as the text output and every command names them:
//! decisions `"D42"`, health events `"E12"`, changes `"C3"`, findings `"F7"`, audit entries `"A7"`, lessons `"L1"` (the store's row
//! ids are numbers; they never reach JSON bare). Version ids stay numbers: people see them as
//! `version 4`. Every command that takes an id accepts both `C3` and `3`.

use crate::util::CliResult;
use serde_json::{Map, Value};
use std::process::ExitCode;

/// The version of every `--json` document's shape (README, "JSON output").
pub const SCHEMA_VERSION: u64 = 1;

/// A score (an `f32` in 0..=1) as JSON with the digits it has as an `f32` (`0.918`), not the
/// binary expansion a widening to `f64` writes (`0.9179999828338623`); a non-finite score is
/// `null`.
pub fn score(x: f32) -> Value {
    format!("{x}")
        .parse::<f64>()
        .ok()
        .and_then(serde_json::Number::from_f64)
        .map_or(Value::Null, Value::Number)
}

#[cfg(test)]
mod score_tests {
    #[test]
    fn scores_keep_their_f32_digits() {
        assert_eq!(super::score(0.918_f32).to_string(), "0.918");
        assert_eq!(super::score(1.0).to_string(), "1.0");
        assert_eq!(super::score(f32::NAN), serde_json::Value::Null);
    }
}

/// The shown id of a record: `prefix` and the row id (`'C'`, 12 → `"C12"`).
pub fn shown_id(prefix: char, id: i64) -> String {
    format!("{prefix}{id}")
}

/// `v` in the envelope: an object gets `schema_version` as its first key (an existing one is
/// replaced), a list becomes `{"schema_version": 1, "items": v}`, anything else
/// `{"schema_version": 1, "value": v}`.
pub fn doc(v: Value) -> Value {
    let mut out = Map::new();
    out.insert("schema_version".into(), SCHEMA_VERSION.into());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                if k != "schema_version" {
                    out.insert(k, x);
                }
            }
        }
        list @ Value::Array(_) => {
            out.insert("items".into(), list);
        }
        other => {
            out.insert("value".into(), other);
        }
    }
    Value::Object(out)
}

/// Prints `v` in the envelope ([`doc`]) as pretty JSON; exit 0.
pub fn print(v: Value) -> CliResult {
    print_with(v, ExitCode::SUCCESS)
}

/// Prints `v` in the envelope ([`doc`]) as pretty JSON and returns `code`.
pub fn print_with(v: Value, code: ExitCode) -> CliResult {
    outln!("{}", pretty(v)?);
    Ok(code)
}

/// `v` in the envelope as pretty JSON text.
pub fn pretty(v: Value) -> Result<String, String> {
    serde_json::to_string_pretty(&doc(v)).map_err(|e| e.to_string())
}

/// `v` in the envelope as one line of JSON (the JSONL outputs).
pub fn line(v: Value) -> Result<String, String> {
    serde_json::to_string(&doc(v)).map_err(|e| e.to_string())
}

/// Replaces the number at `v[key]` by its shown id (`prefix` + number); a null or absent key
/// stays as it is.
pub fn set_id(v: &mut Value, key: &str, prefix: char) {
    if let Some(slot) = v.get_mut(key) {
        if let Some(n) = slot.as_i64() {
            *slot = shown_id(prefix, n).into();
        }
    }
}

/// Any serialisable value as JSON (`null` if it cannot be: the types printed here are all
/// plain data, so this does not happen).
fn value<T: serde::Serialize>(t: &T) -> Value {
    serde_json::to_value(t).unwrap_or_default()
}

/// A decision row: `id` is `"D42"`.
pub fn decision(r: &hookward_store::DecisionRow) -> Value {
    let mut v = value(r);
    set_id(&mut v, "id", 'D');
    v
}

/// An audit log entry: `id` is `"A7"`.
pub fn audit_entry(e: &hookward_store::AuditEntry) -> Value {
    let mut v = value(e);
    set_id(&mut v, "id", 'A');
    v
}

/// A health event row: `id` is `"E12"`.
pub fn health_event(r: &hookward_store::HealthRow) -> Value {
    let mut v = value(r);
    set_id(&mut v, "id", 'E');
    v
}

/// A finding: `id` is `"F7"`, `change_id` `"C3"`.
pub fn finding(f: &hookward_store::FindingRow) -> Value {
    let mut v = value(f);
    set_id(&mut v, "id", 'F');
    set_id(&mut v, "change_id", 'C');
    v
}

/// A change with its findings: `id` is `"C3"`, plus `what` (`added`, `modified`, `removed`) and
/// `findings` ([`finding`]).
pub fn change(c: &hookward_store::ChangeRow, findings: &[hookward_store::FindingRow]) -> Value {
    let mut v = value(c);
    set_id(&mut v, "id", 'C');
    v["what"] = crate::context::what(c).into();
    v["findings"] = findings.iter().map(finding).collect::<Vec<_>>().into();
    v
}

/// A restore plan: `change_id` is `"C3"` (or null for a checkpoint restore).
pub fn plan(p: &hookward_context::restore::Plan) -> Value {
    let mut v = value(p);
    set_id(&mut v, "change_id", 'C');
    v
}

/// A restore's outcome (also each entry of `recovered`): `change_id` and `new_change_id` are
/// `"C…"`.
pub fn outcome(o: &hookward_context::restore::Outcome) -> Value {
    let mut v = value(o);
    set_id(&mut v, "change_id", 'C');
    set_id(&mut v, "new_change_id", 'C');
    v
}

/// A list of outcomes ([`outcome`]).
pub fn outcomes(os: &[hookward_context::restore::Outcome]) -> Value {
    os.iter().map(outcome).collect::<Vec<_>>().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_are_wrapped_and_objects_lead_with_the_version() {
        assert_eq!(
            doc(json!([1, 2])),
            json!({"schema_version": 1, "items": [1, 2]})
        );
        let d = doc(json!({"b": 1, "schema_version": 9, "a": 2}));
        assert_eq!(d, json!({"schema_version": 1, "b": 1, "a": 2}));
        assert_eq!(
            d.as_object().and_then(|m| m.keys().next().cloned()),
            Some("schema_version".to_string())
        );
    }

    #[test]
    fn ids_become_shown_ids_and_nulls_stay() {
        let mut v = json!({"id": 4, "change_id": null});
        set_id(&mut v, "id", 'F');
        set_id(&mut v, "change_id", 'C');
        assert_eq!(v, json!({"id": "F4", "change_id": null}));
    }
}
