//! Programs that print or export a stored secret, as data (issue 11, item 1): each is a read of
//! the credential store it takes the secret from, so the same path classes and rules apply as to
//! `cat` of that store (`gpg --export-secret-keys` reads `~/.gnupg`, `security
//! find-generic-password -w` the login keychain). Covering a new program is one row of
//! [`EXPORTS`]. Public material (`gpg --export`, `ssh-keygen -y`) is not a row.

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;
use crate::paths::Resolved;

/// One program form that hands out a stored secret.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Export {
    /// The program names.
    pub programs: &'static [&'static str],
    /// Every one of these words must appear (options or subcommands, any order)…
    pub all: &'static [&'static str],
    /// …and, when not empty, at least one of these.
    pub any: &'static [&'static str],
    /// The store read, relative to the home directory.
    pub store: &'static str,
    /// A command that must match.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Where the behaviour is documented.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

const GPG: &[&str] = &["gpg", "gpg2"];

/// The table.
pub(crate) const EXPORTS: &[Export] = &[
    Export {
        programs: GPG,
        all: &[],
        any: &[
            "--export-secret-keys",
            "--export-secret-subkeys",
            "--export-secret-key",
        ],
        store: ".gnupg/private-keys-v1.d",
        example: "gpg --export-secret-subkeys ABCD",
        source: "gpg(1) --export-secret-keys",
    },
    Export {
        programs: &["gpgsm"],
        all: &[],
        any: &[
            "--export-secret-key-p12",
            "--export-secret-key-p8",
            "--export-secret-key-raw",
        ],
        store: ".gnupg/private-keys-v1.d",
        example: "gpgsm --export-secret-key-p12 x",
        source: "gpgsm(1)",
    },
    Export {
        programs: &["security"],
        all: &[],
        any: &["dump-keychain", "export"],
        store: "Library/Keychains/login.keychain-db",
        example: "security dump-keychain -d",
        source: "security(1)",
    },
    Export {
        programs: &["security"],
        all: &["find-generic-password"],
        any: &["-w", "-g"],
        store: "Library/Keychains/login.keychain-db",
        example: "security find-generic-password -s x -w",
        source: "security(1) find-generic-password",
    },
    Export {
        programs: &["security"],
        all: &["find-internet-password"],
        any: &["-w", "-g"],
        store: "Library/Keychains/login.keychain-db",
        example: "security find-internet-password -s h -g",
        source: "security(1) find-internet-password",
    },
    Export {
        programs: &["secret-tool"],
        all: &[],
        any: &["lookup", "search"],
        store: ".local/share/keyrings",
        example: "secret-tool lookup service x",
        source: "secret-tool(1)",
    },
    Export {
        programs: &["pass"],
        all: &["show"],
        any: &[],
        store: ".password-store",
        example: "pass show aws/prod",
        source: "pass(1)",
    },
    Export {
        programs: &["gh"],
        all: &["auth", "token"],
        any: &[],
        store: ".config/gh/hosts.yml",
        example: "gh auth token",
        source: "gh auth token",
    },
    Export {
        programs: &["gcloud"],
        all: &["auth"],
        any: &["print-access-token", "print-identity-token"],
        store: ".config/gcloud",
        example: "gcloud auth print-access-token",
        source: "gcloud auth print-access-token",
    },
    Export {
        programs: &["aws"],
        all: &["configure"],
        any: &["export-credentials"],
        store: ".aws/credentials",
        example: "aws configure export-credentials",
        source: "aws configure export-credentials",
    },
    Export {
        programs: &["aws"],
        all: &["configure", "get"],
        any: &["aws_secret_access_key", "aws_session_token"],
        store: ".aws/credentials",
        example: "aws configure get aws_secret_access_key",
        source: "aws configure get",
    },
    Export {
        programs: &["az"],
        all: &["account", "get-access-token"],
        any: &[],
        store: ".azure",
        example: "az account get-access-token",
        source: "az account get-access-token",
    },
    Export {
        programs: &["kubectl"],
        all: &["config", "view"],
        any: &["--raw"],
        store: ".kube/config",
        example: "kubectl config view --raw",
        source: "kubectl config view --raw",
    },
];

fn matches(e: &Export, name: &str, words: &[&str]) -> bool {
    // A one-letter option also counts inside a bundle of short options (`-wa` is `-w -a`).
    let has = |w: &str| {
        words.contains(&w)
            || (w.len() == 2
                && w.starts_with('-')
                && words.iter().any(|x| {
                    x.len() > 2
                        && x.starts_with('-')
                        && !x.starts_with("--")
                        && x.chars().skip(1).all(|c| c.is_ascii_alphabetic())
                        && x.contains(&w[1..])
                }))
    };
    e.programs.contains(&name)
        && e.all.iter().all(|w| has(w))
        && (e.any.is_empty() || e.any.iter().any(|w| has(w)))
}

/// Adds a read of the credential store for every row the command matches.
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    if !EXPORTS.iter().any(|e| e.programs.contains(&name)) {
        return;
    }
    let words: Vec<&str> = inv
        .rest()
        .iter()
        .take(64)
        .map(|w| w.text.as_str())
        .collect();
    let home = a.ctx.home.trim_end_matches('/').to_string();
    for e in EXPORTS {
        if matches(e, name, &words) {
            let r = Resolved {
                path: crate::paths::normalize(&format!("{home}/{}", e.store)),
                dynamic: false,
                glob: false,
            };
            let how = format!(
                "{name} {}",
                e.all
                    .iter()
                    .chain(e.any.iter().filter(|w| words.contains(w)))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            a.add_path(&r, Access::Read, how.trim(), false, &inv.evidence);
        }
    }
}

/// Key tools whose output is public material only: `ssh-keygen -y` (public key of a private
/// key), `-l`/`-B` (fingerprint), `-L` (certificate contents), per ssh-keygen(1). Their `-f`
/// operand is not a read of a secret that reaches the model.
pub(super) fn public_only(name: &str, inv: &Inv) -> bool {
    name == "ssh-keygen"
        && inv.rest().iter().any(|w| {
            matches!(
                w.text.as_str(),
                "-y" | "-l" | "-L" | "-B" | "-lf" | "-yf" | "-Lf"
            )
        })
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

    #[test]
    fn every_row_reads_its_store() {
        for e in EXPORTS {
            let f = analyze(e.example, &ctx());
            let want = format!("/home/dev/{}", e.store);
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.path == want && p.access == Access::Read),
                "{e:?}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn public_material_is_not_an_export() {
        for cmd in [
            "ssh-keygen -y -f ~/.ssh/id_rsa",
            "ssh-keygen -lf ~/.ssh/id_ed25519",
            "gpg --export ABCD",
            "gpg --list-secret-keys",
            "security find-certificate -a",
            "security find-generic-password -s x",
            "gh auth status",
            "gcloud auth list",
            "aws configure get region",
            "kubectl config view",
            "pass ls",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths
                    .iter()
                    .all(|p| !p.path.starts_with("/home/dev/.") && !p.path.contains("Library")),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }
}
