//! Host administration as data (issue 11): which invocations switch a defence off or wipe a
//! trace ([`crate::EvasionFact`]: history, logs, audit, mandatory access control, firewall,
//! immutable bits, timestamps) and which add an account or a way in
//! ([`crate::PersistenceFact`] kind `account`: `useradd`, `usermod -aG`, `passwd -d`,
//! `chpasswd`, `dscl . -create`, writes to `/etc/passwd`/`shadow`/`group`). One row per
//! program and trigger; covering a new tool is one row of [`ROWS`]. Sources: MITRE ATT&CK
//! T1070 "Indicator Removal", T1562 "Impair Defenses", T1136 "Create Account", T1098 "Account
//! Manipulation", and the manual page named per row.

use crate::analyzer::{Analyzer, Inv};

/// What a row's match records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fact {
    /// An [`crate::EvasionFact`] of this kind.
    Evasion(&'static str),
    /// A [`crate::PersistenceFact`] of this kind.
    Persistence(&'static str),
}

/// When a row applies.
#[derive(Debug, Clone, Copy)]
pub(crate) enum When {
    /// Always (the program does nothing else).
    Always,
    /// One of these words (options or subcommands) appears among the arguments; a word
    /// ending in `*` matches by prefix (`--vacuum-*`).
    Any(&'static [&'static str]),
    /// These two words appear next to each other, in this order (`-P INPUT … ACCEPT` is
    /// matched as `-P` then the last word `ACCEPT`: see [`When::PairLast`]).
    Seq(&'static str, &'static str),
    /// The first word is given and the last argument is the second (`iptables -P INPUT ACCEPT`).
    PairLast(&'static str, &'static str),
    /// A word that is not an option names something (`passwd root`: another account), and
    /// none of these words (read-only forms such as `-S`) appears.
    Operand(&'static [&'static str]),
    /// Every one of these words appears (`defaults write … LoginHook`: the verb and the key).
    All(&'static [&'static str]),
    /// A word of the first list and a word of the second appear (`wp plugin deactivate
    /// wordfence`: the verb and the plugin).
    AnyAnd(&'static [&'static str], &'static [&'static str]),
    /// One of these setting names appears and a later word sets it off (`0`, `false`, `no`,
    /// `off`, any case): the direction of a security toggle matters
    /// (`LSQuarantine -bool NO` switches quarantine off, `-bool true` on).
    Off(&'static [&'static str]),
}

/// One row of [`ROWS`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    /// The program (basename).
    pub program: &'static str,
    /// When it applies.
    pub when: When,
    /// What it records.
    pub fact: Fact,
    /// A command that must give the fact.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// A command of the same program that must not give it.
    #[allow(dead_code)] // read by the tests
    pub quiet: &'static str,
    /// Its manual page or reference.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

use Fact::{Evasion, Persistence};
use When::{All, Always, Any, AnyAnd, Off, Operand, PairLast, Seq};

/// WordPress security plugins by their wordpress.org slug: firewalls, malware scanners and
/// login protection (Wordfence, Sucuri Security, Solid Security formerly iThemes Security,
/// All In One WP Security & Firewall, WP Cerber, Limit Login Attempts Reloaded, Wordfence
/// Login Security, Two Factor, NinjaFirewall, BBQ Firewall, MalCare, Shield Security).
const WP_SECURITY_PLUGINS: &[&str] = &[
    "wordfence",
    "sucuri-scanner",
    "better-wp-security",
    "ithemes-security-pro",
    "all-in-one-wp-security-and-firewall",
    "wp-cerber",
    "limit-login-attempts-reloaded",
    "wordfence-login-security",
    "two-factor",
    "ninjafirewall",
    "block-bad-queries",
    "malcare-security",
    "wp-simple-firewall",
];

