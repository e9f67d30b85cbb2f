//! [`outcome`]: did a tool call fail, succeed, or say nothing either way.
//!
//! The signals, strongest first (each checked against the captured payloads in
//! `shared/protocol/payloads/<agent>/`):
//!
//! 1. the event: Claude Code's `PostToolUseFailure` (and Cursor's `postToolUseFailure`, the same
//!    event kind) is a failure, its `error` text the evidence; `is_interrupt: true` makes it
//!    [`Cause::Interrupted`];
//! 2. structured status fields in the tool response: a non-zero `exit_code`/`exitCode`/
//!    `returnCode`/`code`, `isError`/`is_error: true` (MCP results), `interrupted: true`,
//!    `timed_out`/`timedOut: true`, `signal` set;
//! 3. the agents' own text markers: Codex's `Exit code: N` header (`apply_patch`, `exec_command`
//!    output), Gemini's `Exit Code: N` and `Signal: N` lines in `llmContent`, and the timeout
//!    words of both;
//! 4. for a bare text response only (Codex's `Bash` returns the output as one string), a narrow
//!    matcher of error lines ([`ERROR_LINE_STARTS`], [`ERROR_PHRASES`]).
//!
//! A structured result without any status field is a success: Claude's `Bash` result
//! `{stdout, stderr, interrupted:false}` says nothing but succeeded (failures arrive as
//! `PostToolUseFailure`). Events that carry no tool result are [`Outcome::Neutral`].

use hookward_core::{Event, EventKind};
use serde_json::Value;

/// What a tool call's result says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The call failed; the evidence is in [`Failure`].
    Failure(Failure),
    /// The call succeeded (or its result has no failure signal).
    Success,
    /// The event carries no tool result (a prompt, a `PreToolUse`, a session event).
    Neutral,
}

impl Outcome {
    /// Whether this is a [`Outcome::Failure`].
    pub fn is_failure(&self) -> bool {
        matches!(self, Outcome::Failure(_))
    }
}

/// Why a call counts as failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The agent said so with its failure event (`PostToolUseFailure`).
    Event,
    /// A non-zero exit code, from a status field or a text marker.
    ExitCode(i64),
    /// An MCP-style `isError: true`.
    IsError,
    /// The call was interrupted (`interrupted`, `is_interrupt`).
    Interrupted,
    /// The process was killed by a signal.
    Signal,
    /// The call timed out.
    Timeout,
    /// A bare text result whose lines match the narrow error matcher.
    ErrorText,
}

impl Cause {
    /// A short word for people and the store (`exit-code`, `error-text`, …).
    pub fn word(self) -> &'static str {
        match self {
            Cause::Event => "failure-event",
            Cause::ExitCode(_) => "exit-code",
            Cause::IsError => "is-error",
            Cause::Interrupted => "interrupted",
            Cause::Signal => "signal",
            Cause::Timeout => "timeout",
            Cause::ErrorText => "error-text",
        }
    }
}

/// The evidence of a failed call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// Why it counts as failed.
    pub cause: Cause,
    /// The error text as the agent gave it (the first [`MAX_ERROR_BYTES`] bytes and, of a
    /// longer text, its last [`MAX_ERROR_TAIL_BYTES`]), not yet normalised or redacted:
    /// [`crate::distill`] does both.
    pub text: String,
}

/// How much of a failure's text is kept (bytes, cut on a character boundary): the symptom is
/// one line, so the head is enough and a megabyte of output costs nothing.
pub const MAX_ERROR_BYTES: usize = 8 * 1024;

/// How much of the end of a longer failure text is kept beside its head ([`head_and_tail`]):
/// a test runner or a package manager prints its verdict last (`FAIL\tpkg`, ` 3 fail`, `npm
/// ERR!`), after kilobytes of passing tests or progress lines.
pub const MAX_ERROR_TAIL_BYTES: usize = 2 * 1024;

