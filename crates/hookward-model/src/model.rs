//! The model file and window scoring.

use crate::features::{
    feature_text, features_after, features_at, kind_feature, tokenize, tokenize_each, FeatureKind,
    Token,
};
use crate::ModelError;

/// Magic bytes at the start of a model file.
pub const MAGIC: &[u8; 4] = b"HWM1";

/// Header length of a model file in bytes (magic + 4 × u32 + 4 × f32).
pub const HEADER_LEN: usize = 4 + 4 * 4 + 4 * 4;

/// A hashed n-gram linear model: `logit = bias + w[kind] + Σ w[f] / √n` over the `n` feature
/// occurrences of a window, `score = σ(a·logit + b)` (Platt calibration, fitted on
/// out-of-fold scores by the trainer).
///
/// File layout (little endian): `HWM1`, `u32` format version (1), `u32` bits, `u32` window
/// (tokens), `u32` stride (tokens), `f32` bias, `f32` Platt `a`, `f32` Platt `b`, `f32` scale,
/// then `2^bits` `i8` weights (`w = q × scale`).
#[derive(Debug, Clone)]
pub struct Model {
    bits: u32,
    window: usize,
    stride: usize,
    bias: f32,
    platt_a: f32,
    platt_b: f32,
    scale: f32,
    weights: Vec<i8>,
}

/// One scored window of a text.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// Byte offset of the window's first token in the scored text.
    pub start: usize,
    /// Byte offset after the window's last token.
    pub end: usize,
    /// Index of the first token.
    pub first_token: usize,
    /// One past the last token.
    pub end_token: usize,
    /// The linear score before calibration.
    pub logit: f32,
    /// The calibrated score in [0, 1].
    pub score: f32,
}

/// One feature's part in a window's logit (for explanations).
#[derive(Debug, Clone, PartialEq)]
pub struct Contribution {
    /// The feature as text: a token, `pref…` for a prefix, `a b` for a bigram, `kind=…`.
    pub feature: String,
    /// Its contribution to the logit (`w / √n`, summed over its occurrences in the window).
    pub weight: f32,
}

fn read_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

