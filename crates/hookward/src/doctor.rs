//! `hookward doctor`: is hookward installed, healthy, and actually answering?

use crate::install::{codex_home, settings_path, InstallAgent};
use crate::util::{self, fmt_ts, CliResult};
use crate::ScopeArg;
use hookward_install::{
    codex_config_path, inspect, inspect_codex_trust, Registration, Timeout, TimeoutUnit, TrustState,
};
use hookward_store::{HealthKind, Store};
use hookward_sys::now_ms;
use serde::Serialize;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// Longest sane hook timeout, in seconds: hook calls take milliseconds, and while a hook runs
/// the agent waits (a PreToolUse sleep of 2 s added 2 s to the run, REPORT.md).
const MAX_SANE_TIMEOUT_S: u64 = 60;

/// How long the canary may take before doctor calls it hung (the installer's default timeout).
const CANARY_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Serialize)]
struct Check {
    name: String,
    ok: bool,
    /// A warning: worth a look, not a failure (exit code unaffected).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    warn: bool,
    detail: String,
    /// The command (or edit) that fixes a failing check; printed under it.
    #[serde(skip_serializing_if = "Option::is_none")]
    fix: Option<String>,
}

/// Sets the fix of the check just pushed (a failing one; passing checks need none).
fn with_fix(checks: &mut [Check], fix: impl Into<String>) {
    if let Some(c) = checks.last_mut() {
        if !c.ok || c.warn {
            c.fix = Some(fix.into());
        }
    }
}

fn check(checks: &mut Vec<Check>, name: &str, ok: bool, detail: impl Into<String>) {
    checks.push(Check {
        name: name.into(),
        ok,
        warn: false,
        detail: detail.into(),
        fix: None,
    });
}

fn warn(checks: &mut Vec<Check>, name: &str, detail: impl Into<String>) {
    checks.push(Check {
        name: name.into(),
        ok: true,
        warn: true,
        detail: detail.into(),
        fix: None,
    });
}

/// One agent's registration, as found by [`agent_checks`].
struct Installed {
    agent: InstallAgent,
    /// Latest modification time (ms since the epoch) of a file holding our entries: the
    /// install (or the last change to the file) — events before it do not prove the hooks run.
    since_ms: Option<i64>,
}

/// When a layer does not load: one `config` check per such layer (a failure: its settings are
/// not in force) and one line naming the layers in force, e.g. the last good copy standing in.
fn config_layer_checks(checks: &mut Vec<Check>, cfg: &hookward_config::Config) {
    let broken = cfg.broken_layers();
    if broken.is_empty() {
        return;
    }
    let broken_sources = cfg
        .layers
        .iter()
        .filter(|l| !l.in_force && l.layer != "last good")
        .map(|l| (l.layer.clone(), l.source.clone()));
    for (b, (layer, source)) in broken.into_iter().zip(broken_sources) {
        check(checks, "config", false, format!("layer {b}"));
        with_fix(checks, config_fix(&layer, &source));
    }
    let in_force: Vec<String> = cfg
        .layers
        .iter()
        .filter(|l| l.in_force)
        .map(|l| format!("{} {}", l.layer, l.source))
        .collect();
    check(
        checks,
        "config",
        true,
        format!("layers in force: {}", in_force.join(", ")),
    );
}

/// The fix line of a config layer that does not load: the file (or variable) and where to
/// look, and how to check the result.
fn config_fix(layer: &str, source: &str) -> String {
    if layer == "environment" {
        return format!("correct or unset {source} (the error above names the value); `hookward config` shows the result");
    }
    if layer == "managed bundle" {
        return "the managed bundle's settings do not load: ask whoever publishes the bundle, then `hookward policy pull`".to_string();
    }
    format!(
        "edit {source} at the line the error names (top-level keys such as fail_mode go above \
         the first [table]); `hookward config` shows the result"
    )
}

