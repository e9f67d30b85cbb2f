//! Budgets (issue 21): what today cost against `[cost] daily_budget` and the per-project
//! budgets, computed off the hook's path.
//!
//! The indexer's caller ([`compute`], run by `hookward cost` and by the background refresh the
//! hook starts at SessionStart) writes a small JSON file, [`STATE_FILE`] under hookward's home;
//! the hook at `UserPromptSubmit` only reads it ([`read_state`], at most [`MAX_STATE_BYTES`])
//! and words the notice ([`notice`]). A state of another day says nothing (a new UTC day
//! starts from zero; the next refresh writes it).

use crate::{summarize_groups, CostError, Day, Group, GroupBy, Period, PriceTable, Usage};
use hookward_store::{CostGroupBy, CostQuery, Store};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The state file, relative to hookward's home (`~/.hookward/cost-budget.json`).
pub const STATE_FILE: &str = "cost-budget.json";
/// The most bytes of the state file the hook reads (64 KiB); a longer file is ignored.
pub const MAX_STATE_BYTES: u64 = 64 * 1024;

/// The configured budgets, in micro-dollars (from `hookward_config::CostConfig`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Budgets {
    /// `cost.daily_budget`: all agents, all projects, per UTC day.
    pub daily_micro: Option<u64>,
    /// `cost.alert_threshold` in thousandths (800 = 0.8).
    pub threshold_permille: u32,
    /// `cost.project_budgets`: project path (no trailing `/`) → micro-dollars per UTC day.
    pub projects: BTreeMap<String, u64>,
}

impl Budgets {
    /// Whether any budget is set.
    pub fn any(&self) -> bool {
        self.daily_micro.is_some() || !self.projects.is_empty()
    }
}

/// One budget's standing today.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetLine {
    /// `None`: the daily budget of all projects; else the project path it covers (and the
    /// folders below it).
    pub project: Option<String>,
    /// The budget, micro-dollars.
    pub budget_micro: u64,
    /// Spent today (priced requests only), micro-dollars rounded down.
    pub spent_micro: u64,
    /// Requests of today without a price (not in `spent_micro`).
    pub unpriced_requests: u64,
}

impl BudgetLine {
    /// Spent at least `threshold_permille` thousandths of the budget (a budget of 0 is crossed
    /// by any spend).
    pub fn crossed(&self, threshold_permille: u32) -> bool {
        let spent = u128::from(self.spent_micro) * 1000;
        let line = u128::from(self.budget_micro) * u128::from(threshold_permille);
        spent >= line && (self.spent_micro > 0 || self.budget_micro > 0)
    }
}

/// What [`compute`] writes and the hook reads.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BudgetState {
    /// 1.
    pub schema_version: u32,
    /// The UTC day the figures are for (`YYYY-MM-DD`).
    pub day: String,
    /// When they were computed (ms since the epoch).
    pub computed_ms: i64,
    /// The threshold in force then, thousandths.
    pub threshold_permille: u32,
    /// The pricing table's date.
    pub prices_as_of: String,
    /// One line per budget: the daily budget first, then the projects in path order.
    pub lines: Vec<BudgetLine>,
}

/// Today's spend against `budgets`, from the store's cost index (bring it up to date with
/// [`crate::index`] first). Errors: store errors.
pub fn compute(
    store: &Store,
    prices: &PriceTable,
    budgets: &Budgets,
    today: Day,
    now_ms: i64,
) -> Result<BudgetState, CostError> {
    let scopes = budgets
        .daily_micro
        .map(|b| (None, b))
        .into_iter()
        .chain(budgets.projects.iter().map(|(p, b)| (Some(p.clone()), *b)));
    let mut lines = Vec::new();
    for (project, budget_micro) in scopes {
        let groups = store.cost_groups(
            &CostQuery {
                days: Some((today.0, today.0)),
                project: project.clone(),
            },
            CostGroupBy::Model,
        )?;
        let s = summarize_groups(
            groups.into_iter().map(group_of),
            prices,
            Period::Today,
            GroupBy::Model,
            today,
        );
        lines.push(BudgetLine {
            project,
            budget_micro,
            spent_micro: u64::try_from(s.total.cost.priced_pico / 1_000_000).unwrap_or(u64::MAX),
            unpriced_requests: s.total.cost.unpriced_requests,
        });
    }
    Ok(BudgetState {
        schema_version: 1,
        day: today.to_string(),
        computed_ms: now_ms,
        threshold_permille: budgets.threshold_permille,
        prices_as_of: prices.as_of.clone(),
        lines,
    })
}

/// A store group as a [`Group`] (`key` = the grouped value; `unknown` for a missing day).
pub fn group_of(g: hookward_store::CostGroup) -> Group {
    Group {
        key: g.key.unwrap_or_else(|| "unknown".into()),
        model: g.model,
        requests: g.requests,
        usage: Usage {
            input: g.input,
            cache_write_5m: g.cache_write_5m,
            cache_write_1h: g.cache_write_1h,
            cache_read: g.cache_read,
            output: g.output,
            reasoning_output: g.reasoning,
        },
    }
}

/// Writes `state` to `path` (atomically, the folder created private if missing).
pub fn write_state(path: &Path, state: &BudgetState) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        hookward_sys::create_private_dir(dir)?;
    }
    let text = serde_json::to_vec_pretty(state).map_err(std::io::Error::other)?;
    hookward_sys::write_atomic(path, &text)
}

