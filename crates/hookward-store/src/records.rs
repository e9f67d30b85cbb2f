//! The rows the store writes and reads.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One hook call as recorded: what came in, what hookward computed and what it answered.
///
/// Written by [`Store::record_decision`](crate::Store::record_decision), which redacts `input`,
/// `facts` and `reasons` before writing (see the crate docs, "Invariants").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionRecord {
    /// When the hook ran, in milliseconds since the Unix epoch.
    pub ts_ms: i64,
    /// The agent, kebab case (`claude-code`, `codex`, `gemini`, `cursor`).
    pub agent: String,
    /// The hook event (`PreToolUse`, `PostToolUse`, `UserPromptSubmit`, …).
    pub event: String,
    /// The agent's tool name (`Bash`, `mcp__github__create_issue`), if the event is about a tool.
    pub tool: Option<String>,
    /// The agent-neutral tool kind (`shell`, `write`, …), if known.
    pub tool_kind: Option<String>,
    /// The agent's session id.
    pub session: Option<String>,
    /// The working directory the agent reported.
    pub cwd: Option<String>,
    /// The tool input (or the event's payload), as JSON. Redacted before writing.
    pub input: Value,
    /// What the analyzers computed (shell effects, findings, …), as JSON. Redacted before writing.
    pub facts: Value,
    /// The decision: `"allow"`, `"ask"`, `"deny"`, or `None` when no rule had an opinion.
    /// Anything else is rejected with [`StoreError::InvalidInput`](crate::StoreError::InvalidInput).
    pub decision: Option<String>,
    /// What was sent back to the agent: `"none"` (nothing printed), `"deny"`, `"ask"`,
    /// `"allow"`, `"context"`, `"replace-output"`, … (free text, decided by the adapter).
    pub reply: String,
    /// The ids of the rules that fired (`command/no-pipe-to-shell`).
    pub rule_ids: Vec<String>,
    /// The reasons given by those rules. Redacted before writing.
    pub reasons: Vec<String>,
    /// How long the hook took from start to reply, in microseconds.
    pub elapsed_us: i64,
    /// The sub-agent's id when the call came from a sub-agent (`Event::agent_id`); `None` for
    /// the main agent and for rows stored before schema version 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    /// The sub-agent's type (`general-purpose`, `default`, …; `Event::agent_type`), when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<String>,
}

/// A stored decision: its row id and the record as stored (redacted). Serialises flat:
/// `{"id": 12, "ts_ms": …, "agent": …, …}`. People see the id as `D12` ([`DecisionRow::display_id`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DecisionRow {
    /// The row id (`INTEGER PRIMARY KEY`), increasing with insertion.
    pub id: i64,
    /// The record, after redaction.
    #[serde(flatten)]
    pub record: DecisionRecord,
}

impl DecisionRow {
    /// The id as shown to people: `D` followed by the row id (`D981`), per DESIGN.md's
    /// conventions (short, stable ids).
    pub fn display_id(&self) -> String {
        format!("D{}", self.id)
    }
}

/// Something that happened to hookward itself (not to the agent): an internal error, a fail-open,
/// a broken user policy, the store being created or found damaged. `hookward doctor` shows these.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HealthEvent {
    /// When it happened, in milliseconds since the Unix epoch.
    pub ts_ms: i64,
    /// What happened, kebab case: `internal-error`, `fail-open`, `fail-closed`, `policy-error`,
    /// `user-policy-broken`, `store-created`, `store-damaged`, … (free text; see
    /// [`FALLBACK_UNREADABLE`](crate::FALLBACK_UNREADABLE) for the one this crate emits).
    pub kind: String,
    /// One line for people. Redacted before writing.
    pub message: String,
    /// Anything structured (error chains, paths, counts). Redacted before writing.
    #[serde(default)]
    pub detail: Value,
    /// The agent whose hook call it happened in, if any.
    #[serde(default)]
    pub agent: Option<String>,
    /// The agent's session id, if any.
    #[serde(default)]
    pub session: Option<String>,
}

impl HealthEvent {
    /// The kind as a type, when it is one a hook call raises ([`crate::HealthKind`]); `None`
    /// for other words (another version's, this crate's own `fallback-unreadable`).
    pub fn health_kind(&self) -> Option<crate::HealthKind> {
        crate::HealthKind::parse(&self.kind)
    }

    /// A copy with `message` and `detail` redacted.
    pub(crate) fn redacted(&self) -> HealthEvent {
        let mut ev = self.clone();
        ev.message = hookward_redact::redact_str(&ev.message).into_owned();
        hookward_redact::redact_json(&mut ev.detail);
        ev
    }
}

