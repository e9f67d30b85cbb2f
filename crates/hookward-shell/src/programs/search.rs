//! Searches for secret material (issue 11, credential search; MITRE ATT&CK T1552.001
//! "Credentials In Files"): a search is a [`crate::SecretSearchFact`] when its pattern names a
//! secret ([`SECRET_WORDS`] for content searches, [`SECRET_NAMES`] for name searches) or the
//! program is a secret scanner ([`SCANNERS`]). The mechanism is the same for every search
//! program: the table [`PROGRAMS`] says how each one spells its patterns and its roots; the
//! roots get a scope, and the policy decides by scope (a search of the project is the
//! project's business; one of a home or `/` is credential hunting).

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::SecretSearchFact;
use crate::model::Arg;
use crate::opts;
use crate::paths;

/// Words that name secret content, lower-case substrings of a content pattern (`grep -r
/// password`, `rg 'api_key|token'`, `grep "BEGIN RSA PRIVATE KEY"`, `grep -E 'AKIA[0-9A-Z]'`).
/// Sources: the rule names of common secret scanners' public documentation (AWS access key
/// ids `AKIA`, GitHub tokens `ghp_`/`github_pat_`, Slack `xox`, Stripe `sk_live`, PEM headers).
pub(crate) const SECRET_WORDS: &[&str] = &[
    "passw",
    "pass(",
    "pwd=",
    "secret",
    "token",
    "api_key",
    "apikey",
    "api-key",
    "api.key",
    "private key",
    "private_key",
    "privatekey",
    "begin rsa",
    "begin openssh",
    "begin ec",
    "begin dsa",
    "begin pgp private",
    "akia",
    "asia[",
    "aws_access",
    "aws_secret",
    "credential",
    "client_secret",
    "bearer",
    "authorization:",
    "ghp_",
    "gho_",
    "github_pat",
    "xoxb",
    "xoxp",
    "sk_live",
    "sk-ant",
    "mnemonic",
    "seed phrase",
];

/// Names of secret files, lower-case substrings of a name pattern (`find / -name id_rsa`,
/// `locate .kdbx`, `fd -e pem`). A pattern ending in `.pub` (a public key) is not secret, nor
/// is `passwd` (the world-readable account list; `shadow` holds the hashes).
/// Sources: the path classes of `hookward-facts/src/secrets.rs` (key files by name, stores
/// under any home).
pub(crate) const SECRET_NAMES: &[&str] = &[
    "id_rsa",
    "id_dsa",
    "id_ecdsa",
    "id_ed25519",
    "id_*",
    ".pem",
    ".key",
    ".p12",
    ".pfx",
    ".ppk",
    ".kdbx",
    ".keychain",
    ".jks",
    "keystore",
    ".env",
    "credentials",
    ".netrc",
    ".pgpass",
    "_history",
    ".git-credentials",
    "authorized_keys",
    "shadow",
    "wallet",
    ".ovpn",
    "secret",
    "password",
    "token",
    ".npmrc",
    ".pypirc",
    "kubeconfig",
    ".kube",
    ".aws",
    ".ssh",
    ".gnupg",
    "service-account",
    "sa-key",
];

/// Secret scanners: their whole job is to find secrets, so every root they search is a
/// secret search (trufflehog, gitleaks, detect-secrets, noseyparker, ggshield, whispers).
pub(crate) const SCANNERS: &[&str] = &[
    "trufflehog",
    "gitleaks",
    "detect-secrets",
    "noseyparker",
    "ggshield",
    "whispers",
];

/// How a search program spells its pattern and its roots.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// grep-like: the first operand is the pattern (unless `-e`/`--regexp` gives it), the rest
    /// are roots; content patterns.
    Content,
    /// find: roots come first, patterns are the values of `-name`, `-path`, `-regex` …
    Find,
    /// locate: every operand is a name pattern; the root is the whole file system.
    Locate,
    /// fd: the first operand is the name pattern (and `-e EXT`), the rest are roots.
    Fd,
    /// A secret scanner: path-like operands and `--source`/`--path` values are roots.
    Scanner,
}

/// One search program.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Program {
    /// The program names.
    pub names: &'static [&'static str],
    /// How it spells patterns and roots.
    pub kind: Kind,
    /// Options that take a value (so the value is not mistaken for an operand).
    pub valued: &'static [&'static str],
    /// A command that must give a secret search.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
}

const GREP_VALUED: &[&str] = &[
    "-e",
    "--regexp",
    "-f",
    "--file",
    "-m",
    "--max-count",
    "-A",
    "-B",
    "-C",
    "--include",
    "--exclude",
    "--exclude-dir",
    "-d",
    "-D",
    "--color",
    "--colour",
];

