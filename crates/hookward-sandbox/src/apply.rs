//! Probing the kernel and restricting the current process with a [`Plan`] (Linux, Landlock).
//!
//! [`restrict_self`] restricts the calling thread; the process then `exec`s the command, which
//! keeps the restriction, and so does every process it starts (Landlock domains are inherited
//! across `fork` and `execve` and can only be narrowed). `no_new_privs` is set with it, so a
//! set-uid program cannot regain rights.

use crate::plan::{Access, Kernel, Plan, Profile};

/// How much of the plan the kernel enforces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Enforced {
    /// Every rule.
    Full,
    /// Part of them (an older ABI: see [`Kernel::missing`]).
    Partial,
    /// None: Landlock is unavailable.
    None,
}

/// What [`restrict_self`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// How much is enforced.
    pub enforced: Enforced,
    /// Whether `no_new_privs` is set.
    pub no_new_privs: bool,
    /// Path rules added.
    pub rules: usize,
    /// Paths whose rule could not be added (gone since the plan, or not openable), with the error.
    pub skipped: Vec<(std::path::PathBuf, String)>,
}

/// Errors of [`restrict_self`].
#[derive(Debug, thiserror::Error)]
pub enum ApplyError {
    /// The kernel cannot enforce what the profile requires (`strict`: anything missing;
    /// `standard`: Landlock unavailable).
    #[error("the {profile} profile needs {needs}, and this kernel offers Landlock ABI {abi}")]
    Unsupported {
        /// The profile's word.
        profile: &'static str,
        /// What is missing.
        needs: String,
        /// The kernel's ABI.
        abi: u32,
    },
    /// A Landlock call failed.
    #[error("Landlock: {0}")]
    Landlock(String),
    /// Not on Linux.
    #[error("the sandbox needs Linux with Landlock; this system has neither")]
    NotLinux,
}

/// The kernel's Landlock ABI version (0 when Landlock is not built in or not enabled), by
/// `landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION)`.
pub fn probe() -> Kernel {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: the documented version query: a null attribute pointer with size 0 and the
        // VERSION flag reads nothing and returns the ABI or -1.
        let v = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                std::ptr::null::<libc::c_void>(),
                0usize,
                1u32,
            )
        };
        Kernel {
            abi: u32::try_from(v).unwrap_or(0),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        Kernel { abi: 0 }
    }
}

/// Restricts the calling thread (and everything it `exec`s or starts afterwards) with `plan`.
///
/// `strict` requires every right the plan uses (hard requirement); `standard` requires
/// Landlock and takes what the ABI offers; `open` takes what there is, also nothing. Paths
/// that cannot be opened any more are skipped and listed in [`Applied::skipped`] (in `strict`
/// they are an error).
///
/// # Errors
/// [`ApplyError::Unsupported`] when the profile's requirement is not met (nothing has been
/// restricted then), [`ApplyError::Landlock`] when a Landlock call fails.
#[cfg(target_os = "linux")]
pub fn restrict_self(plan: &Plan) -> Result<Applied, ApplyError> {
    prepare(plan)?.restrict_self()
}

#[cfg(target_os = "linux")]
impl Prepared {
    /// Restricts the calling thread with the prepared ruleset (what [`restrict_self`] does
    /// after [`prepare`]), for a caller that has something to do between the two (record the
    /// configuration while it can still write).
    ///
    /// # Errors
    /// [`ApplyError::Landlock`] when the Landlock call fails.
    pub fn restrict_self(self) -> Result<Applied, ApplyError> {
        confine(self)
    }
}

