# Configuration edits judged by the shape of the edit (issue 11 items 1 and 11, session 28,
# h-config28): a key whose name says a check is done given the value that turns it off, a key
# naming where code is fetched from given a URL of another origin or plain http. The shapes are
# found in Rust (hookward-facts config_edit.rs: key-name tables with their sources, the old→new
# direction, the origin of a URL); these rules only word the question.
package hookward.rules.configedit

edits := object.get(input.facts, "config_edits", [])

# @rule path/check-weakened ask
# An edit of a configuration that turns a check off by the key's name and the value's direction (session 28, h-config28; hookward-facts config_edit.rs): a key that says a verification is done (verifyUpdateCodeSignature, sslVerify, strict-ssl, StrictHostKeyChecking, gpgcheck, validate_certs, checksumPolicy, sha256sums, an Electron integrity fuse) set false/no/off/skip/ignore where the old text did not; a key that says the weaker choice (allowInsecureProtocol, dangerousInsecureTransportProtocol, insecureSkipVerify, skipVerify, allowUnsigned, Electron nodeIntegration, the RunAsNode fuse) turned on; Electron's contextIsolation, webSecurity or sandbox changed from true to false (Electron security checklist); a CSP script-src that gains 'unsafe-eval', 'unsafe-inline', a wildcard or a new host (CSP Level 3). By a file tool's Edit or Write, sed -i's s command or yq -i. Turning a check on, a key already weak, tsconfig's strict or skipLibCheck, and settings quoted in documents are not asked about. Code installed or run after it goes unverified.
decision contains {"id": "path/check-weakened", "decision": "ask", "reason": reason} if {
	some f in edits
	f.kind == "check_weakened"
	reason := sprintf("the edit would weaken a check in %s: %s %s (%s → %s)", [f.path, f.key, f.detail, was(f.before), f.after])
}

# @rule path/source-moved ask
# An edit of a configuration that moves where updates, packages, plugins or builds are fetched from (session 28, h-config28; hookward-facts config_edit.rs SOURCE_KEYS): a URL under a key naming a source (url, endpoints, update_url, feed, appcast, registry, mirror, repository, remote, distributionUrl, index-url, source, resolved) whose registrable domain — or owner on a code host — no URL under the same key had before, or that went from https to http; a release's or tap's owner changed (GoReleaser); a whole URL swapped by sed -i in a settings file. Version bumps and paths within the same origin, http → https, a local test server, and URLs in program code or documents stay quiet. The next update, build or install runs code from somewhere else.
decision contains {"id": "path/source-moved", "decision": "ask", "reason": reason} if {
	some f in edits
	f.kind == "source_moved"
	reason := sprintf("the edit would move where %s fetches code from: %s %s → %s (%s)", [f.path, f.key, f.before, f.after, f.detail])
}

# @rule path/source-moved-unverified deny
# One call that both moves where code is fetched from (path/source-moved) and turns off the check of the content fetched — a signature, checksum or integrity hash (sha256sums=('SKIP'), verifyUpdateCodeSignature: false, gpgcheck=0, a signing plugin skipped) — in the same file (session 28, h-config28). The check is what would notice a file swapped at the new place; turned off together with the move, the next build or update runs whatever the new place serves. A move with only the transport weakened (plain http allowed, TLS checks off) stays path/source-moved's ask, since a signature still guards the content.
decision contains {"id": "path/source-moved-unverified", "decision": "deny", "reason": reason} if {
	some m in edits
	m.kind == "source_moved"
	some w in edits
	w.kind == "check_weakened"
	object.get(w, "content_check", false) == true
	w.path == m.path
	reason := sprintf("the edit would fetch code for %s from somewhere else (%s → %s) and turn off the check of what is fetched (%s %s) in the same change", [m.path, m.before, m.after, w.key, w.after])
}

was(v) := v if v != ""

was(v) := "unset" if v == ""
