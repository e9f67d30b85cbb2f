//! hookward as a Claude Code plugin (`packaging/claude-plugin`): finding out whether it is
//! enabled, so that `hookward install claude-code` does not register the same hooks a second
//! time through the settings file (every hook would then run twice, and `doctor` would count two
//! registrations).
//!
//! Claude Code records a plugin's enable state as `"enabledPlugins": {"<name>@<marketplace>":
//! true}` in the user, project and local settings files (Claude Code plugin docs, "enabling");
//! a plugin loaded for one session with `--plugin-dir` is not recorded anywhere and cannot be
//! seen here.

use std::path::{Path, PathBuf};

/// The plugin's name in its manifest (`packaging/claude-plugin/.claude-plugin/plugin.json`).
pub const PLUGIN_NAME: &str = "hookward";

/// One settings file that enables the hookward plugin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluginEnabled {
    /// The settings file that enables it.
    pub settings: PathBuf,
    /// The plugin id as written there (`hookward@<marketplace>`).
    pub id: String,
}

/// The first of `settings_files` whose `enabledPlugins` enables a plugin named
/// [`PLUGIN_NAME`] (any marketplace; the value `true`). Files that are missing, unreadable or
/// not JSON are skipped here: the install that follows reports them with their own error.
pub fn plugin_enabled(settings_files: &[&Path]) -> Option<PluginEnabled> {
    for path in settings_files {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let Ok(doc) = serde_json::from_str::<serde_json::Value>(&text) else {
            continue;
        };
        let Some(map) = doc.get("enabledPlugins").and_then(|v| v.as_object()) else {
            continue;
        };
        for (id, on) in map {
            let name = id.split('@').next().unwrap_or(id);
            if name == PLUGIN_NAME && on.as_bool() == Some(true) {
                return Some(PluginEnabled {
                    settings: path.to_path_buf(),
                    id: id.clone(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(dir: &Path, name: &str, text: &str) -> PathBuf {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn finds_the_enabled_plugin_in_any_marketplace_and_only_when_true() {
        let d = tempfile::tempdir().unwrap();
        let off = file(
            d.path(),
            "a.json",
            r#"{"enabledPlugins": {"hookward@m": false}}"#,
        );
        let other = file(
            d.path(),
            "b.json",
            r#"{"enabledPlugins": {"hookwardx@m": true, "x@hookward": true}}"#,
        );
        let broken = file(d.path(), "c.json", "{not json");
        let on = file(
            d.path(),
            "d.json",
            r#"{"enabledPlugins": {"hookward@team-tools": true}}"#,
        );
        let missing = d.path().join("none.json");
        assert_eq!(plugin_enabled(&[&off, &other, &broken, &missing]), None);
        assert_eq!(
            plugin_enabled(&[&off, &on]),
            Some(PluginEnabled {
                settings: on.clone(),
                id: "hookward@team-tools".into()
            })
        );
    }
}
