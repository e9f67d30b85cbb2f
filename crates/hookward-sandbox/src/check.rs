//! `hookward sandbox check`: what this kernel can enforce, and an audit of the environment an
//! agent would start in (running as root, credential files readable, ambient credentials in
//! the environment, a route to the cloud metadata address).
//!
//! Nothing here connects anywhere: the metadata check reads the routing table
//! (`/proc/net/route`) and the firmware's vendor strings (`/sys/class/dmi/id`) and says
//! whether a packet to `169.254.169.254` would have a route, never whether something answers.

use crate::env::pattern_matches;
use crate::plan::Kernel;
use crate::tables;
use serde::Serialize;
use std::net::Ipv4Addr;
use std::path::{Path, PathBuf};

/// The cloud metadata address (AWS, GCP, Azure, OpenStack, DigitalOcean all answer there).
pub const METADATA_ADDR: Ipv4Addr = Ipv4Addr::new(169, 254, 169, 254);

/// One Landlock feature: its name, the ABI that brought it, what the sandbox uses it for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Feature {
    /// Short name.
    pub name: &'static str,
    /// The Landlock ABI version that introduced it (kernel documentation, "Landlock ABI
    /// versions").
    pub abi: u32,
    /// What `hookward run` does with it.
    pub used_for: &'static str,
}

/// The Landlock features the sandbox uses, in ABI order.
pub const FEATURES: &[Feature] = &[
    Feature {
        name: "file-system rules",
        abi: 1,
        used_for: "write only to the project, temp, agent state and caches; credential stores unreadable; hookward's home read-only",
    },
    Feature {
        name: "refer",
        abi: 2,
        used_for: "renames and links across folders inside the writable ones",
    },
    Feature {
        name: "truncate",
        abi: 3,
        used_for: "truncating a file counts as a write",
    },
    Feature {
        name: "TCP bind/connect ports",
        abi: 4,
        used_for: "strict and --allow-net: connect only to the allowed ports or the proxy",
    },
    Feature {
        name: "device ioctl",
        abi: 5,
        used_for: "ioctl on device files counts as a write",
    },
    Feature {
        name: "signal and abstract-socket scopes",
        abi: 6,
        used_for: "no signals to processes outside (standard, strict); no abstract UNIX sockets outside (strict)",
    },
];

/// A feature and whether this kernel has it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FeatureState {
    /// The feature.
    #[serde(flatten)]
    pub feature: Feature,
    /// Whether the kernel's ABI includes it.
    pub available: bool,
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Nothing to do.
    Ok,
    /// Worth fixing.
    Warn,
    /// Information (what `hookward run` does about it).
    Info,
}

/// One finding of the environment audit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// What was checked: `root`, `credentials`, `environment`, `metadata`.
    pub check: &'static str,
    /// The level.
    pub level: Level,
    /// One sentence.
    pub detail: String,
}

/// What the audit looks at; [`Inputs::machine`] reads this machine.
#[derive(Debug, Clone)]
pub struct Inputs {
    /// The effective user id.
    pub euid: u32,
    /// The user's home.
    pub home: PathBuf,
    /// Names of the environment's variables.
    pub env_names: Vec<String>,
    /// The text of `/proc/net/route` (`None`: not readable).
    pub routes: Option<String>,
    /// The firmware's vendor and product strings (`/sys/class/dmi/id/sys_vendor`,
    /// `product_name`, `bios_vendor`), joined by newlines (`None`: not readable).
    pub dmi: Option<String>,
}

impl Inputs {
    /// This machine's inputs.
    pub fn machine(home: PathBuf) -> Inputs {
        #[cfg(unix)]
        // SAFETY: geteuid has no failure mode.
        let euid = unsafe { libc_geteuid() };
        #[cfg(not(unix))]
        let euid = u32::MAX;
        let dmi: Vec<String> = ["sys_vendor", "product_name", "bios_vendor"]
            .iter()
            .filter_map(|f| std::fs::read_to_string(Path::new("/sys/class/dmi/id").join(f)).ok())
            .map(|s| s.trim().to_string())
            .collect();
        Inputs {
            euid,
            home,
            env_names: std::env::vars_os()
                .filter_map(|(k, _)| k.into_string().ok())
                .collect(),
            routes: std::fs::read_to_string("/proc/net/route").ok(),
            dmi: (!dmi.is_empty()).then(|| dmi.join("\n")),
        }
    }
}

