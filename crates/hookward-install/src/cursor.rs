//! Cursor's `hooks.json` shape: `{"version": 1, "hooks": {"<event>": [{"command": "...",
//! "timeout": N, "failClosed": bool, "matcher": "..."}]}}` — a flat list of handlers per event,
//! no matcher groups (Cursor hooks docs, <https://cursor.com/docs/agent/hooks>).

use std::path::Path;

use serde_json::{Map, Value};

use crate::document::{shape_error, type_name, JsonPath};
use crate::{HookSpec, InstallError, RegisteredHook};

/// The events where Cursor can block the action, so where `failClosed` means something: a
/// hook that crashes, times out or prints invalid JSON blocks the action instead of letting it
/// through (Cursor hooks docs, <https://cursor.com/docs/agent/hooks>: "non-zero without
/// `failClosed: true` lets the action through"). On the other events (`afterFileEdit`,
/// `postToolUse`, `stop`, …) nothing is waiting on the answer, so the key is not written.
pub const CURSOR_GATING_EVENTS: &[&str] = &[
    "preToolUse",
    "beforeShellExecution",
    "beforeMCPExecution",
    "beforeReadFile",
    "beforeSubmitPrompt",
];

fn is_ours(handler: &Value) -> bool {
    handler
        .get("command")
        .and_then(Value::as_str)
        .is_some_and(crate::is_hookward_command)
}

/// Checks every part of the structure this module reads or edits.
pub(crate) fn validate(
    path: &Path,
    text: Option<&str>,
    root: &Map<String, Value>,
) -> Result<(), InstallError> {
    let err = |field: &JsonPath, expected, found| shape_error(path, text, field, expected, found);
    if let Some(version) = root.get("version") {
        if !version.is_u64() {
            return Err(err(
                &JsonPath::default().key("version"),
                "the number 1 (Cursor's hooks.json format version)",
                type_name(version),
            ));
        }
    }
    let Some(hooks) = root.get("hooks") else {
        return Ok(());
    };
    let at = JsonPath::default().key("hooks");
    let Value::Object(events) = hooks else {
        return Err(err(
            &at,
            "an object mapping event names to arrays of hook entries",
            type_name(hooks),
        ));
    };
    for (event, handlers) in events {
        let at = at.key(event);
        let Value::Array(handlers) = handlers else {
            return Err(err(
                &at,
                "an array of hook entries (`[{\"command\": ...}]`)",
                type_name(handlers),
            ));
        };
        for (i, handler) in handlers.iter().enumerate() {
            if !handler.is_object() {
                return Err(err(
                    &at.index(i),
                    "a hook entry object (`{\"command\": ...}`)",
                    type_name(handler),
                ));
            }
        }
    }
    Ok(())
}

/// Makes `handlers` hold exactly one hookward entry with the spec's command, timeout and
/// (on gating events) `failClosed`. The first existing entry of ours is updated in place.
fn ensure_once(event: &str, handlers: &mut Vec<Value>, spec: &HookSpec) {
    let mut seen = false;
    handlers.retain(|h| {
        if !is_ours(h) {
            return true;
        }
        let keep = !seen;
        seen = true;
        keep
    });
    let gating = CURSOR_GATING_EVENTS.contains(&event);
    let existing = handlers
        .iter_mut()
        .find(|h| is_ours(h))
        .and_then(Value::as_object_mut);
    match existing {
        Some(handler) => {
            if handler.get("command").and_then(Value::as_str) != Some(spec.command.as_str()) {
                handler.insert("command".to_owned(), Value::from(spec.command.as_str()));
            }
            if handler.get("timeout").and_then(Value::as_u64) != Some(u64::from(spec.timeout)) {
                handler.insert("timeout".to_owned(), Value::from(spec.timeout));
            }
            if gating {
                if handler.get("failClosed").and_then(Value::as_bool) != Some(spec.fail_closed) {
                    handler.insert("failClosed".to_owned(), Value::from(spec.fail_closed));
                }
            } else {
                handler.shift_remove("failClosed");
            }
        }
        None => {
            let mut handler = Map::new();
            handler.insert("command".to_owned(), Value::from(spec.command.as_str()));
            handler.insert("timeout".to_owned(), Value::from(spec.timeout));
            if gating {
                handler.insert("failClosed".to_owned(), Value::from(spec.fail_closed));
            }
            handlers.push(Value::Object(handler));
        }
    }
}

/// Removes our entries from every event not in `keep`; removes event arrays and the `hooks`
/// object emptied by this removal.
fn remove_from_events(root: &mut Map<String, Value>, keep: &[String]) {
    let Some(Value::Object(hooks)) = root.get_mut("hooks") else {
        return;
    };
    let mut removed_any = false;
    let mut emptied = Vec::new();
    for (event, handlers) in hooks.iter_mut() {
        if keep.contains(event) {
            continue;
        }
        if let Value::Array(handlers) = handlers {
            let before = handlers.len();
            handlers.retain(|h| !is_ours(h));
            if handlers.len() != before {
                removed_any = true;
                if handlers.is_empty() {
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
}

/// Registers `spec` (validated, events de-duplicated) in `root`. Writes `"version": 1` first
/// when the file has no version (Cursor requires it).
pub(crate) fn install(root: &mut Map<String, Value>, spec: &HookSpec) {
    remove_from_events(root, &spec.events);
    if spec.events.is_empty() {
        return;
    }
    if !root.contains_key("version") {
        root.shift_insert(0, "version".to_owned(), Value::from(1));
    }
    let hooks = root
        .entry("hooks")
        .or_insert_with(|| Value::Object(Map::new()));
    let Value::Object(hooks) = hooks else { return };
    for event in &spec.events {
        let handlers = hooks
            .entry(event.clone())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(handlers) = handlers {
            ensure_once(event, handlers, spec);
        }
    }
}

/// Removes every hookward entry from `root`. `version` is left (it may predate us).
pub(crate) fn uninstall(root: &mut Map<String, Value>) {
    remove_from_events(root, &[]);
}

/// Lists every hookward entry in `root`, in file order. `group` is the entry's index in the
/// event's array and `index` is always 0 (Cursor has no matcher groups).
pub(crate) fn find(root: &Map<String, Value>) -> Vec<RegisteredHook> {
    let mut out = Vec::new();
    let Some(Value::Object(hooks)) = root.get("hooks") else {
        return out;
    };
    for (event, handlers) in hooks {
        let Value::Array(handlers) = handlers else {
            continue;
        };
        for (i, handler) in handlers.iter().enumerate() {
            let Some(command) = handler.get("command").and_then(Value::as_str) else {
                continue;
            };
            let Some(program) = crate::hookward_program(command) else {
                continue;
            };
            out.push(RegisteredHook {
                event: event.clone(),
                group: i,
                index: 0,
                matcher: handler
                    .get("matcher")
                    .and_then(Value::as_str)
                    .map(str::to_owned),
                command: command.to_owned(),
                program,
                timeout: crate::groups::timeout_of(handler),
                // Cursor entries are command hooks unless `type` says otherwise.
                handler_type: Some(
                    handler
                        .get("type")
                        .and_then(Value::as_str)
                        .unwrap_or("command")
                        .to_owned(),
                ),
                fail_closed: handler.get("failClosed").and_then(Value::as_bool),
            });
        }
    }
    out
}
