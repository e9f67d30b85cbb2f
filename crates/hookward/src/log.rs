//! `hookward log` and `hookward events`.

use crate::util::{self, fmt_ts, CliResult};
use clap::Args;
use hookward_store::{DecisionQuery, SessionQuery, Store};
use std::process::ExitCode;

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct LogArgs {
    #[command(subcommand)]
    command: Option<LogCommand>,
    /// Only this session id.
    #[arg(long)]
    session: Option<String>,
    /// Only this decision: allow, ask, deny or none.
    #[arg(long, value_parser = ["allow", "ask", "deny", "none"])]
    decision: Option<String>,
    /// Only calls of this tool: its name as the agent sent it (`Bash`, `mcp__github__create_issue`)
    /// or its kind (`shell`, `file_read`, `file_write`, `web_fetch`, `mcp`).
    #[arg(long)]
    tool: Option<String>,
    /// Only decisions where a rule whose id matches this glob fired (`shell/*`, `*exfil*`;
    /// `*` any run of characters, `?` one).
    #[arg(long, value_name = "GLOB")]
    rule: Option<String>,
    /// Only decisions since: a duration back from now (2h, 7d, 30m, 45s, 2w) or an RFC 3339
    /// time (2026-12-02T18:00:00Z).
    #[arg(long, value_name = "WHEN")]
    since: Option<String>,
    /// Only this agent's decisions.
    #[arg(long, value_enum)]
    agent: Option<crate::AgentArg>,
    /// The next page: the decisions listed after this one (`D123`, the last of the previous
    /// page), with the same filters.
    #[arg(long, value_name = "ID")]
    after: Option<String>,
    /// At most this many rows.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Print as JSON: `{"schema_version": 1, "items": [...]}`, one object per row.
    #[arg(long)]
    json: bool,
    /// Include the decisions `hookward doctor`'s canary produced (hidden by default).
    #[arg(long)]
    canary: bool,
}

/// `hookward log` subcommands.
#[derive(clap::Subcommand)]
pub enum LogCommand {
    /// One line per agent session: its first and last call, the agent, and the calls per
    /// decision (most recently active first).
    Sessions {
        /// Only decisions since (2h, 7d, or an RFC 3339 time).
        #[arg(long, value_name = "WHEN")]
        since: Option<String>,
        /// Only this agent's sessions.
        #[arg(long, value_enum)]
        agent: Option<crate::AgentArg>,
        /// At most this many sessions.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
        /// Count the decisions `hookward doctor`'s canary produced too.
        #[arg(long)]
        canary: bool,
    },
}

#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct EventsArgs {
    #[command(subcommand)]
    command: Option<EventsCommand>,
    /// At most this many rows.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Print as JSON: `{"schema_version": 1, "items": [...]}`, one object per row.
    #[arg(long)]
    json: bool,
}