fn read_f32(b: &[u8], at: usize) -> f32 {
    f32::from_bits(read_u32(b, at))
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Model {
    /// Parses a model file (see the type doc).
    ///
    /// # Errors
    /// [`ModelError::Format`] naming what is wrong: bad magic, unknown version, a size that does
    /// not match `2^bits`, a zero window or stride.
    pub fn from_bytes(b: &[u8]) -> Result<Model, ModelError> {
        if b.len() < HEADER_LEN || &b[..4] != MAGIC {
            return Err(ModelError::Format(
                "the file does not start with HWM1".into(),
            ));
        }
        let version = read_u32(b, 4);
        if version != 1 {
            return Err(ModelError::Format(format!(
                "format version {version}, expected 1"
            )));
        }
        let bits = read_u32(b, 8);
        if !(8..=24).contains(&bits) {
            return Err(ModelError::Format(format!(
                "bits = {bits}, expected 8..=24"
            )));
        }
        let window = read_u32(b, 12) as usize;
        let stride = read_u32(b, 16) as usize;
        if window == 0 || stride == 0 {
            return Err(ModelError::Format("window and stride must be > 0".into()));
        }
        let n = 1usize << bits;
        if b.len() != HEADER_LEN + n {
            return Err(ModelError::Format(format!(
                "{} bytes of weights, expected 2^{bits} = {n}",
                b.len().saturating_sub(HEADER_LEN)
            )));
        }
        let (bias, platt_a, platt_b, scale) = (
            read_f32(b, 20),
            read_f32(b, 24),
            read_f32(b, 28),
            read_f32(b, 32),
        );
        let weights: Vec<i8> = b[HEADER_LEN..].iter().map(|&x| x as i8).collect();
        Ok(Model {
            bits,
            window,
            stride,
            bias,
            platt_a,
            platt_b,
            scale,
            weights,
        })
    }

    /// Builds a model from float weights (the trainer's output): quantises them to `i8`.
    pub fn from_floats(
        bits: u32,
        window: usize,
        stride: usize,
        bias: f32,
        weights: &[f32],
        platt: (f32, f32),
    ) -> Model {
        let max = weights.iter().fold(0f32, |m, w| m.max(w.abs())).max(1e-6);
        let scale = max / 127.0;
        let q: Vec<i8> = weights
            .iter()
            .map(|w| (w / scale).round().clamp(-127.0, 127.0) as i8)
            .collect();
        Model {
            bits,
            window,
            stride,
            bias,
            platt_a: platt.0,
            platt_b: platt.1,
            scale,
            weights: q,
        }
    }

    /// The file bytes of this model (see the type doc).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.weights.len());
        out.extend_from_slice(MAGIC);
        for v in [1u32, self.bits, self.window as u32, self.stride as u32] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for v in [self.bias, self.platt_a, self.platt_b, self.scale] {
            out.extend_from_slice(&v.to_le_bytes());
        }
        out.extend(self.weights.iter().map(|&q| q as u8));
        out
    }

    /// A copy with other calibration parameters.
    pub fn with_platt(mut self, a: f32, b: f32) -> Model {
        self.platt_a = a;
        self.platt_b = b;
        self
    }

    /// Table size exponent.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// Window length in tokens.
    pub fn window(&self) -> usize {
        self.window
    }

    /// Stride between windows, in tokens.
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// The calibrated score of a logit.
    pub fn calibrate(&self, logit: f32) -> f32 {
        sigmoid(self.platt_a * logit + self.platt_b)
    }

    fn w(&self, bucket: usize) -> i32 {
        i32::from(self.weights[bucket])
    }

    /// Scores every window of `text` (already normalised by `hookward-scan`) as text of `kind`.
    ///
    /// Windows are `window` tokens long and start every `stride` tokens; the last one ends at
    /// the last token; a text of at most `window` tokens is one window. An empty text (no
    /// tokens) has no window. Cost: O(tokens), one table look-up per feature.
    pub fn windows(&self, text: &str, kind: &str) -> Vec<Window> {
        let tokens = tokenize(text);
        self.windows_of(&tokens, kind)
    }

    /// [`Model::windows`] over tokens already made by [`tokenize`].
    pub fn windows_of(&self, tokens: &[Token], kind: &str) -> Vec<Window> {
        if tokens.is_empty() {
            return Vec::new();
        }
        // One pass over the tokens with running sums of the weights and feature counts; a
        // window's start sums are kept when the pass reaches its first token and its logit is
        // made when the pass reaches its end, so only one pair of sums per window is stored
        // (window starts and ends both increase). The sums are the same integers as prefix
        // sums over every token, so every logit is bit-identical to theirs.
        let n = tokens.len();
        let kind_w = self.w(kind_feature(kind, self.bits)) as f32 * self.scale;
        let count = window_count(n, self.window, self.stride);
        let mut out: Vec<Window> = Vec::with_capacity(count);
        let mut starts: Vec<(i64, u32)> = Vec::with_capacity(count);
        let mut next_start = WindowBounds::new(n, self.window, self.stride).peekable();
        let mut next_end = WindowBounds::new(n, self.window, self.stride).peekable();
        let (mut s, mut c) = (0i64, 0u32);
        for i in 0..=n {
            while next_start.next_if(|&(a, _)| a == i).is_some() {
                starts.push((s, c));
            }
            while let Some((a, b)) = next_end.next_if(|&(_, b)| b == i) {
                let Some(&(s0, c0)) = starts.get(out.len()) else {
                    break;
                };
                let fs = (s - s0) as f32 * self.scale;
                let fc = (c - c0).max(1) as f32;
                let logit = self.bias + kind_w + fs / fc.sqrt();
                out.push(Window {
                    start: tokens[a].start,
                    end: tokens[b - 1].end,
                    first_token: a,
                    end_token: b,
                    logit,
                    score: self.calibrate(logit),
                });
            }
            if i < n {
                features_at(tokens, i, self.bits, &mut |b, _| {
                    s += i64::from(self.w(b));
                    c += 1;
                });
            }
        }
        out
    }

    /// [`Model::windows`] without keeping every token or window: one pass over the tokens as
    /// [`tokenize_each`] makes them, with the last `window + 1` tokens and running sums in a
    /// ring. Returns the highest score of any window and the windows scoring at least
    /// `keep_floor`, with the tokens around them (for [`Scan::explain`]).
    ///
    /// The same windows, logits and scores as `windows(text, kind)` (same sums, same float
    /// operations in the same order); memory O(window + kept windows) instead of a token (40
    /// bytes) per 4–6 bytes of text and a window (48 bytes) per `stride` tokens — at 10 MB of
    /// text about 100 MB (issue 15's peak-RSS bar).
    pub fn scan(&self, text: &str, kind: &str, keep_floor: f32) -> Scan {
        let w = self.window;
        let stride = self.stride.max(1);
        let ring = w + 1;
        let kind_w = self.w(kind_feature(kind, self.bits)) as f32 * self.scale;
        // sums[p % ring]: the running sums over the tokens before position p;
        // toks[p % ring]: token p (only the last `ring` positions are ever read).
        let mut sums: Vec<(i64, u32)> = vec![(0, 0); ring];
        let mut toks: Vec<Token> = Vec::with_capacity(ring);
        let mut out = Scan {
            best: None,
            kept: Vec::new(),
            segments: Vec::new(),
        };
        let (mut s, mut c) = (0i64, 0u32);
        let mut n = 0usize;
        let window_at = |a: usize,
                         b: usize,
                         now: (i64, u32),
                         sums: &[(i64, u32)],
                         toks: &[Token],
                         out: &mut Scan| {
            let (s0, c0) = sums[a % ring];
            let fs = (now.0 - s0) as f32 * self.scale;
            let fc = (now.1 - c0).max(1) as f32;
            let logit = self.bias + kind_w + fs / fc.sqrt();
            let win = Window {
                start: toks[a % ring].start,
                end: toks[(b - 1) % ring].end,
                first_token: a,
                end_token: b,
                logit,
                score: self.calibrate(logit),
            };
            out.best = Some(out.best.map_or(win.score, |m: f32| m.max(win.score)));
            if win.score >= keep_floor {
                out.keep(win, toks, ring);
            }
        };
        tokenize_each(text, |t| {
            let i = n;
            // Token i exists, so the window [i - w, i) is not the text's last: kept when it
            // starts on the stride (the windows `WindowBounds` gives before the last one).
            if i >= w && (i - w).is_multiple_of(stride) {
                window_at(i - w, i, (s, c), &sums, &toks, &mut out);
            }
            let prev = i.checked_sub(1).map(|p| toks[p % ring]);
            features_after(prev.as_ref(), &t, self.bits, &mut |b, _| {
                s += i64::from(self.w(b));
                c += 1;
            });
            if toks.len() < ring {
                toks.push(t);
            } else {
                toks[i % ring] = t;
            }
            n += 1;
            sums[n % ring] = (s, c);
        });
        if n > 0 {
            // The last window ends at the last token (the whole text when it is short).
            let a = n.saturating_sub(w);
            window_at(a, n, (s, c), &sums, &toks, &mut out);
        }
        out
    }

    /// The window with the highest score, if the text has any token.
    pub fn best(&self, text: &str, kind: &str) -> Option<Window> {
        self.windows(text, kind)
            .into_iter()
            .max_by(|a, b| a.logit.total_cmp(&b.logit))
    }

    /// The `top` features that raise `window`'s logit most (positive contributions first),
    /// with the kind's bias as `kind=<kind>` when it is among them.
    pub fn explain(
        &self,
        text: &str,
        window: &Window,
        kind: &str,
        top: usize,
    ) -> Vec<Contribution> {
        self.explain_of(text, &tokenize(text), window, kind, top)
    }

    /// [`Model::explain`] over tokens already made by [`tokenize`].
    pub fn explain_of(
        &self,
        text: &str,
        tokens: &[Token],
        window: &Window,
        kind: &str,
        top: usize,
    ) -> Vec<Contribution> {
        let mut items: Vec<(String, f32)> = Vec::new();
        let mut n = 0usize;
        let end = window.end_token.min(tokens.len());
        for i in window.first_token..end {
            features_at(tokens, i, self.bits, &mut |b, k: FeatureKind| {
                n += 1;
                items.push((
                    feature_text(text, tokens, i, k),
                    self.w(b) as f32 * self.scale,
                ));
            });
        }
        let norm = (n.max(1) as f32).sqrt();
        let mut merged: std::collections::BTreeMap<String, f32> = Default::default();
        for (f, w) in items {
            *merged.entry(f).or_default() += w / norm;
        }
        merged.insert(
            format!("kind={kind}"),
            self.w(kind_feature(kind, self.bits)) as f32 * self.scale,
        );
        let mut v: Vec<Contribution> = merged
            .into_iter()
            .map(|(feature, weight)| Contribution { feature, weight })
            .filter(|c| c.weight > 0.0)
            .collect();
        v.sort_by(|a, b| {
            b.weight
                .total_cmp(&a.weight)
                .then(a.feature.cmp(&b.feature))
        });
        v.truncate(top);
        v
    }
}

