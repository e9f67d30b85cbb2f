//! Fan-out runners and configuration managers: programs that run a command — or a module that
//! stands for one — on other hosts (`pdsh`, `pssh`/`parallel-ssh`, `clush`, `ansible` ad-hoc,
//! `salt`). The command is analysed as code run there ([`super::embedded::run_remote_code`]: its
//! paths go to `remote_paths`, and the runner with its target is the wrapper, `ansible web` or
//! `pdsh`), so the policy's remote-host rules judge it as they judge `ssh host CMD`. A module
//! or function with a fixed effect is translated into the shell command with that effect, from
//! the modules' own documentation ([`ANSIBLE_MODULES`], [`SALT_FUNCTIONS`]): `ansible db -m
//! service -a 'name=postgresql state=stopped'` is analysed as `systemctl stop postgresql` run
//! on `db`. Nothing is run; a playbook's tasks (`ansible-playbook`) are in files and are not
//! read here.

use crate::analyzer::{Analyzer, Inv};
use crate::model::State;

/// Runners whose command is their words after their options: (program, options that take a
/// value). Sources: pdsh(1) (`-w -x -g -X -l -t -u -f -R -M -F`), pssh(1) and parallel-ssh
/// (`-h -H -l -p -o -e -t -O -x -X`), clush(1) (`-w -x -g -X -f -l -o -t -u -R --pick`).
const RUNNERS: &[(&str, &[&str])] = &[
    (
        "pdsh",
        &[
            "-w", "-x", "-g", "-X", "-l", "-t", "-u", "-f", "-R", "-M", "-F",
        ],
    ),
    (
        "pssh",
        &["-h", "-H", "-l", "-p", "-o", "-e", "-t", "-O", "-x", "-X"],
    ),
    (
        "parallel-ssh",
        &["-h", "-H", "-l", "-p", "-o", "-e", "-t", "-O", "-x", "-X"],
    ),
    (
        "clush",
        &[
            "-w", "-x", "-g", "-X", "-f", "-l", "-o", "-t", "-u", "-R", "--pick",
        ],
    ),
];

/// `ansible`'s options that take a value, besides `-m`/`--module-name` and `-a`/`--args`
/// (ansible(1), `ansible --help`, ansible-core 2.17).
const ANSIBLE_VALUE_OPTIONS: &[&str] = &[
    "-i",
    "--inventory",
    "--inventory-file",
    "-u",
    "--user",
    "-l",
    "--limit",
    "-f",
    "--forks",
    "-e",
    "--extra-vars",
    "-M",
    "--module-path",
    "-P",
    "--poll",
    "-B",
    "--background",
    "-T",
    "--timeout",
    "-c",
    "--connection",
    "--become-user",
    "--become-method",
    "--private-key",
    "--key-file",
    "--ssh-common-args",
    "--ssh-extra-args",
    "--scp-extra-args",
    "--sftp-extra-args",
    "--vault-id",
    "--vault-password-file",
    "-t",
    "--tree",
    "--playbook-dir",
    "--task-timeout",
];

