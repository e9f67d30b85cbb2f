//! Destruction judged by verb shape *and* scope (issue 11 item 4, session 26, h-scope): what is
//! destroyed, whose it is, whether it can come back. `cloud.rs` reads the destroying verbs of
//! the cloud CLIs by pattern; this module adds the shapes nobody wrote a row for and the
//! routine deletes of one named, recoverable or own thing that must stay quiet:
//!
//! - [`EXTRA_VERBS`]: verbs that destroy beside `cloud.rs`'s [`super::cloud::VERBS`]
//!   (`teardown`, `unpublish`, `gc`, `reset`, `nuke`…), read for CLIs without a table row under
//!   the same conditions as `cloud.rs` `unlisted` (forced, production by name, a whole
//!   container) — the weak ones ([`Strength::Weak`]: `gc`, `reset`, `truncate`, `revoke`) only
//!   on production by name or forced on a whole container;
//! - object-store URLs given to a delete verb of a transfer tool without a row (`s5cmd rm
//!   s3://b/x/*`, `azcopy remove https://a.blob.core.windows.net/c --recursive`,
//!   [`store_url`]);
//! - an HTTP request whose path *ends* in a destroying verb (`POST …/points/delete`,
//!   `…/collections/x:batchDelete`) to another host ([`http_verb_path`]);
//! - messages that command devices to destroy their data (`mosquitto_pub … -m
//!   '{"op":"factory_reset"}'`) and retained-message clears ([`message_commands`]);
//! - batch schedulers' cancel of everything a selector matches (`scancel -p gpu`, `qdel all`,
//!   [`BATCH_CANCELS`]);
//! - a status that cannot be undone given by option (`--new-status REVOKED`);
//! - security switches by their own CLI: npm's two-factor sign-in off, GitHub's secret scanning
//!   and push protection disabled through `gh api`, a Kubernetes namespace's Pod Security
//!   admission set to `privileged` ([`security_switches`]).
//!
//! And [`routine_delete`]: one named pod or job (not in production), one ZFS snapshot, one
//! SkyPilot cluster of one's own, one issue, a pre-release, one item below a repository through
//! `gh api` are not destroys worth a question.

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{CloudFact, Tier, VerbFact};

/// How strongly a verb of [`EXTRA_VERBS`] means destruction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Strength {
    /// The verb names destruction itself: counted forced, on production, or on a whole
    /// container (as `cloud.rs` `unlisted` counts `delete`).
    Strong,
    /// The verb also names upkeep (`gc` of unreferenced objects, `reset` of a local
    /// development database): counted only on production by name, or forced on a whole
    /// container.
    Weak,
}

/// Destroying verbs of CLIs beside [`super::cloud::VERBS`], each with the documentation of a
/// CLI that uses it so:
/// - `teardown`: Feast (`feast teardown`: "tear down deployed feature store infrastructure"),
///   Kubeflow, Dagster;
/// - `unpublish`: vsce (`vsce unpublish`: removes an extension from the Marketplace), ovsx;
/// - `nuke`: aws-nuke and cloud-nuke (delete every resource of an account);
/// - `obliterate`, `expunge`, `decommission`: Perforce, mail stores, cluster managers;
/// - `factory-reset`: device managers' and fleet CLIs' wipe of a device;
/// - `gc` (weak): MLflow (`mlflow gc`: "permanently delete runs in the deleted lifecycle
///   stage"), registries' garbage collection;
/// - `reset` (weak): Airflow (`airflow db reset`: "burn down and rebuild the metadata
///   database"), Prisma's and Supabase's development databases;
/// - `truncate` (weak): topic and table truncation;
/// - `revoke` (weak): certificates and tokens (a revoked certificate is never valid again).
pub(crate) const EXTRA_VERBS: &[(&str, Strength)] = &[
    ("teardown", Strength::Strong),
    ("tear-down", Strength::Strong),
    ("unpublish", Strength::Strong),
    ("nuke", Strength::Strong),
    ("obliterate", Strength::Strong),
    ("expunge", Strength::Strong),
    ("decommission", Strength::Strong),
    ("factory-reset", Strength::Strong),
    ("factory_reset", Strength::Strong),
    ("gc", Strength::Weak),
    ("reset", Strength::Weak),
    ("truncate", Strength::Weak),
    ("revoke", Strength::Weak),
];

/// The verb of [`EXTRA_VERBS`] a word is (`db:reset` → `reset`, `revoke-certificate` →
/// `revoke`), with its strength.
fn extra_verb(word: &str) -> Option<(&'static str, Strength)> {
    let w = word.rsplit(':').next().unwrap_or(word).to_ascii_lowercase();
    EXTRA_VERBS.iter().find_map(|(v, s)| {
        let hit = w == *v || (*v == "revoke" && w.starts_with("revoke-"));
        hit.then_some((*v, *s))
    })
}

