//! Network targets of a tool call (issue 11, item 5): every URL a fetch tool, an MCP tool, a
//! shell fetch or upload, or a git remote names, with where it points
//! ([`hookward_shell::target::net_target`]). Serialised as `input.facts.net`.

use hookward_core::{Event, ToolKind};
use hookward_shell::target::{nested_urls, net_target, TargetClass};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The most URLs collected from one tool call.
const MAX_TARGETS: usize = 32;

/// Ports of local control planes that give code execution or secrets when reached over HTTP:
/// Docker Engine API (2375/2376), kubelet (10250/10255), Kubernetes API (6443), etcd (2379),
/// Consul (8500), Nomad (4646), Vault (8200). Sources: each project's port documentation.
pub const ADMIN_PORTS: &[u16] = &[2375, 2376, 10250, 10255, 6443, 2379, 8500, 4646, 8200];

/// Paths of those control planes that only report liveness, readiness or the version (Kubernetes
/// API health endpoints `/healthz`, `/livez`, `/readyz` and `/version`; kubelet `/healthz`;
/// Docker Engine API `/_ping` and `/version`; etcd `/health`; Vault `/v1/sys/health`; Consul
/// `/v1/status/leader`; Nomad `/v1/agent/health`). A request to one of them runs and reveals
/// nothing, so it is not a control-plane request ([`NetFact::admin_port`]).
pub const PROBE_PATHS: &[&str] = &[
    "/healthz",
    "/livez",
    "/readyz",
    "/version",
    "/_ping",
    "/health",
    "/v1/sys/health",
    "/v1/status/leader",
    "/v1/agent/health",
];

/// Whether `url`'s path (query and fragment cut, a trailing `/` and a Docker API version prefix
/// `/v1.43` ignored) is one of [`PROBE_PATHS`].
fn probe_path(url: &str) -> bool {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let Some(i) = rest.find('/') else {
        return false;
    };
    let path = rest[i..].split(['?', '#']).next().unwrap_or("");
    let path = path.trim_end_matches('/');
    // `/v1.43/_ping`: the Docker Engine API's versioned prefix.
    let path = match path.strip_prefix("/v1.") {
        Some(r)
            if r.split('/')
                .next()
                .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit())) =>
        {
            r.find('/').map(|j| &r[j..]).unwrap_or("")
        }
        _ => path,
    };
    PROBE_PATHS.contains(&path)
}

/// One URL a tool call reaches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetFact {
    /// The URL (or `host:path` remote) as given.
    pub url: String,
    /// The host ([`hookward_shell::target::NetTarget::host`]).
    pub host: String,
    /// The port when written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// `metadata`, `link_local`, `loopback`, `private` or `public`.
    pub class: TargetClass,
    /// A metadata path that hands out credentials.
    pub credentials: bool,
    /// A loopback or private address on a control-plane port ([`ADMIN_PORTS`]).
    pub admin_port: bool,
    /// The well-known host this one imitates, when it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lookalike: Option<String>,
    /// A label mixes ASCII letters with another script's.
    pub mixed_script: bool,
    /// `tool` (a fetch or MCP tool's input) or `shell`.
    pub via: String,
    /// What reaches it: the tool name, or `fetch`, `upload`, `git remote`, `git push`.
    pub how: String,
    /// The command or input text that shows it (at most 300 characters).
    pub evidence: String,
    /// Kinds of live credentials (vendor token shapes, [`crate::instructions::SAVED_SECRET_KINDS`])
    /// written in the URL after its host: its path, query or fragment (`?k=ghp_…`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
    /// Query parameters named like a secret (`key`, `token`, `password`, `cookie`, `session`,
    /// `netrc`, …) whose written value looks like one: 16 characters or more, letters and
    /// digits, no placeholder (`secret_params`). Their names, never the values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_params: Vec<String>,
    /// Secrets written as a named value in the URL after its host, percent-decoded (h-out25):
    /// a password-named parameter with a literal password (`?ftp_pass=…`), a private key
    /// (`?key=-----BEGIN PRIVATE KEY-----…`), `define('DB_PASSWORD','…')`, `NAME=value`
    /// ([`crate::mcp_action::named_secrets`]). Names only, never values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub named_secrets: Vec<String>,
}

fn clip(s: &str) -> String {
    s.chars().take(300).collect()
}

