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

/// One token: its text and byte span `[start, end)` in the normalised text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// The token's text (joined letters for letter-spaced words; `0` for digit runs).
    pub text: String,
    /// Byte offset of the token's first char in the input.
    pub start: usize,
    /// Byte offset after the token's last char in the input.
    pub end: usize,
}

const SEED_UNI: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED_PRE: u64 = 0xc2b2_ae3d_27d4_eb4f;
const SEED_BI: u64 = 0x1656_67b1_9e37_79f9;
/// Seed of the per-kind bias feature (see [`kind_feature`]).
const SEED_KIND: u64 = 0x27d4_eb2f_1656_67c5;

/// FNV-1a 64 over `bytes`, started from `seed`.
fn fnv(seed: u64, bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // final avalanche (splitmix64) so the low bits used as the bucket are well mixed
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

fn is_inner_mark(c: char) -> bool {
    matches!(c, '*' | '_' | '~' | '`')
}

/// Splits normalised text into tokens (see the module doc). Pure; O(n).
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut raw: Vec<Token> = Vec::with_capacity(text.len() / 5 + 1);
    let mut word = String::new();
    let mut wstart = 0usize;
    let mut wend = 0usize;
    let mut digits = true;
    let mut chars = text.char_indices().peekable();
    let mut prev_alnum = false;
    let mut last_newline = false;
    let flush = |raw: &mut Vec<Token>, word: &mut String, s: usize, e: usize, digits: bool| {
        if !word.is_empty() {
            let text = if digits {
                "0".to_string()
            } else {
                std::mem::take(word)
            };
            word.clear();
            raw.push(Token {
                text,
                start: s,
                end: e,
            });
        }
    };
    while let Some((i, c)) = chars.next() {
        if c.is_alphanumeric() && !is_cjk(c) {
            if word.is_empty() {
                wstart = i;
                digits = true;
            }
            word.push(c);
            digits &= c.is_numeric();
            wend = i + c.len_utf8();
            prev_alnum = true;
            last_newline = false;
            continue;
        }
        if is_inner_mark(c) && prev_alnum {
            // `ig**nore`: skip the marks when a letter follows them.
            let mut j = i + c.len_utf8();
            let mut probe = chars.clone();
            while let Some(&(k, d)) = probe.peek() {
                if is_inner_mark(d) {
                    j = k + d.len_utf8();
                    probe.next();
                } else {
                    break;
                }
            }
            if let Some(&(_, d)) = probe.peek() {
                if d.is_alphanumeric() && !is_cjk(d) {
                    chars = probe;
                    let _ = j;
                    continue;
                }
            }
        }
        flush(&mut raw, &mut word, wstart, wend, digits);
        prev_alnum = false;
        if is_cjk(c) {
            raw.push(Token {
                text: c.to_string(),
                start: i,
                end: i + c.len_utf8(),
            });
            last_newline = false;
        } else if c == '\n' {
            if !last_newline {
                raw.push(Token {
                    text: "\n".to_string(),
                    start: i,
                    end: i + 1,
                });
            }
            last_newline = true;
        } else if is_mark_token(c) {
            raw.push(Token {
                text: c.to_string(),
                start: i,
                end: i + c.len_utf8(),
            });
            last_newline = false;
        }
    }
    flush(&mut raw, &mut word, wstart, wend, digits);
    join_spaced_letters(text, raw)
}

/// Joins runs of ≥ 3 one-letter tokens separated by a single space, `-` or `.` (`i g n o r e`).
fn join_spaced_letters(text: &str, raw: Vec<Token>) -> Vec<Token> {
    let single = |t: &Token| {
        t.text.chars().count() == 1 && t.text.chars().all(|c| c.is_alphabetic() && !is_cjk(c))
    };
    let tight = |a: &Token, b: &Token| {
        b.start >= a.end
            && b.start - a.end <= 1
            && text
                .get(a.end..b.start)
                .is_some_and(|g| g == " " || g == "-" || g == ".")
    };
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        if single(&raw[i]) {
            let mut j = i + 1;
            while j < raw.len() && single(&raw[j]) && tight(&raw[j - 1], &raw[j]) {
                j += 1;
            }
            if j - i >= 3 {
                let joined: String = raw[i..j].iter().map(|t| t.text.as_str()).collect();
                out.push(Token {
                    text: joined,
                    start: raw[i].start,
                    end: raw[j - 1].end,
                });
                i = j;
                continue;
            }
        }
        out.push(raw[i].clone());
        i += 1;
    }
    out
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
    /// Three chars of a word (with `^`/`$` at its ends).
    CharGram,
}

