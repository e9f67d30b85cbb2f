//! Reading a settings file into a JSON object, locating fields in its text, and writing it back.

use std::fmt;
use std::io;
use std::path::Path;

use serde_json::{Map, Value};

use crate::error::{InstallError, SyntaxKind};

/// One step of a JSON path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Seg {
    Key(String),
    Index(usize),
}

/// A JSON path such as `hooks.PreToolUse[1].hooks`, used in error messages.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct JsonPath(pub(crate) Vec<Seg>);

impl JsonPath {
    pub(crate) fn key(&self, key: &str) -> JsonPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Key(key.to_owned()));
        JsonPath(segs)
    }

    pub(crate) fn index(&self, index: usize) -> JsonPath {
        let mut segs = self.0.clone();
        segs.push(Seg::Index(index));
        JsonPath(segs)
    }
}

impl fmt::Display for JsonPath {
    /// Keys made of ASCII letters, digits, `_` and `-` are written `a.b`; any other key is
    /// written as a quoted JSON string in brackets, `hooks["odd.key"]`. The empty path (the
    /// document itself) is the empty string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, seg) in self.0.iter().enumerate() {
            match seg {
                Seg::Key(k)
                    if !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') =>
                {
                    if i > 0 {
                        f.write_str(".")?;
                    }
                    f.write_str(k)?;
                }
                Seg::Key(k) => write!(f, "[{}]", Value::String(k.clone()))?,
                Seg::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// A settings file as read from disk.
#[derive(Debug, Clone)]
pub(crate) struct Document {
    /// The file's text; `None` when the file does not exist.
    pub(crate) text: Option<String>,
    /// The parsed top-level object (empty for an absent or blank file).
    pub(crate) root: Map<String, Value>,
}

/// Reads `path`; `Ok(None)` when it does not exist.
pub(crate) fn read_bytes(path: &Path) -> Result<Option<Vec<u8>>, InstallError> {
    match std::fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(source) => Err(InstallError::Io {
            path: path.to_path_buf(),
            action: "read",
            source,
        }),
    }
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads and parses the settings file at `path`. A missing file, or one holding only
/// whitespace, is an empty object. With `jsonc`, `//` and `/* */` comments are accepted (Gemini
/// CLI and Cursor read their settings as JSON with comments); trailing commas never are.
pub(crate) fn load(path: &Path, jsonc: bool) -> Result<Document, InstallError> {
    match read_bytes(path)? {
        None => Ok(Document {
            text: None,
            root: Map::new(),
        }),
        Some(bytes) => {
            let (text, root) = parse(path, &bytes, jsonc)?;
            Ok(Document {
                text: Some(text),
                root,
            })
        }
    }
}

/// Decodes and parses settings bytes into their text and top-level object.
pub(crate) fn parse(
    path: &Path,
    bytes: &[u8],
    jsonc: bool,
) -> Result<(String, Map<String, Value>), InstallError> {
    if let Some(rest) = bytes.strip_prefix(BOM) {
        return Err(InstallError::ByteOrderMark {
            path: path.to_path_buf(),
            after_bom: parse(path, rest, jsonc).err().map(Box::new),
        });
    }
    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let offset = e.valid_up_to();
            let valid = String::from_utf8_lossy(bytes.get(..offset).unwrap_or_default());
            let (line, column) = line_column(&valid, valid.len());
            return Err(InstallError::InvalidUtf8 {
                path: path.to_path_buf(),
                line,
                column,
                offset,
            });
        }
    };
    if text.trim().is_empty() {
        return Ok((text.to_owned(), Map::new()));
    }
    let value: Value = match serde_json::from_str(text) {
        Ok(value) => value,
        Err(e) => {
            let strict = syntax_error(path, text, &e);
            match strict {
                InstallError::Syntax {
                    kind: SyntaxKind::Comment,
                    ..
                } if jsonc => parse_jsonc(path, text)?,
                other => return Err(other),
            }
        }
    };
    match value {
        Value::Object(root) => Ok((text.to_owned(), root)),
        other => {
            let (line, column) = locate(text, &[]).map_or((None, None), |at| {
                let (l, c) = line_column(text, at);
                (Some(l), Some(c))
            });
            Err(InstallError::Shape {
                path: path.to_path_buf(),
                field: JsonPath::default().to_string(),
                line,
                column,
                expected: "a JSON object (`{ ... }`)",
                found: type_name(&other),
            })
        }
    }
}

