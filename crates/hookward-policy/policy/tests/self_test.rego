package hookward.self_test

import data.hookward.main as rules

settings_write(path, via, change) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
	"facts": {
		"project_dir": "/home/dev/project",
		"paths": [{"path": path, "access": "write", "via": via, "evidence": path, "classes": ["agent_settings"], "recursive": false}],
		"settings_change": change,
	},
	"config": {},
}

test_settings_write_asks_with_summary if {
	ch := {"path": "/p/.claude/settings.json", "summary": "would add permissions.allow: Bash(*)", "disables_hooks": false, "removes_hookward": false}
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "tool", ch)
	d.id == "self/agent-settings"
	d.decision == "ask"
	contains(d.reason, "Bash(*)")
}

test_disable_all_hooks_denied if {
	ch := {"path": "/p/.claude/settings.local.json", "summary": "would set disableAllHooks = true", "disables_hooks": true, "removes_hookward": false}
	some d in rules.decision with input as settings_write("/p/.claude/settings.local.json", "tool", ch)
	d.id == "self/disable-hooks"
	d.decision == "deny"
}

test_removing_hookward_denied if {
	ch := {"path": "/p/.claude/settings.json", "summary": "would remove hooks.PreToolUse hookward", "disables_hooks": false, "removes_hookward": true}
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "tool", ch)
	d.id == "self/disable-hooks"
}

test_shell_write_to_settings_denied if {
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "shell", null)
	d.id == "self/shell-protected-write"
	d.decision == "deny"
}

test_hookward_home_write_asks if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/home/dev/.hookward/config.toml", "access": "write", "via": "tool", "evidence": "x", "classes": ["hookward_home", "outside_project"], "recursive": false}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "self/hookward-home"
	d.decision == "ask"
}

test_summary_fallback_when_change_unknown if {
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "tool", null)
	d.id == "self/agent-settings"
	contains(d.reason, "could not be computed")
}
