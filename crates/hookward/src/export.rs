//! `hookward export run [--once]` and `hookward export status`: sends the store's decisions,
//! health events and audit entries to the receivers of `[export]` (OTLP/HTTP, RFC 5424 syslog)
//! with `hookward-export`, batch by batch, each sink from its own cursor in the store
//! (`hookward_store::Store::export_batch`, `advance_export_cursor`). The cursor moves only
//! after the receiver acknowledged a batch, so stopping the loop at any moment (Ctrl-C,
//! SIGTERM) or a receiver that goes away loses nothing: the batch is sent again on the next
//! round (at-least-once). A foreground process; never run by the hook.

use crate::util::{self, CliResult};
use clap::{Args, Subcommand};
use hookward_config::ExportShape;
use hookward_export::{otlp, syslog, ExportError, Record, Shape};
use hookward_store::{ExportCursor, Store};
use hookward_sys::now_ms;
use serde_json::json;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// `hookward export` subcommands (without one, `export` writes the change records).
#[derive(Subcommand)]
pub enum ExportCommand {
    /// Sends stored decisions, health events and audit entries to the `[export]` receivers,
    /// in a loop until stopped (Ctrl-C / SIGTERM; nothing is lost: delivery resumes from the
    /// cursor), or once with --once.
    Run(RunArgs),
    /// Shows each sink's cursor and how many records wait.
    Status {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Arguments of `hookward export run`.
#[derive(Args)]
pub struct RunArgs {
    /// Send everything waiting, then exit (exit 1 when a receiver could not take it).
    #[arg(long)]
    once: bool,
    /// Seconds between rounds, and before a failed batch is tried again.
    #[arg(long, default_value_t = 10)]
    interval: u64,
    /// Most records of each kind in one batch (one OTLP request, one TCP connection).
    #[arg(long, default_value_t = 200)]
    batch: usize,
}

/// Runs a `hookward export` subcommand.
pub fn run(cmd: ExportCommand) -> CliResult {
    match cmd {
        ExportCommand::Run(a) => run_loop(&a),
        ExportCommand::Status { json } => status(json),
    }
}

/// A configured receiver.
enum Sink {
    Otlp(String),
    Syslog(syslog::Target),
}

impl Sink {
    /// The cursor's name in the store.
    fn name(&self) -> &'static str {
        match self {
            Sink::Otlp(_) => "otlp",
            Sink::Syslog(_) => "syslog",
        }
    }

    fn target(&self) -> String {
        match self {
            Sink::Otlp(u) => u.clone(),
            Sink::Syslog(t) => t.to_string(),
        }
    }
}

fn sinks(cfg: &hookward_config::Config) -> Result<Vec<Sink>, String> {
    let mut v = Vec::new();
    if let Some(u) = &cfg.export.otlp_url {
        v.push(Sink::Otlp(otlp::endpoint(u).map_err(|e| e.to_string())?));
    }
    if let Some(s) = &cfg.export.syslog {
        v.push(Sink::Syslog(
            syslog::Target::parse(s)
                .map_err(|e| e.to_string())?
                .with_ca(cfg.export.syslog_ca.clone()),
        ));
    }
    if v.is_empty() {
        return Err("nothing to export to: set export.otlp_url and/or export.syslog in config.toml (README, \"Export to a log system\")".into());
    }
    Ok(v)
}

fn shape(cfg: &hookward_config::Config) -> Shape {
    match cfg.export.shape {
        ExportShape::Hookward => Shape::Hookward,
        ExportShape::Opa => Shape::Opa,
    }
}

/// Sends one batch of `sink` from its cursor; `Ok(n)` records delivered (0: caught up).
fn one_batch(
    store: &Store,
    sink: &Sink,
    shape: Shape,
    host: &str,
    batch: usize,
) -> Result<usize, String> {
    let cursor = store
        .export_cursor(sink.name())
        .map_err(|e| e.to_string())?;
    let b = store
        .export_batch(&cursor, batch)
        .map_err(|e| e.to_string())?;
    if b.is_empty() {
        return Ok(0);
    }
    let records = Record::all(&b);
    let sent: Result<(), ExportError> = match sink {
        Sink::Otlp(url) => {
            otlp::send(url, &otlp::request(&records, shape, host, now_ms())).map(|d| {
                if d.rejected > 0 {
                    eprintln!(
                        "hookward: export: {url} dropped {} record(s) as invalid{}",
                        d.rejected,
                        d.message.map(|m| format!(": {m}")).unwrap_or_default()
                    );
                }
            })
        }
        Sink::Syslog(t) => {
            let pid = std::process::id();
            let msgs: Vec<String> = records
                .iter()
                .map(|r| syslog::message(r, shape, host, pid))
                .collect();
            t.send(&msgs)
        }
    };
    sent.map_err(|e| e.to_string())?;
    let to: ExportCursor = b.cursor_after(&cursor);
    store.advance_export_cursor(sink.name(), &to).map_err(|e| {
        format!("delivered, but the cursor could not move (the batch will be sent again): {e}")
    })?;
    Ok(b.len())
}

fn run_loop(a: &RunArgs) -> CliResult {
    let cfg = util::load_config()?;
    let sinks = sinks(&cfg)?;
    let shape = shape(&cfg);
    let host = hookward_export::hostname();
    let path = util::home()?.join("state.db");
    let batch = a.batch.max(1);
    let interval = Duration::from_secs(a.interval.max(1));
    if !a.once {
        eprintln!(
            "hookward: exporting to {} every {}s; stop with Ctrl-C (nothing is lost: the next run resumes from the cursor)",
            sinks.iter().map(Sink::target).collect::<Vec<_>>().join(" and "),
            interval.as_secs()
        );
    }
    loop {
        let started = Instant::now();
        let store = Store::open(&path).map_err(|e| e.to_string())?;
        let mut failed = Vec::new();
        let mut total = 0usize;
        for sink in &sinks {
            loop {
                match one_batch(&store, sink, shape, &host, batch) {
                    Ok(0) => break,
                    Ok(n) => total += n,
                    Err(e) => {
                        eprintln!("hookward: export to {}: {e}", sink.target());
                        failed.push(sink.name());
                        break;
                    }
                }
            }
        }
        drop(store);
        if a.once {
            outln!(
                "sent {total} record(s){}",
                if failed.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; not delivered to {} (sent again next run)",
                        failed.join(", ")
                    )
                }
            );
            return Ok(if failed.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            });
        }
        if total > 0 {
            eprintln!("hookward: export: sent {total} record(s)");
        }
        std::thread::sleep(interval.saturating_sub(started.elapsed()));
    }
}

