//! One hook call, end to end (DESIGN.md, "One hook call, end to end"):
//!
//! ```text
//! stdin bytes ─▶ 1 adapter (agent payload → Event)
//!             ─▶ 2 analyzers (Event → Facts: paths, shell effects, settings changes)
//!             ─▶ 3 policy (Rego over {event, facts, config} → Verdict)
//!             ─▶ 4 abilities (what this agent can do with the verdict → Response)
//!             ─▶ 5 record (store, secrets redacted)
//!             ─▶ 6 adapter (Response → the agent's reply: stdout JSON / exit code)
//! ```
//!
//! [`run_hook`] never panics and never returns an error: an internal failure (unparseable
//! payload, broken built-in policy, a panic) follows the configured fail mode — open: print
//! nothing, exit 0; closed: exit 2 with a reason, but only on events where blocking means "do
//! not run the tool" (PreToolUse, PermissionRequest), because exit 2 on `Stop` or
//! `UserPromptSubmit` would wedge the session — and is recorded as a health event. A store that
//! cannot be opened does not change the decision: the reply still goes out and the failure
//! goes to the fallback health file.
//!
//! ```no_run
//! use hookward_pipeline::{run_hook, HookEnv};
//! use hookward_core::Agent;
//! let env = HookEnv::from_process(Agent::ClaudeCode).unwrap();
//! let outcome = run_hook(br#"{"hook_event_name":"Stop"}"#, &env);
//! assert_eq!(outcome.reply.exit_code, 0);
//! ```
#![deny(missing_docs)]

use hookward_config::{Config, FailMode, KeepDecisions, Layers};
use hookward_core::{Agent, Decision, Event, EventKind, Reply, Response, Verdict};
use hookward_facts::Facts;
use hookward_policy::{LoadOptions, Policy};
use hookward_store::{DecisionRecord, HealthEvent, HealthKind, LazyStore, Retention, Store};
use hookward_sys::now_ms;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

pub mod abilities;
mod budget;
pub mod journal;
pub mod lessons;
pub mod profiles;
pub mod recover;

pub use profiles::{profile, profiles};

/// Everything the hook process knows besides stdin.
#[derive(Debug, Clone)]
pub struct HookEnv {
    /// Which agent's wire format to speak.
    pub agent: Agent,
    /// The user's home directory (`HOME`).
    pub home: PathBuf,
    /// hookward's home (`HOOKWARD_HOME` or `~/.hookward`).
    pub hookward_home: PathBuf,
    /// The agent's project directory variable (Claude Code: `CLAUDE_PROJECT_DIR`).
    pub project_dir: Option<String>,
    /// `HOOKWARD_*` variables (config overrides).
    pub vars: BTreeMap<String, String>,
    /// Extra policy directories (`hookward hook --policy-dir`).
    pub policy_dirs: Vec<PathBuf>,
}

/// Why the process environment is unusable for a hook.
#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    /// Neither `HOOKWARD_HOME` nor `HOME` is set.
    #[error("neither HOOKWARD_HOME nor HOME is set; hookward needs one of them to find its store and config")]
    NoHome,
}

/// What a hook process knows of its environment, as plain values: the part of the process
/// environment [`HookEnv::from_parts`] builds a [`HookEnv`] from. The in-process hook fills it
/// from its own process ([`ProcessParts::of_process`]); the warm helper's server from the
/// request its client sent (the client's own values), so one server answers clients with
/// different environments exactly as their own processes would.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProcessParts {
    /// `HOME` (empty counts as unset).
    pub home: Option<PathBuf>,
    /// The agent's project variable ([`hookward_core::AgentProfile::project_var`]), when set.
    pub project_var: Option<String>,
    /// The working directory of the hook process (used for Codex's project, whose hook runs
    /// in the session's folder, and to anchor a relative project variable).
    pub cwd: Option<PathBuf>,
    /// Every `HOOKWARD_*` variable (`HOOKWARD_HOME` included).
    pub vars: BTreeMap<String, String>,
}

impl ProcessParts {
    /// This process's values for `agent` (its project variable, `HOME`, the working directory,
    /// `HOOKWARD_*`). Variables that are not UTF-8 count as unset, as before.
    pub fn of_process(agent: Agent) -> ProcessParts {
        let p = profile(agent);
        ProcessParts {
            home: std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(PathBuf::from),
            project_var: std::env::var(p.project_var).ok(),
            cwd: std::env::current_dir().ok(),
            vars: std::env::vars()
                .filter(|(k, _)| k.starts_with("HOOKWARD_"))
                .collect(),
        }
    }
}

impl HookEnv {
    /// Reads `HOME`, `HOOKWARD_HOME`, `HOOKWARD_*` and the agent's project variable from this
    /// process: [`HookEnv::from_parts`] of [`ProcessParts::of_process`].
    ///
    /// Errors: [`EnvError::NoHome`].
    pub fn from_process(agent: Agent) -> Result<HookEnv, EnvError> {
        HookEnv::from_parts(agent, ProcessParts::of_process(agent))
    }

    /// The environment of a hook call from plain values, without reading anything of this
    /// process (the warm helper builds one per request): hookward's home is `HOOKWARD_HOME`
    /// (non-empty) else `HOME/.hookward`; the home is `HOME`, else the parent of hookward's
    /// home; the project is the agent's project variable, else (Codex) the working directory.
    ///
    /// Errors: [`EnvError::NoHome`].
    pub fn from_parts(agent: Agent, parts: ProcessParts) -> Result<HookEnv, EnvError> {
        let home_var = parts.home.filter(|h| !h.as_os_str().is_empty());
        let hookward_home = match parts.vars.get("HOOKWARD_HOME") {
            Some(h) if !h.is_empty() => PathBuf::from(h),
            _ => home_var.as_ref().ok_or(EnvError::NoHome)?.join(".hookward"),
        };
        let home = home_var.unwrap_or_else(|| {
            hookward_home
                .parent()
                .map(Path::to_path_buf)
                .unwrap_or_default()
        });
        let p = profile(agent);
        let project_dir = parts.project_var.filter(|s| !s.is_empty()).or_else(|| {
            // Codex: the payload's `cwd` is the model's `workdir`, the process's is the
            // session's (`AgentProfile::project_is_hook_cwd`).
            p.project_is_hook_cwd
                .then_some(parts.cwd)
                .flatten()
                .and_then(|d| d.into_os_string().into_string().ok())
        });
        Ok(HookEnv {
            agent,
            home,
            hookward_home,
            project_dir,
            vars: parts.vars,
            policy_dirs: Vec::new(),
        })
    }

    /// Whether `HOOKWARD_TRACE=1` asks for step timings on stderr.
    pub fn tracing(&self) -> bool {
        self.vars.get("HOOKWARD_TRACE").is_some_and(|v| v == "1")
    }

    /// Prints how long a step took to stderr when [`HookEnv::tracing`] (for benchmarks;
    /// stderr is not shown to the model when the hook exits 0).
    pub fn trace(&self, step: &str, since: Instant) {
        if self.tracing() {
            eprintln!("hookward trace: {step} {} µs", since.elapsed().as_micros());
        }
    }

    /// `state.db` under hookward's home.
    pub fn store_path(&self) -> PathBuf {
        self.hookward_home.join("state.db")
    }
}

/// What one hook call did, for the CLI (which prints `reply`) and for tests and `demo`.
#[derive(Debug, Clone)]
pub struct HookOutcome {
    /// What to print and how to exit.
    pub reply: Reply,
    /// The parsed event (None when the payload did not parse).
    pub event: Option<Event>,
    /// The facts computed (None when the policy was not consulted).
    pub facts: Option<Facts>,
    /// The resolved verdict.
    pub verdict: Verdict,
    /// The response before rendering.
    pub response: Response,
    /// Health events raised during the call (also recorded).
    pub health: Vec<HealthEvent>,
    /// The store row id (`D<id>`), when recorded.
    pub record_id: Option<i64>,
    /// Microseconds from the start of [`run_hook`] to the rendered reply (before recording).
    pub elapsed_us: u64,
    /// The caller should start `hookward cost --index-only` in the background (SessionStart
    /// with a `[cost]` budget configured), so the budget state the `UserPromptSubmit` notice
    /// reads is fresh; never done inside the hook call.
    pub refresh_cost: bool,
}

fn health(
    kind: HealthKind,
    message: String,
    detail: Value,
    event: Option<&Event>,
    agent: Agent,
) -> HealthEvent {
    HealthEvent {
        ts_ms: now_ms(),
        kind: kind.as_str().to_string(),
        message,
        detail,
        agent: Some(agent.as_str().to_string()),
        session: event.and_then(|e| e.session_id.clone()),
    }
}

