//! The Windows table, row by row (each row's example gives its effect, its quiet neighbour
//! does not), the path mapping and the statement splitter.

use super::table::{Effect, ROWS};
use super::*;
use crate::facts::{ShellContext, ShellFacts};

fn ctx() -> ShellContext {
    ShellContext {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/project".into()),
    }
}

fn has_effect(f: &ShellFacts, e: Effect, canonical: &str) -> bool {
    match e {
        Effect::Delete(_) => f.paths.iter().any(|p| p.access == Access::Delete),
        Effect::Read => f.paths.iter().any(|p| p.access == Access::Read),
        Effect::Write => f.paths.iter().any(|p| p.access == Access::Write),
        Effect::Copy(_) => f.paths.iter().any(|p| p.access == Access::Create),
        Effect::Volume | Effect::Disk => f
            .paths
            .iter()
            .any(|p| p.access == Access::Write && p.path.starts_with("/dev/disk/windows/")),
        Effect::Evasion(k) => f.evasion.iter().any(|x| x.kind == k),
        Effect::Persistence(k) => f.persistence.iter().any(|x| x.kind == k),
        Effect::Account => f.persistence.iter().any(|x| x.kind == "account"),
        Effect::PowerOff => f.commands.iter().any(|c| c.program == canonical),
        Effect::Stop(..) => f.signals.iter().any(|s| s.program == canonical),
        Effect::SecretPrint => f.secret_prints.iter().any(|s| s.program == canonical),
        Effect::HiveSave => f
            .paths
            .iter()
            .any(|p| p.access == Access::Read && p.path.contains("/config/")),
        Effect::DiskpartScript => f.dynamic_code.iter().any(|d| d.interpreter == "diskpart"),
    }
}