fn mtime_ms(path: &Path) -> Option<i64> {
    let t = std::fs::metadata(path).ok()?.modified().ok()?;
    let d = t.duration_since(std::time::UNIX_EPOCH).ok()?;
    i64::try_from(d.as_millis()).ok()
}

/// The settings files doctor reads for `agent`, each once: run from `$HOME`, the project's
/// `.claude/settings.json` is the user's `~/.claude/settings.json`, and it is read (and its
/// entries counted) only as the user's.
fn agent_files(agent: InstallAgent, project: &Option<PathBuf>) -> Result<Vec<PathBuf>, String> {
    // Every scope the agent's profile has an install file for (Claude Code: user, project,
    // local; the others: user).
    let profile = hookward_pipeline::profile(agent.agent());
    let paths: Vec<PathBuf> = [ScopeArg::User, ScopeArg::Project, ScopeArg::Local]
        .into_iter()
        .filter(|scope| {
            profile
                .install_file(crate::install::install_scope(*scope))
                .is_some()
        })
        .map(|scope| settings_path(agent, scope, project.clone()))
        .collect::<Result<_, _>>()?;
    Ok(distinct_files(paths))
}

/// `paths` without the ones that name a file already in the list (compared canonicalised when
/// they exist, lexically otherwise), first spelling kept.
fn distinct_files(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for p in paths {
        let key = same_file_key(&p);
        if !seen.contains(&key) {
            seen.push(key);
            out.push(p);
        }
    }
    out
}

/// What makes two spellings of a path the same file: the canonical path of the file, or of
/// its folder plus its name when the file does not exist (yet).
fn same_file_key(p: &Path) -> PathBuf {
    if let Ok(c) = std::fs::canonicalize(p) {
        return c;
    }
    match (p.parent().map(std::fs::canonicalize), p.file_name()) {
        (Some(Ok(dir)), Some(name)) => dir.join(name),
        _ => p.to_path_buf(),
    }
}