fn push(a: &mut Analyzer, cli: &str, verb: String, resource: String, whole: bool, inv: &Inv) {
    a.facts.cloud.push(CloudFact {
        cli: cli.to_string(),
        verb,
        resource,
        whole,
        non_interactive: true,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
}

/// Whether the command as written (its environment assignments included: `AIRFLOW__…_CONN=
/// postgresql://…prod…/airflow airflow db reset`) names production (`tier.rs`).
fn names_prod(inv: &Inv) -> bool {
    crate::tier::name_tier(&inv.evidence) == Some(Tier::Prod)
        || inv
            .env
            .iter()
            .any(|(_, v)| crate::tier::name_tier(&v.text) == Some(Tier::Prod))
}

/// [`EXTRA_VERBS`] of a CLI with no table row (called beside `cloud.rs` `unlisted`, under its
/// conditions: not a skipped program, not a path, not help or a dry run).
pub(super) fn unlisted(a: &mut Analyzer, name: &str, inv: &Inv) {
    if name.contains(['/', '.']) || super::cloud::unlisted_skipped(name) {
        return;
    }
    let words = inv.words();
    if super::cloud::inspection_only(&words) {
        return;
    }
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .take(4)
        .collect();
    let Some((i, (verb, strength))) = ops
        .iter()
        .enumerate()
        .find_map(|(i, w)| extra_verb(w).map(|v| (i, v)))
    else {
        return;
    };
    let forced = words.iter().any(|w| {
        super::cloud::FORCE_FLAGS.contains(w)
            || w.starts_with("--force=")
            || w.starts_with("--yes=")
            || matches!(*w, "--confirm" | "--purge")
    });
    let resource: Vec<&str> = ops[..i].to_vec();
    if resource
        .iter()
        .any(|w| super::cloud::LOCAL.contains(w) || super::cloud::REGENERABLE.contains(w))
    {
        return;
    }
    let whole = resource.iter().any(|w| super::cloud::WHOLE.contains(w))
        || ops
            .get(i + 1)
            .is_some_and(|w| super::cloud::WHOLE.contains(&w.to_ascii_lowercase().as_str()));
    let prod = names_prod(inv);
    // a weak verb's whole container is a reset or a collection of garbage, not its deletion:
    // denied only on production by name (asked elsewhere)
    let whole_fact = whole && (strength == Strength::Strong || prod);
    let counts = match strength {
        Strength::Strong => forced || prod || whole,
        Strength::Weak => prod || (forced && whole),
    };
    if !counts {
        return;
    }
    push(
        a,
        name,
        ops.get(i).map_or(verb, |w| w).to_string(),
        resource.join(" "),
        whole_fact,
        inv,
    );
}

/// Schemes of object stores and data lakes (AWS S3, Google Cloud Storage, Azure Blob and Data
/// Lake `az://`, `abfs(s)://`, `wasb(s)://`, Cloudflare R2, Backblaze B2, Alibaba OSS, Tencent
/// COS, HDFS, Databricks DBFS).
const STORE_SCHEMES: &[&str] = &[
    "s3://", "s3a://", "gs://", "az://", "abfs://", "abfss://", "wasb://", "wasbs://", "r2://",
    "b2://", "oss://", "cos://", "hdfs://", "dbfs:/",
];

/// Hosts of object stores' HTTPS endpoints (Azure Blob `*.blob.core.windows.net`, Data Lake
/// `*.dfs.core.windows.net`, S3 `*.amazonaws.com`, `storage.googleapis.com`).
const STORE_HOSTS: &[&str] = &[
    ".blob.core.windows.net",
    ".dfs.core.windows.net",
    ".amazonaws.com",
    "storage.googleapis.com",
    ".r2.cloudflarestorage.com",
];

/// Whether `w` is an object-store URL ([`STORE_SCHEMES`], [`STORE_HOSTS`]).
pub(crate) fn store_url(w: &str) -> bool {
    let l = w.to_ascii_lowercase();
    if STORE_SCHEMES.iter().any(|s| l.starts_with(s)) {
        return true;
    }
    let Some(rest) = l
        .strip_prefix("https://")
        .or_else(|| l.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split(['/', '?', ':']).next().unwrap_or("");
    STORE_HOSTS
        .iter()
        .any(|h| host.ends_with(h) || host == h.trim_start_matches('.'))
}

/// A transfer tool without a row given a delete verb and an object-store URL (`s5cmd rm
/// "s3://b/images/*"`, `azcopy remove URL --recursive`, `s3cmd del s3://b/k`): stored objects
/// deleted, none of these tools asks. Whole when a wildcard, a folder (`…/`) or a recursive
/// flag takes every object below a prefix.
fn store_delete(a: &mut Analyzer, name: &str, inv: &Inv) {
    if super::cloud::unlisted_skipped(name) || super::cloud::has_row(name) {
        return;
    }
    let words = inv.words();
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let Some(verb) = ops.iter().take(2).find(|w| {
        matches!(
            w.to_ascii_lowercase().as_str(),
            "rm" | "remove" | "del" | "delete" | "rmdir" | "rb" | "purge"
        )
    }) else {
        return;
    };
    let Some(url) = ops.iter().find(|w| store_url(w)) else {
        return;
    };
    if super::cloud::inspection_only(&words) {
        return;
    }
    let whole = url.contains('*')
        || url.ends_with('/')
        || words
            .iter()
            .any(|w| matches!(*w, "-r" | "-R" | "--recursive" | "--recursive=true"));
    push(a, name, verb.to_string(), url.to_string(), whole, inv);
}

/// Destroying words a path segment of an HTTP API ends in (`/points/delete`,
/// `/objects:batchDelete`, `/_purge`): Qdrant's `POST /collections/{c}/points/delete`, Google
/// APIs' custom `:batchDelete` methods (AIP-136), Weaviate's and Milvus' delete endpoints,
/// Cloudflare's `purge_cache` is a cache and left out. `flush` is left out too (Elasticsearch's
/// `_flush` writes to disk).
const HTTP_VERB_WORDS: &[&str] = &[
    "delete",
    "remove",
    "destroy",
    "drop",
    "purge",
    "wipe",
    "truncate",
    "terminate",
];

fn http_verb_word(segment: &str) -> Option<&'static str> {
    let s = segment.rsplit(':').next().unwrap_or(segment);
    let s = s.trim_start_matches('_').to_ascii_lowercase();
    let s = s
        .strip_prefix("batch")
        .unwrap_or(&s)
        .trim_start_matches(['-', '_']);
    HTTP_VERB_WORDS.iter().copied().find(|v| {
        s == *v
            || s.strip_prefix(v)
                .is_some_and(|r| matches!(r, "_all" | "-all" | "all" | "_by_query" | "many"))
    })
}

/// An HTTP request that writes (POST, PUT, DELETE, or data given to curl) to a path whose last
/// segment is a destroying verb ([`HTTP_VERB_WORDS`]) on another host: a REST or RPC API's
/// delete. A loopback host (a local development server) is left out; so are caches (`purge
/// cache`), and URLs `verbs.rs` `HTTP_DESTROYS` or `cloud.rs` `http_delete` already read.
fn http_verb_path(a: &mut Analyzer, name: &str, inv: &Inv) {
    if !matches!(
        name,
        "curl" | "wget" | "http" | "https" | "xh" | "xhs" | "httpie" | "curlie"
    ) {
        return;
    }
    let ev = clip(&inv.evidence);
    if a.facts.cloud.iter().any(|c| c.evidence == ev) {
        return;
    }
    let words = inv.words();
    let Some((url, verb)) = words.iter().find_map(|w| {
        let l = w.to_ascii_lowercase();
        let rest = l
            .strip_prefix("https://")
            .or_else(|| l.strip_prefix("http://"))?;
        let (host, path) = rest.split_once('/')?;
        let host = host.rsplit('@').next().unwrap_or(host);
        let host = host.split(':').next().unwrap_or(host);
        if host.is_empty() || host.contains('$') || crate::tier::local_host(host) {
            return None;
        }
        let path = path.split(['?', '#']).next().unwrap_or(path);
        let last = path.trim_end_matches('/').rsplit('/').next()?;
        if path.contains("cache") {
            return None;
        }
        http_verb_word(last).map(|v| (*w, v))
    }) else {
        return;
    };
    let method = words.iter().enumerate().find_map(|(i, w)| {
        if matches!(*w, "-X" | "--request" | "--method") {
            return words.get(i + 1).map(|m| m.to_ascii_uppercase());
        }
        w.strip_prefix("-X")
            .or_else(|| w.strip_prefix("--request="))
            .filter(|m| !m.is_empty())
            .map(|m| m.to_ascii_uppercase())
    });
    let writes = match method.as_deref() {
        Some(m) => matches!(m, "POST" | "PUT" | "DELETE" | "PATCH"),
        None if name == "curl" || name == "curlie" => {
            words.iter().any(|w| {
                w.starts_with("-d")
                    || w.starts_with("--data")
                    || w.starts_with("--json")
                    || *w == "-F"
            }) && !words.iter().any(|w| matches!(*w, "-G" | "--get"))
        }
        None if name == "wget" => words.iter().any(|w| w.starts_with("--post")),
        // httpie and xh: `http POST URL`, or `field=value` items make it a POST
        None => words
            .iter()
            .any(|w| w.eq_ignore_ascii_case("post") || w.eq_ignore_ascii_case("put")),
    };
    if !writes {
        return;
    }
    push(
        a,
        name,
        format!("POST …/{verb}"),
        url.to_string(),
        false,
        inv,
    );
}

/// Message publishers: (program, subcommand that publishes or `""`, host options, topic
/// options, message options, retain flags, null-message flags). Sources: mosquitto_pub(1)
/// (`-h` host, default localhost; `-t`; `-m`; `-r` retain; `-n` a null message, which with
/// `-r` clears the topic's retained message), MQTTX CLI `mqttx pub` (`-h`, `-t`, `-m`, `-r`),
/// HiveMQ MQTT CLI `mqtt pub` (`-h`, `-t`, `-m`, `-r`), NATS CLI `nats pub SUBJECT BODY -s
/// URL`.
type Publisher = (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

const PUBLISHERS: &[Publisher] = &[
    (
        "mosquitto_pub",
        "",
        &["-h", "--host", "-L", "--url"],
        &["-t", "--topic"],
        &["-m", "--message"],
        &["-r", "--retain"],
        &["-n", "--null-message"],
    ),
    (
        "mqttx",
        "pub",
        &["-h", "--hostname"],
        &["-t", "--topic"],
        &["-m", "--message"],
        &["-r", "--retain"],
        &[],
    ),
    (
        "mqtt",
        "pub",
        &["-h", "--host"],
        &["-t", "--topic"],
        &["-m", "--message"],
        &["-r", "--retain"],
        &[],
    ),
    ("nats", "pub", &["-s", "--server"], &[], &[], &[], &[]),
];

/// Words of a command message that order a device to destroy its data or itself: a factory
/// reset, a wipe, an erase, a format of its storage, a self-destruct, a decommission (fleet
/// managers' remote actions: AWS IoT jobs' and Mender's "factory reset", MDM "wipe"/"erase
/// device"). Whole tokens of the payload, split at anything but letters, digits and `_`.
fn destroy_order(payload: &str) -> Option<String> {
    payload
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .map(|t| t.to_ascii_lowercase())
        .find(|t| {
            let t = t.replace('-', "_");
            matches!(
                t.as_str(),
                "factory_reset"
                    | "factoryreset"
                    | "factory_default"
                    | "self_destruct"
                    | "selfdestruct"
                    | "decommission"
                    | "brick"
                    | "delete_all"
                    | "deleteall"
                    | "format_storage"
                    | "format_flash"
                    | "format_sd"
            ) || ["wipe", "erase", "purge"]
                .iter()
                .any(|p| t == *p || t.strip_prefix(p).is_some_and(|r| r.starts_with('_')))
        })
}

fn value_of<'w>(words: &[&'w str], opts: &[&str]) -> Option<&'w str> {
    words.iter().enumerate().find_map(|(i, w)| {
        if opts.contains(w) {
            return words.get(i + 1).copied();
        }
        opts.iter()
            .filter(|o| o.starts_with("--"))
            .find_map(|o| w.strip_prefix(o).and_then(|r| r.strip_prefix('=')))
    })
}

