//! The plan: which paths the command may read, list and write, which TCP ports it may reach,
//! which scopes apply, what its environment loses, and what Landlock cannot express.
//!
//! Landlock is allow-list only: a rule grants an access right on a file or on a folder and
//! everything beneath it, and nothing can be taken back lower down. A folder that must stay
//! unreadable (a credential store) or unwritable (hookward's home) under a folder that is
//! granted is therefore expressed by omission: the granted folder itself gets only the right
//! to list it, and each of its entries gets the grant on its own, except the one on the way to
//! the hidden folder, which is split the same way one level down ([`expand`]). The walk is
//! bounded ([`MAX_DIR_ENTRIES`] names per folder, [`MAX_RULES`] rules in all) and follows no
//! symbolic link (a link's target is covered where it lives). What this cannot express is
//! listed in [`Plan::gaps`].

use crate::env::EnvPlan;
use crate::tables;
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// At most this many names of one folder are granted one by one when a hidden or read-only
/// folder lies beneath it: 4096. A home or a `/` has far fewer; a folder with more is not
/// split further (its remaining entries get no rule, and the plan says so).
pub const MAX_DIR_ENTRIES: usize = 4096;

/// At most this many Landlock rules in one plan: 20 000 (the kernel has no fixed limit; this
/// bounds the walk and the start-up cost, about 2 µs per rule measured on this machine).
pub const MAX_RULES: usize = 20_000;

/// How much of the sandbox is enforced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Profile {
    /// Writes only to the project, temp folders, the agent's state and caches; TCP connect
    /// only to port 443 and `--allow-net` ports, bind only to `--allow-net` ports; signals and
    /// abstract UNIX sockets scoped. Refuses to start unless every rule is enforced.
    Strict,
    /// Writes as `strict`; network unrestricted unless `--allow-net` is given (then connect
    /// only to those ports); signals scoped. Refuses to start when Landlock is unavailable,
    /// warns when the kernel enforces only part.
    Standard,
    /// Writes anywhere except hookward's home; credential stores still hidden; no network
    /// rule. Warns and starts unsandboxed when Landlock is unavailable.
    Open,
}

impl Profile {
    /// The profile's word (`strict`, `standard`, `open`).
    pub fn word(self) -> &'static str {
        match self {
            Profile::Strict => "strict",
            Profile::Standard => "standard",
            Profile::Open => "open",
        }
    }
}

/// A right granted on a path. Ordered: each includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// List the folder (Landlock `READ_DIR`), inherited by every folder beneath.
    List,
    /// Read, list and execute (`READ_FILE | READ_DIR | EXECUTE`).
    Read,
    /// Everything Landlock handles on files: read, write, create, remove, rename, truncate,
    /// device ioctl.
    Write,
}

impl Access {
    /// The word shown in the plan.
    pub fn word(self) -> &'static str {
        match self {
            Access::List => "list",
            Access::Read => "read",
            Access::Write => "write",
        }
    }
}

/// One Landlock path rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FsRule {
    /// The file or folder (canonical).
    pub path: PathBuf,
    /// The right granted on it and beneath it.
    pub access: Access,
    /// Why (`project`, `temp`, `agent state (claude-code)`, `entry of /home/u`…).
    pub why: String,
}

/// A folder whose entries were granted one by one because a hidden or read-only folder lies
/// beneath it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Split {
    /// The folder (it gets [`Access::List`] only).
    pub dir: PathBuf,
    /// The right its entries get.
    pub access: Access,
    /// The names left out at this level (on the way to a hidden or read-only folder).
    pub except: Vec<String>,
    /// How many entries got a rule.
    pub rules: usize,
}

/// A credential store and whether it exists (only existing ones need hiding).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hidden {
    /// The store's path.
    pub path: PathBuf,
    /// What it holds.
    pub what: String,
    /// Whether it existed when the plan was made.
    pub present: bool,
}

