//! Edits of a project's configuration that weaken a check or move where code comes from
//! (issue 11 items 1 and 11, session 28, h-config28), judged by the *shape* of the edit — the
//! key's name and the direction its value takes from the old text to the new — rather than by a
//! table of files:
//!
//! - **check weakened** ([`weakened`]): a key whose name says a verification is done
//!   ([`names_a_check`]: `verify…`, `…Signature…`, `checksum`, `integrity`, `gpgcheck`,
//!   `strict` + SSL/TLS/host, `validate` + certificate) given a value that turns it off
//!   ([`WEAK_VALUES`]: `false`, `no`, `off`, `0`, `skip`, `ignore`, `none`…) where the old text
//!   did not, or a key whose name says the weaker choice ([`names_a_weakening`]: `insecure…`,
//!   `dangerous…`, `skip`/`disable`/`allow`/`ignore` + verify/sign/certificate, Electron's
//!   `nodeIntegration`, the `RunAsNode` fuse) turned on. Electron's `contextIsolation`,
//!   `webSecurity` and `sandbox` (Electron security checklist, items 3–6) count when they go
//!   from `true` to `false` in an edit. A Content-Security-Policy `script-src` that gains
//!   `'unsafe-eval'`, `'unsafe-inline'`, a wildcard or a host not allowed before (CSP Level 3,
//!   "script-src"; Chrome extension MV3 docs, "Content Security Policy") is weakened the same
//!   way; `connect-src` and the other directives are not read.
//! - **source moved** ([`moved`]): a key naming where updates, packages, plugins or builds are
//!   fetched from ([`SOURCE_KEYS`]: `url`, `endpoints`, `update_url`, `feed`, `appcast`,
//!   `registry`, `mirror`, `repository`, `remote`, `distributionUrl`, `index-url`, `source`,
//!   `resolved`…) whose URL in the new text has an origin ([`origin`]: the registrable domain,
//!   or the owner on a code host) that no URL under the same key had in the old text, or that
//!   went from `https` to `http` on the same origin. The next update, build or install then
//!   runs code from somewhere else. A release's or tap's `owner:` changed next to
//!   `tap`/`repository`/`release` (GoReleaser `brews[].repository.owner`,
//!   `release.github.owner`) is a move too. Version bumps in the same URL, paths within the same
//!   origin, `http` → `https`, and a move to this machine or a private network (a local update
//!   server for testing) stay quiet.
//!
//! Read: the old and new text of an Edit (each MultiEdit edit), a Write's text (no old text:
//! only settings set weak count), and the shell forms of the same edits ([`from_commands`]):
//! `sed -i 's/OLD/NEW/' FILE` (each `s` command an old→new pair) and `yq -i '.a.b = V' FILE`.
//! Prose documents are not read (a README's troubleshooting line is not a setting); neither is
//! program code for source moves (an API URL in code is the program's business, not where its
//! code comes from). At most [`MAX_LINES`] lines of at most [`MAX_LINE`] bytes per text, and
//! [`MAX_FACTS`] facts per call.

use serde::{Deserialize, Serialize};

/// The most lines read per text (2,000).
pub const MAX_LINES: usize = 2_000;
/// The most bytes read per line (600); longer lines are clipped.
pub const MAX_LINE: usize = 600;
/// The most facts kept per call (8).
pub const MAX_FACTS: usize = 8;

/// One edit that weakens a check or moves a source (`input.facts.config_edits`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigEditFact {
    /// `check_weakened` or `source_moved`.
    pub kind: String,
    /// The edited file (absolute when known).
    pub path: String,
    /// The key as written (`verifyUpdateCodeSignature`, `url`, `script-src`, `owner`).
    pub key: String,
    /// The old value (empty when the old text did not set the key).
    pub before: String,
    /// The new value.
    pub after: String,
    /// What changed, in words (`https → http`, `domain changed`, `'unsafe-eval' added`).
    pub detail: String,
    /// `tool` (a file tool's text) or `shell` (sed -i, yq -i).
    pub via: String,
    /// For `check_weakened`: the check is one of the content itself (a signature, checksum,
    /// integrity hash or package signature: [`checks_content`]), not of the transport (TLS,
    /// plain http allowed). Such a check is what would notice a swapped download.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub content_check: bool,
}

