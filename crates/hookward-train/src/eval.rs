//! Leave-one-source-out evaluation and the figures reported in BENCHMARKS.md.

use crate::augment::{self, Augment, Sources};
use crate::corpus::Item;
use hookward_model::train::{train, LabelledText, TrainConfig};
use hookward_model::Model;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Per-item outcome: the model's best-window logit and the rules' verdict.
#[derive(Debug, Clone, Copy)]
pub struct Outcome {
    /// Best-window logit of the model that did not see this item's family.
    pub logit: f32,
    /// True when the rules alone flag the text (verdict suspicious or injection).
    pub rules: bool,
}

/// The normalised texts and the rules' verdicts, computed once.
pub struct Prepared {
    /// `hookward_scan::normalized` of every item.
    pub norm: Vec<String>,
    /// Rules-only flag per item.
    pub rules: Vec<bool>,
    /// The rules' strongest finding per item (byte range in the original text), if any: the
    /// payload of a long injection text for [`crate::augment`].
    pub spans: Vec<Option<(usize, usize)>>,
}

/// Normalises every item and runs the rules over it (without the learned stage).
pub fn prepare(items: &[Item]) -> Prepared {
    let scanner = hookward_scan::Scanner::new().ok();
    let norm = items
        .iter()
        .map(|i| hookward_scan::normalized(&i.text))
        .collect();
    let mut rules = Vec::with_capacity(items.len());
    let mut spans = Vec::with_capacity(items.len());
    for i in items {
        let r = scanner.as_ref().map(|s| {
            let ctx = hookward_scan::ScanContext::new(source_of(i.scan_kind())).without_learned();
            s.scan(&i.text, &ctx)
        });
        rules.push(
            r.as_ref()
                .is_some_and(|r| r.verdict != hookward_scan::Verdict::Clean),
        );
        spans.push(r.and_then(|r| {
            r.findings
                .iter()
                .max_by(|a, b| a.weight.total_cmp(&b.weight))
                .map(|f| f.span)
        }));
    }
    Prepared { norm, rules, spans }
}

/// The scanner source for a model kind (tool output for an unknown one).
pub fn source_of(kind: &str) -> hookward_scan::Source {
    hookward_scan::Source::from_kind_name(kind).unwrap_or(hookward_scan::Source::ToolOutput)
}

/// The training texts among `items` (those `keep` accepts; never jailbreak prompts, which are a
/// user's own words, not planted text). Each text weighs `1/√n` where `n` is the number of texts
/// of its family and label, so that one large source cannot teach the model its own style.
fn training_set<'a>(
    items: &'a [Item],
    prep: &'a Prepared,
    keep: &dyn Fn(usize) -> bool,
) -> Vec<LabelledText<'a>> {
    let mut counts: BTreeMap<(String, bool), usize> = BTreeMap::new();
    let chosen: Vec<usize> = (0..items.len())
        .filter(|&i| keep(i) && items[i].task() != "jailbreak")
        .collect();
    for &i in &chosen {
        *counts
            .entry((items[i].family(), items[i].is_injection()))
            .or_default() += 1;
    }
    chosen
        .into_iter()
        .map(|i| {
            let it = &items[i];
            let n = counts
                .get(&(it.family(), it.is_injection()))
                .copied()
                .unwrap_or(1);
            LabelledText {
                text: &prep.norm[i],
                injection: it.is_injection(),
                kind: it.scan_kind(),
                weight: 1.0 / (n as f32).sqrt(),
            }
        })
        .collect()
}

/// Trains one model on every item whose family is not in `exclude` (jailbreak prompts are
/// never trained on: they are a user's own words, not planted text).
pub fn train_without(
    items: &[Item],
    prep: &Prepared,
    exclude: &BTreeSet<String>,
    cfg: &TrainConfig,
) -> Model {
    train_without_augmented(items, prep, exclude, cfg, None, "all")
}

