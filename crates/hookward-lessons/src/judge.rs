//! Which failures can teach anything, and whether a fix answers its failure.
//!
//! The replay on real transcripts (BENCHMARKS.md, "Lessons", "Replay on real transcripts";
//! the rule of judgement in `scripts/lessons_replay/README.md`) showed most failures deserve
//! no lesson. This module holds the classes of that rule that can be read from a call's shape
//! and its error text, each as data:
//!
//! - **the outside world at that moment** ([`WORLD_STATE`], [`is_lock_held`],
//!   [`is_resolver_error`]): a DNS lookup timing out, a connection refused, a port already
//!   taken, a host that rejects the key, a lock held by another process. The next run may
//!   well succeed with nothing learned; such a failure opens no episode;
//! - **a call stopped by the user or a hook** ([`is_harness_stop`]) opens none either; **the
//!   project's own code failing** ([`is_code_failure`]) is learned only when a setup file was
//!   edited or a command run before the fix (`crate::distill`);
//! - **look-only commands** ([`is_look_only`]): judged by shape, not by a list of known
//!   probes — every stage only lists, shows or queries (`opkg list-installed | grep x`,
//!   PowerShell `Get-Process … | Measure-Object`, `kubectl get pods`, `dig name`) and nothing
//!   is written. When such a command fails, failing is usually the answer (nothing matched,
//!   nothing running); it opens an episode only when its error says the command itself was
//!   wrong ([`is_usage_error`]: an unknown flag, a bad parameter, a missing program). Its
//!   success never closes an episode of other work (looking is not fixing);
//! - **a fix that answers the failure** ([`points_at`]): the fixing call must change something
//!   the failure's text points at — the error is a usage error (any flag change answers it),
//!   it names a missing or misplaced thing (a path, a module, a repository: any change may
//!   answer it), or a word the fix added or removed, or a word of a command run in between,
//!   appears in the error text. A different command that happens to succeed next is not a fix.
//!
//! Nothing here runs a command or reads a file: words and texts only.

use crate::family::{every_segment, program_words, segments, PROBES};

/// Phrases of a failure caused by the outside world at that moment (network, DNS, a remote
/// service, a port held by a running process), matched case-insensitively in the first lines of
/// the error text. Kept to phrases no usage mistake prints. Locks held by another process and
/// resolver errors are also matched by shape ([`is_lock_held`], [`is_resolver_error`]), not
/// only by these phrases.
pub const WORLD_STATE: &[&str] = &[
    "connection timed out",
    "no servers could be reached",
    "timeout period expired",
    "operation timed out",
    "dns operation refused",
    "could not resolve host",
    "temporary failure in name resolution",
    "name or service not known",
    "nodename nor servname provided",
    "network is unreachable",
    "no route to host",
    "connection refused",
    "connection reset by peer",
    "address already in use",
    "permission denied (publickey",
    "host is down",
    "service unavailable",
    "502 bad gateway",
    "503 service unavailable",
    "504 gateway time",
    "too many requests",
    "rate limit exceeded",
    "econnrefused",
    "econnreset",
    "etimedout",
    "ehostunreach",
    "enetunreach",
    "socket hang up",
];

/// Words that, on one line with a lock word ([`is_lock_held`]), say that another process holds
/// it: the failure is the machine's state at that moment, not a way of running the work.
pub const LOCK_HOLDERS: &[&str] = &[
    "another process",
    "another instance",
    "another git process",
    "other process",
    "held by",
    "is held",
    "already locked",
    "has already locked",
    "is locked",
    "locked by",
    "could not lock",
    "could not get lock",
    "could not acquire",
    "unable to lock",
    "unable to acquire",
    "failed to lock",
    "failed to acquire",
    "waiting for",
    "resource temporarily unavailable",
    "file exists",
];

/// Whether a line of the error text (first 40, last 20) says a lock is held by another process:
/// `lock` (`lock`, `locked`, `lockfile`, `index.lock`, `dpkg/lock-frontend`, `Blocking
/// waiting for file lock`) with one of [`LOCK_HOLDERS`] on the same line. `lockfile` words
/// of a package manager's *file* (`package-lock.json`, `Cargo.lock is out of date`, `frozen
/// lockfile`) are not locks held by anyone and are not matched.
pub fn is_lock_held(text: &str) -> bool {
    lower_ends(text).lines().any(|l| {
        let mentions_lock = l.match_indices("lock").any(|(i, _)| {
            // `block`, `clock`, `unlock` are other words; a lock file of a package manager
            // (`package-lock`, `cargo.lock`, `lockfile`) is configuration, not a held lock
            let before = l[..i].chars().next_back();
            !before.is_some_and(|c| c.is_ascii_alphabetic())
                && !l[i..].starts_with("lockfile")
                && !l[..i].ends_with("package-")
                && !l[..i].ends_with("cargo.")
                && !l[..i].ends_with("yarn.")
                && !l[..i].ends_with("poetry.")
                && !l[..i].ends_with("uv.")
                && !l[..i].ends_with("gemfile.")
        });
        mentions_lock && LOCK_HOLDERS.iter().any(|h| l.contains(h))
    })
}

/// Resolver words: a name lookup that failed, in the spellings of the common resolvers and
/// runtimes (`getaddrinfo ENOTFOUND`, `EAI_AGAIN`, `NXDOMAIN`, `Could not resolve hostname`,
/// `Name does not resolve`, `Unknown host`, `server can't find`, `ERR_NAME_NOT_RESOLVED`).
pub const RESOLVER_WORDS: &[&str] = &[
    "getaddrinfo",
    "enotfound",
    "eai_again",
    "eai_noname",
    "nxdomain",
    "servfail",
    "name_not_resolved",
    "could not resolve hostname",
    "could not resolve proxy",
    "failed to resolve host",
    "failed to lookup address",
    "name does not resolve",
    "name resolution",
    "unknown host",
    "server can't find",
    "no address associated with hostname",
    "nodename nor servname",
    "dns lookup",
    "dns resolution",
];

/// Whether the error text (first 40, last 20 lines) is a failed name lookup ([`RESOLVER_WORDS`]).
pub fn is_resolver_error(text: &str) -> bool {
    let t = lower_ends(text);
    RESOLVER_WORDS.iter().any(|w| contains_word(&t, w))
}

/// Whether `t` contains `w` starting at a word boundary (`ENOTFOUND`, not
/// `ModuleNotFoundError`).
fn contains_word(t: &str, w: &str) -> bool {
    t.match_indices(w).any(|(i, _)| {
        !t[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric())
    })
}

/// Phrases of a shell's own parse or quoting error: the command line could not even be read,
/// whatever program it named (an unclosed quote, a backtick or `$_` eaten by another shell,
/// PowerShell's parser). Such a failure is never a probe's answer: the probe did not run.
pub const SHELL_SYNTAX_PHRASES: &[&str] = &[
    "syntax error",
    "unexpected token",
    "unexpected eof",
    "unexpected end of file",
    "unterminated quoted string",
    "unterminated string",
    "no closing quote",
    "missing the terminator",
    "missing closing",
    "missing terminator",
    "parsererror",
    "parseexception",
    "bad substitution",
    "unmatched",
    "unexpected character",
    "expressions are only allowed as the first element of a pipeline",
    "the string is missing",
    "ampersand (&) character is not allowed",
];

