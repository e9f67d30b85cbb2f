//! Exact figures on files the pinned agent CLIs wrote themselves (issue 21): Claude Code
//! 2.1.197, Codex 0.171.0 and Gemini CLI 0.61.0, each driven by the e2e fake model, which
//! served chosen token counts. `tests/data/recorded/<agent>/home` is what the CLI left under
//! its temporary HOME; `served.json` is what the fake served, reply by reply. Regenerate both
//! with `python3 scripts/record_cost_fixtures.py` (the README's cost section).
//!
//! Each test checks twice: against `served.json` mapped by the API's own meaning (so a
//! re-recording with other numbers still checks), and against literal figures worked out by
//! hand in the comments (prices from `pricing.toml`, $/MTok).

use hookward_cost::{
    budget, collect, index, summarize, summarize_groups, Day, GroupBy, Period, PriceTable, Request,
    Source, Usage,
};
use hookward_store::{CostGroupBy, CostQuery, Store};
use serde_json::Value;
use std::io::Write;
use std::path::{Path, PathBuf};

fn dir(agent: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/recorded")
        .join(agent)
}

fn served(agent: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(dir(agent).join("served.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn n(v: &Value, p: &str) -> u64 {
    v.pointer(p).and_then(Value::as_u64).unwrap_or(0)
}

/// The usage the fake served, in the billing fields, by each API's documented meaning.
fn billed(agent: &str, u: &Value) -> Usage {
    match agent {
        // Anthropic: input_tokens excludes cache reads and writes; cache_creation splits writes
        "claude" => Usage {
            input: n(u, "/input_tokens"),
            // without the split, every write is 5-minute (the API's default lifetime)
            cache_write_5m: match u.get("cache_creation") {
                Some(_) => n(u, "/cache_creation/ephemeral_5m_input_tokens"),
                None => n(u, "/cache_creation_input_tokens"),
            },
            cache_write_1h: n(u, "/cache_creation/ephemeral_1h_input_tokens"),
            cache_read: n(u, "/cache_read_input_tokens"),
            output: n(u, "/output_tokens"),
            reasoning_output: 0,
        },
        // OpenAI Responses: input_tokens includes the cached ones, output the reasoning ones
        "codex" => Usage {
            input: n(u, "/input_tokens") - n(u, "/input_tokens_details/cached_tokens"),
            cache_read: n(u, "/input_tokens_details/cached_tokens"),
            output: n(u, "/output_tokens"),
            reasoning_output: n(u, "/output_tokens_details/reasoning_tokens"),
            ..Usage::default()
        },
        // Gemini: promptTokenCount includes the cached ones; tool-use prompt billed as input,
        // thinking as output
        _ => Usage {
            input: n(u, "/promptTokenCount") - n(u, "/cachedContentTokenCount")
                + n(u, "/toolUsePromptTokenCount"),
            cache_read: n(u, "/cachedContentTokenCount"),
            output: n(u, "/candidatesTokenCount") + n(u, "/thoughtsTokenCount"),
            reasoning_output: n(u, "/thoughtsTokenCount"),
            ..Usage::default()
        },
    }
}

fn of(agent: &str, source: Source) -> Vec<Request> {
    let c = collect(&dir(agent).join("home")).unwrap();
    assert_eq!(c.bad_lines, 0, "{agent}: every line understood");
    assert!(c.unreadable.is_empty());
    assert!(c.requests.iter().all(|r| r.source == source));
    c.requests
}

fn as_of() -> Day {
    Day::parse("2026-12-05").unwrap()
}

fn total(reqs: &[Request]) -> Usage {
    let mut u = Usage::default();
    for r in reqs {
        u.add(&r.usage);
    }
    u
}

#[test]
fn claude_code_transcripts_give_each_served_request_once_with_its_exact_usage() {
    let reqs = of("claude", Source::Claude);
    let served = served("claude");
    // three requests of the session (the first one's two content blocks are two transcript
    // lines) and two of the sub-agent it started (its own file, subagents/agent-*.jsonl)
    assert_eq!(reqs.len(), 5);
    assert_eq!(served.len(), 5);
    for s in &served {
        let key = format!(
            "{}|{}",
            s["reply_id"].as_str().unwrap(),
            s["request_id"].as_str().unwrap()
        );
        let r = reqs
            .iter()
            .find(|r| r.key.as_deref() == Some(key.as_str()))
            .unwrap_or_else(|| panic!("request {key} indexed"));
        assert_eq!(r.usage, billed("claude", &s["usage"]), "{key}");
        assert_eq!(r.model, s["model"].as_str().unwrap());
        assert_eq!(r.project, "/tmp/rec/proj");
        // the sub-agent's requests belong to the session that started it
        assert_eq!(r.session, reqs[0].session);
    }
    assert_eq!(
        total(&reqs),
        Usage {
            input: 1203 + 5 + 2001 + 3 + 7,
            cache_write_5m: 1000 + 120 + 700 + 450,
            cache_write_1h: 2000,
            cache_read: 40001 + 43100 + 9000 + 11000 + 43005,
            output: 311 + 141 + 57 + 23 + 97,
            reasoning_output: 0,
        }
    );
    let s = summarize(
        &reqs,
        &PriceTable::builtin().unwrap(),
        Period::All,
        GroupBy::Model,
        as_of(),
    );
    // claude-sonnet-4-5: input $3, 5 min write $3.75, 1 h write $6, read $0.30, output $15.
    // 1203×3 + 1000×3.75 + 2000×6 + 40001×0.30 + 311×15 = 36,024.3 µ$ (Bash call)
    //    5×3 +  120×3.75            + 43100×0.30 + 141×15 = 15,510.0 µ$ (Agent call)
    // 2001×3                        +  9000×0.30 +  57×15 =  9,558.0 µ$ (sub-agent, Bash)
    //    3×3 +  700×3.75            + 11000×0.30 +  23×15 =  6,279.0 µ$ (sub-agent, answer)
    //    7×3 +  450×3.75            + 43005×0.30 +  97×15 = 16,065.0 µ$ (answer)
    assert_eq!(s.total.cost.priced_pico, 83_436_300_000);
    assert_eq!(s.total.cost.unpriced_requests, 0);
}

#[test]
fn codex_rollout_gives_each_served_response_with_its_exact_usage() {
    let reqs = of("codex", Source::Codex);
    let served = served("codex");
    assert_eq!(reqs.len(), served.len());
    assert_eq!(reqs.len(), 2);
    // the rollout carries running totals, so requests come in the order served
    for (r, s) in reqs.iter().zip(&served) {
        assert_eq!(r.usage, billed("codex", &s["usage"]));
        assert_eq!(r.model, s["model"].as_str().unwrap());
        assert_eq!(r.project, "/tmp/rec/proj");
        // the session_meta id, which the rollout's file name ends with
        let rollout = find(&dir("codex").join("home"), "jsonl").unwrap();
        let stem = rollout.file_stem().unwrap().to_string_lossy().into_owned();
        assert!(
            !r.session.is_empty() && stem.ends_with(&r.session),
            "{} in {stem}",
            r.session
        );
    }
    assert_eq!(
        total(&reqs),
        Usage {
            input: (5003 - 3001) + (5609 - 4807),
            cache_read: 3001 + 4807,
            output: 401 + 61,
            reasoning_output: 121,
            ..Usage::default()
        }
    );
    let s = summarize(
        &reqs,
        &PriceTable::builtin().unwrap(),
        Period::All,
        GroupBy::Model,
        as_of(),
    );
    // gpt-5-codex: input $1.25, cached $0.125, output $10.
    // response 1: 2002×1.25 + 3001×0.125 + 401×10 = 6,887.625 µ$
    // response 2:  802×1.25 + 4807×0.125 +  61×10 = 2,213.375 µ$
    assert_eq!(s.total.cost.priced_pico, 9_101_000_000);
}

#[test]
fn gemini_chat_recording_gives_each_served_reply_once_with_its_exact_usage() {
    let reqs = of("gemini", Source::Gemini);
    let served = served("gemini");
    // the first reply is written twice (again with its tool call's result): one request
    assert_eq!(reqs.len(), served.len());
    assert_eq!(reqs.len(), 2);
    for (r, s) in reqs.iter().zip(&served) {
        assert_eq!(r.usage, billed("gemini", &s["usage"]));
        assert_eq!(r.model, s["model"].as_str().unwrap());
        // the project's path from .project_root, not the folder's short name
        assert_eq!(r.project, "/tmp/rec/proj");
        assert!(r.key.as_deref().unwrap().starts_with("gemini|"));
    }
    // reply 1: prompt 3005 (1001 cached) + tool-use prompt 17, candidates 203 + thoughts 51;
    // reply 2: prompt 3311 (2999 cached), candidates 29
    assert_eq!(
        total(&reqs),
        Usage {
            input: (3005 - 1001 + 17) + (3311 - 2999),
            cache_read: 1001 + 2999,
            output: (203 + 51) + 29,
            reasoning_output: 51,
            ..Usage::default()
        }
    );
    // the billed fields add up to the recorded totalTokenCount
    let t = total(&reqs);
    assert_eq!(t.input + t.cache_read + t.output, 3276 + 3340);
    let s = summarize(
        &reqs,
        &PriceTable::builtin().unwrap(),
        Period::All,
        GroupBy::Model,
        as_of(),
    );
    // no Gemini row in the table: "no price", never guessed
    assert_eq!(
        (s.total.cost.priced_pico, s.total.cost.unpriced_requests),
        (0, 2)
    );
    assert_eq!(s.unpriced_models, vec!["gemini-2.5-pro".to_string()]);
}

fn copy_tree(from: &Path, to: &Path) {
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            std::fs::create_dir_all(&dest).unwrap();
            copy_tree(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), &dest).unwrap();
        }
    }
}

