//! Documentation placeholders inside a word (`/proc/<pid>/environ`, `~/<dir>/x`): copied
//! from a manual page or a README, the `<name>` slot is part of a path, not two redirections
//! (`<pid` reading a file `pid` and `>/environ` truncating `/environ`). The slot is re-quoted
//! before parsing so the word keeps its shape and the path is judged by it.

use std::borrow::Cow;

/// Longest slot name considered (`<container-id>`).
const MAX_SLOT: usize = 40;

/// `command` with every unquoted `<name>` slot that touches a path (a `/` or `=` before the
/// `<`, or a `/` right after the `>`) escaped as `\<name\>`. Commands with a here-document
/// are left alone (their bodies are text).
pub(crate) fn quote_slots(command: &str) -> Cow<'_, str> {
    if !command.contains('<') || command.contains("<<") {
        return Cow::Borrowed(command);
    }
    let b = command.as_bytes();
    let mut out: Option<String> = None;
    let (mut single, mut double, mut escaped) = (false, false, false);
    let mut last = 0;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if escaped {
            escaped = false;
        } else if c == b'\\' && !single {
            escaped = true;
        } else if c == b'\'' && !double {
            single = !single;
        } else if c == b'"' && !single {
            double = !double;
        } else if c == b'<' && !single && !double {
            if let Some(end) = slot_end(b, i) {
                let before = i.checked_sub(1).map(|j| b[j]);
                let after = b.get(end + 1).copied();
                if matches!(before, Some(b'/' | b'=')) || after == Some(b'/') {
                    let o = out.get_or_insert_with(String::new);
                    o.push_str(&command[last..i]);
                    o.push('\\');
                    o.push_str(&command[i..end]);
                    o.push_str("\\>");
                    last = end + 1;
                    i = end + 1;
                    continue;
                }
            }
        }
        i += 1;
    }
    match out {
        Some(mut o) => {
            o.push_str(&command[last..]);
            Cow::Owned(o)
        }
        None => Cow::Borrowed(command),
    }
}

/// The index of the `>` closing a slot `<name>` opened at `start`: a letter, then letters,
/// digits, `_` and `-`.
fn slot_end(b: &[u8], start: usize) -> Option<usize> {
    let first = *b.get(start + 1)?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let mut j = start + 2;
    while j < b.len() && j - start <= MAX_SLOT {
        match b[j] {
            b'>' => return Some(j),
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'-' => j += 1,
            _ => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_in_paths_are_quoted() {
        assert_eq!(
            quote_slots("cat /proc/<pid>/environ"),
            r"cat /proc/\<pid\>/environ"
        );
        assert_eq!(quote_slots("cp x ~/<dir>/y"), r"cp x ~/\<dir\>/y");
        assert_eq!(quote_slots("ls --root=<path>"), r"ls --root=\<path\>");
        assert_eq!(quote_slots("cat <dir>/f"), r"cat \<dir\>/f");
    }

    #[test]
    fn redirections_and_quotes_stay() {
        for c in [
            "cat <in.txt >out.txt",
            "sort < a > b",
            "cat '/proc/<pid>/environ'",
            "diff <(ls a) <(ls b)",
            "x=$(<file)",
            "cat <<EOF\n/<a>/\nEOF",
            "echo a>b",
        ] {
            assert_eq!(quote_slots(c), c, "{c}");
        }
    }
}
