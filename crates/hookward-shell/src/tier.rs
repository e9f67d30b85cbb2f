//! Which environment a destroy or change hits (issue 11): this machine, a throwaway or
//! non-production environment by name, production by name, or unknown — a fact by *shape* of
//! the command's target, never by a list of cases.
//!
//! A command's target is read from the words that decide where it acts:
//! - **locations**: a host or URL it connects to (`-h`, `--host`, `--server`,
//!   `--bootstrap-server`, `--brokers`, `--endpoint-url`, a `postgres://…` operand, a
//!   conninfo `host=…`), a Kubernetes context (`--context`), a database file (`sqlite3 F`);
//! - **named selectors**: a connection, database, namespace, project, workspace, app, stack,
//!   environment option, a Terraform variable file or folder, the name of a DSN variable
//!   (`psql "$LEDGER_PROD_DSN"`);
//! - **objects**: the names the destroying verb is given (`aws s3 rb s3://NAME`,
//!   `bq rm -t DATASET.TABLE`, `terraform destroy -target=ADDR`), and for SQL the qualifiers
//!   of the names a statement touches (`prod_silver.card_auths`).
//!
//! Markers are whole name tokens (split at every character that is not a letter or digit,
//! trailing digits dropped: `prod1`, `stg2`): [`PROD_WORDS`], [`NONPROD_WORDS`],
//! [`DISPOSABLE_WORDS`]; loopback hosts and local Kubernetes contexts ([`LOCAL_CONTEXTS`]) are
//! local. Production wins over every other marker. A prod token anywhere in the command (an
//! unrelated option, a comment) keeps a destroy from being made quieter, so a marker added
//! beside the target never lowers a decision; a `--profile dev` picks credentials, not the
//! resource (bucket names are global), so profiles count only towards production. Loopback is
//! not local when the same command opens a tunnel ([`TUNNELS`]: `kubectl port-forward`,
//! `ssh -L`, `cloud-sql-proxy`), which puts another machine's port there.

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{CommandFact, InfraFact, ShellContext, ShellFacts, Tier};

/// Whole name tokens of production: `prod`, `production`, `prd` (Microsoft Cloud Adoption
/// Framework, "Define your naming convention": environment `prod`; `prd` its common
/// three-letter form), `live` (Stripe's and Adyen's live mode, `--env live`).
pub(crate) const PROD_WORDS: &[&str] = &["prod", "production", "prd", "live"];

/// Whole name tokens of shared non-production environments: `dev`/`development`, `staging`/
/// `stg`, `qa`, `uat` (Cloud Adoption Framework environment names; Rails' and dbt's
/// `development` target), `nonprod`. Shared by a team: emptying one still costs others their
/// day, so a whole one still asks. Not `local`: Rancher's `local` cluster is its management
/// cluster (`fleet-local`), and a topic prefix `local.` says nothing of the broker.
pub(crate) const NONPROD_WORDS: &[&str] = &[
    "dev",
    "devel",
    "develop",
    "development",
    "staging",
    "stg",
    "qa",
    "uat",
    "nonprod",
];

/// Whole name tokens of throwaway data or environments: test data (Rails' `<app>_test`,
/// Django's `test_<name>`, fixtures), scratch and temporary copies (the same words as
/// `tools.rs` `DISPOSABLE_WORDS` for SQL objects), sandboxes (AWS Organizations' "Sandbox OU",
/// BigQuery sandbox projects), preview environments (Vercel Preview deployments, Heroku review
/// apps: one per pull request, deleted with it), ephemeral and throwaway ones. Not `ci`: a
/// namespace or project named so is as often the home of the CI system itself (its runners,
/// Jenkins' volume) as a pipeline's throwaway copy.
/// These count on an environment (a namespace, database, project, connection); on the
/// destroyed object's own name only [`OBJECT_DISPOSABLE_WORDS`] do (`test-pod`, `copilot svc
/// delete --name test` name a resource, often an example's, in an environment that may be any).
pub(crate) const DISPOSABLE_WORDS: &[&str] = &[
    "test",
    "tests",
    "testing",
    "tmp",
    "temp",
    "scratch",
    "sandbox",
    "sbx",
    "preview",
    "e2e",
    "fixture",
    "fixtures",
    "ephemeral",
    "throwaway",
];

/// The [`DISPOSABLE_WORDS`] that mark an object itself as throwaway wherever it lives: scratch
/// and temporary copies (`tools.rs` `DISPOSABLE_WORDS` minus the test words), sandboxes.
pub(crate) const OBJECT_DISPOSABLE_WORDS: &[&str] = &[
    "tmp",
    "temp",
    "scratch",
    "sandbox",
    "sbx",
    "ephemeral",
    "throwaway",
];

/// Top-level domains that are marker words (`pkg.dev`: Google's `.dev`; `.test`, reserved by
/// RFC 2606): as the last label of a dotted host they name no environment.
const MARKER_TLDS: &[&str] = &["dev", "test", "qa"];

/// Kubernetes contexts of clusters that run on this machine, as their tools name them:
/// `kind-NAME` (kind, "Quick Start": the context is `kind-<cluster name>`), `k3d-NAME` (k3d
/// docs), `minikube` (minikube's default profile), `docker-desktop` / `docker-for-desktop`
/// (Docker Desktop), `rancher-desktop`, `orbstack`, `colima`, `microk8s` (each tool's docs).
/// A trailing `-` is a prefix.
pub(crate) const LOCAL_CONTEXTS: &[&str] = &[
    "kind-",
    "k3d-",
    "minikube",
    "docker-desktop",
    "docker-for-desktop",
    "rancher-desktop",
    "orbstack",
    "colima",
    "microk8s",
];

/// Commands that put another machine's port on this machine's loopback: `kubectl|oc
/// port-forward` (kubectl-port-forward(1)), `ssh -L|-D` (ssh(1)), the Cloud SQL Auth Proxy,
/// `gcloud … start-iap-tunnel`, `aws ssm start-session` (port forwarding documents), `fly|flyctl
/// proxy`, `az network bastion tunnel`, Teleport `tsh proxy`. (program, a word that must appear;
/// `""`: none.)
pub(crate) const TUNNELS: &[(&str, &str)] = &[
    ("kubectl", "port-forward"),
    ("oc", "port-forward"),
    ("ssh", "-L"),
    ("ssh", "-D"),
    ("cloud-sql-proxy", ""),
    ("cloud_sql_proxy", ""),
    ("gcloud", "start-iap-tunnel"),
    ("aws", "start-session"),
    ("fly", "proxy"),
    ("flyctl", "proxy"),
    ("az", "tunnel"),
    ("tsh", "proxy"),
    ("socat", ""),
];

/// Options whose value is where the command connects (any program; long spellings are
/// shared by the database, broker and cloud CLIs that take them).
const LOCATION_OPTIONS: &[&str] = &[
    "--host",
    "--hostname",
    "--server",
    "--bootstrap-server",
    "--brokers",
    "--broker",
    "--url",
    "--uri",
    "--endpoint",
    "--endpoint-url",
    "--api-url",
    "--addr",
    "--address",
    "--server-url",
];

/// Options naming a Kubernetes context (kubectl, helm, and tools that pass it on).
const CONTEXT_OPTIONS: &[&str] = &["--context", "--kube-context"];

/// Options naming the connection, database, namespace, project or environment the command
/// acts in (any program).
const NAMED_OPTIONS: &[&str] = &[
    "--namespace",
    "--connection",
    "--dbname",
    "--database",
    "--db",
    "--project",
    "--project-id",
    "--workspace",
    "--app",
    "--stack",
    "--env",
    "--environment",
    "--stage",
    "--target",
    "-target",
    "--account",
    "--instance",
    "--cluster",
    "--cluster-name",
    "--cluster-identifier",
    "-chdir",
    "--chdir",
    "--warehouse",
    "--catalog",
    "--schema",
];

