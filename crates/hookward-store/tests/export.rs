//! Export cursors and batches (schema version 7, issue 19 item 4): batches come oldest first
//! after the cursor, a cursor only moves forward, canary rows stay home, a version-6 store
//! gains the table, and a batch not acknowledged is read again (at-least-once).

use hookward_store::{DecisionRecord, ExportCursor, HealthEvent, Store, SCHEMA_VERSION};
use serde_json::json;

fn record(ts_ms: i64, session: &str) -> DecisionRecord {
    DecisionRecord {
        ts_ms,
        agent: "claude-code".into(),
        event: "PreToolUse".into(),
        tool: Some("Bash".into()),
        tool_kind: Some("shell".into()),
        session: Some(session.into()),
        cwd: Some("/work".into()),
        input: json!({"command": format!("echo {ts_ms} sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")}),
        facts: json!({}),
        decision: Some("deny".into()),
        reply: "deny".into(),
        rule_ids: vec!["command/test".into()],
        reasons: vec!["r".into()],
        elapsed_us: 900,
        agent_id: None,
        agent_type: None,
    }
}

fn health(ts_ms: i64) -> HealthEvent {
    HealthEvent {
        ts_ms,
        kind: "internal-error".into(),
        message: format!("m{ts_ms}"),
        detail: json!({}),
        agent: None,
        session: None,
    }
}

#[test]
fn batches_follow_the_cursor_and_resume_after_a_failed_send() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("state.db")).unwrap();
    for i in 0..25 {
        store.record_decision(&record(1000 + i, "s")).unwrap();
    }
    for i in 0..3 {
        store.record_health(&health(2000 + i)).unwrap();
    }
    store
        .append_audit("a@b", "mcp.block", &json!({"added": ["x"]}))
        .unwrap();
    let c0 = store.export_cursor("otlp").unwrap();
    assert_eq!(c0, ExportCursor::default());
    let b1 = store.export_batch(&c0, 10).unwrap();
    assert_eq!(b1.decisions.len(), 10);
    assert_eq!((b1.health.len(), b1.audit.len()), (3, 1));
    let ids: Vec<i64> = b1.decisions.iter().map(|d| d.id).collect();
    assert_eq!(ids, (1..=10).collect::<Vec<_>>(), "oldest first");
    // Redacted in the store, so redacted in the batch.
    assert!(!b1.decisions[0]
        .record
        .input
        .to_string()
        .contains("AAAAAAAAAAAAAAAA"));
    // Not acknowledged: the cursor stays, the same batch comes again.
    let again = store.export_batch(&c0, 10).unwrap();
    assert_eq!(again.decisions[0].id, 1);
    // Acknowledged: the next batch starts after it.
    let c1 = b1.cursor_after(&c0);
    store.advance_export_cursor("otlp", &c1).unwrap();
    let stored = store.export_cursor("otlp").unwrap();
    assert_eq!(
        (
            stored.decision_id,
            stored.health_id,
            stored.audit_id,
            stored.sent
        ),
        (10, 3, 1, 14)
    );
    assert!(stored.updated_ms > 0);
    let b2 = store.export_batch(&stored, 10).unwrap();
    assert_eq!(b2.decisions.first().map(|d| d.id), Some(11));
    assert!(b2.health.is_empty() && b2.audit.is_empty());
    // Another sink has its own cursor.
    assert_eq!(
        store.export_cursor("syslog").unwrap(),
        ExportCursor::default()
    );
    // A cursor never moves back.
    store.advance_export_cursor("otlp", &c0).unwrap();
    assert_eq!(store.export_cursor("otlp").unwrap().decision_id, 10);
    // Rows recorded after a batch was read come in a later batch.
    store.record_decision(&record(5000, "s")).unwrap();
    let rest = store.export_batch(&stored, 100).unwrap();
    assert_eq!(rest.decisions.len(), 16);
    assert_eq!(rest.decisions.last().unwrap().record.ts_ms, 5000);
    assert_eq!(store.export_cursors().unwrap().len(), 1);
}

#[test]
fn canary_rows_are_not_exported() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    store.record_decision(&record(1000, "canary")).unwrap();
    store.record_decision(&record(1001, "real")).unwrap();
    store.mark_canary("canary", 0).unwrap();
    let b = store.export_batch(&ExportCursor::default(), 10).unwrap();
    assert_eq!(b.decisions.len(), 1);
    assert_eq!(b.decisions[0].record.session.as_deref(), Some("real"));
}

#[test]
fn a_version_6_store_gains_the_export_cursors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    Store::open(&path)
        .unwrap()
        .record_decision(&record(1, "s"))
        .unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        // Back to version 6: without migration 7's table, migration 8's (issue 15), 9's (issue 21) and 10's (issue 14).
        conn.execute_batch(
            "DROP TABLE export_cursors; DROP TABLE context_manifests;
             DROP TRIGGER context_files_insert_manifests; DROP TRIGGER context_files_update_manifests;
             DROP TRIGGER context_files_delete_manifests; DROP TRIGGER context_scopes_insert_manifests;
             DROP TRIGGER context_scopes_update_manifests; DROP TRIGGER context_scopes_delete_manifests;
             DROP TABLE cost_files; DROP TABLE cost_requests;
             DROP TRIGGER lessons_gen_insert; DROP TRIGGER lessons_gen_delete;
             DROP TRIGGER lessons_gen_update; DROP TRIGGER lessons_renewed; DROP TABLE lesson_index;
             ALTER TABLE lessons DROP COLUMN vetted;
             DROP TABLE kb_files; DROP TABLE kb_chunks; PRAGMA user_version = 6;",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    assert_eq!(SCHEMA_VERSION, 12);
    assert_eq!(store.lessons_generation().unwrap(), 1);
    assert_eq!(store.context_manifest("k").unwrap(), None);
    let b = store.export_batch(&ExportCursor::default(), 10).unwrap();
    assert_eq!(b.decisions.len(), 1);
}
