//! `hookward policy test | eval | list` (and `disable | enable | add | remove`, in
//! `policy_admin.rs`).

use crate::util::{self, CliResult};
use crate::AgentArg;
use clap::Subcommand;
use hookward_pipeline::HookEnv;
use hookward_policy::{all_rule_infos, builtin_sources, builtin_tests, user_sources, DECISIONS};
use serde_json::{json, Value};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum PolicyCommand {
    /// Runs every `test_*` rule of the built-in pack and of the user's policies (like `opa test`).
    Test {
        /// Extra directory of user policies and their `*_test.rego` files (may be repeated).
        #[arg(long = "policy-dir")]
        policy_dirs: Vec<PathBuf>,
        /// Print results as JSON.
        #[arg(long)]
        json: bool,
        /// Only the tests whose full name (`data.<package>.test_<name>`) matches this regular
        /// expression (like `opa test --run`).
        #[arg(long, value_name = "PATTERN")]
        run: Option<String>,
    },
    /// Evaluates one hook event with the hook's own steps (parse, config, facts, policy,
    /// `[context.checks]`, disabled rules) and shows the facts, every rule that fired, the
    /// decision and timings. Nothing is recorded and the context guard does not observe (on a
    /// ConfigChange it reads the ledger for the reloaded file, as the hook does).
    Eval {
        #[command(flatten)]
        args: EvalArgs,
        /// Print as JSON, with the exact Rego input (`input`: `{event, facts, config}`).
        #[arg(long)]
        json: bool,
    },
    /// Lists the rules (built-in and user), with their decision and whether they are locked.
    List {
        /// Extra directory of user policies (may be repeated).
        #[arg(long = "policy-dir")]
        policy_dirs: Vec<PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Switches rules off: adds their ids to `disabled_rules` in the user config.toml
    /// (comments and layout kept). Ids or globs (`shell/*`); locked `self/` rules are refused.
    Disable {
        /// Rule ids or globs (`*` any run of characters, `?` one).
        #[arg(required = true, value_name = "RULE")]
        rules: Vec<String>,
        /// Print what changed as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Switches disabled rules back on: removes the matching `disabled_rules` entries.
    Enable {
        /// Rule ids or globs.
        #[arg(required = true, value_name = "RULE")]
        rules: Vec<String>,
        /// Print what changed as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Checks, compiles and tests a custom policy (`package hookward.rules.custom.<name>`, rule
    /// ids `custom/<name>/…`), then installs it into ~/.hookward/policies.
    Add(crate::policy_admin::AddArgs),
    /// Fetches the team's OPA bundle (`[policy.bundle]`), verifies its signature, compiles it
    /// with the built-in pack and runs its tests, then puts it in force atomically; a bundle
    /// that fails any step is refused and the one in force stays. Never run by the hook.
    Pull(crate::bundle::PullArgs),
    /// Removes a custom policy (and its tests) that `policy add` installed.
    Remove {
        /// The policy's name (`hookward policy add` printed it).
        name: String,
        /// Print what was removed as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// The user policy folders: `<home>/policies`, the config's `policy_dirs`, `extra`, then the
/// active managed bundle's.
pub(crate) fn dirs(extra: Vec<PathBuf>) -> Result<Vec<PathBuf>, String> {
    let home = util::home()?;
    let mut d = vec![home.join("policies")];
    if let Ok(cfg) = util::load_config() {
        d.extend(cfg.policy_dirs);
    }
    d.extend(extra);
    // The managed bundle's rules, as the hook loads them (`hookward policy pull`).
    if let Ok(Some(b)) = hookward_bundle::active::active(&home) {
        d.push(b.policy_dir(&home));
    }
    Ok(d)
}

pub fn run(cmd: PolicyCommand) -> CliResult {
    match cmd {
        PolicyCommand::Test {
            policy_dirs,
            json,
            run,
        } => test(dirs(policy_dirs)?, json, run.as_deref()),
        PolicyCommand::Eval { args, json } => eval(args, json),
        PolicyCommand::List { policy_dirs, json } => list(dirs(policy_dirs)?, json),
        PolicyCommand::Disable { rules, json } => crate::policy_admin::disable(&rules, json),
        PolicyCommand::Enable { rules, json } => crate::policy_admin::enable(&rules, json),
        PolicyCommand::Add(args) => crate::policy_admin::add(args),
        PolicyCommand::Remove { name, json } => crate::policy_admin::remove(&name, json),
        PolicyCommand::Pull(args) => crate::bundle::pull(args),
    }
}

fn test(dirs: Vec<PathBuf>, json_out: bool, run: Option<&str>) -> CliResult {
    let filter = run
        .map(|p| {
            regex::Regex::new(p)
                .map_err(|e| format!("--run {p:?} is not a regular expression: {e}"))
        })
        .transpose()?;
    let mut user = user_sources(&dirs, false).map_err(|e| e.to_string())?;
    let mut user_tests = user_sources(&dirs, true).map_err(|e| e.to_string())?;
    // A user file that does not parse is skipped with a warning (the hook leaves it out
    // too); the other files' tests still run.
    for list in [&mut user, &mut user_tests] {
        let broken = hookward_policy::unparsable(list);
        for b in &broken {
            let at = b
                .error
                .lines()
                .find_map(|l| l.trim().strip_prefix("--> "))
                .and_then(|loc| {
                    loc.rsplit_once(':')
                        .map(|(file_line, _col)| file_line.to_string())
                })
                .unwrap_or_else(|| b.name.clone());
            let why = b
                .error
                .lines()
                .rev()
                .find(|l| l.trim_start().starts_with("error:"))
                .map(|l| l.trim().to_string())
                .unwrap_or_default();
            eprintln!("hookward: warning: skipped {at}: it does not parse ({why}); its rules and tests are left out");
        }
        list.retain(|s| !broken.iter().any(|b| b.name == s.name));
    }
    let mut policies = builtin_sources();
    policies.extend(user);
    let mut tests = builtin_tests();
    tests.extend(user_tests);
    let data = util::load_config()
        .map(|c| c.policy_data)
        .unwrap_or_default();
    let results = hookward_policy::run_tests_matching(&policies, &tests, &data, filter.as_ref())
        .map_err(|e| e.to_string())?;
    // `file:line` of a test rule, for the FAIL lines.
    let at = |r: &hookward_policy::TestResult| -> String {
        let rule = r.name.rsplit('.').next().unwrap_or("");
        tests
            .iter()
            .find(|t| t.name == r.source)
            .and_then(|t| {
                t.text.lines().position(|l| {
                    l.strip_prefix(rule).is_some_and(|rest| {
                        !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_')
                    })
                })
            })
            .map(|i| format!("{}:{}", r.source, i + 1))
            .unwrap_or_else(|| r.source.clone())
    };
    if results.is_empty() {
        if let Some(p) = run {
            eprintln!("hookward: no test name matches --run {p:?}");
        }
    }
    let failed = results.iter().filter(|r| !r.passed).count();
    if json_out {
        outln!(
            "{}",
            crate::json::pretty(serde_json::to_value(&results).map_err(|e| e.to_string())?)?
        );
    } else {
        for r in &results {
            match &r.error {
                None => outln!("{} {}", crate::out::paint("PASS", crate::out::GOOD), r.name),
                Some(e) => outln!(
                    "{} {} ({}): {e}",
                    crate::out::paint("FAIL", crate::out::BAD),
                    r.name,
                    at(r)
                ),
            }
        }
        outln!("rego: {} passed, {failed} failed", results.len() - failed);
    }
    Ok(if failed == 0 && !results.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// What `hookward policy eval` judges and with what it reads.
#[derive(clap::Args)]
#[group(skip)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["input", "command"])))]
pub struct EvalArgs {
    /// A hook payload of `--agent` (JSON file, or - for stdin).
    #[arg(long)]
    input: Option<PathBuf>,
    /// A shell command to evaluate as a PreToolUse of the agent's shell tool.
    #[arg(long)]
    command: Option<String>,
    /// Whose payload it is (the word of `hookward hook <agent>`). Default: for --input, the
    /// agent whose hook events include the payload's `hook_event_name` when only one does
    /// (Gemini's `BeforeTool`, Cursor's `beforeShellExecution`; said on stderr), else Claude
    /// Code (Codex uses Claude Code's event names: give `--agent codex`).
    #[arg(long, value_enum)]
    agent: Option<AgentArg>,
    /// The user config file to judge with, instead of `<home>/config.toml` (read alone,
    /// without the last good copy; a project's `.hookward/config.toml` still tightens it).
    #[arg(long, value_name = "FILE")]
    config: Option<PathBuf>,
    /// hookward's home to read (config.toml, policies/, the policy cache) instead of
    /// `HOOKWARD_HOME` or `~/.hookward`.
    #[arg(long, value_name = "DIR")]
    home: Option<PathBuf>,
    /// Working directory for --command (default: the current directory).
    #[arg(long)]
    cwd: Option<PathBuf>,
    /// Extra directory of user policies (may be repeated).
    #[arg(long = "policy-dir")]
    policy_dirs: Vec<PathBuf>,
}

/// The agent whose payload `bytes` is, when `--agent` is not given: the only agent whose hook
/// events (`AgentProfile::install_events`) include the payload's `hook_event_name`; `None` when
/// several do (Claude Code and Codex share their event names), none does, or the payload does
/// not parse (the evaluation then reports it).
fn agent_of_payload(bytes: &[u8]) -> Option<(hookward_core::Agent, String)> {
    let v: Value = serde_json::from_slice(bytes).ok()?;
    let event = v.get("hook_event_name")?.as_str()?;
    let mut found = hookward_core::Agent::ALL.iter().copied().filter(|a| {
        hookward_pipeline::profile(*a)
            .install_events
            .contains(&event)
    });
    let only = found.next()?;
    found.next().is_none().then(|| (only, event.to_string()))
}

fn eval(args: EvalArgs, json_out: bool) -> CliResult {
    let read_input = |p: &PathBuf| -> Result<Vec<u8>, String> {
        if p.as_os_str() == "-" {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            Ok(b)
        } else {
            std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        }
    };
    let input = args.input.as_ref().map(read_input).transpose()?;
    let agent = match (args.agent, &input) {
        (Some(a), _) => a.agent(),
        (None, Some(bytes)) => match agent_of_payload(bytes) {
            Some((a, event)) => {
                if a != hookward_core::Agent::ClaudeCode {
                    eprintln!(
                        "hookward: reading the payload as {}'s (its event {event:?} is one of that agent's; --agent chooses another)",
                        hookward_pipeline::profile(a).label
                    );
                }
                a
            }
            None => hookward_core::Agent::ClaudeCode,
        },
        (None, None) => hookward_core::Agent::ClaudeCode,
    };
    let profile = hookward_pipeline::profile(agent);
    let bytes = match (input, &args.command) {
        (Some(b), _) => b,
        (None, Some(c)) => {
            let cwd = match &args.cwd {
                Some(c) => c.clone(),
                None => std::env::current_dir().map_err(|e| e.to_string())?,
            };
            profile
                .shell_call(c, &cwd.to_string_lossy(), "policy-eval")
                .to_string()
                .into_bytes()
        }
        (None, None) => return Err("give --input FILE or --command CMD".into()),
    };
    if let Some(f) = &args.config {
        std::fs::metadata(f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
    }
    let mut env = HookEnv::from_process(agent).map_err(|e| e.to_string())?;
    if let Some(h) = args.home {
        env.hookward_home = h;
    }
    env.policy_dirs = args.policy_dirs;
    let opts = hookward_pipeline::EvalOptions {
        user_config: args.config,
        ..Default::default()
    };
    let evaluated =
        hookward_pipeline::evaluate(&bytes, &env, &opts).map_err(|e| match &args.input {
            Some(p) => format!("{}: {e}", p.display()),
            None => e,
        })?;
    if json_out {
        return crate::json::print(eval_json(agent, &evaluated));
    }
    // What the hook would have recorded as health events (a config layer that does not load, a
    // payload read from its raw text) is said first: the decision below rests on it.
    // (User-policy problems are listed with the rules below, not twice.)
    for h in evaluated
        .health
        .iter()
        .filter(|h| !h.kind.starts_with("user-policy"))
    {
        eprintln!("hookward: warning: {}", h.message);
    }
    let (event, config) = (&evaluated.event, &evaluated.config);
    let Some(d) = &evaluated.decided else {
        outln!(
            "event: {} (the hook does not consult the policy on this event)",
            event.kind.name()
        );
        outln!("decision: {}", hookward_pipeline::decision_word(None));
        return Ok(ExitCode::SUCCESS);
    };
    let (facts, verdict) = (&d.facts, &d.verdict);
    outln!(
        "event: {} {}",
        event.kind.name(),
        event.tool.as_ref().map(|t| t.name.as_str()).unwrap_or("")
    );
    outln!("facts:");
    for p in &facts.paths {
        outln!(
            "  path {} {} via {} ({}) classes={}",
            p.access,
            p.path,
            p.via,
            p.how,
            p.classes.join(",")
        );
    }
    // Listed from the JSON form, the lists Rego sees under `input.facts.shell`.
    if let Some(shell) = facts
        .shell
        .as_ref()
        .and_then(|s| serde_json::to_value(s).ok())
    {
        if let Some(obj) = shell.as_object() {
            for (k, v) in obj {
                if k == "paths" {
                    continue;
                }
                if let Some(arr) = v.as_array() {
                    for item in arr {
                        let ev = item.get("evidence").and_then(|e| e.as_str()).unwrap_or("");
                        let label = item
                            .get("kind")
                            .or_else(|| item.get("program"))
                            .or_else(|| item.get("name"))
                            .or_else(|| item.get("reason"))
                            .and_then(|x| x.as_str())
                            .unwrap_or("");
                        outln!("  {k}: {label} `{ev}`");
                    }
                }
            }
        }
    }
    if let Some(ch) = &facts.settings_change {
        outln!("  settings change in {}: {}", ch.path, ch.summary);
    }
    outln!("rules fired:");
    if d.candidates.is_empty() {
        outln!("  (none)");
    }
    for c in &d.candidates {
        let off = if config.disabled_rules.contains(&c.id)
            && !c.id.starts_with(hookward_policy::LOCKED_PREFIX)
        {
            " (disabled)"
        } else {
            ""
        };
        outln!("  {} [{}]{off} {}", c.decision.as_str(), c.id, c.reason);
    }
    for b in &d.broken {
        outln!("broken user policy (not applied): {}: {}", b.name, b.error);
    }
    for problem in &d.user_problems {
        outln!("user policy error: {problem}");
    }
    outln!(
        "decision: {}",
        hookward_pipeline::decision_word(verdict.decision)
    );
    outln!(
        "timings: load {} µs ({:?}), eval {} µs",
        d.load_us,
        d.load_mode,
        d.eval_us
    );
    Ok(ExitCode::SUCCESS)
}

/// The body of `hookward policy eval --json` for one evaluation (the page's "try a command"
/// shows the same document).
pub fn eval_json(agent: hookward_core::Agent, evaluated: &hookward_pipeline::Evaluated) -> Value {
    let (event, config) = (&evaluated.event, &evaluated.config);
    let warnings: Vec<&str> = evaluated
        .health
        .iter()
        .map(|h| h.message.as_str())
        .collect();
    let Some(d) = &evaluated.decided else {
        return json!({
            "agent": agent.as_str(),
            "event": event.kind.name(), "tool": event.tool.as_ref().map(|t| &t.name),
            "consulted": false, "decision": null, "deciding_rule": null, "rule_ids": [],
            "warnings": warnings,
        });
    };
    let (facts, verdict) = (&d.facts, &d.verdict);
    let rule_ids: Vec<&str> = verdict.candidates.iter().map(|c| c.id.as_str()).collect();
    json!({
        "agent": agent.as_str(), "consulted": true,
        "event": event.kind.name(), "tool": event.tool.as_ref().map(|t| &t.name),
        "facts": facts, "candidates": d.candidates, "decision": verdict.decision,
        "deciding_rule": verdict.rule_id(), "rule_ids": rule_ids, "disabled": config.disabled_rules,
        "broken_user_policies": d.broken, "user_error": d.user_error,
        "user_policy_errors": d.user_problems, "input": d.input,
        "reply": {"stdout": evaluated.reply.stdout, "stderr": evaluated.reply.stderr, "exit_code": evaluated.reply.exit_code},
        "timings_us": {"load": d.load_us, "eval": d.eval_us}, "load_mode": d.load_mode,
        "warnings": warnings,
    })
}

/// `hookward policy eval --agent AGENT --command COMMAND --json` in the current directory:
/// the agent's shell-call payload judged by `hookward_pipeline::evaluate` (nothing recorded).
///
/// # Errors
/// The environment (no home) or the evaluation.
pub fn eval_command(agent: hookward_core::Agent, command: &str) -> Result<Value, String> {
    let profile = hookward_pipeline::profile(agent);
    let cwd = std::env::current_dir().map_err(|e| e.to_string())?;
    let bytes = profile
        .shell_call(command, &cwd.to_string_lossy(), "policy-eval")
        .to_string()
        .into_bytes();
    let env = HookEnv::from_process(agent).map_err(|e| e.to_string())?;
    let evaluated =
        hookward_pipeline::evaluate(&bytes, &env, &hookward_pipeline::EvalOptions::default())?;
    Ok(eval_json(agent, &evaluated))
}

/// The body of `hookward policy list --json`: every rule (built-in and in `dirs`) with its
/// decision, lock, summary, source and whether the configuration disables it.
///
/// # Errors
/// A policy directory that cannot be read.
pub fn rules_json(dirs: Vec<PathBuf>) -> Result<Value, String> {
    let mut sources = builtin_sources();
    sources.extend(user_sources(&dirs, false).map_err(|e| e.to_string())?);
    let infos = all_rule_infos(&sources);
    let disabled = util::load_config()
        .map(|c| c.disabled_rules)
        .unwrap_or_default();
    let rows: Vec<_> = infos
        .iter()
        .map(|r| {
            json!({"id": r.id, "decision": r.decision, "locked": r.locked, "summary": r.summary,
                         "source": r.source, "disabled": disabled.contains(&r.id) && !r.locked})
        })
        .collect();
    Ok(rows.into())
}

fn list(dirs: Vec<PathBuf>, json_out: bool) -> CliResult {
    if json_out {
        return crate::json::print(rules_json(dirs)?);
    }
    let mut sources = builtin_sources();
    let user = user_sources(&dirs, false).map_err(|e| e.to_string())?;
    let broken = hookward_policy::unparsable(&user);
    sources.extend(user);
    let infos = all_rule_infos(&sources);
    let disabled = util::load_config()
        .map(|c| c.disabled_rules)
        .unwrap_or_default();
    let mut rows = Vec::new();
    for r in &infos {
        let mut flags = Vec::new();
        if r.locked {
            flags.push("locked");
        }
        if broken.iter().any(|b| b.name == r.source) {
            flags.push("file does not parse: not applied");
        }
        if disabled.contains(&r.id) && !r.locked {
            flags.push("disabled");
        }
        if !DECISIONS.contains(&r.decision.as_str()) {
            flags.push("not a decision: allow, ask or deny");
        }
        if !r.source.starts_with("builtin:") {
            flags.push("user");
        }
        let flags = if flags.is_empty() {
            String::new()
        } else {
            format!("({})", flags.join(", "))
        };
        rows.push((r, flags));
    }
    // The marker column is as wide as its widest entry, so descriptions start in one column
    // (newcomer finding 17); on a terminal they wrap under themselves.
    // A long warning (`(file does not parse: not applied)`) overflows its row instead of
    // pushing every description right.
    let marks = rows
        .iter()
        .map(|(_, f)| f.chars().count())
        .filter(|&n| n <= 16)
        .max()
        .unwrap_or(0);
    let indent = 36 + 1 + 8 + 1 + marks + 2;
    let width = crate::out::terminal_width();
    if !rows.is_empty() {
        outln!(
            "{:36} {:8} {:marks$}  DESCRIPTION",
            "RULE ID",
            "DECISION",
            ""
        );
    }
    for (r, flags) in &rows {
        let summary = match width {
            Some(w) => crate::out::wrap(&r.summary, w.saturating_sub(indent), indent),
            None => r.summary.clone(),
        };
        outln!("{:36} {:8} {flags:marks$}  {summary}", r.id, r.decision);
    }
    Ok(ExitCode::SUCCESS)
}
