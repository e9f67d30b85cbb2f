//! Distillation: a failed call and the call that fixed it become a [`Lesson`] — symptom,
//! prescription, trigger tokens, tool, provenance — deterministically, from distilled fields
//! only. Secrets are redacted (`hookward-redact`) and machine paths replaced ([`Scrub`]) when
//! a call is captured ([`CallSummary::of`]), so nothing raw is ever stored.

use crate::family::{family_of, main_segment, program_words, relative, segments};
use hookward_core::{Event, ToolKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The machine-specific prefixes replaced at capture: the user's home becomes `~`, the
/// project directory `.`.
#[derive(Debug, Clone, Default)]
pub struct Scrub {
    /// The user's home directory (`HOME`).
    pub home: Option<String>,
    /// The project directory of the call.
    pub project: Option<String>,
}

impl Scrub {
    /// Redacts secrets in `text` and replaces the project directory by `.` and the home by `~`
    /// (the project first: it usually lies under the home).
    pub fn text(&self, text: &str) -> String {
        let mut s = hookward_redact::redact_str(text).into_owned();
        for (prefix, word) in [(&self.project, "."), (&self.home, "~")] {
            if let Some(p) = prefix.as_deref().map(|p| p.trim_end_matches('/')) {
                if p.len() > 1 {
                    s = s.replace(p, word);
                }
            }
        }
        s
    }
}

/// Longest command text kept in a [`CallSummary`] (characters): a lesson shows a command, not
/// a script.
pub const MAX_COMMAND_CHARS: usize = 240;

/// One tool call as a lesson remembers it: already redacted and scrubbed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallSummary {
    /// The agent's tool name (`Bash`, `Edit`, `run_shell_command`).
    pub tool: String,
    /// The tool kind's word (`shell`, `file_write`, …).
    pub kind: String,
    /// The shell command (scrubbed, at most [`MAX_COMMAND_CHARS`]: a longer one keeps its start
    /// and its end, [`cap_middle`]), for shell tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// The file the call names (relative to the project when under it), for file tools.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// For file edits: the first line of the text replaced (scrubbed), what an edit's token
    /// diff is computed on; for a sub-agent launch, the agent type asked for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The agent's call id (`toolu_…`), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

impl CallSummary {
    /// The summary of an event's tool call; `None` without one.
    pub fn of(event: &Event, scrub: &Scrub) -> Option<CallSummary> {
        let t = event.tool.as_ref()?;
        let command = t
            .command
            .as_deref()
            .filter(|_| t.kind == ToolKind::Shell)
            .map(|c| cap_middle(&scrub.text(c.trim()), MAX_COMMAND_CHARS));
        let file = t
            .paths
            .first()
            .filter(|_| matches!(t.kind, ToolKind::FileWrite | ToolKind::FileRead))
            .map(|p| scrub.text(&relative(p, scrub.project.as_deref())));
        let detail = ["old_string", "old_str", "subagent_type"]
            .iter()
            .find_map(|k| t.input.get(*k).and_then(Value::as_str))
            .and_then(|s| s.lines().find(|l| !l.trim().is_empty()))
            .map(|l| cap_chars(&scrub.text(l.trim()), 120));
        Some(CallSummary {
            tool: t.name.clone(),
            kind: t.kind.as_str().to_string(),
            command,
            file,
            detail,
            id: t.id.clone(),
        })
    }

    /// What the call did, in a few words: its command, else `edit FILE`, else the tool name.
    pub fn what(&self) -> String {
        match (&self.command, &self.file) {
            (Some(c), _) => c.clone(),
            (None, Some(f)) => format!("{} {f}", self.tool),
            _ => self.tool.clone(),
        }
    }

    /// The program family of a shell call.
    pub fn family(&self) -> Option<String> {
        self.command.as_deref().and_then(family_of)
    }
}

/// The failing half of an episode, as stored while the episode is open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailedCall {
    /// The call.
    pub call: CallSummary,
    /// Its symptom ([`symptom`]).
    pub symptom: String,
    /// Why it counts as failed ([`crate::Cause::word`]).
    pub cause: String,
    /// The failure's error text, scrubbed, lowercased and capped
    /// ([`crate::judge::evidence_of`]): what a fix must answer ([`crate::judge::points_at`]).
    /// Empty for episodes opened before it was kept, and for denied calls.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub evidence: String,
    /// The folder the call ran in, relative to the project (`packages/api`; scrubbed) when
    /// not the project itself: an agent's shell that moved with `cd sub && …` keeps running
    /// there, and a fix run from elsewhere is a move ([`distill`] says where the failure was).
    /// `None` at the project's root or when the event has no `cwd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
}

/// Where a lesson came from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Provenance {
    /// The agent (`claude-code`, …).
    pub agent: String,
    /// The session of the failing call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// The session of the fixing call, when another one (within the 30-minute window).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fix_session: Option<String>,
    /// The failing call's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failing_call: Option<String>,
    /// The fixing call's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fixing_call: Option<String>,
    /// What happened between the failure and the fix (`edit src/app.py`, …), in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub repair_path: Vec<String>,
    /// The lesson this one was merged into, or refined from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_id: Option<i64>,
    /// The project's setup when it was learned (lockfile hashes, toolchain versions); empty
    /// for lessons learned by replay, imported or seeded.
    #[serde(default, skip_serializing_if = "crate::envprint::EnvPrint::is_empty")]
    pub env: crate::envprint::EnvPrint,
}

/// A distilled lesson, before it has an id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// The tool the failure came from (`Bash`).
    pub tool: String,
    /// The program family of a shell failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    /// The file of a file-tool failure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The first error line, normalised ([`symptom`]).
    pub symptom: String,
    /// What the fixing call did differently, in one short sentence.
    pub prescription: String,
    /// The token diff of the failing and the fixing call (`-npm +pnpm`).
    pub diff: String,
    /// Words a later prompt or call must share for the lesson to come back (lowercase, unique).
    pub triggers: Vec<String>,
    /// Where it came from.
    pub provenance: Provenance,
}

