# Self-protection: the agent must not be able to switch hookward off, or loosen its own
# hooks and permissions, from inside. Rules with ids under self/ are locked: config cannot
# disable them.
package hookward.rules.self

import data.hookward.lib

# @rule self/hookward-home ask
# A file tool changing hookward's home (~/.hookward: config, policies, store).
decision contains {"id": "self/hookward-home", "decision": "ask", "reason": reason} if {
	some p in lib.changed_paths
	p.via != "shell"
	"hookward_home" in p.classes
	reason := sprintf("%s would %s %s inside hookward's home; hookward's settings are changed by the person, not the agent", [lib.how(p), lib.verb(p), p.path])
}

# @rule self/shell-protected-write deny
# A shell command changing hookward's home or the agent's hook/permission settings.
decision contains {"id": "self/shell-protected-write", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	p.via == "shell"
	some c in {"hookward_home", "agent_settings"}
	c in p.classes
	not agent_mcp_add(p)
	reason := sprintf("%s would %s %s, which controls the agent's hooks and permissions or hookward itself; edit it yourself if this is intended", [lib.how(p), lib.verb(p), p.path])
}

# The agent's own `codex mcp add` / `gemini mcp add` (hookward-shell embedded.rs
# agent_mcp_add): the CLI adds one MCP server entry to its settings file and touches no hook or
# permission; context/mcp-server-by-shell asks about it, as about `claude mcp add`.
agent_mcp_add(p) if {
	p.via == "shell"
	endswith(p.how, " mcp add")
	not "hookward_home" in p.classes
}

# @rule self/agent-settings ask
# A file tool changing the agent's settings, hooks or permission files; the reason says what would change.
decision contains {"id": "self/agent-settings", "decision": "ask", "reason": reason} if {
	some p in lib.changed_paths
	p.via != "shell"
	"agent_settings" in p.classes
	not settings_harmless(p.path)
	summary := settings_summary(p.path)
	reason := sprintf("%s would change %s, the agent's own settings: %s", [lib.how(p), p.path, summary])
}

# A settings write judged harmless (hookward-facts settings_judge.rs): it tightens the
# settings, leaves their security alone, or allows read-only and everyday project commands by
# name (`Bash(kubectl get:*)`, `Bash(npm run test:*)`).
settings_harmless(path) if {
	j := input.facts.settings_judgement
	is_object(j)
	j.path == path
	j.harmless == true
}

# @rule self/agent-settings-loosened deny
# A file tool's write to the agent's settings that takes review away from the person: a mode that stops asking (Claude Code `defaultMode: bypassPermissions`, Codex `approval_policy = "never"` or `sandbox_mode = "danger-full-access"`, Gemini `autoAccept: true` or `yolo`), `enableAllProjectMcpServers`, deny/ask/exclude rules removed or their list renamed away, hooks emptied, or an allow of a whole tool or of a program that runs anything (`Bash`, `Bash(*)`, `mcp__*`, `Bash(python3:*)`). Judged setting by setting against the file on disk, or on the edit's own text when there is none (hookward-facts settings_judge.rs).
decision contains {"id": "self/agent-settings-loosened", "decision": "deny", "reason": reason} if {
	j := input.facts.settings_judgement
	is_object(j)
	count(object.get(j, "loosens", [])) > 0
	# self/disable-hooks says it in its own words when the whole-file diff saw it.
	not object.get(object.get(input.facts, "settings_change", {}), "disables_hooks", false) == true
	shown := array.slice(j.loosens, 0, 3)
	reason := sprintf("the write to %s would loosen the agent's own guard: %s; the person changes what the agent may do without asking", [j.path, concat("; ", shown)])
}

# The leaf-by-leaf summary of the settings write at `path`, or why it is unknown.
settings_summary(path) := ch.summary if {
	ch := input.facts.settings_change
	is_object(ch)
	ch.path == path
} else := "the change could not be computed"

