//! `Store::decisions`' tool, rule-glob and keyset filters and `Store::sessions` (issue 19,
//! `hookward log`), over generated rows.

use hookward_store::{DecisionQuery, DecisionRecord, SessionQuery, Store, StoreError};
use serde_json::json;

fn rec(
    ts_ms: i64,
    agent: &str,
    session: &str,
    tool: (&str, &str),
    rules: &[&str],
) -> DecisionRecord {
    let decision = match rules.first() {
        Some(r) if r.starts_with("deny") || r.starts_with("self/") => Some("deny"),
        Some(_) => Some("ask"),
        None => None,
    };
    DecisionRecord {
        ts_ms,
        agent: agent.into(),
        event: "PreToolUse".into(),
        tool: Some(tool.0.into()),
        tool_kind: Some(tool.1.into()),
        session: Some(session.into()),
        cwd: None,
        input: json!({}),
        facts: json!({}),
        decision: decision.map(str::to_string),
        reply: "none".into(),
        rule_ids: rules.iter().map(|s| s.to_string()).collect(),
        reasons: Vec::new(),
        elapsed_us: 1,
        agent_id: (session == "s2").then(|| "sub1".to_string()),
        agent_type: None,
    }
}

fn ids(store: &Store, q: DecisionQuery) -> Vec<i64> {
    store
        .decisions(&DecisionQuery { limit: 100, ..q })
        .unwrap()
        .iter()
        .map(|r| r.id)
        .collect()
}

fn seeded() -> (tempfile::TempDir, Store) {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    let rows = [
        rec(
            1_000,
            "claude-code",
            "s1",
            ("Bash", "shell"),
            &["shell/remote-exec"],
        ),
        rec(
            2_000,
            "claude-code",
            "s1",
            ("Read", "file_read"),
            &["path/env-file"],
        ),
        rec(2_000, "claude-code", "s2", ("Bash", "shell"), &[]),
        rec(
            2_000,
            "codex",
            "s3",
            ("shell", "shell"),
            &["self/hookward-home", "shell/publish"],
        ),
        rec(
            3_000,
            "codex",
            "s3",
            ("apply_patch", "file_write"),
            &["a[1]/x"],
        ),
    ];
    for r in &rows {
        store.record_decision(r).unwrap();
    }
    (dir, store)
}

#[test]
fn tool_matches_name_or_kind() {
    let (_d, s) = seeded();
    assert_eq!(
        ids(
            &s,
            DecisionQuery {
                tool: Some("Bash".into()),
                ..Default::default()
            }
        ),
        [3, 1]
    );
    assert_eq!(
        ids(
            &s,
            DecisionQuery {
                tool: Some("shell".into()),
                ..Default::default()
            }
        ),
        [4, 3, 1]
    );
    assert!(ids(
        &s,
        DecisionQuery {
            tool: Some("bash".into()),
            ..Default::default()
        }
    )
    .is_empty());
}

#[test]
fn rule_globs_match_any_fired_rule() {
    let (_d, s) = seeded();
    let q = |g: &str| {
        ids(
            &s,
            DecisionQuery {
                rule: Some(g.into()),
                ..Default::default()
            },
        )
    };
    assert_eq!(q("shell/*"), [4, 1]);
    assert_eq!(q("self/*"), [4]);
    assert_eq!(q("*env*"), [2]);
    assert_eq!(q("path/?nv-file"), [2]);
    assert_eq!(q("shell/remote-exec"), [1]);
    assert!(q("shell/remote").is_empty());
    // `[` is itself, not a character class.
    assert_eq!(q("a[1]/*"), [5]);
    assert!(q("a[0-9]/*").is_empty());
    assert_eq!(q("*"), [5, 4, 2, 1]);
}

#[test]
fn keyset_pages_cover_every_row_once_in_order() {
    let (_d, s) = seeded();
    let all = ids(&s, DecisionQuery::default());
    assert_eq!(all, [5, 4, 3, 2, 1]);
    // Any page size: concatenated pages are the full listing (rows 2, 3, 4 share a time).
    for size in 1..=5 {
        let mut seen = Vec::new();
        let mut after = None;
        loop {
            let page: Vec<i64> = s
                .decisions(&DecisionQuery {
                    limit: size,
                    after,
                    ..Default::default()
                })
                .unwrap()
                .iter()
                .map(|r| r.id)
                .collect();
            if page.is_empty() {
                break;
            }
            after = page.last().copied();
            seen.extend(page);
        }
        assert_eq!(seen, all, "page size {size}");
    }
    // Combined with a filter.
    assert_eq!(
        ids(
            &s,
            DecisionQuery {
                after: Some(4),
                tool: Some("shell".into()),
                ..Default::default()
            }
        ),
        [3, 1]
    );
    let err = s
        .decisions(&DecisionQuery {
            after: Some(99),
            limit: 5,
            ..Default::default()
        })
        .unwrap_err();
    assert!(matches!(err, StoreError::InvalidInput { .. }), "{err}");
}

#[test]
fn sessions_count_per_decision() {
    let (_d, s) = seeded();
    let rows = s
        .sessions(&SessionQuery {
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    let got: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.session.as_deref().unwrap(),
                r.agent.as_str(),
                r.start_ms,
                r.end_ms,
                (r.calls, r.allow, r.ask, r.deny, r.none, r.subagent_calls),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("s3", "codex", 2_000, 3_000, (2, 0, 1, 1, 0, 0)),
            ("s2", "claude-code", 2_000, 2_000, (1, 0, 0, 0, 1, 1)),
            ("s1", "claude-code", 1_000, 2_000, (2, 0, 2, 0, 0, 0)),
        ]
    );
    let codex = s
        .sessions(&SessionQuery {
            agent: Some("codex".into()),
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(codex.len(), 1);
    let recent = s
        .sessions(&SessionQuery {
            since_ms: Some(2_500),
            limit: 10,
            ..Default::default()
        })
        .unwrap();
    assert_eq!(
        (recent.len(), recent[0].calls, recent[0].start_ms),
        (1, 1, 3_000)
    );
    assert_eq!(
        s.sessions(&SessionQuery {
            limit: 1,
            ..Default::default()
        })
        .unwrap()
        .len(),
        1
    );
}

#[test]
fn text_filter_is_literal_and_counts_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    for (i, cmd) in ["rm -rf build_dir", "rm -rf buildXdir", "echo 100%", "ls"]
        .iter()
        .enumerate()
    {
        let mut r = rec(1_000 + i as i64, "codex", "s1", ("Bash", "shell"), &[]);
        r.input = json!({ "command": cmd });
        store.record_decision(&r).unwrap();
    }
    let text = |t: &str| {
        ids(
            &store,
            DecisionQuery {
                text: Some(t.into()),
                ..Default::default()
            },
        )
    };
    // `_` and `%` are literal, ASCII case folds.
    assert_eq!(text("build_dir"), [1]);
    assert_eq!(text("100%"), [3]);
    assert_eq!(text("RM -RF"), [2, 1]);
    assert!(text("rm%ls").is_empty());
    let all = DecisionQuery::default();
    assert_eq!(store.count_decisions(&all, 10).unwrap(), (4, true));
    assert_eq!(store.count_decisions(&all, 4).unwrap(), (4, true));
    assert_eq!(store.count_decisions(&all, 3).unwrap(), (3, false));
    let q = DecisionQuery {
        text: Some("rm".into()),
        after: Some(2),
        ..Default::default()
    };
    // `after` pages the rows, never the count.
    assert_eq!(store.count_decisions(&q, 10).unwrap(), (2, true));
    assert_eq!(store.max_decision_id().unwrap(), Some(4));
}
