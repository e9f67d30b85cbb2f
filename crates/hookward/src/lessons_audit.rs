//! `hookward lessons audit`: replays the transcripts the agents already wrote (Claude Code's
//! `~/.claude/projects/**/*.jsonl`, sub-agents included, and Codex's
//! `~/.codex/sessions/**/rollout-*.jsonl`, found by `hookward_cost::transcript_files`) through
//! the hook's own learning step (`hookward_pipeline::lessons::replay`), in time order, and
//! reports what lessons would have done: failures per tool, repeat offenders (the same
//! symptom failing again), and the round-trips a lesson would have saved.
//!
//! A round-trip saved: when an episode closes into a lesson that merges into an existing one
//! (the same failure fixed the same way before, [`hookward_lessons::similar`]), the failing
//! call and every call after it up to the fix would not have been needed had the lesson been
//! shown (the episode's call count, which starts with the failing call). With `--dry-run` the replay runs in a throwaway store and nothing is
//! kept; without it the lessons land in `~/.hookward/state.db` with their transcript times.

use crate::util::{self, CliResult};
use hookward_lessons::transcript::{self, ReplayCall};
use hookward_pipeline::lessons::Learned;
use hookward_store::Store;
use hookward_sys::now_ms;
use serde::Serialize;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::process::ExitCode;

/// Calls and failures of one tool.
#[derive(Debug, Default, Serialize)]
pub struct ToolCount {
    /// Tool calls replayed.
    pub calls: u64,
    /// Of them, failures ([`hookward_lessons::outcome`]).
    pub failures: u64,
}

/// A symptom that failed more than once in a project.
#[derive(Debug, Serialize)]
pub struct Offender {
    /// The project (`~` for the home).
    pub project: String,
    /// The tool.
    pub tool: String,
    /// The normalised first error line.
    pub symptom: String,
    /// How often it failed.
    pub failures: u64,
    /// In how many sessions.
    pub sessions: u64,
}

/// A lesson the replay learned (or would learn).
#[derive(Debug, Serialize)]
pub struct AuditLesson {
    /// `L<id>` in the store written (a throwaway one with `--dry-run`).
    pub id: String,
    /// The tool.
    pub tool: String,
    /// The symptom.
    pub symptom: String,
    /// What fixed it.
    pub prescription: String,
    /// How many episodes it stands for.
    pub episodes: i64,
}

/// What the audit found.
#[derive(Debug, Default, Serialize)]
pub struct AuditReport {
    /// Nothing was stored (`--dry-run`).
    pub dry_run: bool,
    /// Transcript files read (Claude sessions, sub-agents, Codex rollouts).
    pub files: u64,
    /// Of them, Claude Code sub-agent transcripts.
    pub subagent_files: u64,
    /// Lines that were not JSON.
    pub bad_lines: u64,
    /// Files or folders that could not be read (left out).
    pub unreadable: u64,
    /// Tool calls replayed (after de-duplication by call id).
    pub calls: u64,
    /// Of them, failures.
    pub failures: u64,
    /// Per tool name.
    pub tools: BTreeMap<String, ToolCount>,
    /// Episodes that closed into a new lesson.
    pub lessons_learned: u64,
    /// Episodes that closed into an existing lesson (the same failure fixed the same way again).
    pub repeats: u64,
    /// Round-trips those repeats cost, which a shown lesson would have saved.
    pub round_trips_saved: u64,
    /// Episodes that closed without a lesson (a plain retry, no error text).
    pub closed_without_lesson: u64,
    /// Symptoms failing twice or more in a project, most frequent first (at most 20).
    pub repeat_offenders: Vec<Offender>,
    /// The lessons learned, most episodes first (at most 20).
    pub lessons: Vec<AuditLesson>,
}

/// Longest list of offenders and lessons printed.
const TOP: usize = 20;

/// Runs `hookward lessons audit`.
pub fn run(dry_run: bool, json: bool) -> CliResult {
    let home = util::user_home()?;
    let report = audit(&home, dry_run)?;
    if json {
        return crate::json::print(serde_json::to_value(&report).unwrap_or_default());
    }
    print_report(&report);
    Ok(ExitCode::SUCCESS)
}

