//! hookward's settings: where they live, what each means, and where each effective value
//! came from.
//!
//! Layers, lowest first (DESIGN.md, "Where things live at run time"):
//! 1. built-in defaults;
//! 2. `~/.hookward/config.toml` (`HOOKWARD_HOME` overrides the folder);
//! 3. environment variables `HOOKWARD_<KEY>` (upper-case key: `HOOKWARD_FAIL_MODE=closed`);
//! 4. the project's `.hookward/config.toml`, which may only **tighten**: it can set
//!    `fail_mode = "closed"`, `ask_fallback = "deny"`, stricter `context.checks` and lower
//!    `scan` thresholds; anything that would loosen (disabling rules, failing open) is ignored and reported in
//!    [`Config::ignored`]. A project file is written by whoever controls the repository —
//!    possibly the agent — so it must not be able to switch protections off.
//!
//! ```
//! use hookward_config::{Config, FailMode, Layers};
//! let cfg = Config::from_layers(&Layers {
//!     user_toml: Some(("config.toml".into(), "fail_mode = \"closed\"\n".into())),
//!     ..Layers::default()
//! }).unwrap();
//! assert_eq!(cfg.fail_mode, FailMode::Closed);
//! assert_eq!(cfg.origin("fail_mode"), "config.toml");
//! ```
//!
//! Every key is declared once, in [`keys::KEYS`] (name, type, default, variable, doc, what a
//! project may do with it); parsing, `hookward config` ([`Config::rows`]), the last good copy
//! and the README's table ([`keys::docs_table`]) come from that table.
#![deny(missing_docs)]

mod cost;
pub mod edit;
pub mod keys;
pub(crate) use cost::{check_cost, CostSection};
pub use cost::{project_key, CostConfig, PriceOverride};
pub use keys::{ConfigRow, Key, ProjectRule, DEPRECATED, KEYS};

use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// What the hook does when hookward itself fails (a bug, a broken store, a broken config).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FailMode {
    /// Print nothing, exit 0: the agent proceeds as if hookward were not installed. Default.
    Open,
    /// Exit 2 with a reason on stderr: the agent blocks the tool call.
    Closed,
}

/// What an `ask` becomes on an agent (or in a mode) that cannot ask the person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AskFallback {
    /// Block the call (default).
    Deny,
    /// Let it run and record it.
    Record,
}

/// Errors reading configuration.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// TOML syntax error or a value of the wrong type / an unknown key.
    #[error("{origin}: {message}")]
    Invalid {
        /// The file (or environment variable) that holds the bad value.
        origin: String,
        /// toml's message, which names the line, the key and what was expected.
        message: String,
    },
}

/// The raw text of each layer, so that reading files and the environment stays at the edge.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layers {
    /// `(file name, contents)` of the user's config.toml, if it exists.
    pub user_toml: Option<(String, String)>,
    /// `(file name, contents)` of the project's `.hookward/config.toml`, if it exists.
    pub project_toml: Option<(String, String)>,
    /// `(origin, contents)` of the settings a managed policy bundle carries
    /// (`metadata.hookward.config` of the active bundle, `<home>/bundle/active.json`), if any.
    /// Applied like a project file: it may only tighten (issue 19 item 3).
    pub managed_toml: Option<(String, String)>,
    /// `HOOKWARD_*` environment variables (name → value).
    pub env: BTreeMap<String, String>,
}

/// A config file as serde parses it (unknown keys and wrong types are errors with toml's
/// position and expected values). Its keys are exactly [`KEYS`] and [`DEPRECATED`] (a unit test
/// in `keys.rs` checks it).
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileConfig {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) fail_mode: Option<FailMode>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) ask_fallback: Option<AskFallback>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) disabled_rules: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) policy_dirs: Option<Vec<PathBuf>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) hook_timeout: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) record: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// Deprecated ([`DEPRECATED`]): still parsed with its old type, so that a file that was
    /// broken stays broken, and warned about; read by nothing.
    pub(crate) extra_denied_programs: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) policy: Option<PolicySection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) context: Option<ContextSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) scan: Option<ScanSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) store: Option<StoreSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) lessons: Option<LessonsSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) sandbox: Option<SandboxSection>,
    pub(crate) mcp: Option<McpSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) web: Option<WebSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) export: Option<ExportSection>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cost: Option<CostSection>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SandboxSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) allow_net: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) strip_env: Option<Vec<String>>,
}

/// `[sandbox]`: defaults of `hookward run` (issue 18). Only the user's file sets them (a
/// project file may not: the project is written by whoever controls the repository).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SandboxConfig {
    /// Key `sandbox.allow_net`, default empty: `HOST:PORT` (through the allowlist proxy) or
    /// `:PORT` entries added to every `hookward run`'s `--allow-net`. Checked here for shape
    /// (`…:PORT`, port 1–65535); `hookward run` parses the hosts and refuses to start on any
    /// it cannot.
    pub allow_net: Vec<String>,
    /// Key `sandbox.strip_env`, default empty: more variable-name patterns (`*` wildcard)
    /// removed from the sandboxed command's environment, added to the built-in ones.
    pub strip_env: Vec<String>,
}

pub(crate) fn check_sandbox(origin: &str, s: &SandboxSection) -> Result<(), ConfigError> {
    let bad = |message: String| ConfigError::Invalid {
        origin: origin.to_string(),
        message,
    };
    for e in s.allow_net.iter().flatten() {
        let port = e.rsplit_once(':').map(|(_, p)| p.parse::<u16>());
        if !matches!(port, Some(Ok(p)) if p > 0) || e.chars().any(char::is_whitespace) {
            return Err(bad(format!(
                "sandbox.allow_net entry `{e}`; expected HOST:PORT or :PORT with a port from 1 to 65535"
            )));
        }
    }
    for p in s.strip_env.iter().flatten() {
        if p.is_empty()
            || !p
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'*')
        {
            return Err(bad(format!(
                "sandbox.strip_env pattern `{p}`; expected letters, digits, `_` and `*`"
            )));
        }
    }
    Ok(())
}

/// `[export]` as written in a file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ExportSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) otlp_url: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) syslog: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) syslog_ca: Option<PathBuf>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) shape: Option<ExportShape>,
}

/// The JSON document each exported record is sent as (key `export.shape`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportShape {
    /// hookward's own record shape (default).
    #[default]
    Hookward,
    /// OPA's decision-log event shape for decisions.
    Opa,
}

/// `[export]`: where `hookward export run` sends the stored decisions, health events and
/// audit entries (issue 19 item 4). Read only by that command, never by the hook.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct ExportConfig {
    /// Key `export.otlp_url`: an OpenTelemetry collector's OTLP/HTTP endpoint
    /// (`http://127.0.0.1:4318`, `/v1/logs` added when no path is given); unset: no OTLP.
    pub otlp_url: Option<String>,
    /// Key `export.syslog`: `udp://host:port`, `tcp://host:port` or `tls://host:port` of an
    /// RFC 5424 receiver; unset: no syslog.
    pub syslog: Option<String>,
    /// Key `export.syslog_ca`: a PEM file of CA certificates a `tls://` receiver's certificate
    /// may chain to, beside the Mozilla roots (a company CA).
    pub syslog_ca: Option<PathBuf>,
    /// Key `export.shape`, default `hookward`.
    pub shape: ExportShape,
}

/// `[mcp]` as written in a file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct McpSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) allow: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) block: Option<Vec<String>>,
}

/// `[web]` as written in a file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct WebSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) block_hosts: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) allow_hosts: Option<Vec<String>>,
}

/// The default `mcp.block`: name globs (case-insensitive, `*` any run of characters) of MCP
/// servers that move money or reach bank accounts. Source: the names their vendors publish
/// for their official servers (Stripe's and PayPal's agent toolkits, Square's, Plaid's,
/// Adyen's, Razorpay's, Coinbase's AgentKit) plus the generic words `bank`, `payment`,
/// `wallet`. A person sees the list (`hookward mcp list`) and edits it (`hookward mcp block`,
/// `hookward mcp unblock`, or `[mcp] block = [...]`, which replaces it whole).
pub const DEFAULT_MCP_BLOCK: &[&str] = &[
    "*adyen*",
    "*bank*",
    "*braintree*",
    "*coinbase*",
    "*klarna*",
    "*payment*",
    "*paypal*",
    "*plaid*",
    "*razorpay*",
    "*square*",
    "*stripe*",
    "*wallet*",
];

/// `[mcp]`: which MCP servers the agent may call, by server name glob (case-insensitive, `*`
/// any run of characters). Decided by the built-in rules `mcp/blocked-server` (deny) and
/// `mcp/unlisted-server` (ask) over `input.config.mcp`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct McpConfig {
    /// Key `mcp.allow`, default unset: when set (even empty), a server matching no entry asks.
    /// `hookward install --apply` adds the servers already configured in the agent's settings
    /// (trust on install).
    pub allow: Option<Vec<String>>,
    /// Key `mcp.block`, default [`DEFAULT_MCP_BLOCK`]: a server matching an entry is denied,
    /// whatever `allow` says. A project file may add entries.
    pub block: Vec<String>,
}

impl Default for McpConfig {
    fn default() -> Self {
        McpConfig {
            allow: None,
            block: DEFAULT_MCP_BLOCK.iter().map(|s| s.to_string()).collect(),
        }
    }
}

