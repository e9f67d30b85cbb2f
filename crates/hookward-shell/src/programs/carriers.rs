//! Programs that take a file's content somewhere else: encrypt it into a new file, stage or
//! store it in git's object database, print a diff of it, copy it into a container. Their file
//! operands are reads (how `<program> carried`), so a credential store named there is a
//! credential read like `cat`'s (issue 11: `openssl enc -in ~/.ssh/id_rsa`, `git add -f KEY`,
//! `git hash-object -w KEY`, `gpg -c KEY`, `docker cp KEY c:/`).
//!
//! The `how` ends in ` carried` so that the policy can keep the weaker name-only classes
//! (`*.pem`: certificates share it) quiet for these programs: `openssl x509 -in cert.pem`.

use crate::analyzer::{Analyzer, Inv};
use crate::facts::Access;

use super::looks_like_path;

/// One row: the program, the subcommand that makes it carry content (`""`: any), whether its
/// operands are files, and the options whose value is a file read. Sources: openssl(1)
/// (`-in`, `-inkey`, `-key`), git-add(1), git-diff(1) `--no-index`, git-hash-object(1),
/// gpg(1) (operands are files to sign/encrypt), docker-cp(1)/podman-cp(1)/kubectl cp.
pub(crate) struct Row {
    /// The program (basename).
    pub program: &'static str,
    /// The subcommand (first operand) required, or `""`.
    pub sub: &'static str,
    /// Whether operands (after the subcommand) are files read.
    pub operands: bool,
    /// Options whose value is a file read.
    pub value_opts: &'static [&'static str],
    /// Whether every operand is a path even without a path's look (git's pathspecs:
    /// `git add keys/signing.pem` stages that file; gpg's operands may be key ids instead).
    pub pathspecs: bool,
    /// A command that must give a carried read (checked by a test).
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
}

/// The table.
pub(crate) const ROWS: &[Row] = &[
    Row {
        program: "openssl",
        sub: "",
        operands: false,
        value_opts: &["-in", "-inkey", "-key", "-signkey", "-infiles"],
        pathspecs: false,
        example: "openssl enc -aes-256-cbc -in /home/x/.ssh/id_rsa -out k.enc",
    },
    Row {
        program: "git",
        sub: "add",
        operands: true,
        value_opts: &[],
        pathspecs: true,
        example: "git add -f /home/x/.ssh/id_rsa",
    },
    Row {
        program: "git",
        sub: "diff",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "git diff --no-index /dev/null /home/x/.ssh/id_rsa",
    },
    Row {
        program: "git",
        sub: "hash-object",
        operands: true,
        value_opts: &[],
        pathspecs: true,
        example: "git hash-object -w /home/x/.ssh/id_ed25519",
    },
    Row {
        program: "gpg",
        sub: "",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "gpg -c /home/x/.ssh/id_rsa",
    },
    Row {
        program: "gpg2",
        sub: "",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "gpg2 --symmetric /home/x/.aws/credentials",
    },
    Row {
        program: "docker",
        sub: "cp",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "docker cp /home/x/.aws/credentials c1:/tmp/",
    },
    Row {
        program: "podman",
        sub: "cp",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "podman cp /home/x/.ssh/id_rsa c1:/tmp/",
    },
    Row {
        program: "kubectl",
        sub: "cp",
        operands: true,
        value_opts: &[],
        pathspecs: false,
        example: "kubectl cp /home/x/.ssh/id_rsa pod:/tmp/k",
    },
];

/// Global options that take a value before the subcommand, per program: git(1) `-C`, `-c`,
/// `--git-dir`, `--work-tree`, `--namespace`, `--config-env`; docker(1) `-H`/`--host`,
/// `--context`, `-c`, `--config`, `-l`/`--log-level`; kubectl(1) `-n`/`--namespace`,
/// `--context`, `--kubeconfig`, `-s`/`--server`, `--cluster`, `--user`.
const GLOBAL_VALUE_OPTS: &[(&str, &[&str])] = &[
    (
        "git",
        &[
            "-C",
            "-c",
            "--git-dir",
            "--work-tree",
            "--namespace",
            "--config-env",
        ],
    ),
    (
        "docker",
        &[
            "-H",
            "--host",
            "--context",
            "-c",
            "--config",
            "-l",
            "--log-level",
        ],
    ),
    (
        "kubectl",
        &[
            "-n",
            "--namespace",
            "--context",
            "--kubeconfig",
            "-s",
            "--server",
            "--cluster",
            "--user",
        ],
    ),
];

/// The index of the subcommand: the first word that is neither an option nor the value of
/// one of `name`'s global options ([`GLOBAL_VALUE_OPTS`]): `git -C ~/dotfiles add …` → `add`.
fn first_operand(name: &str, words: &[crate::model::Arg]) -> Option<usize> {
    let takes_value = GLOBAL_VALUE_OPTS
        .iter()
        .find(|(p, _)| *p == name)
        .map(|(_, o)| *o)
        .unwrap_or(&[]);
    let mut i = 0;
    while let Some(w) = words.get(i) {
        if !w.text.starts_with('-') {
            return Some(i);
        }
        i += if takes_value.contains(&w.text.as_str()) {
            2
        } else {
            1
        };
    }
    None
}

