//! The public shapes: the context an analysis runs in and the facts it produces.
//!
//! Everything here is plain data. [`ShellFacts`] serialises (serde, snake_case field names) to the
//! JSON object that the policy sees as `input.facts.shell`; every fact carries `evidence`, the
//! snippet of the command (as written, or as decoded when it came out of a payload) that shows it,
//! so a Rego rule can quote it in its reason.

use serde::{Deserialize, Serialize};

/// Where the command would run: the working directory, the user's home and (optionally) the
/// project root the agent works in. All three are absolute paths (`/home/dev/project`).
///
/// The analyzer only uses these strings; it never looks at the file system. Use
/// [`ShellContext::new`] to have them checked; a context built by hand with relative paths still
/// works, but relative locations are then reported as `dynamic` (unknown) paths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShellContext {
    /// The working directory the command starts in (the hook payload's `cwd`).
    pub cwd: String,
    /// The user's home directory (what `~`, `$HOME` and `${HOME}` expand to).
    pub home: String,
    /// The project root, if known. Paths under it get [`Scope::Project`].
    pub project_dir: Option<String>,
}

/// Why a [`ShellContext`] was rejected by [`ShellContext::new`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ContextError {
    /// A field that must be an absolute path is not.
    #[error(
        "ShellContext field `{field}` must be an absolute path starting with '/', got {value:?}; \
         pass the agent's directory as an absolute path (e.g. the hook payload's `cwd`)"
    )]
    NotAbsolute {
        /// The field name: `cwd`, `home` or `project_dir`.
        field: &'static str,
        /// The value that was given.
        value: String,
    },
}

impl ShellContext {
    /// Builds a context, checking that every path is absolute (starts with `/`).
    ///
    /// # Errors
    /// [`ContextError::NotAbsolute`] names the first field that is not absolute.
    pub fn new(
        cwd: impl Into<String>,
        home: impl Into<String>,
        project_dir: Option<String>,
    ) -> Result<Self, ContextError> {
        let ctx = ShellContext {
            cwd: cwd.into(),
            home: home.into(),
            project_dir,
        };
        let checks: [(&'static str, Option<&String>); 3] = [
            ("cwd", Some(&ctx.cwd)),
            ("home", Some(&ctx.home)),
            ("project_dir", ctx.project_dir.as_ref()),
        ];
        for (field, value) in checks {
            if let Some(v) = value {
                if !v.starts_with('/') {
                    return Err(ContextError::NotAbsolute {
                        field,
                        value: v.clone(),
                    });
                }
            }
        }
        Ok(ctx)
    }
}

/// Everything [`crate::analyze`] found out about one command string.
///
/// Each list is in the order the shell would meet the facts (command substitutions before the
/// command that uses them). Exact duplicates are removed. An empty list means "none found", not
/// "unknown": constructs the analyzer could not follow are listed in [`ShellFacts::unanalysable`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShellFacts {
    /// Every simple command that would run, after unwrapping `sudo`, `env`, `xargs`, … .
    pub commands: Vec<CommandFact>,
    /// Every file-system location read, written, created, deleted, re-moded or executed.
    pub paths: Vec<PathFact>,
    /// Every URL fetched (curl, wget, httpie, interpreter one-liners, `/dev/tcp`, `git clone`).
    pub fetches: Vec<FetchFact>,
    /// Every transfer of local data to a remote party.
    pub uploads: Vec<UploadFact>,
    /// Fetched (remote) content that gets executed.
    pub remote_exec: Vec<RemoteExecFact>,
    /// Decoded (base64, hex, escape-encoded, …) content that gets executed.
    pub decoded_exec: Vec<DecodedExecFact>,
    /// Privilege changes: sudo/doas/su/pkexec/run0, setuid or world-writable modes, chroot.
    pub privilege: Vec<PrivilegeFact>,
    /// Ways to run code later: cron, systemd/launchd, shell rc files, git hooks, SSH keys.
    pub persistence: Vec<PersistenceFact>,
    /// Assignments of environment variables that change what runs or where traffic goes.
    pub env_tamper: Vec<EnvTamperFact>,
    /// Tricks that hide what runs (ANSI-C quoting, `$IFS`, look-alike characters, …).
    pub obfuscation: Vec<ObfuscationFact>,
    /// Destructive or history-rewriting git operations.
    pub git: Vec<GitFact>,
    /// Destructive infrastructure operations (terraform, kubectl, cloud CLIs, databases).
    pub infra: Vec<InfraFact>,
    /// Destructive cloud and infrastructure CLI verbs by pattern (`programs/cloud.rs`); left
    /// out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cloud: Vec<CloudFact>,
    /// Publishing to a registry or release channel.
    pub publish: Vec<PublishFact>,
    /// Signals sent to processes (`kill`, `pkill`, `killall`), with the targets named.
    pub signals: Vec<SignalFact>,
    /// Parse errors and constructs that were not followed.
    pub unanalysable: Vec<UnanalysableFact>,
    /// Code run by a shell or interpreter whose text the analyzer cannot see (`eval "$X"`,
    /// `sh -c "$(cat f)"`, `source /dev/stdin`), or that was decoded or fetched first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dynamic_code: Vec<DynamicCodeFact>,
    /// Commands that run on another host or inside a container (`ssh host CMD`,
    /// `docker exec C CMD`, `kubectl exec P -- CMD`): analysed like local commands, but their
    /// paths are listed here, not in [`ShellFacts::paths`] (they are not this machine's files),
    /// and privilege changes there (`ssh host sudo …`) are not [`ShellFacts::privilege`] facts.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub remote_paths: Vec<PathFact>,
    /// Directories served over the network (`python3 -m http.server --directory ~`,
    /// `php -S 0.0.0.0:80 -t ~`, `busybox httpd -h /`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub serves: Vec<ServeFact>,
    /// Defences switched off or traces wiped (`history -c`, `unset HISTFILE`, `auditctl -D`,
    /// `setenforce 0`, `ufw disable`, `iptables -F`, a delete or overwrite under `/var/log`,
    /// `touch -r` of a file outside the project; table in `programs/system.rs`); left out of
    /// the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub evasion: Vec<EvasionFact>,
    /// Searches whose pattern or target names secret material (`grep -r password ~`,
    /// `find / -name id_rsa`, `locate .env`, `trufflehog filesystem /`; `programs/search.rs`);
    /// left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secret_search: Vec<SecretSearchFact>,
    /// Denial of service on this machine: `fork_bomb`, a shell function that runs itself twice
    /// at once (in a pipeline with itself or in the background: `:(){ :|:& };:` under any
    /// name); left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub denial_of_service: Vec<DenialOfServiceFact>,
    /// Secret-manager and password-manager CLIs that print a stored secret's value
    /// (`vault kv get`, `aws secretsmanager get-secret-value`, `op read`, `kubectl get secret
    /// -o yaml`; table `PRINTS` in `programs/keys.rs`); left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secret_prints: Vec<SecretPrintFact>,
    /// Operations, CMS and deploy CLIs' verbs of a class other than destroying (`programs/verbs.rs`
    /// `ROWS`: a security plugin or module switched off, every alert silenced, an admin role
    /// granted, code installed from a URL); left out of the JSON when empty.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub verbs: Vec<VerbFact>,
    /// Data taken out of its store and where it goes (`exports.rs`); left out of the JSON when
    /// empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exports: Vec<ExportFact>,
}

