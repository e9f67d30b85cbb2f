//! Tokens and hashed features of normalised text.
//!
//! The input is text already normalised by `hookward-scan` (NFKC, lower case, look-alike letters
//! folded, invisible characters removed). Tokens are:
//! - words: maximal runs of letters and digits (`char::is_alphanumeric`); markdown emphasis or
//!   code marks *inside* a word (`ig**nore**`, `ig_nore`) do not split it, and runs of three or
//!   more single letters separated by one space or `-`/`.` (`i g n o r e`) are joined, so the
//!   usual ways of hiding a word from a keyword list give the same tokens;
//! - digit runs become the token `0`;
//! - every Han, Hiragana, Katakana or Thai character is a token of its own (those scripts do not
//!   separate words with spaces; the bigram feature below then covers two-character words);
//! - a few punctuation marks that carry structure in injections (`: ! ? < > [ ] | @ #`) and a
//!   line break (collapsed runs) are tokens too.
//!
//! Features of a token at position `i`: its unigram, its 4-char prefix when the word is longer
//! than five chars (inflected forms in Spanish, Russian, Italian, Arabic… share it), and the
//! bigram of tokens `i-1, i`. Each is hashed (FNV-1a 64, distinct seeds per kind) into
//! `2^bits` buckets.

/// One token: its byte span `[start, end)` in the normalised text and the hashes its features
/// are made of. No allocation per token: [`token_text`] rebuilds the text for explanations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// Byte offset of the token's first char in the input.
    pub start: usize,
    /// Byte offset after the token's last char in the input.
    pub end: usize,
    /// FNV-1a 64 of the token's text (the joined letters of a letter-spaced word; `0` for a
    /// digit run).
    pub hash: u64,
    /// FNV-1a 64 of the first four chars, for words longer than five chars.
    pub prefix: Option<u64>,
}

const SEED_UNI: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED_PRE: u64 = 0xc2b2_ae3d_27d4_eb4f;
const SEED_BI: u64 = 0x1656_67b1_9e37_79f9;
/// Seed of the per-kind bias feature (see [`kind_feature`]).
const SEED_KIND: u64 = 0x27d4_eb2f_1656_67c5;

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

fn fnv_bytes(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(FNV_PRIME);
    }
    h
}

/// splitmix64 finaliser of `h ^ seed`: the bucket bits are well mixed.
fn finish(h: u64, seed: u64) -> u64 {
    let mut h = h ^ seed;
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // Hiragana, Katakana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xF900..=0xFAFF    // compatibility ideographs
        | 0x0E00..=0x0E7F    // Thai
        | 0x31F0..=0x31FF) // Katakana phonetic extensions
}

fn is_mark_token(c: char) -> bool {
    matches!(c, ':' | '!' | '?' | '<' | '>' | '[' | ']' | '|' | '@' | '#')
}

fn is_inner_mark(b: u8) -> bool {
    matches!(b, b'*' | b'_' | b'~' | b'`')
}

fn is_word_char(c: char) -> bool {
    if c.is_ascii() {
        c.is_ascii_alphanumeric()
    } else {
        c.is_alphanumeric() && !is_cjk(c)
    }
}

/// The word being read.
struct Word {
    start: usize,
    end: usize,
    hash: u64,
    prefix: Option<u64>,
    chars: usize,
    digits: bool,
}

impl Word {
    #[inline]
    fn push(&mut self, c: char, at: usize) {
        if c.is_ascii() {
            // The same bytes, hash and test as below, without the UTF-8 encoding.
            self.hash = (self.hash ^ u64::from(c as u8)).wrapping_mul(FNV_PRIME);
            self.digits &= c.is_ascii_digit();
            self.end = at + 1;
        } else {
            let mut buf = [0u8; 4];
            self.hash = fnv_bytes(self.hash, c.encode_utf8(&mut buf).as_bytes());
            self.digits &= c.is_numeric();
            self.end = at + c.len_utf8();
        }
        self.chars += 1;
        if self.chars == 4 {
            self.prefix = Some(self.hash);
        }
    }