/// Options that pick credentials rather than the resource (`--profile`, `AWS_PROFILE`'s
/// option; a bucket's name is global): a production marker there counts, no other.
const PROD_ONLY_OPTIONS: &[&str] = &["--profile", "--subscription", "--role-arn"];

/// What an option's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// A host, URL or socket ([`LOCATION_OPTIONS`]).
    Location,
    /// A Kubernetes context ([`CONTEXT_OPTIONS`]).
    Context,
    /// A named selector ([`NAMED_OPTIONS`]).
    Named,
    /// Credentials: production only ([`PROD_ONLY_OPTIONS`]).
    ProdOnly,
}

/// What a named selector names, for the objects it does not hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// A Kubernetes namespace: not the home of cluster-scoped objects.
    Namespace,
    /// A database: not the home of what SQL names in other databases.
    Database,
    /// Anything else.
    Other,
}

/// One row of [`SHORT_OPTIONS`]: programs and their short selector options.
type ShortRow = (&'static [&'static str], &'static [(&'static str, Role)]);

/// Short options of single programs that name a location or a named selector:
/// psql(1) and the PostgreSQL client programs `-h HOST -d DB`, mysql(1) `-h -D`, redis-cli(1)
/// `-h HOST -u URL`, clickhouse-client `-h -d`, sqlcmd `-S SERVER -d DB`, kubectl/oc/helm
/// `-n NAMESPACE`, Snowflake `snow -c CONNECTION` / `snowsql -c`, Heroku and Fly `-a APP`.
const SHORT_OPTIONS: &[ShortRow] = &[
    (
        &[
            "psql",
            "pgcli",
            "pg_dump",
            "pg_dumpall",
            "pg_restore",
            "dropdb",
            "createdb",
            "vacuumdb",
            "reindexdb",
            "pg_isready",
        ],
        &[("-h", Role::Location), ("-d", Role::Named)],
    ),
    (
        &[
            "mysql",
            "mariadb",
            "mysqldump",
            "mariadb-dump",
            "mysqladmin",
            "mycli",
        ],
        &[("-h", Role::Location), ("-D", Role::Named)],
    ),
    (
        &["redis-cli", "valkey-cli", "keydb-cli"],
        &[("-h", Role::Location), ("-u", Role::Location)],
    ),
    (
        &["clickhouse-client", "clickhouse"],
        &[("-h", Role::Location), ("-d", Role::Named)],
    ),
    (&["sqlcmd"], &[("-S", Role::Location), ("-d", Role::Named)]),
    (
        &["kubectl", "oc", "k", "microk8s.kubectl", "helm"],
        &[("-n", Role::Named)],
    ),
    (&["snow", "snowsql"], &[("-c", Role::Named)]),
    (&["heroku", "fly", "flyctl"], &[("-a", Role::Named)]),
];

/// Options that take a value beside the selectors (common to cloud and database CLIs), so
/// the value is not taken for an operand: region, zone, output, query, resource group,
/// selectors, timeouts, users, ports, the SQL of a client.
const VALUE_OPTIONS: &[&str] = &[
    "--region",
    "--zone",
    "--output",
    "-o",
    "--format",
    "--query",
    "--resource-group",
    "-g",
    "--location",
    "--timeout",
    "--grace-period",
    "-l",
    "--selector",
    "--field-selector",
    "--kubeconfig",
    "--warehouse-id",
    "--config",
    "-X",
    "-U",
    "--username",
    "--user",
    "-p",
    "--port",
    "-P",
    "-c",
    "--command",
    "-e",
    "--execute",
    "-q",
    "--statement",
    "--sql",
    "--topic",
    "-var",
];

/// SQL clients whose first operand names the database (or is a connection string): psql(1)
/// `[DBNAME [USER]]`, mysql(1) `[DB]`, mongosh `[URI|DB]`, pgcli, usql `URL`.
const DB_OPERAND_CLIENTS: &[&str] = &[
    "psql", "pgcli", "mysql", "mariadb", "mycli", "mongosh", "mongo", "usql",
];

/// Programs whose first operand is a database file: sqlite3(1), DuckDB, litecli.
const FILE_DB_CLIENTS: &[&str] = &["sqlite3", "duckdb", "litecli"];

/// Remote consoles whose first operand is the machine (`ssh [USER@]HOST CMD`).
const HOST_OPERAND: &[&str] = &["ssh", "mosh"];

/// The lower-cased name tokens of `s`: split at every character that is not an ASCII letter or
/// digit, trailing digits dropped (`prod1`, `stg02`).
fn tokens(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(|t| {
            let t = t.trim_end_matches(|c: char| c.is_ascii_digit());
            t.to_ascii_lowercase()
        })
}

/// The tier a name says by its tokens: production if any token is a [`PROD_WORDS`] word;
/// else the strictest of [`NONPROD_WORDS`] and [`DISPOSABLE_WORDS`] found; `None` without a
/// marker. Device paths (`/dev/…`) are no names.
pub(crate) fn name_tier(s: &str) -> Option<Tier> {
    marked(s, DISPOSABLE_WORDS)
}

/// [`name_tier`] of a destroyed object's own name: only [`OBJECT_DISPOSABLE_WORDS`] make it
/// throwaway.
fn object_tier(s: &str) -> Option<Tier> {
    marked(s, OBJECT_DISPOSABLE_WORDS)
}

fn marked(s: &str, disposable: &[&str]) -> Option<Tier> {
    if s.starts_with("/dev/") {
        return None;
    }
    if names_prod(s) {
        return Some(Tier::Prod);
    }
    let s = without_marker_tld(s);
    let mut best: Option<Tier> = None;
    for t in tokens(&s) {
        let tier = if NONPROD_WORDS.contains(&t.as_str()) {
            Tier::NonProd
        } else if disposable.contains(&t.as_str()) {
            Tier::Disposable
        } else {
            continue;
        };
        best = best.max(Some(tier));
    }
    best
}

/// `s` with a [`MARKER_TLDS`] label dropped where it ends a dotted name (`x-docker.pkg.dev/r/i`
/// → `x-docker.pkg/r/i`, `northwind.dev` → `northwind`): the host part runs to the first `/`,
/// `:` or `@` after any scheme.
fn without_marker_tld(s: &str) -> String {
    let (scheme, rest) = match s.split_once("://") {
        Some((a, b)) => (Some(a), b),
        None => (None, s),
    };
    let end = rest.find(['/', ':', '@']).unwrap_or(rest.len());
    let (host, tail) = rest.split_at(end);
    let host = match host.rsplit_once('.') {
        Some((head, tld)) if MARKER_TLDS.contains(&tld.to_ascii_lowercase().as_str()) => head,
        _ => host,
    };
    match scheme {
        Some(sc) => format!("{sc}://{host}{tail}"),
        None => format!("{host}{tail}"),
    }
}

/// Whether `s` holds a production token.
fn names_prod(s: &str) -> bool {
    tokens(s).any(|t| PROD_WORDS.contains(&t.as_str()))
}

