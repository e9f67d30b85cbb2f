//! Exact k-nearest-neighbour search by cosine over the sparse vectors, through an inverted
//! index.
//!
//! For each chunk the dot products with every chunk sharing a bucket are accumulated in a
//! dense array of the corpus size (reused per thread), then the `k` best are kept. Time is
//! `O(Σ_b df_b²)` (each bucket's posting list against itself), bounded by
//! `N · nnz · max_df` since stop buckets above `max_df` are dropped (`embed.rs`); memory is
//! the postings (`N · nnz` pairs), one `N`-float accumulator per thread and the `N · k` result
//! in one flat array ([`Lists`]).
//! Exact up to [`EXACT_LIMIT`] chunks (5,739 chunks of docs in seconds). Above it the search
//! is *pruned*: each query looks up only its [`PRUNE_FEATURES`] heaviest buckets (the rarest
//! words and phrases, whose posting lists are short), keeps the [`RERANK`] best candidates by
//! that partial dot product and ranks them by their exact cosine (`embed::cosine`). Near
//! duplicates and chunks that share a target phrase share exactly those heavy buckets, so they
//! are still found; what can be missed is a neighbour that is similar only through common
//! words, which the poison-cluster threshold ignores anyway. Time drops from `O(Σ_b df_b²)` to
//! about `N · PRUNE_FEATURES · df` of rare buckets plus `N · RERANK` sparse dot products
//! (BENCHMARKS.md, "Knowledge-base scan").

use crate::embed::{cosine, SparseVec};

/// Above this many chunks the pruned search is used (below it, exact): a corpus this small is
/// searched exactly in seconds (BENCHMARKS.md).
pub const EXACT_LIMIT: usize = 20_000;

/// Buckets of a query looked up in the pruned search: its heaviest, by weight.
pub const PRUNE_FEATURES: usize = 32;

/// Candidates per query ranked by exact cosine in the pruned search (a multiple of `k`).
pub const RERANK: usize = 64;

/// How the neighbours are searched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// Every shared bucket counts: exact cosine neighbours.
    Exact,
    /// Candidates from the heaviest `features` buckets, the best `rerank` by exact cosine.
    Pruned {
        /// Buckets of the query looked up.
        features: usize,
        /// Candidates ranked exactly.
        rerank: usize,
    },
}

impl Search {
    /// Exact for up to `limit` chunks, pruned with the default sizes above.
    pub fn for_size(n: usize, limit: usize) -> Search {
        if n <= limit {
            Search::Exact
        } else {
            Search::Pruned {
                features: PRUNE_FEATURES,
                rerank: RERANK,
            }
        }
    }
}

/// One neighbour: the chunk's index and its cosine similarity.
pub type Neighbour = (u32, f32);

/// Buckets → `(chunk, weight)` in one flat array (CSR layout).
pub struct Postings {
    offsets: Vec<u32>,
    entries: Vec<(u32, f32)>,
}

