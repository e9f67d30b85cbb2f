//! The plan, without applying it: the entry-by-entry split around hidden and read-only
//! folders (generated variants: stores at several depths, several stores in one folder, the
//! project holding the home), the profiles' network rules, errors, and the `--dry-run` text.

use hookward_sandbox::{plan, render, Access, Kernel, Plan, PlanError, Profile, Request};
use std::path::{Path, PathBuf};

struct World {
    dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let home = root.join("home");
    let project = root.join("work/project");
    for d in [
        home.join(".ssh"),
        home.join(".config/gcloud"),
        home.join(".config/nvim"),
        home.join(".docker"),
        home.join(".hookward/cache"),
        home.join(".claude"),
        home.join(".npm"),
        project.clone(),
        root.join("tmp"),
    ] {
        std::fs::create_dir_all(d).unwrap();
    }
    for f in [
        ".ssh/id_ed25519",
        ".docker/config.json",
        ".docker/daemon.json",
        ".bashrc",
        ".claude.json",
    ] {
        std::fs::write(home.join(f), "x").unwrap();
    }
    std::os::unix::fs::symlink(home.join(".ssh"), home.join("ssh-link")).unwrap();
    World { dir, home, project }
}

fn request(w: &World, profile: Profile, program: &str) -> Request {
    let root = std::fs::canonicalize(w.dir.path()).unwrap();
    let mut r = Request::new(
        profile,
        vec![program.to_string(), "--print".into()],
        w.project.clone(),
        w.home.clone(),
        w.home.join(".hookward"),
        None,
    );
    r.read_roots = vec![root.clone()];
    r.temp_dirs = vec![root.join("tmp")];
    r.devices = vec![PathBuf::from("/dev/null")];
    r
}

fn access_of(p: &Plan, path: &Path) -> Option<Access> {
    p.fs.iter().find(|r| r.path == path).map(|r| r.access)
}

/// The strongest right a path gets from the rules (a rule on it or on a folder above it).
fn effective(p: &Plan, path: &Path) -> Option<Access> {
    p.fs.iter()
        .filter(|r| path.starts_with(&r.path))
        .map(|r| r.access)
        .max()
}

#[test]
fn hidden_stores_get_no_rule_and_their_siblings_do() {
    let w = world();
    let p = plan(&request(&w, Profile::Standard, "claude"), Kernel { abi: 7 }).unwrap();
    let h = &w.home;
    // Hidden: no rule on them or above them grants reading.
    for hidden in [
        h.join(".ssh"),
        h.join(".ssh/id_ed25519"),
        h.join(".config/gcloud"),
        h.join(".docker/config.json"),
    ] {
        assert!(
            effective(&p, &hidden) <= Some(Access::List),
            "{} is {:?}",
            hidden.display(),
            effective(&p, &hidden)
        );
    }
    // Their siblings are readable, the folders above them listable only.
    assert_eq!(access_of(&p, &h.join(".bashrc")), Some(Access::Read));
    assert_eq!(access_of(&p, &h.join(".config/nvim")), Some(Access::Read));
    assert_eq!(
        access_of(&p, &h.join(".docker/daemon.json")),
        Some(Access::Read)
    );
    for above in [h.clone(), h.join(".config"), h.join(".docker")] {
        assert_eq!(
            access_of(&p, &above),
            Some(Access::List),
            "{}",
            above.display()
        );
    }
    // A link to a hidden store gets no rule (its target is what counts).
    assert_eq!(access_of(&p, &h.join("ssh-link")), None);
    // hookward's home: readable, not writable.
    assert_eq!(
        effective(&p, &h.join(".hookward/cache")),
        Some(Access::Read)
    );
    // The agent's state and caches are writable; the project and temp too.
    assert_eq!(access_of(&p, &h.join(".claude")), Some(Access::Write));
    assert_eq!(access_of(&p, &h.join(".claude.json")), Some(Access::Write));
    assert_eq!(access_of(&p, &h.join(".npm")), Some(Access::Write));
    assert_eq!(
        effective(&p, &w.project.join("src/main.rs")),
        Some(Access::Write)
    );
    assert!(p
        .gaps
        .iter()
        .any(|g| g.contains(".claude.json") && g.contains("rename")));
}

