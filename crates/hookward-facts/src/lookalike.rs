//! Code-hosting owners spelled to look like well-known ones (issue 11 item 5, look-alikes
//! beyond host names): `goreIeaser/goreleaser-action` (capital I for l) in a workflow's
//! `uses:`, `github.com/terraform-aws-modu1es/…` (digit 1 for l) as a module source,
//! `github.com/espressiff/…` (a doubled letter) in an install URL. A typosquatted owner serves
//! code that the reader takes for the real project's.
//!
//! Mechanism: every owner named in the text (after `github.com/`, `gitlab.com/`,
//! `raw.githubusercontent.com/`, `gist.github.com/`, npm's `github:`/`gitlab:` shorthands, or in
//! a GitHub Actions `uses: OWNER/REPO`)
//! is reduced to a *skeleton* (case folded, `0`→`o`, `1`/`i`→`l`, `5`→`s`, `rn`→`m`, `vv`→`w`,
//! `-`/`_` dropped, runs of one letter collapsed) and compared with the skeletons of
//! [`WELL_KNOWN_OWNERS`]. The same skeleton under another spelling is a look-alike. An owner
//! spelled with look-alike digits between letters (`rel3ase`, `tidep00l`) is one too when the
//! word it imitates is written plainly in the same text (`imitated_nearby`), and an edit that
//! puts another owner in front of the same repository name swaps the code's source
//! ([`swapped_owners`]). The text is read bounded ([`MAX_TEXT`]); nothing is fetched.

use serde::{Deserialize, Serialize};

/// The most bytes of text read (64 KiB).
pub const MAX_TEXT: usize = 64 * 1024;

/// Owners whose code people install or run by name (GitHub organisations behind widely used
/// actions, toolchains, SDKs and registries; the Actions Marketplace's verified creators and
/// the language projects' own organisations). Lower case.
pub const WELL_KNOWN_OWNERS: &[&str] = &[
    "actions",
    "github",
    "docker",
    "goreleaser",
    "hashicorp",
    "terraform-aws-modules",
    "terraform-google-modules",
    "azure",
    "aws-actions",
    "google-github-actions",
    "microsoft",
    "golang",
    "rust-lang",
    "npm",
    "nodejs",
    "python",
    "pypa",
    "espressif",
    "vercel",
    "facebook",
    "google",
    "kubernetes",
    "kubernetes-sigs",
    "helm",
    "dtolnay",
    "peter-evans",
    "softprops",
    "codecov",
    "sonarsource",
    "aquasecurity",
    "snyk",
    "pnpm",
    "astral-sh",
    "denoland",
    "oven-sh",
    "cloudflare",
    "grafana",
    "prometheus",
    "elastic",
    "redis",
    "mongodb",
    "apache",
    "openai",
    "anthropics",
    "huggingface",
    "pytorch",
    "tensorflow",
    "nvidia",
    "ansible",
    "jetbrains",
    "gradle",
    "spring-projects",
    "getsentry",
    "fastlane",
    "expo",
    "flutter",
    "dart-lang",
    "swiftlang",
    "apple",
    "android",
    "homebrew",
    "nix-community",
    "cachix",
    "sigstore",
    "slsa-framework",
    "ossf",
    "renovatebot",
    "dependabot",
    "jfrog",
    "gitlab-org",
    "bitnami",
    "argoproj",
    "fluxcd",
    "istio",
    "envoyproxy",
    "containerd",
    "moby",
    "ruby",
    "rubygems",
    "php",
    "composer",
    "laravel",
    "django",
    "pallets",
    "numpy",
    "pandas-dev",
    "scikit-learn",
    "langchain-ai",
    "ollama",
    "vllm-project",
];

/// A look-alike owner named in a tool call (`input.facts.lookalike_owners`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LookalikeFact {
    /// The owner as written (`goreIeaser`).
    pub owner: String,
    /// The well-known owner it imitates (`goreleaser`).
    pub imitates: String,
    /// The text around it, at most 120 characters.
    pub evidence: String,
}