/// `[web]`: hosts the fetch tools (WebFetch, WebSearch and the other agents' equivalents) may
/// reach. An entry is a host (`example.com`, which also covers its subdomains) or a glob with
/// `*` (`*.corp.example`). Decided by the built-in rules `web/blocked-host`,
/// `web/host-not-allowed` and `web/search-outside-allowed` over `input.config.web`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct WebConfig {
    /// Key `web.block_hosts`, default empty: a fetch tool or shell command reaching one is
    /// denied. A project file may add entries.
    pub block_hosts: Vec<String>,
    /// Key `web.allow_hosts`, default empty (no allow list): when not empty, a fetch tool
    /// reaching any other host is denied, and a web search must restrict its domains to them.
    pub allow_hosts: Vec<String>,
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LessonsSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) deliver_on: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) max_per_turn: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) max_chars: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) half_life_days: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rewrite_endpoint: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) rewrite_model: Option<String>,
}

/// The events a lesson may be delivered on (`lessons.deliver_on` values).
pub const LESSON_EVENTS: &[&str] = &["UserPromptSubmit", "PreToolUse"];

/// `[lessons]`: learning from failed-then-fixed tool calls and reminding the agent (issue 14).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LessonsConfig {
    /// Key `lessons.enabled`, default true: learn lessons and deliver them.
    pub enabled: bool,
    /// Key `lessons.deliver_on`, default both of [`LESSON_EVENTS`]: the events lessons are
    /// delivered on.
    pub deliver_on: Vec<String>,
    /// Key `lessons.max_per_turn`, default 2 (0 to 5): most lessons shown on one event.
    pub max_per_turn: u32,
    /// Key `lessons.max_chars`, default 600 (120 to 4000): most characters of lesson text on
    /// one event (each lesson's own text is capped below that).
    pub max_chars: u32,
    /// Key `lessons.half_life_days`, default 30 (1 to 3650): the recency decay of recall — a
    /// lesson's score halves for each this many days since it was learned, merged or last hit.
    pub half_life_days: u32,
    /// Key `lessons.rewrite_endpoint`, default none (rewrite off): the OpenAI-compatible
    /// server `hookward lessons rewrite` uses when `--endpoint` is not given; `http://` on a
    /// loopback host with a port only ([`rewrite_endpoint`]).
    pub rewrite_endpoint: Option<String>,
    /// Key `lessons.rewrite_model`, default `"local"`: the model name sent to that server when
    /// `--model` is not given.
    pub rewrite_model: String,
}

/// Milliseconds in a day, for [`LessonsConfig::half_life_ms`].
const DAY_MS: f64 = 24.0 * 3600.0 * 1000.0;

/// Most characters of `lessons.rewrite_model`.
pub const MAX_REWRITE_MODEL_CHARS: usize = 200;

/// A rewrite endpoint split into its parts: `authority` is `host:port` (`localhost` spelled
/// `127.0.0.1`), `base` the path without a trailing slash (`/v1`, or empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewriteEndpoint {
    /// `127.0.0.1:8080`.
    pub authority: String,
    /// `/v1` (no trailing slash).
    pub base: String,
}

/// Parses a `lessons.rewrite_endpoint` / `--endpoint` URL: `http://` on `127.0.0.1`,
/// `localhost` or `[::1]`, with a port, so no lesson text leaves the machine.
///
/// # Errors
/// A message naming the URL: not `http://`, not a loopback host, no port or a bad one.
///
/// ```
/// let e = hookward_config::rewrite_endpoint("http://localhost:8080/v1/").unwrap();
/// assert_eq!((e.authority.as_str(), e.base.as_str()), ("127.0.0.1:8080", "/v1"));
/// assert!(hookward_config::rewrite_endpoint("https://api.example.com/v1").is_err());
/// ```
pub fn rewrite_endpoint(url: &str) -> Result<RewriteEndpoint, String> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| format!("`{url}`: the rewrite endpoint must be http:// on this machine"))?;
    let (authority, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let (host, port) = authority
        .rsplit_once(':')
        .ok_or_else(|| format!("`{url}`: give the port (http://127.0.0.1:8080/v1)"))?;
    if !matches!(host, "127.0.0.1" | "localhost" | "[::1]") {
        return Err(format!(
            "`{url}`: the rewrite endpoint must be on this machine (127.0.0.1, localhost or [::1]); lessons are not sent elsewhere"
        ));
    }
    port.parse::<u16>()
        .map_err(|_| format!("`{url}`: `{port}` is not a port"))?;
    let host = if host == "localhost" {
        "127.0.0.1"
    } else {
        host
    };
    Ok(RewriteEndpoint {
        authority: format!("{host}:{port}"),
        base: path.trim_end_matches('/').to_string(),
    })
}

impl Default for LessonsConfig {
    fn default() -> Self {
        LessonsConfig {
            enabled: true,
            deliver_on: LESSON_EVENTS.iter().map(|s| s.to_string()).collect(),
            max_per_turn: 2,
            max_chars: 600,
            half_life_days: 30,
            rewrite_endpoint: None,
            rewrite_model: "local".to_string(),
        }
    }
}

impl LessonsConfig {
    /// Whether lessons are delivered on the event named `event` (Claude Code spelling).
    pub fn delivers_on(&self, event: &str) -> bool {
        self.enabled && self.deliver_on.iter().any(|e| e == event)
    }

    /// [`LessonsConfig::half_life_days`] in milliseconds, as recall's score takes it.
    pub fn half_life_ms(&self) -> f64 {
        f64::from(self.half_life_days.max(1)) * DAY_MS
    }
}

pub(crate) fn check_lessons(origin: &str, l: &LessonsSection) -> Result<(), ConfigError> {
    let bad = |message: String| ConfigError::Invalid {
        origin: origin.to_string(),
        message,
    };
    if let Some(events) = &l.deliver_on {
        for e in events {
            if !LESSON_EVENTS.contains(&e.as_str()) {
                return Err(bad(format!(
                    "unknown event `{e}` in lessons.deliver_on; expected {}",
                    LESSON_EVENTS.join(" or ")
                )));
            }
        }
    }
    if let Some(n) = l.max_per_turn.filter(|n| *n > 5) {
        return Err(bad(format!("lessons.max_per_turn = {n}; expected 0 to 5")));
    }
    if let Some(n) = l.max_chars.filter(|n| !(120..=4000).contains(n)) {
        return Err(bad(format!(
            "lessons.max_chars = {n}; expected 120 to 4000"
        )));
    }
    if let Some(n) = l.half_life_days.filter(|n| !(1..=3650).contains(n)) {
        return Err(bad(format!(
            "lessons.half_life_days = {n}; expected 1 to 3650"
        )));
    }
    if let Some(url) = l.rewrite_endpoint.as_deref().filter(|u| !u.is_empty()) {
        rewrite_endpoint(url).map_err(|e| bad(format!("lessons.rewrite_endpoint = {e}")))?;
    }
    if let Some(m) = &l.rewrite_model {
        check_rewrite_model(m).map_err(bad)?;
    }
    Ok(())
}

/// A `lessons.rewrite_model` value: 1 to [`MAX_REWRITE_MODEL_CHARS`] characters, no control
/// characters (it is sent in a JSON body).
pub(crate) fn check_rewrite_model(m: &str) -> Result<(), String> {
    if m.trim().is_empty()
        || m.chars().count() > MAX_REWRITE_MODEL_CHARS
        || m.chars().any(char::is_control)
    {
        return Err(format!(
            "lessons.rewrite_model = {m:?}; expected a model name of 1 to {MAX_REWRITE_MODEL_CHARS} characters"
        ));
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct StoreSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) keep_decisions: Option<KeepValue>,
}

/// `store.keep_decisions` as written: a row count or a string (`"90d"`, `"all"`).
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(untagged)]
pub(crate) enum KeepValue {
    Rows(i64),
    Text(String),
}

/// Key `store.keep_decisions`: how many recorded decisions the store keeps. Pruning is
/// incremental (a bounded delete of the oldest rows at each SessionStart, see
/// `hookward_store::PRUNE_BATCH`), never on other hook events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KeepDecisions {
    /// Keep every decision (`"all"`, the default: what hookward always did).
    #[default]
    All,
    /// Keep the decisions of the last this many days (`"90d"`), by their `ts_ms`.
    Days(u32),
    /// Keep the newest this many decisions (a TOML integer, `100000`).
    Rows(u64),
}

/// Serialized as `config.toml` spells it: `"all"`, `"90d"` or a row count.
impl Serialize for KeepDecisions {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_value().serialize(s)
    }
}

impl KeepDecisions {
    /// Parses the TOML value; `origin` names the file in the error.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] for a count below 1, a string other than `"all"` or
    /// `"<days>d"` with 1 ≤ days ≤ 100000.
    pub(crate) fn parse(origin: &str, v: &KeepValue) -> Result<KeepDecisions, ConfigError> {
        let bad = |what: String| {
            ConfigError::Invalid {
            origin: origin.to_string(),
            message: format!(
                "`store.keep_decisions` = {what}: expected \"all\", a number of days such as \"90d\", or a row count of at least 1"
            ),
        }
        };
        match v {
            KeepValue::Rows(n) => u64::try_from(*n)
                .ok()
                .filter(|n| *n >= 1)
                .map(KeepDecisions::Rows)
                .ok_or_else(|| bad(n.to_string())),
            KeepValue::Text(t) if t.trim() == "all" => Ok(KeepDecisions::All),
            KeepValue::Text(t) => t
                .trim()
                .strip_suffix('d')
                .and_then(|d| d.parse::<u32>().ok())
                .filter(|d| (1..=100_000).contains(d))
                .map(KeepDecisions::Days)
                .ok_or_else(|| bad(format!("{t:?}"))),
        }
    }

