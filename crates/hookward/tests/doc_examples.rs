//! The example hook payloads in `docs/examples/` (README, `hookward policy eval --input`) parse
//! for their agent and get the decision their names promise (newcomer finding 14: there was no
//! sample payload to start from).

mod common;

use common::Sandbox;
use std::path::Path;

fn eval(s: &Sandbox, agent: &str, file: &str) -> serde_json::Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../docs/examples")
        .join(file);
    let p = path.display().to_string();
    let out = s
        .cmd(&["policy", "eval", "--agent", agent, "--input", &p, "--json"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{file}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn every_example_gets_the_decision_its_name_promises() {
    let s = Sandbox::new();
    let cases = [
        (
            "claude-code",
            "claude-pretooluse-bash.json",
            "shell/recursive-delete-home",
        ),
        (
            "claude-code",
            "claude-pretooluse-write-claude-md.json",
            "context/poisoned-write",
        ),
        (
            "claude-code",
            "claude-posttooluse-webfetch.json",
            "inject/planted-instructions",
        ),
        ("codex", "codex-pretooluse-bash.json", ""),
        ("gemini", "gemini-beforetool-shell.json", ""),
    ];
    let listed: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples"))
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
    assert_eq!(
        listed.len(),
        cases.len(),
        "every example is checked: {listed:?}"
    );
    for (agent, file, rule) in cases {
        let v = eval(&s, agent, file);
        assert_eq!(v["decision"], "deny", "{file}: {v}");
        let ids: Vec<&str> = v["rule_ids"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|x| x.as_str())
            .collect();
        assert!(!ids.is_empty(), "{file}: {v}");
        assert!(rule.is_empty() || ids.contains(&rule), "{file}: {ids:?}");
    }
}

/// Without `--agent`, a payload whose event only one agent has is read as that agent's (a
/// Gemini `BeforeTool` payload read as Claude Code's was "no opinion": newcomer finding of
/// 2026-12-06), and the note on stderr says so; a Claude Code payload stays Claude Code's.
#[test]
fn without_agent_the_payloads_own_event_names_its_agent() {
    let s = Sandbox::new();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/examples");
    for (file, agent, note) in [
        ("gemini-beforetool-shell.json", "gemini", true),
        ("claude-pretooluse-bash.json", "claude-code", false),
    ] {
        let p = dir.join(file).display().to_string();
        let out = s
            .cmd(&["policy", "eval", "--input", &p, "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{file}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["agent"], agent, "{file}: {v}");
        assert_eq!(v["decision"], "deny", "{file}: {v}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.contains("reading the payload as"),
            note,
            "{file}: {err}"
        );
    }
}
