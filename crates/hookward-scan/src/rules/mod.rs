//! Rule sets, one module per family, and the matching engine that runs them.
//!
//! Every rule is a regular expression over the *normalised* text (see `crate::normalize`: lower
//! case, NFKC, Latin diacritics stripped, typographic quotes folded) plus a list of literal
//! anchors. An Aho–Corasick automaton over all anchors finds candidate positions in one pass; a
//! rule's regex then runs only inside a window of [`REACH`] bytes around its anchors' hits, so the
//! cost on text without candidates is one automaton pass.
//!
//! Patterns may use the fragments of [`FRAGMENTS`] as `{{NAME}}`; they are expanded before
//! compiling. Long runs ("anything up to the end of the sentence") are written unbounded
//! (`[^.\n]*?`): a regex only ever runs inside a window of at most [`REACH`] bytes around an
//! anchor, which bounds them, and unbounded runs compile far faster than `{0,80}`. Patterns written in ASCII are compiled in ASCII mode (`(?-u)`: `\w`, `\s`, `\b`
//! and negated classes work on bytes), which keeps the automata small and fast; the normalised
//! text has no Latin diacritics left, so ASCII classes lose nothing for Latin-script languages.
//! Patterns with non-ASCII characters (Chinese, Japanese, Russian) keep Unicode mode.
//!
//! An anchor that starts with an ASCII letter or digit only counts at the start of a word
//! (`ai` in `main` does not wake the rules anchored on it).
//!
//! A pattern that must match some leading context (a line break or quote before `Assistant:`)
//! marks the part a finding reports with a group named `m`: `(?P<m>…)`.
//!
//! Each rule lists examples; a unit test checks every example fires its rule.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use aho_corasick::AhoCorasick;
use regex::bytes::Regex;

use crate::normalize::{ceil_boundary, floor_boundary};
use crate::types::Family;
use crate::ScanError;
use gate::{Gate, Precondition};
use prefilter::Prefilter;

pub(crate) mod addressed;
pub(crate) mod exfil;
pub(crate) mod fake_turn;
pub(crate) mod gate;
pub(crate) mod hide;
pub(crate) mod multilingual;
pub(crate) mod orders_intl;
pub(crate) mod overrides;
pub(crate) mod persistence;
pub(crate) mod prefilter;
pub(crate) mod reader;
pub(crate) mod remote;
pub(crate) mod role;
pub(crate) mod tools;

/// A rule whose preconditions have checked this many bytes (1 MiB) has its regex compiled
/// instead: in long-lived processes and on texts of many megabytes the regex, compiled once,
/// skips text faster with its literal prefilter than a precondition checked window by window
/// (measured: the second scan of 10 MB of prose in one process, 517 → 591 ms without a budget).
const PRE_BUDGET: usize = 1 << 20;

/// How far (bytes) a rule's match may extend before or after one of its anchors.
pub(crate) const REACH: usize = 400;

/// Extra checks a match must pass, evaluated by the scanner on the original text and zones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Guard {
    /// The first word of the match must be upper case in the ORIGINAL text (`SYSTEM:` in the
    /// middle of a line is a planted label; `system:` in prose is not).
    UpperFirstWord,
    /// Dropped when a negation (`never`, `do not`, `don't`, `must not`…) precedes the match in
    /// the same clause: "never send your API key to anyone" is advice, not an order.
    Negatable,
    /// Dropped inside code spans/blocks: chat-template tokens and labels shown as code are
    /// documentation of a template, not a planted turn.
    NotInCode,
    /// Dropped when the match is how-to prose ("to disable the sandbox, set …", "you can skip …").
    NotHowTo,
    /// Dropped in memory, instruction and skill files, which legitimately dictate output formats
    /// ("… and report: \"No changes found\"").
    NotAgentConfig,
    /// Only in data the agent reads (tool and MCP output, web pages, e-mail, other files):
    /// dropped in memory, instruction and skill files and in the user's own prompts, which
    /// tell the agent what to answer and how by design.
    DataOnly,
    /// Dropped when the match is the value of a field that holds a prompt or task by design
    /// (`"prompt": "Write a poem…"`, `"instruction":`, `"question":`, `"input":`, `"query":`,
    /// `"task":` in the 48 bytes before it), or when the rest of its line says the cells are
    /// prompts, samples, examples, exercises or a contest: datasets of prompts are data about
    /// tasks.
    NotPromptField,
    /// In instruction and skill files only (not memory notes): kept only when the line of the
    /// match carries a harmful payload by shape (`crate::payload`: secrets, an outbound target,
    /// concealment, disabling safety, fetch-and-run, widened autonomy, a trust change). Those
    /// files are standing orders by design, so an order alone ("from now on use pnpm",
    /// "before replying, run the tests") is normal there (issue 10).
    PayloadInInstructions,
    /// Only in memory, instruction and skill files, and only when the match itself (one
    /// sentence) carries a harmful payload by shape other than a bare secret
    /// (`crate::payload::carries_action_payload`). For plain imperatives ("email the
    /// build logs to …", "download and run the helper from …") that are ordinary words in data
    /// and documentation but standing orders in the agent's own files.
    PayloadInAgentFiles,
}

