//! Codex hook trust: the `[hooks.state."<key>"] trusted_hash = "sha256:<hex>"` entries in
//! `$CODEX_HOME/config.toml` without which Codex skips a non-managed hook, silently in
//! `codex exec` (protocol/REPORT.md §2 "Hook trust").
//!
//! The formula, from REPORT.md §2 and the harness that pre-trusted hooks in real runs
//! (`protocol/harness/codex/make_config.py`, `PRETRUST=1`), matching Codex's own
//! `command_hook_hash` (codex-rs `hooks/src/engine/discovery.rs`, `version_for_toml`):
//!
//! - key: `<hooks.json path as Codex displays it>:<event_snake_case>:<group idx>:<handler idx>`
//! - value: `"sha256:" + hex(sha256(canonical JSON))` of the normalized identity
//!   `{"event_name": "pre_tool_use", "hooks": [{"async": false, "command": "<cmd>",
//!   "timeout": 600, "type": "command"}], "matcher": "*"}` — keys sorted at every level, no
//!   whitespace, strings escaped as `serde_json` does (non-ASCII written as UTF-8, which is
//!   what Codex hashes; the Python harness escapes it as `\uXXXX`, so the two agree for ASCII
//!   commands only — ours are built from a path and an agent name). `timeout` defaults to 600
//!   (1 for `SessionEnd`), `matcher` is left out when absent and on events whose matcher Codex
//!   ignores (`UserPromptSubmit`, `Stop`, `SessionEnd`), `statusMessage` is included when set.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};
use toml_edit::{DocumentMut, Item, Table, TableLike};

use crate::document::read_bytes;
use crate::{Format, InstallError, Plan};

/// Codex's user config file, `<codex_home>/config.toml` (protocol/REPORT.md §2).
pub fn codex_config_path(codex_home: &Path) -> PathBuf {
    codex_home.join("config.toml")
}

/// Codex's snake-case label of a hook event, as used in trust keys and hashes:
/// `PreToolUse` → `pre_tool_use`, `SessionStart` → `session_start` (an `_` before every
/// upper-case letter but the first, then lower case; `make_config.py` `snake()`).
pub fn codex_event_label(event: &str) -> String {
    let mut out = String::with_capacity(event.len() + 4);
    for (i, c) in event.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The `hooks.state` key of the handler at (`group`, `handler`) under `event` in the Codex
/// hooks file `hooks_path`: `<hooks_path>:<event_label>:<group>:<handler>`. Codex uses the
/// absolute path of `$CODEX_HOME/hooks.json` as it displays it, so pass the same path Codex
/// sees (Codex canonicalizes `$CODEX_HOME` when it is set).
pub fn codex_trust_key(hooks_path: &Path, event: &str, group: usize, handler: usize) -> String {
    format!(
        "{}:{}:{group}:{handler}",
        hooks_path.display(),
        codex_event_label(event)
    )
}

/// Events whose matcher Codex ignores, so it is left out of the identity (codex-rs
/// `matcher_pattern_for_event`).
fn ignores_matcher(label: &str) -> bool {
    matches!(
        label,
        "user_prompt_submit" | "stop" | "session_end" | "interrupt"
    )
}

/// The trusted hash of a command handler (`"sha256:<64 hex>"`), from its fields as written in
/// `hooks.json`. See the module docs for the formula.
fn handler_hash(event: &str, matcher: Option<&str>, handler: &Map<String, Value>) -> String {
    let label = codex_event_label(event);
    let default_timeout = if label == "session_end" { 1 } else { 600 };
    let timeout = handler
        .get("timeout")
        .and_then(Value::as_u64)
        .unwrap_or(default_timeout)
        .max(1);
    // BTreeMap gives sorted keys whatever serde_json's map order is.
    let mut h: BTreeMap<&str, Value> = BTreeMap::new();
    h.insert(
        "async",
        Value::Bool(
            handler
                .get("async")
                .and_then(Value::as_bool)
                .unwrap_or(false),
        ),
    );
    h.insert(
        "command",
        handler.get("command").cloned().unwrap_or(Value::Null),
    );
    if let Some(m) = handler.get("statusMessage").and_then(Value::as_str) {
        h.insert("statusMessage", Value::from(m));
    }
    h.insert("timeout", Value::from(timeout));
    h.insert("type", Value::from("command"));
    let mut ident: BTreeMap<&str, Value> = BTreeMap::new();
    ident.insert("event_name", Value::from(label.as_str()));
    ident.insert(
        "hooks",
        Value::Array(vec![Value::Object(
            h.into_iter().map(|(k, v)| (k.to_owned(), v)).collect(),
        )]),
    );
    if let Some(m) = matcher.filter(|_| !ignores_matcher(&label)) {
        ident.insert("matcher", Value::from(m));
    }
    let ident: Map<String, Value> = ident.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
    let bytes = serde_json::to_vec(&Value::Object(ident)).unwrap_or_default();
    let digest = Sha256::digest(&bytes);
    let mut hex = String::with_capacity(71);
    hex.push_str("sha256:");
    for b in digest.iter() {
        hex.push_str(&format!("{b:02x}"));
    }
    hex
}

/// The trusted hash Codex expects for a command hook registered under `event` with `matcher`,
/// `command` and `timeout` (seconds; `None` = Codex's default), not async, no status message:
/// `"sha256:<64 lower-case hex>"` (formula in the module docs; protocol/REPORT.md §2).
///
/// ```
/// use hookward_install::codex_trust_hash;
/// // The harness's pre-trusted PreToolUse entry (make_config.py, PRETRUST=1,
/// // HOOK_CMD="/opt/hw/hookward hook codex", HOOK_TIMEOUT=10).
/// assert_eq!(
///     codex_trust_hash("PreToolUse", Some("*"), "/opt/hw/hookward hook codex PreToolUse", Some(10)),
///     "sha256:646b90071bd774bce6d0fee90e9021f03fd13fdfa6b74cc3ea8ad7c79f1d6f9e"
/// );
/// ```
pub fn codex_trust_hash(
    event: &str,
    matcher: Option<&str>,
    command: &str,
    timeout: Option<u64>,
) -> String {
    let mut h = Map::new();
    h.insert("type".to_owned(), Value::from("command"));
    h.insert("command".to_owned(), Value::from(command));
    if let Some(t) = timeout {
        h.insert("timeout".to_owned(), Value::from(t));
    }
    handler_hash(event, matcher, &h)
}

/// The trust key and hash of every hookward handler in a Codex hooks.json root, in file order.
fn our_trust(hooks_path: &Path, root: &Map<String, Value>) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for e in crate::groups::find(Format::Codex, root) {
        let handler = root
            .get("hooks")
            .and_then(|h| h.get(&e.event))
            .and_then(|g| g.get(e.group))
            .and_then(|g| g.get("hooks"))
            .and_then(|h| h.get(e.index))
            .and_then(Value::as_object);
        if let Some(handler) = handler {
            out.push((
                codex_trust_key(hooks_path, &e.event, e.group, e.index),
                handler_hash(&e.event, e.matcher.as_deref(), handler),
            ));
        }
    }
    out
}

