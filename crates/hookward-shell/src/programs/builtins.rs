//! Shell builtins that change the shell's state or produce text: `cd`, `pushd`/`popd`,
//! `export`/`declare`/`local`/`readonly`/`typeset`, `unset`, `set`, `read`, `eval`,
//! `source`/`.`, `trap`, `echo`, `printf`, `printenv`. Semantics from bash(1) "SHELL BUILTIN
//! COMMANDS".

use crate::analyzer::{Analyzer, Inv};
use crate::decode;
use crate::model::{Arg, Cwd, State, Stream, Taint, Val};
use crate::opts;
use crate::paths;

use super::{exec_script_operand, shell_code};

pub(super) fn run(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Option<Stream> {
    Some(match name {
        "cd" => cd(a, inv, st),
        "pushd" => {
            let before = st.cwd.clone();
            let out = cd(a, inv, st);
            st.dirstack.push(before);
            out
        }
        "popd" => {
            if let Some(d) = st.dirstack.pop() {
                set_cwd(st, d);
            }
            Stream::text("")
        }
        "export" | "declare" | "typeset" | "local" | "readonly" => declare(a, name, inv, st),
        "unset" => {
            for arg in inv.rest() {
                if !arg.text.starts_with('-') {
                    std::rc::Rc::make_mut(&mut st.vars).remove(&arg.text);
                }
            }
            Stream::text("")
        }
        "set" => {
            let rest = inv.rest();
            if rest.is_empty() {
                return Some(env_dump());
            }
            if let Some(i) = rest.iter().position(|x| x.text == "--") {
                let args = rest.get(i + 1..).unwrap_or(&[]).to_vec();
                a.set_positional(st, &args, None);
            }
            Stream::text("")
        }
        "printenv" => {
            if inv.rest().iter().all(|x| x.text.starts_with('-')) {
                env_dump()
            } else {
                Stream::default()
            }
        }
        "eval" => {
            let code = join_args(inv.rest());
            shell_code(a, inv, st, "eval", &code, None)
        }
        "source" | "." => source(a, name, inv, st),
        "read" => {
            name_targets(a, read_names(inv).iter().map(String::as_str), inv);
            read(a, inv, st)
        }
        "mapfile" | "readarray" => {
            let p = opts::parse(
                inv.rest(),
                &["-d", "-n", "-O", "-s", "-u", "-C", "-c"],
                false,
            );
            let var = p
                .operands
                .first()
                .map(|x| x.text.clone())
                .unwrap_or_else(|| "MAPFILE".into());
            name_targets(a, [var.as_str()], inv);
            std::rc::Rc::make_mut(&mut st.vars)
                .insert(var.clone(), unknown_val(&var, &inv.stdin.taint));
            Stream::text("")
        }
        "trap" => {
            let rest = inv.rest();
            let first = rest.first();
            match first {
                Some(code) if !code.text.starts_with('-') && rest.len() >= 2 => {
                    shell_code(a, inv, st, "trap", code, Some(Stream::default()))
                }
                _ => Stream::text(""),
            }
        }
        "alias" | "unalias" => {
            aliases(name, inv, st);
            Stream::default()
        }
        "echo" => echo(inv),
        "printf" => printf(a, inv, st),
        "true" | "false" | ":" | "exit" | "return" | "shift" | "test" | "[" | "wait" | "jobs"
        | "sleep" | "let" | "getopts" | "type" | "hash" | "ulimit" | "umask" | "shopt" | "bg"
        | "fg" | "disown" | "break" | "continue" | "times" | "history" | "complete" | "compgen"
        | "help" | "logout" | "suspend" | "whereis" => Stream::default(),
        "which" | "whence" => {
            let p = opts::parse(inv.rest(), &[], false);
            crate::wrappers::names_out(&p.operands)
        }
        "pwd" => Stream {
            text: inv.cwd.known.then(|| format!("{}\n", inv.cwd.text)),
            ..Stream::default()
        },
        _ => return None,
    })
}

/// Output of an environment dump (`env`, `printenv`, `set`, `export -p`).
fn env_dump() -> Stream {
    let mut s = Stream::default();
    s.taint.env_dump = true;
    s
}

fn unknown_val(name: &str, taint: &Taint) -> Val {
    Val {
        text: format!("${name}"),
        dynamic: true,
        known_prefix: 0,
        taint: taint.clone(),
    }
}

/// Joins arguments with spaces into one argument (what `eval` and `sudo -s` run).
pub(crate) fn join_args(args: &[Arg]) -> Arg {
    let text: Vec<&str> = args.iter().map(|x| x.text.as_str()).collect();
    let text = text.join(" ");
    let raw: Vec<&str> = args.iter().map(|x| x.raw.as_str()).collect();
    let mut taint = Taint::default();
    for x in args {
        taint.merge(&x.taint);
    }
    let dynamic = args.iter().any(|x| x.dynamic);
    let mut known_prefix = text.len();
    if dynamic {
        let mut off = 0;
        for x in args {
            if x.dynamic {
                known_prefix = off + x.known_prefix;
                break;
            }
            off += x.text.len() + 1;
        }
    }
    Arg {
        text,
        raw: raw.join(" "),
        dynamic,
        known_prefix,
        taint,
        from_subst: args.iter().any(|x| x.from_subst),
        from_var: args.iter().any(|x| x.from_var),
        ..Arg::default()
    }
}

fn set_cwd(st: &mut State, new: Cwd) {
    let old = std::mem::replace(&mut st.cwd, new);
    if old.known {
        std::rc::Rc::make_mut(&mut st.vars).insert("OLDPWD".into(), Val::known(old.text.clone()));
    } else {
        std::rc::Rc::make_mut(&mut st.vars).remove("OLDPWD");
    }
    st.oldpwd = Some(old);
    if st.cwd.known {
        std::rc::Rc::make_mut(&mut st.vars).insert("PWD".into(), Val::known(st.cwd.text.clone()));
    } else {
        std::rc::Rc::make_mut(&mut st.vars).remove("PWD");
    }
}

fn cd(_a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let p = opts::parse(inv.rest(), &[], false);
    let new = match p.operands.first() {
        None => match st.vars.get("HOME") {
            Some(h) if !h.dynamic => Cwd {
                text: paths::normalize(&h.text),
                known: h.text.starts_with('/'),
            },
            _ => Cwd {
                text: "$HOME".into(),
                known: false,
            },
        },
        Some(t) if t.text == "-" && !t.dynamic => st.oldpwd.clone().unwrap_or(Cwd {
            text: "$OLDPWD".into(),
            known: false,
        }),
        Some(t) => {
            let r = paths::resolve(t, &inv.cwd);
            Cwd {
                known: !r.dynamic && !r.glob && r.path.starts_with('/'),
                text: r.path,
            }
        }
    };
    set_cwd(st, new);
    Stream::text("")
}

/// Variables a builtin sets or (un)exports by name alone, without an `=value` the assignment
/// check sees (`read NAME`, `printf -v NAME`, `mapfile NAME`, `export NAME`, `export -n NAME`,
/// `declare -x NAME`): one whose name is hookward's own (`HOOKWARD_*`, case-folded) is an
/// environment tampering fact, whatever value it gets, since a value read from stdin or
/// printed at run time is as effective as a literal one.
fn name_targets<'n>(a: &mut Analyzer, names: impl IntoIterator<Item = &'n str>, inv: &Inv) {
    for n in names {
        if n.to_ascii_uppercase().starts_with("HOOKWARD_") {
            a.env_tamper(n, "", &inv.evidence);
        }
    }
}