/// Whether a normalised key names a check of the content fetched — a signature, checksum,
/// integrity hash or package signature (`verifyUpdateCodeSignature`, `sha256sums`,
/// `checksumPolicy`, `gpgcheck`, the asar integrity fuse, a signing plugin's `skip`) — rather
/// than of the connection it comes over.
pub fn checks_content(k: &str) -> bool {
    [
        "sign",
        "checksum",
        "integrity",
        "gpg",
        "pgp",
        "hash",
        "digest",
    ]
    .iter()
    .any(|w| k.contains(w))
        || (k.starts_with("sha") && k.ends_with("sums"))
        || k == "skip"
}

/// Values with which a check fails the run on a finding (a data-quality or policy check's
/// `fail`/`error`/`enforce`, SELinux-style `enforcing`); only an edit from one of these to a
/// [`WEAK_VALUES`] value of a key naming a check or policy is read as weakening.
pub const ENFORCING_VALUES: &[&str] = &[
    "fail",
    "error",
    "enforce",
    "enforced",
    "enforcing",
    "block",
    "deny",
    "required",
    "strict",
];

/// Words of a Maven plugin's artifactId that say it signs or verifies (maven-gpg-plugin,
/// sign-maven-plugin, checksum-maven-plugin, maven-enforcer-plugin).
const SIGNING_PLUGIN_WORDS: &[&str] = &[
    "gpg-plugin",
    "sign-maven",
    "checksum-maven",
    "enforcer-plugin",
    "jarsigner",
];

/// The key-name and value vocabulary shared with the command-side judgement of security
/// controls switched off by a setting (`hookward_shell::controls`, h-switchoff29): one
/// vocabulary for file edits and for commands that write settings.
pub use hookward_shell::controls::{names_a_check, names_a_weakening, ON_VALUES, WEAK_VALUES};

/// Electron `webPreferences` protections on by default since Electron 12/20 (Electron security
/// checklist: 3 context isolation, 4 process sandboxing, 5 webSecurity): only an edit that turns
/// an explicit `true` into `false` counts (`sandbox` names other things in other stacks).
const ON_BY_DEFAULT: &[&str] = &["contextisolation", "websecurity", "sandbox"];

/// Keys naming where code is fetched from: updates (electron-builder `publish.url`, Tauri
/// `updater.endpoints`, Firefox `update_url`, Sparkle `SUFeedURL`/appcast), packages (npm
/// `registry`, pip `index-url`/`extra-index-url`, Maven `<url>`/`<mirror>`/`<repository>`,
/// Gradle `distributionUrl` and `maven { url … }`, Gemfile `source`, package-lock `resolved`,
/// PKGBUILD `source`, conda-recipe `source.url`, Homebrew `url`), plugins (buf.gen.yaml
/// `plugins[].remote`), git remotes and flake inputs (`remote`, `nixpkgs.url`), and dnf/yum
/// repositories (`baseurl`, dnf.conf(5); read in `.repo`/`.conf`/`.cfg` files only).
pub const SOURCE_KEYS: &[&str] = &[
    "url",
    "urls",
    "uri",
    "endpoint",
    "endpoints",
    "updateurl",
    "updatesurl",
    "feed",
    "feedurl",
    "sufeedurl",
    "appcast",
    "appcasturl",
    "registry",
    "registryurl",
    "mirror",
    "mirrors",
    "mirrorurl",
    "repository",
    "repositories",
    "repo",
    "repourl",
    "remote",
    "distributionurl",
    "indexurl",
    "extraindexurl",
    "source",
    "sources",
    "resolved",
    "downloadurl",
    "baseurl",
];

/// Code hosts where the owner, not the domain, says whose code it is.
const CODE_HOSTS: &[&str] = &[
    "github.com",
    "gitlab.com",
    "bitbucket.org",
    "codeberg.org",
    "raw.githubusercontent.com",
    "objects.githubusercontent.com",
    "gist.githubusercontent.com",
];

/// Prose documents: settings quoted in them are not settings.
const DOC_EXTS: &[&str] = &[
    "md", "mdx", "markdown", "txt", "rst", "adoc", "org", "html", "htm",
];