#[cfg(target_os = "linux")]
fn confine(prepared: Prepared) -> Result<Applied, ApplyError> {
    use landlock::RulesetStatus;
    let Prepared {
        created,
        mut applied,
        ..
    } = prepared;
    let err = |e: landlock::RulesetError| ApplyError::Landlock(e.to_string());
    // no_new_privs is on by default in the landlock crate.
    let status = created.restrict_self().map_err(err)?;
    applied.no_new_privs = status.no_new_privs;
    applied.enforced = match status.ruleset {
        RulesetStatus::FullyEnforced => Enforced::Full,
        RulesetStatus::PartiallyEnforced => Enforced::Partial,
        RulesetStatus::NotEnforced => Enforced::None,
    };
    // Best effort reports ABI 6+ scopes as "partial" on older kernels; anything the plan
    // wanted but the kernel lacks is in the plan's gaps already.
    Ok(applied)
}

/// A Landlock ruleset built from a plan in this (unrestricted) process, to be applied to a
/// child between `fork` and `exec` ([`Prepared::pre_exec`]) while this process stays outside
/// the sandbox (the proxy of `hookward run`).
#[cfg(target_os = "linux")]
pub struct Prepared {
    created: landlock::RulesetCreated,
    /// The ruleset's descriptor for the child (`None`: the kernel has no Landlock).
    fd: Option<std::os::fd::OwnedFd>,
    /// What will be enforced: [`Enforced`] from the kernel's ABI against the plan's needs
    /// ([`Kernel::missing`]); `no_new_privs` true (set by the child).
    pub applied: Applied,
}

#[cfg(target_os = "linux")]
impl Prepared {
    /// The function to run in the child between `fork` and `exec`
    /// (`std::os::unix::process::CommandExt::pre_exec`): `prctl(PR_SET_NO_NEW_PRIVS)` and
    /// `landlock_restrict_self` on the ruleset's descriptor, two system calls that allocate
    /// nothing (the parent has threads, so the child may not allocate).
    ///
    /// # Errors (in the child, which then does not `exec`)
    /// The system call's error.
    pub fn pre_exec(&self) -> impl FnMut() -> std::io::Result<()> + Send + Sync + 'static {
        use std::os::fd::AsRawFd;
        let fd = self.fd.as_ref().map(|f| f.as_raw_fd());
        move || {
            // SAFETY: prctl with integer arguments only.
            if unsafe { libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) } != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(fd) = fd {
                // SAFETY: the documented call on a ruleset descriptor the parent keeps open
                // until the child has been started; flags 0.
                let r = unsafe { libc::syscall(libc::SYS_landlock_restrict_self, fd, 0u32) };
                if r != 0 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            Ok(())
        }
    }

    /// Drops the ruleset (after the child has started).
    pub fn close(self) {
        drop(self.created);
    }
}

