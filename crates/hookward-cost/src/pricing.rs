//! The offline pricing table: `pricing.toml`, compiled in.

use crate::{CostError, Usage};
use serde::Deserialize;
use std::collections::HashMap;

/// The shipped table's text (`src/pricing.toml`): `as_of = "YYYY-MM-DD"` and one `[[model]]`
/// per model with `id`, optional `aliases`, prices in US dollars per million tokens (`input`,
/// `output`, `cache_read`, optional `cache_write_5m` / `cache_write_1h`) and its `source` URL.
pub const PRICING_TOML: &str = include_str!("pricing.toml");

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TableFile {
    as_of: String,
    model: Vec<RowFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RowFile {
    id: String,
    #[serde(default)]
    aliases: Vec<String>,
    input: f64,
    output: f64,
    cache_read: f64,
    cache_write_5m: Option<f64>,
    cache_write_1h: Option<f64>,
    source: String,
}

/// One model's prices, in micro-dollars per million tokens (`3.75` $/MTok → `3_750_000`),
/// which equals pico-dollars per token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelPrice {
    /// The model id the row is written for.
    pub id: String,
    /// Uncached input.
    pub input: u64,
    /// Output.
    pub output: u64,
    /// Cache reads.
    pub cache_read: u64,
    /// Cache writes, 5-minute lifetime; `None` when the vendor has no such price.
    pub cache_write_5m: Option<u64>,
    /// Cache writes, 1-hour lifetime; `None` when the vendor has no such price.
    pub cache_write_1h: Option<u64>,
    /// Where the prices were read.
    pub source: String,
}

impl ModelPrice {
    /// The cost of `u` in pico-dollars, or `None` when `u` has tokens of a kind this row has
    /// no price for (never guessed).
    pub fn cost_pico(&self, u: &Usage) -> Option<u128> {
        let part = |tokens: u64, price: Option<u64>| -> Option<u128> {
            match (tokens, price) {
                (0, _) => Some(0),
                (t, Some(p)) => Some(t as u128 * p as u128),
                (_, None) => None,
            }
        };
        Some(
            part(u.input, Some(self.input))?
                + part(u.output, Some(self.output))?
                + part(u.cache_read, Some(self.cache_read))?
                + part(u.cache_write_5m, self.cache_write_5m)?
                + part(u.cache_write_1h, self.cache_write_1h)?,
        )
    }
}

/// A pricing table: its date and the rows by model id and alias.
#[derive(Clone, Debug)]
pub struct PriceTable {
    /// The day the prices were read (`YYYY-MM-DD`).
    pub as_of: String,
    rows: Vec<ModelPrice>,
    by_name: HashMap<String, usize>,
}

impl PriceTable {
    /// The shipped table ([`PRICING_TOML`]). Errors: only if the shipped file is broken (a
    /// unit test parses it).
    pub fn builtin() -> Result<PriceTable, CostError> {
        PriceTable::parse(PRICING_TOML, "built-in pricing.toml")
    }

    /// Parses a table in the [`PRICING_TOML`] shape. Errors ([`CostError::PriceTable`], naming
    /// `origin`): TOML syntax, unknown or missing keys, a price that is negative, not finite or
    /// above $1,000,000/MTok, an `as_of` that is not `YYYY-MM-DD`, an empty `source`, or a
    /// name (id or alias) listed twice.
    pub fn parse(text: &str, origin: &str) -> Result<PriceTable, CostError> {
        let err = |message: String| CostError::PriceTable {
            origin: origin.to_string(),
            message,
        };
        let file: TableFile = toml::from_str(text).map_err(|e| err(e.to_string()))?;
        if crate::Day::parse(&file.as_of).is_none() {
            return Err(err(format!("as_of {:?}: expected YYYY-MM-DD", file.as_of)));
        }
        let mut rows = Vec::new();
        let mut by_name = HashMap::new();
        for r in file.model {
            let micro = |what: &str, v: f64| -> Result<u64, CostError> {
                if !v.is_finite() || !(0.0..=1e6).contains(&v) {
                    return Err(err(format!(
                        "model {}: {what} = {v}: expected dollars per million tokens, 0 to 1000000",
                        r.id
                    )));
                }
                Ok((v * 1e6).round() as u64)
            };
            if r.source.trim().is_empty() {
                return Err(err(format!("model {}: source is empty", r.id)));
            }
            let price = ModelPrice {
                id: r.id.clone(),
                input: micro("input", r.input)?,
                output: micro("output", r.output)?,
                cache_read: micro("cache_read", r.cache_read)?,
                cache_write_5m: r
                    .cache_write_5m
                    .map(|v| micro("cache_write_5m", v))
                    .transpose()?,
                cache_write_1h: r
                    .cache_write_1h
                    .map(|v| micro("cache_write_1h", v))
                    .transpose()?,
                source: r.source.clone(),
            };
            let idx = rows.len();
            for name in std::iter::once(&r.id).chain(&r.aliases) {
                if by_name.insert(name.clone(), idx).is_some() {
                    return Err(err(format!("model name {name:?} is listed twice")));
                }
            }
            rows.push(price);
        }
        Ok(PriceTable {
            as_of: file.as_of,
            rows,
            by_name,
        })
    }

