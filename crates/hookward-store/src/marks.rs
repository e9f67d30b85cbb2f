//! Marks the CLI puts on stored rows (schema version 3): the decisions `hookward doctor`'s
//! canary produced, and the health events the person acknowledged.
//!
//! The canary mark is set by doctor itself after its canary ran, on the rows of the canary's
//! session recorded since the canary started: a hook payload cannot mark its own decisions
//! (an agent choosing the canary's session id is still listed by `hookward log`, unless it is
//! recorded in the very moment doctor runs).

use crate::{now_ms, sql_err, Store, StoreError};
use rusqlite::params;

impl Store {
    /// Marks the decisions of session `session` recorded at or after `since_ms` as canary
    /// rows, and deletes the lesson episodes that session opened since then (the canary's
    /// deny is no failure of the person's work: left open, it showed in `lessons stats` and a
    /// later call in the same project could close it as a route around the guard; newcomer
    /// finding 19); returns how many decisions were marked. `hookward doctor` calls it after
    /// its canary ran.
    ///
    /// # Errors
    /// SQLite errors ([`StoreError::Busy`] when another process holds the lock too long).
    pub fn mark_canary(&self, session: &str, since_ms: i64) -> Result<usize, StoreError> {
        let err = |e| sql_err(&self.path, "marking the canary's decisions", e);
        let n = self
            .conn
            .execute(
                "UPDATE decisions SET canary = 1 WHERE session = ?1 AND ts_ms >= ?2",
                params![session, since_ms],
            )
            .map_err(err)?;
        self.conn
            .execute(
                "DELETE FROM lesson_episodes WHERE session = ?1 AND opened_ms >= ?2",
                params![session, since_ms],
            )
            .map_err(err)?;
        Ok(n)
    }

    /// Acknowledges the health events with these ids (`None`: every one not yet
    /// acknowledged) at the current time; returns the ids that were newly acknowledged, in
    /// increasing order. Ids that do not exist or were acknowledged before are left out.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn ack_health(&self, ids: Option<&[i64]>) -> Result<Vec<i64>, StoreError> {
        const ACTION: &str = "acknowledging health events";
        let err = |e| sql_err(&self.path, ACTION, e);
        let now = now_ms();
        let mut done = Vec::new();
        match ids {
            None => {
                let mut stmt = self
                    .conn
                    .prepare(
                        "UPDATE health_events SET acked_ms = ?1 WHERE acked_ms IS NULL RETURNING id",
                    )
                    .map_err(err)?;
                let rows = stmt
                    .query_map([now], |r| r.get::<_, i64>(0))
                    .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
                    .map_err(err)?;
                done.extend(rows);
            }
            Some(ids) => {
                let mut stmt = self
                    .conn
                    .prepare_cached(
                        "UPDATE health_events SET acked_ms = ?1 WHERE id = ?2 AND acked_ms IS NULL",
                    )
                    .map_err(err)?;
                for id in ids {
                    if stmt.execute(params![now, id]).map_err(err)? > 0 {
                        done.push(*id);
                    }
                }
            }
        }
        done.sort_unstable();
        done.dedup();
        Ok(done)
    }

    /// Whether a health event with this id exists.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn health_event_exists(&self, id: i64) -> Result<bool, StoreError> {
        self.conn
            .query_row(
                "SELECT COUNT(*) FROM health_events WHERE id = ?1",
                [id],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n > 0)
            .map_err(|e| sql_err(&self.path, "reading a health event", e))
    }
}
