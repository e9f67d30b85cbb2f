//! Metamorphic variants of shell commands (issue 11, item 7).
//!
//! Seeds: every Bash case of `shared/corpus/bypass-dev.jsonl` that expects ask or deny, and the
//! committed fixture `tests/data/metamorphic-seeds.jsonl` (dangerous and benign commands written
//! for this test, not taken from any rule's source). Each transformation below rewrites a
//! command into one that does the same thing (quoting, `${IFS}`, wrappers, `bash -c`/`eval`/
//! here-string, home spellings, macOS path case, `xargs`, `find -exec`, splitting, variable
//! indirection, absolute program paths, long options, `python3 -c 'os.system(…)'`); a transformation that does not apply to a
//! command yields nothing. Requirement: a variant of a dangerous seed gets a decision at least as
//! strict as the seed's expected one; a variant of a benign seed stays quiet (no objection or
//! allow). Deterministic: no randomness, fixed order (the "seed" of the generator is the list).
//!
//! Runs in-process (`hookward_pipeline::run_hook`, Claude Code PreToolUse payloads, HOME
//! `/home/dev` — or `/Users/dev` for the macOS-case variants — which need not exist, and
//! HOOKWARD_HOME a temporary directory, recording off).
//!
//! It prints the pass rate per transformation (also counted only over seeds whose own decision
//! is already right: "seed held", the pure metamorphic figure) and fails only when the overall dangerous or
//! benign pass rate drops below the floors below, measured on main when this test was added;
//! the lead raises them as the rules of issue 11 land (target: ≥ 97 % dangerous, 100 % benign).
//! `HOOKWARD_METAMORPHIC_REPORT=path` writes every failing variant as JSON.

mod common;

use hookward_core::Agent;
use hookward_pipeline::{run_hook, HookEnv};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::Path;

/// Floors (integer %, rounded down from what the branch passed when they were last raised, 2026-12-02 h-cmd2: 99.44 % and 98.03 %).
const DANGEROUS_FLOOR_PCT: f64 = 99.0;
const BENIGN_FLOOR_PCT: f64 = 98.0;

const HOME: &str = "/home/dev";
const MAC_HOME: &str = "/Users/dev";

struct Seed {
    id: String,
    command: String,
    expect: String,
    /// Seeds of a `windows-*` category get the Windows rewrites only (the POSIX ones do not
    /// keep a PowerShell or cmd line's meaning).
    windows: bool,
}

fn rank(d: &str) -> u8 {
    match d {
        "deny" => 2,
        "ask" => 1,
        _ => 0,
    }
}

const BUILTINS: &[&str] = &[
    "cd", "export", "eval", "source", ".", "set", "unset", "alias", "exec", "read", "echo", "true",
    "false", ":", "[", "test", "printf", "local", "declare", "history", "ulimit", "trap", "wait",
];

/// The first word of a command, when the command starts with a plain program name.
fn program(cmd: &str) -> Option<(&str, &str)> {
    let t = cmd.trim_start();
    let end = t
        .find(|c: char| c.is_whitespace() || ";&|<>()".contains(c))
        .unwrap_or(t.len());
    let (p, rest) = t.split_at(end);
    let plain = !p.is_empty()
        && p.chars()
            .all(|c| c.is_ascii_alphanumeric() || "._-+/".contains(c))
        && !p.contains('=');
    plain.then_some((p, rest))
}

fn is_simple(cmd: &str) -> bool {
    !cmd.contains(['\n', ';', '|', '&', '`', '(', ')', '<', '>', '{', '}'])
}

fn has_quotes(cmd: &str) -> bool {
    cmd.contains(['\'', '"', '\\', '$'])
}

fn wrap_prog(cmd: &str, f: impl Fn(&str) -> String) -> Option<String> {
    let (p, rest) = program(cmd)?;
    if BUILTINS.contains(&p) || p.contains('/') {
        return None;
    }
    Some(format!("{}{}", f(p), rest))
}

