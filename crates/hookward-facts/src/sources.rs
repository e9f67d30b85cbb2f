//! Where code comes from is a fact (h-source26, issue 11 items 5 and 11: supply chain by
//! shape). `registry.rs` reads the commands that point a package manager at another registry
//! or install a package from a URL; this module adds, as the same [`RegistryFact`]s, the shapes
//! of more package managers and of the tools that take images and charts, one table row per
//! documented option, and marks a source that the same command line runs at once
//! ([`RegistryFact::runs`], rule `net/source-run`):
//!
//! | command | source | documented at |
//! | --- | --- | --- |
//! | `uv run --with URL`, `uv tool run\|install --from\|--with URL`, `uvx --from\|--with URL`, `pipx run --spec URL` (and their `--index`, `--default-index`, `--index-url`, `--extra-index-url`) | a direct URL or alternate index; run forms run it | uv docs, "uv run", "uv tool run" (`--with`, `--from`, index options); pipx docs, `pipx run --spec` |
//! | `pio pkg install -l\|-p\|-t SPEC`, `pio lib install SPEC` | a library, platform or tool given by URL | PlatformIO docs, "pio pkg install" (`--library`, `--platform`, `--tool`), "pio lib install" |
//! | `go mod edit -replace OLD=NEW` | a dependency redirected to another module (as go.mod `replace`) | `go help mod edit` (`-replace=old[@v]=new[@v]`) |
//! | `cargo add NAME --git URL` | a well-known crate taken from another repository instead of crates.io | cargo docs, "cargo add" (`--git`) |
//! | `cargo vet trust --all PUBLISHER` | every crate of a publisher, present and future, marked reviewed | cargo-vet book, "cargo vet trust" (`--all`) |
//! | `helm repo add NAME URL` then `helm install\|upgrade … NAME/CHART`; `helm install … oci://HOST/…`, `--repo URL` | a chart off the well-known chart repositories ([`CHART_HOSTS`]), code hosts' pages sites and OCI registries ([`OCI_REGISTRIES`]), installed in the same line (asked, as any install from such a source: the chart is deployed, not reviewed) | Helm docs, "helm repo add", "helm install" (`--repo`, OCI registries) |
//! | `west init -m URL`, `west config manifest.url URL`, `git submodule add URL` | a manifest repository or a submodule off the code hosts | Zephyr docs, "west init", "west config"; git-submodule(1) `add` |
//! | `docker tag SRC DST`, `podman tag` | an image of another publisher retagged over a name of one's own namespace or an official image's bare name ([`OFFICIAL_IMAGE_NAMES`]) | Docker docs, "docker image tag" |
//! | `Rscript -e` / `R -e` code with `repos = URL` (`install.packages(…, repos = URL)`, `options(repos = …)`) | a CRAN repository off [`R_REPOS`] | R docs, `install.packages` (`repos`), `options("repos")` |
//! | `conda\|mamba\|micromamba install\|create -c\|--channel URL`, `conda config --add\|--prepend\|--append channels URL` | a channel given by URL off the Anaconda and conda-forge hosts | conda docs, "conda install" (`--channel`), "conda config" |
//!
//! Quiet, as `registry.rs`: the default registries and known mirrors, code hosts for a direct
//! install, loopback; here also the well-known chart repositories, an official or well-known
//! publisher's images ([`OFFICIAL_IMAGE_PUBLISHERS`], `lookalike::WELL_KNOWN_OWNERS`), a
//! replace to a local path, to the same module, or to the project's own repository (the new
//! owner is a segment of the old module path: `google.golang.org/grpc` →
//! `github.com/grpc/grpc-go`).

use crate::lookalike::WELL_KNOWN_OWNERS;
use crate::registry::{fact_for, RegistryFact, DIRECT};
use hookward_shell::CommandFact;

/// Chart repositories of the projects and vendors that publish their own charts, by host
/// (Artifact Hub's official and verified publishers, each project's install guide: Bitnami,
/// Jetstack cert-manager, Prometheus community, Grafana, Kubernetes (ingress-nginx, dashboard,
/// metrics-server, autoscaler), Cilium, MinIO, Argo, HashiCorp, GitLab, Elastic, Traefik,
/// External Secrets, Crossplane, Longhorn, Harbor, Datadog, NGINX, OpenTelemetry, Tigera
/// (Calico), Istio, AWS EKS charts, Kyverno, Falco, Vector, Fluent, Jenkins, Kong, HAProxy,
/// Rancher, the NVIDIA NGC catalog).
pub const CHART_HOSTS: &[&str] = &[
    "charts.bitnami.com",
    "registry-1.docker.io",
    "charts.jetstack.io",
    "prometheus-community.github.io",
    "grafana.github.io",
    "kubernetes.github.io",
    "kubernetes-sigs.github.io",
    "helm.cilium.io",
    "charts.min.io",
    "operator.min.io",
    "argoproj.github.io",
    "helm.releases.hashicorp.com",
    "charts.gitlab.io",
    "helm.elastic.co",
    "traefik.github.io",
    "helm.traefik.io",
    "charts.external-secrets.io",
    "charts.crossplane.io",
    "charts.longhorn.io",
    "helm.goharbor.io",
    "helm.datadoghq.com",
    "helm.nginx.com",
    "open-telemetry.github.io",
    "docs.tigera.io",
    "istio-release.storage.googleapis.com",
    "aws.github.io",
    "kyverno.github.io",
    "falcosecurity.github.io",
    "helm.vector.dev",
    "fluent.github.io",
    "charts.jenkins.io",
    "charts.konghq.com",
    "haproxytech.github.io",
    "releases.rancher.com",
    "helm.ngc.nvidia.com",
    "fluxcd-community.github.io",
    "charts.securecodebox.io",
];

