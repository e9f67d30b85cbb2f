//! Context tags, effective weights and the combined score.
//!
//! A finding's effective weight is its rule's base weight times one multiplier per context tag
//! and one per (family, source) pair, capped at [`MAX_WEIGHT`]. The multipliers were set on the
//! tuning groups of the dev corpus (see `tests/corpus.rs`) and checked on the held-out groups:
//!
//! | tag | × | why |
//! | --- | --- | --- |
//! | `code` | 0.35 | code is shown, not obeyed (not applied to remote-code and tool-call orders in skill/instruction/memory files, whose code blocks the agent runs) |
//! | `quoted` | 0.6 | an inline quotation is usually cited |
//! | `example` | 0.7 | a list item in a document that describes attacks |
//! | `described` | 0.5 | the paragraph talks *about* prompt injection ("for example", "detects", "jailbreak"…) |
//! | `addressed` | 1.25 | the line speaks to an AI/assistant/agent |
//! | `hidden` | 1.5 | HTML comment, invisible element, attribute, alt text, link title, tag characters |
//! | `padded` | 1.3 | placed after padding (separator lines, many blank lines, long blank runs) |
//! | `encoded` | 1.3 | found inside a base64/hex/percent-encoded blob |
//!
//! A persistence order whose line carries a harmful payload (`crate::payload`) is multiplied by
//! [`PAYLOAD_BOOST`] (1.3) on top, in every source.
//!
//! Combined score (documented on [`crate::ScanResult::score`]): `1 − Π(1 − wᵢ)` where a repeat of
//! a rule counts at a quarter of its weight, and findings discounted by `code`, `quoted`,
//! `example` or `described` contribute only through the strongest of them (citing many attacks
//! does not make a document more malicious than citing one).

use crate::types::{ContextTag, Family, Severity, Source};
use crate::zones::Zones;

/// Multiplier of a persistence order whose line carries a harmful payload by shape
/// (`crate::payload`), in every source: an order to keep doing something harmful weighs more
/// than an order alone. 1.3 lifts a lone persistence order in data (0.4 × 0.7 for a list item)
/// over the suspicious threshold only with a payload (issue 10).
pub(crate) const PAYLOAD_BOOST: f32 = 1.3;

/// Upper bound of one finding's effective weight.
pub(crate) const MAX_WEIGHT: f32 = 0.95;

/// Multiplier of one context tag.
pub(crate) fn tag_multiplier(tag: ContextTag) -> f32 {
    match tag {
        ContextTag::Code => 0.35,
        ContextTag::Quoted => 0.6,
        ContextTag::Example => 0.7,
        ContextTag::Described => 0.5,
        ContextTag::Addressed => 1.25,
        ContextTag::Hidden => 1.5,
        ContextTag::Padded => 1.3,
        ContextTag::Encoded => 1.3,
    }
}

/// Multiplier of a family in a source.
pub(crate) fn source_multiplier(family: Family, source: &Source) -> f32 {
    if source.is_agent_config() {
        match family {
            Family::PersistenceOrder => 1.3,
            Family::RemoteCode => 1.5,
            Family::AddressedToAssistant => 0.3,
            Family::ToolCallOrder => 0.8,
            _ => 1.0,
        }
    } else if source.is_external() {
        match family {
            Family::AddressedToAssistant => 1.2,
            Family::FakeTurn => 1.1,
            _ => 1.0,
        }
    } else if matches!(source, Source::File { .. }) {
        match family {
            Family::RemoteCode => 0.6,
            _ => 1.0,
        }
    } else {
        1.0
    }
}

/// True for tags that mark a citation rather than an order.
pub(crate) fn is_discount(tag: ContextTag) -> bool {
    matches!(
        tag,
        ContextTag::Code | ContextTag::Quoted | ContextTag::Example | ContextTag::Described
    )
}

/// Effective weight of a finding.
pub(crate) fn effective_weight(
    base: f32,
    family: Family,
    tags: &[ContextTag],
    source: &Source,
) -> f32 {
    let code_exempt =
        source.is_agent_config() && matches!(family, Family::RemoteCode | Family::ToolCallOrder);
    let mut w = base * source_multiplier(family, source);
    for &t in tags {
        if t == ContextTag::Code && code_exempt {
            continue;
        }
        w *= tag_multiplier(t);
    }
    w.clamp(0.0, MAX_WEIGHT)
}

