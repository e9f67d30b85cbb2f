//! Fuzzes the Claude Code adapter: any bytes parse or fail cleanly, and rendering never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(event) = hookward_claude::parse(data, &hookward_claude::Env::default()) {
        let response = hookward_core::Response {
            decision: Some(hookward_core::Decision::Deny),
            reason: Some("r".into()),
            ..Default::default()
        };
        let reply = hookward_claude::render(&event, &response);
        if let Some(out) = reply.stdout {
            let _: serde_json::Value = serde_json::from_str(&out).expect("reply is JSON");
        }
    }
});