/// [`head`] of a failure text and, when it is longer, its last [`MAX_ERROR_TAIL_BYTES`] bytes
/// from a line start, after a `…` line.
fn head_and_tail(s: &str) -> String {
    if s.len() <= MAX_ERROR_BYTES + MAX_ERROR_TAIL_BYTES {
        return s.to_string();
    }
    let mut out = head(s);
    let mut start = s.len() - MAX_ERROR_TAIL_BYTES;
    while !s.is_char_boundary(start) {
        start += 1;
    }
    let tail = &s[start..];
    // whole lines only: drop the cut first one
    let tail = tail.split_once('\n').map_or("", |(_, rest)| rest);
    out.push_str("\n…\n");
    out.push_str(tail);
    out
}

/// Line starts (after leading spaces, case-sensitive) that the narrow error matcher takes as an
/// error line in a bare text result: compiler/tool prefixes (`error:`, `error[E0425]`),
/// `fatal:` (git), `npm ERR!`/`npm error` (npm 6 / npm 7+), Python's traceback header and its
/// `…Error:` last line is in [`ERROR_PHRASES`], `FAILED` (pytest's summary), `E   ` (pytest's
/// assertion lines), `Error:` (node, go), `panic:` (go), `thread '…' panicked` is a phrase;
/// `sh: `/`bash: `/`zsh: ` (the shell's own complaints: dash's `sh: 1: eslint: not found`,
/// `bash: line 1: x: command not found`).
pub const ERROR_LINE_STARTS: &[&str] = &[
    "error:",
    "error[",
    "Error:",
    "ERROR:",
    "ERROR ",
    "fatal:",
    "npm ERR!",
    "npm error",
    "Traceback (most recent call last)",
    "FAILED",
    "panic:",
    "FAIL ",
    "E   ",
    "ERR_",
    "Segmentation fault",
    "sh: ",
    "bash: ",
    "zsh: ",
];

/// Phrases anywhere in a line of a bare text result that the narrow matcher takes as an error:
/// the POSIX `strerror` texts a failing command prints, the shells' "not found", Rust's panic
/// line and Python's exception names. Kept narrow on purpose: a word like "error" alone in
/// program output is not a failure.
pub const ERROR_PHRASES: &[&str] = &[
    "No such file or directory",
    "command not found",
    "Permission denied",
    "not recognized as an internal or external command",
    "' panicked at",
    "ModuleNotFoundError:",
    "ImportError:",
    "SyntaxError:",
    "TypeError:",
    "NameError:",
    "AttributeError:",
    "Cannot find module",
    "cannot find module",
    "Is a directory",
    "Not a directory",
    "Connection refused",
    "Operation not permitted",
];

/// First-line phrases of a failure the agent's harness or its user caused, not the work: the
/// user rejected or interrupted the call, the agent's permission system held it for approval
/// or denied it, Claude Code's Windows shell wrapper (`cygpath`) or the MSYS runtime under it
/// (`cygheap`, `dofork`) failed before the command ran. Such a call is
/// [`Outcome::Neutral`]: it opens no episode, and a later call is not its "fix" (found in
/// real Claude Code transcripts: BENCHMARKS.md, "Replay on real transcripts").
pub const HARNESS_FAILURES: &[&str] = &[
    "The user doesn't want to proceed with this tool use",
    "The user doesn't want to take this action right now",
    "[Request interrupted by user",
    "This command requires approval",
    "has been auto-denied",
    "Claude requested permissions to",
    "For security, Claude Code may only",
    "Command failed: cygpath ",
    "child_copy: cygheap read copy failed",
    "dofork: child",
];

/// Whether a failure's text is the harness's or the user's doing ([`HARNESS_FAILURES`]): its
/// first line after an `Exit code N` header (and a leading `Error: `) has one of the phrases.
pub fn is_harness_failure(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .find(|l| {
            let l = l.strip_prefix("Error: ").unwrap_or(l);
            l.strip_prefix("Exit code ")
                .is_none_or(|n| n.trim().parse::<i64>().is_err())
        })
        .unwrap_or("");
    HARNESS_FAILURES.iter().any(|p| first.contains(p))
}

