# MCP server rules: the allow and block lists of `[mcp]` in config.toml (input.config.mcp).
# Entries are server-name globs (`*` any run of characters), matched case-insensitively against
# the server of the MCP tool being called (input.event.tool.mcp.server, split by each agent's
# adapter). The block list ships with payment and banking servers (hookward_config's
# DEFAULT_MCP_BLOCK); `hookward mcp list` shows both lists.
package hookward.rules.mcp

mcp_config := object.get(object.get(input, "config", {}), "mcp", {})

server := input.event.tool.mcp.server

block_list := object.get(mcp_config, "block", [])

allow_list := object.get(mcp_config, "allow", null)

# The block-list entries the called server matches.
blocked_by contains p if {
	some p in block_list
	glob.match(lower(p), [], lower(server))
}

allowed_by contains p if {
	is_array(allow_list)
	some p in allow_list
	glob.match(lower(p), [], lower(server))
}

# @rule mcp/blocked-server deny
# A call to an MCP server whose name matches an entry of `mcp.block` (by default payment and banking servers: Stripe, PayPal, Square, Plaid, Adyen, banks, wallets…), whatever `mcp.allow` says.
decision contains {"id": "mcp/blocked-server", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	count(blocked_by) > 0
	reason := sprintf("the MCP server %q matches the MCP block list (mcp.block: %s); `hookward mcp unblock PATTERN` edits the list", [server, concat(", ", sort(blocked_by))])
}

# @rule mcp/unlisted-server ask
# A call to an MCP server that matches no entry of `mcp.allow`, once an allow list is set (`install --apply` seeds it with the servers configured at install time: a server added since then is new to the person).
decision contains {"id": "mcp/unlisted-server", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	is_array(allow_list)
	count(blocked_by) == 0
	count(allowed_by) == 0
	reason := sprintf("the MCP server %q is not on the MCP allow list (it was not configured when hookward was installed); `hookward mcp allow %s` trusts it", [server, server])
}

# @rule mcp/secret-sent deny
# A live credential (a vendor token, a cloud access key, a private key: hookward-redact's live kinds) written into the arguments of an MCP tool call: an issue body, a chat message, a file committed through the tool, a memory entry; also a secret written as a named value with a literal value (DB_PASSWORD=…, define('DB_PASSWORD','…'), a connection URL with its password, "set X_PASSWORD to …"; placeholders and references are not). The server stores or sends it on, beyond this machine.
decision contains {"id": "mcp/secret-sent", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	kinds := object.get(input.facts, "mcp_secrets", [])
	count(kinds) > 0
	reason := sprintf("the MCP tool call would hand a live credential (%s) to the server %q, which stores or sends it on", [concat(", ", kinds), server])
}

# h-out25: secrets written as a named value (DB_PASSWORD=…, define('DB_PASSWORD','…'), a
# connection URL with its password, "set X_PASSWORD to …"): hookward-facts mcp_action.rs
# named_secrets, whose values pass the literal-secret shape check (no placeholder, no reference).
decision contains {"id": "mcp/secret-sent", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	count(object.get(input.facts, "mcp_secrets", [])) == 0
	names := object.get(input.facts, "mcp_named_secrets", [])
	count(names) > 0
	reason := sprintf("the MCP tool call would hand the secret value of %s to the server %q, which stores or sends it on", [concat(", ", names), server])
}

mcp_actions := object.get(input.facts, "mcp_actions", [])

# @rule mcp/destroy ask
# An MCP tool destroys a container or shared set-up, or anything in bulk (hookward-facts mcp_action.rs, by the tool name's verb and object): delete_channel, delete_role, delete_project, delete_escalation_policy, delete_repository, clear_range, bulk_delete_messages, a permanent delete of whatever a query matches, delete_strings {all: true}. One message, comment or reaction deleted, a cache purged and a delete marked recoverable (hard_delete: false) stay quiet; SQL, kubectl-shaped and file tools are judged by what they amount to.
decision contains {"id": "mcp/destroy", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some a in mcp_actions
	a.class == "destroy"
	reason := sprintf("the MCP tool %s would %s %s %s on the server %q", [input.event.tool.name, a.verb, a.object, a.detail, server])
}

