//! `hookward`: the command line. A thin layer over the library crates: it parses arguments,
//! reads files and the environment, calls the crates and turns their typed errors into
//! messages. Exit codes (DESIGN.md): 0 ok, 1 findings / checks failed, 2 usage or environment
//! error. The `hook` subcommand is the one agents run; it follows the agent's own exit-code
//! rules instead (see `hookward-pipeline`).

use clap::{CommandFactory, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;
use std::process::ExitCode;

#[macro_use]
mod out;
mod agent_word;
mod audit;
mod bundle;
mod context;
mod cost;
mod demo;
mod docs;
mod doctor;
mod export;
mod history;
mod hook;
#[cfg(unix)]
mod hook_server;
mod install;
mod json;
mod kb;
mod kb_cache;
mod lessons;
mod lessons_audit;
mod lessons_rewrite;
mod lessons_share;
mod log;
mod mcp;
mod policy;
mod policy_admin;
mod review;
mod run;
mod scan;
mod stdin_read;
mod ui;
mod util;
mod warm_proto;

#[derive(Parser)]
#[command(
    name = "hookward",
    version,
    about = "Guards AI coding agents from inside their hook systems.",
    long_about = "Guards AI coding agents from inside their hook systems: decides allow/ask/deny on every \
tool call with Rego policies over facts hookward computes, and records every decision.\n\n\
Start with `hookward demo`, then `hookward install claude-code`."
)]
struct Cli {
    /// Colour: auto (on a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, default_value_t = out::ColorArg::Auto, value_name = "WHEN", hide_possible_values = true)]
    color: out::ColorArg,
    #[command(subcommand)]
    command: Command,
}

/// An agent hookward speaks to, named on the command line by its word (`claude-code`,
/// `codex`, …: [`hookward_core::Agent::as_str`]). The words and their help lines come from the
/// agents and their profiles ([`agent_word`]); there is no list of agents here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AgentArg(pub hookward_core::Agent);

impl AgentArg {
    /// The agent this command-line word names.
    pub(crate) fn agent(self) -> hookward_core::Agent {
        self.0
    }
}

impl ValueEnum for AgentArg {
    fn value_variants<'a>() -> &'a [Self] {
        static WORDS: std::sync::LazyLock<Vec<AgentArg>> =
            std::sync::LazyLock::new(|| agent_word::every(AgentArg));
        &WORDS
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        Some(agent_word::possible_value(self.0, false))
    }
}

/// Claude Code settings scopes.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum ScopeArg {
    /// ~/.claude/settings.json (every project).
    User,
    /// <project>/.claude/settings.json (shared with the team).
    Project,
    /// <project>/.claude/settings.local.json (this machine only).
    Local,
}