    /// The value as `config.toml` spells it.
    pub(crate) fn to_value(self) -> KeepValue {
        match self {
            KeepDecisions::All => KeepValue::Text("all".into()),
            KeepDecisions::Days(d) => KeepValue::Text(format!("{d}d")),
            KeepDecisions::Rows(n) => KeepValue::Rows(i64::try_from(n).unwrap_or(i64::MAX)),
        }
    }
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ScanSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) learned_ask: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) learned_deny: Option<f32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) command_ask: Option<f32>,
}

/// `[scan]`: thresholds on the learned stage's calibrated score (`hookward-scan`'s
/// `Learned::score`, in [0, 1]), which the built-in Rego rules compare with
/// `input.config.scan.learned_ask` / `learned_deny`. Lower values catch more and flag more
/// benign text; the figures for the defaults are in BENCHMARKS.md.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ScanConfig {
    /// Key `scan.learned_ask` (env `HOOKWARD_SCAN_LEARNED_ASK`), default
    /// `hookward_scan::LEARNED_ASK_DEFAULT`: from this score the model and the person are warned
    /// (tool output) or the person approves (writes to instruction files).
    pub learned_ask: f32,
    /// Key `scan.learned_deny` (env `HOOKWARD_SCAN_LEARNED_DENY`), default
    /// `hookward_scan::LEARNED_DENY_DEFAULT`: from this score the window is treated as planted:
    /// removed from tool output, a write to an instruction file denied.
    pub learned_deny: f32,
    /// Key `scan.command_ask` (env `HOOKWARD_SCAN_COMMAND_ASK`), default
    /// [`COMMAND_ASK_DEFAULT`]: from this learned command score (`hookward-cmdscore`) a shell
    /// command no rule objects to is asked about (`shell/learned-risk`).
    pub command_ask: f32,
}

/// The default of `scan.command_ask`: on the public command sets, leave-one-set-out, this
/// threshold adds about 0.06 point of everyday commands asked, and on three held-out black-box
/// sets it raised the share of dangerous calls asked or denied by about 6.6 points
/// (BENCHMARKS.md, session 28).
pub const COMMAND_ASK_DEFAULT: f32 = 0.95;

impl Default for ScanConfig {
    fn default() -> Self {
        ScanConfig {
            learned_ask: hookward_scan::LEARNED_ASK_DEFAULT,
            learned_deny: hookward_scan::LEARNED_DENY_DEFAULT,
            command_ask: COMMAND_ASK_DEFAULT,
        }
    }
}

pub(crate) fn check_threshold(origin: &str, key: &str, v: f32) -> Result<f32, ConfigError> {
    if (hookward_scan::LEARNED_REPORT_FLOOR..=1.0).contains(&v) {
        Ok(v)
    } else {
        Err(ConfigError::Invalid {
            origin: origin.to_string(),
            message: format!(
                "`{key}` = {v}: expected a score between {} and 1.0",
                hookward_scan::LEARNED_REPORT_FLOOR
            ),
        })
    }
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ContextSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) enabled: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) extra: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) checks: Option<BTreeMap<String, CheckMode>>,
}

/// What one context-guard check does when it fires (issue #5 §8, `[context.checks]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckMode {
    /// Not checked at all.
    Off,
    /// Checked and recorded in the ledger (review items), nobody is stopped or told.
    Record,
    /// Before a write: the person approves. After the fact: the model and the person are told.
    Ask,
    /// Before a write: blocked. After the fact (the write already happened): as `ask`.
    Deny,
}

/// The context guard's checks and their defaults (`[context.checks]` keys). Before a write:
/// `poisoned_write` (deny), `user_requested_write` (ask), `instructed_danger` (ask),
/// `package_registry` (ask), `mcp_server` (ask), `saved_secret` (ask: a live credential
/// written into an instruction, skill or memory file), `secret_import` (deny: an `@path`
/// import of a credential or secret file written into an instruction file). After the fact: `shell_change` (ask: changes
/// to guarded files during a shell tool), `outside_change` (ask: changes seen at session
/// start), `new_executable` (ask: new hooks, MCP servers, helper commands, mentioned once),
/// `config_change` (ask: a settings or skill file changed on disk that the agent is about to
/// reload (Claude Code `ConfigChange`) with security-relevant changes or planted text: the
/// person is told and the reload goes ahead; `deny` blocks the reload. A reload that turns the
/// guard off is blocked by the locked rule `self/config-change` whatever this says).
pub const CONTEXT_CHECKS: &[(&str, CheckMode)] = &[
    ("poisoned_write", CheckMode::Deny),
    ("user_requested_write", CheckMode::Ask),
    ("instructed_danger", CheckMode::Ask),
    ("package_registry", CheckMode::Ask),
    ("mcp_server", CheckMode::Ask),
    ("saved_secret", CheckMode::Ask),
    ("secret_import", CheckMode::Deny),
    ("shell_change", CheckMode::Ask),
    ("outside_change", CheckMode::Ask),
    ("new_executable", CheckMode::Ask),
    ("config_change", CheckMode::Ask),
];

/// `[context]`: the context guard's settings.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ContextConfig {
    /// Key `context.enabled`, default true: observe guarded files around shell tools and at
    /// session start.
    pub enabled: bool,
    /// Key `context.extra`: more files to guard (absolute, or `~/`-relative), kind
    /// instructions.
    pub extra: Vec<String>,
    /// Key `context.checks`: the mode of each check in [`CONTEXT_CHECKS`].
    pub checks: BTreeMap<String, CheckMode>,
}

impl Default for ContextConfig {
    fn default() -> Self {
        ContextConfig {
            enabled: true,
            extra: Vec::new(),
            checks: CONTEXT_CHECKS
                .iter()
                .map(|(k, m)| (k.to_string(), *m))
                .collect(),
        }
    }
}

impl ContextConfig {
    /// The mode of `check` (a [`CONTEXT_CHECKS`] name); unknown names are `Ask`.
    pub fn mode(&self, check: &str) -> CheckMode {
        self.checks.get(check).copied().unwrap_or(CheckMode::Ask)
    }
}

pub(crate) fn check_names(
    origin: &str,
    checks: &BTreeMap<String, CheckMode>,
) -> Result<(), ConfigError> {
    for k in checks.keys() {
        if !CONTEXT_CHECKS.iter().any(|(n, _)| n == k) {
            return Err(ConfigError::Invalid {
                origin: origin.to_string(),
                message: format!(
                    "unknown check `context.checks.{k}`; expected one of {}",
                    CONTEXT_CHECKS
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        }
    }
    Ok(())
}

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PolicySection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) data: Option<toml::Table>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) bundle: Option<BundleConfig>,
}

/// `[policy.bundle]`: where the team's OPA bundle comes from and the key it must be signed
/// with (issue 19 item 3). Read by `hookward policy pull`, never by the hook. User file only.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct BundleConfig {
    /// A folder (a git checkout counts), a `.tar.gz` file, or an `http://`/`https://` URL of
    /// a `.tar.gz` in OPA's bundle layout.
    pub source: String,
    /// The verification key: a path to a PEM public key file, or the PEM text itself (for
    /// `HS*` the shared secret).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
    /// The JWS algorithm (`RS256` when unset, as in OPA).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<String>,
    /// The key id the signature must name, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_id: Option<String>,
    /// The scope the signature must carry (empty when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope: Option<String>,
    /// Accept bundles without a signature when no key is set (testing only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_unsigned: Option<bool>,
}

/// The effective configuration.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Config {
    /// See [`FailMode`]. Key `fail_mode`, default `open`.
    pub fail_mode: FailMode,
    /// See [`AskFallback`]. Key `ask_fallback`, default `deny`.
    pub ask_fallback: AskFallback,
    /// Rule ids whose decisions are dropped (ids under `self/` are locked and stay). Key
    /// `disabled_rules`; env `HOOKWARD_DISABLED_RULES` is comma-separated.
    pub disabled_rules: BTreeSet<String>,
    /// Extra directories of user `.rego` files, besides `~/.hookward/policies`. Key
    /// `policy_dirs`; env `HOOKWARD_POLICY_DIRS` is `:`-separated. [`load`] makes a relative
    /// folder one of hookward's home (the folder of `config.toml`).
    pub policy_dirs: Vec<PathBuf>,
    /// The `timeout` (seconds) the installer writes into the agent's hook entries. Key
    /// `hook_timeout`, default 10: hook calls take milliseconds, and the agents fail open when
    /// a hook times out (REPORT.md), so a short timeout bounds the worst case.
    pub hook_timeout: u32,
    /// Record every decision in the store. Key `record`, default true.
    pub record: bool,
    /// `[policy.data]`: the Rego `data` document for user policies (`data.<key>`).
    pub policy_data: serde_json::Value,
    /// `[policy.bundle]`, if set (see [`BundleConfig`]).
    pub policy_bundle: Option<BundleConfig>,
    /// `[context]`: the context guard (see [`ContextConfig`]).
    pub context: ContextConfig,
    /// `[scan]`: the learned stage's thresholds (see [`ScanConfig`]).
    pub scan: ScanConfig,
    /// Key `store.keep_decisions`, default `"all"` (see [`KeepDecisions`]).
    pub keep_decisions: KeepDecisions,
    /// `[lessons]` (see [`LessonsConfig`]).
    pub lessons: LessonsConfig,
    /// `[sandbox]` (see [`SandboxConfig`]).
    pub sandbox: SandboxConfig,
    /// `[mcp]` (see [`McpConfig`]).
    pub mcp: McpConfig,
    /// `[web]` (see [`WebConfig`]).
    pub web: WebConfig,
    /// `[export]` (see [`ExportConfig`]).
    pub export: ExportConfig,
    /// `[cost]` (see [`CostConfig`]).
    pub cost: CostConfig,
    /// Where each key's value came from: `default`, a file name, or an env variable name.
    pub origins: BTreeMap<String, String>,
    /// Settings that were present but not applied, with why (e.g. a project file loosening).
    pub ignored: Vec<String>,
    /// Deprecated keys still set ([`DEPRECATED`]), one warning each: `<file or variable>:
    /// `<key>` is deprecated and ignored: <what to do>` (`hookward config`, `doctor`).
    pub deprecated: Vec<String>,
    /// The layers [`Config::resolve`] looked at, in order, and which are in force (empty from
    /// [`Config::from_layers`], which fails on the first error instead).
    pub layers: Vec<LayerReport>,
}