/// Image publishers (registry and namespace) whose images are the official ones, as
/// `registry/namespace` (Docker Hub's Official Images are `docker.io/library`; Google's
/// distroless images, Microsoft's registry, the Kubernetes registry, Amazon ECR Public's Docker
/// Official Images, NVIDIA NGC, Chainguard, Red Hat's UBI). Docker docs, "Docker Official
/// Images"; each vendor's registry documentation.
pub const OFFICIAL_IMAGE_PUBLISHERS: &[&str] = &[
    "docker.io/library",
    "gcr.io/distroless",
    "mcr.microsoft.com",
    "registry.k8s.io",
    "k8s.gcr.io",
    "public.ecr.aws/docker",
    "nvcr.io/nvidia",
    "cgr.dev/chainguard",
    "registry.access.redhat.com",
    "quay.io/centos",
    "quay.io/fedora",
];

/// CRAN and its well-known mirrors and package managers, by host (CRAN's mirror list: the
/// cloud mirror and the CRAN master; Posit Package Manager; R-universe; Bioconductor).
pub const R_REPOS: &[&str] = &[
    "cloud.r-project.org",
    "cran.r-project.org",
    "cran.rstudio.com",
    "packagemanager.posit.co",
    "packagemanager.rstudio.com",
    "r-universe.dev",
    "bioconductor.org",
];

/// Docker Official Images people build `FROM` by their bare name (Docker Hub, "Docker Official
/// Images": the most pulled language, OS and service images): a retag of another publisher's
/// image over one of these names replaces it for every local build.
pub const OFFICIAL_IMAGE_NAMES: &[&str] = &[
    "alpine",
    "ubuntu",
    "debian",
    "busybox",
    "centos",
    "fedora",
    "amazonlinux",
    "rockylinux",
    "almalinux",
    "archlinux",
    "python",
    "node",
    "golang",
    "rust",
    "openjdk",
    "eclipse-temurin",
    "ruby",
    "php",
    "perl",
    "gcc",
    "erlang",
    "elixir",
    "haskell",
    "julia",
    "r-base",
    "dotnet",
    "postgres",
    "mysql",
    "mariadb",
    "mongo",
    "redis",
    "memcached",
    "nginx",
    "httpd",
    "traefik",
    "haproxy",
    "rabbitmq",
    "elasticsearch",
    "kibana",
    "logstash",
    "cassandra",
    "influxdb",
    "registry",
    "docker",
    "vault",
    "consul",
    "nats",
    "zookeeper",
    "kong",
    "caddy",
    "tomcat",
    "wordpress",
    "ghost",
    "nextcloud",
    "sonarqube",
    "jenkins",
    "gradle",
    "maven",
    "bash",
];

/// The kind of a source by how it was set (the `kind` of [`RegistryFact`]).
pub fn kind_of(how: &str, url: &str) -> &'static str {
    let h = how.to_ascii_lowercase();
    if h.contains("trust") {
        "trust"
    } else if h.contains("helm") || h.contains("chart") {
        "chart"
    } else if h.contains("docker") || h.contains("from image") || h.contains("dockerfile") {
        "image"
    } else if h.contains("replace")
        || h.contains("[patch]")
        || h.contains("instead of")
        || h.contains("replaced")
    {
        "redirect"
    } else if h.contains("--git") || url.starts_with("git") || url.ends_with(".git") {
        "git"
    } else if h.ends_with(DIRECT) {
        "url"
    } else {
        "index"
    }
}

/// `--name V`, `--name=V` (and the one-letter `short` as `-x V`, `-xV`) values in `args`.
fn values<'a>(args: &'a [String], long: &str, short: Option<&str>) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = args[i].as_str();
        if a == long || short == Some(a) {
            if let Some(v) = args.get(i + 1) {
                out.push(v.as_str());
            }
            i += 2;
            continue;
        }
        if let Some(v) = a.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
            out.push(v);
        } else if let Some(s) = short {
            if let Some(v) = a
                .strip_prefix(s)
                .filter(|v| !v.is_empty() && !a.starts_with("--"))
            {
                out.push(v);
            }
        }
        i += 1;
    }
    out
}

/// A URL a package spec installs from: `https://…`, `git+https://…`, `name @ https://…`, with
/// the `git+` prefix and a `#ref` removed.
fn spec_url(w: &str) -> Option<String> {
    let at = w.find("://")?;
    // the byte after the last character that cannot be in a scheme (a multi-byte one too)
    let start = w[..at]
        .char_indices()
        .rev()
        .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '+'))
        .map_or(0, |(i, c)| i + c.len_utf8());
    let u = &w[start..];
    let u = u.strip_prefix("git+").unwrap_or(u);
    let u = u.split('#').next().unwrap_or(u);
    (u.starts_with("https://") || u.starts_with("http://")).then(|| u.to_string())
}

/// The owner (first path segment) of a URL on a code host, lower case.
fn owner_of(url: &str) -> Option<String> {
    let rest = url.split("://").nth(1)?;
    let mut parts = rest.split('/');
    let _host = parts.next()?;
    parts
        .next()
        .filter(|o| !o.is_empty())
        .map(str::to_ascii_lowercase)
}

/// Whether `owner` is a well-known one (`lookalike::WELL_KNOWN_OWNERS`).
fn well_known_owner(owner: &str) -> bool {
    WELL_KNOWN_OWNERS.contains(&owner)
}

