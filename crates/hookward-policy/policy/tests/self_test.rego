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

judged_write(path, judgement) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write"}},
	"facts": {
		"project_dir": "/home/dev/project",
		"paths": [{"path": path, "access": "write", "via": "tool", "evidence": path, "classes": ["agent_settings"], "recursive": false}],
		"settings_judgement": judgement,
	},
	"config": {},
}

test_loosened_settings_denied if {
	j := {"path": "/h/.claude/settings.json", "loosens": ["permissions.defaultMode = \"bypassPermissions\" (every tool call runs unasked)"], "widens": [], "harmless": false}
	some d in rules.decision with input as judged_write("/h/.claude/settings.json", j)
	d.id == "self/agent-settings-loosened"
	d.decision == "deny"
	contains(d.reason, "bypassPermissions")
}

test_harmless_settings_quiet if {
	j := {"path": "/p/.claude/settings.json", "loosens": [], "widens": [], "harmless": true}
	ids := {d.id | some d in rules.decision with input as judged_write("/p/.claude/settings.json", j)}
	not "self/agent-settings" in ids
	not "self/agent-settings-loosened" in ids
}

test_widened_settings_ask if {
	j := {"path": "/p/.claude/settings.json", "loosens": [], "widens": ["allows \"Bash(git push:*)\""], "harmless": false}
	ids := {d.id | some d in rules.decision with input as judged_write("/p/.claude/settings.json", j)}
	"self/agent-settings" in ids
	not "self/agent-settings-loosened" in ids
}

test_summary_fallback_when_change_unknown if {
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "tool", null)
	d.id == "self/agent-settings"
	contains(d.reason, "could not be computed")
}

shell_input(shell) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "paths": [], "shell": shell},
	"config": {},
}

test_hookward_uninstall_asks if {
	cmd := {"program": "hookward", "argv": ["hookward", "uninstall", "claude-code", "--apply"], "evidence": "hookward uninstall claude-code --apply"}
	some d in rules.decision with input as shell_input({"commands": [cmd]})
	d.id == "self/hookward-command"
	d.decision == "ask"
}

test_hookward_ui_asks if {
	cmd := {"program": "hookward", "argv": ["hookward", "ui", "--allow-actions"], "evidence": "hookward ui --allow-actions"}
	some d in rules.decision with input as shell_input({"commands": [cmd]})
	d.id == "self/hookward-command"
	d.decision == "ask"
}

test_hookward_policy_changes_ask if {
	every sub in ["disable", "enable", "add", "remove", "pull"] {
		cmd := {"program": "hookward", "argv": ["hookward", "policy", sub, "shell/*"], "evidence": sprintf("hookward policy %s shell/*", [sub])}
		some d in rules.decision with input as shell_input({"commands": [cmd]})
		d.id == "self/hookward-command"
		d.decision == "ask"
	}
}

test_hookward_mcp_changes_ask if {
	every sub in ["allow", "disallow", "block", "unblock"] {
		cmd := {"program": "hookward", "argv": ["hookward", "mcp", sub, "*stripe*"], "evidence": sprintf("hookward mcp %s '*stripe*'", [sub])}
		some d in rules.decision with input as shell_input({"commands": [cmd]})
		d.id == "self/hookward-command"
		d.decision == "ask"
	}
	cmd := {"program": "hookward", "argv": ["hookward", "mcp", "list"], "evidence": "hookward mcp list"}
	count(rules.decision) == 0 with input as shell_input({"commands": [cmd]})
}

test_hookward_policy_reads_no_opinion if {
	every sub in ["list", "test", "eval"] {
		cmd := {"program": "hookward", "argv": ["hookward", "policy", sub], "evidence": sprintf("hookward policy %s", [sub])}
		count(rules.decision) == 0 with input as shell_input({"commands": [cmd]})
	}
}

