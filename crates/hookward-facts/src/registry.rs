//! Package sources (issue 11 items 5 and 11: supply chain): a command or a file write that
//! points package installs at a registry or index other than the ecosystem's default — `npm
//! config set registry URL`, `pip install --index-url URL`, `pip config set
//! global.extra-index-url URL`, `go env -w GOPROXY=URL`, `gem sources --add URL`, `poetry
//! source add NAME URL`, `uv … --index URL`, or a written `.npmrc`, `.yarnrc(.yml)`,
//! `pip.conf`, `requirements*.txt`, `pyproject.toml`, `uv.toml`, `bunfig.toml`, `.gemrc`. Every
//! later install then takes code from that host (dependency confusion, a look-alike mirror).
//! Serialised as `input.facts.registries`; the policy asks (`shell/package-registry`,
//! `path/package-registry`).
//!
//! Not a fact: the default registries and widely used public mirrors ([`KNOWN_HOSTS`]), loopback
//! hosts (a registry of one's own, e.g. Verdaccio), queries and downloads that install nothing
//! (`pip index versions`, `pip download`, `npm view`, `npm login`), and publishing (a publish is
//! its own fact).

use hookward_shell::target::{net_target, TargetClass};
use hookward_shell::CommandFact;
use serde::{Deserialize, Serialize};

/// Default registries and widely used public mirrors, by host. Sources: npm's, Yarn's, pip's,
/// Go's, RubyGems', Cargo's default configuration; the mirror lists of npmmirror
/// (registry.npmmirror.com, formerly registry.npm.taobao.org), TUNA, USTC, BFSU, Aliyun,
/// Tencent Cloud, Huawei Cloud, Douban; goproxy.cn and goproxy.io; PyTorch's and NVIDIA's wheel
/// indexes (download.pytorch.org, pypi.nvidia.com), which their install guides give.
pub const KNOWN_HOSTS: &[&str] = &[
    "registry.npmjs.org",
    "registry.npmjs.com",
    "registry.yarnpkg.com",
    "pypi.org",
    "pypi.python.org",
    "files.pythonhosted.org",
    "test.pypi.org",
    "crates.io",
    "index.crates.io",
    "static.crates.io",
    "rubygems.org",
    "proxy.golang.org",
    "sum.golang.org",
    "registry.npmmirror.com",
    "registry.npm.taobao.org",
    "pypi.tuna.tsinghua.edu.cn",
    "mirrors.tuna.tsinghua.edu.cn",
    "pypi.mirrors.ustc.edu.cn",
    "mirrors.ustc.edu.cn",
    "mirrors.bfsu.edu.cn",
    "mirrors.aliyun.com",
    "mirrors.cloud.tencent.com",
    "repo.huaweicloud.com",
    "pypi.douban.com",
    "goproxy.cn",
    "goproxy.io",
    "download.pytorch.org",
    "pypi.nvidia.com",
    "gems.ruby-china.com",
];

/// One package source set or used.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegistryFact {
    /// The ecosystem: `npm`, `pip`, `go`, `gem`, `poetry`, `uv`, `bun`, `cargo`.
    pub ecosystem: String,
    /// The URL as written.
    pub url: String,
    /// Its host.
    pub host: String,
    /// The well-known host this one imitates, when it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lookalike: Option<String>,
    /// `shell` or `tool` (a file tool's write).
    pub via: String,
    /// What sets it: `npm config set registry`, `pip install --index-url`, `.npmrc`, ….
    pub how: String,
    /// The command or line that shows it (at most 300 characters).
    pub evidence: String,
}