/// Program code: a URL in it is the program's own business (an API it calls), not where its code
/// comes from; read for weakened checks only.
const CODE_EXTS: &[&str] = &[
    "js", "jsx", "ts", "tsx", "mjs", "cjs", "py", "go", "java", "kt", "scala", "rs", "c", "cc",
    "cpp", "h", "hpp", "cs", "php", "dart", "vue", "svelte", "m", "mm", "ex", "exs",
];

fn ext_of(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or("");
    name.rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default()
}

fn is_doc(path: &str) -> bool {
    DOC_EXTS.contains(&ext_of(path).as_str())
}

fn is_code(path: &str) -> bool {
    CODE_EXTS.contains(&ext_of(path).as_str())
}

/// One `key = value` (or `key: value`, `key value`, `<key>value</key>`) found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Assign {
    raw: String,
    key: String,
    value: String,
}

fn is_key_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// A key name normalised: last dotted segment, lower case, `-` and `_` removed.
fn norm_key(raw: &str) -> String {
    raw.trim_matches('.')
        .rsplit('.')
        .next()
        .unwrap_or("")
        .chars()
        .filter(|c| *c != '-' && *c != '_')
        .collect::<String>()
        .to_ascii_lowercase()
}

fn clip(line: &str) -> &str {
    if line.len() <= MAX_LINE {
        return line;
    }
    let mut end = MAX_LINE;
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

/// The settings of a text, line by line: `key: value`, `key = value`, `"key": value`,
/// `[Fuse.Key]: value`, `<key>value</key>`, and a line's leading `Key value` (ssh_config, a
/// Ruby DSL's `url "…"`). The value is the rest of the line after the separator.
fn assignments(text: &str) -> Vec<Assign> {
    let mut out = Vec::new();
    for line in text.lines().take(MAX_LINES) {
        let line = clip(line);
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut i = 0;
        let mut first = true;
        while i < chars.len() {
            let (start, c) = chars[i];
            let prev = if i == 0 { ' ' } else { chars[i - 1].1 };
            if !(c.is_ascii_alphabetic() || c == '_') || is_key_char(prev) {
                if c == '{' || c == ';' {
                    // a statement starts after a block opens (Gradle `maven { url '…' }`)
                    first = true;
                } else if !c.is_whitespace() && !matches!(c, '-' | '"' | '\'' | '[' | '<' | '(') {
                    first = false;
                }
                i += 1;
                continue;
            }
            let mut j = i;
            while j < chars.len() && is_key_char(chars[j].1) {
                j += 1;
            }
            let end = chars.get(j).map(|x| x.0).unwrap_or(line.len());
            let raw = &line[start..end];
            let mut k = j;
            // a closing quote, bracket or XML tag end after the key
            let mut xml = false;
            if k < chars.len() && matches!(chars[k].1, '"' | '\'' | ']') {
                k += 1;
            } else if k < chars.len() && chars[k].1 == '>' && prev == '<' {
                xml = true;
                k += 1;
            }
            if xml {
                let rest = &line[chars.get(k).map(|x| x.0).unwrap_or(line.len())..];
                let value = rest.split('<').next().unwrap_or("").trim().to_string();
                out.push(Assign {
                    raw: raw.to_string(),
                    key: norm_key(raw),
                    value,
                });
                i = k;
                first = false;
                continue;
            }
            let mut s = k;
            while s < chars.len() && (chars[s].1 == ' ' || chars[s].1 == '\t') {
                s += 1;
            }
            let sep = chars.get(s).map(|x| x.1);
            let after = |n: usize| chars.get(s + n).map(|x| x.1);
            let is_sep = match sep {
                Some(':') => after(1) != Some('/') && after(1) != Some(':'),
                Some('=') => after(1) != Some('=') && after(1) != Some('>'),
                _ => false,
            };
            if is_sep {
                let vstart = chars.get(s + 1).map(|x| x.0).unwrap_or(line.len());
                out.push(Assign {
                    raw: raw.to_string(),
                    key: norm_key(raw),
                    value: line[vstart..].trim().to_string(),
                });
                i = s + 1;
                first = false;
                continue;
            }
            if first && s > j && s < chars.len() && !matches!(sep, Some(':' | '=' | '(' | '{')) {
                // `Key value` at the start of a line (ssh_config(5), Ruby `url "…"`)
                out.push(Assign {
                    raw: raw.to_string(),
                    key: norm_key(raw),
                    value: line[chars[s].0..].trim().to_string(),
                });
            }
            first = false;
            i = j;
        }
    }
    out
}

/// The first word of a value, quotes and brackets taken off, lower case (`("SKIP")` → `skip`).
fn value_word(v: &str) -> String {
    v.trim_start_matches(|c: char| {
        c.is_whitespace() || matches!(c, '(' | '[' | '{' | '"' | '\'' | '`')
    })
    .chars()
    .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    .collect::<String>()
    .to_ascii_lowercase()
}

fn push(out: &mut Vec<ConfigEditFact>, f: ConfigEditFact) {
    if out.len() < MAX_FACTS
        && !out
            .iter()
            .any(|g| g.kind == f.kind && g.key == f.key && g.after == f.after)
    {
        out.push(f);
    }
}

/// The checks an edit of `path` from `old` to `new` weakens (module docs). `old` is `None` for a
/// Write or a shell write whose old text is not known: then only values set weak count, and
/// the protections that are on by default are not read.
pub fn weakened(path: &str, old: Option<&str>, new: &str, via: &str) -> Vec<ConfigEditFact> {
    let mut out = Vec::new();
    if is_doc(path) {
        return out;
    }
    let before = old.map(assignments).unwrap_or_default();
    for a in assignments(new) {
        let w = value_word(&a.value);
        if w.is_empty() {
            continue;
        }
        let olds: Vec<String> = before
            .iter()
            .filter(|b| b.key == a.key)
            .map(|b| value_word(&b.value))
            .collect();
        let (weak, detail) = if ON_BY_DEFAULT.contains(&a.key.as_str()) {
            (
                w == "false" && olds.iter().any(|o| o == "true"),
                "protection turned off",
            )
        } else if names_a_weakening(&a.key) {
            (
                ON_VALUES.contains(&w.as_str())
                    && !olds.iter().any(|o| ON_VALUES.contains(&o.as_str())),
                "weaker choice turned on",
            )
        } else if names_a_check(&a.key) {
            (
                WEAK_VALUES.contains(&w.as_str())
                    && !olds.iter().any(|o| WEAK_VALUES.contains(&o.as_str())),
                "check turned off",
            )
        } else if a.key.contains("check") || a.key.contains("policy") || a.key == "mode" {
            // any check whose old value enforced (`fail`, `error`, `enforce`) set to a value
            // that lets everything through: the direction says it, whatever the check is
            (
                WEAK_VALUES.contains(&w.as_str())
                    && olds.iter().any(|o| ENFORCING_VALUES.contains(&o.as_str())),
                "enforcing check turned off",
            )
        } else if a.key == "skip" {
            // Maven's common `skip` parameter of a plugin that signs or verifies
            // (maven-gpg-plugin, sign-maven-plugin, checksum-maven-plugin,
            // maven-enforcer-plugin; Maven plugin docs, `skip`): its check is not run
            let context = format!("{}\n{new}", old.unwrap_or("")).to_ascii_lowercase();
            (
                ON_VALUES.contains(&w.as_str())
                    && !olds.iter().any(|o| ON_VALUES.contains(&o.as_str()))
                    && context.contains("artifactid")
                    && SIGNING_PLUGIN_WORDS.iter().any(|p| context.contains(p)),
                "signing or verifying plugin skipped",
            )
        } else {
            (false, "")
        };
        if weak {
            push(
                &mut out,
                ConfigEditFact {
                    kind: "check_weakened".into(),
                    path: path.into(),
                    key: a.raw.clone(),
                    before: olds.first().cloned().unwrap_or_default(),
                    after: w,
                    detail: detail.into(),
                    via: via.into(),
                    content_check: checks_content(&a.key),
                },
            );
        }
    }
    if let Some(old) = old {
        for f in csp_weakened(path, old, new, via) {
            push(&mut out, f);
        }
    }
    out
}

/// The sources of a CSP directive in a text (`script-src 'self' https://x` → `'self'`,
/// `https://x`), lower case; `None` when the text has no such directive.
fn directive_sources(text: &str, name: &str) -> Option<Vec<String>> {
    let lower = text.to_ascii_lowercase();
    let mut found: Option<Vec<String>> = None;
    let mut from = 0;
    while let Some(i) = lower[from..].find(name) {
        let at = from + i;
        from = at + name.len();
        let before_ok = at == 0
            || !lower[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '-');
        if !before_ok || !lower[from..].starts_with([' ', '\t']) {
            continue;
        }
        let rest = &lower[from..];
        let end = rest.find([';', '"', '\n', '`']).unwrap_or(rest.len());
        let list = found.get_or_insert_with(Vec::new);
        list.extend(rest[..end].split_whitespace().map(str::to_string));
    }
    found
}

/// A `script-src` (or `script-src-elem`, `default-src` when no `script-src` is written) that
/// gains `'unsafe-eval'`, `'unsafe-inline'`, `*`, a bare scheme or a host source in an edit
/// (CSP Level 3 §6.1.1; Chrome extensions MV3 forbid remote script sources, "Manifest —
/// Content Security Policy").
fn csp_weakened(path: &str, old: &str, new: &str, via: &str) -> Vec<ConfigEditFact> {
    let mut out = Vec::new();
    if is_doc(path) {
        return out;
    }
    for name in ["script-src", "script-src-elem", "default-src"] {
        let Some(after) = directive_sources(new, name) else {
            continue;
        };
        let Some(before) = directive_sources(old, name) else {
            continue;
        };
        let added: Vec<&String> = after
            .iter()
            .filter(|s| !before.contains(s))
            .filter(|s| {
                matches!(
                    s.as_str(),
                    "'unsafe-eval'" | "'unsafe-inline'" | "*" | "http:" | "https:" | "data:"
                ) || (!s.starts_with('\'') && (s.contains('.') || s.contains("://")))
            })
            .collect();
        if let Some(first) = added.first() {
            push(
                &mut out,
                ConfigEditFact {
                    kind: "check_weakened".into(),
                    path: path.into(),
                    key: name.into(),
                    before: before.join(" "),
                    after: after.join(" "),
                    detail: format!("{first} added to {name}"),
                    via: via.into(),
                    content_check: false,
                },
            );
        }
    }
    out
}

/// A URL's parts: scheme (`https`, `http`, `github` for a flake ref, empty for a bare host) and
/// host, lower case, and its path.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Url {
    scheme: String,
    host: String,
    path: String,
}

