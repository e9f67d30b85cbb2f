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
        Idf::from_df(df, n, opts)
    }

    /// Weights from document frequencies counted elsewhere (`df`: chunks per bucket, [`DIM`]
    /// entries; `n`: chunks counted) — the streaming build counts them as documents go by
    /// ([`DocumentFrequencies`]).
    pub fn from_df(df: Vec<u32>, n: usize, opts: &EmbedOptions) -> Idf {
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
        normalise(&mut v);
        v
    }

    /// [`Idf::vector`] of features as a sorted list ([`Features`], e.g. read back from the
    /// cache): the same bits as `vector` of the same features as a map.
    pub fn vector_of(&self, tf: &[(u32, f32)]) -> SparseVec {
        let mut v: SparseVec = tf
            .iter()
            .filter_map(|&(b, c)| self.weight(b).map(|w| (b, sublinear(c) * w)))
            .collect();
        v.sort_unstable_by_key(|(b, _)| *b);
        normalise(&mut v);
        v
    }
}

/// Divides `v` by its L2 norm, summed in `v`'s (bucket) order.
fn normalise(v: &mut SparseVec) {
    let norm = v.iter().map(|(_, w)| w * w).sum::<f32>().sqrt();
    if norm > 0.0 {
        for (_, w) in v.iter_mut() {
            *w /= norm;
        }
    }
}

/// A chunk's features as a list sorted by bucket: `(bucket, term frequency)`, what
/// [`features`] counts. This is what the cache keeps per chunk ([`encode_features`]): the
/// corpus-wide weighting ([`Idf`]) is applied again on every scan, since document
/// frequencies change whenever any document does.
pub type Features = Vec<(u32, f32)>;

/// [`features`] of `text` as a sorted list.
pub fn features_sorted(text: &str) -> Features {
    let mut f: Features = features(text).into_iter().collect();
    f.sort_unstable_by_key(|(b, _)| *b);
    f
}

/// Document frequencies counted one chunk at a time (the streaming build: a chunk's features
/// are counted, then dropped, and read again from the cache for [`Idf::vector_of`]).
#[derive(Debug, Clone)]
pub struct DocumentFrequencies {
    df: Vec<u32>,
    n: usize,
}

impl Default for DocumentFrequencies {
    fn default() -> Self {
        DocumentFrequencies {
            df: vec![0; DIM],
            n: 0,
        }
    }
}

impl DocumentFrequencies {
    /// Counts one chunk's buckets.
    pub fn add(&mut self, tf: &[(u32, f32)]) {
        self.n += 1;
        for &(b, _) in tf {
            if let Some(d) = self.df.get_mut(b as usize) {
                *d += 1;
            }
        }
    }

    /// Chunks counted.
    pub fn chunks(&self) -> usize {
        self.n
    }

    /// The weights.
    pub fn idf(self, opts: &EmbedOptions) -> Idf {
        Idf::from_df(self.df, self.n, opts)
    }
}

/// The bytes of [`Features`] as the cache stores them: a little-endian `u32` count, then per
/// entry the bucket (`u32`) and the term frequency's `f32` bits — 8 bytes an entry, exact.
pub fn encode_features(f: &[(u32, f32)]) -> Vec<u8> {
    let mut out = Vec::with_capacity(4 + 8 * f.len());
    out.extend_from_slice(&(f.len() as u32).to_le_bytes());
    for &(b, w) in f {
        out.extend_from_slice(&b.to_le_bytes());
        out.extend_from_slice(&w.to_bits().to_le_bytes());
    }
    out
}

/// [`encode_features`] read back; `None` for bytes that are not such a list (wrong length,
/// a bucket out of range or out of order, a frequency that is not finite and positive).
pub fn decode_features(bytes: &[u8]) -> Option<Features> {
    let n = u32::from_le_bytes(bytes.get(..4)?.try_into().ok()?) as usize;
    if bytes.len() != 4 + 8 * n {
        return None;
    }
    let mut out: Features = Vec::with_capacity(n);
    for e in bytes[4..].chunks_exact(8) {
        let b = u32::from_le_bytes(e[..4].try_into().ok()?);
        let w = f32::from_bits(u32::from_le_bytes(e[4..].try_into().ok()?));
        if b as usize >= DIM || !w.is_finite() || w <= 0.0 || out.last().is_some_and(|l| l.0 >= b) {
            return None;
        }
        out.push((b, w));
    }
    Some(out)
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
    /// The cache's form of a chunk's features reads back bit for bit, gives the same vector
    /// as the map, and anything else reads back as nothing.
    #[test]
    fn cached_features_read_back_exactly_and_damage_is_refused() {
        let text = "The vault recovery phrase is purple kettle nine; configure configured.";
        let f = features_sorted(text);
        let bytes = encode_features(&f);
        assert_eq!(decode_features(&bytes), Some(f.clone()));
        let mut df = DocumentFrequencies::default();
        df.add(&f);
        let from_stream = df.idf(&EmbedOptions::default());
        let from_maps = Idf::fit([features(text)].iter(), &EmbedOptions::default());
        assert_eq!(from_stream.vector_of(&f), from_maps.vector(&features(text)));
        assert_eq!(decode_features(&bytes[..bytes.len() - 1]), None);
        assert_eq!(decode_features(&[]), None);
        let mut swapped = bytes.clone();
        swapped[4..12].copy_from_slice(&bytes[12..20]);
        swapped[12..20].copy_from_slice(&bytes[4..12]);
        assert_eq!(decode_features(&swapped), None, "out of order");
        let mut nan = bytes.clone();
        nan[8..12].copy_from_slice(&f32::NAN.to_bits().to_le_bytes());
        assert_eq!(decode_features(&nan), None);
    }

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
