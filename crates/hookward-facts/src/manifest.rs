//! Dependency sources written into manifests (issue 11 items 5 and 11, supply chain by shape):
//! a write that adds to a project's manifest a dependency taken from somewhere other than its
//! ecosystem's registry. The project's next install or build then fetches and runs that code.
//! `registry.rs` reads the files that configure a package manager's registry (`.npmrc`,
//! `pip.conf`, `go.mod` `replace`, Cargo `[patch]`, …); this module reads the manifests that
//! name a source per dependency, or pull build code from a URL:
//!
//! | file | source added | documented at |
//! | --- | --- | --- |
//! | `Podfile` | `pod 'X', :git => URL` / `:http =>` / `:podspec => URL`, a `source URL` spec repo | CocoaPods, Podfile syntax reference (`pod`, `source`) |
//! | `Package.swift` | `.package(url: URL …)` off the code hosts, or on a look-alike or mixed-script host | Swift Package Manager, `Package.Dependency.package(url:)` |
//! | `Packages/manifest.json` (Unity) | a `scopedRegistries[].url` | Unity Manual, "Scoped registries" |
//! | `composer.json` | a `repositories[].url` (vcs, git, composer, package, artifact) | Composer docs, "Repositories" |
//! | `package.json` | a dependency given as a URL, git URL or `github:`/`owner/repo` spec | npm docs, package.json "URLs as Dependencies", "Git URLs as Dependencies", "GitHub URLs" |
//! | `build.gradle(.kts)`, `settings.gradle(.kts)`, `*.gradle` | `apply from: URL` (a remote build script) | Gradle docs, "Script plugins" (`apply from:` a URL) |
//! | `*.tf`, `terragrunt.hcl`, `*.hcl` | a module `source` that was a local path and becomes a remote one; a remote source on a host that is neither a registry nor a code host | Terraform docs, "Module Sources"; Terragrunt docs, `terraform { source }` |
//! | page templates (`*.html`, `*.liquid`, `*.erb`, `*.njk`, `*.hbs`, `*.ejs`, `*.twig`, `*.php`, `*.astro`, `*.vue`, `*.svelte`) | a `<script src=URL>` on a host outside the package CDNs and the large script vendors ([`SCRIPT_HOSTS`]) | HTML `script` element; the CDN's and vendor's own install guides |
//! | `pom.xml` (Maven) | a `<repository>` or `<pluginRepository>` `<url>` (h-source26) | Maven docs, "Introduction to Repositories", POM reference `repositories` |
//! | `Formula/*.rb`, `Casks/*.rb` (Homebrew) | a `url`, `mirror` or `head` | Homebrew Formula Cookbook (`url`, `mirror`, `head`) |
//! | `meta.yaml`, `recipe.yaml` (conda) | a source `url` or `git_url` | conda-build docs, "Defining metadata (meta.yaml)": source section; rattler-build recipe format |
//! | `west.yml` (Zephyr) | a remote's `url-base`, a project's `url` | Zephyr docs, "West Manifests": remotes and projects |
//! | `conf/*.conf`, `*.bbappend`, `*.bbclass` (Yocto/BitBake) | `SSTATE_MIRRORS`, `PREMIRRORS`, `MIRRORS`, `SOURCE_MIRROR_URL` | Yocto Project Reference Manual, variables glossary |
//! | `*_defconfig`, `.config` (Buildroot) | `BR2_PRIMARY_SITE`, `BR2_BACKUP_SITE`, `BR2_*_CUSTOM_REPO_URL`, `BR2_*_CUSTOM_TARBALL_LOCATION` | Buildroot manual, "Download infrastructure" and the package options |
//! | `Dockerfile`, `*.Dockerfile`, `Dockerfile.*`, `Containerfile` | a `FROM` image of an unofficial publisher put in place of another publisher's | Dockerfile reference, `FROM` |
//!
//! For the last six (h-source26) a source the write puts *in place of* another one of the file
//! (a mirror, tarball or base image swapped) counts on a code host too, unless it is the same
//! publisher (host and owner: a version bump) or a well-known owner; a source added where the
//! file named none counts off the registries and code hosts only, and a base image only when it
//! replaces one.
//!
//! Only sources the write *adds* count: a source already in the file (on disk before the write,
//! or in an Edit's `old_string`) is not asked about again, so version bumps, reformatting and
//! edits elsewhere in the file stay quiet, and so does a dependency from the ecosystem's
//! registry (no URL). The facts are `registry.rs`'s [`RegistryFact`]s (`net/package-registry`).

use crate::registry::{fact_for, is_code_host, RegistryFact, DIRECT};
use serde_json::Value;

