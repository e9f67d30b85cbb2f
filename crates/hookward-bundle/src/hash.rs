//! File digests as OPA computes them for `.signatures.json`
//! (<https://www.openpolicyagent.org/docs/management-bundles#signature-format>; OPA's
//! `v1/bundle/hash.go`).
//!
//! - An unstructured file (`*.rego`, anything else) is hashed as its bytes.
//! - A structured file (`data.json`, `.manifest`, `patch.json`, `.signatures.json`) is parsed and
//!   hashed in a canonical form, so whitespace and key order do not matter: an object is `{`,
//!   then for each key in byte order the key as a JSON string, `:`, the value's form, `,`
//!   between items, `}`; an array likewise with `[`/`]`; a string is re-encoded as Go's
//!   `encoding/json` does with HTML escaping off (`\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other
//!   control characters and U+2028/U+2029 as `\u00XX`/`\u2028`); a number keeps its literal
//!   text (OPA decodes with `UseNumber`); `true`, `false`, `null` as such.
//!
//! Algorithms: SHA-224, SHA-256, SHA-384, SHA-512 (names as OPA writes them, `SHA-256`).
//! OPA also accepts MD5 and SHA-1; hookward refuses them (a forged file with the same digest is
//! practical for both), which is the one place it is stricter than OPA.

use crate::BundleError;
use sha2::{Digest, Sha224, Sha256, Sha384, Sha512};
use std::collections::BTreeMap;

/// Whether OPA treats `path` (a bundle path) as a structured document.
pub fn is_structured(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path);
    matches!(
        base,
        "data.json" | ".manifest" | "patch.json" | ".signatures.json"
    )
}

/// The hex digest of `bytes` (the file at bundle path `path`) with `algorithm`, as OPA
/// computes it (module docs).
///
/// Errors: [`BundleError::Format`] for an algorithm hookward does not accept or a structured
/// file that is not valid JSON.
pub fn file_digest(path: &str, bytes: &[u8], algorithm: &str) -> Result<String, BundleError> {
    let mut input = Vec::new();
    let data: &[u8] = if is_structured(path) {
        let text = std::str::from_utf8(bytes).map_err(|e| BundleError::Format {
            what: path.to_string(),
            message: format!("not UTF-8: {e}"),
        })?;
        let value = Parser::new(text)
            .document()
            .map_err(|message| BundleError::Format {
                what: path.to_string(),
                message: format!("not valid JSON: {message}"),
            })?;
        canonical(&value, &mut input);
        &input
    } else {
        bytes
    };
    let digest = match algorithm {
        "SHA-224" => Sha224::digest(data).to_vec(),
        "SHA-256" => Sha256::digest(data).to_vec(),
        "SHA-384" => Sha384::digest(data).to_vec(),
        "SHA-512" => Sha512::digest(data).to_vec(),
        other => {
            return Err(BundleError::Format {
                what: path.to_string(),
                message: format!(
                    "hashing algorithm {other:?} is not accepted (SHA-224, SHA-256, SHA-384 or SHA-512)"
                ),
            })
        }
    };
    Ok(hex(&digest))
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A JSON value with number literals kept as written.
#[derive(Debug, Clone, PartialEq)]
enum Json {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Json>),
    Object(BTreeMap<String, Json>),
}

fn canonical(v: &Json, out: &mut Vec<u8>) {
    match v {
        Json::Null => out.extend_from_slice(b"null"),
        Json::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        Json::Number(n) => out.extend_from_slice(n.as_bytes()),
        Json::String(s) => go_string(s, out),
        Json::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                canonical(item, out);
            }
            out.push(b']');
        }
        Json::Object(map) => {
            out.push(b'{');
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                go_string(k, out);
                out.push(b':');
                canonical(item, out);
            }
            out.push(b'}');
        }
    }
}

