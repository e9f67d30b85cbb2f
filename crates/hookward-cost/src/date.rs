//! UTC days: the unit of `--period` and `--by day`. Civil-date arithmetic from Howard
//! Hinnant's `days_from_civil` / `civil_from_days` (public-domain algorithms,
//! <https://howardhinnant.github.io/date_algorithms.html>), so no date crate is needed.

use hookward_sys::{civil_from_days, days_from_civil};
use std::fmt;

/// A calendar day in UTC, as days since 1970-01-01.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(pub i64);

impl Day {
    /// Parses `YYYY-MM-DD`; `None` for anything else or an impossible date (2026-02-30).
    pub fn parse(s: &str) -> Option<Day> {
        let b = s.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let y: i64 = s.get(0..4)?.parse().ok()?;
        let m: u32 = s.get(5..7)?.parse().ok()?;
        let d: u32 = s.get(8..10)?.parse().ok()?;
        if !(1..=12).contains(&m) || d == 0 || d > days_in_month(y, m) {
            return None;
        }
        Some(Day(days_from_civil(y, m, d)))
    }

    /// The UTC day of an RFC 3339 timestamp (`2026-12-01T23:30:00.123Z`,
    /// `2026-12-02T01:30:00+02:00`); `None` when it does not parse.
    pub fn of_timestamp(ts: &str) -> Option<Day> {
        let day = Day::parse(ts.get(0..10)?)?;
        let rest = ts.get(10..)?;
        let rest = rest.strip_prefix(['T', 't', ' '])?;
        let hh: i64 = rest.get(0..2)?.parse().ok()?;
        let mm: i64 = rest.get(3..5)?.parse().ok()?;
        if rest.get(2..3) != Some(":") || hh > 23 || mm > 59 {
            return None;
        }
        let tail = rest.get(5..)?;
        let zone = tail.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':' || c == '.');
        let offset_min = match zone {
            "Z" | "z" => 0,
            z if z.len() == 6 && (z.starts_with('+') || z.starts_with('-')) => {
                let oh: i64 = z.get(1..3)?.parse().ok()?;
                let om: i64 = z.get(4..6)?.parse().ok()?;
                let sign = if z.starts_with('-') { -1 } else { 1 };
                sign * (oh * 60 + om)
            }
            _ => return None,
        };
        let minutes = day.0 * 1440 + hh * 60 + mm - offset_min;
        Some(Day(minutes.div_euclid(1440)))
    }

    /// Today in UTC by the system clock (1970-01-01 if the clock is before it).
    pub fn today() -> Day {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        Day((secs / 86_400) as i64)
    }

    /// The day `n` days before this one.
    pub fn minus(self, n: i64) -> Day {
        Day(self.0 - n)
    }
}

impl fmt::Display for Day {
    /// `YYYY-MM-DD`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = civil_from_days(self.0);
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: u32) -> u32 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_day_of_four_centuries() {
        for z in -146_097..146_097 * 2 {
            let s = Day(z).to_string();
            assert_eq!(Day::parse(&s), Some(Day(z)), "{s}");
        }
        assert_eq!(Day(0).to_string(), "1970-01-01");
    }

    #[test]
    fn rejects_impossible_dates_and_applies_offsets() {
        assert_eq!(Day::parse("2026-02-29"), None);
        assert!(Day::parse("2028-02-29").is_some());
        assert_eq!(Day::parse("2026-13-01"), None);
        assert_eq!(Day::parse("2026-1-01"), None);
        let d = Day::parse("2026-12-02").unwrap();
        assert_eq!(
            Day::of_timestamp("2026-12-02T01:30:00+02:00"),
            Some(d.minus(1))
        );
        assert_eq!(Day::of_timestamp("2026-12-01T23:30:00.5-01:00"), Some(d));
        assert_eq!(Day::of_timestamp("2026-12-02T00:00:00.000Z"), Some(d));
        assert_eq!(Day::of_timestamp("2026-12-02"), None);
        assert_eq!(Day::of_timestamp("2026-12-02T00:00:00"), None);
    }
}