test_hookward_log_no_opinion if {
	cmd := {"program": "hookward", "argv": ["hookward", "log"], "evidence": "hookward log"}
	count(rules.decision) == 0 with input as shell_input({"commands": [cmd]})
}

test_hookward_env_denied if {
	some d in rules.decision with input as shell_input({"env_tamper": [{"name": "HOOKWARD_FAIL_MODE", "value": "open", "evidence": "export HOOKWARD_FAIL_MODE=open"}]})
	d.id == "self/hookward-env"
}

test_security_tool_config_write_denied if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/p/.agentjail/policy.yaml", "access": "write", "via": "tool", "evidence": "x", "classes": ["security_tool_config", "project"], "recursive": false}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "self/security-tool-config"
	d.decision == "deny"
}

test_instructed_danger_asks if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
		"facts": {"project_dir": "/p", "paths": [], "instructed": [{"file": "/p/AGENTS.md", "command": "cat ~/.aws/credentials", "concerns": ["reads /home/dev/.aws/credentials (credential)"]}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "context/instructed-danger"
	d.decision == "ask"
	contains(d.reason, "cat ~/.aws/credentials")
}

test_hookward_config_write_denied if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write", "paths": ["/h/.hookward/config.toml"]}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/h/.hookward/config.toml", "access": "write", "via": "tool", "how": "Write", "evidence": "/h/.hookward/config.toml", "classes": ["hookward_home", "outside_project"]}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "self/hookward-settings"
	d.decision == "deny"
}

test_hookward_store_write_only_asks if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write", "paths": ["/h/.hookward/notes.txt"]}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/h/.hookward/notes.txt", "access": "write", "via": "tool", "how": "Write", "evidence": "/h/.hookward/notes.txt", "classes": ["hookward_home", "outside_project"]}]},
		"config": {},
	}
	ids := {d.id | some d in rules.decision with input as inp}
	not "self/hookward-settings" in ids
	"self/hookward-home" in ids
}

test_hookward_env_in_agent_settings_denied if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write", "paths": ["/p/.claude/settings.json"]}},
		"facts": {"project_dir": "/p", "paths": [], "settings_change": {"path": "/p/.claude/settings.json", "known": true, "changes": ["add env.HOOKWARD_FAIL_MODE = \"open\""], "summary": "x", "security": []}},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "self/hookward-env-in-settings"
	d.decision == "deny"
}

shell_cmd(program, argv) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "hookward_home": "/h/.hookward", "paths": [], "shell": {"commands": [{"program": program, "argv": argv, "evidence": concat(" ", argv)}]}},
	"config": {},
}

test_sqlite3_on_the_store_denied if {
	some d in rules.decision with input as shell_cmd("sqlite3", ["sqlite3", "/h/.hookward/state.db", "update context_changes set status='accepted'"])
	d.id == "self/shell-hookward-home"
	d.decision == "deny"
}

test_python_snippet_on_the_store_denied if {
	some d in rules.decision with input as shell_cmd("python3", ["python3", "-c", "import sqlite3,os; sqlite3.connect(os.path.expanduser('~/.hookward/state.db'))"])
	d.id == "self/shell-hookward-home"
}

test_reading_hookward_home_is_fine if {
	ids := {d.id | some d in rules.decision with input as shell_cmd("cat", ["cat", "/h/.hookward/config.toml"])}
	not "self/shell-hookward-home" in ids
}

test_pkill_hookward_denied if {
	some d in rules.decision with input as shell_cmd("pkill", ["pkill", "-f", "hookward hook-server"])
	d.id == "self/signal-hookward"
	d.decision == "deny"
}

test_killall_hookward_hook_denied if {
	some d in rules.decision with input as shell_cmd("killall", ["killall", "-9", "hookward-hook"])
	d.id == "self/signal-hookward"
}

test_kill_by_the_pid_file_denied if {
	some d in rules.decision with input as shell_cmd("kill", ["kill", "$(cat ~/.hookward/run/hook.pid)"])
	d.id == "self/signal-hookward"
}