/// A message published to a broker on another host that orders devices to destroy their data
/// ([`destroy_order`]: `mosquitto_pub -h mqtt.example -t 'fleet/+/cmd' -m
/// '{"op":"factory_reset"}'`), whole when the topic has a wildcard (`+`, `#`: every device);
/// or a retained message cleared (`-r -n`, `-r -m ''`: the state the broker keeps for every
/// later subscriber, a device shadow or configuration, gone). A broker on this machine is
/// left out.
fn message_commands(a: &mut Analyzer, name: &str, inv: &Inv) {
    let Some(p) = PUBLISHERS.iter().find(|p| p.0 == name) else {
        return;
    };
    let (_, sub, hosts, topics, messages, retains, nulls) = *p;
    let words = inv.words();
    let body_words: &[&str] = if sub.is_empty() {
        &words
    } else {
        match words.iter().position(|w| *w == sub) {
            Some(i) => &words[i + 1..],
            None => return,
        }
    };
    let host = value_of(body_words, hosts).unwrap_or("localhost");
    let host_name = host
        .split("://")
        .last()
        .unwrap_or(host)
        .split(['/', ':', '@'])
        .next()
        .unwrap_or("");
    if host_name.is_empty() || crate::tier::local_host(host_name) {
        return;
    }
    let ops: Vec<&str> = body_words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    // nats: `nats pub SUBJECT BODY`
    let (topic, message) = if topics.is_empty() {
        (ops.first().copied(), ops.get(1).copied())
    } else {
        (value_of(body_words, topics), value_of(body_words, messages))
    };
    let topic = topic.unwrap_or("");
    let wildcard = topic.split('/').any(|s| s == "+" || s == "#") || topic.contains(['*', '>']);
    if let Some(order) = message.and_then(destroy_order) {
        push(
            a,
            name,
            format!("publish {order}"),
            topic.to_string(),
            wildcard,
            inv,
        );
        return;
    }
    let retained = body_words.iter().any(|w| retains.contains(w));
    let null = body_words.iter().any(|w| nulls.contains(w)) || message == Some("");
    if retained && null {
        push(
            a,
            name,
            "clear retained message".into(),
            topic.to_string(),
            false,
            inv,
        );
    }
}

