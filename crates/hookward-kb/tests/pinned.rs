//! The reports of the committed fixture (`tests/data/kb-bench`) are pinned: the scan's JSON
//! with the exact and with the pruned neighbour search, and the trace of every target's answer
//! (`tests/data/kb-bench-pinned.json`, written by the code before the memory cuts of
//! BENCHMARKS.md, "Memory that does not grow beyond the index"). How the scan keeps its
//! intermediate structures (the neighbour lists, the link graph, each chunk's place) must not
//! change a report. `UPDATE_KB_PINNED=1` writes the file anew — only for a change meant to
//! alter reports, reviewed in the diff.
//!
//! The scans are compared bit for bit. The traces are compared with their scores rounded to
//! 5 decimals: `trace` sums its centroid's squared weights in a hash map's order, which is
//! random per process, so the last bits of `leave_one_out` and `score` differ between two runs
//! of one binary (seen at 6e-8 while pinning; the ranks and chunks do not move).

use hookward_kb::{Corpus, Document, Options};
use std::path::{Path, PathBuf};

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            walk(&p, out);
        } else if p.extension().is_some_and(|e| e == "md" || e == "rst") {
            out.push(p);
        }
    }
}

fn documents(root: &Path) -> Vec<Document> {
    let mut files = Vec::new();
    walk(root, &mut files);
    files
        .iter()
        .map(|f| {
            let rel = f.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            Document::new(rel, std::fs::read_to_string(f).unwrap())
        })
        .collect()
}

#[test]
fn fixture_reports_are_pinned() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = here.join("tests/data/kb-bench");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("manifest.json")).unwrap())
            .unwrap();
    let scanner = hookward_scan::Scanner::new().unwrap();
    let mut got = serde_json::Map::new();
    for (name, exact_limit) in [("exact", hookward_kb::knn::EXACT_LIMIT), ("pruned", 0)] {
        let opts = Options {
            jobs: 2,
            exact_limit,
            ..Options::default()
        };
        let corpus = Corpus::build(documents(&root), &opts);
        let report = hookward_kb::scan(&corpus, &scanner, &opts, &|_, _| {});
        got.insert(
            format!("scan_{name}"),
            serde_json::to_value(&report).unwrap(),
        );
        if name == "exact" {
            let traces: Vec<serde_json::Value> = manifest["targets"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| {
                    let top = hookward_kb::trace(&corpus, t["answer"].as_str().unwrap(), 5);
                    serde_json::to_value(&top).unwrap()
                })
                .collect();
            got.insert("traces".to_string(), serde_json::Value::Array(traces));
        }
    }
    let text = serde_json::to_string_pretty(&serde_json::Value::Object(got)).unwrap() + "\n";
    let path = here.join("tests/data/kb-bench-pinned.json");
    if std::env::var_os("UPDATE_KB_PINNED").is_some() {
        std::fs::write(&path, &text).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap();
    let (mut a, mut b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&text).unwrap(),
        serde_json::from_str(&want).unwrap(),
    );
    round(&mut a["traces"]);
    round(&mut b["traces"]);
    if a != b {
        let (got, want) = (
            serde_json::to_string_pretty(&a).unwrap(),
            serde_json::to_string_pretty(&b).unwrap(),
        );
        let first = got
            .lines()
            .zip(want.lines())
            .position(|(x, y)| x != y)
            .unwrap_or(0);
        panic!(
            "the fixture's reports changed (first differing line {} of the rounded form): got {:?}, pinned {:?}",
            first + 1,
            got.lines().nth(first),
            want.lines().nth(first)
        );
    }
}

/// Every number in `v` rounded to 5 decimals.
fn round(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Number(n) if n.is_f64() => {
            let r = (n.as_f64().unwrap_or(0.0) * 1e5).round() / 1e5;
            *v = serde_json::json!(r);
        }
        serde_json::Value::Array(xs) => xs.iter_mut().for_each(round),
        serde_json::Value::Object(m) => m.values_mut().for_each(round),
        _ => {}
    }
}
