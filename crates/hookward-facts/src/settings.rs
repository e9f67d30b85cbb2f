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
    /// The write changes one of hookward's own hook entries as a whole ([`hookward_entries`]):
    /// its command (an env prefix, `>/dev/null 2>&1` appended), its matcher, the event key it
    /// sits under, its timeout or any other field, or the order of hookward's entries; or it
    /// drops or rewrites a Codex hook-trust entry (`hooks.state.*` in `config.toml`), without
    /// which Codex skips the hook. Adding a first hookward entry is not a change of one.
    #[serde(default)]
    pub changes_hookward: bool,
    /// What changed in hookward's entries, one line each (`hookward entry was: …`,
    /// `hookward entry now: …`, `order of hookward's entries changed`); empty when
    /// `changes_hookward` is false.
    #[serde(default)]
    pub hookward_changes: Vec<String>,
    /// False when the resulting content could not be computed or parsed; then `changes` is
    /// empty and `summary` says why.
    pub known: bool,
    /// The changes to security-relevant keys ([`is_security_relevant`]), same format as
    /// `changes`.
    #[serde(default)]
    pub security: Vec<String>,
    /// Executable configuration the change adds (hooks, MCP servers, helper commands,
    /// code-loading variables), one short description each.
    #[serde(default)]
    pub executable: Vec<String>,
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
pub fn resulting_content(tool: &str, input: &Value, current: Option<&str>) -> Option<String> {
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
    // By tool name for Claude Code, else by the input's shape (Gemini `write_file` has
    // `content`, `replace` has `old_string`/`new_string`; Codex/Cursor writes look alike).
    let shape = if input.get("content").is_some() {
        "Write"
    } else if input.get("edits").is_some() {
        "MultiEdit"
    } else if input.get("old_string").is_some() {
        "Edit"
    } else {
        ""
    };
    let tool = if matches!(tool, "Write" | "Edit" | "MultiEdit") {
        tool
    } else {
        shape
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
        // Codex `config.toml`: `[features] hooks = false` (protocol/REPORT.md §2).
        || v.pointer("/features/hooks").and_then(Value::as_bool) == Some(false)
}

/// Every hookward hook entry in a settings document, as a whole, in file order: one line per
/// handler object whose `command` is hookward's ([`hookward_install::is_hookward_command`]),
/// holding the key path that leads to it without array indices (`hooks.PreToolUse.hooks`:
/// the event key is part of it), the scalar fields of every enclosing object below the root
/// (the group's `matcher`, …) and every leaf of the handler itself (`command`, `timeout`,
/// `type`, `name`, `failClosed`, …), keys sorted. The shape is the same for every agent
/// hookward installs into (Claude Code, Codex `hooks.json`, Gemini, Cursor; see
/// `hookward-install`), so no agent is named here. Two documents register hookward the same
/// way exactly when these lists are equal.
pub fn hookward_entries(v: &Value) -> Vec<String> {
    fn walk(v: &Value, path: &str, context: &str, depth: usize, out: &mut Vec<String>) {
        // Settings files are shallow; the bound only keeps a hostile document cheap.
        if depth > 32 {
            return;
        }
        match v {
            Value::Object(m) => {
                if m.get("command")
                    .and_then(Value::as_str)
                    .is_some_and(hookward_install::is_hookward_command)
                {
                    let mut leaves = Vec::new();
                    flatten("", v, &mut leaves);
                    leaves.sort();
                    let own: Vec<String> = leaves.iter().map(|(k, x)| format!("{k}={x}")).collect();
                    out.push(format!("{path} {context}{{{}}}", own.join(", ")));
                    return;
                }
                let mut here = context.to_string();
                if depth > 0 {
                    let mut scalars: Vec<(&String, &Value)> = m
                        .iter()
                        .filter(|(_, x)| !x.is_object() && !x.is_array())
                        .collect();
                    scalars.sort_by(|a, b| a.0.cmp(b.0));
                    for (k, x) in scalars {
                        here.push_str(&format!("{k}={x} "));
                    }
                }
                for (k, x) in m {
                    let p = if path.is_empty() {
                        k.clone()
                    } else {
                        format!("{path}.{k}")
                    };
                    walk(x, &p, &here, depth + 1, out);
                }
            }
            Value::Array(a) => {
                for x in a {
                    walk(x, path, context, depth + 1, out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, "", "", 0, &mut out);
    out
}

/// The lines saying how hookward's registration differs between `before` and `after`
/// ([`hookward_entries`], plus Codex trust entries `hooks.state.*` changed or removed);
/// empty when it does not, or when `before` registers nothing (a first install).
fn hookward_registration_changes(
    before: &Value,
    after: &Value,
    before_leaves: &[(String, String)],
    after_map: &std::collections::BTreeMap<String, String>,
) -> Vec<String> {
    let mut out = Vec::new();
    let b = hookward_entries(before);
    let a = hookward_entries(after);
    if !b.is_empty() && a != b {
        for e in b.iter().filter(|e| !a.contains(e)) {
            out.push(format!("hookward entry was: {e}"));
        }
        for e in a.iter().filter(|e| !b.contains(e)) {
            out.push(format!("hookward entry now: {e}"));
        }
        if out.is_empty() {
            out.push("order of hookward's entries changed".to_string());
        }
    }
    // Codex runs a non-managed hook only while its trust entry matches (codex_trust.rs).
    for (k, v) in before_leaves {
        if k.starts_with("hooks.state.") && after_map.get(k) != Some(v) {
            out.push(format!("hook trust entry {k} changed or removed (was {v})"));
        }
    }
    out
}

/// Computes what a file tool call (`Write`, `Edit`, `MultiEdit`) on the JSON settings file at
/// `path` would change. Reads the current file (at most [`super::MAX_READ`] bytes; absent = `{}`).
/// Returns `None` only for tools that do not write content; a change that cannot be computed
/// (non-JSON file, edit that does not apply) is returned with `known: false`.
pub fn settings_change(path: &str, tool: &str, input: &Value) -> Option<SettingsChange> {
    let current_text = read_current(path);
    let unknown = |why: &str| SettingsChange {
        path: path.to_string(),
        changes: Vec::new(),
        summary: why.to_string(),
        disables_hooks: false,
        removes_hookward: false,
        changes_hookward: false,
        hookward_changes: Vec::new(),
        known: false,
        security: Vec::new(),
        executable: Vec::new(),
    };
    if let Some(patch) = patch_text(input) {
        return Some(match apply_patch_to(patch, path, current_text.as_deref()) {
            // A deleted settings file is an empty one: every setting (and hook) removed.
            Some(after) => diff_settings(
                path,
                current_text.as_deref(),
                after.as_deref().unwrap_or(""),
            ),
            None => {
                unknown("the patch does not apply to the current file, so the result is unknown")
            }
        });
    }
    let Some(after_text) = resulting_content(tool, input, current_text.as_deref()) else {
        return Some(unknown(
            "the edit does not apply to the current file, so the result is unknown",
        ));
    };
    Some(diff_settings(path, current_text.as_deref(), &after_text))
}

/// The text of a Codex `apply_patch` call (in `command`, `input` or `patch`), if the input is one.
pub fn patch_text(input: &Value) -> Option<&str> {
    ["command", "input", "patch"]
        .iter()
        .filter_map(|k| input.get(*k).and_then(Value::as_str))
        .find(|t| t.trim_start().starts_with("*** Begin Patch"))
}

/// The content `path` (absolute) would have after the Codex patch `patch`, given its current
/// content: `Some(Some(text))`, `Some(None)` when the patch deletes it, `None` when the patch does
/// not name the file or a hunk does not apply. Headers name paths relative to the session's
/// working directory or absolute; a relative one matches `path` by suffix. Hunks: lines after
/// `@@` with prefixes ` ` (context), `-` (removed), `+` (added); each hunk's old block is
/// replaced by its new block at its first occurrence (the format of Codex's `apply_patch` tool).
pub fn apply_patch_to(patch: &str, path: &str, current: Option<&str>) -> Option<Option<String>> {
    let names = |header: &str| {
        let h = header.trim();
        h == path
            || (!h.starts_with('/') && path.ends_with(&format!("/{}", h.trim_start_matches("./"))))
    };
    let mut lines = patch.lines().peekable();
    while let Some(l) = lines.next() {
        let (op, name) = if let Some(n) = l.strip_prefix("*** Add File: ") {
            ("add", n)
        } else if let Some(n) = l.strip_prefix("*** Delete File: ") {
            ("delete", n)
        } else if let Some(n) = l.strip_prefix("*** Update File: ") {
            ("update", n)
        } else {
            continue;
        };
        if !names(name) {
            continue;
        }
        let mut body = Vec::new();
        while let Some(next) = lines.peek() {
            if next.starts_with("*** ") && !next.starts_with("*** Move to:") {
                break;
            }
            body.push(*next);
            lines.next();
        }
        return match op {
            "delete" => Some(None),
            "add" => Some(Some(
                body.iter()
                    .filter_map(|b| b.strip_prefix('+'))
                    .map(|b| format!("{b}\n"))
                    .collect(),
            )),
            _ => {
                let mut text = current?.to_string();
                for hunk in body.split(|b| b.starts_with("@@")) {
                    let (mut old, mut new) = (Vec::new(), Vec::new());
                    for b in hunk.iter().filter(|b| !b.starts_with("*** ")) {
                        match b.chars().next() {
                            Some('-') => old.push(&b[1..]),
                            Some('+') => new.push(&b[1..]),
                            Some(' ') => {
                                old.push(&b[1..]);
                                new.push(&b[1..]);
                            }
                            _ => {}
                        }
                    }
                    if old.is_empty() && new.is_empty() {
                        continue;
                    }
                    let old_block = old.join("\n");
                    let new_block = new.join("\n");
                    if old_block.is_empty() {
                        text.push_str(&new_block);
                        text.push('\n');
                    } else if text.contains(&old_block) {
                        text = text.replacen(&old_block, &new_block, 1);
                    } else {
                        return None;
                    }
                }
                Some(Some(text))
            }
        };
    }
    None
}

/// Parses a settings document: JSON, or TOML when `path` ends in `.toml` (Codex's
/// `config.toml`); blank text is an empty document. `None` when it does not parse.
pub fn parse_settings(path: &str, text: &str) -> Option<Value> {
    if text.trim().is_empty() {
        return Some(Value::Object(Default::default()));
    }
    if path.ends_with(".toml") {
        toml::from_str::<Value>(text).ok()
    } else {
        serde_json::from_str(text).ok()
    }
}

/// Whether a settings leaf (`hooks.PreToolUse[0].hooks[0].command`, `env.NODE_OPTIONS`) matters
/// for security: hooks, MCP servers, permission rules and approval/sandbox modes, helper
/// commands (`apiKeyHelper`, `statusLine`, `awsAuthRefresh`…), `disableAllHooks`, and
/// environment variables that load code or redirect traffic (`NODE_OPTIONS`, `LD_PRELOAD`,
/// `DYLD_*`, `PYTHONPATH`, `*_BASE_URL`, `*_PROXY`, `PATH`). Issue #5 §3 lists these.
pub fn is_security_relevant(leaf: &str) -> bool {
    let top = leaf.split(['.', '[']).next().unwrap_or("");
    let lower = leaf.to_ascii_lowercase();
    matches!(
        top,
        "hooks"
            | "hooksConfig"
            | "disableAllHooks"
            | "mcpServers"
            | "mcp_servers"
            | "permissions"
            | "sandbox"
            | "apiKeyHelper"
            | "statusLine"
            | "awsAuthRefresh"
            | "awsCredentialExport"
            | "otelHeadersHelper"
            | "approval_policy"
            | "sandbox_mode"
            | "sandbox_workspace_write"
            | "shell_environment_policy"
            | "notify"
            | "tools"
            | "security"
            | "enableAllProjectMcpServers"
            | "enabledMcpjsonServers"
            | "defaultMode"
            | "model_providers"
    ) || lower.contains("projects") && lower.contains("mcpservers")
        || (top == "env" || lower.starts_with("environment")) && env_is_sensitive(leaf)
}

/// An environment variable name (last component of the leaf) that loads code or redirects
/// traffic.
fn env_is_sensitive(leaf: &str) -> bool {
    let name = leaf
        .rsplit(['.', '['])
        .next()
        .unwrap_or("")
        .trim_end_matches(']')
        .to_ascii_uppercase();
    matches!(
        name.as_str(),
        "NODE_OPTIONS"
            | "LD_PRELOAD"
            | "LD_LIBRARY_PATH"
            | "PATH"
            | "PYTHONPATH"
            | "PYTHONSTARTUP"
            | "BASH_ENV"
            | "ENV"
            | "PERL5OPT"
            | "RUBYOPT"
            | "JAVA_TOOL_OPTIONS"
            | "NODE_EXTRA_CA_CERTS"
            | "SSL_CERT_FILE"
            | "GIT_SSH_COMMAND"
            | "NPM_CONFIG_REGISTRY"
            | "PIP_INDEX_URL"
    ) || name.starts_with("DYLD_")
        || name.ends_with("_BASE_URL")
        || name.ends_with("_PROXY")
        || name.ends_with("_ENDPOINT")
        || name.starts_with("HOOKWARD_")
}

/// Executable configuration a leaf adds: a hook command, an MCP server, a helper command, a
/// code-loading variable. Returns a short description (`MCP server "evil"`, `hook command
/// "curl … | sh"`), or `None`.
fn executable_of(leaf: &str, value: &str) -> Option<String> {
    let lower = leaf.to_ascii_lowercase();
    if let Some(rest) = lower
        .find("mcpservers.")
        .or_else(|| lower.find("mcp_servers."))
        .map(|i| &leaf[i..])
    {
        let name = rest.split('.').nth(1).unwrap_or("?");
        return Some(format!("MCP server \"{name}\""));
    }
    let last = leaf.rsplit('.').next().unwrap_or("");
    if leaf.starts_with("hooks") && (last == "command" || last.starts_with("command")) {
        return Some(format!("hook command {value}"));
    }
    if matches!(
        leaf.split(['.', '[']).next().unwrap_or(""),
        "apiKeyHelper"
            | "statusLine"
            | "awsAuthRefresh"
            | "awsCredentialExport"
            | "otelHeadersHelper"
            | "notify"
    ) {
        return Some(format!("helper command {leaf} = {value}"));
    }
    if leaf.starts_with("env") && env_is_sensitive(leaf) {
        return Some(format!("environment variable {leaf} = {value}"));
    }
    None
}

/// The leaf-by-leaf difference between two versions of a settings file (`before` absent = empty
/// document). Unparseable text (either side) gives `known: false` with the reason in `summary`.
pub fn diff_settings(path: &str, before_text: Option<&str>, after_text: &str) -> SettingsChange {
    let unknown = |why: &str| SettingsChange {
        path: path.to_string(),
        changes: Vec::new(),
        summary: why.to_string(),
        disables_hooks: false,
        removes_hookward: false,
        changes_hookward: false,
        hookward_changes: Vec::new(),
        known: false,
        security: Vec::new(),
        executable: Vec::new(),
    };
    let before = match before_text {
        Some(t) => parse_settings(path, t),
        None => Some(Value::Object(Default::default())),
    };
    let (Some(before), Some(after)) = (before, parse_settings(path, after_text)) else {
        let mut c = unknown("the file does not parse, so hookward cannot list the changed keys");
        c.disables_hooks = after_text.contains("disableAllHooks");
        return c;
    };
    let mut b = Vec::new();
    let mut a = Vec::new();
    flatten("", &before, &mut b);
    flatten("", &after, &mut a);
    let before_map: std::collections::BTreeMap<_, _> = b.iter().cloned().collect();
    let after_map: std::collections::BTreeMap<_, _> = a.iter().cloned().collect();
    let mut changes = Vec::new();
    let mut security = Vec::new();
    let mut executable = Vec::new();
    for (k, v) in &a {
        let line = match before_map.get(k) {
            None => format!("add {k} = {v}"),
            Some(old) if old != v => format!("set {k} = {v} (was {old})"),
            _ => continue,
        };
        if is_security_relevant(k) {
            security.push(line.clone());
            if let Some(e) = executable_of(k, v) {
                if !executable.contains(&e) {
                    executable.push(e);
                }
            }
        }
        changes.push(line);
    }
    for (k, v) in &b {
        if !after_map.contains_key(k) {
            let line = format!("remove {k} = {v}");
            if is_security_relevant(k) {
                security.push(line.clone());
            }
            changes.push(line);
        }
    }
    // Security-relevant changes first: they are what the person must see.
    let ordered: Vec<&String> = security
        .iter()
        .chain(changes.iter().filter(|c| !security.contains(c)))
        .collect();
    let summary = if ordered.is_empty() {
        "no change to any setting".to_string()
    } else {
        let mut s = ordered
            .iter()
            .take(6)
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        if ordered.len() > 6 {
            s.push_str(&format!("; and {} more", ordered.len() - 6));
        }
        s
    };
    let hookward_changes = hookward_registration_changes(&before, &after, &b, &after_map);
    SettingsChange {
        path: path.to_string(),
        summary,
        disables_hooks: hooks_disabled(&after) && !hooks_disabled(&before),
        removes_hookward: count_hookward(&after) < count_hookward(&before),
        changes_hookward: !hookward_changes.is_empty(),
        hookward_changes,
        changes,
        known: true,
        security,
        executable,
    }
}

/// The (program, flag) pairs that hand an agent a settings file: each profile's
/// [`hookward_core::profile::AgentProfile::settings_flag`] with each of its `programs`
/// (`claude --settings`).
pub fn settings_flags() -> impl Iterator<Item = (&'static str, &'static str)> {
    hookward_profiles::profiles().iter().flat_map(|p| {
        p.settings_flag
            .into_iter()
            .flat_map(|flag| p.programs.iter().map(move |prog| (*prog, flag)))
    })
}

/// A settings file handed to a nested agent by its settings flag ([`settings_flags`]:
/// `claude --settings FILE`, `--settings=FILE`)
/// that switches every hook off: read bounded (64 KiB, regular files only, through
/// [`crate::scripts::read_bounded`]) and returned as a change that disables hooks, so
/// `self/disable-hooks` denies it like a write of the same setting. Inline JSON values are
/// judged by the policy's `nested_agent_flags` table; relative paths resolve against the
/// command's working directory. `None` when no such file is named or it does not disable hooks.
pub fn nested_agent_settings(commands: &[hookward_shell::CommandFact]) -> Option<SettingsChange> {
    for c in commands {
        let Some((program, flag)) = settings_flags().find(|(p, _)| c.program == *p) else {
            continue;
        };
        let mut values = Vec::new();
        for (i, a) in c.argv.iter().enumerate().skip(1) {
            if a == flag {
                values.extend(c.argv.get(i + 1).cloned());
            } else if let Some(v) = a.strip_prefix(flag).and_then(|r| r.strip_prefix('=')) {
                values.push(v.to_string());
            }
        }
        for v in values {
            if v.trim_start().starts_with('{') || v.is_empty() {
                continue;
            }
            let path = if v.starts_with('/') {
                v.clone()
            } else {
                format!("{}/{}", c.cwd.trim_end_matches('/'), v)
            };
            let Ok(text) = crate::scripts::read_bounded(std::path::Path::new(&path), 64 * 1024)
            else {
                continue;
            };
            if parse_settings(&path, &text).is_some_and(|s| hooks_disabled(&s)) {
                let line = format!("{path} sets disableAllHooks = true for a nested {program}");
                return Some(SettingsChange {
                    path,
                    changes: vec![line.clone()],
                    summary: line.clone(),
                    disables_hooks: true,
                    removes_hookward: false,
                    changes_hookward: false,
                    hookward_changes: Vec::new(),
                    known: true,
                    security: vec![line],
                    executable: Vec::new(),
                });
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {

    #[test]
    fn profile_rows_give_the_former_settings_flag() {
        // Formerly `c.program == "claude"` and `"--settings"` in `nested_agent_settings`.
        let got: Vec<(&str, &str)> = super::settings_flags().collect();
        assert_eq!(got, vec![("claude", "--settings")]);
    }

    #[test]
    fn codex_patch_results() {
        let cur = "{\n  \"hooks\": {\"x\": 1},\n  \"model\": \"o\"\n}\n";
        let upd = "*** Begin Patch\n*** Update File: .codex/hooks.json\n@@\n-  \"hooks\": {\"x\": 1},\n+  \"hooks\": {},\n*** End Patch\n";
        let got = apply_patch_to(upd, "/p/.codex/hooks.json", Some(cur))
            .unwrap()
            .unwrap();
        assert_eq!(got, "{\n  \"hooks\": {},\n  \"model\": \"o\"\n}\n");
        let del = "*** Begin Patch\n*** Delete File: /h/.codex/hooks.json\n*** End Patch\n";
        assert_eq!(
            apply_patch_to(del, "/h/.codex/hooks.json", Some(cur)),
            Some(None)
        );
        let add = "*** Begin Patch\n*** Add File: a.toml\n+x = 1\n+y = 2\n*** End Patch\n";
        assert_eq!(
            apply_patch_to(add, "/p/a.toml", None),
            Some(Some("x = 1\ny = 2\n".into()))
        );
        assert_eq!(apply_patch_to(add, "/p/b.toml", None), None);
        let bad = "*** Begin Patch\n*** Update File: a.toml\n@@\n-nope\n+x\n*** End Patch\n";
        assert_eq!(apply_patch_to(bad, "/p/a.toml", Some("x = 1\n")), None);
    }

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

    const CLAUDE: &str = r#"{"hooks":{"PreToolUse":[{"matcher":"Edit","hooks":[{"type":"command","command":"echo other"}]},{"matcher":"*","hooks":[{"type":"command","command":"/usr/bin/hookward hook claude-code","timeout":30}]}],"PostToolUse":[{"matcher":"*","hooks":[{"type":"command","command":"/usr/bin/hookward hook claude-code","timeout":30}]}]}}"#;

    fn changed(before: &str, from: &str, to: &str) -> SettingsChange {
        assert!(before.contains(from), "{from}");
        diff_settings(
            "/p/.claude/settings.json",
            Some(before),
            &before.replacen(from, to, 1),
        )
    }

    #[test]
    fn any_change_to_a_hookward_entry_is_a_change_of_registration() {
        let cases = [
            ("\"matcher\":\"*\"", "\"matcher\":\"NoSuchTool\""),
            (
                "\"/usr/bin/hookward hook claude-code\"",
                "\"HOOKWARD_FAIL_MODE=open /usr/bin/hookward hook claude-code\"",
            ),
            (
                "\"/usr/bin/hookward hook claude-code\"",
                "\"/usr/bin/hookward hook claude-code >/dev/null 2>&1\"",
            ),
            ("\"timeout\":30", "\"timeout\":0.001"),
            ("\"PreToolUse\"", "\"PreToolUseX\""),
            (
                "\"type\":\"command\",\"command\":\"/usr/bin/hookward",
                "\"type\":\"prompt\",\"command\":\"/usr/bin/hookward",
            ),
        ];
        for (from, to) in cases {
            let c = changed(CLAUDE, from, to);
            assert!(c.changes_hookward, "{from} → {to}: {c:?}");
            assert!(!c.removes_hookward, "{from} → {to}");
            assert!(
                c.hookward_changes
                    .iter()
                    .any(|l| l.starts_with("hookward entry")),
                "{c:?}"
            );
        }
    }

    #[test]
    fn editing_another_hook_or_adding_one_is_not() {
        let c = changed(CLAUDE, "echo other", "echo changed");
        assert!(!c.changes_hookward, "{c:?}");
        let c = changed(
            CLAUDE,
            "\"PreToolUse\":[",
            "\"PreToolUse\":[{\"matcher\":\"Bash\",\"hooks\":[{\"type\":\"command\",\"command\":\"echo new\"}]},",
        );
        assert!(!c.changes_hookward, "{c:?}");
        // A first install is not a change of an existing entry.
        let c = diff_settings("/p/.claude/settings.json", Some("{}"), CLAUDE);
        assert!(!c.changes_hookward, "{c:?}");
    }

    #[test]
    fn order_of_hookward_entries() {
        let two = r#"{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"command":"hookward hook claude-code"}]},{"matcher":"*","hooks":[{"command":"hookward hook claude-code --x"}]}]}}"#;
        let swapped = r#"{"hooks":{"PreToolUse":[{"matcher":"*","hooks":[{"command":"hookward hook claude-code --x"}]},{"matcher":"*","hooks":[{"command":"hookward hook claude-code"}]}]}}"#;
        let c = diff_settings("/p/s.json", Some(two), swapped);
        assert!(c.changes_hookward);
        assert_eq!(c.hookward_changes, ["order of hookward's entries changed"]);
    }

    #[test]
    fn gemini_cursor_and_codex_shapes() {
        let gemini = r#"{"hooks":{"BeforeTool":[{"matcher":"*","hooks":[{"name":"hookward","type":"command","command":"hookward hook gemini","timeout":60000}]}]}}"#;
        assert!(
            diff_settings(
                "/h/.gemini/settings.json",
                Some(gemini),
                &gemini.replace("60000", "1")
            )
            .changes_hookward
        );
        let cursor = r#"{"version":1,"hooks":{"beforeShellExecution":[{"command":"hookward hook cursor","timeout":30,"failClosed":true}]}}"#;
        assert!(
            diff_settings(
                "/h/.cursor/hooks.json",
                Some(cursor),
                &cursor.replace("true", "false")
            )
            .changes_hookward
        );
        let toml = "[features]\nhooks = true\n[hooks.state.\"/h/.codex/hooks.json:pre_tool_use:0:0\"]\ntrusted_hash = \"sha256:ab\"\n";
        let c = diff_settings(
            "/h/.codex/config.toml",
            Some(toml),
            "[features]\nhooks = true\n",
        );
        assert!(c.changes_hookward, "{c:?}");
        let c = diff_settings(
            "/h/.codex/config.toml",
            Some(toml),
            &toml.replace("hooks = true", "hooks = false"),
        );
        assert!(c.disables_hooks, "{c:?}");
    }
}
