//! Programs that act for the caller on data (issue: adversarial review F6, F7):
//!
//! - **scripted editors** ([`EDITORS`]): an editor given a script (vim's `-c`/`+CMD`/`-es`,
//!   nvim's `--headless`, emacs' `--batch`/`--eval`, ed, whose stdin is its script) changes the
//!   files it is given without anyone at a keyboard: each file operand is a write, so the rules
//!   on protected files apply to it as to `sed -i`;
//! - **commands carried by the environment** ([`ENV_COMMANDS`]): a variable a program runs as
//!   a shell command (`EDITOR=… git commit`, `PAGER=… git log`, `LESSOPEN='|…' less`): the
//!   value is analysed like `sh -c VALUE` under the program as wrapper;
//! - **debugger shell escapes** ([`DEBUGGER_OPTIONS`]): a debugger option whose value is one of
//!   its commands (`gdb -ex '!CMD'`, `gdb -ex 'shell CMD'`, `lldb -o 'platform shell CMD'`):
//!   the shell command is analysed like `sh -c CMD`.
//!
//! The knowledge is in the tables (one row per program and option, from each program's manual
//! page); the mechanisms are the three functions, called for every simple command.

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;
use crate::model::State;

/// One editor family: its program names, the options that give it a script (so it edits
/// without a person), the options whose next word is a value (not a file), and whether it
/// always reads its commands from stdin (`ed`).
pub(crate) struct Editor {
    /// Program names of the family.
    pub programs: &'static [&'static str],
    /// Options giving a script or commands (exact words; `+CMD` and `--opt=value` forms are
    /// handled by [`is_script_option`]).
    pub script: &'static [&'static str],
    /// Options whose value is the next word.
    pub with_value: &'static [&'static str],
    /// Reads its commands from stdin when no person is at a terminal (`ed`, `ex`): every use
    /// by an agent is scripted.
    pub stdin_script: bool,
    /// `+CMD` (a word starting with `+` that is not a line number) runs CMD at start-up.
    pub plus_command: bool,
}

/// Editors that run scripts (vim(1), nvim(1), ex(1), ed(1), emacs(1), kak(1)). nano, micro and
/// other editors without a script option are interactive only and not listed.
pub(crate) const EDITORS: &[Editor] = &[
    Editor {
        programs: &["vim", "vi", "nvim", "gvim", "rvim", "vimdiff", "view"],
        script: &[
            "-c",
            "--cmd",
            "-S",
            "-s",
            "-e",
            "-E",
            "-es",
            "-Es",
            "-se",
            "-sE",
            "--headless",
        ],
        with_value: &[
            "-c",
            "--cmd",
            "-S",
            "-u",
            "-U",
            "-i",
            "-T",
            "-w",
            "-W",
            "-t",
            "-q",
            "-r",
            "--startuptime",
            "--listen",
            "--servername",
            "--remote-send",
            "--remote-expr",
            "--log",
        ],
        stdin_script: false,
        plus_command: true,
    },
    Editor {
        programs: &["ex", "nex", "exvi"],
        script: &["-c", "--cmd", "-s", "-S"],
        with_value: &["-c", "--cmd", "-S", "-u", "-i", "-t", "-w"],
        stdin_script: true,
        plus_command: true,
    },
    Editor {
        programs: &["ed", "red"],
        script: &[],
        with_value: &["-p", "--prompt"],
        stdin_script: true,
        plus_command: false,
    },
    Editor {
        programs: &["emacs", "emacs-nox", "xemacs"],
        script: &[
            "--batch",
            "-batch",
            "--eval",
            "-eval",
            "--execute",
            "-execute",
            "-l",
            "--load",
            "-f",
            "--funcall",
            "--script",
            "-script",
            "-x",
        ],
        with_value: &[
            "--eval",
            "-eval",
            "--execute",
            "-execute",
            "-l",
            "--load",
            "-f",
            "--funcall",
            "--script",
            "-script",
            "-L",
            "--directory",
            "--insert",
            "--chdir",
            "-t",
            "--terminal",
            "-d",
            "--display",
            "--dump-file",
            "--init-directory",
        ],
        stdin_script: false,
        plus_command: false,
    },
    Editor {
        programs: &["kak"],
        script: &["-f", "-e", "-E"],
        with_value: &["-f", "-e", "-E", "-c", "-s", "-ui", "-i", "-p"],
        stdin_script: false,
        plus_command: false,
    },
];

/// The editor family of `name`.
pub(crate) fn editor(name: &str) -> Option<&'static Editor> {
    EDITORS.iter().find(|e| e.programs.contains(&name))
}

/// True when `word` gives `ed` a script: one of its script options, `--opt=value` of one, or
/// (`plus_command`) `+CMD` that is not a line number (`+42`, `+`).
fn is_script_option(ed: &Editor, word: &str) -> bool {
    if ed.script.contains(&word) {
        return true;
    }
    if let Some((opt, _)) = word.split_once('=') {
        if ed.script.contains(&opt) {
            return true;
        }
    }
    ed.plus_command
        && word
            .strip_prefix('+')
            .is_some_and(|r| !r.is_empty() && !r.chars().all(|c| c.is_ascii_digit()))
}