/// Calls `$m!(field, …)` with every list of [`ShellFacts`]; the exhaustive destructuring in
/// [`ShellFacts::is_empty`] makes a new field without a row here a compile error.
macro_rules! fact_lists {
    ($m:ident) => {
        $m!(
            commands,
            paths,
            fetches,
            uploads,
            remote_exec,
            decoded_exec,
            privilege,
            persistence,
            env_tamper,
            obfuscation,
            git,
            infra,
            cloud,
            publish,
            signals,
            unanalysable,
            dynamic_code,
            remote_paths,
            serves,
            evasion,
            secret_search,
            denial_of_service,
            secret_prints,
            verbs,
            exports
        )
    };
}

impl ShellFacts {
    /// True when no list holds a fact.
    pub fn is_empty(&self) -> bool {
        macro_rules! all_empty {
            ($($field:ident),*) => {{
                let ShellFacts { $($field),* } = self;
                true $(&& $field.is_empty())*
            }};
        }
        fact_lists!(all_empty)
    }

    /// True when a `remote_exec` fact of kind `reverse_shell` is present (a shell driven by a
    /// socket's peer; the analyzer's later shape checks stop there, one such fact says it all).
    pub fn has_reverse_shell(&self) -> bool {
        self.remote_exec.iter().any(|r| r.kind == "reverse_shell")
    }

    /// Rewrites the `evidence` of every fact with `f` (e.g. to say which script it came from).
    pub fn map_evidence(&mut self, f: impl Fn(&str) -> String) {
        macro_rules! each {
            ($($field:ident),*) => {
                $(for x in &mut self.$field { x.evidence = f(&x.evidence); })*
            };
        }
        fact_lists!(each);
    }

    /// Appends `other`'s facts, leaving out exact duplicates (order kept).
    pub fn extend_unique(&mut self, other: ShellFacts) {
        macro_rules! each {
            ($($field:ident),*) => {
                $(for x in other.$field {
                    if !self.$field.contains(&x) {
                        self.$field.push(x);
                    }
                })*
            };
        }
        fact_lists!(each);
    }
}

/// Code that runs although its text is not known statically.
///
/// Shapes (bash(1) `eval`, `.`/`source`, `-c`; python(1) `-c`, node(1) `-e` …): the code
/// argument or the script operand is a variable (`eval "$CMD"`), a command substitution
/// (`eval $(cat f)`, `bash -c "$(…)"`), `/dev/stdin` or a here-string of unknown text
/// (`source /dev/stdin <<<"$X"`), a process substitution of unknown output
/// (`source <(…)`), a file this command line wrote with unknown content
/// (`echo "$X" > f; sh f`), or text that was decoded or fetched first (every
/// [`DecodedExecFact`] and [`RemoteExecFact`] has a `dynamic_code` twin). Code whose text is
/// known is analysed instead and gives no fact. The output of well-known environment
/// generators (`eval "$(ssh-agent -s)"`, `eval "$(direnv hook bash)"`, `eval "$(pyenv init -)"`,
/// the table `KNOWN_GENERATORS` in `programs/dynamic.rs`) is not a fact.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DynamicCodeFact {
    /// The program that runs the code (`eval`, `source`, `.`, `bash`, `sh`, `python3` …).
    pub interpreter: String,
    /// What is known of where the code comes from: `variable`, `substitution`, `fetched`,
    /// `decoded`, `stdin`, `written_here`, `file` (an interpreter one-liner running a file's
    /// text: `ruby -e "eval(File.read(f))"`, `node -e "execSync(readFileSync(f))"`), `unknown`.
    pub origin: String,
    /// More about the origin when known: the URL (`fetched`), the decoder (`decoded`), the
    /// variable or substituted command as written, the file written earlier.
    pub source: Option<String>,
    /// Wrappers of the running program, outermost first (`["sudo"]`).
    pub wrappers: Vec<String>,
    /// The command as written.
    pub evidence: String,
}

