//! The lessons prefilter (issue 14, the hook's hot path): a compact, sorted word-start →
//! lesson table that the store writes next to its database whenever lessons change, so a
//! prompt no lesson can match is answered without reading the lessons tables or the FTS5
//! index (whose pages are cold in every new hook process: about 10 ms a query at 10,000
//! lessons), and a prompt that does match reads only its best candidates by id.
//!
//! What it answers is exact for the relevance rule of [`crate::recall::score`]: a lesson's
//! *matched terms* ([`crate::recall::matched_terms`]) are the query terms that start a word of
//! its lowercased search text (CJK terms: that occur anywhere in it). Every word start of a
//! search text is stored as a key — the run of letters, digits, `-`, `_`, `.` that starts
//! there (a term, made of those characters and starting with a letter or digit, starts a word
//! at a position exactly when it is a prefix of that run) — and every CJK character as the
//! key of the (at most 3-character) CJK run from it (a CJK term is at most 3 characters). A
//! term is looked up as a key prefix (one binary search), so the count of matched terms per
//! lesson is exact; keys are cut at [`MAX_KEY_BYTES`] and terms at [`MAX_TERM_BYTES`], which
//! can only add candidates. With its scores ([`Prefilter::scored`]) the store ranks the
//! candidates without reading their rows when no query term was cut and it passes the
//! recency it renewed since the file was written; otherwise it checks every candidate
//! against its row (project, not retired, the real matched terms) before scoring it.
//!
//! The format (all integers little-endian; `u32` offsets from the start of the file):
//!
//! | bytes | what |
//! | --- | --- |
//! | 0–7 | [`MAGIC`] (`HWLPF` and the format version) |
//! | 8–15 | `u64` generation: the store's lessons generation it was built from |
//! | 16–63 | 12 `u32`: projects, strings, lessons, keys; offsets of the string table, lesson table, key table, key bytes, postings; key-byte length, posting count, total file length |
//! | strings | per string `u32` offset + `u32` length (bytes, UTF-8); projects first |
//! | lessons | per lesson (ascending id) `i64` id, `u32` project string, `u32` family string + 1 (0: none), `u32` file string + 1, `i64` `updated_ms` when the file was written |
//! | keys | per key (byte order) `u32` key offset, `u32` key length, `u32` first posting, `u32` posting count |
//! | key bytes, postings | the keys' bytes; `u32` lesson indices, ascending per key |
//!
//! Reading never panics: every offset is checked, a file that does not parse is a
//! [`FormatError`] and the store falls back to the FTS5 search.

use crate::distill::is_cjk;
use crate::recall::{Terms, MIN_MATCHED};
use std::collections::{BTreeMap, HashMap};

fn intern<'s>(s: &'s str, strings: &mut Vec<&'s str>, index: &mut HashMap<&'s str, u32>) -> u32 {
    *index.entry(s).or_insert_with(|| {
        strings.push(s);
        (strings.len() - 1) as u32
    })
}

/// The first 8 bytes of a prefilter file: `HWLPF`, two zero bytes, format version 2.
pub const MAGIC: &[u8; 8] = b"HWLPF\0\0\x02";
/// Longest key stored (bytes, cut at a character boundary): a longer word start is stored by
/// its head.
pub const MAX_KEY_BYTES: usize = 48;
/// Longest term looked up (bytes, cut at a character boundary); shorter than
/// [`MAX_KEY_BYTES`] by more than one character, so a cut key is still compared over the
/// whole looked-up term.
pub const MAX_TERM_BYTES: usize = 40;
/// Longest CJK key (characters): the longest CJK term [`crate::recall::terms`] makes.
pub const CJK_KEY_CHARS: usize = 3;
const HEADER: usize = 64;
/// Bytes of one lesson record.
const LESSON_BYTES: usize = 28;

/// A prefilter file that cannot be read (wrong magic, cut short, an offset out of bounds).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError(pub &'static str);

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "lessons prefilter: {}", self.0)
    }
}

impl std::error::Error for FormatError {}

/// One lesson as the prefilter indexes it.
#[derive(Debug, Clone, Copy)]
pub struct Entry<'a> {
    /// The lesson's id.
    pub id: i64,
    /// Its project directory.
    pub project: &'a str,
    /// Its program family.
    pub family: Option<&'a str>,
    /// Its file.
    pub file: Option<&'a str>,
    /// Its search text ([`crate::Lesson::search_text`]).
    pub search: &'a str,
    /// When it was last learned, merged or hit (ms): recency, for the ranking of candidates.
    pub updated_ms: i64,
}