/// Whether an error text is a shell's parse or quoting error ([`SHELL_SYNTAX_PHRASES`], first
/// 40 lines).
pub fn is_shell_syntax_error(text: &str) -> bool {
    let t = lower_head(text, 40);
    SHELL_SYNTAX_PHRASES.iter().any(|p| t.contains(p))
}

/// Phrases that say a probe-shaped call (`X --version`, `whoami /groups`) could not run as
/// written — an extra or unknown operand, an unknown option — rather than answering "not
/// here": then its failure is a mistake in how the command was written, not a probe result.
pub const COULD_NOT_RUN_PHRASES: &[&str] = &[
    "extra operand",
    "invalid option",
    "unknown option",
    "unrecognized option",
    "illegal option",
    "invalid argument",
    "unexpected argument",
    "invalid switch",
    "cannot be loaded because running scripts is disabled",
    "is not digitally signed",
    "exec format error",
    "bad interpreter",
    "cannot execute binary file",
];

/// Whether a probe-shaped call's error says the command could not run as written (a shell
/// parse or quoting error, [`is_shell_syntax_error`], or [`COULD_NOT_RUN_PHRASES`]) — as
/// opposed to the probe's answer (`command not found`, `No such file`, an empty match).
pub fn probe_could_not_run(text: &str) -> bool {
    if is_shell_syntax_error(text) {
        return true;
    }
    let t = lower_head(text, 40);
    COULD_NOT_RUN_PHRASES.iter().any(|p| t.contains(p))
}

/// Phrases that say the command itself was wrong — a flag, a parameter, a sub-command, the
/// program's name or the shell syntax — matched case-insensitively. Any change of flags or
/// program answers such an error.
pub const USAGE_PHRASES: &[&str] = &[
    "unknown option",
    "unrecognized option",
    "unrecognised option",
    "invalid option",
    "illegal option",
    "unknown flag",
    "unknown shorthand flag",
    "unknown command",
    "unknown subcommand",
    "unknown argument",
    "unknown field",
    "unknown parameter",
    "unrecognized argument",
    "unrecognized arguments",
    "unexpected argument",
    "invalid argument",
    "invalid parameter",
    "invalid switch",
    "invalid syntax",
    "unrecognized or incomplete command line",
    "no such option",
    "requires an argument",
    "missing operand",
    "missing argument",
    "usage:",
    "is not recognized as",
    "command not found",
    ": not found",
    "syntax error",
    "unexpected token",
    "a parameter cannot be found that matches",
    "cannot bind parameter",
    "parameterbindingexception",
    "is not a valid",
    "not a valid option",
    "did you mean",
    "cannot use ",
    "unknown file extension",
    "unsupported option",
    "try '--help'",
    "for help",
    // argument counts and required arguments (cobra, commander, argparse, clap)
    "accepts at most",
    "accepts at least",
    "accepts between",
    "accepts 0 arg",
    "accepts 1 arg",
    "requires at least",
    "requires at most",
    "requires exactly",
    "arg(s), received",
    "too many arguments",
    "too few arguments",
    "wrong number of arguments",
    "missing required argument",
    "missing required option",
    "required option",
    "the following arguments are required",
];

/// Phrases that name something missing or misplaced — a file, a folder, a module, a
/// repository, a table, a script. Many different fixes answer them (another path, `cd`, an
/// install, a migration), so any change counts as answering.
pub const LOCATION_PHRASES: &[&str] = &[
    "no such file",
    "no such table",
    "no such",
    "not a git repository",
    "cannot find",
    "can't find",
    "could not find",
    "couldn't find",
    "cannot access",
    "cannot open",
    "can't open",
    "does not exist",
    "doesn't exist",
    "not found",
    "no module named",
    "enoent",
    "undeclared",
    "unresolved import",
    "failed to resolve",
    "missing script",
    "not installed",
    "must be run",
    "externally-managed",
    "did not match any file",
];

fn lower_head(text: &str, lines: usize) -> String {
    text.lines()
        .take(lines)
        .collect::<Vec<_>>()
        .join("\n")
        .to_lowercase()
}

/// The first 40 and the last 20 lines of a text, lowercased: a long output (a package
/// manager's progress lines) puts its error at the end.
fn lower_ends(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= 60 {
        return text.to_lowercase();
    }
    let mut out = lines[..40].join("\n");
    out.push('\n');
    out.push_str(&lines[lines.len() - 20..].join("\n"));
    out.to_lowercase()
}

/// Whether an error text is the outside world's ([`WORLD_STATE`], a held lock, a failed name
/// lookup), read in its first 40 and last 20 lines.
pub fn is_world_state(text: &str) -> bool {
    let t = lower_ends(text);
    WORLD_STATE.iter().any(|p| contains_word(&t, p)) || is_lock_held(&t) || is_resolver_error(&t)
}

/// Phrases of a call stopped by the user or the harness rather than by the environment: a
/// hook's block, a rejected or interrupted call, a harness refusing a folder. The rule of
/// judgement never learns from those (the next call is the user's choice, or a route around
/// the block).
pub const HARNESS_PHRASES: &[&str] = &[
    "blocked by hook",
    "hook blocked",
    "the user doesn't want to proceed",
    "the user doesn't want to take this action",
    "tool use was rejected",
    "user rejected",
    "request interrupted by user",
    "interrupted by user",
    "command aborted",
    "was blocked. for security",
    "permission to use",
];

/// Whether an error text says the user or the harness stopped the call ([`HARNESS_PHRASES`],
/// first 10 lines).
pub fn is_harness_stop(text: &str) -> bool {
    let t = lower_head(text, 10);
    HARNESS_PHRASES.iter().any(|p| t.contains(p))
}

/// Phrases of a command-line or environment mistake that can appear next to code diagnostics
/// (a test run given an unknown flag, a module not installed, a dependency or feature missing
/// from the manifest): with one of them the failure is not only the project's code
/// ([`is_code_failure`]).
pub const NOT_ONLY_CODE: &[&str] = &[
    "unrecognized arguments",
    "unrecognized option",
    "unknown option",
    "unexpected argument",
    "command not found",
    "no module named",
    "modulenotfounderror",
    "cannot find module",
    "can't resolve '",
    "module not found",
    "cannot find package",
    "undeclared crate",
    "unresolved import",
    "failed to resolve",
    "not installed",
    "no tests ran",
    "collected 0 items",
    "file or directory not found",
];

/// Phrases of a dependency or feature the project's manifest does not declare (an undeclared
/// crate, a module not installed, a feature not enabled): a failure a manifest edit answers
/// and that comes back in the next project that forgets it.
pub const MISSING_DEPENDENCY: &[&str] = &[
    "undeclared crate",
    "unresolved import",
    "failed to resolve",
    "no module named",
    "modulenotfounderror",
    "cannot find module",
    "can't resolve '",
    "module not found",
    "cannot find package",
    "not installed",
];