# @rule self/disable-hooks deny
# A change that switches the agent's hooks off (disableAllHooks) or removes hookward's own hook entries.
decision contains {"id": "self/disable-hooks", "decision": "deny", "reason": reason} if {
	ch := input.facts.settings_change
	ch.disables_hooks
	reason := sprintf("this would switch off the agent's hooks in %s (%s); hookward does not let the agent turn its guard off", [ch.path, ch.summary])
}

decision contains {"id": "self/disable-hooks", "decision": "deny", "reason": reason} if {
	ch := input.facts.settings_change
	ch.removes_hookward
	reason := sprintf("this would remove hookward's hook entries from %s (%s); uninstall with `hookward uninstall` yourself if intended", [ch.path, ch.summary])
}

# @rule self/hook-entry-changed deny
# A settings write that changes one of hookward's hook entries as a whole (its command, an env prefix or redirection added to it, its matcher, event key, timeout, order), or drops a Codex hook-trust entry: a hook that still exists but no longer runs is as off as a removed one.
decision contains {"id": "self/hook-entry-changed", "decision": "deny", "reason": reason} if {
	ch := input.facts.settings_change
	is_object(ch)
	object.get(ch, "changes_hookward", false)
	not ch.removes_hookward
	shown := array.slice(object.get(ch, "hookward_changes", []), 0, 2)
	reason := sprintf("this would change hookward's own hook registration in %s (%s); hookward's hook entries are changed by the person with `hookward install`, not by the agent", [ch.path, concat("; ", shown)])
}

# hookward's own subcommands that change its state or the agent's hook registration; `ui`
# serves a page that shows the whole store and, with --allow-actions, restores files.
mutating_subcommands := {"install", "uninstall", "config", "allow", "restore", "review", "history", "ui"}

# @rule self/hookward-command ask
# The agent running one of hookward's own mutating commands (install, uninstall, config, …): the person approves those.
decision contains {"id": "self/hookward-command", "decision": "ask", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	c.program == "hookward"
	some sub in array.slice(c.argv, 1, 2)
	sub in mutating_subcommands
	reason := sprintf("the agent is running hookward's own `%s` command (%s); changes to hookward are made by the person", [sub, c.evidence])
}

# `hookward policy …` and `hookward mcp …` change the policy set only with these words
# (`test`, `eval`, `list` read).
mutating_nested_subcommands := {
	"policy": {"disable", "enable", "add", "remove", "pull"},
	"mcp": {"allow", "disallow", "block", "unblock"},
}

decision contains {"id": "self/hookward-command", "decision": "ask", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	c.program == "hookward"
	some group in array.slice(c.argv, 1, 2)
	subs := mutating_nested_subcommands[group]
	some sub in array.slice(c.argv, 2, 3)
	sub in subs
	reason := sprintf("the agent is running hookward's own `%s %s` command (%s); changes to hookward's policy are made by the person", [group, sub, c.evidence])
}

# @rule self/hookward-env deny
# A shell command setting or exporting HOOKWARD_* variables in any spelling (`X=…`, `export`, `declare -x`/`typeset -x`, `export -n`, `env X=…`, `read X`, `printf -v X`, `mapfile X`, an exported name only known at run time), which override hookward's configuration.
decision contains {"id": "self/hookward-env", "decision": "deny", "reason": reason} if {
	some e in object.get(object.get(input.facts, "shell", {}), "env_tamper", [])
	startswith(upper(e.name), "HOOKWARD_")
	reason := sprintf("the command sets %s, which changes hookward's own configuration (%s)", [e.name, e.evidence])
}

# An exported name only known at run time (`export "$name"`, `declare -x "$n=…"`): it may be
# HOOKWARD_*, and the command gives no other reason to export an unnamed variable.
decision contains {"id": "self/hookward-env", "decision": "deny", "reason": reason} if {
	some e in object.get(object.get(input.facts, "shell", {}), "env_tamper", [])
	regex.match("^[$`]", e.name)
	reason := sprintf("the command exports a variable whose name is only known when it runs (%s), which could be one of hookward's own HOOKWARD_* settings (%s)", [e.name, e.evidence])
}

