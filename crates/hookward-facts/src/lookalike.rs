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

use crate::popular::{popular, Eco};
use crate::typosquat;

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
    // h-source26: the organisations behind well-known crates, embedded tool chains, Kubernetes
    // add-ons and Go modules people install from their repositories by name (crates.io owners
    // of serde, tokio, memchr/regex/ripgrep (BurntSushi), embassy, probe-rs; the Zephyr and
    // Yocto projects; PlatformIO; the Prometheus community and cert-manager charts; gRPC).
    "serde-rs",
    "tokio-rs",
    "burntsushi",
    "embassy-rs",
    "probe-rs",
    "zephyrproject-rtos",
    "yoctoproject",
    "platformio",
    "prometheus-community",
    "cert-manager",
    "grpc",
    "containers",
];

/// Words an impersonating owner appends to a well-known owner's name to pass for an official
/// offshoot (`huggingface-hub`, `istio-mirror`, `nvidia-official`): a mirror, a fork, a
/// "patched" or "fast" variant. Real offshoots of well-known owners that use such words are in
/// [`WELL_KNOWN_OWNERS`] themselves; `community` is not one of these words, since real
/// community organisations beside a project are common (`prometheus-community`,
/// `nix-community`, `fluxcd-community`).
/// h-source26; the shapes are those of GitHub's and Docker Hub's impersonation reports.
const IMPERSONATION_AFFIXES: &[&str] = &[
    "mirror", "mirrors", "hub", "official", "patched", "fork", "fast", "ng", "ops",
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
    /// h-source26: the command fetches code from this owner and runs it in the same step
    /// (`go run github.com/OWNER/x@latest`, `sources::fetch_runs`; rule `net/source-run`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub runs: bool,
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
            // h-source26: the other look-alike digits of `deleet` (`gorel3aser`)
            '3' => 'e',
            '4' => 'a',
            '7' => 't',
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
    // h-source26: image namespaces are publishers too (GitHub's container registry names the
    // GitHub owner; Docker Hub's namespace is its organisation)
    "ghcr.io/",
    "docker.io/",
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
            .or_else(|| imitated_nearby(owner, text))
            .or_else(|| near_owner(&lower))
            .or_else(|| leet_word_owner(owner))
            .or_else(|| claimed_owner(&lower));
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
                    runs: false,
                });
            }
        }
    }
    out
}

/// The well-known owner `lower` (an owner, lower case, not well known itself) is one typing
/// mistake from (`typosquat::one_typo`: `nvidla`, `serd-rs`, `embassy-rss`; both names of 6
/// or more characters; a different last letter is not one: `containers`/`containerd` are
/// two projects, as a plural or a suffix letter often is), or a well-known owner with an
/// [`IMPERSONATION_AFFIXES`] word after it (`huggingface-hub`, `istio-mirror`). h-source26.
fn near_owner(lower: &str) -> Option<String> {
    if lower.len() >= 6 {
        let last_differs = |w: &str| {
            lower.len() == w.len()
                && lower.chars().last() != w.chars().last()
                && lower[..lower.len() - 1] == w[..w.len() - 1]
        };
        if let Some(w) = WELL_KNOWN_OWNERS
            .iter()
            .find(|w| w.len() >= 6 && typosquat::one_typo(lower, w) && !last_differs(w))
        {
            return Some((*w).to_string());
        }
    }
    let (head, tail) = lower.rsplit_once(['-', '_'])?;
    (IMPERSONATION_AFFIXES.contains(&tail) && WELL_KNOWN_OWNERS.contains(&head))
        .then(|| head.to_string())
}

/// An owner with a part spelled with look-alike digits between letters that reads as a word
/// of the well-known package names once the digits are read as letters (`compl1ance-scan`:
/// `compliance`), as [`lookalike_tap`] judges a Homebrew tap's owner: a name made to pass for
/// another at a glance. The word read, with the owner's other parts. h-source26.
fn leet_word_owner(owner: &str) -> Option<String> {
    for part in owner.split(['-', '_', '.']) {
        let Some(read) = deleeted_part(part) else {
            continue;
        };
        if read.len() >= 5 && word_of_popular_names(&read) {
            return Some(
                owner
                    .to_ascii_lowercase()
                    .replace(&part.to_ascii_lowercase(), &read),
            );
        }
    }
    None
}

