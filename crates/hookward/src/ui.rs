//! `hookward ui`: starts the local page (`hookward-ui`) on 127.0.0.1 and prints its URL. The
//! page's actions and its policy views are this binary's own command functions
//! ([`CliBackend`]), so the page does what `review`, `restore`, `lessons forget` and `policy`
//! do, audit-log entries included.

use crate::context::Act;
use crate::util::{self, CliResult};
use clap::{Args, ValueEnum};
use hookward_ui::{ActionError, Backend};
use serde_json::Value;
use std::net::IpAddr;
use std::process::ExitCode;
use std::sync::Arc;

/// `hookward ui`.
#[derive(Args)]
pub struct UiArgs {
    /// The port to listen on (default: any free port; the printed URL has it).
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Allow the page's actions: accept and restore changes, dismiss findings, forget lessons
    /// (default: read-only).
    #[arg(long)]
    allow_actions: bool,
    /// Listen on ADDR instead of 127.0.0.1, even when other machines can reach it (unsafe: the
    /// token is then all that protects the page).
    #[arg(long, value_name = "ADDR")]
    unsafe_bind: Option<IpAddr>,
}

/// The page's backend: the CLI's command functions.
struct CliBackend;

fn action(r: Result<Value, Act>) -> Result<Value, ActionError> {
    match r {
        Ok(v) => Ok(crate::json::doc(v)),
        Err(Act::Refused(m)) => Err(ActionError::Refused(m)),
        Err(Act::Failed(m)) => Err(ActionError::Failed(m)),
    }
}

impl Backend for CliBackend {
    fn change_diff(&self, id: i64) -> Result<String, String> {
        let ctx = crate::context::open_existing(crate::context::guard(None)?)?
            .ok_or_else(|| "nothing is recorded yet".to_string())?;
        let c = ctx
            .store
            .context_change(id)
            .map_err(|e| e.to_string())?
            .ok_or_else(|| hookward_context::ContextError::NoChange(id).to_string())?;
        crate::review::change_diff(&ctx.guard, &c)
    }

    fn accept_change(&self, id: i64) -> Result<Value, ActionError> {
        action(crate::review::accept_change(id).map(|a| a.json()))
    }

    fn dismiss_finding(&self, id: i64) -> Result<Value, ActionError> {
        action(crate::review::dismiss_finding(id).map(|d| d.json()))
    }

    fn restore_change(&self, id: i64) -> Result<Value, ActionError> {
        action(crate::context::restore_change(id).map(|r| r.json()))
    }

    fn forget_lesson(&self, id: i64) -> Result<Value, ActionError> {
        match crate::lessons::forget_lesson(id) {
            Ok(r) => Ok(crate::json::doc(
                serde_json::json!({"forgotten": r.display_id()}),
            )),
            Err(m) if m.starts_with("no lesson") => Err(ActionError::Refused(m)),
            Err(m) => Err(ActionError::Failed(m)),
        }
    }

    fn rules(&self) -> Result<Value, String> {
        crate::policy::rules_json(Vec::new()).map(crate::json::doc)
    }

    fn eval_command(&self, agent: &str, command: &str) -> Result<Value, String> {
        let agent = crate::AgentArg::from_str(agent, false)
            .map_err(|_| format!("unknown agent {agent:?}"))?
            .agent();
        crate::policy::eval_command(agent, command).map(crate::json::doc)
    }

    fn cost(&self, period: &str, by: &str, project: Option<&str>) -> Result<Value, String> {
        crate::cost::document_for(period, by, project)
    }
}

/// `hookward ui …`: serves until Ctrl-C.
pub fn run(args: UiArgs) -> CliResult {
    let store_path = util::home()?.join("state.db");
    let mut opts = hookward_ui::Options::new(store_path);
    opts.port = args.port;
    opts.allow_actions = args.allow_actions;
    if let Some(ip) = args.unsafe_bind {
        if !ip.is_loopback() {
            eprintln!(
                "hookward: warning: --unsafe-bind {ip}: the page is reachable from other machines; only its token protects it"
            );
        }
        opts.ip = ip;
        opts.unsafe_bind = true;
    }
    let server = hookward_ui::start(opts, Arc::new(CliBackend)).map_err(|e| e.to_string())?;
    let url = server.url();
    outln!("hookward ui: {url}");
    outln!(
        "{}; Ctrl-C stops it",
        if args.allow_actions {
            "actions allowed (accept, dismiss, restore, forget)"
        } else {
            "read-only (--allow-actions to act from the page)"
        }
    );
    if args.open {
        open_browser(&url);
    }
    server.wait()?;
    Ok(ExitCode::SUCCESS)
}

/// Hands `url` to the desktop's opener (`xdg-open`, `open`, `start`); a failure is a note, the
/// URL is printed anyway.
fn open_browser(url: &str) {
    let mut cmd = if cfg!(target_os = "macos") {
        std::process::Command::new("open")
    } else if cfg!(windows) {
        let mut c = std::process::Command::new("cmd");
        c.args(["/C", "start", ""]);
        c
    } else {
        std::process::Command::new("xdg-open")
    };
    let spawned = cmd
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = spawned {
        eprintln!("hookward: could not open a browser ({e}); open the URL above");
    }
}