impl Lesson {
    /// The text searched for this lesson: triggers, symptom, prescription.
    pub fn search_text(&self) -> String {
        format!(
            "{} | {} | {}",
            self.triggers.join(" "),
            self.symptom,
            self.prescription
        )
    }
}

/// Longest symptom kept (characters).
pub const MAX_SYMPTOM_CHARS: usize = 160;
/// Most trigger tokens a lesson keeps.
pub const MAX_TRIGGERS: usize = 24;

/// The symptom of an error text: its first error line ([`crate::is_error_line`]), else its
/// first line that is not an exit-code or shell-envelope line, normalised ([`normalise`]).
pub fn symptom(text: &str) -> String {
    let useful = |l: &&str| {
        let t = l.trim();
        !t.is_empty()
            && crate::outcome::exit_marker(t).is_none()
            && !t.starts_with('<')
            && !t.starts_with("Process Group PGID")
            && !t.starts_with("Wall time")
            && t != "Output:"
    };
    let line = text
        .lines()
        .take(400)
        .filter(useful)
        .find(|l| crate::outcome::is_error_line(l))
        .or_else(|| text.lines().find(useful))
        .unwrap_or("");
    let line = line.trim().trim_start_matches("Output: ");
    cap_chars(&normalise(line), MAX_SYMPTOM_CHARS)
}

/// Replaces what differs between two runs of the same failure by placeholder words: paths
/// (`/…`, `./…`, `~/…`, `C:\…`, a word with a `/` and a dot) → `PATH`, UUIDs → `ID`, hex
/// strings of 7+ characters with a digit → `HASH`, temp names (`tmpab12cd`) → `TMP`, numbers
/// → `N`; whitespace collapsed. Placeholders have no brackets so delivery keeps them.
pub fn normalise(line: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for raw in line.split_whitespace() {
        // keep leading/trailing punctuation around the token's core
        let start = raw
            .find(|c: char| c.is_alphanumeric() || "/~.\\".contains(c))
            .unwrap_or(raw.len());
        let end = raw
            .rfind(|c: char| c.is_alphanumeric() || c == '/')
            .map_or(start, |i| {
                i + raw[i..].chars().next().map_or(1, char::len_utf8)
            });
        if start >= end {
            out.push(raw.to_string());
            continue;
        }
        let (pre, core, post) = (&raw[..start], &raw[start..end], &raw[end..]);
        out.push(format!("{pre}{}{post}", normalise_token(core)));
    }
    out.join(" ")
}

fn normalise_token(t: &str) -> String {
    let is_path = t.starts_with('/')
        || t.starts_with("./")
        || t.starts_with("../")
        || t.starts_with("~/")
        || (t.len() > 2 && t.as_bytes()[1] == b':' && t.as_bytes()[2] == b'\\')
        || (t.contains('/') && t.contains('.') && !t.contains("://"));
    if is_path {
        return "PATH".into();
    }
    let hexish = |s: &str| s.chars().all(|c| c.is_ascii_hexdigit() || c == '-');
    if t.len() == 36 && hexish(t) && t.matches('-').count() == 4 {
        return "ID".into();
    }
    if t.len() >= 7
        && t.chars().all(|c| c.is_ascii_hexdigit())
        && t.chars().any(|c| c.is_ascii_digit())
    {
        return "HASH".into();
    }
    let lower = t.to_ascii_lowercase();
    if lower.starts_with("tmp")
        && t.len() > 5
        && t[3..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && t[3..].chars().any(|c| c.is_ascii_digit())
    {
        return "TMP".into();
    }
    // numbers inside a token (line:col, ports, durations): each digit run → N, except the
    // digits of a code whose 1–3 capital letters start a word (`E0425`, `TS2304`, `EN`-free)
    let chars: Vec<char> = t.chars().collect();
    let mut s = String::with_capacity(t.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if !c.is_ascii_digit() {
            s.push(c);
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && chars[j].is_ascii_digit() {
            j += 1;
        }
        let mut k = i;
        while k > 0 && chars[k - 1].is_ascii_uppercase() {
            k -= 1;
        }
        let code = (1..=3).contains(&(i - k)) && (k == 0 || !chars[k - 1].is_alphanumeric());
        if code {
            s.extend(&chars[i..j]);
        } else {
            s.push('N');
        }
        i = j;
    }
    s
}

/// Common words that never make a trigger (English, and the placeholders); sorted, for
/// [`is_stopword`]'s binary search.
const STOPWORDS: &[&str] = &[
    "again",
    "all",
    "and",
    "any",
    "are",
    "been",
    "being",
    "but",
    "can",
    "cannot",
    "code",
    "could",
    "did",
    "directory",
    "does",
    "done",
    "error",
    "exit",
    "fail",
    "failed",
    "failure",
    "false",
    "file",
    "for",
    "from",
    "had",
    "has",
    "hash",
    "have",
    "how",
    "instead",
    "into",
    "its",
    "just",
    "not",
    "null",
    "one",
    "our",
    "out",
    "path",
    "please",
    "run",
    "running",
    "runs",
    "should",
    "some",
    "such",
    "than",
    "that",
    "the",
    "then",
    "there",
    "this",
    "tmp",
    "true",
    "use",
    "used",
    "using",
    "was",
    "what",
    "when",
    "which",
    "while",
    "why",
    "will",
    "with",
    "would",
    "you",
    "your",
];

/// Whether a word is one of [`STOPWORDS`] (a binary search: a prompt's every word is looked
/// up on the hook's path).
pub fn is_stopword(w: &str) -> bool {
    STOPWORDS.binary_search(&w).is_ok()
}

/// The words of a text as trigger candidates: split on anything not alphanumeric (keeping
/// `-`, `_`, `.` inside words), CamelCase split too (`ModuleNotFoundError` gives itself and
/// `module`, `found`), lowercase, at least 3 characters (2 for CJK), no stopwords, no pure
/// numbers, no placeholders.
pub fn words(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let push = |w: &str, out: &mut Vec<String>| {
        let w = w.trim_matches(|c: char| c == '-' || c == '.' || c == '_');
        let lw = w.to_lowercase();
        let cjk = lw.chars().any(is_cjk);
        let long_enough = if cjk {
            lw.chars().count() >= 2
        } else {
            lw.len() >= 3
        };
        if long_enough
            && !is_stopword(&lw)
            && !lw.chars().all(|c| c.is_ascii_digit() || c == 'n')
            && !matches!(w, "PATH" | "HASH" | "TMP" | "ID" | "N")
            && !out.contains(&lw)
        {
            out.push(lw);
        }
    };
    for raw in text.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == '.')) {
        if raw.is_empty() {
            continue;
        }
        push(raw, &mut out);
        // CamelCase parts
        let mut part = String::new();
        let mut parts = Vec::new();
        for c in raw.chars() {
            if c.is_uppercase()
                && !part.is_empty()
                && part.chars().last().is_some_and(|p| p.is_lowercase())
            {
                parts.push(std::mem::take(&mut part));
            }
            if c == '-' || c == '_' || c == '.' {
                parts.push(std::mem::take(&mut part));
                continue;
            }
            part.push(c);
        }
        parts.push(part);
        if parts.iter().filter(|p| !p.is_empty()).count() > 1 {
            for p in parts {
                push(&p, &mut out);
            }
        }
    }
    out
}