/// An owner named as a claimed better version of a well-known npm or PyPI package
/// (`typosquat::claimed_variant`: `semver-hotfix`, `requests-patched`): a fork that sells itself
/// as the real package, fixed. h-source26.
fn claimed_owner(lower: &str) -> Option<String> {
    [Eco::Npm, Eco::Pypi]
        .iter()
        .find_map(|e| typosquat::claimed_variant(lower, popular(*e)))
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
            // between letters (`rel3ase`), or one digit opening a word of letters (`0penzeppelin`:
            // the word it imitates must still be written plainly nearby)
            let opens = start == 0 && i == 1 && b.len() >= 5;
            let flanked = (opens || (start > 0 && b[start - 1].is_ascii_alphabetic()))
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
                    runs: false,
                });
            }
        }
    }
    out
}

/// A package name that is a look-alike of a well-known one (`reqeusts`, `discrod.js`,
/// `@wordpres/block-editor`; `typosquat.rs`), for the installs a shell command makes, or an MCP
/// server configuration starts (`input.facts.lookalike_packages`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LookalikePackage {
    /// The package as written (`reqeusts`).
    pub package: String,
    /// The well-known package it imitates (`requests`).
    pub imitates: String,
    /// `pypi`, `npm`, `crates.io`, `rubygems`, or `homebrew tap` (a tap's owner).
    pub registry: String,
    /// h-source26: a runner fetches it and runs it at once (`npx -y PKG`, `uvx PKG`, `pipx run
    /// PKG`, `pnpm dlx PKG`; rule `net/source-run`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub runs: bool,
}

