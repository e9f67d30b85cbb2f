//! The real sandbox on this kernel: children started by the test, under a plan for a temp
//! HOME with a fake `~/.ssh/id_ed25519` and `~/.aws/credentials`.
//!
//! Each case re-runs this test binary as the child (`sandboxed_child_entry`, ignored in
//! ordinary runs): the child makes the plan, restricts itself and `exec`s `sh -c SCRIPT`,
//! as `hookward run` does. The temp folders live under `CARGO_TARGET_TMPDIR`, not `/tmp`
//! (which the sandbox leaves writable). On a kernel without Landlock every case prints
//! `SKIPPED` and returns.

use hookward_sandbox::{plan, probe, restrict_self, Profile, Request};
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The temp world of one case.
struct World {
    _dir: tempfile::TempDir,
    home: PathBuf,
    project: PathBuf,
    hw_home: PathBuf,
}

fn world() -> World {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let home = dir.path().join("home");
    let project = dir.path().join("project");
    let hw_home = home.join(".hookward");
    for d in [
        home.join(".ssh"),
        home.join(".aws"),
        hw_home.clone(),
        project.clone(),
        home.join(".claude"),
    ] {
        std::fs::create_dir_all(d).unwrap();
    }
    std::fs::write(
        home.join(".ssh/id_ed25519"),
        "-----BEGIN OPENSSH PRIVATE KEY-----\nfake\n",
    )
    .unwrap();
    std::fs::write(
        home.join(".aws/credentials"),
        "[default]\naws_access_key_id = AKIAFAKE\n",
    )
    .unwrap();
    std::fs::write(home.join("notes.txt"), "readable notes\n").unwrap();
    std::fs::write(hw_home.join("config.toml"), "fail_mode = \"closed\"\n").unwrap();
    World {
        _dir: dir,
        home,
        project,
        hw_home,
    }
}

/// Whether this kernel has Landlock; prints the skip line when it does not.
fn landlock_or_skip(case: &str) -> bool {
    let k = probe();
    if k.abi == 0 {
        eprintln!("SKIPPED {case}: this kernel has no Landlock (ABI 0); nothing was tested");
        return false;
    }
    true
}