# @rule mcp/access-grant ask
# An MCP tool gives access: a role, permission, membership or collaborator added or edited (add_role, edit_channel_permissions, add_collaborator), anybody invited (invite_to_channel), or a file or page shared with everyone (type: anyone, public: true, visibility: public) or as owner or admin. A share with one person as reader or writer is everyday work and stays quiet.
decision contains {"id": "mcp/access-grant", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some a in mcp_actions
	a.class == "grant"
	reason := sprintf("the MCP tool %s would %s %s %s on the server %q", [input.event.tool.name, a.verb, a.object, a.detail, server])
}

# @rule mcp/alerts-silenced ask
# An MCP tool silences monitoring for everything (mute_monitors {scope: "*"}, silence_alerts with no monitor named) or switches an audit trail or protection off (stop_logging, disable_guardduty): what happens next goes unseen. Muting one named monitor for maintenance stays quiet.
decision contains {"id": "mcp/alerts-silenced", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some a in mcp_actions
	a.class == "silence"
	reason := sprintf("the MCP tool %s would %s %s %s on the server %q", [input.event.tool.name, a.verb, a.object, a.detail, server])
}

# @rule mcp/secret-read ask
# An MCP tool asked for secrets' values (get_api_keys {include_key_values: true}, reveal_secret, a decrypt switch): the values land in the conversation, as with a secret manager's CLI printing a secret (shell/secret-print). Listing keys without their values stays quiet.
decision contains {"id": "mcp/secret-read", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some a in mcp_actions
	a.class == "secret_read"
	reason := sprintf("the MCP tool %s would %s %s %s", [input.event.tool.name, a.verb, a.object, a.detail])
}

# @rule mcp/export-destination deny
# An MCP tool is told to send what it reads or exports to a destination named in its arguments instead of to the agent (export_list {destination: "sftp://…"}, get_logs {forward_to: URL}, a sink URL), or a mail filter or rule that forwards mail to an address by itself: the data leaves for a host or mailbox nobody sees, with no copy shown here. Loopback and private destinations are local.
decision contains {"id": "mcp/export-destination", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some a in mcp_actions
	a.class == "export"
	reason := sprintf("the MCP tool %s would send %s %s, away from this conversation", [input.event.tool.name, a.object, a.detail])
}

sent_files := object.get(input.facts, "mcp_sent_files", [])

# @rule mcp/data-sent ask
# An MCP tool sends a data file along (an attachment, a file posted to a channel: .csv, .xlsx, .parquet, .jsonl, an archive): rows leave the machine, as with shell/data-upload. Documents (.pdf, .md, images) stay quiet; files whose name says they hold people's rows, and database dumps, are mcp/personal-data-sent.
decision contains {"id": "mcp/data-sent", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some f in sent_files
	not f.people
	reason := sprintf("the MCP tool %s would send the data file %s to the server %q", [input.event.tool.name, f.path, server])
}

# @rule mcp/personal-data-sent deny
# Personal data leaving through an MCP tool: a data file whose name says it holds people's rows (customers.csv, players_raw.csv, testers.csv, a subject access export) or a database dump attached or posted, or text carrying people's identifiers by shape (e-mail addresses, phone numbers, payment card numbers, card endings, device ids, IP addresses: three or more of two kinds, three e-mail addresses, or any card number) sent where people outside the organisation read it (public: true, a channel named ext-/shared/partner/public, an e-mail). To an internal channel it is mcp/personal-data (ask).
decision contains {"id": "mcp/personal-data-sent", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some f in sent_files
	f.people
	reason := sprintf("the MCP tool %s would send %s, a file of people's data or a database dump, to the server %q", [input.event.tool.name, f.path, server])
}

decision contains {"id": "mcp/personal-data-sent", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	p := input.facts.mcp_personal
	p.external
	reason := sprintf("the MCP tool %s would send personal data (%d identifiers: %s) where %s", [input.event.tool.name, p.count, concat(", ", p.kinds), p.why])
}

# @rule mcp/personal-data ask
# Text carrying people's identifiers by shape (three or more of two kinds, three e-mail addresses, or a payment card number) posted through an MCP tool to an internal channel or record: whether those people's data may go there is the person's call.
decision contains {"id": "mcp/personal-data", "decision": "ask", "reason": reason} if {
	input.event.kind == "PreToolUse"
	p := input.facts.mcp_personal
	not p.external
	reason := sprintf("the MCP tool %s would post personal data (%d identifiers: %s) to the server %q", [input.event.tool.name, p.count, concat(", ", p.kinds), server])
}
