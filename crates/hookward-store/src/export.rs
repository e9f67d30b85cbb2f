//! Export cursors (schema version 7) and the reads `hookward export run` batches from (issue
//! 19 item 4). The exporter reads the decisions, health events and audit entries after a
//! sink's cursor, oldest first, sends them, and only then moves the cursor
//! ([`Store::advance_export_cursor`]): a batch the receiver did not acknowledge is read and
//! sent again next time (at-least-once; a receiver may see a record twice, never miss one).
//! Row ids grow with insertion and SQLite has one writer at a time, so a row committed later
//! never has a smaller id than one already exported. Rows come from the store, so they are
//! already redacted. Never called by the hook.

use crate::{now_ms, sql_err, AuditEntry, DecisionRow, HealthRow, Store, StoreError};
use rusqlite::params;
use serde::Serialize;

/// Where one sink stands: the newest id of each stream its receiver acknowledged (0: none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct ExportCursor {
    /// Newest decision row id sent and acknowledged.
    pub decision_id: i64,
    /// Newest health event row id sent and acknowledged.
    pub health_id: i64,
    /// Newest audit entry id sent and acknowledged.
    pub audit_id: i64,
    /// Records acknowledged in total.
    pub sent: i64,
    /// When the cursor last moved (ms since the epoch; 0 never).
    pub updated_ms: i64,
}

/// One batch read after a cursor: at most the asked number of rows of each stream, oldest
/// first.
#[derive(Debug, Clone, Default)]
pub struct ExportBatch {
    /// Decisions with ids above the cursor's (the doctor canary's rows left out).
    pub decisions: Vec<DecisionRow>,
    /// Health events with ids above the cursor's.
    pub health: Vec<HealthRow>,
    /// Audit entries with ids above the cursor's.
    pub audit: Vec<AuditEntry>,
}

impl ExportBatch {
    /// Rows in the batch.
    pub fn len(&self) -> usize {
        self.decisions.len() + self.health.len() + self.audit.len()
    }

    /// Whether the batch has no rows (the sink is caught up).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The cursor after this batch is acknowledged: each stream's newest id in it (or
    /// `from`'s), `sent` grown by [`ExportBatch::len`].
    pub fn cursor_after(&self, from: &ExportCursor) -> ExportCursor {
        ExportCursor {
            decision_id: self.decisions.last().map_or(from.decision_id, |r| r.id),
            health_id: self.health.last().map_or(from.health_id, |r| r.id),
            audit_id: self.audit.last().map_or(from.audit_id, |r| r.id),
            sent: from.sent + self.len() as i64,
            updated_ms: from.updated_ms,
        }
    }
}

