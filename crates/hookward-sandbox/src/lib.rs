//! The OS sandbox of `hookward run` (issue 18): the command an agent is started with runs
//! under a Linux Landlock domain that it and every process it starts inherit, so a program a
//! tool call starts (a test suite, a postinstall script) is held to the same limits even
//! when no hook sees it.
//!
//! - [`plan`]: the rules, from data tables ([`tables`]): write only to the project, temp
//!   folders, the agent's state and caches; read everything except credential stores;
//!   hookward's home read-only; TCP ports where the ABI has them; ambient credentials removed
//!   from the environment ([`env`]). What Landlock cannot express is listed in
//!   [`Plan::gaps`], never silently dropped.
//! - [`render`]: the plan as text (`hookward run --dry-run`) and JSON.
//! - [`probe`] / [`restrict_self`]: the kernel's ABI, and the restriction of the calling
//!   thread (the CLI `exec`s the command right after); [`prepare`]: the same ruleset applied
//!   to a child between `fork` and `exec` while the caller stays outside (with the proxy).
//! - [`proxy`]: the host allowlist, an HTTP CONNECT proxy on 127.0.0.1 served from outside.
//! - [`seatbelt`]: the same plan as a macOS Seatbelt profile for `sandbox-exec` (generated
//!   and unit-tested as text; untested on a real Mac).
//!
//! ```
//! use hookward_sandbox::{plan, Kernel, Profile, Request};
//! let dir = tempfile::tempdir()?;
//! let home = dir.path().join("home");
//! std::fs::create_dir_all(home.join(".ssh"))?;
//! let mut req = Request::new(Profile::Standard, vec!["sh".into()], dir.path().into(), home.clone(),
//!     home.join(".hookward"), None);
//! req.read_roots = vec![dir.path().into()];
//! let p = plan(&req, Kernel { abi: 7 })?;
//! let ssh = std::fs::canonicalize(home.join(".ssh"))?;
//! assert!(p.fs.iter().all(|r| r.path != ssh));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod apply;
pub mod check;
pub mod env;
pub mod plan;
pub mod proxy;
pub mod render;
pub mod seatbelt;
pub mod tables;

#[cfg(target_os = "linux")]
pub use apply::{prepare, Prepared};
pub use apply::{probe, restrict_self, Applied, ApplyError, Enforced};
pub use env::EnvPlan;
pub use plan::{
    parse_net, plan, Access, FsRule, Kernel, Plan, PlanError, Profile, ProxyPlan, Request,
    NO_PROXY_VARS, PROXY_VARS,
};