/// The skeleton of an owner name (module docs).
fn skeleton(name: &str) -> String {
    let lower: String = name
        .chars()
        .filter(|c| *c != '-' && *c != '_' && *c != '.')
        .map(|c| match c.to_ascii_lowercase() {
            '0' => 'o',
            '1' | 'i' => 'l',
            '5' => 's',
            c => c,
        })
        .collect();
    let lower = lower.replace("rn", "m").replace("vv", "w");
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

/// Where an owner name starts in text: after these prefixes.
const OWNER_PREFIXES: &[&str] = &[
    "github.com/",
    "github.com:",
    "gitlab.com/",
    "raw.githubusercontent.com/",
    "gist.github.com/",
    "uses:",
    "github:",
    "gitlab:",
];

/// `text` cut to [`MAX_TEXT`] bytes at a character boundary.
fn bounded(text: &str) -> &str {
    let end = (0..=MAX_TEXT.min(text.len()))
        .rev()
        .find(|e| text.is_char_boundary(*e))
        .unwrap_or(0);
    &text[..end]
}

/// One owner named in text after an [`OWNER_PREFIXES`] entry: where the owner starts (byte
/// offset), the owner as written, and the repository name after its `/` (empty when none).
struct Named<'t> {
    at: usize,
    owner: &'t str,
    repo: &'t str,
}

/// Every owner `text` names after an [`OWNER_PREFIXES`] entry and followed by `/` (`uses:
/// ./local-action` and `uses: docker://…` name none), in prefix order; `text` is read as given
/// (callers bound it, [`bounded`]).
fn named_owners(text: &str) -> Vec<Named<'_>> {
    fn name(r: &str) -> &str {
        let end = r
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
            .unwrap_or(r.len());
        &r[..end]
    }
    let mut out = Vec::new();
    for prefix in OWNER_PREFIXES {
        let mut from = 0;
        while let Some(rel) = text.get(from..).and_then(|t| t.find(prefix)) {
            let at = from + rel + prefix.len();
            from = at;
            let rest = text[at..].trim_start_matches([' ', '\t', '"', '\'']);
            let owner = name(rest);
            let Some(after) = rest[owner.len()..].strip_prefix('/') else {
                continue;
            };
            if !owner.is_empty() && out.len() < 256 {
                out.push(Named {
                    at,
                    owner,
                    repo: name(after),
                });
            }
        }
    }
    out
}

/// The look-alike owners `text` names (module docs), at most 4.
pub fn lookalike_owners(text: &str) -> Vec<LookalikeFact> {
    let text = bounded(text);
    let mut out: Vec<LookalikeFact> = Vec::new();
    for Named { at, owner, .. } in named_owners(text) {
        let lower = owner.to_ascii_lowercase();
        if WELL_KNOWN_OWNERS.contains(&lower.as_str()) {
            continue;
        }
        let sk = skeleton(owner);
        let real = WELL_KNOWN_OWNERS
            .iter()
            .find(|w| skeleton(w) == sk)
            .map(|w| (*w).to_string())
            .or_else(|| imitated_nearby(owner, text));
        if let Some(real) = real {
            if out.len() < 4 && !out.iter().any(|f| f.owner == owner) {
                let start = at.saturating_sub(40);
                let start = (0..=start)
                    .rev()
                    .find(|i| text.is_char_boundary(*i))
                    .unwrap_or(0);
                let evidence: String = text[start..].chars().take(120).collect();
                out.push(LookalikeFact {
                    owner: owner.to_string(),
                    imitates: real,
                    evidence,
                });
            }
        }
    }
    out
}