/// The table.
pub(crate) const ROWS: &[Row] = &[
    Row {
        program: "history",
        when: Any(&["-c", "-cw", "-wc"]),
        fact: Evasion("history"),
        example: "history -c",
        quiet: "history 20",
        source: "bash(1) history",
    },
    // One entry removed (a mistyped password, a duplicate): a trim, not a wipe (asked about).
    Row {
        program: "history",
        when: Any(&["-d"]),
        fact: Evasion("history_entry"),
        example: "history -d 42",
        quiet: "history 20",
        source: "bash(1) history",
    },
    Row {
        program: "set",
        when: Seq("+o", "history"),
        fact: Evasion("history"),
        example: "set +o history",
        quiet: "set -o pipefail",
        source: "bash(1) set",
    },
    Row {
        program: "unset",
        when: Any(&["HISTFILE", "HISTSIZE", "HISTFILESIZE", "SAVEHIST"]),
        fact: Evasion("history"),
        example: "unset HISTFILE",
        quiet: "unset FOO",
        source: "bash(1) Shell Variables",
    },
    Row {
        program: "journalctl",
        when: Any(&["--vacuum-*", "--rotate", "--flush"]),
        fact: Evasion("log_upkeep"),
        example: "journalctl --vacuum-time=2d",
        quiet: "journalctl -u nginx --since today",
        source: "journalctl(1)",
    },
    Row {
        program: "auditctl",
        when: Any(&["-D", "-e"]),
        fact: Evasion("audit"),
        example: "auditctl -D",
        quiet: "auditctl -l",
        source: "auditctl(8)",
    },
    Row {
        program: "setenforce",
        when: Any(&["0", "Permissive", "permissive"]),
        fact: Evasion("mac"),
        example: "setenforce 0",
        quiet: "setenforce 1",
        source: "setenforce(8)",
    },
    Row {
        program: "aa-teardown",
        when: Always,
        fact: Evasion("mac"),
        example: "aa-teardown",
        quiet: "",
        source: "aa-teardown(8)",
    },
    Row {
        program: "aa-disable",
        when: Always,
        fact: Evasion("mac"),
        example: "aa-disable /etc/apparmor.d/usr.sbin.cupsd",
        quiet: "",
        source: "aa-disable(8)",
    },
    Row {
        program: "aa-complain",
        when: Always,
        fact: Evasion("mac"),
        example: "aa-complain /etc/apparmor.d/usr.bin.x",
        quiet: "",
        source: "aa-complain(8)",
    },
    Row {
        program: "csrutil",
        when: Any(&["disable"]),
        fact: Evasion("mac"),
        example: "csrutil disable",
        quiet: "csrutil status",
        source: "csrutil(8)",
    },
    Row {
        program: "spctl",
        when: Any(&["--master-disable", "--global-disable", "--disable"]),
        fact: Evasion("mac"),
        example: "spctl --master-disable",
        quiet: "spctl --status",
        source: "spctl(8)",
    },
    // A web server's application firewall switched off (a2dismod(8); ModSecurity's Apache
    // module is `security2`, mod_evasive's `evasive`): requests it blocked reach the site.
    Row {
        program: "a2dismod",
        when: Any(&["security2", "security", "mod_security", "mod_security2", "evasive", "evasive20"]),
        fact: Evasion("web_firewall"),
        example: "a2dismod security2",
        quiet: "a2dismod autoindex",
        source: "a2enmod(8); ModSecurity reference manual (mod_security2)",
    },
    // A WordPress security plugin switched off or removed by WP-CLI (`wp plugin deactivate|
    // delete|uninstall SLUG`; WP-CLI docs, "wp plugin"): its firewall, malware scan and login
    // protection stop.
    Row {
        program: "wp",
        when: AnyAnd(&["deactivate", "delete", "uninstall"], WP_SECURITY_PLUGINS),
        fact: Evasion("security_plugin"),
        example: "wp plugin deactivate wordfence --path=/var/www/html",
        quiet: "wp plugin deactivate hello-dolly",
        source: "WP-CLI docs, wp plugin deactivate; the plugins' wordpress.org pages",
    },
    Row {
        program: "ufw",
        when: Any(&["disable", "reset"]),
        fact: Evasion("firewall"),
        example: "ufw disable",
        quiet: "ufw status",
        source: "ufw(8)",
    },
    Row {
        program: "iptables",
        when: Any(&["-F", "--flush", "-X", "--delete-chain"]),
        fact: Evasion("firewall"),
        example: "iptables -F",
        quiet: "iptables -L -n",
        source: "iptables(8)",
    },
    Row {
        program: "iptables",
        when: PairLast("-P", "ACCEPT"),
        fact: Evasion("firewall"),
        example: "iptables -P INPUT ACCEPT",
        quiet: "iptables -P INPUT DROP",
        source: "iptables(8)",
    },
    Row {
        program: "ip6tables",
        when: Any(&["-F", "--flush", "-X", "--delete-chain"]),
        fact: Evasion("firewall"),
        example: "ip6tables -F",
        quiet: "ip6tables -L",
        source: "ip6tables(8)",
    },
    Row {
        program: "nft",
        when: Seq("flush", "ruleset"),
        fact: Evasion("firewall"),
        example: "nft flush ruleset",
        quiet: "nft list ruleset",
        source: "nft(8)",
    },
    Row {
        program: "pfctl",
        when: Any(&["-d", "-F"]),
        fact: Evasion("firewall"),
        example: "pfctl -d",
        quiet: "pfctl -s rules",
        source: "pfctl(8)",
    },
    Row {
        program: "firewall-cmd",
        when: Any(&["--panic-off", "--set-default-zone=trusted"]),
        fact: Evasion("firewall"),
        example: "firewall-cmd --set-default-zone=trusted",
        quiet: "firewall-cmd --state",
        source: "firewall-cmd(1)",
    },
    Row {
        program: "chattr",
        when: Any(&["-i", "-a", "-ia", "-ai"]),
        fact: Evasion("immutable"),
        example: "chattr -i /etc/passwd",
        quiet: "chattr +i notes.txt",
        source: "chattr(1)",
    },
    Row {
        program: "chflags",
        when: Any(&["noschg", "nouchg", "nosappnd"]),
        fact: Evasion("immutable"),
        example: "chflags noschg /etc/hosts",
        quiet: "chflags hidden x",
        source: "chflags(1)",
    },
    Row {
        program: "xattr",
        when: Seq("-d", "com.apple.quarantine"),
        fact: Evasion("mac"),
        example: "xattr -d com.apple.quarantine ./tool",
        quiet: "xattr -l ./tool",
        source: "xattr(1); Apple Gatekeeper: the quarantine attribute triggers the check",
    },
    Row {
        program: "xattr",
        when: Seq("-rd", "com.apple.quarantine"),
        fact: Evasion("mac"),
        example: "xattr -rd com.apple.quarantine /Applications/X.app",
        quiet: "xattr -p com.apple.quarantine ./tool",
        source: "xattr(1); Apple Gatekeeper",
    },
    Row {
        program: "xattr",
        when: Any(&["-c", "-cr", "-rc"]),
        fact: Evasion("mac"),
        example: "xattr -c ./tool",
        quiet: "xattr -w user.note x ./tool",
        source: "xattr(1) -c clears every attribute, quarantine included",
    },
    Row {
        program: "defaults",
        when: Off(&["GKAutoRearm", "LSQuarantine"]),
        fact: Evasion("mac"),
        example: "defaults write com.apple.LaunchServices LSQuarantine -bool NO",
        quiet: "defaults write com.apple.LaunchServices LSQuarantine -bool true",
        source: "Apple Gatekeeper and LaunchServices quarantine preferences",
    },
    // Login and logout hooks: a script loginwindow runs as root at every login or logout.
    Row {
        program: "defaults",
        when: All(&["write", "LoginHook"]),
        fact: Persistence("login_hook"),
        example: "defaults write com.apple.loginwindow LoginHook /Users/Shared/h.sh",
        quiet: "defaults read com.apple.loginwindow LoginHook",
        source: "Apple, Customizing login and logout (loginwindow LoginHook/LogoutHook); MITRE ATT&CK T1037.002",
    },
    Row {
        program: "defaults",
        when: All(&["write", "LogoutHook"]),
        fact: Persistence("login_hook"),
        example: "defaults write com.apple.loginwindow LogoutHook /Users/Shared/h.sh",
        quiet: "defaults delete com.apple.loginwindow LogoutHook",
        source: "Apple, Customizing login and logout; MITRE ATT&CK T1037.002",
    },
    Row {
        program: "ssh-keygen",
        when: Any(&["-s"]),
        fact: Persistence("ssh_certificate"),
        example: "ssh-keygen -s ca_key -I id -n root user.pub",
        quiet: "ssh-keygen -t ed25519 -f ./deploy_key",
        source: "ssh-keygen(1) CERTIFICATES: -s signs with a CA key every trusting host accepts",
    },
    Row {
        program: "passwd",
        // Locking or expiring an account takes a way in away (passwd(1) -l, -e): no new one.
        when: Operand(&["-S", "--status", "-a", "--all", "-l", "--lock", "-e", "--expire"]),
        fact: Persistence("account"),
        example: "passwd root",
        quiet: "passwd -l olddev",
        source: "passwd(1): naming an account other than one's own needs root; -l locks, -e expires",
    },
    Row {
        program: "pw",
        when: Any(&["useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel"]),
        fact: Persistence("account"),
        example: "pw useradd backdoor -g wheel",
        quiet: "pw usershow root",
        source: "FreeBSD pw(8)",
    },
    Row {
        program: "useradd",
        when: Always,
        fact: Persistence("account"),
        example: "useradd -m backdoor",
        quiet: "",
        source: "useradd(8)",
    },
    Row {
        program: "adduser",
        when: Always,
        fact: Persistence("account"),
        example: "adduser --disabled-password hacker",
        quiet: "",
        source: "adduser(8)",
    },
    Row {
        program: "usermod",
        when: Always,
        fact: Persistence("account"),
        example: "usermod -aG docker bob",
        quiet: "",
        source: "usermod(8)",
    },
    // Groups are account data too (group(5), gshadow(5)): a new or changed group is a new
    // membership or a new gid, and deleting an account or group changes who may do what.
    Row {
        program: "groupadd",
        when: Always,
        fact: Persistence("account"),
        example: "groupadd -r -g 0 -o rootgrp",
        quiet: "",
        source: "groupadd(8)",
    },
    Row {
        program: "groupmod",
        when: Always,
        fact: Persistence("account"),
        example: "groupmod -g 0 staff",
        quiet: "",
        source: "groupmod(8)",
    },
    Row {
        program: "groupdel",
        when: Always,
        fact: Persistence("account"),
        example: "groupdel audit",
        quiet: "",
        source: "groupdel(8)",
    },
    Row {
        program: "addgroup",
        when: Always,
        fact: Persistence("account"),
        example: "addgroup --gid 0 wheel2",
        quiet: "",
        source: "addgroup(8) (Debian adduser, BusyBox)",
    },
    Row {
        program: "delgroup",
        when: Always,
        fact: Persistence("account"),
        example: "delgroup adm",
        quiet: "",
        source: "delgroup(8)",
    },
    Row {
        program: "userdel",
        when: Always,
        fact: Persistence("account"),
        example: "userdel -r alice",
        quiet: "",
        source: "userdel(8)",
    },
    Row {
        program: "deluser",
        when: Always,
        fact: Persistence("account"),
        example: "deluser --remove-home alice",
        quiet: "",
        source: "deluser(8)",
    },
    Row {
        program: "dseditgroup",
        when: Seq("-o", "edit"),
        fact: Persistence("account"),
        example: "dseditgroup -o edit -a eve -t user admin",
        quiet: "dseditgroup -o checkmember -m eve admin",
        source: "dseditgroup(8)",
    },
    Row {
        program: "dseditgroup",
        when: Seq("-o", "create"),
        fact: Persistence("account"),
        example: "dseditgroup -o create hidden",
        quiet: "dseditgroup -o read admin",
        source: "dseditgroup(8)",
    },
    Row {
        program: "passwd",
        when: Any(&["-d", "--delete", "-u", "--unlock", "--stdin"]),
        fact: Persistence("account"),
        example: "passwd -d root",
        quiet: "passwd -S bob",
        source: "passwd(1)",
    },
    Row {
        program: "chpasswd",
        when: Always,
        fact: Persistence("account"),
        example: "chpasswd < users.txt",
        quiet: "",
        source: "chpasswd(8)",
    },
    Row {
        program: "newusers",
        when: Always,
        fact: Persistence("account"),
        example: "newusers list.txt",
        quiet: "",
        source: "newusers(8)",
    },
    Row {
        program: "gpasswd",
        when: Any(&["-a", "--add", "-M", "--members", "-A"]),
        fact: Persistence("account"),
        example: "gpasswd -a bob wheel",
        quiet: "",
        source: "gpasswd(1)",
    },
    Row {
        program: "dscl",
        when: Any(&["-create", "-append", "-passwd"]),
        fact: Persistence("account"),
        example: "dscl . -create /Users/hacker",
        quiet: "dscl . -list /Users",
        source: "dscl(1)",
    },
    Row {
        program: "sysadminctl",
        when: Any(&["-addUser", "-resetPasswordFor"]),
        fact: Persistence("account"),
        example: "sysadminctl -addUser x -password y -admin",
        quiet: "",
        source: "sysadminctl(8)",
    },
];

