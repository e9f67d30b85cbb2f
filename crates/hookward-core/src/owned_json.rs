//! [`json_lossy_owned`]: a payload given away by its reader, parsed without holding its large
//! strings twice (issue 15's peak-RSS bar).
//!
//! `serde_json` parses a string with escapes (every tool output with a newline has them) into
//! a scratch buffer and then copies it into the `Value`: a 10 MB `tool_response.stdout` was
//! held three times at the parse, as payload bytes, as scratch and as the `Value`'s string
//! (debug main 2df28a3 under massif: 38.1 MB of heap for a 10.1 MiB payload; BENCHMARKS.md,
//! "h-mem15"). Here every string literal of at least [`BIG_STRING_BYTES`] is taken out of the
//! text before the parse: the rest of the document (with a marker string in each one's place)
//! is parsed by `serde_json` as before, each large literal is checked against the JSON string
//! grammar exactly as `serde_json` checks it, and unescaped on its own — the largest one in
//! place, inside the payload's own buffer, which then becomes its `String`. Whenever anything
//! is out of the ordinary (a literal `serde_json` would refuse, a document that does not parse,
//! a marker that is not found exactly once) nothing has been changed yet and the payload is
//! parsed the usual way ([`crate::wire::json_lossy_noted`]), so the result is always the
//! `Value` `serde_json` gives, and errors and repairs are the usual ones.

use crate::wire::{json_lossy_noted, Repairs};
use serde_json::Value;

/// String literals with at least this many bytes between their quotes (64 KiB) are taken out
/// of the payload before it is parsed; smaller ones are left to `serde_json`.
pub const BIG_STRING_BYTES: usize = 64 << 10;

/// The text every taken-out literal is replaced with in the document `serde_json` parses,
/// followed by its number: a NUL (`\u0000` in JSON), then this. A payload holding the same
/// text is recognised (a marker found more than once) and parsed the usual way.
const MARKER: &str = "\u{0}hookward:big-string:";

/// Parses the payload in `bytes`, which the caller gives away, as [`json_lossy_noted`] does,
/// with the same result: `Ok` with the same value and repairs, `Err` with the same error.
///
/// When it parsed and `accept` holds for the value, `bytes` is left holding only the payload's
/// first `keep` bytes (what a caller still wants of the raw text: the hook's panic path reads
/// 64 KiB); the rest of its memory either became the largest string of the value or was freed.
/// Otherwise (an error, or `accept` says no: the caller will read the raw text) `bytes` is
/// unchanged. `accept` sees the value before its large strings are filled in: it may look at
/// the place and type of any value, not at the text of a string of [`BIG_STRING_BYTES`] or
/// more.
///
/// Memory: a payload whose large strings are valid JSON literals is held once (its largest
/// string in the payload's own buffer, the other large ones copied out first); otherwise the
/// usual parse, which holds the payload and its parsed copy (and `serde_json`'s scratch) at
/// once. Time: one pass to find the literals (`memchr`), one to check each large literal, one
/// to unescape it, instead of `serde_json`'s scan, copy and UTF-8 check.
///
/// Errors: the JSON syntax error of [`json_lossy_noted`].
pub fn json_lossy_owned(
    bytes: &mut Vec<u8>,
    keep: usize,
    accept: &dyn Fn(&Value) -> bool,
) -> Result<(Value, Repairs), serde_json::Error> {
    if let Some(value) = parse_big(bytes, keep, accept) {
        return Ok((value, Repairs::default()));
    }
    let parsed = json_lossy_noted(bytes)?;
    if bytes.len() > keep && accept(&parsed.0) {
        bytes.truncate(keep);
        bytes.shrink_to_fit();
    }
    Ok(parsed)
}

/// One large string literal of the payload: the offsets of its opening and closing quote, and
/// the length of its text once unescaped.
#[derive(Debug, Clone, Copy)]
struct Literal {
    open: usize,
    close: usize,
    unescaped: usize,
}

