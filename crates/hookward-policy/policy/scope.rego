# Destruction judged by its scope (issue 11 item 4, session 26, h-scope): what is destroyed,
# whose it is and whether it can come back. The verbs are found by shape in Rust (cloud.rs,
# verbs.rs, scope.rs); these rules judge the *object*: project content no build can make
# again, a database file's tables, a security check switched off in a configuration file.
# Build outputs, caches and temporary folders stay quiet (buildout.rs, tooldata.rs,
# lib.named_temporary).
package hookward.rules.scope

import data.hookward.lib

scope_shell := object.get(input.facts, "shell", {})

scope_infra := object.get(scope_shell, "infra", [])

scope_commands := object.get(scope_shell, "commands", [])

# Folder and file names of a project's content that no command of the project makes again
# (the user's point of view: asked before it goes, as a whole bucket or database would be):
# - key material: signing keys, certificate authorities, secrets (`keys/`, `ca/`, `pki/`,
#   `secrets/`; a lost signing key cannot sign the next firmware or release);
# - the project's inputs: raw data (`data/raw`, `raw/`: the Cookiecutter Data Science layout,
#   "data/raw — the original, immutable data dump"; its `interim`, `processed` and `external`
#   folders are made again or downloaded again; other `data/` folders are as often a
#   download's or a pipeline's output, adv sets 18-30) and databases (`*.db`, `*.sqlite`);
# - its trained models and checkpoints (`models/`, `checkpoints/`: days of compute);
# - its settings (`configs/`): versioned, but what was not committed is lost.
# Not `src/`, `migrations/`, `certs/` or `*.pem`: the public sets' everyday rows delete them
# after a build (a CI job testing the wheel, `rm -rf src`), when a development database is
# reset, or as generated test certificates (sets 6-17, 2026-12-07).
# Build outputs (`dist/`, `build/`, `target/`), caches and temporary folders are other classes
# and stay quiet.
irreplaceable_dirs := {
	"keys", "key", "signing", "secrets", "ca", "pki", ".gnupg",
	"raw", "models", "checkpoints", "weights",
	"configs", "config",
}

# Database and key file suffixes (SQLite's documented `.db`, `.sqlite`, `.sqlite3`; DuckDB's
# `.duckdb`; PEM/PKCS#12/Java keystores).
irreplaceable_file_re := `(?i)\.(db|sqlite|sqlite3|duckdb|p12|pfx|jks|keystore|kdbx)$`

project_relative(p) := rel if {
	base := trim_suffix(object.get(input.facts, "project_dir", ""), "/")
	base != ""
	startswith(p.path, concat("", [base, "/"]))
	rel := substring(p.path, count(base) + 1, -1)
}

# The path's components inside the project, up to a glob (`data/raw/2026-11/*.parquet` →
# data, raw, 2026-11).
project_parts(p) := [c | some c in split(project_relative(p), "/"); c != ""; not contains(c, "*")]

content_kind(p) := "key material, data, model or source folder" if {
	some c in project_parts(p)
	lower(c) in irreplaceable_dirs
}

content_kind(p) := "database or key file" if regex.match(irreplaceable_file_re, p.path)

regenerable(p) if "build_output" in p.classes

# A folder on the path that a build, an installer or a tool makes again: the names of
# hookward-shell buildout.rs DIRS (node_modules, target, __pycache__, .tox, .next, …) and the
# common output folders (dist, build, out, coverage, a virtual environment, generated code,
# logs).
rebuilt_names := {
	"node_modules", "target", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", ".nox",
	".next", ".nuxt", ".svelte-kit", ".turbo", ".parcel-cache", ".angular", ".gradle", "deriveddata",
	".dart_tool", ".build", "_build", ".stack-work", ".zig-cache", "zig-cache", "zig-out",
	"dist", "build", "out", "coverage", "htmlcov", ".venv", "venv", "generated", "__generated__", "gen",
	"logs", "log", ".ipynb_checkpoints", "site-packages", "wandb", "mlruns", "lightning_logs", "outputs",
	"interim", "processed", "external",
}

# A development database file a framework creates and migrates again by itself: Django's
# default `db.sqlite3` (Django docs, "Database setup"), Rails' `development.sqlite3` and
# `test.sqlite3` (config/database.yml), and files named local, dev, development or test
# (`local.db`, Prisma's `dev.db`), with SQLite's `-wal`, `-shm` and `-journal` side files.
dev_database(path) if {
	parts := split(path, "/")
	name := lower(parts[count(parts) - 1])
	regex.match(`^(db\.sqlite3|(local|dev|development|test|testing)([._-][a-z0-9_.-]*)?\.(db|sqlite|sqlite3|duckdb))(-wal|-shm|-journal)?$`, name)
}