/// Replays the transcripts under `home` ([module docs](self)). Errors: a transcript root or
/// the store that cannot be opened, worded for people.
pub fn audit(home: &std::path::Path, dry_run: bool) -> Result<AuditReport, String> {
    let mut unreadable = Vec::new();
    let files =
        hookward_cost::transcript_files(home, &mut unreadable).map_err(|e| e.to_string())?;
    let mut r = AuditReport {
        dry_run,
        ..AuditReport::default()
    };
    let mut calls: Vec<(i64, usize, ReplayCall)> = Vec::new();
    for f in &files {
        let bytes = match std::fs::read(&f.path) {
            Ok(b) => b,
            Err(_) => {
                r.unreadable += 1;
                continue;
            }
        };
        let text = String::from_utf8_lossy(&bytes);
        let replay = match f.source {
            hookward_cost::Source::Claude => transcript::claude(&text),
            hookward_cost::Source::Codex => transcript::codex(&text),
            // Gemini CLI's chat files are read for cost only
            hookward_cost::Source::Gemini => continue,
        };
        r.files += 1;
        if f.path.components().any(|c| c.as_os_str() == "subagents") {
            r.subagent_files += 1;
        }
        r.bad_lines += replay.bad_lines as u64;
        let mut last = 0;
        for c in replay.calls {
            let ts = c
                .timestamp
                .as_deref()
                .and_then(util::parse_rfc3339_ms)
                .unwrap_or(last);
            last = ts;
            let n = calls.len();
            calls.push((ts, n, c));
        }
    }
    r.unreadable += unreadable.len() as u64;
    // time order across files (sessions of a project within 30 minutes meet), file order
    // for equal times
    calls.sort_by_key(|(ts, n, _)| (*ts, *n));
    let times: Vec<i64> = calls.iter().map(|(ts, _, _)| *ts).collect();
    let calls = calls.into_iter().map(|(_, _, c)| c).zip(times);
    let mut seen: HashSet<(hookward_core::Agent, String)> = HashSet::new();
    let calls: Vec<(ReplayCall, i64)> = calls
        .filter(|(c, _)| match &c.id {
            Some(id) => seen.insert((c.agent, id.clone())),
            None => true,
        })
        .collect();

    let tmp;
    let store = if dry_run {
        tmp = tempfile::tempdir().map_err(|e| format!("cannot make a temp folder: {e}"))?;
        Store::open(&tmp.path().join("state.db")).map_err(|e| e.to_string())?
    } else {
        Store::open(&util::home()?.join("state.db")).map_err(|e| e.to_string())?
    };
    let home_s = home.to_string_lossy().into_owned();
    let mut offenders: HashMap<(String, String, String), (u64, HashSet<String>)> = HashMap::new();
    let mut learned_ids: Vec<i64> = Vec::new();
    for (c, ts) in calls {
        let Some((event, learned)) =
            hookward_pipeline::lessons::replay(c.agent, c.payload, &home_s, ts, &store)
                .map_err(|e| e.to_string())?
        else {
            continue;
        };
        let Some(tool) = event.tool.as_ref() else {
            continue;
        };
        r.calls += 1;
        let t = r.tools.entry(tool.name.clone()).or_default();
        t.calls += 1;
        if let hookward_lessons::Outcome::Failure(f) = hookward_lessons::outcome(&event) {
            t.failures += 1;
            r.failures += 1;
            let project = event.cwd.clone().unwrap_or_default();
            let scrub = hookward_lessons::Scrub {
                home: Some(home_s.clone()),
                project: Some(project.clone()),
            };
            let symptom = hookward_lessons::symptom(&scrub.text(&f.text));
            if !symptom.is_empty() {
                let shown = hookward_lessons::Scrub {
                    home: Some(home_s.clone()),
                    project: None,
                }
                .text(&project);
                let e = offenders
                    .entry((shown, tool.name.clone(), symptom))
                    .or_default();
                e.0 += 1;
                e.1.insert(event.session_id.clone().unwrap_or_default());
            }
        }
        match learned {
            Learned::Lesson {
                id, merged, calls, ..
            } => {
                if merged {
                    r.repeats += 1;
                    r.round_trips_saved += calls.max(1) as u64;
                } else {
                    r.lessons_learned += 1;
                }
                if !learned_ids.contains(&id) {
                    learned_ids.push(id);
                }
            }
            Learned::Closed { .. } => r.closed_without_lesson += 1,
            _ => {}
        }
    }
    let mut offenders: Vec<Offender> = offenders
        .into_iter()
        .filter(|(_, (n, _))| *n >= 2)
        .map(|((project, tool, symptom), (n, s))| Offender {
            project,
            tool,
            symptom,
            failures: n,
            sessions: s.len() as u64,
        })
        .collect();
    offenders.sort_by(|a, b| {
        b.failures
            .cmp(&a.failures)
            .then_with(|| (&a.project, &a.tool, &a.symptom).cmp(&(&b.project, &b.tool, &b.symptom)))
    });
    offenders.truncate(TOP);
    r.repeat_offenders = offenders;
    let mut lessons = Vec::new();
    for id in learned_ids {
        if let Some(row) = store.lesson(id).map_err(|e| e.to_string())? {
            lessons.push(AuditLesson {
                id: row.display_id(),
                tool: row.lesson.tool.clone(),
                symptom: row.lesson.symptom.clone(),
                prescription: row.lesson.prescription.clone(),
                episodes: row.merged,
            });
        }
    }
    lessons.sort_by_key(|l| std::cmp::Reverse(l.episodes));
    lessons.truncate(TOP);
    r.lessons = lessons;
    Ok(r)
}