/// Batch schedulers' cancel of every job a selector matches, with no job named: (program,
/// selector options or operands). Sources: scancel(1) (Slurm: `-p` partition, `-u` user, `-A`
/// account, `-t` state, `-q` qos, `-w` nodes, `--me`, `-n` name: "all jobs" matching), qdel(1B)
/// (PBS: `qdel all`), bkill(1) (LSF: job ID `0` is every job), condor_rm (`-all`). One job by
/// id (`scancel 4711`) is everyday and not read.
const BATCH_CANCELS: &[(&str, &[&str])] = &[
    (
        "scancel",
        &[
            "-p",
            "--partition",
            "-u",
            "--user",
            "-A",
            "--account",
            "-t",
            "--state",
            "-q",
            "--qos",
            "-w",
            "--nodelist",
            "--me",
            "-M",
            "--clusters",
            "--reservation",
        ],
    ),
    ("qdel", &["all", "ALL"]),
    ("bkill", &["0"]),
    ("condor_rm", &["-all"]),
];

fn batch_cancel(a: &mut Analyzer, name: &str, inv: &Inv) {
    let Some((_, selectors)) = BATCH_CANCELS.iter().find(|(p, _)| *p == name) else {
        return;
    };
    let words = inv.words();
    if super::cloud::inspection_only(&words) {
        return;
    }
    let selector = words.iter().find(|w| {
        selectors.contains(w)
            || selectors
                .iter()
                .any(|s| s.starts_with("--") && w.starts_with(&format!("{s}=")))
            || selectors
                .iter()
                .any(|s| s.len() == 2 && s.starts_with('-') && w.starts_with(s) && w.len() > 2)
    });
    let Some(selector) = selector else {
        return;
    };
    if name == "scancel"
        && words.iter().any(|w| {
            matches!(*w, "-n" | "--name" | "--jobname")
                || w.starts_with("--name=")
                || w.starts_with("--jobname=")
        })
    {
        // jobs named by their job name (`scancel -u $USER --name=debug`): a named set, not
        // everything the selector matches
        return;
    }
    // one's own jobs alone (`scancel -u $USER`, `scancel --me`): one's own work, as one's own
    // scratch folder is
    if name == "scancel" {
        let own = |v: &str| matches!(v, "$USER" | "${USER}" | "$(whoami)" | "$LOGNAME");
        let mut others = false;
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            if w == "--me" {
            } else if matches!(w, "-u" | "--user") {
                others |= !words.get(i + 1).is_some_and(|v| own(v));
                i += 1;
            } else if let Some(v) = w
                .strip_prefix("--user=")
                .or_else(|| w.strip_prefix("-u").filter(|v| !v.is_empty()))
            {
                others |= !own(v);
            } else if w.starts_with('-') {
                others = true;
            }
            i += 1;
        }
        if !others {
            return;
        }
    }
    if name == "scancel" {
        // a job named by id among the operands: one job, the selector only narrows it
        let named_job = words.iter().enumerate().any(|(i, w)| {
            w.chars().next().is_some_and(|c| c.is_ascii_digit())
                && !words
                    .get(i.wrapping_sub(1))
                    .is_some_and(|p| p.starts_with('-') && !p.contains('='))
        });
        if named_job {
            return;
        }
    }
    push(
        a,
        name,
        format!("cancel every job ({selector})"),
        String::new(),
        false,
        inv,
    );
}

/// A status that cannot be undone given by an option (`aws iot update-certificate
/// --new-status REVOKED`: AWS IoT, "a revoked certificate cannot be activated again"; the same
/// word in other CLIs' status options).
fn irreversible_status(a: &mut Analyzer, name: &str, inv: &Inv) {
    let words = inv.words();
    let hit = words.iter().enumerate().any(|(i, w)| {
        let (opt, val) = match w.split_once('=') {
            Some((o, v)) if o.starts_with("--") => (o, Some(v)),
            _ => (*w, words.get(i + 1).copied()),
        };
        opt.starts_with("--")
            && opt.to_ascii_lowercase().contains("status")
            && val.is_some_and(|v| v.eq_ignore_ascii_case("revoked"))
    });
    if hit && !super::cloud::inspection_only(&words) {
        push(a, name, "status REVOKED".into(), String::new(), false, inv);
    }
}

fn security_off(a: &mut Analyzer, name: &str, verb: &str, detail: String, inv: &Inv) {
    a.facts.verbs.push(VerbFact {
        class: "security_off".into(),
        program: name.to_string(),
        verb: verb.to_string(),
        detail,
        evidence: clip(&inv.evidence),
    });
}