/// Digits that stand for the letters they look like in a name spelled to deceive (`0`→o,
/// `1`→l, `3`→e, `4`→a, `5`→s, `7`→t).
fn deleet(c: char) -> Option<char> {
    Some(match c {
        '0' => 'o',
        '1' => 'l',
        '3' => 'e',
        '4' => 'a',
        '5' => 's',
        '7' => 't',
        _ => return None,
    })
}

/// A part of an owner name (split at `-`, `_`, `.`) with a run of look-alike digits between
/// letters (`rel3ase`, `t00lkit`, `backp0rt`), read as the letters the digits imitate.
fn deleeted_part(part: &str) -> Option<String> {
    let b = part.as_bytes();
    let mut hit = false;
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let flanked = start > 0
                && b[start - 1].is_ascii_alphabetic()
                && i < b.len()
                && b[i].is_ascii_alphabetic();
            if flanked && part[start..i].chars().all(|c| deleet(c).is_some()) {
                hit = true;
            } else {
                return None;
            }
        } else {
            i += 1;
        }
    }
    hit.then(|| {
        part.chars()
            .map(|c| deleet(c).unwrap_or(c).to_ascii_lowercase())
            .collect()
    })
}

/// The word of `text` that an owner spelled with look-alike digits imitates: a word of at least
/// four letters, written without digits elsewhere in the same text, that reads the same once the
/// digits are read as letters (`cargo install --git https://github.com/cargo-rel3ase/cargo-release
/// cargo-release`: `rel3ase` imitates `release`; `git remote add backport-bot
/// https://github.com/tp-backp0rt-bot/x`: `backp0rt` imitates `backport`). The name being
/// imitated is right beside the look-alike, which is how such a link is made to pass a glance.
fn imitated_nearby(owner: &str, text: &str) -> Option<String> {
    let parts: Vec<String> = owner
        .split(['-', '_', '.'])
        .filter_map(deleeted_part)
        .collect();
    if parts.is_empty() {
        return None;
    }
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .take(4096)
        .filter(|w| w.len() >= 4 && w.chars().all(|c| c.is_ascii_alphabetic()))
        .find(|w| parts.iter().any(|p| skeleton(p) == skeleton(w)))
        .map(|w| w.to_ascii_lowercase())
}

/// Owners a file edit swaps in for another under the same repository name (`uses:
/// actions/checkout@v4` → `uses: actions-t00lkit/checkout@main`, `pypa/gh-action-pypi-publish`
/// → `tp-rel3ase/gh-action-pypi-publish`): the same code's name, served by somebody else. Pairs
/// are read after `OWNER_PREFIXES` in `old` and `new`; an owner still named in `new` is not
/// swapped out. At most 4.
pub fn swapped_owners(old: &str, new: &str) -> Vec<LookalikeFact> {
    let pairs = |text: &str| -> Vec<(String, String)> {
        named_owners(bounded(text))
            .into_iter()
            .filter(|n| !n.repo.is_empty())
            .take(64)
            .map(|n| (n.owner.to_ascii_lowercase(), n.repo.to_ascii_lowercase()))
            .collect()
    };
    let before = pairs(old);
    let after = pairs(new);
    let mut out: Vec<LookalikeFact> = Vec::new();
    for (owner, repo) in &after {
        if let Some((was, _)) = before
            .iter()
            .find(|(o, r)| r == repo && o != owner && !after.iter().any(|(a, _)| a == o))
        {
            if out.len() < 4 && !out.iter().any(|f| &f.owner == owner) {
                out.push(LookalikeFact {
                    owner: owner.clone(),
                    imitates: was.clone(),
                    evidence: format!("{was}/{repo} replaced by {owner}/{repo}"),
                });
            }
        }
    }
    out
}