    fn token(&self) -> Token {
        if self.digits {
            return Token {
                start: self.start,
                end: self.end,
                hash: fnv_bytes(FNV_OFFSET, b"0"),
                prefix: None,
            };
        }
        Token {
            start: self.start,
            end: self.end,
            hash: self.hash,
            prefix: if self.chars > 5 { self.prefix } else { None },
        }
    }
}

fn single_token(c: char, at: usize) -> Token {
    let mut buf = [0u8; 4];
    Token {
        start: at,
        end: at + c.len_utf8(),
        hash: fnv_bytes(FNV_OFFSET, c.encode_utf8(&mut buf).as_bytes()),
        prefix: None,
    }
}

/// A starting capacity for the tokens of a text of `len` bytes: one token per four bytes
/// (prose and tool output run at one per 5–6 bytes, a test log at one per 5; only the pages the
/// tokens fill are ever touched, so a generous guess costs address space, not memory).
fn capacity_for(len: usize) -> usize {
    len / 4 + 16
}

/// Splits normalised text into tokens (see the module doc). Pure; O(n), one allocation for
/// the result (sized from the text's length; it grows only for texts denser than one token
/// per four bytes).
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    tokenize_into(text, &mut out);
    out
}

/// [`tokenize`] into `out` (cleared first), reusing its allocation: a caller that tokenizes
/// many texts keeps one buffer. The result is the same as [`tokenize`]'s.
pub fn tokenize_into(text: &str, out: &mut Vec<Token>) {
    out.clear();
    let want = capacity_for(text.len());
    if out.capacity() < want {
        out.reserve(want);
    }
    let mut sink = Sink {
        text,
        out,
        run: 0,
        first_run: None,
    };
    raw_tokens(text, |t| sink.push(t));
    if let Some(from) = sink.first_run {
        join_spaced_letters(text, out, from);
    }
}

/// Calls `emit` with every token of `text` in order: the same tokens as [`tokenize`], without
/// keeping them (runs of spaced letters are joined as they end). Memory: the pending run of
/// one-letter tokens only, so a caller that scores tokens as they come (see
/// [`crate::Model::scan`]) holds O(window) tokens instead of one per 4–6 bytes of text.
pub fn tokenize_each(text: &str, emit: impl FnMut(Token)) {
    let mut joiner = Joiner {
        text,
        run: Vec::new(),
        emit,
    };
    raw_tokens(text, |t| joiner.push(t));
    joiner.flush();
}

/// The tokens of `text` before runs of spaced letters are joined, in order.
#[inline]
fn raw_tokens(text: &str, mut push: impl FnMut(Token)) {
    let bytes = text.as_bytes();
    let mut word: Option<Word> = None;
    let mut last_newline = false;
    let mut i = 0usize;
    while i < bytes.len() {
        let b = bytes[i];
        let (c, len) = if b < 0x80 {
            (b as char, 1)
        } else {
            match text[i..].chars().next() {
                Some(c) => (c, c.len_utf8()),
                None => break,
            }
        };
        if is_word_char(c) {
            let w = word.get_or_insert(Word {
                start: i,
                end: i,
                hash: FNV_OFFSET,
                prefix: None,
                chars: 0,
                digits: true,
            });
            w.push(c, i);
            last_newline = false;
            i += len;
            continue;
        }
        if word.is_some() && b < 0x80 && is_inner_mark(b) {
            // `ig**nore`: skip the marks when a word char follows them.
            let mut j = i;
            while j < bytes.len() && is_inner_mark(bytes[j]) {
                j += 1;
            }
            if text[j..].chars().next().is_some_and(is_word_char) {
                i = j;
                continue;
            }
        }
        if let Some(w) = word.take() {
            push(w.token());
        }
        if is_cjk(c) || is_mark_token(c) {
            push(single_token(c, i));
            last_newline = false;
        } else if c == '\n' {
            if !last_newline {
                push(single_token('\n', i));
            }
            last_newline = true;
        }
        i += len;
    }
    if let Some(w) = word.take() {
        push(w.token());
    }
}

/// Where [`tokenize_into`] puts its tokens: it also notes the first run of three one-letter
/// tokens that [`join_spaced_letters`] will join, so texts without one (almost all) skip that
/// pass and the others start it there.
struct Sink<'a> {
    text: &'a str,
    out: &'a mut Vec<Token>,
    /// Length of the run of one-letter tokens, each tight to the one before, ending at the last
    /// token pushed.
    run: usize,
    /// Index of the first token of the first such run of three or more.
    first_run: Option<usize>,
}