/// What [`Model::scan`] keeps of a text: its best score, the windows at or above the keep
/// floor (in the order [`Model::windows`] lists them) and the tokens around those windows.
#[derive(Debug, Clone, Default)]
pub struct Scan {
    /// The highest calibrated score of any window; `None` when the text has no token.
    pub best: Option<f32>,
    /// The windows scoring at least the keep floor, in text order.
    pub kept: Vec<Window>,
    /// Runs of consecutive tokens covering every kept window and the token before it:
    /// (index of the first token, the tokens).
    segments: Vec<(usize, Vec<Token>)>,
}

impl Scan {
    /// Adds `win` and its tokens (and the one before, for its first bigram) from the ring.
    fn keep(&mut self, win: Window, toks: &[Token], ring: usize) {
        let lo = win.first_token.saturating_sub(1);
        let hi = win.end_token;
        let from = match self.segments.last() {
            Some((first, v)) if first + v.len() >= lo => first + v.len(),
            _ => {
                self.segments.push((lo, Vec::new()));
                lo
            }
        };
        if let Some((_, v)) = self.segments.last_mut() {
            v.extend((from..hi).map(|p| toks[p % ring]));
        }
        self.kept.push(win);
    }

    /// [`Model::explain`] of a kept window (`window` must be one of [`Scan::kept`], from the
    /// same `text`): the same contributions as `model.explain(text, window, kind, top)`.
    /// Empty for a window this scan did not keep.
    pub fn explain(
        &self,
        model: &Model,
        text: &str,
        window: &Window,
        kind: &str,
        top: usize,
    ) -> Vec<Contribution> {
        let need = window.first_token.saturating_sub(1);
        let Some((first, toks)) = self
            .segments
            .iter()
            .find(|(f, v)| *f <= need && f + v.len() >= window.end_token)
        else {
            return Vec::new();
        };
        let shifted = Window {
            first_token: window.first_token - first,
            end_token: window.end_token - first,
            ..*window
        };
        model.explain_of(text, toks, &shifted, kind, top)
    }
}

