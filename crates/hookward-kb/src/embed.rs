//! The fallback embedder: hashed TF-IDF over words, word pairs and character 4-grams, no
//! weights to download.
//!
//! Features of a text (after lower-casing; a word is a run of letters or digits):
//! - every word (weight 1),
//! - every pair of adjacent words (weight 1): the order that makes "port 8080" differ from
//!   "8080 port" and carries most of a stated fact,
//! - every character 4-gram of `^word$` for words of 4+ letters (weight 0.5 in total per word):
//!   inflections and spelling variants ("configure"/"configured") still meet.
//!
//! Each feature is hashed (FNV-1a, one seed per kind) into [`DIM`] buckets; a vector is
//! `(1 + ln tf) · idf` per bucket with `idf = ln((1 + N) / (1 + df)) + 1`, L2-normalised.
//! Buckets found in more than [`EmbedOptions::max_df`] of the chunks are dropped before
//! normalising (they are stop words: "the", "is", "to" …; they say nothing about what a chunk
//! states, and the kNN's cost is the sum of the squared document frequencies).

use std::collections::HashMap;

/// Number of hash buckets: 2^20.
///
/// Vectors are sparse, so the dimension costs memory only in the document-frequency table
/// (4 MiB of `u32`) and the inverted index's offsets (4 MiB). A chunk of 1,200 bytes has about
/// 600 distinct features; with 2^20 buckets the expected number of colliding pairs inside one
/// chunk is 600² / 2 / 2^20 ≈ 0.17, and across the corpus a bucket shared by two unrelated
/// n-grams only matters when both appear in the same pair of chunks. 2^16 would give ≈ 2.7
/// collisions per chunk, enough to blur short paraphrases.
pub const DIM: usize = 1 << 20;

const MASK: u64 = (DIM as u64) - 1;

const SEED_WORD: u64 = 0x9e37_79b9_7f4a_7c15;
const SEED_PAIR: u64 = 0xc2b2_ae3d_27d4_eb4f;
const SEED_GRAM: u64 = 0x1656_67b1_9e37_79f9;

/// A sparse, L2-normalised vector: `(bucket, weight)` sorted by bucket.
pub type SparseVec = Vec<(u32, f32)>;

/// Embedding options.
#[derive(Debug, Clone, Copy)]
pub struct EmbedOptions {
    /// Share of chunks above which a bucket is dropped as a stop feature: 0.05, but never
    /// below 50 chunks (a small corpus keeps every feature). 5 % keeps every word that names
    /// a topic of a docs corpus and drops function words, which occur in most chunks.
    pub max_df: f32,
}

impl Default for EmbedOptions {
    fn default() -> Self {
        EmbedOptions { max_df: 0.05 }
    }
}

fn fnv(seed: u64, parts: &[&[u8]]) -> u32 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0xff;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        for &b in *p {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    // Mix the high bits down before masking (FNV's low bits are weak for short keys).
    h ^= h >> 29;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 32;
    (h & MASK) as u32
}

/// The lower-cased words of `text` (runs of alphanumeric chars), in order.
pub fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
        if c.is_alphanumeric() {
            cur.extend(c.to_lowercase());
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The raw term frequencies of `text`'s features: bucket → weighted count.
pub fn features(text: &str) -> HashMap<u32, f32> {
    let ws = words(text);
    let mut tf: HashMap<u32, f32> = HashMap::with_capacity(ws.len() * 4);
    for (i, w) in ws.iter().enumerate() {
        *tf.entry(fnv(SEED_WORD, &[w.as_bytes()])).or_default() += 1.0;
        if let Some(next) = ws.get(i + 1) {
            *tf.entry(fnv(SEED_PAIR, &[w.as_bytes(), next.as_bytes()]))
                .or_default() += 1.0;
        }
        let chars: Vec<char> = std::iter::once('^')
            .chain(w.chars())
            .chain(std::iter::once('$'))
            .collect();
        if chars.len() >= 6 {
            let n = chars.len() - 3;
            let each = 0.5 / n as f32;
            let mut buf = [0u8; 16];
            for g in chars.windows(4) {
                let mut len = 0;
                for c in g {
                    len += c.encode_utf8(&mut buf[len..]).len();
                }
                *tf.entry(fnv(SEED_GRAM, &[&buf[..len]])).or_default() += each;
            }
        }
    }
    tf
}

/// Document frequencies of a corpus and the resulting weights.
#[derive(Debug, Clone)]
pub struct Idf {
    /// Number of chunks the frequencies were counted over.
    pub n: usize,
    /// Chunks per bucket ([`DIM`] entries).
    df: Vec<u32>,
    /// Buckets present in more chunks than this are dropped.
    max_df: u32,
}

impl Idf {
    /// Counts document frequencies over the chunks' feature maps.
    pub fn fit<'a>(tfs: impl Iterator<Item = &'a HashMap<u32, f32>>, opts: &EmbedOptions) -> Idf {
        let mut df = vec![0u32; DIM];
        let mut n = 0;
        for tf in tfs {
            n += 1;
            for &b in tf.keys() {
                df[b as usize] += 1;
            }
        }
        let max_df = ((n as f32 * opts.max_df).ceil() as u32).max(50);
        Idf { n, df, max_df }
    }

    /// The idf weight of `bucket`, `None` for a stop feature.
    pub fn weight(&self, bucket: u32) -> Option<f32> {
        let df = self.df[bucket as usize];
        if df > self.max_df {
            return None;
        }
        Some(((1.0 + self.n as f32) / (1.0 + df as f32)).ln() + 1.0)
    }

    /// How many chunks contain `bucket`.
    pub fn df(&self, bucket: u32) -> u32 {
        self.df[bucket as usize]
    }

    /// The L2-normalised TF-IDF vector of a feature map (empty when nothing is left),
    /// sorted by bucket. The same text gives the same bits in every run: the norm is summed
    /// in bucket order, never in the map's (per-process random) iteration order, so two copies
    /// of one text are exactly equal and ties between them break the same way every run.
    pub fn vector(&self, tf: &HashMap<u32, f32>) -> SparseVec {
        let mut v: SparseVec = tf
            .iter()
            .filter_map(|(&b, &c)| self.weight(b).map(|w| (b, sublinear(c) * w)))
            .collect();
        v.sort_unstable_by_key(|(b, _)| *b);
        let norm = v.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
        if norm > 0.0 {
            for (_, w) in &mut v {
                *w /= norm;
            }
        }
        v
    }
}