/// Operand words of `args` (not options, not the value of the options in `takes`).
fn operands<'a>(args: &'a [String], takes: &[&str]) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a.starts_with('-') {
            skip = !a.contains('=') && takes.contains(&a.as_str());
            continue;
        }
        out.push(a.as_str());
    }
    out
}

/// OCI registries that serve charts and images under an owner's namespace, as code hosts serve
/// repositories (GitHub's and GitLab's container registries, Quay, Docker Hub, Amazon ECR
/// Public, Google's and Azure's registries by their documented host shapes).
pub const OCI_REGISTRIES: &[&str] = &[
    "ghcr.io",
    "registry.gitlab.com",
    "quay.io",
    "docker.io",
    "registry-1.docker.io",
    "public.ecr.aws",
    "gcr.io",
];

/// A chart source that is a well-known publisher's or an owner's on a code host: [`CHART_HOSTS`],
/// a GitHub or GitLab Pages site (`OWNER.github.io`, named by its owner as a repository is), an
/// OCI registry of [`OCI_REGISTRIES`] (`*.pkg.dev`, `*.azurecr.io` too), a known registry, or a
/// documentation placeholder (`example.com`, RFC 2606).
fn known_chart_host(host: &str) -> bool {
    CHART_HOSTS.contains(&host)
        || OCI_REGISTRIES.contains(&host)
        || host.ends_with(".github.io")
        || host.ends_with(".gitlab.io")
        || host.ends_with(".pkg.dev")
        || host.ends_with(".azurecr.io")
        || crate::registry::is_known_host(host)
        || crate::registry::is_code_host(host)
        || matches!(host, "example.com" | "example.org" | "example.net")
}

/// An image reference split into (registry, namespace path, name); Docker Hub's default
/// registry is `docker.io` and a name with no namespace is `library` (Docker docs, "docker
/// image tag": the reference format).
pub fn image_parts(r: &str) -> Option<(String, String, String)> {
    let r = r.trim().trim_matches(|c| c == '"' || c == '\'');
    if r.is_empty() || r.contains(['$', '{', '<']) || r.eq_ignore_ascii_case("scratch") {
        return None;
    }
    let r = r.split('@').next().unwrap_or(r);
    let segs: Vec<&str> = r.split('/').collect();
    let first = segs.first().copied().unwrap_or("");
    let has_registry =
        segs.len() > 1 && (first.contains('.') || first.contains(':') || first == "localhost");
    let (registry, rest) = if has_registry {
        (first.to_ascii_lowercase(), &segs[1..])
    } else {
        ("docker.io".to_string(), &segs[..])
    };
    let registry = if registry == "index.docker.io" || registry == "registry-1.docker.io" {
        "docker.io".to_string()
    } else {
        registry
    };
    let (last, ns) = rest.split_last()?;
    let name = last.split(':').next().unwrap_or(last).to_ascii_lowercase();
    let ns = if ns.is_empty() {
        if registry == "docker.io" {
            "library".to_string()
        } else {
            String::new()
        }
    } else {
        ns.join("/").to_ascii_lowercase()
    };
    (!name.is_empty()).then_some((registry, ns, name))
}

/// Whether an image's publisher is an official or well-known one ([`OFFICIAL_IMAGE_PUBLISHERS`],
/// a well-known owner's namespace), or a local registry.
pub fn official_image(registry: &str, ns: &str) -> bool {
    let full = format!("{registry}/{ns}");
    let first_ns = ns.split('/').next().unwrap_or(ns);
    OFFICIAL_IMAGE_PUBLISHERS
        .iter()
        .any(|p| full == *p || full.starts_with(&format!("{p}/")) || registry == *p)
        || well_known_owner(first_ns)
        || registry.starts_with("localhost")
        || registry.starts_with("127.")
}

/// Whether command `c` fetches code and runs it in the same step: a runner (`npx`, `bunx`,
/// `pnpx`, `pnpm|yarn dlx`, `npm exec`, `uvx`, `uv run --with`, `uv tool run`, `pipx run`),
/// `go run MODULE@VERSION`, `kubectl apply|create -f URL`, `helm install|upgrade`.
pub fn fetch_runs(c: &CommandFact) -> bool {
    let w: Vec<&str> = c.argv.iter().skip(1).map(String::as_str).collect();
    let has = |x: &str| w.contains(&x);
    match c.program.as_str() {
        "npx" | "bunx" | "pnpx" | "uvx" => true,
        "pnpm" | "yarn" => w.first() == Some(&"dlx"),
        "npm" => w.first() == Some(&"exec") || w.first() == Some(&"x"),
        "uv" => {
            (w.first() == Some(&"run") && w.iter().any(|a| a.starts_with("--with")))
                || (w.first() == Some(&"tool") && w.get(1) == Some(&"run"))
        }
        "pipx" => w.first() == Some(&"run"),
        "go" => {
            w.first() == Some(&"run")
                && w.iter()
                    .skip(1)
                    .any(|a| !a.starts_with('-') && a.contains('@'))
        }
        "kubectl" => (has("apply") || has("create")) && w.iter().any(|a| a.contains("://")),
        "helm" => has("install") || has("upgrade"),
        _ => c.wrappers.iter().any(|r| {
            matches!(
                r.as_str(),
                "npx"
                    | "bunx"
                    | "pnpx"
                    | "uvx"
                    | "uv run"
                    | "uv tool run"
                    | "pipx run"
                    | "pnpm dlx"
                    | "yarn dlx"
                    | "npm exec"
            )
        }),
    }
}

