//! The lessons replay benchmark (issue 14, "Done when"): every case of the labelled judgement
//! set `tests/data/lessons-replay/cases.json` is rendered as a Claude Code transcript or a
//! Codex rollout in a throwaway HOME and replayed by the real binary
//! (`hookward lessons audit --dry-run --json`, the hook's own episode code); a case agrees when
//! a lesson was learned exactly when the label says one should be. Prints agreement, false
//! negatives (labelled yes, nothing learned) and false positives (labelled no, learned), and
//! fails below the figures BENCHMARKS.md reports:
//!
//! `cargo test -p hookward --test lessons_replay_bench -- --nocapture`

mod common;

use common::Sandbox;
use serde_json::{json, Value};
use std::path::Path;

/// The floor CI holds: agreement measured when the set was written (BENCHMARKS.md, "Lessons").
const MIN_AGREEMENT: f64 = 0.95;

const HOME: &str = "/home/dev";

struct Clock(i64);

impl Clock {
    fn tick(&mut self, secs: i64) -> String {
        self.0 += secs;
        let s = self.0;
        let (h, m, sec) = (s / 3600 % 24, s / 60 % 60, s % 60);
        let day = 1 + s / 86_400;
        format!("2026-11-{day:02}T{h:02}:{m:02}:{sec:02}.000Z")
    }
}

/// Renders one case's calls as transcript files under `home` (one file per session).
fn render(case: &Value, home: &Path) {
    let name = case["name"].as_str().unwrap_or("case");
    let agent = case["agent"].as_str().unwrap_or("claude");
    let cwd = format!("{HOME}/bench/{name}");
    let mut clock = Clock(9 * 3600);
    let mut sessions: Vec<(String, Vec<Value>)> = vec![(format!("{name}-a"), Vec::new())];
    let mut n = 0;
    let mut calls: Vec<Value> = Vec::new();
    for c in case["calls"].as_array().into_iter().flatten() {
        if let Some(k) = c["filler"].as_i64() {
            for _ in 0..k {
                calls.push(json!({"cmd": "git status", "out": "On branch main"}));
            }
        } else {
            calls.push(c.clone());
        }
    }
    for c in calls {
        if let Some(s) = c["session"].as_str() {
            clock.tick(c["gap_min"].as_i64().unwrap_or(0) * 60);
            sessions.push((format!("{name}-{s}"), Vec::new()));
            continue;
        }
        n += 1;
        let ts = clock.tick(10);
        let session = sessions.last().map(|s| s.0.clone()).unwrap_or_default();
        let lines = &mut sessions.last_mut().expect("session").1;
        let fail = c["fail"].as_str();
        let exit = c["exit"]
            .as_i64()
            .unwrap_or(if fail.is_some() { 1 } else { 0 });
        let out = c["out"].as_str().unwrap_or("");
        let file = c["edit"].as_str().or_else(|| c["patch"].as_str());
        if agent == "claude" {
            let id = format!("toolu_{name}_{n:02}");
            let (tool, input) = match (c["cmd"].as_str(), file) {
                (Some(cmd), _) => ("Bash", json!({"command": cmd})),
                (None, Some(f)) => (
                    "Edit",
                    json!({"file_path": format!("{cwd}/{f}"), "old_string": "a", "new_string": "b"}),
                ),
                _ => continue,
            };
            // a call may run in a sub-folder (`"cwd": "app"`): Claude Code records the folder a
            // `cd` moved to as the next call's `cwd`
            let call_cwd = c["cwd"]
                .as_str()
                .map_or_else(|| cwd.clone(), |sub| format!("{cwd}/{sub}"));
            let base = json!({"isSidechain": false, "userType": "external", "cwd": call_cwd,
                "sessionId": session, "version": "2.1.197", "timestamp": ts});
            let mut a = base.clone();
            a["type"] = json!("assistant");
            a["message"] = json!({"id": format!("msg_{id}"), "role": "assistant", "model": "claude-sonnet-4-5-20250929",
                "content": [{"type": "tool_use", "id": id, "name": tool, "input": input}]});
            lines.push(a);
            let mut u = base;
            u["type"] = json!("user");
            match fail {
                Some(f) => {
                    let text = if tool == "Bash" {
                        format!("Exit code {exit}\n{f}")
                    } else {
                        format!("<tool_use_error>{f}</tool_use_error>")
                    };
                    u["message"] = json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": id, "content": text, "is_error": true}]});
                    u["toolUseResult"] = json!(format!("Error: {text}"));
                }
                None => {
                    u["message"] = json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": id, "content": out}]});
                    u["toolUseResult"] = if tool == "Bash" {
                        json!({"stdout": out, "stderr": "", "interrupted": false, "isImage": false})
                    } else {
                        json!({"filePath": format!("{cwd}/{}", file.unwrap_or("")), "oldString": "a", "newString": "b"})
                    };
                }
            }
            lines.push(u);
        } else {
            let id = format!("call_{name}_{n:02}");
            let body = fail.unwrap_or(out);
            let output = format!("Exit code: {exit}\nWall time: 0.1 seconds\nOutput:\n{body}\n");
            match (c["cmd"].as_str(), file) {
                (Some(cmd), _) => lines.push(json!({"timestamp": ts, "type": "response_item", "payload": {
                    "type": "function_call", "name": "shell_command",
                    "arguments": json!({"command": cmd, "workdir": cwd}).to_string(), "call_id": id}})),
                (None, Some(f)) => lines.push(json!({"timestamp": ts, "type": "response_item", "payload": {
                    "type": "custom_tool_call", "name": "apply_patch",
                    "input": format!("*** Begin Patch\n*** Update File: {f}\n@@\n-a\n+b\n*** End Patch\n"), "call_id": id}})),
                _ => continue,
            }
            let output = if fail.is_none() && file.is_some() {
                format!("Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess. Updated the following files:\nM {}\n", file.unwrap_or(""))
            } else {
                output
            };
            lines.push(
                json!({"timestamp": ts, "type": "response_item", "payload": {
                "type": "function_call_output", "call_id": id, "output": output}}),
            );
        }
    }
    for (i, (session, lines)) in sessions.into_iter().enumerate() {
        let (path, mut text) = if agent == "claude" {
            (
                home.join(format!(
                    ".claude/projects/-home-dev-bench-{name}/{session}.jsonl"
                )),
                String::new(),
            )
        } else {
            let meta = json!({"timestamp": "2026-11-01T09:00:00.000Z", "type": "session_meta",
                "payload": {"id": session, "cwd": cwd, "originator": "codex_exec", "cli_version": "0.171.0"}});
            (
                home.join(format!(
                    ".codex/sessions/2026/11/01/rollout-2026-11-01T09-00-0{i}-{session}.jsonl"
                )),
                format!("{meta}\n"),
            )
        };
        for l in lines {
            text.push_str(&l.to_string());
            text.push('\n');
        }
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, text).expect("write");
    }
}