/// One rule of a family.
#[derive(Debug)]
pub(crate) struct Rule {
    /// Stable namespaced id (`inject/…`), used in findings and removal markers.
    pub(crate) id: &'static str,
    /// The family the rule belongs to.
    pub(crate) family: Family,
    /// Base weight in (0, 0.95]: the score this rule gives on its own in neutral context.
    pub(crate) weight: f32,
    /// Literal substrings (normalised, lower case); every match contains at least one.
    pub(crate) anchors: &'static [&'static str],
    /// Regex over the normalised text; `{{NAME}}` expands to a fragment of [`FRAGMENTS`].
    /// Empty for the rules `orders_intl` generates: their pattern is built on first compile
    /// (`orders_intl::pattern`).
    pub(crate) pattern: &'static str,
    /// Extra checks.
    pub(crate) guards: &'static [Guard],
    /// How far (bytes) before the start of an anchor a match may start (at most [`REACH`]);
    /// small for patterns that begin with their anchor, which keeps regex windows short.
    pub(crate) before: usize,
    /// How far (bytes) past the end of an anchor a match may end (at most [`REACH`]).
    pub(crate) after: usize,
    /// Literals of which at least one must occur in a window before the regex runs there
    /// (a cheap second filter for rules with common anchors); empty means no filter.
    pub(crate) requires: &'static [&'static str],
    /// Texts the rule must fire on (checked by a unit test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) examples: &'static [&'static str],
}

/// Shared pattern fragments, expanded as `{{NAME}}` (each is wrapped in a non-capturing group).
pub(crate) const FRAGMENTS: &[(&str, &str)] = &[
    // Verbs that cancel instructions outright.
    (
        "IGNORE",
        r"ignore|ignoring|disregard|disregarding|forget|forgetting|overlook|nevermind|never\s+mind|set\s+aside|put\s+aside|pay\s+no\s+attention\s+to|do\s+not\s+(?:follow|obey|heed)|don'?t\s+(?:follow|obey|heed)|stop\s+following|unlearn",
    ),
    // Verbs that cancel instructions only with an instruction-like object ("override the
    // default configuration" is documentation; "override your previous instructions" is not).
    (
        "IGNORE_WEAK",
        r"override|overriding|overrule|bypass|discard|abandon|neglect|dismiss|cancel|scrap|throw\s+out|erase|supersede|void|circumvent|violate",
    ),
    // Words that point at what came before (or around) the planted text.
    (
        "PRIOR",
        r"previous|previously|prior|preceding|above|earlier|former|original|initial|foregoing|past|system|developer|safety|following|other|remaining",
    ),
    // The same, restricted for weak verbs.
    (
        "PRIOR_CORE",
        r"previous|previously|prior|preceding|above|earlier|original|initial|system|safety|developer|your|all|any|every",
    ),
    // What gets cancelled.
    (
        "INSTR",
        r"instructions?|instruction\s+set|directions?|directives?|prompts?|system\s+prompt|rules?|guidelines?|guidance|commands?|orders?|constraints?|restrictions?|policies|policy|programming|training|context|conversation|messages?|requests?|tasks?|assignments?|text|content|data|input|information|limitations|filters?|safeguards?|protocols?|guardrails?|everything",
    ),
    // Instruction-like objects only.
    (
        "INSTR_STRICT",
        r"instructions?|directions|directives?|prompts?|system\s+prompt|rules|guidelines|guardrails?|programming|training|restrictions|constraints|polic(?:y|ies)|safety\s+(?:filters?|measures|checks|settings|protocols?)|content\s+polic(?:y|ies)|ethical\s+guidelines",
    ),
    // The assistant, as readers of planted text call it.
    (
        "AI",
        r"ai|a\.i\.|assistant|ai\s+assistant|agent|ai\s+agent|coding\s+agent|llm|language\s+model|large\s+language\s+model|model|chatbot|bot|claude|chatgpt|gpt(?:-?[0-9o.]+)?|gemini|copilot|cursor|codex|automated\s+(?:analysis|screening|review|system|systems|tool|tools|software|agent|agents|reader|readers|assistant|assistants)|ai\s+(?:model|models|system|systems|agents|assistants|reader|readers|tools?)|(?:large\s+)?language\s+models|llms|agents|assistants|models|bots",
    ),
    // The assistant by name or role, as a vocative ("Assistant: …"); excludes bare "agent",
    // "model", "bot", which label software components in changelogs ("agent: fix …").
    (
        "AI_NAME",
        r"ai|a\.i\.|assistant|ai\s+assistant|ai\s+agent|llm|language\s+model|chatbot|claude|chatgpt|gpt(?:-?[0-9o.]+)?|gemini|copilot|automated\s+(?:assistant|agent|reader|system)",
    ),
    // Imperative verbs an order to the assistant starts with.
    (
        "DO",
        r"ignore|forget|disregard|forward|send|e-?mail|mail|include|append|add|insert|output|print|say|reply|respond|answer|write|tell|remember|call|invoke|run|execute|delete|remove|visit|open|fetch|download|upload|post|share|reveal|disclose|leak|summari[sz]e|translate|stop|do\s+not|don'?t|never|always|make\s+sure|be\s+sure|after|before|when|first|then|now|please|also|instead|you\s+(?:must|should|will|need|are\s+to)|immediately|from\s+now\s+on|approve|grant|disable|transfer|confirm|read|copy|list|dump|display|show|use|proceed|continue",
    ),
    // Secrets and private context.
    (
        "SECRET",
        r"api[\s_-]?keys?|secret\s+keys?|secrets?|credentials?|passwords?|passwd|pass\s?phrases?|(?:access|auth|bearer|session|refresh|github|aws|oauth|api)\s+tokens?|private\s+keys?|ssh\s+keys?|id_rsa|\.env\b|env(?:ironment)?\s+variables|session\s+cookies?|cookies|access\s+keys?|system\s+prompt|/etc/passwd|/etc/shadow|\.aws/credentials|\.ssh/|wallet\s+seed|seed\s+phrase|recovery\s+phrase|credit\s+card\s+numbers?",
    ),
];

