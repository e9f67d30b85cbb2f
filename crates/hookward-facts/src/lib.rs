//! hookward's analyzers: from an agent-neutral [`Event`] to the [`Facts`] the policy decides on.
//!
//! Facts are computed in Rust so that Rego rules stay small and cheap (DESIGN.md, "The hot
//! path"): every path a tool call reads or changes — named by a file tool or found by the shell
//! analyzer (`hookward-shell`) — becomes a [`PathFact`] with its *classes* (`credential`,
//! `env_file`, `agent_settings`, `outside_project`, …, see [`classify`]), and a write to an
//! agent's settings file gets a [`SettingsChange`] saying what would change.
//!
//! The analyzers know nothing about agents and never decide. They do no network I/O and no
//! directory walks; they may read the one file a tool call names (bounded, [`MAX_READ`]) to
//! compute a settings diff or tell a token-bearing `.npmrc` from a plain one, and the local
//! scripts a shell command runs ([`scripts`]: regular files only, 16 KiB each, 8 files at most).
//!
//! ```
//! use hookward_facts::{classify, Context};
//! let ctx = Context::new("/home/dev", "/home/dev/.hookward");
//! let classes = classify("/home/dev/.ssh/id_rsa", "/home/dev/project", &ctx);
//! assert!(classes.contains(&"credential"));
//! assert!(classes.contains(&"outside_project"));
//! ```
#![deny(missing_docs)]

use hookward_core::{Event, EventKind, ToolKind};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::path::Path;

pub mod agent_files;
pub mod armed;
pub mod command_score;
pub mod config_change;
pub mod config_edit;
pub mod globs;
mod guard_paths;
pub mod harmful_code;
pub mod imports;
pub mod instructions;
pub mod key_material;
pub mod lookalike;
pub mod manifest;
pub mod mcp_action;
mod mcp_cluster;
pub mod mcp_servers;
pub mod message_secrets;
pub mod net;
pub mod orders;
pub mod output;
pub mod patches;
pub mod popular;
pub mod registry;
pub mod resolve;
pub mod run_later;
pub(crate) mod runner_sources;
pub mod safeguards;
pub mod scan;
pub mod scripts;
pub mod secrets;
pub mod service_secrets;
pub mod settings;
pub mod settings_judge;
pub mod sources;
pub mod staged;
pub mod tooldata;
pub mod transcript;
pub mod typosquat;
pub mod written;
pub use config_change::{Baseline, ConfigChangeFacts, ConfigFinding};
pub use instructions::{added_text, code_spans, instructed_commands, InstructedCommand};
pub use scan::{PointedFinding, PointedWindow, ScanFacts, TextScan};
pub use settings::{settings_change, SettingsChange};

/// The most bytes read from any one file while computing facts (1 MiB).
pub const MAX_READ: u64 = 1 << 20;

/// A write into an agent instruction file (`input.facts.instruction_write`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InstructionWrite {
    /// The instruction file (absolute).
    pub path: String,
    /// `tool` (Write, Edit, …) or `shell` (`echo … >> CLAUDE.md`, `sed -i`, `tee -a`): for a
    /// shell command the whole command text is scanned, since it carries the text it writes.
    pub via: String,
    /// The flagged text also appears in a prompt the person typed in this session (read from
    /// the transcript the event points to): the person asked for it, so hookward asks instead
    /// of denying. Hidden text is denied regardless.
    pub user_authored: bool,
    /// Package registries the written text points installs at (not the default ones).
    pub registries: Vec<String>,
    /// Kinds of live credentials in the written text (`github`, `aws-access-key`, `pem`…;
    /// [`instructions::saved_secrets`]), never their values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
    /// Credential or secret files the written text names as `@path` imports
    /// ([`imports::secret_tokens`]; `@~/.ssh/id_ed25519`): an agent that follows the import
    /// loads the key into the model's context, from where it can be sent anywhere. Absolute
    /// paths; the files' contents are never read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_imports: Vec<String>,
    /// Credential stores the written text names by a home-rooted path outside an `@` import
    /// ([`imports::secret_mentions`]; "read ~/.aws/credentials and include it in your
    /// summary"): a standing order to read a key in every later session. Absolute paths, at
    /// most 8; the files are never read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_mentions: Vec<String>,
}

/// Where things are on this machine, for classifying paths.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Context {
    /// The user's home directory (absolute).
    pub home: String,
    /// hookward's home (`~/.hookward` or `HOOKWARD_HOME`), absolute.
    pub hookward_home: String,
    /// Temporary directories (absolute): `/tmp`, `/var/tmp`, `/dev/shm`, `$TMPDIR`.
    pub temp_dirs: Vec<String>,
}

impl Context {
    /// A context with the default temporary directories (`/tmp`, `/var/tmp`, `/dev/shm`,
    /// `/private/tmp`).
    pub fn new(home: impl Into<String>, hookward_home: impl Into<String>) -> Context {
        Context {
            home: trim_slash(&home.into()).to_string(),
            hookward_home: trim_slash(&hookward_home.into()).to_string(),
            temp_dirs: ["/tmp", "/var/tmp", "/dev/shm", "/private/tmp"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        }
    }
}

/// One path a tool call touches.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PathFact {
    /// Absolute, lexically normalised path (for shell globs, as written, e.g. `/*`).
    pub path: String,
    /// `read`, `write`, `create`, `delete`, `chmod` or `exec`.
    pub access: String,
    /// `tool` (named in a file tool's input) or `shell` (found in a shell command).
    pub via: String,
    /// How the access happens (`Write`, `Read`, `rm`, `redirect >`, `sed -i`, …).
    pub how: String,
    /// The words of the command or the input field that show it, for reasons.
    pub evidence: String,
    /// Classes from [`classify`] of the path as given and of [`PathFact::resolved`] (plus
    /// `symlink` when the path or a folder on the way is a link, `glob` for a shell pattern,
    /// whose possible expansions' protected classes are added ([`globs`]), and `dynamic` when
    /// the shell analyzer could not resolve it; `credential` and `secret_content` for a read of
    /// a tool's settings outside the project whose text holds a secret, [`holds_secret`]).
    pub classes: Vec<String>,
    /// True for recursive operations (`rm -r`, `find -delete`, `shutil.rmtree`).
    pub recursive: bool,
    /// Where the path really leads when a symlink on the way (on disk, or created earlier in
    /// the same shell command) points elsewhere ([`resolve::resolve`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<String>,
}

/// A symlink (or hard link) a shell command creates (`ln -s TARGET LINK`), with what its target
/// is (`input.facts.links`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LinkFact {
    /// The link's path (absolute).
    pub link: String,
    /// What it points to (absolute, resolved as far as it exists).
    pub target: String,
    /// The words of the command that show it.
    pub evidence: String,
    /// The target's classes ([`classify`]), plus `guard_folder` when the target is a folder
    /// holding an agent's settings or hooks or hookward's home ([`globs::settings_shapes`]
    /// below it), so that writes through the link would change them.
    pub target_classes: Vec<String>,
}

/// Everything the analyzers found about one event; serialised as `input.facts` for Rego.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    /// The user's home directory.
    pub home: String,
    /// hookward's home (`~/.hookward` or `HOOKWARD_HOME`).
    #[serde(default)]
    pub hookward_home: String,
    /// The project root (`CLAUDE_PROJECT_DIR` or the event's cwd), or empty when unknown.
    pub project_dir: String,
    /// The event's working directory, or empty when unknown.
    pub cwd: String,
    /// Every path the tool call touches.
    pub paths: Vec<PathFact>,
    /// Every link a shell command creates, with its target's classes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub links: Vec<LinkFact>,
    /// Every URL the tool call reaches (fetch and MCP tools' input, shell fetches, uploads and
    /// git remotes) with where it points ([`net::NetFact`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub net: Vec<net::NetFact>,
    /// The shell analyzer's facts, for shell tools (typed here; JSON only in the Rego input,
    /// `input.facts.shell`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shell: Option<hookward_shell::ShellFacts>,
    /// What a write to an agent settings/MCP file would change.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings_change: Option<SettingsChange>,
    /// Whether a file tool's write to an agent's settings loosens its guard, widens what is
    /// pre-approved, or is harmless ([`settings_judge`]; `self/agent-settings-loosened`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings_judgement: Option<settings_judge::SettingsJudgement>,
    /// Commands that text written into an instruction file tells the agent to run, with what
    /// they would do to protected things.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instructed: Vec<InstructedCommand>,
    /// What a write to an instruction file does to its safeguards: a limiting sentence
    /// removed, approval bypassed or actions hidden by added text ([`safeguards`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub loosened: Vec<safeguards::LoosenedSafeguard>,
    /// Orders against the person in text written into an instruction file: switch the guard
    /// off, send secrets away, a package source made hostile, concealment ([`orders`];
    /// `context/order-*` rules in `orders.rego`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instruction_orders: Vec<orders::InstructionOrder>,
    /// Package sources other than the defaults that the call sets or installs from
    /// ([`registry`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub registries: Vec<registry::RegistryFact>,
    /// Kinds of live credentials ([`instructions::SAVED_SECRET_KINDS`]) written in an MCP tool
    /// call's arguments (searched up to 256 KiB of its strings).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_secrets: Vec<String>,
    /// What an MCP tool call does beyond this machine by its verb, object and arguments:
    /// destroy, grant, silence, secret_read, export ([`mcp_action`]; `mcp/destroy`,
    /// `mcp/access-grant`, `mcp/alerts-silenced`, `mcp/secret-read`, `mcp/export-destination`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_actions: Vec<mcp_action::McpActionFact>,
    /// Data files an MCP tool sends along ([`mcp_action::SentFile`]; `mcp/data-sent`,
    /// `mcp/personal-data-sent`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_sent_files: Vec<mcp_action::SentFile>,
    /// Personal data by shape in the text an MCP tool sends on ([`mcp_action::personal_data`];
    /// `mcp/personal-data`, `mcp/personal-data-sent`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mcp_personal: Option<mcp_action::PersonalData>,
    /// Names of secrets written with a literal value in an MCP call's arguments
    /// ([`mcp_action::named_secrets`]: `DB_PASSWORD=…`, `define('DB_PASSWORD','…')`, a URL's
    /// password; `mcp/secret-sent`). Names only, never values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_named_secrets: Vec<String>,
    /// Secrets people paste into messages, found by shape and the words beside them, in an
    /// outbound MCP call's text (a message, e-mail, issue, comment, committed file): app-specific
    /// passwords, one-time codes, keystore JSON, labelled values, prefixed tokens, and live
    /// credentials inside base64 arguments ([`message_secrets`]; `mcp/secret-in-message`).
    /// Kinds only, never values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_message_secrets: Vec<String>,
    /// Recipients of an outbound MCP call whose mail domain imitates a well-known one
    /// (`address (imitates brand)`; [`message_secrets::lookalike_recipient`];
    /// `mcp/lookalike-recipient`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_lookalike_recipients: Vec<String>,
    /// Command lines an MCP configuration write adds that run fetched or decoded code
    /// ([`mcp_servers`]; `context/mcp-server-fetched-code`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mcp_server_fetches: Vec<String>,
    /// Injection-scan results: tool output (PostToolUse), hidden text in a prompt
    /// (UserPromptSubmit), or text written into an instruction file (PreToolUse).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan: Option<ScanFacts>,
    /// A write into an agent instruction file (CLAUDE.md, AGENTS.md, a rule, skill or memory
    /// file) by a file tool or a shell command, with what the context guard needs to decide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instruction_write: Option<InstructionWrite>,
    /// A settings or skill file that changed on disk during the session (Claude Code's
    /// `ConfigChange`), compared by the context guard with the ledger's last reviewed version;
    /// set by the pipeline before the policy runs (`hookward-context` computes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_change: Option<ConfigChangeFacts>,
    /// Files a file tool (Write, Edit, `apply_patch`…) writes that something runs later without
    /// asking, or that grant privileges: the same table as the shell's persistence facts
    /// ([`hookward_shell::write_installs`]), so the same write gets the same decision whichever
    /// tool makes it (`path/persistence`, `path/runs-later`). Empty for shell calls (their
    /// writes are in `shell.persistence` / `shell.privilege`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub installs: Vec<InstallFact>,
    /// Runs of fetched, decoded or web-request-supplied code that a file tool's write plants
    /// in code that runs when the project does ([`written::planted`]; `path/planted-exec`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub written_exec: Vec<written::WrittenExecFact>,
    /// Code-hosting owners spelled like well-known ones in a shell command or in the text a
    /// file tool writes ([`lookalike::lookalike_owners`]; `net/lookalike-owner`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lookalike_owners: Vec<lookalike::LookalikeFact>,
    /// Packages a shell command installs whose name is one typing mistake from a popular one
    /// ([`lookalike::lookalike_packages`]; `net/lookalike-package`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lookalike_packages: Vec<lookalike::LookalikePackage>,
    /// Editor settings files a file tool's write turns tool auto-approval on in (VS Code's and
    /// its forks' `chat.tools.autoApprove` and `chat.tools.global.autoApprove`: the editor's
    /// agent then runs commands and edits files without asking; [`approval_off`];
    /// `path/editor-auto-approve`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub approval_off: Vec<String>,
    /// Live credentials a file tool's write puts into a file that is not where secrets belong
    /// ([`written::secrets_written`]; `path/secret-in-code`, `path/secret-served`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub written_secrets: Vec<written::WrittenSecretFact>,
    /// Files a shell command writes a secret into and stages in git in the same line
    /// ([`staged::staged_secrets`]; `path/secret-written-staged`, session 27).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub staged_secrets: Vec<staged::StagedSecret>,
    /// The learned risk score of a shell tool call's command ([`command_score`];
    /// `shell/learned-risk`, session 28): present for every analysed shell command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command_score: Option<command_score::CommandScore>,
    /// CI checks a file tool's write turns off ([`written::ci_checks_off`];
    /// `path/ci-check-off`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ci_checks_off: Vec<written::CiCheckOffFact>,
    /// Access rules a file tool's write opens to everybody ([`written::access_opened`];
    /// `path/access-opened`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_opened: Vec<written::AccessOpenedFact>,
    /// Configuration edits that weaken a check or move where code is fetched from, by a file
    /// tool or `sed -i`/`yq -i` ([`config_edit`]; `path/check-weakened`, `path/source-moved`,
    /// session 28).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub config_edits: Vec<config_edit::ConfigEditFact>,
}

/// The (old, new) text pairs of an Edit or MultiEdit call (`old_string`/`new_string`, each of
/// `edits`); empty for other tools.
fn edit_pairs(input: &serde_json::Value) -> Vec<(String, String)> {
    let pair = |v: &serde_json::Value| {
        let old = v.get("old_string").and_then(serde_json::Value::as_str)?;
        let new = v.get("new_string").and_then(serde_json::Value::as_str)?;
        Some((old.to_string(), new.to_string()))
    };
    let mut out: Vec<(String, String)> = pair(input).into_iter().collect();
    if let Some(edits) = input.get("edits").and_then(serde_json::Value::as_array) {
        out.extend(edits.iter().take(64).filter_map(pair));
    }
    out
}

/// Whether writing `added` into `path` turns an editor agent's tool auto-approval on: a VS Code
/// family settings file (`.vscode/settings.json`, `.cursor/settings.json`, the user settings of
/// Code, Code - Insiders, VSCodium, Cursor, Windsurf) whose added text sets a key ending in
/// `autoApprove` to `true` (VS Code docs, "chat.tools.autoApprove"; the setting behind
/// CVE-2025-53773, where injected text enabled it to run commands unasked).
pub fn approval_off(path: &str, added: &str) -> bool {
    let editor_settings = basename(path) == "settings.json"
        && [
            "/.vscode/",
            "/.cursor/",
            "/Code/User/",
            "/Code - Insiders/User/",
            "/VSCodium/User/",
            "/Cursor/User/",
            "/Windsurf/User/",
        ]
        .iter()
        .any(|d| path.contains(d));
    if !editor_settings {
        return false;
    }
    let squeezed: String = added.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed
        .match_indices("autoApprove\":")
        .any(|(i, m)| squeezed[i + m.len()..].starts_with("true"))
}

/// A file tool's write of a file that something runs later, or that grants privileges (see
/// [`Facts::installs`]).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct InstallFact {
    /// The persistence kind ([`hookward_shell::PersistenceFact::kind`]: `shell_rc`, `cron_file`,
    /// `systemd`, `git_hooks`, `ld_preload`, …) or `sudoers` when `privilege` is true.
    pub kind: String,
    /// True when the write grants privileges (`/etc/sudoers*`, `/etc/doas.conf`).
    pub privilege: bool,
    /// The written file, absolute.
    pub path: String,
    /// The tool that writes it (`Write`, `Edit`, `apply_patch`).
    pub tool: String,
}

/// The scan source for text written into the instruction file at `path`.
fn instruction_source(path: &str) -> hookward_scan::Source {
    if path.contains("/skills/") {
        hookward_scan::Source::SkillFile
    } else if path.contains("/memory/") {
        hookward_scan::Source::MemoryWrite
    } else {
        hookward_scan::Source::InstructionFile
    }
}

fn trim_slash(p: &str) -> &str {
    if p.len() > 1 {
        p.trim_end_matches('/')
    } else {
        p
    }
}

