# Web host rules: the block and allow lists of `[web]` in config.toml (input.config.web) over
# the hosts a call reaches (input.facts.net, computed in Rust: hookward-facts/src/net.rs).
# An entry without `*` is a host that also covers its subdomains (`example.com` covers
# `docs.example.com`); an entry with `*` is a glob over the whole host. Case-insensitive.
package hookward.rules.web

web_config := object.get(object.get(input, "config", {}), "web", {})

block_hosts := object.get(web_config, "block_hosts", [])

allow_hosts := object.get(web_config, "allow_hosts", [])

net_facts := object.get(input.facts, "net", [])

tool := object.get(input.event, "tool", {})

# Whether `host` is covered by the entry `e`.
covers(e, host) if {
	not contains(e, "*")
	lower(host) == lower(e)
}

covers(e, host) if {
	not contains(e, "*")
	endswith(lower(host), concat("", [".", lower(e)]))
}

covers(e, host) if {
	contains(e, "*")
	glob.match(lower(e), [], lower(host))
}

blocked_entries(host) := {e | some e in block_hosts; covers(e, host)}

allowed_entries(host) := {e | some e in allow_hosts; covers(e, host)}

# @rule web/blocked-host deny
# A fetch tool (WebFetch, web_fetch…) or a shell command that fetches from or uploads to a host on `web.block_hosts`.
decision contains {"id": "web/blocked-host", "decision": "deny", "reason": reason} if {
	some n in net_facts
	entries := blocked_entries(n.host)
	count(entries) > 0
	reason := sprintf("%s would reach %s, which is on the web block list (web.block_hosts: %s)", [how(n), n.host, concat(", ", sort(entries))])
}

# @rule web/host-not-allowed deny
# With `web.allow_hosts` set, a fetch tool reaching a host no entry covers (shell commands are left to the other rules).
decision contains {"id": "web/host-not-allowed", "decision": "deny", "reason": reason} if {
	count(allow_hosts) > 0
	tool.kind == "fetch"
	some n in net_facts
	n.via == "tool"
	count(allowed_entries(n.host)) == 0
	count(blocked_entries(n.host)) == 0
	reason := sprintf("%s would reach %s, which is not on the web allow list (web.allow_hosts: %s)", [how(n), n.host, concat(", ", sort(allow_hosts))])
}

# The domains a web search is restricted to (Claude Code's WebSearch `allowed_domains`).
search_domains := object.get(object.get(tool, "input", {}), "allowed_domains", [])

# A web search: a fetch tool that names no URL.
web_search if {
	input.event.kind == "PreToolUse"
	tool.kind == "fetch"
	object.get(tool, "url", "") == ""
	count([n | some n in net_facts; n.via == "tool"]) == 0
}

# @rule web/search-outside-allowed deny
# With `web.allow_hosts` set, a web search not restricted to allowed hosts (no `allowed_domains`, or one outside the list): its results would come from anywhere. Retrying with `allowed_domains` inside the list passes.
decision contains {"id": "web/search-outside-allowed", "decision": "deny", "reason": reason} if {
	count(allow_hosts) > 0
	web_search
	outside := {d | some d in search_domains; count(allowed_entries(d)) == 0}
	any_outside(outside)
	reason := sprintf("the %s tool would search hosts outside the web allow list; search again with allowed_domains within web.allow_hosts (%s)", [tool.name, concat(", ", sort(allow_hosts))])
}

any_outside(outside) if count(search_domains) == 0

any_outside(outside) if count(outside) > 0

how(n) := sprintf("the %s tool", [tool.name]) if n.via == "tool"

how(n) := sprintf("the shell command (%s)", [n.evidence]) if n.via == "shell"