struct TraceOnDrop<'a>(&'a HookEnv, &'static str, Instant);

impl Drop for TraceOnDrop<'_> {
    fn drop(&mut self) {
        self.0.trace(self.1, self.2);
    }
}

/// Events on which hookward's policy decides about a tool call.
fn is_gate(kind: &EventKind) -> bool {
    matches!(kind, EventKind::PreToolUse | EventKind::PermissionRequest)
}

/// Events the policy is consulted on: tool calls before they run (path and shell rules), tool
/// output after (injection rules), and prompts (hidden text).
fn needs_policy(event: &Event) -> bool {
    match event.kind {
        EventKind::PreToolUse | EventKind::PermissionRequest => event.tool.is_some(),
        EventKind::PostToolUse => event.tool.as_ref().is_some_and(|t| t.response.is_some()),
        EventKind::UserPromptSubmit => event.prompt.is_some(),
        // A settings or skill file changed on disk: the context guard's facts on it
        // ([`config_change_facts`]) go to the policy before the agent reloads it.
        EventKind::ConfigChange => event.changed_file.is_some(),
        _ => false,
    }
}

/// Cheap look at raw bytes for the event name, used only when the payload does not parse:
/// a gate, or no event hookward knows (see [`recover::Recovered::may_be_gate`]).
fn sniff_gate(bytes: &[u8]) -> bool {
    recover::Recovered::scan(&bytes[..bytes.len().min(SNIFF_BYTES)]).may_be_gate(bytes)
}

/// Loads the configuration layers with [`hookward_config::load`] (which never loosens on an
/// error and keeps the last good copy under `~/.hookward/cache`); every layer that is not in
/// force becomes a `config-error` health event saying what is in force instead.
fn load_config(
    env: &HookEnv,
    active: &ActiveRecord,
    project_dir: Option<&str>,
    healths: &mut Vec<HealthEvent>,
) -> Config {
    load_config_from(env, active, None, project_dir, healths)
}

/// `<hookward home>/bundle/active.json` as one hook call read it: the configuration's managed
/// layer ([`hookward_config::managed_layer_of`]) and the policy step's bundle
/// ([`hookward_bundle::active::active_of`]) both come from this one read (issue 15: it was
/// opened twice per call, and failed twice when no bundle is in force).
struct ActiveRecord {
    path: PathBuf,
    read: std::io::Result<Vec<u8>>,
}

impl ActiveRecord {
    fn read(env: &HookEnv) -> ActiveRecord {
        let path = hookward_bundle::active::active_path(&env.hookward_home);
        let read = std::fs::read(&path);
        ActiveRecord { path, read }
    }
}

/// [`load_config`] with the user layer read from `user_file` instead of
/// `<hookward home>/config.toml` when given (`hookward policy eval --config`); that file is
/// judged alone, without the last good copy, which it neither reads nor replaces.
fn load_config_from(
    env: &HookEnv,
    active: &ActiveRecord,
    user_file: Option<&Path>,
    project_dir: Option<&str>,
    healths: &mut Vec<HealthEvent>,
) -> Config {
    // Invalid UTF-8 in a file is read as U+FFFD (and then reported by the parser), not dropped.
    let read = |p: PathBuf| match std::fs::read(&p) {
        Ok(b) => Some((
            p.display().to_string(),
            String::from_utf8_lossy(&b).into_owned(),
        )),
        Err(_) => None,
    };
    let user = user_file.map_or_else(|| env.hookward_home.join("config.toml"), Path::to_path_buf);
    let layers = Layers {
        user_toml: read(user.clone()),
        // From the home folder the project file is the user file: read once, as the user's.
        project_toml: project_dir
            .map(|p| Path::new(p).join(".hookward").join("config.toml"))
            .filter(|p| *p != user)
            .and_then(read),
        managed_toml: hookward_config::managed_layer_of(&active.path, &active.read),
        env: env.vars.clone(),
    };
    let config = match user_file {
        None => hookward_config::load(&env.hookward_home, &layers),
        Some(_) => Config::resolve(&layers, None).config,
    };
    let broken = config.broken_layers();
    if !broken.is_empty() {
        let in_force: Vec<String> = config
            .layers
            .iter()
            .filter(|l| l.in_force)
            .map(|l| format!("{} {}", l.layer, l.source))
            .collect();
        for b in broken {
            healths.push(health(
                HealthKind::ConfigError,
                format!("config: {b}; in force: {}", in_force.join(", ")),
                json!({"fail_mode": config.fail_mode}),
                None,
                env.agent,
            ));
        }
    }
    config
}

/// The policy input document: `{event, facts, config}`. The tool's output (PostToolUse) is
/// left out: it can be megabytes and no path/shell rule reads it.
pub fn policy_input(event: &Event, facts: &Facts, config: &Config) -> Value {
    let mut ev = serde_json::to_value(event).unwrap_or(Value::Null);
    if let Some(tool) = ev.get_mut("tool").and_then(Value::as_object_mut) {
        tool.remove("response");
    }
    if let Some(obj) = ev.as_object_mut() {
        obj.insert("kind".into(), json!(event.kind.name()));
    }
    json!({
        "event": ev,
        "facts": facts,
        "config": config.policy_view(),
    })
}

/// [`policy_input`] of a call's own event: its tool response, which the document leaves out,
/// is taken out of the event while the rest is serialised and put back after, instead of
/// being serialised (a copy of up to the whole payload) and then dropped (issue 15's peak-RSS
/// bar). When the event is shared (a facts worker abandoned past its budget still holds it)
/// it is serialised whole, as [`policy_input`] does. Same document either way.
fn policy_input_of(event: &mut Arc<Event>, facts: &Facts, config: &Config) -> Value {
    let taken = Arc::get_mut(event)
        .and_then(|e| e.tool.as_mut())
        .and_then(|t| t.response.take());
    let input = policy_input(event, facts, config);
    if let Some(response) = taken {
        if let Some(tool) = Arc::get_mut(event).and_then(|e| e.tool.as_mut()) {
            tool.response = Some(response);
        }
    }
    input
}

/// Share of the installed `hook_timeout` the facts (shell analysis, file checks and the
/// injection scans) may take before hookward decides on what it knows: half of it (5 s of the
/// default 10 s), leaving the rest for policy, store, the context guard and the reply, far from
/// the point where the agent gives up on the hook and goes ahead (issue 12, item 5).
pub const BUDGET_SHARE: f64 = 0.5;

/// The facts' time budget of one call: [`BUDGET_SHARE`] of `hook_timeout`, or
/// `HOOKWARD_BUDGET_MS` (milliseconds) when that is smaller — the variable can only shorten it,
/// so it cannot push a call past the agent's timeout.
pub fn time_budget(config: &Config, env: &HookEnv) -> std::time::Duration {
    let default =
        std::time::Duration::from_secs_f64(f64::from(config.hook_timeout.max(1)) * BUDGET_SHARE);
    env.vars
        .get("HOOKWARD_BUDGET_MS")
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map(std::time::Duration::from_millis)
        .map_or(default, |d| d.min(default))
}

/// The scan cap of one call: [`hookward_scan::DEFAULT_CAP_BYTES`] (10 MiB), or
/// `HOOKWARD_SCAN_CAP_BYTES` when that is smaller (it can only lower the cap: what is left
/// unscanned is reported and withheld or marked, never passed silently).
pub fn scan_cap(env: &HookEnv) -> usize {
    env.vars
        .get("HOOKWARD_SCAN_CAP_BYTES")
        .and_then(|v| v.trim().parse::<usize>().ok())
        .map_or(hookward_scan::DEFAULT_CAP_BYTES, |c| {
            c.min(hookward_scan::DEFAULT_CAP_BYTES)
        })
}