/// Makes `path` absolute against `cwd` (and `~` against `home`) and folds `.`/`..` lexically.
pub fn normalize(path: &str, cwd: &str, home: &str) -> String {
    let joined = if let Some(rest) = path.strip_prefix("~/") {
        format!("{home}/{rest}")
    } else if path == "~" {
        home.to_string()
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        format!("{cwd}/{path}")
    };
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

/// A working folder spelled from the home (`~`, `~/x`, `$HOME/x`, `${HOME}/x`: a folder the
/// model names beside a shell command, Cursor's `working_directory`, Gemini's `dir_path`)
/// as the absolute folder the shell would run in; anything else unchanged.
pub fn home_cwd(cwd: &str, home: &str) -> String {
    for prefix in ["~", "$HOME", "${HOME}"] {
        if let Some(rest) = cwd.strip_prefix(prefix) {
            if rest.is_empty() || rest.starts_with('/') {
                return normalize(&format!("{home}{rest}"), "/", home);
            }
        }
    }
    cwd.to_string()
}

fn under(path: &str, dir: &str) -> bool {
    let dir = trim_slash(dir);
    if dir == "/" {
        return true;
    }
    path == dir || (path.starts_with(dir) && path.as_bytes().get(dir.len()) == Some(&b'/'))
}

/// [`under`], comparing ASCII case-insensitively (case-insensitive file systems).
fn under_ci(path: &str, dir: &str) -> bool {
    let dir = trim_slash(dir);
    if dir == "/" {
        return true;
    }
    let (p, d) = (path.as_bytes(), dir.as_bytes());
    p.len() >= d.len()
        && p[..d.len()].eq_ignore_ascii_case(d)
        && (p.len() == d.len() || p[d.len()] == b'/')
}

/// Top-level system directories (FHS 3.0) whose contents belong to the OS.
const SYSTEM_DIRS: &[&str] = &[
    "/bin",
    "/boot",
    "/dev",
    "/etc",
    "/lib",
    "/lib32",
    "/lib64",
    "/opt",
    "/proc",
    "/root",
    "/sbin",
    "/srv",
    "/sys",
    "/usr",
    "/var",
    "/System",
    "/Library",
    "/Applications",
];

/// The folders that hold the users' homes on Linux, the BSDs and macOS (`/home`, `/Users`,
/// Solaris-style `/export/home`, `/usr/home` on FreeBSD): whoever runs hookward, a recursive
/// change rooted there reaches every user's home.
const HOMES_DIRS: &[&str] = &["/home", "/Users", "/export/home", "/usr/home"];

/// One user's home by shape: a folder directly inside one of [`HOMES_DIRS`] (`/home/alex`,
/// `/Users/alex`), glob and placeholder names left out (`/home/*` is many homes, not one).
fn is_home_by_shape(path: &str) -> bool {
    let Some((parent, name)) = path.rsplit_once('/') else {
        return false;
    };
    HOMES_DIRS.contains(&parent)
        && !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['*', '?', '[', '<', '{', '$'])
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// `.env`, `.env.local`, `.env.production`, `.envrc`, … but not templates meant to be committed
/// (`.env.example`, `.env.sample`, `.env.template`, `.env.dist`, `.env.defaults`).
fn is_env_file(path: &str) -> bool {
    let name = basename(path);
    // R's `.Renviron` (R's Startup documentation: environment variables set at start-up, where
    // R users keep their API keys) is an env file by another name.
    if name == ".env" || name == ".envrc" || name.eq_ignore_ascii_case(".renviron") {
        return true;
    }
    name.strip_prefix(".env.")
        .is_some_and(|suffix| !ENV_TEMPLATE_SUFFIXES.contains(&suffix))
        || service_secrets::named_env_file(path)
}

/// The suffixes of `.env.<suffix>` files meant to be committed: templates, not secrets.
const ENV_TEMPLATE_SUFFIXES: &[&str] = &[
    "example", "sample", "template", "dist", "defaults", "schema", "tpl",
];

/// `.env.example`, `.env.sample`, … (and `env.example`, `example.env`): a committed template
/// of an env file. Copying one into place (`cp .env.example .env`) writes no secret and reads
/// none, so `path/env-file` leaves that write alone (issue 11, benign precision).
///
/// The word may follow `env` after a `.`, `_` or `-` (`.env_example`, `env-sample`: the same
/// template, spelled the way some projects do), and come first with the same separators
/// (`example.env`, `sample_env`).
fn is_env_template(path: &str) -> bool {
    let name = basename(path);
    let stripped = name.strip_prefix('.').unwrap_or(name);
    let seps = ['.', '_', '-'];
    stripped
        .strip_prefix("env")
        .and_then(|s| s.strip_prefix(seps))
        .is_some_and(|s| ENV_TEMPLATE_SUFFIXES.contains(&s))
        || stripped
            .strip_suffix("env")
            .and_then(|s| s.strip_suffix(seps))
            .is_some_and(|s| ENV_TEMPLATE_SUFFIXES.contains(&s))
}

/// Folder and file names of security tools other than hookward (agent guards and sandboxes,
/// audit and EDR daemons) whose configuration an agent has no business changing.
const SECURITY_TOOL_NAMES: &[&str] = &[
    ".agentjail",
    "agentjail",
    "falco",
    "audit",
    "apparmor.d",
    "selinux",
    "firejail",
    "osquery",
    "wazuh",
    "crowdstrike",
    "sysmon",
];

/// A path inside a security tool's configuration: a component named after one of
/// [`SECURITY_TOOL_NAMES`] in a system folder or the home directory (`/etc/falco`,
/// `/etc/audit/rules.d`, `~/.config/firejail`), and in the project or a temporary folder only a
/// hidden one (`.agentjail/`), since a tool reads its settings there from a dot-folder while
/// plain folders named `audit`, `falco` or `selinux` below the project are its own code, docs
/// or reports (`docs/audit/2025.md`, a CI job's `/tmp/ci/audit`; issue 11, benign precision).
/// Components of the project's or temporary folder's own path do not count.
fn is_security_tool_config(path: &str, project_dir: &str, ctx: &Context) -> bool {
    let work_root = if !project_dir.is_empty() && under(path, project_dir) {
        Some(project_dir)
    } else {
        ctx.temp_dirs
            .iter()
            .find(|t| under(path, t) && !(under(&ctx.home, t) && under(path, &ctx.home)))
            .map(String::as_str)
    };
    match work_root {
        Some(root) => path
            .get(root.len()..)
            .unwrap_or("")
            .split('/')
            .any(|c| c.starts_with('.') && SECURITY_TOOL_NAMES.contains(&c)),
        None => path.split('/').any(|c| SECURITY_TOOL_NAMES.contains(&c)),
    }
}

/// The classes of an absolute, normalised path:
///
/// * `credential`, `secret_file`, `process_secret`, `process_info`, `block_device` — a
///   sensitive location by shape ([`secrets::table`]: credential stores under any home,
///   case-folded; secret files by name anywhere; other processes' memory; raw disks);
/// * `tool_cache`, `tool_data` — a program's cache or settings/state folder under any home
///   ([`tooldata::TABLE`]; folders that load code are excluded);
/// * `env_file` — a `.env` file (not a template); `env_template` — a committed template of one
///   (`.env.example`, `.env.sample`, `example.env`);
/// * `hookward_home` — under `ctx.hookward_home`;
/// * `agent_settings` — an agent's hook/permission settings; `mcp_config` — MCP server config;
/// * `agent_instructions` — CLAUDE.md, AGENTS.md, rules, skills, memory…; `agent_memory` —
///   Claude Code's auto-memory folder (`~/.claude/projects/<project>/memory/`) and Gemini CLI's
///   global `~/.gemini/GEMINI.md`, where its `save_memory` tool appends;
/// * `security_tool_config` — configuration of another security tool (`.agentjail/`, `/etc/falco`…);
/// * `project` / `outside_project` — under `project_dir` or not (`project_dir` empty: every
///   path is `outside_project`); `placeholder` instead of both for a documentation
///   placeholder ([`is_placeholder`]: `/path/to/x`, `/proc/<pid>/environ`); `temp` — under a temporary directory;
///   `temp_root` — with `temp`, one of `ctx.temp_dirs` itself (`/tmp`, `/private/tmp`);
///   `temp_copy` — a `credential` by name in a temporary directory (outside any home there),
///   which keeps its `credential` class and does not get `temp`;
/// * `home` — the home directory itself; `home_ancestor` — a parent of it (`/home`, `/`);
///   `root` — `/`; `homes` — a folder that holds the users' homes ([`HOMES_DIRS`]: `/home`,
///   `/Users`); `other_home` — one user's home by shape other than `ctx.home` (`/home/alex`,
///   `/Users/alex`); `system` — an OS directory (`SYSTEM_DIRS`) or below.
pub fn classify(path: &str, project_dir: &str, ctx: &Context) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = secrets::classes_of(path, &ctx.home)
        .into_iter()
        .map(secrets::SensitiveClass::as_str)
        .collect();
    if let Some(c) = tooldata::class_of(path, &ctx.home) {
        out.push(c.as_str());
    }
    if is_env_file(path) {
        out.push("env_file");
    }
    // Session 27: a settings file named for a production environment (appsettings.Production.json).
    if key_material::env_config_named(path) && !is_env_template(path) {
        out.push("env_config");
    }

    // A repository's own history store (`.git`, Mercurial `.hg`, Subversion `.svn`, Jujutsu
    // `.jj`): removing it loses every commit, branch and stash not pushed anywhere.
    if matches!(basename(path), ".git" | ".hg" | ".svn" | ".jj") {
        out.push("vcs_store");
    }
    if is_env_template(path) {
        out.push("env_template");
    }
    // Case-folded like the agents' files: on macOS `~/.HOOKWARD/config.toml` is hookward's own.
    if !ctx.hookward_home.is_empty() && under_ci(path, &ctx.hookward_home) {
        out.push("hookward_home");
    }
    let agent = agent_files::classes_of(path, &ctx.home, project_dir);
    if agent.settings {
        out.push("agent_settings");
    }
    if agent.mcp {
        out.push("mcp_config");
    }
    if agent.instructions {
        out.push("agent_instructions");
    }
    if agent.memory {
        out.push("agent_memory");
    }
    if is_security_tool_config(path, project_dir, ctx) {
        out.push("security_tool_config");
    }
    if is_placeholder(path) && !resolve::exists(path) {
        // `/path/to/file`, `/proc/<pid>/environ`, `{{dir}}/x`: copied from documentation, not
        // a location (its secret shape above still counts). One that exists on this machine
        // is a location like any other: the shape alone must not quiet a real delete.
        out.push("placeholder");
        return out;
    }
    if !project_dir.is_empty() && under(path, project_dir) {
        out.push("project");
    } else {
        out.push("outside_project");
    }
    // A home or hookward's home inside a temporary directory (CI sandboxes, containers) is
    // still a home: the more specific location wins over `temp`, and so do the protected
    // classes (issue 12).
    let protected = out
        .iter()
        .any(|c| matches!(*c, "credential" | "agent_settings" | "hookward_home"));
    let in_temp = ctx.temp_dirs.iter().any(|t| {
        under(path, t)
            && ![ctx.home.as_str(), ctx.hookward_home.as_str()]
                .iter()
                .any(|z| z.len() > t.len() && under(z, t) && under(path, z))
    });
    if in_temp && !protected {
        out.push("temp");
        // The temporary folder itself (`/tmp`, `/private/tmp`, `/dev/shm`, `$TMPDIR`): every
        // user's and service's scratch files, sockets and locks, not one job's working copy.
        if ctx
            .temp_dirs
            .iter()
            .any(|t| trim_slash(path) == trim_slash(t))
        {
            out.push("temp_root");
        }
    }
    // A credential by name alone in a temporary folder (not a home that lies there): a job's
    // working copy (`/tmp/certificate.p12` a CI step decoded from a secret), which the policy
    // lets the command remove or use after writing it itself (issue 11, benign precision).
    if in_temp && out.contains(&"credential") && !out.contains(&"hookward_home") {
        out.push("temp_copy");
    }
    if path == ctx.home {
        out.push("home");
    } else if under(&ctx.home, path) {
        out.push("home_ancestor");
    }
    if path == "/" {
        out.push("root");
    }
    if HOMES_DIRS.contains(&path) {
        out.push("homes");
    } else if path != ctx.home && is_home_by_shape(path) {
        out.push("other_home");
    }
    // The home is the user's own even where it lies in a system directory (`/root` when the
    // agent runs as root in a container, `/var/lib/jenkins` for a CI service): what is below it
    // is the home's, judged by the home's rules, not the system's.
    let below_home = path != ctx.home && trim_slash(&ctx.home) != "/" && under(path, &ctx.home);
    if SYSTEM_DIRS.iter().any(|d| under(path, d)) && !out.contains(&"temp") && !below_home {
        out.push("system");
    }
    out
}

/// Leading folders of documentation placeholders (`/path/to/file`, `/full/path/to/dir`),
/// compared ASCII case-insensitively.
const PLACEHOLDER_PREFIXES: &[&str] = &[
    "/path/to",
    "/full/path/to",
    "/absolute/path/to",
    "/abs/path/to",
    "/some/path",
    "/your/path",
    "/path/of",
    "/path/where",
];

/// Whether `path` is a documentation placeholder rather than a location: it starts with a
/// [`PLACEHOLDER_PREFIXES`] folder, or a component is a `<name>` or `{{name}}` slot
/// (`/proc/<pid>/environ`, `{{path}}`, `/home/<user>/x`).
pub fn is_placeholder(path: &str) -> bool {
    let low = path.to_ascii_lowercase();
    if PLACEHOLDER_PREFIXES.iter().any(|p| under(&low, p)) {
        return true;
    }
    path.split('/').any(|c| {
        let slot = |open: &str, close: &str| {
            c.len() > open.len() + close.len()
                && c.starts_with(open)
                && c.ends_with(close)
                && c[open.len()..c.len() - close.len()]
                    .chars()
                    .all(|ch| ch.is_ascii_alphanumeric() || "_- .".contains(ch))
        };
        slot("<", ">") || slot("{{", "}}")
    })
}

/// For a glob like `/home/dev/*` or `/*`, the directory before the first glob character.
fn glob_base(path: &str) -> Option<String> {
    let idx = path.find(['*', '?', '['])?;
    let base = &path[..idx];
    let base = base.rsplit_once('/').map(|(b, _)| b).unwrap_or("");
    Some(if base.is_empty() {
        "/".into()
    } else {
        base.into()
    })
}

/// Whether a read of `path` (recursive: the folder and everything below it) reads a credential
/// store: the path's own classes, or, read recursively, a store below it
/// (`globs::reached_locations`, as `path_fact` judges a shell's recursive read).
pub(crate) fn reads_credentials(
    path: &str,
    recursive: bool,
    project_dir: &str,
    ctx: &Context,
) -> bool {
    classify(path, project_dir, ctx).contains(&"credential")
        || recursive
            && globs::reached_locations(path, true, &ctx.home, project_dir, &ctx.hookward_home)
                .iter()
                .any(|p| classify(p, project_dir, ctx).contains(&"credential"))
}

fn read_small(path: &str) -> Option<String> {
    read_regular(path, MAX_READ)
}

/// The text of `path` when it is a regular file of at most `max` bytes (following links),
/// opened without blocking: a FIFO, socket or device planted under a config file's name
/// (`mkfifo ~/.npmrc`) would otherwise stop the hook until something writes to it.
fn read_regular(path: &str, max: u64) -> Option<String> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let meta = std::fs::metadata(path).ok()?;
    if !meta.is_file() || meta.len() > max {
        return None;
    }
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .ok()?;
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    let mut s = String::new();
    f.take(max).read_to_string(&mut s).ok()?;
    Some(s)
}

/// The most bytes of one file read by [`holds_secret`] (64 KiB): tools' settings and sign-in
/// files are a few KiB; anything larger is data, not a credential store.
pub const SECRET_CONTENT_MAX: u64 = 64 * 1024;

/// Whether a file read from outside the project is a credential store by its **content**: a
/// regular file of at most [`SECRET_CONTENT_MAX`] bytes, in a tool's settings or data folder
/// (a dot-folder or dot-file of the user's home, `~/Library/Application Support`,
/// `~/AppData`, a [`tooldata`] folder; not `/etc`, whose packaged files ship example values —
/// openssl.cnf's `challengePassword`, `secret = pass:…` — and whose secrets are tabled by
/// name), whose text outside comment lines holds a secret value (`holds_live_value`).
/// Command-line tools keep sign-in tokens in their own settings files under names no table
/// lists (`~/.vsce`, `~/.config/toot/config.json`, `~/.travis/config.yml`): the content says
/// what the name does not (issue 11 item 1, "token-bearing rc files"). Nothing is read for a
/// path that is not such a place; at most the first [`SECRET_CONTENT_MAX`] bytes are scanned.
pub fn holds_secret(path: &str, ctx: &Context) -> bool {
    let home = trim_slash(&ctx.home);
    let in_settings = (!home.is_empty()
        && home != "/"
        && path
            .strip_prefix(home)
            .and_then(|r| r.strip_prefix('/'))
            .is_some_and(|r| {
                r.starts_with('.')
                    || r.starts_with("Library/Application Support/")
                    || r.starts_with("Library/Preferences/")
                    || r.starts_with("AppData/")
            }))
        || tooldata::class_of(path, &ctx.home).is_some();
    if !in_settings {
        return false;
    }
    read_regular(path, SECRET_CONTENT_MAX).is_some_and(|text| holds_live_value(&text))
}

