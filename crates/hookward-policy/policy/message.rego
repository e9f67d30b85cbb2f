# Secrets pasted into what an MCP tool sends to people (session 27): a chat message, an e-mail,
# an issue or comment body, a file committed through the tool. input.facts.mcp_message_secrets
# holds the kinds found by hookward-facts message_secrets.rs (shape and the words beside it),
# never the values; vendor tokens by format are mcp/secret-sent already.
package hookward.rules.message

# @rule mcp/secret-in-message deny
# An outbound MCP tool (send_email, post_message, send_dm, create_issue, add_comment, create_or_update_file…) would hand people a secret pasted into its text: an app-specific password (xxxx-xxxx-xxxx-xxxx beside "password"), a 2FA or verification code beside its words, an encrypted keystore's JSON (crypto/ciphertext/kdf), a value written after a secret's label (pass=…, "bot token: …", "publisher key …"), a prefixed token (cio_…, sntrys_…), or a live credential inside base64 content. Whoever reads the message can use it. Status messages and code stay quiet. Tables: hookward-facts message_secrets.rs.
decision contains {"id": "mcp/secret-in-message", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	kinds := object.get(input.facts, "mcp_message_secrets", [])
	count(kinds) > 0
	reason := sprintf("the MCP tool %s would send a secret (%s) to the server %q, where people read it", [input.event.tool.name, concat(", ", kinds), input.event.tool.mcp.server])
}

# @rule mcp/lookalike-recipient deny
# An outbound MCP tool would send mail to an address whose domain imitates a well-known one: a label spelled with look-alike digits that reads as the brand (app1e-developer.com, micr0soft-support.net) or an IDN homograph of a well-known host. Mail to such a domain is a phishing or exfiltration drop, whatever the text says. Table: hookward-shell target.rs WELL_KNOWN_HOSTS; check: hookward-facts message_secrets.rs lookalike_recipient.
decision contains {"id": "mcp/lookalike-recipient", "decision": "deny", "reason": reason} if {
	input.event.kind == "PreToolUse"
	some r in object.get(input.facts, "mcp_lookalike_recipients", [])
	reason := sprintf("the MCP tool %s would send to %s, a look-alike of a well-known domain", [input.event.tool.name, r])
}