# @rule self/security-tool-config deny
# Changing the configuration of another security tool (an agent guard or sandbox, audit, EDR) through any tool.
decision contains {"id": "self/security-tool-config", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	"security_tool_config" in p.classes
	reason := sprintf("%s would %s %s, the configuration of a security tool; change it yourself if this is intended", [lib.how(p), lib.verb(p), p.path])
}

# @rule context/instructed-danger ask
# Text written into an instruction file (CLAUDE.md, AGENTS.md, a skill, a rule, memory) tells the agent to run a command that reads credentials, uploads, runs fetched code or escalates.
decision contains {"id": "context/instructed-danger", "decision": "ask", "reason": reason} if {
	some i in object.get(input.facts, "instructed", [])
	reason := sprintf("%s would gain an instruction to run `%s`, which %s; instruction files steer every later session", [i.file, i.command, concat(", ", i.concerns)])
}

# @rule self/hookward-settings deny
# Any tool changing hookward's own settings (~/.hookward/config.toml) or policies (~/.hookward/policies/): only the person changes how hookward decides.
decision contains {"id": "self/hookward-settings", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	"hookward_home" in p.classes
	hookward_settings_file(p.path)
	reason := sprintf("%s would %s %s, hookward's own settings; only the person changes how hookward decides", [lib.how(p), lib.verb(p), p.path])
}

hookward_settings_file(path) if endswith(path, "/config.toml")

hookward_settings_file(path) if contains(path, "/policies/")

# @rule self/hookward-env-in-settings deny
# A settings write that sets HOOKWARD_* variables in the agent's environment (env.HOOKWARD_…), which would override hookward's configuration for every hook.
decision contains {"id": "self/hookward-env-in-settings", "decision": "deny", "reason": reason} if {
	ch := input.facts.settings_change
	is_object(ch)
	some line in object.get(ch, "changes", [])
	regex.match(`^(add|set) env\.HOOKWARD_`, line)
	reason := sprintf("this would set a HOOKWARD_* variable in %s (%s), overriding hookward's own configuration", [ch.path, line])
}

# Programs that only read what they are given; anything else naming hookward's home in a shell
# command may change it (sqlite3 on the store, a Python or Node snippet, an editor).
home_readers := {"cat", "less", "more", "head", "tail", "ls", "stat", "wc", "file", "grep", "rg", "jq", "du", "tree", "hookward", "echo", "printf", "test", "[", "realpath", "readlink", "dirname", "basename", "diff", "cmp", "sha256sum", "b3sum", "md5sum"}

mentions_hookward_home(c) if {
	hh := object.get(input.facts, "hookward_home", "")
	hh != ""
	some a in c.argv
	contains(a, hh)
}

mentions_hookward_home(c) if {
	some a in c.argv
	some lit in {"~/.hookward", "$HOME/.hookward", "${HOME}/.hookward", ".hookward/state.db", "HOOKWARD_HOME"}
	contains(a, lit)
}

# @rule self/shell-hookward-home deny
# A shell command hands a path inside hookward's home (its store, config, policies, objects) to a program that can change it: sqlite3 on the store, an interpreter snippet, an editor. Reading it with cat/ls/jq… is fine.
decision contains {"id": "self/shell-hookward-home", "decision": "deny", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	mentions_hookward_home(c)
	not c.program in home_readers
	reason := sprintf("the command (%s) hands hookward's own store or settings to %s, which can change them; hookward's records are changed by the person, not the agent", [c.evidence, c.program])
}

# Programs that send signals to processes chosen by name, pattern or pid.
signal_programs := {"kill", "pkill", "killall", "skill", "snice", "pkill.exe", "taskkill"}

# @rule self/signal-hookward deny
# A shell command signalling hookward's processes by name (pkill hookward, killall hookward-hook, kill naming the warm helper's pid file) or stopping the warm helper (hookward hook-server --stop): hookward is stopped by the person. (A kill of a bare pid cannot be told apart; the hook still answers, in-process.)
decision contains {"id": "self/signal-hookward", "decision": "deny", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	c.program in signal_programs
	some a in array.slice(c.argv, 1, count(c.argv))
	regex.match(`(?i)hookward|hook\.pid`, a)
	reason := sprintf("the command (%s) would signal hookward's own processes; hookward is stopped by the person, not the agent", [c.evidence])
}