impl Sink<'_> {
    #[inline]
    fn push(&mut self, t: Token) {
        if self.first_run.is_none() {
            if is_single(self.text, &t) {
                let tight_to_last =
                    self.run > 0 && self.out.last().is_some_and(|p| is_tight(self.text, p, &t));
                self.run = if tight_to_last { self.run + 1 } else { 1 };
                if self.run == 3 {
                    self.first_run = Some(self.out.len() - 2);
                }
            } else {
                self.run = 0;
            }
        }
        self.out.push(t);
    }
}

/// A token of one alphabetic char (not one of the scripts written without spaces).
#[inline]
fn is_single(text: &str, t: &Token) -> bool {
    match t.end - t.start {
        // One byte is an ASCII char: alphabetic exactly when an ASCII letter.
        1 => {
            return text
                .as_bytes()
                .get(t.start)
                .is_some_and(u8::is_ascii_alphabetic)
        }
        n if n > 4 => return false,
        _ => {}
    }
    let mut cs = text[t.start..t.end].chars();
    matches!((cs.next(), cs.next()), (Some(c), None) if c.is_alphabetic() && !is_cjk(c))
}

/// `a` and `b` are separated by exactly one space, `-` or `.`.
#[inline]
fn is_tight(text: &str, a: &Token, b: &Token) -> bool {
    matches!(text.get(a.end..b.start), Some(" ") | Some("-") | Some("."))
}

/// Joins runs of ≥ 3 one-letter tokens separated by a single space, `-` or `.` (`i g n o r e`),
/// in place, from token `from` on (no run of three starts before it).
fn join_spaced_letters(text: &str, raw: &mut Vec<Token>, from: usize) {
    // `w` ≤ `i` always: a joined run writes one token for three or more read.
    let mut w = from;
    let mut i = from;
    while i < raw.len() {
        if is_single(text, &raw[i]) {
            let mut j = i + 1;
            while j < raw.len() && is_single(text, &raw[j]) && is_tight(text, &raw[j - 1], &raw[j])
            {
                j += 1;
            }
            if j - i >= 3 {
                raw[w] = joined(text, &raw[i..j]);
                w += 1;
                i = j;
                continue;
            }
        }
        raw[w] = raw[i];
        w += 1;
        i += 1;
    }
    raw.truncate(w);
}

/// One token for a run of one-letter tokens (`i g n o r e` → `ignore`): the word of their
/// letters, spanning the run.
fn joined(text: &str, run: &[Token]) -> Token {
    let mut word = Word {
        start: run[0].start,
        end: run[0].end,
        hash: FNV_OFFSET,
        prefix: None,
        chars: 0,
        digits: false,
    };
    for t in run {
        for c in text[t.start..t.end].chars() {
            word.push(c, t.start);
        }
    }
    word.end = run[run.len() - 1].end;
    word.token()
}

/// [`join_spaced_letters`] as the tokens come: a run of tight one-letter tokens is held until
/// it ends, then given as one joined token (three or more) or as it was. The same result, since
/// the batch pass joins exactly the maximal runs of three or more.
struct Joiner<'a, F: FnMut(Token)> {
    text: &'a str,
    run: Vec<Token>,
    emit: F,
}

impl<F: FnMut(Token)> Joiner<'_, F> {
    #[inline]
    fn push(&mut self, t: Token) {
        if is_single(self.text, &t) {
            if self.run.last().is_some_and(|p| is_tight(self.text, p, &t)) {
                self.run.push(t);
                return;
            }
            self.flush();
            self.run.push(t);
        } else {
            self.flush();
            (self.emit)(t);
        }
    }

    fn flush(&mut self) {
        if self.run.len() >= 3 {
            (self.emit)(joined(self.text, &self.run));
        } else {
            for t in &self.run {
                (self.emit)(*t);
            }
        }
        self.run.clear();
    }
}

