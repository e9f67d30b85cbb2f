//! Behaviour of the store: creation, migration, damage handling, redaction, queries,
//! concurrency and the fallback file. Everything runs in temporary directories.

use hookward_store::{
    append_fallback_health, fallback_health_path, read_fallback_health, DecisionQuery,
    DecisionRecord, HealthEvent, Retention, Store, StoreError, APPLICATION_ID, FALLBACK_UNREADABLE,
    SCHEMA_VERSION,
};
use serde_json::json;
use std::path::{Path, PathBuf};

const GH: &str = "ghp_0123456789abcdefghijABCDEFGHIJ012345";

fn record(ts_ms: i64, agent: &str, session: &str, decision: Option<&str>) -> DecisionRecord {
    DecisionRecord {
        ts_ms,
        agent: agent.into(),
        event: "PreToolUse".into(),
        tool: Some("Bash".into()),
        tool_kind: Some("shell".into()),
        session: Some(session.into()),
        cwd: Some("/work".into()),
        input: json!({"command": format!("echo {ts_ms}")}),
        facts: json!({"effects": []}),
        decision: decision.map(str::to_string),
        reply: decision.unwrap_or("none").into(),
        rule_ids: decision
            .map(|_| vec!["command/test".to_string()])
            .unwrap_or_default(),
        reasons: Vec::new(),
        elapsed_us: 900,
        agent_id: None,
        agent_type: None,
    }
}

fn health(ts_ms: i64, kind: &str, message: &str) -> HealthEvent {
    HealthEvent {
        ts_ms,
        kind: kind.into(),
        message: message.into(),
        detail: json!({"n": ts_ms}),
        agent: Some("claude-code".into()),
        session: None,
    }
}

fn db_in(dir: &tempfile::TempDir) -> PathBuf {
    dir.path().join("home").join(".hookward").join("state.db")
}

/// Deterministic pseudo-random bytes (xorshift), not starting with the SQLite magic.
fn noise(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// A closed store with `n` decisions (bulky inputs, so the file spans many pages).
fn populated(path: &Path, n: i64) {
    let store = Store::open(path).unwrap();
    for i in 0..n {
        let mut r = record(1_000 + i, "claude-code", "s1", Some("allow"));
        r.input = json!({"content": "x".repeat(600), "i": i});
        store.record_decision(&r).unwrap();
    }
    // Move everything into the main file, as a long-lived store eventually is.
    assert!(store.checkpoint().unwrap());
    assert_eq!(
        std::fs::metadata(sidecar(path, "-wal")).map_or(0, |m| m.len()),
        0
    );
}

fn sidecar(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_os_string();
    s.push(suffix);
    PathBuf::from(s)
}

fn assert_damaged_and_untouched(path: &Path, before: &[u8]) -> String {
    let err = Store::open(path).unwrap_err();
    let detail = match &err {
        StoreError::Damaged { path: p, detail } => {
            assert_eq!(p, path);
            detail.clone()
        }
        other => panic!("expected Damaged, got {other:?}"),
    };
    assert!(matches!(
        Store::open_existing(path),
        Err(StoreError::Damaged { .. })
    ));
    assert_eq!(
        std::fs::read(path).unwrap(),
        before,
        "the damaged file was modified"
    );
    detail
}

#[test]
fn open_creates_directory_file_and_schema() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let store = Store::open(&path).unwrap();
    assert!(store.was_created());
    assert_eq!(store.path(), path);
    assert!(path.is_file());
    let h = store.check().unwrap();
    assert!(h.ok, "{h:?}");
    assert_eq!(h.quick_check, ["ok"]);
    assert_eq!(h.schema_version, SCHEMA_VERSION);
    assert_eq!(h.journal_mode, "wal");
    assert_eq!((h.decisions, h.health_events), (0, 0));
    assert!(h.file_bytes > 0);
    drop(store);

    let again = Store::open(&path).unwrap();
    assert!(
        !again.was_created(),
        "a second open must not report creation"
    );
}

#[cfg(unix)]
#[test]
fn new_store_is_private() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    Store::open(&path).unwrap();
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    let dmode = std::fs::metadata(path.parent().unwrap())
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(dmode, 0o700);
}

#[test]
fn empty_existing_file_is_initialised() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    std::fs::write(&path, b"").unwrap();
    let store = Store::open_existing(&path).unwrap();
    assert!(store.was_created());
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
}

