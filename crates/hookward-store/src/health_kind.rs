//! [`HealthKind`]: the kinds of health event a hook call raises, as one table.

/// What kind of health event a hook call raised (stored as [`HealthKind::as_str`] in
/// [`crate::HealthEvent::kind`]; doctor and `events` read the words).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HealthKind {
    /// hookward failed inside the call (policy error, panic, payload rejected).
    InternalError,
    /// The agent proceeded without a decision because hookward failed.
    FailOpen,
    /// The tool call was blocked because hookward failed (`fail_mode = "closed"`).
    FailClosed,
    /// The store was created by this call.
    StoreCreated,
    /// The store could not be opened or written.
    StoreError,
    /// The store file is damaged.
    StoreDamaged,
    /// A configuration layer is broken; what is in force instead.
    ConfigError,
    /// `disabled_rules` names locked rules.
    ConfigIgnored,
    /// A set-up warning (unknown rule ids, missing policy dirs, …).
    ConfigWarning,
    /// The context guard failed (the reply stands).
    ContextError,
    /// A payload that does not parse was judged from its raw text.
    PayloadRecovered,
    /// A payload was judged after a repair (invalid UTF-8, lone surrogates, deep nesting).
    PayloadRepaired,
    /// stdin stayed open past the read deadline.
    StdinDeadline,
    /// The scan did not finish within the call's time budget.
    TimeBudget,
    /// A user policy does not parse and is not applied.
    UserPolicyBroken,
    /// A user policy failed while evaluating.
    UserPolicyError,
    /// The lessons step failed (the reply stands; nothing learned or delivered this call).
    LessonError,
    /// A "fix" that followed a hookward deny (a route around the guard) was not learned.
    LessonRefused,
    /// A warm-helper call's record was folded in from the journal after the server stopped
    /// between its answer and its record (`hookward_pipeline::journal`).
    JournalFolded,
}

/// Every kind with its word and whether it repeats on every call while a file stays broken
/// (those are recorded again at most every 10 minutes).
const TABLE: &[(HealthKind, &str, bool)] = &[
    (HealthKind::InternalError, "internal-error", false),
    (HealthKind::FailOpen, "fail-open", false),
    (HealthKind::FailClosed, "fail-closed", false),
    (HealthKind::StoreCreated, "store-created", false),
    (HealthKind::StoreError, "store-error", false),
    (HealthKind::StoreDamaged, "store-damaged", false),
    (HealthKind::ConfigError, "config-error", true),
    (HealthKind::ConfigIgnored, "config-ignored", true),
    (HealthKind::ConfigWarning, "config-warning", true),
    (HealthKind::ContextError, "context-error", false),
    (HealthKind::PayloadRecovered, "payload-recovered", false),
    (HealthKind::PayloadRepaired, "payload-repaired", true),
    (HealthKind::StdinDeadline, "stdin-deadline", false),
    (HealthKind::TimeBudget, "time-budget", false),
    (HealthKind::UserPolicyBroken, "user-policy-broken", true),
    (HealthKind::UserPolicyError, "user-policy-error", true),
    (HealthKind::LessonError, "lesson-error", false),
    (HealthKind::LessonRefused, "lesson-refused", false),
    (HealthKind::JournalFolded, "journal-folded", false),
];

impl HealthKind {
    fn row(self) -> Option<&'static (HealthKind, &'static str, bool)> {
        TABLE.iter().find(|r| r.0 == self)
    }

    /// The stored word (`internal-error`, `config-error`, …).
    pub fn as_str(self) -> &'static str {
        self.row().map_or("internal-error", |r| r.1)
    }

    /// Whether events of this kind repeat on every call while a file stays broken.
    pub fn repeats(self) -> bool {
        self.row().is_some_and(|r| r.2)
    }

    /// The kind a stored word names, if it is one of these.
    pub fn parse(word: &str) -> Option<HealthKind> {
        TABLE.iter().find(|r| r.1 == word).map(|r| r.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_one_row() {
        for (k, word, _) in TABLE {
            assert_eq!(HealthKind::parse(word), Some(*k));
            assert_eq!(k.as_str(), *word);
            assert_eq!(TABLE.iter().filter(|r| r.0 == *k).count(), 1);
        }
    }
}
