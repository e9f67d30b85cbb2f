# Shell rules: decisions over the facts hookward-shell computes from a command
# (input.facts.shell) and the path facts derived from them (input.facts.paths, via "shell").
package hookward.rules.shell

import data.hookward.lib

shell_facts := object.get(input.facts, "shell", {})

facts_of(kind) := object.get(shell_facts, kind, [])

# @rule shell/recursive-delete-home deny
# Recursively deleting the home directory, /, a parent of home, or a system directory.
decision contains {"id": "shell/recursive-delete-home", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	p.access == "delete"
	p.recursive
	some c in {"home", "root", "home_ancestor", "system"}
	lib.has_class(p, c)
	reason := sprintf("%s would recursively delete %s", [lib.how(p), p.path])
}

# @rule shell/recursive-delete-outside-project deny
# Recursively deleting anything outside the project and the temporary directories.
decision contains {"id": "shell/recursive-delete-outside-project", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	p.access == "delete"
	p.recursive
	lib.has_class(p, "outside_project")
	not lib.has_class(p, "temp")
	reason := sprintf("%s would recursively delete %s, outside the project %s", [lib.how(p), p.path, input.facts.project_dir])
}

# @rule shell/remote-exec deny
# Code fetched from the network and run at once (curl … | sh, bash <(curl …)).
decision contains {"id": "shell/remote-exec", "decision": "deny", "reason": reason} if {
	some f in facts_of("remote_exec")
	reason := sprintf("the command would run code fetched from the network without saving or reviewing it (%s)", [f.evidence])
}

# @rule shell/decoded-exec deny
# A payload decoded and run at once (base64 -d | sh, xxd -r | bash, printf '\x…' | sh).
decision contains {"id": "shell/decoded-exec", "decision": "deny", "reason": reason} if {
	some f in facts_of("decoded_exec")
	reason := sprintf("the command would decode a hidden payload and run it (%s)", [f.evidence])
}

# @rule shell/privilege-escalation deny
# sudo, doas, su, pkexec, or making a file setuid.
decision contains {"id": "shell/privilege-escalation", "decision": "deny", "reason": reason} if {
	some f in facts_of("privilege")
	reason := sprintf("the command would gain elevated privileges (%s)", [f.evidence])
}

# @rule shell/credential-exfiltration deny
# A credential store read in the same command as an upload or a network fetch.
decision contains {"id": "shell/credential-exfiltration", "decision": "deny", "reason": reason} if {
	some p in lib.read_paths
	lib.has_class(p, "credential")
	count(facts_of("uploads")) + count(facts_of("fetches")) > 0
	reason := sprintf("the command reads %s and talks to the network in the same command", [p.path])
}

# @rule shell/publish ask
# Publishing a package or image (npm publish, cargo publish, twine upload, docker push…).
decision contains {"id": "shell/publish", "decision": "ask", "reason": reason} if {
	some f in facts_of("publish")
	reason := sprintf("the command would publish (%s)", [f.evidence])
}

# @rule shell/git-destructive ask
# Force-push, reset --hard, clean -fdx, history rewriting.
decision contains {"id": "shell/git-destructive", "decision": "ask", "reason": reason} if {
	some f in facts_of("git")
	reason := sprintf("the command would discard or rewrite git history or work (%s: %s)", [f.kind, f.evidence])
}

# @rule shell/infra-destroy ask
# terraform destroy, kubectl delete, aws s3 rm --recursive, gcloud … delete and the like.
decision contains {"id": "shell/infra-destroy", "decision": "ask", "reason": reason} if {
	some f in facts_of("infra")
	reason := sprintf("the command would destroy infrastructure (%s: %s)", [f.kind, f.evidence])
}

# @rule shell/persistence ask
# Installing something that runs later: crontab, systemd/launchd units, shell rc files, git hooks, authorized_keys.
decision contains {"id": "shell/persistence", "decision": "ask", "reason": reason} if {
	some f in facts_of("persistence")
	reason := sprintf("the command would install something that runs later (%s: %s)", [f.kind, f.evidence])
}

# @rule shell/env-tamper ask
# Setting variables that load code or redirect traffic (LD_PRELOAD, NODE_OPTIONS, *_BASE_URL, proxies, PATH).
decision contains {"id": "shell/env-tamper", "decision": "ask", "reason": reason} if {
	some f in facts_of("env_tamper")
	reason := sprintf("the command sets %s, which changes what code runs or where traffic goes (%s)", [f.name, f.evidence])
}

# @rule shell/obfuscated ask
# $IFS tricks, ANSI-C quoted program names, program names built from variables, look-alike letters.
decision contains {"id": "shell/obfuscated", "decision": "ask", "reason": reason} if {
	some f in facts_of("obfuscation")
	reason := sprintf("the command hides what it runs (%s: %s)", [f.kind, f.evidence])
}

# @rule shell/unanalysable-protected ask
# A command hookward cannot fully follow that names a protected path (credentials, agent settings, hookward home, home directory).
decision contains {"id": "shell/unanalysable-protected", "decision": "ask", "reason": reason} if {
	count(facts_of("unanalysable")) > 0
	some p in input.facts.paths
	p.via == "shell"
	some c in {"credential", "agent_settings", "hookward_home", "home", "agent_instructions"}
	lib.has_class(p, c)
	some u in facts_of("unanalysable")
	reason := sprintf("hookward cannot fully analyse this command (%s) and it names %s", [u.reason, p.path])
}