/// [`hookward_facts::compute_with_cap`] on a worker thread, waited for at most `budget`. Past it the
/// facts are computed again with a scan cap of zero: every rule that needs no scan (shell, path,
/// settings, network facts) still decides, and every text the scan would have read is reported
/// unscanned (`scan.unscanned_bytes`, `budget_exceeded`), which `inject/unscanned-output` acts
/// on — never a silent pass. That second pass is cheap only where the scan is all the work
/// (PostToolUse, UserPromptSubmit); any other event out of time is an error, which follows the
/// fail mode (`fail_mode = "closed"` blocks the tool call). The abandoned worker ends with the
/// process. If no thread can be started, or the worker panics, the facts are computed here (a
/// panic then reaches `run_hook`'s containment).
///
/// The worker shares the event (an `Arc`, not a copy: a PostToolUse event holds the whole tool
/// response, up to the scan cap) and drops its share before it sends the facts, so the caller
/// gets the event back without a copy once the facts arrived in time.
fn facts_within_budget(
    event: &Arc<Event>,
    ctx: &hookward_facts::Context,
    budget: std::time::Duration,
    cap: usize,
) -> Result<Facts, String> {
    // one message: a rendezvous slot (an unbounded channel's first block holds 31 `Facts`,
    // zeroed on every call)
    let (tx, rx) = std::sync::mpsc::sync_channel(1);
    let (e, c) = (Arc::clone(event), ctx.clone());
    let spawned = workers::run(Box::new(move || {
        let facts = hookward_facts::compute_with_cap(&e, &c, cap);
        drop(e);
        let _ = tx.send(facts);
    }));
    if spawned.is_err() {
        return Ok(hookward_facts::compute_with_cap(event, ctx, cap));
    }
    match rx.recv_timeout(budget) {
        Ok(f) => Ok(f),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout)
            if matches!(
                event.kind,
                EventKind::PostToolUse | EventKind::UserPromptSubmit
            ) =>
        {
            let mut f = hookward_facts::compute_with_cap(event, ctx, 0);
            if let Some(scan) = f.scan.as_mut() {
                scan.budget_exceeded = true;
            }
            Ok(f)
        }
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(format!(
            "the facts of this call did not finish within the time budget ({} ms)",
            budget.as_millis()
        )),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
            Ok(hookward_facts::compute_with_cap(event, ctx, cap))
        }
    }
}

/// Keeps the facts' worker threads ([`facts_within_budget`]) for later calls of this process
/// instead of starting one per call: for the warm helper's server (issue 15). A worker takes one
/// call's facts at a time; a call that finds none idle starts a new one (so a worker still busy
/// with an abandoned call, past its budget, never delays another), and at most
/// [`workers::MAX_IDLE`] wait idle. Off unless called: a hook process starts one thread.
pub fn keep_facts_workers() {
    workers::ON.store(true, std::sync::atomic::Ordering::Relaxed);
}

mod workers {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::mpsc::{channel, Sender};
    use std::sync::{Mutex, PoisonError};

    /// Idle workers kept at most.
    pub(super) const MAX_IDLE: usize = 4;

    pub(super) static ON: AtomicBool = AtomicBool::new(false);

    type Job = Box<dyn FnOnce() + Send>;

    static IDLE: Mutex<Vec<Sender<Job>>> = Mutex::new(Vec::new());

    /// Runs `job` on a worker thread: an idle kept one, else a new one.
    pub(super) fn run(job: Job) -> std::io::Result<()> {
        if !ON.load(Ordering::Relaxed) {
            return std::thread::Builder::new()
                .name("hookward-facts".into())
                .spawn(job)
                .map(drop);
        }
        let idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let job = match idle {
            Some(tx) => match tx.send(job) {
                Ok(()) => return Ok(()),
                Err(back) => back.0,
            },
            None => job,
        };
        let (tx, rx) = channel::<Job>();
        std::thread::Builder::new()
            .name("hookward-facts".into())
            .spawn(move || {
                let mut job = job;
                loop {
                    job();
                    {
                        let mut idle = IDLE.lock().unwrap_or_else(PoisonError::into_inner);
                        if idle.len() >= MAX_IDLE {
                            return;
                        }
                        idle.push(tx.clone());
                    }
                    match rx.recv() {
                        Ok(next) => job = next,
                        Err(_) => return,
                    }
                }
            })
            .map(drop)
    }
}

/// Steps 2–3 of one call as the hook runs them (facts within the time budget, the built-in
/// and user policies, `[context.checks]`, disabled rules), with what `hookward policy eval`
/// shows of the policy's work.
#[derive(Debug, Clone)]
pub struct Decided {
    /// The resolved verdict (what the hook records and answers on).
    pub verdict: Verdict,
    /// The facts the policy saw.
    pub facts: Facts,
    /// Every rule that fired, after `[context.checks]` (disabled rules still listed).
    pub candidates: Vec<hookward_core::Candidate>,
    /// The exact Rego input (`{event, facts, config}`).
    pub input: Value,
    /// User policy files left out because they do not parse.
    pub broken: Vec<hookward_policy::BrokenPolicy>,
    /// The user policies' evaluation error, when the built-in pack decided alone.
    pub user_error: Option<String>,
    /// The user-policy problems as the hook reports them ([`hookward_policy::Evaluation::user_problems`]).
    pub user_problems: Vec<String>,
    /// Microseconds the policy took to load.
    pub load_us: u64,
    /// Microseconds the evaluation took.
    pub eval_us: u64,
    /// How the policy was loaded (cached program, compiled, interpreter).
    pub load_mode: hookward_policy::LoadMode,
}

/// The active managed policy bundle (issue 19 item 3) and its `data` document, if one is in
/// force. A record or data file that does not load is a health event, and the bundle's rules
/// are then not applied (hookward's home is protected by the `self/` rules, so only a person
/// or a broken disk gets here).
fn managed_bundle(
    env: &HookEnv,
    active: &ActiveRecord,
    healths: &mut Vec<HealthEvent>,
    event: &Event,
) -> Option<(hookward_bundle::Active, serde_json::Value)> {
    let loaded =
        hookward_bundle::active::active_of(&active.path, &active.read).and_then(|b| match b {
            Some(b) => b.data(&env.hookward_home).map(|d| Some((b, d))),
            None => Ok(None),
        });
    match loaded {
        Ok(b) => b,
        Err(e) => {
            healths.push(health(
                HealthKind::UserPolicyBroken,
                format!("the managed policy bundle does not load and is not applied: {e}"),
                json!({"bundle": true}),
                Some(event),
                env.agent,
            ));
            None
        }
    }
}

/// `disabled` without the ids a managed bundle locks (`locked`: ids or globs), and the ids
/// held on that way.
fn unlock_filter(
    disabled: &std::collections::BTreeSet<String>,
    locked: &[String],
) -> (std::collections::BTreeSet<String>, Vec<String>) {
    let (held, kept): (Vec<&String>, Vec<&String>) = disabled.iter().partition(|id| {
        locked
            .iter()
            .any(|g| hookward_policy::admin::glob_match(g, id))
    });
    (
        kept.into_iter().cloned().collect(),
        held.into_iter().cloned().collect(),
    )
}

/// Why [`decide`] could not judge a call.
#[derive(Debug, Clone)]
struct DecideError {
    /// What failed, for the health event and the reason.
    what: String,
    /// The input itself made judging fail: the facts did not finish within the time budget,
    /// or the policy's evaluation stopped (an instruction limit reached on huge facts). The
    /// built-in pack is fixed and tested, so an evaluation error comes from the payload, and a
    /// payload is attacker-craftable: such a gate fails closed whatever `fail_mode` says.
    input_driven: bool,
}

impl std::fmt::Display for DecideError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.what)
    }
}

impl From<DecideError> for String {
    fn from(e: DecideError) -> String {
        e.what
    }
}

/// The context guard's facts on the file a `ConfigChange` names
/// ([`hookward_context::hook::config_change_facts`]), read from the call's store (`None`:
/// judged without the ledger). `None` on other events.
fn config_change_facts(
    env: &HookEnv,
    event: &Event,
    config: &Config,
    store: Option<&mut LazyStore>,
    healths: &mut Vec<HealthEvent>,
) -> Option<hookward_facts::ConfigChangeFacts> {
    if event.kind != EventKind::ConfigChange {
        return None;
    }
    let step = hookward_context::hook::StepEnv {
        home: &env.home,
        hookward_home: &env.hookward_home,
        project_dir: env.project_dir.as_deref(),
        agent: env.agent,
        budget: time_budget(config, env),
        trace: &|step: &str, t: Instant| env.trace(step, t),
    };
    hookward_context::hook::config_change_facts(&step, event, config, store, healths)
}