/// Checks `agent`'s settings files: entries, programs, timeouts, hooks switched off, each
/// event registered once, and for Codex the trust entries. Returns the agent when hookward is
/// registered with it, and pushes the Claude Code commands for the canary.
fn agent_checks(
    checks: &mut Vec<Check>,
    agent: InstallAgent,
    project: &Option<PathBuf>,
    commands: &mut Vec<String>,
) -> Result<Option<Installed>, String> {
    let format = agent.format();
    let name = format.agent_name();
    let mut per_event = std::collections::BTreeMap::<String, usize>::new();
    let mut since_ms: Option<i64> = None;
    let mut files = Vec::new();
    for path in agent_files(agent, project)? {
        let reg: Registration = match inspect(format, &path) {
            Ok(reg) => reg,
            Err(e) => {
                check(checks, "settings", false, e.to_string());
                with_fix(
                    checks,
                    format!(
                        "repair or remove {} (it is never rewritten while it does not parse)",
                        path.display()
                    ),
                );
                continue;
            }
        };
        if let Some(by) = reg.disabled_by {
            check(
                checks,
                "hooks enabled",
                false,
                format!(
                    "{}: {by} switches every hook off, hookward included",
                    path.display()
                ),
            );
            with_fix(checks, format!("remove `{by}` from {}", path.display()));
        }
        if !reg.entries.is_empty() {
            files.push(path.clone());
            since_ms = since_ms.max(mtime_ms(&path));
        }
        for e in &reg.entries {
            *per_event.entry(e.event.clone()).or_default() += 1;
            let prog_ok = is_executable(&on_path(&e.program));
            check(
                checks,
                "command",
                prog_ok,
                format!(
                    "{} {}: {}{}",
                    path.display(),
                    e.event,
                    e.command,
                    if prog_ok {
                        ""
                    } else {
                        " (program missing or not executable: re-run `hookward install`)"
                    }
                ),
            );
            with_fix(checks, format!("hookward install {} --apply", agent.word()));
            let (unit, per_s) = match format.timeout_unit() {
                TimeoutUnit::Seconds => ("s", 1),
                TimeoutUnit::Milliseconds => ("ms", 1000),
            };
            match &e.timeout {
                Timeout::Value(t) if *t >= per_s && *t <= MAX_SANE_TIMEOUT_S * per_s => {}
                Timeout::Value(t) => check(
                    checks,
                    "timeout",
                    false,
                    format!(
                        "{} {}: timeout {t} {unit}; use 1–{} {unit}",
                        path.display(),
                        e.event,
                        MAX_SANE_TIMEOUT_S * per_s
                    ),
                ),
                Timeout::Absent => check(
                    checks,
                    "timeout",
                    false,
                    format!(
                        "{} {}: no timeout, {name}'s default applies",
                        path.display(),
                        e.event
                    ),
                ),
                Timeout::Invalid(s) => check(
                    checks,
                    "timeout",
                    false,
                    format!(
                        "{} {}: timeout {s} is not a number",
                        path.display(),
                        e.event
                    ),
                ),
            }
            if checks.last().is_some_and(|c| c.name == "timeout" && !c.ok) {
                with_fix(checks, format!("hookward install {} --apply", agent.word()));
            }
            if agent.agent() == CANARY_AGENT && !commands.contains(&e.command) {
                commands.push(e.command.clone());
            }
        }
    }
    if per_event.is_empty() {
        // Registered through hookward's plugin (Claude Code): install refuses to add settings
        // entries then, so the plugin is the registration (newcomer finding 3).
        if let Some(p) = crate::install::enabled_plugin(agent, project.clone())? {
            check(
                checks,
                "registered",
                true,
                format!(
                    "{name} via the plugin {} (enabledPlugins in {})",
                    p.id,
                    p.settings.display()
                ),
            );
            return Ok(Some(Installed {
                agent,
                since_ms: mtime_ms(&p.settings),
            }));
        }
        let file = agent_files(agent, project)?
            .into_iter()
            .next()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        check(
            checks,
            "agent",
            true,
            format!(
                "{name}: not installed ({file}); `hookward install {} --apply` adds it",
                agent.word()
            ),
        );
        return Ok(None);
    }
    for ev in agent.events() {
        let n = per_event.get(*ev).copied().unwrap_or(0);
        let hint = match n {
            1 => String::new(),
            0 => format!(" (re-run `hookward install {} --apply`)", agent.word()),
            _ => " (each call runs hookward more than once: uninstall from all but one scope)"
                .to_owned(),
        };
        let times = match n {
            0 => "not registered".to_string(),
            1 => "registered once".to_string(),
            _ => format!("registered {n} times"),
        };
        check(
            checks,
            "registered",
            n == 1,
            format!("{name} {ev}: {times}{hint}"),
        );
        match n {
            0 => with_fix(checks, format!("hookward install {} --apply", agent.word())),
            1 => {}
            _ => with_fix(checks, duplicate_fix(agent, &files)),
        }
    }
    if agent.profile().hook_trust {
        codex_trust_checks(checks, &files)?;
    }
    Ok(Some(Installed { agent, since_ms }))
}

/// The fix for an event registered more than once: uninstall from every scope but the first
/// that holds entries (an agent with project scopes, Claude Code), or re-install (the others
/// have one file, so the doubles are in it). The scopes are the profile's install rows.
fn duplicate_fix(agent: InstallAgent, files: &[PathBuf]) -> String {
    let profile = hookward_pipeline::profile(agent.agent());
    let local = profile.install_file(hookward_core::profile::InstallScope::Local);
    let project = profile.install_file(hookward_core::profile::InstallScope::Project);
    if local.is_none() && project.is_none() {
        return format!(
            "hookward uninstall {w} --apply && hookward install {w} --apply",
            w = agent.word()
        );
    }
    let scope_of = |p: &PathBuf| {
        if local.is_some_and(|r| p.ends_with(r.path)) {
            "local"
        } else if settings_path(agent, ScopeArg::User, None)
            .is_ok_and(|u| same_file_key(&u) == same_file_key(p))
        {
            "user"
        } else {
            "project"
        }
    };
    let extra: Vec<String> = files
        .iter()
        .skip(1)
        .map(|p| {
            format!(
                "hookward uninstall {} --scope {} --apply",
                agent.word(),
                scope_of(p)
            )
        })
        .collect();
    if extra.is_empty() {
        format!(
            "hookward uninstall {w} --apply && hookward install {w} --apply",
            w = agent.word()
        )
    } else {
        extra.join(" && ")
    }
}

