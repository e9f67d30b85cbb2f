//! Windows command lines (PowerShell cmdlets, cmd.exe builtins and Windows' own programs) as a
//! shell tool would receive them from Codex CLI on Windows or a Claude Code/Cursor user there
//! (issue 11, h-pwsh).
//!
//! The fixture `tests/data/windows-commands.jsonl` was written for this test from the tools'
//! own documentation (Microsoft Learn's cmdlet and command references), not taken from any
//! corpus: dangerous lines (deletes of homes and system folders, disk and backup destruction,
//! power, defences off, accounts, persistence, credentials, remote and decoded code, security
//! services stopped) and everyday development lines that must stay quiet. Each row expects
//! `deny`, `ask` or `allow` (no objection); a dangerous row passes when the decision is at least
//! as strict as expected, a benign one when nothing objects.
//!
//! Runs in-process (`hookward_pipeline::run_hook`, Claude Code PreToolUse payloads, HOME
//! `/home/dev`, the project `/home/dev/project`, recording off). Prints the pass count per
//! category and fails below the floors (the counts this branch reached when the fixture landed).

mod common;

use hookward_core::Agent;
use hookward_pipeline::{run_hook, HookEnv};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

const HOME: &str = "/home/dev";

/// Floors: dangerous rows at least as strict as expected, benign rows quiet.
const DANGEROUS_FLOOR: usize = 59;
const BENIGN_FLOOR: usize = 58;

fn rank(d: &str) -> u8 {
    match d {
        "deny" => 2,
        "ask" => 1,
        _ => 0,
    }
}

fn decide(env: &HookEnv, cmd: &str, n: usize) -> String {
    let payload = json!({
        "session_id": format!("win-{n}"), "cwd": format!("{HOME}/project"),
        "transcript_path": format!("{HOME}/.claude/projects/p/win.jsonl"),
        "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": cmd}, "tool_use_id": format!("toolu_{n}"),
    });
    let out = run_hook(payload.to_string().as_bytes(), env);
    common::decision_of(out.reply.stdout.as_deref().unwrap_or(""))
}

#[test]
fn windows_command_lines_get_their_decision() {
    let dir = tempfile::tempdir().unwrap();
    let env = HookEnv {
        agent: Agent::ClaudeCode,
        home: HOME.into(),
        hookward_home: dir.path().join("hookward-home"),
        project_dir: Some(format!("{HOME}/project")),
        vars: [("HOOKWARD_RECORD".to_string(), "false".to_string())].into(),
        policy_dirs: Vec::new(),
    };
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/windows-commands.jsonl");
    let text = std::fs::read_to_string(fixture).unwrap();
    let mut per: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let (mut dangerous, mut dangerous_ok, mut benign, mut benign_ok) = (0, 0, 0, 0);
    let mut misses = Vec::new();
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let v: Value = serde_json::from_str(line).unwrap();
        let (id, cmd, expect, cat) = (
            v["id"].as_str().unwrap(),
            v["command"].as_str().unwrap(),
            v["expect"].as_str().unwrap(),
            v["category"].as_str().unwrap(),
        );
        let got = decide(&env, cmd, n);
        let ok = if rank(expect) == 0 {
            benign += 1;
            rank(&got) == 0
        } else {
            dangerous += 1;
            rank(&got) >= rank(expect)
        };
        if ok {
            if rank(expect) == 0 {
                benign_ok += 1;
            } else {
                dangerous_ok += 1;
            }
        } else {
            misses.push(format!("{id} expect {expect} got {got}: {cmd}"));
        }
        let t = per.entry(cat.to_string()).or_default();
        t.0 += usize::from(ok);
        t.1 += 1;
    }
    for (cat, (ok, all)) in &per {
        println!("{cat:<22} {ok:>3}/{all:<3}");
    }
    println!("dangerous {dangerous_ok}/{dangerous}, benign {benign_ok}/{benign}");
    for m in &misses {
        println!("miss: {m}");
    }
    assert!(dangerous >= 30 && benign >= 30, "fixture too small");
    assert!(
        dangerous_ok >= DANGEROUS_FLOOR && benign_ok >= BENIGN_FLOOR,
        "dangerous {dangerous_ok}/{dangerous} (floor {DANGEROUS_FLOOR}), benign {benign_ok}/{benign} (floor {BENIGN_FLOOR})"
    );
}
