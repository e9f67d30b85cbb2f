//! The declaration of every configuration key, once: [`KEYS`].
//!
//! One [`Key`] row holds a key's name (as written in `config.toml`), its type and default as the
//! docs show them, its environment variable, its doc line, whether a project file may set it
//! (and then only to a stricter value), and the few functions that read it from a parsed file,
//! from its variable and from a project file, write it into the last good copy, and show it.
//! Parsing ([`crate::Config::from_layers`] and [`crate::Config::resolve`]), `hookward config`
//! ([`crate::Config::rows`]), the cached last good copy and the README's table
//! ([`docs_table`], checked by a test) are all derived from this table.
//!
//! The file itself is still parsed by serde into `FileConfig` (unknown keys and wrong types are
//! errors with toml's file, line:column, caret and expected values); a unit test checks that
//! `FileConfig`'s keys are exactly the declared and deprecated ones.

use crate::cost::{dollars, micro, PriceSection};
use crate::{check_cost, project_key, CostSection};
use crate::{
    check_lessons, check_names, check_sandbox, check_threshold, parse_env, toml_to_json,
    AskFallback, CheckMode, Config, ConfigError, ContextSection, ExportSection, FailMode,
    FileConfig, KeepDecisions, KeepValue, LessonsSection, McpSection, PolicySection,
    SandboxSection, ScanSection, WebSection, CONTEXT_CHECKS,
};

/// Whether a project's `.hookward/config.toml` may set a key. A project file is written by
/// whoever controls the repository, possibly the agent, so it must never switch a protection off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProjectRule {
    /// The project may not set it: a value there is ignored and reported in
    /// [`Config::ignored`].
    No,
    /// The project may set it to a stricter value only (what is stricter is in the key's doc);
    /// a looser value is ignored and reported.
    Tighten,
}

impl ProjectRule {
    /// The word the docs table shows: `no` or `tighten only`.
    pub fn word(self) -> &'static str {
        match self {
            ProjectRule::No => "no",
            ProjectRule::Tighten => "tighten only",
        }
    }
}

/// Sets a key from a parsed file over a config; `Ok(true)` when the file has the key.
type FileFn = fn(&mut Config, &FileConfig, &str) -> Result<bool, ConfigError>;
/// Sets a key from its environment variable (name, value).
type EnvFn = fn(&mut Config, &str, &str) -> Result<(), ConfigError>;
/// Applies a project file's value of a [`ProjectRule::Tighten`] key.
type TightenFn = fn(&mut Config, &FileConfig, &str) -> Result<(), ConfigError>;
/// Writes the key's value into the last good copy; `None` when it cannot be written as TOML.
type CacheFn = fn(&Config, &mut FileConfig) -> Option<()>;
/// The `hookward config` lines of the key: (shown key, value).
type ShowFn = fn(&Config) -> Vec<(String, String)>;

/// One configuration key, declared once (see the module docs).
pub struct Key {
    /// The key as written in `config.toml`; a dot names a table (`scan.learned_ask` is
    /// `learned_ask` under `[scan]`).
    pub name: &'static str,
    /// Its type, as the docs show it.
    pub ty: &'static str,
    /// Its default, as written in `config.toml`.
    pub default: &'static str,
    /// The `HOOKWARD_*` variable that overrides it, if any (how its value is spelled is in
    /// [`Key::doc`] when it is not the TOML value).
    pub env: Option<&'static str>,
    /// Whether a project file may set it.
    pub project: ProjectRule,
    /// One sentence for people (the docs table, `hookward config --keys` none yet).
    pub doc: &'static str,
    /// The [`Config::origins`] entry it reports to: its own name, or its table's (`context`,
    /// `scan`: those tables keep one origin).
    pub origin: &'static str,
    file: FileFn,
    env_fn: Option<EnvFn>,
    tighten: Option<TightenFn>,
    present: fn(&FileConfig) -> bool,
    cache: CacheFn,
    show: ShowFn,
}

/// A key that is no longer read: a file (user or project) or variable that still sets it gets
/// a deprecation warning in [`Config::deprecated`] (shown by `hookward config` and `doctor`);
/// its value must still have the type it had, so a file that was broken stays broken.
pub struct Deprecated {
    /// The key as written in `config.toml`.
    pub name: &'static str,
    /// Its former variable.
    pub env: &'static str,
    /// Why it went and what to do instead.
    pub note: &'static str,
}

/// The keys that are no longer read.
pub const DEPRECATED: &[Deprecated] = &[Deprecated {
    name: "extra_denied_programs",
    env: "HOOKWARD_EXTRA_DENIED_PROGRAMS",
    note: "no rule ever read it; deny a program with a policy of your own (README, \"Your own rules\") and remove the key",
}];

fn json(v: impl serde::Serialize) -> String {
    serde_json::to_value(v).unwrap_or_default().to_string()
}

fn comma_list(value: &str) -> impl Iterator<Item = String> + '_ {
    value
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn ignored(cfg: &mut Config, msg: String) {
    cfg.ignored.push(msg);
}

fn ctx_mut(f: &mut FileConfig) -> &mut ContextSection {
    f.context.get_or_insert_with(ContextSection::default)
}

fn lessons_mut(f: &mut FileConfig) -> &mut LessonsSection {
    f.lessons.get_or_insert_with(LessonsSection::default)
}

/// Reads the `[lessons]` table's key with `pick` after checking the table's values.
fn lessons_file<T>(
    f: &FileConfig,
    origin: &str,
    pick: fn(&LessonsSection) -> Option<T>,
) -> Result<Option<T>, ConfigError> {
    let Some(l) = f.lessons.as_ref() else {
        return Ok(None);
    };
    check_lessons(origin, l)?;
    Ok(pick(l))
}

fn cost_mut(f: &mut FileConfig) -> &mut CostSection {
    f.cost.get_or_insert_with(CostSection::default)
}

/// Reads the `[cost]` table's key with `pick` after checking the table's values.
fn cost_file<T>(
    f: &FileConfig,
    origin: &str,
    pick: fn(&CostSection) -> Option<T>,
) -> Result<Option<T>, ConfigError> {
    let Some(s) = f.cost.as_ref() else {
        return Ok(None);
    };
    check_cost(origin, s)?;
    Ok(pick(s))
}

fn sandbox_mut(f: &mut FileConfig) -> &mut SandboxSection {
    f.sandbox.get_or_insert_with(SandboxSection::default)
}

/// Reads the `[sandbox]` table's key with `pick` after checking the table's values.
fn sandbox_file<T>(
    f: &FileConfig,
    origin: &str,
    pick: fn(&SandboxSection) -> Option<T>,
) -> Result<Option<T>, ConfigError> {
    let Some(s) = f.sandbox.as_ref() else {
        return Ok(None);
    };
    check_sandbox(origin, s)?;
    Ok(pick(s))
}

fn mcp_mut(f: &mut FileConfig) -> &mut McpSection {
    f.mcp.get_or_insert_with(McpSection::default)
}

fn export_mut(f: &mut FileConfig) -> &mut ExportSection {
    f.export.get_or_insert_with(ExportSection::default)
}