/// Calls `f(bucket, kind, token_index)` for every feature anchored at token `i` of `tokens`
/// (see the module doc); `bits` is the table size exponent.
pub fn features_at(tokens: &[Token], i: usize, bits: u32, f: &mut impl FnMut(usize, FeatureKind)) {
    let mask = (1u64 << bits) - 1;
    let t = &tokens[i];
    let hu = fnv(SEED_UNI, t.text.as_bytes());
    f((hu & mask) as usize, FeatureKind::Unigram);
    if t.text.chars().count() > 5 {
        let cut = t
            .text
            .char_indices()
            .nth(4)
            .map_or(t.text.len(), |(k, _)| k);
        let hp = fnv(SEED_PRE, &t.text.as_bytes()[..cut]);
        f((hp & mask) as usize, FeatureKind::Prefix);
    }
    if i > 0 {
        let hp = fnv(SEED_UNI, tokens[i - 1].text.as_bytes());
        let hb = fnv(SEED_BI ^ hp, t.text.as_bytes());
        f((hb & mask) as usize, FeatureKind::Bigram);
    }
    if chargrams() {
        let n = t.text.chars().count();
        if (4..=24).contains(&n) {
            let cs: Vec<char> = std::iter::once('^')
                .chain(t.text.chars())
                .chain(std::iter::once('$'))
                .collect();
            let mut buf = [0u8; 16];
            for w in cs.windows(3) {
                let mut len = 0;
                for c in w {
                    len += c.encode_utf8(&mut buf[len..]).len();
                }
                let h = fnv(SEED_CHAR, &buf[..len]);
                f((h & mask) as usize, FeatureKind::CharGram);
            }
        }
    }
}

const SEED_CHAR: u64 = 0x85eb_ca77_c2b2_ae63;

fn chargrams() -> bool {
    static ON: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *ON.get_or_init(|| std::env::var_os("HOOKWARD_FEAT_CHARGRAMS").is_some())
}

/// The text of a feature anchored at token `i` (for explanations).
pub fn feature_text(tokens: &[Token], i: usize, kind: FeatureKind) -> String {
    let show = |s: &str| {
        if s == "\n" {
            "⏎".to_string()
        } else {
            s.to_string()
        }
    };
    match kind {
        FeatureKind::Unigram => show(&tokens[i].text),
        FeatureKind::Prefix => {
            let t = &tokens[i].text;
            let cut = t.char_indices().nth(4).map_or(t.len(), |(k, _)| k);
            format!("{}…", &t[..cut])
        }
        FeatureKind::CharGram => format!("{}#", tokens[i].text),
        FeatureKind::Bigram => format!(
            "{} {}",
            show(&tokens[i.saturating_sub(1)].text),
            show(&tokens[i].text)
        ),
    }
}

/// The bucket of the bias feature of a text kind (`email`, `web`, `memory_write`…).
pub fn kind_feature(kind: &str, bits: u32) -> usize {
    (fnv(SEED_KIND, kind.as_bytes()) & ((1u64 << bits) - 1)) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        tokenize(s).into_iter().map(|t| t.text).collect()
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
        assert_eq!(words("human:\n\nhi"), ["human", ":", "\n", "hi"]);
    }

    #[test]
    fn spans_point_into_the_input() {
        let s = "say ig**nore** it";
        for t in tokenize(s) {
            assert!(s.get(t.start..t.end).is_some());
        }
        let t = &tokenize(s)[1];
        assert_eq!(&s[t.start..t.end], "ig**nore");
    }
}
