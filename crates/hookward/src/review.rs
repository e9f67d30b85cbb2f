//! `hookward review` (issue #5 §6): the pending changes of the guarded files grouped by file,
//! one change in full (`review C12`: diff, observed writer, findings), `review accept C12` and
//! `review dismiss F7`; and `hookward export --format jsonl`.

use crate::context::{
    self, change_json, finding_line, parse_duration_ms, parse_id, plural, print_json, refuse, what,
    Act, ProjectArg,
};
use crate::util::{fmt_ts, CliResult};
use clap::{Args, Subcommand, ValueEnum};
use hookward_store::{ChangeQuery, ChangeRow, ChangeStatus, FindingRow, FindingStatus};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `hookward review`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ReviewArgs {
    #[command(subcommand)]
    action: Option<ReviewAction>,
    /// Show one change in full (`C12`): its diff, writer and findings.
    change: Option<String>,
    /// Only this project's changes (and the home directory's); default: every project.
    #[arg(long)]
    project: Option<PathBuf>,
    /// Only changes observed within this time: 7d, 24h, 30m.
    #[arg(long)]
    since: Option<String>,
    /// Only this file.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Only changes whose path, writer or findings contain this text.
    #[arg(long)]
    search: Option<String>,
    /// The page to show (from 1).
    #[arg(long, default_value_t = 1)]
    page: usize,
    /// Changes per page.
    #[arg(long, default_value_t = 20)]
    page_size: usize,
    /// Every change, not only pending ones (accepted, restored, checked too).
    #[arg(long)]
    all: bool,
    /// Print as JSON.
    #[arg(long)]
    json: bool,
}

/// `hookward review accept|dismiss`.
#[derive(Subcommand)]
enum ReviewAction {
    /// Marks change C<id> accepted: that exact version is what the person wants. When it is the
    /// file's current version it also becomes the file's recovery checkpoint, and the change's
    /// pending findings are dismissed.
    Accept {
        /// The change (`C12`).
        change: String,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Marks finding F<id> dismissed (the person says it is fine).
    Dismiss {
        /// The finding (`F7`).
        finding: String,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// `hookward export`.
#[derive(Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ExportArgs {
    /// `run` / `status`: sending decisions to a log system (without one: the change records).
    #[command(subcommand)]
    pub command: Option<crate::export::ExportCommand>,
    /// Output format (one JSON object per change per line).
    #[arg(long, value_enum, default_value_t = ExportFormat::Jsonl)]
    format: ExportFormat,
    /// Only changes observed within this time: 7d, 24h, 30m.
    #[arg(long)]
    since: Option<String>,
    /// Only this project's changes (and the home directory's); default: every project.
    #[arg(long)]
    project: Option<PathBuf>,
    /// Same as --format jsonl (every command takes --json).
    #[arg(long)]
    json: bool,
}

/// Export formats.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
enum ExportFormat {
    /// JSON Lines.
    Jsonl,
}

/// `hookward review …`.
pub fn run(args: ReviewArgs) -> CliResult {
    match args.action {
        Some(ReviewAction::Accept { change, json }) => accept(&change, json),
        Some(ReviewAction::Dismiss { finding, json }) => dismiss(&finding, json),
        None => match args.change.clone() {
            Some(c) => show(&c, args.json),
            None => list(&args),
        },
    }
}

/// One file's changes on a page: (path, kind, changes with their findings).
type Group<'a> = (String, String, Vec<(&'a ChangeRow, Vec<FindingRow>)>);

/// `--project P` of `review` and `export`: P made absolute, or `None` (every project).
fn project_filter(arg: &Option<PathBuf>) -> Result<Option<String>, String> {
    arg.as_ref()
        .map(|p| {
            context::project_dir(&ProjectArg {
                project: Some(p.clone()),
            })
        })
        .transpose()
}

fn since_ms(since: &Option<String>) -> Result<Option<i64>, String> {
    since
        .as_deref()
        .map(|s| parse_duration_ms(s).map(|d| hookward_context::now_ms() - d))
        .transpose()
}