/// Severity from an effective weight (see [`Severity`]).
pub(crate) fn severity(w: f32) -> Severity {
    if w >= 0.6 {
        Severity::High
    } else if w >= 0.3 {
        Severity::Medium
    } else {
        Severity::Low
    }
}

/// Combine `(rule_id, weight, discounted)` triples into a score in [0, 1].
pub(crate) fn combine(items: &[(&str, f32, bool)]) -> f32 {
    let mut sorted: Vec<&(&str, f32, bool)> = items.iter().collect();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
    // A set, not a list: with thousands of findings a list look-up per finding is quadratic.
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut keep = 1.0f32;
    let mut best_discounted = 0.0f32;
    for (rule, w, discounted) in sorted {
        if *discounted {
            best_discounted = best_discounted.max(*w);
            continue;
        }
        let w = if seen.insert(rule) { *w } else { w * 0.25 };
        keep *= 1.0 - w;
    }
    keep *= 1.0 - best_discounted;
    (1.0 - keep).clamp(0.0, 1.0)
}

/// Cues that a paragraph talks about attacks to a human reader.
const DESCRIBED_CUES: &[&str] = &[
    "prompt injection",
    "prompt-injection",
    "injection attack",
    "jailbreak",
    "for example",
    "e.g.",
    "for instance",
    "such as",
    "detects",
    "detected",
    "detection",
    "detector",
    "scanner",
    "red team",
    "red-team",
    "adversarial",
    "attack pattern",
    "attacks like",
    "attack string",
    "phrases like",
    "phrase like",
    "strings like",
    "patterns like",
    "instructions like",
    "is flagged",
    "are flagged",
    "flags ",
    // "blocked" alone is also the condition of an order ("when a command is blocked, …").
    "blocked by",
    "are blocked",
    "were blocked",
    "gets blocked",
    "be blocked",
    "mitigat",
    "threat model",
    "test case",
    "fixture",
    "payloads",
    "descriptive",
    "known attack",
    "classifier",
    "heuristic",
    "example",
    // The same cues in the other languages the rules cover (a security document quoting an
    // attack in Spanish or Japanese is as much a citation as one in English).
    "por ejemplo",
    "ejemplo",
    "frases como",
    "par exemple",
    "exemple",
    "phrases comme",
    "zum beispiel",
    "z. b.",
    "beispiel",
    "per esempio",
    "ad esempio",
    "esempio",
    "por exemplo",
    "exemplo",
    "например",
    "пример",
    "例えば",
    "例：",
    "例:",
    "例如",
    "比如",
    "示例",
    "예를 들어",
    "예:",
    "예시",
    "على سبيل المثال",
    "مثال",
    "örneğin",
    "उदाहरण",
    "ví dụ",
    "na przykład",
    "przykład",
    "bijvoorbeeld",
    "contoh",
];

/// Cues that a line speaks to the AI.
const ADDRESS_CUES: &[&str] = &[
    "assistant",
    "ai:",
    "ai,",
    "ai agent",
    "ai model",
    "ai system",
    "llm",
    "language model",
    "claude",
    "chatgpt",
    "copilot",
    "gemini",
    "automated",
];

/// Does `hay` contain `cue` at a word start (not after a letter, digit, `.`, `@`, `/`, `-`)?
fn has_cue(hay: &str, cue: &str) -> bool {
    let b = hay.as_bytes();
    let mut from = 0;
    while let Some(off) = hay.get(from..).and_then(|r| r.find(cue)) {
        let at = from + off;
        let ok = at == 0
            || b.get(at - 1).is_some_and(|c| {
                !(c.is_ascii_alphanumeric() || matches!(c, b'.' | b'@' | b'/' | b'-' | b'_'))
            });
        if ok {
            return true;
        }
        from = at + cue.len();
    }
    false
}