/// Expand `{{NAME}}` fragments (of [`FRAGMENTS`] and of the word tables of `reader.rs`).
pub(crate) fn expand(pattern: &str) -> String {
    let mut out = pattern.to_string();
    // Most patterns and preconditions name no fragment: no key to build and look for.
    if !out.contains("{{") {
        return out;
    }
    for (name, body) in FRAGMENTS.iter().chain(reader::FRAGMENTS) {
        if !out.contains(name) {
            continue;
        }
        let key = format!("{{{{{name}}}}}");
        if out.contains(&key) {
            out = out.replace(&key, &format!("(?:{body})"));
        }
    }
    out
}

/// Every rule of every family, in a fixed order (finding order ties are broken by it).
pub(crate) fn all_rules() -> Vec<&'static Rule> {
    let sets: [&'static [Rule]; 12] = [
        overrides::RULES,
        multilingual::RULES,
        role::RULES,
        fake_turn::RULES,
        addressed::RULES,
        tools::RULES,
        exfil::RULES,
        remote::RULES,
        persistence::RULES,
        hide::RULES,
        reader::RULES,
        orders_intl::rules(),
    ];
    sets.iter().flat_map(|s| s.iter()).collect()
}

/// FNV-1a for the anchor dedup maps built once per process ([`RuleSet::new`]'s, and the
/// generated rules' in `orders_intl::anchors_of`): a few thousand short static strings, where
/// SipHash's set-up dominated (the maps only dedup; the order of anchors is their first
/// appearance either way).
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The hasher of the anchor dedup maps ([`Fnv`]).
pub(crate) type AnchorHasher = std::hash::BuildHasherDefault<Fnv>;

/// A regex match of one rule, in normalised byte offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawHit {
    pub(crate) rule: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The compiled rule set.
