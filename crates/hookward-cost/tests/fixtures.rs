//! Exact token and dollar figures on the fixture home (`tests/data/home`, written by the
//! documented transcript shapes; the figures are computed by hand in the comments from the
//! table's prices in $/MTok).

use hookward_cost::{collect, summarize, Day, GroupBy, Period, PriceTable, Source};
use std::path::PathBuf;

fn home() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/home")
}

fn as_of() -> Day {
    Day::parse("2026-12-02").unwrap()
}

#[test]
fn repeated_request_ids_count_once_with_final_output() {
    let c = collect(&home()).unwrap();
    assert_eq!(c.files, 5);
    assert_eq!(c.bad_lines, 1, "the cut last line of s1.jsonl");
    let claude: Vec<_> = c
        .requests
        .iter()
        .filter(|r| r.source == Source::Claude)
        .collect();
    // msg_01 (2 streamed lines), msg_02 (in s1 and again in the fork s2), msg_03 (sub-agent),
    // msg_04 (unknown model), msg_05; the <synthetic> zero reply is not a request.
    assert_eq!(claude.len(), 5);
    let m1 = claude
        .iter()
        .find(|r| r.key.as_deref() == Some("msg_01|req_01"))
        .unwrap();
    assert_eq!(m1.usage.output, 150);
    assert_eq!(
        (m1.usage.cache_write_5m, m1.usage.cache_write_1h),
        (400, 600)
    );
    let m2 = claude
        .iter()
        .find(|r| r.key.as_deref() == Some("msg_02|req_02"))
        .unwrap();
    assert_eq!(
        m2.session, "s1",
        "the first file (sorted) keeps the request"
    );
    let sub = claude
        .iter()
        .find(|r| r.model.starts_with("claude-haiku"))
        .unwrap();
    assert_eq!(
        (sub.session.as_str(), sub.project.as_str()),
        ("s1", "/work/app")
    );
}

#[test]
fn codex_running_totals_become_requests_and_repeats_count_nothing() {
    let c = collect(&home()).unwrap();
    let codex: Vec<_> = c
        .requests
        .iter()
        .filter(|r| r.source == Source::Codex)
        .collect();
    assert_eq!(codex.len(), 2);
    assert_eq!(codex[0].model, "gpt-5-codex");
    assert_eq!(codex[0].session, "019a0000-0000-7000-8000-000000000001");
    assert_eq!(
        (
            codex[0].usage.input,
            codex[0].usage.cache_read,
            codex[0].usage.output
        ),
        (1000, 4000, 300)
    );
    assert_eq!(
        (
            codex[1].usage.input,
            codex[1].usage.cache_read,
            codex[1].usage.output
        ),
        (2000, 5000, 500)
    );
    assert_eq!(codex[1].usage.reasoning_output, 150);
}

#[test]
fn seven_days_by_model_exact_dollars_and_unknown_model_unpriced() {
    let c = collect(&home()).unwrap();
    let t = PriceTable::builtin().unwrap();
    let s = summarize(&c.requests, &t, Period::Days7, GroupBy::Model, as_of());
    // sonnet msg_01: 10×3 + 400×3.75 + 600×6 + 2000×0.30 + 150×15 = 7,980 µ$·(10⁶) → 7.98e9 p$
    // sonnet msg_02: 20×3 + 3000×0.30 + 200×15 → 3.96e9 p$
    // haiku msg_03: 100×1 + 500×1.25 + 50×5 → 0.975e9 p$
    // gpt-5-codex: 1000×1.25 + 4000×0.125 + 300×10 + 2000×1.25 + 5000×0.125 + 500×10 → 12.875e9 p$
    let by: Vec<(&str, u64, u128, u64)> = s
        .rows
        .iter()
        .map(|r| {
            (
                r.key.as_str(),
                r.requests,
                r.cost.priced_pico,
                r.cost.unpriced_requests,
            )
        })
        .collect();
    assert_eq!(
        by,
        vec![
            ("gpt-5-codex", 2, 12_875_000_000, 0),
            ("claude-sonnet-4-5-20250929", 2, 11_940_000_000, 0),
            ("claude-haiku-4-5-20251001", 1, 975_000_000, 0),
            ("claude-fake", 1, 0, 1),
        ]
    );
    assert_eq!(s.total.requests, 6);
    assert_eq!(s.total.cost.priced_pico, 25_790_000_000);
    assert_eq!(s.total.cost.unpriced_requests, 1);
    assert_eq!(s.unpriced_models, vec!["claude-fake".to_string()]);
    let u = s.total.usage;
    assert_eq!(
        (
            u.input,
            u.cache_write_5m,
            u.cache_write_1h,
            u.cache_read,
            u.output
        ),
        (3180, 900, 600, 14_000, 1220)
    );
}

#[test]
fn periods_and_groupings() {
    let c = collect(&home()).unwrap();
    let t = PriceTable::builtin().unwrap();
    let today = summarize(&c.requests, &t, Period::Today, GroupBy::Day, as_of());
    assert_eq!(today.rows.len(), 1);
    // 7.98e9 + 0.975e9 + 12.875e9 (msg_02 is the day before)
    assert_eq!(today.total.cost.priced_pico, 21_830_000_000);
    // opus msg_05 on 2026-11-20: 1000×5 + 1000×25 → 30e9 p$, inside 30 days only
    let month = summarize(&c.requests, &t, Period::Days30, GroupBy::Project, as_of());
    assert_eq!(month.total.cost.priced_pico, 55_790_000_000);
    let keys: Vec<_> = month.rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, vec!["/work/lib", "/work/app"]);
    let sessions = summarize(&c.requests, &t, Period::All, GroupBy::Session, as_of());
    assert_eq!(sessions.rows.len(), 4);
    let days = summarize(&c.requests, &t, Period::Days30, GroupBy::Day, as_of());
    let keys: Vec<_> = days.rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(keys, vec!["2026-11-20", "2026-12-01", "2026-12-02"]);
}

#[test]
fn missing_trees_give_nothing_and_unreadable_files_are_reported() {
    let d = tempfile::tempdir().unwrap();
    let c = collect(d.path()).unwrap();
    assert_eq!((c.files, c.requests.len()), (0, 0));
    // a transcript name that is a folder is walked, not read; a non-rollout file is ignored
    let p = d.path().join(".codex/sessions/2026");
    std::fs::create_dir_all(&p).unwrap();
    std::fs::write(p.join("notes.jsonl"), "{}").unwrap();
    let c = collect(d.path()).unwrap();
    assert_eq!(c.files, 0);
}