fn wrapper(cmd: &str, w: &str) -> Option<String> {
    let (p, _) = program(cmd)?;
    if BUILTINS.contains(&p) {
        return None;
    }
    Some(format!("{w} {}", cmd.trim_start()))
}

fn squote(s: &str) -> String {
    format!("'{}'", s.replace('\'', r"'\''"))
}

fn dquote(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        if "\\\"$`".contains(c) {
            o.push('\\');
        }
        o.push(c);
    }
    o.push('"');
    o
}

/// Replaces `~` at the start of a word (`~`, `~/…`) with `to`.
fn tilde(cmd: &str, to: &str) -> Option<String> {
    let b: Vec<char> = cmd.chars().collect();
    let mut out = String::new();
    let mut changed = false;
    let mut q = None::<char>;
    for (i, &c) in b.iter().enumerate() {
        match (q, c) {
            (None, '\'') | (None, '"') => q = Some(c),
            (Some(x), y) if x == y => q = None,
            _ => {}
        }
        let word_start = i == 0 || " \t=:".contains(b[i - 1]);
        let word_end = i + 1 == b.len() || " \t/;&|)".contains(b[i + 1]);
        if c == '~' && q.is_none() && word_start && word_end {
            out.push_str(to);
            changed = true;
        } else {
            out.push(c);
        }
    }
    changed.then_some(out)
}

/// `~/.ssh/x` → `/Users/dev/.Ssh/x`: the first letter after `~/.` or `~/` upper-cased (APFS is
/// case-insensitive by default, so it names the same file); run with HOME=/Users/dev.
fn mac_case(cmd: &str) -> Option<String> {
    let i = cmd.find("~/")?;
    let mut rest: Vec<char> = cmd[i + 2..].chars().collect();
    let k = if rest.first() == Some(&'.') { 1 } else { 0 };
    if !rest.get(k).is_some_and(|c| c.is_ascii_lowercase()) {
        return None;
    }
    rest[k] = rest[k].to_ascii_uppercase();
    let tail: String = rest.into_iter().collect();
    Some(format!("{}{MAC_HOME}/{}", &cmd[..i], tail))
}

/// The last word of a simple command moved into `echo … | xargs`.
fn xargs(cmd: &str) -> Option<String> {
    if !is_simple(cmd) || cmd.contains(['\'', '"']) {
        return None;
    }
    let (p, _) = program(cmd)?;
    if BUILTINS.contains(&p) {
        return None;
    }
    let (head, last) = cmd.trim().rsplit_once(' ')?;
    if last.starts_with('-') || head.split_whitespace().count() < 1 {
        return None;
    }
    Some(format!("echo {last} | xargs {head}"))
}

/// `prog args PATH` → `find PATH -maxdepth 0 -exec prog args {} +`.
fn find_exec(cmd: &str) -> Option<String> {
    if !is_simple(cmd) || cmd.contains(['\'', '"']) {
        return None;
    }
    let (p, _) = program(cmd)?;
    if BUILTINS.contains(&p) || p == "find" {
        return None;
    }
    let (head, last) = cmd.trim().rsplit_once(' ')?;
    let pathy = last.starts_with(['/', '~', '.']) || last.starts_with("$HOME");
    if !pathy {
        return None;
    }
    Some(format!("find {last} -maxdepth 0 -exec {head} {{}} +"))
}

/// `prog args LAST` → a loop over its last operand: `for x in LAST; do prog args "$x"; done`
/// (h-dataout29: a loop's variable takes each listed word, globs kept as globs).
fn for_loop(cmd: &str) -> Option<String> {
    let (head, last) = last_operand(cmd)?;
    Some(format!("for x in {last}; do {head} \"$x\"; done"))
}

/// `prog args LAST` → `printf '%s\n' LAST | while read -r x; do prog args "$x"; done`.
fn while_read(cmd: &str) -> Option<String> {
    let (head, last) = last_operand(cmd)?;
    if last.contains(['*', '?', '[']) {
        return None;
    }
    Some(format!(
        "printf '%s\\n' {last} | while read -r x; do {head} \"$x\"; done"
    ))
}

