//! Property: for arbitrary settings holding other tools' hooks, install then uninstall gives
//! back the original JSON value (key order included), and install registers us exactly once
//! per event.

use std::fs;

use hookward_install::{
    apply, inspect, is_hookward_command, plan_install, plan_uninstall, Format, HookSpec,
};
use proptest::prelude::*;
use serde_json::{Map, Value};

const EVENT_NAMES: [&str; 6] = [
    "PreToolUse",
    "PostToolUse",
    "Stop",
    "SessionStart",
    "Notification",
    "odd.Event name",
];

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        "[a-zA-Z0-9 é\"\\\\/]{0,12}".prop_map(Value::from),
    ]
}

fn other_command() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z0-9 ./'\"$-]{0,24}".prop_map(|s| format!("echo {s}")),
        "[a-zA-Z0-9 ./'\"$_=-]{0,30}",
        Just("hookward doctor".to_owned()),
        Just("/usr/bin/hookward-helper hook x".to_owned()),
        Just("echo hookward hook".to_owned()),
    ]
    .prop_filter("not ours", |c| !is_hookward_command(c))
}

fn handler() -> impl Strategy<Value = Value> {
    (
        other_command(),
        proptest::option::of(0u32..1000),
        proptest::option::of(any::<bool>()),
        any::<bool>(),
    )
        .prop_map(|(command, timeout, is_async, typed)| {
            let mut m = Map::new();
            if typed {
                m.insert("type".into(), "command".into());
            }
            m.insert("command".into(), command.into());
            if let Some(t) = timeout {
                m.insert("timeout".into(), t.into());
            }
            if let Some(a) = is_async {
                m.insert("async".into(), a.into());
            }
            Value::Object(m)
        })
}

fn group() -> impl Strategy<Value = Value> {
    (
        proptest::option::of(prop_oneof![
            Just("*".to_owned()),
            Just(String::new()),
            Just("Bash".to_owned()),
            "[A-Za-z|]{1,12}",
        ]),
        proptest::collection::vec(handler(), 0..3),
        any::<bool>(),
    )
        .prop_map(|(matcher, handlers, matcher_last)| {
            let mut m = Map::new();
            if !matcher_last {
                if let Some(x) = &matcher {
                    m.insert("matcher".into(), x.clone().into());
                }
            }
            m.insert("hooks".into(), Value::Array(handlers));
            if matcher_last {
                if let Some(x) = matcher {
                    m.insert("matcher".into(), x.into());
                }
            }
            Value::Object(m)
        })
}

/// Settings whose `hooks` (when present) is non-empty and whose event arrays are non-empty:
/// `plan_uninstall` documents that empty containers only our entries filled are removed.
fn settings() -> impl Strategy<Value = Value> {
    (
        proptest::collection::vec(("[a-zA-Z]{1,8}", leaf()), 0..4),
        proptest::option::of(proptest::collection::vec(
            (
                proptest::sample::select(&EVENT_NAMES[..]),
                proptest::collection::vec(group(), 1..3),
            ),
            1..5,
        )),
        0usize..5,
    )
        .prop_map(|(others, hooks, hooks_at)| {
            let mut root = Map::new();
            for (k, v) in others {
                if k != "hooks" {
                    root.insert(k, v);
                }
            }
            if let Some(events) = hooks {
                let mut h = Map::new();
                for (name, groups) in events {
                    h.entry(name.to_owned()).or_insert(Value::Array(groups));
                }
                let at = hooks_at.min(root.len());
                root.shift_insert(at, "hooks".into(), Value::Object(h));
            }
            Value::Object(root)
        })
}

fn spec_events() -> impl Strategy<Value = Vec<String>> {
    proptest::sample::subsequence(&EVENT_NAMES[..], 0..=EVENT_NAMES.len())
        .prop_map(|v| v.into_iter().map(str::to_owned).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn install_then_uninstall_restores_the_original(
        original in settings(),
        events in spec_events(),
        pretty in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        let text = if pretty {
            serde_json::to_string_pretty(&original).unwrap()
        } else {
            serde_json::to_string(&original).unwrap()
        };
        fs::write(&path, &text).unwrap();
        let spec = HookSpec {
            command: "/opt/hookward/bin/hookward hook claude-code".into(),
            events: events.clone(),
            matcher: None,
            timeout: 10,
            fail_closed: false,
        };

        apply(&plan_install(Format::ClaudeCode, &path, &spec).unwrap()).unwrap();
        let reg = inspect(Format::ClaudeCode, &path).unwrap();
        for event in &events {
            prop_assert_eq!(reg.count(event), 1);
        }
        prop_assert_eq!(reg.entries.len(), events.len());
        prop_assert!(!plan_install(Format::ClaudeCode, &path, &spec).unwrap().changed);

        apply(&plan_uninstall(Format::ClaudeCode, &path).unwrap()).unwrap();
        let back: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
        prop_assert_eq!(
            serde_json::to_string(&back).unwrap(),
            serde_json::to_string(&original).unwrap()
        );
    }
}
