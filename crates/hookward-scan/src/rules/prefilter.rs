//! The anchor prefilter: finds every occurrence of every rule anchor in one pass.
//!
//! ASCII anchors come in two kinds. Those that start with a letter or digit only count at the
//! start of a word, so the scan visits word starts only; those that start with punctuation
//! (`<|`, `[system`, `.env`…) are checked where their first byte occurs. At each such position
//! the next four bytes, hashed into a 64K-bit table, reject almost every candidate; the few that
//! pass are compared with the anchors sharing that hash slot. Anchors of two or three bytes go
//! through a table of first-two-bytes instead, and must be whole words when they end with a
//! letter or digit (`ai` does not fire inside `aim`). One-byte anchors are not allowed.
//! Non-ASCII anchors (Chinese, Japanese, Russian) go through a small Aho–Corasick automaton, run
//! only on the lines that contain a first byte of one of them (so lines whose only non-ASCII
//! characters are dashes, bullets or emoji are skipped).
//!
//! Measured on the dev corpus this is several times faster than one automaton over all ~1,000
//! anchors, whose table does not fit in the CPU caches.

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use crate::ScanError;

/// The punctuation an ASCII anchor may start with. Fixed (and rare in prose) so that the scan
/// loop tests it with plain comparisons the compiler vectorises; an anchor starting with other
/// punctuation is rejected when the rule set is built.
const PUNCT_LEADS: [u8; 6] = [b'[', b'<', b'{', b'$', b'!', b'%'];

/// One anchor occurrence: anchor index and byte range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct AnchorHit {
    pub(crate) anchor: usize,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// The compiled prefilter.
#[derive(Debug)]
pub(crate) struct Prefilter {
    anchors: Vec<&'static str>,
    /// One bit per hash slot of the first four bytes of an ASCII anchor (≥ 4 bytes).
    quad_bits: Vec<u64>,
    /// Per word of `quad_bits`, the set bits of the words before it: slot `h`'s rank among
    /// the occupied slots is `quad_rank[h / 64]` plus the set bits below `h` in its word.
    quad_rank: Vec<u32>,
    /// Flat lists of anchors per occupied hash slot, by rank `k`:
    /// `quad_lists[quad_start[k]..quad_start[k + 1]]`. Indexed by rank rather than by slot so
    /// the table has one entry per occupied slot (a few thousand) instead of 65,537: building,
    /// zeroing and faulting in 256 KiB per process cost more than the rank's popcount on the
    /// rare candidates that pass the bit test.
    quad_start: Vec<u32>,
    quad_lists: Vec<QuadEntry>,
    /// One bit per first-two-bytes value of a short (2–3 byte) ASCII anchor.
    short_bits: Vec<u64>,
    /// Short anchors (indices), checked when `short_bits` passes.
    short: Vec<usize>,
    /// Non-ASCII anchors (indices into `anchors`).
    non_ascii_idx: Vec<usize>,
    /// Their automaton, built on first use (most texts have no Chinese, Japanese or Russian).
    non_ascii: std::sync::OnceLock<Option<AhoCorasick>>,
    /// First bytes of the non-ASCII anchors: lines without any are skipped.
    lead: [bool; 256],
}

fn bigram(a: u8, b: u8) -> u16 {
    (u16::from(a) << 8) | u16::from(b)
}

/// An anchor in a hash slot, with its first eight bytes for a one-compare check.
#[derive(Debug, Clone, Copy)]
struct QuadEntry {
    anchor: usize,
    prefix: u64,
    mask: u64,
}

/// Up to eight bytes of `b` as a little-endian integer (missing bytes are zero) and the mask
/// of the bytes present.
#[inline]
fn load8(b: &[u8]) -> (u64, u64) {
    if let Some(eight) = b.get(..8).and_then(|x| <[u8; 8]>::try_from(x).ok()) {
        return (u64::from_le_bytes(eight), u64::MAX);
    }
    let mut buf = [0u8; 8];
    let n = b.len().min(8);
    if let (Some(dst), Some(src)) = (buf.get_mut(..n), b.get(..n)) {
        dst.copy_from_slice(src);
    }
    let mask = if n == 8 {
        u64::MAX
    } else {
        (1u64 << (8 * n)) - 1
    };
    (u64::from_le_bytes(buf), mask)
}