fn fact(ecosystem: &str, url: &str, via: &str, how: &str, evidence: &str) -> Option<RegistryFact> {
    let url = url.trim().trim_matches(|c| c == '"' || c == '\'');
    // `GOPROXY=https://a,https://b,direct`: each entry
    let t = net_target(url)?;
    if t.class == TargetClass::Loopback {
        return None;
    }
    let host = t.host.to_ascii_lowercase();
    if is_known_host(&host) && t.lookalike.is_none() && !t.mixed_script {
        return None;
    }
    Some(RegistryFact {
        ecosystem: ecosystem.to_string(),
        url: url.to_string(),
        host,
        lookalike: t.lookalike,
        via: via.to_string(),
        how: how.to_string(),
        evidence: evidence.chars().take(300).collect(),
    })
}

/// The value of option `name` in `args` (`--name V`, `--name=V`, and for a one-letter `short`,
/// `-i V`, `-iV`): every occurrence.
fn option_values<'a>(args: &'a [String], long: &str, short: Option<&str>) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == long || short.is_some_and(|s| a == s) {
            if let Some(v) = args.get(i + 1) {
                out.push(v.as_str());
            }
            i += 2;
            continue;
        }
        if let Some(v) = a.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            out.push(v);
        } else if let Some(v) = short
            .and_then(|s| a.strip_prefix(s))
            .filter(|v| !v.is_empty())
        {
            if !a.starts_with("--") {
                out.push(v);
            }
        }
        i += 1;
    }
    out
}

/// The package sources the commands set or install from (module docs).
pub fn from_commands(cmds: &[CommandFact]) -> Vec<RegistryFact> {
    let mut out = Vec::new();
    for c in cmds {
        for (eco, url, how) in named_sources(c) {
            if let Some(f) = fact(eco, &url, "shell", &how, &c.evidence) {
                out.push(f);
            }
        }
    }
    out
}

/// Whether `host` (lower case) is a default registry or a known mirror ([`KNOWN_HOSTS`]), or a
/// name below one.
pub fn is_known_host(host: &str) -> bool {
    KNOWN_HOSTS
        .iter()
        .any(|d| host == *d || host.ends_with(&format!(".{d}")))
}

