//! Messages and docs that send the reader to a README section by name (`README, "Export to a
//! log system"`) name a section that exists: a heading of README.md that starts with the
//! quoted words. Newcomer finding 26: an error cited `README, "Export"`, a section that was
//! renamed.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "target") {
                rust_files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The first quoted name after each `README` followed by `, "`, `: "`, ` "` (or the escaped
/// `\"` of a string literal, or `“`).
fn cited(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("README") {
        rest = &rest[i + "README".len()..];
        let r = rest.strip_prefix([',', ':']).unwrap_or(rest);
        let Some(r) = r.strip_prefix(' ') else {
            continue;
        };
        let (r, close) = if let Some(r) = r.strip_prefix("\\\"") {
            (r, "\\\"")
        } else if let Some(r) = r.strip_prefix('"') {
            (r, "\"")
        } else if let Some(r) = r.strip_prefix('“') {
            (r, "”")
        } else {
            continue;
        };
        if let Some(end) = r.find(close) {
            names.push(r[..end].to_string());
        }
    }
    names
}

#[test]
fn every_cited_readme_section_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let headings: Vec<&str> = readme
        .lines()
        .filter_map(|l| {
            let t = l.trim_start_matches('#');
            (t.len() < l.len() && t.starts_with(' ')).then(|| t.trim())
        })
        .collect();
    let mut files = Vec::new();
    rust_files(&root.join("crates"), &mut files);
    assert!(files.len() > 50, "the crates' sources were found");
    let mut missing = Vec::new();
    let mut seen = 0;
    for f in files
        .iter()
        .filter(|f| !f.ends_with("tests/readme_refs.rs"))
    {
        let text = std::fs::read_to_string(f).unwrap();
        for name in cited(&text) {
            seen += 1;
            if !headings.iter().any(|h| h.starts_with(name.as_str())) {
                missing.push(format!("{}: README \"{name}\"", f.display()));
            }
        }
    }
    assert!(seen >= 5, "citations were found ({seen})");
    assert!(
        missing.is_empty(),
        "no such README heading:\n{}",
        missing.join("\n")
    );
}

#[test]
fn citations_are_read_in_each_spelling() {
    assert_eq!(
        cited(
            r#"x (README, \"Export to a log system\") y README "Cost" README: “Lessons” README.md"#
        ),
        vec!["Export to a log system", "Cost", "Lessons"]
    );
}
