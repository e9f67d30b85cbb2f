//! `train-cmdscore`: builds and checks the shipped command model (`hookward-cmdscore`).
//!
//! ```text
//! train-cmdscore --corpus CORPUS.jsonl --apply MODEL.hwc --scores OUT.jsonl
//! train-cmdscore --corpus CORPUS.jsonl [--model OUT.hwc] [--scores OUT.jsonl] [--epochs N] [--l2 X] [--lr X] [--bits N]
//! ```
//! The corpus (`scripts/cmdscore/build.py`) has one JSON object per line: `command` (text),
//! `risky` (bool: labelled ask or deny), `source` (where it came from: rows are weighted
//! `1/√n` per source and label, so one large source does not drown the others) and `fold`
//! (the set it belongs to), and optionally `weight` (a factor, default 1). Every row is scored by a model trained without its fold
//! (leave-one-set-out); Platt calibration is fitted on those scores; the shipped model is then
//! trained on all rows. `--scores` writes `{"id", "fold", "logit", "score"}` per row (out of
//! fold) for the threshold report (`scripts/cmdscore/report.py`).
//! `--apply` only scores every row with a model file (no training).
//! Exit code 2 with a message naming the file and line on bad input.

use hookward_cmdscore::train::{logit, prepare, train_prepared, TrainConfig};
use hookward_model::train::fit_platt;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::process::ExitCode;

struct Row {
    id: String,
    command: String,
    risky: bool,
    source: String,
    fold: String,
    weight: f32,
}

fn read(path: &str) -> Result<Vec<Row>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        let s = |k: &str| -> Result<String, String> {
            v.get(k)
                .and_then(|x| x.as_str())
                .map(str::to_string)
                .ok_or_else(|| format!("{path}:{}: field `{k}` must be a string", n + 1))
        };
        rows.push(Row {
            id: s("id")?,
            command: s("command")?,
            source: s("source")?,
            fold: s("fold")?,
            weight: v.get("weight").and_then(|x| x.as_f64()).unwrap_or(1.0) as f32,
            risky: v
                .get("risky")
                .and_then(|x| x.as_bool())
                .ok_or_else(|| format!("{path}:{}: field `risky` must be true or false", n + 1))?,
        });
    }
    Ok(rows)
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let (mut corpus, mut model, mut scores, mut apply) = (None, None, None, None);
    let mut cfg = TrainConfig::default();
    while let Some(a) = args.next() {
        let mut val = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--corpus" => corpus = Some(val()?),
            "--model" => model = Some(val()?),
            "--scores" => scores = Some(val()?),
            "--apply" => apply = Some(val()?),
            "--epochs" => cfg.epochs = val()?.parse().map_err(|e| format!("--epochs: {e}"))?,
            "--l2" => cfg.l2 = val()?.parse().map_err(|e| format!("--l2: {e}"))?,
            "--lr" => cfg.learning_rate = val()?.parse().map_err(|e| format!("--lr: {e}"))?,
            "--bits" => cfg.bits = val()?.parse().map_err(|e| format!("--bits: {e}"))?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    let corpus = corpus.ok_or("--corpus FILE is required")?;
    let rows = read(&corpus)?;
    if let Some(path) = apply {
        let bytes = std::fs::read(&path).map_err(|e| format!("{path}: {e}"))?;
        let m = hookward_cmdscore::CommandModel::from_bytes(&bytes)
            .map_err(|e| format!("{path}: {e}"))?;
        let out = scores.ok_or("--apply needs --scores FILE")?;
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(&out).map_err(|e| format!("{out}: {e}"))?,
        );
        for r in &rows {
            let s = m.score(&r.command);
            let line =
                serde_json::json!({"id": r.id, "fold": r.fold, "logit": s.logit, "score": s.score});
            writeln!(f, "{line}").map_err(|e| format!("{out}: {e}"))?;
        }
        return Ok(());
    }
    let mut count: HashMap<(&str, bool), usize> = HashMap::new();
    for r in &rows {
        *count.entry((r.source.as_str(), r.risky)).or_default() += 1;
    }
    let labels: Vec<(bool, f32)> = rows
        .iter()
        .map(|r| {
            (
                r.risky,
                r.weight / (count[&(r.source.as_str(), r.risky)] as f32).sqrt(),
            )
        })
        .collect();
    let cmds: Vec<&str> = rows.iter().map(|r| r.command.as_str()).collect();
    let prep = prepare(&cmds, cfg.bits);
    let mut folds: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        folds.entry(r.fold.as_str()).or_default().push(i);
    }
    eprintln!("{} rows, {} folds", rows.len(), folds.len());
    let mut out_logit = vec![0f32; rows.len()];
    for (fold, idx) in &folds {
        let keep: Vec<usize> = (0..rows.len()).filter(|i| rows[*i].fold != *fold).collect();
        let p: Vec<_> = keep.iter().map(|&i| prep[i].clone()).collect();
        let l: Vec<_> = keep.iter().map(|&i| labels[i]).collect();
        let m = train_prepared(&p, &l, &cfg);
        for &i in idx {
            out_logit[i] = logit(&m, &prep[i]);
        }
        eprintln!("fold {fold}: {} rows scored", idx.len());
    }
    let pairs: Vec<(f32, bool)> = out_logit
        .iter()
        .zip(&rows)
        .map(|(&z, r)| (z, r.risky))
        .collect();
    let (a, b) = fit_platt(&pairs);
    eprintln!("platt a={a} b={b}");
    if let Some(path) = scores {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(&path).map_err(|e| format!("{path}: {e}"))?,
        );
        for (r, z) in rows.iter().zip(&out_logit) {
            let s = 1.0 / (1.0 + (-(a * z + b)).exp());
            let line = serde_json::json!({"id": r.id, "fold": r.fold, "logit": z, "score": s});
            writeln!(f, "{line}").map_err(|e| format!("{path}: {e}"))?;
        }
    }
    if let Some(path) = model {
        let m = train_prepared(&prep, &labels, &cfg).with_platt(a, b);
        std::fs::write(&path, m.to_bytes()).map_err(|e| format!("{path}: {e}"))?;
        eprintln!("wrote {path}");
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("train-cmdscore: {e}");
            ExitCode::from(2)
        }
    }
}