/// The host a location word names: a URL's or conninfo's host, `[USER@]HOST[:PORT]`, or a
/// socket folder (`/var/run/postgresql`, returned as is).
fn host_of(word: &str) -> Option<String> {
    let w = word.trim();
    if w.starts_with('/') {
        return Some(w.to_string());
    }
    if let Some(i) = w.find("host=") {
        let v = &w[i + 5..];
        return Some(v.split([' ', ';', ',']).next().unwrap_or("").to_string());
    }
    let rest = w.split_once("://").map_or(w, |(_, r)| r);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let hostport = authority.rsplit('@').next().unwrap_or(authority);
    // several brokers (`localhost:9092,localhost:9093`): the first; the caller checks all.
    let hostport = hostport.split(',').next().unwrap_or(hostport);
    let host = if let Some(v6) = hostport.strip_prefix('[') {
        v6.split(']').next().unwrap_or("")
    } else if hostport.matches(':').count() > 1 {
        hostport
    } else {
        hostport.split(':').next().unwrap_or("")
    };
    (!host.is_empty()).then(|| host.to_ascii_lowercase())
}

/// Whether a host is this machine: `localhost` and `*.localhost` (RFC 6761), 127.0.0.0/8,
/// `::1`, `0.0.0.0` as a destination, Docker's `host.docker.internal` (the machine running
/// the container), a socket folder (`-h /var/run/postgresql`: libpq's Unix-domain socket).
pub(crate) fn local_host(host: &str) -> bool {
    let h = host.trim_end_matches('.');
    h == "localhost"
        || h.ends_with(".localhost")
        || h.starts_with("127.")
        || h == "::1"
        || h == "0.0.0.0"
        || h == "host.docker.internal"
        || (h.starts_with('/') && !h.contains('$'))
}

/// Whether a Kubernetes context is a cluster on this machine ([`LOCAL_CONTEXTS`]).
pub(crate) fn local_context(ctx: &str) -> bool {
    let c = ctx.to_ascii_lowercase();
    LOCAL_CONTEXTS.iter().any(|l| match l.strip_suffix('-') {
        Some(_) => c.starts_with(l) && c.len() > l.len(),
        None => c == *l,
    })
}

/// Network URL schemes whose host is a location (databases, brokers, HTTP APIs).
fn network_url(w: &str) -> bool {
    let Some((scheme, _)) = w.split_once("://") else {
        return false;
    };
    let s = scheme.to_ascii_lowercase();
    let s = s.strip_prefix("jdbc:").unwrap_or(&s);
    matches!(
        s,
        "http"
            | "https"
            | "postgres"
            | "postgresql"
            | "mysql"
            | "mariadb"
            | "mongodb"
            | "mongodb+srv"
            | "redis"
            | "rediss"
            | "amqp"
            | "amqps"
            | "kafka"
            | "tcp"
            | "grpc"
            | "clickhouse"
            | "trino"
            | "snowflake"
            | "sqlserver"
            | "cockroachdb"
            | "nats"
    )
}

/// A word that stands for a DSN variable (`$LEDGER_PROD_DSN`, `${DEV_DATABASE_URL}`): the
/// variable's name when it reads like a connection (`dsn`, `url`, `uri`, `database`, `db`,
/// `conn`, `connection`, `host` among its tokens).
fn dsn_variable(w: &str) -> Option<&str> {
    let name = w.strip_prefix('$')?;
    let name = name
        .strip_prefix('{')
        .map_or(name, |n| n.split('}').next().unwrap_or(n));
    let name = name
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .next()?;
    tokens(name)
        .any(|t| {
            matches!(
                t.as_str(),
                "dsn" | "url" | "uri" | "database" | "db" | "conn" | "connection" | "host"
            )
        })
        .then_some(name)
}

/// What the words of one command say about its target.
#[derive(Debug, Default)]
struct Target {
    /// Location words: (marker, local).
    locations: Vec<(String, bool)>,
    /// Named selectors with a marker: (marker, tier, what it names).
    named: Vec<(String, Tier, Scope)>,
    /// A production marker on the target, connection or context.
    prod: Option<String>,
}

impl Target {
    /// A host or URL (a broker list, `h1:9092,h2:9092`: local only when every one is).
    fn location(&mut self, how: &str, value: &str, tunnel: bool) {
        let local = !tunnel
            && value
                .split(',')
                .all(|one| host_of(one).is_some_and(|h| local_host(&h)));
        let marker = format!("{how} {value}");
        // a production word wins even on a local one (`kind-prod-mirror`)
        self.named_word(&marker, value);
        self.locations.push((marker, local));
    }

    fn context(&mut self, how: &str, value: &str) {
        let marker = format!("{how} {value}");
        let local = local_context(value);
        self.named_word(&marker, value);
        self.locations.push((marker, local));
    }

    fn named_word(&mut self, marker: &str, value: &str) {
        self.scoped_word(marker, value, Scope::Other);
    }

    fn scoped_word(&mut self, marker: &str, value: &str, scope: Scope) {
        match name_tier(value) {
            Some(Tier::Prod) => {
                self.prod.get_or_insert_with(|| marker.to_string());
            }
            Some(t) => self.named.push((marker.to_string(), t, scope)),
            None => {}
        }
    }

    /// The tier of the selectors: local when every location is, else the strictest named
    /// marker, else none.
    fn selector_tier(&self) -> Option<(Tier, String)> {
        if let Some(p) = &self.prod {
            return Some((Tier::Prod, p.clone()));
        }
        if !self.locations.is_empty() && self.locations.iter().all(|(_, l)| *l) {
            return self
                .locations
                .first()
                .map(|(m, _)| (Tier::Local, m.clone()));
        }
        self.named
            .iter()
            .max_by_key(|(_, t, _)| *t)
            .map(|(m, t, _)| (*t, m.clone()))
    }
}

/// Whether `opt` (as written, `--x` or `-x`) is `long` or one of `program`'s short options of
/// the kind `kind`.
fn short_kind(program: &str, opt: &str) -> Option<Role> {
    SHORT_OPTIONS
        .iter()
        .find(|(progs, _)| progs.contains(&program))
        .and_then(|(_, opts)| opts.iter().find(|(o, _)| *o == opt).map(|(_, k)| *k))
}

/// Whether an option takes a separate value word.
fn takes_value(program: &str, opt: &str) -> bool {
    LOCATION_OPTIONS.contains(&opt)
        || CONTEXT_OPTIONS.contains(&opt)
        || NAMED_OPTIONS.contains(&opt)
        || PROD_ONLY_OPTIONS.contains(&opt)
        || VALUE_OPTIONS.contains(&opt)
        || short_kind(program, opt).is_some()
}

