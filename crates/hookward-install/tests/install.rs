//! Behaviour of planning, applying and inspecting hook registrations, on files in temporary
//! directories.

use std::fs;
use std::path::{Path, PathBuf};

use hookward_install::{
    apply, inspect, list_backups, plan_install, plan_uninstall, Format, HookSpec, InstallError,
    SyntaxKind, Timeout,
};
use serde_json::{json, Value};

const OTHERS: &str = r#"{"model":"opus","statusLine":{"type":"command","command":"x"},"hooks":{"SessionStart":[{"matcher":"compact","hooks":[{"type":"command","command":"echo keep-me"}]}],"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"echo keep-me-2"}]}]}}"#;

const EVENTS: [&str; 4] = [
    "PreToolUse",
    "PostToolUse",
    "UserPromptSubmit",
    "SessionStart",
];

fn spec(program: &str) -> HookSpec {
    HookSpec {
        command: format!("{program} hook claude-code"),
        events: EVENTS.iter().map(|e| e.to_string()).collect(),
        matcher: None,
        timeout: 10,
        fail_closed: false,
    }
}

fn settings_in(dir: &tempfile::TempDir, content: Option<&[u8]>) -> PathBuf {
    let path = dir.path().join(".claude").join("settings.json");
    if let Some(bytes) = content {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, bytes).unwrap();
    }
    path
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn install(path: &Path, spec: &HookSpec) -> hookward_install::ApplyOutcome {
    apply(&plan_install(Format::ClaudeCode, path, spec).unwrap()).unwrap()
}

fn uninstall(path: &Path) -> hookward_install::ApplyOutcome {
    apply(&plan_uninstall(Format::ClaudeCode, path).unwrap()).unwrap()
}

/// Replaces the temporary directory in user-visible text so snapshots are stable.
fn redact(text: &str, dir: &tempfile::TempDir) -> String {
    text.replace(&dir.path().display().to_string(), "<tmp>")
}