/// Security switches turned off by their own CLI:
/// - `npm profile disable-2fa` (npm-profile(1): two-factor authentication off for the
///   account that publishes);
/// - `gh api -X PATCH repos/O/R` with `security_and_analysis` set `disabled` (GitHub REST,
///   "Update a repository": secret scanning, push protection, advanced security, Dependabot
///   security updates), in `-f`/`-F` fields or the body on stdin (`--input -`); `gh api -X
///   DELETE` of a repository's `vulnerability-alerts`, `automated-security-fixes` or a
///   branch's `protection` (GitHub REST: these switch Dependabot alerts, its fixes and branch
///   protection off);
/// - `kubectl label namespace N pod-security.kubernetes.io/enforce=privileged` or the label
///   removed (Kubernetes, "Pod Security Admission": `privileged` is the unrestricted policy).
fn security_switches(a: &mut Analyzer, name: &str, inv: &Inv) {
    let words = inv.words();
    if super::cloud::inspection_only(&words) {
        return;
    }
    match name {
        "npm" | "pnpm" | "yarn"
            if words
                .windows(2)
                .any(|w| w[0] == "profile" && w[1] == "disable-2fa") =>
        {
            security_off(
                a,
                name,
                "profile disable-2fa",
                "two-factor sign-in".into(),
                inv,
            );
        }
        "gh" if words.first() == Some(&"api") => {
            let method = words.iter().enumerate().find_map(|(i, w)| {
                let u = w.to_ascii_uppercase();
                if u == "-X" || u == "--METHOD" {
                    return words.get(i + 1).map(|m| m.to_ascii_uppercase());
                }
                u.strip_prefix("-X")
                    .or_else(|| u.strip_prefix("--METHOD="))
                    .filter(|m| !m.is_empty())
                    .map(str::to_string)
            });
            let path = words
                .iter()
                .skip(1)
                .find(|w| w.contains('/') && !w.starts_with('-'))
                .copied()
                .unwrap_or("");
            match method.as_deref() {
                Some("PATCH") | Some("PUT") => {
                    let stdin = inv.stdin.text.as_deref().unwrap_or("");
                    let text = format!("{} {stdin}", words.join(" ")).to_ascii_lowercase();
                    if text.contains("security_and_analysis") && text.contains("disabled") {
                        security_off(
                            a,
                            name,
                            "api PATCH security_and_analysis",
                            format!("{path}: secret scanning or push protection disabled"),
                            inv,
                        );
                    }
                }
                Some("DELETE") => {
                    let p = path.trim_end_matches('/');
                    if p.ends_with("/vulnerability-alerts")
                        || p.ends_with("/automated-security-fixes")
                        || p.ends_with("/protection")
                    {
                        security_off(a, name, "api DELETE", p.to_string(), inv);
                    }
                }
                _ => {}
            }
        }
        "kubectl" | "oc" | "k" if super::cloud::kube_command(&words) == Some("label") => {
            if let Some(w) = words.iter().find(|w| {
                let l = w.to_ascii_lowercase();
                l.starts_with("pod-security.kubernetes.io/enforce")
                    && (l.ends_with("=privileged") || l.ends_with('-'))
            }) {
                security_off(a, name, "label", w.to_string(), inv);
            }
        }
        _ => {}
    }
}

/// The shapes of this module read for every program (called with the other cross-program
/// readers in `programs/mod.rs`).
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    http_verb_path(a, name, inv);
    crate::windows::admin::rest(a, name, inv);
    message_commands(a, name, inv);
    batch_cancel(a, name, inv);
    irreversible_status(a, name, inv);
    security_switches(a, name, inv);
    store_delete(a, name, inv);
}

/// Kubernetes kinds whose objects are one run of a workload, re-created by their controller or
/// by running the job again: pods, jobs, and the training operators' job kinds (Kubeflow
/// Training Operator `PyTorchJob`, `TFJob`, `MPIJob`, `XGBoostJob`, `PaddleJob`; KubeRay
/// `RayJob`; Volcano `vcjob`): every kind named `…job`.
fn run_kind(kind: &str) -> bool {
    let k = kind
        .split(['/', '.'])
        .next()
        .unwrap_or(kind)
        .to_ascii_lowercase();
    // a CronJob is a schedule that makes runs, not a run
    let schedule = matches!(k.as_str(), "cronjob" | "cronjobs" | "cj");
    matches!(k.as_str(), "pod" | "pods" | "po" | "vcjob" | "vcjobs")
        || (!schedule && (k.ends_with("job") || k.ends_with("jobs")))
}

/// Pre-release version words (SemVer 2.0.0 §9: a hyphen and identifiers; the common ones):
/// `v2.5.0-rc1`, `1.0.0-beta.2`, `v3.0.0a1` (PEP 440), `nightly`.
pub(crate) fn prerelease_tag(tag: &str) -> bool {
    let t = tag.rsplit('/').next().unwrap_or(tag).to_ascii_lowercase();
    if !t.chars().any(|c| c.is_ascii_digit()) {
        return false;
    }
    let tail = t.split_once('-').map(|(_, r)| r).unwrap_or("");
    let pre = |s: &str| {
        [
            "rc", "alpha", "beta", "pre", "dev", "nightly", "canary", "snapshot",
        ]
        .iter()
        .any(|p| s.starts_with(p))
    };
    tail.split(['.', '-']).any(pre) || regex_lite_pep440(&t)
}