/// Whether an error text says a dependency or feature is missing ([`MISSING_DEPENDENCY`],
/// first 40 and last 20 lines).
pub fn is_missing_dependency(text: &str) -> bool {
    let t = lower_ends(text);
    MISSING_DEPENDENCY.iter().any(|p| t.contains(p))
}

/// Whether a line is a diagnostic of the project's own code: a compiler, type checker, linter
/// or test runner pointing at a source location or reporting failed tests, or a merge
/// conflict in the project's files. Shapes, not tools: `file(12,3): error TS2345`,
/// `file.c:4:2: error:`, `file.py:46: error: … [arg-type]`, `error[E0308]`, `FAILED
/// tests/…`, `3 failed, 9 passed`, `--- FAIL:`, `test result: FAILED`, `Tests: 2 failed`, a
/// pre-commit hook line ending `Failed`, `lint/…` rule names, `CONFLICT (content)`.
pub fn is_code_diagnostic_line(line: &str) -> bool {
    let l = line.trim();
    let lower = l.to_ascii_lowercase();
    // `path(line,col): error CODE` (TypeScript) and `path:line:col: error` (C, Go, Rust's short form)
    let located_error = |marker: &str| {
        lower.find(marker).is_some_and(|i| {
            let before = &lower[..i];
            before.contains(':') && before.chars().any(|c| c.is_ascii_digit())
                || before.contains('(') && before.ends_with(')')
        })
    };
    if located_error(": error") || located_error(" - error") || located_lint(&lower) {
        return true;
    }
    if test_runner_verdict(&lower) {
        return true;
    }
    if lower.contains("error ts") && lower.chars().any(|c| c.is_ascii_digit()) {
        return true;
    }
    if lower.starts_with("error[e") || lower.contains("test result: failed") {
        return true;
    }
    if lower.starts_with("failed ") && lower.contains("::")
        || lower.starts_with("--- fail:")
        || lower.starts_with("fail\t")
    {
        return true;
    }
    // pytest -v's result line (`tests/test_x.py::test_y FAILED [ 50%]`), and a test module
    // that does not import (`collected 0 items / 1 error`, `ERROR collecting specs/x.py`,
    // `Interrupted: 1 error during collection`)
    let result = lower.split(" [").next().unwrap_or(&lower).trim_end();
    if lower.contains("::") && result.ends_with(" failed")
        || collected_count(&lower) && lower.contains(" error")
        || lower.contains("error collecting ")
        || lower.contains("error during collection")
        || lower.contains("errors during collection")
    {
        return true;
    }
    // `3 failed, 9 passed in 0.2s` / `== 1 failed in 0.1s ==`
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',' || c == '=')
        .filter(|w| !w.is_empty())
        .collect();
    if words.windows(2).any(|w| {
        w[0].chars().all(|c| c.is_ascii_digit())
            && w[0] != "0"
            && (w[1] == "failed" || w[1] == "errors" && lower.contains(" in "))
    }) {
        return true;
    }
    if lower.contains("....failed") || lower.ends_with(".failed") && lower.contains("...") {
        return true;
    }
    if lower.contains(" lint/")
        || lower.starts_with("lint/")
        || lower.contains("conflict (content)")
    {
        return true;
    }
    lower.starts_with("found ")
        && lower.contains(" error")
        && lower.contains(" in ")
        && lower.contains("file")
}

/// Source file extensions of a located diagnostic ([`located_lint`]).
const SOURCE_EXTENSIONS: &[&str] = &[
    "go", "rs", "py", "pyi", "ts", "tsx", "js", "jsx", "mjs", "cjs", "rb", "c", "h", "cc", "cpp",
    "hpp", "cs", "java", "kt", "swift", "php", "ex", "exs", "scala", "vue", "svelte", "lua",
];

/// Whether a line is a compiler's or linter's located diagnostic without the word `error`:
/// `path/file.go:12:5: undefined: x`, `pkg/x.go:3:1: File is not properly formatted (gofmt)`,
/// `app.py:1:1: F401 'os' imported but unused` — a source file's path, a line and a column,
/// then the message. Such a line is about the project's code wherever it comes from.
fn located_lint(lower: &str) -> bool {
    let mut parts = lower.splitn(4, ':');
    let (Some(path), Some(line), Some(col), Some(msg)) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let path = path.trim();
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    !path.contains(' ')
        && path
            .rsplit_once('.')
            .is_some_and(|(stem, ext)| !stem.is_empty() && SOURCE_EXTENSIONS.contains(&ext))
        && digits(line)
        && digits(col)
        && msg.starts_with(' ')
        && msg.trim().len() > 3
}

/// Whether a line is a test runner's verdict of failed tests, in the shapes of the common
/// runners (a class, not a list of projects): bun's ` 3 fail` and mocha's `2 failing` summary
/// lines; rspec's `3 examples, 1 failure`, ExUnit's `10 tests, 2 failures`, PHPUnit's `Tests: 5,
/// Assertions: 8, Failures: 1.` and `FAILURES!`; `dotnet test`'s `Failed!  - Failed: 1,`;
/// TAP's `not ok 3 - name`; vitest's and go's `FAIL  src/x.test.ts > …` / `FAIL
/// github.com/x/pkg 0.3s` (a `FAIL` word then a path). (`3 failed`, `--- FAIL:`, `FAIL\tpkg`,
/// `test result: FAILED` are read by [`is_code_diagnostic_line`] itself.) A failing assertion
/// is about the code, whichever runner reports it.
fn test_runner_verdict(lower: &str) -> bool {
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.' || c == '!')
        .filter(|w| !w.is_empty())
        .collect();
    let count = |w: &str| w.chars().all(|c| c.is_ascii_digit()) && w.chars().any(|c| c != '0');
    // `3 fail` (bun), `2 failing` (mocha): the summary line is just that
    if let [n, verdict] = words.as_slice() {
        if count(n) && matches!(*verdict, "fail" | "failing") {
            return true;
        }
    }
    // `3 examples, 1 failure` (rspec), `10 tests, 2 failures` (ExUnit, minitest)
    let counted_tests = words.windows(2).any(|w| {
        w[0].chars().all(|c| c.is_ascii_digit())
            && matches!(
                w[1],
                "examples" | "example" | "tests" | "test" | "specs" | "runs"
            )
    });
    if counted_tests
        && words
            .windows(2)
            .any(|w| count(w[0]) && matches!(w[1], "failure" | "failures"))
    {
        return true;
    }
    // `Failures: 1` (PHPUnit), `Failed: 1` after `Failed!` (dotnet test)
    if (lower.starts_with("tests:") || lower.starts_with("failed!"))
        && words
            .windows(2)
            .any(|w| matches!(w[0], "failures:" | "failed:") && count(w[1]))
    {
        return true;
    }
    if lower.starts_with("failures!") {
        return true;
    }
    // TAP: `not ok 3 - name`
    if lower
        .strip_prefix("not ok ")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
    {
        return true;
    }
    // `FAIL  src/x.test.ts > suite > name` (vitest, jest), `FAIL github.com/x/pkg 0.3s` (go)
    if let Some(rest) = lower.strip_prefix("fail ") {
        let next = rest.split_whitespace().next().unwrap_or("");
        return next.contains('/') || next.contains(".test.") || next.contains(".spec.");
    }
    false
}