/// The registry an install command installs from, and its package operands (module docs of
/// `typosquat.rs`): `pip|pip3 install`, `python -m pip install`, `uv pip install`, `uv add`,
/// `uv tool install|run`, `uvx`, `pipx install|run`, `poetry|pdm add`; `npm|pnpm|yarn|bun
/// install|i|add`, `npx`, `bunx`, `pnpx`, `pnpm|yarn dlx`, `npm exec`; `cargo install|add`;
/// `gem install`, `bundle add`; `brew install|reinstall`.
fn install_operands(program: &str, argv: &[String]) -> Option<(Eco, Vec<String>, bool)> {
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let verb_at = |verbs: &[&str]| words.iter().position(|w| verbs.contains(w));
    // (registry, index of the verb word, whether only the first operand is a package)
    let (eco, at, first_only) = match program {
        "pip" | "pip3" => (Eco::Pypi, verb_at(&["install"])?, false),
        "python" | "python3" => {
            if words.first() != Some(&"-m") || words.get(1) != Some(&"pip") {
                return None;
            }
            (Eco::Pypi, verb_at(&["install"])?, false)
        }
        "uv" => match verb_at(&["install", "add", "run"]) {
            Some(i) if words[i] == "run" && words.get(..i).is_some_and(|w| w.contains(&"tool")) => {
                (Eco::Pypi, i, true)
            }
            Some(i) if words[i] != "run" => (Eco::Pypi, i, false),
            _ => return None,
        },
        "uvx" => (Eco::Pypi, 0usize.wrapping_sub(1), true),
        "pipx" => {
            let i = verb_at(&["install", "run"])?;
            (Eco::Pypi, i, words[i] == "run")
        }
        "poetry" | "pdm" => (Eco::Pypi, verb_at(&["add"])?, false),
        "npm" | "pnpm" | "yarn" | "bun" => {
            match verb_at(&["install", "i", "add", "dlx", "exec", "x"]) {
                Some(i) if matches!(words[i], "dlx" | "exec" | "x") => (Eco::Npm, i, true),
                Some(i) => (Eco::Npm, i, false),
                None => return None,
            }
        }
        "npx" | "bunx" | "pnpx" => (Eco::Npm, 0usize.wrapping_sub(1), true),
        "cargo" => (Eco::Crates, verb_at(&["install", "add"])?, false),
        "gem" => (Eco::Gems, verb_at(&["install"])?, false),
        "bundle" => (Eco::Gems, verb_at(&["add"])?, true),
        // Homebrew's formulae are not checked by name: the table of `popular.rs` is too short
        // to know the ~7,000 real ones (`brew install openssh` is one letter from `openssl`);
        // a tap's owner is checked ([`lookalike_tap`]).
        _ => return None,
    };
    let mut out = Vec::new();
    let mut skip = false;
    let mut explicit: Vec<String> = Vec::new();
    let rest = words.iter().skip(at.wrapping_add(1)).take(32);
    for w in rest {
        if std::mem::take(&mut skip) {
            continue;
        }
        if w.starts_with('-') {
            // `npx -p PKG`, `npx --package=PKG`, `uvx --from PKG`, `pipx run --spec PKG`: the
            // package named explicitly
            if let Some(v) = w
                .strip_prefix("--package=")
                .or_else(|| w.strip_prefix("--from="))
                .or_else(|| w.strip_prefix("--spec="))
            {
                explicit.push(v.to_string());
                continue;
            }
            if matches!(*w, "-p" | "--package" | "--from" | "--spec") && first_only {
                skip = true;
                explicit.push(String::new());
                continue;
            }
            // options that take a value (pip -r FILE, -e PATH, -i URL, --index-url URL, npm
            // --prefix DIR, cargo --git URL …)
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
                    | "-C"
                    | "--dir"
                    | "--cwd"
                    | "--filter"
                    | "--git"
                    | "--path"
                    | "--branch"
                    | "--tag"
                    | "--rev"
                    | "--root"
                    | "--version"
                    | "--vers"
                    | "--features"
                    | "-F"
                    | "--python"
                    | "--source"
                    | "--with"
                    | "--group"
                    | "--only-group"
                    | "--no-group"
                    | "--extra"
                    | "--optional"
                    | "-w"
                    | "--workspace"
                    | "--constraints"
                    | "--overrides"
                    | "-o"
                    | "--output"
            );
            continue;
        }
        out.push(w.to_string());
        if first_only {
            break;
        }
    }
    // `-p PKG`: the word after the option is the package
    if first_only && explicit.iter().any(String::is_empty) {
        let mut it = words.iter();
        while let Some(w) = it.next() {
            if matches!(*w, "-p" | "--package" | "--from" | "--spec") {
                if let Some(v) = it.next() {
                    explicit.push((*v).to_string());
                }
            }
        }
        explicit.retain(|e| !e.is_empty());
        out.clear();
    }
    out.extend(explicit);
    let names = out.iter().filter_map(|w| package_name(eco, w)).collect();
    Some((eco, names, first_only))
}

/// The package name of an install operand: without its version (`x@1`, `x==1`, `x>=1`,
/// `x[extra]`, `x:1` for a gem), or `None` for a path, a URL, a git spec, a file or an alias.
fn package_name(eco: Eco, w: &str) -> Option<String> {
    if w.contains("://") || w.starts_with('.') || w.starts_with('/') || w.starts_with('~') {
        return None;
    }
    let name = match eco {
        Eco::Npm => {
            // `@scope/name@1`, `name@1`; `github:`, `npm:`, `file:` specs are not names
            if w.contains(':') {
                return None;
            }
            let body = w.strip_prefix('@').unwrap_or(w);
            let end = body.find('@').unwrap_or(body.len());
            let name = &w[..end + (w.len() - body.len())];
            if name.matches('/').count() != usize::from(name.starts_with('@')) {
                return None; // `owner/repo` is a GitHub shorthand
            }
            name.to_string()
        }
        _ => {
            let n = w
                .split(['=', '<', '>', '~', '!', '[', ';', '@', ' '])
                .next()
                .unwrap_or("");
            if n.contains(['/', ':'])
                || n.ends_with(".whl")
                || n.ends_with(".gz")
                || n.ends_with(".gem")
            {
                return None;
            }
            n.to_string()
        }
    };
    (!name.is_empty()).then_some(name)
}