/// The files a scripted editor invocation writes: every operand when the editor runs a script
/// (see [`Editor`]), none otherwise. Operands are the words that are not options, not option
/// values and not `+CMD`.
pub(crate) fn edited_files<'a>(
    ed: &Editor,
    args: &'a [crate::model::Arg],
) -> Vec<&'a crate::model::Arg> {
    let mut scripted = ed.stdin_script;
    let mut files = Vec::new();
    let mut i = 0;
    let mut options_done = false;
    while let Some(x) = args.get(i) {
        let t = x.text.as_str();
        if !options_done && t == "--" {
            options_done = true;
        } else if !options_done && (t.starts_with('-') && t.len() > 1) {
            if is_script_option(ed, t) {
                scripted = true;
            }
            if ed.with_value.contains(&t) {
                i += 1;
            }
        } else if !options_done && t.starts_with('+') && ed.plus_command {
            if is_script_option(ed, t) {
                scripted = true;
            }
        } else if !t.is_empty() {
            files.push(x);
        }
        i += 1;
    }
    if scripted {
        files
    } else {
        Vec::new()
    }
}

/// A scripted editor's files are writes (`vim -c ':%d|wq' F`, `ed -s F <<< …`, `emacs
/// --batch F --eval …`), like `sed -i F`.
pub(crate) fn editor_writes(a: &mut Analyzer, name: &str, inv: &Inv) {
    let Some(ed) = editor(name) else { return };
    let how = format!("{name} script");
    for f in edited_files(ed, inv.rest()).into_iter().take(64) {
        a.path_arg(&inv.cwd, f, Access::Write, &how, false);
    }
}

/// Environment variables a program runs as a shell command (git(1) `GIT_EDITOR` order:
/// `GIT_EDITOR`, `core.editor`, `VISUAL`, `EDITOR`; `GIT_PAGER`, `core.pager`, `PAGER`; less(1)
/// `LESSOPEN`/`LESSCLOSE`; man(1) `MANPAGER`/`PAGER`; crontab(1), visudo(8), `kubectl edit`,
/// `systemctl edit`, `gh`, `hg`, `svn`: their editor variables). Row: program, variables. The
/// `GIT_*` variables git runs are in `embedded::GIT_COMMAND_ENV`.
pub(crate) const ENV_COMMANDS: &[(&str, &[&str])] = &[
    ("git", &["EDITOR", "VISUAL", "PAGER"]),
    ("less", &["LESSOPEN", "LESSCLOSE"]),
    ("man", &["MANPAGER", "PAGER"]),
    ("crontab", &["EDITOR", "VISUAL"]),
    ("visudo", &["EDITOR", "VISUAL", "SUDO_EDITOR"]),
    ("sudoedit", &["SUDO_EDITOR", "EDITOR", "VISUAL"]),
    ("kubectl", &["KUBE_EDITOR", "EDITOR"]),
    ("systemctl", &["SYSTEMD_EDITOR", "EDITOR", "VISUAL"]),
    (
        "gh",
        &[
            "GH_EDITOR",
            "GIT_EDITOR",
            "EDITOR",
            "VISUAL",
            "GH_PAGER",
            "PAGER",
        ],
    ),
    ("hg", &["HGEDITOR", "EDITOR", "VISUAL", "PAGER"]),
    ("svn", &["SVN_EDITOR", "EDITOR", "VISUAL"]),
    ("fc", &["FCEDIT", "EDITOR"]),
];

/// The command text a variable's value runs: `LESSOPEN`'s `|cmd %s` and `||cmd %s` forms lose
/// their pipe marks.
fn env_command_text(value: &str) -> &str {
    value.trim().trim_start_matches('|').trim()
}

/// Runs the values of the variables [`ENV_COMMANDS`] names for `name` (set for this command,
/// `EDITOR=… git commit`, or earlier in the same command line, `export EDITOR=…; git commit`)
/// as shell code under `name`.
pub(crate) fn env_commands(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) {
    let Some((_, vars)) = ENV_COMMANDS.iter().find(|(p, _)| *p == name) else {
        return;
    };
    for var in vars.iter() {
        let val = inv
            .env
            .iter()
            .rev()
            .find(|(n, _)| n == var)
            .map(|(_, v)| v.text.clone())
            .or_else(|| st.vars.get(*var).map(|v| v.text.clone()));
        let Some(val) = val else { continue };
        let code = env_command_text(&val);
        if code.is_empty() {
            continue;
        }
        super::embedded::run_shell_text(a, inv, st, name, code, var);
    }
}

