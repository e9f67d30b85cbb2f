//! Trains and evaluates the learned stage of hookward's injection scan (issue 10).
//!
//! - [`corpus`]: the corpus format (JSON Lines, grouped by source; built by
//!   `scripts/corpus/build.py`).
//! - [`eval`]: leave-one-source-out evaluation — every figure is on a source family the model
//!   was not trained on — and the report written to BENCHMARKS.md.
//! - [`augment`]: carrier-insertion augmentation (`--augment N`, off by default): synthetic
//!   planted texts built per fold from that fold's training families only.
//!
//! The binary `hookward-train` runs both (`build`, `loso`, `eval`); `crates/hookward-model`
//! holds the features, the model format and the optimiser. Nothing here runs in the hook.

#![deny(missing_docs)]

pub mod augment;
pub mod corpus;
pub mod eval;
