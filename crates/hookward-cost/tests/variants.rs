//! Generated variants: however a request's lines are repeated (streamed parts, forks,
//! sub-agent copies, shuffled file order) and however often Codex repeats a `token_count`
//! event, the sums are those of the requests counted once.

use hookward_cost::{claude, codex, dedup, Usage};
use proptest::prelude::*;

fn claude_line(id: usize, u: &Usage, output: u64) -> String {
    format!(
        r#"{{"type":"assistant","sessionId":"s","cwd":"/w","timestamp":"2026-12-01T00:00:00Z","requestId":"req_{id}","message":{{"id":"msg_{id}","model":"claude-sonnet-4-5-20250929","usage":{{"input_tokens":{},"cache_creation_input_tokens":{},"cache_creation":{{"ephemeral_5m_input_tokens":{},"ephemeral_1h_input_tokens":{}}},"cache_read_input_tokens":{},"output_tokens":{output}}}}}}}"#,
        u.input,
        u.cache_write_5m + u.cache_write_1h,
        u.cache_write_5m,
        u.cache_write_1h,
        u.cache_read
    )
}

fn usage() -> impl Strategy<Value = Usage> {
    (
        1..5_000u64,
        0..5_000u64,
        0..5_000u64,
        0..50_000u64,
        1..5_000u64,
    )
        .prop_map(
            |(input, cache_write_5m, cache_write_1h, cache_read, output)| Usage {
                input,
                cache_write_5m,
                cache_write_1h,
                cache_read,
                output,
                reasoning_output: 0,
            },
        )
}

fn sum(reqs: &[hookward_cost::Request]) -> Usage {
    let mut t = Usage::default();
    for r in reqs {
        t.add(&r.usage);
    }
    t
}

proptest! {
    #[test]
    fn claude_repeats_count_once(
        reqs in prop::collection::vec((usage(), 1..5usize, 0..3usize), 1..8),
        seed in any::<u64>(),
    ) {
        let mut expected = Usage::default();
        let mut lines = Vec::new();
        for (id, (u, parts, copies)) in reqs.iter().enumerate() {
            expected.add(u);
            // streamed parts: the output grows to its final value on the last part
            for p in 1..=*parts {
                let out = u.output * p as u64 / *parts as u64;
                for _ in 0..=*copies {
                    lines.push(claude_line(id, u, out.max(1)));
                }
            }
        }
        // shuffle deterministically by the seed, then split into up to 3 "files"
        let n = lines.len();
        for i in (1..n).rev() {
            let j = ((seed.wrapping_mul(6364136223846793005).wrapping_add(i as u64)) % (i as u64 + 1)) as usize;
            lines.swap(i, j);
        }
        let mut all = Vec::new();
        for chunk in lines.chunks(n.div_ceil(3)) {
            all.extend(claude::parse(&chunk.join("\n"), "p", "s").requests);
        }
        let got = dedup(all);
        prop_assert_eq!(got.len(), reqs.len());
        prop_assert_eq!(sum(&got), expected);
    }

    #[test]
    fn codex_repeated_events_count_once(
        steps in prop::collection::vec((0..5_000u64, 0..5_000u64, 0..2_000u64, 1..4usize), 1..10),
    ) {
        let (mut input, mut cached, mut output) = (0u64, 0u64, 0u64);
        let mut text = String::from(r#"{"timestamp":"2026-12-01T00:00:00Z","type":"turn_context","payload":{"model":"gpt-5-codex","cwd":"/w"}}"#);
        let mut expected = Usage::default();
        for (new_uncached, new_cached, new_out, repeats) in &steps {
            input += new_uncached + new_cached;
            cached += new_cached;
            output += new_out;
            expected.add(&Usage { input: *new_uncached, cache_read: *new_cached, output: *new_out, ..Usage::default() });
            for _ in 0..*repeats {
                text.push_str(&format!(
                    "\n{{\"timestamp\":\"2026-12-01T00:00:01Z\",\"type\":\"event_msg\",\"payload\":{{\"type\":\"token_count\",\"info\":{{\"total_token_usage\":{{\"input_tokens\":{input},\"cached_input_tokens\":{cached},\"output_tokens\":{output},\"reasoning_output_tokens\":0}}}}}}}}"
                ));
            }
        }
        let p = codex::parse(&text, "p", "s");
        prop_assert_eq!(p.bad_lines, 0);
        prop_assert_eq!(sum(&p.requests), expected);
    }
}