/// Debugger options whose value is a debugger command (gdb(1) `-ex`, `-iex`,
/// `--eval-command`, `--init-eval-command`; lldb(1) `-o`, `-O`, `--one-line`,
/// `--one-line-before-file`, `-k`, `--one-line-on-crash`). Row: program, options.
pub(crate) const DEBUGGER_OPTIONS: &[(&str, &[&str])] = &[
    (
        "gdb",
        &[
            "-ex",
            "--ex",
            "-iex",
            "--iex",
            "-eval-command",
            "--eval-command",
            "-init-eval-command",
            "--init-eval-command",
        ],
    ),
    (
        "gdb-multiarch",
        &[
            "-ex",
            "--ex",
            "-iex",
            "--iex",
            "-eval-command",
            "--eval-command",
        ],
    ),
    (
        "lldb",
        &[
            "-o",
            "-O",
            "-k",
            "--one-line",
            "--one-line-before-file",
            "--one-line-on-crash",
        ],
    ),
];

/// Debugger commands that run the rest of the line in a shell (gdb: `!`, `shell`, `pipe …|`;
/// lldb: `platform shell`, `shell` alias).
pub(crate) const DEBUGGER_SHELL_PREFIXES: &[&str] =
    &["!", "shell ", "platform shell ", "platform sh "];

/// The shell command a debugger command runs, if any (`!rm x` → `rm x`, `shell rm x` → `rm x`,
/// `pipe info | sh` → `sh`).
pub(crate) fn debugger_shell_command(cmd: &str) -> Option<String> {
    let c = cmd.trim();
    for p in DEBUGGER_SHELL_PREFIXES {
        if let Some(rest) = c.strip_prefix(p) {
            let rest = rest.trim();
            return (!rest.is_empty()).then(|| rest.to_string());
        }
    }
    if let Some(rest) = c.strip_prefix("pipe ").or_else(|| c.strip_prefix("| ")) {
        return rest
            .split_once('|')
            .map(|(_, sh)| sh.trim().to_string())
            .filter(|s| !s.is_empty());
    }
    None
}

/// Runs the shell escapes of a debugger's command options as shell code under the debugger.
pub(crate) fn debugger_commands(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) {
    let Some((_, opts)) = DEBUGGER_OPTIONS.iter().find(|(p, _)| *p == name) else {
        return;
    };
    let rest = inv.rest();
    let mut found = Vec::new();
    for (i, x) in rest.iter().enumerate().take(64) {
        let t = x.text.as_str();
        let value = if opts.contains(&t) {
            rest.get(i + 1).map(|v| (v.text.clone(), v.raw.clone()))
        } else {
            t.split_once('=')
                .filter(|(o, _)| opts.contains(o))
                .map(|(_, v)| (v.to_string(), x.raw.clone()))
        };
        if let Some((v, raw)) = value {
            if let Some(cmd) = debugger_shell_command(&v) {
                found.push((cmd, raw));
            }
        }
    }
    for (cmd, raw) in found {
        super::embedded::run_shell_text(a, inv, st, name, &cmd, &raw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Arg;

    fn args(s: &[&str]) -> Vec<Arg> {
        s.iter().map(|w| Arg::lit(w)).collect()
    }

    #[test]
    fn every_editor_row_counts_its_script_options() {
        for ed in EDITORS {
            for opt in ed.script {
                let mut argv = vec![*opt];
                if ed.with_value.contains(opt) {
                    argv.push("VALUE");
                }
                argv.push("f.json");
                let a = args(&argv);
                let files: Vec<&str> = edited_files(ed, &a)
                    .iter()
                    .map(|x| x.text.as_str())
                    .collect();
                assert_eq!(files, vec!["f.json"], "{:?} {argv:?}", ed.programs);
            }
            // Without a script option only the stdin-script editors edit.
            let a = args(&["f.json"]);
            assert_eq!(
                edited_files(ed, &a).len(),
                usize::from(ed.stdin_script),
                "{:?}",
                ed.programs
            );
        }
    }

    #[test]
    fn plus_line_numbers_are_not_scripts() {
        let vim = editor("vim").expect("row");
        assert!(edited_files(vim, &args(&["+12", "f"])).is_empty());
        assert_eq!(edited_files(vim, &args(&["+%d|wq", "f"])).len(), 1);
        assert_eq!(edited_files(vim, &args(&["--cmd=set x", "f"])).len(), 1);
    }

    #[test]
    fn debugger_escapes() {
        assert_eq!(debugger_shell_command("!rm x").as_deref(), Some("rm x"));
        assert_eq!(
            debugger_shell_command(" shell rm x").as_deref(),
            Some("rm x")
        );
        assert_eq!(
            debugger_shell_command("platform shell rm x").as_deref(),
            Some("rm x")
        );
        assert_eq!(
            debugger_shell_command("pipe bt | sh").as_deref(),
            Some("sh")
        );
        assert_eq!(debugger_shell_command("bt"), None);
        assert_eq!(debugger_shell_command("run"), None);
    }
}
