# Checks switched off by a command-line option, judged by the option's name rather than by a
# table of programs (issue 11 items 1 and 9, session 29): an option whose name joins a word
# that negates (no, skip, ignore, disable, bypass, without) to a word naming a verification
# (verify, check, checksum, gpgcheck, signature, integrity, certificate, TLS/SSL, publisher
# check, host-key check, hooks), or that says `insecure`. Package managers, installers, VCS
# clients and build tools name these options that way (choco --ignore-checksums,
# Install-Module -SkipPublisherCheck, git commit/push --no-verify, pip --no-verify-hashes,
# dnf --nogpgcheck, apt --allow-unauthenticated, helm --insecure-skip-tls-verify,
# ansible-galaxy --ignore-certs), so one shape covers programs nobody listed.
# shell.rego's `shell/signature-check-off` keeps its per-program table (option values such as
# Composer's secure-http false are not option names); both may fire on one command.
package hookward.rules.checkopts

import data.hookward.rules.shell as sh

cmds := object.get(object.get(object.get(input, "facts", {}), "shell", {}), "commands", [])

# HTTP clients: turning TLS checks off for one fetch matters where the fetched text is run or
# installed, which the fetched-code and download rules judge (curl -k to a dev server with a
# self-signed certificate is everyday work).
http_clients := {
	"curl", "wget", "http", "https", "xh", "httpie", "ghz", "grpcurl", "aria2c", "websocat",
	"openssl", "nc", "ncat", "socat",
}

# PowerShell hosts: their script argument is scanned for `-Name` parameters.
ps_hosts := {"pwsh", "powershell", "powershell.exe", "pwsh.exe"}

# The option's name, lower case, without dashes, underscores and a leading `/` or `-`.
glued(w) := lower(regex.replace(regex.replace(w, `^(?:--?|/)`, ""), `[-_]`, ""))

# The shape of a check-skipping name (see the package comment): a negating word, at most one
# word saying what is checked (ssl, tls, host, peer, gpg, package…), then a word naming the
# check. A bare `check` (dpkg's nocheck, `--no-check` of build tools: skip the test suite) and
# a bare `ssl`/`tls` (`./configure --without-ssl`, `--disable-tls`: build without the feature)
# name no verification; `nocerts` (openssl pkcs12 -nocerts) and `--no-sign-request` (an
# anonymous request to a public bucket) neither.
weak_name(n) if regex.match(
	`^(?:no|skip|ignore|disable|bypass)(?:ssl|tls|cert|host|hostkey|peer|server|gpg|sig|strict|package|repo|content|check|verify)?(?:verify|verification|verifying|checksum|checksums|gpgcheck|gpgchecks|signature|signatures|sigcheck|integrity|integritycheck|certificate|certificates|certcheck|publishercheck|hostkeycheck|hostkeychecking|hooks|verifyhashes|verifyssl|verifytls|verifycert|verifycerts|checkssl)$`,
	n,
)

weak_name(n) if regex.match(`^(?:ignore|skip)certs$`, n)

weak_name(n) if contains(n, "insecure")

weak_name(n) if regex.match(`^allow(?:unauthenticated|untrusted|unsigned|downgrades)`, n)

# Options of a POSIX-style command (`--name`, `--name=value`, `-Name`).
posix_opts(c) := {o |
	some w in array.slice(c.argv, 1, count(c.argv))
	regex.match(`^--?[A-Za-z][A-Za-z0-9_-]{2,}(?:=.*)?$`, w)
	o := split(w, "=")[0]
	weak_name(glued(o))
}

# `-Name` parameters inside a PowerShell host's script argument.
ps_opts(c) := {o |
	c.program in ps_hosts
	some w in array.slice(c.argv, 1, count(c.argv))
	contains(w, " ")
	some m in regex.find_n(`(?:^|[\s;(|{])-[A-Za-z][A-Za-z]{3,}`, w, -1)
	o := trim_space(trim_left(m, ";(|{"))
	weak_name(glued(o))
}

# A command that only talks to this machine (a dev server with a self-signed certificate,
# `stripe listen --forward-to https://app.localhost --skip-verify`).
local_only(c) if {
	some w in c.argv
	regex.match(`(?i)(?:^|[/@=])(?:localhost|127\.[0-9.]+|\[?::1\]?)(?:[:/]|$)|\.(?:localhost|test|local|ddev\.site|lndo\.site)(?:[:/]|$)`, w)
}

# @rule shell/check-skipped ask
# A check switched off by a command-line option, judged by the option's name (issue 11, session 29): a negating word joined to a word naming a verification (--ignore-checksums, -SkipPublisherCheck, --no-verify, --no-verify-hashes, --nogpgcheck, --skip-tls-verify, --disable-ssl-verification, --ignore-certs) or a name with `insecure` (--insecure-skip-tls-verify, --allow-insecure-unlock), on any program but HTTP clients (whose fetched text the download rules judge) and outside commands that only talk to this machine. What is installed, committed or pushed then goes unverified: a swapped package, a hook that would have stopped a leaked key. --no-sign-request, openssl -nocerts, --no-hashes and `--help` name no check.
decision contains {"id": "shell/check-skipped", "decision": "ask", "reason": reason} if {
	some c in cmds
	not c.program in http_clients
	some o in posix_opts(c) | ps_opts(c)
	not sh.asks_for_help(c)
	not local_only(c)
	reason := sprintf("the command switches a check off by its option %s (%s)", [o, c.evidence])
}
