//! The committed small version of the generated knowledge-base benchmark
//! (`scripts/kb/build_bench.py --fixture`, provenance in `tests/data/kb-bench/provenance.json`):
//! real docs of permissively licensed projects with 6 planted sets of 3–10 documents. CI
//! checks set recall, the share of clean documents in a cluster and trace's first rank here;
//! the full benchmark's figures are in BENCHMARKS.md.

use hookward_kb::{Corpus, Document, Options};
use std::collections::HashSet;
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

#[test]
fn fixture_recall_false_clusters_and_trace() {
    check(hookward_kb::knn::EXACT_LIMIT, false);
}

/// An attacker may plant every document in one folder: the clustering does not look at
/// folders, so the bars hold with all planted documents moved into one.
#[test]
fn fixture_bars_hold_with_every_planted_document_in_one_folder() {
    check(hookward_kb::knn::EXACT_LIMIT, true);
}

/// The same bars with the pruned neighbour search that corpora above
/// `knn::EXACT_LIMIT` chunks get.
#[test]
fn fixture_bars_hold_with_the_pruned_search() {
    check(0, false);
}

/// `path` as the test sees it: a planted document moved into `planted/` when `one_folder`.
fn placed(path: &str, planted: &HashSet<String>, one_folder: bool) -> String {
    if one_folder && planted.contains(path) {
        format!("planted/{}", path.rsplit('/').next().unwrap_or(path))
    } else {
        path.to_string()
    }
}

fn check(exact_limit: usize, one_folder: bool) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kb-bench");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("manifest.json")).unwrap())
            .unwrap();
    let planted: HashSet<String> = manifest["targets"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["files"].as_array().unwrap().iter())
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    let mut files = Vec::new();
    walk(&root, &mut files);
    let docs: Vec<Document> = files
        .iter()
        .map(|f| {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            Document::new(
                placed(&rel, &planted, one_folder),
                std::fs::read_to_string(f).unwrap(),
            )
        })
        .collect();
    let opts = Options {
        jobs: 2,
        exact_limit,
        ..Options::default()
    };
    let corpus = Corpus::build(docs, &opts);
    let scanner = hookward_scan::Scanner::new().unwrap();
    let report = hookward_kb::scan(&corpus, &scanner, &opts, &|_, _| {});
    let clusters: Vec<HashSet<&str>> = report
        .clusters
        .iter()
        .map(|c| c.files.iter().map(String::as_str).collect())
        .collect();
    let targets = manifest["targets"].as_array().unwrap();
    let mut found = 0;
    let mut traced = 0;
    for t in targets {
        let mine_paths: Vec<String> = t["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| placed(f.as_str().unwrap(), &planted, one_folder))
            .collect();
        let mine: HashSet<&str> = mine_paths.iter().map(String::as_str).collect();
        if clusters.iter().any(|c| {
            let hit = c.intersection(&mine).count();
            hit >= 3 && 2 * hit > c.len()
        }) {
            found += 1;
        }
        let top = hookward_kb::trace(&corpus, t["answer"].as_str().unwrap(), 1);
        if top
            .first()
            .is_some_and(|x| mine.contains(x.at.path.as_str()))
        {
            traced += 1;
        }
    }
    let clean: HashSet<&str> = manifest["clean"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    let clustered_clean: HashSet<&str> = clusters
        .iter()
        .flatten()
        .copied()
        .filter(|f| clean.contains(f))
        .collect();
    let share = clustered_clean.len() as f64 / clean.len() as f64;
    eprintln!(
        "sets found {found}/{}, clean documents clustered {}/{} ({:.1} %), trace first {traced}/{}",
        targets.len(),
        clustered_clean.len(),
        clean.len(),
        share * 100.0,
        targets.len()
    );
    // Issue 20's bars: recall ≥ 90 % of sets, trace first ≥ 90 %.
    assert!(
        found as f64 >= 0.9 * targets.len() as f64,
        "sets found {found}"
    );
    assert!(
        traced as f64 >= 0.9 * targets.len() as f64,
        "traced {traced}"
    );
    // ≤ 1 % of clean documents in a cluster (the full and held-out benchmarks' figures, with
    // their template families of real docs, are in BENCHMARKS.md).
    assert!(
        share <= 0.01,
        "clean documents in clusters: {share:.3} {clustered_clean:?}"
    );
    // Every planted set's cluster names the false answer among its phrases or files' text.
    for t in targets {
        let answer = t["false_answer"].as_str().unwrap().to_lowercase();
        let first = answer
            .split_whitespace()
            .next()
            .unwrap()
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_string();
        assert!(
            report
                .clusters
                .iter()
                .any(|c| c.phrases.iter().any(|p| p.contains(&first))),
            "no cluster phrase names {answer:?}: {:?}",
            report
                .clusters
                .iter()
                .map(|c| &c.phrases)
                .collect::<Vec<_>>()
        );
    }
}

/// The streaming build (`CorpusBuilder`: features counted, dropped, pushed again; texts read
/// again on demand; the injection scan done per chunk beforehand) gives the same report,
/// byte for byte as JSON, as `Corpus::build` of the same documents.
#[test]
fn streaming_build_gives_the_same_report() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/kb-bench");
    let mut files = Vec::new();
    walk(&root, &mut files);
    let texts: Vec<(String, String)> = files
        .iter()
        .map(|f| {
            let rel = f
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            (rel, std::fs::read_to_string(f).unwrap())
        })
        .collect();
    let opts = Options {
        jobs: 2,
        ..Options::default()
    };
    let scanner = hookward_scan::Scanner::new().unwrap();
    let docs: Vec<Document> = texts.iter().map(|(p, t)| Document::new(p, t)).collect();
    let cold = hookward_kb::scan(&Corpus::build(docs, &opts), &scanner, &opts, &|_, _| {});

    let mut b = hookward_kb::CorpusBuilder::new(&opts);
    let mut kept: Vec<hookward_kb::embed::Features> = Vec::new();
    for (d, (path, text)) in texts.iter().enumerate() {
        let chunks = hookward_kb::chunk::chunk_document(d, text, &opts.chunk);
        let feats: Vec<_> = chunks
            .iter()
            .map(|c| hookward_kb::embed::features_sorted(&text[c.span.0..c.span.1]))
            .collect();
        let flagged: Vec<_> = chunks
            .iter()
            .enumerate()
            .filter_map(|(i, c)| {
                hookward_kb::scan_text(&scanner, path, &text[c.span.0..c.span.1]).map(|f| (i, f))
            })
            .collect();
        let refs: Vec<&[(u32, f32)]> = feats.iter().map(Vec::as_slice).collect();
        b.add_document(path.clone(), chunks, &refs, flagged);
        kept.extend(feats);
    }
    let mut pass = b.vectors();
    for f in &kept {
        pass.push(f);
    }
    let again: Vec<String> = texts.iter().map(|(_, t)| t.clone()).collect();
    let corpus = pass
        .finish(Box::new(move |d| Ok(again[d].clone())))
        .unwrap();
    let warm = hookward_kb::scan(&corpus, &scanner, &opts, &|_, _| {});
    assert!(corpus.text_error().is_none());
    assert!(!cold.clusters.is_empty());
    assert_eq!(
        serde_json::to_string(&cold).unwrap(),
        serde_json::to_string(&warm).unwrap()
    );
}
