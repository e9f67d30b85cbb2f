//! The store's error type.

use std::path::PathBuf;

/// Everything that can go wrong opening, writing or reading the store.
///
/// Every variant names the file; the messages say what was expected and how to fix it. The
/// CLI shows them as they are.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// [`Store::open_existing`](crate::Store::open_existing) found no file at `path`.
    #[error("no hookward store at {}: nothing has been recorded yet (run an agent with the hook installed, or check HOOKWARD_HOME)", path.display())]
    Missing {
        /// The database file that was expected.
        path: PathBuf,
    },

    /// The file exists but is not a SQLite database, or its structure is damaged (bad header,
    /// truncated, SQLite reports corruption). The file was left exactly as it was.
    #[error("hookward store {0} is damaged: {detail}. It was left untouched; move it aside (e.g. `mv {0} {0}.damaged`) and hookward will create a fresh one on the next run", path.display())]
    Damaged {
        /// The database file.
        path: PathBuf,
        /// What is wrong, in words (which header field, which size, SQLite's message).
        detail: String,
    },

    /// The file is a valid SQLite database, but not one hookward created (another application
    /// id, or tables without a hookward schema version). It was left untouched.
    #[error("{} is a SQLite database but not a hookward store: {detail}. It was left untouched; point HOOKWARD_HOME at another directory or move the file aside", path.display())]
    NotAStore {
        /// The database file.
        path: PathBuf,
        /// Why it is not ours.
        detail: String,
    },

    /// The store was written by a newer hookward (its `PRAGMA user_version` is above
    /// [`SCHEMA_VERSION`](crate::SCHEMA_VERSION)). It was left untouched.
    #[error("hookward store {} has schema version {found}, but this hookward only knows versions up to {supported}: it was written by a newer hookward. Upgrade hookward (the file was left untouched)", path.display())]
    NewerSchema {
        /// The database file.
        path: PathBuf,
        /// The file's `user_version`.
        found: i64,
        /// The newest version this build can read and write.
        supported: i64,
    },

    /// Another process held the database lock for longer than
    /// [`BUSY_TIMEOUT`](crate::BUSY_TIMEOUT). Nothing was written.
    #[error("hookward store {} stayed locked by another process for more than {waited_ms} ms while {action}; nothing was written. Retry; if it persists, look for a stuck hookward process", path.display())]
    Busy {
        /// The database file.
        path: PathBuf,
        /// What the store was doing (`"inserting a decision"`).
        action: &'static str,
        /// How long it waited, in milliseconds.
        waited_ms: u64,
    },

    /// A caller-supplied value is outside what the field accepts.
    #[error("invalid {field} {value:?}: expected {expected}")]
    InvalidInput {
        /// The field (`"decision"`, `"DecisionQuery.decision"`).
        field: &'static str,
        /// The value that was given.
        value: String,
        /// What the field accepts.
        expected: &'static str,
    },

    /// A stored row could not be decoded (a JSON column that is not JSON).
    #[error("hookward store {}: row {id} of table {table} has an unreadable {column} column ({detail}); run `hookward doctor` to check the store", path.display())]
    BadRow {
        /// The database file.
        path: PathBuf,
        /// The table.
        table: &'static str,
        /// The row id.
        id: i64,
        /// The column.
        column: &'static str,
        /// The decoder's message.
        detail: String,
    },

    /// A file-system operation on the store's file or directory failed.
    #[error("could not {action} {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What was being done (`"create the directory"`).
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },

    /// Any other SQLite error.
    #[error("SQLite error on hookward store {} while {action}: {source}", path.display())]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// What the store was doing.
        action: &'static str,
        /// The underlying error.
        source: rusqlite::Error,
    },
}