/// The installs of `commands` (the shell analyzer's command facts) whose package is a
/// look-alike of a well-known one (`typosquat.rs`), and the Homebrew taps whose owner is spelled
/// with look-alike digits ([`lookalike_tap`]); at most 4.
pub fn lookalike_packages(commands: &[hookward_shell::CommandFact]) -> Vec<LookalikePackage> {
    let mut out: Vec<LookalikePackage> = Vec::new();
    for c in commands.iter().take(64) {
        if let Some(f) = lookalike_tap(&c.program, &c.argv) {
            if out.len() < 4 && !out.contains(&f) {
                out.push(f);
            }
        }
        // a package a runner starts (`npx -y PKG`, `bunx PKG`, `uvx PKG`, `pnpm dlx PKG`): the
        // shell analyzer gives the command the runner runs, with the runner as its wrapper
        let runner = c.wrappers.last().and_then(|w| match w.as_str() {
            "npx" | "bunx" | "pnpx" | "pnpm" | "yarn" | "bun" | "npm" => Some(Eco::Npm),
            "uvx" | "pipx" | "uv" => Some(Eco::Pypi),
            _ => None,
        });
        let got = match runner {
            Some(eco) if install_operands(&c.program, &c.argv).is_none() => c
                .argv
                .first()
                .and_then(|w| package_name(eco, w))
                .map(|n| (eco, vec![n], true)),
            _ => install_operands(&c.program, &c.argv),
        };
        let Some((eco, mut names, first_only)) = got else {
            continue;
        };
        // h-source26: a repository installed from a code host is taken for the package its
        // name names (`pip install git+https://github.com/o/pymisp-fast.git`, `cargo install
        // --git https://github.com/o/serde-fast`, `npm i github:o/lodash-patched`)
        if install_operands(&c.program, &c.argv).is_some() {
            for w in c.argv.iter().skip(1).take(32) {
                if let Some(r) = code_host_repo(w) {
                    if !names.contains(&r) {
                        names.push(r);
                    }
                }
            }
        }
        // the runner forms run the package they fetch (`bundle add` only installs)
        let runs = first_only && c.program != "bundle";
        if eco == Eco::Npm {
            for w in c.argv.iter().skip(1).take(32) {
                if let Some(f) = npm_alias(w, runs) {
                    if out.len() < 4 && !out.contains(&f) {
                        out.push(f);
                    }
                }
            }
        }
        for n in names {
            if let Some(real) = typosquat::imitated(eco, &n) {
                let f = LookalikePackage {
                    package: n,
                    imitates: real,
                    registry: eco.label().to_string(),
                    runs,
                };
                if out.len() < 4 && !out.contains(&f) {
                    out.push(f);
                }
            }
        }
    }
    out
}

/// An npm alias operand (`NAME@npm:TARGET[@VERSION]`, npm's documented alias spec) that hides
/// another package behind a name: the code that imports `NAME` gets `TARGET`. It is a look-alike
/// when `TARGET` is one of a well-known package (`ethers@npm:etherss@6`), or when `NAME` is
/// well known and `TARGET`, another name, is not, nor in a well-known scope
/// (`@graphprotocol/graph-cli@npm:graph-cli-patched`: the well-known name stands in front of an
/// unknown package). Aliases to a well-known package or scope are quiet (`react@npm:@preact/compat`, `string-width-cjs@npm:string-width@4`).
fn npm_alias(w: &str, runs: bool) -> Option<LookalikePackage> {
    let (alias, spec) = w.split_once("@npm:")?;
    let body = spec.strip_prefix('@').unwrap_or(spec);
    let end = body.find('@').unwrap_or(body.len());
    let target = &spec[..end + (spec.len() - body.len())];
    let alias = alias.trim_start_matches(['\'', '"']);
    if target.is_empty() || alias.is_empty() || target.eq_ignore_ascii_case(alias) {
        return None;
    }
    let imitates = typosquat::imitated(Eco::Npm, target)
        .or_else(|| alias_imitated(alias, target))
        .or_else(|| {
            (typosquat::well_known(Eco::Npm, alias)
                && !typosquat::well_known(Eco::Npm, target)
                && !typosquat::well_known_scope(target))
            .then(|| alias.to_ascii_lowercase())
        })?;
    Some(LookalikePackage {
        package: target.to_string(),
        imitates,
        registry: Eco::Npm.label().to_string(),
        runs,
    })
}