/// Services whose stop or disable switches a defence off (`systemctl stop firewalld`), matched
/// as a prefix of the unit name. The security agents are in the policy's `security_tools`.
pub(crate) const DEFENCE_SERVICES: &[&str] = &[
    "firewalld",
    "ufw",
    "iptables",
    "nftables",
    "auditd",
    "apparmor",
    "rsyslog",
    "syslog",
    "systemd-journald",
    "fail2ban",
    "selinux",
];

/// System log locations: a delete or overwrite there wipes a trace (T1070.002).
const LOG_DIRS: &[&str] = &["/var/log", "/var/audit", "/private/var/log", "/var/adm"];

fn word_matches(pat: &str, w: &str) -> bool {
    match pat.strip_suffix('*') {
        Some(prefix) => w.starts_with(prefix),
        None => w == pat,
    }
}

fn applies(when: When, words: &[&str]) -> bool {
    match when {
        Always => true,
        Any(list) => words
            .iter()
            .any(|w| list.iter().any(|p| word_matches(p, w))),
        Seq(x, y) => words.windows(2).any(|p| p[0] == x && p[1] == y),
        PairLast(x, last) => words.contains(&x) && words.last() == Some(&last),
        Operand(except) => {
            words.iter().any(|w| !w.starts_with('-') && !w.is_empty())
                && !words.iter().any(|w| except.contains(w))
        }
        All(list) => list
            .iter()
            .all(|p| words.iter().any(|w| word_matches(p, w))),
        AnyAnd(first, second) => {
            words.iter().any(|w| first.contains(w)) && words.iter().any(|w| second.contains(w))
        }
        Off(keys) => words.iter().enumerate().any(|(i, w)| {
            keys.contains(w)
                && words.iter().skip(i + 1).any(|v| {
                    matches!(
                        v.to_ascii_lowercase().as_str(),
                        "0" | "false" | "no" | "off"
                    )
                })
        }),
    }
}