/// The outcome of the tool call an event reports ([`Outcome`]; module docs for the signals).
pub fn outcome(event: &Event) -> Outcome {
    let Some(tool) = event.tool.as_ref() else {
        return Outcome::Neutral;
    };
    match event.kind {
        EventKind::PostToolUseFailure => {
            let interrupted = event
                .extra
                .get("is_interrupt")
                .and_then(Value::as_bool)
                .unwrap_or(false);
            let text = tool.error.clone().unwrap_or_default();
            if is_harness_failure(&text) {
                return Outcome::Neutral;
            }
            let cause = if interrupted {
                Cause::Interrupted
            } else {
                exit_marker(&text)
                    .filter(|c| *c != 0)
                    .map_or(Cause::Event, Cause::ExitCode)
            };
            Outcome::Failure(Failure {
                cause,
                text: head_and_tail(&text),
            })
        }
        EventKind::PostToolUse => match tool.response.as_ref() {
            Some(v) => of_response(v),
            None => Outcome::Neutral,
        },
        _ => Outcome::Neutral,
    }
}

/// First lines of a tool result that the user, not the tool, wrote: a console transcript
/// shows a rejected or interrupted call as a plain result (`No (tell Claude what to do
/// differently)`, `User rejected update to …`, `Interrupted by user`), and an export that drops
/// the error flag shows Claude Code's own rejection texts so (SpecStory's: `Permission for
/// this tool use was denied. …`). Such a call neither failed nor succeeded.
pub const USER_STOPPED_RESULTS: &[&str] = &[
    "No (tell Claude what to do differently)",
    "User rejected",
    "Interrupted by user",
    "Permission for this tool use was denied",
    "The user doesn't want to proceed with this tool use",
    "The user doesn't want to take this action right now",
];

/// Whether a result text's first non-empty line is the user's ([`USER_STOPPED_RESULTS`]).
pub fn is_user_stopped_result(text: &str) -> bool {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    USER_STOPPED_RESULTS.iter().any(|p| first.starts_with(p))
}

/// The outcome a tool response alone says (PostToolUse).
pub fn of_response(v: &Value) -> Outcome {
    match v {
        Value::String(s) if is_user_stopped_result(s) => Outcome::Neutral,
        Value::String(s) => of_text(s, true),
        Value::Object(o) => {
            let text = response_text(v);
            let fail = |cause| {
                Outcome::Failure(Failure {
                    cause,
                    text: head(&text),
                })
            };
            for k in ["exit_code", "exitCode", "returnCode", "return_code"] {
                if let Some(c) = o.get(k).and_then(Value::as_i64) {
                    if c != 0 {
                        return fail(Cause::ExitCode(c));
                    }
                }
            }
            for k in ["isError", "is_error"] {
                if o.get(k).and_then(Value::as_bool) == Some(true) {
                    return fail(Cause::IsError);
                }
            }
            if o.get("interrupted").and_then(Value::as_bool) == Some(true) {
                return fail(Cause::Interrupted);
            }
            for k in ["timed_out", "timedOut"] {
                if o.get(k).and_then(Value::as_bool) == Some(true) {
                    return fail(Cause::Timeout);
                }
            }
            if o.get("signal").is_some_and(|s| !s.is_null()) {
                return fail(Cause::Signal);
            }
            // Gemini's `llmContent` carries its markers as text; no error-text guess there.
            if let Some(Value::String(s)) = o.get("llmContent") {
                return of_text(s, false);
            }
            Outcome::Success
        }
        _ => Outcome::Success,
    }
}