/// Commands of every handler under `event`, in order.
fn commands(v: &Value, event: &str) -> Vec<String> {
    v["hooks"][event]
        .as_array()
        .map(|groups| {
            groups
                .iter()
                .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
                .filter_map(|h| h["command"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn other_tools_settings_survive_install_and_uninstall() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let original: Value = serde_json::from_str(OTHERS).unwrap();

    let out = install(&path, &spec("/usr/local/bin/hookward"));
    assert!(out.written);
    let installed = read_json(&path);
    assert_eq!(installed["model"], original["model"]);
    assert_eq!(installed["statusLine"], original["statusLine"]);
    // Other tools' groups stay first and untouched; ours is appended once per event.
    assert_eq!(
        installed["hooks"]["SessionStart"][0],
        original["hooks"]["SessionStart"][0]
    );
    assert_eq!(
        installed["hooks"]["PreToolUse"][0],
        original["hooks"]["PreToolUse"][0]
    );
    assert_eq!(
        commands(&installed, "PreToolUse"),
        ["echo keep-me-2", "/usr/local/bin/hookward hook claude-code"]
    );
    for event in EVENTS {
        let reg = inspect(Format::ClaudeCode, &path).unwrap();
        assert_eq!(reg.count(event), 1, "{event}");
    }
    assert_eq!(
        installed["hooks"]["PostToolUse"],
        json!([{"matcher": "*", "hooks": [{"type": "command", "command": "/usr/local/bin/hookward hook claude-code", "timeout": 10}]}])
    );
    // Key order of the original is kept, new events come after.
    let keys: Vec<&String> = installed["hooks"].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        [
            "SessionStart",
            "PreToolUse",
            "PostToolUse",
            "UserPromptSubmit"
        ]
    );

    uninstall(&path);
    let after = read_json(&path);
    assert_eq!(after, original);
    assert_eq!(
        serde_json::to_string(&after).unwrap(),
        serde_json::to_string(&original).unwrap(),
        "key order must be preserved too"
    );
    // The backup holds the original bytes.
    // The install's backup holds the original bytes.
    assert_eq!(
        fs::read(&list_backups(&path).unwrap()[0]).unwrap(),
        OTHERS.as_bytes()
    );
}

#[test]
fn bom_and_trailing_comma_abort_with_a_clear_error_and_leave_the_file_alone() {
    let dir = tempfile::tempdir().unwrap();
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend_from_slice(b"{\n  \"model\": \"opus\",\n}\n");
    let path = settings_in(&dir, Some(&bytes));

    let err = plan_install(Format::ClaudeCode, &path, &spec("hookward")).unwrap_err();
    match &err {
        InstallError::ByteOrderMark { path: p, after_bom } => {
            assert_eq!(p, &path);
            match after_bom.as_deref() {
                Some(InstallError::Syntax { kind, line, .. }) => {
                    assert_eq!(*kind, SyntaxKind::TrailingComma);
                    assert_eq!(*line, 3);
                }
                other => panic!("expected a trailing-comma error after the BOM, got {other:?}"),
            }
        }
        other => panic!("expected ByteOrderMark, got {other:?}"),
    }
    insta::assert_snapshot!("bom_and_trailing_comma", redact(&err.to_string(), &dir));
    assert_eq!(fs::read(&path).unwrap(), bytes);
    assert!(list_backups(&path).unwrap().is_empty());
    // Uninstall and inspect refuse the same way.
    assert!(matches!(
        plan_uninstall(Format::ClaudeCode, &path),
        Err(InstallError::ByteOrderMark { .. })
    ));
    assert!(matches!(
        inspect(Format::ClaudeCode, &path),
        Err(InstallError::ByteOrderMark { .. })
    ));
    assert_eq!(fs::read(&path).unwrap(), bytes);
}

#[test]
fn second_install_changes_nothing_and_makes_no_second_backup() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let first = install(&path, &spec("/usr/local/bin/hookward"));
    assert!(first.written && first.backup_created);
    assert_eq!(first.backup.as_ref(), list_backups(&path).unwrap().first());
    let bytes = fs::read(&path).unwrap();

    let plan = plan_install(Format::ClaudeCode, &path, &spec("/usr/local/bin/hookward")).unwrap();
    assert!(!plan.changed);
    assert_eq!(plan.diff, "");
    assert_eq!(
        plan.before.as_deref().map(str::as_bytes),
        Some(bytes.as_slice())
    );
    let second = apply(&plan).unwrap();
    assert!(!second.written && !second.backup_created && second.backup.is_none());
    assert_eq!(fs::read(&path).unwrap(), bytes);

    // A later real change makes a second dated backup, of the file it changed.
    let third = install(&path, &spec("/opt/bin/hookward"));
    assert!(third.written && third.backup_created);
    let backups = list_backups(&path).unwrap();
    assert_eq!(backups.len(), 2);
    assert_eq!(fs::read(&backups[0]).unwrap(), OTHERS.as_bytes());
    assert_eq!(fs::read(&backups[1]).unwrap(), bytes);
    assert_eq!(third.backup.as_ref(), Some(&backups[1]));
    // Only the settings file and its two backups exist: no stray temporary files.
    let mut names: Vec<String> = fs::read_dir(path.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(names[0], "settings.json");
    assert!(names[1..]
        .iter()
        .all(|n| n.starts_with("settings.json.hookward-backup-")));
}

#[test]
fn moved_binary_is_updated_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    install(&path, &spec("/old/place/hookward"));
    let before = inspect(Format::ClaudeCode, &path).unwrap();

    let mut moved = spec("'/new place/hookward'");
    moved.timeout = 15;
    let plan = plan_install(Format::ClaudeCode, &path, &moved).unwrap();
    assert!(plan.changed);
    // Only command and timeout lines change.
    let changed_lines: Vec<&str> = plan
        .diff
        .lines()
        .filter(|l| {
            (l.starts_with('+') || l.starts_with('-'))
                && !l.starts_with("+++")
                && !l.starts_with("---")
        })
        .collect();
    assert!(
        changed_lines
            .iter()
            .all(|l| l.contains("\"command\"") || l.contains("\"timeout\"")),
        "{changed_lines:?}"
    );
    assert_eq!(changed_lines.len(), 4 * EVENTS.len());
    apply(&plan).unwrap();

    let after = inspect(Format::ClaudeCode, &path).unwrap();
    assert_eq!(after.entries.len(), EVENTS.len());
    for (old, new) in before.entries.iter().zip(&after.entries) {
        assert_eq!(
            (old.event.as_str(), old.group, old.index),
            (new.event.as_str(), new.group, new.index)
        );
        assert_eq!(new.command, "'/new place/hookward' hook claude-code");
        assert_eq!(new.program, "/new place/hookward");
        assert_eq!(new.timeout, Timeout::Value(15));
    }
}

#[test]
fn duplicates_of_ours_collapse_to_one() {
    let dir = tempfile::tempdir().unwrap();
    let original = json!({
        "hooks": {
            "PreToolUse": [
                {"matcher": "*", "hooks": [
                    {"type": "command", "command": "/a/hookward hook claude-code", "timeout": 5},
                    {"type": "command", "command": "hookward hook claude-code"}
                ]},
                {"matcher": "Bash", "hooks": [
                    {"type": "command", "command": "echo other"},
                    {"type": "command", "command": "/b/hookward hook claude-code"}
                ]},
                {"hooks": [{"type": "command", "command": "/c/hookward.exe hook claude-code"}]}
            ],
            "Stop": [{"hooks": [{"type": "command", "command": "hookward hook claude-code"}]}]
        }
    });
    let path = settings_in(&dir, Some(original.to_string().as_bytes()));
    let mut s = spec("/usr/bin/hookward");
    s.events = vec!["PreToolUse".into()];
    install(&path, &s);
    let v = read_json(&path);
    assert_eq!(
        v["hooks"]["PreToolUse"],
        json!([
            {"matcher": "*", "hooks": [
                {"type": "command", "command": "/usr/bin/hookward hook claude-code", "timeout": 10}
            ]},
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo other"}]}
        ])
    );
    // Stop is no longer in the spec: our only entry there is gone, and the emptied event too.
    assert!(v["hooks"].get("Stop").is_none());
    assert_eq!(inspect(Format::ClaudeCode, &path).unwrap().entries.len(), 1);
}

#[test]
fn absent_file_is_created_with_its_directory() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, None);
    assert!(!path.parent().unwrap().exists());

    let plan = plan_install(Format::ClaudeCode, &path, &spec("/usr/local/bin/hookward")).unwrap();
    assert!(plan.changed);
    assert_eq!(plan.before, None);
    assert!(plan.diff.starts_with("--- /dev/null\n"));
    let out = apply(&plan).unwrap();
    assert!(out.written);
    assert_eq!(out.backup, None);
    assert_eq!(fs::read_to_string(&path).unwrap(), plan.after);
    assert!(plan.after.ends_with("}\n"));
    let v = read_json(&path);
    assert_eq!(v.as_object().unwrap().keys().collect::<Vec<_>>(), ["hooks"]);
    assert_eq!(
        inspect(Format::ClaudeCode, &path).unwrap().entries.len(),
        EVENTS.len()
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o644
        );
    }

    // Uninstall leaves an empty object (the file is not deleted).
    uninstall(&path);
    assert_eq!(fs::read_to_string(&path).unwrap(), "{}\n");
}

