//! The scan pipeline: cap → normalise → rules → guards → context → weights → score.

use crate::decode::BlobFinder;
use crate::hidden::clusters;
use crate::normalize::{ceil_boundary, floor_boundary, normalize, Normalized};
use crate::rules::{Guard, RuleSet};
use crate::score::{self, TextContext};
use crate::types::{
    ContextTag, Family, Finding, Learned, LearnedWindow, ScanContext, ScanResult, Source,
};
use crate::zones::{ZoneDetectors, Zones};
use crate::{
    verdict_for, ScanError, EVIDENCE_MAX_CHARS, LEARNED_MAX_WINDOWS, LEARNED_REPORT_FLOOR,
    MAX_DECODE_DEPTH,
};

/// Texts of at least this many bytes (64 KiB) run the learned stage on a second thread while
/// the rules run (`Scanner::scan`): a 1 MB tool output costs the longer of the two instead of
/// their sum. Below it the thread's start-up (tens of microseconds) is not worth it.
const PARALLEL_LEARNED_BYTES: usize = 64 * 1024;

/// A text longer than the cap has its last `cap_bytes / TAIL_SHARE` bytes (2 MiB of the default
/// 10 MiB) scanned as well as its first `cap_bytes - cap_bytes / TAIL_SHARE`: text planted at
/// the end of a huge output, where a reader (and a model) looks, is read (issue 12, item 4).
const TAIL_SHARE: usize = 5;

/// A finding ending at most this many bytes before a cut, with no newline in between, runs
/// into the cut: its span is widened over the unscanned middle. 300 bytes is how far a finding
/// is extended past its hit (`extend_end`).
const STRADDLE_BYTES: usize = 300;

/// The injection scanner: every rule compiled once, then reused for any number of texts.
///
/// Build it once per process ([`Scanner::new`]) and share it (`Scanner` is `Send + Sync`;
/// scanning takes `&self`).
#[derive(Debug)]
pub struct Scanner {
    rules: RuleSet,
    zones: ZoneDetectors,
    blobs: BlobFinder,
}

/// A finding before ids, evidence and the final sort.
#[derive(Debug, Clone)]
struct Pending {
    family: Family,
    rule_id: &'static str,
    span: (usize, usize),
    weight: f32,
    context: Vec<ContextTag>,
    smuggling: bool,
}

/// Negation words that turn an order into advice when they precede it in the same clause.
const NEGATIONS: &[&str] = &[
    "never ",
    "not ",
    "n't ",
    "no ",
    "avoid",
    "without ",
    "refuse",
    "prevent",
    "block",
    "deny",
    "cannot ",
    "detect",
    "flag",
    "reject",
    "warn",
    "protect",
    "defend",
    "resist",
    "guard against",
    "mitigat",
    "nor ",
];

/// Field names whose values are prompts or tasks by design (see `Guard::NotPromptField`), and
/// the chat-dataset role `"user"`. Fields that carry any text (`"content"`, `"message"`,
/// `"body"`) are not here: an e-mail or a post in them is what a planted task hides in.
const PROMPT_FIELDS: &[&str] = &[
    "\"prompt",
    "\"instruction",
    "\"question",
    "\"input",
    "\"query",
    "\"task",
    "\"user\"",
    "| prompt",
    "| instruction",
    "| question",
    "| task",
    "prompt\t",
    "instruction\t",
];

/// Words after a planted-task match, on its line, that say the list holds prompts or exercises
/// by design (see `Guard::NotPromptField`).
const PROMPT_WORDS: &[&str] = &[
    "prompts", "sample", "examples", "dataset", "exercise", "homework", "contest",
];

/// How-to cues: the match describes how to do something rather than ordering it.
const HOW_TO: &[&str] = &[
    "how to ",
    "you can ",
    "you may ",
    "if you want",
    "if you need",
    "in order to ",
    "allows you",
    "allow you",
    "lets you",
    "let you",
    "used to ",
    "option to ",
    "able to ",
    "way to ",
    "whether to ",
    "tries to ",
    "try to ",
    "attempts to ",
    "attempt to ",
    "trying to ",
    "attempting to ",
    "designed to ",
    "meant to ",
    "is to ",
    "can be ",
    "could ",
    "would ",
    "might ",
    "asks the model to ",
    "ask the model to ",
    "tell the model to ",
    "tells the model to ",
    "instructs ",
    "instruct the",
    "telling it to ",
    "telling the",
    "such as ",
    "like ",
];

