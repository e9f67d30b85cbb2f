//! `hookward run [options] -- <command> [args]` (issue 18): starts the command inside the OS
//! sandbox of `hookward-sandbox`. This process makes the plan, restricts itself (Landlock,
//! `no_new_privs`) and `exec`s the command with the scrubbed environment, so the command and
//! every process it starts stay inside; the command's exit code is the exit code.
//!
//! Refusals (exit 2, nothing started): a plan error, or a kernel that cannot enforce what the
//! profile requires (`strict`: every rule; `standard`: Landlock at all). `open` warns and
//! starts the command anyway. `--dry-run` prints the plan and starts nothing.
//!
//! With a host allowlist (an `--allow-net HOST:PORT`), this process does not `exec`: it binds
//! the proxy on 127.0.0.1 ([`hookward_sandbox::proxy`]), starts the command as a child that
//! restricts itself between `fork` and `exec`, serves the proxy from its own threads outside
//! the sandbox, and exits with the child's code (128 + the signal when a signal ended it).
//! SIGINT and SIGQUIT reach the child from the terminal and are ignored here; SIGTERM and
//! SIGHUP are passed on to it.
//!
//! Before the start, the configuration is recorded in hookward's audit log (`sandbox.run`),
//! which `hookward doctor` and `hookward audit list` show; the sandboxed command cannot write
//! it.