#[test]
fn uninstall_without_our_entries_or_file_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let absent = settings_in(&dir, None);
    let plan = plan_uninstall(Format::ClaudeCode, &absent).unwrap();
    assert!(!plan.changed && plan.before.is_none() && plan.after.is_empty());
    assert!(!apply(&plan).unwrap().written);
    assert!(!absent.exists());

    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let plan = plan_uninstall(Format::ClaudeCode, &path).unwrap();
    assert!(!plan.changed);
    assert_eq!(plan.after, OTHERS);
}

#[test]
fn apply_refuses_when_the_file_changed_after_planning() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let plan = plan_install(Format::ClaudeCode, &path, &spec("hookward")).unwrap();
    fs::write(&path, "{\"model\": \"sonnet\"}").unwrap();
    let err = apply(&plan).unwrap_err();
    assert!(
        matches!(err, InstallError::ChangedSincePlan { .. }),
        "{err:?}"
    );
    assert_eq!(
        fs::read_to_string(&path).unwrap(),
        "{\"model\": \"sonnet\"}"
    );
    assert!(list_backups(&path).unwrap().is_empty());

    // A plan for an absent file refuses once the file appeared.
    let absent = dir.path().join("other.json");
    let plan = plan_install(Format::ClaudeCode, &absent, &spec("hookward")).unwrap();
    fs::write(&absent, "{}").unwrap();
    assert!(matches!(
        apply(&plan),
        Err(InstallError::ChangedSincePlan { .. })
    ));
    assert_eq!(fs::read_to_string(&absent).unwrap(), "{}");
}