/// The network part of the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NetPlan {
    /// Whether TCP connect is restricted to [`NetPlan::connect_ports`].
    pub connect_restricted: bool,
    /// Ports TCP connect may reach (when restricted), sorted.
    pub connect_ports: Vec<u16>,
    /// Whether TCP bind is restricted to [`NetPlan::bind_ports`].
    pub bind_restricted: bool,
    /// Ports a socket may bind (when restricted), sorted.
    pub bind_ports: Vec<u16>,
    /// The `--allow-net` values as given (`HOST:PORT` or `:PORT`).
    pub allowed: Vec<String>,
    /// The host allowlist proxy, when any `--allow-net` value names a host.
    pub proxy: Option<ProxyPlan>,
}

/// The host allowlist proxy of a plan (see [`crate::proxy`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProxyPlan {
    /// The entries, normalised (`api.example.com:443`, `*.pkg.dev:443`).
    pub allow: Vec<String>,
    /// The proxy's port on 127.0.0.1 (`None` in a dry run: chosen at the start).
    pub port: Option<u16>,
    /// The variables pointed at it (`HTTPS_PROXY`, `https_proxy`, …).
    pub env: Vec<String>,
}

/// The variables the sandboxed command's proxy settings are taken from; all are set to the
/// proxy, and `NO_PROXY`/`no_proxy` are removed, so no client is told to go around it.
pub const PROXY_VARS: &[&str] = &[
    "HTTPS_PROXY",
    "https_proxy",
    "HTTP_PROXY",
    "http_proxy",
    "ALL_PROXY",
    "all_proxy",
];

/// Variables removed when the proxy is on.
pub const NO_PROXY_VARS: &[&str] = &["NO_PROXY", "no_proxy"];

/// What this kernel offers, from the Landlock ABI version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Kernel {
    /// The Landlock ABI version (0: Landlock unavailable).
    pub abi: u32,
}

impl Kernel {
    /// Whether file-system rules are enforced (ABI ≥ 1).
    pub fn fs(self) -> bool {
        self.abi >= 1
    }
    /// Whether renames and links across folders are handled (ABI ≥ 2, `REFER`).
    pub fn refer(self) -> bool {
        self.abi >= 2
    }
    /// Whether truncation is handled (ABI ≥ 3).
    pub fn truncate(self) -> bool {
        self.abi >= 3
    }
    /// Whether TCP bind/connect port rules exist (ABI ≥ 4).
    pub fn net(self) -> bool {
        self.abi >= 4
    }
    /// Whether device ioctls are handled (ABI ≥ 5).
    pub fn ioctl_dev(self) -> bool {
        self.abi >= 5
    }
    /// Whether signal and abstract-UNIX-socket scoping exist (ABI ≥ 6).
    pub fn scopes(self) -> bool {
        self.abi >= 6
    }
    /// What the ABI lacks that the plan would use, one phrase each.
    pub fn missing(self, net_wanted: bool, scopes_wanted: bool) -> Vec<String> {
        let mut out = Vec::new();
        if !self.fs() {
            out.push("Landlock is not available: no file-system rule is enforced".to_string());
            return out;
        }
        if !self.refer() {
            out.push(format!(
                "ABI {} cannot allow renames or links across folders (ABI 2): they all fail",
                self.abi
            ));
        }
        if !self.truncate() {
            out.push(format!(
                "ABI {} does not handle truncation (ABI 3): any file can be truncated",
                self.abi
            ));
        }
        if net_wanted && !self.net() {
            out.push(format!(
                "ABI {} has no TCP port rules (ABI 4): the network is not restricted",
                self.abi
            ));
        }
        if !self.ioctl_dev() {
            out.push(format!(
                "ABI {} does not handle device ioctls (ABI 5)",
                self.abi
            ));
        }
        if scopes_wanted && !self.scopes() {
            out.push(format!(
                "ABI {} has no signal or socket scoping (ABI 6)",
                self.abi
            ));
        }
        out
    }
}