decision contains {"id": "self/signal-hookward", "decision": "deny", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	c.program == "hookward"
	some sub in array.slice(c.argv, 1, 2)
	sub == "hook-server"
	reason := sprintf("the command (%s) would start or stop hookward's warm helper, which the hook itself manages", [c.evidence])
}

# The names hookward's processes run under, as pkill/pgrep (process name, or with -f the whole
# command line) and killall -r see them: the program, the warm helper's command line, the hook
# client's. A pattern is a regex (substring) over these.
hookward_process_names := {
	"hookward", "hookward-hook", "hookward hook-server", "/usr/local/bin/hookward hook-server",
	"hookward-hook claude-code", "hook-server",
}

# Programs that choose processes by a pattern (regex or substring) and signal them.
pattern_signal_programs := {"pkill", "skill", "snice"}

# Programs that list processes by a pattern (their pids go to a kill, xargs kill or a tracer);
# a text filter (grep …) counts when the line lists processes (ps).
pattern_list_programs := {"pgrep", "pidof"}

process_filter_programs := {"grep", "egrep", "fgrep", "rg", "awk"}

lists_processes(c) if c.program in pattern_list_programs

lists_processes(c) if {
	c.program in process_filter_programs
	some p in shell_commands
	p.program == "ps"
}

# Programs that stop or take over a process by pid.
tracer_programs := {"gdb", "strace", "ltrace", "lldb", "perf", "gcore", "ptrace", "criu"}

# The words of a process-pattern command that could be patterns: every argument that is not
# an option (pkill -STOP -f hook-ser → hook-ser).
pattern_words(c) := {a |
	some i, a in c.argv
	i > 0
	not startswith(a, "-")
	a != ""
}

# A pattern word that matches one of hookward's process names (case-insensitively: -i).
matches_hookward(a) if {
	regex.is_valid(concat("", ["(?i)", a]))
	some n in hookward_process_names
	regex.match(concat("", ["(?i)", a]), n)
}

# killall matches names exactly unless given -r/--regexp.
killall_regex(c) if {
	c.program == "killall"
	some a in c.argv
	a in {"-r", "--regexp"}
}

killall_regex(c) if {
	c.program == "killall"
	some a in c.argv
	regex.match(`^-[a-zA-Z0-9]*r[a-zA-Z0-9]*$`, a)
	not regex.match(`^-[A-Z]+$`, a)
}

shell_commands := object.get(object.get(input.facts, "shell", {}), "commands", [])

# A command of this line signals processes (kill, xargs kill, pkill …) or traces one by pid.
line_signals if {
	some c in shell_commands
	c.program in signal_programs
}

line_signals if count(object.get(object.get(input.facts, "shell", {}), "signals", [])) > 0

line_acts_on_pids if line_signals

line_acts_on_pids if line_traces

line_traces if {
	some c in shell_commands
	c.program in tracer_programs
	some a in c.argv
	a in {"-p", "--pid", "attach", "--attach-pid", "-pid"}
}

line_traces if {
	some c in shell_commands
	c.program in tracer_programs
	some a in c.argv
	regex.match(`^(--pid=|-p[0-9$])`, a)
}

# @rule self/signal-hookward-pattern deny
# A process pattern that matches hookward's processes (pkill -f hook-ser, pkill -f 'h[o]okward', killall -r '^hoo'), or one whose pids go to a kill or a tracer in the same line (kill $(pgrep -f hook-server), pgrep hookw | xargs kill, ps aux | grep hook-serve[r] | … | xargs kill, gdb -p $(pgrep hookward)): pkill/pgrep patterns are regexes over the name or the command line, so a part of the name reaches hookward as surely as the name.
decision contains {"id": "self/signal-hookward-pattern", "decision": "deny", "reason": reason} if {
	some c in shell_commands
	c.program in pattern_signal_programs
	some a in pattern_words(c)
	matches_hookward(a)
	reason := sprintf("the command (%s) signals every process whose name or command line matches %s, which includes hookward's own processes; hookward is stopped by the person, not the agent", [c.evidence, a])
}

