//! Secrets that a shell command writes into a file and stages in git in the same line (session
//! 27, issue 11 item 1; rule `path/secret-written-staged`): `echo "key: $DEPLOY_KEY" >>
//! docs/DEPLOY.md && git add docs/DEPLOY.md`, `env > debug.txt && git add -A`. What the file
//! receives comes from `hookward-shell`'s `written_files` (a secret-named variable's value, by
//! `hookward-redact`'s one list of secret names, or an environment dump); what is staged from
//! git's own command words: the files `git add` names (the analyzer's `git carried` reads, a
//! folder stages what lies below it), everything in the project for `git add -A`/`--all`/`.`/
//! `:/`/`-u` and `git commit -a` (git-add(1), git-commit(1)). Computed only when the command
//! runs `git add` or `git commit -a`.

use serde::{Deserialize, Serialize};

/// One file that receives a secret and is staged by the same command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StagedSecret {
    /// The file written and staged.
    pub path: String,
    /// What it receives, in words (`the secret-named variable $DEPLOY_KEY`).
    pub what: String,
}

/// How one `git` invocation stages: `None` when it stages nothing, `Some(true)` for the whole
/// work tree, `Some(false)` for the files it names.
fn stages(argv: &[String]) -> Option<bool> {
    let mut i = 1;
    // global options with a value before the subcommand (git(1) -C, -c, --git-dir, --work-tree)
    while let Some(w) = argv.get(i) {
        if matches!(w.as_str(), "-C" | "-c" | "--git-dir" | "--work-tree") {
            i += 2;
        } else if w.starts_with('-') {
            i += 1;
        } else {
            break;
        }
    }
    let sub = argv.get(i)?.as_str();
    let rest = argv.get(i + 1..).unwrap_or(&[]);
    let short_has = |c: char| {
        rest.iter().any(|w| {
            w.starts_with('-')
                && !w.starts_with("--")
                && w.len() > 1
                && w[1..].chars().all(|x| x.is_ascii_alphabetic())
                && w.contains(c)
        })
    };
    match sub {
        "add" => Some(
            rest.iter().any(|w| {
                matches!(
                    w.as_str(),
                    "--all" | "." | ":/" | "--update" | "*" | "-A" | "-u"
                )
            }) || short_has('A')
                || short_has('u'),
        ),
        "commit" if rest.iter().any(|w| w == "--all") || short_has('a') => Some(true),
        _ => None,
    }
}

fn under(path: &str, base: &str) -> bool {
    let base = base.trim_end_matches('/');
    path == base || (path.starts_with(base) && path.as_bytes().get(base.len()) == Some(&b'/'))
}

/// Whether `$var` or `${var` appears in `command` where the shell expands it: not inside single
/// quotes (bash(1) QUOTING: "Enclosing characters in single quotes preserves the literal value"),
/// not escaped with a backslash. `echo 'set $API_KEY first' >> README.md` writes the name, not
/// the secret.
fn expands(command: &str, var: &str) -> bool {
    let b = command.as_bytes();
    let (mut single, mut double) = (false, false);
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' if !single => i += 1,
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'$' if !single => {
                let rest = command.get(i + 1..).unwrap_or("");
                let rest = rest.strip_prefix('{').unwrap_or(rest);
                if rest.starts_with(var)
                    && !rest[var.len()..]
                        .bytes()
                        .next()
                        .is_some_and(|n| n.is_ascii_alphanumeric() || n == b'_')
                {
                    return true;
                }
            }
            _ => {}
        }
        i += 1;
    }
    false
}

/// `f` when it is a secret by its place or name (a sensitive path class, or a secret's name).
fn secret_source<'a>(f: Option<&'a str>, home: &str) -> Option<&'a str> {
    f.filter(|f| {
        !crate::secrets::classes_of(f, home).is_empty() || crate::secrets::secret_named_anywhere(f)
    })
}

