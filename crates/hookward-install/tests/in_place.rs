//! Installer manners (issue #16 item 5): every file install/uninstall changes gets a dated
//! backup beside it, JSON is edited in place (only our entries inserted or removed; comments,
//! key order, indentation and everything else kept byte for byte), and a file that does not
//! parse is refused with file, line and column and left untouched.
//!
//! Everything runs in temporary directories; nothing reads or writes the real home.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use hookward_install::{
    apply, apply_at, list_backups, plan_install, plan_uninstall, Format, HookSpec, InstallError,
    SyntaxKind, BACKUPS_KEPT,
};

fn spec(format: Format) -> HookSpec {
    let (agent, events): (&str, &[&str]) = match format {
        Format::ClaudeCode => ("claude-code", &["PreToolUse", "PostToolUse", "Stop"]),
        Format::Codex => ("codex", &["PreToolUse", "PostToolUse", "Stop"]),
        Format::Gemini => ("gemini", &["BeforeTool", "AfterTool"]),
        _ => ("cursor", &["preToolUse", "beforeShellExecution", "stop"]),
    };
    HookSpec {
        command: format!("/opt/hw/hookward hook {agent}"),
        events: events.iter().map(|e| e.to_string()).collect(),
        matcher: None,
        timeout: format.timeout_from_secs(10),
        fail_closed: true,
    }
}

/// Hand-written settings per agent: unrelated keys first and last, a key order no serializer
/// would pick, odd indentation (3 spaces, a tab, 4 spaces), another tool's hook, and comments
/// where the agent accepts them.
fn hand_written(format: Format) -> &'static str {
    match format {
        Format::ClaudeCode => {
            "{\n   \"zeta\": 1,\n   \"model\":   \"opus\",\n   \"hooks\": {\n      \"Stop\": [\n         { \"hooks\": [ { \"type\": \"command\", \"command\": \"notify-send done\" } ] }\n      ]\n   },\n   \"alpha\": [1,2,  3]\n}\n"
        }
        Format::Codex => {
            "{\n\t\"hooks\": {\n\t\t\"PreToolUse\": [\n\t\t\t{\"matcher\": \"Bash\", \"hooks\": [{\"type\": \"command\", \"command\": \"python3 other.py\"}]}\n\t\t]\n\t},\n\t\"note\": \"tabs\"\n}\n"
        }
        Format::Gemini => {
            "// Gemini CLI settings, written by hand\n{\n    \"general\": { \"vimMode\": true }, // keep vim\n    /* the theme\n       block */\n    \"ui\": {\"theme\": \"GitHub\"},\n    \"hooks\": {\n        \"BeforeTool\": [\n            // someone else's guard\n            {\"matcher\": \"run_shell_command\", \"hooks\": [{\"type\": \"command\", \"command\": \"./g.sh\", \"timeout\": 3000}]}\n        ]\n    }\n}\n"
        }
        _ => {
            "{\n  \"version\": 1, // Cursor hooks schema\n  \"hooks\": {\n    // audit every shell command\n    \"beforeShellExecution\": [\n      { \"command\": \"./audit.sh\", \"timeout\": 5 }\n    ]\n  },\n  \"zzz\": null\n}\n"
        }
    }
}

const FORMATS: [(Format, &str, &str); 4] = [
    (Format::ClaudeCode, "claude", "settings.json"),
    (Format::Codex, "codex", "hooks.json"),
    (Format::Gemini, "gemini", "settings.json"),
    (Format::Cursor, "cursor", "hooks.json"),
];

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    fs::write(&p, text).unwrap();
    p
}

fn redact(text: &str, dir: &tempfile::TempDir) -> String {
    text.replace(&dir.path().display().to_string(), "<tmp>")
}

