//! `hookward cost` (issue 21): what the agent sessions cost, from the Claude Code transcripts,
//! Codex rollouts and Gemini CLI chat recordings under `$HOME`, priced by the offline table of `hookward-cost` and the
//! config's `[cost] prices`. Each run first brings the store's cost index up to date
//! (`hookward_cost::index`: only what was appended since the last run is read), then sums from
//! the index; with budgets configured it also writes the budget state the hook's
//! `UserPromptSubmit` notice reads (`hookward_cost::budget`). `--index-only` does just that,
//! silently: what the hook starts in the background at SessionStart.

use crate::util::CliResult;
use clap::{Args, ValueEnum};
use hookward_cost::{budget, Day, GroupBy, ModelPrice, Period, PriceTable, Row, Summary};
use hookward_store::{CostGroupBy, CostQuery};
use serde_json::{json, Value};
use std::process::ExitCode;

/// `hookward cost` arguments.
#[derive(Args)]
pub struct CostArgs {
    /// Which days count, ending today (UTC): today, 7d, 30d or all.
    #[arg(long, value_enum, default_value_t = PeriodArg::D7)]
    period: PeriodArg,
    /// One row per model, project, session or day.
    #[arg(long, value_enum, default_value_t = ByArg::Model)]
    by: ByArg,
    /// The last day of the period, YYYY-MM-DD (default: today, UTC).
    #[arg(long, value_name = "DAY")]
    as_of: Option<String>,
    /// Only this project: the folder an agent ran in, and the folders below it (`.` = the
    /// current folder).
    #[arg(long, value_name = "P")]
    project: Option<String>,
    /// Print as JSON.
    #[arg(long)]
    json: bool,
    /// Only bring the index and the budget state up to date; print nothing (the hook's
    /// SessionStart refresh).
    #[arg(long, hide = true)]
    index_only: bool,
}

/// `--period` words.
#[derive(Clone, Copy, ValueEnum)]
enum PeriodArg {
    /// The last day alone.
    Today,
    /// The last 7 days.
    #[value(name = "7d")]
    D7,
    /// The last 30 days.
    #[value(name = "30d")]
    D30,
    /// Every request on disk.
    All,
}

/// `--by` words.
#[derive(Clone, Copy, ValueEnum)]
enum ByArg {
    Model,
    Project,
    Session,
    Day,
}

