//! The "matcher groups" settings shape shared by Claude Code, Codex and Gemini:
//! `{"hooks": {"<Event>": [{"matcher": "...", "hooks": [{"type": "command", "command": "...",
//! "timeout": N}]}]}}`.

use std::path::Path;

use serde_json::{Map, Value};

use crate::document::{shape_error, type_name, JsonPath};
use crate::{Format, HookSpec, InstallError, RegisteredHook, Timeout};

/// Keys under `hooks` that are not events and are left alone. Gemini CLI versions before the
/// `hooksConfig` object kept `enabled`, `disabled` and `notifications` there (Gemini CLI
/// hooks configuration docs; `hooksConfig` holds them in 0.61 — protocol/REPORT.md §3).
fn meta_keys(format: Format) -> &'static [&'static str] {
    match format {
        Format::Gemini => &["enabled", "disabled", "notifications"],
        Format::ClaudeCode | Format::Codex | Format::Cursor => &[],
    }
}

/// The `name` written on our Gemini CLI entries: Gemini lists hooks by name in its `/hooks`
/// panel and `hooksConfig.disabled` takes names (Gemini CLI hooks reference; the protocol
/// harness names every entry, `harness/gemini/make_settings.py`). A name the person already
/// gave our entry is kept.
pub const GEMINI_HOOK_NAME: &str = "hookward";

fn is_event_key(format: Format, key: &str) -> bool {
    !meta_keys(format).contains(&key)
}

fn is_ours(handler: &Value) -> bool {
    handler
        .get("command")
        .and_then(Value::as_str)
        .is_some_and(crate::is_hookward_command)
}