#[test]
fn open_existing_reports_missing_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    match Store::open_existing(&path) {
        Err(StoreError::Missing { path: p }) => assert_eq!(p, path),
        other => panic!("expected Missing, got {other:?}"),
    }
    assert!(!path.exists());
    assert!(!path.parent().unwrap().exists());
}

#[test]
fn reopen_keeps_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let (d1, d2, h1) = {
        let store = Store::open(&path).unwrap();
        let d1 = store
            .record_decision(&record(10, "claude-code", "s1", Some("deny")))
            .unwrap();
        let d2 = store
            .record_decision(&record(20, "codex", "s2", None))
            .unwrap();
        let h1 = store
            .record_health(&health(15, "store-created", "created"))
            .unwrap();
        (d1, d2, h1)
    };
    assert!(d2 > d1);
    let store = Store::open_existing(&path).unwrap();
    let rows = store
        .decisions(&DecisionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    assert_eq!(ids, [d2, d1]);
    assert_eq!(
        rows[1].record,
        record(10, "claude-code", "s1", Some("deny"))
    );
    assert_eq!(rows[0].record, record(20, "codex", "s2", None));
    let hs = store.health_events(None, 10).unwrap();
    assert_eq!(hs.len(), 1);
    assert_eq!(hs[0].id, h1);
    assert_eq!(hs[0].event, health(15, "store-created", "created"));
}

#[test]
fn random_bytes_are_damaged_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let bytes = noise(8192);
    std::fs::write(&path, &bytes).unwrap();
    let detail = assert_damaged_and_untouched(&path, &bytes);
    assert!(detail.contains("not a SQLite database"), "{detail}");
    // Nothing was created next to it either.
    assert!(!dir.path().join("state.db-wal").exists());
    assert!(!dir.path().join("state.db-shm").exists());
}

#[test]
fn short_file_is_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    std::fs::write(&path, b"SQLite format 3\0short").unwrap();
    let detail = assert_damaged_and_untouched(&path, b"SQLite format 3\0short");
    assert!(
        detail.contains("shorter than the 100-byte SQLite header"),
        "{detail}"
    );
}

#[test]
fn truncated_database_is_damaged_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    populated(&path, 200);
    let full = std::fs::read(&path).unwrap();
    assert!(full.len() > 64 * 1024, "test needs a multi-page file");
    let page = 4096;

    // Cut at a page boundary: the header still declares the old page count.
    let at_page = full[..(full.len() / 2 / page) * page].to_vec();
    std::fs::write(&path, &at_page).unwrap();
    let detail = assert_damaged_and_untouched(&path, &at_page);
    assert!(detail.contains("truncated"), "{detail}");

    // Cut mid-page.
    let mid = full[..full.len() / 2 + 123].to_vec();
    std::fs::write(&path, &mid).unwrap();
    let detail = assert_damaged_and_untouched(&path, &mid);
    assert!(detail.contains("not a whole number"), "{detail}");
}

#[test]
fn corruption_behind_a_valid_header_is_reported_by_the_first_statement() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    populated(&path, 5);
    let mut bytes = std::fs::read(&path).unwrap();
    // Overwrite the rest of page 1 (the schema table's root page) with noise.
    let junk = noise(4096 - 100);
    bytes[100..4096].copy_from_slice(&junk);
    std::fs::write(&path, &bytes).unwrap();

    let outcome =
        Store::open(&path).and_then(|s| s.record_decision(&record(1, "codex", "s", None)));
    match outcome {
        Err(StoreError::Damaged { .. }) => {}
        other => panic!("expected Damaged, got {other:?}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), bytes);
}

#[test]
fn a_directory_is_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    std::fs::create_dir(&path).unwrap();
    assert!(matches!(
        Store::open(&path),
        Err(StoreError::Damaged { .. })
    ));
}

