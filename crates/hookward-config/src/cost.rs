//! `[cost]` (issue 21): budgets for `hookward cost` and its `UserPromptSubmit` notice, and
//! prices that replace or add rows of the shipped pricing table. Money is held as whole
//! micro-dollars (10⁻⁶ USD) so the config stays `Eq` and exact.

use crate::ConfigError;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `[cost]` as written in a file.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct CostSection {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) daily_budget: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) alert_threshold: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) project_budgets: Option<BTreeMap<String, f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) prices: Option<BTreeMap<String, PriceSection>>,
}

/// One `[cost.prices."<model>"]` table as written: US dollars per million tokens.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PriceSection {
    pub(crate) input: f64,
    pub(crate) output: f64,
    pub(crate) cache_read: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cache_write_5m: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cache_write_1h: Option<f64>,
}

/// One model's price from `cost.prices`, in micro-dollars per million tokens (the unit of
/// `hookward_cost::ModelPrice`: `3.75` $/MTok → `3_750_000`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PriceOverride {
    /// Uncached input.
    pub input: u64,
    /// Output.
    pub output: u64,
    /// Cache reads.
    pub cache_read: u64,
    /// Cache writes, 5-minute lifetime; `None`: not billed (a request with such tokens has no
    /// price).
    pub cache_write_5m: Option<u64>,
    /// Cache writes, 1-hour lifetime; `None` as above.
    pub cache_write_1h: Option<u64>,
}

/// `[cost]`: read by `hookward cost` and its indexer, never computed by the hook (the hook only
/// reads the budget state the indexer wrote).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CostConfig {
    /// Key `cost.daily_budget` in dollars, held in micro-dollars; `None` (default): no daily
    /// budget.
    pub daily_budget_micro: Option<u64>,
    /// Key `cost.alert_threshold`, default 0.8, held in thousandths (800): the share of a
    /// budget at which the notice starts.
    pub alert_threshold_permille: u32,
    /// Key `cost.project_budgets`: project path → daily budget in micro-dollars. A project is
    /// the working directory an agent ran in; a budget covers that folder and those below it.
    pub project_budgets_micro: BTreeMap<String, u64>,
    /// Key `cost.prices`: model id (exact) → price, replacing the shipped row of that id or
    /// adding one.
    pub prices: BTreeMap<String, PriceOverride>,
}

impl Default for CostConfig {
    fn default() -> Self {
        CostConfig {
            daily_budget_micro: None,
            alert_threshold_permille: 800,
            project_budgets_micro: BTreeMap::new(),
            prices: BTreeMap::new(),
        }
    }
}

impl CostConfig {
    /// Whether any budget is set (then the indexer writes the budget state and SessionStart
    /// refreshes it).
    pub fn has_budget(&self) -> bool {
        self.daily_budget_micro.is_some() || !self.project_budgets_micro.is_empty()
    }
}

/// Dollars (as written) → micro-dollars.
pub(crate) fn micro(v: f64) -> u64 {
    (v * 1e6).round() as u64
}

/// Micro-dollars → dollars (for `hookward config` and the last good copy; exact for the
/// values `micro` produces).
pub(crate) fn dollars(v: u64) -> f64 {
    v as f64 / 1e6
}

fn money_ok(v: f64, max: f64) -> bool {
    v.is_finite() && (0.0..=max).contains(&v)
}

