//! Build weight (issue 13 item 8): `Cargo.lock` holds one version of each crate, except the
//! pairs listed in [`KNOWN_PAIRS`] with the dependency that forces each. A new second version
//! (an upgrade of ours that leaves a transitive copy behind, or `cargo update` bringing back
//! `bon` 3.10, which compiles a second `darling`) fails here; so does a listed pair that is gone,
//! so the list stays true.

use std::collections::BTreeMap;

/// Crates with two versions in the lock, and why neither can go today.
const KNOWN_PAIRS: &[(&str, &str)] = &[
    (
        "syn",
        "2.x for regorus' vstd (verus_builtin_macros) and brush-parser's cached/tracing proc \
         macros; 3.x for thiserror-impl >= 2.0.20, which rusqlite's sqlite-wasm-rs requires, \
         serde_derive, clap_derive and insta's pest_derive",
    ),
    (
        "hashbrown",
        "0.16 for brush-parser's cached, 0.17 for indexmap/rusqlite",
    ),
    (
        "parking_lot",
        "0.12 for brush-parser's cached, 0.13 for regorus",
    ),
    ("parking_lot_core", "with parking_lot"),
    ("lock_api", "with parking_lot"),
    (
        "redox_syscall",
        "Redox only (parking_lot_core), never compiled here",
    ),
    (
        "embedded-io",
        "postcard's optional features, never compiled here",
    ),
    (
        "getrandom",
        "0.2 for ring (rustls' crypto provider: TLS for bundle pulls and export), 0.4 for \
         brush-parser and tempfile",
    ),
    (
        "num-bigint",
        "0.4 for simple_asn1 (jsonwebtoken's PEM key parsing, bundle signatures), 0.5 for regorus",
    ),
    (
        "windows-sys",
        "0.52 for ring, 0.61 for anstream/tempfile; Windows only, never compiled here",
    ),
];

/// Every package name in `Cargo.lock` with its versions.
fn lock_versions() -> BTreeMap<String, Vec<String>> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.lock");
    let text = std::fs::read_to_string(path).expect("Cargo.lock");
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut name = None;
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let Some(v) = line.strip_prefix("version = ") {
            if let Some(n) = name.take() {
                out.entry(n)
                    .or_default()
                    .push(v.trim_matches('"').to_string());
            }
        }
    }
    out
}

#[test]
fn one_version_of_each_crate_but_the_known_pairs() {
    let versions = lock_versions();
    assert!(versions.contains_key("hookward"), "parsed the lock");
    let doubled: Vec<&String> = versions
        .iter()
        .filter(|(_, v)| v.len() > 1)
        .map(|(n, _)| n)
        .collect();
    let known: Vec<&str> = KNOWN_PAIRS.iter().map(|(n, _)| *n).collect();
    let unexpected: Vec<&&String> = doubled
        .iter()
        .filter(|n| !known.contains(&n.as_str()))
        .collect();
    assert!(
        unexpected.is_empty(),
        "second versions in Cargo.lock: {unexpected:?} ({:?})",
        unexpected
            .iter()
            .map(|n| &versions[n.as_str()])
            .collect::<Vec<_>>()
    );
    let gone: Vec<&&str> = known
        .iter()
        .filter(|n| !doubled.iter().any(|d| d == *n))
        .collect();
    assert!(
        gone.is_empty(),
        "no longer doubled, drop from KNOWN_PAIRS: {gone:?}"
    );
    for heavy in [
        "similar",
        "darling",
        "darling_core",
        "prettyplease",
        "regorus",
        "toml",
    ] {
        assert!(
            versions.get(heavy).is_none_or(|v| v.len() == 1),
            "{heavy}: {:?}",
            versions[heavy]
        );
    }
}