/// The first URL of a setting's value: `scheme://host/path`, a flake ref `github:owner/repo`,
/// or, for a plugin remote, a bare `host.tld/path`. Templated hosts (`{{host}}`, `${HOST}`) are
/// not read.
fn first_url(value: &str) -> Option<Url> {
    for raw in value.split(|c: char| {
        c.is_whitespace()
            || matches!(
                c,
                '"' | '\'' | '(' | ')' | '[' | ']' | ',' | '<' | '>' | ';' | '`'
            )
    }) {
        let w = raw.replace("\\:", ":");
        let (scheme, rest) = if let Some((s, r)) = w.split_once("://") {
            (s.to_ascii_lowercase(), r.to_string())
        } else if let Some(r) = w.strip_prefix("github:") {
            ("github".to_string(), format!("github.com/{r}"))
        } else if let Some(r) = w.strip_prefix("gitlab:") {
            ("gitlab".to_string(), format!("gitlab.com/{r}"))
        } else if w.contains('/')
            && w.split('/').next().is_some_and(|h| {
                h.contains('.')
                    && h.rsplit('.')
                        .next()
                        .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()))
            })
        {
            (String::new(), w.to_string())
        } else {
            continue;
        };
        if !scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '+')
        {
            continue;
        }
        let scheme = scheme.rsplit('+').next().unwrap_or("").to_string();
        let (hostport, path) = rest.split_once('/').unwrap_or((rest.as_str(), ""));
        let host = hostport
            .rsplit('@')
            .next()
            .unwrap_or("")
            .split(':')
            .next()
            .unwrap_or("")
            .trim_end_matches('.')
            .to_ascii_lowercase();
        if host.is_empty() || host.contains(['{', '$', '%']) {
            continue;
        }
        return Some(Url {
            scheme,
            host,
            path: path.to_string(),
        });
    }
    None
}