#[test]
fn newer_schema_is_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    populated(&path, 3);
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", SCHEMA_VERSION + 1)
            .unwrap();
    }
    let before = std::fs::read(&path).unwrap();
    match Store::open(&path) {
        Err(StoreError::NewerSchema {
            found, supported, ..
        }) => {
            assert_eq!(found, SCHEMA_VERSION + 1);
            assert_eq!(supported, SCHEMA_VERSION);
        }
        other => panic!("expected NewerSchema, got {other:?}"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn foreign_databases_are_refused_and_left_untouched() {
    let dir = tempfile::tempdir().unwrap();

    let other_app = dir.path().join("other.db");
    {
        let conn = rusqlite::Connection::open(&other_app).unwrap();
        conn.execute_batch(
            "CREATE TABLE t (x); PRAGMA user_version = 1; PRAGMA application_id = 42;",
        )
        .unwrap();
    }
    let before = std::fs::read(&other_app).unwrap();
    assert!(matches!(
        Store::open(&other_app),
        Err(StoreError::NotAStore { .. })
    ));
    assert_eq!(std::fs::read(&other_app).unwrap(), before);

    let unversioned = dir.path().join("plain.db");
    {
        let conn = rusqlite::Connection::open(&unversioned).unwrap();
        conn.execute_batch("CREATE TABLE notes (body TEXT);")
            .unwrap();
    }
    let before = std::fs::read(&unversioned).unwrap();
    assert!(matches!(
        Store::open(&unversioned),
        Err(StoreError::NotAStore { .. })
    ));
    assert_eq!(std::fs::read(&unversioned).unwrap(), before);
}

#[test]
fn application_id_is_set() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    drop(Store::open(&path).unwrap());
    let conn = rusqlite::Connection::open(&path).unwrap();
    let app: i32 = conn
        .pragma_query_value(None, "application_id", |r| r.get(0))
        .unwrap();
    assert_eq!(app, APPLICATION_ID);
}

#[test]
fn secrets_are_stored_redacted() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let store = Store::open(&path).unwrap();
    let mut r = record(5, "claude-code", "s1", Some("deny"));
    r.input = json!({
        "command": format!("GITHUB_TOKEN={GH} gh pr list"),
        "env": {"DB_PASSWORD": "hunter2-plain"},
    });
    r.facts = json!({"findings": [{"evidence": format!("Authorization: token {GH}")}]});
    r.reasons = vec!["url postgres://app:s3cr3t-pw@db/prod leaks".into()];
    let id = store.record_decision(&r).unwrap();
    store
        .record_health(&HealthEvent {
            ts_ms: 6,
            kind: "internal-error".into(),
            message: format!("failed near {GH}"),
            detail: json!({"api_key": "hunter2-plain"}),
            agent: None,
            session: None,
        })
        .unwrap();

    let row = store
        .decisions(&DecisionQuery {
            limit: 1,
            ..Default::default()
        })
        .unwrap()
        .remove(0);
    assert_eq!(row.id, id);
    assert_eq!(
        row.record.input["command"],
        "GITHUB_TOKEN=[REDACTED:github] gh pr list"
    );
    assert_eq!(
        row.record.input["env"]["DB_PASSWORD"],
        "[REDACTED:secret-var]"
    );
    assert_eq!(
        row.record.facts["findings"][0]["evidence"],
        "Authorization: token [REDACTED:github]"
    );
    assert_eq!(
        row.record.reasons,
        ["url postgres://app:[REDACTED:url-password]@db/prod leaks"]
    );
    let h = store.health_events(None, 1).unwrap().remove(0);
    assert_eq!(h.event.message, "failed near [REDACTED:github]");
    assert_eq!(h.event.detail["api_key"], "[REDACTED:secret-var]");
    drop(store);

    // Read the file with plain SQLite: no secret anywhere in the stored text.
    let conn = rusqlite::Connection::open(&path).unwrap();
    let mut all = String::new();
    for sql in [
        "SELECT input || facts || reasons FROM decisions",
        "SELECT message || detail FROM health_events",
    ] {
        let mut stmt = conn.prepare(sql).unwrap();
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).unwrap();
        for row in rows {
            all.push_str(&row.unwrap());
        }
    }
    for secret in [GH, "hunter2-plain", "s3cr3t-pw"] {
        assert!(!all.contains(secret), "{secret} stored in clear: {all}");
    }
    assert!(all.contains("[REDACTED:github]"));
}

#[test]
fn invalid_decisions_are_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    let err = store
        .record_decision(&record(1, "codex", "s", Some("block")))
        .unwrap_err();
    assert!(
        matches!(&err, StoreError::InvalidInput { field: "DecisionRecord.decision", value, .. } if value == "block"),
        "{err:?}"
    );
    let err = store
        .decisions(&DecisionQuery {
            decision: Some("maybe".into()),
            limit: 5,
            ..Default::default()
        })
        .unwrap_err();
    assert!(matches!(
        err,
        StoreError::InvalidInput {
            field: "DecisionQuery.decision",
            ..
        }
    ));
}

