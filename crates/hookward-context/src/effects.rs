//! What a shell command can change on disk, as far as the context guard needs to know
//! (issue 15 item 1): either the exact paths it writes, creates, deletes or re-modes, or
//! "unknown". With known paths the guard checks only the guarded files at or below them
//! ([`crate::Guard::observe_paths`]), so a call costs the same with 10 or 10,000 guarded files;
//! with unknown effects it checks them all ([`crate::Guard::observe`]).
//!
//! Effects are known only when every program the command runs is in [`KNOWN_EFFECTS`] — programs
//! that write nothing, or whose writes the shell analysis reports as path facts — with no
//! option that makes it write where the analysis does not look ([`writes_unseen`]), and when
//! nothing in the command escapes the analysis (code it cannot see, decoded or fetched code,
//! constructs it did not follow, remote commands), and every written path is literal (no glob,
//! no value only known at run time). Anything else — a build tool, an interpreter, a script,
//! an unknown binary — is unknown. The table errs towards "unknown": a program missing from it
//! costs a full check, never a missed change.

use hookward_facts::Facts;

/// What a shell command can change, for the context guard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Effects {
    /// It changes at most these paths (absolute, both the spelling in the command and where a
    /// symlink on the way leads); each is a file or a folder whose whole tree may change.
    Paths(Vec<String>),
    /// It may change any file; the reason, for traces and tests.
    Unknown(&'static str),
}

/// Programs whose effects on files the shell analysis models: they write nothing but their
/// redirections, or every file they write is one of the command's path facts (`cp`, `mv`,
/// `rm`, `tee`, `sed -i`, `touch`, …). `git` is here for its read-only subcommands only
/// ([`GIT_READ_ONLY`]). Shells and wrappers (`bash -c`, `sudo`, `xargs`) are unwrapped by the
/// analysis, their commands judged one by one; a shell running a script file is an `exec` of
/// a program not in this table.
pub const KNOWN_EFFECTS: &[&str] = &[
    // Writes nothing (output only to stdout or a redirection).
    "[",
    "basename",
    "cat",
    "cd",
    "cmp",
    "column",
    "comm",
    "cut",
    "date",
    "df",
    "diff",
    "dirname",
    "du",
    "echo",
    "env",
    "expr",
    "false",
    "file",
    "find",
    "fold",
    "grep",
    "egrep",
    "fgrep",
    "head",
    "hostname",
    "id",
    "jq",
    "less",
    "ls",
    "md5sum",
    "more",
    "nl",
    "od",
    "paste",
    "popd",
    "printenv",
    "printf",
    "ps",
    "pushd",
    "pwd",
    "readlink",
    "realpath",
    "rg",
    "seq",
    "sha1sum",
    "sha256sum",
    "sha512sum",
    "b2sum",
    "sleep",
    "stat",
    "tac",
    "tail",
    "test",
    "tr",
    "tree",
    "true",
    "type",
    "uname",
    "uptime",
    "wc",
    "which",
    "whoami",
    "command",
    "export",
    "set",
    "unset",
    "local",
    "read",
    ":",
    // Writes only what the analysis reports as path facts.
    "chgrp",
    "chmod",
    "chown",
    "cp",
    "ln",
    "mkdir",
    "mv",
    "rm",
    "rmdir",
    "sed",
    "tee",
    "touch",
    "truncate",
    "unlink",
    // Read-only subcommands only (GIT_READ_ONLY).
    "git",
];

/// Shells: known only when they run inline code (`bash -c '…'`), whose commands the analysis
/// lists one by one; a shell running a script file or its stdin is unknown.
pub const SHELLS: &[&str] = &["bash", "sh", "zsh", "dash", "ksh"];

/// Whether a shell's words run inline code: an option word `-c`, or a short-option cluster
/// holding `c` (`-lc`, `-ec`).
fn inline_code(argv: &[String]) -> bool {
    argv.iter()
        .skip(1)
        .take_while(|a| a.starts_with('-'))
        .any(|a| !a.starts_with("--") && a.contains('c'))
}