fn push(out: &mut Vec<NetFact>, url: &str, via: &str, how: &str, evidence: &str) {
    if out.len() >= MAX_TARGETS || out.iter().any(|f| f.url == url && f.how == how) {
        return;
    }
    let Some(t) = net_target(url) else { return };
    let admin_port = matches!(t.class, TargetClass::Loopback | TargetClass::Private)
        && t.port.is_some_and(|p| ADMIN_PORTS.contains(&p))
        && !probe_path(url);
    out.push(NetFact {
        url: url.to_string(),
        host: t.host,
        port: t.port,
        class: t.class,
        credentials: t.credentials,
        admin_port,
        lookalike: t.lookalike,
        mixed_script: t.mixed_script,
        via: via.to_string(),
        how: how.to_string(),
        evidence: clip(evidence),
        secrets: url_secrets(url),
        secret_params: secret_params(url),
        named_secrets: url_named_secrets(url),
    });
}

/// Words of a query parameter's name that say its value is a password (`ftp_pass`,
/// `db_password`, `pwd`, `passphrase`).
const PASSWORD_PARAM_WORDS: &[&str] = &["pass", "password", "passwd", "pwd", "passphrase"];

/// Secrets written as named values after a URL's host ([`NetFact::named_secrets`]), at most 8.
fn url_named_secrets(url: &str) -> Vec<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let Some(i) = rest.find(['/', '?', '#']) else {
        return Vec::new();
    };
    let tail = rest.get(i..).unwrap_or("");
    let mut out: Vec<String> = Vec::new();
    if let Some((_, query)) = tail.split_once('?') {
        for pair in query.split(['&', '#']).take(32) {
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let v = percent_decode(value);
            let lname = name.to_ascii_lowercase();
            let password_named = lname
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| PASSWORD_PARAM_WORDS.contains(&w));
            let private_key = v.trim_start().starts_with("-----BEGIN") && v.contains("PRIVATE KEY");
            if (private_key || (password_named && crate::mcp_action::literal_secret(&v)))
                && !out.contains(&lname)
            {
                out.push(lname);
            }
        }
    }
    let decoded = percent_decode(tail).replace('&', " ");
    for n in crate::mcp_action::named_secrets(&decoded) {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out.truncate(8);
    out
}

/// Words of a query parameter's name that say its value is a secret.
const SECRET_PARAM_WORDS: &[&str] = &[
    "key",
    "token",
    "secret",
    "password",
    "passwd",
    "pwd",
    "cookie",
    "cookies",
    "session",
    "netrc",
    "credential",
    "credentials",
    "auth",
];

/// Query parameters of `url` named like a secret whose literal value looks like one
/// ([`NetFact::secret_params`]): at least 16 characters once percent-decoded, with letters and
/// digits, no `$`, `{` or `<` (a placeholder or a variable), no `example`, `your` or `xxx`. At
/// most 8 names.
fn secret_params(url: &str) -> Vec<String> {
    let Some((_, query)) = url.split_once('?') else {
        return Vec::new();
    };
    let query = query.split('#').next().unwrap_or(query);
    let mut out = Vec::new();
    for pair in query.split('&').take(32) {
        let Some((name, value)) = pair.split_once('=') else {
            continue;
        };
        let lname = name.to_ascii_lowercase();
        // Pagination and form tokens are handles, not secrets (`pageToken`, `nextPageToken`,
        // `continuationToken`, `csrf_token`, `cursor`).
        if [
            "page",
            "continuation",
            "csrf",
            "xsrf",
            "cursor",
            "sync",
            "resume",
            "next",
        ]
        .iter()
        .any(|w| lname.contains(w))
        {
            continue;
        }
        let named = lname
            .split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| SECRET_PARAM_WORDS.contains(&w))
            || SECRET_PARAM_WORDS
                .iter()
                .any(|w| lname.ends_with(w) && w.len() >= 5);
        if !named {
            continue;
        }
        let decoded = percent_decode(value);
        let lv = decoded.to_ascii_lowercase();
        let looks = decoded.chars().count() >= 16
            && decoded.chars().any(|c| c.is_ascii_digit())
            && decoded.chars().any(|c| c.is_ascii_alphabetic())
            && !decoded.contains(['$', '{', '<'])
            && !["example", "your", "xxx", "placeholder", "changeme"]
                .iter()
                .any(|w| lv.contains(w));
        if looks && out.len() < 8 && !out.contains(&lname) {
            out.push(lname);
        }
    }
    out
}