const RG_VALUED: &[&str] = &[
    "-e",
    "--regexp",
    "-f",
    "--file",
    "-m",
    "-A",
    "-B",
    "-C",
    "-g",
    "--glob",
    "-t",
    "--type",
    "-T",
    "--type-not",
    "--max-depth",
    "-r",
    "--replace",
    "-E",
    "--encoding",
    "-j",
    "--threads",
];

/// The table. Sources: grep(1), rg(1), ag(1), ack(1), find(1), locate(1), fd(1), and the
/// scanners' READMEs.
pub(crate) const PROGRAMS: &[Program] = &[
    Program {
        names: &["grep", "egrep", "fgrep", "zgrep", "ugrep"],
        kind: Kind::Content,
        valued: GREP_VALUED,
        example: "grep -rni password ~",
    },
    Program {
        names: &["rg", "ag", "ack", "pt", "sift"],
        kind: Kind::Content,
        valued: RG_VALUED,
        example: "rg -i 'api_key|secret' /home",
    },
    Program {
        names: &["find", "gfind", "bfs"],
        kind: Kind::Find,
        valued: &[],
        example: "find / -name id_rsa",
    },
    Program {
        names: &["locate", "mlocate", "plocate", "slocate"],
        kind: Kind::Locate,
        valued: &["-d", "--database", "-l", "--limit", "-n"],
        example: "locate .kdbx",
    },
    Program {
        names: &["fd", "fdfind"],
        kind: Kind::Fd,
        valued: &[
            "-e",
            "--extension",
            "-t",
            "--type",
            "-d",
            "--max-depth",
            "-E",
            "--exclude",
        ],
        example: "fd -H -e pem . ~",
    },
    Program {
        names: SCANNERS,
        kind: Kind::Scanner,
        valued: &[
            "--source",
            "-s",
            "--path",
            "--config",
            "-c",
            "--report-path",
            "-r",
        ],
        example: "trufflehog filesystem /",
    },
];

/// Find's options that carry a name pattern.
const FIND_PATTERN: &[&str] = &[
    "-name",
    "-iname",
    "-path",
    "-ipath",
    "-wholename",
    "-iwholename",
    "-regex",
    "-iregex",
    "-lname",
    "-ilname",
];

/// The secret word `pattern` names, if any.
fn secret_in(pattern: &str, names: bool) -> Option<&'static str> {
    let p = pattern.to_ascii_lowercase();
    let p = p.trim_matches(|c| c == '\'' || c == '"');
    if names && (p.ends_with(".pub") || p.ends_with(".pub'") || p.ends_with("example")) {
        return None;
    }
    let list = if names { SECRET_NAMES } else { SECRET_WORDS };
    list.iter().copied().find(|w| p.contains(w))
}

