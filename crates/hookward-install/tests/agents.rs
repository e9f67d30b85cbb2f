//! The installer's guarantees for Codex (hooks.json + config.toml trust), Gemini CLI and
//! Cursor, mirroring the Claude Code bug classes (issue #2 (a)–(b), issue #6): others' entries
//! survive, an unparseable file is left untouched with an error naming it, install is
//! idempotent, one backup, uninstall removes only ours.

use std::fs;
use std::path::{Path, PathBuf};

use hookward_install::{
    apply, codex_trust_hash, codex_trust_key, inspect, inspect_codex_trust, list_backups,
    plan_codex_trust, plan_install, plan_uninstall, Format, HookSpec, TrustState,
};
use serde_json::{json, Value};

fn spec(format: Format, agent: &str, events: &[&str]) -> HookSpec {
    HookSpec {
        command: format!("/opt/hw/hookward hook {agent}"),
        events: events.iter().map(|e| e.to_string()).collect(),
        matcher: None,
        timeout: format.timeout_from_secs(10),
        fail_closed: true,
    }
}

const CODEX: &[&str] = &["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop"];
const GEMINI: &[&str] = &["BeforeTool", "AfterTool", "BeforeAgent"];
const CURSOR: &[&str] = &[
    "preToolUse",
    "beforeShellExecution",
    "afterFileEdit",
    "stop",
];

