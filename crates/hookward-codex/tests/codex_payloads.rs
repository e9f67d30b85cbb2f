//! Every payload captured from the real Codex CLI 0.171 (`shared/protocol/payloads/codex`)
//! parses into the right event and tool call, and every reply `render` gives for it (deny,
//! ask, allow, context, replaced output, message) is valid against the JSON Schema of that
//! event's output embedded in the Codex binary (`shared/protocol/schemas/codex`).

use hookward_codex::{parse, render, Env};
use hookward_core::{Decision, EventKind, Response, ToolKind};
use serde_json::{json, Value};
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/protocol")
}

fn payloads() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(shared().join("payloads/codex"))
        .expect("shared/protocol/payloads/codex beside the repo")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.extension().is_some_and(|x| x == "json")
                && !p.to_string_lossy().ends_with(".env.json")
        })
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read(&p).unwrap())
        })
        .collect()
}

/// A JSON Schema (draft-07) check for the subset Codex's schemas use: `type`, `enum`,
/// `const`, `allOf`, `$ref` to `#/definitions`, `properties`, `additionalProperties:false`,
/// `required`.
fn validate(root: &Value, schema: &Value, v: &Value, at: &str) -> Result<(), String> {
    if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
        let name = r.trim_start_matches("#/definitions/");
        return validate(root, &root["definitions"][name], v, at);
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for s in all {
            validate(root, s, v, at)?;
        }
    }
    if let Some(t) = schema.get("type").and_then(Value::as_str) {
        let ok = match t {
            "object" => v.is_object(),
            "string" => v.is_string(),
            "boolean" => v.is_boolean(),
            _ => true,
        };
        if !ok {
            return Err(format!("{at}: expected {t}, got {v}"));
        }
    }
    if let Some(e) = schema.get("enum").and_then(Value::as_array) {
        if !e.contains(v) {
            return Err(format!("{at}: {v} not in {e:?}"));
        }
    }
    if let Some(c) = schema.get("const") {
        if c != v {
            return Err(format!("{at}: {v} is not {c}"));
        }
    }
    if let Some(obj) = v.as_object() {
        let props = schema.get("properties").and_then(Value::as_object);
        for (k, x) in obj {
            match props.and_then(|p| p.get(k)) {
                Some(s) => validate(root, s, x, &format!("{at}.{k}"))?,
                None if schema.get("additionalProperties") == Some(&json!(false)) => {
                    return Err(format!("{at}.{k} is not in the schema"))
                }
                None => {}
            }
        }
        for r in schema
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if !obj.contains_key(r.as_str().unwrap_or_default()) {
                return Err(format!("{at}: missing {r}"));
            }
        }
    }
    Ok(())
}

/// The output schema file for an event, `None` for events that take no output.
fn schema_for(kind: &EventKind) -> Option<Value> {
    let file = match kind.name() {
        "PostToolUse" => "01-post-tool-use",
        "PermissionRequest" => "03-permission-request",
        "PostCompact" => "05-post-compact",
        "PreToolUse" => "07-pre-tool-use",
        "PreCompact" => "09-pre-compact",
        "SessionStart" => "11-session-start",
        "SubagentStart" => "14-subagent-start",
        "SubagentStop" => "16-subagent-stop",
        "UserPromptSubmit" => "18-user-prompt-submit",
        "Stop" => "20-stop",
        "Interrupt" => "22-interrupt",
        _ => return None,
    };
    let path = shared().join(format!("schemas/codex/{file}.command.output.json"));
    Some(serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap())
}

fn responses() -> Vec<(&'static str, Response)> {
    let r = |d: Option<Decision>| Response {
        decision: d,
        reason: Some("hookward blocked this tool call [x/y]: because".into()),
        ..Response::default()
    };
    vec![
        ("deny", r(Some(Decision::Deny))),
        ("ask", r(Some(Decision::Ask))),
        ("allow", r(Some(Decision::Allow))),
        (
            "context",
            Response {
                context: Some("Note from hookward".into()),
                ..Response::default()
            },
        ),
        (
            "replace",
            Response {
                replace_output: Some(json!("total 8\n[hookward removed planted instruction]\n")),
                context: Some("hookward removed instructions".into()),
                system_message: Some("hookward removed planted instructions".into()),
                ..Response::default()
            },
        ),
    ]
}

#[test]
fn every_captured_payload_parses_and_every_reply_is_valid() {
    let files = payloads();
    assert!(
        files.len() >= 15,
        "expected the captured set, found {}",
        files.len()
    );
    let mut table = String::new();
    for (name, bytes) in &files {
        let event = parse(bytes, &Env::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tool = event.tool.as_ref().map(|t| {
            format!(
                " tool={} kind={} command={:?} paths={:?}",
                t.name,
                t.kind.as_str(),
                t.command,
                t.paths
            )
        });
        writeln!(
            table,
            "{name}: {}{}",
            event.kind.name(),
            tool.unwrap_or_default()
        )
        .unwrap();
        let schema = schema_for(&event.kind);
        for (label, response) in responses() {
            let reply = render(&event, &response);
            assert_eq!(reply.exit_code, 0, "{name} {label}");
            match (&reply.stdout, &schema) {
                (None, _) => {}
                (Some(out), Some(schema)) => {
                    let v: Value = serde_json::from_str(out).unwrap();
                    validate(schema, schema, &v, "reply")
                        .unwrap_or_else(|e| panic!("{name} {label}: {out}: {e}"));
                    writeln!(table, "  {label}: {out}").unwrap();
                }
                (Some(out), None) => panic!("{name} {label}: {out} for an event without output"),
            }
        }
    }
    insta::assert_snapshot!(table);
}

#[test]
fn shell_and_patch_calls_are_normalised_like_claude() {
    let get = |n: &str| {
        let (_, b) = payloads().into_iter().find(|(f, _)| f == n).unwrap();
        parse(&b, &Env::default()).unwrap()
    };
    let e = get("PreToolUse-Bash.json");
    let t = e.tool.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.command.as_deref()),
        (ToolKind::Shell, Some("echo hi > notes.txt"))
    );
    assert_eq!(
        e.project_dir.as_deref(),
        Some("/tmp/e2e/runs/codex/full/proj")
    );
    let e = get("PreToolUse-apply_patch.json");
    let t = e.tool.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.paths.as_slice()),
        (ToolKind::FileWrite, &["AGENTS.md".to_string()][..])
    );
    assert_eq!(e.extra["apply_patch"]["added"], json!(["AGENTS.md"]));
    let e = get("PostToolUse-Bash-exit1.json");
    assert_eq!(
        e.tool.unwrap().response,
        Some(json!(
            "cat: /nonexistent/file.txt: No such file or directory\n"
        ))
    );
    let e = get("PreToolUse-Bash-in-subagent.json");
    assert_eq!(
        (e.agent_id.as_deref(), e.agent_type.as_deref()),
        (
            Some("01a2272a-48a2-7cc1-b43a-2d3de633f447"),
            Some("default")
        )
    );
    assert!(!e.extra.contains_key("agent_type"));
    let e = get("PreToolUse-Bash.json");
    assert_eq!((e.agent_id, e.agent_type), (None, None));
}