fn web_mut(f: &mut FileConfig) -> &mut WebSection {
    f.web.get_or_insert_with(WebSection::default)
}

/// A name or host list as written, checked: no empty entry. Entries are kept as written
/// (matching is case-insensitive in the rules).
fn check_list(origin: &str, key: &str, v: &[String]) -> Result<Vec<String>, ConfigError> {
    if let Some(i) = v.iter().position(|e| e.trim().is_empty()) {
        return Err(ConfigError::Invalid {
            origin: origin.to_string(),
            message: format!(
                "`{key}` entry {} is empty; expected a name or a glob",
                i + 1
            ),
        });
    }
    Ok(v.iter().map(|e| e.trim().to_string()).collect())
}

/// A project's entries of a block list: added to the list (a block list only grows from a
/// project file).
fn tighten_list(
    cfg: &mut Config,
    origin: &str,
    key: &str,
    v: Option<&Vec<String>>,
    pick: fn(&mut Config) -> &mut Vec<String>,
) -> Result<(), ConfigError> {
    let Some(v) = v else { return Ok(()) };
    let v = check_list(origin, key, v)?;
    let list = pick(cfg);
    let before = list.len();
    for e in v {
        if !list.contains(&e) {
            list.push(e);
        }
    }
    if list.len() > before {
        cfg.origins.insert(key.to_string(), origin.to_string());
    }
    Ok(())
}

fn scan_mut(f: &mut FileConfig) -> &mut ScanSection {
    f.scan.get_or_insert_with(ScanSection::default)
}

/// A project's score threshold: taken when lower (flags more), reported when higher.
fn tighten_score(
    cfg: &mut Config,
    origin: &str,
    key: &str,
    v: Option<f32>,
    pick: fn(&mut Config) -> &mut f32,
) -> Result<(), ConfigError> {
    let Some(v) = v else { return Ok(()) };
    let v = check_threshold(origin, key, v)?;
    let cur = *pick(cfg);
    if v < cur {
        *pick(cfg) = v;
        cfg.origins.insert("scan".into(), origin.to_string());
    } else if v > cur {
        ignored(
            cfg,
            format!("{origin}: `{key}` = {v} ignored (a project may only lower it)"),
        );
    }
    Ok(())
}

/// A score from a variable (`HOOKWARD_SCAN_LEARNED_ASK`): a number checked against the range;
/// an error names the key as written in `config.toml` (`scan.learned_ask`).
fn env_score(name: &str, value: &str) -> Result<f32, ConfigError> {
    let origin = format!("environment variable {name}");
    let lower = name
        .strip_prefix("HOOKWARD_")
        .unwrap_or(name)
        .to_ascii_lowercase();
    let key = match lower.strip_prefix("scan_") {
        Some(rest) => format!("scan.{rest}"),
        None => lower,
    };
    let v: f32 = value.trim().parse().map_err(|_| ConfigError::Invalid {
        origin: origin.clone(),
        message: format!("{value:?} is not a number"),
    })?;
    check_threshold(&origin, &key, v)
}

