//! `hookward install` / `hookward uninstall`: Claude Code, Codex CLI, Gemini CLI, Cursor.

use crate::util::{self, CliResult};
use crate::ScopeArg;
use clap::{Args, ValueEnum};
use hookward_core::profile::{InstallScope, Place};
use hookward_install::{
    apply, codex_config_path, hook_command, plan_codex_trust, plan_install, plan_uninstall,
    warm_hook_command, Format, HookSpec, Plan,
};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// An agent hookward can be installed into, named on the command line by its word
/// (`crate::agent_word`: every agent of [`hookward_core::Agent::ALL`], help lines from its
/// profile).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InstallAgent(pub hookward_core::Agent);

impl ValueEnum for InstallAgent {
    fn value_variants<'a>() -> &'a [Self] {
        InstallAgent::all()
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(crate::agent_word::possible_value(self.0, true))
    }
}

impl InstallAgent {
    /// Every agent, in the order doctor reports them ([`hookward_core::Agent::ALL`]'s).
    pub fn all() -> &'static [InstallAgent] {
        static ALL: std::sync::LazyLock<Vec<InstallAgent>> =
            std::sync::LazyLock::new(|| crate::agent_word::every(InstallAgent));
        &ALL
    }

    /// The agent this command-line word names.
    pub fn agent(self) -> hookward_core::Agent {
        self.0
    }

    /// The agent's profile.
    pub fn profile(self) -> &'static hookward_core::profile::AgentProfile {
        hookward_pipeline::profile(self.0)
    }

    /// The word used on the command line and in the store (`hookward hook <agent>`).
    pub fn word(self) -> &'static str {
        self.agent().as_str()
    }

    /// The settings format of this agent (its profile's `settings_format`).
    pub fn format(self) -> Format {
        self.profile().settings_format
    }

    /// The events hookward registers for.
    pub fn events(self) -> &'static [&'static str] {
        self.profile().install_events
    }
}

#[derive(Args)]
pub struct InstallArgs {
    /// The agent whose settings to change.
    agent: InstallAgent,
    /// Which settings file (Claude Code only; the other agents have one user file).
    #[arg(long, value_enum, default_value_t = ScopeArg::User)]
    scope: ScopeArg,
    /// The project directory for --scope project/local (default: the current directory).
    #[arg(long)]
    project: Option<PathBuf>,
    /// Write the change (after one backup, atomically). Without it, only the diff is shown.
    #[arg(long)]
    apply: bool,
    /// Codex only: do not write the trust entries into config.toml (review in /hooks instead).
    #[arg(long)]
    no_trust: bool,
    /// Print the plan (and what was written) as JSON.
    #[arg(long)]
    json: bool,
    /// Register the warm helper's client `hookward-hook AGENT` (next to hookward) as the hook
    /// command instead of `hookward hook AGENT`: calls are answered by a background server
    /// (started on first use, gone after 10 idle minutes), falling back to the in-process hook.
    #[arg(long)]
    warm: bool,
}

/// `hookward uninstall`'s arguments: those of install that mean something when removing
/// (which file, and whether to write); uninstall removes hookward's entries whatever command
/// they run, and Codex's trust entries for them with them.
#[derive(Args)]
pub struct UninstallArgs {
    /// The agent whose settings to change.
    agent: InstallAgent,
    /// Which settings file (Claude Code only; the other agents have one user file).
    #[arg(long, value_enum, default_value_t = ScopeArg::User)]
    scope: ScopeArg,
    /// The project directory for --scope project/local (default: the current directory).
    #[arg(long)]
    project: Option<PathBuf>,
    /// Write the change (after one backup, atomically). Without it, only the diff is shown.
    #[arg(long)]
    apply: bool,
    /// Print the plan (and what was written) as JSON.
    #[arg(long)]
    json: bool,
}

/// An agent's own home when its profile names a variable that moves it
/// ([`hookward_core::profile::HomeVar`]): the variable's folder (canonicalized when it
/// exists, as Codex does, because Codex's trust keys hold the path it sees), else
/// `~/<dir>`.
fn agent_home(var: hookward_core::profile::HomeVar) -> Result<PathBuf, String> {
    match std::env::var_os(var.var).filter(|v| !v.is_empty()) {
        Some(v) => {
            let p = PathBuf::from(v);
            Ok(p.canonicalize().unwrap_or(p))
        }
        None => Ok(util::user_home()?.join(var.dir)),
    }
}

