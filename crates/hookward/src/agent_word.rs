//! The agent words of the command line (`hookward hook <agent>`, `hookward install <agent>`,
//! `--agent`): one per [`Agent`] in [`Agent::ALL`]'s order, spelled [`Agent::as_str`], with the
//! help line its profile gives ([`hookward_core::profile::AgentProfile::description`], and for
//! `install` [`hookward_core::profile::AgentProfile::install_note`]). A new agent needs no
//! edit here (issue 13 item 1c).

use clap::builder::PossibleValue;
use hookward_core::Agent;

/// Every agent, each wrapped as a command-line word type (`AgentArg`, `InstallAgent`).
pub(crate) fn every<T>(wrap: fn(Agent) -> T) -> Vec<T> {
    Agent::ALL.iter().copied().map(wrap).collect()
}

/// The word of `agent` as clap shows it: `claude-code` with the help line "Anthropic's Claude
/// Code", or for `install` "Anthropic's Claude Code (settings.json)".
pub(crate) fn possible_value(agent: Agent, install: bool) -> PossibleValue {
    let p = hookward_pipeline::profile(agent);
    let help = if install {
        format!("{} ({})", p.description, p.install_note)
    } else {
        p.description.to_string()
    };
    PossibleValue::new(agent.as_str()).help(help)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The former `AgentArg` and `InstallAgent` enums' words and help lines (their variant names
    /// in kebab case and their doc comments without the final period, as clap's derive showed
    /// them), kept here word for word.
    const FORMER: [(&str, &str, &str); 4] = [
        (
            "claude-code",
            "Anthropic's Claude Code",
            "Anthropic's Claude Code (settings.json)",
        ),
        (
            "codex",
            "OpenAI's Codex CLI",
            "OpenAI's Codex CLI ($CODEX_HOME/hooks.json + trust entries in config.toml)",
        ),
        (
            "gemini",
            "Google's Gemini CLI",
            "Google's Gemini CLI (~/.gemini/settings.json)",
        ),
        ("cursor", "Cursor", "Cursor (~/.cursor/hooks.json)"),
    ];

    #[test]
    fn profiles_give_the_former_words_and_help() {
        let derived: Vec<(String, String, String)> = every(|a| a)
            .into_iter()
            .map(|a| {
                let hook = possible_value(a, false);
                let install = possible_value(a, true);
                assert_eq!(hook.get_name(), install.get_name());
                (
                    hook.get_name().to_string(),
                    hook.get_help().map(|h| h.to_string()).unwrap_or_default(),
                    install
                        .get_help()
                        .map(|h| h.to_string())
                        .unwrap_or_default(),
                )
            })
            .collect();
        let former: Vec<(String, String, String)> = FORMER
            .iter()
            .map(|(w, h, i)| (w.to_string(), h.to_string(), i.to_string()))
            .collect();
        assert_eq!(derived, former);
    }
}