/// Whether a `journalctl --vacuum-*` keeps next to nothing (journalctl(1)): less than a day
/// (`--vacuum-time=1s`, `10m`, `2h`), less than a mebibyte (`--vacuum-size=1K`), or at most
/// one file. Keeping days or megabytes is routine upkeep (`log_upkeep`, asked about); a bare
/// or unreadable value counts as a wipe.
fn journal_wipe(words: &[&str]) -> bool {
    let mut i = 0;
    while let Some(w) = words.get(i) {
        let (opt, val) = match w.split_once('=') {
            Some((o, v)) => (o, Some(v)),
            None => (*w, words.get(i + 1).copied()),
        };
        i += 1;
        let Some(kind) = opt.strip_prefix("--vacuum-") else {
            continue;
        };
        let v = val.unwrap_or("").trim().to_ascii_lowercase();
        let digits: String = v.chars().take_while(|c| c.is_ascii_digit()).collect();
        let unit = v.get(digits.len()..).unwrap_or("").trim();
        let Ok(n) = digits.parse::<u64>() else {
            return true;
        };
        let tiny = match kind {
            "time" => match unit {
                "" | "s" | "sec" | "second" | "seconds" | "ms" | "us" | "m" | "min" | "minute"
                | "minutes" => true,
                "h" | "hour" | "hours" => n < 24,
                _ => n == 0,
            },
            "size" => matches!(unit, "" | "b" | "k" | "kb" | "kib") || n == 0,
            "files" => n <= 1,
            _ => false,
        };
        if tiny {
            return true;
        }
    }
    false
}

