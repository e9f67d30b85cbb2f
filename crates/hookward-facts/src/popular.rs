//! Well-known package names per ecosystem (issue 11 item 5, supply chain by shape): the table a
//! look-alike package name is measured against (`typosquat.rs`).
//!
//! Sources, compiled into the binary (`data/popular/`, built by
//! `scripts/popular/build_popular.py`, which names them in full):
//! - npm: the `npm-high-impact` package 1.13.0 (Titus Wormer, MIT licence), the 17,338 names npm
//!   calls high-impact (at least 1,000,000 downloads a week or 500 dependents), every one of them
//!   imitated (`npm-more.txt` is empty: at 8,000, `discord.js` was left out).
//! - PyPI: `hugovk/top-pypi-packages` (`top-pypi-packages.csv`, the 15,000 most-downloaded
//!   projects of 30 days, from the public PyPI BigQuery dataset; the repository states no
//!   licence, the names and counts are facts); the first 5,000 are the ones imitated. Names are
//!   PEP 503-normalised (lower case, runs of `-_.` as one `-`).
//! - crates.io, RubyGems, the MCP reference servers: short hand-written tables ([`CRATES`],
//!   [`GEMS`], [`MCP_SERVERS`]), each naming its source. Homebrew formulae have no table (a short
//!   one leaves most of its ~7,000 real formulae unknown, and their neighbours flagged).
//!
//! Size: the four front-coded files are 314 KB of the binary (each line: one character
//! `chr(48 + k)`, k the characters shared with the previous name, then the rest); they are
//! decoded once per process, on the first install a command makes, into one buffer.

use std::sync::OnceLock;

/// An ecosystem whose installs are checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eco {
    /// The npm registry (npm, pnpm, yarn, bun, npx).
    Npm,
    /// PyPI (pip, uv, pipx, poetry, pdm, uvx).
    Pypi,
    /// crates.io (cargo install, cargo add).
    Crates,
    /// RubyGems (gem install, bundle add).
    Gems,
}

impl Eco {
    /// The registry's name as the fact shows it.
    pub fn label(self) -> &'static str {
        match self {
            Eco::Npm => "npm",
            Eco::Pypi => "pypi",
            Eco::Crates => "crates.io",
            Eco::Gems => "rubygems",
        }
    }
}

const NPM_TOP: &str = include_str!("../data/popular/npm-top.txt");
const NPM_MORE: &str = include_str!("../data/popular/npm-more.txt");
const PYPI_TOP: &str = include_str!("../data/popular/pypi-top.txt");
const PYPI_MORE: &str = include_str!("../data/popular/pypi-more.txt");

/// Widely used crates, hand-picked (written from memory, not copied) after crates.io's "Most
/// Downloaded" listing (crates.io/crates?sort=downloads) and the cargo subcommands and tools
/// people install by name; short, so names shorter than 6 are not compared (`typosquat.rs`).
pub const CRATES: &[&str] = &[
    "serde",
    "serde_json",
    "serde_derive",
    "syn",
    "quote",
    "proc-macro2",
    "rand",
    "rand_core",
    "libc",
    "cfg-if",
    "bitflags",
    "log",
    "itoa",
    "memchr",
    "regex",
    "regex-syntax",
    "lazy_static",
    "once_cell",
    "tokio",
    "futures",
    "hashbrown",
    "indexmap",
    "base64",
    "thiserror",
    "anyhow",
    "clap",
    "time",
    "chrono",
    "parking_lot",
    "smallvec",
    "either",
    "bytes",
    "hyper",
    "http",
    "reqwest",
    "url",
    "uuid",
    "getrandom",
    "rustls",
    "ring",
    "openssl",
    "tracing",
    "tracing-subscriber",
    "env_logger",
    "num-traits",
    "aho-corasick",
    "unicode-ident",
    "semver",
    "tempfile",
    "walkdir",
    "toml",
    "serde_yaml",
    "rayon",
    "crossbeam",
    "socket2",
    "mio",
    "axum",
    "tower",
    "actix-web",
    "warp",
    "sqlx",
    "diesel",
    "rusqlite",
    "sha2",
    "digest",
    "hex",
    "strum",
    "itertools",
    "glob",
    "dirs",
    "which",
    "nom",
    "pest",
    "image",
    "wasm-bindgen",
    "js-sys",
    "web-sys",
    "cc",
    "pkg-config",
    "bindgen",
    "cmake",
    "prost",
    "tonic",
    "async-trait",
    "pin-project",
    "ahash",
    "fastrand",
    "criterion",
    "proptest",
    "insta",
    "colored",
    "console",
    "indicatif",
    "crossterm",
    "ratatui",
    "cargo-edit",
    "cargo-watch",
    "cargo-audit",
    "cargo-deny",
    "cargo-nextest",
    "ripgrep",
    "bat",
    "fd-find",
    "tokei",
    "hyperfine",
    "sccache",
    "wasm-pack",
    "trunk",
    "mdbook",
    "cross",
    "just",
    "zellij",
    "starship",
    "zoxide",
    "eza",
];

