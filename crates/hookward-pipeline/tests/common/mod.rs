//! What the pipeline's integration tests share.

use hookward_core::Agent;
use hookward_pipeline::HookEnv;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A hook environment for `agent` with everything under `dir` (home `dir/home`, hookward's
/// home `dir/home/.hookward`, project `dir/home/p`) and recording off.
pub fn env(dir: &Path, agent: Agent) -> HookEnv {
    HookEnv {
        agent,
        home: dir.join("home"),
        hookward_home: dir.join("home/.hookward"),
        project_dir: Some(dir.join("home/p").display().to_string()),
        vars: BTreeMap::from([("HOOKWARD_RECORD".to_string(), "false".to_string())]),
        policy_dirs: Vec::new(),
    }
}

/// The captured payload files of `agent` (`shared/protocol/payloads/<agent>/*.json`, not the
/// `.env.json` environment files beside them), sorted by name.
#[allow(dead_code)] // not every test binary that includes `common` reads payloads
pub fn payload_files(agent: &str) -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/protocol/payloads")
        .join(agent);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let n = p.file_name().unwrap_or_default().to_string_lossy();
            n.ends_with(".json") && !n.ends_with(".env.json")
        })
        .collect();
    files.sort();
    files
}

/// The JSON documents of a JSON-lines file, blank lines skipped; panics naming the file.
#[allow(dead_code)] // not every test binary that includes `common` reads corpora
pub fn jsonl(path: PathBuf) -> Vec<Value> {
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}
