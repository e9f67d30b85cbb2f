# Secrets by the names their files carry and secrets reaching git (session 27, h-secrets27;
# issue 11 item 1). The classes are computed in Rust: `env_config` and `secret_name` in
# hookward-facts lib.rs classify (key_material.rs env_config_named, secrets.rs
# secret_named_anywhere); `git forced carried` is hookward-shell carriers.rs (git add -f);
# `staged_secrets` is hookward-facts staged.rs. Key material by name (keypair, keystore,
# private_ed_key…) is a `secret_file` or `credential` path class, judged by paths.rego.
package hookward.rules.keys

import data.hookward.lib

# Programs that show a file's name, size, times, mode or type, never its bytes (as paths.rego).
metadata_readers := {"stat", "ls", "test", "realpath", "readlink", "file", "du", "basename", "dirname"}

# @rule path/env-config ask
# Reading a settings file named for a production environment, which holds that environment's connection strings and keys: appsettings.Production.json (ASP.NET Core's appsettings.{Environment}.json), application-prod.yml (Spring Boot profile files), config/production.json (node-config), Web.Production.config, Azure Functions' local.settings.json. Development settings, templates and test resources are not this (hookward-facts key_material.rs).
decision contains {"id": "path/env-config", "decision": "ask", "reason": reason} if {
	some p in lib.read_paths
	"env_config" in p.classes
	not "credential" in p.classes
	not p.how in metadata_readers
	reason := sprintf("%s would read %s, a settings file named for a production environment (its connection strings and keys)", [lib.how(p), p.path])
}

# @rule path/forced-stage ask
# A file forced into git past .gitignore (git add -f / --force) whose name says it holds a secret (secrets.yml, db_password.txt, api-token.json) or production settings (appsettings.Production.json): the ignore list is where a project keeps its secrets out of history, and once pushed every clone holds them (GitHub Docs, "Removing sensitive data from a repository"). Forcing build output or other ignored files is not asked about.
decision contains {"id": "path/forced-stage", "decision": "ask", "reason": reason} if {
	some p in lib.read_paths
	p.how == "git forced carried"
	some c in {"secret_name", "env_config"}
	c in p.classes
	not "credential" in p.classes
	not "secret_file" in p.classes
	reason := sprintf("the command would force %s into git past .gitignore; its name says it holds secrets", [p.path])
}

# @rule path/secret-written-staged ask
# A secret written into a file and staged in the same command: a secret-named variable expanded into it (echo "key: $DEPLOY_KEY" >> docs/DEPLOY.md; single-quoted names are text), an environment dump (env > f), or the content of a file that is a secret by its name or place (cat ~/Downloads/x-keypair.json > ci.json) put into a project file that the command then adds to git by name or with git add -A / git add . / git commit -a. Once committed and pushed, every clone holds the secret (CWE-540, GitHub Docs "Removing sensitive data from a repository"). hookward-facts staged.rs.
decision contains {"id": "path/secret-written-staged", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "staged_secrets", [])
	reason := sprintf("the command would write %s into %s and stage it in git", [f.what, f.path])
}
