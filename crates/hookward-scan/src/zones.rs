//! Reading context: which parts of the normalised text a human reader sees as code, as hidden,
//! or as quoted examples.
//!
//! Block zones are computed once per text (only for texts with candidate hits) on the normalised
//! (lower-cased) copy; line details are computed on demand for the lines that hold a hit.
//! - **code**: fenced blocks (```` ``` ```` / `~~~`), indented blocks in markdown (4 spaces or a tab
//!   after a blank line, not starting with `<`) whose content looks like code (brackets,
//!   operators, keywords, shell prompts, comments — indentation alone is not enough: an indented
//!   e-mail, a YAML `body: |` or a JSON `"description": "…"` holding sentences is prose),
//!   `<code>`/`<pre>` elements; on demand: inline code spans on the hit's line;
//! - **hidden**: HTML comments, elements styled invisible (`display:none`, `visibility:hidden`,
//!   `font-size:0`/`1px`, `opacity:0`, white or transparent text, positioned or indented far
//!   off-screen, clipped to nothing, zero height with `overflow:hidden`, `scale(0)`), the
//!   `hidden` and `aria-hidden="true"` attributes, screen-reader-only and hiding classes
//!   (`sr-only`, `visually-hidden`, `d-none`…), `<noscript>` and `<template>` content, attribute
//!   values a reader does not see (`alt`, `title`, `content`, `aria-label`, `placeholder`),
//!   markdown image alt text and link titles, decoded Unicode tag characters;
//! - **quoted** (on demand): inline double-quoted strings on one line (≤ 300 bytes);
//! - **list lines** (on demand): list items and table rows.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use regex::bytes::Regex;

/// Sorted, merged, half-open byte ranges.
#[derive(Debug, Default, Clone)]
pub(crate) struct RangeSet(Vec<(usize, usize)>);

impl RangeSet {
    fn from_unsorted(mut v: Vec<(usize, usize)>) -> Self {
        v.retain(|r| r.1 > r.0);
        v.sort_unstable();
        let mut out: Vec<(usize, usize)> = Vec::with_capacity(v.len());
        for (s, e) in v {
            if let Some(last) = out.last_mut() {
                if s <= last.1 {
                    last.1 = last.1.max(e);
                    continue;
                }
            }
            out.push((s, e));
        }
        RangeSet(out)
    }

    /// True when `pos` lies inside a range.
    pub(crate) fn contains(&self, pos: usize) -> bool {
        self.range_at(pos).is_some()
    }

    /// The range holding `pos`, if any.
    pub(crate) fn range_at(&self, pos: usize) -> Option<(usize, usize)> {
        let idx = self.0.partition_point(|r| r.0 <= pos);
        idx.checked_sub(1)
            .and_then(|i| self.0.get(i))
            .filter(|r| pos < r.1)
            .copied()
    }
}

/// Zone detector regexes, compiled on first use (most texts have no HTML).
#[derive(Debug, Default)]
pub(crate) struct ZoneDetectors {
    hidden_style: OnceLock<Option<Regex>>,
    attr_value: OnceLock<Option<Regex>>,
    md_image_alt: OnceLock<Option<Regex>>,
    md_link_title: OnceLock<Option<Regex>>,
    code_element: OnceLock<Option<Regex>>,
}

