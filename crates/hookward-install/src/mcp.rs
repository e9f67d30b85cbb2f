//! The MCP servers already configured in each agent's settings, read only (issue 19 item 2:
//! `hookward install --apply` trusts them, `hookward mcp list` shows them beside the allow and
//! block lists). Where each agent keeps them:
//!
//! | agent | files | key |
//! | --- | --- | --- |
//! | Claude Code | `~/.claude.json` (user and per-project `projects.<dir>.mcpServers`), `<project>/.mcp.json` | `mcpServers` |
//! | Codex CLI | `$CODEX_HOME/config.toml` | `[mcp_servers.<name>]` |
//! | Gemini CLI | `~/.gemini/settings.json`, `<project>/.gemini/settings.json` (JSON with comments) | `mcpServers` |
//! | Cursor | `~/.cursor/mcp.json`, `<project>/.cursor/mcp.json` (JSON with comments) | `mcpServers` |
//!
//! Nothing is written and nothing a file names is started.

use crate::{document, Format, InstallError};
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};

/// One MCP server entry found in an agent's settings.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConfiguredServer {
    /// The server's name (the key of its entry), as the agent shows it in tool names.
    pub name: String,
    /// The file it was found in.
    pub file: PathBuf,
}

/// What [`configured_servers`] found.
#[derive(Debug, Default)]
pub struct ConfiguredServers {
    /// Every server entry, in file order, a name once per file.
    pub servers: Vec<ConfiguredServer>,
    /// Files that exist but could not be read or parsed (their servers are unknown), with why.
    pub problems: Vec<InstallError>,
}

impl ConfiguredServers {
    /// The distinct server names, sorted.
    pub fn names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.servers.iter().map(|s| s.name.clone()).collect();
        v.sort();
        v.dedup();
        v
    }
}

/// The files where the agent of `format` keeps MCP servers: `home` is the user's home,
/// `codex_home` Codex's (`$CODEX_HOME` or `~/.codex`), `project` the project directory.
pub fn mcp_config_files(
    format: Format,
    home: &Path,
    codex_home: &Path,
    project: &Path,
) -> Vec<PathBuf> {
    match format {
        Format::ClaudeCode => vec![home.join(".claude.json"), project.join(".mcp.json")],
        Format::Codex => vec![codex_home.join("config.toml")],
        Format::Gemini => vec![
            home.join(".gemini/settings.json"),
            project.join(".gemini/settings.json"),
        ],
        Format::Cursor => vec![
            home.join(".cursor/mcp.json"),
            project.join(".cursor/mcp.json"),
        ],
    }
}

fn keys_of(v: Option<&Value>) -> impl Iterator<Item = String> + '_ {
    v.and_then(Value::as_object)
        .into_iter()
        .flat_map(|m| m.keys().cloned())
}

/// The server names one JSON settings object configures: `mcpServers`, and in Claude Code's
/// `~/.claude.json` every `projects.<dir>.mcpServers`.
fn json_servers(root: &Map<String, Value>) -> Vec<String> {
    let mut names: Vec<String> = keys_of(root.get("mcpServers")).collect();
    if let Some(projects) = root.get("projects").and_then(Value::as_object) {
        for p in projects.values() {
            names.extend(keys_of(p.get("mcpServers")));
        }
    }
    names
}

/// The names under `[mcp_servers]` of a Codex `config.toml`.
fn toml_servers(path: &Path, text: &str) -> Result<Vec<String>, InstallError> {
    let doc: toml_edit::DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| crate::codex_trust::toml_error(path, text, &e))?;
    Ok(doc
        .get("mcp_servers")
        .and_then(|i| i.as_table_like())
        .map(|t| t.iter().map(|(k, _)| k.to_string()).collect())
        .unwrap_or_default())
}

/// The MCP servers configured for the agent of `format` (see the module table). A missing
/// file has none; a file that cannot be read or parsed is reported in
/// [`ConfiguredServers::problems`] and skipped.
pub fn configured_servers(
    format: Format,
    home: &Path,
    codex_home: &Path,
    project: &Path,
) -> ConfiguredServers {
    let mut out = ConfiguredServers::default();
    let mut seen_files: Vec<PathBuf> = Vec::new();
    for file in mcp_config_files(format, home, codex_home, project) {
        // The project may be the home folder: read a file once.
        if seen_files.contains(&file) {
            continue;
        }
        seen_files.push(file.clone());
        let names = if format == Format::Codex {
            match document::read_bytes(&file) {
                Ok(None) => continue,
                Ok(Some(bytes)) => {
                    let text = String::from_utf8_lossy(&bytes).into_owned();
                    toml_servers(&file, &text)
                }
                Err(e) => Err(e),
            }
        } else {
            let jsonc = matches!(format, Format::Gemini | Format::Cursor);
            document::load(&file, jsonc).map(|d| json_servers(&d.root))
        };
        match names {
            Ok(names) => {
                let mut here: Vec<String> = Vec::new();
                for n in names {
                    if !here.contains(&n) {
                        here.push(n);
                    }
                }
                out.servers
                    .extend(here.into_iter().map(|name| ConfiguredServer {
                        name,
                        file: file.clone(),
                    }));
            }
            Err(e) => out.problems.push(e),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_servers_in_each_agents_files() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let codex = home.join(".codex");
        let project = dir.path().join("proj");
        for d in [
            &home,
            &codex,
            &project,
            &home.join(".gemini"),
            &home.join(".cursor"),
        ] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(
            home.join(".claude.json"),
            r#"{"mcpServers":{"github":{"command":"gh-mcp"}},"projects":{"/w":{"mcpServers":{"linear":{},"github":{}}}}}"#,
        )
        .unwrap();
        std::fs::write(project.join(".mcp.json"), r#"{"mcpServers":{"stripe":{}}}"#).unwrap();
        std::fs::write(
            codex.join("config.toml"),
            "model = \"o3\"\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n[mcp_servers.\"my-db\"]\ncommand = \"x\"\n",
        )
        .unwrap();
        std::fs::write(
            home.join(".gemini/settings.json"),
            "{\n  // mine\n  \"mcpServers\": {\"search\": {}}\n}\n",
        )
        .unwrap();
        std::fs::write(home.join(".cursor/mcp.json"), "{ not json").unwrap();

        let c = configured_servers(Format::ClaudeCode, &home, &codex, &project);
        assert_eq!(c.names(), ["github", "linear", "stripe"]);
        assert!(c.problems.is_empty());
        assert_eq!(c.servers.len(), 3, "a name once per file: {:?}", c.servers);
        let x = configured_servers(Format::Codex, &home, &codex, &project);
        assert_eq!(x.names(), ["docs", "my-db"]);
        let g = configured_servers(Format::Gemini, &home, &codex, &project);
        assert_eq!(g.names(), ["search"]);
        let cu = configured_servers(Format::Cursor, &home, &codex, &project);
        assert!(cu.names().is_empty());
        assert_eq!(cu.problems.len(), 1, "a broken file is reported");
    }
}