/// [`train_without`], plus the synthetic texts of [`crate::augment`] built from the training
/// families only (`aug` = the settings and the payload sources; `None` = no augmentation, the
/// same bytes as [`train_without`]). `fold` names the fold and seeds the draw. Each synthetic
/// text weighs `1/√n`, `n` = the synthetic texts of its carrier kind and label, like a family.
pub fn train_without_augmented(
    items: &[Item],
    prep: &Prepared,
    exclude: &BTreeSet<String>,
    cfg: &TrainConfig,
    aug: Option<(&Augment, &Sources)>,
    fold: &str,
) -> Model {
    let fam: Vec<String> = items.iter().map(Item::family).collect();
    let keep = |i: usize| !exclude.contains(&fam[i]);
    let mut set = training_set(items, prep, &keep);
    let syn = match aug {
        Some((a, src)) => augment::synthesize(items, src, &keep, a, fold),
        None => Vec::new(),
    };
    let norm: Vec<String> = syn
        .iter()
        .map(|s| hookward_scan::normalized(&s.text))
        .collect();
    let mut counts: BTreeMap<(&str, bool), usize> = BTreeMap::new();
    for s in &syn {
        *counts.entry((s.kind, s.injection)).or_default() += 1;
    }
    for (s, n) in syn.iter().zip(&norm) {
        let c = counts.get(&(s.kind, s.injection)).copied().unwrap_or(1);
        set.push(LabelledText {
            text: n,
            injection: s.injection,
            kind: s.kind,
            weight: 1.0 / (c as f32).sqrt(),
        });
    }
    train(&set, cfg)
}

/// Leave-one-source-out: for every family not in `holdout`, a model trained on the other
/// non-holdout families scores that family's items; holdout items are scored by the model
/// trained on every non-holdout family. Runs the folds on `threads` threads.
///
/// Families whose name starts with `authored` (the project's own written examples,
/// `scripts/corpus/authored/`) are always trained on and never scored: no figure is on them.
pub fn loso(
    items: &[Item],
    prep: &Prepared,
    holdout: &BTreeSet<String>,
    cfg: &TrainConfig,
    threads: usize,
) -> Vec<Outcome> {
    loso_augmented(items, prep, holdout, cfg, threads, &Augment::OFF)
}

/// [`loso`] with [`crate::augment`]: every fold's model is also trained on synthetic texts
/// built from that fold's training families only ([`Augment::OFF`]: the same as [`loso`]).
pub fn loso_augmented(
    items: &[Item],
    prep: &Prepared,
    holdout: &BTreeSet<String>,
    cfg: &TrainConfig,
    threads: usize,
    aug: &Augment,
) -> Vec<Outcome> {
    let src = (!aug.is_off()).then(|| augment::sources(items, &prep.spans));
    let aug_src = src.as_ref().map(|s| (aug, s));
    let fam: Vec<String> = items.iter().map(Item::family).collect();
    let families: Vec<String> = fam
        .iter()
        .filter(|f| !holdout.contains(*f) && !is_train_only(f))
        .cloned()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut logits = vec![f32::NAN; items.len()];
    let jobs: Vec<Option<String>> = families
        .iter()
        .cloned()
        .map(Some)
        .chain(std::iter::once(None))
        .collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::<(usize, f32)>::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let j = next.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let Some(job) = jobs.get(j) else { break };
                let mut exclude = holdout.clone();
                if let Some(f) = job {
                    exclude.insert(f.clone());
                }
                let fold = job.as_deref().unwrap_or("holdout");
                let model = train_without_augmented(items, prep, &exclude, cfg, aug_src, fold);
                let mut local = Vec::new();
                for (i, it) in items.iter().enumerate() {
                    let mine = match job {
                        Some(f) => &fam[i] == f,
                        None => holdout.contains(&fam[i]),
                    };
                    if mine {
                        let l = model
                            .best(&prep.norm[i], it.scan_kind())
                            .map_or(-20.0, |w| w.logit);
                        local.push((i, l));
                    }
                }
                if let Ok(mut r) = results.lock() {
                    r.extend(local);
                }
            });
        }
    });
    for (i, l) in results.into_inner().unwrap_or_default() {
        logits[i] = l;
    }
    logits
        .into_iter()
        .zip(&prep.rules)
        .map(|(logit, &rules)| Outcome { logit, rules })
        .collect()
}

/// True for a family that is trained on but never evaluated (see [`loso`]).
pub fn is_train_only(family: &str) -> bool {
    family.starts_with("authored")
}

