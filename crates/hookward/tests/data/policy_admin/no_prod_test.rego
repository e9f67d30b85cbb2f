package hookward.rules.custom.no_prod_test

import data.hookward.rules.custom.no_prod

test_psql_prod_denied if {
	some d in no_prod.decision with input as {"facts": {"shell": {"commands": [{"program": "psql", "argv": ["psql", "-h", "prod-db"]}]}}}
	d.id == "custom/no_prod/psql"
}

test_psql_local_quiet if {
	count(no_prod.decision) == 0 with input as {"facts": {"shell": {"commands": [{"program": "psql", "argv": ["psql", "-h", "localhost"]}]}}}
}
