//! Program families, read-only probes and episode keys.
//!
//! A failing call and the call that fixes it rarely spell the program the same way: `npm test`
//! fails, `pnpm test` works; `pytest` fails, `python -m pytest` works. [`FAMILIES`] groups the
//! spellings of one kind of work, so the fix closes the failure's episode. A command's words
//! are read with a small quote-aware splitter (no shell is run and no file read); leading
//! `cd DIR &&`, variable assignments and wrappers (`sudo`, `env`, `time`, `nice`, `timeout`,
//! `command`) are skipped, and a command run elsewhere (`ssh host CMD`, `powershell -Command
//! CMD`, `cmd /c CMD`, `bash -c CMD`) is read as CMD ([`inner_command`]).

use hookward_core::{Event, ToolKind};

/// One program family: its name and the spellings that belong to it. A spelling is the
/// program's words from the start of the command (`["python", "-m", "pytest"]`); the longest
/// matching spelling wins, across all rows.
pub struct Family {
    /// The family's name, stored with a lesson (`node`, `pytest`, `cargo-test`).
    pub name: &'static str,
    /// The word sequences that start a command of this family.
    pub spellings: &'static [&'static [&'static str]],
}

/// The families (data, one row per kind of work). A program in no row is its own family (its
/// base name): `make` and `make test` are one family, `go` another.
pub const FAMILIES: &[Family] = &[
    Family {
        name: "node",
        spellings: &[
            &["npm"],
            &["npx"],
            &["pnpm"],
            &["pnpx"],
            &["yarn"],
            &["bun"],
            &["bunx"],
            &["corepack"],
        ],
    },
    Family {
        name: "pytest",
        spellings: &[
            &["pytest"],
            &["py.test"],
            &["python", "-m", "pytest"],
            &["python3", "-m", "pytest"],
            &["uv", "run", "pytest"],
            &["uv", "run", "python", "-m", "pytest"],
            &["poetry", "run", "pytest"],
        ],
    },
    Family {
        name: "python",
        spellings: &[
            &["python"],
            &["python3"],
            &["uv", "run", "python"],
            &["uv", "run"],
            &["poetry", "run", "python"],
        ],
    },
    Family {
        name: "pip",
        spellings: &[
            &["pip"],
            &["pip3"],
            &["python", "-m", "pip"],
            &["python3", "-m", "pip"],
            &["uv", "pip"],
            &["uv", "add"],
            &["uv", "sync"],
            &["poetry", "install"],
            &["poetry", "add"],
        ],
    },
    Family {
        name: "cargo-test",
        spellings: &[&["cargo", "test"], &["cargo", "nextest"], &["cargo", "t"]],
    },
    Family {
        name: "cargo-build",
        spellings: &[
            &["cargo", "build"],
            &["cargo", "check"],
            &["cargo", "clippy"],
            &["cargo", "run"],
            &["cargo", "b"],
            &["cargo", "c"],
            &["cargo", "r"],
            &["rustc"],
        ],
    },
    Family {
        name: "go",
        spellings: &[&["go"], &["gotestsum"]],
    },
    Family {
        name: "typescript",
        spellings: &[
            &["tsc"],
            &["npx", "tsc"],
            &["pnpm", "tsc"],
            &["yarn", "tsc"],
        ],
    },
    Family {
        name: "docker",
        spellings: &[
            &["docker"],
            &["docker-compose"],
            &["podman"],
            &["podman-compose"],
        ],
    },
    Family {
        name: "make",
        spellings: &[&["make"], &["gmake"], &["just"]],
    },
];

/// Programs whose run only looks: their success never closes an episode (and their failure
/// opens none: a missing file `cat` reports is not a mistake to learn). A command of any
/// program with only `--version`, `-V`, `--help` or `-h` after it is a probe too ([`is_probe`]).
pub const PROBES: &[&str] = &[
    "ls", "cat", "head", "tail", "less", "more", "pwd", "echo", "printf", "which", "type",
    "whereis", "file", "stat", "wc", "tree", "find", "grep", "rg", "ag", "fd", "env", "printenv",
    "whoami", "id", "uname", "date", "true", "sleep", "du", "df", "realpath", "readlink",
    "dirname", "basename",
];

/// Wrappers skipped before the program word.
const WRAPPERS: &[&str] = &["sudo", "time", "nice", "nohup", "exec", "builtin"];

/// Splits a command into its words: whitespace separates, single and double quotes group,
/// a backslash escapes the next character; `&&`, `||`, `;`, `|` and newlines end a segment
/// (each segment is one `Vec`). Never fails: an unclosed quote runs to the end.
pub fn segments(command: &str) -> Vec<Vec<String>> {
    let mut segs: Vec<Vec<String>> = vec![Vec::new()];
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = command.chars().peekable();
    let mut quote: Option<char> = None;
    let flush = |segs: &mut Vec<Vec<String>>, word: &mut String, in_word: &mut bool| {
        if *in_word {
            if let Some(last) = segs.last_mut() {
                last.push(std::mem::take(word));
            }
            *in_word = false;
        }
    };
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == '\\' && q == '"' {
                if let Some(n) = chars.next() {
                    word.push(n);
                }
            } else {
                word.push(c);
            }
            continue;
        }
        match c {
            // a `#` that starts a word starts a comment, to the end of the line
            '#' if !in_word => {
                while chars.peek().is_some_and(|n| *n != '\n') {
                    chars.next();
                }
            }
            '\'' | '"' => {
                quote = Some(c);
                in_word = true;
            }
            '\\' => {
                if let Some(n) = chars.next() {
                    word.push(n);
                    in_word = true;
                }
            }
            ';' | '\n' | '|' | '&' => {
                flush(&mut segs, &mut word, &mut in_word);
                while chars.peek().is_some_and(|n| *n == '&' || *n == '|') {
                    chars.next();
                }
                if segs.last().is_some_and(|s| !s.is_empty()) {
                    segs.push(Vec::new());
                }
            }
            c if c.is_whitespace() => flush(&mut segs, &mut word, &mut in_word),
            c => {
                word.push(c);
                in_word = true;
            }
        }
    }
    flush(&mut segs, &mut word, &mut in_word);
    segs.retain(|s| !s.is_empty());
    segs
}