#[derive(Subcommand)]
enum Command {
    /// The hook command agents run: reads one event on stdin, answers in the agent's format.
    Hook {
        /// Which agent's wire format the event is in.
        agent: AgentArg,
        /// Extra directory of user .rego policies (may be repeated).
        #[arg(long = "policy-dir")]
        policy_dirs: Vec<PathBuf>,
    },
    /// The warm helper's server (issue 15): answers `hookward-hook` clients on
    /// `<hookward home>/run/hook.sock`; started by the client, exits after 10 idle minutes.
    #[command(hide = true)]
    HookServer {
        /// End the running server (by the pid in `run/hook.pid`).
        #[arg(long)]
        stop: bool,
    },
    /// Runs the real pipeline on built-in events in a throwaway directory and shows each decision.
    Demo {
        /// Print the outcomes as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Policy tools: run Rego tests, evaluate an event, list rules; disable/enable rules, add/remove custom policies.
    Policy {
        #[command(subcommand)]
        command: policy::PolicyCommand,
    },
    /// Scans files, folders, stdin or JSON Lines for planted instructions (same engine as the hook).
    Scan(scan::ScanArgs),
    /// Lists recorded decisions, newest first.
    Log(log::LogArgs),
    /// Lists hookward's health events (internal errors, fail-open/closed, broken user policies).
    Events(log::EventsArgs),
    /// Registers hookward's hooks in the agent's settings (prints the diff; --apply writes it).
    Install(install::InstallArgs),
    /// Removes hookward's hook entries (and nothing else) from the agent's settings.
    Uninstall(install::UninstallArgs),
    /// Checks the installation: hooks registered once, command valid, store healthy, and a canary event.
    Doctor {
        /// Print the checks as JSON.
        #[arg(long)]
        json: bool,
        /// The project whose settings to check as well (default: the current directory).
        #[arg(long)]
        project: Option<PathBuf>,
    },
    /// The context guard: scan and list the files agents obey (CLAUDE.md, rules, memory, settings…).
    Context {
        #[command(subcommand)]
        command: context::ContextCommand,
    },
    /// Reviews changes to guarded files: list pending ones, show one (C12), accept, dismiss findings.
    Review(review::ReviewArgs),
    /// Puts a guarded file back: the version before a change, or its checkpoint (preview; --apply).
    Restore(context::RestoreArgs),
    /// Shows which change and writer brought each line of a guarded file.
    Blame(context::BlameArgs),
    /// Exports the change records with their findings (JSON Lines on stdout); `export run`
    /// sends decisions, health events and audit entries to OTLP/syslog receivers.
    Export(review::ExportArgs),
    /// Guarded file history: prune old records, remove unreferenced contents.
    History {
        #[command(subcommand)]
        command: history::HistoryCommand,
    },
    /// Starts a command (an agent) inside the OS sandbox: writes only to the project, temp and the
    /// agent's folders, credential stores unreadable, hookward's home read-only (Linux Landlock).
    Run(run::RunArgs),
    /// The OS sandbox: `check` shows what this kernel enforces and audits the environment.
    Sandbox {
        #[command(subcommand)]
        command: run::SandboxCommand,
    },
    /// Lessons learned from failed-then-fixed tool calls: list and review them, share them (export, import, sync-doc), seed, audit past transcripts.
    Lessons {
        #[command(subcommand)]
        command: lessons::LessonsCommand,
    },
    /// Knowledge-base scan: planted-document clusters in a RAG corpus, and where an answer came from.
    Kb {
        #[command(subcommand)]
        command: kb::KbCommand,
    },
    /// What the agent sessions cost, from the Claude Code, Codex and Gemini CLI transcripts under $HOME.
    Cost(cost::CostArgs),
    /// The audit log of policy and config changes: list it, verify its hash chain.
    Audit {
        #[command(subcommand)]
        command: audit::AuditCommand,
    },
    /// MCP servers: allow, block, unblock, list (the allow list starts with the servers
    /// configured at install time; payment and banking servers are blocked by default).
    Mcp {
        #[command(subcommand)]
        command: mcp::McpCommand,
    },
    /// Serves a local page on 127.0.0.1: decision timeline, session replay, reviews, lessons,
    /// health, policy (token in the printed URL; read-only unless --allow-actions).
    Ui(ui::UiArgs),
    /// Shows the effective configuration and where each value came from.
    Config {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Prints a shell completion script (bash, zsh, fish, powershell, elvish) to stdout.
    Completions {
        /// The shell to write the script for.
        shell: docs::ShellArg,
    },
    /// Prints the man page hookward(1); with --dir, writes it and one page per subcommand.
    Man {
        /// Folder to write hookward.1 and hookward-<command>.1 into (created if missing).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

/// The agent of the exact argv an installed hook runs, `hookward hook <agent>` (nothing else:
/// no option, no other word), so the hook path skips building the whole command-line parser
/// (issue 15 item 4; every other argv, `hook --policy-dir …` included, goes through clap).
fn hook_fast_path(args: &[std::ffi::OsString]) -> Option<AgentArg> {
    match args {
        [_, hook, agent] if hook == "hook" => AgentArg::from_str(agent.to_str()?, false).ok(),
        _ => None,
    }
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(agent) = hook_fast_path(&args) {
        return hook::run(agent, Vec::new());
    }
    let cli = Cli::parse_from(args);
    out::set_color(cli.color);
    let result = match cli.command {
        Command::Hook { agent, policy_dirs } => return hook::run(agent, policy_dirs),
        #[cfg(unix)]
        Command::HookServer { stop } => return hook_server::run(stop),
        #[cfg(not(unix))]
        Command::HookServer { .. } => return ExitCode::from(2),
        Command::Demo { json } => demo::run(json),
        Command::Policy { command } => policy::run(command),
        Command::Scan(args) => scan::run(args),
        Command::Log(args) => log::run_log(args),
        Command::Events(args) => log::run_events(args),
        Command::Install(args) => install::run_install(args),
        Command::Uninstall(args) => install::run_uninstall(args),
        Command::Doctor { json, project } => doctor::run(json, project),
        Command::Context { command } => context::run_context(command),
        Command::Review(args) => review::run(args),
        Command::Restore(args) => context::run_restore(args),
        Command::Blame(args) => context::run_blame(args),
        Command::Export(args) => review::run_export(args),
        Command::History { command } => history::run(command),
        Command::Lessons { command } => lessons::run(command),
        Command::Kb { command } => kb::run(command),
        Command::Cost(args) => cost::run(args),
        Command::Run(args) => run::run(args),
        Command::Sandbox { command } => run::run_sandbox(command),
        Command::Audit { command } => audit::run(command),
        Command::Mcp { command } => mcp::run(command),
        Command::Ui(args) => ui::run(args),
        Command::Config { json } => util::run_config(json),
        Command::Completions { shell } => docs::run_completions(shell, Cli::command()),
        Command::Man { dir } => docs::run_man(Cli::command(), dir),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("hookward: {e}");
            ExitCode::from(2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<std::ffi::OsString> {
        words.iter().map(Into::into).collect()
    }

    /// The warm helper's client sends the agents' project variables from its own list (it
    /// links no agent crate); every profile's variable must be on it.
    #[test]
    fn the_warm_client_sends_every_agents_project_variable() {
        for p in hookward_pipeline::profiles() {
            assert!(
                warm_proto::PROJECT_VARS.contains(&p.project_var),
                "{}",
                p.project_var
            );
        }
    }

    #[test]
    fn the_installed_hook_argv_takes_the_fast_path_and_nothing_else_does() {
        for (word, agent) in [
            ("claude-code", AgentArg(hookward_core::Agent::ClaudeCode)),
            ("codex", AgentArg(hookward_core::Agent::Codex)),
            ("gemini", AgentArg(hookward_core::Agent::Gemini)),
            ("cursor", AgentArg(hookward_core::Agent::Cursor)),
        ] {
            assert_eq!(
                hook_fast_path(&argv(&["hookward", "hook", word])),
                Some(agent)
            );
            // The fast path and clap agree on every agent word.
            let cli = Cli::try_parse_from(argv(&["hookward", "hook", word])).unwrap();
            assert!(matches!(cli.command, Command::Hook { agent: a, .. } if a == agent));
        }
        for words in [
            &["hookward", "hook"][..],
            &["hookward", "hook", "claude"],
            &["hookward", "hook", "--policy-dir", "p", "codex"],
            &["hookward", "hook", "codex", "--policy-dir", "p"],
            &["hookward", "--color", "never", "hook", "codex"],
            &["hookward", "log", "codex"],
            &["hookward", "--version"],
        ] {
            assert_eq!(hook_fast_path(&argv(words)), None, "{words:?}");
        }
    }
}