/// A defence switched off or a trace wiped (MITRE ATT&CK TA0005 "Defense Evasion": T1070
/// "Indicator Removal", T1562 "Impair Defenses").
///
/// Shapes (table `programs/system.rs`): `history` (`history -c`, `unset HISTFILE`,
/// `HISTFILE=/dev/null`, `HISTSIZE=0`, `set +o history`), `logs` (a delete, overwrite or
/// truncation under `/var/log`, `/var/audit`, `/private/var/log`; `journalctl --vacuum-*`,
/// `--rotate`), `audit` (`auditctl -D`/`-e 0`), `mac` (`setenforce 0`, `aa-teardown`,
/// `aa-disable`, SELinux switched off in its config, `csrutil disable`, `spctl
/// --master-disable`), `firewall` (`ufw disable`/`reset`, `iptables -F`/`-X`/`-P … ACCEPT`,
/// `nft flush ruleset`, `pfctl -d`, `systemctl stop firewalld`), `immutable` (`chattr -i`,
/// `chflags noschg`), `timestomp` (`touch -r`/`-t`/`-d` of a file outside the project and the
/// temporary directories). Trims rather than wipes: `history_entry` (`history -d N`),
/// `log_upkeep` (`journalctl --vacuum-*` keeping a day or a mebibyte or more, `--rotate`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EvasionFact {
    /// One of the kinds above.
    pub kind: String,
    /// The program (or variable) concerned: `history`, `HISTFILE`, `auditctl`, a log path.
    pub target: String,
    /// The command as written.
    pub evidence: String,
}

/// A program's verb of a known class (`programs/verbs.rs`): `security_off` (a security plugin,
/// module or hardening setting switched off: `wp plugin deactivate wordfence`, `a2dismod
/// security2`), `alerts_silenced` (every alert, or the paging ones, silenced, or for longer
/// than a day: `amtool silence add 'alertname=~".+"'`, `dog downtime post '*'`), `admin_grant`
/// (an administrator role given: `drush user:role:add administrator X`, `wp user set-role X
/// administrator`), `url_install` (a plugin or package installed from a URL instead of its
/// registry: `wp plugin install https://…/x.zip`, `grafana-cli --pluginUrl URL`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct VerbFact {
    /// One of the classes above.
    pub class: String,
    /// The program (`wp`, `drush`, `amtool`).
    pub program: String,
    /// The subcommand words that matched (`plugin deactivate`, `silence add`).
    pub verb: String,
    /// What made it this class (the plugin, the matcher, the role, the URL).
    pub detail: String,
    /// The command as written.
    pub evidence: String,
}

/// A command that makes this machine unusable (kind `fork_bomb`: a function that runs itself
/// twice at once, so the process count doubles until the process table is full).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DenialOfServiceFact {
    /// `fork_bomb`.
    pub kind: String,
    /// The function's name.
    pub target: String,
    /// The command as written.
    pub evidence: String,
}

/// A search whose pattern or target names secret material (MITRE ATT&CK T1552.001
/// "Credentials In Files").
///
/// Shapes (`programs/search.rs`): a content search (`grep -r`, `rg`, `ag`, `ack`, `git grep`)
/// whose pattern names a secret (`password`, `secret`, `token`, `api_key`, `PRIVATE KEY`,
/// `AKIA…`, table `SECRET_WORDS`); a name search (`find -name/-path/-regex`, `locate`, `fd`)
/// whose pattern names a secret file (`id_rsa`, `*.pem`, `.env`, `credentials`, `*_history`,
/// `*.kdbx`); a secret scanner (`trufflehog`, `gitleaks`, `detect-secrets`, `noseyparker`,
/// `ggshield`). Every root searched is listed with its scope; a search with no root searches
/// the working directory (`locate` searches the whole file system).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SecretSearchFact {
    /// The search program.
    pub program: String,
    /// The secret word the pattern names, lower-cased (`password`, `id_rsa`), or `scanner`.
    pub pattern: String,
    /// The searched root, absolute (dynamic text when unknown).
    pub root: String,
    /// Where `root` lies; `system` for `/`, `/etc`, other users' homes.
    pub scope: Scope,
    /// The root is `/`, a home directory, or the directory holding homes (`/home`, `/Users`).
    pub broad: bool,
    /// The command as written.
    pub evidence: String,
}

/// A secret manager's or password manager's CLI printing a stored secret's value (MITRE ATT&CK
/// T1555 "Credentials from Password Stores", T1552 "Unsecured Credentials").
///
/// Shapes (table `PRINTS` in `programs/keys.rs`, one row per program form): cloud secret
/// stores (`aws secretsmanager get-secret-value`, `aws ssm get-parameter --with-decryption`,
/// `gcloud secrets versions access`, `az keyvault secret show`), short-lived credentials
/// minted on the spot (`aws sts get-session-token`), cluster secrets with their values
/// (`kubectl get secret X -o yaml|json|jsonpath=…`), `vault read`/`vault kv get`, `doppler
/// secrets`, password managers (`op read`, `op item get --reveal`, `bw get`, `rbw get`, `lpass
/// show`, `gopass show`, `keepassxc-cli show`), `git credential fill`. The value is printed
/// where the agent reads it unless `captured`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SecretPrintFact {
    /// The program (`vault`, `aws`, `op`).
    pub program: String,
    /// The words of the table row that matched (`secretsmanager get-secret-value`, `kv get`).
    pub form: String,
    /// The output does not reach the terminal: the command runs inside a command substitution
    /// (`TOKEN=$(vault kv get -field=t x)`, `--api-key "$(op read …)"`, the usual way to hand a
    /// secret to another program) or its standard output is redirected to a file
    /// (`doppler secrets download --no-file > .env`), or piped into a program that consumes
    /// it rather than passing it on to the terminal or the network (`aws ecr
    /// get-login-password | docker login --password-stdin`).
    pub captured: bool,
    /// Found by the shape of the command's words, not by a `PRINTS` row: a program with no row
    /// whose sub-command names a credential and a printing or minting verb (`fly auth token`,
    /// `pscale password create`, `neonctl connection-string`; `programs/keys.rs`
    /// `shape_print`). The policy only denies such a print sent to another host (it is not
    /// asked about alone: a shape is a guess). Left out of the JSON when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_shape: bool,
    /// The command as written.
    pub evidence: String,
}

