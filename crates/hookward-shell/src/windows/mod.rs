//! Windows command lines as facts (issue 11, h-pwsh): PowerShell cmdlets, cmd.exe builtins and
//! Windows' own programs, whether the whole line is Windows syntax (Codex CLI on Windows runs
//! its shell tool through PowerShell) or the payload of `powershell -Command`, `pwsh -c` or
//! `cmd /c`.
//!
//! The knowledge is the table in `table.rs`; this file is the one mechanism: it tells a Windows
//! line from a POSIX one ([`is_windows_line`]), splits it into statements (`;`, `|`, `&&`, `||`,
//! cmd's `&`, new lines; parenthesised and braced groups are statements of their own), reads
//! PowerShell parameters case-insensitively by unambiguous prefix (`-Rec`, `-r`, `-fo`),
//! values glued with `:` (`-Confirm:$false`), cmd switches (`/s`, `/w:C:\`), backtick and caret
//! escapes, and maps Windows paths onto the locations the analyzer already classifies
//! ([`win_path`]: `C:\` is `/`, `C:\Users\NAME` the homes' folder's `NAME`, `$env:USERPROFILE`,
//! `%USERPROFILE%`, `~` and `$HOME` the home, `$env:TEMP` a temporary folder), so the existing
//! rules decide. Never executes anything.

pub(crate) mod admin;
pub(crate) mod shapes;
pub(crate) mod table;

use crate::analyzer::Analyzer;
use crate::facts::Access;
use crate::model::Cwd;
use crate::paths::{self, Resolved};
use table::{Effect, Row, When, ROWS};

/// How deep `cmd /c`, `powershell -Command`, `iex '…'` and groups are followed.
const MAX_DEPTH: u32 = 4;
/// Statements read per line (the rest is left to the POSIX analysis).
const MAX_STATEMENTS: usize = 256;

/// Which shell's syntax a text is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// PowerShell: `#` comments, backtick escapes, `&` a call operator.
    PowerShell,
    /// cmd.exe: `^` escapes, `&` separates commands.
    Cmd,
}

/// One statement of a Windows line.
#[derive(Debug, Default, Clone)]
pub(crate) struct Stmt {
    /// The command name: lower case, without folder and `.exe`.
    pub name: String,
    /// The command word as written.
    pub word: String,
    /// The words after the command, quotes and groups kept.
    pub words: Vec<String>,
    /// The statement as written.
    pub text: String,
    /// The whole pipeline it belongs to, as written.
    pub pipeline: String,
    /// The previous statement of its pipeline (an index into the statement list).
    pub prev: Option<usize>,
    /// Files its output is redirected to (`> f`, `>> f`, `2> f`).
    pub redirects: Vec<String>,
    /// The inner text of its groups (`(…)`, `{…}`, `$(…)`, `@(…)`), run as statements too.
    pub groups: Vec<String>,
}

/// PowerShell parameters that take no value (common switches and the switches of the table's
/// cmdlets), matched by prefix: a `-x` that starts one of them does not consume the next word.
const SWITCHES: &[&str] = &[
    "recurse",
    "force",
    "confirm",
    "whatif",
    "verbose",
    "debug",
    "passthru",
    "noprofile",
    "nologo",
    "noninteractive",
    "noexit",
    "asjob",
    "wait",
    "all",
    "quiet",
    "removedata",
    "removeoem",
    "full",
    "nonewwindow",
    "usebasicparsing",
    "append",
    "noclobber",
    "nonewline",
    "directory",
    "file",
    "hidden",
    "readonly",
    "container",
    "followsymlink",
];

/// sc.exe's verbs (`sc /?`): a first operand among these makes `sc` the service controller,
/// not PowerShell 5.1's `Set-Content` alias.
const SC_VERBS: &[&str] = &[
    "query",
    "queryex",
    "start",
    "pause",
    "interrogate",
    "continue",
    "stop",
    "config",
    "description",
    "failure",
    "failureflag",
    "sidtype",
    "privs",
    "qc",
    "qdescription",
    "qfailure",
    "delete",
    "create",
    "control",
    "sdshow",
    "sdset",
    "showsid",
    "triggerinfo",
    "preferrednode",
    "getdisplayname",
    "getkeyname",
    "enumdepend",
];

/// `net`'s Windows subcommands (Samba's `net` on other systems takes `ads`, `rpc`, `rap`…).
const NET_WORDS: &[&str] = &[
    "user",
    "localgroup",
    "group",
    "stop",
    "start",
    "share",
    "use",
    "accounts",
    "session",
];

/// PowerShell's approved verbs (`Get-Verb`) that make a `Verb-Noun` first word a cmdlet.
const VERBS: &[&str] = &[
    "add",
    "clear",
    "close",
    "copy",
    "enter",
    "exit",
    "find",
    "format",
    "get",
    "hide",
    "join",
    "lock",
    "move",
    "new",
    "open",
    "optimize",
    "pop",
    "push",
    "redo",
    "remove",
    "rename",
    "reset",
    "resize",
    "search",
    "select",
    "set",
    "show",
    "skip",
    "split",
    "step",
    "switch",
    "undo",
    "unlock",
    "watch",
    "connect",
    "disconnect",
    "read",
    "receive",
    "send",
    "write",
    "backup",
    "checkpoint",
    "compare",
    "compress",
    "convert",
    "convertfrom",
    "convertto",
    "dismount",
    "edit",
    "expand",
    "export",
    "group",
    "import",
    "initialize",
    "limit",
    "merge",
    "mount",
    "out",
    "publish",
    "restore",
    "save",
    "sync",
    "unpublish",
    "update",
    "debug",
    "measure",
    "ping",
    "repair",
    "resolve",
    "test",
    "trace",
    "approve",
    "assert",
    "build",
    "complete",
    "confirm",
    "deny",
    "deploy",
    "disable",
    "enable",
    "install",
    "invoke",
    "register",
    "request",
    "restart",
    "resume",
    "start",
    "stop",
    "submit",
    "suspend",
    "uninstall",
    "unregister",
    "wait",
    "block",
    "grant",
    "protect",
    "revoke",
    "unblock",
    "unprotect",
    "use",
];

/// Programs that exist only on Windows (or whose first word here says Windows).
pub(crate) const WINDOWS_PROGRAMS: &[&str] = &[
    "cmd",
    "powershell",
    "pwsh",
    "netsh",
    "bcdedit",
    "vssadmin",
    "wbadmin",
    "wmic",
    "cipher",
    "diskpart",
    "schtasks",
    "wevtutil",
    "cmdkey",
    "vaultcmd",
    "taskkill",
    "auditpol",
    "fsutil",
    "iex",
    "iwr",
    "irm",
    "ri",
    "spsv",
    "gci",
    "net1",
    "reg",
    "ntdsutil",
    "rundll32",
];