#[test]
fn queries_filter_and_order_newest_first() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    let rows = [
        (100, "claude-code", "a", Some("deny")),
        (200, "claude-code", "a", None),
        (300, "codex", "b", Some("allow")),
        (400, "claude-code", "b", Some("deny")),
        (400, "codex", "a", Some("ask")),
    ];
    let mut ids = Vec::new();
    for (ts, agent, session, decision) in rows {
        ids.push(
            store
                .record_decision(&record(ts, agent, session, decision))
                .unwrap(),
        );
    }
    let q = |f: &dyn Fn(&mut DecisionQuery)| {
        let mut query = DecisionQuery {
            limit: 100,
            ..Default::default()
        };
        f(&mut query);
        store
            .decisions(&query)
            .unwrap()
            .into_iter()
            .map(|r| r.record.ts_ms * 10 + r.id)
            .collect::<Vec<_>>()
    };
    let key = |i: usize| rows[i].0 * 10 + ids[i];
    // Newest first; equal times by id, newest id first.
    assert_eq!(q(&|_| {}), [key(4), key(3), key(2), key(1), key(0)]);
    assert_eq!(
        q(&|q| q.session = Some("a".into())),
        [key(4), key(1), key(0)]
    );
    assert_eq!(q(&|q| q.decision = Some("deny".into())), [key(3), key(0)]);
    assert_eq!(q(&|q| q.decision = Some("none".into())), [key(1)]);
    assert_eq!(q(&|q| q.agent = Some("codex".into())), [key(4), key(2)]);
    assert_eq!(q(&|q| q.since_ms = Some(300)), [key(4), key(3), key(2)]);
    assert_eq!(
        q(&|q| {
            q.agent = Some("claude-code".into());
            q.session = Some("a".into());
            q.decision = Some("deny".into());
        }),
        [key(0)]
    );
    assert_eq!(q(&|q| q.limit = 2), [key(4), key(3)]);
    assert_eq!(q(&|q| q.limit = 0), Vec::<i64>::new());
    assert_eq!(q(&|q| q.limit = usize::MAX).len(), 5);

    assert_eq!(store.last_event_ms("claude-code").unwrap(), Some(400));
    assert_eq!(store.last_event_ms("codex").unwrap(), Some(400));
    assert_eq!(store.last_event_ms("gemini").unwrap(), None);
}

#[test]
fn health_events_filter_and_order() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    for (ts, kind) in [
        (30, "fail-open"),
        (10, "store-created"),
        (20, "policy-error"),
    ] {
        store.record_health(&health(ts, kind, kind)).unwrap();
    }
    let kinds = |since, limit| {
        store
            .health_events(since, limit)
            .unwrap()
            .into_iter()
            .map(|h| h.event.kind)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        kinds(None, 10),
        ["fail-open", "policy-error", "store-created"]
    );
    assert_eq!(kinds(Some(20), 10), ["fail-open", "policy-error"]);
    assert_eq!(kinds(None, 1), ["fail-open"]);
    let h = store.check().unwrap();
    assert_eq!((h.decisions, h.health_events), (0, 3));
}