fn list(args: &ReviewArgs) -> CliResult {
    if args.page == 0 || args.page_size == 0 {
        return Err("--page and --page-size start at 1".into());
    }
    let proj = project_filter(&args.project)?;
    let since = since_ms(&args.since)?;
    let ctx = context::open_existing(context::guard(proj.clone())?)?;
    let file = match (&ctx, &args.file) {
        (Some(ctx), Some(f)) => Some(context::file_arg(&ctx.store, f)?),
        _ => None,
    };
    let mut rows: Vec<ChangeRow> = Vec::new();
    if let Some(ctx) = &ctx {
        let q = ChangeQuery {
            statuses: if args.all {
                Vec::new()
            } else {
                vec![ChangeStatus::Pending]
            },
            project: proj.clone(),
            since_ms: since,
            path: file.clone(),
            search: args.search.clone(),
            ..ChangeQuery::default()
        };
        rows = ctx.store.context_changes(&q).map_err(|e| e.to_string())?.0;
    }
    let total = rows.len();
    let mut paths: Vec<&str> = rows.iter().map(|c| c.path.as_str()).collect();
    paths.sort_unstable();
    paths.dedup();
    let files = paths.len();
    let pages = total.div_ceil(args.page_size).max(1);
    if args.page > pages {
        return refuse(
            args.json,
            &format!("page {} is past the last page ({pages})", args.page),
        );
    }
    let page: Vec<&ChangeRow> = rows
        .iter()
        .skip((args.page - 1) * args.page_size)
        .take(args.page_size)
        .collect();
    // Groups in order of each file's newest change on this page.
    let mut groups: Vec<Group<'_>> = Vec::new();
    for c in page {
        let findings = match &ctx {
            Some(ctx) => ctx
                .store
                .context_findings(c.id)
                .map_err(|e| e.to_string())?,
            None => Vec::new(),
        };
        match groups.iter_mut().find(|g| g.0 == c.path) {
            Some(g) => g.2.push((c, findings)),
            None => groups.push((c.path.clone(), c.kind.clone(), vec![(c, findings)])),
        }
    }
    let status_word = if args.all { "" } else { "pending " };
    if args.json {
        let groups: Vec<Value> = groups
            .iter()
            .map(|(path, kind, cs)| {
                json!({
                    "path": path,
                    "kind": kind,
                    "changes": cs.iter().map(|(c, f)| change_json(c, f)).collect::<Vec<_>>(),
                })
            })
            .collect();
        return print_json(&json!({
            "project": proj,
            "statuses": if args.all { "all" } else { "pending" },
            "since_ms": since,
            "file": file,
            "search": args.search,
            "total": total,
            "files": files,
            "page": args.page,
            "pages": pages,
            "page_size": args.page_size,
            "groups": groups,
        }));
    }
    if total == 0 {
        outln!(
            "no {status_word}changes{}",
            if ctx.is_none() {
                " (nothing recorded yet; `hookward context scan` records the guarded files)"
            } else {
                ""
            }
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{total} {status_word}change{} in {files} file{}, page {} of {pages}",
        plural(total),
        plural(files),
        args.page
    );
    for (path, kind, cs) in &groups {
        outln!("\n{path} ({kind})");
        for (c, findings) in cs {
            let fs: Vec<String> = findings
                .iter()
                .map(|f| format!("F{} {}", f.id, f.rule_id))
                .collect();
            let status = if args.all {
                format!(" [{}]", c.status)
            } else {
                String::new()
            };
            outln!(
                "  C{:<4} {} {:<8} {}{status}",
                c.id,
                fmt_ts(c.ts_ms),
                what(c),
                c.writer
            );
            if let Some(x) = &c.executable {
                outln!("        adds executable configuration: {x}");
            }
            if !fs.is_empty() {
                outln!("        {}", fs.join(", "));
            }
        }
    }
    if args.page < pages {
        outln!("\nnext page: --page {}", args.page + 1);
    }
    outln!("`hookward review C<id>` shows a change in full");
    Ok(ExitCode::SUCCESS)
}

/// The unified diff of change `c` (previous version → its version), redacted; `None` with a
/// reason when a version's content is no longer in the object store.
pub fn change_diff(guard: &hookward_context::Guard, c: &ChangeRow) -> Result<String, String> {
    let content = |h: &Option<String>| -> Result<String, String> {
        match h {
            None => Ok(String::new()),
            Some(h) => guard
                .objects()
                .get(h)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| e.to_string()),
        }
    };
    let before = content(&c.from_hash)?;
    let after = content(&c.to_hash)?;
    let diff = similar::TextDiff::from_lines(&before, &after)
        .unified_diff()
        .header(
            &format!("{} (before C{})", c.path, c.id),
            &format!("{} (C{})", c.path, c.id),
        )
        .to_string();
    Ok(hookward_redact::redact_str(&diff).into_owned())
}