/// Every package source URL command `c` sets or installs from, known hosts included, as
/// (ecosystem, URL, how); `GOPROXY`'s comma-separated entries one by one. What
/// [`from_commands`] judges, and what `net.rs` makes network targets of (so a look-alike
/// registry host is a look-alike host).
pub fn named_sources(c: &CommandFact) -> Vec<(&'static str, String, String)> {
    let mut out: Vec<(&'static str, String, String)> = Vec::new();
    {
        let argv: &[String] = &c.argv;
        let args: &[String] = argv.get(1..).unwrap_or(&[]);
        let words: Vec<&str> = args
            .iter()
            .map(String::as_str)
            .filter(|w| !w.starts_with('-'))
            .collect();
        let mut add = |eco: &'static str, url: &str, how: &str| {
            for u in url.split(',') {
                let u = u.trim().trim_matches(|c| c == '"' || c == '\'');
                if u.starts_with("http://") || u.starts_with("https://") {
                    out.push((eco, u.to_string(), how.to_string()));
                }
            }
        };
        match c.program.as_str() {
            "npm" | "pnpm" | "yarn" | "bun" | "npx" | "bunx" | "pnpx" => {
                // `npm config set registry URL`, `npm set registry=URL`, `yarn config set
                // npmRegistryServer URL`, `npm config set @scope:registry URL`
                if let Some(at) = words.iter().position(|w| *w == "set") {
                    let key = words.get(at + 1).copied().unwrap_or("");
                    let (k, inline) = key.split_once('=').unwrap_or((key, ""));
                    if k == "registry" || k.ends_with(":registry") || k == "npmRegistryServer" {
                        let v = if inline.is_empty() {
                            words.get(at + 2).copied().unwrap_or("")
                        } else {
                            inline
                        };
                        add("npm", v, &format!("{} config set {k}", c.program));
                    }
                }
                let installs = matches!(
                    words.first().copied(),
                    Some("install" | "i" | "add" | "ci" | "update" | "up" | "upgrade" | "dlx")
                ) || matches!(c.program.as_str(), "npx" | "bunx" | "pnpx");
                if installs {
                    for v in option_values(args, "--registry", None) {
                        add("npm", v, &format!("{} --registry", c.program));
                    }
                }
            }
            "pip" | "pip3" | "uv" | "python" | "python3" | "pipx" => {
                // `python -m pip …`, `uv pip …`
                let sub: Vec<&str> = match c.program.as_str() {
                    "python" | "python3" => {
                        if args.first().map(String::as_str) != Some("-m")
                            || args.get(1).map(String::as_str) != Some("pip")
                        {
                            return out;
                        }
                        words.iter().skip(1).copied().collect()
                    }
                    "uv" if words.first() == Some(&"pip") => words[1..].to_vec(),
                    _ => words.clone(),
                };
                let eco = if c.program == "uv" { "uv" } else { "pip" };
                match sub.first().copied() {
                    Some("config") if sub.get(1) == Some(&"set") => {
                        let key = sub.get(2).copied().unwrap_or("");
                        if key.ends_with("index-url") || key.ends_with("find-links") {
                            add(
                                eco,
                                sub.get(3).copied().unwrap_or(""),
                                &format!("pip config set {key}"),
                            );
                        }
                    }
                    Some("install" | "add" | "sync" | "lock" | "compile") => {
                        for (long, short) in [
                            ("--index-url", Some("-i")),
                            ("--extra-index-url", None),
                            ("--find-links", Some("-f")),
                            ("--index", None),
                            ("--default-index", None),
                        ] {
                            for v in option_values(args, long, short) {
                                add(eco, v, &format!("{} {long}", c.program));
                            }
                        }
                    }
                    _ => {}
                }
            }
            "go" if words.first() == Some(&"env") => {
                for w in &words[1..] {
                    if let Some(v) = w.strip_prefix("GOPROXY=") {
                        add("go", v, "go env -w GOPROXY");
                    }
                }
            }
            "gem" => {
                if words.first() == Some(&"sources") {
                    for v in option_values(args, "--add", Some("-a")) {
                        add("gem", v, "gem sources --add");
                    }
                } else if words.first() == Some(&"install") {
                    for v in option_values(args, "--source", None) {
                        add("gem", v, "gem install --source");
                    }
                }
            }
            "poetry" if words.first() == Some(&"source") && words.get(1) == Some(&"add") => {
                add(
                    "poetry",
                    words.get(3).copied().unwrap_or(""),
                    "poetry source add",
                );
            }
            _ => {}
        }
    }
    out
}

/// Whether `path` is a file that configures package sources ([`from_file`] reads it).
pub fn configures(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    matches!(
        base.as_str(),
        ".npmrc"
            | ".yarnrc"
            | ".yarnrc.yml"
            | "pip.conf"
            | "pip.ini"
            | "uv.toml"
            | "pyproject.toml"
            | "bunfig.toml"
            | ".gemrc"
    ) || (base.starts_with("requirements") && base.ends_with(".txt"))
}

