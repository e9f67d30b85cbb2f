//! Step 4: what an agent can do with a verdict (DESIGN.md, "What a reply can do, per agent").
//!
//! The policy speaks allow/ask/deny without knowing the agent; this step turns the verdict into
//! a [`Response`] the agent can act on. Where the agent cannot do what the verdict asks, the
//! configured stand-in applies, never a silent proceed: an `ask` on an agent that cannot ask
//! becomes a deny (`ask_fallback = "deny"`, the default) or is let through and recorded
//! (`ask_fallback = "record"`).

use hookward_config::{AskFallback, Config};
use hookward_core::{Agent, Decision, Event, EventKind, Response, Verdict};

/// Whether `agent` can ask the person on a PreToolUse (REPORT.md: Claude Code can — in `-p`
/// mode it turns "ask" into a deny by itself; Codex 0.171 ignores "ask"; Gemini's headless
/// run ends silently on it; Cursor's hooks contract has "ask" for shell and MCP calls).
pub fn can_ask(agent: Agent) -> bool {
    matches!(agent, Agent::ClaudeCode | Agent::Cursor)
}

/// Builds the response for `event` from `verdict`.
pub fn respond(agent: Agent, event: &Event, verdict: &Verdict, config: &Config) -> Response {
    let Some(decision) = verdict.decision else {
        return Response::default();
    };
    let reason = verdict.message();
    match event.kind {
        EventKind::PreToolUse => {
            let decision = match decision {
                Decision::Ask if !can_ask(agent) => match config.ask_fallback {
                    AskFallback::Deny => Decision::Deny,
                    AskFallback::Record => return Response::default(),
                },
                d => d,
            };
            Response {
                decision: Some(decision),
                reason,
                ..Response::default()
            }
        }
        // The agent is already asking the person; only a deny or an explicit allow is news.
        EventKind::PermissionRequest => match decision {
            Decision::Ask => Response::default(),
            d => Response {
                decision: Some(d),
                reason,
                ..Response::default()
            },
        },
        _ => Response::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hookward_core::Candidate;

    fn event(kind: EventKind) -> Event {
        Event {
            agent: Agent::Codex,
            kind,
            session_id: None,
            cwd: None,
            project_dir: None,
            transcript_path: None,
            permission_mode: None,
            agent_id: None,
            tool: None,
            prompt: None,
            source: None,
            extra: Default::default(),
        }
    }

    #[test]
    fn ask_on_an_agent_that_cannot_ask_follows_ask_fallback() {
        let v = Verdict::resolve(vec![Candidate::new(
            "path/env-file",
            Decision::Ask,
            "reads .env",
        )]);
        let mut config = Config::default();
        let r = respond(Agent::Codex, &event(EventKind::PreToolUse), &v, &config);
        assert_eq!(r.decision, Some(Decision::Deny));
        config.ask_fallback = AskFallback::Record;
        let r = respond(Agent::Codex, &event(EventKind::PreToolUse), &v, &config);
        assert!(r.is_empty());
        let r = respond(
            Agent::ClaudeCode,
            &event(EventKind::PreToolUse),
            &v,
            &Config::default(),
        );
        assert_eq!(r.decision, Some(Decision::Ask));
    }

    #[test]
    fn permission_request_ask_is_left_to_the_person() {
        let v = Verdict::resolve(vec![Candidate::new("x/y", Decision::Ask, "r")]);
        let r = respond(
            Agent::ClaudeCode,
            &event(EventKind::PermissionRequest),
            &v,
            &Config::default(),
        );
        assert!(r.is_empty());
    }
}
