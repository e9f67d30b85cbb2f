//! The cost budget notice (issue 21): at `UserPromptSubmit`, when a `[cost]` budget is
//! configured, the budget state `hookward cost` last wrote (`hookward_cost::budget`) is read —
//! one bounded read of a small file, no transcript read, no index work, no store — and when a
//! budget that applies to this session's project is past `cost.alert_threshold`, a notice for
//! the person is added (`systemMessage`). The figures are as fresh as the last `hookward cost`
//! run or SessionStart's background refresh ([`HookOutcome::refresh_cost`](crate::HookOutcome)).

use crate::HookEnv;
use hookward_config::Config;
use hookward_core::{Decision, Event, EventKind, Response, Verdict};
use hookward_cost::budget;
use hookward_cost::Day;

/// Adds the notice to `response.system_message` when a budget is crossed (see the module docs).
pub(crate) fn notice(
    env: &HookEnv,
    event: &Event,
    config: &Config,
    verdict: &Verdict,
    response: &mut Response,
) {
    if event.kind != EventKind::UserPromptSubmit
        || !config.cost.has_budget()
        || verdict.decision == Some(Decision::Deny)
    {
        return;
    }
    let Some(state) = budget::read_state(&env.hookward_home.join(budget::STATE_FILE)) else {
        return;
    };
    let project = event
        .project_dir
        .as_deref()
        .or(env.project_dir.as_deref())
        .or(event.cwd.as_deref())
        .filter(|p| !p.is_empty())
        .map(hookward_config::project_key);
    let Some(text) = budget::notice(&state, Day::today(), project.as_deref()) else {
        return;
    };
    response.system_message = Some(match response.system_message.take() {
        Some(m) if !m.is_empty() => format!("{m}\n{text}"),
        _ => text,
    });
}

/// Whether the caller should refresh the cost index and budget state in the background:
/// at SessionStart, when a budget is configured.
pub(crate) fn wants_refresh(event: &Event, config: &Config) -> bool {
    event.kind == EventKind::SessionStart && config.cost.has_budget()
}