/// The selectors of one command's words (`argv` without the program word).
fn selectors(
    program: &str,
    argv: &[String],
    cwd: &str,
    ctx: &ShellContext,
    tunnel: bool,
) -> Target {
    let mut t = Target::default();
    let mut first_operand = true;
    let mut i = 0;
    while i < argv.len() {
        let w = argv[i].as_str();
        i += 1;
        if w == "--" {
            break;
        }
        if w.starts_with('-') && w.len() > 1 {
            let (opt, glued) = match w.split_once('=') {
                Some((o, v)) => (o, Some(v)),
                None => (w, None),
            };
            let value = |i: &mut usize| -> Option<String> {
                glued.map(str::to_string).or_else(|| {
                    let v = argv.get(*i).cloned();
                    *i += 1;
                    v
                })
            };
            let kind = if LOCATION_OPTIONS.contains(&opt) {
                Some(Role::Location)
            } else if CONTEXT_OPTIONS.contains(&opt) {
                Some(Role::Context)
            } else if NAMED_OPTIONS.contains(&opt) {
                Some(Role::Named)
            } else if PROD_ONLY_OPTIONS.contains(&opt) {
                Some(Role::ProdOnly)
            } else {
                short_kind(program, opt)
            };
            match kind {
                Some(k) => {
                    let Some(v) = value(&mut i) else { break };
                    match k {
                        Role::Location => t.location(opt, &v, tunnel),
                        Role::Context => t.context(opt, &v),
                        Role::ProdOnly => {
                            if names_prod(&v) {
                                t.prod.get_or_insert_with(|| format!("{opt} {v}"));
                            }
                        }
                        Role::Named => {
                            let scope = if matches!(opt, "--namespace" | "-n") {
                                Scope::Namespace
                            } else if matches!(
                                opt,
                                "--dbname" | "--database" | "--db" | "-d" | "-D"
                            ) {
                                Scope::Database
                            } else {
                                Scope::Other
                            };
                            t.scoped_word(&format!("{opt} {v}"), &v, scope)
                        }
                    }
                }
                None if glued.is_none() && VALUE_OPTIONS.contains(&opt) => i += 1,
                None => {}
            }
            continue;
        }
        if network_url(w) {
            t.location("url", w, tunnel);
        } else if let Some(var) = dsn_variable(w) {
            t.named_word(&format!("variable {var}"), var);
        }
        if first_operand {
            first_operand = false;
            if DB_OPERAND_CLIENTS.contains(&program) && !network_url(w) {
                if w.contains("host=") {
                    t.location("conninfo", w, tunnel);
                } else if w.contains("dbname=") || !w.starts_with('$') {
                    t.scoped_word(&format!("database {w}"), w, Scope::Database);
                }
            } else if FILE_DB_CLIENTS.contains(&program) && !w.starts_with('$') {
                let path = crate::paths::normalize(&if w.starts_with('/') {
                    w.to_string()
                } else {
                    format!("{cwd}/{w}")
                });
                let inside =
                    ctx.project_dir.as_deref().is_some_and(|p| {
                        path.starts_with(&format!("{}/", p.trim_end_matches('/')))
                    }) || path.starts_with("/tmp/");
                t.locations
                    .push((format!("file {w}"), inside && cwd.starts_with('/')));
            } else if HOST_OPERAND.contains(&program) {
                t.location("host", w, tunnel);
            }
        }
    }
    t
}

/// The names a destroying verb is given: the operands after the verb word (`verb`, or the
/// first word [`crate::programs::cloud::verb_match`] reads as one), option values left out;
/// Terraform's `-target=ADDR` values wherever they stand. A first operand that is a bare
/// lower-case word before another (`kubectl delete pod NAME`) is the kind, not a name. Local
/// paths (manifests, files) are no names.
fn objects(program: &str, argv: &[String], verb: Option<&str>) -> Vec<String> {
    let mut out = Vec::new();
    let start = argv
        .iter()
        .position(|w| match verb {
            Some(v) => w == v,
            None => w == "--delete" || crate::programs::cloud::verb_match(w).is_some(),
        })
        .map(|p| p + 1);
    let mut i = 0;
    while i < argv.len() {
        let w = argv[i].as_str();
        i += 1;
        if let Some(v) = w
            .strip_prefix("-target=")
            .or_else(|| w.strip_prefix("--target="))
        {
            out.push(v.to_string());
            continue;
        }
        if w == "-target" {
            if let Some(v) = argv.get(i) {
                out.push(v.clone());
            }
            i += 1;
            continue;
        }
        if w.starts_with('-') {
            // `-f FILE`, `--filename FILE`, `-k DIR`: a manifest, not a name (`-f` alone is a
            // force flag in many CLIs: a file-like word must follow)
            let file_option = matches!(w, "-f" | "--filename" | "--file" | "-k" | "--kustomize")
                && argv.get(i).is_some_and(|n| n.contains(['.', '/']));
            if file_option || (!w.contains('=') && takes_value(program, w)) {
                i += 1;
            }
            continue;
        }
        let file_like = [".yaml", ".yml", ".json", ".tf", ".tfvars", ".sql", ".sh"]
            .iter()
            .any(|e| w.ends_with(e));
        if start.is_some_and(|s| i > s)
            && !w.starts_with(['/', '.', '~'])
            && !file_like
            && !w.is_empty()
        {
            out.push(w.to_string());
        }
    }
    if out.len() >= 2 && out[0].bytes().all(|b| b.is_ascii_lowercase()) {
        out.remove(0);
    }
    // `aws s3 sync SRC DST --delete`, `gsutil rsync -d SRC DST`, `rclone sync SRC DST`: what is
    // deleted is in the destination, the last operand, wherever the option stands (h-scope,
    // session 26: `… s3://team-scratch/$USER/run/ --delete` deletes in a scratch prefix).
    if out.is_empty() && argv.iter().any(|w| matches!(w.as_str(), "sync" | "rsync")) {
        if let Some(dst) = argv
            .iter()
            .rev()
            .find(|w| !w.starts_with('-') && w.contains("://"))
        {
            out.push(dst.clone());
        }
    }
    out
}

/// The qualifiers of the dotted names in SQL text (`prod_silver.card_auths` → `prod_silver`,
/// `` `fin-analytics-prod.ledger.transactions` `` → its project and dataset): where the
/// statement's tables live. Only words of a statement (text with a space) are read; quoted
/// string values (`'…'`) are left out.
fn sql_qualifiers(text: &str) -> Vec<String> {
    if !text.contains(' ') {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut in_str = false;
    let mut cur = String::new();
    let flush = |cur: &mut String, out: &mut Vec<String>| {
        if let Some((q, _)) = cur.rsplit_once('.') {
            if !q.is_empty() && !q.starts_with('.') {
                out.push(q.to_string());
            }
        }
        cur.clear();
    };
    for c in text.chars() {
        if c == '\'' {
            in_str = !in_str;
            flush(&mut cur, &mut out);
            continue;
        }
        if in_str {
            continue;
        }
        if c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '$' | '`' | '"' | ':') {
            cur.push(c);
        } else {
            flush(&mut cur, &mut out);
        }
        if out.len() >= 32 {
            break;
        }
    }
    flush(&mut cur, &mut out);
    out
}

/// Kubernetes kinds that live outside namespaces (Kubernetes API reference, `kubectl
/// api-resources --namespaced=false`), with their short names.
const CLUSTER_SCOPED: &[&str] = &[
    "namespace",
    "namespaces",
    "ns",
    "node",
    "nodes",
    "no",
    "persistentvolume",
    "persistentvolumes",
    "pv",
    "clusterrole",
    "clusterroles",
    "clusterrolebinding",
    "clusterrolebindings",
    "customresourcedefinition",
    "customresourcedefinitions",
    "crd",
    "crds",
    "storageclass",
    "storageclasses",
    "sc",
    "priorityclass",
    "priorityclasses",
    "mutatingwebhookconfiguration",
    "mutatingwebhookconfigurations",
    "validatingwebhookconfiguration",
    "validatingwebhookconfigurations",
    "apiservice",
    "apiservices",
];

/// The names after `DROP DATABASE|SCHEMA [IF EXISTS]` in SQL text (MySQL's `SCHEMA` is a
/// database): objects outside the database the command selected.
fn dropped_databases(text: &str) -> Vec<String> {
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ';' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if !w.eq_ignore_ascii_case("drop") {
            continue;
        }
        let Some(kind) = words.get(i + 1) else {
            continue;
        };
        if !(kind.eq_ignore_ascii_case("database") || kind.eq_ignore_ascii_case("schema")) {
            continue;
        }
        let mut j = i + 2;
        while words
            .get(j)
            .is_some_and(|w| w.eq_ignore_ascii_case("if") || w.eq_ignore_ascii_case("exists"))
        {
            j += 1;
        }
        if let Some(n) = words.get(j) {
            out.push(n.trim_matches(['"', '`', '\'', '[', ']']).to_string());
        }
    }
    out
}