regenerable(p) if dev_database(p.path)

# A move keeps the data (`mv server-key.pem server.key.insecure`).
regenerable(p) if startswith(object.get(p, "how", ""), "mv")

regenerable(p) if {
	some c in project_parts(p)
	lower(c) in rebuilt_names
}

# A folder or file on the path named as throwaway by a whole word of its name (`tmp-keys/`,
# `_tmp`, `tmp_transfer_parts`, `debug-run-*`, `*.partial`), or a packaging tool's metadata
# (`*.egg-info`, `*.dist-info`: setuptools writes them again at every build).
regenerable(p) if {
	some c in split(project_relative(p), "/")
	some w in regex.split(`[^a-z0-9]+`, lower(c))
	w in {"tmp", "temp", "scratch", "debug", "partial", "partials", "cache"}
}

regenerable(p) if {
	some c in split(project_relative(p), "/")
	regex.match(`\.(egg-info|dist-info)$`, c)
}

regenerable(p) if "tool_cache" in p.classes

regenerable(p) if "temp" in p.classes

regenerable(p) if lib.named_temporary(p)

# A test fixture, example or vendored copy is the project's own too, but by name a copy: left
# to the other rules.
regenerable(p) if {
	some c in project_parts(p)
	lower(c) in {"test", "tests", "fixtures", "testdata", "examples", "vendor", "third_party", "node_modules"}
}

# @rule shell/project-content-delete ask
# Deleting project content that no build makes again (h-scope, session 26): a recursive delete, a database or key store deleted, or anything shredded (shred -u overwrites first: nothing to recover) inside the project, where a folder on the path names key material (keys, ca, pki, secrets, signing), raw data (data/raw), trained models or checkpoints, or settings (configs), or the file is a database or key store (*.db, *.sqlite, *.p12, *.jks): rm -rf keys/, rm -rf models/, rm provisioning/devices.db, shred -u data/raw/x.parquet. Build outputs, caches, temporary and debug folders, development databases (db.sqlite3, dev.db), moves and test fixtures are not asked about.
decision contains {"id": "shell/project-content-delete", "decision": "ask", "reason": reason} if {
	some p in lib.changed_paths
	p.access == "delete"
	p.via == "shell"
	"project" in p.classes
	project_parts(p)
	not regenerable(p)
	kind := project_delete_kind(p)
	reason := sprintf("%s would delete %s, project content no build makes again (%s)", [lib.how(p), p.path, kind])
}

project_delete_kind(p) := k if {
	p.recursive
	k := content_kind(p)
} else := k if {
	regex.match(irreplaceable_file_re, p.path)
	k := "database or key file"
} else := "shredded: overwritten before it is deleted" if {
	startswith(object.get(p, "how", ""), "shred")
}

# @rule shell/project-database-destroy ask
# A whole table of a database file in the project dropped, truncated or emptied (sqlite3 app.db "DROP TABLE devices", "DELETE FROM jobs" with no WHERE; hookward-shell tools.rs sql_drop, tier.rs local by the file): the file is the project's own, so it is not denied as a server's data is, but its rows come back only from a backup. A file named as a test or throwaway copy (test.db, tmp.sqlite; tier disposable) is not asked about.
decision contains {"id": "shell/project-database-destroy", "decision": "ask", "reason": reason} if {
	some f in scope_infra
	f.kind == "sql_drop"
	object.get(f, "tier", "") == "local"
	marker := object.get(f, "tier_marker", "")
	startswith(marker, "file ")
	file := substring(marker, 5, -1)
	not disposable_file(file)
	reason := sprintf("the command would drop or empty tables of the database file %s (%s)", [file, f.evidence])
}

# @rule shell/bulk-delete ask
# SQL that deletes rows by a range or a pattern rather than by a value (DELETE FROM customers WHERE created_at < '2025-01-01', … WHERE email LIKE '%@x.com', … IS NOT NULL; hookward-shell scope.rs broad_delete, kind sql_delete_broad), from any carrier — a database client's -c/-e/-q, an MCP query tool: every row of a period or a kind goes, which only a backup brings back. Not on this machine or a throwaway target (hookward-shell tier.rs), and not a cut-off that moves with the clock (WHERE expires_at < now(), created_at < now() - interval '30 days': a retention job; created_at < now() alone is every row). A DELETE with an equality (WHERE id = 42) is not asked about; one with no WHERE at all is shell/data-destroy.
decision contains {"id": "shell/bulk-delete", "decision": "ask", "reason": reason} if {
	some f in scope_infra
	f.kind == "sql_delete_broad"
	not object.get(f, "tier", "") in {"local", "disposable"}
	not retention_cutoff(f.evidence)
	reason := sprintf("the command would delete every row a range or pattern picks (%s)", [f.evidence])
}