impl Postings {
    /// Builds the inverted index of `vectors` over `dim` buckets.
    pub fn build(vectors: &[SparseVec], dim: usize) -> Postings {
        let mut counts = vec![0u32; dim + 1];
        for v in vectors {
            for &(b, _) in v {
                counts[b as usize + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let total = counts[dim] as usize;
        let mut fill = counts.clone();
        let mut entries = vec![(0u32, 0f32); total];
        for (c, v) in vectors.iter().enumerate() {
            for &(b, w) in v {
                let slot = &mut fill[b as usize];
                entries[*slot as usize] = (c as u32, w);
                *slot += 1;
            }
        }
        Postings {
            offsets: counts,
            entries,
        }
    }

    /// Bytes held: the offsets (one `u32` per bucket) and the entries (8 bytes each).
    pub fn bytes(&self) -> usize {
        self.offsets.capacity() * std::mem::size_of::<u32>()
            + self.entries.capacity() * std::mem::size_of::<(u32, f32)>()
    }

    /// The chunks holding bucket `b`, with their weights.
    pub fn of(&self, b: u32) -> &[(u32, f32)] {
        let s = self.offsets[b as usize] as usize;
        let e = self.offsets[b as usize + 1] as usize;
        &self.entries[s..e]
    }
}

/// Dot products of `query` with every chunk, accumulated into `acc` (length N, zero on entry);
/// the chunks touched are pushed to `touched`.
pub fn accumulate(query: &SparseVec, postings: &Postings, acc: &mut [f32], touched: &mut Vec<u32>) {
    for &(b, w) in query {
        for &(c, wc) in postings.of(b) {
            let slot = &mut acc[c as usize];
            if *slot == 0.0 {
                touched.push(c);
            }
            *slot += w * wc;
        }
    }
}

/// The `k` largest of `touched` by `acc`, best first (ties by the smaller index), for which
/// `keep` holds; `acc` is zeroed again and `touched` emptied.
pub fn take_top(
    k: usize,
    acc: &mut [f32],
    touched: &mut Vec<u32>,
    keep: impl Fn(u32) -> bool,
) -> Vec<Neighbour> {
    let mut best: Vec<Neighbour> = Vec::with_capacity(k + 1);
    for &c in touched.iter() {
        let s = acc[c as usize];
        acc[c as usize] = 0.0;
        if s <= 0.0 || !keep(c) {
            continue;
        }
        if best.len() == k {
            let worst = best[k - 1];
            if s < worst.1 || (s == worst.1 && c > worst.0) {
                continue;
            }
        }
        let pos = best
            .iter()
            .position(|&(bc, bs)| s > bs || (s == bs && c < bc))
            .unwrap_or(best.len());
        best.insert(pos, (c, s.min(1.0)));
        best.truncate(k);
    }
    touched.clear();
    best
}

/// Every chunk's nearest neighbours, best first, in one flat array: list `i` is
/// `flat[i·k .. i·k + len[i]]`. `8·k + 4` bytes a chunk (84 for `k` = 10), one allocation for
/// the corpus — a `Vec` per chunk cost a 24-byte header, the allocator's overhead and, from
/// the pruned search, the capacity of its [`RERANK`] candidates (BENCHMARKS.md, "memory that
/// does not grow beyond the index").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Lists {
    k: usize,
    flat: Vec<Neighbour>,
    len: Vec<u32>,
}

impl Lists {
    /// Number of lists (chunks).
    pub fn len(&self) -> usize {
        self.len.len()
    }

    /// True when there is no list.
    pub fn is_empty(&self) -> bool {
        self.len.is_empty()
    }

    /// Chunk `i`'s neighbours, best first (empty for an index out of range).
    pub fn of(&self, i: usize) -> &[Neighbour] {
        match self.len.get(i) {
            Some(&n) => &self.flat[i * self.k..i * self.k + n as usize],
            None => &[],
        }
    }

    /// The lists in chunk order.
    pub fn iter(&self) -> impl Iterator<Item = &[Neighbour]> {
        (0..self.len()).map(move |i| self.of(i))
    }

    /// Bytes held (capacities).
    pub fn bytes(&self) -> usize {
        self.flat.capacity() * std::mem::size_of::<Neighbour>()
            + self.len.capacity() * std::mem::size_of::<u32>()
    }
}

impl From<Vec<Vec<Neighbour>>> for Lists {
    /// Lists given one `Vec` each (tests, studies): `k` is the longest.
    fn from(lists: Vec<Vec<Neighbour>>) -> Lists {
        let k = lists.iter().map(Vec::len).max().unwrap_or(0);
        let mut flat = vec![(0u32, 0f32); lists.len() * k];
        let mut len = Vec::with_capacity(lists.len());
        for (i, l) in lists.iter().enumerate() {
            flat[i * k..i * k + l.len()].copy_from_slice(l);
            len.push(l.len() as u32);
        }
        Lists { k, flat, len }
    }
}

/// The `k` nearest chunks of every chunk by cosine, excluding chunks of the same document
/// (`doc_of[i]` is chunk `i`'s document): a file agreeing with itself is no sign of a planted
/// set. Runs on `jobs` threads (at least 1); `progress` is called with the number of chunks
/// done by a thread since its last call. `search` says whether every shared bucket counts
/// ([`Search::Exact`]) or only the query's heaviest ([`Search::Pruned`]).
pub fn knn(
    vectors: &[SparseVec],
    doc_of: &[usize],
    postings: &Postings,
    k: usize,
    jobs: usize,
    search: Search,
    progress: &(dyn Fn(usize) + Sync),
) -> Lists {
    let n = vectors.len();
    let k = k.max(1);
    let jobs = jobs.clamp(1, n.max(1));
    let per = n.div_ceil(jobs).max(1);
    let mut flat: Vec<Neighbour> = vec![(0, 0.0); n * k];
    let mut len: Vec<u32> = vec![0; n];
    std::thread::scope(|s| {
        for (t, (slots, lens)) in flat
            .chunks_mut(per * k)
            .zip(len.chunks_mut(per))
            .enumerate()
        {
            s.spawn(move || {
                let mut acc = vec![0f32; n];
                let mut touched = Vec::new();
                let mut heavy: SparseVec = Vec::new();
                let mut exact: Vec<Neighbour> = Vec::new();
                let base = t * per;
                let mut done = 0;
                for (off, (slot, count)) in slots.chunks_mut(k).zip(lens.iter_mut()).enumerate() {
                    let i = base + off;
                    let doc = doc_of[i];
                    let keep = |c: u32| doc_of[c as usize] != doc;
                    match search {
                        Search::Exact => {
                            accumulate(&vectors[i], postings, &mut acc, &mut touched);
                            exact = take_top(k, &mut acc, &mut touched, keep);
                        }
                        Search::Pruned { features, rerank } => {
                            heavy.clear();
                            heavy.extend_from_slice(&vectors[i]);
                            heavy.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                            heavy.truncate(features.max(1));
                            accumulate(&heavy, postings, &mut acc, &mut touched);
                            let cands = take_top(rerank.max(k), &mut acc, &mut touched, keep);
                            exact.clear();
                            exact.extend(
                                cands
                                    .into_iter()
                                    .map(|(c, _)| {
                                        (c, cosine(&vectors[i], &vectors[c as usize]).min(1.0))
                                    })
                                    .filter(|x| x.1 > 0.0),
                            );
                            exact.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                            exact.truncate(k);
                        }
                    }
                    slot[..exact.len()].copy_from_slice(&exact);
                    *count = exact.len() as u32;
                    done += 1;
                    if done == 256 {
                        progress(done);
                        done = 0;
                    }
                }
                progress(done);
            });
        }
    });
    Lists { k, flat, len }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::{cosine, features, EmbedOptions, Idf, DIM};

    #[test]
    fn matches_brute_force() {
        let texts: Vec<String> = (0..60)
            .map(|i| {
                format!(
                    "topic{} shared words here item{} and value{}",
                    i % 7,
                    i % 11,
                    i % 5
                )
            })
            .collect();
        let tfs: Vec<_> = texts.iter().map(|t| features(t)).collect();
        let idf = Idf::fit(tfs.iter(), &EmbedOptions::default());
        let vs: Vec<_> = tfs.iter().map(|t| idf.vector(t)).collect();
        let docs: Vec<usize> = (0..60).map(|i| i / 2).collect();
        let p = Postings::build(&vs, DIM);
        let got = knn(&vs, &docs, &p, 10, 3, Search::Exact, &|_| {});
        for i in 0..vs.len() {
            let mut brute: Vec<(u32, f32)> = (0..vs.len())
                .filter(|&j| docs[j] != docs[i])
                .map(|j| (j as u32, cosine(&vs[i], &vs[j])))
                .filter(|x| x.1 > 0.0)
                .collect();
            brute.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
            brute.truncate(10);
            let gs: Vec<f32> = got.of(i).iter().map(|x| x.1).collect();
            let bs: Vec<f32> = brute.iter().map(|x| x.1.min(1.0)).collect();
            assert_eq!(gs.len(), bs.len());
            for (a, b) in gs.iter().zip(&bs) {
                assert!((a - b).abs() < 1e-4, "chunk {i}: {gs:?} vs {bs:?}");
            }
            assert!(got.of(i).iter().all(|&(c, _)| docs[c as usize] != docs[i]));
        }
    }

    #[test]
    fn pruned_search_keeps_the_near_duplicates() {
        // 200 chunks of common words; five planted pairs share a rare phrase. The pruned
        // search must find each planted chunk's twin first, with its exact cosine.
        let mut texts: Vec<String> = (0..200)
            .map(|i| {
                format!(
                    "the build runs the tests and the docs item{} on every push",
                    i % 13
                )
            })
            .collect();
        for p in 0..5 {
            let phrase = format!("zorbex{p} quantum marmalade{p} protocol answer{p}");
            texts[p * 2] = format!("the build runs {phrase}");
            texts[p * 2 + 1] = format!("{phrase} on every push");
        }
        let tfs: Vec<_> = texts.iter().map(|t| features(t)).collect();
        let idf = Idf::fit(tfs.iter(), &EmbedOptions::default());
        let vs: Vec<_> = tfs.iter().map(|t| idf.vector(t)).collect();
        let docs: Vec<usize> = (0..vs.len()).collect();
        let p = Postings::build(&vs, DIM);
        let search = Search::Pruned {
            features: 8,
            rerank: 20,
        };
        let got = knn(&vs, &docs, &p, 10, 2, search, &|_| {});
        for q in 0..5 {
            let (a, b) = (q * 2, q * 2 + 1);
            assert_eq!(got.of(a)[0].0 as usize, b, "{:?}", got.of(a));
            assert_eq!(got.of(b)[0].0 as usize, a);
            assert!((got.of(a)[0].1 - cosine(&vs[a], &vs[b]).min(1.0)).abs() < 1e-6);
        }
        assert_eq!(Search::for_size(100, 20_000), Search::Exact);
        assert!(matches!(
            Search::for_size(20_001, 20_000),
            Search::Pruned { .. }
        ));
    }
}
