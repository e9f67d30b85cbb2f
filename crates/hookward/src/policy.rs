//! `hookward policy test | eval | list`.

use crate::util::{self, CliResult};
use clap::Subcommand;
use hookward_core::Agent;
use hookward_pipeline::HookEnv;
use hookward_policy::{
    all_rule_infos, builtin_sources, builtin_tests, user_sources, LoadOptions, Policy, DECISIONS,
};
use serde_json::json;
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
    /// Evaluates one hook event and shows the facts, every rule that fired, the decision and timings.
    Eval {
        /// A Claude Code hook payload (JSON file, or - for stdin).
        #[arg(long, conflicts_with = "command", required_unless_present = "command")]
        input: Option<PathBuf>,
        /// A shell command to evaluate as a Claude Code PreToolUse of Bash.
        #[arg(long)]
        command: Option<String>,
        /// Working directory for --command (default: the current directory).
        #[arg(long)]
        cwd: Option<PathBuf>,
        /// Extra directory of user policies (may be repeated).
        #[arg(long = "policy-dir")]
        policy_dirs: Vec<PathBuf>,
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
}

fn dirs(extra: Vec<PathBuf>) -> Result<Vec<PathBuf>, String> {
    let mut d = vec![util::home()?.join("policies")];
    if let Ok(cfg) = util::load_config() {
        d.extend(cfg.policy_dirs);
    }
    d.extend(extra);
    Ok(d)
}

pub fn run(cmd: PolicyCommand) -> CliResult {
    match cmd {
        PolicyCommand::Test {
            policy_dirs,
            json,
            run,
        } => test(dirs(policy_dirs)?, json, run.as_deref()),
        PolicyCommand::Eval {
            input,
            command,
            cwd,
            policy_dirs,
            json,
        } => eval(input, command, cwd, policy_dirs, json),
        PolicyCommand::List { policy_dirs, json } => list(dirs(policy_dirs)?, json),
    }
}

fn test(dirs: Vec<PathBuf>, json_out: bool, run: Option<&str>) -> CliResult {
    let filter = run
        .map(|p| {
            regex::Regex::new(p)
                .map_err(|e| format!("--run {p:?} is not a regular expression: {e}"))
        })
        .transpose()?;
    let user = user_sources(&dirs, false).map_err(|e| e.to_string())?;
    let user_tests = user_sources(&dirs, true).map_err(|e| e.to_string())?;
    let mut policies = builtin_sources();
    policies.extend(user);
    let mut tests = builtin_tests();
    tests.extend(user_tests);
    let data = util::load_config()
        .map(|c| c.policy_data)
        .unwrap_or_default();
    let results = hookward_policy::run_tests_matching(&policies, &tests, &data, filter.as_ref())
        .map_err(|e| e.to_string())?;
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
                    r.source
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

fn eval(
    input: Option<PathBuf>,
    command: Option<String>,
    cwd: Option<PathBuf>,
    policy_dirs: Vec<PathBuf>,
    json_out: bool,
) -> CliResult {
    let bytes = match (&input, &command) {
        (Some(p), _) if p.as_os_str() == "-" => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| format!("cannot read stdin: {e}"))?;
            b
        }
        (Some(p), _) => {
            std::fs::read(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?
        }
        (None, Some(c)) => {
            let cwd = match cwd {
                Some(c) => c,
                None => std::env::current_dir().map_err(|e| e.to_string())?,
            };
            json!({"session_id": "policy-eval", "cwd": cwd, "hook_event_name": "PreToolUse",
                   "tool_name": "Bash", "tool_input": {"command": c}})
            .to_string()
            .into_bytes()
        }
        (None, None) => return Err("give --input FILE or --command CMD".into()),
    };
    let env = HookEnv::from_process(Agent::ClaudeCode).map_err(|e| e.to_string())?;
    let event = hookward_claude::parse(
        &bytes,
        &hookward_claude::Env {
            project_dir: env.project_dir.clone(),
        },
    )
    .map_err(|e| match &input {
        Some(p) => format!("{}: {e}", p.display()),
        None => e.to_string(),
    })?;
    let config = util::load_config()?;
    let ctx = hookward_facts::Context::new(
        env.home.to_string_lossy(),
        env.hookward_home.to_string_lossy(),
    );
    let facts = hookward_facts::compute(&event, &ctx);
    let mut user_dirs = dirs(policy_dirs)?;
    user_dirs.dedup();
    let mut policy = Policy::load(&LoadOptions {
        user_dirs,
        cache_dir: None,
        data: config.policy_data.clone(),
    })
    .map_err(|e| e.to_string())?;
    let policy_input = hookward_pipeline::policy_input(&event, &facts, &config);
    let evaluation = policy.evaluate(&policy_input).map_err(|e| e.to_string())?;
    let (verdict, _) =
        hookward_policy::resolve(evaluation.candidates.clone(), &config.disabled_rules);
    if json_out {
        let out = json!({
            "event": event.kind.name(), "tool": event.tool.as_ref().map(|t| &t.name),
            "facts": facts, "candidates": evaluation.candidates, "decision": verdict.decision,
            "deciding_rule": verdict.rule_id(), "disabled": config.disabled_rules,
            "broken_user_policies": policy.broken(), "user_error": evaluation.user_error,
            "user_policy_errors": evaluation.user_problems(), "input": policy_input,
            "timings_us": {"load": policy.load_us(), "eval": evaluation.eval_us}, "load_mode": policy.mode(),
        });
        return crate::json::print(out);
    }
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
    if let Some(shell) = &facts.shell {
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
    if evaluation.candidates.is_empty() {
        outln!("  (none)");
    }
    for c in &evaluation.candidates {
        let off = if config.disabled_rules.contains(&c.id)
            && !c.id.starts_with(hookward_policy::LOCKED_PREFIX)
        {
            " (disabled)"
        } else {
            ""
        };
        outln!("  {} [{}]{off} {}", c.decision.as_str(), c.id, c.reason);
    }
    for b in policy.broken() {
        outln!("broken user policy (not applied): {}: {}", b.name, b.error);
    }
    for problem in evaluation.user_problems() {
        outln!("user policy error: {problem}");
    }
    outln!(
        "decision: {}",
        hookward_pipeline::decision_word(verdict.decision)
    );
    outln!(
        "timings: load {} µs ({:?}), eval {} µs",
        policy.load_us(),
        policy.mode(),
        evaluation.eval_us
    );
    Ok(ExitCode::SUCCESS)
}

fn list(dirs: Vec<PathBuf>, json_out: bool) -> CliResult {
    let mut sources = builtin_sources();
    sources.extend(user_sources(&dirs, false).map_err(|e| e.to_string())?);
    let infos = all_rule_infos(&sources);
    let disabled = util::load_config()
        .map(|c| c.disabled_rules)
        .unwrap_or_default();
    if json_out {
        let rows: Vec<_> = infos
            .iter()
            .map(|r| {
                json!({"id": r.id, "decision": r.decision, "locked": r.locked, "summary": r.summary,
                             "source": r.source, "disabled": disabled.contains(&r.id) && !r.locked})
            })
            .collect();
        return crate::json::print(rows.into());
    }
    for r in &infos {
        let mut flags = Vec::new();
        if r.locked {
            flags.push("locked");
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
            format!(" ({})", flags.join(", "))
        };
        outln!("{:36} {:5}{flags}  {}", r.id, r.decision, r.summary);
    }
    Ok(ExitCode::SUCCESS)
}