/// Records the carried reads of `name`'s arguments (path-looking operands and listed option
/// values; `ctr:/path` container operands are not local files).
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    let words = inv.rest();
    let first_op = first_operand(name, words);
    for row in ROWS.iter().filter(|r| r.program == name) {
        let start = if row.sub.is_empty() {
            0
        } else {
            match first_op {
                Some(i) if words.get(i).is_some_and(|w| w.text == row.sub) => i + 1,
                _ => continue,
            }
        };
        // git-add(1) `-f`/`--force`: "Allow adding otherwise ignored files" — staged past the
        // project's .gitignore, which is where secrets are kept out of history (session 27).
        let forced = name == "git"
            && row.sub == "add"
            && words.iter().skip(start).take(64).any(|w| {
                w.text == "--force"
                    || (w.text.starts_with('-')
                        && !w.text.starts_with("--")
                        && w.text.len() > 1
                        && w.text[1..].chars().all(|c| c.is_ascii_alphabetic())
                        && w.text.contains('f'))
            });
        let how = if forced {
            format!("{name} forced carried")
        } else {
            format!("{name} carried")
        };
        let mut i = start;
        while let Some(w) = words.get(i).filter(|_| i < start + 64) {
            i += 1;
            if row.value_opts.contains(&w.text.as_str()) {
                if let Some(v) = words.get(i) {
                    if !v.dynamic || looks_like_path(&v.text) {
                        a.path_arg(&inv.cwd, v, Access::Read, &how, false);
                    }
                    i += 1;
                }
                continue;
            }
            if !row.operands || w.text.starts_with('-') {
                continue;
            }
            let pathspec = row.pathspecs
                && !w.text.is_empty()
                && !w.text.starts_with(':')
                && !w.text.contains("://")
                && w.text != "."
                && w.text != "--";
            if looks_like_path(&w.text) || pathspec {
                a.path_arg(&inv.cwd, w, Access::Read, &how, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/x/project".into(),
            home: "/home/x".into(),
            project_dir: Some("/home/x/project".into()),
        }
    }

    #[test]
    fn every_row_reads_its_example() {
        for r in ROWS {
            let f = analyze(r.example, &ctx());
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.how.ends_with(" carried") && p.path.starts_with("/home/x/.")),
                "{}: {:?}",
                r.example,
                f.paths
            );
        }
    }

    #[test]
    fn global_options_before_the_subcommand_are_skipped() {
        for cmd in [
            "git -C ~/dotfiles add -f /home/x/.ssh/id_ed25519",
            "git -c core.autocrlf=false add /home/x/.aws/credentials",
            "kubectl -n prod cp /home/x/.ssh/id_rsa pod:/tmp/k",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths
                    .iter()
                    .any(|p| p.how.ends_with(" carried") && p.path.starts_with("/home/x/.")),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    /// Session 27: `git add -f`/`--force`/`-fA` is recorded as forced, other adds are not.
    #[test]
    fn forced_adds_are_marked() {
        for (cmd, forced) in [
            ("git add -f config/secrets.yml", true),
            ("git add --force deploy/db.txt", true),
            ("git -C sub add -fv notes.txt", true),
            ("git add config/secrets.yml", false),
            ("git add -p src/x.rs", false),
        ] {
            let f = analyze(cmd, &ctx());
            let hows: Vec<&str> = f.paths.iter().map(|p| p.how.as_str()).collect();
            assert_eq!(
                hows.contains(&"git forced carried"),
                forced,
                "{cmd}: {hows:?}"
            );
        }
    }

    #[test]
    fn git_pathspecs_are_paths_without_a_paths_look() {
        for (cmd, path) in [
            (
                "git add -f keys/release-signing.pem",
                "/home/x/project/keys/release-signing.pem",
            ),
            (
                "git add config/master.key && git commit -m x",
                "/home/x/project/config/master.key",
            ),
            (
                "git hash-object -w deploy_ed25519",
                "/home/x/project/deploy_ed25519",
            ),
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                f.paths.iter().any(
                    |p| (p.how == "git carried" || p.how == "git forced carried") && p.path == path
                ),
                "{cmd}: {:?}",
                f.paths
            );
        }
        // Pathspec magic, URLs and the whole tree are not one file; gpg's operands may be ids.
        for cmd in [
            "git add .",
            "git add :/",
            "git add -- .",
            "gpg --recv-keys ABCD1234",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                !f.paths.iter().any(|p| p.how.ends_with(" carried")),
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn other_subcommands_carry_nothing() {
        for cmd in [
            "git commit -m x",
            "docker run img",
            "git push origin main",
            "git -C add commit -m x",
        ] {
            let f = analyze(cmd, &ctx());
            assert!(
                !f.paths.iter().any(|p| p.how.ends_with(" carried")),
                "{cmd}"
            );
        }
    }
}