test_stopping_the_warm_helper_denied if {
	some d in rules.decision with input as shell_cmd("hookward", ["hookward", "hook-server", "--stop"])
	d.id == "self/signal-hookward"
	d.decision == "deny"
}

test_binding_the_socket_denied if {
	some d in rules.decision with input as shell_cmd("socat", ["socat", "UNIX-LISTEN:$HOME/.hookward/run/hook.sock", "-"])
	d.id == "self/shell-hookward-home"
	d.decision == "deny"
}

test_killing_other_programs_is_not_ours if {
	ids := {d.id | some d in rules.decision with input as shell_cmd("pkill", ["pkill", "-f", "webpack"])}
	not "self/signal-hookward" in ids
}

link_input(classes) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "paths": [], "links": [{"link": "/p/cfg", "target": "/home/dev/.claude", "evidence": "~/.claude", "target_classes": classes}]},
	"config": {},
}

test_link_to_agent_settings_folder_denied if {
	some d in rules.decision with input as link_input(["outside_project", "guard_folder"])
	d.id == "self/link-to-guard"
	d.decision == "deny"
	contains(d.reason, "/p/cfg")
}

test_link_to_hookward_home_denied if {
	some d in rules.decision with input as link_input(["outside_project", "hookward_home"])
	d.id == "self/link-to-guard"
}

test_link_to_plain_folder_no_opinion if {
	ids := {d.id | some d in rules.decision with input as link_input(["outside_project"])}
	not "self/link-to-guard" in ids
	not "path/link-to-protected" in ids
}

test_changed_hookward_entry_denied if {
	ch := {"path": "/p/.claude/settings.json", "summary": "set hooks.PreToolUse[0].matcher = \"NoSuchTool\" (was \"*\")", "disables_hooks": false, "removes_hookward": false, "changes_hookward": true, "hookward_changes": ["hookward entry was: hooks.PreToolUse.hooks matcher=\"*\" {command=\"hookward hook claude-code\"}", "hookward entry now: hooks.PreToolUse.hooks matcher=\"NoSuchTool\" {command=\"hookward hook claude-code\"}"]}
	some d in rules.decision with input as settings_write("/p/.claude/settings.json", "tool", ch)
	d.id == "self/hook-entry-changed"
	d.decision == "deny"
	contains(d.reason, "NoSuchTool")
}

test_other_hook_entry_change_not_denied if {
	ch := {"path": "/p/.claude/settings.json", "summary": "set hooks.PreToolUse[0].hooks[0].command = \"echo b\" (was \"echo a\")", "disables_hooks": false, "removes_hookward": false, "changes_hookward": false, "hookward_changes": []}
	ds := rules.decision with input as settings_write("/p/.claude/settings.json", "tool", ch)
	every d in ds {
		d.decision != "deny"
	}
}

nested(program, argv) := shell_input({"commands": [{"program": program, "argv": argv, "evidence": concat(" ", argv), "cwd": "/p", "wrappers": [], "depth": 0}]})

nested_denied(program, argv) if {
	some d in rules.decision with input as nested(program, argv)
	d.id == "self/nested-agent-unguarded"
	d.decision == "deny"
}

nested_quiet(program, argv) if {
	ds := rules.decision with input as nested(program, argv)
	every d in ds {
		d.id != "self/nested-agent-unguarded"
	}
}

# One test per row of nested_agent_flags.
test_nested_claude_skip_permissions if nested_denied("claude", ["claude", "-p", "--dangerously-skip-permissions", "fix it"])

test_nested_claude_allow_skip_permissions if nested_denied("claude", ["claude", "--allow-dangerously-skip-permissions"])

test_nested_claude_bypass_mode if nested_denied("claude", ["claude", "-p", "--permission-mode", "bypassPermissions", "x"])