/// Checks `[cost]`'s values: budgets 0 to 1,000,000,000 dollars, the threshold above 0 and at
/// most 1, prices 0 to 1,000,000 dollars per million tokens, no empty project or model name.
pub(crate) fn check_cost(origin: &str, s: &CostSection) -> Result<(), ConfigError> {
    let bad = |message: String| ConfigError::Invalid {
        origin: origin.to_string(),
        message,
    };
    if let Some(v) = s.daily_budget.filter(|v| !money_ok(*v, 1e9)) {
        return Err(bad(format!(
            "cost.daily_budget = {v}; expected dollars, 0 to 1000000000"
        )));
    }
    if let Some(v) = s
        .alert_threshold
        .filter(|v| !(v.is_finite() && *v > 0.0 && *v <= 1.0))
    {
        return Err(bad(format!(
            "cost.alert_threshold = {v}; expected a fraction above 0 and at most 1"
        )));
    }
    for (p, v) in s.project_budgets.iter().flatten() {
        if p.trim().is_empty() {
            return Err(bad("cost.project_budgets: an empty project path".into()));
        }
        if !money_ok(*v, 1e9) {
            return Err(bad(format!(
                "cost.project_budgets.\"{p}\" = {v}; expected dollars, 0 to 1000000000"
            )));
        }
    }
    for (m, p) in s.prices.iter().flatten() {
        if m.trim().is_empty() {
            return Err(bad("cost.prices: an empty model id".into()));
        }
        let fields = [
            ("input", Some(p.input)),
            ("output", Some(p.output)),
            ("cache_read", Some(p.cache_read)),
            ("cache_write_5m", p.cache_write_5m),
            ("cache_write_1h", p.cache_write_1h),
        ];
        for (name, v) in fields {
            if let Some(v) = v.filter(|v| !money_ok(*v, 1e6)) {
                return Err(bad(format!(
                    "cost.prices.\"{m}\".{name} = {v}; expected dollars per million tokens, 0 to 1000000"
                )));
            }
        }
    }
    Ok(())
}

/// A project path as budgets compare it: without a trailing `/` (but `/` stays `/`).
pub fn project_key(p: &str) -> String {
    let t = p.trim_end_matches('/');
    if t.is_empty() && p.starts_with('/') {
        "/".into()
    } else {
        t.to_string()
    }
}

impl From<&PriceSection> for PriceOverride {
    fn from(p: &PriceSection) -> Self {
        PriceOverride {
            input: micro(p.input),
            output: micro(p.output),
            cache_read: micro(p.cache_read),
            cache_write_5m: p.cache_write_5m.map(micro),
            cache_write_1h: p.cache_write_1h.map(micro),
        }
    }
}

impl From<&PriceOverride> for PriceSection {
    fn from(p: &PriceOverride) -> Self {
        PriceSection {
            input: dollars(p.input),
            output: dollars(p.output),
            cache_read: dollars(p.cache_read),
            cache_write_5m: p.cache_write_5m.map(dollars),
            cache_write_1h: p.cache_write_1h.map(dollars),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Config, Layers};

    fn load(toml: &str) -> Result<Config, crate::ConfigError> {
        Config::from_layers(&Layers {
            user_toml: Some(("config.toml".into(), toml.into())),
            ..Layers::default()
        })
    }

    #[test]
    fn cost_section_reads_budgets_and_prices_in_micro_dollars() {
        let c = load(
            "[cost]\ndaily_budget = 20\nalert_threshold = 0.5\n[cost.project_budgets]\n\"/work/app/\" = 2.5\n[cost.prices.\"my-model\"]\ninput = 1.25\noutput = 10\ncache_read = 0.125\n",
        )
        .unwrap();
        assert_eq!(c.cost.daily_budget_micro, Some(20_000_000));
        assert_eq!(c.cost.alert_threshold_permille, 500);
        assert_eq!(c.cost.project_budgets_micro["/work/app"], 2_500_000);
        let p = c.cost.prices["my-model"];
        assert_eq!(
            (p.input, p.output, p.cache_read),
            (1_250_000, 10_000_000, 125_000)
        );
        assert_eq!(p.cache_write_5m, None);
        assert!(c.cost.has_budget());
    }

    #[test]
    fn bad_cost_values_are_refused() {
        for (t, want) in [
            ("[cost]\ndaily_budget = -1", "cost.daily_budget"),
            ("[cost]\nalert_threshold = 0", "cost.alert_threshold"),
            ("[cost]\nalert_threshold = 1.5", "cost.alert_threshold"),
            (
                "[cost.project_budgets]\n\"/p\" = -2",
                "cost.project_budgets",
            ),
            (
                "[cost.prices.m]\ninput = -1\noutput = 1\ncache_read = 0",
                "cost.prices",
            ),
            ("[cost.prices.m]\ninput = 1\noutput = 1", "cache_read"),
        ] {
            let e = load(t).unwrap_err().to_string();
            assert!(e.contains(want), "{t}: {e}");
        }
    }
}