/// Whether the command is one of [`TUNNELS`].
fn is_tunnel(c: &CommandFact) -> bool {
    TUNNELS.iter().any(|(p, w)| {
        c.program == *p
            && (w.is_empty()
                || c.argv
                    .iter()
                    .skip(1)
                    .any(|a| a == w || (w.len() == 2 && a.starts_with(w))))
    })
}

/// The tier of one command's target for a fact: `verb` the cloud fact's verb (objects are
/// read for destroys by verb), `sql` when SQL qualifiers count.
fn command_tier(
    c: &CommandFact,
    verb: Option<&str>,
    with_objects: bool,
    sql: bool,
    ctx: &ShellContext,
    tunnel: bool,
) -> Option<(Tier, String)> {
    let program = c.program.as_str();
    let argv = c.argv.get(1..).unwrap_or(&[]);
    let mut target = selectors(program, argv, &c.cwd, ctx, tunnel);
    // A namespace does not hold a cluster-scoped object (`kubectl delete namespace payments -n
    // scratch` deletes `payments`), nor anything when every namespace is taken (`-A`).
    if argv.iter().any(|w| {
        let kind = w.split('/').next().unwrap_or(w).to_ascii_lowercase();
        CLUSTER_SCOPED.contains(&kind.as_str()) || matches!(w.as_str(), "-A" | "--all-namespaces")
    }) {
        target
            .named
            .retain(|(_, _, scope)| *scope != Scope::Namespace);
    }
    // SQL that names other databases (`DROP DATABASE x`, `db.table`): the database selected
    // by the command is not where it acts; those names decide, all of them marked or none.
    let mut leaving: Vec<String> = Vec::new();
    // Databases dropped whole (`DROP DATABASE x`, `dropdb x`): a database is an environment of
    // its own, named for it by the frameworks' convention (Rails `<app>_development`,
    // `<app>_test`, `<app>_production`; Django `test_<name>`), so its own name's environment
    // words count as a selector's do ([`name_tier`]), not only the throwaway ones (h-verbs25).
    let mut dropped: Vec<String> = Vec::new();
    if program == "dropdb" {
        dropped.extend(argv.iter().filter(|w| !w.starts_with('-')).take(1).cloned());
    }
    if sql {
        for w in argv {
            leaving.extend(sql_qualifiers(w));
            dropped.extend(dropped_databases(w));
        }
        leaving.extend(dropped.iter().cloned());
        if !leaving.is_empty() {
            target
                .named
                .retain(|(_, _, scope)| *scope != Scope::Database);
        }
    }
    let objs = if with_objects {
        objects(program, argv, verb)
    } else {
        Vec::new()
    };
    for o in &objs {
        if names_prod(o) {
            target.prod.get_or_insert_with(|| format!("name {o}"));
        }
    }
    for q in &leaving {
        if names_prod(q) {
            target.prod.get_or_insert_with(|| format!("table {q}"));
        }
    }
    if let Some(p) = target.prod {
        return Some((Tier::Prod, p));
    }
    // a production word anywhere else (an option, a comment, an assignment): no quieter
    if names_prod(&c.evidence) {
        return None;
    }
    let obj_tier = (!objs.is_empty())
        .then(|| {
            objs.iter()
                .map(|o| object_tier(o).map(|t| (t, format!("name {o}"))))
                .collect::<Option<Vec<_>>>()
        })
        .flatten()
        .and_then(|v| v.into_iter().max_by_key(|(t, _)| *t));
    let obj_tier = obj_tier.or_else(|| {
        (!dropped.is_empty() && leaving.iter().all(|q| dropped.contains(q)))
            .then(|| {
                dropped
                    .iter()
                    .map(|q| name_tier(q).map(|t| (t, format!("database {q}"))))
                    .collect::<Option<Vec<_>>>()
            })
            .flatten()
            .and_then(|v| v.into_iter().max_by_key(|(t, _)| *t))
    });
    let obj_tier = obj_tier.or_else(|| {
        (!leaving.is_empty())
            .then(|| {
                leaving
                    .iter()
                    .map(|q| object_tier(q).map(|t| (t, format!("table {q}"))))
                    .collect::<Option<Vec<_>>>()
            })
            .flatten()
            .and_then(|v| v.into_iter().max_by_key(|(t, _)| *t))
    });
    let mut sel_tier = target.selector_tier();
    // names outside the selected database, not all marked: only a local server says anything
    if !leaving.is_empty() && obj_tier.is_none() {
        sel_tier = sel_tier.filter(|(t, _)| *t == Tier::Local);
    }
    match (obj_tier, sel_tier) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// Whether the target of `program WORDS` (a destroying verb's names, its connection, context
/// or namespace) is production by name: what a CLI without a table row is judged by
/// (`cloud.rs` `unlisted`).
pub(crate) fn names_prod_target(
    ctx: &ShellContext,
    program: &str,
    words: &[&str],
    cwd: &str,
) -> bool {
    let argv: Vec<String> = words.iter().map(|w| w.to_string()).collect();
    let t = selectors(program, &argv, cwd, ctx, false);
    t.prod.is_some() || objects(program, &argv, None).iter().any(|o| names_prod(o))
}

/// Infra kinds whose target is SQL the command carries (objects are in the statement).
fn sql_kind(kind: &str) -> bool {
    kind.starts_with("sql_") || matches!(kind, "dropdb" | "redis_flush")
}

/// Sets the tier of every infra and cloud fact from the command that gave it (matched by
/// evidence), keeps the `sql_write` facts of production targets only, and adds the
/// `env_script` facts ([`env_scripts`]). Run once on the finished facts.
pub(crate) fn mark(f: &mut ShellFacts, ctx: &ShellContext) {
    if !f.infra.is_empty() || !f.cloud.is_empty() {
        let tunnel = f.commands.iter().any(is_tunnel);
        let commands = &f.commands;
        let of = |ev: &str, program: Option<&str>| {
            commands
                .iter()
                .find(|c| clip(&c.evidence) == ev && program.is_none_or(|p| c.program == p))
        };
        for i in f.infra.iter_mut() {
            let Some(c) = of(&i.evidence, None) else {
                continue;
            };
            let sql = sql_kind(&i.kind);
            let found = command_tier(c, None, !sql, sql, ctx, tunnel);
            combine(&mut i.tier, &mut i.tier_marker, found);
        }
        for k in f.cloud.iter_mut() {
            let Some(c) = of(&k.evidence, Some(&k.cli)).or_else(|| of(&k.evidence, None)) else {
                continue;
            };
            let found = command_tier(c, Some(&k.verb), true, false, ctx, tunnel);
            combine(&mut k.tier, &mut k.tier_marker, found);
        }
        f.infra
            .retain(|i| i.kind != "sql_write" || i.tier == Some(Tier::Prod));
    }
    env_scripts(f, ctx);
}

/// The tier found on the command joined with the one of the console it runs in (already on
/// the fact): production on either side wins, else the command's own, else the console's.
fn combine(tier: &mut Option<Tier>, marker: &mut String, found: Option<(Tier, String)>) {
    match found {
        Some((t, m)) if *tier != Some(Tier::Prod) => {
            *tier = Some(t);
            *marker = m;
        }
        _ => {}
    }
}

/// Sets [`Analyzer::outer_tier`] for a command run through `inv` on another host or in a
/// container (`kubectl --context data-prod exec …`, `ssh db1.staging …`), returning the one
/// to restore afterwards. A production console stays production inside nested ones.
pub(crate) fn enter_remote(a: &mut Analyzer, inv: &Inv) -> Option<(Tier, String)> {
    let saved = a.outer_tier.clone();
    let program = inv
        .args
        .first()
        .map(|w| w.text.rsplit('/').next().unwrap_or(&w.text).to_string())
        .unwrap_or_default();
    let argv: Vec<String> = inv.words().iter().map(|w| w.to_string()).collect();
    let t = selectors(&program, &argv, &inv.cwd.text, a.ctx, false);
    let found = t.selector_tier();
    if saved.as_ref().is_none_or(|(s, _)| *s != Tier::Prod) {
        if let Some(found) = found {
            a.outer_tier = Some(found);
        }
    }
    saved
}

/// Interpreters that run a project's script given as their first operand (or `-m MODULE`).
const SCRIPT_RUNNERS: &[&str] = &[
    "python", "python3", "python2", "node", "ruby", "perl", "php", "bash", "sh", "zsh", "deno",
    "bun", "tsx", "ts-node", "Rscript", "julia", "uv", "poetry", "pipenv",
];

/// Options that pick the environment a project's script acts on (`--env live`,
/// `--environment=production`, Serverless' `--stage prod`).
const ENV_OPTIONS: &[&str] = &[
    "--env",
    "--environment",
    "--stage",
    "--target-env",
    "--tier",
];

/// Name tokens of scripts that make or check something rather than change an environment
/// (`npm run build -- --env production` builds for production; it changes nothing there).
const BUILD_WORDS: &[&str] = &[
    "build",
    "bundle",
    "compile",
    "lint",
    "test",
    "tests",
    "check",
    "checks",
    "validate",
    "plan",
    "diff",
    "render",
    "generate",
    "gen",
    "docs",
    "typecheck",
    "pack",
    "package",
    "dist",
    "assets",
    "fmt",
    "format",
    "preview",
    "dev",
    "serve",
    "start",
    "watch",
    "storybook",
];

/// Options that make a run a rehearsal (`--dry-run`, `--plan`, `--check`, `--diff`, `--noop`,
/// `--validate`, PowerShell's `--what-if`).
const REHEARSAL_OPTIONS: &[&str] = &[
    "--dry-run",
    "--dryrun",
    "--plan",
    "--check",
    "--diff",
    "--noop",
    "--validate",
    "--what-if",
    "--simulate",
    "-n",
];

/// The name of the project script a command runs, when it runs one: an interpreter's script
/// operand below the working folder or the project (`python3 tools/payouts.py`, `node
/// scripts/x.js`), a module (`python3 -m rules_engine.deploy`), a script run by its path
/// (`./deploy.sh`, `bin/release`), a package manager's `run NAME`.
fn project_script<'c>(c: &'c CommandFact, ctx: &ShellContext) -> Option<&'c str> {
    let argv = &c.argv;
    let word0 = argv.first()?.as_str();
    let inside = |p: &str| {
        !p.starts_with('/')
            && !p.starts_with('~')
            && !p.starts_with('$')
            && !p.contains("node_modules")
            || ctx
                .project_dir
                .as_deref()
                .is_some_and(|d| p.starts_with(&format!("{}/", d.trim_end_matches('/'))))
    };
    if word0.contains('/') && inside(word0) {
        return Some(word0);
    }
    let program = c.program.as_str();
    if matches!(program, "npm" | "pnpm" | "yarn" | "bun") {
        let i = argv.iter().position(|w| w == "run" || w == "run-script")?;
        return argv.get(i + 1).map(String::as_str);
    }
    if !SCRIPT_RUNNERS.contains(&program) {
        return None;
    }
    let mut i = 1;
    while i < argv.len() {
        let w = argv[i].as_str();
        if w == "-m" {
            return argv.get(i + 1).map(String::as_str);
        }
        if w == "run" && matches!(program, "uv" | "poetry" | "pipenv" | "deno" | "bun") {
            i += 1;
            continue;
        }
        if matches!(program, "uv" | "poetry" | "pipenv") && matches!(w, "python" | "python3") {
            i += 1;
            continue;
        }
        if w.starts_with('-') {
            // `-c`/`-e` code: not a script
            if matches!(w, "-c" | "-e" | "--eval" | "-p" | "-r") {
                return None;
            }
            i += 1;
            continue;
        }
        let script_like = w.contains('/') || w.contains('.');
        return (script_like && inside(w)).then_some(w);
    }
    None
}