/// Everything `hookward run` will do before it starts the command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// The profile.
    pub profile: Profile,
    /// The command and its arguments.
    pub command: Vec<String>,
    /// The agent the command was recognised as (`claude-code`…), from its program name.
    pub agent: Option<String>,
    /// The project folder (writable).
    pub project: PathBuf,
    /// hookward's home (read-only inside).
    pub hookward_home: PathBuf,
    /// The kernel's Landlock ABI.
    pub kernel: Kernel,
    /// Every path rule, sorted by path.
    pub fs: Vec<FsRule>,
    /// The grants before they were split around hidden and read-only folders (canonical
    /// paths; what a rule language with deny rules, such as Seatbelt, states directly).
    pub grants: Vec<FsRule>,
    /// Folders granted entry by entry.
    pub splits: Vec<Split>,
    /// The credential stores and whether they exist.
    pub hidden: Vec<Hidden>,
    /// Writable folders from the tables that do not exist (a program creating them inside
    /// the sandbox fails).
    pub absent: Vec<PathBuf>,
    /// The network rules.
    pub net: NetPlan,
    /// Landlock scopes (`signal`, `abstract-unix-socket`).
    pub scopes: Vec<String>,
    /// The environment.
    pub env: EnvPlan,
    /// What cannot be expressed or is not enforced, one sentence each.
    pub gaps: Vec<String>,
}

/// Errors of [`plan`].
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlanError {
    /// The command is empty.
    #[error("no command given: hookward run [options] -- <command> [args]")]
    NoCommand,
    /// The home does not exist (or is not an absolute path): no credential store could be
    /// found to hide, so nothing is started.
    #[error("HOME {0} does not exist or is not absolute: the credential stores under it cannot be found, so they could not be hidden")]
    NoHome(PathBuf),
    /// The project folder does not exist.
    #[error("project folder {0} does not exist")]
    NoProject(PathBuf),
    /// An `--allow-write` path does not exist (Landlock rules name existing files).
    #[error("--allow-write {0}: no such file or folder (Landlock rules name existing paths)")]
    AllowWriteMissing(PathBuf),
    /// An `--allow-write` path is inside (or is) a credential store or hookward's home.
    #[error("--allow-write {path}: inside {inside}, which the sandbox keeps {kept}")]
    AllowWriteProtected {
        /// The path given.
        path: PathBuf,
        /// The protected folder it is in.
        inside: PathBuf,
        /// `unreadable` or `read-only`.
        kept: &'static str,
    },
    /// An `--allow-net` value is not `HOST:PORT` with a port 1–65535 (a host name, an
    /// address, `*.domain`, or nothing for a port-only rule). Nothing starts (fail closed).
    #[error("--allow-net {0:?}: expected HOST:PORT (a name, an address, *.domain) or :PORT, with a port from 1 to 65535; nothing started")]
    BadNet(String),
}

/// The inputs of a plan. [`Request::new`] fills the machine's defaults; tests set the fields.
#[derive(Debug, Clone)]
pub struct Request {
    /// The profile.
    pub profile: Profile,
    /// The command and arguments.
    pub command: Vec<String>,
    /// The project folder.
    pub project: PathBuf,
    /// The user's home.
    pub home: PathBuf,
    /// hookward's home.
    pub hookward_home: PathBuf,
    /// Folders readable with everything beneath them (the machine: `/`).
    pub read_roots: Vec<PathBuf>,
    /// Temporary folders (the machine: [`tables::TEMP_DIRS`] and `$TMPDIR`).
    pub temp_dirs: Vec<PathBuf>,
    /// Device files writable (the machine: [`tables::DEVICES`]).
    pub devices: Vec<PathBuf>,
    /// `--allow-write` paths.
    pub allow_write: Vec<PathBuf>,
    /// `--allow-net` values (and the config's `sandbox.allow_net`): `HOST:PORT` goes
    /// through the proxy, `:PORT` is a direct port rule.
    pub allow_net: Vec<String>,
    /// The proxy's port when it is already listening (`hookward run`); `None` in a dry run.
    pub proxy_port: Option<u16>,
    /// `--keep-env` names.
    pub keep_env: Vec<String>,
    /// Extra strip patterns (`--strip-env`), added to [`tables::STRIP_ENV`].
    pub strip_env: Vec<String>,
    /// Names of the environment's variables.
    pub env_names: Vec<String>,
}