/// Hosts on this machine or a private network: a move there is a local test server.
fn local_host(h: &str) -> bool {
    h == "localhost"
        || h.ends_with(".localhost")
        || h.ends_with(".local")
        || h.starts_with("127.")
        || h == "::1"
        || h == "0.0.0.0"
        || h.starts_with("10.")
        || h.starts_with("192.168.")
        || h == "host.docker.internal"
        || (h.starts_with("172.")
            && h.split('.')
                .nth(1)
                .and_then(|o| o.parse::<u8>().ok())
                .is_some_and(|o| (16..=31).contains(&o)))
}

/// Whose the code at a URL is: on a code host ([`CODE_HOSTS`]) the host and the owner
/// (`github.com/acme`); elsewhere the registrable domain, approximated as the last two labels,
/// or three under a two-letter country code's second-level label (`example.co.uk`; the Public
/// Suffix List's common shape). An IP address is its own origin.
pub fn origin(host: &str, path: &str) -> String {
    if CODE_HOSTS.contains(&host) {
        let owner = path
            .split('/')
            .find(|s| !s.is_empty())
            .unwrap_or("")
            .to_ascii_lowercase();
        let host = if host.ends_with("githubusercontent.com") {
            "github.com"
        } else {
            host
        };
        return format!("{host}/{owner}");
    }
    if host.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return host.to_string();
    }
    let labels: Vec<&str> = host.split('.').collect();
    let n = labels.len();
    if n <= 2 {
        return host.to_string();
    }
    let tld = labels[n - 1];
    let sld = labels[n - 2];
    let keep =
        if tld.len() == 2 && matches!(sld, "co" | "com" | "net" | "org" | "gov" | "edu" | "ac") {
            3
        } else {
            2
        };
    labels[n - keep.min(n)..].join(".")
}