/// `env_script` facts: a project's own script ([`project_script`]) run with an environment
/// option ([`ENV_OPTIONS`]) valued production (`python3 tools/payouts.py --env live`,
/// `python3 -m rules_engine.deploy --env live`): the project's code changing production, which
/// no program table can know. Builds for production (script names of [`BUILD_WORDS`]) and
/// rehearsals ([`REHEARSAL_OPTIONS`]) are not.
fn env_scripts(f: &mut ShellFacts, ctx: &ShellContext) {
    let mut found = Vec::new();
    for c in &f.commands {
        if !c.argv.iter().any(|w| {
            let o = w.split('=').next().unwrap_or(w);
            ENV_OPTIONS.contains(&o)
        }) {
            continue;
        }
        let Some(script) = project_script(c, ctx) else {
            continue;
        };
        if tokens(script).any(|t| BUILD_WORDS.contains(&t.as_str())) {
            continue;
        }
        if c.argv
            .iter()
            .any(|w| REHEARSAL_OPTIONS.contains(&w.as_str()))
        {
            continue;
        }
        let mut marker = None;
        let mut i = 1;
        while i < c.argv.len() {
            let w = c.argv[i].as_str();
            let (o, v) = match w.split_once('=') {
                Some((o, v)) => (o, Some(v.to_string())),
                None => (w, c.argv.get(i + 1).cloned()),
            };
            if ENV_OPTIONS.contains(&o) {
                // `--env NAME=VALUE` passes a variable (docker-style), not an environment
                if let Some(v) = v.filter(|v| !v.contains('=') && names_prod(v)) {
                    marker = Some(format!("{o} {v}"));
                    break;
                }
            }
            i += 1;
        }
        if let Some(m) = marker {
            found.push(InfraFact {
                kind: "env_script".into(),
                tier: Some(Tier::Prod),
                tier_marker: m,
                evidence: clip(&c.evidence),
            });
        }
    }
    for x in found {
        if !f.infra.contains(&x) {
            f.infra.push(x);
        }
    }
}