/// The package sources a file's text sets, for the files that configure them (module docs);
/// empty for any other file.
pub fn from_file(path: &str, text: &str) -> Vec<RegistryFact> {
    let base = path.rsplit('/').next().unwrap_or(path);
    let lower = base.to_ascii_lowercase();
    let mut out = Vec::new();
    let (eco, keys): (&str, &[&str]) = match lower.as_str() {
        ".npmrc" | ".yarnrc" => ("npm", &["registry"]),
        ".yarnrc.yml" => ("npm", &["npmRegistryServer"]),
        "pip.conf" | "pip.ini" => ("pip", &["index-url", "extra-index-url", "find-links"]),
        "uv.toml" | "pyproject.toml" => ("uv", &["url", "index-url", "extra-index-url"]),
        "bunfig.toml" => ("bun", &["registry"]),
        ".gemrc" => ("gem", &[":sources", "sources"]),
        _ if lower.starts_with("requirements") && lower.ends_with(".txt") => (
            "pip",
            &[
                "--index-url",
                "--extra-index-url",
                "-i",
                "--find-links",
                "-f",
            ],
        ),
        _ => return out,
    };
    let toml = lower.ends_with(".toml");
    let mut section = String::new();
    for line in text.lines().take(5000) {
        let l = line.trim();
        if l.starts_with('#') || l.starts_with(';') {
            continue;
        }
        if toml && l.starts_with('[') {
            section = l
                .trim_matches(|c| c == '[' || c == ']')
                .to_ascii_lowercase();
            continue;
        }
        // in a TOML file only the tables that configure sources: `[[tool.uv.index]]`,
        // `[[tool.poetry.source]]`, `[tool.uv]`, `[tool.pdm.source]`, bunfig's `[install]`,
        // uv.toml's top level
        if toml
            && !(section.contains("index")
                || section.contains("source")
                || section == "tool.uv"
                || section == "install"
                || (section.is_empty() && lower == "uv.toml"))
        {
            continue;
        }
        let item = l.trim_start_matches("- ");
        let hit = keys.iter().any(|k| {
            key_at(item, k)
                || item
                    .find(&format!(":{k}"))
                    .is_some_and(|i| key_at(&item[i + 1..], k))
        }) || (eco == "gem" && l.starts_with("- "));
        if !hit {
            continue;
        }
        for url in urls_in(l) {
            if let Some(f) = fact(eco, url, "tool", base, l) {
                out.push(f);
            }
        }
    }
    out
}

/// Whether `line` starts with the key `k` as a whole key: followed by `=`, `:`, a space, a
/// quote or nothing.
fn key_at(line: &str, k: &str) -> bool {
    line.strip_prefix(k)
        .is_some_and(|r| r.is_empty() || r.starts_with(['=', ':', ' ', '\t', '"']))
}