impl Request {
    /// A request with this machine's defaults: `/` readable, [`tables::TEMP_DIRS`] plus
    /// `tmpdir` as temp folders, [`tables::DEVICES`], no extra options.
    pub fn new(
        profile: Profile,
        command: Vec<String>,
        project: PathBuf,
        home: PathBuf,
        hookward_home: PathBuf,
        tmpdir: Option<PathBuf>,
    ) -> Request {
        let mut temp_dirs: Vec<PathBuf> = tables::TEMP_DIRS.iter().map(PathBuf::from).collect();
        temp_dirs.extend(tmpdir);
        Request {
            profile,
            command,
            project,
            home,
            hookward_home,
            read_roots: vec![PathBuf::from("/")],
            temp_dirs,
            devices: tables::DEVICES.iter().map(PathBuf::from).collect(),
            allow_write: Vec::new(),
            allow_net: Vec::new(),
            proxy_port: None,
            keep_env: Vec::new(),
            strip_env: Vec::new(),
            env_names: Vec::new(),
        }
    }
}

/// A folder kept from a grant: hidden (`keep: None`) or read-only (`keep: Some(Read)`).
#[derive(Debug, Clone)]
struct Carve {
    path: PathBuf,
    keep: Option<Access>,
}

/// The canonical form of `p` when it exists.
fn canon(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok()
}

/// Parses `HOST:PORT` (the host may be empty or a bracketed IPv6 address) into the port.
///
/// # Errors
/// [`PlanError::BadNet`] when there is no `:`, the port is not a number 1–65535.
pub fn parse_net(spec: &str) -> Result<u16, PlanError> {
    let bad = || PlanError::BadNet(spec.to_string());
    let (_, port) = spec.rsplit_once(':').ok_or_else(bad)?;
    match port.parse::<u16>() {
        Ok(p) if p > 0 => Ok(p),
        _ => Err(bad()),
    }
}

