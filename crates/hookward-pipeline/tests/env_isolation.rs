//! Issue 15, warm helper step 1: nothing on the hook path reads the process's environment or
//! working directory. Everything comes from the [`HookEnv`], so one process (the warm helper's
//! server) can answer calls from clients with different environments, each as its own process
//! would: here two environments that differ in hookward's home (one with a user policy and a
//! config that turns recording on), the project and the `HOOKWARD_*` variables, interleaved in
//! one process.

use hookward_core::Agent;
use hookward_pipeline::{run_hook, HookEnv, ProcessParts};
use std::collections::BTreeMap;
use std::path::Path;

const BASH: &str = r#"{"session_id":"s1","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"echo warm-helper-probe"},"cwd":"/tmp"}"#;

const POLICY: &str = r#"package hookward.rules.user.probe

import rego.v1

# @rule user/probe deny
# A probe rule of one home only.
decision contains {"id": "user/probe", "decision": "deny", "reason": "probe denied by this home's policy"} if {
    input.event.tool.kind == "shell"
    contains(input.event.tool.input.command, "warm-helper-probe")
}
"#;

fn parts(dir: &Path, vars: &[(&str, &str)]) -> ProcessParts {
    let mut v: BTreeMap<String, String> = vars
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    v.insert(
        "HOOKWARD_HOME".into(),
        dir.join("home/.hookward").display().to_string(),
    );
    ProcessParts {
        home: Some(dir.join("home")),
        project_var: Some(dir.join("home/p").display().to_string()),
        cwd: Some(dir.join("home/p")),
        vars: v,
    }
}

#[test]
fn two_environments_in_one_process_each_get_their_own_answers() {
    let a = tempfile::tempdir().unwrap();
    let b = tempfile::tempdir().unwrap();
    for d in [a.path(), b.path()] {
        std::fs::create_dir_all(d.join("home/p")).unwrap();
        std::fs::create_dir_all(d.join("home/.hookward/policies")).unwrap();
    }
    std::fs::write(b.path().join("home/.hookward/policies/probe.rego"), POLICY).unwrap();
    let env_a = HookEnv::from_parts(
        Agent::ClaudeCode,
        parts(a.path(), &[("HOOKWARD_RECORD", "false")]),
    )
    .unwrap();
    let env_b = HookEnv::from_parts(Agent::ClaudeCode, parts(b.path(), &[])).unwrap();
    assert_eq!(env_a.hookward_home, a.path().join("home/.hookward"));
    assert_eq!(env_b.home, b.path().join("home"));
    for round in 0..3 {
        let oa = run_hook(BASH.as_bytes(), &env_a);
        let ob = run_hook(BASH.as_bytes(), &env_b);
        let out_a = oa.reply.stdout.clone().unwrap_or_default();
        let out_b = ob.reply.stdout.clone().unwrap_or_default();
        assert!(!out_a.contains("probe denied"), "round {round}: {out_a}");
        assert!(out_b.contains("probe denied"), "round {round}: {out_b}");
        // Recording: off for A by its variable, on for B (the default).
        assert_eq!(oa.record_id, None, "round {round}");
        assert!(ob.record_id.is_some(), "round {round}");
    }
    assert!(b.path().join("home/.hookward/state.db").exists());
}

#[test]
fn from_parts_builds_what_from_process_would() {
    // No HOOKWARD_HOME: hookward's home is HOME/.hookward.
    let env = HookEnv::from_parts(
        Agent::ClaudeCode,
        ProcessParts {
            home: Some("/h".into()),
            project_var: Some("/h/p".into()),
            cwd: Some("/elsewhere".into()),
            vars: BTreeMap::from([("HOOKWARD_TRACE".into(), "1".into())]),
        },
    )
    .unwrap();
    assert_eq!(env.hookward_home, Path::new("/h/.hookward"));
    assert_eq!(env.project_dir.as_deref(), Some("/h/p"));
    assert!(env.tracing());
    // Codex: no project variable, the hook's working directory is the project.
    let codex = HookEnv::from_parts(
        Agent::Codex,
        ProcessParts {
            home: Some("/h".into()),
            project_var: None,
            cwd: Some("/h/session".into()),
            vars: BTreeMap::new(),
        },
    )
    .unwrap();
    assert_eq!(codex.project_dir.as_deref(), Some("/h/session"));
    assert!(!codex.tracing());
    // Claude Code does not take the working directory as its project.
    let claude = HookEnv::from_parts(
        Agent::ClaudeCode,
        ProcessParts {
            home: Some("/h".into()),
            project_var: Some(String::new()),
            cwd: Some("/h/session".into()),
            vars: BTreeMap::new(),
        },
    )
    .unwrap();
    assert_eq!(claude.project_dir, None);
    // Neither HOME nor HOOKWARD_HOME.
    assert!(HookEnv::from_parts(Agent::ClaudeCode, ProcessParts::default()).is_err());
    // HOOKWARD_HOME alone: the home is its parent.
    let only = HookEnv::from_parts(
        Agent::ClaudeCode,
        ProcessParts {
            vars: BTreeMap::from([("HOOKWARD_HOME".into(), "/x/.hw".into())]),
            ..ProcessParts::default()
        },
    )
    .unwrap();
    assert_eq!(only.home, Path::new("/x"));
}