/// A fact for a source, with how and the command's evidence.
fn push(out: &mut Vec<RegistryFact>, eco: &str, url: &str, how: &str, c: &CommandFact, runs: bool) {
    if let Some(mut f) = fact_for(eco, url, "shell", how, &c.evidence) {
        f.runs = runs;
        if !out.contains(&f) {
            out.push(f);
        }
    }
}

/// The sources of `cmds` by the shapes of the module docs' table, added to `out`; and the
/// `runs` mark on the facts of `out` whose package a later command of the line runs.
pub(crate) fn from_commands(cmds: &[CommandFact], out: &mut Vec<RegistryFact>) {
    // `helm repo add NAME URL` seen so far: (name, url)
    let mut chart_repos: Vec<(String, String)> = Vec::new();
    for (i, c) in cmds.iter().enumerate().take(64) {
        let args: &[String] = c.argv.get(1..).unwrap_or(&[]);
        let words: Vec<&str> = args
            .iter()
            .map(String::as_str)
            .filter(|w| !w.starts_with('-'))
            .collect();
        // a runner the analyzer unwrapped (`uv run --with URL pytest` is `pytest` under the
        // wrapper `uv run`): its own words from the command as written
        if c.wrappers
            .iter()
            .any(|w| w == "uvx" || w.starts_with("uv ") || w == "uv" || w.starts_with("pipx"))
            && !matches!(c.program.as_str(), "uv" | "uvx" | "pipx")
        {
            let toks: Vec<String> = c
                .evidence
                .split_whitespace()
                .map(|t| t.trim_matches(|ch| ch == '"' || ch == '\'').to_string())
                .collect();
            if let Some(at) = toks
                .iter()
                .position(|t| matches!(t.as_str(), "uv" | "uvx" | "pipx"))
            {
                let runner = CommandFact {
                    program: toks[at].clone(),
                    argv: toks[at..].to_vec(),
                    ..c.clone()
                };
                let rargs: &[String] = runner.argv.get(1..).unwrap_or(&[]);
                let rwords: Vec<&str> = rargs
                    .iter()
                    .map(String::as_str)
                    .filter(|w| !w.starts_with('-'))
                    .collect();
                uv_shapes(&runner, rargs, &rwords, out);
            }
        }
        match c.program.as_str() {
            "uv" | "uvx" | "pipx" => uv_shapes(c, args, &words, out),
            "Rscript" | "R" => {
                for code in values(args, "-e", None)
                    .into_iter()
                    .chain(values(args, "--expr", None))
                {
                    let Some(at) = code.find("repos") else {
                        continue;
                    };
                    for u in crate::registry::urls_in(&code[at..]) {
                        let host = crate::registry::host_of(u);
                        let known = R_REPOS
                            .iter()
                            .any(|k| host == *k || host.ends_with(&format!(".{k}")));
                        if !known && !crate::registry::is_known_host(&host) {
                            push(out, "cran", u, "R repos", c, false);
                        }
                    }
                }
            }
            // `conda config --add|--prepend|--append channels URL` (conda docs, "conda config"):
            // every later install searches that channel
            "conda" | "mamba" | "micromamba" if words.first() == Some(&"config") => {
                for opt in ["--add", "--prepend", "--append"] {
                    let mut it = args.iter();
                    while let Some(a) = it.next() {
                        if a == opt && it.next().is_some_and(|k| k == "channels") {
                            if let Some(v) = it.next().filter(|v| v.starts_with("http")) {
                                push(out, "conda", v, "conda config --add channels", c, false);
                            }
                        }
                    }
                }
            }
            "conda" | "mamba" | "micromamba"
                if matches!(words.first(), Some(&"install" | &"create" | &"update")) =>
            {
                for v in values(args, "--channel", Some("-c")) {
                    if v.starts_with("http") {
                        push(out, "conda", v, "conda install --channel", c, false);
                    }
                }
            }
            "west" => {
                let url = if words.first() == Some(&"init") {
                    values(args, "--manifest-url", Some("-m"))
                        .into_iter()
                        .next()
                } else if words.first() == Some(&"config") && words.get(1) == Some(&"manifest.url")
                {
                    words.get(2).copied()
                } else {
                    None
                };
                if let Some(u) = url.and_then(spec_url) {
                    push(out, "west", &u, &format!("west manifest{DIRECT}"), c, false);
                }
            }
            "git" if words.first() == Some(&"submodule") && words.get(1) == Some(&"add") => {
                let ops = operands(
                    args,
                    &["-b", "--branch", "--name", "--reference", "--depth"],
                );
                if let Some(u) = ops.get(2).and_then(|u| spec_url(u)) {
                    push(
                        out,
                        "git",
                        &u,
                        &format!("git submodule add{DIRECT}"),
                        c,
                        false,
                    );
                }
            }
            "pio" | "platformio" => {
                let pkg = words.first() == Some(&"pkg") && words.get(1) == Some(&"install");
                let lib = words.first() == Some(&"lib") && words.contains(&"install");
                if pkg || lib {
                    let mut specs: Vec<&str> = Vec::new();
                    for (long, short) in
                        [("--library", "-l"), ("--platform", "-p"), ("--tool", "-t")]
                    {
                        specs.extend(values(args, long, Some(short)));
                    }
                    if lib {
                        specs.extend(
                            operands(args, &["-d", "--storage-dir", "-e", "--environment", "-g"])
                                .into_iter()
                                .skip(2),
                        );
                    }
                    for s in specs {
                        if let Some(u) = spec_url(s) {
                            push(
                                out,
                                "platformio",
                                &u,
                                &format!("pio install{DIRECT}"),
                                c,
                                false,
                            );
                        }
                    }
                }
            }
            "go" if words.first() == Some(&"mod") && words.get(1) == Some(&"edit") => {
                for v in values(args, "-replace", None) {
                    if let Some(u) = go_replace_target(v) {
                        push(out, "go", &u, "go mod edit -replace", c, false);
                    }
                }
            }
            "cargo" if words.first() == Some(&"add") => {
                let name = operands(
                    args,
                    &[
                        "--git",
                        "--branch",
                        "--tag",
                        "--rev",
                        "--path",
                        "--registry",
                        "-F",
                        "--features",
                        "-p",
                        "--package",
                        "--rename",
                        "--manifest-path",
                    ],
                )
                .into_iter()
                .nth(1)
                .map(|n| n.split('@').next().unwrap_or(n).to_ascii_lowercase());
                for v in values(args, "--git", None) {
                    let Some(u) = spec_url(v) else { continue };
                    let popular = name.as_deref().is_some_and(|n| {
                        crate::popular::popular(crate::popular::Eco::Crates)
                            .known
                            .contains(n)
                    });
                    let owned = owner_of(&u).is_some_and(|o| well_known_owner(&o));
                    if popular && !owned {
                        push(out, "cargo", &u, "cargo add --git: a well-known crate from another repository instead of crates.io", c, false);
                    } else {
                        push(
                            out,
                            "cargo",
                            &u,
                            &format!("cargo add --git{DIRECT}"),
                            c,
                            false,
                        );
                    }
                }
            }
            "cargo"
                if words.first() == Some(&"vet")
                    && words.get(1) == Some(&"trust")
                    && args.iter().any(|a| a == "--all") =>
            {
                let who = words.get(2).copied().unwrap_or("every publisher");
                let f = RegistryFact {
                    ecosystem: "cargo-vet".into(),
                    url: format!("https://crates.io/users/{who}"),
                    host: "crates.io".into(),
                    lookalike: None,
                    via: "shell".into(),
                    how: "cargo vet trust --all".into(),
                    evidence: c.evidence.chars().take(300).collect(),
                    kind: "trust".into(),
                    runs: false,
                };
                if !out.contains(&f) {
                    out.push(f);
                }
            }
            // a plugin (`helm plugin install URL`) is not a chart
            "helm" if words.first() != Some(&"plugin") => {
                if words.first() == Some(&"repo") && words.get(1) == Some(&"add") {
                    if let (Some(n), Some(u)) = (words.get(2), words.get(3)) {
                        chart_repos.push(((*n).to_string(), (*u).to_string()));
                    }
                }
                let verb = words
                    .iter()
                    .position(|w| matches!(*w, "install" | "upgrade"));
                if let Some(at) = verb {
                    let ops = operands(
                        args,
                        &[
                            "-n",
                            "--namespace",
                            "--kube-context",
                            "--version",
                            "-f",
                            "--values",
                            "--set",
                            "--set-string",
                            "--repo",
                            "--kubeconfig",
                            "--timeout",
                            "-o",
                            "--output",
                            "--post-renderer",
                        ],
                    );
                    let ops: Vec<&str> = ops
                        .into_iter()
                        .skip_while(|w| !matches!(*w, "install" | "upgrade"))
                        .skip(1)
                        .collect();
                    let _ = at;
                    for chart in ops
                        .iter()
                        .skip(1)
                        .take(1)
                        .chain(ops.first().filter(|o| o.contains("://")))
                    {
                        let url = if chart.contains("://") {
                            Some((
                                (*chart).replacen("oci://", "https://", 1),
                                "helm install of a chart by URL".to_string(),
                            ))
                        } else {
                            chart.split_once('/').and_then(|(repo, _)| {
                                chart_repos
                                    .iter()
                                    .rev()
                                    .find(|(n, _)| n == repo)
                                    .map(|(_, u)| (u.clone(), "helm repo add, then install or upgrade a chart from it".to_string()))
                            })
                        };
                        if let Some((u, how)) = url {
                            let host = crate::registry::host_of(&u);
                            if !known_chart_host(&host) {
                                push(out, "helm", &u, &how, c, false);
                            }
                        }
                    }
                    for v in values(args, "--repo", None) {
                        let host = crate::registry::host_of(v);
                        if !known_chart_host(&host) {
                            push(out, "helm", v, "helm install --repo", c, false);
                        }
                    }
                }
            }
            "docker" | "podman" => {
                let tag = words.first() == Some(&"tag")
                    || (words.first() == Some(&"image") && words.get(1) == Some(&"tag"));
                if tag {
                    let ops: Vec<&str> = words
                        .iter()
                        .skip_while(|w| **w != "tag")
                        .skip(1)
                        .copied()
                        .collect();
                    if let (Some(src), Some(dst)) = (ops.first(), ops.get(1)) {
                        if let Some(u) = retag_over(src, dst) {
                            push(out, "docker", &u, "docker tag: an image of another publisher retagged over a name of one's own", c, false);
                        }
                    }
                }
            }
            _ => {}
        }
        // a later command of the line runs the package just installed
        let installed = installed_names(c);
        if !installed.is_empty()
            && cmds
                .iter()
                .skip(i + 1)
                .take(16)
                .any(|d| runs_one_of(d, &installed))
        {
            for f in out.iter_mut() {
                if f.evidence == c.evidence.chars().take(300).collect::<String>() {
                    f.runs = true;
                }
            }
        }
    }
}