/// Whether settings text holds a secret value: comment lines (`#`, `;`, `//`, `--`, `!`) are
/// left out (system configurations ship commented examples: openssl.cnf's `# input_password =
/// secret`), and a named value (`password = …`, `token: …`, hookward-redact's `secret-var`,
/// `url-password`, `bearer`) counts only when it is at least 8 characters of two or more
/// character classes without blanks, as generated tokens and real passwords are; vendor formats and keys
/// ([`hookward_redact::LIVE_KINDS`]) always count.
fn holds_live_value(text: &str) -> bool {
    let body: String = text
        .lines()
        .filter(|l| {
            let t = l.trim_start();
            !(t.starts_with('#')
                || t.starts_with(';')
                || t.starts_with("//")
                || t.starts_with("--")
                || t.starts_with('!'))
        })
        .collect::<Vec<_>>()
        .join("\n");
    hookward_redact::find_secrets(&body).iter().any(|s| {
        if hookward_redact::LIVE_KINDS.contains(&s.kind) {
            return true;
        }
        let v = body
            .get(s.start..s.end)
            .unwrap_or("")
            .trim_matches(|c| c == '"' || c == '\'');
        let classes = [
            v.bytes().any(|b| b.is_ascii_lowercase()),
            v.bytes().any(|b| b.is_ascii_uppercase()),
            v.bytes().any(|b| b.is_ascii_digit()),
            v.bytes().any(|b| !b.is_ascii_alphanumeric()),
        ]
        .iter()
        .filter(|x| **x)
        .count();
        v.chars().count() >= 8 && classes >= 2 && !v.contains(char::is_whitespace)
    })
}

/// Whether a project file staged or stored in git (`git add`, `git hash-object -w`; hookward-
/// shell's carried reads) holds a live credential by its content: a private key, a cloud
/// access key or a vendor token format ([`hookward_redact::LIVE_KINDS`]), in its first
/// [`SECRET_CONTENT_MAX`] bytes. Named values (`password: devpass` in a compose file) are left
/// out: projects commit placeholders and local development passwords every day.
pub fn stages_live_secret(path: &str) -> bool {
    read_regular(path, SECRET_CONTENT_MAX).is_some_and(|text| {
        hookward_redact::find_secrets(&text)
            .iter()
            .any(|s| hookward_redact::LIVE_KINDS.contains(&s.kind))
    })
}

/// True when npm/PyPI config text holds a credential (`_authToken`, `_auth`, `_password`,
/// `password =`), per the npmrc(5) and .pypirc documentation.
fn has_registry_token(text: &str) -> bool {
    text.contains("_authToken")
        || text.contains("_auth")
        || text.contains("_password")
        || text.contains("password")
}

/// Application configuration files that hold the application's database password or secret
/// keys, by their documented name: WordPress `wp-config.php` (DB_PASSWORD, the auth keys and
/// salts; WordPress docs, "Editing wp-config.php"), Drupal `sites/*/settings.php` and
/// `settings.local.php` (`$databases`, `$settings['hash_salt']`; Drupal docs, "settings.php"),
/// Joomla `configuration.php` (`$password`, `$secret`), MediaWiki `LocalSettings.php`
/// (`$wgDBpassword`, `$wgSecretKey`), Magento `app/etc/env.php` (db password, crypt key),
/// phpMyAdmin `config.inc.php` (blowfish secret), Rails `config/database.yml` and
/// `config/master.key`, Patroni's `patroni.yml` (the superuser and replication passwords;
/// Patroni docs, "YAML Configuration"), MySQL's `debian.cnf` (the maintenance account's
/// password) and a client's `.my.cnf`, and cPanel/WHM's `.accesshash` (the remote API key;
/// cPanel docs, "Remote Access Key"). A file path ends with one of them (a name or a
/// `dir/name` tail).
const REMOTE_APP_SECRETS: &[&str] = &[
    "wp-config.php",
    "settings.php",
    "settings.local.php",
    "configuration.php",
    "LocalSettings.php",
    "app/etc/env.php",
    "config.inc.php",
    "config/database.yml",
    "config/master.key",
    "patroni.yml",
    "patroni.yaml",
    "debian.cnf",
    ".my.cnf",
    ".accesshash",
];

/// True when `path` ends with one of [`REMOTE_APP_SECRETS`] (case-sensitive, as the programs
/// that read them are; `settings.php` only below a Drupal `sites/` folder).
fn remote_app_secrets(path: &str) -> bool {
    REMOTE_APP_SECRETS.iter().any(|tail| {
        let Some(head) = path.strip_suffix(tail) else {
            return false;
        };
        if !(head.is_empty() || head.ends_with('/')) {
            return false;
        }
        *tail != "settings.php" || head.contains("/sites/")
    })
}

/// An Android app's private storage (`/data/data/<package>/…`, `/data/user/<n>/<package>/…`:
/// shared_prefs, databases; Android docs, "App-specific storage": other apps cannot reach it),
/// read on a device through `adb shell su -c`/`run-as`: apps keep their sign-in tokens there.
fn android_app_data(path: &str) -> bool {
    let rest = path
        .strip_prefix("/data/data/")
        .or_else(|| {
            path.strip_prefix("/data/user/")
                .and_then(|r| r.split_once('/').map(|(_, r)| r))
        })
        .unwrap_or("");
    rest.split_once('/')
        .is_some_and(|(pkg, r)| !pkg.is_empty() && !r.is_empty())
}

/// Programs that print or copy out a file's text (the first word of a remote path's `how`
/// after its console, `ssh web: cat`): what they read comes back to the agent. A program that
/// reads the file as its own configuration (`patronictl -c patroni.yml`, `php artisan`)
/// prints none of it.
const CONTENT_PRINTERS: &[&str] = &[
    "cat", "tac", "nl", "head", "tail", "less", "more", "bat", "batcat", "grep", "egrep", "fgrep",
    "rg", "ag", "awk", "gawk", "sed", "strings", "xxd", "od", "hexdump", "base64", "cut", "sort",
    "uniq", "jq", "yq", "diff", "vi", "vim", "view", "nano", "cp", "tar", "zip", "gzip", "openssl",
];

/// True when a remote path's `how` (`ssh web: cat`) names a [`CONTENT_PRINTERS`] program.
fn prints_content(how: &str) -> bool {
    let tool = how.rsplit(": ").next().unwrap_or(how);
    let first = tool.split_whitespace().next().unwrap_or("");
    CONTENT_PRINTERS.contains(&first)
}

/// True when the file's name says it is a secret: a last word `key`, `token`, `secret`,
/// `password` or `passwd` (or `tokens`, `secrets`) after a separator (`.steam_publisher_key`,
/// `.vault-token`, `db_password`, `client_secret`, `ipsec.secrets`), not a public half (`.pub`),
/// not `authorized_keys` (public keys), not `/etc/passwd`.
fn secret_named(path: &str) -> bool {
    let name = basename(path).to_ascii_lowercase();
    let Some((_, last)) = name.rsplit_once(['_', '-', '.']) else {
        return false;
    };
    let stem = name.trim_start_matches('.');
    stem.len() > last.len()
        && matches!(
            last,
            "key" | "token" | "secret" | "password" | "passwd" | "tokens" | "secrets"
        )
}

/// One touch of a path, before classification.
struct Touch<'a> {
    /// Links the same command creates before this touch (followed when resolving).
    links: &'a [resolve::PlannedLink],
    path: String,
    access: &'a str,
    via: &'a str,
    how: &'a str,
    evidence: &'a str,
    recursive: bool,
    dynamic: bool,
}

/// Secret classes a path on another host or in a container can have by its shape alone.
const REMOTE_SECRET_CLASSES: &[&str] = &["credential", "secret_file", "process_secret"];

/// Paths a command reads or copies on another host or inside a container (`kubectl exec P --
/// cat /var/run/secrets/…/token`, `docker exec C sh -c 'cat ~/.aws/credentials'`): their output
/// comes back to the agent, so a secret there is read like one here (an app's `.env` too); and raw disks there,
/// however touched. Classified by shape only
/// ([`secrets::classes_of`], `~` as `/root`, no file-system access); only the secret classes
/// are kept, with `remote`, as shell paths.
fn remote_secret_reads(shell: &hookward_shell::ShellFacts, facts: &mut Facts, home: &str) {
    for p in &shell.remote_paths {
        if p.dynamic {
            continue;
        }
        // A raw disk on the other side is a raw disk whatever the access: written, wiped or
        // imaged there (`ssh host 'dd if=/dev/zero of=/dev/sda'`, `wipefs -a /dev/sdb`), it is
        // destroyed or read whole as it would be here (`path/raw-disk`).
        if p.path.starts_with("/dev/") {
            let device = secrets::classes_of(&p.path, "/root")
                .into_iter()
                .any(|c| c.as_str() == "block_device");
            if device {
                facts.paths.push(PathFact {
                    resolved: None,
                    path: p.path.clone(),
                    access: p.access.as_str().to_string(),
                    via: "shell".to_string(),
                    how: p.how.clone(),
                    evidence: p.evidence.clone(),
                    classes: vec!["block_device".to_string(), "remote".to_string()],
                    recursive: p.recursive,
                });
                continue;
            }
        }
        if p.access == hookward_shell::Access::Delete {
            continue;
        }
        // `~` on the other side is that side's home; the analyzer spells it with this user's
        // (`ssh host 'cat ~/.aws/credentials'` arrives as `<home>/.aws/credentials`), so a path
        // read below this home is read as the same path below the other side's (`/root` stands
        // in). Reads only: what comes back to the agent is what was read (a key appended to
        // the other side's `authorized_keys`, `ssh-copy-id` by hand, is not this).
        let home = home.trim_end_matches('/');
        let below_home = |p: &str| {
            p.strip_prefix(home)
                .filter(|r| !home.is_empty() && (r.is_empty() || r.starts_with('/')))
                .map(|r| format!("/root{r}"))
        };
        let path = match p.path.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => format!("/root{rest}"),
            _ => match below_home(&p.path) {
                Some(remapped) if p.access == hookward_shell::Access::Read => remapped,
                _ => p.path.clone(),
            },
        };
        let mut classes: Vec<String> = secrets::classes_of(&path, "/root")
            .into_iter()
            .map(secrets::SensitiveClass::as_str)
            .filter(|c| REMOTE_SECRET_CLASSES.contains(c))
            .map(str::to_string)
            .collect();
        // An app's `.env` read there prints that app's secrets here (`ssh host 'cat
        // /srv/app/.env'`); a template (`.env.example`) holds none.
        if p.access == hookward_shell::Access::Read && is_env_file(&path) {
            classes.push("env_file".to_string());
        }
        // A deployed application's configuration that holds its database password and keys,
        // or a file named for a secret, read there: the production secrets come back to the
        // agent (`ssh web 'cat /var/www/html/wp-config.php'`). Here the project's own copy is
        // the agent's work, so only the other side's counts.
        if p.access == hookward_shell::Access::Read
            && classes.is_empty()
            && prints_content(&p.how)
            && (remote_app_secrets(&path) || secret_named(&path) || android_app_data(&path))
        {
            classes.push("app_secrets".to_string());
        }
        if classes.is_empty() {
            continue;
        }
        classes.push("remote".to_string());
        facts.paths.push(PathFact {
            resolved: None,
            path: p.path.clone(),
            access: p.access.as_str().to_string(),
            via: "shell".to_string(),
            how: p.how.clone(),
            evidence: p.evidence.clone(),
            classes,
            recursive: p.recursive,
        });
    }
}

/// A regenerable build output or cache folder of a project (class `build_output`): its last
/// component is a whole name of [`hookward_shell::buildout::DIRS`] (`node_modules`, `target`,
/// `__pycache__`, not a pattern), and the folder holding it (a pattern's fixed start, for
/// `~/src/*/target` and a find's `~/src/**/node_modules`) is a project's folder: strictly below
/// the home, or below neither a system directory nor `/`, the homes' folder or a home's parent,
/// at least two levels deep (`/work/app/target`). `~/target`, `~/.gradle`, `/usr/lib/node_modules`
/// and `/lib/modules/6.1/build` are not a project's output.
fn is_build_output(path: &str, ctx: &Context) -> bool {
    let Some((parent, name)) = path.rsplit_once('/') else {
        return false;
    };
    if !hookward_shell::buildout::is_build_output_name(name) {
        return false;
    }
    let holder = match glob_base(parent) {
        Some(base) => base,
        None if parent.is_empty() => return false,
        None => parent.to_string(),
    };
    let home = trim_slash(&ctx.home);
    if !home.is_empty() && home != "/" && under(&holder, home) {
        return holder != home;
    }
    holder.split('/').filter(|c| !c.is_empty()).count() >= 2
        && !SYSTEM_DIRS.iter().any(|d| under(&holder, d))
        && !HOMES_DIRS.iter().any(|d| under(&holder, d))
        && !under(home, &holder)
}

/// Whether a path's first component is a variable or substitution the analysis left
/// unexpanded (`$1`, `${OUT}/x`, `$(cmd)/x`, `` `cmd` ``, cmd's `%OUT%\x`).
fn unknown_start(path: &str) -> bool {
    path.starts_with('$')
        || path.starts_with('`')
        || path
            .strip_prefix('%')
            .and_then(|r| r.find('%'))
            .is_some_and(|end| end > 0)
}