/// The outcome of a text result: the exit/signal/timeout markers, then (when `bare`) the narrow
/// error-line matcher.
fn of_text(s: &str, bare: bool) -> Outcome {
    let fail = |cause| {
        Outcome::Failure(Failure {
            cause,
            text: head_and_tail(s),
        })
    };
    if let Some(code) = exit_marker(s) {
        return if code == 0 {
            Outcome::Success
        } else {
            fail(Cause::ExitCode(code))
        };
    }
    for line in s.lines().take(64) {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("Signal: ") {
            if !rest.trim().is_empty() && rest.trim() != "(none)" {
                return fail(Cause::Signal);
            }
        }
        if t.starts_with("Command timed out")
            || t.starts_with("command timed out")
            || t.contains("timed out after")
        {
            return fail(Cause::Timeout);
        }
    }
    if bare && s.lines().take(400).any(is_error_line) {
        return fail(Cause::ErrorText);
    }
    Outcome::Success
}

/// The exit code an `Exit code: N` / `Exit Code: N` / `Exit code N` / `Process exited with
/// code N` line states (the first such line among the first 64).
pub fn exit_marker(s: &str) -> Option<i64> {
    for line in s.lines().take(64) {
        let t = line.trim().trim_start_matches('<');
        let rest = [
            "Exit code:",
            "Exit Code:",
            "Exit code",
            "Process exited with code",
        ]
        .iter()
        .find_map(|p| t.strip_prefix(p));
        if let Some(rest) = rest {
            let n: String = rest
                .trim()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '-')
                .collect();
            if let Ok(v) = n.parse() {
                return Some(v);
            }
        }
    }
    None
}

/// Whether one line of output is an error line for the narrow matcher.
pub fn is_error_line(line: &str) -> bool {
    let t = line.trim_start();
    ERROR_LINE_STARTS.iter().any(|p| t.starts_with(p))
        || ERROR_PHRASES.iter().any(|p| line.contains(p))
        || python_exception_line(t)
}

/// `SomethingError: …` / `SomethingException: …` at the start of a line (Python's last
/// traceback line, Java's exception line).
fn python_exception_line(t: &str) -> bool {
    let Some((name, _)) = t.split_once(": ") else {
        return false;
    };
    let name = name.rsplit('.').next().unwrap_or(name);
    !name.is_empty()
        && name.len() < 60
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.starts_with(|c: char| c.is_ascii_uppercase())
        && (name.ends_with("Error") || name.ends_with("Exception"))
}

/// The text of a structured response worth reading for a symptom: `stderr`, then `stdout`,
/// then `llmContent`, `error`, `message`, MCP `content[].text`; compact JSON otherwise.
pub fn response_text(v: &Value) -> String {
    let Some(o) = v.as_object() else {
        return v.as_str().map_or_else(|| v.to_string(), str::to_string);
    };
    let mut out = String::new();
    let mut full = false;
    for k in [
        "stderr",
        "stdout",
        "llmContent",
        "error",
        "message",
        "output",
    ] {
        if let Some(Value::String(s)) = o.get(k) {
            if !s.trim().is_empty() {
                push_capped(&mut out, &mut full, s);
            }
        }
    }
    if let Some(Value::Array(items)) = o.get("content") {
        for it in items {
            if let Some(Value::String(s)) = it.get("text") {
                push_capped(&mut out, &mut full, s);
            }
        }
    }
    if out.is_empty() {
        out = json_head(v);
    }
    head(&out)
}

