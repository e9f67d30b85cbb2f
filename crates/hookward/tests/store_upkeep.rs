//! The store's upkeep through the real binary in a throwaway HOME (issue 15): decision
//! retention at session start (`store.keep_decisions`) and first hooks racing to create the
//! store.

mod common;

use common::{payload_dir, Sandbox};
use hookward_store::{DecisionQuery, Store};

const CAPTURED_HOME: &str = "/tmp/e2e/runs/claude/full/home";
const CAPTURED_PROJECT: &str = "/tmp/e2e/runs/claude/full/proj";

/// The captured SessionStart payload with its paths moved into the sandbox.
fn session_start(s: &Sandbox) -> Vec<u8> {
    std::fs::read_to_string(payload_dir().join("SessionStart-startup.json"))
        .expect("payload")
        .replace(CAPTURED_PROJECT, s.project().to_str().unwrap())
        .replace(CAPTURED_HOME, s.home().to_str().unwrap())
        .into_bytes()
}

fn decisions(s: &Sandbox) -> Vec<hookward_store::DecisionRow> {
    let store = Store::open_existing(&s.hookward_home().join("state.db")).expect("store");
    store
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            with_canary: true,
            ..Default::default()
        })
        .expect("decisions")
}

fn write_config(s: &Sandbox, toml: &str) {
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    std::fs::write(s.hookward_home().join("config.toml"), toml).unwrap();
}

#[test]
fn a_session_start_prunes_to_the_kept_count_and_other_events_do_not() {
    for keep in [1usize, 3] {
        let s = Sandbox::new();
        write_config(&s, &format!("[store]\nkeep_decisions = {keep}\n"));
        for i in 0..6 {
            let p = s.pre_tool_use("Bash", serde_json::json!({"command": format!("echo {i}")}));
            let (_, err, code) = s.hook(&p, &[]);
            assert_eq!(code, 0, "{err}");
        }
        // PreToolUse never prunes: all six are there.
        assert_eq!(decisions(&s).len(), 6);
        let (_, err, code) = s.hook(&session_start(&s), &[]);
        assert_eq!(code, 0, "{err}");
        let rows = decisions(&s);
        assert_eq!(rows.len(), keep, "keep {keep}");
        // The newest (the session start itself) survives.
        assert_eq!(rows[0].record.event, "SessionStart");
    }
}

#[test]
fn without_the_setting_nothing_is_pruned() {
    let s = Sandbox::new();
    for i in 0..3 {
        let p = s.pre_tool_use("Bash", serde_json::json!({"command": format!("echo {i}")}));
        s.hook(&p, &[]);
    }
    s.hook(&session_start(&s), &[]);
    assert_eq!(decisions(&s).len(), 4);
}

#[test]
fn a_session_start_prunes_by_age_and_keeps_recent_decisions() {
    let s = Sandbox::new();
    write_config(&s, "[store]\nkeep_decisions = \"30d\"\n");
    for i in 0..4 {
        let p = s.pre_tool_use("Bash", serde_json::json!({"command": format!("echo {i}")}));
        s.hook(&p, &[]);
    }
    // Age two of them past the 30 days.
    assert_eq!(age_two_decisions(&s.hookward_home().join("state.db")), 2);
    s.hook(&session_start(&s), &[]);
    let rows = decisions(&s);
    assert_eq!(rows.len(), 3, "two recent PreToolUse + the session start");
    let day = 86_400_000i64;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    assert!(rows.iter().all(|r| r.record.ts_ms > now - 30 * day));
}

/// Moves the two oldest decisions 31 and 400 days into the past, by rewriting their rows
/// through the store's own API: every row deleted, then recorded again, the two oldest with an
/// old `ts_ms`. Returns how many rows are old.
fn age_two_decisions(path: &std::path::Path) -> usize {
    let store = Store::open_existing(path).expect("store");
    let rows = store
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            ..Default::default()
        })
        .unwrap();
    // Newest first; keep the two newest as they are, re-record the two oldest with old stamps.
    let day = 86_400_000i64;
    let mut old = Vec::new();
    for (r, age) in rows[2..].iter().zip([31i64, 400]) {
        let mut rec = r.record.clone();
        rec.ts_ms -= age * day;
        old.push(rec);
    }
    let recent: Vec<_> = rows[..2].iter().map(|r| r.record.clone()).collect();
    while store
        .prune_decisions(hookward_store::Retention::Newest(1), 100)
        .unwrap()
        > 0
    {}
    store
        .prune_decisions(hookward_store::Retention::Since(i64::MAX), 100)
        .unwrap();
    for rec in old.iter().chain(recent.iter()) {
        store.record_decision(rec).unwrap();
    }
    old.len()
}

/// Several first hooks at once on a machine without a store: every one answers, every
/// decision is recorded, and none reports the store damaged (issue 15; one store, created once).
#[test]
fn parallel_first_hooks_create_the_store_once_and_all_record() {
    for round in 0..3 {
        let s = Sandbox::new();
        let payload = session_start(&s);
        let n = 8;
        let children: Vec<_> = (0..n)
            .map(|_| {
                let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("hookward"));
                c.env_clear()
                    .env("HOME", s.home())
                    .env("HOOKWARD_HOME", s.hookward_home())
                    .env("PATH", std::env::var_os("PATH").unwrap_or_default())
                    .env("CLAUDE_PROJECT_DIR", s.project())
                    .current_dir(s.project())
                    .args(["hook", "claude-code"])
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped());
                c.spawn().expect("spawn")
            })
            .collect();
        let mut outs = Vec::new();
        for mut child in children {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(&payload).unwrap();
            outs.push(child.wait_with_output().unwrap());
        }
        for o in &outs {
            assert_eq!(
                o.status.code(),
                Some(0),
                "round {round}: {}",
                String::from_utf8_lossy(&o.stderr)
            );
        }
        assert_eq!(decisions(&s).len(), n, "round {round}");
        let store = Store::open_existing(&s.hookward_home().join("state.db")).unwrap();
        let events = store.health_events(None, usize::MAX).unwrap();
        let kinds: Vec<&str> = events.iter().map(|e| e.event.kind.as_str()).collect();
        assert_eq!(
            kinds.iter().filter(|k| **k == "store-created").count(),
            1,
            "round {round}: {kinds:?}"
        );
        assert!(
            !kinds
                .iter()
                .any(|k| *k == "store-damaged" || *k == "store-error"),
            "round {round}: {kinds:?}"
        );
        let fallback = hookward_store::read_fallback_health(&hookward_store::fallback_health_path(
            &s.hookward_home().join("state.db"),
        ))
        .unwrap();
        assert!(fallback.is_empty(), "round {round}: {fallback:?}");
    }
}