    /// The row for `model` (its id or an alias, exact match), `None` when not listed.
    pub fn get(&self, model: &str) -> Option<&ModelPrice> {
        self.by_name.get(model).map(|&i| &self.rows[i])
    }

    /// Puts `price` in force for the exact model name `price.id` (a config override): a later
    /// [`PriceTable::get`] of that name finds it; the shipped row it replaces (if any) stays in
    /// force for its other names.
    pub fn set(&mut self, price: ModelPrice) {
        self.by_name.insert(price.id.clone(), self.rows.len());
        self.rows.push(price);
    }

    /// Every row, in file order (overrides after the shipped rows).
    pub fn rows(&self) -> &[ModelPrice] {
        &self.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_table_parses_and_every_row_is_sourced() {
        let t = PriceTable::builtin().unwrap();
        assert!(!t.rows().is_empty());
        for r in t.rows() {
            assert!(r.source.starts_with("https://"), "{}", r.id);
            assert!(r.input > 0 && r.output > r.input, "{}", r.id);
        }
        let s = t.get("claude-sonnet-4-5").unwrap();
        assert_eq!(s.id, "claude-sonnet-4-5-20250929");
        assert_eq!(s.cache_write_5m, Some(3_750_000));
        assert_eq!(s.cache_read, 300_000);
        assert!(t.get("claude-sonnet-4-5-2025").is_none());
    }

    #[test]
    fn bad_tables_are_refused_with_the_row_named() {
        let base = "as_of = \"2026-12-02\"\n[[model]]\nid = \"m\"\ninput = 1.0\noutput = 2.0\ncache_read = 0.1\nsource = \"https://x\"\n";
        assert!(PriceTable::parse(base, "t").is_ok());
        let e = PriceTable::parse(&base.replace("1.0", "-1.0"), "t").unwrap_err();
        assert!(e.to_string().contains("model m: input = -1"), "{e}");
        let e = PriceTable::parse(&format!("{base}{}", &base[20..]), "t").unwrap_err();
        assert!(e.to_string().contains("listed twice"), "{e}");
        let e = PriceTable::parse(&base.replace("2026-12-02", "yesterday"), "t").unwrap_err();
        assert!(e.to_string().contains("as_of"), "{e}");
        let e = PriceTable::parse(&base.replace("input", "inptu"), "t").unwrap_err();
        assert!(e.to_string().starts_with("pricing table t:"), "{e}");
    }

    #[test]
    fn a_kind_without_price_makes_the_request_unpriced() {
        let t = PriceTable::builtin().unwrap();
        let g = t.get("gpt-5-codex").unwrap();
        let mut u = Usage {
            input: 1_000_000,
            cache_read: 1_000_000,
            output: 1_000_000,
            ..Usage::default()
        };
        // $1.25 + $0.125 + $10
        assert_eq!(g.cost_pico(&u), Some(11_375_000_000_000));
        u.cache_write_5m = 1;
        assert_eq!(g.cost_pico(&u), None);
    }
}