const HIDDEN_STYLE: &str = concat!(
    r#"(?-u)<([a-z][a-z0-9]{0,10})\b[^>]{0,400}?(?:"#,
    // A style that hides the element from a sighted reader.
    r#"style\s*=\s*["'](?:[^"'>]{0,300}?[;\s])?(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)"#,
    r#"|font-size\s*:\s*(?:0*(?:\.\d+)?|0*1(?:\.0+)?)(?:px|pt|em|rem|%)?\s*(?:!important\s*)?[;"']"#,
    r#"|opacity\s*:\s*0(?:\.0+)?\s*(?:!important\s*)?[;"']"#,
    r#"|color\s*:\s*(?:#fff(?:fff)?\b|white\b|transparent\b|rgba?\(\s*255\s*,\s*255\s*,\s*255\b|rgba\([^)]{0,30},\s*0(?:\.0+)?\s*\))"#,
    r#"|(?:left|top|right|text-indent|margin-left|margin-top)\s*:\s*-\s*\d{3,}"#,
    r#"|(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*[;"'][^"'>]{0,200}?overflow\s*:\s*hidden"#,
    r#"|clip(?:-path)?\s*:\s*(?:rect\(\s*0|inset\(\s*(?:50|100)%)|transform\s*:\s*scale\(\s*0\s*\))"#,
    // Attributes and classes that hide it.
    r#"|\shidden\b|\saria-hidden\s*=\s*["']?true"#,
    r#"|\sclass\s*=\s*["'][^"'>]{0,200}?\b(?:sr-only|visually-hidden|visuallyhidden|screen-reader-text|hidden|d-none|invisible)\b"#,
    r#")[^>]{0,400}>"#,
    // Elements a browser does not render.
    r#"|<(noscript|template)\b[^>]{0,200}>"#,
);
const ATTR_VALUE: &str = r#"(?-u)\s(?:alt|title|content|aria-label|aria-description|placeholder|data-[a-z-]{1,30})\s*=\s*(?:"([^"<>]+)"|'([^'<>]+)')"#;
const MD_IMAGE_ALT: &str = r"(?-u)!\[([^\]\n]+)\]";
const MD_LINK_TITLE: &str = r#"(?-u)\]\([^)\s]+\s+"([^"\n]+)"\s*\)"#;
const CODE_ELEMENT: &str = r"(?-u)<(code|pre)\b[^>]{0,200}>";

/// How far (bytes) past a tag's `<` a [`HIDDEN_STYLE`] keyword may start: the `<`, a tag name
/// of at most 11 bytes and at most 400 bytes of attributes before it.
const HIDE_REACH: usize = 1 + 11 + 400;

/// False only when [`HIDDEN_STYLE`] cannot match in `b`: no `<noscript` or `<template`, and no
/// `style`, `hidden` or `class` (every other alternative of the pattern holds one of them:
/// `aria-hidden` too) within [`HIDE_REACH`] bytes after a `<` and a lower-case letter, before
/// the next `>` (the pattern's runs are `[^>]`). One pass over the `<` and `>` of the text,
/// each byte searched for the keywords at most once, so linear.
///
/// Compiling `HIDDEN_STYLE` (its `{0,400}` runs) is the dearest of the zone detectors, and
/// English prose holds these words outside any tag ("the `Scanner` class"); the test on the
/// whole text compiled it for 20 KB of English prose without one hidden-style candidate.
fn may_hide(t: &str) -> bool {
    const KEYS: [&str; 3] = ["style", "hidden", "class"];
    // The whole text first (substring search, fast): most texts hold none of the words.
    if has(t, "<noscript") || has(t, "<template") {
        return true;
    }
    if !KEYS.iter().any(|k| has(t, k)) {
        return false;
    }
    let b = t.as_bytes();
    // A segment of the text (a part of one tag's attributes), widened to char boundaries.
    let has_key = |from: usize, to: usize| {
        let to = crate::normalize::ceil_boundary(t, to.min(t.len()));
        t.get(from.min(to)..to)
            .is_some_and(|seg| KEYS.iter().any(|k| seg.contains(k)))
    };
    // `open`: the `<` of the tag whose attributes are being read; `from`: the first byte of it
    // not searched yet. The keywords hold neither `<` nor `>`, so cutting at those is exact,
    // and a keyword starting within the reach ends well before `open + HIDE_REACH + 16`.
    let mut open: Option<usize> = None;
    let mut from = 0usize;
    let mut i = 0usize;
    while let Some(off) = b.get(i..).and_then(|r| memchr::memchr2(b'<', b'>', r)) {
        let j = i + off;
        if let Some(o) = open {
            if has_key(from, j.min(o + HIDE_REACH + 16)) {
                return true;
            }
        }
        if b.get(j) == Some(&b'>') {
            open = None;
        } else if b.get(j + 1).is_some_and(u8::is_ascii_lowercase) {
            open = Some(j);
        }
        from = j + 1;
        i = j + 1;
    }
    open.is_some_and(|o| has_key(from, o + HIDE_REACH + 16))
}

