//! The pure half of recall: the terms a prompt or command is searched by, the FTS5 query they
//! make, and the score of a candidate the search returned (`hookward-store` runs the search).

use crate::distill::{is_cjk, is_stopword, words};

/// The terms of a query text, as matched against a lesson's search text:
/// - [`Terms::long`]: words of 3+ characters (English suffixes `-ing`, `-ed`, `-s`
///   stripped when 4+ characters stay, so `tests` finds `test`), and every 3-character window
///   of a CJK run (the FTS5 `trigram` tokenizer matches substrings of 3+ characters);
/// - [`Terms::short`]: CJK runs of 1–2 characters (the trigram tokenizer cannot match them;
///   the store falls back to `LIKE`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Terms {
    /// Terms the FTS5 index can match.
    pub long: Vec<String>,
    /// CJK terms of 1–2 characters.
    pub short: Vec<String>,
}

/// Most terms a query keeps (the first ones): a long prompt is searched by its head.
pub const MAX_TERMS: usize = 32;

/// Strips one common English suffix when 4+ characters stay (`installing` → `install`).
pub fn stem(w: &str) -> String {
    for suf in ["ing", "ed", "s"] {
        if let Some(s) = w.strip_suffix(suf) {
            if s.chars().count() >= 4 && s.is_ascii() {
                return s.to_string();
            }
        }
    }
    w.to_string()
}

/// The [`Terms`] of a query text.
pub fn terms(text: &str) -> Terms {
    let mut t = Terms::default();
    let push = |v: &mut Vec<String>, w: String| {
        if !v.contains(&w) {
            v.push(w);
        }
    };
    // CJK runs, whatever their length, apart from the rest of the text
    let mut rest = String::with_capacity(text.len());
    let mut runs: Vec<Vec<char>> = Vec::new();
    let mut run: Vec<char> = Vec::new();
    for c in text.chars() {
        if is_cjk(c) {
            run.push(c);
            rest.push(' ');
        } else {
            if !run.is_empty() {
                runs.push(std::mem::take(&mut run));
            }
            rest.push(c);
        }
    }
    if !run.is_empty() {
        runs.push(run);
    }
    for w in words(&rest) {
        let s = stem(&w);
        if !is_stopword(&s) && t.long.len() < MAX_TERMS {
            push(&mut t.long, s);
        }
    }
    for chars in runs {
        if chars.len() >= 3 {
            for win in chars.windows(3) {
                if t.long.len() < MAX_TERMS {
                    push(&mut t.long, win.iter().collect());
                }
            }
        } else if t.short.len() < MAX_TERMS {
            push(&mut t.short, chars.iter().collect());
        }
    }
    t
}

/// Most terms the FTS5 query is built from: the longest ones (the most selective, and the
/// cheapest to rank, since they match the fewest lessons); every term still counts in
/// [`matched_terms`].
pub const MAX_FTS_TERMS: usize = 12;

/// The FTS5 `MATCH` expression of the long terms (at most [`MAX_FTS_TERMS`], longest first):
/// each a quoted string (inner quotes doubled), joined by `OR`; `None` when there are none.
pub fn fts_query(terms: &Terms) -> Option<String> {
    fts_query_longest(terms, MAX_FTS_TERMS)
}

/// [`fts_query`] of the `n` longest terms only.
pub fn fts_query_longest(terms: &Terms, n: usize) -> Option<String> {
    if terms.long.is_empty() || n == 0 {
        return None;
    }
    let mut picked: Vec<&String> = terms.long.iter().collect();
    picked.sort_by_key(|t| std::cmp::Reverse(t.chars().count()));
    picked.truncate(n);
    Some(
        picked
            .iter()
            .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
            .collect::<Vec<_>>()
            .join(" OR "),
    )
}

/// How many of the query's terms a lesson's search text contains, case-folded: a term of
/// letters or digits must start a word there (`test` finds `tests`, `module` finds
/// `modulenotfounderror`, `date` does not find `updates`); a CJK term may sit anywhere.
pub fn matched_terms(terms: &Terms, lesson_text: &str) -> usize {
    let lower = lesson_text.to_lowercase();
    terms
        .long
        .iter()
        .chain(terms.short.iter())
        .filter(|t| starts_a_word(&lower, t))
        .count()
}