/// The keys of a search text ([module docs](self)): each word start's run of letters, digits,
/// `-`, `_`, `.`, and each CJK character's CJK run of at most [`CJK_KEY_CHARS`], lowercased,
/// deduplicated, sorted.
pub fn keys_of(search: &str) -> Vec<String> {
    let lower = search.to_lowercase();
    let chars: Vec<(usize, char)> = lower.char_indices().collect();
    let mut keys: Vec<String> = Vec::new();
    let in_run = |c: char| c.is_alphanumeric() || c == '-' || c == '_' || c == '.';
    for (k, &(i, c)) in chars.iter().enumerate() {
        if is_cjk(c) {
            let end = chars[k..]
                .iter()
                .take(CJK_KEY_CHARS)
                .take_while(|(_, c)| is_cjk(*c))
                .last()
                .map_or(i, |(j, c)| j + c.len_utf8());
            keys.push(lower[i..end].to_string());
        }
        let starts = c.is_alphanumeric() && (k == 0 || !chars[k - 1].1.is_alphanumeric());
        if starts {
            let end = chars[k..]
                .iter()
                .take_while(|(_, c)| in_run(*c))
                .last()
                .map_or(i, |(j, c)| j + c.len_utf8());
            keys.push(cut(&lower[i..end], MAX_KEY_BYTES).to_string());
        }
    }
    keys.sort();
    keys.dedup();
    keys
}

/// `s` cut to at most `max` bytes at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// The prefilter file of `entries` (any order; each id once) at `generation`.
pub fn build(generation: u64, entries: &[Entry<'_>]) -> Vec<u8> {
    let mut entries: Vec<&Entry<'_>> = entries.iter().collect();
    entries.sort_by_key(|e| e.id);
    // strings: projects first, then families and files
    let mut strings: Vec<&str> = Vec::new();
    let mut index: HashMap<&str, u32> = HashMap::new();
    let mut projects: Vec<&str> = entries.iter().map(|e| e.project).collect();
    projects.sort_unstable();
    projects.dedup();
    for p in &projects {
        intern(p, &mut strings, &mut index);
    }
    let n_projects = strings.len() as u32;
    let mut rows: Vec<(i64, u32, u32, u32, i64)> = Vec::with_capacity(entries.len());
    for e in &entries {
        let p = intern(e.project, &mut strings, &mut index);
        let f = e
            .family
            .map_or(0, |f| intern(f, &mut strings, &mut index) + 1);
        let l = e
            .file
            .map_or(0, |f| intern(f, &mut strings, &mut index) + 1);
        rows.push((e.id, p, f, l, e.updated_ms));
    }
    let mut postings: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for (i, e) in entries.iter().enumerate() {
        for k in keys_of(e.search) {
            postings.entry(k).or_default().push(i as u32);
        }
    }
    let str_bytes: usize = strings.iter().map(|s| s.len()).sum();
    let key_bytes: usize = postings.keys().map(|k| k.len()).sum();
    let n_post: usize = postings.values().map(|v| v.len()).sum();
    let strings_off = HEADER;
    let lessons_off = strings_off + strings.len() * 8;
    let keys_off = lessons_off + rows.len() * LESSON_BYTES;
    let strblob_off = keys_off + postings.len() * 16;
    let keyblob_off = strblob_off + str_bytes;
    let post_off = keyblob_off + key_bytes;
    let total = post_off + n_post * 4;
    let mut out = Vec::with_capacity(total);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&generation.to_le_bytes());
    for v in [
        n_projects as usize,
        strings.len(),
        rows.len(),
        postings.len(),
        strings_off,
        lessons_off,
        keys_off,
        keyblob_off,
        post_off,
        key_bytes,
        n_post,
        total,
    ] {
        out.extend_from_slice(&(v as u32).to_le_bytes());
    }
    let mut at = strblob_off;
    for s in &strings {
        out.extend_from_slice(&(at as u32).to_le_bytes());
        out.extend_from_slice(&(s.len() as u32).to_le_bytes());
        at += s.len();
    }
    for (id, p, f, l, updated) in &rows {
        out.extend_from_slice(&id.to_le_bytes());
        for v in [p, f, l] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend_from_slice(&updated.to_le_bytes());
    }
    let (mut kat, mut pat) = (keyblob_off, 0usize);
    for (k, ids) in &postings {
        for v in [kat, k.len(), pat, ids.len()] {
            out.extend_from_slice(&(v as u32).to_le_bytes());
        }
        kat += k.len();
        pat += ids.len();
    }
    for s in &strings {
        out.extend_from_slice(s.as_bytes());
    }
    for k in postings.keys() {
        out.extend_from_slice(k.as_bytes());
    }
    for ids in postings.values() {
        for i in ids {
            out.extend_from_slice(&i.to_le_bytes());
        }
    }
    debug_assert_eq!(out.len(), total);
    out
}

/// A parsed prefilter file, borrowing its bytes.
#[derive(Debug, Clone, Copy)]
pub struct Prefilter<'a> {
    bytes: &'a [u8],
    generation: u64,
    n_projects: usize,
    n_strings: usize,
    n_lessons: usize,
    n_keys: usize,
    strings_off: usize,
    lessons_off: usize,
    keys_off: usize,
    keyblob: (usize, usize),
    post: (usize, usize),
}

