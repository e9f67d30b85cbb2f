package hookward.rules.configedit_test

import data.hookward.rules.configedit

fact(kind) := {"kind": kind, "path": "/p/electron-builder.yml", "key": "k", "before": "", "after": "false", "detail": "check turned off", "via": "tool"}

test_weakened_asks if {
	some d in configedit.decision with input as {"facts": {"config_edits": [fact("check_weakened")]}}
	d.id == "path/check-weakened"
	d.decision == "ask"
	contains(d.reason, "unset")
}

test_moved_asks if {
	some d in configedit.decision with input as {"facts": {"config_edits": [fact("source_moved")]}}
	d.id == "path/source-moved"
	d.decision == "ask"
}

test_no_fact_no_opinion if {
	count(configedit.decision) == 0 with input as {"facts": {}}
}

test_moved_and_content_check_off_denies if {
	w := object.union(fact("check_weakened"), {"content_check": true})
	some d in configedit.decision with input as {"facts": {"config_edits": [fact("source_moved"), w]}}
	d.id == "path/source-moved-unverified"
	d.decision == "deny"
}

test_moved_and_transport_check_off_only_asks if {
	ids := {d.id | some d in configedit.decision} with input as {"facts": {"config_edits": [fact("source_moved"), fact("check_weakened")]}}
	not ids["path/source-moved-unverified"]
	ids["path/source-moved"]
}