/// Records the facts of the rows that match `name` and its arguments; stop and disable of a
/// defence service (`systemctl`, `service`, `rc-service`, `launchctl`); and timestomping
/// (`touch -r`/`-t`/`-d` of a path outside the project and the temporary directories).
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    let service = matches!(name, "systemctl" | "service" | "rc-service" | "launchctl");
    if !service && name != "touch" && !ROWS.iter().any(|r| r.program == name) {
        return;
    }
    let words: Vec<&str> = inv.words();
    if words.iter().any(|w| matches!(*w, "--help" | "-h")) {
        return;
    }
    for row in ROWS.iter().filter(|r| r.program == name) {
        if applies(row.when, &words) {
            match row.fact {
                Evasion("log_upkeep") => {
                    let kind = if journal_wipe(&words) {
                        "logs"
                    } else {
                        "log_upkeep"
                    };
                    a.evasion(kind, name, &inv.evidence);
                }
                // Lifting the immutable or append-only flag of files in the project or a
                // temporary folder (`chflags -R nouchg build`) unprotects the person's own
                // work, not a system file or a log.
                Evasion("immutable") if own_files_only(a, name, inv) => {}
                Evasion(kind) => a.evasion(kind, name, &inv.evidence),
                Persistence(kind) => a.persistence(kind, name, &inv.evidence),
            }
        }
    }
    if service {
        let stops = words.iter().any(|w| {
            matches!(
                *w,
                "stop" | "disable" | "mask" | "kill" | "unload" | "bootout"
            )
        });
        if stops {
            if let Some(unit) = words.iter().find(|w| {
                let base = w.rsplit('/').next().unwrap_or("");
                DEFENCE_SERVICES.iter().any(|s| base.starts_with(s))
            }) {
                let kind = if unit.contains("firewall")
                    || unit.contains("tables")
                    || unit.starts_with("ufw")
                {
                    "firewall"
                } else if unit.contains("log") || unit.contains("journal") {
                    "logs"
                } else if unit.contains("audit") {
                    "audit"
                } else {
                    "mac"
                };
                a.evasion(kind, unit, &inv.evidence);
            }
        }
    }
    if name == "touch" {
        timestomp(a, inv);
    }
    if name == "defaults" {
        defaults_store(a, inv);
    }
}