/// uv, uvx and pipx: `--with`/`--from`/`--spec` URLs and index options of the run and tool
/// forms (module docs' table; `uv pip install`, `uv add` are `registry.rs`'s).
fn uv_shapes(c: &CommandFact, args: &[String], words: &[&str], out: &mut Vec<RegistryFact>) {
    let p = c.program.as_str();
    let (runs, form) = match (p, words.first().copied(), words.get(1).copied()) {
        ("uvx", _, _) => (true, "uvx"),
        ("uv", Some("run"), _) => (true, "uv run"),
        ("uv", Some("tool"), Some("run")) => (true, "uv tool run"),
        ("uv", Some("tool"), Some("install")) => (false, "uv tool install"),
        ("pipx", Some("run"), _) => (true, "pipx run"),
        _ => return,
    };
    for opt in ["--with", "--from", "--spec", "--with-editable"] {
        for v in values(args, opt, None) {
            for part in v.split(',') {
                if let Some(u) = spec_url(part) {
                    push(out, "uv", &u, &format!("{form} {opt}{DIRECT}"), c, runs);
                }
            }
        }
    }
    for (long, short) in [
        ("--index", None),
        ("--default-index", None),
        ("--index-url", Some("-i")),
        ("--extra-index-url", None),
        ("--find-links", Some("-f")),
    ] {
        for v in values(args, long, short) {
            if v.starts_with("http") {
                push(out, "uv", v, &format!("{form} {long}"), c, runs);
            }
        }
    }
}

