//! `hookward history prune|gc` (issue #5 §6): removing old reviewed history from the ledger,
//! and removing content objects no version refers to any more. Both are dry runs unless
//! `--apply`.

use crate::context::{self, parse_duration_ms, plural, print_json};
use crate::util::CliResult;
use clap::Subcommand;
use hookward_context::restore;
use serde_json::json;
use std::collections::HashSet;
use std::process::ExitCode;

/// Objects younger than this are never collected: a hook that stored a file's content may not
/// have recorded its version yet (`Guard::observe` stores the object first).
pub const GC_GRACE_MS: i64 = 3_600_000;

/// `hookward history …`.
#[derive(Subcommand)]
pub enum HistoryCommand {
    /// Removes reviewed change records and versions older than a duration; a file's current
    /// version, its checkpoint and pending changes are always kept. Dry run unless --apply.
    Prune {
        /// How old history must be to go: 90d, 24h, 30m.
        #[arg(long, value_name = "DURATION")]
        older_than: String,
        /// Remove it (default: only count).
        #[arg(long)]
        apply: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Removes stored contents (~/.hookward/objects) no version refers to any more. Dry run
    /// unless --apply.
    Gc {
        /// Remove them (default: only count).
        #[arg(long)]
        apply: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `hookward history …`.
pub fn run(cmd: HistoryCommand) -> CliResult {
    match cmd {
        HistoryCommand::Prune {
            older_than,
            apply,
            json,
        } => prune(&older_than, apply, json),
        HistoryCommand::Gc { apply, json } => gc(apply, json),
    }
}

fn prune(older_than: &str, apply: bool, json: bool) -> CliResult {
    let before_ms = hookward_context::now_ms() - parse_duration_ms(older_than)?;
    let Some(mut ctx) = context::open_existing(context::guard(None)?)? else {
        if json {
            return print_json(
                &json!({ "older_than": older_than, "applied": apply, "versions": 0, "changes": 0, "findings": 0, "recovered": [] }),
            );
        }
        outln!("nothing recorded yet");
        return Ok(ExitCode::SUCCESS);
    };
    let recovered = if apply {
        context::recover_first(&mut ctx)?
    } else {
        Vec::new()
    };
    let n = ctx
        .store
        .prune_context(before_ms, apply)
        .map_err(|e| e.to_string())?;
    if json {
        return print_json(&json!({
            "older_than": older_than,
            "before_ms": before_ms,
            "applied": apply,
            "versions": n.versions,
            "changes": n.changes,
            "findings": n.findings,
            "recovered": crate::json::outcomes(&recovered),
        }));
    }
    context::print_recovered(&recovered);
    let counts = format!(
        "{} version{}, {} reviewed change record{} and {} finding{} older than {older_than}",
        n.versions,
        plural(n.versions),
        n.changes,
        plural(n.changes),
        n.findings,
        plural(n.findings)
    );
    if apply {
        outln!("removed {counts}");
        if n.versions > 0 {
            outln!(
                "`hookward history gc --apply` removes the contents no version refers to any more"
            );
        }
    } else {
        outln!("would remove {counts}");
        outln!("(current versions, checkpoints and pending changes are kept; run with --apply to remove)");
    }
    Ok(ExitCode::SUCCESS)
}

fn gc(apply: bool, json: bool) -> CliResult {
    let g = context::guard(None)?;
    let objects = g.objects();
    let Some(mut ctx) = context::open_existing(g)? else {
        if json {
            return print_json(
                &json!({ "applied": apply, "objects": 0, "bytes": 0, "kept_recent": 0, "kept": 0, "recovered": [] }),
            );
        }
        outln!("nothing recorded yet");
        return Ok(ExitCode::SUCCESS);
    };
    let recovered = if apply {
        context::recover_first(&mut ctx)?
    } else {
        Vec::new()
    };
    let mut keep: HashSet<String> = ctx
        .store
        .context_referenced_hashes()
        .map_err(|e| e.to_string())?;
    // A restore still in progress (another process, or one recovery could not finish) needs
    // both of its contents.
    for (_, j) in restore::pending(&ctx.guard)
        .map_err(|e| format!("{e}; gc needs to know what it refers to"))?
    {
        keep.extend(j.plan.current_hash);
        keep.extend(j.plan.target_hash);
    }
    let all = objects.list().map_err(|e| e.to_string())?;
    let now = std::time::SystemTime::now();
    let (mut count, mut bytes, mut recent, mut kept) = (0usize, 0u64, 0usize, 0usize);
    for h in &all {
        if keep.contains(h) {
            kept += 1;
            continue;
        }
        let meta = std::fs::metadata(objects.path_of(h)).ok();
        let age_ms = meta
            .as_ref()
            .and_then(|m| m.modified().ok())
            .and_then(|t| now.duration_since(t).ok())
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        if age_ms < GC_GRACE_MS {
            recent += 1;
            continue;
        }
        count += 1;
        if apply {
            bytes += objects.remove(h).map_err(|e| e.to_string())?;
        } else {
            bytes += meta.map_or(0, |m| m.len());
        }
    }
    if json {
        return print_json(&json!({
            "applied": apply,
            "objects": count,
            "bytes": bytes,
            "kept": kept,
            "kept_recent": recent,
            "recovered": crate::json::outcomes(&recovered),
        }));
    }
    context::print_recovered(&recovered);
    let verb = if apply { "removed" } else { "would remove" };
    outln!(
        "{verb} {count} unreferenced object{} ({bytes} bytes); {kept} referenced kept",
        plural(count)
    );
    if recent > 0 {
        outln!(
            "{recent} unreferenced object{} younger than an hour kept (a hook may be recording it)",
            plural(recent)
        );
    }
    if !apply && count > 0 {
        outln!("run with --apply to remove them");
    }
    Ok(ExitCode::SUCCESS)
}