/// Packages people install by name, per ecosystem, whose misspellings are registered to catch
/// typing mistakes (typosquatting: PyPI and npm advisories, the "typosquatting" literature): the
/// most-downloaded names of each registry's public statistics, lower case.
pub const POPULAR_PACKAGES: &[(&str, &[&str])] = &[
    (
        "pypi",
        &[
            "requests",
            "numpy",
            "pandas",
            "boto3",
            "urllib3",
            "setuptools",
            "certifi",
            "idna",
            "charset-normalizer",
            "python-dateutil",
            "pyyaml",
            "typing-extensions",
            "botocore",
            "cryptography",
            "packaging",
            "protobuf",
            "jinja2",
            "matplotlib",
            "scipy",
            "pillow",
            "pydantic",
            "fastapi",
            "flask",
            "django",
            "sqlalchemy",
            "pytest",
            "torch",
            "torchvision",
            "tensorflow",
            "transformers",
            "tokenizers",
            "datasets",
            "accelerate",
            "scikit-learn",
            "xgboost",
            "lightgbm",
            "opencv-python",
            "beautifulsoup4",
            "selenium",
            "openai",
            "anthropic",
            "langchain",
            "huggingface-hub",
            "safetensors",
            "tqdm",
            "click",
            "rich",
            "httpx",
            "aiohttp",
            "uvicorn",
            "gunicorn",
            "celery",
            "redis",
            "psycopg2",
            "pymongo",
            "colorama",
            "paramiko",
            "keras",
            "jupyter",
            "notebook",
            "seaborn",
            "plotly",
            "wandb",
            "mlflow",
            "sentencepiece",
            "peft",
            "bitsandbytes",
            "diffusers",
            "gradio",
            "streamlit",
        ],
    ),
    (
        "npm",
        &[
            "react",
            "react-dom",
            "lodash",
            "express",
            "axios",
            "chalk",
            "commander",
            "typescript",
            "webpack",
            "next",
            "vue",
            "moment",
            "dotenv",
            "debug",
            "uuid",
            "eslint",
            "prettier",
            "jest",
            "vite",
            "tailwindcss",
            "postcss",
            "babel-core",
            "rxjs",
            "yargs",
            "inquirer",
            "body-parser",
            "cors",
            "jsonwebtoken",
            "bcrypt",
            "mongoose",
            "prisma",
            "zod",
            "redux",
            "socket.io",
            "nodemon",
            "ts-node",
            "esbuild",
            "rollup",
            "sharp",
            "puppeteer",
            "playwright",
            "openai",
            "stripe",
            "firebase",
            "electron",
            "discord.js",
            "colors",
            "cross-env",
            "node-fetch",
            "ws",
            "glob",
            "minimist",
            "semver",
            "mkdirp",
            "rimraf",
        ],
    ),
];

/// A package name that is one typing mistake away from a popular one (`reqeusts`,
/// `pandsa`, `expres`), for the installs a shell command makes (`input.facts.lookalike_packages`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LookalikePackage {
    /// The package as written (`reqeusts`).
    pub package: String,
    /// The popular package it is one edit from (`requests`).
    pub imitates: String,
    /// `pypi` or `npm`.
    pub registry: String,
}

/// Whether the typed name `a` is one substitution, one deletion, one insertion (not an extra
/// character at its end: `boto3`, `torchx` are their own projects) or one swap of neighbours
/// away from `b`.
fn one_typo(a: &str, b: &str) -> bool {
    let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if x == y || x.len().abs_diff(y.len()) > 1 {
        return false;
    }
    if x.len() == y.len() {
        let diff: Vec<usize> = (0..x.len()).filter(|i| x[*i] != y[*i]).collect();
        return match diff.as_slice() {
            [_] => true,
            [i, j] => *j == i + 1 && x[*i] == y[*j] && x[*j] == y[*i],
            _ => false,
        };
    }
    let (long, short) = if x.len() > y.len() {
        (&x, &y)
    } else {
        (&y, &x)
    };
    let first = (0..short.len())
        .find(|i| long[*i] != short[*i])
        .unwrap_or(short.len());
    // The typed name has one character more at its end (`boto3`, `torchx`): a suffix, another
    // project's name, not a typo. One missing at the end (`expres`) is a typo.
    if first == short.len() && x.len() > y.len() {
        return false;
    }
    // A trailing digit missing (`psycopg` for `psycopg2`): a major version in the name, two
    // projects.
    if first == short.len() && long.last().is_some_and(|c| c.is_ascii_digit()) {
        return false;
    }
    long[first + 1..] == short[first..]
}

