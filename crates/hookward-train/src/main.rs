//! `hookward-train`: builds and checks the shipped model (see the crate doc).
//!
//! ```text
//! hookward-train build --corpus A.jsonl [--corpus B.jsonl …] [--holdout FILE] --model OUT.hwm --report OUT.json [--markdown OUT.md]
//! hookward-train loso  --corpus A.jsonl … [--holdout FILE] [--report OUT.json] [--markdown OUT.md]
//! hookward-train eval  --model M.hwm --corpus A.jsonl … [--threshold T]
//! HOOKWARD_AUGMENT_FOLD=FAMILY hookward-train augment --corpus A.jsonl … --augment N > SYNTH.jsonl
//! ```
//! Options: `--threads N` (2), `--target-fpr P` (percent of benign texts the model alone may
//! flag out of fold when the threshold is chosen; 0.5), `--threshold T` (fix it instead);
//! `--augment N` (0 = off, the default): N synthetic carrier-insertion texts per fold
//! (`hookward_train::augment`); `--augment-seed S`.
//! `--epochs`, `--rounds`, `--window`, `--stride`, `--l2` override [`TrainConfig::default`]
//! for experiments (the shipped model uses the defaults).

use hookward_model::train::{fit_platt, train, LabelledText, TrainConfig};
use hookward_model::Model;
use hookward_train::augment::{self, Augment};
use hookward_train::corpus::{read, Item};
use hookward_train::eval::{
    loso_augmented, markdown, prepare, report, train_without_augmented, Outcome,
};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::process::ExitCode;

struct Args {
    cmd: String,
    corpus: Vec<PathBuf>,
    holdout: Option<PathBuf>,
    model: Option<PathBuf>,
    report: Option<PathBuf>,
    markdown: Option<PathBuf>,
    scores: Option<PathBuf>,
    threads: usize,
    target_fpr: f64,
    threshold: Option<f32>,
    cfg: TrainConfig,
    augment: Augment,
}