/// Codex's home: `$CODEX_HOME` (canonicalized when it exists, as Codex does, because the
/// trust keys hold the path Codex sees), else `~/.codex` (protocol/REPORT.md §2; the
/// variable and the default are Codex's profile's `home_var`).
pub fn codex_home() -> Result<PathBuf, String> {
    match hookward_pipeline::profile(hookward_core::Agent::Codex).home_var {
        Some(var) => agent_home(var),
        None => Ok(util::user_home()?.join(".codex")),
    }
}

/// The profile's scope for `--scope`.
pub(crate) fn install_scope(scope: ScopeArg) -> InstallScope {
    match scope {
        ScopeArg::User => InstallScope::User,
        ScopeArg::Project => InstallScope::Project,
        ScopeArg::Local => InstallScope::Local,
    }
}

/// The settings file of `agent` for `scope`: the row of the agent's profile marked as that
/// scope's install target (`AgentFile::install`), below the user's home (or the agent's own
/// home, [`agent_home`]) or the project (`project`, default the current directory).
pub fn settings_path(
    agent: InstallAgent,
    scope: ScopeArg,
    project: Option<PathBuf>,
) -> Result<PathBuf, String> {
    let profile = hookward_pipeline::profile(agent.agent());
    let row = settings_row(agent, scope)?;
    let home = match (row.place, profile.home_var) {
        (Place::Home, Some(var)) if row.path.starts_with(&format!("{}/", var.dir)) => {
            return Ok(agent_home(var)?.join(&row.path[var.dir.len() + 1..]));
        }
        (Place::Home, _) => util::user_home()?,
        (Place::Project, _) => match project {
            Some(p) => p,
            None => std::env::current_dir().map_err(|e| e.to_string())?,
        },
        (Place::System, _) => PathBuf::from("/"),
    };
    Ok(home.join(row.path))
}

/// The profile row of `agent`'s settings file for `scope`, or the error that names the agents
/// that have the scope.
fn settings_row(
    agent: InstallAgent,
    scope: ScopeArg,
) -> Result<&'static hookward_core::profile::AgentFile, String> {
    let want = install_scope(scope);
    hookward_pipeline::profile(agent.agent())
        .install_file(want)
        .ok_or_else(|| {
            let having: Vec<&str> = InstallAgent::all()
                .iter()
                .filter(|a| {
                    InstallScope::ALL.iter().all(|s| {
                        hookward_pipeline::profile(a.agent())
                            .install_file(*s)
                            .is_some()
                    })
                })
                .map(|a| a.word())
                .collect();
            format!(
                "--scope applies to {} only; {} has one user-level file",
                having.join(", "),
                agent.word()
            )
        })
}

/// What one install/uninstall run did to one file (`--json`).
#[derive(serde::Serialize)]
struct FileReport {
    /// The settings file.
    path: String,
    /// The unified diff (empty when unchanged).
    diff: String,
    /// Whether it was written in this run.
    written: bool,
    /// The dated backup of the file as it was before this run changed it, when this run made
    /// one (none for a file that did not exist).
    backup: Option<String>,
}

/// Who writes (for the context guard's ledger): the command and its `--project`.
struct Writer<'a> {
    /// `hookward install claude-code`.
    command: String,
    /// `--project`, if given.
    project: &'a Option<PathBuf>,
    /// An uninstall: a settings file install created and that would be left holding an empty
    /// object is removed instead ([`created_by_install`]).
    uninstall: bool,
    /// `--scope project`: the files are shared with the team (in the repository).
    in_project: bool,
}

/// Whether an uninstall `plan` leaves nothing the agent reads ([`holds_nothing`]) in a file
/// that install created: the file has no dated backup (install makes one whenever it changes a
/// file that existed, so none means the file did not exist before hookward wrote it).
fn created_by_install(plan: &Plan) -> bool {
    plan.before.is_some()
        && holds_nothing(plan)
        && hookward_install::list_backups(&plan.path).is_ok_and(|b| b.is_empty())
}

/// Whether the text `plan` would write holds no setting: an empty JSON object; for Cursor's
/// `hooks.json` an object whose only key is `version` (the header install writes with the
/// first entry); for Codex's `config.toml` (the trust entries) nothing but white space. A
/// comment makes a file hold something (TOML comments are kept as text; JSON with comments
/// does not parse here), so it is never removed.
fn holds_nothing(plan: &Plan) -> bool {
    if plan.path.extension().is_some_and(|e| e == "toml") {
        return plan.after.trim().is_empty();
    }
    serde_json::from_str::<serde_json::Value>(&plan.after).is_ok_and(|v| {
        v.as_object().is_some_and(|o| {
            o.is_empty()
                || (plan.format == Format::Cursor && o.len() == 1 && o.contains_key("version"))
        })
    })
}