/// What a [`Prefilter::candidates`] lookup is about (the store's recall query, reduced).
#[derive(Debug, Clone, Copy)]
pub struct Query<'a> {
    /// The project.
    pub project: &'a str,
    /// The query's terms ([`crate::recall::terms`]).
    pub terms: &'a Terms,
    /// The program family of the call about to run.
    pub family: Option<&'a str>,
    /// The file of the call about to run.
    pub file: Option<&'a str>,
    /// Most candidates returned.
    pub limit: usize,
    /// Now (ms), for the recency decay of the ranking.
    pub now_ms: i64,
    /// The recency half-life (ms, [`crate::recall::HALF_LIFE_MS`] by default).
    pub half_life_ms: f64,
}

fn u32_at(b: &[u8], at: usize) -> Result<u32, FormatError> {
    b.get(at..at + 4)
        .and_then(|s| s.try_into().ok())
        .map(u32::from_le_bytes)
        .ok_or(FormatError("an offset past the end"))
}

fn i64_at(b: &[u8], at: usize) -> Result<i64, FormatError> {
    b.get(at..at + 8)
        .and_then(|s| s.try_into().ok())
        .map(i64::from_le_bytes)
        .ok_or(FormatError("an offset past the end"))
}

impl<'a> Prefilter<'a> {
    /// Parses the header and checks that every section lies within `bytes`.
    ///
    /// # Errors
    /// [`FormatError`] for anything but a whole file of this format version.
    pub fn parse(bytes: &'a [u8]) -> Result<Prefilter<'a>, FormatError> {
        if bytes.len() < HEADER || &bytes[..8] != MAGIC {
            return Err(FormatError("not a prefilter file of this version"));
        }
        let generation =
            u64::from_le_bytes(bytes[8..16].try_into().map_err(|_| FormatError("header"))?);
        let mut f = [0usize; 12];
        for (i, v) in f.iter_mut().enumerate() {
            *v = u32_at(bytes, 16 + 4 * i)? as usize;
        }
        let [n_projects, n_strings, n_lessons, n_keys, strings_off, lessons_off, keys_off, keyblob_off, post_off, key_bytes, n_post, total] =
            f;
        let fits = |off: usize, len: Option<usize>| {
            len.and_then(|l| off.checked_add(l))
                .is_some_and(|end| off >= HEADER && end <= bytes.len())
        };
        if total != bytes.len()
            || n_projects > n_strings
            || !fits(strings_off, n_strings.checked_mul(8))
            || !fits(lessons_off, n_lessons.checked_mul(LESSON_BYTES))
            || !fits(keys_off, n_keys.checked_mul(16))
            || !fits(keyblob_off, Some(key_bytes))
            || !fits(post_off, n_post.checked_mul(4))
        {
            return Err(FormatError(
                "a section out of bounds (cut short or damaged)",
            ));
        }
        Ok(Prefilter {
            bytes,
            generation,
            n_projects,
            n_strings,
            n_lessons,
            n_keys,
            strings_off,
            lessons_off,
            keys_off,
            keyblob: (keyblob_off, key_bytes),
            post: (post_off, n_post),
        })
    }

    /// The store's lessons generation the file was built from.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Lessons in the file.
    pub fn len(&self) -> usize {
        self.n_lessons
    }

    /// No lessons in the file.
    pub fn is_empty(&self) -> bool {
        self.n_lessons == 0
    }

    fn string(&self, i: usize) -> Result<&'a [u8], FormatError> {
        if i >= self.n_strings {
            return Err(FormatError("a string index out of bounds"));
        }
        let at = self.strings_off + 8 * i;
        let off = u32_at(self.bytes, at)? as usize;
        let len = u32_at(self.bytes, at + 4)? as usize;
        self.bytes
            .get(off..off.saturating_add(len))
            .ok_or(FormatError("a string out of bounds"))
    }