test_nested_claude_bare if nested_denied("claude", ["claude", "--bare", "-p", "x"])

test_nested_claude_settings_json if nested_denied("claude", ["claude", "-p", "--settings", "{\"disableAllHooks\":true}", "x"])

test_nested_claude_setting_sources if nested_denied("claude", ["claude", "--setting-sources=project,local", "-p", "x"])

test_nested_codex_bypass if nested_denied("codex", ["codex", "exec", "--dangerously-bypass-approvals-and-sandbox", "x"])

test_nested_codex_yolo if nested_denied("codex", ["codex", "--yolo", "exec", "x"])

test_nested_codex_config_hooks_off if nested_denied("codex", ["codex", "exec", "-c", "features.hooks=false", "x"])

test_nested_codex_disable_hooks if nested_denied("codex", ["codex", "exec", "--disable", "hooks", "x"])

test_nested_codex_full_access if nested_denied("codex", ["codex", "exec", "--sandbox=danger-full-access", "x"])

test_nested_gemini_yolo if nested_denied("gemini", ["gemini", "-y", "-p", "x"])

test_nested_gemini_approval_yolo if nested_denied("gemini", ["gemini", "--approval-mode", "yolo", "-p", "x"])

test_nested_cursor_force if nested_denied("cursor-agent", ["cursor-agent", "-p", "--force", "x"])

# Neighbours: the same CLIs started normally stay quiet.
test_nested_agents_normal_quiet if {
	nested_quiet("claude", ["claude", "-p", "--settings", "{\"model\":\"opus\"}", "--permission-mode", "acceptEdits", "x"])
	nested_quiet("claude", ["claude", "--setting-sources", "user,project", "-p", "x"])
	nested_quiet("codex", ["codex", "exec", "-c", "model=\"o3\"", "--sandbox", "workspace-write", "x"])
	nested_quiet("gemini", ["gemini", "--approval-mode", "default", "-p", "x"])
	nested_quiet("cursor-agent", ["cursor-agent", "-p", "x"])
}

test_hookward_env_indirect_name_denied if {
	inp := shell_input({"env_tamper": [{"name": "$name", "value": "", "evidence": "export \"$name\""}]})
	some d in rules.decision with input as inp
	d.id == "self/hookward-env"
	d.decision == "deny"
}

test_hookward_env_read_name_denied if {
	inp := shell_input({"env_tamper": [{"name": "HOOKWARD_FAIL_MODE", "value": "", "evidence": "read HOOKWARD_FAIL_MODE"}]})
	some d in rules.decision with input as inp
	d.id == "self/hookward-env"
}

test_nested_claude_settings_file_left_to_facts if nested_quiet("claude", ["claude", "-p", "--settings", "ci-settings.json", "x"])

config_change_input(cc) := {
	"event": {"kind": "ConfigChange", "source": cc.source},
	"facts": {"project_dir": "/p", "paths": [], "config_change": cc},
	"config": {},
}

config_change_fact(source, baseline, settings, findings) := {
	"path": "/p/.claude/settings.json",
	"source": source,
	"blockable": source != "policy_settings",
	"guarded": "settings",
	"baseline": baseline,
	"exists": true,
	"settings": settings,
	"findings": findings,
}

test_config_change_removing_hookward_blocked if {
	s := {"removes_hookward": true, "disables_hooks": false, "changes_hookward": false, "changes": ["remove hooks.PreToolUse[0].hooks[0].command = \"hookward hook claude-code\""]}
	cc := config_change_fact("project_settings", "reviewed", s, [])
	some d in rules.decision with input as config_change_input(cc)
	d.id == "self/config-change"
	d.decision == "deny"
	contains(d.reason, "remove hookward's hook entries")
	contains(d.reason, "hookward review")
}

