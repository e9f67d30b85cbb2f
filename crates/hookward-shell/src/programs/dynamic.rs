//! Code the analyzer cannot see: what is known of where it comes from (see
//! [`crate::DynamicCodeFact`]), and the environment generators whose output is everyday shell
//! set-up code (`eval "$(ssh-agent -s)"`), which is not reported.

use crate::analyzer::{Analyzer, Inv};
use crate::model::{Arg, State, Stream};

/// Programs whose output is shell set-up code meant to be `eval`ed or sourced, with the
/// first operand that makes it so (`""`: any). One row per program and verb; sources: each
/// tool's installation instructions (ssh-agent(1), direnv "hook", pyenv/rbenv/nodenv/goenv
/// "init", Homebrew "shellenv", starship/zoxide/atuin/mcfly "init", mise/rtx "activate",
/// fnm "env", opam "env", conda "shell.* hook", `*-completion`/`completion` subcommands,
/// minikube/docker-machine "docker-env", thefuck "--alias", dircolors(1), keychain(1),
/// gpg-agent(1), `register-python-argcomplete`, `luarocks path`, `rustup completions`).
pub(crate) const KNOWN_GENERATORS: &[(&str, &str)] = &[
    ("ssh-agent", ""),
    ("gpg-agent", ""),
    ("keychain", ""),
    ("dircolors", ""),
    ("direnv", "hook"),
    ("direnv", "export"),
    ("pyenv", "init"),
    ("pyenv", "virtualenv-init"),
    ("rbenv", "init"),
    ("nodenv", "init"),
    ("goenv", "init"),
    ("jenv", "init"),
    ("plenv", "init"),
    ("phpenv", "init"),
    ("brew", "shellenv"),
    ("starship", "init"),
    ("zoxide", "init"),
    ("atuin", "init"),
    ("mcfly", "init"),
    ("oh-my-posh", "init"),
    ("mise", "activate"),
    ("mise", "env"),
    ("rtx", "activate"),
    ("fnm", "env"),
    ("opam", "env"),
    ("opam", "config"),
    ("conda", "shell.bash"),
    ("conda", "shell.zsh"),
    ("conda", "shell.fish"),
    ("micromamba", "shell"),
    ("minikube", "docker-env"),
    ("docker-machine", "env"),
    ("thefuck", "--alias"),
    ("register-python-argcomplete", ""),
    ("luarocks", "path"),
    ("perl", "-Mlocal::lib"),
    ("rustup", "completions"),
    ("kubectl", "completion"),
    ("helm", "completion"),
    ("gh", "completion"),
    ("npm", "completion"),
    ("pip", "completion"),
    ("poetry", "completions"),
    ("uv", "generate-shell-completion"),
    ("rye", "self"),
    ("just", "--completions"),
    ("deno", "completions"),
    ("aws_completer", ""),
    ("op", "completion"),
    ("glab", "completion"),
    ("flux", "completion"),
    ("k3d", "completion"),
    ("kind", "completion"),
    ("terraform", "-install-autocomplete"),
    ("cargo", "completions"),
    ("volta", "setup"),
    ("asdf", "exec"),
    ("nix", "print-dev-env"),
    ("devbox", "shellenv"),
    ("devbox", "global"),
    ("hub", "alias"),
    ("navi", "widget"),
    ("fzf", "--bash"),
    ("fzf", "--zsh"),
];

/// True when `text` (a command substitution, process substitution or pipeline as written:
/// `"$(ssh-agent -s)"`, `<(kubectl completion bash)`) runs only a known environment
/// generator (see [`KNOWN_GENERATORS`]).
pub(crate) fn is_known_generator(text: &str) -> bool {
    let t = text.trim().trim_matches(['"', '\'']).trim();
    let inner = t
        .strip_prefix("$(")
        .or_else(|| t.strip_prefix("<("))
        .or_else(|| t.strip_prefix('`'))
        .unwrap_or(t);
    let inner = inner.trim_end_matches([')', '`']).trim();
    // One command only: a pipe, list or further substitution could run anything.
    if inner.contains(['|', ';', '&', '$', '`', '>', '<', '(']) {
        return false;
    }
    let mut words = inner.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let prog = crate::paths::basename(first);
    let rest: Vec<&str> = words.collect();
    KNOWN_GENERATORS.iter().any(|(p, verb)| {
        *p == prog && (verb.is_empty() || rest.iter().any(|w| w.starts_with(verb)))
    }) || (!NETWORK_CLIENTS.contains(&prog) && completion_script(&rest))
}