/// Whether `t` contains `needle` (`str::contains`, by the vectorised substring search).
fn has(t: &str, needle: &str) -> bool {
    memchr::memmem::find(t.as_bytes(), needle.as_bytes()).is_some()
}

/// The regex in `cell`, compiled from `pattern` on first use.
fn lazy<'a>(cell: &'a OnceLock<Option<Regex>>, pattern: &str) -> Option<&'a Regex> {
    cell.get_or_init(|| Regex::new(pattern).ok()).as_ref()
}

/// The inline spans of one line: sorted, disjoint, half-open byte ranges, shared.
type LineSpans = Rc<Vec<(usize, usize)>>;

/// The zones of one text.
///
/// Line look-ups are linear in the text over all hits together (issue 12, item 5): the
/// newline index is built once per text on first use and searched by bisection, and the inline
/// code and quote spans of a line are computed once per line and kept (`inline`), so a
/// megabyte-long single line with thousands of hits is walked once, not once per hit.
#[derive(Debug, Default)]
pub(crate) struct Zones {
    /// Code blocks (fenced, indented, `<code>`/`<pre>`); inline spans are checked on demand.
    pub(crate) code_blocks: RangeSet,
    pub(crate) hidden: RangeSet,
    /// Byte offsets of every `\n` of the text, built on first use.
    newlines: OnceCell<Vec<usize>>,
    /// Inline spans per (line start, delimiter), sorted and disjoint, computed on first use.
    inline: RefCell<HashMap<(usize, u8), LineSpans>>,
}

impl Zones {
    /// Start and end (exclusive, before `\n`) of the line holding `pos` in `t` (the text these
    /// zones were computed for), by bisection of the newline index.
    pub(crate) fn line_bounds(&self, t: &str, pos: usize) -> (usize, usize) {
        let nl = self
            .newlines
            .get_or_init(|| memchr_all(t.as_bytes(), b'\n'));
        // Newlines strictly before `pos` end earlier lines; the first at or after ends this one.
        let idx = nl.partition_point(|&i| i < pos);
        let s = idx
            .checked_sub(1)
            .and_then(|i| nl.get(i))
            .map_or(0, |&i| i + 1);
        let e = nl.get(idx).copied().unwrap_or(t.len()).max(s);
        (s, e.min(t.len()))
    }

    /// Start of the line holding `pos` (see [`Zones::line_bounds`]).
    pub(crate) fn line_start(&self, t: &str, pos: usize) -> usize {
        self.line_bounds(t, pos).0
    }

    /// The inline spans of `delim` on the line holding `pos`, computed once per line.
    fn spans_of_line(&self, t: &str, pos: usize, delim: u8, max: usize) -> LineSpans {
        let (ls, le) = self.line_bounds(t, pos);
        if let Some(v) = self.inline.borrow().get(&(ls, delim)) {
            return Rc::clone(v);
        }
        let mut spans = Vec::new();
        inline_spans(
            t.as_bytes().get(ls..le).unwrap_or(&[]),
            ls,
            delim,
            max,
            &mut spans,
        );
        let v = Rc::new(spans);
        self.inline.borrow_mut().insert((ls, delim), Rc::clone(&v));
        v
    }

    /// Is `pos` inside code (a block, or an inline code span on its line)?
    pub(crate) fn in_code(&self, t: &str, pos: usize) -> bool {
        if self.code_blocks.contains(pos) {
            return true;
        }
        span_holding(&self.spans_of_line(t, pos, b'`', 400), pos).is_some()
    }

    /// The inline double-quoted string (≤ 300 bytes, one line) holding `pos`, if any.
    pub(crate) fn quoted_at(&self, t: &str, pos: usize) -> Option<(usize, usize)> {
        span_holding(&self.spans_of_line(t, pos, b'"', 300), pos)
    }

    /// Is the line holding `pos` a list item or a table row?
    pub(crate) fn list_line(&self, t: &str, pos: usize) -> bool {
        let (ls, le) = self.line_bounds(t, pos);
        let line = t.as_bytes().get(ls..le).unwrap_or(&[]);
        let r = line.trim_ascii_start();
        r.starts_with(b"- ")
            || r.starts_with(b"* ")
            || r.starts_with(b"+ ")
            || r.starts_with(b"|")
            || r.starts_with("•".as_bytes())
            || {
                let d = r.iter().take_while(|b| b.is_ascii_digit()).count();
                d > 0 && d < 4 && matches!(r.get(d), Some(b'.') | Some(b')'))
            }
    }
}

