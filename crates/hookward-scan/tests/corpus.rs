//! Corpus evaluation on `../shared/corpus/injection-dev.jsonl` (issue 4, "Tests that must exist").
//!
//! Excluding kind `jailbreak` (direct user prompts, reported separately): recall (verdict ≠
//! clean) ≥ 90 %, benign false-positive rate (verdict ≠ clean) ≤ 1 %, benign `injection`
//! verdicts ≤ 0.3 %. Figures are printed per kind and per split: groups are split by a hash of
//! their name into *tuning* groups (rules and weights were adjusted looking at their misses)
//! and *held-out* groups (only their figures were looked at). Run with `--nocapture` to see the
//! table; set `HOOKWARD_SCAN_DEBUG=1` to list the misses and false positives of the tuning
//! groups.

use std::collections::BTreeMap;

use hookward_scan::{ScanContext, ScanResult, Scanner, Source, Verdict};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus/injection-dev.jsonl"
);

struct Item {
    id: String,
    text: String,
    injection: bool,
    kind: String,
    group: String,
}

fn load() -> Vec<Item> {
    let raw = std::fs::read_to_string(CORPUS)
        .unwrap_or_else(|e| panic!("read {CORPUS}: {e} (the corpus lives in ../shared/corpus)"));
    raw.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("corpus line is JSON");
            let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
            Item {
                id: s("id"),
                text: s("text"),
                injection: s("label") == "injection",
                kind: s("kind"),
                group: s("group"),
            }
        })
        .collect()
}

/// The mapping of corpus kinds to scan sources.
fn source_for(kind: &str) -> Source {
    match kind {
        "memory_write" => Source::MemoryWrite,
        "instruction_file" => Source::InstructionFile,
        "skill_file" => Source::SkillFile,
        "web" => Source::WebPage,
        "email" => Source::Email,
        "mcp_tool" => Source::McpResult,
        "tool_output" => Source::ToolOutput,
        other => Source::File {
            path: format!("{other}.txt"),
        },
    }
}

/// Held-out split: FNV-1a (64-bit) of the group name, even hashes held out (about half the
/// groups; of the injection groups: agent-memory-guard, agent-probe-ai, agentprobe-injection,
/// bastionmemory, dendrita-poison-check, promptfoo).
fn held_out(group: &str) -> bool {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in group.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h.is_multiple_of(2)
}

#[derive(Default, Clone, Copy)]
struct Tally {
    inj: usize,
    inj_flagged: usize,
    ben: usize,
    ben_flagged: usize,
    ben_injection: usize,
}

impl Tally {
    fn add(&mut self, injection: bool, r: &ScanResult) {
        if injection {
            self.inj += 1;
            self.inj_flagged += usize::from(r.is_flagged());
        } else {
            self.ben += 1;
            self.ben_flagged += usize::from(r.is_flagged());
            self.ben_injection += usize::from(r.verdict == Verdict::Injection);
        }
    }
}

fn pct(a: usize, b: usize) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

fn line(name: &str, t: &Tally) -> String {
    format!(
        "{name:<26} inj {:>4}  recall {:>6.2} %   benign {:>4}  FP {:>5.2} %  FP-injection {:>5.2} %",
        t.inj,
        pct(t.inj_flagged, t.inj),
        t.ben,
        pct(t.ben_flagged, t.ben),
        pct(t.ben_injection, t.ben)
    )
}

#[test]
fn dev_corpus_figures_hold() {
    let items = load();
    assert!(items.len() > 2000, "corpus too small: {}", items.len());
    let scanner = Scanner::new().expect("scanner builds");
    let debug = std::env::var_os("HOOKWARD_SCAN_DEBUG").is_some();
    let mut total = Tally::default();
    let mut split: BTreeMap<&str, Tally> = BTreeMap::new();
    let mut kinds: BTreeMap<String, Tally> = BTreeMap::new();
    let mut jailbreak = Tally::default();
    for it in &items {
        let r = scanner.scan(&it.text, &ScanContext::new(source_for(&it.kind)));
        if it.kind == "jailbreak" {
            jailbreak.add(it.injection, &r);
            continue;
        }
        total.add(it.injection, &r);
        let name = if held_out(&it.group) {
            "held-out groups"
        } else {
            "tuning groups"
        };
        split.entry(name).or_default().add(it.injection, &r);
        kinds
            .entry(it.kind.clone())
            .or_default()
            .add(it.injection, &r);
        let wrong = it.injection != r.is_flagged();
        if debug && wrong && !held_out(&it.group) {
            let rules: Vec<String> = r
                .findings
                .iter()
                .map(|f| {
                    let ev: String = f.evidence.chars().take(90).collect();
                    format!("{}={:.2}{:?} {ev:?}", f.rule_id, f.weight, f.context)
                })
                .collect();
            let head: String = it.text.chars().take(160).collect();
            println!(
                "{} {} {} {} score={} {:?}\n    {}\n    {head:?}",
                if it.injection { "MISS" } else { "FP" },
                it.id,
                it.group,
                it.kind,
                r.score,
                r.verdict,
                rules.join("\n    ")
            );
        }
    }
    println!("{}", line("ALL (without jailbreak)", &total));
    for (name, t) in &split {
        println!("{}", line(name, t));
    }
    for (name, t) in &kinds {
        println!("{}", line(&format!("  kind {name}"), t));
    }
    println!("{}", line("jailbreak (separate)", &jailbreak));

    let recall = pct(total.inj_flagged, total.inj);
    let fp = pct(total.ben_flagged, total.ben);
    let fp_inj = pct(total.ben_injection, total.ben);
    assert!(recall >= 90.0, "recall {recall:.2} % < 90 %");
    assert!(fp <= 1.0, "benign false-positive rate {fp:.2} % > 1 %");
    assert!(
        fp_inj <= 0.3,
        "benign injection verdicts {fp_inj:.2} % > 0.3 %"
    );
}
