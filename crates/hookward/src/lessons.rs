//! `hookward lessons`: list, show, forget the lessons hookward learned from failed-then-fixed
//! tool calls, and their counts (issue 14). Ids are `L<id>` (`L7` or `7` accepted).

use crate::lessons_share as share;
use crate::util::{self, fmt_ts, CliResult};
use hookward_store::{LessonQuery, LessonRow, Store, StoreError};
use serde_json::Value;
use std::process::ExitCode;

/// `hookward lessons` subcommands.
#[derive(clap::Subcommand)]
pub enum LessonsCommand {
    /// Lists the lessons in force, newest first (with --all, retired ones too).
    List {
        /// Retired lessons too.
        #[arg(long)]
        all: bool,
        /// Only the lessons of this project folder.
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// At most this many.
        #[arg(long, default_value_t = 50)]
        limit: usize,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Shows one lesson (L7): what failed, what fixed it, where it came from, how it fared.
    Show {
        /// The lesson id as `hookward lessons list` shows it (`L7` or `7`).
        id: String,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Deletes a lesson (L7) and its delivery records; it is never shown again.
    Forget {
        /// The lesson id (`L7` or `7`).
        id: String,
        /// Print what was forgotten as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Counts: lessons in force and retired, open episodes, deliveries, hits and misses.
    Stats {
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Writes the project's lessons in force as a Claude Code skill (SKILL.md) or JSON.
    Export {
        /// Only lessons with at least this many hits.
        #[arg(long, default_value_t = 0)]
        min_hits: i64,
        /// `skill` (a SKILL.md on stdout) or `json` (what `import` reads).
        #[arg(long, default_value = "skill")]
        format: String,
        /// The project folder (default: the current folder).
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// Print as JSON (same as --format json).
        #[arg(long)]
        json: bool,
    },
    /// Adds lessons from a JSON file (`export --format json`); a lesson the injection scanner
    /// flags is refused.
    Import {
        /// The JSON file.
        file: std::path::PathBuf,
        /// The project folder they belong to (default: the current folder).
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Writes the project's lessons between hookward's markers in AGENTS.md (or --out);
    /// the file is written only when the list changed.
    SyncDoc {
        /// The file (default: AGENTS.md in the project folder).
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Only lessons with at least this many hits.
        #[arg(long, default_value_t = 0)]
        min_hits: i64,
        /// The project folder (default: the current folder).
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Checks a unified diff: added lines in generated lesson blocks must be as sync-doc
    /// writes them and not flagged by the injection scanner (exit 1 otherwise).
    CiCheck {
        /// The diff file (`git diff` output).
        #[arg(long)]
        diff: std::path::PathBuf,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Adds a reviewed starter pack (git, node, python, rust, docker) to the project, or
    /// removes it with --remove; without a pack, lists them.
    Seed {
        /// The pack.
        pack: Option<String>,
        /// Remove the pack's lessons instead.
        #[arg(long)]
        remove: bool,
        /// The project folder (default: the current folder).
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Merges near-duplicate lessons in force (same symptom and tool, prescriptions ≥ 70 %
    /// alike).
    Consolidate {
        /// Say what would merge, change nothing.
        #[arg(long)]
        dry_run: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// How many of the last days' failures (in the Claude Code and Codex transcripts) a lesson
    /// in force would have been recalled for; nothing is written.
    Coverage {
        /// The window, in days back from now.
        #[arg(long, default_value_t = 30)]
        days: u32,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Rewrites the project's lessons into plain sentences with an OpenAI-compatible model
    /// server on this machine (off unless an endpoint is given; a rewrite that drops the fix
    /// or that the injection scanner flags is not kept).
    Rewrite {
        /// The endpoint, e.g. http://127.0.0.1:8080/v1 (loopback only); default:
        /// `lessons.rewrite_endpoint` in config.toml, or the HOOKWARD_LESSONS_REWRITE_ENDPOINT
        /// variable.
        #[arg(long)]
        endpoint: Option<String>,
        /// The model name the server expects; default: `lessons.rewrite_model` ("local").
        #[arg(long)]
        model: Option<String>,
        /// The project folder (default: the current folder).
        #[arg(long)]
        project: Option<std::path::PathBuf>,
        /// Show before and after; save nothing.
        #[arg(long)]
        dry_run: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Replays the Claude Code transcripts (sub-agents included) and Codex rollouts under your
    /// home through the hook's learning step: failures per tool, repeat offenders, and the
    /// round-trips lessons would have saved.
    Audit {
        /// Replay in a throwaway store: learn nothing, store nothing.
        #[arg(long)]
        dry_run: bool,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// The store, or `None` on a fresh home (nothing learned yet: not an error).
fn open() -> Result<Option<Store>, String> {
    let path = util::home()?.join("state.db");
    match Store::open_existing(&path) {
        Ok(s) => Ok(Some(s)),
        Err(StoreError::Missing { .. }) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// `L7` or `7` → 7. Errors: anything else, worded for people.
fn parse_id(s: &str) -> Result<i64, String> {
    s.strip_prefix(['L', 'l'])
        .unwrap_or(s)
        .parse::<i64>()
        .ok()
        .filter(|n| *n > 0)
        .ok_or_else(|| format!("`{s}` is not a lesson id; write it as L7"))
}

/// A lesson as JSON: `id` is `"L7"`, the lesson's fields beside the counts, `parent_id` in
/// the provenance `"L…"` too.
fn lesson_json(r: &LessonRow) -> Value {
    let mut v = serde_json::to_value(r).unwrap_or_default();
    crate::json::set_id(&mut v, "id", 'L');
    if let Some(Value::Object(fields)) = v.as_object_mut().and_then(|o| o.shift_remove("lesson")) {
        for (k, x) in fields {
            v[k] = x;
        }
    }
    if let Some(p) = v.get_mut("provenance") {
        crate::json::set_id(p, "parent_id", 'L');
    }
    v
}

fn state(r: &LessonRow) -> &'static str {
    if r.retired_ms.is_some() {
        "retired"
    } else {
        "in force"
    }
}

/// Runs a `hookward lessons` subcommand.
pub fn run(command: LessonsCommand) -> CliResult {
    match command {
        LessonsCommand::List {
            all,
            project,
            limit,
            json,
        } => list(all, project, limit, json),
        LessonsCommand::Show { id, json } => show(&id, json),
        LessonsCommand::Forget { id, json } => forget(&id, json),
        LessonsCommand::Stats { json } => stats(json),
        LessonsCommand::Audit { dry_run, json } => crate::lessons_audit::run(dry_run, json),
        LessonsCommand::Coverage { days, json } => crate::lessons_audit::coverage(days, json),
        LessonsCommand::Rewrite {
            endpoint,
            model,
            project,
            dry_run,
            json,
        } => crate::lessons_rewrite::run(endpoint, model, project, dry_run, json),
        LessonsCommand::Export {
            min_hits,
            format,
            project,
            json,
        } => share::export(project, min_hits, &format, json),
        LessonsCommand::Import {
            file,
            project,
            json,
        } => share::import(&file, project, json),
        LessonsCommand::SyncDoc {
            out,
            min_hits,
            project,
            json,
        } => share::sync_doc(out, project, min_hits, json),
        LessonsCommand::CiCheck { diff, json } => share::ci_check(&diff, json),
        LessonsCommand::Seed {
            pack,
            remove,
            project,
            json,
        } => share::seed(pack.as_deref(), remove, project, json),
        LessonsCommand::Consolidate { dry_run, json } => share::consolidate(dry_run, json),
    }
}

fn list(all: bool, project: Option<std::path::PathBuf>, limit: usize, json: bool) -> CliResult {
    let rows = match open()? {
        Some(store) => store
            .lessons(&LessonQuery {
                project: project.map(|p| p.display().to_string()),
                include_retired: all,
                limit,
            })
            .map_err(|e| e.to_string())?,
        None => Vec::new(),
    };
    if json {
        return crate::json::print(rows.iter().map(lesson_json).collect());
    }
    if rows.is_empty() {
        outln!("no lessons learned yet");
    }
    for r in &rows {
        let l = &r.lesson;
        outln!(
            "{:5} {} {:10} {:12} {:>3} shown {:>3} hits {}{}",
            r.display_id(),
            fmt_ts(r.updated_ms),
            short(&l.tool, 10),
            short(l.family.as_deref().or(l.file.as_deref()).unwrap_or("-"), 12),
            r.deliveries,
            r.hits,
            short(&l.symptom, 70),
            if r.retired_ms.is_some() {
                " (retired)"
            } else {
                ""
            }
        );
        outln!("      fix: {}", short(&l.prescription, 100));
    }
    Ok(ExitCode::SUCCESS)
}

/// Lesson `n` and its store; `Ok(Err(message))` when there is no such lesson (a missing
/// record, which the commands refuse with exit 1 like `review C99`), `Err` when the store
/// cannot be read (exit 2).
fn lookup(n: i64) -> Result<Result<(Store, LessonRow), String>, String> {
    let Some(store) = open()? else {
        return Ok(Err(format!("no lesson L{n}: nothing has been learned yet")));
    };
    Ok(match store.lesson(n).map_err(|e| e.to_string())? {
        Some(row) => Ok((store, row)),
        None => Err(format!(
            "no lesson L{n} (see `hookward lessons list --all`)"
        )),
    })
}

fn find_id(n: i64) -> Result<(Store, LessonRow), String> {
    lookup(n)?
}

/// `hookward lessons forget L<n>` (and the page's Forget button): removes the lesson.
/// Returns the row it removed.
///
/// # Errors
/// No such lesson, or the store.
pub fn forget_lesson(n: i64) -> Result<LessonRow, String> {
    let (store, r) = find_id(n)?;
    store.forget_lesson(r.id).map_err(|e| e.to_string())?;
    Ok(r)
}

fn show(id: &str, json: bool) -> CliResult {
    let (_, r) = match lookup(parse_id(id)?)? {
        Ok(found) => found,
        Err(missing) => return crate::context::refuse(json, &missing),
    };
    if json {
        return crate::json::print(lesson_json(&r));
    }
    let l = &r.lesson;
    let p = &l.provenance;
    outln!("{} ({})", r.display_id(), state(&r));
    outln!("  project       {}", r.project);
    outln!("  tool          {}", l.tool);
    if let Some(f) = &l.family {
        outln!("  family        {f}");
    }
    if let Some(f) = &l.file {
        outln!("  file          {f}");
    }
    outln!("  symptom       {}", l.symptom);
    outln!("  prescription  {}", l.prescription);
    if !l.diff.is_empty() {
        outln!("  diff          {}", l.diff);
    }
    outln!("  triggers      {}", l.triggers.join(" "));
    outln!(
        "  learned       {}{}",
        fmt_ts(r.created_ms),
        if r.merged > 1 {
            format!(" (from {} episodes)", r.merged)
        } else {
            String::new()
        }
    );
    outln!(
        "  shown         {} times: {} hits, {} misses",
        r.deliveries,
        r.hits,
        r.misses
    );
    if let Some(t) = r.retired_ms {
        outln!("  retired       {}", fmt_ts(t));
    }
    let mut from = vec![format!("agent {}", p.agent)];
    if let Some(s) = &p.session {
        from.push(format!("session {s}"));
    }
    if let Some(s) = &p.fix_session {
        from.push(format!("fixed in session {s}"));
    }
    if let Some(c) = &p.failing_call {
        from.push(format!("failing call {c}"));
    }
    if let Some(c) = &p.fixing_call {
        from.push(format!("fixing call {c}"));
    }
    outln!("  from          {}", from.join(", "));
    if !p.repair_path.is_empty() {
        outln!("  repair        {}", p.repair_path.join(", "));
    }
    if !p.env.is_empty() {
        let setup: Vec<String> = p.env.0.iter().map(|(k, v)| format!("{k} {v}")).collect();
        outln!("  setup         {}", setup.join(", "));
        let changed = p
            .env
            .changed(&hookward_pipeline::lessons::envprint_of(&r.project));
        if !changed.is_empty() {
            outln!(
                "  probation     the setup changed since: {}",
                changed.join(", ")
            );
        }
    }
    outln!(
        "  shown as      {}",
        hookward_lessons::delivery_text(r.id, &l.tool, &l.symptom, &l.prescription, 600)
    );
    Ok(ExitCode::SUCCESS)
}

fn forget(id: &str, json: bool) -> CliResult {
    let n = parse_id(id)?;
    if let Err(missing) = lookup(n)? {
        return crate::context::refuse(json, &missing);
    }
    let r = forget_lesson(n)?;
    if json {
        return crate::json::print(serde_json::json!({"forgotten": r.display_id()}));
    }
    outln!(
        "forgot {}: {}",
        r.display_id(),
        short(&r.lesson.symptom, 80)
    );
    Ok(ExitCode::SUCCESS)
}

fn stats(json: bool) -> CliResult {
    let s = match open()? {
        Some(store) => store.lesson_stats().map_err(|e| e.to_string())?,
        None => hookward_store::LessonStats::default(),
    };
    if json {
        return crate::json::print(serde_json::to_value(&s).unwrap_or_default());
    }
    outln!("lessons in force  {}", s.active);
    outln!("retired           {}", s.retired);
    outln!("open episodes     {}", s.open_episodes);
    outln!(
        "shown             {} times: {} hits, {} misses",
        s.deliveries,
        s.hits,
        s.misses
    );
    Ok(ExitCode::SUCCESS)
}

fn short(s: &str, n: usize) -> String {
    hookward_lessons::distill::cap_chars(&s.replace('\n', " "), n)
}