#[test]
fn concurrent_writers_lose_no_row() {
    const THREADS: usize = 4;
    const EACH: i64 = 200;
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let barrier = std::sync::Barrier::new(THREADS);
    let results: Vec<(bool, Vec<i64>)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..THREADS)
            .map(|t| {
                let (path, barrier) = (&path, &barrier);
                scope.spawn(move || {
                    barrier.wait();
                    // Every thread races to create the store, then writes on its own connection.
                    let store = Store::open(path).unwrap();
                    let ids: Vec<i64> = (0..EACH)
                        .map(|i| {
                            let r = record(i, &format!("agent-{t}"), "s", Some("allow"));
                            store.record_decision(&r).unwrap()
                        })
                        .collect();
                    (store.was_created(), ids)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    assert_eq!(
        results.iter().filter(|(created, _)| *created).count(),
        1,
        "exactly one opener initialises the schema"
    );
    let mut ids: Vec<i64> = results.into_iter().flat_map(|(_, ids)| ids).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), THREADS * EACH as usize);
    let store = Store::open_existing(&path).unwrap();
    let h = store.check().unwrap();
    assert_eq!(h.decisions, (THREADS as u64) * EACH as u64);
    assert!(h.ok);
    for t in 0..THREADS {
        let n = store
            .decisions(&DecisionQuery {
                agent: Some(format!("agent-{t}")),
                limit: usize::MAX,
                ..Default::default()
            })
            .unwrap()
            .len();
        assert_eq!(n, EACH as usize);
    }
}

#[test]
fn fallback_health_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let store_path = db_in(&dir);
    let path = fallback_health_path(&store_path);
    assert_eq!(
        path,
        store_path.parent().unwrap().join("health-fallback.jsonl")
    );
    assert_eq!(
        read_fallback_health(&path).unwrap(),
        Vec::<HealthEvent>::new()
    );

    let a = health(1, "store-damaged", "state.db is damaged");
    let mut b = health(2, "internal-error", &format!("token {GH} rejected"));
    b.session = Some("s9".into());
    append_fallback_health(&path, &a).unwrap();
    append_fallback_health(&path, &b).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(!text.contains(GH), "secret written to the fallback file");
    assert_eq!(text.lines().count(), 2);

    let got = read_fallback_health(&path).unwrap();
    let mut b_redacted = b.clone();
    b_redacted.message = "token [REDACTED:github] rejected".into();
    assert_eq!(got, vec![a.clone(), b_redacted.clone()]);

    // Bad lines are skipped and counted; a line cut short by a crash is one of them.
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .unwrap();
    f.write_all(b"not json\n\n{\"ts_ms\": 3, \"kind\": \"fail-open\", \"message\": \"m\"}\n{\"ts_ms\": 4, \"ki")
        .unwrap();
    drop(f);
    let got = read_fallback_health(&path).unwrap();
    assert_eq!(got.len(), 4, "{got:?}");
    assert_eq!(got[..2], [a, b_redacted]);
    assert_eq!(got[2].kind, "fail-open");
    assert_eq!(got[2].detail, serde_json::Value::Null);
    let summary = &got[3];
    assert_eq!(summary.kind, FALLBACK_UNREADABLE);
    assert_eq!(summary.detail["bad_lines"], 2);
    assert_eq!(summary.detail["first_bad_line"], 3);
}

#[test]
fn decision_row_json_shape() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    let mut r = record(1_700_000_000_000, "claude-code", "s1", Some("deny"));
    r.reasons = vec!["pipes a download into a shell".into()];
    store.record_decision(&r).unwrap();
    let row = store
        .decisions(&DecisionQuery {
            limit: 1,
            ..Default::default()
        })
        .unwrap()
        .remove(0);
    assert_eq!(row.display_id(), "D1");
    insta::assert_json_snapshot!(row);
}

#[test]
fn error_messages() {
    let p = PathBuf::from("/home/u/.hookward/state.db");
    let errors = [
        StoreError::Missing { path: p.clone() },
        StoreError::Damaged {
            path: p.clone(),
            detail: "it does not start with the SQLite magic string \"SQLite format 3\", so it is not a SQLite database".into(),
        },
        StoreError::NotAStore {
            path: p.clone(),
            detail: "its application_id is 0x2a, hookward's is 0x686b7764".into(),
        },
        StoreError::NewerSchema {
            path: p.clone(),
            found: 7,
            supported: 1,
        },
        StoreError::Busy {
            path: p.clone(),
            action: "inserting a decision",
            waited_ms: 200,
        },
        StoreError::InvalidInput {
            field: "DecisionRecord.decision",
            value: "block".into(),
            expected: "\"allow\", \"ask\", \"deny\" or None (no opinion)",
        },
    ];
    let text: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
    insta::assert_snapshot!(text.join("\n"));
}

#[test]
fn damaged_error_names_the_real_file() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    std::fs::write(&path, noise(4096)).unwrap();
    let msg = Store::open(&path).unwrap_err().to_string();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains("left untouched"), "{msg}");
}

