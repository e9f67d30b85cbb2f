# Helpers shared by the built-in rules. Not rules themselves.
package hookward.lib

# Accesses that change a path.
modifying := {"write", "create", "delete", "chmod"}

# Path facts that change something, from any source (tool input or shell analysis).
changed_paths contains p if {
	some p in input.facts.paths
	p.access in modifying
}

# Path facts that read something.
read_paths contains p if {
	some p in input.facts.paths
	p.access == "read"
}

has_class(p, c) if c in p.classes

# "the Write tool" or "the shell command `rm -rf ~`" – used in reasons.
how(p) := sprintf("the shell command (%s)", [p.evidence]) if p.via == "shell"

how(p) := sprintf("the %s tool", [input.event.tool.name]) if p.via != "shell"

# The project folder as reasons name it ("outside the project /home/me/app"); a payload
# without a cwd has none, and the reason says so instead of ending in a blank.
default project := "(unknown: the payload has no cwd)"

project := input.facts.project_dir if input.facts.project_dir != ""

verb(p) := v if {
	verbs := {"read": "read", "write": "write to", "create": "create", "delete": "delete", "chmod": "change permissions of", "exec": "execute"}
	v := verbs[p.access]
}

# Persistence kinds that run code as the user without any further prompt, whichever tool writes
# them (shell/persistence, path/persistence; kinds: hookward-shell/src/persist.rs).
persistence_deny_kinds := {"crontab", "at", "systemd", "systemd_timer", "launchd", "init", "autostart", "shell_rc", "ssh_authorized_keys", "ssh_rc", "cron_file", "account", "ssh_certificate", "login_hook", "ld_preload", "scheduled_task", "service", "privilege_grant", "php_prepend", "web_startup"}

# A private key handed to the client that signs in with it (ssh(1) -i, scp(1)/sftp(1) -i,
# ssh_config(5) IdentityFile given with -o, also in GIT_SSH_COMMAND or git -c core.sshCommand,
# and ssh-add(1), which hands it to the agent): public-key authentication sends a signature, never
# the key, and these programs print no byte of it, so the key is used, not read out. Any other
# read of the same file (cat, base64, scp KEY host:, a redirect) is still a credential read; the
# remote command and the copy are judged by their own rules. Only this user's keys (below the
# home, or the project's own): signing in with another user's key is taking their identity.
identity_use(p) if {
	p.via == "shell"
	p.access == "read"
	p.how in {"ssh -i", "scp -i", "sftp -i", "ssh-add"}
	own_key_place(p)
}

identity_use(p) if {
	p.via == "shell"
	p.access == "read"
	parts := split(p.how, " ")
	count(parts) == 2
	parts[0] in {"ssh", "scp", "sftp"}
	lower(parts[1]) == "identityfile"
	own_key_place(p)
}

own_key_place(p) if {
	home := trim_suffix(object.get(input.facts, "home", ""), "/")
	home != ""
	startswith(p.path, concat("", [home, "/"]))
}

own_key_place(p) if "project" in p.classes

# A credential store read by the store's own CLI printing its token into a command substitution
# or a consumer (gh auth token | docker login --password-stdin, TOKEN=$(gcloud auth
# print-access-token)): the token is handed on, not shown to the agent (hookward-shell keys.rs
# `observe`: the read's `how` is the captured print's program and form).
handed_token_read(p) if {
	some f in object.get(object.get(input.facts, "shell", {}), "secret_prints", [])
	f.captured
	not f.by_shape
	f.program in {"gh", "glab", "gcloud", "heroku", "aws"}
	p.how == concat(" ", [f.program, f.form])
}

# Below a folder that holds temporary or regenerable data by its name (`.cache`, `cache`,
# `caches`, `tmp`, `temp`, `.tmp`; XDG Base Directory: "user-specific non-essential (cached)
# data"; `tmp` by the convention of /tmp), or that folder itself, inside the user's own areas
# (the named folder is the path's last or next-to-last component):
# `~/.platformio/.cache`, `/scratch/me/tmp/*`, `~/work/app/.cache/pip`; also an application's
# own data folders (app_data_place). Not in a system folder proper (system_proper: /var/tmp/app,
# /etc/x/cache), and never the home, its parents or another user's home.
# Anything below /var/cache (FHS 3.0 §5.5: cached application data the application can
# regenerate; `apt-get clean` empties /var/cache/apt/archives).
named_temporary(p) if {
	startswith(p.path, "/var/cache/")
	not "credential" in p.classes
	not "secret_file" in p.classes
}