/// Whether a line has pytest's collection count (`collected 3 items`: `collected ` and a
/// digit), not another tool's `Collected errors:` header (opkg's).
fn collected_count(lower: &str) -> bool {
    lower
        .match_indices("collected ")
        .any(|(i, m)| lower[i + m.len()..].starts_with(|c: char| c.is_ascii_digit()))
}

/// Whether a failure is the project's own code failing — a build, type check, lint or test
/// run reporting diagnostics in the project's files ([`is_code_diagnostic_line`] on any line),
/// with no command-line or environment mistake beside it ([`NOT_ONLY_CODE`]). The rule of
/// judgement learns nothing from those unless the setup changed (a configuration file edited,
/// a command run before the fix): otherwise the fix is an edit of the code, or another variant
/// of the command that happens to pass.
pub fn is_code_failure(text: &str) -> bool {
    let t = lower_ends(text);
    // `collected 0 items` is a selection or a folder not collected, unless the same line
    // counts errors (`collected 0 items / 1 error`: a test module that does not import)
    let not_only = |p: &&str| {
        if *p == "collected 0 items" {
            t.lines().any(|l| l.contains(p) && !l.contains(" error"))
        } else {
            t.contains(p)
        }
    };
    if NOT_ONLY_CODE.iter().any(not_only) {
        return false;
    }
    text.lines().any(is_code_diagnostic_line)
}

/// Whether an error text says the command itself was wrong ([`USAGE_PHRASES`], first 40
/// lines).
pub fn is_usage_error(text: &str) -> bool {
    let t = lower_head(text, 40);
    USAGE_PHRASES.iter().any(|p| t.contains(p))
}

/// Whether an error text names something missing or misplaced ([`LOCATION_PHRASES`], first 40
/// lines).
pub fn is_location_error(text: &str) -> bool {
    let t = lower_head(text, 40);
    LOCATION_PHRASES.iter().any(|p| t.contains(p))
}

/// Programs that only look or query (beyond [`PROBES`]): name lookups, process and socket
/// listings, and the filters an output-only pipeline passes its text through.
pub const LOOK_PROGRAMS: &[&str] = &[
    "dig",
    "nslookup",
    "host",
    "drill",
    "ps",
    "pgrep",
    "netstat",
    "ss",
    "lsof",
    "tasklist",
    "systeminfo",
    "egrep",
    "fgrep",
    "sort",
    "uniq",
    "cut",
    "tr",
    "column",
    "jq",
    "yq",
    "findstr",
    "awk",
    "nl",
    "xxd",
    "hexdump",
    "od",
    "strings",
    "md5sum",
    "sha256sum",
    "shasum",
    "getent",
];

/// Sub-commands (the first two words after the program that are not flags) that only list,
/// show or query: `opkg list-installed`, `kubectl get`, `op item get`, `git log`, `brew
/// list`, `systemctl status`, `uci show`, `docker ps`.
pub const LOOK_VERBS: &[&str] = &[
    "list",
    "ls",
    "show",
    "get",
    "info",
    "status",
    "query",
    "describe",
    "search",
    "inspect",
    "view",
    "log",
    "ps",
    "print",
    "dump",
    "list-installed",
    "list-upgradable",
    "identities",
    "whoami",
    "outdated",
    "diff",
    "cat",
    "top",
    "images",
    // a database shell's catalogue (`sqlite3 db .tables`, `psql -c '\dt'`)
    ".tables",
    ".schema",
    ".indexes",
    ".databases",
    "\\dt",
    "\\d",
    "\\l",
];

/// PowerShell verbs (the part of a cmdlet name before `-`) that only read.
pub const LOOK_CMDLET_VERBS: &[&str] = &[
    "get",
    "test",
    "resolve",
    "select",
    "measure",
    "where",
    "format",
    "sort",
    "group",
    "compare",
    "find",
    "search",
    "show",
    "read",
    "convertto",
    "out-string",
    "out-null",
    "out-host",
];

/// Whether one segment's words (from the program on) only look: a probe or look-only program,
/// a read-only PowerShell cmdlet, a program whose sub-command is a [`LOOK_VERBS`] word (or
/// whose flag starts with `--list`/`--show`), `sed` without `-i`; and no output redirected to a
/// file.
fn look_only_words(w: &[String]) -> bool {
    let Some(p) = w.first() else {
        return true;
    };
    let p = p.to_ascii_lowercase();
    let p = p.rsplit(['/', '\\']).next().unwrap_or(&p).to_string();
    let p = p.strip_suffix(".exe").unwrap_or(&p).to_string();
    if writes_to_file(w) {
        return false;
    }
    if PROBES.contains(&p.as_str()) || LOOK_PROGRAMS.contains(&p.as_str()) {
        return true;
    }
    if p == "sed" {
        return !w.iter().any(|x| x.starts_with("-i") || x == "--in-place");
    }
    if let Some((verb, _)) = p.split_once('-') {
        if LOOK_CMDLET_VERBS.contains(&verb) || LOOK_CMDLET_VERBS.contains(&p.as_str()) {
            return true;
        }
    }
    let bare: Vec<String> = w[1..]
        .iter()
        .filter(|x| !x.starts_with('-'))
        .take(2)
        .map(|x| x.to_ascii_lowercase())
        .collect();
    if bare.iter().any(|x| LOOK_VERBS.contains(&x.as_str())) {
        return true;
    }
    w[1..].iter().any(|x| {
        let x = x.to_ascii_lowercase();
        x.starts_with("--list") || x.starts_with("--show") || x == "-l" && p == "crontab"
    })
}

/// Whether a segment writes its output to a file (`> f`, `>> f`, `>f`; `/dev/null`, `nul`
/// and file descriptors are not files).
fn writes_to_file(w: &[String]) -> bool {
    let harmless = |t: &str| {
        let t = t.trim_start_matches('&');
        t.is_empty()
            || t.eq_ignore_ascii_case("/dev/null")
            || t.eq_ignore_ascii_case("nul")
            || t.eq_ignore_ascii_case("$null")
            || t.chars().all(|c| c.is_ascii_digit())
    };
    for (i, x) in w.iter().enumerate() {
        let Some(pos) = x.find('>') else {
            continue;
        };
        let target = x[pos..].trim_start_matches('>');
        let target = if target.is_empty() {
            w.get(i + 1).map_or("", String::as_str)
        } else {
            target
        };
        if !harmless(target) {
            return true;
        }
    }
    false
}

/// Whether a command only looks, judged by its shape: every segment (commands run elsewhere —
/// `ssh host CMD`, `powershell -Command CMD` — read as CMD) is look-only ([`look_only_words`]:
/// listing and querying verbs, output-only filters, no writes). `cd` segments are neutral.
pub fn is_look_only(command: &str) -> bool {
    every_segment(command, &|s| {
        // `2>&1` splits into `2>` and a segment `1` (the splitter ends a segment at `&`)
        s[0].chars().all(|c| c.is_ascii_digit())
            || matches!(
                s[0].as_str(),
                "cd" | "pushd" | "popd" | "export" | "set" | "sleep"
            )
            || look_only_words(s)
    })
}

