//! `hookward log` and `hookward events`.

use crate::util::{self, fmt_ts, CliResult};
use clap::Args;
use hookward_store::{DecisionQuery, Store};
use std::process::ExitCode;

#[derive(Args)]
pub struct LogArgs {
    /// Only this session id.
    #[arg(long)]
    session: Option<String>,
    /// Only this decision: allow, ask, deny or none.
    #[arg(long, value_parser = ["allow", "ask", "deny", "none"])]
    decision: Option<String>,
    /// At most this many rows.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Print as JSON (one array).
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
pub struct EventsArgs {
    /// At most this many rows.
    #[arg(long, default_value_t = 50)]
    limit: usize,
    /// Print as JSON (one array).
    #[arg(long)]
    json: bool,
}

fn open() -> Result<Store, String> {
    let path = util::home()?.join("state.db");
    Store::open_existing(&path).map_err(|e| e.to_string())
}

fn short(s: &str, n: usize) -> String {
    let one_line = s.replace('\n', " ");
    if one_line.chars().count() <= n {
        one_line
    } else {
        format!("{}…", one_line.chars().take(n).collect::<String>())
    }
}

pub fn run_log(args: LogArgs) -> CliResult {
    let store = open()?;
    let rows = store
        .decisions(&DecisionQuery {
            session: args.session,
            decision: args.decision,
            agent: None,
            since_ms: None,
            limit: args.limit,
        })
        .map_err(|e| e.to_string())?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if rows.is_empty() {
        println!("no decisions recorded yet");
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
        println!(
            "{:6} {} {:11} {:18} {:10} {:10} {}",
            r.display_id(),
            fmt_ts(rec.ts_ms),
            rec.agent,
            rec.event,
            rec.tool.as_deref().unwrap_or("-"),
            rec.decision.as_deref().unwrap_or("-"),
            short(what, 60)
        );
        if let (Some(id), Some(reason)) = (rec.rule_ids.first(), rec.reasons.first()) {
            println!("       [{id}] {}", short(reason, 110));
        }
    }
    Ok(ExitCode::SUCCESS)
}

pub fn run_events(args: EventsArgs) -> CliResult {
    let home = util::home()?;
    let path = home.join("state.db");
    let mut rows: Vec<serde_json::Value> = Vec::new();
    match Store::open_existing(&path) {
        Ok(store) => {
            for r in store
                .health_events(None, args.limit)
                .map_err(|e| e.to_string())?
            {
                rows.push(serde_json::to_value(&r).map_err(|e| e.to_string())?);
            }
        }
        Err(e) => eprintln!("hookward: {e}"),
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
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    if rows.is_empty() {
        println!("no health events");
    }
    for r in &rows {
        println!(
            "{} {:20} {}",
            fmt_ts(r.get("ts_ms").and_then(|t| t.as_i64()).unwrap_or(0)),
            r.get("kind").and_then(|k| k.as_str()).unwrap_or(""),
            r.get("message").and_then(|k| k.as_str()).unwrap_or("")
        );
    }
    Ok(ExitCode::SUCCESS)
}
