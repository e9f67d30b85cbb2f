//! The reports of the committed fixture (`tests/data/kb-bench`) are pinned: the scan's JSON
//! with the exact and with the pruned neighbour search, and the trace of every target's answer
//! (`tests/data/kb-bench-pinned.json`, written by the code before the memory cuts of
//! BENCHMARKS.md, "Memory that does not grow beyond the index"). How the scan keeps its
//! intermediate structures (the neighbour lists, the link graph, each chunk's place) must not
//! change a report. `UPDATE_KB_PINNED=1` writes the file anew — only for a change meant to
//! alter reports, reviewed in the diff.

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
            let rel = f
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
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
    if text != want {
        let first = text
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "the fixture's reports changed (first differing line {}): got {:?}, pinned {:?}",
            first + 1,
            text.lines().nth(first),
            want.lines().nth(first)
        );
    }
}