/// Builds the plan for `req` on a kernel with `kernel`'s ABI. Reads the file system (canonical
/// paths, the listings of the folders above hidden ones; bounded by [`MAX_DIR_ENTRIES`] and
/// [`MAX_RULES`]); changes nothing.
///
/// # Errors
/// [`PlanError`]: no command, no project, a bad `--allow-write` or `--allow-net`.
pub fn plan(req: &Request, kernel: Kernel) -> Result<Plan, PlanError> {
    if req.command.is_empty() {
        return Err(PlanError::NoCommand);
    }
    let project = canon(&req.project).ok_or_else(|| PlanError::NoProject(req.project.clone()))?;
    let home = canon(&req.home)
        .filter(|_| req.home.is_absolute())
        .ok_or_else(|| PlanError::NoHome(req.home.clone()))?;
    let hw_home_given = req.hookward_home.clone();
    let hw_home = canon(&hw_home_given);
    let agent = tables::agent_for(&req.command[0]);
    let mut gaps = Vec::new();

    // The folders to keep: credential stores hidden, hookward's home read-only.
    let mut hidden = Vec::new();
    let mut carves = Vec::new();
    for c in tables::CREDENTIAL_STORES {
        let p = home.join(c.path);
        let real = canon(&p);
        hidden.push(Hidden {
            path: p.clone(),
            what: c.what.to_string(),
            present: real.is_some(),
        });
        if let Some(real) = real {
            carves.push(Carve {
                path: real,
                keep: None,
            });
        }
    }
    match &hw_home {
        Some(h) => carves.push(Carve { path: h.clone(), keep: Some(Access::Read) }),
        None => gaps.push(format!(
            "hookward's home {} does not exist yet (`hookward run` creates it before the start; read-only then)",
            hw_home_given.display()
        )),
    }

    // The grants.
    let mut grants: Vec<(PathBuf, Access, String)> = Vec::new();
    let mut absent = Vec::new();
    for r in &req.read_roots {
        if let Some(p) = canon(r) {
            grants.push((p, Access::Read, "read everything".into()));
        }
    }
    if req.profile == Profile::Open {
        for r in &req.read_roots {
            if let Some(p) = canon(r) {
                grants.push((p, Access::Write, "open profile: write everywhere".into()));
            }
        }
    } else {
        grants.push((project.clone(), Access::Write, "project".into()));
        for t in &req.temp_dirs {
            if let Some(p) = canon(t) {
                grants.push((p, Access::Write, "temp".into()));
            }
        }
        for d in &req.devices {
            if let Some(p) = canon(d) {
                grants.push((p, Access::Write, "device".into()));
            }
        }
        if let Some(a) = agent {
            for s in a.state {
                let p = home.join(s);
                match canon(&p) {
                    Some(real) => {
                        grants.push((real, Access::Write, format!("agent state ({})", a.name)))
                    }
                    None => absent.push(p),
                }
            }
            if a.state.contains(&".claude.json") && home.join(".claude.json").is_file() {
                gaps.push(format!(
                    "{} is writable in place only: replacing it by a rename needs a new file in {}, which is not writable",
                    home.join(".claude.json").display(),
                    home.display()
                ));
            }
        }
        for c in tables::CACHES {
            let p = home.join(c);
            match canon(&p) {
                Some(real) => grants.push((real, Access::Write, "cache".into())),
                None => absent.push(p),
            }
        }
    }
    for w in &req.allow_write {
        let real = canon(w).ok_or_else(|| PlanError::AllowWriteMissing(w.clone()))?;
        if let Some(c) = carves.iter().find(|c| real.starts_with(&c.path)) {
            return Err(PlanError::AllowWriteProtected {
                path: w.clone(),
                inside: c.path.clone(),
                kept: if c.keep.is_none() {
                    "unreadable"
                } else {
                    "read-only"
                },
            });
        }
        grants.push((real, Access::Write, "--allow-write".into()));
    }

    // Expand every grant around the carves beneath it.
    let mut rules: BTreeMap<PathBuf, (Access, String)> = BTreeMap::new();
    let mut splits: BTreeMap<(PathBuf, Access), Split> = BTreeMap::new();
    let mut walk = Walk {
        rules: &mut rules,
        splits: &mut splits,
        gaps: &mut gaps,
        count: 0,
    };
    for (path, access, why) in &grants {
        // A grant inside a carve is narrowed to what the carve keeps (a temp folder inside a
        // credential store is dropped).
        let inner = carves
            .iter()
            .filter(|c| path.starts_with(&c.path) && path != &c.path)
            .map(|c| c.keep);
        let mut access = Some(*access);
        for keep in inner {
            access = access.zip(keep).map(|(a, k)| a.min(k));
        }
        if let Some(a) = access {
            walk.expand(path, a, why, &carves);
        }
    }
    let mut granted: Vec<FsRule> = Vec::new();
    for (path, access, why) in &grants {
        granted.push(FsRule {
            path: path.clone(),
            access: *access,
            why: why.clone(),
        });
    }
    let split_dirs: Vec<&Split> = splits.values().collect();
    for s in &split_dirs {
        if s.access == Access::Write {
            gaps.push(format!(
                "files cannot be created or removed directly in {} (it holds {}); its existing entries stay writable",
                s.dir.display(),
                s.except.join(", ")
            ));
        }
    }
    if !split_dirs.is_empty() {
        gaps.push(
            "the names inside hidden folders can still be listed (listing a folder is inherited by the folders beneath it); their contents cannot be read"
                .into(),
        );
        gaps.push(
            "an entry created after the start in a folder granted entry by entry is not readable inside (Landlock rules name what exists at the start)"
                .into(),
        );
    }
    let mut project_holds = carves
        .iter()
        .filter(|c| c.path.starts_with(&project) && c.path != project)
        .peekable();
    if req.profile != Profile::Open && project_holds.peek().is_some() {
        let names: Vec<String> = project_holds
            .map(|c| c.path.display().to_string())
            .collect();
        gaps.push(format!(
            "the project {} holds {}: it is split entry by entry",
            project.display(),
            names.join(", ")
        ));
    }
    gaps.push(
        "a credential file inside the project or a temp folder (a .env, a key copied there) stays readable and writable"
            .into(),
    );

    // Network. `:PORT` (or `*:PORT`) is a direct port rule; `HOST:PORT` goes through the
    // proxy, and then direct connections are allowed only to the proxy and the port rules.
    let mut direct = Vec::new();
    let mut hosts = Vec::new();
    for spec in &req.allow_net {
        let s = spec.trim();
        if let Some(port) = s.strip_prefix(':').or_else(|| s.strip_prefix("*:")) {
            direct.push(parse_net(&format!(":{port}"))?);
        } else {
            let a = crate::proxy::parse_allow(s).ok_or_else(|| PlanError::BadNet(spec.clone()))?;
            hosts.push(a.to_string());
        }
    }
    hosts.sort();
    hosts.dedup();
    let proxy = (!hosts.is_empty()).then(|| ProxyPlan {
        allow: hosts.clone(),
        port: req.proxy_port,
        env: PROXY_VARS.iter().map(|v| v.to_string()).collect(),
    });
    let connect_restricted = req.profile == Profile::Strict
        || (req.profile != Profile::Open && !direct.is_empty())
        || proxy.is_some();
    let mut connect_ports = direct.clone();
    connect_ports.extend(req.proxy_port.filter(|_| proxy.is_some()));
    if req.profile == Profile::Strict && proxy.is_none() {
        connect_ports.push(443);
    }
    connect_ports.sort_unstable();
    connect_ports.dedup();
    let bind_restricted = req.profile == Profile::Strict;
    let mut bind_ports = if bind_restricted {
        direct.clone()
    } else {
        Vec::new()
    };
    bind_ports.sort_unstable();
    bind_ports.dedup();
    if proxy.is_some() {
        gaps.push(
            "the host allowlist holds for programs that use HTTPS_PROXY/HTTP_PROXY; others can connect only to the proxy and the :PORT rules (where the kernel has TCP rules); DNS lookups (UDP) still leave the machine"
                .into(),
        );
    }
    if !direct.is_empty() {
        gaps.push(
            "a :PORT rule allows that TCP port on any address (Landlock matches ports, not hosts)"
                .into(),
        );
    }
    if req.profile != Profile::Strict && !connect_restricted {
        gaps.push("the network is not restricted (profile without port rules; use --allow-net or --profile strict)".into());
    }
    gaps.push("UDP, ICMP and UNIX-socket paths are not restricted by Landlock".into());
    let net = NetPlan {
        connect_restricted,
        connect_ports,
        bind_restricted,
        bind_ports,
        allowed: req.allow_net.clone(),
        proxy,
    };

    let scopes: Vec<String> = match req.profile {
        Profile::Strict => vec!["signal".into(), "abstract-unix-socket".into()],
        Profile::Standard => vec!["signal".into()],
        Profile::Open => Vec::new(),
    };
    gaps.extend(kernel.missing(connect_restricted || bind_restricted, !scopes.is_empty()));

    let mut patterns: Vec<String> = tables::STRIP_ENV.iter().map(|s| s.to_string()).collect();
    patterns.extend(req.strip_env.iter().cloned());
    let env = EnvPlan::new(
        req.env_names.iter().cloned(),
        &patterns,
        &req.keep_env,
        agent.map(|a| (a.name, a.key_vars)),
    );

    Ok(Plan {
        profile: req.profile,
        command: req.command.clone(),
        agent: agent.map(|a| a.name.to_string()),
        project,
        hookward_home: hw_home.unwrap_or(hw_home_given),
        kernel,
        fs: rules
            .into_iter()
            .map(|(path, (access, why))| FsRule { path, access, why })
            .collect(),
        grants: granted,
        splits: splits.into_values().collect(),
        hidden,
        absent,
        net,
        scopes,
        env,
        gaps,
    })
}

