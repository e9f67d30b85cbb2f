//! Everything the CLI prints on stdout goes through here: [`outln!`](crate::outln) and
//! [`out!`](crate::out) for text, [`io_err`] for the commands that write through their own
//! `Write`.
//!
//! **A closed stdout is a clean stop** (`hookward config | head -1`): when a write fails with
//! `BrokenPipe` the process exits 0 at once, without a message, like ripgrep. A command that
//! was still printing stops there; commands that change files (`install --apply`, `restore
//! --apply`, `review accept`) do their work before they print the outcome, so the change is
//! made either way. The Rust runtime ignores `SIGPIPE`, so the write returns `EPIPE` instead
//! of killing the process; hookward keeps it that way rather than restoring the default
//! signal, because `hookward hook` must always finish its reply logic and record the event
//! (it writes with its own error handling, `hook.rs`, and never comes through here).
//!
//! **Colour**: text is written through [`anstream`], which drops the styles of [`paint`] when
//! stdout is not a terminal, when `NO_COLOR` is set, or with `--color never`, and keeps them
//! with `--color always` (`main` sets the global choice before any command runs).

use std::io::Write;

/// How `--color` chooses.
#[derive(Clone, Copy, Debug, clap::ValueEnum, PartialEq, Eq, Default)]
pub enum ColorArg {
    /// Colour when stdout is a terminal and `NO_COLOR` is not set.
    #[default]
    Auto,
    /// Always colour, even into a pipe or file (and despite `NO_COLOR`).
    Always,
    /// Never colour.
    Never,
}

/// Sets the process-wide colour choice every later write follows.
pub fn set_color(choice: ColorArg) {
    let c = match choice {
        ColorArg::Auto => anstream::ColorChoice::Auto,
        ColorArg::Always => anstream::ColorChoice::Always,
        ColorArg::Never => anstream::ColorChoice::Never,
    };
    c.write_global();
}

/// Writes `args` (and a newline when `newline`) to stdout; exits 0 on a closed pipe and 2 on
/// any other write error (stdout gone in another way: a full disk, a revoked terminal).
pub fn write(args: std::fmt::Arguments<'_>, newline: bool) {
    let mut out = anstream::stdout().lock();
    let r = out.write_fmt(args).and_then(|()| {
        if newline {
            out.write_all(b"\n")
        } else {
            Ok(())
        }
    });
    if let Err(e) = r {
        stop(&e);
    }
}

/// Maps a stdout write error to the CLI's error string; a closed pipe exits 0 instead.
pub fn io_err(e: std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    format!("cannot write to stdout: {e}")
}

/// Ends the process after a failed stdout write: 0 for a closed pipe, 2 otherwise.
fn stop(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    let _ = writeln!(std::io::stderr(), "hookward: cannot write to stdout: {e}");
    std::process::exit(2);
}

/// A styled piece of text: `s` between the style's escape codes (removed again by the stream
/// when colour is off).
pub fn paint(s: &str, style: anstyle::Style) -> String {
    format!("{style}{s}{style:#}")
}

/// Style of a failure word (`FAIL`, `deny`).
pub const BAD: anstyle::Style = anstyle::Style::new()
    .bold()
    .fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Red)));
/// Style of a warning word (`warn`, `ask`, `suspicious`).
pub const WARN: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Yellow)));
/// Style of a success word (`ok`, `PASS`).
pub const GOOD: anstyle::Style =
    anstyle::Style::new().fg_color(Some(anstyle::Color::Ansi(anstyle::AnsiColor::Green)));

/// The style of a decision word: deny red, ask yellow, others plain.
pub fn decision_style(word: &str) -> anstyle::Style {
    match word {
        "deny" | "injection" => BAD,
        "ask" | "suspicious" => WARN,
        _ => anstyle::Style::new(),
    }
}

/// `println!` for the CLI: through [`write`] (colour choice, quiet exit on a closed pipe).
#[macro_export]
macro_rules! outln {
    () => { $crate::out::write(format_args!(""), true) };
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*), true) };
}

/// `print!` for the CLI: through [`write`].
#[macro_export]
macro_rules! out {
    ($($t:tt)*) => { $crate::out::write(format_args!($($t)*), false) };
}

/// The width of the terminal stdout writes to, in columns; `None` when stdout is not a
/// terminal (a pipe, a file: output is then never wrapped, so scripts and snapshots see one
/// line per item). `TIOCGWINSZ` on stdout.
pub fn terminal_width() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    // SAFETY: TIOCGWINSZ fills the `winsize` it is given and touches nothing else.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    let r = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut ws) };
    (r == 0 && ws.ws_col > 0).then_some(usize::from(ws.ws_col))
}

/// `text` cut at spaces into lines of at most `room` characters of text (a word longer than
/// that stays whole on its own line), lines after the first preceded by `indent` spaces: the
/// text of a column that starts at `indent` on a terminal `indent + room` wide. A `room` below
/// 20 gives `text` unchanged.
pub fn wrap(text: &str, room: usize, indent: usize) -> String {
    if room < 20 {
        return text.to_string();
    }
    let mut out = String::new();
    let mut line_len = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let w = word.chars().count();
        if line_len > 0 && line_len + 1 + w > room {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += w;
    }
    out
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap;

    #[test]
    fn lines_fit_the_room_with_a_hanging_indent() {
        let text = "A shell command deleting, moving away, re-moding or recursively overwriting a folder that holds an agent's settings";
        let w = wrap(text, 32, 8);
        let lines: Vec<&str> = w.lines().collect();
        assert!(lines.len() > 2, "{w}");
        assert!(lines[0].chars().count() <= 32, "{w}");
        for l in &lines[1..] {
            assert!(l.starts_with("        ") && !l[8..].starts_with(' '), "{w}");
            assert!(l.chars().count() <= 40, "{w}");
        }
        assert_eq!(
            w.split_whitespace().collect::<Vec<_>>(),
            text.split_whitespace().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_narrow_room_leaves_the_text_alone() {
        assert_eq!(wrap("a b c", 19, 8), "a b c");
    }
}