/// The registry a package manager's install command installs from, and its package operands:
/// `pip|pip3|uv pip install NAME…`, `uv add`, `poetry add`, `pipx install`, `npm|pnpm|yarn|bun
/// install|i|add NAME…`.
fn install_operands(program: &str, argv: &[String]) -> Option<(&'static str, Vec<String>)> {
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let verb_at = |verbs: &[&str]| words.iter().position(|w| verbs.contains(w));
    let (registry, at) = match program {
        "pip" | "pip3" | "pipx" => ("pypi", verb_at(&["install"])?),
        "uv" => ("pypi", verb_at(&["install", "add"])?),
        "poetry" | "pdm" => ("pypi", verb_at(&["add"])?),
        "npm" | "pnpm" | "yarn" | "bun" => ("npm", verb_at(&["install", "i", "add"])?),
        _ => return None,
    };
    let mut out = Vec::new();
    let mut skip = false;
    for w in words.iter().skip(at + 1).take(32) {
        if std::mem::take(&mut skip) {
            continue;
        }
        if w.starts_with('-') {
            // options that take a value (pip -r FILE, -e PATH, -i URL, --index-url URL…)
            skip = matches!(
                *w,
                "-r" | "--requirement"
                    | "-e"
                    | "--editable"
                    | "-i"
                    | "--index-url"
                    | "--extra-index-url"
                    | "-c"
                    | "--constraint"
                    | "-t"
                    | "--target"
                    | "--registry"
                    | "--prefix"
            );
            continue;
        }
        let name = w
            .split(['=', '<', '>', '~', '!', '[', ';'])
            .next()
            .unwrap_or("");
        let name = match registry {
            // `name@version`; a scoped `@scope/name` is left out (no popular one is scoped here)
            "npm" => name.split('@').next().unwrap_or(""),
            _ => name,
        };
        if name.is_empty() || name.contains(['/', ':', '.']) {
            continue; // a path, a URL, a git spec, a file, a scope
        }
        if name.len() >= 4 {
            out.push(name.to_ascii_lowercase());
        }
    }
    Some((registry, out))
}

