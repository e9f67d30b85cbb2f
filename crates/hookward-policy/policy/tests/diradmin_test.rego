package hookward.diradmin_test

import data.hookward.main as rules

verb_input(class, detail) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell"}},
	"facts": {"project_dir": "/home/dev/project", "paths": [], "shell": {"verbs": [{"class": class, "program": "PowerShell", "verb": "Remove-ADUser", "detail": detail, "evidence": "x"}]}},
	"config": {},
}

ids(class, detail) := got if {
	got := {d.id: d.decision | some d in rules.decision} with input as verb_input(class, detail)
}

test_wide_destroy_denied if {
	ids("bulk_destroy_all", "removes every aduser")["shell/directory-wide-destroy"] == "deny"
}

test_filtered_destroy_asks if {
	got := ids("bulk_destroy_some", "removes each aduser a listing returns (filtered)")
	got["shell/directory-bulk-destroy"] == "ask"
	not got["shell/directory-wide-destroy"]
}

test_device_wipe_asks if {
	ids("device_wipe", "wipes the device 1")["shell/device-wipe"] == "ask"
}

test_credential_dump_denied if {
	ids("credential_dump", "DCSync")["shell/directory-credential-dump"] == "deny"
}

test_mail_outside_denied if {
	ids("mail_outside", "mail routed to x@gmail.com")["shell/mail-forward-outside"] == "deny"
}

test_directory_grant_asks if {
	ids("admin_grant", "the privileged group domain admins")["shell/admin-grant"] == "ask"
}

test_other_classes_quiet if {
	got := ids("security_off", "x")
	not got["shell/directory-wide-destroy"]
	not got["shell/mail-forward-outside"]
	not got["shell/directory-credential-dump"]
}

test_critical_destroy_asks if {
	ids("critical_destroy", "removes the directory object default domain policy")["shell/directory-critical-destroy"] == "ask"
}
