//! `hookward completions` and `hookward man` (issue 16 item 5): the scripts and pages are
//! generated from the same clap definition the CLI parses with, so every subcommand shows up;
//! the bash and zsh scripts are valid for their shells; a closed stdout is a quiet exit 0.

mod common;

use common::Sandbox;
use std::process::Stdio;

/// Every subcommand a user can type (hidden `help` aside).
const SUBCOMMANDS: &[&str] = &[
    "hook",
    "demo",
    "policy",
    "scan",
    "log",
    "events",
    "install",
    "uninstall",
    "doctor",
    "context",
    "review",
    "restore",
    "blame",
    "export",
    "history",
    "kb",
    "config",
    "completions",
    "man",
];

fn stdout_of(s: &Sandbox, args: &[&str]) -> String {
    let out = s.cmd(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn completion_scripts_name_every_subcommand_and_parse() {
    let s = Sandbox::new();
    let bash = stdout_of(&s, &["completions", "bash"]);
    assert!(
        bash.contains("complete -F _hookward"),
        "{}",
        &bash[..200.min(bash.len())]
    );
    for sub in SUBCOMMANDS {
        assert!(bash.contains(sub), "bash script lacks {sub}");
    }
    // options of a nested subcommand are offered too
    assert!(bash.contains("--fail-on"), "scan's --fail-on");
    let zsh = stdout_of(&s, &["completions", "zsh"]);
    assert!(
        zsh.starts_with("#compdef hookward"),
        "{}",
        &zsh[..80.min(zsh.len())]
    );
    let fish = stdout_of(&s, &["completions", "fish"]);
    assert!(fish.contains("complete -c hookward"));
    let ps = stdout_of(&s, &["completions", "powershell"]);
    assert!(ps.contains("Register-ArgumentCompleter"));
    // The shells accept the scripts (syntax check only, nothing is run).
    for (shell, script) in [("bash", &bash), ("zsh", &zsh)] {
        let Ok(mut child) = std::process::Command::new(shell)
            .arg("-n")
            .stdin(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        else {
            eprintln!("{shell} not installed: syntax check skipped");
            continue;
        };
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{shell} -n: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let bad = s.cmd(&["completions", "tcsh"]).output().unwrap();
    assert_eq!(
        bad.status.code(),
        Some(2),
        "an unknown shell is a usage error"
    );
}

#[test]
fn man_page_and_one_page_per_subcommand() {
    let s = Sandbox::new();
    let page = stdout_of(&s, &["man"]);
    assert!(
        page.contains(".TH hookward 1"),
        "{}",
        &page[..200.min(page.len())]
    );
    for sub in SUBCOMMANDS {
        assert!(page.contains(sub), "hookward(1) lacks {sub}");
    }
    let dir = s.dir.path().join("man1");
    let listed = stdout_of(&s, &["man", "--dir", dir.to_str().unwrap()]);
    for name in [
        "hookward.1",
        "hookward-scan.1",
        "hookward-policy-eval.1",
        "hookward-events-ack.1",
    ] {
        let p = dir.join(name);
        assert!(p.is_file(), "{name} not written");
        assert!(listed.contains(name), "{name} not listed: {listed}");
    }
    let scan = std::fs::read_to_string(dir.join("hookward-scan.1")).unwrap();
    assert!(
        scan.contains("fail\\-on"),
        "scan's page documents --fail-on"
    );
}

#[test]
fn a_closed_stdout_ends_quietly() {
    let s = Sandbox::new();
    for args in [&["completions", "bash"][..], &["man"]] {
        let mut child = s.spawn_piped(args);
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stderr).to_string()
            ),
            (Some(0), String::new()),
            "{args:?}"
        );
    }
}

/// Newcomer report (h-fix18 item 4): the help says what `--json` prints (the
/// `schema_version` envelope, not a bare array), and `uninstall` offers only what it uses
/// (install's `--warm` and `--no-trust` mean nothing there and are refused).
#[test]
fn help_says_what_json_prints_and_uninstall_offers_only_its_own_flags() {
    let s = Sandbox::new();
    for cmd in ["log", "events"] {
        let help = stdout_of(&s, &[cmd, "--help"]);
        assert!(!help.contains("one array"), "{cmd}: {help}");
        assert!(help.contains("schema_version"), "{cmd}: {help}");
    }
    let help = stdout_of(&s, &["uninstall", "--help"]);
    for flag in ["--warm", "--no-trust"] {
        assert!(!help.contains(flag), "{help}");
        let out = s.cmd(&["uninstall", "claude-code", flag]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
    }
    assert!(
        help.contains("--apply") && help.contains("--scope"),
        "{help}"
    );
}