/// The clause of `t` that ends at `pos`: back to the previous `.`, `!`, `?`, `;`, newline or
/// 120 bytes.
fn clause_before(t: &str, pos: usize) -> &str {
    let lo = floor_boundary(t, pos.saturating_sub(120));
    let before = t.get(lo..pos).unwrap_or("");
    let cut = before
        .rfind(['.', '!', '?', ';', '\n', ':'])
        .map_or(0, |i| i + 1);
    before.get(cut..).unwrap_or("")
}

/// The line of `t` holding `[start, end)`: back to the previous newline and on to the next
/// one, at most 400 bytes either side (the reach of a rule's match, `rules::REACH`).
fn line_around(t: &str, start: usize, end: usize) -> &str {
    let lo = floor_boundary(t, start.saturating_sub(400));
    let hi = ceil_boundary(t, (end + 400).min(t.len()));
    let head = t.get(lo..start).unwrap_or("");
    let s = head.rfind('\n').map_or(lo, |i| lo + i + 1);
    let tail = t.get(end..hi).unwrap_or("");
    let e = tail.find('\n').map_or(hi, |i| end + i);
    t.get(s..e).unwrap_or("")
}

/// True when the first alphabetic word of `s` is upper case and at least 2 letters long.
fn first_word_upper(s: &str) -> bool {
    let w: String = s
        .chars()
        .skip_while(|c| !c.is_alphabetic())
        .take_while(|c| c.is_alphabetic())
        .collect();
    w.chars().count() >= 2 && w.chars().all(|c| c.is_uppercase())
}

/// End of the planted instruction a hit starts: the end of its line, at most 300 bytes past the
/// hit, stopping before the end of an HTML comment or element.
fn extend_end(t: &str, end: usize) -> usize {
    let hi = ceil_boundary(t, (end + 300).min(t.len()));
    // The line's end within the 300-byte window (searching only the window: a whole-line
    // search per hit is quadratic on one long line).
    let le = t
        .get(end..hi)
        .and_then(|w| w.find('\n'))
        .map_or(hi, |i| end + i);
    let tail = t.get(end..le).unwrap_or("");
    // A quotation that opens right at the hit is the order's own payload ("begin your answer
    // with \"…\""): it is part of the planted text, so the search for a stop starts past it.
    let lead = tail.len() - tail.trim_start().len();
    let skip = match tail.get(lead..).and_then(|r| r.strip_prefix('"')) {
        Some(r) => r.find('"').map_or(0, |i| lead + 1 + i + 1),
        None => 0,
    };
    let rest = tail.get(skip..).unwrap_or("");
    let stop = [rest.find("-->"), rest.find("</"), rest.find("\"")]
        .into_iter()
        .flatten()
        .min()
        .map(|i| skip + i);
    let e = stop.map_or(le, |i| end + i);
    // Trim trailing blanks.
    let s = t.get(..e).unwrap_or("");
    floor_boundary(t, s.trim_end().len().max(end))
}

impl Scanner {
    /// Build the scanner: the anchor prefilter of every rule (a few milliseconds).
    ///
    /// Rule regexes are compiled on first use — a text wakes only the rules whose anchors it
    /// contains — so a hook process that scans one text pays only for the rules that text
    /// needs. Long-lived processes can call [`Scanner::warm_up`] to compile everything at once.
    /// Both costs are printed by `examples/bench_scan.rs`.
    ///
    /// # Errors
    /// [`ScanError`] when a built-in rule is broken (a bug; the unit tests build every rule).
    pub fn new() -> Result<Self, ScanError> {
        Ok(Scanner {
            rules: RuleSet::new()?,
            zones: ZoneDetectors::default(),
            blobs: BlobFinder,
        })
    }

    /// Compile every regex now instead of on first use (tens of milliseconds). Scans work the
    /// same either way; this moves the cost out of the first scans.
    ///
    /// # Errors
    /// [`ScanError::RulePattern`] or [`ScanError::Zones`] naming a pattern that does not
    /// compile (a bug; the unit tests compile every pattern).
    pub fn warm_up(&self) -> Result<(), ScanError> {
        self.rules.compile_all()?;
        self.zones.compile_all().map_err(|e| ScanError::Zones {
            message: e.to_string(),
        })
    }