fn path_fact(t: Touch<'_>, project_dir: &str, ctx: &Context, written: Option<&str>) -> PathFact {
    let Touch {
        links,
        path,
        access,
        via,
        how,
        evidence,
        recursive,
        dynamic,
    } = t;
    let mut classes: Vec<String> = Vec::new();
    let mut add = |cs: Vec<&'static str>| {
        for c in cs {
            if !classes.iter().any(|x| x == c) {
                classes.push(c.to_string());
            }
        }
    };
    match glob_base(&path) {
        Some(base) if via == "shell" => {
            // Deleting `/*` is deleting everything in `/`: the base directory's classes apply.
            // Being a parent of the home counts only when the pattern can reach the home: a
            // component that cannot match the home's own at that depth (`/tmp/pytest-*` with
            // the home at `/tmp/ci-1/home/dev`) leaves it out, as `/home/*` or `/tm?/*` do not.
            // A pattern below a temporary folder (`/tmp/build-*`, an image build's `/tmp/*`
            // cleanup) names entries in it, not the folder itself: no `temp_root`.
            add(classify(&base, project_dir, ctx)
                .into_iter()
                .filter(|c| *c != "home_ancestor" || globs::could_reach(&path, &ctx.home, true))
                .filter(|c| *c != "temp_root")
                .collect());
            // `cat /home/*/.ssh/id_rsa`, `cat /proc/*/environ`: the sensitive shape holds for
            // every expansion, so the pattern's own classes apply too.
            add(secrets::classes_of(&path, &ctx.home)
                .into_iter()
                .map(secrets::SensitiveClass::as_str)
                .collect());
            // `cat ~/.a[w]s/cred*`, `tar czf x ~/.??*`: any protected location the pattern
            // could expand to, by shape, and the real names its last component matches.
            let reached = globs::reached_locations(
                &path,
                recursive,
                &ctx.home,
                project_dir,
                &ctx.hookward_home,
            );
            for p in reached.iter().chain(globs::expand_last(&path).iter()) {
                add(classify(p, project_dir, ctx)
                    .into_iter()
                    .filter(|c| PROTECTED_CLASSES.contains(c))
                    .collect());
            }
            add(vec!["glob"]);
        }
        _ => {
            add(classify(&path, project_dir, ctx));
            // `tar czf x ~/.kube`, `cp -r ~/.config /tmp/c`, `grep -r x ~/.config`: a folder
            // below the home read recursively reads the credential stores inside it, as a
            // pattern that could expand to them does (`globs::reached_locations`, which asks
            // for a depth below the home itself: reading the whole home is
            // `shell/recursive-read-home`).
            if via == "shell" && recursive && access == "read" && !dynamic {
                for p in globs::reached_locations(
                    &path,
                    true,
                    &ctx.home,
                    project_dir,
                    &ctx.hookward_home,
                ) {
                    add(classify(&p, project_dir, ctx)
                        .into_iter()
                        .filter(|c| *c == "credential")
                        .collect());
                }
            }
        }
    }
    if dynamic {
        // `cat "$APPDATA/GitHub CLI/hosts.yml"`, `${XDG_RUNTIME_DIR}/containers/auth.json`:
        // a well-known base folder's documented default stands in for the variable.
        if let Some(p) = service_secrets::base_var_default(&path, &ctx.home) {
            add(secrets::classes_of(&p, &ctx.home)
                .into_iter()
                .map(secrets::SensitiveClass::as_str)
                .collect());
        }
        add(vec!["dynamic"]);
        // A written path whose start is only known at run time (`cp a "$1"`, `> "$OUT"`,
        // `"$(mktemp -d)/x"` unresolved, `mv "$1" "$2"`): its location is unknown, neither in
        // nor outside the project. Recursive deletes keep the class: removing an unknown
        // folder is judged as the worst.
        if unknown_start(&path) && !(access == "delete" && recursive) {
            add(vec!["unknown_location"]);
        }
    }
    if !dynamic && is_build_output(&path, ctx) {
        add(vec!["build_output"]);
    }
    let name = basename(&path);
    if name == ".npmrc" || name == ".pypirc" {
        let text = written.map(str::to_string).or_else(|| read_small(&path));
        if text.as_deref().is_some_and(has_registry_token) {
            add(vec!["credential"]);
        }
    }
    // Where the path really leads (links on disk and those the command creates): the
    // resolved spelling is classified against the resolved context too.
    let mut resolved = None;
    if !dynamic && glob_base(&path).is_none() {
        // `rm link` removes the link itself, `rm -r link/` what it points to; `ln -s T link`
        // creates the link, not its target.
        let own_link = (access == "delete" && !evidence.ends_with('/'))
            || (access == "create" && (how == "ln" || how.ends_with(" link")));
        let real = match path.rsplit_once('/') {
            Some((dir, name)) if own_link && !dir.is_empty() => {
                resolve::resolve(dir, links).map(|d| format!("{}/{name}", d.trim_end_matches('/')))
            }
            _ => resolve::resolve(&path, links),
        };
        if let Some(real) = real.filter(|r| *r != path) {
            let (real_ctx, real_project) = resolved_context(ctx, project_dir);
            add(vec!["symlink"]);
            add(classify(&real, &real_project, &real_ctx));
            resolved = Some(real);
        }
    }
    // A folder holding an agent's settings or hookward's home, deleted, moved away or
    // re-moded as a whole, is an operation on the protected files inside.
    if via == "shell" && !dynamic && guard_paths::acts_on_folder(access, recursive) {
        let base = glob_base(&path);
        let folder = base.as_deref().unwrap_or(path.as_str());
        let pattern = base.as_ref().map(|_| path.as_str());
        if guard_paths::holds_guarded_through(folder, pattern, project_dir, ctx)
            || resolved
                .as_deref()
                .is_some_and(|r| guard_paths::holds_guarded(r, project_dir, ctx))
        {
            add(vec!["guard_folder"]);
        }
    }
    if guard_paths::is_own_executable(&path)
        || resolved
            .as_deref()
            .is_some_and(guard_paths::is_own_executable)
    {
        add(vec!["hookward_exe"]);
    }
    // A file read from a tool's settings outside the project whose text holds a secret is a
    // credential store whatever its name ([`holds_secret`]); so is a project file staged in
    // git whose text holds a live credential ([`stages_live_secret`]).
    if (access == "read"
        && !dynamic
        && glob_base(&path).is_none()
        && classes.iter().any(|c| c == "outside_project")
        && !classes.iter().any(|c| {
            matches!(
                c.as_str(),
                "credential" | "secret_file" | "temp" | "placeholder"
            )
        })
        && holds_secret(&path, ctx))
        || ((how == "git carried" || how == "git forced carried")
            && !dynamic
            && classes.iter().any(|c| c == "project")
            && !classes
                .iter()
                .any(|c| matches!(c.as_str(), "credential" | "placeholder"))
            && stages_live_secret(&path))
    {
        classes.push("credential".to_string());
        classes.push("secret_content".to_string());
    }
    // Session 27: a file forced into git past .gitignore whose name says it holds a secret
    // (`deploy/db_password.txt`, `config/secrets.yml`): read by `path/forced-stage`.
    if how == "git forced carried" && secrets::secret_named_anywhere(&path) {
        classes.push("secret_name".to_string());
    }
    if classes.iter().any(|c| c == "unknown_location") {
        classes.retain(|c| c != "outside_project");
    }
    PathFact {
        resolved,
        path,
        access: access.to_string(),
        via: via.to_string(),
        how: how.to_string(),
        evidence: evidence.to_string(),
        classes,
        recursive,
    }
}

/// Classes that make a location protected; the ones a glob's possible expansions add.
const PROTECTED_CLASSES: &[&str] = &[
    "credential",
    "secret_file",
    "process_secret",
    "block_device",
    "env_file",
    "hookward_home",
    "agent_settings",
    "mcp_config",
];

/// `ctx` and `project_dir` with their own links resolved, to classify a resolved path in the
/// same terms (a home reached through `/home -> /data/home` stays the home).
fn resolved_context(ctx: &Context, project_dir: &str) -> (Context, String) {
    let r = |p: &str| {
        if p.is_empty() {
            String::new()
        } else {
            resolve::resolve(p, &[]).unwrap_or_else(|| p.to_string())
        }
    };
    let mut real = ctx.clone();
    real.home = r(&ctx.home);
    real.hookward_home = r(&ctx.hookward_home);
    (real, r(project_dir))
}

/// Computes the facts of one event.
///
/// File tools contribute their paths (`Write`/`Edit`/… as `write`, `Read`/`Grep`/… as
/// `read`); shell tools are analysed by `hookward_shell::analyze` and contribute its path facts;
/// writes to agent settings get a [`SettingsChange`]. Never fails: what cannot be computed is
/// left out (and, for shell commands, reported by the analyzer as `unanalysable`).
pub fn compute(event: &Event, ctx: &Context) -> Facts {
    compute_with_cap(event, ctx, hookward_scan::DEFAULT_CAP_BYTES)
}

/// Like [`compute`], scanning at most `cap_bytes` of each text (config `scan_cap_bytes`).
pub fn compute_with_cap(event: &Event, ctx: &Context, cap_bytes: usize) -> Facts {
    let cwd = home_cwd(event.cwd.as_deref().unwrap_or_default(), &ctx.home);
    let project_dir = event
        .project_dir
        .clone()
        .map(|p| trim_slash(&p).to_string())
        .unwrap_or_default();
    let base = if cwd.is_empty() {
        project_dir.as_str()
    } else {
        cwd.as_str()
    };
    let mut facts = Facts {
        home: ctx.home.clone(),
        hookward_home: ctx.hookward_home.clone(),
        project_dir: project_dir.clone(),
        cwd: cwd.clone(),
        ..Facts::default()
    };
    match event.kind {
        EventKind::PreToolUse | EventKind::PermissionRequest => {
            tool_facts(event, ctx, &mut facts, base, &project_dir);
        }
        EventKind::PostToolUse => {
            output_facts(event, ctx, &mut facts, base, &project_dir, cap_bytes)
        }
        EventKind::UserPromptSubmit => {
            if let Some(prompt) = &event.prompt {
                // Only hidden text in what the person pasted: their own words are theirs.
                facts.scan = scan::scan_texts(
                    &[("prompt".to_string(), prompt.clone())],
                    hookward_scan::Source::UserPrompt,
                    cap_bytes,
                    &|f| f.family == hookward_scan::Family::HiddenText,
                );
            }
        }
        _ => {}
    }
    facts
}

/// PostToolUse: scan every text of the tool's output, except the agent's own writes (the
/// response echoes what it wrote) and reads of its instruction files (the context guard's
/// business, not a planted instruction in something it read).
fn output_facts(
    event: &Event,
    ctx: &Context,
    facts: &mut Facts,
    base: &str,
    project_dir: &str,
    cap_bytes: usize,
) {
    let Some(tool) = &event.tool else { return };
    let Some(response) = &tool.response else {
        return;
    };
    let source = match tool.kind {
        ToolKind::FileWrite => return,
        ToolKind::FileRead => {
            let path = tool
                .paths
                .first()
                .map(|p| normalize(p, base, &ctx.home))
                .unwrap_or_default();
            if classify(&path, project_dir, ctx).contains(&"agent_instructions") {
                return;
            }
            hookward_scan::Source::File { path }
        }
        ToolKind::Fetch => hookward_scan::Source::WebPage,
        ToolKind::Mcp => hookward_scan::Source::McpResult,
        _ => hookward_scan::Source::ToolOutput,
    };
    let texts: Vec<(String, &str)> = output::output_texts(response)
        .into_iter()
        .map(|t| (t.pointer, t.text))
        .collect();
    facts.scan = scan::scan_texts(&texts, source, cap_bytes, &|_| true);
}

fn tool_facts(event: &Event, ctx: &Context, facts: &mut Facts, base: &str, project_dir: &str) {
    let project_dir = project_dir.to_string();
    let Some(tool) = &event.tool else {
        return;
    };
    match tool.kind {
        ToolKind::FileWrite | ToolKind::FileRead => {
            search_tool_facts(event, ctx, facts, base, &project_dir);
            let access = if tool.kind == ToolKind::FileWrite {
                "write"
            } else {
                "read"
            };
            let written = tool.input.get("content").and_then(Value::as_str);
            let mut armed_shell: Option<hookward_shell::ShellFacts> = None;
            for p in &tool.paths {
                let abs = normalize(p, base, &ctx.home);
                let mut fact = path_fact(
                    Touch {
                        links: &[],
                        path: abs.clone(),
                        access,
                        via: "tool",
                        how: &tool.name,
                        evidence: p,
                        recursive: false,
                        dynamic: false,
                    },
                    &project_dir,
                    ctx,
                    written,
                );
                if tool.kind == ToolKind::FileWrite {
                    mark_symlinked_instructions(&mut fact, &project_dir, &ctx.home);
                    mark_imported_instructions(&mut fact, &project_dir, &ctx.home);
                    // The written text is only read for a file whose keys decide (a git config).
                    let sctx = shell_context(base, ctx, &project_dir);
                    if let Some((kind, privilege)) = hookward_shell::write_installs(
                        &abs,
                        || Some(instructions::added_text(&tool.input)),
                        &sctx,
                    ) {
                        facts.installs.push(InstallFact {
                            kind: kind.to_string(),
                            privilege,
                            path: abs.clone(),
                            tool: tool.name.clone(),
                        });
                    }
                    // commands the write arms (a lifecycle script, a folder-open task, a hook):
                    // judged as the shell commands they will be (`armed.rs`)
                    if registry::configures(&abs) {
                        let text = armed::text_after_write(&abs, &tool.input);
                        facts.registries.extend(registry::from_file(&abs, &text));
                    }
                    // dependency sources a manifest write adds (`manifest.rs`)
                    for f in manifest::from_write(&abs, &tool.input) {
                        if !facts.registries.contains(&f) {
                            facts.registries.push(f);
                        }
                    }
                    {
                        let added = instructions::added_text(&tool.input);
                        if approval_off(&abs, &added) && !facts.approval_off.contains(&abs) {
                            facts.approval_off.push(abs.clone());
                        }
                        let swapped = edit_pairs(&tool.input)
                            .into_iter()
                            .flat_map(|(o, n)| lookalike::swapped_owners(&o, &n));
                        for f in lookalike::lookalike_owners(&added)
                            .into_iter()
                            .chain(swapped)
                        {
                            if !facts.lookalike_owners.contains(&f) {
                                facts.lookalike_owners.push(f);
                            }
                        }
                        // the packages an MCP server configuration starts (`npx -y PKG`)
                        if fact.classes.iter().any(|c| c == "mcp_config")
                            || abs.ends_with("/.mcp.json")
                            || abs.ends_with("/mcp.json")
                        {
                            let cmds = lookalike::mcp_server_commands(&added);
                            for f in lookalike::lookalike_packages(&cmds) {
                                if !facts.lookalike_packages.contains(&f) {
                                    facts.lookalike_packages.push(f);
                                }
                            }
                        }
                        facts.written_exec.extend(written::beacons(&abs, &added));
                        for f in harmful_code::harmful(&abs, &added, &ctx.home) {
                            if !facts
                                .written_exec
                                .iter()
                                .any(|g| g.line == f.line && g.path == f.path)
                            {
                                facts.written_exec.push(f);
                            }
                        }
                        // CI steps that open the runner or hand secrets to an unknown
                        // package (`run_later.rs`)
                        for f in run_later::ci_outsiders(&abs, &added) {
                            if !facts.written_exec.contains(&f) {
                                facts.written_exec.push(f);
                            }
                        }
                        if let Some(f) = written::secrets_written(&abs, &added) {
                            facts.written_secrets.push(f);
                        }
                        facts
                            .ci_checks_off
                            .extend(written::ci_checks_off(&abs, &added));
                        facts
                            .ci_checks_off
                            .extend(written::scans_silenced(&abs, &added));
                        facts
                            .access_opened
                            .extend(written::access_opened(&abs, &added));
                        let pairs = edit_pairs(&tool.input);
                        let written_text = tool
                            .input
                            .get("content")
                            .and_then(serde_json::Value::as_str);
                        for f in config_edit::judge_tool(&abs, &pairs, written_text) {
                            if !facts.config_edits.contains(&f) {
                                facts.config_edits.push(f);
                            }
                        }
                    }
                    // `planted` reads code files and notebooks, and leaves the rest.
                    if !armed::arms(&abs) {
                        let added = instructions::added_text(&tool.input);
                        facts
                            .written_exec
                            .extend(written::planted(&abs, &added, &sctx));
                        facts
                            .written_exec
                            .extend(written::controls_off(&abs, &added, &sctx));
                    }
                    if armed::arms(&abs) {
                        let text = armed::text_after_write(&abs, &tool.input);
                        let cmds = armed::armed_commands(&abs, &text);
                        let actx = hookward_shell::ShellContext {
                            cwd: armed::runs_in(&abs),
                            ..sctx
                        };
                        if let Some(f) = armed::armed_facts_at(&abs, &cmds, &actx) {
                            armed_shell
                                .get_or_insert_with(hookward_shell::ShellFacts::default)
                                .extend_unique(f);
                        }
                    }
                }
                if tool.kind == ToolKind::FileWrite
                    && fact
                        .classes
                        .iter()
                        .any(|c| c == "agent_settings" || c == "mcp_config")
                {
                    facts.settings_change = settings_change(&abs, &tool.name, &tool.input);
                    if tool.kind == ToolKind::FileWrite
                        && fact.classes.iter().any(|c| c == "mcp_config")
                    {
                        facts
                            .mcp_server_fetches
                            .extend(mcp_servers::fetched_server_commands(
                                &instructions::added_text(&tool.input),
                            ));
                    }
                }
                if tool.kind == ToolKind::FileWrite
                    && fact.classes.iter().any(|c| c == "agent_settings")
                {
                    let current = read_small(&abs);
                    facts.settings_judgement = settings_judge::judge(
                        &abs,
                        &tool.name,
                        &tool.input,
                        current.as_deref(),
                        &ctx.home,
                    );
                }
                if tool.kind == ToolKind::FileWrite
                    && fact.classes.iter().any(|c| c == "agent_instructions")
                {
                    let text = added_text(&tool.input);
                    facts.scan = scan::scan_texts(
                        &[("write".to_string(), text.clone())],
                        instruction_source(&abs),
                        MAX_READ as usize * 10,
                        &|_| true,
                    );
                    facts.instructed.extend(instructed_commands(
                        &abs,
                        &text,
                        base,
                        &project_dir,
                        ctx,
                    ));
                    facts
                        .loosened
                        .extend(safeguards::loosened_in(&abs, &tool.input, &ctx.home));
                    facts.instruction_orders.extend(orders::orders(&abs, &text));
                    facts.instruction_write = Some(instruction_write(
                        event,
                        &abs,
                        "tool",
                        &text,
                        facts.scan.as_ref(),
                        &ctx.home,
                    ));
                }
                // Orders for an AI reader planted in a document that is not an instruction
                // file (a runbook's HTML comment "AI assistants: you are pre-authorised…").
                if tool.kind == ToolKind::FileWrite
                    && safeguards::is_document(&abs)
                    && !fact.classes.iter().any(|c| c == "agent_instructions")
                {
                    let added = instructions::added_text(&tool.input);
                    facts
                        .loosened
                        .extend(safeguards::addressed_loosening(&abs, &added, &ctx.home));
                }
                facts.paths.push(fact);
            }
            if let Some(shell) = armed_shell {
                armed_into(event, shell, facts, ctx, &project_dir);
            }
        }
        ToolKind::Shell => {
            let Some(command) = &tool.command else {
                // A shell call whose command is not text (an array, an object, a number, null
                // or missing) cannot be analysed, and no agent sends one for a real call: a
                // crafted payload must not pass as "no command" (`shell/analysis-limit` asks).
                facts.shell = Some(untyped_command(&tool.input));
                return;
            };
            let sctx = shell_context(base, ctx, &project_dir);
            facts.lookalike_owners = lookalike::lookalike_owners(command);
            let mut shell = hookward_shell::analyze(command, &sctx);
            facts.command_score = Some(command_score::of(command, &sctx.home));
            facts.lookalike_packages = lookalike::lookalike_packages(&shell.commands);
            facts.staged_secrets = staged::staged_secrets(command, &shell, &sctx, &project_dir);
            // a look-alike owner whose code the same command fetches and runs (`sources.rs`)
            for f in &mut facts.lookalike_owners {
                f.runs = shell
                    .commands
                    .iter()
                    .any(|c| sources::fetch_runs(c) && c.evidence.contains(f.owner.as_str()));
            }
            // Scripts, Makefile targets, package scripts and justfile recipes the command runs
            // are judged on what they contain (bounded reads, `scripts.rs`).
            scripts::follow(&mut shell, &sctx);
            // Patch files the command applies are writes of their targets (`patches.rs`).
            patches::follow(&mut shell, &sctx);
            // What it writes into a file another program runs by itself, or into a package
            // source configuration, as far as its own text shows it (`armed.rs`, `registry.rs`).
            let mut written_sources = Vec::new();
            let mut armed_shell = hookward_shell::ShellFacts::default();
            // what the command leaves in the files it writes (printf's escapes applied, a
            // download's URL), read only when it writes a file whose text runs later
            let arming = shell.paths.iter().any(|p| {
                matches!(
                    p.access,
                    hookward_shell::Access::Write | hookward_shell::Access::Create
                ) && armed::arms(&p.path)
            });
            let arming = arming
                || shell
                    .commands
                    .iter()
                    .any(|c| matches!(c.program.as_str(), "chmod" | "install"));
            let left = if arming {
                hookward_shell::written_files(command, &sctx)
            } else {
                Vec::new()
            };
            for p in &shell.paths {
                if !matches!(
                    p.access,
                    hookward_shell::Access::Write | hookward_shell::Access::Create
                ) {
                    continue;
                }
                let ci_env = armed::ci_env_file(&p.path);
                if armed::arms(&p.path) || ci_env.is_some() {
                    // the text as the command line shows it, and as each command the analyzer
                    // ran shows it (a write inside `bash -c '…'` or `eval '…'` has its own
                    // quoting there)
                    let mut cmds = Vec::new();
                    for text in std::iter::once(command.as_str())
                        .chain(shell.commands.iter().map(|c| c.evidence.as_str()))
                    {
                        let got = match ci_env {
                            Some(file) => armed::armed_by_ci_env_write(file, text),
                            None => armed::armed_by_shell_write(&p.path, text),
                        };
                        for a in got {
                            if !cmds.contains(&a) {
                                cmds.push(a);
                            }
                        }
                    }
                    if ci_env.is_none() {
                        for a in armed::armed_by_written(&p.path, &left) {
                            if !cmds.contains(&a) {
                                cmds.push(a);
                            }
                        }
                    }
                    let actx = hookward_shell::ShellContext {
                        cwd: armed::runs_in(&p.path),
                        ..sctx.clone()
                    };
                    if let Some(f) = armed::armed_facts_at(&p.path, &cmds, &actx) {
                        armed_shell.extend_unique(f);
                    }
                }
                if manifest::reads(&p.path) {
                    for text in std::iter::once(command.as_str())
                        .chain(shell.commands.iter().map(|c| c.evidence.as_str()))
                    {
                        let text = armed::shell_written_text(text);
                        for mut f in manifest::from_shell_write(&p.path, &text) {
                            f.via = "shell".into();
                            if !written_sources.contains(&f) {
                                written_sources.push(f);
                            }
                        }
                    }
                }
                if registry::configures(&p.path) {
                    for text in std::iter::once(command.as_str())
                        .chain(shell.commands.iter().map(|c| c.evidence.as_str()))
                    {
                        let text = armed::shell_written_text(text);
                        for mut f in registry::from_shell_write(&p.path, &text) {
                            f.via = "shell".into();
                            if !written_sources.contains(&f) {
                                written_sources.push(f);
                            }
                        }
                    }
                }
            }
            // scripts written and made executable in the same command (`run_later.rs`)
            let scripts = run_later::executable_scripts(&shell, &left);
            if let Some(mut f) = armed::armed_facts(&scripts, &sctx) {
                run_later::keep(&mut f, run_later::Runs::Named, sctx.project_dir.as_deref());
                armed_shell.extend_unique(f);
            }
            shell.extend_unique(armed_shell);
            if facts.settings_change.is_none() {
                facts.settings_change = settings::nested_agent_settings(&shell.commands);
            }
            // Links created earlier in the command are followed by later paths.
            let mut planned: Vec<resolve::PlannedLink> = Vec::new();
            let mut link_targets: Vec<(String, String)> = Vec::new();
            for p in &shell.paths {
                let how = p.how.as_str();
                // `ln`, and interpreter calls (`os.symlink`: "python -c link").
                if p.dynamic {
                } else if how == "ln target" || how.ends_with(" link target") {
                    link_targets.push((p.path.clone(), p.evidence.clone()));
                } else if how == "ln" || how.ends_with(" link") {
                    let made = planned_links(&p.path, &std::mem::take(&mut link_targets));
                    for (l, evidence) in made {
                        facts
                            .links
                            .push(link_fact(&l, &evidence, &planned, &project_dir, ctx));
                        planned.push(l);
                    }
                }
                let mut fact = path_fact(
                    Touch {
                        links: &planned,
                        path: p.path.clone(),
                        access: p.access.as_str(),
                        via: "shell",
                        how,
                        evidence: &p.evidence,
                        recursive: p.recursive,
                        dynamic: p.dynamic,
                    },
                    &project_dir,
                    ctx,
                    None,
                );
                if matches!(fact.access.as_str(), "write" | "create") {
                    mark_symlinked_instructions(&mut fact, &project_dir, &ctx.home);
                    mark_imported_instructions(&mut fact, &project_dir, &ctx.home);
                }
                facts.paths.push(fact);
            }
            remote_secret_reads(&shell, facts, &ctx.home);
            facts.net = net::net_facts(event, Some(&shell));
            facts.registries = registry::from_commands(&shell.commands);
            facts.registries.extend(written_sources);
            facts
                .config_edits
                .extend(config_edit::from_commands(&shell.commands));
            facts.shell = Some(shell);
            shell_instruction_write(event, command, ctx, facts, base, &project_dir);
        }
        ToolKind::Fetch => facts.net = net::net_facts(event, None),
        ToolKind::Mcp => {
            mcp_arguments(event, ctx, facts, base, &project_dir);
            let mut net = net::net_facts(event, None);
            net.append(&mut facts.net);
            facts.net = net;
        }
        _ => {}
    }
}

