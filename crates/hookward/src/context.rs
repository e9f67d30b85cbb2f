//! The context guard's commands (issue #5 §1 and §6): `hookward context scan|status`,
//! `hookward restore` and `hookward blame`, plus what `review.rs` and `history.rs` share: where
//! the guard works (HOOKWARD_HOME, HOME, the project), opening the store, finishing interrupted
//! restores before anything changes the ledger, `--since` durations and refusals (exit 1).

use crate::util::{self, CliResult};
use clap::{Args, Subcommand};
use hookward_context::restore::{self, Outcome, RestoreStatus, Target};
use hookward_context::{ContextError, Guard, Writer};
use hookward_store::{ChangeQuery, ChangeStatus, FindingStatus, Store, StoreError};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `--project P`: which project's guarded files (default: the current directory's git root,
/// or the current directory).
#[derive(Args, Clone, Debug, Default)]
pub struct ProjectArg {
    /// The project (default: the git root of the current directory, or the current directory).
    #[arg(long)]
    pub project: Option<PathBuf>,
}

/// `hookward context …`.
#[derive(Subcommand)]
pub enum ContextCommand {
    /// Records the guarded files as they are now: the first scan records a baseline (only
    /// flagged files become review items); later scans record what changed since.
    Scan {
        #[command(flatten)]
        project: ProjectArg,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Lists the guarded files: kind, recorded, checkpoint, changed since the last record,
    /// pending changes. (Also `hookward context list`; a change's diff is `hookward review C12`.)
    #[command(visible_alias = "list")]
    Status {
        #[command(flatten)]
        project: ProjectArg,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Makes the recorded version of FILE its recovery checkpoint (what `restore --checkpoint`
    /// puts back), after you have checked it: for a file whose first recorded version did not
    /// pass the checks on its own (agent settings with hook commands) and has no change to
    /// accept. Refused while the file differs from its record or has pending changes.
    Checkpoint {
        /// The guarded file (relative to the current directory or absolute).
        file: PathBuf,
    },
}

/// `hookward restore`.
#[derive(Args)]
pub struct RestoreArgs {
    /// The change to undo (`C12`): the file gets the content it had before that change.
    change: Option<String>,
    /// Restore FILE to its recovery checkpoint (the last version that passed the checks).
    #[arg(long, value_name = "FILE", conflicts_with = "change")]
    checkpoint: Option<PathBuf>,
    /// Apply the restore (default: only show what it would do).
    #[arg(long)]
    apply: bool,
    /// Finish restores that were interrupted (from their journals in ~/.hookward/journal).
    #[arg(long, conflicts_with_all = ["change", "checkpoint", "apply"])]
    recover: bool,
    /// Print as JSON.
    #[arg(long)]
    json: bool,
}

/// `hookward blame FILE`.
#[derive(Args)]
pub struct BlameArgs {
    /// The guarded file (relative to the current directory or absolute).
    file: PathBuf,
    /// Print as JSON.
    #[arg(long)]
    json: bool,
}

/// Where the guard works, with the store open.
pub struct Ctx {
    /// The guard (home, hookward home, project).
    pub guard: Guard,
    /// The store at `<hookward home>/state.db`.
    pub store: Store,
}

/// The project: `--project` made absolute, else the current directory's git root (below
/// HOME: a home directory kept in git is not a project), else the current directory.
pub fn project_dir(arg: &ProjectArg) -> Result<String, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("the current directory: {e}"))?;
    let dir = match &arg.project {
        Some(p) => {
            let abs = cwd.join(p);
            if !abs.is_dir() {
                return Err(format!("--project {}: not a directory", p.display()));
            }
            abs.canonicalize().unwrap_or(abs)
        }
        None => {
            let home = util::user_home().ok();
            cwd.ancestors()
                .take_while(|d| home.as_deref() != Some(*d))
                .find(|d| d.join(".git").exists())
                .map(Path::to_path_buf)
                .unwrap_or(cwd)
        }
    };
    dir.to_str()
        .map(str::to_string)
        .ok_or_else(|| format!("{}: the project path is not UTF-8", dir.display()))
}

/// The guard for `project` (None: home files only), with the configuration's extra guarded
/// files and its `scan.learned_ask` as the learned stage's threshold.
pub fn guard(project: Option<String>) -> Result<Guard, String> {
    let home = util::user_home()?;
    let home = home
        .to_str()
        .ok_or_else(|| "HOME is not UTF-8".to_string())?
        .to_string();
    let config = util::load_config().ok();
    let extra = config
        .as_ref()
        .map(|c| c.context.extra.clone())
        .unwrap_or_default();
    let learned = config
        .as_ref()
        .map_or(hookward_scan::LEARNED_ASK_DEFAULT, |c| c.scan.learned_ask);
    Ok(Guard::new(home, util::home()?, project)
        .with_extra(&extra)
        .with_learned_threshold(learned))
}

/// Records the guarded files hookward itself just wrote (`install --apply`, `uninstall
/// --apply`: `writer` is the command) as versions that pass the checks: each becomes its
/// file's checkpoint, no review item (newcomer finding 6: a settings file with hookward's hook
/// entries otherwise starts with no checkpoint, and `restore --checkpoint` refuses it).
/// Files that are not guarded are skipped. `project`: install's `--project`, else the
/// current directory's project.
pub fn record_own_writes(
    paths: &[PathBuf],
    project: Option<PathBuf>,
    writer: &str,
) -> Result<(), String> {
    let project = project_dir(&ProjectArg { project })?;
    let mut ctx = open(guard(Some(project))?)?;
    recover_first(&mut ctx)?;
    let guarded = ctx.guard.discover();
    let writer = Writer::Hookward(writer.to_string());
    for path in paths {
        if !path.exists() {
            // Removed (uninstall of a file install created): recorded as hookward's removal.
            let Some(state) = path
                .to_str()
                .map(|p| ctx.store.context_state(p))
                .transpose()
                .map_err(|e| e.to_string())?
                .flatten()
                .filter(|s| s.hash.is_some())
            else {
                continue;
            };
            let g = hookward_context::Guarded {
                path: state.path.clone(),
                kind: hookward_context::Kind::parse(&state.kind)
                    .unwrap_or(hookward_context::Kind::Settings),
                project: state.project.clone(),
            };
            ctx.guard
                .record_removed(&mut ctx.store, &g, &writer)
                .map_err(|e| e.to_string())?;
            continue;
        }
        let canon = path.canonicalize().unwrap_or_else(|_| path.clone());
        let Some(g) = guarded.iter().find(|g| {
            let gp = Path::new(&g.path);
            gp == path.as_path() || gp.canonicalize().is_ok_and(|c| c == canon)
        }) else {
            continue;
        };
        ctx.guard
            .record_known_good(&mut ctx.store, g, &writer)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Runs `write`, one of hookward's own commands writing a guarded file whose previous
/// content it did not produce (`lessons sync-doc` splicing its block into AGENTS.md), and
/// records the result as written by `writer`: checked (no review item) unless the checks flag
/// it. Unlike [`record_own_writes`] the new version is checked, not taken as known good, and
/// any change made to the file since the last observation is recorded first, as a change
/// outside the agent: a planted edit already in the file stays a review item and is not
/// blessed by the splice (newcomer finding 12). A file that is not guarded is only written.
/// Recording is best effort (a warning): the write itself is what the person asked for.
///
/// # Errors
/// `write`'s error.
pub fn write_own_checked(
    path: &Path,
    project: Option<PathBuf>,
    writer: &str,
    write: impl FnOnce() -> Result<(), String>,
) -> Result<(), String> {
    let abs = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let target = vec![abs.display().to_string()];
    let ctx = project_dir(&ProjectArg { project }).and_then(|proj| {
        let mut ctx = open(guard(Some(proj.clone()))?)?;
        recover_first(&mut ctx)?;
        // Never scanned: the first scan records what is there as the baseline (as `context
        // scan` does).
        let mut first = true;
        for s in ["", proj.as_str()] {
            first &= ctx
                .store
                .context_scope_scanned(s)
                .map_err(|e| e.to_string())?
                .is_none();
        }
        let before = if first {
            Writer::FirstScan
        } else {
            Writer::Rescan
        };
        ctx.guard
            .observe_paths(&mut ctx.store, &before, None, &target)
            .map_err(|e| e.to_string())?;
        Ok(ctx)
    });
    write()?;
    let recorded = ctx.and_then(|mut ctx| {
        ctx.guard
            .observe_paths(
                &mut ctx.store,
                &Writer::Hookward(writer.to_string()),
                None,
                &target,
            )
            .map(|_| ())
            .map_err(|e| e.to_string())
    });
    if let Err(e) = recorded {
        eprintln!("hookward: warning: the context guard did not record the new version: {e}");
    }
    Ok(())
}

/// Opens (creating if needed) the store of `guard`.
pub fn open(guard: Guard) -> Result<Ctx, String> {
    let store = Store::open(&guard.hookward_home.join("state.db")).map_err(|e| e.to_string())?;
    Ok(Ctx { guard, store })
}

/// Opens the store of `guard` only if it exists (reading commands do not create one);
/// `Ok(None)` when there is none yet.
pub fn open_existing(guard: Guard) -> Result<Option<Ctx>, String> {
    match Store::open_existing(&guard.hookward_home.join("state.db")) {
        Ok(store) => Ok(Some(Ctx { guard, store })),
        Err(StoreError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Finishes interrupted restores (run before every command that changes the ledger).
pub fn recover_first(ctx: &mut Ctx) -> Result<Vec<Outcome>, String> {
    restore::recover(&ctx.guard, &mut ctx.store).map_err(|e| e.to_string())
}

/// The human lines for restores finished by recovery.
pub fn print_recovered(outs: &[Outcome]) {
    for o in outs {
        let what = o.change_id.map(|c| format!(" (C{c})")).unwrap_or_default();
        match o.status {
            RestoreStatus::Restored => outln!("finished an interrupted restore of {}{what}", o.path),
            RestoreStatus::Abandoned => outln!(
                "abandoned an interrupted restore of {}{what}: the file changed meanwhile and was left as it is",
                o.path
            ),
        }
        if let Some(q) = &o.quarantine {
            outln!("  the content it had before is kept in {q}");
        }
    }
}

/// One line for `hookward doctor`: the restores interrupted mid-way (their journals), or a
/// journal that does not parse; `None` when there is nothing to recover.
pub fn pending_restores_summary(guard: &Guard) -> Option<String> {
    match restore::pending(guard) {
        Ok(v) if v.is_empty() => None,
        Ok(v) => {
            let files: Vec<String> = v
                .iter()
                .map(|(_, j)| {
                    let step = serde_json::to_value(j.step).ok();
                    format!(
                        "{} (stopped after step {})",
                        j.plan.path,
                        step.as_ref().and_then(Value::as_str).unwrap_or("?")
                    )
                })
                .collect();
            Some(format!(
                "{} interrupted restore{}: {}; `hookward restore --recover` finishes {}",
                v.len(),
                if v.len() == 1 { "" } else { "s" },
                files.join(", "),
                if v.len() == 1 { "it" } else { "them" }
            ))
        }
        Err(e) => Some(format!(
            "{e}; move it aside, then run `hookward restore --recover`"
        )),
    }
}

/// Parses a duration such as `90d`, `24h`, `30m`, `45s` or `2w` into milliseconds.
pub fn parse_duration_ms(s: &str) -> Result<i64, String> {
    let t = s.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let n: i64 = num.parse().map_err(|_| {
        format!("`{s}` is not a duration; write a number and a unit: 90d, 24h, 30m, 45s, 2w")
    })?;
    let unit_ms: i64 = match unit {
        "s" => 1_000,
        "m" => 60_000,
        "h" => 3_600_000,
        "d" => 86_400_000,
        "w" => 7 * 86_400_000,
        _ => {
            return Err(format!(
                "`{s}`: unknown unit `{unit}`; use s, m, h, d or w (90d, 24h, 30m)"
            ))
        }
    };
    n.checked_mul(unit_ms)
        .ok_or_else(|| format!("`{s}` is too long a duration"))
}

/// Parses `C12` (or `12`) into a row id; `prefix` names the record (`C` change, `F` finding,
/// `D` decision).
pub fn parse_id(s: &str, prefix: char) -> Result<i64, String> {
    let body = s
        .strip_prefix(prefix)
        .or_else(|| s.strip_prefix(prefix.to_ascii_lowercase()))
        .unwrap_or(s);
    body.parse::<i64>().ok().filter(|n| *n > 0).ok_or_else(|| {
        format!(
            "`{s}` is not a {} id; write it as {prefix}12",
            match prefix {
                'C' => "change",
                'D' => "decision",
                _ => "finding",
            }
        )
    })
}

/// A refusal or a missing record: the message on stderr (or `{"error": …}` on stdout with
/// `--json`), exit 1.
pub fn refuse(json: bool, msg: &str) -> CliResult {
    if json {
        outln!(
            "{}",
            crate::json::pretty(json!({ "error": msg })).unwrap_or_default()
        );
    } else {
        eprintln!("hookward: {msg}");
    }
    Ok(ExitCode::from(1))
}

/// Why an action shared by a command and the page (`hookward ui`) was not done: refused
/// (the command exits 1) or failed (exit 2).
#[derive(Debug)]
pub enum Act {
    /// Refused, with the command's words.
    Refused(String),
    /// Failed: store, file system, environment.
    Failed(String),
}

impl From<String> for Act {
    fn from(e: String) -> Act {
        Act::Failed(e)
    }
}

impl From<ContextError> for Act {
    /// The same split as [`context_err`].
    fn from(e: ContextError) -> Act {
        match e {
            ContextError::NoChange(_)
            | ContextError::NoFinding(_)
            | ContextError::NotTracked(_)
            | ContextError::Refused(_)
            | ContextError::MissingObject { .. } => Act::Refused(e.to_string()),
            other => Act::Failed(other.to_string()),
        }
    }
}

impl Act {
    /// The command's answer: a refusal exits 1 (`refuse`), a failure is an error (exit 2).
    pub fn answer(self, json: bool) -> CliResult {
        match self {
            Act::Refused(m) => refuse(json, &m),
            Act::Failed(m) => Err(m),
        }
    }
}

/// Turns a guard error into exit 1 (refused, not found) or an environment error (exit 2).
pub fn context_err(json: bool, e: ContextError) -> CliResult {
    match e {
        ContextError::NoChange(_)
        | ContextError::NoFinding(_)
        | ContextError::NotTracked(_)
        | ContextError::Refused(_)
        | ContextError::MissingObject { .. } => refuse(json, &e.to_string()),
        other => Err(other.to_string()),
    }
}

/// Prints `v` as pretty JSON in the `--json` envelope ([`crate::json::doc`]).
pub fn print_json(v: &Value) -> CliResult {
    crate::json::print(v.clone())
}

/// An absolute path for a FILE argument: as given when absolute, else joined to the current
/// directory; `./` and `..` removed lexically (the ledger keys files by the path it found them
/// under, so symbolic links are not resolved unless the lexical path is unknown).
pub fn file_arg(store: &Store, p: &Path) -> Result<String, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("the current directory: {e}"))?;
    let mut out = PathBuf::new();
    for c in cwd.join(p).components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    let lexical = out.to_string_lossy().into_owned();
    if store
        .context_state(&lexical)
        .map_err(|e| e.to_string())?
        .is_none()
    {
        if let Some(real) = out
            .canonicalize()
            .ok()
            .and_then(|r| r.to_str().map(str::to_string))
        {
            if store
                .context_state(&real)
                .map_err(|e| e.to_string())?
                .is_some()
            {
                return Ok(real);
            }
        }
    }
    Ok(lexical)
}

/// `added`, `modified` or `removed`, from a change's hashes.
pub fn what(c: &hookward_store::ChangeRow) -> &'static str {
    match (&c.from_hash, &c.to_hash) {
        (_, None) => "removed",
        (None, Some(_)) => "added",
        (Some(_), Some(_)) => "modified",
    }
}

/// A change as JSON with its findings ([`crate::json::change`]).
pub fn change_json(
    c: &hookward_store::ChangeRow,
    findings: &[hookward_store::FindingRow],
) -> Value {
    crate::json::change(c, findings)
}

/// One human line per finding: `F7 deny inject/… line 5: message`.
pub fn finding_line(f: &hookward_store::FindingRow) -> String {
    let line = f.line.map(|l| format!(" line {l}")).unwrap_or_default();
    let status = if f.status == FindingStatus::Pending {
        String::new()
    } else {
        format!(" ({})", f.status)
    };
    format!(
        "F{} {} {}{line}: {}{status}",
        f.id, f.severity, f.rule_id, f.message
    )
}

/// `hookward context …`.
pub fn run_context(cmd: ContextCommand) -> CliResult {
    match cmd {
        ContextCommand::Scan { project, json } => scan(&project, json),
        ContextCommand::Status { project, json } => status(&project, json),
        ContextCommand::Checkpoint { file } => checkpoint(&file),
    }
}

/// `hookward context checkpoint FILE`.
fn checkpoint(file: &Path) -> CliResult {
    let g = guard(Some(project_dir(&ProjectArg::default())?))?;
    let Some(mut ctx) = open_existing(g)? else {
        return refuse(
            false,
            "nothing is recorded yet; `hookward context scan` records the guarded files",
        );
    };
    recover_first(&mut ctx)?;
    let path = file_arg(&ctx.store, file)?;
    let Some(state) = ctx.store.context_state(&path).map_err(|e| e.to_string())? else {
        return refuse(
            false,
            &format!("{path} is not recorded; `hookward context scan` records the guarded files"),
        );
    };
    let now = std::fs::read(&path)
        .ok()
        .map(|b| hookward_context::objects::hash(&b));
    if state.hash.is_none() || now != state.hash {
        return refuse(
            false,
            &format!(
                "{path} differs from its record; `hookward context scan` records it, then review the change"
            ),
        );
    }
    let (pending, _) = ctx
        .store
        .context_changes(&ChangeQuery {
            path: Some(path.clone()),
            statuses: vec![ChangeStatus::Pending],
            ..ChangeQuery::default()
        })
        .map_err(|e| e.to_string())?;
    if let Some(c) = pending.first() {
        return refuse(
            false,
            &format!(
                "{path} has pending changes; `hookward review C{}` shows one, `hookward review accept C{}` accepts it (and makes it the checkpoint)",
                c.id, c.id
            ),
        );
    }
    if state.checkpoint_id == Some(state.version_id) {
        outln!("{path} is already at its checkpoint");
        return Ok(ExitCode::SUCCESS);
    }
    ctx.store
        .set_checkpoint(&path, state.version_id)
        .map_err(|e| e.to_string())?;
    outln!("the recorded version of {path} is now its checkpoint (`hookward restore --checkpoint {path}` puts it back)");
    Ok(ExitCode::SUCCESS)
}

fn scan(project: &ProjectArg, json: bool) -> CliResult {
    let proj = project_dir(project)?;
    let mut ctx = open(guard(Some(proj.clone()))?)?;
    let recovered = recover_first(&mut ctx)?;
    let scanned = |s: &str| {
        ctx.store
            .context_scope_scanned(s)
            .map_err(|e| e.to_string())
    };
    // When the baseline was recorded: the project's first scan, else the home's (the hook
    // and doctor record it silently, so a person's first `context scan` may find it there).
    let baseline = match scanned(&proj)? {
        Some(t) => Some(t),
        None => scanned("")?,
    };
    let writer = if baseline.is_none() {
        Writer::FirstScan
    } else {
        Writer::Rescan
    };
    let o = ctx
        .guard
        .observe(&mut ctx.store, &writer, None)
        .map_err(|e| e.to_string())?;
    let mut changes = Vec::new();
    for c in &o.changes {
        let row = ctx
            .store
            .context_change(c.change_id)
            .map_err(|e| e.to_string())?;
        let findings = ctx
            .store
            .context_findings(c.change_id)
            .map_err(|e| e.to_string())?;
        if let Some(row) = row {
            changes.push((row, findings));
        }
    }
    let flagged: usize = changes.iter().filter(|(c, _)| c.flagged).count();
    let pending: usize = changes
        .iter()
        .filter(|(c, _)| c.status == ChangeStatus::Pending)
        .count();
    if json {
        return print_json(&json!({
            "project": proj,
            "first_scan": o.first_scan,
            "files": o.files,
            "unchanged": o.unchanged,
            "hashed": o.hashed,
            "changes": changes.iter().map(|(c, f)| change_json(c, f)).collect::<Vec<_>>(),
            "flagged": flagged,
            "pending": pending,
            "recovered": crate::json::outcomes(&recovered),
        }));
    }
    print_recovered(&recovered);
    if o.first_scan {
        outln!(
            "first scan: {} guarded file{} recorded as {} (home directory and {proj})",
            o.files,
            plural(o.files),
            if o.files == 1 { "it is" } else { "they are" }
        );
    } else {
        outln!(
            "scanned {} guarded file{} ({} unchanged) in the home directory and {proj}; baseline recorded {}",
            o.files,
            plural(o.files),
            o.unchanged,
            baseline.map_or_else(|| "earlier".to_string(), crate::util::fmt_ts)
        );
    }
    if changes.is_empty() {
        outln!(
            "no changes recorded{}",
            if o.first_scan {
                "; nothing flagged"
            } else {
                " since the last record"
            }
        );
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{} change{} recorded, {flagged} flagged, {pending} pending review:",
        changes.len(),
        plural(changes.len())
    );
    for (c, findings) in &changes {
        outln!(
            "  C{} {} {} [{}] {}",
            c.id,
            what(c),
            c.path,
            c.status,
            c.writer
        );
        if let Some(x) = &c.executable {
            outln!("     adds executable configuration: {x}");
        }
        for f in findings {
            outln!("     {}", finding_line(f));
        }
    }
    if pending > 0 {
        outln!("`hookward review` lists what waits for review; `hookward review C<id>` shows a change in full");
    }
    Ok(ExitCode::SUCCESS)
}

/// `""` or `"s"`.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn status(project: &ProjectArg, json: bool) -> CliResult {
    let proj = project_dir(project)?;
    let g = guard(Some(proj.clone()))?;
    let found = g.discover();
    let ctx = open_existing(g.clone())?;
    let (states, pending) = match &ctx {
        Some(ctx) => {
            let states = ctx.store.context_states(&proj).map_err(|e| e.to_string())?;
            let (rows, _) = ctx
                .store
                .context_changes(&ChangeQuery {
                    statuses: vec![ChangeStatus::Pending],
                    project: Some(proj.clone()),
                    ..ChangeQuery::default()
                })
                .map_err(|e| e.to_string())?;
            (states, rows)
        }
        None => Default::default(),
    };
    let mut paths: Vec<(String, String)> = found
        .iter()
        .map(|f| (f.path.clone(), f.kind.as_str().to_string()))
        .collect();
    for s in states.values() {
        if s.hash.is_some() && !paths.iter().any(|(p, _)| p == &s.path) {
            paths.push((s.path.clone(), s.kind.clone()));
        }
    }
    paths.sort();
    let mut rows = Vec::new();
    for (path, kind) in &paths {
        let state = states.get(path);
        let now = std::fs::read(path)
            .ok()
            .map(|b| hookward_context::objects::hash(&b));
        let recorded = state.is_some_and(|s| s.hash.is_some());
        let changed = state.is_some_and(|s| s.hash != now) || (state.is_none() && now.is_some());
        rows.push(json!({
            "path": path,
            "kind": kind,
            "exists": now.is_some(),
            "recorded": recorded,
            "changed_since_record": changed,
            "checkpoint": state.and_then(|s| s.checkpoint_id).is_some(),
            "at_checkpoint": !changed && state.is_some_and(|s| s.checkpoint_id == Some(s.version_id)),
            "pending_changes": pending.iter().filter(|c| &c.path == path).count(),
        }));
    }
    let never = ctx.is_none() || states.is_empty();
    let interrupted = pending_restores_summary(&g);
    if json {
        return print_json(
            &json!({ "project": proj, "scanned": !never, "files": rows, "interrupted_restores": interrupted }),
        );
    }
    if let Some(line) = &interrupted {
        outln!("{line}");
    }
    if rows.is_empty() {
        outln!("no guarded files in the home directory or {proj}");
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{} guarded file{} (home directory and {proj}):",
        rows.len(),
        plural(rows.len())
    );
    for r in &rows {
        let b = |k: &str| r[k].as_bool().unwrap_or(false);
        let mut notes = Vec::new();
        notes.push(if b("recorded") {
            "recorded"
        } else {
            "not recorded"
        });
        if !b("exists") {
            notes.push("absent");
        } else if b("recorded") && b("changed_since_record") {
            notes.push("changed since the last record");
        }
        notes.push(if b("at_checkpoint") {
            "at checkpoint"
        } else if b("checkpoint") && b("changed_since_record") {
            "checkpoint differs from the file"
        } else if b("checkpoint") {
            "checkpoint is an earlier version"
        } else {
            "no checkpoint"
        });
        let n = r["pending_changes"].as_u64().unwrap_or(0);
        let pend = if n > 0 {
            format!(", {n} pending")
        } else {
            String::new()
        };
        outln!(
            "  {:<12} {}  ({}{pend})",
            r["kind"].as_str().unwrap_or(""),
            r["path"].as_str().unwrap_or(""),
            notes.join(", ")
        );
    }
    if never {
        outln!("nothing recorded yet: `hookward context scan` records these files before the guard compares them");
    } else if rows
        .iter()
        .any(|r| r["recorded"] == true && r["checkpoint"] == false)
    {
        outln!("no checkpoint: check the file, then `hookward context checkpoint FILE` makes its recorded version one (a change you accept with `hookward review accept C<id>` becomes one too)");
    }
    Ok(ExitCode::SUCCESS)
}

/// `hookward restore`.
pub fn run_restore(args: RestoreArgs) -> CliResult {
    let json = args.json;
    let g = guard(Some(project_dir(&ProjectArg::default())?))?;
    let Some(mut ctx) = open_existing(g)? else {
        return refuse(
            json,
            "nothing is recorded yet; `hookward context scan` records the guarded files",
        );
    };
    if args.recover {
        let outs = recover_first(&mut ctx)?;
        if json {
            return print_json(&json!({ "recovered": crate::json::outcomes(&outs) }));
        }
        if outs.is_empty() {
            outln!("no interrupted restores");
        }
        print_recovered(&outs);
        return Ok(ExitCode::SUCCESS);
    }
    let target = match (&args.change, &args.checkpoint) {
        (Some(c), None) => Target::Change(parse_id(c, 'C')?),
        (None, Some(f)) => Target::Checkpoint(file_arg(&ctx.store, f)?),
        _ => return Err("name a change (`hookward restore C12`) or a file (`--checkpoint FILE`); `--recover` finishes interrupted restores".into()),
    };
    // A checkpoint restore compares the file on disk with its checkpoint: an edit the ledger
    // has not seen yet is recorded first (as the context guard would), so it gets its change
    // id and is kept in the quarantine like any other.
    let recorded = match &target {
        Target::Checkpoint(path) => record_before_restore(&mut ctx, path)?,
        Target::Change(_) => Vec::new(),
    };
    if !json {
        for c in &recorded {
            outln!("recorded the file as it is now first: C{c} (`hookward review C{c}` shows it)");
        }
    }
    if !args.apply {
        let mut plan = match plan_restore(&ctx, &target) {
            Ok(p) => p,
            Err(e) => return e.answer(json),
        };
        plan.diff = hookward_redact::redact_str(&plan.diff).into_owned();
        let what = target_word(&target);
        if json {
            let mut doc = json!({
                "applied": false,
                "plan": crate::json::plan(&plan),
                "apply": format!("hookward restore {what} --apply"),
            });
            if !recorded.is_empty() {
                doc["recorded_changes"] =
                    json!(recorded.iter().map(|c| format!("C{c}")).collect::<Vec<_>>());
            }
            return print_json(&doc);
        }
        describe_plan(&plan, &what);
        out!("{}", plan.diff);
        outln!("run with --apply to restore (the current file is kept in ~/.hookward/quarantine first)");
        return Ok(ExitCode::SUCCESS);
    }
    let done = match apply_restore(&mut ctx, &target) {
        Ok(d) => d,
        Err(e) => return e.answer(json),
    };
    if json {
        let mut doc = done.json();
        if !recorded.is_empty() {
            doc["recorded_changes"] =
                json!(recorded.iter().map(|c| format!("C{c}")).collect::<Vec<_>>());
        }
        return print_json(&doc);
    }
    let (plan, outcome, what) = (&done.plan, &done.outcome, &done.what);
    print_recovered(&done.recovered);
    match &plan.target_hash {
        Some(_) => outln!("restored {} ({what})", plan.path),
        None => outln!("removed {} ({what}: it did not exist before)", plan.path),
    }
    if let Some(q) = &outcome.quarantine {
        outln!("the content it had is kept in {q}");
    }
    if outcome.residual.is_empty() {
        outln!("the restored content passed the checks");
    } else {
        let c = outcome
            .new_change_id
            .map(|c| format!("C{c}"))
            .unwrap_or_else(|| "the restored version".into());
        outln!(
            "the restored content still has findings ({}): they stay pending as {c}; `hookward review {c}` shows them",
            outcome.residual.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Records `path` as it is on disk now when it differs from the ledger (finishing interrupted
/// restores first), attributed to a person's rescan: the ids of the changes recorded (none when
/// the ledger already had this content).
fn record_before_restore(ctx: &mut Ctx, path: &str) -> Result<Vec<i64>, String> {
    recover_first(ctx)?;
    let o = ctx
        .guard
        .observe_paths(&mut ctx.store, &Writer::Rescan, None, &[path.to_string()])
        .map_err(|e| e.to_string())?;
    Ok(o.changes
        .iter()
        .filter(|c| c.path == path)
        .map(|c| c.change_id)
        .collect())
}

/// `C12` or `--checkpoint PATH`: the target as the command's messages name it.
fn target_word(target: &Target) -> String {
    match target {
        Target::Change(id) => format!("C{id}"),
        Target::Checkpoint(p) => format!("--checkpoint {p}"),
    }
}

/// The restore plan of `target`, after the refusals `hookward restore` makes: a change
/// already restored, or one whose earlier version `history prune` removed.
fn plan_restore(ctx: &Ctx, target: &Target) -> Result<restore::Plan, Act> {
    if let Target::Change(id) = *target {
        // A change whose earlier version was pruned must not be "restored" to an absent file.
        if let Some(c) = ctx.store.context_change(id).map_err(|e| e.to_string())? {
            if c.status == ChangeStatus::Restored {
                return Err(Act::Refused(format!(
                    "restore refused: C{id} was already restored; `hookward review --all --file {}` shows the file's changes since",
                    c.path
                )));
            }
            if let Some(v) = c.from_version {
                if ctx
                    .store
                    .context_version(v)
                    .map_err(|e| e.to_string())?
                    .is_none()
                {
                    return Err(Act::Refused(format!(
                        "restore refused: the version before C{id} was removed by `hookward history prune`; \
                         `hookward restore --checkpoint {}` restores the last version that passed the checks",
                        c.path
                    )));
                }
            }
        }
    }
    Ok(restore::plan(&ctx.guard, &ctx.store, target)?)
}

/// What `hookward restore … --apply` did.
pub struct Restored {
    /// The plan it carried out (diff redacted).
    pub plan: restore::Plan,
    /// Its outcome.
    pub outcome: Outcome,
    /// `C12` or `--checkpoint PATH`.
    pub what: String,
    /// Interrupted restores finished first.
    pub recovered: Vec<Outcome>,
}

impl Restored {
    /// The `--json` document's body.
    pub fn json(&self) -> Value {
        json!({
            "applied": true,
            "plan": crate::json::plan(&self.plan),
            "outcome": crate::json::outcome(&self.outcome),
            "recovered": crate::json::outcomes(&self.recovered),
        })
    }
}

/// `hookward restore TARGET --apply` (and the page's Restore button): finishes interrupted
/// restores, plans with the command's refusals, applies, and appends the `restore.apply`
/// audit entry.
pub fn apply_restore(ctx: &mut Ctx, target: &Target) -> Result<Restored, Act> {
    let recovered = recover_first(ctx)?;
    let mut plan = plan_restore(ctx, target)?;
    let shown = hookward_redact::redact_str(&plan.diff).into_owned();
    let what = target_word(target);
    let outcome = restore::apply(&ctx.guard, &mut ctx.store, plan.clone())?;
    plan.diff = shown;
    crate::audit::record(
        "restore.apply",
        json!({"target": what, "path": plan.path, "restored_hash": plan.target_hash,
               "quarantine": outcome.quarantine,
               "new_change": outcome.new_change_id.map(|c| format!("C{c}"))}),
    )?;
    Ok(Restored {
        plan,
        outcome,
        what,
        recovered,
    })
}

/// The page's restore of change `C<id>`: the store of the guard `hookward restore` would use
/// (the current directory's project), then [`apply_restore`].
pub fn restore_change(id: i64) -> Result<Restored, Act> {
    let g = guard(Some(project_dir(&ProjectArg::default())?))?;
    let Some(mut ctx) = open_existing(g)? else {
        return Err(Act::Refused(
            "nothing is recorded yet; `hookward context scan` records the guarded files".into(),
        ));
    };
    apply_restore(&mut ctx, &Target::Change(id))
}

fn describe_plan(plan: &restore::Plan, what: &str) {
    let version = plan
        .version_id
        .map(|v| format!(" (version {v})"))
        .unwrap_or_default();
    match (&plan.target_hash, what.starts_with('C')) {
        (None, _) => outln!(
            "restore {what}: removes {} (it did not exist before)",
            plan.path
        ),
        (Some(_), true) => outln!(
            "restore {what}: {} gets the content it had before {what}{version}",
            plan.path
        ),
        (Some(_), false) => outln!(
            "restore: {} gets its checkpoint, the last version that passed the checks{version}",
            plan.path
        ),
    }
}

/// `hookward blame FILE`.
pub fn run_blame(args: BlameArgs) -> CliResult {
    let json = args.json;
    let g = guard(Some(project_dir(&ProjectArg::default())?))?;
    let Some(ctx) = open_existing(g)? else {
        return refuse(
            json,
            &ContextError::NotTracked(args.file.display().to_string()).to_string(),
        );
    };
    let path = file_arg(&ctx.store, &args.file)?;
    let lines = match hookward_context::blame::blame(&ctx.guard, &ctx.store, &path) {
        Ok(l) => l,
        Err(e) => return context_err(json, e),
    };
    let recorded = ctx
        .store
        .context_state(&path)
        .map_err(|e| e.to_string())?
        .and_then(|s| s.hash);
    let now = std::fs::read(&path)
        .ok()
        .map(|b| hookward_context::objects::hash(&b));
    let changed = recorded != now;
    if json {
        let lines: Vec<Value> = lines
            .iter()
            .map(|l| {
                json!({
                    "line": l.line,
                    "text": hookward_redact::redact_str(&l.text),
                    "before_ledger": l.origin.is_none(),
                    "change_id": l.origin.as_ref().and_then(|o| o.change_id).map(|c| crate::json::shown_id('C', c)),
                    "version_id": l.origin.as_ref().map(|o| o.version_id),
                    "writer": l.origin.as_ref().map(|o| o.writer.clone()),
                    "ts_ms": l.origin.as_ref().map(|o| o.ts_ms),
                })
            })
            .collect();
        return print_json(
            &json!({ "path": path, "changed_since_record": changed, "lines": lines }),
        );
    }
    outln!(
        "{path}: {} line{} of the latest recorded version",
        lines.len(),
        plural(lines.len())
    );
    if changed {
        outln!("(the file changed since; `hookward context scan` records the new version)");
    }
    let w = lines
        .iter()
        .filter_map(|l| l.origin.as_ref().map(|o| o.writer.chars().count()))
        .max()
        .unwrap_or(0)
        .min(50);
    for l in &lines {
        let (label, writer) = match &l.origin {
            None => ("before ledger".to_string(), String::new()),
            Some(o) => (
                o.change_id
                    .map(|c| format!("C{c}"))
                    .unwrap_or_else(|| format!("v{}", o.version_id)),
                short(&o.writer, w),
            ),
        };
        outln!(
            "{label:<13} {writer:<w$} {:>4}| {}",
            l.line,
            hookward_redact::redact_str(&l.text)
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `s` cut to `n` characters (with `…`).
pub fn short(s: &str, n: usize) -> String {
    if s.chars().count() <= n {
        s.to_string()
    } else {
        format!(
            "{}…",
            s.chars().take(n.saturating_sub(1)).collect::<String>()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration_ms("90d"), Ok(90 * 86_400_000));
        assert_eq!(parse_duration_ms("24h"), Ok(86_400_000));
        assert_eq!(parse_duration_ms("30m"), Ok(1_800_000));
        assert_eq!(parse_duration_ms("0s"), Ok(0));
        assert_eq!(parse_duration_ms("2w"), Ok(14 * 86_400_000));
        assert!(parse_duration_ms("7 days")
            .unwrap_err()
            .contains("unknown unit"));
        assert!(parse_duration_ms("d")
            .unwrap_err()
            .contains("not a duration"));
        assert!(parse_duration_ms("99999999999999999w").is_err());
    }

    #[test]
    fn ids() {
        assert_eq!(parse_id("C12", 'C'), Ok(12));
        assert_eq!(parse_id("c12", 'C'), Ok(12));
        assert_eq!(parse_id("7", 'F'), Ok(7));
        assert!(parse_id("F7", 'C').is_err());
        assert!(parse_id("C0", 'C').is_err());
    }
}
