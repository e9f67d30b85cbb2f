//! `hookward_pipeline::evaluate` (what `hookward policy eval` prints) and `run_hook` (the hook)
//! give the same decision and rule ids for every case of the injection dev corpus
//! (`shared/corpus/injection-dev.jsonl`) as the tool output of a Claude Code PostToolUse of
//! Bash and as a Codex one, with `[context.checks]` modes in force (issue 13 item 4). The
//! captured payloads and the command corpus are compared through the binary in
//! `crates/hookward/tests/eval_equivalence.rs`.
//!
//! Issue 15: with user policies in force the built-in pack keeps its compiled program and only
//! the user modules are interpreted (`hookward_policy::UserEval::Split`). The same cases — the
//! captured payloads, the command corpora and the injection dev corpus — give the same
//! candidates (ids, decisions, reasons, in order), verdict, user-policy problems, broken files
//! and reply with the split as with everything in one interpreter.

mod common;

use common::{env, jsonl, payload_files};

use hookward_core::Agent;
use hookward_pipeline::{evaluate, run_hook, EvalOptions, Evaluated};
use hookward_policy::{LoadMode, UserEval};
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

/// User policies that exercise what the split must keep: rules that fire often, a re-emission
/// of a built-in package's decisions (the union must count them once), built-in helpers, a
/// custom package with a foreign id (dropped by the aggregator), a malformed decision, a rule
/// that fails at run time on some inputs (then the built-in pack decides alone), `data`, a
/// helper package outside `hookward.rules`, and a file that does not parse.
const USER_POLICIES: &[(&str, &str)] = &[
    (
        "team.rego",
        r#"package hookward.rules.team

import data.hookward.lib

decision contains {"id": "team/git-push", "decision": "ask", "reason": "pushes need a look"} if {
	contains(input.event.tool.input.command, "git")
}

decision contains {"id": "team/any-write", "decision": "allow", "reason": sprintf("writes %d paths", [count(lib.changed_paths)])} if {
	count(lib.changed_paths) > 0
}

decision contains {"id": "team/strict", "decision": "deny", "reason": "strict mode"} if {
	data.team.strict
	contains(input.event.tool.input.command, "curl")
}
"#,
    ),
    (
        "echo.rego",
        r#"package hookward.rules.echo

decision contains d if {
	some d in data.hookward.rules.paths.decision
}

decision contains {"id": "echo/template", "decision": "ask", "reason": p.path} if {
	some p in input.facts.paths
	data.hookward.rules.paths.env_from_template(p)
}
"#,
    ),
    (
        "custom.rego",
        r#"package hookward.rules.custom.mine

decision contains {"id": "custom/mine/read", "decision": "ask", "reason": "reads"} if {
	input.event.tool.kind == "file_read"
}

decision contains {"id": "self/forged", "decision": "allow", "reason": "not mine"} if {
	input.event.kind == "PreToolUse"
}
"#,
    ),
    (
        "malformed.rego",
        r#"package hookward.rules.odd

decision contains {"id": "odd/block", "decision": "block", "reason": "no such decision"} if {
	input.event.kind == "PostToolUse"
}
"#,
    ),
    (
        "fails.rego",
        r#"package hookward.rules.fails

import data.helpers

decision contains {"id": "fails/regex", "decision": "deny", "reason": "never"} if {
	helpers.is_grep
	regex.match("(?!x)", "y")
}
"#,
    ),
    (
        "helpers.rego",
        r#"package helpers

is_grep if input.event.tool.name == "Grep"

is_grep if contains(input.event.tool.input.command, "grep")
"#,
    ),
    (
        "broken.rego",
        "package hookward.rules.broken\ndecision contains {\n",
    ),
];

/// What the two paths must agree on, as comparable text.
fn judged(e: &Evaluated) -> Value {
    let d = e.decided.as_ref();
    json!({
        "candidates": d.map(|d| &d.candidates),
        "verdict": d.map(|d| json!([d.verdict.decision, d.verdict.candidates])),
        "user_error": d.map(|d| &d.user_error),
        "user_problems": d.map(|d| &d.user_problems),
        "broken": d.map(|d| &d.broken),
        "reply": [e.reply.stdout, e.reply.stderr, e.reply.exit_code],
    })
}

