//! What a file-tool write would change in an agent's settings (JSON) file.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The difference a write would make to an agent settings or MCP config file, leaf by leaf.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingsChange {
    /// The file.
    pub path: String,
    /// One line per changed leaf, e.g. `set disableAllHooks = true`,
    /// `add permissions.allow[2] = "Bash(*)"`, `remove hooks.PreToolUse[0].hooks[0].command = "…"`.
    pub changes: Vec<String>,
    /// The first changes joined for a reason (at most 6, then "and N more").
    pub summary: String,
    /// The write turns the agent's hooks off (Claude `disableAllHooks: true`, Gemini
    /// `hooksConfig.enabled: false`).
    pub disables_hooks: bool,
    /// The write removes hookward's own hook entries (fewer hookward commands afterwards).
    pub removes_hookward: bool,
    /// False when the resulting content could not be computed or parsed; then `changes` is
    /// empty and `summary` says why.
    pub known: bool,
}

fn read_current(path: &str) -> Option<String> {
    use std::io::Read;
    let f = std::fs::File::open(path).ok()?;
    let mut s = String::new();
    f.take(super::MAX_READ).read_to_string(&mut s).ok()?;
    Some(s)
}

/// The content after the tool call: `Write` → `content`; `Edit` → `old_string` replaced by
/// `new_string` (all occurrences with `replace_all`); `MultiEdit` → each of `edits` in order.
/// `None` when an edit's `old_string` is not found (the tool would fail) or the input lacks
/// the fields.
fn resulting_content(tool: &str, input: &Value, current: Option<&str>) -> Option<String> {
    let s = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
    let apply = |text: &str, e: &Value| -> Option<String> {
        let old = s(e, "old_string")?;
        let new = s(e, "new_string")?;
        if old.is_empty() && text.is_empty() {
            return Some(new);
        }
        if !text.contains(&old) {
            return None;
        }
        if e.get("replace_all").and_then(Value::as_bool) == Some(true) {
            Some(text.replace(&old, &new))
        } else {
            Some(text.replacen(&old, &new, 1))
        }
    };
    match tool {
        "Write" => s(input, "content"),
        "Edit" => apply(current.unwrap_or(""), input),
        "MultiEdit" => {
            let mut text = current.unwrap_or("").to_string();
            for e in input.get("edits")?.as_array()? {
                text = apply(&text, e)?;
            }
            Some(text)
        }
        _ => None,
    }
}

fn flatten(prefix: &str, v: &Value, out: &mut Vec<(String, String)>) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            for (k, x) in m {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&p, x, out);
            }
        }
        Value::Array(a) if !a.is_empty() => {
            for (i, x) in a.iter().enumerate() {
                flatten(&format!("{prefix}[{i}]"), x, out);
            }
        }
        // An empty document has no settings at all (not a leaf named "").
        _ if prefix.is_empty() => {}
        other => out.push((prefix.to_string(), other.to_string())),
    }
}

fn count_hookward(v: &Value) -> usize {
    match v {
        Value::String(s) => usize::from(hookward_install::is_hookward_command(s)),
        Value::Array(a) => a.iter().map(count_hookward).sum(),
        Value::Object(m) => m.values().map(count_hookward).sum(),
        _ => 0,
    }
}

fn hooks_disabled(v: &Value) -> bool {
    v.get("disableAllHooks").and_then(Value::as_bool) == Some(true)
        || v.pointer("/hooksConfig/enabled").and_then(Value::as_bool) == Some(false)
}