#[test]
fn every_row_gives_its_effect_and_its_neighbour_does_not() {
    let ctx = ctx();
    let mut bad = Vec::new();
    for row in ROWS {
        let canonical = row.names[0];
        assert!(
            is_windows_line(row.danger),
            "not read as Windows: {}",
            row.danger
        );
        let f = crate::analyze(row.danger, &ctx);
        if !has_effect(&f, row.effect, canonical) {
            bad.push(format!("no {:?}: {} → {f:?}", row.effect, row.danger));
        }
        if !row.quiet.is_empty() {
            let f = crate::analyze(row.quiet, &ctx);
            if has_effect(&f, row.effect, canonical) {
                bad.push(format!(
                    "{:?} from its quiet example: {}",
                    row.effect, row.quiet
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn mapped(w: &str) -> (String, bool) {
    let ctx = ctx();
    let a = Analyzer::new(&ctx);
    let cwd = Cwd {
        text: "/home/dev/project".into(),
        known: true,
    };
    let r = win_path(w, &a, &cwd);
    (r.path, r.dynamic)
}

#[test]
fn windows_paths_map_onto_the_analyzers_locations() {
    for (w, want) in [
        (r"C:\", "/"),
        (r"C:\Windows\System32", "/Windows/System32"),
        (r"c:/windows", "/windows"),
        (r"C:\Users", "/home"),
        (r"C:\Users\*", "/home/*"),
        (r"C:\Users\dev", "/home/dev"),
        (r"C:\Users\dev\project\dist", "/home/dev/project/dist"),
        (r"C:\Users\alex\Documents", "/home/alex/Documents"),
        ("~", "/home/dev"),
        (r"~\.ssh\id_rsa", "/home/dev/.ssh/id_rsa"),
        ("$HOME", "/home/dev"),
        ("$env:USERPROFILE", "/home/dev"),
        ("${env:UserProfile}", "/home/dev"),
        (r"%USERPROFILE%\.ssh", "/home/dev/.ssh"),
        (
            r#""$env:APPDATA\Microsoft\Windows\Start Menu""#,
            "/home/dev/AppData/Roaming/Microsoft/Windows/Start Menu",
        ),
        (r"$env:TEMP\cache", "/tmp/cache"),
        (r"%SystemRoot%\System32", "/Windows/System32"),
        (r".\node_modules", "/home/dev/project/node_modules"),
        (r"..\other", "/home/dev/other"),
        ("dist", "/home/dev/project/dist"),
        ("'C:\\Program Files'", "/Program Files"),
    ] {
        assert_eq!(mapped(w), (want.to_string(), false), "{w}");
    }
    for w in ["$target", r"\\server\share\x", "C:relative", "%UNKNOWN%\\x"] {
        assert!(mapped(w).1, "{w} should be only known at run time");
    }
}

#[test]
fn statements_split_on_windows_separators() {
    let s = split(
        "cd src; Get-ChildItem -Recurse | Remove-Item && echo done > out.txt & (Get-Date)",
        Dialect::Cmd,
    );
    let names: Vec<&str> = s.iter().map(|x| x.name.as_str()).collect();
    assert_eq!(
        names,
        ["cd", "get-childitem", "remove-item", "echo", "(get-date)"]
    );
    assert_eq!(s[2].prev, Some(1));
    assert_eq!(s[3].redirects, ["out.txt"]);
    assert_eq!(s[4].groups, ["Get-Date"]);
    // Backtick escapes, quoted separators, comments.
    let s = split(
        "Re`move-Item 'a;b' # rm -rf ~\nGet-Process",
        Dialect::PowerShell,
    );
    assert_eq!(s.len(), 2);
    assert_eq!(s[0].name, "remove-item");
    assert_eq!(unquote(&s[0].words[0]), "a;b");
}

#[test]
fn parameters_by_prefix_and_glued_values() {
    let s = &split(
        r"ri -r -fo -Confirm:$false -Path C:\x,C:\y",
        Dialect::PowerShell,
    )[0];
    assert_eq!(param(s, "recurse"), Some(None));
    assert_eq!(param(s, "confirm"), Some(Some("$false".into())));
    assert_eq!(path_operands(s), [r"C:\x", r"C:\y"]);
    let s = &split("taskkill /F /IM MsMpEng.exe", Dialect::Cmd)[0];
    assert_eq!(param(s, "/im"), Some(Some("MsMpEng.exe".into())));
}

#[test]
fn posix_lines_are_not_windows_lines() {
    for c in [
        "rm -rf ./build",
        "cat /etc/hosts | grep x",
        "kill -9 1234",
        "cp -R src/ dest/",
        "git status && npm test",
        "type -a ls",
        "apt-get install -y jq",
        "docker-compose up -d",
        "net ads join -U admin",
    ] {
        assert!(!is_windows_line(c), "{c}");
    }
    for c in [
        "Get-ChildItem",
        r"rd /s /q build",
        r"del C:\x.txt",
        "$env:FOO=1; npm test",
        "cmd /c dir",
        "Remove-Item -Recurse x",
        "sc.exe query WinDefend",
        r"gc $HOME\.aws\credentials",
        "Re`move-Item dist",
    ] {
        assert!(is_windows_line(c), "{c}");
    }
}

#[test]
fn a_backtick_escape_is_no_hidden_command() {
    let ctx = ctx();
    let f = crate::analyze("Re`move-Item dist -Recurse", &ctx);
    assert!(
        f.unanalysable.is_empty() && f.obfuscation.is_empty(),
        "{f:?}"
    );
    assert!(
        f.paths
            .iter()
            .any(|p| p.path == "/home/dev/project/dist" && p.recursive),
        "{f:?}"
    );
    // Two lines: bash runs the first, so the parse error of the second is kept.
    let f = crate::analyze("Get-Date\nRe`move-Item dist", &ctx);
    assert!(!f.unanalysable.is_empty(), "{f:?}");
}

#[test]
fn whatif_previews_and_wrappers() {
    let ctx = ctx();
    let f = crate::analyze(r"Remove-Item -Recurse -Force C:\ -WhatIf", &ctx);
    assert!(!f.paths.iter().any(|p| p.path == "/"), "{f:?}");
    let f = crate::analyze(r#"cmd /c "rd /s /q C:\Users""#, &ctx);
    assert!(
        f.paths
            .iter()
            .any(|p| p.path == "/home" && p.recursive && p.access == Access::Delete),
        "{f:?}"
    );
    let f = crate::analyze(
        r#"pwsh -NoProfile -Command "Remove-Item -Recurse -Force $env:USERPROFILE""#,
        &ctx,
    );
    assert!(
        f.paths
            .iter()
            .any(|p| p.path == "/home/dev" && p.recursive && p.access == Access::Delete),
        "{f:?}"
    );
    let f = crate::analyze(
        r"Get-ChildItem C:\Users\dev -Recurse | Remove-Item -Force",
        &ctx,
    );
    assert!(
        f.paths
            .iter()
            .any(|p| p.path == "/home/dev/*" && p.recursive && p.access == Access::Delete),
        "{f:?}"
    );
    let f = crate::analyze(
        "Start-Process powershell -ArgumentList '-enc UgBlAG0AbwB2AGUALQBJAHQAZQBtACAAfgAgAC0AUgBlAGMAdQByAHMAZQA='",
        &ctx,
    );
    assert!(
        f.paths
            .iter()
            .any(|p| p.path == "/home/dev" && p.recursive && p.access == Access::Delete),
        "{f:?}"
    );
    let f = crate::analyze(
        "echo select disk 1 > s.txt && echo clean >> s.txt && diskpart /s s.txt",
        &ctx,
    );
    assert!(
        f.paths.iter().any(|p| p.path == "/dev/disk/windows/disk-1"),
        "{f:?}"
    );
}

/// `cmd /c "…"` typed into a POSIX shell: cmd gets the words after the shell's quote removal
/// (`\\` becomes `\`), and reads them as cmd syntax.
#[test]
fn cmd_run_from_a_posix_shell_reads_the_unquoted_words() {
    let f = crate::analyze(
        r#"cmd /c "reg save HKLM\\SAM C:\\Users\\Public\\sam.hiv""#,
        &ctx(),
    );
    assert!(
        f.paths
            .iter()
            .any(|p| p.path.to_ascii_lowercase().contains("sam")
                && p.how.to_ascii_lowercase().contains("reg")),
        "{:?}",
        f.paths
    );
}
