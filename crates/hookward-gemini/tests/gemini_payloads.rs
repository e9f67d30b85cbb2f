//! Every payload captured from the real Gemini CLI 0.61 (`shared/protocol/payloads/gemini`)
//! parses into the right event and tool call, and every reply `render` gives for it (deny,
//! ask, allow, context, replaced output, message) only uses fields Gemini's hook output
//! classes read (`shared/protocol/schemas/gemini/hook-output-classes.js`).

use hookward_core::{Decision, EventKind, Response, ToolKind};
use hookward_gemini::{parse, render, Env};
use serde_json::{json, Value};
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn payload_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/protocol/payloads/gemini")
}

fn payloads() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<_> = std::fs::read_dir(payload_dir())
        .expect("shared/protocol/payloads/gemini beside the repo")
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

/// The fields of `DefaultHookOutput` (Gemini CLI 0.61) and of `hookSpecificOutput` that
/// hookward may send; `decision` values the CLI acts on.
fn check(v: &Value) -> Result<(), String> {
    let obj = v.as_object().ok_or("reply is not an object")?;
    for (k, x) in obj {
        let ok = match k.as_str() {
            "continue" | "suppressOutput" => x.is_boolean(),
            "stopReason" | "systemMessage" | "reason" => x.is_string(),
            "decision" => matches!(x.as_str(), Some("allow" | "deny" | "block")),
            "hookSpecificOutput" => x.as_object().is_some_and(|h| {
                h.get("hookEventName").is_some_and(Value::is_string)
                    && h.keys()
                        .all(|k| matches!(k.as_str(), "hookEventName" | "additionalContext"))
            }),
            _ => false,
        };
        if !ok {
            return Err(format!("{k} = {x} is not a field Gemini reads"));
        }
    }
    if matches!(
        obj.get("decision").and_then(Value::as_str),
        Some("deny" | "block")
    ) && obj
        .get("reason")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        return Err("a block without a reason".into());
    }
    Ok(())
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
                replace_output: Some(
                    json!({"llmContent": "Output: [hookward removed planted instruction]", "returnDisplay": ""}),
                ),
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
        files.len() >= 20,
        "expected the captured set, found {}",
        files.len()
    );
    let mut table = String::new();
    for (name, bytes) in &files {
        let event = parse(bytes, &Env::default()).unwrap_or_else(|e| panic!("{name}: {e}"));
        let tool = event.tool.as_ref().map(|t| {
            format!(
                " tool={} kind={} command={:?} paths={:?} url={:?}",
                t.name,
                t.kind.as_str(),
                t.command,
                t.paths,
                t.url
            )
        });
        writeln!(
            table,
            "{name}: {}{}",
            event.kind.name(),
            tool.unwrap_or_default()
        )
        .unwrap();
        for (label, response) in responses() {
            let reply = render(&event, &response);
            assert_eq!(reply.exit_code, 0, "{name} {label}");
            if let Some(out) = &reply.stdout {
                let v: Value = serde_json::from_str(out).unwrap();
                check(&v).unwrap_or_else(|e| panic!("{name} {label}: {out}: {e}"));
                assert_ne!(v.get("decision"), Some(&json!("ask")), "{name}: ask sent");
                writeln!(table, "  {label}: {out}").unwrap();
            }
        }
    }
    insta::assert_snapshot!(table);
}

#[test]
fn tools_and_events_are_normalised_like_claude() {
    let get = |n: &str| {
        let (_, b) = payloads().into_iter().find(|(f, _)| f == n).unwrap();
        parse(&b, &Env::default()).unwrap()
    };
    let e = get("BeforeTool-run_shell_command.json");
    assert_eq!(e.kind, EventKind::PreToolUse);
    let t = e.tool.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.command.as_deref()),
        (ToolKind::Shell, Some("echo hi > notes.txt"))
    );
    for (file, kind) in [
        ("BeforeTool-read_file.json", ToolKind::FileRead),
        ("BeforeTool-write_file.json", ToolKind::FileWrite),
        ("BeforeTool-replace.json", ToolKind::FileWrite),
    ] {
        let t = get(file).tool.unwrap();
        assert_eq!(t.kind, kind, "{file}");
        assert_eq!(t.paths.len(), 1, "{file}");
    }
    let t = get("BeforeTool-web_fetch.json").tool.unwrap();
    assert_eq!(t.kind, ToolKind::Fetch);
    assert!(t.url.unwrap().starts_with("http://127.0.0.1:"));
    let e = get("BeforeAgent.json");
    assert_eq!(e.kind, EventKind::UserPromptSubmit);
    assert_eq!(e.prompt.as_deref(), Some("Please do the scripted task."));
    assert_eq!(get("AfterTool-read_file.json").kind, EventKind::PostToolUse);
    assert_eq!(get("SessionEnd-exit.json").source.as_deref(), Some("exit"));
    let e = parse(
        &std::fs::read(payload_dir().join("BeforeTool-read_file.json")).unwrap(),
        &Env {
            project_dir: Some("/proj".into()),
        },
    )
    .unwrap();
    assert_eq!(e.project_dir.as_deref(), Some("/proj"));
}

/// AfterTool block carries the cleaned `llmContent`, which Gemini hands the model instead of
/// the output (`reply-effects/after_block.json`).
#[test]
fn replaced_output_is_the_cleaned_llm_content() {
    let (_, b) = payloads()
        .into_iter()
        .find(|(f, _)| f == "AfterTool-run_shell_command.json")
        .unwrap();
    let e = parse(&b, &Env::default()).unwrap();
    let r = render(
        &e,
        &Response {
            replace_output: Some(json!({"llmContent": "clean", "returnDisplay": ""})),
            ..Response::default()
        },
    );
    assert_eq!(
        r.stdout.as_deref(),
        Some(r#"{"decision":"block","reason":"clean"}"#)
    );
}
