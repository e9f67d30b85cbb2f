//! `hookward cost` through the binary on the fixture home of `hookward-cost`
//! (`crates/hookward-cost/tests/data/home`, copied into a throwaway HOME): the text table and
//! the JSON document are snapshots; the figures are checked by hand in
//! `crates/hookward-cost/tests/fixtures.rs`.

mod common;

use common::Sandbox;
use std::path::Path;

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

fn sandbox() -> Sandbox {
    let s = Sandbox::new();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hookward-cost/tests/data/home");
    copy_tree(&fixtures, &s.home());
    s
}

fn run(s: &Sandbox, args: &[&str]) -> (String, String, i32) {
    let out = s.cmd(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn text_table_by_model_for_seven_days() {
    let s = sandbox();
    let (out, err, code) = run(&s, &["cost", "--as-of", "2026-12-02"]);
    assert_eq!((err.as_str(), code), ("", 0));
    insta::assert_snapshot!(out);
}

#[test]
fn text_tables_by_project_session_and_day() {
    let s = sandbox();
    let mut all = String::new();
    for args in [
        ["--period", "30d", "--by", "project"],
        ["--period", "all", "--by", "session"],
        ["--period", "today", "--by", "day"],
    ] {
        let mut a = vec!["cost", "--as-of", "2026-12-02"];
        a.extend(args);
        let (out, err, code) = run(&s, &a);
        assert_eq!((err.as_str(), code), ("", 0), "{a:?}");
        all.push_str(&format!("$ hookward {}\n{out}\n", a.join(" ")));
    }
    insta::assert_snapshot!(all);
}

#[test]
fn json_document() {
    let s = sandbox();
    let (out, err, code) = run(&s, &["cost", "--as-of", "2026-12-02", "--json"]);
    assert_eq!((err.as_str(), code), ("", 0));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v.as_object().unwrap().keys().next().unwrap(),
        "schema_version"
    );
    assert_eq!(v["total"]["cost_usd"], serde_json::json!(0.02579));
    insta::assert_json_snapshot!(v);
}

#[test]
fn empty_home_and_bad_day() {
    let s = Sandbox::new();
    let (out, _, code) = run(&s, &["cost", "--as-of", "2026-12-02"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("no requests in this period (0 transcript files read)"),
        "{out}"
    );
    let (_, err, code) = run(&s, &["cost", "--as-of", "2026-02-30"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--as-of \"2026-02-30\": expected YYYY-MM-DD"),
        "{err}"
    );
}
