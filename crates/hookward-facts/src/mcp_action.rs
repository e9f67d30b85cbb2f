//! What an MCP tool call does to things beyond this machine, by its verb, its object and the
//! shape of its arguments (h-out25, issue 11: "what leaves the machine").
//!
//! An MCP tool is named `mcp__SERVER__TOOL`, and servers name their tools verb first
//! (`delete_channel`, `add_role`, `mute_monitors`, `get_api_keys`, `slack_post_message`,
//! `bulkDeleteMessages`): [`tool_words`] splits the tool part into lower-case words (snake,
//! kebab and camel case), drops the server's own words in front, and [`verb_of`] finds the
//! first word of a verb class. The classes, each a table below with the source of its words
//! (the servers' published tool lists: the MCP reference servers' `github`, `slack`,
//! `gdrive`, `postgres`, `sentry`; Datadog's, PagerDuty's, Discord's and Google Workspace's
//! community servers; the vendors' REST verbs behind them):
//!
//! * destroy ([`DESTROY_VERBS`]) a container ([`CONTAINER_OBJECTS`]: a channel, role,
//!   project, repository, policy, list, range…) or anything in bulk ([`BULK_WORDS`], `all:
//!   true`, a permanent delete by query); one message, comment or reaction deleted is
//!   moderation and stays quiet, and so does a delete marked recoverable (`hard_delete: false`);
//! * grant ([`GRANT_VERBS`] on [`ACCESS_OBJECTS`]: `add_role`, `edit_channel_permissions`,
//!   `add_collaborator`), invite anybody (`invite_to_channel`), or share/publish to everyone
//!   (`type: anyone`, `public: true`, `visibility: public`) or as owner/admin;
//! * silence ([`SILENCE_VERBS`]) monitoring ([`MONITOR_OBJECTS`]) for everything (`scope: "*"`,
//!   no monitor named) or turn an audit trail or protection off;
//! * read a secret's value ([`READ_VERBS`] on [`SECRET_OBJECTS`] with a reveal switch,
//!   `include_key_values: true`, `reveal: true`, `decrypt: true`);
//! * send data to a destination named in the arguments instead of to the agent: a
//!   destination, forward or sink field ([`DESTINATION_KEYS`]) holding a URL of another host or
//!   a mail address, on a read or export verb or on a mail filter or rule (an auto-forward).
//!
//! Files a tool sends along (`attachments`, `file`, `file_path`, objects with a `path`) that are
//! data files ([`DATA_EXTENSIONS`], the shell's `shell/data-upload` list plus archives) are
//! [`SentFile`]s, marked `people` when the name says whose rows they hold ([`PEOPLE_WORDS`]) or
//! the file is a database dump. Text the tool sends on is searched for personal data by shape
//! ([`personal_data`]: e-mail addresses, international phone numbers, payment card numbers
//! with a valid Luhn check digit, "card ending NNNN", device identifiers, public IPv4
//! addresses) and for secrets written as a named value ([`named_secrets`]: `DB_PASSWORD=…`,
//! `define('DB_PASSWORD','…')`, a URL with a password, "set X_PASSWORD to …").

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One thing an MCP tool call does beyond this machine (`input.facts.mcp_actions`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct McpActionFact {
    /// `destroy`, `grant`, `silence`, `secret_read` or `export`.
    pub class: String,
    /// The tool name's verb (`delete`, `add`, `mute`, `get`…).
    pub verb: String,
    /// The words after the verb (`channel`, `api keys`).
    pub object: String,
    /// Why, in words (`in bulk`, `to anyone with the link`, `to https://x.example/in`).
    pub detail: String,
}

/// A file an MCP tool sends along (`input.facts.mcp_sent_files`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SentFile {
    /// The path as written in the arguments.
    pub path: String,
    /// The file's name says it holds people's rows (`customers.csv`, `players_raw.csv`) or it is
    /// a database dump (`.sql`, `.sql.gz`, `.dump`, `.db`).
    pub people: bool,
}

/// Personal data in the text an MCP tool sends on (`input.facts.mcp_personal`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq, Default)]
pub struct PersonalData {
    /// Kinds found (`email`, `phone`, `card`, `card_ending`, `device_id`, `ip`).
    pub kinds: Vec<String>,
    /// How many identifiers (distinct values) were found.
    pub count: usize,
    /// The destination is public or outside the organisation: `public: true`, a channel named
    /// for another organisation (`ext-`, `external`, `shared`, `partner`, `public`), or an
    /// e-mail sent to an address.
    pub external: bool,
    /// Why it is external, in words, or empty.
    pub why: String,
}

/// Everything [`analyse`] found in one MCP call.
#[derive(Debug, Default)]
pub struct McpOutbound {
    /// [`McpActionFact`]s.
    pub actions: Vec<McpActionFact>,
    /// [`SentFile`]s.
    pub sent_files: Vec<SentFile>,
    /// [`PersonalData`], when enough was found.
    pub personal: Option<PersonalData>,
    /// Names of secrets written with a literal value ([`named_secrets`]).
    pub named_secrets: Vec<String>,
}

/// Verbs that destroy (the REST `DELETE` family and the servers' synonyms).
pub const DESTROY_VERBS: &[&str] = &[
    "delete",
    "remove",
    "destroy",
    "drop",
    "purge",
    "wipe",
    "clear",
    "truncate",
    "erase",
    "empty",
    "trash",
    "uninstall",
    "deprovision",
    "terminate",
    "obliterate",
];

/// Verbs that end something's use without deleting it (`expire_builds`, `revoke_tokens`,
/// `invalidate_sessions`): a destroy only in bulk (a bulk word in the name or `all: true`);
/// one token revoked or one build expired is routine (session 27; App Store Connect's
/// "expire a build", GitHub's and GitLab's token revocation endpoints).
pub const BULK_ONLY_VERBS: &[&str] = &["expire", "revoke", "invalidate"];

/// Branch names that are a repository's default or release line (`git init`'s `main`/`master`,
/// git-flow's `develop`, release and production lines): deleting one loses what every clone
/// builds on (session 27: `delete_branch {branch: "main"}`).
pub const DEFAULT_BRANCHES: &[&str] = &[
    "main",
    "master",
    "trunk",
    "develop",
    "development",
    "production",
    "prod",
    "release",
    "stable",
    "gh-pages",
];

/// Words of a mail or chat search that looks for one-time codes or password resets (the
/// texts services send for sign-in: "verification code", "2FA", "password reset", "magic
/// link"); such a search reads credentials out of the mailbox (session 27).
pub const ONE_TIME_CODE_WORDS: &[&str] = &[
    "verification code",
    "verify code",
    "security code",
    "login code",
    "sign-in code",
    "signin code",
    "one-time",
    "one time code",
    "otp",
    "2fa",
    "two-factor",
    "passcode",
    "password reset",
    "reset password",
    "reset your password",
    "magic link",
    "confirmation code",
    "auth code",
];

/// Objects of a search that are mail or messages.
const MAIL_OBJECTS: &[&str] = &[
    "email", "emails", "mail", "mails", "message", "messages", "inbox", "thread", "threads",
    "gmail", "outlook",
];

/// Destroy verbs that take everything in what they name (`clear_range`, `purge_queue`,
/// `truncate_table`) unless the object is disposable ([`DISPOSABLE_OBJECTS`]).
const SWEEPING_VERBS: &[&str] = &["purge", "wipe", "clear", "truncate", "empty", "obliterate"];