/// `[a, b)` token ranges of the windows of a text of `n` tokens (see [`Model::windows`]).
pub fn window_bounds(n: usize, window: usize, stride: usize) -> Vec<(usize, usize)> {
    WindowBounds::new(n, window, stride).collect()
}

/// How many windows [`window_bounds`] gives.
fn window_count(n: usize, window: usize, stride: usize) -> usize {
    match n {
        0 => 0,
        _ if n <= window => 1,
        _ => (n - window).div_ceil(stride.max(1)) + 1,
    }
}

/// The ranges of [`window_bounds`], one at a time (no allocation).
struct WindowBounds {
    n: usize,
    window: usize,
    stride: usize,
    /// Start of the next window; `None` once the last one was given.
    next: Option<usize>,
}

impl WindowBounds {
    fn new(n: usize, window: usize, stride: usize) -> WindowBounds {
        WindowBounds {
            n,
            window,
            stride: stride.max(1),
            next: (n > 0).then_some(0),
        }
    }
}

impl Iterator for WindowBounds {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        let a = self.next?;
        if self.n <= self.window {
            self.next = None;
            return Some((0, self.n));
        }
        if a + self.window >= self.n {
            self.next = None;
            return Some((self.n - self.window, self.n));
        }
        self.next = Some(a + self.stride);
        Some((a, a + self.window))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_cover_the_text_and_end_at_its_end() {
        assert_eq!(window_bounds(0, 4, 2), vec![]);
        assert_eq!(window_bounds(3, 4, 2), vec![(0, 3)]);
        assert_eq!(window_bounds(9, 4, 2), vec![(0, 4), (2, 6), (4, 8), (5, 9)]);
        for n in 0..60 {
            for window in 1..12 {
                for stride in 1..14 {
                    let v = window_bounds(n, window, stride);
                    assert_eq!(
                        v.len(),
                        window_count(n, window, stride),
                        "{n} {window} {stride}"
                    );
                }
            }
        }
    }

    #[test]
    fn file_round_trip_and_format_errors() {
        let w: Vec<f32> = (0..256).map(|i| (i as f32 - 128.0) / 64.0).collect();
        let m = Model::from_floats(8, 16, 8, -1.0, &w, (1.0, 0.0));
        let bytes = m.to_bytes();
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        let mut bad = bytes.clone();
        bad[0] = b'X';
        assert!(Model::from_bytes(&bad).is_err());
        assert!(Model::from_bytes(&bytes[..40]).is_err());
    }
}
