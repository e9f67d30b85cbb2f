//! Measures what the hook's use of the store costs: open an existing store, insert one
//! decision, close — once per hook process.
//!
//! Run: `cargo run --release -p hookward-store --example insert_cost`
//!
//! Each round opens a new connection (as a new hook process would), inserts one redacted
//! decision built from a Claude Code `PreToolUse` Bash payload, and drops the store. It prints
//! medians and p99 for: creating a store from nothing, opening an existing one, one insert, and
//! the whole open + insert + close. Process start and JSON parsing are not included (deps.md
//! measured them at ~0.9 ms).
//!
//! Figures on the project's 2-core machine (release build; other engineers' builds were
//! running, load average 4–5, so take the p99 with salt): create a store and insert 2–24 ms
//! (once per machine; fsyncs); open an existing store 0.23 ms; insert one decision 0.08 ms;
//! open + insert + close 0.35–0.38 ms p50, 1.9 ms p99 in a quiet moment and up to ~24 ms when
//! an insert does the periodic WAL checkpoint while the disk is busy. With SQLite's default
//! WAL upkeep (checkpoint and delete the WAL when the last connection closes) the same cycle
//! measured ~1.0 ms p50; see `WAL_TRUNCATE_BYTES`.
use hookward_store::{DecisionRecord, Store};
use std::time::Instant;

fn stats(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(|a, b| a.total_cmp(b));
    let at = |q: f64| {
        v.get(((v.len() as f64 - 1.0) * q) as usize)
            .copied()
            .unwrap_or(f64::NAN)
    };
    (at(0.5), at(0.99))
}

fn record(i: i64) -> DecisionRecord {
    DecisionRecord {
        ts_ms: 1_700_000_000_000 + i,
        agent: "claude-code".into(),
        event: "PreToolUse".into(),
        tool: Some("Bash".into()),
        tool_kind: Some("shell".into()),
        session: Some("1016eb6c-4c69-4a93-9301-3e21919059be".into()),
        cwd: Some("/home/u/proj".into()),
        input: serde_json::json!({
            "command": "cargo test -p hookward-store -- --nocapture 2>&1 | tail -n 40",
            "description": "Run the store's tests",
            "timeout": 120000
        }),
        facts: serde_json::json!({"effects": {"runs": ["cargo", "tail"], "writes": [], "network": false}, "findings": []}),
        decision: None,
        reply: "none".into(),
        rule_ids: vec![],
        reasons: vec![],
        elapsed_us: 1200,
        agent_id: None,
        agent_type: None,
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;

    let mut create = Vec::new();
    for i in 0..20 {
        let path = dir.path().join(format!("fresh-{i}")).join("state.db");
        let t = Instant::now();
        let store = Store::open(&path)?;
        store.record_decision(&record(0))?;
        drop(store);
        create.push(t.elapsed().as_secs_f64() * 1e3);
    }

    let path = dir.path().join("state.db");
    drop(Store::open(&path)?);
    let (mut open, mut insert, mut whole) = (Vec::new(), Vec::new(), Vec::new());
    for i in 0..500 {
        let t0 = Instant::now();
        let store = Store::open(&path)?;
        let t1 = Instant::now();
        store.record_decision(&record(i))?;
        let t2 = Instant::now();
        drop(store);
        let t3 = Instant::now();
        open.push((t1 - t0).as_secs_f64() * 1e3);
        insert.push((t2 - t1).as_secs_f64() * 1e3);
        whole.push((t3 - t0).as_secs_f64() * 1e3);
    }
    for (name, v) in [
        ("create store + first insert", create),
        ("open existing store", open),
        ("insert one decision", insert),
        ("open + insert + close", whole),
    ] {
        let (p50, p99) = stats(v);
        println!("{name:<28} p50 {p50:.3} ms   p99 {p99:.3} ms");
    }
    Ok(())
}