/// Steps 2–3. `config_change`: the context guard's facts on a reloaded settings file
/// ([`config_change_facts`]), added to the facts the policy sees.
fn decide(
    event: &mut Arc<Event>,
    env: &HookEnv,
    config: &Config,
    config_change: Option<hookward_facts::ConfigChangeFacts>,
    healths: &mut Vec<HealthEvent>,
    user_eval: hookward_policy::UserEval,
    active: &ActiveRecord,
) -> Result<Decided, DecideError> {
    let by_input = |what: String| DecideError {
        what,
        input_driven: true,
    };
    let by_setup = |what: String| DecideError {
        what,
        input_driven: false,
    };
    let ctx = hookward_facts::Context::new(
        env.home.to_string_lossy(),
        env.hookward_home.to_string_lossy(),
    );
    let t = Instant::now();
    let mut facts = facts_within_budget(event, &ctx, time_budget(config, env), scan_cap(env))
        .map_err(by_input)?;
    facts.config_change = config_change;
    if facts.scan.as_ref().is_some_and(|s| s.budget_exceeded) {
        healths.push(health(
            HealthKind::TimeBudget,
            "the scan did not finish within the hook's time budget; decided on what was known, the unscanned text withheld or marked".to_string(),
            json!({"budget_ms": time_budget(config, env).as_millis() as u64}),
            Some(event),
            env.agent,
        ));
    }
    env.trace("facts", t);
    let mut user_dirs = vec![env.hookward_home.join("policies")];
    user_dirs.extend(config.policy_dirs.iter().cloned());
    user_dirs.extend(env.policy_dirs.iter().cloned());
    let t = Instant::now();
    let bundle = managed_bundle(env, active, healths, event);
    let mut data = config.policy_data.clone();
    if let Some((b, bundle_data)) = &bundle {
        user_dirs.push(b.policy_dir(&env.hookward_home));
        hookward_bundle::overlay_data(&mut data, bundle_data.clone());
    }
    // The input first: the built-in pack's program is the one narrowed to its shape
    // (hookward-policy `shape.rs`, issue 15).
    let input = policy_input_of(event, &facts, config);
    let mut policy = Policy::load(&LoadOptions {
        user_dirs,
        cache_dir: Some(env.hookward_home.join("cache")),
        data,
        user_eval,
        shape: Some(hookward_policy::InputShape::of(&input)),
    })
    .map_err(|e| by_setup(e.to_string()))?;
    for b in policy.broken() {
        healths.push(health(
            HealthKind::UserPolicyBroken,
            format!(
                "user policy {} does not parse and is not applied: {}",
                b.name, b.error
            ),
            json!({"file": b.name}),
            Some(event),
            env.agent,
        ));
    }
    env.trace("policy load", t);
    let t = Instant::now();
    let eval = policy
        .evaluate(&input)
        .map_err(|e| by_input(e.to_string()))?;
    env.trace("policy eval", t);
    let user_problems = eval.user_problems();
    for problem in &user_problems {
        healths.push(health(
            HealthKind::UserPolicyError,
            problem.clone(),
            json!({}),
            Some(event),
            env.agent,
        ));
    }
    let mut configured_dirs = config.policy_dirs.clone();
    configured_dirs.extend(env.policy_dirs.iter().cloned());
    for w in policy.setup_warnings(&config.disabled_rules, &configured_dirs) {
        healths.push(health(
            HealthKind::ConfigWarning,
            w.message,
            json!({"warning": w.kind}),
            Some(event),
            env.agent,
        ));
    }
    let mut candidates = eval.candidates;
    hookward_context::hook::apply_check_modes(&mut candidates, config);
    let locked: &[String] = bundle.as_ref().map_or(&[], |(b, _)| &b.locked_rules);
    let (disabled, held) = unlock_filter(&config.disabled_rules, locked);
    if !held.is_empty() {
        healths.push(health(
            HealthKind::ConfigIgnored,
            format!(
                "disabled_rules names rules the managed policy bundle locks, which stay on: {}",
                held.join(", ")
            ),
            json!({"locked_by": "bundle"}),
            Some(event),
            env.agent,
        ));
    }
    let (verdict, ignored) = hookward_policy::resolve(candidates.clone(), &disabled);
    if !ignored.is_empty() {
        healths.push(health(
            HealthKind::ConfigIgnored,
            format!(
                "disabled_rules names locked self-protection rules, which stay on: {}",
                ignored.join(", ")
            ),
            json!({}),
            Some(event),
            env.agent,
        ));
    }
    let broken = policy.broken().to_vec();
    let load_us = policy.load_us();
    let load_mode = policy.mode();
    if ONE_SHOT.load(std::sync::atomic::Ordering::Relaxed) {
        // the process exits after this call (see `set_one_shot`)
        std::mem::forget(policy);
    }
    Ok(Decided {
        verdict,
        facts,
        candidates,
        input,
        broken,
        user_error: eval.user_error,
        user_problems,
        load_us,
        eval_us: eval.eval_us,
        load_mode,
    })
}

/// What `hookward policy eval` may change about a hook call: where the user layer of the
/// configuration is read from.
#[derive(Debug, Clone, Default)]
pub struct EvalOptions {
    /// The user config file to judge with (`--config FILE`) instead of
    /// `<hookward home>/config.toml`.
    pub user_config: Option<PathBuf>,
    /// How user policies are evaluated beside the built-in pack; the hook always uses the
    /// default ([`hookward_policy::UserEval::Split`]). The equivalence tests set `Combined`.
    pub user_eval: hookward_policy::UserEval,
}

/// One hook payload judged by the hook's own steps 1–4 and 6 ([`HookRun`]'s parse, config,
/// decision, abilities, render), for `hookward policy eval`. Nothing is recorded and the
/// context guard does not run (it observes and writes the ledger; it never changes a
/// decision).
#[derive(Debug, Clone)]
pub struct Evaluated {
    /// The parsed event.
    pub event: Event,
    /// The configuration in force for it.
    pub config: Config,
    /// Steps 2–3; `None` on events the hook does not consult the policy on.
    pub decided: Option<Decided>,
    /// What this agent is told (step 4).
    pub response: Response,
    /// The agent's reply (step 6).
    pub reply: Reply,
    /// The health events the hook would raise.
    pub health: Vec<HealthEvent>,
}

/// Judges `stdin` as the hook of `env.agent` would ([`Evaluated`]).
///
/// A payload that does not parse is read by the hook's raw-text fallback ([`recover`]) when
/// that finds a tool call the policy judges, with a `payload-recovered` health event, as the
/// hook does.
///
/// Errors: the payload does not parse and the raw text holds no such tool call, or the policy
/// failed (the hook would follow its fail mode).
pub fn evaluate(stdin: &[u8], env: &HookEnv, opts: &EvalOptions) -> Result<Evaluated, String> {
    let mut run = HookRun::new(env);
    let event = match run.parse(stdin) {
        Ok(event) => event,
        Err(error) => {
            let recovered = recover::Recovered::scan(stdin)
                .payload(env.agent)
                .and_then(|v| adapter_event(env, v).ok())
                .filter(needs_policy);
            let Some(event) = recovered else {
                return Err(error);
            };
            run.healths.push(health(
                HealthKind::PayloadRecovered,
                format!(
                    "the payload does not parse ({error}); its tool call was read from the raw text"
                ),
                json!({ "tool": event.tool.as_ref().map(|t| t.name.clone()) }),
                Some(&event),
                env.agent,
            ));
            event
        }
    };
    let config = load_config_from(
        env,
        &run.active,
        opts.user_config.as_deref(),
        event.project_dir.as_deref(),
        &mut run.healths,
    );
    let mut event = Arc::new(event);
    let decided = if needs_policy(&event) {
        // The ledger is read only when the store exists already: `policy eval` creates none.
        let mut store = env
            .store_path()
            .is_file()
            .then(|| LazyStore::new(env.store_path()));
        let cc = config_change_facts(env, &event, &config, store.as_mut(), &mut run.healths);
        Some(decide(
            &mut event,
            env,
            &config,
            cc,
            &mut run.healths,
            opts.user_eval,
            &run.active,
        )?)
    } else {
        None
    };
    let (facts, verdict) = match &decided {
        Some(d) => (Some(&d.facts), d.verdict.clone()),
        None => (None, Verdict::default()),
    };
    let response = abilities::respond(env.agent, &event, facts, &verdict, &config);
    let reply = render(env, &event, &response);
    Ok(Evaluated {
        event: Arc::unwrap_or_clone(event),
        config,
        decided,
        response,
        reply,
        health: run.healths,
    })
}