#[derive(Debug)]
pub(crate) struct RuleSet {
    pub(crate) rules: Vec<&'static Rule>,
    /// Each rule's regex, compiled on first use (most texts wake only a few rules, and a hook
    /// process scans one text).
    regexes: Vec<OnceLock<Option<Regex>>>,
    prefilter: Prefilter,
    /// Per rule, its `requires` literals as one automaton, built on first use (None inside when
    /// the rule has none).
    requires: Vec<OnceLock<Option<AhoCorasick>>>,
    /// Per rule, its literal gate (`gate.rs`), built on first use from the parsed pattern
    /// (None inside when the pattern yields no clause): a window that fails it is skipped
    /// without compiling the regex.
    gates: Vec<OnceLock<Option<Gate>>>,
    /// Per rule, its preconditions (`gate::Precondition`), built on first use (empty for most
    /// rules): checked in a window before the gate, so a rule none of whose windows holds
    /// them builds neither its gate nor its probe nor its regex.
    pres: Vec<OnceLock<Vec<Precondition>>>,
    /// Per rule, the bytes its preconditions have checked (see [`PRE_BUDGET`]).
    pre_checked: Vec<AtomicUsize>,
    /// For each anchor of `prefilter`, the rules it belongs to.
    anchor_rules: AnchorRules,
}

/// For each anchor, the rules it belongs to, as one flat list: anchor `a`'s rules are
/// `rules[start[a]..start[a + 1]]`, in rule order. Built once per process from about 3,000
/// (anchor, rule) pairs; a list per anchor cost one allocation each (0.7 M instructions of a
/// `UserPromptSubmit` hook process, callgrind, 2026-12-06).
#[derive(Debug)]
struct AnchorRules {
    start: Vec<u32>,
    rules: Vec<u32>,
}

impl AnchorRules {
    /// `pairs` are (anchor, rule), anchors below `n_anchors`, in the order rules list them.
    fn from_pairs(n_anchors: usize, pairs: &[(u32, u32)]) -> Self {
        let mut start = vec![0u32; n_anchors + 1];
        for &(a, _) in pairs {
            if let Some(c) = start.get_mut(a as usize + 1) {
                *c += 1;
            }
        }
        let mut acc = 0u32;
        for c in &mut start {
            acc += *c;
            *c = acc;
        }
        let mut next: Vec<u32> = start.clone();
        let mut rules = vec![0u32; pairs.len()];
        for &(a, r) in pairs {
            if let Some(n) = next.get_mut(a as usize) {
                if let Some(slot) = rules.get_mut(*n as usize) {
                    *slot = r;
                }
                *n += 1;
            }
        }
        AnchorRules { start, rules }
    }

    /// The rules of anchor `a` (empty for an unknown anchor).
    fn of(&self, a: usize) -> &[u32] {
        let lo = self.start.get(a).copied().unwrap_or(0) as usize;
        let hi = self.start.get(a + 1).copied().unwrap_or(0) as usize;
        self.rules.get(lo..hi).unwrap_or(&[])
    }
}

impl RuleSet {
    /// Build the prefilter; regexes are compiled on first use (see [`RuleSet::compile_all`]).
    pub(crate) fn new() -> Result<Self, ScanError> {
        let rules = all_rules();
        let regexes = rules.iter().map(|_| OnceLock::new()).collect();
        // Anchors deduplicated in first-appearance order; (anchor, rule) pairs in rule order,
        // then placed per anchor by counting (a rule stays in rule order within its anchor).
        let pairs_len: usize = rules.iter().map(|r| r.anchors.len()).sum();
        let mut anchors: Vec<&'static str> = Vec::with_capacity(pairs_len);
        let mut pairs: Vec<(u32, u32)> = Vec::with_capacity(pairs_len);
        let mut index: std::collections::HashMap<&'static str, u32, AnchorHasher> =
            std::collections::HashMap::with_capacity_and_hasher(pairs_len, AnchorHasher::default());
        for (i, r) in rules.iter().enumerate() {
            if r.anchors.is_empty() {
                return Err(ScanError::RuleAnchors { rule_id: r.id });
            }
            for a in r.anchors {
                let next = anchors.len() as u32;
                let p = *index.entry(*a).or_insert(next);
                if p == next {
                    anchors.push(a);
                }
                pairs.push((p, i as u32));
            }
        }
        let anchor_rules = AnchorRules::from_pairs(anchors.len(), &pairs);
        let prefilter = Prefilter::new(anchors)?;
        let requires = rules.iter().map(|_| OnceLock::new()).collect();
        let gates = rules.iter().map(|_| OnceLock::new()).collect();
        let pres = rules.iter().map(|_| OnceLock::new()).collect();
        let pre_checked = rules.iter().map(|_| AtomicUsize::new(0)).collect();
        Ok(RuleSet {
            rules,
            regexes,
            prefilter,
            requires,
            gates,
            pres,
            pre_checked,
            anchor_rules,
        })
    }

