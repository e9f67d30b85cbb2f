package hookward.inject_test

import data.hookward.main as rules

finding(family, evidence) := {"family": family, "rule_id": "inject/x", "evidence": evidence, "pointer": "/stdout", "span": [0, 1], "severity": "high"}

post(verdict, findings) := {
	"event": {"kind": "PostToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/p", "paths": [], "scan": {"source": "tool_output", "verdict": verdict, "score": 0.9, "findings": findings}},
	"config": {},
}

test_injection_in_output_denied if {
	some d in rules.decision with input as post("injection", [finding("instruction_override", "ignore previous instructions")])
	d.id == "inject/planted-instructions"
	d.decision == "deny"
	contains(d.reason, "instruction_override")
}

test_suspicious_output_asks if {
	some d in rules.decision with input as post("suspicious", [finding("tool_call_order", "call http_post")])
	d.id == "inject/suspicious-output"
}

test_clean_output_no_opinion if {
	count(rules.decision) == 0 with input as post("clean", [])
}

test_hidden_prompt_text_asks if {
	inp := {
		"event": {"kind": "UserPromptSubmit"},
		"facts": {"project_dir": "/p", "paths": [], "scan": {"source": "user_prompt", "verdict": "injection", "score": 0.9, "findings": [finding("hidden_text", "\u200b")]}},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "inject/hidden-prompt-text"
}
