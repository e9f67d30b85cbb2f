//! Shared helpers for the CLI tests: a throwaway HOME per test, the captured payloads, and
//! running `hookward hook claude-code` as Claude Code would (payload on stdin).
#![allow(dead_code)]

/// The reply validator shared with the adapter's own tests (one copy of the schema).
#[path = "../../../hookward-claude/tests/claude_schema.rs"]
pub mod claude_schema;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// `shared/` beside the repository (CI lays a copy there).
pub fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

pub fn payload_dir() -> PathBuf {
    shared().join("protocol/payloads/claude")
}

/// A throwaway home: `home/` (HOME) with `home/.hookward` (HOOKWARD_HOME) and `home/project`.
pub struct Sandbox {
    pub dir: tempfile::TempDir,
}

impl Sandbox {
    pub fn new() -> Sandbox {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(dir.path().join("home/project")).expect("mkdir");
        Sandbox { dir }
    }
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }
    pub fn hookward_home(&self) -> PathBuf {
        self.home().join(".hookward")
    }
    pub fn project(&self) -> PathBuf {
        self.home().join("project")
    }
    /// `hookward ARGS` with only this sandbox's environment.
    pub fn cmd(&self, args: &[&str]) -> Command {
        let mut c = Command::cargo_bin("hookward").expect("binary");
        c.env_clear()
            .env("HOME", self.home())
            .env("HOOKWARD_HOME", self.hookward_home())
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .current_dir(self.project())
            .args(args);
        c
    }
    /// `hookward ARGS` as a plain child process with this sandbox's environment, stdin empty,
    /// stdout and stderr pipes (for tests that close the reading end early).
    pub fn spawn_piped(&self, args: &[&str]) -> std::process::Child {
        std::process::Command::new(assert_cmd::cargo::cargo_bin("hookward"))
            .env_clear()
            .env("HOME", self.home())
            .env("HOOKWARD_HOME", self.hookward_home())
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .current_dir(self.project())
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("spawn hookward")
    }
    /// Runs `hookward hook claude-code` on `payload`; returns (stdout, stderr, exit code).
    pub fn hook(&self, payload: &[u8], extra_env: &[(&str, &str)]) -> (String, String, i32) {
        let mut c = self.cmd(&["hook", "claude-code"]);
        c.env("CLAUDE_PROJECT_DIR", self.project());
        for (k, v) in extra_env {
            c.env(k, v);
        }
        let out = c.write_stdin(payload.to_vec()).output().expect("run hook");
        (
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
            out.status.code().unwrap_or(-1),
        )
    }
    /// A PreToolUse payload in Claude Code's shape for `tool` with `input`, cwd = the project.
    pub fn pre_tool_use(&self, tool: &str, input: serde_json::Value) -> Vec<u8> {
        serde_json::json!({
            "session_id": "test-session",
            "transcript_path": self.home().join(".claude/projects/p/test-session.jsonl"),
            "cwd": self.project(),
            "permission_mode": "default",
            "hook_event_name": "PreToolUse",
            "tool_name": tool,
            "tool_input": input,
            "tool_use_id": "toolu_test"
        })
        .to_string()
        .into_bytes()
    }
}

/// The permissionDecision of a PreToolUse reply, or "none" for an empty stdout.
pub fn decision_of(stdout: &str) -> String {
    if stdout.trim().is_empty() {
        return "none".into();
    }
    let v: serde_json::Value = serde_json::from_str(stdout.trim()).expect("reply is JSON");
    v.pointer("/hookSpecificOutput/permissionDecision")
        .and_then(|d| d.as_str())
        .unwrap_or("other")
        .to_string()
}
