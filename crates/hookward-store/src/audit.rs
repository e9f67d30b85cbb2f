//! The audit log (schema version 5): an append-only, hash-chained record of every change made
//! to hookward's policy set through its commands (`hookward policy disable|enable|add|remove`,
//! `review`, `restore`), listed by `hookward audit list` and checked by `hookward audit verify`.
//!
//! **The chain.** Entry `n` stores `prev_hash` (entry `n-1`'s `hash`; [`GENESIS_HASH`] for the
//! first) and `hash = blake3(prev_hash ‖ "\n" ‖ canonical)`, where `canonical` is the compact
//! JSON array `[id, ts_ms, actor, action, details]` with `details` as the exact stored text
//! (itself written as canonical JSON, [`canonical_json`]: object keys sorted, no spaces).
//! Because the id is hashed, an entry moved to another position no longer matches; because
//! each entry names its predecessor's hash, an entry removed from the middle breaks the link
//! of the one after it. A removed **last** entry leaves no gap in the chain, so each append
//! also writes the newest `id hash` to `audit.head` beside the store, and [`Store::verify_audit`]
//! checks that the entry it names is still there with that hash.
//!
//! **What it does not prove.** The chain has no secret: someone who rewrites every entry after
//! the one they change, and the head file, leaves a consistent log. It shows edits made with
//! `sqlite3` and the like, not a determined rewrite; sending the entries off the machine
//! (issue 19 item 4) is what anchors them. The table's triggers refuse `UPDATE` and `DELETE`
//! for any writer that does not drop them first.

use crate::{now_ms, sql_err, Store, StoreError};
use rusqlite::{params, TransactionBehavior};
use serde::Serialize;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The `prev_hash` of the first entry: 64 zeros (the length of a blake3 hex digest).
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// One audit log entry as stored. People see the id as `A<id>`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AuditEntry {
    /// Row id, from 1, one more per entry.
    pub id: i64,
    /// When the change was made, ms since the Unix epoch.
    pub ts_ms: i64,
    /// Who made it: `user@host` of the process that ran the command.
    pub actor: String,
    /// What was done: `policy.disable`, `policy.enable`, `policy.add`, `policy.remove`,
    /// `review.accept`, `review.dismiss`, `restore.apply`, … (dotted, lower case).
    pub action: String,
    /// What exactly (rule ids, files, hashes), redacted before it was written.
    pub details: Value,
    /// The previous entry's `hash` ([`GENESIS_HASH`] for the first).
    pub prev_hash: String,
    /// blake3 (hex) of `prev_hash`, a newline and the canonical entry (module docs).
    pub hash: String,
}

impl AuditEntry {
    /// The id as shown to people: `A` and the row id (`A7`).
    pub fn display_id(&self) -> String {
        format!("A{}", self.id)
    }
}

/// One thing [`Store::verify_audit`] found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuditProblem {
    /// The entry it is about (`None` for the log as a whole).
    pub id: Option<i64>,
    /// What kind: `edited` (the entry's hash does not match its content), `broken-link` (its
    /// `prev_hash` is not the previous entry's hash: an entry before it was removed, changed
    /// or moved), `gap` (ids jump: entries were removed), `head-missing` (the newest entry
    /// `audit.head` names is gone), `head-mismatch` (it is there with another hash).
    pub kind: &'static str,
    /// For people: what is wrong and what it means.
    pub message: String,
}

/// What [`Store::verify_audit`] found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuditReport {
    /// Entries read.
    pub entries: u64,
    /// `true` when no problem was found.
    pub ok: bool,
    /// Every problem, in id order.
    pub problems: Vec<AuditProblem>,
    /// The id `audit.head` names, if the file exists and reads.
    pub head_id: Option<i64>,
}

