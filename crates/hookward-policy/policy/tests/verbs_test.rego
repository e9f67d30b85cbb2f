package hookward.verbs_test

import data.hookward.main as rules

verb_input(class, detail) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/home/dev/project", "paths": [], "shell": {"verbs": [{"class": class, "program": "x", "verb": "v", "detail": detail, "evidence": "x v"}]}},
	"config": {},
}

ids(class, detail) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as verb_input(class, detail)
}

test_security_off_asks if {
	ids("security_off", "wordfence")["shell/security-module-off"] == "ask"
}

test_alerts_silenced_asks if {
	ids("alerts_silenced", "alertname=~.+")["shell/alerts-silenced"] == "ask"
}

test_admin_grant_asks if {
	ids("admin_grant", "administrator")["shell/admin-grant"] == "ask"
}

test_url_install_asks if {
	ids("url_install", "https://example.net/x.zip")["shell/install-from-url"] == "ask"
}

test_manifest_from_paste_site_denied if {
	ids("url_manifest", "https://paste.ee/r/x/0")["shell/remote-manifest"] == "deny"
	ids("url_manifest", "https://sub.pastebin.com/raw/x")["shell/remote-manifest"] == "deny"
}

test_manifest_from_release_url_quiet if {
	count(ids("url_manifest", "https://github.com/cert-manager/cert-manager/releases/download/v1.16.2/cert-manager.yaml")) == 0
}

test_production_deploy_asks if {
	ids("prod_deploy", "shop-prod")["shell/production-deploy"] == "ask"
}

test_chain_transaction_asks if {
	ids("chain_tx", "network mainnet")["shell/chain-transaction"] == "ask"
}

test_chain_transaction_needs_its_class if {
	not ids("prod_deploy", "shop-prod")["shell/chain-transaction"]
}