    /// Scan `text` (up to `ctx.cap_bytes`) for planted instructions.
    ///
    /// Pipeline: a text longer than the cap keeps its head and tail (see `scan_capped`;
    /// `capped` and `unscanned` say so) →
    /// normalise (NFKC, lower case, diacritics of Latin letters, look-alike letters, HTML
    /// entities, typographic quotes; invisible characters removed and recorded) → anchor
    /// prefilter and rule regexes (see the `rules` modules) → guards (negation, how-to prose,
    /// code, upper-case labels) → context tags → weights → combined score → verdict. Base64, hex
    /// and percent-encoded blobs are decoded and scanned the same way (at most
    /// [`crate::MAX_DECODE_DEPTH`] levels); their findings carry the blob's span and the
    /// `encoded` tag.
    ///
    /// Weighting (a finding's `weight` = rule weight × source multiplier × context multipliers,
    /// capped at 0.95):
    /// - context: `code` × 0.35, `quoted` × 0.6, `example` × 0.7, `described` × 0.5,
    ///   `addressed` × 1.25, `hidden` × 1.5, `padded` × 1.3, `encoded` × 1.3;
    /// - source: memory, instruction and skill files weigh persistence orders × 1.3, remote code
    ///   × 1.5 (and code blocks do not discount remote code or tool orders there: the agent runs
    ///   them), addressed-to-assistant phrasing × 0.3 (those files address the agent by design)
    ///   and tool orders × 0.8; tool output, web pages, e-mail and MCP results weigh
    ///   addressed-to-assistant phrasing × 1.2 and fake turns × 1.1; other files weigh remote code
    ///   × 0.6 (installers in READMEs).
    ///
    /// In instruction and skill files (not memory notes) the rules that catch a bare standing or
    /// tool order ("from now on …", "before replying, run …", "call the `x_y` tool with …") keep
    /// a hit only when its line carries a harmful payload by shape (`Guard::PayloadInInstructions`,
    /// the classes of the `payload` module): those files are standing orders by design.
    ///
    /// The score combines weights as documented on [`ScanResult::score`]; the verdict is
    /// `injection` from [`crate::INJECTION_THRESHOLD`], `suspicious` from
    /// [`crate::SUSPICIOUS_THRESHOLD`]. The multipliers and thresholds were set on the tuning
    /// groups of the dev corpus and checked on the held-out groups (`tests/corpus.rs`).
    ///
    /// Spans in the result are byte offsets into `text`, on char boundaries; findings are in
    /// span order with ids F1, F2…; the result is a pure function of `text` and `ctx`.
    pub fn scan(&self, text: &str, ctx: &ScanContext) -> ScanResult {
        if text.len() > ctx.cap_bytes {
            return self.scan_capped(text, ctx);
        }
        let (pending, learned) = self.collect(text, ctx);
        self.finish(text, pending, learned, None)
    }

    /// A text longer than the cap: its head and its tail are scanned (together at most
    /// `cap_bytes`; the tail is [`TAIL_SHARE`] of it), the middle is not. Spans of the tail are
    /// shifted to offsets of `text`; a finding whose planted line runs into the cut (no newline
    /// between its end and the cut, within [`STRADDLE_BYTES`]) is widened over the unscanned
    /// middle, so removing it removes the whole line and whatever the middle holds.
    fn scan_capped(&self, text: &str, ctx: &ScanContext) -> ScanResult {
        let tail_len = ctx.cap_bytes / TAIL_SHARE;
        let head_end = floor_boundary(text, ctx.cap_bytes - tail_len);
        let tail_start = ceil_boundary(text, text.len() - tail_len).max(head_end);
        let head = text.get(..head_end).unwrap_or("");
        let tail = text.get(tail_start..).unwrap_or("");
        let (mut pending, head_learned) = self.collect(head, ctx);
        let (tail_pending, tail_learned) = self.collect(tail, ctx);
        let runs_into = |a: usize, b: usize| {
            b.saturating_sub(a) <= STRADDLE_BYTES
                && !text.get(a.min(b)..b).unwrap_or("").contains('\n')
        };
        for p in &mut pending {
            if runs_into(p.span.1, head_end) {
                p.span.1 = tail_start;
            }
        }
        for mut p in tail_pending {
            p.span = (p.span.0 + tail_start, p.span.1 + tail_start);
            if runs_into(tail_start, p.span.0) {
                p.span.0 = head_end;
            }
            pending.push(p);
        }
        let learned = match (head_learned, tail_learned) {
            (h, None) => h,
            (None, Some(mut t)) => {
                for w in &mut t.windows {
                    w.span = (w.span.0 + tail_start, w.span.1 + tail_start);
                }
                Some(t)
            }
            (Some(mut h), Some(t)) => {
                h.score = h.score.max(t.score);
                h.windows.extend(t.windows.into_iter().map(|mut w| {
                    w.span = (w.span.0 + tail_start, w.span.1 + tail_start);
                    w
                }));
                h.windows
                    .sort_by(|a, b| b.score.total_cmp(&a.score).then(a.span.0.cmp(&b.span.0)));
                h.windows.truncate(LEARNED_MAX_WINDOWS);
                for (i, w) in h.windows.iter_mut().enumerate() {
                    w.id = format!("W{}", i + 1);
                }
                Some(h)
            }
        };
        self.finish(text, pending, learned, Some((head_end, tail_start)))
    }