/// The fast path of [`json_lossy_owned`]: `None`, with `bytes` untouched, when the payload has
/// no large literal, anything is out of the ordinary (see the module docs) or `accept` says no.
fn parse_big(bytes: &mut Vec<u8>, keep: usize, accept: &dyn Fn(&Value) -> bool) -> Option<Value> {
    if bytes.len() < BIG_STRING_BYTES {
        return None;
    }
    let mut literals = Vec::new();
    for (open, close) in string_literals(bytes) {
        if close - open > BIG_STRING_BYTES {
            let unescaped = checked_len(&bytes[open + 1..close])?;
            literals.push(Literal {
                open,
                close,
                unescaped,
            });
        }
    }
    if literals.is_empty() {
        return None;
    }
    let mut rest = Vec::with_capacity(
        bytes.len() - literals.iter().map(|l| l.close - l.open).sum::<usize>()
            + literals.len() * (MARKER.len() + 32),
    );
    let mut from = 0;
    for (i, l) in literals.iter().enumerate() {
        rest.extend_from_slice(&bytes[from..l.open]);
        rest.extend_from_slice(b"\"\\u0000");
        rest.extend_from_slice(&MARKER.as_bytes()[1..]);
        rest.extend_from_slice(i.to_string().as_bytes());
        rest.push(b'"');
        from = l.close + 1;
    }
    rest.extend_from_slice(&bytes[from..]);
    let mut value: Value = serde_json::from_slice(&rest).ok()?;
    drop(rest);
    let mut seen = vec![0usize; literals.len()];
    visit_markers(&mut value, &mut |i, _| {
        if let Some(n) = seen.get_mut(i) {
            *n += 1;
        }
    });
    if seen.iter().any(|&n| n != 1) || !accept(&value) {
        return None;
    }
    // From here on the payload's buffer is rewritten: nothing below can fail.
    let head = bytes[..keep.min(bytes.len())].to_vec();
    let largest = (0..literals.len())
        .max_by_key(|&i| literals[i].unescaped)
        .unwrap_or(0);
    let mut strings: Vec<Option<String>> = literals
        .iter()
        .enumerate()
        .map(|(i, l)| {
            if i == largest {
                return None;
            }
            let mut out = Vec::with_capacity(l.unescaped);
            unescape_into(&bytes[l.open + 1..l.close], &mut out);
            Some(bytes_to_string(out))
        })
        .collect();
    let l = literals[largest];
    let n = unescape_in_place(bytes, l.open + 1, l.close);
    bytes.truncate(n);
    bytes.shrink_to_fit();
    strings[largest] = Some(bytes_to_string(std::mem::replace(bytes, head)));
    visit_markers(&mut value, &mut |i, slot| {
        if let Some(s) = strings.get_mut(i).and_then(Option::take) {
            *slot = Value::String(s);
        }
    });
    Some(value)
}

/// Bytes checked as UTF-8 by [`checked_len`] as a `String`. The check was made on the raw
/// literal (escapes are ASCII and decode to whole characters, so the text is valid exactly
/// when the raw literal is); should it fail all the same, invalid sequences become U+FFFD
/// rather than a panic.
fn bytes_to_string(b: Vec<u8>) -> String {
    String::from_utf8(b).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The string literals of a JSON text, as the offsets of their opening and closing quotes, in
/// order. Outside a literal a quote opens one; inside, a backslash escapes the next byte and a
/// quote closes it. In a valid document these are exactly its string tokens (keys included);
/// in an invalid one the document with the literals replaced is invalid too. An unterminated
/// literal ends the list.
fn string_literals(b: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'"', b.get(i..).unwrap_or(&[])) {
        let open = i + k;
        let mut j = open + 1;
        let close = loop {
            let Some(k) = memchr::memchr2(b'"', b'\\', b.get(j..).unwrap_or(&[])) else {
                return out;
            };
            if b[j + k] == b'\\' {
                j += k + 2;
            } else {
                break j + k;
            }
        };
        out.push((open, close));
        i = close + 1;
    }
    out
}