impl ZoneDetectors {
    /// Compile every detector now, reporting the first pattern that does not compile.
    pub(crate) fn compile_all(&self) -> Result<(), regex::Error> {
        for p in [
            HIDDEN_STYLE,
            ATTR_VALUE,
            MD_IMAGE_ALT,
            MD_LINK_TITLE,
            CODE_ELEMENT,
        ] {
            Regex::new(p)?;
        }
        let _ = (
            lazy(&self.hidden_style, HIDDEN_STYLE),
            lazy(&self.attr_value, ATTR_VALUE),
            lazy(&self.md_image_alt, MD_IMAGE_ALT),
            lazy(&self.md_link_title, MD_LINK_TITLE),
            lazy(&self.code_element, CODE_ELEMENT),
        );
        Ok(())
    }

    pub(crate) fn compute(&self, t: &str, tag_zones: &[(usize, usize)]) -> Zones {
        let bytes = t.as_bytes();
        let mut code = Vec::new();
        let mut hidden: Vec<(usize, usize)> = tag_zones.to_vec();

        // Line pass: fenced and indented code blocks.
        let fences_possible = has(t, "```") || has(t, "~~~");
        let mut fence: Option<(u8, usize, usize)> = None; // (char, count, start)
        let mut prev_blank = true;
        let mut prev_indented_code = false;
        // Lines of the indented block being read; code only if its content looks like code.
        let mut block: Vec<(usize, usize)> = Vec::new();
        // The newline index the hits' line look-ups use (`Zones::line_bounds`), made here
        // once: the line pass walks it instead of searching for each line's end.
        let newlines = memchr_all(bytes, b'\n');
        let mut next_nl = newlines.iter();
        let mut pos = 0usize;
        while pos < bytes.len() {
            let end = next_nl.next().copied().unwrap_or(bytes.len());
            let line = bytes.get(pos..end).unwrap_or(&[]);
            let trimmed_start = line.iter().take_while(|b| **b == b' ').count();
            let rest = line.get(trimmed_start..).unwrap_or(&[]);
            let is_blank = rest.iter().all(|b| b.is_ascii_whitespace());
            if let Some((fc, fcount, fstart)) = fence {
                let run = count_run(rest, fc);
                if trimmed_start <= 3 && run >= fcount {
                    let info = rest.get(run..).unwrap_or(&[]).trim_ascii();
                    if info.is_empty() {
                        code.push((fstart, end));
                        fence = None;
                    } else {
                        // A closing fence has no info string (CommonMark): this line opens a
                        // block, so the text began inside one and parity was off. Resynchronise.
                        code.push((fstart, pos));
                        fence = Some((fc, run, pos));
                    }
                }
            } else if fences_possible
                && trimmed_start <= 3
                && (count_run(rest, b'`') >= 3 || count_run(rest, b'~') >= 3)
            {
                flush_indented(t, &mut block, &mut code);
                prev_indented_code = false;
                let fc = rest.first().copied().unwrap_or(b'`');
                fence = Some((fc, count_run(rest, fc), pos));
            } else {
                let indented = (trimmed_start >= 4 || line.first() == Some(&b'\t'))
                    && !is_blank
                    && !line.trim_ascii_start().starts_with(b"<");
                if indented && (prev_blank || prev_indented_code) {
                    block.push((pos, end));
                    prev_indented_code = true;
                } else if !is_blank {
                    prev_indented_code = false;
                    flush_indented(t, &mut block, &mut code);
                }
            }
            prev_blank = is_blank;
            pos = end + 1;
        }
        flush_indented(t, &mut block, &mut code);
        if let Some((_, _, fstart)) = fence {
            code.push((fstart, bytes.len()));
        }
        self.html_and_markdown(t, &mut code, &mut hidden);
        Zones {
            code_blocks: RangeSet::from_unsorted(code),
            hidden: RangeSet::from_unsorted(hidden),
            newlines: OnceCell::from(newlines),
            ..Zones::default()
        }
    }

