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

# @rule inject/hidden-prompt-text ask
# A prompt carries text the person cannot see (zero-width or bidi characters, Unicode tag characters).
decision contains {"id": "inject/hidden-prompt-text", "decision": "ask", "reason": reason} if {
	input.event.kind == "UserPromptSubmit"
	count(scan.findings) > 0
	reason := sprintf("the prompt contains hidden text that is invisible on screen (%s), e.g. %q", [families, first_evidence])
}