#[test]
fn events_dropped_from_the_spec_lose_only_our_entries() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    install(&path, &spec("hookward"));
    let mut smaller = spec("hookward");
    smaller.events = vec!["PostToolUse".into()];
    install(&path, &smaller);
    let v = read_json(&path);
    let original: Value = serde_json::from_str(OTHERS).unwrap();
    assert_eq!(
        v["hooks"]["SessionStart"],
        original["hooks"]["SessionStart"]
    );
    assert_eq!(v["hooks"]["PreToolUse"], original["hooks"]["PreToolUse"]);
    assert!(v["hooks"].get("UserPromptSubmit").is_none());
    assert_eq!(
        inspect(Format::ClaudeCode, &path).unwrap().events(),
        ["PostToolUse"]
    );
}

#[test]
fn matcher_change_rewrites_our_own_group_only() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let mut s = spec("hookward");
    s.events = vec!["PreToolUse".into()];
    install(&path, &s);
    s.matcher = Some("Bash|Write".into());
    install(&path, &s);
    let v = read_json(&path);
    assert_eq!(v["hooks"]["PreToolUse"][0]["matcher"], "Edit");
    assert_eq!(v["hooks"]["PreToolUse"][1]["matcher"], "Bash|Write");
    assert_eq!(v["hooks"]["PreToolUse"].as_array().unwrap().len(), 2);

    // Our entry sharing a group with another tool's entry is moved out instead of changing
    // the other tool's matcher.
    let shared = json!({"hooks": {"PreToolUse": [{"matcher": "Edit", "hooks": [
        {"type": "command", "command": "echo other"},
        {"type": "command", "command": "hookward hook claude-code", "timeout": 10}
    ]}]}});
    fs::write(&path, shared.to_string()).unwrap();
    s.matcher = None;
    install(&path, &s);
    let v = read_json(&path);
    assert_eq!(
        v["hooks"]["PreToolUse"],
        json!([
            {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo other"}]},
            {"matcher": "*", "hooks": [{"type": "command", "command": "hookward hook claude-code", "timeout": 10}]}
        ])
    );
}

#[test]
fn formatting_of_the_original_is_followed() {
    let dir = tempfile::tempdir().unwrap();
    let original = "{\n    \"model\": \"opus\",\n    \"n\": 1.5\n}\n";
    let path = settings_in(&dir, Some(original.as_bytes()));
    let plan = plan_install(Format::ClaudeCode, &path, &spec("hookward")).unwrap();
    assert!(plan.after.starts_with(
        "{\n    \"model\": \"opus\",\n    \"n\": 1.5,\n    \"hooks\": {\n        \"PreToolUse\""
    ));
    assert!(plan.diff.contains("\n-    \"n\": 1.5\n+    \"n\": 1.5,\n"));
    apply(&plan).unwrap();
    uninstall(&path);
    assert_eq!(fs::read_to_string(&path).unwrap(), original);
}

#[cfg(unix)]
#[test]
fn permissions_and_symlinks_are_kept() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("dotfiles").join("claude-settings.json");
    fs::create_dir_all(real.parent().unwrap()).unwrap();
    fs::write(&real, OTHERS).unwrap();
    fs::set_permissions(&real, fs::Permissions::from_mode(0o600)).unwrap();
    let link = settings_in(&dir, None);
    fs::create_dir_all(link.parent().unwrap()).unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();

    let out = install(&link, &spec("hookward"));
    assert!(out.written);
    assert!(fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        inspect(Format::ClaudeCode, &real).unwrap().entries.len(),
        EVENTS.len()
    );
    assert_eq!(
        fs::metadata(&real).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(
        fs::metadata(&list_backups(&link).unwrap()[0])
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o600
    );
}