impl Store {
    /// The cursor of `sink` (`otlp`, `syslog`); all zeros for a sink never exported.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn export_cursor(&self, sink: &str) -> Result<ExportCursor, StoreError> {
        self.conn
            .query_row(
                "SELECT decision_id, health_id, audit_id, sent, updated_ms FROM export_cursors WHERE sink = ?1",
                [sink],
                |r| {
                    Ok(ExportCursor {
                        decision_id: r.get(0)?,
                        health_id: r.get(1)?,
                        audit_id: r.get(2)?,
                        sent: r.get(3)?,
                        updated_ms: r.get(4)?,
                    })
                },
            )
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(ExportCursor::default()),
                e => Err(e),
            })
            .map_err(|e| sql_err(&self.path, "reading an export cursor", e))
    }

    /// Every sink's cursor, by sink name.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn export_cursors(&self) -> Result<Vec<(String, ExportCursor)>, StoreError> {
        const ACTION: &str = "listing export cursors";
        let mut stmt = self
            .conn
            .prepare("SELECT sink, decision_id, health_id, audit_id, sent, updated_ms FROM export_cursors ORDER BY sink")
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                ExportCursor {
                    decision_id: r.get(1)?,
                    health_id: r.get(2)?,
                    audit_id: r.get(3)?,
                    sent: r.get(4)?,
                    updated_ms: r.get(5)?,
                },
            ))
        })
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
        .map_err(|e| sql_err(&self.path, ACTION, e))
    }

    /// Moves the cursor of `sink` to `to` (stamped now). Called only after the receiver
    /// acknowledged every record up to it. A cursor never moves back: each id is the larger of
    /// the stored and the given one.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn advance_export_cursor(&self, sink: &str, to: &ExportCursor) -> Result<(), StoreError> {
        self.conn
            .execute(
                "INSERT INTO export_cursors (sink, decision_id, health_id, audit_id, sent, updated_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) \
                 ON CONFLICT (sink) DO UPDATE SET \
                 decision_id = MAX(decision_id, excluded.decision_id), \
                 health_id = MAX(health_id, excluded.health_id), \
                 audit_id = MAX(audit_id, excluded.audit_id), \
                 sent = excluded.sent, updated_ms = excluded.updated_ms",
                params![sink, to.decision_id, to.health_id, to.audit_id, to.sent, now_ms()],
            )
            .map(|_| ())
            .map_err(|e| sql_err(&self.path, "moving an export cursor", e))
    }

    /// The rows after `cursor`, oldest first, at most `limit` of each stream.
    ///
    /// # Errors
    /// [`StoreError::BadRow`] for a stored JSON column that does not parse; SQLite errors.
    pub fn export_batch(
        &self,
        cursor: &ExportCursor,
        limit: usize,
    ) -> Result<ExportBatch, StoreError> {
        let limit = crate::limit_arg(limit);
        let err = |action: &'static str| move |e| sql_err(&self.path, action, e);
        let mut batch = ExportBatch::default();

        const D: &str = "reading decisions to export";
        let sql = format!(
            "SELECT {} FROM decisions WHERE id > ?1 AND canary = 0 ORDER BY id LIMIT ?2",
            crate::DECISION_COLUMNS
        );
        let mut stmt = self.conn.prepare_cached(&sql).map_err(err(D))?;
        let raw = stmt
            .query_map(
                params![cursor.decision_id, limit],
                crate::RawDecision::from_row,
            )
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err(D))?;
        for r in raw {
            batch.decisions.push(r.decode(&self.path)?);
        }

        const H: &str = "reading health events to export";
        let sql = format!(
            "SELECT {} FROM health_events WHERE id > ?1 ORDER BY id LIMIT ?2",
            crate::HEALTH_COLUMNS
        );
        let mut stmt = self.conn.prepare_cached(&sql).map_err(err(H))?;
        #[allow(clippy::type_complexity)]
        let raw: Vec<(
            i64,
            i64,
            String,
            String,
            String,
            Option<String>,
            Option<String>,
            Option<i64>,
        )> = stmt
            .query_map(params![cursor.health_id, limit], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    r.get(4)?,
                    r.get(5)?,
                    r.get(6)?,
                    r.get(7)?,
                ))
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err(H))?;
        for (id, ts_ms, kind, message, detail, agent, session, acked_ms) in raw {
            batch.health.push(HealthRow {
                id,
                acked_ms,
                event: crate::HealthEvent {
                    ts_ms,
                    kind,
                    message,
                    detail: crate::parse_json(&self.path, "health_events", id, "detail", &detail)?,
                    agent,
                    session,
                },
            });
        }

        const A: &str = "reading audit entries to export";
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, ts_ms, actor, action, details, prev_hash, hash FROM audit_log \
                 WHERE id > ?1 ORDER BY id LIMIT ?2",
            )
            .map_err(err(A))?;
        batch.audit = stmt
            .query_map(params![cursor.audit_id, limit], |r| {
                let details: String = r.get(4)?;
                Ok(AuditEntry {
                    id: r.get(0)?,
                    ts_ms: r.get(1)?,
                    actor: r.get(2)?,
                    action: r.get(3)?,
                    details: serde_json::from_str(&details)
                        .unwrap_or(serde_json::Value::String(details)),
                    prev_hash: r.get(5)?,
                    hash: r.get(6)?,
                })
            })
            .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
            .map_err(err(A))?;
        Ok(batch)
    }
}