/// `%XX` sequences decoded (invalid ones kept as written), `+` as a space.
fn percent_decode(v: &str) -> String {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'%' if i + 2 < b.len() => {
                match u8::from_str_radix(v.get(i + 1..i + 3).unwrap_or(""), 16) {
                    Ok(x) => {
                        out.push(x);
                        i += 3;
                        continue;
                    }
                    Err(_) => out.push(b'%'),
                }
            }
            b'+' => out.push(b' '),
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The kinds of live credentials written after a URL's host (its path, query, fragment).
fn url_secrets(url: &str) -> Vec<String> {
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let Some(i) = rest.find(['/', '?', '#']) else {
        return Vec::new();
    };
    let tail = rest.get(i..).unwrap_or("");
    // `?k=ghp_…&x=1`: each value on its own, so the detectors see whole tokens.
    let spaced: String = tail
        .chars()
        .map(|c| {
            if matches!(c, '&' | '=' | '?' | '#' | '/') {
                ' '
            } else {
                c
            }
        })
        .collect();
    let mut out: Vec<String> = crate::instructions::saved_secrets(&spaced)
        .into_iter()
        .map(str::to_string)
        .collect();
    // A value sent base64-encoded (`?d=Z2hwXz…`, the token's bytes in a form no detector
    // reads): decoded, the same detectors see it. Values of 16+ base64 characters only.
    for v in spaced.split_whitespace().take(32) {
        let b64 = v.len() >= 16
            && v.bytes()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'_' | b'='));
        if !b64 {
            continue;
        }
        let Some(text) = hookward_shell::decode_base64(v).and_then(|b| String::from_utf8(b).ok())
        else {
            continue;
        };
        for k in crate::instructions::saved_secrets(&text) {
            if !out.iter().any(|o| o == k) {
                out.push(k.to_string());
            }
        }
    }
    out
}

/// A fetch tool's URL and the URLs nested in it (a redirector's target).
fn push_with_nested(out: &mut Vec<NetFact>, url: &str, via: &str, how: &str, evidence: &str) {
    push(out, url, via, how, evidence);
    for inner in nested_urls(url) {
        push(out, &inner, via, how, evidence);
    }
}

/// URLs inside free text (`http://` and `https://` words), for prompts and MCP arguments.
fn urls_in(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | '<' | '>' | '(' | ')'))
        .filter(|w| w.starts_with("http://") || w.starts_with("https://"))
}

fn string_leaves<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a.iter().take(64).for_each(|x| string_leaves(x, out)),
        Value::Object(o) => o.values().take(64).for_each(|x| string_leaves(x, out)),
        _ => {}
    }
}

/// A git remote given as a URL or in scp form (`git@host:owner/repo.git`).
fn git_remote_url(arg: &str) -> Option<String> {
    if arg.contains("://") {
        return Some(arg.to_string());
    }
    let (userhost, path) = arg.split_once(':')?;
    let host = userhost.rsplit('@').next().unwrap_or("");
    (!host.is_empty() && !path.starts_with('/') && (host.contains('.') || !host.is_ascii()))
        .then(|| format!("ssh://{host}/{path}"))
}