#[test]
fn inspect_reports_entries_for_doctor() {
    let dir = tempfile::tempdir().unwrap();
    let content = json!({
        "disableAllHooks": true,
        "hooks": {
            "PreToolUse": [
                {"matcher": "*", "hooks": [{"type": "command", "command": "/x/hookward hook claude-code", "timeout": 10}]},
                {"hooks": [{"command": "hookward hook claude-code", "timeout": "soon"}]}
            ],
            "Stop": [{"matcher": "", "hooks": [{"type": "command", "command": "echo not ours"}]}]
        }
    });
    let path = settings_in(&dir, Some(content.to_string().as_bytes()));
    let reg = inspect(Format::ClaudeCode, &path).unwrap();
    assert!(reg.file_exists);
    assert_eq!(reg.disabled_by, Some("disableAllHooks"));
    assert_eq!(reg.count("PreToolUse"), 2);
    assert_eq!(reg.count("Stop"), 0);
    let e: Vec<_> = reg.entries_for("PreToolUse").collect();
    assert_eq!(
        (e[0].group, e[0].index, e[0].matcher.as_deref()),
        (0, 0, Some("*"))
    );
    assert_eq!(e[0].program, "/x/hookward");
    assert_eq!(e[0].timeout, Timeout::Value(10));
    assert_eq!(e[0].handler_type.as_deref(), Some("command"));
    assert_eq!((e[1].group, e[1].matcher.as_deref()), (1, None));
    assert_eq!(e[1].timeout, Timeout::Invalid("\"soon\"".into()));
    assert_eq!(e[1].handler_type, None);

    let absent = inspect(Format::ClaudeCode, &dir.path().join("none.json")).unwrap();
    assert!(!absent.file_exists && absent.entries.is_empty() && absent.disabled_by.is_none());
}

#[test]
fn invalid_specs_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, None);
    let mut s = spec("hookward");
    s.command = "/usr/bin/guard hook claude-code".into();
    assert!(matches!(
        plan_install(Format::ClaudeCode, &path, &s),
        Err(InstallError::InvalidSpec {
            field: "command",
            ..
        })
    ));
    let mut s = spec("hookward");
    s.timeout = 0;
    assert!(matches!(
        plan_install(Format::ClaudeCode, &path, &s),
        Err(InstallError::InvalidSpec {
            field: "timeout",
            ..
        })
    ));
    let mut s = spec("hookward");
    s.events.push(" ".into());
    assert!(matches!(
        plan_install(Format::ClaudeCode, &path, &s),
        Err(InstallError::InvalidSpec {
            field: "events",
            ..
        })
    ));
    // Duplicate events register once.
    let mut s = spec("hookward");
    s.events = vec!["Stop".into(), "Stop".into()];
    let plan = plan_install(Format::ClaudeCode, &path, &s).unwrap();
    let v: Value = serde_json::from_str(&plan.after).unwrap();
    assert_eq!(v["hooks"]["Stop"].as_array().unwrap().len(), 1);
}

#[test]
fn gemini_and_codex_use_the_same_shape_with_their_defaults() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("gemini.json");
    let original =
        json!({"hooksConfig": {"enabled": false}, "hooks": {"disabled": ["x"], "BeforeTool": []}});
    fs::write(&path, original.to_string()).unwrap();
    let s = HookSpec {
        command: "hookward hook gemini".into(),
        events: vec!["BeforeTool".into(), "SessionStart".into()],
        matcher: None,
        timeout: Format::Gemini.timeout_from_secs(5),
        fail_closed: false,
    };
    // `hooks.disabled` (legacy Gemini key) is not an event: Claude Code's format rejects it,
    // Gemini's leaves it alone.
    assert!(matches!(
        plan_install(Format::ClaudeCode, &path, &s),
        Err(InstallError::Shape { .. })
    ));
    apply(&plan_install(Format::Gemini, &path, &s).unwrap()).unwrap();
    let v = read_json(&path);
    assert_eq!(v["hooks"]["disabled"], json!(["x"]));
    assert_eq!(v["hooks"]["BeforeTool"][0]["hooks"][0]["timeout"], 5000);
    assert_eq!(v["hooks"]["SessionStart"][0]["matcher"], "*");
    let reg = inspect(Format::Gemini, &path).unwrap();
    assert_eq!(reg.disabled_by, Some("hooksConfig.enabled"));
    assert_eq!(reg.events(), ["BeforeTool", "SessionStart"]);

    let path = dir.path().join("codex-hooks.json");
    let s = HookSpec {
        command: "hookward hook codex".into(),
        events: vec!["PreToolUse".into(), "SessionStart".into()],
        matcher: None,
        timeout: 10,
        fail_closed: false,
    };
    apply(&plan_install(Format::Codex, &path, &s).unwrap()).unwrap();
    let v = read_json(&path);
    assert_eq!(v["hooks"]["PreToolUse"][0]["matcher"], "*");
    assert!(v["hooks"]["SessionStart"][0].get("matcher").is_none());
    // Reinstalling keeps the matcher-less group as it is.
    assert!(!plan_install(Format::Codex, &path, &s).unwrap().changed);
}