/// A string as Go's `encoding/json` writes it with `SetEscapeHTML(false)` (Go ≥ 1.22).
fn go_string(s: &str, out: &mut Vec<u8>) {
    out.push(b'"');
    for c in s.chars() {
        match c {
            '"' => out.extend_from_slice(b"\\\""),
            '\\' => out.extend_from_slice(b"\\\\"),
            '\u{8}' => out.extend_from_slice(b"\\b"),
            '\u{c}' => out.extend_from_slice(b"\\f"),
            '\n' => out.extend_from_slice(b"\\n"),
            '\r' => out.extend_from_slice(b"\\r"),
            '\t' => out.extend_from_slice(b"\\t"),
            c if (c as u32) < 0x20 => {
                out.extend_from_slice(format!("\\u{:04x}", c as u32).as_bytes())
            }
            '\u{2028}' => out.extend_from_slice(b"\\u2028"),
            '\u{2029}' => out.extend_from_slice(b"\\u2029"),
            c => {
                let mut buf = [0u8; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out.push(b'"');
}

/// A small strict JSON parser (RFC 8259) that keeps number literals; nesting is bounded.
struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: usize,
}

const MAX_DEPTH: usize = 256;

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Parser {
            s: text.as_bytes(),
            i: 0,
            depth: 0,
        }
    }

    fn document(mut self) -> Result<Json, String> {
        // A UTF-8 byte order mark is allowed before the document, as Go's decoder does not;
        // OPA strips it when it reads bundle files.
        if self.s.starts_with(&[0xEF, 0xBB, 0xBF]) {
            self.i = 3;
        }
        let v = self.value()?;
        self.ws();
        if self.i != self.s.len() {
            return Err(format!("unexpected data at byte {}", self.i));
        }
        Ok(v)
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        self.ws();
        match self.s.get(self.i) {
            None => Err("unexpected end".into()),
            Some(b'{') => self.nested(|p| p.object()),
            Some(b'[') => self.nested(|p| p.array()),
            Some(b'"') => Ok(Json::String(self.string()?)),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(c) => Err(format!("unexpected {:?} at byte {}", *c as char, self.i)),
        }
    }

    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Json, String>,
    ) -> Result<Json, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("nested deeper than {MAX_DEPTH}"));
        }
        let v = f(self);
        self.depth -= 1;
        v
    }

    fn literal(&mut self, word: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(word.as_bytes()) {
            self.i += word.len();
            Ok(v)
        } else {
            Err(format!("invalid literal at byte {}", self.i))
        }
    }

    fn number(&mut self) -> Result<Json, String> {
        let start = self.i;
        if self.s.get(self.i) == Some(&b'-') {
            self.i += 1;
        }
        match self.s.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(format!("invalid number at byte {start}")),
        }
        if self.s.get(self.i) == Some(&b'.') {
            self.i += 1;
            if !matches!(self.s.get(self.i), Some(b'0'..=b'9')) {
                return Err(format!("invalid number at byte {start}"));
            }
            self.digits();
        }
        if let Some(b'e' | b'E') = self.s.get(self.i) {
            self.i += 1;
            if let Some(b'+' | b'-') = self.s.get(self.i) {
                self.i += 1;
            }
            if !matches!(self.s.get(self.i), Some(b'0'..=b'9')) {
                return Err(format!("invalid number at byte {start}"));
            }
            self.digits();
        }
        // The slice is ASCII by construction.
        Ok(Json::Number(
            String::from_utf8_lossy(&self.s[start..self.i]).into_owned(),
        ))
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let h = self
            .s
            .get(self.i..self.i + 4)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| format!("invalid \\u escape at byte {}", self.i))?;
        self.i += 4;
        Ok(h)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while let Some(&b) = self.s.get(self.i) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.push_str(std::str::from_utf8(&self.s[start..self.i]).map_err(|e| e.to_string())?);
            match self.s.get(self.i) {
                None => return Err("unterminated string".into()),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let esc = *self.s.get(self.i).ok_or("unterminated string")?;
                    self.i += 1;
                    match esc {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let c = if (0xD800..0xDC00).contains(&hi)
                                && self.s[self.i..].starts_with(b"\\u")
                            {
                                let save = self.i;
                                self.i += 2;
                                let lo = self.hex4()?;
                                if (0xDC00..0xE000).contains(&lo) {
                                    char::from_u32(0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00))
                                } else {
                                    self.i = save;
                                    None
                                }
                            } else {
                                char::from_u32(hi)
                            };
                            // A lone surrogate decodes to U+FFFD, as in Go.
                            out.push(c.unwrap_or('\u{FFFD}'));
                        }
                        other => {
                            return Err(format!(
                                "invalid escape \\{} at byte {}",
                                other as char,
                                self.i - 1
                            ))
                        }
                    }
                }
                Some(_) => return Err(format!("control character in string at byte {}", self.i)),
            }
        }
    }

    fn array(&mut self) -> Result<Json, String> {
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.s.get(self.i) == Some(&b']') {
            self.i += 1;
            return Ok(Json::Array(items));
        }
        loop {
            items.push(self.value()?);
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Json::Array(items));
                }
                _ => return Err(format!("expected , or ] at byte {}", self.i)),
            }
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.i += 1;
        let mut map = BTreeMap::new();
        self.ws();
        if self.s.get(self.i) == Some(&b'}') {
            self.i += 1;
            return Ok(Json::Object(map));
        }
        loop {
            self.ws();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(format!("expected a key at byte {}", self.i));
            }
            let k = self.string()?;
            self.ws();
            if self.s.get(self.i) != Some(&b':') {
                return Err(format!("expected : at byte {}", self.i));
            }
            self.i += 1;
            let v = self.value()?;
            // A repeated key keeps its last value, as Go's decoder into a map does.
            map.insert(k, v);
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(Json::Object(map));
                }
                _ => return Err(format!("expected , or }} at byte {}", self.i)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(text: &str) -> String {
        let v = Parser::new(text).document().unwrap();
        let mut out = Vec::new();
        canonical(&v, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn canonical_form_sorts_keys_drops_space_and_keeps_number_text() {
        assert_eq!(
            canon("{ \"b\": [1.50, -0, 2e10], \"a\": {\"y\": null, \"x\": true} }"),
            r#"{"a":{"x":true,"y":null},"b":[1.50,-0,2e10]}"#
        );
        // Whitespace and key order do not change the digest of a structured file.
        let a = file_digest("data.json", br#"{"a": 1, "b": "x"}"#, "SHA-256").unwrap();
        let b = file_digest("data.json", b"{\n  \"b\":\"x\",\n  \"a\":1\n}\n", "SHA-256").unwrap();
        assert_eq!(a, b);
        // An unstructured file is hashed as its bytes.
        let r1 = file_digest("p.rego", b"package x\n", "SHA-256").unwrap();
        let r2 = file_digest("p.rego", b"package x \n", "SHA-256").unwrap();
        assert_ne!(r1, r2);
    }

    #[test]
    fn strings_are_written_as_go_writes_them() {
        assert_eq!(
            canon(r#""a\"b\\c\/d\u0001\n\u2028<>&é\ud83d\ude00""#),
            "\"a\\\"b\\\\c/d\\u0001\\n\\u2028<>&é😀\""
        );
    }

    #[test]
    fn known_digest_of_the_canonical_form() {
        // sha256 of the bytes `{"a":1}` (computed independently with `printf '{"a":1}' | sha256sum`).
        assert_eq!(
            file_digest(".manifest", b"{ \"a\" : 1 }", "SHA-256").unwrap(),
            "015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862"
        );
    }

    #[test]
    fn weak_or_unknown_algorithms_and_bad_json_are_errors() {
        assert!(file_digest("x.rego", b"", "MD5").is_err());
        assert!(file_digest("x.rego", b"", "SHA-1").is_err());
        assert!(file_digest("data.json", b"{", "SHA-256").is_err());
        assert!(file_digest("data.json", b"{} x", "SHA-256").is_err());
        let deep = "[".repeat(MAX_DEPTH + 1) + &"]".repeat(MAX_DEPTH + 1);
        assert!(file_digest("data.json", deep.as_bytes(), "SHA-256").is_err());
    }
}
