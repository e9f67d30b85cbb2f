//! Environment fingerprints: what a lesson's project looked like when it was learned — the
//! hash of each lockfile and the toolchain versions its pin files name — so that a lesson
//! whose setup has since changed (a new lockfile, another major version) is delivered on
//! probation (issue 14). Pure: the caller reads the files ([`FILES`]) and passes their bytes;
//! nothing is run (no `node --version`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Lockfiles whose content is hashed (`lock:<name>`).
pub const LOCKFILES: &[&str] = &[
    "package-lock.json",
    "pnpm-lock.yaml",
    "yarn.lock",
    "bun.lockb",
    "Cargo.lock",
    "uv.lock",
    "poetry.lock",
    "Pipfile.lock",
    "go.sum",
    "Gemfile.lock",
    "composer.lock",
];

/// Files that pin a toolchain version (`tool:<name>` → its major, or major.minor where the
/// minor is the breaking part: Python, Go).
pub const PIN_FILES: &[&str] = &[
    ".nvmrc",
    ".node-version",
    ".python-version",
    "rust-toolchain",
    "rust-toolchain.toml",
    "go.mod",
    "package.json",
    ".tool-versions",
];

/// Every file a fingerprint reads, in the project's top folder.
pub const FILES: &[&str] = &[
    "package-lock.json",
    "pnpm-lock.yaml",
    "yarn.lock",
    "bun.lockb",
    "Cargo.lock",
    "uv.lock",
    "poetry.lock",
    "Pipfile.lock",
    "go.sum",
    "Gemfile.lock",
    "composer.lock",
    ".nvmrc",
    ".node-version",
    ".python-version",
    "rust-toolchain",
    "rust-toolchain.toml",
    "go.mod",
    "package.json",
    ".tool-versions",
];

/// Largest file read for a fingerprint (bytes); a larger lockfile is fingerprinted by its
/// size only.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// A fingerprint: `lock:<file>` → content hash (FNV-1a 64, hex), `tool:<name>` → version
/// major. Empty when nothing was read (a lesson learned before fingerprints, or by replay).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EnvPrint(pub BTreeMap<String, String>);

impl EnvPrint {
    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The keys that differ from `now`: a value changed, or a lockfile came or went (a
    /// toolchain pin only counts when both sides name it). Empty when either side is empty.
    pub fn changed(&self, now: &EnvPrint) -> Vec<String> {
        if self.is_empty() || now.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (k, v) in &self.0 {
            match now.0.get(k) {
                Some(w) if w != v => out.push(k.clone()),
                None if k.starts_with("lock:") => out.push(k.clone()),
                _ => {}
            }
        }
        for k in now.0.keys() {
            if k.starts_with("lock:") && !self.0.contains_key(k) {
                out.push(k.clone());
            }
        }
        out
    }
}

/// FNV-1a 64 of `bytes` (stable across builds and machines, unlike `std`'s hasher).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The leading number of a version text (`v20.11.0` → `20`; with `minor`, `3.12.1` →
/// `3.12`).
fn version(text: &str, minor: bool) -> Option<String> {
    let t = text
        .trim()
        .trim_start_matches(['v', '^', '~', '=', '>', '<', ' ']);
    let mut parts = t.split(|c: char| !c.is_ascii_digit());
    let major = parts.next().filter(|p| !p.is_empty())?;
    if minor {
        if let Some(m) = t
            .strip_prefix(major)
            .and_then(|r| r.strip_prefix('.'))
            .map(|r| {
                r.chars()
                    .take_while(char::is_ascii_digit)
                    .collect::<String>()
            })
            .filter(|m| !m.is_empty())
        {
            return Some(format!("{major}.{m}"));
        }
    }
    Some(major.to_string())
}

/// The fingerprint of the files read from a project's top folder (`(name, bytes)`; a file
/// too large to read is given with its size as text, `size:N`).
pub fn of_files(files: &[(&str, &[u8])]) -> EnvPrint {
    let mut m = BTreeMap::new();
    for (name, bytes) in files {
        if LOCKFILES.contains(name) {
            m.insert(format!("lock:{name}"), format!("{:016x}", fnv1a(bytes)));
        }
        let text = String::from_utf8_lossy(bytes);
        let mut tool = |k: &str, v: Option<String>| {
            if let Some(v) = v {
                m.insert(format!("tool:{k}"), v);
            }
        };
        match *name {
            ".nvmrc" | ".node-version" => tool("node", version(&text, false)),
            ".python-version" => tool("python", version(&text, true)),
            "rust-toolchain" => tool("rust", version(&text, false)),
            "rust-toolchain.toml" => tool(
                "rust",
                text.lines()
                    .find_map(|l| l.trim().strip_prefix("channel"))
                    .and_then(|r| version(r.trim_start_matches([' ', '=', '"']), false)),
            ),
            "go.mod" => tool(
                "go",
                text.lines()
                    .find_map(|l| l.trim().strip_prefix("go "))
                    .and_then(|r| version(r, true)),
            ),
            "package.json" => {
                if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
                    if let Some(pm) = v.get("packageManager").and_then(|x| x.as_str()) {
                        if let Some((name, ver)) = pm.split_once('@') {
                            tool(name, version(ver, false));
                        }
                    }
                    if let Some(n) = v.pointer("/engines/node").and_then(|x| x.as_str()) {
                        tool("node", version(n, false));
                    }
                }
            }
            ".tool-versions" => {
                for l in text.lines() {
                    let mut w = l.split_whitespace();
                    if let (Some(k), Some(v)) = (w.next(), w.next()) {
                        let minor = matches!(k, "python" | "golang" | "go");
                        tool(k, version(v, minor));
                    }
                }
            }
            _ => {}
        }
    }
    EnvPrint(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fingerprints_and_changes() {
        let a = of_files(&[
            ("package-lock.json", b"{\"lockfileVersion\": 3}"),
            (".nvmrc", b"v20.11.0\n"),
            (
                "package.json",
                br#"{"packageManager": "pnpm@9.12.0", "engines": {"node": ">=20"}}"#,
            ),
            (".python-version", b"3.12.1\n"),
            ("go.mod", b"module x\n\ngo 1.22.3\n"),
            (
                "rust-toolchain.toml",
                b"[toolchain]\nchannel = \"1.80.0\"\n",
            ),
        ]);
        assert_eq!(a.0.get("tool:node").map(String::as_str), Some("20"));
        assert_eq!(a.0.get("tool:pnpm").map(String::as_str), Some("9"));
        assert_eq!(a.0.get("tool:python").map(String::as_str), Some("3.12"));
        assert_eq!(a.0.get("tool:go").map(String::as_str), Some("1.22"));
        assert_eq!(a.0.get("tool:rust").map(String::as_str), Some("1"));
        assert!(a.0.contains_key("lock:package-lock.json"));
        // the same files: no change; a patch release is no change either
        let same = of_files(&[
            ("package-lock.json", b"{\"lockfileVersion\": 3}"),
            (".nvmrc", b"v20.12.2\n"),
        ]);
        assert!(a.changed(&same).is_empty(), "{:?}", a.changed(&same));
        // another major, another lockfile
        let moved = of_files(&[
            ("pnpm-lock.yaml", b"lockfileVersion: '9.0'"),
            (".nvmrc", b"22\n"),
        ]);
        assert_eq!(
            a.changed(&moved),
            vec!["lock:package-lock.json", "tool:node", "lock:pnpm-lock.yaml"]
        );
        // nothing recorded: never on probation
        assert!(EnvPrint::default().changed(&moved).is_empty());
    }
}