    fn key(&self, k: usize) -> Result<&'a [u8], FormatError> {
        let at = self.keys_off + 16 * k;
        let off = u32_at(self.bytes, at)? as usize;
        let len = u32_at(self.bytes, at + 4)? as usize;
        let (start, n) = self.keyblob;
        if off < start || off.saturating_add(len) > start + n {
            return Err(FormatError("a key out of bounds"));
        }
        Ok(&self.bytes[off..off + len])
    }

    fn postings(&self, k: usize) -> Result<(usize, usize), FormatError> {
        let at = self.keys_off + 16 * k;
        let first = u32_at(self.bytes, at + 8)? as usize;
        let count = u32_at(self.bytes, at + 12)? as usize;
        if first.saturating_add(count) > self.post.1 {
            return Err(FormatError("postings out of bounds"));
        }
        Ok((first, count))
    }

    /// The postings of keys `lo..hi`: their lesson indices as `u32` little-endian bytes (a
    /// multiple of 4 bytes), checked to lie within the postings section. The file lays the
    /// postings out in key order, each key's right after the previous key's ([`build`]), so
    /// the postings of a run of keys are one slice: from key `lo`'s first to key `hi - 1`'s
    /// last. Empty for an empty range; an error when the run's ends are out of order (a
    /// damaged file).
    fn range_posting_bytes(&self, lo: usize, hi: usize) -> Result<&'a [u8], FormatError> {
        if lo >= hi {
            return Ok(&[]);
        }
        let (first, _) = self.postings(lo)?;
        let (last, count) = self.postings(hi - 1)?;
        let end = last.saturating_add(count);
        if end < first {
            return Err(FormatError("postings out of order"));
        }
        let start = self.post.0 + 4 * first;
        self.bytes
            .get(start..self.post.0 + 4 * end)
            .ok_or(FormatError("postings out of bounds"))
    }

    /// (id, project string, family string + 1, file string + 1, updated ms) of lesson `i`.
    fn lesson(&self, i: usize) -> Result<(i64, u32, u32, u32, i64), FormatError> {
        let at = self.lessons_off + LESSON_BYTES * i;
        Ok((
            i64_at(self.bytes, at)?,
            u32_at(self.bytes, at + 8)?,
            u32_at(self.bytes, at + 12)?,
            u32_at(self.bytes, at + 16)?,
            i64_at(self.bytes, at + 20)?,
        ))
    }

    /// The index of `s` among the first `n` strings (projects: `n` = their count), or in the
    /// whole table.
    fn find_string(&self, s: &str, projects_only: bool) -> Result<Option<u32>, FormatError> {
        let n = if projects_only {
            self.n_projects
        } else {
            self.n_strings
        };
        for i in 0..n {
            if self.string(i)? == s.as_bytes() {
                return Ok(Some(i as u32));
            }
        }
        Ok(None)
    }

    /// First key index whose bytes are not less than `t`.
    fn lower_bound(&self, t: &[u8]) -> Result<usize, FormatError> {
        let (mut lo, mut hi) = (0usize, self.n_keys);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid)? < t {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }

    /// First key index at or after `lo` whose bytes do not start with `t`: the keys that start
    /// with `t` are the run `lower_bound(t)..prefix_end(lower_bound(t), t)` (keys are sorted
    /// by bytes), found by one more binary search instead of a key-by-key walk (a query word
    /// like `parser` starts hundreds of keys: `parserabcd`, `parserabce`, …).
    fn prefix_end(&self, lo: usize, t: &[u8]) -> Result<usize, FormatError> {
        let (mut lo, mut hi) = (lo, self.n_keys);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key(mid)?.starts_with(t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        Ok(lo)
    }

    /// Whether the project has any lesson in the file (one scan of the project strings).
    ///
    /// # Errors
    /// [`FormatError`] when the file is damaged.
    pub fn has_project(&self, project: &str) -> Result<bool, FormatError> {
        Ok(self.find_string(project, true)?.is_some())
    }

    /// The ids of the lessons of `q.project` that can be recalled by the query: at least
    /// [`MIN_MATCHED`] matched terms, or one with the same family or file; best first by
    /// [`crate::recall::score`] of what the file knows (matched terms, family and file, the
    /// recency the lesson had when the file was written), then the newest; at most `q.limit`.
    /// Empty when no lesson can match — the store then reads nothing else.
    ///
    /// # Errors
    /// [`FormatError`] when the file is damaged.
    pub fn candidates(&self, q: &Query<'_>) -> Result<Vec<i64>, FormatError> {
        Ok(self.scored(q, &[])?.into_iter().map(|(id, _)| id).collect())
    }

    /// [`Prefilter::candidates`] with their scores, `(id, score)` best first (then the newest),
    /// where a lesson's recency is the later of the file's and `renewed`'s: `renewed` is
    /// `(id, updated_ms)` pairs sorted by id (a pair may repeat an id; the latest time counts),
    /// the recency the store renewed after the file was written (a hit renews it without a new
    /// generation). The score is [`crate::recall::score`] of the matched terms, family and file
    /// boosts and that recency: equal to the score of the lesson's row when no query term is
    /// longer than [`MAX_TERM_BYTES`] (a cut term can only count more terms) and `renewed`
    /// holds every renewal since the file's lessons were read.
    ///
    /// # Errors
    /// [`FormatError`] when the file is damaged.
    pub fn scored(
        &self,
        q: &Query<'_>,
        renewed: &[(i64, i64)],
    ) -> Result<Vec<(i64, f64)>, FormatError> {
        let Some(project) = self.find_string(q.project, true)? else {
            return Ok(Vec::new());
        };
        let terms: Vec<&str> = q
            .terms
            .long
            .iter()
            .chain(q.terms.short.iter())
            .map(String::as_str)
            .collect();
        if terms.is_empty() || q.limit == 0 {
            return Ok(Vec::new());
        }
        // Terms a lesson must match to be a candidate: one when the query has a family or file
        // (a lesson of that family or file needs only one), else MIN_MATCHED; a lesson is kept
        // when its count reaches it, so the thousands of lessons a prompt's common words touch
        // once are never grouped or read.
        let need: u8 = if q.family.is_some() || q.file.is_some() {
            1
        } else {
            MIN_MATCHED as u8
        };
        // per lesson index: matched terms (one byte, as the terms looked up), allocated
        // zeroed at the first posting (a query that matches nothing allocates nothing)
        let mut counts: Vec<u8> = Vec::new();
        // per lesson index: the last term counted, for a term that starts several keys (a
        // lesson may sit under more than one of them, and a term counts once); allocated only
        // for such a term (a key's own postings name each lesson once)
        let mut last: Vec<u8> = Vec::new();
        let mut touched: Vec<u32> = Vec::new();
        // a term's mark below is its position + 1 in a byte: the first 255 terms are looked up
        // (`recall::terms` makes at most 64: MAX_TERMS long ones and MAX_TERMS short ones)
        for (n, t) in terms.iter().take(usize::from(u8::MAX)).enumerate() {
            let t = cut(t, MAX_TERM_BYTES).as_bytes();
            if t.is_empty() {
                continue;
            }
            // the keys the term starts: one run, whose postings are one slice
            let lo = self.lower_bound(t)?;
            let hi = self.prefix_end(lo, t)?;
            let postings = self.range_posting_bytes(lo, hi)?;
            if postings.is_empty() {
                continue;
            }
            if counts.is_empty() {
                counts = vec![0; self.n_lessons];
            }
            // the hot loop of a prompt's common words (thousands of postings): one bounds
            // check per term above, one per posting here
            let (postings, _) = postings.as_chunks::<4>();
            if hi - lo == 1 {
                count_key(postings, &mut counts, need, &mut touched)?;
            } else {
                if last.is_empty() {
                    last = vec![0; self.n_lessons];
                }
                // never 0 (a lesson not marked yet) and one per term: n < 255
                let mark = (n + 1) as u8;
                count_run(postings, &mut counts, &mut last, mark, need, &mut touched)?;
            }
        }
        if touched.is_empty() {
            return Ok(Vec::new());
        }
        // lessons per matched terms, and the most terms matched
        let mut per_count = [0usize; 256];
        for &i in &touched {
            if let Some(&c) = counts.get(i as usize) {
                per_count[usize::from(c)] += 1;
            }
        }
        let max_count = per_count.iter().rposition(|&n| n > 0).unwrap_or(0);
        let family = match q.family {
            Some(f) => self.find_string(f, false)?.map(|i| i + 1),
            None => None,
        };
        let file = match q.file {
            Some(f) => self.find_string(f, false)?.map(|i| i + 1),
            None => None,
        };
        // best first, then the newest (ids are unique: a total order)
        let best_first = |a: &(f64, i64), b: &(f64, i64)| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1));
        // The lessons by matched terms, most first. A lesson's score is at most its matched
        // terms times the boosts the query could give (recency only lowers it: the age is
        // never negative), so once `limit` lessons score more than that bound, no lesson with
        // that many terms or fewer can enter the answer and their records are not read: a
        // prompt's common words touch a thousand or more lessons with two terms, and reading
        // and scoring every one of them was the largest part of a recall. Exact: only lessons
        // whose bound is strictly below the `limit`-th best score are passed over.
        let boost = if family.is_some() {
            crate::recall::FAMILY_BOOST
        } else {
            1.0
        };
        let boost = if file.is_some() {
            boost * crate::recall::FILE_BOOST
        } else {
            boost
        };
        // the candidates grouped by matched terms (a counting sort: one array, `at[c]..at[c +
        // 1]` the lessons with `c` terms in walk order)
        let mut at: Vec<usize> = vec![0; max_count + 2];
        for c in 1..at.len() {
            at[c] = at[c - 1] + per_count[c - 1];
        }
        let mut grouped: Vec<u32> = vec![0; touched.len()];
        let mut next = at.clone();
        for &i in &touched {
            let c = counts[i as usize] as usize;
            grouped[next[c]] = i;
            next[c] += 1;
        }
        let mut out: Vec<(f64, i64)> = Vec::new();
        for c in (1..=max_count).rev() {
            // too few terms and no family or file that could make up for it: no record read
            if c < MIN_MATCHED && family.is_none() && file.is_none() {
                break;
            }
            if out.len() >= q.limit {
                // keep the best `limit` (the answer is among them and what comes later)
                if out.len() > q.limit {
                    out.select_nth_unstable_by(q.limit - 1, best_first);
                    out.truncate(q.limit);
                }
                let kth = out
                    .iter()
                    .map(|x| x.0)
                    .min_by(f64::total_cmp)
                    .unwrap_or(f64::INFINITY);
                let bound = c as f64 * boost;
                if bound < kth {
                    break;
                }
            }
            for &i in &grouped[at[c]..at[c + 1]] {
                let (id, p, fam, fil, updated) = self.lesson(i as usize)?;
                if p != project {
                    continue;
                }
                let updated = renewed_ms(renewed, id).map_or(updated, |r| r.max(updated));
                let same_family = family.is_some_and(|f| f == fam);
                let same_file = file.is_some_and(|f| f == fil);
                if c < MIN_MATCHED && !(same_family || same_file) {
                    continue;
                }
                let s = crate::recall::score(&crate::recall::Candidate {
                    bm25: 0.0,
                    matched: c,
                    same_family,
                    same_file,
                    age_ms: q.now_ms.saturating_sub(updated),
                    half_life_ms: q.half_life_ms,
                });
                if let Some(s) = s {
                    out.push((s, id));
                }
            }
        }
        // only the best `limit` are sorted
        if out.len() > q.limit {
            out.select_nth_unstable_by(q.limit - 1, best_first);
            out.truncate(q.limit);
        }
        out.sort_unstable_by(best_first);
        Ok(out.into_iter().map(|(s, id)| (id, s)).collect())
    }
}