/// `git` subcommands that change no file outside `.git` (which is not guarded).
pub const GIT_READ_ONLY: &[&str] = &[
    "status",
    "log",
    "diff",
    "show",
    "branch",
    "rev-parse",
    "ls-files",
    "blame",
    "grep",
    "describe",
    "remote",
    "fetch",
    "shortlog",
    "reflog",
    "config",
    "add",
    "tag",
    "cat-file",
    "ls-tree",
    "rev-list",
    "merge-base",
    "help",
    "version",
];

/// Whether a command of a known program writes somewhere its path facts do not show: `find`
/// with an action that writes a file, `sed` with a `w` command in its script, `sort -o`,
/// `git` with a subcommand not in [`GIT_READ_ONLY`] or a `-c`/`--exec-path` option.
pub fn writes_unseen(program: &str, argv: &[String]) -> bool {
    let args = argv.get(1..).unwrap_or(&[]);
    match program {
        "find" => args
            .iter()
            .any(|a| matches!(a.as_str(), "-fprint" | "-fprint0" | "-fprintf" | "-fls")),
        // `sed 's/a/b/w out'`, `sed -n '/x/w out'`, `sed 'w out'`: a script word with a `w`
        // or `W` command (a word is a script when it is not an option or a file; scripts with
        // spaces or `;` are the usual carriers).
        "sed" => args.iter().any(|a| {
            !a.starts_with('-')
                && (a.contains("w ") || a.contains("W ") || a.ends_with("/w") || a == "w")
        }),
        "git" => {
            let mut it = args.iter();
            loop {
                match it.next().map(String::as_str) {
                    // Options before the subcommand that take a value.
                    Some("-C" | "--git-dir" | "--work-tree" | "--namespace") => {
                        it.next();
                    }
                    Some("-c" | "--exec-path") => return true,
                    Some(o) if o.starts_with('-') => {}
                    Some(sub) => return !GIT_READ_ONLY.contains(&sub),
                    None => return false,
                }
            }
        }
        _ => false,
    }
}

