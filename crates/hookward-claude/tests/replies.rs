//! Every event × every response renders to nothing or to exactly one document valid against
//! Claude Code's hook-output schema.

mod claude_schema;

use hookward_claude::{parse, render, Env};
use hookward_core::{Decision, Response};
use proptest::prelude::*;
use serde_json::json;

const EVENTS: &[&str] = &[
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "PostToolBatch",
    "UserPromptSubmit",
    "UserPromptExpansion",
    "SessionStart",
    "SessionEnd",
    "Stop",
    "StopFailure",
    "SubagentStart",
    "SubagentStop",
    "PreCompact",
    "PostCompact",
    "Notification",
    "PermissionRequest",
    "ConfigChange",
    "InstructionsLoaded",
    "CwdChanged",
    "FileChanged",
    "Setup",
    "TaskCreated",
    "MessageDisplay",
    "SomethingNew",
];

fn decision() -> impl Strategy<Value = Option<Decision>> {
    prop_oneof![
        Just(None),
        Just(Some(Decision::Allow)),
        Just(Some(Decision::Ask)),
        Just(Some(Decision::Deny))
    ]
}

proptest! {
    #[test]
    fn every_event_and_response_renders_valid(
        ev in 0..EVENTS.len(),
        d in decision(),
        reason in proptest::option::of(".{0,40}"),
        context in proptest::option::of("\\PC{0,40}"),
        replace in proptest::option::of(Just(json!({"stdout": "x", "stderr": "", "interrupted": false, "isImage": false}))),
        message in proptest::option::of("[a-z \"\\\\]{0,20}"),
    ) {
        let payload = json!({"hook_event_name": EVENTS[ev], "session_id": "s", "cwd": "/p",
                             "tool_name": "Bash", "tool_input": {"command": "ls"}});
        let event = parse(payload.to_string().as_bytes(), &Env::default()).unwrap();
        let response = Response { decision: d, reason, context, replace_output: replace, system_message: message };
        let reply = render(&event, &response);
        prop_assert_eq!(reply.exit_code, 0);
        if let Some(out) = &reply.stdout {
            prop_assert!(!out.contains('\n'), "one line: {}", out);
            if let Err(e) = claude_schema::validate_stdout(out) {
                prop_assert!(false, "{}: {} -> {}", EVENTS[ev], out, e);
            }
        }
        if response.is_empty() {
            prop_assert!(reply.stdout.is_none());
        }
    }
}

#[test]
fn deny_on_pre_tool_use_is_a_permission_decision() {
    let event = parse(br#"{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -rf ~"}}"#, &Env::default()).unwrap();
    let reply = render(
        &event,
        &Response {
            decision: Some(Decision::Deny),
            reason: Some("no".into()),
            ..Response::default()
        },
    );
    insta::assert_snapshot!(reply.stdout.unwrap(), @r#"{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"no"}}"#);
}

#[test]
fn deny_on_user_prompt_submit_blocks_the_prompt() {
    let event = parse(
        br#"{"hook_event_name":"UserPromptSubmit","prompt":"x"}"#,
        &Env::default(),
    )
    .unwrap();
    let reply = render(
        &event,
        &Response {
            decision: Some(Decision::Deny),
            reason: Some("hidden text".into()),
            ..Response::default()
        },
    );
    insta::assert_snapshot!(reply.stdout.unwrap(), @r#"{"decision":"block","reason":"hidden text"}"#);
}

#[test]
fn permission_request_deny_uses_behavior() {
    let event = parse(br#"{"hook_event_name":"PermissionRequest","tool_name":"Bash","tool_input":{"command":"x"}}"#, &Env::default()).unwrap();
    let reply = render(
        &event,
        &Response {
            decision: Some(Decision::Deny),
            reason: Some("r".into()),
            ..Response::default()
        },
    );
    insta::assert_snapshot!(reply.stdout.unwrap(), @r#"{"hookSpecificOutput":{"hookEventName":"PermissionRequest","decision":{"behavior":"deny","message":"r"}}}"#);
}

#[test]
fn post_tool_use_replacement_and_context() {
    let event = parse(br#"{"hook_event_name":"PostToolUse","tool_name":"Bash","tool_input":{"command":"x"},"tool_response":{"stdout":"a"}}"#, &Env::default()).unwrap();
    let reply = render(
        &event,
        &Response {
            replace_output: Some(
                json!({"stdout": "[removed]", "stderr": "", "interrupted": false, "isImage": false, "noOutputExpected": false}),
            ),
            context: Some("planted instructions were removed".into()),
            ..Response::default()
        },
    );
    insta::assert_snapshot!(reply.stdout.unwrap(), @r#"{"hookSpecificOutput":{"hookEventName":"PostToolUse","updatedToolOutput":{"stdout":"[removed]","stderr":"","interrupted":false,"isImage":false,"noOutputExpected":false},"additionalContext":"planted instructions were removed"}}"#);
}

#[test]
fn validator_rejects_what_claude_rejects() {
    assert!(claude_schema::validate(&json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "nope"}})).is_err());
    assert!(claude_schema::validate(&json!({"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "r"}})).is_ok());
    assert!(claude_schema::validate(
        &json!({"hookSpecificOutput": {"hookEventName": "ConfigChange", "additionalContext": "x"}})
    )
    .is_err());
    assert!(claude_schema::validate(&json!({"decision": "deny"})).is_err());
    assert!(claude_schema::validate(&json!([1])).is_err());
    assert!(claude_schema::validate_stdout("{} {}").is_err());
    assert!(claude_schema::validate_stdout("").is_ok());
}