/// Whether SQL text changes something: a statement that is not a read (`SELECT`, `SHOW`,
/// `DESCRIBE`, `EXPLAIN` without `ANALYZE`, `WITH … SELECT`, `VALUES`, `TABLE`, session
/// statements `SET`/`USE`/`BEGIN`/`COMMIT`, psql meta-commands), or a `SELECT` calling a
/// function that changes the server ([`CHANGING_FUNCTION_WORDS`]: `pg_drop_replication_slot`,
/// `pg_terminate_backend`, `lo_unlink`, Snowflake `SYSTEM$ABORT_SESSION`) or making a table
/// (`SELECT … INTO t`).
pub(crate) fn writes_sql(text: &str) -> bool {
    // quoted values out, comments out
    let mut clean = String::with_capacity(text.len());
    let mut in_str = false;
    for line in text.lines() {
        // psql meta-commands (a line of their own) read, but `\copy … from` loads rows
        let t = line.trim_start().to_ascii_lowercase();
        if t.starts_with('\\') {
            if t.starts_with("\\copy") && t.contains(" from ") && !t.contains(" to ") {
                return true;
            }
            continue;
        }
        let line = line.split("--").next().unwrap_or("");
        for ch in line.chars() {
            if ch == '\'' {
                in_str = !in_str;
                continue;
            }
            if !in_str {
                clean.push(ch);
            }
        }
        clean.push('\n');
    }
    clean.split(';').any(|stmt| {
        let words: Vec<String> = stmt
            .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '$' | '\\')))
            .filter(|w| !w.is_empty())
            .map(|w| w.to_ascii_uppercase())
            .collect();
        let Some(first) = words.first() else {
            return false;
        };
        let has = |w: &str| words.iter().any(|x| x == w);
        match first.as_str() {
            "SELECT" | "WITH" | "VALUES" | "TABLE" => {
                let changes = has("INSERT")
                    || has("UPDATE")
                    || has("DELETE")
                    || has("MERGE")
                    || has("INTO")
                    || words.iter().any(|w| changing_function(w));
                changes
            }
            // `COPY t TO …` reads; `COPY t FROM …` loads
            "COPY" => has("FROM") && !has("TO"),
            "EXPLAIN" => has("ANALYZE") && (has("INSERT") || has("UPDATE") || has("DELETE")),
            "SHOW" | "DESCRIBE" | "DESC" | "LIST" | "LS" | "SET" | "RESET" | "USE" | "BEGIN"
            | "START" | "COMMIT" | "ROLLBACK" | "END" | "ABORT" | "PRAGMA" | "ANALYZE"
            | "ANALYSE" | "FETCH" | "DECLARE" | "CLOSE" | "PREPARE" | "DEALLOCATE" | "HELP"
            | "GET" => false,
            // Redshift `UNLOAD (SELECT …) TO 's3://…'`, BigQuery `EXPORT DATA … AS SELECT`: rows
            // read out, the database unchanged (where they go is `sql_export_urls`' question)
            "UNLOAD" | "EXPORT" => false,
            _ => true,
        }
    })
}

/// Tokens of function names that change the server when called from a `SELECT`: the
/// PostgreSQL "System Administration Functions" (`pg_terminate_backend`, `pg_cancel_backend`,
/// `pg_reload_conf`, `pg_rotate_logfile`, `pg_switch_wal`, `pg_promote`,
/// `pg_create_restore_point`, `pg_drop_replication_slot`, `pg_replication_slot_advance`),
/// large objects (`lo_unlink`, `lo_import`), sequences (`setval`), Snowflake's
/// `SYSTEM$ABORT_SESSION`, `SYSTEM$CANCEL_QUERY`.
const CHANGING_FUNCTION_WORDS: &[&str] = &[
    "DROP",
    "DELETE",
    "REMOVE",
    "TERMINATE",
    "CANCEL",
    "KILL",
    "PURGE",
    "TRUNCATE",
    "RESET",
    "CREATE",
    "ALTER",
    "GRANT",
    "REVOKE",
    "PROMOTE",
    "ROTATE",
    "RELOAD",
    "SWITCH",
    "ADVANCE",
    "ABORT",
    "SUSPEND",
    "UNLINK",
    "IMPORT",
    "SETVAL",
];