# A cut-off that moves with the clock: the retention job every application runs on its
# sessions, logs and caches. Either an age taken off the clock (`created_at < NOW() - INTERVAL
# '30 days'`, `< current_date - 7`, SQLite `datetime('now', '-30 days')`, `DATEADD(day, -30,
# GETDATE())`), or the bare clock against a column that holds an end (`expires_at < now()`,
# `valid_until`, `ttl`, `deadline`: the rows whose time is up). The bare clock against any other
# column (`created_at < now()`) is every row there is. A fixed date or a pattern picks rows by a
# decision someone makes once, which is what this rule asks about.
retention_cutoff(evidence) if regex.match(`(?i)<=?\s*\(?\s*(?:(?:now\s*\(\s*\)|current_(?:date|timestamp)(?:\s*\(\s*\))?|localtimestamp|sysdate|systimestamp|getdate\s*\(\s*\)|getutcdate\s*\(\s*\)|unix_timestamp\s*\(\s*\))\s*-|(?:date|datetime)\s*\(\s*'now'\s*,|dateadd\s*\(|date_sub\s*\(|timestampadd\s*\()`, evidence)

retention_cutoff(evidence) if regex.match(`(?i)[a-z_]*(?:expir|valid_?until|_until|ttl|deadline|due_?at|retain|purge_?after)[a-z_]*\s*<=?\s*\(?\s*(?:now\s*\(|current_(?:date|timestamp)|localtimestamp|sysdate|systimestamp|getdate\s*\(|getutcdate\s*\(|unix_timestamp\s*\(|(?:date|datetime)\s*\(\s*'now')`, evidence)

# A database file named as a test, example or throwaway copy (test.db, dev-scratch.sqlite,
# fixtures/x.db).
disposable_file(file) if dev_database(file)

disposable_file(file) if regex.match(`(?i)(^|[/_.-])(test|tests|testing|tmp|temp|scratch|fixture|fixtures|example|sample|demo|throwaway)([/_.-]|$)`, file)