#[test]
fn wal_stays_bounded_and_rows_survive() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let wal = sidecar(&path, "-wal");
    for i in 0..120 {
        // One process per insert, as hooks do.
        let store = Store::open(&path).unwrap();
        let mut r = record(i, "claude-code", "s", None);
        r.input = json!({"content": format!("{i}:{}", "y".repeat(8 * 1024))});
        store.record_decision(&r).unwrap();
        let wal_len = std::fs::metadata(&wal).map_or(0, |m| m.len());
        assert!(
            wal_len <= hookward_store::WAL_CAP_BYTES + 64 * 1024,
            "WAL grew to {wal_len} bytes after insert {i}"
        );
    }
    let store = Store::open_existing(&path).unwrap();
    let rows = store
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(rows.len(), 120);
    assert!(rows.iter().all(|r| r.record.input["content"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{}:", r.record.ts_ms))));
    assert!(store.check().unwrap().ok);
}

#[test]
fn a_held_lock_gives_busy_and_loses_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let store = Store::open(&path).unwrap();
    store
        .record_decision(&record(1, "codex", "s", None))
        .unwrap();
    let other = rusqlite::Connection::open(&path).unwrap();
    other.execute_batch("BEGIN IMMEDIATE").unwrap();
    match store.record_decision(&record(2, "codex", "s", None)) {
        Err(StoreError::Busy {
            action, waited_ms, ..
        }) => {
            assert_eq!(action, "inserting a decision");
            assert_eq!(waited_ms, 200);
        }
        other => panic!("expected Busy, got {other:?}"),
    }
    other.execute_batch("ROLLBACK").unwrap();
    store
        .record_decision(&record(3, "codex", "s", None))
        .unwrap();
    let ts: Vec<i64> = store
        .decisions(&DecisionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap()
        .iter()
        .map(|r| r.record.ts_ms)
        .collect();
    assert_eq!(ts, [3, 1]);
}

#[test]
fn an_older_schema_is_migrated() {
    // A store at version 0 with no tables is what a crash between file creation and the first
    // migration leaves behind: the next open finishes the job.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.pragma_update(None, "journal_mode", "WAL").unwrap();
        conn.pragma_update(None, "user_version", 0).unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert!(store.was_created());
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    store
        .record_decision(&record(1, "codex", "s", None))
        .unwrap();
}

#[test]
fn subagent_identity_round_trips_and_old_rows_read_as_none() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let store = Store::open(&path).unwrap();
    let mut sub = record(2, "claude-code", "s", Some("deny"));
    sub.agent_id = Some("a4e15673de191bf11".into());
    sub.agent_type = Some("general-purpose".into());
    store
        .record_decision(&record(1, "claude-code", "s", None))
        .unwrap();
    store.record_decision(&sub).unwrap();
    drop(store);
    let store = Store::open(&path).unwrap();
    let rows = store
        .decisions(&DecisionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    let got: Vec<_> = rows
        .iter()
        .map(|r| (r.record.agent_id.as_deref(), r.record.agent_type.as_deref()))
        .collect();
    assert_eq!(
        got,
        [
            (Some("a4e15673de191bf11"), Some("general-purpose")),
            (None, None)
        ]
    );
}

#[test]
fn a_version_3_store_gains_the_subagent_columns() {
    // A store as schema version 3 left it (decisions without agent_id/agent_type): opening it
    // runs migration 4 and keeps the old row, which reads back with no sub-agent.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    Store::open(&path)
        .unwrap()
        .record_decision(&record(1, "codex", "s", None))
        .unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE audit_log; ALTER TABLE decisions DROP COLUMN agent_type; ALTER TABLE decisions DROP COLUMN agent_id;
             DROP TABLE lesson_episodes; DROP TABLE lessons; DROP TABLE lessons_fts;
             DROP TABLE lesson_deliveries; DROP TABLE lesson_turns; DROP TABLE export_cursors; DROP TABLE context_manifests; DROP TRIGGER context_files_insert_manifests; DROP TRIGGER context_files_update_manifests; DROP TRIGGER context_files_delete_manifests; DROP TRIGGER context_scopes_insert_manifests; DROP TRIGGER context_scopes_update_manifests; DROP TRIGGER context_scopes_delete_manifests; DROP TABLE cost_files; DROP TABLE cost_requests; DROP TABLE lesson_index; DROP TABLE kb_files; DROP TABLE kb_chunks; PRAGMA user_version = 3;",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    let rows = store
        .decisions(&DecisionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].record.agent_id, None);
}

#[test]
fn a_version_4_store_gains_the_audit_log() {
    // A store as schema version 4 left it (no audit_log): opening it runs migration 5, keeps
    // the decisions, and the new log starts a chain that verifies.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    Store::open(&path)
        .unwrap()
        .record_decision(&record(1, "codex", "s", None))
        .unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE audit_log; DROP TABLE lesson_episodes; DROP TABLE lessons; DROP TABLE lessons_fts;
             DROP TABLE lesson_deliveries; DROP TABLE lesson_turns; DROP TABLE export_cursors; DROP TABLE context_manifests; DROP TRIGGER context_files_insert_manifests; DROP TRIGGER context_files_update_manifests; DROP TRIGGER context_files_delete_manifests; DROP TRIGGER context_scopes_insert_manifests; DROP TRIGGER context_scopes_update_manifests; DROP TRIGGER context_scopes_delete_manifests; DROP TABLE cost_files; DROP TABLE cost_requests; DROP TABLE lesson_index; DROP TABLE kb_files; DROP TABLE kb_chunks; PRAGMA user_version = 4;",
        )
            .unwrap();
    }
    let mut store = Store::open(&path).unwrap();
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    let e = store
        .append_audit("a@b", "policy.disable", &json!({"rules": ["x/y"]}))
        .unwrap();
    assert_eq!(
        (e.id, e.prev_hash.as_str()),
        (1, hookward_store::GENESIS_HASH)
    );
    assert!(store.verify_audit().unwrap().ok);
    let rows = store
        .decisions(&DecisionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(rows.len(), 1);
}

