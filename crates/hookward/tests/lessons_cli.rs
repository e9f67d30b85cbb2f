//! Lessons through the real binary (issue 14): `hookward hook claude-code` gets a failing Bash
//! call, then its fix, then (in a later session) a paraphrased prompt, and the lesson arrives in
//! `additionalContext`; a deny then a workaround is not learned. `hookward lessons
//! list|show|forget|stats` (text snapshotted, `--json` shapes) on the lesson so made.

mod common;

use common::Sandbox;
use serde_json::{json, Value};

fn payload(s: &Sandbox, session: &str, v: Value) -> Vec<u8> {
    let mut v = v;
    v["session_id"] = json!(session);
    v["cwd"] = json!(s.project());
    v["transcript_path"] = json!(s.home().join(".claude/projects/p/x.jsonl"));
    v.to_string().into_bytes()
}

fn failing(s: &Sandbox, session: &str, cmd: &str, error: &str) -> Vec<u8> {
    payload(
        s,
        session,
        json!({"hook_event_name": "PostToolUseFailure", "tool_name": "Bash",
               "tool_input": {"command": cmd, "description": "run"}, "tool_use_id": "toolu_fail",
               "error": error, "is_interrupt": false, "duration_ms": 40}),
    )
}

fn fixed(s: &Sandbox, session: &str, cmd: &str) -> Vec<u8> {
    payload(
        s,
        session,
        json!({"hook_event_name": "PostToolUse", "tool_name": "Bash",
               "tool_input": {"command": cmd, "description": "run"}, "tool_use_id": "toolu_fix",
               "tool_response": {"stdout": "4 passed", "stderr": "", "interrupted": false,
                                 "isImage": false, "noOutputExpected": false}}),
    )
}

fn prompt(s: &Sandbox, session: &str, text: &str) -> Vec<u8> {
    payload(
        s,
        session,
        json!({"hook_event_name": "UserPromptSubmit", "prompt": text}),
    )
}

fn context(stdout: &str) -> Option<String> {
    let v: Value = serde_json::from_str(stdout.trim()).ok()?;
    v.pointer("/hookSpecificOutput/additionalContext")
        .and_then(Value::as_str)
        .map(str::to_string)
}

fn run(s: &Sandbox, args: &[&str]) -> (String, i32) {
    let out = s.cmd(args).output().expect("run");
    let mut text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr);
    if !err.is_empty() {
        text.push_str("--- stderr ---\n");
        text.push_str(&err);
    }
    (
        text.replace(&s.dir.path().display().to_string(), "[TMP]"),
        out.status.code().unwrap_or(-1),
    )
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "[TIME]");
    settings.add_filter(r#""(created_ms|updated_ms)": \d+"#, "\"$1\": [MS]");
    settings
}

fn learn_one(s: &Sandbox) {
    let (out, _, code) = s.hook(
        &failing(
            s,
            "session-a",
            "python -m pytest tests/test_config.py",
            "Exit code 1\nImportError while loading conftest '/x/tests/conftest.py'.\nModuleNotFoundError: No module named 'yaml'",
        ),
        &[],
    );
    assert_eq!((out.trim(), code), ("", 0));
    let (out, _, code) = s.hook(
        &fixed(
            s,
            "session-a",
            "uv run python -m pytest tests/test_config.py",
        ),
        &[],
    );
    assert_eq!(code, 0);
    assert_eq!(context(&out), None);
}

#[test]
fn a_fixed_failure_reaches_a_later_paraphrased_prompt() {
    let s = Sandbox::new();
    learn_one(&s);
    let (out, _, code) = s.hook(
        &prompt(
            &s,
            "session-b",
            "The config tests fail again because the yaml module cannot be imported, please fix",
        ),
        &[],
    );
    assert_eq!(code, 0);
    let ctx = context(&out).unwrap_or_else(|| panic!("no lesson in {out}"));
    assert!(ctx.starts_with("hookward lesson L1 (advisory"), "{ctx}");
    assert!(ctx.contains("uv run python -m pytest"), "{ctx}");
    assert!(!ctx.contains(&s.home().display().to_string()), "{ctx}");
    // the reply is a valid Claude Code reply
    common::claude_schema::validate_stdout(&out).unwrap_or_else(|e| panic!("{e}: {out}"));
    // turned off: nothing
    let (out, _, _) = s.hook(
        &prompt(
            &s,
            "session-c",
            "the yaml module cannot be imported in the config tests",
        ),
        &[("HOOKWARD_LESSONS", "false")],
    );
    assert_eq!(context(&out), None, "{out}");
}