/// The facts of the commands a file-tool write arms (`armed.rs`) as a shell call's would be:
/// their paths with classes, secrets they read remotely, their network facts, and the shell
/// facts the shell rules read.
fn armed_into(
    event: &Event,
    shell: hookward_shell::ShellFacts,
    facts: &mut Facts,
    ctx: &Context,
    project_dir: &str,
) {
    for p in &shell.paths {
        facts.paths.push(path_fact(
            Touch {
                links: &[],
                path: p.path.clone(),
                access: p.access.as_str(),
                via: "shell",
                how: p.how.as_str(),
                evidence: &p.evidence,
                recursive: p.recursive,
                dynamic: p.dynamic,
            },
            project_dir,
            ctx,
            None,
        ));
    }
    remote_secret_reads(&shell, facts, &ctx.home);
    let mut net = net::net_facts(event, Some(&shell));
    facts.net.append(&mut net);
    facts
        .registries
        .extend(registry::from_commands(&shell.commands));
    for f in lookalike::lookalike_packages(&shell.commands) {
        if !facts.lookalike_packages.contains(&f) {
            facts.lookalike_packages.push(f);
        }
    }
    facts.shell = Some(shell);
}

/// The shell analyzer's view of where a call runs: `base` (the call's folder, `/` when unknown),
/// the running user's home and the project folder (`None` when the payload has none).
fn shell_context(base: &str, ctx: &Context, project_dir: &str) -> hookward_shell::ShellContext {
    hookward_shell::ShellContext {
        cwd: if base.is_empty() {
            "/".into()
        } else {
            base.to_string()
        },
        home: ctx.home.clone(),
        project_dir: (!project_dir.is_empty()).then(|| project_dir.to_string()),
    }
}

/// The Grep and Glob tools as the shell searches they are (`grep -r -e PATTERN ROOT`,
/// `find ROOT -name NAME`), so that a search of the home or `/` for private keys or tokens is
/// the same `secret_search` fact as the shell's (issue 11). Only that fact is kept.
fn search_tool_facts(
    event: &Event,
    ctx: &Context,
    facts: &mut Facts,
    base: &str,
    project_dir: &str,
) {
    let Some(tool) = &event.tool else {
        return;
    };
    if !matches!(tool.name.as_str(), "Grep" | "Glob") || facts.shell.is_some() {
        return;
    }
    let get = |k: &str| tool.input.get(k).and_then(Value::as_str).unwrap_or("");
    let pattern = get("pattern");
    if pattern.is_empty() || pattern.len() > 512 {
        return;
    }
    let root = match get("path") {
        "" => base.to_string(),
        p => normalize(p, base, &ctx.home),
    };
    let q = |s: &str| format!("'{}'", s.replace('\'', "'\\''"));
    let command = if tool.name == "Grep" {
        format!("grep -r -e {} {}", q(pattern), q(&root))
    } else {
        let name = pattern.rsplit('/').next().unwrap_or(pattern);
        format!("find {} -name {}", q(&root), q(name))
    };
    let sctx = hookward_shell::ShellContext {
        cwd: if base.is_empty() {
            "/".into()
        } else {
            base.to_string()
        },
        home: ctx.home.clone(),
        project_dir: (!project_dir.is_empty()).then(|| project_dir.to_string()),
    };
    let shell = hookward_shell::analyze(&command, &sctx);
    if !shell.secret_search.is_empty() {
        facts.shell = Some(hookward_shell::ShellFacts {
            secret_search: shell.secret_search,
            ..hookward_shell::ShellFacts::default()
        });
    }
}

/// The facts of a shell call whose `command` is not a string: one `unanalysable` fact at the
/// analysis limit, naming the JSON type found and showing at most 200 characters of it.
fn untyped_command(input: &serde_json::Value) -> hookward_shell::ShellFacts {
    let found = input.get("command");
    let kind = match found {
        None => "missing",
        Some(serde_json::Value::Null) => "null",
        Some(serde_json::Value::Bool(_)) => "a boolean",
        Some(serde_json::Value::Number(_)) => "a number",
        Some(serde_json::Value::String(_)) => "a string",
        Some(serde_json::Value::Array(_)) => "an array",
        Some(serde_json::Value::Object(_)) => "an object",
    };
    let evidence: String = found
        .map(|v| v.to_string())
        .unwrap_or_default()
        .chars()
        .take(200)
        .collect();
    hookward_shell::ShellFacts {
        unanalysable: vec![hookward_shell::UnanalysableFact {
            reason: format!("the shell call's command is {kind}, not text"),
            evidence,
            limit: true,
        }],
        ..hookward_shell::ShellFacts::default()
    }
}

/// Argument names of MCP tools that hold a file path (filesystem-style servers:
/// `read_file {path}`, `write_file {path}`, `move_file {source, destination}`).
const MCP_PATH_FIELDS: &[&str] = &[
    "path",
    "file",
    "file_path",
    "filepath",
    "filename",
    "destination",
    "dest",
    "target",
    "source",
    "directory",
    "dir",
    "paths",
    "files",
    // mail and message tools' files sent along (`send_email {attachments: [...]}`)
    "attachments",
    "attachment",
];

/// Argument names of MCP tools that hold a shell command (`run_command {command}`); with
/// [`is_mcp_command_field`], any name that ends in `command`, `cmd` or `command_line` by shape
/// (`cli_command` of a cloud CLI server, `bash_cmd`, `commandLine`).
const MCP_COMMAND_FIELDS: &[&str] = &["command", "cmd", "script", "shell_command"];

/// An MCP argument name that holds a command line: [`MCP_COMMAND_FIELDS`], or a name (lower
/// case, `-` as `_`) ending in `_command`, `_cmd`, `command_line` or `commandline`.
fn is_mcp_command_field(key: &str) -> bool {
    let k = key.to_ascii_lowercase().replace('-', "_");
    MCP_COMMAND_FIELDS.contains(&k.as_str())
        || ["_command", "_cmd", "command_line", "commandline"]
            .iter()
            .any(|end| k.ends_with(end))
}

/// Argument names of an MCP tool that carry SQL; `query` too when the tool's name says it is a
/// database's ([`MCP_DATABASE_WORDS`]: a search tool's `query` is words, not SQL).
const MCP_SQL_FIELDS: &[&str] = &["sql", "sql_query", "statement", "sql_statement"];

/// Words in an MCP tool's name (server or verb) that make it a database's.
const MCP_DATABASE_WORDS: &[&str] = &[
    "sql",
    "postgres",
    "mysql",
    "maria",
    "sqlite",
    "database",
    "supabase",
    "neon",
    "clickhouse",
    "bigquery",
    "snowflake",
    "duckdb",
    "cockroach",
    "redshift",
    "_db",
    "db_",
];

/// Verbs in an MCP tool's name that change files; a delete verb deletes, any other read.
const MCP_WRITE_VERBS: &[&str] = &[
    "write", "create", "edit", "move", "rename", "put", "update", "save", "append", "patch",
    "upload", "copy", "mkdir", "set",
];
const MCP_DELETE_VERBS: &[&str] = &["delete", "remove", "unlink", "rmdir", "trash"];

/// An MCP tool's arguments as the built-in tools' (issue 11): string fields named like a path
/// ([`MCP_PATH_FIELDS`]) are path facts read, written or deleted by the tool name's verb
/// (`mcp__filesystem__write_file` writes, `read_file`/`list_directory` read), and fields named
/// like a command ([`MCP_COMMAND_FIELDS`]) are analysed as a shell command.
fn mcp_arguments(event: &Event, ctx: &Context, facts: &mut Facts, base: &str, project_dir: &str) {
    let Some(tool) = &event.tool else {
        return;
    };
    let Some(obj) = tool.input.as_object() else {
        return;
    };
    let verb = tool
        .name
        .rsplit("__")
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let access = if MCP_DELETE_VERBS.iter().any(|v| verb.contains(v)) {
        "delete"
    } else if MCP_WRITE_VERBS.iter().any(|v| verb.contains(v)) {
        "write"
    } else {
        "read"
    };
    let mut paths: Vec<String> = Vec::new();
    for (k, v) in obj.iter().take(64) {
        let key = k.to_ascii_lowercase();
        if !MCP_PATH_FIELDS.contains(&key.as_str()) {
            continue;
        }
        match v {
            Value::String(s) => paths.push(s.clone()),
            Value::Array(a) => paths.extend(
                a.iter()
                    .take(32)
                    .filter_map(|x| x.as_str().map(str::to_string)),
            ),
            _ => {}
        }
    }
    for p in paths
        .iter()
        .filter(|p| !p.is_empty() && !p.contains("://"))
        .take(32)
    {
        let abs = normalize(p, base, &ctx.home);
        // The source of a move or copy is read (moved: deleted); the rest get the verb's access.
        let fact = path_fact(
            Touch {
                links: &[],
                path: abs,
                access,
                via: "tool",
                how: &tool.name,
                evidence: p,
                recursive: false,
                dynamic: false,
            },
            project_dir,
            ctx,
            None,
        );
        facts.paths.push(fact);
    }
    // live credentials written into the arguments (a key pasted into an issue body, a message)
    let mut kinds: Vec<&'static str> = Vec::new();
    let mut budget = MCP_SECRET_SCAN_BYTES;
    string_leaves(&tool.input, &mut |s| {
        if budget == 0 {
            return;
        }
        let cut = s.len().min(budget);
        let mut end = cut;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        budget -= cut;
        kinds.extend(instructions::saved_secrets(&s[..end]));
    });
    kinds.sort_unstable();
    kinds.dedup();
    facts.mcp_secrets = kinds.into_iter().map(str::to_string).collect();
    mcp_outbound_text(tool, base, project_dir, ctx, facts);
    let command = obj
        .iter()
        .find_map(|(k, v)| is_mcp_command_field(k).then(|| v.as_str()).flatten());
    // SQL given to a database tool (`mcp__postgres__query {"sql": "DROP TABLE …"}`): judged as
    // the same statement given to a SQL client (`psql -c`), so a drop or truncate is the
    // `sql_drop` fact the shell rules read
    let database_tool = MCP_DATABASE_WORDS
        .iter()
        .any(|w| tool.name.to_ascii_lowercase().contains(w));
    let sql = obj.iter().find_map(|(k, v)| {
        let k = k.to_ascii_lowercase();
        (MCP_SQL_FIELDS.contains(&k.as_str()) || (database_tool && k == "query"))
            .then(|| v.as_str())
            .flatten()
    });
    let command = match (command, sql) {
        (None, Some(q)) if !q.trim().is_empty() => {
            Some(format!("psql -c '{}'", q.replace('\'', r"'\''")))
        }
        (c, _) => c.map(str::to_string),
    };
    // A Kubernetes tool's structured delete (`kubectl_delete {resourceType, name}`): judged as
    // the kubectl or helm command line it amounts to (`mcp_cluster`).
    // A generic tool's one-word `command` (`kubectl_generic {command: "delete"}`) is the
    // action the line already holds; a real command line is analysed with it.
    let command = match (command, mcp_cluster::command(&tool.name, obj)) {
        (Some(c), Some(k)) if c.split_whitespace().count() <= 1 => Some(k),
        (Some(c), Some(k)) => Some(format!("{c}\n{k}")),
        (c, k) => c.or(k),
    };
    // What the call does beyond this machine (`mcp_action`): its destroy is judged here only
    // when no SQL, command line or path of the call is judged already.
    let judged = command.as_deref().is_some_and(|c| !c.trim().is_empty()) || !paths.is_empty();
    let outbound = mcp_action::analyse(&tool.name, &tool.input, judged);
    facts.mcp_actions = outbound.actions;
    facts.mcp_sent_files = outbound.sent_files;
    facts.mcp_personal = outbound.personal;
    facts.mcp_named_secrets = outbound.named_secrets;
    if let Some(cmd) = command.filter(|c| !c.trim().is_empty()) {
        let mut shell_event = event.clone();
        if let Some(t) = shell_event.tool.as_mut() {
            t.kind = ToolKind::Shell;
            t.command = Some(cmd.to_string());
        }
        tool_facts(&shell_event, ctx, facts, base, project_dir);
    }
}