/// Counts the postings of one key (its postings name each lesson once) into `counts`: a
/// lesson whose count reaches `need` is added to `touched`. A function of its own, not
/// inlined, so that the loop's values stay in registers (inlined into [`Prefilter::scored`]
/// it took 16 instructions a posting, callgrind, release).
///
/// # Errors
/// [`FormatError`] for a posting past the lessons (a damaged file).
#[inline(never)]
fn count_key(
    postings: &[[u8; 4]],
    counts: &mut [u8],
    need: u8,
    touched: &mut Vec<u32>,
) -> Result<(), FormatError> {
    for p in postings {
        let i = u32::from_le_bytes(*p);
        let Some(c) = counts.get_mut(i as usize) else {
            return Err(FormatError("a posting out of bounds"));
        };
        *c = c.saturating_add(1);
        if *c == need {
            touched.push(i);
        }
    }
    Ok(())
}

/// [`count_key`] for the postings of a run of keys that one term starts, where a lesson may
/// sit under several keys and counts once: `last` holds the mark of the term that counted
/// each lesson last, `mark` this term's (never 0).
///
/// # Errors
/// [`FormatError`] for a posting past the lessons (a damaged file).
#[inline(never)]
fn count_run(
    postings: &[[u8; 4]],
    counts: &mut [u8],
    last: &mut [u8],
    mark: u8,
    need: u8,
    touched: &mut Vec<u32>,
) -> Result<(), FormatError> {
    for p in postings {
        let i = u32::from_le_bytes(*p);
        let (Some(c), Some(l)) = (counts.get_mut(i as usize), last.get_mut(i as usize)) else {
            return Err(FormatError("a posting out of bounds"));
        };
        if *l != mark {
            *l = mark;
            *c = c.saturating_add(1);
            if *c == need {
                touched.push(i);
            }
        }
    }
    Ok(())
}