/// One configuration layer and whether its settings are in force (`hookward config`,
/// `hookward doctor`, the hook's `config-error` health events).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LayerReport {
    /// What the layer is: `defaults`, `user file`, `environment`, `last good`, `project file`.
    pub layer: String,
    /// Where it was read from: a file path, a variable name, or `built-in`.
    pub source: String,
    /// Whether its settings are applied.
    pub in_force: bool,
    /// Why the layer is not in force (the parse or value error), or what stands in for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl LayerReport {
    fn new(layer: &str, source: &str, in_force: bool, reason: Option<String>) -> LayerReport {
        LayerReport {
            layer: layer.to_string(),
            source: source.to_string(),
            in_force,
            reason: reason.map(|r| one_line(&r)),
        }
    }
}

/// A parser message on one line: toml's first line (where) and last line (what), without the
/// quoted source lines between them.
fn one_line(message: &str) -> String {
    let lines: Vec<&str> = message
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('|') && !l.contains(" | "))
        .collect();
    match lines.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] => format!("{first}: {last}"),
    }
}

/// What [`Config::resolve`] returns: the configuration in force, and the text to cache as the
/// last good configuration when the user file and the environment both loaded cleanly.
#[derive(Debug, Clone)]
pub struct Resolution {
    /// The configuration in force.
    pub config: Config,
    /// `Some(toml)`: the user file + environment resolved without an error; this TOML (a
    /// config.toml holding every value not at its default) is the new last good configuration.
    /// `None`: a layer was broken, keep the cached copy as it is.
    pub last_good: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        let origins = KEYS
            .iter()
            .map(|k| (k.origin.to_string(), "default".to_string()))
            .collect();
        Config {
            fail_mode: FailMode::Open,
            ask_fallback: AskFallback::Deny,
            disabled_rules: BTreeSet::new(),
            policy_dirs: Vec::new(),
            hook_timeout: 10,
            record: true,
            context: ContextConfig::default(),
            scan: ScanConfig::default(),
            keep_decisions: KeepDecisions::All,
            lessons: LessonsConfig::default(),
            sandbox: SandboxConfig::default(),
            mcp: McpConfig::default(),
            web: WebConfig::default(),
            export: ExportConfig::default(),
            cost: CostConfig::default(),
            policy_data: serde_json::Value::Null,
            policy_bundle: None,
            origins,
            ignored: Vec::new(),
            deprecated: Vec::new(),
            layers: Vec::new(),
        }
    }
}

fn parse_file(origin: &str, text: &str) -> Result<FileConfig, ConfigError> {
    toml::from_str(text).map_err(|e: toml::de::Error| {
        let mut message = e.to_string().trim_end().to_string();
        if let Some(hint) = misplaced_top_level_key(text, &e) {
            message.push('\n');
            message.push_str(&hint);
        }
        ConfigError::Invalid {
            origin: origin.to_string(),
            message,
        }
    })
}

/// The explanation for the commonest hand-edit mistake: a top-level key (`fail_mode = ...`)
/// appended below a `[table]`, where TOML makes it part of that table. `Some` when `e` is an
/// unknown field, the field is a top-level key ([`KEYS`] without a dot, or [`DEPRECATED`]) and
/// a `[table]` header opens above the error's line; names the key, the table and the 1-based
/// line that opened it.
fn misplaced_top_level_key(text: &str, e: &toml::de::Error) -> Option<String> {
    let msg = e.message();
    let field = msg.strip_prefix("unknown field `")?.split('`').next()?;
    let top_level = KEYS
        .iter()
        .map(|k| k.name)
        .chain(DEPRECATED.iter().map(|d| d.name))
        .any(|name| !name.contains('.') && name == field);
    if !top_level {
        return None;
    }
    let at = e.span()?.start.min(text.len());
    let (line_no, header) = text[..at]
        .lines()
        .enumerate()
        .filter(|(_, l)| l.trim_start().starts_with('['))
        .last()?;
    let header = header.trim();
    let header = header.split('#').next().unwrap_or(header).trim();
    Some(format!(
        "`{field}` is a top-level key, but it is inside the table {header} (opened at line {}): \
         TOML puts every key below a [table] header into that table; move `{field}` above the \
         first [table] of the file",
        line_no + 1
    ))
}

pub(crate) fn parse_env<T: for<'de> Deserialize<'de>>(
    name: &str,
    value: &str,
) -> Result<T, ConfigError> {
    #[derive(Deserialize)]
    struct W<T> {
        v: T,
    }
    let doc = format!(
        "v = \"{}\"",
        value.replace('\\', "\\\\").replace('"', "\\\"")
    );
    toml::from_str::<W<T>>(&doc)
        .map(|w| w.v)
        .map_err(|e| ConfigError::Invalid {
            origin: format!("environment variable {name}"),
            message: format!("{value:?} is not valid: {}", e.message()),
        })
}

pub(crate) fn toml_to_json(t: toml::Table) -> serde_json::Value {
    serde_json::to_value(t).unwrap_or(serde_json::Value::Null)
}

impl Config {
    /// Where the value of `key` came from (`default` when unknown key).
    pub fn origin(&self, key: &str) -> &str {
        self.origins
            .get(key)
            .map(String::as_str)
            .unwrap_or("default")
    }

    /// Combines the layers. Errors: [`ConfigError::Invalid`] naming the file or variable, the
    /// key and what was expected (unknown keys are errors, so a typo is not silently ignored).
    pub fn from_layers(layers: &Layers) -> Result<Config, ConfigError> {
        let mut cfg = Config::default();
        if let Some((origin, text)) = &layers.user_toml {
            apply_user(&mut cfg, origin, text)?;
        }
        for (name, value) in &layers.env {
            apply_env_var(&mut cfg, name, value)?;
        }
        if let Some((origin, text)) = &layers.managed_toml {
            apply_project(&mut cfg, origin, text)?;
        }
        if let Some((origin, text)) = &layers.project_toml {
            apply_project(&mut cfg, origin, text)?;
        }
        Ok(cfg)
    }