/// A directory served to the network by a file server.
///
/// Shapes (python(1) `http.server`, php(1) `-S … -t`, busybox `httpd -h`, `ruby -run -e
/// httpd`, `npx http-server`/`serve`): the served root is `root` (the working directory when no
/// option names one).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ServeFact {
    /// The server program and module (`python3 -m http.server`, `php -S`, `busybox httpd`).
    pub program: String,
    /// The served directory, absolute (or dynamic text when unknown).
    pub root: String,
    /// Where `root` lies relative to the context.
    pub scope: Scope,
    /// The command as written.
    pub evidence: String,
}

/// One simple command that would run.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CommandFact {
    /// The resolved program name: basename, quotes removed, look-alike characters mapped to ASCII
    /// (`/usr/bin/rm`, `\rm`, `'r'm`, `"rm"`, `$'\x72\x6d'` and `гm` (Cyrillic) all give `rm`).
    pub program: String,
    /// The words after expansion and quote removal; `argv[0]` is the command word as expanded
    /// (it may differ from `program`). Parts only known at run time keep their source text
    /// (`$TARGET`), the stdin of `xargs` is `<stdin>`.
    pub argv: Vec<String>,
    /// The effective working directory (after `cd`, `pushd`, `env -C`, `git -C` …). Not absolute
    /// when it depends on a value only known at run time.
    pub cwd: String,
    /// The command as written (redirections included, here-document bodies left out), at most
    /// 300 characters.
    pub evidence: String,
    /// The programs this one runs under, outermost first (`["sudo", "env"]`, `["xargs"]`,
    /// `["sudo", "bash"]` for a command inside `sudo bash -c '…'`).
    pub wrappers: Vec<String>,
    /// Nesting level: 0 at top level, +1 inside each `bash -c`, `eval`, `$(…)`, `<(…)`,
    /// decoded payload, or script fed to a shell on stdin.
    pub depth: u32,
}

/// How a path is touched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Contents are read (`cat`, `< file`, `cp SRC`, `curl -d @file`, `tar -c`).
    Read,
    /// An existing file is modified or overwritten (`>`, `>>`, `tee`, `sed -i`, `dd of=`).
    Write,
    /// A file or directory is created or replaced (`cp DEST`, `touch`, `mkdir`, `curl -o`).
    Create,
    /// Removed (`rm`, `mv SRC`, `find -delete`, `rsync --delete`, `shutil.rmtree`).
    Delete,
    /// Mode, owner or attributes change (`chmod`, `chown`, `chgrp`, `chattr`).
    Chmod,
    /// Run as a program or script (`./x`, `sh x.sh`, `source x`).
    Exec,
}

impl Access {
    /// The word the JSON uses (`read`, `write`, `create`, `delete`, `chmod`, `exec`).
    pub fn as_str(self) -> &'static str {
        match self {
            Access::Read => "read",
            Access::Write => "write",
            Access::Create => "create",
            Access::Delete => "delete",
            Access::Chmod => "chmod",
            Access::Exec => "exec",
        }
    }
}

/// Where a path lies, relative to the [`ShellContext`]. The first match wins, in this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// Not known statically (`dynamic` is true).
    Unknown,
    /// The project directory or below.
    Project,
    /// The home directory or below (but not in the project), also when the home lies under a
    /// temporary directory.
    Home,
    /// `/tmp`, `/var/tmp`, `/private/tmp`, `/dev/shm` or below.
    Temp,
    /// Under `/dev` (disks, terminals).
    Device,
    /// Anything else (`/`, `/etc`, `/usr`, other users' homes …).
    System,
}

/// One file-system location touched by a command.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PathFact {
    /// Absolute and normalised (`~`, `$HOME`, `${HOME}`, `cd` and the cwd applied, `.`/`..`
    /// folded, no trailing `/`). When `dynamic`, the unknown parts keep their source text
    /// (`$DIR/x`, `<stdin>`), and the path is not absolute when it starts with one.
    pub path: String,
    /// How it is touched.
    pub access: Access,
    /// Which construct touches it: `redirect >`, `redirect >>`, `redirect <`, `rm`, `tee`,
    /// `sed -i`, `cp src`, `cp dest`, `mv src`, `mv dest`, `ln`, `install`, `rsync`,
    /// `rsync --delete`, `dd of=`, `dd if=`, `truncate`, `git checkout`, `git restore`, `git rm`,
    /// `tar -x`, `tar -c`, `unzip -d`, `curl -o`, `curl -d @`, `wget -O`, `python -c`,
    /// `node -e`, `perl -e`, `ruby -e`, `find -delete`, `chmod`, `exec`, `source`, … (the
    /// program name, followed by the option that makes it so when there is one).
    pub how: String,
    /// The whole tree below `path` is affected (`rm -r`, `cp -r`, `chmod -R`, `find -delete`,
    /// `tar -x` into a directory, `shutil.rmtree`).
    pub recursive: bool,
    /// `path` still contains an unexpanded glob (`*`, `?`, `[`), e.g. `/*` for `cd / && rm -rf *`.
    pub glob: bool,
    /// Part of the path is only known at run time (a variable of unknown value, a command
    /// substitution, the stdin of `xargs`).
    pub dynamic: bool,
    /// Where the path lies relative to the context.
    pub scope: Scope,
    /// The word (or option) that names the path, as written.
    pub evidence: String,
}