#[test]
fn user_policies_apart_from_the_built_in_pack_decide_as_one_interpreter() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("home/p")).unwrap();
    let policies = dir.path().join("home/.hookward/policies");
    std::fs::create_dir_all(&policies).unwrap();
    for (name, text) in USER_POLICIES {
        std::fs::write(policies.join(name), text).unwrap();
    }
    std::fs::write(
        dir.path().join("home/.hookward/config.toml"),
        "[policy.data.team]\nstrict = true\n",
    )
    .unwrap();
    let mut cases: Vec<(String, Agent, Vec<u8>)> = Vec::new();
    for (folder, agent) in [
        ("claude", Agent::ClaudeCode),
        ("codex", Agent::Codex),
        ("gemini", Agent::Gemini),
    ] {
        for f in payload_files(folder) {
            let mut v: Value = serde_json::from_slice(&std::fs::read(&f).unwrap()).unwrap();
            if v.get("cwd").is_some() {
                v["cwd"] = json!(dir.path().join("home/p"));
            }
            cases.push((f.display().to_string(), agent, v.to_string().into_bytes()));
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let pre = |id: &Value, tool: &Value, input: &Value, cwd: &Value| {
        json!({"session_id": "split", "cwd": cwd, "hook_event_name": "PreToolUse",
               "tool_name": tool, "tool_input": input, "tool_use_id": id})
        .to_string()
        .into_bytes()
    };
    for c in jsonl(root.join("../../../shared/corpus/bypass-dev.jsonl")) {
        let payload = pre(&c["id"], &c["tool_name"], &c["tool_input"], &c["cwd"]);
        cases.push((c["id"].to_string(), Agent::ClaudeCode, payload));
    }
    for c in jsonl(root.join("../hookward-shell/tests/corpus/benign-commands.jsonl")) {
        let input = json!({"command": c["command"]});
        let payload = pre(
            &c["id"],
            &json!("Bash"),
            &input,
            &json!("/home/dev/project"),
        );
        cases.push((c["id"].to_string(), Agent::ClaudeCode, payload));
    }
    for (i, c) in corpus().iter().enumerate().filter(|(i, _)| i % 8 == 0) {
        let payload = json!({
            "session_id": "split", "cwd": dir.path().join("home/p"), "hook_event_name": "PostToolUse",
            "tool_name": "Bash", "tool_input": {"command": if i % 16 == 0 { "grep -r TODO ." } else { "cat notes.txt" }},
            "tool_response": {"stdout": c["text"], "stderr": "", "interrupted": false, "isImage": false},
            "tool_use_id": format!("t{i}"),
        });
        cases.push((
            c["id"].to_string(),
            Agent::ClaudeCode,
            payload.to_string().into_bytes(),
        ));
    }
    assert!(cases.len() > 900, "{} cases", cases.len());
    let combined = EvalOptions {
        user_eval: UserEval::Combined,
        ..EvalOptions::default()
    };
    let (mut consulted, mut user_fired, mut user_failed, mut denied) = (0, 0, 0, 0);
    let mut mismatched = Vec::new();
    for (name, agent, payload) in &cases {
        let env = env(dir.path(), *agent);
        let (Ok(split), Ok(one)) = (
            evaluate(payload, &env, &EvalOptions::default()),
            evaluate(payload, &env, &combined),
        ) else {
            // Both fail alike (a payload this agent's parser refuses).
            assert_eq!(
                evaluate(payload, &env, &EvalOptions::default()).err(),
                evaluate(payload, &env, &combined).err(),
                "{name}"
            );
            continue;
        };
        if judged(&split) != judged(&one) {
            mismatched.push(format!(
                "{name}:\n  split {}\n  one   {}",
                judged(&split),
                judged(&one)
            ));
            continue;
        }
        if let (Some(s), Some(o)) = (&split.decided, &one.decided) {
            assert_eq!(s.load_mode, LoadMode::Split, "{name}");
            assert_eq!(o.load_mode, LoadMode::Interpreter, "{name}");
            consulted += 1;
            user_fired += usize::from(s.candidates.iter().any(|c| {
                ["team/", "echo/", "custom/"]
                    .iter()
                    .any(|p| c.id.starts_with(p))
            }));
            user_failed += usize::from(s.user_error.is_some());
            denied += usize::from(s.verdict.decision == Some(hookward_core::Decision::Deny));
            assert_eq!(s.broken.len(), 1, "{name}");
        }
    }
    assert!(
        mismatched.is_empty(),
        "{} cases differ:\n{}",
        mismatched.len(),
        mismatched.join("\n")
    );
    // The comparison means something only if the user rules fired, failed and the pack denied.
    assert!(
        consulted > 800 && user_fired > 200 && user_failed > 50 && denied > 30,
        "{consulted} consulted, {user_fired} with user rules, {user_failed} user failures, {denied} denied"
    );
}
