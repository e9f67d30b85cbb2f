//! `hookward_pipeline::evaluate` (what `hookward policy eval` prints) and `run_hook` (the hook)
//! give the same decision and rule ids for every case of the injection dev corpus
//! (`shared/corpus/injection-dev.jsonl`) as the tool output of a Claude Code PostToolUse of
//! Bash and as a Codex one, with `[context.checks]` modes in force (issue 13 item 4). The
//! captured payloads and the command corpus are compared through the binary in
//! `crates/hookward/tests/eval_equivalence.rs`.

mod common;

use common::env;

use hookward_core::Agent;
use hookward_pipeline::{evaluate, run_hook, EvalOptions};
use serde_json::{json, Value};
use std::path::PathBuf;

fn corpus() -> Vec<Value> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/injection-dev.jsonl");
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Runs both paths on every `agent` payload built from the corpus cases `pick` keeps;
/// returns how many cases were judged and how many got a deny.
fn compare(agent: Agent, pick: impl Fn(usize) -> bool) -> (usize, usize) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home/p")).unwrap();
    let env = env(dir.path(), agent);
    let (mut n, mut denied) = (0, 0);
    for (i, case) in corpus().iter().enumerate().filter(|(i, _)| pick(*i)) {
        let text = case["text"].as_str().unwrap_or_default();
        let payload = json!({
            "session_id": "equivalence", "cwd": env.project_dir, "hook_event_name": "PostToolUse",
            "tool_name": "Bash", "tool_input": {"command": "cat notes.txt"},
            "tool_response": {"stdout": text, "stderr": "", "interrupted": false, "isImage": false},
            "tool_use_id": format!("t{i}"),
        })
        .to_string()
        .into_bytes();
        let hook = run_hook(&payload, &env);
        let eval = evaluate(&payload, &env, &EvalOptions::default()).expect("evaluates");
        let verdict = eval
            .decided
            .as_ref()
            .map(|d| d.verdict.clone())
            .unwrap_or_default();
        let ids = |v: &hookward_core::Verdict| -> Vec<String> {
            v.candidates.iter().map(|c| c.id.clone()).collect()
        };
        assert_eq!(
            (verdict.decision, ids(&verdict)),
            (hook.verdict.decision, ids(&hook.verdict)),
            "{}",
            case["id"]
        );
        assert_eq!(eval.reply.stdout, hook.reply.stdout, "{}", case["id"]);
        n += 1;
        denied += usize::from(verdict.decision == Some(hookward_core::Decision::Deny));
    }
    (n, denied)
}

#[test]
fn injection_corpus_even_cases_same_on_both_paths_claude() {
    let (n, denied) = compare(Agent::ClaudeCode, |i| i % 2 == 0);
    assert!(n > 1000 && denied > 100, "{n} cases, {denied} denied");
}

#[test]
fn injection_corpus_odd_cases_same_on_both_paths_codex() {
    let (n, denied) = compare(Agent::Codex, |i| i % 2 == 1);
    assert!(n > 1000 && denied > 100, "{n} cases, {denied} denied");
}