/// Windows-only programs (not shells, not PowerShell aliases) that a POSIX shell can start
/// too (WSL, Git Bash, MSYS, Cygwin): `programs::windows_program` reads their invocations from
/// the POSIX walk, with its values of variables and loop words, by the table below.
pub(crate) const TOOLS: &[&str] = &[
    "netsh", "bcdedit", "vssadmin", "wbadmin", "wmic", "cipher", "diskpart", "schtasks",
    "wevtutil", "cmdkey", "vaultcmd", "taskkill", "auditpol", "fsutil", "net1", "reg",
];

/// True when `text` reads as a Windows command line: a statement whose command is a
/// `Verb-Noun` cmdlet, a Windows-only program (`netsh`, `vssadmin`, `cmd /c`), or a command of
/// the table written with Windows syntax (`rd /s`, `del C:\x`, `$env:X`, `%X%`, `-Recurse`),
/// or a `$env:` assignment.
pub(crate) fn is_windows_line(text: &str) -> bool {
    // Cheap first (this runs on every command): no word that could make a statement a
    // Windows one, no split.
    if !words_could_be_windows(text) {
        return false;
    }
    let t = text.trim_start();
    if t.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("$env:")) && t.len() > 5 {
        return true;
    }
    let stmts = split(text, Dialect::PowerShell);
    stmts.iter().any(|s| {
        verb_noun(&s.name)
            || WINDOWS_PROGRAMS.contains(&s.name.as_str())
            || (s.name == "sc" && first_operand(s).is_some_and(|o| SC_VERBS.contains(&o.as_str())))
            || (s.name == "net"
                && first_operand(s).is_some_and(|o| NET_WORDS.contains(&o.as_str())))
            || (ROWS.iter().any(|r| r.names.contains(&s.name.as_str()))
                && s.words.iter().any(|w| windows_marker(w)))
    })
}

/// Whether some word of `text` could make its statement a Windows one (a necessary condition
/// of [`is_windows_line`]'s, checked without allocating): a statement's first word naming a
/// cmdlet or a Windows program, or any word with a Windows marker or a backtick.
fn words_could_be_windows(text: &str) -> bool {
    let mut start = 0;
    let mut first = true;
    for (i, b) in text.bytes().chain(std::iter::once(b' ')).enumerate() {
        let sep = matches!(b, b';' | b'|' | b'&' | b'(' | b')' | b'{' | b'}' | b'\n');
        if !(sep || b.is_ascii_whitespace()) {
            continue;
        }
        if i > start {
            let w = text.get(start..i).unwrap_or("");
            if could_be_windows(w, first) {
                return true;
            }
            first = false;
        }
        if sep {
            first = true;
        }
        start = i + 1;
    }
    false
}

/// One word of [`words_could_be_windows`]; `first`: it starts a statement.
fn could_be_windows(w: &str, first: bool) -> bool {
    if w.contains('`') {
        // A backtick may escape a cmdlet's letters (`Re`move-Item`); the split unescapes it.
        return true;
    }
    if first {
        let w = w.trim_matches(['"', '\'']);
        let base = w.rsplit(['\\', '/']).next().unwrap_or(w);
        let base = match base.len().checked_sub(4) {
            Some(n)
                if base
                    .get(n..)
                    .is_some_and(|e| e.eq_ignore_ascii_case(".exe")) =>
            {
                base.get(..n).unwrap_or(base)
            }
            _ => base,
        };
        let named = |list: &[&str]| list.iter().any(|n| n.eq_ignore_ascii_case(base));
        let verb_noun = base.split_once('-').is_some_and(|(verb, noun)| {
            !noun.is_empty()
                && noun.bytes().all(|b| b.is_ascii_alphanumeric())
                && VERBS.iter().any(|v| v.eq_ignore_ascii_case(verb))
        });
        if verb_noun || named(WINDOWS_PROGRAMS) || named(&["sc", "net", "$env:"]) {
            return true;
        }
        if base.len() > 5
            && base
                .get(..5)
                .is_some_and(|p| p.eq_ignore_ascii_case("$env:"))
        {
            return true;
        }
    }
    w.contains(['\\', '$', '%', '/', '-']) && windows_marker(w.trim_matches(['"', '\'']))
}

/// `Verb-Noun` with an approved verb (`Remove-Item`, `Get-ChildItem`).
fn verb_noun(name: &str) -> bool {
    let Some((verb, noun)) = name.split_once('-') else {
        return false;
    };
    !noun.is_empty() && noun.bytes().all(|b| b.is_ascii_alphanumeric()) && VERBS.contains(&verb)
}

/// A word only Windows writes: a drive path (`C:\`), `.\x`, `~\x`, `$env:`, `%VAR%`, a cmd
/// switch (`/s`, `/q`), a PowerShell parameter in its documented case (`-Recurse`).
fn windows_marker(w: &str) -> bool {
    let b = w.as_bytes();
    let drive = b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && b[2] == b'\\';
    drive
        || w.starts_with(".\\")
        || w.starts_with("..\\")
        || w.starts_with("~\\")
        || contains_ignore_case(w, "$env:")
        || var_then_backslash(w)
        || (w.matches('%').count() >= 2)
        || is_switch(w)
        || (w.len() > 2
            && w.starts_with('-')
            && b[1].is_ascii_uppercase()
            && b[2..].iter().any(u8::is_ascii_lowercase))
}

/// `needle` (ASCII) in `hay`, ASCII case-insensitive.
fn contains_ignore_case(hay: &str, needle: &str) -> bool {
    hay.as_bytes()
        .windows(needle.len())
        .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// A variable followed by a backslash (`$HOME\.aws`, `$PSScriptRoot\x`): a Windows path (bash
/// would read `$HOME\.aws` as `$HOME.aws`).
fn var_then_backslash(w: &str) -> bool {
    let Some(rest) = w.strip_prefix('$') else {
        return false;
    };
    let name = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    name > 0 && rest[name..].starts_with('\\')
}

/// A cmd switch: `/` and one to sixteen letters, optionally `:value` (`/s`, `/FS:NTFS`, `/w:C:\`).
fn is_switch(w: &str) -> bool {
    let Some(rest) = w.strip_prefix('/') else {
        return false;
    };
    let name = rest.split(':').next().unwrap_or("");
    !name.is_empty()
        && name.len() <= 16
        && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'?')
        && (rest.len() == name.len() || rest.as_bytes().get(name.len()) == Some(&b':'))
}

/// Quotes, backtick (PowerShell) and caret (cmd) escapes taken off a word.
pub(crate) fn unquote(w: &str) -> String {
    let mut out = String::with_capacity(w.len());
    let mut chars = w.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('`', q) if q != Some('\'') => {
                if let Some(n) = chars.next() {
                    out.push(n);
                }
            }
            ('\'' | '"', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            (c, _) => out.push(c),
        }
    }
    out
}

