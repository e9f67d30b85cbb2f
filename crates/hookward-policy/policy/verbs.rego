# Program verbs of the operations, CMS and deploy CLIs by class (input.facts.shell.verbs,
# computed in Rust: hookward-shell/src/programs/verbs.rs, one table row per program verb with
# its documentation). Destroying rows of that table give cloud facts, judged by
# shell/cloud-destroy and shell/cloud-destroy-forced with the target's tier like any other
# destroying CLI; the classes here are the others.
package hookward.rules.verbs

verb_facts := object.get(object.get(input.facts, "shell", {}), "verbs", [])

facts_of_class(class) := [f | some f in verb_facts; f.class == class]

# @rule shell/security-module-off ask
# A site's or server's security plugin, module or hardening setting switched off by its own CLI: a WordPress security plugin deactivated, uninstalled or deleted (wp plugin deactivate wordfence; firewalls, malware scanners, login limits, two-factor sign-in, activity logs), a Drupal security module uninstalled (drush pm:uninstall tfa, seckit, captcha, honeypot, dblog), an Apache protection module disabled (a2dismod security2, evasive, reqtimeout), WordPress hardening constants set off (wp config set DISALLOW_FILE_EDIT false), a cluster's TLS verification skipped (kubectl config set-cluster --insecure-skip-tls-verify), a service mesh's mutual TLS disabled by a manifest on stdin (Istio PeerAuthentication or DestinationRule mode: DISABLE), a CloudWatch log group's retention cut to a day (aws logs put-retention-policy --retention-in-days 1). Ordinary plugins and modules are not asked about (tables: hookward-shell verbs.rs).
decision contains {"id": "shell/security-module-off", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("security_off")
	reason := sprintf("the command would switch a security protection off (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule shell/alerts-silenced ask
# Monitoring silenced wholesale: an Alertmanager silence whose matcher matches every alert (alertname=~".+"), only the paging severities (severity=critical, severity=page), or longer than a day (amtool silence add … --duration=720h; amtool's default is an hour), a Datadog downtime over every monitor (dog downtime post '*'). The next incident goes unseen. A silence of one alert for a maintenance window is not asked about.
decision contains {"id": "shell/alerts-silenced", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("alerts_silenced")
	reason := sprintf("the command would silence alerts wholesale (%s: %s; %s)", [f.verb, f.detail, f.evidence])
}

# Administrator roles given by a program's own verb (drush user:role:add administrator X, wp
# user set-role X administrator, wp super-admin add, whmapi1 setacls acllist=all, vault write
# auth/…/role/x token_policies=root, aws sso-admin create-account-assignment with an admin
# permission set, Argo CD's policy.default set to role:admin): shell/admin-grant, documented
# with the rule in shell.rego.
decision contains {"id": "shell/admin-grant", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("admin_grant")
	reason := sprintf("the command would hand out administrator rights (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule shell/install-from-url ask
# A plugin, package or package source taken from a URL instead of its registry: wp plugin|theme|package install https://…/x.zip (not a wordpress.org slug), grafana-cli --pluginUrl URL plugins install (not the signed catalog), composer config repositories.NAME vcs URL (a repository searched before Packagist, which can serve any package name). Code nobody reviewed runs in the site or server.
decision contains {"id": "shell/install-from-url", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("url_install")
	reason := sprintf("the command would install code from a URL instead of its registry (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule shell/remote-manifest deny
# A cluster manifest applied from an anonymous paste or file-drop service (kubectl apply -f https://paste.ee/r/…, kubectl create -f https://pastebin.com/raw/…; the drop_sites table of shell.rego): code from whoever holds the link runs in the cluster. Manifests from a project's own release URLs are not this rule's.
decision contains {"id": "shell/remote-manifest", "decision": "deny", "reason": reason} if {
	some f in facts_of_class("url_manifest")
	host := url_host(f.detail)
	data.hookward.rules.shell.drop_site(host)
	reason := sprintf("the command would apply a cluster manifest from %s, an anonymous paste or file-drop service (%s)", [host, f.evidence])
}

url_host(u) := lower(m[1]) if {
	m := regex.find_all_string_submatch_n(`^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^@/]*@)?([^/:?#]+)`, u, 1)[0]
}

# @rule shell/production-deploy ask
# A deploy CLI's deploy aimed at production by name: firebase deploy --project shop-prod, ugs deploy -e production, netlify deploy --prod, vercel --prod, fly deploy -a api-prod, wrangler deploy --env production, serverless deploy --stage prod, kamal deploy -d production, gcloud run deploy --project x-prod, eb deploy x-prod, cap production deploy (hookward-shell verbs.rs). What every user gets changes at once, as with shell/production-write's project scripts. Previews, drafts and non-production targets are not asked about.
decision contains {"id": "shell/production-deploy", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("prod_deploy")
	reason := sprintf("the command would deploy to production (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule shell/chain-transaction ask
# A blockchain transaction signed and sent to a network that is not a local or test one by name: cast send|publish, forge script|create --broadcast, hardhat run|deploy|ignition deploy --network X, solana transfer and program close|deploy|set-upgrade-authority, spl-token transfer|burn|close|authorize|mint, anchor deploy|upgrade, safe-cli with a node URL (hookward-shell verbs.rs live_chain: mainnet, production or live in a network or signing-account name, or a network named by a variable or URL without a local or test word). A mined transaction is final: funds moved, approvals given (an unlimited token approval is named), ownership and upgrade rights changed cannot be taken back. Local nodes (anvil, hardhat, 127.0.0.1) and test networks (sepolia, holesky, devnet, testnet…) are not asked about, nor simulations (forge script without --broadcast, --fork-url).
decision contains {"id": "shell/chain-transaction", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("chain_tx")
	reason := sprintf("the command would sign and send a blockchain transaction that cannot be undone (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}