/// The installs of `commands` (the shell analyzer's command facts) whose package is one typing
/// mistake from a [`POPULAR_PACKAGES`] name and not itself one; at most 4.
pub fn lookalike_packages(commands: &[hookward_shell::CommandFact]) -> Vec<LookalikePackage> {
    let mut out = Vec::new();
    for c in commands.iter().take(64) {
        let Some((registry, names)) = install_operands(&c.program, &c.argv) else {
            continue;
        };
        let Some((_, popular)) = POPULAR_PACKAGES.iter().find(|(r, _)| *r == registry) else {
            continue;
        };
        for n in names {
            if popular.contains(&n.as_str()) {
                continue;
            }
            if let Some(p) = popular.iter().find(|p| p.len() >= 4 && one_typo(&n, p)) {
                if out.len() < 4 {
                    out.push(LookalikePackage {
                        package: n,
                        imitates: (*p).to_string(),
                        registry: registry.to_string(),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_spelled_like_well_known_ones_are_look_alikes() {
        for (text, real) in [
            ("uses: goreIeaser/goreleaser-action@main", "goreleaser"),
            (
                "source = \"git::https://github.com/terraform-aws-modu1es/terraform-aws-vpc.git\"",
                "terraform-aws-modules",
            ),
            (
                "pio pkg install --tool \"https://github.com/espressiff/tool-esptoolpy/archive/master.zip\"",
                "espressif",
            ),
            ("git clone https://github.com/hashicorrp/terraform", "hashicorp"),
            ("- uses: act1ons/checkout@v4", "actions"),
            ("pip install git+https://github.com/pytorc h/x", ""),
        ] {
            let f = lookalike_owners(text);
            if real.is_empty() {
                assert!(f.is_empty(), "{text}: {f:?}");
            } else {
                assert_eq!(f.first().map(|f| f.imitates.as_str()), Some(real), "{text}");
            }
        }
    }

    /// Digits spelled for letters next to the plain word they imitate, and owners swapped in
    /// front of the same repository by an edit.
    #[test]
    fn owners_imitating_a_word_nearby_or_swapped_in() {
        for text in [
            "npm install @tidepool/schema@github:tidep00l-dev/schema#main",
            "cargo install --git https://github.com/cargo-rel3ase/cargo-release cargo-release",
            "git remote add backport-bot https://github.com/tp-backp0rt-bot/x && git fetch backport-bot",
        ] {
            assert_eq!(lookalike_owners(text).len(), 1, "{text}");
        }
        for text in [
            "go install github.com/spf13/cobra-cli@latest",
            "pip install git+https://github.com/s3tools/s3cmd",
            "git clone https://github.com/web3j/web3j",
            "npm i github:neo4j/neo4j-javascript-driver",
        ] {
            assert!(lookalike_owners(text).is_empty(), "{text}");
        }
        let f = swapped_owners(
            "      - uses: actions/checkout@v4",
            "      - uses: actions-t00lkit/checkout@main",
        );
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].imitates, "actions");
        assert!(
            swapped_owners("uses: actions/checkout@v3", "uses: actions/checkout@v4").is_empty()
        );
        assert!(swapped_owners("uses: a/x@v1", "uses: a/x@v1\n  uses: b/y@v1").is_empty());
    }

    #[test]
    fn real_owners_and_unrelated_ones_are_not() {
        for text in [
            "uses: actions/checkout@v4",
            "uses: goreleaser/goreleaser-action@v6",
            "git clone https://github.com/rust-lang/rust",
            "git clone https://github.com/acme/internal-tools",
            "uses: ./.github/actions/setup",
            "uses: docker://alpine:3",
            "https://github.com/Microsoft/vscode",
            "go install github.com/golang/mock/mockgen@latest",
        ] {
            assert!(lookalike_owners(text).is_empty(), "{text}");
        }
    }

    #[test]
    fn packages_one_typo_from_popular_ones() {
        assert!(one_typo("reqeusts", "requests"));
        assert!(one_typo("pandsa", "pandas"));
        assert!(one_typo("expres", "express"));
        assert!(!one_typo("numpyy", "numpy"));
        assert!(!one_typo("boto3", "boto"));
        assert!(!one_typo("torchx", "torch"));
        assert!(!one_typo("psycopg", "psycopg2"));
        assert!(one_typo("tensorfow", "tensorflow"));
        let ctx =
            hookward_shell::ShellContext::new("/home/dev/p", "/home/dev", None).expect("context");
        let names = |cmd: &str| -> Vec<String> {
            lookalike_packages(&hookward_shell::analyze(cmd, &ctx).commands)
                .into_iter()
                .map(|p| p.imitates)
                .collect()
        };
        assert_eq!(names("pip install reqeusts"), vec!["requests"]);
        assert_eq!(names("npm i expres --save"), vec!["express"]);
        assert_eq!(names("uv pip install tensorfow==2.15"), vec!["tensorflow"]);
        for cmd in [
            "pip install requests pandas",
            "pip install -r requirements.txt",
            "npm install react@18 react-dom",
            "pip install torchx boto3",
            "pip install -e .",
            "npm install ./local-pkg",
        ] {
            assert!(names(cmd).is_empty(), "{cmd}");
        }
    }
}