/// The sources an edit of `path` from `old` to `new` moves (module docs).
pub fn moved(path: &str, old: &str, new: &str, via: &str) -> Vec<ConfigEditFact> {
    let mut out = Vec::new();
    if is_doc(path) || is_code(path) {
        return out;
    }
    let before = assignments(old);
    let after = assignments(new);
    for a in &after {
        if !SOURCE_KEYS.contains(&a.key.as_str()) {
            continue;
        }
        // `baseurl` is a package repository's source in dnf/yum repo files (dnf.conf(5),
        // yum.repos.d `.repo`, mock `.cfg`) but a site's own address in a static-site
        // generator's config (Hugo, Jekyll `baseURL`/`baseurl`): read in the former only.
        if a.key == "baseurl" && !matches!(ext_of(path).as_str(), "repo" | "conf" | "cfg") {
            continue;
        }
        let Some(u) = first_url(&a.value) else {
            continue;
        };
        if local_host(&u.host) {
            continue;
        }
        let olds: Vec<Url> = before
            .iter()
            .filter(|b| b.key == a.key)
            .filter_map(|b| first_url(&b.value))
            .collect();
        if olds.is_empty() || olds.iter().all(|b| local_host(&b.host)) {
            continue;
        }
        // the URLs the new text keeps under the same key: a source still named there was not
        // replaced, and a new one beside it is an addition (judged by `registry.rs` and
        // `manifest.rs` as a new source), not a move
        let news: Vec<Url> = after
            .iter()
            .filter(|b| b.key == a.key)
            .filter_map(|b| first_url(&b.value))
            .collect();
        let o = origin(&u.host, &u.path);
        let same: Vec<&Url> = olds
            .iter()
            .filter(|b| origin(&b.host, &b.path) == o)
            .collect();
        let replaced: Vec<&Url> = olds
            .iter()
            .filter(|b| {
                let ob = origin(&b.host, &b.path);
                !news.iter().any(|n| origin(&n.host, &n.path) == ob)
            })
            .collect();
        let detail = if same.is_empty() && !replaced.is_empty() {
            let was = replaced[0];
            format!("{} → {}", origin(&was.host, &was.path), o)
        } else if u.scheme == "http"
            && !same.is_empty()
            && same.iter().all(|b| b.scheme == "https")
            && !news.iter().any(|n| n.scheme == "https" && n.host == u.host)
        {
            "https → http".to_string()
        } else {
            continue;
        };
        let was = same
            .first()
            .copied()
            .or(replaced.first().copied())
            .unwrap_or(&olds[0]);
        push(
            &mut out,
            ConfigEditFact {
                kind: "source_moved".into(),
                path: path.into(),
                key: a.raw.clone(),
                before: format!("{}{}/{}", scheme_prefix(&was.scheme), was.host, was.path),
                after: format!("{}{}/{}", scheme_prefix(&u.scheme), u.host, u.path),
                detail,
                via: via.into(),
                content_check: false,
            },
        );
    }
    // GoReleaser's release and tap owners (`release.github.owner`, `brews[].repository.owner`,
    // `scoops[].bucket.owner`): the same name published under another account.
    let context = format!("{old}\n{new}").to_ascii_lowercase();
    if ["tap", "bucket", "repository", "release", "brew", "scoop"]
        .iter()
        .any(|w| context.contains(w))
    {
        for a in after.iter().filter(|a| a.key == "owner") {
            let w = value_word(&a.value);
            let olds: Vec<String> = before
                .iter()
                .filter(|b| b.key == "owner")
                .map(|b| value_word(&b.value))
                .collect();
            if !w.is_empty() && !olds.is_empty() && !olds.contains(&w) && !w.contains(['{', '$']) {
                push(
                    &mut out,
                    ConfigEditFact {
                        kind: "source_moved".into(),
                        path: path.into(),
                        key: a.raw.clone(),
                        before: olds[0].clone(),
                        after: w.clone(),
                        detail: format!("owner {} → {}", olds[0], w),
                        via: via.into(),
                        content_check: false,
                    },
                );
            }
        }
    }
    out
}