    /// Combines the layers without ever loosening on an error (issue 12, item 2):
    /// - a project file that does not parse (syntax, type, unknown key) is ignored **alone**: the
    ///   user file, the environment and the last good configuration stay as they are;
    /// - a user file or a `HOOKWARD_*` value that does not parse is ignored, and the **last good
    ///   configuration** (`last_good`: `(origin, toml)`, what [`Resolution::last_good`] returned
    ///   on the last clean load) stands in for the user file, with the environment values that
    ///   do parse applied over it again; without a cached copy, the built-in defaults stand in;
    /// - the fail mode never weakens on an error: while a user or environment layer is broken it
    ///   is `closed` when the last good configuration, the layers in force, or the broken layer
    ///   itself (read best-effort with [`Config::scrape_fail_mode`]) say `closed`; a broken
    ///   project file that says `closed` still closes (a project may always tighten).
    ///
    /// Every layer's state is in [`Config::layers`]. Never fails.
    pub fn resolve(layers: &Layers, last_good: Option<(&str, &str)>) -> Resolution {
        let mut reports = vec![LayerReport::new("defaults", "built-in", true, None)];
        let mut cfg = Config::default();
        let mut broken = false;
        let mut broken_closed = false;
        if let Some((origin, text)) = &layers.user_toml {
            let mut c = cfg.clone();
            match apply_user(&mut c, origin, text) {
                Ok(()) => {
                    cfg = c;
                    reports.push(LayerReport::new("user file", origin, true, None));
                }
                Err(e) => {
                    broken = true;
                    broken_closed |= Config::scrape_fail_mode(text) == Some(FailMode::Closed);
                    reports.push(LayerReport::new(
                        "user file",
                        origin,
                        false,
                        Some(e.to_string()),
                    ));
                }
            }
        }
        let env: Vec<(&String, &String)> = layers
            .env
            .iter()
            .filter(|(k, _)| keys::is_env_key(k))
            .collect();
        let mut env_ok = Vec::new();
        for (name, value) in &env {
            let mut c = cfg.clone();
            match apply_env_var(&mut c, name, value) {
                Ok(()) => {
                    cfg = c;
                    env_ok.push((*name, *value));
                    reports.push(LayerReport::new("environment", name, true, None));
                }
                Err(e) => {
                    broken = true;
                    broken_closed |= name.eq_ignore_ascii_case("HOOKWARD_FAIL_MODE")
                        && value
                            .trim()
                            .trim_matches(['"', '\''])
                            .eq_ignore_ascii_case("closed");
                    reports.push(LayerReport::new(
                        "environment",
                        name,
                        false,
                        Some(e.to_string()),
                    ));
                }
            }
        }
        let cache = if broken {
            let closed_before = cfg.fail_mode == FailMode::Closed;
            let mut from_cache = None;
            match last_good {
                Some((origin, text)) => {
                    let mut c = Config::default();
                    match apply_user(&mut c, origin, text) {
                        Ok(()) => from_cache = Some((origin, c)),
                        Err(e) => reports.push(LayerReport::new(
                            "last good",
                            origin,
                            false,
                            Some(format!("the cached copy does not load either: {e}")),
                        )),
                    }
                }
                None => reports.push(LayerReport::new(
                    "last good",
                    "(none cached)",
                    false,
                    Some(
                        "no configuration has loaded cleanly yet; the built-in defaults stand in for the broken layer"
                            .into(),
                    ),
                )),
            }
            if let Some((origin, mut c)) = from_cache {
                for (name, value) in &env_ok {
                    // These applied above, on a config of the same shape: they apply again.
                    let _ = apply_env_var(&mut c, name, value);
                }
                cfg = c;
                // The cached layer stands in for the user file; the environment is above it.
                let at = reports
                    .iter()
                    .position(|r| r.layer == "environment")
                    .unwrap_or(reports.len());
                reports.insert(
                    at,
                    LayerReport::new(
                        "last good",
                        origin,
                        true,
                        Some("stands in for the layer that does not load".into()),
                    ),
                );
            }
            if (broken_closed || closed_before) && cfg.fail_mode != FailMode::Closed {
                cfg.fail_mode = FailMode::Closed;
                cfg.origins.insert(
                    "fail_mode".into(),
                    "a layer that does not load (the fail mode never weakens on an error)".into(),
                );
            }
            None
        } else {
            to_cache_toml(&cfg)
        };
        if let Some((origin, text)) = &layers.managed_toml {
            // A managed bundle's settings only tighten; one that does not apply is reported
            // and the fail mode it asks for still closes, as for a project file.
            let mut c = cfg.clone();
            match apply_project(&mut c, origin, text) {
                Ok(()) => {
                    cfg = c;
                    reports.push(LayerReport::new("managed bundle", origin, true, None));
                }
                Err(e) => {
                    if Config::scrape_fail_mode(text) == Some(FailMode::Closed) {
                        cfg.fail_mode = FailMode::Closed;
                        cfg.origins.insert("fail_mode".into(), origin.to_string());
                    }
                    reports.push(LayerReport::new(
                        "managed bundle",
                        origin,
                        false,
                        Some(e.to_string()),
                    ));
                }
            }
        }
        if let Some((origin, text)) = &layers.project_toml {
            let mut c = cfg.clone();
            match apply_project(&mut c, origin, text) {
                Ok(()) => {
                    cfg = c;
                    reports.push(LayerReport::new("project file", origin, true, None));
                }
                Err(e) => {
                    let closes = Config::scrape_fail_mode(text) == Some(FailMode::Closed);
                    if closes {
                        cfg.fail_mode = FailMode::Closed;
                        cfg.origins.insert("fail_mode".into(), origin.to_string());
                    }
                    reports.push(LayerReport::new(
                        "project file",
                        origin,
                        false,
                        Some(format!(
                            "{e} (ignored alone: the user's settings stay in force{})",
                            if closes {
                                "; its fail_mode = \"closed\" still applies"
                            } else {
                                ""
                            }
                        )),
                    ));
                }
            }
        }
        cfg.layers = reports;
        Resolution {
            config: cfg,
            last_good: cache,
        }
    }

    /// The layers not in force, as `<layer> <source>: <reason>` lines.
    pub fn broken_layers(&self) -> Vec<String> {
        self.layers
            .iter()
            .filter(|l| !l.in_force && l.layer != "last good")
            .map(|l| {
                format!(
                    "{} {} ignored: {}",
                    l.layer,
                    l.source,
                    l.reason.as_deref().unwrap_or("not loaded")
                )
            })
            .collect()
    }

    /// The configuration as the policy sees it (`input.config`).
    pub fn policy_view(&self) -> serde_json::Value {
        serde_json::json!({
            "fail_mode": self.fail_mode,
            "ask_fallback": self.ask_fallback,
            "disabled_rules": self.disabled_rules,
            "scan": {
                "learned_ask": (f64::from(self.scan.learned_ask) * 1000.0).round() / 1000.0,
                "learned_deny": (f64::from(self.scan.learned_deny) * 1000.0).round() / 1000.0,
                "command_ask": (f64::from(self.scan.command_ask) * 1000.0).round() / 1000.0,
            },
            "mcp": {
                "allow": self.mcp.allow,
                "block": self.mcp.block,
            },
            "web": {
                "block_hosts": self.web.block_hosts,
                "allow_hosts": self.web.allow_hosts,
            },
        })
    }

    /// The lines of `hookward config`: every key of [`KEYS`] with its value and origin
    /// (`context.checks` one line per check).
    pub fn rows(&self) -> Vec<ConfigRow> {
        keys::rows(self)
    }

    /// Best-effort reading of `fail_mode` from a config file that does not parse, so that a
    /// broken file does not silently turn a fail-closed setup into fail-open.
    pub fn scrape_fail_mode(text: &str) -> Option<FailMode> {
        text.lines().find_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("fail_mode")?
                .trim_start()
                .strip_prefix('=')?;
            match rest.trim().trim_matches(['"', '\'']) {
                "closed" => Some(FailMode::Closed),
                "open" => Some(FailMode::Open),
                _ => None,
            }
        })
    }
}

/// Layer 2: the user's `config.toml` over `cfg`. Errors: [`ConfigError::Invalid`] (syntax,
/// type, unknown key, unknown check, threshold out of range); `cfg` may be half-changed then.
fn apply_user(cfg: &mut Config, origin: &str, text: &str) -> Result<(), ConfigError> {
    let f = parse_file(origin, text)?;
    keys::apply_file(cfg, &f, origin)
}

/// Layer 3: one `HOOKWARD_*` variable over `cfg` (other variables are not config keys and are
/// skipped). Errors: [`ConfigError::Invalid`] naming the variable.
fn apply_env_var(cfg: &mut Config, name: &str, value: &str) -> Result<(), ConfigError> {
    keys::apply_env(cfg, name, value)
}

/// Layer 4: the project's `.hookward/config.toml`, which only tightens (see the crate docs).
/// Errors: [`ConfigError::Invalid`]; `cfg` may be half-changed then.
fn apply_project(cfg: &mut Config, origin: &str, text: &str) -> Result<(), ConfigError> {
    let f = parse_file(origin, text)?;
    keys::apply_project(cfg, &f, origin)
}

/// The user file + environment part of `cfg` as a config.toml holding every key whose origin
/// is not `default` (so that origins stay meaningful when the copy stands in). `None` when a
/// value cannot be written as TOML (a policy path that is not UTF-8).
fn to_cache_toml(cfg: &Config) -> Option<String> {
    let f = keys::cache_file(cfg)?;
    let body = toml::to_string(&f).ok()?;
    Some(format!("{LAST_GOOD_HEADER}{body}"))
}

/// The first lines of the last good configuration's file.
const LAST_GOOD_HEADER: &str = "# Written by hookward: the last configuration (config.toml + HOOKWARD_*) that loaded\n# without an error. It stands in when config.toml or a HOOKWARD_* value does not load.\n# Do not edit: it is rewritten on the next clean load.\n";

/// Where the last good configuration is cached: `<home>/cache/config.last-good.toml`.
pub fn last_good_path(home: &Path) -> PathBuf {
    home.join("cache").join("config.last-good.toml")
}

/// [`Config::resolve`] with the cached last good configuration under `home`
/// ([`last_good_path`]), which it refreshes (atomic rename, only when the text changed) after a
/// clean load. A cache that cannot be read counts as none; one that cannot be written is left
/// as it was (reported in [`Config::layers`] as a note on the defaults). Never fails.
pub fn load(home: &Path, layers: &Layers) -> Config {
    let path = last_good_path(home);
    let cached = std::fs::read_to_string(&path).ok();
    let origin = path.display().to_string();
    let last_good = cached.as_deref().map(|t| (origin.as_str(), t));
    let r = match memo::get(layers, last_good) {
        Some(r) => r,
        None => {
            let r = Config::resolve(layers, last_good);
            memo::put(layers, last_good, &r);
            r
        }
    };
    let mut cfg = r.config;
    // A relative folder of `policy_dirs` (file or variable) is one of hookward's home, the
    // folder of config.toml: never of the working directory, which differs between the agent's
    // calls (and is `/` in the warm helper's server).
    for d in cfg.policy_dirs.iter_mut() {
        if d.is_relative() {
            *d = home.join(&*d);
        }
    }
    if let Some(text) = r.last_good {
        if cached.as_deref() != Some(text.as_str()) {
            if let Err(e) = write_atomic(&path, &text) {
                cfg.layers.push(LayerReport::new(
                    "last good",
                    &path.display().to_string(),
                    false,
                    Some(format!("could not be written: {e}")),
                ));
            }
        }
    }
    cfg
}