/// Whether a character is CJK (Han, kana, Hangul), which the search treats as unspaced text.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// The token diff of two commands' main segments: words only in `failing` as `-w`, words
/// only in `fixing` as `+w`, in order; empty when they are the same.
pub fn token_diff(failing: &str, fixing: &str) -> String {
    cap_chars(&word_diff(&main_words(failing), &main_words(fixing)), 120)
}

/// The word diff of two whole commands (every segment's words, wrappers unwrapped), as
/// [`token_diff`] gives it for their main segments: what changed around the program (`source
/// .venv/bin/activate &&`, `cd app &&`, `FOO=1`).
pub fn word_diff_of(failing: &str, fixing: &str) -> String {
    word_diff(&all_words(failing), &all_words(fixing))
}

fn word_diff(a: &[String], b: &[String]) -> String {
    let mut out: Vec<String> = Vec::new();
    for w in a {
        if !b.contains(w) {
            out.push(format!("-{w}"));
        }
    }
    for w in b {
        if !a.contains(w) {
            out.push(format!("+{w}"));
        }
    }
    out.join(" ")
}

/// Every word of every segment of a command, assignments and `cd` included; `sleep N`
/// segments left out (waiting before the same command is a retry, not a different way).
fn all_words(cmd: &str) -> Vec<String> {
    all_words_at(cmd, 0)
}

fn all_words_at(cmd: &str, depth: u8) -> Vec<String> {
    let mut out = Vec::new();
    for seg in segments(cmd) {
        let w = program_words(&seg);
        if w.first().map(String::as_str) == Some("sleep") {
            continue;
        }
        match crate::family::inner_command(&w).filter(|_| depth < 3) {
            // a command run elsewhere differs by what it runs there
            Some(inner) => out.extend(all_words_at(&inner, depth + 1)),
            None => out.extend(seg),
        }
    }
    out
}

/// Programs whose first argument is a sub-command naming the work (`git push`, `op signin`,
/// `kubectl apply`): a call of another sub-command is other work, even in the same family.
pub const SUBCOMMAND_PROGRAMS: &[&str] = &[
    "git",
    "gh",
    "op",
    "kubectl",
    "helm",
    "systemctl",
    "brew",
    "apt",
    "apt-get",
    "opkg",
    "uci",
    "az",
    "gcloud",
    "aws",
    "heroku",
    "flyctl",
    "vercel",
    "go",
    "dotnet",
    "mix",
    "deno",
    "terraform",
];

/// A segment's program and sub-command, for [`SUBCOMMAND_PROGRAMS`] only (`git -C dir push`
/// → `("git", "push")`).
fn work_of(words: &[String]) -> Option<(String, String)> {
    let p = words.first()?;
    if !SUBCOMMAND_PROGRAMS.contains(&p.as_str()) {
        return None;
    }
    let mut i = 1;
    while i < words.len() && words[i].starts_with('-') {
        i += if p == "git" && matches!(words[i].as_str(), "-C" | "-c") {
            2
        } else {
            1
        };
    }
    Some((p.clone(), words.get(i)?.clone()))
}

/// The program words of every segment of a command, wrappers run elsewhere read as the
/// command they run ([`crate::family::inner_command`]).
fn unwrapped_segments(cmd: &str, depth: u8) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for seg in segments(cmd) {
        let w = program_words(&seg);
        match crate::family::inner_command(&w).filter(|_| depth < 3) {
            Some(inner) => out.extend(unwrapped_segments(&inner, depth + 1)),
            None if !w.is_empty() => out.push(w),
            None => {}
        }
    }
    out
}

/// Whether the fixing command does the same kind of work as the failing one beyond their
/// family: for a [`SUBCOMMAND_PROGRAMS`] program, some segment of the fixing command runs the
/// failing one's sub-command (`git push` is fixed by `git pull --rebase && git push`, not by
/// `git tag`); anything else is the same work when the family is. Commands run elsewhere
/// (`ssh host CMD`) are read as the command they run.
pub fn same_work(failing: Option<&str>, fixing: Option<&str>) -> bool {
    let (Some(a), Some(b)) = (failing, fixing) else {
        return true;
    };
    let main = unwrapped_main(a);
    if let Some(task) = node_task(&main) {
        // a test run, an install and anything else a package manager runs are three kinds of
        // work (`bun install` after `bun test` failed is not its fix; `npm test` and `pnpm
        // test` are one)
        return unwrapped_segments(b, 0)
            .iter()
            .any(|s| node_task(s) == Some(task));
    }
    if let Some(w) = own_work(&main) {
        // the same program with another sub-command is other work; with none (`ps` after `ps
        // aux` failed: BSD-style letters, not a sub-command) it may be the fix
        let segs = unwrapped_segments(b, 0);
        let same_program: Vec<&Vec<String>> =
            segs.iter().filter(|s| s.first() == Some(&w.0)).collect();
        return same_program.is_empty()
            || same_program
                .iter()
                .any(|s| bare_work(s).is_none_or(|x| x == w));
    }
    match work_of(&main).or_else(|| sudo_work(a, &main)) {
        Some(w) => {
            unwrapped_segments(b, 0)
                .iter()
                .any(|s| work_of(s).as_ref() == Some(&w) || bare_work(s).as_ref() == Some(&w))
                // a setup sub-command of the same program (`go mod init` after `go build`
                // found no module, `terraform init` after `terraform plan`): the order is the
                // lesson
                || !sets_up(&main)
                    && unwrapped_segments(b, 0)
                        .iter()
                        .any(|s| s.first() == main.first() && sets_up(s))
        }
        None => true,
    }
}