/// A sed `s` command that swaps one whole URL for another in a settings file (no key in the
/// pattern: `s#https://repo.maven.apache.org/maven2#http://m2.example-cache.net#` in
/// `maven-wrapper.properties`): every place the file names the old URL now names the new one.
/// Judged as [`moved`] judges a keyed URL; program code and documents are not read.
fn bare_url_moved(path: &str, old: &str, new: &str) -> Option<ConfigEditFact> {
    if is_doc(path) || is_code(path) {
        return None;
    }
    let (old, new) = (old.trim(), new.trim());
    if !old.contains("://")
        || !new.contains("://")
        || old.contains(char::is_whitespace)
        || new.contains(char::is_whitespace)
    {
        return None;
    }
    let (a, b) = (first_url(old)?, first_url(new)?);
    if local_host(&a.host) || local_host(&b.host) {
        return None;
    }
    let (oa, ob) = (origin(&a.host, &a.path), origin(&b.host, &b.path));
    let detail = if oa != ob {
        format!("{oa} → {ob}")
    } else if a.scheme == "https" && b.scheme == "http" {
        "https → http".to_string()
    } else {
        return None;
    };
    Some(ConfigEditFact {
        kind: "source_moved".into(),
        path: path.into(),
        key: "url".into(),
        before: old.into(),
        after: new.into(),
        detail,
        via: "shell".into(),
        content_check: false,
    })
}

fn scheme_prefix(s: &str) -> String {
    match s {
        "" => String::new(),
        "github" | "gitlab" => format!("{s}:"),
        _ => format!("{s}://"),
    }
}

/// Both judgements of one file-tool call: each `(old, new)` pair of an Edit, or the written
/// text of a Write (`written`, no old text).
pub fn judge_tool(
    path: &str,
    pairs: &[(String, String)],
    written: Option<&str>,
) -> Vec<ConfigEditFact> {
    let mut out = Vec::new();
    for (old, new) in pairs.iter().take(64) {
        for f in weakened(path, Some(old), new, "tool")
            .into_iter()
            .chain(moved(path, old, new, "tool"))
        {
            push(&mut out, f);
        }
    }
    if let Some(t) = written {
        for f in weakened(path, None, t, "tool") {
            push(&mut out, f);
        }
    }
    out
}

