//! `hookward mcp allow | disallow | block | unblock | list`: the MCP server allow and block
//! lists (`[mcp]` in the user's `config.toml`, edited in place by `hookward_config::edit`),
//! and [`seed_on_install`], the trust-on-install step of `hookward install --apply`. Every
//! change is written before it is printed and recorded in the audit log (`crate::audit`).
//! The decisions themselves are the built-in Rego rules `mcp/blocked-server` and
//! `mcp/unlisted-server` (`crates/hookward-policy/policy/mcp.rego`).

use crate::util::{self, CliResult};
use clap::Subcommand;
use hookward_config::{edit, Config, McpConfig, DEFAULT_MCP_BLOCK};
use hookward_install::{configured_servers, Format};
use hookward_policy::admin::glob_match;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `hookward mcp` subcommands.
#[derive(Subcommand)]
pub enum McpCommand {
    /// Trusts MCP servers (names or globs): adds them to `mcp.allow` (which starts the allow
    /// list when none is set: servers on no list then ask).
    Allow {
        /// Server names or globs (`corp-*`).
        #[arg(required = true)]
        names: Vec<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Removes entries from `mcp.allow`: those servers ask again.
    Disallow {
        /// Entries of the allow list (or globs matching entries).
        #[arg(required = true)]
        names: Vec<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Blocks MCP servers (names or globs): adds them to `mcp.block`; their calls are denied.
    Block {
        /// Server names or globs (`*bank*`).
        #[arg(required = true)]
        patterns: Vec<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Removes entries from `mcp.block` (the default payment and banking entries too).
    Unblock {
        /// Entries of the block list, exactly as `mcp list` shows them.
        #[arg(required = true)]
        patterns: Vec<String>,
        /// Print the result as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Shows the allow and block lists and the servers configured in each agent's settings.
    List {
        /// The project whose MCP files to read as well (default: the current directory).
        #[arg(long)]
        project: Option<PathBuf>,
        /// Print as JSON.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a `hookward mcp` subcommand.
pub fn run(cmd: McpCommand) -> CliResult {
    match cmd {
        McpCommand::Allow { names, json } => allow(&names, json),
        McpCommand::Disallow { names, json } => disallow(&names, json),
        McpCommand::Block { patterns, json } => block(&patterns, json),
        McpCommand::Unblock { patterns, json } => unblock(&patterns, json),
        McpCommand::List { project, json } => list(project, json),
    }
}

/// Whether the server name `server` matches the entry `pattern` as the Rego rules match it:
/// `*` any run of characters, `?` one, case-insensitive.
pub fn matches(pattern: &str, server: &str) -> bool {
    glob_match(&pattern.to_lowercase(), &server.to_lowercase())
}

/// The user config file (path, text, its `[mcp]` as the file alone says: not the
/// environment, not a project).
fn user_mcp(home: &Path) -> Result<(PathBuf, String, McpConfig), String> {
    let path = edit::user_config_path(home);
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(format!("cannot read {}: {e}", path.display())),
    };
    let cfg = Config::from_layers(&hookward_config::Layers {
        user_toml: Some((path.display().to_string(), text.clone())),
        ..Default::default()
    })
    .map_err(|e| format!("{e}; fix the file first (hookward edits only a config that loads)"))?;
    Ok((path, text, cfg.mcp))
}

/// Writes `values` as `key` into the user config and records `action` in the audit log.
fn write_list(
    home: &Path,
    path: &Path,
    text: &str,
    key: &str,
    values: &[String],
    action: &str,
    details: serde_json::Value,
) -> Result<String, String> {
    let out = edit::set_string_list(&path.display().to_string(), text, key, values)
        .map_err(|e| e.to_string())?;
    edit::write_user_config(home, &out)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    crate::audit::record(action, details)?;
    Ok(out)
}

fn blocked_by<'a>(mcp: &'a McpConfig, server: &str) -> Vec<&'a str> {
    mcp.block
        .iter()
        .filter(|p| matches(p, server))
        .map(String::as_str)
        .collect()
}

fn allow(names: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let (path, text, mcp) = user_mcp(&home)?;
    let started = mcp.allow.is_none();
    let mut list = mcp.allow.clone().unwrap_or_default();
    let added: Vec<String> =
        names
            .iter()
            .filter(|n| !list.contains(n))
            .cloned()
            .fold(Vec::new(), |mut v, n| {
                if !v.contains(&n) {
                    v.push(n);
                }
                v
            });
    list.extend(added.iter().cloned());
    if !added.is_empty() || started {
        write_list(
            &home,
            &path,
            &text,
            "mcp.allow",
            &list,
            "mcp.allow",
            json!({"added": added, "config": path.display().to_string()}),
        )?;
    }
    let still_blocked: Vec<(String, Vec<&str>)> = names
        .iter()
        .map(|n| (n.clone(), blocked_by(&mcp, n)))
        .filter(|(_, b)| !b.is_empty())
        .collect();
    if json_out {
        return crate::json::print(json!({
            "added": added,
            "allow": list,
            "still_blocked": still_blocked.iter().map(|(n, b)| json!({"server": n, "by": b})).collect::<Vec<_>>(),
            "config": path.display().to_string(),
        }));
    }
    if added.is_empty() {
        outln!("already allowed: {}", names.join(" "));
    } else {
        outln!(
            "allowed {} (mcp.allow in {})",
            added.join(" "),
            path.display()
        );
    }
    if started {
        outln!(
            "the MCP allow list is now in force: a server on no list asks before its first call"
        );
    }
    for (n, by) in still_blocked {
        outln!(
            "note: {n} also matches mcp.block ({}): its calls stay denied until `hookward mcp unblock {}`",
            by.join(", "),
            by[0]
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn disallow(names: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let (path, text, mcp) = user_mcp(&home)?;
    let Some(list) = mcp.allow else {
        return Err("no MCP allow list is set (every server not blocked is allowed); `hookward mcp block NAME` denies a server".into());
    };
    let removed: Vec<String> = list
        .iter()
        .filter(|e| names.iter().any(|n| glob_match(n, e)))
        .cloned()
        .collect();
    if removed.is_empty() {
        return Err(format!(
            "no entry of mcp.allow matches {}; `hookward mcp list` shows the entries",
            names.join(" ")
        ));
    }
    let kept: Vec<String> = list.into_iter().filter(|e| !removed.contains(e)).collect();
    write_list(
        &home,
        &path,
        &text,
        "mcp.allow",
        &kept,
        "mcp.disallow",
        json!({"removed": removed, "config": path.display().to_string()}),
    )?;
    if json_out {
        return crate::json::print(
            json!({"removed": removed, "allow": kept, "config": path.display().to_string()}),
        );
    }
    outln!("removed from mcp.allow: {}", removed.join(" "));
    Ok(ExitCode::SUCCESS)
}

fn block(patterns: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let (path, text, mcp) = user_mcp(&home)?;
    let mut list = mcp.block.clone();
    let mut added = Vec::new();
    for p in patterns {
        if !list.contains(p) {
            list.push(p.clone());
            added.push(p.clone());
        }
    }
    if !added.is_empty() {
        write_list(
            &home,
            &path,
            &text,
            "mcp.block",
            &list,
            "mcp.block",
            json!({"added": added, "config": path.display().to_string()}),
        )?;
    }
    if json_out {
        return crate::json::print(
            json!({"added": added, "block": list, "config": path.display().to_string()}),
        );
    }
    if added.is_empty() {
        outln!("already blocked: {}", patterns.join(" "));
    } else {
        outln!(
            "blocked {} (mcp.block in {})",
            added.join(" "),
            path.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn unblock(patterns: &[String], json_out: bool) -> CliResult {
    let home = util::home()?;
    let (path, text, mcp) = user_mcp(&home)?;
    let mut removed = Vec::new();
    for p in patterns {
        if mcp.block.contains(p) {
            removed.push(p.clone());
            continue;
        }
        let by = blocked_by(&mcp, p);
        return Err(if by.is_empty() {
            format!("{p} is not on the MCP block list; `hookward mcp list` shows it")
        } else {
            format!(
                "{p} is not an entry of the MCP block list but matches {}; unblock the entry: hookward mcp unblock '{}'",
                by.join(", "),
                by[0]
            )
        });
    }
    let kept: Vec<String> = mcp
        .block
        .iter()
        .filter(|e| !removed.contains(e))
        .cloned()
        .collect();
    write_list(
        &home,
        &path,
        &text,
        "mcp.block",
        &kept,
        "mcp.unblock",
        json!({"removed": removed, "config": path.display().to_string()}),
    )?;
    if json_out {
        return crate::json::print(
            json!({"removed": removed, "block": kept, "config": path.display().to_string()}),
        );
    }
    outln!("removed from mcp.block: {}", removed.join(" "));
    Ok(ExitCode::SUCCESS)
}

/// What the rules do with a call to `server` under `mcp`: `blocked`, `allowed`, `unlisted`
/// (asks), or `allowed (no allow list)`.
pub fn status(mcp: &McpConfig, server: &str) -> &'static str {
    if !blocked_by(mcp, server).is_empty() {
        return "blocked";
    }
    match &mcp.allow {
        None => "allowed (no allow list)",
        Some(list) if list.iter().any(|p| matches(p, server)) => "allowed",
        Some(_) => "unlisted (asks)",
    }
}

/// Every agent's settings format and its command-line word, in the order `list` shows them
/// (the agents' order, `InstallAgent::all`).
fn agents() -> impl Iterator<Item = (Format, &'static str)> {
    crate::install::InstallAgent::all()
        .iter()
        .map(|a| (a.format(), a.word()))
}

fn list(project: Option<PathBuf>, json_out: bool) -> CliResult {
    let cfg = util::load_config()?;
    let mcp = &cfg.mcp;
    let user_home = util::user_home()?;
    let codex_home = crate::install::codex_home()?;
    let project = match project {
        Some(p) => p,
        None => std::env::current_dir().map_err(|e| e.to_string())?,
    };
    let mut servers = Vec::new();
    let mut problems = Vec::new();
    for (format, word) in agents() {
        let found = configured_servers(format, &user_home, &codex_home, &project);
        for s in found.servers {
            servers.push((word, s.name.clone(), s.file.display().to_string()));
        }
        problems.extend(found.problems.iter().map(|e| e.to_string()));
    }
    let defaults: Vec<&str> = DEFAULT_MCP_BLOCK.to_vec();
    if json_out {
        return crate::json::print(json!({
            "allow": mcp.allow,
            "allow_origin": cfg.origin("mcp.allow"),
            "block": mcp.block.iter().map(|p| json!({"pattern": p, "default": defaults.contains(&p.as_str())})).collect::<Vec<_>>(),
            "block_origin": cfg.origin("mcp.block"),
            "servers": servers.iter().map(|(a, n, f)| json!({"agent": a, "name": n, "file": f, "status": status(mcp, n)})).collect::<Vec<_>>(),
            "problems": problems,
        }));
    }
    match &mcp.allow {
        None => outln!("allow list: not set (every server not blocked is allowed; `hookward install --apply` or `hookward mcp allow` sets it)"),
        Some(l) if l.is_empty() => outln!("allow list ({}): empty (every server not blocked asks)", cfg.origin("mcp.allow")),
        Some(l) => outln!("allow list ({}): {}", cfg.origin("mcp.allow"), l.join(" ")),
    }
    outln!("block list ({}):", cfg.origin("mcp.block"));
    if mcp.block.is_empty() {
        outln!("  (empty)");
    }
    for p in &mcp.block {
        let mark = if defaults.contains(&p.as_str()) {
            "  (default)"
        } else {
            ""
        };
        outln!("  {p}{mark}");
    }
    outln!("configured servers:");
    if servers.is_empty() {
        outln!("  (none found)");
    }
    for (agent, name, file) in &servers {
        outln!("  {agent:<12} {name:<20} {:<24} {file}", status(mcp, name));
    }
    for p in problems {
        outln!("  could not read: {p}");
    }
    Ok(ExitCode::SUCCESS)
}

/// Trust on install (`hookward install <agent> --apply`): adds the MCP servers configured for
/// the agent of `format` to `mcp.allow` in the user config (setting the list, even empty, when
/// none is set), records it in the audit log, and returns the lines to print. With `apply`
/// false nothing is written and the lines say what would be. Servers matching the block list
/// are named: their calls stay denied.
pub fn seed_on_install(format: Format, project: &Path, apply: bool) -> Result<Vec<String>, String> {
    let home = util::home()?;
    let found = configured_servers(
        format,
        &util::user_home()?,
        &crate::install::codex_home()?,
        project,
    );
    let names = found.names();
    let (path, text, mcp) = user_mcp(&home)?;
    let current = mcp.allow.clone().unwrap_or_default();
    let new: Vec<String> = names
        .iter()
        .filter(|n| !current.iter().any(|p| matches(p, n)))
        .cloned()
        .collect();
    let mut lines = Vec::new();
    for e in &found.problems {
        lines.push(format!("MCP servers unknown (could not read): {e}"));
    }
    if new.is_empty() && mcp.allow.is_some() {
        return Ok(lines);
    }
    let shown = if new.is_empty() {
        "(none configured)".to_string()
    } else {
        new.join(" ")
    };
    if apply {
        let mut list = current;
        list.extend(new.iter().cloned());
        write_list(
            &home,
            &path,
            &text,
            "mcp.allow",
            &list,
            "mcp.allow",
            json!({"added": new, "source": "install", "config": path.display().to_string()}),
        )?;
        lines.push(format!(
            "trusted the MCP servers configured now: {shown} (mcp.allow in {}); servers added later ask first",
            path.display()
        ));
    } else {
        lines.push(format!(
            "--apply would also trust the MCP servers configured now: {shown} (mcp.allow in {})",
            path.display()
        ));
    }
    for n in &names {
        let by = blocked_by(&mcp, n);
        if !by.is_empty() {
            lines.push(format!(
                "note: the MCP server {n} matches mcp.block ({}): its calls are denied; `hookward mcp unblock '{}'` allows them",
                by.join(", "),
                by[0]
            ));
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agent_rows_give_the_former_table() {
        // The table `list` had before it asked the agents' rows.
        let former = [
            (Format::ClaudeCode, "claude-code"),
            (Format::Codex, "codex"),
            (Format::Gemini, "gemini"),
            (Format::Cursor, "cursor"),
        ];
        assert_eq!(agents().collect::<Vec<_>>(), former);
    }
}