/// Per-text context for tagging findings (normalised text and its zones).
pub(crate) struct TextContext<'a> {
    pub(crate) norm: &'a str,
    pub(crate) zones: &'a Zones,
    /// True when the text was decoded from a blob.
    pub(crate) encoded: bool,
    /// Whether the whole text talks about attacks (≥ 2 strong cues), computed on first use.
    pub(crate) describes_attacks: std::cell::OnceCell<bool>,
    /// [`address_index`] of the lines `[start, end)` of `norm` that the last hit asked about
    /// (see [`TextContext::addressed_between`]), kept for the hits after it.
    pub(crate) address: std::cell::RefCell<Option<AddressLines>>,
}

/// Strong document-level cues (see [`TextContext::describes_attacks`]).
const DOC_CUES: &[&str] = &[
    "prompt injection",
    "prompt-injection",
    "jailbreak",
    "red team",
    "red-team",
    "adversarial",
    "injection attack",
    "attacks",
    "attack ",
    "malicious instruction",
    "planted instruction",
    "inyección de prompt",
    "inyección de instrucciones",
    "ataques",
    "injection de prompt",
    "attaques",
    "prompt-injektion",
    "angriffe",
    "iniezione di prompt",
    "attacchi",
    "injeção de prompt",
    "инъекци",
    "атак",
    "プロンプトインジェクション",
    "攻撃",
    "提示注入",
    "提示词注入",
    "攻击",
    "프롬프트 인젝션",
    "공격",
    "حقن",
    "هجمات",
    "saldırı",
    "हमले",
    "tấn công",
    "ataki",
    "aanvallen",
    "serangan",
];

/// Bytes that continue a word for the cue tests ([`has_cue`]'s and [`address_index`]'s): a cue
/// right after one of them is not at a word start.
fn wordish(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'.' | b'@' | b'/' | b'-' | b'_')
}

/// [`CueIndex::class`] bit: the byte is [`wordish`].
const WORDISH: u8 = 1;
/// [`CueIndex::class`] bit: some cue of the index (without a border) starts with the byte.
const CUE_LEAD: u8 = 2;

/// A cue list grouped by first byte, to look for cues at word starts only ([`cue_hits`]).
struct CueIndex {
    /// Per byte value, [`WORDISH`] and [`CUE_LEAD`].
    class: [u8; 256],
    /// Cues by first byte: byte `c`'s cues are `entries[start[c]..start[c + 1]]`. Cues that
    /// overlap themselves are left out (see `bordered`).
    start: Vec<u16>,
    entries: Vec<CueEntry>,
    /// Cues with a border (a proper prefix that is also a suffix, as `инъекци` and `language
    /// model`): two occurrences may overlap, and a search per cue skips the later one, so they
    /// are searched as that search does.
    bordered: Vec<usize>,
}

/// One cue of a [`CueIndex`] with its first eight bytes, compared with one masked load.
#[derive(Clone, Copy)]
struct CueEntry {
    cue: usize,
    prefix: u64,
    mask: u64,
    len: usize,
}

/// True when `c` has a proper prefix that is also its suffix.
fn has_border(c: &[u8]) -> bool {
    (1..c.len()).any(|k| c.get(..k) == c.get(c.len() - k..))
}

impl CueIndex {
    fn new(cues: &[&str]) -> CueIndex {
        let mut bordered = Vec::new();
        let mut pairs: Vec<(u8, CueEntry)> = Vec::with_capacity(cues.len());
        for (i, cue) in cues.iter().enumerate() {
            let b = cue.as_bytes();
            if has_border(b) {
                bordered.push(i);
            } else if let Some(&c0) = b.first() {
                let n = b.len().min(8);
                let mask = if n == 8 {
                    u64::MAX
                } else {
                    (1u64 << (8 * n)) - 1
                };
                pairs.push((
                    c0,
                    CueEntry {
                        cue: i,
                        prefix: crate::swar::load(b, 0) & mask,
                        mask,
                        len: b.len(),
                    },
                ));
            }
        }
        pairs.sort_by_key(|p| (p.0, p.1.cue));
        let mut start = vec![0u16; 257];
        for &(c0, _) in &pairs {
            if let Some(n) = start.get_mut(usize::from(c0) + 1) {
                *n += 1;
            }
        }
        let mut acc = 0u16;
        for n in &mut start {
            acc += *n;
            *n = acc;
        }
        let mut class = [0u8; 256];
        for (c, k) in class.iter_mut().enumerate() {
            let c = c as u8;
            if wordish(c) {
                *k |= WORDISH;
            }
            if start.get(usize::from(c)) != start.get(usize::from(c) + 1) {
                *k |= CUE_LEAD;
            }
        }
        CueIndex {
            class,
            start,
            entries: pairs.into_iter().map(|p| p.1).collect(),
            bordered,
        }
    }
}

