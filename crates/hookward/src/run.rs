//! `hookward run [options] -- <command> [args]` (issue 18): starts the command inside the OS
//! sandbox of `hookward-sandbox`. This process makes the plan, restricts itself (Landlock,
//! `no_new_privs`) and `exec`s the command with the scrubbed environment, so the command and
//! every process it starts stay inside; the command's exit code is the exit code.
//!
//! Refusals (exit 2, nothing started): a plan error, or a kernel that cannot enforce what the
//! profile requires (`strict`: every rule; `standard`: Landlock at all). `open` warns and
//! starts the command anyway. `--dry-run` prints the plan and starts nothing.

use crate::util::CliResult;
use clap::{Args, ValueEnum};
use hookward_sandbox::{Applied, ApplyError, Enforced, Plan, Profile, Request};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::ExitCode;

/// `hookward run` arguments.
#[derive(Args)]
pub struct RunArgs {
    /// How much is enforced: strict (also TCP ports; refuses unless all of it holds), standard
    /// (files; refuses without Landlock), open (hides credential stores and hookward's home
    /// only; warns and starts anyway without Landlock).
    #[arg(long, value_enum, default_value_t = ProfileArg::Standard)]
    profile: ProfileArg,
    /// The project folder, writable inside (default: the current directory). The command
    /// starts there.
    #[arg(long, value_name = "DIR")]
    project: Option<PathBuf>,
    /// Another existing file or folder the command may write (may be repeated).
    #[arg(long = "allow-write", value_name = "PATH")]
    allow_write: Vec<PathBuf>,
    /// A TCP port the command may connect to, as HOST:PORT (may be repeated; Landlock enforces
    /// the port, not the host). Restricts connect to these ports (strict adds 443).
    #[arg(long = "allow-net", value_name = "HOST:PORT")]
    allow_net: Vec<String>,
    /// An environment variable to pass on although a strip pattern matches it (may be repeated).
    #[arg(long = "keep-env", value_name = "NAME")]
    keep_env: Vec<String>,
    /// Another variable-name pattern to remove from the environment (`*` wildcard; may be repeated).
    #[arg(long = "strip-env", value_name = "PATTERN")]
    strip_env: Vec<String>,
    /// Print the plan (every rule, and what cannot be expressed) and start nothing.
    #[arg(long)]
    dry_run: bool,
    /// With --dry-run: print the plan as JSON.
    #[arg(long, requires = "dry_run")]
    json: bool,
    /// The command and its arguments (after `--`).
    #[arg(last = true, required = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// `--profile` words.
#[derive(Clone, Copy, ValueEnum)]
enum ProfileArg {
    Strict,
    Standard,
    Open,
}

impl ProfileArg {
    fn profile(self) -> Profile {
        match self {
            ProfileArg::Strict => Profile::Strict,
            ProfileArg::Standard => Profile::Standard,
            ProfileArg::Open => Profile::Open,
        }
    }
}

/// Runs `hookward run`. Before the plan (not with `--dry-run`) it creates hookward's home and
/// the recognised agent's state folders when missing (mode 0700). Returns only on a refusal, a dry run or an `exec` failure (127: the
/// command was not found, 126: it could not be executed); otherwise the command replaces this
/// process.
pub fn run(args: RunArgs) -> CliResult {
    let cwd = std::env::current_dir().map_err(|e| format!("current directory: {e}"))?;
    let project = args.project.clone().unwrap_or_else(|| cwd.clone());
    let hw_home = crate::util::home()?;
    let home = crate::util::user_home()?;
    if !args.dry_run {
        // hookward's home is made now if missing, so that it is a read-only folder inside
        // rather than a name the command could create; the agent's own state folders too, so
        // that they are writable inside (Landlock rules name existing paths). Files
        // (`~/.claude.json`) are left to the agent.
        let mut dirs = vec![hw_home.clone()];
        if let Some(a) = args
            .command
            .first()
            .and_then(|c| hookward_sandbox::tables::agent_for(c))
        {
            dirs.extend(
                a.state
                    .iter()
                    .filter(|s| !s.ends_with(".json"))
                    .map(|s| home.join(s)),
            );
        }
        for d in dirs {
            create_private_dir(&d).map_err(|e| format!("{}: {e}", d.display()))?;
        }
        warm_policy_cache(&hw_home);
    }
    let mut req = Request::new(
        args.profile.profile(),
        args.command.clone(),
        project.clone(),
        home,
        hw_home,
        std::env::var_os("TMPDIR")
            .filter(|t| !t.is_empty())
            .map(PathBuf::from),
    );
    req.allow_write = args.allow_write.clone();
    req.allow_net = args.allow_net.clone();
    req.keep_env = args.keep_env.clone();
    req.strip_env = args.strip_env.clone();
    req.env_names = std::env::vars_os()
        .filter_map(|(k, _)| k.into_string().ok())
        .collect();
    let kernel = hookward_sandbox::probe();
    let plan = hookward_sandbox::plan(&req, kernel).map_err(|e| e.to_string())?;
    if args.dry_run {
        if args.json {
            return crate::json::print(hookward_sandbox::render::json(&plan));
        }
        for line in hookward_sandbox::render::text(&plan).lines() {
            outln!("{line}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let env = plan.env.apply(std::env::vars_os());
    match hookward_sandbox::restrict_self(&plan) {
        Ok(applied) => notice(&plan, &applied)?,
        Err(e) if plan.profile == Profile::Open => {
            eprintln!(
                "hookward run: warning: no sandbox ({e}); starting {} unconfined (profile open)",
                plan.command[0]
            );
        }
        Err(e @ ApplyError::Unsupported { .. }) => {
            return Err(format!(
                "refusing to start {}: {e} (see `hookward run --dry-run`)",
                plan.command[0]
            ))
        }
        Err(e) => return Err(format!("refusing to start {}: {e}", plan.command[0])),
    }
    let mut cmd = std::process::Command::new(&plan.command[0]);
    cmd.args(&plan.command[1..]).env_clear().envs(env);
    if args.project.is_some() {
        cmd.current_dir(&project);
    }
    let err = cmd.exec();
    eprintln!("hookward run: {}: {err}", plan.command[0]);
    Ok(ExitCode::from(
        if err.kind() == std::io::ErrorKind::NotFound {
            127
        } else {
            126
        },
    ))
}

/// Compiles the policy pack the hook will load (built-in + `~/.hookward/policies` + the
/// config's `policy_dirs`, with `[policy.data]`) so that its cached program exists before the
/// sandbox makes `~/.hookward/cache` read-only; otherwise every hook call inside compiles it
/// again (measured: about 21 ms of CPU per call instead of 9). A failure here only costs that
/// time, so it is ignored.
fn warm_policy_cache(hw_home: &std::path::Path) {
    let Ok(cfg) = crate::util::load_config() else {
        return;
    };
    let mut user_dirs = vec![hw_home.join("policies")];
    user_dirs.extend(cfg.policy_dirs.iter().cloned());
    let _ = hookward_policy::Policy::load(&hookward_policy::LoadOptions {
        user_dirs,
        cache_dir: Some(hw_home.join("cache")),
        data: cfg.policy_data.clone(),
    });
}

/// Creates `dir` (and its parents) with mode 0700 when it is missing.
fn create_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

/// The one line on stderr that says the sandbox is on, or why it is only partly on.
fn notice(plan: &Plan, applied: &Applied) -> Result<(), String> {
    for (path, e) in &applied.skipped {
        eprintln!(
            "hookward run: warning: no rule for {} ({e})",
            path.display()
        );
    }
    match applied.enforced {
        Enforced::Full => {}
        Enforced::Partial => {
            let missing = plan.kernel.missing(
                plan.net.connect_restricted || plan.net.bind_restricted,
                !plan.scopes.is_empty(),
            );
            eprintln!(
                "hookward run: warning: the kernel enforces part of the sandbox: {}",
                missing.join("; ")
            );
        }
        Enforced::None => {
            if plan.profile != Profile::Open {
                return Err(format!(
                    "refusing to start {}: the kernel enforced no rule",
                    plan.command[0]
                ));
            }
            eprintln!("hookward run: warning: the kernel enforced no rule; starting unconfined (profile open)");
            return Ok(());
        }
    }
    eprintln!(
        "hookward run: sandbox on (profile {}, Landlock ABI {}, {} rules): credential stores unreadable, {} read-only; refused access shows as 'Permission denied'",
        plan.profile.word(),
        plan.kernel.abi,
        applied.rules,
        plan.hookward_home.display()
    );
    Ok(())
}