use crate::util::CliResult;
use clap::{Args, Subcommand, ValueEnum};
use hookward_sandbox::{Applied, ApplyError, Enforced, Plan, Profile, Request};
use hookward_sys::create_private_dir;
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
    /// A host the command may reach, as HOST:PORT (a name, an address or *.domain), through a
    /// proxy on 127.0.0.1 that HTTPS_PROXY/HTTP_PROXY point at; direct TCP connect is then
    /// allowed only to the proxy. `:PORT` allows direct connect to that port on any address
    /// instead. May be repeated; adds to the config's `sandbox.allow_net`. A value that does
    /// not parse refuses the start.
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
    #[arg(long, requires = "dry_run", conflicts_with = "seatbelt")]
    json: bool,
    /// With --dry-run: print the plan as a macOS Seatbelt profile for `sandbox-exec`
    /// (generated text; untested on a real Mac).
    #[arg(long, requires = "dry_run")]
    seatbelt: bool,
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
    // The config's `[sandbox]` adds to the flags. A user file that does not load refuses the
    // start (its allowlist is unknown: fail closed).
    let cfg = crate::util::load_config()?;
    if let Some(l) = cfg
        .layers
        .iter()
        .find(|l| l.layer == "user file" && !l.in_force)
    {
        return Err(format!(
            "refusing to start: {} does not load ({}), so its [sandbox] settings are unknown; fix it (`hookward config` shows the error)",
            l.source,
            l.reason.as_deref().unwrap_or("not loaded")
        ));
    }
    req.allow_net = cfg.sandbox.allow_net.clone();
    req.allow_net.extend(args.allow_net.iter().cloned());
    req.strip_env.extend(cfg.sandbox.strip_env.iter().cloned());
    // The host allowlist is parsed before anything starts: a value that does not parse
    // refuses the start (fail closed), in a dry run too.
    let hosts = allowlist(&req.allow_net)?;
    let proxy = if hosts.is_empty() || args.dry_run {
        None
    } else {
        let report: hookward_sandbox::proxy::Report = std::sync::Arc::new(|ok, what, why| {
            if !ok {
                eprintln!("hookward run: proxy refused {what}: {why}");
            }
        });
        let running = hookward_sandbox::proxy::start(hosts, report)
            .map_err(|e| format!("refusing to start: the proxy cannot listen on 127.0.0.1: {e}"))?;
        req.proxy_port = Some(running.addr.port());
        Some(running)
    };
    req.keep_env = args.keep_env.clone();
    req.strip_env.extend(args.strip_env.iter().cloned());
    req.env_names = std::env::vars_os()
        .filter_map(|(k, _)| k.into_string().ok())
        .collect();
    let kernel = hookward_sandbox::probe();
    let plan = hookward_sandbox::plan(&req, kernel).map_err(|e| e.to_string())?;
    if args.dry_run {
        if args.seatbelt {
            out!("{}", hookward_sandbox::seatbelt::profile(&plan, &req.home));
            return Ok(ExitCode::SUCCESS);
        }
        if args.json {
            return crate::json::print(hookward_sandbox::render::json(&plan));
        }
        for line in hookward_sandbox::render::text(&plan).lines() {
            outln!("{line}");
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut env = plan.env.apply(std::env::vars_os());
    if let Some(p) = &proxy {
        let url = format!("http://{}", p.addr);
        env.retain(|(k, _)| {
            let k = k.to_string_lossy();
            !hookward_sandbox::PROXY_VARS.contains(&k.as_ref())
                && !hookward_sandbox::NO_PROXY_VARS.contains(&k.as_ref())
        });
        for v in hookward_sandbox::PROXY_VARS {
            env.push(((*v).into(), url.clone().into()));
        }
    }
    if proxy.is_some() {
        return spawn_confined(&plan, env, args.project.is_some().then_some(&project));
    }
    match confine(&plan) {
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

/// The host entries of `--allow-net` (values not starting with `:` or `*:`), parsed.
///
/// # Errors
/// The first value that does not parse (nothing is started).
fn allowlist(specs: &[String]) -> Result<Vec<hookward_sandbox::proxy::Allow>, String> {
    let mut out = Vec::new();
    for spec in specs {
        let s = spec.trim();
        if s.starts_with(':') || s.starts_with("*:") {
            continue;
        }
        match hookward_sandbox::proxy::parse_allow(s) {
            Some(a) => out.push(a),
            None => return Err(hookward_sandbox::PlanError::BadNet(spec.clone()).to_string()),
        }
    }
    Ok(out)
}

/// Records what the sandbox is configured with in the audit log (`sandbox.run`): profile,
/// program, project, kernel ABI, rule counts, network, the names removed from the
/// environment, and how many gaps the plan lists. Values of variables are never recorded. A
/// failure is a warning (the store may be damaged; the sandbox does not depend on it).
fn record(plan: &Plan) {
    let details = serde_json::json!({
        "profile": plan.profile.word(),
        "program": plan.command.first(),
        "args": plan.command.len().saturating_sub(1),
        "agent": plan.agent,
        "project": plan.project,
        "landlock_abi": plan.kernel.abi,
        "fs_rules": plan.fs.len(),
        "hidden": plan.hidden.iter().filter(|h| h.present).map(|h| &h.path).collect::<Vec<_>>(),
        "connect": if plan.net.connect_restricted { serde_json::json!(plan.net.connect_ports) } else { serde_json::json!("unrestricted") },
        "bind": if plan.net.bind_restricted { serde_json::json!(plan.net.bind_ports) } else { serde_json::json!("unrestricted") },
        "proxy": plan.net.proxy.as_ref().map(|p| serde_json::json!({"allow": p.allow, "port": p.port})),
        "scopes": plan.scopes,
        "env_removed": plan.env.removed.iter().map(|r| &r.name).collect::<Vec<_>>(),
        "gaps": plan.gaps.len(),
    });
    if let Err(e) = crate::audit::record("sandbox.run", details) {
        eprintln!("hookward run: warning: {e}");
    }
}

/// Checks the profile's requirements and builds the ruleset, records the configuration (a
/// refused start is not recorded), then restricts this process.
#[cfg(target_os = "linux")]
fn confine(plan: &Plan) -> Result<Applied, ApplyError> {
    let prepared = hookward_sandbox::prepare(plan)?;
    record(plan);
    prepared.restrict_self()
}

/// Not on Linux: nothing is confined (the error says why); nothing is recorded.
#[cfg(not(target_os = "linux"))]
fn confine(plan: &Plan) -> Result<Applied, ApplyError> {
    hookward_sandbox::restrict_self(plan)
}

/// The child's pid while [`spawn_confined`] waits (0: none), for the signal handler.
static CHILD: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// Passes SIGTERM/SIGHUP on to the child (async-signal-safe: an atomic load and `kill`).
extern "C" fn forward(sig: libc::c_int) {
    let pid = CHILD.load(std::sync::atomic::Ordering::Acquire);
    if pid > 0 {
        // SAFETY: kill is async-signal-safe.
        unsafe {
            libc::kill(pid, sig);
        }
    }
}

/// Starts the command as a child confined between `fork` and `exec`, while this process
/// stays outside the sandbox and serves the proxy; waits and returns the child's exit code.
#[cfg(target_os = "linux")]
fn spawn_confined(
    plan: &Plan,
    env: Vec<(std::ffi::OsString, std::ffi::OsString)>,
    dir: Option<&PathBuf>,
) -> CliResult {
    let prepared = match hookward_sandbox::prepare(plan) {
        Ok(p) => p,
        Err(e) => return Err(format!("refusing to start {}: {e}", plan.command[0])),
    };
    let applied = prepared.applied.clone();
    if applied.enforced == Enforced::None && plan.profile != Profile::Open {
        return Err(format!(
            "refusing to start {}: the kernel enforces no rule",
            plan.command[0]
        ));
    }
    notice(plan, &applied)?;
    record(plan);
    let mut cmd = std::process::Command::new(&plan.command[0]);
    cmd.args(&plan.command[1..]).env_clear().envs(env);
    if let Some(d) = dir {
        cmd.current_dir(d);
    }
    // SAFETY: the hooks make system calls only and allocate nothing: SIGINT and SIGQUIT back
    // to their default (this process ignores them below, and an ignored signal stays ignored
    // across `exec`), then `Prepared::pre_exec`.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGQUIT, libc::SIG_DFL);
            Ok(())
        });
        cmd.pre_exec(prepared.pre_exec());
    }
    // SAFETY: installing handlers: `forward` only loads an atomic and calls kill.
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGQUIT, libc::SIG_IGN);
        libc::signal(libc::SIGTERM, forward as *const () as libc::sighandler_t);
        libc::signal(libc::SIGHUP, forward as *const () as libc::sighandler_t);
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("hookward run: {}: {e}", plan.command[0]);
            return Ok(ExitCode::from(
                if e.kind() == std::io::ErrorKind::NotFound {
                    127
                } else {
                    126
                },
            ));
        }
    };
    prepared.close();
    CHILD.store(
        i32::try_from(child.id()).unwrap_or(0),
        std::sync::atomic::Ordering::Release,
    );
    let status = child
        .wait()
        .map_err(|e| format!("waiting for the command: {e}"))?;
    use std::os::unix::process::ExitStatusExt;
    let code = match (status.code(), status.signal()) {
        (Some(c), _) => c,
        (None, Some(sig)) => 128 + sig,
        _ => 1,
    };
    Ok(ExitCode::from(u8::try_from(code & 0xff).unwrap_or(1)))
}