/// Ids of every stored decision, canary rows included, oldest first.
fn all_ids(store: &Store) -> Vec<i64> {
    let mut ids: Vec<i64> = store
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            with_canary: true,
            ..Default::default()
        })
        .unwrap()
        .into_iter()
        .map(|r| r.id)
        .collect();
    ids.sort();
    ids
}

#[test]
fn pruning_by_age_deletes_only_older_rows_a_bounded_batch_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_in(&dir)).unwrap();
    // Out-of-order timestamps: age, not insertion order, decides.
    let day = 86_400_000i64;
    let now = 1_800_000_000_000i64;
    let ages = [40, 2, 35, 31, 0, 29, 33, 1, 90, 30];
    for (i, a) in ages.iter().enumerate() {
        store
            .record_decision(&record(
                now - a * day + i as i64,
                "claude-code",
                "s",
                Some("allow"),
            ))
            .unwrap();
    }
    let cutoff = now - 30 * day;
    let old = ages.iter().filter(|a| **a > 30).count();
    assert_eq!(old, 5);
    assert_eq!(
        store.prune_decisions(Retention::Since(cutoff), 2).unwrap(),
        2
    );
    assert_eq!(all_ids(&store).len(), ages.len() - 2);
    let mut total = 2;
    loop {
        let n = store.prune_decisions(Retention::Since(cutoff), 2).unwrap();
        assert!(n <= 2);
        if n == 0 {
            break;
        }
        total += n;
    }
    assert_eq!(total, old as u64);
    let left = store
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(left.len(), ages.len() - old);
    assert!(left.iter().all(|r| r.record.ts_ms >= cutoff));
    // The most recent decision survives.
    assert!(left.iter().any(|r| r.record.ts_ms == now + 4));
}

#[test]
fn pruning_by_count_keeps_exactly_the_newest_rows() {
    for (rows, keep, batch) in [(10usize, 3u64, 100usize), (25, 1, 4), (7, 7, 3), (5, 50, 3)] {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&db_in(&dir)).unwrap();
        for i in 0..rows {
            store
                .record_decision(&record(1_000 + i as i64, "codex", "s", None))
                .unwrap();
        }
        let before = all_ids(&store);
        while store
            .prune_decisions(Retention::Newest(keep), batch)
            .unwrap()
            > 0
        {}
        let want: Vec<i64> = before
            .iter()
            .rev()
            .take(keep as usize)
            .rev()
            .copied()
            .collect();
        assert_eq!(all_ids(&store), want, "rows {rows} keep {keep}");
        // New rows after pruning are newer ids; pruning again keeps the newest `keep`.
        let id = store
            .record_decision(&record(5_000, "codex", "s", None))
            .unwrap();
        while store
            .prune_decisions(Retention::Newest(keep), batch)
            .unwrap()
            > 0
        {}
        let ids = all_ids(&store);
        assert_eq!(ids.last(), Some(&id));
        assert_eq!(ids.len(), (keep as usize).min(rows + 1));
    }
}