/// The variable names `read` assigns: its operands and the array of `-a`, else `REPLY`.
fn read_names(inv: &Inv) -> Vec<String> {
    let p = opts::parse(
        inv.rest(),
        &["-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"],
        false,
    );
    let mut names: Vec<String> = p.operands.iter().map(|x| x.text.clone()).collect();
    if let Some(arr) = p.value(&["-a"]) {
        names.push(arr.text.clone());
    }
    if names.is_empty() {
        names.push("REPLY".into());
    }
    names
}

/// `export`/`declare`/`local`/`readonly`/`typeset`: assignments take effect in the current
/// shell and are checked for environment tampering. A name only known at run time
/// (`export "$name"`, `declare -x "$n=v"`) on `export` or an exporting `declare -x`/`typeset
/// -x` is reported as tampering with that name as written (`$name`): the shell cannot tell
/// which variable reaches every later hook.
fn declare(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    let mut dump = inv.rest().is_empty() && name == "export";
    let mut functions = false;
    for arg in inv.rest() {
        let t = arg.text.as_str();
        if t.starts_with('-') || t.starts_with('+') {
            if t.contains('p') && inv.rest().len() == 1 {
                dump = true;
            }
            if t.contains('f') || t.contains('F') {
                functions = true;
            }
            continue;
        }
        if functions {
            continue;
        }
        let exporting = name == "export"
            || inv
                .rest()
                .iter()
                .any(|o| o.text.starts_with('-') && o.text.contains('x'));
        let written = t.split_once('=').map_or(t, |(n, _)| n);
        if exporting && arg.dynamic && written.len() > arg.known_prefix.min(written.len()) {
            // The name itself comes from a variable or substitution unknown here.
            a.env_tamper(written, "", &inv.evidence);
            continue;
        }
        let Some((n, _)) = t.split_once('=') else {
            // `PROMPT_COMMAND=…; export PROMPT_COMMAND`: the bare assignment was shell-local
            // (not reported); exported, it reaches child shells, so it is checked now.
            if exporting && crate::analyzer::INTERACTIVE_ONLY.contains(&t) {
                if let Some(v) = st.vars.get(t).cloned() {
                    a.check_env(t, &v, &inv.evidence);
                }
            }
            name_targets(a, [t], inv);
            continue;
        };
        let (n, append) = match n.strip_suffix('+') {
            Some(b) => (b, true),
            None => (n, false),
        };
        if n.is_empty()
            || !n
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '[' || c == ']')
        {
            continue;
        }
        let off = n.len() + 1 + usize::from(append);
        let val = Val::from_arg(&opts::sub_arg(arg, off));
        let raw = if arg.raw.is_empty() {
            t.to_string()
        } else {
            arg.raw.clone()
        };
        a.check_env(n, &val, &raw);
        a.set_var(st, n, val, append);
    }
    if dump {
        return env_dump();
    }
    Stream::text("")
}