/// defaults(1) verbs that change a preferences domain.
const DEFAULTS_WRITES: &[&str] = &["write", "delete", "import", "rename"];

/// `defaults [-currentHost | -host H] write|delete|import|rename DOMAIN …` changes the property
/// list that stores DOMAIN (defaults(1)): a path names it (`.plist` added when missing); `-g`,
/// `-globalDomain` and `NSGlobalDomain` are `~/Library/Preferences/.GlobalPreferences.plist`;
/// `-app NAME` and a domain name are `~/Library/Preferences/NAME.plist` (`ByHost/` under
/// `-currentHost`). Recorded as a write of that file, so a change of another program's or the
/// system's settings is a write outside the project like any other.
fn defaults_store(a: &mut Analyzer, inv: &Inv) {
    let args = inv.rest();
    let mut by_host = false;
    let mut i = 0;
    while let Some(w) = args.get(i) {
        match w.text.as_str() {
            "-currentHost" => by_host = true,
            "-host" => {
                by_host = true;
                i += 1;
            }
            _ => break,
        }
        i += 1;
    }
    let Some(verb) = args.get(i) else {
        return;
    };
    if !DEFAULTS_WRITES.contains(&verb.text.as_str()) {
        return;
    }
    let Some(domain) = args.get(i + 1) else {
        return;
    };
    if domain.dynamic && domain.known_prefix == 0 {
        return;
    }
    let prefs = format!(
        "{}/Library/Preferences{}",
        a.ctx.home.trim_end_matches('/'),
        if by_host { "/ByHost" } else { "" }
    );
    let d = domain.text.as_str();
    let path = if d.starts_with('/') {
        if d.ends_with(".plist") {
            d.to_string()
        } else {
            format!("{d}.plist")
        }
    } else if matches!(d, "-g" | "-globalDomain" | "NSGlobalDomain") {
        format!("{prefs}/.GlobalPreferences.plist")
    } else if d == "-app" {
        match args.get(i + 2) {
            Some(app) => format!("{prefs}/{}.plist", crate::paths::basename(&app.text)),
            None => return,
        }
    } else if d.is_empty() || d.contains('/') {
        return;
    } else {
        format!("{prefs}/{d}.plist")
    };
    let r = crate::paths::Resolved {
        path: crate::paths::normalize(&path),
        dynamic: domain.dynamic,
        glob: false,
    };
    let how = format!("defaults {}", verb.text);
    a.add_path(&r, crate::facts::Access::Write, &how, false, &inv.evidence);
}

/// `touch -r REF FILE`, `touch -t STAMP FILE`, `touch -d DATE FILE` on a file outside the
/// project and the temporary directories: a planted file dated like the system's own.
fn timestomp(a: &mut Analyzer, inv: &Inv) {
    let args = inv.rest();
    let dated = args.iter().any(|w| {
        matches!(
            w.text.as_str(),
            "-r" | "-t" | "-d" | "--reference" | "--date"
        ) || w.text.starts_with("--reference=")
            || w.text.starts_with("--date=")
    });
    if !dated {
        return;
    }
    let mut skip = false;
    for w in args.iter().take(64) {
        if skip {
            skip = false;
            continue;
        }
        if matches!(
            w.text.as_str(),
            "-r" | "-t" | "-d" | "--reference" | "--date"
        ) {
            skip = true;
            continue;
        }
        if w.text.starts_with('-') {
            continue;
        }
        let r = crate::paths::resolve(w, &inv.cwd);
        let scope = crate::paths::scope(&r.path, r.dynamic, a.ctx);
        if matches!(
            scope,
            crate::facts::Scope::System | crate::facts::Scope::Home
        ) {
            a.evasion("timestomp", &r.path, &inv.evidence);
        }
    }
}