/// Why a failure opens no episode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unlearnable {
    /// The outside world failed at that moment ([`WORLD_STATE`]).
    WorldState,
    /// A look-only command failed without a usage error: failing was the answer.
    LookedAndFoundNothing,
    /// The user or the harness stopped the call ([`is_harness_stop`]).
    StoppedByHarness,
}

/// Phrases that say the working folder is not the project the command needs (`git log` run
/// outside the repository, `cargo build` above the crate): the command looked in the wrong
/// place, not for a thing that is missing.
pub const WRONG_FOLDER_PHRASES: &[&str] = &[
    "not a git repository",
    "any of the parent directories",
    "or any parent directory",
    "not inside a work tree",
    "must be run in a work tree",
    "not a mercurial repository",
    "could not find `cargo.toml`",
    "could not find cargo.toml",
    "no pyproject.toml",
    "could not read package.json",
    "no package.json",
];

/// Whether an error text says the working folder is the wrong one
/// ([`WRONG_FOLDER_PHRASES`], first 40 lines).
pub fn is_wrong_folder(text: &str) -> bool {
    let t = lower_head(text, 40);
    WRONG_FOLDER_PHRASES.iter().any(|p| t.contains(p))
}

/// Whether a failed call can open an episode at all: `None` when it can, else why not. A shell
/// call (`command`) that only looks opens one only on a usage error; any call whose error is
/// the outside world's opens none.
pub fn unlearnable(command: Option<&str>, text: &str) -> Option<Unlearnable> {
    if is_world_state(text) {
        return Some(Unlearnable::WorldState);
    }
    if is_harness_stop(text) {
        return Some(Unlearnable::StoppedByHarness);
    }
    // a look-only command in a folder that is not there went to the wrong place: that is
    // a location mistake, not an empty answer; so is one run outside the project it needs
    // (`git log` → `not a git repository`)
    let went_wrong_place = is_wrong_folder(text)
        || is_location_error(text) && command.is_some_and(|c| !cd_targets(c).is_empty());
    // … and one whose program says it could not run here (an error line that is not about a
    // missing thing: `fatal: detected dubious ownership`) did not find nothing either
    let could_not_run =
        text.lines().take(40).any(crate::outcome::is_error_line) && !is_location_error(text);
    if command.is_some_and(is_look_only)
        && !is_usage_error(text)
        && !probe_could_not_run(text)
        && !went_wrong_place
        && !could_not_run
    {
        return Some(Unlearnable::LookedAndFoundNothing);
    }
    None
}

/// Phrases of a test run whose selection matched no test: pytest's `collected 3 items / 3
/// deselected / 0 selected` (a node id with a `-k` or `-m` that excludes it), `no tests ran`,
/// `collected 0 items` (a folder the runner does not collect). The run did no work, so the
/// selection is what the failure points at: a fix that leaves a selector out gives nothing up
/// (`crate::distill::narrowed`) and answers it ([`points_at`]). Matched case-insensitively in
/// the first 40 and last 20 lines.
pub const SELECTED_NOTHING_PHRASES: &[&str] = &[
    "/ 0 selected",
    "no tests ran",
    "collected 0 items",
    "no tests collected",
    "no tests found",
];

/// Whether a test run selected no test ([`SELECTED_NOTHING_PHRASES`]), with no test failing
/// beside it (a run that failed tests did work, whatever else it deselected).
pub fn selected_nothing(text: &str) -> bool {
    let t = lower_ends(text);
    SELECTED_NOTHING_PHRASES.iter().any(|p| t.contains(p))
        && !text.lines().any(is_code_diagnostic_line)
}

/// Phrases of a file tool's own usage rule (Claude Code's Edit/Write refuse a file not read in
/// the session): reading first is the reusable fix, not a code change.
pub const TOOL_RULE_PHRASES: &[&str] = &[
    "has not been read yet",
    "read it first",
    "must be read first",
    "must read the file",
];

/// Phrases of a file tool asked to read a folder (Node's `EISDIR`, a shell's `Is a
/// directory`): the rule to remember is to list it instead.
pub const FOLDER_READ_PHRASES: &[&str] = &[
    "eisdir",
    "illegal operation on a directory",
    "is a directory",
];

/// Whether an error text says a folder was read as a file ([`FOLDER_READ_PHRASES`], first 10
/// lines).
pub fn is_folder_read(text: &str) -> bool {
    let t = lower_head(text, 10);
    FOLDER_READ_PHRASES.iter().any(|p| t.contains(p))
}

/// The folder a successful call lists, when it only lists one: a listing tool's path (`LS`,
/// `list_directory`: `path`) given by the caller, or a shell command whose every segment is
/// `ls`/`tree`/`dir`/`Get-ChildItem` with one operand. Trailing `/` dropped.
pub fn listed_folder(command: Option<&str>, tool_path: Option<&str>) -> Option<String> {
    if let Some(p) = tool_path {
        return Some(p.trim_end_matches('/').to_string());
    }
    let cmd = command?;
    let segs = segments(cmd);
    let [seg] = segs.as_slice() else {
        return None;
    };
    let w = program_words(seg);
    let (p, rest) = w.split_first()?;
    if !matches!(p.as_str(), "ls" | "tree" | "dir" | "Get-ChildItem" | "gci") {
        return None;
    }
    let operands: Vec<&String> = rest.iter().filter(|x| !x.starts_with('-')).collect();
    match operands.as_slice() {
        [one] => Some(one.trim_end_matches('/').to_string()),
        _ => None,
    }
}

/// Phrases of a program that could not be found at all (not on `PATH`, a Python module not
/// installed in the interpreter that ran): the environment's failure, answered by how the
/// program is reached (activate a virtualenv, `export PATH=…`, `python -m`, `npx`).
pub const MISSING_PROGRAM_PHRASES: &[&str] = &[
    "command not found",
    "is not recognized as",
    "no module named",
    "executable file not found",
    "not found in $path",
];

/// Whether an error text says the program could not be found ([`MISSING_PROGRAM_PHRASES`],
/// first 10 lines).
pub fn is_missing_program(text: &str) -> bool {
    let t = lower_head(text, 10);
    MISSING_PROGRAM_PHRASES.iter().any(|p| t.contains(p))
}