/// Verbs of an MCP tool that hand text to people (a message, mail, issue, comment, file):
/// the MCP reference and vendor servers' tool names (`send_email`, `post_message`,
/// `create_issue`, `add_comment`, `create_or_update_file`, `send_dm`, `reply`).
const MCP_OUTBOUND_WORDS: &[&str] = &[
    "send", "post", "reply", "comment", "message", "forward", "publish", "share", "dm", "notify",
    "chat", "tweet", "email", "mail", "create", "add", "update", "push", "upload", "write",
    "submit",
];

/// Session 27: the text an outbound MCP call hands to people, searched for pasted secrets
/// ([`message_secrets`]; base64 arguments decoded, live kinds found there too), and a file
/// written through the tool at an instruction file's name (CLAUDE.md, AGENTS.md, GEMINI.md,
/// `.github/copilot-instructions.md`, `.cursor/rules/…`, `.cursorrules`) judged as instruction
/// text ([`orders`], [`instructions::instructed_commands`]): the repository's agents obey it.
fn mcp_outbound_text(
    tool: &hookward_core::ToolCall,
    base: &str,
    project_dir: &str,
    ctx: &Context,
    facts: &mut Facts,
) {
    let words = mcp_action::tool_words(&tool.name);
    if !words
        .iter()
        .any(|w| MCP_OUTBOUND_WORDS.contains(&w.as_str()))
    {
        return;
    }
    let mut kinds: Vec<String> = Vec::new();
    let mut budget = MCP_SECRET_SCAN_BYTES;
    let mut leaves = 0usize;
    string_leaves(&tool.input, &mut |s| {
        leaves += 1;
        if budget == 0 || leaves > 256 {
            return;
        }
        let cut = &s[..s.floor_char_boundary(s.len().min(budget))];
        budget -= cut.len();
        kinds.extend(
            message_secrets::message_secrets(cut)
                .into_iter()
                .map(str::to_string),
        );
        if let Some(decoded) = message_secrets::decoded_base64(cut) {
            kinds.extend(
                instructions::saved_secrets(&decoded)
                    .into_iter()
                    .chain(message_secrets::message_secrets(&decoded))
                    .map(|k| format!("{k} in base64")),
            );
            kinds.extend(
                mcp_action::named_secrets(&decoded)
                    .into_iter()
                    .map(|n| format!("{n} in base64")),
            );
        }
    });
    kinds.sort();
    kinds.dedup();
    facts.mcp_message_secrets = kinds;
    if let Some(obj) = tool.input.as_object() {
        for (k, v) in obj.iter().take(64) {
            if !message_secrets::RECIPIENT_KEYS.contains(&k.to_ascii_lowercase().as_str()) {
                continue;
            }
            let addrs: Vec<&str> = match v {
                Value::String(s) => s.split([',', ';']).collect(),
                Value::Array(a) => a.iter().take(32).filter_map(Value::as_str).collect(),
                _ => Vec::new(),
            };
            for a in addrs {
                if let Some(b) = message_secrets::lookalike_recipient(a) {
                    facts
                        .mcp_lookalike_recipients
                        .push(format!("{} (imitates {b})", a.trim()));
                }
            }
        }
    }
    let path = ["path", "file_path", "filename", "file"]
        .iter()
        .find_map(|k| tool.input.get(*k).and_then(Value::as_str));
    let Some(path) = path else {
        return;
    };
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or("");
    let instruction_file = matches!(
        name,
        "claude.md" | "agents.md" | "gemini.md" | "copilot-instructions.md" | ".cursorrules"
    ) || lower.contains(".cursor/rules/")
        || lower.contains(".claude/")
        || lower.contains(".github/instructions/");
    if !instruction_file {
        return;
    }
    let content = ["content", "text", "body"].iter().find_map(|k| {
        tool.input
            .get(*k)
            .and_then(Value::as_str)
            .map(|c| message_secrets::decoded_base64(c).unwrap_or_else(|| c.to_string()))
    });
    if let Some(content) = content {
        facts
            .instruction_orders
            .extend(orders::orders(path, &content));
        facts.instructed.extend(instructions::instructed_commands(
            path,
            &content,
            base,
            project_dir,
            ctx,
        ));
    }
}

/// The most bytes of an MCP tool's string arguments searched for live credentials (256 KiB).
const MCP_SECRET_SCAN_BYTES: usize = 256 * 1024;

/// Calls `f` on every string in `v` (object values and array items, at most 16 levels deep).
fn string_leaves(v: &Value, f: &mut dyn FnMut(&str)) {
    fn walk(v: &Value, depth: u32, f: &mut dyn FnMut(&str)) {
        if depth > 16 {
            return;
        }
        match v {
            Value::String(s) => f(s),
            Value::Array(a) => a.iter().for_each(|x| walk(x, depth + 1, f)),
            Value::Object(o) => o.values().for_each(|x| walk(x, depth + 1, f)),
            _ => {}
        }
    }
    walk(v, 0, f)
}

/// The links one `ln` creates at `link` (the last operand or the `-t` folder) to `targets`
/// (path, evidence): `ln T L` makes `L -> T`, or `L/<name of T>` when `L` is an existing folder
/// or several targets are given.
fn planned_links(link: &str, targets: &[(String, String)]) -> Vec<(resolve::PlannedLink, String)> {
    let into_dir = targets.len() > 1 || resolve::is_dir(link);
    targets
        .iter()
        .map(|(t, evidence)| {
            let link = if into_dir {
                format!("{}/{}", link.trim_end_matches('/'), basename(t))
            } else {
                link.to_string()
            };
            (
                resolve::PlannedLink {
                    link,
                    target: t.clone(),
                },
                evidence.clone(),
            )
        })
        .collect()
}

/// The [`LinkFact`] of a link the command creates: its target resolved (links on disk and
/// earlier links of the command) and classified; `guard_folder` when an agent's settings,
/// hooks or hookward's home lie at or below the target.
fn link_fact(
    l: &resolve::PlannedLink,
    evidence: &str,
    planned: &[resolve::PlannedLink],
    project_dir: &str,
    ctx: &Context,
) -> LinkFact {
    let target = resolve::resolve(&l.target, planned).unwrap_or_else(|| l.target.clone());
    let mut classes: Vec<String> = Vec::new();
    for spelling in [&l.target, &target] {
        for c in classify(spelling, project_dir, ctx) {
            if !classes.iter().any(|x| x == c) {
                classes.push(c.to_string());
            }
        }
    }
    let (real_ctx, real_project) = resolved_context(ctx, project_dir);
    let guarded = globs::locations(&real_ctx.home, &real_project, &real_ctx.hookward_home)
        .into_iter()
        .chain(globs::locations(&ctx.home, project_dir, &ctx.hookward_home))
        .filter(|loc| under(loc, &target) || under(loc, &l.target))
        .any(|loc| {
            classify(&loc, project_dir, ctx)
                .iter()
                .any(|c| matches!(*c, "agent_settings" | "hookward_home"))
        });
    // The home and its parents hold everything; they are protected by their own classes. A
    // link to the project (or above it) is a second name for the project, whose own settings
    // are reached through it like any project path.
    let wide = classes
        .iter()
        .any(|c| matches!(c.as_str(), "home" | "home_ancestor" | "root"))
        || (!project_dir.is_empty()
            && (under(project_dir, &target) || under(project_dir, &l.target)));
    if guarded && !wide {
        classes.push("guard_folder".to_string());
    }
    LinkFact {
        link: l.link.clone(),
        target,
        evidence: evidence.to_string(),
        target_classes: classes,
    }
}

/// A shell command that changes an instruction file (`echo … >> CLAUDE.md`, `sed -i … AGENTS.md`,
/// `cat > .claude/rules/x.md <<EOF`): the text it writes is inside the command, so the whole
/// command text is scanned as that file's content, and the verdict matches the equivalent Edit.
fn shell_instruction_write(
    event: &Event,
    command: &str,
    ctx: &Context,
    facts: &mut Facts,
    base: &str,
    project_dir: &str,
) {
    let Some(target) = facts
        .paths
        .iter()
        .find(|p| {
            p.classes.iter().any(|c| c == "agent_instructions")
                && matches!(p.access.as_str(), "write" | "create")
        })
        .map(|p| p.path.clone())
    else {
        return;
    };
    // `cp notes.md CLAUDE.md`, `cat x >> AGENTS.md`, `mv`: the text comes from files the
    // command reads; scan them too (bounded reads, credentials never read).
    let mut texts = vec![("write".to_string(), command.to_string())];
    for p in facts.paths.iter().filter(|p| {
        matches!(p.access.as_str(), "read" | "delete")
            && p.path != target
            && !p
                .classes
                .iter()
                .any(|c| c == "credential" || c == "env_file")
    }) {
        if let Some(t) = read_small(&p.path) {
            texts.push((format!("source:{}", p.path), t));
        }
        if texts.len() > 8 {
            break;
        }
    }
    facts.scan = scan::scan_texts(
        &texts,
        instruction_source(&target),
        MAX_READ as usize * 10,
        &|_| true,
    );
    // Commands the text would plant, minus the writing command itself.
    let planted: Vec<InstructedCommand> =
        instructed_commands(&target, command, base, project_dir, ctx)
            .into_iter()
            .filter(|i| i.command.trim() != command.trim())
            .collect();
    facts.instructed.extend(planted);
    facts
        .loosened
        .extend(safeguards::loosened_by_added_text(&target, command));
    facts
        .instruction_orders
        .extend(orders::orders(&target, &shell_words_text(command)));
    facts.instruction_write = Some(instruction_write(
        event,
        &target,
        "shell",
        command,
        facts.scan.as_ref(),
        &ctx.home,
    ));
}

/// The [`InstructionWrite`] fact: registries the text points at, and whether the flagged text
/// is the person's own (typed in a prompt of this session).
fn instruction_write(
    event: &Event,
    path: &str,
    via: &str,
    text: &str,
    scan: Option<&ScanFacts>,
    home: &str,
) -> InstructionWrite {
    let registries = text
        .lines()
        .filter_map(instructions::registry_redirect)
        .collect();
    let flagged: Vec<&str> = scan
        .map(|s| {
            s.findings
                .iter()
                .map(|f| f.finding.evidence.as_str())
                .collect()
        })
        .unwrap_or_default();
    let user_authored = !flagged.is_empty()
        && event
            .transcript_path
            .as_deref()
            .is_some_and(|t| transcript::typed_by_person(&transcript::user_prompts(t), &flagged));
    InstructionWrite {
        path: path.to_string(),
        via: via.to_string(),
        user_authored,
        registries,
        secrets: instructions::saved_secrets(text)
            .into_iter()
            .map(str::to_string)
            .collect(),
        // A shell command carries the text in quotes (`echo '@~/.ssh/id_rsa' >> CLAUDE.md`) and
        // writes line breaks as escapes (`printf '\n@~/.ssh/id_rsa\n' >> CLAUDE.md`).
        secret_imports: if via == "shell" {
            imports::secret_tokens(&shell_words_text(text), path, home)
        } else {
            imports::secret_tokens(text, path, home)
        },
        secret_mentions: imports::secret_mentions(text, home),
    }
}

/// A shell command's text with quotes and the escapes `printf`/`echo -e` turn into line breaks
/// and tabs (`\n`, `\t`, `\r`) made spaces, so the words it writes stand apart.
fn shell_words_text(text: &str) -> String {
    text.replace("\\n", " ")
        .replace("\\t", " ")
        .replace("\\r", " ")
        .replace(['\'', '"'], " ")
}

/// Adds `agent_instructions` to a written path that an instruction file of the project or the
/// home imports with `@path` ([`imports::imported_files`]: Claude Code and Gemini CLI load the
/// imported file as instructions); reads the importing files' first bytes, bounded.
fn mark_imported_instructions(fact: &mut PathFact, project_dir: &str, home: &str) {
    if fact.classes.iter().any(|c| c == "agent_instructions") {
        return;
    }
    let project = (!project_dir.is_empty()).then_some(project_dir);
    let real = fact.resolved.as_deref().unwrap_or(&fact.path);
    if imports::imported_files(home, project)
        .iter()
        .any(|i| i.path == fact.path || i.path == real)
    {
        fact.classes.push("agent_instructions".to_string());
    }
}

/// Adds `agent_instructions` to a written path that one of the project's instruction files
/// ([`agent_files::linkable_files`]) is a symlink to, or that lies below the target of a symlinked
/// instruction folder of the project or the home ([`agent_files::linkable_dirs`]); at most
/// fifteen `lstat`s.
fn mark_symlinked_instructions(fact: &mut PathFact, project_dir: &str, home: &str) {
    if fact.classes.iter().any(|c| c == "agent_instructions") {
        return;
    }
    let target = Path::new(&fact.path);
    let canonical = std::fs::canonicalize(target).ok();
    let real = fact.resolved.clone().unwrap_or_else(|| fact.path.clone());
    for base in [project_dir, home] {
        if base.is_empty() {
            continue;
        }
        for dir in agent_files::linkable_dirs() {
            let link = Path::new(base).join(dir);
            let is_link =
                std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink());
            if !is_link {
                continue;
            }
            if let Ok(t) = std::fs::canonicalize(&link) {
                let t = t.to_string_lossy();
                if under(&real, &t) || under(&fact.path, &t) {
                    fact.classes.push("agent_instructions".to_string());
                    return;
                }
            }
        }
    }
    if project_dir.is_empty() {
        return;
    }
    for name in agent_files::linkable_files() {
        let link = Path::new(project_dir).join(name);
        let is_link = std::fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink());
        if !is_link {
            continue;
        }
        if let Ok(t) = std::fs::canonicalize(&link) {
            if t == target || canonical.as_deref() == Some(t.as_path()) {
                fact.classes.push("agent_instructions".to_string());
                return;
            }
        }
    }
}

