//! The learned risk score of a shell command (`hookward-cmdscore`), as a fact.
//!
//! The rules know the programs and shapes someone wrote a mechanism for; this score reads the
//! command text the way the project's labelled command sets did (public sets 1–17 and the
//! black-box sets; figures in BENCHMARKS.md, session 28). `shell/learned-risk` asks from
//! `scan.command_ask` on, and only when no other rule objects (`hookward_policy::BACKSTOP_RULES`).

use serde::{Deserialize, Serialize};

/// Scores below this are not explained (the features are only named in a reason).
pub const EXPLAIN_FLOOR: f32 = 0.5;

/// `input.facts.command_score`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CommandScore {
    /// The calibrated score in [0, 1], rounded to three decimals.
    pub score: f32,
    /// The three features that raise the score most (words, word pairs, `"·x·"` character
    /// n-grams), only for a score from [`EXPLAIN_FLOOR`] on.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<String>,
}

/// Scores `command` with the shipped model (its first `hookward_cmdscore::features::MAX_BYTES`
/// bytes; O(length)), with the user's `home` written `~` first
/// (`hookward_cmdscore::features::with_home`: the score must not depend on where the home is).
pub fn of(command: &str, home: &str) -> CommandScore {
    let command = &*hookward_cmdscore::features::with_home(command, home);
    let m = hookward_cmdscore::CommandModel::shipped();
    let s = m.score(command).score;
    let features = if s >= EXPLAIN_FLOOR {
        m.explain(command, 3)
            .into_iter()
            .map(|c| c.feature)
            .collect()
    } else {
        Vec::new()
    };
    CommandScore {
        score: (s * 1000.0).round() / 1000.0,
        features,
    }
}
