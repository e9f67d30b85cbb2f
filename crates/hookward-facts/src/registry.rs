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
//!
//! The same fact, by the same rule (h-cmd16): a package installed from a direct URL (`pip install
//! https://host/x.tar.gz`, `npm install https://host/x.tgz`, `cargo install --git URL`, a PEP 508
//! `name @ URL` in `pyproject.toml`, `setup.cfg` or a requirements file) whose host is neither a
//! registry nor a code-hosting site ([`CODE_HOSTS`]: a repository there has a named owner and
//! history anyone can read); a lockfile whose resolved URLs point at another host (`Write` of
//! `package-lock.json`, `sed -i 's#registry.npmjs.org#mirror.example#' package-lock.json`); and
//! a manifest that redirects a dependency to another source, code hosts included, since the
//! redirect is the attack (go.mod `replace M => other/module`, Cargo `[patch.*]`/`[replace]` with
//! `git`, `.cargo/config.toml` `[source.*]`/`[registries.*]`, Gradle's wrapper
//! `distributionUrl`). Local paths (`replace M => ../fork`, `path = …`) are one's own code.
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
    "services.gradle.org",
    "downloads.gradle.org",
    "downloads.gradle-dn.com",
    "repo.maven.apache.org",
    "repo1.maven.org",
    // h-cls19: the default sources of NuGet, Hex, Google's and Gradle's Maven repositories,
    // Homebrew's own taps (NuGet docs, "nuget.config reference": the default source;
    // hex.pm docs; Android and Gradle docs: `google()`, `gradlePluginPortal()`).
    "api.nuget.org",
    "www.nuget.org",
    // code27: the PowerShell Gallery, PSGallery's default location (Microsoft Learn,
    // "Get-PSRepository": https://www.powershellgallery.com/api/v2).
    "www.powershellgallery.com",
    "powershellgallery.com",
    "repo.hex.pm",
    "hex.pm",
    "maven.google.com",
    "dl.google.com",
    "plugins.gradle.org",
    // h-supply25: the default sources of CocoaPods (trunk CDN), Composer (Packagist) and Unity's
    // package manager, and OpenUPM, the public registry Unity's docs and most packages name
    // (CocoaPods guides "Podfile: source"; Composer docs "Repositories: Packagist"; Unity Manual
    // "Scoped registries"; openupm.com docs).
    "cdn.cocoapods.org",
    "trunk.cocoapods.org",
    "repo.packagist.org",
    "packagist.org",
    "packages.unity.com",
    "download.packages.unity.com",
    "package.openupm.com",
    // h-source26: the official download and cache hosts of the build systems and recipe
    // repositories `manifest.rs` reads (Yocto Project: downloads and sstate mirrors; Buildroot's
    // source mirror; PyPI's legacy `pypi.io` alias that conda-forge recipes use; Anaconda's
    // channels; the GNU and kernel.org mirrors recipes fetch from).
    "yoctoproject.org",
    "sources.buildroot.net",
    "buildroot.org",
    "pypi.io",
    "conda.anaconda.org",
    "repo.anaconda.com",
    "ftp.gnu.org",
    "ftpmirror.gnu.org",
    "cdn.kernel.org",
    "mirrors.kernel.org",
];

/// Code-hosting sites (and GitHub's archive host): a direct install from a repository there
/// is not asked about (module docs), a redirect of a dependency there is. `pkg.pr.new` serves
/// builds of GitHub pull requests (StackBlitz), named by repository and commit.
pub const CODE_HOSTS: &[&str] = &[
    "github.com",
    "codeload.github.com",
    "gitlab.com",
    "bitbucket.org",
    "codeberg.org",
    "git.sr.ht",
    "repo.or.cz",
    "pkg.pr.new",
];

/// Whether `host` (lower case) is a code-hosting site of [`CODE_HOSTS`].
pub fn is_code_host(host: &str) -> bool {
    CODE_HOSTS.contains(&host)
}

/// The `how` of a direct-URL install ([`named_sources`]): it ends with this.
pub(crate) const DIRECT: &str = " from a URL";

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
    /// h-source26: what kind of source it is (`sources.rs` [`crate::sources::kind_of`]):
    /// `git`, `url` (a direct URL or archive), `index` (an alternate registry, index or
    /// mirror), `redirect` (a dependency pointed elsewhere), `image`, `chart`, `trust`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// h-source26: the same command runs what it fetched (`uv run --with URL`, `uvx --from
    /// URL`, `npx`, a chart installed from a repository added in the same line, an install
    /// followed by running the package): fetched and run in one step (`net/source-run`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub runs: bool,
}