/// The words of one segment from its program on: variable assignments (`A=b`) and
/// [`WRAPPERS`] (with `env`'s own assignments) skipped; the program reduced to its base name
/// (`/usr/bin/python3` → `python3`).
pub fn program_words(seg: &[String]) -> Vec<String> {
    let mut i = 0;
    while i < seg.len() {
        let w = seg[i].as_str();
        let assignment = w.split_once('=').is_some_and(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_')
        });
        if assignment || WRAPPERS.contains(&w) || (w == "env" && i + 1 < seg.len()) {
            i += 1;
            continue;
        }
        // `timeout [-s SIG] [-k T] DURATION CMD…`: the work is CMD
        if w == "timeout" && i + 1 < seg.len() {
            i += 1;
            while i < seg.len() && seg[i].starts_with('-') {
                i += if matches!(seg[i].as_str(), "-s" | "-k" | "--signal" | "--kill-after") {
                    2
                } else {
                    1
                };
            }
            i += 1; // the duration
            continue;
        }
        break;
    }
    let mut out: Vec<String> = seg[i.min(seg.len())..].to_vec();
    if let Some(first) = out.first_mut() {
        if let Some(base) = first.rsplit('/').next() {
            *first = base.to_string();
        }
    }
    out
}

/// ssh options that take a value (`-o X`, `-p 22`, …), skipped before the host.
const SSH_VALUE_OPTS: &[&str] = &[
    "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q",
    "-R", "-S", "-W", "-w", "-B",
];

