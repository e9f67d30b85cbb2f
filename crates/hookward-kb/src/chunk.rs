//! Chunking: a markdown or plain-text document cut into sections by headings, and sections
//! into chunks of whole paragraphs of at most [`ChunkOptions::max_bytes`].

use serde::Serialize;

/// How documents are cut.
#[derive(Debug, Clone, Copy)]
pub struct ChunkOptions {
    /// Largest chunk in bytes: 1,200 by default (about 200 English words, the size RAG
    /// pipelines commonly retrieve; a planted passage of one or two paragraphs stays one
    /// chunk). A paragraph longer than this is cut at the last whitespace before the limit.
    pub max_bytes: usize,
}

impl Default for ChunkOptions {
    fn default() -> Self {
        ChunkOptions { max_bytes: 1200 }
    }
}

/// One chunk of a document.
#[derive(Debug, Clone, Serialize)]
pub struct Chunk {
    /// Index of the document in the corpus (the order documents were given in).
    pub doc: usize,
    /// Index of the chunk within its document, from 0.
    pub index: usize,
    /// Byte range `[start, end)` of the chunk in its document's text (char boundaries).
    pub span: (usize, usize),
    /// 1-based line of the chunk's first byte.
    pub line: usize,
    /// The nearest heading above the chunk (its text without `#`), if any.
    pub heading: Option<String>,
}

/// One block of lines: a paragraph, a heading or a fenced code block.
struct Block {
    start: usize,
    end: usize,
    heading: Option<String>,
}

/// The ATX heading text of `line` (`# Title` → `Title`), if it is one.
fn atx_heading(line: &str) -> Option<String> {
    let t = line.trim_start();
    let hashes = t.bytes().take_while(|&b| b == b'#').count();
    if (1..=6).contains(&hashes) {
        let rest = &t[hashes..];
        if rest.is_empty() || rest.starts_with(' ') || rest.starts_with('\t') {
            return Some(rest.trim().trim_end_matches('#').trim().to_string());
        }
    }
    None
}

/// True for a setext underline (`===` or `---`) or an reST-style one (`~~~`, `***` …).
fn underline(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3
        && t.bytes().all(|b| b == t.as_bytes()[0])
        && matches!(t.as_bytes()[0], b'=' | b'-' | b'~' | b'^' | b'*')
}

/// Lines of `text` with their byte starts (a line includes its `\n`).
fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut pos = 0;
    text.split_inclusive('\n').map(move |l| {
        let start = pos;
        pos += l.len();
        (start, l)
    })
}

/// Splits `text` into blocks: headings, fenced code blocks and blank-line separated
/// paragraphs. Linear in the text.
fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut cur: Option<(usize, usize)> = None;
    let mut fence: Option<&str> = None;
    let mut prev_line: Option<(usize, &str)> = None;
    let flush = |cur: &mut Option<(usize, usize)>, out: &mut Vec<Block>| {
        if let Some((s, e)) = cur.take() {
            out.push(Block {
                start: s,
                end: e,
                heading: None,
            });
        }
    };
    for (start, line) in lines(text) {
        let end = start + line.len();
        let t = line.trim();
        if let Some(f) = fence {
            if let Some(c) = cur.as_mut() {
                c.1 = end;
            }
            if t.starts_with(f) {
                fence = None;
                flush(&mut cur, &mut out);
            }
            prev_line = Some((start, line));
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            flush(&mut cur, &mut out);
            fence = Some(if t.starts_with("```") { "```" } else { "~~~" });
            cur = Some((start, end));
            prev_line = Some((start, line));
            continue;
        }
        if let Some(h) = atx_heading(line) {
            flush(&mut cur, &mut out);
            out.push(Block {
                start,
                end,
                heading: Some(h),
            });
            prev_line = Some((start, line));
            continue;
        }
        if underline(line) {
            // A one-line paragraph followed by an underline is a heading.
            if let (Some((s, e)), Some((ps, pl))) = (cur, prev_line) {
                if s == ps && e == ps + pl.len() && !pl.trim().is_empty() {
                    cur = None;
                    out.push(Block {
                        start: s,
                        end,
                        heading: Some(pl.trim().to_string()),
                    });
                    prev_line = Some((start, line));
                    continue;
                }
            }
        }
        if t.is_empty() {
            flush(&mut cur, &mut out);
        } else {
            match cur.as_mut() {
                Some(c) => c.1 = end,
                None => cur = Some((start, end)),
            }
        }
        prev_line = Some((start, line));
    }
    flush(&mut cur, &mut out);
    out
}

/// The largest char boundary of `text` at or below `i`.
fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// Cuts `[start, end)` into pieces of at most `max` bytes, at whitespace where there is some.
fn split_long(text: &str, start: usize, end: usize, max: usize, out: &mut Vec<(usize, usize)>) {
    let mut s = start;
    while end - s > max {
        let hard = floor_boundary(text, s + max);
        let cut = text[s..hard]
            .rfind(char::is_whitespace)
            .map(|i| s + i + 1)
            .filter(|&c| c > s + max / 2)
            .unwrap_or(hard.max(s + 1));
        let cut = if text.is_char_boundary(cut) {
            cut
        } else {
            floor_boundary(text, cut)
        };
        if cut <= s {
            break;
        }
        out.push((s, cut));
        s = cut;
    }
    if s < end {
        out.push((s, end));
    }
}

