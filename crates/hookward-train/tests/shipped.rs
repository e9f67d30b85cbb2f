//! The shipped model (`crates/hookward-model/model/injection.hwm`) against its stored
//! evaluation (`crates/hookward-model/model/injection.eval.json`): a retrain that loses recall
//! (more than one point) or flags more benign text (more than half a point) on these sets fails.
//!
//! These sets were in the shipped model's training data, so the figures are a regression check,
//! not an evaluation: the leave-one-source-out figures are in BENCHMARKS.md. Regenerate the
//! stored file after a deliberate retrain with `HOOKWARD_UPDATE_EVAL=1 cargo test -p
//! hookward-train --test shipped`.

use hookward_model::Model;
use hookward_train::corpus::{read, Item};
use serde_json::{json, Value};
use std::path::Path;

const STORED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../hookward-model/model/injection.eval.json"
);

fn figures(items: &[Item]) -> Value {
    let m = Model::shipped();
    let t = hookward_scan::LEARNED_ASK_DEFAULT;
    let (mut ni, mut fi, mut nb, mut fb) = (0usize, 0usize, 0usize, 0usize);
    for it in items.iter().filter(|i| i.task() != "jailbreak") {
        let s = m
            .best(&hookward_scan::normalized(&it.text), it.scan_kind())
            .map_or(0.0, |w| w.score);
        if it.is_injection() {
            ni += 1;
            fi += usize::from(s >= t);
        } else {
            nb += 1;
            fb += usize::from(s >= t);
        }
    }
    let pct = |a: usize, n: usize| ((1000.0 * a as f64 / n.max(1) as f64).round()) / 10.0;
    json!({"injections": ni, "recall_percent": pct(fi, ni), "benign": nb, "benign_flagged_percent": pct(fb, nb)})
}

#[test]
fn shipped_model_keeps_its_stored_figures() {
    let mut sets = vec![(
        "authored_sample",
        read(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/authored-sample.jsonl"
        )))
        .unwrap(),
    )];
    let dev = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/injection-dev.jsonl"
    ));
    if dev.exists() {
        sets.push(("dev_corpus", read(dev).unwrap()));
    }
    let now: serde_json::Map<String, Value> = sets
        .iter()
        .map(|(k, items)| (k.to_string(), figures(items)))
        .collect();
    if std::env::var_os("HOOKWARD_UPDATE_EVAL").is_some() {
        std::fs::write(STORED, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
        return;
    }
    let stored: Value =
        serde_json::from_str(&std::fs::read_to_string(STORED).expect("stored evaluation exists"))
            .unwrap();
    for (k, f) in &now {
        let s = &stored[k];
        let (r, r0) = (
            f["recall_percent"].as_f64().unwrap(),
            s["recall_percent"].as_f64().unwrap(),
        );
        let (b, b0) = (
            f["benign_flagged_percent"].as_f64().unwrap(),
            s["benign_flagged_percent"].as_f64().unwrap(),
        );
        assert!(r >= r0 - 1.0, "{k}: recall {r} % < stored {r0} % − 1");
        assert!(
            b <= b0 + 0.5,
            "{k}: benign flagged {b} % > stored {b0} % + 0.5"
        );
    }
}