/// Whether a failing call got past an earlier failure of the same work: the earlier one could
/// not find the program it runs ([`is_missing_program`] naming that program); the later one
/// is the same work ([`crate::distill::same_work`]) reaching the program another way
/// ([`REACH_WORDS`], a virtualenv's `activate`, `PATH=…`) and its own failure is something
/// else — the program ran. The earlier episode then stays open for the run that succeeds
/// (the later failure does not replace it): the lesson is the way the program was reached.
pub fn got_past(
    failing: Option<&str>,
    evidence: &str,
    later: Option<&str>,
    later_error: &str,
) -> bool {
    let (Some(a), Some(b)) = (failing, later) else {
        return false;
    };
    if !is_missing_program(evidence) || is_missing_program(later_error) {
        return false;
    }
    if is_world_state(later_error) || is_harness_stop(later_error) {
        return false;
    }
    if !crate::distill::same_work(Some(a), Some(b)) {
        return false;
    }
    // the missing program is the one the failing command runs (`pytest`, `python -m pytest`'s
    // module), not a word a shell ate (`'.Name' is not recognized` after bash took `$_`)
    let main = crate::family::main_segment(a);
    let mut ran: Vec<String> = main.first().map(|p| program_name(p)).into_iter().collect();
    if let Some(i) = main.iter().position(|w| w == "-m") {
        ran.extend(main.get(i + 1).cloned());
    }
    if !ran
        .iter()
        .any(|p| !p.is_empty() && evidence.contains(&p.to_lowercase()))
    {
        return false;
    }
    // and the later call reaches it another way: a virtualenv activated, `PATH` extended, a
    // runner (`uv run`, `poetry run`, `npx`, `python -m`)
    let added = crate::distill::word_diff_of(a, b);
    added
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('+'))
        .any(|w| {
            w.contains("activate")
                || w.starts_with("PATH=")
                || w.contains("/bin/")
                || REACH_WORDS.contains(&w)
        })
}

/// Whether a failing call is the next link of a chain of missing programs: the earlier failure
/// could not find its program ([`is_missing_program`]), the later call is the same work
/// ([`crate::distill::same_work`]) run another way (its command differs) and could not find
/// its program either (`python` not found, then `python3 -m pytest`: `No module named pytest`;
/// `pytest` not found, then `python -m pytest` with the same answer). Each link is a lesson
/// of its own once a run of the work succeeds, so the later failure must not replace the
/// earlier episode: the pipeline keeps both open ([`chain_key`]).
pub fn chained_missing(
    failing: Option<&str>,
    evidence: &str,
    later: Option<&str>,
    later_error: &str,
) -> bool {
    let (Some(a), Some(b)) = (failing, later) else {
        return false;
    };
    is_missing_program(evidence)
        && is_missing_program(later_error)
        && !is_world_state(later_error)
        && !is_harness_stop(later_error)
        && crate::distill::same_work(Some(a), Some(b))
        && !crate::distill::word_diff_of(a, b).is_empty()
}

/// The suffix of the key under which the next link of a chain of missing programs waits
/// beside the first ([`chained_missing`]): one link is kept, a third failure replaces the
/// second.
pub const CHAIN_SUFFIX: &str = "#then";

/// The key of the chained episode beside the episode keyed `key` ([`CHAIN_SUFFIX`]).
pub fn chain_key(key: &str) -> String {
    format!("{}{CHAIN_SUFFIX}", base_key(key))
}

/// An episode key without its chain suffix: the work it keys.
pub fn base_key(key: &str) -> &str {
    key.strip_suffix(CHAIN_SUFFIX).unwrap_or(key)
}

/// Words a command adds to reach a program that was not found: a virtualenv or a shell
/// profile sourced, a runner that finds the project's tools (`uv run`, `npx`, `python -m`).
pub const REACH_WORDS: &[&str] = &[
    "source", ".", "export", "uv", "uvx", "poetry", "pipenv", "npx", "pnpx", "bunx", "-m", "conda",
    "mise", "asdf",
];

/// A program word without its folder (`.venv/bin/pytest` → `pytest`).
fn program_name(p: &str) -> String {
    p.rsplit(['/', '\\']).next().unwrap_or(p).to_string()
}

/// Whether an error text states a tool's usage rule ([`TOOL_RULE_PHRASES`]).
pub fn is_tool_rule(text: &str) -> bool {
    let t = lower_head(text, 10);
    TOOL_RULE_PHRASES.iter().any(|p| t.contains(p))
}

/// The folders a command changes into: the word after each `cd`/`pushd` segment and after
/// `git -C` (quotes removed, a trailing `/` dropped).
pub fn cd_targets(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    for seg in segments(command) {
        let w = program_words(&seg);
        let Some(p) = w.first() else { continue };
        let target = match p.as_str() {
            "cd" | "pushd" | "Set-Location" | "set-location" => w.get(1),
            "git" => w.iter().position(|x| x == "-C").and_then(|i| w.get(i + 1)),
            _ => None,
        };
        if let Some(t) = target {
            out.push(t.trim_end_matches('/').to_string());
        }
    }
    out
}

/// The work a command does after changing folder: the family of its last segment that is not
/// `cd`, `pwd`, `echo`, … nor a [`PROBES`] program (`cd repo && git status` → `git`); `None`
/// without a `cd`, or when only probes run there.
pub fn located_work(command: &str) -> Option<String> {
    if cd_targets(command).is_empty() {
        return None;
    }
    let segs: Vec<Vec<String>> = segments(command)
        .iter()
        .map(|s| program_words(s))
        .filter(|s| !s.is_empty())
        .collect();
    let last = segs.iter().rev().find(|s| {
        let p = s[0].as_str();
        !matches!(p, "cd" | "pushd" | "popd" | "set-location" | "Set-Location")
            && !PROBES.contains(&p)
    })?;
    crate::family::family_of_words(last)
}

/// Whether `fixing` answers a location error of `failing` (its `evidence`) by running in
/// another folder: it changes into a folder the failing command did not. Then the sub-command
/// may differ (`git log` in the wrong folder, `cd repo && git status` in the right one): the
/// lesson is where the work is done.
pub fn relocated(failing: Option<&str>, fixing: Option<&str>, evidence: &str) -> bool {
    let (Some(a), Some(b)) = (failing, fixing) else {
        return false;
    };
    if !is_location_error(evidence) {
        return false;
    }
    let before = cd_targets(a);
    cd_targets(b).iter().any(|t| !before.contains(t))
}

/// Most characters of a failure's text kept as its evidence ([`evidence_of`]) from its start.
pub const MAX_EVIDENCE_CHARS: usize = 2000;

/// Most lines and characters kept from the end of a longer failure text ([`evidence_of`]): a
/// test runner's or package manager's result is its last lines (`3 fail`, `FAIL\tpkg`,
/// `npm ERR!` after the progress lines).
pub const EVIDENCE_TAIL_LINES: usize = 20;
/// See [`EVIDENCE_TAIL_LINES`].
pub const EVIDENCE_TAIL_CHARS: usize = 1500;