#[cfg(unix)]
unsafe fn libc_geteuid() -> u32 {
    extern "C" {
        fn geteuid() -> u32;
    }
    geteuid()
}

/// The features with this kernel's availability.
pub fn features(kernel: Kernel) -> Vec<FeatureState> {
    FEATURES
        .iter()
        .map(|f| FeatureState {
            feature: *f,
            available: kernel.abi >= f.abi,
        })
        .collect()
}

/// One IPv4 route of `/proc/net/route`: interface, destination, mask, gateway.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Route {
    /// The interface.
    pub iface: String,
    /// The destination network.
    pub dest: Ipv4Addr,
    /// The mask.
    pub mask: Ipv4Addr,
    /// The gateway (`0.0.0.0`: on the link).
    pub gateway: Ipv4Addr,
}

/// Parses `/proc/net/route` (hex fields in host byte order, as the kernel writes them on a
/// little-endian machine; the header line is skipped; lines that do not parse are skipped).
pub fn parse_routes(text: &str) -> Vec<Route> {
    let hex = |s: &str| -> Option<Ipv4Addr> {
        let v = u32::from_str_radix(s, 16).ok()?;
        Some(Ipv4Addr::from(v.to_le_bytes()))
    };
    text.lines()
        .skip(1)
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.len() < 8 {
                return None;
            }
            Some(Route {
                iface: f[0].to_string(),
                dest: hex(f[1])?,
                gateway: hex(f[2])?,
                mask: hex(f[7])?,
            })
        })
        .collect()
}

/// The most specific route to `ip` (longest mask), if any.
pub fn route_to(routes: &[Route], ip: Ipv4Addr) -> Option<&Route> {
    routes
        .iter()
        .filter(|r| u32::from(ip) & u32::from(r.mask) == u32::from(r.dest) & u32::from(r.mask))
        .max_by_key(|r| u32::from(r.mask).count_ones())
}

/// Cloud vendors as the firmware names them (DMI `sys_vendor`/`product_name`/`bios_vendor`):
/// (substring, provider). Sources: each provider's documentation on detecting its VMs.
pub const CLOUD_DMI: &[(&str, &str)] = &[
    ("Amazon EC2", "AWS"),
    ("Google Compute Engine", "Google Cloud"),
    ("Google", "Google Cloud"),
    ("Microsoft Corporation", "Azure (or Hyper-V)"),
    ("DigitalOcean", "DigitalOcean"),
    ("OpenStack", "OpenStack"),
    ("Hetzner", "Hetzner"),
    ("Alibaba Cloud", "Alibaba Cloud"),
    ("Oracle Cloud", "Oracle Cloud"),
];

/// Whether a file or folder is readable by this process (opened, then closed; nothing read).
fn readable(p: &Path) -> bool {
    if p.is_dir() {
        std::fs::read_dir(p).is_ok()
    } else {
        std::fs::File::open(p).is_ok()
    }
}

/// The files (not folders) under `p`, at most 200, not following links.
fn files_under(p: &Path, out: &mut Vec<PathBuf>) {
    if out.len() >= 200 {
        return;
    }
    let Ok(m) = std::fs::symlink_metadata(p) else {
        return;
    };
    if m.is_file() {
        out.push(p.to_path_buf());
    } else if m.is_dir() {
        if let Ok(rd) = std::fs::read_dir(p) {
            for e in rd.flatten() {
                files_under(&e.path(), out);
            }
        }
    }
}

