//! Claude Code's `ConfigChange` (issue 13, item 7c) through the real binary: the captured
//! payload (`shared/protocol/payloads/claude/ConfigChange.json`, paths moved into a throwaway
//! home) after a settings file changed on disk. A reload that would turn the guard off is
//! blocked (`decision:"block"`, `self/config-change`); security-relevant changes are told to the
//! person and go ahead (`context/config-change`, `[context.checks] config_change`); harmless
//! ones get no reply. Every call is recorded, and the changed file is a review item.

mod common;

use common::{claude_schema, payload_dir, Sandbox};
use serde_json::{json, Value};

const CAPTURED_HOME: &str = "/tmp/e2e/runs/claude/config/home";
const CAPTURED_PROJECT: &str = "/tmp/e2e/runs/claude/config/proj";

/// hookward's registration as `hookward install claude-code` writes it, plus the person's
/// own permission list.
fn settings(allow: &[&str], with_hookward: bool, extra: Value) -> String {
    let mut v = json!({"permissions": {"allow": allow}});
    if with_hookward {
        v["hooks"] = json!({"PreToolUse": [{"matcher": "*", "hooks": [
            {"type": "command", "command": "hookward hook claude-code", "timeout": 30}
        ]}]});
    }
    if let (Some(o), Some(e)) = (v.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    serde_json::to_string_pretty(&v).unwrap()
}

fn settings_path(s: &Sandbox) -> std::path::PathBuf {
    s.project().join(".claude/settings.json")
}

/// The captured ConfigChange payload, moved into the sandbox; `source` as given.
fn config_change(s: &Sandbox, source: &str) -> Vec<u8> {
    let text = std::fs::read_to_string(payload_dir().join("ConfigChange.json")).expect("payload");
    let text = text
        .replace(CAPTURED_PROJECT, s.project().to_str().unwrap())
        .replace(CAPTURED_HOME, s.home().to_str().unwrap());
    let mut v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hook_event_name"], "ConfigChange");
    assert_eq!(
        v["file_path"].as_str(),
        settings_path(s).to_str(),
        "the capture names the project's settings file"
    );
    v["source"] = source.into();
    v.to_string().into_bytes()
}

fn event(s: &Sandbox, name: &str) -> Vec<u8> {
    json!({"session_id": "s1", "cwd": s.project(), "hook_event_name": name, "source": "startup"})
        .to_string()
        .into_bytes()
}

/// A sandbox whose project settings register hookward, seen by a SessionStart.
fn started(config: Option<&str>) -> Sandbox {
    let s = Sandbox::new();
    std::fs::create_dir_all(s.project().join(".claude")).unwrap();
    std::fs::write(settings_path(&s), settings(&[], true, json!({}))).unwrap();
    if let Some(c) = config {
        std::fs::create_dir_all(s.hookward_home()).unwrap();
        std::fs::write(s.hookward_home().join("config.toml"), c).unwrap();
    }
    let (_, err, code) = s.hook(&event(&s, "SessionStart"), &[]);
    assert_eq!(code, 0, "{err}");
    s
}

/// Runs the ConfigChange hook; the reply, validated against Claude Code's schema, with the
/// sandbox path replaced by `[SANDBOX]`.
fn reload(s: &Sandbox, source: &str) -> String {
    let (out, err, code) = s.hook(&config_change(s, source), &[]);
    assert_eq!(code, 0, "{err}");
    if let Err(e) = claude_schema::validate_stdout(&out) {
        panic!("invalid reply {out}: {e}");
    }
    out.trim()
        .replace(s.dir.path().to_str().unwrap(), "[SANDBOX]")
}

fn last_decision(s: &Sandbox) -> Value {
    let out = s
        .cmd(&["log", "--json", "--limit", "1"])
        .output()
        .expect("log");
    let v: Value = serde_json::from_slice(&out.stdout).expect("log json");
    v["items"][0].clone()
}

#[test]
fn removing_hookwards_entry_on_disk_blocks_the_reload() {
    let s = started(None);
    std::fs::write(settings_path(&s), settings(&[], false, json!({}))).unwrap();
    let out = reload(&s, "project_settings");
    let v: Value = serde_json::from_str(&out).expect("a reply");
    assert_eq!(v["decision"], "block", "{out}");
    insta::assert_snapshot!("block_reply", out);
    let d = last_decision(&s);
    assert_eq!(d["event"], "ConfigChange", "{d}");
    assert_eq!(d["decision"], "deny", "{d}");
    assert!(d.to_string().contains("self/config-change"), "{d}");
    // The file on disk is a review item with the guard's finding.
    let review = s.cmd(&["review"]).output().unwrap();
    let text = String::from_utf8_lossy(&review.stdout);
    assert!(text.contains("self/disable-hooks"), "{text}");
    assert!(text.contains("seen when the agent reloaded it"), "{text}");
    // Blocked again on the next reload: the change is still unreviewed.
    let again = reload(&s, "project_settings");
    assert!(again.contains("\"block\""), "{again}");
}

#[test]
fn disabling_all_hooks_blocks_and_a_change_seen_earlier_still_counts() {
    let s = started(None);
    std::fs::write(
        settings_path(&s),
        settings(&[], true, json!({"disableAllHooks": true})),
    )
    .unwrap();
    // The Stop check sees (and records) the change before Claude Code's reload fires.
    let (_, err, code) = s.hook(&event(&s, "Stop"), &[]);
    assert_eq!(code, 0, "{err}");
    let out = reload(&s, "project_settings");
    assert!(out.contains("\"decision\":\"block\""), "{out}");
    assert!(out.contains("switch the agent's hooks off"), "{out}");
}

#[test]
fn widened_permissions_are_told_and_the_reload_goes_ahead() {
    let s = started(None);
    std::fs::write(settings_path(&s), settings(&["Bash(*)"], true, json!({}))).unwrap();
    let out = reload(&s, "project_settings");
    let v: Value = serde_json::from_str(&out).expect("a reply");
    assert!(v.get("decision").is_none(), "not blocked: {out}");
    assert!(out.contains("Bash(*)"), "{out}");
    insta::assert_snapshot!("tell_reply", out);
    assert_eq!(last_decision(&s)["decision"], "ask");
}

#[test]
fn a_harmless_change_gets_no_reply_and_is_recorded() {
    let s = started(None);
    std::fs::write(
        settings_path(&s),
        settings(&[], true, json!({"theme": "dark"})),
    )
    .unwrap();
    let out = reload(&s, "project_settings");
    insta::assert_snapshot!(
        "allow_reply",
        if out.is_empty() { "(no reply)" } else { &out }
    );
    let d = last_decision(&s);
    assert_eq!(d["event"], "ConfigChange", "{d}");
    assert!(d["decision"].is_null(), "{d}");
}

#[test]
fn check_modes_apply_to_the_tell_rule_only() {
    let widen = |s: &Sandbox| {
        std::fs::write(settings_path(s), settings(&["Bash(*)"], true, json!({}))).unwrap()
    };
    // deny: the widened settings are not reloaded.
    let s = started(Some("[context.checks]\nconfig_change = \"deny\"\n"));
    widen(&s);
    let out = reload(&s, "project_settings");
    assert!(out.contains("\"decision\":\"block\""), "{out}");
    assert!(out.contains("context/config-change"), "{out}");
    // record: nothing said, the change waits in review.
    let s = started(Some("[context.checks]\nconfig_change = \"record\"\n"));
    widen(&s);
    assert_eq!(reload(&s, "project_settings"), "");
    let review = s.cmd(&["review"]).output().unwrap();
    assert!(String::from_utf8_lossy(&review.stdout).contains("context/settings-change"));
    // The locked self rule is not a check: record does not let hookward's removal through.
    let s = started(Some("[context.checks]\nconfig_change = \"off\"\n"));
    std::fs::write(settings_path(&s), settings(&[], false, json!({}))).unwrap();
    assert!(reload(&s, "project_settings").contains("\"block\""));
}

#[test]
fn managed_policy_settings_are_told_not_blocked() {
    let s = started(None);
    std::fs::write(settings_path(&s), settings(&[], false, json!({}))).unwrap();
    // Claude Code ignores a block of policy_settings; hookward tells instead.
    let out = reload(&s, "policy_settings");
    assert!(!out.contains("\"decision\""), "{out}");
    assert!(out.contains("self/disable-hooks"), "{out}");
}

#[test]
fn policy_eval_gives_the_hooks_decision() {
    let s = started(None);
    std::fs::write(settings_path(&s), settings(&[], false, json!({}))).unwrap();
    let payload = config_change(&s, "project_settings");
    let mut c = s.cmd(&[
        "policy",
        "eval",
        "--agent",
        "claude-code",
        "--input",
        "-",
        "--json",
    ]);
    c.env("CLAUDE_PROJECT_DIR", s.project());
    let out = c.write_stdin(payload).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("self/config-change"), "{text}");
    assert!(text.contains("\"deny\""), "{text}");
}
