//! Recall latency at 10,000 lessons, in-process (issue 14: p95 ≤ 1 ms).
//!
//! `cargo run --release -p hookward-lessons --example bench_recall` (or without `--release`:
//! the workspace's dev profile builds SQLite with opt-level 2, hookward's code unoptimised).
//! Builds a store in a temp dir with 10,000 lessons generated from templates (8 program
//! families × error shapes × varying names, so no two are alike), then times 2,000 recalls —
//! prompts in English and Chinese, half sharing words with some lessons, half unrelated — and
//! prints p50/p95/p99 and the mean in microseconds. Figures in BENCHMARKS.md ("Lessons").

use hookward_lessons::{distill_lesson, symptom, CallSummary, FailedCall, Provenance};
use hookward_store::{RecallQuery, Store};
use std::time::Instant;

fn call(cmd: String) -> CallSummary {
    CallSummary {
        tool: "Bash".into(),
        kind: "shell".into(),
        command: Some(cmd),
        file: None,
        detail: None,
        id: None,
    }
}

/// A small deterministic generator (xorshift64*), so runs are comparable.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[(self.next() % xs.len() as u64) as usize]
    }
}

const WORDS: &[&str] = &[
    "parser", "config", "loader", "widget", "auth", "session", "cache", "router", "schema",
    "invoice", "report", "upload", "queue", "worker", "billing", "search", "metrics", "theme",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let store = Store::open(&dir.path().join("state.db"))?;
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let now = 1_800_000_000_000i64;
    let n = 10_000;
    let t = Instant::now();
    let mut made = 0;
    while made < n {
        let w = rng.pick(WORDS);
        let k = rng.next() % 100_000;
        let (failing, error, fixing) = match rng.next() % 8 {
            0 => (
                format!("npm run {w}{k}"),
                format!("npm ERR! Missing script: \"{w}{k}\""),
                format!("pnpm run {w}{k}"),
            ),
            1 => (
                format!("pytest tests/test_{w}{k}.py"),
                format!("ModuleNotFoundError: No module named '{w}{k}'"),
                format!("uv run pytest tests/test_{w}{k}.py"),
            ),
            2 => (
                format!("cargo test -p {w}{k}"),
                format!(
                    "error[E0433]: failed to resolve: use of undeclared crate or module `{w}{k}`"
                ),
                format!("cargo test -p {w}{k} --features {w}"),
            ),
            3 => (
                format!("docker-compose up {w}{k}"),
                format!("no such service: {w}{k}"),
                format!("docker compose up {w}{k}"),
            ),
            4 => (
                format!("git push origin {w}{k}"),
                format!("error: src refspec {w}{k} does not match any"),
                format!("git push origin HEAD:{w}{k}"),
            ),
            5 => (
                format!("make {w}{k}"),
                format!("make: *** No rule to make target '{w}{k}'.  Stop."),
                format!("make -C {w} {w}{k}"),
            ),
            6 => (
                format!("pip install {w}{k}"),
                format!("ERROR: No matching distribution found for {w}{k}"),
                format!("uv pip install {w}-{k}"),
            ),
            _ => (
                format!("go test ./{w}{k}/..."),
                format!("go: module {w}{k}: not found"),
                format!("go test -mod=mod ./{w}{k}/..."),
            ),
        };
        let failed = FailedCall {
            call: call(failing),
            symptom: symptom(&error),
            cause: "exit-code".into(),
            evidence: String::new(),
            cwd: None,
        };
        if let Ok(lesson) = distill_lesson(&failed, &[], &call(fixing), Provenance::default()) {
            store.insert_lesson("/bench/project", &lesson, now - (made as i64) * 60_000)?;
            made += 1;
        }
    }
    let built = t.elapsed();
    let mut prompts: Vec<String> = Vec::new();
    for i in 0..2_000u64 {
        let w = rng.pick(WORDS);
        let k = rng.next() % 100_000;
        prompts.push(match i % 4 {
            0 => format!("npm says the {w} script is missing, run it with the right tool"),
            1 => format!("pytest 找不到 {w} 模块，帮我修一下测试"),
            2 => format!("git push of branch {w}{k} is rejected, src refspec does not match"),
            _ => format!("please add a {w} section to the documentation and explain it"),
        });
    }
    let mut us: Vec<f64> = Vec::with_capacity(prompts.len());
    let mut by_kind: Vec<Vec<f64>> = vec![Vec::new(); 4];
    let mut found = 0usize;
    for (i, p) in prompts.iter().enumerate() {
        let t = Instant::now();
        let r = store.recall_lessons(&RecallQuery {
            project: "/bench/project",
            text: p,
            family: None,
            file: None,
            now_ms: now,
            half_life_ms: hookward_lessons::recall::HALF_LIFE_MS,
            limit: 3,
        })?;
        us.push(t.elapsed().as_secs_f64() * 1e6);
        by_kind[i % 4].push(t.elapsed().as_secs_f64() * 1e6);
        found += usize::from(!r.is_empty());
    }
    us.sort_by(f64::total_cmp);
    let q = |p: f64| us[((us.len() as f64 - 1.0) * p).round() as usize];
    let mean = us.iter().sum::<f64>() / us.len() as f64;
    println!(
        "{n} lessons stored in {:.1} s; {} recalls ({found} with a result): p50 {:.0} µs, p95 {:.0} µs, p99 {:.0} µs, mean {mean:.0} µs",
        built.as_secs_f64(),
        us.len(),
        q(0.50),
        q(0.95),
        q(0.99)
    );
    // the hook's path: scored ids only (it reads the full row of at most the lessons it shows)
    let mut ids_us: Vec<f64> = Vec::with_capacity(prompts.len());
    for p in &prompts {
        let t = Instant::now();
        let r = store.recall_lesson_ids(&RecallQuery {
            project: "/bench/project",
            text: p,
            family: None,
            file: None,
            now_ms: now,
            half_life_ms: hookward_lessons::recall::HALF_LIFE_MS,
            limit: 3,
        })?;
        ids_us.push(t.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(r);
    }
    ids_us.sort_by(f64::total_cmp);
    let qi = |p: f64| ids_us[((ids_us.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "  ids only (recall_lesson_ids, the hook's path): p50 {:.0} µs, p95 {:.0} µs, p99 {:.0} µs",
        qi(0.50),
        qi(0.95),
        qi(0.99)
    );
    for (k, name) in ["npm (en)", "pytest (zh)", "git (en)", "unrelated (en)"]
        .iter()
        .enumerate()
    {
        let v = &mut by_kind[k];
        v.sort_by(f64::total_cmp);
        println!(
            "  {name:15} p50 {:.0} µs, p95 {:.0} µs",
            v[v.len() / 2],
            v[(v.len() * 95) / 100]
        );
    }
    Ok(())
}
