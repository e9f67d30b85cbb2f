# Injection rules: decisions over the injection scanner's findings (input.facts.scan), computed
# in Rust by hookward-scan for tool output (PostToolUse), pasted prompts (UserPromptSubmit) and
# text written into the agent's instruction files (PreToolUse).
#
# On PostToolUse the tool already ran: "deny" there means "the model must not see it" (the
# planted spans are removed from the output where the agent allows it), "ask" means "warn the
# model" (additionalContext).
package hookward.rules.inject

scan := object.get(input.facts, "scan", {})

families := concat(", ", sort({f.family | some f in scan.findings}))

first_evidence := scan.findings[0].evidence

# The learned stage (hookward-model): its highest window score and the config's thresholds.
learned_score := object.get(scan, "learned_score", 0)

scan_config := object.get(object.get(input, "config", {}), "scan", {})

learned_ask := object.get(scan_config, "learned_ask", 0.7)

learned_deny := object.get(scan_config, "learned_deny", 0.85)

learned_evidence := scan.learned_windows[0].evidence

learned_features := concat(", ", array.slice(scan.learned_windows[0].features, 0, 3))

# @rule inject/planted-instructions deny
# Tool output (command output, a file, a web page, an MCP result, a sub-agent's answer) carries instructions planted for the model.
decision contains {"id": "inject/planted-instructions", "decision": "deny", "reason": reason} if {
	input.event.kind == "PostToolUse"
	scan.verdict == "injection"
	reason := sprintf("the output of %s contains instructions planted for the model (%s), e.g. %q", [input.event.tool.name, families, first_evidence])
}

# @rule inject/suspicious-output ask
# Tool output contains text that looks like instructions for the model, with less certainty.
decision contains {"id": "inject/suspicious-output", "decision": "ask", "reason": reason} if {
	input.event.kind == "PostToolUse"
	scan.verdict == "suspicious"
	reason := sprintf("the output of %s contains text that looks like instructions for the model (%s), e.g. %q", [input.event.tool.name, families, first_evidence])
}

# @rule inject/learned-planted deny
# The learned stage scores a window of the tool output at or above scan.learned_deny and the rules did not already find planted instructions: it reads as an instruction planted for the model though no rule family matched. The window is removed like a rule span.
decision contains {"id": "inject/learned-planted", "decision": "deny", "reason": reason} if {
	input.event.kind == "PostToolUse"
	scan.verdict != "injection"
	learned_score >= learned_deny
	reason := sprintf("the output of %s reads as instructions planted for the model (learned score %.2f; %s), e.g. %q", [input.event.tool.name, learned_score, learned_features, learned_evidence])
}

# @rule inject/learned-suspicious ask
# The learned stage scores a window of the tool output at or above scan.learned_ask (and below learned_deny) and no rule flagged it: the model is warned.
decision contains {"id": "inject/learned-suspicious", "decision": "ask", "reason": reason} if {
	input.event.kind == "PostToolUse"
	scan.verdict == "clean"
	learned_score >= learned_ask
	learned_score < learned_deny
	reason := sprintf("the output of %s contains text that may be instructions for the model (learned score %.2f; %s), e.g. %q", [input.event.tool.name, learned_score, learned_features, learned_evidence])
}

# @rule inject/hidden-prompt-text ask
# A prompt carries text the person cannot see (zero-width or bidi characters, Unicode tag characters).
decision contains {"id": "inject/hidden-prompt-text", "decision": "ask", "reason": reason} if {
	input.event.kind == "UserPromptSubmit"
	count(scan.findings) > 0
	reason := sprintf("the prompt contains hidden text that is invisible on screen (%s), e.g. %q", [families, first_evidence])
}

unscanned_bytes := object.get(scan, "unscanned_bytes", 0)

unscanned_why := "the hook ran out of its time budget before scanning it" if {
	object.get(scan, "budget_exceeded", false) == true
} else := "it is larger than the scan cap (only its start and end were scanned)"

# @rule inject/unscanned-output ask
# Part of the tool output was not scanned (past the scan cap, or the hook's time budget ran out): it is never passed silently. With fail_mode = "closed" the unscanned part is withheld (replaced by a marker saying how many bytes, where the agent allows replacing output); otherwise the model is told that part is unchecked.
decision contains {"id": "inject/unscanned-output", "decision": d, "reason": reason} if {
	input.event.kind == "PostToolUse"
	unscanned_bytes > 0
	d := unscanned_decision
	reason := sprintf("%d bytes of the output of %s were not scanned for planted instructions: %s", [unscanned_bytes, input.event.tool.name, unscanned_why])
}

unscanned_decision := "deny" if {
	object.get(object.get(input, "config", {}), "fail_mode", "open") == "closed"
} else := "ask"
