//! Fuzzes whole payloads through every adapter and the pipeline (issue 12 item 9): any bytes
//! never panic the hook, and a payload that JavaScript's `JSON.parse` accepts with a dangerous
//! command in its tool input is never passed silently (denied or blocked by the fail mode).
//! The input's first byte picks the agent, the rest is a string spliced into a payload that
//! holds `rm -rf ~` (as the `note` field's raw JSON text) or, with the top bit set, used whole.
//! Recording is off (`HOOKWARD_RECORD=false`); the home is a throwaway folder.
//! `cargo fuzz run whole_payload` (the property is also a proptest in
//! `crates/hookward-pipeline/tests/whole_payload.rs`).
#![no_main]
use hookward_core::Agent;
use hookward_pipeline::{run_hook, HookEnv};
use libfuzzer_sys::fuzz_target;
use std::collections::BTreeMap;
use std::sync::OnceLock;

fn home() -> &'static std::path::Path {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("tempdir")).path()
}

/// The document as JavaScript's `JSON.parse` reads it (the last of repeated keys wins, as in
/// serde_json), for serde_json's grammar plus lone surrogate escapes; deeper than serde_json's
/// limit of 128 it is `None`, so deep inputs are only checked for panics.
fn node_view(text: &str) -> Option<serde_json::Value> {
    let repaired = text.replace("\\ud83d", "\\ufffd").replace("\\udc00", "\\ufffd");
    serde_json::from_str(&repaired).ok()
}

/// Whether Node would still see the gate event running `rm -rf ~` (the spliced text may have
/// repeated and so replaced the event name, the tool or the command).
fn still_dangerous(v: &serde_json::Value, agent: Agent) -> bool {
    match agent {
        Agent::Cursor => {
            v["hook_event_name"] == "beforeShellExecution" && v["command"] == "rm -rf ~"
        }
        Agent::Gemini => {
            v["hook_event_name"] == "BeforeTool"
                && v["tool_name"] == "run_shell_command"
                && v["tool_input"]["command"] == "rm -rf ~"
        }
        _ => {
            v["hook_event_name"] == "PreToolUse"
                && v["tool_name"] == "Bash"
                && v["tool_input"]["command"] == "rm -rf ~"
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let agent = [Agent::ClaudeCode, Agent::Codex, Agent::Gemini, Agent::Cursor][usize::from(first & 3)];
    let env = HookEnv {
        agent,
        home: home().join("home"),
        hookward_home: home().join("home/.hookward"),
        project_dir: Some(home().join("home/p").display().to_string()),
        vars: BTreeMap::from([("HOOKWARD_RECORD".to_string(), "false".to_string())]),
        policy_dirs: Vec::new(),
    };
    if first & 0x80 != 0 {
        let _ = run_hook(rest, &env);
        return;
    }
    let Ok(note) = std::str::from_utf8(rest) else {
        return;
    };
    let text = match agent {
        Agent::Cursor => format!(
            r#"{{"conversation_id":"s","hook_event_name":"beforeShellExecution","note":{note},"command":"rm -rf ~","cwd":"/tmp"}}"#
        ),
        Agent::Gemini => format!(
            r#"{{"session_id":"s","hook_event_name":"BeforeTool","tool_name":"run_shell_command","note":{note},"tool_input":{{"command":"rm -rf ~"}}}}"#
        ),
        _ => format!(
            r#"{{"session_id":"s","hook_event_name":"PreToolUse","tool_name":"Bash","note":{note},"tool_input":{{"command":"rm -rf ~"}}}}"#
        ),
    };
    let o = run_hook(text.as_bytes(), &env);
    if node_view(&text).is_some_and(|v| still_dangerous(&v, agent)) {
        let blocked = o.reply.exit_code == 2
            || o.reply.stdout.as_deref().is_some_and(|s| s.contains("\"deny\""));
        assert!(blocked, "passed: {text}");
    }
});