/// Hosts that serve scripts for web pages as part of their documented install (package CDNs
/// that serve registry packages by name and version, and the script hosts of the large vendors'
/// SDKs), by host. Sources: jsDelivr, unpkg, cdnjs, esm.sh, Skypack, JSPM, jQuery CDN, Google
/// Hosted Libraries, BootstrapCDN, the Tailwind Play CDN; Google tag and Analytics, reCAPTCHA,
/// Maps, Stripe.js, PayPal JS SDK, Cloudflare Turnstile and Web Analytics, Shopify's CDN, YouTube
/// and Vimeo players, hCaptcha, Sentry's browser SDK loader, the web-analytics services whose
/// install guide is one script tag (Plausible, Fathom, Simple Analytics, Umami Cloud, PostHog,
/// Segment, Hotjar, Microsoft Clarity), Intercom's messenger; each vendor's installation guide.
pub const SCRIPT_HOSTS: &[&str] = &[
    "cdn.jsdelivr.net",
    "fastly.jsdelivr.net",
    "unpkg.com",
    "cdnjs.cloudflare.com",
    "esm.sh",
    "cdn.skypack.dev",
    "ga.jspm.io",
    "code.jquery.com",
    "ajax.googleapis.com",
    "stackpath.bootstrapcdn.com",
    "maxcdn.bootstrapcdn.com",
    "cdn.tailwindcss.com",
    "www.googletagmanager.com",
    "www.google-analytics.com",
    "www.google.com",
    "www.gstatic.com",
    "maps.googleapis.com",
    "apis.google.com",
    "js.stripe.com",
    "www.paypal.com",
    "challenges.cloudflare.com",
    "static.cloudflareinsights.com",
    "cdn.shopify.com",
    "www.youtube.com",
    "player.vimeo.com",
    "js.hcaptcha.com",
    "js.sentry-cdn.com",
    "browser.sentry-cdn.com",
    "plausible.io",
    "cdn.usefathom.com",
    "scripts.simpleanalyticscdn.com",
    "cloud.umami.is",
    "us-assets.i.posthog.com",
    "eu-assets.i.posthog.com",
    "cdn.segment.com",
    "static.hotjar.com",
    "www.clarity.ms",
    "widget.intercom.io",
];

/// Whether `path` is a file this module reads.
pub fn reads(path: &str) -> bool {
    kind(path).is_some()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Podfile,
    SwiftPackage,
    UnityManifest,
    Composer,
    PackageJson,
    Gradle,
    Terraform,
    Page,
    Pom,
    Formula,
    Conda,
    West,
    Yocto,
    Buildroot,
    Dockerfile,
}

impl Kind {
    /// The kinds judged by replacement (module docs, h-source26).
    fn by_replacement(self) -> bool {
        matches!(
            self,
            Kind::Formula
                | Kind::Conda
                | Kind::West
                | Kind::Yocto
                | Kind::Buildroot
                | Kind::Dockerfile
        )
    }
}

fn kind(path: &str) -> Option<Kind> {
    let lower = path.to_ascii_lowercase();
    let base = lower.rsplit('/').next().unwrap_or(&lower);
    Some(match base {
        "podfile" => Kind::Podfile,
        "package.swift" => Kind::SwiftPackage,
        "manifest.json" if lower.ends_with("packages/manifest.json") => Kind::UnityManifest,
        "composer.json" => Kind::Composer,
        "package.json" => Kind::PackageJson,
        "terragrunt.hcl" => Kind::Terraform,
        "west.yml" => Kind::West,
        "pom.xml" => Kind::Pom,
        "meta.yaml" | "recipe.yaml" => Kind::Conda,
        "dockerfile" | "containerfile" => Kind::Dockerfile,
        _ if base.starts_with("dockerfile.") || base.ends_with(".dockerfile") => Kind::Dockerfile,
        _ if base.ends_with(".rb")
            && ["formula/", "casks/"]
                .iter()
                .any(|d| lower.contains(&format!("/{d}")) || lower.starts_with(d)) =>
        {
            Kind::Formula
        }
        _ if base.ends_with("_defconfig") || base == "defconfig" || base == ".config" => {
            Kind::Buildroot
        }
        _ if (base.ends_with(".conf")
            && (lower.contains("/conf/") || lower.starts_with("conf/")))
            || base.ends_with(".bbappend")
            || base.ends_with(".bbclass") =>
        {
            Kind::Yocto
        }
        _ if base.ends_with(".gradle") || base.ends_with(".gradle.kts") => Kind::Gradle,
        _ if base.ends_with(".tf") || base.ends_with(".hcl") => Kind::Terraform,
        _ if [
            ".html",
            ".htm",
            ".liquid",
            ".erb",
            ".njk",
            ".hbs",
            ".handlebars",
            ".ejs",
            ".twig",
            ".php",
            ".astro",
            ".vue",
            ".svelte",
            ".jinja",
            ".j2",
            ".mustache",
        ]
        .iter()
        .any(|e| base.ends_with(e)) =>
        {
            Kind::Page
        }
        _ => return None,
    })
}

/// The most text read.
const MAX_TEXT: usize = 256 * 1024;

fn bounded(text: &str) -> &str {
    let end = (0..=MAX_TEXT.min(text.len()))
        .rev()
        .find(|e| text.is_char_boundary(*e))
        .unwrap_or(0);
    &text[..end]
}