/// Sublinear term frequency: `1 + ln tf` from one occurrence up, the fractional weight of
/// character grams as it is below.
fn sublinear(c: f32) -> f32 {
    if c >= 1.0 {
        1.0 + c.ln()
    } else {
        c
    }
}

/// Cosine of two normalised sparse vectors (a merge over the sorted buckets).
pub fn cosine(a: &SparseVec, b: &SparseVec) -> f32 {
    let (mut i, mut j, mut s) = (0, 0, 0.0);
    while i < a.len() && j < b.len() {
        match a[i].0.cmp(&b[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                s += a[i].1 * b[j].1;
                i += 1;
                j += 1;
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embed_all(texts: &[&str]) -> Vec<SparseVec> {
        let tfs: Vec<_> = texts.iter().map(|t| features(t)).collect();
        let idf = Idf::fit(tfs.iter(), &EmbedOptions::default());
        tfs.iter().map(|t| idf.vector(t)).collect()
    }

    /// Each `HashMap` gets its own random iteration order; the vector must not depend on it
    /// (a norm summed in that order made copies of one text differ in the last bits, and the
    /// groups a scan formed varied between runs of one binary, BENCHMARKS.md).
    #[test]
    fn vectors_do_not_depend_on_the_maps_iteration_order() {
        let texts: Vec<String> = (0..40)
            .map(|i| {
                format!(
                    "Release {i} of the gateway moves the admin console to port {} and rotates \
                     every signing key; operators should read the migration notes, update the \
                     reverse proxy rules and restart the workers in each availability zone.",
                    8000 + i
                )
            })
            .collect();
        let tfs: Vec<_> = texts.iter().map(|t| features(t)).collect();
        let idf = Idf::fit(tfs.iter(), &EmbedOptions::default());
        for t in &texts {
            let bits = |v: SparseVec| -> Vec<(u32, u32)> {
                v.into_iter().map(|(b, w)| (b, w.to_bits())).collect()
            };
            let first = bits(idf.vector(&features(t)));
            for _ in 0..8 {
                // A fresh map (a fresh hasher state), same contents.
                let again: HashMap<u32, f32> = features(t).into_iter().collect();
                assert_eq!(bits(idf.vector(&again)), first);
            }
        }
    }

    #[test]
    fn vectors_are_normalised_and_paraphrases_are_closer() {
        let v = embed_all(&[
            "The default port of the server is 9090.",
            "By default the server listens on port 9090.",
            "Cargo builds crates and downloads their dependencies.",
        ]);
        for x in &v {
            let n: f32 = x.iter().map(|(_, w)| w * w).sum();
            assert!((n - 1.0).abs() < 1e-4);
        }
        assert!((cosine(&v[0], &v[0]) - 1.0).abs() < 1e-4);
        assert!(cosine(&v[0], &v[1]) > cosine(&v[0], &v[2]) + 0.2);
    }

    #[test]
    fn word_order_matters_through_pairs() {
        let v = embed_all(&[
            "alpha beta gamma delta",
            "delta gamma beta alpha",
            "alpha beta gamma delta",
        ]);
        assert!(cosine(&v[0], &v[2]) > cosine(&v[0], &v[1]) + 0.1);
    }

    #[test]
    fn words_fold_case_and_split_on_punctuation() {
        assert_eq!(words("Héllo, WORLD-42!"), vec!["héllo", "world", "42"]);
    }
}
