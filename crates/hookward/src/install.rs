//! `hookward install` / `hookward uninstall`.

use crate::util::{self, CliResult};
use crate::{AgentArg, ScopeArg};
use clap::Args;
use hookward_install::{
    apply, claude_settings_path, hook_command, plan_install, plan_uninstall, Format, HookSpec,
    Scope,
};
use std::path::PathBuf;
use std::process::ExitCode;

/// The Claude Code events hookward registers for: the tool-call gate, the tool results it
/// records (and will scan), prompts, session start and stop.
pub const CLAUDE_EVENTS: &[&str] = &[
    "PreToolUse",
    "PermissionRequest",
    "PostToolUse",
    "PostToolUseFailure",
    "UserPromptSubmit",
    "SessionStart",
    "Stop",
];

#[derive(Args)]
pub struct InstallArgs {
    /// The agent whose settings to change.
    agent: AgentArg,
    /// Which settings file.
    #[arg(long, value_enum, default_value_t = ScopeArg::User)]
    scope: ScopeArg,
    /// The project directory for --scope project/local (default: the current directory).
    #[arg(long)]
    project: Option<PathBuf>,
    /// Write the change (after one backup, atomically). Without it, only the diff is shown.
    #[arg(long)]
    apply: bool,
}

pub fn settings_path(
    agent: AgentArg,
    scope: ScopeArg,
    project: Option<PathBuf>,
) -> Result<PathBuf, String> {
    let project = match project {
        Some(p) => p,
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    let scope = match scope {
        ScopeArg::User => Scope::User,
        ScopeArg::Project => Scope::Project,
        ScopeArg::Local => Scope::Local,
    };
    match agent {
        AgentArg::ClaudeCode => Ok(claude_settings_path(scope, &util::user_home()?, &project)),
    }
}

fn show(plan: &hookward_install::Plan, apply_it: bool, verb: &str) -> CliResult {
    if !plan.changed {
        println!("{} already {verb}; nothing to change", plan.path.display());
        return Ok(ExitCode::SUCCESS);
    }
    print!("{}", plan.diff);
    if !apply_it {
        println!(
            "\n(dry run) re-run with --apply to write {}",
            plan.path.display()
        );
        return Ok(ExitCode::SUCCESS);
    }
    let out = apply(plan).map_err(|e| e.to_string())?;
    if let (Some(b), true) = (&out.backup, out.backup_created) {
        println!("backup of the original: {}", b.display());
    }
    println!("wrote {}", plan.path.display());
    Ok(ExitCode::SUCCESS)
}

pub fn run_install(args: InstallArgs) -> CliResult {
    let path = settings_path(args.agent, args.scope, args.project)?;
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find hookward's own path: {e}"))?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let cfg = util::load_config()?;
    let spec = HookSpec {
        command: hook_command(&exe, "claude-code").map_err(|e| e.to_string())?,
        events: CLAUDE_EVENTS.iter().map(|s| s.to_string()).collect(),
        matcher: None,
        timeout: cfg.hook_timeout,
    };
    let plan = plan_install(Format::ClaudeCode, &path, &spec).map_err(|e| e.to_string())?;
    show(&plan, args.apply, "has hookward's hooks")
}

pub fn run_uninstall(args: InstallArgs) -> CliResult {
    let path = settings_path(args.agent, args.scope, args.project)?;
    let plan = plan_uninstall(Format::ClaudeCode, &path).map_err(|e| e.to_string())?;
    show(&plan, args.apply, "has no hookward hooks")
}