/// The command a wrapper segment runs somewhere else, when it is one: `ssh [opts] HOST CMD…`,
/// `powershell[.exe]`/`pwsh [-flags] [-Command] CMD…`, `cmd[.exe] /c CMD…`, `bash`/`sh`/`zsh
/// -c CMD`. The work of `ssh host "uci show x"` is `uci show x`, not "ssh": two different
/// remote commands are two kinds of work (real transcripts: BENCHMARKS.md, "Replay on real
/// transcripts"). `None` for anything else, and for a wrapper with no command (an
/// interactive `ssh host`).
pub fn inner_command(words: &[String]) -> Option<String> {
    let prog = words.first()?.to_ascii_lowercase();
    let prog = prog.strip_suffix(".exe").unwrap_or(&prog);
    let rest: &[String] = match prog {
        "ssh" => {
            let mut i = 1;
            while i < words.len() && words[i].starts_with('-') {
                i += if SSH_VALUE_OPTS.contains(&words[i].as_str()) {
                    2
                } else {
                    1
                };
            }
            words.get(i + 1..).unwrap_or(&[])
        }
        "powershell" | "pwsh" => {
            let mut i = 1;
            while i < words.len() && words[i].starts_with('-') {
                let f = words[i].to_ascii_lowercase();
                if f == "-command" || f == "-c" {
                    i += 1;
                    break;
                }
                i += if matches!(f.as_str(), "-executionpolicy" | "-ep" | "-windowstyle") {
                    2
                } else {
                    1
                };
            }
            words.get(i..).unwrap_or(&[])
        }
        "cmd" => {
            let i = words
                .iter()
                // `//c`: MSYS / Git Bash doubles the slash so it is not read as a path
                .position(|w| {
                    ["/c", "/k", "//c", "//k"]
                        .iter()
                        .any(|f| w.eq_ignore_ascii_case(f))
                })?;
            &words[i + 1..]
        }
        "bash" | "sh" | "zsh" | "dash" => {
            let i = words
                .iter()
                .position(|w| w.starts_with('-') && !w.starts_with("--") && w.ends_with('c'))?;
            words.get(i + 1..i + 2).unwrap_or(&[])
        }
        _ => return None,
    };
    let inner = rest.join(" ");
    (!inner.trim().is_empty()).then_some(inner)
}

/// The segment of a command that names its work: the first segment that is neither `cd`,
/// `pushd`, `export`, `source`/`.` nor a probe; else the first segment.
pub fn main_segment(command: &str) -> Vec<String> {
    let segs: Vec<Vec<String>> = segments(command)
        .iter()
        .map(|s| program_words(s))
        .filter(|s| !s.is_empty())
        .collect();
    segs.iter()
        .find(|s| {
            let p = s[0].as_str();
            !matches!(
                p,
                "cd" | "pushd" | "popd" | "export" | "source" | "." | "set"
            ) && !probe_words(s)
        })
        .or_else(|| segs.first())
        .cloned()
        .unwrap_or_default()
}

/// The family of a command ([`FAMILIES`], else the program's base name); `None` for an empty
/// command.
pub fn family_of(command: &str) -> Option<String> {
    family_at(command, 0)
}

fn family_at(command: &str, depth: u8) -> Option<String> {
    let words = main_segment(command);
    if depth < 3 {
        if let Some(inner) = inner_command(&words) {
            return family_at(&inner, depth + 1);
        }
    }
    family_of_words(&words)
}

/// Interpreters and compilers whose program name may carry a version (`python3.12`,
/// `node18`, `ruby3.2`, `pip3.11`, `gcc-13`): [`family_of_words`] reads them without it, so
/// `python3.12 -m pytest` is the `pytest` family and `node18 x.js` the `node` one.
pub const VERSIONED_PROGRAMS: &[&str] = &[
    "python3", "python2", "python", "pip3", "pip", "node", "nodejs", "ruby", "perl", "php", "lua",
    "java", "gcc", "g++", "clang", "clang++", "tclsh", "pypy3", "pypy",
];

/// A program name without a version suffix when the rest is one of [`VERSIONED_PROGRAMS`]
/// (`python3.12` → `python3`, `node18` → `node`, `gcc-13` → `gcc`); else as given. The
/// longest known name wins (`python3.12` is `python3`, not `python`).
pub fn unversioned(program: &str) -> &str {
    let is_version = |v: &str| {
        let v = v.strip_prefix(['-', '.']).unwrap_or(v);
        v.starts_with(|c: char| c.is_ascii_digit())
            && v.chars().all(|c| c.is_ascii_digit() || c == '.')
    };
    VERSIONED_PROGRAMS
        .iter()
        .filter(|name| program.len() > name.len() && program.starts_with(**name))
        .filter(|name| is_version(&program[name.len()..]))
        .max_by_key(|name| name.len())
        .map_or(program, |name| &program[..name.len()])
}

/// [`family_of`] on a segment's program words.
pub fn family_of_words(words: &[String]) -> Option<String> {
    let first = words.first()?;
    let bare = unversioned(first);
    if bare != first {
        let mut w = words.to_vec();
        w[0] = bare.to_string();
        return family_of_words(&w);
    }
    let mut best: Option<(&str, usize)> = None;
    for f in FAMILIES {
        for sp in f.spellings {
            let n = sp.len();
            if words.len() >= n
                && sp.iter().zip(words).all(|(a, b)| *a == b)
                && best.is_none_or(|(_, m)| n > m)
            {
                best = Some((f.name, n));
            }
        }
    }
    Some(best.map_or_else(|| first.to_ascii_lowercase(), |(n, _)| n.to_string()))
}

