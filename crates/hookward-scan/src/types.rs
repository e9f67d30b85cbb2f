//! Public data types: what goes into a scan and what comes out.

use serde::{Deserialize, Serialize, Serializer};

/// Serialise an `f32` in [0, 1] as the nearest `f64` with three decimals, so JSON shows `0.952`
/// rather than the binary expansion `0.9520000219345093` of the `f32`.
fn three_decimals<S: Serializer>(x: &f32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64((f64::from(*x) * 1000.0).round() / 1000.0)
}

/// Default scan cap: 10 MiB (10 × 1024 × 1024 bytes).
///
/// Source: issue 4, "Hook behaviour" — scan the whole text up to a configurable cap, default 10 MB.
pub const DEFAULT_CAP_BYTES: usize = 10 * 1024 * 1024;

/// Where the scanned text came from. The source changes how some findings weigh (see
/// [`crate::Scanner::scan`]): instruction, skill and memory files are read by the agent as orders, so
/// persistence orders and remote-code lines there weigh more; text the agent fetched from outside
/// (web pages, e-mail, tool and MCP results) weighs "addressed to the assistant" phrasing more.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Source {
    /// Output of a command or a built-in tool (Bash, Read, Grep…). The default.
    ToolOutput,
    /// A fetched web page or web-search result (HTML or markdown).
    WebPage,
    /// A file on disk (README, docs, source); `path` is informational only.
    File {
        /// Path of the file as given by the caller (not opened by the scanner).
        path: String,
    },
    /// An e-mail message (headers and body, possibly HTML, possibly with quoted replies).
    Email,
    /// The result of an MCP tool call.
    McpResult,
    /// Text the person typed or pasted into the agent (UserPromptSubmit).
    UserPrompt,
    /// Text an agent is about to write into its memory (CLAUDE.md, memory files).
    MemoryWrite,
    /// An instruction file the agent obeys (CLAUDE.md, AGENTS.md, .cursor/rules, agent definitions).
    InstructionFile,
    /// A skill definition (SKILL.md and its resources).
    SkillFile,
}

impl Source {
    /// The snake_case name of the source, which is also the text kind the learned stage is
    /// trained with: `tool_output`, `web_page`, `file`, `email`, `mcp_result`, `user_prompt`,
    /// `memory_write`, `instruction_file`, `skill_file`.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Source::ToolOutput => "tool_output",
            Source::WebPage => "web_page",
            Source::File { .. } => "file",
            Source::Email => "email",
            Source::McpResult => "mcp_result",
            Source::UserPrompt => "user_prompt",
            Source::MemoryWrite => "memory_write",
            Source::InstructionFile => "instruction_file",
            Source::SkillFile => "skill_file",
        }
    }

    /// The source named by [`Source::kind_name`] (`file` gives a `File` with an empty path);
    /// `None` for any other name.
    pub fn from_kind_name(name: &str) -> Option<Source> {
        Some(match name {
            "tool_output" => Source::ToolOutput,
            "web_page" => Source::WebPage,
            "file" => Source::File {
                path: String::new(),
            },
            "email" => Source::Email,
            "mcp_result" => Source::McpResult,
            "user_prompt" => Source::UserPrompt,
            "memory_write" => Source::MemoryWrite,
            "instruction_file" => Source::InstructionFile,
            "skill_file" => Source::SkillFile,
            _ => return None,
        })
    }

    /// True for files the agent reads as its own orders (memory, instruction and skill files).
    pub fn is_agent_config(&self) -> bool {
        matches!(
            self,
            Source::MemoryWrite | Source::InstructionFile | Source::SkillFile
        )
    }

    /// True for text that arrived from outside the session (web, e-mail, tool and MCP results).
    pub fn is_external(&self) -> bool {
        matches!(
            self,
            Source::ToolOutput | Source::WebPage | Source::Email | Source::McpResult
        )
    }
}

/// Options for one scan.
///
/// `cap_bytes` bounds the work: a text longer than `cap_bytes` has its head and its tail scanned
/// (together at most `cap_bytes`, on char boundaries) and [`ScanResult::capped`] /
/// [`ScanResult::unscanned`] say what was left out; a shorter text is scanned whole — there is
/// no blind spot after the first kilobytes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanContext {
    /// Where the text came from.
    pub source: Source,
    /// Maximum number of bytes scanned; default [`DEFAULT_CAP_BYTES`] (10 MiB).
    pub cap_bytes: usize,
    /// Run the learned stage (`hookward-model`) too; default true. The trainer switches it off
    /// to measure the rules alone.
    #[serde(default = "default_true")]
    pub learned: bool,
}