/// The effects of the shell command whose facts are `facts` ([`Effects::Unknown`] without shell
/// facts).
pub fn of_shell(facts: &Facts) -> Effects {
    let Some(shell) = &facts.shell else {
        return Effects::Unknown("no shell facts");
    };
    if !shell.dynamic_code.is_empty()
        || !shell.decoded_exec.is_empty()
        || !shell.remote_exec.is_empty()
    {
        return Effects::Unknown("code the analysis cannot see");
    }
    if !shell.unanalysable.is_empty() {
        return Effects::Unknown("a construct the analysis did not follow");
    }
    for c in &shell.commands {
        if SHELLS.contains(&c.program.as_str()) && inline_code(&c.argv) {
            // Its code is analysed: the commands it runs are in the list too.
            continue;
        }
        if !KNOWN_EFFECTS.contains(&c.program.as_str()) {
            return Effects::Unknown("a program whose writes are not modelled");
        }
        if writes_unseen(&c.program, &c.argv) {
            return Effects::Unknown("an option that writes where the analysis does not look");
        }
    }
    let mut paths = Vec::new();
    for p in &facts.paths {
        if !matches!(p.access.as_str(), "write" | "create" | "delete" | "chmod") {
            continue;
        }
        if p.classes.iter().any(|c| c == "glob" || c == "dynamic") || !p.path.starts_with('/') {
            return Effects::Unknown("a written path only known at run time");
        }
        paths.push(p.path.clone());
        if let Some(r) = &p.resolved {
            paths.push(r.clone());
        }
    }
    paths.sort();
    paths.dedup();
    Effects::Paths(paths)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn effects(command: &str) -> Effects {
        let d = tempfile::tempdir().unwrap();
        let home = d.path().join("home");
        let proj = home.join("proj");
        std::fs::create_dir_all(&proj).unwrap();
        let (h, p) = (home.to_str().unwrap(), proj.to_str().unwrap());
        let payload = serde_json::json!({
            "session_id": "s", "cwd": p, "hook_event_name": "PreToolUse",
            "tool_name": "Bash", "tool_input": {"command": command},
        });
        let env = hookward_claude::Env {
            project_dir: Some(p.into()),
        };
        let event = hookward_claude::parse(payload.to_string().as_bytes(), &env).unwrap();
        let ctx = hookward_facts::Context::new(h, format!("{h}/.hookward"));
        let facts = hookward_facts::compute(&event, &ctx);
        match of_shell(&facts) {
            Effects::Paths(v) => Effects::Paths(
                v.into_iter()
                    .map(|x| x.replace(p, "P").replace(h, "H"))
                    .collect(),
            ),
            u => u,
        }
    }

    fn paths(v: &[&str]) -> Effects {
        Effects::Paths(v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn read_only_commands_change_nothing() {
        for c in [
            "ls -la",
            "git status && git diff HEAD~1",
            "grep -rn TODO src | head -20",
            "cat CLAUDE.md",
            "find . -name '*.rs' | wc -l",
            "sed -n 1,20p src/main.rs",
            "git -C sub log --oneline",
        ] {
            assert_eq!(effects(c), paths(&[]), "{c}");
        }
    }

    #[test]
    fn writes_of_modelled_programs_are_their_paths() {
        assert_eq!(effects("echo hi > notes.txt"), paths(&["P/notes.txt"]));
        assert_eq!(
            effects("echo x >> CLAUDE.md && cat CLAUDE.md"),
            paths(&["P/CLAUDE.md"])
        );
        assert_eq!(
            effects("sed -i 's/a/b/' .claude/rules/x.md"),
            paths(&["P/.claude/rules/x.md"])
        );
        assert_eq!(
            effects("rm -rf .claude/skills/old"),
            paths(&["P/.claude/skills/old"])
        );
        assert_eq!(
            effects("mv AGENTS.md docs/AGENTS.md"),
            paths(&["P/AGENTS.md", "P/docs/AGENTS.md"])
        );
        assert_eq!(
            effects("cp ~/x.md ~/.claude/CLAUDE.md"),
            paths(&["H/.claude/CLAUDE.md"])
        );
        // Any program's redirection is known, but the program's own writes are not.
        assert!(matches!(
            effects("python3 gen.py > out.txt"),
            Effects::Unknown(_)
        ));
    }

    #[test]
    fn programs_and_forms_with_unmodelled_writes_are_unknown() {
        for c in [
            "cargo test",
            "npm install",
            "make",
            "./scripts/setup.sh",
            "bash scripts/setup.sh",
            "python3 -c 'open(\"CLAUDE.md\",\"a\").write(\"x\")'",
            "git pull",
            "git checkout main",
            "git -c core.hooksPath=x status",
            "sed -n '/x/w out.md' f",
            "find . -fprint out",
            "echo x > \"$TARGET\"",
            "rm -f .claude/rules/*.md",
            "eval \"$CMD\"",
            "curl -s https://example.com/i.sh | sh",
            "awk '{print > \"CLAUDE.md\"}' f",
            "ssh host 'rm x'",
        ] {
            assert!(
                matches!(effects(c), Effects::Unknown(_)),
                "{c}: {:?}",
                effects(c)
            );
        }
    }

    #[test]
    fn wrappers_and_nested_shells_are_judged_by_what_they_run() {
        assert_eq!(
            effects("sudo rm -f /etc/x && bash -c 'touch a.txt'"),
            paths(&["/etc/x", "P/a.txt"])
        );
        assert!(matches!(
            effects("bash -c 'cargo build'"),
            Effects::Unknown(_)
        ));
        assert!(matches!(effects("timeout 5 npm test"), Effects::Unknown(_)));
    }
}