/// Not on Linux: the proxy mode needs Landlock.
#[cfg(not(target_os = "linux"))]
fn spawn_confined(
    plan: &Plan,
    _env: Vec<(std::ffi::OsString, std::ffi::OsString)>,
    _dir: Option<&PathBuf>,
) -> CliResult {
    Err(format!(
        "refusing to start {}: the host allowlist needs Linux with Landlock",
        plan.command[0]
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
        ..Default::default()
    });
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

/// `hookward sandbox …`.
#[derive(Subcommand)]
pub enum SandboxCommand {
    /// What this kernel can enforce (Landlock ABI, which rules apply, which profiles start) and
    /// an audit of the environment: running as root, credential files readable (and by whom),
    /// ambient credentials in the environment, a route to the cloud metadata address (never
    /// contacted).
    Check {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs `hookward sandbox …`. Exit 0 (an audit: findings are information, not failures).
pub fn run_sandbox(cmd: SandboxCommand) -> CliResult {
    let SandboxCommand::Check { json } = cmd;
    use hookward_sandbox::check::{self, Level};
    let kernel = hookward_sandbox::probe();
    let home = crate::util::user_home()?;
    let features = check::features(kernel);
    let findings = check::audit(&check::Inputs::machine(home));
    let missing_strict = kernel.missing(true, true);
    let profiles = [
        (
            "strict",
            missing_strict.is_empty(),
            if missing_strict.is_empty() {
                "starts: every rule is enforced".to_string()
            } else {
                format!("refuses to start: {}", missing_strict.join("; "))
            },
        ),
        (
            "standard",
            kernel.fs(),
            if !kernel.fs() {
                "refuses to start: no Landlock".to_string()
            } else if kernel.missing(true, true).is_empty() {
                "starts: every rule is enforced".to_string()
            } else {
                "starts with a warning: part of the rules is enforced".to_string()
            },
        ),
        (
            "open",
            true,
            if kernel.fs() {
                "starts".to_string()
            } else {
                "starts unconfined, with a warning".to_string()
            },
        ),
    ];
    if json {
        return crate::json::print(serde_json::json!({
            "landlock_abi": kernel.abi,
            "features": features,
            "profiles": profiles.iter().map(|(p, starts, note)| serde_json::json!({"profile": p, "starts": starts, "note": note})).collect::<Vec<_>>(),
            "findings": findings,
        }));
    }
    if kernel.fs() {
        outln!("kernel       Landlock ABI {}", kernel.abi);
    } else {
        outln!("kernel       no Landlock (ABI 0): `hookward run` cannot confine anything here");
    }
    for f in &features {
        outln!(
            "  {}  {} (ABI {}): {}",
            if f.available { "yes" } else { "no " },
            f.feature.name,
            f.feature.abi,
            f.feature.used_for
        );
    }
    outln!("profiles");
    for (p, _, note) in &profiles {
        outln!("  {p:<9} {note}");
    }
    outln!("environment (nothing is contacted)");
    for f in &findings {
        let word = match f.level {
            Level::Ok => crate::out::paint("ok  ", crate::out::GOOD),
            Level::Warn => crate::out::paint("warn", crate::out::WARN),
            Level::Info => "info".to_string(),
        };
        outln!("  {word} {:11} {}", f.check, f.detail);
    }
    Ok(ExitCode::SUCCESS)
}