/// What an ansible module or a salt function does, as the shell command with the same effect.
#[derive(Clone, Copy)]
enum Effect {
    /// Its argument is a shell command line (ansible `shell`/`command`/`raw`, salt `cmd.run`).
    Command,
    /// A service stopped, disabled or masked (by `state=`/`enabled=`/`masked=` for ansible,
    /// by the function for salt): `systemctl stop|disable|mask NAME`.
    Service(&'static str),
    /// The host rebooted or shut down: `reboot`.
    Reboot,
    /// An account created (`useradd [-G GROUPS] NAME`), or removed with `state=absent`.
    User,
    /// A path removed when `state=absent` (ansible `file`), or always (salt `file.remove`):
    /// `rm -rf PATH`; ansible `file`'s `mode=`/`owner=` (with `recurse=yes`): `chmod [-R]`,
    /// `chown [-R]`.
    Remove,
    /// A file written at `dest=`/`path=` (ansible `copy`, `template`, `lineinfile`, …):
    /// `tee -a PATH`.
    Write,
    /// A key added to a user's `authorized_keys`.
    AuthorizedKey,
    /// A cron job installed: `crontab -`.
    Cron,
    /// The host firewall switched off (`ufw disable`) or flushed (`iptables -F`).
    FirewallOff,
    /// SELinux switched off or to permissive: `setenforce 0`.
    SelinuxOff,
    /// An apt source added (`repo=`): `add-apt-repository REPO`.
    AptRepository,
}

/// ansible modules (short names; `ansible.builtin.X` and `community.general.X` reduce to X)
/// and what they do, from the module docs (docs.ansible.com, ansible-core 2.17 and
/// community.general): command/shell/raw run their argument; service/systemd/systemd_service/
/// sysvinit/win_service by `state=stopped`, `enabled=no`, `masked=yes`; reboot/win_reboot;
/// user/win_user; file with `state=absent`; copy/template/lineinfile/blockinfile/replace write
/// `dest=`/`path=`; authorized_key; cron; ufw `state=disabled`; iptables `flush=yes`; selinux
/// `state=disabled|permissive`; apt_repository `repo=`.
const ANSIBLE_MODULES: &[(&str, Effect)] = &[
    ("command", Effect::Command),
    ("shell", Effect::Command),
    ("raw", Effect::Command),
    ("win_shell", Effect::Command),
    ("win_command", Effect::Command),
    ("service", Effect::Service("")),
    ("systemd", Effect::Service("")),
    ("systemd_service", Effect::Service("")),
    ("sysvinit", Effect::Service("")),
    ("win_service", Effect::Service("")),
    ("reboot", Effect::Reboot),
    ("win_reboot", Effect::Reboot),
    ("user", Effect::User),
    ("win_user", Effect::User),
    ("file", Effect::Remove),
    ("win_file", Effect::Remove),
    ("copy", Effect::Write),
    ("template", Effect::Write),
    ("lineinfile", Effect::Write),
    ("blockinfile", Effect::Write),
    ("replace", Effect::Write),
    ("authorized_key", Effect::AuthorizedKey),
    ("cron", Effect::Cron),
    ("ufw", Effect::FirewallOff),
    ("iptables", Effect::FirewallOff),
    ("selinux", Effect::SelinuxOff),
    ("apt_repository", Effect::AptRepository),
];

/// salt execution functions (salt.modules docs: cmdmod, service, system, useradd, file, ssh,
/// cron) and what they do.
const SALT_FUNCTIONS: &[(&str, Effect)] = &[
    ("cmd.run", Effect::Command),
    ("cmd.run_all", Effect::Command),
    ("cmd.run_stdout", Effect::Command),
    ("cmd.run_stderr", Effect::Command),
    ("cmd.run_bg", Effect::Command),
    ("cmd.shell", Effect::Command),
    ("cmd.powershell", Effect::Command),
    ("service.stop", Effect::Service("stop")),
    ("service.disable", Effect::Service("disable")),
    ("service.mask", Effect::Service("mask")),
    ("system.reboot", Effect::Reboot),
    ("system.shutdown", Effect::Reboot),
    ("system.poweroff", Effect::Reboot),
    ("system.halt", Effect::Reboot),
    ("user.add", Effect::User),
    ("user.delete", Effect::User),
    ("file.remove", Effect::Remove),
    ("file.append", Effect::Write),
    ("file.write", Effect::Write),
    ("file.replace", Effect::Write),
    ("ssh.set_auth_key", Effect::AuthorizedKey),
    ("cron.set_job", Effect::Cron),
    ("selinux.setenforce", Effect::SelinuxOff),
];

/// Whether `name` is a runner this module reads (the generic "command line given as an
/// argument" reading, [`super::embedded::carried_command`], leaves it alone).
pub(crate) fn is_runner(name: &str) -> bool {
    matches!(name, "ansible" | "salt") || RUNNERS.iter().any(|(p, _)| *p == name)
}

/// Analyses what a fan-out runner or configuration manager runs on its hosts, when `name` is
/// one; returns whether it was.
pub(crate) fn observe(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> bool {
    // Every command passes here: the name check comes before any allocation.
    if !is_runner(name) {
        return false;
    }
    let words: Vec<&str> = inv.rest().iter().map(|x| x.text.as_str()).collect();
    let runs: Vec<(String, String)> = match name {
        "ansible" => ansible(&words).into_iter().collect(),
        "salt" => salt(&words).into_iter().collect(),
        _ => match RUNNERS.iter().find(|(p, _)| *p == name) {
            Some((_, value_opts)) => runner(name, value_opts, &words).into_iter().collect(),
            None => return false,
        },
    };
    for (via, code) in runs {
        if !code.trim().is_empty() && code.len() <= 16 * 1024 {
            super::embedded::run_remote_code(a, inv, st, &via, &code);
        }
    }
    true
}

/// `pdsh`/`pssh`/`clush` `[OPTIONS] CMD…`: the words after the options, joined.
fn runner(name: &str, value_opts: &[&str], words: &[&str]) -> Option<(String, String)> {
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if *w == "--" {
            i += 1;
            break;
        }
        if !w.starts_with('-') {
            break;
        }
        i += if value_opts.contains(w) { 2 } else { 1 };
    }
    let rest = words.get(i..)?;
    (!rest.is_empty()).then(|| (name.to_string(), rest.join(" ")))
}

/// The value of an option spelled `-m X`, `-mX`, `--module-name X` or `--module-name=X` at
/// `words[i]`, with how many words it took.
fn option_value<'a>(
    words: &[&'a str],
    i: usize,
    short: &str,
    long: &str,
) -> Option<(&'a str, usize)> {
    let w = *words.get(i)?;
    if w == short || w == long {
        return words.get(i + 1).map(|v| (*v, 2));
    }
    if let Some(v) = w.strip_prefix(long).and_then(|r| r.strip_prefix('=')) {
        return Some((v, 1));
    }
    w.strip_prefix(short)
        .filter(|r| !r.is_empty() && !w.starts_with("--"))
        .map(|v| (v, 1))
}

/// `ansible PATTERN [-m MODULE] [-a ARGS] …`: the module's effect on the hosts of PATTERN
/// (the module defaults to `command`).
fn ansible(words: &[&str]) -> Option<(String, String)> {
    let mut module = "command";
    let mut args: Option<&str> = None;
    let mut pattern: Option<&str> = None;
    let mut i = 0;
    while i < words.len() {
        if let Some((v, n)) = option_value(words, i, "-m", "--module-name") {
            module = v;
            i += n;
            continue;
        }
        if let Some((v, n)) = option_value(words, i, "-a", "--args") {
            args = Some(v);
            i += n;
            continue;
        }
        let w = words.get(i).copied().unwrap_or("");
        if w.starts_with('-') {
            let takes = ANSIBLE_VALUE_OPTIONS.contains(&w);
            i += if takes { 2 } else { 1 };
            continue;
        }
        if pattern.is_none() {
            pattern = Some(w);
        }
        i += 1;
    }
    let pattern = pattern?;
    let short = module.rsplit('.').next().unwrap_or(module);
    let (_, effect) = ANSIBLE_MODULES.iter().find(|(m, _)| *m == short)?;
    let args = args.unwrap_or("");
    let kv = key_values(args);
    let code = effect_code(*effect, args, &kv, &[])?;
    Some((format!("ansible {pattern}"), code))
}

/// `salt [OPTIONS] TARGET FUNCTION ARGS…`: the function's effect on the minions of TARGET.
fn salt(words: &[&str]) -> Option<(String, String)> {
    const VALUE_OPTIONS: &[&str] = &[
        "-t",
        "--timeout",
        "-b",
        "--batch",
        "--batch-size",
        "--out",
        "--return",
        "-c",
        "--config-dir",
        "--log-level",
    ];
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if !w.starts_with('-') {
            break;
        }
        i += if VALUE_OPTIONS.contains(w) { 2 } else { 1 };
    }
    let target = *words.get(i)?;
    let function = *words.get(i + 1)?;
    let rest: Vec<&str> = words.get(i + 2..).unwrap_or(&[]).to_vec();
    let (_, effect) = SALT_FUNCTIONS.iter().find(|(f, _)| *f == function)?;
    let kv = key_values(&rest.join(" "));
    let positional: Vec<&str> = rest.iter().copied().filter(|w| !w.contains('=')).collect();
    let code = match effect {
        Effect::Command => rest.join(" "),
        Effect::User if function == "user.delete" => {
            format!("userdel {}", quote(positional.first()?))
        }
        _ => effect_code(*effect, "", &kv, &positional)?,
    };
    Some((format!("salt {target}"), code))
}