/// Splits a line into statements (see the module's documentation).
pub(crate) fn split(text: &str, dialect: Dialect) -> Vec<Stmt> {
    let mut out: Vec<Stmt> = Vec::new();
    let mut cur = Stmt::default();
    let mut word = String::new();
    let mut start = 0usize;
    let mut pipe_start = 0usize;
    let mut in_pipe = false;
    let mut redirect_next = false;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    let end_word = |cur: &mut Stmt, word: &mut String, redirect_next: &mut bool| {
        if word.is_empty() {
            return;
        }
        let w = std::mem::take(word);
        if *redirect_next {
            *redirect_next = false;
            cur.redirects.push(w);
        } else if cur.word.is_empty() {
            if w == "&" || w == "." {
                return;
            }
            cur.word = w;
        } else {
            cur.words.push(w);
        }
    };
    let finish =
        |out: &mut Vec<Stmt>, cur: &mut Stmt, end: usize, start: usize, piped: bool| -> bool {
            let mut s = std::mem::take(cur);
            if s.word.is_empty() {
                return false;
            }
            s.text = text.get(start..end).unwrap_or("").trim().to_string();
            s.name = command_name(&s.word);
            if piped {
                s.prev = out.len().checked_sub(1);
            }
            out.push(s);
            true
        };
    while i < bytes.len() && out.len() < MAX_STATEMENTS {
        let (at, c) = bytes[i];
        let next = bytes.get(i + 1).map(|x| x.1);
        match c {
            '\'' | '"' => {
                // A quoted string, kept in the word; `''`/`""` and backticks inside.
                word.push(c);
                i += 1;
                while i < bytes.len() {
                    let d = bytes[i].1;
                    word.push(d);
                    i += 1;
                    if d == '`' && c == '"' && dialect == Dialect::PowerShell {
                        if let Some(&(_, e)) = bytes.get(i) {
                            word.push(e);
                            i += 1;
                        }
                        continue;
                    }
                    if d == c {
                        break;
                    }
                }
                continue;
            }
            '`' if dialect == Dialect::PowerShell => {
                word.push(c);
                if let Some(&(_, e)) = bytes.get(i + 1) {
                    if e != '\n' {
                        word.push(e);
                    }
                }
                i += 2;
                continue;
            }
            '^' if dialect == Dialect::Cmd => {
                if let Some(&(_, e)) = bytes.get(i + 1) {
                    word.push(e);
                }
                i += 2;
                continue;
            }
            '(' | '{' => {
                // A group: kept in the word, its inner text run as statements of its own.
                let close = if c == '(' { ')' } else { '}' };
                let mut level = 0usize;
                let from = i;
                while i < bytes.len() {
                    let d = bytes[i].1;
                    if d == c {
                        level += 1;
                    } else if d == close {
                        level = level.saturating_sub(1);
                        if level == 0 {
                            break;
                        }
                    }
                    i += 1;
                }
                let to = bytes.get(i).map_or(text.len(), |x| x.0 + x.1.len_utf8());
                let whole = text.get(bytes[from].0..to).unwrap_or("");
                word.push_str(whole);
                let inner = whole
                    .get(
                        1..whole
                            .len()
                            .saturating_sub(usize::from(whole.ends_with(close))),
                    )
                    .unwrap_or("");
                if !inner.trim().is_empty() {
                    cur.groups.push(inner.to_string());
                }
                i += 1;
                continue;
            }
            '#' if dialect == Dialect::PowerShell && word.is_empty() => {
                while i < bytes.len() && bytes[i].1 != '\n' {
                    i += 1;
                }
                continue;
            }
            '>' => {
                // `>`, `>>`, `2>`, `*>`, `2>&1`.
                if word.chars().all(|d| d.is_ascii_digit() || d == '*') {
                    word.clear();
                } else {
                    end_word(&mut cur, &mut word, &mut redirect_next);
                }
                i += 1;
                if bytes.get(i).map(|x| x.1) == Some('>') {
                    i += 1;
                }
                if bytes.get(i).map(|x| x.1) == Some('&') {
                    // `2>&1`: a stream joined, no file.
                    i += 2;
                    continue;
                }
                redirect_next = true;
                continue;
            }
            ';' | '\n' | '|' | '&' => {
                let two = matches!((c, next), ('&', Some('&')) | ('|', Some('|')));
                if c == '&' && !two && dialect == Dialect::PowerShell {
                    // The call operator (`& "x.exe"`) or a background job's end.
                    end_word(&mut cur, &mut word, &mut redirect_next);
                    if !cur.word.is_empty() {
                        let piped = in_pipe;
                        if finish(&mut out, &mut cur, at, start, piped) {
                            in_pipe = false;
                        }
                        start = at + 1;
                        pipe_start = start;
                    }
                    i += 1;
                    continue;
                }
                end_word(&mut cur, &mut word, &mut redirect_next);
                let piped = in_pipe;
                finish(&mut out, &mut cur, at, start, piped);
                let pipe = c == '|' && !two;
                if !pipe {
                    let pipeline = text.get(pipe_start..at).unwrap_or("").trim().to_string();
                    set_pipeline(&mut out, &pipeline);
                }
                i += if two { 2 } else { 1 };
                start = bytes.get(i).map_or(text.len(), |x| x.0);
                if !pipe {
                    pipe_start = start;
                }
                in_pipe = pipe;
                continue;
            }
            c if c.is_whitespace() => {
                end_word(&mut cur, &mut word, &mut redirect_next);
                i += 1;
                continue;
            }
            _ => {
                word.push(c);
                i += 1;
            }
        }
    }
    end_word(&mut cur, &mut word, &mut redirect_next);
    finish(&mut out, &mut cur, text.len(), start, in_pipe);
    let pipeline = text.get(pipe_start..).unwrap_or("").trim().to_string();
    set_pipeline(&mut out, &pipeline);
    out
}

/// Gives the statements of the last pipeline (those without one yet) its text.
fn set_pipeline(out: &mut [Stmt], pipeline: &str) {
    for s in out.iter_mut().rev() {
        if !s.pipeline.is_empty() {
            break;
        }
        s.pipeline = pipeline.to_string();
    }
}

/// A command word as a name: unquoted, lower case, without folder and `.exe`.
fn command_name(word: &str) -> String {
    let w = unquote(word).to_ascii_lowercase();
    let base = w.rsplit(['\\', '/']).next().unwrap_or(&w).to_string();
    base.strip_suffix(".exe").unwrap_or(&base).to_string()
}

/// A parameter word's name: `-Recurse` → `recurse`, `-Confirm:$false` → `confirm`.
fn param_name(w: &str) -> Option<String> {
    let rest = w.strip_prefix('-')?;
    let name = rest.split(':').next().unwrap_or("");
    (!name.is_empty() && name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic()))
        .then(|| name.to_ascii_lowercase())
}

/// Whether the parameter `-given` takes no value.
fn takes_no_value(given: &str) -> bool {
    SWITCHES.iter().any(|s| s.starts_with(given))
}