fn fail_reply(agent: Agent, mode: FailMode, gate: bool, forced: bool, what: &str) -> Reply {
    if mode == FailMode::Closed && gate && forced {
        let reason = format!(
            "hookward could not finish judging this tool call ({what}), so it is blocked: input \
             too large or too complex to judge is never let through. Split the command or the \
             write into smaller parts. A person can see the cause with `hookward events`."
        );
        (profile(agent).render_fail_closed)(&reason)
    } else if mode == FailMode::Closed && gate {
        // The agent (and so the model) reads this: it says what was refused and where a
        // person looks, never how to loosen the guard (that advice is in the health event,
        // [`fail_health`], which `hookward events` and `hookward doctor` show to the person).
        let reason = format!(
            "hookward could not check this tool call and is set to fail closed, so it is \
             blocked: {what}. A person can see the cause with `hookward events`."
        );
        (profile(agent).render_fail_closed)(&reason)
    } else {
        Reply::none()
    }
}

/// Set by [`set_one_shot`]: this process exits after its hook call.
static ONE_SHOT: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Marks this process as one that exits right after its one hook call (the `hookward hook`
/// command). The policy a call loaded (a deserialized Rego program: thousands of small
/// allocations) is then left to the operating system at exit instead of being freed piece by
/// piece, which cost 0.6–0.8 M instructions per call (callgrind, release, `PreToolUse` and
/// `UserPromptSubmit`, 2026-12-06), and its store is left open to the exit
/// ([`hookward_store::LazyStore::leave_open_at_exit`]). Never call it in a process that runs
/// many calls (the warm helper's server, tests): each call would leak its policy and store.
pub fn set_one_shot() {
    ONE_SHOT.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// Runs one hook call. Never panics; see the crate docs for the failure rules.
pub fn run_hook(stdin: &[u8], env: &HookEnv) -> HookOutcome {
    run_hook_input(stdin, None, env)
}

/// [`run_hook`] on a payload whose reading was cut short: `cut` says why (stdin stayed open
/// past the read deadline). The bytes read so far are judged as usual when they parse; the cut
/// is a `stdin-deadline` health event either way, and a payload that does not parse then says
/// so in its fail-mode reason.
pub fn run_hook_input(stdin: &[u8], cut: Option<&str>, env: &HookEnv) -> HookOutcome {
    run_hook_payload(Payload::Borrowed(stdin), cut, env)
}

/// [`run_hook_input`] on a payload the caller gives away (the hook process's stdin buffer),
/// parsed by [`hookward_core::wire::json_lossy_owned`]: its large strings are taken out and
/// unescaped in place (the largest one becomes its `String` in the same buffer), and all but
/// its first [`SNIFF_BYTES`] (what the panic path reads) are freed once it parsed into an
/// event, so a large tool response is held once, not as bytes, `serde_json`'s scratch and
/// parsed JSON at the same time (issue 15's peak-RSS bar). Same reply and records as
/// [`run_hook_input`].
pub fn run_hook_owned(stdin: Vec<u8>, cut: Option<&str>, env: &HookEnv) -> HookOutcome {
    run_hook_payload(Payload::Owned(stdin), cut, env)
}

/// How much of a payload the panic path reads to tell a gate event ([`sniff_gate`]): 64 KiB.
pub const SNIFF_BYTES: usize = 1 << 16;

/// The payload of one call, borrowed or owned (see [`run_hook_owned`]).
enum Payload<'a> {
    Borrowed(&'a [u8]),
    Owned(Vec<u8>),
}

impl Payload<'_> {
    fn bytes(&self) -> &[u8] {
        match self {
            Payload::Borrowed(b) => b,
            Payload::Owned(v) => v,
        }
    }
}

fn run_hook_payload(mut stdin: Payload<'_>, cut: Option<&str>, env: &HookEnv) -> HookOutcome {
    let mut run = HookRun::new(env);
    if let Some(why) = cut {
        run.healths.push(health(
            HealthKind::StdinDeadline,
            why.to_string(),
            json!({"bytes_read": stdin.bytes().len()}),
            None,
            env.agent,
        ));
    }
    let result =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run.main(&mut stdin, cut)));
    let outcome = match result {
        Ok(o) => o,
        Err(panic) => {
            let msg = panic_message(panic.as_ref());
            let gate = sniff_gate(stdin.bytes());
            let config = load_config(
                env,
                &run.active,
                env.project_dir.as_deref(),
                &mut Vec::new(),
            );
            let outcome = failed(
                &config,
                config.fail_mode,
                env,
                None,
                gate,
                format!("hookward panicked: {msg}"),
                run.start,
            );
            // Recording must not panic again; if it does, the reply still stands.
            run.learn = false;
            let fallback = outcome.clone();
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run.record(&config, outcome)
            }))
            .unwrap_or(fallback)
        }
    };
    if ONE_SHOT.load(std::sync::atomic::Ordering::Relaxed) {
        // the process exits after this call (see `set_one_shot`): its store is left to the
        // exit, not closed statement by statement
        run.store.leave_open_at_exit();
    }
    outcome
}

/// How a served call ended ([`run_hook_served`]).
#[derive(Debug)]
pub enum Served {
    /// The reply went out through the answer channel; the call was recorded.
    Answered {
        /// As [`HookOutcome::refresh_cost`].
        refresh_cost: bool,
    },
    /// The call panicked before any reply went out: nothing was answered or recorded, so the
    /// caller answers "failed" and the client runs the hook in-process (which judges, and
    /// records, the call itself).
    Panicked(String),
    /// The call panicked after its reply went out (while learning or recording); the journal
    /// copy of its record is left for the next fold.
    PanickedAfterReply(String),
    /// The reply could not be delivered (`send` returned `false`: the client had gone, past
    /// its deadline, and runs the call in-process, which records it): nothing was learned or
    /// recorded here, the call's open batch was rolled back and its journal copy removed, so
    /// the call is recorded once, by the client's fallback.
    Undelivered,
}

/// [`run_hook_input`] for the warm helper's server (issue 15): the same steps and the same
/// reply, but `send` gets the reply as soon as it is known, before the record step writes the
/// store (the pending record is first written to the [`journal`], so a server that dies in
/// between loses nothing), and a panic before the reply is returned instead of answered with
/// the fail mode ([`Served::Panicked`]). `send` returns whether the reply was delivered; when
/// it was not, the call is neither learned from nor recorded ([`Served::Undelivered`]).
pub fn run_hook_served(
    stdin: &[u8],
    cut: Option<&str>,
    env: &HookEnv,
    send: &mut dyn FnMut(&Reply) -> bool,
) -> Served {
    let mut run = HookRun::new(env);
    run.send = Some(send);
    if let Some(why) = cut {
        run.healths.push(health(
            HealthKind::StdinDeadline,
            why.to_string(),
            json!({"bytes_read": stdin.len()}),
            None,
            env.agent,
        ));
    }
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run.main(&mut Payload::Borrowed(stdin), cut)
    }));
    match result {
        Ok(o) => {
            if let Some(send) = run.send.take() {
                send(&o.reply); // every step records, so never reached; kept for safety
            }
            if run.undelivered {
                Served::Undelivered
            } else {
                Served::Answered {
                    refresh_cost: o.refresh_cost,
                }
            }
        }
        Err(panic) => {
            let msg = panic_message(panic.as_ref());
            if run.sent {
                Served::PanickedAfterReply(msg)
            } else {
                Served::Panicked(msg)
            }
        }
    }
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into())
}

/// Test-only faults, honoured only in debug builds (`cfg(debug_assertions)`): the warm helper's
/// tests make a call panic (`HOOKWARD_TEST_PANIC=1`), the server answer late
/// (`HOOKWARD_TEST_SLOW_REPLY=1`) or stop right after a reply
/// (`HOOKWARD_TEST_CRASH_AFTER_REPLY=1`). A release build ignores all three.
mod test_hooks {
    use super::HookEnv;

    fn on(env: &HookEnv, var: &str) -> bool {
        cfg!(debug_assertions) && env.vars.get(var).is_some_and(|v| v == "1")
    }

    pub(super) fn panic_in_call(env: &HookEnv) {
        if on(env, "HOOKWARD_TEST_PANIC") {
            panic!("HOOKWARD_TEST_PANIC is set (debug build)");
        }
    }

    /// `HOOKWARD_TEST_SLOW_REPLY=1`: a served call waits 3 s before its reply (past the
    /// client's 2 s budget, so the client has gone and answers in-process).
    pub(super) fn slow_reply(env: &HookEnv) {
        if on(env, "HOOKWARD_TEST_SLOW_REPLY") {
            std::thread::sleep(std::time::Duration::from_secs(3));
        }
    }

    pub(super) fn crash_after_reply(env: &HookEnv) {
        if on(env, "HOOKWARD_TEST_CRASH_AFTER_REPLY") {
            std::process::exit(86);
        }
    }
}