/// Recall or flagged rate with counts.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Rate {
    /// Items flagged.
    pub flagged: usize,
    /// Items.
    pub n: usize,
    /// `flagged / n` in percent (0 when `n` is 0).
    pub percent: f64,
}

impl Rate {
    fn of(flagged: usize, n: usize) -> Rate {
        Rate {
            flagged,
            n,
            percent: if n == 0 {
                0.0
            } else {
                100.0 * flagged as f64 / n as f64
            },
        }
    }
}

/// Figures of one family (or language).
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Family or language.
    pub name: String,
    /// Injections flagged by rules or model.
    pub recall: Rate,
    /// Injections flagged by the rules alone.
    pub recall_rules: Rate,
    /// Injections flagged by the model alone.
    pub recall_model: Rate,
    /// Benign texts flagged by rules or model.
    pub benign_flagged: Rate,
    /// Benign texts flagged by the model alone.
    pub benign_flagged_model: Rate,
}

/// The whole report.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Calibrated-score threshold at which the model flags.
    pub threshold: f32,
    /// Platt parameters fitted on the out-of-fold logits.
    pub platt: (f32, f32),
    /// Indirect injection (and benign) per family, leave-one-source-out.
    pub indirect: Vec<Row>,
    /// Macro average of the indirect recall over families with at least one indirect injection.
    pub indirect_macro_recall: f64,
    /// Memory and instruction-file poisoning per family.
    pub memory: Vec<Row>,
    /// Pooled memory-poisoning recall.
    pub memory_recall: Rate,
    /// Retrieval manipulation (poisoned passages) per family, reported apart.
    pub retrieval: Vec<Row>,
    /// Direct jailbreak prompts (not what hookward is for; reported apart).
    pub jailbreak: Vec<Row>,
    /// Per language, every non-jailbreak injection and every benign text.
    pub languages: Vec<Row>,
    /// Pooled benign flagged rate (rules or model).
    pub benign_flagged: Rate,
    /// Pooled benign flagged rate of the model alone.
    pub benign_flagged_model: Rate,
    /// Families evaluated only at the end (never trained or tuned on).
    pub holdout: Vec<String>,
    /// Holdout figures (indirect + memory recall pooled, benign flagged pooled).
    pub holdout_rows: Vec<Row>,
}

fn row(
    name: &str,
    idx: &[usize],
    items: &[Item],
    out: &[Outcome],
    model: &Model,
    t: f32,
    task: &dyn Fn(&Item) -> bool,
) -> Row {
    let (mut ni, mut fr, mut fm, mut fc, mut nb, mut bm, mut bc) = (0, 0, 0, 0, 0, 0, 0);
    for &i in idx {
        let o = out[i];
        if o.logit.is_nan() {
            continue;
        }
        let m = model.calibrate(o.logit) >= t;
        if items[i].is_injection() {
            if !task(&items[i]) {
                continue;
            }
            ni += 1;
            fr += usize::from(o.rules);
            fm += usize::from(m);
            fc += usize::from(m || o.rules);
        } else {
            nb += 1;
            bm += usize::from(m);
            bc += usize::from(m || o.rules);
        }
    }
    Row {
        name: name.to_string(),
        recall: Rate::of(fc, ni),
        recall_rules: Rate::of(fr, ni),
        recall_model: Rate::of(fm, ni),
        benign_flagged: Rate::of(bc, nb),
        benign_flagged_model: Rate::of(bm, nb),
    }
}

