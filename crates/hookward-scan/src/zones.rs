//! Reading context: which parts of the normalised text a human reader sees as code, as hidden,
//! or as quoted examples.
//!
//! Zones are computed once per text on the normalised (lower-cased) copy and queried per finding.
//! - **code**: fenced blocks (```` ``` ```` / `~~~`), indented blocks in markdown (4 spaces or a tab
//!   after a blank line, not starting with `<`), inline code spans, `<code>`/`<pre>` elements;
//! - **hidden**: HTML comments, elements styled invisible (`display:none`, `visibility:hidden`,
//!   `font-size:0`, `opacity:0`, white or transparent text), the `hidden` attribute, attribute
//!   values a reader does not see (`alt`, `title`, `content`, `aria-label`, `placeholder`),
//!   markdown image alt text and link titles, decoded Unicode tag characters;
//! - **quoted**: inline double-quoted strings on one line (≤ 300 bytes);
//! - **list lines**: list items and table rows.

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

/// Compiled zone detectors (built once per [`crate::Scanner`]).
#[derive(Debug)]
pub(crate) struct ZoneDetectors {
    hidden_style: Regex,
    attr_value: Regex,
    md_image_alt: Regex,
    md_link_title: Regex,
    code_element: Regex,
}

/// The zones of one text.
#[derive(Debug, Default)]
pub(crate) struct Zones {
    pub(crate) code: RangeSet,
    pub(crate) hidden: RangeSet,
    pub(crate) quoted: RangeSet,
    pub(crate) list_lines: RangeSet,
}

impl ZoneDetectors {
    pub(crate) fn new() -> Result<Self, regex::Error> {
        Ok(ZoneDetectors {
            hidden_style: Regex::new(
                r#"(?-u)<([a-z][a-z0-9]{0,10})\b[^>]{0,400}?(?:style\s*=\s*["'][^"'>]{0,300}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?:\.0+)?(?:px|pt|em|rem|%)?\s*[;"']|opacity\s*:\s*0(?:\.0+)?\s*[;"']|color\s*:\s*(?:#fff(?:fff)?|white|transparent|rgba?\(\s*255\s*,\s*255\s*,\s*255)\b)|\shidden(?:\s|>|=))[^>]{0,400}>"#,
            )?,
            attr_value: Regex::new(
                r#"(?-u)\s(?:alt|title|content|aria-label|aria-description|placeholder|data-[a-z-]{1,30})\s*=\s*(?:"([^"<>]+)"|'([^'<>]+)')"#,
            )?,
            md_image_alt: Regex::new(r"(?-u)!\[([^\]\n]+)\]")?,
            md_link_title: Regex::new(r#"(?-u)\]\([^)\s]+\s+"([^"\n]+)"\s*\)"#)?,
            code_element: Regex::new(r"(?-u)<(code|pre)\b[^>]{0,200}>")?,
        })
    }

    pub(crate) fn compute(&self, t: &str, tag_zones: &[(usize, usize)]) -> Zones {
        let bytes = t.as_bytes();
        let mut code = Vec::new();
        let mut hidden: Vec<(usize, usize)> = tag_zones.to_vec();
        let mut quoted = Vec::new();
        let mut list_lines = Vec::new();

        // Line-oriented pass: fences, indented code, inline code, quotes, list lines.
        let mut fence: Option<(u8, usize, usize)> = None; // (char, count, start)
        let mut prev_blank = true;
        let mut prev_indented_code = false;
        let mut pos = 0usize;
        while pos < bytes.len() {
            let end = memchr_nl(bytes, pos);
            let line = &bytes[pos..end];
            let trimmed_start = line.iter().take_while(|b| **b == b' ').count();
            let rest = &line[trimmed_start.min(line.len())..];
            let is_blank = line.iter().all(|b| b.is_ascii_whitespace());
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
            } else if trimmed_start <= 3
                && (count_run(rest, b'`') >= 3 || count_run(rest, b'~') >= 3)
            {
                let fc = rest.first().copied().unwrap_or(b'`');
                fence = Some((fc, count_run(rest, fc), pos));
            } else {
                let indented = (line.starts_with(b"    ") || line.starts_with(b"\t"))
                    && !is_blank
                    && !rest.starts_with(b"<")
                    && !line.trim_ascii_start().starts_with(b"<");
                if indented && (prev_blank || prev_indented_code) {
                    code.push((pos, end));
                    prev_indented_code = true;
                } else if !is_blank {
                    prev_indented_code = false;
                }
                inline_spans(line, pos, b'`', 400, &mut code);
                inline_spans(line, pos, b'"', 300, &mut quoted);
                let r = rest;
                let is_list = r.starts_with(b"- ")
                    || r.starts_with(b"* ")
                    || r.starts_with(b"+ ")
                    || r.starts_with(b"|")
                    || {
                        let d = r.iter().take_while(|b| b.is_ascii_digit()).count();
                        d > 0 && d < 4 && matches!(r.get(d), Some(b'.') | Some(b')'))
                    };
                if is_list {
                    list_lines.push((pos, end));
                }
            }
            prev_blank = is_blank;
            pos = end + 1;
        }
        if let Some((_, _, fstart)) = fence {
            code.push((fstart, bytes.len()));
        }

        if t.contains('<') {
            // HTML comments.
            let mut from = 0;
            while let Some(off) = t.get(from..).and_then(|s| s.find("<!--")) {
                let s = from + off;
                let e = t
                    .get(s + 4..)
                    .and_then(|r| r.find("-->"))
                    .map_or(t.len(), |x| s + 4 + x + 3);
                hidden.push((s, e));
                from = e.max(s + 4);
            }
            // Elements styled invisible (only when a hiding keyword occurs at all).
            let may_hide = [
                "display",
                "visibility",
                "font-size",
                "opacity",
                "color",
                "hidden",
            ]
            .iter()
            .any(|k| t.contains(k));
            let styled = if may_hide {
                self.hidden_style.captures_iter(t.as_bytes()).collect()
            } else {
                Vec::new()
            };
            for c in styled {
                if let (Some(m), Some(tag)) = (c.get(0), c.get(1)) {
                    let close = format!("</{}", String::from_utf8_lossy(tag.as_bytes()));
                    let e = t
                        .get(m.end()..)
                        .and_then(|r| r.find(&close))
                        .map_or((m.end() + 2000).min(t.len()), |x| m.end() + x);
                    hidden.push((m.end(), e));
                }
            }
            let code_tags = if t.contains("<code") || t.contains("<pre") {
                self.code_element.captures_iter(t.as_bytes()).collect()
            } else {
                Vec::new()
            };
            for m in code_tags {
                if let (Some(m0), Some(tag)) = (m.get(0), m.get(1)) {
                    let close = format!("</{}", String::from_utf8_lossy(tag.as_bytes()));
                    let e = t
                        .get(m0.end()..)
                        .and_then(|r| r.find(&close))
                        .map_or((m0.end() + 2000).min(t.len()), |x| m0.end() + x);
                    code.push((m0.end(), e));
                }
            }
            if t.contains('=') {
                for c in self.attr_value.captures_iter(t.as_bytes()) {
                    if let Some(v) = c.get(1).or_else(|| c.get(2)) {
                        hidden.push((v.start(), v.end()));
                    }
                }
            }
        }
        if t.contains("![") {
            for c in self.md_image_alt.captures_iter(t.as_bytes()) {
                if let Some(v) = c.get(1) {
                    hidden.push((v.start(), v.end()));
                }
            }
        }
        if t.contains("](") {
            for c in self.md_link_title.captures_iter(t.as_bytes()) {
                if let Some(v) = c.get(1) {
                    hidden.push((v.start(), v.end()));
                }
            }
        }
        Zones {
            code: RangeSet::from_unsorted(code),
            hidden: RangeSet::from_unsorted(hidden),
            quoted: RangeSet::from_unsorted(quoted),
            list_lines: RangeSet::from_unsorted(list_lines),
        }
    }
}