fn urls_in(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("http") {
        let s = &rest[i..];
        if !(s.starts_with("http://") || s.starts_with("https://")) {
            rest = &s[4..];
            continue;
        }
        let end = s
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ']'))
            .unwrap_or(s.len());
        out.push(&s[..end]);
        rest = &s[end..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(argv: &[&str]) -> CommandFact {
        CommandFact {
            program: argv[0].to_string(),
            argv: argv.iter().map(|s| s.to_string()).collect(),
            cwd: "/p".into(),
            evidence: argv.join(" "),
            wrappers: Vec::new(),
            depth: 0,
        }
    }

    #[test]
    fn sources_set_by_commands() {
        let hosts = |argv: &[&str]| -> Vec<String> {
            from_commands(&[cmd(argv)])
                .into_iter()
                .map(|f| f.host)
                .collect()
        };
        let evil = "https://npm.registry-mirror.example/";
        assert_eq!(
            hosts(&["npm", "config", "set", "registry", evil]),
            ["npm.registry-mirror.example"]
        );
        assert_eq!(hosts(&["npm", "set", &format!("registry={evil}")]).len(), 1);
        assert_eq!(
            hosts(&["yarn", "config", "set", "npmRegistryServer", evil]).len(),
            1
        );
        assert_eq!(hosts(&["pnpm", "install", "--registry", evil]).len(), 1);
        assert_eq!(
            hosts(&[
                "pip",
                "install",
                "-i",
                "https://pypi.example.net/simple",
                "x"
            ])
            .len(),
            1
        );
        assert_eq!(
            hosts(&[
                "python3",
                "-m",
                "pip",
                "install",
                "--extra-index-url=https://p.example.net/s",
                "x"
            ])
            .len(),
            1
        );
        assert_eq!(
            hosts(&[
                "uv",
                "pip",
                "install",
                "--index-url",
                "https://p.example.net/s",
                "x"
            ])
            .len(),
            1
        );
        assert_eq!(
            hosts(&[
                "pip",
                "config",
                "set",
                "global.index-url",
                "https://p.example.net/s"
            ])
            .len(),
            1
        );
        assert_eq!(
            hosts(&["go", "env", "-w", "GOPROXY=https://gp.example.net,direct"]).len(),
            1
        );
        assert_eq!(
            hosts(&["gem", "sources", "--add", "https://gems.example.net/"]).len(),
            1
        );
        assert_eq!(
            hosts(&["poetry", "source", "add", "corp", "https://p.example.net/s"]).len(),
            1
        );
        // a look-alike of the default host (Cyrillic а) is a fact
        assert_eq!(
            hosts(&[
                "npm",
                "config",
                "set",
                "registry",
                "https://registry.npmjѕ.org/"
            ])
            .len(),
            1
        );
        // net.rs sees every named source, known hosts included
        assert_eq!(
            named_sources(&cmd(&[
                "npm",
                "config",
                "set",
                "registry",
                "https://registry.npmjs.org/"
            ]))
            .len(),
            1
        );
        assert!(named_sources(&cmd(&["npm", "install", "left-pad"])).is_empty());
        // defaults, known mirrors, loopback, read-only queries, logins: none
        for argv in [
            &[
                "npm",
                "config",
                "set",
                "registry",
                "https://registry.npmjs.org/",
            ][..],
            &[
                "npm",
                "config",
                "set",
                "registry",
                "https://registry.npmmirror.com",
            ],
            &[
                "pip",
                "install",
                "torch",
                "--index-url",
                "https://download.pytorch.org/whl/cu121",
            ],
            &[
                "pip",
                "config",
                "set",
                "global.index-url",
                "https://pypi.tuna.tsinghua.edu.cn/simple",
            ],
            &["npm", "publish", "--registry", "http://localhost:4873/"],
            &["npm", "install", "--registry", "http://127.0.0.1:4873/"],
            &[
                "pip",
                "index",
                "versions",
                "requests",
                "--index-url",
                "https://p.example.net/s",
            ],
            &["npm", "login", "--registry", "https://registry.example.com"],
            &[
                "pip",
                "download",
                "requests",
                "--index-url",
                "https://example.com",
            ],
            &[
                "npm",
                "view",
                "react",
                "--registry",
                "https://registry.example.com",
            ],
            &["go", "env", "-w", "GOPROXY=direct"],
        ] {
            assert!(hosts(argv).is_empty(), "{argv:?}");
        }
    }

    #[test]
    fn sources_set_by_files() {
        let n = |path: &str, text: &str| from_file(path, text).len();
        assert_eq!(n("/p/.npmrc", "registry=https://npm.example.net/\n"), 1);
        assert_eq!(
            n(
                "/p/.npmrc",
                "@corp:registry=https://npm.example.net/\n//npm.example.net/:_authToken=${T}\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/.yarnrc.yml",
                "npmRegistryServer: \"https://npm.example.net\"\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/h/.config/pip/pip.conf",
                "[global]\nindex-url = https://p.example.net/simple\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/requirements.txt",
                "--extra-index-url https://p.example.net/simple\nflask==3.0\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/pyproject.toml",
                "[[tool.uv.index]]\nname = \"corp\"\nurl = \"https://p.example.net/simple\"\n"
            ),
            1
        );
        assert_eq!(
            n("/p/.gemrc", ":sources:\n- https://gems.example.net/\n"),
            1
        );
        // defaults, comments, other keys, other files: none
        assert_eq!(
            n(
                "/p/.npmrc",
                "registry=https://registry.npmjs.org/\nsave-exact=true\n"
            ),
            0
        );
        assert_eq!(n("/p/.npmrc", "# registry=https://npm.example.net/\n"), 0);
        assert_eq!(
            n(
                "/p/pyproject.toml",
                "[project]\nname = \"x\"\nurls = { Homepage = \"https://x.example.net\" }\n"
            ),
            0
        );
        assert_eq!(n("/p/requirements.txt", "flask==3.0\nrequests>=2\n"), 0);
        assert_eq!(n("/p/README.md", "registry=https://npm.example.net/\n"), 0);
    }
}
