//! Small helpers shared by the subcommands.

use hookward_config::Config;
use std::path::PathBuf;
use std::process::ExitCode;

/// A CLI error: a message for people (the library error, with context).
pub type CliResult = Result<ExitCode, String>;

/// hookward's home or an error naming the fix.
pub fn home() -> Result<PathBuf, String> {
    hookward_config::hookward_home()
        .ok_or_else(|| "neither HOOKWARD_HOME nor HOME is set; set one of them".to_string())
}

/// The user's home directory (`HOME`).
pub fn user_home() -> Result<PathBuf, String> {
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(PathBuf::from)
        .ok_or_else(|| "HOME is not set".to_string())
}

/// Loads the effective config for the current directory's project as the hook would
/// ([`Config::resolve`] with the hook's cached last good copy; layers that do not load are in
/// [`Config::layers`], not errors). Read-only: only the hook refreshes the cached copy, since
/// it holds the hook's environment, not this terminal's. Errors: a file that cannot be read.
pub fn load_config() -> Result<Config, String> {
    let home = home()?;
    let cwd = std::env::current_dir().ok();
    let layers = hookward_config::read_layers(&home, cwd.as_deref()).map_err(|e| e.to_string())?;
    let path = hookward_config::last_good_path(&home);
    let cached = std::fs::read_to_string(&path).ok();
    let origin = path.display().to_string();
    Ok(Config::resolve(&layers, cached.as_deref().map(|t| (origin.as_str(), t))).config)
}

/// The `layers (lowest first)` lines of `hookward config` and `hookward doctor`: each layer,
/// its source, and `in force` or `ignored: why`.
pub fn layer_lines(cfg: &Config) -> Vec<String> {
    let w = cfg.layers.iter().map(|l| l.layer.len()).max().unwrap_or(0);
    cfg.layers
        .iter()
        .map(|l| {
            let state = match (l.in_force, &l.reason) {
                (true, None) => "in force".to_string(),
                (true, Some(r)) => format!("in force ({r})"),
                (false, r) => format!("ignored: {}", r.as_deref().unwrap_or("not loaded")),
            };
            format!("layer {:w$}  {}  {state}", l.layer, l.source)
        })
        .collect()
}

/// The policy set-up warnings of `cfg` (`hookward_policy::setup_warnings`) over the user
/// policies of `~/.hookward/policies` and `cfg.policy_dirs`: what `hookward config`, `hookward
/// doctor` and the hook's `config-warning` health events report. A folder that cannot be read
/// is a warning too. Deprecated config keys still set ([`Config::deprecated`]) come first.
pub fn setup_warnings(cfg: &Config) -> Vec<String> {
    let mut dirs = match home() {
        Ok(h) => vec![h.join("policies")],
        Err(_) => Vec::new(),
    };
    dirs.extend(cfg.policy_dirs.iter().cloned());
    let mut out = cfg.deprecated.clone();
    match hookward_policy::user_sources(&dirs, false) {
        Ok(user) => out.extend(
            hookward_policy::setup_warnings(&cfg.disabled_rules, &cfg.policy_dirs, &user)
                .into_iter()
                .map(|w| w.message),
        ),
        Err(e) => out.push(e.to_string()),
    }
    out
}

/// Formats milliseconds since the epoch as `YYYY-MM-DD HH:MM:SS` UTC
/// ([`hookward_sys::civil_from_days`]).
pub fn fmt_ts(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = hookward_sys::civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 of a civil date ([`hookward_sys::days_from_civil`]; month and day
/// are checked by the caller).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    hookward_sys::days_from_civil(
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// Parses an RFC 3339 date-time (`2026-12-02T18:00:00Z`, `2026-12-02 18:00:00.5+01:00`;
/// RFC 3339 §5.6, `T` or a space between date and time, `Z` or a numeric offset) into ms
/// since the Unix epoch. `None` when it is not one.
pub fn parse_rfc3339_ms(s: &str) -> Option<i64> {
    let b = s.trim().as_bytes();
    let num = |r: std::ops::Range<usize>| -> Option<i64> {
        let t = std::str::from_utf8(b.get(r)?).ok()?;
        t.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| t.parse().ok())?
    };
    if b.len() < 20 || b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b'T' | b't' | b' ') {
        return None;
    }
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    let (y, mo, d) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let (h, mi, sec) = (num(11..13)?, num(14..16)?, num(17..19)?);
    let days_in = [
        31,
        if y % 4 == 0 && (y % 100 != 0 || y % 400 == 0) {
            29
        } else {
            28
        },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&mo)
        || d < 1
        || d > days_in[(mo - 1) as usize]
        || h > 23
        || mi > 59
        || sec > 60
    {
        return None;
    }
    let mut i = 19;
    let mut frac_ms = 0;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        i = start;
        while b.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i == start {
            return None;
        }
        let digits = std::str::from_utf8(&b[start..i.min(start + 3)]).ok()?;
        frac_ms = digits.parse::<i64>().ok()? * 10_i64.pow(3 - digits.len() as u32);
    }
    let offset_s = match b.get(i)? {
        b'Z' | b'z' if i + 1 == b.len() => 0,
        sign @ (b'+' | b'-') if i + 6 == b.len() && b[i + 3] == b':' => {
            let (oh, om) = (num(i + 1..i + 3)?, num(i + 4..i + 6)?);
            if oh > 23 || om > 59 {
                return None;
            }
            let o = oh * 3600 + om * 60;
            if *sign == b'+' {
                o
            } else {
                -o
            }
        }
        _ => return None,
    };
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec.min(59) - offset_s;
    Some(secs * 1000 + frac_ms)
}