/// Checks every part of the `hooks` structure this crate reads or edits.
pub(crate) fn validate(
    format: Format,
    path: &Path,
    text: Option<&str>,
    root: &Map<String, Value>,
) -> Result<(), InstallError> {
    let Some(hooks) = root.get("hooks") else {
        return Ok(());
    };
    let at = JsonPath::default().key("hooks");
    let err = |field: &JsonPath, expected, found| shape_error(path, text, field, expected, found);
    let Value::Object(events) = hooks else {
        return Err(err(
            &at,
            "an object mapping event names to arrays of matcher groups",
            type_name(hooks),
        ));
    };
    for (event, groups) in events {
        if !is_event_key(format, event) {
            continue;
        }
        let at = at.key(event);
        let Value::Array(groups) = groups else {
            return Err(err(
                &at,
                "an array of matcher groups (`[{\"matcher\": ..., \"hooks\": [...]}]`)",
                type_name(groups),
            ));
        };
        for (gi, group) in groups.iter().enumerate() {
            let at = at.index(gi);
            let Value::Object(group) = group else {
                return Err(err(
                    &at,
                    "a matcher group object (`{\"matcher\": ..., \"hooks\": [...]}`)",
                    type_name(group),
                ));
            };
            if let Some(matcher) = group.get("matcher") {
                if !matcher.is_string() {
                    return Err(err(
                        &at.key("matcher"),
                        "a string (a tool-name pattern such as \"Bash\" or \"*\")",
                        type_name(matcher),
                    ));
                }
            }
            let at = at.key("hooks");
            let handlers =
                match group.get("hooks") {
                    Some(Value::Array(handlers)) => handlers,
                    Some(other) => return Err(err(
                        &at,
                        "an array of hook handlers (`[{\"type\": \"command\", \"command\": ...}]`)",
                        type_name(other),
                    )),
                    None => return Err(err(
                        &at,
                        "an array of hook handlers (`[{\"type\": \"command\", \"command\": ...}]`)",
                        "nothing (the key is missing)",
                    )),
                };
            for (hi, handler) in handlers.iter().enumerate() {
                if !handler.is_object() {
                    return Err(err(
                        &at.index(hi),
                        "a hook handler object (`{\"type\": \"command\", \"command\": ...}`)",
                        type_name(handler),
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The matcher written into a new group when the spec leaves it to the format: `"*"` (all
/// tools) for Claude Code and Gemini on every event, as in both protocol harnesses
/// (`harness/claude/make_settings.py`, `harness/gemini/make_settings.py`, every event captured);
/// for Codex `"*"` on its tool events and no matcher on lifecycle events, as in
/// `harness/codex/make_config.py` (verified against Codex 0.171, protocol/REPORT.md §2).
pub(crate) fn default_matcher(format: Format, event: &str) -> Option<&'static str> {
    match format {
        Format::ClaudeCode | Format::Gemini | Format::Cursor => Some("*"),
        Format::Codex => {
            matches!(event, "PreToolUse" | "PostToolUse" | "PermissionRequest").then_some("*")
        }
    }
}

/// Whether two matchers select the same calls: an absent matcher, `""` and `"*"` all match
/// everything (Claude Code hooks docs: "Use `*` to match all tools. You can also use an empty
/// string (`""`) or leave `matcher` blank").
fn same_matcher(a: Option<&str>, b: Option<&str>) -> bool {
    fn norm(m: Option<&str>) -> &str {
        match m {
            None | Some("") => "*",
            Some(m) => m,
        }
    }
    norm(a) == norm(b)
}

fn group_matcher(group: &Value) -> Option<&str> {
    group.get("matcher").and_then(Value::as_str)
}

/// Removes every hookward handler from `groups` except the one at `keep` (group index,
/// handler index, before removal). A group whose handlers were all removed by this call is
/// removed; a group that already had no handlers is left. Returns whether anything was removed.
fn remove_ours(groups: &mut Vec<Value>, keep: Option<(usize, usize)>) -> bool {
    let mut removed = false;
    let mut gi = 0;
    groups.retain_mut(|group| {
        let g = gi;
        gi += 1;
        let Some(Value::Array(handlers)) = group.get_mut("hooks") else {
            return true;
        };
        let before = handlers.len();
        let mut hi = 0;
        handlers.retain(|h| {
            let i = hi;
            hi += 1;
            !is_ours(h) || keep == Some((g, i))
        });
        if handlers.len() == before {
            true
        } else {
            removed = true;
            !handlers.is_empty()
        }
    });
    removed
}

/// (group index, handler index) of every hookward handler in `groups`.
fn our_positions(groups: &[Value]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        if let Some(Value::Array(handlers)) = group.get("hooks") {
            for (h, handler) in handlers.iter().enumerate() {
                if is_ours(handler) {
                    out.push((g, h));
                }
            }
        }
    }
    out
}

fn only_ours(group: &Value) -> bool {
    match group.get("hooks") {
        Some(Value::Array(handlers)) => handlers.iter().all(is_ours),
        _ => false,
    }
}

/// Makes `groups` hold exactly one hookward handler, with the spec's command, timeout and
/// matcher.
fn ensure_once(format: Format, event: &str, groups: &mut Vec<Value>, spec: &HookSpec) {
    let desired = match &spec.matcher {
        Some(m) => Some(m.as_str()),
        None => default_matcher(format, event),
    };
    let positions = our_positions(groups);
    let group_at = |g: usize| groups.get(g);
    let keeper = positions
        .iter()
        .copied()
        .find(|&(g, _)| group_at(g).is_some_and(|grp| same_matcher(group_matcher(grp), desired)))
        .or_else(|| {
            positions
                .iter()
                .copied()
                .find(|&(g, _)| group_at(g).is_some_and(only_ours))
        });
    remove_ours(groups, keeper);

    let kept = our_positions(groups).first().copied();
    let slot = kept.and_then(|(g, h)| {
        let group = groups.get_mut(g)?.as_object_mut()?;
        if !same_matcher(group.get("matcher").and_then(Value::as_str), desired) {
            match desired {
                Some(m) => {
                    if group.contains_key("matcher") {
                        group.insert("matcher".to_owned(), Value::from(m));
                    } else {
                        group.shift_insert(0, "matcher".to_owned(), Value::from(m));
                    }
                }
                None => {
                    group.shift_remove("matcher");
                }
            }
        }
        group.get_mut("hooks")?.get_mut(h)?.as_object_mut()
    });
    match slot {
        Some(handler) => {
            if handler.get("type").and_then(Value::as_str) != Some("command") {
                handler.insert("type".to_owned(), Value::from("command"));
            }
            if handler.get("command").and_then(Value::as_str) != Some(spec.command.as_str()) {
                handler.insert("command".to_owned(), Value::from(spec.command.as_str()));
            }
            if handler.get("timeout").and_then(Value::as_u64) != Some(u64::from(spec.timeout)) {
                handler.insert("timeout".to_owned(), Value::from(spec.timeout));
            }
            if format == Format::Gemini && !handler.contains_key("name") {
                handler.insert("name".to_owned(), Value::from(GEMINI_HOOK_NAME));
            }
        }
        None => {
            let mut handler = Map::new();
            handler.insert("type".to_owned(), Value::from("command"));
            if format == Format::Gemini {
                handler.insert("name".to_owned(), Value::from(GEMINI_HOOK_NAME));
            }
            handler.insert("command".to_owned(), Value::from(spec.command.as_str()));
            handler.insert("timeout".to_owned(), Value::from(spec.timeout));
            let mut group = Map::new();
            if let Some(m) = desired {
                group.insert("matcher".to_owned(), Value::from(m));
            }
            group.insert(
                "hooks".to_owned(),
                Value::Array(vec![Value::Object(handler)]),
            );
            groups.push(Value::Object(group));
        }
    }
}

/// Removes our handlers from every event key not in `keep_events`; removes events and the
/// `hooks` object emptied by this removal. Returns whether anything was removed.
fn remove_from_events(
    format: Format,
    root: &mut Map<String, Value>,
    keep_events: &[String],
) -> bool {
    let Some(Value::Object(hooks)) = root.get_mut("hooks") else {
        return false;
    };
    let mut removed_any = false;
    let mut emptied = Vec::new();
    for (event, groups) in hooks.iter_mut() {
        if !is_event_key(format, event) || keep_events.contains(event) {
            continue;
        }
        if let Value::Array(groups) = groups {
            if remove_ours(groups, None) {
                removed_any = true;
                if groups.is_empty() {
                    emptied.push(event.clone());
                }
            }
        }
    }
    for event in &emptied {
        hooks.shift_remove(event);
    }
    if removed_any && hooks.is_empty() {
        root.shift_remove("hooks");
    }
    removed_any
}

/// Registers `spec` (already validated, events de-duplicated) in `root`.
pub(crate) fn install(format: Format, root: &mut Map<String, Value>, spec: &HookSpec) {
    remove_from_events(format, root, &spec.events);
    if spec.events.is_empty() {
        return;
    }
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(hooks) = hooks else { return };
    for event in &spec.events {
        let groups = hooks
            .entry(event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(groups) = groups {
            ensure_once(format, event, groups, spec);
        }
    }
}

/// Removes every hookward handler from `root`.
pub(crate) fn uninstall(format: Format, root: &mut Map<String, Value>) {
    remove_from_events(format, root, &[]);
}

/// The `timeout` of a handler object.
pub(crate) fn timeout_of(handler: &Value) -> Timeout {
    match handler.get("timeout") {
        None => Timeout::Absent,
        Some(t) => match t.as_u64() {
            Some(n) => Timeout::Value(n),
            None => Timeout::Invalid(t.to_string()),
        },
    }
}

/// Lists every hookward handler in `root`, in file order.
pub(crate) fn find(format: Format, root: &Map<String, Value>) -> Vec<RegisteredHook> {
    let mut out = Vec::new();
    let Some(Value::Object(hooks)) = root.get("hooks") else {
        return out;
    };
    for (event, groups) in hooks {
        if !is_event_key(format, event) {
            continue;
        }
        let Value::Array(groups) = groups else {
            continue;
        };
        for (g, group) in groups.iter().enumerate() {
            let Some(Value::Array(handlers)) = group.get("hooks") else {
                continue;
            };
            for (h, handler) in handlers.iter().enumerate() {
                let Some(command) = handler.get("command").and_then(Value::as_str) else {
                    continue;
                };
                let Some(program) = crate::hookward_program(command) else {
                    continue;
                };
                let timeout = timeout_of(handler);
                out.push(RegisteredHook {
                    event: event.clone(),
                    group: g,
                    index: h,
                    matcher: group_matcher(group).map(str::to_owned),
                    command: command.to_owned(),
                    program,
                    timeout,
                    handler_type: handler
                        .get("type")
                        .and_then(Value::as_str)
                        .map(str::to_owned),
                    fail_closed: None,
                });
            }
        }
    }
    out
}
