//! The registry of agent profiles: the one place that lists every adapter
//! (rows of [`hookward_core::profile::AgentProfile`]). Everything else asks [`profile`] instead of
//! matching on [`Agent`]. A crate of its own below the analyzers and the context guard, so that
//! they too ask the profiles (issue 13 item 1d: the guarded files come from
//! [`hookward_core::profile::AgentProfile::files`]); `hookward_pipeline::profiles` re-exports it.
#![deny(missing_docs)]

use hookward_core::profile::AgentProfile;
use hookward_core::Agent;

/// Every agent's profile, in [`Agent::ALL`]'s order.
static PROFILES: [&AgentProfile; 4] = [
    &hookward_claude::PROFILE,
    &hookward_codex::PROFILE,
    &hookward_gemini::PROFILE,
    &hookward_cursor::PROFILE,
];

/// Every agent's profile, in [`Agent::ALL`]'s order.
pub fn profiles() -> &'static [&'static AgentProfile] {
    &PROFILES
}

/// The profile of `agent`. Every [`Agent`] has one (the test below checks it); were one
/// missing, Claude Code's profile would answer — whose replies are the strictest to read.
pub fn profile(agent: Agent) -> &'static AgentProfile {
    PROFILES
        .iter()
        .copied()
        .find(|p| p.agent == agent)
        .unwrap_or(PROFILES[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_has_its_own_profile() {
        for (agent, p) in Agent::ALL.iter().zip(profiles()) {
            assert_eq!(p.agent, *agent);
            assert_eq!(profile(*agent).agent, *agent);
        }
        assert_eq!(profiles().len(), Agent::ALL.len());
    }
}