/// `read [-r] [-a ARR] [-d DELIM] [-p PROMPT] NAME…`: the names take the first line of stdin
/// when it is known, else values only known at run time (carrying stdin's provenance).
fn read(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let names = read_names(inv);
    let line = inv
        .stdin
        .text
        .as_ref()
        .map(|t| t.lines().next().unwrap_or("").to_string());
    match line {
        Some(l) => {
            let mut words: Vec<&str> = l.split_whitespace().collect();
            let n = names.len();
            for (i, name) in names.iter().enumerate() {
                let v = if i + 1 == n {
                    std::mem::take(&mut words).join(" ")
                } else if words.is_empty() {
                    String::new()
                } else {
                    words.remove(0).to_string()
                };
                let mut val = Val::known(v);
                val.taint = inv.stdin.taint.clone();
                std::rc::Rc::make_mut(&mut st.vars).insert(name.clone(), val);
            }
        }
        None => {
            for name in &names {
                let val = match &inv.stdin.listing {
                    // Lines of `find DIR` output: paths under DIR, at every level when the
                    // listing covers the tree (`find ~ -type f | while read f; do rm "$f"; done`
                    // as `find ~ -type f | xargs rm`).
                    Some(d) => {
                        let glob = paths::join(d, "*");
                        if inv.stdin.walk != crate::model::Walk::Top
                            && !a.tree_globs.iter().any(|(g, _)| *g == glob)
                        {
                            a.tree_globs.push((glob.clone(), inv.stdin.walk));
                        }
                        let mut v = Val::known(glob);
                        v.taint = inv.stdin.taint.clone();
                        v
                    }
                    None => unknown_val(name, &inv.stdin.taint),
                };
                std::rc::Rc::make_mut(&mut st.vars).insert(name.clone(), val);
            }
        }
    }
    Stream::text("")
}

/// `source FILE ARGS…` / `. FILE`: the file runs in the current shell.
fn source(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) -> Stream {
    let Some(file) = inv.rest().first() else {
        return Stream::default();
    };
    let positional: Vec<Arg> = inv.rest().get(1..).unwrap_or(&[]).to_vec();
    let pos = (!positional.is_empty()).then_some((file, positional.as_slice()));
    exec_script_operand(a, inv, st, name, "source", file, pos)
}