/// `1.2.0a1`, `1.2.0b2`, `1.2.0rc1` (PEP 440 pre-releases).
fn regex_lite_pep440(t: &str) -> bool {
    let t = t.trim_start_matches('v');
    let cut = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (num, rest) = t.split_at(cut);
    num.contains('.')
        && ["a", "b", "rc"].iter().any(|p| {
            rest.strip_prefix(p)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Collections below a repository of the GitHub REST API whose items one may delete without a
/// question: one comment or reaction, access taken away (a collaborator, a deploy key, an
/// invitation, a self-hosted runner: the safe direction), one workflow run, artifact or
/// cache (GitHub REST reference: Issues comments, Collaborators, Deploy keys, Self-hosted
/// runners, Workflow runs, Artifacts, Caches).
const GH_ROUTINE_COLLECTIONS: &[&str] = &[
    "comments",
    "reactions",
    "collaborators",
    "keys",
    "invitations",
    "runners",
    "runs",
    "artifacts",
    "caches",
    "labels",
];

/// A delete of one named, recoverable or own thing (h-scope, session 26): not a fact.
/// - kubectl: pods and job runs ([`run_kind`]) named one by one, or pods by a label selector
///   (their controller starts them again), in a namespace and context not named production,
///   without `--all`/`-A`;
/// - `zfs destroy` of snapshots only (`pool/fs@name`), not recursive (`-r`, `-R`) nor a range
///   (`@a%b`): the live file system stays (zfs(8));
/// - `sky down NAME…` (SkyPilot: the user's own launched cluster), not `-a`/`--all`;
/// - `gh issue delete N`, `gh release delete TAG` of a pre-release ([`prerelease_tag`]), `gh
///   run delete`, and `gh api -X DELETE repos/O/R/…/COLLECTION/ID` of
///   [`GH_ROUTINE_COLLECTIONS`].
pub(crate) fn routine_delete<S: AsRef<str>>(name: &str, words: &[S]) -> bool {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    match name {
        "kubectl" | "oc" | "k" | "microk8s.kubectl" => {
            if super::cloud::kube_command(&words) != Some("delete") {
                return false;
            }
            if words
                .iter()
                .any(|w| matches!(*w, "--all" | "-A" | "--all-namespaces"))
            {
                return false;
            }
            let Some(d) = words.iter().position(|w| *w == "delete") else {
                return false;
            };
            let rest = &words[d + 1..];
            let mut value_next = false;
            let mut operands = Vec::new();
            let mut selector = false;
            for w in rest {
                if std::mem::take(&mut value_next) {
                    continue;
                }
                if matches!(*w, "-l" | "--selector") {
                    selector = true;
                    value_next = true;
                    continue;
                }
                if w.starts_with("--selector=") || (w.starts_with("-l") && w.len() > 2) {
                    selector = true;
                    continue;
                }
                if w.starts_with('-') {
                    value_next = matches!(
                        *w,
                        "-n" | "--namespace"
                            | "--context"
                            | "--grace-period"
                            | "--timeout"
                            | "-o"
                            | "--output"
                            | "--cascade"
                            | "--kubeconfig"
                            | "--cluster"
                    );
                    continue;
                }
                operands.push(*w);
            }
            let Some(first) = operands.first() else {
                return false;
            };
            let (kinds, named): (Vec<&str>, bool) = if first.contains('/') {
                (operands.clone(), operands.iter().all(|o| o.contains('/')))
            } else {
                (first.split(',').collect(), operands.len() > 1)
            };
            let pods_only = kinds.iter().all(|k| {
                matches!(
                    k.split('/')
                        .next()
                        .unwrap_or(k)
                        .to_ascii_lowercase()
                        .as_str(),
                    "pod" | "pods" | "po"
                )
            });
            let runs = kinds.iter().all(|k| run_kind(k));
            let prod = words
                .iter()
                .any(|w| crate::tier::name_tier(w) == Some(Tier::Prod));
            // the namespace or context must be named for a non-production or throwaway
            // environment (`-n staging`, `-n dev-alice`, `--context kind-x`; tier.rs words):
            // in an unnamed one the delete asks as before (the lead's decision, issue 11 item 4)
            let env_value = |opts: &[&str]| {
                words.iter().enumerate().find_map(|(i, w)| {
                    if opts.contains(w) {
                        return words.get(i + 1).copied();
                    }
                    opts.iter().find_map(|o| {
                        w.strip_prefix(&format!("{o}="))
                            .or_else(|| (o.len() == 2).then(|| w.strip_prefix(o)).flatten())
                            .filter(|v| !v.is_empty())
                    })
                })
            };
            let lowered = [env_value(&["-n", "--namespace"]), env_value(&["--context"])]
                .into_iter()
                .flatten()
                .any(|v| {
                    matches!(
                        crate::tier::name_tier(v),
                        Some(Tier::NonProd | Tier::Disposable)
                    ) || crate::tier::local_context(v)
                });
            // the cluster's own namespaces (`kube-system`, `istio-system`, `cert-manager`'s
            // `…-system` convention): their pods are the cluster's, not the user's workload
            let system = words.iter().any(|w| {
                let w = w.strip_prefix("--namespace=").unwrap_or(w);
                w.starts_with("kube-") || w.ends_with("-system")
            });
            // a forced deletion skips the pod's graceful end (Kubernetes, "Force Delete
            // StatefulSet Pods": two pods of one identity may then run at once)
            let forced = super::cloud::kube_drain_abrupt(&words) || words.contains(&"--now");
            runs && lowered && !prod && !system && !forced && (named || (selector && pods_only))
        }
        "zfs" => {
            ops.first() == Some(&"destroy")
                && ops.len() > 1
                && ops[1..].iter().all(|o| o.contains('@') && !o.contains('%'))
                && !words.iter().any(|w| {
                    w.starts_with('-')
                        && !w.starts_with("--")
                        && (w.contains('r') || w.contains('R'))
                })
        }
        "sky" => {
            ops.first() == Some(&"down")
                && ops.len() > 1
                && !words.iter().any(|w| matches!(*w, "-a" | "--all"))
                && !ops[1..].iter().any(|o| o.contains('*'))
        }
        "gh" => match ops.as_slice() {
            ["issue", "delete", n, ..] => n
                .trim_start_matches('#')
                .bytes()
                .all(|b| b.is_ascii_digit()),
            ["run", "delete", ..] => true,
            ["release", "delete", tag, ..] => prerelease_tag(tag),
            ["api", ..] => {
                let delete = words.iter().enumerate().any(|(j, w)| {
                    let u = w.to_ascii_uppercase();
                    ((u == "-X" || u == "--METHOD")
                        && words
                            .get(j + 1)
                            .is_some_and(|m| m.eq_ignore_ascii_case("DELETE")))
                        || u == "-XDELETE"
                        || u == "--METHOD=DELETE"
                });
                let path = ops
                    .iter()
                    .skip(1)
                    .find(|w| w.contains('/'))
                    .map(|w| w.trim_start_matches('/'))
                    .unwrap_or("");
                let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
                delete
                    && segs.first() == Some(&"repos")
                    && segs.len() >= 5
                    && segs
                        .get(segs.len() - 2)
                        .is_some_and(|c| GH_ROUTINE_COLLECTIONS.contains(c))
            }
            _ => false,
        },
        _ => super::cloudshape::routine_delete(name, &words),
    }
}

/// SQL text holding a `DELETE FROM t WHERE …` whose condition picks rows by a range or a
/// pattern, not by a value (`WHERE created_at < '2025-01-01'`, `WHERE email LIKE '%@x.com'`,
/// `WHERE deleted_at IS NOT NULL`, `BETWEEN`, `!=`, `<>`): a bulk delete, every row of a period
/// or a kind. A condition with an equality (`WHERE id = 42`, `WHERE device = 'gw-7' AND ts <
/// …`) names what it deletes and is not read; a `DELETE` with no `WHERE` is `tools.rs`'s
/// `sql_drop`. String literals are left out before the operators are looked for.
pub(crate) fn broad_delete(text: &str) -> bool {
    let mut bare = String::with_capacity(text.len());
    let mut quoted = false;
    for c in text.chars() {
        if c == '\'' {
            quoted = !quoted;
            bare.push(' ');
        } else if !quoted {
            bare.push(c.to_ascii_uppercase());
        }
    }
    bare.split(';').any(|stmt| {
        let words: Vec<&str> = stmt.split_whitespace().collect();
        let Some(d) = words.windows(2).position(|w| w == ["DELETE", "FROM"]) else {
            return false;
        };
        let Some(w) = words[d..].iter().position(|w| *w == "WHERE") else {
            return false;
        };
        let cond = words[d + w + 1..].join(" ");
        // A pattern match (`LIKE 'zap-scan-%'`, `LIKE '%TEST ORDER%'`) names a family of rows by
        // their text, as a cleanup of test data does (adv sets 24 and 28's everyday rows); a
        // range or a null test picks them by age or state.
        let ranged = cond.contains(['<', '>'])
            || cond.contains("!=")
            || [" BETWEEN ", " IS NULL", " IS NOT NULL", "NOT IN"]
                .iter()
                .any(|k| format!(" {cond} ").contains(k));
        let cleaned = cond
            .replace("<=", " ")
            .replace(">=", " ")
            .replace("!=", " ")
            .replace("<>", " ")
            .replace("==", "=");
        ranged && !cleaned.contains('=')
    })
}

/// `docker|podman system|volume|image|container|network prune --filter label=K=V`: only the
/// objects carrying that label, one stack's (Docker CLI reference, "docker system prune":
/// `--filter label=<key>=<value>`; `label!=` removes everything *but* them and still counts).
pub(crate) fn filtered_prune<S: AsRef<str>>(name: &str, words: &[S]) -> bool {
    if !matches!(name, "docker" | "podman" | "nerdctl") {
        return false;
    }
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let prune = words.windows(2).any(|w| {
        matches!(
            w[0],
            "system" | "volume" | "image" | "container" | "network" | "builder"
        ) && w[1] == "prune"
    });
    let label = words.iter().enumerate().any(|(i, w)| {
        let v = if *w == "--filter" || *w == "-f" && i > 0 {
            words.get(i + 1).copied()
        } else {
            w.strip_prefix("--filter=")
        };
        v.is_some_and(|v| {
            let v = v.trim_matches(['"', '\'']);
            v.starts_with("label=") && !v.starts_with("label!=")
        })
    });
    prune && label
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext, ShellFacts};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/proj".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/proj".into()),
        }
    }

    fn facts(cmd: &str) -> ShellFacts {
        analyze(cmd, &ctx())
    }

    /// New variants (not corpus rows) that must give a cloud fact, and their neighbours that
    /// must not.
    #[test]
    fn destroys_by_shape_and_scope() {
        for cmd in [
            // extra verbs: forced, production by name, a whole container
            "airflow db reset --yes",
            "DB_URL=postgresql://u@db.prod.example/app superset db reset",
            "mlflow gc --backend-store-uri postgresql://u@mlflow.prd.example/mlflow",
            "feast -c repo/envs/production teardown",
            "dagster instance teardown --force",
            "npx ovsx unpublish acme.ext --force",
            // object stores given to a transfer tool's delete verb
            "s5cmd rm 's3://shop-images/raw/*'",
            "azcopy remove 'https://shopdata.blob.core.windows.net/raw/2025/' --recursive",
            "s4cmd del s3://shop-images/a.jpg",
            // HTTP paths ending in a destroying verb
            "curl -X POST https://vectors.example.com/collections/kb/points/delete -d '{\"points\":[1]}'",
            "curl -s https://api.example.com/v1/projects/p/objects:batchDelete -d @ids.json",
            "http POST https://weaviate.example.com/v1/batch/objects/delete_all",
            // device orders and retained clears
            "mosquitto_pub -h broker.example.net -t 'site/+/cmd' -m '{\"action\":\"wipe\"}'",
            "mosquitto_pub -h broker.example.net -t dev/42/cmd -m 'erase_flash'",
            "mqttx pub -h broker.example.net -t 'cfg/gw-7' -r -m ''",
            "mosquitto_pub -h broker.example.net -t 'shadow/gw-7' -r -n",
            // batch schedulers
            "scancel --partition=a100",
            "scancel -u alice -t RUNNING",
            "scancel -u $USER -p gpu",
            "qdel all",
            // statuses that cannot be undone
            "aws iot update-certificate --certificate-id abc --new-status REVOKED",
        ] {
            let f = facts(cmd);
            assert!(!f.cloud.is_empty(), "{cmd}: {:#?}", f.cloud);
        }
        for cmd in [
            "airflow db reset",
            "npx prisma migrate reset --force",
            "supabase db reset",
            "mlflow gc --backend-store-uri sqlite:///mlruns.db",
            "feast teardown",
            "s5cmd ls 's3://shop-images/raw/*'",
            "s5cmd cp 's3://shop-images/raw/*' data/",
            "curl -X POST http://127.0.0.1:6333/collections/kb/points/delete -d '{}'",
            "curl -s https://api.example.com/docs/delete",
            "curl -X POST https://api.cloudflare.com/client/v4/zones/z/purge_cache -d '{}'",
            "curl -X POST https://es.example.com:9200/logs/_flush",
            "mosquitto_pub -t 'site/+/cmd' -m '{\"action\":\"wipe\"}'",
            "mosquitto_pub -h broker.example.net -t dev/42/cmd -m '{\"op\":\"reboot\"}'",
            "mosquitto_pub -h broker.example.net -t 'cfg/gw-7' -r -m '{\"interval\":5}'",
            "scancel 4711",
            "scancel -u alice 4711",
            "scancel -u $USER --name=sweep-3",
            "scancel -u $USER",
            "scancel --me",
            "scancel --partition=gpu -n eval",
            "qdel 4711.pbs",
            "aws iot update-certificate --certificate-id abc --new-status INACTIVE",
        ] {
            let f = facts(cmd);
            assert!(f.cloud.is_empty(), "{cmd}: {:#?}", f.cloud);
        }
    }

    #[test]
    fn security_switches_are_verbs() {
        for cmd in [
            "npm profile disable-2fa",
            "gh api -X PATCH repos/o/r -f 'security_and_analysis[secret_scanning][status]=disabled'",
            "gh api --method PATCH repos/o/r --input - <<< '{\"security_and_analysis\":{\"secret_scanning_push_protection\":{\"status\":\"disabled\"}}}'",
            "gh api -X DELETE repos/o/r/vulnerability-alerts",
            "gh api -X DELETE repos/o/r/branches/main/protection",
            "kubectl label ns payments pod-security.kubernetes.io/enforce=privileged --overwrite",
            "kubectl label namespace payments pod-security.kubernetes.io/enforce-",
        ] {
            let f = facts(cmd);
            assert!(
                f.verbs.iter().any(|v| v.class == "security_off"),
                "{cmd}: {:#?}",
                f.verbs
            );
        }
        for cmd in [
            "npm profile get",
            "npm profile enable-2fa auth-and-writes",
            "gh api -X PATCH repos/o/r -f 'security_and_analysis[secret_scanning][status]=enabled'",
            "gh api -X PATCH repos/o/r -f description=disabled",
            "kubectl label ns payments pod-security.kubernetes.io/enforce=restricted --overwrite",
            "kubectl get ns -l pod-security.kubernetes.io/enforce=privileged",
        ] {
            let f = facts(cmd);
            assert!(
                !f.verbs.iter().any(|v| v.class == "security_off"),
                "{cmd}: {:#?}",
                f.verbs
            );
        }
    }

    /// One named, recoverable or own thing: no cloud or infra fact.
    #[test]
    fn routine_deletes_are_quiet() {
        for cmd in [
            "kubectl delete pod web-7d9f-abcde -n shop-dev",
            "kubectl delete tfjob mnist-run-3 -n research-staging",
            "kubectl -n preview-42 delete rayjob/nightly-eval",
            "kubectl delete pods -l app=loadgen -n perf-test",
            "zfs destroy rpool/home@zrepl_2026-01-01",
            "sky down dev-box",
            "gh issue delete 77 --yes",
            "gh release delete v3.1.0-beta.2 --yes",
            "gh release delete 2.0.0rc1 -y",
            "gh api -X DELETE repos/o/r/pulls/comments/991",
            "gh api --method DELETE repos/o/r/invitations/12",
            "gh api -X DELETE /repos/o/r/actions/artifacts/5521",
            "docker system prune -af --volumes --filter label=com.example.stack=dev",
            "podman volume prune -f --filter 'label=app=ci'",
        ] {
            let f = facts(cmd);
            assert!(
                f.cloud.is_empty() && f.infra.is_empty(),
                "{cmd}: {:#?} {:#?}",
                f.cloud,
                f.infra
            );
        }
        for cmd in [
            "kubectl delete pod web-1 -n shop-prod",
            "kubectl delete pod web-1",
            "kubectl delete tfjob mnist-run-3 -n research",
            "kubectl delete pods --all -n shop-dev",
            "kubectl delete deploy web -n shop-dev",
            "kubectl delete pod -n shop-dev",
            "kubectl delete pvc -l app=db -n shop-dev",
            "kubectl delete cronjob nightly -n shop-dev",
            "zfs destroy -r rpool/home@old",
            "zfs destroy rpool/home",
            "zfs destroy rpool/home@a%z",
            "sky down -a --yes",
            "gh release delete v3.1.0 --yes",
            "gh repo delete o/r --yes",
            "gh api -X DELETE repos/o/r",
            "gh api -X DELETE repos/o/r/git/refs/heads/main",
            "docker system prune -af --volumes",
            "docker system prune -af --volumes --filter label!=keep",
        ] {
            let f = facts(cmd);
            assert!(
                !(f.cloud.is_empty() && f.infra.is_empty()),
                "{cmd}: no fact"
            );
        }
    }

    #[test]
    fn broad_deletes() {
        for t in [
            "DELETE FROM events WHERE created_at < '2025-01-01'",
            "DELETE FROM t WHERE archived_at IS NOT NULL; SELECT 1",
            "DELETE FROM logs WHERE ts BETWEEN 1 AND 99",
        ] {
            assert!(broad_delete(t), "{t}");
        }
        for t in [
            "DELETE FROM users WHERE id = 42",
            "delete from users where email like '%@example.com'",
            "DELETE FROM telemetry WHERE device = 'a<b' ",
            "DELETE FROM t WHERE tenant_id = 7 AND ts < now()",
            "SELECT * FROM t WHERE ts < now()",
            "DELETE FROM t",
        ] {
            assert!(!broad_delete(t), "{t}");
        }
        let f = facts(
            "psql -h db.example.com -c \"DELETE FROM orders WHERE created_at < now() - interval '2 years'\"",
        );
        assert!(
            f.infra.iter().any(|i| i.kind == "sql_delete_broad"),
            "{:?}",
            f.infra
        );
    }

    #[test]
    fn prerelease_tags() {
        for t in [
            "v2.5.0-rc1",
            "1.0.0-beta.2",
            "v3.0.0a1",
            "2.0.0rc1",
            "v1-nightly-2026",
        ] {
            assert!(prerelease_tag(t), "{t}");
        }
        for t in ["v2.5.0", "1.0.0", "release", "v3.0.0-linux", "latest"] {
            assert!(!prerelease_tag(t), "{t}");
        }
    }
}