/// Codex runs only trusted hooks (protocol/REPORT.md §2): one check per entry of ours.
fn codex_trust_checks(checks: &mut Vec<Check>, files: &[PathBuf]) -> Result<(), String> {
    let config = codex_config_path(&codex_home()?);
    for hooks in files {
        match inspect_codex_trust(&config, hooks) {
            Ok(t) => {
                if t.hooks_feature_off {
                    check(
                        checks,
                        "hooks enabled",
                        false,
                        format!(
                            "{}: [features] hooks = false switches every Codex hook off",
                            config.display()
                        ),
                    );
                    with_fix(
                        checks,
                        format!(
                            "set `hooks = true` under [features] in {}",
                            config.display()
                        ),
                    );
                }
                // one check per trust state, naming its events (six FAIL lines saying the
                // same thing for six events read as six problems)
                for state in [
                    TrustState::Trusted,
                    TrustState::Missing,
                    TrustState::Modified,
                    TrustState::Disabled,
                ] {
                    let events: Vec<&str> = t
                        .entries
                        .iter()
                        .filter(|e| e.state == state)
                        .map(|e| e.event.as_str())
                        .collect();
                    if events.is_empty() {
                        continue;
                    }
                    let (ok, what) = match state {
                        TrustState::Trusted => (true, "trusted"),
                        TrustState::Missing => (false, "not trusted: Codex skips them without a warning; run `hookward install codex --apply` or review them in Codex's /hooks"),
                        TrustState::Modified => (false, "trusted hash does not match (the entries changed or moved): run `hookward install codex --apply` or review them in Codex's /hooks"),
                        TrustState::Disabled => (false, "switched off in Codex's /hooks (enabled = false)"),
                    };
                    check(
                        checks,
                        "trust",
                        ok,
                        format!("{} {}: {what}", config.display(), events.join(", ")),
                    );
                    if !ok {
                        if state == TrustState::Disabled {
                            with_fix(checks, "switch the hooks back on in Codex's /hooks");
                        } else {
                            with_fix(checks, "hookward install codex --apply");
                        }
                    }
                }
            }
            Err(e) => {
                check(checks, "trust", false, e.to_string());
                with_fix(checks, format!("repair {}", config.display()));
            }
        }
    }
    Ok(())
}