    /// The rules' pending findings and the learned stage's result for `body` (all of it).
    fn collect(&self, body: &str, ctx: &ScanContext) -> (Vec<Pending>, Option<Learned>) {
        let mut pending = Vec::new();
        let norm = normalize(body);
        let learned = if ctx.learned && body.len() >= PARALLEL_LEARNED_BYTES {
            // The learned stage only reads the normalised text: run it on a second thread
            // beside the rules. Same results; on one core (or if no thread can be started) it
            // just runs after them.
            std::thread::scope(|scope| {
                let model = std::thread::Builder::new()
                    .name("hookward-learned".into())
                    .spawn_scoped(scope, || learned(body, &norm, &ctx.source));
                self.scan_normalized(body, &norm, &ctx.source, 0, None, &mut pending);
                match model {
                    Ok(handle) => match handle.join() {
                        Ok(l) => l,
                        Err(panic) => std::panic::resume_unwind(panic),
                    },
                    Err(_) => learned(body, &norm, &ctx.source),
                }
            })
        } else {
            self.scan_normalized(body, &norm, &ctx.source, 0, None, &mut pending);
            if ctx.learned {
                learned(body, &norm, &ctx.source)
            } else {
                None
            }
        };
        (pending, learned)
    }

    /// Ids, evidence, score and verdict over `pending` (spans in `text`); `unscanned` is the
    /// middle left out of a capped text.
    fn finish(
        &self,
        text: &str,
        mut pending: Vec<Pending>,
        learned: Option<Learned>,
        unscanned: Option<(usize, usize)>,
    ) -> ScanResult {
        let body = text;
        // One finding per (rule, span): keep the heaviest.
        pending.sort_by(|a, b| {
            (a.span.0, a.span.1, a.rule_id)
                .cmp(&(b.span.0, b.span.1, b.rule_id))
                .then(b.weight.total_cmp(&a.weight))
        });
        pending.dedup_by(|b, a| a.rule_id == b.rule_id && a.span == b.span);

        let items: Vec<(&str, f32, bool)> = pending
            .iter()
            .map(|p| {
                (
                    p.rule_id,
                    p.weight,
                    p.context.iter().any(|t| score::is_discount(*t)),
                )
            })
            .collect();
        let score = score::combine(&items);
        let hidden_text = pending.iter().any(|p| p.smuggling);
        let findings = pending
            .into_iter()
            .enumerate()
            .map(|(i, p)| Finding {
                id: format!("F{}", i + 1),
                family: p.family,
                rule_id: p.rule_id.to_string(),
                severity: score::severity(p.weight),
                span: p.span,
                evidence: evidence(body, p.span),
                weight: (p.weight * 1000.0).round() / 1000.0,
                context: p.context,
            })
            .collect();
        ScanResult {
            verdict: verdict_for(score),
            score: (score * 1000.0).round() / 1000.0,
            findings,
            capped: unscanned.is_some(),
            scanned_bytes: text.len() - unscanned.map_or(0, |(a, b)| b - a),
            unscanned,
            hidden_text,
            learned,
        }
    }

    /// The learned stage alone over `text` (up to `ctx.cap_bytes`): what [`Scanner::scan`]
    /// reports as [`ScanResult::learned`], without running the rules. For callers that already
    /// have the rules' result for a larger text and want the model's view of a part of it (the
    /// context guard scores the lines a change added). `None` when the text has no words.
    pub fn score_learned(&self, text: &str, ctx: &ScanContext) -> Option<Learned> {
        let cut = floor_boundary(text, ctx.cap_bytes.min(text.len()));
        let body = text.get(..cut).unwrap_or("");
        learned(body, &normalize(body), &ctx.source)
    }