/// `HISTFILE` pointed away or emptied, or a history size set to 0 (`HISTFILE=/dev/null`,
/// `HISTSIZE=0`, `export SAVEHIST=0`): the shell stops keeping its history.
pub(crate) fn history_off(name: &str, value: &str) -> bool {
    match name {
        "HISTFILE" => value.is_empty() || value == "/dev/null",
        "HISTSIZE" | "HISTFILESIZE" | "SAVEHIST" => value == "0",
        _ => false,
    }
}

/// A program's own history file switched off by its variable: a name ending in `HISTFILE`
/// other than the shell's own (`MYSQL_HISTFILE`, `REDISCLI_HISTFILE`, `LESSHISTFILE`) or in
/// `_HISTORY` (`PSQL_HISTORY`, `SQLITE_HISTORY`, `NODE_REPL_HISTORY`, `PYTHON_HISTORY`), set
/// empty, to `/dev/null` or to `-` (less(1): no history file). The queries typed into that
/// client stop being kept: a trimmed trace (asked about), not the shell's history.
pub(crate) fn tool_history_off(name: &str, value: &str) -> bool {
    let tool_var = name != "HISTFILE" && (name.ends_with("HISTFILE") || name.ends_with("_HISTORY"));
    let v = value.trim_matches(['"', '\'']);
    tool_var && (v.is_empty() || v == "/dev/null" || v == "-")
}

/// Whether every file operand of `inv` lies in the project or a temporary folder: chattr(1)'s
/// operands follow its `+`/`-`/`=` modes, chflags(1)'s follow its first word (the flags).
fn own_files_only(a: &Analyzer, name: &str, inv: &Inv) -> bool {
    let mut ops: Vec<&crate::model::Arg> = inv
        .rest()
        .iter()
        .filter(|w| !w.text.starts_with(['-', '+', '=']))
        .collect();
    if name == "chflags" && !ops.is_empty() {
        ops.remove(0);
    }
    !ops.is_empty()
        && ops.iter().all(|w| {
            let r = crate::paths::resolve(w, &inv.cwd);
            !r.dynamic
                && matches!(
                    crate::paths::scope(&r.path, r.dynamic, a.ctx),
                    crate::facts::Scope::Project | crate::facts::Scope::Temp
                )
        })
}