/// The module a `go mod edit -replace OLD[@v]=NEW[@v]` value points at, as a URL, when it is
/// another module: not a local path, not the same module, not the project's own repository (the
/// new path's owner is a segment of the old path).
fn go_replace_target(v: &str) -> Option<String> {
    let (old, new) = v.split_once('=')?;
    let old = old.split('@').next().unwrap_or(old).trim();
    let new = new.split('@').next().unwrap_or(new).trim();
    if new.is_empty() || new.starts_with('.') || new.starts_with('/') || new == old {
        return None;
    }
    let mut nparts = new.split('/');
    let _host = nparts.next();
    let owner = nparts.next().unwrap_or("").to_ascii_lowercase();
    if !owner.is_empty() && old.split('/').any(|seg| seg.eq_ignore_ascii_case(&owner)) {
        return None;
    }
    Some(format!("https://{new}"))
}

/// The image URL of `docker tag SRC DST` when an image of a publisher that is neither official
/// nor DST's own is given a name in DST's namespace on no registry (a name builds and pulls
/// resolve locally first): the image builds take `FROM` that name is now somebody else's.
fn retag_over(src: &str, dst: &str) -> Option<String> {
    let (sr, sns, sname) = image_parts(src)?;
    let (dr, dns, dname) = image_parts(dst)?;
    // a retag to push to a registry (`docker tag x registry.example/acme/x`) names the registry
    let dst_has_registry = dst
        .split('/')
        .next()
        .is_some_and(|f| f.contains('.') || f.contains(':'))
        && dst.contains('/');
    if dst_has_registry || dr != "docker.io" {
        return None;
    }
    if !src.contains('/') || dns == sns || official_image(&sr, &sns) {
        return None;
    }
    // a bare name is a local name (`testimage:local`) unless it is an official image's
    if dns == "library" && !OFFICIAL_IMAGE_NAMES.contains(&dname.as_str()) {
        return None;
    }
    Some(format!("https://{sr}/{sns}/{sname}"))
}

/// The names a package install of `c` makes runnable: the package names and the file stems of
/// URL operands (`https://h/dl/espdecoder-0.3.tar.gz` → `espdecoder`), for `pip`, `uv pip`,
/// `npm|pnpm|yarn|bun install|add`.
fn installed_names(c: &CommandFact) -> Vec<String> {
    let w: Vec<&str> = c.argv.iter().skip(1).map(String::as_str).collect();
    let installs = match c.program.as_str() {
        "pip" | "pip3" => w.contains(&"install"),
        "python" | "python3" => {
            w.first() == Some(&"-m") && w.get(1) == Some(&"pip") && w.contains(&"install")
        }
        "uv" => w.first() == Some(&"pip") && w.contains(&"install"),
        "npm" | "pnpm" | "yarn" | "bun" => w.iter().any(|x| matches!(*x, "install" | "i" | "add")),
        _ => false,
    };
    if !installs {
        return Vec::new();
    }
    let mut out = Vec::new();
    for a in w.iter().filter(|a| !a.starts_with('-')) {
        if matches!(*a, "install" | "i" | "add" | "pip" | "-m") {
            continue;
        }
        let last = a.trim_end_matches('/').rsplit('/').next().unwrap_or(a);
        let stem = last
            .split(['=', '<', '>', '[', '@', '#'])
            .next()
            .unwrap_or(last)
            .trim_end_matches(".git");
        // `name-1.2.tar.gz`, `name-1.2-py3-none-any.whl`: the name before the version
        let name: String = stem
            .split(['-', '_'])
            .take_while(|p| !p.starts_with(|ch: char| ch.is_ascii_digit()))
            .collect::<Vec<_>>()
            .join("_")
            .to_ascii_lowercase();
        if name.len() >= 3 {
            out.push(name);
        }
    }
    out
}