/// Builds the ruleset of `plan` without restricting anything: the requirement checks and
/// every rule of [`restrict_self`].
///
/// # Errors
/// As [`restrict_self`].
#[cfg(target_os = "linux")]
pub fn prepare(plan: &Plan) -> Result<Prepared, ApplyError> {
    use landlock::{
        Access as _, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, NetPort, PathBeneath,
        PathFd, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope, ABI,
    };
    let kernel = probe();
    let strict = plan.profile == Profile::Strict;
    let net_wanted = plan.net.connect_restricted || plan.net.bind_restricted;
    if strict {
        let missing = kernel.missing(net_wanted, !plan.scopes.is_empty());
        if !missing.is_empty() {
            return Err(ApplyError::Unsupported {
                profile: "strict",
                needs: missing.join("; "),
                abi: kernel.abi,
            });
        }
    } else if plan.profile == Profile::Standard && !kernel.fs() {
        return Err(ApplyError::Unsupported {
            profile: "standard",
            needs: "Landlock".into(),
            abi: kernel.abi,
        });
    }
    let err = |e: landlock::RulesetError| ApplyError::Landlock(e.to_string());
    let level = if strict {
        CompatLevel::HardRequirement
    } else {
        CompatLevel::BestEffort
    };
    // The newest rights this code was written and tested for: file rights of ABI 5 (none were
    // added since), TCP ports of ABI 4, scopes of ABI 6.
    let abi = ABI::V5;
    let all_fs = AccessFs::from_all(abi);
    let read: BitFlags<AccessFs> = AccessFs::ReadFile | AccessFs::ReadDir | AccessFs::Execute;
    let list: BitFlags<AccessFs> = AccessFs::ReadDir.into();
    let mut ruleset = Ruleset::default()
        .set_compatibility(level)
        .handle_access(all_fs)
        .map_err(err)?;
    let mut net = BitFlags::<AccessNet>::empty();
    if plan.net.connect_restricted {
        net |= AccessNet::ConnectTcp;
    }
    if plan.net.bind_restricted {
        net |= AccessNet::BindTcp;
    }
    if !net.is_empty() {
        ruleset = ruleset.handle_access(net).map_err(err)?;
    }
    let mut scopes = BitFlags::<Scope>::empty();
    for s in &plan.scopes {
        match s.as_str() {
            "signal" => scopes |= Scope::Signal,
            "abstract-unix-socket" => scopes |= Scope::AbstractUnixSocket,
            _ => {}
        }
    }
    if !scopes.is_empty() {
        ruleset = ruleset.scope(scopes).map_err(err)?;
    }
    let mut created = ruleset.create().map_err(err)?;
    let mut applied = Applied {
        enforced: Enforced::None,
        no_new_privs: false,
        rules: 0,
        skipped: Vec::new(),
    };
    for rule in &plan.fs {
        let fd = match PathFd::new(&rule.path) {
            Ok(fd) => fd,
            Err(e) => {
                if strict {
                    return Err(ApplyError::Landlock(format!(
                        "{}: {e}",
                        rule.path.display()
                    )));
                }
                applied.skipped.push((rule.path.clone(), e.to_string()));
                continue;
            }
        };
        let is_dir = std::fs::metadata(&rule.path)
            .map(|m| m.is_dir())
            .unwrap_or(false);
        let mut access = match rule.access {
            Access::List => list,
            Access::Read => read,
            Access::Write => all_fs,
        };
        if !is_dir {
            access &= AccessFs::from_file(abi);
            if access.is_empty() {
                continue; // listing a file means nothing
            }
        }
        created = created
            .add_rule(PathBeneath::new(fd, access))
            .map_err(err)?;
        applied.rules += 1;
    }
    let mut ports: Vec<(u16, BitFlags<AccessNet>)> = Vec::new();
    if plan.net.connect_restricted {
        ports.extend(
            plan.net
                .connect_ports
                .iter()
                .map(|&p| (p, BitFlags::from(AccessNet::ConnectTcp))),
        );
    }
    if plan.net.bind_restricted {
        for &p in &plan.net.bind_ports {
            match ports.iter_mut().find(|(q, _)| *q == p) {
                Some((_, a)) => *a |= AccessNet::BindTcp,
                None => ports.push((p, AccessNet::BindTcp.into())),
            }
        }
    }
    for (port, access) in ports {
        created = created.add_rule(NetPort::new(port, access)).map_err(err)?;
    }
    applied.no_new_privs = true;
    let missing = kernel.missing(net_wanted, !plan.scopes.is_empty());
    applied.enforced = if !kernel.fs() {
        Enforced::None
    } else if missing.is_empty() {
        Enforced::Full
    } else {
        Enforced::Partial
    };
    let fd: Option<std::os::fd::OwnedFd> = created
        .try_clone()
        .map_err(|e| ApplyError::Landlock(e.to_string()))?
        .into();
    Ok(Prepared {
        created,
        fd,
        applied,
    })
}

/// Not on Linux: nothing can be restricted.
///
/// # Errors
/// Always [`ApplyError::NotLinux`].
#[cfg(not(target_os = "linux"))]
pub fn restrict_self(_plan: &Plan) -> Result<Applied, ApplyError> {
    Err(ApplyError::NotLinux)
}