fn last_operand(cmd: &str) -> Option<(&str, &str)> {
    if !is_simple(cmd) || has_quotes(cmd) {
        return None;
    }
    let (p, _) = program(cmd)?;
    if BUILTINS.contains(&p) {
        return None;
    }
    let (head, last) = cmd.trim().rsplit_once(' ')?;
    (!last.starts_with('-') && !last.contains('=') && !last.contains(':')).then_some((head, last))
}

/// Windows-only programs a POSIX shell on Windows (Git Bash, MSYS, WSL) starts as well.
const WIN_TOOLS: &[&str] = &[
    "netsh", "bcdedit", "vssadmin", "wbadmin", "wmic", "cipher", "schtasks", "wevtutil", "cmdkey",
    "taskkill", "auditpol", "fsutil", "reg",
];

fn abs_path(cmd: &str) -> Option<String> {
    let (p, rest) = program(cmd)?;
    let dir = match p {
        "rm" | "cat" | "dd" | "chmod" | "sh" | "bash" | "cp" | "mv" | "ls" | "mkdir" | "echo" => {
            "/bin"
        }
        "curl" | "wget" | "nc" | "find" | "git" | "scp" | "base64" | "python3" | "head"
        | "grep" | "tar" | "du" | "wc" | "sort" | "env" | "make" | "npm" | "rg" => "/usr/bin",
        "mkfs.ext4" | "wipefs" => "/sbin",
        _ => return None,
    };
    Some(format!("{dir}/{p}{rest}"))
}

/// Short options of rm, curl and git push spelled long.
fn long_opts(cmd: &str) -> Option<String> {
    let (p, rest) = program(cmd)?;
    let map: &[(&str, &str)] = match p {
        "rm" => &[
            ("-rf", "--recursive --force"),
            ("-fr", "--force --recursive"),
            ("-r", "--recursive"),
            ("-R", "--recursive"),
            ("-f", "--force"),
        ],
        "curl" => &[
            ("-fsSL", "--fail --silent --show-error --location"),
            ("-s", "--silent"),
            ("-L", "--location"),
            ("-F", "--form"),
        ],
        "git" if rest.trim_start().starts_with("push") => &[("-f", "--force")],
        "wget" => &[("-qO-", "--quiet --output-document=-")],
        _ => return None,
    };
    let mut changed = false;
    let words: Vec<String> = rest
        .split(' ')
        .map(|w| match map.iter().find(|(s, _)| *s == w) {
            Some((_, l)) => {
                changed = true;
                l.to_string()
            }
            None => w.to_string(),
        })
        .collect();
    changed.then(|| format!("{p}{}", words.join(" ")))
}

type Transform = fn(&str) -> Option<String>;

/// Cmdlets and their built-in aliases (PowerShell `Get-Alias`), for the `win-alias` rewrite.
const WIN_ALIASES: &[(&str, &str)] = &[
    ("Remove-Item", "ri"),
    ("Get-Content", "gc"),
    ("Copy-Item", "cpi"),
    ("Stop-Service", "spsv"),
    ("Stop-Process", "spps"),
    ("Get-ChildItem", "gci"),
    ("Invoke-WebRequest", "iwr"),
    ("Get-Service", "gsv"),
    ("Where-Object", "where"),
];

/// Unambiguous parameter prefixes PowerShell accepts (about_Parameters), for `win-param-prefix`.
const WIN_PREFIXES: &[(&str, &str)] = &[
    ("-Recurse", "-Rec"),
    ("-Force", "-fo"),
    ("-DriveLetter", "-DriveL"),
    ("-DisableRealtimeMonitoring", "-DisableRealtimeMon"),
    ("-Group", "-Gr"),
    ("-Member", "-Mem"),
    ("-Filter", "-Fil"),
    ("-Scope", "-Sc"),
    ("-OutFile", "-OutF"),
];

/// The first word of a Windows line, when it is a `Verb-Noun` cmdlet.
fn cmdlet(cmd: &str) -> Option<&str> {
    let w = cmd.split_whitespace().next()?;
    (w.contains('-') && w.chars().next()?.is_ascii_uppercase()).then_some(w)
}

