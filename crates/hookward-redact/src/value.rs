//! Finds the value that follows a secret-looking name (`TOKEN=<value>`, `"api_key": <value>`,
//! `password: <value>`, `--token <value>`) and decides whether it can be a secret at all.

/// How the value was introduced; decides where an unquoted value ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ValueStyle {
    /// `NAME=value`: an unquoted value is one shell word.
    Assign,
    /// `"name": value` or `'name: value'`: one word, also ended by `,`, `}` and `]`.
    Colon,
    /// `name: value` at the start of a line (YAML, HTTP header): the rest of the line, up to a
    /// ` #` comment; `|` / `>` starts a block scalar whose indented lines are the value.
    Line,
    /// `--name value`: one shell word that does not start with `-`.
    Flag,
}

/// Byte range (absolute, in `hay`) of the value that starts at `at`, or `None` when there is
/// no value or it cannot be a secret (empty, `$VAR`, `${VAR}`, `%VAR%`, `true`/`false`/`null`,
/// an object or array, a function call, a type annotation, another flag).
/// `indent` is the indentation of the key for [`ValueStyle::Line`] block scalars.
pub(crate) fn parse(
    hay: &str,
    at: usize,
    style: ValueStyle,
    indent: usize,
) -> Option<(usize, usize)> {
    let rest = hay.get(at..)?;
    if style == ValueStyle::Assign && rest.starts_with('=') {
        return None; // `token == "x"` is a comparison
    }
    let (a, b) = if let Some((a, b)) = quoted(rest) {
        (a, b)
    } else {
        let b = match style {
            ValueStyle::Assign | ValueStyle::Flag => word_end(rest, b""),
            ValueStyle::Colon => word_end(rest, b",}]"),
            ValueStyle::Line => {
                let v = line_value(rest);
                if is_block_scalar_indicator(v) {
                    let (a, b) = block_scalar(rest, indent)?;
                    return plausible(rest.get(a..b)?).then_some((at + a, at + b));
                }
                if is_type_annotation(v) {
                    // `password: str = "hunter2"`: only a quoted default is a value.
                    let eq = v.find('=')?;
                    let after = v.get(eq + 1..)?;
                    let lead = after.len() - after.trim_start().len();
                    let (qa, qb) = quoted(after.trim_start())?;
                    let off = eq + 1 + lead;
                    let (a, b) = (off + qa, off + qb);
                    return plausible(rest.get(a..b)?).then_some((at + a, at + b));
                }
                v.len()
            }
        };
        let v = rest.get(..b)?;
        if style == ValueStyle::Flag && v.starts_with('-') {
            return None;
        }
        if style != ValueStyle::Line && is_code_reference(v, rest.as_bytes().get(b).copied()) {
            return None;
        }
        (0, b)
    };
    let v = rest.get(a..b)?;
    plausible(v).then_some((at + a, at + b))
}

/// A quoted value at the start of `s`: `"…"` (backslash escapes), `'…'`, or a JSON-escaped
/// `\"…\"`. Returns the range of the inside. An unterminated quote runs to the end of the line.
fn quoted(s: &str) -> Option<(usize, usize)> {
    let bytes = s.as_bytes();
    if let Some(inner) = s.strip_prefix("\\\"") {
        let end = inner.find("\\\"").unwrap_or_else(|| line_len(inner));
        return Some((2, 2 + end));
    }
    match bytes.first() {
        Some(b'"') => {
            let mut i = 1;
            while let Some(&c) = bytes.get(i) {
                match c {
                    b'\\' => i += 2,
                    b'"' | b'\n' => break,
                    _ => i += 1,
                }
            }
            Some((1, i.min(bytes.len())))
        }
        Some(b'\'') => {
            let inner = s.get(1..)?;
            let end = inner.find(['\'', '\n']).unwrap_or(inner.len());
            Some((1, 1 + end))
        }
        _ => None,
    }
}

fn line_len(s: &str) -> usize {
    s.find(['\n', '\r']).unwrap_or(s.len())
}

