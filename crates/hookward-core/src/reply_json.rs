//! Writing a reply's JSON document without copying its largest part (issue 15's peak-RSS bar).
//!
//! A PostToolUse reply that replaces the tool's output carries the whole cleaned output
//! (`hookSpecificOutput.updatedToolOutput`): up to the size of the payload. It was cloned into
//! the reply's map and serialised into a string grown by doubling. Here the map holds a
//! placeholder at that key and the output is serialised from where it lives
//! ([`crate::Response::replace_output`]), into a buffer sized from the document's length
//! ([`len_hint`]), so the reply costs one copy: its text.

use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::{Map, Value};

/// The key of `hookSpecificOutput` whose value a reply may borrow.
pub(crate) const UPDATED_OUTPUT: &str = "updatedToolOutput";

/// The top-level map of a reply, serialised as `serde_json` serialises `Value::Object(top)`,
/// except that `hookSpecificOutput.updatedToolOutput`, when `updated` is given, is `updated`
/// instead of the placeholder the map holds there.
struct Top<'a> {
    top: &'a Map<String, Value>,
    updated: Option<&'a Value>,
}

/// `hookSpecificOutput`'s map with its `updatedToolOutput` replaced (see [`Top`]).
struct Specific<'a> {
    map: &'a Map<String, Value>,
    updated: &'a Value,
}

impl Serialize for Top<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.top.len()))?;
        for (k, v) in self.top {
            match (k.as_str(), v, self.updated) {
                ("hookSpecificOutput", Value::Object(m), Some(updated)) => {
                    map.serialize_entry(k, &Specific { map: m, updated })?;
                }
                _ => map.serialize_entry(k, v)?,
            }
        }
        map.end()
    }
}

impl Serialize for Specific<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.map.len()))?;
        for (k, v) in self.map {
            if k == UPDATED_OUTPUT {
                map.serialize_entry(k, self.updated)?;
            } else {
                map.serialize_entry(k, v)?;
            }
        }
        map.end()
    }
}

/// The JSON text of `top` (with `updated` in its place, see [`Top`]), written once into a
/// buffer of about its length.
pub(crate) fn to_text(top: &Map<String, Value>, updated: Option<&Value>) -> String {
    let hint = top
        .values()
        .map(len_hint)
        .sum::<usize>()
        .saturating_add(updated.map_or(0, len_hint))
        .saturating_add(64);
    let mut buf = Vec::with_capacity(hint);
    // Writing JSON into a Vec fails only on a map key that is not a string, which a
    // `Map<String, _>` cannot hold; an empty reply would be the fail-open answer.
    if serde_json::to_writer(&mut buf, &Top { top, updated }).is_err() {
        return String::new();
    }
    buf.shrink_to_fit();
    // serde_json writes UTF-8 only.
    String::from_utf8(buf).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// About the length of `v`'s JSON text: a little above it for text with the usual few
/// escapes (an eighth of each string is allowed for them), so the buffer is rarely grown; the
/// part not written is never touched (not resident). Iterative.
pub(crate) fn len_hint(v: &Value) -> usize {
    let mut n = 0usize;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        n = n.saturating_add(match v {
            Value::Null | Value::Bool(_) => 5,
            Value::Number(_) => 24,
            Value::String(s) => s.len() + s.len() / 8 + 2,
            Value::Array(a) => {
                stack.extend(a.iter());
                a.len() + 2
            }
            Value::Object(m) => {
                stack.extend(m.values());
                m.keys().map(|k| k.len() + k.len() / 8 + 4).sum::<usize>() + 2
            }
        });
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The borrowed output is written where the placeholder stands, byte for byte as the map
    /// with the value in it.
    #[test]
    fn borrowed_output_is_the_cloned_one() {
        let out =
            json!({"stdout": "a \"b\"\n\tc\u{1}é😀", "stderr": "", "interrupted": false, "n": 1.5});
        let mut specific = Map::new();
        specific.insert("hookEventName".into(), json!("PostToolUse"));
        specific.insert(UPDATED_OUTPUT.into(), Value::Null);
        specific.insert("additionalContext".into(), json!("ctx"));
        let mut top = Map::new();
        top.insert("decision".into(), json!("block"));
        top.insert("hookSpecificOutput".into(), Value::Object(specific.clone()));
        top.insert("systemMessage".into(), json!("m"));
        let mut whole = top.clone();
        whole["hookSpecificOutput"][UPDATED_OUTPUT] = out.clone();
        assert_eq!(
            to_text(&top, Some(&out)),
            Value::Object(whole.clone()).to_string()
        );
        assert_eq!(to_text(&whole, None), Value::Object(whole).to_string());
        assert!(len_hint(&out) >= out.to_string().len());
    }
}