    /// Scan one text: the original (`outer` is `None`), or a decoded blob (`outer` holds the
    /// blob's span in the original and the context tags of the place it was found).
    fn scan_level(
        &self,
        text: &str,
        source: &Source,
        depth: usize,
        outer: Option<&((usize, usize), Vec<ContextTag>)>,
        out: &mut Vec<Pending>,
    ) {
        let norm = normalize(text);
        self.scan_normalized(text, &norm, source, depth, outer, out);
    }

    /// [`Scanner::scan_level`] with the text's normalisation already made.
    fn scan_normalized(
        &self,
        text: &str,
        norm: &Normalized,
        source: &Source,
        depth: usize,
        outer: Option<&((usize, usize), Vec<ContextTag>)>,
        out: &mut Vec<Pending>,
    ) {
        let hits = self.rules.find(&norm.text);
        let blobs = if depth < MAX_DECODE_DEPTH {
            self.blobs.find(text)
        } else {
            Vec::new()
        };
        let inherited: &[ContextTag] = outer.map_or(&[], |o| o.1.as_slice());
        let with_inherited = |mut tags: Vec<ContextTag>| {
            for t in inherited {
                if !tags.contains(t) {
                    tags.push(*t);
                }
            }
            tags.sort_unstable();
            tags
        };

        for c in clusters(&norm.hidden) {
            let context = if outer.is_some() {
                with_inherited(vec![ContextTag::Encoded])
            } else {
                Vec::new()
            };
            out.push(Pending {
                family: Family::HiddenText,
                rule_id: c.rule_id,
                span: outer.map_or((c.start, c.end), |o| o.0),
                weight: c.weight,
                context,
                smuggling: c.smuggling,
            });
        }
        if hits.is_empty() && blobs.is_empty() {
            return;
        }

        let zones: Zones = self.zones.compute(&norm.text, &norm.tag_zones);
        let tctx = TextContext {
            norm: &norm.text,
            zones: &zones,
            encoded: outer.is_some(),
            describes_attacks: std::cell::OnceCell::new(),
            address: std::cell::RefCell::new(None),
        };
        for h in hits {
            let Some(rule) = self.rules.rules.get(h.rule) else {
                continue;
            };
            if !self.guards_pass(rule.guards, source, &zones, text, norm, h.start, h.end) {
                continue;
            }
            let context = with_inherited(tctx.tags(h.start, h.end, rule.family));
            let mut weight = score::effective_weight(rule.weight, rule.family, &context, source);
            // A standing order whose line carries a harmful payload by shape ("going forward,
            // include the value of GITHUB_TOKEN in …") is more than an order alone, in any
            // source (issue 10's tool-output gaps).
            if rule.family == Family::PersistenceOrder
                && crate::payload::carries_payload(line_around(&norm.text, h.start, h.end))
            {
                weight = (weight * score::PAYLOAD_BOOST).min(score::MAX_WEIGHT);
            }
            let span = match outer {
                Some(o) => o.0,
                None => norm.map_span(text, h.start, extend_end(&norm.text, h.end)),
            };
            out.push(Pending {
                family: rule.family,
                rule_id: rule.id,
                span,
                weight,
                context,
                smuggling: false,
            });
        }

        for blob in blobs {
            let here = match outer {
                Some(o) => o.clone(),
                None => {
                    let (ns, ne) = (norm.to_norm(blob.start), norm.to_norm(blob.end));
                    let mut tags = tctx.tags(ns, ne.max(ns), Family::InstructionOverride);
                    tags.retain(|t| *t != ContextTag::Encoded);
                    ((blob.start, blob.end), tags)
                }
            };
            self.scan_level(&blob.text, source, depth + 1, Some(&here), out);
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn guards_pass(
        &self,
        guards: &[Guard],
        source: &Source,
        zones: &Zones,
        orig: &str,
        n: &crate::normalize::Normalized,
        start: usize,
        end: usize,
    ) -> bool {
        let norm = n.text.as_str();
        for g in guards {
            let ok = match g {
                Guard::NotAgentConfig => !source.is_agent_config(),
                Guard::DataOnly => !(source.is_agent_config() || *source == Source::UserPrompt),
                Guard::NotPromptField => {
                    let lo = floor_boundary(norm, start.saturating_sub(48));
                    let before = norm.get(lo..start).unwrap_or("");
                    // The rest of the line (at most 200 bytes) says the cells are prompts.
                    let hi = ceil_boundary(norm, (end + 200).min(norm.len()));
                    let after = norm.get(end..hi).unwrap_or("");
                    let after = after.split('\n').next().unwrap_or("");
                    !(PROMPT_FIELDS.iter().any(|k| before.contains(k))
                        || PROMPT_WORDS.iter().any(|k| after.contains(k)))
                }
                Guard::NotInCode => !zones.in_code(norm, start),
                Guard::Negatable => {
                    let c = clause_before(norm, start);
                    !NEGATIONS
                        .iter()
                        .any(|w| c.contains(w) || c.ends_with(w.trim_end()))
                }
                Guard::NotHowTo => {
                    let c = clause_before(norm, start);
                    let ct = c.trim_start();
                    !(ct.starts_with("to ") || ct == "to" || HOW_TO.iter().any(|w| c.contains(w)))
                }
                Guard::PayloadInAgentFiles => {
                    source.is_agent_config()
                        && crate::payload::carries_action_payload(
                            norm.get(start..end).unwrap_or(""),
                        )
                }
                Guard::PayloadInInstructions => {
                    !matches!(source, Source::InstructionFile | Source::SkillFile)
                        || crate::payload::carries_payload(line_around(norm, start, end))
                }
                Guard::UpperFirstWord => {
                    let (s, e) = n.map_span(orig, start, end);
                    first_word_upper(orig.get(s..e).unwrap_or(""))
                }
            };
            if !ok {
                return false;
            }
        }
        true
    }
}

/// The original text of `span`, truncated to [`EVIDENCE_MAX_CHARS`] chars.
/// The learned stage over the normalised text (see [`crate::Learned`]): every window scored,
/// windows from [`crate::LEARNED_REPORT_FLOOR`] merged when they overlap, spans mapped back to
/// the original text, the top features of each listed window.
fn learned(body: &str, norm: &Normalized, source: &Source) -> Option<Learned> {
    let model = hookward_model::Model::shipped();
    let kind = source.kind_name();
    // One pass that keeps only the windows at or above the floor and their tokens (the
    // windows below it can be neither listed nor the best inside a merged span).
    let scan = model.scan(&norm.text, kind, LEARNED_REPORT_FLOOR);
    let best = scan.best?;
    // Merge overlapping windows at or above the floor.
    let mut merged: Vec<hookward_model::Window> = Vec::new();
    for w in &scan.kept {
        match merged.last_mut() {
            Some(m) if w.start < m.end => {
                m.end = m.end.max(w.end);
                m.end_token = m.end_token.max(w.end_token);
                if w.score > m.score {
                    m.score = w.score;
                    m.logit = w.logit;
                }
            }
            _ => merged.push(*w),
        }
    }
    merged.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.start.cmp(&b.start)));
    merged.truncate(LEARNED_MAX_WINDOWS);
    let listed = merged
        .iter()
        .enumerate()
        .map(|(i, w)| {
            let span = norm.map_span(body, w.start, w.end);
            // Explain the best single window inside the merged span.
            let inner = scan
                .kept
                .iter()
                .filter(|x| x.start >= w.start && x.end <= w.end)
                .max_by(|a, b| a.logit.total_cmp(&b.logit))
                .copied()
                .unwrap_or(*w);
            let features = scan
                .explain(model, &norm.text, &inner, kind, 5)
                .into_iter()
                .map(|c| format!("{} (+{:.2})", c.feature, c.weight))
                .collect();
            LearnedWindow {
                id: format!("W{}", i + 1),
                span,
                score: (w.score * 1000.0).round() / 1000.0,
                evidence: evidence(body, span),
                features,
            }
        })
        .collect();
    Some(Learned {
        score: (best * 1000.0).round() / 1000.0,
        windows: listed,
    })
}

fn evidence(text: &str, span: (usize, usize)) -> String {
    let s = text.get(span.0..span.1).unwrap_or("");
    if s.chars().count() <= EVIDENCE_MAX_CHARS {
        return s.to_string();
    }
    let mut out: String = s.chars().take(EVIDENCE_MAX_CHARS - 1).collect();
    out.push('…');
    out
}
