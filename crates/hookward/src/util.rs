//! Small helpers shared by the subcommands.

use hookward_config::{Config, KEYS};
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

/// Loads the effective config for the current directory's project.
pub fn load_config() -> Result<Config, String> {
    let home = home()?;
    let cwd = std::env::current_dir().ok();
    let layers = hookward_config::read_layers(&home, cwd.as_deref()).map_err(|e| e.to_string())?;
    Config::from_layers(&layers).map_err(|e| e.to_string())
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
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(&cfg).map_err(|e| e.to_string())?
        );
        return Ok(ExitCode::SUCCESS);
    }
    let value = serde_json::to_value(&cfg).map_err(|e| e.to_string())?;
    println!("hookward home: {}", home()?.display());
    for key in KEYS {
        let field = if *key == "policy.data" {
            "policy_data"
        } else {
            key
        };
        let v = value.get(field).cloned().unwrap_or_default();
        println!("{key:22} = {:<40} ({})", v.to_string(), cfg.origin(key));
    }
    for i in &cfg.ignored {
        println!("ignored: {i}");
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