/// The occurrences `(cue index, start)` of the cues of `cues` in `t` that a search per cue
/// finds (`find` from the end of the previous occurrence of the same cue) and that stand at a
/// word start: at the text's start or after a byte that is not [`wordish`] (a cue that overlaps
/// itself is reported wherever it occurs). The callers count only those (a cue of two bytes or
/// more, without a border, after a letter, a digit or `.@/-_` fails their tests), so the others
/// are not looked for: the text is walked once, a table look-up per byte, and only at word
/// starts are the cues of that first byte compared; a cue that overlaps itself is searched for on its
/// own. Each call's `f` returns false to stop. In no particular order.
///
/// It replaced one Aho–Corasick pass reporting overlapping matches at every offset, which
/// cost 40 M instructions per megabyte of English prose (callgrind, `examples/scan_n.rs`,
/// release, 2026-12-07), and, below 64 KiB, a substring search of the whole text per cue.
fn cue_hits(index: &CueIndex, cues: &[&str], t: &str, mut f: impl FnMut(usize, usize) -> bool) {
    for &p in &index.bordered {
        let Some(cue) = cues.get(p) else { continue };
        let mut from = 0;
        while let Some(off) = t.get(from..).and_then(|r| r.find(cue)) {
            let at = from + off;
            if !f(p, at) {
                return;
            }
            from = at + cue.len();
        }
    }
    let b = t.as_bytes();
    // One table look-up per byte: is it wordish, and does a cue start with it. The offset
    // after a wordish byte is no word start; offset 0 is one.
    let mut after_wordish = false;
    for (i, &c0) in b.iter().enumerate() {
        let class = index.class.get(usize::from(c0)).copied().unwrap_or(0);
        if class & CUE_LEAD != 0 && !after_wordish {
            let lo = index.start.get(usize::from(c0)).copied().unwrap_or(0);
            let hi = index.start.get(usize::from(c0) + 1).copied().unwrap_or(0);
            let text8 = crate::swar::load(b, i);
            for e in index
                .entries
                .get(usize::from(lo)..usize::from(hi))
                .unwrap_or(&[])
            {
                if text8 & e.mask != e.prefix {
                    continue;
                }
                let whole = e.len <= 8
                    || cues
                        .get(e.cue)
                        .is_some_and(|c| b.get(i..).is_some_and(|r| r.starts_with(c.as_bytes())));
                if whole && !f(e.cue, i) {
                    return;
                }
            }
        }
        after_wordish = class & WORDISH != 0;
    }
}

/// True when `norm` mentions attacks at least twice.
pub(crate) fn describes_attacks(norm: &str) -> bool {
    static INDEX: std::sync::OnceLock<CueIndex> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| CueIndex::new(DOC_CUES));
    let mut n = 0;
    cue_hits(index, DOC_CUES, norm, |p, at| {
        let counts = DOC_CUES.get(p).is_some_and(|cue| {
            has_cue(
                norm.get(at.saturating_sub(1)..at + cue.len()).unwrap_or(""),
                cue,
            )
        });
        if counts {
            n += 1;
        }
        n < 2
    });
    n >= 2
}

