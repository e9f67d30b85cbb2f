//! What the agent sessions cost, from the transcripts the agent CLIs already write.
//!
//! Claude Code writes every model request's token counts to its transcripts
//! (`~/.claude/projects/<project>/<session>.jsonl`, sub-agents in the same tree); Codex CLI
//! writes running totals to its rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`,
//! `token_count` events); Gemini CLI writes each reply's token counts to its chat recordings
//! (`~/.gemini/tmp/<project>/chats/session-*.jsonl`). This crate reads all three into [`Request`]s (one per model request,
//! counted once however many lines repeat it), prices them with an offline table
//! ([`PriceTable`], compiled in from `pricing.toml`, dated, a source URL per row) and sums them
//! per model, project, session or day ([`summarize`]).
//!
//! - [`claude::parse`] / [`codex::parse`] / [`gemini::parse`]: one file's text → requests (pure, no I/O).
//! - [`collect`]: walks a home directory's transcript trees (no symlinks followed, depth
//!   bounded) and de-duplicates keyed requests across files.
//! - [`PriceTable::builtin`]: the shipped table; a model it does not list is "no price", never
//!   guessed.
//! - [`summarize`]: requests + prices + a [`Period`] + a [`GroupBy`] → a [`Summary`];
//!   [`summarize_groups`] the same over sums already made (the index's [`Group`]s).
//! - [`index()`]: the incremental index in the store (`hookward_store`'s `cost_*` tables): a
//!   re-run reads only the lines appended since, a rewritten file again from the start, without
//!   counting a request twice.
//! - [`budget`]: today's spend against the configured budgets, the small state file the hook
//!   reads at `UserPromptSubmit`, and the notice's words.
//!
//! Money is exact: prices are held in micro-dollars per million tokens and sums in
//! pico-dollars (`u128`), so the dollar figures do not drift with the number of requests.
//!
//! ```
//! use hookward_cost::{claude, summarize, Day, GroupBy, Period, PriceTable};
//!
//! let line = r#"{"type":"assistant","sessionId":"s1","cwd":"/p","timestamp":"2026-12-01T10:00:00Z",
//!   "requestId":"req_1","message":{"id":"msg_1","model":"claude-sonnet-4-5-20250929",
//!   "usage":{"input_tokens":1000,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":100}}}"#;
//! let text = format!("{}\n{}\n", line.replace('\n', ""), line.replace('\n', ""));
//! let parsed = claude::parse(&text, "p", "s1");
//! assert_eq!(parsed.requests.len(), 2); // both lines; `collect` merges repeated ids
//! let reqs = hookward_cost::dedup(parsed.requests);
//! assert_eq!(reqs.len(), 1);
//! let today = Day::parse("2026-12-01").unwrap();
//! let s = summarize(&reqs, &PriceTable::builtin().unwrap(), Period::Today, GroupBy::Model, today);
//! // 1000 input tokens at $3/MTok + 100 output tokens at $15/MTok = $0.0045
//! assert_eq!(s.total.cost.priced_pico, 4_500_000_000);
//! ```
#![deny(missing_docs)]

pub mod budget;
pub mod claude;
pub mod codex;
mod date;
pub mod gemini;
pub mod index;
mod pricing;
mod summary;
mod walk;

pub use date::Day;
pub use index::{index, IndexReport};
pub use pricing::{ModelPrice, PriceTable, PRICING_TOML};
pub use summary::{summarize, summarize_groups, Cost, Group, GroupBy, Period, Row, Summary};
pub use walk::{collect, dedup, transcript_files, transcript_roots, Collection, TranscriptFile};

use std::path::PathBuf;

/// Which agent's files a request came from: the transcript format its profile names
/// ([`hookward_core::profile::AgentProfile::transcripts`]), which chooses the parser
/// (`claude`, `codex`, `gemini` modules; [`transcript_roots`] for where the files are).
pub use hookward_core::profile::TranscriptFormat as Source;