#[test]
fn install_edits_each_agents_file_in_place() {
    for (format, agent, name) in FORMATS {
        let dir = tempfile::tempdir().unwrap();
        let original = hand_written(format);
        let path = write(&dir, name, original);
        let plan = plan_install(format, &path, &spec(format)).unwrap();
        assert!(plan.changed, "{agent}");
        // Every line of the original survives unchanged, except lines that only gain a comma
        // before an inserted sibling.
        for line in original.lines() {
            assert!(
                plan.after
                    .lines()
                    .any(|l| l == line || l == format!("{line},")),
                "{agent}: lost or changed line {line:?}\n{}",
                plan.after
            );
        }
        insta::assert_snapshot!(
            format!("in_place_{agent}"),
            format!(
                "--- before\n{original}--- after install\n{}--- diff\n{}",
                plan.after,
                redact(&plan.diff, &dir)
            )
        );
    }
}

#[test]
fn install_then_uninstall_gives_back_the_original_bytes_with_one_dated_backup_each() {
    for (format, agent, name) in FORMATS {
        let dir = tempfile::tempdir().unwrap();
        let original = hand_written(format);
        let path = write(&dir, name, original);
        let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_219_220); // 2026-12-02T13:47:00Z
        let out = apply_at(&plan_install(format, &path, &spec(format)).unwrap(), t0).unwrap();
        let installed = fs::read_to_string(&path).unwrap();
        let first = out.backup.clone().expect("a backup of the changed file");
        assert_eq!(
            first.file_name().unwrap().to_string_lossy(),
            format!("{name}.hookward-backup-20261202T134700Z"),
            "{agent}"
        );
        assert_eq!(
            first.parent(),
            path.parent(),
            "{agent}: backup beside the file"
        );
        assert_eq!(fs::read_to_string(&first).unwrap(), original, "{agent}");

        // Re-install: unchanged, no write, no backup.
        let again = apply(&plan_install(format, &path, &spec(format)).unwrap()).unwrap();
        assert!(!again.written && again.backup.is_none(), "{agent}");
        assert_eq!(list_backups(&path).unwrap(), vec![first.clone()], "{agent}");

        let t1 = t0 + Duration::from_secs(61);
        let out = apply_at(&plan_uninstall(format, &path).unwrap(), t1).unwrap();
        assert!(out.written, "{agent}");
        assert_eq!(fs::read_to_string(&path).unwrap(), original, "{agent}");
        let second = out.backup.expect("a backup before uninstall");
        assert!(
            second.to_string_lossy().ends_with("-20261202T134801Z"),
            "{agent}"
        );
        assert_eq!(fs::read_to_string(&second).unwrap(), installed, "{agent}");
        assert_eq!(list_backups(&path).unwrap(), vec![first, second], "{agent}");

        // Uninstall again: nothing to do, no backup.
        let none = apply(&plan_uninstall(format, &path).unwrap()).unwrap();
        assert!(!none.written && none.backup.is_none(), "{agent}");
        assert_eq!(list_backups(&path).unwrap().len(), 2, "{agent}");
    }
}