/// Sub-command words that set a project up rather than do its work (`go mod init`, `terraform
/// init`, `dotnet restore`, `mix deps.get`).
const SETUP_SUBCOMMANDS: &[&str] = &[
    "init",
    "install",
    "sync",
    "tidy",
    "download",
    "restore",
    "deps.get",
    "migrate",
    "generate",
    "configure",
    "setup",
    "bootstrap",
];

/// Whether a segment's first two bare words after the program include a
/// [`SETUP_SUBCOMMANDS`] word.
fn sets_up(words: &[String]) -> bool {
    words
        .iter()
        .skip(1)
        .filter(|w| !w.starts_with('-'))
        .take(2)
        .any(|w| SETUP_SUBCOMMANDS.contains(&w.as_str()))
}

/// [`same_work`], or another way of the same work that the failure's `evidence` asks for: a
/// sub-command the program did not know ([`crate::judge::unknown_subcommand`]), or a package
/// script whose program was not found reached through an executor (`npm run lint` → `eslint:
/// not found` → `npx eslint .`: a JavaScript run and exec are one work then).
pub fn same_work_after(failing: Option<&str>, fixing: Option<&str>, evidence: &str) -> bool {
    if same_work(failing, fixing) || crate::judge::unknown_subcommand(evidence) {
        return true;
    }
    let (Some(a), Some(b)) = (failing, fixing) else {
        return false;
    };
    let runs = |c: &str| {
        unwrapped_segments(c, 0)
            .iter()
            .any(|s| matches!(node_task(s), Some("run" | "exec")))
    };
    (crate::judge::is_missing_program(evidence)
        || crate::judge::missing_program_name(evidence).is_some())
        && matches!(node_task(&unwrapped_main(a)), Some("run" | "exec"))
        && runs(b)
}

/// For a program of no [`crate::family::FAMILIES`] row (its own family: a project's CLI,
/// `golangci-lint`, `minsky`) that is not a probe: its program and first argument when that is a bare
/// word (`minsky git pr …` → `("minsky", "git")`), so another sub-command (`minsky session
/// start`) is other work, as for [`SUBCOMMAND_PROGRAMS`].
fn own_work(words: &[String]) -> Option<(String, String)> {
    let p = words.first()?;
    let listed = crate::family::FAMILIES
        .iter()
        .any(|f| f.spellings.iter().any(|sp| sp.first() == Some(&p.as_str())));
    if listed || crate::family::PROBES.contains(&p.as_str()) {
        return None;
    }
    bare_work(words)
}

/// Package managers and runners whose work is told by a sub-command ([`node_task`]).
const NODE_RUNNERS: &[&str] = &["npm", "pnpm", "yarn", "bun"];
/// Runners of another package's program (`npx jest`).
const NODE_EXECUTORS: &[&str] = &["npx", "bunx", "pnpx"];
/// Test runners of the JavaScript world, run through a package manager or an executor.
const JS_TEST_RUNNERS: &[&str] = &["jest", "vitest", "mocha", "ava", "playwright", "tap", "c8"];
/// Sub-commands of a package manager that change the installed packages.
const NODE_DEPS: &[&str] = &[
    "install",
    "i",
    "ci",
    "add",
    "update",
    "upgrade",
    "up",
    "remove",
    "rm",
    "uninstall",
    "un",
    "link",
];

/// The kind of work a JavaScript package manager's command does: `"test"` (`bun test`, `npm
/// test`, `npm run test:unit`, `npx vitest`), `"deps"` (`npm install`, `bun add x`, a bare
/// `yarn`), `"exec"` (another package's program: `npx tsx -e …`, `pnpm dlx x`), `"run"` (a
/// script, a build, the project's CLI: `npm run check`, `bun run src/cli.ts …`); `None` for a
/// command of another program.
pub fn node_task(words: &[String]) -> Option<&'static str> {
    let p = words.first()?.as_str();
    let rest: Vec<&str> = words[1..]
        .iter()
        .map(String::as_str)
        .filter(|w| !w.starts_with('-'))
        .collect();
    let test_runner = |w: Option<&&str>| w.is_some_and(|w| JS_TEST_RUNNERS.contains(w));
    if NODE_EXECUTORS.contains(&p) || p == "corepack" {
        // a package manager run through another (`npx pnpm install`, `corepack yarn test`)
        // does that manager's work
        if let Some(i) = words
            .iter()
            .skip(1)
            .position(|w| NODE_RUNNERS.contains(&w.as_str()))
            .filter(|i| words[1..=*i].iter().all(|w| w.starts_with('-')) || *i == 0)
        {
            return node_task(&words[i + 1..]);
        }
    }
    if NODE_EXECUTORS.contains(&p) {
        return Some(if test_runner(rest.first()) {
            "test"
        } else {
            "exec"
        });
    }
    if !NODE_RUNNERS.contains(&p) {
        return None;
    }
    let sub = rest.first().copied();
    let script_is_test = |w: Option<&&str>| w.is_some_and(|w| w.starts_with("test"));
    Some(match sub {
        None if p == "yarn" => "deps",
        Some("test" | "t" | "tst") => "test",
        Some("run" | "run-script") if script_is_test(rest.get(1)) => "test",
        Some("exec" | "x" | "dlx") if test_runner(rest.get(1)) => "test",
        Some("exec" | "x" | "dlx") => "exec",
        Some(w) if NODE_DEPS.contains(&w) => "deps",
        Some(w) if JS_TEST_RUNNERS.contains(&w) => "test",
        _ => "run",
    })
}

