//! Claude Code's hook-output schema, translated by hand from the zod schema extracted from the
//! Claude Code 2.1.197 binary (`shared/protocol/schemas/claude/hook-output-schema.zod.js`).
//! Stricter than zod in one way: unknown keys are rejected (zod would strip them silently,
//! which for us would mean a reply field that does nothing).
#![allow(dead_code)]

use serde_json::Value;

fn is_str(v: &Value) -> bool {
    v.is_string()
}
fn is_bool(v: &Value) -> bool {
    v.is_boolean()
}
fn is_str_array(v: &Value) -> bool {
    v.as_array().is_some_and(|a| a.iter().all(Value::is_string))
}
fn is_object(v: &Value) -> bool {
    v.is_object()
}
fn any(_: &Value) -> bool {
    true
}
fn one_of(v: &Value, allowed: &[&str]) -> bool {
    v.as_str().is_some_and(|s| allowed.contains(&s))
}

type Field = (&'static str, fn(&Value) -> bool);

fn check_fields(
    obj: &serde_json::Map<String, Value>,
    fields: &[Field],
    what: &str,
) -> Result<(), String> {
    for (k, v) in obj {
        match fields.iter().find(|(name, _)| name == k) {
            Some((_, ok)) if ok(v) => {}
            Some(_) => return Err(format!("{what}.{k} has the wrong type: {v}")),
            None => return Err(format!("{what}.{k} is not in Claude Code's schema")),
        }
    }
    Ok(())
}

fn permission_decision(v: &Value) -> bool {
    one_of(v, &["allow", "deny", "ask", "defer"])
}
fn top_decision(v: &Value) -> bool {
    one_of(v, &["approve", "block"])
}
fn elicitation_action(v: &Value) -> bool {
    one_of(v, &["accept", "decline", "cancel"])
}
fn permission_request_decision(v: &Value) -> bool {
    let Some(o) = v.as_object() else { return false };
    match o.get("behavior").and_then(Value::as_str) {
        Some("allow") => check_fields(
            o,
            &[
                ("behavior", is_str),
                ("updatedInput", is_object),
                ("updatedPermissions", |v| v.is_array()),
            ],
            "decision",
        )
        .is_ok(),
        Some("deny") => check_fields(
            o,
            &[
                ("behavior", is_str),
                ("message", is_str),
                ("interrupt", is_bool),
            ],
            "decision",
        )
        .is_ok(),
        _ => false,
    }
}

fn specific_fields(event: &str) -> Option<Vec<Field>> {
    let ctx: Field = ("additionalContext", is_str);
    let name: Field = ("hookEventName", is_str);
    Some(match event {
        "PreToolUse" => vec![
            name,
            ("permissionDecision", permission_decision),
            ("permissionDecisionReason", is_str),
            ("updatedInput", is_object),
            ctx,
        ],
        "UserPromptSubmit" => vec![
            name,
            ctx,
            ("sessionTitle", is_str),
            ("suppressOriginalPrompt", is_bool),
        ],
        "SessionStart" => vec![
            name,
            ctx,
            ("initialUserMessage", is_str),
            ("sessionTitle", is_str),
            ("watchPaths", is_str_array),
            ("reloadSkills", is_bool),
        ],
        "PostToolUse" => vec![
            name,
            ctx,
            ("updatedToolOutput", any),
            ("updatedMCPToolOutput", any),
        ],
        "UserPromptExpansion"
        | "Setup"
        | "SubagentStart"
        | "PostToolUseFailure"
        | "PostToolBatch"
        | "Stop"
        | "SubagentStop"
        | "Notification" => vec![name, ctx],
        "PermissionDenied" => vec![name, ("retry", is_bool)],
        "PermissionRequest" => vec![name, ("decision", permission_request_decision)],
        "Elicitation" | "ElicitationResult" => {
            vec![name, ("action", elicitation_action), ("content", is_object)]
        }
        "CwdChanged" | "FileChanged" => vec![name, ("watchPaths", is_str_array)],
        "WorktreeCreate" => vec![name, ("worktreePath", is_str)],
        "MessageDisplay" => vec![name, ("displayContent", is_str)],
        _ => return None,
    })
}

/// Validates one reply document against Claude Code 2.1.197's hook-output schema.
pub fn validate(doc: &Value) -> Result<(), String> {
    let Some(top) = doc.as_object() else {
        return Err("a reply must be a JSON object".into());
    };
    if top.get("async") == Some(&Value::Bool(true)) {
        return check_fields(
            top,
            &[("async", is_bool), ("asyncTimeout", |v| v.is_number())],
            "reply",
        );
    }
    check_fields(
        top,
        &[
            ("continue", is_bool),
            ("suppressOutput", is_bool),
            ("stopReason", is_str),
            ("decision", top_decision),
            ("reason", is_str),
            ("systemMessage", is_str),
            ("terminalSequence", is_str),
            ("hookSpecificOutput", is_object),
        ],
        "reply",
    )?;
    if let Some(hso) = top.get("hookSpecificOutput").and_then(Value::as_object) {
        let event = hso
            .get("hookEventName")
            .and_then(Value::as_str)
            .ok_or("hookSpecificOutput.hookEventName is required")?;
        let fields = specific_fields(event).ok_or_else(|| {
            format!("hookSpecificOutput for {event} is not in Claude Code's schema")
        })?;
        check_fields(hso, &fields, "hookSpecificOutput")?;
        if event == "PermissionRequest" && !hso.contains_key("decision") {
            return Err("PermissionRequest hookSpecificOutput requires decision".into());
        }
        if event == "WorktreeCreate" && !hso.contains_key("worktreePath") {
            return Err("WorktreeCreate hookSpecificOutput requires worktreePath".into());
        }
    }
    Ok(())
}

/// Checks a hook's stdout: empty, or exactly one JSON document valid against the schema.
pub fn validate_stdout(stdout: &str) -> Result<(), String> {
    let trimmed = stdout.trim();
    if trimmed.is_empty() {
        return Ok(());
    }
    let mut stream = serde_json::Deserializer::from_str(trimmed).into_iter::<Value>();
    let first = stream
        .next()
        .ok_or("no JSON document")?
        .map_err(|e| format!("stdout is not JSON: {e}"))?;
    if stream.next().is_some() {
        return Err("stdout holds more than one JSON document".into());
    }
    validate(&first)
}
