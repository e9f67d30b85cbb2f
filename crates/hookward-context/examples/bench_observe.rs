//! The context guard's observation cost inside one process (issue #5 "Performance"): 50
//! guarded files in a temporary home, first scan done, then `Guard::observe` with nothing
//! changed (the before/after snapshot around a shell tool: stat each file, compare with the
//! ledger), and with one file changed (read, hash, scan, record).
//!
//! Run: `cargo run --release -p hookward-context --example bench_observe [-- RUNS]`

use hookward_context::{Guard, Writer};
use std::time::Instant;

fn pct(xs: &mut [f64], q: f64) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[((q / 100.0) * (xs.len() - 1) as f64).round() as usize]
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let dir = tempfile::tempdir().expect("tempdir");
    let home = dir.path().join("home");
    let proj = home.join("project");
    let p = proj.to_str().unwrap_or_default().to_string();
    let slug = hookward_context::guarded::claude_project_slug(&p);
    let mut files = vec![
        proj.join("CLAUDE.md"),
        proj.join("AGENTS.md"),
        proj.join(".claude/settings.json"),
        proj.join(".mcp.json"),
    ];
    files.extend((0..30).map(|i| proj.join(format!(".claude/rules/rule{i:02}.md"))));
    files.extend((0..10).map(|i| proj.join(format!(".claude/skills/s{i}/SKILL.md"))));
    files.extend((0..6).map(|i| home.join(format!(".claude/projects/{slug}/memory/note{i}.md"))));
    for f in &files {
        std::fs::create_dir_all(f.parent().unwrap_or(&home)).expect("mkdir");
        let body = if f.extension().is_some_and(|e| e == "json") {
            "{}\n".to_string()
        } else {
            "# Notes\n- Run tests with `cargo test`.\n".repeat(20)
        };
        std::fs::write(f, body).expect("write");
    }
    let guard = Guard::new(
        home.to_str().unwrap_or_default(),
        home.join(".hookward"),
        Some(p),
    );
    let mut store = hookward_store::Store::open(&home.join(".hookward/state.db")).expect("store");
    let first = guard
        .observe(&mut store, &Writer::FirstScan, None)
        .expect("first scan");
    assert_eq!(first.files, 50);
    let mut unchanged = Vec::new();
    for _ in 0..runs {
        let t = Instant::now();
        let o = guard
            .observe(&mut store, &Writer::ShellTool("bench".into()), None)
            .expect("observe");
        unchanged.push(t.elapsed().as_secs_f64() * 1e6);
        assert_eq!(o.unchanged, 50);
    }
    let mut changed = Vec::new();
    for i in 0..runs.min(200) {
        std::fs::write(&files[5], format!("# Notes\n- change {i}\n")).expect("write");
        let t = Instant::now();
        let o = guard
            .observe(&mut store, &Writer::ShellTool("bench".into()), None)
            .expect("observe");
        changed.push(t.elapsed().as_secs_f64() * 1e6);
        assert_eq!(o.changes.len(), 1);
    }
    println!(
        "observe, 50 guarded files, nothing changed: p50 {:.0} µs, p99 {:.0} µs ({runs} runs)",
        pct(&mut unchanged, 50.0),
        pct(&mut unchanged, 99.0)
    );
    println!("observe, 50 guarded files, one changed (read, hash, scan, record): p50 {:.0} µs, p99 {:.0} µs ({} runs)", pct(&mut changed, 50.0), pct(&mut changed, 99.0), changed.len());
}
