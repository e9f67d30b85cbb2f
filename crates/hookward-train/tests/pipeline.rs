//! The training and evaluation pipeline, end to end on a small committed fixture
//! (`tests/data/authored-sample.jsonl`: 408 of the project's own written examples, 12 per
//! language and label), so CI runs every step the shipped model went through.

use hookward_model::train::TrainConfig;
use hookward_train::augment::Augment;
use hookward_train::corpus::{read, Item};
use hookward_train::eval::{loso, loso_augmented, prepare, report, train_without};
use std::collections::BTreeSet;
use std::path::Path;

fn fixture() -> Vec<Item> {
    let mut items = read(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/authored-sample.jsonl"
    )))
    .expect("fixture reads");
    // The authored groups are train-only in the real run; here they play the sources.
    for it in &mut items {
        it.group = it.group.replace("authored-", "fixture-");
    }
    items
}

fn small() -> TrainConfig {
    TrainConfig {
        bits: 14,
        epochs: 2,
        mil_rounds: 1,
        ..TrainConfig::default()
    }
}

#[test]
fn leave_one_source_out_scores_every_item_with_a_model_that_did_not_see_its_source() {
    let items = fixture();
    let prep = prepare(&items);
    let holdout: BTreeSet<String> = ["fixture-nl".to_string()].into();
    let out = loso(&items, &prep, &holdout, &small(), 2);
    assert_eq!(out.len(), items.len());
    assert!(
        out.iter().all(|o| o.logit.is_finite()),
        "every item (holdout included) gets a score"
    );
    let again = loso(&items, &prep, &holdout, &small(), 1);
    let same = out.iter().zip(&again).all(|(a, b)| a.logit == b.logit);
    assert!(same, "folds are deterministic whatever the thread count");
    let m = hookward_model::Model::from_floats(8, 1, 1, 0.0, &[0.0; 256], (1.0, 0.0));
    let r = report(&items, &out, &m, (1.0, 0.0), 0.5, &holdout);
    assert_eq!(r.holdout, vec!["fixture-nl".to_string()]);
    assert!(
        r.indirect.iter().all(|row| row.name != "fixture-nl"),
        "holdout families are reported apart"
    );
    assert!(r.languages.iter().any(|row| row.name == "ja"));
}

#[test]
fn a_model_trained_on_everything_separates_its_own_training_set() {
    let items = fixture();
    let prep = prepare(&items);
    let m = train_without(&items, &prep, &BTreeSet::new(), &small());
    let mut correct = 0;
    for (it, n) in items.iter().zip(&prep.norm) {
        let s = m.best(n, it.scan_kind()).map_or(0.0, |w| w.score);
        correct += usize::from((s >= 0.5) == it.is_injection());
    }
    let acc = correct as f64 / items.len() as f64;
    assert!(acc >= 0.9, "training accuracy {acc:.3}");
}

#[test]
fn augmented_folds_are_deterministic_and_off_is_the_plain_run() {
    let items = fixture();
    let prep = prepare(&items);
    let holdout: BTreeSet<String> = ["fixture-nl".to_string()].into();
    let plain = loso(&items, &prep, &holdout, &small(), 2);
    let off = loso_augmented(&items, &prep, &holdout, &small(), 1, &Augment::OFF);
    assert!(
        plain.iter().zip(&off).all(|(a, b)| a.logit == b.logit),
        "--augment 0 trains exactly the un-augmented models"
    );
    let aug = Augment::with_budget(300);
    let a = loso_augmented(&items, &prep, &holdout, &small(), 2, &aug);
    let b = loso_augmented(&items, &prep, &holdout, &small(), 1, &aug);
    assert!(a.iter().all(|o| o.logit.is_finite()));
    assert!(
        a.iter().zip(&b).all(|(x, y)| x.logit == y.logit),
        "augmented folds are deterministic whatever the thread count"
    );
    assert!(
        a.iter().zip(&plain).any(|(x, y)| x.logit != y.logit),
        "the synthetic texts change the models"
    );
    // The synthetic set of a fold never contains the left-out family's texts.
    let src = hookward_train::augment::sources(&items, &prep.spans);
    let fam: Vec<String> = items.iter().map(Item::family).collect();
    let keep = |i: usize| fam[i] != "fixture-ja" && !holdout.contains(&fam[i]);
    let syn = hookward_train::augment::synthesize(&items, &src, &keep, &aug, "fixture-ja");
    assert_eq!(syn.len(), 300);
    for s in &syn {
        assert!(s.carrier_family != "fixture-ja" && s.payload_family != "fixture-ja");
        assert!(s.carrier_family != "fixture-nl" && s.payload_family != "fixture-nl");
    }
    let held: Vec<&str> = items
        .iter()
        .filter(|it| it.family() == "fixture-ja")
        .map(|it| it.text.as_str())
        .collect();
    assert!(syn
        .iter()
        .all(|s| held.iter().all(|h| h.len() < 24 || !s.text.contains(h))));
}

#[test]
fn bad_corpus_lines_name_the_file_and_line() {
    let dir = std::env::temp_dir().join(format!("hookward-train-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join("bad.jsonl");
    std::fs::write(&p, "{\"id\":\"a\",\"text\":\"x\",\"label\":\"benign\",\"group\":\"g\"}\n{\"id\":\"b\",\"text\":\"y\",\"label\":\"maybe\",\"group\":\"g\"}\n").unwrap();
    let e = read(&p).unwrap_err().to_string();
    assert!(e.contains("bad.jsonl:2"), "{e}");
    assert!(e.contains("label"), "{e}");
    std::fs::remove_dir_all(&dir).ok();
}
