# The learned risk score of a shell command (session 28; issue 11: "prefer mechanisms that
# generalize … learned scores"). The score is computed in Rust (hookward-cmdscore, read by
# hookward-facts command_score.rs) from the command's words, word pairs and character n-grams;
# it reaches Rego as input.facts.command_score {score, features}. A backstop: the rule speaks
# only when no other rule asks or denies (hookward-policy BACKSTOP_RULES), so the reason shown
# is always a rule's own when one fired.
package hookward.rules.learned

import data.hookward.lib

scan_config := object.get(object.get(input, "config", {}), "scan", {})

# @rule shell/learned-risk ask
# A shell command whose learned risk score reaches scan.command_ask (default 0.95): a linear model over its words, word pairs and character n-grams (hookward-cmdscore), trained on the project's labelled command sets (public sets 1–17 by source, black-box sets adv11–adv38) and calibrated on leave-one-set-out scores. For commands of programs and domains no rule has a mechanism for. It only asks, only when no other rule objects, and never allows anything; a command padded with everyday words scores lower (BENCHMARKS.md, session 28: figures on held-out sets).
decision contains {"id": "shell/learned-risk", "decision": "ask", "reason": reason} if {
	cs := input.facts.command_score
	cs.score >= object.get(scan_config, "command_ask", 0.95)
	not judged_harmless
	reason := sprintf("the command reads like commands that the labelled sources hookward learned from mark as dangerous (learned score %.2f; most telling: %s), though no rule names what it does", [cs.score, concat(", ", cs.features)])
}

# The analyzer looked at the part that makes the command read as dangerous and judged it: a
# private key handed to the client that signs in with it (lib.identity_use: ssh -i, sftp -i,
# ssh-add), or a key store opened to show only its public part or metadata (hookward-shell
# public_parts.rs: ssh-keygen -y, solana-keygen pubkey). The rules' silence is then a decision,
# not a gap, and the score does not overrule it.
judged_harmless if {
	some p in lib.read_paths
	lib.identity_use(p)
}

judged_harmless if {
	some p in lib.read_paths
	endswith(p.how, "shows-public")
}

# Text printed to the agent or searched for: every program the command runs only prints its
# operands or searches for a pattern (echo, printf, grep, rg…), and it writes, fetches and sends
# nothing. Attack text in a quoted message or a search pattern is data there
# (echo 'bash -i >& /dev/tcp/…' prints a line; written into a file it is a write, and the
# rules judge that).
text_only_programs := {"echo", "printf", "true", "false", ":", "grep", "egrep", "fgrep", "rg", "ag", "ack"}

judged_harmless if {
	cmds := object.get(object.get(input.facts, "shell", {}), "commands", [])
	count(cmds) > 0
	every c in cmds {
		c.program in text_only_programs
	}
	count(lib.changed_paths) == 0
	count(object.get(input.facts, "net", [])) == 0
}
