//! The model file and scoring.

use crate::features::{self, Block};
use crate::ModelError;
use std::borrow::Cow;

/// Magic bytes at the start of a command model file.
pub const MAGIC: &[u8; 4] = b"HWC1";

/// Header length in bytes: magic, `u32` version, `u32` bits, 4 × `f32`.
pub const HEADER_LEN: usize = 4 + 4 + 4 + 4 * 4;

/// A linear model over a command's hashed features:
/// `logit = bias + Σ w[words] / √|words| + Σ w[grams] / √|grams|`, `score = σ(a·logit + b)`
/// (Platt calibration fitted on leave-one-source-out scores by the trainer).
///
/// File layout (little endian): `HWC1`, `u32` format version (1), `u32` bits, `f32` bias,
/// `f32` Platt `a`, `f32` Platt `b`, `f32` scale, then `2^bits` `i8` weights (`w = q × scale`).
#[derive(Debug, Clone)]
pub struct CommandModel {
    bits: u32,
    bias: f32,
    platt_a: f32,
    platt_b: f32,
    scale: f32,
    /// The `i8` weights as stored (two's complement bytes): borrowed from the binary for the
    /// shipped model, so a process copies none of its 512 KiB.
    weights: Cow<'static, [u8]>,
}

/// A command's score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    /// The linear score before calibration.
    pub logit: f32,
    /// The calibrated score in [0, 1]: the estimated chance that a command like this one is
    /// labelled ask or deny in the training sources.
    pub score: f32,
}

/// One feature's part in a command's logit.
#[derive(Debug, Clone, PartialEq)]
pub struct Contribution {
    /// The feature as text: a word, `a b` for a bigram, `"·x·"` for a character n-gram.
    pub feature: String,
    /// Its contribution to the logit.
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

impl CommandModel {
    /// Parses a model file (see the type doc).
    ///
    /// # Errors
    /// [`ModelError::Format`] naming what is wrong: bad magic, unknown version, bits outside
    /// 8..=24, a size that does not match `2^bits`.
    pub fn from_bytes(b: &[u8]) -> Result<CommandModel, ModelError> {
        let m = CommandModel::parse(b)?;
        Ok(CommandModel {
            weights: Cow::Owned(b[HEADER_LEN..].to_vec()),
            ..m
        })
    }

    /// Parses a model file that lives as long as the process (the shipped one, compiled into
    /// the binary) without copying its weights.
    ///
    /// # Errors
    /// As [`CommandModel::from_bytes`].
    pub fn from_static(b: &'static [u8]) -> Result<CommandModel, ModelError> {
        let m = CommandModel::parse(b)?;
        Ok(CommandModel {
            weights: Cow::Borrowed(&b[HEADER_LEN..]),
            ..m
        })
    }