/// The first file with extension `ext` below `dir`.
fn find(dir: &Path, ext: &str) -> Option<PathBuf> {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            if let Some(f) = find(&p, ext) {
                return Some(f);
            }
        } else if p.extension().is_some_and(|x| x == ext) {
            return Some(p);
        }
    }
    None
}

/// The three recordings in one home, through the store's incremental index: the same figures
/// as reading the files, nothing read again when unchanged, and a Gemini chat that grows by a
/// repeated record of a reply (as the CLI writes it) adds nothing.
#[test]
fn the_index_gives_the_same_exact_figures_for_all_three_and_rereads_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let home = tmp.path().join("home");
    for agent in ["claude", "codex", "gemini"] {
        std::fs::create_dir_all(&home).unwrap();
        copy_tree(&dir(agent).join("home"), &home);
    }
    let store = Store::open(&tmp.path().join("state.db")).unwrap();
    let r = index(&home, &store).unwrap();
    assert_eq!((r.files, r.files_read), (4, 4));
    assert!(r.unreadable.is_empty());

    let direct = collect(&home).unwrap();
    assert_eq!(direct.requests.len(), 9);
    let prices = PriceTable::builtin().unwrap();
    let want = summarize(
        &direct.requests,
        &prices,
        Period::All,
        GroupBy::Model,
        as_of(),
    );
    let sums = |store: &Store| {
        let groups = store
            .cost_groups(&CostQuery::default(), CostGroupBy::Model)
            .unwrap();
        summarize_groups(
            groups.into_iter().map(budget::group_of),
            &prices,
            Period::All,
            GroupBy::Model,
            as_of(),
        )
    };
    let got = sums(&store);
    assert_eq!(got.total.requests, 9);
    assert_eq!(got.total.usage, want.total.usage);
    // $0.0834363 (Claude) + $0.009101 (Codex); Gemini's two requests unpriced
    assert_eq!(got.total.cost.priced_pico, 83_436_300_000 + 9_101_000_000);
    assert_eq!(got.total.cost.unpriced_requests, 2);

    let r = index(&home, &store).unwrap();
    assert_eq!(
        (r.files_read, r.requests),
        (0, 0),
        "unchanged: nothing read"
    );

    // the CLI writes a reply again when it changes: append the first reply's record again
    let chat = find(&home.join(".gemini"), "jsonl").unwrap();
    let text = std::fs::read_to_string(&chat).unwrap();
    let again = text
        .lines()
        .find(|l| l.contains("\"type\":\"gemini\""))
        .unwrap()
        .to_string();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(&chat)
        .unwrap();
    f.write_all(format!("{again}\n").as_bytes()).unwrap();
    drop(f);
    let r = index(&home, &store).unwrap();
    assert_eq!((r.files_read, r.files_reset, r.requests), (1, 0, 1));
    assert_eq!(r.bytes_read, again.len() as u64 + 1, "only the new line");
    let after = sums(&store);
    assert_eq!(after.total.requests, 9);
    assert_eq!(after.total.usage, want.total.usage);
}