/// The latest renewal of lesson `id` in `renewed` (`(id, ms)` sorted by id), if any.
fn renewed_ms(renewed: &[(i64, i64)], id: i64) -> Option<i64> {
    if renewed.is_empty() {
        return None;
    }
    let start = renewed.partition_point(|r| r.0 < id);
    renewed[start..]
        .iter()
        .take_while(|r| r.0 == id)
        .map(|r| r.1)
        .max()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::recall::{matched_terms, terms};

    fn entry<'a>(id: i64, project: &'a str, family: Option<&'a str>, search: &'a str) -> Entry<'a> {
        Entry {
            id,
            project,
            family,
            file: None,
            search,
            updated_ms: 1_000 + id,
        }
    }

    const TEXTS: &[&str] = &[
        "node npm script parser | npm ERR! Missing script: parserabcd | ran `pnpm run parserabcd` instead of `npm run parserabcd`",
        "pytest modulenotfounderror yaml 测试 | ModuleNotFoundError: No module named yaml | ran `uv run pytest` instead of `pytest`",
        "cargo test_widget.rs | error[E0433]: failed to resolve | ran `cargo test -p widget --features widget`",
        "docker compose | no such service: web | ran `docker compose up web` instead of `docker-compose up web`",
        "运行测试失败了 pytest | 失败 | 用 uv run pytest",
    ];

    fn file() -> Vec<u8> {
        let e: Vec<Entry<'_>> = TEXTS
            .iter()
            .enumerate()
            .map(|(i, t)| {
                entry(
                    i as i64 + 10,
                    if i == 3 { "/q" } else { "/p" },
                    Some(["node", "pytest", "cargo-test", "docker", "pytest"][i]),
                    t,
                )
            })
            .collect();
        build(7, &e)
    }

    /// The prefilter's candidates are exactly the lessons the scoring rule accepts.
    #[test]
    fn candidates_match_the_scoring_rule() {
        let bytes = file();
        let p = Prefilter::parse(&bytes).expect("parse");
        assert_eq!(p.generation(), 7);
        assert_eq!(p.len(), 5);
        let prompts = [
            "npm says the parser script is missing",
            "please add a theme section to the documentation",
            "pytest cannot import the yaml module",
            "the tests keep failing with missing modules",
            "运行测试失败",
            "测试 yaml",
            "docker compose cannot find the web service",
            "cargo test widget fails to resolve E0433",
            "test_widget.rs fails",
            "run it with uv",
            "",
        ];
        for prompt in prompts {
            let t = terms(prompt);
            let got = p
                .candidates(&Query {
                    project: "/p",
                    terms: &t,
                    family: None,
                    file: None,
                    limit: 100,
                    now_ms: 2_000,
                    half_life_ms: crate::recall::HALF_LIFE_MS,
                })
                .expect("candidates");
            let mut want: Vec<i64> = TEXTS
                .iter()
                .enumerate()
                .filter(|(i, text)| *i != 3 && matched_terms(&t, text) >= MIN_MATCHED)
                .map(|(i, _)| i as i64 + 10)
                .collect();
            want.sort();
            let mut got_sorted = got.clone();
            got_sorted.sort();
            assert_eq!(got_sorted, want, "{prompt:?} {t:?}");
        }
        // another project's lesson only in its project; a project without lessons: nothing
        let t = terms("docker compose web");
        let q = |project| Query {
            project,
            terms: &t,
            family: None,
            file: None,
            limit: 10,
            now_ms: 2_000,
            half_life_ms: crate::recall::HALF_LIFE_MS,
        };
        assert_eq!(p.candidates(&q("/q")).expect("q"), vec![13]);
        assert!(p.candidates(&q("/p")).expect("p").is_empty());
        assert!(p.candidates(&q("/nowhere")).expect("none").is_empty());
        assert!(p.has_project("/q").expect("has") && !p.has_project("/r").expect("has"));
        // one matched term is enough with the same family
        let t = terms("npm ci");
        let anchored = Query {
            project: "/p",
            terms: &t,
            family: Some("node"),
            file: None,
            limit: 10,
            now_ms: 2_000,
            half_life_ms: crate::recall::HALF_LIFE_MS,
        };
        assert_eq!(p.candidates(&anchored).expect("anchored"), vec![10]);
        assert!(p
            .candidates(&Query {
                family: None,
                ..anchored
            })
            .expect("plain")
            .is_empty());
    }

    /// The candidates that pass over lessons by their bound are exactly the best `limit` of
    /// every lesson scored (ids and order), for generated lessons whose recency, family and
    /// file vary (ties of score included), with and without a family or file in the query.
    #[test]
    fn passing_over_by_bound_is_exact() {
        // `parser`, `parserabc` and `parserxyz`: a query word that starts several keys
        const WORDS: [&str; 14] = [
            "npm",
            "script",
            "missing",
            "parser",
            "pytest",
            "module",
            "cargo",
            "crate",
            "docker",
            "compose",
            "run",
            "widget",
            "parserabc",
            "parserxyz",
        ];
        const FAMILIES: [&str; 3] = ["node", "python", "rust"];
        const FILES: [&str; 3] = ["a.py", "b.rs", "c.ts"];
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        let mut rnd = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        // (search text, family, file, project, updated ms)
        type Generated<'a> = (String, Option<&'a str>, Option<&'a str>, &'a str, i64);
        let mut texts: Vec<Generated<'_>> = Vec::new();
        for i in 0..600 {
            let words: Vec<&str> = (0..1 + rnd(6)).map(|_| WORDS[rnd(14) as usize]).collect();
            let family = (rnd(3) > 0).then(|| FAMILIES[rnd(3) as usize]);
            let file = (rnd(4) == 0).then(|| FILES[rnd(3) as usize]);
            let project = if i % 7 == 0 { "/q" } else { "/p" };
            // few distinct times: many ties of score, broken by the newest id
            let updated = 1_000 + (rnd(5) as i64) * 3_600_000 * 24 * 20;
            texts.push((words.join(" "), family, file, project, updated));
        }
        let entries: Vec<Entry<'_>> = texts
            .iter()
            .enumerate()
            .map(|(i, (search, family, file, project, updated))| Entry {
                id: i as i64 + 1,
                project,
                family: *family,
                file: *file,
                search,
                updated_ms: *updated,
            })
            .collect();
        let bytes = build(3, &entries);
        let p = Prefilter::parse(&bytes).expect("parse");
        let now = 1_000 + 3_600_000 * 24 * 100;
        for round in 0..300 {
            let prompt: Vec<&str> = (0..1 + rnd(5)).map(|_| WORDS[rnd(14) as usize]).collect();
            let t = terms(&prompt.join(" "));
            let family = (rnd(2) == 0).then(|| FAMILIES[rnd(3) as usize]);
            let file = (rnd(3) == 0).then(|| FILES[rnd(3) as usize]);
            let limit = 1 + rnd(30) as usize;
            let q = Query {
                project: "/p",
                terms: &t,
                family,
                file,
                limit,
                now_ms: now,
                half_life_ms: crate::recall::HALF_LIFE_MS,
            };
            let mut want: Vec<(f64, i64)> = entries
                .iter()
                .filter(|e| e.project == "/p")
                .filter_map(|e| {
                    crate::recall::score(&crate::recall::Candidate {
                        bm25: 0.0,
                        matched: matched_terms(&t, e.search),
                        same_family: family.is_some() && e.family == family,
                        same_file: file.is_some() && e.file == file,
                        age_ms: now - e.updated_ms,
                        half_life_ms: crate::recall::HALF_LIFE_MS,
                    })
                    .map(|s| (s, e.id))
                })
                .collect();
            want.sort_by(|a, b| b.0.total_cmp(&a.0).then(b.1.cmp(&a.1)));
            want.truncate(limit);
            let want: Vec<i64> = want.into_iter().map(|(_, id)| id).collect();
            assert_eq!(
                p.candidates(&q).expect("candidates"),
                want,
                "round {round}: {prompt:?} family {family:?} file {file:?} limit {limit}"
            );
            // recency renewed after the file was written (a hit): the scores are the rows'
            // scores at the renewed time, bit for bit, and the ranking follows them
            let mut renewed: Vec<(i64, i64)> = (0..rnd(40))
                .map(|_| {
                    (
                        1 + rnd(600) as i64,
                        1_000 + (rnd(6) as i64) * 3_600_000 * 24 * 20,
                    )
                })
                .collect();
            renewed.sort_unstable();
            let latest = |e: &Entry<'_>| {
                renewed
                    .iter()
                    .filter(|r| r.0 == e.id)
                    .map(|r| r.1)
                    .fold(e.updated_ms, i64::max)
            };
            let mut want: Vec<(i64, f64)> = entries
                .iter()
                .filter(|e| e.project == "/p")
                .filter_map(|e| {
                    crate::recall::score(&crate::recall::Candidate {
                        bm25: 0.0,
                        matched: matched_terms(&t, e.search),
                        same_family: family.is_some() && e.family == family,
                        same_file: file.is_some() && e.file == file,
                        age_ms: now - latest(e),
                        half_life_ms: crate::recall::HALF_LIFE_MS,
                    })
                    .map(|s| (e.id, s))
                })
                .collect();
            want.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.0.cmp(&a.0)));
            want.truncate(limit);
            let got = p.scored(&q, &renewed).expect("scored");
            assert_eq!(
                got.iter().map(|g| (g.0, g.1.to_bits())).collect::<Vec<_>>(),
                want.iter().map(|w| (w.0, w.1.to_bits())).collect::<Vec<_>>(),
                "round {round} (renewed {renewed:?}): {prompt:?} family {family:?} file {file:?} limit {limit}"
            );
        }
    }

    #[test]
    fn best_first_and_limited() {
        let texts: Vec<String> = (0..50)
            .map(|i| {
                if i % 10 == 0 {
                    format!("npm script missing parser{i} | x")
                } else {
                    format!("npm script other{i} | x")
                }
            })
            .collect();
        let e: Vec<Entry<'_>> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| entry(i as i64, "/p", None, t))
            .collect();
        let bytes = build(1, &e);
        let p = Prefilter::parse(&bytes).expect("parse");
        let t = terms("npm script missing parser");
        let got = p
            .candidates(&Query {
                project: "/p",
                terms: &t,
                family: None,
                file: None,
                limit: 7,
                now_ms: 2_000,
                half_life_ms: crate::recall::HALF_LIFE_MS,
            })
            .expect("candidates");
        // 4 terms: the parser lessons, newest first; then 2 terms, newest first
        assert_eq!(got, vec![40, 30, 20, 10, 0, 49, 48]);
    }

    #[test]
    fn damaged_files_are_errors_never_panics() {
        let bytes = file();
        let t = terms("npm says the parser script is missing 运行测试失败 yaml");
        let q = Query {
            project: "/p",
            terms: &t,
            family: Some("node"),
            file: Some("a.rs"),
            limit: 10,
            now_ms: 2_000,
            half_life_ms: crate::recall::HALF_LIFE_MS,
        };
        // every cut
        for n in 0..bytes.len() {
            assert!(Prefilter::parse(&bytes[..n]).is_err(), "cut at {n}");
        }
        // every byte flipped, several ways: parse and lookups return, whatever they return
        for i in 0..bytes.len() {
            for x in [0x01u8, 0x80, 0xFF] {
                let mut b = bytes.clone();
                b[i] ^= x;
                if let Ok(p) = Prefilter::parse(&b) {
                    let _ = p.candidates(&q);
                    let _ = p.has_project("/p");
                }
            }
        }
        assert!(Prefilter::parse(b"HWLPF\0\0\x02").is_err());
        let mut old = file();
        old[7] = 1;
        assert!(
            Prefilter::parse(&old).is_err(),
            "format version 1 is not read"
        );
        assert!(Prefilter::parse(&[]).is_err());
    }

    #[test]
    fn empty_and_cut_keys() {
        let bytes = build(3, &[]);
        let p = Prefilter::parse(&bytes).expect("parse");
        assert!(p.is_empty());
        let t = terms("anything at all");
        assert!(p
            .candidates(&Query {
                project: "/p",
                terms: &t,
                family: None,
                file: None,
                limit: 5,
                now_ms: 2_000,
                half_life_ms: crate::recall::HALF_LIFE_MS,
            })
            .expect("none")
            .is_empty());
        // a word longer than the key cap is still found by a long term (superset)
        let long = format!("{} tail", "x".repeat(100));
        let e = [entry(1, "/p", None, &long)];
        let bytes = build(1, &e);
        let p = Prefilter::parse(&bytes).expect("parse");
        let t = terms(&format!("{} tail", "x".repeat(90)));
        assert_eq!(
            p.candidates(&Query {
                project: "/p",
                terms: &t,
                family: None,
                file: None,
                limit: 5,
                now_ms: 2_000,
                half_life_ms: crate::recall::HALF_LIFE_MS,
            })
            .expect("found"),
            vec![1]
        );
        assert!(keys_of(&long).iter().all(|k| k.len() <= MAX_KEY_BYTES));
    }
}