/// blake3 of `bytes` as 64 lower-case hex digits.
pub fn audit_hash_hex(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

/// `v` as canonical JSON: compact, object keys sorted (by bytes) at every depth, so the same
/// value always gives the same text whatever order it was built in.
pub fn canonical_json(v: &Value) -> String {
    fn sorted(v: &Value) -> Value {
        match v {
            Value::Object(m) => {
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                let mut out = serde_json::Map::new();
                for k in keys {
                    out.insert(k.clone(), sorted(&m[k]));
                }
                Value::Object(out)
            }
            Value::Array(a) => Value::Array(a.iter().map(sorted).collect()),
            other => other.clone(),
        }
    }
    sorted(v).to_string()
}

/// The hash of one entry (module docs).
fn entry_hash(
    prev_hash: &str,
    id: i64,
    ts_ms: i64,
    actor: &str,
    action: &str,
    details: &str,
) -> String {
    let canonical = Value::Array(vec![
        id.into(),
        ts_ms.into(),
        actor.into(),
        action.into(),
        details.into(),
    ])
    .to_string();
    audit_hash_hex(format!("{prev_hash}\n{canonical}").as_bytes())
}

/// Where the newest entry's `id hash` is kept: `audit.head` beside the store file.
pub(crate) fn head_path(store: &Path) -> PathBuf {
    store.with_file_name("audit.head")
}

fn read_head(path: &Path) -> Option<(i64, String)> {
    let text = std::fs::read_to_string(path).ok()?;
    let mut parts = text.split_whitespace();
    let id = parts.next()?.parse().ok()?;
    Some((id, parts.next()?.to_string()))
}

/// Raw stored row: (id, ts_ms, actor, action, details text, prev_hash, hash).
type RawRow = (i64, i64, String, String, String, String, String);

impl Store {
    /// Appends an entry (details redacted, then written as canonical JSON) and returns it.
    /// The previous hash is read and the row inserted in one `BEGIN IMMEDIATE` transaction, so
    /// concurrent appends form one chain. Then `audit.head` is rewritten (atomic rename) unless
    /// it already names a later entry; a head that cannot be written is not an error (verify
    /// then checks against the older head).
    ///
    /// # Errors
    /// SQLite errors ([`StoreError::Busy`] when another writer holds the lock too long).
    pub fn append_audit(
        &mut self,
        actor: &str,
        action: &str,
        details: &Value,
    ) -> Result<AuditEntry, StoreError> {
        const ACTION: &str = "appending to the audit log";
        let path = self.path.clone();
        let err = |e| sql_err(&path, ACTION, e);
        let mut details = details.clone();
        hookward_redact::redact_json(&mut details);
        let details_text = canonical_json(&details);
        let ts_ms = now_ms();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(err)?;
        let last: Option<(i64, String)> = tx
            .query_row(
                "SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })
            .map_err(err)?;
        let (id, prev_hash) = match last {
            Some((id, hash)) => (id + 1, hash),
            None => (1, GENESIS_HASH.to_string()),
        };
        let hash = entry_hash(&prev_hash, id, ts_ms, actor, action, &details_text);
        tx.execute(
            "INSERT INTO audit_log (id, ts_ms, actor, action, details, prev_hash, hash) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![id, ts_ms, actor, action, details_text, prev_hash, hash],
        )
        .map_err(err)?;
        tx.commit().map_err(err)?;
        let head = head_path(&self.path);
        if read_head(&head).is_none_or(|(h, _)| h < id) {
            let tmp = head.with_file_name(format!(".audit.head.{}.tmp", std::process::id()));
            let written = std::fs::write(&tmp, format!("{id} {hash}\n"))
                .and_then(|()| std::fs::rename(&tmp, &head));
            if written.is_err() {
                let _ = std::fs::remove_file(&tmp);
            }
        }
        Ok(AuditEntry {
            id,
            ts_ms,
            actor: actor.to_string(),
            action: action.to_string(),
            details,
            prev_hash,
            hash,
        })
    }

    fn audit_raw(
        &self,
        newest_first: bool,
        limit: Option<usize>,
    ) -> Result<Vec<RawRow>, StoreError> {
        const ACTION: &str = "reading the audit log";
        let sql = format!(
            "SELECT id, ts_ms, actor, action, details, prev_hash, hash FROM audit_log ORDER BY id {} LIMIT ?1",
            if newest_first { "DESC" } else { "ASC" }
        );
        let limit = limit.map_or(-1, |l| i64::try_from(l).unwrap_or(i64::MAX));
        let mut stmt = self
            .conn
            .prepare(&sql)
            .map_err(|e| sql_err(&self.path, ACTION, e))?;
        stmt.query_map([limit], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        })
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
        .map_err(|e| sql_err(&self.path, ACTION, e))
    }

    /// The audit entries, newest first, at most `limit` (`None`: all). A `details` text that
    /// does not parse (an edited row) is shown as a JSON string of the stored text.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn audit_entries(&self, limit: Option<usize>) -> Result<Vec<AuditEntry>, StoreError> {
        Ok(self
            .audit_raw(true, limit)?
            .into_iter()
            .map(
                |(id, ts_ms, actor, action, details, prev_hash, hash)| AuditEntry {
                    id,
                    ts_ms,
                    actor,
                    action,
                    details: serde_json::from_str(&details).unwrap_or(Value::String(details)),
                    prev_hash,
                    hash,
                },
            )
            .collect())
    }

    /// Walks the whole chain, oldest first, and checks every link and hash, the ids and the
    /// head file (module docs). Reads every entry: the log holds one row per administrative
    /// change, not per hook call.
    ///
    /// # Errors
    /// SQLite errors.
    pub fn verify_audit(&self) -> Result<AuditReport, StoreError> {
        let rows = self.audit_raw(false, None)?;
        let mut problems = Vec::new();
        let mut prev: Option<(i64, String)> = None;
        for (id, ts_ms, actor, action, details, prev_hash, hash) in &rows {
            let expected_prev = prev.as_ref().map_or(GENESIS_HASH, |(_, h)| h.as_str());
            let expected_id = prev.as_ref().map_or(1, |(p, _)| p + 1);
            if *id != expected_id {
                problems.push(AuditProblem {
                    id: Some(*id),
                    kind: "gap",
                    message: format!(
                        "A{id} follows {}: {} missing",
                        prev.as_ref()
                            .map_or("the start of the log".to_string(), |(p, _)| format!("A{p}")),
                        if id - 1 == expected_id {
                            format!("entry A{expected_id} is")
                        } else {
                            format!("entries A{expected_id}…A{} are", id - 1)
                        }
                    ),
                });
            }
            if prev_hash != expected_prev {
                problems.push(AuditProblem {
                    id: Some(*id),
                    kind: "broken-link",
                    message: format!(
                        "A{id} does not follow the entry before it (its prev_hash is not that entry's hash): an entry before it was removed, changed or moved"
                    ),
                });
            }
            if entry_hash(prev_hash, *id, *ts_ms, actor, action, details) != *hash {
                problems.push(AuditProblem {
                    id: Some(*id),
                    kind: "edited",
                    message: format!(
                        "A{id} was changed after it was written (its hash does not match its content)"
                    ),
                });
            }
            prev = Some((*id, hash.clone()));
        }
        let head = read_head(&head_path(&self.path));
        if let Some((head_id, head_hash)) = &head {
            match rows.iter().find(|r| r.0 == *head_id) {
                None => problems.push(AuditProblem {
                    id: Some(*head_id),
                    kind: "head-missing",
                    message: format!(
                        "A{head_id}, the newest entry audit.head names, is gone: entries were removed from the end"
                    ),
                }),
                Some(r) if r.6 != *head_hash => problems.push(AuditProblem {
                    id: Some(*head_id),
                    kind: "head-mismatch",
                    message: format!(
                        "A{head_id} is not the entry audit.head recorded (another hash): it was replaced"
                    ),
                }),
                Some(_) => {}
            }
        }
        Ok(AuditReport {
            entries: rows.len() as u64,
            ok: problems.is_empty(),
            problems,
            head_id: head.map(|(id, _)| id),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn store_with(n: usize) -> (tempfile::TempDir, Store) {
        let dir = tempfile::tempdir().unwrap();
        let mut s = Store::open(&dir.path().join("state.db")).unwrap();
        for i in 0..n {
            s.append_audit(
                "ann@box",
                "policy.disable",
                &json!({"rules": [format!("shell/r{i}")], "b": 1, "a": {"z": 1, "y": 2}}),
            )
            .unwrap();
        }
        (dir, s)
    }

    /// Runs SQL on the file behind the store's back, with the triggers dropped (what anyone
    /// with `sqlite3` can do).
    fn tamper(dir: &tempfile::TempDir, sql: &str) {
        let c = rusqlite::Connection::open(dir.path().join("state.db")).unwrap();
        c.execute_batch(&format!(
            "DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete; {sql}"
        ))
        .unwrap();
    }

    fn kinds(s: &Store) -> Vec<(Option<i64>, &'static str)> {
        s.verify_audit()
            .unwrap()
            .problems
            .into_iter()
            .map(|p| (p.id, p.kind))
            .collect()
    }

    #[test]
    fn an_untouched_chain_verifies_and_details_are_canonical() {
        let (_d, s) = store_with(4);
        let r = s.verify_audit().unwrap();
        assert!(r.ok && r.entries == 4 && r.head_id == Some(4), "{r:?}");
        let e = s.audit_entries(Some(1)).unwrap();
        assert_eq!(e[0].id, 4);
        assert_eq!(
            canonical_json(&e[0].details),
            r#"{"a":{"y":2,"z":1},"b":1,"rules":["shell/r3"]}"#
        );
        let all = s.audit_entries(None).unwrap();
        assert_eq!(all[3].prev_hash, GENESIS_HASH);
        assert_eq!(all[2].prev_hash, all[3].hash);
    }

    #[test]
    fn the_triggers_refuse_update_and_delete() {
        let (dir, _s) = store_with(2);
        let c = rusqlite::Connection::open(dir.path().join("state.db")).unwrap();
        for sql in [
            "UPDATE audit_log SET actor = 'x' WHERE id = 1",
            "DELETE FROM audit_log WHERE id = 2",
        ] {
            let e = c.execute(sql, []).unwrap_err().to_string();
            assert!(e.contains("append-only"), "{e}");
        }
    }

    #[test]
    fn every_kind_of_tampering_is_found() {
        // Each column edited, even a byte of whitespace in the details.
        for set in [
            "actor = 'eve@box'",
            "action = 'policy.enable'",
            "ts_ms = ts_ms + 1",
            "details = replace(details, 'r1', 'r9')",
            "details = details || ' '",
        ] {
            let (dir, s) = store_with(3);
            tamper(&dir, &format!("UPDATE audit_log SET {set} WHERE id = 2"));
            assert_eq!(kinds(&s), [(Some(2), "edited")], "{set}");
        }
        // A middle entry deleted: the next one's link breaks and the ids jump.
        let (dir, s) = store_with(3);
        tamper(&dir, "DELETE FROM audit_log WHERE id = 2");
        assert_eq!(kinds(&s), [(Some(3), "gap"), (Some(3), "broken-link")]);
        // The first entry deleted.
        let (dir, s) = store_with(3);
        tamper(&dir, "DELETE FROM audit_log WHERE id = 1");
        assert_eq!(kinds(&s), [(Some(2), "gap"), (Some(2), "broken-link")]);
        // The last entry deleted: only the head shows it.
        let (dir, s) = store_with(3);
        tamper(&dir, "DELETE FROM audit_log WHERE id = 3");
        assert_eq!(kinds(&s), [(Some(3), "head-missing")]);
        // Two entries swapped (contents moved to each other's ids).
        let (dir, s) = store_with(3);
        tamper(
            &dir,
            "UPDATE audit_log SET id = -1 WHERE id = 1; UPDATE audit_log SET id = 1 WHERE id = 2; UPDATE audit_log SET id = 2 WHERE id = -1;",
        );
        let k = kinds(&s);
        assert!(
            k.contains(&(Some(1), "edited")) && k.contains(&(Some(2), "edited")),
            "{k:?}"
        );
        // An entry's hash recomputed to match its edit still breaks the next link.
        let (dir, s) = store_with(3);
        let rows = s.audit_raw(false, None).unwrap();
        let (id, ts, actor, _, details, prev, _) = rows[1].clone();
        let forged = entry_hash(&prev, id, ts, &actor, "policy.enable", &details);
        tamper(
            &dir,
            &format!(
                "UPDATE audit_log SET action = 'policy.enable', hash = '{forged}' WHERE id = 2"
            ),
        );
        assert_eq!(kinds(&s), [(Some(3), "broken-link")]);
        // The chain rewritten from the end: the head names a hash that is no longer there.
        let (dir, s) = store_with(2);
        let rows = s.audit_raw(false, None).unwrap();
        let (id, ts, actor, _, details, prev, _) = rows[1].clone();
        let forged = entry_hash(&prev, id, ts, &actor, "policy.enable", &details);
        tamper(
            &dir,
            &format!(
                "UPDATE audit_log SET action = 'policy.enable', hash = '{forged}' WHERE id = 2"
            ),
        );
        assert_eq!(kinds(&s), [(Some(2), "head-mismatch")]);
    }

    #[test]
    fn appends_after_a_reopen_continue_the_chain() {
        let (dir, s) = store_with(2);
        drop(s);
        let mut s = Store::open(&dir.path().join("state.db")).unwrap();
        let e = s
            .append_audit(
                "bob@box",
                "policy.add",
                &json!({"token": "ghp_0123456789abcdefghijABCDEFGHIJ012345"}),
            )
            .unwrap();
        assert_eq!(e.id, 3);
        assert!(
            e.details["token"].as_str().unwrap().contains("REDACTED"),
            "{e:?}"
        );
        assert!(s.verify_audit().unwrap().ok);
    }
}