/// One hook call: the process environment, its clock, the health events raised so far and
/// the call's store, opened by the first step that needs it (the context guard, else the
/// record step; never on a call that records nothing). [`HookRun::main`] runs the steps in
/// the order of ARCHITECTURE.md's map, each a small named function.
struct HookRun<'a> {
    env: &'a HookEnv,
    start: Instant,
    healths: Vec<HealthEvent>,
    store: LazyStore,
    /// `active.json`, read once for the configuration and the policy bundle.
    active: ActiveRecord,
    /// A served call's answer channel ([`run_hook_served`]): called once with the reply
    /// before the record step writes the store.
    send: Option<&'a mut dyn FnMut(&Reply) -> bool>,
    /// A served call's reply could not be delivered (the client had gone).
    undelivered: bool,
    /// The reply went out through `send`.
    sent: bool,
    /// The lessons step still has to learn from this call (in [`HookRun::record`]).
    learn: bool,
}

impl<'a> HookRun<'a> {
    fn new(env: &'a HookEnv) -> HookRun<'a> {
        HookRun {
            env,
            start: Instant::now(),
            healths: Vec::new(),
            store: LazyStore::new(env.store_path()),
            active: ActiveRecord::read(env),
            send: None,
            undelivered: false,
            sent: false,
            learn: false,
        }
    }

    /// Steps 1–7 of one call whose payload is `stdin`.
    fn main(&mut self, stdin: &mut Payload<'_>, cut: Option<&str>) -> HookOutcome {
        test_hooks::panic_in_call(self.env);
        let parsed = match stdin {
            Payload::Borrowed(b) => self.parse(b),
            Payload::Owned(v) => self.parse_owned(v),
        };
        let event = match parsed {
            Ok(e) => e,
            Err(e) => return self.unparsed(stdin.bytes(), cut, e),
        };
        // Shared with the facts' worker thread, not copied (see `facts_within_budget`).
        let mut event = Arc::new(event);
        self.env.trace("parse", self.start);
        let t = Instant::now();
        let config = load_config(
            self.env,
            &self.active,
            event.project_dir.as_deref(),
            &mut self.healths,
        );
        self.env.trace("config", t);
        let (verdict, facts) = if needs_policy(&event) {
            let cc = config_change_facts(
                self.env,
                &event,
                &config,
                Some(&mut self.store),
                &mut self.healths,
            );
            match decide(
                &mut event,
                self.env,
                &config,
                cc,
                &mut self.healths,
                hookward_policy::UserEval::default(),
                &self.active,
            ) {
                Ok(d) => (d.verdict, Some(d.facts)),
                Err(e) => {
                    let gate = is_gate(&event.kind);
                    let what = format!("policy failed: {e}");
                    let mode = fail_mode_for(&config, &e);
                    let outcome = failed(
                        &config,
                        mode,
                        self.env,
                        Some(Arc::unwrap_or_clone(event)),
                        gate,
                        what,
                        self.start,
                    );
                    return self.record(&config, outcome);
                }
            }
        } else {
            (Verdict::default(), None)
        };
        let mut response =
            abilities::respond(self.env.agent, &event, facts.as_ref(), &verdict, &config);
        let denied = verdict.decision == Some(Decision::Deny);
        self.guard(&event, facts.as_ref(), &config, denied, &mut response);
        let t = Instant::now();
        lessons::deliver(
            self.env,
            &event,
            &config,
            &verdict,
            &mut response,
            &mut self.store,
            &mut self.healths,
        );
        budget::notice(self.env, &event, &config, &verdict, &mut response);
        let refresh_cost = budget::wants_refresh(&event, &config);
        let reply = render(self.env, &event, &response);
        // learning changes no reply: a served call learns after its answer went out
        self.learn = true;
        self.env.trace("lessons", t);
        let outcome = HookOutcome {
            reply,
            event: Some(Arc::unwrap_or_clone(event)),
            facts,
            verdict,
            response,
            health: Vec::new(),
            record_id: None,
            elapsed_us: self.start.elapsed().as_micros() as u64,
            refresh_cost,
        };
        self.record(&config, outcome)
    }

    /// Step 1: the payload as JSON (repaired where needed, a `payload-repaired` health
    /// event then) and the adapter's event.
    fn parse(&mut self, stdin: &[u8]) -> Result<Event, String> {
        let parsed = hookward_core::wire::json_lossy_noted(stdin).map_err(|e| e.to_string())?;
        self.event_of(parsed)
    }

    /// [`HookRun::parse`] of a payload given away ([`run_hook_owned`]): once it parsed into
    /// an event, `stdin` keeps only its first [`SNIFF_BYTES`]; when it does not, `stdin` is
    /// unchanged for [`HookRun::unparsed`].
    fn parse_owned(&mut self, stdin: &mut Vec<u8>) -> Result<Event, String> {
        let parsed = hookward_core::wire::json_lossy_owned(
            stdin,
            SNIFF_BYTES,
            &hookward_core::wire::has_event_name,
        )
        .map_err(|e| e.to_string())?;
        self.event_of(parsed)
    }

    /// The adapter's event of a parsed payload, with a `payload-repaired` health event when
    /// it was repaired.
    fn event_of(
        &mut self,
        (value, repairs): (Value, hookward_core::wire::Repairs),
    ) -> Result<Event, String> {
        let event = adapter_event(self.env, value)?;
        if repairs.any() {
            self.healths.push(health(
                HealthKind::PayloadRepaired,
                format!(
                    "the payload was judged after a repair: {}",
                    repairs.words().join(", ")
                ),
                json!({}),
                Some(&event),
                self.env.agent,
            ));
        }
        Ok(event)
    }

    /// Step 5: the context guard ([`hookward_context::hook::run`]), which may open the store.
    fn guard(
        &mut self,
        event: &Event,
        facts: Option<&Facts>,
        config: &Config,
        denied: bool,
        response: &mut Response,
    ) {
        let t = Instant::now();
        let step = hookward_context::hook::StepEnv {
            home: &self.env.home,
            hookward_home: &self.env.hookward_home,
            project_dir: self.env.project_dir.as_deref(),
            agent: self.env.agent,
            budget: time_budget(config, self.env),
            trace: &|step: &str, t: Instant| self.env.trace(step, t),
        };
        hookward_context::hook::run(
            &step,
            event,
            facts,
            config,
            denied,
            response,
            &mut self.store,
            &mut self.healths,
        );
        self.env.trace("context", t);
    }

    /// A payload that does not parse: the raw-text fallback ([`recover`]) judges what it can
    /// read of the call; a deny or ask found that way is answered as usual, anything else
    /// follows the fail mode. Both are recorded with a `payload-recovered` health event.
    fn unparsed(&mut self, stdin: &[u8], cut: Option<&str>, error: String) -> HookOutcome {
        let (env, start) = (self.env, self.start);
        let config = load_config(
            env,
            &self.active,
            env.project_dir.as_deref(),
            &mut self.healths,
        );
        let found = recover::Recovered::scan(stdin);
        // An empty stdin that ended (a hand-run `hookward hook`) is no tool call; one that
        // stayed open past the deadline may be a gate whose payload never came.
        let empty = stdin.iter().all(u8::is_ascii_whitespace);
        let gate = found.may_be_gate(stdin) && !(empty && cut.is_none());
        let what = match cut {
            Some(why) => format!("hook payload incomplete ({why}): {error}"),
            None => format!("hook payload rejected: {error}"),
        };
        if let Some(event) = found
            .payload(env.agent)
            .and_then(|v| adapter_event(env, v).ok())
            .filter(needs_policy)
        {
            let mut event = Arc::new(event);
            let decided = decide(
                &mut event,
                env,
                &config,
                None,
                &mut self.healths,
                hookward_policy::UserEval::default(),
                &self.active,
            );
            let mode = match &decided {
                Err(e) => fail_mode_for(&config, e),
                Ok(_) => config.fail_mode,
            };
            let objection = decided
                .as_ref()
                .ok()
                .and_then(|d| d.verdict.decision)
                .filter(|d| *d != Decision::Allow);
            self.healths.push(health(
                HealthKind::PayloadRecovered,
                format!(
                    "the payload does not parse ({error}); its tool call was read from the raw text and judged: {}",
                    decision_word(objection)
                ),
                json!({
                    "tool": event.tool.as_ref().map(|t| t.name.clone()),
                    "commands": found.commands.len(),
                }),
                Some(&event),
                env.agent,
            ));
            if let (Some(_), Ok(d)) = (objection, decided) {
                let response =
                    abilities::respond(env.agent, &event, Some(&d.facts), &d.verdict, &config);
                let reply = render(env, &event, &response);
                let outcome = HookOutcome {
                    reply,
                    event: Some(Arc::unwrap_or_clone(event)),
                    facts: Some(d.facts),
                    verdict: d.verdict,
                    response,
                    health: Vec::new(),
                    record_id: None,
                    elapsed_us: start.elapsed().as_micros() as u64,
                    refresh_cost: false,
                };
                return self.record(&config, outcome);
            }
            let outcome = failed(
                &config,
                mode,
                env,
                Some(Arc::unwrap_or_clone(event)),
                true,
                what,
                start,
            );
            return self.record(&config, outcome);
        }
        let outcome = failed(&config, config.fail_mode, env, None, gate, what, start);
        self.record(&config, outcome)
    }

    /// Step 7: [`record`] into the call's store. A served call ([`run_hook_served`]) answers
    /// first: its pending record goes to the journal ([`journal`]), the reply out, then the
    /// lessons step learns and the record is written (and the journal copy marked done). A hook
    /// process learns and records before it prints, as before.
    fn record(&mut self, config: &Config, outcome: HookOutcome) -> HookOutcome {
        let pending = match self.send.take() {
            Some(send) => {
                let entry = journal::Entry {
                    decision: config
                        .record
                        .then(|| decision_record(self.env.agent, &outcome)),
                    health: self
                        .healths
                        .iter()
                        .chain(outcome.health.iter())
                        .cloned()
                        .collect(),
                };
                let written = (entry.decision.is_some() || !entry.health.is_empty())
                    .then(|| journal::write(&self.env.hookward_home, &entry))
                    .flatten();
                test_hooks::slow_reply(self.env);
                let delivered = send(&outcome.reply);
                self.sent = true;
                if !delivered {
                    // the client gave up (its deadline passed) and runs the call in-process,
                    // which learns and records it: here the call leaves no trace, or it would
                    // be recorded twice
                    self.undelivered = true;
                    self.learn = false;
                    if let Some(pending) = written {
                        pending.release();
                    }
                    if self.store.is_open() {
                        if let Ok(store) = self.store.get() {
                            store.rollback_batch();
                        }
                    }
                    return outcome;
                }
                test_hooks::crash_after_reply(self.env);
                written
            }
            None => None,
        };
        if std::mem::take(&mut self.learn) {
            if let Some(event) = &outcome.event {
                lessons::learn(
                    self.env,
                    event,
                    config,
                    &outcome.verdict,
                    &mut self.store,
                    &mut self.healths,
                );
            }
        }
        let served = self.sent;
        let out = record(
            self.env,
            config,
            outcome,
            &mut self.healths,
            &mut self.store,
        );
        if let Some(pending) = pending {
            // a decision the store did not take stays in the journal (the slot dropped, not
            // released), folded later (by the next server, or an in-process hook once this
            // server is gone)
            if !config.record || out.record_id.is_some() {
                pending.release();
            }
        }
        if !served && journal::has_orphans(&self.env.hookward_home) {
            // a warm helper stopped between an answer and its record: this in-process hook
            // folds what it left (the next server would too; whichever comes first)
            if let Ok(store) = self.store.get() {
                journal::fold_into(&self.env.hookward_home, store);
            }
        }
        out
    }
}

/// The outcome of a call hookward could not complete: the fail-mode reply, an internal-error
/// health event saying `what`, and the fail-open/closed event.
fn failed(
    config: &Config,
    mode: FailMode,
    env: &HookEnv,
    event: Option<Event>,
    gate: bool,
    what: String,
    start: Instant,
) -> HookOutcome {
    let forced = mode != config.fail_mode;
    let h = vec![
        health(
            HealthKind::InternalError,
            what.clone(),
            json!({}),
            event.as_ref(),
            env.agent,
        ),
        fail_health(mode, gate, forced, env.agent),
    ];
    HookOutcome {
        reply: fail_reply(env.agent, mode, gate, forced, &what),
        event,
        facts: None,
        verdict: Verdict::default(),
        response: Response::default(),
        health: h,
        record_id: None,
        elapsed_us: start.elapsed().as_micros() as u64,
        refresh_cost: false,
    }
}

/// The fail mode for a call [`decide`] could not judge: closed when the input itself made it
/// fail ([`DecideError::input_driven`]), else the config's `fail_mode`.
fn fail_mode_for(config: &Config, e: &DecideError) -> FailMode {
    if e.input_driven {
        FailMode::Closed
    } else {
        config.fail_mode
    }
}

fn fail_health(mode: FailMode, gate: bool, forced: bool, agent: Agent) -> HealthEvent {
    let (kind, msg) = if mode == FailMode::Closed && gate && forced {
        (
            HealthKind::FailClosed,
            "the tool call was blocked because hookward could not finish judging its input (input it cannot judge is blocked whatever fail_mode says)",
        )
    } else if mode == FailMode::Closed && gate {
        (
            HealthKind::FailClosed,
            "the tool call was blocked because hookward failed (fail_mode = closed); fix the cause \
             (`hookward doctor`), or set fail_mode = \"open\" in ~/.hookward/config.toml to let \
             calls through when hookward fails",
        )
    } else {
        (
            HealthKind::FailOpen,
            "the agent proceeded without a decision because hookward failed",
        )
    };
    health(kind, msg.to_string(), json!({}), None, agent)
}

/// Step 1 for `env.agent`: the profile's `event_of` over a parsed payload.
fn adapter_event(env: &HookEnv, value: Value) -> Result<Event, String> {
    let wire_env = hookward_core::wire::Env {
        project_dir: env.project_dir.clone(),
    };
    (profile(env.agent).event_of)(value, &wire_env).map_err(|e| e.to_string())
}

/// Step 6 for `env.agent`.
fn render(env: &HookEnv, event: &Event, response: &Response) -> Reply {
    (profile(env.agent).render)(event, response)
}

/// Whether a health event repeats on every call while a file stays broken
/// ([`HealthKind::repeats`]).
fn repeating(h: &HealthEvent) -> bool {
    HealthKind::parse(&h.kind).is_some_and(HealthKind::repeats)
}

/// How often a repeating health event is recorded again (10 minutes, in ms).
const REPEAT_MS: i64 = 10 * 60 * 1000;

/// Decision retention (`store.keep_decisions`): at a session start, and only then, deletes at
/// most [`hookward_store::PRUNE_BATCH`] decisions the setting no longer keeps, so every
/// session start costs a bounded amount and a backlog is worked off over several sessions.
/// A failure is a health event; the reply is never changed.
fn prune(config: &Config, store: &Store, outcome: &mut HookOutcome, env: &HookEnv) {
    const DAY_MS: i64 = 86_400_000;
    let keep = match config.keep_decisions {
        KeepDecisions::All => return,
        KeepDecisions::Days(d) => Retention::Since(now_ms() - i64::from(d) * DAY_MS),
        KeepDecisions::Rows(n) => Retention::Newest(n),
    };
    if let Err(e) = store.prune_decisions(keep, hookward_store::PRUNE_BATCH) {
        outcome.health.push(health(
            HealthKind::StoreError,
            format!("could not prune old decisions (store.keep_decisions): {e}"),
            json!({}),
            outcome.event.as_ref(),
            env.agent,
        ));
    }
}

/// Step 7: writes the decision and health events to `store` (opening it when no earlier
/// step did; when it cannot be opened, the health events and the failure go to the fallback
/// file). Never changes the reply.
fn record(
    env: &HookEnv,
    config: &Config,
    mut outcome: HookOutcome,
    earlier: &mut Vec<HealthEvent>,
    store: &mut LazyStore,
) -> HookOutcome {
    outcome.health.splice(0..0, earlier.drain(..));
    if !config.record && outcome.health.is_empty() {
        // a batch an earlier step left open (the lessons step's turn and deliveries)
        if store.is_open() {
            if let Ok(s) = store.get() {
                let _ = s.commit_batch();
            }
        }
        return outcome;
    }
    let path = env.store_path();
    let fallback = hookward_store::fallback_health_path(&path);
    let t = Instant::now();
    let _trace = TraceOnDrop(env, "record", t);
    match store.get() {
        Ok(store) => {
            if store.was_created() {
                outcome.health.push(health(
                    HealthKind::StoreCreated,
                    format!("created the store at {}", path.display()),
                    json!({}),
                    outcome.event.as_ref(),
                    env.agent,
                ));
            }
            if config.record {
                let rec = decision_record(env.agent, &outcome);
                match store.record_decision(&rec) {
                    Ok(id) => outcome.record_id = Some(id),
                    Err(e) => outcome.health.push(health(
                        HealthKind::StoreError,
                        format!("could not record the decision: {e}"),
                        json!({}),
                        outcome.event.as_ref(),
                        env.agent,
                    )),
                }
            }
            // the batch an earlier step left open (the lessons step's turn and deliveries)
            // commits with the decision: one commit per call
            if store.in_batch() {
                if let Err(e) = store.commit_batch() {
                    let h = health(
                        HealthKind::StoreError,
                        format!("could not record the decision: {e}"),
                        json!({}),
                        outcome.event.as_ref(),
                        env.agent,
                    );
                    // rolled back: the decision is not recorded
                    outcome.record_id = None;
                    outcome.health.push(h);
                }
            }
            let kind = outcome.event.as_ref().map(|e| e.kind.clone());
            if kind == Some(EventKind::SessionStart) {
                prune(config, store, &mut outcome, env);
            }
            if matches!(kind, Some(EventKind::SessionStart | EventKind::Stop)) {
                // The WAL checkpoint's fsyncs are paid here, where no tool call waits
                // (hookward_store::WAL_TRUNCATE_BYTES); other events only past WAL_CAP_BYTES.
                store.upkeep();
            }
            // A broken user policy or config is reported on the first call and then at most
            // every REPEAT_MS, not on every tool call. An acknowledged event does not count:
            // the person said the cause was fixed, so the next occurrence is news.
            let recent: Vec<String> = if outcome.health.iter().any(repeating) {
                store
                    .health_events(Some(now_ms() - REPEAT_MS), 200)
                    .map(|rows| {
                        rows.into_iter()
                            .filter(|r| r.acked_ms.is_none())
                            .map(|r| r.event.message)
                            .collect()
                    })
                    .unwrap_or_default()
            } else {
                Vec::new()
            };
            for h in &outcome.health {
                if repeating(h) && recent.contains(&h.message) {
                    continue;
                }
                if store.record_health(h).is_err() {
                    let _ = hookward_store::append_fallback_health(&fallback, h);
                }
            }
        }
        Err(e) => {
            let kind = if matches!(e, hookward_store::StoreError::Damaged { .. }) {
                HealthKind::StoreDamaged
            } else {
                HealthKind::StoreError
            };
            outcome.health.push(health(
                kind,
                format!("the store could not be opened, this call was not recorded: {e}"),
                json!({"path": path.display().to_string()}),
                outcome.event.as_ref(),
                env.agent,
            ));
            for h in &outcome.health {
                let _ = hookward_store::append_fallback_health(&fallback, h);
            }
        }
    }
    outcome
}

fn decision_record(agent: Agent, o: &HookOutcome) -> DecisionRecord {
    let (event_name, tool, tool_kind, session, cwd, input) = match &o.event {
        Some(e) => (
            e.kind.name().to_string(),
            e.tool.as_ref().map(|t| t.name.clone()),
            e.tool.as_ref().map(|t| t.kind.as_str().to_string()),
            e.session_id.clone(),
            e.cwd.clone(),
            e.tool
                .as_ref()
                .map(|t| t.input.clone())
                .or_else(|| e.prompt.clone().map(|p| json!({"prompt": p})))
                .unwrap_or(Value::Null),
        ),
        None => ("(unparsed)".into(), None, None, None, None, Value::Null),
    };
    DecisionRecord {
        ts_ms: now_ms(),
        agent: agent.as_str().to_string(),
        event: event_name,
        tool,
        tool_kind,
        session,
        cwd,
        input,
        facts: o
            .facts
            .as_ref()
            .and_then(|f| serde_json::to_value(f).ok())
            .unwrap_or(Value::Null),
        decision: o.verdict.decision.map(|d| d.as_str().to_string()),
        reply: if o.reply.exit_code == 2 {
            "fail-closed".into()
        } else {
            o.response.summary().to_string()
        },
        rule_ids: o.verdict.candidates.iter().map(|c| c.id.clone()).collect(),
        reasons: o
            .verdict
            .candidates
            .iter()
            .map(|c| c.reason.clone())
            .collect(),
        elapsed_us: o.elapsed_us as i64,
        agent_id: o.event.as_ref().and_then(|e| e.agent_id.clone()),
        agent_type: o.event.as_ref().and_then(|e| e.agent_type.clone()),
    }
}

/// The decision hookward took, as a word for people (`deny`, `ask`, `allow`, `no opinion`).
pub fn decision_word(d: Option<Decision>) -> &'static str {
    d.map(Decision::as_str).unwrap_or("no opinion")
}