/// Every key, in the order `hookward config` shows them.
pub const KEYS: &[Key] = &[
    Key {
        name: "fail_mode",
        ty: "`\"open\"` or `\"closed\"`",
        default: "\"open\"",
        env: Some("HOOKWARD_FAIL_MODE"),
        project: ProjectRule::Tighten,
        doc: "on an internal error: `open` lets the call through, `closed` blocks it (exit 2); a project may set `closed`",
        origin: "fail_mode",
        file: |c, f, _| Ok(f.fail_mode.map(|v| c.fail_mode = v).is_some()),
        env_fn: Some(|c, n, v| {
            c.fail_mode = parse_env(n, v)?;
            Ok(())
        }),
        tighten: Some(|c, f, origin| {
            match f.fail_mode {
                Some(FailMode::Closed) => {
                    c.fail_mode = FailMode::Closed;
                    c.origins.insert("fail_mode".into(), origin.to_string());
                }
                Some(FailMode::Open) => ignored(
                    c,
                    format!("{origin}: fail_mode = \"open\" ignored (a project may only tighten)"),
                ),
                None => {}
            }
            Ok(())
        }),
        present: |f| f.fail_mode.is_some(),
        cache: |c, f| {
            f.fail_mode = Some(c.fail_mode);
            Some(())
        },
        show: |c| vec![("fail_mode".into(), json(c.fail_mode))],
    },
    Key {
        name: "ask_fallback",
        ty: "`\"deny\"` or `\"record\"`",
        default: "\"deny\"",
        env: Some("HOOKWARD_ASK_FALLBACK"),
        project: ProjectRule::Tighten,
        doc: "what an `ask` becomes where nobody will answer it: `deny` blocks the call, `record` lets it through and records it; a project may set `deny`",
        origin: "ask_fallback",
        file: |c, f, _| Ok(f.ask_fallback.map(|v| c.ask_fallback = v).is_some()),
        env_fn: Some(|c, n, v| {
            c.ask_fallback = parse_env(n, v)?;
            Ok(())
        }),
        tighten: Some(|c, f, origin| {
            match f.ask_fallback {
                Some(AskFallback::Deny) => {
                    c.ask_fallback = AskFallback::Deny;
                    c.origins.insert("ask_fallback".into(), origin.to_string());
                }
                Some(AskFallback::Record) => ignored(
                    c,
                    format!(
                        "{origin}: ask_fallback = \"record\" ignored (a project may only tighten)"
                    ),
                ),
                None => {}
            }
            Ok(())
        }),
        present: |f| f.ask_fallback.is_some(),
        cache: |c, f| {
            f.ask_fallback = Some(c.ask_fallback);
            Some(())
        },
        show: |c| vec![("ask_fallback".into(), json(c.ask_fallback))],
    },
    Key {
        name: "disabled_rules",
        ty: "list of rule ids",
        default: "[]",
        env: Some("HOOKWARD_DISABLED_RULES"),
        project: ProjectRule::No,
        doc: "rule ids whose decisions are dropped (`self/` rules are locked and stay); the variable is comma-separated",
        origin: "disabled_rules",
        file: |c, f, _| {
            Ok(f.disabled_rules
                .as_ref()
                .map(|v| c.disabled_rules = v.iter().cloned().collect())
                .is_some())
        },
        env_fn: Some(|c, _, v| {
            c.disabled_rules = comma_list(v).collect();
            Ok(())
        }),
        tighten: None,
        present: |f| f.disabled_rules.is_some(),
        cache: |c, f| {
            f.disabled_rules = Some(c.disabled_rules.iter().cloned().collect());
            Some(())
        },
        show: |c| vec![("disabled_rules".into(), json(&c.disabled_rules))],
    },
    Key {
        name: "policy_dirs",
        ty: "list of folders",
        default: "[]",
        env: Some("HOOKWARD_POLICY_DIRS"),
        project: ProjectRule::No,
        doc: "more folders of `.rego` files, besides `~/.hookward/policies`; the variable is `:`-separated; a relative folder is read in hookward's home",
        origin: "policy_dirs",
        file: |c, f, _| {
            Ok(f.policy_dirs
                .as_ref()
                .map(|v| c.policy_dirs = v.clone())
                .is_some())
        },
        env_fn: Some(|c, _, v| {
            c.policy_dirs = std::env::split_paths(v).collect();
            Ok(())
        }),
        tighten: None,
        present: |f| f.policy_dirs.is_some(),
        cache: |c, f| {
            f.policy_dirs = Some(c.policy_dirs.clone());
            Some(())
        },
        show: |c| vec![("policy_dirs".into(), json(&c.policy_dirs))],
    },
    Key {
        name: "hook_timeout",
        ty: "seconds (whole number)",
        default: "10",
        env: Some("HOOKWARD_HOOK_TIMEOUT"),
        project: ProjectRule::No,
        doc: "the timeout `install` writes into the agent's hook entries; the facts and scans of one call get half of it (hook calls take milliseconds, and the agents fail open when a hook times out)",
        origin: "hook_timeout",
        file: |c, f, _| Ok(f.hook_timeout.map(|v| c.hook_timeout = v).is_some()),
        env_fn: Some(|c, n, v| {
            c.hook_timeout = v.trim().parse().map_err(|_| ConfigError::Invalid {
                origin: format!("environment variable {n}"),
                message: format!("{v:?} is not a whole number of seconds"),
            })?;
            Ok(())
        }),
        tighten: None,
        present: |f| f.hook_timeout.is_some(),
        cache: |c, f| {
            f.hook_timeout = Some(c.hook_timeout);
            Some(())
        },
        show: |c| vec![("hook_timeout".into(), json(c.hook_timeout))],
    },
    Key {
        name: "record",
        ty: "boolean",
        default: "true",
        env: Some("HOOKWARD_RECORD"),
        project: ProjectRule::No,
        doc: "record every decision in `~/.hookward/state.db`; the variable is off for `false` or `0`",
        origin: "record",
        file: |c, f, _| Ok(f.record.map(|v| c.record = v).is_some()),
        env_fn: Some(|c, n, v| {
            c.record = parse_env::<String>(n, v).map(|v| v != "false" && v != "0")?;
            Ok(())
        }),
        tighten: None,
        present: |f| f.record.is_some(),
        cache: |c, f| {
            f.record = Some(c.record);
            Some(())
        },
        show: |c| vec![("record".into(), json(c.record))],
    },
    Key {
        name: "policy.data",
        ty: "table",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "the Rego `data` document of your policies (`data.<key>`)",
        origin: "policy.data",
        file: |c, f, _| {
            Ok(f.policy
                .as_ref()
                .and_then(|p| p.data.clone())
                .map(|d| c.policy_data = toml_to_json(d))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.policy.as_ref().is_some_and(|p| p.data.is_some()),
        cache: |c, f| {
            if let toml::Value::Table(t) = toml::Value::try_from(&c.policy_data).ok()? {
                f.policy.get_or_insert_with(PolicySection::default).data = Some(t);
            }
            Some(())
        },
        show: |c| vec![("policy.data".into(), c.policy_data.to_string())],
    },
    Key {
        name: "policy.bundle",
        ty: "table: `source`, `public_key`, `algorithm`, `key_id`, `scope`, `allow_unsigned`",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "the team's OPA bundle (a folder, `.tar.gz` or `http(s)://` URL) and the key its `.signatures.json` must verify with (`RS256` unless `algorithm` says otherwise); pulled by `hookward policy pull`, never by the hook",
        origin: "policy.bundle",
        file: |c, f, _| {
            Ok(f.policy
                .as_ref()
                .and_then(|p| p.bundle.clone())
                .map(|b| c.policy_bundle = Some(b))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.policy.as_ref().is_some_and(|p| p.bundle.is_some()),
        cache: |c, f| {
            f.policy.get_or_insert_with(PolicySection::default).bundle = c.policy_bundle.clone();
            Some(())
        },
        show: |c| vec![("policy.bundle".into(), json(&c.policy_bundle))],
    },
    Key {
        name: "context.enabled",
        ty: "boolean",
        default: "true",
        env: None,
        project: ProjectRule::No,
        doc: "the context guard: observe the guarded files around shell tools and at session start",
        origin: "context",
        file: |c, f, _| {
            Ok(f.context
                .as_ref()
                .and_then(|x| x.enabled)
                .map(|v| c.context.enabled = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.context.as_ref().is_some_and(|x| x.enabled.is_some()),
        cache: |c, f| {
            ctx_mut(f).enabled = Some(c.context.enabled);
            Some(())
        },
        show: |c| vec![("context.enabled".into(), json(c.context.enabled))],
    },
    Key {
        name: "context.extra",
        ty: "list of files",
        default: "[]",
        env: None,
        project: ProjectRule::No,
        doc: "more files to guard (absolute or `~/`-relative), as instruction files",
        origin: "context",
        file: |c, f, _| {
            Ok(f.context
                .as_ref()
                .and_then(|x| x.extra.clone())
                .map(|v| c.context.extra = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.context.as_ref().is_some_and(|x| x.extra.is_some()),
        cache: |c, f| {
            ctx_mut(f).extra = Some(c.context.extra.clone());
            Some(())
        },
        show: |c| vec![("context.extra".into(), json(&c.context.extra))],
    },
    Key {
        name: "context.checks",
        ty: "table: check → `\"off\"`, `\"record\"`, `\"ask\"` or `\"deny\"`",
        default: "`poisoned_write = \"deny\"`, the others `\"ask\"`",
        env: None,
        project: ProjectRule::Tighten,
        doc: "what each context-guard check does when it fires (README, \"Context guard\"); a project may make a check stricter",
        origin: "context",
        file: |c, f, origin| {
            let Some(v) = f.context.as_ref().and_then(|x| x.checks.as_ref()) else {
                return Ok(false);
            };
            check_names(origin, v)?;
            c.context.checks.extend(v.iter().map(|(k, m)| (k.clone(), *m)));
            Ok(true)
        },
        env_fn: None,
        tighten: Some(|c, f, origin| {
            let Some(v) = f.context.as_ref().and_then(|x| x.checks.as_ref()) else {
                return Ok(());
            };
            check_names(origin, v)?;
            for (k, m) in v {
                let cur = c.context.mode(k);
                if *m > cur {
                    c.context.checks.insert(k.clone(), *m);
                    c.origins.insert("context".into(), origin.to_string());
                } else if *m < cur {
                    ignored(
                        c,
                        format!(
                            "{origin}: context.checks.{k} = \"{}\" ignored (a project may only tighten)",
                            format!("{m:?}").to_lowercase()
                        ),
                    );
                }
            }
            Ok(())
        }),
        present: |f| f.context.as_ref().is_some_and(|x| x.checks.is_some()),
        cache: |c, f| {
            ctx_mut(f).checks = Some(c.context.checks.clone());
            Some(())
        },
        show: |c| {
            CONTEXT_CHECKS
                .iter()
                .map(|(name, _)| {
                    let m: CheckMode = c.context.mode(name);
                    (format!("context.checks.{name}"), json(m))
                })
                .collect()
        },
    },
    Key {
        name: "scan.learned_ask",
        ty: "score in [0.5, 1] (`hookward_scan::LEARNED_REPORT_FLOOR` to 1)",
        default: "0.7",
        env: Some("HOOKWARD_SCAN_LEARNED_ASK"),
        project: ProjectRule::Tighten,
        doc: "from this learned-stage score the model and you are warned (tool output) or you approve (instruction-file writes); a project may lower it",
        origin: "scan",
        file: |c, f, origin| {
            let Some(v) = f.scan.as_ref().and_then(|s| s.learned_ask) else {
                return Ok(false);
            };
            c.scan.learned_ask = check_threshold(origin, "scan.learned_ask", v)?;
            Ok(true)
        },
        env_fn: Some(|c, n, v| {
            c.scan.learned_ask = env_score(n, v)?;
            Ok(())
        }),
        tighten: Some(|c, f, origin| {
            let v = f.scan.as_ref().and_then(|s| s.learned_ask);
            tighten_score(c, origin, "scan.learned_ask", v, |c| &mut c.scan.learned_ask)
        }),
        present: |f| f.scan.as_ref().is_some_and(|s| s.learned_ask.is_some()),
        cache: |c, f| {
            scan_mut(f).learned_ask = Some(c.scan.learned_ask);
            Some(())
        },
        show: |c| vec![("scan.learned_ask".into(), format!("{}", c.scan.learned_ask))],
    },
    Key {
        name: "scan.learned_deny",
        ty: "score in [0.5, 1] (`hookward_scan::LEARNED_REPORT_FLOOR` to 1)",
        default: "0.85",
        env: Some("HOOKWARD_SCAN_LEARNED_DENY"),
        project: ProjectRule::Tighten,
        doc: "from this learned-stage score a window is treated as planted: removed from tool output, an instruction-file write denied; a project may lower it",
        origin: "scan",
        file: |c, f, origin| {
            let Some(v) = f.scan.as_ref().and_then(|s| s.learned_deny) else {
                return Ok(false);
            };
            c.scan.learned_deny = check_threshold(origin, "scan.learned_deny", v)?;
            Ok(true)
        },
        env_fn: Some(|c, n, v| {
            c.scan.learned_deny = env_score(n, v)?;
            Ok(())
        }),
        tighten: Some(|c, f, origin| {
            let v = f.scan.as_ref().and_then(|s| s.learned_deny);
            tighten_score(c, origin, "scan.learned_deny", v, |c| {
                &mut c.scan.learned_deny
            })
        }),
        present: |f| f.scan.as_ref().is_some_and(|s| s.learned_deny.is_some()),
        cache: |c, f| {
            scan_mut(f).learned_deny = Some(c.scan.learned_deny);
            Some(())
        },
        show: |c| vec![("scan.learned_deny".into(), format!("{}", c.scan.learned_deny))],
    },
    Key {
        name: "scan.command_ask",
        ty: "score in [0.5, 1]",
        default: "0.95",
        env: Some("HOOKWARD_SCAN_COMMAND_ASK"),
        project: ProjectRule::Tighten,
        doc: "from this learned command score a shell command no rule objects to is asked about (shell/learned-risk); a project may lower it",
        origin: "scan",
        file: |c, f, origin| {
            let Some(v) = f.scan.as_ref().and_then(|s| s.command_ask) else {
                return Ok(false);
            };
            c.scan.command_ask = check_threshold(origin, "scan.command_ask", v)?;
            Ok(true)
        },
        env_fn: Some(|c, n, v| {
            c.scan.command_ask = env_score(n, v)?;
            Ok(())
        }),
        tighten: Some(|c, f, origin| {
            let v = f.scan.as_ref().and_then(|s| s.command_ask);
            tighten_score(c, origin, "scan.command_ask", v, |c| {
                &mut c.scan.command_ask
            })
        }),
        present: |f| f.scan.as_ref().is_some_and(|s| s.command_ask.is_some()),
        cache: |c, f| {
            scan_mut(f).command_ask = Some(c.scan.command_ask);
            Some(())
        },
        show: |c| vec![("scan.command_ask".into(), format!("{}", c.scan.command_ask))],
    },
    Key {
        name: "store.keep_decisions",
        ty: "`\"all\"`, days (`\"90d\"`) or a row count",
        default: "\"all\"",
        env: None,
        project: ProjectRule::No,
        doc: "how many recorded decisions the store keeps; older ones are deleted a bounded batch at a time at each session start",
        origin: "store.keep_decisions",
        file: |c, f, origin| {
            let Some(v) = f.store.as_ref().and_then(|s| s.keep_decisions.as_ref()) else {
                return Ok(false);
            };
            c.keep_decisions = KeepDecisions::parse(origin, v)?;
            Ok(true)
        },
        env_fn: None,
        tighten: None,
        present: |f| f.store.as_ref().is_some_and(|s| s.keep_decisions.is_some()),
        cache: |c, f| {
            f.store
                .get_or_insert_with(Default::default)
                .keep_decisions = Some(c.keep_decisions.to_value());
            Some(())
        },
        show: |c| {
            let v = match c.keep_decisions.to_value() {
                KeepValue::Rows(n) => json(n),
                KeepValue::Text(t) => json(t),
            };
            vec![("store.keep_decisions".into(), v)]
        },
    },
    Key {
        name: "lessons.enabled",
        ty: "boolean",
        default: "true",
        env: Some("HOOKWARD_LESSONS"),
        project: ProjectRule::No,
        doc: "learn lessons from failed-then-fixed tool calls and remind the agent of them (README, \"Lessons\"); the variable is off for `false` or `0`",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.enabled)?
                .map(|v| c.lessons.enabled = v)
                .is_some())
        },
        env_fn: Some(|c, n, v| {
            c.lessons.enabled = parse_env::<String>(n, v).map(|v| v != "false" && v != "0")?;
            Ok(())
        }),
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.enabled.is_some()),
        cache: |c, f| {
            lessons_mut(f).enabled = Some(c.lessons.enabled);
            Some(())
        },
        show: |c| vec![("lessons.enabled".into(), json(c.lessons.enabled))],
    },
    Key {
        name: "lessons.deliver_on",
        ty: "list of `\"UserPromptSubmit\"`, `\"PreToolUse\"`",
        default: "[\"UserPromptSubmit\",\"PreToolUse\"]",
        env: None,
        project: ProjectRule::No,
        doc: "the events lessons are delivered on (agents that cannot take context on an event are skipped)",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.deliver_on.clone())?
                .map(|v| c.lessons.deliver_on = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.deliver_on.is_some()),
        cache: |c, f| {
            lessons_mut(f).deliver_on = Some(c.lessons.deliver_on.clone());
            Some(())
        },
        show: |c| vec![("lessons.deliver_on".into(), json(&c.lessons.deliver_on))],
    },
    Key {
        name: "lessons.max_per_turn",
        ty: "integer 0–5",
        default: "2",
        env: None,
        project: ProjectRule::No,
        doc: "most lessons shown on one event",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.max_per_turn)?
                .map(|v| c.lessons.max_per_turn = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.max_per_turn.is_some()),
        cache: |c, f| {
            lessons_mut(f).max_per_turn = Some(c.lessons.max_per_turn);
            Some(())
        },
        show: |c| vec![("lessons.max_per_turn".into(), json(c.lessons.max_per_turn))],
    },
    Key {
        name: "lessons.max_chars",
        ty: "integer 120–4000",
        default: "600",
        env: None,
        project: ProjectRule::No,
        doc: "most characters of lesson text on one event",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.max_chars)?
                .map(|v| c.lessons.max_chars = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.max_chars.is_some()),
        cache: |c, f| {
            lessons_mut(f).max_chars = Some(c.lessons.max_chars);
            Some(())
        },
        show: |c| vec![("lessons.max_chars".into(), json(c.lessons.max_chars))],
    },
    Key {
        name: "lessons.half_life_days",
        ty: "integer 1–3650",
        default: "30",
        env: None,
        project: ProjectRule::No,
        doc: "recall's recency decay: a lesson's score halves for each this many days since it was learned, merged or last hit",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.half_life_days)?
                .map(|v| c.lessons.half_life_days = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.half_life_days.is_some()),
        cache: |c, f| {
            lessons_mut(f).half_life_days = Some(c.lessons.half_life_days);
            Some(())
        },
        show: |c| vec![("lessons.half_life_days".into(), json(c.lessons.half_life_days))],
    },
    Key {
        name: "lessons.rewrite_endpoint",
        ty: "`\"http://127.0.0.1:PORT/v1\"` (loopback only) or `\"\"`",
        default: "\"\"",
        env: Some("HOOKWARD_LESSONS_REWRITE_ENDPOINT"),
        project: ProjectRule::No,
        doc: "the OpenAI-compatible server on this machine `hookward lessons rewrite` uses when `--endpoint` is not given; empty: rewrite is off (never part of the hook)",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.rewrite_endpoint.clone())?
                .map(|v| c.lessons.rewrite_endpoint = Some(v).filter(|v| !v.is_empty()))
                .is_some())
        },
        env_fn: Some(|c, n, v| {
            let v = parse_env::<String>(n, v)?;
            if !v.is_empty() {
                crate::rewrite_endpoint(&v).map_err(|message| ConfigError::Invalid {
                    origin: format!("environment variable {n}"),
                    message,
                })?;
            }
            c.lessons.rewrite_endpoint = Some(v).filter(|v| !v.is_empty());
            Ok(())
        }),
        tighten: None,
        present: |f| {
            f.lessons
                .as_ref()
                .is_some_and(|x| x.rewrite_endpoint.is_some())
        },
        cache: |c, f| {
            lessons_mut(f).rewrite_endpoint =
                Some(c.lessons.rewrite_endpoint.clone().unwrap_or_default());
            Some(())
        },
        show: |c| {
            vec![(
                "lessons.rewrite_endpoint".into(),
                json(c.lessons.rewrite_endpoint.as_deref().unwrap_or("")),
            )]
        },
    },
    Key {
        name: "lessons.rewrite_model",
        ty: "string",
        default: "\"local\"",
        env: Some("HOOKWARD_LESSONS_REWRITE_MODEL"),
        project: ProjectRule::No,
        doc: "the model name `hookward lessons rewrite` sends to that server when `--model` is not given",
        origin: "lessons",
        file: |c, f, o| {
            Ok(lessons_file(f, o, |l| l.rewrite_model.clone())?
                .map(|v| c.lessons.rewrite_model = v)
                .is_some())
        },
        env_fn: Some(|c, n, v| {
            let v = parse_env::<String>(n, v)?;
            crate::check_rewrite_model(&v).map_err(|message| ConfigError::Invalid {
                origin: format!("environment variable {n}"),
                message,
            })?;
            c.lessons.rewrite_model = v;
            Ok(())
        }),
        tighten: None,
        present: |f| f.lessons.as_ref().is_some_and(|x| x.rewrite_model.is_some()),
        cache: |c, f| {
            lessons_mut(f).rewrite_model = Some(c.lessons.rewrite_model.clone());
            Some(())
        },
        show: |c| vec![("lessons.rewrite_model".into(), json(&c.lessons.rewrite_model))],
    },
    Key {
        name: "sandbox.allow_net",
        ty: "list of `\"HOST:PORT\"` or `\":PORT\"`",
        default: "[]",
        env: None,
        project: ProjectRule::No,
        doc: "added to every `hookward run --allow-net`: hosts through the allowlist proxy, `:PORT` as a direct port rule; `hookward run` refuses to start while the file does not load or an entry does not parse",
        origin: "sandbox",
        file: |c, f, o| {
            Ok(sandbox_file(f, o, |s| s.allow_net.clone())?
                .map(|v| c.sandbox.allow_net = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.sandbox.as_ref().is_some_and(|x| x.allow_net.is_some()),
        cache: |c, f| {
            sandbox_mut(f).allow_net = Some(c.sandbox.allow_net.clone());
            Some(())
        },
        show: |c| vec![("sandbox.allow_net".into(), json(&c.sandbox.allow_net))],
    },
    Key {
        name: "sandbox.strip_env",
        ty: "list of patterns (`*` wildcard)",
        default: "[]",
        env: None,
        project: ProjectRule::No,
        doc: "more variable names removed from the environment of `hookward run`'s command, besides the built-in `AWS_*`, `*_TOKEN`…",
        origin: "sandbox",
        file: |c, f, o| {
            Ok(sandbox_file(f, o, |s| s.strip_env.clone())?
                .map(|v| c.sandbox.strip_env = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.sandbox.as_ref().is_some_and(|x| x.strip_env.is_some()),
        cache: |c, f| {
            sandbox_mut(f).strip_env = Some(c.sandbox.strip_env.clone());
            Some(())
        },
        show: |c| vec![("sandbox.strip_env".into(), json(&c.sandbox.strip_env))],
    },
    Key {
        name: "mcp.allow",
        ty: "list of MCP server name globs, or unset",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "when set (even to `[]`), a call to an MCP server matching no entry asks (`mcp/unlisted-server`); `install --apply` adds the servers already configured (trust on install); `hookward mcp allow`",
        origin: "mcp.allow",
        file: |c, f, origin| {
            let Some(v) = f.mcp.as_ref().and_then(|m| m.allow.as_ref()) else {
                return Ok(false);
            };
            c.mcp.allow = Some(check_list(origin, "mcp.allow", v)?);
            Ok(true)
        },
        env_fn: None,
        tighten: None,
        present: |f| f.mcp.as_ref().is_some_and(|m| m.allow.is_some()),
        cache: |c, f| {
            mcp_mut(f).allow = c.mcp.allow.clone();
            Some(())
        },
        show: |c| vec![("mcp.allow".into(), json(&c.mcp.allow))],
    },
    Key {
        name: "mcp.block",
        ty: "list of MCP server name globs",
        default: "(payment and banking servers: `hookward_config::DEFAULT_MCP_BLOCK`)",
        env: None,
        project: ProjectRule::Tighten,
        doc: "a call to an MCP server matching an entry is denied (`mcp/blocked-server`); setting it replaces the default list; `hookward mcp block` and `unblock`; a project may add entries",
        origin: "mcp.block",
        file: |c, f, origin| {
            let Some(v) = f.mcp.as_ref().and_then(|m| m.block.as_ref()) else {
                return Ok(false);
            };
            c.mcp.block = check_list(origin, "mcp.block", v)?;
            Ok(true)
        },
        env_fn: None,
        tighten: Some(|c, f, origin| {
            let v = f.mcp.as_ref().and_then(|m| m.block.as_ref());
            tighten_list(c, origin, "mcp.block", v, |c| &mut c.mcp.block)
        }),
        present: |f| f.mcp.as_ref().is_some_and(|m| m.block.is_some()),
        cache: |c, f| {
            mcp_mut(f).block = Some(c.mcp.block.clone());
            Some(())
        },
        show: |c| vec![("mcp.block".into(), json(&c.mcp.block))],
    },
    Key {
        name: "web.block_hosts",
        ty: "list of hosts or host globs",
        default: "[]",
        env: None,
        project: ProjectRule::Tighten,
        doc: "a fetch tool or shell command reaching one of these hosts (a host covers its subdomains; `*` globs) is denied (`web/blocked-host`); a project may add entries",
        origin: "web.block_hosts",
        file: |c, f, origin| {
            let Some(v) = f.web.as_ref().and_then(|w| w.block_hosts.as_ref()) else {
                return Ok(false);
            };
            c.web.block_hosts = check_list(origin, "web.block_hosts", v)?;
            Ok(true)
        },
        env_fn: None,
        tighten: Some(|c, f, origin| {
            let v = f.web.as_ref().and_then(|w| w.block_hosts.as_ref());
            tighten_list(c, origin, "web.block_hosts", v, |c| &mut c.web.block_hosts)
        }),
        present: |f| f.web.as_ref().is_some_and(|w| w.block_hosts.is_some()),
        cache: |c, f| {
            web_mut(f).block_hosts = Some(c.web.block_hosts.clone());
            Some(())
        },
        show: |c| vec![("web.block_hosts".into(), json(&c.web.block_hosts))],
    },
    Key {
        name: "web.allow_hosts",
        ty: "list of hosts or host globs",
        default: "[]",
        env: None,
        project: ProjectRule::No,
        doc: "when not empty, a fetch tool reaching any other host is denied (`web/host-not-allowed`) and a web search must restrict its domains to these (`web/search-outside-allowed`)",
        origin: "web.allow_hosts",
        file: |c, f, origin| {
            let Some(v) = f.web.as_ref().and_then(|w| w.allow_hosts.as_ref()) else {
                return Ok(false);
            };
            c.web.allow_hosts = check_list(origin, "web.allow_hosts", v)?;
            Ok(true)
        },
        env_fn: None,
        tighten: None,
        present: |f| f.web.as_ref().is_some_and(|w| w.allow_hosts.is_some()),
        cache: |c, f| {
            web_mut(f).allow_hosts = Some(c.web.allow_hosts.clone());
            Some(())
        },
        show: |c| vec![("web.allow_hosts".into(), json(&c.web.allow_hosts))],
    },
    Key {
        name: "export.otlp_url",
        ty: "`http://` or `https://` URL",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "the OpenTelemetry collector `hookward export run` sends decisions, health events and audit entries to (OTLP/HTTP, JSON; `/v1/logs` added when the URL has no path); never the hook",
        origin: "export.otlp_url",
        file: |c, f, _| {
            Ok(f.export
                .as_ref()
                .and_then(|e| e.otlp_url.clone())
                .map(|v| c.export.otlp_url = Some(v))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.export.as_ref().is_some_and(|e| e.otlp_url.is_some()),
        cache: |c, f| {
            export_mut(f).otlp_url = c.export.otlp_url.clone();
            Some(())
        },
        show: |c| vec![("export.otlp_url".into(), json(&c.export.otlp_url))],
    },
    Key {
        name: "export.syslog",
        ty: "`udp://`, `tcp://` or `tls://host:port`",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "the RFC 5424 syslog receiver `hookward export run` sends the same records to",
        origin: "export.syslog",
        file: |c, f, _| {
            Ok(f.export
                .as_ref()
                .and_then(|e| e.syslog.clone())
                .map(|v| c.export.syslog = Some(v))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.export.as_ref().is_some_and(|e| e.syslog.is_some()),
        cache: |c, f| {
            export_mut(f).syslog = c.export.syslog.clone();
            Some(())
        },
        show: |c| vec![("export.syslog".into(), json(&c.export.syslog))],
    },
    Key {
        name: "export.syslog_ca",
        ty: "path",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "a PEM file of CA certificates a `tls://` syslog receiver's certificate may chain to, beside the Mozilla roots (a company CA)",
        origin: "export.syslog_ca",
        file: |c, f, _| {
            Ok(f.export
                .as_ref()
                .and_then(|e| e.syslog_ca.clone())
                .map(|v| c.export.syslog_ca = Some(v))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.export.as_ref().is_some_and(|e| e.syslog_ca.is_some()),
        cache: |c, f| {
            export_mut(f).syslog_ca = c.export.syslog_ca.clone();
            Some(())
        },
        show: |c| vec![("export.syslog_ca".into(), json(&c.export.syslog_ca))],
    },
    Key {
        name: "export.shape",
        ty: "`\"hookward\"` or `\"opa\"`",
        default: "\"hookward\"",
        env: None,
        project: ProjectRule::No,
        doc: "the JSON document of each exported record: hookward's own, or OPA's decision-log event for decisions",
        origin: "export.shape",
        file: |c, f, _| {
            Ok(f.export
                .as_ref()
                .and_then(|e| e.shape)
                .map(|v| c.export.shape = v)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.export.as_ref().is_some_and(|e| e.shape.is_some()),
        cache: |c, f| {
            export_mut(f).shape = Some(c.export.shape);
            Some(())
        },
        show: |c| vec![("export.shape".into(), json(c.export.shape))],
    },
    Key {
        name: "cost.daily_budget",
        ty: "dollars (number ≥ 0)",
        default: "(none)",
        env: None,
        project: ProjectRule::No,
        doc: "what all agent sessions may cost per UTC day; past `cost.alert_threshold` of it, `UserPromptSubmit` gets a notice (README, \"Cost\")",
        origin: "cost",
        file: |c, f, o| {
            Ok(cost_file(f, o, |s| s.daily_budget)?
                .map(|v| c.cost.daily_budget_micro = Some(micro(v)))
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.cost.as_ref().is_some_and(|x| x.daily_budget.is_some()),
        cache: |c, f| {
            cost_mut(f).daily_budget = c.cost.daily_budget_micro.map(dollars);
            Some(())
        },
        show: |c| {
            vec![(
                "cost.daily_budget".into(),
                json(c.cost.daily_budget_micro.map(dollars)),
            )]
        },
    },
    Key {
        name: "cost.alert_threshold",
        ty: "fraction, above 0 to 1",
        default: "0.8",
        env: None,
        project: ProjectRule::No,
        doc: "the share of a budget spent at which the notice starts (1: only when the budget is gone)",
        origin: "cost",
        file: |c, f, o| {
            Ok(cost_file(f, o, |s| s.alert_threshold)?
                .map(|v| c.cost.alert_threshold_permille = (v * 1000.0).round() as u32)
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.cost.as_ref().is_some_and(|x| x.alert_threshold.is_some()),
        cache: |c, f| {
            cost_mut(f).alert_threshold = Some(f64::from(c.cost.alert_threshold_permille) / 1000.0);
            Some(())
        },
        show: |c| {
            vec![(
                "cost.alert_threshold".into(),
                json(f64::from(c.cost.alert_threshold_permille) / 1000.0),
            )]
        },
    },
    Key {
        name: "cost.project_budgets",
        ty: "table: project path → dollars",
        default: "{}",
        env: None,
        project: ProjectRule::No,
        doc: "a daily budget per project (the folder an agent ran in, and the folders below it), with the same threshold and notice",
        origin: "cost",
        file: |c, f, o| {
            Ok(cost_file(f, o, |s| s.project_budgets.clone())?
                .map(|v| {
                    c.cost.project_budgets_micro = v
                        .iter()
                        .map(|(p, d)| (project_key(p), micro(*d)))
                        .collect()
                })
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.cost.as_ref().is_some_and(|x| x.project_budgets.is_some()),
        cache: |c, f| {
            cost_mut(f).project_budgets = Some(
                c.cost
                    .project_budgets_micro
                    .iter()
                    .map(|(p, v)| (p.clone(), dollars(*v)))
                    .collect(),
            );
            Some(())
        },
        show: |c| {
            let m: std::collections::BTreeMap<&String, f64> = c
                .cost
                .project_budgets_micro
                .iter()
                .map(|(p, v)| (p, dollars(*v)))
                .collect();
            vec![("cost.project_budgets".into(), json(m))]
        },
    },
    Key {
        name: "cost.prices",
        ty: "table: model id → `{input, output, cache_read, cache_write_5m?, cache_write_1h?}` in $/MTok",
        default: "{}",
        env: None,
        project: ProjectRule::No,
        doc: "prices that replace the shipped table's row of that exact model id, or add one; a model in neither is shown as `no price`, never guessed",
        origin: "cost",
        file: |c, f, o| {
            Ok(cost_file(f, o, |s| s.prices.clone())?
                .map(|v| {
                    c.cost.prices = v.iter().map(|(m, p)| (m.clone(), p.into())).collect()
                })
                .is_some())
        },
        env_fn: None,
        tighten: None,
        present: |f| f.cost.as_ref().is_some_and(|x| x.prices.is_some()),
        cache: |c, f| {
            cost_mut(f).prices = Some(
                c.cost
                    .prices
                    .iter()
                    .map(|(m, p)| (m.clone(), PriceSection::from(p)))
                    .collect(),
            );
            Some(())
        },
        show: |c| {
            let m: std::collections::BTreeMap<&String, PriceSection> = c
                .cost
                .prices
                .iter()
                .map(|(k, p)| (k, PriceSection::from(p)))
                .collect();
            vec![("cost.prices".into(), json(m))]
        },
    },
];

/// The key whose variable is `name` (`HOOKWARD_FAIL_MODE`; the part after `HOOKWARD_` in any
/// case).
pub fn by_env(name: &str) -> Option<&'static Key> {
    let suffix = name.strip_prefix("HOOKWARD_")?;
    KEYS.iter().find(|k| {
        k.env
            .and_then(|e| e.strip_prefix("HOOKWARD_"))
            .is_some_and(|e| e.eq_ignore_ascii_case(suffix))
    })
}

/// Whether `name` is a config key's variable, current or deprecated (`HOOKWARD_HOME`,
/// `HOOKWARD_TRACE`… are not).
pub fn is_env_key(name: &str) -> bool {
    by_env(name).is_some() || deprecated_env(name).is_some()
}

fn deprecated_env(name: &str) -> Option<&'static Deprecated> {
    let suffix = name.strip_prefix("HOOKWARD_")?;
    DEPRECATED.iter().find(|d| {
        d.env
            .strip_prefix("HOOKWARD_")
            .is_some_and(|e| e.eq_ignore_ascii_case(suffix))
    })
}

/// Layer 2 (and the last good copy): a parsed file over `cfg`. Errors: [`ConfigError::Invalid`]
/// (unknown check, threshold out of range); `cfg` may be half-changed then.
pub(crate) fn apply_file(
    cfg: &mut Config,
    f: &FileConfig,
    origin: &str,
) -> Result<(), ConfigError> {
    for k in KEYS {
        if (k.file)(cfg, f, origin)? {
            cfg.origins.insert(k.origin.to_string(), origin.to_string());
        }
    }
    deprecations(cfg, f, origin);
    Ok(())
}

/// Layer 3: one variable over `cfg`; variables that are not config keys are skipped.
pub(crate) fn apply_env(cfg: &mut Config, name: &str, value: &str) -> Result<(), ConfigError> {
    if let Some(d) = deprecated_env(name) {
        let msg = format!(
            "environment variable {name}: `{}` is deprecated and ignored: {}",
            d.name, d.note
        );
        if !cfg.deprecated.contains(&msg) {
            cfg.deprecated.push(msg);
        }
        return Ok(());
    }
    let Some(k) = by_env(name) else {
        return Ok(());
    };
    let Some(apply) = k.env_fn else {
        return Ok(());
    };
    apply(cfg, name, value)?;
    cfg.origins.insert(k.origin.to_string(), name.to_string());
    Ok(())
}

/// Layer 4: a project file over `cfg`: [`ProjectRule::Tighten`] keys tighten, the others are
/// ignored and reported. Errors: [`ConfigError::Invalid`]; `cfg` may be half-changed then.
pub(crate) fn apply_project(
    cfg: &mut Config,
    f: &FileConfig,
    origin: &str,
) -> Result<(), ConfigError> {
    // The keys a project may tighten first, then what it may not set (the order of the
    // `ignored` lines).
    for k in KEYS {
        if let (ProjectRule::Tighten, Some(t)) = (k.project, k.tighten) {
            t(cfg, f, origin)?;
        }
    }
    for k in KEYS.iter().filter(|k| k.project == ProjectRule::No) {
        if (k.present)(f) {
            ignored(
                cfg,
                format!(
                    "{origin}: `{}` ignored (a project may only tighten)",
                    k.name
                ),
            );
        }
    }
    deprecations(cfg, f, origin);
    Ok(())
}

fn deprecations(cfg: &mut Config, f: &FileConfig, origin: &str) {
    for d in DEPRECATED {
        let present = match d.name {
            "extra_denied_programs" => f.extra_denied_programs.is_some(),
            _ => false,
        };
        let msg = format!(
            "{origin}: `{}` is deprecated and ignored: {}",
            d.name, d.note
        );
        if present && !cfg.deprecated.contains(&msg) {
            cfg.deprecated.push(msg);
        }
    }
}

/// The keys of `cfg` whose origin is not `default`, as a file (the last good copy). `None`
/// when a value cannot be written as TOML.
pub(crate) fn cache_file(cfg: &Config) -> Option<FileConfig> {
    let mut f = FileConfig::default();
    for k in KEYS {
        if cfg.origin(k.origin) != "default" {
            (k.cache)(cfg, &mut f)?;
        }
    }
    Some(f)
}

/// One line of `hookward config`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConfigRow {
    /// The key as shown (`context.checks.<check>` one line per check).
    pub key: String,
    /// The value as JSON text (scores as decimals).
    pub value: String,
    /// Where it came from: `default`, a file, or a variable. Keys of a table that keeps one
    /// origin (`context`, `scan`) show `default` while their value is the default.
    pub origin: String,
}

/// The lines of `hookward config` for `cfg`, in [`KEYS`] order.
pub(crate) fn rows(cfg: &Config) -> Vec<ConfigRow> {
    let defaults = Config::default();
    let mut out = Vec::new();
    for k in KEYS {
        let shown = (k.show)(cfg);
        let default_shown = (k.show)(&defaults);
        for (i, (key, value)) in shown.into_iter().enumerate() {
            let origin = if k.origin == k.name {
                cfg.origin(k.name).to_string()
            } else if default_shown.get(i).map(|d| &d.1) == Some(&value) {
                "default".to_string()
            } else {
                cfg.origin(k.origin).to_string()
            };
            out.push(ConfigRow { key, value, origin });
        }
    }
    out
}

/// The README's table of keys (between `<!-- config-keys -->` and `<!-- /config-keys -->`),
/// generated from [`KEYS`]; a test fails when the README's copy differs.
pub fn docs_table() -> String {
    let mut s = String::from(
        "| key | type | default | variable | project file | what it does |\n| --- | --- | --- | --- | --- | --- |\n",
    );
    for k in KEYS {
        let default = if k.default.starts_with('`') || k.default.starts_with('(') {
            k.default.to_string()
        } else {
            format!("`{}`", k.default)
        };
        s.push_str(&format!(
            "| `{}` | {} | {} | {} | {} | {} |\n",
            k.name,
            k.ty,
            default,
            k.env
                .map(|e| format!("`{e}`"))
                .unwrap_or_else(|| "—".into()),
            k.project.word(),
            k.doc
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_score_variable_names_the_key_as_written_in_config_toml() {
        let e = env_score("HOOKWARD_SCAN_LEARNED_ASK", "0.3")
            .expect_err("0.3 is below the floor")
            .to_string();
        assert!(e.contains("`scan.learned_ask` = 0.3"), "{e}");
        assert!(e.contains("HOOKWARD_SCAN_LEARNED_ASK"), "{e}");
        let e = env_score("HOOKWARD_SCAN_LEARNED_DENY", "x")
            .expect_err("not a number")
            .to_string();
        assert!(e.contains("not a number"), "{e}");
        assert_eq!(
            env_score("HOOKWARD_SCAN_LEARNED_DENY", " 0.9 ").ok(),
            Some(0.9)
        );
    }

    /// The keys serde parses are exactly the declared and deprecated ones.
    #[test]
    fn the_file_struct_has_exactly_the_declared_keys() {
        let mut f = FileConfig::default();
        let cfg = Config::default();
        for k in KEYS
            .iter()
            .filter(|k| k.name != "policy.data" && k.name != "policy.bundle")
        {
            (k.cache)(&cfg, &mut f).expect("defaults are TOML");
        }
        f.policy = Some(PolicySection {
            data: Some(toml::Table::new()),
            bundle: Some(crate::BundleConfig::default()),
        });
        f.extra_denied_programs = Some(Vec::new());
        // `mcp.allow` is unset by default; set it so the key shows.
        mcp_mut(&mut f).allow = Some(Vec::new());
        export_mut(&mut f).otlp_url = Some(String::new());
        export_mut(&mut f).syslog = Some(String::new());
        export_mut(&mut f).syslog_ca = Some(std::path::PathBuf::new());
        cost_mut(&mut f).daily_budget = Some(0.0);
        let v = toml::Value::try_from(&f).expect("a table");
        let mut parsed: Vec<String> = Vec::new();
        if let toml::Value::Table(t) = v {
            for (k, x) in t {
                match x {
                    toml::Value::Table(inner) => {
                        parsed.extend(inner.keys().map(|i| format!("{k}.{i}")))
                    }
                    _ => parsed.push(k),
                }
            }
        }
        let mut declared: Vec<String> = KEYS
            .iter()
            .map(|k| k.name.to_string())
            .chain(DEPRECATED.iter().map(|d| d.name.to_string()))
            .collect();
        parsed.sort();
        declared.sort();
        assert_eq!(parsed, declared);
    }

    #[test]
    fn tighten_keys_have_a_tighten_function_and_env_keys_an_env_function() {
        for k in KEYS {
            assert_eq!(
                k.project == ProjectRule::Tighten,
                k.tighten.is_some(),
                "{}",
                k.name
            );
            assert_eq!(k.env.is_some(), k.env_fn.is_some(), "{}", k.name);
            if let Some(e) = k.env {
                assert_eq!(by_env(e).map(|x| x.name), Some(k.name));
            }
            assert!(!k.doc.is_empty() && !k.ty.is_empty(), "{}", k.name);
        }
    }

    #[test]
    fn the_shown_defaults_are_the_declared_defaults() {
        let cfg = Config::default();
        for k in KEYS
            .iter()
            .filter(|k| k.name != "context.checks" && k.name != "mcp.block")
        {
            let shown = (k.show)(&cfg);
            let want = match k.default {
                "(none)" => "null",
                d => d,
            };
            assert_eq!(shown[0].1, want, "{}", k.name);
        }
    }

    /// The README's table of keys is [`docs_table`]; `UPDATE_DOCS=1 cargo test -p
    /// hookward-config` rewrites it.
    #[test]
    fn the_readme_table_is_the_declarations() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
        let readme = std::fs::read_to_string(path).expect("README.md");
        let open = "<!-- config-keys -->\n";
        let start = readme.find(open).expect("README has <!-- config-keys -->") + open.len();
        let end = readme
            .find("<!-- /config-keys -->")
            .expect("README has <!-- /config-keys -->");
        let want = docs_table();
        if std::env::var_os("UPDATE_DOCS").is_some() && readme[start..end] != want {
            let text = format!("{}{want}{}", &readme[..start], &readme[end..]);
            std::fs::write(path, text).expect("README.md written");
            return;
        }
        assert_eq!(
            &readme[start..end],
            want,
            "the README's table differs from hookward_config::KEYS; UPDATE_DOCS=1 cargo test -p hookward-config rewrites it"
        );
    }
}