/// For a failing command run under `sudo`: its program and first bare argument (`sudo
/// sc_auth pair …` → `("sc_auth", "pair")`), so the episode is keyed by what ran under sudo and
/// only the same sub-command closes it (`sc_auth identities` does not).
fn sudo_work(cmd: &str, main: &[String]) -> Option<(String, String)> {
    let under_sudo = segments(cmd)
        .iter()
        .any(|s| s.first().is_some_and(|w| w == "sudo"));
    if !under_sudo {
        return None;
    }
    bare_work(main)
}

/// A segment's program and its first argument when that is a bare word (letters, digits, `-`,
/// `_`; not a flag, path or value).
fn bare_work(words: &[String]) -> Option<(String, String)> {
    let p = words.first()?;
    let arg = words.get(1)?;
    let bare = arg.len() >= 2
        && arg.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    bare.then(|| (p.clone(), arg.clone()))
}

fn main_words(cmd: &str) -> Vec<String> {
    let seg = main_segment(cmd);
    if seg.is_empty() {
        return segments(cmd).into_iter().flatten().collect();
    }
    match crate::family::inner_command(&seg) {
        // `ssh host CMD`, `powershell -Command CMD`: the words of CMD
        Some(inner) if inner != cmd => main_words(&inner),
        _ => seg,
    }
}

/// Why no lesson comes of an episode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoLesson {
    /// The fix is the same call with nothing done in between: a retry, not a lesson.
    Retry,
    /// The failure has no symptom text to recognise it by.
    NoSymptom,
    /// The same command succeeded after edits of the project's own source only: a bug fixed
    /// in the code, which teaches nothing for next time (the replay benchmark's judgement
    /// set, BENCHMARKS.md "Lessons", labels these "no lesson").
    CodeFix,
    /// The fix turns off a safety check ([`WEAKENING`]): never learned, whether or not a guard
    /// saw it (the hook reports it as a `lesson-refused` health event).
    WeakensSafety(&'static str),
    /// The "fix" is other work of the same family (another sub-command: [`same_work`]).
    OtherWork,
    /// The fix only left arguments out (`brew install a c` after `brew install a b c`
    /// failed on `b`): part of the work given up, not a way of doing it ([`narrowed`]).
    Narrowed,
    /// Nothing the fix changed is what the failure's text points at ([`crate::judge::points_at`]):
    /// another command that happened to succeed next.
    Unexplained,
}

/// Words whose appearance in a fixing command (not in the failing one) means the "fix" turned
/// a safety check off: installing over the system's package manager, skipping hooks and
/// signatures, forcing pushes, TLS verification off, privileged containers, world-writable
/// modes. Matched against the `+` words of the command diff (exactly, or as `NAME=` prefix
/// for variables).
pub const WEAKENING: &[&str] = &[
    "--break-system-packages",
    "--no-verify",
    "--force",
    "--force-with-lease",
    "--no-gpg-sign",
    "--insecure",
    "--no-check-certificate",
    "--trusted-host",
    "--privileged",
    "--allow-unauthenticated",
    "--dangerously-skip-permissions",
    "--yolo",
    "--unsafe-perm",
    "--disable-sandbox",
    "--no-sandbox",
    "777",
    "666",
    "a+rwx",
    "NODE_TLS_REJECT_UNAUTHORIZED=",
    "GIT_SSL_NO_VERIFY=",
    "PYTHONHTTPSVERIFY=",
    "sudo",
];

/// The [`WEAKENING`] word a token diff adds, if any.
pub fn weakening(diff: &str) -> Option<&'static str> {
    diff.split_whitespace()
        .filter_map(|w| w.strip_prefix('+'))
        .find_map(|w| {
            WEAKENING
                .iter()
                .find(|k| {
                    if k.ends_with('=') {
                        w.starts_with(*k)
                    } else {
                        w == **k
                    }
                })
                .copied()
        })
}

/// Programs whose short `-f` always means "force" (`git add -f` of an ignored file, `git
/// push -f`, `rm -f`): added by a fix, it overrides a check like `--force` does. Not
/// `docker`: `docker build -f FILE` names a file.
pub const SHORT_FORCE_PROGRAMS: &[&str] = &["git", "rm", "cp", "mv", "ln"];

/// `-f` as [`WEAKENING`]'s `--force` when the failing command's program is one of
/// [`SHORT_FORCE_PROGRAMS`] and the diff adds it.
fn short_force(failing: &str, diff: &str) -> Option<&'static str> {
    let prog = unwrapped_main(failing).first().cloned()?;
    (SHORT_FORCE_PROGRAMS.contains(&prog.as_str()) && diff.split_whitespace().any(|w| w == "+-f"))
        .then_some("--force")
}

/// A [`WEAKENING`] word that a command run between the failure and the fix adds to the
/// failing command's words (`git commit --no-gpg-sign` before the push is retried): the repair
/// path turned the check off even when the final call looks clean. Steps are the
/// `ran `COMMAND`` entries of the repair path.
fn weakening_in_repair(failing: &str, repair_path: &[String]) -> Option<&'static str> {
    let before = all_words(failing);
    repair_path
        .iter()
        .filter_map(|s| s.strip_prefix("ran `"))
        .map(|s| s.trim_end_matches('`').trim_end_matches('…'))
        .find_map(|cmd| {
            let d = word_diff(&before, &all_words(cmd));
            weakening(&d).or_else(|| short_force(cmd, &d))
        })
}

/// The main segment of a command, commands run elsewhere read as what they run.
fn unwrapped_main(cmd: &str) -> Vec<String> {
    let mut main = main_segment(cmd);
    for _ in 0..3 {
        match crate::family::inner_command(&main) {
            Some(inner) => main = main_segment(&inner),
            None => break,
        }
    }
    main
}