/// Programs whose operands are URLs or hosts: `curl completion bash` fetches, it prints no
/// completion script of its own.
const NETWORK_CLIENTS: &[&str] = &[
    "curl", "wget", "http", "https", "xh", "aria2c", "nc", "ncat",
];

/// A program printing its own shell-completion script (`doctl completion bash`, `supabase
/// completion zsh`, `velero completion zsh`, `tool --completions bash`): the code is the
/// program's own, trusted as much as running the program is (h-cls19; the programs of
/// [`KNOWN_GENERATORS`] were one row each before). Only when the completion word is the
/// program's first operand and at most a shell name follows it.
fn completion_script(rest: &[&str]) -> bool {
    const WORDS: &[&str] = &["completion", "completions", "--completion", "--completions"];
    const SHELLS: &[&str] = &[
        "bash",
        "zsh",
        "fish",
        "powershell",
        "pwsh",
        "elvish",
        "nushell",
    ];
    let mut ops = rest
        .iter()
        .filter(|w| !w.starts_with("--") || WORDS.contains(w));
    let Some(first) = ops.next() else {
        return false;
    };
    let first = first.split('=').next().unwrap_or(first);
    let after: Vec<&&str> = ops.collect();
    WORDS.contains(&first)
        && after.iter().any(|w| SHELLS.contains(w))
        && after
            .iter()
            .all(|w| SHELLS.contains(w) || w.starts_with('-'))
}

/// Code given as an argument whose text is only known at run time (`eval "$X"`,
/// `bash -c "$(cat f)"`, `python3 -c "$CODE"`): a [`crate::DynamicCodeFact`] with the origin
/// the argument shows, unless it is a known environment generator's output. Fetched and
/// decoded arguments are reported by the callers (remote/decoded exec facts have twins).
pub(crate) fn unseen_arg(a: &mut Analyzer, inv: &Inv, interpreter: &str, code: &Arg) {
    if code.taint.fetched.is_some() || code.taint.decoded.is_some() {
        return;
    }
    if code.from_subst && is_known_generator(&code.raw) {
        return;
    }
    let origin = if code.text.contains("<stdin>") {
        "stdin"
    } else if code.from_subst {
        "substitution"
    } else if code.from_var {
        "variable"
    } else {
        "unknown"
    };
    a.dynamic_code(
        interpreter,
        origin,
        Some(code.raw.clone()),
        &inv.wrappers,
        &inv.evidence,
    );
}

/// Code read from a stream whose text is unknown (`source /dev/stdin <<<"$X"`,
/// `source <(…)`, `… | sh`, a file written earlier with unknown content). `kind` is how the
/// stream reaches the interpreter (`pipe`, `process_substitution`, `downloaded_file`);
/// `written` the file when it was written earlier in the command.
pub(crate) fn unseen_stream(
    a: &mut Analyzer,
    inv: &Inv,
    interpreter: &str,
    s: &Stream,
    kind: &str,
    evidence: &str,
) {
    if s.taint.fetched.is_some() || s.taint.decoded.is_some() {
        return;
    }
    let (origin, source) = match kind {
        "process_substitution" => ("substitution", None),
        "downloaded_file" => match &s.file {
            Some(f) => ("written_here", Some(f.clone())),
            None => ("written_here", None),
        },
        _ => ("stdin", None),
    };
    a.dynamic_code(interpreter, origin, source, &inv.wrappers, evidence);
}

/// Programs that run a file of commands named by an option (make(1) `-f`, just `-f`/
/// `--justfile`, awk(1) `-f`), with the options that name it: the file is code, as a script
/// given to a shell is.
const RECIPE_FILE_OPTIONS: &[(&str, &[&str])] = &[
    ("make", &["-f", "--file", "--makefile"]),
    ("gmake", &["-f", "--file", "--makefile"]),
    ("bmake", &["-f"]),
    ("just", &["-f", "--justfile"]),
    ("awk", &["-f"]),
    ("gawk", &["-f"]),
    ("mawk", &["-f"]),
    ("nawk", &["-f"]),
];