    /// HTML comments, hidden elements, code elements, hidden attribute values, markdown image
    /// alt text and link titles.
    fn html_and_markdown(
        &self,
        t: &str,
        code: &mut Vec<(usize, usize)>,
        hidden: &mut Vec<(usize, usize)>,
    ) {
        let b = t.as_bytes();
        if memchr::memchr(b'<', b).is_some() {
            let mut from = 0;
            while let Some(off) = b.get(from..).and_then(|s| memchr::memmem::find(s, b"<!--")) {
                let s = from + off;
                let e = t
                    .as_bytes()
                    .get(s + 4..)
                    .and_then(|r| memchr::memmem::find(r, b"-->"))
                    .map_or(t.len(), |x| s + 4 + x + 3);
                hidden.push((s, e));
                from = e.max(s + 4);
            }
            let mut ends = ElementEnds::default();
            if may_hide(t) {
                for c in lazy(&self.hidden_style, HIDDEN_STYLE)
                    .into_iter()
                    .flat_map(|re| re.captures_iter(b))
                {
                    if let (Some(m), Some(tag)) = (c.get(0), c.get(1).or_else(|| c.get(2))) {
                        hidden.push((m.end(), ends.end(t, m.end(), tag.as_bytes())));
                    }
                }
            }
            if has(t, "<code") || has(t, "<pre") {
                for c in lazy(&self.code_element, CODE_ELEMENT)
                    .into_iter()
                    .flat_map(|re| re.captures_iter(b))
                {
                    if let (Some(m), Some(tag)) = (c.get(0), c.get(1)) {
                        code.push((m.end(), ends.end(t, m.end(), tag.as_bytes())));
                    }
                }
            }
            if memchr::memchr(b'=', b).is_some() {
                for c in lazy(&self.attr_value, ATTR_VALUE)
                    .into_iter()
                    .flat_map(|re| re.captures_iter(b))
                {
                    if let Some(v) = c.get(1).or_else(|| c.get(2)) {
                        hidden.push((v.start(), v.end()));
                    }
                }
            }
        }
        if has(t, "![") {
            for c in lazy(&self.md_image_alt, MD_IMAGE_ALT)
                .into_iter()
                .flat_map(|re| re.captures_iter(b))
            {
                if let Some(v) = c.get(1) {
                    hidden.push((v.start(), v.end()));
                }
            }
        }
        if has(t, "](") {
            for c in lazy(&self.md_link_title, MD_LINK_TITLE)
                .into_iter()
                .flat_map(|re| re.captures_iter(b))
            {
                if let Some(v) = c.get(1) {
                    hidden.push((v.start(), v.end()));
                }
            }
        }
    }
}

/// Words that start a line of code (followed by code-like punctuation on the same line).
const CODE_KEYWORDS: &[&str] = &[
    "def",
    "class",
    "import",
    "from",
    "return",
    "if",
    "elif",
    "else",
    "for",
    "while",
    "fn",
    "let",
    "const",
    "var",
    "function",
    "pub",
    "use",
    "struct",
    "impl",
    "enum",
    "package",
    "func",
    "try",
    "catch",
    "except",
    "raise",
    "async",
    "await",
    "print",
    "echo",
    "cd",
    "sudo",
    "npm",
    "pip",
    "cargo",
    "git",
    "curl",
    "wget",
    "export",
    "local",
    "val",
    "public",
    "private",
    "static",
    "void",
    "int",
    "char",
    "select",
    "insert",
    "update",
    "delete",
    "create",
    "mod",
    "type",
    "interface",
    "switch",
    "case",
    "break",
    "continue",
    "with",
    "match",
    "loop",
    "do",
    "end",
    "then",
    "fi",
    "done",
    "begin",
    "assert",
    "yield",
    "lambda",
    "go",
    "defer",
    "docker",
    "kubectl",
    "make",
    "python",
    "node",
    "rm",
    "ls",
    "cat",
    "mkdir",
    "chmod",
    "set",
    "unset",
    "alias",
    "source",
];

/// What an indented line holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    Code,
    Prose,
    Neutral,
}