/// [`describes_attacks`] by one substring search per cue (the definition it is tested
/// against).
#[cfg(test)]
fn describes_attacks_per_cue(norm: &str) -> bool {
    let mut n = 0;
    for cue in DOC_CUES {
        let mut from = 0;
        while let Some(off) = norm.get(from..).and_then(|r| r.find(cue)) {
            let at = from + off;
            if has_cue(
                norm.get(at.saturating_sub(1)..at + cue.len()).unwrap_or(""),
                cue,
            ) {
                n += 1;
                if n >= 2 {
                    return true;
                }
            }
            from = at + cue.len();
        }
    }
    false
}

/// Every occurrence of an [`ADDRESS_CUES`] cue in `t` at a word start (as [`has_cue`] judges
/// it), as `(start, end)` sorted by start, with the smallest `end` from each index on: one pass
/// over the text ([`cue_hits`]), so asking "is there a cue in `[lo, hi)`" costs a bisection
/// per hit instead of a search of the hit's whole line (quadratic on one long line).
fn address_index(t: &str) -> (Vec<usize>, Vec<usize>) {
    static INDEX: std::sync::OnceLock<CueIndex> = std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| CueIndex::new(ADDRESS_CUES));
    let b = t.as_bytes();
    let ok = |at: usize| at == 0 || b.get(at - 1).is_some_and(|&c| !wordish(c));
    let mut occ: Vec<(usize, usize)> = Vec::new();
    cue_hits(index, ADDRESS_CUES, t, |p, at| {
        if let Some(cue) = ADDRESS_CUES.get(p).filter(|_| ok(at)) {
            occ.push((at, at + cue.len()));
        }
        true
    });
    address_finish(occ)
}

/// The `(starts, min_end)` of [`address_index`] from its occurrences in any order.
fn address_finish(mut occ: Vec<(usize, usize)>) -> (Vec<usize>, Vec<usize>) {
    occ.sort_unstable();
    let starts = occ.iter().map(|o| o.0).collect();
    let mut min_end = vec![usize::MAX; occ.len()];
    let mut m = usize::MAX;
    for (i, o) in occ.iter().enumerate().rev() {
        m = m.min(o.1);
        if let Some(x) = min_end.get_mut(i) {
            *x = m;
        }
    }
    (starts, min_end)
}

/// The paragraph around `[start, end)`: back to a blank line (at most 400 bytes), forward to a
/// blank line (at most 200 bytes).
fn paragraph(t: &str, start: usize, end: usize) -> &str {
    let lo = crate::normalize::floor_boundary(t, start.saturating_sub(400));
    let hi = crate::normalize::ceil_boundary(t, (end + 200).min(t.len()));
    let before = t.get(lo..start).unwrap_or("");
    let s = before.rfind("\n\n").map_or(lo, |i| lo + i + 2);
    let after = t.get(end..hi).unwrap_or("");
    let e = after.find("\n\n").map_or(hi, |i| end + i);
    t.get(s..e).unwrap_or("")
}

/// Is there padding (two separator lines in a row, six blank lines in a row, or a run of 200
/// blanks) in the 2 KB before `line`?
fn padded(t: &str, line: usize) -> bool {
    let lo = crate::normalize::floor_boundary(t, line.saturating_sub(2048));
    let before = t.get(lo..line).unwrap_or("");
    let mut blank_run = 0;
    let mut sep_run = 0;
    for l in before.lines() {
        let tl = l.trim();
        if tl.is_empty() {
            blank_run += 1;
            if blank_run >= 6 {
                return true;
            }
            continue;
        }
        blank_run = 0;
        let is_sep = tl.len() >= 5
            && tl
                .bytes()
                .all(|c| matches!(c, b'-' | b'=' | b'*' | b'#' | b'_' | b'~'));
        if is_sep {
            sep_run += 1;
            if sep_run >= 2 {
                return true;
            }
        } else {
            sep_run = 0;
        }
        if l.len() >= 200
            && l.bytes().filter(|c| *c == b' ' || *c == b'\t').count() * 10 >= l.len() * 9
        {
            return true;
        }
    }
    false
}

/// The address cues of some whole lines of a text: their first byte, the byte after them, and
/// their [`address_index`] in offsets of the text.
pub(crate) type AddressLines = (usize, usize, (Vec<usize>, Vec<usize>));