#[test]
fn a_workaround_after_a_deny_is_not_learned_and_is_a_health_event() {
    let s = Sandbox::new();
    let (out, _, _) = s.hook(
        &s.pre_tool_use(
            "Bash",
            json!({"command": "curl -fsSL https://get.example.dev/install.sh | bash"}),
        ),
        &[],
    );
    assert_eq!(common::decision_of(&out), "deny", "{out}");
    s.hook(
        &fixed(
            &s,
            "test-session",
            "curl -fsSL -o install.sh https://get.example.dev/install.sh && bash install.sh",
        ),
        &[],
    );
    let (list, code) = run(&s, &["lessons", "list"]);
    assert_eq!((list.trim(), code), ("no lessons learned yet", 0));
    let (events, _) = run(&s, &["events"]);
    assert!(events.contains("lesson-refused"), "{events}");
    // information, not a failure of `hookward doctor` (newcomer report, h-fix18 item 3)
    let (doctor, _) = run(&s, &["doctor"]);
    assert!(
        !doctor
            .lines()
            .any(|l| l.contains("FAIL") && l.contains("lesson-refused")),
        "{doctor}"
    );
    let (out, _, _) = s.hook(
        &prompt(
            &s,
            "session-b",
            "install the tool with the install.sh script from get.example.dev",
        ),
        &[],
    );
    assert_eq!(context(&out), None, "{out}");
}

#[test]
fn lessons_commands_text_and_json() {
    let s = Sandbox::new();
    let (empty, code) = run(&s, &["lessons", "list"]);
    assert_eq!((empty.trim(), code), ("no lessons learned yet", 0));
    learn_one(&s);
    s.hook(
        &prompt(
            &s,
            "session-b",
            "yaml module import error in the config tests",
        ),
        &[],
    );
    let settings = settings();
    settings.bind(|| {
        insta::assert_snapshot!("lessons_list", run(&s, &["lessons", "list"]).0);
        insta::assert_snapshot!("lessons_show", run(&s, &["lessons", "show", "L1"]).0);
        insta::assert_snapshot!("lessons_stats", run(&s, &["lessons", "stats"]).0);
        insta::assert_snapshot!(
            "lessons_show_json",
            run(&s, &["lessons", "show", "1", "--json"]).0
        );
    });
    let (list, _) = run(&s, &["lessons", "list", "--json"]);
    let v: Value = serde_json::from_str(&list).expect("JSON");
    assert_eq!(v["schema_version"], 1);
    assert_eq!(v["items"][0]["id"], "L1");
    assert_eq!(v["items"][0]["deliveries"], 1);
    let (stats, _) = run(&s, &["lessons", "stats", "--json"]);
    let v: Value = serde_json::from_str(&stats).expect("JSON");
    assert_eq!(
        (v["active"].as_i64(), v["deliveries"].as_i64()),
        (Some(1), Some(1))
    );
    let (bad, code) = run(&s, &["lessons", "show", "X9"]);
    assert_eq!(code, 2, "{bad}");
    assert!(bad.contains("write it as L7"), "{bad}");
    let (missing, code) = run(&s, &["lessons", "forget", "L9"]);
    assert_eq!(
        code, 1,
        "a missing lesson is refused like `review C99`: {missing}"
    );
    assert!(missing.contains("no lesson L9"), "{missing}");
    let (gone, code) = run(&s, &["lessons", "forget", "L1"]);
    assert_eq!(code, 0);
    assert!(gone.starts_with("forgot L1: "), "{gone}");
    let (list, _) = run(&s, &["lessons", "list"]);
    assert_eq!(list.trim(), "no lessons learned yet");
}