/// Widely used gems, hand-picked (written from memory, not copied) after rubygems.org's "Stats"
/// page (rubygems.org/stats, most downloaded); short, as [`CRATES`].
pub const GEMS: &[&str] = &[
    "bundler",
    "rake",
    "rails",
    "rack",
    "activesupport",
    "activerecord",
    "actionpack",
    "railties",
    "nokogiri",
    "json",
    "rspec",
    "rspec-core",
    "rspec-rails",
    "minitest",
    "thor",
    "i18n",
    "tzinfo",
    "concurrent-ruby",
    "faraday",
    "aws-sdk-core",
    "aws-sdk-s3",
    "rubocop",
    "rubocop-rails",
    "puma",
    "sidekiq",
    "devise",
    "pg",
    "mysql2",
    "sqlite3",
    "redis",
    "pry",
    "byebug",
    "capybara",
    "selenium-webdriver",
    "webmock",
    "vcr",
    "factory_bot",
    "factory_bot_rails",
    "faker",
    "httparty",
    "rest-client",
    "jwt",
    "bcrypt",
    "dotenv",
    "dotenv-rails",
    "cocoapods",
    "fastlane",
    "jekyll",
    "sass",
    "sassc",
    "mini_magick",
    "rmagick",
    "kaminari",
    "pundit",
    "cancancan",
    "sprockets",
    "webpacker",
    "turbo-rails",
    "stimulus-rails",
    "importmap-rails",
    "bootsnap",
    "listen",
    "rubyzip",
    "addressable",
    "mime-types",
    "net-http",
    "octokit",
    "google-protobuf",
    "grpc",
    "ffi",
    "msgpack",
    "oj",
    "yard",
    "simplecov",
    "rails-html-sanitizer",
    "activeadmin",
    "graphql",
    "sorbet",
    "rbs",
    "solargraph",
    "foreman",
];

/// The MCP reference servers (github.com/modelcontextprotocol/servers, its README's sections on
/// reference servers and archived ones): npm `@modelcontextprotocol/server-NAME` and PyPI `mcp-server-NAME`.
pub const MCP_SERVERS: &[&str] = &[
    "@modelcontextprotocol/server-everything",
    "@modelcontextprotocol/server-filesystem",
    "@modelcontextprotocol/server-memory",
    "@modelcontextprotocol/server-sequential-thinking",
    "@modelcontextprotocol/server-github",
    "@modelcontextprotocol/server-gitlab",
    "@modelcontextprotocol/server-postgres",
    "@modelcontextprotocol/server-puppeteer",
    "@modelcontextprotocol/server-slack",
    "@modelcontextprotocol/server-brave-search",
    "@modelcontextprotocol/server-google-maps",
    "@modelcontextprotocol/server-gdrive",
    "@modelcontextprotocol/server-redis",
    "@modelcontextprotocol/server-aws-kb-retrieval",
    "@modelcontextprotocol/server-everart",
    "@modelcontextprotocol/sdk",
    "@modelcontextprotocol/inspector",
    "mcp-server-fetch",
    "mcp-server-git",
    "mcp-server-time",
    "mcp-server-sqlite",
    "mcp-server-sentry",
];

/// A decoded table: every name, sorted, in one buffer.
pub struct Table {
    buf: String,
    ends: Vec<u32>,
}

