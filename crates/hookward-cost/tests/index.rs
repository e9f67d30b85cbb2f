//! The incremental index (issue 21): a re-run reads only what is new, a rewritten file is read
//! again without double counting, a partial last line waits for its newline, and the index
//! gives the same figures as reading every file (`collect`) on the fixture home.

use hookward_cost::{
    budget, collect, index, summarize, summarize_groups, Day, GroupBy, Period, PriceTable,
};
use hookward_store::{CostGroupBy, CostQuery, Store};
use std::io::Write;
use std::path::PathBuf;

fn claude_line(id: u32, input: u64, output: u64) -> String {
    format!(
        r#"{{"type":"assistant","sessionId":"s1","cwd":"/work/app","timestamp":"2026-12-02T10:00:00Z","requestId":"req_{id}","message":{{"id":"msg_{id}","model":"claude-sonnet-4-5-20250929","usage":{{"input_tokens":{input},"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":{output}}}}}}}"#
    )
}

struct Home {
    _dir: tempfile::TempDir,
    home: PathBuf,
    store: Store,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir_all(home.join(".claude/projects/-work-app")).unwrap();
        let store = Store::open(&dir.path().join("state.db")).unwrap();
        Home {
            _dir: dir,
            home,
            store,
        }
    }

    fn file(&self) -> PathBuf {
        self.home.join(".claude/projects/-work-app/s1.jsonl")
    }

    fn append(&self, text: &str) {
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.file())
            .unwrap();
        f.write_all(text.as_bytes()).unwrap();
    }

    /// (requests, input, output) over everything indexed.
    fn totals(&self) -> (u64, u64, u64) {
        let g = self
            .store
            .cost_groups(&CostQuery::default(), CostGroupBy::Model)
            .unwrap();
        g.iter().fold((0, 0, 0), |a, g| {
            (a.0 + g.requests, a.1 + g.input, a.2 + g.output)
        })
    }
}

#[test]
fn appended_lines_add_exactly_their_tokens_and_an_unchanged_rerun_reads_nothing() {
    let h = Home::new();
    h.append(&format!(
        "{}\n{}\n",
        claude_line(1, 100, 10),
        claude_line(2, 200, 20)
    ));
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!((r.files, r.files_read, r.requests), (1, 1, 2));
    assert_eq!(h.totals(), (2, 300, 30));
    let first_len = std::fs::metadata(h.file()).unwrap().len();

    h.append(&format!("{}\n", claude_line(3, 1000, 7)));
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!((r.files_read, r.files_reset, r.requests), (1, 0, 1));
    let added = std::fs::metadata(h.file()).unwrap().len() - first_len;
    assert_eq!(r.bytes_read, added, "only the appended line is read");
    assert_eq!(h.totals(), (3, 1300, 37));

    let r = index(&h.home, &h.store).unwrap();
    assert_eq!((r.files_read, r.bytes_read, r.requests), (0, 0, 0));
    assert_eq!(h.totals(), (3, 1300, 37));
}

#[test]
fn a_rewritten_or_truncated_file_is_read_again_without_double_counting() {
    let h = Home::new();
    let two = format!("{}\n{}\n", claude_line(1, 100, 10), claude_line(2, 200, 20));
    h.append(&two);
    index(&h.home, &h.store).unwrap();
    // rewritten in place with other content first (same length or longer): a different head
    std::fs::write(h.file(), format!("{}\n{two}", claude_line(9, 5000, 50))).unwrap();
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!((r.files_read, r.files_reset), (1, 1));
    assert_eq!(
        h.totals(),
        (3, 5300, 80),
        "msg_1 and msg_2 merged, not added"
    );
    // truncated to its first line: read from the start; what was seen stays counted once
    std::fs::write(h.file(), format!("{}\n", claude_line(9, 5000, 50))).unwrap();
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!(r.files_reset, 1);
    assert_eq!(h.totals(), (3, 5300, 80));
    // the same file read again from scratch by a second store gives the same figures for
    // what it holds now
    let dir = tempfile::tempdir().unwrap();
    let fresh = Store::open(&dir.path().join("s.db")).unwrap();
    index(&h.home, &fresh).unwrap();
    let g = fresh
        .cost_groups(&CostQuery::default(), CostGroupBy::Model)
        .unwrap();
    assert_eq!((g[0].requests, g[0].input), (1, 5000));
}

