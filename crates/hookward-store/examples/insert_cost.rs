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
//! Figures on the project's 2-core machine (release build, with other builds running, so
//! noisy): create ~2.5–4 ms (once per machine); open ~0.1–0.2 ms; insert ~0.1–0.3 ms; open +
//! insert + close ~0.3–0.6 ms median, a few ms at p99 when the disk is busy (WAL append,
//! `synchronous=NORMAL` does not fsync per commit).
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