decision contains {"id": "self/signal-hookward-pattern", "decision": "deny", "reason": reason} if {
	some c in shell_commands
	killall_regex(c)
	some a in pattern_words(c)
	matches_hookward(a)
	reason := sprintf("the command (%s) signals every process whose name matches the pattern %s, which includes hookward's own processes; hookward is stopped by the person, not the agent", [c.evidence, a])
}

decision contains {"id": "self/signal-hookward-pattern", "decision": "deny", "reason": reason} if {
	some c in shell_commands
	lists_processes(c)
	some a in pattern_words(c)
	matches_hookward(a)
	line_acts_on_pids
	reason := sprintf("the command (%s) picks processes matching %s, which includes hookward's own processes, and signals or attaches to them; hookward is stopped by the person, not the agent", [c.evidence, a])
}

decision contains {"id": "self/signal-hookward-pattern", "decision": "deny", "reason": reason} if {
	line_traces
	some c in shell_commands
	some a in c.argv
	regex.match(`(?i)hookward|hook\.pid`, a)
	reason := sprintf("the command (%s) attaches a tracer to a hookward process; hookward is stopped by the person, not the agent", [c.evidence])
}

decision contains {"id": "self/signal-hookward-pattern", "decision": "deny", "reason": reason} if {
	line_traces
	some p in input.facts.paths
	p.via == "shell"
	"hookward_home" in p.classes
	reason := sprintf("the command attaches a tracer to a process named in hookward's home (%s); hookward is stopped by the person, not the agent", [p.path])
}

# @rule self/shell-guard-folder deny
# A shell command deleting, moving away, re-moding or recursively overwriting a folder that holds an agent's settings or hooks or hookward's home (rm -rf .claude, mv ~/.codex x, rmdir .claude, find .claude -delete, rsync --delete … .claude/), also when the project is the home: the protected files inside go with it. A filtered search-and-delete (find /tmp -name '*.log' -delete) is not counted.
decision contains {"id": "self/shell-guard-folder", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	p.via == "shell"
	"guard_folder" in p.classes
	# a filtered search-and-delete (find /tmp -name '*.log' -delete) removes what its filter
	# matches, not the folder: left to the delete rules (shell.rego `filtered_delete`)
	not endswith(object.get(p, "how", ""), " filtered")
	reason := sprintf("%s would %s %s, a folder holding the agent's hook and permission settings or hookward itself; edit it yourself if this is intended", [lib.how(p), lib.verb(p), p.path])
}

# @rule self/hookward-executable deny
# Any tool writing, replacing, deleting or re-moding hookward's own executables (the hookward the hook entries run and the hookward-hook beside it): replacing one switches the guard off for good.
decision contains {"id": "self/hookward-executable", "decision": "deny", "reason": reason} if {
	some p in lib.changed_paths
	"hookward_exe" in p.classes
	reason := sprintf("%s would %s %s, hookward's own program; it is updated by the person, not the agent", [lib.how(p), lib.verb(p), p.path])
}

# @rule self/link-to-guard deny
# A shell command creating a link (ln -s, ln) to hookward's home or to an agent's settings or hooks, or to a folder holding them (ln -s ~/.claude cfg): writes through the link would change them under another name.
decision contains {"id": "self/link-to-guard", "decision": "deny", "reason": reason} if {
	some l in object.get(input.facts, "links", [])
	some c in {"hookward_home", "agent_settings", "guard_folder"}
	c in l.target_classes
	reason := sprintf("the command would create %s as a link to %s (%s), which controls the agent's hooks and permissions or hookward itself; writes through the link would change them", [l.link, l.target, l.evidence])
}

