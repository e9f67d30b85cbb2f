//! Decision and health export (issue 19 item 4): the records hookward keeps in its store
//! (decisions `D…`, health events `E…`, audit entries `A…`), already redacted there, turned
//! into the shapes log systems take and sent:
//!
//! - [`otlp`]: OpenTelemetry logs over HTTP, JSON encoding (an `ExportLogsServiceRequest`
//!   POSTed to a collector's `/v1/logs`; <https://opentelemetry.io/docs/specs/otlp/>);
//! - [`syslog`]: RFC 5424 messages over UDP (one per datagram, RFC 5426) or TCP (octet
//!   counting, RFC 6587 §3.4.1).
//!
//! Each record's JSON document ([`document`]) is in one of two [`Shape`]s: hookward's own,
//! or OPA's decision-log event (`decision_id`, `path`, `input`, `result`, `timestamp`,
//! `labels`; <https://www.openpolicyagent.org/docs/management-decision-logs>), so a pipeline
//! built for OPA's decision logs takes hookward's decisions unchanged.
//!
//! Nothing here reads the store or keeps state: `hookward export run` reads batches after a
//! cursor (`hookward_store::Store::export_batch`), sends them with [`otlp::send`] or
//! [`syslog::Sender`], and moves the cursor only when the receiver acknowledged them. Never on
//! the hook's path.
//!
//! ```
//! use hookward_export::{document, Record, Shape};
//! use hookward_store::{AuditEntry};
//! let e = AuditEntry { id: 3, ts_ms: 1_700_000_000_000, actor: "dev@box".into(),
//!     action: "policy.disable".into(), details: serde_json::json!({"rules": ["net/metadata"]}),
//!     prev_hash: "00".into(), hash: "ab".into() };
//! let doc = document(&Record::Audit(&e), Shape::Hookward, "box");
//! assert_eq!(doc["id"], "A3");
//! assert_eq!(doc["action"], "policy.disable");
//! ```
#![deny(missing_docs)]

pub mod otlp;
pub mod syslog;
mod tls;

use hookward_store::{AuditEntry, DecisionRow, ExportBatch, HealthKind, HealthRow};
use serde_json::{json, Value};

/// One stored record to export.
#[derive(Debug, Clone, Copy)]
pub enum Record<'a> {
    /// A hook call's decision (`D…`).
    Decision(&'a DecisionRow),
    /// Something that happened to hookward itself (`E…`).
    Health(&'a HealthRow),
    /// A policy or config change made through hookward's commands (`A…`).
    Audit(&'a AuditEntry),
}

impl Record<'_> {
    /// Every record of `batch`: decisions, then health events, then audit entries, each oldest
    /// first.
    pub fn all(batch: &ExportBatch) -> Vec<Record<'_>> {
        batch
            .decisions
            .iter()
            .map(Record::Decision)
            .chain(batch.health.iter().map(Record::Health))
            .chain(batch.audit.iter().map(Record::Audit))
            .collect()
    }

    /// The id people see: `D12`, `E3`, `A7`.
    pub fn id(&self) -> String {
        match self {
            Record::Decision(d) => d.display_id(),
            Record::Health(h) => h.display_id(),
            Record::Audit(a) => a.display_id(),
        }
    }

    /// `decision`, `health` or `audit` (the syslog MSGID, the OTLP `event.name` suffix).
    pub fn kind(&self) -> &'static str {
        match self {
            Record::Decision(_) => "decision",
            Record::Health(_) => "health",
            Record::Audit(_) => "audit",
        }
    }

    /// When it happened, ms since the Unix epoch.
    pub fn ts_ms(&self) -> i64 {
        match self {
            Record::Decision(d) => d.record.ts_ms,
            Record::Health(h) => h.event.ts_ms,
            Record::Audit(a) => a.ts_ms,
        }
    }

    /// How much it matters, as a [`Level`]: a deny is a warning, an ask a notice, an
    /// allow or no decision informational; a health event an error when hookward failed a
    /// call (`internal-error`, `fail-open`, `fail-closed`, `store-damaged`) and a warning
    /// otherwise; an audit entry a notice.
    pub fn level(&self) -> Level {
        match self {
            Record::Decision(d) => match d.record.decision.as_deref() {
                Some("deny") => Level::Warning,
                Some("ask") => Level::Notice,
                _ => Level::Info,
            },
            Record::Health(h) => match h.event.health_kind() {
                Some(
                    HealthKind::InternalError
                    | HealthKind::FailOpen
                    | HealthKind::FailClosed
                    | HealthKind::StoreDamaged,
                ) => Level::Error,
                _ => Level::Warning,
            },
            Record::Audit(_) => Level::Notice,
        }
    }
}

/// A record's severity, mapped to both syslog (RFC 5424 §6.2.1) and OTLP
/// (`SeverityNumber`, logs data model).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// syslog 3 (Error), OTLP 17 (ERROR).
    Error,
    /// syslog 4 (Warning), OTLP 13 (WARN).
    Warning,
    /// syslog 5 (Notice), OTLP 10 (INFO2).
    Notice,
    /// syslog 6 (Informational), OTLP 9 (INFO).
    Info,
}

impl Level {
    /// The RFC 5424 severity code.
    pub fn syslog(self) -> u8 {
        match self {
            Level::Error => 3,
            Level::Warning => 4,
            Level::Notice => 5,
            Level::Info => 6,
        }
    }