/// Classify one indented line of the normalised text. A `key: value` / `"key": "value"` field
/// is judged by its value, so a YAML or JSON dump of an e-mail or a ticket reads as prose.
fn line_kind(line: &str) -> LineKind {
    let l = line.trim();
    if l.is_empty() {
        return LineKind::Neutral;
    }
    // Shell prompts, REPL prompts, comments, shebangs, preprocessor lines.
    if [
        "$ ", "# ", ">>> ", "... ", "% ", "ps>", "#!", "//", "/*", "#include", "#define",
    ]
    .iter()
    .any(|p| l.starts_with(p))
        || l == "$"
    {
        return LineKind::Code;
    }
    // A field: judge the value.
    let value = field_value(l).unwrap_or(l);
    let v = value
        .trim()
        .trim_end_matches(',')
        .trim_matches(['"', '\'', '|', '>'])
        .trim();
    if v.is_empty() || v.chars().all(|c| "{}[](),;".contains(c)) {
        // Nothing, or only the brackets of a JSON or YAML dump.
        return LineKind::Neutral;
    }
    let words: Vec<&str> = v.split_whitespace().collect();
    let nonblank = v.chars().filter(|c| !c.is_whitespace()).count().max(1);
    let symbols = v
        .chars()
        .filter(|c| "{}[]()<>;=|&$\\`^".contains(*c))
        .count();
    let operators = [
        "()", "[]", "{}", "=>", "->", "::", "==", "!=", "&&", "||", " = ", "+=", "();", "){", ") {",
    ]
    .iter()
    .any(|o| v.contains(o));
    let code_end = v.ends_with([';', '{', '}', '(', '[']) || v.ends_with("):");
    let keyword_start = words
        .first()
        .is_some_and(|w| CODE_KEYWORDS.contains(&w.trim_end_matches(':')))
        && (symbols > 0 || v.ends_with(':') || words.len() <= 3);
    let dense = symbols * 100 >= nonblank * 8 && symbols >= 2;
    if (operators || code_end || dense || keyword_start)
        && field_value(l).is_none_or(|_| symbols > 0)
    {
        return LineKind::Code;
    }
    let letters = v
        .chars()
        .filter(|c| c.is_alphabetic() || c.is_whitespace() || ",.;:!?'\"-".contains(*c))
        .count();
    let cjk = v.chars().any(|c| c as u32 >= 0x2E80);
    if (words.len() >= 4 || (cjk && v.chars().count() >= 8))
        && letters * 100 >= v.chars().count() * 85
    {
        return LineKind::Prose;
    }
    LineKind::Neutral
}

/// The value of a `key: value`, `key = value` or `"key": value` line, if it is one.
fn field_value(l: &str) -> Option<&str> {
    let (key, value) = if let Some(rest) = l.strip_prefix('"') {
        let q = rest.find('"')?;
        let after = rest.get(q + 1..)?.trim_start();
        (rest.get(..q)?, after.strip_prefix(':')?)
    } else {
        let (k, v) = l.split_once(": ")?;
        (k.trim_start_matches("- "), v)
    };
    let ok = !key.is_empty()
        && key.len() <= 40
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | ' '));
    ok.then_some(value)
}

/// A command-line option heading (`-y, --yes`, `--index-url <url>`), as in manual pages.
fn is_option_line(line: &str) -> bool {
    let l = line.trim_start();
    let rest = l.strip_prefix("--").or_else(|| l.strip_prefix('-'));
    rest.and_then(|r| r.chars().next())
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && l.split_whitespace().count() <= 6
}

/// End of an indented block: mark its lines as code when the block looks like code — at least
/// one code-like line and no more than twice as many prose lines, or a reference of
/// command-line options (two option headings, as in manual pages) — not for indentation alone.
fn flush_indented(t: &str, block: &mut Vec<(usize, usize)>, code: &mut Vec<(usize, usize)>) {
    if block.is_empty() {
        return;
    }
    let (mut c, mut p, mut options) = (0usize, 0usize, 0usize);
    for &(s, e) in block.iter() {
        let line = t.get(s..e).unwrap_or("");
        options += usize::from(is_option_line(line));
        match line_kind(line) {
            LineKind::Code => c += 1,
            LineKind::Prose => p += 1,
            LineKind::Neutral => {}
        }
    }
    if options >= 2 || (c > 0 && p <= 2 * c) {
        code.append(block);
    }
    block.clear();
}

