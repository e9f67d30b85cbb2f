//! hookward's settings: where they live, what each means, and where each effective value
//! came from.
//!
//! Layers, lowest first (DESIGN.md, "Where things live at run time"):
//! 1. built-in defaults;
//! 2. `~/.hookward/config.toml` (`HOOKWARD_HOME` overrides the folder);
//! 3. environment variables `HOOKWARD_<KEY>` (upper-case key: `HOOKWARD_FAIL_MODE=closed`);
//! 4. the project's `.hookward/config.toml`, which may only **tighten**: it can set
//!    `fail_mode = "closed"` and `ask_fallback = "deny"`, and add `extra_denied_programs`;
//!    anything that would loosen (disabling rules, failing open) is ignored and reported in
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
#![deny(missing_docs)]

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
#[derive(Debug, Clone, Default)]
pub struct Layers {
    /// `(file name, contents)` of the user's config.toml, if it exists.
    pub user_toml: Option<(String, String)>,
    /// `(file name, contents)` of the project's `.hookward/config.toml`, if it exists.
    pub project_toml: Option<(String, String)>,
    /// `HOOKWARD_*` environment variables (name → value).
    pub env: BTreeMap<String, String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    fail_mode: Option<FailMode>,
    ask_fallback: Option<AskFallback>,
    disabled_rules: Option<Vec<String>>,
    policy_dirs: Option<Vec<PathBuf>>,
    hook_timeout: Option<u32>,
    record: Option<bool>,
    extra_denied_programs: Option<Vec<String>>,
    policy: Option<PolicySection>,
    context: Option<ContextSection>,
    scan: Option<ScanSection>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScanSection {
    learned_ask: Option<f32>,
    learned_deny: Option<f32>,
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
}

impl Default for ScanConfig {
    fn default() -> Self {
        ScanConfig {
            learned_ask: hookward_scan::LEARNED_ASK_DEFAULT,
            learned_deny: hookward_scan::LEARNED_DENY_DEFAULT,
        }
    }
}

fn check_threshold(origin: &str, key: &str, v: f32) -> Result<f32, ConfigError> {
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContextSection {
    enabled: Option<bool>,
    extra: Option<Vec<String>>,
    checks: Option<BTreeMap<String, CheckMode>>,
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
/// `package_registry` (ask), `mcp_server` (ask). After the fact: `shell_change` (ask: changes
/// to guarded files during a shell tool), `outside_change` (ask: changes seen at session
/// start), `new_executable` (ask: new hooks, MCP servers, helper commands, mentioned once).
pub const CONTEXT_CHECKS: &[(&str, CheckMode)] = &[
    ("poisoned_write", CheckMode::Deny),
    ("user_requested_write", CheckMode::Ask),
    ("instructed_danger", CheckMode::Ask),
    ("package_registry", CheckMode::Ask),
    ("mcp_server", CheckMode::Ask),
    ("shell_change", CheckMode::Ask),
    ("outside_change", CheckMode::Ask),
    ("new_executable", CheckMode::Ask),
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

fn check_names(origin: &str, checks: &BTreeMap<String, CheckMode>) -> Result<(), ConfigError> {
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

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicySection {
    data: Option<toml::Table>,
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
    /// `policy_dirs`; env `HOOKWARD_POLICY_DIRS` is `:`-separated.
    pub policy_dirs: Vec<PathBuf>,
    /// The `timeout` (seconds) the installer writes into the agent's hook entries. Key
    /// `hook_timeout`, default 10: hook calls take milliseconds, and the agents fail open when
    /// a hook times out (REPORT.md), so a short timeout bounds the worst case.
    pub hook_timeout: u32,
    /// Record every decision in the store. Key `record`, default true.
    pub record: bool,
    /// Program names a policy may deny outright (`input.config.extra_denied_programs`); the
    /// project layer may add to it. Key `extra_denied_programs`.
    pub extra_denied_programs: Vec<String>,
    /// `[policy.data]`: the Rego `data` document for user policies (`data.<key>`).
    pub policy_data: serde_json::Value,
    /// `[context]`: the context guard (see [`ContextConfig`]).
    pub context: ContextConfig,
    /// `[scan]`: the learned stage's thresholds (see [`ScanConfig`]).
    pub scan: ScanConfig,
    /// Where each key's value came from: `default`, a file name, or an env variable name.
    pub origins: BTreeMap<String, String>,
    /// Settings that were present but not applied, with why (e.g. a project file loosening).
    pub ignored: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        let origins = KEYS
            .iter()
            .map(|k| (k.to_string(), "default".to_string()))
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
            extra_denied_programs: Vec::new(),
            policy_data: serde_json::Value::Null,
            origins,
            ignored: Vec::new(),
        }
    }
}

/// Every key, in the order `hookward config` shows them.
pub const KEYS: &[&str] = &[
    "fail_mode",
    "ask_fallback",
    "disabled_rules",
    "policy_dirs",
    "hook_timeout",
    "record",
    "extra_denied_programs",
    "policy.data",
    "context",
    "scan",
];

fn parse_file(origin: &str, text: &str) -> Result<FileConfig, ConfigError> {
    toml::from_str(text).map_err(|e| ConfigError::Invalid {
        origin: origin.to_string(),
        message: e.to_string().trim_end().to_string(),
    })
}

fn parse_env<T: for<'de> Deserialize<'de>>(name: &str, value: &str) -> Result<T, ConfigError> {
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

fn toml_to_json(t: toml::Table) -> serde_json::Value {
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
            let f = parse_file(origin, text)?;
            let mut set = |k: &str| {
                cfg.origins.insert(k.to_string(), origin.clone());
            };
            if f.fail_mode.is_some() {
                set("fail_mode");
            }
            if f.ask_fallback.is_some() {
                set("ask_fallback");
            }
            if f.disabled_rules.is_some() {
                set("disabled_rules");
            }
            if f.policy_dirs.is_some() {
                set("policy_dirs");
            }
            if f.hook_timeout.is_some() {
                set("hook_timeout");
            }
            if f.record.is_some() {
                set("record");
            }
            if f.extra_denied_programs.is_some() {
                set("extra_denied_programs");
            }
            if f.policy.as_ref().and_then(|p| p.data.as_ref()).is_some() {
                set("policy.data");
            }
            if let Some(v) = f.fail_mode {
                cfg.fail_mode = v;
            }
            if let Some(v) = f.ask_fallback {
                cfg.ask_fallback = v;
            }
            if let Some(v) = f.disabled_rules {
                cfg.disabled_rules = v.into_iter().collect();
            }
            if let Some(v) = f.policy_dirs {
                cfg.policy_dirs = v;
            }
            if let Some(v) = f.hook_timeout {
                cfg.hook_timeout = v;
            }
            if let Some(v) = f.record {
                cfg.record = v;
            }
            if let Some(v) = f.extra_denied_programs {
                cfg.extra_denied_programs = v;
            }
            if let Some(data) = f.policy.and_then(|p| p.data) {
                cfg.policy_data = toml_to_json(data);
            }
            if let Some(c) = f.context {
                cfg.origins.insert("context".into(), origin.clone());
                if let Some(v) = c.enabled {
                    cfg.context.enabled = v;
                }
                if let Some(v) = c.extra {
                    cfg.context.extra = v;
                }
                if let Some(v) = c.checks {
                    check_names(origin, &v)?;
                    cfg.context.checks.extend(v);
                }
            }
            if let Some(sc) = f.scan {
                cfg.origins.insert("scan".into(), origin.clone());
                if let Some(v) = sc.learned_ask {
                    cfg.scan.learned_ask = check_threshold(origin, "scan.learned_ask", v)?;
                }
                if let Some(v) = sc.learned_deny {
                    cfg.scan.learned_deny = check_threshold(origin, "scan.learned_deny", v)?;
                }
            }
        }
        for (name, value) in &layers.env {
            let Some(key) = name.strip_prefix("HOOKWARD_") else {
                continue;
            };
            let key = key.to_ascii_lowercase();
            match key.as_str() {
                "fail_mode" => cfg.fail_mode = parse_env(name, value)?,
                "ask_fallback" => cfg.ask_fallback = parse_env(name, value)?,
                "disabled_rules" => {
                    cfg.disabled_rules = value
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect()
                }
                "policy_dirs" => {
                    cfg.policy_dirs = std::env::split_paths(value).collect();
                }
                "hook_timeout" => {
                    cfg.hook_timeout = value.trim().parse().map_err(|_| ConfigError::Invalid {
                        origin: format!("environment variable {name}"),
                        message: format!("{value:?} is not a whole number of seconds"),
                    })?
                }
                "record" => {
                    cfg.record =
                        parse_env::<String>(name, value).map(|v| v != "false" && v != "0")?
                }
                "extra_denied_programs" => {
                    cfg.extra_denied_programs = value
                        .split(',')
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect()
                }
                "scan_learned_ask" | "scan_learned_deny" => {
                    let origin = format!("environment variable {name}");
                    let v: f32 = value.trim().parse().map_err(|_| ConfigError::Invalid {
                        origin: origin.clone(),
                        message: format!("{value:?} is not a number"),
                    })?;
                    let v = check_threshold(&origin, &key, v)?;
                    if key == "scan_learned_ask" {
                        cfg.scan.learned_ask = v;
                    } else {
                        cfg.scan.learned_deny = v;
                    }
                    cfg.origins.insert("scan".into(), name.clone());
                    continue;
                }
                // HOOKWARD_HOME and other variables are not config keys.
                _ => continue,
            }
            cfg.origins.insert(key, name.clone());
        }
        if let Some((origin, text)) = &layers.project_toml {
            let f = parse_file(origin, text)?;
            if f.fail_mode == Some(FailMode::Closed) {
                cfg.fail_mode = FailMode::Closed;
                cfg.origins.insert("fail_mode".into(), origin.clone());
            } else if f.fail_mode.is_some() {
                cfg.ignored.push(format!(
                    "{origin}: fail_mode = \"open\" ignored (a project may only tighten)"
                ));
            }
            if f.ask_fallback == Some(AskFallback::Deny) {
                cfg.ask_fallback = AskFallback::Deny;
                cfg.origins.insert("ask_fallback".into(), origin.clone());
            } else if f.ask_fallback.is_some() {
                cfg.ignored.push(format!(
                    "{origin}: ask_fallback = \"record\" ignored (a project may only tighten)"
                ));
            }
            if let Some(extra) = f.extra_denied_programs {
                cfg.extra_denied_programs.extend(extra);
                cfg.origins
                    .insert("extra_denied_programs".into(), origin.clone());
            }
            if let Some(c) = f.context {
                // A project may make checks stricter, never looser, and cannot switch the guard off.
                if let Some(v) = c.checks {
                    check_names(origin, &v)?;
                    for (k, m) in v {
                        let cur = cfg.context.mode(&k);
                        if m > cur {
                            cfg.context.checks.insert(k, m);
                            cfg.origins.insert("context".into(), origin.clone());
                        } else if m < cur {
                            cfg.ignored.push(format!(
                                "{origin}: context.checks.{k} = \"{}\" ignored (a project may only tighten)",
                                format!("{m:?}").to_lowercase()
                            ));
                        }
                    }
                }
                if c.enabled == Some(false) || c.extra.is_some() {
                    cfg.ignored.push(format!(
                        "{origin}: `context.enabled`/`context.extra` ignored (a project may only tighten)"
                    ));
                }
            }
            if let Some(sc) = f.scan {
                // A project may lower the thresholds (flag more), never raise them.
                for (v, cur, key) in [
                    (
                        sc.learned_ask,
                        &mut cfg.scan.learned_ask,
                        "scan.learned_ask",
                    ),
                    (
                        sc.learned_deny,
                        &mut cfg.scan.learned_deny,
                        "scan.learned_deny",
                    ),
                ] {
                    let Some(v) = v else { continue };
                    let v = check_threshold(origin, key, v)?;
                    if v < *cur {
                        *cur = v;
                        cfg.origins.insert("scan".into(), origin.clone());
                    } else if v > *cur {
                        cfg.ignored.push(format!(
                            "{origin}: `{key}` = {v} ignored (a project may only lower it)"
                        ));
                    }
                }
            }
            for (present, key) in [
                (f.disabled_rules.is_some(), "disabled_rules"),
                (f.policy_dirs.is_some(), "policy_dirs"),
                (f.hook_timeout.is_some(), "hook_timeout"),
                (f.record.is_some(), "record"),
                (f.policy.is_some(), "policy"),
            ] {
                if present {
                    cfg.ignored.push(format!(
                        "{origin}: `{key}` ignored (a project may only tighten)"
                    ));
                }
            }
        }
        Ok(cfg)
    }

    /// The configuration as the policy sees it (`input.config`).
    pub fn policy_view(&self) -> serde_json::Value {
        serde_json::json!({
            "fail_mode": self.fail_mode,
            "ask_fallback": self.ask_fallback,
            "disabled_rules": self.disabled_rules,
            "extra_denied_programs": self.extra_denied_programs,
            "scan": {
                "learned_ask": (f64::from(self.scan.learned_ask) * 1000.0).round() / 1000.0,
                "learned_deny": (f64::from(self.scan.learned_deny) * 1000.0).round() / 1000.0,
            },
        })
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
    Ok(Layers {
        user_toml: read(home.join("config.toml"))?,
        project_toml: match project_dir {
            Some(p) => read(p.join(".hookward").join("config.toml"))?,
            None => None,
        },
        env: std::env::vars()
            .filter(|(k, _)| k.starts_with("HOOKWARD_"))
            .collect(),
    })
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
    use super::*;

    fn layers(user: Option<&str>, project: Option<&str>, env: &[(&str, &str)]) -> Layers {
        Layers {
            user_toml: user.map(|t| ("/h/config.toml".to_string(), t.to_string())),
            project_toml: project.map(|t| ("/p/.hookward/config.toml".to_string(), t.to_string())),
            env: env
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
        }
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
}