/// Keeps [`load`]'s resolutions in memory for later calls of this process with the same
/// inputs (every layer's name and text, the environment, the last good copy): for the warm
/// helper's server (`hookward hook-server`, issue 15), where each call otherwise parsed the
/// same TOML again. [`Config::resolve`] reads nothing but its arguments, so a kept resolution
/// is the one a new process would make; an edited file is new text, resolved anew. Off unless
/// called: a hook process loads once.
pub fn keep_resolutions_in_memory() {
    memo::ON.store(true, std::sync::atomic::Ordering::Relaxed);
}

mod memo {
    use super::{Layers, Resolution};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Mutex, PoisonError};

    /// Resolutions kept at most (a few projects and homes); past it the oldest goes.
    const MAX_KEPT: usize = 8;

    pub(super) static ON: AtomicBool = AtomicBool::new(false);

    type Key = (Layers, Option<(String, String)>);

    static KEPT: Mutex<Vec<(Key, Resolution)>> = Mutex::new(Vec::new());

    fn same(k: &Key, layers: &Layers, last_good: Option<(&str, &str)>) -> bool {
        k.0 == *layers && k.1.as_ref().map(|(a, b)| (a.as_str(), b.as_str())) == last_good
    }

    pub(super) fn get(layers: &Layers, last_good: Option<(&str, &str)>) -> Option<Resolution> {
        if !ON.load(Ordering::Relaxed) {
            return None;
        }
        let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        kept.iter()
            .find(|(k, _)| same(k, layers, last_good))
            .map(|(_, r)| r.clone())
    }

    pub(super) fn put(layers: &Layers, last_good: Option<(&str, &str)>, r: &Resolution) {
        if !ON.load(Ordering::Relaxed) {
            return;
        }
        let mut kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.iter().any(|(k, _)| same(k, layers, last_good)) {
            return;
        }
        if kept.len() >= MAX_KEPT {
            kept.remove(0);
        }
        let key = (
            layers.clone(),
            last_good.map(|(a, b)| (a.to_string(), b.to_string())),
        );
        kept.push((key, r.clone()));
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename
/// ([`hookward_sys::write_atomic`]).
pub(crate) fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    hookward_sys::write_atomic(path, text.as_bytes())
}

/// Reads the layers from disk and the process environment.
///
/// `home` is hookward's home (`HOOKWARD_HOME` or `~/.hookward`); `project_dir` the agent's
/// project, if known. Missing files are fine; unreadable ones are errors.
pub fn read_layers(home: &Path, project_dir: Option<&Path>) -> Result<Layers, ConfigError> {
    let read = |p: PathBuf| -> Result<Option<(String, String)>, ConfigError> {
        match std::fs::read_to_string(&p) {
            Ok(t) => Ok(Some((p.display().to_string(), t))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(source) => Err(ConfigError::Io { path: p, source }),
        }
    };
    let user = home.join("config.toml");
    // Run from the home folder, the project's `.hookward/config.toml` is the user file itself:
    // read it once, as the user layer (else its keys would be "ignored" as a project's).
    let same_as_user = |p: &Path| match (p.canonicalize(), user.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => p == user,
    };
    Ok(Layers {
        user_toml: read(user.clone())?,
        project_toml: match project_dir {
            Some(p) => {
                let file = p.join(".hookward").join("config.toml");
                if same_as_user(&file) {
                    None
                } else {
                    read(file)?
                }
            }
            None => None,
        },
        managed_toml: managed_layer(home),
        env: std::env::vars()
            .filter(|(k, _)| k.starts_with("HOOKWARD_"))
            .collect(),
    })
}

/// The settings of the active managed bundle: `managed_toml` of `<home>/bundle/active.json`
/// (written by `hookward policy pull`, `hookward_bundle::active`), with an origin naming the
/// bundle's revision. `None` when no bundle is active or it manages no settings; an
/// unreadable record gives a layer that does not parse, so it is reported, never skipped
/// silently.
pub fn managed_layer(home: &Path) -> Option<(String, String)> {
    let p = home.join("bundle").join("active.json");
    let read = std::fs::read(&p);
    managed_layer_of(&p, &read)
}

/// [`managed_layer`] from a read of the record the caller already made (`path` and what
/// `std::fs::read` gave), so a hook call opens `active.json` once for its configuration and
/// its policy bundle (issue 15).
pub fn managed_layer_of(p: &Path, read: &std::io::Result<Vec<u8>>) -> Option<(String, String)> {
    let bytes = match read {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => return Some((p.display().to_string(), format!("# unreadable: {e}\n[[["))),
    };
    let Ok(v) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        return Some((p.display().to_string(), "# not JSON\n[[[".to_string()));
    };
    let text = v.get("managed_toml")?.as_str()?.to_string();
    let revision = v.get("revision").and_then(|r| r.as_str()).unwrap_or("");
    Some((
        format!("managed bundle {revision:?} ({})", p.display()),
        text,
    ))
}

/// hookward's home: `HOOKWARD_HOME` if set and non-empty, else `$HOME/.hookward`.
/// `None` when neither variable is usable.
pub fn hookward_home() -> Option<PathBuf> {
    match std::env::var_os("HOOKWARD_HOME") {
        Some(h) if !h.is_empty() => Some(PathBuf::from(h)),
        _ => std::env::var_os("HOME")
            .filter(|h| !h.is_empty())
            .map(|h| PathBuf::from(h).join(".hookward")),
    }
}