/// Builds the report from out-of-fold outcomes; `calibrated` carries the fitted Platt
/// parameters (see [`Model::with_platt`]); `t` is the flag threshold on the calibrated score.
pub fn report(
    items: &[Item],
    out: &[Outcome],
    calibrated: &Model,
    platt: (f32, f32),
    t: f32,
    holdout: &BTreeSet<String>,
) -> Report {
    let mut by_fam: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    let mut by_lang: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (i, it) in items.iter().enumerate() {
        if holdout.contains(&it.family()) || is_train_only(&it.family()) {
            continue;
        }
        by_fam.entry(it.family()).or_default().push(i);
        by_lang.entry(it.lang().to_string()).or_default().push(i);
    }
    let task_rows = |task: &str| -> Vec<Row> {
        by_fam
            .iter()
            .filter(|(_, idx)| {
                idx.iter()
                    .any(|&i| items[i].is_injection() && items[i].task() == task)
            })
            .map(|(f, idx)| {
                row(f, idx, items, out, calibrated, t, &|it: &Item| {
                    it.task() == task
                })
            })
            .collect()
    };
    let indirect = task_rows("indirect");
    let memory = task_rows("memory");
    let retrieval = task_rows("retrieval");
    let jailbreak = task_rows("jailbreak");
    let macro_recall = if indirect.is_empty() {
        0.0
    } else {
        indirect.iter().map(|r| r.recall.percent).sum::<f64>() / indirect.len() as f64
    };
    let all: Vec<usize> = by_fam.values().flatten().copied().collect();
    let mem_all = row("memory", &all, items, out, calibrated, t, &|it: &Item| {
        it.task() == "memory"
    });
    let pooled = row("all", &all, items, out, calibrated, t, &|it: &Item| {
        it.task() != "jailbreak"
    });
    let languages = by_lang
        .iter()
        .map(|(l, idx)| {
            row(l, idx, items, out, calibrated, t, &|it: &Item| {
                it.task() != "jailbreak" && it.task() != "retrieval"
            })
        })
        .collect();
    let hidx: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, it)| holdout.contains(&it.family()))
        .map(|(i, _)| i)
        .collect();
    let mut holdout_rows = Vec::new();
    for f in holdout {
        let idx: Vec<usize> = hidx
            .iter()
            .copied()
            .filter(|&i| &items[i].family() == f)
            .collect();
        holdout_rows.push(row(f, &idx, items, out, calibrated, t, &|it: &Item| {
            it.task() != "jailbreak"
        }));
    }
    Report {
        threshold: t,
        platt,
        indirect,
        indirect_macro_recall: macro_recall,
        memory,
        memory_recall: mem_all.recall,
        retrieval,
        jailbreak,
        languages,
        benign_flagged: pooled.benign_flagged,
        benign_flagged_model: pooled.benign_flagged_model,
        holdout: holdout.iter().cloned().collect(),
        holdout_rows,
    }
}

/// The report as Markdown tables (for BENCHMARKS.md).
pub fn markdown(r: &Report) -> String {
    let mut s = String::new();
    let table = |s: &mut String, title: &str, rows: &[Row]| {
        s.push_str(&format!("\n{title}\n\n| source | injections | flagged (rules or model) | rules alone | model alone | benign | benign flagged | by the model |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n"));
        for x in rows {
            s.push_str(&format!(
                "| {} | {} | {:.1} % | {:.1} % | {:.1} % | {} | {:.2} % | {:.2} % |\n",
                x.name,
                x.recall.n,
                x.recall.percent,
                x.recall_rules.percent,
                x.recall_model.percent,
                x.benign_flagged.n,
                x.benign_flagged.percent,
                x.benign_flagged_model.percent
            ));
        }
    };
    s.push_str(&format!(
        "threshold {:.2} (calibrated score), Platt a = {:.3}, b = {:.3}\n\nindirect injection, macro recall over sources: **{:.1} %**; memory poisoning recall: **{:.1} %** ({}/{}); benign flagged: **{:.2} %** ({}/{}; model alone {:.2} %)\n",
        r.threshold, r.platt.0, r.platt.1, r.indirect_macro_recall, r.memory_recall.percent, r.memory_recall.flagged, r.memory_recall.n,
        r.benign_flagged.percent, r.benign_flagged.flagged, r.benign_flagged.n, r.benign_flagged_model.percent
    ));
    table(
        &mut s,
        "Indirect injection, per source (each scored by a model that never saw it):",
        &r.indirect,
    );
    table(&mut s, "Memory and instruction-file poisoning:", &r.memory);
    if !r.retrieval.is_empty() {
        table(
            &mut s,
            "Retrieval manipulation (poisoned passages):",
            &r.retrieval,
        );
    }
    if !r.jailbreak.is_empty() {
        table(
            &mut s,
            "Direct jailbreak prompts (reported apart):",
            &r.jailbreak,
        );
    }
    table(&mut s, "Per language:", &r.languages);
    if !r.holdout_rows.is_empty() {
        table(
            &mut s,
            "Held-out sources (never trained or tuned on):",
            &r.holdout_rows,
        );
    }
    s
}
