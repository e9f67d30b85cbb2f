//! Commands carried where the parser or the program tables did not look (adversarial review
//! F5–F7), as generated variants: every carrier shape × every inner command. Each must give the
//! inner command's own facts (here: the recursive delete of `~/.claude`), or at least a fact
//! the policy asks on.

mod common;

use hookward_shell::{analyze, Access, ShellFacts};

const TARGET: &str = "/home/dev/.claude";

fn f(cmd: &str) -> ShellFacts {
    analyze(cmd, &common::ctx())
}

fn deletes_target(facts: &ShellFacts) -> bool {
    facts
        .paths
        .iter()
        .any(|p| p.access == Access::Delete && p.path == TARGET)
}

/// Process substitutions in shapes the parser rejects (F5): nested, in an assignment, as the
/// program word. bash runs the inner command in each (checked by the review with harmless
/// stand-ins).
#[test]
fn nested_process_substitutions_are_analysed() {
    let shapes = [
        "cat <(<(X))",
        "diff <(<(X)) /dev/null",
        "echo >(>(X))",
        "cat <(>(X))",
        "cat >(<(X))",
        "x=<(X)",
        "y=>(X)",
        "x=<(<(X))",
        "cat <(<(<(X)))",
        "cat <(true <(<(X)))",
        "echo ok; cat <(<(X)) | wc -l",
    ];
    for shape in shapes {
        let cmd = shape.replace('X', "rm -rf ~/.claude");
        let facts = f(&cmd);
        assert!(deletes_target(&facts), "{cmd}: {:?}", facts.paths);
        assert!(
            facts
                .unanalysable
                .iter()
                .any(|u| u.reason.starts_with("parse error")),
            "{cmd}: a parse error is a fact"
        );
    }
}

/// Text nested past the parser's limit is a limit of the analysis, quoted or not.
#[test]
fn nesting_past_the_parser_limit_is_a_limit() {
    for n in [49, 60, 120] {
        for (open, close) in [("\"$(", ")\""), ("$(", ")"), ("<(", ")")] {
            let cmd = format!("echo {}rm -rf ~/.claude{}", open.repeat(n), close.repeat(n));
            let facts = f(&cmd);
            assert!(
                facts.unanalysable.iter().any(|u| u.limit),
                "{n} × {open}: {:?}",
                facts.unanalysable
            );
        }
    }
}

/// Editors given a script change their files (F6): each editor × script form is a write of
/// the file operand.
#[test]
fn scripted_editors_write_their_files() {
    let forms = [
        "vim -c ':%d|wq' F",
        "vim -es -c '%s/a/b/|x' F",
        "vi -c 'g/x/d' -c wq F",
        "vim +%d +wq F",
        "vim --cmd 'set nomore' -c wq F",
        "view -c 'w!' F",
        "ex -sc '%s/a/b/|x' F",
        "ex F",
        "nvim --headless -c '%d' -c wq F",
        "nvim --headless F",
        "ed -s F",
        "ed F",
        "red F",
        "emacs --batch F --eval '(save-buffer)'",
        "emacs -batch F -f save-buffer",
        "emacs --eval '(erase-buffer)' F",
        "kak -f 'ggd' F",
    ];
    for file in ["~/.claude/settings.json", ".claude/settings.local.json"] {
        for form in forms {
            let cmd = form.replace('F', file);
            let facts = f(&cmd);
            let want = if file.starts_with('~') {
                "/home/dev/.claude/settings.json".to_string()
            } else {
                "/home/dev/project/.claude/settings.local.json".to_string()
            };
            assert!(
                facts
                    .paths
                    .iter()
                    .any(|p| p.access == Access::Write && p.path == want),
                "{cmd}: {:?}",
                facts.paths
            );
        }
    }
    // Opening a file interactively, or jumping to a line, is not a script.
    for cmd in [
        "vim notes.md",
        "vim +12 notes.md",
        "nano notes.md",
        "emacs notes.md",
    ] {
        assert!(
            !f(cmd).paths.iter().any(|p| p.access == Access::Write),
            "{cmd}"
        );
    }
    // The script option's value is not a file.
    let facts = f("vim -c 'set x' -u NONE f.txt");
    let written: Vec<&str> = facts
        .paths
        .iter()
        .filter(|p| p.access == Access::Write)
        .map(|p| p.path.as_str())
        .collect();
    assert_eq!(written, vec!["/home/dev/project/f.txt"]);
}

/// Variables a program runs as a command (F7): the value is analysed like `sh -c`.
#[test]
fn commands_carried_by_the_environment() {
    let shapes = [
        "EDITOR='X' git commit",
        "VISUAL='X' git commit --amend",
        "GIT_SEQUENCE_EDITOR='X' git rebase -i HEAD~2",
        "PAGER='X' git log",
        "GIT_PAGER='X' git log",
        "GIT_SSH_COMMAND='X' git fetch",
        "export EDITOR='X'; git commit",
        "env EDITOR='X' git commit",
        "LESSOPEN='|X %s' less f",
        "MANPAGER='X' man ls",
        "EDITOR='X' crontab -e",
        "KUBE_EDITOR='X' kubectl edit deploy/x",
        "SYSTEMD_EDITOR='X' systemctl edit x",
        "GH_EDITOR='X' gh pr create",
    ];
    for shape in shapes {
        let cmd = shape.replace('X', "rm -rf ~/.claude");
        let facts = f(&cmd);
        assert!(deletes_target(&facts), "{cmd}: {:?}", facts.paths);
    }
    // A plain editor name is a program, not a deletion.
    assert!(!deletes_target(&f("EDITOR=vim git commit")));
}

/// Debugger commands that run a shell (F7).
#[test]
fn debugger_shell_escapes() {
    let shapes = [
        "gdb -batch -ex '!X'",
        "gdb -batch -ex 'shell X'",
        "gdb --batch --eval-command='shell X'",
        "gdb -iex '!X' ./a.out",
        "gdb -q -ex 'pipe bt | X'",
        "lldb -o 'platform shell X'",
        "lldb --one-line 'platform shell X' ./a.out",
    ];
    for shape in shapes {
        let cmd = shape.replace('X', "rm -rf ~/.claude");
        let facts = f(&cmd);
        assert!(deletes_target(&facts), "{cmd}: {:?}", facts.paths);
    }
    assert!(!deletes_target(&f(
        "gdb -batch -ex bt -ex 'info registers' ./a.out"
    )));
}
