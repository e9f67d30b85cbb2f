//! Fuzzes the shell analyzer: any string must analyse without panicking, deterministically.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let ctx = hookward_shell::ShellContext {
        cwd: "/home/dev/project".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/project".into()),
    };
    let a = hookward_shell::analyze(&text, &ctx);
    let b = hookward_shell::analyze(&text, &ctx);
    assert_eq!(a, b, "analysis is not deterministic");
});
