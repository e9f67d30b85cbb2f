//! Internal value model: expanded words, data streams, variables and the shell state.

use std::collections::HashMap;
use std::rc::Rc;

use brush_parser::ast;

/// Where a piece of data came from, as far as executing it is concerned.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Taint {
    /// Fetched from the network: the URL (or host) it came from.
    pub fetched: Option<String>,
    /// Decoded by a decoder (`base64 -d`, `xxd -r`, …): its name.
    pub decoded: Option<String>,
    /// Output of `pgrep`/`pidof`: the pattern or name looked up.
    pub pids_of: Option<String>,
    /// Output of an environment dump (`env`, `printenv`, `export -p`, `set`).
    pub env_dump: bool,
    /// A command substitution's output carries the content of this file (absolute), read by
    /// a command inside it (`$(cat .env | base64)`): the data a URL or DNS name then sends.
    pub read: Option<String>,
    /// The content carries the value of a secret-named variable (`echo $AWS_SECRET_ACCESS_KEY`):
    /// its name.
    pub secret_var: Option<String>,
    /// The content is the output of this command (its index in `ShellFacts::commands`): the
    /// nearest earlier pipeline stage that made data of its own rather than passing its input
    /// on (`stripe customers list | jq -c . | curl -d @- URL`: the `stripe` command). Not set
    /// for text fixed in the command (`echo`, `printf`), a file's content, or a fetch (those
    /// have their own provenance). An index, not a name: no allocation per command.
    pub producer: Option<usize>,
}

impl Taint {
    pub fn merge(&mut self, other: &Taint) {
        if self.fetched.is_none() {
            self.fetched.clone_from(&other.fetched);
        }
        if self.decoded.is_none() {
            self.decoded.clone_from(&other.decoded);
        }
        if self.pids_of.is_none() {
            self.pids_of.clone_from(&other.pids_of);
        }
        self.env_dump |= other.env_dump;
        if self.read.is_none() {
            self.read.clone_from(&other.read);
        }
        if self.secret_var.is_none() {
            self.secret_var.clone_from(&other.secret_var);
        }
        if self.producer.is_none() {
            self.producer = other.producer;
        }
    }

    pub fn is_clean(&self) -> bool {
        self.fetched.is_none() && self.decoded.is_none() && !self.env_dump
    }
}

/// Data flowing through a pipe, out of a substitution, or into a file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Stream {
    /// The content, when statically known.
    pub text: Option<String>,
    /// Provenance.
    pub taint: Taint,
    /// The file the content was read from (`< file`, `cat file`), absolute.
    pub file: Option<String>,
    /// The stream comes from a pipe (an earlier pipeline stage), not the inherited stdin.
    pub piped: bool,
    /// The output of an interactive shell reading commands from its stdin (`sh -i`): the
    /// shell's name. Piped into a network client it makes a reverse shell.
    pub shell_out: Option<String>,
    /// The stream lists paths found under this absolute directory (`find DIR`, `fd`, `ls`,
    /// `git ls-files`): a consumer such as `xargs rm` then acts on `DIR/*`.
    pub listing: Option<String>,
    /// How deep below `listing` the listed paths reach.
    pub walk: Walk,
    /// Every listed path is a folder of this name at some depth below `listing` (`find DIR
    /// -name node_modules`, a regenerable build folder's name, `crate::buildout`): a consumer
    /// acts on `DIR/**/NAME` rather than `DIR/*`. Set by `find` only and handed on by nothing
    /// (a filter in between may rewrite the paths).
    pub listed_name: Option<String>,
}

/// How much of the tree below a listed directory a listing covers ([`Stream::walk`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) enum Walk {
    /// Only the directory's own entries (`ls DIR`, `find DIR -maxdepth 1`), or not known.
    #[default]
    Top,
    /// Every file at every level (`find DIR`, `find DIR -type f`): a consumer (`xargs rm`,
    /// `xargs cat`) acts on the whole tree, as `rm -r DIR/*` or `grep -r X DIR` would.
    Tree,
    /// Matches of a name filter at every level (`find DIR -name '*.log'`).
    Filtered,
    /// Matches of filters by size, time, owner or mode only, or by a name pattern that
    /// matches every name, at every level (`find DIR -size -100M`): any file may be among
    /// them, so a read is the whole tree's, while a delete is a filtered one.
    Attr,
}

impl Stream {
    pub fn text(s: impl Into<String>) -> Self {
        Stream {
            text: Some(s.into()),
            ..Stream::default()
        }
    }