#[test]
fn stores_at_generated_depths_are_hidden_whatever_the_siblings() {
    // Variants: the store under 0–3 extra folder levels with 0–5 siblings at each level
    // (the home itself moved down), always hidden, every sibling readable.
    for depth in 0..4 {
        for siblings in [0usize, 1, 5] {
            let dir = tempfile::tempdir().unwrap();
            let root = std::fs::canonicalize(dir.path()).unwrap();
            let mut home = root.clone();
            for d in 0..depth {
                for s in 0..siblings {
                    std::fs::create_dir_all(home.join(format!("sib{d}_{s}"))).unwrap();
                }
                home = home.join(format!("level{d}"));
            }
            std::fs::create_dir_all(home.join(".aws")).unwrap();
            std::fs::write(home.join(".aws/credentials"), "k").unwrap();
            std::fs::write(home.join("readme"), "r").unwrap();
            std::fs::create_dir_all(root.join("proj")).unwrap();
            let mut req = Request::new(
                Profile::Standard,
                vec!["sh".into()],
                root.join("proj"),
                home.clone(),
                home.join(".hookward"),
                None,
            );
            req.read_roots = vec![root.clone()];
            req.temp_dirs.clear();
            req.devices.clear();
            let p = plan(&req, Kernel { abi: 7 }).unwrap();
            assert!(
                effective(&p, &home.join(".aws/credentials")) <= Some(Access::List),
                "depth {depth} siblings {siblings}"
            );
            assert_eq!(effective(&p, &home.join("readme")), Some(Access::Read));
            let mut up = root.clone();
            for d in 0..depth {
                for s in 0..siblings {
                    assert_eq!(
                        access_of(&p, &up.join(format!("sib{d}_{s}"))),
                        Some(Access::Read)
                    );
                }
                up = up.join(format!("level{d}"));
            }
        }
    }
}

#[test]
fn a_project_that_holds_the_home_is_split_too() {
    let w = world();
    let mut req = request(&w, Profile::Standard, "sh");
    req.project = w.home.clone();
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(effective(&p, &w.home.join(".ssh/id_ed25519")) <= Some(Access::List));
    assert_eq!(effective(&p, &w.home.join(".bashrc")), Some(Access::Write));
    assert_eq!(
        effective(&p, &w.home.join(".hookward/cache")),
        Some(Access::Read)
    );
    assert!(p.gaps.iter().any(
        |g| g.starts_with("files cannot be created or removed directly in")
            && g.contains(&w.home.display().to_string())
    ));
}

#[test]
fn open_profile_writes_everywhere_but_keeps_the_carves() {
    let w = world();
    let p = plan(&request(&w, Profile::Open, "sh"), Kernel { abi: 7 }).unwrap();
    assert_eq!(effective(&p, &w.home.join(".bashrc")), Some(Access::Write));
    assert_eq!(
        effective(&p, &w.home.join(".hookward/cache")),
        Some(Access::Read)
    );
    assert!(effective(&p, &w.home.join(".ssh/id_ed25519")) <= Some(Access::List));
    assert!(!p.net.connect_restricted && p.scopes.is_empty());
}

#[test]
fn network_rules_per_profile() {
    let w = world();
    let mut req = request(&w, Profile::Strict, "sh");
    req.allow_net = vec!["api.example.com:8443".into(), ":9000".into()];
    // A host goes through the proxy: strict then opens no 443 directly, only the proxy's
    // port (unknown in a dry run) and the port rules.
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(p.net.connect_restricted && p.net.bind_restricted);
    assert_eq!(p.net.connect_ports, [9000]);
    assert_eq!(p.net.bind_ports, [9000]);
    let proxy = p.net.proxy.as_ref().unwrap();
    assert_eq!(proxy.allow, ["api.example.com:8443"]);
    assert_eq!(proxy.port, None);
    assert!(p.gaps.iter().any(|g| g.contains("host allowlist holds")));
    assert!(p.gaps.iter().any(|g| g.contains("a :PORT rule allows")));
    req.proxy_port = Some(41000);
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert_eq!(p.net.connect_ports, [9000, 41000]);

    req.profile = Profile::Standard;
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(p.net.connect_restricted && !p.net.bind_restricted);
    assert_eq!(p.net.connect_ports, [9000, 41000]);
    // Without hosts: strict opens 443 and the port rules, standard only the port rules.
    req.allow_net = vec!["*:9000".into()];
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(p.net.proxy.is_none());
    assert_eq!(p.net.connect_ports, [9000]);
    req.profile = Profile::Strict;
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert_eq!(p.net.connect_ports, [443, 9000]);
    req.profile = Profile::Standard;
    req.allow_net.clear();
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(!p.net.connect_restricted);
    // The open profile with a host list still holds to the proxy.
    req.profile = Profile::Open;
    req.allow_net = vec!["example.com:443".into()];
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(p.net.connect_restricted && p.net.connect_ports == [41000]);
    req.allow_net.clear();

    // An ABI without TCP rules says so.
    req.profile = Profile::Strict;
    let p = plan(&req, Kernel { abi: 3 }).unwrap();
    assert!(
        p.gaps.iter().any(|g| g.contains("no TCP port rules")),
        "{:?}",
        p.gaps
    );
    let p = plan(&req, Kernel { abi: 0 }).unwrap();
    assert!(p
        .gaps
        .iter()
        .any(|g| g.contains("Landlock is not available")));
}