/// Removes the settings file of `plan` (see [`created_by_install`]) when it still holds what
/// the plan was made from.
fn remove_created(plan: &Plan) -> Result<(), String> {
    let now = std::fs::read_to_string(&plan.path)
        .map_err(|e| format!("cannot read {}: {e}", plan.path.display()))?;
    if Some(&now) != plan.before.as_ref() {
        return Err(format!(
            "{} changed since the plan was made; nothing was written, run the command again",
            plan.path.display()
        ));
    }
    std::fs::remove_file(&plan.path)
        .map_err(|e| format!("cannot remove {}: {e}", plan.path.display()))
}

/// `hookward` as found on PATH, when it is this very program: then a project's shared
/// settings can name it bare, and a teammate's own `hookward` on PATH runs.
fn hookward_on_path(exe: &Path) -> bool {
    let Some(path) = std::env::var_os("PATH") else {
        return false;
    };
    let name = format!("hookward{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&path)
        .map(|d| d.join(&name))
        .find(|p| p.is_file())
        .and_then(|p| p.canonicalize().ok())
        .is_some_and(|p| p == exe)
}

/// Applies (with `apply_it`) the changed ones of `plans`, in order, **before** printing
/// anything, so that a closed stdout (`… --apply | head`) cannot stop the change halfway;
/// then prints the diffs and what was written (or, with `json`, one JSON document), and the
/// `note` (worked out after the writes). `primary` names the agent's settings file in the
/// "nothing to change" line.
fn show(
    plans: &[&Plan],
    primary: &Path,
    apply_it: bool,
    verb: &str,
    json: bool,
    note: &dyn Fn() -> Option<String>,
    writer: &Writer<'_>,
) -> CliResult {
    let changed: Vec<&Plan> = plans.iter().copied().filter(|p| p.changed).collect();
    let mut reports: Vec<FileReport> = changed
        .iter()
        .map(|p| FileReport {
            path: p.path.display().to_string(),
            diff: p.diff.clone(),
            written: false,
            backup: None,
        })
        .collect();
    let mut failure = None;
    let mut removed = Vec::new();
    if apply_it {
        for (p, r) in changed.iter().zip(reports.iter_mut()) {
            if writer.uninstall && created_by_install(p) {
                match remove_created(p) {
                    Ok(()) => {
                        r.written = true;
                        removed.push(p.path.display().to_string());
                        continue;
                    }
                    Err(e) => {
                        failure = Some(e);
                        break;
                    }
                }
            }
            match apply(p) {
                Ok(out) => {
                    r.written = true;
                    r.backup = out.backup.as_ref().map(|b| b.display().to_string());
                }
                Err(e) => {
                    failure = Some(e.to_string());
                    break;
                }
            }
        }
        // What hookward just wrote is a known good version of each guarded file (its
        // checkpoint). Best effort: the files are written either way.
        let written: Vec<PathBuf> = changed
            .iter()
            .zip(reports.iter())
            .filter(|(_, r)| r.written)
            .map(|(p, _)| p.path.clone())
            .collect();
        if !written.is_empty() {
            if let Err(e) =
                crate::context::record_own_writes(&written, writer.project.clone(), &writer.command)
            {
                eprintln!(
                    "hookward: warning: the context guard did not record the new version: {e}"
                );
            }
        }
    }
    let note = note();
    if json {
        let v = serde_json::json!({
            "settings": primary.display().to_string(),
            "changed": !changed.is_empty(),
            "applied": apply_it && failure.is_none() && !changed.is_empty(),
            "files": reports,
            "removed": removed,
            "note": note,
            "error": failure,
        });
        outln!("{}", crate::json::pretty(v)?);
        return match failure {
            Some(e) => Err(e),
            None => Ok(ExitCode::SUCCESS),
        };
    }
    if changed.is_empty() {
        outln!("{} already {verb}; nothing to change", primary.display());
    }
    for r in &reports {
        out!("{}", r.diff);
    }
    if !changed.is_empty() && !apply_it {
        let names: Vec<&str> = reports.iter().map(|r| r.path.as_str()).collect();
        outln!(
            "\n(dry run) re-run with --apply to write {}",
            names.join(" and ")
        );
    }
    for r in reports.iter().filter(|r| r.written) {
        if let Some(b) = &r.backup {
            outln!("backup of the previous version: {b}");
            if writer.in_project {
                outln!("note: that backup is inside the project: delete it once you are done, or add `*.hookward-backup-*` to .gitignore so it is not committed");
            }
        }
        if removed.contains(&r.path) {
            outln!(
                "removed {} (install created it; nothing but hookward's entries was in it)",
                r.path
            );
        } else {
            outln!("wrote {}", r.path);
        }
    }
    if let Some(note) = note {
        outln!("{note}");
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(ExitCode::SUCCESS),
    }
}

/// The hookward plugin of `agent` when one of the agent's install files (user, project, local;
/// `project` or the current folder) enables it; `None` for an agent hookward ships no plugin
/// for ([`hookward_core::profile::AgentProfile::plugin`]). Shared by `install` (which then
/// refuses) and `doctor` (which counts it as the registration).
pub fn enabled_plugin(
    agent: InstallAgent,
    project: Option<PathBuf>,
) -> Result<Option<hookward_install::PluginEnabled>, String> {
    if !agent.profile().plugin {
        return Ok(None);
    }
    let project = match project {
        Some(p) => p,
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    let mut files = Vec::new();
    for scope in [ScopeArg::User, ScopeArg::Project, ScopeArg::Local] {
        if settings_row(agent, scope).is_ok() {
            files.push(settings_path(agent, scope, Some(project.clone()))?);
        }
    }
    let refs: Vec<&std::path::Path> = files.iter().map(PathBuf::as_path).collect();
    Ok(hookward_install::plugin_enabled(&refs))
}

/// Refuses `install <agent>` for an agent hookward also ships a plugin for
/// ([`hookward_core::profile::AgentProfile::plugin`], Claude Code) when that plugin is
/// enabled in any of the agent's install files (user, project, local: its hooks would run
/// twice); says which file enables it and how to choose one registration. Nothing to do for
/// the other agents.
fn refuse_if_plugin(agent: InstallAgent, project: Option<PathBuf>) -> Result<(), String> {
    let profile = agent.profile();
    let program = profile.programs.first().copied().unwrap_or_default();
    match enabled_plugin(agent, project)? {
        Some(p) => Err(format!(
            "the hookward {} plugin ({}) is enabled in {}: its hooks already run, and installing \
             them in the settings too would run every hook twice. Keep the plugin (nothing to install), \
             or disable it first (`{program} plugin disable {}`) and run this again.",
            profile.label,
            p.id,
            p.settings.display(),
            p.id
        )),
        None => Ok(()),
    }
}

/// The command-line words of the agents whose hooks run only once trusted
/// ([`hookward_core::profile::AgentProfile::hook_trust`], Codex), for `--no-trust`'s error.
fn trusting_agents() -> String {
    InstallAgent::all()
        .iter()
        .filter(|a| a.profile().hook_trust)
        .map(|a| a.word())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The plain statement printed when Codex trust is left to the person.
const NO_TRUST_NOTE: &str = "Codex will not run these hooks until you review them in /hooks \
(start `codex`, type /hooks, trust hookward's entries); `codex exec` skips untrusted hooks \
without a warning. Re-run without --no-trust to write the trust entries instead.";

/// The refusal, in the user's terms, when this binary is not named `hookward`
/// (`hookward.exe`): the hooks it registers run this path, and install, uninstall and doctor
/// recognise hookward's entries by that program name (newcomer report: a downloaded binary
/// still named after its release archive).
fn refuse_if_misnamed(exe: &Path, agent: &str) -> Result<(), String> {
    let name = exe.file_name().and_then(|n| n.to_str()).unwrap_or("");
    if name == "hookward" || name == format!("hookward{}", std::env::consts::EXE_SUFFIX) {
        return Ok(());
    }
    let renamed = exe.with_file_name(format!("hookward{}", std::env::consts::EXE_SUFFIX));
    Err(format!(
        "this program is named `{name}`, but the hook command it registers must run a program \
         named `hookward` (install, uninstall and doctor find hookward's entries by that name). \
         Rename it (`mv {} {}`) or put hookward on PATH (`cargo install --path \
         crates/hookward`), then run `hookward install {agent}` again",
        exe.display(),
        renamed.display()
    ))
}

pub fn run_install(args: InstallArgs) -> CliResult {
    if args.no_trust && !args.agent.profile().hook_trust {
        return Err(format!("--no-trust applies to {} only", trusting_agents()));
    }
    let path = settings_path(args.agent, args.scope, args.project.clone())?;
    refuse_if_plugin(args.agent, args.project.clone())?;
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find hookward's own path: {e}"))?;
    let exe = exe.canonicalize().unwrap_or(exe);
    let cfg = util::load_config()?;
    let format = args.agent.format();
    let command = if args.warm {
        let client = exe.with_file_name(format!("hookward-hook{}", std::env::consts::EXE_SUFFIX));
        if !client.is_file() {
            return Err(format!(
                "--warm needs the warm helper's client {} next to hookward; it is not there \
                 (`cargo install --path crates/hookward` installs both)",
                client.display()
            ));
        }
        warm_hook_command(&client, args.agent.word()).map_err(|e| e.to_string())?
    } else if args.scope == ScopeArg::Project && hookward_on_path(&exe) {
        // The project's settings are shared with the team: a bare `hookward` runs each
        // teammate's own copy from PATH (newcomer finding 4).
        hook_command(Path::new("hookward"), args.agent.word()).map_err(|e| e.to_string())?
    } else {
        refuse_if_misnamed(&exe, args.agent.word())?;
        hook_command(&exe, args.agent.word()).map_err(|e| e.to_string())?
    };
    let scope_note = (args.scope == ScopeArg::Project).then(|| {
        if command.starts_with("hookward ") {
            "note: the project's settings are shared with the team; they run `hookward` from PATH, \
             so every teammate needs hookward on their PATH"
                .to_string()
        } else {
            format!(
                "warning: the project's settings are shared with the team, but this command names \
                 {}, a path on this machine only; put hookward on PATH (`cargo install --path \
                 crates/hookward`) and run this again to write a bare `hookward` instead",
                exe.display()
            )
        }
    });
    let spec = HookSpec {
        command,
        events: args.agent.events().iter().map(|s| s.to_string()).collect(),
        matcher: None,
        timeout: format.timeout_from_secs(cfg.hook_timeout),
        fail_closed: cfg.fail_mode == hookward_config::FailMode::Closed,
    };
    let plan = plan_install(format, &path, &spec).map_err(|e| e.to_string())?;
    let writer = Writer {
        command: format!("hookward install {}", args.agent.word()),
        project: &args.project,
        uninstall: false,
        in_project: args.scope == ScopeArg::Project,
    };
    // Trust on install: the MCP servers configured now go on the allow list (issue 19).
    let project = match args.project.clone() {
        Some(p) => p,
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    let mcp_lines = crate::mcp::seed_on_install(format, &project, args.apply)?;
    let with_mcp = |note: Option<String>| -> Option<String> {
        let mut parts: Vec<String> = scope_note.iter().cloned().collect();
        parts.extend(note);
        parts.extend(mcp_lines.iter().cloned());
        (!parts.is_empty()).then(|| parts.join("\n"))
    };
    if !args.agent.profile().hook_trust {
        return show(
            &[&plan],
            &path,
            args.apply,
            "has hookward's hooks",
            args.json,
            &|| with_mcp(None),
            &writer,
        );
    }
    let config = codex_config_path(&codex_home()?);
    let trust = plan_codex_trust(
        &config,
        &path,
        plan.before.as_deref(),
        &plan.after,
        !args.no_trust,
    )
    .map_err(|e| e.to_string())?;
    // Trust first: if writing hooks.json then fails, a trust entry without its hook is inert.
    let codex_note = || {
        if !args.no_trust {
            return None;
        }
        // Entries trusted by an earlier install stay (hookward never removes the person's
        // review); say so instead of claiming Codex will skip the hooks.
        let trusted = hookward_install::inspect_codex_trust(&config, &path)
            .map(|t| {
                t.entries
                    .iter()
                    .filter(|e| e.state == hookward_install::TrustState::Trusted)
                    .count()
            })
            .unwrap_or(0);
        Some(if args.apply && trusted > 0 {
            format!(
                "{trusted} of hookward's hooks are already trusted in {} (from an earlier install or /hooks), \
                 so Codex runs them; review them in /hooks to change that.",
                config.display()
            )
        } else {
            NO_TRUST_NOTE.to_string()
        })
    };
    let note = || with_mcp(codex_note());
    show(
        &[&trust, &plan],
        &path,
        args.apply,
        "has hookward's hooks",
        args.json,
        &note,
        &writer,
    )
}

pub fn run_uninstall(args: UninstallArgs) -> CliResult {
    let path = settings_path(args.agent, args.scope, args.project.clone())?;
    let writer = Writer {
        command: format!("hookward uninstall {}", args.agent.word()),
        project: &args.project,
        uninstall: true,
        in_project: args.scope == ScopeArg::Project,
    };
    let format = args.agent.format();
    let plan = plan_uninstall(format, &path).map_err(|e| e.to_string())?;
    if !args.agent.profile().hook_trust {
        return show(
            &[&plan],
            &path,
            args.apply,
            "has no hookward hooks",
            args.json,
            &|| None,
            &writer,
        );
    }
    let config = codex_config_path(&codex_home()?);
    let trust = plan_codex_trust(&config, &path, plan.before.as_deref(), &plan.after, false)
        .map_err(|e| e.to_string())?;
    show(
        &[&plan, &trust],
        &path,
        args.apply,
        "has no hookward hooks",
        args.json,
        &|| None,
        &writer,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use hookward_core::Agent;
    use hookward_install::{
        claude_settings_path, codex_hooks_path, cursor_hooks_path, gemini_settings_path, Scope,
    };

    /// The former `settings_path` (a `match` on the agent), given the same homes.
    fn former(
        agent: InstallAgent,
        scope: ScopeArg,
        home: &Path,
        codex: &Path,
        project: &Path,
    ) -> Result<PathBuf, String> {
        if agent != InstallAgent(Agent::ClaudeCode) && scope != ScopeArg::User {
            return Err(format!(
                "--scope applies to claude-code only; {} has one user-level file",
                agent.word()
            ));
        }
        match agent {
            InstallAgent(Agent::ClaudeCode) => {
                let scope = match scope {
                    ScopeArg::User => Scope::User,
                    ScopeArg::Project => Scope::Project,
                    ScopeArg::Local => Scope::Local,
                };
                Ok(claude_settings_path(scope, home, project))
            }
            InstallAgent(Agent::Codex) => Ok(codex_hooks_path(codex)),
            InstallAgent(Agent::Gemini) => Ok(gemini_settings_path(home)),
            InstallAgent(Agent::Cursor) => Ok(cursor_hooks_path(home)),
        }
    }

    /// Issue 13 item 1d: the install targets come from the profiles' rows
    /// (`AgentFile::install`, Codex's `home_var`); every agent and scope gives the former
    /// path or the former error. Reads `HOME`/`CODEX_HOME` as they are, sets nothing.
    #[test]
    fn profile_rows_give_the_former_settings_paths() {
        let (Ok(home), Ok(codex)) = (util::user_home(), codex_home()) else {
            return;
        };
        let project = PathBuf::from("/tmp/hookward-test-project");
        for &agent in InstallAgent::all() {
            for scope in [ScopeArg::User, ScopeArg::Project, ScopeArg::Local] {
                assert_eq!(
                    settings_path(agent, scope, Some(project.clone())),
                    former(agent, scope, &home, &codex, &project),
                    "{agent:?} {scope:?}"
                );
            }
        }
    }

    /// Issue 13 item 1c: the one-agent features are profile flags; each flag is set for
    /// exactly the agent the former `==` test named (`hook_trust`: `args.agent ==
    /// InstallAgent::Codex` in `run_install`/`run_uninstall`/`--no-trust`, `doctor`'s
    /// `codex_trust_checks`; `plugin`: `args.agent == InstallAgent::ClaudeCode` before
    /// `refuse_if_plugin`), and `--no-trust`'s error names the same agent as before.
    #[test]
    fn profile_flags_give_the_former_one_agent_checks() {
        for &agent in InstallAgent::all() {
            let p = agent.profile();
            assert_eq!(
                p.hook_trust,
                agent == InstallAgent(Agent::Codex),
                "{agent:?}"
            );
            assert_eq!(
                p.plugin,
                agent == InstallAgent(Agent::ClaudeCode),
                "{agent:?}"
            );
        }
        assert_eq!(trusting_agents(), "codex");
    }

    /// Issue 13 item 1: the settings format is the profile's `settings_format`; every agent
    /// gives the format the former `match` gave.
    #[test]
    fn profiles_give_the_former_formats() {
        let former = [
            (InstallAgent(Agent::ClaudeCode), Format::ClaudeCode),
            (InstallAgent(Agent::Codex), Format::Codex),
            (InstallAgent(Agent::Gemini), Format::Gemini),
            (InstallAgent(Agent::Cursor), Format::Cursor),
        ];
        for (agent, format) in former {
            assert_eq!(agent.format(), format, "{agent:?}");
        }
    }
}