#[test]
fn a_partial_last_line_is_read_when_it_is_completed() {
    let h = Home::new();
    let line = claude_line(1, 100, 10);
    let (a, b) = line.split_at(40);
    h.append(&format!("{}\n{a}", claude_line(2, 200, 20)));
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!(h.totals(), (1, 200, 20));
    assert_eq!(r.requests, 1);
    let (_, bad) = h.store.cost_file_stats().unwrap();
    assert_eq!(
        bad, 0,
        "a cut last line is not a bad line, it is not read yet"
    );
    h.append(&format!("{b}\n"));
    index(&h.home, &h.store).unwrap();
    assert_eq!(h.totals(), (2, 300, 30));
    // a last line that is whole JSON but has no newline yet is read, and its newline later
    // adds nothing
    h.append(&claude_line(3, 1, 1));
    index(&h.home, &h.store).unwrap();
    assert_eq!(h.totals(), (3, 301, 31));
    h.append("\n");
    index(&h.home, &h.store).unwrap();
    assert_eq!(h.totals(), (3, 301, 31));
}

/// A line longer than the read buffer (`CHUNK_BYTES`, a large tool result) is read whole, and
/// the lines around it keep their places.
#[test]
fn a_line_longer_than_the_read_buffer_is_read_whole() {
    let h = Home::new();
    let big = "y".repeat(hookward_cost::index::CHUNK_BYTES + 4321);
    h.append(&format!(
        "{}\n{{\"type\":\"user\",\"message\":{{\"content\":\"{big}\"}}}}\n{}\n",
        claude_line(1, 100, 10),
        claude_line(2, 200, 20)
    ));
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!(h.totals(), (2, 300, 30));
    assert_eq!(r.bytes_read, std::fs::metadata(h.file()).unwrap().len());
    let (_, bad) = h.store.cost_file_stats().unwrap();
    assert_eq!(bad, 0);
}
#[test]
fn codex_running_totals_carry_over_between_runs() {
    let h = Home::new();
    let dir = h.home.join(".codex/sessions/2026/12/02");
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("rollout-2026-12-02T10-00-00-x.jsonl");
    let tc = |input: u64, cached: u64, output: u64| {
        format!(
            r#"{{"timestamp":"2026-12-02T10:00:01.000Z","type":"event_msg","payload":{{"type":"token_count","info":{{"total_token_usage":{{"input_tokens":{input},"cached_input_tokens":{cached},"output_tokens":{output},"reasoning_output_tokens":0,"total_tokens":0}},"last_token_usage":null}}}}}}"#
        )
    };
    let head = r#"{"timestamp":"2026-12-02T10:00:00.000Z","type":"session_meta","payload":{"id":"sess-1","cwd":"/work/cx"}}
{"timestamp":"2026-12-02T10:00:00.000Z","type":"turn_context","payload":{"cwd":"/work/cx","model":"gpt-5-codex"}}
"#;
    std::fs::write(&f, format!("{head}{}\n", tc(1000, 400, 50))).unwrap();
    index(&h.home, &h.store).unwrap();
    let mut file = std::fs::OpenOptions::new().append(true).open(&f).unwrap();
    writeln!(file, "{}\n{}", tc(1000, 400, 50), tc(3000, 1400, 80)).unwrap();
    index(&h.home, &h.store).unwrap();
    let g = h
        .store
        .cost_groups(&CostQuery::default(), CostGroupBy::Project)
        .unwrap();
    assert_eq!(g.len(), 1);
    let g = &g[0];
    assert_eq!(g.key.as_deref(), Some("/work/cx"));
    assert_eq!(g.model, "gpt-5-codex");
    // 1000-400 uncached + (2000-1000) uncached; 400 + 1000 cached; 50 + 30 output
    assert_eq!(
        (g.requests, g.input, g.cache_read, g.output),
        (2, 1600, 1400, 80)
    );
}