#[test]
fn errors_are_typed() {
    let w = world();
    let mut req = request(&w, Profile::Standard, "sh");
    req.allow_net = vec!["example.com".into()];
    assert_eq!(
        plan(&req, Kernel { abi: 7 }).unwrap_err(),
        PlanError::BadNet("example.com".into())
    );
    req.allow_net = vec!["h:0".into()];
    assert!(matches!(
        plan(&req, Kernel { abi: 7 }),
        Err(PlanError::BadNet(_))
    ));
    req.allow_net.clear();
    req.allow_write = vec![w.home.join(".ssh")];
    assert!(matches!(
        plan(&req, Kernel { abi: 7 }),
        Err(PlanError::AllowWriteProtected {
            kept: "unreadable",
            ..
        })
    ));
    req.allow_write = vec![w.home.join(".hookward/cache")];
    assert!(matches!(
        plan(&req, Kernel { abi: 7 }),
        Err(PlanError::AllowWriteProtected {
            kept: "read-only",
            ..
        })
    ));
    req.allow_write = vec![w.home.join("nope")];
    assert!(matches!(
        plan(&req, Kernel { abi: 7 }),
        Err(PlanError::AllowWriteMissing(_))
    ));
    req.allow_write = vec![w.home.join(".config/nvim")];
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert_eq!(
        access_of(&p, &w.home.join(".config/nvim")),
        Some(Access::Write)
    );
    req.command.clear();
    assert_eq!(
        plan(&req, Kernel { abi: 7 }).unwrap_err(),
        PlanError::NoCommand
    );
    req.command = vec!["sh".into()];
    for bad in [PathBuf::from("home"), w.home.join("missing")] {
        req.home = bad.clone();
        assert_eq!(
            plan(&req, Kernel { abi: 7 }).unwrap_err(),
            PlanError::NoHome(bad)
        );
    }
}

#[test]
fn dry_run_text() {
    let w = world();
    let mut req = request(&w, Profile::Strict, "claude");
    req.allow_net = vec!["127.0.0.1:8080".into()];
    req.keep_env = vec!["GH_TOKEN".into()];
    req.env_names = [
        "PATH",
        "HOME",
        "AWS_SECRET_ACCESS_KEY",
        "GH_TOKEN",
        "ANTHROPIC_API_KEY",
        "NPM_TOKEN",
    ]
    .map(String::from)
    .to_vec();
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    let root = std::fs::canonicalize(w.dir.path()).unwrap();
    let text = render::text(&p);
    let pat = regex_lite(&root.display().to_string());
    insta::with_settings!({filters => vec![(pat.as_str(), "[TMP]")]}, {
        insta::assert_snapshot!(text);
    });
    let j = render::json(&p);
    assert_eq!(
        j["rule_counts"]["write"].as_u64().unwrap() as usize,
        p.fs.iter().filter(|r| r.access == Access::Write).count()
    );
    assert_eq!(j["fs"].as_array().unwrap().len(), p.fs.len());
}

/// `s` as a regex matching itself.
fn regex_lite(s: &str) -> String {
    s.chars()
        .map(|c| {
            if r"\.+*?()|[]{}^$#&-~".contains(c) {
                format!("\\{c}")
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[test]
fn a_crowded_folder_is_bounded_and_reported() {
    // More than MAX_DIR_ENTRIES names beside the home: the walk stops there, says so, and
    // the names it did not reach get no rule (closed, not open).
    let dir = tempfile::tempdir().unwrap();
    let root = std::fs::canonicalize(dir.path()).unwrap();
    let n = hookward_sandbox::plan::MAX_DIR_ENTRIES + 10;
    for i in 0..n {
        std::fs::write(root.join(format!("f{i:05}")), "").unwrap();
    }
    let home = root.join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    let mut req = Request::new(
        Profile::Standard,
        vec!["sh".into()],
        home.clone(),
        home.clone(),
        home.join(".hookward"),
        None,
    );
    req.read_roots = vec![root.clone()];
    req.temp_dirs.clear();
    req.devices.clear();
    let p = plan(&req, Kernel { abi: 7 }).unwrap();
    assert!(
        p.gaps.iter().any(|g| g.contains(&format!(
            "more than {} entries",
            hookward_sandbox::plan::MAX_DIR_ENTRIES
        ))),
        "{:?}",
        p.gaps
    );
    let granted =
        p.fs.iter()
            .filter(|r| r.path.parent() == Some(root.as_path()) && r.access == Access::Read)
            .count();
    assert!(
        granted <= hookward_sandbox::plan::MAX_DIR_ENTRIES,
        "{granted}"
    );
    assert!(effective(&p, &home.join(".ssh")) <= Some(Access::List));
}

#[test]
fn kernel_abi_features() {
    let k = |abi| Kernel { abi };
    assert_eq!(k(0).missing(true, true).len(), 1);
    assert!(k(7).missing(true, true).is_empty());
    assert!(k(6).missing(true, true).is_empty());
    let m = k(5).missing(true, true);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].contains("scoping"));
    assert!(k(5).missing(true, false).is_empty());
    let m = k(3).missing(true, false);
    assert!(m.iter().any(|s| s.contains("TCP")) && m.iter().any(|s| s.contains("ioctl")));
    assert!(!k(3).missing(false, false).iter().any(|s| s.contains("TCP")));
    assert!(k(1)
        .missing(false, false)
        .iter()
        .any(|s| s.contains("renames")));
}
