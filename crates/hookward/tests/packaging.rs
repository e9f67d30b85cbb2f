//! The Claude Code plugin folder (`packaging/claude-plugin`, issue 16 item 6): it registers
//! the same events and timeouts as `hookward install claude-code`, its hook script answers
//! exactly as `hookward hook claude-code` does, a missing binary is said at SessionStart and
//! blocks PreToolUse, and `install` refuses a second registration while the plugin is enabled.
//! (The wheel and npm installs are tested by `scripts/test_packaging.sh`, the plugin inside the
//! real Claude Code CLI by `e2e/run.sh claude plugin_rm_home`.)

mod common;

use common::Sandbox;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn plugin_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../packaging/claude-plugin")
}

/// event -> (matcher, timeout) of a Claude Code `hooks` object.
fn events(hooks: &Value) -> BTreeMap<String, (String, u64)> {
    hooks
        .as_object()
        .unwrap()
        .iter()
        .map(|(ev, groups)| {
            let g = &groups[0];
            (
                ev.clone(),
                (
                    g["matcher"].as_str().unwrap_or("").to_string(),
                    g["hooks"][0]["timeout"].as_u64().unwrap(),
                ),
            )
        })
        .collect()
}

#[test]
fn the_plugin_registers_what_install_registers() {
    let s = Sandbox::new();
    let out = s
        .cmd(&["install", "claude-code", "--apply"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let settings: Value = serde_json::from_str(
        &std::fs::read_to_string(s.home().join(".claude/settings.json")).unwrap(),
    )
    .unwrap();
    let plugin: Value = serde_json::from_str(
        &std::fs::read_to_string(plugin_dir().join("hooks/hooks.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(events(&plugin["hooks"]), events(&settings["hooks"]));
    let manifest: Value = serde_json::from_str(
        &std::fs::read_to_string(plugin_dir().join(".claude-plugin/plugin.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(manifest["name"], "hookward");
    assert_eq!(
        manifest["version"],
        env!("CARGO_PKG_VERSION"),
        "plugin version follows the crate"
    );
}

/// Runs the plugin's hook script for `event` on `payload` with `env`; (stdout, stderr, code).
fn run_hook(
    s: &Sandbox,
    event: &str,
    payload: &[u8],
    bin: Option<PathBuf>,
) -> (String, String, i32) {
    let mut c = Command::new("sh");
    c.arg(plugin_dir().join("scripts/run-hook"))
        .arg(event)
        .env_clear()
        .env("HOME", s.home())
        .env("HOOKWARD_HOME", s.hookward_home())
        .env("PATH", "/usr/bin:/bin")
        .current_dir(s.project())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(b) = bin {
        c.env("HOOKWARD_BIN", b);
    }
    let mut child = c.spawn().unwrap();
    child.stdin.take().unwrap().write_all(payload).unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_plugin_script_answers_as_the_hook_and_says_when_hookward_is_missing() {
    let s = Sandbox::new();
    let payload = s.pre_tool_use("Bash", json!({"command": "rm -rf ~"}));
    let bin = assert_cmd::cargo::cargo_bin("hookward");
    let via_plugin = run_hook(&s, "PreToolUse", &payload, Some(bin));
    let direct = s.hook(&payload, &[]);
    assert_eq!(common::decision_of(&via_plugin.0), "deny", "{via_plugin:?}");
    assert_eq!((via_plugin.0.clone(), via_plugin.2), (direct.0, direct.2));

    let start = json!({"hook_event_name": "SessionStart", "session_id": "s1", "source": "startup",
                       "cwd": s.project(), "transcript_path": s.project().join("t.jsonl")});
    let (out, _, code) = run_hook(&s, "SessionStart", start.to_string().as_bytes(), None);
    assert_eq!(code, 0);
    let reply: Value = serde_json::from_str(&out).unwrap();
    assert!(
        reply["systemMessage"]
            .as_str()
            .unwrap()
            .contains("NOT guarded"),
        "{reply}"
    );
    assert_eq!(reply["hookSpecificOutput"]["hookEventName"], "SessionStart");
    let (out, err, code) = run_hook(&s, "PreToolUse", &payload, None);
    assert_eq!(
        (out.as_str(), code),
        ("", 2),
        "a missing binary blocks the call: {err}"
    );
    assert!(err.contains("not installed"), "{err}");
    let (_, _, code) = run_hook(&s, "PostToolUse", b"{}", None);
    assert_eq!(code, 0);
}

#[test]
fn install_refuses_a_second_registration_while_the_plugin_is_enabled() {
    let s = Sandbox::new();
    let user = s.home().join(".claude/settings.json");
    std::fs::create_dir_all(user.parent().unwrap()).unwrap();
    let before = r#"{"enabledPlugins": {"hookward@team-tools": true}}"#;
    std::fs::write(&user, before).unwrap();
    let out = s
        .cmd(&["install", "claude-code", "--apply"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err =
        String::from_utf8_lossy(&out.stderr).replace(&s.dir.path().display().to_string(), "[TMP]");
    insta::assert_snapshot!(err);
    assert_eq!(
        std::fs::read_to_string(&user).unwrap(),
        before,
        "nothing written"
    );
    // doctor counts the enabled plugin as the registration (no install/doctor loop).
    let out = s.cmd(&["doctor"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.lines().any(|l| l.starts_with("ok   registered")
            && l.contains("Claude Code via the plugin hookward@team-tools")),
        "{text}"
    );
    assert!(!text.contains("is not registered with any agent"), "{text}");
    // a disabled plugin does not count
    std::fs::write(
        &user,
        r#"{"enabledPlugins": {"hookward@team-tools": false}}"#,
    )
    .unwrap();
    let out = s
        .cmd(&["install", "claude-code", "--apply"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