/// The fact for a source (`manifest.rs`): `None` for a default registry or known mirror, a
/// loopback host, and a code host when `how` ends with [`DIRECT`] (a direct install).
pub(crate) fn fact_for(
    ecosystem: &str,
    url: &str,
    via: &str,
    how: &str,
    evidence: &str,
) -> Option<RegistryFact> {
    fact(ecosystem, url, via, how, evidence)
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
    if (how.ends_with(DIRECT) || how == "brew tap") && is_code_host(&host) {
        return None;
    }
    Some(RegistryFact {
        ecosystem: ecosystem.to_string(),
        kind: crate::sources::kind_of(how, url).to_string(),
        url: url.to_string(),
        host,
        lookalike: t.lookalike,
        via: via.to_string(),
        how: how.to_string(),
        evidence: evidence.chars().take(300).collect(),
        runs: false,
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
    // h-source26: the shapes of `sources.rs` (more package managers, dependency redirects,
    // images, charts), and whether the line runs what it fetched
    crate::sources::from_commands(cmds, &mut out);
    // h-fetchrun28: git specs run by package runners, plugin installs and indexes
    crate::runner_sources::from_commands(cmds, &mut out);
    out
}

/// The host of a URL, lower case (`https://h:1/p` → `h`).
pub(crate) fn host_of(u: &str) -> String {
    u.split("://")
        .nth(1)
        .unwrap_or(u)
        .split(['/', ':', '?', '#'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
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
        // `lando composer …`, `ddev composer …`, `ddev exec composer …` (Lando and DDEV docs:
        // the tool runs inside the project's container): the inner command's words
        let shift = match c.program.as_str() {
            "lando" | "ddev" => match c.argv.get(1).map(String::as_str) {
                Some("exec") => 2,
                Some(_) => 1,
                None => 0,
            },
            _ => 0,
        };
        let argv: &[String] = c.argv.get(shift..).unwrap_or(&[]);
        let program = if shift > 0 {
            argv.first().map_or("", String::as_str)
        } else {
            c.program.as_str()
        };
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
        match program {
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
                        add("npm", v, &format!("{program} config set {k}"));
                    }
                }
                // the first operand, past an option's value (`npm --prefix website install`)
                let first_op = operands(args).next();
                let verb = |w: Option<&str>| {
                    matches!(
                        w,
                        Some("install" | "i" | "add" | "ci" | "update" | "up" | "upgrade" | "dlx")
                    )
                };
                let installs = verb(words.first().copied())
                    || verb(first_op)
                    || matches!(program, "npx" | "bunx" | "pnpx");
                if installs {
                    for v in option_values(args, "--registry", None) {
                        add("npm", v, &format!("{} --registry", program));
                    }
                    for w in operands(args) {
                        if let Some(u) = direct_url(w) {
                            add("npm", u, &format!("{} install{DIRECT}", program));
                        }
                    }
                }
            }
            "pip" | "pip3" | "uv" | "python" | "python3" | "pipx" => {
                // `python -m pip …`, `uv pip …`
                let sub: Vec<&str> = match program {
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
                let eco = if program == "uv" { "uv" } else { "pip" };
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
                        for w in operands(args) {
                            if let Some(u) = direct_url(w) {
                                add(eco, u, &format!("{} install{DIRECT}", program));
                            }
                        }
                        for (long, short) in [
                            ("--index-url", Some("-i")),
                            ("--extra-index-url", None),
                            ("--find-links", Some("-f")),
                            ("--index", None),
                            ("--default-index", None),
                        ] {
                            for v in option_values(args, long, short) {
                                add(eco, v, &format!("{} {long}", program));
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
            "cargo" if words.first() == Some(&"install") => {
                for v in option_values(args, "--git", None) {
                    if let Some(u) = direct_url(v) {
                        add("cargo", u, &format!("cargo install --git{DIRECT}"));
                    }
                }
                for v in option_values(args, "--index", None) {
                    add(
                        "cargo",
                        v.trim_start_matches("sparse+"),
                        "cargo install --index",
                    );
                }
            }
            // `bundle config [set] [--global|--local] mirror.SOURCE MIRROR` (Bundler docs,
            // bundle-config "MIRRORS OF GEM SOURCES"): every gem of SOURCE comes from MIRROR.
            "bundle" if words.first() == Some(&"config") => {
                if let Some(at) = words.iter().position(|w| w.starts_with("mirror.")) {
                    add(
                        "gem",
                        words.get(at + 1).copied().unwrap_or(""),
                        "bundle config mirror",
                    );
                }
            }
            // `mix hex.repo add NAME URL`, `mix hex.repo set NAME --url URL` (Hex docs,
            // mix hex.repo): packages of that repository (hexpm itself when NAME is hexpm) come
            // from URL.
            "mix" if words.first() == Some(&"hex.repo") => {
                if words.get(1) == Some(&"add") {
                    add(
                        "hex",
                        words.get(3).copied().unwrap_or(""),
                        "mix hex.repo add",
                    );
                }
                for v in option_values(args, "--url", None) {
                    add("hex", v, "mix hex.repo set --url");
                }
            }
            // `dotnet nuget add source URL`, `dotnet nuget update source NAME --source URL`,
            // `dotnet tool install … --add-source URL`, `dotnet add package … --source URL`,
            // `dotnet restore --source URL`, `nuget sources add -Source URL` (.NET CLI and
            // NuGet CLI references).
            "dotnet" | "nuget" => {
                if words.first() == Some(&"nuget")
                    && words.get(1) == Some(&"add")
                    && words.get(2) == Some(&"source")
                {
                    add(
                        "nuget",
                        words.get(3).copied().unwrap_or(""),
                        "dotnet nuget add source",
                    );
                }
                // `dotnet nuget push|delete --source URL` names where a package is published
                // (its own fact), not where installs come from.
                let publishes = words.iter().any(|w| matches!(*w, "push" | "delete"));
                for (long, short) in [
                    ("--add-source", None),
                    ("--source", Some("-s")),
                    ("-Source", None),
                ] {
                    if publishes {
                        break;
                    }
                    for v in option_values(args, long, short) {
                        add("nuget", v, &format!("{} {long}", program));
                    }
                }
            }
            // `brew tap USER/REPO URL` (brew(1)): formulae of the tap, run as Ruby on `brew
            // install`, come from URL.
            "brew" if words.first() == Some(&"tap") => {
                add("brew", words.get(2).copied().unwrap_or(""), "brew tap");
            }
            // `brew install URL` / `brew install --formula|--cask URL` (brew(1): a formula or
            // cask file given by URL is downloaded and its Ruby run): a direct-URL install.
            "brew"
                if matches!(
                    words.first().copied(),
                    Some("install" | "reinstall" | "upgrade")
                ) =>
            {
                for w in operands(args) {
                    if let Some(u) = direct_url(w) {
                        add("brew", u, &format!("brew install{DIRECT}"));
                    }
                }
            }
            // `composer config repositories.NAME TYPE URL` and `composer config
            // repositories.NAME '{"type": "vcs", "url": "URL"}'` (Composer docs, "config":
            // "Modifying Repositories"): packages of that repository are installed from URL,
            // ahead of Packagist.
            "composer" if words.first() == Some(&"config") => {
                if let Some(at) = words
                    .iter()
                    .position(|w| w.starts_with("repositories.") || w.starts_with("repo."))
                {
                    for w in words.iter().skip(at + 1).take(3) {
                        let u = w
                            .find("http")
                            .map(|i| &w[i..])
                            .map(|u| u.split(['"', '\'', ' ', ',', '}']).next().unwrap_or(u))
                            .unwrap_or("");
                        add("composer", u, "composer config repositories");
                    }
                }
            }
            // `pod repo add NAME URL` (CocoaPods, `pod repo add`): a spec repository whose
            // podspecs name where each pod's code comes from.
            "pod" if words.first() == Some(&"repo") && words.get(1) == Some(&"add") => {
                add(
                    "cocoapods",
                    words.get(3).copied().unwrap_or(""),
                    "pod repo add",
                );
            }
            "poetry" if words.first() == Some(&"source") && words.get(1) == Some(&"add") => {
                add(
                    "poetry",
                    words.get(3).copied().unwrap_or(""),
                    "poetry source add",
                );
            }
            // PowerShell code (`pwsh -Command …`) registering a module repository or package
            // source (code27): [`powershell_sources`].
            "pwsh" | "powershell" | "powershell.exe" => {
                let text = args.join(" ");
                for (how, url) in powershell_sources(&text) {
                    add("powershell", &url, how);
                }
            }
            _ => {}
        }
    }
    out
}

/// PowerShell cmdlets that register where modules and packages are installed from, with the
/// parameters that name the location (Microsoft Learn, PowerShellGet: Register-PSRepository
/// `-SourceLocation`/`-ScriptSourceLocation`, Set-PSRepository; PSResourceGet:
/// Register-PSResourceRepository/Set-PSResourceRepository `-Uri`; PackageManagement:
/// Register-PackageSource `-Location`, Install-Package/Install-Module … `-Source`). Every later
/// `Install-Module -Repository NAME` takes code from there (`-InstallationPolicy Trusted`/`-Trusted`
/// even without a prompt).
const PS_SOURCE_CMDLETS: &[(&str, &[&str])] = &[
    (
        "register-psrepository",
        &["-sourcelocation", "-scriptsourcelocation"],
    ),
    (
        "set-psrepository",
        &["-sourcelocation", "-scriptsourcelocation"],
    ),
    ("register-psresourcerepository", &["-uri"]),
    ("set-psresourcerepository", &["-uri"]),
    ("register-packagesource", &["-location"]),
    ("install-package", &["-source"]),
];

/// The package locations PowerShell code registers ([`PS_SOURCE_CMDLETS`]), as (how, URL).
pub(crate) fn powershell_sources(text: &str) -> Vec<(&'static str, String)> {
    let lower = text.to_ascii_lowercase();
    let mut out = Vec::new();
    for (cmdlet, params) in PS_SOURCE_CMDLETS {
        for (i, _) in lower.match_indices(cmdlet).take(8) {
            // the statement: up to `;`, `|` or a new line
            let stmt_end = lower[i..]
                .find([';', '|', '\n'])
                .map_or(lower.len(), |e| i + e);
            let stmt = &text[i..stmt_end];
            let words: Vec<&str> = stmt.split_whitespace().collect();
            for (j, w) in words.iter().enumerate() {
                let lw = w.to_ascii_lowercase();
                let (name, glued) = lw.split_once(':').map_or((lw.as_str(), None), |(n, _)| {
                    (n, w.split_once(':').map(|(_, v)| v))
                });
                if !params.contains(&name) {
                    continue;
                }
                let v = glued.or_else(|| words.get(j + 1).copied()).unwrap_or("");
                let v = v.trim_matches(|c| c == '"' || c == '\'');
                if v.starts_with("http://") || v.starts_with("https://") {
                    out.push((*cmdlet, v.to_string()));
                }
            }
        }
    }
    out
}

/// The words of `args` that are neither options nor the value after an option that takes one
/// (an option word without `=` followed by a word that is not an option is read as taking it:
/// `--registry URL`, `-i URL`, from [`VALUE_OPTIONS`]).
fn operands(args: &[String]) -> impl Iterator<Item = &str> {
    args.iter().enumerate().filter_map(|(i, a)| {
        let prev_takes = i > 0 && {
            let p = args[i - 1].as_str();
            p.starts_with('-') && !p.contains('=') && VALUE_OPTIONS.contains(&p)
        };
        (!a.starts_with('-') && !prev_takes).then_some(a.as_str())
    })
}

/// Install options whose value is the next word (npm, pip, uv, cargo).
const VALUE_OPTIONS: &[&str] = &[
    "--registry",
    "--index-url",
    "-i",
    "--extra-index-url",
    "--find-links",
    "-f",
    "--index",
    "--default-index",
    "--git",
    "-r",
    "--requirement",
    "-c",
    "--constraint",
    "--target",
    "-t",
    "--prefix",
    "--root",
    // h-source26: npm/pnpm/yarn's folder options (npm docs "prefix"; pnpm docs "--dir",
    // "--filter"; yarn "--cwd"); not `-w`, a flag in pnpm (`--workspace-root`)
    "-C",
    "--dir",
    "--cwd",
    "--filter",
];

/// The URL a package argument installs from, when it is one: `https://…`, `git+https://…`,
/// `name @ https://…` (PEP 508), `name@git+https://…`; the `git+` and `sparse+` prefixes removed.
fn direct_url(w: &str) -> Option<&str> {
    let at = w.find("://")?;
    // the byte after the last character that cannot be in a scheme (a multi-byte one too)
    let start = w[..at]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '+'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let u = &w[start..];
    let u = u
        .strip_prefix("git+")
        .or_else(|| u.strip_prefix("sparse+"))
        .unwrap_or(u);
    (u.starts_with("https://") || u.starts_with("http://")).then_some(u)
}

/// Whether `path` is a lockfile: resolved URLs of every dependency.
fn is_lockfile(base: &str) -> bool {
    base.ends_with(".lock")
        || base.ends_with("-lock.json")
        || base.ends_with("-lock.yaml")
        || base == "npm-shrinkwrap.json"
        || base == "pipfile.lock"
}

/// Whether `path` is a file that configures package sources ([`from_file`] reads it).
pub fn configures(path: &str) -> bool {
    let base = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let lower = path.to_ascii_lowercase();
    is_lockfile(&base)
        || matches!(
            base.as_str(),
            "go.mod" | "cargo.toml" | "setup.cfg" | "gradle-wrapper.properties"
        )
        || ((base == "config.toml" || base == "config")
            && (lower.contains("/.cargo/") || lower.starts_with(".cargo/")))
        || matches!(
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
                | "gemfile"
                | "nuget.config"
                | "settings.gradle"
                | "settings.gradle.kts"
                | "build.gradle"
                | "build.gradle.kts"
        )
        || (base.starts_with("requirements") && base.ends_with(".txt"))
}

/// The package sources a file's text sets, for the files that configure them (module docs);
/// empty for any other file.
pub fn from_file(path: &str, text: &str) -> Vec<RegistryFact> {
    let base = path.rsplit('/').next().unwrap_or(path);
    let lower = base.to_ascii_lowercase();
    let mut out = redirects(path, text);
    if is_lockfile(&lower) {
        for line in text.lines().take(50_000) {
            for url in urls_in(line) {
                if let Some(f) = fact(
                    "lockfile",
                    url,
                    "tool",
                    &format!("{base}{DIRECT}"),
                    line.trim(),
                ) {
                    out.push(f);
                }
            }
        }
        return out;
    }
    // PEP 508 direct references (`name @ https://…`) and URL lines of requirements files
    if lower == "pyproject.toml"
        || lower == "setup.cfg"
        || (lower.starts_with("requirements") && lower.ends_with(".txt"))
    {
        for line in text.lines().take(5000) {
            let l = line.trim();
            if l.starts_with('#') {
                continue;
            }
            let refs = l.contains(" @ ")
                || l.contains("@git+")
                || l.starts_with("http")
                || l.starts_with("git+");
            if !refs {
                continue;
            }
            for w in l.split(['"', '\'', ',', '[', ']', ' ']) {
                if let Some(u) = direct_url(w) {
                    if let Some(f) = fact("pip", u, "tool", &format!("{base}{DIRECT}"), l) {
                        out.push(f);
                    }
                }
            }
        }
    }
    let (eco, keys): (&str, &[&str]) = match lower.as_str() {
        ".npmrc" | ".yarnrc" => ("npm", &["registry"]),
        ".yarnrc.yml" => ("npm", &["npmRegistryServer"]),
        "pip.conf" | "pip.ini" => ("pip", &["index-url", "extra-index-url", "find-links"]),
        "uv.toml" | "pyproject.toml" => ("uv", &["url", "index-url", "extra-index-url"]),
        "bunfig.toml" => ("bun", &["registry"]),
        ".gemrc" => ("gem", &[":sources", "sources"]),
        // Bundler's Gemfile: `source "URL"` (Bundler docs, Gemfile "SOURCE").
        "gemfile" => ("gem", &["source"]),
        // nuget.config `<packageSources>`: `<add key="NAME" value="URL" />` (NuGet docs,
        // "nuget.config reference").
        "nuget.config" => ("nuget", &["<add"]),
        // Gradle repositories: `maven { url = uri("URL") }`, `maven { url 'URL' }`,
        // `maven("URL")`, a `url` line inside a `maven { … }` block (Gradle docs,
        // "Declaring repositories").
        "settings.gradle" | "settings.gradle.kts" | "build.gradle" | "build.gradle.kts" => {
            ("maven", &["maven", "maven(", "url", "setUrl("])
        }
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
/// What a shell command's write of a lockfile or source file shows (`text` as
/// `armed::shell_written_text` gives it): [`from_file`]'s facts, and for a lockfile the hosts
/// a `sed` substitution puts in (`s#registry.npmjs.org#mirror.example#g`: the replacement, a
/// host without a scheme).
pub fn from_shell_write(path: &str, text: &str) -> Vec<RegistryFact> {
    let mut out = from_file(path, text);
    // h-source26: a `sed` substitution's replacement read as the text it writes, with its
    // `\n` line breaks (`s#^\[patch.crates-io\]#[patch.crates-io]\nx = { git = URL }#`),
    // less what its pattern already named
    for (old, new) in crate::manifest::sed_pairs(text) {
        let before: Vec<String> = from_file(path, &old).into_iter().map(|f| f.url).collect();
        for f in from_file(path, &new) {
            if !before.contains(&f.url) && !out.iter().any(|g| g.url == f.url) {
                out.push(f);
            }
        }
    }
    let base = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    if !is_lockfile(&base) {
        return out;
    }
    for expr in text.split_whitespace() {
        let Some(rest) = expr.strip_prefix('s') else {
            continue;
        };
        let Some(d) = rest
            .chars()
            .next()
            .filter(|c| !c.is_ascii_alphanumeric() && *c != ' ')
        else {
            continue;
        };
        let parts: Vec<&str> = rest[d.len_utf8()..].split(d).collect();
        let Some(repl) = parts.get(1) else { continue };
        let repl = repl.replace('\\', "");
        let url = if repl.contains("://") {
            repl.clone()
        } else {
            format!("https://{repl}")
        };
        let host_like = url
            .split("://")
            .nth(1)
            .and_then(|h| h.split('/').next())
            .is_some_and(|h| {
                h.contains('.')
                    && h.rsplit('.')
                        .next()
                        .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()))
            });
        if !host_like {
            continue;
        }
        if let Some(f) = fact("lockfile", &url, "shell", &format!("sed in {base}"), expr) {
            out.push(f);
        }
    }
    out
}

/// A manifest's redirects of dependencies to another source (module docs): go.mod `replace`
/// to a module path (not `./` or `../`), Cargo.toml `[patch.*]` / `[replace]` `git`/`registry`
/// URLs, `.cargo/config.toml` `[source.*]` / `[registries.*]` URLs, a Gradle wrapper's
/// `distributionUrl`.
fn redirects(path: &str, text: &str) -> Vec<RegistryFact> {
    let base = path.rsplit('/').next().unwrap_or(path);
    let lower = base.to_ascii_lowercase();
    let lpath = path.to_ascii_lowercase();
    let mut out = Vec::new();
    let mut push = |eco: &str, url: &str, how: &str, line: &str| {
        if let Some(f) = fact(eco, url, "tool", how, line) {
            out.push(f);
        }
    };
    match lower.as_str() {
        "go.mod" => {
            let mut in_block = false;
            for line in text.lines().take(5000) {
                let l = line.trim();
                let body = if let Some(r) = l.strip_prefix("replace") {
                    let r = r.trim();
                    if r.starts_with('(') {
                        in_block = true;
                        continue;
                    }
                    r
                } else if in_block {
                    if l.starts_with(')') {
                        in_block = false;
                        continue;
                    }
                    l
                } else {
                    continue;
                };
                let Some((from, to)) = body.split_once("=>") else {
                    continue;
                };
                let from_mod = from.split_whitespace().next().unwrap_or("");
                let to_mod = to.split_whitespace().next().unwrap_or("");
                if to_mod.is_empty()
                    || to_mod.starts_with('.')
                    || to_mod.starts_with('/')
                    || to_mod == from_mod
                {
                    continue;
                }
                push("go", &format!("https://{to_mod}"), "go.mod replace", l);
            }
        }
        "cargo.toml" | "config.toml" | "config" => {
            let cargo_config = lower != "cargo.toml";
            if cargo_config && !(lpath.contains("/.cargo/") || lpath.starts_with(".cargo/")) {
                return out;
            }
            let mut section = String::new();
            for line in text.lines().take(5000) {
                let l = line.trim();
                if l.starts_with('[') {
                    section = l
                        .trim_matches(|c| c == '[' || c == ']')
                        .to_ascii_lowercase();
                    continue;
                }
                let redirecting = if cargo_config {
                    section.starts_with("source") || section.starts_with("registries")
                } else {
                    section.starts_with("patch") || section == "replace"
                };
                if !redirecting || l.starts_with('#') {
                    continue;
                }
                let how = if cargo_config {
                    ".cargo/config.toml source"
                } else {
                    "Cargo.toml [patch]"
                };
                for url in urls_in(l) {
                    push("cargo", url, how, l);
                }
            }
        }
        "gradle-wrapper.properties" => {
            for line in text.lines().take(5000) {
                let l = line.trim();
                if let Some(v) = l.strip_prefix("distributionUrl") {
                    let v = v
                        .trim_start()
                        .trim_start_matches(['=', ':'])
                        .trim()
                        .replace("\\:", ":");
                    push("gradle", &v, "gradle-wrapper.properties distributionUrl", l);
                }
            }
        }
        _ => {}
    }
    out
}

fn key_at(line: &str, k: &str) -> bool {
    line.strip_prefix(k)
        .is_some_and(|r| r.is_empty() || r.starts_with(['=', ':', ' ', '\t', '"']))
}

pub(crate) fn urls_in(line: &str) -> Vec<&str> {
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

    /// h-source26: an npm option's value before the verb (`npm --prefix DIR install`), and
    /// pnpm's `-w` flag before a URL operand.
    #[test]
    fn npm_options_before_the_verb() {
        let hosts = |argv: &[&str]| -> Vec<String> {
            from_commands(&[cmd(argv)])
                .into_iter()
                .map(|f| f.host)
                .collect()
        };
        assert_eq!(
            hosts(&[
                "npm",
                "--prefix",
                "web",
                "install",
                "x",
                "--registry",
                "https://reg.fast-npm.example"
            ]),
            ["reg.fast-npm.example"]
        );
        assert_eq!(
            hosts(&[
                "pnpm",
                "add",
                "-w",
                "https://tarballs.example-dl.dev/x-1.0.0.tgz"
            ]),
            ["tarballs.example-dl.dev"]
        );
        assert!(hosts(&["npm", "--prefix", "web", "install"]).is_empty());
        assert!(hosts(&["npm", "--prefix", "web", "run", "build"]).is_empty());
    }

    /// Composer repositories and CocoaPods spec repositories added by command (h-supply25).
    #[test]
    fn powershell_repositories_registered() {
        let got = powershell_sources(
            "Register-PSRepository -Name H -SourceLocation http://ps-mirror.example.net/api/v2 \
             -InstallationPolicy Trusted; Install-Module H -Repository H",
        );
        assert_eq!(
            got,
            vec![(
                "register-psrepository",
                "http://ps-mirror.example.net/api/v2".to_string()
            )]
        );
        let got = powershell_sources("Register-PSResourceRepository -Name M -Uri 'https://m.example.org/v3/index.json' -Trusted");
        assert_eq!(got.len(), 1);
        // Installing from the default gallery, or listing repositories, registers nothing.
        assert!(
            powershell_sources("Install-Module Az -Scope CurrentUser; Get-PSRepository").is_empty()
        );
        // The fact is judged like any other source: the default gallery is no finding.
        let c = cmd(&[
            "pwsh",
            "-Command",
            "Register-PSRepository -Name G -SourceLocation https://ps-mirror.example.net/v2",
        ]);
        assert_eq!(from_commands(&[c]).len(), 1);
    }

    #[test]
    fn composer_and_cocoapods_sources_by_command() {
        let hosts = |argv: &[&str]| -> Vec<String> {
            from_commands(&[cmd(argv)])
                .into_iter()
                .map(|f| f.host)
                .collect()
        };
        let vcs = "https://github.com/someone/cashier-patched";
        for argv in [
            &["composer", "config", "repositories.fix", "vcs", vcs][..],
            &[
                "lando",
                "composer",
                "config",
                "repositories.fix",
                "vcs",
                vcs,
            ][..],
            &[
                "ddev",
                "exec",
                "composer",
                "config",
                "repositories.fix",
                "git",
                vcs,
            ][..],
            &[
                "composer",
                "config",
                "repositories.fix",
                r#"{"type": "vcs", "url": "https://github.com/someone/cashier-patched"}"#,
            ][..],
            &[
                "pod",
                "repo",
                "add",
                "specs",
                "https://github.com/someone/Specs.git",
            ][..],
        ] {
            assert_eq!(hosts(argv), ["github.com"], "{argv:?}");
        }
        for argv in [
            &[
                "composer",
                "config",
                "repositories.local",
                "path",
                "../packages/x",
            ][..],
            &["composer", "require", "laravel/cashier:^15.0"][..],
            &["composer", "config", "--global", "process-timeout", "600"][..],
            &["pod", "repo", "update"][..],
            &["ddev", "composer", "install"][..],
        ] {
            assert!(hosts(argv).is_empty(), "{argv:?}");
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
    fn more_ecosystems_sources() {
        let hosts = |argv: &[&str]| -> Vec<String> {
            from_commands(&[cmd(argv)])
                .into_iter()
                .map(|f| f.host)
                .collect()
        };
        for (argv, host) in [
            (
                &[
                    "bundle",
                    "config",
                    "set",
                    "--global",
                    "mirror.https://rubygems.org",
                    "https://gems.mirror.example",
                ][..],
                "gems.mirror.example",
            ),
            (
                &[
                    "mix",
                    "hex.repo",
                    "set",
                    "hexpm",
                    "--url",
                    "https://repo.hex.example",
                ][..],
                "repo.hex.example",
            ),
            (
                &["mix", "hex.repo", "add", "acme", "https://hex.acme.example"][..],
                "hex.acme.example",
            ),
            (
                &[
                    "dotnet",
                    "nuget",
                    "add",
                    "source",
                    "https://nuget.mirror.example/v3/index.json",
                    "-n",
                    "m",
                ][..],
                "nuget.mirror.example",
            ),
            (
                &[
                    "dotnet",
                    "tool",
                    "install",
                    "-g",
                    "t",
                    "--add-source",
                    "https://nuget.mirror.example/v3/index.json",
                ][..],
                "nuget.mirror.example",
            ),
            (
                &[
                    "brew",
                    "tap",
                    "acme/extra",
                    "https://git.taps.example/acme/homebrew-extra",
                ][..],
                "git.taps.example",
            ),
        ] {
            assert_eq!(hosts(argv), vec![host.to_string()], "{argv:?}");
        }
        for argv in [
            &[
                "bundle",
                "config",
                "set",
                "--local",
                "path",
                "vendor/bundle",
            ][..],
            &["bundle", "config"][..],
            &["mix", "hex.repo", "list"][..],
            &["dotnet", "nuget", "list", "source"][..],
            &[
                "dotnet",
                "add",
                "package",
                "Serilog",
                "--source",
                "https://api.nuget.org/v3/index.json",
            ][..],
            &["brew", "tap", "acme/extra"][..],
            &[
                "brew",
                "tap",
                "acme/extra",
                "https://github.com/acme/homebrew-extra",
            ][..],
        ] {
            assert!(hosts(argv).is_empty(), "{argv:?}");
        }
        let n = |path: &str, text: &str| from_file(path, text).len();
        assert_eq!(
            n(
                "/p/Gemfile",
                "source \"https://gems.mirror.example\"\ngem \"rails\"\n"
            ),
            1
        );
        assert_eq!(n("/p/Gemfile", "source \"https://rubygems.org\"\n"), 0);
        assert_eq!(
            n("/p/NuGet.Config", "<packageSources>\n  <clear />\n  <add key=\"a\" value=\"https://nuget.acme.example/v3/index.json\" />\n</packageSources>\n"),
            1
        );
        assert_eq!(
            n(
                "/p/nuget.config",
                "<add key=\"nuget.org\" value=\"https://api.nuget.org/v3/index.json\" />\n"
            ),
            0
        );
        assert_eq!(
            n(
                "/p/settings.gradle.kts",
                "        maven { url = uri(\"http://repo.libs.example/maven2\") }\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/build.gradle",
                "    maven {\n        url 'https://repo.libs.example/m2'\n    }\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/settings.gradle.kts",
                "    google()\n    mavenCentral()\n    gradlePluginPortal()\n"
            ),
            0
        );
        assert!(
            configures("/p/NuGet.Config")
                && configures("/p/Gemfile")
                && configures("/p/app/build.gradle.kts")
        );
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

    #[test]
    fn direct_urls_lockfiles_and_redirects() {
        let hosts = |argv: &[&str]| -> Vec<String> {
            from_commands(&[cmd(argv)])
                .into_iter()
                .map(|f| f.host)
                .collect()
        };
        assert_eq!(
            hosts(&["pip", "install", "https://files.pkgs.example/c-0.4.tar.gz"]),
            ["files.pkgs.example"]
        );
        assert_eq!(
            hosts(&["npm", "install", "https://npm-stats.example/p/l-2.0.0.tgz"]),
            ["npm-stats.example"]
        );
        assert_eq!(
            hosts(&[
                "uv",
                "pip",
                "install",
                "x @ git+https://git.corp.example/x.git"
            ]),
            ["git.corp.example"]
        );
        assert_eq!(
            hosts(&["cargo", "install", "--git", "https://git.corp.example/t"]),
            ["git.corp.example"]
        );
        // code hosts, registries, names and local files: none
        for argv in [
            &["pip", "install", "git+https://github.com/o/r.git"][..],
            &["cargo", "install", "--git", "https://github.com/o/r"],
            &["npm", "i", "-g", "https://pkg.pr.new/@o/cli@main"],
            &["pip", "install", "https://files.pythonhosted.org/p/x.whl"],
            &["pip", "install", "./dist/x.whl"],
            &["npm", "install", "left-pad"],
            &["cargo", "install", "ripgrep"],
        ] {
            assert!(hosts(argv).is_empty(), "{argv:?}");
        }
        let n = |p: &str, t: &str| from_file(p, t).len();
        let lock = r#"{"packages": {"node_modules/l": {"resolved": "https://registry.npm-mirror.example/l/-/l-4.17.21.tgz"}}}"#;
        assert_eq!(n("/p/package-lock.json", lock), 1);
        assert_eq!(
            n(
                "/p/package-lock.json",
                r#"{"resolved": "https://registry.npmjs.org/l/-/l-4.17.21.tgz"}"#
            ),
            0
        );
        let sed = |p: &str, t: &str| from_shell_write(p, t).len();
        assert_eq!(
            sed(
                "/p/requirements.lock",
                "s#files.pythonhosted.org#files.mirror.example#g"
            ),
            1
        );
        assert_eq!(
            sed(
                "/p/yarn.lock",
                "s|registry.yarnpkg.com|registry.npmjs.org|g"
            ),
            0
        );
        assert_eq!(
            n(
                "/p/go.mod",
                "module a\n\nreplace golang.org/x/crypto => github.com/f0rk/crypto v0.21.1\n"
            ),
            1
        );
        assert_eq!(
            n("/p/go.mod", "module a\nreplace (\n\tgithub.com/a/b => ../b\n\tgithub.com/a/c => github.com/a/c v1.2.0\n)\n"),
            0
        );
        assert_eq!(
            n("/p/Cargo.toml", "[dependencies]\nserde = \"1\"\n\n[patch.crates-io]\nserde = { git = \"https://github.com/fork/serde\" }\n"),
            1
        );
        assert_eq!(
            n(
                "/p/Cargo.toml",
                "[patch.crates-io]\nserde = { path = \"../serde\" }\n"
            ),
            0
        );
        assert_eq!(
            n("/p/.cargo/config.toml", "[source.crates-io]\nreplace-with = \"m\"\n\n[source.m]\nregistry = \"sparse+https://crates.mirror.example/index/\"\n"),
            1
        );
        assert_eq!(
            n(
                "/p/gradle/wrapper/gradle-wrapper.properties",
                "distributionUrl=https\\://gradle.mirror.example/gradle-8.7-bin.zip\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/gradle/wrapper/gradle-wrapper.properties",
                "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.7-bin.zip\n"
            ),
            0
        );
        assert_eq!(
            n("/p/pyproject.toml", "[build-system]\nrequires = [\"setuptools\", \"b @ https://pypi-mirror.example/b-1.0.tar.gz\"]\n"),
            1
        );
        assert_eq!(
            n(
                "/p/setup.cfg",
                "[options]\nsetup_requires =\n    f @ https://pypi-mirror.example/f-1.0.tar.gz\n"
            ),
            1
        );
        assert_eq!(
            n(
                "/p/requirements.txt",
                "x @ git+https://github.com/o/x.git\n"
            ),
            0
        );
    }
}