    fn parse(b: &[u8]) -> Result<CommandModel, ModelError> {
        if b.len() < HEADER_LEN || &b[..4] != MAGIC {
            return Err(ModelError::Format(
                "the file does not start with HWC1".into(),
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
        let n = 1usize << bits;
        if b.len() != HEADER_LEN + n {
            return Err(ModelError::Format(format!(
                "{} bytes of weights, expected 2^{bits} = {n}",
                b.len().saturating_sub(HEADER_LEN)
            )));
        }
        Ok(CommandModel {
            bits,
            bias: read_f32(b, 12),
            platt_a: read_f32(b, 16),
            platt_b: read_f32(b, 20),
            scale: read_f32(b, 24),
            weights: Cow::Borrowed(&[]),
        })
    }

    /// Builds a model from float weights (the trainer's output), quantised to `i8`.
    pub fn from_floats(bits: u32, bias: f32, weights: &[f32], platt: (f32, f32)) -> CommandModel {
        let max = weights.iter().fold(0f32, |m, w| m.max(w.abs())).max(1e-6);
        let scale = max / 127.0;
        CommandModel {
            bits,
            bias,
            platt_a: platt.0,
            platt_b: platt.1,
            scale,
            weights: Cow::Owned(
                weights
                    .iter()
                    .map(|w| (w / scale).round().clamp(-127.0, 127.0) as i8 as u8)
                    .collect(),
            ),
        }
    }

    /// The file bytes (see the type doc).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(HEADER_LEN + self.weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&1u32.to_le_bytes());
        out.extend_from_slice(&self.bits.to_le_bytes());
        for f in [self.bias, self.platt_a, self.platt_b, self.scale] {
            out.extend_from_slice(&f.to_bits().to_le_bytes());
        }
        out.extend_from_slice(&self.weights);
        out
    }

    /// The same model with Platt calibration `(a, b)`.
    pub fn with_platt(mut self, a: f32, b: f32) -> CommandModel {
        self.platt_a = a;
        self.platt_b = b;
        self
    }

    /// Table size exponent.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    fn w(&self, bucket: u32) -> f32 {
        f32::from(self.weights[bucket as usize] as i8) * self.scale
    }

    /// The logit of pre-computed buckets (`features::buckets`).
    pub fn logit_of(&self, words: &[u32], grams: &[u32]) -> f32 {
        let part = |b: &[u32]| {
            if b.is_empty() {
                0.0
            } else {
                b.iter().map(|&x| self.w(x)).sum::<f32>() / (b.len() as f32).sqrt()
            }
        };
        self.bias + part(words) + part(grams)
    }

    /// Scores a command (its first [`features::MAX_BYTES`] bytes). O(length).
    pub fn score(&self, command: &str) -> Score {
        let (w, g) = features::buckets(command, self.bits);
        let logit = self.logit_of(&w, &g);
        Score {
            logit,
            score: sigmoid(self.platt_a * logit + self.platt_b),
        }
    }

    /// The `k` features that raise the command's logit most, largest first (ties by text).
    pub fn explain(&self, command: &str, k: usize) -> Vec<Contribution> {
        let norm = features::normalise(command);
        let mut items: Vec<(Block, String)> = Vec::new();
        features::words(&norm, |f| items.push((Block::Words, f.to_string())));
        features::grams(&norm, |f| items.push((Block::Grams, f.to_string())));
        items.sort();
        items.dedup();
        let (w, g) = features::buckets(command, self.bits);
        let (sw, sg) = (
            (w.len().max(1) as f32).sqrt(),
            (g.len().max(1) as f32).sqrt(),
        );
        let mut out: Vec<Contribution> = items
            .into_iter()
            .map(|(block, text)| {
                let b = features::bucket(block, &text, self.bits);
                let norm = if block == Block::Words { sw } else { sg };
                let feature = if block == Block::Words {
                    text
                } else {
                    format!("\"{}\"", text.replace(' ', "·"))
                };
                Contribution {
                    feature,
                    weight: self.w(b) / norm,
                }
            })
            .filter(|c| c.weight > 0.0)
            .collect();
        out.sort_by(|a, b| {
            b.weight
                .total_cmp(&a.weight)
                .then(a.feature.cmp(&b.feature))
        });
        out.truncate(k);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_round_trip_and_format_errors() {
        let w: Vec<f32> = (0..256).map(|i| (i as f32 - 128.0) / 64.0).collect();
        let m = CommandModel::from_floats(8, 0.5, &w, (1.5, -0.25));
        let b = m.to_bytes();
        let back = CommandModel::from_bytes(&b).expect("round trip");
        assert_eq!(back.to_bytes(), b);
        assert_eq!(back.score("ls -la").score, m.score("ls -la").score);
        assert!(matches!(
            CommandModel::from_bytes(b"HWM1xxxx"),
            Err(ModelError::Format(_))
        ));
        let mut short = b.clone();
        short.pop();
        let e = CommandModel::from_bytes(&short).unwrap_err().to_string();
        assert!(e.contains("expected 2^8"), "{e}");
        let mut v = b;
        v[4] = 2;
        assert!(CommandModel::from_bytes(&v)
            .unwrap_err()
            .to_string()
            .contains("version 2"));
    }
}