/// `key=value` pairs of a module's argument string (quotes around a value removed).
fn key_values(args: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for word in split_words(args) {
        if let Some((k, v)) = word.split_once('=') {
            if !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                out.push((k.to_ascii_lowercase(), v.to_string()));
            }
        }
    }
    out
}

/// Splits on blanks outside single or double quotes, removing the quotes.
fn split_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    for c in s.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c.is_whitespace() => {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            }
            None => cur.push(c),
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Quotes `s` for a shell command line when it holds anything but safe characters.
fn quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./@:%+,~".contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

/// The shell command with `effect`, from the module's `key=value` arguments (`kv`) or the
/// function's positional ones; `None` when the arguments give no effect worth analysing (a
/// service started, a file made present).
fn effect_code(
    effect: Effect,
    args: &str,
    kv: &[(String, String)],
    pos: &[&str],
) -> Option<String> {
    let get = |keys: &[&str]| {
        keys.iter()
            .find_map(|k| kv.iter().find(|(kk, _)| kk == k).map(|(_, v)| v.as_str()))
    };
    let no = |v: Option<&str>| {
        v.is_some_and(|v| {
            matches!(
                v.to_ascii_lowercase().as_str(),
                "no" | "false" | "0" | "off"
            )
        })
    };
    let yes = |v: Option<&str>| {
        v.is_some_and(|v| matches!(v.to_ascii_lowercase().as_str(), "yes" | "true" | "1" | "on"))
    };
    let first = pos.first().copied();
    match effect {
        Effect::Command => Some(args.to_string()),
        Effect::Service(verb) => {
            let name = get(&["name"]).or(first)?;
            let verb = if !verb.is_empty() {
                verb
            } else if get(&["state"]).is_some_and(|s| s == "stopped") {
                "stop"
            } else if no(get(&["enabled"])) {
                "disable"
            } else if yes(get(&["masked"])) {
                "mask"
            } else if get(&["state"]).is_some_and(|s| s == "restarted") {
                "restart"
            } else {
                return None;
            };
            Some(format!("systemctl {verb} {}", quote(name)))
        }
        Effect::Reboot => Some("reboot".to_string()),
        Effect::User => {
            let name = get(&["name"]).or(first)?;
            if get(&["state"]).is_some_and(|s| s == "absent") {
                return Some(format!("userdel {}", quote(name)));
            }
            match get(&["groups"]) {
                Some(g) => Some(format!("useradd -G {} {}", quote(g), quote(name))),
                None => Some(format!("useradd {}", quote(name))),
            }
        }
        Effect::Remove => {
            let path = get(&["path", "dest", "name"]).or(first)?;
            if first.is_some() || get(&["state"]).is_some_and(|s| s == "absent") {
                return Some(format!("rm -rf {}", quote(path)));
            }
            // `mode=`/`owner=`/`group=` change permissions, recursively with `recurse=yes`.
            let r = if yes(get(&["recurse"])) { "-R " } else { "" };
            let mut out = Vec::new();
            if let Some(mode) = get(&["mode"]) {
                out.push(format!("chmod {r}{} {}", quote(mode), quote(path)));
            }
            if let Some(owner) = get(&["owner", "group"]) {
                out.push(format!("chown {r}{} {}", quote(owner), quote(path)));
            }
            (!out.is_empty()).then(|| out.join("; "))
        }
        Effect::Write => {
            let path = get(&["dest", "path", "name"]).or(first)?;
            Some(format!("tee -a {} </dev/null", quote(path)))
        }
        Effect::AuthorizedKey => {
            let user = get(&["user"]).or(first)?;
            let home = if user == "root" {
                "/root".to_string()
            } else {
                format!("/home/{user}")
            };
            Some(format!(
                "tee -a {} </dev/null",
                quote(&format!("{home}/.ssh/authorized_keys"))
            ))
        }
        Effect::Cron => get(&["state"])
            .is_none_or(|s| s != "absent")
            .then(|| "crontab -".to_string()),
        Effect::FirewallOff => {
            if get(&["state"]).is_some_and(|s| s == "disabled") {
                Some("ufw disable".to_string())
            } else if yes(get(&["flush"])) {
                Some("iptables -F".to_string())
            } else {
                None
            }
        }
        Effect::AptRepository => {
            let repo = get(&["repo"]).or(first)?;
            get(&["state"])
                .is_none_or(|s| s != "absent")
                .then(|| format!("add-apt-repository {}", quote(repo)))
        }
        Effect::SelinuxOff => {
            let off = get(&["state"]).is_some_and(|s| matches!(s, "disabled" | "permissive"))
                || first.is_some_and(|s| matches!(s, "0" | "off" | "permissive" | "Permissive"));
            off.then(|| "setenforce 0".to_string())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ansible_modules_become_commands() {
        let w = [
            "db",
            "-b",
            "-m",
            "service",
            "-a",
            "name=postgresql state=stopped",
        ];
        assert_eq!(
            ansible(&w),
            Some(("ansible db".into(), "systemctl stop postgresql".into()))
        );
        let w = ["web", "-m", "ansible.builtin.reboot"];
        assert_eq!(ansible(&w), Some(("ansible web".into(), "reboot".into())));
        let w = ["all", "-a", "rm -rf /var/lib/docker"];
        assert_eq!(
            ansible(&w),
            Some(("ansible all".into(), "rm -rf /var/lib/docker".into()))
        );
        let w = ["all", "-m", "user", "-a", "name=bot groups=sudo append=yes"];
        assert_eq!(
            ansible(&w),
            Some(("ansible all".into(), "useradd -G sudo bot".into()))
        );
        let w = ["all", "-m", "file", "-a", "path=/srv/app state=absent"];
        assert_eq!(
            ansible(&w),
            Some(("ansible all".into(), "rm -rf /srv/app".into()))
        );
        // Quiet effects give nothing to analyse.
        let w = ["all", "-m", "service", "-a", "name=nginx state=started"];
        assert_eq!(ansible(&w), None);
        let w = ["all", "-m", "ping"];
        assert_eq!(ansible(&w), None);
        let w = ["all", "-m", "file", "-a", "path=/srv/app state=directory"];
        assert_eq!(ansible(&w), None);
        let w = [
            "all",
            "-m",
            "file",
            "-a",
            "path=/etc state=directory mode=0777 recurse=yes",
        ];
        assert_eq!(
            ansible(&w),
            Some(("ansible all".into(), "chmod -R 0777 /etc".into()))
        );
    }

    /// The analyzer's list of durable-host consoles is the policy's `remote_host_consoles`: the
    /// two must name the same consoles (one decides which facts are made, the other which rules
    /// fire on them).
    #[test]
    fn durable_consoles_match_the_policy() {
        let rego = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../hookward-policy/policy/shell.rego"
        ))
        .expect("shell.rego beside this crate");
        let line = rego
            .lines()
            .find(|l| l.starts_with("remote_host_consoles := {"))
            .expect("remote_host_consoles in shell.rego");
        let mut policy: Vec<&str> = line.split('"').skip(1).step_by(2).collect();
        let mut ours: Vec<&str> = crate::analyzer::DURABLE_HOST_CONSOLES.to_vec();
        policy.sort_unstable();
        ours.sort_unstable();
        assert_eq!(policy, ours);
    }

    #[test]
    fn salt_functions_become_commands() {
        let w = ["*", "cmd.run", "rm -rf /"];
        assert_eq!(salt(&w), Some(("salt *".into(), "rm -rf /".into())));
        let w = ["web*", "service.stop", "nginx"];
        assert_eq!(
            salt(&w),
            Some(("salt web*".into(), "systemctl stop nginx".into()))
        );
        let w = ["-t", "30", "web*", "test.ping"];
        assert_eq!(salt(&w), None);
    }

    #[test]
    fn runners_take_words_after_options() {
        let w = ["-w", "web[1-3]", "-l", "root", "uptime"];
        assert_eq!(
            runner("pdsh", &["-w", "-l"], &w),
            Some(("pdsh".into(), "uptime".into()))
        );
        let w = ["-w", "web[1-3]"];
        assert_eq!(runner("pdsh", &["-w"], &w), None);
    }
}
