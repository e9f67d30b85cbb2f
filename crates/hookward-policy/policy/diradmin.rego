# Directory and endpoint administration by verb class × object class × scope
# (input.facts.shell.verbs, computed in Rust: hookward-shell/src/windows/admin.rs — Active
# Directory, Group Policy, LAPS, Microsoft Graph/Intune, Exchange Online, Okta and Jamf Pro REST
# calls). Privileged grants of that module are verbs facts of class admin_grant, judged by
# shell/admin-grant in verbs.rego; one named computer's LAPS password or BitLocker key read in
# clear text is a secret_prints fact (shell/secret-print). The classes here are the others.
package hookward.rules.diradmin

verb_facts := object.get(object.get(input.facts, "shell", {}), "verbs", [])

facts_of_class(class) := [f | some f in verb_facts; f.class == class]

# @rule shell/directory-wide-destroy deny
# A destroying verb applied to every object an unfiltered directory listing returns: Get-ADUser -Filter * | Remove-ADUser, Get-MgDeviceManagementManagedDevice -All | ForEach-Object { Invoke-MgWipeManagedDevice … }, Get-GPO -All | Remove-GPO, Get-Mailbox -ResultSize Unlimited | Search-Mailbox -DeleteContent, Get-MgUser -All | ForEach-Object { Set-MgUserLicense -RemoveLicenses … }, a Jamf EraseDevice for a list of ids built from the inventory. Every account, device, policy or mailbox of the organisation is gone or locked out at once. One named object, a filtered listing (shell/directory-bulk-destroy) and a list read from a file are not this rule's.
decision contains {"id": "shell/directory-wide-destroy", "decision": "deny", "reason": reason} if {
	some f in facts_of_class("bulk_destroy_all")
	reason := sprintf("the command %s (%s)", [f.detail, f.evidence])
}

# @rule shell/directory-bulk-destroy ask
# A destroying verb applied to each object a filtered directory listing returns (a Where-Object stage, a -Filter other than *, an OU search base, -Top or Select -First), or a compliance search's matches purged from every mailbox searched (New-ComplianceSearchAction -Purge): many objects at once, chosen by a condition nobody has seen the result of.
decision contains {"id": "shell/directory-bulk-destroy", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("bulk_destroy_some")
	reason := sprintf("the command %s (%s)", [f.detail, f.evidence])
}

# @rule shell/device-wipe ask
# A managed device erased by name: Intune's Invoke-MgWipeManagedDevice or Clear-MgDeviceManagementManagedDevice, a Jamf Pro EraseDevice computer command. Everything on the device is gone; a lock or a sync is not asked about.
decision contains {"id": "shell/device-wipe", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("device_wipe")
	reason := sprintf("the command %s (%s)", [f.detail, f.evidence])
}

# @rule shell/directory-credential-dump deny
# The directory's credentials dumped: DCSync (Get-ADReplAccount -All, or of krbtgt; mimikatz lsadump::dcsync), an NTDS install-from-media copy (ntdsutil … ifm … create full), an LSASS memory dump through comsvcs.dll MiniDump, every computer's LAPS password or BitLocker recovery key read in clear text from a listing (Get-ADComputer -Filter * | Get-LapsADPassword -AsPlainText, -Properties msFVE-RecoveryPassword over a search, Get-MgInformationProtectionBitlockerRecoveryKey -All -Property key). One named computer's secret is asked about (shell/secret-print).
decision contains {"id": "shell/directory-credential-dump", "decision": "deny", "reason": reason} if {
	some f in facts_of_class("credential_dump")
	reason := sprintf("the command would dump directory credentials: %s (%s)", [f.detail, f.evidence])
}

# @rule shell/mail-forward-outside deny
# Mail routed outside the organisation: an inbox rule's -ForwardTo/-RedirectTo, a mailbox's -ForwardingSmtpAddress, a transport rule's -BlindCopyTo/-RedirectMessageTo/-CopyTo, or a message with an attachment or built content (Send-MailMessage -Attachments, Send-MgUserMail with $(…)) addressed to a free-mail provider or to a domain other than every one the command itself names as the organisation's (for a transport rule, which copies the whole organisation's mail, any address when the command names none). Forwarding inside the organisation's own domain is not this rule's.
decision contains {"id": "shell/mail-forward-outside", "decision": "deny", "reason": reason} if {
	some f in facts_of_class("mail_outside")
	reason := sprintf("the command would send the organisation's mail outside it: %s (%s)", [f.detail, f.evidence])
}

# @rule shell/directory-critical-destroy ask
# A directory object the domain depends on removed, disabled or reset by name: the Default Domain Policy or Default Domain Controllers Policy GPO (by name or fixed GUID), the krbtgt or built-in Administrator account, a privileged group itself (Remove-ADGroup "Domain Admins"). Ordinary GPOs, users and groups are not asked about.
decision contains {"id": "shell/directory-critical-destroy", "decision": "ask", "reason": reason} if {
	some f in facts_of_class("critical_destroy")
	reason := sprintf("the command %s (%s)", [f.detail, f.evidence])
}