/// The evidence of a failure kept with its open episode: the first [`MAX_EVIDENCE_CHARS`]
/// characters of its (already scrubbed) error text and, when the text is longer, its last
/// [`EVIDENCE_TAIL_LINES`] lines (at most [`EVIDENCE_TAIL_CHARS`] characters, whole lines)
/// after a `…` line; lowercased. What [`points_at`] and [`is_code_failure`] read: a long run's
/// verdict is at its end (the replay of samples 8 and 9: `go test -v` and `bun test` print
/// their `FAIL` / `N fail` lines after 10–30 KB of passing tests).
pub fn evidence_of(text: &str) -> String {
    let head: String = text.chars().take(MAX_EVIDENCE_CHARS).collect();
    if head.len() == text.len() {
        return head.to_lowercase();
    }
    let rest = &text[head.len()..];
    let mut tail: Vec<&str> = Vec::new();
    let mut chars = 0;
    for line in rest.lines().rev().take(EVIDENCE_TAIL_LINES) {
        chars += line.chars().count() + 1;
        if chars > EVIDENCE_TAIL_CHARS {
            break;
        }
        tail.push(line);
    }
    tail.reverse();
    let mut out = head;
    if !tail.is_empty() {
        out.push_str("\n…\n");
        out.push_str(&tail.join("\n"));
    }
    out.to_lowercase()
}

/// [`evidence_of`] for a failure of `command`, without the error's echo of the command: every
/// run of 3 or more consecutive words of the command found in the text (PowerShell's `At
/// line:1 char:5 + …`, a shell's `bash: line 1: …`, a tool that prints the command line it was
/// given) is blanked. A word the fix dropped then counts as "pointed at" only when the error
/// names it on its own, not because the error repeated the whole command.
pub fn evidence_of_call(command: Option<&str>, text: &str) -> String {
    let mut ev = evidence_of(text);
    let Some(cmd) = command else {
        return ev;
    };
    let words: Vec<String> = cmd.split_whitespace().map(str::to_lowercase).collect();
    if words.len() < 3 {
        return ev;
    }
    // longest runs first, so a long echo is blanked whole
    for len in (3..=words.len().min(12)).rev() {
        for run in words.windows(len) {
            let needle = run.join(" ");
            if needle.len() >= 8 && ev.contains(&needle) {
                ev = ev.replace(&needle, " ");
            }
        }
    }
    ev
}

/// Script files a command runs (`powershell -File fix.ps1`, `bash ./run.sh`, `python x.py`,
/// `./build.sh`): the words ending in a script extension.
pub fn script_files(command: &str) -> Vec<String> {
    const EXT: &[&str] = &[
        ".ps1", ".sh", ".bash", ".zsh", ".cmd", ".bat", ".py", ".js", ".rb",
    ];
    command
        .split_whitespace()
        .map(|w| w.trim_matches(|c| c == '"' || c == '\'' || c == '`'))
        .filter(|w| {
            let l = w.to_ascii_lowercase();
            EXT.iter().any(|e| l.ends_with(e) && l.len() > e.len())
        })
        .map(|w| w.rsplit(['/', '\\']).next().unwrap_or(w).to_string())
        .collect()
}

/// Whether `fixing` answers a shell parse or quoting error ([`is_shell_syntax_error`] on the
/// failure's `evidence`) by moving the command into a script file: it runs a script whose file
/// was written or edited since the failure (`edit …/fix.ps1` in the `repair` path). The same
/// words in a file escape the shell that mangled them; that is a reusable way of running such
/// work, whatever the program families of the two calls.
pub fn rescripted(evidence: &str, fixing: Option<&str>, repair: &[String]) -> bool {
    let Some(fixing) = fixing else {
        return false;
    };
    if !is_shell_syntax_error(evidence) {
        return false;
    }
    let edited: Vec<String> = repair
        .iter()
        .filter_map(|s| s.strip_prefix("edit "))
        .map(|f| {
            f.rsplit(['/', '\\'])
                .next()
                .unwrap_or(f)
                .to_ascii_lowercase()
        })
        .collect();
    script_files(fixing)
        .iter()
        .any(|s| edited.contains(&s.to_ascii_lowercase()))
}

/// A changed word as compared with an error text: quotes and punctuation around it trimmed,
/// lowercased; `None` for words too short or only digits.
fn comparable(w: &str) -> Option<String> {
    let t = w
        .trim_start_matches(['+', '-'])
        .trim_matches(|c: char| !(c.is_alphanumeric() || c == '_' || c == '.' || c == '/'))
        .to_lowercase();
    let t = t.trim_end_matches('.').to_string();
    (t.chars().count() >= 3 && !t.chars().all(|c| c.is_ascii_digit())).then_some(t)
}

fn mentioned(evidence: &str, w: &str) -> bool {
    if evidence.contains(w) {
        return true;
    }
    // a stem: `migrate` is what `migrations` points at
    let stem: String = w.chars().take(5).collect();
    w.chars().count() >= 6 && stem.chars().all(char::is_alphabetic) && evidence.contains(&stem)
}

