//! The hand-written Cursor payloads in `tests/fixtures/` (from the documented hooks contract,
//! <https://cursor.com/docs/agent/hooks>) parse into the same tool calls as the other agents,
//! and every reply only uses the fields Cursor documents for that event.

use hookward_core::{Decision, EventKind, Response, ToolKind};
use hookward_cursor::{parse, render, Env};
use serde_json::{json, Value};
use std::fmt::Write;
use std::path::Path;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// The reply fields Cursor reads per event (hooks docs): permission events, prompt submit,
/// context events.
fn allowed(event: &str) -> &'static [&'static str] {
    match event {
        "preToolUse" | "beforeShellExecution" | "beforeMCPExecution" => {
            &["permission", "user_message", "agent_message"]
        }
        "beforeReadFile" => &["permission"],
        "beforeSubmitPrompt" => &["continue", "user_message"],
        "sessionStart" | "postToolUse" | "postToolUseFailure" => &["additional_context"],
        _ => &[],
    }
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
    ]
}

#[test]
fn every_event_renders_only_documented_fields() {
    let shell = fixture("beforeShellExecution.json");
    let mcp = fixture("beforeMCPExecution.json");
    let inline = [
        json!({"hook_event_name": "beforeReadFile", "file_path": "/home/dev/.ssh/id_rsa", "content": "x"}),
        json!({"hook_event_name": "preToolUse", "tool_name": "Write", "tool_input": {"file_path": "/p/a", "content": "x"}, "tool_use_id": "t1", "cwd": "/p"}),
        json!({"hook_event_name": "postToolUse", "tool_name": "Shell", "tool_input": {"command": "ls"}, "tool_output": "{\"output\":\"a\"}"}),
        json!({"hook_event_name": "postToolUseFailure", "tool_name": "Shell", "tool_input": {"command": "false"}, "error_message": "exit 1"}),
        json!({"hook_event_name": "afterShellExecution", "command": "ls", "output": "a", "duration": 3}),
        json!({"hook_event_name": "afterFileEdit", "file_path": "/p/a.ts", "edits": [{"old_string": "a", "new_string": "b"}]}),
        json!({"hook_event_name": "beforeSubmitPrompt", "prompt": "fix it", "attachments": []}),
        json!({"hook_event_name": "sessionStart", "conversation_id": "c", "workspace_roots": ["/p"]}),
        json!({"hook_event_name": "stop", "status": "completed", "loop_count": 0}),
        json!({"hook_event_name": "afterAgentResponse", "text": "done"}),
    ];
    let mut payloads = vec![shell, mcp];
    payloads.extend(inline.iter().map(|v| v.to_string().into_bytes()));
    let mut table = String::new();
    for bytes in &payloads {
        let event = parse(bytes, &Env::default()).unwrap();
        let native = event.extra["hook_event_name"].as_str().unwrap().to_string();
        let tool = event.tool.as_ref().map(|t| {
            format!(
                " tool={} kind={} command={:?} paths={:?} mcp={:?}",
                t.name,
                t.kind.as_str(),
                t.command,
                t.paths,
                t.mcp.as_ref().map(|m| (&m.server, &m.tool))
            )
        });
        writeln!(
            table,
            "{native}: {}{}",
            event.kind.name(),
            tool.unwrap_or_default()
        )
        .unwrap();
        for (label, response) in responses() {
            let reply = render(&event, &response);
            assert_eq!(reply.exit_code, 0);
            if let Some(out) = &reply.stdout {
                let v: Value = serde_json::from_str(out).unwrap();
                for k in v.as_object().unwrap().keys() {
                    assert!(
                        allowed(&native).contains(&k.as_str()),
                        "{native} {label}: {out}"
                    );
                }
                writeln!(table, "  {label}: {out}").unwrap();
            }
        }
    }
    insta::assert_snapshot!(table);
}

#[test]
fn documented_payloads_normalise_like_claude() {
    let e = parse(&fixture("beforeShellExecution.json"), &Env::default()).unwrap();
    assert_eq!(e.kind, EventKind::PreToolUse);
    let t = e.tool.as_ref().unwrap();
    assert_eq!(
        (t.kind, t.command.as_deref()),
        (ToolKind::Shell, Some("echo hi > notes.txt"))
    );
    assert_eq!(e.cwd.as_deref(), Some("/home/dev/proj"));
    assert_eq!(e.project_dir.as_deref(), Some("/home/dev/proj"));
    let e = parse(&fixture("beforeMCPExecution.json"), &Env::default()).unwrap();
    let t = e.tool.unwrap();
    assert_eq!(t.kind, ToolKind::Mcp);
    let m = t.mcp.unwrap();
    assert_eq!(m.tool, "create_issue");
    assert_eq!(m.server, "npx -y @modelcontextprotocol/server-github");
    assert_eq!(
        t.input["repo"],
        json!("dev/proj"),
        "string tool_input is parsed"
    );
}
