package hookward.rules.custom.no_prod

# @rule custom/no_prod/psql deny
# psql against a production database.
decision contains {"id": "custom/no_prod/psql", "decision": "deny", "reason": "the production database is off limits"} if {
	some c in input.facts.shell.commands
	c.program == "psql"
	some a in c.argv
	contains(a, "prod")
}