fn default_true() -> bool {
    true
}

impl Default for ScanContext {
    fn default() -> Self {
        ScanContext {
            source: Source::ToolOutput,
            cap_bytes: DEFAULT_CAP_BYTES,
            learned: true,
        }
    }
}

impl ScanContext {
    /// A context for `source` with the default cap.
    pub fn new(source: Source) -> Self {
        ScanContext {
            source,
            cap_bytes: DEFAULT_CAP_BYTES,
            learned: true,
        }
    }

    /// The same context without the learned stage (rules only).
    pub fn without_learned(mut self) -> Self {
        self.learned = false;
        self
    }

    /// The same context with another cap (bytes).
    pub fn with_cap(mut self, cap_bytes: usize) -> Self {
        self.cap_bytes = cap_bytes;
        self
    }
}

/// Overall judgement on one text, from its score (see [`crate::SUSPICIOUS_THRESHOLD`] and
/// [`crate::INJECTION_THRESHOLD`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Nothing that looks like a planted instruction (score below the suspicious threshold).
    Clean,
    /// Some signals, not enough to call it an injection.
    Suspicious,
    /// Planted instructions found.
    Injection,
}

impl Verdict {
    /// The snake_case name used in JSON (`clean`, `suspicious`, `injection`).
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Clean => "clean",
            Verdict::Suspicious => "suspicious",
            Verdict::Injection => "injection",
        }
    }
}

/// Rule families (issue 4, "Detect"). Serialized in snake_case, e.g. `instruction_override`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Family {
    /// "Ignore/disregard/forget the previous instructions", answer dictation, task cancellation.
    InstructionOverride,
    /// "You are now …", "act as an unrestricted AI", DAN, developer/maintenance mode.
    RoleHijack,
    /// Fake system/developer/user turns and chat-template delimiters in data.
    FakeTurn,
    /// "Assistant: …", "important message from the admin", "note to the AI" blocks.
    AddressedToAssistant,
    /// Orders to call a tool, send/forward/upload something, run a command.
    ToolCallOrder,
    /// Data carried out through URLs/images, credential and system-prompt requests, metadata IPs.
    Exfiltration,
    /// `curl … | sh`, install-and-run orders, script injection into rendered output.
    RemoteCode,
    /// Standing orders: "from now on", "remember this as a system directive", auto-approve,
    /// disabling hooks/sandbox/confirmation.
    PersistenceOrder,
    /// "Don't tell the user", "silently", hiding output from the person.
    HideFromUser,
    /// Invisible characters, Unicode tag smuggling, bidi overrides.
    HiddenText,
    /// Orders to the agent reading data about its own work: what its answer must contain or
    /// look like, "your main task", tool-use orders, a task planted in a table cell.
    ReaderTask,
}

impl Family {
    /// The snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::InstructionOverride => "instruction_override",
            Family::RoleHijack => "role_hijack",
            Family::FakeTurn => "fake_turn",
            Family::AddressedToAssistant => "addressed_to_assistant",
            Family::ToolCallOrder => "tool_call_order",
            Family::Exfiltration => "exfiltration",
            Family::RemoteCode => "remote_code",
            Family::PersistenceOrder => "persistence_order",
            Family::HideFromUser => "hide_from_user",
            Family::HiddenText => "hidden_text",
            Family::ReaderTask => "reader_task",
        }
    }
}

/// Severity of one finding, from its effective weight: `high` ≥ 0.6, `medium` ≥ 0.3, else `low`
/// (thresholds chosen so that a lone `high` finding makes the verdict `injection` and a lone
/// `medium` one `suspicious`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Weak signal, or a strong one discounted by context (code, quoted example, documentation).
    Low,
    /// Suspicious on its own.
    Medium,
    /// An injection on its own.
    High,
}

impl Severity {
    /// The snake_case name used in JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
        }
    }
}

