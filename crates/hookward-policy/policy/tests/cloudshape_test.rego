package hookward.cloudshape_test

import data.hookward.main as rules

verb_input(class, verb, detail) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/home/dev/app", "cwd": "/home/dev/app", "home": "/home/dev", "shell": {"verbs": [{"class": class, "program": "az", "verb": verb, "detail": detail, "evidence": "x"}]}},
	"config": {},
}

ids(inp) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as inp
}

test_network_exposed_asks if {
	ids(verb_input("network_exposed", "storage account update", "--default-action Allow"))["shell/network-exposed"] == "ask"
}

test_tracks_purged_denies if {
	ids(verb_input("tracks_purged", "monitor app-insights component purge", "telemetry or log records purged"))["shell/telemetry-purge"] == "deny"
}

test_grant_and_audit_off_use_the_verbs_rules if {
	ids(verb_input("admin_grant", "ad app owner add", "an owner added"))["shell/admin-grant"] == "ask"
	ids(verb_input("security_off", "sql server audit-policy update", "auditing switched off (--state Disabled)"))["shell/security-module-off"] == "ask"
}

test_other_classes_quiet if {
	not ids(verb_input("prod_deploy", "deploy", "x"))["shell/network-exposed"]
	not ids(verb_input("security_off", "x", "y"))["shell/telemetry-purge"]
}