/// One source a manifest's text names: (ecosystem, URL, how, line).
type Named = (&'static str, String, String, String);

/// The sources `text` (a manifest of `path`'s kind) names (module docs' table).
fn named(path: &str, text: &str) -> Vec<Named> {
    let Some(k) = kind(path) else {
        return Vec::new();
    };
    let text = bounded(text);
    let mut out: Vec<Named> = Vec::new();
    match k {
        Kind::Podfile => {
            for line in text.lines() {
                let l = line.trim();
                if l.starts_with('#') {
                    continue;
                }
                if l.starts_with("pod ") || l.starts_with("pod(") {
                    for key in [":git", ":http", ":podspec", "git:", "http:", "podspec:"] {
                        if let Some(at) = l.find(key) {
                            if let Some(u) = first_url(&l[at..]) {
                                out.push(("cocoapods", u, format!("Podfile pod {key}"), l.into()));
                            }
                        }
                    }
                } else if let Some(r) = l.strip_prefix("source ") {
                    // the master spec repository on GitHub is CocoaPods' own
                    if let Some(u) = first_url(r).filter(|u| {
                        !u.to_ascii_lowercase()
                            .starts_with("https://github.com/cocoapods/specs")
                    }) {
                        out.push(("cocoapods", u, "Podfile source".into(), l.into()));
                    }
                }
            }
        }
        Kind::SwiftPackage => {
            for line in text.lines() {
                let l = line.trim();
                if let Some(at) = l.find(".package(") {
                    let r = &l[at..];
                    if let Some(u) = r.find("url:").and_then(|i| first_url(&r[i..])) {
                        // SwiftPM has no central registry: code hosts are its ordinary source
                        out.push((
                            "swiftpm",
                            u,
                            format!("Package.swift .package(url:){DIRECT}"),
                            l.into(),
                        ));
                    }
                }
            }
        }
        Kind::UnityManifest | Kind::Composer | Kind::PackageJson => {
            let v = serde_json::from_str::<Value>(text).ok();
            match (k, v) {
                (Kind::UnityManifest, Some(v)) => {
                    for r in v
                        .get("scopedRegistries")
                        .and_then(Value::as_array)
                        .into_iter()
                        .flatten()
                    {
                        if let Some(u) = r.get("url").and_then(Value::as_str) {
                            out.push((
                                "upm",
                                u.into(),
                                "Unity scopedRegistries".into(),
                                r.to_string(),
                            ));
                        }
                    }
                }
                (Kind::Composer, Some(v)) => {
                    let repos = v.get("repositories");
                    let list: Vec<&Value> = match repos {
                        Some(Value::Array(a)) => a.iter().collect(),
                        Some(Value::Object(o)) => o.values().collect(),
                        _ => Vec::new(),
                    };
                    for r in list {
                        if let Some(u) = r.get("url").and_then(Value::as_str) {
                            out.push((
                                "composer",
                                git_url(u),
                                "composer.json repositories".into(),
                                r.to_string(),
                            ));
                        }
                    }
                }
                (Kind::PackageJson, Some(v)) => {
                    for sec in [
                        "dependencies",
                        "devDependencies",
                        "optionalDependencies",
                        "peerDependencies",
                        "overrides",
                        "resolutions",
                    ] {
                        for (name, spec) in
                            v.get(sec).and_then(Value::as_object).into_iter().flatten()
                        {
                            if let Some(u) = spec.as_str().and_then(npm_spec_url) {
                                out.push((
                                    "npm",
                                    u,
                                    format!("package.json {sec}"),
                                    format!("\"{name}\": {spec}"),
                                ));
                            }
                        }
                    }
                }
                // a fragment (an Edit's text): its lines as they are
                _ => {
                    for line in text.lines() {
                        let l = line.trim();
                        match k {
                            Kind::UnityManifest | Kind::Composer => {
                                if let Some(at) = l.find("\"url\"") {
                                    if let Some(u) = first_url(&l[at..]) {
                                        let (eco, how) = if k == Kind::Composer {
                                            ("composer", "composer.json repositories")
                                        } else {
                                            ("upm", "Unity scopedRegistries")
                                        };
                                        out.push((eco, u, how.into(), l.into()));
                                    }
                                }
                            }
                            _ => {
                                // `"name": "spec"`
                                let parts: Vec<&str> = l.split('"').collect();
                                if parts.len() >= 4 && parts[2].trim() == ":" {
                                    if let Some(u) = npm_spec_url(parts[3]) {
                                        out.push((
                                            "npm",
                                            u,
                                            "package.json dependencies".into(),
                                            l.into(),
                                        ));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        Kind::Gradle => {
            for line in text.lines() {
                let l = line.trim();
                if l.starts_with("//") {
                    continue;
                }
                let compact: String = l.chars().filter(|c| !c.is_whitespace()).collect();
                if compact.starts_with("applyfrom") || compact.starts_with("apply(from") {
                    if let Some(u) = first_url(l) {
                        out.push(("gradle", u, "Gradle apply from".into(), l.into()));
                    }
                }
            }
        }
        Kind::Terraform => {
            for line in text.lines() {
                let l = line.trim();
                if let Some(v) = source_value(l) {
                    if let Some(u) = remote_module(&v) {
                        out.push(("terraform", u, "module source".into(), l.into()));
                    }
                }
            }
        }
        Kind::Pom => {
            // `<url>` inside a `<repository>`/`<pluginRepository>` block
            let mut depth = 0usize;
            for line in text.lines().take(20_000) {
                let l = line.trim();
                if l.starts_with("<repository>") || l.starts_with("<pluginRepository>") {
                    depth += 1;
                }
                if depth > 0 && l.starts_with("<url>") {
                    if let Some(u) = first_url(l) {
                        let u = u.split('<').next().unwrap_or(&u).to_string();
                        out.push(("maven", u, "pom.xml repository".into(), l.into()));
                    }
                }
                if l.ends_with("</repository>") || l.ends_with("</pluginRepository>") {
                    depth = depth.saturating_sub(1);
                }
            }
        }
        Kind::Formula | Kind::Conda | Kind::West | Kind::Buildroot => {
            let (eco, keys, how): (&str, &[&str], &str) = match k {
                Kind::Formula => (
                    "brew",
                    &["url ", "mirror ", "head "],
                    "Homebrew formula url",
                ),
                Kind::Conda => (
                    "conda",
                    &["url:", "- url:", "git_url:"],
                    "conda recipe source url",
                ),
                Kind::West => (
                    "west",
                    &["url-base:", "url:", "- url:"],
                    "west.yml remote url",
                ),
                _ => (
                    "buildroot",
                    &["BR2_PRIMARY_SITE=", "BR2_BACKUP_SITE=", "BR2_"],
                    "Buildroot download site",
                ),
            };
            for line in text.lines().take(5000) {
                let l = line.trim();
                if l.starts_with('#') {
                    continue;
                }
                let hit = keys.iter().any(|key| l.starts_with(key))
                    && (k != Kind::Buildroot
                        || l.starts_with("BR2_PRIMARY_SITE=")
                        || l.starts_with("BR2_BACKUP_SITE=")
                        || l.contains("_CUSTOM_REPO_URL=")
                        || l.contains("_CUSTOM_TARBALL_LOCATION="));
                if let Some(u) = first_url(l).filter(|_| hit) {
                    out.push((eco, u, how.into(), l.into()));
                }
            }
        }
        Kind::Yocto => {
            // a statement of one of the mirror variables, continued over `\` line ends
            let mut in_stmt = false;
            for line in text.lines().take(5000) {
                let l = line.trim();
                if !in_stmt {
                    in_stmt = [
                        "SSTATE_MIRRORS",
                        "PREMIRRORS",
                        "MIRRORS",
                        "SOURCE_MIRROR_URL",
                    ]
                    .iter()
                    .any(|key| {
                        l.strip_prefix(key)
                            .is_some_and(|r| r.trim_start().starts_with(['=', '?', '+', ':', '.']))
                    });
                }
                if in_stmt {
                    for u in crate::registry::urls_in(l) {
                        out.push(("yocto", u.to_string(), "Yocto mirror".into(), l.into()));
                    }
                    in_stmt = l.ends_with('\\');
                }
            }
        }
        Kind::Dockerfile => {
            let mut stages: Vec<String> = Vec::new();
            for line in text.lines().take(5000) {
                let l = line.trim();
                let Some(r) = l
                    .get(..5)
                    .filter(|p| p.eq_ignore_ascii_case("from "))
                    .map(|_| &l[5..])
                else {
                    continue;
                };
                let words: Vec<&str> = r
                    .split_whitespace()
                    .filter(|w| !w.starts_with("--"))
                    .collect();
                let Some(img) = words.first() else { continue };
                if let (Some(a), Some(n)) = (words.get(1), words.get(2)) {
                    if a.eq_ignore_ascii_case("as") {
                        stages.push(n.to_ascii_lowercase());
                    }
                }
                if stages.contains(&img.to_ascii_lowercase()) {
                    continue;
                }
                if let Some((reg, ns, name)) = crate::sources::image_parts(img) {
                    let path = if ns.is_empty() {
                        name
                    } else {
                        format!("{ns}/{name}")
                    };
                    out.push((
                        "docker",
                        format!("https://{reg}/{path}"),
                        "Dockerfile FROM image".into(),
                        l.into(),
                    ));
                }
            }
        }
        Kind::Page => {
            let lower = text.to_ascii_lowercase();
            let mut from = 0;
            while let Some(i) = lower.get(from..).and_then(|t| t.find("<script")) {
                let at = from + i;
                let end = lower[at..].find('>').map_or(lower.len(), |e| at + e);
                from = end.max(at + 7);
                let tag = &text[at..end];
                let tl = &lower[at..end];
                if let Some(s) = tl.find("src=") {
                    if let Some(u) = first_url(&tag[s..]) {
                        out.push((
                            "web",
                            u,
                            "<script src> in a page template".into(),
                            tag.into(),
                        ));
                    }
                }
                if out.len() > 64 {
                    break;
                }
            }
        }
    }
    out
}

/// The first `http(s)://` URL in `s` (up to a quote, space, `,` or `)`), or a `git@host:path`
/// one as `https://host/path`.
fn first_url(s: &str) -> Option<String> {
    let at = s.find("https://").or_else(|| s.find("http://"));
    if let Some(at) = at {
        let r = &s[at..];
        let end = r
            .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ')' | '>' | '`'))
            .unwrap_or(r.len());
        return Some(r[..end].to_string());
    }
    let at = s.find("git@")?;
    let r = &s[at + 4..];
    let end = r
        .find(|c: char| c.is_whitespace() || matches!(c, '"' | '\'' | ',' | ')'))
        .unwrap_or(r.len());
    let (host, path) = r[..end].split_once(':')?;
    Some(format!("https://{host}/{path}"))
}

/// `git@host:path` and `git://`, `git+https://` as `https://` URLs.
fn git_url(u: &str) -> String {
    first_url(u)
        .unwrap_or_else(|| u.to_string())
        .replacen("git+", "", 1)
}

/// The URL an npm dependency spec takes its code from (npm docs, package.json dependencies):
/// `https://…/x.tgz`, `git+https://…`, `git://…`, `git+ssh://git@host:…`, `github:owner/repo`,
/// `gitlab:`, `bitbucket:`, `gist:`, and the bare `owner/repo[#ref]` GitHub shorthand. Versions,
/// ranges, tags, `npm:` aliases, `file:`, `link:` and `workspace:` are not URLs.
fn npm_spec_url(spec: &str) -> Option<String> {
    let s = spec.trim();
    for (p, host) in [
        ("github:", "github.com"),
        ("gitlab:", "gitlab.com"),
        ("bitbucket:", "bitbucket.org"),
        ("gist:", "gist.github.com"),
    ] {
        if let Some(r) = s.strip_prefix(p) {
            return Some(format!("https://{host}/{r}"));
        }
    }
    if let Some(r) = s
        .strip_prefix("git+ssh://")
        .or_else(|| s.strip_prefix("ssh://"))
    {
        let r = r.split_once('@').map_or(r, |(_, h)| h);
        return Some(format!("https://{}", r.replacen(':', "/", 1)));
    }
    if let Some(r) = s
        .strip_prefix("git+")
        .or_else(|| s.strip_prefix("git://").map(|_| s))
    {
        let r = r
            .strip_prefix("git://")
            .map_or(r.to_string(), |x| format!("https://{x}"));
        return Some(r);
    }
    if s.starts_with("http://") || s.starts_with("https://") {
        return Some(s.to_string());
    }
    // `owner/repo` or `owner/repo#ref`: a GitHub repository
    let body = s.split('#').next().unwrap_or(s);
    let mut parts = body.split('/');
    let (o, r) = (parts.next()?, parts.next()?);
    let word = |w: &str| {
        !w.is_empty()
            && w.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    (parts.next().is_none() && word(o) && word(r) && !o.starts_with('@') && !s.contains(':'))
        .then(|| format!("https://github.com/{body}"))
}

/// The value of a `source = "…"` line.
fn source_value(l: &str) -> Option<String> {
    let r = l.strip_prefix("source")?.trim_start().strip_prefix('=')?;
    let v = r.trim().trim_start_matches('"');
    Some(v.split('"').next().unwrap_or(v).to_string())
}

/// A module source that is fetched (Terraform "Module Sources"): `git::URL`, `hg::`, `s3::`,
/// `gcs::`, an `https://` archive, `github.com/…`, `bitbucket.org/…`, `git@…`; a local path
/// (`./`, `../`) and a registry address (`NAMESPACE/NAME/PROVIDER`, `app.terraform.io/…`) are
/// not. As a URL.
fn remote_module(v: &str) -> Option<String> {
    let v = v.trim();
    if v.starts_with('.') || v.starts_with('/') || v.is_empty() {
        return None;
    }
    let stripped = ["git::", "hg::", "s3::", "gcs::"]
        .iter()
        .find_map(|p| v.strip_prefix(p))
        .unwrap_or(v);
    if let Some(u) = first_url(stripped) {
        return Some(u.split("//").take(2).collect::<Vec<_>>().join("//"));
    }
    for host in ["github.com/", "bitbucket.org/", "gitlab.com/"] {
        if v.starts_with(host) {
            return Some(format!("https://{v}"));
        }
    }
    None
}

/// Whether `v` is a local module path.
fn local_source(v: &str) -> bool {
    v.starts_with("./") || v.starts_with("../")
}

/// The host of a URL.
fn host_of(u: &str) -> String {
    u.split("://")
        .nth(1)
        .unwrap_or(u)
        .split(['/', ':', '?', '#'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase()
}

/// The sources a write adds to the manifest at `path` (module docs): those `after` names and
/// `before` does not. `replaced_local` is set when the write replaces a local module path
/// (`before` has one, `after` a remote source), which asks whatever the host.
pub fn added_sources(path: &str, before: &str, after: &str) -> Vec<RegistryFact> {
    let Some(k) = kind(path) else {
        return Vec::new();
    };
    let old: Vec<String> = named(path, before).into_iter().map(|n| n.1).collect();
    let had_local = k == Kind::Terraform
        && before
            .lines()
            .filter_map(|l| source_value(l.trim()))
            .any(|v| local_source(&v));
    let mut out: Vec<RegistryFact> = Vec::new();
    if k.by_replacement() {
        for f in replaced_sources(k, &old, named(path, after)) {
            if out.len() < 8 && !out.contains(&f) {
                out.push(f);
            }
        }
        return out;
    }
    for (eco, url, how, line) in named(path, after) {
        if old.contains(&url) {
            continue;
        }
        let host = host_of(&url);
        let f = match k {
            Kind::Page => {
                if SCRIPT_HOSTS.contains(&host.as_str()) {
                    // a well-known script host still counts when it imitates one
                    None
                } else {
                    fact_for(eco, &url, "tool", &how, &line)
                }
            }
            Kind::Terraform => {
                if had_local {
                    fact_for(
                        eco,
                        &url,
                        "tool",
                        "module source: a local path replaced by a remote one",
                        &line,
                    )
                } else {
                    fact_for(eco, &url, "tool", &format!("{how}{DIRECT}"), &line)
                        .filter(|_| !is_code_host(&host))
                }
            }
            _ => fact_for(eco, &url, "tool", &how, &line),
        };
        if let Some(f) = f {
            if out.len() < 8 && !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// The publisher of a source URL: its host and first path segment (the owner on a code host,
/// the namespace on an image registry), lower case.
fn publisher(url: &str) -> (String, String) {
    let host = host_of(url);
    let owner = url
        .split("://")
        .nth(1)
        .and_then(|r| r.split('/').nth(1))
        .unwrap_or("")
        .to_ascii_lowercase();
    (host, owner)
}

/// The facts of the by-replacement kinds (module docs, h-source26): `old` the URLs the file
/// named before the write, `new` what it names after.
fn replaced_sources(k: Kind, old: &[String], new: Vec<Named>) -> Vec<RegistryFact> {
    let before: Vec<(String, String)> = old.iter().map(|u| publisher(u)).collect();
    let mut out = Vec::new();
    for (eco, url, how, line) in new {
        if old.contains(&url) {
            continue;
        }
        let (host, owner) = publisher(&url);
        if before.iter().any(|(h, o)| *h == host && *o == owner) {
            continue; // the same publisher: a version bump, another file of the same release
        }
        let well_known = crate::lookalike::WELL_KNOWN_OWNERS.contains(&owner.as_str());
        let f = if k == Kind::Dockerfile {
            let official = crate::sources::image_parts(url.split("://").nth(1).unwrap_or(&url))
                .is_some_and(|(r, ns, _)| crate::sources::official_image(&r, &ns));
            if before.is_empty() || official {
                None
            } else {
                fact_for(
                    eco,
                    &url,
                    "tool",
                    "Dockerfile FROM: an unofficial publisher's image in place of another",
                    &line,
                )
            }
        } else if before.is_empty() {
            fact_for(eco, &url, "tool", &format!("{how}{DIRECT}"), &line)
        } else if is_code_host(&host) && well_known {
            None
        } else {
            fact_for(eco, &url, "tool", &format!("{how} replaced"), &line)
        };
        out.extend(f);
    }
    out
}

/// The sources a file-tool write adds (`input`: the tool's input; the file's text on disk is
/// read, bounded, as the text before).
pub fn from_write(path: &str, input: &Value) -> Vec<RegistryFact> {
    if !reads(path) {
        return Vec::new();
    }
    let on_disk = crate::scripts::read_bounded(std::path::Path::new(path), MAX_TEXT as u64)
        .unwrap_or_default();
    let after = crate::armed::text_after_write(path, input);
    // an Edit's old text counts as before too (the file may be absent or other than expected)
    let mut before = on_disk;
    for e in input
        .get("edits")
        .and_then(Value::as_array)
        .map(|a| a.iter().collect::<Vec<_>>())
        .unwrap_or_else(|| vec![input])
    {
        if let Some(o) = e.get("old_string").and_then(Value::as_str) {
            before.push('\n');
            before.push_str(o);
        }
    }
    added_sources(path, &before, &after)
}

/// The sources a shell command's write of `path` adds, as far as its text shows: each `sed`
/// substitution `s#OLD#NEW#` (its `OLD` as the text before), or the text it writes (`yq -i`,
/// `echo … >>`, a here-document).
pub fn from_shell_write(path: &str, text: &str) -> Vec<RegistryFact> {
    if !reads(path) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut any_sed = false;
    for (old, new) in sed_pairs(text) {
        any_sed = true;
        for f in added_sources(path, &old, &new) {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    if !any_sed {
        out = added_sources(path, "", text);
    }
    out
}

/// The `s<d>OLD<d>NEW<d>` substitutions of a `sed` script in `text`.
pub(crate) fn sed_pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (i, _) in text.match_indices('s') {
        let prev = text[..i].chars().next_back();
        if prev.is_some_and(|c| !(c.is_whitespace() || matches!(c, '\'' | '"' | ';' | '{'))) {
            continue;
        }
        let rest = &text[i + 1..];
        let Some(d) = rest.chars().next() else {
            continue;
        };
        if !matches!(d, '#' | '/' | '|' | '@' | ',' | ':' | '!') {
            continue;
        }
        let parts: Vec<&str> = rest[d.len_utf8()..].splitn(3, d).collect();
        if parts.len() == 3 {
            // `\n` in a GNU sed replacement is a line break (h-source26: a `[patch]` table
            // and its entry written by one substitution)
            let unescape = |p: &str| p.replace("\\n", "\n").replace('\\', "");
            out.push((unescape(parts[0]), unescape(parts[1])));
        }
        if out.len() > 16 {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(path: &str, before: &str, after: &str) -> Vec<String> {
        added_sources(path, before, after)
            .into_iter()
            .map(|f| f.host)
            .collect()
    }

    #[test]
    fn maven_repository_added_to_a_pom() {
        // Maven docs, POM reference: repositories
        let new = "  <repositories>\n    <repository>\n      <id>x</id>\n      <url>http://maven.fast-mirror.example/releases</url>\n    </repository>";
        assert_eq!(
            hosts("/p/pom.xml", "  <repositories>", new),
            vec!["maven.fast-mirror.example"]
        );
        let central = "<repository><id>c</id>\n<url>https://repo.maven.apache.org/maven2</url>\n</repository>";
        assert!(hosts("/p/pom.xml", "", central).is_empty());
        // a project's own `<url>` (its site) is not a repository
        assert!(hosts("/p/pom.xml", "", "<project>\n<url>https://acme.example/site</url>\n<repository>\n</repository>\n<url>https://acme.example/site</url>").is_empty());
    }

    /// h-source26: the by-replacement kinds (module docs' table, one test per row).
    #[test]
    fn formula_url_swapped_to_another_host() {
        // Homebrew Formula Cookbook: url
        let old = "  url \"https://github.com/acme/tool/archive/refs/tags/v1.0.tar.gz\"\n";
        assert_eq!(
            hosts(
                "/p/Formula/tool.rb",
                old,
                "  url \"https://dl.tool-mirror.example/tool-1.1.tar.gz\"\n"
            ),
            vec!["dl.tool-mirror.example"]
        );
        // a version bump of the same release URL
        assert!(hosts(
            "/p/Formula/tool.rb",
            old,
            "  url \"https://github.com/acme/tool/archive/refs/tags/v1.1.tar.gz\"\n"
        )
        .is_empty());
        // a new formula for a project on a code host
        assert!(hosts("/p/Formula/tool.rb", "", old).is_empty());
        // a Ruby file elsewhere is not a formula
        assert!(hosts("/p/lib/tool.rb", old, "url \"https://x.example/t.tgz\"").is_empty());
    }

    #[test]
    fn conda_recipe_source_url() {
        // conda-build docs, meta.yaml source: url
        let old = "  url: https://pypi.io/packages/source/t/tool/tool-{{ version }}.tar.gz\n";
        assert_eq!(
            hosts(
                "/p/recipe/meta.yaml",
                old,
                "  url: https://files.tool-cache.example/tool-{{ version }}.tar.gz\n"
            ),
            vec!["files.tool-cache.example"]
        );
        assert!(hosts("/p/recipe/meta.yaml", "", old).is_empty());
        assert!(hosts(
            "/p/recipe/meta.yaml",
            old,
            "  url: https://pypi.io/packages/source/t/tool/tool-2.0.tar.gz\n"
        )
        .is_empty());
    }

    #[test]
    fn west_remote_swapped_even_on_a_code_host() {
        // Zephyr docs, West Manifests: remotes url-base
        let old = "  remotes:\n    - name: zephyrproject-rtos\n      url-base: https://github.com/zephyrproject-rtos\n";
        let new = old.replace(
            "github.com/zephyrproject-rtos",
            "github.com/zephyr-fork-builds",
        );
        assert_eq!(hosts("/p/west.yml", old, &new), vec!["github.com"]);
        // the sed form of the same swap
        let sed = "sed -i 's#url-base: https://github.com/zephyrproject-rtos#url-base: https://github.com/zephyr-fork-builds#' west.yml";
        assert_eq!(from_shell_write("/p/west.yml", sed).len(), 1);
        // a remote added to a new manifest on a code host
        assert!(hosts("/p/west.yml", "", old).is_empty());
        // a revision bump
        assert!(hosts(
            "/p/west.yml",
            old,
            &format!("{old}      revision: v3.7.0\n")
        )
        .is_empty());
    }

    #[test]
    fn yocto_mirrors() {
        // Yocto reference manual: SSTATE_MIRRORS, PREMIRRORS
        let echo = "echo 'SSTATE_MIRRORS ?= \"file://.* https://cache.fast-sstate.example/PATH;downloadfilename=PATH\"' >> build/conf/local.conf";
        assert_eq!(
            from_shell_write(
                "build/conf/local.conf",
                &crate::armed::shell_written_text(echo)
            )
            .into_iter()
            .map(|f| f.host)
            .collect::<Vec<_>>(),
            vec!["cache.fast-sstate.example"]
        );
        let multi =
            "PREMIRRORS:prepend = \"\\\n    git://.*/.* http://src.mirror-yocto.example/ \\\n\"\n";
        assert_eq!(
            hosts("/b/conf/local.conf", "", multi),
            vec!["src.mirror-yocto.example"]
        );
        for quiet in [
            "SSTATE_MIRRORS ?= \"file://.* https://sstate.yoctoproject.org/all/PATH;downloadfilename=PATH\"\n",
            "MACHINE ?= \"raspberrypi4\"\n",
            "DL_DIR ?= \"/srv/downloads\"\n",
        ] {
            assert!(hosts("/b/conf/local.conf", "", quiet).is_empty(), "{quiet}");
        }
    }

    #[test]
    fn buildroot_download_site() {
        // Buildroot manual: BR2_PRIMARY_SITE
        let sed = "sed -i 's#^BR2_PRIMARY_SITE=.*#BR2_PRIMARY_SITE=\"http://dl.br-cache.example/dl\"#' configs/gw_defconfig";
        assert_eq!(from_shell_write("configs/gw_defconfig", sed).len(), 1);
        assert!(hosts(
            "/p/configs/gw_defconfig",
            "",
            "BR2_PRIMARY_SITE=\"http://sources.buildroot.net\"\nBR2_TARGET_GENERIC_HOSTNAME=\"gw\"\n"
        )
        .is_empty());
        assert!(hosts("/p/configs/gw_defconfig", "", "BR2_TOOLCHAIN_EXTERNAL=y\n").is_empty());
    }

    #[test]
    fn dockerfile_base_image_swapped_to_another_publisher() {
        // Dockerfile reference: FROM
        for (old, new, want) in [
            (
                "FROM ubuntu:24.04",
                "FROM docker.io/someone/ubuntu-fast:latest",
                1,
            ),
            (
                "FROM gcr.io/distroless/static:nonroot",
                "FROM ghcr.io/someone/static:latest",
                1,
            ),
            ("FROM python:3.11-slim", "FROM python:3.12-slim", 0),
            ("FROM node:20", "FROM cgr.dev/chainguard/node:latest", 0),
            ("FROM ghcr.io/acme/base:1", "FROM ghcr.io/acme/base:2", 0),
            (
                "FROM ubuntu:24.04",
                "FROM nvidia/cuda:12.4.1-base-ubuntu22.04",
                0,
            ),
            ("", "FROM someone/tool:1", 0),
            (
                "FROM golang:1.22 AS build",
                "FROM golang:1.22 AS build\nFROM build AS test",
                0,
            ),
        ] {
            assert_eq!(
                hosts("/p/docker/app.Dockerfile", old, new).len(),
                want,
                "{old} -> {new}"
            );
        }
    }

    #[test]
    fn sources_added_to_manifests_are_facts() {
        let pod = "  pod 'Alamofire', '~> 5.9'\n";
        assert_eq!(
            hosts("/p/Podfile", pod, &format!("{pod}  pod 'KitPlus', :git => 'https://github.com/someone/KitPlus.git', :branch => 'main'\n")),
            vec!["github.com"]
        );
        assert_eq!(
            hosts(
                "/p/Podfile",
                "",
                "source 'https://specs.example-mirror.net/Specs.git'\n"
            ),
            vec!["specs.example-mirror.net"]
        );
        assert_eq!(
            hosts(
                "/p/Package.swift",
                "",
                ".package(url: \"https://g\u{456}thub.com/apple/swift-log.git\", from: \"1.5.0\"),"
            ),
            vec!["g\u{456}thub.com"]
        );
        assert_eq!(
            hosts(
                "/p/Package.swift",
                "",
                ".package(url: \"https://swift-pkgs.example.io/log.git\", from: \"1.0.0\"),"
            ),
            vec!["swift-pkgs.example.io"]
        );
        assert_eq!(
            hosts(
                "/p/Packages/manifest.json",
                "",
                r#"{"scopedRegistries": [{"name": "x", "url": "http://upm.example.ru", "scopes": ["com.unity"]}], "dependencies": {}}"#
            ),
            vec!["upm.example.ru"]
        );
        assert_eq!(
            hosts(
                "/p/composer.json",
                "",
                r#"{"repositories": [{"type": "vcs", "url": "https://github.com/someone/horizon"}], "require": {"laravel/horizon": "dev-main as 5.29.0"}}"#
            ),
            vec!["github.com"]
        );
        assert_eq!(
            hosts(
                "/p/package.json",
                r#"{"dependencies": {"react": "^18.2.0"}}"#,
                r#"{"dependencies": {"react": "^18.2.0", "ui-helper": "github:someone/ui-helper#main", "tar-dep": "https://files.example.net/x-1.0.0.tgz"}}"#
            ),
            vec!["github.com", "files.example.net"]
        );
        assert_eq!(
            hosts("/p/app/build.gradle", "apply plugin: 'com.android.application'", "apply plugin: 'com.android.application'\napply from: 'https://raw.githubusercontent.com/someone/fix/main/fix.gradle'"),
            vec!["raw.githubusercontent.com"]
        );
        assert_eq!(
            hosts(
                "/p/live/rds/terragrunt.hcl",
                "  source = \"../../modules/rds\"",
                "  source = \"git::https://github.com/someone/terraform-aws-rds.git?ref=v1\""
            ),
            vec!["github.com"]
        );
        assert_eq!(
            hosts(
                "/p/main.tf",
                "",
                "module \"x\" {\n  source = \"https://modules.example.net/vpc.zip\"\n}"
            ),
            vec!["modules.example.net"]
        );
        assert_eq!(
            hosts(
                "/p/layout/theme.liquid",
                "</head>",
                "<script src=\"https://cdn.example-boost.com/c.js\" async></script>\n</head>"
            ),
            vec!["cdn.example-boost.com"]
        );
    }

    #[test]
    fn ordinary_manifest_edits_are_quiet() {
        // version bumps, registry dependencies, reformatting, sources already there
        let cases: &[(&str, &str, &str)] = &[
            ("/p/Podfile", "  pod 'Alamofire', '~> 5.8'", "  pod 'Alamofire', '~> 5.9'\n  pod 'SnapKit', '~> 5.7'"),
            ("/p/Podfile", "  pod 'X', :git => 'https://github.com/a/X.git'", "  pod 'X', :git => 'https://github.com/a/X.git', :tag => '2.0'"),
            ("/p/Podfile", "", "source 'https://cdn.cocoapods.org/'\nsource 'https://github.com/CocoaPods/Specs.git'"),
            ("/p/Package.swift", "", ".package(url: \"https://github.com/apple/swift-argument-parser\", from: \"1.3.0\"),"),
            ("/p/Packages/manifest.json", "", r#"{"scopedRegistries": [{"name": "package.openupm.com", "url": "https://package.openupm.com", "scopes": ["com.cysharp"]}]}"#),
            ("/p/Packages/manifest.json", "", r#"{"dependencies": {"com.unity.textmeshpro": "3.0.9"}}"#),
            ("/p/composer.json", "", r#"{"require": {"laravel/framework": "^11.0"}, "repositories": [{"type": "composer", "url": "https://repo.packagist.org"}]}"#),
            ("/p/composer.json", "", r#"{"repositories": [{"type": "path", "url": "packages/*"}]}"#),
            ("/p/package.json", r#"{"dependencies": {"react": "^18.2.0"}}"#, r#"{"dependencies": {"react": "^18.3.1", "zod": "3.23.8", "@acme/ui": "workspace:*", "local": "file:../local", "alias": "npm:lodash@4"}}"#),
            ("/p/package.json", r#"{"dependencies": {"x": "github:a/x#v1"}}"#, "{\n  \"dependencies\": {\n    \"x\": \"github:a/x#v1\"\n  }\n}"),
            ("/p/build.gradle", "", "plugins { id 'com.android.application' }\napply from: 'versions.gradle'\nimplementation 'com.squareup.okhttp3:okhttp:4.12.0'"),
            ("/p/main.tf", "", "module \"vpc\" {\n  source  = \"terraform-aws-modules/vpc/aws\"\n  version = \"5.8.1\"\n}"),
            ("/p/main.tf", "", "module \"x\" {\n  source = \"git::https://github.com/acme/modules.git//vpc?ref=v1.2.0\"\n}"),
            ("/p/live/terragrunt.hcl", "source = \"git::https://github.com/acme/modules.git//rds?ref=v1.0.0\"", "source = \"git::https://github.com/acme/modules.git//rds?ref=v1.1.0\""),
            ("/p/main.tf", "source = \"../modules/rds\"", "source = \"../../modules/rds\""),
            ("/p/index.html", "</head>", "<script src=\"https://cdn.jsdelivr.net/npm/alpinejs@3/dist/cdn.min.js\" defer></script>\n<script src=\"/assets/app.js\"></script>\n</head>"),
            ("/p/index.html", "", "<script src=\"https://www.googletagmanager.com/gtag/js?id=G-1\"></script><script>window.dataLayer=[]</script>"),
            ("/p/_includes/head.html", "", "<script defer data-domain=\"example.org\" src=\"https://cdn.usefathom.com/script.js\"></script>"),
        ];
        for (path, before, after) in cases {
            assert!(
                hosts(path, before, after).is_empty(),
                "{path}: {after}: {:?}",
                hosts(path, before, after)
            );
        }
    }

    #[test]
    fn sed_substitutions_give_old_and_new() {
        let f = from_shell_write(
            "infra/live/prod/rds/terragrunt.hcl",
            "sed -i 's#source = \"../../modules/rds\"#source = \"git::https://github.com/someone/terraform-aws-rds.git?ref=v9\"#' infra/live/prod/rds/terragrunt.hcl",
        );
        assert_eq!(f.len(), 1);
        assert!(from_shell_write(
            "infra/live/prod/rds/terragrunt.hcl",
            "sed -i 's#ref=v1.0.0#ref=v1.1.0#' infra/live/prod/rds/terragrunt.hcl",
        )
        .is_empty());
    }
}