/// End of one shell word: whitespace, quotes, shell operators, a JSON escape (`\n`, `\"`), or
/// one of `extra`.
fn word_end(s: &str, extra: &[u8]) -> usize {
    let bytes = s.as_bytes();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        let stop = c.is_ascii_whitespace()
            || b"\"'`;&|<>()[".contains(&c)
            || extra.contains(&c)
            || (c == b'\\' && matches!(bytes.get(i + 1), Some(b'n' | b'r' | b't' | b'"' | b'\'')));
        if stop {
            break;
        }
        i += 1;
    }
    i
}

/// The rest of the line, without a ` #` comment and trailing blanks.
fn line_value(s: &str) -> &str {
    let line = s.get(..line_len(s)).unwrap_or("");
    let line = match line.find(" #") {
        Some(i) => line.get(..i).unwrap_or(line),
        None => line,
    };
    line.trim_end()
}

/// YAML block scalar indicators: `|`, `>`, with optional chomping (`-`, `+`) and indentation digit.
fn is_block_scalar_indicator(v: &str) -> bool {
    let mut chars = v.chars();
    matches!(chars.next(), Some('|' | '>'))
        && chars.all(|c| c == '-' || c == '+' || c.is_ascii_digit())
}

/// The lines after the current one that are indented deeper than `indent` (blank lines inside
/// included), as a range relative to `s`; `None` when there are none.
fn block_scalar(s: &str, indent: usize) -> Option<(usize, usize)> {
    let first = s.find('\n')? + 1;
    let mut pos = first;
    let mut end = first;
    while pos < s.len() {
        let line_end = s.get(pos..)?.find('\n').map_or(s.len(), |i| pos + i);
        let line = s.get(pos..line_end)?;
        let content = line.trim_start_matches([' ', '\t']);
        if !content.trim().is_empty() {
            if line.len() - content.len() <= indent {
                break;
            }
            end = line_end;
        }
        pos = line_end + 1;
    }
    (end > first).then_some((first, end))
}

/// `token: str`, `password: String,`, `api_key: Optional[str] = None`: a type, not a value.
fn is_type_annotation(v: &str) -> bool {
    const TYPES: &[&str] = &[
        "str",
        "string",
        "String",
        "int",
        "bool",
        "boolean",
        "bytes",
        "Optional",
        "Option",
        "number",
        "any",
        "Any",
        "Secret",
        "SecretStr",
        "SecretString",
        "Vec",
        "Box",
        "Arc",
        "Cow",
        "char",
    ];
    let t = v.trim_start_matches('&');
    let t = t.strip_prefix("'static ").unwrap_or(t);
    let word_len = t
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(t.len());
    let (word, after) = t.split_at(word_len);
    TYPES.contains(&word)
        && (after.is_empty() || after.starts_with([' ', '=', ',', ';', '|', '[', '<', ')', '?']))
}