/// `echo [-neE] ARGS…`.
fn echo(inv: &Inv) -> Stream {
    let rest = inv.rest();
    let mut i = 0;
    let mut newline = true;
    let mut escapes = false;
    while let Some(x) = rest.get(i) {
        let t = x.text.as_str();
        if !x.dynamic
            && t.len() > 1
            && t.starts_with('-')
            && t.chars().skip(1).all(|c| "neE".contains(c))
        {
            newline &= !t.contains('n');
            if t.contains('e') {
                escapes = true;
            }
            if t.contains('E') {
                escapes = false;
            }
            i += 1;
        } else {
            break;
        }
    }
    let words = rest.get(i..).unwrap_or(&[]);
    let mut taint = Taint::default();
    for w in words {
        taint.merge(&w.taint);
        if taint.secret_var.is_none() {
            taint.secret_var = super::exfil::secret_var_in(&w.raw);
        }
    }
    if taint.decoded.is_none() && words.iter().any(|w| w.ansi_c) {
        // `echo $'\x69\x64'`: printable text spelled as ANSI-C escapes is encoded on
        // purpose; run by a shell it is decoded code.
        taint.decoded = Some("ansi-c quoting".into());
    }
    let known = words.iter().all(|w| !w.dynamic);
    let joined: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    let mut text = joined.join(" ");
    if escapes {
        let (d, printable) = decode::echo_escapes(&text);
        if printable && taint.decoded.is_none() {
            taint.decoded = Some("echo -e".into());
        }
        text = d;
    }
    if newline {
        text.push('\n');
    }
    Stream {
        text: known.then_some(text),
        taint,
        file: None,
        piped: false,
        shell_out: None,
        listing: None,
        walk: crate::model::Walk::Top,
        listed_name: None,
    }
}

/// `printf [-v VAR] FORMAT ARGS…`.
fn printf(a: &mut Analyzer, inv: &Inv, st: &mut State) -> Stream {
    let rest = inv.rest();
    let (var, rest) = match rest.first() {
        Some(x) if x.text == "-v" => (
            rest.get(1).map(|v| v.text.clone()),
            rest.get(2..).unwrap_or(&[]),
        ),
        _ => (None, rest),
    };
    let rest = match rest.first() {
        Some(x) if x.text == "--" => rest.get(1..).unwrap_or(&[]),
        _ => rest,
    };
    let Some(fmt) = rest.first() else {
        return Stream::text("");
    };
    let args: Vec<String> = rest
        .get(1..)
        .unwrap_or(&[])
        .iter()
        .map(|x| x.text.clone())
        .collect();
    let mut taint = Taint::default();
    for w in rest {
        taint.merge(&w.taint);
        if taint.secret_var.is_none() {
            taint.secret_var = super::exfil::secret_var_in(&w.raw);
        }
    }
    let known = rest.iter().all(|w| !w.dynamic);
    let (text, printable) = decode::printf(&fmt.text, &args);
    if printable && taint.decoded.is_none() {
        taint.decoded = Some("printf".into());
    }
    let out = Stream {
        text: known.then_some(text),
        taint,
        file: None,
        piped: false,
        shell_out: None,
        listing: None,
        walk: crate::model::Walk::Top,
        listed_name: None,
    };
    if let Some(v) = var {
        name_targets(a, [v.as_str()], inv);
        let val = match &out.text {
            Some(t) => {
                let mut v = Val::known(t.clone());
                v.taint = out.taint.clone();
                v
            }
            None => unknown_val(&v, &out.taint),
        };
        std::rc::Rc::make_mut(&mut st.vars).insert(v, val);
        return Stream::text("");
    }
    out
}

/// `alias NAME=BODY …` records each literal definition in the state (run when NAME is typed
/// later in the command, `Analyzer::call_alias`); `unalias NAME` / `unalias -a` forget them.
/// A body only known at run time is not recorded.
fn aliases(name: &str, inv: &Inv, st: &mut State) {
    let map = std::rc::Rc::make_mut(&mut st.aliases);
    for w in inv.rest() {
        if name == "unalias" {
            if w.text == "-a" {
                map.clear();
            } else {
                map.remove(&w.text);
            }
            continue;
        }
        if w.dynamic {
            continue;
        }
        if let Some((n, body)) = w.text.split_once('=') {
            if !n.is_empty() && !n.starts_with('-') {
                map.insert(n.to_string(), body.to_string());
            }
        }
    }
}