# Firmware and update clients' settings that switch a signature or verification check off,
# each from its documentation:
# - Kconfig (Zephyr/MCUboot, ESP-IDF): `# CONFIG_SECURE_BOOT is not set`, a secure-boot, flash
#   encryption, signature or image validation symbol set `=n`, MCUboot's
#   `CONFIG_BOOT_SIGNATURE_TYPE_NONE=y` (MCUboot docs, "Zephyr: signature type none: images
#   are not verified"), ESP-IDF's `CONFIG_SECURE_BOOT_ALLOW_*`/`…_INSECURE=y`;
# - TLS verification skipped: Mender's `SkipVerify: true` (mender.conf reference), Go's
#   `InsecureSkipVerify`, `insecure_skip_verify` (Prometheus, Telegraf), kubeconfig's
#   `insecure-skip-tls-verify`;
# - package and image signatures unchecked: yum/dnf `gpgcheck=0` (yum.conf(5)),
#   `skip_signature_verification`, `allow_unsigned`.
security_off_patterns := [
	`#\s*CONFIG_[A-Z0-9_]*(SECURE_BOOT|FLASH_ENC|SIGNATURE|SIGNED|VALIDATE|VERIFY)[A-Z0-9_]*\s+is\s+not\s+set`,
	`CONFIG_[A-Z0-9_]*(SECURE_BOOT|FLASH_ENC|SIGNATURE|SIGNED_|VALIDATE_|VERIFY)[A-Z0-9_]*\s*=\s*n\b`,
	`CONFIG_[A-Z0-9_]*SIGNATURE_TYPE_NONE\s*=\s*y`,
	`CONFIG_SECURE_[A-Z0-9_]*(ALLOW_[A-Z0-9_]+|INSECURE)\s*=\s*y`,
	`(?i)"?\b(skip_?verify|insecure_?skip_?verify|insecure-skip-tls-verify|skip_signature_verification|allow_unsigned[a-z_]*)"?\s*[:=]\s*"?(true|yes|1)\b`,
	`(?i)\b(repo_)?gpgcheck\s*=\s*(0|false|no)\b`,
	# session 27: TLS certificate or host-name verification turned off in code or a client's
	# settings, by the documented switch of each stack — .NET HttpClientHandler's
	# DangerousAcceptAnyServerCertificateValidator or a validation callback that returns true;
	# Java's trust-all managers and host-name verifiers (Apache HttpClient NoopHostnameVerifier,
	# TrustAllStrategy, Netty InsecureTrustManagerFactory, a verifier lambda returning true);
	# Python requests verify=False, ssl._create_unverified_context, CERT_NONE; Node
	# rejectUnauthorized: false and NODE_TLS_REJECT_UNAUTHORIZED=0; Ruby and PHP/curl
	# VERIFY_NONE / CURLOPT_SSL_VERIFYPEER false; git http.sslVerify, npm strict-ssl, dnf/yum
	# sslverify off.
	`DangerousAcceptAnyServerCertificateValidator|(ServerCertificateCustomValidationCallback|ServerCertificateValidationCallback)\s*\+?=\s*(\([^()]*\)|[A-Za-z_]+)\s*=>\s*true`,
	`\b(NoopHostnameVerifier|TrustAllStrategy|InsecureTrustManagerFactory|ALLOW_ALL_HOSTNAME_VERIFIER|TrustAllCerts|trustAllCerts)\b|setHostnameVerifier\(\s*\(?[A-Za-z_, ]*\)?\s*->\s*true`,
	`\bverify\s*=\s*False\b|\bssl\._create_unverified_context\b|\bverify_mode\s*=\s*(ssl\.)?CERT_NONE\b|\bcheck_hostname\s*=\s*False\b`,
	`\brejectUnauthorized\s*:\s*false\b|NODE_TLS_REJECT_UNAUTHORIZED\s*[:=]\s*["']?0\b`,
	`\bOpenSSL::SSL::VERIFY_NONE\b|CURLOPT_SSL_VERIFY(PEER|HOST)\s*,\s*(0|false)\b|['"]verify['"]\s*=>\s*false\b`,
	`(?i)\b(http\.)?sslverify\s*=\s*(0|false|no)\b|(?i)\bstrict-ssl\s*=\s*false\b`,
	# macOS hardened runtime and App Sandbox entitlements turned off (Apple, "Hardened Runtime"
	# and "App Sandbox" entitlement keys): other code can then be loaded into the signed app
	`com\.apple\.security\.app-sandbox</key>\s*<false/>|com\.apple\.security\.cs\.(disable-library-validation|allow-dyld-environment-variables|disable-executable-page-protection|allow-unsigned-executable-memory)</key>\s*<true/>`,
]

# The replacement parts of a sed script's s commands (what sed writes: `s/…/REP/`), so a
# script that turns a check back on (`s/# CONFIG_X is not set/CONFIG_X=y/`) is not read as
# switching it off.
sed_replacements(script) := [parts[2] |
	some cmd in regex.split(`;|\n`, script)
	c := trim_space(cmd)
	startswith(c, "s")
	count(c) > 3
	d := substring(c, 1, 1)
	parts := split(c, d)
	count(parts) >= 3
]

security_off_text(t) := m if {
	found := [f | some re in security_off_patterns; some f in regex.find_n(re, t, -1); not negated_symbol_off(f)]
	count(found) > 0
	m := found[0]
}

# A Kconfig symbol named for the insecure choice switched off (`CONFIG_SECURE_SIGNED_APPS_NO_SECURE_BOOT=n`,
# `…_ALLOW_…`, `…_INSECURE…`, `…_DISABLE…`, `…_SKIP…`, `…_UNSIGNED…` set `n` or not set): the
# check is turned *on*.
negated_symbol_off(f) if {
	regex.match(`(=\s*n\b|is\s+not\s+set)`, f)
	regex.match(`CONFIG_[A-Z0-9_]*(_NO_|ALLOW|INSECURE|DISABLE|SKIP|UNSIGNED)`, f)
}