/// Whether a value can be a secret: not empty, not a reference to one (`$VAR`, `${VAR}`,
/// `$(cmd)`, `%VAR%`), not structured (`{…}`, `[…]`, which also covers placeholders), not a
/// literal like `true`, `false`, `null`, `none`.
/// An unquoted value that is code naming a secret, not the secret: a call or index
/// (`get_token()`, `form['password']`), an attribute path (`self.token`, `args.password`,
/// `os.environ`), or a snake_case variable passed as a keyword argument
/// (`access_token=valid_token)` / `…,`). Paths and variables count only in lower case without
/// digits.
fn is_code_reference(v: &str, next: Option<u8>) -> bool {
    if matches!(next, Some(b'(' | b'[')) {
        return true;
    }
    // `f(access_token=valid_token, …)`: the comma ends up in the word.
    let (core, comma) = match v.strip_suffix(',') {
        Some(c) => (c, true),
        None => (v, false),
    };
    let ident = |p: &str| {
        p.chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    // Names in code are lower case without digits; secrets (`s.hunter2`, Vault's `hvs.CAES…`)
    // are not.
    if !core.split('.').all(ident)
        || core
            .bytes()
            .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    {
        return false;
    }
    let dotted =
        core.split('.').count() > 1 && core.split('.').next().is_some_and(|f| f.len() >= 2);
    let kwarg = core.contains('_') && (comma || matches!(next, Some(b')' | b',')));
    dotted || kwarg
}

/// Documentation placeholders that stand for a secret: `PASS`, `FILE`, `TOKEN` (man-page
/// metavariables), `...`, `***`, `xxx`, `<password>`.
fn is_placeholder(t: &str) -> bool {
    const METAVARS: &[&str] = &[
        "ARG",
        "CRED",
        "FILE",
        "KEY",
        "N",
        "NAME",
        "NUM",
        "PASS",
        "PASSPHRASE",
        "PASSWD",
        "PASSWORD",
        "PATH",
        "PWD",
        "SECRET",
        "STR",
        "STRING",
        "TEXT",
        "TOKEN",
        "USER",
        "VALUE",
    ];
    METAVARS.contains(&t)
        || t.chars().all(|c| matches!(c, '.' | '*' | '…' | 'x' | 'X'))
        || (t.len() > 2 && t.starts_with('<') && t.ends_with('>'))
}

pub(crate) fn plausible(v: &str) -> bool {
    const LITERALS: &[&str] = &[
        "true",
        "false",
        "null",
        "none",
        "nil",
        "undefined",
        "yes",
        "no",
        "~",
    ];
    let t = v.trim();
    let reference = t.starts_with('$') || (t.len() > 2 && t.starts_with('%') && t.ends_with('%'));
    let structured = t.starts_with(['{', '[']);
    let literal = LITERALS.iter().any(|l| l.eq_ignore_ascii_case(t));
    !(t.is_empty() || reference || structured || literal || is_placeholder(t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn val(s: &str, style: ValueStyle) -> Option<&str> {
        parse(s, 0, style, 0).and_then(|(a, b)| s.get(a..b))
    }

    #[test]
    fn assign_values() {
        assert_eq!(val("abc def", ValueStyle::Assign), Some("abc"));
        assert_eq!(val("\"a b\" c", ValueStyle::Assign), Some("a b"));
        assert_eq!(val("'a b' c", ValueStyle::Assign), Some("a b"));
        assert_eq!(val("\"a\\\"b\" c", ValueStyle::Assign), Some("a\\\"b"));
        assert_eq!(val("\\\"abc\\\", x", ValueStyle::Assign), Some("abc"));
        assert_eq!(val("abc\\nmore", ValueStyle::Assign), Some("abc"));
        assert_eq!(val("= \"x\"", ValueStyle::Assign), None);
        assert_eq!(val("$TOKEN", ValueStyle::Assign), None);
        assert_eq!(val("get_token()", ValueStyle::Assign), None);
        assert_eq!(val("true", ValueStyle::Assign), None);
        assert_eq!(val("", ValueStyle::Assign), None);
        assert_eq!(val("self.token\n", ValueStyle::Assign), None);
        assert_eq!(val("valid_token)", ValueStyle::Assign), None);
        assert_eq!(val("valid_token, x", ValueStyle::Assign), None);
        assert_eq!(val("Hunter_2x,", ValueStyle::Assign), Some("Hunter_2x,"));
        assert_eq!(val("s3cr3t)", ValueStyle::Assign), Some("s3cr3t"));
        assert_eq!(val("s.hunter2 x", ValueStyle::Flag), Some("s.hunter2"));
        assert_eq!(val("pass_2x,", ValueStyle::Assign), Some("pass_2x,"));
        assert_eq!(val("PASS ", ValueStyle::Assign), None);
        assert_eq!(val("... ", ValueStyle::Assign), None);
        assert_eq!(val("\"<your token>\"", ValueStyle::Assign), None);
    }

    #[test]
    fn colon_and_flag_values() {
        assert_eq!(val("12345, \"x\": 1", ValueStyle::Colon), Some("12345"));
        assert_eq!(val("--verbose", ValueStyle::Flag), None);
        assert_eq!(val("hunter2 --verbose", ValueStyle::Flag), Some("hunter2"));
    }

    #[test]
    fn line_values() {
        assert_eq!(
            val("my pass phrase  # note\nnext: 1", ValueStyle::Line),
            Some("my pass phrase")
        );
        assert_eq!(val("str", ValueStyle::Line), None);
        assert_eq!(val("Option<String>,", ValueStyle::Line), None);
        assert_eq!(val("str = \"hunter2\"", ValueStyle::Line), Some("hunter2"));
        assert_eq!(
            val("|\n  line one\n\n  line two\nnext: 1", ValueStyle::Line),
            Some("  line one\n\n  line two")
        );
        assert_eq!(val("|\nnext: 1", ValueStyle::Line), None);
    }
}