/// Whether a word is a flag: `-x`, `--x`, or a Windows switch (`/a`, `/all`, `/?`).
fn is_flag(w: &str) -> bool {
    w.starts_with('-')
        || (w.len() >= 2
            && w.len() <= 8
            && w.starts_with('/')
            && w[1..]
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '?' || c == ':'))
}

/// Whether the fixing command only leaves out operands of the failing one: its main segment
/// adds no word, drops at least one operand (not a flag, not the program) and no flag.
pub fn narrowed(failing: &str, fixing: &str) -> bool {
    let (a, b) = (unwrapped_main(failing), unwrapped_main(fixing));
    if a.is_empty() || b.is_empty() || a[0] != b[0] {
        return false;
    }
    let added = b.iter().any(|w| !a.contains(w));
    let dropped: Vec<&String> = a.iter().filter(|w| !b.contains(w)).collect();
    !added && !dropped.is_empty() && dropped.iter().all(|w| !is_flag(w))
}

/// File names (the last path part, lowercase) whose edit is a change of setup rather than of
/// the project's code: manifests, lockfiles, tool and build configuration, environment files.
/// The same command rerun after an edit of one of them is a lesson only when the failure named
/// a dependency the manifest lacked ([`crate::judge::is_missing_dependency`]); after edits
/// alone otherwise, of these files or others, it is not ([`NoLesson::CodeFix`]: the project
/// changed, not the way the work is run).
pub const SETUP_FILES: &[&str] = &[
    "package.json",
    "package-lock.json",
    "pnpm-lock.yaml",
    "pnpm-workspace.yaml",
    "yarn.lock",
    ".npmrc",
    ".nvmrc",
    ".node-version",
    "tsconfig.json",
    "jsconfig.json",
    "cargo.toml",
    "cargo.lock",
    "rust-toolchain",
    "rust-toolchain.toml",
    "build.rs",
    "pyproject.toml",
    "uv.lock",
    "poetry.lock",
    "setup.py",
    "setup.cfg",
    "requirements.txt",
    "requirements-dev.txt",
    "pytest.ini",
    "tox.ini",
    "conftest.py",
    ".python-version",
    "go.mod",
    "go.sum",
    "makefile",
    "justfile",
    "dockerfile",
    "docker-compose.yml",
    "docker-compose.yaml",
    "compose.yml",
    "compose.yaml",
    ".dockerignore",
    ".env",
    ".env.example",
    ".env.local",
    ".tool-versions",
    ".gitignore",
    ".gitattributes",
    "gemfile",
    "gemfile.lock",
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "cmakelists.txt",
];

/// Whether editing `file` changes the setup ([`SETUP_FILES`], or a name like
/// `vite.config.ts`, `jest.config.js`, `.eslintrc.json`, `*.toml`, `*.ini`, `*.lock`).
pub fn is_setup_file(file: &str) -> bool {
    let name = file
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(file)
        .to_lowercase();
    SETUP_FILES.contains(&name.as_str())
        || name.contains(".config.")
        || name.starts_with(".eslintrc")
        || name.starts_with(".prettierrc")
        || name.starts_with(".babelrc")
        || name.starts_with(".env.")
        || name.starts_with("dockerfile")
        || [".toml", ".ini", ".lock", ".cfg"]
            .iter()
            .any(|x| name.ends_with(x))
}

/// Words of a command run in between that changes the setup (an install, a migration, a
/// configure or generate step), as opposed to other work (a commit, a look, another test run).
const SETUP_WORDS: &[&str] = &[
    "install",
    "migrate",
    "sync",
    "configure",
    "setup",
    "bootstrap",
    "generate",
    "codegen",
];

/// Package managers whose `add` sub-command installs (`uv add`, `cargo add`, `yarn add`): `add`
/// after another program (`git add`) is not a setup change.
const ADDING_MANAGERS: &[&str] = &["uv", "cargo", "npm", "yarn", "pnpm", "poetry", "bun", "pip"];

/// Whether a repair path changed the setup: a setup file edited ([`is_setup_file`]) or a
/// setup command run in between ([`SETUP_WORDS`]: `ran `npm install -D @types/node``).
fn changed_setup(repair_path: &[String]) -> bool {
    repair_path.iter().any(|step| {
        step.strip_prefix("ran ").is_some_and(|c| {
            let words: Vec<&str> = c
                .split(|ch: char| !(ch.is_alphanumeric() || ch == '-' || ch == '_'))
                .filter(|w| !w.is_empty())
                .collect();
            words.iter().any(|w| SETUP_WORDS.contains(w))
                || words
                    .windows(2)
                    .any(|p| p[1] == "add" && ADDING_MANAGERS.contains(&p[0]))
        }) || step
            .strip_prefix("edit ")
            .is_some_and(|f| is_setup_file(f.trim()))
    })
}

/// Flags that only change how much a run prints (verbosity, traceback style, capture,
/// colour): a fix that changes nothing else did not change how the work runs — the real fix
/// happened elsewhere (an edit, a moved file) or the run passed for another reason.
pub const OUTPUT_FLAGS: &[&str] = &[
    "-v",
    "-vv",
    "-vvv",
    "-q",
    "-qq",
    "-ra",
    "-rA",
    "--verbose",
    "--quiet",
    "--silent",
    "--no-header",
    "--tb",
    "--color",
    "--colour",
    "--no-color",
    "--progress",
    "--reporter",
    "--porcelain",
    "--oneline",
    "--stat",
    "--summary",
    "--pretty",
    "--format",
];

/// Whether every word a token diff adds or removes is an output flag ([`OUTPUT_FLAGS`], also
/// as `--tb=short`, `--color=never`), and there is at least one.
pub fn only_output_flags(diff: &str) -> bool {
    let mut any = false;
    for w in diff.split_whitespace() {
        let Some(w) = w.strip_prefix('+').or_else(|| w.strip_prefix('-')) else {
            return false;
        };
        let name = w.split('=').next().unwrap_or(w);
        if !OUTPUT_FLAGS.contains(&name) {
            return false;
        }
        any = true;
    }
    any
}

