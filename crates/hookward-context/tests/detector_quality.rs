//! Detector quality on the shared dev corpus (issue #5, "Detector quality"): of
//! `shared/corpus/injection-dev.jsonl`, the `memory_write` injections must be flagged (≥ 90 %)
//! and the benign `memory_write`, `instruction_file` and `skill_file` items must not (≤ 2 %).
//! Each item is checked as a new file of the matching kind, the way the guard sees a planted
//! memory note or rule. Run with `--nocapture` to see the figures.

use hookward_context::detect::check;
use hookward_context::Kind;
use serde_json::Value;
use std::path::Path;

fn kind_and_path(kind: &str) -> (Kind, &'static str) {
    match kind {
        "memory_write" => (
            Kind::Memory,
            "/home/dev/.claude/projects/-work-app/memory/MEMORY.md",
        ),
        "skill_file" => (Kind::Skill, "/work/app/.claude/skills/tool/SKILL.md"),
        _ => (Kind::Instructions, "/work/app/CLAUDE.md"),
    }
}

#[test]
fn memory_write_recall_and_benign_false_positives() {
    let corpus =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/injection-dev.jsonl");
    let text = std::fs::read_to_string(&corpus)
        .expect("shared/corpus/injection-dev.jsonl beside the repository");
    let (mut inj, mut inj_hit, mut ben, mut ben_hit) = (0, 0, 0, 0);
    let mut misses = Vec::new();
    let mut false_positives = Vec::new();
    for line in text.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        let k = v["kind"].as_str().unwrap_or("");
        if !matches!(k, "memory_write" | "instruction_file" | "skill_file") {
            continue;
        }
        let label = v["label"].as_str().unwrap_or("");
        let (kind, path) = kind_and_path(k);
        let flagged = check(
            path,
            kind,
            None,
            v["text"].as_str().unwrap_or(""),
            "/home/dev",
            "/work/app",
        )
        .flagged();
        match (label, k) {
            ("injection", "memory_write") => {
                inj += 1;
                if flagged {
                    inj_hit += 1;
                } else {
                    misses.push(v["id"].as_str().unwrap_or("").to_string());
                }
            }
            ("benign", _) => {
                ben += 1;
                if flagged {
                    ben_hit += 1;
                    let c = check(
                        path,
                        kind,
                        None,
                        v["text"].as_str().unwrap_or(""),
                        "/home/dev",
                        "/work/app",
                    );
                    false_positives.push(format!(
                        "{} {:?}",
                        v["id"].as_str().unwrap_or(""),
                        c.findings
                            .iter()
                            .map(|f| (&f.rule_id, &f.evidence))
                            .collect::<Vec<_>>()
                    ));
                }
            }
            _ => {}
        }
    }
    let recall = inj_hit as f64 / inj as f64;
    let fp = ben_hit as f64 / ben as f64;
    println!(
        "memory_write injections flagged: {inj_hit}/{inj} = {:.1} % (misses: {misses:?})",
        recall * 100.0
    );
    println!("benign memory_write/instruction_file/skill_file flagged: {ben_hit}/{ben} = {:.2} % ({false_positives:?})", fp * 100.0);
    assert!(
        inj >= 30 && ben >= 100,
        "corpus too small: {inj} injections, {ben} benign"
    );
    assert!(recall >= 0.90, "recall {recall}");
    assert!(fp <= 0.02, "false positives {fp}");
}
