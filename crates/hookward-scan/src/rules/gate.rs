//! A rule's *literal gate*: literals its regex cannot match without, read off the pattern's
//! syntax tree, checked in a window before the regex is compiled or run there; and a *probe*,
//! the pattern's forward lazy DFA without capture groups, that says whether a window holds a
//! match before the full regex is compiled.
//!
//! A hook process scans one text, and compiling a rule's regex is what a text pays for each rule
//! it wakes: 1–20 ms for the large generated patterns of `orders_intl`. Profiled (release,
//! `perf record`, `examples/cold_scan.rs` on 20 KB of the kb fixture's English prose): the first
//! scan took ~210 ms and a second one 1.4 ms; the samples were the regex crates' NFA compiler and
//! the allocator; the prose woke 49 of 179 rules (`rules::woken`, `WOKEN_FILE=…`). Most of those
//! windows cannot match: the anchor (a verb) is there, the rest of the shape is not. The gate
//! finds some of them from the parsed pattern (a parse costs a fraction of a compile); the probe
//! (about two thirds of a compile: no reverse automaton, no capture engines) the rest; the regex
//! is compiled only for the first window the probe finds a match in.
//!
//! The gate is exact by construction (it never hides a match): it is a list of *clauses*, each
//! a set of literals, such that every string the pattern matches contains at least one literal
//! of every clause (conjunctive normal form over "contains literal"). A window where some clause
//! has no literal therefore holds no match, and skipping it changes nothing. The clauses come
//! from the syntax tree:
//! - a literal gives the clause `{literal}`;
//! - a concatenation gives the clauses of all its parts;
//! - an alternation gives clauses made of one clause of each branch, united (a string of the
//!   alternation is a string of one branch, which holds a literal of that branch's clause);
//!   a branch without clauses leaves the alternation without clauses;
//! - a repetition gives its operand's clauses when it repeats at least once, none otherwise;
//! - a group gives its operand's; classes and look-arounds give none.
//!
//! Clauses that filter nothing are dropped (dropping a clause only weakens the gate): one that
//! holds a literal shorter than [`MIN_LITERAL`] bytes, or more than [`MAX_LITERALS`] literals;
//! at most [`MAX_CLAUSES`] are kept per node and [`MAX_GATE_CLAUSES`] per gate, the most
//! selective first (longest shortest literal, then fewest literals); an alternation of more
//! than [`SMALL_ALTERNATION`] branches unites only the best clause of each branch.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use aho_corasick::AhoCorasick;
use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson;
use regex_automata::Input;
use regex_syntax::hir::{Hir, HirKind};

/// A rule probed over this many bytes (64 KiB) has its regex compiled instead: on large texts
/// and in long-lived processes the regex, compiled once, is the cheaper way.
const PROBE_BUDGET: usize = 64 * 1024;
/// The lazy DFA cache of a probe: 16 MiB, as the rules' regexes (`RuleSet::compile`).
const PROBE_CACHE_BYTES: usize = 16 << 20;

/// Literals shorter than this (bytes) make a clause useless (`.` or a space is in every window).
const MIN_LITERAL: usize = 2;
/// A clause with more literals than this is dropped (its automaton would cost more than it saves).
const MAX_LITERALS: usize = 4096;
/// At most this many clauses per syntax node.
const MAX_CLAUSES: usize = 3;
/// At most this many clauses per gate (each is one automaton to build and run).
const MAX_GATE_CLAUSES: usize = 2;
/// Alternations of up to this many branches combine every choice of clauses; larger ones (word
/// lists) unite the best clause of each branch.
const SMALL_ALTERNATION: usize = 4;

/// A set of literals (borrowed from the syntax tree); every match contains at least one.
type Clause<'h> = Vec<&'h [u8]>;

