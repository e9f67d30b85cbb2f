//! `hookward policy disable | enable | add | remove`: changes to the user's policy set, each
//! written before it is printed and recorded in the audit log (`crate::audit`).

use crate::util::{self, CliResult};
use hookward_config::edit;
use hookward_policy::admin::{self, is_glob, is_locked};
use hookward_policy::{all_rule_infos, builtin_sources, PolicySource};
use serde_json::json;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `hookward policy add`.
#[derive(clap::Args)]
pub struct AddArgs {
    /// The policy file (`.rego`): `package hookward.rules.custom.<name>`, rule ids `custom/<name>/…`.
    file: PathBuf,
    /// The policy's name (default: the file's name without `.rego`).
    #[arg(long)]
    name: Option<String>,
    /// Its Rego tests (default: `<file>_test.rego` beside it, when it exists); every
    /// `test_*` rule must pass.
    #[arg(long, value_name = "FILE")]
    test: Option<PathBuf>,
    /// Replace an installed policy of the same name.
    #[arg(long)]
    replace: bool,
    /// Print what was installed as JSON.
    #[arg(long)]
    json: bool,
}

/// The user's own config file text (empty when missing) and its path.
fn user_config(home: &Path) -> Result<(PathBuf, String), String> {
    let path = edit::user_config_path(home);
    match std::fs::read_to_string(&path) {
        Ok(t) => Ok((path, t)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((path, String::new())),
        Err(e) => Err(format!("cannot read {}: {e}", path.display())),
    }
}

/// `disabled_rules` as the user file alone says (not the environment, not a project).
fn file_disabled(path: &Path, text: &str) -> Result<BTreeSet<String>, String> {
    let origin = path.display().to_string();
    hookward_config::Config::from_layers(&hookward_config::Layers {
        user_toml: Some((origin, text.to_string())),
        ..Default::default()
    })
    .map(|c| c.disabled_rules)
    .map_err(|e| format!("{e}; fix the file first (hookward edits only a config that loads)"))
}

/// Every rule id of the built-in pack and the user's policies (`policy list`).
fn known_rules() -> Result<Vec<hookward_policy::RuleInfo>, String> {
    let mut sources = builtin_sources();
    sources.extend(
        hookward_policy::user_sources(&crate::policy::dirs(Vec::new())?, false)
            .map_err(|e| e.to_string())?,
    );
    Ok(all_rule_infos(&sources))
}

/// Writes the new `disabled_rules` into the user config, prints, records the audit entry.
fn write_disabled(
    home: &Path,
    path: &Path,
    text: &str,
    new: &BTreeSet<String>,
) -> Result<(), String> {
    let out = edit::set_disabled_rules(&path.display().to_string(), text, new)
        .map_err(|e| e.to_string())?;
    edit::write_user_config(home, &out).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// A note when `HOOKWARD_DISABLED_RULES` is set: it replaces the file's list while it is.
fn env_note() {
    if std::env::var_os("HOOKWARD_DISABLED_RULES").is_some() {
        eprintln!("hookward: note: HOOKWARD_DISABLED_RULES is set and replaces the config file's disabled_rules while it is");
    }
}

/// `hookward policy disable PATTERN…`: adds the rule ids (or every id a glob matches) to
/// `disabled_rules` in the user config. Locked (`self/`) ids are refused by name and skipped
/// in a glob; a pattern that disables nothing is an error (exit 2), so a typo is not silent.
pub fn disable(patterns: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let rules = known_rules()?;
    // Rules the managed policy bundle locks are as locked as `self/` ones.
    let bundle = hookward_bundle::active::active(&home).ok().flatten();
    let bundle_locks: Vec<String> = bundle
        .as_ref()
        .map(|b| b.locked_rules.clone())
        .unwrap_or_default();
    let by_bundle = |id: &str| bundle_locks.iter().any(|g| admin::glob_match(g, id));
    let is_locked = |id: &str| is_locked(id) || by_bundle(id);
    let mut chosen = BTreeSet::new();
    let mut locked_skipped = BTreeSet::new();
    for p in patterns {
        if !is_glob(p) {
            if by_bundle(p) {
                return Err(format!(
                    "{p} is locked by the managed policy bundle (revision {:?}) and cannot be disabled",
                    bundle.as_ref().map(|b| b.revision.as_str()).unwrap_or_default()
                ));
            }
            if is_locked(p) {
                return Err(format!(
                    "{p} is a locked self-protection rule ({}…) and cannot be disabled",
                    hookward_policy::LOCKED_PREFIX
                ));
            }
            if !rules.iter().any(|r| &r.id == p) {
                return Err(format!(
                    "no rule has the id {p}; `hookward policy list` shows the ids (a glob such as `shell/*` disables several)"
                ));
            }
            chosen.insert(p.clone());
            continue;
        }
        let matched: Vec<&str> = rules
            .iter()
            .map(|r| r.id.as_str())
            .filter(|id| admin::glob_match(p, id))
            .collect();
        let (locked, open): (Vec<&str>, Vec<&str>) = matched.iter().partition(|id| is_locked(id));
        locked_skipped.extend(locked.iter().map(|s| s.to_string()));
        if open.is_empty() {
            return Err(if locked.is_empty() {
                format!("{p} matches no rule id; `hookward policy list` shows the ids")
            } else {
                format!(
                    "{p} matches only locked rules (self-protection {}… or locked by the managed policy bundle), which cannot be disabled",
                    hookward_policy::LOCKED_PREFIX
                )
            });
        }
        chosen.extend(open.iter().map(|s| s.to_string()));
    }
    let (path, text) = user_config(&home)?;
    let before = file_disabled(&path, &text)?;
    let added: Vec<String> = chosen.difference(&before).cloned().collect();
    if !added.is_empty() {
        let new: BTreeSet<String> = before.union(&chosen).cloned().collect();
        write_disabled(&home, &path, &text, &new)?;
        crate::audit::record(
            "policy.disable",
            json!({"patterns": patterns, "rules": added, "config": path.display().to_string()}),
        )?;
    }
    env_note();
    if json_out {
        return crate::json::print(json!({
            "disabled": added,
            "already_disabled": chosen.intersection(&before).collect::<Vec<_>>(),
            "locked_skipped": locked_skipped,
            "config": path.display().to_string(),
        }));
    }
    if added.is_empty() {
        outln!(
            "already disabled: {}",
            chosen.into_iter().collect::<Vec<_>>().join(" ")
        );
    } else {
        outln!("disabled {} (in {})", added.join(" "), path.display());
    }
    if !locked_skipped.is_empty() {
        outln!(
            "left on (locked): {}",
            locked_skipped.into_iter().collect::<Vec<_>>().join(" ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `hookward policy enable PATTERN…`: removes the `disabled_rules` entries of the user config
/// that are these ids or that the globs match. Enabling what is not disabled changes nothing
/// (exit 0, says so).
pub fn enable(patterns: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let (path, text) = user_config(&home)?;
    let before = file_disabled(&path, &text)?;
    let removed: BTreeSet<String> = before
        .iter()
        .filter(|id| patterns.iter().any(|p| admin::glob_match(p, id)))
        .cloned()
        .collect();
    if !removed.is_empty() {
        let new: BTreeSet<String> = before.difference(&removed).cloned().collect();
        write_disabled(&home, &path, &text, &new)?;
        crate::audit::record(
            "policy.enable",
            json!({"patterns": patterns, "rules": removed, "config": path.display().to_string()}),
        )?;
    }
    env_note();
    if json_out {
        return crate::json::print(json!({
            "enabled": removed,
            "config": path.display().to_string(),
        }));
    }
    if removed.is_empty() {
        outln!(
            "nothing to enable: no disabled rule matches {}",
            patterns.join(" ")
        );
    } else {
        outln!(
            "enabled {} (in {})",
            removed.into_iter().collect::<Vec<_>>().join(" "),
            path.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// Where `hookward policy add` installs: `<home>/policies`.
fn install_dir(home: &Path) -> PathBuf {
    home.join("policies")
}

fn read_source(path: &Path) -> Result<PolicySource, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(PolicySource {
        name: path.display().to_string(),
        text: text.into(),
        builtin: false,
    })
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename
/// ([`hookward_sys::write_atomic`]).
fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    hookward_sys::write_atomic(path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// `hookward policy add FILE.rego`: checks the file ([`admin::check_custom`]), compiles the
/// whole pack with it (built-in + the user policies in force + it) and evaluates one empty
/// event (a user rule that fails at evaluation is refused), runs its tests, then installs it
/// (and its tests) into `<home>/policies`. Nothing is installed when a step fails (exit 2; a
/// failing test exits 1).
pub fn add(args: AddArgs) -> CliResult {
    let home = util::home()?;
    let stem = args
        .file
        .file_name()
        .and_then(|n| n.to_str())
        .and_then(|n| n.strip_suffix(".rego"))
        .ok_or_else(|| format!("{} is not a .rego file", args.file.display()))?;
    if stem.ends_with("_test") {
        return Err(format!(
            "{} is a test file; add the policy and give its tests with --test",
            args.file.display()
        ));
    }
    let name = args.name.clone().unwrap_or_else(|| stem.to_string());
    let source = read_source(&args.file)?;
    let ids = admin::check_custom(&name, &source).map_err(|e| e.to_string())?;

    let dir = install_dir(&home);
    let dest = dir.join(format!("{name}.rego"));
    let dest_test = dir.join(format!("{name}_test.rego"));
    if dest.exists() && !args.replace {
        return Err(format!(
            "a policy named {name} is installed ({}); give --replace to replace it, or `hookward policy remove {name}`",
            dest.display()
        ));
    }
    // The user policies in force, without the copy this replaces.
    let dirs = crate::policy::dirs(Vec::new())?;
    let mut user: Vec<PolicySource> = hookward_policy::user_sources(&dirs, false)
        .map_err(|e| e.to_string())?
        .into_iter()
        .filter(|s| Path::new(&s.name) != dest)
        .collect();
    let package = admin::custom_package(&name);
    if let Some(other) = user
        .iter()
        .find(|s| hookward_policy::package_of(&s.text).as_deref() == Some(package.as_str()))
    {
        return Err(format!(
            "{} already declares package {package}; one file per custom policy",
            other.name
        ));
    }
    user.push(source.clone());
    let cfg = util::load_config()?;
    let mut policy = hookward_policy::Policy::from_sources(
        user.clone(),
        hookward_policy::LoadOptions {
            user_dirs: Vec::new(),
            cache_dir: None,
            data: cfg.policy_data.clone(),
            ..Default::default()
        },
    )
    .map_err(|e| e.to_string())?;
    if let Some(b) = policy.broken().iter().find(|b| b.name == source.name) {
        return Err(format!("{} does not compile: {}", b.name, b.error));
    }
    let probe = json!({"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
                       "facts": {}, "config": cfg.policy_view()});
    let eval = policy.evaluate(&probe).map_err(|e| e.to_string())?;
    if let Some(e) = &eval.user_error {
        return Err(format!(
            "the policy set with {} fails to evaluate: {e}",
            source.name
        ));
    }

    let test_path = match &args.test {
        Some(t) => Some(t.clone()),
        None => {
            let sibling = args.file.with_file_name(format!("{stem}_test.rego"));
            sibling.is_file().then_some(sibling)
        }
    };
    let mut test_results = Vec::new();
    let test_source = match &test_path {
        Some(t) => {
            let ts = read_source(t)?;
            let mut policies = builtin_sources();
            policies.extend(user);
            test_results =
                hookward_policy::run_tests(&policies, std::slice::from_ref(&ts), &cfg.policy_data)
                    .map_err(|e| e.to_string())?;
            if test_results.is_empty() {
                return Err(format!("{} has no test_* rule", t.display()));
            }
            let failed: Vec<String> = test_results
                .iter()
                .filter(|r| !r.passed)
                .map(|r| format!("FAIL {}: {}", r.name, r.error.as_deref().unwrap_or("")))
                .collect();
            if !failed.is_empty() {
                eprintln!("hookward: {}", failed.join("\nhookward: "));
                eprintln!(
                    "hookward: {} of {} tests failed; {name} is not installed",
                    failed.len(),
                    test_results.len()
                );
                return Ok(ExitCode::from(1));
            }
            Some(ts)
        }
        None => None,
    };

    write_atomic(&dest, &source.text)?;
    match &test_source {
        Some(ts) => write_atomic(&dest_test, &ts.text)?,
        None if args.replace && dest_test.exists() => {
            // The old tests belong to the old file.
            std::fs::remove_file(&dest_test)
                .map_err(|e| format!("cannot remove {}: {e}", dest_test.display()))?;
        }
        None => {}
    }
    crate::audit::record(
        "policy.add",
        json!({"name": name, "rules": ids, "file": dest.display().to_string(),
               "source_blake3": blake3_hex(&source.text),
               "tests": test_results.len(), "replaced": args.replace}),
    )?;
    if args.json {
        return crate::json::print(json!({
            "name": name, "installed": dest.display().to_string(),
            "tests_installed": test_source.as_ref().map(|_| dest_test.display().to_string()),
            "rules": ids, "tests_passed": test_results.len(),
        }));
    }
    outln!("installed {name}: {}", dest.display());
    outln!("rules: {}", ids.join(" "));
    match test_source {
        Some(_) => outln!("tests: {} passed", test_results.len()),
        None => {
            outln!("tests: none run (no --test given and no {stem}_test.rego beside the file; with one, it is run before installing and installed too)")
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn blake3_hex(text: &str) -> String {
    hookward_store::audit_hash_hex(text.as_bytes())
}

/// `hookward policy remove NAME`: deletes `<home>/policies/<name>.rego` and its tests.
/// Exit 2 when no such policy is installed.
pub fn remove(name: &str, json_out: bool) -> CliResult {
    if !admin::valid_custom_name(name) {
        return Err(admin::AdminError::BadName(name.to_string()).to_string());
    }
    let home = util::home()?;
    let dir = install_dir(&home);
    let file = dir.join(format!("{name}.rego"));
    let test = dir.join(format!("{name}_test.rego"));
    if !file.is_file() {
        return Err(format!(
            "no policy named {name} is installed ({} does not exist)",
            file.display()
        ));
    }
    let text = std::fs::read_to_string(&file).unwrap_or_default();
    std::fs::remove_file(&file).map_err(|e| format!("cannot remove {}: {e}", file.display()))?;
    let had_tests = test.is_file();
    if had_tests {
        std::fs::remove_file(&test)
            .map_err(|e| format!("cannot remove {}: {e}", test.display()))?;
    }
    crate::audit::record(
        "policy.remove",
        json!({"name": name, "file": file.display().to_string(),
               "source_blake3": blake3_hex(&text), "tests_removed": had_tests}),
    )?;
    if json_out {
        return crate::json::print(json!({
            "removed": file.display().to_string(),
            "tests_removed": had_tests.then(|| test.display().to_string()),
        }));
    }
    outln!("removed {name}: {}", file.display());
    if had_tests {
        outln!("removed its tests: {}", test.display());
    }
    Ok(ExitCode::SUCCESS)
}