    /// The OTLP `SeverityNumber`.
    pub fn otlp_number(self) -> u8 {
        match self {
            Level::Error => 17,
            Level::Warning => 13,
            Level::Notice => 10,
            Level::Info => 9,
        }
    }

    /// The OTLP `SeverityText`.
    pub fn otlp_text(self) -> &'static str {
        match self {
            Level::Error => "ERROR",
            Level::Warning => "WARN",
            Level::Notice => "INFO2",
            Level::Info => "INFO",
        }
    }
}

/// The JSON document each record is sent as (config key `export.shape`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Shape {
    /// hookward's own: the record's fields with the shown id (`"id": "D12"`), without a
    /// decision's tool input and facts (they can be large; `hookward log --json` has them).
    #[default]
    Hookward,
    /// OPA's decision-log event for decisions (`decision_id`, `path` `hookward/main/decision`,
    /// `input` {event, tool, tool input}, `result` {decision, rule_ids, reasons},
    /// `timestamp`, `labels` {app, host}, `metrics`); health and audit records keep
    /// hookward's shape.
    Opa,
}

/// RFC 3339 UTC with milliseconds (`2026-12-04T18:44:12.123Z`) of `ms` since the epoch.
pub fn rfc3339_ms(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let milli = ms.rem_euclid(1000);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = hookward_sys::civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{milli:03}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The JSON document of `record` in `shape`; `host` is the machine's name (OPA's
/// `labels.host`, hookward's `host`).
pub fn document(record: &Record<'_>, shape: Shape, host: &str) -> Value {
    match (record, shape) {
        (Record::Decision(d), Shape::Opa) => {
            let r = &d.record;
            json!({
                "decision_id": d.display_id(),
                "path": "hookward/main/decision",
                "input": {
                    "agent": r.agent,
                    "event": r.event,
                    "tool": r.tool,
                    "tool_kind": r.tool_kind,
                    "session": r.session,
                    "cwd": r.cwd,
                    "tool_input": r.input,
                },
                "result": {
                    "decision": r.decision,
                    "reply": r.reply,
                    "rule_ids": r.rule_ids,
                    "reasons": r.reasons,
                },
                "timestamp": rfc3339_ms(r.ts_ms),
                "labels": {"app": "hookward", "host": host, "version": env!("CARGO_PKG_VERSION")},
                "metrics": {"timer_hook_ns": r.elapsed_us.saturating_mul(1000)},
            })
        }
        (Record::Decision(d), Shape::Hookward) => {
            let r = &d.record;
            json!({
                "id": d.display_id(),
                "type": "decision",
                "time": rfc3339_ms(r.ts_ms),
                "host": host,
                "agent": r.agent,
                "event": r.event,
                "tool": r.tool,
                "tool_kind": r.tool_kind,
                "session": r.session,
                "cwd": r.cwd,
                "decision": r.decision,
                "reply": r.reply,
                "rule_ids": r.rule_ids,
                "reasons": r.reasons,
                "elapsed_us": r.elapsed_us,
                "agent_id": r.agent_id,
                "agent_type": r.agent_type,
            })
        }
        (Record::Health(h), _) => json!({
            "id": h.display_id(),
            "type": "health",
            "time": rfc3339_ms(h.event.ts_ms),
            "host": host,
            "kind": h.event.kind,
            "message": h.event.message,
            "detail": h.event.detail,
            "agent": h.event.agent,
            "session": h.event.session,
        }),
        (Record::Audit(a), _) => json!({
            "id": a.display_id(),
            "type": "audit",
            "time": rfc3339_ms(a.ts_ms),
            "host": host,
            "actor": a.actor,
            "action": a.action,
            "details": a.details,
            "prev_hash": a.prev_hash,
            "hash": a.hash,
        }),
    }
}

/// The machine's name for the records: the kernel's hostname
/// (`/proc/sys/kernel/hostname`, else `/etc/hostname`, else `HOSTNAME`), else `-` (RFC 5424's
/// NILVALUE).
pub fn hostname() -> String {
    hookward_sys::hostname().unwrap_or_else(|| "-".into())
}

/// Why a batch was not delivered. The cursor stays; the batch is sent again next time.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// The receiver could not be reached or the connection broke.
    #[error("cannot reach {target}: {message}")]
    Unreachable {
        /// The URL or `udp://`/`tcp://` address.
        target: String,
        /// The transport's error.
        message: String,
    },
    /// The collector answered with a status other than 2xx.
    #[error("{target} answered HTTP {status}: {body}")]
    Rejected {
        /// The URL.
        target: String,
        /// The HTTP status.
        status: u16,
        /// The start of the answer's body.
        body: String,
    },
    /// A destination that is not understood (`export.syslog` not `udp://host:port` or
    /// `tcp://host:port`; an OTLP URL that is not `http://`).
    #[error("{0}")]
    BadTarget(String),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_of_known_instants() {
        assert_eq!(rfc3339_ms(0), "1970-01-01T00:00:00.000Z");
        // 2026-12-04T18:44:12.123Z, checked with `date -u -d @1796409852`.
        assert_eq!(rfc3339_ms(1_796_409_852_123), "2026-12-04T18:44:12.123Z");
        assert_eq!(rfc3339_ms(951_782_400_000), "2000-02-29T00:00:00.000Z");
    }
}