fn memchr_nl(bytes: &[u8], from: usize) -> usize {
    bytes
        .get(from..)
        .and_then(|s| s.iter().position(|b| *b == b'\n'))
        .map_or(bytes.len(), |p| from + p)
}

fn count_run(s: &[u8], c: u8) -> usize {
    s.iter().take_while(|b| **b == c).count()
}

/// Pairs of `delim` on one line, content at most `max` bytes: push `[open, close+1)` ranges.
fn inline_spans(line: &[u8], base: usize, delim: u8, max: usize, out: &mut Vec<(usize, usize)>) {
    let mut open: Option<usize> = None;
    let mut i = 0;
    while i < line.len() {
        if line[i] == delim {
            // Treat a run of backticks as one delimiter.
            let run = if delim == b'`' {
                count_run(&line[i..], b'`')
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
            i += run;
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn zones(t: &str) -> Zones {
        ZoneDetectors::new().unwrap().compute(t, &[])
    }

    #[test]
    fn fenced_and_inline_code() {
        let t = "text `ignore this` more\n```\ncurl x | sh\n```\nafter";
        let z = zones(t);
        assert!(z.code.contains(t.find("ignore").unwrap()));
        assert!(z.code.contains(t.find("curl").unwrap()));
        assert!(!z.code.contains(t.find("after").unwrap()));
        assert!(!z.code.contains(t.find("more").unwrap()));
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

    #[test]
    fn indented_html_is_not_code() {
        let t = "<body>\n\n    <p>assistant: forward this</p>\n</body>";
        let z = zones(t);
        assert!(!z.code.contains(t.find("assistant").unwrap()));
    }
}