/// The compact JSON of `v` (as `v.to_string()`), but only its first [`MAX_ERROR_BYTES`] + 4
/// bytes, cut back to a character boundary: [`head`] of it is `head` of the whole text, which a
/// large structured response (a fetched page) is never made into.
fn json_head(v: &Value) -> String {
    struct Capped(Vec<u8>);
    impl std::io::Write for Capped {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            let room = (MAX_ERROR_BYTES + 4).saturating_sub(self.0.len());
            if room == 0 {
                // stops the serializer: everything `head` can keep is here
                return Err(std::io::Error::other("enough"));
            }
            let n = buf.len().min(room);
            self.0.extend_from_slice(&buf[..n]);
            Ok(n)
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut w = Capped(Vec::new());
    let _ = serde_json::to_writer(&mut w, v);
    match String::from_utf8(w.0) {
        Ok(s) => s,
        Err(e) => {
            // a character cut at the end, past the cap: drop its bytes
            let valid = e.utf8_error().valid_up_to();
            let mut b = e.into_bytes();
            b.truncate(valid);
            String::from_utf8(b).unwrap_or_default()
        }
    }
}

/// Appends `s` and a line break to `out`, but no more than [`head`] keeps: a multi-megabyte
/// output is not copied whole to keep its first [`MAX_ERROR_BYTES`]. `head` of the result is
/// `head` of the whole concatenation: past the cap, or once a part was cut, nothing is added.
fn push_capped(out: &mut String, full: &mut bool, s: &str) {
    if *full {
        return;
    }
    // One byte past the cap tells `head` whether the cap falls on a character boundary.
    let room = MAX_ERROR_BYTES + 1 - out.len();
    if s.len() < room {
        out.push_str(s);
        out.push('\n');
        *full = out.len() > MAX_ERROR_BYTES;
    } else {
        let mut end = room;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        out.push_str(&s[..end]);
        *full = true;
    }
}

/// The first [`MAX_ERROR_BYTES`] of `s`, cut on a character boundary.
fn head(s: &str) -> String {
    if s.len() <= MAX_ERROR_BYTES {
        return s.to_string();
    }
    let mut end = MAX_ERROR_BYTES;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// `response_text` as it was before the parts were capped: the whole concatenation, then
    /// its head.
    fn whole_then_head(v: &Value) -> String {
        let o = v.as_object().expect("an object");
        let mut out = String::new();
        for k in [
            "stderr",
            "stdout",
            "llmContent",
            "error",
            "message",
            "output",
        ] {
            if let Some(Value::String(s)) = o.get(k) {
                if !s.trim().is_empty() {
                    out.push_str(s);
                    out.push('\n');
                }
            }
        }
        if let Some(Value::Array(items)) = o.get("content") {
            for it in items {
                if let Some(Value::String(s)) = it.get("text") {
                    out.push_str(s);
                    out.push('\n');
                }
            }
        }
        if out.is_empty() {
            out = v.to_string();
        }
        head(&out)
    }

    #[test]
    fn capped_parts_give_the_head_of_the_whole_text() {
        let m = MAX_ERROR_BYTES;
        // Lengths around the cap, with a 3-byte and a 4-byte character placed across it.
        let mut parts: Vec<String> = vec![String::new(), "x".into(), "error: boom".into()];
        for n in [m - 2, m - 1, m, m + 1, m + 2, 3 * m] {
            parts.push("a".repeat(n));
            for c in ['€', '𝄞'] {
                for shift in 0..4 {
                    let mut s = "b".repeat(n.saturating_sub(shift));
                    s.push(c);
                    s.push_str("tail");
                    parts.push(s);
                }
            }
        }
        for a in &parts {
            // no text field: the compact JSON of the whole response, capped while written
            let v = json!({"result": a, "code": 200, "url": "https://example.com/€"});
            assert_eq!(
                response_text(&v),
                whole_then_head(&v),
                "json of {}",
                a.len()
            );
            for b in [&parts[0], &parts[2], &parts[5], &parts[parts.len() - 1]] {
                let v = json!({"stderr": b, "stdout": a, "content": [{"text": "x"}, {"text": a}]});
                assert_eq!(
                    response_text(&v),
                    whole_then_head(&v),
                    "parts {} / {}",
                    b.len(),
                    a.len()
                );
                let v = json!({"stdout": a, "error": b});
                assert_eq!(
                    response_text(&v),
                    whole_then_head(&v),
                    "parts {} / {}",
                    a.len(),
                    b.len()
                );
            }
        }
    }
}