/// The state of the bounded expansion.
struct Walk<'a> {
    rules: &'a mut BTreeMap<PathBuf, (Access, String)>,
    splits: &'a mut BTreeMap<(PathBuf, Access), Split>,
    gaps: &'a mut Vec<String>,
    count: usize,
}

impl Walk<'_> {
    /// Adds `access` on `path` (the stronger right wins when the path already has one).
    fn add(&mut self, path: &Path, access: Access, why: &str) {
        match self.rules.get_mut(path) {
            Some((a, w)) => {
                if access > *a {
                    *a = access;
                    *w = why.to_string();
                }
            }
            None => {
                if self.count >= MAX_RULES {
                    return;
                }
                if self.count + 1 == MAX_RULES {
                    self.gaps.push(format!(
                        "more than {MAX_RULES} rules: the rest are left out (not granted)"
                    ));
                }
                self.count += 1;
                self.rules
                    .insert(path.to_path_buf(), (access, why.to_string()));
            }
        }
    }

    /// Grants `access` on `dir` except the carves beneath it: a carve itself gets what it
    /// keeps; a folder above a carve gets [`Access::List`] and each entry is expanded.
    fn expand(&mut self, dir: &Path, access: Access, why: &str, carves: &[Carve]) {
        let mut access = access;
        if let Some(c) = carves.iter().find(|c| c.path == dir) {
            match c.keep {
                None => return,
                Some(k) => access = access.min(k),
            }
        }
        let beneath: Vec<&Carve> = carves
            .iter()
            .filter(|c| c.path.starts_with(dir) && c.path != dir)
            .collect();
        if beneath.is_empty() {
            self.add(dir, access, why);
            return;
        }
        // Carves that keep at least `access` change nothing here.
        if beneath.iter().all(|c| c.keep.is_some_and(|k| k >= access)) {
            self.add(dir, access, why);
            return;
        }
        self.add(
            dir,
            Access::List,
            &format!("folder above {}", beneath[0].path.display()),
        );
        let entries = match std::fs::read_dir(dir) {
            Ok(e) => e,
            Err(e) => {
                self.gaps.push(format!(
                    "{} could not be listed ({e}): its entries get no rule",
                    dir.display()
                ));
                return;
            }
        };
        let mut except: Vec<String> = beneath
            .iter()
            .filter_map(|c| c.path.strip_prefix(dir).ok()?.components().next())
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        except.sort();
        except.dedup();
        let entry_why = format!("entry of {}", dir.display());
        let mut n = 0usize;
        let mut names: Vec<std::ffi::OsString> = Vec::new();
        for e in entries.flatten() {
            if names.len() >= MAX_DIR_ENTRIES {
                self.gaps.push(format!(
                    "{} has more than {MAX_DIR_ENTRIES} entries: the rest get no rule",
                    dir.display()
                ));
                break;
            }
            names.push(e.file_name());
        }
        names.sort();
        for name in names {
            let p = dir.join(&name);
            // No link is followed: its target is covered where it lives.
            match std::fs::symlink_metadata(&p) {
                Ok(m) if m.file_type().is_symlink() => continue,
                Ok(_) => {}
                Err(_) => continue,
            }
            let on_the_way = except.iter().any(|x| std::ffi::OsStr::new(x) == name);
            if on_the_way {
                self.expand(&p, access, why, carves);
            } else {
                self.add(&p, access, &entry_why);
                n += 1;
            }
        }
        let split = self
            .splits
            .entry((dir.to_path_buf(), access))
            .or_insert_with(|| Split {
                dir: dir.to_path_buf(),
                access,
                except: Vec::new(),
                rules: 0,
            });
        split.except = except;
        split.rules = n;
    }
}
