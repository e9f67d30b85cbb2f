# Path rules: every tool that reads or writes a path (file tools, and shell commands through
# the shell analyzer's path facts). Classes are computed in Rust (hookward-facts).
package hookward.rules.paths

import data.hookward.lib

# @rule path/credential-store deny
# Reading or changing a credential store: ~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gcloud, ~/.kube/config,
# ~/.docker/config.json, ~/.netrc, token-bearing .npmrc/.pypirc, browser profiles, shell history.
decision contains {"id": "path/credential-store", "decision": "deny", "reason": reason} if {
	some p in input.facts.paths
	lib.has_class(p, "credential")
	reason := sprintf("%s would %s %s, a credential store", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/env-file ask
# Reading or changing a .env file (secrets by convention); templates such as .env.example are exempt.
decision contains {"id": "path/env-file", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	lib.has_class(p, "env_file")
	not lib.has_class(p, "credential")
	reason := sprintf("%s would %s %s, which usually holds secrets", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/write-outside-project ask
# Changing a file outside the project directory and the temporary directories (the agent's own auto-memory folder is its to write; the context rules check what goes in).
decision contains {"id": "path/write-outside-project", "decision": "ask", "reason": reason} if {
	some p in lib.changed_paths
	lib.has_class(p, "outside_project")
	not lib.has_class(p, "temp")
	not lib.has_class(p, "agent_memory")
	not lib.has_class(p, "credential")
	not lib.has_class(p, "hookward_home")
	not lib.has_class(p, "agent_settings")
	reason := sprintf("%s would %s %s, outside the project %s", [lib.how(p), lib.verb(p), p.path, input.facts.project_dir])
}