# Nested agent CLIs started with their guard off, one row per (program, flag shape, why):
# the agents' profiles (`AgentProfile::unguard_flags` in each adapter crate), generated as the
# built-in package `hookward.agents` (crates/hookward-policy/src/agents.rs).
# `flags`: the argument names (also matched as `--flag=value`); `value`: when present, a regex
# the flag's value must match (the next argument, or after `=`); `lacks`: when present, the
# value must not contain it.
nested_agent_flags := data.hookward.agents.nested_agent_flags

# The values `flag` takes in `argv`: the next argument, or the text after `flag=`.
flag_values(argv, flag) := {v |
	some i, a in argv
	i > 0
	a == flag
	v := argv[i + 1]
} | {v |
	some a in argv
	prefix := concat("", [flag, "="])
	startswith(a, prefix)
	v := substring(a, count(prefix), -1)
}

flag_present(argv, flag) if {
	some i, a in argv
	i > 0
	a == flag
}

flag_present(argv, flag) if {
	some a in argv
	startswith(a, concat("", [flag, "="]))
}

nested_agent_match(c, row) if {
	object.get(row, "value", "") == ""
	object.get(row, "lacks", "") == ""
	some f in row.flags
	flag_present(c.argv, f)
}

nested_agent_match(c, row) if {
	pattern := object.get(row, "value", "")
	pattern != ""
	some f in row.flags
	some v in flag_values(c.argv, f)
	regex.match(pattern, v)
}

nested_agent_match(c, row) if {
	lacks := object.get(row, "lacks", "")
	lacks != ""
	some f in row.flags
	some v in flag_values(c.argv, f)
	not contains(v, lacks)
}

# @rule self/nested-agent-unguarded deny
# Starting another coding agent (claude, codex, gemini, cursor-agent) with its hooks, permission checks or sandbox switched off (`--dangerously-skip-permissions`, `--settings '{"disableAllHooks":true}'`, `--dangerously-bypass-approvals-and-sandbox`, `--yolo`, …; the table `nested_agent_flags`): the nested agent would act with no guard at all.
decision contains {"id": "self/nested-agent-unguarded", "decision": "deny", "reason": reason} if {
	some c in object.get(object.get(input.facts, "shell", {}), "commands", [])
	some row in nested_agent_flags
	c.program == row.program
	nested_agent_match(c, row)
	reason := sprintf("the command starts %s in a way that %s (%s); a nested agent must run with its guard on", [c.program, row.why, c.evidence])
}

# What reloading a changed settings file (input.facts.config_change) would do to the guard,
# from the same settings diff a file tool's write gets (disables_hooks, removes_hookward,
# changes_hookward, env.HOOKWARD_* lines).
config_unguards(s) := array.concat(
	[w |
		some pair in [
			["disables_hooks", "switch the agent's hooks off"],
			["removes_hookward", "remove hookward's hook entries"],
			["changes_hookward", "change hookward's own hook registration"],
		]
		object.get(s, pair[0], false) == true
		not subsumed(s, pair[0])
		w := pair[1]
	],
	[w |
		some line in object.get(s, "changes", [])
		regex.match(`^(add|set) env\.HOOKWARD_`, line)
		w := sprintf("set a HOOKWARD_* variable (%s)", [line])
	],
)

# Removed entries are also changed ones; the removal is the one to name.
subsumed(s, "changes_hookward") if object.get(s, "removes_hookward", false) == true

# @rule self/config-change deny
# A settings file changed on disk during the session (Claude Code's ConfigChange: not by a tool call hookward checked) would, once reloaded, switch the agent's hooks off, remove or change hookward's hook entries, or set HOOKWARD_* variables: the reload is blocked and the session keeps the settings it had (managed policy_settings cannot be blocked; context/config-change tells there).
decision contains {"id": "self/config-change", "decision": "deny", "reason": reason} if {
	input.event.kind == "ConfigChange"
	cc := input.facts.config_change
	is_object(cc)
	cc.blockable
	whats := config_unguards(object.get(cc, "settings", {}))
	count(whats) > 0
	reason := sprintf("%s changed on disk during the session, and reloading it would %s; hookward keeps the session on the settings it had and does not edit the file; see `hookward review`, and if you made the change yourself, a new session loads it", [cc.path, concat(", ", whats)])
}