/// The gate of one rule: one automaton per clause, and the pattern's forward lazy DFA, built
/// only for a window that passes the clauses.
#[derive(Debug)]
pub(crate) struct Gate {
    clauses: Vec<AhoCorasick>,
    /// The parsed pattern, kept to build `probe` from it without parsing again.
    hir: Hir,
    /// A forward lazy DFA of the pattern without capture groups, built on first use (None
    /// inside when it cannot be built; the caller then compiles the regex). It only says
    /// whether a window holds a match; it costs about two thirds of the regex's compile
    /// (no reverse automaton, no capture engines), and the regex is compiled once it says yes.
    probe: OnceLock<Option<DFA>>,
    /// The probe's cache, reused by later calls.
    cache: Mutex<Option<Cache>>,
    /// Bytes probed so far (see [`PROBE_BUDGET`]).
    probed: AtomicUsize,
}

impl Gate {
    /// The gate of `pattern` (the exact string the rule's regex is compiled from, with the
    /// syntax options of `regex::bytes`), or `None` when it does not parse (the regex then
    /// reports the error).
    pub(crate) fn of(pattern: &str) -> Option<Gate> {
        let hir = regex_syntax::ParserBuilder::new()
            .utf8(false)
            .build()
            .parse(pattern)
            .ok()?;
        let clauses: Vec<AhoCorasick> = required(&hir)
            .into_iter()
            .take(MAX_GATE_CLAUSES)
            .filter_map(|c| clause_matcher(&c))
            .collect();
        Some(Gate {
            clauses,
            hir,
            probe: OnceLock::new(),
            cache: Mutex::new(None),
            probed: AtomicUsize::new(0),
        })
    }

    /// False when `hay` cannot hold a match of the pattern (some clause has no literal in it).
    pub(crate) fn passes(&self, hay: &[u8]) -> bool {
        self.clauses.iter().all(|ac| ac.is_match(hay))
    }

    /// `Some(false)` when the pattern has no match in `hay` (exact: the lazy DFA of the same
    /// pattern and syntax options ran over all of it); `Some(true)` when it has one; `None`
    /// when the DFA could not be built or gave up, or when this rule has already been probed
    /// over [`PROBE_BUDGET`] bytes (then only the regex can tell, and compiling it pays: the
    /// regex skips non-matching text faster than the probe, with its literal prefilter).
    pub(crate) fn probe(&self, hay: &[u8]) -> Option<bool> {
        if self.probed.fetch_add(hay.len(), Ordering::Relaxed) > PROBE_BUDGET {
            return None;
        }
        let dfa = self.probe.get_or_init(|| forward_dfa(&self.hir)).as_ref()?;
        has_match(dfa, &self.cache, hay)
    }

    /// How many clauses the gate checks.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.clauses.len()
    }
}

/// The matcher of one clause's literals: a contiguous NFA rather than the DFA that
/// `AhoCorasick::new` picks for small sets. The gate only searches windows of a few hundred
/// bytes around an anchor, where the two run alike, while the DFA's construction was 0.56 M of
/// the 1.47 M instructions a short prompt spent building one rule's gate (callgrind, release,
/// 2026-12-06). Same matches either way (the kind never changes what `is_match` answers).
fn clause_matcher(literals: &[&[u8]]) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(literals)
        .ok()
}

/// A forward lazy DFA of `hir` without capture groups (None when it cannot be built).
fn forward_dfa(hir: &Hir) -> Option<DFA> {
    let nfa = thompson::Compiler::new()
        .configure(
            thompson::Config::new()
                .utf8(false)
                .which_captures(thompson::WhichCaptures::None),
        )
        .build_from_hir(hir)
        .ok()?;
    DFA::builder()
        .configure(DFA::config().cache_capacity(PROBE_CACHE_BYTES))
        .build_from_nfa(nfa)
        .ok()
}