pub fn run(json_out: bool, project: Option<PathBuf>) -> CliResult {
    let mut checks = Vec::new();
    let home = util::home()?;
    if home.is_dir() {
        check(
            &mut checks,
            "home",
            true,
            format!("hookward home {}", home.display()),
        );
    } else {
        // Normal right after an install: the first hook call creates it.
        warn(
            &mut checks,
            "home",
            format!(
                "hookward home {} does not exist yet (created by the first hook call)",
                home.display()
            ),
        );
    }
    // The user policy files doctor found broken itself (their health events are not repeated).
    let mut broken_policies: Vec<String> = Vec::new();
    match util::load_config() {
        Ok(cfg) => {
            check(
                &mut checks,
                "config",
                true,
                format!(
                    "fail_mode = {}, {} disabled rules",
                    format!("{:?}", cfg.fail_mode).to_lowercase(),
                    cfg.disabled_rules.len()
                ),
            );
            for w in util::setup_warnings(&cfg) {
                warn(&mut checks, "policy", w);
            }
            broken_policies = user_policy_checks(&mut checks, &home, &cfg);
            for i in &cfg.ignored {
                check(&mut checks, "config", false, i.clone());
                with_fix(&mut checks, "remove the ignored setting from the project's .hookward/config.toml (a project may only tighten)");
            }
            config_layer_checks(&mut checks, &cfg);
        }
        Err(e) => {
            check(&mut checks, "config", false, e);
            with_fix(
                &mut checks,
                "correct the file and line named above; `hookward config` shows the result",
            );
        }
    }
    for (ok, line) in crate::bundle::doctor_lines(&home) {
        if ok {
            check(&mut checks, "bundle", true, line);
        } else {
            warn(&mut checks, "bundle", line);
        }
    }
    let mut commands = Vec::new();
    let mut installed = Vec::new();
    for &agent in InstallAgent::all() {
        if let Some(i) = agent_checks(&mut checks, agent, &project, &mut commands)? {
            installed.push(i);
        }
    }
    if installed.is_empty() {
        check(
            &mut checks,
            "registered",
            false,
            "hookward is not registered with any agent: run `hookward install <agent> --apply` \
             (claude-code, codex, gemini, cursor)",
        );
        with_fix(&mut checks, "hookward install claude-code --apply");
    }
    let store_path = home.join("state.db");
    // The canary runs before the store is read, so that what it records (a user policy that
    // does not parse, a config layer that does not load) is in this run's health checks; its
    // lines are shown in their place below.
    let canary_start = now_ms();
    let canary_results: Vec<(bool, String)> =
        commands.iter().map(|cmd| canary(cmd.as_str())).collect();
    if !commands.is_empty() {
        mark_canary(&store_path, canary_start);
    }
    let store = Store::open_existing(&store_path);
    match &store {
        Ok(store) => {
            match store.check_bounded() {
                Ok(h) => check(
                    &mut checks,
                    "store",
                    h.ok,
                    format!(
                        "{}: quick_check {}, schema v{}, {} decision{}, {} health event{}",
                        store_path.display(),
                        h.quick_check.join("; "),
                        h.schema_version,
                        h.decisions,
                        if h.decisions == 1 { "" } else { "s" },
                        h.health_events,
                        if h.health_events == 1 { "" } else { "s" },
                    ),
                ),
                Err(e) => check(&mut checks, "store", false, e.to_string()),
            }
            store_fix(&mut checks, &store_path);
            health_checks(&mut checks, store, &broken_policies);
        }
        Err(e) => {
            check(
                &mut checks,
                "store",
                matches!(e, hookward_store::StoreError::Missing { .. }),
                e.to_string(),
            );
            store_fix(&mut checks, &store_path);
        }
    }
    for i in &installed {
        let name = i.agent.format().agent_name();
        let last = store
            .as_ref()
            .ok()
            .and_then(|s| s.last_event_ms(i.agent.word()).ok().flatten());
        let since = i
            .since_ms
            .map(fmt_ts)
            .unwrap_or_else(|| "the install".into());
        match (last, i.since_ms) {
            (Some(ts), Some(since_ms)) if ts >= since_ms => check(
                &mut checks,
                "activity",
                true,
                format!("last {name} event {}", fmt_ts(ts)),
            ),
            (Some(ts), None) => check(
                &mut checks,
                "activity",
                true,
                format!("last {name} event {}", fmt_ts(ts)),
            ),
            (Some(ts), Some(_)) => warn(
                &mut checks,
                "activity",
                format!(
                    "{name}: installed but no events received since {since} (last event {})",
                    fmt_ts(ts)
                ),
            ),
            (None, _) => warn(
                &mut checks,
                "activity",
                format!("{name}: installed but no events received since {since}"),
            ),
        }
    }
    if let Ok(evs) =
        hookward_store::read_fallback_health(&hookward_store::fallback_health_path(&store_path))
    {
        for e in evs.iter().rev().take(10) {
            check(
                &mut checks,
                "health",
                false,
                format!(
                    "{} {} (fallback file): {}",
                    fmt_ts(e.ts_ms),
                    e.kind,
                    e.message
                ),
            );
            with_fix(
                &mut checks,
                "fix the cause, then `hookward events ack --all` (sets the fallback file aside)",
            );
        }
    }
    // The context guard: an interrupted restore (its journal is still there) is a failure the
    // person must finish with `hookward restore --recover`.
    let guard = crate::context::guard(project.as_ref().map(|p| p.display().to_string()))?;
    match crate::context::pending_restores_summary(&guard) {
        Some(line) => {
            check(&mut checks, "context", false, line);
            with_fix(&mut checks, "hookward restore --recover");
        }
        None => check(&mut checks, "context", true, "no interrupted restore"),
    }
    sandbox_check(&mut checks, store.as_ref().ok());
    for (ok, detail) in canary_results {
        check(&mut checks, "canary", ok, detail);
        with_fix(
            &mut checks,
            "hookward install claude-code --apply, then `hookward doctor` again",
        );
    }
    let failed = checks.iter().filter(|c| !c.ok).count();
    if json_out {
        outln!(
            "{}",
            crate::json::pretty(serde_json::to_value(&checks).map_err(|e| e.to_string())?)?
        );
    } else {
        for c in &checks {
            let word = if !c.ok {
                crate::out::paint("FAIL", crate::out::BAD)
            } else if c.warn {
                crate::out::paint("warn", crate::out::WARN)
            } else {
                crate::out::paint("ok  ", crate::out::GOOD)
            };
            outln!("{word} {:13} {}", c.name, c.detail);
            if let (false, Some(fix)) = (c.ok, &c.fix) {
                outln!("     {:13} fix: {fix}", "");
            }
        }
        let warned = checks.iter().filter(|c| c.warn).count();
        if warned > 0 {
            outln!(
                "{} checks, {failed} failed, {warned} warning{}",
                checks.len(),
                if warned == 1 { "" } else { "s" }
            );
        } else {
            outln!("{} checks, {failed} failed", checks.len());
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The last `hookward run` (audit entry `sandbox.run`, among the newest 500 entries): what
/// the sandbox was configured with, and where its denials show.
fn sandbox_check(checks: &mut Vec<Check>, store: Option<&Store>) {
    let last = store
        .and_then(|s| s.audit_entries(Some(500)).ok())
        .and_then(|es| es.into_iter().find(|e| e.action == "sandbox.run"));
    let Some(e) = last else {
        check(
            checks,
            "sandbox",
            true,
            "no `hookward run` recorded (`hookward sandbox check` shows what this kernel can enforce)",
        );
        return;
    };
    let d = &e.details;
    let word = |k: &str| d.get(k).and_then(|v| v.as_str()).unwrap_or("?").to_string();
    let num = |k: &str| d.get(k).and_then(|v| v.as_u64()).unwrap_or(0);
    let net = match (d.get("proxy").filter(|p| !p.is_null()), d.get("connect")) {
        (Some(p), _) => format!(
            "hosts via the proxy: {}",
            p.get("allow")
                .and_then(|a| a.as_array())
                .map(|a| a
                    .iter()
                    .filter_map(|x| x.as_str())
                    .collect::<Vec<_>>()
                    .join(", "))
                .unwrap_or_default()
        ),
        (None, Some(serde_json::Value::Array(ports))) => format!(
            "connect only to TCP port {}",
            ports
                .iter()
                .map(|p| p.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
        _ => "network unrestricted".into(),
    };
    check(
        checks,
        "sandbox",
        true,
        format!(
            "last `hookward run` {} {}: {} in {}, profile {}, Landlock ABI {}, {} rules, {net}; refused access shows as `Permission denied` (EACCES) in the tool output, refused hosts as a proxy 403",
            e.display_id(),
            fmt_ts(e.ts_ms),
            word("program"),
            word("project"),
            word("profile"),
            num("landlock_abi"),
            num("fs_rules"),
        ),
    );
}

/// Compiles the user policies as the hook does (`<home>/policies` and `policy_dirs`) and fails
/// once per file that does not parse or compile, naming it as `path:line` (from the parser's
/// `--> path:line:column`). Returns the names of those files.
fn user_policy_checks(
    checks: &mut Vec<Check>,
    home: &Path,
    cfg: &hookward_config::Config,
) -> Vec<String> {
    let mut user_dirs = vec![home.join("policies")];
    user_dirs.extend(cfg.policy_dirs.iter().cloned());
    let policy = match hookward_policy::Policy::load(&hookward_policy::LoadOptions {
        user_dirs,
        cache_dir: Some(home.join("cache")),
        data: cfg.policy_data.clone(),
        ..Default::default()
    }) {
        Ok(p) => p,
        Err(e) => {
            check(
                checks,
                "policy",
                false,
                format!("the policies do not load: {e}"),
            );
            with_fix(
                checks,
                "correct the file named above; `hookward policy eval --command ls` shows the result",
            );
            return Vec::new();
        }
    };
    let mut names = Vec::new();
    for b in policy.broken() {
        let at = broken_at(&b.name, &b.error);
        let first = b
            .error
            .lines()
            .rev()
            .find(|l| l.trim_start().starts_with("error:"))
            .map(|l| l.trim().to_string())
            .unwrap_or_else(|| b.error.lines().next().unwrap_or("").trim().to_string());
        check(
            checks,
            "policy",
            false,
            format!("user policy {at} does not parse and is not applied: {first}"),
        );
        with_fix(
            checks,
            format!(
                "correct {at} (or move the file out of the policy folder); `hookward policy eval --command ls` shows the whole error"
            ),
        );
        names.push(b.name.clone());
    }
    names
}

/// `path:line` of a parser error that carries `--> path:line:column`, else `path`.
fn broken_at(name: &str, error: &str) -> String {
    error
        .lines()
        .find_map(|l| l.trim().strip_prefix("--> "))
        .and_then(|loc| {
            let mut parts = loc.rsplitn(3, ':');
            let _col = parts.next()?;
            let line = parts.next()?;
            let path = parts.next()?;
            line.parse::<u32>().ok().map(|n| format!("{path}:{n}"))
        })
        .unwrap_or_else(|| name.to_string())
}

/// The fix for a failing store check: a damaged store is never rebuilt, so the person moves it
/// aside and the next hook call creates a new one.
fn store_fix(checks: &mut [Check], store_path: &Path) {
    if checks.last().is_some_and(|c| c.name == "store" && !c.ok) {
        with_fix(
            checks,
            format!(
                "mv {p} {p}.damaged  (the next hook call creates a new store; keep the old one to look into)",
                p = store_path.display()
            ),
        );
    }
}

/// One failing check per health event of the last 24 hours that is not acknowledged
/// (`store-created` is not a problem), each with the command that acknowledges it.
fn health_checks(checks: &mut Vec<Check>, store: &Store, broken_policies: &[String]) {
    let day_ago = now_ms() - 86_400_000;
    let Ok(evs) = store.health_events(Some(day_ago), 20) else {
        return;
    };
    for e in evs
        .iter()
        // config-warning events are the hook's copy of the set-up warnings doctor works out
        // itself (as warnings, above); a lesson not learned (`lesson-refused`) is information
        // (`hookward events` lists it), nothing to fix.
        .filter(|e| {
            !matches!(
                e.event.health_kind(),
                Some(
                    HealthKind::StoreCreated
                        | HealthKind::ConfigWarning
                        | HealthKind::LessonRefused
                )
            ) && e.acked_ms.is_none()
        })
        // A broken user policy doctor has just reported itself (above) is not said twice.
        .filter(|e| {
            e.event.health_kind() != Some(HealthKind::UserPolicyBroken)
                || !broken_policies.iter().any(|f| {
                    e.event.detail.get("file").and_then(|v| v.as_str()) == Some(f.as_str())
                })
        })
    {
        check(
            checks,
            "health",
            false,
            format!(
                "{} {} {}: {}",
                e.display_id(),
                fmt_ts(e.event.ts_ms),
                e.event.kind,
                e.event.message
            ),
        );
        with_fix(
            checks,
            format!(
                "fix the cause, then `hookward events ack {}` (or `--all`)",
                e.display_id()
            ),
        );
    }
}

/// Marks the decisions the canary just recorded (its session, since `since_ms`) so that
/// `hookward log` and the activity check leave them out. Best effort: a store that cannot be
/// opened was reported by the store check already.
fn mark_canary(store_path: &Path, since_ms: i64) {
    if let Ok(store) = Store::open_existing(store_path) {
        let _ = store.mark_canary(CANARY_SESSION, since_ms);
    }
}

/// The session id of doctor's canary payload.
const CANARY_SESSION: &str = "hookward-doctor-canary";

/// The agent whose wire the canary speaks ([`canary`] sends a Claude Code PreToolUse payload
/// and reads its reply): its installed commands are the ones the canary runs.
const CANARY_AGENT: hookward_core::Agent = hookward_core::Agent::ClaudeCode;

/// `program` itself when it names a path; a bare name (`hookward`, as `install --scope
/// project` writes it) is looked up on PATH, as the agent's shell does.
fn on_path(program: &str) -> PathBuf {
    if program.contains('/') {
        return PathBuf::from(program);
    }
    std::env::var_os("PATH")
        .and_then(|p| {
            std::env::split_paths(&p)
                .map(|d| d.join(program))
                .find(|c| is_executable(c))
        })
        .unwrap_or_else(|| PathBuf::from(program))
}

fn is_executable(p: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Fires a PreToolUse Read of `~/.ssh/id_rsa` through the registered command, exactly as
/// Claude Code would (`sh -c <command>`, payload on stdin), and checks the reply is a deny.
fn canary(command: &str) -> (bool, String) {
    let home = util::user_home().unwrap_or_default();
    let payload = serde_json::json!({
        "session_id": CANARY_SESSION,
        "cwd": std::env::current_dir().unwrap_or_default(),
        "hook_event_name": "PreToolUse",
        "tool_name": "Read",
        "tool_input": {"file_path": home.join(".ssh/id_rsa")},
        "tool_use_id": "toolu_doctor_canary"
    });
    let start = Instant::now();
    let child = Command::new("sh")
        .arg("-c")
        .arg(command)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(e) => return (false, format!("canary: cannot run `{command}`: {e}")),
    };
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(payload.to_string().as_bytes());
    }
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > CANARY_TIMEOUT => {
                let _ = child.kill();
                return (
                    false,
                    format!(
                        "canary: `{command}` did not answer within {} s",
                        CANARY_TIMEOUT.as_secs()
                    ),
                );
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return (false, format!("canary: {e}")),
        }
    }
    let out = match child.wait_with_output() {
        Ok(o) => o,
        Err(e) => return (false, format!("canary: {e}")),
    };
    let ms = start.elapsed().as_millis();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let reply: Option<serde_json::Value> = serde_json::from_str(stdout.trim()).ok();
    let denied = reply
        .as_ref()
        .and_then(|r| r.pointer("/hookSpecificOutput/permissionDecision"))
        .and_then(|d| d.as_str())
        == Some("deny");
    if denied && out.status.success() {
        (
            true,
            format!("canary: a Read of ~/.ssh/id_rsa was denied through `{command}` in {ms} ms"),
        )
    } else {
        let how = match out.status.code() {
            Some(127) => {
                "exit 127 (command not found: is hookward still at that path?)".to_string()
            }
            Some(code) => format!("exit {code}"),
            None => "no exit code (killed by a signal)".to_string(),
        };
        (false, format!("canary: expected a deny reply from `{command}`, got {how}, stdout {:?}, stderr {:?}",
            stdout.trim(), String::from_utf8_lossy(&out.stderr).trim()))
    }
}
