//! A learned risk score for shell commands (issue 11): the backstop behind the rules.
//!
//! `hookward-shell` and the Rego pack decide from facts that someone wrote a mechanism for;
//! commands of a program or a domain nobody covered get no fact and pass. This crate scores
//! the command *text* with a linear model over hashed word, word-bigram and character n-gram
//! features ([`features`]), trained on every labelled command corpus the project has spent
//! (public sets 1–17 by source, black-box sets adv11–adv38; `scripts/cmdscore/build.py`),
//! with a calibrated score (Platt scaling fitted on leave-one-source-out logits).
//!
//! - Offline, in process, deterministic: the weights ship inside the binary
//!   ([`CommandModel::shipped`], `model/command.hwc`, 512 KiB of `i8`), rebuilt by
//!   `scripts/train_cmdscore.sh`.
//! - Cost: O(length) in the command's first [`features::MAX_BYTES`] bytes, one hash per
//!   feature (about four per byte).
//! - It never decides: `hookward-facts` puts the score in `input.facts.command_score` and the
//!   Rego rule `shell/learned-risk` compares it with `shell.learned_ask` in `config.toml`. It
//!   only ever adds an `ask`; it never makes a call more permissive.
//! - What it does not do: it reads text, not meaning, so a command padded with everyday words
//!   scores lower, and a dangerous command spelled unlike anything in its training sources
//!   scores low. Figures (held-out sets) in BENCHMARKS.md.
//!
//! ```
//! let m = hookward_cmdscore::CommandModel::shipped();
//! assert!(m.score("cargo build --release").score < 0.5);
//! ```

#![deny(missing_docs)]

pub mod features;
pub mod model;
pub mod train;

pub use model::{CommandModel, Contribution, Score};

/// Errors reading a model file.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The bytes are not a command model file of a known version.
    #[error("command model file: {0}")]
    Format(String),
}

static SHIPPED_BYTES: &[u8] = include_bytes!("../model/command.hwc");

impl CommandModel {
    /// The model shipped in the binary, parsed once per process (its weights are read in
    /// place, not copied). A shipped file that does not
    /// parse (caught by the crate's tests) gives a model whose weights are all zero: every
    /// command scores the calibrated bias.
    pub fn shipped() -> &'static CommandModel {
        static M: std::sync::OnceLock<CommandModel> = std::sync::OnceLock::new();
        M.get_or_init(|| {
            CommandModel::from_static(SHIPPED_BYTES)
                .unwrap_or_else(|_| CommandModel::from_floats(8, -4.0, &[0.0; 256], (1.0, 0.0)))
        })
    }

    /// Whether the shipped file parses (a test asserts it).
    pub fn shipped_is_valid() -> bool {
        CommandModel::from_bytes(SHIPPED_BYTES).is_ok()
    }
}
