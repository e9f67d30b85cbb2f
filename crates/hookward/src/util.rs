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

/// Formats milliseconds since the epoch as `YYYY-MM-DD HH:MM:SS` UTC (Howard Hinnant's
/// civil-from-days algorithm).
pub fn fmt_ts(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
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
    for l in layer_lines(&cfg) {
        println!("{l}");
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
}