fn status(json_out: bool) -> CliResult {
    let cfg = util::load_config()?;
    let path = util::home()?.join("state.db");
    let configured: Vec<(&str, String)> = [
        ("otlp", cfg.export.otlp_url.clone()),
        ("syslog", cfg.export.syslog.clone()),
    ]
    .into_iter()
    .filter_map(|(n, t)| t.map(|t| (n, t)))
    .collect();
    let store = Store::open(&path).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for (name, target) in &configured {
        let c = store.export_cursor(name).map_err(|e| e.to_string())?;
        let waiting = store
            .export_batch(&c, 10_000)
            .map_err(|e| e.to_string())?
            .len();
        rows.push((name, target, c, waiting));
    }
    if json_out {
        return crate::json::print(json!({
            "items": rows.iter().map(|(n, t, c, w)| json!({
                "sink": n, "target": t, "cursor": c, "waiting": w,
            })).collect::<Vec<_>>(),
        }));
    }
    if rows.is_empty() {
        outln!("no receiver configured (export.otlp_url, export.syslog)");
    }
    for (n, t, c, w) in rows {
        let when = if c.updated_ms == 0 {
            "never".to_string()
        } else {
            util::fmt_ts(c.updated_ms)
        };
        let more = if w >= 10_000 { "+" } else { "" };
        outln!(
            "{n:<7} {t}  sent {}  last {when}  waiting {w}{more}  (after D{} E{} A{})",
            c.sent,
            c.decision_id,
            c.health_id,
            c.audit_id
        );
    }
    Ok(ExitCode::SUCCESS)
}
