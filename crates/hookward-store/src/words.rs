//! The ledger's words as types (issue 13 item 2): a change's status, a finding's status and
//! severity. The database and every JSON document keep the lowercase words (`pending`,
//! `deny`…); Rust code compares the enums, never the strings.

use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a word enum: its variants with their stored words, `as_str`, `parse`, `Display`,
/// and the SQLite conversions. `$unknown`: what a word this version does not know reads as
/// (`None`: a read error, the row is damaged).
macro_rules! words {
    ($(#[$m:meta])* $name:ident, $unknown:expr, { $($(#[$vm:meta])* $v:ident => $w:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum $name { $($(#[$vm])* $v),+ }

        impl $name {
            /// Every value, in order.
            pub const ALL: &'static [$name] = &[$($name::$v),+];

            /// The stored word.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$v => $w),+ }
            }

            /// The value of a stored word; `None` for a word this version does not know.
            pub fn parse(word: &str) -> Option<$name> {
                match word { $($w => Some($name::$v),)+ _ => None }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ToSql for $name {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.as_str()))
            }
        }

        impl FromSql for $name {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<Self> {
                let word = value.as_str()?;
                let unknown: Option<$name> = $unknown;
                $name::parse(word).or(unknown).ok_or_else(|| {
                    FromSqlError::Other(format!("unknown {} `{word}`", stringify!($name)).into())
                })
            }
        }
    };
}

words!(
    /// The status of a change record (`context_changes.status`, shown in `review`).
    ChangeStatus, None, {
        /// Waiting for the person's review.
        Pending => "pending",
        /// Versioned, no review needed (checked before it was written).
        Checked => "checked",
        /// The person accepted it (`review accept`).
        Accepted => "accepted",
        /// `restore --apply` put an earlier version back.
        Restored => "restored",
    }
);

words!(
    /// The status of a finding (`context_findings.status`).
    FindingStatus, None, {
        /// Not looked at yet.
        Pending => "pending",
        /// The person said it is fine.
        Dismissed => "dismissed",
        /// Restored away.
        Resolved => "resolved",
    }
);

words!(
    /// How much a context-guard finding matters (`context_findings.severity`). A word this
    /// version does not know reads as [`Severity::Ask`] (flagged for review, not taken as
    /// planted).
    Severity, Some(Severity::Ask), {
        /// Recorded, asks for nothing.
        Info => "info",
        /// A configuration change or an order to run a command: a question to the person.
        Ask => "ask",
        /// Text that reads as planted instructions: a warning, and what `poisoned_write` denies.
        Deny => "deny",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_serialize_as_the_stored_word() {
        for s in ChangeStatus::ALL {
            assert_eq!(ChangeStatus::parse(s.as_str()), Some(*s));
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        for s in FindingStatus::ALL {
            assert_eq!(FindingStatus::parse(s.as_str()), Some(*s));
        }
        for s in Severity::ALL {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
        assert!(Severity::Info < Severity::Ask && Severity::Ask < Severity::Deny);
        assert_eq!(ChangeStatus::parse("later"), None);
    }
}
