//! `hookward doctor`: is hookward installed, healthy, and actually answering?

use crate::install::CLAUDE_EVENTS;
use crate::util::{self, fmt_ts, CliResult};
use crate::{AgentArg, ScopeArg};
use hookward_install::{inspect, Format, Timeout};
use hookward_store::Store;
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
    detail: String,
}

fn check(checks: &mut Vec<Check>, name: &str, ok: bool, detail: impl Into<String>) {
    checks.push(Check {
        name: name.into(),
        ok,
        detail: detail.into(),
    });
}

pub fn run(json_out: bool, project: Option<PathBuf>) -> CliResult {
    let mut checks = Vec::new();
    let home = util::home()?;
    check(
        &mut checks,
        "home",
        home.is_dir(),
        format!(
            "hookward home {}{}",
            home.display(),
            if home.is_dir() {
                ""
            } else {
                " does not exist yet (created by the first hook call)"
            }
        ),
    );
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
            for i in cfg.ignored {
                check(&mut checks, "config", false, i);
            }
        }
        Err(e) => check(&mut checks, "config", false, e),
    }
    let mut commands = Vec::new();
    let mut total_per_event = std::collections::BTreeMap::<String, usize>::new();
    for scope in [ScopeArg::User, ScopeArg::Project, ScopeArg::Local] {
        let path = crate::install::settings_path(AgentArg::ClaudeCode, scope, project.clone())?;
        match inspect(Format::ClaudeCode, &path) {
            Ok(reg) => {
                if let Some(by) = reg.disabled_by {
                    check(
                        &mut checks,
                        "hooks enabled",
                        false,
                        format!(
                            "{}: {by} switches every hook off, hookward included",
                            path.display()
                        ),
                    );
                }
                for e in &reg.entries {
                    *total_per_event.entry(e.event.clone()).or_default() += 1;
                    let prog_ok = is_executable(Path::new(&e.program));
                    check(
                        &mut checks,
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
                    match &e.timeout {
                        Timeout::Value(t) if *t >= 1 && *t <= MAX_SANE_TIMEOUT_S => {}
                        Timeout::Value(t) => check(
                            &mut checks,
                            "timeout",
                            false,
                            format!(
                                "{} {}: timeout {t} s; use 1–{MAX_SANE_TIMEOUT_S} s",
                                path.display(),
                                e.event
                            ),
                        ),
                        Timeout::Absent => check(
                            &mut checks,
                            "timeout",
                            false,
                            format!(
                                "{} {}: no timeout, Claude Code's default is 600 s",
                                path.display(),
                                e.event
                            ),
                        ),
                        Timeout::Invalid(s) => check(
                            &mut checks,
                            "timeout",
                            false,
                            format!(
                                "{} {}: timeout {s} is not a number",
                                path.display(),
                                e.event
                            ),
                        ),
                    }
                    if !commands.contains(&e.command) {
                        commands.push(e.command.clone());
                    }
                }
            }
            Err(e) => check(&mut checks, "settings", false, e.to_string()),
        }
    }
    if total_per_event.is_empty() {
        check(&mut checks, "registered", false, "hookward is not registered with Claude Code: run `hookward install claude-code --apply`");
    } else {
        for ev in CLAUDE_EVENTS {
            let n = total_per_event.get(*ev).copied().unwrap_or(0);
            check(
                &mut checks,
                "registered",
                n == 1,
                format!("{ev}: registered {n} time(s){}", match n {
                1 => "",
                0 => " (re-run `hookward install claude-code --apply`)",
                _ => " (each call runs hookward more than once: uninstall from all but one scope)",
            }),
            );
        }
    }
    let store_path = home.join("state.db");
    match Store::open_existing(&store_path) {
        Ok(store) => {
            match store.check() {
                Ok(h) => check(
                    &mut checks,
                    "store",
                    h.ok,
                    format!(
                        "{}: quick_check {}, schema v{}, {} decisions, {} health events",
                        store_path.display(),
                        h.quick_check.join("; "),
                        h.schema_version,
                        h.decisions,
                        h.health_events
                    ),
                ),
                Err(e) => check(&mut checks, "store", false, e.to_string()),
            }
            let day_ago = now_ms() - 86_400_000;
            if let Ok(evs) = store.health_events(Some(day_ago), 20) {
                for e in evs.iter().filter(|e| e.event.kind != "store-created") {
                    check(
                        &mut checks,
                        "health",
                        false,
                        format!(
                            "{} {}: {}",
                            fmt_ts(e.event.ts_ms),
                            e.event.kind,
                            e.event.message
                        ),
                    );
                }
            }
            if let Ok(Some(ts)) = store.last_event_ms("claude-code") {
                check(
                    &mut checks,
                    "activity",
                    true,
                    format!("last Claude Code event {}", fmt_ts(ts)),
                );
            }
        }
        Err(e) => check(
            &mut checks,
            "store",
            matches!(e, hookward_store::StoreError::Missing { .. }),
            e.to_string(),
        ),
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
        }
    }
    for cmd in &commands {
        let (ok, detail) = canary(cmd);
        check(&mut checks, "canary", ok, detail);
    }
    let failed = checks.iter().filter(|c| !c.ok).count();
    if json_out {
        println!(
            "{}",
            serde_json::to_string_pretty(&checks).map_err(|e| e.to_string())?
        );
    } else {
        for c in &checks {
            println!(
                "{} {:13} {}",
                if c.ok { "ok  " } else { "FAIL" },
                c.name,
                c.detail
            );
        }
        println!("{} checks, {failed} failed", checks.len());
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
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
        "session_id": "hookward-doctor-canary",
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
        (false, format!("canary: expected a deny reply from `{command}`, got exit {:?}, stdout {:?}, stderr {:?}",
            out.status.code(), stdout.trim(), String::from_utf8_lossy(&out.stderr).trim()))
    }
}