/// Rewrites of Windows lines that keep their meaning in PowerShell (or cmd): name and
/// parameter case, aliases, parameter prefixes, backtick escapes, `powershell -Command` and
/// `cmd /c` wrapping.
fn windows_transforms() -> Vec<(&'static str, bool, Transform)> {
    vec![
        ("win-case-upper", true, |c| {
            let (first, rest) = c.split_once(' ').unwrap_or((c, ""));
            Some(format!("{} {rest}", first.to_ascii_uppercase()))
        }),
        ("win-case-lower", true, |c| {
            (!c.contains("http")).then(|| c.to_ascii_lowercase())
        }),
        ("win-alias", true, |c| {
            let mut out = c.to_string();
            let mut changed = false;
            for (full, alias) in WIN_ALIASES {
                if out.contains(full) {
                    out = out.replace(full, alias);
                    changed = true;
                }
            }
            changed.then_some(out)
        }),
        ("win-param-prefix", true, |c| {
            let mut changed = false;
            let words: Vec<String> = c
                .split(' ')
                .map(|w| match WIN_PREFIXES.iter().find(|(f, _)| *f == w) {
                    Some((_, p)) => {
                        changed = true;
                        p.to_string()
                    }
                    None => w.to_string(),
                })
                .collect();
            changed.then(|| words.join(" "))
        }),
        ("win-backtick", true, |c| {
            let w = cmdlet(c)?;
            let ticked = format!("{}`{}", &w[..2], &w[2..]);
            Some(c.replacen(w, &ticked, 1))
        }),
        ("win-pwsh-command", true, |c| {
            if !c.contains('"') {
                Some(format!("powershell -NoProfile -Command \"{c}\""))
            } else if !c.contains('\'') {
                Some(format!("pwsh -c '{c}'"))
            } else {
                None
            }
        }),
        ("win-for-loop", true, |c| {
            let (p, _) = program(c)?;
            let p = p.to_ascii_lowercase();
            WIN_TOOLS
                .contains(&p.strip_suffix(".exe").unwrap_or(&p))
                .then(|| for_loop(c))
                .flatten()
        }),
        ("win-cmd-c", true, |c| {
            (cmdlet(c).is_none() && !c.contains('$')).then(|| format!("cmd /c {c}"))
        }),
    ]
}

/// Name, whether it applies to benign seeds too, and the rewrite.
fn transforms() -> Vec<(&'static str, bool, Transform)> {
    vec![
        ("quote-split", true, |c| {
            wrap_prog(c, |p| {
                if p.len() < 2 {
                    return p.to_string();
                }
                format!("{}''{}", &p[..1], &p[1..])
            })
        }),
        ("dquote-prog", true, |c| {
            wrap_prog(c, |p| format!("\"{p}\""))
        }),
        ("backslash-prog", true, |c| {
            wrap_prog(c, |p| format!("\\{p}"))
        }),
        ("ifs", true, |c| {
            (is_simple(c) && !has_quotes(c) && c.trim().contains(' '))
                .then(|| c.split_whitespace().collect::<Vec<_>>().join("${IFS}"))
        }),
        ("env", true, |c| wrapper(c, "env")),
        ("command", true, |c| wrapper(c, "command")),
        ("nice", true, |c| wrapper(c, "nice -n 5")),
        ("timeout", true, |c| wrapper(c, "timeout 10")),
        ("sudo", false, |c| wrapper(c, "sudo")),
        ("nohup", true, |c| wrapper(c, "nohup")),
        ("exec", true, |c| {
            if is_simple(c) {
                wrapper(c, "exec")
            } else {
                None
            }
        }),
        ("bash-c", true, |c| Some(format!("bash -c {}", squote(c)))),
        ("sh-c-dq", true, |c| Some(format!("sh -c {}", dquote(c)))),
        ("eval", true, |c| Some(format!("eval {}", squote(c)))),
        ("here-string", true, |c| {
            Some(format!("bash <<< {}", squote(c)))
        }),
        ("home-var", true, |c| tilde(c, "$HOME")),
        ("home-brace", true, |c| tilde(c, "${HOME}")),
        ("home-abs", true, |c| tilde(c, HOME)),
        ("mac-case", true, mac_case),
        ("xargs", true, xargs),
        ("find-exec", true, find_exec),
        ("split-and", true, |c| Some(format!("true && {c}"))),
        ("split-semi", true, |c| Some(format!("cd . ; {c}"))),
        ("split-newline", true, |c| Some(format!("echo start\n{c}"))),
        ("var-indirect", true, |c| {
            let (p, rest) = program(c)?;
            if BUILTINS.contains(&p) {
                return None;
            }
            Some(format!("X={p}; $X{rest}"))
        }),
        ("python-os-system", true, |c| {
            Some(format!(
                "python3 -c {}",
                squote(&format!(
                    "import os; os.system({})",
                    serde_json::to_string(c).unwrap()
                ))
            ))
        }),
        ("abs-path", true, abs_path),
        ("for-loop", true, for_loop),
        ("while-read", true, while_read),
        ("long-opts", true, long_opts),
    ]
}