/// The `s` commands of a sed script as (pattern, replacement) pairs, backslash escapes taken
/// off (`s#https://a#http://b#g`, `s/verify: true/verify: false/`); `&` in the replacement is
/// the pattern.
fn sed_pairs(script: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for cmd in script.split([';', '\n']) {
        let c = cmd.trim();
        let Some(rest) = c.strip_prefix('s') else {
            continue;
        };
        let Some(d) = rest.chars().next() else {
            continue;
        };
        if d.is_ascii_alphanumeric() || d.is_whitespace() || d == '\\' {
            continue;
        }
        let mut parts = Vec::new();
        let mut cur = String::new();
        let mut esc = false;
        for ch in rest[d.len_utf8()..].chars() {
            if esc {
                cur.push(ch);
                esc = false;
            } else if ch == '\\' {
                esc = true;
            } else if ch == d {
                parts.push(std::mem::take(&mut cur));
            } else {
                cur.push(ch);
            }
        }
        if parts.len() >= 2 {
            let pat = parts[0].replace(".*", "").replace(['^', '$'], "");
            let rep = parts[1].replace('&', &pat);
            out.push((pat, rep));
        }
    }
    out
}

fn resolve(cwd: &str, p: &str) -> String {
    if p.starts_with('/') || cwd.is_empty() || !cwd.starts_with('/') {
        p.to_string()
    } else {
        format!(
            "{}/{}",
            cwd.trim_end_matches('/'),
            p.trim_start_matches("./")
        )
    }
}

/// The shell forms of the same edits: `sed -i` (GNU and BSD spellings: `-i`, `-i.bak`,
/// `-i ''`, `--in-place`) with `s` commands, judged as old→new pairs on each file operand; and
/// `yq -i '.a.b = V' FILE` (mikefarah/yq "Assign"), judged as a setting written with no old
/// text.
pub fn from_commands(cmds: &[hookward_shell::CommandFact]) -> Vec<ConfigEditFact> {
    let mut out = Vec::new();
    for c in cmds.iter().take(64) {
        let args = c.argv.get(1..).unwrap_or(&[]);
        let in_place = args.iter().any(|a| {
            a == "--in-place"
                || a.starts_with("--in-place=")
                || a.starts_with("-i")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].contains('i')
                    && a[1..].chars().all(|x| x.is_ascii_alphabetic()))
        });
        if !in_place {
            continue;
        }
        match c.program.as_str() {
            "sed" | "gsed" => {
                let mut scripts = Vec::new();
                let mut files = Vec::new();
                let mut it = args.iter().peekable();
                let mut explicit = false;
                while let Some(a) = it.next() {
                    if a == "-e" || a == "--expression" {
                        if let Some(s) = it.next() {
                            scripts.push(s.clone());
                            explicit = true;
                        }
                    } else if let Some(s) = a.strip_prefix("--expression=") {
                        scripts.push(s.to_string());
                        explicit = true;
                    } else if a.starts_with('-') || a.is_empty() {
                    } else if !explicit && scripts.is_empty() {
                        scripts.push(a.clone());
                    } else {
                        files.push(a.clone());
                    }
                }
                let pairs: Vec<(String, String)> =
                    scripts.iter().flat_map(|s| sed_pairs(s)).collect();
                for f in files.iter().take(8) {
                    let path = resolve(&c.cwd, f);
                    for (old, new) in &pairs {
                        for g in weakened(&path, Some(old), new, "shell")
                            .into_iter()
                            .chain(moved(&path, old, new, "shell"))
                            .chain(bare_url_moved(&path, old, new))
                        {
                            push(&mut out, g);
                        }
                    }
                }
            }
            "yq" => {
                let words: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
                let Some(expr) = words.iter().find(|w| w.starts_with('.') && w.contains('='))
                else {
                    continue;
                };
                let Some(file) = words
                    .iter()
                    .rev()
                    .find(|w| !w.starts_with('.') && *w != &"e" && *w != &"eval")
                else {
                    continue;
                };
                let path = resolve(&c.cwd, file);
                let text = expr.replacen("|=", "=", 1).replacen('=', ": ", 1);
                let text = text.trim_start_matches('.');
                for g in weakened(&path, None, text, "shell") {
                    push(&mut out, g);
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests;
