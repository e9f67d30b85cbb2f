//! The error type of this crate.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Everything that can go wrong while planning, applying or inspecting a hook registration.
///
/// Every variant that concerns a settings file names it; parse and shape errors also give the
/// JSON path of the field (`hooks.PreToolUse[1].hooks`), the 1-based line and column when they
/// are known, what was expected, and how to fix it. Planning and inspecting never write, so
/// any error from [`plan_install`](crate::plan_install), [`plan_uninstall`](crate::plan_uninstall)
/// or [`inspect`](crate::inspect) leaves the file untouched.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum InstallError {
    /// Reading, writing, renaming or syncing a file or directory failed.
    #[error("cannot {action} {}: {source}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// What was being done, as a verb phrase ("read", "create the directory", …).
        action: &'static str,
        /// The operating system's error.
        #[source]
        source: io::Error,
    },

    /// The file starts with a UTF-8 byte-order mark (bytes `EF BB BF`), which JSON (RFC 8259
    /// §8.1: "Implementations MUST NOT add a byte order mark") and the agents' parsers reject.
    #[error(
        "{} starts with a UTF-8 byte-order mark (bytes EF BB BF), which JSON settings files must \
         not have; re-save it as \"UTF-8\" without BOM (in a shell: sed -i '1s/^\\xEF\\xBB\\xBF//' \
         {}){}",
        path.display(),
        path.display(),
        AfterBom(after_bom.as_deref())
    )]
    ByteOrderMark {
        /// The settings file.
        path: PathBuf,
        /// The problem found in the rest of the file once the mark is skipped, if any, so both
        /// can be fixed in one go.
        after_bom: Option<Box<InstallError>>,
    },

    /// The file is not valid UTF-8 (JSON text must be UTF-8, RFC 8259 §8.1).
    #[error(
        "{} is not valid UTF-8 at line {line} column {column} (byte offset {offset}); JSON settings \
         must be UTF-8: re-save the file with UTF-8 encoding",
        path.display()
    )]
    InvalidUtf8 {
        /// The settings file.
        path: PathBuf,
        /// 1-based line of the first invalid byte.
        line: usize,
        /// 1-based column (in characters) of the first invalid byte.
        column: usize,
        /// 0-based byte offset of the first invalid byte.
        offset: usize,
    },

    /// The file is not syntactically valid JSON.
    #[error(
        "{} is not valid JSON: {message} at line {line} column {column}; {}",
        path.display(),
        kind.hint()
    )]
    Syntax {
        /// The settings file.
        path: PathBuf,
        /// 1-based line reported by the JSON parser (`serde_json`).
        line: usize,
        /// 1-based column reported by the JSON parser (`serde_json`).
        column: usize,
        /// The parser's description of the problem, e.g. "trailing comma".
        message: String,
        /// The class of problem, which selects the fix suggested.
        kind: SyntaxKind,
    },

    /// A field has the wrong JSON type (or a required field is missing) for the agent's
    /// settings format.
    #[error(
        "{}: {}{} must be {expected}, found {found}; fix it by hand (the agent would reject or \
         ignore this file too), then run the command again",
        path.display(),
        Field(field),
        At(*line, *column)
    )]
    Shape {
        /// The settings file.
        path: PathBuf,
        /// JSON path of the field, e.g. `hooks.PreToolUse[1].hooks`; empty for the document
        /// itself.
        field: String,
        /// 1-based line of the field's value (or of its enclosing object when the field is
        /// missing), when it could be located.
        line: Option<usize>,
        /// 1-based column (in characters) matching `line`.
        column: Option<usize>,
        /// What the format requires there, e.g. "an array of hook handlers".
        expected: &'static str,
        /// What the file holds there, e.g. "a string" or "nothing (the key is missing)".
        found: &'static str,
    },

    /// A TOML file (Codex's `config.toml`) does not parse.
    #[error(
        "{} is not valid TOML: {message} at line {line} column {column}; fix it by hand (Codex \
         would reject it too), then run the command again; nothing was written",
        path.display()
    )]
    Toml {
        /// The TOML file.
        path: PathBuf,
        /// 1-based line of the error (0 when unknown).
        line: usize,
        /// 1-based column, in characters (0 when unknown).
        column: usize,
        /// The parser's (`toml_edit`) description of the problem.
        message: String,
    },

    /// A TOML key this crate edits holds something other than a table.
    #[error(
        "{}: `{field}` must be a table, found {found}; fix it by hand, then run the command \
         again; nothing was written",
        path.display()
    )]
    TomlShape {
        /// The TOML file.
        path: PathBuf,
        /// The dotted key, `hooks` or `hooks.state`.
        field: &'static str,
        /// What the file holds there (`toml_edit`'s type name, e.g. "string").
        found: &'static str,
    },

    /// The [`HookSpec`](crate::HookSpec) cannot be registered as given.
    #[error("invalid hook spec: `{field}` {problem}")]
    InvalidSpec {
        /// The spec field at fault (`command`, `events`, `timeout`, `matcher`).
        field: &'static str,
        /// What is wrong and what is expected.
        problem: String,
    },

    /// [`apply`](crate::apply) found the file different from what the plan was computed from.
    #[error(
        "{} changed after the plan was made (someone else wrote it); nothing was written: plan \
         again to see a fresh diff",
        path.display()
    )]
    ChangedSincePlan {
        /// The settings file.
        path: PathBuf,
    },

    /// A settings file with comments could not be edited in place (for example a key written
    /// twice in one object), and rewriting it whole would lose its comments. Nothing was
    /// written.
    #[error(
        "{} holds comments and cannot be edited in place (is a key written twice in one \
         object?); nothing was written: remove the repeated key, or the comments, and run \
         again",
        path.display()
    )]
    CannotEditInPlace {
        /// The settings file.
        path: PathBuf,
    },

    /// A program path cannot be written into a JSON settings file.
    #[error(
        "the program path {} is not valid UTF-8 and cannot be written into a JSON settings file; \
         install hookward under a UTF-8 path",
        program.display()
    )]
    NonUtf8Program {
        /// The offending path.
        program: PathBuf,
    },
}

