//! Golden test over every Claude Code payload captured from the real CLI
//! (`shared/protocol/payloads/claude/*.json`): each parses, gets the right reply, and every
//! reply is valid against Claude Code's hook-output schema.

mod common;

use common::{claude_schema, payload_dir, Sandbox};
use std::fmt::Write;

#[test]
fn every_captured_payload_gets_the_right_reply() {
    let sandbox = Sandbox::new();
    let mut files: Vec<_> = std::fs::read_dir(payload_dir())
        .expect("payload dir (shared/ beside the repo)")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".env.json")
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 40,
        "expected the captured set, found {}",
        files.len()
    );
    let mut table = String::new();
    for f in &files {
        let bytes = std::fs::read(f).unwrap();
        let env_file = f.with_extension("env.json");
        let env: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&env_file).unwrap()).unwrap();
        let project = env
            .pointer("/env/CLAUDE_PROJECT_DIR")
            .and_then(|v| v.as_str())
            .unwrap_or("");
        let (stdout, stderr, code) = sandbox.hook(&bytes, &[("CLAUDE_PROJECT_DIR", project)]);
        assert_eq!(code, 0, "{}: exit {code}, stderr {stderr}", f.display());
        if let Err(e) = claude_schema::validate_stdout(&stdout) {
            panic!("{}: invalid reply {stdout}: {e}", f.display());
        }
        let name = f.file_name().unwrap().to_string_lossy().to_string();
        writeln!(
            table,
            "{name}: {}",
            if stdout.is_empty() {
                "(no reply)".into()
            } else {
                stdout.trim().to_string()
            }
        )
        .unwrap();
    }
    insta::assert_snapshot!(table);
    // Every event was recorded.
    let log = sandbox
        .cmd(&["log", "--json", "--limit", "1000"])
        .output()
        .unwrap();
    let rows: serde_json::Value = serde_json::from_slice(&log.stdout).unwrap();
    assert_eq!(rows.as_array().unwrap().len(), files.len());
}