/// One URL fetched.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FetchFact {
    /// The URL as given (a scheme-less `curl example.com/x` stays scheme-less).
    pub url: String,
    /// The host, lower-cased, without port or brackets; IPv4 written as a number
    /// (`2852039166`, `0xa9fea9fe`) is converted to dotted form.
    pub host: String,
    /// The host is a cloud instance-metadata endpoint: `169.254.169.254` (AWS, Azure, GCP,
    /// OpenStack), `fd00:ec2::254` (AWS IPv6), `metadata.google.internal` / `metadata` (GCP),
    /// `169.254.170.2` (AWS ECS task metadata), `100.100.100.200` (Alibaba Cloud).
    pub metadata: bool,
    /// The command (or code snippet) that fetches it.
    pub evidence: String,
}

/// Local data sent to a remote party.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UploadFact {
    /// The program that sends it (`curl`, `wget`, `scp`, `rsync`, `nc`, `python3`, `bash` for
    /// `/dev/tcp`, `git`).
    pub program: String,
    /// Where it goes: the URL when there is one, else `host` or `host:port`.
    pub target: String,
    /// What is sent, when it names a file: the absolute path, `<stdin>` for data read from
    /// stdin of unknown origin, `<environment>` for a dump of the environment.
    pub source: Option<String>,
    /// The command whose output is what is sent, as written ([`CommandFact::evidence`]): the
    /// nearest earlier pipeline stage that made data of its own (`psql -c "select …" | curl
    /// -d @- URL`), or the one that filled the sent file earlier in the same command
    /// (`stripe customers list > /tmp/c.json && curl -F f=@/tmp/c.json URL`, `pg_dump -f x.sql
    /// … && curl -T x.sql URL`, `split` parts of it: `exports.rs`); absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub producer: Option<String>,
    /// The command or snippet that uploads.
    pub evidence: String,
}

/// Data taken out of its store and where it goes (`exports.rs`): rows a database client, a
/// dump, a warehouse query or a service's listing produced, sent to another host, copied into
/// an object store judged somebody else's, or written where the user or the web reads them.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExportFact {
    /// `sent` (produced data sent by an HTTP client or a raw socket to another host, piped or
    /// through a file the same command wrote), `foreign_store` (produced data or a store's
    /// objects copied into a bucket the command itself says is another's: an anonymous upload,
    /// a cross-account ACL; [`ExportFact::why`]), `unowned_store` (production or personal data
    /// copied into a bucket whose name shares no distinctive word with the source's names),
    /// `local_copy` (production personal data or a production dump written to the user's
    /// Desktop or Downloads folder, or into a folder a web server serves).
    pub kind: String,
    /// What the data is: `dump` (a database dump), `rows` (a query's rows of people or a
    /// query's rows of a production database), `people` (a service's listing of its users,
    /// customers, members …), `store` (a bucket's or a warehouse table's objects).
    pub data: String,
    /// The producing command or the source location, as written.
    pub source: String,
    /// Where it goes: a URL, host, bucket URI or file path.
    pub target: String,
    /// Why the destination is judged somebody else's, or why the data counts (production,
    /// personal): shown in the reason.
    pub why: String,
    /// The command as written.
    pub evidence: String,
}

/// Remote content that gets executed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemoteExecFact {
    /// How the fetched content reaches the interpreter: `pipe` (`curl … | sh`, also through
    /// filters such as `tee`, `sed`),
    /// `process_substitution` (`bash <(curl …)`, `source <(…)`), `command_substitution`
    /// (`sh -c "$(curl …)"`, `eval "$(…)"`), `downloaded_file` (`curl -o x … && sh x`),
    /// `interpreter` (`python3 -c "exec(urlopen(…).read())"`), `remote_script`
    /// (`deno run https://…`), `reverse_shell` (`nc -e /bin/sh`, `bash -i >& /dev/tcp/…`).
    pub kind: String,
    /// The program that executes it (`sh`, `bash`, `python3`, `eval`, `source` …).
    pub interpreter: String,
    /// The URL (or `host:port`) the content comes from, when known.
    pub source: Option<String>,
    /// The executing command as written (the whole pipeline for `pipe`).
    pub evidence: String,
}

/// Decoded content that gets executed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DecodedExecFact {
    /// The decoding step: `base64 -d`, `base32 -d`, `xxd -r`, `printf` (escapes spelling
    /// printable characters), `echo -e`, `openssl base64 -d`, `openssl enc -d`, `gpg -d`,
    /// `age -d`, `uudecode`, a decompressor of embedded data (`gzip -d`, `zcat`, …), `rev`,
    /// `tr` (rot13 and other translations of known text), interpreter decoders (`python
    /// base64`, `python hex`, `zlib`, `javascript atob`, `perl base64`, `ruby base64`,
    /// `php base64`, `powershell base64`), `powershell -EncodedCommand`.
    pub decoder: String,
    /// The program that executes the decoded text.
    pub interpreter: String,
    /// The decoded text when it could be computed statically (at most 300 characters); it is
    /// analysed in turn, so its own facts appear in the other lists.
    pub payload: Option<String>,
    /// The executing command as written.
    pub evidence: String,
}

