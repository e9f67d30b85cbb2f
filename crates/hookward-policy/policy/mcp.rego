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
# A live credential (a vendor token, a cloud access key, a private key: hookward-redact's live kinds) written into the arguments of an MCP tool call: an issue body, a chat message, a file committed through the tool, a memory entry. The server stores or sends it on, beyond this machine.
decision contains {"id": "mcp/secret-sent", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	kinds := object.get(input.facts, "mcp_secrets", [])
	count(kinds) > 0
	reason := sprintf("the MCP tool call would hand a live credential (%s) to the server %q, which stores or sends it on", [concat(", ", kinds), server])
}
