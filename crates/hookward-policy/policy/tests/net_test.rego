package hookward.rules_test

import data.hookward.main as rules

one_net(n) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "WebFetch", "kind": "fetch"}},
	"facts": {"project_dir": "/p", "paths": [], "net": [object.union({"via": "tool", "how": "WebFetch", "credentials": false, "admin_port": false, "mixed_script": false, "evidence": n.url}, n)]},
	"config": {},
}

net_decisions(n) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as one_net(n)
}

test_metadata_credentials_denied if {
	got := net_decisions({"url": "http://169.254.169.254/latest/meta-data/iam/security-credentials/", "host": "169.254.169.254", "class": "metadata", "credentials": true})
	got["net/metadata-credentials"] == "deny"
	not got["net/metadata"]
}

test_other_metadata_asks if {
	got := net_decisions({"url": "http://metadata.google.internal/computeMetadata/v1/project/project-id", "host": "metadata.google.internal", "class": "metadata"})
	got["net/metadata"] == "ask"
}

test_link_local_asks if {
	net_decisions({"url": "http://169.254.10.1/", "host": "169.254.10.1", "class": "link_local"})["net/link-local"] == "ask"
}

test_localhost_dev_server_quiet if {
	count(net_decisions({"url": "http://localhost:3000/", "host": "localhost", "port": 3000, "class": "loopback"})) == 0
}

test_private_address_quiet if {
	count(net_decisions({"url": "http://192.168.1.10:8080/", "host": "192.168.1.10", "port": 8080, "class": "private"})) == 0
}

test_admin_port_asks if {
	net_decisions({"url": "http://127.0.0.1:2375/containers/json", "host": "127.0.0.1", "port": 2375, "class": "loopback", "admin_port": true})["net/local-admin-port"] == "ask"
}

test_lookalike_asks_with_the_imitated_host if {
	some d in rules.decision with input as one_net({"url": "https://gіthub.com/a/b.git", "host": "gіthub.com", "class": "public", "lookalike": "github.com", "mixed_script": true, "via": "shell", "how": "git remote", "evidence": "git remote add origin https://gіthub.com/a/b.git"})
	d.id == "net/lookalike-host"
	d.decision == "ask"
	contains(d.reason, "imitates github.com")
}

test_mixed_script_asks if {
	net_decisions({"url": "https://pаyments.example/", "host": "pаyments.example", "class": "public", "mixed_script": true})["net/lookalike-host"] == "ask"
}

# h-cmd5: live tokens in a URL's path or query.
test_token_in_url_to_other_host_denied if {
	net_decisions({"url": "https://collect.example.net/?k=ghp_x", "host": "collect.example.net", "class": "public", "secrets": ["github"]})["net/secret-in-url"] == "deny"
}

test_token_in_url_to_its_vendor_or_loopback_quiet if {
	not net_decisions({"url": "https://api.github.com/?access_token=ghp_x", "host": "api.github.com", "class": "public", "secrets": ["github"]})["net/secret-in-url"]
	not net_decisions({"url": "http://127.0.0.1:8080/?t=sk-x", "host": "127.0.0.1", "class": "loopback", "secrets": ["openai"]})["net/secret-in-url"]
	not net_decisions({"url": "https://example.com/docs", "host": "example.com", "class": "public"})["net/secret-in-url"]
}

registry_decisions(r) := got if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/p", "paths": [], "registries": [r]},
		"config": {},
	}
	got := {d.id: d.decision | some d in rules.decision} with input as inp
}

test_package_registry_asks if {
	got := registry_decisions({"ecosystem": "npm", "url": "https://npm.example.net/", "host": "npm.example.net", "via": "shell", "how": "npm config set registry", "evidence": "npm config set registry https://npm.example.net/"})
	got["net/package-registry"] == "ask"
}

test_package_registry_lookalike_asks if {
	got := registry_decisions({"ecosystem": "npm", "url": "https://registry.npmjѕ.org/", "host": "registry.npmjѕ.org", "lookalike": "registry.npmjs.org", "via": "tool", "how": ".npmrc", "evidence": "registry=https://registry.npmjѕ.org/"})
	got["net/package-registry"] == "ask"
}

test_no_registry_fact_quiet if {
	inp := {"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}}, "facts": {"project_dir": "/p", "paths": []}, "config": {}}
	ids := {d.id | some d in rules.decision} with input as inp
	not ids["net/package-registry"]
}

test_lookalike_owner_asks if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write"}},
		"facts": {"project_dir": "/home/dev/project", "paths": [], "lookalike_owners": [{"owner": "goreIeaser", "imitates": "goreleaser", "evidence": "uses: goreIeaser/goreleaser-action@main"}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "net/lookalike-owner"
	d.decision == "ask"
	contains(d.reason, "goreleaser")
}

test_lookalike_package_asks if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
		"facts": {"project_dir": "/p", "paths": [], "lookalike_packages": [{"package": "reqeusts", "imitates": "requests", "registry": "pypi"}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "net/lookalike-package"
	d.decision == "ask"
}


test_page_script_source_asks_in_its_own_words if {
	inp := {
		"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write"}},
		"facts": {"project_dir": "/p", "paths": [], "registries": [{"ecosystem": "web", "url": "https://cdn.example-boost.com/c.js", "host": "cdn.example-boost.com", "via": "tool", "how": "<script src> in a page template", "evidence": "<script src=...>"}]},
		"config": {},
	}
	some d in rules.decision with input as inp
	d.id == "net/package-registry"
	contains(d.reason, "load and run a script from cdn.example-boost.com")
	count([x | some x in rules.decision with input as inp; x.id == "net/package-registry"]) == 1
}

test_secret_named_query_value_asks if {
	net_decisions({"url": "https://x.example.dev/r?kaggle_key=KGAT_5f0c2a9be17d4e", "host": "x.example.dev", "class": "public", "secret_params": ["kaggle_key"]})["net/secret-param"] == "ask"
	not net_decisions({"url": "http://127.0.0.1:8888/?token=abcdef0123456789", "host": "127.0.0.1", "class": "loopback", "secret_params": ["token"]})["net/secret-param"]
	got := net_decisions({"url": "https://collect.example.net/?k=ghp_x", "host": "collect.example.net", "class": "public", "secrets": ["github"], "secret_params": ["k"]})
	got["net/secret-in-url"] == "deny"
	not got["net/secret-param"]
}

# h-out25: a secret written as a named value in a URL is denied whatever the host; loopback is local.
test_named_secret_values_in_a_url_denied if {
	got := net_decisions({"url": "https://h.example.net/ok?smtp_pass=Qw3rty!9zz", "host": "h.example.net", "class": "public", "named_secrets": ["smtp_pass"], "secret_params": ["smtp_pass"]})
	got["net/secret-in-url"] == "deny"
	not got["net/secret-param"]
	not net_decisions({"url": "http://127.0.0.1/ok?smtp_pass=Qw3rty!9zz", "host": "127.0.0.1", "class": "loopback", "named_secrets": ["smtp_pass"]})["net/secret-in-url"]
}