/// Another tool's entries in each agent's own shape.
fn others(format: Format) -> Value {
    match format {
        Format::Cursor => json!({"version": 1, "hooks": {
            "beforeShellExecution": [{"command": "./audit.sh", "timeout": 5}],
            "afterFileEdit": [{"command": "prettier --write"}]}}),
        Format::Gemini => json!({"general": {"vimMode": true}, "hooks": {
            "BeforeTool": [{"matcher": "run_shell_command", "hooks": [{"type": "command", "command": "./g.sh", "timeout": 3000}]}]}}),
        _ => json!({"hooks": {
            "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "python3 other.py"}]}],
            "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]}}),
    }
}

fn cases() -> Vec<(Format, &'static str, &'static [&'static str], &'static str)> {
    vec![
        (Format::Codex, "codex", CODEX, "hooks.json"),
        (Format::Gemini, "gemini", GEMINI, "settings.json"),
        (Format::Cursor, "cursor", CURSOR, "hooks.json"),
    ]
}

fn read_json(p: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    fs::write(&p, text).unwrap();
    p
}

/// (a) Others' entries survive install and uninstall; second install changes nothing and
/// makes no backup; each change makes one dated backup of what it changed; uninstall gives
/// back the original bytes.
#[test]
fn others_survive_install_is_idempotent_one_backup_uninstall_removes_only_ours() {
    for (format, agent, events, name) in cases() {
        let dir = tempfile::tempdir().unwrap();
        let original = serde_json::to_string_pretty(&others(format)).unwrap();
        let path = write(&dir, name, &original);
        let s = spec(format, agent, events);

        let plan = plan_install(format, &path, &s).unwrap();
        assert!(plan.changed, "{agent}");
        assert!(
            plan.diff.starts_with(&format!("--- {}", path.display())),
            "{agent}"
        );
        // Dry run: nothing written.
        assert_eq!(fs::read_to_string(&path).unwrap(), original, "{agent}");
        let out = apply(&plan).unwrap();
        assert!(out.backup_created, "{agent}");
        assert_eq!(out.backup.as_ref(), list_backups(&path).unwrap().first());
        assert_eq!(fs::read_to_string(out.backup.unwrap()).unwrap(), original);

        let reg = inspect(format, &path).unwrap();
        for e in events {
            assert_eq!(reg.count(e), 1, "{agent} {e}");
        }
        // Their entries are still there, first.
        let v = read_json(&path);
        match format {
            Format::Cursor => {
                assert_eq!(
                    v["hooks"]["beforeShellExecution"][0]["command"],
                    "./audit.sh"
                );
                assert_eq!(
                    v["hooks"]["afterFileEdit"][0]["command"],
                    "prettier --write"
                );
            }
            Format::Gemini => {
                assert_eq!(v["general"]["vimMode"], true);
                assert_eq!(v["hooks"]["BeforeTool"][0]["hooks"][0]["command"], "./g.sh");
            }
            _ => {
                assert_eq!(
                    v["hooks"]["PreToolUse"][0]["hooks"][0]["command"],
                    "python3 other.py"
                );
                assert_eq!(
                    v["hooks"]["Stop"][0]["hooks"][0]["command"],
                    "notify-send done"
                );
            }
        }

        // Idempotent: byte-identical, no new backup.
        let bytes = fs::read(&path).unwrap();
        let again = plan_install(format, &path, &s).unwrap();
        assert!(!again.changed, "{agent}: {}", again.diff);
        assert!(!apply(&again).unwrap().written);
        assert_eq!(fs::read(&path).unwrap(), bytes);

        assert_eq!(list_backups(&path).unwrap().len(), 1, "{agent}");

        // Uninstall gives back the original bytes; its backup holds the installed file.
        let out = apply(&plan_uninstall(format, &path).unwrap()).unwrap();
        assert!(out.written && out.backup_created, "{agent}");
        assert_eq!(fs::read_to_string(&path).unwrap(), original, "{agent}");
        let backups = list_backups(&path).unwrap();
        assert_eq!(backups.len(), 2, "{agent}");
        assert_eq!(fs::read(&backups[1]).unwrap(), bytes, "{agent}");
        assert!(!plan_uninstall(format, &path).unwrap().changed);
    }
}

/// (b) An unparseable file is never written, and the error names it.
#[test]
fn unparseable_file_is_left_untouched_with_an_error_naming_it() {
    for (format, agent, events, name) in cases() {
        for bad in [
            "{\"hooks\": {},}",
            "\u{feff}{}",
            "{\"hooks\": []}",
            "{\"hooks\": {\"x\": 3}}",
        ] {
            let dir = tempfile::tempdir().unwrap();
            let path = write(&dir, name, bad);
            let err = plan_install(format, &path, &spec(format, agent, events)).unwrap_err();
            assert!(
                err.to_string().contains(&path.display().to_string()),
                "{agent} {bad:?}: {err}"
            );
            assert!(plan_uninstall(format, &path).is_err(), "{agent} {bad:?}");
            assert_eq!(fs::read_to_string(&path).unwrap(), bad);
            assert!(list_backups(&path).unwrap().is_empty());
        }
    }
    // Cursor's `version` must be a number.
    let dir = tempfile::tempdir().unwrap();
    let path = write(&dir, "hooks.json", "{\"version\": \"1\"}");
    let err = plan_install(
        Format::Cursor,
        &path,
        &spec(Format::Cursor, "cursor", CURSOR),
    );
    assert!(err.unwrap_err().to_string().contains("`version`"));
}

#[test]
fn gemini_entries_are_named_and_timed_in_milliseconds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("settings.json");
    apply(
        &plan_install(
            Format::Gemini,
            &path,
            &spec(Format::Gemini, "gemini", GEMINI),
        )
        .unwrap(),
    )
    .unwrap();
    let v = read_json(&path);
    // The shape the protocol harness wrote (harness/gemini/make_settings.py), timeout in ms.
    assert_eq!(
        v["hooks"]["BeforeTool"],
        json!([{"matcher": "*", "hooks": [{"type": "command", "name": "hookward",
            "command": "/opt/hw/hookward hook gemini", "timeout": 10000}]}])
    );
}

#[test]
fn cursor_gets_version_and_fail_closed_only_where_it_can_block() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hooks.json");
    let mut s = spec(Format::Cursor, "cursor", CURSOR);
    apply(&plan_install(Format::Cursor, &path, &s).unwrap()).unwrap();
    let v = read_json(&path);
    assert_eq!(v["version"], 1);
    assert_eq!(
        v["hooks"]["beforeShellExecution"],
        json!([{"command": "/opt/hw/hookward hook cursor", "timeout": 10, "failClosed": true}])
    );
    assert_eq!(
        v["hooks"]["afterFileEdit"],
        json!([{"command": "/opt/hw/hookward hook cursor", "timeout": 10}])
    );
    // fail_mode open → failClosed false, updated in place.
    s.fail_closed = false;
    let plan = plan_install(Format::Cursor, &path, &s).unwrap();
    let flipped = |sign: char, v: &str| {
        plan.diff
            .lines()
            .any(|l| l.starts_with(sign) && l.contains(&format!("\"failClosed\": {v}")))
    };
    assert!(
        flipped('-', "true") && flipped('+', "false"),
        "{}",
        plan.diff
    );
    apply(&plan).unwrap();
    let reg = inspect(Format::Cursor, &path).unwrap();
    let pre: Vec<_> = reg.entries_for("preToolUse").collect();
    assert_eq!(pre.len(), 1);
    assert_eq!(pre[0].fail_closed, Some(false));
    // A duplicate of ours (say, an old copy elsewhere) is folded into one.
    let mut v = read_json(&path);
    v["hooks"]["stop"]
        .as_array_mut()
        .unwrap()
        .push(json!({"command": "/old/bin/hookward hook cursor"}));
    fs::write(&path, v.to_string()).unwrap();
    apply(&plan_install(Format::Cursor, &path, &s).unwrap()).unwrap();
    assert_eq!(inspect(Format::Cursor, &path).unwrap().count("stop"), 1);
}

/// The harness's known example: `make_config.py` with `PRETRUST=1`,
/// `HOOK_CMD="/opt/hw/hookward hook codex"`, `HOOK_TIMEOUT=10`, CODEX_HOME `/tmp/hwtrust/ch`
/// wrote these (hash values copied from its config.toml), and hooks it wrote that way ran in
/// `codex exec` without the bypass flag (protocol/REPORT.md §2).
#[test]
fn codex_hash_matches_the_harness_known_example() {
    let cmd = |ev: &str| format!("/opt/hw/hookward hook codex {ev}");
    for (event, matcher, timeout, want) in [
        (
            "PreToolUse",
            Some("*"),
            Some(10),
            "sha256:646b90071bd774bce6d0fee90e9021f03fd13fdfa6b74cc3ea8ad7c79f1d6f9e",
        ),
        (
            "PermissionRequest",
            Some("*"),
            Some(10),
            "sha256:e451a83cde48457a8f317b9f9b75709ace16009e8112e1f3b94175036d699801",
        ),
        (
            "PostToolUse",
            Some("*"),
            Some(10),
            "sha256:4b5e25ec3e064d26bdb083ff6337ac9270c69102ae75125b100d15bec2fdcc2b",
        ),
        (
            "Stop",
            None,
            Some(10),
            "sha256:e7fb843219fd3adcdc51cf95011bfa042d3d95697a88bde33c763c4eac76eb82",
        ),
        (
            "SubagentStart",
            None,
            Some(10),
            "sha256:d3b80353a8e6605c1fcf06d415cfb729143c9ef8c7dcef222b8b29f277c16211",
        ),
        // Without HOOK_TIMEOUT: Codex's defaults, 600 s and 1 s for SessionEnd.
        (
            "PreToolUse",
            Some("*"),
            None,
            "sha256:34b2763364925c90d5199658c961c3e6281ca11659b4937db4581cf5084f52cd",
        ),
        (
            "SessionEnd",
            None,
            None,
            "sha256:154cee8b8e775c3bed3bb54ef47bab0b63d720c49a2d1955679c12e2cad9a208",
        ),
    ] {
        assert_eq!(
            codex_trust_hash(event, matcher, &cmd(event), timeout),
            want,
            "{event}"
        );
    }
    assert_eq!(
        codex_trust_key(Path::new("/tmp/hwtrust/ch/hooks.json"), "PreToolUse", 0, 0),
        "/tmp/hwtrust/ch/hooks.json:pre_tool_use:0:0"
    );
}

/// Runs the harness's own `make_config.py` (when python3 is there) on a hookward command and
/// checks that our trust plan for its hooks.json writes exactly the harness's entries.
#[test]
fn codex_trust_plan_reproduces_the_harness_output() {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/protocol/harness/codex/make_config.py");
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("codexhome");
    let ran = std::process::Command::new("python3")
        .arg(&script)
        .arg(&home)
        .arg("9")
        .env("PRETRUST", "1")
        .env("HOOK_CMD", "/opt/hw/hookward hook codex")
        .env("HOOK_TIMEOUT", "10")
        .status();
    let Ok(status) = ran else {
        eprintln!(
            "python3 not found: harness cross-check skipped (hard-coded example still checked)"
        );
        return;
    };
    assert!(status.success(), "{} failed", script.display());
    let harness = fs::read_to_string(home.join("config.toml")).unwrap();
    let hooks_path = home.join("hooks.json");
    let hooks = fs::read_to_string(&hooks_path).unwrap();
    let empty = dir.path().join("empty.toml");
    let plan = plan_codex_trust(&empty, &hooks_path, None, &hooks, true).unwrap();
    // Every `[hooks.state."…"]` block of the harness, in its order, and nothing else.
    let blocks = |t: &str| -> Vec<String> {
        t.split("\n[")
            .filter(|b| b.starts_with("hooks.state.") || b.starts_with("[hooks.state."))
            .map(|b| b.trim_start_matches('[').trim().to_owned())
            .collect()
    };
    let want = blocks(&harness);
    assert_eq!(want.len(), 11, "{harness}");
    assert_eq!(blocks(&format!("\n{}", plan.after)), want, "{}", plan.after);
}

const CONFIG: &str = "# my Codex config\nmodel = \"gpt-5.5\"   # keep this comment\n\n[features]\nhooks = true\n\n[hooks.state.\"/elsewhere/hooks.json:stop:0:0\"]\ntrusted_hash = \"sha256:0000\"\n";

#[test]
fn codex_trust_keeps_the_config_and_uninstall_removes_only_ours() {
    let dir = tempfile::tempdir().unwrap();
    let hooks_path = write(
        &dir,
        "hooks.json",
        &serde_json::to_string_pretty(&others(Format::Codex)).unwrap(),
    );
    let config = write(&dir, "config.toml", CONFIG);
    let s = spec(Format::Codex, "codex", CODEX);

    let hooks_plan = plan_install(Format::Codex, &hooks_path, &s).unwrap();
    let trust = plan_codex_trust(
        &config,
        &hooks_path,
        hooks_plan.before.as_deref(),
        &hooks_plan.after,
        true,
    )
    .unwrap();
    assert!(trust.changed);
    assert!(trust.after.starts_with(CONFIG), "{}", trust.after);
    apply(&trust).unwrap();
    apply(&hooks_plan).unwrap();
    assert_eq!(
        fs::read_to_string(&list_backups(&config).unwrap()[0]).unwrap(),
        CONFIG
    );
    let t = inspect_codex_trust(&config, &hooks_path).unwrap();
    assert_eq!(t.entries.len(), CODEX.len());
    assert!(
        t.entries.iter().all(|e| e.state == TrustState::Trusted),
        "{t:?}"
    );
    assert!(!t.hooks_feature_off);
    // Our PreToolUse group comes after theirs: group 1.
    let key = codex_trust_key(&hooks_path, "PreToolUse", 1, 0);
    assert!(
        trust.after.contains(&format!("[hooks.state.\"{key}\"]")),
        "{}",
        trust.after
    );

    // Idempotent.
    let again = plan_install(Format::Codex, &hooks_path, &s).unwrap();
    assert!(!again.changed);
    let trust_again = plan_codex_trust(
        &config,
        &hooks_path,
        again.before.as_deref(),
        &again.after,
        true,
    )
    .unwrap();
    assert!(!trust_again.changed, "{}", trust_again.diff);

    // The person switches our Stop hook off in /hooks: uninstall keeps that key's other
    // settings, removes only our trusted_hash.
    let stop_key = codex_trust_key(&hooks_path, "Stop", 1, 0);
    let with_enabled = fs::read_to_string(&config).unwrap().replace(
        &format!("[hooks.state.\"{stop_key}\"]\n"),
        &format!("[hooks.state.\"{stop_key}\"]\nenabled = false\n"),
    );
    fs::write(&config, &with_enabled).unwrap();
    assert!(inspect_codex_trust(&config, &hooks_path)
        .unwrap()
        .entries
        .iter()
        .any(|e| e.state == TrustState::Disabled));
    let un = plan_uninstall(Format::Codex, &hooks_path).unwrap();
    let un_trust =
        plan_codex_trust(&config, &hooks_path, un.before.as_deref(), &un.after, false).unwrap();
    apply(&un).unwrap();
    apply(&un_trust).unwrap();
    let after = fs::read_to_string(&config).unwrap();
    assert_eq!(
        after,
        format!("{CONFIG}\n[hooks.state.\"{stop_key}\"]\nenabled = false\n"),
        "{after}"
    );
    assert_eq!(read_json(&hooks_path), others(Format::Codex));
}

#[test]
fn codex_no_trust_writes_no_trust_and_reports_missing() {
    let dir = tempfile::tempdir().unwrap();
    let hooks_path = dir.path().join("hooks.json");
    let config = write(&dir, "config.toml", CONFIG);
    let plan = plan_install(
        Format::Codex,
        &hooks_path,
        &spec(Format::Codex, "codex", CODEX),
    )
    .unwrap();
    let trust = plan_codex_trust(&config, &hooks_path, None, &plan.after, false).unwrap();
    assert!(!trust.changed);
    apply(&plan).unwrap();
    let t = inspect_codex_trust(&config, &hooks_path).unwrap();
    assert!(t.entries.iter().all(|e| e.state == TrustState::Missing));
    // A moved entry (someone inserted a group before ours) reads as modified/missing, and a
    // re-install re-trusts the new position.
    let trust = plan_codex_trust(&config, &hooks_path, None, &plan.after, true).unwrap();
    apply(&trust).unwrap();
    let mut v = read_json(&hooks_path);
    v["hooks"]["PreToolUse"].as_array_mut().unwrap().insert(
        0,
        json!({"matcher": "Bash", "hooks": [{"type": "command", "command": "x"}]}),
    );
    fs::write(&hooks_path, serde_json::to_string_pretty(&v).unwrap()).unwrap();
    let t = inspect_codex_trust(&config, &hooks_path).unwrap();
    assert!(t.entries.iter().any(|e| e.state != TrustState::Trusted));
    let text = fs::read_to_string(&hooks_path).unwrap();
    let fix = plan_codex_trust(&config, &hooks_path, Some(&text), &text, true).unwrap();
    apply(&fix).unwrap();
    let t = inspect_codex_trust(&config, &hooks_path).unwrap();
    assert!(
        t.entries.iter().all(|e| e.state == TrustState::Trusted),
        "{t:?}"
    );
}

#[test]
fn unparseable_config_toml_is_left_untouched() {
    for bad in [
        "model = \n",
        "[hooks]\nstate = 3\n",
        "hooks = \"x\"\n",
        "a = 1\na = 2\n",
    ] {
        let dir = tempfile::tempdir().unwrap();
        let hooks_path = dir.path().join("hooks.json");
        let config = write(&dir, "config.toml", bad);
        let plan = plan_install(
            Format::Codex,
            &hooks_path,
            &spec(Format::Codex, "codex", CODEX),
        )
        .unwrap();
        let err = plan_codex_trust(&config, &hooks_path, None, &plan.after, true).unwrap_err();
        assert!(
            err.to_string().contains(&config.display().to_string()),
            "{bad:?}: {err}"
        );
        assert!(err.to_string().contains("nothing was written"), "{err}");
        assert_eq!(fs::read_to_string(&config).unwrap(), bad);
    }
}

/// Newcomer finding 8: a Cursor hooks.json whose arrays are written on one line comes back
/// byte for byte after install then uninstall (the insert opens the array onto several lines;
/// the removal closes it again). (An object written on one line that gets new keys is not
/// closed again: not covered here.)
#[test]
fn cursor_one_line_arrays_round_trip_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    for original in [
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"afterFileEdit\": [{ \"command\": \"./hooks/format.sh\" }]\n  }\n}\n",
        "{\n  \"version\": 1,\n  \"hooks\": {\n    \"afterFileEdit\": [ {\"command\": \"./a.sh\"}, {\"command\": \"./b.sh\"} ],\n    \"stop\": [{\"command\": \"./s.sh\"}]\n  }\n}\n",
    ] {
        let path = write(&dir, "hooks.json", original);
        let s = spec(Format::Cursor, "cursor", CURSOR);
        apply(&plan_install(Format::Cursor, &path, &s).unwrap()).unwrap();
        assert_ne!(fs::read_to_string(&path).unwrap(), original);
        apply(&plan_uninstall(Format::Cursor, &path).unwrap()).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), original);
    }
}
