//! `hookward install` / `uninstall` / `doctor` for Codex, Gemini CLI and Cursor through the
//! binary in a throwaway HOME: insta snapshots of the diffs and of doctor, plus the bug
//! classes of issue #2 per agent (others' entries survive, unparseable file untouched,
//! idempotent, uninstall removes only ours).

mod common;

use common::Sandbox;

fn run(s: &Sandbox, args: &[&str]) -> String {
    let out = s.cmd(args).output().unwrap();
    let mut text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr);
    if !err.is_empty() {
        text.push_str("--- stderr ---\n");
        text.push_str(&err);
    }
    text.push_str(&format!(
        "--- exit {} ---\n",
        out.status.code().unwrap_or(-1)
    ));
    text.replace(&s.dir.path().display().to_string(), "[TMP]")
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "[TIME]");
    settings.add_filter(r"sha256:[0-9a-f]{64}", "sha256:[HASH]");
    settings.add_filter(
        r"hookward-backup-\d{8}T\d{6}Z(-\d+)?",
        "hookward-backup-[UTC]",
    );
    settings.add_filter(r"in \d+ ms", "in [N] ms");
    settings.add_filter(r"/\S*/hookward hook ", "[HOOKWARD] hook ");
    settings
}

#[test]
fn install_diffs_per_agent() {
    for agent in ["codex", "gemini", "cursor"] {
        let s = Sandbox::new();
        settings().bind(|| {
            insta::assert_snapshot!(format!("{agent}_dry_run"), run(&s, &["install", agent]));
            insta::assert_snapshot!(
                format!("{agent}_apply"),
                run(&s, &["install", agent, "--apply"])
            );
            insta::assert_snapshot!(
                format!("{agent}_again"),
                run(&s, &["install", agent, "--apply"])
            );
            insta::assert_snapshot!(
                format!("{agent}_uninstall"),
                run(&s, &["uninstall", agent, "--apply"])
            );
        });
        // Install created every file it wrote here, so uninstall leaves none behind (no
        // empty `{}`, Cursor `{"version":1}` or empty Codex `config.toml`).
        let created = match agent {
            "codex" => vec![".codex/hooks.json", ".codex/config.toml"],
            "gemini" => vec![".gemini/settings.json"],
            _ => vec![".cursor/hooks.json"],
        };
        for f in created {
            assert!(!s.home().join(f).exists(), "{agent}: {f} left behind");
        }
    }
}

#[test]
fn codex_no_trust_says_so_plainly() {
    let s = Sandbox::new();
    let out = run(&s, &["install", "codex", "--no-trust", "--apply"]);
    assert!(out.contains("Codex will not run these hooks until you review them in /hooks"));
    assert!(!out.contains("trusted_hash"), "{out}");
    assert!(!s.home().join(".codex/config.toml").exists());
    // doctor names the missing trust.
    let doctor = run(&s, &["doctor"]);
    assert!(
        doctor.contains("PreToolUse, ")
            && doctor.contains(": not trusted: Codex skips them without a warning"),
        "{doctor}"
    );
}

/// `--no-trust` after a trusting install does not claim Codex will skip the hooks: the earlier
/// trust entries stay (hookward never undoes the person's review) and it says so.
#[test]
fn codex_no_trust_after_a_trusting_install_says_the_hooks_still_run() {
    let s = Sandbox::new();
    run(&s, &["install", "codex", "--apply"]);
    let out = run(&s, &["install", "codex", "--no-trust", "--apply"]);
    assert!(
        out.contains("already trusted") && out.contains("so Codex runs them"),
        "{out}"
    );
    assert!(!out.contains("Codex will not run these hooks"), "{out}");
}

#[test]
fn doctor_covers_each_agent() {
    let s = Sandbox::new();
    for agent in ["codex", "gemini", "cursor"] {
        s.cmd(&["install", agent, "--apply"]).assert().success();
    }
    settings().bind(|| insta::assert_snapshot!("doctor_agents", run(&s, &["doctor"])));
}

const CODEX_OTHERS: &str = r#"{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"python3 keep.py"}]}]}}"#;
const CONFIG: &str = "# mine\nmodel = \"gpt-5.5\"\n\n[features]\nhooks = true\n";
const GEMINI_OTHERS: &str = r#"{"general":{"vimMode":true},"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"type":"command","command":"./g.sh"}]}]}}"#;
const CURSOR_OTHERS: &str =
    r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"./audit.sh"}]}}"#;

fn files(s: &Sandbox, agent: &str) -> (std::path::PathBuf, &'static str) {
    match agent {
        "codex" => (s.home().join(".codex/hooks.json"), CODEX_OTHERS),
        "gemini" => (s.home().join(".gemini/settings.json"), GEMINI_OTHERS),
        _ => (s.home().join(".cursor/hooks.json"), CURSOR_OTHERS),
    }
}