/// Whether the fixing command only looked where the failing one worked: it adds
/// `--help`/`--dry-run` (or `make -n`) that the failing command did not have. A dry run or a
/// help page succeeding says nothing of the run that failed.
pub fn only_looked(failing: &str, fixing: &str) -> bool {
    let (a, b) = (unwrapped_main(failing), unwrapped_main(fixing));
    let has = |w: &[String], f: &str| w.iter().any(|x| x == f);
    ["--help", "--dry-run", "--dryrun"]
        .iter()
        .any(|f| has(&b, f) && !has(&a, f))
        || (b.first().is_some_and(|p| p == "make") && has(&b, "-n") && !has(&a, "-n"))
}

/// The segments of a command that do work, look-only ones (`git status`, `ls`, `pwd`,
/// `echo`) left out ([`crate::judge::is_look_only`]), each as its words.
fn working_segments(cmd: &str) -> Vec<Vec<String>> {
    // a move (`cd`, `pushd`) or a variable set is not a look: it changes how the rest runs
    let moves = |s: &[String]| {
        matches!(
            s[0].as_str(),
            "cd" | "pushd" | "popd" | "export" | "set" | "source" | "."
        )
    };
    segments(cmd)
        .into_iter()
        .filter(|s| !s.is_empty() && (moves(s) || !crate::judge::is_look_only(&s.join(" "))))
        .collect()
}

/// Whether the fixing command is the failing one with only look-only segments added or
/// removed (`git mv a b && git status` after `git mv a b`): a retry, not a fix.
pub fn same_but_looks(failing: &str, fixing: &str) -> bool {
    let (a, b) = (working_segments(failing), working_segments(fixing));
    !a.is_empty() && a == b
}

/// Whether a repair path ran a setup command ([`SETUP_WORDS`]; `ran `npm install``): the
/// order of the work (install, then build) is what to remember. An edited file, setup or
/// not, is a change of the project, not of how the work is run.
fn ran_setup(repair_path: &[String]) -> bool {
    repair_path.iter().any(|step| {
        let Some(c) = step.strip_prefix("ran ") else {
            return false;
        };
        let words: Vec<&str> = c
            .split(|ch: char| !(ch.is_alphanumeric() || ch == '-' || ch == '_'))
            .filter(|w| !w.is_empty())
            .collect();
        // `npm i`, `npm ci`, `pnpm add`: a package manager's install spelled short
        changed_setup(std::slice::from_ref(step))
            || words
                .windows(2)
                .any(|p| ADDING_MANAGERS.contains(&p[0]) && matches!(p[1], "i" | "ci" | "add"))
    })
}