/// The alias name when an alias's target is spelled to look like it: one typing mistake or
/// look-alike digits away (`@web3-onboard/core@npm:@web3-0nboard/core`), or the alias's own
/// name with a word claiming a better version after it (`graph-cli@npm:graph-cli-patched`). No
/// table is needed: the command itself names what the target imitates.
fn alias_imitated(alias: &str, target: &str) -> Option<String> {
    let (a, t) = (alias.to_ascii_lowercase(), target.to_ascii_lowercase());
    let read = |s: &str| -> String { s.chars().map(|c| deleet(c).unwrap_or(c)).collect() };
    let bare = |s: &str| -> String {
        s.strip_prefix('@')
            .and_then(|x| x.split_once('/'))
            .map_or(s.to_string(), |(_, n)| n.to_string())
    };
    let claims = bare(&t)
        .strip_prefix(bare(&a).as_str())
        .and_then(|rest| rest.strip_prefix(['-', '_', '.']))
        .is_some_and(|rest| {
            rest.split(['-', '_', '.'])
                .all(|w| typosquat::CLAIM_WORDS.contains(&w))
        });
    (typosquat::one_typo(&t, &a) || (read(&t) == read(&a) && t != a) || claims).then_some(a)
}

/// The repository name of a code-host URL or shorthand an install names (`git+https://
/// github.com/o/r.git@main#egg=x`, `https://gitlab.com/o/r`, `github:o/r#ref`), lower case,
/// without `.git`. h-source26.
fn code_host_repo(w: &str) -> Option<String> {
    let rest = [
        "github.com/",
        "gitlab.com/",
        "bitbucket.org/",
        "codeberg.org/",
        "github:",
    ]
    .iter()
    .find_map(|p| w.find(p).map(|i| &w[i + p.len()..]))?;
    let (_owner, after) = rest.split_once('/')?;
    let end = after
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
        .unwrap_or(after.len());
    let name = after[..end].trim_end_matches(".git").to_ascii_lowercase();
    (name.len() >= 4).then_some(name)
}

/// A Homebrew tap (`brew tap OWNER/REPO`, `brew install OWNER/REPO/FORMULA`) whose owner has a
/// part spelled with look-alike digits between letters (`sre-toolbe1t`) that reads as a word of
/// the well-known package names once the digits are read as letters (`toolbelt`, from
/// `requests-toolbelt`): a name made to pass for another at a glance. The words are those of 5
/// or more letters in the npm and PyPI top tables ([`deleeted_part`] reads the digits).
fn lookalike_tap(program: &str, argv: &[String]) -> Option<LookalikePackage> {
    if program != "brew" {
        return None;
    }
    let words: Vec<&str> = argv
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let tap = match words.first().copied() {
        Some("tap") => words.get(1).copied()?,
        Some("install" | "reinstall") => words[1..]
            .iter()
            .find(|w| w.matches('/').count() == 2)
            .copied()?,
        _ => return None,
    };
    let owner = tap.split('/').next()?;
    for part in owner.split(['-', '_', '.']) {
        let Some(read) = deleeted_part(part) else {
            continue;
        };
        if read.len() >= 5 && word_of_popular_names(&read) {
            return Some(LookalikePackage {
                package: tap.to_string(),
                imitates: owner.replace(part, &read),
                registry: "homebrew tap".to_string(),
                runs: false,
            });
        }
    }
    None
}

/// Whether `word` is a `-`-separated word of a name in the npm or PyPI top tables.
fn word_of_popular_names(word: &str) -> bool {
    [Eco::Npm, Eco::Pypi].iter().any(|e| {
        popular(*e)
            .top
            .iter()
            .any(|n| n.split(['-', '/', '.', '@']).any(|w| w == word))
    })
}