/// Every network target of `event`'s tool call; `shell` is the shell analyzer's facts.
pub fn net_facts(event: &Event, shell: Option<&hookward_shell::ShellFacts>) -> Vec<NetFact> {
    let mut out = Vec::new();
    let Some(tool) = &event.tool else {
        return out;
    };
    if matches!(tool.kind, ToolKind::Fetch | ToolKind::Mcp) {
        if let Some(u) = &tool.url {
            push_with_nested(&mut out, u, "tool", &tool.name, u);
        }
        let mut leaves = Vec::new();
        string_leaves(&tool.input, &mut leaves);
        for s in leaves {
            for u in urls_in(s) {
                push_with_nested(&mut out, u, "tool", &tool.name, s);
            }
        }
    }
    let Some(shell) = shell else { return out };
    for f in &shell.fetches {
        push(&mut out, &f.url, "shell", "fetch", &f.evidence);
    }
    for u in &shell.uploads {
        push(&mut out, &u.target, "shell", "upload", &u.evidence);
    }
    for c in shell.commands.iter().filter(|c| c.program == "git") {
        let words: Vec<&str> = c
            .argv
            .iter()
            .skip(1)
            .map(String::as_str)
            .filter(|w| !w.starts_with('-'))
            .collect();
        let how = match words.as_slice() {
            ["remote", "add" | "set-url", ..] => "git remote",
            ["push", ..] => "git push",
            ["fetch" | "pull" | "clone", ..] | ["submodule", "add", ..] => "git fetch",
            _ => continue,
        };
        for w in words.iter().skip(1) {
            if let Some(u) = git_remote_url(w) {
                push(&mut out, &u, "shell", how, &c.evidence);
            }
        }
    }
    // the package sources commands set or install from (`registry.rs`): a look-alike registry
    // host is a look-alike host
    for c in &shell.commands {
        for (_, u, _) in crate::registry::named_sources(c) {
            push(&mut out, &u, "shell", "package registry", &c.evidence);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A live token in a URL is found written out and base64-encoded; ordinary values are not.
    #[test]
    fn url_tokens_plain_and_base64_encoded() {
        // ghp_ + 36 characters: the GitHub classic token shape, made up.
        let token = "ghp_5mQx2Lr8Tz4Wv9Yb1Nc7Kd3Hf6Jg0Ps2Aq8E";
        assert!(!url_secrets(&format!("https://x.example.dev/c?t={token}")).is_empty());
        let b64 = "Z2hwXzVtUXgyTHI4VHo0V3Y5WWIxTmM3S2QzSGY2SmcwUHMyQXE4RQ";
        assert!(!url_secrets(&format!("https://x.example.dev/c?d={b64}")).is_empty());
        assert!(
            url_secrets("https://x.example.dev/c?q=aGVsbG8gd29ybGQgaGVsbG8gd29ybGQ").is_empty()
        );
        assert!(url_secrets("https://x.example.dev/assets/app.0123456789abcdef.js").is_empty());
        assert_eq!(
            secret_params("https://s.example.dev/register?kaggle_key=KGAT_5f0c2a9be17d4e&user=me"),
            ["kaggle_key"]
        );
        assert_eq!(
            secret_params(
                "https://q.example.io/r?cookies=__session%3Deyj0eXAiOiJKV1QiLCJh.admin&o=d"
            ),
            ["cookies"]
        );
        assert!(secret_params("https://api.example.com/x?api_key=$API_KEY").is_empty());
        assert!(
            secret_params("https://api.example.com/x?api_key=YOUR_API_KEY_HERE_1234").is_empty()
        );
        assert!(secret_params("https://api.example.com/x?page=2&token=abc").is_empty());
        assert!(secret_params("https://api.example.com/x?monkey=a1b2c3d4e5f6g7h8i9").is_empty());
        assert!(secret_params(
            "https://www.googleapis.com/drive/v3/files?pageToken=CkAKDgoJ1234567890abcdefgh"
        )
        .is_empty());
    }

    #[test]
    fn secrets_written_as_named_values_in_a_url() {
        assert_eq!(
            url_named_secrets("https://h.example.net/ok?site=a&smtp_pass=Qw3rty!9zz&x=1"),
            ["smtp_pass"]
        );
        assert_eq!(
            url_named_secrets(
                "https://h.example.net/i?key=-----BEGIN%20RSA%20PRIVATE%20KEY-----MIIEow"
            ),
            ["key"]
        );
        assert_eq!(
            url_named_secrets("https://h.example.net/lint?c=define('DB_PASSWORD','Gr33n!Field');"),
            ["DB_PASSWORD"]
        );
        for quiet in [
            "https://h.example.net/login?user=a&password=",
            "https://h.example.net/login?pass=changeme",
            "https://h.example.net/docs/define-password-policy",
            "https://h.example.net/reset?pwd_reset=1",
        ] {
            assert!(url_named_secrets(quiet).is_empty(), "{quiet}");
        }
    }

    #[test]
    fn git_remotes_in_scp_form() {
        assert_eq!(
            git_remote_url("git@gіthub.com:a/b.git").as_deref(),
            Some("ssh://gіthub.com/a/b.git")
        );
        assert_eq!(git_remote_url("origin"), None);
        assert_eq!(git_remote_url("main:main"), None);
        assert_eq!(
            git_remote_url("https://x.org/a").as_deref(),
            Some("https://x.org/a")
        );
    }

    #[test]
    fn health_probes_of_control_planes_are_not_admin_requests() {
        let admin = |u: &str| {
            let mut out = Vec::new();
            push(&mut out, u, "shell", "fetch", u);
            out.first().is_some_and(|f| f.admin_port)
        };
        for u in [
            "http://127.0.0.1:10250/healthz",
            "https://localhost:6443/readyz?verbose",
            "https://localhost:6443/livez/",
            "http://127.0.0.1:2375/_ping",
            "http://127.0.0.1:2375/v1.43/version",
            "http://127.0.0.1:8200/v1/sys/health",
            "http://10.0.0.5:2379/health",
        ] {
            assert!(!admin(u), "{u}");
        }
        for u in [
            "https://localhost:6443",
            "https://localhost:6443/api/v1/secrets",
            "http://127.0.0.1:2375/containers/create",
            "http://127.0.0.1:2375/v1.43/containers/json",
            "http://127.0.0.1:10250/pods",
            "http://127.0.0.1:10250/run/default/web/app",
            "http://127.0.0.1:8200/v1/secret/data/x",
            "http://127.0.0.1:10250/healthz/../run/x/y/z",
            "http://127.0.0.1:2375/v1.x/_ping",
        ] {
            assert!(admin(u), "{u}");
        }
    }

    #[test]
    fn urls_in_prompt_text() {
        let got: Vec<&str> = urls_in("Summarize http://169.254.169.254/latest/ please").collect();
        assert_eq!(got, ["http://169.254.169.254/latest/"]);
    }
}