/// Hash slot (16 bits) of four bytes.
#[inline]
fn quad_slot(b: &[u8]) -> Option<usize> {
    let four: [u8; 4] = b.get(..4)?.try_into().ok()?;
    let k = u32::from_le_bytes(four);
    Some((k.wrapping_mul(0x9E37_79B1) >> 16) as usize)
}

fn test_bit(bits: &[u64], i: usize) -> bool {
    bits.get(i >> 6)
        .is_some_and(|w| w & (1u64 << (i & 63)) != 0)
}

/// The rank of slot `h` among the set bits of `bits` (`ranks[w]` = set bits of the words
/// before word `w`); meaningful for a set bit.
#[inline]
fn rank(bits: &[u64], ranks: &[u32], h: usize) -> usize {
    let w = h >> 6;
    let below = bits
        .get(w)
        .map_or(0, |x| (x & ((1u64 << (h & 63)) - 1)).count_ones());
    ranks.get(w).map_or(0, |&r| r as usize) + below as usize
}

fn set_bit(bits: &mut [u64], i: usize) {
    if let Some(w) = bits.get_mut(i >> 6) {
        *w |= 1u64 << (i & 63);
    }
}

impl Prefilter {
    pub(crate) fn new(anchors: Vec<&'static str>) -> Result<Self, ScanError> {
        let mut quad_bits = vec![0u64; 1024];
        let mut slotted: Vec<(usize, QuadEntry)> = Vec::new();
        let mut short_bits = vec![0u64; 1024];
        let mut short = Vec::new();
        let mut non_ascii_idx = Vec::new();
        for (i, a) in anchors.iter().enumerate() {
            let b = a.as_bytes();
            if !a.is_ascii() {
                non_ascii_idx.push(i);
                continue;
            }
            let (Some(&c0), Some(&c1)) = (b.first(), b.get(1)) else {
                return Err(ScanError::Anchors {
                    message: format!("anchor {a:?} is shorter than two bytes"),
                });
            };
            if !c0.is_ascii_alphanumeric() && !PUNCT_LEADS.contains(&c0) {
                return Err(ScanError::Anchors {
                    message: format!(
                        "anchor {a:?} starts with {:?}, which is not one of {:?}; start the anchor at the next word instead",
                        char::from(c0),
                        PUNCT_LEADS.map(char::from)
                    ),
                });
            }
            match quad_slot(b) {
                Some(h) => {
                    set_bit(&mut quad_bits, h);
                    let (prefix, mask) = load8(b);
                    slotted.push((
                        h,
                        QuadEntry {
                            anchor: i,
                            prefix,
                            mask,
                        },
                    ));
                }
                None => {
                    set_bit(&mut short_bits, usize::from(bigram(c0, c1)));
                    short.push(i);
                }
            }
        }
        // Counting sort by the slot's rank: quad_start[k]..quad_start[k + 1] are the entries of
        // the k-th occupied slot, in anchor order (`slotted` is in anchor order and the
        // placement is stable).
        let mut quad_rank = Vec::with_capacity(quad_bits.len());
        let mut occupied = 0u32;
        for w in &quad_bits {
            quad_rank.push(occupied);
            occupied += w.count_ones();
        }
        let mut quad_start = vec![0u32; occupied as usize + 1];
        for (h, _) in &slotted {
            if let Some(c) = quad_start.get_mut(rank(&quad_bits, &quad_rank, *h) + 1) {
                *c += 1;
            }
        }
        let mut acc = 0u32;
        for c in &mut quad_start {
            acc += *c;
            *c = acc;
        }
        let mut next = quad_start.clone();
        let mut quad_lists: Vec<QuadEntry> = vec![
            QuadEntry {
                anchor: 0,
                prefix: 0,
                mask: 0,
            };
            slotted.len()
        ];
        for (h, e) in slotted {
            if let Some(n) = next.get_mut(rank(&quad_bits, &quad_rank, h)) {
                if let Some(slot) = quad_lists.get_mut(*n as usize) {
                    *slot = e;
                }
                *n += 1;
            }
        }
        let mut lead = [false; 256];
        for &i in &non_ascii_idx {
            if let Some(&c) = anchors.get(i).and_then(|a| a.as_bytes().first()) {
                if let Some(slot) = lead.get_mut(usize::from(c)) {
                    *slot = true;
                }
            }
        }
        Ok(Prefilter {
            lead,
            anchors,
            quad_bits,
            quad_rank,
            quad_start,
            quad_lists,
            short_bits,
            short,
            non_ascii_idx,
            non_ascii: std::sync::OnceLock::new(),
        })
    }

