package hookward.scope_test

import data.hookward.main as rules

shell_input(paths, shell) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/home/dev/app", "cwd": "/home/dev/app", "home": "/home/dev", "paths": paths, "shell": shell},
	"config": {},
}

del(path, recursive, how) := {"path": path, "access": "delete", "via": "shell", "how": how, "evidence": "x", "classes": ["project"], "recursive": recursive}

ids(inp) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as inp
}

test_key_folder_delete_asks if {
	ids(shell_input([del("/home/dev/app/fw/keys", true, "rm")], {}))["shell/project-content-delete"] == "ask"
}

test_models_and_raw_data_ask if {
	ids(shell_input([del("/home/dev/app/checkpoints", true, "rm")], {}))["shell/project-content-delete"] == "ask"
	ids(shell_input([del("/home/dev/app/data/raw/2024/*.csv", true, "rm")], {}))["shell/project-content-delete"] == "ask"
}

test_database_file_delete_asks if {
	ids(shell_input([del("/home/dev/app/var/inventory.sqlite3", false, "rm")], {}))["shell/project-content-delete"] == "ask"
	not ids(shell_input([del("/home/dev/app/fastapi/test.db", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/server-key.pem", false, "mv src")], {}))["shell/project-content-delete"]
}

test_shred_asks if {
	ids(shell_input([del("/home/dev/app/exports/report.csv", false, "shred -u")], {}))["shell/project-content-delete"] == "ask"
}

test_build_outputs_and_fixtures_quiet if {
	not ids(shell_input([del("/home/dev/app/dist", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/src/__pycache__", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([object.union(del("/home/dev/app/src/gen/target", true, "rm"), {"classes": ["project", "build_output"]})], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/tests/fixtures/keys", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/models/.cache", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/notes.txt", false, "rm")], {}))["shell/project-content-delete"]
}

test_project_database_destroy_asks if {
	f := {"kind": "sql_drop", "tier": "local", "tier_marker": "file var/orders.db", "evidence": "sqlite3 var/orders.db 'drop table orders'"}
	ids(shell_input([], {"infra": [f]}))["shell/project-database-destroy"] == "ask"
}

test_test_database_destroy_quiet if {
	f := {"kind": "sql_drop", "tier": "local", "tier_marker": "file tmp/test.db", "evidence": "sqlite3 tmp/test.db 'drop table t'"}
	not ids(shell_input([], {"infra": [f]}))["shell/project-database-destroy"]
}

edit_input(text) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write", "input": {"file_path": "/home/dev/app/conf/x.conf", "old_string": "a", "new_string": text}}},
	"facts": {"project_dir": "/home/dev/app", "cwd": "/home/dev/app", "home": "/home/dev", "paths": [{"path": "/home/dev/app/conf/x.conf", "access": "write", "via": "tool", "classes": ["project"]}]},
	"config": {},
}

test_security_check_off_by_edit_asks if {
	ids(edit_input("\"InsecureSkipVerify\": true,"))["path/security-check-off"] == "ask"
	ids(edit_input("CONFIG_BOOT_SIGNATURE_TYPE_NONE=y\n"))["path/security-check-off"] == "ask"
	ids(edit_input("# CONFIG_SECURE_FLASH_ENC_ENABLED is not set\n"))["path/security-check-off"] == "ask"
	ids(edit_input("[repo]\ngpgcheck=0\n"))["path/security-check-off"] == "ask"
}

test_tls_verification_off_in_code_asks if {
	ids(edit_input("new HttpClientHandler { ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator }"))["path/security-check-off"] == "ask"
	ids(edit_input("handler.ServerCertificateCustomValidationCallback = (msg, cert, chain, errs) => true;"))["path/security-check-off"] == "ask"
	ids(edit_input("HttpClients.custom().setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE).build();"))["path/security-check-off"] == "ask"
	ids(edit_input("conn.setHostnameVerifier((host, session) -> true);"))["path/security-check-off"] == "ask"
	ids(edit_input("r = requests.get(url, verify=False, timeout=5)"))["path/security-check-off"] == "ask"
	ids(edit_input("const agent = new https.Agent({ rejectUnauthorized: false });"))["path/security-check-off"] == "ask"
	ids(edit_input("process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';"))["path/security-check-off"] == "ask"
	ids(edit_input("[http]\n\tsslVerify = false\n"))["path/security-check-off"] == "ask"
	ids(edit_input("<key>com.apple.security.cs.disable-library-validation</key>\n\t<true/>"))["path/security-check-off"] == "ask"
	ids(edit_input("<key>com.apple.security.app-sandbox</key>\n\t<false/>"))["path/security-check-off"] == "ask"
}

test_tls_verification_on_quiet if {
	not ids(edit_input("r = requests.get(url, verify=True, timeout=5)"))["path/security-check-off"]
	not ids(edit_input("r = requests.get(url, verify=ca_bundle)"))["path/security-check-off"]
	not ids(edit_input("const agent = new https.Agent({ rejectUnauthorized: true });"))["path/security-check-off"]
	not ids(edit_input("handler.ServerCertificateCustomValidationCallback = (m, c, ch, e) => c.Thumbprint == pinned;"))["path/security-check-off"]
	not ids(edit_input("<key>com.apple.security.app-sandbox</key>\n\t<true/>"))["path/security-check-off"]
	not ids(edit_input("<key>com.apple.security.cs.disable-library-validation</key>\n\t<false/>"))["path/security-check-off"]
	not ids(edit_input("strict-ssl=true\n"))["path/security-check-off"]
}

test_security_check_on_quiet if {
	not ids(edit_input("\"InsecureSkipVerify\": false,"))["path/security-check-off"]
	not ids(edit_input("CONFIG_BOOT_SIGNATURE_TYPE_ECDSA_P256=y\n"))["path/security-check-off"]
	not ids(edit_input("CONFIG_SECURE_BOOT=y\n"))["path/security-check-off"]
	not ids(edit_input("gpgcheck=1\n"))["path/security-check-off"]
}

sed_input(script) := shell_input([], {"commands": [{"program": "sed", "argv": ["sed", "-i", script, "prj.conf"], "evidence": "sed -i …"}]})

test_sed_turning_check_off_asks if {
	ids(sed_input("s/^CONFIG_BOOT_VALIDATE_SLOT0=y/CONFIG_BOOT_VALIDATE_SLOT0=n/"))["path/security-check-off"] == "ask"
	ids(sed_input("s|skip_verify: false|skip_verify: true|"))["path/security-check-off"] == "ask"
}

test_sed_turning_check_on_quiet if {
	not ids(sed_input("s/# CONFIG_SECURE_BOOT is not set/CONFIG_SECURE_BOOT=y/"))["path/security-check-off"]
	not ids(sed_input("s/CONFIG_LOG=y/CONFIG_LOG=n/"))["path/security-check-off"]
}

test_dev_databases_quiet if {
	not ids(shell_input([del("/home/dev/app/db.sqlite3", false, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/local.db-wal", false, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/prisma/dev.db", false, "rm")], {}))["shell/project-content-delete"]
	f := {"kind": "sql_drop", "tier": "local", "tier_marker": "file db/development.sqlite3", "evidence": "x"}
	not ids(shell_input([], {"infra": [f]}))["shell/project-database-destroy"]
}

test_processed_and_throwaway_names_quiet if {
	not ids(shell_input([del("/home/dev/app/data/raw/processed", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/tmp-keys/fw-ci", false, "shred -u")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/checkpoints/debug-run-*", true, "rm")], {}))["shell/project-content-delete"]
	not ids(shell_input([del("/home/dev/app/src/*.egg-info", true, "rm")], {}))["shell/project-content-delete"]
	ids(shell_input([del("/home/dev/app/checkpoints/run-7", true, "rm")], {}))["shell/project-content-delete"] == "ask"
}

test_secure_boot_turned_on_quiet if {
	not ids(edit_input("CONFIG_SECURE_BOOT=y\nCONFIG_SECURE_SIGNED_APPS_NO_SECURE_BOOT=n\n"))["path/security-check-off"]
	ids(edit_input("CONFIG_SECURE_SIGNED_APPS_NO_SECURE_BOOT=n\nCONFIG_BOOT_VALIDATE_SLOT0=n\n"))["path/security-check-off"] == "ask"
}

test_client_tls_verification_off_by_config_asks if {
	ids(shell_input([], {"commands": [{"program": "git", "argv": ["git", "config", "--global", "http.sslVerify", "false"], "evidence": "git config …"}]}))["path/security-check-off"] == "ask"
	ids(shell_input([], {"commands": [{"program": "npm", "argv": ["npm", "config", "set", "strict-ssl", "false"], "evidence": "npm config …"}]}))["path/security-check-off"] == "ask"
	not ids(shell_input([], {"commands": [{"program": "git", "argv": ["git", "config", "--global", "http.sslVerify", "true"], "evidence": "git config …"}]}))["path/security-check-off"]
	not ids(shell_input([], {"commands": [{"program": "git", "argv": ["git", "config", "--get", "http.sslVerify"], "evidence": "git config …"}]}))["path/security-check-off"]
}

home_cmd(argv) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell", "input": {"command": concat(" ", argv)}}},
	"facts": {"home": "/home/dev", "project_dir": "/home/dev/p", "cwd": "/home/dev/p", "paths": [], "shell": {"commands": [{"program": argv[0], "argv": argv, "evidence": concat(" ", argv)}]}},
	"config": {},
}

test_unknown_tool_wiping_home_asks if {
	got := {d.id: d.decision | some d in rules.decision} with input as home_cmd(["xcclean", "--all", "--yes", "/home/dev"])
	got["shell/tool-wipes-home"] == "ask"
	got2 := {d.id: d.decision | some d in rules.decision} with input as home_cmd(["devtool", "purge", "--force", "/home/dev/*"])
	got2["shell/tool-wipes-home"] == "ask"
}

test_tool_on_project_or_without_force_quiet if {
	got := {d.id: d.decision | some d in rules.decision} with input as home_cmd(["xcclean", "--all", "--yes", "/home/dev/p/build"])
	not got["shell/tool-wipes-home"]
	got2 := {d.id: d.decision | some d in rules.decision} with input as home_cmd(["xcclean", "--dry-run", "/home/dev"])
	not got2["shell/tool-wipes-home"]
	got3 := {d.id: d.decision | some d in rules.decision} with input as home_cmd(["du", "-sh", "/home/dev"])
	not got3["shell/tool-wipes-home"]
}

broad(sql) := shell_input([], {"infra": [{"kind": "sql_delete_broad", "tool": "psql", "evidence": sprintf("psql -h db.example.com -c \"%s\"", [sql])}]})

test_bulk_delete_by_the_bare_clock_on_a_start_column_asks if {
	ids(broad("DELETE FROM users WHERE created_at < now()"))["shell/bulk-delete"] == "ask"
	ids(broad("DELETE FROM orders WHERE placed_at <= CURRENT_TIMESTAMP"))["shell/bulk-delete"] == "ask"
}

test_retention_cutoffs_quiet if {
	not ids(broad("DELETE FROM sessions WHERE expires_at < now()"))["shell/bulk-delete"]
	not ids(broad("DELETE FROM events WHERE created_at < NOW() - INTERVAL '30 days'"))["shell/bulk-delete"]
	not ids(broad("DELETE FROM logs WHERE ts < datetime('now', '-14 days')"))["shell/bulk-delete"]
	not ids(broad("DELETE FROM audit WHERE at < DATEADD(day, -90, GETDATE())"))["shell/bulk-delete"]
	not ids(broad("DELETE FROM tokens WHERE valid_until < current_timestamp"))["shell/bulk-delete"]
}
