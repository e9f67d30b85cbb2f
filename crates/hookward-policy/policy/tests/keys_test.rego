package hookward.keys_test

import data.hookward.main as rules

path_input(path, how, classes) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/w/app", "home": "/home/dev", "paths": [{"path": path, "access": "read", "via": "shell", "how": how, "evidence": "x", "classes": classes}]},
	"config": {},
}

ids(path, how, classes) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as path_input(path, how, classes)
}

test_production_settings_read_asks if {
	ids("/w/app/appsettings.Production.json", "cat", ["env_config", "project"])["path/env-config"] == "ask"
}

test_production_settings_listed_quiet if {
	not ids("/w/app/appsettings.Production.json", "ls", ["env_config", "project"])["path/env-config"]
}

test_forced_secret_name_asks if {
	ids("/w/app/config/secrets.yml", "git forced carried", ["secret_name", "project"])["path/forced-stage"] == "ask"
}

test_forced_plain_file_quiet if {
	count(ids("/w/app/dist/app.js", "git forced carried", ["project"])) == 0
}

test_unforced_secret_name_quiet if {
	not ids("/w/app/config/secrets.yml", "git carried", ["secret_name", "project"])["path/forced-stage"]
}

test_secret_written_staged_asks if {
	got := {d.id: d.decision | some d in rules.decision} with input as {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/w/app", "paths": [], "staged_secrets": [{"path": "/w/app/docs/x.md", "what": "the secret-named variable $X_TOKEN"}]},
		"config": {},
	}
	got["path/secret-written-staged"] == "ask"
}