#[test]
fn empty_containers_follow_the_documented_rule() {
    let dir = tempfile::tempdir().unwrap();
    // A pre-existing empty group (not ours) is left; an empty `hooks` object that only our
    // entries filled is removed on uninstall, as documented on `plan_uninstall`.
    let original = json!({"a": 1, "hooks": {}, "x": {"hooks": []}});
    let path = settings_in(&dir, Some(original.to_string().as_bytes()));
    install(&path, &spec("hookward"));
    uninstall(&path);
    assert_eq!(read_json(&path), json!({"a": 1, "x": {"hooks": []}}));

    let original = json!({"hooks": {"Stop": [{"matcher": "*", "hooks": []}]}});
    fs::write(&path, original.to_string()).unwrap();
    install(&path, &spec("hookward"));
    uninstall(&path);
    assert_eq!(read_json(&path), original);

    // A blank file counts as an empty object.
    fs::write(&path, " \n").unwrap();
    let plan = plan_uninstall(Format::ClaudeCode, &path).unwrap();
    assert!(!plan.changed);
    install(&path, &spec("hookward"));
    assert_eq!(
        inspect(Format::ClaudeCode, &path).unwrap().entries.len(),
        EVENTS.len()
    );
}

#[test]
fn snapshot_of_fresh_install_diff() {
    let dir = tempfile::tempdir().unwrap();
    let original = "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\n        \"matcher\": \"Edit\",\n        \"hooks\": [\n          {\n            \"type\": \"command\",\n            \"command\": \"echo keep-me-2\"\n          }\n        ]\n      }\n    ]\n  }\n}\n";
    let path = settings_in(&dir, Some(original.as_bytes()));
    let mut s = spec("/usr/local/bin/hookward");
    s.events = vec!["PreToolUse".into(), "Stop".into()];
    let plan = plan_install(Format::ClaudeCode, &path, &s).unwrap();
    insta::assert_snapshot!("fresh_install_diff", redact(&plan.diff, &dir));

    let absent = dir.path().join("new").join("settings.json");
    let plan = plan_install(Format::ClaudeCode, &absent, &s).unwrap();
    insta::assert_snapshot!("new_file_install_diff", redact(&plan.diff, &dir));
}

#[test]
fn snapshot_of_uninstall_diff() {
    let dir = tempfile::tempdir().unwrap();
    let path = settings_in(&dir, Some(OTHERS.as_bytes()));
    let mut s = spec("/usr/local/bin/hookward");
    s.events = vec!["PreToolUse".into(), "Stop".into()];
    install(&path, &s);
    let plan = plan_uninstall(Format::ClaudeCode, &path).unwrap();
    insta::assert_snapshot!("uninstall_diff", redact(&plan.diff, &dir));
}

/// One malformed input: its bytes, and a check on the error.
struct Bad {
    name: &'static str,
    bytes: Vec<u8>,
}

fn malformed_inputs() -> Vec<Bad> {
    let b = |name, s: &str| Bad {
        name,
        bytes: s.as_bytes().to_vec(),
    };
    vec![
        Bad {
            name: "bom",
            bytes: b"\xEF\xBB\xBF{\"model\": \"opus\"}".to_vec(),
        },
        b("trailing_comma", "{\n  \"hooks\": {\n    \"Stop\": [],\n  }\n}"),
        b("truncated", "{\n  \"hooks\": {\n    \"Stop\": [\n"),
        b("comment", "{\n  // mine\n  \"model\": \"opus\"\n}"),
        Bad {
            name: "invalid_utf8",
            bytes: b"{\n  \"model\": \"op\xFFus\"\n}".to_vec(),
        },
        b("top_level_array", "[\n  {\"hooks\": {}}\n]"),
        b("hooks_not_object", "{\n  \"hooks\": [\"PreToolUse\"]\n}"),
        b("event_not_array", "{\n  \"hooks\": {\n    \"PreToolUse\": {\"matcher\": \"*\"}\n  }\n}"),
        b(
            "group_without_hooks",
            "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"*\", \"hooks\": []},\n      {\"matcher\": \"Bash\"}\n    ]\n  }\n}",
        ),
        b(
            "group_hooks_not_array",
            "{\n  \"hooks\": {\n    \"PreToolUse\": [\n      {\"matcher\": \"*\", \"hooks\": []},\n      {\"matcher\": \"Bash\", \"hooks\": \"echo hi\"}\n    ]\n  }\n}",
        ),
        b("group_not_object", "{\"hooks\": {\"Stop\": [\"echo hi\"]}}"),
        b("handler_not_object", "{\"hooks\": {\"Stop\": [{\"hooks\": [\"echo hi\"]}]}}"),
        b("matcher_not_string", "{\"hooks\": {\"Stop\": [{\"matcher\": 3, \"hooks\": []}]}}"),
    ]
}