/// The names of prefix-shared tables (each line: the count of characters shared with the
/// previous name as one character `'0' + k`, then the rest), in file order.
fn decode_names(parts: &[&str]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for fc in parts {
        let mut prev = String::new();
        for line in fc.lines() {
            let mut chars = line.chars();
            let k = chars.next().map_or(0, |c| (c as usize).saturating_sub(48));
            // keep the first k characters of the previous name (a byte cut when it is
            // ASCII, as package names are)
            let cut = if prev.is_ascii() {
                k.min(prev.len())
            } else {
                prev.char_indices().nth(k).map_or(prev.len(), |(i, _)| i)
            };
            prev.truncate(cut);
            prev.push_str(chars.as_str());
            names.push(prev.clone());
        }
    }
    names
}

impl Table {
    fn from_names(mut names: Vec<String>) -> Table {
        names.sort();
        names.dedup();
        let mut buf = String::with_capacity(names.iter().map(String::len).sum());
        let mut ends = Vec::with_capacity(names.len());
        for n in &names {
            buf.push_str(n);
            ends.push(u32::try_from(buf.len()).unwrap_or(u32::MAX));
        }
        Table { buf, ends }
    }

    /// The `i`th name.
    fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        let end = self.ends[i] as usize;
        self.buf.get(start..end).unwrap_or("")
    }

    /// Whether `name` is in the table.
    pub fn contains(&self, name: &str) -> bool {
        let (mut lo, mut hi) = (0usize, self.ends.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.get(mid).cmp(name) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return true,
            }
        }
        false
    }

    /// Every name.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.ends.len()).map(|i| self.get(i))
    }

    /// How many names.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// The two tables of an ecosystem: the names imitated (the most popular) and every well-known
/// name (those and the rest).
pub struct Popular {
    /// The names a look-alike is measured against.
    pub top: Table,
    /// Every well-known name (an install of one is never a look-alike).
    pub known: Table,
}

fn owned(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| (*s).to_string()).collect()
}

/// The tables of `eco`, decoded on first use.
pub fn popular(eco: Eco) -> &'static Popular {
    static NPM: OnceLock<Popular> = OnceLock::new();
    static PYPI: OnceLock<Popular> = OnceLock::new();
    static CRATES_T: OnceLock<Popular> = OnceLock::new();
    static GEMS_T: OnceLock<Popular> = OnceLock::new();
    let small = |names: &[&str]| Popular {
        top: Table::from_names(owned(names)),
        known: Table::from_names(owned(names)),
    };
    match eco {
        Eco::Npm => NPM.get_or_init(|| {
            let mcp: Vec<String> = owned(MCP_SERVERS)
                .into_iter()
                .filter(|n| n.starts_with('@'))
                .collect();
            // each table decoded once; the well-known names are the top ones and the rest
            let mut top = decode_names(&[NPM_TOP]);
            top.extend(mcp.iter().cloned());
            let mut known = top.clone();
            known.extend(decode_names(&[NPM_MORE]));
            Popular {
                top: Table::from_names(top),
                known: Table::from_names(known),
            }
        }),
        Eco::Pypi => PYPI.get_or_init(|| {
            let mcp: Vec<String> = owned(MCP_SERVERS)
                .into_iter()
                .filter(|n| !n.starts_with('@'))
                .collect();
            let mut top = decode_names(&[PYPI_TOP]);
            top.extend(mcp.iter().cloned());
            let mut known = top.clone();
            known.extend(decode_names(&[PYPI_MORE]));
            Popular {
                top: Table::from_names(top),
                known: Table::from_names(known),
            }
        }),
        Eco::Crates => CRATES_T.get_or_init(|| small(CRATES)),
        Eco::Gems => GEMS_T.get_or_init(|| small(GEMS)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_decode_to_their_sources_names() {
        let npm = popular(Eco::Npm);
        assert!(npm.known.len() > 17_000, "{}", npm.known.len());
        for n in [
            "react",
            "discord.js",
            "firebase-admin",
            "@types/node",
            "@babel/core",
        ] {
            assert!(npm.known.contains(n), "{n}");
        }
        assert!(npm.top.contains("express"));
        assert!(npm.top.contains("@modelcontextprotocol/server-github"));
        let pypi = popular(Eco::Pypi);
        assert!(pypi.known.len() >= 15_000);
        for n in [
            "requests",
            "kubernetes",
            "python-dateutil",
            "ruamel-yaml",
            "mcp-server-git",
        ] {
            assert!(pypi.known.contains(n), "{n}");
        }
        assert!(!pypi.known.contains("kubernetess"));
        assert!(popular(Eco::Crates).known.contains("serde_json"));
        assert!(!npm.known.is_empty());
    }
}