/// Runs `script` under the sandbox of `w` with `profile` (and `allow_net`), extra env.
fn run(
    w: &World,
    profile: &str,
    allow_net: &[String],
    env: &[(&str, &str)],
    script: &str,
) -> Output {
    let exe = std::env::current_exe().unwrap();
    let mut cmd = Command::new(exe);
    cmd.args([
        "--ignored",
        "--exact",
        "sandboxed_child_entry",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("HWSBX_SCRIPT", script)
    .env("HWSBX_PROFILE", profile)
    .env("HWSBX_HOME", &w.home)
    .env("HWSBX_PROJECT", &w.project)
    .env("HWSBX_HWHOME", &w.hw_home)
    .env("HWSBX_NET", allow_net.join(","))
    .env("HOME", &w.home)
    .current_dir(&w.project);
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// The child: plan, restrict, exec. Ignored in ordinary runs; [`run`] starts it.
#[test]
#[ignore = "entry point of the sandboxed child; started by the other tests"]
fn sandboxed_child_entry() {
    let Ok(script) = std::env::var("HWSBX_SCRIPT") else {
        panic!("started without HWSBX_SCRIPT: this is the child entry of the sandbox tests");
    };
    let var = |k: &str| PathBuf::from(std::env::var_os(k).unwrap());
    let profile = match std::env::var("HWSBX_PROFILE").unwrap().as_str() {
        "strict" => Profile::Strict,
        "open" => Profile::Open,
        _ => Profile::Standard,
    };
    let command = vec!["sh".to_string(), "-c".to_string(), script.clone()];
    let mut req = Request::new(
        profile,
        command,
        var("HWSBX_PROJECT"),
        var("HWSBX_HOME"),
        var("HWSBX_HWHOME"),
        None,
    );
    req.allow_net = std::env::var("HWSBX_NET")
        .unwrap()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    req.env_names = std::env::vars_os()
        .filter_map(|(k, _)| k.into_string().ok())
        .collect();
    let p = plan(&req, probe()).unwrap();
    let env = p
        .env
        .apply(std::env::vars_os().filter(|(k, _)| !k.to_string_lossy().starts_with("HWSBX_")));
    restrict_self(&p).unwrap();
    let err = Command::new("sh")
        .arg("-c")
        .arg(&script)
        .env_clear()
        .envs(env)
        .exec();
    panic!("exec failed: {err}");
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn q(p: &Path) -> String {
    format!("'{}'", p.display())
}

#[test]
fn credential_files_are_unreadable_other_home_files_are_readable() {
    if !landlock_or_skip("credential_files_are_unreadable") {
        return;
    }
    let w = world();
    let key = w.home.join(".ssh/id_ed25519");
    let o = run(&w, "standard", &[], &[], &format!("cat {}", q(&key)));
    assert!(
        !o.status.success(),
        "cat of the key succeeded: {}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    assert!(!stdout(&o).contains("PRIVATE KEY"));

    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!("cat {}", q(&w.home.join(".aws/credentials"))),
    );
    assert!(
        !o.status.success() && stderr(&o).contains("Permission denied"),
        "{}",
        stderr(&o)
    );

    // The rest of the home, and the system, stay readable; the home can be listed.
    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!(
            "cat {} && ls {} && cat /etc/hostname >/dev/null",
            q(&w.home.join("notes.txt")),
            q(&w.home)
        ),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("readable notes") && stdout(&o).contains("notes.txt"),
        "{}",
        stdout(&o)
    );

    // Outside the sandbox the same read works (the test's own control).
    assert!(std::fs::read_to_string(&key)
        .unwrap()
        .contains("PRIVATE KEY"));
}

#[test]
fn writes_only_where_allowed() {
    if !landlock_or_skip("writes_only_where_allowed") {
        return;
    }
    let w = world();
    let o = run(
        &w,
        "standard",
        &[],
        &[],
        "echo built > out.txt && mkdir -p sub/dir && echo x > sub/dir/y && cat out.txt",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(w.project.join("out.txt")).unwrap(),
        "built\n"
    );
    assert!(w.project.join("sub/dir/y").is_file());

    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!("echo pwned > {}", q(&w.home.join("planted"))),
    );
    assert!(!o.status.success(), "writing in $HOME succeeded");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    assert!(!w.home.join("planted").exists());

    // Overwriting an existing home file is refused too.
    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!("echo x >> {}", q(&w.home.join("notes.txt"))),
    );
    assert!(!o.status.success());
    assert_eq!(
        std::fs::read_to_string(w.home.join("notes.txt")).unwrap(),
        "readable notes\n"
    );

    // Temp folders and /dev/null are writable.
    let o = run(
        &w,
        "standard",
        &[],
        &[],
        "t=$(mktemp) && echo ok > \"$t\" && cat \"$t\" && rm \"$t\" && echo y > /dev/null",
    );
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn hookward_home_is_read_only() {
    if !landlock_or_skip("hookward_home_is_read_only") {
        return;
    }
    let w = world();
    let cfg = w.hw_home.join("config.toml");
    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!("cat {c} && echo 'fail_mode = \"open\"' > {c}", c = q(&cfg)),
    );
    assert!(!o.status.success());
    assert!(
        stdout(&o).contains("fail_mode = \"closed\""),
        "reading it works: {}",
        stdout(&o)
    );
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    assert_eq!(
        std::fs::read_to_string(&cfg).unwrap(),
        "fail_mode = \"closed\"\n"
    );

    let o = run(
        &w,
        "standard",
        &[],
        &[],
        &format!("mkdir {}", q(&w.hw_home.join("policies"))),
    );
    assert!(!o.status.success());
    assert!(!w.hw_home.join("policies").exists());

    // Even the open profile, which writes everywhere else, keeps it read-only.
    // (Its existing files, that is: a new file directly in the home, which holds the carves,
    // cannot be created; the plan says so.)
    let notes = w.home.join("notes.txt");
    let o = run(
        &w,
        "open",
        &[],
        &[],
        &format!("echo x > {} ; echo more >> {}", q(&cfg), q(&notes)),
    );
    assert_eq!(
        std::fs::read_to_string(&cfg).unwrap(),
        "fail_mode = \"closed\"\n",
        "{}",
        stderr(&o)
    );
    assert_eq!(
        std::fs::read_to_string(&notes).unwrap(),
        "readable notes\nmore\n",
        "{}",
        stderr(&o)
    );
    let o = run(
        &w,
        "open",
        &[],
        &[],
        &format!("cat {}", q(&w.home.join(".ssh/id_ed25519"))),
    );
    assert!(!o.status.success(), "the open profile still hides the key");
}

#[test]
fn grandchildren_inherit_the_sandbox() {
    if !landlock_or_skip("grandchildren_inherit_the_sandbox") {
        return;
    }
    let w = world();
    let key = w.home.join(".ssh/id_ed25519");
    let script = format!(
        "sh -c \"sh -c 'cat {k}; echo planted > {p}' \" ; (sleep 0; cat {k}) & wait",
        k = key.display(),
        p = w.home.join("gc").display()
    );
    let o = run(&w, "standard", &[], &[], &script);
    assert!(!stdout(&o).contains("PRIVATE KEY"), "{}", stdout(&o));
    assert_eq!(
        stderr(&o).matches("Permission denied").count(),
        3,
        "{}",
        stderr(&o)
    );
    assert!(!w.home.join("gc").exists());
}

#[test]
fn ambient_credentials_are_removed_from_the_environment() {
    if !landlock_or_skip("ambient_credentials_are_removed") {
        return;
    }
    let w = world();
    let env = [
        ("AWS_SECRET_ACCESS_KEY", "aws-secret"),
        ("AWS_PROFILE", "prod"),
        ("GITHUB_TOKEN", "ghp_fake"),
        ("GH_TOKEN", "gho_fake"),
        ("STRIPE_API_KEY", "sk_fake"),
        ("DB_SECRET_URL", "postgres://x"),
        ("HWTEST_PLAIN", "kept"),
    ];
    let o = run(&w, "standard", &[], &env, "env");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for (k, v) in &env[..6] {
        assert!(
            !out.contains(k) && !out.contains(v),
            "{k} reached the child:\n{out}"
        );
    }
    assert!(out.contains("HWTEST_PLAIN=kept"));
    assert!(out.contains("PATH="));
}

#[test]
fn strict_profile_limits_tcp_connect_to_allowed_ports() {
    if !landlock_or_skip("strict_profile_limits_tcp_connect") {
        return;
    }
    if probe().abi < 4 {
        eprintln!(
            "SKIPPED strict_profile_limits_tcp_connect: Landlock ABI {} has no TCP rules",
            probe().abi
        );
        return;
    }
    let w = world();
    let allowed = TcpListener::bind("127.0.0.1:0").unwrap();
    let denied = TcpListener::bind("127.0.0.1:0").unwrap();
    let (pa, pd) = (
        allowed.local_addr().unwrap().port(),
        denied.local_addr().unwrap().port(),
    );
    let script = format!(
        "bash -c 'exec 3<>/dev/tcp/127.0.0.1/{pa}' && echo allowed-ok; bash -c 'exec 3<>/dev/tcp/127.0.0.1/{pd}' && echo denied-reached"
    );
    let o = run(&w, "strict", &[format!(":{pa}")], &[], &script);
    let out = stdout(&o);
    assert!(out.contains("allowed-ok"), "{out}\n{}", stderr(&o));
    assert!(!out.contains("denied-reached"), "{out}");
    assert!(stderr(&o).contains("Permission denied"), "{}", stderr(&o));
    // Without the sandbox the same port is reachable (the control).
    assert!(std::net::TcpStream::connect(("127.0.0.1", pd)).is_ok());
}

#[test]
fn other_roads_to_the_key_are_closed_too() {
    if !landlock_or_skip("other_roads_to_the_key_are_closed_too") {
        return;
    }
    let w = world();
    let key = w.home.join(".ssh/id_ed25519");
    let ssh = w.home.join(".ssh");
    let tmp = w.project.join("t");
    std::fs::create_dir_all(&tmp).unwrap();
    // Magic links of /proc, a symbolic link and a hard link made inside, a copy, a move of
    // the folder out of the home: every one is refused.
    let roads = [
        format!("cat /proc/self/root{}", key.display()),
        "cat /proc/$$/cwd/../home/.ssh/id_ed25519".to_string(),
        format!(
            "ln -s {k} {t}/sym && cat {t}/sym",
            k = key.display(),
            t = tmp.display()
        ),
        format!(
            "ln {k} {t}/hard && cat {t}/hard",
            k = key.display(),
            t = tmp.display()
        ),
        format!(
            "cp {k} {t}/copy && cat {t}/copy",
            k = key.display(),
            t = tmp.display()
        ),
        format!(
            "mv {s} {t}/moved && cat {t}/moved/id_ed25519",
            s = ssh.display(),
            t = tmp.display()
        ),
    ];
    for road in roads {
        let o = run(&w, "open", &[], &[], &road);
        assert!(!o.status.success(), "{road}: {}", stdout(&o));
        assert!(!stdout(&o).contains("PRIVATE KEY"), "{road}");
    }
    assert!(key.is_file(), "the key was not moved");
}
