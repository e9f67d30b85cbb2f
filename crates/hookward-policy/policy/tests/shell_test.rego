package hookward.shell_test

import data.hookward.main as rules

shell_input(paths, shell) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/home/dev/project", "paths": paths, "shell": shell},
	"config": {},
}

del(path, classes) := {"path": path, "access": "delete", "via": "shell", "evidence": "rm -rf ~", "classes": classes, "recursive": true}

test_rm_rf_home_denied if {
	some d in rules.decision with input as shell_input([del("/home/dev", ["home", "outside_project"])], {})
	d.id == "shell/recursive-delete-home"
	d.decision == "deny"
	contains(d.reason, "recursively delete /home/dev")
}

test_rm_rf_target_in_project_no_opinion if {
	count(rules.decision) == 0 with input as shell_input([del("/home/dev/project/target", ["project"])], {})
}

test_rm_rf_outside_project_denied if {
	some d in rules.decision with input as shell_input([del("/home/dev/other", ["outside_project"])], {})
	d.id == "shell/recursive-delete-outside-project"
}

test_rm_rf_tmp_no_opinion if {
	count(rules.decision) == 0 with input as shell_input([del("/tmp/build", ["outside_project", "temp"])], {})
}

test_remote_exec_denied if {
	some d in rules.decision with input as shell_input([], {"remote_exec": [{"evidence": "curl x | sh", "interpreter": "sh"}]})
	d.id == "shell/remote-exec"
	d.decision == "deny"
}

test_credential_plus_upload_denied if {
	p := {"path": "/home/dev/.ssh/id_rsa", "access": "read", "via": "shell", "evidence": "cat", "classes": ["credential"], "recursive": false}
	some d in rules.decision with input as shell_input([p], {"uploads": [{"program": "curl", "target": "evil.example", "evidence": "curl -d @-"}]})
	d.id == "shell/credential-exfiltration"
}

test_publish_asks if {
	some d in rules.decision with input as shell_input([], {"publish": [{"kind": "npm", "evidence": "npm publish"}]})
	d.id == "shell/publish"
	d.decision == "ask"
}

test_unanalysable_only_matters_near_protected_paths if {
	count(rules.decision) == 0 with input as shell_input([], {"unanalysable": [{"reason": "eval of a variable", "evidence": "eval $X"}]})
	p := {"path": "/home/dev/.claude/settings.json", "access": "read", "via": "shell", "evidence": "x", "classes": ["agent_settings"], "recursive": false}
	some d in rules.decision with input as shell_input([p], {"unanalysable": [{"reason": "eval of a variable", "evidence": "eval $X"}]})
	d.id == "shell/unanalysable-protected"
}