/// The operands of a statement: words that are neither parameters, their values, nor switches.
pub(crate) fn operands(s: &Stmt) -> Vec<String> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.words.len() {
        let w = &s.words[i];
        if let Some(p) = param_name(w) {
            let glued = w.contains(':');
            let value_next = !glued
                && !takes_no_value(&p)
                && s.words.get(i + 1).is_some_and(|n| !n.starts_with('-'));
            i += if value_next { 2 } else { 1 };
            continue;
        }
        if !is_switch(w) {
            out.push(unquote(w));
        }
        i += 1;
    }
    out
}

fn first_operand(s: &Stmt) -> Option<String> {
    operands(s)
        .into_iter()
        .next()
        .map(|o| o.to_ascii_lowercase())
}

/// The value of the PowerShell parameter `name` (given by any prefix of it) or of the cmd switch
/// `name` (`/im`): `Some(None)` when given without a value.
pub(crate) fn param(s: &Stmt, name: &str) -> Option<Option<String>> {
    for (i, w) in s.words.iter().enumerate() {
        if name.starts_with('/') {
            let l = w.to_ascii_lowercase();
            if l == name {
                return Some(s.words.get(i + 1).map(|v| unquote(v)));
            }
            if let Some(v) = l.strip_prefix(name).and_then(|r| r.strip_prefix(':')) {
                return Some(Some(unquote(v)));
            }
            continue;
        }
        let Some(p) = param_name(w) else { continue };
        if !name.starts_with(&p) {
            continue;
        }
        if let Some((_, v)) = w.split_once(':') {
            return Some(Some(unquote(v)));
        }
        return Some(
            s.words
                .get(i + 1)
                .filter(|n| !n.starts_with('-') || n.parse::<i64>().is_ok())
                .map(|v| unquote(v)),
        );
    }
    None
}

/// Every word of the statement, unquoted and in lower case.
fn lower_words(s: &Stmt) -> Vec<String> {
    s.words
        .iter()
        .map(|w| unquote(w).to_ascii_lowercase())
        .collect()
}

/// The `when` checks that need more than a word list (the table's `When::Check` rows).
pub(crate) mod checks {
    use super::{first_operand, lower_words, operands, param, Stmt, SC_VERBS};

    /// The PowerShell history file named (`(Get-PSReadlineOption).HistorySavePath`,
    /// `ConsoleHost_history.txt`; about_PSReadLine).
    pub(crate) fn history_file(s: &Stmt) -> bool {
        let t = s.text.to_ascii_lowercase();
        t.contains("historysavepath") || t.contains("consolehost_history")
    }

    /// `sc` is PowerShell 5.1's `Set-Content` unless its first operand is an sc.exe verb.
    pub(crate) fn not_service_control(s: &Stmt) -> bool {
        s.name != "sc" || !first_operand(s).is_some_and(|o| SC_VERBS.contains(&o.as_str()))
    }

    /// `format D:`: a drive operand (`format-table`'s alias `ft` never names one).
    pub(crate) fn names_drive(s: &Stmt) -> bool {
        operands(s).iter().any(|o| drive_of(o).is_some())
    }

    /// A drive letter written `D:` or `D:\`.
    pub(crate) fn drive_of(o: &str) -> Option<char> {
        let b = o.as_bytes();
        (matches!(b.len(), 2 | 3)
            && b[0].is_ascii_alphabetic()
            && b[1] == b':'
            && b.get(2).is_none_or(|c| *c == b'\\' || *c == b'/'))
        .then(|| char::from(b[0].to_ascii_uppercase()))
    }

    /// bcdedit: Windows' recovery switched off (`recoveryenabled No`) or boot failures ignored
    /// (`bootstatuspolicy ignoreallfailures`).
    pub(crate) fn recovery_off(s: &Stmt) -> bool {
        let w = lower_words(s);
        w.windows(2).any(|p| {
            (p[0] == "recoveryenabled" && matches!(p[1].as_str(), "no" | "off" | "0" | "false"))
                || (p[0] == "bootstatuspolicy" && p[1] == "ignoreallfailures")
        })
    }

    /// A CIM/WMI removal fed the volume shadow copies (`Get-CimInstance Win32_ShadowCopy |
    /// Remove-CimInstance`).
    pub(crate) fn shadow_copies(s: &Stmt) -> bool {
        s.pipeline.to_ascii_lowercase().contains("shadowcopy")
    }

    /// `Set-ExecutionPolicy Bypass|Unrestricted` for the machine (no `-Scope`, or
    /// `LocalMachine`): script signing checks off for every user. `-Scope Process` (this
    /// session only) and `CurrentUser` are everyday set-up steps.
    pub(crate) fn machine_policy_off(s: &Stmt) -> bool {
        let policy = param(s, "executionpolicy")
            .flatten()
            .or_else(|| first_operand(s))
            .unwrap_or_default()
            .to_ascii_lowercase();
        let scope = param(s, "scope")
            .flatten()
            .unwrap_or_default()
            .to_ascii_lowercase();
        matches!(policy.as_str(), "bypass" | "unrestricted")
            && matches!(scope.as_str(), "" | "localmachine")
    }

    /// `net user NAME PASS`, `net user NAME /add`, `/active:yes`; `net localgroup G NAME /add`.
    pub(crate) fn net_account(s: &Stmt) -> bool {
        let w = lower_words(s);
        let ops = operands(s);
        let add = w.iter().any(|x| x == "/add" || x.starts_with("/active:y"));
        match ops.first().map(|o| o.to_ascii_lowercase()).as_deref() {
            Some("user") => add || ops.len() >= 3,
            Some("localgroup" | "group") => add,
            _ => false,
        }
    }

    /// sc.exe installing a service: `create`, or `config` with a new `binPath=`.
    pub(crate) fn sc_installs(s: &Stmt) -> bool {
        let w = lower_words(s);
        match w.first().map(String::as_str) {
            Some("create") => true,
            Some("config") => w.iter().any(|x| x.starts_with("binpath=")),
            _ => false,
        }
    }

    /// sc.exe stopping, deleting or disabling a service.
    pub(crate) fn sc_stops(s: &Stmt) -> bool {
        let w = lower_words(s);
        match w.first().map(String::as_str) {
            Some("stop" | "delete" | "pause") => true,
            Some("config") => {
                w.windows(2).any(|p| p[0] == "start=" && p[1] == "disabled")
                    || w.iter().any(|x| x == "start=disabled")
            }
            _ => false,
        }
    }

    /// Registry keys whose values run programs at logon or in place of others (Run, RunOnce,
    /// Winlogon `Shell`/`Userinit`, Image File Execution Options `Debugger`).
    const AUTOSTART_KEYS: &[&str] = &[
        "\\currentversion\\run",
        "\\currentversion\\policies\\explorer\\run",
        "\\currentversion\\winlogon",
        "\\image file execution options",
    ];

    fn autostart_key(k: &str) -> bool {
        let k = k.to_ascii_lowercase().replace('/', "\\");
        AUTOSTART_KEYS.iter().any(|a| k.contains(a))
    }

