//! Summing priced requests over a period, grouped one way.

use crate::{Day, PriceTable, Request, Usage};
use std::collections::{BTreeSet, HashMap};

/// Which days count, ending at the `as_of` day (inclusive, UTC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Period {
    /// The `as_of` day alone.
    Today,
    /// The last 7 days.
    Days7,
    /// The last 30 days.
    Days30,
    /// Every request, also those without a timestamp.
    All,
}

impl Period {
    /// The first and last day counted; `None` for [`Period::All`].
    pub fn range(self, as_of: Day) -> Option<(Day, Day)> {
        let n = match self {
            Period::Today => 1,
            Period::Days7 => 7,
            Period::Days30 => 30,
            Period::All => return None,
        };
        Some((as_of.minus(n - 1), as_of))
    }

    /// The command-line word: `today`, `7d`, `30d`, `all`.
    pub fn label(self) -> &'static str {
        match self {
            Period::Today => "today",
            Period::Days7 => "7d",
            Period::Days30 => "30d",
            Period::All => "all",
        }
    }
}

/// What the rows are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupBy {
    /// One row per model id.
    Model,
    /// One row per project (working directory).
    Project,
    /// One row per session id.
    Session,
    /// One row per UTC day (`YYYY-MM-DD`, `unknown` without a timestamp).
    Day,
}

impl GroupBy {
    /// The command-line word: `model`, `project`, `session`, `day`.
    pub fn label(self) -> &'static str {
        match self {
            GroupBy::Model => "model",
            GroupBy::Project => "project",
            GroupBy::Session => "session",
            GroupBy::Day => "day",
        }
    }
}

/// Money of a row: what the priced requests cost, and how many had no price.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// The priced requests' cost in pico-dollars (10⁻¹² USD).
    pub priced_pico: u128,
    /// Requests left out of `priced_pico` because their model (or one of their token kinds)
    /// has no price.
    pub unpriced_requests: u64,
}

impl Cost {
    /// `priced_pico` in dollars (for display; the exact figure is `priced_pico`).
    pub fn usd(&self) -> f64 {
        self.priced_pico as f64 / 1e12
    }
}

/// One row: its key, how many requests, their tokens and their cost.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// The model, project, session or day.
    pub key: String,
    /// Requests counted.
    pub requests: u64,
    /// Their tokens summed.
    pub usage: Usage,
    /// Their cost.
    pub cost: Cost,
}

impl Row {
    fn add(&mut self, g: &Group, price: Option<u128>) {
        self.requests += g.requests;
        self.usage.add(&g.usage);
        match price {
            Some(p) => self.cost.priced_pico += p,
            None => self.cost.unpriced_requests += g.requests,
        }
    }
}

/// The result of [`summarize`].
#[derive(Clone, Debug)]
pub struct Summary {
    /// The period asked for.
    pub period: Period,
    /// The grouping asked for.
    pub by: GroupBy,
    /// First and last day counted (`None` for [`Period::All`]).
    pub range: Option<(Day, Day)>,
    /// The rows: by day in date order, otherwise the most expensive first (ties by key).
    pub rows: Vec<Row>,
    /// Every request of the period (`key` = `total`).
    pub total: Row,
    /// The models of the period that have no price, sorted.
    pub unpriced_models: Vec<String>,
    /// The pricing table's date.
    pub prices_as_of: String,
}

/// Requests already summed: the same grouping key, one model, and (so that one price applies
/// to all of them) the same kinds of cache writes present. A single request is a group of one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Group {
    /// The row it belongs to (model, project, session or day as `YYYY-MM-DD`/`unknown`).
    pub key: String,
    /// The model id.
    pub model: String,
    /// How many requests.
    pub requests: u64,
    /// Their tokens summed.
    pub usage: Usage,
}

/// Prices `requests` with `prices` and sums those in `period` (ending `as_of`) per `by`.
pub fn summarize(
    requests: &[Request],
    prices: &PriceTable,
    period: Period,
    by: GroupBy,
    as_of: Day,
) -> Summary {
    let range = period.range(as_of);
    let groups = requests
        .iter()
        .filter(|r| match (range, r.day) {
            (None, _) => true,
            (Some((from, to)), Some(d)) => d >= from && d <= to,
            (Some(_), None) => false,
        })
        .map(|r| Group {
            key: match by {
                GroupBy::Model => r.model.clone(),
                GroupBy::Project => r.project.clone(),
                GroupBy::Session => r.session.clone(),
                GroupBy::Day => r.day.map_or_else(|| "unknown".into(), |d| d.to_string()),
            },
            model: r.model.clone(),
            requests: 1,
            usage: r.usage,
        });
    summarize_groups(groups, prices, period, by, as_of)
}

/// Prices `groups` (already limited to `period`, e.g. by the cost index's query) and sums
/// them per key. A group without a price counts all its requests as unpriced.
pub fn summarize_groups(
    groups: impl IntoIterator<Item = Group>,
    prices: &PriceTable,
    period: Period,
    by: GroupBy,
    as_of: Day,
) -> Summary {
    let range = period.range(as_of);
    let mut rows: HashMap<String, Row> = HashMap::new();
    let mut total = Row {
        key: "total".into(),
        ..Row::default()
    };
    let mut unpriced = BTreeSet::new();
    for g in groups {
        let price = prices.get(&g.model).and_then(|p| p.cost_pico(&g.usage));
        if price.is_none() {
            unpriced.insert(g.model.clone());
        }
        rows.entry(g.key.clone())
            .or_insert_with(|| Row {
                key: g.key.clone(),
                ..Row::default()
            })
            .add(&g, price);
        total.add(&g, price);
    }
    let mut rows: Vec<Row> = rows.into_values().collect();
    if by == GroupBy::Day {
        rows.sort_by(|a, b| a.key.cmp(&b.key));
    } else {
        rows.sort_by(|a, b| {
            b.cost
                .priced_pico
                .cmp(&a.cost.priced_pico)
                .then_with(|| a.key.cmp(&b.key))
        });
    }
    Summary {
        period,
        by,
        range,
        rows,
        total,
        unpriced_models: unpriced.into_iter().collect(),
        prices_as_of: prices.as_of.clone(),
    }
}