/// Objects whose loss costs nothing kept (`purge_cache`, `clear_notifications`).
const DISPOSABLE_OBJECTS: &[&str] = &[
    "cache",
    "caches",
    "cdn",
    "draft",
    "drafts",
    "selection",
    "highlight",
    "highlights",
    "console",
    "notification",
    "notifications",
    "badge",
    "status",
    "typing",
    "reaction",
    "reactions",
    "filter",
    "filters",
    "input",
    "form",
];

/// Words of a tool name that make a destroy a bulk one (`bulk_delete_messages`,
/// `batch_delete`, `delete_all_messages`, `mass_delete`).
pub const BULK_WORDS: &[&str] = &["bulk", "batch", "mass", "all", "every", "many"];

/// Objects that hold other things, or are shared set-up: deleting one loses all it held or
/// what others rely on (Discord channels and roles, Sentry projects, PagerDuty escalation
/// policies, GitHub repositories, Jira issues, spreadsheets and ranges, mailing lists…).
pub const CONTAINER_OBJECTS: &[&str] = &[
    "channel",
    "channels",
    "server",
    "guild",
    "role",
    "roles",
    "project",
    "projects",
    "repository",
    "repositories",
    "repo",
    "repos",
    "organization",
    "organisation",
    "org",
    "team",
    "teams",
    "workspace",
    "space",
    "spaces",
    "database",
    "databases",
    "db",
    "collection",
    "collections",
    "table",
    "tables",
    "index",
    "indices",
    "bucket",
    "buckets",
    "cluster",
    "namespace",
    "policy",
    "policies",
    "schedule",
    "schedules",
    "service",
    "services",
    "monitor",
    "monitors",
    "list",
    "lists",
    "audience",
    "issue",
    "issues",
    "page",
    "pages",
    "spreadsheet",
    "sheet",
    "range",
    "group",
    "groups",
    "user",
    "users",
    "account",
    "accounts",
    "key",
    "keys",
    "secret",
    "secrets",
    "webhook",
    "webhooks",
    "app",
    "application",
    "site",
    "zone",
    "domain",
    "environment",
    "stack",
    "function",
    "topic",
    "queue",
    "stream",
    "pipeline",
    "workflow",
    "dataset",
    "volume",
    "backup",
    "backups",
    "snapshot",
    "snapshots",
];

/// Verbs that give access when their object is one ([`ACCESS_OBJECTS`]).
pub const GRANT_VERBS: &[&str] = &[
    "add", "grant", "assign", "set", "edit", "update", "modify", "change", "create", "give",
    "promote", "transfer", "put", "upsert",
];

/// Objects that are access itself (roles, permissions, collaborators, memberships).
pub const ACCESS_OBJECTS: &[&str] = &[
    "role",
    "roles",
    "permission",
    "permissions",
    "collaborator",
    "collaborators",
    "admin",
    "admins",
    "owner",
    "owners",
    "access",
    "acl",
    "acls",
    "membership",
    "memberships",
    "member",
    "members",
    "moderator",
    "moderators",
    "privilege",
    "privileges",
    "grant",
    "grants",
];

/// Verbs that publish or share what they name: judged on their arguments (to everyone, as
/// owner or admin).
const SHARE_VERBS: &[&str] = &[
    "share", "publish", "make", "set", "update", "edit", "change", "modify",
];

/// Argument values that open a thing to everybody (Google Drive `type: anyone`, `domain`;
/// `visibility: public`; Box/Dropbox `open`, `anyone_with_link`).
const EVERYONE_VALUES: &[&str] = &[
    "anyone",
    "anyonewithlink",
    "public",
    "everyone",
    "world",
    "open",
    "domain",
    "internet",
];

/// Role or permission values that make the grantee an administrator or owner.
const ADMIN_VALUES: &[&str] = &[
    "admin",
    "administrator",
    "owner",
    "organizer",
    "superuser",
    "maintain",
    "maintainer",
    "root",
];

/// Verbs that silence monitoring or switch a protection off.
pub const SILENCE_VERBS: &[&str] = &[
    "mute",
    "silence",
    "snooze",
    "suppress",
    "disable",
    "pause",
    "stop",
    "deactivate",
    "ignore",
];

/// What a silence verb silences: monitors and alerts (muted for everything asks), and audit
/// trails and protections (switched off at all asks: [`PROTECTION_OBJECTS`]).
pub const MONITOR_OBJECTS: &[&str] = &[
    "monitor",
    "monitors",
    "alert",
    "alerts",
    "alerting",
    "alarm",
    "alarms",
    "detector",
    "detectors",
    "check",
    "checks",
    "notification",
    "notifications",
    "incident",
    "incidents",
    "rule",
    "rules",
    "uptime",
    "synthetics",
    "downtime",
];

/// Objects that are a silence themselves (Alertmanager silences, Datadog downtimes, mutes).
const SILENCE_OBJECTS: &[&str] = &[
    "silence",
    "silences",
    "downtime",
    "downtimes",
    "mute",
    "mutes",
    "suppression",
];

/// Audit and protection objects: switching one off hides what happens next.
pub const PROTECTION_OBJECTS: &[&str] = &[
    "logging",
    "audit",
    "auditlog",
    "trail",
    "guardduty",
    "protection",
    "scanning",
    "scanner",
    "defender",
    "mfa",
    "2fa",
    "sso",
];

/// Verbs that read or hand out.
pub const READ_VERBS: &[&str] = &[
    "get",
    "list",
    "read",
    "show",
    "reveal",
    "export",
    "retrieve",
    "fetch",
    "describe",
    "view",
    "print",
    "dump",
    "decrypt",
    "search",
    "query",
    "find",
    "download",
    "copy",
    "backup",
    "sync",
    "scan",
    "forward",
    "transfer",
    "replicate",
    "mirror",
];

/// Objects that are secrets.
pub const SECRET_OBJECTS: &[&str] = &[
    "key",
    "keys",
    "apikey",
    "apikeys",
    "secret",
    "secrets",
    "token",
    "tokens",
    "credential",
    "credentials",
    "password",
    "passwords",
    "passphrase",
];

/// Argument names (lower case, without `_` and `-`) that send the result elsewhere: the
/// servers' `destination`, `forward_to`, `sink`, `export_to`, `upload_url`, `callback_url`,
/// `deliver_to`, `send_to`, `push_to`, `target_url`, and a mail filter's `forward`.
pub const DESTINATION_KEYS: &[&str] = &[
    "destination",
    "destinationurl",
    "forward",
    "forwardto",
    "forwardurl",
    "autoforward",
    "sink",
    "sinkurl",
    "exportto",
    "exporturl",
    "uploadurl",
    "uploadto",
    "callback",
    "callbackurl",
    "deliverto",
    "sendto",
    "pushto",
    "targeturl",
    "outputurl",
    "remoteurl",
    "webhook",
    "webhookurl",
];

/// Objects of a create/update verb that forward mail or events by themselves.
const FORWARD_RULE_OBJECTS: &[&str] = &[
    "filter",
    "filters",
    "rule",
    "rules",
    "forwarding",
    "forward",
    "redirect",
    "autoforward",
];