/// An MCP server configuration's text (`.mcp.json`, `mcpServers`/`servers` in an agent's or
/// editor's settings; the written text, whole or a fragment): the package each server's
/// runner (`npx`, `bunx`, `pnpm dlx`, `uvx`, `pipx run`) starts, as a command line's words, so
/// [`lookalike_packages`] judges it as it judges the same command typed.
pub fn mcp_server_commands(text: &str) -> Vec<hookward_shell::CommandFact> {
    let mut strings: Vec<String> = Vec::new();
    let mut rest = bounded(text);
    while let Some(i) = rest.find('"') {
        let after = &rest[i + 1..];
        let Some(j) = after.find('"') else { break };
        strings.push(after[..j].to_string());
        rest = &after[j + 1..];
        if strings.len() > 4096 {
            break;
        }
    }
    let runners = [
        "npx", "bunx", "pnpx", "uvx", "pipx", "pnpm", "yarn", "bun", "npm", "uv",
    ];
    let mut out = Vec::new();
    let mut i = 0;
    while i < strings.len() {
        let prog = strings[i].rsplit('/').next().unwrap_or("").to_string();
        if runners.contains(&prog.as_str()) {
            let mut argv = vec![prog.clone()];
            let mut j = i + 1;
            // the next strings up to the next key of the server (`"env"`, `"cwd"`, …) or runner
            while j < strings.len()
                && j < i + 24
                && !runners.contains(&strings[j].as_str())
                && !matches!(
                    strings[j].as_str(),
                    "env" | "cwd" | "type" | "url" | "command" | "headers"
                )
            {
                // the `"args"` key between the runner and its words
                if strings[j] != "args" {
                    argv.push(strings[j].clone());
                }
                j += 1;
            }
            out.push(hookward_shell::CommandFact {
                program: prog,
                argv,
                cwd: String::new(),
                evidence: String::new(),
                wrappers: Vec::new(),
                depth: 0,
            });
            i = j;
        } else {
            i += 1;
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
            // h-source26: leet digits, one typo, an impersonation affix, image namespaces
            ("go run github.com/g0rel3aser/x@latest", "goreleaser"),
            ("docker pull ghcr.io/nvidla/cuda:12", "nvidia"),
            ("cargo install --git https://github.com/tokio-rss/tokio-x", "tokio-rs"),
            ("pip install git+https://github.com/pytorch-mirror/vision", "pytorch"),
            ("image: docker.io/istio-official/proxy:1.22", "istio"),
            ("docker pull docker.io/nvidia/cuda:12", ""),
            ("git clone https://github.com/prometheus-community/helm-charts", ""),
            ("git clone https://github.com/pytorch-lightning/x", ""),
            ("go install github.com/golang-migrate/migrate/v4/cmd/migrate@latest", ""),
            ("git clone https://github.com/containers/podman", ""),
            ("go install github.com/sre-toolbe1t/kit/cmd/kit@latest", "sre-toolbelt"),
            ("git clone https://github.com/l10n-tools/x", ""),
            ("npm install github:lodash-hotfix/lodash#patch-1", "lodash"),
            ("git clone https://github.com/lodash-archive/x", ""),
            ("git clone https://github.com/i18n-team/x", ""),
            ("git clone https://github.com/pytorcj/x", ""),
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
            // one digit opening the owner, the plain word in the repository's name
            "git submodule add https://github.com/0penzeppelin/openzeppelin-contracts lib/oz",
            "go get github.com/5irupsen/logrus-sirupsen@v1",
        ] {
            assert_eq!(lookalike_owners(text).len(), 1, "{text}");
        }
        for text in [
            "go install github.com/spf13/cobra-cli@latest",
            "pip install git+https://github.com/s3tools/s3cmd",
            "git clone https://github.com/web3j/web3j",
            "npm i github:neo4j/neo4j-javascript-driver",
            // real owners that open with a digit
            "git clone https://github.com/1password/onepassword-operator",
            "npm i github:0xproject/0x-monorepo",
            "git clone https://github.com/3b1b/manim",
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
    fn installs_of_look_alike_packages() {
        let ctx =
            hookward_shell::ShellContext::new("/home/dev/p", "/home/dev", None).expect("context");
        let names = |cmd: &str| -> Vec<String> {
            lookalike_packages(&hookward_shell::analyze(cmd, &ctx).commands)
                .into_iter()
                .map(|p| p.imitates)
                .collect()
        };
        for (cmd, real) in [
            ("pip install reqeusts", "requests"),
            ("npm i expres --save", "express"),
            ("uv pip install tensorfow==2.15", "tensorflow"),
            ("python3 -m pip install --upgrade numpyy", "numpy"),
            ("pnpm add -D @bable/preset-env", "@babel/preset-env"),
            ("yarn add lodsah@4", "lodash"),
            ("npx -y typescrpt --init", "typescript"),
            ("bunx prettierr --write .", "prettier"),
            ("uvx blakc --check .", "black"),
            ("pipx run pre-comit run -a", "pre-commit"),
            ("poetry add djangorestframwork", "djangorestframework"),
            ("cargo add serde_jsno", "serde_json"),
            ("gem install nokogri", "nokogiri"),
            ("brew tap infra-t0olbelt/tap", "infra-toolbelt"),
            ("npm --prefix web install rеact-router", "react-router"),
            // npm aliases: a look-alike behind the name, or a well-known name in front of an
            // unknown package
            ("pnpm add -w ethers@npm:etherss@6.13.5", "ethers"),
            (
                "npm i -g @angular/cli@npm:ngx-buildtools@17",
                "@angular/cli",
            ),
            // the alias names what its target imitates, known or not
            (
                "pnpm add @acme-ui/core@npm:@acme-u1/core@2",
                "@acme-ui/core",
            ),
            (
                "npm i -g @acme/graph-cli@npm:graph-cli-patched@0.9",
                "@acme/graph-cli",
            ),
            ("npm i left-padder@npm:left-paddre@1", "left-padder"),
        ] {
            assert_eq!(names(cmd), vec![real.to_string()], "{cmd}");
        }
        for cmd in [
            "pip install requests pandas",
            "pip install -r requirements.txt",
            "npm install react@18 react-dom @types/react",
            "npm install --save-dev @wordpress/scripts @wordpress/block-editor",
            "npm i react@npm:@preact/compat react-dom@npm:@preact/compat",
            "npm i string-width-cjs@npm:string-width@^4.2.0",
            "pnpm add my-lodash@npm:lodash@4",
            "pip install torchx boto3",
            "pip install -e .",
            "npm install ./local-pkg",
            "npm install github:acme/ui-kit#main",
            "npm run build",
            "npx tsc --noEmit",
            "npx -y @modelcontextprotocol/server-filesystem /tmp",
            "uvx ruff check .",
            "cargo install ripgrep",
            "cargo add tokio --features full",
            "gem install bundler",
            "brew install jq yq gh",
            "brew tap hashicorp/tap",
            "brew tap neo4j/tap",
            "brew install aws/tap/copilot-cli",
            "pip install my-company-internal-lib",
        ] {
            assert!(names(cmd).is_empty(), "{cmd}: {:?}", names(cmd));
        }
    }

    /// h-source26: a code-host repository taken for the package its name names.
    #[test]
    fn repositories_named_like_well_known_packages() {
        let ctx =
            hookward_shell::ShellContext::new("/home/dev/p", "/home/dev", None).expect("context");
        let names = |cmd: &str| -> Vec<String> {
            lookalike_packages(&hookward_shell::analyze(cmd, &ctx).commands)
                .into_iter()
                .map(|f| f.imitates)
                .collect()
        };
        assert_eq!(
            names("pip install git+https://github.com/someone/requests-fast.git@main"),
            vec!["requests"]
        );
        assert_eq!(
            names("cargo install --git https://github.com/someone/serde-fast --locked"),
            vec!["serde"]
        );
        for quiet in [
            "pip install git+https://github.com/psf/requests.git",
            "pip install git+https://github.com/hauntsaninja/mypy_primer.git@ff3d95",
            "cargo install --git https://github.com/rust-fuzz/cargo-fuzz",
            "git clone https://github.com/someone/requests-fast",
        ] {
            assert!(names(quiet).is_empty(), "{quiet}");
        }
    }

    #[test]
    fn mcp_server_configurations_start_packages() {
        let text = r#"{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocl/server-github"], "env": {"GITHUB_TOKEN": "x"}},
            "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/home/dev"]},
            "fetch": {"command": "uvx", "args": ["mcp-server-fecth"]}}}"#;
        let got: Vec<String> = lookalike_packages(&mcp_server_commands(text))
            .into_iter()
            .map(|p| p.imitates)
            .collect();
        assert_eq!(
            got,
            vec![
                "@modelcontextprotocol/server-github".to_string(),
                "mcp-server-fetch".to_string()
            ]
        );
    }
}