#[test]
fn replay_agrees_with_the_labelled_judgements() {
    let set: Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/lessons-replay/cases.json"),
        )
        .expect("cases"),
    )
    .expect("json");
    let cases = set["cases"].as_array().expect("cases");
    let (mut agree, mut fneg, mut fpos) = (0, Vec::new(), Vec::new());
    let (mut held_n, mut held_agree) = (0, 0);
    let mut calls = 0;
    for case in cases {
        let s = Sandbox::new();
        render(case, &s.home());
        let out = s
            .cmd(&["lessons", "audit", "--dry-run", "--json"])
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: Value = serde_json::from_slice(&out.stdout).expect("json");
        calls += v["calls"].as_u64().unwrap_or(0);
        let learned =
            v["lessons_learned"].as_u64().unwrap_or(0) + v["repeats"].as_u64().unwrap_or(0) > 0;
        let label = case["lesson"].as_bool().unwrap_or(false);
        let name = case["name"].as_str().unwrap_or("");
        let fix = v["lessons"][0]["prescription"].as_str().unwrap_or("-");
        println!(
            "{:32}{} {:6} label {:5} learned {:5}  {}",
            name,
            if case["held_out"] == true { "*" } else { " " },
            case["agent"].as_str().unwrap_or(""),
            label,
            learned,
            if learned { fix } else { "" }
        );
        if case["held_out"] == true {
            held_n += 1;
            held_agree += usize::from(label == learned);
        }
        match (label, learned) {
            (a, b) if a == b => agree += 1,
            (true, false) => fneg.push(name.to_string()),
            _ => fpos.push(name.to_string()),
        }
    }
    let n = cases.len();
    let positives = cases.iter().filter(|c| c["lesson"] == true).count();
    let rate = agree as f64 / n as f64;
    println!(
        "\n{n} cases ({positives} labelled lesson, {} not), {calls} tool calls replayed\nagreement {agree}/{n} = {:.1} %\nfalse negatives {}/{positives}: {fneg:?}\nfalse positives {}/{}: {fpos:?}",
        n - positives,
        rate * 100.0,
        fneg.len(),
        fpos.len(),
        n - positives,
    );
    println!("of them marked held_out (written before they were first replayed; BENCHMARKS.md says what changed after): agreement {held_agree}/{held_n}");
    assert!(
        rate >= MIN_AGREEMENT,
        "agreement {rate:.3} below {MIN_AGREEMENT}"
    );
}