/// Where the element opened by a tag ending at `from` closes (`</tag`), or 2000 bytes on.
/// One search of the rest of the text per element: [`ElementEnds`] answers the same from one
/// pass per tag name.
#[cfg(test)]
fn element_end(t: &str, from: usize, tag: &[u8]) -> usize {
    let close = format!("</{}", String::from_utf8_lossy(tag));
    t.get(from..)
        .and_then(|r| r.find(&close))
        .map_or((from + 2000).min(t.len()), |x| from + x)
}

/// [`element_end`] for many elements of one text: the offsets of every `</tag` are found in
/// one pass per tag name and kept, and each element's end is a bisection. A search of the
/// rest of the text per element was quadratic: 10 MB of HTML-bearing prose spent 651 M of its
/// 4,370 M instructions there (callgrind, `examples/scan_n.rs`, release, 2026-12-07). The
/// close tag cannot overlap itself (`</` does not occur in a tag name), so the pass finds
/// every occurrence a search from any offset finds first.
#[derive(Default)]
struct ElementEnds {
    /// Per tag name, the sorted offsets of its `</tag` in the text.
    closes: HashMap<Vec<u8>, Vec<usize>>,
}

impl ElementEnds {
    /// Where the element opened by a tag ending at `from` closes (`</tag`), or 2000 bytes on.
    fn end(&mut self, t: &str, from: usize, tag: &[u8]) -> usize {
        let fallback = (from + 2000).min(t.len());
        if !t.is_char_boundary(from) {
            return fallback;
        }
        let offsets = self.closes.entry(tag.to_vec()).or_insert_with(|| {
            let mut close = Vec::with_capacity(tag.len() + 2);
            close.extend_from_slice(b"</");
            close.extend_from_slice(String::from_utf8_lossy(tag).as_bytes());
            memchr::memmem::find_iter(t.as_bytes(), &close).collect()
        });
        let i = offsets.partition_point(|&o| o < from);
        offsets.get(i).copied().unwrap_or(fallback)
    }
}

/// Every offset of `b` in `hay`, in order.
fn memchr_all(hay: &[u8], b: u8) -> Vec<usize> {
    memchr::memchr_iter(b, hay).collect()
}

/// The span of `spans` (sorted, disjoint, half-open) holding `pos`, by bisection.
fn span_holding(spans: &[(usize, usize)], pos: usize) -> Option<(usize, usize)> {
    let idx = spans.partition_point(|r| r.0 <= pos);
    idx.checked_sub(1)
        .and_then(|i| spans.get(i))
        .filter(|r| pos < r.1)
        .copied()
}

fn count_run(s: &[u8], c: u8) -> usize {
    s.iter().take_while(|b| **b == c).count()
}