fn short(s: &str, n: usize) -> String {
    hookward_lessons::distill::cap_chars(&s.replace('\n', " "), n)
}

fn print_report(r: &AuditReport) {
    outln!(
        "replayed {} tool calls from {} transcript files ({} sub-agent){}",
        r.calls,
        r.files,
        r.subagent_files,
        if r.dry_run {
            "; dry run, nothing stored"
        } else {
            ""
        }
    );
    if r.bad_lines > 0 || r.unreadable > 0 {
        outln!(
            "skipped {} lines that are not JSON, {} unreadable files or folders",
            r.bad_lines,
            r.unreadable
        );
    }
    if r.calls == 0 {
        outln!("no tool calls found under ~/.claude/projects or ~/.codex/sessions");
        return;
    }
    outln!();
    outln!("failures per tool");
    let mut tools: Vec<(&String, &ToolCount)> = r.tools.iter().collect();
    tools.sort_by(|a, b| b.1.failures.cmp(&a.1.failures).then(a.0.cmp(b.0)));
    for (name, t) in tools {
        outln!(
            "  {:24} {:>5} failed of {:>6} calls",
            short(name, 24),
            t.failures,
            t.calls
        );
    }
    outln!();
    outln!("repeat offenders (the same failure twice or more in a project)");
    if r.repeat_offenders.is_empty() {
        outln!("  none");
    }
    for o in &r.repeat_offenders {
        outln!(
            "  {:>3}x in {} session{}  {} {}: {}",
            o.failures,
            o.sessions,
            if o.sessions == 1 { "" } else { "s" },
            o.project,
            o.tool,
            short(&o.symptom, 90)
        );
    }
    outln!();
    outln!(
        "lessons {}: {} (from {} episodes; {} closed without a lesson: retries, code fixes, no error text)",
        if r.dry_run {
            "that would be learned"
        } else {
            "learned"
        },
        r.lessons_learned,
        r.lessons_learned + r.repeats,
        r.closed_without_lesson
    );
    for l in &r.lessons {
        outln!(
            "  {:5} {:10} {}",
            l.id,
            short(&l.tool, 10),
            short(&l.symptom, 80)
        );
        outln!("        fix: {}", short(&l.prescription, 100));
    }
    outln!();
    outln!(
        "round-trips lessons would have saved: {} ({} failures fixed again the way an earlier lesson says)",
        r.round_trips_saved,
        r.repeats
    );
}

/// Failures of one tool or program family in the coverage window.
#[derive(Debug, Default, Serialize)]
pub struct CoverageRow {
    /// Failures.
    pub failures: u64,
    /// Of them, failures a lesson in force would have been recalled for.
    pub covered: u64,
}

/// What `lessons coverage` found.
#[derive(Debug, Default, Serialize)]
pub struct CoverageReport {
    /// The window, in days back from now.
    pub days: u32,
    /// Tool calls in the window (transcripts of Claude Code and Codex).
    pub calls: u64,
    /// Of them, failures.
    pub failures: u64,
    /// Failures for which a lesson in force would be recalled before the failing call (the
    /// hook's `PreToolUse` recall on the call's command or file, in its project).
    pub covered: u64,
    /// Per program family (shell calls) or tool name (others).
    pub by_kind: BTreeMap<String, CoverageRow>,
    /// Failures no lesson covers, most frequent first (at most 20).
    pub uncovered: Vec<Offender>,
}