/// The length of the text of the raw literal `raw` (between its quotes) once unescaped, or
/// `None` where `serde_json` refuses it: invalid UTF-8, a control character (U+0000–U+001F)
/// unescaped, an unknown escape, a `\u` without four hex digits, a lone surrogate (a low one,
/// or a high one not followed by `\u` and a low one).
fn checked_len(raw: &[u8]) -> Option<usize> {
    if raw.iter().any(|&c| c < 0x20) || std::str::from_utf8(raw).is_err() {
        return None;
    }
    let mut len = raw.len();
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'\\', raw.get(i..).unwrap_or(&[])) {
        let at = i + k;
        match raw.get(at + 1)? {
            b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => {
                len -= 1;
                i = at + 2;
            }
            b'u' => {
                let (c, used) = unicode_escape(raw, at)?;
                len -= used - c.len_utf8();
                i = at + used;
            }
            _ => return None,
        }
    }
    Some(len)
}

/// The character of the `\u` escape at `raw[at..]` (a surrogate pair takes two) and how many
/// bytes it takes (6 or 12); `None` for a lone surrogate or missing hex digits.
fn unicode_escape(raw: &[u8], at: usize) -> Option<(char, usize)> {
    let n = hex4(raw, at + 2)?;
    match n {
        0xDC00..=0xDFFF => None,
        0xD800..=0xDBFF => {
            if raw.get(at + 6) != Some(&b'\\') || raw.get(at + 7) != Some(&b'u') {
                return None;
            }
            let low = hex4(raw, at + 8)?;
            if !(0xDC00..=0xDFFF).contains(&low) {
                return None;
            }
            let c = 0x1_0000 + ((u32::from(n) - 0xD800) << 10) + (u32::from(low) - 0xDC00);
            Some((char::from_u32(c)?, 12))
        }
        _ => Some((char::from_u32(u32::from(n))?, 6)),
    }
}

/// Four hex digits at `raw[at..at + 4]`, either case.
fn hex4(raw: &[u8], at: usize) -> Option<u16> {
    let digits = raw.get(at..at + 4)?;
    let mut n = 0u16;
    for &d in digits {
        n = n * 16 + char::from(d).to_digit(16)? as u16;
    }
    Some(n)
}

/// The byte a one-letter escape (`\n`…) stands for; `u` is handled apart.
fn simple_escape(c: u8) -> u8 {
    match c {
        b'b' => 0x08,
        b'f' => 0x0C,
        b'n' => b'\n',
        b'r' => b'\r',
        b't' => b'\t',
        other => other, // `"`, `\`, `/`
    }
}

/// Appends the unescaped text of the raw literal `raw` (checked by [`checked_len`]) to `out`.
fn unescape_into(raw: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while let Some(k) = memchr::memchr(b'\\', raw.get(i..).unwrap_or(&[])) {
        let at = i + k;
        out.extend_from_slice(&raw[i..at]);
        match raw.get(at + 1) {
            Some(b'u') => match unicode_escape(raw, at) {
                Some((c, used)) => {
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                    i = at + used;
                }
                None => i = raw.len(), // not reached: checked
            },
            Some(&c) => {
                out.push(simple_escape(c));
                i = at + 2;
            }
            None => i = raw.len(),
        }
    }
    out.extend_from_slice(raw.get(i..).unwrap_or(&[]));
}

/// Unescapes the literal `buf[start..end]` (checked by [`checked_len`]) to the front of `buf`,
/// returning its length. Every escape is at least as long as what it stands for and
/// `start` ≥ 1, so what is written never overtakes what is still to be read.
fn unescape_in_place(buf: &mut [u8], start: usize, end: usize) -> usize {
    let mut w = 0;
    let mut r = start;
    while let Some(k) = memchr::memchr(b'\\', buf.get(r..end).unwrap_or(&[])) {
        let at = r + k;
        buf.copy_within(r..at, w);
        w += at - r;
        match buf.get(at + 1).copied() {
            Some(b'u') => match unicode_escape(&buf[..end], at) {
                Some((c, used)) => {
                    let mut tmp = [0u8; 4];
                    let s = c.encode_utf8(&mut tmp).as_bytes();
                    buf[w..w + s.len()].copy_from_slice(s);
                    w += s.len();
                    r = at + used;
                }
                None => r = end, // not reached: checked
            },
            Some(c) => {
                buf[w] = simple_escape(c);
                w += 1;
                r = at + 2;
            }
            None => r = end,
        }
    }
    buf.copy_within(r..end, w);
    w + (end - r)
}