# @rule path/security-check-off ask
# A configuration file written so that a signature or verification check is off (h-scope, session 26): a firmware's secure boot or image signature check (# CONFIG_SECURE_BOOT is not set, CONFIG_BOOT_SIGNATURE_TYPE_NONE=y, CONFIG_BOOT_VALIDATE_SLOT0=n), an update client's or TLS client's verification skipped ("SkipVerify": true, insecure_skip_verify: true), TLS certificate or host-name verification turned off in code or a client's settings (.NET DangerousAcceptAnyServerCertificateValidator or a validation callback returning true, Java NoopHostnameVerifier/TrustAllStrategy/trust-all managers, Python verify=False or CERT_NONE, Node rejectUnauthorized: false or NODE_TLS_REJECT_UNAUTHORIZED=0, Ruby/PHP VERIFY_NONE, git sslVerify=false, npm strict-ssl=false), a macOS app's sandbox or hardened-runtime protection turned off by its entitlements (app-sandbox false, disable-library-validation true), a package manager's signature check (gpgcheck=0); by a file tool's text or sed -i's replacement. Anything installed after that runs unverified.
decision contains {"id": "path/security-check-off", "decision": "ask", "reason": reason} if {
	input.event.tool.kind == "file_write"
	some k in {"content", "new_string", "file_text", "new_str"}
	t := input.event.tool.input[k]
	is_string(t)
	m := security_off_text(t)
	reason := sprintf("the %s tool would switch a signature or verification check off (%s)", [input.event.tool.name, m])
}

decision contains {"id": "path/security-check-off", "decision": "ask", "reason": reason} if {
	input.event.tool.kind == "file_write"
	some e in input.event.tool.input.edits
	is_string(e.new_string)
	m := security_off_text(e.new_string)
	reason := sprintf("the %s tool would switch a signature or verification check off (%s)", [input.event.tool.name, m])
}

# The same switches set by the client's own configuration command (git config http.sslVerify
# false, npm|pnpm|yarn config set strict-ssl false): every later fetch of that client goes
# unverified.
decision contains {"id": "path/security-check-off", "decision": "ask", "reason": reason} if {
	some c in scope_commands
	c.program in {"git", "npm", "pnpm", "yarn"}
	"config" in c.argv
	line := concat(" ", c.argv)
	regex.match(`(?i)\b(http\.)?sslverify[= ]\s*(false|0|no)\b|\bstrict-ssl[= ]\s*false\b`, line)
	reason := sprintf("the command would switch TLS certificate verification off for every later fetch (%s)", [c.evidence])
}

decision contains {"id": "path/security-check-off", "decision": "ask", "reason": reason} if {
	some c in scope_commands
	c.program == "sed"
	some w in c.argv
	not startswith(w, "-")
	some rep in sed_replacements(w)
	m := security_off_text(rep)
	reason := sprintf("the command would switch a signature or verification check off (%s: %s)", [m, c.evidence])
}

# @rule shell/tool-wipes-home ask
# A program told to destroy without asking and pointed at the whole home folder or the root (session 27): a destroying word in its name, as its subcommand or as an option (clean, wipe, purge, delete, remove, erase, nuke, destroy, prune, reset, shred, scrub, sweep — xcclean, cache-wipe, `tool purge`) with a confirmation turned off (--yes, -y, --force, -f, --no-confirm, --noconfirm, --assume-yes, --non-interactive) and an operand that is the home folder, its every entry (~/*) or / itself: xcclean --all --yes ~, cleanup --force $HOME. Programs hookward knows are judged by their own rules; this is the one left for tools nobody wrote a row for, whose reach over the whole home is the user's to confirm. Cleaning a project's or a cache's folder is not this.
decision contains {"id": "shell/tool-wipes-home", "decision": "ask", "reason": reason} if {
	some c in scope_commands
	some t in array.slice(c.argv, 1, count(c.argv))
	whole_tree_operand(t)
	tool_destroys(c)
	some w in c.argv
	no_confirm_word(w)
	reason := sprintf("the command would run %s without asking on %s (%s)", [c.program, t, c.evidence])
}

whole_tree_operand(t) if t == input.facts.home

whole_tree_operand(t) if t == concat("", [input.facts.home, "/"])

whole_tree_operand(t) if t == concat("", [input.facts.home, "/*"])

whole_tree_operand(t) if t in {"/", "/*", "/home", "/Users"}

tool_destroys(c) if regex.match(`(?i)(clean|wipe|purge|nuke|shred|scrub|erase|sweep|destroy)`, c.program)

# the subcommand (the first word that is not an option) or an option of that name
tool_destroys(c) if {
	not c.program in {"echo", "printf", "print"}
	words := array.slice(c.argv, 1, count(c.argv))
	some i, w in words
	destroy_word(w)
	every v in array.slice(words, 0, i) {
		startswith(v, "-")
	}
}

destroy_word(w) if regex.match(`(?i)^(--)?(delete|wipe|purge|clean|cleanup|clear|remove|rm|erase|nuke|destroy|prune|reset|shred|scrub|sweep)(-all)?$`, w)

no_confirm_word(w) if w in {"--yes", "-y", "--force", "-f", "--no-confirm", "--noconfirm", "--assume-yes", "--non-interactive", "-rf", "-fr", "-yf", "-fy"}