fn parse() -> Result<Args, String> {
    let mut it = std::env::args().skip(1);
    let cmd = it
        .next()
        .ok_or("usage: hookward-train build|loso|eval --corpus FILE …")?;
    let mut a = Args {
        cmd,
        corpus: vec![],
        holdout: None,
        model: None,
        report: None,
        markdown: None,
        scores: None,
        threads: 2,
        target_fpr: 0.5,
        threshold: None,
        cfg: TrainConfig::default(),
        augment: Augment::OFF,
    };
    while let Some(k) = it.next() {
        let mut v = || it.next().ok_or(format!("{k} needs a value"));
        match k.as_str() {
            "--corpus" => a.corpus.push(v()?.into()),
            "--holdout" => a.holdout = Some(v()?.into()),
            "--model" => a.model = Some(v()?.into()),
            "--report" => a.report = Some(v()?.into()),
            "--markdown" => a.markdown = Some(v()?.into()),
            "--scores" => a.scores = Some(v()?.into()),
            "--threads" => a.threads = v()?.parse().map_err(|e| format!("--threads: {e}"))?,
            "--target-fpr" => {
                a.target_fpr = v()?.parse().map_err(|e| format!("--target-fpr: {e}"))?
            }
            "--threshold" => {
                a.threshold = Some(v()?.parse().map_err(|e| format!("--threshold: {e}"))?)
            }
            "--epochs" => a.cfg.epochs = v()?.parse().map_err(|e| format!("--epochs: {e}"))?,
            "--rounds" => a.cfg.mil_rounds = v()?.parse().map_err(|e| format!("--rounds: {e}"))?,
            "--window" => a.cfg.window = v()?.parse().map_err(|e| format!("--window: {e}"))?,
            "--stride" => a.cfg.stride = v()?.parse().map_err(|e| format!("--stride: {e}"))?,
            "--pos-ratio" => {
                a.cfg.positive_ratio = v()?.parse().map_err(|e| format!("--pos-ratio: {e}"))?
            }
            "--l2" => a.cfg.l2 = v()?.parse().map_err(|e| format!("--l2: {e}"))?,
            "--augment" => {
                let n: usize = v()?.parse().map_err(|e| format!("--augment: {e}"))?;
                a.augment = Augment {
                    budget: n,
                    ..Augment::with_budget(n)
                };
            }
            "--augment-seed" => {
                a.augment.seed = v()?.parse().map_err(|e| format!("--augment-seed: {e}"))?
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.corpus.is_empty() {
        return Err("at least one --corpus FILE is needed".into());
    }
    Ok(a)
}

fn load(a: &Args) -> Result<(Vec<Item>, BTreeSet<String>), String> {
    let mut items = Vec::new();
    for p in &a.corpus {
        items.extend(read(p).map_err(|e| e.to_string())?);
    }
    let holdout = match &a.holdout {
        Some(p) => std::fs::read_to_string(p)
            .map_err(|e| format!("{}: {e}", p.display()))?
            .lines()
            .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
            .filter(|l| !l.is_empty())
            .collect(),
        None => BTreeSet::new(),
    };
    Ok((items, holdout))
}

/// Smallest threshold on the grid 0.30, 0.35 … 0.95 at which the model alone flags at most
/// `target` percent of the out-of-fold benign texts.
fn pick_threshold(
    items: &[Item],
    out: &[Outcome],
    m: &Model,
    holdout: &BTreeSet<String>,
    target: f64,
) -> f32 {
    let benign: Vec<f32> = items
        .iter()
        .zip(out)
        .filter(|(it, o)| {
            !it.is_injection() && !o.logit.is_nan() && !holdout.contains(&it.family())
        })
        .map(|(_, o)| m.calibrate(o.logit))
        .collect();
    for k in 6..=19 {
        let t = k as f32 * 0.05;
        let f =
            benign.iter().filter(|&&s| s >= t).count() as f64 * 100.0 / benign.len().max(1) as f64;
        if f <= target {
            return t;
        }
    }
    0.95
}

fn run(a: Args) -> Result<(), String> {
    let (items, holdout) = load(&a)?;
    eprintln!("{} items, {} holdout families", items.len(), holdout.len());
    let prep = prepare(&items);
    let cfg = a.cfg.clone();
    match a.cmd.as_str() {
        "loso" | "build" => {
            let out = loso_augmented(&items, &prep, &holdout, &cfg, a.threads, &a.augment);
            let pairs: Vec<(f32, bool)> = items
                .iter()
                .zip(&out)
                .filter(|(it, o)| {
                    !o.logit.is_nan()
                        && !holdout.contains(&it.family())
                        && it.task() != "jailbreak"
                        && it.task() != "retrieval"
                })
                .map(|(it, o)| (o.logit, it.is_injection()))
                .collect();
            let platt = fit_platt(&pairs);
            if let Some(p) = &a.scores {
                let mut out_s = String::new();
                for (it, o) in items.iter().zip(&out) {
                    let row = serde_json::json!({"id": it.id, "family": it.family(), "label": it.label, "task": it.task(), "lang": it.lang(), "kind": it.scan_kind(), "logit": o.logit, "rules": o.rules});
                    out_s.push_str(&row.to_string());
                    out_s.push('\n');
                }
                std::fs::write(p, out_s).map_err(|e| format!("{}: {e}", p.display()))?;
            }
            let probe = Model::from_floats(8, 1, 1, 0.0, &[0.0; 256], platt);
            let t = a
                .threshold
                .unwrap_or_else(|| pick_threshold(&items, &out, &probe, &holdout, a.target_fpr));
            let r = report(&items, &out, &probe, platt, t, &holdout);
            let md = markdown(&r);
            println!("{md}");
            if let Some(p) = &a.report {
                let json = serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?;
                std::fs::write(p, json + "\n").map_err(|e| format!("{}: {e}", p.display()))?;
            }
            if let Some(p) = &a.markdown {
                std::fs::write(p, &md).map_err(|e| format!("{}: {e}", p.display()))?;
            }
            if a.cmd == "build" {
                let p = a.model.as_ref().ok_or("build needs --model OUT.hwm")?;
                let src = (!a.augment.is_off()).then(|| augment::sources(&items, &prep.spans));
                let aug = src.as_ref().map(|s| (&a.augment, s));
                let m = train_without_augmented(&items, &prep, &holdout, &cfg, aug, "all")
                    .with_platt(platt.0, platt.1);
                std::fs::write(p, m.to_bytes()).map_err(|e| format!("{}: {e}", p.display()))?;
                eprintln!("wrote {} (threshold {t:.2})", p.display());
            }
            Ok(())
        }
        "eval" => {
            let p = a.model.as_ref().ok_or("eval needs --model M.hwm")?;
            let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let m = Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
            let out: Vec<Outcome> = items
                .iter()
                .zip(&prep.norm)
                .zip(&prep.rules)
                .map(|((it, n), &rules)| Outcome {
                    logit: m.best(n, it.scan_kind()).map_or(-20.0, |w| w.logit),
                    rules,
                })
                .collect();
            let t = a.threshold.unwrap_or(0.5);
            let r = report(&items, &out, &m, (0.0, 0.0), t, &BTreeSet::new());
            println!("{}", markdown(&r));
            if let Some(p) = &a.report {
                let json = serde_json::to_string_pretty(&r).map_err(|e| e.to_string())?;
                std::fs::write(p, json + "\n").map_err(|e| format!("{}: {e}", p.display()))?;
            }
            Ok(())
        }
        "train" => {
            let p = a.model.as_ref().ok_or("train needs --model OUT.hwm")?;
            let set: Vec<LabelledText> = items
                .iter()
                .zip(&prep.norm)
                .filter(|(it, _)| it.task() != "jailbreak")
                .map(|(it, n)| LabelledText {
                    text: n,
                    injection: it.is_injection(),
                    kind: it.scan_kind(),
                    weight: 1.0,
                })
                .collect();
            let m = train(&set, &cfg);
            std::fs::write(p, m.to_bytes()).map_err(|e| format!("{}: {e}", p.display()))?;
            Ok(())
        }
        "augment" => {
            // The synthetic texts of one fold (the one that leaves out the holdout families and
            // the family named by the environment variable HOOKWARD_AUGMENT_FOLD), as JSON Lines
            // on stdout, with counts on stderr: for inspection and to size the budget.
            let fold = std::env::var("HOOKWARD_AUGMENT_FOLD").unwrap_or_default();
            let fam: Vec<String> = items.iter().map(Item::family).collect();
            let src = augment::sources(&items, &prep.spans);
            let usable_pos = (0..items.len())
                .filter(|&i| items[i].is_injection() && !src.pieces[i].is_empty())
                .count();
            let inj = items.iter().filter(|it| it.is_injection()).count();
            eprintln!("injection texts with a payload: {usable_pos} of {inj}");
            let keep = |i: usize| !holdout.contains(&fam[i]) && fam[i] != fold;
            let syn = augment::synthesize(&items, &src, &keep, &a.augment, &fold);
            let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
            for s in &syn {
                *counts
                    .entry(format!("transform {}", s.transform))
                    .or_default() += 1;
                *counts.entry(format!("kind {}", s.kind)).or_default() += 1;
                *counts.entry(format!("lang {}", s.lang)).or_default() += 1;
                let row = serde_json::json!({"injection": s.injection, "kind": s.kind, "lang": s.lang, "transform": s.transform, "carrier": s.carrier_family, "payload": s.payload_family, "text": s.text});
                println!("{row}");
            }
            for (k, v) in counts {
                eprintln!("{k}\t{v}");
            }
            Ok(())
        }
        "explain" => {
            let p = a.model.as_ref().ok_or("explain needs --model M.hwm")?;
            let bytes = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
            let m = Model::from_bytes(&bytes).map_err(|e| format!("{}: {e}", p.display()))?;
            for (it, n) in items.iter().zip(&prep.norm) {
                if let Some(w) = m.best(n, it.scan_kind()) {
                    let feats: Vec<String> = m
                        .explain(n, &w, it.scan_kind(), 6)
                        .into_iter()
                        .map(|c| format!("{}:{:.2}", c.feature, c.weight))
                        .collect();
                    let snippet: String = n[w.start..w.end].chars().take(160).collect();
                    println!(
                        "{}\t{}\t{:.3}\t{}\t{}",
                        it.id,
                        it.label,
                        w.score,
                        feats.join(" "),
                        snippet.replace('\n', " ")
                    );
                }
            }
            Ok(())
        }
        other => Err(format!(
            "unknown command {other}: build, loso, eval, train, augment or explain"
        )),
    }
}

fn main() -> ExitCode {
    match parse().and_then(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hookward-train: {e}");
            ExitCode::from(2)
        }
    }
}
