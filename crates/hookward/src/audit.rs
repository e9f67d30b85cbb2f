//! `hookward audit list | verify`, and [`record`], the one way a command writes an audit
//! entry (`hookward_store::Store::append_audit`).

use crate::util::{self, fmt_ts, CliResult};
use clap::Subcommand;
use hookward_store::Store;
use serde_json::Value;
use std::process::ExitCode;

/// `hookward audit` subcommands.
#[derive(Subcommand)]
pub enum AuditCommand {
    /// Lists the audit log, newest first: every policy and config change made through
    /// hookward's commands, with who made it.
    List {
        /// At most this many entries.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Checks the audit log's hash chain: exit 1 when an entry was edited, removed or moved.
    Verify {
        /// Print the report as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Who runs this command: `user@host`. The user from `USER` (else `LOGNAME`, else the
/// process's user in `/etc/passwd`, [`hookward_sys::user_name`], else `unknown`), the host
/// from the kernel's hostname (`/proc/sys/kernel/hostname`, else `/etc/hostname`, else
/// `HOSTNAME`, else `unknown`).
pub fn actor() -> String {
    let user = ["USER", "LOGNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.is_empty()))
        .or_else(hookward_sys::user_name)
        .unwrap_or_else(|| "unknown".into());
    let host = hookward_sys::hostname().unwrap_or_else(|| "unknown".into());
    format!("{user}@{host}")
}

/// Appends an audit entry for `action` (store created if missing). Called by a command after
/// its change is written; an error says the change was made but not recorded.
pub fn record(action: &str, details: Value) -> Result<(), String> {
    let path = util::home()?.join("state.db");
    let mut store = Store::open(&path)
        .map_err(|e| format!("the change was made, but the audit log could not record it: {e}"))?;
    store
        .append_audit(&actor(), action, &details)
        .map(|_| ())
        .map_err(|e| format!("the change was made, but the audit log could not record it: {e}"))
}

/// `hookward audit …`.
pub fn run(cmd: AuditCommand) -> CliResult {
    let path = util::home()?.join("state.db");
    let store = match Store::open_existing(&path) {
        Ok(s) => Some(s),
        Err(hookward_store::StoreError::Missing { .. }) => None,
        Err(e) => return Err(e.to_string()),
    };
    match cmd {
        AuditCommand::List { limit, json } => {
            let rows = match &store {
                Some(s) => s.audit_entries(Some(limit)).map_err(|e| e.to_string())?,
                None => Vec::new(),
            };
            if json {
                return crate::json::print(rows.iter().map(crate::json::audit_entry).collect());
            }
            if rows.is_empty() {
                outln!("the audit log is empty");
            }
            for e in &rows {
                outln!(
                    "{:5} {} {:24} {:16} {}",
                    e.display_id(),
                    fmt_ts(e.ts_ms),
                    e.actor,
                    e.action,
                    hookward_store::canonical_json(&e.details)
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        AuditCommand::Verify { json } => {
            let report = match &store {
                Some(s) => s.verify_audit().map_err(|e| e.to_string())?,
                None => hookward_store::AuditReport {
                    entries: 0,
                    ok: true,
                    problems: Vec::new(),
                    head_id: None,
                },
            };
            let code = if report.ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            if json {
                let mut v = serde_json::to_value(&report).map_err(|e| e.to_string())?;
                if let Some(items) = v.get_mut("problems").and_then(|p| p.as_array_mut()) {
                    for p in items {
                        crate::json::set_id(p, "id", 'A');
                    }
                }
                crate::json::set_id(&mut v, "head_id", 'A');
                return crate::json::print_with(v, code);
            }
            for p in &report.problems {
                outln!(
                    "{}: {}",
                    crate::out::paint(p.kind, crate::out::BAD),
                    p.message
                );
            }
            if report.ok {
                outln!(
                    "{} {} entr{}, chain intact",
                    crate::out::paint("ok", crate::out::GOOD),
                    report.entries,
                    if report.entries == 1 { "y" } else { "ies" }
                );
            } else {
                outln!(
                    "{} entries read, {} problem{}: the audit log was changed outside hookward",
                    report.entries,
                    report.problems.len(),
                    if report.problems.len() == 1 { "" } else { "s" }
                );
            }
            Ok(code)
        }
    }
}
