//! Recognising and writing hookward's own hook command lines.

use std::path::Path;

use crate::InstallError;

/// Splits the first simple command of a POSIX shell command line into its words, with quotes
/// removed, and stops after `max` words.
///
/// Handles what registered hook commands use in practice: blanks (space, tab, newline) between
/// words, single quotes (literal), double quotes (where a backslash escapes only `$`, `` ` ``,
/// `"`, `\` and newline, as in POSIX sh), and a backslash outside quotes escaping the next
/// character. An unquoted `;`, `|` or `&` ends the first command. No expansion is performed
/// (`$HOME/bin/hookward` stays as written). Returns `None` for an unterminated quote.
fn first_command_words(cmd: &str, max: usize) -> Option<Vec<String>> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = cmd.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' | '\n' | '\r' => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                    if words.len() >= max {
                        return Some(words);
                    }
                }
            }
            ';' | '|' | '&' => break,
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => word.push(ch),
                        None => return None,
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.peek() {
                            Some(&next @ ('$' | '`' | '"' | '\\' | '\n')) => {
                                chars.next();
                                if next != '\n' {
                                    word.push(next);
                                }
                            }
                            _ => word.push('\\'),
                        },
                        Some(ch) => word.push(ch),
                        None => return None,
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some('\n') | None => {}
                    Some(ch) => word.push(ch),
                }
            }
            other => {
                in_word = true;
                word.push(other);
            }
        }
    }
    if in_word && words.len() < max {
        words.push(word);
    }
    Some(words)
}

/// True for a POSIX variable assignment word such as `HOOKWARD_HOME=/x` (a name of ASCII
/// letters, digits and `_` not starting with a digit, then `=`).
fn is_assignment(word: &str) -> bool {
    match word.split_once('=') {
        Some((name, _)) => {
            let mut bytes = name.bytes();
            matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
                && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
        }
        None => false,
    }
}

/// The program word of a hook command line when it is a hookward hook command, else `None`.
///
/// The program is the first shell word after any leading `NAME=value` assignments, with quotes
/// removed (see [`is_hookward_command`] for the rule). The returned string is the program as
/// written (not expanded, not resolved on `PATH`), e.g. `/usr/local/bin/hookward` or
/// `hookward`, so `hookward doctor` can check that it exists.
///
/// ```
/// use hookward_install::hookward_program;
/// assert_eq!(
///     hookward_program("'/opt/my tools/hookward' hook claude-code").as_deref(),
///     Some("/opt/my tools/hookward")
/// );
/// assert_eq!(hookward_program("echo hookward hook"), None);
/// ```
pub fn hookward_program(cmd: &str) -> Option<String> {
    // Leading assignments are rare; 10 words bound the work.
    let posix = first_command_words(cmd, 10).and_then(ours_in);
    if posix.is_some() || !cmd.contains('\\') {
        return posix;
    }
    ours_in(windows_words(cmd, 10))
}

/// The program of `words` when it is hookward's hook entry point.
fn ours_in(words: Vec<String>) -> Option<String> {
    let mut rest = words.into_iter().skip_while(|w| is_assignment(w));
    let program = rest.next()?;
    let sub = rest.next()?;
    let base = program.rsplit(['/', '\\']).next().unwrap_or(&program);
    let is_ours = base == "hookward" || base.eq_ignore_ascii_case("hookward.exe");
    // The warm helper's client takes the agent as its first word (`hookward-hook codex`).
    let is_client = base == "hookward-hook" || base.eq_ignore_ascii_case("hookward-hook.exe");
    ((is_ours && sub == "hook") || (is_client && !sub.is_empty() && !sub.starts_with('-')))
        .then_some(program)
}

/// Splits a command line the way Windows programs do for paths: blanks separate words,
/// double quotes group, backslashes are literal. Used as a second reading when the POSIX one
/// does not find hookward, so `C:\Tools\hookward.exe hook codex` (written for cmd.exe or
/// PowerShell) is still recognised. Stops after `max` words.
fn windows_words(cmd: &str, max: usize) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quoted = false;
    for c in cmd.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                in_word = true;
            }
            ' ' | '\t' | '\n' | '\r' if !quoted => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                    if words.len() >= max {
                        return words;
                    }
                }
            }
            other => {
                word.push(other);
                in_word = true;
            }
        }
    }
    if in_word && words.len() < max {
        words.push(word);
    }
    words
}

/// Whether a registered hook command line runs hookward's hook entry point.
///
/// Rule (from the installer's contract): the command's program — its first shell word with
/// quotes removed, after skipping leading `NAME=value` environment assignments — has the base
/// name `hookward` (or `hookward.exe`, any letter case for the Windows name; `/` and `\` both
/// separate directories), and the next word is `hook`; or it is the warm helper's client
/// `hookward-hook` (`hookward-hook.exe`) followed by a word that is not an option (the agent,
/// [`warm_hook_command`]). Words are read as a POSIX shell
/// would; when that reading finds no hookward and the line holds a backslash, it is read
/// again Windows-style (backslashes literal, double quotes group) so
/// `C:\Tools\hookward.exe hook codex` counts too. The directory does not matter, so an
/// entry is still recognised after the binary moved. Commands with an unterminated quote are
/// not ours.
///
/// ```
/// use hookward_install::is_hookward_command;
/// assert!(is_hookward_command("/usr/local/bin/hookward hook claude-code"));
/// assert!(is_hookward_command("\"C:\\Tools\\hookward.exe\" hook claude-code"));
/// assert!(is_hookward_command("HOOKWARD_HOME=/tmp/h hookward hook claude-code"));
/// assert!(!is_hookward_command("hookward doctor"));
/// assert!(!is_hookward_command("/bin/not-hookward hook"));
/// assert!(!is_hookward_command("echo hookward hook"));
/// assert!(is_hookward_command("/usr/local/bin/hookward-hook codex"));
/// assert!(!is_hookward_command("hookward-hook"));
/// ```
pub fn is_hookward_command(cmd: &str) -> bool {
    hookward_program(cmd).is_some()
}