/// Generated variants of layout (indent unit, newline style, where comments sit, unrelated
/// keys before or after `hooks`, an empty or populated `hooks`): install changes only lines
/// that hold our entries (or gain a comma), uninstall gives back the exact bytes.
#[test]
fn generated_layouts_round_trip_byte_for_byte() {
    let indents = ["  ", "   ", "    ", "\t", "\t\t"];
    let newlines = ["\n", "\r\n"];
    let mut checked = 0;
    for (format, agent, name) in FORMATS {
        for indent in indents {
            for nl in newlines {
                for with_comments in [false, true] {
                    if with_comments && !format.allows_comments() {
                        continue;
                    }
                    for hooks_first in [false, true] {
                        for populated in [false, true] {
                            let text =
                                layout(format, indent, nl, with_comments, hooks_first, populated);
                            let dir = tempfile::tempdir().unwrap();
                            let path = write(&dir, name, &text);
                            let plan = plan_install(format, &path, &spec(format)).unwrap();
                            assert!(plan.changed, "{agent}: {text:?}");
                            // An empty `{}` we insert into opens up; every other line stays.
                            for line in text
                                .split(nl)
                                .filter(|l| !l.trim_end_matches(',').ends_with("{}"))
                            {
                                assert!(
                                    plan.after
                                        .split(nl)
                                        .any(|l| l == line || l == format!("{line},")),
                                    "{agent}: line {line:?} lost in\n{}",
                                    plan.after
                                );
                            }
                            if nl == "\r\n" {
                                assert!(
                                    !plan.after.replace("\r\n", "").contains('\n'),
                                    "{agent}: mixed newlines in {:?}",
                                    plan.after
                                );
                            }
                            apply(&plan).unwrap();
                            let back = plan_uninstall(format, &path).unwrap();
                            if populated {
                                assert_eq!(back.after, text, "{agent}: round trip of {text:?}");
                            } else {
                                // An empty `hooks` that held only ours is removed with them
                                // (plan_uninstall's documented rule); the rest stays.
                                assert!(!back.after.contains("\"hooks\""), "{agent}");
                                for line in text.split(nl).filter(|l| !l.contains("\"hooks\"")) {
                                    // A separator comma may go with the removed sibling.
                                    let l = line.replace(',', "");
                                    assert!(
                                        back.after.split(nl).any(|b| b.replace(',', "") == l),
                                        "{agent}: line {line:?} lost in {:?}",
                                        back.after
                                    );
                                }
                            }
                            checked += 1;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(checked, 4 * 5 * 2 * 2 * 2 + 2 * 5 * 2 * 2 * 2);
}

/// One settings text in `format`'s shape, laid out as asked.
fn layout(
    format: Format,
    indent: &str,
    nl: &str,
    comments: bool,
    hooks_first: bool,
    populated: bool,
) -> String {
    let i1 = indent;
    let i2 = indent.repeat(2);
    let i3 = indent.repeat(3);
    let c = |s: &str| {
        if comments {
            format!(" // {s}")
        } else {
            String::new()
        }
    };
    let hooks = if populated {
        let entry = match format {
            Format::Cursor => r#"{"command": "./audit.sh"}"#.to_owned(),
            _ => r#"{"hooks": [{"type": "command", "command": "./other.sh"}]}"#.to_owned(),
        };
        let event = match format {
            Format::Cursor => "afterFileEdit",
            Format::Gemini => "AfterAgent",
            _ => "SessionStart",
        };
        format!(
            "{{{nl}{i2}\"{event}\": [{}{nl}{i3}{entry}{nl}{i2}]{nl}{i1}}}",
            c("theirs")
        )
    } else {
        "{}".to_owned()
    };
    let version = if format == Format::Cursor {
        format!("{i1}\"version\": 1,{}{nl}", c("schema"))
    } else {
        String::new()
    };
    let other = format!("{i1}\"other\": {{\"k\": [1, 2]}}");
    let hooks_line = format!("{i1}\"hooks\": {hooks}");
    let body = if hooks_first {
        format!("{hooks_line},{nl}{other}")
    } else {
        format!("{other},{}{nl}{hooks_line}", c("after other"))
    };
    let head = if comments {
        format!("/* header */{nl}")
    } else {
        String::new()
    };
    format!("{head}{{{nl}{version}{body}{nl}}}{nl}")
}

#[test]
fn comments_are_refused_where_the_agent_reads_strict_json() {
    for format in [Format::ClaudeCode, Format::Codex] {
        let dir = tempfile::tempdir().unwrap();
        let text = "{\n  // a comment\n  \"model\": \"opus\"\n}\n";
        let path = write(&dir, "settings.json", text);
        match plan_install(format, &path, &spec(format)).unwrap_err() {
            InstallError::Syntax { kind, line, .. } => {
                assert_eq!(kind, SyntaxKind::Comment);
                assert_eq!(line, 2);
            }
            other => panic!("expected a comment syntax error, got {other:?}"),
        }
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        assert!(list_backups(&path).unwrap().is_empty());
    }
}

#[test]
fn malformed_jsonc_is_refused_with_file_line_and_column_and_left_untouched() {
    let cases = [
        // (text, line, column) of the first error after a comment.
        // The trailing comma itself.
        ("// c\n{\n  \"a\": 1,\n}\n", 3usize, 9usize),
        // Right after the value that lacks its comma.
        ("/* c */ {\"a\": 1 \"b\": 2}", 1, 16),
        // The bracket that is never closed.
        ("{\n  // c\n  \"a\": [1, 2\n", 3, 8),
        ("{ /* never closed\n  \"a\": 1\n}\n", 1, 3),
        ("{\"a\": 1} // c\n{}", 2, 1),
    ];
    let mut report = String::new();
    for format in [Format::Gemini, Format::Cursor] {
        for (text, line, column) in cases {
            let dir = tempfile::tempdir().unwrap();
            let path = write(&dir, "settings.json", text);
            let err = plan_install(format, &path, &spec(format)).unwrap_err();
            match &err {
                InstallError::Syntax {
                    path: p,
                    line: l,
                    column: c,
                    ..
                } => {
                    assert_eq!(p, &path);
                    assert_eq!((*l, *c), (line, column), "{text:?}: {err}");
                }
                other => panic!("{text:?}: expected a syntax error, got {other:?}"),
            }
            assert!(plan_uninstall(format, &path).is_err());
            assert_eq!(fs::read_to_string(&path).unwrap(), text);
            assert!(list_backups(&path).unwrap().is_empty());
            if format == Format::Gemini {
                report.push_str(&format!("{text:?}\n  {}\n", redact(&err.to_string(), &dir)));
            }
        }
    }
    insta::assert_snapshot!("malformed_jsonc", report);
}

#[test]
fn a_repeated_key_in_a_file_with_comments_is_refused_not_flattened() {
    let dir = tempfile::tempdir().unwrap();
    let text = "{\n  // mine\n  \"hooks\": {},\n  \"hooks\": {}\n}\n";
    let path = write(&dir, "settings.json", text);
    let err = plan_install(Format::Gemini, &path, &spec(Format::Gemini)).unwrap_err();
    assert!(
        matches!(err, InstallError::CannotEditInPlace { .. }),
        "{err:?}"
    );
    assert_eq!(fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn only_the_last_backups_are_kept_and_same_second_changes_get_a_counter() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "settings.json", "{}\n");
    let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(1_796_219_220);
    let mut made: Vec<PathBuf> = Vec::new();
    // Alternate install and uninstall so every apply changes the file; two per second.
    for n in 0..(BACKUPS_KEPT as u64 + 4) {
        let plan = if n % 2 == 0 {
            plan_install(Format::ClaudeCode, &path, &spec(Format::ClaudeCode)).unwrap()
        } else {
            plan_uninstall(Format::ClaudeCode, &path).unwrap()
        };
        let out = apply_at(&plan, t0 + Duration::from_secs(n / 2)).unwrap();
        made.push(out.backup.unwrap());
    }
    let name = |p: &Path| p.file_name().unwrap().to_string_lossy().into_owned();
    assert_eq!(
        name(&made[0]),
        "settings.json.hookward-backup-20261202T134700Z"
    );
    assert_eq!(
        name(&made[1]),
        "settings.json.hookward-backup-20261202T134700Z-2"
    );
    assert_eq!(
        name(&made[2]),
        "settings.json.hookward-backup-20261202T134701Z"
    );
    let kept = list_backups(&path).unwrap();
    assert_eq!(kept.len(), BACKUPS_KEPT);
    assert_eq!(kept, made[made.len() - BACKUPS_KEPT..].to_vec());
    for gone in &made[..made.len() - BACKUPS_KEPT] {
        assert!(!gone.exists(), "{gone:?} should have been pruned");
    }
    // A file that only looks like a backup is neither listed nor pruned.
    let lookalike = dir.path().join("settings.json.hookward-backup-notes");
    fs::write(&lookalike, "mine").unwrap();
    let plan = plan_install(Format::ClaudeCode, &path, &spec(Format::ClaudeCode)).unwrap();
    let out = apply(&plan).unwrap();
    assert_eq!(out.backups_pruned.len(), 1);
    assert!(lookalike.exists());
    assert_eq!(list_backups(&path).unwrap().len(), BACKUPS_KEPT);
}