fn parse_root(text: Option<&str>) -> Map<String, Value> {
    match text.map(serde_json::from_str::<Value>) {
        Some(Ok(Value::Object(m))) => m,
        _ => Map::new(),
    }
}

/// Reads and parses `config.toml`; `(None, empty document)` when absent.
fn load_toml(path: &Path) -> Result<(Option<String>, DocumentMut), InstallError> {
    let Some(bytes) = read_bytes(path)? else {
        return Ok((None, DocumentMut::new()));
    };
    let text = String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let valid = String::from_utf8_lossy(e.as_bytes().get(..offset).unwrap_or_default());
        let line = valid.matches('\n').count() + 1;
        let column = valid.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        InstallError::InvalidUtf8 {
            path: path.to_path_buf(),
            line,
            column,
            offset,
        }
    })?;
    let doc = text
        .parse::<DocumentMut>()
        .map_err(|e| toml_error(path, &text, &e))?;
    Ok((Some(text), doc))
}

pub(crate) fn toml_error(path: &Path, text: &str, e: &toml_edit::TomlError) -> InstallError {
    let (line, column) = match e.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or("");
            (
                before.matches('\n').count() + 1,
                before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1,
            )
        }
        None => (0, 0),
    };
    InstallError::Toml {
        path: path.to_path_buf(),
        line,
        column,
        message: e.message().to_owned(),
    }
}

/// Error for a `hooks` or `hooks.state` that is not a table.
fn not_a_table(path: &Path, field: &'static str, found: &Item) -> InstallError {
    InstallError::TomlShape {
        path: path.to_path_buf(),
        field,
        found: found.type_name(),
    }
}

/// `hooks.state` of `doc` for reading; `Ok(None)` when absent.
fn state_table<'a>(
    path: &Path,
    doc: &'a DocumentMut,
) -> Result<Option<&'a dyn TableLike>, InstallError> {
    let Some(hooks) = doc.as_table().get("hooks") else {
        return Ok(None);
    };
    let hooks = hooks
        .as_table_like()
        .ok_or_else(|| not_a_table(path, "hooks", hooks))?;
    let Some(state) = hooks.get("state") else {
        return Ok(None);
    };
    state
        .as_table_like()
        .map(Some)
        .ok_or_else(|| not_a_table(path, "hooks.state", state))
}