/// Computes what a file tool call (`Write`, `Edit`, `MultiEdit`) on the JSON settings file at
/// `path` would change. Reads the current file (at most [`super::MAX_READ`] bytes; absent = `{}`).
/// Returns `None` only for tools that do not write content; a change that cannot be computed
/// (non-JSON file, edit that does not apply) is returned with `known: false`.
pub fn settings_change(path: &str, tool: &str, input: &Value) -> Option<SettingsChange> {
    if !matches!(tool, "Write" | "Edit" | "MultiEdit") {
        return None;
    }
    let current_text = read_current(path);
    let unknown = |why: &str| SettingsChange {
        path: path.to_string(),
        changes: Vec::new(),
        summary: why.to_string(),
        disables_hooks: false,
        removes_hookward: false,
        known: false,
    };
    let Some(after_text) = resulting_content(tool, input, current_text.as_deref()) else {
        return Some(unknown(
            "the edit does not apply to the current file, so the result is unknown",
        ));
    };
    let parse = |t: &str| -> Option<Value> {
        if t.trim().is_empty() {
            Some(Value::Object(Default::default()))
        } else {
            serde_json::from_str(t).ok()
        }
    };
    let before = match current_text.as_deref() {
        Some(t) => parse(t),
        None => Some(Value::Object(Default::default())),
    };
    let (Some(before), Some(after)) = (before, parse(&after_text)) else {
        // Not JSON (e.g. Codex's config.toml): say so plainly; hooks could still be disabled,
        // so look for the key by name.
        let mut c = unknown("the file is not JSON, so hookward cannot list the changed keys");
        c.disables_hooks = after_text.contains("disableAllHooks");
        return Some(c);
    };
    let mut b = Vec::new();
    let mut a = Vec::new();
    flatten("", &before, &mut b);
    flatten("", &after, &mut a);
    let before_map: std::collections::BTreeMap<_, _> = b.iter().cloned().collect();
    let after_map: std::collections::BTreeMap<_, _> = a.iter().cloned().collect();
    let mut changes = Vec::new();
    for (k, v) in &a {
        match before_map.get(k) {
            None => changes.push(format!("add {k} = {v}")),
            Some(old) if old != v => changes.push(format!("set {k} = {v} (was {old})")),
            _ => {}
        }
    }
    for (k, v) in &b {
        if !after_map.contains_key(k) {
            changes.push(format!("remove {k} = {v}"));
        }
    }
    let summary = if changes.is_empty() {
        "no change to any setting".to_string()
    } else {
        let mut s = changes
            .iter()
            .take(6)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if changes.len() > 6 {
            s.push_str(&format!("; and {} more", changes.len() - 6));
        }
        s
    };
    Some(SettingsChange {
        path: path.to_string(),
        summary,
        disables_hooks: hooks_disabled(&after) && !hooks_disabled(&before),
        removes_hookward: count_hookward(&after) < count_hookward(&before),
        changes,
        known: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn write_that_disables_hooks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.local.json");
        let c = settings_change(
            path.to_str().unwrap(),
            "Write",
            &json!({"content": "{\"disableAllHooks\":true}"}),
        )
        .unwrap();
        assert!(c.disables_hooks);
        assert_eq!(c.changes, ["add disableAllHooks = true"]);
    }

    #[test]
    fn edit_that_removes_hookward_and_adds_a_permission() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        let before = r#"{"permissions":{"allow":["Read"]},"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/usr/bin/hookward hook claude-code"}]}]}}"#;
        std::fs::write(&path, before).unwrap();
        let c = settings_change(
            path.to_str().unwrap(),
            "MultiEdit",
            &json!({"edits": [
                {"old_string": "/usr/bin/hookward hook claude-code", "new_string": "true"},
                {"old_string": "[\"Read\"]", "new_string": "[\"Read\",\"Bash(*)\"]"}
            ]}),
        )
        .unwrap();
        assert!(c.removes_hookward);
        assert!(!c.disables_hooks);
        assert!(
            c.summary.contains("add permissions.allow[1] = \"Bash(*)\""),
            "{}",
            c.summary
        );
    }

    #[test]
    fn edit_that_does_not_apply_is_unknown() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        std::fs::write(&path, "{}").unwrap();
        let c = settings_change(
            path.to_str().unwrap(),
            "Edit",
            &json!({"old_string": "zzz", "new_string": "y"}),
        )
        .unwrap();
        assert!(!c.known);
    }
}