/// Quotes one word for a POSIX shell: returned unchanged when it only holds characters that
/// need no quoting (`A-Z a-z 0-9 _ @ % + = : , . / -`), else wrapped in single quotes with
/// each `'` written as `'\''`.
fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word.chars().all(|c| {
            c.is_ascii_alphanumeric()
                || matches!(c, '_' | '@' | '%' | '+' | '=' | ':' | ',' | '.' | '/' | '-')
        });
    if safe {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// Builds the hook command line `<program> hook <agent>` to register, quoting the program path
/// and the agent name for a POSIX shell when needed (Claude Code, Codex and Gemini run hook
/// commands through a shell — protocol/REPORT.md, "Cross-agent notes").
///
/// The result always satisfies [`is_hookward_command`] when `program`'s file name is
/// `hookward` or `hookward.exe`.
///
/// # Errors
/// [`InstallError::NonUtf8Program`] when `program` is not valid UTF-8 (settings files are
/// JSON, which holds only Unicode text).
///
/// ```
/// use std::path::Path;
/// use hookward_install::{hook_command, is_hookward_command};
/// let cmd = hook_command(Path::new("/opt/my tools/hookward"), "claude-code").unwrap();
/// assert_eq!(cmd, "'/opt/my tools/hookward' hook claude-code");
/// assert!(is_hookward_command(&cmd));
/// ```
pub fn hook_command(program: &Path, agent: &str) -> Result<String, InstallError> {
    let program_str = program
        .to_str()
        .ok_or_else(|| InstallError::NonUtf8Program {
            program: program.to_path_buf(),
        })?;
    Ok(format!(
        "{} hook {}",
        shell_quote(program_str),
        shell_quote(agent)
    ))
}

/// Builds the warm helper's hook command line `<client> <agent>` (issue 15: the client
/// `hookward-hook` next to `hookward`, which answers through the warm server and falls back to
/// `hookward hook <agent>` in-process), quoted as [`hook_command`] does.
///
/// # Errors
/// [`InstallError::NonUtf8Program`] when `client` is not valid UTF-8.
///
/// ```
/// use std::path::Path;
/// use hookward_install::{warm_hook_command, is_hookward_command};
/// let cmd = warm_hook_command(Path::new("/opt/bin/hookward-hook"), "codex").unwrap();
/// assert_eq!(cmd, "/opt/bin/hookward-hook codex");
/// assert!(is_hookward_command(&cmd));
/// ```
pub fn warm_hook_command(client: &Path, agent: &str) -> Result<String, InstallError> {
    let client_str = client
        .to_str()
        .ok_or_else(|| InstallError::NonUtf8Program {
            program: client.to_path_buf(),
        })?;
    Ok(format!(
        "{} {}",
        shell_quote(client_str),
        shell_quote(agent)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_quotes_and_escapes() {
        assert_eq!(
            first_command_words(r#"a 'b c' "d \"e\" \q" f\ g"#, 10),
            Some(vec![
                "a".to_owned(),
                "b c".to_owned(),
                r#"d "e" \q"#.to_owned(),
                "f g".to_owned()
            ])
        );
        assert_eq!(first_command_words("a 'b", 10), None);
        assert_eq!(first_command_words("a;b c", 10), Some(vec!["a".to_owned()]));
        assert_eq!(
            first_command_words("  a  b  c ", 2),
            Some(vec!["a".to_owned(), "b".to_owned()])
        );
        assert_eq!(first_command_words("", 2), Some(vec![]));
    }

    #[test]
    fn recognises_our_commands() {
        for cmd in [
            "hookward hook claude-code",
            "  hookward   hook",
            "/usr/local/bin/hookward hook claude-code --fail closed",
            "'/home/me/my bin/hookward' hook claude-code",
            "\"/home/me/my bin/hookward\" \"hook\" claude-code",
            r"C:\Tools\HOOKWARD.EXE hook codex",
            r#""C:\Program Files\hookward\hookward.exe" hook codex"#,
            "A=1 B_2='x y' hookward hook gemini",
            "~/.cargo/bin/hookward hook claude-code 2>/dev/null",
            "hookward-hook claude-code",
            "'/opt/my bin/hookward-hook' codex --policy-dir /p",
            r"C:\Tools\hookward-hook.exe gemini",
        ] {
            assert!(is_hookward_command(cmd), "{cmd}");
        }
    }

    #[test]
    fn rejects_other_commands() {
        for cmd in [
            "",
            "hookward",
            "hookward doctor",
            "hookward install claude-code",
            "hookward-hook",
            "hookward-hook --policy-dir x",
            "hookward-hooks claude-code",
            "/bin/hookwardx hook",
            "echo hookward hook",
            "python3 hook_logger.py PreToolUse",
            "hookward 'hook",
            "true; hookward hook claude-code",
            "hookward.sh hook",
            "1A=2 hookward hook",
        ] {
            assert!(!is_hookward_command(cmd), "{cmd}");
        }
    }

    #[test]
    fn quoting_round_trips_through_recognition() {
        for program in [
            "/usr/bin/hookward",
            "/opt/it's here/hookward",
            "/tmp/a\"b/hookward",
            "/tmp/$HOME/hookward",
            "hookward",
        ] {
            let cmd = hook_command(Path::new(program), "claude-code").unwrap();
            assert_eq!(hookward_program(&cmd).as_deref(), Some(program), "{cmd}");
        }
    }
}