/// Records a secret search for `name` (a program of [`PROGRAMS`]); nothing for any other.
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    let Some(prog) = PROGRAMS.iter().find(|p| p.names.contains(&name)) else {
        return;
    };
    let args = inv.rest();
    if args
        .iter()
        .any(|w| matches!(w.text.as_str(), "--help" | "-h"))
        && prog.kind != Kind::Fd
    {
        return;
    }
    let (pattern, roots): (Option<&'static str>, Vec<Arg>) = match prog.kind {
        Kind::Content => {
            let p = opts::parse(args, prog.valued, false);
            let recursive = !matches!(name, "grep" | "egrep" | "fgrep")
                || p.has(&["-r", "-R", "--recursive", "--dereference-recursive"]);
            let given = p.values(&["-e", "--regexp"]);
            let mut ops = p.operands.clone();
            let pats: Vec<String> = if given.is_empty() {
                if ops.is_empty() {
                    return;
                }
                vec![ops.remove(0).text]
            } else {
                given.iter().map(|x| x.text.clone()).collect()
            };
            if ops.is_empty() && !recursive {
                return;
            }
            (pats.iter().find_map(|x| secret_in(x, false)), ops)
        }
        Kind::Find => {
            let mut roots = Vec::new();
            let mut pat = None;
            let mut i = 0;
            let mut in_expr = false;
            let mut named = false;
            while let Some(w) = args.get(i) {
                let t = w.text.as_str();
                if t.starts_with('-') || t == "(" || t == "!" || t == "\\(" {
                    in_expr = true;
                }
                if !in_expr {
                    roots.push(w.clone());
                } else if FIND_PATTERN.contains(&t) {
                    named = true;
                    if let Some(v) = args.get(i + 1) {
                        pat = pat.or_else(|| secret_in(&v.text, true));
                        i += 1;
                    }
                }
                i += 1;
            }
            // No name pattern: every file under the roots is listed, so a root that names
            // secret material (`find /var/run/secrets -type f`) is the search.
            if !named {
                pat = roots.iter().find_map(|r| secret_in(&r.text, true));
            }
            (pat, roots)
        }
        Kind::Locate => {
            let p = opts::parse(args, prog.valued, false);
            let pat = p.operands.iter().find_map(|x| secret_in(&x.text, true));
            (pat, vec![Arg::lit("/")])
        }
        Kind::Fd => {
            let p = opts::parse(args, prog.valued, false);
            let mut ops = p.operands.clone();
            let first = if ops.is_empty() {
                None
            } else {
                Some(ops.remove(0).text)
            };
            let pat = first
                .as_deref()
                .and_then(|x| secret_in(x, true))
                .or_else(|| {
                    p.values(&["-e", "--extension"])
                        .iter()
                        .find_map(|x| secret_in(&format!(".{}", x.text), true))
                });
            (pat, ops)
        }
        Kind::Scanner => {
            let p = opts::parse(args, prog.valued, false);
            let mut roots: Vec<Arg> = p
                .values(&["--source", "-s", "--path"])
                .into_iter()
                .cloned()
                .collect();
            for op in &p.operands {
                let t = op.text.strip_prefix("file://").unwrap_or(&op.text);
                if t.starts_with(['/', '~', '.']) || op.from_var {
                    let mut x = op.clone();
                    x.text = t.to_string();
                    roots.push(x);
                }
            }
            (Some("scanner"), roots)
        }
    };
    let Some(pattern) = pattern else { return };
    let roots = if roots.is_empty() {
        vec![Arg::lit(&inv.cwd.text)]
    } else {
        roots
    };
    for root in roots.iter().take(16) {
        let r = paths::resolve(root, &inv.cwd);
        let scope = paths::scope(&r.path, r.dynamic, a.ctx);
        let home = paths::normalized(&a.ctx.home);
        let top = r.path.trim_end_matches(['/', '*']);
        let broad = !r.dynamic
            && (top.is_empty()
                || top == home
                || matches!(top, "/home" | "/Users" | "/root" | "/var/root")
                || top
                    .strip_prefix("/home/")
                    .or_else(|| top.strip_prefix("/Users/"))
                    .is_some_and(|u| !u.contains('/')));
        let fact = SecretSearchFact {
            program: name.to_string(),
            pattern: pattern.to_string(),
            root: r.path.clone(),
            scope,
            broad,
            evidence: clip(&inv.evidence),
        };
        if !a.facts.secret_search.contains(&fact) {
            a.facts.secret_search.push(fact);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::Scope;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn outside(cmd: &str) -> bool {
        analyze(cmd, &ctx())
            .secret_search
            .iter()
            .any(|s| matches!(s.scope, Scope::Home | Scope::System))
    }

    #[test]
    fn every_program_row_finds_its_example() {
        for p in PROGRAMS {
            assert!(outside(p.example), "{p:?}");
            assert!(p.names.iter().any(|n| p.example.starts_with(n)), "{p:?}");
        }
    }

    #[test]
    fn secret_searches_by_pattern_and_root() {
        for cmd in [
            "grep -r password ~",
            "grep -rE 'AKIA[0-9A-Z]{16}' /home",
            "grep -R 'BEGIN RSA PRIVATE KEY' /",
            "find ~ -name '*.pem'",
            "find / -type f -name .env 2>/dev/null",
            "find /home -name .bash_history",
            "locate id_rsa",
            "gitleaks detect --source ~",
            "trufflehog filesystem file:///home",
            "ag -i token /etc",
            "sudo grep -ri passw /etc",
        ] {
            assert!(
                outside(cmd),
                "{cmd}: {:?}",
                analyze(cmd, &ctx()).secret_search
            );
        }
        for cmd in [
            "grep -rn password src/",
            "grep -r TODO ~",
            "find ~ -name '*.rs'",
            "find ~ -name id_rsa.pub",
            "locate libssl.so",
            "fd passwd /etc",
            "gitleaks detect --source .",
            "rg -n api_key src",
            "history | grep -i token",
            "grep password notes.txt",
        ] {
            assert!(
                !outside(cmd),
                "{cmd}: {:?}",
                analyze(cmd, &ctx()).secret_search
            );
        }
    }
}
