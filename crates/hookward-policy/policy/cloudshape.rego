# Cloud and service CLIs judged by the shape of their subcommand path and option values
# (issue 11 item 4, session 27, h-cloud27). The shapes are found in Rust
# (hookward-shell/src/programs/cloudshape.rs, one table per shape with its documentation) and
# reach the policy as `verbs` facts; the classes `admin_grant` and `security_off` are judged
# by verbs.rego (shell/admin-grant, shell/security-module-off), secret reads by
# shell/secret-print and migrations to zero by shell/cloud-destroy. The classes here are the
# two new ones.
package hookward.rules.cloudshape

cloudshape_verbs := object.get(object.get(input.facts, "shell", {}), "verbs", [])

# @rule shell/network-exposed ask
# A cloud resource opened to the whole internet by an option whose name says it decides who may connect and whose value lets everyone in: a network or firewall default action set to Allow, public network access Enabled, an IP range, source range, authorized network or CIDR of 0.0.0.0/0, ::/0 or *, CORS origins of * (az storage account update --default-action Allow, az cosmosdb update --ip-range-filter 0.0.0.0/0, az functionapp cors add --allowed-origins "*", gcloud sql instances patch --authorized-networks=0.0.0.0/0, aws rds modify-db-instance --publicly-accessible); az vm open-port of a remote-administration or data-store port (22, 3389, 5432…: ADMIN_PORTS; a web port is everyday); App Service remote debugging switched on; a Kubernetes Service of type LoadBalancer in a context or namespace named production (hookward-shell cloudshape.rs EXPOSURE_OPTIONS). Restricting values (Deny, Disabled, one address, a named origin), outbound rules, revokes and --no-… switches are not asked about.
decision contains {"id": "shell/network-exposed", "decision": "ask", "reason": reason} if {
	some f in cloudshape_verbs
	f.class == "network_exposed"
	reason := sprintf("the command would open a cloud resource to the whole internet (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule shell/telemetry-purge deny
# Telemetry or log records purged, or a log store deleted past its recovery period, by the cloud CLI (az monitor app-insights component purge, az monitor log-analytics workspace delete --force, a trail or logging store deleted with --force; hookward-shell cloudshape.rs AUDIT_NOUNS): it removes the record of what happened, the step that hides tracks (MITRE ATT&CK T1070 Indicator Removal). A log store deleted without --force stays recoverable and is judged by shell/cloud-destroy.
decision contains {"id": "shell/telemetry-purge", "decision": "deny", "reason": reason} if {
	some f in cloudshape_verbs
	f.class == "tracks_purged"
	reason := sprintf("the command would erase telemetry or log records past recovery (%s %s: %s; %s)", [f.program, f.verb, f.detail, f.evidence])
}