    /// `reg add|import|copy` of an autostart key.
    pub(crate) fn reg_autostart(s: &Stmt) -> bool {
        let ops = operands(s);
        matches!(
            ops.first().map(|o| o.to_ascii_lowercase()).as_deref(),
            Some("add" | "copy")
        ) && ops.iter().skip(1).any(|k| autostart_key(k))
    }

    /// `New-ItemProperty`/`Set-ItemProperty` on an autostart key.
    pub(crate) fn registry_autostart(s: &Stmt) -> bool {
        param(s, "path")
            .flatten()
            .into_iter()
            .chain(operands(s))
            .any(|k| autostart_key(&k))
    }

    /// The hives that hold account secrets: the SAM's password hashes, the LSA secrets
    /// (SECURITY), and the SYSTEM hive's boot key that decrypts them.
    pub(crate) const SECRET_HIVES: &[&str] = &["sam", "security", "system"];

    /// `reg save|export HKLM\SAM FILE`.
    pub(crate) fn reg_saves_secret_hive(s: &Stmt) -> bool {
        let ops = operands(s);
        matches!(
            ops.first().map(|o| o.to_ascii_lowercase()).as_deref(),
            Some("save" | "export")
        ) && ops.get(1).is_some_and(|k| secret_hive(k).is_some())
    }

    /// The secret hive a key names (`HKLM\SAM`, `HKEY_LOCAL_MACHINE\SECURITY`).
    pub(crate) fn secret_hive(k: &str) -> Option<&'static str> {
        let k = k.to_ascii_lowercase().replace('/', "\\");
        let rest = k
            .strip_prefix("hklm\\")
            .or_else(|| k.strip_prefix("hkey_local_machine\\"))?;
        let rest = rest.trim_end_matches('\\');
        SECRET_HIVES.iter().copied().find(|h| *h == rest)
    }

    /// Interpreters and system binaries an attacker runs code through (LOLBins): a Defender
    /// process exclusion of one of them leaves whatever it runs unscanned.
    const RUNNERS: &[&str] = &[
        "powershell",
        "pwsh",
        "cmd",
        "wscript",
        "cscript",
        "mshta",
        "rundll32",
        "regsvr32",
        "python",
        "pythonw",
        "node",
        "msiexec",
        "wmic",
        "certutil",
        "bitsadmin",
        "explorer",
    ];

    /// A Defender exclusion that leaves more than a project's own build folder unscanned
    /// (Add-MpPreference/Set-MpPreference `-ExclusionPath`/`-ExclusionExtension`/
    /// `-ExclusionProcess`; Microsoft Learn "Configure and validate exclusions", which warns
    /// against excluding drive roots, user folders, temporary folders and extensions such as
    /// `.exe`/`.ps1`): a drive root or a folder fewer than three levels down (`C:\`,
    /// `C:\Users\Public`), the system's and temporary folders, a wildcard, any extension, an
    /// interpreter or system binary as a process. `-ExclusionPath
    /// C:\Users\dev\src\app\target` is a narrow exclusion many build guides recommend.
    pub(crate) fn broad_exclusion(s: &Stmt) -> bool {
        if param(s, "exclusionextension").is_some() || param(s, "exclusionipaddress").is_some() {
            return true;
        }
        if let Some(v) = param(s, "exclusionprocess").flatten() {
            if super::split_list(&v).iter().any(|p| {
                let base = p
                    .rsplit(['\\', '/'])
                    .next()
                    .unwrap_or("")
                    .to_ascii_lowercase();
                let base = base.trim_end_matches(".exe");
                RUNNERS.contains(&base) || base.contains('*') || base.is_empty()
            }) {
                return true;
            }
        }
        let Some(paths) = param(s, "exclusionpath") else {
            return false;
        };
        let Some(paths) = paths else { return true };
        super::split_list(&paths).iter().any(|p| broad_path(p))
    }

    fn broad_path(p: &str) -> bool {
        let l = p.trim().to_ascii_lowercase().replace('/', "\\");
        if l.is_empty() || l.contains('*') || l.contains('%') || l.contains("$env:") {
            return true;
        }
        let rest = match l.as_bytes() {
            [d, b':', ..] if d.is_ascii_alphabetic() => &l[2..],
            _ if l.starts_with("\\\\") => return true,
            _ if l.starts_with('.') => return false,
            _ => &l[..],
        };
        let parts: Vec<&str> = rest.split('\\').filter(|x| !x.is_empty()).collect();
        let system = [
            "windows",
            "programdata",
            "program files",
            "program files (x86)",
            "temp",
            "tmp",
        ];
        parts.len() < 3
            || system.contains(&parts[0])
            || parts
                .iter()
                .any(|x| matches!(*x, "appdata" | "temp" | "public" | "downloads" | "desktop"))
    }

    /// `Set-Service -StartupType Disabled` or `-Status Stopped`.
    pub(crate) fn service_disabled(s: &Stmt) -> bool {
        let v = |p: &str| {
            param(s, p)
                .flatten()
                .unwrap_or_default()
                .to_ascii_lowercase()
        };
        v("startuptype") == "disabled" || v("status") == "stopped"
    }
}

/// Where `$env:NAME`/`%NAME%` points, as a Windows path (`~` the home).
fn env_value(name: &str) -> Option<&'static str> {
    Some(match name.to_ascii_lowercase().as_str() {
        "userprofile" | "home" => "~",
        "appdata" => "~\\AppData\\Roaming",
        "localappdata" => "~\\AppData\\Local",
        "temp" | "tmp" => "/tmp",
        "systemroot" | "windir" => "C:\\Windows",
        "systemdrive" | "homedrive" => "C:",
        "programfiles" | "programw6432" => "C:\\Program Files",
        "programfiles(x86)" => "C:\\Program Files (x86)",
        "programdata" | "allusersprofile" => "C:\\ProgramData",
        "public" => "C:\\Users\\Public",
        _ => return None,
    })
}

/// Expands the variables a path may hold (`$env:X`, `${env:X}`, `%X%`, `$HOME`, `$PROFILE`,
/// `$PWD`, `$PSScriptRoot`); `None` when one is unknown.
fn expand_vars(w: &str, cwd: &Cwd) -> Option<String> {
    let mut out = String::new();
    let mut rest = w;
    while let Some(i) = rest.find(['$', '%']) {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        if let Some(p) = after.strip_prefix('%') {
            let end = p.find('%')?;
            out.push_str(env_value(&p[..end])?);
            rest = &p[end + 1..];
            continue;
        }
        let body = &after[1..];
        let (name, tail) = if let Some(b) = body.strip_prefix('{') {
            let end = b.find('}')?;
            (&b[..end], &b[end + 1..])
        } else {
            let end = body
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(body.len());
            (&body[..end], &body[end..])
        };
        let lname = name.to_ascii_lowercase();
        let v = if let Some(e) = lname.strip_prefix("env:") {
            env_value(e)?.to_string()
        } else {
            match lname.as_str() {
                "home" => "~".to_string(),
                "profile" => "~\\Documents\\PowerShell\\Microsoft.PowerShell_profile.ps1".into(),
                "pwd" | "psscriptroot" if cwd.known => cwd.text.clone(),
                _ => return None,
            }
        };
        out.push_str(&v);
        rest = tail;
    }
    out.push_str(rest);
    Some(out)
}