/// The `trusted_hash` of one `hooks.state` entry, when it is a table holding a string.
fn trusted_hash_of(entry: &Item) -> Option<&str> {
    entry
        .as_table_like()
        .and_then(|t| t.get("trusted_hash"))
        .and_then(Item::as_str)
}

/// Plans the `config.toml` edit that goes with a change of Codex's `hooks.json` from
/// `hooks_before` (its text, `None` when absent) to `hooks_after`.
///
/// - With `trust`, every hookward handler in `hooks_after` gets
///   `[hooks.state."<key>"] trusted_hash = "<hash>"` ([`codex_trust_key`],
///   [`codex_trust_hash`]); an existing entry for that key has its `trusted_hash` set and its
///   other keys (`enabled = false` from Codex's `/hooks`) kept.
/// - Whatever `trust` says, an entry whose key pointed at one of our handlers in
///   `hooks_before` and still holds that handler's hash, but whose position no longer holds
///   one of ours in `hooks_after`, is stale: its `trusted_hash` is removed (the table too when
///   nothing else is left in it). So uninstall removes our trust and nothing else.
/// - Entries of other hooks, other keys and the file's formatting and comments are kept
///   (`toml_edit`). New tables are appended as `[hooks.state."<key>"]` blocks, as Codex's
///   "Trust all" and the protocol harness write them. `hooks.state` and `hooks` are removed
///   only when this edit emptied them.
///
/// The planned text is parsed again before it is returned; a plan never holds a
/// `config.toml` that does not parse.
///
/// # Errors
/// [`InstallError::Io`] when the file cannot be read; [`InstallError::InvalidUtf8`],
/// [`InstallError::Toml`] or [`InstallError::TomlShape`] when it is not valid TOML or its
/// `hooks` / `hooks.state` is not a table. The file is never written.
pub fn plan_codex_trust(
    config_path: &Path,
    hooks_path: &Path,
    hooks_before: Option<&str>,
    hooks_after: &str,
    trust: bool,
) -> Result<Plan, InstallError> {
    let (before_text, mut doc) = load_toml(config_path)?;
    let wanted = if trust {
        our_trust(hooks_path, &parse_root(Some(hooks_after)))
    } else {
        Vec::new()
    };
    let ours_after: Vec<String> = our_trust(hooks_path, &parse_root(Some(hooks_after)))
        .into_iter()
        .map(|(k, _)| k)
        .collect();
    let ours_before: BTreeMap<String, String> = our_trust(hooks_path, &parse_root(hooks_before))
        .into_iter()
        .collect();

    // Decide on the existing entries first (read-only), then edit.
    let mut stale: Vec<String> = Vec::new();
    if let Some(state) = state_table(config_path, &doc)? {
        for (key, entry) in state.iter() {
            if ours_after.iter().any(|k| k == key) {
                continue;
            }
            if let (Some(old), Some(have)) = (ours_before.get(key), trusted_hash_of(entry)) {
                if old == have {
                    stale.push(key.to_owned());
                }
            }
        }
    }
    let needs_write = wanted.iter().any(|(k, h)| {
        state_table(config_path, &doc)
            .ok()
            .flatten()
            .and_then(|s| s.get(k))
            .and_then(trusted_hash_of)
            != Some(h.as_str())
    });

    if needs_write || !stale.is_empty() {
        edit(&mut doc, config_path, &wanted, &stale)?;
    }
    let after = if needs_write || !stale.is_empty() {
        doc.to_string()
    } else {
        before_text.clone().unwrap_or_default()
    };
    if let Err(e) = after.parse::<DocumentMut>() {
        // Never hand out a config.toml that does not parse.
        return Err(toml_error(config_path, &after, &e));
    }
    let changed = after != before_text.as_deref().unwrap_or("");
    Ok(crate::text_plan(
        Format::Codex,
        config_path,
        before_text,
        after,
        changed,
    ))
}

