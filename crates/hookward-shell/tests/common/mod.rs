//! Shared helpers for the integration tests.
#![allow(dead_code)]

use hookward_shell::{Access, Scope, ShellContext, ShellFacts};

/// The context every test uses: the agent works in `/home/dev/project`.
pub fn ctx() -> ShellContext {
    ShellContext::new(
        "/home/dev/project",
        "/home/dev",
        Some("/home/dev/project".into()),
    )
    .unwrap_or_else(|e| panic!("{e}"))
}

/// Why a fact set would alarm the policy: any entry in the lists the built-in rules deny or ask
/// on (remote_exec, decoded_exec, privilege, publish, git, infra, persistence, env_tamper,
/// obfuscation), a recursive delete outside the project (temporary directories excepted), or a
/// change (write, create, delete, chmod) outside the project and the temporary directories.
/// Paths only known at run time count as outside: the policy treats them so.
pub fn alarms(f: &ShellFacts) -> Vec<String> {
    let mut out = Vec::new();
    for e in &f.remote_exec {
        out.push(format!("remote_exec:{}", e.kind));
    }
    for e in &f.decoded_exec {
        out.push(format!("decoded_exec:{}", e.decoder));
    }
    for e in &f.privilege {
        out.push(format!("privilege:{}", e.kind));
    }
    for e in &f.publish {
        out.push(format!("publish:{}", e.kind));
    }
    for e in &f.git {
        out.push(format!("git:{}", e.kind));
    }
    for e in &f.infra {
        out.push(format!("infra:{}", e.kind));
    }
    for e in &f.persistence {
        out.push(format!("persistence:{}", e.kind));
    }
    for e in &f.env_tamper {
        out.push(format!("env_tamper:{}", e.name));
    }
    for e in &f.obfuscation {
        out.push(format!("obfuscation:{}", e.kind));
    }
    for p in &f.paths {
        let changes = matches!(
            p.access,
            Access::Write | Access::Create | Access::Delete | Access::Chmod
        );
        let inside = matches!(p.scope, Scope::Project | Scope::Temp);
        if changes && !inside {
            let r = if p.recursive && p.access == Access::Delete {
                " (recursive)"
            } else {
                ""
            };
            out.push(format!("{:?} outside project: {}{r}", p.access, p.path));
        }
    }
    out
}

/// Reads a JSON-lines file into values.
pub fn read_jsonl(path: &std::path::Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}: bad JSON line: {e}", path.display()))
        })
        .collect()
}