/// A privilege change.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PrivilegeFact {
    /// `sudo` (also doas, pkexec, run0, su, runuser, sg, nsenter, unshare), `sudo_password`
    /// (besides `sudo`: `sudo -S`/`-A`, the password supplied by the command), `setuid`
    /// (`chmod u+s`, `chmod 4755`, `chmod g+s`, `chmod 2755`, `install -m 4755`, `os.chmod`
    /// in a one-liner), `world_writable` (`chmod 777`, `chmod o+w`, `chmod a+rwx` on a path
    /// outside the project and the temporary directories: inside them it is local
    /// housekeeping), `chroot`, `sudoers` (a write under `/etc/sudoers*` or to
    /// `/etc/doas.conf`, `visudo`, adding a user to an admin group with `usermod`/`gpasswd`/
    /// `adduser`), `capabilities` (`setcap`), `container_host_access` (`docker`/`podman run`
    /// with `--privileged`, host PID/user/UTS/cgroup namespaces, `--cap-add` of
    /// `ALL`/`SYS_ADMIN`/`SYS_PTRACE`/`SYS_MODULE`/`DAC_READ_SEARCH`/`SYS_RAWIO`, an
    /// `unconfined`/disabled security profile, `--device`, `--sysctl`, or a bind mount of `/`,
    /// a system directory or the engine socket; source: docker-run(1), "Runtime privilege and
    /// Linux capabilities").
    pub kind: String,
    /// The program (`sudo`, `doas`, `pkexec`, `su`, `chmod`, …).
    pub program: String,
    /// The command as written.
    pub evidence: String,
}

/// A way to run code later or elsewhere without asking again.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PersistenceFact {
    /// `crontab` (edit or install; the commands of a table given on stdin are analysed too),
    /// `crontab_remove`, `at`, `systemd` (`systemctl enable`, unit files,
    /// `loginctl enable-linger`), `systemd_timer` (`systemd-run --on-calendar` and the other
    /// `--on-*` timers), `launchd` (`launchctl load`, LaunchAgents/Daemons), `init`
    /// (`/etc/init.d`, `rc.local`, `update-rc.d`, `chkconfig`, `rc-update`), `autostart`
    /// (`~/.config/autostart`), `shell_rc` (`~/.bashrc`, `~/.zshrc`, `~/.profile`,
    /// `/etc/profile.d/*`, `/etc/environment` … of any home; also `pipx ensurepath` and
    /// `conda init`, which edit them), `shell_rc_plain` (a start-up file given known lines that
    /// only set the shell up: aliases, `PATH` to the user's own folders, completions; see
    /// `persist::plain_startup_text`), `git_hooks` (`.git/hooks/*` except `*.sample`,
    /// `core.hooksPath`, `.husky/*`, `git clone --template`), `git_config_exec` (git config
    /// keys that run commands: `core.fsmonitor`, `core.sshCommand`, `alias.*` with `!`,
    /// `filter.*`, `diff.*.textconv`, `credential.helper` other than the built-in helpers, and
    /// `core.pager`/`core.editor`/`sequence.editor` when more than a plain program),
    /// `ssh_authorized_keys` (also `ssh-copy-id`), `ssh_rc` (`~/.ssh/rc`, `/etc/ssh/sshrc`),
    /// `ssh_config` (`~/.ssh/config`: `ProxyCommand`/`LocalCommand` run code), `cron_file`
    /// (`/etc/cron*`, `/var/spool/cron`), `ld_preload` (`/etc/ld.so.preload`), `package_script`
    /// (a `package.json` written by the shell with a lifecycle script; a shell write into a git
    /// config file with a command-running key is `git_config_exec`). Reading these
    /// files is not persistence; only writes and the commands above are.
    pub kind: String,
    /// The file, unit, or config key concerned.
    pub target: String,
    /// The command or word that shows it.
    pub evidence: String,
}

/// An environment variable assignment that changes what runs or where traffic goes.
///
/// Names considered: `PATH`, `LD_PRELOAD`, `LD_LIBRARY_PATH`, `LD_AUDIT`, `DYLD_*`,
/// `NODE_OPTIONS`, `NODE_PATH`, `PYTHONPATH`, `PYTHONSTARTUP`, `PYTHONHOME`, `PYTHONINSPECT`,
/// `PERL5LIB`, `PERLLIB`, `PERL5OPT`, `RUBYLIB`, `RUBYOPT`, `BASH_ENV`, `ENV`, `ZDOTDIR`,
/// `PROMPT_COMMAND`, `*_BASE_URL`, `*_API_BASE`, `*_ENDPOINT`, `*_ENDPOINT_URL`, `*_TRACKING_URI`,
/// `*_API_URL`, `*_SERVER_URL` (the last four and `*_ENDPOINT` not when on loopback),
/// `HTTP_PROXY`/`HTTPS_PROXY`/`ALL_PROXY`/`FTP_PROXY` (any case), `GIT_SSH`,
/// `GIT_SSH_COMMAND`, `GIT_EXEC_PATH` (also `git --exec-path=`), `GIT_ASKPASS`, `SSH_ASKPASS`,
/// `GIT_CONFIG*`, `GIT_PAGER`, `GIT_EDITOR`, `GIT_TEMPLATE_DIR`, `GIT_PROXY_COMMAND`,
/// `GIT_EXTERNAL_DIFF`, `PAGER`, `EDITOR`, `VISUAL`, `NPM_CONFIG_REGISTRY`, `YARN_REGISTRY`,
/// `PIP_INDEX_URL`, `PIP_EXTRA_INDEX_URL`, `UV_INDEX_URL`, `UV_EXTRA_INDEX_URL`,
/// `UV_DEFAULT_INDEX`, `UV_INDEX`, `CARGO_REGISTRIES_*`, `RUSTC_WRAPPER`, `RUSTC`,
/// `SSL_CERT_FILE`, `SSL_CERT_DIR`, `REQUESTS_CA_BUNDLE`, `CURL_CA_BUNDLE`,
/// `NODE_TLS_REJECT_UNAUTHORIZED`, `NODE_EXTRA_CA_CERTS`, `GIT_SSL_NO_VERIFY`,
/// `PYTHONHTTPSVERIFY`, `HOME`, `SHELL`, the download-integrity switches `GOSUMDB=off`,
/// `GONOSUMDB`/`GONOSUMCHECK`/`GOINSECURE` matching every module, `GOFLAGS=-insecure`,
/// `NPM_CONFIG_STRICT_SSL=false`, `YARN_ENABLE_STRICT_SSL=false`, `PIP_TRUSTED_HOST` (also
/// written by `go env -w`); git `-c` keys that run commands or redirect traffic
/// (`core.sshCommand`, `core.fsmonitor`, `core.hooksPath`, `alias.*=!…`, `http.proxy`,
/// `url.*.insteadOf`, `http.sslVerify=false`, …), and the traffic keys when written with
/// `git config`. Everyday values are not reported (rules in order): `PATH` only when a
/// directory put *before* `$PATH` (or replacing it) is relative, in the project, in a
/// temporary directory or not known statically, so `PATH=$PATH:./bin` and
/// `PATH=$HOME/.cargo/bin:$PATH` are not facts; library paths only with temporary or unknown
/// entries (`PYTHONPATH=src` is not a fact); program-valued variables (`PAGER`, `EDITOR`,
/// `GIT_PAGER`, `RUSTC_WRAPPER`, `SHELL`, `GIT_SSH_COMMAND` …) only when more than a plain
/// program with options (`PAGER=cat` is not a fact); `NODE_OPTIONS` only with code-loading
/// or `--inspect` options; the TLS switches only when they turn verification off.
/// Sources: ld.so(8), dyld(1), bash(1) "Shell Variables", node(1), python(1), git(1)
/// "ENVIRONMENT VARIABLES" and git-config(1), curl(1) "ENVIRONMENT", pip/npm/uv/cargo
/// configuration docs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EnvTamperFact {
    /// The variable (or git config key) name as written.
    pub name: String,
    /// The value after expansion (unknown parts keep their source text).
    pub value: String,
    /// The assignment word as written.
    pub evidence: String,
}