fn fixture_home() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/home")
}

#[test]
fn the_index_gives_the_same_figures_as_reading_every_file() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    let r = index(&fixture_home(), &store).unwrap();
    assert_eq!(r.files, 5);
    let prices = PriceTable::builtin().unwrap();
    let as_of = Day::parse("2026-12-02").unwrap();
    let all = collect(&fixture_home()).unwrap();
    for (period, by) in [
        (Period::All, GroupBy::Model),
        (Period::Days7, GroupBy::Project),
        (Period::Today, GroupBy::Session),
        (Period::Days30, GroupBy::Day),
    ] {
        let want = summarize(&all.requests, &prices, period, by, as_of);
        let q = CostQuery {
            days: period.range(as_of).map(|(f, t)| (f.0, t.0)),
            project: None,
        };
        let sb = match by {
            GroupBy::Model => CostGroupBy::Model,
            GroupBy::Project => CostGroupBy::Project,
            GroupBy::Session => CostGroupBy::Session,
            GroupBy::Day => CostGroupBy::Day,
        };
        let groups = store.cost_groups(&q, sb).unwrap();
        let got = summarize_groups(
            groups.into_iter().map(|g| {
                let mut g = budget::group_of(g);
                if by == GroupBy::Day {
                    g.key = g.key.parse::<i64>().map_or(g.key, |d| Day(d).to_string());
                }
                g
            }),
            &prices,
            period,
            by,
            as_of,
        );
        assert_eq!(got.rows, want.rows, "{period:?} {by:?}");
        assert_eq!(got.total, want.total, "{period:?} {by:?}");
    }
    let (files, bad) = store.cost_file_stats().unwrap();
    assert_eq!((files, bad), (5, all.bad_lines as u64));
}

#[test]
fn project_filter_covers_the_folder_and_below_only() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("state.db")).unwrap();
    index(&fixture_home(), &store).unwrap();
    let n = |p: &str| -> u64 {
        store
            .cost_groups(
                &CostQuery {
                    days: None,
                    project: Some(p.into()),
                },
                CostGroupBy::Model,
            )
            .unwrap()
            .iter()
            .map(|g| g.requests)
            .sum()
    };
    let all: u64 = n("/");
    assert!(n("/work/app") > 0 && n("/work/lib") > 0);
    assert_eq!(n("/work/app") + n("/work/lib"), all);
    assert_eq!(n("/work/ap"), 0);
    assert_eq!(n("/work"), all);
}

#[test]
fn a_file_longer_than_one_batch_is_written_in_several_transactions_and_counted_once() {
    let h = Home::new();
    let n = hookward_cost::index::BATCH_ROWS as u32 * 2 + 17;
    let text: String = (0..n)
        .map(|i| format!("{}\n", claude_line(i, 1, 2)))
        .collect();
    h.append(&text);
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!(r.requests, u64::from(n));
    assert_eq!(h.totals(), (u64::from(n), u64::from(n), 2 * u64::from(n)));
    let cp = h.store.cost_checkpoints().unwrap();
    let cp = cp.values().next().unwrap();
    assert_eq!(cp.read_to, text.len() as u64);
    assert_eq!(index(&h.home, &h.store).unwrap().bytes_read, 0);
    // rewritten whole (new first line): read from the start, still counted once
    std::fs::write(h.file(), format!("{}\n{text}", claude_line(n, 5, 5))).unwrap();
    let r = index(&h.home, &h.store).unwrap();
    assert_eq!(r.files_reset, 1);
    assert_eq!(h.totals().0, u64::from(n) + 1);
}
