//! What the pipeline's integration tests share.

use hookward_core::Agent;
use hookward_pipeline::HookEnv;
use std::collections::BTreeMap;
use std::path::Path;

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