/// Whether `d` runs one of `names` (`python -m NAME`, `NAME …`, `npx NAME`).
fn runs_one_of(d: &CommandFact, names: &[String]) -> bool {
    let norm = |s: &str| s.replace('-', "_").to_ascii_lowercase();
    let prog = norm(&d.program);
    if names.contains(&prog) {
        return true;
    }
    let w: Vec<&str> = d.argv.iter().skip(1).map(String::as_str).collect();
    let module = match d.program.as_str() {
        p if p.starts_with("python") => w
            .iter()
            .position(|a| *a == "-m")
            .and_then(|i| w.get(i + 1))
            .map(|m| norm(m.split('.').next().unwrap_or(m))),
        "npx" | "bunx" | "pnpx" => w.iter().find(|a| !a.starts_with('-')).map(|m| norm(m)),
        _ => None,
    };
    module.is_some_and(|m| names.contains(&m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(line: &str) -> Vec<RegistryFact> {
        let ctx =
            hookward_shell::ShellContext::new("/home/dev/p", "/home/dev", None).expect("context");
        let s = hookward_shell::analyze(line, &ctx);
        crate::registry::from_commands(&s.commands)
    }

    fn hosts(line: &str) -> Vec<(String, bool)> {
        facts(line).into_iter().map(|f| (f.host, f.runs)).collect()
    }

    #[test]
    fn uv_run_with_a_url_is_a_source_run_at_once() {
        // uv docs, "uv run --with"
        assert_eq!(
            hosts("uv run --with https://wheels.example-ci.dev/x-0.1-py3-none-any.whl pytest"),
            vec![("wheels.example-ci.dev".to_string(), true)]
        );
        assert_eq!(
            hosts("uvx --from https://dl.example-tools.net/tool-1.0.tar.gz tool --help"),
            vec![("dl.example-tools.net".to_string(), true)]
        );
        assert_eq!(
            hosts("uv tool install --index https://pkgs.example-mirror.io/simple ruff"),
            vec![("pkgs.example-mirror.io".to_string(), false)]
        );
    }

    #[test]
    fn uv_run_quiet_neighbours() {
        for line in [
            "uv run pytest -q",
            "uv run --with pytest-xdist pytest -n 4",
            "uvx --from git+https://github.com/redis/mcp-redis.git redis-mcp-server --help",
            "uvx ruff check .",
            "uv run --with https://download.pytorch.org/whl/cu121/torch-2.3.0-cp311-linux_x86_64.whl python t.py",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn platformio_library_by_url() {
        // PlatformIO docs, "pio pkg install -l"
        assert_eq!(
            hosts("pio pkg install -e esp32 -l \"https://git.sensor-libs.example/bme/bme680.git#dev\""),
            vec![("git.sensor-libs.example".to_string(), false)]
        );
        assert_eq!(
            hosts("platformio lib install https://dl.example-avr.org/lib.zip"),
            vec![("dl.example-avr.org".to_string(), false)]
        );
        for line in [
            "pio pkg install -l \"bblanchon/ArduinoJson@^6.19.2\"",
            "pio pkg install --library https://github.com/Makuna/NeoPixelBus.git",
            "pio pkg install -t platformio/tool-openocd",
            "pio lib install library",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn go_mod_edit_replace_to_another_module() {
        // `go help mod edit`: -replace=old[@v]=new[@v]
        assert_eq!(
            hosts("go mod edit -replace golang.org/x/net=github.com/net-fixes/net@v0.30.0"),
            vec![("github.com".to_string(), false)]
        );
        assert_eq!(
            hosts(
                "go mod edit -replace=github.com/spf13/cobra=gitlab.com/cobra-forks/cobra@v1.8.1"
            ),
            vec![("gitlab.com".to_string(), false)]
        );
        for line in [
            "go mod edit -replace github.com/acme/lib=../lib",
            "go mod edit -replace github.com/uber-go/atomic=github.com/uber-go/atomic@v1.4.0",
            "go mod edit -replace=google.golang.org/grpc=github.com/grpc/grpc-go@latest",
            "go mod edit -replace handler/function=./",
            "go mod edit -go=1.22",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn cargo_add_git_of_a_well_known_crate_is_a_redirect() {
        // cargo docs, "cargo add --git"
        let f = facts("cargo add regex --git https://github.com/someone-else/regex --branch perf");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].kind, "redirect");
        // a crate of one's own on a code host is a direct install there
        assert!(
            facts("cargo add my-internal-lib --git https://github.com/acme/my-internal-lib")
                .is_empty()
        );
        assert!(facts("cargo add serde --features derive").is_empty());
        assert_eq!(
            hosts("cargo add fastlib --git https://git.fastlib-mirror.example/fastlib").len(),
            1
        );
    }

    #[test]
    fn cargo_vet_trust_all_is_a_fact() {
        // cargo-vet book, "cargo vet trust --all"
        let f = facts("cargo vet trust --all some-publisher");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].kind, "trust");
        assert!(facts("cargo vet trust serde dtolnay").is_empty());
        assert!(facts("cargo vet check").is_empty());
    }

    #[test]
    fn helm_chart_from_a_repo_added_in_the_same_line() {
        // Helm docs, "helm repo add", "helm install"
        assert_eq!(
            hosts("helm repo add speedy https://charts.speedy-ops.example && helm upgrade --install mon speedy/monitoring -n mon"),
            vec![("charts.speedy-ops.example".to_string(), false)]
        );
        assert_eq!(
            hosts("helm install cache oci://registry.unknown-charts.example/charts/redis"),
            vec![("registry.unknown-charts.example".to_string(), false)]
        );
        for line in [
            "helm repo add bitnami https://charts.bitnami.com/bitnami",
            "helm repo add juice https://charts.example-vendor.io",
            "helm repo add jetstack https://charts.jetstack.io && helm repo update && helm upgrade -i cert-manager jetstack/cert-manager --namespace cert-manager",
            "helm repo add grafana https://grafana.github.io/helm-charts && helm install loki grafana/loki",
            "helm install pg oci://registry-1.docker.io/bitnamicharts/postgresql",
            "helm install my-podinfo oci://ghcr.io/stefanprodan/charts/podinfo --version 6.11.2",
            "helm upgrade -i -n cm cm oci://quay.io/jetstack/charts/cert-manager --wait",
            "helm upgrade --install --repo https://kedacore.github.io/charts --namespace keda keda keda",
            "helm install requests https://example.com/charts/packagename-1.2.3.tgz",
            "helm upgrade api ./charts/api -n prod",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn docker_retag_over_ones_own_name() {
        // Docker docs, "docker image tag"
        assert_eq!(
            hosts("docker pull ghcr.io/someone/py-cuda:12 && docker tag ghcr.io/someone/py-cuda:12 acme/base:latest"),
            vec![("ghcr.io".to_string(), false)]
        );
        for line in [
            "docker tag myapp:latest registry.example.com/acme/myapp:1.0",
            "docker tag figlet jpetazzo/figlet",
            "docker tag iwilltry42/dnsutils:20.04 testimage:local",
            "docker tag rook/ceph:local-build rook/ceph:master",
            "docker tag busybox 127.0.0.1:5000/busybox",
            "docker pull postgres:16",
            "docker tag nvidia/cuda:12.4.1-base acme/cuda:12",
            "docker tag my/image localhost:5000/myimage",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
        // over an official image's bare name
        assert_eq!(
            hosts("docker pull docker.io/someone-mirror/node:20 && docker tag docker.io/someone-mirror/node:20 node:20"),
            vec![("docker.io".to_string(), false)]
        );
        for line in [
            "docker tag node:20 node:20-local",
            "docker tag someone/tool:1 mytool:dev",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn an_installed_package_run_in_the_same_line() {
        let f = facts("pip install https://dl.example-tools.app/x/coredecode-0.3.tar.gz && python3 -m coredecode --auto");
        assert_eq!(f.len(), 1);
        assert!(f[0].runs);
        let f =
            facts("pip install https://dl.example-tools.app/x/coredecode-0.3.tar.gz && pytest -q");
        assert_eq!(f.len(), 1);
        assert!(!f[0].runs);
    }

    #[test]
    fn r_repos_and_conda_channels_by_url() {
        // R docs, install.packages(repos =); conda docs, conda install --channel
        assert_eq!(
            hosts("Rscript -e 'options(repos = c(CRAN = \"http://cran.fast-mirror.example\")); install.packages(\"x\")'"),
            vec![("cran.fast-mirror.example".to_string(), false)]
        );
        assert_eq!(
            hosts("conda config --add channels https://conda.fast-mirror.example/conda-forge"),
            vec![("conda.fast-mirror.example".to_string(), false)]
        );
        assert_eq!(
            hosts("conda install -c https://conda.example-pkgs.dev/main numpy"),
            vec![("conda.example-pkgs.dev".to_string(), false)]
        );
        for line in [
            "Rscript -e 'install.packages(\"dplyr\", repos = \"https://cloud.r-project.org\")'",
            "Rscript -e 'install.packages(\"x\", repos = \"https://ropensci.r-universe.dev\")'",
            "Rscript -e 'devtools::test()'",
            "conda install -c conda-forge numpy",
            "conda config --add channels conda-forge",
            "conda config --add channels https://conda.anaconda.org/bioconda",
            "conda install -c pytorch pytorch",
            "mamba create -n env -c https://conda.anaconda.org/conda-forge python=3.12",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn west_manifests_and_submodules_off_the_code_hosts() {
        // Zephyr docs, west init -m; git-submodule(1) add
        assert_eq!(
            hosts("west init -m https://git.rtos-mirror.example/zephyr --mr main"),
            vec![("git.rtos-mirror.example".to_string(), false)]
        );
        assert_eq!(
            hosts("git submodule add https://git.layers-mirror.example/meta-x layers/meta-x"),
            vec![("git.layers-mirror.example".to_string(), false)]
        );
        for line in [
            "west init -m https://github.com/zephyrproject-rtos/zephyr --mr v3.7.0",
            "west config manifest.url https://github.com/acme/fw-manifest",
            "git submodule add https://github.com/acme/lib vendor/lib",
            "git submodule update --init --recursive",
            "west update",
        ] {
            assert!(facts(line).is_empty(), "{line}");
        }
    }

    #[test]
    fn non_ascii_before_a_url_does_not_panic() {
        assert_eq!(spec_url("é://x"), None);
        assert_eq!(
            spec_url("naméhttps://h.example/x").as_deref(),
            Some("https://h.example/x")
        );
        let _ = facts("uv run --with ü+https://h.example/x.whl pytest");
        let _ = facts("pip install ß@https://h.example/x.tgz && python -m ß");
    }

    #[test]
    fn image_references() {
        assert_eq!(
            image_parts("python:3.12-slim"),
            Some(("docker.io".into(), "library".into(), "python".into()))
        );
        assert_eq!(
            image_parts("docker.io/someone/base:latest"),
            Some(("docker.io".into(), "someone".into(), "base".into()))
        );
        assert_eq!(
            image_parts("gcr.io/distroless/static:nonroot"),
            Some(("gcr.io".into(), "distroless".into(), "static".into()))
        );
        assert!(official_image("gcr.io", "distroless"));
        assert!(official_image("docker.io", "library"));
        assert!(!official_image("docker.io", "someone"));
        assert_eq!(image_parts("scratch"), None);
        assert_eq!(image_parts("${BASE}"), None);
    }
}