/// The class of a JSON syntax error, used to suggest the fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxKind {
    /// A comma before a closing `]` or `}` (allowed by JavaScript, not by JSON).
    TrailingComma,
    /// The text ends before the JSON value is complete (a truncated file).
    Truncated,
    /// A `//` or `/* */` comment (JSON has none).
    Comment,
    /// Any other syntax error.
    Other,
}

impl SyntaxKind {
    /// The fix suggested for this class of error.
    pub fn hint(self) -> &'static str {
        match self {
            SyntaxKind::TrailingComma => {
                "remove the comma before the closing bracket or brace (JSON allows no trailing \
                 commas)"
            }
            SyntaxKind::Truncated => {
                "the file ends before the JSON is complete (truncated?): complete it or restore \
                 it from a backup"
            }
            SyntaxKind::Comment => "remove the comment (JSON has no comments)",
            SyntaxKind::Other => "fix the JSON at that position",
        }
    }
}

/// Renders a JSON path for messages: `` `hooks.Stop` ``, or "the top-level value" when empty.
struct Field<'a>(&'a str);

impl fmt::Display for Field<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            f.write_str("the top-level value")
        } else {
            write!(f, "`{}`", self.0)
        }
    }
}

/// Renders ` (line L column C)` when a position is known.
struct At(Option<usize>, Option<usize>);

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.0, self.1) {
            (Some(line), Some(column)) => write!(f, " (line {line} column {column})"),
            (Some(line), None) => write!(f, " (line {line})"),
            _ => Ok(()),
        }
    }
}

/// Renders the error found after a byte-order mark, if any.
struct AfterBom<'a>(Option<&'a InstallError>);

impl fmt::Display for AfterBom<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(inner) => write!(
                f,
                "; after the mark, the file has a second problem: {inner}"
            ),
            None => Ok(()),
        }
    }
}