/// The files `command` writes a secret into and stages in git (module docs).
pub fn staged_secrets(
    command: &str,
    shell: &hookward_shell::ShellFacts,
    sctx: &hookward_shell::ShellContext,
    project_dir: &str,
) -> Vec<StagedSecret> {
    let mut whole_tree = false;
    let mut any = false;
    for c in shell.commands.iter().filter(|c| c.program == "git") {
        if let Some(all) = stages(&c.argv) {
            any = true;
            whole_tree |= all;
        }
    }
    if !any {
        return Vec::new();
    }
    let named: Vec<&str> = shell
        .paths
        .iter()
        .filter(|p| p.how == "git carried" || p.how == "git forced carried")
        .map(|p| p.path.as_str())
        .collect();
    let mut out = Vec::new();
    for w in hookward_shell::written_files(command, sctx) {
        let what = match (&w.secret_var, w.env_dump) {
            (Some(v), _) if expands(command, v) => format!("the secret-named variable ${v}"),
            (Some(_), _) => continue,
            (None, true) => "the environment (an environment dump)".to_string(),
            _ => match secret_source(w.read_from.as_deref(), &sctx.home)
                .or(secret_source(w.copied_from.as_deref(), &sctx.home))
            {
                Some(f) => format!("the content of {f}, a secret by its name or place"),
                None => continue,
            },
        };
        let staged = named.iter().any(|n| under(&w.path, n))
            || (whole_tree && !project_dir.is_empty() && under(&w.path, project_dir));
        if staged && !out.iter().any(|s: &StagedSecret| s.path == w.path) {
            out.push(StagedSecret { path: w.path, what });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(cmd: &str) -> Vec<StagedSecret> {
        let sctx = hookward_shell::ShellContext {
            cwd: "/w/app".into(),
            home: "/home/u".into(),
            project_dir: Some("/w/app".into()),
        };
        let shell = hookward_shell::analyze(cmd, &sctx);
        staged_secrets(cmd, &shell, &sctx, "/w/app")
    }

    /// New variants written for this test.
    #[test]
    fn a_secret_written_then_staged() {
        for cmd in [
            r#"echo "release token: $NPM_TOKEN" >> NOTES.md && git add NOTES.md && git commit -m notes"#,
            r#"printf 'db=%s\n' "$DATABASE_URL" > ops/db.txt; git add ops/"#,
            r#"echo "$SIGNING_KEY" > keys.txt && git add -A && git commit -m wip"#,
            r#"echo "pw: $ADMIN_PASSWORD" >> README.md && git commit -am readme"#,
            "env > debug-env.txt && git add . && git commit -m debug",
            r#"echo "SEED=\"$(cat ~/vault/ops.mnemonic)\"" >> hardhat.vars && git add hardhat.vars"#,
            "cat ~/Downloads/ci-deployer-keypair.json > ci.json && git add ci.json",
        ] {
            assert_eq!(run(cmd).len(), 1, "{cmd}");
        }
    }

    /// Benign neighbours: nothing secret written, a secret written but not staged, a file
    /// staged that received no secret, a variable that is not secret.
    #[test]
    fn neighbours_stay_quiet() {
        for cmd in [
            r#"echo "version: $VERSION" >> CHANGELOG.md && git add CHANGELOG.md"#,
            r#"echo "$GITHUB_TOKEN" > /tmp/t && gh auth login --with-token < /tmp/t"#,
            r#"echo "$NPM_TOKEN" > ~/.npmrc-token && git add src/index.ts"#,
            "git add -A && git commit -m wip",
            r#"echo 'use $API_KEY from the env' >> README.md && git add README.md"#,
            "echo done > status.txt && git add status.txt",
            "cp ~/Downloads/logo.png ./logo.png && git add logo.png",
        ] {
            assert!(run(cmd).is_empty(), "{cmd}");
        }
    }

    #[test]
    fn expansion_outside_single_quotes() {
        assert!(expands(r#"echo "k: $DEPLOY_KEY" >> f"#, "DEPLOY_KEY"));
        assert!(expands("echo ${DEPLOY_KEY} > f", "DEPLOY_KEY"));
        assert!(!expands("echo 'k: $DEPLOY_KEY' >> f", "DEPLOY_KEY"));
        assert!(!expands(r#"echo "k: \$DEPLOY_KEY" >> f"#, "DEPLOY_KEY"));
        assert!(!expands("echo $DEPLOY_KEY_ID > f", "DEPLOY_KEY"));
    }

    #[test]
    fn git_staging_forms() {
        let v = |s: &str| s.split(' ').map(String::from).collect::<Vec<_>>();
        assert_eq!(stages(&v("git add -A")), Some(true));
        assert_eq!(stages(&v("git -C sub add .")), Some(true));
        assert_eq!(stages(&v("git add docs/a.md")), Some(false));
        assert_eq!(stages(&v("git commit -am x")), Some(true));
        assert_eq!(stages(&v("git commit -m x")), None);
        assert_eq!(stages(&v("git status")), None);
    }
}