/// Whether `dfa` finds a match anywhere in `hay` (`None` when it gave up), with the cache kept
/// in `slot` between calls (a concurrent caller makes its own).
fn has_match(dfa: &DFA, slot: &Mutex<Option<Cache>>, hay: &[u8]) -> Option<bool> {
    let mut guard = slot.try_lock().ok();
    let mut own = None;
    let cache = match guard.as_deref_mut() {
        Some(slot) => slot.get_or_insert_with(|| dfa.create_cache()),
        None => own.get_or_insert_with(|| dfa.create_cache()),
    };
    let input = Input::new(hay).earliest(true);
    dfa.try_search_fwd(cache, &input).ok().map(|m| m.is_some())
}

/// A *precondition* of a rule: a smaller pattern of which every match of the rule's pattern
/// contains a match (for example a part that every branch of the pattern concatenates; the
/// rule's author states it, see `orders_intl::preconditions`). A window where it has no match
/// holds no match of the rule, so the rule's gate, probe and regex are neither built nor run
/// there. It is compiled as a forward lazy DFA without capture groups, with the syntax options
/// of the rule's regex (the caller passes it in the rule's mode: ASCII or Unicode), and, being
/// a fraction of the pattern, costs a fraction of its compile.
#[derive(Debug)]
pub(crate) struct Precondition {
    /// None when the pattern does not parse or the DFA cannot be built: the precondition then
    /// never skips a window.
    dfa: Option<DFA>,
    cache: Mutex<Option<Cache>>,
}

impl Precondition {
    /// Compile `pattern` (the exact string, with the syntax options of `regex::bytes`).
    pub(crate) fn of(pattern: &str) -> Precondition {
        let dfa = regex_syntax::ParserBuilder::new()
            .utf8(false)
            .build()
            .parse(pattern)
            .ok()
            .and_then(|hir| forward_dfa(&hir));
        Precondition {
            dfa,
            cache: Mutex::new(None),
        }
    }

    /// False only when `hay` holds no match of the precondition (exact: its lazy DFA ran over
    /// all of `hay`); true when it holds one, or when the DFA is missing or gave up.
    pub(crate) fn holds(&self, hay: &[u8]) -> bool {
        self.dfa
            .as_ref()
            .and_then(|dfa| has_match(dfa, &self.cache, hay))
            .unwrap_or(true)
    }
}

/// Sort key of a clause: most selective first.
fn rank(c: &Clause<'_>) -> (std::cmp::Reverse<usize>, usize) {
    let shortest = c.iter().map(|l| l.len()).min().unwrap_or(0);
    (std::cmp::Reverse(shortest), c.len())
}