/// Calls `f(i, slot)` for every string value of `value` that is marker `i` (not for object
/// keys). Iterative: any depth `serde_json` accepts is walked without recursion.
fn visit_markers(value: &mut Value, f: &mut dyn FnMut(usize, &mut Value)) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Value::String(s) => {
                if let Some(i) = s.strip_prefix(MARKER).and_then(|n| n.parse().ok()) {
                    f(i, v);
                }
            }
            Value::Array(a) => stack.extend(a.iter_mut()),
            Value::Object(m) => stack.extend(m.values_mut()),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both ways of parsing `doc`: the usual one and [`json_lossy_owned`], with what the latter
    /// leaves in the buffer.
    fn both(doc: &[u8], keep: usize) {
        let usual = json_lossy_noted(doc);
        let mut buf = doc.to_vec();
        let owned = json_lossy_owned(&mut buf, keep, &|_| true);
        let mut kept = doc.to_vec();
        let refused = json_lossy_owned(&mut kept, keep, &|_| false);
        match (usual, owned) {
            (Ok((a, ra)), Ok((b, rb))) => {
                assert_eq!(a, b, "values differ");
                assert_eq!(ra, rb, "repairs differ");
                assert_eq!(buf, doc[..keep.min(doc.len())], "head kept");
                assert_eq!(refused.ok(), Some((a, ra)), "same value when not accepted");
                assert_eq!(kept, doc, "buffer unchanged when not accepted");
            }
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string());
                assert_eq!(buf, doc, "buffer unchanged on an error");
            }
            (a, b) => panic!("one parsed, the other did not: {a:?} / {b:?}"),
        }
    }

    /// Whether the fast path took `doc` (the large literals parsed apart).
    fn fast(doc: &[u8]) -> bool {
        parse_big(&mut doc.to_vec(), 16, &|_| true).is_some()
    }

    fn big(unit: &str) -> String {
        unit.repeat(BIG_STRING_BYTES / unit.len() + 3)
    }

    fn payload(text_json: &str) -> Vec<u8> {
        format!(
            r#"{{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{{"command":"x"}},"tool_response":{{"stdout":{text_json},"stderr":"","interrupted":false}}}}"#
        )
        .into_bytes()
    }

    #[test]
    fn large_strings_give_the_usual_value() {
        let lines = serde_json::to_string(&big("line \"one\"\tand\\two/ é 😀 \u{1}\n")).unwrap();
        both(&payload(&lines), 1 << 16);
        both(&payload(&lines), 10);
        let plain = serde_json::to_string(&big("abc ")).unwrap();
        both(&payload(&plain), 1 << 16);
        // escapes as other encoders write them: \u for everything, upper-case hex, \/
        let mut escaped = String::from("\"");
        for _ in 0..(BIG_STRING_BYTES / 20 + 1) {
            escaped.push_str(r"\u00E9\uD83D\uDE00\/\b\f\r\u0041");
        }
        escaped.push('"');
        both(&payload(&escaped), 100);
        assert!(fast(&payload(&lines)) && fast(&payload(&plain)) && fast(&payload(&escaped)));
    }

    /// Random texts of characters JSON escapes or that are multi-byte, written by serde_json
    /// and by hand with every escape spelled `\u`, at several lengths around the threshold.
    #[test]
    fn random_texts_give_the_usual_value() {
        const ALPHABET: &[char] = &[
            'a',
            'Z',
            ' ',
            '\n',
            '\t',
            '"',
            '\\',
            '/',
            '\u{0}',
            '\u{1f}',
            '\u{7f}',
            'é',
            '€',
            '\u{2028}',
            '😀',
            '\u{fffd}',
            '\u{10ffff}',
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..12 {
            let len = BIG_STRING_BYTES / 4 + (next() % (BIG_STRING_BYTES as u64 / 2)) as usize;
            let text: String = (0..len)
                .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
                .collect();
            let by_serde = serde_json::to_string(&text).unwrap();
            let mut by_hand = String::from("\"");
            for c in text.chars() {
                match c {
                    'a' | 'Z' | ' ' | '/' => by_hand.push(c),
                    c => {
                        let mut units = [0u16; 2];
                        for u in c.encode_utf16(&mut units) {
                            by_hand.push_str(&format!("\\u{u:04X}"));
                        }
                    }
                }
            }
            by_hand.push('"');
            for lit in [&by_serde, &by_hand] {
                let doc = payload(lit);
                both(&doc, round * 1000);
                assert_eq!(fast(&doc), lit.len() - 2 >= BIG_STRING_BYTES);
            }
        }
    }

    #[test]
    fn several_large_strings_and_a_large_key() {
        let a = serde_json::to_string(&big("first\n")).unwrap();
        let b = serde_json::to_string(&big("second, longer\n")).unwrap();
        let doc = format!(r#"{{"x":[{a},{b},{{"k":{a}}}],{b}:1,"y":{b}}}"#);
        both(doc.as_bytes(), 1 << 16);
        // the same large literal as a key only
        let doc = format!(r#"{{{a}:1}}"#);
        both(doc.as_bytes(), 1 << 16);
        // duplicate keys: the last one wins, the marker of the first is gone
        let doc = format!(r#"{{"k":{a},"k":{b}}}"#);
        both(doc.as_bytes(), 1 << 16);
    }

    #[test]
    fn what_serde_json_refuses_goes_the_usual_way() {
        let body = big("text ");
        for bad in [
            format!("\"{body}\\ud83d\""),        // lone high surrogate: repaired
            format!("\"{body}\\udc00\""),        // lone low surrogate: repaired
            format!("\"{body}\\ud83d\\u0041\""), // high then not low
            format!("\"{body}\\x\""),            // unknown escape
            format!("\"{body}\\u12\""),          // short \u
            format!("\"{body}\u{1}\""),          // raw control character
            format!("\"{body}\\"),               // unterminated
            format!("\"{body}\"]"),              // broken document
        ] {
            both(&payload(&bad), 1 << 16);
            assert!(!fast(&payload(&bad)));
        }
        let mut invalid = payload(&format!("\"{body}\""));
        let at = invalid.len() / 2;
        invalid[at] = 0xFF; // invalid UTF-8: repaired
        both(&invalid, 1 << 16);
        // a payload that holds a marker itself
        let marker = serde_json::to_string(&format!("{MARKER}0")).unwrap();
        let doc = format!(r#"{{"a":"{body}","b":{marker}}}"#);
        both(doc.as_bytes(), 1 << 16);
        // nesting past serde_json's limit around a large string: repaired
        let deep = format!("{}\"{body}\"{}", "[".repeat(200), "]".repeat(200));
        both(deep.as_bytes(), 1 << 16);
    }

    #[test]
    fn small_payloads_and_top_level_strings() {
        both(br#"{"a":"b\nc"}"#, 1 << 16);
        let s = serde_json::to_string(&big("top level\n")).unwrap();
        both(s.as_bytes(), 1 << 16);
        both(s.as_bytes(), 0);
    }

    #[test]
    fn in_place_unescape_matches_the_copy() {
        let raw = br#"a\nb\u00e9\ud83d\ude00c\\\"d"#;
        let mut copy = Vec::new();
        unescape_into(raw, &mut copy);
        let mut buf = b"\"".to_vec();
        buf.extend_from_slice(raw);
        let n = unescape_in_place(&mut buf, 1, raw.len() + 1);
        assert_eq!(&buf[..n], &copy[..]);
        assert_eq!(String::from_utf8(copy).unwrap(), "a\nbé😀c\\\"d");
        assert_eq!(checked_len(raw), Some(n));
    }
}