#[cfg(test)]
mod tests {
    /// Run from the home folder, `<home>/.hookward/config.toml` is the user file and the
    /// "project" file at once: it is read once, as the user's (its keys were reported as
    /// ignored by a project before, found with `mcp.allow` written by `install --apply`).
    #[test]
    fn the_home_folder_is_not_its_own_project() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join(".hookward");
        std::fs::create_dir_all(&home).unwrap();
        std::fs::write(home.join("config.toml"), "[mcp]\nallow = [\"github\"]\n").unwrap();
        let layers = super::read_layers(&home, Some(dir.path())).unwrap();
        assert!(layers.user_toml.is_some());
        assert!(layers.project_toml.is_none());
        let cfg = super::Config::from_layers(&layers).unwrap();
        assert!(cfg.ignored.is_empty(), "{:?}", cfg.ignored);
        assert_eq!(cfg.mcp.allow, Some(vec!["github".to_string()]));
        // A real project beside it is still read.
        let project = dir.path().join("p");
        std::fs::create_dir_all(project.join(".hookward")).unwrap();
        std::fs::write(
            project.join(".hookward/config.toml"),
            "fail_mode = \"closed\"\n",
        )
        .unwrap();
        let layers = super::read_layers(&home, Some(&project)).unwrap();
        assert!(layers.project_toml.is_some());
    }

    use super::*;

    fn layers(user: Option<&str>, project: Option<&str>, env: &[(&str, &str)]) -> Layers {
        Layers {
            user_toml: user.map(|t| ("/h/config.toml".to_string(), t.to_string())),
            project_toml: project.map(|t| ("/p/.hookward/config.toml".to_string(), t.to_string())),
            managed_toml: None,
            env: env
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        }
    }

    /// A managed bundle's settings (issue 19 item 3) only tighten, like a project file, and
    /// the layer is reported; `managed_layer` reads them from the active bundle's record.
    #[test]
    fn managed_bundle_settings_only_tighten() {
        let mut l = layers(
            Some("fail_mode = \"open\"\nask_fallback = \"record\"\n"),
            None,
            &[],
        );
        l.managed_toml = Some((
            "managed bundle \"r1\"".into(),
            "fail_mode = \"closed\"\nask_fallback = \"deny\"\ndisabled_rules = [\"shell/recursive-delete-home\"]\n".into(),
        ));
        let r = Config::resolve(&l, None).config;
        assert_eq!(r.fail_mode, FailMode::Closed);
        assert_eq!(r.ask_fallback, AskFallback::Deny);
        assert!(
            r.disabled_rules.is_empty(),
            "a managed layer cannot disable rules"
        );
        assert!(r
            .layers
            .iter()
            .any(|x| x.layer == "managed bundle" && x.in_force));
        assert_eq!(r.origin("fail_mode"), "managed bundle \"r1\"");

        let dir = tempfile::tempdir().unwrap();
        assert!(managed_layer(dir.path()).is_none());
        std::fs::create_dir_all(dir.path().join("bundle")).unwrap();
        std::fs::write(
            dir.path().join("bundle/active.json"),
            r#"{"revision": "r2", "managed_toml": "fail_mode = \"closed\"\n"}"#,
        )
        .unwrap();
        let (origin, text) = managed_layer(dir.path()).unwrap();
        assert!(origin.starts_with("managed bundle \"r2\""), "{origin}");
        assert_eq!(text, "fail_mode = \"closed\"\n");
        // A record that is not JSON gives a layer that does not parse: reported, not skipped.
        std::fs::write(dir.path().join("bundle/active.json"), "{").unwrap();
        let mut l = layers(None, None, &[]);
        l.managed_toml = managed_layer(dir.path());
        let r = Config::resolve(&l, None).config;
        assert!(r
            .layers
            .iter()
            .any(|x| x.layer == "managed bundle" && !x.in_force));
    }

    #[test]
    fn keep_decisions_parses_days_rows_and_all_and_refuses_the_rest() {
        let keep = |toml: &str| Config::from_layers(&layers(Some(toml), None, &[]));
        assert_eq!(Config::default().keep_decisions, KeepDecisions::All);
        for (days, rows) in [(1u32, 1u64), (90, 100_000), (100_000, 7)] {
            let c = keep(&format!("[store]\nkeep_decisions = \"{days}d\"\n")).unwrap();
            assert_eq!(c.keep_decisions, KeepDecisions::Days(days));
            assert_eq!(c.origin("store.keep_decisions"), "/h/config.toml");
            let c = keep(&format!("[store]\nkeep_decisions = {rows}\n")).unwrap();
            assert_eq!(c.keep_decisions, KeepDecisions::Rows(rows));
        }
        let c = keep("[store]\nkeep_decisions = \"all\"\n").unwrap();
        assert_eq!(c.keep_decisions, KeepDecisions::All);
        for bad in [
            "0",
            "-5",
            "\"0d\"",
            "\"90\"",
            "\"d\"",
            "\"90w\"",
            "\"100001d\"",
            "\"\"",
        ] {
            let err = keep(&format!("[store]\nkeep_decisions = {bad}\n")).unwrap_err();
            assert!(
                err.to_string().contains("store.keep_decisions"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn a_project_file_cannot_set_keep_decisions() {
        let c = Config::from_layers(&layers(
            Some("[store]\nkeep_decisions = \"90d\"\n"),
            Some("[store]\nkeep_decisions = 1\n"),
            &[],
        ))
        .unwrap();
        assert_eq!(c.keep_decisions, KeepDecisions::Days(90));
    }

    #[test]
    fn context_checks_parse_and_a_project_only_tightens_them() {
        let c = Config::from_layers(&layers(
            Some("[context]\nextra = [\"~/notes/agent.md\"]\n[context.checks]\npoisoned_write = \"record\"\nshell_change = \"off\"\n"),
            Some("[context.checks]\npoisoned_write = \"deny\"\nmcp_server = \"off\"\n"),
            &[],
        ))
        .unwrap();
        assert_eq!(c.context.mode("poisoned_write"), CheckMode::Deny);
        assert_eq!(c.context.mode("shell_change"), CheckMode::Off);
        assert_eq!(c.context.mode("mcp_server"), CheckMode::Ask);
        assert_eq!(c.context.extra, vec!["~/notes/agent.md".to_string()]);
        assert!(
            c.ignored
                .iter()
                .any(|i| i.contains("context.checks.mcp_server")),
            "{:?}",
            c.ignored
        );
        let err = Config::from_layers(&layers(
            Some("[context.checks]\npoisoned_writes = \"off\"\n"),
            None,
            &[],
        ))
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("/h/config.toml")
                && err.contains("poisoned_writes")
                && err.contains("poisoned_write,"),
            "{err}"
        );
        let err = Config::from_layers(&layers(
            Some("[context.checks]\npoisoned_write = \"maybe\"\n"),
            None,
            &[],
        ))
        .unwrap_err()
        .to_string();
        assert!(err.contains("maybe"), "{err}");
    }

    #[test]
    fn lessons_keys_parse_check_and_the_variable_turns_them_off() {
        let c = Config::from_layers(&layers(
            Some("[lessons]\ndeliver_on = [\"PreToolUse\"]\nmax_per_turn = 1\nmax_chars = 300\n"),
            None,
            &[],
        ))
        .unwrap();
        assert_eq!(c.lessons.deliver_on, vec!["PreToolUse"]);
        assert_eq!((c.lessons.max_per_turn, c.lessons.max_chars), (1, 300));
        assert!(c.lessons.delivers_on("PreToolUse") && !c.lessons.delivers_on("UserPromptSubmit"));
        assert_eq!(c.origin("lessons"), "/h/config.toml");
        for bad in [
            "[lessons]\ndeliver_on = [\"Stop\"]\n",
            "[lessons]\nmax_per_turn = 9\n",
            "[lessons]\nmax_chars = 10\n",
            "[lessons]\nenable = true\n",
        ] {
            assert!(
                Config::from_layers(&layers(Some(bad), None, &[])).is_err(),
                "{bad}"
            );
        }
        let off = Config::from_layers(&layers(None, None, &[("HOOKWARD_LESSONS", "0")])).unwrap();
        assert!(!off.lessons.enabled && !off.lessons.delivers_on("PreToolUse"));
        assert!(Config::default().lessons.delivers_on("UserPromptSubmit"));
    }

    #[test]
    fn lessons_decay_and_rewrite_keys_parse_check_and_a_project_cannot_set_them() {
        let d = Config::default().lessons;
        assert_eq!(d.half_life_days, 30);
        assert!((d.half_life_ms() - recall_default_ms()).abs() < 1.0);
        assert_eq!(
            (d.rewrite_endpoint, d.rewrite_model.as_str()),
            (None, "local")
        );
        let c = Config::from_layers(&layers(
            Some("[lessons]\nhalf_life_days = 7\nrewrite_endpoint = \"http://127.0.0.1:8080/v1\"\nrewrite_model = \"qwen\"\n"),
            Some("[lessons]\nhalf_life_days = 3650\nrewrite_endpoint = \"http://127.0.0.1:9/v1\"\nrewrite_model = \"x\"\n"),
            &[],
        ))
        .unwrap();
        assert_eq!(c.lessons.half_life_days, 7);
        assert!((c.lessons.half_life_ms() - 7.0 * 86_400_000.0).abs() < 1.0);
        assert_eq!(
            c.lessons.rewrite_endpoint.as_deref(),
            Some("http://127.0.0.1:8080/v1")
        );
        assert_eq!(c.lessons.rewrite_model, "qwen");
        for key in [
            "lessons.half_life_days",
            "lessons.rewrite_endpoint",
            "lessons.rewrite_model",
        ] {
            assert!(
                c.ignored.iter().any(|i| i.contains(key)),
                "{key}: {:?}",
                c.ignored
            );
        }
        // the variables win over the file; an empty endpoint turns rewrite off
        let c = Config::from_layers(&layers(
            Some("[lessons]\nrewrite_endpoint = \"http://127.0.0.1:8080/v1\"\n"),
            None,
            &[
                ("HOOKWARD_LESSONS_REWRITE_ENDPOINT", ""),
                ("HOOKWARD_LESSONS_REWRITE_MODEL", "llama"),
            ],
        ))
        .unwrap();
        assert_eq!(c.lessons.rewrite_endpoint, None);
        assert_eq!(c.lessons.rewrite_model, "llama");
        let c = Config::from_layers(&layers(
            None,
            None,
            &[(
                "HOOKWARD_LESSONS_REWRITE_ENDPOINT",
                "http://localhost:11434/v1",
            )],
        ))
        .unwrap();
        assert_eq!(
            c.lessons.rewrite_endpoint.as_deref(),
            Some("http://localhost:11434/v1")
        );
        let c = Config::from_layers(&layers(
            Some("[lessons]\nrewrite_endpoint = \"\"\n"),
            None,
            &[],
        ))
        .unwrap();
        assert_eq!(c.lessons.rewrite_endpoint, None);
        for bad in [
            "[lessons]\nhalf_life_days = 0\n",
            "[lessons]\nhalf_life_days = 3651\n",
            "[lessons]\nrewrite_endpoint = \"https://api.example.com/v1\"\n",
            "[lessons]\nrewrite_endpoint = \"http://10.0.0.5:8080/v1\"\n",
            "[lessons]\nrewrite_endpoint = \"http://127.0.0.1/v1\"\n",
            "[lessons]\nrewrite_model = \"\"\n",
            "[lessons]\nrewrite_model = \"a\\nb\"\n",
        ] {
            let err = Config::from_layers(&layers(Some(bad), None, &[])).unwrap_err();
            assert!(err.to_string().contains("lessons."), "{bad}: {err}");
        }
        for (var, value) in [
            (
                "HOOKWARD_LESSONS_REWRITE_ENDPOINT",
                "http://example.com:80/v1",
            ),
            ("HOOKWARD_LESSONS_REWRITE_MODEL", " "),
        ] {
            let err = Config::from_layers(&layers(None, None, &[(var, value)])).unwrap_err();
            assert!(err.to_string().contains(var), "{var}: {err}");
        }
    }

    /// recall's default half-life, 30 days in ms (hookward-lessons is not a dependency here).
    fn recall_default_ms() -> f64 {
        30.0 * 24.0 * 3600.0 * 1000.0
    }

    #[test]
    fn sandbox_keys_parse_check_and_a_project_cannot_set_them() {
        let c = Config::from_layers(&layers(
            Some("[sandbox]\nallow_net = [\"api.example.com:443\", \":5432\"]\nstrip_env = [\"CORP_*\"]\n"),
            None,
            &[],
        ))
        .unwrap();
        assert_eq!(c.sandbox.allow_net, vec!["api.example.com:443", ":5432"]);
        assert_eq!(c.sandbox.strip_env, vec!["CORP_*"]);
        assert_eq!(c.origin("sandbox"), "/h/config.toml");
        for bad in [
            "[sandbox]\nallow_net = [\"example.com\"]\n",
            "[sandbox]\nallow_net = [\"example.com:0\"]\n",
            "[sandbox]\nallow_net = [\"a b:1\"]\n",
            "[sandbox]\nstrip_env = [\"A-B\"]\n",
            "[sandbox]\nallow = []\n",
        ] {
            assert!(
                Config::from_layers(&layers(Some(bad), None, &[])).is_err(),
                "{bad}"
            );
        }
        assert!(Config::default().sandbox.allow_net.is_empty());
        // A project file may not widen the network of the sandbox.
        let c = Config::from_layers(&layers(
            None,
            Some("[sandbox]\nallow_net = [\"evil.example:443\"]\n"),
            &[],
        ))
        .unwrap();
        assert!(c.sandbox.allow_net.is_empty());
        assert!(
            c.ignored.iter().any(|i| i.contains("sandbox.allow_net")),
            "{:?}",
            c.ignored
        );
    }

    #[test]
    fn env_overrides_file_and_origins_say_so() {
        let c = Config::from_layers(&layers(
            Some("fail_mode = \"closed\"\ndisabled_rules = [\"path/env-file\"]\n"),
            None,
            &[
                ("HOOKWARD_FAIL_MODE", "open"),
                ("HOOKWARD_HOOK_TIMEOUT", "5"),
            ],
        ))
        .unwrap();
        assert_eq!(c.fail_mode, FailMode::Open);
        assert_eq!(c.origin("fail_mode"), "HOOKWARD_FAIL_MODE");
        assert_eq!(c.hook_timeout, 5);
        assert_eq!(c.origin("disabled_rules"), "/h/config.toml");
        assert_eq!(c.origin("record"), "default");
    }

    #[test]
    fn project_can_only_tighten() {
        let c = Config::from_layers(&layers(
            Some("fail_mode = \"open\"\n"),
            Some("fail_mode = \"closed\"\ndisabled_rules = [\"shell/remote-exec\"]\n"),
            &[],
        ))
        .unwrap();
        assert_eq!(c.fail_mode, FailMode::Closed);
        assert!(c.disabled_rules.is_empty());
        assert_eq!(c.ignored.len(), 1, "{:?}", c.ignored);
        let c = Config::from_layers(&layers(
            Some("fail_mode = \"closed\"\n"),
            Some("fail_mode = \"open\"\n"),
            &[],
        ))
        .unwrap();
        assert_eq!(c.fail_mode, FailMode::Closed);
    }

    #[test]
    fn a_top_level_key_below_a_table_names_the_table_and_its_line() {
        let text = "# written by install\n[mcp]\nallow = [\"github\"]\nfail_mode = \"closed\"\n";
        let e = Config::from_layers(&layers(Some(text), None, &[]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `fail_mode`"), "{e}");
        assert!(
            e.contains("`fail_mode` is a top-level key, but it is inside the table [mcp] (opened at line 2)"),
            "{e}"
        );
        assert!(e.contains("above the first [table]"), "{e}");
        // A key that is not top-level (a typo inside the table) gets no such hint.
        let e = Config::from_layers(&layers(Some("[mcp]\nalow = []\n"), None, &[]))
            .unwrap_err()
            .to_string();
        assert!(!e.contains("top-level key"), "{e}");
    }

    #[test]
    fn errors_name_the_file_and_key() {
        let e = Config::from_layers(&layers(Some("fail_mode = \"sometimes\"\n"), None, &[]))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("/h/config.toml: "), "{e}");
        assert!(e.contains("fail_mode") || e.contains("sometimes"), "{e}");
        let e = Config::from_layers(&layers(Some("fail_mod = \"open\"\n"), None, &[]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `fail_mod`"), "{e}");
        assert!(!e.contains("top-level key"), "{e}");
        let e = Config::from_layers(&layers(None, None, &[("HOOKWARD_FAIL_MODE", "maybe")]))
            .unwrap_err()
            .to_string();
        assert!(e.contains("HOOKWARD_FAIL_MODE"), "{e}");
    }

    #[test]
    fn policy_data_becomes_json() {
        let c = Config::from_layers(&layers(
            Some("[policy.data]\nallowed_hosts = [\"a.example\"]\n"),
            None,
            &[],
        ))
        .unwrap();
        assert_eq!(
            c.policy_data,
            serde_json::json!({"allowed_hosts": ["a.example"]})
        );
    }

    #[test]
    fn scrape_finds_fail_mode_in_broken_file() {
        assert_eq!(
            Config::scrape_fail_mode("x = [\nfail_mode = 'closed'\n"),
            Some(FailMode::Closed)
        );
        assert_eq!(Config::scrape_fail_mode("nothing"), None);
    }

    #[test]
    fn a_broken_project_file_is_ignored_alone() {
        let user = "fail_mode = \"closed\"\ndisabled_rules = [\"path/env-file\"]\n";
        for project in ["fail_mod = \"open\"\n", "fail_mode = 3\n", "[[[\n"] {
            let r = Config::resolve(&layers(Some(user), Some(project), &[]), None);
            let c = r.config;
            assert_eq!(c.fail_mode, FailMode::Closed, "{project}");
            assert!(c.disabled_rules.contains("path/env-file"), "{project}");
            let p = c.layers.iter().find(|l| l.layer == "project file").unwrap();
            assert!(!p.in_force, "{project}");
            assert!(c
                .layers
                .iter()
                .any(|l| l.layer == "user file" && l.in_force));
            assert!(r.last_good.is_some(), "the user layers loaded cleanly");
        }
        // A broken project file that says closed still closes.
        let c = Config::resolve(
            &layers(None, Some("fail_mode = \"closed\"\nbogus = 1\n"), &[]),
            None,
        )
        .config;
        assert_eq!(c.fail_mode, FailMode::Closed);
    }

    #[test]
    fn a_broken_user_file_or_env_value_keeps_the_last_good_copy() {
        let good =
            "fail_mode = \"closed\"\ndisabled_rules = [\"net/exfil\"]\n[scan]\nlearned_ask = 0.6\n";
        let r = Config::resolve(&layers(Some(good), None, &[]), None);
        let cached = r.last_good.unwrap();
        for (user, env) in [
            (Some("fail_mode = \"open\"\ntypo = 1\n"), vec![]),
            (Some(good), vec![("HOOKWARD_HOOK_TIMEOUT", "ten")]),
            (Some(good), vec![("HOOKWARD_FAIL_MODE", "sometimes")]),
        ] {
            let r = Config::resolve(&layers(user, None, &env), Some(("cache", &cached)));
            assert!(r.last_good.is_none());
            let c = r.config;
            assert_eq!(c.fail_mode, FailMode::Closed, "{user:?} {env:?}");
            assert!(c.disabled_rules.contains("net/exfil"));
            assert_eq!(c.scan.learned_ask, 0.6);
            assert_eq!(c.origin("disabled_rules"), "cache");
            assert!(c
                .layers
                .iter()
                .any(|l| l.layer == "last good" && l.in_force));
            assert_eq!(c.broken_layers().len(), 1, "{:?}", c.layers);
        }
        // Without a cached copy: defaults, but a broken layer that says closed still closes.
        let c = Config::resolve(
            &layers(Some("fail_mode = \"closed\"\ntypo = 1\n"), None, &[]),
            None,
        )
        .config;
        assert_eq!(c.fail_mode, FailMode::Closed);
        let c = Config::resolve(
            &layers(None, None, &[("HOOKWARD_FAIL_MODE", "CLOSED")]),
            None,
        )
        .config;
        assert_eq!(c.fail_mode, FailMode::Closed);
        // The last good copy says closed: a broken file saying open does not open it.
        let c = Config::resolve(
            &layers(Some("fail_mode = \"open\"\n[x\n"), None, &[]),
            Some(("cache", "fail_mode = \"closed\"\n")),
        )
        .config;
        assert_eq!(c.fail_mode, FailMode::Closed);
    }

    #[test]
    fn a_deprecated_key_loads_with_a_warning_and_keeps_its_type() {
        let c = Config::from_layers(&layers(
            Some("extra_denied_programs = [\"nc\"]\n"),
            Some("extra_denied_programs = [\"socat\"]\n"),
            &[("HOOKWARD_EXTRA_DENIED_PROGRAMS", "nc")],
        ))
        .unwrap();
        assert_eq!(c.deprecated.len(), 3, "{:?}", c.deprecated);
        assert!(c
            .deprecated
            .iter()
            .all(|w| w.contains("`extra_denied_programs` is deprecated")));
        assert!(
            c.deprecated[0].starts_with("/h/config.toml: "),
            "{:?}",
            c.deprecated
        );
        assert!(c.ignored.is_empty(), "{:?}", c.ignored);
        // Its old type still holds: a file that was broken stays broken.
        let e = Config::from_layers(&layers(Some("extra_denied_programs = \"nc\"\n"), None, &[]))
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("/h/config.toml: "), "{e}");
        // Not a key any more: not in `hookward config`'s lines.
        assert!(Config::default()
            .rows()
            .iter()
            .all(|r| r.key != "extra_denied_programs"));
    }

    #[test]
    fn the_cached_copy_round_trips_every_key() {
        let user = "fail_mode = \"closed\"\nask_fallback = \"record\"\ndisabled_rules = [\"a/b\"]\npolicy_dirs = [\"/x\"]\nhook_timeout = 7\nrecord = false\n[policy.data]\nhosts = [\"h\"]\n[context]\nenabled = false\n[context.checks]\nshell_change = \"off\"\n[scan]\nlearned_deny = 0.95\n";
        let r = Config::resolve(
            &layers(Some(user), None, &[("HOOKWARD_HOOK_TIMEOUT", "9")]),
            None,
        );
        let text = r.last_good.unwrap();
        let back = Config::from_layers(&layers(Some(&text), None, &[])).unwrap();
        let mut want = r.config.clone();
        want.layers.clear();
        want.origins = back.origins.clone();
        assert_eq!(back, want, "{text}");
    }
}