/// The options for JSON with comments: comments allowed, every other extension (trailing
/// commas, single quotes, bare keys, hex numbers…) refused, as Gemini CLI's reader
/// (comments stripped, then `JSON.parse`) would.
fn jsonc_options() -> jsonc_parser::ParseOptions {
    jsonc_parser::ParseOptions {
        allow_comments: true,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// Parses JSON with comments into a value, or a [`InstallError::Syntax`] at the error's line
/// and column.
fn parse_jsonc(path: &Path, text: &str) -> Result<Value, InstallError> {
    let syntax =
        |line: usize, column: usize, message: String, kind: SyntaxKind| InstallError::Syntax {
            path: path.to_path_buf(),
            line,
            column,
            message,
            kind,
        };
    let root = jsonc_parser::cst::CstRootNode::parse(text, &jsonc_options()).map_err(|e| {
        let kind = match e.kind() {
            jsonc_parser::errors::ParseErrorKind::TrailingCommasNotAllowed => {
                SyntaxKind::TrailingComma
            }
            jsonc_parser::errors::ParseErrorKind::UnterminatedObject
            | jsonc_parser::errors::ParseErrorKind::UnterminatedArray
            | jsonc_parser::errors::ParseErrorKind::UnterminatedCommentBlock => {
                SyntaxKind::Truncated
            }
            _ => SyntaxKind::Other,
        };
        let (line, column) = line_column(text, e.range().start);
        syntax(line, column, e.kind().to_string(), kind)
    })?;
    root.to_serde_value().ok_or_else(|| {
        syntax(
            1,
            1,
            "the file holds comments but no JSON value".to_owned(),
            SyntaxKind::Truncated,
        )
    })
}

/// Rewrites `text` (valid JSON, with comments when the format allows them) from `old` to
/// `new` by editing only what differs: removed keys and array elements are cut out with their
/// separators, changed scalars are replaced, new keys and elements are inserted at their
/// position in `new` using the file's own indentation and newline style. Comments, key order,
/// whitespace and every untouched byte stay as they were.
///
/// Returns `None` when the file cannot be edited this way (for example a key repeated in one
/// object) or when the edited text would not parse back to exactly `new`; the caller then
/// falls back or refuses.
pub(crate) fn edit_in_place(
    text: &str,
    old: &Map<String, Value>,
    new: &Map<String, Value>,
) -> Option<String> {
    use jsonc_parser::cst::CstRootNode;
    let root = CstRootNode::parse(text, &jsonc_options()).ok()?;
    let object = root.object_value()?;
    edit::object(&object, old, new)?;
    let out = root.to_string();
    let check = CstRootNode::parse(&out, &jsonc_options())
        .ok()?
        .to_serde_value()?;
    let Value::Object(check) = check else {
        return None;
    };
    let same_order = check.keys().eq(new.keys());
    (check == *new && same_order).then_some(out)
}

/// The structural edits behind [`edit_in_place`].
mod edit {
    use jsonc_parser::cst::{CstArray, CstInputValue, CstNode, CstObject};
    use serde_json::{Map, Value};

    /// A serde value as CST input (numbers keep their JSON text, keys their order).
    pub(super) fn input(value: &Value) -> CstInputValue {
        match value {
            Value::Null => CstInputValue::Null,
            Value::Bool(b) => CstInputValue::Bool(*b),
            Value::Number(n) => CstInputValue::Number(n.to_string()),
            Value::String(s) => CstInputValue::String(s.clone()),
            Value::Array(a) => CstInputValue::Array(a.iter().map(input).collect()),
            Value::Object(o) => {
                CstInputValue::Object(o.iter().map(|(k, v)| (k.clone(), input(v))).collect())
            }
        }
    }

    /// Edits `object` (whose value is `old`) into `new`.
    pub(super) fn object(
        object: &CstObject,
        old: &Map<String, Value>,
        new: &Map<String, Value>,
    ) -> Option<()> {
        let props = object.properties();
        if props.len() != old.len() {
            // A repeated key: which occurrence counts is ambiguous, do not guess.
            return None;
        }
        for prop in props {
            let name = prop.decoded_name()?;
            match (old.get(&name), new.get(&name)) {
                (Some(_), None) => prop.remove(),
                (Some(o), Some(n)) if o != n => match (prop.value()?, o, n) {
                    (node, Value::Object(o), Value::Object(n)) => {
                        object_node(&node, o, n)?;
                    }
                    (node, Value::Array(o), Value::Array(n)) => {
                        array(&node.as_array()?, o, n)?;
                    }
                    (_, _, n) => prop.set_value(input(n)),
                },
                (Some(_), Some(_)) => {}
                (None, _) => return None,
            }
        }
        // Kept keys are already in `new`'s order, so an added key goes at its index in `new`.
        for (index, (key, value)) in new.iter().enumerate() {
            if !old.contains_key(key) {
                object.insert(index, key, input(value));
            }
        }
        Some(())
    }

    fn object_node(
        node: &CstNode,
        old: &Map<String, Value>,
        new: &Map<String, Value>,
    ) -> Option<()> {
        object(&node.as_object()?, old, new)
    }

    /// Edits `array` (whose value is `old`) into `new`: elements are matched by a diff of
    /// their values, so kept elements are not touched; a changed element in place is edited
    /// recursively when both sides are objects or arrays, else replaced.
    pub(super) fn array(array: &CstArray, old: &[Value], new: &[Value]) -> Option<()> {
        use similar::{capture_diff_slices, Algorithm, DiffOp};
        if array.elements().len() != old.len() {
            return None;
        }
        let key = |v: &Value| serde_json::to_string(v).unwrap_or_default();
        let old_keys: Vec<String> = old.iter().map(key).collect();
        let new_keys: Vec<String> = new.iter().map(key).collect();
        let ops = capture_diff_slices(Algorithm::Myers, &old_keys, &new_keys);
        let removes = ops.iter().any(|op| {
            matches!(op, DiffOp::Delete { .. })
                || matches!(op, DiffOp::Replace { old_len, new_len, .. } if old_len > new_len)
        });
        // From the end, so the positions of earlier elements stay valid.
        for op in ops.iter().rev() {
            match *op {
                DiffOp::Equal { .. } => {}
                DiffOp::Delete {
                    old_index, old_len, ..
                } => remove(array, old_index, old_len)?,
                DiffOp::Insert {
                    old_index,
                    new_index,
                    new_len,
                } => insert(array, old_index, new.get(new_index..new_index + new_len)?),
                DiffOp::Replace {
                    old_index,
                    old_len,
                    new_index,
                    new_len,
                } => {
                    let paired = old_len.min(new_len);
                    insert(
                        array,
                        old_index + old_len,
                        new.get(new_index + paired..new_index + new_len)?,
                    );
                    remove(array, old_index + paired, old_len - paired)?;
                    for j in (0..paired).rev() {
                        let node = array.elements().get(old_index + j)?.clone();
                        let (o, n) = (old.get(old_index + j)?, new.get(new_index + j)?);
                        match (o, n) {
                            (Value::Object(o), Value::Object(n)) => object_node(&node, o, n)?,
                            (Value::Array(o), Value::Array(n)) => {
                                self::array(&node.as_array()?, o, n)?
                            }
                            (_, n) => {
                                remove(array, old_index + j, 1)?;
                                array.insert(old_index + j, input(n));
                            }
                        }
                    }
                }
            }
        }
        if removes {
            close_on_one_line(array);
        }
        Some(())
    }

    /// After elements were removed: when what is left of the array sits on the line of its
    /// `[` (an inline array that an insert had opened onto several lines, newcomer finding 8),
    /// the line break and indentation before its `]` go, and the `]` gets the spacing the `[`
    /// has after it, so install then uninstall gives the original bytes back.
    fn close_on_one_line(array: &CstArray) {
        let children = array.children();
        let Some(close) = children.iter().rposition(|c| c.token_char() == Some(']')) else {
            return;
        };
        let tail_start = children[..close]
            .iter()
            .rposition(|c| !(c.is_whitespace() || c.is_newline()))
            .map_or(0, |i| i + 1);
        let tail = &children[tail_start..close];
        if !tail.iter().any(|c| c.is_newline()) {
            return;
        }
        let head = &children[..tail_start];
        let open = head.iter().position(|c| c.token_char() == Some('['));
        let (Some(open), false) = (open, head.iter().any(|c| c.is_newline() || c.is_comment()))
        else {
            return;
        };
        if array.elements().is_empty() {
            return;
        }
        // The spacing after `[` on its line (`[ {` → one space before `]`).
        let after_open = head
            .get(open + 1)
            .and_then(|c| c.as_whitespace())
            .map(|w| w.value());
        let mut kept_one = false;
        for c in tail.iter().cloned() {
            match (&after_open, c.as_whitespace()) {
                (Some(space), Some(w)) if !kept_one => {
                    w.set_value(space.clone());
                    kept_one = true;
                }
                _ => c.remove(),
            }
        }
    }

    fn remove(array: &CstArray, at: usize, len: usize) -> Option<()> {
        for _ in 0..len {
            array.elements().get(at)?.clone().remove();
        }
        Some(())
    }

    fn insert(array: &CstArray, at: usize, values: &[Value]) {
        for (i, v) in values.iter().enumerate() {
            array.insert(at + i, input(v));
        }
    }
}

fn syntax_error(path: &Path, text: &str, e: &serde_json::Error) -> InstallError {
    let full = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_owned();
    let kind = if e.classify() == serde_json::error::Category::Eof {
        SyntaxKind::Truncated
    } else if message.starts_with("trailing comma") {
        SyntaxKind::TrailingComma
    } else if char_at(text, e.line(), e.column()) == Some('/') {
        SyntaxKind::Comment
    } else {
        SyntaxKind::Other
    };
    InstallError::Syntax {
        path: path.to_path_buf(),
        line: e.line(),
        column: e.column(),
        message,
        kind,
    }
}

/// The character at serde_json's (1-based line, byte column) position: serde_json reports the
/// column of the byte it just consumed, so that is byte `column - 1` of the line.
fn char_at(text: &str, line: usize, column: usize) -> Option<char> {
    let line_text = text.split('\n').nth(line.checked_sub(1)?)?;
    line_text.get(column.checked_sub(1)?..)?.chars().next()
}

/// 1-based (line, column in characters) of byte offset `at` in `text`.
pub(crate) fn line_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// The JSON type of a value, with an article, for messages.
pub(crate) fn type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Builds a [`InstallError::Shape`] for `field`, locating it (or its deepest existing parent)
/// in `text`.
pub(crate) fn shape_error(
    path: &Path,
    text: Option<&str>,
    field: &JsonPath,
    expected: &'static str,
    found: &'static str,
) -> InstallError {
    let (line, column) = text
        .and_then(|t| {
            (0..=field.0.len())
                .rev()
                .find_map(|n| field.0.get(..n).and_then(|segs| locate(t, segs)))
                .map(|at| line_column(t, at))
        })
        .map_or((None, None), |(l, c)| (Some(l), Some(c)));
    InstallError::Shape {
        path: path.to_path_buf(),
        field: field.to_string(),
        line,
        column,
        expected,
        found,
    }
}

/// Byte offset of the value at `segs` in `text` (which must be valid JSON), or `None` when the
/// path does not exist. For a key repeated in one object the last occurrence wins, as it does
/// in `serde_json`'s parse.
pub(crate) fn locate(text: &str, segs: &[Seg]) -> Option<usize> {
    let mut s = Scanner {
        b: text.as_bytes(),
        i: 0,
    };
    s.ws();
    for seg in segs {
        match seg {
            Seg::Key(key) => {
                if s.peek()? != b'{' {
                    return None;
                }
                s.i += 1;
                let mut found = None;
                loop {
                    s.ws();
                    match s.peek()? {
                        b'}' => break,
                        b',' => {
                            s.i += 1;
                            continue;
                        }
                        _ => {}
                    }
                    let k_start = s.i;
                    s.string()?;
                    let k: String = serde_json::from_str(text.get(k_start..s.i)?).ok()?;
                    s.ws();
                    if s.peek()? != b':' {
                        return None;
                    }
                    s.i += 1;
                    s.ws();
                    if k == *key {
                        found = Some(s.i);
                    }
                    s.value()?;
                }
                s.i = found?;
            }
            Seg::Index(n) => {
                if s.peek()? != b'[' {
                    return None;
                }
                s.i += 1;
                let mut index = 0;
                loop {
                    s.ws();
                    match s.peek()? {
                        b']' => return None,
                        b',' => {
                            s.i += 1;
                            continue;
                        }
                        _ => {}
                    }
                    if index == *n {
                        break;
                    }
                    s.value()?;
                    index += 1;
                }
            }
        }
    }
    Some(s.i)
}

/// A byte scanner over text already known to be valid JSON.
struct Scanner<'a> {
    b: &'a [u8],
    i: usize,
}

impl Scanner<'_> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    /// Skips whitespace and `//` or `/* */` comments (JSON with comments).
    fn ws(&mut self) {
        loop {
            match (self.peek(), self.b.get(self.i + 1)) {
                (Some(b' ' | b'\t' | b'\n' | b'\r'), _) => self.i += 1,
                (Some(b'/'), Some(b'/')) => {
                    while !matches!(self.peek(), None | Some(b'\n')) {
                        self.i += 1;
                    }
                }
                (Some(b'/'), Some(b'*')) => {
                    self.i += 2;
                    while self.i < self.b.len() && !self.b[self.i..].starts_with(b"*/") {
                        self.i += 1;
                    }
                    self.i = (self.i + 2).min(self.b.len());
                }
                _ => return,
            }
        }
    }

    /// Skips a string starting at the current `"`.
    fn string(&mut self) -> Option<()> {
        if self.peek()? != b'"' {
            return None;
        }
        self.i += 1;
        loop {
            match self.peek()? {
                b'"' => {
                    self.i += 1;
                    return Some(());
                }
                b'\\' => self.i += 2,
                _ => self.i += 1,
            }
        }
    }

    /// Skips one value of any type.
    fn value(&mut self) -> Option<()> {
        match self.peek()? {
            b'"' => self.string(),
            open @ (b'{' | b'[') => {
                let close = if open == b'{' { b'}' } else { b']' };
                self.i += 1;
                loop {
                    self.ws();
                    let c = self.peek()?;
                    if c == close {
                        self.i += 1;
                        return Some(());
                    }
                    match c {
                        b',' | b':' => self.i += 1,
                        _ => self.value()?,
                    }
                }
            }
            _ => {
                // Number, true, false, null.
                while !matches!(
                    self.peek(),
                    None | Some(b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                ) {
                    self.i += 1;
                }
                Some(())
            }
        }
    }
}

/// The indentation unit of `text`: the leading whitespace of the first indented line, when it
/// is made only of spaces or only of tabs (what editors and `JSON.stringify(v, null, n)`
/// produce); otherwise two spaces, the form Claude Code itself writes.
pub(crate) fn detect_indent(text: Option<&str>) -> String {
    let default = "  ".to_owned();
    let Some(text) = text else { return default };
    for line in text.lines().skip(1) {
        let trimmed = line.trim_start_matches([' ', '\t']);
        if trimmed.is_empty() {
            continue;
        }
        let indent = line.get(..line.len() - trimmed.len()).unwrap_or_default();
        let uniform = indent.bytes().all(|b| b == b' ') || indent.bytes().all(|b| b == b'\t');
        return if !indent.is_empty() && uniform {
            indent.to_owned()
        } else {
            default
        };
    }
    default
}

/// Pretty-prints `root` with `indent` per level and a trailing newline.
pub(crate) fn render(root: &Map<String, Value>, indent: &str) -> String {
    use serde::Serialize;
    let mut out = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(indent.as_bytes());
    let mut ser = serde_json::Serializer::with_formatter(&mut out, formatter);
    // Serialising a `Map<String, Value>` into a `Vec` cannot fail: keys are strings and
    // writing to memory does not error.
    if root.serialize(&mut ser).is_err() {
        out.clear();
    }
    let mut text = String::from_utf8(out).unwrap_or_default();
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn k(s: &str) -> Seg {
        Seg::Key(s.to_owned())
    }

    #[test]
    fn paths_render_like_the_brief() {
        let p = JsonPath::default()
            .key("hooks")
            .key("PreToolUse")
            .index(1)
            .key("hooks");
        assert_eq!(p.to_string(), "hooks.PreToolUse[1].hooks");
        assert_eq!(
            JsonPath::default().key("a.b").index(0).to_string(),
            "[\"a.b\"][0]"
        );
        assert_eq!(JsonPath::default().to_string(), "");
    }

    #[test]
    fn locates_nested_values() {
        let text =
            "{\n  \"a\": 1,\n  \"hooks\": {\"E\": [ {\"x\": \"}\"}, {\"hooks\": \"s\"} ]}\n}";
        let at = locate(text, &[k("hooks"), k("E"), Seg::Index(1), k("hooks")]).unwrap();
        assert_eq!(&text[at..at + 3], "\"s\"");
        assert_eq!(line_column(text, at), (3, 42));
        assert_eq!(locate(text, &[k("hooks"), k("E"), Seg::Index(2)]), None);
        assert_eq!(locate(text, &[k("nope")]), None);
        assert_eq!(locate(text, &[k("a"), k("b")]), None);
        // Last duplicate wins, as in serde_json.
        let dup = r#"{"a": 1, "a": [true]}"#;
        assert_eq!(locate(dup, &[k("a")]), Some(14));
        // Escaped keys are decoded before comparison.
        let esc = r#"{"h\u006foks": 5}"#;
        assert_eq!(locate(esc, &[k("hooks")]), Some(15));
    }

    #[test]
    fn indent_detection() {
        assert_eq!(detect_indent(None), "  ");
        assert_eq!(detect_indent(Some("{\"a\":1}")), "  ");
        assert_eq!(detect_indent(Some("{\n    \"a\": 1\n}")), "    ");
        assert_eq!(detect_indent(Some("{\n\t\"a\": 1\n}")), "\t");
        assert_eq!(detect_indent(Some("{\n \"a\": 1\n}")), " ");
        assert_eq!(detect_indent(Some("{\n \t\"a\": 1\n}")), "  ");
    }
}