/// (a) per agent: others' entries survive; a second install is byte-identical; uninstall gives
/// back the original settings (and for Codex the original config.toml).
#[test]
fn others_survive_idempotent_uninstall_only_ours() {
    for agent in ["codex", "gemini", "cursor"] {
        let s = Sandbox::new();
        let (path, others) = files(&s, agent);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, others).unwrap();
        let config = s.home().join(".codex/config.toml");
        if agent == "codex" {
            std::fs::write(&config, CONFIG).unwrap();
        }
        s.cmd(&["install", agent, "--apply"]).assert().success();
        let text = std::fs::read_to_string(&path).unwrap();
        for keep in ["python3 keep.py", "./g.sh", "./audit.sh"] {
            if others.contains(keep) {
                assert!(text.contains(keep), "{agent}: {text}");
            }
        }
        if agent == "codex" {
            let c = std::fs::read_to_string(&config).unwrap();
            assert!(c.starts_with(CONFIG), "{c}");
            assert!(c.contains("pre_tool_use:1:0"), "{c}");
        }
        let before = std::fs::read(&path).unwrap();
        s.cmd(&["install", agent, "--apply"]).assert().success();
        assert_eq!(std::fs::read(&path).unwrap(), before, "{agent}");
        s.cmd(&["uninstall", agent, "--apply"]).assert().success();
        let back: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let orig: serde_json::Value = serde_json::from_str(others).unwrap();
        assert_eq!(back, orig, "{agent}");
        if agent == "codex" {
            assert_eq!(std::fs::read_to_string(&config).unwrap(), CONFIG);
        }
    }
}

/// (b) per agent: an unparseable settings file (and for Codex an unparseable config.toml)
/// stops the install with an error naming the file; nothing is written.
#[test]
fn unparseable_files_abort_with_the_file_named() {
    for agent in ["codex", "gemini", "cursor"] {
        let s = Sandbox::new();
        let (path, _) = files(&s, agent);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "{\"hooks\": {},}").unwrap();
        let out = s.cmd(&["install", agent, "--apply"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{agent}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(&path.display().to_string()), "{agent}: {err}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "{\"hooks\": {},}");
    }
    let s = Sandbox::new();
    let config = s.home().join(".codex/config.toml");
    std::fs::create_dir_all(config.parent().unwrap()).unwrap();
    std::fs::write(&config, "model = \n").unwrap();
    let out = s.cmd(&["install", "codex", "--apply"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&config.display().to_string()), "{err}");
    assert_eq!(std::fs::read_to_string(&config).unwrap(), "model = \n");
    assert!(!s.home().join(".codex/hooks.json").exists());
}

/// Issue #16 item 5 through the binary: a hand-written Gemini settings file with comments
/// keeps every byte it had, install names the dated backup it made, a re-install makes none,
/// and uninstall gives back the original bytes.
#[test]
fn gemini_settings_with_comments_are_edited_in_place_and_backed_up() {
    let s = Sandbox::new();
    let path = s.home().join(".gemini/settings.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let original = "// mine\n{\n    \"general\": {\"vimMode\": true}, // keep\n    \"ui\": {\"theme\": \"GitHub\"}\n}\n";
    std::fs::write(&path, original).unwrap();
    let backups = || -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("settings.json.hookward-backup-"))
            .collect();
        names.sort();
        names
    };
    settings().bind(|| {
        insta::assert_snapshot!(
            "gemini_comments_apply",
            run(&s, &["install", "gemini", "--apply"])
        );
    });
    let installed = std::fs::read_to_string(&path).unwrap();
    for line in original.lines().filter(|l| !l.contains("\"ui\"")) {
        assert!(
            installed.lines().any(|l| l == line),
            "{line:?} lost:\n{installed}"
        );
    }
    assert_eq!(backups().len(), 1);
    let again = run(&s, &["install", "gemini", "--apply"]);
    assert!(again.contains("nothing to change"), "{again}");
    assert!(!again.contains("backup"), "{again}");
    assert_eq!(backups().len(), 1);
    let out = run(&s, &["uninstall", "gemini", "--apply"]);
    assert!(out.contains("backup of the previous version: "), "{out}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);
    assert_eq!(backups().len(), 2);
    let first = path.with_file_name(&backups()[0]);
    assert_eq!(std::fs::read_to_string(first).unwrap(), original);
}

/// Newcomer report (h-fix18 item 5): a binary still named after its release archive is
/// refused with what to do (rename it, or put hookward on PATH), not an internal "invalid hook
/// spec" message, and nothing is written.
#[test]
fn install_from_a_binary_not_named_hookward_says_what_to_do() {
    let s = Sandbox::new();
    // a hard link in the target's temp folder (same file system, no copy of the binary)
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let misnamed = dir.path().join("hookward-x86_64-unknown-linux-gnu");
    let real = assert_cmd::cargo::cargo_bin("hookward");
    if std::fs::hard_link(&real, &misnamed).is_err() {
        std::fs::copy(&real, &misnamed).unwrap();
    }
    let out = std::process::Command::new(&misnamed)
        .env_clear()
        .env("HOME", s.home())
        .env("HOOKWARD_HOME", s.hookward_home())
        .current_dir(s.project())
        .args(["install", "claude-code", "--apply"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("named `hookward-x86_64-unknown-linux-gnu`"),
        "{err}"
    );
    assert!(err.contains("Rename it (`mv "), "{err}");
    assert!(!err.contains("hook_command()"), "{err}");
    assert!(!s.home().join(".claude/settings.json").exists());
}
