//! The cost index tables (schema version 9): migration from version 8, merging by key with
//! each count's largest value, a reset deleting only its file's scoped rows, grouping.

use hookward_store::{
    CostCheckpoint, CostFileUpdate, CostGroupBy, CostQuery, CostRequestRow, Store, SCHEMA_VERSION,
};

fn req(key: &str, scoped: bool, project: &str, input: u64, output: u64) -> CostRequestRow {
    CostRequestRow {
        key: key.into(),
        scoped,
        day: Some(20_000),
        ts: None,
        agent: "claude-code".into(),
        project: project.into(),
        session: "s".into(),
        model: "m".into(),
        input,
        output,
        ..CostRequestRow::default()
    }
}

fn update(path: &str, reset: bool, requests: Vec<CostRequestRow>) -> CostFileUpdate {
    CostFileUpdate {
        checkpoint: CostCheckpoint {
            path: path.into(),
            agent: "claude-code".into(),
            state: "{}".into(),
            ..CostCheckpoint::default()
        },
        reset,
        requests,
    }
}

fn totals(store: &Store) -> (u64, u64, u64) {
    store
        .cost_groups(&CostQuery::default(), CostGroupBy::Model)
        .unwrap()
        .iter()
        .fold((0, 0, 0), |a, g| {
            (a.0 + g.requests, a.1 + g.input, a.2 + g.output)
        })
}

#[test]
fn a_version_8_store_gains_the_cost_index() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("state.db");
    drop(Store::open(&path).unwrap());
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.execute_batch(
            "DROP TABLE cost_files; DROP TABLE cost_requests;
             DROP TRIGGER lessons_gen_insert; DROP TRIGGER lessons_gen_delete;
             DROP TRIGGER lessons_gen_update; DROP TRIGGER lessons_renewed; DROP TABLE lesson_index;
             ALTER TABLE lessons DROP COLUMN vetted; DROP TABLE kb_files; DROP TABLE kb_chunks; PRAGMA user_version = 8;",
        )
        .unwrap();
    }
    let store = Store::open(&path).unwrap();
    assert_eq!(store.check().unwrap().schema_version, SCHEMA_VERSION);
    assert!(store.cost_checkpoints().unwrap().is_empty());
}

#[test]
fn requests_merge_by_key_and_a_reset_removes_only_scoped_rows_of_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    store
        .cost_apply(&[update(
            "/a",
            false,
            vec![
                req("msg_1|r1", false, "/w", 10, 1),
                req("msg_1|r1", false, "/w", 10, 5), // streamed part: output grows
                req("@/a#0.0", true, "/w", 100, 0),
            ],
        )])
        .unwrap();
    assert_eq!(totals(&store), (2, 110, 5));
    // the same request in another file (a fork) adds nothing
    store
        .cost_apply(&[update(
            "/b",
            false,
            vec![req("msg_1|r1", false, "/w", 10, 5)],
        )])
        .unwrap();
    assert_eq!(totals(&store), (2, 110, 5));
    // /a rewritten: its scoped row goes, the keyed one stays; re-read adds them back once
    store
        .cost_apply(&[update(
            "/a",
            true,
            vec![
                req("msg_1|r1", false, "/w", 10, 5),
                req("@/a#0.0", true, "/w", 100, 0),
            ],
        )])
        .unwrap();
    assert_eq!(totals(&store), (2, 110, 5));
    store.cost_apply(&[update("/a", true, vec![])]).unwrap();
    assert_eq!(totals(&store), (1, 10, 5));
    let cps = store.cost_checkpoints().unwrap();
    assert_eq!(cps.len(), 2);
    assert_eq!(store.cost_file_stats().unwrap(), (2, 0));
}