    /// Compare the anchors that may start at `i` (a candidate position) and report matches.
    #[inline]
    fn check(&self, b: &[u8], i: usize, f: &mut impl FnMut(AnchorHit)) {
        let rest = b.get(i..).unwrap_or(&[]);
        if let Some(h) = quad_slot(rest).filter(|&h| test_bit(&self.quad_bits, h)) {
            let k = rank(&self.quad_bits, &self.quad_rank, h);
            let lo = self.quad_start.get(k).map_or(0, |&x| x as usize);
            let hi = self.quad_start.get(k + 1).map_or(lo, |&x| x as usize);
            let (text8, _) = load8(rest);
            for e in self.quad_lists.get(lo..hi).unwrap_or(&[]) {
                if text8 & e.mask != e.prefix {
                    continue;
                }
                let Some(anchor) = self.anchors.get(e.anchor) else {
                    continue;
                };
                if anchor.len() <= 8 || rest.starts_with(anchor.as_bytes()) {
                    f(AnchorHit {
                        anchor: e.anchor,
                        start: i,
                        end: i + anchor.len(),
                    });
                }
            }
        }
        let (Some(&c0), Some(&c1)) = (rest.first(), rest.get(1)) else {
            return;
        };
        if test_bit(&self.short_bits, usize::from(bigram(c0, c1))) {
            for &a in &self.short {
                let Some(anchor) = self.anchors.get(a) else {
                    continue;
                };
                let ab = anchor.as_bytes();
                let whole = !ab.last().is_some_and(|c| c.is_ascii_alphanumeric())
                    || !rest
                        .get(ab.len())
                        .is_some_and(|c| c.is_ascii_alphanumeric());
                if whole && rest.starts_with(ab) {
                    f(AnchorHit {
                        anchor: a,
                        start: i,
                        end: i + ab.len(),
                    });
                }
            }
        }
    }

    /// The automaton of the non-ASCII anchors (None if it cannot be built, which a unit test
    /// rules out). A contiguous NFA rather than a DFA: it only searches the lines that hold a
    /// lead byte of a non-ASCII anchor, where the two run alike, and the DFA's construction
    /// over every non-ASCII anchor was 40 M instructions of a hook process whose text held a few
    /// Japanese lines (callgrind, `examples/scan_n.rs` on 1 MB of the kb fixture's prose,
    /// release, 2026-12-07). The kind never changes which matches an overlapping search
    /// reports.
    fn non_ascii_automaton(&self) -> Option<&AhoCorasick> {
        self.non_ascii
            .get_or_init(|| {
                let pats: Vec<&str> = self
                    .non_ascii_idx
                    .iter()
                    .filter_map(|&i| self.anchors.get(i).copied())
                    .collect();
                AhoCorasick::builder()
                    .match_kind(MatchKind::Standard)
                    .kind(Some(AhoCorasickKind::ContiguousNFA))
                    .build(&pats)
                    .ok()
            })
            .as_ref()
    }