/// What `review C<id>` offers. `before_clean`: whether the version before the change passed
/// the checks when it was recorded (`None`: no such version or unknown); when it did not,
/// the restore suggestion says so (it would put back a version with findings, e.g. the one a
/// restore just undid).
fn actions(
    c: &ChangeRow,
    findings: &[FindingRow],
    before_clean: Option<bool>,
) -> Vec<(String, &'static str)> {
    let mut v = Vec::new();
    if c.status == ChangeStatus::Pending {
        v.push((
            format!("hookward review accept C{}", c.id),
            "keep this version",
        ));
    }
    if c.status != ChangeStatus::Restored {
        let what = if before_clean == Some(false) {
            "preview putting back the version before it (warning: that version did not pass \
             the checks; `hookward restore --checkpoint FILE` puts back the last one that did)"
        } else {
            "preview putting back the version before it (add --apply to do it)"
        };
        v.push((format!("hookward restore C{}", c.id), what));
    }
    for f in findings
        .iter()
        .filter(|f| f.status == FindingStatus::Pending)
    {
        v.push((
            format!("hookward review dismiss F{}", f.id),
            "the finding is a false alarm",
        ));
    }
    v
}

fn show(arg: &str, json: bool) -> CliResult {
    let id = parse_id(arg, 'C').map_err(|e| {
        // `hookward review CLAUDE.md`: a file was meant.
        if arg.contains(['.', '/']) || Path::new(arg).exists() {
            format!("{e}; for a file's changes: `hookward review --file {arg}`")
        } else {
            e
        }
    })?;
    let not_found = hookward_context::ContextError::NoChange(id).to_string();
    let Some(ctx) = context::open_existing(context::guard(None)?)? else {
        return refuse(json, &not_found);
    };
    let Some(c) = ctx.store.context_change(id).map_err(|e| e.to_string())? else {
        return refuse(json, &not_found);
    };
    let findings = ctx.store.context_findings(id).map_err(|e| e.to_string())?;
    let (diff, diff_error) = match change_diff(&ctx.guard, &c) {
        Ok(d) => (Some(d), None),
        Err(e) => (None, Some(e)),
    };
    let before_clean = match c.from_version {
        Some(v) => ctx
            .store
            .context_version(v)
            .map_err(|e| e.to_string())?
            .map(|v| v.clean),
        None => None,
    };
    let acts = actions(&c, &findings, before_clean);
    if json {
        let mut v = change_json(&c, &findings);
        v["diff"] = diff.into();
        v["diff_error"] = diff_error.into();
        v["actions"] = acts
            .iter()
            .map(|(cmd, _)| cmd.clone())
            .collect::<Vec<_>>()
            .into();
        return print_json(&v);
    }
    outln!("C{} {} {} ({})", c.id, what(&c), c.path, c.kind);
    outln!("  observed {} · writer: {}", fmt_ts(c.ts_ms), c.writer);
    if let Some(s) = &c.session {
        outln!("  session  {s}");
    }
    let reviewed = c
        .reviewed_ms
        .map(|t| format!(" ({})", fmt_ts(t)))
        .unwrap_or_default();
    outln!("  status   {}{reviewed}", c.status);
    if let Some(x) = &c.executable {
        outln!("  adds executable configuration: {x}");
    }
    match (&diff, &diff_error) {
        (Some(d), _) if d.is_empty() => outln!("\n(no textual difference)"),
        (Some(d), _) => out!("\n{d}"),
        (None, Some(e)) => outln!("\n(no diff: {e})"),
        _ => {}
    }
    if findings.is_empty() {
        outln!("\nno findings");
    } else {
        outln!("\nfindings:");
        for f in &findings {
            outln!("  {}", finding_line(f));
            if !f.evidence.is_empty() {
                outln!(
                    "     evidence: {}",
                    context::short(&f.evidence.replace('\n', " "), 200)
                );
            }
        }
    }
    if !acts.is_empty() {
        outln!("\nto act on it:");
        let w = acts.iter().map(|(c, _)| c.len()).max().unwrap_or(0);
        for (cmd, why) in &acts {
            outln!("  {cmd:<w$}  {why}");
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// What `review accept C<id>` did.
pub struct Accepted {
    /// The change.
    pub id: i64,
    /// Its file.
    pub path: String,
    /// Whether it is the file's current version, now its checkpoint.
    pub current: bool,
    /// The findings settled as dismissed (`F7`).
    pub dismissed: Vec<String>,
    /// Interrupted restores finished first.
    pub recovered: Vec<hookward_context::restore::Outcome>,
}

impl Accepted {
    /// The `--json` document's body.
    pub fn json(&self) -> Value {
        json!({
            "accepted": format!("C{}", self.id),
            "path": self.path,
            "checkpoint": self.current,
            "dismissed": self.dismissed,
            "recovered": crate::json::outcomes(&self.recovered),
        })
    }
}

/// `hookward review accept C<id>` (and the page's Accept button): marks the change accepted,
/// makes it the checkpoint when it is the file's current version (its pending findings
/// dismissed), and appends the `review.accept` audit entry.
pub fn accept_change(id: i64) -> Result<Accepted, Act> {
    let not_found = hookward_context::ContextError::NoChange(id).to_string();
    let Some(mut ctx) = context::open_existing(context::guard(None)?)? else {
        return Err(Act::Refused(not_found));
    };
    let recovered = context::recover_first(&mut ctx)?;
    let Some(c) = ctx.store.context_change(id).map_err(|e| e.to_string())? else {
        return Err(Act::Refused(not_found));
    };
    if c.status != ChangeStatus::Pending {
        return Err(Act::Refused(format!(
            "C{id} is {}, not pending; there is nothing to accept",
            c.status
        )));
    }
    ctx.store
        .set_change_status(id, ChangeStatus::Accepted, hookward_context::now_ms())
        .map_err(|e| e.to_string())?;
    // The accepted version is what the file holds now: it becomes the recovery checkpoint
    // (the person vouched for it), and its pending findings are settled as dismissed.
    let current = ctx
        .store
        .context_state(&c.path)
        .map_err(|e| e.to_string())?
        .is_some_and(|s| s.version_id == c.to_version)
        // An accepted removal is no checkpoint: restoring to "absent" would delete a file
        // recreated later.
        && c.to_hash.is_some();
    let mut dismissed = Vec::new();
    if current {
        ctx.store
            .set_checkpoint(&c.path, c.to_version)
            .map_err(|e| e.to_string())?;
        for f in ctx
            .store
            .context_findings(id)
            .map_err(|e| e.to_string())?
            .iter()
            .filter(|f| f.status == FindingStatus::Pending)
        {
            ctx.store
                .set_finding_status(f.id, FindingStatus::Dismissed)
                .map_err(|e| e.to_string())?;
            dismissed.push(format!("F{}", f.id));
        }
    }
    crate::audit::record(
        "review.accept",
        json!({"change": format!("C{id}"), "path": c.path, "checkpoint": current, "dismissed": dismissed}),
    )?;
    Ok(Accepted {
        id,
        path: c.path,
        current,
        dismissed,
        recovered,
    })
}

fn accept(arg: &str, json: bool) -> CliResult {
    let id = parse_id(arg, 'C')?;
    let a = match accept_change(id) {
        Ok(a) => a,
        Err(e) => return e.answer(json),
    };
    if json {
        return print_json(&a.json());
    }
    context::print_recovered(&a.recovered);
    if a.current {
        outln!("C{id} accepted; it is now the checkpoint of {}", a.path);
        if !a.dismissed.is_empty() {
            outln!(
                "its pending findings are dismissed: {}",
                a.dismissed.join(", ")
            );
        }
    } else {
        outln!(
            "C{id} accepted: this version of {} is no longer a review item; the file changed since, so its checkpoint stays",
            a.path
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// What `review dismiss F<id>` did.
pub struct Dismissed {
    /// The finding.
    pub id: i64,
    /// Its change's id.
    pub change_id: i64,
    /// Its rule.
    pub rule_id: String,
    /// Interrupted restores finished first.
    pub recovered: Vec<hookward_context::restore::Outcome>,
}

impl Dismissed {
    /// The `--json` document's body.
    pub fn json(&self) -> Value {
        json!({ "dismissed": format!("F{}", self.id), "change": format!("C{}", self.change_id), "recovered": crate::json::outcomes(&self.recovered) })
    }
}

/// `hookward review dismiss F<id>` (and the page's Dismiss button): marks the finding
/// dismissed and appends the `review.dismiss` audit entry.
pub fn dismiss_finding(id: i64) -> Result<Dismissed, Act> {
    let not_found = hookward_context::ContextError::NoFinding(id).to_string();
    let Some(mut ctx) = context::open_existing(context::guard(None)?)? else {
        return Err(Act::Refused(not_found));
    };
    let recovered = context::recover_first(&mut ctx)?;
    let Some(f) = ctx.store.context_finding(id).map_err(|e| e.to_string())? else {
        return Err(Act::Refused(not_found));
    };
    if f.status != FindingStatus::Pending {
        return Err(Act::Refused(format!(
            "F{id} is {}, not pending; there is nothing to dismiss",
            f.status
        )));
    }
    ctx.store
        .set_finding_status(id, FindingStatus::Dismissed)
        .map_err(|e| e.to_string())?;
    crate::audit::record(
        "review.dismiss",
        json!({"finding": format!("F{id}"), "change": format!("C{}", f.change_id), "rule": f.rule_id}),
    )?;
    Ok(Dismissed {
        id,
        change_id: f.change_id,
        rule_id: f.rule_id,
        recovered,
    })
}

fn dismiss(arg: &str, json: bool) -> CliResult {
    let id = parse_id(arg, 'F')?;
    let d = match dismiss_finding(id) {
        Ok(d) => d,
        Err(e) => return e.answer(json),
    };
    if json {
        return print_json(&d.json());
    }
    context::print_recovered(&d.recovered);
    outln!("dismissed F{id} ({}) of C{}", d.rule_id, d.change_id);
    Ok(ExitCode::SUCCESS)
}

/// `hookward export --format jsonl`: one JSON object per change (oldest first) with its
/// findings and version hashes, redacted.
pub fn run_export(args: ExportArgs) -> CliResult {
    if let Some(cmd) = args.command {
        return crate::export::run(cmd);
    }
    let ExportFormat::Jsonl = args.format;
    let since = since_ms(&args.since)?;
    let project = project_filter(&args.project)?;
    let Some(ctx) = context::open_existing(context::guard(None)?)? else {
        return Ok(ExitCode::SUCCESS);
    };
    let q = ChangeQuery {
        project,
        since_ms: since,
        ..ChangeQuery::default()
    };
    let (mut rows, _) = ctx.store.context_changes(&q).map_err(|e| e.to_string())?;
    rows.reverse();
    let mut out = std::io::stdout().lock();
    for c in &rows {
        let findings = ctx
            .store
            .context_findings(c.id)
            .map_err(|e| e.to_string())?;
        let mut v = change_json(c, &findings);
        hookward_redact::redact_json(&mut v);
        let line = crate::json::line(v)?;
        use std::io::Write;
        if writeln!(out, "{line}").is_err() {
            break; // closed pipe (`| head`)
        }
    }
    Ok(ExitCode::SUCCESS)
}
