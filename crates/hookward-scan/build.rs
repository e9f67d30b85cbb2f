//! Computes `HOOKWARD_SCANNER_FINGERPRINT`: a 64-bit FNV-1a hash (16 hex digits) of the
//! scanner's sources (this crate's `src/`), the model crate's sources and the shipped model
//! file, and both manifests. A stored verdict of the scanner (a lesson's text vetted once when
//! it is learned) is valid only for the same fingerprint; any change to the rules or the model
//! changes it, so the verdicts are taken again.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, out);
        } else {
            out.push(p);
        }
    }
}

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let model = here.join("..").join("hookward-model");
    let roots = [
        here.join("src"),
        here.join("Cargo.toml"),
        model.join("src"),
        model.join("model").join("injection.hwm"),
        model.join("Cargo.toml"),
    ];
    let mut all = Vec::new();
    for r in &roots {
        println!("cargo:rerun-if-changed={}", r.display());
        if r.is_dir() {
            files(r, &mut all);
        } else {
            all.push(r.clone());
        }
    }
    all.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for p in &all {
        let rel = p
            .strip_prefix(&here)
            .unwrap_or(p)
            .to_string_lossy()
            .into_owned();
        let bytes = std::fs::read(p).unwrap_or_default();
        for b in rel.bytes().chain([0u8]).chain(bytes).chain([0u8]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=HOOKWARD_SCANNER_FINGERPRINT={h:016x}");
}