/// A stored health event: its row id and the event as stored (redacted). Serialises flat.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct HealthRow {
    /// The row id, increasing with insertion.
    pub id: i64,
    /// The event, after redaction.
    #[serde(flatten)]
    pub event: HealthEvent,
    /// When the person acknowledged it (`hookward events ack`, ms since the epoch); `None`
    /// while it is not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acked_ms: Option<i64>,
}

impl HealthRow {
    /// The id people type: `E<id>` (`hookward events ack E12`).
    pub fn display_id(&self) -> String {
        format!("E{}", self.id)
    }
}

/// Filters for [`Store::decisions`](crate::Store::decisions). All filters combine with AND;
/// `None` means "any". Results come newest first (by `ts_ms`, then by id).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct DecisionQuery {
    /// Only this session id.
    pub session: Option<String>,
    /// Only this decision: `"allow"`, `"ask"`, `"deny"`, or `"none"` for rows where no rule had
    /// an opinion. Anything else is [`StoreError::InvalidInput`](crate::StoreError::InvalidInput).
    pub decision: Option<String>,
    /// Only this agent (`claude-code`).
    pub agent: Option<String>,
    /// Only rows with `ts_ms >= since_ms` (milliseconds since the Unix epoch).
    pub since_ms: Option<i64>,
    /// Only calls of this tool: its name as the agent sent it (`Bash`) or its kind (`shell`).
    #[serde(default)]
    pub tool: Option<String>,
    /// Only rows where some fired rule id matches this glob (`*` any run of characters, `/`
    /// included; `?` one character; case-sensitive, everything else literal).
    #[serde(default)]
    pub rule: Option<String>,
    /// Keyset paging: only rows that come after the decision with this row id in the listing
    /// order (older, or as old with a smaller id). A missing id is
    /// [`StoreError::InvalidInput`](crate::StoreError::InvalidInput).
    #[serde(default)]
    pub after: Option<i64>,
    /// Only rows whose tool name, input, rule ids or reasons contain this text (ASCII letters
    /// case-folded, SQL `LIKE` with `%`, `_` and `\\` taken literally). Not served by an index:
    /// the listing reads rows newest first until `limit` match, so a rare text reads many rows.
    #[serde(default)]
    pub text: Option<String>,
    /// At most this many rows (`0` returns none).
    pub limit: usize,
    /// Include the rows `hookward doctor`'s canary produced ([`Store::mark_canary`]); by
    /// default (`false`) they are left out.
    ///
    /// [`Store::mark_canary`]: crate::Store::mark_canary
    #[serde(default)]
    pub with_canary: bool,
}

/// What [`Store::check`](crate::Store::check) found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoreHealth {
    /// `true` when `PRAGMA quick_check` answered exactly `ok`.
    pub ok: bool,
    /// The lines `PRAGMA quick_check` returned (`["ok"]` when healthy; otherwise up to 100
    /// problem descriptions, SQLite's default limit).
    pub quick_check: Vec<String>,
    /// `PRAGMA user_version`, the schema version (see [`SCHEMA_VERSION`](crate::SCHEMA_VERSION)).
    pub schema_version: i64,
    /// `PRAGMA journal_mode` (`wal` normally; another value means WAL could not be enabled on
    /// this file system and concurrent hooks will wait on each other more).
    pub journal_mode: String,
    /// Rows in the decisions table.
    pub decisions: u64,
    /// Rows in the health events table.
    pub health_events: u64,
    /// Size of the database file, in bytes.
    pub file_bytes: u64,
    /// Size of the `-wal` file next to it, in bytes (0 when absent).
    pub wal_bytes: u64,
}

/// Filters for [`Store::sessions`](crate::Store::sessions); `None` means "any".
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SessionQuery {
    /// Only this agent (`claude-code`).
    pub agent: Option<String>,
    /// Only decisions with `ts_ms >= since_ms` count (ms since the Unix epoch).
    pub since_ms: Option<i64>,
    /// At most this many sessions.
    pub limit: usize,
    /// Count `hookward doctor`'s canary rows too (left out by default).
    #[serde(default)]
    pub with_canary: bool,
}

/// One agent session as the recorded decisions show it: the calls of one `(session, agent)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionRow {
    /// The agent's session id (`None`: calls recorded without one, counted together).
    pub session: Option<String>,
    /// The agent (`claude-code`).
    pub agent: String,
    /// The first recorded call, ms since the Unix epoch.
    pub start_ms: i64,
    /// The last recorded call, ms since the Unix epoch.
    pub end_ms: i64,
    /// Recorded calls.
    pub calls: u64,
    /// Calls decided `allow`.
    pub allow: u64,
    /// Calls decided `ask`.
    pub ask: u64,
    /// Calls decided `deny`.
    pub deny: u64,
    /// Calls no rule had an opinion on.
    pub none: u64,
    /// Calls that came from a sub-agent (`agent_id` set).
    pub subagent_calls: u64,
}