fn starts_a_word(text: &str, term: &str) -> bool {
    if term.chars().next().is_some_and(is_cjk) {
        return text.contains(term);
    }
    text.match_indices(term).any(|(i, _)| {
        text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Default recency half-life of a lesson's score: 30 days (a lesson not seen for a month
/// counts half); `lessons.half_life_days` sets it ([`Candidate::half_life_ms`]).
pub const HALF_LIFE_MS: f64 = 30.0 * 24.0 * 3600.0 * 1000.0;
/// Score factor for a lesson of the same program family as the call being made.
pub const FAMILY_BOOST: f64 = 1.5;
/// Score factor for a lesson about the same file as the call being made.
pub const FILE_BOOST: f64 = 2.0;
/// Fewest matched terms a lesson needs to be recalled without a family or file match: one
/// shared word is chance, two are a topic (the paraphrase matrix's false-recall bound).
pub const MIN_MATCHED: usize = 2;

/// What is known of one candidate when it is scored.
#[derive(Debug, Clone, Copy)]
pub struct Candidate {
    /// FTS5 `bm25()` of the match (negative; lower is better), or 0 for a `LIKE` match.
    pub bm25: f64,
    /// [`matched_terms`].
    pub matched: usize,
    /// The query's call has the lesson's program family.
    pub same_family: bool,
    /// The query's call names the lesson's file.
    pub same_file: bool,
    /// Milliseconds since the lesson was last created, merged or hit.
    pub age_ms: i64,
    /// The recency half-life (ms; [`HALF_LIFE_MS`] by default, `lessons.half_life_days`); a
    /// value below 1 ms counts as 1 ms.
    pub half_life_ms: f64,
}

/// The score of a candidate (higher is better), or `None` when it is not relevant enough:
/// fewer than [`MIN_MATCHED`] matched terms without a family or file match.
/// Score = (matched terms + −bm25, 0 for an unranked candidate) × [`FAMILY_BOOST`]/[`FILE_BOOST`] where they apply ×
/// 2^(−age / [`Candidate::half_life_ms`]).
pub fn score(c: &Candidate) -> Option<f64> {
    let anchored = c.same_family || c.same_file;
    if c.matched == 0 || (c.matched < MIN_MATCHED && !anchored) {
        return None;
    }
    let mut s = c.matched as f64 + (-c.bm25).max(0.0);
    if c.same_family {
        s *= FAMILY_BOOST;
    }
    if c.same_file {
        s *= FILE_BOOST;
    }
    let age = c.age_ms.max(0) as f64;
    Some(s * 0.5f64.powf(age / c.half_life_ms.max(1.0)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_stem_and_split_cjk() {
        let t = terms("the tests keep failing with missing modules 运行测试失败 了 pytest");
        assert!(t.long.contains(&"test".to_string()), "{t:?}");
        assert!(t.long.contains(&"module".to_string()), "{t:?}");
        assert!(t.long.contains(&"pytest".to_string()), "{t:?}");
        assert!(
            t.long.contains(&"运行测".to_string()) && t.long.contains(&"测试失".to_string()),
            "{t:?}"
        );
        assert_eq!(t.short, vec!["了".to_string()]);
        assert!(!t.long.iter().any(|w| w == "the" || w == "with"));
        assert_eq!(fts_query(&terms("a \"b\" x")), None);
    }

    #[test]
    fn fts_query_quotes() {
        let t = Terms {
            long: vec!["a\"b".into(), "npm".into()],
            short: vec![],
        };
        assert_eq!(fts_query(&t).as_deref(), Some("\"a\"\"b\" OR \"npm\""));
        let many = Terms {
            long: (1..=20).map(|n| "x".repeat(n + 2)).collect(),
            short: vec![],
        };
        let q = fts_query(&many).expect("query");
        assert_eq!(q.matches(" OR ").count(), MAX_FTS_TERMS - 1);
        assert!(q.starts_with(&format!("\"{}\"", "x".repeat(22))) && !q.contains("\"xxx\""));
    }

    #[test]
    fn scores_need_two_terms_or_an_anchor_and_decay() {
        let c = Candidate {
            bm25: -2.0,
            matched: 1,
            same_family: false,
            same_file: false,
            age_ms: 0,
            half_life_ms: HALF_LIFE_MS,
        };
        assert_eq!(score(&c), None);
        assert!(score(&Candidate {
            same_family: true,
            ..c
        })
        .is_some());
        let two = Candidate { matched: 2, ..c };
        let fresh = score(&two).expect("scored");
        let old = score(&Candidate {
            age_ms: HALF_LIFE_MS as i64,
            ..two
        })
        .expect("scored");
        assert!((old - fresh / 2.0).abs() < 1e-9);
        // a shorter half-life (lessons.half_life_days = 1): a day-old lesson counts half
        let day = 24.0 * 3600.0 * 1000.0;
        let quick = score(&Candidate {
            age_ms: day as i64,
            half_life_ms: day,
            ..two
        })
        .expect("scored");
        assert!((quick - fresh / 2.0).abs() < 1e-9);
        let fam = score(&Candidate {
            same_family: true,
            ..two
        })
        .expect("scored");
        let file = score(&Candidate {
            same_file: true,
            ..two
        })
        .expect("scored");
        assert!(fam > fresh && file > fam);
        assert_eq!(
            matched_terms(&terms("pnpm install"), "node pnpm | x | ran pnpm install"),
            2
        );
        assert_eq!(matched_terms(&terms("npm date"), "node pnpm | updates"), 0);
        assert_eq!(
            matched_terms(&terms("tests module"), "test_x modulenotfounderror"),
            2
        );
        assert_eq!(
            matched_terms(&terms("测试失败"), "pytest 运行测试失败了"),
            2
        );
    }
}