/// A file of commands given to [`RECIPE_FILE_OPTIONS`]' programs as a process substitution of
/// fetched or decoded text (`make -f <(curl -s URL)`): remote or decoded code run at once, as
/// `bash <(curl -s URL)` is. A makefile or justfile read from standard input (`make -f -
/// <<< $'all:\n\trm -rf ~'`, `-f /dev/stdin`) whose text the command shows: its recipe lines
/// are the shell code the default target runs (every recipe is taken: the first target is the
/// default and the others are what it may depend on).
pub(crate) fn recipe_file(a: &mut Analyzer, name: &str, inv: &Inv, st: &State) {
    let Some((_, opts)) = RECIPE_FILE_OPTIONS.iter().find(|(p, _)| *p == name) else {
        return;
    };
    let rest = inv.rest();
    let recipes = !name.ends_with("awk");
    let mut named = false;
    for (i, w) in rest.iter().enumerate().take(64) {
        if !opts.contains(&w.text.as_str()) {
            continue;
        }
        named = true;
        let from_stdin = rest
            .get(i + 1)
            .is_some_and(|v| matches!(v.text.as_str(), "-" | "/dev/stdin"));
        if from_stdin && recipes {
            if let Some(text) = inv.stdin.text.clone() {
                run_recipes(a, name, &text, inv, st);
            }
        } else if recipes {
            // `make -f build.mk` of a file this command wrote: its recipes.
            if let Some(f) = rest.get(i + 1) {
                let r = crate::paths::resolve(f, &inv.cwd);
                if let Some(text) = a.files.get(&r.path).and_then(|c| c.text.clone()) {
                    run_recipes(a, name, &text, inv, st);
                }
            }
        }
        let Some(ps) = rest.get(i + 1).and_then(|v| v.proc_subst.as_deref()) else {
            continue;
        };
        if let Some(url) = &ps.taint.fetched {
            a.remote_exec(
                "process_substitution",
                name,
                Some(url.clone()),
                &inv.evidence,
            );
        } else if let Some(dec) = &ps.taint.decoded {
            a.decoded_exec(dec, name, ps.text.as_deref(), &inv.evidence);
        }
    }
    // No file named: the one the program looks for in its folder (GNU make: `GNUmakefile`,
    // `makefile`, `Makefile`; just: `justfile`, any case, and `.justfile`), when this command
    // wrote it earlier (`printf 'clean:\n\trm -rf ~\n' > Makefile && make clean`): its
    // recipes are the code that runs (issue 11 item 11, within one command).
    if recipes && !named {
        let defaults: &[&str] = if name == "just" {
            &["justfile", "Justfile", "JUSTFILE", ".justfile"]
        } else {
            &["GNUmakefile", "makefile", "Makefile"]
        };
        for d in defaults {
            let r = crate::paths::resolve(&crate::model::Arg::lit(d), &inv.cwd);
            if let Some(text) = a.files.get(&r.path).and_then(|c| c.text.clone()) {
                run_recipes(a, name, &text, inv, st);
                break;
            }
        }
    }
}

/// Runs the recipe lines of a makefile or justfile `text` (tab-indented; just also
/// space-indented), their `@`/`-` prefixes off: every recipe is taken (the first target is the
/// default and the others are what it may depend on or what was asked for).
fn run_recipes(a: &mut Analyzer, name: &str, text: &str, inv: &Inv, st: &State) {
    let code: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with('\t') || (name == "just" && l.starts_with("  ")))
        .map(|l| l.trim_start().trim_start_matches(['@', '-']))
        .collect();
    if !code.is_empty() {
        a.run_code(&code.join("\n"), st, inv, name, None, Stream::default());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators() {
        assert!(is_known_generator("\"$(ssh-agent -s)\""));
        assert!(is_known_generator("$(direnv hook bash)"));
        assert!(is_known_generator("\"$(pyenv init -)\""));
        assert!(is_known_generator("<(kubectl completion bash)"));
        assert!(is_known_generator("`/opt/homebrew/bin/brew shellenv`"));
        assert!(!is_known_generator("$(cat f)"));
        assert!(!is_known_generator("$(curl -s x | sh)"));
        assert!(!is_known_generator("$(pyenv init - ; rm -rf ~)"));
        assert!(!is_known_generator("$X"));
        // a program's own completion script, any program (h-cls19)
        assert!(is_known_generator("<(supabase completion zsh)"));
        assert!(is_known_generator("\"$(velero completion bash)\""));
        assert!(is_known_generator("<(tool --completions fish)"));
        assert!(!is_known_generator("<(tool completion install x.sh)"));
        assert!(!is_known_generator("<(tool run completion)"));
        assert!(!is_known_generator("<(curl completion bash)"));
        assert!(!is_known_generator("<(tool completion)"));
    }

    #[test]
    fn table_rows_are_plain_names() {
        for (p, v) in KNOWN_GENERATORS {
            assert!(!p.is_empty() && !p.contains(['/', ' ']), "{p}");
            assert!(!v.contains(' '), "{v}");
        }
    }
}