/// Token counts of one request (or a sum of requests), split by how each kind is billed.
/// All fields are token counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Usage {
    /// Input tokens neither read from nor written to the prompt cache.
    pub input: u64,
    /// Input tokens written to the cache with the 5-minute lifetime (Claude's default; a
    /// transcript without the 5 min / 1 h split puts all cache writes here).
    pub cache_write_5m: u64,
    /// Input tokens written to the cache with the 1-hour lifetime.
    pub cache_write_1h: u64,
    /// Input tokens read from the cache.
    pub cache_read: u64,
    /// Output tokens (for Codex and Gemini this includes the reasoning / thinking tokens, as
    /// OpenAI and Google bill them).
    pub output: u64,
    /// Of `output`, the reasoning tokens where the agent reports them (Codex, Gemini); informational,
    /// never priced twice.
    pub reasoning_output: u64,
}

impl Usage {
    /// Adds `o` field by field (saturating).
    pub fn add(&mut self, o: &Usage) {
        self.input = self.input.saturating_add(o.input);
        self.cache_write_5m = self.cache_write_5m.saturating_add(o.cache_write_5m);
        self.cache_write_1h = self.cache_write_1h.saturating_add(o.cache_write_1h);
        self.cache_read = self.cache_read.saturating_add(o.cache_read);
        self.output = self.output.saturating_add(o.output);
        self.reasoning_output = self.reasoning_output.saturating_add(o.reasoning_output);
    }

    /// Keeps the larger value of each field: how the streamed parts of one Claude request
    /// merge (every part repeats the input counts; the output count grows to its final value).
    pub fn max_with(&mut self, o: &Usage) {
        self.input = self.input.max(o.input);
        self.cache_write_5m = self.cache_write_5m.max(o.cache_write_5m);
        self.cache_write_1h = self.cache_write_1h.max(o.cache_write_1h);
        self.cache_read = self.cache_read.max(o.cache_read);
        self.output = self.output.max(o.output);
        self.reasoning_output = self.reasoning_output.max(o.reasoning_output);
    }

    /// True when every count is zero (Claude Code's `<synthetic>` error replies).
    pub fn is_zero(&self) -> bool {
        *self == Usage::default()
    }
}

/// One model request as the transcripts record it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    /// The agent whose files it came from.
    pub source: Source,
    /// The request's identity for de-duplication (Claude: `message.id` + `requestId`; Codex:
    /// the session and its running totals; Gemini: the session and the message id), `None`
    /// when the line carries neither (then it is never merged).
    pub key: Option<String>,
    /// The model id as recorded (`claude-sonnet-4-5-20250929`, `gpt-5-codex`); `unknown` when
    /// the file names none.
    pub model: String,
    /// The project: the working directory the agent ran in (`cwd`), else the transcript's
    /// project folder name.
    pub project: String,
    /// The session id (`sessionId` / the rollout's `session_meta` id / the Gemini chat's
    /// header), else the file name.
    pub session: String,
    /// The UTC day of the request, `None` when the line has no readable timestamp (such
    /// requests count only in [`Period::All`]).
    pub day: Option<Day>,
    /// The timestamp as the transcript wrote it (RFC 3339), when it has one.
    pub ts: Option<String>,
    /// Its token counts.
    pub usage: Usage,
}

/// What one file's parse gives: the requests and how many lines were not understood.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// The requests, in file order.
    pub requests: Vec<Request>,
    /// Lines that are not JSON or whose usage fields have the wrong type (counted, skipped;
    /// the cut last line of a transcript being written is one of them).
    pub bad_lines: usize,
}

/// Errors of this crate.
#[derive(Debug, thiserror::Error)]
pub enum CostError {
    /// The pricing table does not parse or breaks a rule (negative price, duplicate id).
    #[error("pricing table {origin}: {message}")]
    PriceTable {
        /// Where the table came from (`built-in pricing.toml` or a path).
        origin: String,
        /// What is wrong and where.
        message: String,
    },
    /// The store's cost index could not be read or written.
    #[error(transparent)]
    Store(#[from] hookward_store::StoreError),
    /// A folder of a transcript tree exists but cannot be listed.
    #[error("cannot list {}: {source}", path.display())]
    Walk {
        /// The folder.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
}
