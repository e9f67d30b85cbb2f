//! Issue 19 item 3 through the binary: a team bundle signed here (RS256, the test keys of
//! `crates/hookward-bundle/tests/data`) is pulled with `hookward policy pull`, its rule decides
//! in the hook, the rules it locks cannot be disabled (config or `policy disable`), the
//! settings it manages only tighten, a tampered bundle is refused with the last good one kept,
//! and `hookward doctor` shows revision, signer and the refusal.

mod common;

use common::{decision_of, Sandbox};
use serde_json::json;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn keys() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../hookward-bundle/tests/data")
}

const RULE: &str = r#"package hookward.rules.org.base

import rego.v1

# @rule org/no-prod-deploy deny
# Production is deployed by the pipeline, never by an agent.
decision contains {"id": "org/no-prod-deploy", "decision": "deny", "reason": "production deploys run from the pipeline here"} if {
    input.event.tool.kind == "shell"
    contains(input.event.tool.input.command, "deploy-prod")
}
"#;

const RULE_TEST: &str = r#"package hookward.rules.org.base_test

import rego.v1

test_destroy_denied if {
    some d in data.hookward.rules.org.base.decision with input as {"event": {"tool": {"kind": "shell", "input": {"command": "make deploy-prod"}}}}
    d.id == "org/no-prod-deploy"
}
"#;

/// Writes a bundle folder with `revision`, signed with `key` (a file of the test keys).
fn bundle(dir: &Path, revision: &str, rule: &str, key: &str) {
    let mut files = BTreeMap::new();
    files.insert("org/base.rego".to_string(), rule.as_bytes().to_vec());
    files.insert(
        "org/base_test.rego".to_string(),
        RULE_TEST.as_bytes().to_vec(),
    );
    files.insert(
        ".manifest".to_string(),
        serde_json::to_vec(&json!({
            "revision": revision,
            "metadata": {"hookward": {
                "locked_rules": ["org/*"],
                "config": {"fail_mode": "closed"}
            }}
        }))
        .unwrap(),
    );
    let pem = std::fs::read_to_string(keys().join(key)).unwrap();
    let sig = hookward_bundle::sign(
        &files,
        "RS256",
        &pem,
        Some("org-2026"),
        Some("policy-ci"),
        None,
        Some(1_764_806_400),
    )
    .unwrap();
    files.insert(".signatures.json".to_string(), sig);
    let _ = std::fs::remove_dir_all(dir);
    for (name, bytes) in &files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    }
}

fn out(s: &Sandbox, args: &[&str]) -> (String, String, i32) {
    let o = s.cmd(args).env("USER", "tester").output().unwrap();
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.code().unwrap_or(-1),
    )
}

fn destroy(s: &Sandbox) -> String {
    let p = s.pre_tool_use("Bash", json!({"command": "make deploy-prod"}));
    let (stdout, _, _) = s.hook(&p, &[]);
    format!("{} {}", decision_of(&stdout), stdout)
}