    /// The exact pattern rule `rule`'s regex is compiled from: fragments expanded, ASCII mode
    /// for ASCII patterns. `None` for a generated rule without a pattern (a bug).
    fn source(rule: &Rule) -> Option<String> {
        // An empty pattern is a generated rule's (`orders_intl`), built here on first use.
        let source = if rule.pattern.is_empty() {
            orders_intl::pattern(rule.id)?.to_string()
        } else {
            rule.pattern.to_string()
        };
        let expanded = expand(&source);
        Some(if expanded.is_ascii() {
            format!("(?-u){expanded}")
        } else {
            // Patterns with non-ASCII literals stay in Unicode mode, but their word boundaries
            // are ASCII ones: a Unicode `\b` makes the regex engine fall back from its lazy DFA
            // to the much slower PikeVM (measured: one such rule cost 0.9 s over the 9 MB
            // benign dev corpus). The literals of other scripts are matched as written; their
            // boundaries are the surrounding spaces and punctuation.
            expanded.replace(r"\b", r"(?-u:\b)")
        })
    }

    /// The preconditions of `rule` (see `gate::Precondition`), in the syntax mode of the
    /// rule's own pattern (ASCII or Unicode, as [`RuleSet::source`] decides it from the whole
    /// pattern: a part compiled in another mode could match less and hide a match).
    fn pre_sources(rule: &Rule) -> Vec<String> {
        let (pattern, pre): (&str, Vec<&str>) = if rule.pattern.is_empty() {
            match orders_intl::preconditions(rule.id) {
                Some((pattern, pre)) => (pattern, pre.iter().map(String::as_str).collect()),
                None => return Vec::new(),
            }
        } else {
            match multilingual::PRECONDITIONS
                .iter()
                .find(|(id, _)| *id == rule.id)
            {
                Some((_, pre)) => (rule.pattern, pre.to_vec()),
                None => return Vec::new(),
            }
        };
        let ascii = expand(pattern).is_ascii();
        pre.into_iter()
            .map(|p| {
                let p = expand(p);
                if ascii {
                    format!("(?-u){p}")
                } else {
                    p.replace(r"\b", r"(?-u:\b)")
                }
            })
            .collect()
    }

    /// Compile rule `r`'s regex.
    fn compile(rule: &Rule) -> Result<Regex, ScanError> {
        let pattern = Self::source(rule).ok_or(ScanError::RulePattern {
            rule_id: rule.id,
            message: "generated rule without a pattern".into(),
        })?;
        // A larger lazy-DFA cache than the default: the multilingual tables make big automata,
        // and a cache that keeps filling up is rebuilt state by state on every scan.
        regex::bytes::RegexBuilder::new(&pattern)
            .dfa_size_limit(16 << 20)
            .build()
            .map_err(|e| ScanError::RulePattern {
                rule_id: rule.id,
                message: e.to_string(),
            })
    }

    /// The regex of rule `r`, compiling it on first use. `None` if it does not compile (which
    /// the unit tests rule out; [`RuleSet::compile_all`] reports it as an error).
    fn regex(&self, r: usize) -> Option<&Regex> {
        let rule = self.rules.get(r)?;
        self.regexes
            .get(r)?
            .get_or_init(|| Self::compile(rule).ok())
            .as_ref()
    }

    /// True when rule `r`'s regex has been compiled.
    fn compiled(&self, r: usize) -> bool {
        self.regexes.get(r).is_some_and(|c| c.get().is_some())
    }

    /// The literal gate of rule `r`, built on first use (None when its pattern does not parse).
    fn gate(&self, r: usize) -> Option<&Gate> {
        let rule = self.rules.get(r)?;
        self.gates
            .get(r)?
            .get_or_init(|| Self::source(rule).and_then(|p| Gate::of(&p)))
            .as_ref()
    }

    /// The preconditions of rule `r`, built on first use.
    fn pres(&self, r: usize) -> &[Precondition] {
        match (self.rules.get(r), self.pres.get(r)) {
            (Some(rule), Some(cell)) => cell.get_or_init(|| {
                Self::pre_sources(rule)
                    .iter()
                    .map(|p| Precondition::of(p))
                    .collect()
            }),
            _ => &[],
        }
    }

    /// Compile every regex now (for long-lived processes and benchmarks).
    ///
    /// # Errors
    /// [`ScanError::RulePattern`] naming the first rule whose pattern does not compile.
    pub(crate) fn compile_all(&self) -> Result<(), ScanError> {
        for (r, rule) in self.rules.iter().enumerate() {
            if self.regex(r).is_none() {
                return Err(Self::compile(rule)
                    .err()
                    .unwrap_or(ScanError::RuleAnchors { rule_id: rule.id }));
            }
        }
        Ok(())
    }

