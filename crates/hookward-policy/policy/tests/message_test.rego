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