fn seeds() -> Vec<Seed> {
    let mut out = Vec::new();
    let bypass = common::shared().join("corpus/bypass-dev.jsonl");
    if let Ok(text) = std::fs::read_to_string(&bypass) {
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let v: Value = serde_json::from_str(line).unwrap();
            let Some(cmd) = v.pointer("/tool_input/command").and_then(Value::as_str) else {
                continue;
            };
            let expect = v["expect"].as_str().unwrap_or("allow");
            if v["tool_name"] == "Bash" && rank(expect) > 0 {
                out.push(Seed {
                    id: v["id"].as_str().unwrap_or("").into(),
                    command: cmd.into(),
                    expect: expect.into(),
                    windows: false,
                });
            }
        }
    }
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/metamorphic-seeds.jsonl");
    for line in std::fs::read_to_string(fixture).unwrap().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        out.push(Seed {
            id: v["id"].as_str().unwrap().into(),
            command: v["command"].as_str().unwrap().into(),
            expect: v["expect"].as_str().unwrap().into(),
            windows: v["category"]
                .as_str()
                .is_some_and(|c| c.starts_with("windows")),
        });
    }
    out
}

fn decide(env: &HookEnv, home: &str, cmd: &str, n: usize) -> String {
    let payload = json!({
        "session_id": format!("meta-{n}"), "cwd": format!("{home}/project"),
        "transcript_path": format!("{home}/.claude/projects/p/meta.jsonl"),
        "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": "Bash", "tool_input": {"command": cmd}, "tool_use_id": format!("toolu_{n}"),
    });
    let out = run_hook(payload.to_string().as_bytes(), env);
    common::decision_of(out.reply.stdout.as_deref().unwrap_or(""))
}

#[derive(Default)]
struct Tally {
    dangerous: usize,
    dangerous_ok: usize,
    /// Variants of dangerous seeds whose seed itself gets the expected decision.
    held: usize,
    held_ok: usize,
    benign: usize,
    benign_ok: usize,
}