/// The text of a token as its features see it (joined letters, `0` for digits, `⏎` for a line
/// break): for explanations, not on the scoring path.
pub fn token_text(text: &str, t: &Token) -> String {
    let s = text.get(t.start..t.end).unwrap_or("");
    if s == "\n" {
        return "⏎".into();
    }
    let w: String = s
        .chars()
        .filter(|c| is_word_char(*c) || is_cjk(*c) || is_mark_token(*c))
        .collect();
    if !w.is_empty() && w.chars().all(char::is_numeric) {
        return "0".into();
    }
    w
}

/// What a feature is, for explanations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeatureKind {
    /// One token.
    Unigram,
    /// The first four chars of a word longer than five chars.
    Prefix,
    /// Two adjacent tokens.
    Bigram,
}

/// Calls `f(bucket, kind)` for every feature anchored at token `i` of `tokens` (see the module
/// doc); `bits` is the table size exponent.
#[inline]
pub fn features_at(tokens: &[Token], i: usize, bits: u32, f: &mut impl FnMut(usize, FeatureKind)) {
    let prev = i.checked_sub(1).map(|p| &tokens[p]);
    features_after(prev, &tokens[i], bits, f);
}

/// [`features_at`] of token `t` given the token before it (`None` for the first token): what a
/// caller that does not keep every token (see [`tokenize_each`]) needs.
#[inline]
pub fn features_after(
    prev: Option<&Token>,
    t: &Token,
    bits: u32,
    f: &mut impl FnMut(usize, FeatureKind),
) {
    let mask = (1u64 << bits) - 1;
    f(
        (finish(t.hash, SEED_UNI) & mask) as usize,
        FeatureKind::Unigram,
    );
    if let Some(p) = t.prefix {
        f((finish(p, SEED_PRE) & mask) as usize, FeatureKind::Prefix);
    }
    if let Some(p) = prev {
        let h = p.hash.rotate_left(17) ^ t.hash;
        f((finish(h, SEED_BI) & mask) as usize, FeatureKind::Bigram);
    }
}

/// The text of a feature anchored at token `i` (for explanations).
pub fn feature_text(text: &str, tokens: &[Token], i: usize, kind: FeatureKind) -> String {
    match kind {
        FeatureKind::Unigram => token_text(text, &tokens[i]),
        FeatureKind::Prefix => {
            let t = token_text(text, &tokens[i]);
            let p: String = t.chars().take(4).collect();
            format!("{p}…")
        }
        FeatureKind::Bigram => format!(
            "{} {}",
            token_text(text, &tokens[i.saturating_sub(1)]),
            token_text(text, &tokens[i])
        ),
    }
}

/// The bucket of the bias feature of a text kind (`email`, `web_page`, `memory_write`…).
pub fn kind_feature(kind: &str, bits: u32) -> usize {
    (finish(fnv_bytes(FNV_OFFSET, kind.as_bytes()), SEED_KIND) & ((1u64 << bits) - 1)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        tokenize(s).iter().map(|t| token_text(s, t)).collect()
    }

    #[test]
    fn hiding_tricks_give_the_same_tokens() {
        assert_eq!(words("ignore previous"), ["ignore", "previous"]);
        assert_eq!(words("ig**nore** previous"), ["ignore", "previous"]);
        assert_eq!(words("i g n o r e previous"), ["ignore", "previous"]);
        assert_eq!(words("i-g-n-o-r-e previous"), ["ignore", "previous"]);
        // two single letters stay apart ("a b" is ordinary prose)
        assert_eq!(words("a b"), ["a", "b"]);
    }

    #[test]
    fn scripts_without_spaces_split_per_char_and_digits_fold() {
        assert_eq!(words("忽略之前"), ["忽", "略", "之", "前"]);
        assert_eq!(words("port 8080"), ["port", "0"]);
        assert_eq!(words("human:\n\nhi"), ["human", ":", "⏎", "hi"]);
    }

    #[test]
    fn spans_point_into_the_input() {
        let s = "say ig**nore** it";
        for t in tokenize(s) {
            assert!(s.get(t.start..t.end).is_some());
        }
        let t = &tokenize(s)[1];
        assert_eq!(&s[t.start..t.end], "ig**nore");
        // the hidden word hashes like the plain one
        assert_eq!(t.hash, tokenize("ignore")[0].hash);
        assert_eq!(tokenize("i g n o r e")[0].hash, tokenize("ignore")[0].hash);
    }
}
