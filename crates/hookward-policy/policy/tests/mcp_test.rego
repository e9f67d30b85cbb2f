package hookward.mcp_test

import data.hookward.main as rules

mcp_call(server, mcp) := {
	"event": {"kind": "PreToolUse", "tool": {"name": sprintf("mcp__%s__run", [server]), "kind": "mcp", "mcp": {"server": server, "tool": "run"}}},
	"facts": {"project_dir": "/p", "paths": [], "net": []},
	"config": {"mcp": mcp},
}

mcp_decisions(server, mcp) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as mcp_call(server, mcp)
}

default_block := ["*adyen*", "*bank*", "*braintree*", "*coinbase*", "*klarna*", "*payment*", "*paypal*", "*plaid*", "*razorpay*", "*square*", "*stripe*", "*wallet*"]

test_default_block_list_denies_payment_servers if {
	every s in ["stripe", "Stripe-Payments", "paypal", "my-bank-api", "plaid_link", "square"] {
		mcp_decisions(s, {"allow": null, "block": default_block})["mcp/blocked-server"] == "deny"
	}
}

test_unblocked_server_quiet_without_allow_list if {
	count(mcp_decisions("github", {"allow": null, "block": default_block})) == 0
}

test_block_wins_over_allow if {
	got := mcp_decisions("stripe", {"allow": ["stripe"], "block": ["*stripe*"]})
	got["mcp/blocked-server"] == "deny"
	not got["mcp/unlisted-server"]
}

test_unlisted_server_asks_once_allow_list_is_set if {
	mcp_decisions("newcomer", {"allow": ["github", "linear"], "block": []})["mcp/unlisted-server"] == "ask"
	mcp_decisions("newcomer", {"allow": [], "block": []})["mcp/unlisted-server"] == "ask"
}

test_allowed_server_by_glob_quiet if {
	count(mcp_decisions("GitHub", {"allow": ["github"], "block": default_block})) == 0
	count(mcp_decisions("corp-docs", {"allow": ["corp-*"], "block": []})) == 0
}

test_emptied_block_list_lets_payment_servers_through if {
	count(mcp_decisions("stripe", {"allow": null, "block": []})) == 0
}

test_only_before_the_call if {
	call := mcp_call("stripe", {"block": ["*stripe*"]})
	inp := object.union(call, {"event": object.union(call.event, {"kind": "PostToolUse"})})
	count({d | some d in rules.decision; startswith(d.id, "mcp/")}) == 0 with input as inp
}

test_non_mcp_tool_quiet if {
	inp := {"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}}, "facts": {"paths": [], "net": []}, "config": {"mcp": {"allow": [], "block": ["*"]}}}
	count({d | some d in rules.decision; startswith(d.id, "mcp/")}) == 0 with input as inp
}

test_live_secret_in_mcp_arguments_denied if {
	inp := {"event": {"kind": "PreToolUse", "tool": {"name": "mcp__slack__post", "kind": "mcp", "mcp": {"server": "slack", "tool": "post"}}}, "facts": {"project_dir": "/p", "paths": [], "mcp_secrets": ["aws_access_key"]}, "config": {}}
	got := {d.id: d.decision | some d in rules.decision} with input as inp
	got["mcp/secret-sent"] == "deny"
}

test_mcp_call_without_secrets_quiet if {
	inp := {"event": {"kind": "PreToolUse", "tool": {"name": "mcp__slack__post", "kind": "mcp", "mcp": {"server": "slack", "tool": "post"}}}, "facts": {"project_dir": "/p", "paths": []}, "config": {}}
	ids := {d.id | some d in rules.decision} with input as inp
	not ids["mcp/secret-sent"]
}

# h-out25: what an MCP call does beyond the machine (hookward-facts mcp_action.rs facts).
mcp_facts_call(facts) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "mcp__chat__x", "kind": "mcp", "mcp": {"server": "chat", "tool": "x"}}},
	"facts": object.union({"project_dir": "/p", "paths": [], "net": []}, facts),
	"config": {},
}

mcp_fact_ids(facts) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as mcp_facts_call(facts)
}

action(class) := {"class": class, "verb": "v", "object": "o", "detail": "d"}

test_mcp_action_classes_decide if {
	mcp_fact_ids({"mcp_actions": [action("destroy")]})["mcp/destroy"] == "ask"
	mcp_fact_ids({"mcp_actions": [action("grant")]})["mcp/access-grant"] == "ask"
	mcp_fact_ids({"mcp_actions": [action("silence")]})["mcp/alerts-silenced"] == "ask"
	mcp_fact_ids({"mcp_actions": [action("secret_read")]})["mcp/secret-read"] == "ask"
	mcp_fact_ids({"mcp_actions": [action("export")]})["mcp/export-destination"] == "deny"
	count(mcp_fact_ids({"mcp_actions": []})) == 0
}

test_mcp_files_sent_along if {
	mcp_fact_ids({"mcp_sent_files": [{"path": "out/latency.csv", "people": false}]})["mcp/data-sent"] == "ask"
	got := mcp_fact_ids({"mcp_sent_files": [{"path": "out/customers.csv", "people": true}]})
	got["mcp/personal-data-sent"] == "deny"
	not got["mcp/data-sent"]
}

test_mcp_personal_data_by_destination if {
	mcp_fact_ids({"mcp_personal": {"kinds": ["email", "phone"], "count": 4, "external": true, "why": "it is public"}})["mcp/personal-data-sent"] == "deny"
	got := mcp_fact_ids({"mcp_personal": {"kinds": ["email"], "count": 3, "external": false, "why": ""}})
	got["mcp/personal-data"] == "ask"
	not got["mcp/personal-data-sent"]
}

test_mcp_named_secret_values_denied_once if {
	got := mcp_fact_ids({"mcp_named_secrets": ["DB_PASSWORD"]})
	got["mcp/secret-sent"] == "deny"
	both := {d | some d in rules.decision; d.id == "mcp/secret-sent"} with input as mcp_facts_call({"mcp_named_secrets": ["DB_PASSWORD"], "mcp_secrets": ["github"]})
	count(both) == 1
}