/// A Windows path operand mapped onto the analyzer's locations: `C:\` (any drive root) is `/`,
/// `C:\Users` the folder of the homes (the home's parent) and `C:\Users\NAME` that folder's
/// `NAME`, `~`/`$HOME`/`$env:USERPROFILE`/`%USERPROFILE%` the home, `$env:TEMP` `/tmp`;
/// relative paths are below the working folder; a variable of unknown value, a UNC path or a
/// drive-relative path (`C:x`) is only known at run time.
pub(crate) fn win_path(w: &str, a: &Analyzer, cwd: &Cwd) -> Resolved {
    let raw = unquote(w);
    let home = paths::normalize(&a.ctx.home);
    let unknown = |p: &str| Resolved {
        path: p.to_string(),
        dynamic: true,
        glob: crate::expand::has_glob(p),
    };
    let Some(v) = expand_vars(&raw, cwd) else {
        // A relative path whose later part is only known at run time (`logs\$(date).log`,
        // `out\%STAMP%.txt`) is still below the working folder, as the POSIX reading has it.
        let bytes = raw.as_bytes();
        let drive = bytes.len() >= 2 && bytes[1] == b':';
        let anchored = raw.starts_with(['$', '%', '~', '/', '\\']) || drive;
        if cwd.known && !raw.is_empty() && !anchored {
            return Resolved {
                path: paths::join(&cwd.text, &raw.replace('\\', "/")),
                dynamic: true,
                glob: crate::expand::has_glob(&raw),
            };
        }
        return unknown(&raw);
    };
    let v = v.replace('\\', "/");
    if v.starts_with("//") {
        return unknown(&v);
    }
    let glob = crate::expand::has_glob(&v);
    let b = v.as_bytes();
    let abs = if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        let rest = &v[2..];
        if !rest.is_empty() && !rest.starts_with('/') {
            return unknown(&raw);
        }
        let rest = if rest.is_empty() { "/" } else { rest };
        let homes = match home.rfind('/') {
            Some(0) | None => "/home".to_string(),
            Some(i) => home[..i].to_string(),
        };
        let lower = rest.to_ascii_lowercase();
        if lower == "/users" || lower.starts_with("/users/") {
            paths::normalize(&format!("{homes}{}", &rest["/users".len()..]))
        } else {
            paths::normalize(rest)
        }
    } else if v == "~" || v.starts_with("~/") {
        paths::normalize(&format!("{home}{}", &v[1..]))
    } else if v.starts_with('/') {
        paths::normalize(&v)
    } else {
        if !cwd.known {
            return unknown(&v);
        }
        paths::join(&cwd.text, &v)
    };
    Resolved {
        path: abs,
        dynamic: false,
        glob,
    }
}

/// Runs the statements of `text` (Windows syntax) in `cwd`, recording their facts.
pub(crate) fn run(a: &mut Analyzer, text: &str, dialect: Dialect, cwd: &Cwd, depth: u32) {
    if depth > MAX_DEPTH || text.trim().is_empty() {
        return;
    }
    let stmts = split(text, dialect);
    let mut cwd = cwd.clone();
    // Text the line itself wrote into files (`echo clean >> s.txt`), for scripts it runs.
    let mut written: Vec<(String, String)> = Vec::new();
    for s in &stmts {
        let outer_fleet = a.fleet.clone();
        if let Some(f) = crate::controls::fleet_target(s) {
            a.fleet = Some(f);
        }
        for g in &s.groups {
            run(a, g, Dialect::PowerShell, &cwd, depth + 1);
        }
        a.fleet = outer_fleet;
        let preview = param(s, "whatif").is_some_and(|v| {
            !v.is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "$false" | "false"))
        });
        if preview {
            continue;
        }
        for r in &s.redirects {
            let t = unquote(r).to_ascii_lowercase();
            if matches!(t.as_str(), "$null" | "nul" | "null") {
                continue;
            }
            let p = win_path(r, a, &cwd);
            a.add_path(&p, Access::Write, &s.word, false, &s.text);
            if matches!(s.name.as_str(), "echo" | "write-output" | "write") {
                let line = s.words.iter().map(|w| unquote(w)).collect::<Vec<_>>();
                match written.iter_mut().find(|(f, _)| *f == p.path) {
                    Some((_, t)) => {
                        t.push('\n');
                        t.push_str(&line.join(" "));
                    }
                    None => written.push((p.path.clone(), line.join(" "))),
                }
            }
        }
        match s.name.as_str() {
            "cd" | "chdir" | "set-location" | "sl" | "pushd" => {
                if let Some(o) = operands(s).first().or(param(s, "path").flatten().as_ref()) {
                    let p = win_path(o, a, &cwd);
                    cwd = Cwd {
                        text: p.path,
                        known: !p.dynamic,
                    };
                }
                continue;
            }
            "cmd" => {
                let at = s
                    .words
                    .iter()
                    .position(|w| matches!(w.to_ascii_lowercase().as_str(), "/c" | "/k" | "/r"));
                if let Some(at) = at {
                    let rest = s.words[at + 1..].join(" ");
                    let rest = if s.words.len() == at + 2 {
                        strip_outer_quotes(&rest)
                    } else {
                        rest
                    };
                    run(a, &rest, Dialect::Cmd, &cwd, depth + 1);
                }
                continue;
            }
            "powershell" | "pwsh" => {
                pwsh(a, s, &cwd, depth);
                continue;
            }
            "start-process" | "saps" | "start" => {
                // Start-Process FILE ARGS (`-FilePath`, `-ArgumentList`, positions 0 and 1;
                // cmd's `start ["title"] PROGRAM ARGS`): the program runs with those arguments.
                let file = param(s, "filepath").flatten();
                let mut ops = operands(s);
                if s.name == "start" && s.words.first().is_some_and(|w| w.starts_with('"')) {
                    // cmd's `start "title" …`: the first quoted operand is the window's title.
                    ops.drain(..ops.len().min(1));
                }
                let file = file.or_else(|| (!ops.is_empty()).then(|| ops.remove(0)));
                let args = param(s, "argumentlist")
                    .flatten()
                    .map(|v| split_list(&v).join(" "))
                    .or_else(|| (!ops.is_empty()).then(|| ops.join(" ")));
                if let Some(f) = file {
                    let line = format!("{f} {}", args.unwrap_or_default());
                    run(a, &line, dialect, &cwd, depth + 1);
                }
                continue;
            }
            "iex" | "invoke-expression" => {
                // A literal string handed to Invoke-Expression runs as code.
                if let Some(code) = s.words.first().filter(|w| w.starts_with(['\'', '"'])) {
                    run(a, &unquote(code), Dialect::PowerShell, &cwd, depth + 1);
                }
                continue;
            }
            _ => {}
        }
        for row in ROWS.iter().filter(|r| r.names.contains(&s.name.as_str())) {
            if applies(row, s) {
                apply(a, row, s, &stmts, &cwd, &written);
            }
        }
        shapes::apply(a, s, &stmts, &cwd);
        crate::controls::observe_windows(a, s, &stmts);
        admin::apply(a, s, &stmts);
    }
    shapes::downloads_run(a, &stmts, &cwd);
}