/// A trick that hides what runs.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ObfuscationFact {
    /// `ifs` (`$IFS`/`${IFS}` as a separator), `ansi_c_quoting` (`$'\x72\x6d'` spelling
    /// printable characters), `quoted_program_name` (quotes or backslashes inside a program
    /// name: `r''m`, `'r'm`, `r\m`; not `"rm"` or `\rm`), `program_from_variable` and
    /// `program_from_substitution` (the program's name comes from a variable or a command
    /// substitution and does not appear in the word as written: `c=rm; $c`, `$(cat x)`; not
    /// `"$HOME/bin/tool"`, `$(which python3)` or an environment program such as `"$EDITOR"`),
    /// `brace_expansion` (`{rm,-rf,/}`), `glob_program` (`/???/r?`), `homoglyph` (look-alike
    /// non-ASCII letters in a program name), `invisible_char` (zero-width characters, soft
    /// hyphen, BOM), `bidi_control` (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F),
    /// `ip_encoding` (an IPv4 host written as a number).
    pub kind: String,
    /// What it resolves to, when known (`rm` for `$'\x72\x6d'`).
    pub resolved: Option<String>,
    /// The word as written.
    pub evidence: String,
}

/// A destructive or history-rewriting git operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GitFact {
    /// `push_force` (`--force`, `-f`, `+refspec`), `push_force_with_lease`, `push_delete`
    /// (`--delete`, `:branch`), `push_mirror`, `push_prune`, `reset_hard`, `clean` (with
    /// `-f`, not `-n`), `filter_branch`, `filter_repo`, `branch_force_delete` (`-D`,
    /// `-d --force`), `checkout_discard` (`checkout .`, `checkout -- '*.c'`, `checkout -f`,
    /// `switch --discard-changes`), `restore_discard` (`restore .`, `restore :/`, globs),
    /// `stash_drop`, `stash_clear`, `reflog_expire`, `gc_prune` (`--prune=now`),
    /// `update_ref_delete`, `no_verify` (`--no-verify`, `commit -n`: skips hooks). Everyday
    /// operations are not facts: a plain `push`, `rebase`, `branch -d` (refuses unmerged
    /// work), single-file `checkout -- FILE`/`restore FILE`, `reset --soft`/`--mixed`.
    pub kind: String,
    /// The repository's working directory as far as known (after `cd` / `git -C`).
    pub cwd: String,
    /// The git command as written.
    pub evidence: String,
}

/// A destructive infrastructure operation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InfraFact {
    /// `terraform_destroy` (also `apply -destroy`, tofu, terragrunt, pulumi, cdk, serverless
    /// `remove`, sam `delete`), `terraform_state_rm`, `kubectl_delete` (also oc, eksctl),
    /// `kubectl_drain`, `helm_uninstall`, `aws_s3_rm`, `aws_s3_rm_recursive`, `aws_s3_rb`,
    /// `aws_s3_sync_delete`, `aws_delete` (`delete-*`, `terminate-*`, `remove-*`,
    /// `deregister-*`), `gcloud_delete`, `gsutil_rm`, `az_delete`, `docker_prune` (only when
    /// volumes go: `volume prune`, `system prune --volumes`), `docker_volume_rm` (only a list
    /// computed at run time, `$(docker volume ls -q)`; one named volume is local
    /// housekeeping), `dropdb`, `sql_drop` (`DROP DATABASE|TABLE|SCHEMA`/`TRUNCATE` sent to
    /// psql, mysql, sqlite3, duckdb, … by argument, stdin or a file written in the same
    /// command), `redis_flush`, `heroku_destroy`, `fly_destroy`, `vercel_remove`;
    /// `sql_write` (SQL that is not read-only sent to a production-named target) and
    /// `env_script` (a project's own script run with an environment option valued
    /// production: `python3 tools/payouts.py --env live`), both only with [`Tier::Prod`]
    /// (`tier.rs`).
    pub kind: String,
    /// Which environment the command's target is, by shape (`tier.rs`); absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// The word that decided [`InfraFact::tier`] (`--context kind-lab`, `host localhost`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tier_marker: String,
    /// The command as written.
    pub evidence: String,
}