/// Runs `hookward cost`. Errors (exit 2): HOME unset, a bad `--as-of`, a transcript root
/// that cannot be listed, a store that cannot be opened or written.
pub fn run(args: CostArgs) -> CliResult {
    let as_of = match &args.as_of {
        None => None,
        Some(s) => {
            Some(Day::parse(s).ok_or_else(|| format!("--as-of {s:?}: expected YYYY-MM-DD"))?)
        }
    };
    let period = match args.period {
        PeriodArg::Today => Period::Today,
        PeriodArg::D7 => Period::Days7,
        PeriodArg::D30 => Period::Days30,
        PeriodArg::All => Period::All,
    };
    let by = match args.by {
        ByArg::Model => GroupBy::Model,
        ByArg::Project => GroupBy::Project,
        ByArg::Session => GroupBy::Session,
        ByArg::Day => GroupBy::Day,
    };
    let project = args.project.as_deref().map(project_arg).transpose()?;
    let Some((s, found)) = gather(period, by, project, as_of, args.index_only)? else {
        return Ok(ExitCode::SUCCESS);
    };
    if args.json {
        return crate::json::print(document(&s, &found));
    }
    for line in text(&s, &found) {
        outln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
}

/// The `hookward cost --json` document for the UI's cost page (`GET /api/cost`): `period` is
/// `today`, `7d`, `30d` or `all`, `by` is `model`, `project`, `session` or `day`, `project` an
/// absolute path (the folder and below) or a recorded project name.
///
/// Errors: an unknown word, and the errors of `hookward cost`.
pub fn document_for(period: &str, by: &str, project: Option<&str>) -> Result<Value, String> {
    let period = match period {
        "today" => Period::Today,
        "7d" => Period::Days7,
        "30d" => Period::Days30,
        "all" => Period::All,
        p => {
            return Err(format!(
                "unknown period {p:?}: expected today, 7d, 30d or all"
            ))
        }
    };
    let by = match by {
        "model" => GroupBy::Model,
        "project" => GroupBy::Project,
        "session" => GroupBy::Session,
        "day" => GroupBy::Day,
        b => {
            return Err(format!(
                "unknown grouping {b:?}: expected model, project, session or day"
            ))
        }
    };
    let project = project.map(hookward_config::project_key);
    let (s, found) =
        gather(period, by, project, None, false)?.ok_or_else(|| "nothing computed".to_string())?;
    Ok(crate::json::doc(document(&s, &found)))
}

/// Index, budget state, then (unless `index_only`) the sums. `as_of`: `None` = today.
fn gather(
    period: Period,
    by: GroupBy,
    project: Option<String>,
    as_of_arg: Option<Day>,
    index_only: bool,
) -> Result<Option<(Summary, Found)>, String> {
    let home = crate::util::user_home()?;
    let hw_home = crate::util::home()?;
    let config = crate::util::load_config()?;
    let as_of = as_of_arg.unwrap_or_else(Day::today);
    let prices = prices(&config)?;
    let store = hookward_store::Store::open(&hw_home.join("state.db"))
        .map_err(|e| format!("cost index: {e}"))?;
    let report = hookward_cost::index(&home, &store).map_err(|e| e.to_string())?;
    let budgets = budgets(&config);
    let state_path = hw_home.join(budget::STATE_FILE);
    let state = if budgets.any() {
        let today = as_of;
        let st = budget::compute(&store, &prices, &budgets, today, hookward_sys::now_ms())
            .map_err(|e| e.to_string())?;
        // the notice compares the state's day with today; only a state of today is written
        if today == Day::today() {
            budget::write_state(&state_path, &st)
                .map_err(|e| format!("writing {}: {e}", state_path.display()))?;
        }
        Some(st)
    } else {
        budget::remove_state(&state_path);
        None
    };
    if index_only {
        return Ok(None);
    }
    let groups = store
        .cost_groups(
            &CostQuery {
                days: period.range(as_of).map(|(f, t)| (f.0, t.0)),
                project: project.clone(),
            },
            match by {
                GroupBy::Model => CostGroupBy::Model,
                GroupBy::Project => CostGroupBy::Project,
                GroupBy::Session => CostGroupBy::Session,
                GroupBy::Day => CostGroupBy::Day,
            },
        )
        .map_err(|e| e.to_string())?;
    let groups = groups.into_iter().map(|g| {
        let mut g = budget::group_of(g);
        if by == GroupBy::Day {
            if let Ok(d) = g.key.parse::<i64>() {
                g.key = Day(d).to_string();
            }
        }
        g
    });
    let s = hookward_cost::summarize_groups(groups, &prices, period, by, as_of);
    let (files, bad_lines) = store.cost_file_stats().map_err(|e| e.to_string())?;
    let found = Found {
        files: report.files,
        indexed: files,
        bad_lines,
        report,
        project,
        state,
    };
    Ok(Some((s, found)))
}

/// What the run found besides the sums.
struct Found {
    /// Transcript files on disk now.
    files: usize,
    /// Files in the index (also those gone from disk since).
    #[allow(dead_code)]
    indexed: u64,
    /// Lines not understood, over the indexed files.
    bad_lines: u64,
    report: hookward_cost::IndexReport,
    project: Option<String>,
    state: Option<budget::BudgetState>,
}

/// `--project`: `.` or a relative path is made absolute from the current folder; a trailing
/// `/` is dropped.
fn project_arg(p: &str) -> Result<String, String> {
    if p.is_empty() {
        return Err("--project: empty".into());
    }
    let path = std::path::Path::new(p);
    let abs = if path.is_absolute() {
        path.to_path_buf()
    } else if p == "." || p.starts_with("./") || p.starts_with("../") || path.is_dir() {
        std::env::current_dir()
            .map_err(|e| format!("--project {p}: {e}"))?
            .join(path)
    } else {
        // a name as the transcript recorded it (a Claude project folder name)
        return Ok(p.to_string());
    };
    let mut out = std::path::PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    Ok(hookward_config::project_key(&out.to_string_lossy()))
}

/// The shipped table with the config's `[cost.prices]` in force.
fn prices(config: &hookward_config::Config) -> Result<PriceTable, String> {
    let mut t = PriceTable::builtin().map_err(|e| e.to_string())?;
    for (id, p) in &config.cost.prices {
        t.set(ModelPrice {
            id: id.clone(),
            input: p.input,
            output: p.output,
            cache_read: p.cache_read,
            cache_write_5m: p.cache_write_5m,
            cache_write_1h: p.cache_write_1h,
            source: "config.toml [cost.prices]".into(),
        });
    }
    Ok(t)
}

/// The config's budgets.
pub fn budgets(config: &hookward_config::Config) -> budget::Budgets {
    budget::Budgets {
        daily_micro: config.cost.daily_budget_micro,
        threshold_permille: config.cost.alert_threshold_permille,
        projects: config.cost.project_budgets_micro.clone(),
    }
}

/// Dollars with 6 decimals as a JSON number, `null` when nothing of the row is priced.
fn usd_json(r: &Row) -> Value {
    if r.cost.unpriced_requests == r.requests && r.requests > 0 {
        return Value::Null;
    }
    // micro-dollars, rounded half up, then as a decimal number
    let micro = (r.cost.priced_pico + 500_000) / 1_000_000;
    serde_json::from_str(&format!("{}.{:06}", micro / 1_000_000, micro % 1_000_000))
        .unwrap_or(Value::Null)
}

fn row_json(r: &Row) -> Value {
    json!({
        "key": r.key,
        "requests": r.requests,
        "input_tokens": r.usage.input,
        "cache_write_5m_tokens": r.usage.cache_write_5m,
        "cache_write_1h_tokens": r.usage.cache_write_1h,
        "cache_read_tokens": r.usage.cache_read,
        "output_tokens": r.usage.output,
        "reasoning_output_tokens": r.usage.reasoning_output,
        "cost_usd": usd_json(r),
        "unpriced_requests": r.cost.unpriced_requests,
    })
}

fn document(s: &Summary, found: &Found) -> Value {
    json!({
        "period": s.period.label(),
        "from": s.range.map(|(f, _)| f.to_string()),
        "to": s.range.map(|(_, t)| t.to_string()),
        "by": s.by.label(),
        "prices_as_of": s.prices_as_of,
        "items": s.rows.iter().map(row_json).collect::<Vec<_>>(),
        "total": row_json(&s.total),
        "unpriced_models": s.unpriced_models,
        "project": found.project,
        "files_read": found.files,
        "bad_lines": found.bad_lines,
        "index": {
            "files_changed": found.report.files_read,
            "files_reread": found.report.files_reset,
            "bytes_read": found.report.bytes_read,
            "requests_written": found.report.requests,
        },
        "budgets": found.state.as_ref().map(budget_json),
        "unreadable": found.report.unreadable.iter()
            .map(|(p, e)| json!({"path": p.display().to_string(), "error": e}))
            .collect::<Vec<_>>(),
    })
}

/// `1234567` → `1,234,567`.
fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The text cost of a row: `$0.0123` (4 decimals, rounded half up), `no price`, or the
/// priced part with ` + no price` when some of its requests have none.
fn usd_text(r: &Row) -> String {
    if r.requests > 0 && r.cost.unpriced_requests == r.requests {
        return "no price".into();
    }
    let hundred_micro = (r.cost.priced_pico + 50_000_000) / 100_000_000;
    let d = format!("${}.{:04}", hundred_micro / 10_000, hundred_micro % 10_000);
    if r.cost.unpriced_requests > 0 {
        format!("{d} + no price")
    } else {
        d
    }
}

fn text(s: &Summary, found: &Found) -> Vec<String> {
    let mut out = Vec::new();
    let span = match s.range {
        Some((f, t)) if f == t => format!("{t} (UTC)"),
        Some((f, t)) => format!("{f} to {t} (UTC)"),
        None => "all days".into(),
    };
    let only = match &found.project {
        Some(p) => format!(", project {p}"),
        None => String::new(),
    };
    out.push(format!(
        "cost {span}{only}, by {} (prices of {})",
        s.by.label(),
        s.prices_as_of
    ));
    if s.total.requests == 0 {
        out.push(format!(
            "no requests in this period ({} transcript files read)",
            found.files
        ));
    } else {
        let head = [
            s.by.label(),
            "requests",
            "input",
            "cache write",
            "cache read",
            "output",
            "cost",
        ];
        let cells = |r: &Row| -> Vec<String> {
            vec![
                r.key.clone(),
                thousands(r.requests),
                thousands(r.usage.input),
                thousands(r.usage.cache_write_5m + r.usage.cache_write_1h),
                thousands(r.usage.cache_read),
                thousands(r.usage.output),
                usd_text(r),
            ]
        };
        let mut table: Vec<Vec<String>> = vec![head.iter().map(|h| h.to_string()).collect()];
        table.extend(s.rows.iter().map(cells));
        table.push(cells(&s.total));
        let widths: Vec<usize> = (0..head.len())
            .map(|i| {
                table
                    .iter()
                    .map(|r| r[i].chars().count())
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        for row in &table {
            let mut line = format!("{:<w$}", row[0], w = widths[0]);
            for (i, cell) in row.iter().enumerate().skip(1) {
                line.push_str(&format!("  {:>w$}", cell, w = widths[i]));
            }
            out.push(line.trim_end().to_string());
        }
    }
    if !s.unpriced_models.is_empty() {
        out.push(format!(
            "no price for {} (not counted in the cost; hookward never guesses a price)",
            s.unpriced_models.join(", ")
        ));
    }
    if found.bad_lines > 0 {
        out.push(format!(
            "{} transcript line(s) not understood were skipped",
            found.bad_lines
        ));
    }
    for (p, e) in &found.report.unreadable {
        out.push(format!("could not read {}: {e}", p.display()));
    }
    if let Some(st) = &found.state {
        for l in &st.lines {
            let scope = l.project.as_deref().unwrap_or("all projects");
            let share = match l.budget_micro {
                0 => String::new(),
                b => format!(" ({} %)", u128::from(l.spent_micro) * 100 / u128::from(b)),
            };
            let mark = if l.crossed(st.threshold_permille) {
                "  past the alert threshold"
            } else {
                ""
            };
            out.push(format!(
                "budget {} today, {scope}: {} of {}{share}{mark}",
                st.day,
                budget::dollars(l.spent_micro),
                budget::dollars(l.budget_micro)
            ));
        }
    }
    out
}

fn budget_json(st: &budget::BudgetState) -> Value {
    let usd = |m: u64| -> Value {
        serde_json::from_str(&format!("{}.{:06}", m / 1_000_000, m % 1_000_000))
            .unwrap_or(Value::Null)
    };
    json!({
        "day": st.day,
        "alert_threshold": f64::from(st.threshold_permille) / 1000.0,
        "items": st.lines.iter().map(|l| json!({
            "project": l.project,
            "budget_usd": usd(l.budget_micro),
            "spent_usd": usd(l.spent_micro),
            "unpriced_requests": l.unpriced_requests,
            "crossed": l.crossed(st.threshold_permille),
        })).collect::<Vec<_>>(),
    })
}
