//! `hookward cost` through the binary on the fixture home of `hookward-cost`
//! (`crates/hookward-cost/tests/data/home`, copied into a throwaway HOME): the text table and
//! the JSON document are snapshots; the figures are checked by hand in
//! `crates/hookward-cost/tests/fixtures.rs`.

mod common;

use common::Sandbox;
use std::path::Path;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn sandbox() -> Sandbox {
    let s = Sandbox::new();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hookward-cost/tests/data/home");
    copy_tree(&fixtures, &s.home());
    s
}

fn run(s: &Sandbox, args: &[&str]) -> (String, String, i32) {
    let out = s.cmd(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn text_table_by_model_for_seven_days() {
    let s = sandbox();
    let (out, err, code) = run(&s, &["cost", "--as-of", "2026-12-02"]);
    assert_eq!((err.as_str(), code), ("", 0));
    insta::assert_snapshot!(out);
}

#[test]
fn text_tables_by_project_session_and_day() {
    let s = sandbox();
    let mut all = String::new();
    for args in [
        ["--period", "30d", "--by", "project"],
        ["--period", "all", "--by", "session"],
        ["--period", "today", "--by", "day"],
    ] {
        let mut a = vec!["cost", "--as-of", "2026-12-02"];
        a.extend(args);
        let (out, err, code) = run(&s, &a);
        assert_eq!((err.as_str(), code), ("", 0), "{a:?}");
        all.push_str(&format!("$ hookward {}\n{out}\n", a.join(" ")));
    }
    insta::assert_snapshot!(all);
}

/// The files the pinned Claude Code, Codex and Gemini CLIs wrote with known token counts
/// (`crates/hookward-cost/tests/data/recorded`, README "Cost"), all three in one HOME: the
/// binary's figures are the served ones (worked out in `hookward-cost`'s `tests/recorded.rs`).
#[test]
fn recorded_cli_files_give_the_served_figures() {
    let s = Sandbox::new();
    let rec = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hookward-cost/tests/data/recorded");
    for agent in ["claude", "codex", "gemini"] {
        copy_tree(&rec.join(agent).join("home"), &s.home());
    }
    let (out, err, code) = run(
        &s,
        &["cost", "--as-of", "2026-12-05", "--period", "all", "--json"],
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = &v["total"];
    assert_eq!(t["requests"], 9);
    assert_eq!(t["input_tokens"], 3219 + 2804 + 2333);
    assert_eq!(t["cache_write_5m_tokens"], 2270);
    assert_eq!(t["cache_write_1h_tokens"], 2000);
    assert_eq!(t["cache_read_tokens"], 146_106 + 7808 + 4000);
    assert_eq!(t["output_tokens"], 629 + 462 + 283);
    assert_eq!(t["reasoning_output_tokens"], 121 + 51);
    // $0.0834363 (Claude) + $0.009101 (Codex), rounded to the micro-dollar; Gemini unpriced
    assert_eq!(t["cost_usd"], serde_json::json!(0.092537));
    assert_eq!(t["unpriced_requests"], 2);
    assert_eq!(v["unpriced_models"], serde_json::json!(["gemini-2.5-pro"]));
}

#[test]
fn json_document() {
    let s = sandbox();
    let (out, err, code) = run(&s, &["cost", "--as-of", "2026-12-02", "--json"]);
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v.as_object().unwrap().keys().next().unwrap(),
        "schema_version"
    );
    assert_eq!(v["total"]["cost_usd"], serde_json::json!(0.02579));
    insta::assert_json_snapshot!(v);
}

#[test]
fn empty_home_and_bad_day() {
    let s = Sandbox::new();
    let (out, _, code) = run(&s, &["cost", "--as-of", "2026-12-02"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("no requests in this period (0 transcript files read)"),
        "{out}"
    );
    let (_, err, code) = run(&s, &["cost", "--as-of", "2026-02-30"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--as-of \"2026-02-30\": expected YYYY-MM-DD"),
        "{err}"
    );
}

/// Today (UTC) as `YYYY-MM-DD`, by `hookward cost`'s own clock.
fn today() -> String {
    hookward_cost::Day::today().to_string()
}

/// A Claude Code transcript of today under the sandbox: one request of 1,000 input and 1,000
/// output tokens of claude-sonnet-4-5 ($0.003 + $0.015 = $0.018), run in the sandbox's project.
fn spend_today(s: &Sandbox) {
    let dir = s.home().join(".claude/projects/-p");
    std::fs::create_dir_all(&dir).unwrap();
    let line = serde_json::json!({
        "type": "assistant", "sessionId": "s-today", "cwd": s.project(),
        "timestamp": format!("{}T00:00:01Z", today()), "requestId": "req_t",
        "message": {"id": "msg_t", "model": "claude-sonnet-4-5-20250929",
            "usage": {"input_tokens": 1000, "cache_creation_input_tokens": 0,
                      "cache_read_input_tokens": 0, "output_tokens": 1000}}
    });
    std::fs::write(dir.join("s-today.jsonl"), format!("{line}\n")).unwrap();
}

fn config(s: &Sandbox, toml: &str) {
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    std::fs::write(s.hookward_home().join("config.toml"), toml).unwrap();
}

fn prompt(s: &Sandbox) -> Vec<u8> {
    serde_json::json!({
        "session_id": "s-today",
        "transcript_path": s.home().join(".claude/projects/-p/s-today.jsonl"),
        "cwd": s.project(),
        "permission_mode": "default",
        "hook_event_name": "UserPromptSubmit",
        "prompt": "add a test for the parser"
    })
    .to_string()
    .into_bytes()
}

/// Replaces what changes from run to run: the sandbox path, today's date, the clock time.
fn stable(s: &Sandbox, text: &str) -> String {
    let mut t = text
        .replace(&s.project().display().to_string(), "[PROJECT]")
        .replace(&today(), "[TODAY]");
    let mut from = 0;
    while let Some(i) = t[from..].find("as of ").map(|i| i + from) {
        let at = i + 6;
        if t[at..].len() >= 5 && t.as_bytes()[at + 2] == b':' {
            t.replace_range(at..at + 5, "[HH:MM]");
        }
        from = at;
    }
    t
}

#[test]
fn budget_notice_in_the_claude_reply_when_crossed_and_none_under_budget() {
    let s = Sandbox::new();
    spend_today(&s);
    let project = s.project().display().to_string();
    // under every budget: no notice, and `cost` shows the standing
    config(
        &s,
        &format!("[cost]\ndaily_budget = 100\n[cost.project_budgets]\n\"{project}\" = 1\n"),
    );
    let (out, err, code) = run(&s, &["cost", "--period", "today"]);
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.contains("budget "), "{out}");
    let (reply, _, code) = s.hook(&prompt(&s), &[]);
    assert_eq!((reply.as_str(), code), ("", 0), "no notice under budget");

    // the project budget crossed (0.018 of 0.02 = 90 % ≥ 80 %), the daily one not
    config(
        &s,
        &format!("[cost]\ndaily_budget = 100\n[cost.project_budgets]\n\"{project}\" = 0.02\n\"/elsewhere\" = 0.001\n"),
    );
    let (out, err, code) = run(&s, &["cost", "--period", "today", "--project", "."]);
    assert_eq!((err.as_str(), code), ("", 0));
    let (reply, _, code) = s.hook(&prompt(&s), &[]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&reply).unwrap();
    let notice = v["systemMessage"].as_str().unwrap();
    assert!(
        !notice.contains("/elsewhere"),
        "another project's budget is not told"
    );
    insta::assert_snapshot!(stable(
        &s,
        &format!("$ hookward cost --period today --project .\n{out}\n$ hookward hook claude-code < UserPromptSubmit\n{reply}\n")
    ));

    // no budget any more: the state file goes, no notice
    config(&s, "");
    run(&s, &["cost"]);
    assert!(!s.hookward_home().join("cost-budget.json").exists());
    let (reply, _, _) = s.hook(&prompt(&s), &[]);
    assert_eq!(reply, "");
}

#[test]
fn session_start_refreshes_the_budget_state_in_the_background() {
    let s = Sandbox::new();
    spend_today(&s);
    config(&s, "[cost]\ndaily_budget = 0.01\n");
    let state = s.hookward_home().join("cost-budget.json");
    assert!(!state.exists());
    let start = serde_json::json!({
        "session_id": "s-today", "transcript_path": "/dev/null", "cwd": s.project(),
        "hook_event_name": "SessionStart", "source": "startup"
    });
    let (_, _, code) = s.hook(start.to_string().as_bytes(), &[]);
    assert_eq!(code, 0);
    let t = std::time::Instant::now();
    while !state.exists() && t.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(
        state.exists(),
        "the background refresh wrote the budget state"
    );
    let (reply, _, _) = s.hook(&prompt(&s), &[]);
    let v: serde_json::Value = serde_json::from_str(&reply).unwrap();
    assert!(
        v["systemMessage"]
            .as_str()
            .unwrap()
            .starts_with("hookward cost: the daily budget is spent: $0.0180 of $0.0100 (180 %)"),
        "{reply}"
    );
}

#[test]
fn project_filter_and_price_override_from_config() {
    let s = sandbox();
    // claude-fake has no shipped price: the config gives it one; sonnet's row is replaced
    config(
        &s,
        "[cost.prices.\"claude-fake\"]\ninput = 1\noutput = 2\ncache_read = 0.1\ncache_write_5m = 1.25\n",
    );
    let (out, err, code) = run(
        &s,
        &[
            "cost",
            "--as-of",
            "2026-12-02",
            "--period",
            "30d",
            "--project",
            "/work/app",
            "--json",
        ],
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["project"], "/work/app");
    assert!(v["unpriced_models"].as_array().unwrap().is_empty(), "{v}");
    let (out2, _, _) = run(
        &s,
        &[
            "cost",
            "--as-of",
            "2026-12-02",
            "--period",
            "30d",
            "--by",
            "project",
        ],
    );
    assert!(out2.contains("/work/lib"), "{out2}");
    let (out3, _, _) = run(
        &s,
        &[
            "cost",
            "--as-of",
            "2026-12-02",
            "--period",
            "30d",
            "--project",
            "/work/app",
        ],
    );
    assert!(!out3.contains("no price"), "{out3}");
    insta::assert_snapshot!(format!("{out3}"));
}