test_config_change_disabling_hooks_blocked_even_without_baseline if {
	s := {"disables_hooks": true, "changes": ["add disableAllHooks = true"]}
	cc := config_change_fact("local_settings", "unknown", s, [])
	some d in rules.decision with input as config_change_input(cc)
	d.id == "self/config-change"
	contains(d.reason, "switch the agent's hooks off")
}

test_config_change_hookward_entry_changed_and_env_blocked if {
	s := {"changes_hookward": true, "changes": ["add env.HOOKWARD_FAIL_MODE = \"open\""]}
	cc := config_change_fact("user_settings", "reviewed", s, [])
	some d in rules.decision with input as config_change_input(cc)
	d.id == "self/config-change"
	contains(d.reason, "change hookward's own hook registration")
	contains(d.reason, "HOOKWARD_FAIL_MODE")
}

test_config_change_policy_settings_not_blocked if {
	s := {"removes_hookward": true, "changes": []}
	cc := config_change_fact("policy_settings", "reviewed", s, [])
	ds := rules.decision with input as config_change_input(cc)
	count([d | some d in ds; d.id == "self/config-change"]) == 0
}

test_config_change_harmless_change_quiet if {
	s := {"changes": ["set theme = \"dark\" (was \"light\")"], "security": []}
	cc := config_change_fact("project_settings", "reviewed", s, [])
	ds := rules.decision with input as config_change_input(cc)
	count(ds) == 0
}

test_config_change_only_on_its_event if {
	s := {"removes_hookward": true, "changes": []}
	cc := config_change_fact("project_settings", "reviewed", s, [])
	inp := object.union(config_change_input(cc), {"event": {"kind": "Stop"}})
	ds := rules.decision with input as inp
	count([d | some d in ds; d.id == "self/config-change"]) == 0
}

# --- process patterns (adversarial review F9): generated variants over the pattern forms ---

pattern_cmds(cmds) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "hookward_home": "/h/.hookward", "paths": [], "shell": {"commands": [{"program": c[0], "argv": c, "evidence": concat(" ", c)} | some c in cmds]}},
	"config": {},
}

test_pkill_patterns_matching_hookward_denied if {
	every pat in ["hook-server", "hookw", "h[o]okward", "ook-serv", "hook.server", "^hoo", "HOOKWARD", "hookward-h", "k-se", "."] {
		every flags in [[], ["-f"], ["-STOP", "-f"], ["-9"], ["-s", "STOP"]] {
			some d in rules.decision with input as pattern_cmds([array.concat(array.concat(["pkill"], flags), [pat])])
			d.id == "self/signal-hookward-pattern"
			d.decision == "deny"
		}
	}
}

test_killall_regex_matching_hookward_denied if {
	every pat in ["hook.*", "^hoo", "h[o]ok", "ward$"] {
		every flag in ["-r", "--regexp", "-9r", "-ir"] {
			some d in rules.decision with input as pattern_cmds([["killall", flag, pat]])
			d.id == "self/signal-hookward-pattern"
		}
	}
}

test_killall_without_regex_is_exact if {
	ids := {d.id | some d in rules.decision with input as pattern_cmds([["killall", "hoo"]])}
	not "self/signal-hookward-pattern" in ids
}

test_listed_pids_sent_to_kill_denied if {
	every lister in [["pgrep", "-f", "hook-server"], ["pgrep", "hookw"], ["grep", "hook-serve[r]"], ["pidof", "hookward-hook"]] {
		every killer in [["kill", "-9"], ["kill", "-s", "STOP"], ["kill"]] {
			some d in rules.decision with input as pattern_cmds([["ps", "aux"], lister, killer])
			d.id == "self/signal-hookward-pattern"
		}
	}
}

test_listed_pids_sent_to_a_tracer_denied if {
	every tracer in [["gdb", "-p", "$(pgrep -f hook-server)"], ["strace", "-p", "1"], ["gdb", "--pid=1"]] {
		some d in rules.decision with input as pattern_cmds([["pgrep", "-f", "hook-server"], tracer])
		d.id == "self/signal-hookward-pattern"
	}
	some d in rules.decision with input as pattern_cmds([["gdb", "-p", "$(cat ~/.hookward/run/hook.pid)"]])
	d.id == "self/signal-hookward-pattern"
}