#[test]
fn pruning_an_empty_store_deletes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&db_in(&dir)).unwrap();
    assert_eq!(store.prune_decisions(Retention::Newest(1), 10).unwrap(), 0);
    assert_eq!(
        store
            .prune_decisions(Retention::Since(i64::MAX), 10)
            .unwrap(),
        0
    );
}

#[test]
fn the_bounded_check_agrees_with_the_full_one_and_counts_after_pruning() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let store = Store::open(&path).unwrap();
    for i in 0..57 {
        store
            .record_decision(&record(i, "codex", "s", Some("deny")))
            .unwrap();
    }
    store.record_health(&health(3, "fail-open", "x")).unwrap();
    let (full, bounded) = (store.check().unwrap(), store.check_bounded().unwrap());
    assert_eq!(bounded, full);
    store.prune_decisions(Retention::Newest(20), 10).unwrap();
    assert_eq!(store.check_bounded().unwrap().decisions, 47);
    while store.prune_decisions(Retention::Newest(20), 10).unwrap() > 0 {}
    let (full, bounded) = (store.check().unwrap(), store.check_bounded().unwrap());
    assert_eq!((bounded.decisions, full.decisions), (20, 20));
    while store
        .prune_decisions(Retention::Since(i64::MAX), 10)
        .unwrap()
        > 0
    {}
    assert_eq!(store.check_bounded().unwrap().decisions, 0);
}

#[test]
fn the_bounded_check_reports_a_recent_row_that_does_not_decode() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_in(&dir);
    let store = Store::open(&path).unwrap();
    let id = store
        .record_decision(&record(5, "codex", "s", None))
        .unwrap();
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute(
        "UPDATE decisions SET facts = '{not json' WHERE id = ?1",
        [id],
    )
    .unwrap();
    drop(conn);
    let h = store.check_bounded().unwrap();
    assert!(!h.ok);
    assert!(
        h.quick_check.iter().any(|l| l.contains("facts")),
        "{:?}",
        h.quick_check
    );
}

#[test]
fn upkeep_truncates_the_wal_that_plain_writes_leave_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    let wal = sidecar(&path, "-wal");
    let wal_len = || std::fs::metadata(&wal).map_or(0, |m| m.len());
    let mut i = 0;
    // Writes alone let the WAL pass the upkeep threshold (they checkpoint only past the cap).
    while wal_len() <= hookward_store::WAL_TRUNCATE_BYTES {
        let store = Store::open(&path).unwrap();
        let mut r = record(i, "claude-code", "s", None);
        r.input = json!({"content": "z".repeat(4 * 1024)});
        store.record_decision(&r).unwrap();
        i += 1;
        assert!(i < 1000, "the WAL never grew");
    }
    assert!(wal_len() < hookward_store::WAL_CAP_BYTES);
    let store = Store::open(&path).unwrap();
    assert!(store.upkeep(), "past the threshold");
    assert_eq!(wal_len(), 0, "checkpointed and truncated");
    assert!(!store.upkeep(), "nothing to do now");
    drop(store);
    let rows = Store::open_existing(&path)
        .unwrap()
        .decisions(&DecisionQuery {
            limit: usize::MAX,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(rows.len(), i as usize);
}

#[test]
fn a_version_5_store_gains_the_lesson_tables() {
    // A store as schema version 5 left it (audit log, no lessons): opening it runs migration 6
    // (lessons) and keeps the old rows.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    Store::open(&path)
        .unwrap()
        .record_decision(&record(1, "codex", "s", None))
        .unwrap();
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE lesson_episodes; DROP TABLE lessons; DROP TABLE lessons_fts;
             DROP TABLE lesson_deliveries; DROP TABLE lesson_turns; DROP TABLE export_cursors; DROP TABLE context_manifests; DROP TRIGGER context_files_insert_manifests; DROP TRIGGER context_files_update_manifests; DROP TRIGGER context_files_delete_manifests; DROP TRIGGER context_scopes_insert_manifests; DROP TRIGGER context_scopes_update_manifests; DROP TRIGGER context_scopes_delete_manifests; DROP TABLE cost_files; DROP TABLE cost_requests; DROP TABLE lesson_index; DROP TABLE kb_files; DROP TABLE kb_chunks; PRAGMA user_version = 5;",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    assert_eq!(store.lesson_stats().unwrap().active, 0);
    assert_eq!(store.next_turn("s", 1).unwrap(), 1);
}
