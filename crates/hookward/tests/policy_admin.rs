//! Issue 19 item 1 through the binary: `policy disable|enable|add|remove` and the audit log
//! (`audit list|verify`, tampered with directly in SQLite), in a throwaway HOME.

mod common;

use common::{decision_of, Sandbox};
use serde_json::json;
use std::path::{Path, PathBuf};

fn run(s: &Sandbox, args: &[&str]) -> String {
    let out = s.cmd(args).env("USER", "tester").output().unwrap();
    let mut text = String::from_utf8_lossy(&out.stdout).to_string();
    let err = String::from_utf8_lossy(&out.stderr);
    if !err.is_empty() {
        text.push_str("--- stderr ---\n");
        text.push_str(&err);
    }
    text.push_str(&format!(
        "--- exit {} ---\n",
        out.status.code().unwrap_or(-1)
    ));
    text.replace(&s.dir.path().display().to_string(), "[TMP]")
}

fn code(s: &Sandbox, args: &[&str]) -> i32 {
    s.cmd(args)
        .env("USER", "tester")
        .output()
        .unwrap()
        .status
        .code()
        .unwrap_or(-1)
}

fn settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.add_filter(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", "[TIME]");
    settings.add_filter(r#"tester@[^\s"]+ +"#, "tester@[HOST] ");
    settings.add_filter(r#""tester@[^"]*""#, r#""tester@[HOST]""#);
    settings.add_filter(
        r#""(hash|prev_hash|source_blake3)": "[0-9a-f]{64}""#,
        r#""$1": "[HASH]""#,
    );
    settings.add_filter(
        r#""source_blake3":"[0-9a-f]{64}""#,
        r#""source_blake3":"[HASH]""#,
    );
    settings.add_filter(r#""ts_ms": \d+"#, r#""ts_ms": [MS]"#);
    settings
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/policy_admin")
        .join(name)
}

fn config(s: &Sandbox) -> String {
    std::fs::read_to_string(s.hookward_home().join("config.toml")).unwrap_or_default()
}

/// The decision the hook gives a Read of the project's `.env`.
fn env_read(s: &Sandbox) -> String {
    let payload = s.pre_tool_use("Read", json!({"file_path": s.project().join(".env")}));
    decision_of(&s.hook(&payload, &[]).0)
}

#[test]
fn disable_and_enable_edit_the_user_config_in_place_and_take_effect() {
    let s = Sandbox::new();
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    let original = "# team settings\nfail_mode = \"closed\"   # keep strict\n\n[scan]\n# quieter\nlearned_ask = 0.6\n";
    std::fs::write(s.hookward_home().join("config.toml"), original).unwrap();
    std::fs::write(s.project().join(".env"), "A=1\n").unwrap();
    let before = env_read(&s);
    assert_ne!(
        before, "none",
        "path/env-file should object before it is disabled"
    );
    settings().bind(|| {
        insta::assert_snapshot!(
            "disable",
            run(&s, &["policy", "disable", "path/env-file", "*/link-to-*"])
        );
        insta::assert_snapshot!("disable_config", config(&s));
        insta::assert_snapshot!(
            "disable_again",
            run(&s, &["policy", "disable", "path/env-file"])
        );
    });
    assert_eq!(env_read(&s), "none");
    let listed = run(&s, &["policy", "list"]);
    assert!(
        listed
            .lines()
            .any(|l| l.starts_with("path/env-file") && l.contains("disabled")),
        "{listed}"
    );
    settings().bind(|| {
        insta::assert_snapshot!(
            "enable",
            run(&s, &["policy", "enable", "path/*", "nothing/here"])
        );
        insta::assert_snapshot!("enable_config", config(&s));
        insta::assert_snapshot!("enable_nothing", run(&s, &["policy", "enable", "path/*"]));
    });
    assert_eq!(env_read(&s), before);
    // Enabling the last one leaves the rest of the file as it was written.
    assert_eq!(code(&s, &["policy", "enable", "*"]), 0);
    assert_eq!(
        config(&s),
        original.replacen("\n\n[scan]", "\ndisabled_rules = []\n\n[scan]", 1)
    );
}

#[test]
fn locked_unknown_and_broken_are_refused_and_nothing_is_written() {
    let s = Sandbox::new();
    settings().bind(|| {
        insta::assert_snapshot!(
            "refused",
            [
                run(&s, &["policy", "disable", "self/disable-hooks"]),
                run(&s, &["policy", "disable", "self/*"]),
                run(&s, &["policy", "disable", "path/env-file", "path/nope"]),
                run(&s, &["policy", "disable", "nothing/*"]),
            ]
            .join("")
        );
    });
    assert!(!s.hookward_home().join("config.toml").exists());
    assert!(run(&s, &["audit", "list"]).starts_with("the audit log is empty"));
    // Every locked id, by name, is refused.
    let listed = run(&s, &["policy", "list"]);
    let locked: Vec<&str> = listed
        .lines()
        .filter(|l| l.starts_with("self/"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(locked.len() >= 10, "{listed}");
    for id in &locked {
        assert_eq!(code(&s, &["policy", "disable", id]), 2, "{id}");
    }
    // A config that does not load is never rewritten.
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    let broken = "fail_mode = \"sometimes\"\n";
    std::fs::write(s.hookward_home().join("config.toml"), broken).unwrap();
    let out = run(&s, &["policy", "disable", "path/env-file"]);
    assert!(
        out.contains("fix the file first") && out.ends_with("--- exit 2 ---\n"),
        "{out}"
    );
    assert_eq!(config(&s), broken);
}

#[test]
fn add_checks_compiles_tests_and_installs_and_remove_takes_it_away() {
    let s = Sandbox::new();
    let src = s.dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    let policy = std::fs::read_to_string(data("no_prod.rego")).unwrap();
    let tests = std::fs::read_to_string(data("no_prod_test.rego")).unwrap();
    std::fs::write(src.join("no_prod.rego"), &policy).unwrap();
    std::fs::write(src.join("no_prod_test.rego"), &tests).unwrap();
    let file = src.join("no_prod.rego").display().to_string();
    let cwd = s.project().display().to_string();
    let eval = |s: &Sandbox, cmd: &str| {
        run(s, &["policy", "eval", "--command", cmd, "--cwd", &cwd])
            .lines()
            .find(|l| l.starts_with("decision:"))
            .unwrap_or("")
            .to_string()
    };
    // Before the custom policy the built-in pack has no rule for it (the learned backstop
    // `shell/learned-risk` may ask, never deny).
    assert_ne!(eval(&s, "psql -h prod-db"), "decision: deny");
    settings().bind(|| {
        insta::assert_snapshot!("add", run(&s, &["policy", "add", &file]));
        insta::assert_snapshot!("add_again", run(&s, &["policy", "add", &file]));
    });
    let dir = s.hookward_home().join("policies");
    assert_eq!(
        std::fs::read_to_string(dir.join("no_prod.rego")).unwrap(),
        policy
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("no_prod_test.rego")).unwrap(),
        tests
    );
    assert_eq!(eval(&s, "psql -h prod-db"), "decision: deny");
    assert_eq!(eval(&s, "psql -h localhost"), "decision: no opinion");
    let t = run(&s, &["policy", "test", "--run", "no_prod"]);
    assert!(t.contains("rego: 2 passed, 0 failed"), "{t}");
    // --replace with a version whose tests fail: refused (exit 1), the old one stays.
    std::fs::write(
        src.join("no_prod.rego"),
        policy.replace("\"psql\"", "\"psqlx\""),
    )
    .unwrap();
    let out = run(&s, &["policy", "add", &file, "--replace"]);
    assert!(
        out.contains("1 of 2 tests failed") && out.ends_with("--- exit 1 ---\n"),
        "{out}"
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("no_prod.rego")).unwrap(),
        policy
    );
    settings().bind(|| {
        insta::assert_snapshot!("remove", run(&s, &["policy", "remove", "no_prod"]));
        insta::assert_snapshot!("remove_again", run(&s, &["policy", "remove", "no_prod"]));
    });
    assert!(!dir.join("no_prod.rego").exists() && !dir.join("no_prod_test.rego").exists());
    assert_ne!(eval(&s, "psql -h prod-db"), "decision: deny");
}

#[test]
fn add_refuses_files_that_speak_for_other_rules() {
    let s = Sandbox::new();
    let src = s.dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    let good = std::fs::read_to_string(data("no_prod.rego")).unwrap();
    // Every id outside the file's own `custom/no_prod/`: built-in families, locked rules,
    // another custom policy, a look-alike prefix, the bare prefix.
    let mut cases: Vec<(String, String)> = [
        "self/disable-hooks",
        "shell/remote-exec",
        "path/env-file",
        "custom/other/psql",
        "custom/no_prodx/psql",
        "custom/no_prod",
        "no_prod/psql",
    ]
    .iter()
    .map(|id| (format!("id {id}"), good.replace("custom/no_prod/psql", id)))
    .collect();
    cases.push(("package".into(), good.replace("custom.no_prod", "shell")));
    cases.push((
        "package of another".into(),
        good.replace("custom.no_prod", "custom.other"),
    ));
    cases.push(("syntax".into(), good.replace("if {", "if {{")));
    cases.push((
        "nothing decided".into(),
        "package hookward.rules.custom.no_prod\nhelper := 1\n".into(),
    ));
    for (what, text) in &cases {
        std::fs::write(src.join("no_prod.rego"), text).unwrap();
        let out = run(
            &s,
            &[
                "policy",
                "add",
                &src.join("no_prod.rego").display().to_string(),
            ],
        );
        assert!(out.ends_with("--- exit 2 ---\n"), "{what}: {out}");
        assert!(
            !s.hookward_home().join("policies/no_prod.rego").exists(),
            "{what}"
        );
    }
    let bad_name = src.join("No-Prod.rego");
    std::fs::write(&bad_name, &good).unwrap();
    let out = run(&s, &["policy", "add", &bad_name.display().to_string()]);
    assert!(out.contains("is not a custom policy name"), "{out}");
    // `--name` names it instead of the file.
    let out = run(
        &s,
        &[
            "policy",
            "add",
            &bad_name.display().to_string(),
            "--name",
            "no_prod",
        ],
    );
    assert!(out.ends_with("--- exit 0 ---\n"), "{out}");
    assert!(run(&s, &["audit", "list"]).contains("policy.add"));
}

/// Runs SQL on the store behind hookward's back, the triggers dropped first.
fn tamper(s: &Sandbox, sql: &str) {
    let c = rusqlite::Connection::open(s.hookward_home().join("state.db")).unwrap();
    c.execute_batch(&format!(
        "DROP TRIGGER IF EXISTS audit_log_no_update; DROP TRIGGER IF EXISTS audit_log_no_delete; {sql}"
    ))
    .unwrap();
}

/// A sandbox with four audit entries: disable, disable, enable, add.
fn audited() -> Sandbox {
    let s = Sandbox::new();
    for args in [
        &["policy", "disable", "path/env-file"][..],
        &["policy", "disable", "shell/publish", "net/link-local"],
        &["policy", "enable", "net/*"],
    ] {
        assert_eq!(code(&s, args), 0, "{args:?}");
    }
    let f = data("no_prod.rego").display().to_string();
    assert_eq!(code(&s, &["policy", "add", &f]), 0);
    s
}

#[test]
fn audit_lists_every_change_and_verifies_the_chain() {
    let s = audited();
    settings().bind(|| {
        insta::assert_snapshot!("audit_list", run(&s, &["audit", "list"]));
        insta::assert_snapshot!(
            "audit_list_json",
            run(&s, &["audit", "list", "--limit", "1", "--json"])
        );
        insta::assert_snapshot!("audit_verify", run(&s, &["audit", "verify"]));
    });
    let fresh = Sandbox::new();
    assert!(run(&fresh, &["audit", "verify"]).starts_with("ok 0 entries"));
}

#[test]
fn audit_verify_fails_on_edited_deleted_and_reordered_entries() {
    let cases: &[(&str, &str)] = &[
        ("edited", "UPDATE audit_log SET details = replace(details, 'shell/publish', 'shell/remote-exec') WHERE id = 2"),
        ("edited_actor", "UPDATE audit_log SET actor = 'someone@else' WHERE id = 1"),
        ("deleted_middle", "DELETE FROM audit_log WHERE id = 2"),
        ("deleted_last", "DELETE FROM audit_log WHERE id = 4"),
        ("reordered", "UPDATE audit_log SET id = -2 WHERE id = 2; UPDATE audit_log SET id = 2 WHERE id = 3; UPDATE audit_log SET id = 3 WHERE id = -2"),
    ];
    for (name, sql) in cases {
        let s = audited();
        tamper(&s, sql);
        assert_eq!(code(&s, &["audit", "verify"]), 1, "{name}");
        settings().bind(|| {
            insta::assert_snapshot!(
                format!("audit_verify_{name}"),
                run(&s, &["audit", "verify"])
            );
        });
        let out = s.cmd(&["audit", "verify", "--json"]).output().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["ok"], false, "{name}");
        assert!(
            v["problems"][0]["id"].as_str().unwrap().starts_with('A'),
            "{v}"
        );
    }
}