/// Distils a failed call, what was done in between (`repair_path`: scrubbed `edit FILE`
/// words), and the fixing call into a [`Lesson`].
///
/// Errors: [`NoLesson`] when nothing differs (a plain retry) or nothing identifies the failure.
pub fn distill(
    failed: &FailedCall,
    repair_path: &[String],
    fixing: &CallSummary,
    mut provenance: Provenance,
) -> Result<Lesson, NoLesson> {
    if failed.symptom.trim().is_empty() {
        return Err(NoLesson::NoSymptom);
    }
    let f = &failed.call;
    let (diff, prescription) = match (&f.command, &fixing.command) {
        (Some(a), Some(b)) => {
            if !same_work_after(Some(a), Some(b), &failed.evidence)
                && !crate::judge::relocated(Some(a), Some(b), &failed.evidence)
                && !crate::judge::replaced_missing(Some(a), &failed.evidence, Some(b))
            {
                return Err(NoLesson::OtherWork);
            }
            // a pipeline's own inline `awk`/`grep`/`sed`/`jq` program that did not parse: the
            // agent rewrote its script, which is the code's business
            if crate::judge::inline_program_error(Some(a), &failed.evidence) {
                return Err(NoLesson::CodeFix);
            }
            let mut d = token_diff(a, b);
            if d.is_empty() {
                // the program's words agree: what changed may be around them (`cd server &&`,
                // `DATABASE_URL=… `), which the main segment leaves out
                d = cap_chars(&word_diff(&all_words(a), &all_words(b)), 120);
            }
            let wrapped = |c: &str| {
                segments(c)
                    .first()
                    .is_some_and(|s| crate::family::inner_command(&program_words(s)).is_some())
            };
            if d.is_empty() && wrapped(a) != wrapped(b) {
                // the same inner command run through another shell (`cmd //c "whoami /groups"`
                // after `whoami /groups`): the wrapper is what changed
                let raw = |c: &str| c.split_whitespace().map(str::to_string).collect::<Vec<_>>();
                d = cap_chars(&word_diff(&raw(a), &raw(b)), 120);
            }
            if let Some(w) = weakening(&d)
                .or_else(|| {
                    // `sudo` and variables sit outside the main segment's words
                    weakening(&word_diff(&all_words(a), &all_words(b)))
                })
                .or_else(|| short_force(a, &d))
                .or_else(|| weakening_in_repair(a, repair_path))
            {
                return Err(NoLesson::WeakensSafety(w));
            }
            // … unless the failing run selected nothing: leaving its selector out (a node id
            // that a `-k` excluded) gives no work up — when no setup file was edited in
            // between (a `pytest.ini` written so the folder is collected is the project's fix)
            let selection =
                crate::judge::selected_nothing(&failed.evidence) && !changed_setup(repair_path);
            if narrowed(a, b) && !crate::judge::is_usage_error(&failed.evidence) && !selection {
                return Err(NoLesson::Narrowed);
            }
            // a retry with a look added (`… && git status`), a help page or a dry run
            if repair_path.is_empty() && same_but_looks(a, b) {
                return Err(NoLesson::Retry);
            }
            if only_looked(a, b) {
                return Err(NoLesson::Unexplained);
            }
            if d.is_empty() {
                if repair_path.is_empty() {
                    return Err(NoLesson::Retry);
                }
                // the same command again after edits alone: the project changed, not the way
                // to run it — unless the failure named a dependency the manifest lacked and a
                // setup file (the manifest) was edited; a command run in between (`git pull
                // --rebase` before the push, `npm install` before the build) is an order
                let declared = changed_setup(repair_path)
                    && crate::judge::is_missing_dependency(&failed.evidence);
                let ran_between = repair_path.iter().any(|step| step.starts_with("ran "));
                if !ran_between && !declared {
                    return Err(NoLesson::CodeFix);
                }
            }
            // the project's own code failing: a lesson only when the setup changed in between
            // (a configuration file edited, a command run); else the fix is the code, or another
            // variant of the command that happens to pass
            if crate::judge::is_code_failure(&failed.evidence)
                && !changed_setup(repair_path)
                && !ran_setup(repair_path)
            {
                return Err(NoLesson::CodeFix);
            }
            // only how much the run prints changed (`-v` → `-q`, `--tb=short`): not the fix
            if only_output_flags(&d) && !crate::judge::is_usage_error(&failed.evidence) {
                return Err(NoLesson::Unexplained);
            }
            let changed: Vec<String> = d.split_whitespace().map(str::to_string).collect();
            if !crate::judge::points_at(&failed.evidence, &changed, repair_path) {
                return Err(NoLesson::Unexplained);
            }
            if d.is_empty() {
                (
                    String::new(),
                    format!(
                        "{}, then ran {} again",
                        repair_path.join(", "),
                        quote_cmd(b)
                    ),
                )
            } else {
                (
                    d,
                    format!("ran {} instead of {}", quote_cmd(b), quote_cmd(a)),
                )
            }
        }
        _ => {
            // a file tool failing and then working on the same source file (stale text, a
            // second try at an edit) is the code's business, not a lesson
            // … unless the failure was the tool's own usage rule (a file not read before an
            // edit): reading first is what to remember
            // … or a folder read as a file, then listed by a listing tool on the same path
            // (Claude Code's `LS`): listing it is what to remember
            let tool_rule = crate::judge::is_tool_rule(&failed.evidence);
            if f.command.is_none()
                && fixing.command.is_none()
                && f.file.is_some()
                && f.file == fixing.file
                && !f.file.as_deref().is_some_and(is_setup_file)
                && !tool_rule
                && !crate::judge::is_folder_read(&failed.evidence)
            {
                return Err(NoLesson::CodeFix);
            }
            if let (true, Some(file)) = (tool_rule && f.file == fixing.file, &f.file) {
                (String::new(), format!("read {file} first, then {}", f.tool))
            } else if let (true, Some(file)) =
                (crate::judge::is_folder_read(&failed.evidence), &f.file)
            {
                (
                    String::new(),
                    format!(
                        "{file} is a folder: list it ({}) instead of {}",
                        quote_cmd(&fixing.what()),
                        f.tool
                    ),
                )
            } else {
                let d = match (&f.detail, &fixing.detail) {
                    (Some(a), Some(b)) => token_diff(a, b),
                    _ => String::new(),
                };
                if d.is_empty() && repair_path.is_empty() && f.what() == fixing.what() {
                    return Err(NoLesson::Retry);
                }
                let mut p = format!("{} succeeded", fixing.what());
                if !repair_path.is_empty() {
                    p = format!("{}, then {p}", repair_path.join(", "));
                }
                if let Some(b) = &fixing.detail {
                    p.push_str(&format!(" on the text {}", quote_cmd(b)));
                }
                (d, p)
            }
        }
    };
    let prescription = match failed.cwd.as_deref().filter(|c| !c.is_empty() && *c != ".") {
        Some(cwd) => format!("in {cwd}: {prescription}"),
        None => prescription,
    };
    let mut triggers: Vec<String> = Vec::new();
    let family = f.family();
    if let Some(fam) = &family {
        triggers.push(fam.clone());
    }
    let mut add = |ws: Vec<String>| {
        for w in ws {
            if !triggers.contains(&w) && triggers.len() < MAX_TRIGGERS {
                triggers.push(w);
            }
        }
    };
    if let Some(c) = &f.command {
        add(words(&main_segment(c).join(" ")));
    }
    if let Some(file) = &f.file {
        add(words(file.rsplit('/').next().unwrap_or(file)));
    }
    add(words(&failed.symptom));
    if let Some(c) = &fixing.command {
        add(words(&main_segment(c).join(" ")));
    }
    for r in repair_path {
        add(words(r));
    }
    provenance.failing_call = f.id.clone();
    provenance.fixing_call = fixing.id.clone();
    provenance.repair_path = repair_path.to_vec();
    Ok(Lesson {
        tool: f.tool.clone(),
        family,
        file: f.file.clone(),
        symptom: failed.symptom.clone(),
        prescription: cap_chars(&prescription, 400),
        diff,
        triggers,
        provenance,
    })
}

fn quote_cmd(c: &str) -> String {
    format!("`{}`", cap_middle(c, 120))
}

/// `s` cut to at most `max` characters by leaving out its middle: the first two thirds and the
/// last third, joined by ` … `. Two long commands that differ only at the end (`echo HEX |
/// python3 -c …` and `echo HEX | xxd -r -p`: the replay of sample 8) stay two commands.
pub fn cap_middle(s: &str, max: usize) -> String {
    let n = s.chars().count();
    if n <= max || max < 12 {
        return cap_chars(s, max);
    }
    let tail = max / 3 - 2;
    let head = max - tail - 3;
    let mut out: String = s.chars().take(head).collect();
    out.push_str(" … ");
    out.extend(s.chars().skip(n - tail));
    out
}

/// `s` cut to at most `max` characters, with `…` when cut.
pub fn cap_chars(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod stopword_tests {
    use super::*;

    #[test]
    fn stopwords_are_sorted_for_the_binary_search() {
        assert!(STOPWORDS.windows(2).all(|w| w[0] < w[1]));
        for w in STOPWORDS {
            assert!(is_stopword(w), "{w}");
        }
        assert!(!is_stopword("npm") && !is_stopword("") && !is_stopword("runner"));
    }
}
