//! The agents' data the built-in pack reads, generated from their profiles (issue 13 item 1:
//! no agent table outside the profiles): the Rego package `hookward.agents`, one more built-in
//! source ([`crate::builtin_sources`]), so the hook, `policy eval`, `policy test`, the
//! compiled-program cache and the split evaluation of user policies all see it as they see the
//! pack's own files.
//!
//! - `nested_agent_flags`: every profile's
//!   [`hookward_core::profile::AgentProfile::unguard_flags`] in the registry's order, one
//!   object a row (`program`, `flags`, `why`, and `value`/`lacks` when set), read by
//!   `self.rego`'s rule `self/nested-agent-unguarded`.

use crate::PolicySource;
use hookward_core::profile::UnguardFlag;
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The name the generated module carries in errors and listings.
pub const AGENTS_MODULE: &str = "builtin:agents.rego (generated)";

/// One [`UnguardFlag`] as the object `self.rego` reads.
fn flag_row(f: &UnguardFlag) -> Value {
    let mut row = json!({"program": f.program, "flags": f.flags, "why": f.why});
    if let Some(v) = f.value {
        row["value"] = json!(v);
    }
    if let Some(l) = f.lacks {
        row["lacks"] = json!(l);
    }
    row
}

/// `nested_agent_flags` as JSON: every profile's unguard flags, in the registry's order.
pub fn nested_agent_flags() -> Value {
    Value::Array(
        hookward_profiles::profiles()
            .iter()
            .flat_map(|p| p.unguard_flags)
            .map(flag_row)
            .collect(),
    )
}

/// A JSON array as a Rego array term, one element a line (JSON is a Rego term; the Rego
/// parser refuses lines longer than 1,024 columns).
fn rego_array(rows: &Value) -> String {
    let items: Vec<String> = rows
        .as_array()
        .map(|a| a.iter().map(|r| format!("\t{r},\n")).collect())
        .unwrap_or_default();
    format!("[\n{}]", items.concat())
}

/// The generated Rego module `package hookward.agents`, each table written as its JSON
/// (the text is made once per process: the profiles are static).
pub fn agents_module() -> PolicySource {
    static TEXT: OnceLock<String> = OnceLock::new();
    let text = TEXT.get_or_init(|| {
        format!(
            "# Generated from the agents' profiles (hookward_core::profile::AgentProfile); \
             not a file on disk.\npackage hookward.agents\n\n\
             nested_agent_flags := {}\n",
            rego_array(&nested_agent_flags())
        )
    });
    PolicySource {
        name: AGENTS_MODULE.into(),
        text: std::borrow::Cow::Borrowed(text.as_str()),
        builtin: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table `self.rego` held before it read the profiles (main 3d04535), in Rego's
    /// order; raw strings as Rego's backquoted ones.
    fn former_table() -> Value {
        json!([
            {"program": "claude", "flags": ["--dangerously-skip-permissions"], "why": "skips every permission check"},
            {"program": "claude", "flags": ["--allow-dangerously-skip-permissions"], "why": "lets the session switch every permission check off"},
            {"program": "claude", "flags": ["--permission-mode"], "value": r"^bypassPermissions$", "why": "bypasses every permission check"},
            {"program": "claude", "flags": ["--bare"], "why": "skips hooks (minimal mode)"},
            {"program": "claude", "flags": ["--settings"], "value": r#""?disableAllHooks"?\s*:\s*true"#, "why": "loads settings that switch every hook off"},
            {"program": "claude", "flags": ["--setting-sources"], "lacks": "user", "why": "leaves out the user settings that register hookward's hooks"},
            {"program": "codex", "flags": ["--dangerously-bypass-approvals-and-sandbox", "--yolo"], "why": "runs without approvals or sandbox"},
            {"program": "codex", "flags": ["-c", "--config"], "value": r"^\s*(features\.hooks\s*=\s*false|hooks[.=\s])", "why": "overrides the hook configuration"},
            {"program": "codex", "flags": ["--disable"], "value": r"^hooks$", "why": "switches the hooks feature off"},
            {"program": "codex", "flags": ["-s", "--sandbox"], "value": r"^danger-full-access$", "why": "drops the sandbox"},
            {"program": "gemini", "flags": ["-y", "--yolo"], "why": "accepts every action without asking (YOLO mode)"},
            {"program": "gemini", "flags": ["--approval-mode"], "value": r"^yolo$", "why": "accepts every action without asking (YOLO mode)"},
            {"program": "cursor-agent", "flags": ["-f", "--force", "--yolo"], "why": "allows every command without asking"},
        ])
    }

    #[test]
    fn profile_rows_give_the_former_nested_agent_flags() {
        assert_eq!(nested_agent_flags(), former_table());
    }

    #[test]
    fn the_pack_reads_the_generated_table() {
        // What `self.rego` evaluates, through the Rego engine: the generated text parses and
        // the rule's table is the former one, row for row.
        let mut engine = regorus::Engine::new();
        for s in crate::builtin_sources() {
            engine.add_policy(s.name, s.text.into_owned()).unwrap();
        }
        let got = engine
            .eval_rule("data.hookward.rules.self.nested_agent_flags".to_string())
            .unwrap();
        let got: Value = serde_json::from_str(&got.to_json_str().unwrap()).unwrap();
        assert_eq!(got, former_table());
    }
}
