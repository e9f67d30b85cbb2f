//! Computes `HOOKWARD_KB_FEATURES_FINGERPRINT`: a 64-bit FNV-1a hash (16 hex digits) of the
//! chunker's and the embedder's sources (`src/chunk.rs`, `src/embed.rs`). The scan cache
//! (`hookward kb scan`, README "Knowledge-base scan") keys every stored chunk by it, so any
//! change to how text is cut or which features are counted makes every cached chunk a miss.

use std::path::PathBuf;

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into()));
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for rel in ["src/chunk.rs", "src/embed.rs"] {
        let p = here.join(rel);
        println!("cargo:rerun-if-changed={}", p.display());
        let bytes = std::fs::read(&p).unwrap_or_default();
        for b in rel.bytes().chain([0u8]).chain(bytes).chain([0u8]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    println!("cargo:rustc-env=HOOKWARD_KB_FEATURES_FINGERPRINT={h:016x}");
}