/// A delete or overwrite of a system log (`rm /var/log/auth.log`, `> /var/log/syslog`,
/// `truncate -s0 /var/log/wtmp`, `shred /var/log/*`).
pub(crate) fn for_path(a: &mut Analyzer, path: &str, evidence: &str) {
    if LOG_DIRS.iter().any(|d| crate::paths::is_under(path, d)) {
        a.evasion("logs", path, evidence);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn has(cmd: &str, fact: Fact) -> bool {
        let f = analyze(cmd, &ctx());
        match fact {
            Evasion(k) => f.evasion.iter().any(|e| e.kind == k),
            Persistence(k) => f.persistence.iter().any(|e| e.kind == k),
        }
    }

    #[test]
    fn every_row_matches_its_example_and_not_its_quiet_neighbour() {
        for r in ROWS {
            assert!(has(r.example, r.fact), "{r:?}");
            assert!(
                r.example.starts_with(r.program),
                "example names another program: {r:?}"
            );
            if !r.quiet.is_empty() {
                assert!(!has(r.quiet, r.fact), "quiet neighbour flagged: {r:?}");
                assert!(!has(&format!("{} --help", r.program), r.fact), "{r:?}");
            }
        }
    }

    #[test]
    fn unprotecting_the_projects_own_files_is_not_evasion() {
        for cmd in [
            "chflags -R nouchg build",
            "chattr -i notes.txt",
            "chflags nouchg /tmp/x.lock",
        ] {
            assert!(analyze(cmd, &ctx()).evasion.is_empty(), "{cmd}");
        }
        for cmd in [
            "chflags -R nouchg build /etc/hosts",
            "chattr -i /etc/passwd",
            "chflags noschg ~/.ssh/authorized_keys",
            "chattr -a \"$F\"",
            "chflags nouchg",
        ] {
            assert!(!analyze(cmd, &ctx()).evasion.is_empty(), "{cmd}");
        }
    }

    #[test]
    fn history_logs_services_and_timestamps_by_shape() {
        for (cmd, kind) in [
            ("HISTFILE=/dev/null", "history"),
            ("export HISTSIZE=0", "history"),
            ("rm -f /var/log/auth.log", "logs"),
            ("echo > /var/log/syslog", "logs"),
            ("truncate -s0 /var/log/wtmp", "logs"),
            ("systemctl stop firewalld", "firewall"),
            ("service auditd stop", "audit"),
            ("systemctl disable --now apparmor", "mac"),
            ("touch -r /bin/ls /usr/local/bin/x", "timestomp"),
            ("sudo bash -c 'history -c'", "history"),
            ("journalctl --vacuum-size=1K", "logs"),
            ("journalctl --vacuum-time 10s", "logs"),
            ("journalctl --vacuum-files=1", "logs"),
            ("journalctl --vacuum-time=2d", "log_upkeep"),
            ("journalctl --vacuum-size=500M", "log_upkeep"),
            ("history -d 12", "history_entry"),
            ("export PSQL_HISTORY=/dev/null", "tool_history"),
            ("export MYSQL_HISTFILE=/dev/null", "tool_history"),
            ("LESSHISTFILE=- less notes.txt", "tool_history"),
            ("export NODE_REPL_HISTORY=''", "tool_history"),
            (
                "env SQLITE_HISTORY=/dev/null sqlite3 app.db",
                "tool_history",
            ),
        ] {
            assert!(has(cmd, Evasion(kind)), "{cmd}");
        }
        for cmd in [
            "export HISTSIZE=10000",
            "export PYTHON_HISTORY=~/.local/state/python_history",
            "export LESSHISTFILE=~/.local/state/lesshst",
            "touch -d '1 hour ago' build/stamp",
            "cat /var/log/syslog",
            "systemctl status firewalld",
            "systemctl restart nginx",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(f.evasion.is_empty(), "{cmd}: {:?}", f.evasion);
        }
    }

    /// Held-out set 5 class: `defaults write|delete|import|rename` changes the property list of
    /// its domain, a file outside the project, whatever the spelling of the domain.
    #[test]
    fn defaults_changes_write_the_domain_plist() {
        let prefs = "/home/dev/Library/Preferences";
        let mut cases = Vec::new();
        for verb in ["write", "delete", "import", "rename"] {
            for (domain, path) in [
                (
                    "com.apple.finder",
                    format!("{prefs}/com.apple.finder.plist"),
                ),
                ("com.apple.dock", format!("{prefs}/com.apple.dock.plist")),
                ("-g", format!("{prefs}/.GlobalPreferences.plist")),
                (
                    "NSGlobalDomain",
                    format!("{prefs}/.GlobalPreferences.plist"),
                ),
                (
                    "/Library/Preferences/com.apple.alf",
                    "/Library/Preferences/com.apple.alf.plist".to_string(),
                ),
                (
                    "~/Library/Preferences/com.x.y.plist",
                    format!("{prefs}/com.x.y.plist"),
                ),
            ] {
                for host in ["", "-currentHost "] {
                    let want = if host.is_empty() || domain.starts_with(['/', '~']) {
                        path.clone()
                    } else {
                        path.replace("/Preferences/", "/Preferences/ByHost/")
                    };
                    cases.push((
                        format!("defaults {host}{verb} {domain} Key -bool true"),
                        want,
                    ));
                }
            }
        }
        cases.push((
            "defaults write -app Safari ShowFullURL -bool true".into(),
            format!("{prefs}/Safari.plist"),
        ));
        cases.push((
            "sudo /usr/bin/defaults write /Library/Preferences/com.apple.locationmenu.plist X -bool true"
                .into(),
            "/Library/Preferences/com.apple.locationmenu.plist".into(),
        ));
        for (cmd, want) in &cases {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.path == *want && p.access == crate::Access::Write),
                "{cmd}: {:?}",
                f.paths
            );
        }
        for cmd in [
            "defaults read com.apple.finder",
            "defaults read-type com.apple.dock autohide",
            "defaults domains",
            "defaults export com.apple.dock -",
            "defaults find LoginHook",
            "defaults write \"$DOMAIN\" Key 1",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths.iter().all(|p| p.access != crate::Access::Write),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }
}