#[test]
fn a_pulled_bundle_decides_locks_its_rules_and_survives_a_tampered_pull() {
    let s = Sandbox::new();
    let src = s.dir.path().join("team-bundle");
    bundle(&src, "2026.12.1", RULE, "rsa-private.pem");
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    let config = format!(
        "fail_mode = \"open\"\ndisabled_rules = [\"org/no-prod-deploy\"]\n\n[policy.bundle]\nsource = \"{}\"\npublic_key = \"{}\"\nkey_id = \"org-2026\"\n",
        src.display(),
        keys().join("rsa-public.pem").display()
    );
    std::fs::write(s.hookward_home().join("config.toml"), config).unwrap();

    // Before a pull the organisation's rule does not exist.
    assert!(destroy(&s).starts_with("none"), "{}", destroy(&s));

    let (stdout, stderr, code) = out(&s, &["policy", "pull"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    assert!(
        stdout.contains("activated: bundle revision \"2026.12.1\"")
            && stdout.contains("signed (RS256, key org-2026, by policy-ci)"),
        "{stdout}"
    );
    // The rule decides in the hook although the user's config disables it: the bundle locks it.
    let d = destroy(&s);
    assert!(
        d.starts_with("deny") && d.contains("org/no-prod-deploy"),
        "{d}"
    );
    // `policy disable` refuses it by name.
    let (stdout, stderr, code) = out(&s, &["policy", "disable", "org/no-prod-deploy"]);
    assert_ne!(code, 0, "{stdout}");
    assert!(
        stderr.contains("locked by the managed policy bundle"),
        "{stderr}"
    );
    // The managed settings tighten the user's: fail_mode = "open" gives way to "closed".
    let (stdout, _, _) = out(&s, &["config", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let cfg = v.get("config").unwrap_or(&v);
    assert_eq!(cfg["fail_mode"], "closed", "{stdout}");
    // `policy list` shows the bundle's rule.
    let (stdout, _, _) = out(&s, &["policy", "list"]);
    assert!(stdout.contains("org/no-prod-deploy"), "{stdout}");
    // The same bundle again: nothing changes.
    let (stdout, _, code) = out(&s, &["policy", "pull"]);
    assert_eq!(code, 0);
    assert!(stdout.starts_with("unchanged:"), "{stdout}");

    // A bundle changed after signing (the rule quietly emptied) is refused; the good one stays.
    bundle(&src, "2026.12.2", RULE, "rsa-private.pem");
    std::fs::write(
        src.join("org/base.rego"),
        "package hookward.rules.org.base\n",
    )
    .unwrap();
    let (stdout, stderr, code) = out(&s, &["policy", "pull"]);
    assert_ne!(code, 0, "{stdout}");
    assert!(
        stderr.contains("not activated") && stderr.contains("digest mismatch"),
        "{stderr}"
    );
    let d = destroy(&s);
    assert!(
        d.starts_with("deny"),
        "the last good bundle must stay in force: {d}"
    );
    // Signed by another key: refused too.
    bundle(&src, "2026.12.3", RULE, "rsa-other-private.pem");
    let (_, stderr, code) = out(&s, &["policy", "pull"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("does not verify"), "{stderr}");
    // A correctly signed bundle whose rule does not compile is refused before activation.
    bundle(
        &src,
        "2026.12.4",
        "package hookward.rules.org.base\n\ndecision contains x if {\n",
        "rsa-private.pem",
    );
    let (_, stderr, code) = out(&s, &["policy", "pull"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("does not compile"), "{stderr}");

    // doctor: revision, signer, and the refused pull.
    let (stdout, _, _) = out(&s, &["doctor"]);
    assert!(
        stdout.contains("policy bundle: revision \"2026.12.1\"")
            && stdout.contains("signed with RS256 key org-2026 by policy-ci"),
        "{stdout}"
    );
    assert!(stdout.contains("was rejected"), "{stdout}");
    // The audit log holds the activation and the refusals.
    let (stdout, _, _) = out(&s, &["audit", "list", "--json"]);
    assert!(stdout.contains("policy.bundle.activate"), "{stdout}");
    assert!(stdout.contains("policy.bundle.reject"), "{stdout}");
}

#[test]
fn without_a_key_a_bundle_is_refused() {
    let s = Sandbox::new();
    let src = s.dir.path().join("b");
    bundle(&src, "r1", RULE, "rsa-private.pem");
    std::fs::create_dir_all(s.hookward_home()).unwrap();
    std::fs::write(
        s.hookward_home().join("config.toml"),
        format!("[policy.bundle]\nsource = \"{}\"\n", src.display()),
    )
    .unwrap();
    let (_, stderr, code) = out(&s, &["policy", "pull"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("no verification key"), "{stderr}");
    assert!(destroy(&s).starts_with("none"));
}