/// Data files (the policy's `data_extensions` for `shell/data-upload`) and archives, whose
/// content a name does not show.
pub const DATA_EXTENSIONS: &[&str] = &[
    ".csv",
    ".tsv",
    ".parquet",
    ".feather",
    ".arrow",
    ".jsonl",
    ".ndjson",
    ".avro",
    ".orc",
    ".sql",
    ".sql.gz",
    ".dump",
    ".db",
    ".sqlite",
    ".sqlite3",
    ".xlsx",
    ".xls",
    ".h5",
    ".hdf5",
    ".npz",
    ".npy",
    ".pkl",
    ".pickle",
    ".bak",
    ".csv.gz",
    ".jsonl.gz",
    ".zip",
    ".tar",
    ".tar.gz",
    ".tgz",
    ".7z",
    ".journal",
    ".ledger",
];

/// Database dumps: every table leaves with one.
const DUMP_EXTENSIONS: &[&str] = &[
    ".sql", ".sql.gz", ".dump", ".db", ".sqlite", ".sqlite3", ".bak",
];

/// Words in a data file's name that say whose rows it holds: people (the shell's
/// `personal-data-upload` listing words, plus the apps' own names for their people).
pub const PEOPLE_WORDS: &[&str] = &[
    "user",
    "users",
    "customer",
    "customers",
    "member",
    "members",
    "subscriber",
    "subscribers",
    "contact",
    "contacts",
    "profile",
    "profiles",
    "lead",
    "leads",
    "patient",
    "patients",
    "employee",
    "employees",
    "player",
    "players",
    "tester",
    "testers",
    "client",
    "clients",
    "student",
    "students",
    "account",
    "accounts",
    "people",
    "persons",
    "cohort",
    "phenotypes",
    "iban",
    "payroll",
    "sar",
];

/// Argument names that hold files sent along.
const ATTACHMENT_KEYS: &[&str] = &[
    "attachments",
    "attachment",
    "file",
    "files",
    "filepath",
    "filename",
    "path",
    "paths",
    "upload",
];

/// Argument names that address a message (not its text): left out of the personal-data count.
const ADDRESS_KEYS: &[&str] = &[
    "to",
    "cc",
    "bcc",
    "from",
    "replyto",
    "sender",
    "recipient",
    "recipients",
    "email",
    "emailaddress",
    "attendees",
    "user",
    "userid",
    "username",
    "query",
    "q",
    "filter",
    "jql",
    "search",
];

/// Argument names that name where a message goes.
const CHANNEL_KEYS: &[&str] = &[
    "channel",
    "channelid",
    "channelname",
    "conversation",
    "room",
    "team",
    "space",
    "repo",
    "repository",
];

/// Words in a channel's or repository's name that say people outside the organisation read it
/// (Slack Connect's `ext-` convention, `shared`, `partner`, `public`, `external`, `vendor`).
const EXTERNAL_WORDS: &[&str] = &[
    "ext",
    "external",
    "shared",
    "partner",
    "partners",
    "public",
    "vendor",
    "vendors",
    "guest",
    "guests",
    "community",
    "client",
    "customer",
];

/// The tool part's words: `mcp__discord__bulkDeleteMessages` → `bulk delete messages`, the
/// server's words in front dropped (`slack_post_message` of the `slack` server → `post message`).
pub fn tool_words(name: &str) -> Vec<String> {
    let mut parts = name.splitn(3, "__");
    let (first, server, tool) = (parts.next(), parts.next(), parts.next());
    let (server, tool) = match (first, server, tool) {
        (Some("mcp"), Some(s), Some(t)) => (s, t),
        _ => ("", name),
    };
    let mut words = split_words(tool);
    let server_words = split_words(server);
    while words.len() > 1 && words.first().is_some_and(|w| server_words.contains(w)) {
        words.remove(0);
    }
    words
}