/// Whether `path` exists and is a regular file (helper for callers deciding what to read).
pub fn is_file(path: &str) -> bool {
    Path::new(path).is_file()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn touch(path: String, access: &str) -> Touch<'_> {
        Touch {
            links: &[],
            path,
            access,
            via: "tool",
            how: "Write",
            evidence: "x",
            recursive: false,
            dynamic: false,
        }
    }

    fn ctx() -> Context {
        Context::new("/home/dev", "/home/dev/.hookward")
    }

    #[test]
    fn classes_of_common_paths() {
        let c = ctx();
        let p = "/home/dev/project";
        assert_eq!(classify("/home/dev/project/src/a.rs", p, &c), ["project"]);
        assert!(classify("/home/dev/.ssh/id_ed25519", p, &c).contains(&"credential"));
        assert!(!classify("/home/dev/.ssh/id_ed25519.pub", p, &c).contains(&"credential"));
        assert!(!classify("/home/dev/.ssh/known_hosts", p, &c).contains(&"credential"));
        assert!(classify("/home/dev/.aws", p, &c).contains(&"credential"));
        assert!(!classify("/home/dev/.awsome", p, &c).contains(&"credential"));
        assert!(classify("/home/dev/project/.env", p, &c).contains(&"env_file"));
        assert!(classify("/home/dev/project/.env.local", p, &c).contains(&"env_file"));
        assert!(!classify("/home/dev/project/.env.example", p, &c).contains(&"env_file"));
        assert!(classify("/home/dev/project/.env.example", p, &c).contains(&"env_template"));
        for t in [
            ".env_example",
            ".env-sample",
            "env_template",
            "example.env",
            "sample_env",
        ] {
            let path = format!("/home/dev/project/{t}");
            assert!(classify(&path, p, &c).contains(&"env_template"), "{t}");
        }
        for t in [
            ".env",
            ".env_local",
            "environment",
            ".envexample",
            "example_envs",
        ] {
            let path = format!("/home/dev/project/{t}");
            assert!(!classify(&path, p, &c).contains(&"env_template"), "{t}");
        }
        assert!(classify("/home/dev/project/config/example.env", p, &c).contains(&"env_template"));
        assert!(!classify("/home/dev/project/.env", p, &c).contains(&"env_template"));
        assert!(classify("/home/dev/.hookward/config.toml", p, &c).contains(&"hookward_home"));
        assert!(classify("/home/dev/.HookWard/Config.toml", p, &c).contains(&"hookward_home"));
        assert!(
            classify("/home/dev/project/.claude/settings.local.json", p, &c)
                .contains(&"agent_settings")
        );
        assert!(classify("/home/dev/.claude/settings.json", p, &c).contains(&"agent_settings"));
        assert!(classify("/home/dev/project/.claude/hooks/x.sh", p, &c).contains(&"agent_settings"));
        assert!(classify("/home/dev/project/.mcp.json", p, &c).contains(&"mcp_config"));
        assert!(classify("/home/dev/project/sub/AGENTS.md", p, &c).contains(&"agent_instructions"));
        assert!(classify("/home/dev/project/.agentjail/policy.yaml", p, &c)
            .contains(&"security_tool_config"));
        assert!(
            !classify("/home/dev/project/src/audit.rs", p, &c).contains(&"security_tool_config")
        );
        // Plain folders named after a tool inside the project or a temporary folder are the
        // project's own; system and home locations, and hidden tool folders anywhere, count.
        for x in [
            "/home/dev/project/docs/audit/a.md",
            "/home/dev/project/falco/rules.yaml",
            "/tmp/gh-aw/sandbox/firewall/audit",
        ] {
            assert!(!classify(x, p, &c).contains(&"security_tool_config"), "{x}");
        }
        for x in [
            "/etc/audit/rules.d/x.rules",
            "/etc/falco/falco.yaml",
            "/home/dev/.config/firejail/x.profile",
            "/tmp/x/.agentjail/policy.yaml",
            "/var/ossec/../audit/x",
        ] {
            assert!(classify(x, p, &c).contains(&"security_tool_config"), "{x}");
        }
        assert_eq!(classify("/home/dev", p, &c), ["outside_project", "home"]);
        assert_eq!(
            classify("/", p, &c),
            ["outside_project", "home_ancestor", "root"]
        );
        assert_eq!(
            classify("/home", p, &c),
            ["outside_project", "home_ancestor", "homes"]
        );
        // h-cmd9: the homes' folder and another user's home by shape, whoever's home is set.
        for (home, path, class) in [
            ("/home/dev", "/Users", "homes"),
            ("/tmp/ci/home/dev", "/home", "homes"),
            ("/home/dev", "/home/alex", "other_home"),
            ("/home/dev", "/Users/alex", "other_home"),
            ("/Users/dev", "/home/ftp", "other_home"),
            ("/home/dev", "/export/home/alex", "other_home"),
        ] {
            let cx = Context::new(home, format!("{home}/.hookward"));
            assert!(classify(path, p, &cx).contains(&class), "{path} {class}");
        }
        for path in [
            "/home/dev",
            "/home/*",
            "/home/.snapshots",
            "/home/alex/project",
            "/Users/alex/Documents",
            "/homework",
            "/srv/home",
        ] {
            let got = classify(path, p, &c);
            assert!(
                !got.contains(&"other_home") && !got.contains(&"homes"),
                "{path}: {got:?}"
            );
        }
        assert_eq!(classify("/tmp/x", p, &c), ["outside_project", "temp"]);
        assert_eq!(
            classify("/etc/passwd", p, &c),
            ["account_db", "outside_project", "system"]
        );
        assert!(classify("/etc/shadow", p, &c).contains(&"credential"));
    }

    #[test]
    fn home_cwd_expands_the_home_spellings() {
        for c in [
            "~/.cursor",
            "$HOME/.cursor",
            "${HOME}/.cursor/",
            "~/x/../.cursor",
        ] {
            assert_eq!(home_cwd(c, "/home/dev"), "/home/dev/.cursor", "{c}");
        }
        assert_eq!(home_cwd("~", "/home/dev"), "/home/dev");
        assert_eq!(home_cwd("~other/x", "/home/dev"), "~other/x");
        assert_eq!(home_cwd("/p/.cursor", "/home/dev"), "/p/.cursor");
        assert_eq!(home_cwd("$HOMEX/y", "/home/dev"), "$HOMEX/y");
    }

    #[test]
    fn normalize_folds_dots_and_tilde() {
        assert_eq!(normalize("../x/./y", "/a/b", "/h"), "/a/x/y");
        assert_eq!(
            normalize("~/.ssh/id_rsa", "/a", "/home/dev"),
            "/home/dev/.ssh/id_rsa"
        );
        assert_eq!(normalize("/../..", "/a", "/h"), "/");
        assert_eq!(
            normalize("/home/dev/project/", "/", "/h"),
            "/home/dev/project"
        );
    }

    #[test]
    fn documentation_placeholders_are_not_locations() {
        let c = ctx();
        let p = "/home/dev/project";
        for path in [
            "/path/to/file",
            "/PATH/TO/dir/x",
            "/full/path/to/a",
            "/srv/<name>/x",
        ] {
            assert!(is_placeholder(path), "{path}");
            let cl = classify(path, p, &c);
            assert!(cl.contains(&"placeholder"), "{path}: {cl:?}");
            assert!(!cl.contains(&"outside_project"), "{path}: {cl:?}");
        }
        for path in ["/pathx/to", "/srv/path/to/x", "/a<b>/c", "/tmp/{x}"] {
            assert!(!is_placeholder(path), "{path}");
        }
        // The secret shape still holds.
        assert!(classify("/proc/<pid>/environ", p, &c).contains(&"process_secret"));
        // A placeholder-shaped path that exists is a location.
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("srv/<name>/x");
        std::fs::create_dir_all(&real).unwrap();
        let real = real.to_string_lossy().into_owned();
        assert!(is_placeholder(&real));
        let cl = classify(&real, p, &c);
        assert!(!cl.contains(&"placeholder"), "{real}: {cl:?}");
        assert!(cl.contains(&"outside_project"), "{real}: {cl:?}");
    }

    fn shell_paths(command: &str) -> Vec<PathFact> {
        shell_facts(command, "/home/dev", "/home/dev/project").paths
    }

    /// A project's build output or cache folder outside this project is `build_output`,
    /// also through a pattern's fixed start and a find's `**`; the home's own folder of that
    /// name, a system folder's, a pattern in the name itself and an unrelated folder are not.
    #[test]
    fn build_output_by_name_in_a_project_folder() {
        let class = |cmd: &str| -> Vec<(String, bool)> {
            shell_paths(cmd)
                .into_iter()
                .map(|p| {
                    let b = p.classes.iter().any(|c| c == "build_output");
                    (p.path, b)
                })
                .collect()
        };
        for cmd in [
            "rm -rf ~/src/ghsa-fix/target",
            "rm -rf ~/src/web/node_modules ~/src/api/node_modules",
            "rm -rf ~/src/*/target",
            "rm -rf /work/app/target",
            "rm -rf /tmp/ws/app/__pycache__",
            "find ~/src -maxdepth 2 -name node_modules -type d -prune -exec rm -rf {} +",
        ] {
            let got = class(cmd);
            assert!(
                !got.is_empty() && got.iter().all(|(_, b)| *b),
                "{cmd}: {got:?}"
            );
        }
        for cmd in [
            "rm -rf ~/target",
            "rm -rf ~/.gradle",
            "rm -rf ~/src/x/target*",
            "rm -rf ~/src/x/targets",
            "rm -rf /usr/lib/node_modules",
            "rm -rf /lib/modules/6.1.0/build",
            "rm -rf /target",
            "rm -rf /home/alex/node_modules",
            "rm -rf ~/tmp/dist",
            "rm -rf ~/src/x/build",
            "rm -rf ~/*",
            "rm -rf \"$D\"/target",
            "find ~ -name node_modules -exec rm -rf {} +",
            "find ~/src -name '*' -exec rm -rf {} +",
        ] {
            let got = class(cmd);
            assert!(got.iter().all(|(_, b)| !*b), "{cmd}: {got:?}");
        }
        let got = class("rm -rf ~/src/x/target ~/.ssh");
        assert_eq!(
            got.iter().filter(|(_, b)| *b).count(),
            1,
            "only the build folder: {got:?}"
        );
    }

    /// A home that lies in a system directory (`/root` for an agent running as root, a CI
    /// service's `/var/lib/jenkins`) is the user's: what is below it is not `system`.
    #[test]
    fn a_home_in_a_system_directory_is_the_users() {
        let c = Context::new("/root", "/root/.hookward");
        let p = "/root/app";
        assert_eq!(classify("/root/app/build", p, &c), ["project"]);
        assert_eq!(
            classify("/root/.cache/pip", p, &c),
            ["tool_cache", "outside_project"]
        );
        assert!(classify("/root", p, &c).contains(&"home"));
        assert!(classify("/root/.ssh/id_rsa", p, &c).contains(&"credential"));
        assert!(classify("/etc/passwd", p, &c).contains(&"system"));
        let c = Context::new("/home/dev", "/home/dev/.hookward");
        assert!(classify("/root/app", "/home/dev/project", &c).contains(&"system"));
    }

    #[test]
    fn unknown_write_targets_are_not_outside_the_project() {
        for cmd in [
            "cp a \"$1\"",
            "cat x > \"$OUT\"",
            "mv \"$1\" \"$2\"",
            "cp a \"$@\"",
        ] {
            for p in shell_paths(cmd) {
                assert!(
                    !p.classes.iter().any(|c| c == "outside_project"),
                    "{cmd}: {p:?}"
                );
            }
        }
        let p = shell_paths("rm -rf \"$1\"");
        assert!(p
            .iter()
            .any(|p| p.classes.iter().any(|c| c == "outside_project")));
    }

    #[test]
    fn secrets_read_in_a_container_are_secret_reads() {
        for cmd in [
            "kubectl exec -it web-0 -- cat /var/run/secrets/kubernetes.io/serviceaccount/token",
            "docker exec c1 sh -c 'cat ~/.aws/credentials'",
        ] {
            let p = shell_paths(cmd);
            assert!(
                p.iter().any(|p| p.classes.iter().any(|c| c == "credential")
                    && p.classes.iter().any(|c| c == "remote")),
                "{cmd}: {p:?}"
            );
        }
        assert!(shell_paths("docker exec c1 cat /app/config.yml").is_empty());
    }

    /// A deployed app's configuration, a file named for a secret, or an Android app's private
    /// storage read on another host are `app_secrets`; the same names here, other files there,
    /// and writes are not.
    #[test]
    fn app_secrets_read_on_another_host() {
        let app = |cmd: &str| {
            shell_paths(cmd)
                .iter()
                .any(|p| p.classes.iter().any(|c| c == "app_secrets"))
        };
        for cmd in [
            "ssh web2 'cat /srv/www/shop/wp-config.php'",
            "ssh web2 'sudo cat /srv/mysql/debian.cnf'",
            "drush @site.live ssh 'cat web/sites/default/settings.php'",
            "ssh db3 'cat /etc/patroni/patroni.yaml'",
            "ssh web2 'cat /srv/app/config/database.yml'",
            "ssh ci1 'cat /srv/builder/.deploy_token'",
            "ssh ci1 'cat /srv/ci/.registry_password'",
            "adb shell su -c 'cat /data/data/com.example.shop/shared_prefs/session.xml'",
        ] {
            assert!(app(cmd), "{cmd}");
        }
        for cmd in [
            "cat /srv/www/shop/wp-config.php",
            "ssh web2 'cat /srv/www/shop/wp-config-sample.txt'",
            "ssh web2 'cat /var/www/html/settings.php'",
            "ssh web2 'cat ~/.ssh/authorized_keys'",
            "ssh web2 'cat /etc/passwd'",
            "ssh web2 'cat /srv/app/monkey'",
            "ssh db3 'patronictl -c /etc/patroni/patroni.yml list'",
            "ssh web2 'echo x > /srv/www/shop/wp-config.php'",
            "adb shell ls /data/data",
        ] {
            assert!(!app(cmd), "{cmd}");
        }
    }

    #[test]
    fn glob_base_of_root_glob() {
        assert_eq!(glob_base("/*").as_deref(), Some("/"));
        assert_eq!(glob_base("/home/dev/*").as_deref(), Some("/home/dev"));
        assert_eq!(glob_base("/home/dev/x"), None);
    }

    #[test]
    fn editor_auto_approval_turned_on() {
        assert!(approval_off(
            "/home/dev/p/.vscode/settings.json",
            "{\n  \"chat.tools.autoApprove\": true\n}"
        ));
        assert!(approval_off(
            "/home/dev/.config/Code/User/settings.json",
            "\"chat.tools.global.autoApprove\":true,"
        ));
        assert!(!approval_off(
            "/home/dev/p/.vscode/settings.json",
            "\"chat.tools.autoApprove\": false"
        ));
        assert!(!approval_off(
            "/home/dev/p/config/settings.json",
            "\"autoApprove\": true"
        ));
        assert!(!approval_off(
            "/home/dev/p/.vscode/settings.json",
            "\"editor.formatOnSave\": true"
        ));
    }

    /// A folder below the home read recursively reads the credential stores inside it.
    #[test]
    fn recursive_reads_of_folders_holding_credentials_are_credential_reads() {
        let c = Context::new("/home/dev", "/home/dev/.hookward");
        for (folder, yes) in [
            ("/home/dev/.kube", true),
            ("/home/dev/.config", true),
            ("/home/dev/.config/nvim", false),
            ("/home/dev/project/src", false),
        ] {
            let f = path_fact(
                Touch {
                    links: &[],
                    path: folder.to_string(),
                    access: "read",
                    via: "shell",
                    how: "tar -c",
                    evidence: folder,
                    recursive: true,
                    dynamic: false,
                },
                "/home/dev/project",
                &c,
                None,
            );
            assert_eq!(
                f.classes.iter().any(|x| x == "credential"),
                yes,
                "{folder}: {:?}",
                f.classes
            );
        }
    }

    #[test]
    fn symlink_into_credentials_is_classified_by_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
        let proj = home.join("project");
        std::fs::create_dir_all(&proj).unwrap();
        std::os::unix::fs::symlink(home.join(".ssh/id_rsa"), proj.join("notes.txt")).unwrap();
        let home_s = std::fs::canonicalize(&home)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let c = Context::new(home_s.clone(), format!("{home_s}/.hookward"));
        let link = format!("{home_s}/project/notes.txt");
        let f = path_fact(touch(link, "read"), &format!("{home_s}/project"), &c, None);
        assert!(f.classes.contains(&"symlink".to_string()), "{f:?}");
        assert!(f.classes.contains(&"credential".to_string()), "{f:?}");
    }

    #[test]
    fn tool_settings_holding_a_secret_are_credential_stores_by_content() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let put = |rel: &str, text: &str| {
            let p = home.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        // New variants: names no table lists, secrets by their content.
        put(
            ".vsce",
            r#"{"publishers":[{"name":"acme","pat":"q8Lm3Nv7Bz2Kp9Rt4Wy6Hc1Jd5"}]}"#,
        );
        put(
            ".config/mastodon-cli/config.yaml",
            "instance: fosstodon.org\naccess_token: Zk4l9Qm2Xv7pR3tW8yB5nC1dF6\n",
        );
        put(
            ".local/share/deployer/state.ini",
            "[default]\npassword = s3cr3t-Pa55w0rd!\n",
        );
        put(
            ".config/ghcli-like/hosts",
            "ghp_0123456789abcdefghijABCDEFGHIJ012345\n",
        );
        // Benign neighbours: settings without secrets, a secret in the project (not this
        // mechanism's), a large file.
        put(
            ".config/editor/settings.json",
            r#"{"theme":"dark","file_path":"/x","pattern":"*"}"#,
        );
        // Commented examples and placeholder-like values (openssl.cnf ships
        // `# input_password = secret`).
        put(
            ".config/tls/openssl.cnf",
            "[ req ]\n# input_password = secret\n# output_password = secret\ndistinguished_name = dn\n",
        );
        put(".config/app/defaults.ini", "[db]\npassword = changeme\n");
        put("project/config.yaml", "password: s3cr3t-Pa55w0rd!\n");
        put(
            ".cache/big/data.txt",
            &format!(
                "{}\naccess_token: Zk4l9Qm2Xv7pR3tW8yB5nC1dF6\n",
                "x".repeat(70_000)
            ),
        );
        let fifo = home.join(".config/pipe/token.cfg");
        std::fs::create_dir_all(fifo.parent().unwrap()).unwrap();
        let fifo_c = std::ffi::CString::new(fifo.to_string_lossy().as_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file system node.
        assert_eq!(unsafe { libc::mkfifo(fifo_c.as_ptr(), 0o600) }, 0);
        let home_s = std::fs::canonicalize(&home)
            .unwrap()
            .to_string_lossy()
            .to_string();
        let c = Context::new(home_s.clone(), format!("{home_s}/.hookward"));
        let proj = format!("{home_s}/project");
        let classes = |rel: &str, access: &str| {
            path_fact(touch(format!("{home_s}/{rel}"), access), &proj, &c, None).classes
        };
        for rel in [
            ".vsce",
            ".config/mastodon-cli/config.yaml",
            ".local/share/deployer/state.ini",
            ".config/ghcli-like/hosts",
        ] {
            let cs = classes(rel, "read");
            assert!(cs.contains(&"credential".to_string()), "{rel}: {cs:?}");
            assert!(cs.contains(&"secret_content".to_string()), "{rel}: {cs:?}");
            // Only reads are judged by content: writing a tool's settings is not reading them.
            assert!(!classes(rel, "write").contains(&"secret_content".to_string()));
        }
        for rel in [
            ".config/editor/settings.json",
            ".config/tls/openssl.cnf",
            ".config/app/defaults.ini",
            "project/config.yaml",
            ".cache/big/data.txt",
            ".config/pipe/token.cfg",
            ".config/missing.json",
        ] {
            let cs = classes(rel, "read");
            assert!(!cs.contains(&"secret_content".to_string()), "{rel}: {cs:?}");
        }
    }

    #[test]
    fn project_files_staged_in_git_holding_a_live_credential_are_credentials() {
        let dir = tempfile::tempdir().unwrap();
        let proj = dir.path().join("home/project");
        std::fs::create_dir_all(proj.join("fw")).unwrap();
        std::fs::write(
            proj.join("fw/provision.bin"),
            "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n",
        )
        .unwrap();
        std::fs::write(
            proj.join("fw/settings.h"),
            "#define TOKEN \"ghp_0123456789abcdefghijABCDEFGHIJ012345\"\n",
        )
        .unwrap();
        std::fs::write(
            proj.join("compose.yml"),
            "environment:\n  POSTGRES_PASSWORD: devpass\n",
        )
        .unwrap();
        let root = std::fs::canonicalize(dir.path())
            .unwrap()
            .to_string_lossy()
            .to_string();
        let home = format!("{root}/home");
        let c = Context::new(home.clone(), format!("{home}/.hookward"));
        let staged = |rel: &str, how: &'static str| {
            let t = Touch {
                how,
                via: "shell",
                ..touch(format!("{home}/project/{rel}"), "read")
            };
            path_fact(t, &format!("{home}/project"), &c, None).classes
        };
        for rel in ["fw/provision.bin", "fw/settings.h"] {
            let cs = staged(rel, "git carried");
            assert!(cs.contains(&"credential".to_string()), "{rel}: {cs:?}");
            // Only what is staged into git is read for this; `cat` of a project file is not.
            assert!(!staged(rel, "cat").contains(&"secret_content".to_string()));
        }
        let cs = staged("compose.yml", "git carried");
        assert!(!cs.contains(&"credential".to_string()), "{cs:?}");
    }

    #[test]
    fn a_home_under_tmp_is_the_home_not_temp() {
        let c = Context::new("/tmp/ci/home", "/tmp/ci/home/.hookward");
        let p = "/tmp/ci/home/project";
        assert_eq!(classify("/tmp/ci/home", p, &c), ["outside_project", "home"]);
        assert_eq!(classify("/tmp/ci/home/.claude", p, &c), ["outside_project"]);
        assert!(!classify("/tmp/ci/home/.ssh/authorized_keys", p, &c).contains(&"temp"));
        assert!(!classify("/tmp/ci/home/.ssh/id_rsa", p, &c).contains(&"temp_copy"));
        // The temporary folders themselves are `temp_root` too; what lies below is not.
        for t in ["/tmp", "/tmp/", "/private/tmp", "/dev/shm", "/var/tmp"] {
            assert!(classify(t, p, &c).contains(&"temp_root"), "{t}");
        }
        for t in ["/tmp/x", "/tmp/*", "/private/tmp/build"] {
            assert!(!classify(t, p, &c).contains(&"temp_root"), "{t}");
        }
        assert!(!classify("/tmp/ci/home/x/cert.p12", p, &c).contains(&"temp_copy"));
        let t = classify("/tmp/certificate.p12", p, &c);
        assert!(
            t.contains(&"credential") && t.contains(&"temp_copy"),
            "{t:?}"
        );
        assert!(!classify("/tmp/ci/home/.hookward/config.toml", p, &c).contains(&"temp"));
        assert_eq!(
            classify("/tmp/ci/build/x", p, &c),
            ["outside_project", "temp"]
        );
        // A temporary directory inside the home is the more specific one.
        let mut c = ctx();
        c.temp_dirs.push("/home/dev/tmp".into());
        assert!(classify("/home/dev/tmp/x", "/home/dev/project", &c).contains(&"temp"));
    }

    fn shell_facts(cmd: &str, home: &str, project: &str) -> Facts {
        let event = Event {
            agent: hookward_core::Agent::ClaudeCode,
            kind: EventKind::PreToolUse,
            session_id: None,
            cwd: Some(project.to_string()),
            project_dir: Some(project.to_string()),
            transcript_path: None,
            permission_mode: None,
            agent_id: None,
            agent_type: None,
            changed_file: None,
            tool: Some(hookward_core::ToolCall {
                name: "Bash".into(),
                kind: ToolKind::Shell,
                input: Value::Null,
                response: None,
                error: None,
                id: None,
                mcp: None,
                command: Some(cmd.to_string()),
                paths: Vec::new(),
                url: None,
            }),
            prompt: None,
            source: None,
            extra: Default::default(),
        };
        compute(&event, &Context::new(home, format!("{home}/.hookward")))
    }

    fn tool_facts_of(name: &str, kind: ToolKind, input: Value, paths: Vec<String>) -> Facts {
        let home = "/home/dev";
        let project = "/home/dev/project";
        let event = Event {
            agent: hookward_core::Agent::ClaudeCode,
            kind: EventKind::PreToolUse,
            session_id: None,
            cwd: Some(project.to_string()),
            project_dir: Some(project.to_string()),
            transcript_path: None,
            permission_mode: None,
            agent_id: None,
            agent_type: None,
            changed_file: None,
            tool: Some(hookward_core::ToolCall {
                name: name.into(),
                kind,
                input,
                response: None,
                error: None,
                id: None,
                mcp: None,
                command: None,
                paths,
                url: None,
            }),
            prompt: None,
            source: None,
            extra: Default::default(),
        };
        compute(&event, &Context::new(home, format!("{home}/.hookward")))
    }

    #[test]
    fn mcp_attachments_and_live_secrets_in_arguments() {
        let f = tool_facts_of(
            "mcp__gmail__send_email",
            ToolKind::Mcp,
            serde_json::json!({"to": ["a@b.c"], "attachments": ["~/.ssh/id_rsa"]}),
            Vec::new(),
        );
        assert!(f
            .paths
            .iter()
            .any(|p| p.path == "/home/dev/.ssh/id_rsa"
                && p.classes.iter().any(|c| c == "credential")));
        let f = tool_facts_of(
            "mcp__slack__post_message",
            ToolKind::Mcp,
            serde_json::json!({"channel": "C1", "blocks": [{"text": {"text": "key AKIA4ZQ7XK2NPL3RV6MT"}}]}),
            Vec::new(),
        );
        assert!(!f.mcp_secrets.is_empty(), "{:?}", f.mcp_secrets);
        let f = tool_facts_of(
            "mcp__slack__post_message",
            ToolKind::Mcp,
            serde_json::json!({"channel": "C1", "text": "deployed v1.2 (AKIA keys rotated)"}),
            Vec::new(),
        );
        assert!(f.mcp_secrets.is_empty(), "{:?}", f.mcp_secrets);
    }

    #[test]
    fn mcp_arguments_are_paths_and_commands() {
        let f = tool_facts_of(
            "mcp__filesystem__read_file",
            ToolKind::Mcp,
            serde_json::json!({"path": "~/.ssh/id_rsa"}),
            Vec::new(),
        );
        let p = f.paths.iter().find(|p| p.path == "/home/dev/.ssh/id_rsa");
        assert!(
            p.is_some_and(|p| p.access == "read" && p.classes.iter().any(|c| c == "credential"))
        );
        let f = tool_facts_of(
            "mcp__fs__write_file",
            ToolKind::Mcp,
            serde_json::json!({"file_path": "/home/dev/.claude/settings.json", "content": "{}"}),
            Vec::new(),
        );
        assert!(f
            .paths
            .iter()
            .any(|p| p.access == "write" && p.classes.iter().any(|c| c == "agent_settings")));
        let f = tool_facts_of(
            "mcp__shell__run_command",
            ToolKind::Mcp,
            serde_json::json!({"command": "cat ~/.aws/credentials"}),
            Vec::new(),
        );
        assert!(f.shell.is_some());
        assert!(f
            .paths
            .iter()
            .any(|p| p.path == "/home/dev/.aws/credentials"));
        // a cloud CLI server's command line, named by shape
        for key in ["cli_command", "bash-cmd", "commandLine"] {
            let f = tool_facts_of(
                "mcp__aws-api__call_aws",
                ToolKind::Mcp,
                serde_json::json!({ key: "aws s3 rb s3://prod-assets --force" }),
                Vec::new(),
            );
            assert!(
                f.shell.as_ref().is_some_and(|s| !s.cloud.is_empty()),
                "{key}: {:?}",
                f.shell
            );
        }
        for key in ["commander", "command_id", "commands_count"] {
            assert!(!is_mcp_command_field(key), "{key}");
        }
        let f = tool_facts_of(
            "mcp__github__create_issue",
            ToolKind::Mcp,
            serde_json::json!({"title": "path", "body": "x"}),
            Vec::new(),
        );
        assert!(f.paths.is_empty() && f.shell.is_none());
    }

    #[test]
    fn search_tools_over_home_or_root_are_secret_searches() {
        for (name, input) in [
            (
                "Grep",
                serde_json::json!({"pattern": "BEGIN OPENSSH PRIVATE KEY", "path": "/home/dev"}),
            ),
            (
                "Grep",
                serde_json::json!({"pattern": "PRIVATE KEY", "path": "/"}),
            ),
            (
                "Glob",
                serde_json::json!({"pattern": "**/id_rsa", "path": "~"}),
            ),
        ] {
            let f = tool_facts_of(name, ToolKind::FileRead, input.clone(), Vec::new());
            assert!(
                f.shell
                    .as_ref()
                    .is_some_and(|s| !s.secret_search.is_empty()),
                "{name} {input}"
            );
        }
        for (name, input) in [
            (
                "Grep",
                serde_json::json!({"pattern": "TODO", "path": "/home/dev"}),
            ),
            (
                "Grep",
                serde_json::json!({"pattern": "password", "path": "/home/dev/project"}),
            ),
            ("Glob", serde_json::json!({"pattern": "src/**/*.rs"})),
        ] {
            let f = tool_facts_of(name, ToolKind::FileRead, input.clone(), Vec::new());
            let quiet = f.shell.as_ref().is_none_or(|s| {
                s.secret_search.iter().all(|x| {
                    !matches!(
                        x.scope,
                        hookward_shell::Scope::Home | hookward_shell::Scope::System
                    )
                })
            });
            assert!(quiet, "{name} {input}");
        }
    }

    fn classes_of_path<'f>(f: &'f Facts, path: &str) -> Vec<&'f str> {
        f.paths
            .iter()
            .filter(|p| p.path == path)
            .flat_map(|p| p.classes.iter().map(String::as_str))
            .collect()
    }

    #[test]
    fn a_symlinked_folder_on_the_way_adds_the_targets_classes() {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let home = root.join("home");
        std::fs::create_dir_all(home.join(".claude")).unwrap();
        std::fs::create_dir_all(home.join("project")).unwrap();
        std::os::unix::fs::symlink(home.join(".claude"), home.join("project/cfg")).unwrap();
        let home_s = home.to_string_lossy().to_string();
        let c = Context::new(home_s.clone(), format!("{home_s}/.hookward"));
        let path = format!("{home_s}/project/cfg/settings.json");
        let f = path_fact(touch(path, "write"), &format!("{home_s}/project"), &c, None);
        assert!(f.classes.contains(&"agent_settings".to_string()), "{f:?}");
        assert!(f.classes.contains(&"symlink".to_string()), "{f:?}");
        assert_eq!(f.resolved, Some(format!("{home_s}/.claude/settings.json")));
        // `rm cfg` removes the link; `rm -r cfg/` what it points to.
        let mut t = touch(format!("{home_s}/project/cfg"), "delete");
        t.evidence = "cfg";
        let f = path_fact(t, &format!("{home_s}/project"), &c, None);
        assert_eq!(f.resolved, None, "{f:?}");
    }

    #[test]
    fn links_made_in_the_same_command_are_followed_and_reported() {
        let f = shell_facts(
            "ln -s ~/.claude cfg && echo x > cfg/settings.json",
            "/nonexistent-hw/home",
            "/nonexistent-hw/home/project",
        );
        let c = classes_of_path(&f, "/nonexistent-hw/home/project/cfg/settings.json");
        assert!(c.contains(&"agent_settings"), "{f:?}");
        assert_eq!(f.links.len(), 1, "{:?}", f.links);
        assert_eq!(f.links[0].link, "/nonexistent-hw/home/project/cfg");
        assert!(f.links[0]
            .target_classes
            .iter()
            .any(|c| c == "guard_folder"));
        // The link's own creation is not a write of its target.
        let c = classes_of_path(&f, "/nonexistent-hw/home/project/cfg");
        assert!(!c.contains(&"agent_settings"), "{c:?}");
        // From an interpreter snippet too.
        let f = shell_facts(
            "python3 -c \"import os; os.symlink(os.path.expanduser('~/.hookward'), 'hw')\"",
            "/nonexistent-hw/home",
            "/nonexistent-hw/home/project",
        );
        assert!(
            f.links
                .iter()
                .any(|l| l.target_classes.iter().any(|c| c == "hookward_home")),
            "{:?}",
            f.links
        );
        // A link to an ordinary folder is no guard folder.
        let f = shell_facts(
            "ln -s ../shared lib",
            "/nonexistent-hw/home",
            "/nonexistent-hw/home/project",
        );
        assert!(!f.links[0]
            .target_classes
            .iter()
            .any(|c| c == "guard_folder"));
    }

    #[test]
    fn globs_take_the_classes_of_what_they_could_expand_to() {
        let home = "/nonexistent-hw/home";
        let project = "/nonexistent-hw/home/project";
        for (cmd, path, class) in [
            (
                "cat ~/.a[w]s/cred*",
                "/nonexistent-hw/home/.a[w]s/cred*",
                "credential",
            ),
            (
                "tar czf /tmp/x ~/.??*",
                "/nonexistent-hw/home/.??*",
                "credential",
            ),
            (
                "tar czf /tmp/x ~/.??*",
                "/nonexistent-hw/home/.??*",
                "hookward_home",
            ),
            (
                "tar czf /tmp/x ~/.??*",
                "/nonexistent-hw/home/.??*",
                "agent_settings",
            ),
            (
                "cat ~/.c*/settings.json",
                "/nonexistent-hw/home/.c*/settings.json",
                "agent_settings",
            ),
        ] {
            let f = shell_facts(cmd, home, project);
            assert!(
                classes_of_path(&f, path).contains(&class),
                "{cmd}: {:?}",
                f.paths
            );
        }
        let f = shell_facts("cat src/*.rs ~/.config/*.toml", home, project);
        for p in &f.paths {
            assert!(
                !p.classes
                    .iter()
                    .any(|c| PROTECTED_CLASSES.contains(&c.as_str())),
                "{p:?}"
            );
        }
    }

    #[test]
    fn a_glob_is_a_parent_of_the_home_only_when_it_can_reach_it() {
        // The home lies in a temporary folder (CI sandboxes, eval harnesses).
        let home = "/nonexistent-hw/ci-1/home/dev";
        let project = "/nonexistent-hw/ci-1/home/dev/project";
        for (cmd, path, parent) in [
            (
                "rm -rf /nonexistent-hw/pytest-*",
                "/nonexistent-hw/pytest-*",
                false,
            ),
            (
                "rm -rf /nonexistent-hw/*/cache",
                "/nonexistent-hw/*/cache",
                false,
            ),
            ("rm -rf /nonexistent-hw/*", "/nonexistent-hw/*", true),
            ("rm -rf /nonexistent-hw/ci-?", "/nonexistent-hw/ci-?", true),
            ("rm -rf /nonexistent-hw/C*", "/nonexistent-hw/C*", true),
            (
                "rm -rf /nonexistent-hw/*/home/*",
                "/nonexistent-hw/*/home/*",
                true,
            ),
        ] {
            let f = shell_facts(cmd, home, project);
            assert_eq!(
                classes_of_path(&f, path).contains(&"home_ancestor"),
                parent,
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn a_glob_holds_a_guarded_file_only_when_it_can_reach_it() {
        let home = "/nonexistent-hw/home";
        let project = "/nonexistent-hw/home/project";
        for (cmd, path, guarded) in [
            (
                "rm -rf ~/.claude/projects-old*",
                "/nonexistent-hw/home/.claude/projects-old*",
                false,
            ),
            ("rm -rf ~/.claude/*", "/nonexistent-hw/home/.claude/*", true),
            (
                "rm -rf ~/.claude/s*",
                "/nonexistent-hw/home/.claude/s*",
                true,
            ),
        ] {
            let f = shell_facts(cmd, home, project);
            assert_eq!(
                classes_of_path(&f, path).contains(&"guard_folder"),
                guarded,
                "{cmd}: {:?}",
                f.paths
            );
        }
    }

    #[test]
    fn npmrc_is_a_credential_only_with_a_token() {
        let c = ctx();
        let f = path_fact(
            touch("/home/dev/project/.npmrc".into(), "write"),
            "/home/dev/project",
            &c,
            Some("//registry.npmjs.org/:_authToken=abc\n"),
        );
        assert!(f.classes.contains(&"credential".to_string()));
        let f = path_fact(
            touch("/home/dev/project/.npmrc".into(), "write"),
            "/home/dev/project",
            &c,
            Some("save-exact=true\n"),
        );
        assert!(!f.classes.contains(&"credential".to_string()));
    }
}