/// `"…"` or `'…'` around the whole text taken off.
fn strip_outer_quotes(t: &str) -> String {
    let t = t.trim();
    let b = t.as_bytes();
    if b.len() >= 2 && matches!(b[0], b'"' | b'\'') && b[b.len() - 1] == b[0] {
        return t[1..t.len() - 1].to_string();
    }
    t.to_string()
}

/// `powershell`/`pwsh` inside a Windows line: `-Command` text and `-EncodedCommand` payloads
/// (base64 of UTF-16LE text, `pwsh -Help`) run in turn.
fn pwsh(a: &mut Analyzer, s: &Stmt, cwd: &Cwd, depth: u32) {
    let mut i = 0;
    while let Some(w) = s.words.get(i) {
        let l = w.to_ascii_lowercase();
        let l = l.trim_start_matches(['-', '/']);
        if ["encodedcommand", "enc", "e", "ec", "en", "encoded"].contains(&l) {
            if let Some(b) = s.words.get(i + 1) {
                let payload = crate::decode::base64(&unquote(b)).map(|b| utf16le(&b));
                a.decoded_exec(
                    "powershell -EncodedCommand",
                    "powershell",
                    payload.as_deref(),
                    &s.text,
                );
                if let Some(p) = payload {
                    run(a, &p, Dialect::PowerShell, cwd, depth + 1);
                }
            }
            return;
        }
        if ["command", "c", "com", "comm"].contains(&l) || !w.starts_with(['-', '/']) {
            let from = if w.starts_with(['-', '/']) { i + 1 } else { i };
            let rest = s.words.get(from..).unwrap_or(&[]).join(" ");
            let rest = if s.words.len() == from + 1 {
                strip_outer_quotes(&rest)
            } else {
                rest
            };
            run(a, &rest, Dialect::PowerShell, cwd, depth + 1);
            return;
        }
        let takes = matches!(
            l,
            "executionpolicy" | "ep" | "windowstyle" | "w" | "file" | "f" | "workingdirectory"
        );
        i += if takes { 2 } else { 1 };
    }
}

/// UTF-16LE bytes as text (lossy).
fn utf16le(b: &[u8]) -> String {
    let units: Vec<u16> = b
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    String::from_utf16_lossy(&units)
}

/// Whether `row`'s condition holds for `s`.
fn applies(row: &Row, s: &Stmt) -> bool {
    match row.when {
        When::Always => true,
        When::Sub(subs) => first_operand(s).is_some_and(|o| subs.contains(&o.as_str())),
        When::Words(all) => {
            let w = lower_words(s);
            all.iter().all(|x| w.iter().any(|y| y == x))
        }
        When::AnyWord(any) => lower_words(s).iter().any(|y| {
            any.iter()
                .any(|x| y == x || (x.starts_with('/') && y.starts_with(&format!("{x}:"))))
        }),
        When::Param(name, values) => match param(s, name) {
            Some(v) if values.is_empty() => v.is_some(),
            Some(Some(v)) => values.contains(&v.to_ascii_lowercase().as_str()),
            _ => false,
        },
        When::ParamTrue(prefix) => s.words.iter().enumerate().any(|(i, w)| {
            let Some(p) = param_name(w) else { return false };
            if !p.starts_with(prefix) {
                return false;
            }
            let v = match w.split_once(':') {
                Some((_, v)) => Some(v.to_string()),
                None => s.words.get(i + 1).cloned(),
            };
            v.is_some_and(|v| {
                matches!(
                    unquote(&v).to_ascii_lowercase().as_str(),
                    "$true" | "true" | "1"
                )
            })
        }),
        When::Check(f) => f(s),
    }
}

/// The path operands: the values of `-Path`, `-LiteralPath`, `-FilePath` (comma lists split)
/// and the operands.
fn path_operands(s: &Stmt) -> Vec<String> {
    let mut out = Vec::new();
    for p in ["path", "literalpath", "filepath", "pspath"] {
        // Only the full name or an unambiguous prefix of at least two letters names these.
        let given = s.words.iter().any(|w| {
            param_name(w).is_some_and(|n| n.len() >= 2 && p.starts_with(&n) && n != "pa")
                || param_name(w).as_deref() == Some(p)
        });
        if given {
            if let Some(Some(v)) = param(s, p) {
                match shapes::join_path(&v) {
                    Some(j) => out.push(j),
                    None => out.extend(split_list(&v)),
                }
            }
        }
    }
    for o in operands(s) {
        match shapes::join_path(&o) {
            Some(j) => out.push(j),
            None => out.extend(split_list(&o)),
        }
    }
    out
}

/// A PowerShell array literal `a,b` as its elements.
fn split_list(v: &str) -> Vec<String> {
    v.split(',')
        .map(str::trim)
        .filter(|x| !x.is_empty())
        .map(str::to_string)
        .collect()
}