#[cfg(test)]
mod fail_mode_tests {
    use super::*;

    fn env() -> HookEnv {
        HookEnv {
            agent: Agent::ClaudeCode,
            home: PathBuf::from("/nonexistent-home"),
            hookward_home: PathBuf::from("/nonexistent-home/.hookward"),
            project_dir: None,
            vars: BTreeMap::new(),
            policy_dirs: Vec::new(),
        }
    }

    /// An evaluation that the input stopped fails closed even with `fail_mode = "open"`; a
    /// set-up failure (the policy does not load) follows the config.
    #[test]
    fn input_driven_failures_block_a_gate_whatever_the_fail_mode() {
        let config = Config {
            fail_mode: FailMode::Open,
            ..Config::default()
        };
        let input = DecideError {
            what: "policy evaluation failed: instruction limit".into(),
            input_driven: true,
        };
        let setup = DecideError {
            what: "user policy dir unreadable".into(),
            input_driven: false,
        };
        assert_eq!(fail_mode_for(&config, &input), FailMode::Closed);
        assert_eq!(fail_mode_for(&config, &setup), FailMode::Open);
        let env = env();
        let blocked = failed(
            &config,
            fail_mode_for(&config, &input),
            &env,
            None,
            true,
            input.what.clone(),
            Instant::now(),
        );
        let text = format!(
            "{}{}",
            blocked.reply.stdout.clone().unwrap_or_default(),
            blocked.reply.stderr.clone().unwrap_or_default()
        );
        assert_eq!(blocked.reply.exit_code, 2, "{:?}", blocked.reply);
        assert!(text.contains("could not finish judging"), "{text}");
        assert!(
            blocked
                .health
                .iter()
                .any(|h| h.kind == HealthKind::FailClosed.as_str()),
            "{:?}",
            blocked.health
        );
        let open = failed(
            &config,
            fail_mode_for(&config, &setup),
            &env,
            None,
            true,
            setup.what.clone(),
            Instant::now(),
        );
        assert_eq!(open.reply.exit_code, 0, "{:?}", open.reply);
        assert!(
            open.reply.stdout.as_deref().unwrap_or("").trim().is_empty(),
            "{:?}",
            open.reply
        );
    }