/// Removes the state file (no budget configured any more); a missing file is fine.
pub fn remove_state(path: &Path) {
    let _ = std::fs::remove_file(path);
}

/// Reads the state file: `None` when it is missing, longer than [`MAX_STATE_BYTES`], not a
/// regular file, or does not parse. One bounded read; what the hook does at
/// `UserPromptSubmit`.
pub fn read_state(path: &Path) -> Option<BudgetState> {
    use std::io::Read;
    let meta = std::fs::symlink_metadata(path).ok()?;
    if !meta.is_file() || meta.len() > MAX_STATE_BYTES {
        return None;
    }
    let mut buf = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)
        .ok()?
        .take(MAX_STATE_BYTES)
        .read_to_end(&mut buf)
        .ok()?;
    serde_json::from_slice(&buf).ok()
}

/// Micro-dollars as people read them, rounded half up: cents from $1 on (`12_345_678` →
/// `$12.35`), four decimals below (`18_000` → `$0.0180`), so small budgets stay readable.
pub fn dollars(micro: u64) -> String {
    let m = u128::from(micro);
    if m >= 1_000_000 {
        let cents = (m + 5_000) / 10_000;
        format!("${}.{:02}", cents / 100, cents % 100)
    } else {
        let tenth_milli = (m + 50) / 100;
        format!("$0.{tenth_milli:04}")
    }
}

/// Whether `project` is `scope` or a folder below it.
pub fn covers(scope: &str, project: &str) -> bool {
    project == scope
        || scope == "/"
        || project
            .strip_prefix(scope)
            .is_some_and(|rest| rest.starts_with('/'))
}

/// The notice for the person at `UserPromptSubmit`, or `None` when no budget that applies is
/// past its threshold, or `state` is not of `today`. The daily budget always applies; a
/// project budget when `project` (the session's project folder) is its path or below it.
pub fn notice(state: &BudgetState, today: Day, project: Option<&str>) -> Option<String> {
    if state.schema_version != 1 || state.day != today.to_string() {
        return None;
    }
    let mut parts = Vec::new();
    for l in &state.lines {
        let applies = match (&l.project, project) {
            (None, _) => true,
            (Some(scope), Some(p)) => covers(scope, p),
            (Some(_), None) => false,
        };
        if !applies || !l.crossed(state.threshold_permille) {
            continue;
        }
        let share = if l.budget_micro == 0 {
            String::new()
        } else {
            format!(
                " ({} %)",
                u128::from(l.spent_micro) * 100 / u128::from(l.budget_micro)
            )
        };
        let what = match &l.project {
            None => "the daily budget".to_string(),
            Some(p) => format!("the daily budget of {p}"),
        };
        let verb = if l.spent_micro >= l.budget_micro {
            "is spent"
        } else {
            "is nearly spent"
        };
        parts.push(format!(
            "{what} {verb}: {} of {}{share} today (UTC)",
            dollars(l.spent_micro),
            dollars(l.budget_micro)
        ));
    }
    if parts.is_empty() {
        return None;
    }
    let (h, m) = {
        let secs = state.computed_ms.div_euclid(1000).rem_euclid(86_400);
        (secs / 3600, secs % 3600 / 60)
    };
    Some(format!(
        "hookward cost: {}. Figures from the transcripts as of {h:02}:{m:02} UTC (`hookward cost --period today` for details).",
        parts.join("; ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn state(lines: Vec<BudgetLine>) -> BudgetState {
        BudgetState {
            schema_version: 1,
            day: "2026-12-02".into(),
            computed_ms: Day::parse("2026-12-02").unwrap().0 * 86_400_000
                + 10 * 3_600_000
                + 42 * 60_000,
            threshold_permille: 800,
            prices_as_of: "2026-12-02".into(),
            lines,
        }
    }

    fn line(project: Option<&str>, budget: u64, spent: u64) -> BudgetLine {
        BudgetLine {
            project: project.map(str::to_string),
            budget_micro: budget,
            spent_micro: spent,
            unpriced_requests: 0,
        }
    }

    #[test]
    fn notice_only_past_the_threshold_of_a_budget_that_applies() {
        let today = Day::parse("2026-12-02").unwrap();
        let under = state(vec![line(None, 20_000_000, 15_999_999)]);
        assert_eq!(notice(&under, today, Some("/w")), None);
        let over = state(vec![
            line(None, 20_000_000, 16_200_000),
            line(Some("/work/app"), 2_000_000, 2_500_000),
        ]);
        assert_eq!(
            notice(&over, today, Some("/work/lib")).unwrap(),
            "hookward cost: the daily budget is nearly spent: $16.20 of $20.00 (81 %) today (UTC). Figures from the transcripts as of 10:42 UTC (`hookward cost --period today` for details)."
        );
        let both = notice(&over, today, Some("/work/app/sub")).unwrap();
        assert!(
            both.contains("the daily budget of /work/app is spent: $2.50 of $2.00 (125 %)"),
            "{both}"
        );
        // another day's state says nothing
        assert_eq!(notice(&over, today.minus(-1), Some("/work/app")), None);
        assert!(!covers("/work/app", "/work/apple"));
    }
}
