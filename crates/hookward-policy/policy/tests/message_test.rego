package hookward.message_test

import data.hookward.main as rules

msg_input(kinds) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "mcp__slack__post_message", "kind": "mcp", "mcp": {"server": "slack", "tool": "post_message"}}},
	"facts": {"project_dir": "/p", "paths": [], "mcp_message_secrets": kinds},
	"config": {},
}

test_pasted_secret_denied if {
	got := {d.id: d.decision | some d in rules.decision} with input as msg_input(["app-password"])
	got["mcp/secret-in-message"] == "deny"
}

test_no_secret_quiet if {
	got := {d.id: d.decision | some d in rules.decision} with input as msg_input([])
	not got["mcp/secret-in-message"]
}

test_lookalike_recipient_denied if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "mcp__gmail__send_email", "kind": "mcp", "mcp": {"server": "gmail", "tool": "send_email"}}},
		"facts": {"project_dir": "/p", "paths": [], "mcp_lookalike_recipients": ["a@app1e-id.com (imitates apple)"]},
		"config": {},
	}
	got := {d.id: d.decision | some d in rules.decision} with input as inp
	got["mcp/lookalike-recipient"] == "deny"
}