/// 1-based line numbers of the byte offsets `offsets` (sorted ascending), in one pass.
fn line_numbers(text: &str, offsets: &[usize]) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(offsets.len());
    let mut line = 1;
    let mut pos = 0;
    for &o in offsets {
        while pos < o.min(bytes.len()) {
            if bytes[pos] == b'\n' {
                line += 1;
            }
            pos += 1;
        }
        out.push(line);
    }
    out
}

/// Cuts document `doc` (its `text`) into chunks.
///
/// A heading starts a new chunk (the heading line is part of it, so a section's title counts
/// in its first chunk); paragraphs of one section are packed into a chunk while it stays
/// within `opts.max_bytes`; a longer paragraph is cut at whitespace. Chunks without a letter
/// or digit are dropped. Linear in the text.
pub fn chunk_document(doc: usize, text: &str, opts: &ChunkOptions) -> Vec<Chunk> {
    let max = opts.max_bytes.max(64);
    let mut pieces: Vec<(usize, usize, Option<String>)> = Vec::new();
    let mut cur: Option<(usize, usize)> = None;
    let mut heading: Option<String> = None;
    let mut cur_heading: Option<String> = None;
    for b in blocks(text) {
        if let Some(h) = &b.heading {
            if let Some((s, e)) = cur.take() {
                pieces.push((s, e, cur_heading.clone()));
            }
            heading = Some(h.clone());
            cur_heading = heading.clone();
            cur = Some((b.start, b.end));
            continue;
        }
        match cur {
            Some((s, _)) if b.end - s <= max => cur = Some((s, b.end)),
            _ => {
                if let Some((s, e)) = cur.take() {
                    pieces.push((s, e, cur_heading.clone()));
                }
                cur_heading = heading.clone();
                if b.end - b.start > max {
                    let mut parts = Vec::new();
                    split_long(text, b.start, b.end, max, &mut parts);
                    let last = parts.pop();
                    for (s, e) in parts {
                        pieces.push((s, e, heading.clone()));
                    }
                    cur = last;
                } else {
                    cur = Some((b.start, b.end));
                }
            }
        }
    }
    if let Some((s, e)) = cur {
        pieces.push((s, e, cur_heading));
    }
    // A heading line or a setext pair longer than the limit is cut too.
    let pieces: Vec<(usize, usize, Option<String>)> = pieces
        .into_iter()
        .flat_map(|(s, e, h)| {
            let mut parts = Vec::new();
            split_long(text, s, e, max, &mut parts);
            parts.into_iter().map(move |(a, b)| (a, b, h.clone()))
        })
        .filter(|(s, e, _)| text[*s..*e].chars().any(char::is_alphanumeric))
        .collect();
    let starts: Vec<usize> = pieces.iter().map(|p| p.0).collect();
    let lines = line_numbers(text, &starts);
    pieces
        .into_iter()
        .zip(lines)
        .enumerate()
        .map(|(index, ((s, e, heading), line))| {
            let e = trim_end(text, s, e);
            Chunk {
                doc,
                index,
                span: (s, e),
                line,
                heading,
            }
        })
        .collect()
}

/// `end` moved back over trailing whitespace (never before `start`).
fn trim_end(text: &str, start: usize, end: usize) -> usize {
    start + text[start..end].trim_end().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts<'a>(text: &'a str, chunks: &[Chunk]) -> Vec<&'a str> {
        chunks.iter().map(|c| &text[c.span.0..c.span.1]).collect()
    }

    #[test]
    fn headings_start_chunks_and_paragraphs_pack() {
        let text = "# Title\n\nIntro one.\n\nIntro two.\n\n## Install\n\nRun it.\n";
        let c = chunk_document(0, text, &ChunkOptions::default());
        assert_eq!(
            texts(text, &c),
            vec![
                "# Title\n\nIntro one.\n\nIntro two.",
                "## Install\n\nRun it."
            ]
        );
        assert_eq!(c[1].heading.as_deref(), Some("Install"));
        assert_eq!(c[1].line, 7);
    }

    #[test]
    fn setext_headings_and_fences() {
        let text = "Usage\n=====\n\n```\ncode\n\nmore code\n```\n\nAfter.\n";
        let c = chunk_document(0, text, &ChunkOptions { max_bytes: 64 });
        assert_eq!(c[0].heading.as_deref(), Some("Usage"));
        // The fenced block is not cut at its blank line.
        assert!(texts(text, &c)
            .iter()
            .any(|t| t.contains("code\n\nmore code")));
    }

    #[test]
    fn long_paragraphs_are_bounded() {
        let text = "word ".repeat(1000);
        let c = chunk_document(0, &text, &ChunkOptions { max_bytes: 200 });
        assert!(c.len() >= 20);
        for ch in &c {
            assert!(ch.span.1 - ch.span.0 <= 200);
        }
    }

    proptest::proptest! {
        #[test]
        fn chunks_are_bounded_ordered_and_on_boundaries(text in "(\\PC{0,40}\n{0,2}(# )?){0,60}", max in 64usize..400) {
            let c = chunk_document(3, &text, &ChunkOptions { max_bytes: max });
            let mut last = 0;
            for ch in &c {
                proptest::prop_assert!(ch.span.0 >= last);
                proptest::prop_assert!(ch.span.1 - ch.span.0 <= max);
                proptest::prop_assert!(text.is_char_boundary(ch.span.0) && text.is_char_boundary(ch.span.1));
                last = ch.span.1;
            }
        }
    }
}