    /// Run every rule over `text` (normalised). Hits are sorted by start, then rule order.
    pub(crate) fn find(&self, text: &str) -> Vec<RawHit> {
        let windows = self.windows(text);
        self.run(text, &windows)
    }

    /// For each rule, the merged windows of `text` its regex must search.
    fn windows(&self, text: &str) -> Vec<Vec<(usize, usize)>> {
        let len = text.len();
        let mut windows: Vec<Vec<(usize, usize)>> = vec![Vec::new(); self.rules.len()];
        self.prefilter.for_each(text, |m| {
            for &r in self.anchor_rules.of(m.anchor) {
                let r = r as usize;
                let (before, after) = self.rules.get(r).map_or((REACH, REACH), |x| {
                    (x.before.min(REACH), x.after.min(REACH))
                });
                let s = m.start.saturating_sub(before);
                let e = (m.end + after).min(len);
                let Some(w) = windows.get_mut(r) else {
                    continue;
                };
                match w.last_mut() {
                    Some(last) if s <= last.1 && s >= last.0 => last.1 = last.1.max(e),
                    _ => w.push((s, e)),
                }
            }
        });
        // Non-ASCII hits come after the ASCII ones: sort and merge each rule's windows.
        for w in &mut windows {
            if w.len() > 1 {
                w.sort_unstable();
                let mut merged: Vec<(usize, usize)> = Vec::with_capacity(w.len());
                for &(s, e) in w.iter() {
                    match merged.last_mut() {
                        Some(last) if s <= last.1 => last.1 = last.1.max(e),
                        _ => merged.push((s, e)),
                    }
                }
                *w = merged;
            }
        }
        windows
    }

    /// Run each rule's regex in its windows.
    fn run(&self, text: &str, windows: &[Vec<(usize, usize)>]) -> Vec<RawHit> {
        let mut hits = Vec::new();
        for (r, ws) in windows.iter().enumerate() {
            // Most rules have no window in a text: build nothing for them (building every
            // rule's `requires` automaton on every scan cost ~1 ms per hook process).
            if ws.is_empty() {
                continue;
            }
            let req = match (self.rules.get(r), self.requires.get(r)) {
                (Some(rule), Some(cell)) if !rule.requires.is_empty() => cell
                    .get_or_init(|| AhoCorasick::new(rule.requires).ok())
                    .as_ref(),
                _ => None,
            };
            // A rule with many windows whose required literals occur nowhere in the text:
            // one pass over the text instead of one per window.
            if ws.len() > 4 && req.is_some_and(|ac| !ac.is_match(text)) {
                continue;
            }
            // Once the regex is compiled its own prefilter does the gate's work: skipped. (The
            // gate runs per window only: over a whole 1 MB text, per rule, it cost more than
            // it saved.) The preconditions likewise; the gate is built for the first window
            // that holds them.
            let pres = if self.compiled(r) { &[] } else { self.pres(r) };
            let mut gate: Option<Option<&Gate>> = None;
            for &(s, e) in ws {
                let (s, e) = snap_window(text, s, e);
                let Some(hay) = text.get(s..e) else {
                    continue;
                };
                if req.is_some_and(|ac| !ac.is_match(hay)) {
                    continue;
                }
                // A window without a match of a precondition holds no match either. Past the
                // rule's budget the regex is compiled instead (gate and probe skipped).
                let spent = !pres.is_empty()
                    && self
                        .pre_checked
                        .get(r)
                        .is_none_or(|c| c.fetch_add(hay.len(), Ordering::Relaxed) > PRE_BUDGET);
                if !spent && !pres.iter().all(|p| p.holds(hay.as_bytes())) {
                    continue;
                }
                let gate = if spent && !self.compiled(r) {
                    None
                } else {
                    *gate.get_or_insert_with(|| self.gate(r).filter(|_| !self.compiled(r)))
                };
                // No match can lie in a window without the gate's literals: skip it, and
                // compile nothing for a rule none of whose windows passes.
                if gate.is_some_and(|g| !g.passes(hay.as_bytes())) {
                    continue;
                }
                // Until the regex is compiled, the gate's forward-only automaton (cheaper to
                // build) says whether the window holds a match at all; the regex is compiled
                // for the first window that does.
                if !self.compiled(r) && gate.and_then(|g| g.probe(hay.as_bytes())) == Some(false) {
                    continue;
                }
                let Some(re) = self.regex(r) else {
                    break;
                };
                let focus = re.capture_names().any(|n| n == Some("m"));
                for m in re.find_iter(hay.as_bytes()) {
                    // A pattern may match leading context (a line break, a quote) and mark the
                    // part to report with a group named `m`.
                    let (ms, me) = if focus {
                        re.captures_at(hay.as_bytes(), m.start())
                            .and_then(|c| c.name("m"))
                            .map_or((m.start(), m.end()), |g| (g.start(), g.end()))
                    } else {
                        (m.start(), m.end())
                    };
                    if me > ms {
                        // ASCII-mode matches may end inside a multi-byte character: snap.
                        let hit = RawHit {
                            rule: r,
                            start: floor_boundary(text, s + ms),
                            end: ceil_boundary(text, s + me),
                        };
                        if hits.last() != Some(&hit) {
                            hits.push(hit);
                        }
                    }
                }
            }
        }
        hits.sort_by_key(|h| (h.start, h.rule, h.end));
        hits.dedup_by_key(|h| (h.rule, h.start));
        hits
    }
}