    /// The concatenation of two streams (`{ a; b; }` output).
    pub fn concat(&self, other: &Stream) -> Stream {
        let text = match (&self.text, &other.text) {
            (Some(a), Some(b)) => Some(format!("{a}{b}")),
            _ => None,
        };
        let mut taint = self.taint.clone();
        taint.merge(&other.taint);
        Stream {
            text,
            taint,
            file: self.file.clone().or_else(|| other.file.clone()),
            piped: self.piped || other.piped,
            shell_out: self.shell_out.clone().or_else(|| other.shell_out.clone()),
            listing: self.listing.clone().or_else(|| other.listing.clone()),
            walk: if self.listing.is_some() {
                self.walk
            } else {
                other.walk
            },
            listed_name: None,
        }
    }
}

/// One argument (field) after expansion.
#[derive(Debug, Clone, Default)]
pub(crate) struct Arg {
    /// The value; parts only known at run time keep their source text.
    pub text: String,
    /// The source word this field came from, as written.
    pub raw: String,
    /// Some part is only known at run time.
    pub dynamic: bool,
    /// Byte length of the statically known prefix of `text` (== `text.len()` unless dynamic).
    pub known_prefix: usize,
    /// Contains an unquoted glob character.
    pub glob: bool,
    /// Quotes or escapes appear inside the word.
    pub quoted: bool,
    /// A parameter expansion contributed to the value.
    pub from_var: bool,
    /// A command substitution contributed to the value.
    pub from_subst: bool,
    /// ANSI-C quoting spelled printable characters.
    pub ansi_c: bool,
    /// `$IFS` acted as a separator (or was included) in this word.
    pub ifs: bool,
    /// Produced by brace expansion.
    pub brace: bool,
    /// Provenance of substituted data.
    pub taint: Taint,
    /// This argument is `/dev/fd/N` of a process substitution: what reading it yields (boxed:
    /// rare, and an unboxed `Stream` would more than double the size of every `Arg`).
    pub proc_subst: Option<Box<Stream>>,
}

impl Arg {
    /// A literal argument (used for synthesised words).
    pub fn lit(s: &str) -> Arg {
        Arg {
            text: s.to_string(),
            raw: s.to_string(),
            known_prefix: s.len(),
            ..Arg::default()
        }
    }

    /// An argument whose value is unknown, shown as `placeholder`.
    pub fn unknown(placeholder: &str, raw: &str) -> Arg {
        Arg {
            text: placeholder.to_string(),
            raw: raw.to_string(),
            dynamic: true,
            known_prefix: 0,
            glob: true,
            ..Arg::default()
        }
    }
}

/// The value of a shell variable.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Val {
    /// The value; parts only known at run time keep their source text.
    pub text: String,
    /// Some part is only known at run time.
    pub dynamic: bool,
    /// Byte length of the statically known prefix.
    pub known_prefix: usize,
    /// Provenance of substituted data.
    pub taint: Taint,
}

impl Val {
    pub fn known(s: impl Into<String>) -> Self {
        let text = s.into();
        Val {
            known_prefix: text.len(),
            text,
            dynamic: false,
            taint: Taint::default(),
        }
    }

    pub fn from_arg(a: &Arg) -> Self {
        Val {
            text: a.text.clone(),
            dynamic: a.dynamic,
            known_prefix: a.known_prefix,
            taint: a.taint.clone(),
        }
    }
}

/// A working directory (possibly unknown).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Cwd {
    pub text: String,
    pub known: bool,
}

/// Shell state that changes while a command list runs (and is copied into subshells).
#[derive(Debug, Clone)]
pub(crate) struct State {
    /// Shared until changed (copy on write): pipeline stages and subshells clone the state.
    pub vars: Rc<HashMap<String, Val>>,
    pub cwd: Cwd,
    pub oldpwd: Option<Cwd>,
    pub dirstack: Vec<Cwd>,
    pub functions: Rc<HashMap<String, Rc<ast::FunctionBody>>>,
    /// Aliases defined earlier in the command (`alias ll='rm -rf ~'`): name → body text.
    pub aliases: Rc<HashMap<String, String>>,
    /// Nesting depth (see `CommandFact::depth`).
    pub depth: u32,
    /// Wrappers inherited from an enclosing `sudo bash -c …`.
    pub wrappers: Vec<String>,
    /// Inside a command substitution: what the commands print becomes a word or a value of
    /// the enclosing command, not output the agent reads (`SecretPrintFact::captured`).
    pub captured: bool,
}