#[test]
fn metamorphic_variants_keep_their_decision() {
    let start = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let mk = |home: &str| HookEnv {
        agent: Agent::ClaudeCode,
        home: home.into(),
        hookward_home: dir.path().join("hookward-home"),
        project_dir: Some(format!("{home}/project")),
        vars: [("HOOKWARD_RECORD".to_string(), "false".to_string())].into(),
        policy_dirs: Vec::new(),
    };
    let (linux, mac) = (mk(HOME), mk(MAC_HOME));
    let seeds = seeds();
    assert!(seeds.len() >= 60, "too few seeds: {}", seeds.len());
    // `HOOKWARD_DUMP_CASES=FILE`: only write the seeds as JSON Lines and stop (as in
    // `command_classes.rs`; `scripts/cmdscore/dump_cases.sh`).
    if let Ok(path) = std::env::var("HOOKWARD_DUMP_CASES") {
        let text: String = seeds
            .iter()
            .map(|s| {
                serde_json::json!({"suite": "metamorphic", "class": s.id, "expect": s.expect, "command": s.command})
                    .to_string()
                    + "\n"
            })
            .collect();
        std::fs::write(&path, text).unwrap();
        return;
    }
    let mut per: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut seed_fail = Vec::new();
    let mut n = 0;
    for s in &seeds {
        let benign = rank(&s.expect) == 0;
        let base = decide(&linux, HOME, &s.command, n);
        let seed_ok = if benign {
            rank(&base) == 0
        } else {
            rank(&base) >= rank(&s.expect)
        };
        if !seed_ok {
            seed_fail.push(format!("{} {}: got {base}", s.id, s.command));
        }
        let list = if s.windows {
            windows_transforms()
        } else {
            transforms()
        };
        for (name, on_benign, t) in list {
            if benign && !on_benign {
                continue;
            }
            let Some(v) = t(&s.command) else { continue };
            n += 1;
            let (env, home) = if name == "mac-case" {
                (&mac, MAC_HOME)
            } else {
                (&linux, HOME)
            };
            let got = decide(env, home, &v, n);
            let tally = per.entry(name).or_default();
            let ok = if benign {
                tally.benign += 1;
                rank(&got) == 0
            } else {
                tally.dangerous += 1;
                let ok = rank(&got) >= rank(&s.expect);
                if seed_ok {
                    tally.held += 1;
                    tally.held_ok += usize::from(ok);
                }
                ok
            };
            if ok {
                if benign {
                    tally.benign_ok += 1
                } else {
                    tally.dangerous_ok += 1
                }
            } else {
                failures.push(json!({"seed": s.id, "transform": name, "expect": s.expect,
                    "got": got, "variant": v, "original": s.command}));
            }
        }
    }
    let pct = |a: usize, b: usize| {
        if b == 0 {
            100.0
        } else {
            a as f64 * 100.0 / b as f64
        }
    };
    println!(
        "{:<17} {:>12} {:>7} {:>12} {:>7} {:>12} {:>7}",
        "transform", "dangerous ok", "%", "seed held", "%", "benign ok", "%"
    );
    let mut total = Tally::default();
    for (name, t) in &per {
        println!(
            "{name:<17} {:>6}/{:<5} {:>7.1} {:>6}/{:<5} {:>7.1} {:>6}/{:<5} {:>7.1}",
            t.dangerous_ok,
            t.dangerous,
            pct(t.dangerous_ok, t.dangerous),
            t.held_ok,
            t.held,
            pct(t.held_ok, t.held),
            t.benign_ok,
            t.benign,
            pct(t.benign_ok, t.benign)
        );
        total.dangerous += t.dangerous;
        total.dangerous_ok += t.dangerous_ok;
        total.held += t.held;
        total.held_ok += t.held_ok;
        total.benign += t.benign;
        total.benign_ok += t.benign_ok;
    }
    let (d, b) = (
        pct(total.dangerous_ok, total.dangerous),
        pct(total.benign_ok, total.benign),
    );
    println!(
        "all: dangerous {}/{} ({d:.2} %; {}/{} = {:.2} % where the seed itself holds), benign {}/{} ({b:.2} %); {} seeds, {} variants, {:.1} s",
        total.dangerous_ok,
        total.dangerous,
        total.held_ok,
        total.held,
        pct(total.held_ok, total.held),
        total.benign_ok,
        total.benign,
        seeds.len(),
        n,
        start.elapsed().as_secs_f64()
    );
    for f in &seed_fail {
        println!("  seed itself misses: {f}");
    }
    if let Ok(path) = std::env::var("HOOKWARD_METAMORPHIC_REPORT") {
        std::fs::write(path, serde_json::to_string_pretty(&failures).unwrap()).unwrap();
    }
    assert!(
        d >= DANGEROUS_FLOOR_PCT,
        "dangerous variants {d:.1} % < floor {DANGEROUS_FLOOR_PCT} %"
    );
    assert!(
        b >= BENIGN_FLOOR_PCT,
        "benign variants {b:.1} % < floor {BENIGN_FLOOR_PCT} %"
    );
}