/// Widen a window to char boundaries and, by at most 256 bytes, back to a line start (so that
/// `^` and `\b` at the window's start mean what they say), else back to a word boundary;
/// forward by at most 32 bytes to a word boundary.
fn snap_window(text: &str, s: usize, e: usize) -> (usize, usize) {
    let b = text.as_bytes();
    let mut s = floor_boundary(text, s);
    if s > 0 {
        let from = s.saturating_sub(256);
        match b
            .get(from..s)
            .and_then(|w| w.iter().rposition(|&c| c == b'\n'))
        {
            Some(p) => s = from + p + 1,
            None => {
                let mut n = 0;
                while s > 0 && n < 32 && b.get(s - 1).is_some_and(|c| c.is_ascii_alphanumeric()) {
                    s -= 1;
                    n += 1;
                }
            }
        }
    }
    let mut e = ceil_boundary(text, e);
    let mut n = 0;
    while e < b.len() && n < 32 && b.get(e).is_some_and(|c| c.is_ascii_alphanumeric()) {
        e += 1;
        n += 1;
    }
    (floor_boundary(text, s), ceil_boundary(text, e))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::normalize::normalize;
    use crate::{ScanContext, Scanner, Source};

    #[test]
    fn every_rule_compiles_and_ids_are_unique() {
        let set = RuleSet::new().expect("rules compile");
        set.compile_all().expect("every pattern compiles");
        let mut ids: Vec<&str> = set.rules.iter().map(|r| r.id).collect();
        let n = ids.len();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), n, "duplicate rule ids");
        for r in &set.rules {
            assert!(
                r.weight > 0.0 && r.weight <= 0.95,
                "{}: weight out of range",
                r.id
            );
            assert!(!r.examples.is_empty(), "{}: no examples", r.id);
            assert!(r.id.contains('/'), "{}: id is not namespaced", r.id);
            assert!(r.before <= REACH, "{}: before > REACH", r.id);
            assert!(r.after <= REACH, "{}: after > REACH", r.id);
        }
    }

    #[test]
    fn every_example_fires_its_rule() {
        let set = RuleSet::new().expect("rules compile");
        let scanner = Scanner::new().expect("scanner builds");
        let data = ScanContext::new(Source::ToolOutput);
        // Rules that fire only in the agent's own files are checked in a memory note.
        let agent_file = ScanContext::new(Source::MemoryWrite);
        let mut failures = Vec::new();
        for (i, r) in set.rules.iter().enumerate() {
            let ctx = if r.guards.contains(&Guard::PayloadInAgentFiles) {
                &agent_file
            } else {
                &data
            };
            for ex in r.examples {
                let norm = normalize(ex);
                let anchored = r.anchors.iter().any(|a| norm.text.contains(a));
                let raw = set.find(&norm.text).iter().any(|h| h.rule == i);
                let found = scanner
                    .scan(ex, ctx)
                    .findings
                    .iter()
                    .any(|f| f.rule_id == r.id);
                if !(anchored && raw && found) {
                    failures.push(format!(
                        "{}: anchored={anchored} matched={raw} finding={found}: {ex:?}",
                        r.id
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "examples that do not fire:\n{}",
            failures.join("\n")
        );
    }

    #[test]
    fn fragments_expand() {
        let p = expand(r"\b{{IGNORE}}\s+{{PRIOR}}");
        assert!(!p.contains("{{"));
        assert!(Regex::new(&p).is_ok());
        for (name, body) in FRAGMENTS {
            assert!(body.is_ascii(), "fragment {name} must be ASCII");
        }
    }
}

#[cfg(test)]
mod timing {
    use super::*;

    /// Compile time per rule, the cost a hook process pays for each rule its text wakes (run
    /// with `--ignored --nocapture`, in release for real figures).
    #[test]
    #[ignore = "timing only"]
    fn compile_time_per_rule() {
        let rs = RuleSet::new().unwrap();
        let mut v: Vec<(f64, &str)> = rs
            .rules
            .iter()
            .map(|r| {
                let s = std::time::Instant::now();
                let _ = RuleSet::compile(r);
                (s.elapsed().as_secs_f64(), r.id)
            })
            .collect();
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (a, id) in v.iter().take(25) {
            println!("{:8.2} ms  {id}", a * 1000.0);
        }
    }

    /// Time per rule over the benign dev corpus (run with `--ignored --nocapture` to find the
    /// rule that slows the scanner down).
    #[test]
    #[ignore = "timing only"]
    fn time_per_rule() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/corpus/injection-dev.jsonl"
        );
        let texts: Vec<String> = std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .filter(|v| v["label"] == "benign")
            .filter_map(|v| {
                v["text"]
                    .as_str()
                    .map(|t| crate::normalize::normalize(t).text)
            })
            .collect();
        let rs = RuleSet::new().unwrap();
        rs.compile_all().unwrap();
        let mut t = vec![0f64; rs.rules.len()];
        for x in &texts {
            let w = rs.windows(x);
            for r in 0..rs.rules.len() {
                if w[r].is_empty() {
                    continue;
                }
                let mut only = vec![Vec::new(); rs.rules.len()];
                only[r] = w[r].clone();
                let s = std::time::Instant::now();
                std::hint::black_box(rs.run(x, &only));
                t[r] += s.elapsed().as_secs_f64();
            }
        }
        let mut v: Vec<(f64, &str)> = t.iter().zip(&rs.rules).map(|(a, r)| (*a, r.id)).collect();
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        for (a, id) in v.iter().take(12) {
            println!("{:8.1} ms  {id}", a * 1000.0);
        }
    }
}

#[cfg(test)]
mod woken {
    use super::*;

    /// The rules a text wakes and what compiling them costs (`WOKEN_FILE=path`, run with
    /// `--ignored --nocapture`, in release for real figures).
    #[test]
    #[ignore = "timing only"]
    fn rules_a_text_wakes() {
        let Ok(path) = std::env::var("WOKEN_FILE") else {
            return;
        };
        let text = std::fs::read_to_string(path).unwrap();
        let norm = crate::normalize::normalize(&text).text;
        let rs = RuleSet::new().unwrap();
        let w = rs.windows(&norm);
        let mut v: Vec<(f64, &str, usize, bool)> = Vec::new();
        for (r, ws) in w.iter().enumerate() {
            if ws.is_empty() {
                continue;
            }
            let rule = rs.rules[r];
            let s = std::time::Instant::now();
            let pres = rs.pres(r);
            let held = ws.iter().any(|&(a, b)| {
                let (a, b) = snap_window(&norm, a, b);
                pres.iter().all(|p| p.holds(&norm.as_bytes()[a..b]))
            });
            let gate = if held { rs.gate(r) } else { None };
            let passes = held
                && ws.iter().any(|&(a, b)| {
                    let (a, b) = snap_window(&norm, a, b);
                    let hay = &norm.as_bytes()[a..b];
                    pres.iter().all(|p| p.holds(hay))
                        && gate.is_none_or(|g| g.passes(hay) && g.probe(hay) != Some(false))
                });
            let gated = s.elapsed().as_secs_f64();
            if passes {
                let _ = RuleSet::compile(rule);
            }
            println!(
                "{:8.2} ms  {} (gate {:.2} ms, {} preconditions {}, {} clauses, {})",
                s.elapsed().as_secs_f64() * 1e3,
                rule.id,
                gated * 1e3,
                pres.len(),
                if held { "held" } else { "failed" },
                gate.map_or(0, Gate::len),
                if passes { "compiled" } else { "skipped" }
            );
            v.push((s.elapsed().as_secs_f64(), rule.id, ws.len(), passes));
        }
        let total: f64 = v.iter().map(|x| x.0).sum();
        v.sort_by(|a, b| b.0.total_cmp(&a.0));
        println!(
            "{} of {} rules woken, {} compiled; gate + compile {:.1} ms",
            v.len(),
            rs.rules.len(),
            v.iter().filter(|x| x.3).count(),
            total * 1e3
        );
    }
}
