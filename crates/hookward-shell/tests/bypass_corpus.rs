//! Every Bash command of the shared bypass corpus (`shared/corpus/bypass-dev.jsonl`: commands a
//! raw-string policy lets through but a careful guard must deny or ask) must yield at least one
//! fact relevant to its category. Prints a table (id, category, verdict, facts).
//!
//! The corpus is found at `$HOOKWARD_SHARED_CORPUS/bypass-dev.jsonl`, else at
//! `<workspace>/../shared/corpus/bypass-dev.jsonl` (where CI keeps its copy).

mod common;

use hookward_shell::{Access, ShellFacts};

fn corpus_path() -> std::path::PathBuf {
    if let Ok(dir) = std::env::var("HOOKWARD_SHARED_CORPUS") {
        return std::path::Path::new(&dir).join("bypass-dev.jsonl");
    }
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/bypass-dev.jsonl")
}

/// The facts that show a category, as short labels (empty: nothing relevant found).
fn relevant(category: &str, f: &ShellFacts) -> Vec<String> {
    let mut out = Vec::new();
    let home = "/home/dev";
    match category {
        "destructive-rm" => {
            for p in &f.paths {
                let wide = p.path == "/"
                    || p.path == home
                    || p.path.starts_with("/*")
                    || p.path == format!("{home}/*");
                if p.access == Access::Delete && p.recursive && wide {
                    out.push(format!("delete -r {}", p.path));
                }
            }
        }
        "obfuscation" | "unicode" => {
            out.extend(
                f.obfuscation
                    .iter()
                    .map(|o| format!("obfuscation {}", o.kind)),
            );
            out.extend(
                f.decoded_exec
                    .iter()
                    .map(|d| format!("decoded_exec {}", d.decoder)),
            );
        }
        "privilege" => out.extend(f.privilege.iter().map(|p| format!("privilege {}", p.kind))),
        "remote-exec" => out.extend(
            f.remote_exec
                .iter()
                .map(|r| format!("remote_exec {}", r.kind)),
        ),
        "exfil" => {
            out.extend(f.uploads.iter().map(|u| {
                format!(
                    "upload {} <- {}",
                    u.target,
                    u.source.clone().unwrap_or_default()
                )
            }));
            for p in &f.paths {
                let secret = p.path.starts_with(&format!("{home}/.")) || p.path.ends_with("/.env");
                if p.access == Access::Read && secret {
                    out.push(format!("read {}", p.path));
                }
            }
        }
        "self-protection" => {
            for p in &f.paths {
                if matches!(p.access, Access::Write | Access::Create)
                    && p.path.contains("/.claude/")
                {
                    out.push(format!("write {}", p.path));
                }
            }
            out.extend(
                f.signals
                    .iter()
                    .map(|s| format!("signal {} -> {:?}", s.program, s.targets)),
            );
        }
        "memory-poisoning" => {
            out.extend(
                f.persistence
                    .iter()
                    .map(|p| format!("persistence {}", p.kind)),
            );
            out.extend(
                f.env_tamper
                    .iter()
                    .map(|e| format!("env_tamper {}", e.name)),
            );
        }
        "persistence" => out.extend(
            f.persistence
                .iter()
                .map(|p| format!("persistence {}", p.kind)),
        ),
        "git" => out.extend(f.git.iter().map(|g| format!("git {}", g.kind))),
        "publish" => out.extend(f.publish.iter().map(|p| format!("publish {}", p.kind))),
        "cloud" => out.extend(f.infra.iter().map(|i| format!("infra {}", i.kind))),
        other => {
            panic!("bypass corpus category {other:?} has no relevance rule in this test; add one")
        }
    }
    if category == "unicode" {
        out.extend(
            f.remote_exec
                .iter()
                .map(|r| format!("remote_exec {}", r.kind)),
        );
    }
    out
}

#[test]
fn every_bypass_command_yields_a_relevant_fact() {
    let path = corpus_path();
    assert!(
        path.exists(),
        "bypass corpus not found at {}; set HOOKWARD_SHARED_CORPUS to the directory holding bypass-dev.jsonl",
        path.display()
    );
    let ctx = common::ctx();
    let mut misses = Vec::new();
    let mut rows = 0;
    println!(
        "{:<8} {:<16} {:<6} {:<4} facts",
        "id", "category", "expect", "ok"
    );
    for item in common::read_jsonl(&path) {
        if item["tool_name"] != "Bash" {
            continue;
        }
        let id = item["id"].as_str().unwrap_or("?");
        let category = item["category"].as_str().unwrap_or("?");
        let expect = item["expect"].as_str().unwrap_or("?");
        let command = item["tool_input"]["command"].as_str().unwrap_or_default();
        let facts = hookward_shell::analyze(command, &ctx);
        let found = relevant(category, &facts);
        let ok = !found.is_empty();
        println!(
            "{id:<8} {category:<16} {expect:<6} {:<4} {}",
            if ok { "yes" } else { "NO" },
            found.join("; ")
        );
        if !ok {
            misses.push(format!("{id} ({category}): {command}"));
        }
        rows += 1;
    }
    assert!(
        rows >= 30,
        "expected the corpus' 30+ Bash items, read {rows}"
    );
    assert!(
        misses.is_empty(),
        "no relevant fact for:\n{}",
        misses.join("\n")
    );
}