/// Where a finding sits, as far as a human reader is concerned. Each tag changed the weight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ContextTag {
    /// Inside a code block or code span (weighs less: usually shown, not obeyed).
    Code,
    /// Inside an inline quotation (weighs a little less).
    Quoted,
    /// A list item or table row quoting an example (weighs less).
    Example,
    /// Near words that describe attacks to a human ("prompt injection", "for example"…): weighs less.
    Described,
    /// Addressed to an AI/assistant/agent: weighs more.
    Addressed,
    /// Where a reader would not see it: HTML comment, hidden element, attribute, link title: weighs more.
    Hidden,
    /// After long padding (blank lines, separator lines): weighs more.
    Padded,
    /// Inside a base64/hex/URL-encoded blob that decodes to text: weighs more.
    Encoded,
}

/// One detector hit.
///
/// `span` is a half-open byte range `[start, end)` in the ORIGINAL text passed to
/// [`crate::Scanner::scan`], always on char boundaries; for hits inside an encoded blob it is the
/// blob's span. `evidence` is that original text, truncated to [`crate::EVIDENCE_MAX_CHARS`] chars.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// Short id within one result: "F1", "F2"… in span order.
    pub id: String,
    /// The rule family.
    pub family: Family,
    /// Namespaced stable rule id, e.g. `inject/override-previous`.
    pub rule_id: String,
    /// Severity from the effective weight.
    pub severity: Severity,
    /// Byte range `[start, end)` in the original text.
    pub span: (usize, usize),
    /// The matched original text (truncated).
    pub evidence: String,
    /// Effective weight in [0, 0.95] after context multipliers: this finding's contribution to the score.
    /// Serialised with three decimals.
    #[serde(serialize_with = "three_decimals")]
    pub weight: f32,
    /// Context tags that changed the weight.
    pub context: Vec<ContextTag>,
}

/// The outcome of one scan.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScanResult {
    /// Clean, suspicious or injection (from `score`).
    pub verdict: Verdict,
    /// Combined score in [0, 1]: `1 − Π(1 − wᵢ)` over findings, where a repeat of a rule counts at
    /// a quarter of its weight and findings discounted as citations (code, quotation, example,
    /// described) count only through the strongest of them. Serialised with three decimals.
    #[serde(serialize_with = "three_decimals")]
    pub score: f32,
    /// Findings in span order, ids F1…
    pub findings: Vec<Finding>,
    /// True when the text was longer than the cap: only its head and tail were scanned
    /// (`unscanned` is the rest).
    pub capped: bool,
    /// Number of bytes actually scanned.
    pub scanned_bytes: usize,
    /// The byte range `[start, end)` of the text that was not scanned (the middle of a text
    /// longer than the cap), `None` when all of it was. Callers must treat it as unknown:
    /// withhold it or say it was not read (issue 12, item 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unscanned: Option<(usize, usize)>,
    /// True when invisible text was found (zero-width characters inside words, bidi overrides,
    /// Unicode tag characters).
    pub hidden_text: bool,
    /// What the learned stage saw (`None` when [`ScanContext::learned`] is off or the text has
    /// no words). It does not change `verdict` or `score`, which are the rules' own: the hook's
    /// policy compares [`Learned::score`] with the thresholds in its config.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub learned: Option<Learned>,
}

/// The learned stage's result for one text (see `hookward-model`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Learned {
    /// The highest calibrated window score in [0, 1] (three decimals).
    #[serde(serialize_with = "three_decimals")]
    pub score: f32,
    /// Windows scoring at least [`crate::LEARNED_REPORT_FLOOR`], overlapping ones merged (the
    /// merged window keeps the highest score), highest first, at most
    /// [`crate::LEARNED_MAX_WINDOWS`].
    pub windows: Vec<LearnedWindow>,
}

/// One window the learned stage scored high.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LearnedWindow {
    /// Short id within one result: "W1", "W2"… highest score first.
    pub id: String,
    /// Byte range `[start, end)` in the original text, on char boundaries.
    pub span: (usize, usize),
    /// Calibrated score in [0, 1] (three decimals).
    #[serde(serialize_with = "three_decimals")]
    pub score: f32,
    /// The window's original text (truncated to [`crate::EVIDENCE_MAX_CHARS`] chars).
    pub evidence: String,
    /// The features that raised the score most, as `feature (+weight)`: words, `pref…`
    /// prefixes, `a b` bigrams, `kind=…` (at most five).
    pub features: Vec<String>,
}

impl ScanResult {
    /// True when the verdict is not clean.
    pub fn is_flagged(&self) -> bool {
        self.verdict != Verdict::Clean
    }
}