fn edit(
    doc: &mut DocumentMut,
    path: &Path,
    wanted: &[(String, String)],
    stale: &[String],
) -> Result<(), InstallError> {
    let root = doc.as_table_mut();
    if !wanted.is_empty() && !root.contains_key("hooks") {
        let mut t = Table::new();
        t.set_implicit(true);
        root.insert("hooks", Item::Table(t));
    }
    let Some(hooks_item) = root.get_mut("hooks") else {
        return Ok(());
    };
    let found = hooks_item.type_name();
    let hooks = hooks_item
        .as_table_like_mut()
        .ok_or(InstallError::TomlShape {
            path: path.to_path_buf(),
            field: "hooks",
            found,
        })?;
    if !wanted.is_empty() && !hooks.contains_key("state") {
        let mut t = Table::new();
        t.set_implicit(true);
        hooks.insert("state", Item::Table(t));
    }
    let Some(state_item) = hooks.get_mut("state") else {
        return Ok(());
    };
    let found = state_item.type_name();
    let state = state_item
        .as_table_like_mut()
        .ok_or(InstallError::TomlShape {
            path: path.to_path_buf(),
            field: "hooks.state",
            found,
        })?;
    let mut removed = false;
    for key in stale {
        let now_empty = match state.get_mut(key).and_then(Item::as_table_like_mut) {
            Some(entry) => {
                entry.remove("trusted_hash");
                entry.is_empty()
            }
            None => false,
        };
        if now_empty {
            state.remove(key);
        }
        removed = true;
    }
    for (key, hash) in wanted {
        match state.get_mut(key).and_then(Item::as_table_like_mut) {
            Some(entry) => {
                entry.insert("trusted_hash", toml_edit::value(hash.as_str()));
            }
            None => {
                let mut t = Table::new();
                t.insert("trusted_hash", toml_edit::value(hash.as_str()));
                state.insert(key, Item::Table(t));
            }
        }
    }
    let mut drop_hooks = false;
    if removed && state.is_empty() {
        hooks.remove("state");
        drop_hooks = hooks.is_empty();
    }
    if drop_hooks {
        root.remove("hooks");
    }
    Ok(())
}

/// The trust state of one of our Codex handlers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrustState {
    /// `trusted_hash` matches: Codex runs the hook.
    Trusted,
    /// No `trusted_hash` for its key: Codex skips the hook (silently in `codex exec`) until
    /// someone reviews it in `/hooks`.
    Missing,
    /// A `trusted_hash` that does not match (the entry changed or moved since it was
    /// trusted): Codex reports it as modified and skips it.
    Modified,
    /// `enabled = false` for its key: switched off in Codex's `/hooks`.
    Disabled,
}

/// One of our Codex handlers and its trust state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrustEntryState {
    /// The event it is registered under, e.g. `PreToolUse`.
    pub event: String,
    /// Its `hooks.state` key ([`codex_trust_key`]).
    pub key: String,
    /// Whether Codex will run it.
    pub state: TrustState,
}

/// What `hookward doctor` needs to know about Codex trust.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodexTrust {
    /// The `config.toml` inspected.
    pub config_path: PathBuf,
    /// `[features] hooks = false` is set: Codex runs no hooks at all (REPORT.md §2: on by
    /// default in 0.171; `codex_hooks` is the deprecated alias, also honoured here).
    pub hooks_feature_off: bool,
    /// Our handlers in `hooks.json`, in file order, with their trust state.
    pub entries: Vec<TrustEntryState>,
}

/// Checks the trust of every hookward handler in the Codex hooks file `hooks_path` against
/// `config_path`, for `hookward doctor`. An absent `config.toml` leaves every entry
/// [`TrustState::Missing`].
///
/// # Errors
/// As [`plan_codex_trust`] for `config.toml`, and as [`inspect`](crate::inspect) for
/// `hooks.json`.
pub fn inspect_codex_trust(
    config_path: &Path,
    hooks_path: &Path,
) -> Result<CodexTrust, InstallError> {
    let hooks_doc = crate::document::load(hooks_path, false)?;
    crate::groups::validate(
        Format::Codex,
        hooks_path,
        hooks_doc.text.as_deref(),
        &hooks_doc.root,
    )?;
    let (_, doc) = load_toml(config_path)?;
    let state = state_table(config_path, &doc)?;
    let features = doc.as_table().get("features").and_then(Item::as_table_like);
    let hooks_feature_off = ["hooks", "codex_hooks"]
        .iter()
        .any(|k| features.and_then(|f| f.get(k)).and_then(Item::as_bool) == Some(false));
    let events: Vec<String> = crate::groups::find(Format::Codex, &hooks_doc.root)
        .into_iter()
        .map(|e| e.event)
        .collect();
    let entries = our_trust(hooks_path, &hooks_doc.root)
        .into_iter()
        .zip(events)
        .map(|((key, hash), event)| {
            let entry = state.and_then(|s| s.get(&key));
            let disabled = entry
                .and_then(Item::as_table_like)
                .and_then(|t| t.get("enabled"))
                .and_then(Item::as_bool)
                == Some(false);
            let state = match entry.and_then(trusted_hash_of) {
                _ if disabled => TrustState::Disabled,
                Some(h) if h == hash => TrustState::Trusted,
                Some(_) => TrustState::Modified,
                None => TrustState::Missing,
            };
            TrustEntryState { event, key, state }
        })
        .collect();
    Ok(CodexTrust {
        config_path: config_path.to_path_buf(),
        hooks_feature_off,
        entries,
    })
}