/// Whether a word names a function of [`CHANGING_FUNCTION_WORDS`] (`PG_DROP_REPLICATION_SLOT`:
/// split at `_` and `$`).
fn changing_function(w: &str) -> bool {
    (w.contains('_') || w.contains('$') || w == "SETVAL")
        && w.split(['_', '$'])
            .any(|p| CHANGING_FUNCTION_WORDS.contains(&p))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn facts(cmd: &str) -> ShellFacts {
        crate::analyze(cmd, &ctx())
    }

    /// The tiers of a command's infra and cloud facts (`-` for unknown).
    fn tiers(cmd: &str) -> Vec<String> {
        let f = facts(cmd);
        let show = |t: Option<Tier>| match t {
            Some(Tier::Local) => "local",
            Some(Tier::Disposable) => "disposable",
            Some(Tier::NonProd) => "nonprod",
            Some(Tier::Prod) => "prod",
            None => "-",
        };
        let mut v: Vec<String> = f
            .infra
            .iter()
            .map(|i| format!("{}:{}", i.kind, show(i.tier)))
            .chain(f.cloud.iter().map(|c| format!("cloud:{}", show(c.tier))))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    fn all(cmd: &str, want: &str) {
        let t = tiers(cmd);
        assert!(!t.is_empty(), "no destroy fact: {cmd}");
        assert!(
            t.iter().all(|x| x.ends_with(&format!(":{want}"))),
            "{cmd}: {t:?}, want {want}"
        );
    }

    #[test]
    fn name_tokens_are_whole_words() {
        assert_eq!(name_tier("ledger_prod"), Some(Tier::Prod));
        assert_eq!(name_tier("api-prd-eu1"), Some(Tier::Prod));
        assert_eq!(name_tier("products"), None);
        assert_eq!(name_tier("reproduce"), None);
        assert_eq!(name_tier("devices"), None);
        assert_eq!(name_tier("latest"), None);
        assert_eq!(name_tier("stg2-orders"), Some(Tier::NonProd));
        assert_eq!(name_tier("tmp_import"), Some(Tier::Disposable));
        assert_eq!(name_tier("dev-scratch"), Some(Tier::NonProd));
        assert_eq!(name_tier("scratch-prod-copy"), Some(Tier::Prod));
        assert_eq!(name_tier("/dev/sda"), None);
        assert_eq!(name_tier("fleet-local"), None);
        // a `.dev` or `.test` domain names no environment; a `.live` one still counts
        assert_eq!(name_tier("x-docker.pkg.dev/x/img:1"), None);
        assert_eq!(name_tier("https://api.shop.test/v1"), None);
        assert_eq!(name_tier("northwind.dev"), None);
        assert_eq!(name_tier("https://api.shop.live/v1"), Some(Tier::Prod));
        assert_eq!(name_tier("scratch_aiko.fx_test"), Some(Tier::Disposable));
        // on an object's own name the test words are example names, not throwaway
        assert_eq!(object_tier("test-pod"), None);
        assert_eq!(object_tier("orders_tmp"), Some(Tier::Disposable));
        assert_eq!(object_tier("orders-dev"), Some(Tier::NonProd));
    }

    #[test]
    fn loopback_and_local_clusters_are_local() {
        all(
            "psql -h 127.0.0.1 -U app -d shop -c 'truncate orders cascade'",
            "local",
        );
        all("mysql -h localhost -D shop -e 'drop table carts'", "local");
        all(
            "psql postgresql://app@localhost:5433/shop -c 'drop table audit_log'",
            "local",
        );
        all(
            "kubectl --context k3d-demo delete namespace payments",
            "local",
        );
        all("kubectl --context=minikube delete deploy api", "local");
        all("redis-cli -h localhost -p 6380 flushall", "local");
        all("sqlite3 data/app.sqlite 'DELETE FROM sessions'", "local");
        all(
            "aws --endpoint-url http://localhost:4566 s3 rb s3://uploads --force",
            "local",
        );
    }

    #[test]
    fn loopback_through_a_tunnel_is_not_local() {
        let t =
            tiers("kubectl port-forward svc/pg 5432:5432 & psql -h localhost -c 'truncate orders'");
        assert!(t.iter().all(|x| x.ends_with(":-")), "{t:?}");
    }

    #[test]
    fn disposable_and_nonprod_names() {
        all("gsutil rm -r gs://acme-scratch-exports/", "disposable");
        // test words on an object's own name are no marker
        for cmd in [
            "gsutil rm -r gs://acme-ci-artifacts/",
            "kubectl delete pod test-pod",
            "copilot svc delete --name test --yes",
        ] {
            let t = tiers(cmd);
            assert!(t.iter().all(|x| x.ends_with(":-")), "{cmd}: {t:?}");
        }
        all(
            "gcloud sql instances delete orders-sandbox-2 --quiet",
            "disposable",
        );
        all("kubectl -n preview-481 delete deploy web", "disposable");
        all(
            "kubectl --context gke_acme_eu_main -n staging delete deploy web",
            "nonprod",
        );
        all(
            "psql -h db1.internal.example -d shop_development -c 'truncate carts'",
            "nonprod",
        );
        all(
            "terraform destroy -target=module.tmp_bucket -auto-approve",
            "disposable",
        );
    }

    #[test]
    fn production_wins_and_words_off_the_target_do_not_count() {
        // a production marker anywhere on the target wins over a local or scratch one
        all(
            "psql -h localhost -d orders_prod -c 'truncate orders'",
            "prod",
        );
        all(
            "aws s3 rb s3://acme-prod-exports --force --profile dev",
            "prod",
        );
        all(
            "kubectl --context gke_acme_prod -n scratch delete deploy web",
            "prod",
        );
        // a production word off the target keeps the destroy as it was (no tier)
        let t = tiers("aws s3 rb s3://acme-scratch-1 --force --profile prod-admin");
        assert!(t.iter().all(|x| x.ends_with(":prod")), "{t:?}");
        let t = tiers("aws s3 rb s3://acme-exports --force # not prod");
        assert!(t.iter().all(|x| x.ends_with(":-")), "{t:?}");
        // a namespace holds no cluster-scoped object; a database name does not hold what the
        // SQL names elsewhere; a var file picks variables, not the state
        for cmd in [
            "kubectl delete namespace payments -n scratch",
            "kubectl delete ns/payments --namespace=dev",
            "kubectl delete deploy --all -A -n sandbox",
            "psql -h db1.acme.internal -d scratch -c 'drop database payments'",
            "mysql -h db1.acme.internal -D tmp -e 'drop table payments.orders'",
            "terraform destroy -var-file=dev.tfvars -auto-approve",
            "kafka-topics --bootstrap-server localhost:9092,broker1.acme.internal:9092 --delete --topic orders",
            "psql -h localhost 'host=10.1.2.3 dbname=ledger' -c 'truncate entries'",
        ] {
            let t = tiers(cmd);
            assert!(t.iter().all(|x| x.ends_with(":-")), "{cmd}: {t:?}");
        }
        all(
            "kubectl --context kind-prod-mirror delete ns payments",
            "prod",
        );
        // a profile, a label or a comment is not the target
        for cmd in [
            "aws s3 rb s3://acme-exports --force --profile dev",
            "kubectl delete ns payments -l env=dev",
            "gsutil rm -r gs://acme-exports/ && echo scratch",
            "kubectl delete deployment payments scratch",
            "kubectl delete -f k8s/dev/",
        ] {
            let t = tiers(cmd);
            assert!(t.iter().all(|x| x.ends_with(":-")), "{cmd}: {t:?}");
        }
    }

    #[test]
    fn remote_consoles_pass_their_tier_on() {
        let f = facts(
            "kubectl --context ops-prod -n app exec deploy/web -- rails db:drop DISABLE_DATABASE_ENVIRONMENT_CHECK=1",
        );
        assert!(
            f.infra.iter().any(|i| i.tier == Some(Tier::Prod)),
            "{:?}",
            f.infra
        );
    }

    #[test]
    fn sql_writes_to_production_are_facts() {
        for cmd in [
            r#"psql "$ORDERS_PROD_DATABASE_URL" -c "UPDATE orders SET state='void' WHERE id = 7""#,
            r#"psql -h pg.prod.acme.internal -d orders -c "select pg_terminate_backend(4411)""#,
            "bq query --nouse_legacy_sql 'DELETE FROM `acme-prod.sales.orders` WHERE day < \"2020-01-01\"'",
            r#"snow sql -c prd -q "insert into BILLING.CORE.CREDITS values (1, 10)""#,
            r#"trino --server https://trino.production.acme.net --execute "merge into hive.s.t using u on t.id = u.id when matched then delete""#,
            r#"psql "$BILLING_PROD_DSN" -v ON_ERROR_STOP=1 -f db/migrate/0042_backfill.sql"#,
        ] {
            let f = facts(cmd);
            assert!(
                f.infra.iter().any(|i| i.kind == "sql_write" && i.tier == Some(Tier::Prod)),
                "{cmd}: {:?}",
                f.infra
            );
        }
        // reads, and writes elsewhere, are not
        for cmd in [
            r#"psql "$ORDERS_PROD_DATABASE_URL" -c "select count(*) from orders""#,
            r#"psql -h localhost -c "update products set live = true where id = 3""#,
            r#"snow sql -c dev -q "insert into t values (1)""#,
            r#"bq query 'SELECT * FROM `acme-prod.sales.orders` LIMIT 10'"#,
            r#"psql "$PROD_DSN" -c "explain select 1""#,
            r#"psql -h localhost -c "insert into flags values ('prod')""#,
            "psql -h localhost -d shop -f db/migrate/0042_backfill.sql",
        ] {
            let f = facts(cmd);
            assert!(
                !f.infra.iter().any(|i| i.kind == "sql_write"),
                "{cmd}: {:?}",
                f.infra
            );
        }
    }

    #[test]
    fn read_only_sql() {
        assert!(!writes_sql("select * from t; show tables"));
        assert!(!writes_sql("\\dt\nselect 1"));
        assert!(!writes_sql("with x as (select 1) select * from x"));
        assert!(!writes_sql("begin; select 1; commit"));
        assert!(writes_sql("select pg_drop_replication_slot('s1')"));
        assert!(writes_sql("select setval('s', 1)"));
        assert!(writes_sql("VACUUM t RETAIN 0 HOURS"));
        assert!(writes_sql(
            "with d as (delete from t returning *) select * from d"
        ));
        assert!(writes_sql("explain analyze delete from t"));
        assert!(writes_sql("call refresh_all()"));
        assert!(!writes_sql(
            "unload ('select * from t') to 's3://b/p/' iam_role 'r'"
        ));
        assert!(!writes_sql("select 'drop table x'"));
        assert!(writes_sql("\\dt\ndelete from t where id = 1"));
        assert!(writes_sql("\\copy t from 'rows.csv' csv"));
        assert!(!writes_sql("\\copy (select * from t) to 'rows.csv' csv"));
        assert!(!writes_sql("COPY t TO STDOUT"));
    }

    #[test]
    fn project_scripts_with_a_production_environment() {
        let env_script = |cmd: &str| facts(cmd).infra.iter().any(|i| i.kind == "env_script");
        for cmd in [
            "python3 scripts/refund_batch.py --env production --apply",
            "python3 -m billing.jobs.rebill --environment=prod",
            "./ops/rotate_keys.sh --env live",
            "node tools/migrate-users.js --stage prd",
            "uv run python jobs/purge.py --env prod",
        ] {
            assert!(env_script(cmd), "{cmd}");
        }
        for cmd in [
            "npm run build -- --env production",
            "NODE_ENV=production node server.js",
            "vite build --mode production",
            "python3 scripts/build_assets.py --env production",
            "python3 scripts/refund_batch.py --env staging",
            "python3 scripts/refund_batch.py --env prod --dry-run",
            "python3 -c 'print(1)' --env prod",
            "pytest tests --env prod",
            "python3 /usr/lib/tool/x.py --env prod",
            "./scripts/run-in-docker.sh --env NODE_ENV=production",
        ] {
            assert!(!env_script(cmd), "{cmd}");
        }
    }
}
