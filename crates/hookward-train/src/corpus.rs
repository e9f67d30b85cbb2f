//! Corpus files: JSON Lines of labelled texts, grouped by source.

use serde::Deserialize;
use std::path::Path;

/// One labelled text of a corpus file.
///
/// Required fields: `id`, `text`, `label` (`injection` or `benign`), `group`. Optional: `kind`
/// (default `doc`), `task` (`indirect`, `memory`, `jailbreak`, `retrieval`, `benign`; derived
/// from `kind` and `label` when absent), `lang` (ISO 639-1, default `en`), `source`, `license`.
#[derive(Debug, Clone, Deserialize)]
pub struct Item {
    /// Stable id.
    pub id: String,
    /// The text.
    pub text: String,
    /// `injection` or `benign`.
    pub label: String,
    /// Kind of text as the corpus names it (`email`, `web`, `readme`, `memory_write`…).
    #[serde(default = "default_kind")]
    pub kind: String,
    /// Evaluation task (see the type doc).
    #[serde(default)]
    pub task: Option<String>,
    /// Language.
    #[serde(default)]
    pub lang: Option<String>,
    /// Upstream group (one package, repository or dataset).
    pub group: String,
    /// Provenance.
    #[serde(default)]
    pub source: Option<String>,
}

fn default_kind() -> String {
    "doc".into()
}

/// Errors reading a corpus.
#[derive(Debug, thiserror::Error)]
pub enum CorpusError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A line is not a valid item.
    #[error("{path}:{line}: {message} (expected a JSON object with id, text, label = injection|benign, group)")]
    Line {
        /// The file.
        path: String,
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

impl Item {
    /// True for a text carrying a planted instruction.
    pub fn is_injection(&self) -> bool {
        self.label == "injection"
    }

    /// The evaluation task (see the type doc).
    pub fn task(&self) -> &str {
        if let Some(t) = &self.task {
            return t;
        }
        if !self.is_injection() {
            return "benign";
        }
        match self.kind.as_str() {
            "jailbreak" | "prompt_extraction" => "jailbreak",
            "memory_write" | "instruction_file" | "skill_file" => "memory",
            _ => "indirect",
        }
    }

    /// The language (default `en`).
    pub fn lang(&self) -> &str {
        self.lang.as_deref().unwrap_or("en")
    }

    /// The source family used for leave-one-source-out: the group, with per-package groups of
    /// one registry (`crate:…`, `deb:…`, `pypi:…`, `npm:…`, `tool:…`) folded into that registry.
    pub fn family(&self) -> String {
        match self.group.split_once(':') {
            Some((reg, _)) if matches!(reg, "crate" | "deb" | "pypi" | "npm" | "tool") => {
                format!("{reg}-docs")
            }
            _ => self.group.clone(),
        }
    }

    /// The scanner source (and the model's kind) of this text at run time.
    pub fn scan_kind(&self) -> &'static str {
        match self.kind.as_str() {
            "email" => "email",
            "web" => "web_page",
            "tool_output" | "chat" | "text" => "tool_output",
            "mcp_tool" => "mcp_result",
            "jailbreak" | "prompt_extraction" => "user_prompt",
            "memory_write" => "memory_write",
            "instruction_file" => "instruction_file",
            "skill_file" => "skill_file",
            _ => "file",
        }
    }
}

/// Reads every item of `path`.
///
/// # Errors
/// [`CorpusError`] naming the file (and line) that is unreadable or malformed.
pub fn read(path: &Path) -> Result<Vec<Item>, CorpusError> {
    let p = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| CorpusError::Io {
        path: p.clone(),
        source,
    })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let item: Item = serde_json::from_str(line).map_err(|e| CorpusError::Line {
            path: p.clone(),
            line: i + 1,
            message: e.to_string(),
        })?;
        if item.label != "injection" && item.label != "benign" {
            return Err(CorpusError::Line {
                path: p.clone(),
                line: i + 1,
                message: format!("label {:?}", item.label),
            });
        }
        out.push(item);
    }
    Ok(out)
}