/// Whether a command only looks ([`PROBES`], or every segment is a probe or `--version`-like
/// call, or `command -v X`).
pub fn is_probe(command: &str) -> bool {
    every_segment(command, &|s| {
        probe_words(s) || matches!(s[0].as_str(), "cd" | "pushd" | "popd" | "export" | "set")
    })
}

/// Whether `command` has at least one segment and `each` holds for the program words of every
/// one (never empty), a command run elsewhere (`ssh host CMD`, `powershell -Command CMD`,
/// [`inner_command`]) judged by CMD's segments, three levels deep at most.
pub fn every_segment(command: &str, each: &dyn Fn(&[String]) -> bool) -> bool {
    every_segment_at(command, 0, each)
}

fn every_segment_at(command: &str, depth: u8, each: &dyn Fn(&[String]) -> bool) -> bool {
    let segs: Vec<Vec<String>> = segments(command)
        .iter()
        .map(|s| program_words(s))
        .filter(|s| !s.is_empty())
        .collect();
    !segs.is_empty()
        && segs.iter().all(|s| {
            if depth < 3 {
                if let Some(inner) = inner_command(s) {
                    return every_segment_at(&inner, depth + 1, each);
                }
            }
            each(s)
        })
}

fn probe_words(s: &[String]) -> bool {
    let Some(p) = s.first() else {
        return false;
    };
    if PROBES.contains(&p.as_str()) {
        return true;
    }
    if p == "command" || (p == "git" && s.get(1).is_some_and(|w| w == "status")) {
        return true;
    }
    let rest = &s[1..];
    !rest.is_empty()
        && rest.iter().all(|w| {
            matches!(
                w.as_str(),
                "--version" | "-V" | "version" | "--help" | "-h" | "help"
            )
        })
}

/// What an episode is about: the same file, or the same program family. Two calls with equal
/// keys are the same kind of work.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EpisodeKey {
    /// A shell command of this family ([`family_of`]).
    Family(String),
    /// A file tool's call on this path (as the tool named it, relative to the project when
    /// under it).
    File(String),
    /// Any other tool, by its name (`mcp__github__create_issue`, `WebFetch`).
    Tool(String),
}

impl EpisodeKey {
    /// The key as stored: `family:node`, `file:src/app.py`, `tool:WebFetch`.
    pub fn as_string(&self) -> String {
        match self {
            EpisodeKey::Family(f) => format!("family:{f}"),
            EpisodeKey::File(p) => format!("file:{p}"),
            EpisodeKey::Tool(t) => format!("tool:{t}"),
        }
    }

    /// Parses [`EpisodeKey::as_string`].
    pub fn parse(s: &str) -> Option<EpisodeKey> {
        let (k, v) = s.split_once(':')?;
        Some(match k {
            "family" => EpisodeKey::Family(v.to_string()),
            "file" => EpisodeKey::File(v.to_string()),
            "tool" => EpisodeKey::Tool(v.to_string()),
            _ => return None,
        })
    }
}

/// The episode key of an event's tool call, with the project directory used to make file
/// paths relative; `None` for events without a tool call, for probes, and for shell calls
/// without a command.
pub fn episode_key(event: &Event, project: Option<&str>) -> Option<EpisodeKey> {
    let tool = event.tool.as_ref()?;
    match tool.kind {
        ToolKind::Shell => {
            let cmd = tool.command.as_deref()?;
            if is_probe(cmd) {
                return None;
            }
            family_of(cmd).map(EpisodeKey::Family)
        }
        ToolKind::FileWrite | ToolKind::FileRead => {
            let p = tool.paths.first()?;
            Some(EpisodeKey::File(relative(p, project)))
        }
        ToolKind::Agent | ToolKind::Other => None,
        _ => Some(EpisodeKey::Tool(tool.name.clone())),
    }
}

/// `path` relative to `project` when under it, else as given.
pub fn relative(path: &str, project: Option<&str>) -> String {
    if let Some(p) = project.filter(|p| !p.is_empty()) {
        let p = p.trim_end_matches('/');
        if let Some(rest) = path.strip_prefix(p) {
            if let Some(r) = rest.strip_prefix('/') {
                return r.to_string();
            }
        }
    }
    path.to_string()
}