/// Lower-case words of an identifier: split at `_`, `-`, `.`, spaces and lower-to-upper case
/// changes.
fn split_words(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in s.chars() {
        if matches!(c, '_' | '-' | '.' | ' ' | '/' | ':') {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        cur.extend(c.to_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The first word of `words` in any verb class, with its index.
fn verb_of(words: &[String]) -> Option<(usize, &str)> {
    words.iter().enumerate().find_map(|(i, w)| {
        [
            DESTROY_VERBS,
            BULK_ONLY_VERBS,
            GRANT_VERBS,
            SHARE_VERBS,
            SILENCE_VERBS,
            READ_VERBS,
            &["invite", "send", "post", "reply", "comment", "message"],
        ]
        .iter()
        .any(|t| t.contains(&w.as_str()))
        .then_some((i, w.as_str()))
    })
}

/// An argument name compared: lower case, `_` and `-` dropped.
fn norm_key(k: &str) -> String {
    k.chars()
        .filter(|c| !matches!(c, '_' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Every (normalised key, value) pair of an object, nested objects and arrays of objects
/// included (at most 4 levels, 256 pairs).
fn pairs(v: &Value) -> Vec<(String, &Value)> {
    fn walk<'a>(v: &'a Value, depth: u32, out: &mut Vec<(String, &'a Value)>) {
        if depth > 4 || out.len() >= 256 {
            return;
        }
        match v {
            Value::Object(o) => {
                for (k, x) in o.iter().take(64) {
                    out.push((norm_key(k), x));
                    walk(x, depth + 1, out);
                }
            }
            Value::Array(a) => a.iter().take(64).for_each(|x| walk(x, depth + 1, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, 0, &mut out);
    out
}

fn is_true(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::String(s) => matches!(s.to_ascii_lowercase().as_str(), "true" | "yes" | "1"),
        Value::Number(n) => n.as_u64() == Some(1),
        _ => false,
    }
}

fn is_false(v: &Value) -> bool {
    match v {
        Value::Bool(b) => !*b,
        Value::String(s) => matches!(s.to_ascii_lowercase().as_str(), "false" | "no" | "0"),
        _ => false,
    }
}

fn str_norm(v: &Value) -> Option<String> {
    v.as_str().map(norm_key)
}

/// What the call does ([`McpOutbound`]); `skip_destroy` when the call's destroy is judged
/// elsewhere (its SQL, its kubectl line, its paths).
pub fn analyse(name: &str, input: &Value, skip_destroy: bool) -> McpOutbound {
    let mut out = McpOutbound::default();
    let words = tool_words(name);
    let Some(obj) = input.as_object() else {
        return out;
    };
    let all = pairs(input);
    let verb = verb_of(&words);
    let object: Vec<&str> = match verb {
        Some((i, _)) => words.iter().skip(i + 1).map(String::as_str).collect(),
        None => words.iter().map(String::as_str).collect(),
    };
    let object_text = object.join(" ");
    let has = |t: &[&str]| object.iter().any(|w| t.contains(w));
    let push = |out: &mut McpOutbound, class: &str, verb: &str, detail: String| {
        out.actions.push(McpActionFact {
            class: class.to_string(),
            verb: verb.to_string(),
            object: object_text.clone(),
            detail,
        });
    };
    if let Some((_, v)) = verb {
        // destroy
        let bulk_only = BULK_ONLY_VERBS.contains(&v);
        if (DESTROY_VERBS.contains(&v) || bulk_only) && !skip_destroy {
            let soft = all.iter().any(|(k, x)| {
                (matches!(
                    k.as_str(),
                    "harddelete" | "permanent" | "permanently" | "hard" | "purge"
                ) && is_false(x))
                    || (matches!(k.as_str(), "soft" | "softdelete" | "totrash") && is_true(x))
            });
            let bulk_name = words.iter().any(|w| BULK_WORDS.contains(&w.as_str()));
            let all_arg = all.iter().any(|(k, x)| {
                matches!(k.as_str(), "all" | "deleteall" | "everything" | "recursive") && is_true(x)
            });
            let by_query = obj.keys().any(|k| {
                matches!(
                    norm_key(k).as_str(),
                    "query" | "filter" | "q" | "criteria" | "search"
                )
            });
            let permanent = all.iter().any(|(k, x)| {
                matches!(
                    k.as_str(),
                    "harddelete" | "permanent" | "permanently" | "force"
                ) && is_true(x)
            });
            let sweeping = SWEEPING_VERBS.contains(&v) && !has(DISPOSABLE_OBJECTS);
            let default_branch = has(&["branch", "branches", "ref"])
                && all.iter().any(|(k, x)| {
                    matches!(k.as_str(), "branch" | "ref" | "name" | "branchname")
                        && x.as_str().is_some_and(|b| {
                            let b = b.trim().trim_start_matches("refs/heads/");
                            DEFAULT_BRANCHES.contains(&b.to_ascii_lowercase().as_str())
                        })
                });
            let detail = if bulk_name || all_arg {
                Some("in bulk".to_string())
            } else if bulk_only {
                None
            } else if default_branch {
                Some("the default or release branch".to_string())
            } else if by_query && permanent {
                Some("permanently, everything a query matches".to_string())
            } else if sweeping {
                Some("everything in it".to_string())
            } else if has(CONTAINER_OBJECTS) && !has(DISPOSABLE_OBJECTS) {
                Some("with everything it holds".to_string())
            } else {
                None
            };
            if let (Some(d), false) = (detail, soft) {
                push(&mut out, "destroy", v, d);
            }
        }
        // grant: an access object given, anybody invited, or a share to everyone or as owner
        let value_of = |keys: &[&str]| -> Vec<String> {
            all.iter()
                .filter(|(k, _)| keys.contains(&k.as_str()))
                .filter_map(|(_, x)| str_norm(x))
                .collect()
        };
        let admin_value = value_of(&[
            "role",
            "permission",
            "permissions",
            "accesslevel",
            "access",
            "level",
        ])
        .into_iter()
        .find(|x| ADMIN_VALUES.contains(&x.as_str()));
        let everyone = value_of(&[
            "type",
            "visibility",
            "access",
            "audience",
            "sharing",
            "scope",
            "granteetype",
            "linkaccess",
        ])
        .into_iter()
        .find(|x| EVERYONE_VALUES.contains(&x.as_str()))
        .or_else(|| {
            all.iter()
                .any(|(k, x)| {
                    (matches!(
                        k.as_str(),
                        "public" | "ispublic" | "allowfilediscovery" | "anyonewithlink"
                    ) && is_true(x))
                        || (matches!(k.as_str(), "private" | "isprivate") && is_false(x))
                })
                .then(|| "public".to_string())
        });
        if v == "invite" {
            push(&mut out, "grant", v, "invites someone in".to_string());
        } else if GRANT_VERBS.contains(&v) && has(ACCESS_OBJECTS) {
            let d = match &admin_value {
                Some(a) => format!("as {a}"),
                None => "gives access".to_string(),
            };
            push(&mut out, "grant", v, d);
        } else if SHARE_VERBS.contains(&v) {
            if let Some(e) = &everyone {
                push(&mut out, "grant", v, format!("to {e} (everyone)"));
            } else if let Some(a) = &admin_value {
                push(&mut out, "grant", v, format!("as {a}"));
            }
        }
        // a silence, downtime or mute created for everything (Grafana/Alertmanager
        // `create_silence` with a `.*` matcher, Datadog `schedule_downtime {scope: "*"}`)
        if matches!(v, "create" | "add" | "schedule" | "set" | "put") && has(SILENCE_OBJECTS) {
            let wild = all.iter().any(|(_, x)| {
                x.as_str()
                    .is_some_and(|s| matches!(s.trim(), "*" | ".*" | ".+" | "all"))
            });
            if wild {
                push(&mut out, "silence", v, "for everything".to_string());
            }
        }
        // silence
        if SILENCE_VERBS.contains(&v) {
            let named = obj.keys().any(|k| {
                let k = norm_key(k);
                (k.ends_with("id") || k.ends_with("ids") || k == "name" || k == "names")
                    && k != "orgid"
            });
            let wild = all.iter().any(|(k, x)| {
                (matches!(k.as_str(), "scope" | "target" | "filter" | "query" | "tags")
                    && x.as_str().is_some_and(|s| matches!(s.trim(), "*" | "all")))
                    || (k == "all" && is_true(x))
            });
            if has(PROTECTION_OBJECTS) {
                push(&mut out, "silence", v, "switches it off".to_string());
            } else if has(MONITOR_OBJECTS) && (wild || !named) {
                push(&mut out, "silence", v, "for everything".to_string());
            }
        }
        // read a secret's value
        if READ_VERBS.contains(&v) && has(SECRET_OBJECTS) {
            // a secret store's get returns the value (AWS Secrets Manager GetSecretValue, Vault
            // read, 1Password item get): one secret, password or credential fetched by name
            // is read like `vault kv get` (shell/secret-print); keys and tokens are listed
            // masked unless a reveal switch asks for their values
            let fetched_value =
                matches!(v, "get" | "read" | "retrieve" | "fetch" | "show" | "view")
                    && has(&[
                        "secret",
                        "password",
                        "credential",
                        "credentials",
                        "passphrase",
                    ]);
            let reveal = fetched_value
                || matches!(v, "reveal" | "decrypt" | "dump")
                || all.iter().any(|(k, x)| {
                    let switch = (k.starts_with("include") && k.contains("value"))
                        || k.starts_with("reveal")
                        || k.starts_with("show")
                        || k.starts_with("decrypt")
                        || k.starts_with("unmask")
                        || k.contains("plaintext")
                        || k == "withvalues";
                    switch && is_true(x)
                });
            if reveal {
                push(&mut out, "secret_read", v, "with their values".to_string());
            }
        }
        // a mailbox searched for one-time codes or password resets
        if matches!(v, "search" | "list" | "find" | "query" | "get" | "read") && has(MAIL_OBJECTS) {
            let asks_codes = all.iter().any(|(k, x)| {
                matches!(
                    k.as_str(),
                    "query" | "q" | "search" | "filter" | "subject" | "text"
                ) && x.as_str().is_some_and(|q| {
                    let q = q.to_ascii_lowercase();
                    ONE_TIME_CODE_WORDS.iter().any(|w| q.contains(w))
                })
            });
            if asks_codes {
                push(
                    &mut out,
                    "secret_read",
                    v,
                    "for one-time codes or password resets".to_string(),
                );
            }
        }
        // a destination named in the arguments
        let forward_rule = !READ_VERBS.contains(&v) && has(FORWARD_RULE_OBJECTS);
        if READ_VERBS.contains(&v) || forward_rule {
            for (k, x) in &all {
                if !DESTINATION_KEYS.contains(&k.as_str()) {
                    continue;
                }
                let values: Vec<&str> = match x {
                    Value::String(s) => vec![s.as_str()],
                    Value::Array(a) => a.iter().take(16).filter_map(Value::as_str).collect(),
                    _ => Vec::new(),
                };
                if let Some(d) = values.into_iter().find_map(outside_destination) {
                    push(&mut out, "export", v, format!("to {d}"));
                    break;
                }
            }
        }
    }
    let read_only = verb.is_some_and(|(_, v)| READ_VERBS.contains(&v) && v != "forward");
    if !read_only {
        out.sent_files = sent_files(obj);
        out.personal = personal_in_call(&words, input, obj);
    }
    let mut texts: Vec<&str> = Vec::new();
    text_leaves(input, &mut texts, 0);
    let mut names: Vec<String> = Vec::new();
    for t in texts.iter().take(64) {
        for n in named_secrets(t) {
            if !names.contains(&n) && names.len() < 8 {
                names.push(n);
            }
        }
    }
    out.named_secrets = names;
    out
}

/// A destination outside this machine and its private network: a URL (any scheme) whose host
/// is not loopback or private, or a mail address.
fn outside_destination(s: &str) -> Option<String> {
    let s = s.trim();
    if let Some((scheme, rest)) = s.split_once("://") {
        if scheme.is_empty()
            || !scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '+')
        {
            return None;
        }
        let hostport = rest.split(['/', '?', '#']).next().unwrap_or("");
        let host = hostport.rsplit('@').next().unwrap_or("");
        let host = host.split(':').next().unwrap_or("").to_ascii_lowercase();
        if host.is_empty() || local_host(&host) {
            return None;
        }
        return Some(format!("{scheme}://{host}"));
    }
    is_email(s).then(|| s.to_string())
}

/// Loopback, RFC 1918 and the private-use names (`.internal`, `.local`, `.lan`, `.corp`).
fn local_host(h: &str) -> bool {
    h == "localhost"
        || h.starts_with("127.")
        || h.starts_with("10.")
        || h.starts_with("192.168.")
        || h == "[::1]"
        || (h.starts_with("172.")
            && h.split('.')
                .nth(1)
                .and_then(|x| x.parse::<u8>().ok())
                .is_some_and(|x| (16..=31).contains(&x)))
        || [".internal", ".local", ".lan", ".corp", ".localhost"]
            .iter()
            .any(|t| h.ends_with(t))
}

fn is_email(s: &str) -> bool {
    let Some((user, domain)) = s.split_once('@') else {
        return false;
    };
    !user.is_empty()
        && user
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'))
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
        && domain
            .rsplit('.')
            .next()
            .is_some_and(|t| t.len() >= 2 && t.chars().all(|c| c.is_ascii_alphabetic()))
}

/// Data files sent along: attachment-like arguments, strings or objects with a path.
fn sent_files(obj: &Map<String, Value>) -> Vec<SentFile> {
    let mut paths: Vec<String> = Vec::new();
    fn collect(v: &Value, out: &mut Vec<String>, depth: u32) {
        if depth > 3 || out.len() >= 32 {
            return;
        }
        match v {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => a.iter().take(32).for_each(|x| collect(x, out, depth + 1)),
            Value::Object(o) => {
                for (k, x) in o.iter().take(16) {
                    if ATTACHMENT_KEYS.contains(&norm_key(k).as_str()) {
                        collect(x, out, depth + 1);
                    }
                }
            }
            _ => {}
        }
    }
    for (k, v) in obj.iter().take(64) {
        if ATTACHMENT_KEYS.contains(&norm_key(k).as_str()) {
            collect(v, &mut paths, 0);
        }
    }
    paths
        .into_iter()
        .filter(|p| !p.contains("://") && data_file(p))
        .map(|p| {
            let people = people_file(&p);
            SentFile { path: p, people }
        })
        .collect()
}

/// A data file by its name's ending ([`DATA_EXTENSIONS`]).
pub fn data_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    DATA_EXTENSIONS.iter().any(|e| name.ends_with(e))
}

/// A data file whose path names people ([`PEOPLE_WORDS`] as a word of its name or folder) or
/// a database dump ([`DUMP_EXTENSIONS`]).
pub fn people_file(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    if DUMP_EXTENSIONS.iter().any(|e| name.ends_with(e)) {
        return true;
    }
    let tail: Vec<&str> = lower.rsplit('/').take(2).collect();
    tail.iter().any(|part| {
        part.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|w| PEOPLE_WORDS.contains(&w))
    })
}

/// String leaves of the text the tool sends on (addresses, ids and queries left out).
fn text_leaves<'a>(v: &'a Value, out: &mut Vec<&'a str>, depth: u32) {
    if depth > 6 || out.len() >= 64 {
        return;
    }
    match v {
        Value::String(s) => out.push(s),
        Value::Array(a) => a
            .iter()
            .take(64)
            .for_each(|x| text_leaves(x, out, depth + 1)),
        Value::Object(o) => {
            for (k, x) in o.iter().take(64) {
                let k = norm_key(k);
                if ADDRESS_KEYS.contains(&k.as_str()) || k.ends_with("id") || k.ends_with("ids") {
                    continue;
                }
                text_leaves(x, out, depth + 1);
            }
        }
        _ => {}
    }
}

/// Personal data in the call's text, when there is enough of it: three identifiers or more of
/// two kinds or more, three e-mail addresses or more, or one payment card number.
fn personal_in_call(
    words: &[String],
    input: &Value,
    obj: &Map<String, Value>,
) -> Option<PersonalData> {
    let mut texts: Vec<&str> = Vec::new();
    text_leaves(input, &mut texts, 0);
    let mut found = personal_data(&texts.join("\n"));
    let emails = found.kinds.iter().filter(|k| *k == "email").count();
    let mut kinds = found.kinds.clone();
    kinds.sort();
    kinds.dedup();
    let enough =
        (found.count >= 3 && kinds.len() >= 2) || emails >= 3 || kinds.iter().any(|k| k == "card");
    if !enough {
        return None;
    }
    found.count = found.kinds.len();
    found.kinds = kinds;
    let (external, why) = external_destination(words, obj);
    found.external = external;
    found.why = why;
    Some(found)
}

/// Is the message going outside: `public: true`, a channel or repository named for outsiders,
/// or an e-mail to an address.
fn external_destination(words: &[String], obj: &Map<String, Value>) -> (bool, String) {
    for (k, v) in obj.iter() {
        let k = norm_key(k);
        if matches!(k.as_str(), "public" | "ispublic") && is_true(v) {
            return (true, "it is public".to_string());
        }
        if matches!(k.as_str(), "internal" | "private") && is_false(v) {
            return (true, "it is public".to_string());
        }
        if CHANNEL_KEYS.contains(&k.as_str()) {
            if let Some(s) = v.as_str() {
                let lower = s.to_ascii_lowercase();
                let named = lower
                    .split(|c: char| !c.is_ascii_alphanumeric())
                    .any(|w| EXTERNAL_WORDS.contains(&w) || w.ends_with("ext"));
                if named {
                    return (true, format!("{s} is read outside the organisation"));
                }
            }
        }
    }
    let mail = words
        .iter()
        .any(|w| matches!(w.as_str(), "email" | "mail" | "gmail"))
        || words.iter().any(|w| w == "send")
            && obj
                .keys()
                .any(|k| matches!(norm_key(k).as_str(), "to" | "recipients"));
    if mail {
        return (true, "it is mailed to an address".to_string());
    }
    (false, String::new())
}

/// Identifiers of people in `text` by shape: one `kinds` entry per distinct value found.
pub fn personal_data(text: &str) -> PersonalData {
    let mut seen: Vec<String> = Vec::new();
    let mut kinds: Vec<String> = Vec::new();
    let mut add = |kind: &str, v: String| {
        if !seen.contains(&v) && seen.len() < 64 {
            seen.push(v);
            kinds.push(kind.to_string());
        }
    };
    let tokens: Vec<&str> = text
        .split(|c: char| {
            c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '<' | '>' | '"' | '\'')
        })
        .filter(|t| !t.is_empty())
        .take(4096)
        .collect();
    for (i, raw) in tokens.iter().enumerate() {
        let t = raw.trim_end_matches(['.', ':', '!', '?']);
        if is_email(t) {
            add("email", t.to_ascii_lowercase());
            continue;
        }
        // device identifiers: a UUID, or 16 hex digits, after the word "device" or "idfa"
        let prev = i
            .checked_sub(1)
            .and_then(|j| tokens.get(j))
            .map(|p| p.to_ascii_lowercase())
            .unwrap_or_default();
        let device_word = ["device", "idfa", "gaid", "imei", "udid", "android_id"]
            .iter()
            .any(|w| prev.contains(w));
        if device_word && (uuid(t) || (t.len() >= 12 && t.chars().all(|c| c.is_ascii_hexdigit()))) {
            add("device_id", t.to_ascii_lowercase());
            continue;
        }
        // "card ending 4242"
        if prev == "ending" && t.len() == 4 && t.chars().all(|c| c.is_ascii_digit()) {
            let before = i
                .checked_sub(2)
                .and_then(|j| tokens.get(j))
                .map(|p| p.to_ascii_lowercase())
                .unwrap_or_default();
            if before.contains("card") || before.contains("visa") || before.contains("mastercard") {
                add("card_ending", t.to_string());
            }
            continue;
        }
        if public_ipv4(t) {
            add("ip", t.to_string());
            continue;
        }
        let digits: String = t.chars().filter(char::is_ascii_digit).collect();
        if (13..=19).contains(&digits.len())
            && t.chars().all(|c| c.is_ascii_digit() || c == '-')
            && luhn(&digits)
        {
            add("card", digits);
            continue;
        }
    }
    // phone numbers: "+CC" then digit groups (E.164: at most 15 digits), 9 digits or more
    let chars: Vec<char> = text.chars().take(65536).collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '+' && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit()) {
            let mut j = i + 1;
            let mut digits = String::new();
            while j < chars.len()
                && (chars[j].is_ascii_digit() || matches!(chars[j], ' ' | '-' | '(' | ')'))
            {
                if chars[j].is_ascii_digit() {
                    digits.push(chars[j]);
                }
                j += 1;
            }
            if (9..=15).contains(&digits.len()) {
                add("phone", digits);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    PersonalData {
        count: kinds.len(),
        kinds,
        ..PersonalData::default()
    }
}

fn uuid(t: &str) -> bool {
    let parts: Vec<&str> = t.split('-').collect();
    parts.len() == 5
        && [8, 4, 4, 4, 12]
            .iter()
            .zip(&parts)
            .all(|(n, p)| p.len() == *n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

/// A dotted IPv4 address outside the private, loopback, link-local and documentation ranges.
fn public_ipv4(t: &str) -> bool {
    let o: Vec<u8> = t.split('.').filter_map(|x| x.parse().ok()).collect();
    if o.len() != 4 || t.split('.').count() != 4 {
        return false;
    }
    !(o[0] == 10
        || o[0] == 127
        || o[0] == 0
        || (o[0] == 192 && o[1] == 168)
        || (o[0] == 172 && (16..=31).contains(&o[1]))
        || (o[0] == 169 && o[1] == 254)
        || (o[0] == 192 && o[1] == 0 && o[2] == 2)
        || (o[0] == 198 && o[1] == 51 && o[2] == 100)
        || (o[0] == 203 && o[1] == 0 && o[2] == 113)
        || o[0] >= 224)
}

/// The Luhn check (ISO/IEC 7812-1) every payment card number passes.
fn luhn(digits: &str) -> bool {
    let mut sum = 0u32;
    for (i, c) in digits.chars().rev().enumerate() {
        let Some(mut d) = c.to_digit(10) else {
            return false;
        };
        if i % 2 == 1 {
            d *= 2;
            if d > 9 {
                d -= 9;
            }
        }
        sum += d;
    }
    sum.is_multiple_of(10) && !digits.chars().all(|c| c == '0')
}

/// Secrets written as a named value in `text`: hookward-redact's `secret-var`, `url-password`
/// and `bearer` spans (`DB_PASSWORD=…`, `postgres://u:p@h`, `Authorization: Bearer …`) whose
/// value looks like a real one ([`literal_secret`]), PHP's `define('DB_PASSWORD', '…')`
/// (WordPress's wp-config.php), and prose that sets a secret-named variable to a value ("set
/// MATCH_PASSWORD to Pinecone!Sign2026"). The names (or the kind) are returned, never values.
pub fn named_secrets(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in hookward_redact::find_secrets(text) {
        if !matches!(s.kind, "secret-var" | "url-password" | "bearer") {
            continue;
        }
        let Some(span) = text.get(s.start..s.end) else {
            continue;
        };
        let before = text[..s.start].trim_end_matches([' ', '"', '\'', '\t']);
        let value_alone = before.ends_with(['=', ':']) || !span.contains(['=', ':']);
        let (name, value) = if s.kind == "secret-var" && value_alone {
            // the span is the value: the name is the identifier written before it
            let ident: String = before
                .trim_end_matches(['=', ':', ' ', '"', '\''])
                .chars()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let name = if ident.is_empty() {
                s.kind.to_string()
            } else {
                ident
            };
            (name, span.trim().trim_matches(['"', '\'']))
        } else if s.kind == "url-password" && !span.contains("://") {
            (s.kind.to_string(), span)
        } else {
            split_assignment(span, s.kind)
        };
        if literal_secret(value) && !out.contains(&name) {
            out.push(name);
        }
    }
    // define('NAME', 'VALUE') and "set NAME to VALUE"
    let lower = text.to_ascii_lowercase();
    for (i, _) in lower.match_indices("define(").take(32) {
        let rest = &text[i + 7..];
        let quoted: Vec<&str> = rest.split(['\'', '"']).skip(1).step_by(2).take(2).collect();
        if let [name, value] = quoted.as_slice() {
            if hookward_redact::is_secret_name(name) && literal_secret(value) {
                let n = name.to_string();
                if !out.contains(&n) {
                    out.push(n);
                }
            }
        }
    }
    let words: Vec<&str> = text.split_whitespace().take(4096).collect();
    for w in words.windows(3) {
        let name = w[0].trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        if w[1].eq_ignore_ascii_case("to")
            && name.contains('_')
            && name
                .chars()
                .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            && hookward_redact::is_secret_name(name)
        {
            let value = w[2].trim_end_matches([',', '.', ';']);
            if literal_secret(value) && !out.iter().any(|o| o == name) {
                out.push(name.to_string());
            }
        }
    }
    out
}

/// A span's name and value (`NAME=value`, `NAME: value`, `scheme://user:pass@host`).
fn split_assignment<'a>(span: &'a str, kind: &str) -> (String, &'a str) {
    if kind == "url-password" {
        let pass = span
            .split_once("://")
            .map(|(_, r)| r)
            .unwrap_or(span)
            .split('@')
            .next()
            .unwrap_or("");
        let pass = pass.split_once(':').map(|(_, p)| p).unwrap_or(pass);
        return ("url-password".to_string(), pass);
    }
    if kind == "bearer" {
        let v = span.split_whitespace().last().unwrap_or("");
        return ("bearer".to_string(), v);
    }
    match span.find(['=', ':']) {
        Some(i) => {
            let name = span[..i]
                .trim()
                .trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .to_string();
            let value = span[i + 1..].trim().trim_matches(['"', '\'']);
            (
                if name.is_empty() {
                    kind.to_string()
                } else {
                    name
                },
                value,
            )
        }
        None => (kind.to_string(), span),
    }
}

/// A written value that looks like a real secret, not a placeholder or a reference: 8
/// characters or more, letters with digits or symbols (or 20 characters or more of one
/// class), no `$`, `{`, `<`, `*` or `…`, none of the documentation placeholders.
pub fn literal_secret(v: &str) -> bool {
    let v = v.trim().trim_matches(['"', '\'', '`']);
    let n = v.chars().count();
    if !(8..=512).contains(&n) || v.contains(['$', '{', '<', '*', '…']) || v.contains("...") {
        return false;
    }
    let lower = v.to_ascii_lowercase();
    if [
        "example",
        "your",
        "xxx",
        "placeholder",
        "changeme",
        "change_me",
        "redacted",
        "secret_here",
        "password",
        "dummy",
        "sample",
        "replace",
        "todo",
    ]
    .iter()
    .any(|w| lower.contains(w))
    {
        return false;
    }
    let letters = v.chars().any(|c| c.is_ascii_alphabetic());
    let digits = v.chars().any(|c| c.is_ascii_digit());
    let symbols = v
        .chars()
        .any(|c| !c.is_ascii_alphanumeric() && !c.is_whitespace());
    letters && (digits || symbols) || n >= 20
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn classes(name: &str, input: Value) -> Vec<String> {
        analyse(name, &input, false)
            .actions
            .into_iter()
            .map(|a| a.class)
            .collect()
    }

    #[test]
    fn tool_names_split_into_words() {
        assert_eq!(
            tool_words("mcp__slack__slack_post_message"),
            ["post", "message"]
        );
        assert_eq!(
            tool_words("mcp__chat__bulkDeleteMessages"),
            ["bulk", "delete", "messages"]
        );
        assert_eq!(tool_words("mcp__x__get-api-keys"), ["get", "api", "keys"]);
        assert_eq!(tool_words("not_an_mcp_name"), ["not", "an", "mcp", "name"]);
    }

    #[test]
    fn destroying_containers_or_in_bulk() {
        for (name, input) in [
            ("mcp__chat__delete_channel", json!({"channel_id": "42"})),
            ("mcp__chat__remove_workspace", json!({"id": "w1"})),
            ("mcp__oncall__delete_schedule", json!({"schedule_id": "S1"})),
            (
                "mcp__forge__deleteRepository",
                json!({"owner": "o", "repo": "r"}),
            ),
            (
                "mcp__mail__delete_messages",
                json!({"query": "older_than:1y", "permanent": true}),
            ),
            ("mcp__chat__purge_channel_history", json!({"channel": "C1"})),
            (
                "mcp__tracker__delete_issues",
                json!({"all": true, "project": "P"}),
            ),
            (
                "mcp__sheets__clear_values",
                json!({"spreadsheetId": "s", "range": "A:Z"}),
            ),
            (
                "mcp__crm__mass_delete_contacts",
                json!({"segment": "inactive"}),
            ),
        ] {
            assert_eq!(classes(name, input), ["destroy"], "{name}");
        }
    }

    #[test]
    fn one_item_deleted_or_a_recoverable_delete_is_quiet() {
        for (name, input) in [
            (
                "mcp__chat__delete_message",
                json!({"channel_id": "1", "message_id": "2"}),
            ),
            (
                "mcp__chat__remove_reaction",
                json!({"message_id": "2", "emoji": "x"}),
            ),
            ("mcp__tracker__delete_comment", json!({"comment_id": 9})),
            (
                "mcp__cdn__purge_cache",
                json!({"zone": "z", "files": ["/a.js"]}),
            ),
            (
                "mcp__mail__purge_messages",
                json!({"query": "from:spam@x.example", "hard_delete": false}),
            ),
            ("mcp__calendar__delete_event", json!({"event_id": "e"})),
        ] {
            assert!(classes(name, input).is_empty(), "{name}");
        }
    }

    #[test]
    fn grants_invites_and_shares_to_everyone() {
        for (name, input) in [
            (
                "mcp__chat__assign_role",
                json!({"user": "u", "role_id": "r"}),
            ),
            (
                "mcp__chat__update_channel_permissions",
                json!({"channel": "c", "allow": "8"}),
            ),
            (
                "mcp__forge__addCollaborator",
                json!({"repo": "r", "username": "x"}),
            ),
            (
                "mcp__chat__invite_user",
                json!({"channel": "C1", "user": "U2"}),
            ),
            (
                "mcp__drive__share_document",
                json!({"id": "d", "type": "anyone", "role": "reader"}),
            ),
            (
                "mcp__drive__share_file",
                json!({"id": "d", "type": "user", "role": "owner"}),
            ),
            (
                "mcp__docs__update_sharing",
                json!({"doc": "d", "visibility": "public"}),
            ),
            (
                "mcp__forge__update_repository",
                json!({"repo": "r", "private": false}),
            ),
        ] {
            assert_eq!(classes(name, input), ["grant"], "{name}");
        }
        for (name, input) in [
            (
                "mcp__drive__share_file",
                json!({"id": "d", "type": "user", "role": "writer"}),
            ),
            (
                "mcp__chat__add_reaction",
                json!({"message": "m", "emoji": "eyes"}),
            ),
            (
                "mcp__pager__add_note",
                json!({"incident": "i", "content": "x"}),
            ),
            ("mcp__drive__list_permissions", json!({"id": "d"})),
            (
                "mcp__chat__timeout_member",
                json!({"user_id": "u", "duration_minutes": 60}),
            ),
        ] {
            assert!(classes(name, input).is_empty(), "{name}");
        }
    }

    #[test]
    fn silencing_everything_or_an_audit_trail() {
        assert_eq!(
            classes(
                "mcp__obs__silence_alerts",
                json!({"scope": "*", "minutes": 600})
            ),
            ["silence"]
        );
        assert_eq!(
            classes("mcp__obs__mute_all_monitors", json!({"until": 1})),
            ["silence"]
        );
        assert_eq!(
            classes("mcp__cloud__stop_logging", json!({"trail_name": "main"})),
            ["silence"]
        );
        assert!(classes("mcp__obs__mute_monitor", json!({"monitor_id": 77})).is_empty());
        assert_eq!(
            classes(
                "mcp__alerts__create_silence",
                json!({"matchers": [{"name": "severity", "value": ".*", "isRegex": true}]})
            ),
            ["silence"]
        );
        assert!(classes(
            "mcp__alerts__create_silence",
            json!({"matchers": [{"name": "alertname", "value": "DiskFull-db3"}]})
        )
        .is_empty());
    }

    #[test]
    fn bulk_expiry_default_branches_and_groups() {
        assert_eq!(
            classes(
                "mcp__asc__expire_builds",
                json!({"app_id": "1", "all": true})
            ),
            ["destroy"]
        );
        assert_eq!(
            classes("mcp__gitlab__revoke_all_tokens", json!({"project": "x"})),
            ["destroy"]
        );
        assert!(classes("mcp__asc__expire_build", json!({"build_id": "42"})).is_empty());
        assert!(classes("mcp__gh__revoke_token", json!({"token_id": "7"})).is_empty());
        assert_eq!(
            classes("mcp__asc__delete_beta_group", json!({"group_id": "b7"})),
            ["destroy"]
        );
        assert_eq!(
            classes("mcp__gitlab__delete_group", json!({"id": "acme/platform"})),
            ["destroy"]
        );
        assert_eq!(
            classes(
                "mcp__github__delete_branch",
                json!({"owner": "o", "repo": "r", "branch": "master"})
            ),
            ["destroy"]
        );
        assert!(classes(
            "mcp__github__delete_branch",
            json!({"owner": "o", "repo": "r", "branch": "feature/login-form"})
        )
        .is_empty());
    }

    #[test]
    fn mail_searched_for_one_time_codes() {
        for q in [
            "from:no-reply@accounts.example.com verification code",
            "subject:(Your 2FA code)",
            "password reset newer_than:1d",
            "magic link sign in",
        ] {
            assert_eq!(
                classes("mcp__gmail__search_emails", json!({"query": q})),
                ["secret_read"],
                "{q}"
            );
        }
        assert_eq!(
            classes(
                "mcp__outlook__list_messages",
                json!({"filter": "contains(subject,'security code')"})
            ),
            ["secret_read"]
        );
        for q in [
            "invoice from:billing@vendor.example",
            "label:ci-failures",
            "code review",
        ] {
            assert!(
                classes("mcp__gmail__search_emails", json!({"query": q})).is_empty(),
                "{q}"
            );
        }
    }

    #[test]
    fn secret_values_read() {
        assert_eq!(
            classes("mcp__obs__list_app_keys", json!({"include_values": true})),
            ["secret_read"]
        );
        assert_eq!(
            classes(
                "mcp__vault__get_secret",
                json!({"path": "p", "reveal": true})
            ),
            ["secret_read"]
        );
        assert!(classes("mcp__obs__list_api_keys", json!({})).is_empty());
        assert_eq!(
            classes(
                "mcp__secrets__get_secret_value",
                json!({"secret_id": "prod/db"})
            ),
            ["secret_read"]
        );
        assert!(classes("mcp__secrets__list_secrets", json!({})).is_empty());
        assert!(classes("mcp__forge__get_token_scopes", json!({})).is_empty());
    }

    #[test]
    fn results_sent_to_a_named_destination() {
        for (name, input) in [
            (
                "mcp__crm__export_contacts",
                json!({"segment": "all", "destination": "s3://bucket-of-someone/x.csv"}),
            ),
            (
                "mcp__logs__search_events",
                json!({"query": "x", "sink_url": "https://collector.example.net/in"}),
            ),
            (
                "mcp__mail__create_rule",
                json!({"match": {"from": "*"}, "actions": {"forward_to": "a@b.example"}}),
            ),
            (
                "mcp__mail__update_inbox_rule",
                json!({"actions": {"forwardTo": ["x@outside.example"]}}),
            ),
            (
                "mcp__analytics__export_events",
                json!({"from": "2026-01-01", "webhook_url": "https://sink.example.net/in"}),
            ),
        ] {
            assert_eq!(classes(name, input), ["export"], "{name}");
        }
        for (name, input) in [
            (
                "mcp__crm__export_contacts",
                json!({"destination": "http://localhost:9000/in"}),
            ),
            (
                "mcp__forge__create_webhook",
                json!({"url": "https://ci.example.com/hook"}),
            ),
            ("mcp__logs__search_events", json!({"query": "status:error"})),
        ] {
            assert!(classes(name, input).is_empty(), "{name}");
        }
    }

    #[test]
    fn data_files_sent_along() {
        let o = analyse(
            "mcp__mail__send_message",
            &json!({"to": "a@b.example", "attachments": [{"path": "out/subscribers-2025.csv"}, "notes/plan.pdf"]}),
            false,
        );
        assert_eq!(
            o.sent_files,
            [SentFile {
                path: "out/subscribers-2025.csv".into(),
                people: true
            }]
        );
        let o = analyse(
            "mcp__chat__upload_file",
            &json!({"channel": "c", "file_path": "/srv/backup/app.sql.gz"}),
            false,
        );
        assert!(o.sent_files.iter().all(|f| f.people) && o.sent_files.len() == 1);
        let o = analyse(
            "mcp__chat__upload_file",
            &json!({"channel": "c", "file_path": "reports/latency-p99.csv"}),
            false,
        );
        assert!(!o.sent_files[0].people);
        assert!(analyse(
            "mcp__mail__send_message",
            &json!({"attachments": ["invoices/INV-12.pdf"]}),
            false
        )
        .sent_files
        .is_empty());
    }

    #[test]
    fn personal_data_by_shape() {
        let p = personal_data(
            "winners: a.b@mail.example, c@d.example, +44 20 7946 0958, device 3F2504E0-4F89-11D3-9A0C-0305E82C3301",
        );
        assert_eq!(p.count, 4);
        let p = personal_data("refund to card 4012888888881881 and card ending 1117");
        assert!(p.kinds.contains(&"card".to_string()));
        assert!(p.kinds.contains(&"card_ending".to_string()));
        // not a card: fails the Luhn check; a build number; a private address
        assert_eq!(personal_data("build 4012888888881882 on 10.0.0.7").count, 0);
        let o = analyse(
            "mcp__chat__post_message",
            &json!({"channel": "#ext-vendor", "text": "list: x1@a.example, x2@b.example, x3@c.example"}),
            false,
        );
        assert!(o.personal.as_ref().is_some_and(|p| p.external));
        let o = analyse(
            "mcp__chat__post_message",
            &json!({"channel": "#ops", "text": "ping ops@a.example or +1 415 555 0100"}),
            false,
        );
        assert!(o.personal.is_none());
        let o = analyse(
            "mcp__tickets__add_comment",
            &json!({"ticket": 1, "public": true, "body": "user z@q.example, device 0011aabbccddeeff, IP 81.2.69.160"}),
            false,
        );
        assert!(o.personal.is_some_and(|p| p.external));
        // a search query naming people is not text sent on
        assert!(analyse(
            "mcp__mail__search_messages",
            &json!({"query": "from:a@x.example OR from:b@y.example OR from:c@z.example"}),
            false
        )
        .personal
        .is_none());
    }

    #[test]
    fn secrets_written_as_named_values() {
        assert_eq!(
            named_secrets("config: SMTP_PASSWORD=Tr0ub4dor&3x and HOST=a"),
            ["SMTP_PASSWORD"]
        );
        assert_eq!(
            named_secrets("<?php define( 'DB_PASSWORD', 'h7Qz!kk2pp' );"),
            ["DB_PASSWORD"]
        );
        assert_eq!(
            named_secrets("use mysql://app:Xq9!w2Lp@db.prod.example:3306/app"),
            ["url-password"]
        );
        assert_eq!(
            named_secrets("please set SIGNING_PASSWORD to Bl4ck&White-77 on the runner"),
            ["SIGNING_PASSWORD"]
        );
        for quiet in [
            "set DB_PASSWORD=changeme in .env",
            "DB_PASSWORD=$DB_PASSWORD",
            "define('DB_PASSWORD', 'your-password-here');",
            "postgres://user:password@localhost/db",
            "the new one is in the org Actions secret NPM_TOKEN",
            "API_KEY=<your key>",
        ] {
            assert!(named_secrets(quiet).is_empty(), "{quiet}");
        }
    }
}