/// Whether a fix answers its failure: the failure's `evidence` ([`evidence_of`]) is a usage or
/// a location error or a test selection that matched nothing ([`selected_nothing`]: the
/// selection is what changes), or it mentions a word the fix changed (`changed`: the words of a token
/// diff, with their `+`/`-` signs) or a word of a command run in between (`repair`: the steps
/// of the repair path). Empty evidence (an episode opened before evidence was kept, a denied
/// call) answers everything.
pub fn points_at(evidence: &str, changed: &[String], repair: &[String]) -> bool {
    if evidence.trim().is_empty()
        || is_usage_error(evidence)
        || is_location_error(evidence)
        || selected_nothing(evidence)
    {
        return true;
    }
    let from_repair = repair
        .iter()
        .filter_map(|s| s.strip_prefix("ran "))
        .flat_map(|c| {
            c.split(|ch: char| ch.is_whitespace() || ch == '`')
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| w.chars().count() >= 4);
    let edited = repair
        .iter()
        .filter_map(|s| s.strip_prefix("edit "))
        .map(|f| f.rsplit(['/', '\\']).next().unwrap_or(f).to_string());
    changed
        .iter()
        .cloned()
        .chain(from_repair)
        .chain(edited)
        .filter_map(|w| comparable(&w))
        .any(|w| mentioned(evidence, &w))
}

/// Programs whose argument is a small program or pattern the agent writes inline (`awk '…'`,
/// `grep -E '…'`, `sed 's/…/'`, `jq '…'`) and that name themselves at the start of their
/// error (`awk: syntax error at source line 1`, `grep: repetition-operator operand invalid`).
pub const INLINE_PROGRAM_TOOLS: &[&str] = &[
    "awk", "gawk", "mawk", "nawk", "grep", "egrep", "fgrep", "sed", "gsed", "jq", "yq",
];

/// Phrases of an inline program or pattern that does not parse ([`inline_program_error`]).
pub const INLINE_PROGRAM_PHRASES: &[&str] = &[
    "syntax error",
    "parse error",
    "compile error",
    "bailing out",
    "invalid",
    "unmatched",
    "unterminated",
    "unknown command",
    "unknown option to `s'",
    "brackets ([ ]) not balanced",
    "parentheses not balanced",
    "trailing backslash",
];

/// Whether a failure is a filter stage's own program or pattern not parsing — the agent's
/// inline `awk`/`grep`/`sed`/`jq` program that a pipeline feeds (`gh pr diff 1 | awk '…'` →
/// `awk: syntax error at source line 1`; `… | grep -v '^\+\+\+'` → `grep: repetition-operator
/// operand invalid`): a line of the error starts with that tool's name ([`INLINE_PROGRAM_TOOLS`])
/// and says it could not read its program ([`INLINE_PROGRAM_PHRASES`]), and the tool is a
/// later stage of the command, not its main program. Rewriting such a program is the code's
/// business (a script the agent just wrote), not a way of running the work. A tool that is the
/// main program (`sed -i 's/a/b/' f` on BSD sed) is left to the other rules: its flags may be
/// the platform's lesson.
pub fn inline_program_error(command: Option<&str>, evidence: &str) -> bool {
    let Some(cmd) = command else {
        return false;
    };
    // a command run elsewhere (`ssh host "… | awk …"`) is judged by what it runs there
    let mut cmd = cmd.to_string();
    for _ in 0..3 {
        match crate::family::inner_command(&crate::family::main_segment(&cmd)) {
            Some(inner) => cmd = inner,
            None => break,
        }
    }
    let cmd = cmd.as_str();
    let main = crate::family::main_segment(cmd);
    let main_prog = main.first().map(|p| program_name(p)).unwrap_or_default();
    let stages: Vec<String> = segments(cmd)
        .iter()
        .filter_map(|s| program_words(s).first().map(|p| program_name(p)))
        .filter(|p| INLINE_PROGRAM_TOOLS.contains(&p.as_str()) && *p != main_prog)
        .collect();
    if stages.is_empty() {
        return false;
    }
    evidence.lines().take(40).any(|l| {
        let l = l.trim();
        stages.iter().any(|p| {
            l.strip_prefix(p.as_str())
                .is_some_and(|r| r.starts_with(':') || r.starts_with(" error"))
                && INLINE_PROGRAM_PHRASES.iter().any(|x| l.contains(x))
        })
    })
}

/// Phrases of a usage error that names the sub-command itself as unknown (`git: 'psuh' is not
/// a git command`, `unknown command "lst"`, argparse's `invalid choice`): then another
/// sub-command is the fix, not other work.
pub const UNKNOWN_SUBCOMMAND_PHRASES: &[&str] = &[
    "unknown command",
    "unknown subcommand",
    "no such command",
    "unrecognized command",
    "unrecognized subcommand",
    "invalid choice",
    "invalid command",
    "is not a valid command",
    "did you mean this?",
];

/// Whether a failure's evidence says the sub-command was unknown ([`UNKNOWN_SUBCOMMAND_PHRASES`],
/// or `'x' is not a … command`), first 40 lines.
pub fn unknown_subcommand(evidence: &str) -> bool {
    let t = lower_head(evidence, 40);
    UNKNOWN_SUBCOMMAND_PHRASES.iter().any(|p| t.contains(p))
        || t.lines()
            .any(|l| l.contains("is not a ") && l.contains(" command"))
}

/// The program a "command not found" error names: zsh's `command not found: X`, bash's `X:
/// command not found` (after its `bash: line 1:` prefix), sh's `X: not found`, `'X' is not
/// recognized as …` (cmd, PowerShell); the first in the evidence's first 10 lines.
pub fn missing_program_name(evidence: &str) -> Option<String> {
    let clean = |w: &str| {
        let w = w.trim().trim_matches(|c| c == '\'' || c == '"' || c == '`');
        (!w.is_empty() && !w.contains(' ')).then(|| program_name(w))
    };
    for l in evidence.lines().take(10) {
        let l = l.trim();
        if let Some((_, after)) = l.split_once("command not found: ") {
            if let Some(w) = clean(after) {
                return Some(w);
            }
        }
        for marker in [": command not found", ": not found"] {
            if let Some((before, _)) = l.split_once(marker) {
                if let Some(w) = before.rsplit(':').next().and_then(clean) {
                    return Some(w);
                }
            }
        }
        if let Some((before, _)) = l.split_once(" is not recognized as") {
            if let Some(w) = clean(before) {
                return Some(w);
            }
        }
    }
    None
}

/// The distinctive operands of a command: runs of path or literal characters at least 12 long
/// that name a file (`~/.specstory/sessions.db`, `src/app/main.go`) or are a long literal (a
/// hex blob, an id) — not the folders it changes into ([`cd_targets`]), which say where, not
/// what.
pub fn distinctive_operands(command: &str) -> Vec<String> {
    let cds = cd_targets(command);
    let mut out: Vec<String> = Vec::new();
    for run in command.split(|c: char| {
        !(c.is_alphanumeric() || matches!(c, '/' | '.' | '_' | '-' | '~' | '@' | '+'))
    }) {
        let run = run.trim_matches(|c| c == '.' || c == '-');
        let n = run.chars().count();
        let named_file =
            run.contains('/') && run.rsplit('/').next().is_some_and(|b| b.contains('.'));
        let literal = n >= 24 && run.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        if n >= 12
            && (named_file || literal)
            && !cds
                .iter()
                .any(|d| d.trim_end_matches('/') == run.trim_end_matches('/'))
            && !out.iter().any(|o| o == run)
        {
            out.push(run.to_string());
        }
    }
    out
}

/// Whether a successful `fixing` command did the failing command's work with another program
/// after the failing one's program was not found: the failure says a program is missing
/// ([`missing_program_name`]: `python3` aliased to a `python3.12` that is not installed), the fix
/// does not run that program and leaves out one the failing command ran, and it works on the
/// same input —
/// a distinctive operand of the failing command ([`distinctive_operands`]: the same file, the
/// same hex blob). `echo HEX | python3 -c …` → `command not found: python3.12` → `echo HEX |
/// xxd -r -p`; a script reading `~/.x/sessions.db` → `sqlite3 ~/.x/sessions.db …`. The lesson
/// is the program to use here; a fix on other input is other work.
pub fn replaced_missing(failing: Option<&str>, evidence: &str, fixing: Option<&str>) -> bool {
    let (Some(a), Some(b)) = (failing, fixing) else {
        return false;
    };
    let Some(missing) = missing_program_name(evidence) else {
        return false;
    };
    let ran = |cmd: &str, p: &str| {
        segments(cmd).iter().any(|s| {
            program_words(s)
                .first()
                .is_some_and(|w| program_name(w).eq_ignore_ascii_case(p))
        })
    };
    // … and leaves out a program the failing command ran (`… | xxd -r -p | python3 -m
    // json.tool` → `… | xxd -r -p`): every one of them again is a retry, the family's business
    let programs = |cmd: &str| -> Vec<String> {
        // a heredoc's body is the program's input, not commands: read up to its first line
        let mut shell = String::new();
        for line in cmd.lines() {
            shell.push_str(line);
            shell.push('\n');
            if line.contains("<<") {
                break;
            }
        }
        segments(&shell)
            .iter()
            .filter_map(|s| program_words(s).first().map(|p| program_name(p)))
            .collect()
    };
    let theirs_ran = programs(b);
    if ran(b, &missing) || programs(a).iter().all(|p| theirs_ran.contains(p)) {
        return false;
    }
    let theirs = distinctive_operands(b);
    distinctive_operands(a).iter().any(|o| theirs.contains(o))
}