/// `hookward events` subcommands.
#[derive(clap::Subcommand)]
pub enum EventsCommand {
    /// Acknowledges health events (E12 …, or --all): `hookward doctor` then stops failing on them.
    Ack {
        /// Event ids as `hookward events` shows them (`E12` or `12`).
        #[arg(required_unless_present = "all")]
        ids: Vec<String>,
        /// Every event not acknowledged yet, and the fallback file's (renamed aside).
        #[arg(long, conflicts_with = "ids")]
        all: bool,
        /// Print what was acknowledged as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// The store, or `None` on a fresh home (no store yet: nothing recorded, not an error).
fn open() -> Result<Option<Store>, String> {
    let path = util::home()?.join("state.db");
    match Store::open_existing(&path) {
        Ok(s) => Ok(Some(s)),
        Err(hookward_store::StoreError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

fn short(s: &str, n: usize) -> String {
    let one_line = s.replace('\n', " ");
    if one_line.chars().count() <= n {
        one_line
    } else {
        format!("{}…", one_line.chars().take(n).collect::<String>())
    }
}

/// The line `hookward log` prints under a decision that came from a sub-agent:
/// `sub-agent general-purpose a4e15673de191bf11` (type, then id; either may be missing). `None`
/// for the main agent (neither given).
fn subagent_line(agent_id: Option<&str>, agent_type: Option<&str>) -> Option<String> {
    match (agent_type, agent_id) {
        (None, None) => None,
        (t, id) => Some(format!(
            "sub-agent {} {}",
            short(t.unwrap_or("(type not given)"), 40),
            short(id.unwrap_or("(id not given)"), 40)
        )),
    }
}

/// `--since` as ms since the epoch.
fn since(s: Option<&str>) -> Result<Option<i64>, String> {
    s.map(|s| util::parse_since(s, hookward_context::now_ms()))
        .transpose()
}

pub fn run_log(args: LogArgs) -> CliResult {
    if let Some(LogCommand::Sessions {
        since: when,
        agent,
        limit,
        json,
        canary,
    }) = args.command
    {
        return sessions(
            &SessionQuery {
                agent: agent.map(|a| a.agent().as_str().to_string()),
                since_ms: since(when.as_deref())?,
                limit,
                with_canary: canary,
            },
            json,
        );
    }
    let filtered = args.session.is_some()
        || args.decision.is_some()
        || args.tool.is_some()
        || args.rule.is_some()
        || args.since.is_some()
        || args.agent.is_some()
        || args.after.is_some();
    let query = DecisionQuery {
        session: args.session,
        decision: args.decision,
        agent: args.agent.map(|a| a.agent().as_str().to_string()),
        since_ms: since(args.since.as_deref())?,
        tool: args.tool,
        rule: args.rule,
        after: args
            .after
            .as_deref()
            .map(|a| crate::context::parse_id(a, 'D'))
            .transpose()?,
        text: None,
        limit: args.limit,
        with_canary: args.canary,
    };
    let mut hidden_canary = 0;
    let rows = match open()? {
        Some(store) => {
            let rows = match store.decisions(&query) {
                Ok(rows) => rows,
                Err(hookward_store::StoreError::InvalidInput { value, .. }) => {
                    return crate::context::refuse(
                        args.json,
                        &format!(
                            "--after {value}: there is no such decision; `hookward log` shows the ids"
                        ),
                    )
                }
                Err(e) => return Err(e.to_string()),
            };
            // On a short last page, say how many of `hookward doctor`'s canary decisions the
            // default view left out (two bounded counts, so a large store is not scanned).
            if !args.canary && !args.json && rows.len() < args.limit {
                const CAP: u64 = 10_000;
                let with = DecisionQuery {
                    with_canary: true,
                    ..query.clone()
                };
                if let (Ok((all, true)), Ok((shown, true))) = (
                    store.count_decisions(&with, CAP),
                    store.count_decisions(&query, CAP),
                ) {
                    hidden_canary = all.saturating_sub(shown);
                }
            }
            rows
        }
        None if query.after.is_some() => {
            return crate::context::refuse(
                args.json,
                &format!(
                    "--after D{}: there is no such decision; nothing is recorded yet",
                    query.after.unwrap_or_default()
                ),
            )
        }
        None => Vec::new(),
    };
    if args.json {
        return crate::json::print(rows.iter().map(crate::json::decision).collect());
    }
    if rows.is_empty() {
        outln!(
            "{}",
            if filtered {
                "no decisions match"
            } else if hidden_canary > 0 {
                "no decisions recorded yet by the agents"
            } else {
                "no decisions recorded yet"
            }
        );
    }
    if !rows.is_empty() {
        outln!(
            "{:6} {:19} {:11} {:18} {:10} {:10} WHAT",
            "ID",
            "TIME (UTC)",
            "AGENT",
            "EVENT",
            "TOOL",
            "DECISION"
        );
    }
    for r in &rows {
        let rec = &r.record;
        let what = rec
            .input
            .get("command")
            .or_else(|| rec.input.get("file_path"))
            .or_else(|| rec.input.get("url"))
            .and_then(|v| v.as_str())
            .unwrap_or("");
        outln!(
            "{:6} {} {:11} {:18} {:10} {} {}",
            r.display_id(),
            fmt_ts(rec.ts_ms),
            rec.agent,
            rec.event,
            rec.tool.as_deref().unwrap_or("-"),
            crate::out::paint(
                &format!("{:10}", shown_decision(rec)),
                crate::out::decision_style(answered(rec))
            ),
            short(what, 60)
        );
        if let Some(line) = subagent_line(rec.agent_id.as_deref(), rec.agent_type.as_deref()) {
            outln!("       {line}");
        }
        if let (Some(id), Some(reason)) = (rec.rule_ids.first(), rec.reasons.first()) {
            outln!("       [{id}] {}", short(reason, 110));
        }
        if let Some(line) = unanswered_line(rec) {
            outln!("       {line}");
        }
    }
    if hidden_canary > 0 {
        outln!(
            "({hidden_canary} decision{} of `hookward doctor`'s canary hidden; --canary shows {})",
            if hidden_canary == 1 { "" } else { "s" },
            if hidden_canary == 1 { "it" } else { "them" }
        );
    }
    if let Some(last) = rows.last().filter(|_| rows.len() == args.limit) {
        outln!(
            "(the next page: the same command with --after {})",
            last.display_id()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// What the agent was answered, when it differs from the policy's decision: a `PreToolUse` ask
/// nobody could answer (Claude Code in `bypassPermissions`, an agent that cannot ask) followed
/// `ask_fallback` and went back as a deny (`reply` `"deny"`) or as nothing (`"none"`,
/// `ask_fallback = "record"`); a fail-closed block is `"fail-closed"`. `None` when the reply is
/// the decision itself (or the event has no gate).
fn answered_differently(rec: &hookward_store::DecisionRecord) -> Option<&str> {
    if rec.event != "PreToolUse" {
        return None;
    }
    let decision = rec.decision.as_deref().unwrap_or("none");
    match rec.reply.as_str() {
        r if r == decision => None,
        r @ ("deny" | "fail-closed") => Some(r),
        "none" if decision == "ask" => Some("none"),
        _ => None,
    }
}

/// The word whose colour the decision column takes: what the agent was answered.
fn answered(rec: &hookward_store::DecisionRecord) -> &str {
    match answered_differently(rec) {
        Some("none") => "allow",
        Some(_) => "deny",
        None => rec.decision.as_deref().unwrap_or("-"),
    }
}

/// The decision column: the policy's decision, then `→` and the agent's answer when they
/// differ (`ask→deny`: an ask nobody could answer, denied by `ask_fallback`).
fn shown_decision(rec: &hookward_store::DecisionRecord) -> String {
    let decision = rec.decision.as_deref().unwrap_or("-");
    match answered_differently(rec) {
        Some("none") => format!("{decision}→none"),
        Some(r) => format!("{decision}→{}", if r == "fail-closed" { "deny" } else { r }),
        None => decision.to_string(),
    }
}

/// The line under a decision whose answer differs from the policy's decision (see
/// [`answered_differently`]), saying why.
fn unanswered_line(rec: &hookward_store::DecisionRecord) -> Option<&'static str> {
    match (rec.decision.as_deref(), answered_differently(rec)?) {
        (_, "fail-closed") => {
            Some("(blocked: hookward could not finish judging the call and fails closed)")
        }
        (Some("ask"), "deny") => {
            Some("(nobody could answer the ask, so it was denied: ask_fallback = \"deny\")")
        }
        (Some("ask"), "none") => {
            Some("(nobody could answer the ask, so it went ahead: ask_fallback = \"record\")")
        }
        _ => None,
    }
}

/// `hookward log sessions`.
fn sessions(q: &SessionQuery, json_out: bool) -> CliResult {
    let rows = match open()? {
        Some(store) => store.sessions(q).map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    if json_out {
        return crate::json::print(
            rows.iter()
                .map(|r| serde_json::to_value(r).unwrap_or_default())
                .collect(),
        );
    }
    if rows.is_empty() {
        outln!("no sessions recorded");
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{:19} {:19} {:11} {:>5} {:>5} {:>5} {:>5} {:>5}  session",
        "start",
        "end",
        "agent",
        "calls",
        "deny",
        "ask",
        "allow",
        "none"
    );
    for r in &rows {
        let sub = if r.subagent_calls > 0 {
            format!(" ({} from sub-agents)", r.subagent_calls)
        } else {
            String::new()
        };
        outln!(
            "{} {} {:11} {:>5} {:>5} {:>5} {:>5} {:>5}  {}{sub}",
            fmt_ts(r.start_ms),
            fmt_ts(r.end_ms),
            r.agent,
            r.calls,
            r.deny,
            r.ask,
            r.allow,
            r.none,
            short(r.session.as_deref().unwrap_or("(no session id)"), 40)
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run_events(args: EventsArgs) -> CliResult {
    if let Some(EventsCommand::Ack { ids, all, json }) = args.command {
        return ack(&ids, all, json);
    }
    let home = util::home()?;
    let path = home.join("state.db");
    let mut rows: Vec<serde_json::Value> = Vec::new();
    // A damaged store is an environment error (exit 2), reported after the fallback file's
    // events, which are shown either way.
    let mut store_error = None;
    match Store::open_existing(&path) {
        Ok(store) => {
            for r in store
                .health_events(None, args.limit)
                .map_err(|e| e.to_string())?
            {
                rows.push(crate::json::health_event(&r));
            }
        }
        Err(hookward_store::StoreError::Missing { .. }) => {}
        Err(e) => store_error = Some(e.to_string()),
    }
    let fallback = hookward_store::fallback_health_path(&path);
    if let Ok(evs) = hookward_store::read_fallback_health(&fallback) {
        for e in evs {
            let mut v = serde_json::to_value(&e).map_err(|e| e.to_string())?;
            v["from"] = "fallback file".into();
            rows.push(v);
        }
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.get("ts_ms").and_then(|t| t.as_i64()).unwrap_or(0)));
    rows.truncate(args.limit);
    let code = match &store_error {
        Some(e) => {
            eprintln!("hookward: {e}");
            ExitCode::from(2)
        }
        None => ExitCode::SUCCESS,
    };
    if args.json {
        return crate::json::print_with(rows.into(), code);
    }
    if rows.is_empty() {
        outln!("no health events");
    } else {
        outln!("{:6} {:19} {:20} MESSAGE", "ID", "TIME (UTC)", "KIND");
    }
    for r in &rows {
        let id = r.get("id").and_then(|k| k.as_str()).unwrap_or("-");
        // Said before the message, which may run over several lines (a parser's error).
        let acked = if r.get("acked_ms").is_some_and(|a| !a.is_null()) {
            "(acknowledged) "
        } else {
            ""
        };
        let message = r.get("message").and_then(|k| k.as_str()).unwrap_or("");
        let mut lines = message.lines();
        outln!(
            "{id:6} {} {:20} {acked}{}",
            fmt_ts(r.get("ts_ms").and_then(|t| t.as_i64()).unwrap_or(0)),
            r.get("kind").and_then(|k| k.as_str()).unwrap_or(""),
            lines.next().unwrap_or("").trim_end()
        );
        // A message over several lines (a Rego parser's error with its source excerpt) is
        // indented under its event, as `hookward log` indents a decision's reason, so the
        // next event's id still starts a line of its own.
        for line in lines {
            outln!("       {}", line.trim_end());
        }
    }
    Ok(code)
}

/// Parses `E12` or `12`.
fn parse_event_id(s: &str) -> Result<i64, String> {
    let digits = s.strip_prefix(['E', 'e']).unwrap_or(s);
    digits
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| {
            format!(
                "`{s}` is not a health event id; give one as `hookward events` shows it, e.g. E12"
            )
        })
}

/// `hookward events ack`: marks events acknowledged; `--all` also sets the fallback file
/// aside (renamed to `health-fallback-acked-<ms>.jsonl`, kept for the record). Exit 1 for an
/// id that does not exist (a missing record, as `review C99`).
fn ack(ids: &[String], all: bool, json_out: bool) -> CliResult {
    let path = util::home()?.join("state.db");
    let parsed = ids
        .iter()
        .map(|s| parse_event_id(s))
        .collect::<Result<Vec<_>, _>>()?;
    let mut done = Vec::new();
    match open()? {
        Some(store) => {
            for id in &parsed {
                if !store.health_event_exists(*id).map_err(|e| e.to_string())? {
                    return crate::context::refuse(
                        json_out,
                        &format!("there is no health event E{id}; `hookward events` lists them"),
                    );
                }
            }
            done = store
                .ack_health(if all { None } else { Some(&parsed) })
                .map_err(|e| e.to_string())?;
        }
        None if !all => {
            return crate::context::refuse(
                json_out,
                &format!(
                    "there is no health event {}: nothing is recorded yet",
                    ids.first().map(String::as_str).unwrap_or("")
                ),
            )
        }
        None => {}
    }
    let mut fallback_moved = None;
    let fallback = hookward_store::fallback_health_path(&path);
    if all && fallback.is_file() {
        let aside = fallback.with_file_name(format!(
            "health-fallback-acked-{}.jsonl",
            hookward_sys::now_ms()
        ));
        std::fs::rename(&fallback, &aside)
            .map_err(|e| format!("cannot set {} aside: {e}", fallback.display()))?;
        fallback_moved = Some(aside);
    }
    let shown: Vec<String> = done.iter().map(|id| format!("E{id}")).collect();
    if json_out {
        return crate::json::print(serde_json::json!({
            "acknowledged": shown,
            "fallback_set_aside": fallback_moved.as_ref().map(|p| p.display().to_string()),
        }));
    }
    if shown.is_empty() {
        outln!("nothing to acknowledge");
    } else {
        outln!("acknowledged {}", shown.join(" "));
    }
    if let Some(p) = fallback_moved {
        outln!("fallback health file set aside: {}", p.display());
    }
    Ok(ExitCode::SUCCESS)
}