/// Runs `hookward lessons coverage --days N`: the failures in the agents' transcripts of the
/// last `days` days, and how many a lesson in force (in the store, nothing written) would
/// have been recalled for before the call was made.
pub fn coverage(days: u32, json: bool) -> CliResult {
    let home = util::user_home()?;
    let r = coverage_of(&home, days, now_ms())?;
    if json {
        return crate::json::print(serde_json::to_value(&r).unwrap_or_default());
    }
    outln!(
        "last {} days: {} failures in {} tool calls; {} ({}) would have met a lesson in force",
        r.days,
        r.failures,
        r.calls,
        r.covered,
        percent(r.covered, r.failures)
    );
    if r.failures == 0 {
        return Ok(ExitCode::SUCCESS);
    }
    outln!();
    let mut kinds: Vec<(&String, &CoverageRow)> = r.by_kind.iter().collect();
    kinds.sort_by(|a, b| b.1.failures.cmp(&a.1.failures).then(a.0.cmp(b.0)));
    for (k, row) in kinds {
        outln!(
            "  {:16} {:>4} failures, {:>4} covered ({})",
            short(k, 16),
            row.failures,
            row.covered,
            percent(row.covered, row.failures)
        );
    }
    if !r.uncovered.is_empty() {
        outln!();
        outln!("not covered, most frequent:");
        for o in &r.uncovered {
            outln!(
                "  {:>3}x  {} {}: {}",
                o.failures,
                o.project,
                o.tool,
                short(&o.symptom, 90)
            );
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn percent(a: u64, b: u64) -> String {
    if b == 0 {
        "-".into()
    } else {
        format!("{:.0} %", a as f64 * 100.0 / b as f64)
    }
}

/// [`coverage`]'s work at `now_ms` (the tests pin it).
pub fn coverage_of(
    home: &std::path::Path,
    days: u32,
    now_ms: i64,
) -> Result<CoverageReport, String> {
    let since = now_ms - i64::from(days) * 86_400_000;
    // recall as the hook would now: with the configured half-life (lessons.half_life_days)
    let half_life_ms = util::load_config()?.lessons.half_life_ms();
    let mut unreadable = Vec::new();
    let files =
        hookward_cost::transcript_files(home, &mut unreadable).map_err(|e| e.to_string())?;
    let store = match Store::open_existing(&util::home()?.join("state.db")) {
        Ok(s) => Some(s),
        Err(hookward_store::StoreError::Missing { .. }) => None,
        Err(e) => return Err(e.to_string()),
    };
    let home_s = home.to_string_lossy().into_owned();
    let mut r = CoverageReport {
        days,
        ..CoverageReport::default()
    };
    let mut seen: HashSet<(hookward_core::Agent, String)> = HashSet::new();
    let mut uncovered: HashMap<(String, String, String), (u64, HashSet<String>)> = HashMap::new();
    let wire = hookward_core::wire::Env { project_dir: None };
    for f in &files {
        let Ok(bytes) = std::fs::read(&f.path) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        let replay = match f.source {
            hookward_cost::Source::Claude => transcript::claude(&text),
            hookward_cost::Source::Codex => transcript::codex(&text),
            // Gemini CLI's chat files are read for cost only
            hookward_cost::Source::Gemini => continue,
        };
        for c in replay.calls {
            let ts = c.timestamp.as_deref().and_then(util::parse_rfc3339_ms);
            if ts.is_none_or(|t| t < since || t > now_ms) {
                continue;
            }
            if let Some(id) = &c.id {
                if !seen.insert((c.agent, id.clone())) {
                    continue;
                }
            }
            let Ok(event) = (hookward_pipeline::profile(c.agent).event_of)(c.payload, &wire) else {
                continue;
            };
            let Some(tool) = event.tool.as_ref() else {
                continue;
            };
            r.calls += 1;
            let hookward_lessons::Outcome::Failure(fail) = hookward_lessons::outcome(&event) else {
                continue;
            };
            let project = event.cwd.clone().unwrap_or_default();
            let scrub = hookward_lessons::Scrub {
                home: Some(home_s.clone()),
                project: Some(project.clone()),
            };
            let Some(call) = hookward_lessons::CallSummary::of(&event, &scrub) else {
                continue;
            };
            r.failures += 1;
            let family = call.family();
            let kind = family.clone().unwrap_or_else(|| tool.name.clone());
            let text = format!(
                "{} {}",
                call.what(),
                call.detail.clone().unwrap_or_default()
            );
            let covered = match &store {
                Some(s) => !s
                    .recall_lessons(&hookward_store::RecallQuery {
                        project: &project,
                        text: &text,
                        family: family.as_deref(),
                        file: call.file.as_deref(),
                        now_ms,
                        half_life_ms,
                        limit: 3,
                    })
                    .map_err(|e| e.to_string())?
                    .is_empty(),
                None => false,
            };
            let row = r.by_kind.entry(kind).or_default();
            row.failures += 1;
            if covered {
                row.covered += 1;
                r.covered += 1;
            } else {
                let symptom = hookward_lessons::symptom(&scrub.text(&fail.text));
                let shown = hookward_lessons::Scrub {
                    home: Some(home_s.clone()),
                    project: None,
                }
                .text(&project);
                let e = uncovered
                    .entry((shown, tool.name.clone(), symptom))
                    .or_default();
                e.0 += 1;
                e.1.insert(event.session_id.clone().unwrap_or_default());
            }
        }
    }
    let mut list: Vec<Offender> = uncovered
        .into_iter()
        .map(|((project, tool, symptom), (n, s))| Offender {
            project,
            tool,
            symptom,
            failures: n,
            sessions: s.len() as u64,
        })
        .collect();
    list.sort_by(|a, b| {
        b.failures
            .cmp(&a.failures)
            .then_with(|| (&a.project, &a.tool, &a.symptom).cmp(&(&b.project, &b.tool, &b.symptom)))
    });
    list.truncate(TOP);
    r.uncovered = list;
    Ok(r)
}