/// Which environment a destroy or change hits, by the shape of its target (`tier.rs`: loopback
/// hosts, local Kubernetes contexts, a database file in the project; whole name tokens of the
/// target, its connection, context, namespace or DSN variable). Production wins over every
/// other marker; a target with none is unknown (no tier).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tier {
    /// This machine: a loopback host or URL, a local Kubernetes cluster's context (kind, k3d,
    /// minikube, Docker Desktop…), a database file inside the project or a temporary folder.
    #[serde(rename = "local")]
    Local,
    /// Named as throwaway: `scratch`, `tmp`, `test`, `sandbox`, `ci`, `preview`… as a whole
    /// word of the destroyed object's name or of its environment's.
    #[serde(rename = "disposable")]
    Disposable,
    /// A shared non-production environment by name: `dev`, `development`, `staging`, `stg`,
    /// `qa`, `uat`.
    #[serde(rename = "nonprod")]
    NonProd,
    /// Production by name: `prod`, `production`, `prd`, `live`.
    #[serde(rename = "prod")]
    Prod,
}

/// A destructive verb of a cloud or infrastructure CLI, found by pattern (`delete*`,
/// `remove*`, `terminate*`, `release*`, `deregister*`, `destroy`, `drop*`, `purge`, `flush*`,
/// `rb`, `rm`, `uninstall`; table in `programs/cloud.rs`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CloudFact {
    /// The CLI (`aws`, `gcloud`, `az`, `kubectl`, `terraform`, `doctl`, `gh`, …).
    pub cli: String,
    /// The verb as written (`release-address`, `delete`, `apps:destroy`, `rb`).
    pub verb: String,
    /// The words naming the resource before the verb (`ec2`, `compute instances`).
    pub resource: String,
    /// The resource is a whole container of data or of other resources (bucket, cluster,
    /// project, account, database, stack, namespace, resource group, repository, app, table,
    /// volume, snapshot, backup), or the verb destroys a whole stack (`terraform destroy`).
    pub whole: bool,
    /// Nobody confirms: the CLI never asks (aws, kubectl, helm), or a flag turns its prompt off
    /// (`--force`, `--yes`, `--quiet`, `-auto-approve`, `--confirm NAME`).
    pub non_interactive: bool,
    /// Which environment the target is, by shape (`tier.rs`); absent when unknown.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tier: Option<Tier>,
    /// The word that decided [`CloudFact::tier`].
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tier_marker: String,
    /// The command as written.
    pub evidence: String,
}

/// Publishing to a registry or release channel.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PublishFact {
    /// The tool and verb: `npm publish` (also `npm unpublish`, `npm deprecate`, the same for
    /// pnpm and bun), `yarn publish`, `cargo publish`, `cargo yank`, `cargo owner`,
    /// `twine upload`, `setup.py upload`, `gem push`, `gem yank`, `poetry publish`,
    /// `uv publish`, `flit publish`, `hatch publish`, `pdm publish`, `docker push` (also
    /// `image push`, `buildx … --push`, skopeo copy), `podman push`, `helm push`,
    /// `gh release create`, `gh release upload`, `mvn deploy`, `gradle publish`,
    /// `dotnet nuget push`, `vsce publish`, `ovsx publish`, `goreleaser release`,
    /// `anaconda upload`, `pod trunk push`, `dart pub publish`, `mix hex.publish`,
    /// `lein deploy`, `sbt publish`, `swift package-registry publish`. Dry runs
    /// (`--dry-run`) are not facts.
    pub kind: String,
    /// The command as written.
    pub evidence: String,
}

/// A signal sent to processes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SignalFact {
    /// `kill`, `pkill`, `killall`.
    pub program: String,
    /// The signal as written (`9`, `KILL`, `TERM`), when given.
    pub signal: Option<String>,
    /// What is targeted: PIDs and names as written, and for `kill $(pgrep -f NAME)` /
    /// `kill $(pidof NAME)` the `NAME`.
    pub targets: Vec<String>,
    /// The command as written.
    pub evidence: String,
}

/// Something the analyzer did not follow.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnanalysableFact {
    /// Why: `parse error: …` (including input nested deeper than 48 levels of brackets or
    /// compound commands, which is not parsed), `program name only known at run time`,
    /// `NAME: shell code only known at run time` (`eval "$X"`, `bash -c "$X"`),
    /// `NAME reads code from stdin of unknown content`, `NAME runs a command only known at run
    /// time` (interpreter one-liners), `nesting deeper than 12 levels was not followed`,
    /// `analysis budget exhausted …`, `command longer than 256 KiB …`, `chroot: paths inside
    /// are relative to the new root`, `remote command run by ssh (partly only known at run
    /// time)` (a static remote command is analysed, see [`ShellFacts::remote_paths`]), `too many nested
    /// wrappers`, `internal error: …` (never expected; reported instead of panicking).
    pub reason: String,
    /// The part of the command concerned.
    pub evidence: String,
    /// The analysis stopped at one of its limits (nesting deeper than 12 levels, more than 2000
    /// commands, input longer than 256 KiB, too many nested wrappers, an internal error, and the
    /// parser's own limits: `parse error: nesting deeper than 48 levels …` or `… more than 4
    /// unclosed parentheses …`, text that was never parsed): the
    /// rest of the command was not analysed at all, so nothing is known of what it does. A
    /// limit can be reached on purpose, so the policy asks (`shell/analysis-limit`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub limit: bool,
}