temporary_name(c) if c in {".cache", "cache", "caches", "tmp", "temp", ".tmp"}

# h-scope, session 26: one's own HPC scratch space (/scratch/$USER/…, /lustre/scratch/alex/…,
# $SCRATCH/…): HPC centres give each user a scratch folder named for them, not backed up and
# purged by age (NERSC, "Perlmutter scratch": "$SCRATCH … files not accessed for 8 weeks are
# purged"), where a user's runs keep their working copies. Shared and other users' scratch
# (/scratch/shared/…) is not.
named_temporary(p) if {
	parts := [c | some c in split(p.path, "/"); c != ""]
	some i, c in parts
	lower(c) == "scratch"
	own_user_word(parts[i + 1])
	i + 2 < count(parts)
	not "credential" in p.classes
	not "secret_file" in p.classes
}

named_temporary(p) if {
	some v in {"$SCRATCH/", "${SCRATCH}/", "$PSCRATCH/", "${PSCRATCH}/"}
	startswith(p.path, v)
	not "credential" in p.classes
	not "secret_file" in p.classes
}

own_user_word(w) if w in {"$USER", "${USER}", "$LOGNAME", "${LOGNAME}", "$(whoami)", "$(id -un)"}

own_user_word(w) if {
	home := trim_suffix(object.get(input.facts, "home", ""), "/")
	parts := split(home, "/")
	count(parts) >= 3
	w == parts[count(parts) - 1]
}

# A folder a package manager names as its cache when asked (`rm -rf "$(brew --cache)"/…`):
# brew --cache (Homebrew, "FAQ: clean up the download cache"), pip cache dir, go env GOCACHE
# and GOMODCACHE, npm config get cache, yarn cache dir, pnpm store path, uv cache dir, poetry
# config cache-dir; each documented as rebuilt on demand.
named_temporary(p) if {
	regex.match(`^\$\((brew --cache|pip3? cache dir|python3? -m pip cache dir|go env GO(MOD)?CACHE|npm config get cache|yarn cache dir|pnpm store path|uv cache dir|poetry config cache-dir)\)/`, p.path)
}

# Jenkins gives each workspace a scratch folder beside it, `WORKSPACE@tmp` (Jenkins handbook,
# "Pipeline: Nodes and Processes", the @tmp workspace of a build's helper files).
temporary_name(c) if endswith(c, "@tmp")

# A system folder in the strict sense. The places the Filesystem Hierarchy Standard 3.0 gives
# to sites' and add-on applications' own data (/srv §3.17, /opt §3.13, /var/opt §5.12, web
# roots under /var/www) and /var/cache (§5.5: "the application must be able to regenerate or
# restore the data") hold no system files three levels down: a cache or tmp folder there
# (/var/www/site/wp-content/cache/*, /srv/jenkins/workspace/app@tmp) is an application's
# scratch data.
system_proper(p) if {
	"system" in p.classes
	not app_data_place(p)
}

app_data_place(p) if {
	some root in {"/srv/", "/opt/", "/var/opt/", "/var/www/", "/var/cache/"}
	startswith(p.path, root)
	count([c | some c in split(p.path, "/"); c != ""]) >= 3
}

named_temporary(p) if {
	parts := [c | some c in split(p.path, "/"); c != ""]
	count(parts) >= 2
	some i, c in parts
	i > 0
	# the folder itself or what lies directly in it (`x/.cache`, `x/tmp/*`, `x/.cache/pip`)
	i >= count(parts) - 2
	temporary_name(lower(c))
	not system_proper(p)
	not "temp_root" in p.classes
	not "home" in p.classes
	not "home_ancestor" in p.classes
	not "other_home" in p.classes
	not "homes" in p.classes
	not "credential" in p.classes
	not "secret_file" in p.classes
}
