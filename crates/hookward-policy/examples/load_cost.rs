//! Prints how long loading and evaluating the built-in pack takes, per mode (µs).
//! `cargo run --release -p hookward-policy --example load_cost`
use hookward_policy::*;
use std::time::Instant;
fn main() {
    let dir = std::env::temp_dir().join(format!("hookward-load-cost-{}", std::process::id()));
    let input = serde_json::json!({"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
        "facts": {"project_dir": "/p", "paths": [{"path": "/home/dev/.ssh/id_rsa", "access": "read", "via": "shell",
        "evidence": "cat ~/.ssh/id_rsa", "classes": ["credential"], "recursive": false}], "shell": {}}, "config": {}});
    for (label, cache) in [
        ("compile (no cache)", None),
        ("compile + write cache", Some(dir.clone())),
        ("cached", Some(dir.clone())),
    ] {
        let t = Instant::now();
        let mut p = Policy::load(&LoadOptions {
            cache_dir: cache,
            ..Default::default()
        })
        .unwrap();
        let load = t.elapsed().as_micros();
        let t = Instant::now();
        let e = p.evaluate(&input).unwrap();
        println!(
            "{label:24} mode={:?} load={load}µs eval={}µs fired={}",
            p.mode(),
            t.elapsed().as_micros(),
            e.candidates.len()
        );
    }
    let t = Instant::now();
    let mut engine = regorus::Engine::new();
    for s in builtin_sources()
        .into_iter()
        .chain([main_module(&builtin_sources())])
    {
        engine.add_policy(s.name, s.text.into_owned()).unwrap();
    }
    engine.set_input(regorus::Value::from(input.clone()));
    let v = engine.eval_rule(ENTRY_POINT.into()).unwrap();
    println!(
        "interpreter parse+eval {}µs ({} fired)",
        t.elapsed().as_micros(),
        v.as_set().map(|s| s.len()).unwrap_or(0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