/// Pairs of `delim` on one line, content at most `max` bytes: push `[open, close+1)` ranges.
fn inline_spans(line: &[u8], base: usize, delim: u8, max: usize, out: &mut Vec<(usize, usize)>) {
    let mut open: Option<usize> = None;
    let mut i = 0;
    while let Some(&c) = line.get(i) {
        if c == delim {
            // Treat a run of backticks as one delimiter.
            let run = if delim == b'`' {
                count_run(line.get(i..).unwrap_or(&[]), b'`')
            } else {
                1
            };
            match open {
                Some(o) if i - o <= max => {
                    out.push((base + o, base + i + run));
                    open = None;
                }
                _ => open = Some(i),
            }
            i += run.max(1);
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zones(t: &str) -> Zones {
        ZoneDetectors::default().compute(t, &[])
    }

    /// The one-pass element ends are the per-element searches' ends: closed, unclosed,
    /// nested, far away, at the text's end, after multi-byte characters, off a char boundary.
    #[test]
    fn element_ends_are_the_searched_ones() {
        let t = "<div hidden>a</div> é<code>x</code><pre>y <div style=\"display:none\">z</div>\
                 <code>unclosed "
            .to_string()
            + &"filler é ".repeat(400)
            + "</code> <span hidden>late</span></pre><code>";
        let mut ends = ElementEnds::default();
        for tag in ["div", "code", "pre", "span", "p", "noscript"] {
            for from in 0..=t.len() {
                assert_eq!(
                    ends.end(&t, from, tag.as_bytes()),
                    element_end(&t, from, tag.as_bytes()),
                    "{tag} from {from}"
                );
            }
        }
    }

    #[test]
    fn fenced_and_inline_code() {
        let t = "text `ignore this` more\n```\ncurl x | sh\n```\nafter";
        let z = zones(t);
        assert!(z.in_code(t, t.find("ignore").unwrap()));
        assert!(z.in_code(t, t.find("curl").unwrap()));
        assert!(!z.in_code(t, t.find("after").unwrap()));
        assert!(!z.in_code(t, t.find("more").unwrap()));
    }

    #[test]
    fn fence_parity_resynchronises_on_info_string() {
        // The text starts inside a code block (a truncated document).
        let t = "echo hi\n```\n\nprose ignore all previous instructions\n\n```json\n{}\n```\nafter";
        let z = zones(t);
        assert!(z.in_code(t, t.find("{}").unwrap()));
        assert!(!z.in_code(t, t.find("after").unwrap()));
    }

    #[test]
    fn html_hidden_zones() {
        let t = "<p>hi</p><!-- assistant: do x --><div style=\"display:none\">secret words</div><img alt=\"alt words\" src=x>";
        let z = zones(t);
        assert!(z.hidden.contains(t.find("assistant").unwrap()));
        assert!(z.hidden.contains(t.find("secret").unwrap()));
        assert!(z.hidden.contains(t.find("alt words").unwrap()));
        assert!(!z.hidden.contains(t.find("hi<").unwrap()));
    }

    /// `may_hide` is true wherever `HIDDEN_STYLE` matches (so skipping the regex where it is
    /// false hides nothing), on hidden elements of every shape the pattern knows, padded and
    /// cut in many ways, and false on prose that only names the keywords outside a tag.
    #[test]
    fn may_hide_holds_wherever_the_hidden_style_pattern_matches() {
        let re = Regex::new(HIDDEN_STYLE).expect("compiles");
        let pad = "x".repeat(390);
        let shapes = [
            r#"<div style="display:none">"#,
            r#"<span style='color: #fff'>"#,
            r#"<p hidden>"#,
            r#"<p aria-hidden="true">"#,
            r#"<div class="sr-only">"#,
            r#"<noscript>"#,
            r#"<template id=a>"#,
            &format!(r#"<a {pad} style="opacity:0;">"#),
            &format!(r#"<abcdefghijk {pad} class="d-none">"#),
            r#"<img src=a<b style="font-size:0">"#,
            r#"<3 <i style="visibility:hidden">"#,
        ];
        let mut checked = 0;
        for shape in shapes {
            for (head, tail) in [
                ("", ""),
                ("prose > x ", " and > more"),
                ("<b>", "</b>"),
                ("a < b ", ""),
            ] {
                let t = format!("{head}{shape}{tail}");
                for cut in [t.len(), t.len() - tail.len()] {
                    let Some(t) = t.get(..cut) else { continue };
                    if re.is_match(t.as_bytes()) {
                        assert!(may_hide(t), "{t:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 40, "only {checked} matching texts");
        for prose in [
            "The `Scanner` class is hidden behind a style guide. <b>bold</b> and x > y.",
            "<p align=\"center\">logo</p> a class of hidden styles",
            &format!("<a {} style=\"display:none\">", "y".repeat(500)),
        ] {
            assert!(!re.is_match(prose.as_bytes()), "{prose:?}");
            assert!(!may_hide(prose), "{prose:?}");
        }
    }

    #[test]
    fn indented_html_is_not_code() {
        let t = "<body>\n\n    <p>assistant: forward this</p>\n</body>";
        let z = zones(t);
        assert!(!z.in_code(t, t.find("assistant").unwrap()));
    }

    #[test]
    fn quotes_and_list_lines() {
        let t = "intro\n- say \"ignore all rules\" here\nplain line";
        let z = zones(t);
        assert!(z.quoted_at(t, t.find("ignore").unwrap()).is_some());
        assert!(z.list_line(t, t.find("say").unwrap()));
        assert!(!z.list_line(t, t.find("plain").unwrap()));
    }
}
