//! `hookward policy pull`: fetch, verify, check and activate the team's OPA bundle
//! (`[policy.bundle]`, issue 19 item 3; `hookward-bundle` does the work). Never run by the
//! hook: by hand, from a timer, or in a loop with `--every`.

use crate::util::{self, CliResult};
use hookward_bundle::{Bundle, Outcome, PullConfig, VerifyKey};
use hookward_policy::{LoadOptions, Policy, PolicySource};
use hookward_sys::now_ms;
use serde_json::json;
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

/// Arguments of `hookward policy pull`.
#[derive(clap::Args, Debug)]
pub struct PullArgs {
    /// Pull from this folder, `.tar.gz` or URL instead of `[policy.bundle] source` (the key
    /// and algorithm still come from the config).
    #[arg(long, value_name = "SOURCE")]
    source: Option<String>,
    /// Keep pulling every DURATION (`90s`, `15m`, `1h`) until stopped; a failed pull is
    /// reported and the last good bundle stays in force.
    #[arg(long, value_name = "DURATION", value_parser = parse_every)]
    every: Option<Duration>,
    /// Print the outcome as JSON.
    #[arg(long)]
    json: bool,
}

fn parse_every(s: &str) -> Result<Duration, String> {
    let (n, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: u64 = n
        .parse()
        .map_err(|_| format!("{s:?}: expected a number and a unit: 90s, 15m, 1h"))?;
    let secs = match unit {
        "s" => n,
        "m" => n * 60,
        "h" => n * 3600,
        _ => return Err(format!("{s:?}: the unit is s, m or h")),
    };
    if secs < 10 {
        return Err(format!("{s:?}: at least 10s between pulls"));
    }
    Ok(Duration::from_secs(secs))
}

/// The pull configuration from `[policy.bundle]` (and `--source`).
fn pull_config(home: &Path, source: Option<String>) -> Result<PullConfig, String> {
    let cfg = util::load_config()?;
    let b = cfg.policy_bundle.clone();
    let source = source
        .or_else(|| b.as_ref().map(|b| b.source.clone()))
        .ok_or("no bundle source: set [policy.bundle] source in config.toml, or give --source")?;
    let b = b.unwrap_or_default();
    let key = match &b.public_key {
        None => None,
        Some(k) => {
            let text = if k.trim_start().starts_with("-----BEGIN") {
                k.clone()
            } else {
                let p = Path::new(k);
                let p = if p.is_relative() {
                    home.join(p)
                } else {
                    p.to_path_buf()
                };
                std::fs::read_to_string(&p).map_err(|e| {
                    format!(
                        "[policy.bundle] public_key: cannot read {}: {e}",
                        p.display()
                    )
                })?
            };
            Some(VerifyKey {
                key: text,
                algorithm: b.algorithm.clone().unwrap_or_else(|| "RS256".into()),
                key_id: b.key_id.clone(),
                scope: b.scope.clone().unwrap_or_default(),
            })
        }
    };
    Ok(PullConfig {
        source,
        key,
        allow_unsigned: b.allow_unsigned.unwrap_or(false),
    })
}

/// The bundle's Rego must compile with the built-in pack and the user's policies, and its
/// tests (`*_test.rego`) must pass, before it is put in force.
fn check(bundle: &Bundle) -> Result<(), String> {
    let mut policies = Vec::new();
    let mut tests = Vec::new();
    for (path, bytes) in bundle.rego_files() {
        let text = String::from_utf8(bytes.to_vec()).map_err(|_| format!("{path}: not UTF-8"))?;
        let src = PolicySource {
            name: format!("bundle:{path}"),
            text: text.into(),
            builtin: false,
        };
        if path.ends_with("_test.rego") {
            tests.push(src);
        } else {
            policies.push(src);
        }
    }
    let cfg = util::load_config()?;
    let mut data = cfg.policy_data.clone();
    hookward_bundle::overlay_data(&mut data, bundle.data().map_err(|e| e.to_string())?);
    let policy = Policy::from_sources(
        policies.clone(),
        LoadOptions {
            user_dirs: Vec::new(),
            cache_dir: None,
            data: data.clone(),
            ..Default::default()
        },
    )
    .map_err(|e| e.to_string())?;
    if let Some(b) = policy.broken().first() {
        return Err(format!("{} does not compile: {}", b.name, b.error));
    }
    if !tests.is_empty() {
        let mut all = hookward_policy::builtin_sources();
        all.extend(policies);
        let results = hookward_policy::run_tests(&all, &tests, &data).map_err(|e| e.to_string())?;
        let failed: Vec<&str> = results
            .iter()
            .filter(|r| !r.passed)
            .map(|r| r.name.as_str())
            .collect();
        if !failed.is_empty() {
            return Err(format!("its tests fail: {}", failed.join(", ")));
        }
    }
    Ok(())
}

fn pull_once(home: &Path, args: &PullArgs) -> Result<Outcome, String> {
    let cfg = pull_config(home, args.source.clone())?;
    match hookward_bundle::pull(home, &cfg, now_ms(), &check) {
        Ok(out) => {
            if let Outcome::Activated(a) = &out {
                crate::audit::record(
                    "policy.bundle.activate",
                    json!({"revision": a.revision, "source": a.source, "digest": a.digest,
                           "signer": a.signer, "locked_rules": a.locked_rules,
                           "manages_settings": a.managed_toml.is_some()}),
                )?;
            }
            Ok(out)
        }
        Err(e) => {
            // A refused bundle is worth a line in the tamper-evident log too.
            let _ = crate::audit::record(
                "policy.bundle.reject",
                json!({"source": cfg.source, "error": e.to_string()}),
            );
            Err(format!(
                "bundle from {} not activated (the bundle in force stays): {e}",
                cfg.source
            ))
        }
    }
}

/// `RS256, key K, by I` (with `sep` = ", ") or `RS256 key K by I` (with " ").
fn signer_text(s: &hookward_bundle::Signer, sep: &str) -> String {
    let mut t = s.algorithm.clone();
    if let Some(k) = &s.key_id {
        t.push_str(&format!("{sep}key {k}"));
    }
    if let Some(i) = &s.issuer {
        t.push_str(&format!("{sep}by {i}"));
    }
    t
}

fn report(out: &Outcome, json_out: bool) -> CliResult {
    let (word, a) = match out {
        Outcome::Activated(a) => ("activated", a),
        Outcome::Unchanged(a) => ("unchanged", a),
    };
    if json_out {
        return crate::json::print(json!({
            "outcome": word, "revision": a.revision, "source": a.source, "digest": a.digest,
            "signer": a.signer, "locked_rules": a.locked_rules,
            "manages_settings": a.managed_toml.is_some(),
        }));
    }
    let signer = match &a.signer {
        Some(s) => format!("signed ({})", signer_text(s, ", ")),
        None => "UNSIGNED (allow_unsigned)".to_string(),
    };
    outln!(
        "{word}: bundle revision {:?} from {}, {signer}",
        a.revision,
        a.source
    );
    if !a.locked_rules.is_empty() {
        outln!("locked rules: {}", a.locked_rules.join(" "));
    }
    if a.managed_toml.is_some() {
        outln!("managed settings: in force (they may only tighten yours; `hookward config` shows them)");
    }
    Ok(ExitCode::SUCCESS)
}

/// `hookward policy pull`.
pub fn pull(args: PullArgs) -> CliResult {
    let home = util::home()?;
    let Some(every) = args.every else {
        let out = pull_once(&home, &args)?;
        return report(&out, args.json);
    };
    loop {
        match pull_once(&home, &args) {
            Ok(out) => {
                report(&out, args.json)?;
            }
            Err(e) => eprintln!("hookward: {e}"),
        }
        std::thread::sleep(every);
    }
}

/// What `hookward doctor` says about the managed bundle: revision, signer, age, last pull;
/// each line with whether it is fine (`true`) or worth a warning.
pub fn doctor_lines(home: &Path) -> Vec<(bool, String)> {
    let mut out = Vec::new();
    let configured = util::load_config()
        .ok()
        .and_then(|c| c.policy_bundle)
        .map(|b| b.source);
    match hookward_bundle::active::active(home) {
        Ok(Some(a)) => {
            let age_h = (now_ms() - a.activated_ms).max(0) as f64 / 3_600_000.0;
            let signer = match &a.signer {
                Some(s) => format!("signed with {}", signer_text(s, " ")),
                None => "UNSIGNED (allow_unsigned = true)".into(),
            };
            out.push((
                a.signer.is_some(),
                format!(
                    "policy bundle: revision {:?} from {}, {signer}, activated {age_h:.1} h ago, {} locked rule pattern(s)",
                    a.revision,
                    a.source,
                    a.locked_rules.len()
                ),
            ));
        }
        Ok(None) if configured.is_some() => out.push((
            false,
            format!(
                "policy bundle: configured ({}) but none is active: run `hookward policy pull`",
                configured.unwrap_or_default()
            ),
        )),
        Ok(None) => {}
        Err(e) => out.push((
            false,
            format!("policy bundle: the active record does not load: {e}"),
        )),
    }
    if let Some(t) = hookward_bundle::active::last_attempt(home) {
        if t.outcome == "rejected" {
            let age_h = (now_ms() - t.ms).max(0) as f64 / 3_600_000.0;
            out.push((
                false,
                format!(
                    "policy bundle: the last pull ({age_h:.1} h ago, {}) was rejected: {}",
                    t.source,
                    t.error.unwrap_or_default()
                ),
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::parse_every;

    #[test]
    fn intervals_parse_with_a_unit_and_a_floor() {
        assert_eq!(parse_every("90s").unwrap().as_secs(), 90);
        assert_eq!(parse_every("15m").unwrap().as_secs(), 900);
        assert_eq!(parse_every("1h").unwrap().as_secs(), 3600);
        assert!(parse_every("5s").is_err());
        assert!(parse_every("10").is_err());
        assert!(parse_every("m").is_err());
    }
}