/// Records `row`'s effect for `s`.
#[allow(clippy::too_many_arguments)]
fn apply(
    a: &mut Analyzer,
    row: &Row,
    s: &Stmt,
    stmts: &[Stmt],
    cwd: &Cwd,
    written: &[(String, String)],
) {
    let ev = s.text.as_str();
    let how = s.word.as_str();
    let canonical = row.names.first().copied().unwrap_or("");
    match row.effect {
        Effect::Delete(recurse) => {
            let recursive = recurse.iter().any(|r| {
                if r.starts_with('/') {
                    lower_words(s).iter().any(|w| w == r)
                } else {
                    s.words
                        .iter()
                        .filter_map(|w| param_name(w))
                        .any(|p| r.starts_with(&p))
                }
            });
            let targets: Vec<String> = path_operands(s)
                .into_iter()
                .filter(|t| !t.starts_with('('))
                .collect();
            if targets.is_empty() {
                // Items piped in from a listing (`Get-ChildItem DIR -Recurse | Remove-Item`):
                // every entry below DIR.
                if let Some(prev) = s.prev.and_then(|p| stmts.get(p)) {
                    if matches!(
                        prev.name.as_str(),
                        "get-childitem" | "gci" | "ls" | "dir" | "get-item" | "gi"
                    ) {
                        let deep = prev
                            .words
                            .iter()
                            .filter_map(|w| param_name(w))
                            .any(|p| "recurse".starts_with(&p));
                        let root = path_operands(prev)
                            .into_iter()
                            .next()
                            .map_or_else(|| paths::working_dir(cwd), |p| win_path(&p, a, cwd));
                        let all = Resolved {
                            path: if root.path == "/" {
                                "/*".to_string()
                            } else {
                                format!("{}/*", root.path)
                            },
                            dynamic: root.dynamic,
                            glob: true,
                        };
                        a.add_path(&all, Access::Delete, how, recursive || deep, ev);
                    }
                }
            }
            for t in targets {
                let p = win_path(&t, a, cwd);
                a.add_path(&p, Access::Delete, how, recursive, ev);
            }
        }
        Effect::Read => {
            for t in path_operands(s) {
                let p = win_path(&t, a, cwd);
                a.add_path(&p, Access::Read, how, false, ev);
            }
        }
        Effect::Write => {
            if let Some(t) = path_operands(s).into_iter().next() {
                let p = win_path(&t, a, cwd);
                a.add_path(&p, Access::Write, how, false, ev);
            }
        }
        Effect::Copy(moves) => {
            let recursive = s.words.iter().any(|w| {
                param_name(w).is_some_and(|p| "recurse".starts_with(&p))
                    || matches!(
                        w.to_ascii_lowercase().as_str(),
                        "/s" | "/e" | "/mir" | "/move"
                    )
            });
            let mut ops = operands(s);
            let src = param(s, "path")
                .flatten()
                .or_else(|| param(s, "literalpath").flatten());
            let src = match src {
                Some(v) => Some(v),
                None if !ops.is_empty() => Some(ops.remove(0)),
                None => None,
            };
            let dest = param(s, "destination")
                .flatten()
                .or_else(|| ops.first().cloned());
            for t in src.iter().flat_map(|v| split_list(v)) {
                let p = win_path(&t, a, cwd);
                a.add_path(&p, Access::Read, how, recursive, ev);
                if moves {
                    a.add_path(&p, Access::Delete, how, recursive, ev);
                }
            }
            if let Some(d) = dest {
                let p = win_path(&d, a, cwd);
                a.add_path(&p, Access::Create, how, recursive, ev);
            }
        }
        Effect::Volume => {
            let letter = param(s, "driveletter")
                .flatten()
                .and_then(|v| v.chars().next())
                .or_else(|| operands(s).iter().find_map(|o| checks::drive_of(o)))
                .or_else(|| {
                    lower_words(s).iter().find_map(|w| {
                        w.strip_prefix("/w:")
                            .and_then(|p| p.chars().next())
                            .filter(char::is_ascii_alphabetic)
                    })
                })
                .map_or("current".to_string(), |c| {
                    c.to_ascii_uppercase().to_string()
                });
            let p = Resolved {
                path: format!("/dev/disk/windows/volume-{letter}"),
                dynamic: false,
                glob: false,
            };
            a.add_path(&p, Access::Write, how, false, ev);
        }
        Effect::Disk => {
            let n = param(s, "number")
                .flatten()
                .or_else(|| param(s, "disknumber").flatten())
                .filter(|n| n.chars().all(|c| c.is_ascii_digit()) && !n.is_empty());
            let p = match n {
                Some(n) => format!("/dev/disk/windows/disk-{n}"),
                None => match param(s, "driveletter").flatten() {
                    Some(l) => format!("/dev/disk/windows/volume-{}", l.to_ascii_uppercase()),
                    None => "/dev/disk/windows/disk".to_string(),
                },
            };
            let p = Resolved {
                path: p,
                dynamic: false,
                glob: false,
            };
            a.add_path(&p, Access::Write, how, false, ev);
        }
        Effect::Evasion(kind) => a.evasion(kind, canonical, ev),
        Effect::Persistence(kind) => a.persistence(kind, canonical, ev),
        Effect::Account => a.persistence("account", canonical, ev),
        Effect::PowerOff => {
            let mut argv = vec![canonical.to_string()];
            argv.extend(s.words.iter().map(|w| unquote(w)));
            a.facts.commands.push(crate::facts::CommandFact {
                program: canonical.to_string(),
                argv,
                cwd: cwd.text.clone(),
                evidence: crate::analyzer::truncate(ev, 300),
                wrappers: Vec::new(),
                depth: 0,
            });
        }
        Effect::Stop(params, index) => {
            let mut targets: Vec<String> = params
                .iter()
                .filter_map(|p| param(s, p).flatten())
                .flat_map(|v| split_list(&v))
                .collect();
            if targets.is_empty() {
                if let Some(o) = operands(s).get(index) {
                    targets.extend(split_list(o));
                }
            }
            if !targets.is_empty() {
                a.signal(canonical, None, targets, ev);
            }
        }
        Effect::SecretPrint => {
            let form = s.words.first().map(|w| unquote(w)).unwrap_or_default();
            a.facts.secret_prints.push(crate::facts::SecretPrintFact {
                by_shape: false,
                program: canonical.to_string(),
                form,
                captured: !s.redirects.is_empty(),
                evidence: crate::analyzer::truncate(ev, 300),
            });
        }
        Effect::HiveSave => {
            let ops = operands(s);
            if let Some(h) = ops.get(1).and_then(|k| checks::secret_hive(k)) {
                let hive = format!("C:\\Windows\\System32\\config\\{}", h.to_ascii_uppercase());
                let p = win_path(&hive, a, cwd);
                a.add_path(&p, Access::Read, how, false, ev);
            }
            if let Some(f) = ops.get(2) {
                let p = win_path(f, a, cwd);
                a.add_path(&p, Access::Create, how, false, ev);
            }
        }
        Effect::DiskpartScript => {
            let Some(file) = param(s, "/s").flatten() else {
                a.dynamic_code("diskpart", "stdin", None, &[], ev);
                return;
            };
            let p = win_path(&file, a, cwd);
            let Some((_, script)) = written.iter().find(|(f, _)| *f == p.path) else {
                a.dynamic_code("diskpart", "unknown", Some(file), &[], ev);
                return;
            };
            diskpart_script(a, script, how, ev);
        }
    }
}

/// A diskpart script's destructive commands (`clean`, `format`, `delete partition|volume|disk`;
/// diskpart's command reference) on the disk or volume it selected.
fn diskpart_script(a: &mut Analyzer, script: &str, how: &str, ev: &str) {
    let mut target = "/dev/disk/windows/disk".to_string();
    for line in script.lines() {
        let w: Vec<String> = line
            .split_whitespace()
            .map(str::to_ascii_lowercase)
            .collect();
        match (
            w.first().map(String::as_str),
            w.get(1).map(String::as_str),
            w.get(2),
        ) {
            (Some("select" | "sel"), Some("disk"), Some(n)) => {
                target = format!("/dev/disk/windows/disk-{n}");
            }
            (Some("select" | "sel"), Some("volume" | "vol"), Some(n)) => {
                target = format!("/dev/disk/windows/volume-{}", n.to_ascii_uppercase());
            }
            (Some("clean" | "format"), _, _) | (Some("delete" | "del"), Some(_), _) => {
                let p = Resolved {
                    path: target.clone(),
                    dynamic: false,
                    glob: false,
                };
                a.add_path(&p, Access::Write, how, false, ev);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