#[test]
fn each_malformed_input_gets_its_own_error_and_the_file_is_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let mut report = String::new();
    for bad in malformed_inputs() {
        let path = dir.path().join(format!("{}.json", bad.name));
        fs::write(&path, &bad.bytes).unwrap();
        let err = plan_install(Format::ClaudeCode, &path, &spec("hookward")).unwrap_err();
        let shape = |e: &InstallError| match e {
            InstallError::Shape {
                field,
                line,
                column,
                ..
            } => Some((field.clone(), *line, *column)),
            _ => None,
        };
        match bad.name {
            "bom" => assert!(
                matches!(
                    &err,
                    InstallError::ByteOrderMark {
                        after_bom: None,
                        ..
                    }
                ),
                "{err:?}"
            ),
            "trailing_comma" => assert!(
                matches!(
                    &err,
                    InstallError::Syntax {
                        kind: SyntaxKind::TrailingComma,
                        line: 4,
                        ..
                    }
                ),
                "{err:?}"
            ),
            "truncated" => assert!(
                matches!(
                    &err,
                    InstallError::Syntax {
                        kind: SyntaxKind::Truncated,
                        ..
                    }
                ),
                "{err:?}"
            ),
            "comment" => assert!(
                matches!(
                    &err,
                    InstallError::Syntax {
                        kind: SyntaxKind::Comment,
                        line: 2,
                        ..
                    }
                ),
                "{err:?}"
            ),
            "invalid_utf8" => assert!(
                matches!(
                    &err,
                    InstallError::InvalidUtf8 {
                        line: 2,
                        column: 15,
                        offset: 16,
                        ..
                    }
                ),
                "{err:?}"
            ),
            "top_level_array" => assert_eq!(shape(&err), Some((String::new(), Some(1), Some(1)))),
            "hooks_not_object" => {
                assert_eq!(shape(&err), Some(("hooks".into(), Some(2), Some(12))))
            }
            "event_not_array" => assert_eq!(
                shape(&err),
                Some(("hooks.PreToolUse".into(), Some(3), Some(19)))
            ),
            // The missing key is located at its group.
            "group_without_hooks" => {
                assert_eq!(
                    shape(&err),
                    Some(("hooks.PreToolUse[1].hooks".into(), Some(5), Some(7)))
                )
            }
            "group_hooks_not_array" => {
                assert_eq!(
                    shape(&err),
                    Some(("hooks.PreToolUse[1].hooks".into(), Some(5), Some(36)))
                )
            }
            "group_not_object" => assert_eq!(
                shape(&err),
                Some(("hooks.Stop[0]".into(), Some(1), Some(21)))
            ),
            "handler_not_object" => {
                assert_eq!(
                    shape(&err),
                    Some(("hooks.Stop[0].hooks[0]".into(), Some(1), Some(32)))
                )
            }
            "matcher_not_string" => {
                assert_eq!(
                    shape(&err),
                    Some(("hooks.Stop[0].matcher".into(), Some(1), Some(33)))
                )
            }
            other => panic!("unknown case {other}"),
        }
        let message = err.to_string();
        assert!(message.contains(&path.display().to_string()), "{message}");
        // Uninstall and inspect report the same problem.
        let un = plan_uninstall(Format::ClaudeCode, &path)
            .unwrap_err()
            .to_string();
        let ins = inspect(Format::ClaudeCode, &path).unwrap_err().to_string();
        assert_eq!(un, message);
        assert_eq!(ins, message);
        assert_eq!(fs::read(&path).unwrap(), bad.bytes, "{}", bad.name);
        report.push_str(&format!("{}:\n  {}\n", bad.name, redact(&message, &dir)));
    }
    insta::assert_snapshot!("malformed_input_messages", report);
}