    /// Every agent's fail-closed reply reaches the model: it says what was refused and that a
    /// person can look with `hookward events`, never how to loosen the guard; that advice is
    /// in the `fail-closed` health event only (newcomer report, h-fix18 item 2).
    #[test]
    fn a_fail_closed_reply_never_tells_the_agent_how_to_loosen_the_guard() {
        let config = Config {
            fail_mode: FailMode::Closed,
            ..Config::default()
        };
        for agent in Agent::ALL {
            let env = HookEnv { agent, ..env() };
            for mode in [FailMode::Closed, FailMode::Open] {
                let c = Config {
                    fail_mode: mode,
                    ..config.clone()
                };
                let o = failed(
                    &c,
                    FailMode::Closed,
                    &env,
                    None,
                    true,
                    "hook payload rejected: expected value".into(),
                    Instant::now(),
                );
                let text = format!(
                    "{}{}",
                    o.reply.stdout.clone().unwrap_or_default(),
                    o.reply.stderr.clone().unwrap_or_default()
                );
                assert!(text.contains("blocked"), "{agent:?}: {text}");
                assert!(text.contains("`hookward events`"), "{agent:?}: {text}");
                for loosen in ["fail_mode", "config.toml", "\"open\""] {
                    assert!(!text.contains(loosen), "{agent:?}: {text}");
                }
                let h = o
                    .health
                    .iter()
                    .find(|h| h.kind == HealthKind::FailClosed.as_str())
                    .unwrap_or_else(|| panic!("{:?}", o.health));
                if mode == FailMode::Closed {
                    assert!(h.message.contains("fail_mode = \"open\""), "{}", h.message);
                }
            }
        }
    }
}