/// The environment audit.
pub fn audit(inp: &Inputs) -> Vec<Finding> {
    let mut out = Vec::new();
    if inp.euid == 0 {
        out.push(Finding {
            check: "root",
            level: Level::Warn,
            detail: "running as root: an agent started here can change the whole machine outside its sandbox's file rules (other users' files, system services); run agents as a normal user".into(),
        });
    } else {
        out.push(Finding {
            check: "root",
            level: Level::Ok,
            detail: format!("not running as root (uid {})", inp.euid),
        });
    }
    let mut present = 0usize;
    for c in tables::CREDENTIAL_STORES {
        let p = inp.home.join(c.path);
        if !p.exists() {
            continue;
        }
        present += 1;
        if readable(&p) {
            out.push(Finding {
                check: "credentials",
                level: Level::Info,
                detail: format!(
                    "{} ({}) is readable here; unreadable inside `hookward run`",
                    p.display(),
                    c.what
                ),
            });
        }
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mut files = Vec::new();
            files_under(&p, &mut files);
            let loose: Vec<String> = files
                .iter()
                .filter_map(|f| {
                    let mode = std::fs::metadata(f).ok()?.permissions().mode();
                    (mode & 0o044 != 0)
                        .then(|| format!("{} (mode {:04o})", f.display(), mode & 0o7777))
                })
                .collect();
            if !loose.is_empty() {
                out.push(Finding {
                    check: "credentials",
                    level: Level::Warn,
                    detail: format!("readable by other users: {} (chmod go-r)", loose.join(", ")),
                });
            }
        }
    }
    if present == 0 {
        out.push(Finding {
            check: "credentials",
            level: Level::Ok,
            detail: format!(
                "no credential store of the table under {}",
                inp.home.display()
            ),
        });
    }
    let mut names: Vec<&String> = inp
        .env_names
        .iter()
        .filter(|n| tables::STRIP_ENV.iter().any(|p| pattern_matches(p, n)))
        .filter(|n| !crate::env::is_trust_setting(n))
        .collect();
    names.sort();
    names.dedup();
    if names.is_empty() {
        out.push(Finding {
            check: "environment",
            level: Level::Ok,
            detail: "no ambient credential variable in the environment".into(),
        });
    } else {
        let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
        out.push(Finding {
            check: "environment",
            level: Level::Warn,
            detail: format!(
                "ambient credentials in the environment: {} (removed inside `hookward run` unless --keep-env or the agent's own key)",
                names.join(", ")
            ),
        });
    }
    // Metadata: a route, and what the firmware says; never a connection.
    let vendor = inp.dmi.as_deref().and_then(|d| {
        CLOUD_DMI
            .iter()
            .find(|(needle, _)| d.contains(needle))
            .map(|(_, who)| *who)
    });
    let route = inp.routes.as_deref().map(parse_routes);
    let detail = match (&route, vendor) {
        (None, _) => format!(
            "{METADATA_ADDR}: the routing table could not be read; skipped (nothing is ever contacted)"
        ),
        (Some(rs), v) => match route_to(rs, METADATA_ADDR) {
            None => format!("{METADATA_ADDR}: no route; a metadata service is not reachable from here"),
            Some(r) => {
                let how = if u32::from(r.mask) == 0 {
                    format!("only the default route (via {}) would carry it", r.iface)
                } else {
                    format!(
                        "a route to {}/{} via {} covers it",
                        r.dest,
                        u32::from(r.mask).count_ones(),
                        r.iface
                    )
                };
                let cloud = match v {
                    Some(who) => format!("; the firmware names {who}, so a metadata service with instance credentials is likely to answer"),
                    None => "; the firmware names no known cloud".into(),
                };
                format!("{METADATA_ADDR}: {how}{cloud} (not contacted). Inside `hookward run`, TCP to it is refused only with --profile strict or --allow-net (port rules)")
            }
        },
    };
    let level = match (&route, vendor) {
        (Some(rs), Some(_)) if route_to(rs, METADATA_ADDR).is_some() => Level::Warn,
        _ => Level::Info,
    };
    out.push(Finding {
        check: "metadata",
        level,
        detail,
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROUTES: &str =
        "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT\n\
eth0\t00000000\t0100000A\t0003\t0\t0\t0\t00000000\t0\t0\t0\n\
eth0\t0000000A\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0\n\
eth0\t0000FEA9\t00000000\t0001\t0\t0\t0\t0000FFFF\t0\t0\t0\n";

    #[test]
    fn routes_parse_and_the_longest_prefix_wins() {
        let rs = parse_routes(ROUTES);
        assert_eq!(rs.len(), 3);
        assert_eq!(rs[0].gateway, Ipv4Addr::new(10, 0, 0, 1));
        assert_eq!(rs[1].dest, Ipv4Addr::new(10, 0, 0, 0));
        assert_eq!(rs[1].mask, Ipv4Addr::new(255, 255, 255, 0));
        let r = route_to(&rs, METADATA_ADDR).unwrap();
        assert_eq!(r.dest, Ipv4Addr::new(169, 254, 0, 0));
        assert_eq!(
            route_to(&rs[..2], METADATA_ADDR).unwrap().dest,
            Ipv4Addr::UNSPECIFIED
        );
        assert!(route_to(&rs[1..2], METADATA_ADDR).is_none());
    }

    fn inputs(home: &Path) -> Inputs {
        Inputs {
            euid: 1000,
            home: home.to_path_buf(),
            env_names: vec![
                "PATH".into(),
                "AWS_SECRET_ACCESS_KEY".into(),
                "GITHUB_TOKEN".into(),
            ],
            routes: Some(ROUTES.into()),
            dmi: Some("Amazon EC2\nm5.large".into()),
        }
    }

    #[test]
    fn audit_names_root_loose_keys_ambient_credentials_and_the_metadata_route() {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path();
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::write(home.join(".ssh/id_rsa"), "k").unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(
                home.join(".ssh/id_rsa"),
                std::fs::Permissions::from_mode(0o644),
            )
            .unwrap();
        }
        let f = audit(&inputs(home));
        let get = |c: &str| f.iter().filter(|x| x.check == c).collect::<Vec<_>>();
        assert_eq!(get("root")[0].level, Level::Ok);
        let creds = get("credentials");
        assert!(
            creds
                .iter()
                .any(|x| x.level == Level::Info
                    && x.detail.contains(".ssh (SSH keys) is readable here")),
            "{creds:?}"
        );
        #[cfg(unix)]
        assert!(
            creds
                .iter()
                .any(|x| x.level == Level::Warn && x.detail.contains("id_rsa (mode 0644)")),
            "{creds:?}"
        );
        let env = &get("environment")[0];
        assert_eq!(env.level, Level::Warn);
        assert!(
            env.detail.contains("AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN")
                && !env.detail.contains("PATH"),
            "{env:?}"
        );
        let md = &get("metadata")[0];
        assert_eq!(md.level, Level::Warn, "{md:?}");
        assert!(
            md.detail.contains("169.254.0.0/16 via eth0") && md.detail.contains("AWS"),
            "{md:?}"
        );

        let mut root = inputs(home);
        root.euid = 0;
        root.env_names.clear();
        root.dmi = None;
        root.routes = Some(ROUTES.lines().take(2).collect::<Vec<_>>().join("\n"));
        let f = audit(&root);
        assert!(f
            .iter()
            .any(|x| x.check == "root" && x.level == Level::Warn));
        assert!(f
            .iter()
            .any(|x| x.check == "environment" && x.level == Level::Ok));
        let md = f.iter().find(|x| x.check == "metadata").unwrap();
        assert_eq!(md.level, Level::Info);
        assert!(
            md.detail.contains("only the default route (via eth0)"),
            "{md:?}"
        );
        root.routes = None;
        let f = audit(&root);
        assert!(f
            .iter()
            .any(|x| x.check == "metadata" && x.detail.contains("skipped")));
    }

    #[test]
    fn features_follow_the_abi() {
        let f = features(Kernel { abi: 4 });
        assert_eq!(f.iter().filter(|x| x.available).count(), 4);
        assert!(!features(Kernel { abi: 0 }).iter().any(|x| x.available));
    }
}