/// Keep the useful clauses, at most [`MAX_CLAUSES`], most selective first.
fn tidy(mut cs: Vec<Clause<'_>>) -> Vec<Clause<'_>> {
    cs.retain(|c| {
        !c.is_empty() && c.len() <= MAX_LITERALS && c.iter().all(|l| l.len() >= MIN_LITERAL)
    });
    cs.sort_by_key(rank);
    cs.truncate(MAX_CLAUSES);
    cs
}

/// The clauses every string of `h` satisfies (see the module documentation).
fn required(h: &Hir) -> Vec<Clause<'_>> {
    match h.kind() {
        HirKind::Literal(lit) => tidy(vec![vec![&lit.0[..]]]),
        HirKind::Capture(c) => required(&c.sub),
        HirKind::Repetition(r) if r.min >= 1 => required(&r.sub),
        HirKind::Concat(subs) => tidy(subs.iter().flat_map(required).collect()),
        HirKind::Alternation(subs) => {
            let mut branches = Vec::with_capacity(subs.len());
            for s in subs {
                let b = required(s);
                if b.is_empty() {
                    return Vec::new();
                }
                branches.push(b);
            }
            if branches.len() > SMALL_ALTERNATION {
                // Many branches (a word list): the best clause of each, united.
                let mut u: Clause<'_> = Vec::new();
                for b in &branches {
                    if let Some(c) = b.first() {
                        u.extend_from_slice(c);
                    }
                }
                return tidy(vec![u]);
            }
            // Few branches: every choice of one clause per branch, united.
            let mut acc: Vec<Clause<'_>> = vec![Vec::new()];
            for b in &branches {
                let mut next = Vec::with_capacity(acc.len() * b.len());
                for a in &acc {
                    for c in b {
                        let mut u = a.clone();
                        u.extend_from_slice(c);
                        next.push(u);
                    }
                }
                acc = tidy(next);
                if acc.is_empty() {
                    return Vec::new();
                }
            }
            acc
        }
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clauses(p: &str) -> Vec<Vec<String>> {
        let hir = regex_syntax::ParserBuilder::new()
            .utf8(false)
            .build()
            .parse(p)
            .expect("parses");
        required(&hir)
            .into_iter()
            .map(|c| {
                let mut v: Vec<String> = c
                    .into_iter()
                    .map(|l| String::from_utf8_lossy(l).into_owned())
                    .collect();
                v.sort();
                v
            })
            .collect()
    }

    #[test]
    fn clauses_follow_the_shape() {
        assert_eq!(clauses("abc"), vec![vec!["abc"]]);
        assert_eq!(
            clauses(r"(?:ignore|forget)\s+(?:all\s+)?prior"),
            vec![vec!["forget", "ignore"], vec!["prior"]]
        );
        // An optional part requires nothing; a branch without literals voids the alternation.
        assert!(clauses(r"(?:ab)?x*").is_empty());
        assert!(clauses(r"(?:abc|\d+)").is_empty());
        // One-byte literals filter nothing.
        assert!(clauses(r"a\s\.\sb").is_empty());
        // Alternation of concatenations: one clause per choice, united.
        let c = clauses(r"send\s+(?:key|token)|(?:key|token)\s+send");
        assert!(!c.is_empty());
        for cl in &c {
            assert!(cl
                .iter()
                .all(|l| ["send", "key", "token"].contains(&l.as_str())));
        }
    }

    use regex_syntax::ast::{self, Ast};

    /// A pattern as written and its syntax tree (the parser's, before any simplification).
    struct Tree {
        src: String,
        ast: Ast,
    }

    /// Parse `p` after a leading `(?-u)` (the caller checks both sides share it).
    fn tree(p: &str) -> Tree {
        let src = p.strip_prefix("(?-u)").unwrap_or(p).to_string();
        let ast = ast::parse::Parser::new().parse(&src).expect("parses");
        Tree { src, ast }
    }

    /// A node's text as written.
    fn text<'s>(a: &Ast, src: &'s str) -> &'s str {
        let sp = a.span();
        &src[sp.start.offset..sp.end.offset]
    }

    /// The node a group holds when the group only groups (a capture or `(?:…)` without
    /// flags), or `None` (a group with flags changes what its node means).
    fn plain_group(g: &ast::Group) -> Option<&Ast> {
        match &g.kind {
            ast::GroupKind::NonCapturing(f) if !f.items.is_empty() => None,
            _ => Some(&g.ast),
        }
    }

    /// The parts of a concatenation as text, with plain groups that hold a concatenation
    /// spliced in (`a(?P<m>bc)` is `a`, `b`, `c`: grouping does not change what a run of
    /// parts matches).
    fn flat<'s>(a: &Ast, src: &'s str, out: &mut Vec<&'s str>) {
        match a {
            Ast::Concat(cs) => cs.asts.iter().for_each(|c| flat(c, src, out)),
            Ast::Group(g) if matches!(plain_group(g), Some(Ast::Concat(_))) => {
                flat(&g.ast, src, out);
            }
            _ => out.push(text(a, src)),
        }
    }

    /// True when every string `full` matches contains a string `pre` matches at the same
    /// place, read off the two syntax trees as written (both in one syntax mode; parts written
    /// the same mean the same): `pre` is `full`, or a part of a concatenation (one part or a
    /// run of consecutive parts) that `full` is, or implied by every branch of an alternation
    /// `full` is, or by what a plain group or a repetition of at least one repeats; an
    /// alternation `pre` is implied when one of its branches is.
    fn implied(full: &Ast, fs: &str, pre: &Ast, ps: &str) -> bool {
        if text(full, fs) == text(pre, ps) {
            return true;
        }
        match pre {
            Ast::Alternation(alt) if alt.asts.iter().any(|p| implied(full, fs, p, ps)) => {
                return true
            }
            Ast::Group(g) => {
                if let Some(inner) = plain_group(g) {
                    if implied(full, fs, inner, ps) {
                        return true;
                    }
                }
            }
            _ => {}
        }
        match full {
            Ast::Group(g) => plain_group(g).is_some_and(|inner| implied(inner, fs, pre, ps)),
            Ast::Repetition(r) => {
                let at_least_one = match &r.op.kind {
                    ast::RepetitionKind::OneOrMore => true,
                    ast::RepetitionKind::Range(ast::RepetitionRange::Exactly(n))
                    | ast::RepetitionKind::Range(ast::RepetitionRange::AtLeast(n))
                    | ast::RepetitionKind::Range(ast::RepetitionRange::Bounded(n, _)) => *n >= 1,
                    _ => false,
                };
                at_least_one && implied(&r.ast, fs, pre, ps)
            }
            Ast::Alternation(bs) => bs.asts.iter().all(|b| implied(b, fs, pre, ps)),
            // A flag set inside a concatenation changes the meaning of the parts after it.
            Ast::Concat(cs) if cs.asts.iter().any(|c| matches!(c, Ast::Flags(_))) => false,
            Ast::Concat(cs) => {
                if cs.asts.iter().any(|c| implied(c, fs, pre, ps)) {
                    return true;
                }
                match pre {
                    Ast::Concat(_) => {
                        let (mut want, mut have) = (Vec::new(), Vec::new());
                        flat(pre, ps, &mut want);
                        flat(full, fs, &mut have);
                        !want.is_empty() && have.windows(want.len()).any(|w| w == &want[..])
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// [`implied`] over two patterns.
    fn implies(full: &str, pre: &str) -> bool {
        let (f, p) = (tree(full), tree(pre));
        implied(&f.ast, &f.src, &p.ast, &p.src)
    }

    #[test]
    fn preconditions_are_implied_by_their_patterns() {
        // Exactness of every precondition, structurally: a precondition that some match of
        // its rule's pattern does not contain would hide that match.
        let set = super::super::RuleSet::new().expect("rules build");
        let mut checked = 0;
        for r in &set.rules {
            let pres = super::super::RuleSet::pre_sources(r);
            if pres.is_empty() {
                continue;
            }
            let full = super::super::RuleSet::source(r).expect("pattern");
            for p in &pres {
                assert_eq!(
                    full.starts_with("(?-u)"),
                    p.starts_with("(?-u)"),
                    "{}: the precondition's mode differs from the pattern's",
                    r.id
                );
                assert!(implies(&full, p), "{}: {p}", r.id);
                checked += 1;
            }
        }
        assert!(checked >= 40, "only {checked} preconditions");
        // And the check itself says no where it must.
        assert!(!implies("ab|c", "a"));
        assert!(!implies("(?:ab)?c", "ab"));
        assert!(!implies("(?i:ab)c", "ab"));
        assert!(!implies("x(?:ab)*", "ab"));
        assert!(!implies("x(?i)ab", "ab"));
        assert!(implies(r"x\s+(?:ab|cd)y", "ab|cd"));
        assert!(implies(r"x\s+yz|\d+yz", "yz"));
        assert!(implies(r"(?:a|b)(?P<m>cd(?:e|f))", "(?:a|b)cd"));
    }

    #[test]
    fn a_gate_never_hides_a_match() {
        // Every pattern of the rule set and every example of every rule: where the regex
        // matches, the gate passes.
        let set = super::super::RuleSet::new().expect("rules build");
        let mut gated = 0;
        for r in &set.rules {
            let Some(pattern) = super::super::RuleSet::source(r) else {
                continue;
            };
            let gate = Gate::of(&pattern).expect("parses");
            gated += usize::from(gate.len() > 0);
            let re = regex::bytes::Regex::new(&pattern).expect("compiles");
            let pres: Vec<Precondition> = super::super::RuleSet::pre_sources(r)
                .iter()
                .map(|p| Precondition::of(p))
                .collect();
            for ex in r.examples {
                let n = crate::normalize::normalize(ex).text;
                let hay = n.as_bytes();
                if re.is_match(hay) {
                    assert!(gate.passes(hay), "{}: {ex:?}", r.id);
                    assert!(pres.iter().all(|p| p.holds(hay)), "{}: {ex:?}", r.id);
                }
                if let Some(found) = gate.probe(hay) {
                    assert_eq!(found, re.is_match(hay), "{}: {ex:?}", r.id);
                }
                // And on a text without a match: the example's words reversed.
                let other: String = n.split(' ').rev().collect::<Vec<_>>().join(" ");
                if let Some(found) = gate.probe(other.as_bytes()) {
                    assert_eq!(found, re.is_match(other.as_bytes()), "{}: {other:?}", r.id);
                }
            }
        }
        assert!(gated > 100, "only {gated} rules have a gate");
    }
}

#[cfg(test)]
mod stages {
    use super::*;
    use std::time::Instant;

    /// Where a probe's build goes, per rule: pattern text, parse, clauses, NFA, lazy DFA
    /// (`STAGE_RULES=id,id`, `--ignored --nocapture`, release).
    #[test]
    #[ignore = "timing only"]
    fn probe_stages() {
        let set = super::super::RuleSet::new().expect("rules build");
        let want = std::env::var("STAGE_RULES").unwrap_or_default();
        for r in &set.rules {
            if !want.split(',').any(|w| w == r.id) {
                continue;
            }
            let t = Instant::now();
            let p = super::super::RuleSet::source(r).unwrap();
            let t_src = t.elapsed();
            let t = Instant::now();
            let hir = regex_syntax::ParserBuilder::new()
                .utf8(false)
                .build()
                .parse(&p)
                .unwrap();
            let t_parse = t.elapsed();
            let t = Instant::now();
            let cl: Vec<AhoCorasick> = required(&hir)
                .into_iter()
                .take(MAX_GATE_CLAUSES)
                .filter_map(|c| AhoCorasick::new(&c).ok())
                .collect();
            let t_cl = t.elapsed();
            let t = Instant::now();
            let nfa = thompson::Compiler::new()
                .configure(
                    thompson::Config::new()
                        .utf8(false)
                        .which_captures(thompson::WhichCaptures::None),
                )
                .build_from_hir(&hir)
                .unwrap();
            let t_nfa = t.elapsed();
            let states = nfa.states().len();
            let t = Instant::now();
            let _dfa = DFA::builder()
                .configure(DFA::config().cache_capacity(PROBE_CACHE_BYTES))
                .build_from_nfa(nfa)
                .unwrap();
            let t_dfa = t.elapsed();
            let t = Instant::now();
            let nfa2 = thompson::Compiler::new()
                .configure(
                    thompson::Config::new()
                        .utf8(false)
                        .shrink(false)
                        .which_captures(thompson::WhichCaptures::None),
                )
                .build_from_hir(&hir)
                .unwrap();
            let t_nfa2 = t.elapsed();
            let t = Instant::now();
            let _re = regex::bytes::RegexBuilder::new(&p)
                .dfa_size_limit(16 << 20)
                .build()
                .unwrap();
            let t_re = t.elapsed();
            println!(
                "{}: len {} src {:?} parse {:?} clauses {} {:?} nfa {:?} ({} states; {} unshrunk) dfa {:?} nfa-noshrink {:?} | full regex {:?}",
                r.id, p.len(), t_src, t_parse, cl.len(), t_cl, t_nfa, states, nfa2.states().len(), t_dfa, t_nfa2, t_re
            );
        }
    }
}
