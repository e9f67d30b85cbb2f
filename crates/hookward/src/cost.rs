//! `hookward cost` (issue 21): what the agent sessions cost, from the Claude Code transcripts
//! and Codex rollouts under `$HOME`, priced by the offline table of `hookward-cost`. Read-only;
//! reads the files each run (no index yet).

use crate::util::CliResult;
use clap::{Args, ValueEnum};
use hookward_cost::{Day, GroupBy, Period, PriceTable, Row, Summary};
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
    /// Print as JSON.
    #[arg(long)]
    json: bool,
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
/// that cannot be listed.
pub fn run(args: CostArgs) -> CliResult {
    let home = crate::util::user_home()?;
    let as_of = match &args.as_of {
        None => Day::today(),
        Some(s) => Day::parse(s).ok_or_else(|| format!("--as-of {s:?}: expected YYYY-MM-DD"))?,
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
    let prices = PriceTable::builtin().map_err(|e| e.to_string())?;
    let found = hookward_cost::collect(&home).map_err(|e| e.to_string())?;
    let s = hookward_cost::summarize(&found.requests, &prices, period, by, as_of);
    if args.json {
        return crate::json::print(document(&s, &found));
    }
    for line in text(&s, &found) {
        outln!("{line}");
    }
    Ok(ExitCode::SUCCESS)
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

fn document(s: &Summary, found: &hookward_cost::Collection) -> Value {
    json!({
        "period": s.period.label(),
        "from": s.range.map(|(f, _)| f.to_string()),
        "to": s.range.map(|(_, t)| t.to_string()),
        "by": s.by.label(),
        "prices_as_of": s.prices_as_of,
        "items": s.rows.iter().map(row_json).collect::<Vec<_>>(),
        "total": row_json(&s.total),
        "unpriced_models": s.unpriced_models,
        "files_read": found.files,
        "bad_lines": found.bad_lines,
        "unreadable": found.unreadable.iter()
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

fn text(s: &Summary, found: &hookward_cost::Collection) -> Vec<String> {
    let mut out = Vec::new();
    let span = match s.range {
        Some((f, t)) if f == t => format!("{t} (UTC)"),
        Some((f, t)) => format!("{f} to {t} (UTC)"),
        None => "all days".into(),
    };
    out.push(format!(
        "cost {span}, by {} (prices of {})",
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
    for (p, e) in &found.unreadable {
        out.push(format!("could not read {}: {e}", p.display()));
    }
    out
}