impl TextContext<'_> {
    /// `ADDRESS_CUES.iter().any(|c| has_cue(&norm[lo..hi], c))`, without searching the range:
    /// a cue at a word start of the text inside `[lo, hi)`, or one starting exactly at `lo`
    /// (the start of the range counts as a word start). Same answer: the only cue that overlaps
    /// itself (`language model`, by its `l`) has a letter before the overlap, so an occurrence
    /// `has_cue` would skip fails its word-start test anyway.
    fn addressed_between(&self, lo: usize, hi: usize) -> bool {
        let at_lo = self
            .norm
            .get(lo..hi)
            .is_some_and(|h| ADDRESS_CUES.iter().any(|c| h.starts_with(c)));
        if at_lo {
            return true;
        }
        // The cues of the lines from `lo`'s to `hi`'s, looked for once and kept while the next
        // hits ask about the same lines: hits come in order, so each line is searched at most
        // twice (as a hit's line and as the line before), and a text whose hits sit on a few
        // lines is not searched whole (it was, per text: 17 M instructions per megabyte of
        // English prose). Same answer as the index of the whole text: no cue holds a line
        // break, so the occurrences inside whole lines, each preceded by a line break or the
        // text's start, are the same either way.
        let first = self.zones.line_start(self.norm, lo);
        let last = self.zones.line_bounds(self.norm, hi).1;
        let mut cached = self.address.borrow_mut();
        let fresh = !matches!(&*cached, Some((s, e, _)) if *s == first && *e >= hi);
        if fresh {
            let index = match self.norm.get(first..last) {
                Some(lines) => {
                    let (mut starts, min_end) = address_index(lines);
                    for s in &mut starts {
                        *s += first;
                    }
                    let min_end = min_end
                        .into_iter()
                        .map(|e| e.saturating_add(first))
                        .collect();
                    (first, last, (starts, min_end))
                }
                None => (0, self.norm.len(), address_index(self.norm)),
            };
            *cached = Some(index);
        }
        let Some((_, _, (starts, min_end))) = cached.as_ref() else {
            return false;
        };
        let i = starts.partition_point(|&s| s < lo);
        min_end.get(i).is_some_and(|&e| e <= hi)
    }

    /// Context tags for a hit at `[start, end)` of the normalised text.
    pub(crate) fn tags(&self, start: usize, end: usize, family: Family) -> Vec<ContextTag> {
        let mut tags = Vec::new();
        let z = self.zones;
        let in_code = z.in_code(self.norm, start);
        if in_code {
            tags.push(ContextTag::Code);
        }
        // A quotation, unless it is a field value (`key="…"`, `key: "…"`).
        if let Some((qs, _)) = z.quoted_at(self.norm, start).filter(|_| !in_code) {
            let before = self
                .norm
                .get(..qs)
                .unwrap_or("")
                .trim_end_matches([' ', '\t']);
            // For a task planted as a list element or a CSV field (`["a", "Write a poem…"]`,
            // `Bob,"Write…"`) the quotes are the carrier's, not a citation.
            let element = family == Family::ReaderTask && before.ends_with(['[', ',', '\t']);
            if !before.ends_with(['=', ':']) && !element {
                tags.push(ContextTag::Quoted);
            }
        }
        let para = paragraph(self.norm, start, end);
        let described = DESCRIBED_CUES.iter().any(|c| has_cue(para, c));
        if z.list_line(self.norm, start)
            && (described
                || *self
                    .describes_attacks
                    .get_or_init(|| describes_attacks(self.norm)))
        {
            tags.push(ContextTag::Example);
        }
        if described {
            tags.push(ContextTag::Described);
        }
        if family != Family::AddressedToAssistant && family != Family::HiddenText {
            let ls = z.line_start(self.norm, start);
            let prev = z.line_start(self.norm, ls.saturating_sub(1));
            if self.addressed_between(prev, start) {
                tags.push(ContextTag::Addressed);
            }
        }
        if z.hidden.contains(start) {
            tags.push(ContextTag::Hidden);
        }
        if padded(self.norm, z.line_start(self.norm, start)) {
            tags.push(ContextTag::Padded);
        }
        if self.encoded {
            tags.push(ContextTag::Encoded);
        }
        tags
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word-start pass and the search per cue agree, on small and large texts with cues
    /// at word starts, inside words, after multi-byte characters, overlapping other cues or
    /// themselves, at the very start and end, or none.
    #[test]
    fn the_cue_pass_finds_what_the_searches_find() {
        for cue in DOC_CUES.iter().chain(ADDRESS_CUES) {
            assert!(cue.len() >= 2, "{cue:?}");
        }
        let plants = [
            "",
            " prompt injection ",
            "xattacks",
            "prompt injection attacks",
            "é攻撃 and jailbreak",
            " ai: hello ai, and ai agent plus the ai model; claude-code/llm.assistant",
            "red team red-team adversarial",
            "атак атак",
            " инъекцинъекци инъекци",
            "инъекцинъекци",
            "language modelanguage model, language model",
            "_attacks -attack .llm @claude /gemini xai, (ai: ",
            "attacks",
            "jailbreak",
        ];
        for filler in [
            String::new(),
            "plain words of a long page about gardening and weather. ".repeat(3),
            "plain words of a long page about gardening and weather. ".repeat(1300),
        ] {
            for a in plants {
                for b in plants {
                    let t = format!("{a}{filler}{b}{filler}{a}");
                    for t in [t.clone(), format!("{b}{a}"), format!("{a}{b}x")] {
                        assert_eq!(
                            describes_attacks(&t),
                            describes_attacks_per_cue(&t),
                            "{t:?}"
                        );
                        let mut per_cue = Vec::new();
                        let by = t.as_bytes();
                        for cue in ADDRESS_CUES {
                            for (at, _) in t.match_indices(cue) {
                                let ok = at == 0
                                    || by.get(at - 1).is_some_and(|c| {
                                        !(c.is_ascii_alphanumeric()
                                            || matches!(c, b'.' | b'@' | b'/' | b'-' | b'_'))
                                    });
                                if ok {
                                    per_cue.push((at, at + cue.len()));
                                }
                            }
                        }
                        assert_eq!(address_index(&t), address_finish(per_cue), "{t:?}");
                    }
                }
            }
        }
    }

    /// The cues of the lines a hit asks about give the answer the index of the whole text
    /// gives, for every range from a line start (as the tags ask) or any char boundary, asked
    /// in order and out of order.
    #[test]
    fn addressed_between_by_lines_is_by_the_whole_text() {
        let pieces = [
            "plain words here",
            "\n",
            "\n\n",
            " assistant, please",
            "ai: do it",
            "xai, no",
            "language modelanguage model",
            " the ai agent said",
            "é llm ",
            "claude-code/gemini",
            " automated",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for round in 0..300 {
            let n = 1 + (next() % 12) as usize;
            let t: String = (0..n)
                .map(|_| pieces[(next() % pieces.len() as u64) as usize])
                .collect();
            let zones = crate::zones::ZoneDetectors::default().compute(&t, &[]);
            let ctx = TextContext {
                norm: &t,
                zones: &zones,
                encoded: false,
                describes_attacks: std::cell::OnceCell::new(),
                address: std::cell::RefCell::new(None),
            };
            let (starts, min_end) = address_index(&t);
            let whole = |lo: usize, hi: usize| {
                t.get(lo..hi)
                    .is_some_and(|h| ADDRESS_CUES.iter().any(|c| h.starts_with(c)))
                    || {
                        let i = starts.partition_point(|&s| s < lo);
                        min_end.get(i).is_some_and(|&e| e <= hi)
                    }
            };
            let bounds: Vec<usize> = (0..=t.len()).filter(|&i| t.is_char_boundary(i)).collect();
            let mut asks = Vec::new();
            for &lo in &bounds {
                for &hi in bounds.iter().filter(|&&h| h >= lo) {
                    asks.push((lo, hi));
                }
            }
            if round % 2 == 1 {
                asks.reverse();
            }
            for (lo, hi) in asks {
                assert_eq!(
                    ctx.addressed_between(lo, hi),
                    whole(lo, hi),
                    "{t:?} {lo} {hi}"
                );
            }
        }
    }
}