    /// Call `f` for every anchor occurrence in `text` (ASCII ones in position order, then the
    /// non-ASCII ones).
    pub(crate) fn for_each(&self, text: &str, mut f: impl FnMut(AnchorHit)) {
        let b = text.as_bytes();
        // Candidates per 64-byte block, branch-free: word starts (an alphanumeric byte after a
        // non-alphanumeric one) and punctuation that starts an anchor.
        let mut prev_alnum = 0u64;
        let mut base = 0usize;
        while base < b.len() {
            let alnum = crate::swar::mask64(b, base, crate::swar::alnum);
            let punct = crate::swar::mask64(b, base, |x| {
                use crate::swar::eq;
                eq(x, b'[') | eq(x, b'<') | eq(x, b'{') | eq(x, b'$') | eq(x, b'!') | eq(x, b'%')
            });
            // Bytes past the end load as zero: neither alphanumeric nor punctuation.
            let mut cand = (alnum & !((alnum << 1) | prev_alnum)) | punct;
            prev_alnum = alnum >> 63;
            while cand != 0 {
                let i = base + cand.trailing_zeros() as usize;
                cand &= cand - 1;
                self.check(b, i, &mut f);
            }
            base += 64;
        }
        if !self.non_ascii_idx.is_empty() && !text.is_ascii() {
            let idx = &self.non_ascii_idx;
            let mut pos = 0usize;
            while pos < text.len() {
                let end = text
                    .get(pos..)
                    .and_then(|r| r.find('\n'))
                    .map_or(text.len(), |x| pos + x);
                let relevant = |l: &&str| {
                    !l.is_ascii()
                        && l.bytes()
                            .any(|c| self.lead.get(usize::from(c)) == Some(&true))
                };
                // The automaton is built for the first line that needs it: a text whose only
                // non-ASCII characters lead no anchor (English prose with an emoji or a dash)
                // builds none (it was 35 M of the 271 M instructions of a `cold_scan` process
                // on 20 KB of English prose with two emoji; callgrind, release, 2026-12-06).
                if let Some(line) = text.get(pos..end).filter(relevant) {
                    let Some(ac) = self.non_ascii_automaton() else {
                        return;
                    };
                    for m in ac.find_overlapping_iter(line) {
                        if let Some(&a) = idx.get(m.pattern().as_usize()) {
                            f(AnchorHit {
                                anchor: a,
                                start: pos + m.start(),
                                end: pos + m.end(),
                            });
                        }
                    }
                }
                pos = end + 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every anchor of the real rule set is found where it stands alone in a text, with its
    /// own index (so every occupied slot's list, reached through its rank, holds the right
    /// anchors), and a text of none of them finds nothing.
    #[test]
    fn every_anchor_is_found_through_its_slot() {
        let rules = crate::rules::all_rules();
        let mut anchors: Vec<&'static str> = Vec::new();
        for r in &rules {
            for a in r.anchors {
                if !anchors.contains(a) {
                    anchors.push(a);
                }
            }
        }
        let pf = Prefilter::new(anchors.clone()).expect("the rule set's anchors are valid");
        let mut checked = 0;
        for (i, a) in anchors.iter().enumerate() {
            if !a.is_ascii() {
                continue;
            }
            let text = format!("zq {a} zq");
            let mut found = false;
            pf.for_each(&text, |h| found |= h.anchor == i && h.start == 3);
            assert!(found, "anchor {a:?} (index {i}) not found in {text:?}");
            checked += 1;
        }
        assert!(checked > 500, "only {checked} ASCII anchors");
        let mut any = false;
        pf.for_each("zq zq zq 0123 zq", |_| any = true);
        assert!(!any);
    }

    /// Anchors that share a hash slot are all listed under it, in anchor order.
    #[test]
    fn anchors_sharing_a_slot_are_all_found() {
        // find two four-byte words with the same slot
        let mut by_slot = std::collections::HashMap::new();
        let mut pair = None;
        'outer: for a in b'a'..=b'z' {
            for b in b'a'..=b'z' {
                for c in b'a'..=b'z' {
                    let w = [a, b, c, b'x'];
                    let h = quad_slot(&w).expect("four bytes");
                    if let Some(prev) = by_slot.insert(h, w) {
                        pair = Some((prev, w));
                        break 'outer;
                    }
                }
            }
        }
        let (x, y) = pair.expect("26^3 words share some of 65,536 slots");
        let x: &'static str = Box::leak(String::from_utf8(x.to_vec()).expect("ascii").into());
        let y: &'static str = Box::leak(String::from_utf8(y.to_vec()).expect("ascii").into());
        let pf = Prefilter::new(vec!["unrelated", x, y]).expect("valid anchors");
        let mut hits = Vec::new();
        pf.for_each(&format!("{y} and {x}"), |h| hits.push((h.anchor, h.start)));
        assert_eq!(hits, vec![(2, 0), (1, 9)]);
    }
}