test_other_process_patterns_are_not_ours if {
	every c in [["pkill", "-f", "webpack"], ["pkill", "node"], ["pkill", "-f", "npm run dev"], ["killall", "-r", "^python"], ["pgrep", "-f", "hook-server"], ["gdb", "-p", "1234"], ["strace", "-p", "99"]] {
		ids := {d.id | some d in rules.decision with input as pattern_cmds([c])}
		not "self/signal-hookward-pattern" in ids
	}
	ids := {d.id | some d in rules.decision with input as pattern_cmds([["pgrep", "node"], ["xargs", "kill"]])}
	not "self/signal-hookward-pattern" in ids
	# A text search for the word, not a process listing, next to a kill is not a process pattern.
	ids2 := {d.id | some d in rules.decision with input as pattern_cmds([["grep", "-rn", "hook", "src"], ["kill", "%1"]])}
	not "self/signal-hookward-pattern" in ids2
}

# --- folders holding protected files (F8) and hookward's executables (F10) ---

folder_op(path, access, recursive, classes) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "paths": [{"path": path, "access": access, "via": "shell", "evidence": "rm -rf .claude", "classes": classes, "recursive": recursive}]},
	"config": {},
}

test_guard_folder_operations_denied if {
	every op in [["delete", true], ["delete", false], ["chmod", false], ["write", true]] {
		some d in rules.decision with input as folder_op("/p/.claude", op[0], op[1], ["project", "guard_folder"])
		d.id == "self/shell-guard-folder"
		d.decision == "deny"
	}
}

test_filtered_delete_in_a_folder_holding_a_guard_folder_is_not_one if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/tmp", "access": "delete", "via": "shell", "how": "find -delete filtered", "evidence": "/tmp", "classes": ["outside_project", "temp", "guard_folder"], "recursive": true}]},
		"config": {},
	}
	ids := {d.id | some d in rules.decision with input as inp}
	not "self/shell-guard-folder" in ids
	# the same folder deleted without a filter is one
	unfiltered := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/tmp", "access": "delete", "via": "shell", "how": "find -delete", "evidence": "/tmp", "classes": ["outside_project", "temp", "guard_folder"], "recursive": true}]},
		"config": {},
	}
	some d in rules.decision with input as unfiltered
	d.id == "self/shell-guard-folder"
}

test_ordinary_folder_delete_is_not_a_guard_folder if {
	ids := {d.id | some d in rules.decision with input as folder_op("/p/build", "delete", true, ["project"])}
	not "self/shell-guard-folder" in ids
}

test_hookward_executable_changes_denied if {
	every access in ["write", "create", "delete", "chmod"] {
		every via in ["shell", "tool"] {
			inp := {
				"event": {"kind": "PreToolUse", "tool": {"name": "Write", "kind": "file_write"}},
				"facts": {"project_dir": "/p", "paths": [{"path": "/usr/local/bin/hookward-hook", "access": access, "via": via, "evidence": "cp /bin/true /usr/local/bin/hookward-hook", "classes": ["outside_project", "hookward_exe"], "recursive": false}]},
				"config": {},
			}
			some d in rules.decision with input as inp
			d.id == "self/hookward-executable"
			d.decision == "deny"
		}
	}
}

test_running_hookward_is_not_a_change if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/p", "paths": [{"path": "/usr/local/bin/hookward", "access": "exec", "via": "shell", "evidence": "/usr/local/bin/hookward log", "classes": ["outside_project", "hookward_exe"], "recursive": false}]},
		"config": {},
	}
	ids := {d.id | some d in rules.decision with input as inp}
	not "self/hookward-executable" in ids
}