/// `--since`: a duration back from `now_ms` (`2h`, `7d`, `30m`, `45s`, `2w`) or an RFC 3339
/// time ([`parse_rfc3339_ms`]); ms since the epoch. Errors name both accepted forms.
pub fn parse_since(s: &str, now_ms: i64) -> Result<i64, String> {
    if let Some(t) = parse_rfc3339_ms(s) {
        return Ok(t);
    }
    crate::context::parse_duration_ms(s)
        .map(|d| now_ms.saturating_sub(d))
        .map_err(|_| {
            format!("--since `{s}` is neither a duration (2h, 7d, 30m, 45s, 2w) nor an RFC 3339 time (2026-12-02T18:00:00Z)")
        })
}

/// `hookward config`.
pub fn run_config(json: bool) -> CliResult {
    let cfg = load_config()?;
    let warnings = setup_warnings(&cfg);
    if json {
        let mut v = serde_json::to_value(&cfg).map_err(|e| e.to_string())?;
        if let Some(obj) = v.as_object_mut() {
            obj.insert("warnings".into(), warnings.into());
        }
        return crate::json::print(v);
    }
    outln!("hookward home: {}", home()?.display());
    // The layers first: a layer that did not load changes every value below, so it is said
    // before them, not after a page of keys.
    for l in layer_lines(&cfg) {
        outln!("{l}");
    }
    let rows = cfg.rows();
    let w = rows.iter().map(|r| r.key.len()).max().unwrap_or(0);
    for r in &rows {
        outln!("{:w$} = {:<40} ({})", r.key, r.value, r.origin);
    }
    for i in &cfg.ignored {
        outln!("ignored: {i}");
    }
    for w in &warnings {
        outln!("{}: {w}", crate::out::paint("warning", crate::out::WARN));
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn fmt_ts_known_dates() {
        assert_eq!(super::fmt_ts(0), "1970-01-01 00:00:00");
        assert_eq!(super::fmt_ts(1_798_548_405_000), "2026-12-29 12:46:45");
        assert_eq!(super::fmt_ts(951_782_400_000), "2000-02-29 00:00:00");
    }

    #[test]
    fn rfc3339_round_trips_with_fmt_ts() {
        use super::{fmt_ts, parse_rfc3339_ms, parse_since};
        // Every 7919 s over ~25 years, both spellings: the parse is fmt_ts' inverse.
        let mut t: i64 = 946_684_800_000;
        while t < 1_800_000_000_000 {
            let shown = fmt_ts(t);
            assert_eq!(
                parse_rfc3339_ms(&format!("{}Z", shown.replace(' ', "T"))),
                Some(t),
                "{shown}"
            );
            assert_eq!(
                parse_rfc3339_ms(&format!("{shown}+00:00")),
                Some(t),
                "{shown}"
            );
            t += 7_919_000;
        }
        assert_eq!(
            parse_rfc3339_ms("2026-12-29T13:46:45.250+01:00"),
            Some(1_798_548_405_250)
        );
        assert_eq!(
            parse_rfc3339_ms("2026-12-29T07:46:45.2-05:00"),
            Some(1_798_548_405_200)
        );
        for bad in [
            "2026-02-30T00:00:00Z",
            "2026-12-29T24:00:00Z",
            "2026-12-29T12:00:00",
            "2026-12-29",
            "2026-12-29T12:00:00+0100",
            "2026-12-29T12:00:00.Z",
            "x026-12-29T12:00:00Z",
        ] {
            assert_eq!(parse_rfc3339_ms(bad), None, "{bad}");
        }
        assert_eq!(parse_since("2h", 10_000_000), Ok(10_000_000 - 7_200_000));
        assert_eq!(parse_since("7d", 0), Ok(-604_800_000));
        assert!(parse_since("yesterday", 0)
            .unwrap_err()
            .contains("RFC 3339"));
    }
}
