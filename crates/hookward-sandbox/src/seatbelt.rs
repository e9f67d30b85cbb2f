//! The plan as a macOS Seatbelt profile (SBPL) for `sandbox-exec -p PROFILE -- COMMAND`.
//!
//! **Untested on a real Mac.** No Mac was available: this module is generated and checked as
//! text only (the unit tests below). `hookward run --dry-run --seatbelt` prints it on any
//! system.
//!
//! Seatbelt has deny rules and the last matching rule wins, so the profile states the plan's
//! grants directly ([`Plan::grants`], not the Landlock split entry by entry) and then takes
//! back what must stay protected:
//!
//! 1. `(allow default)`: everything not named below (reads, processes, IPC) as Landlock leaves
//!    it.
//! 2. `(deny file-write*)`, then `(allow file-write* …)` for every write grant (the project,
//!    temp folders, agent state, caches, devices, `--allow-write`; `/` in `open`).
//! 3. `(deny file-write* …)` on hookward's home (read-only).
//! 4. `(deny file-read* file-write* …)` on every credential store of the plan, present or not,
//!    and the macOS ones of [`tables::MACOS_CREDENTIAL_STORES`].
//! 5. Network, when the plan restricts it: `(deny network-outbound (remote tcp))`, then
//!    `(allow network-outbound (remote tcp "localhost:PORT"))` for the proxy and
//!    `"*:PORT"` for each port rule; bind the same way with `network-bind`.
//! 6. Scopes: `signal` becomes `(deny signal)` then `(allow signal (target same-sandbox))`.

use crate::plan::{Access, Plan};
use crate::tables;
use std::fmt::Write as _;
use std::path::Path;

/// Quotes `s` as an SBPL string literal: `"` and `\` escaped, control characters as `\n`,
/// `\t` or `\xHH`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\x{:02x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn subpath(p: &Path) -> String {
    format!("(subpath {})", quote(&p.to_string_lossy()))
}

/// The Seatbelt profile of `plan` (module docs for its shape). `home` is the user's home, for
/// the macOS credential stores.
pub fn profile(plan: &Plan, home: &Path) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "(version 1)");
    let _ = writeln!(
        s,
        ";; hookward run: profile {} for sandbox-exec, generated from the same plan as the Linux Landlock rules.",
        plan.profile.word()
    );
    let _ = writeln!(
        s,
        ";; UNTESTED on a real Mac: generated and checked as text only."
    );
    let _ = writeln!(s, "(allow default)");
    let _ = writeln!(s);
    let _ = writeln!(s, ";; writes: only what the plan grants");
    let _ = writeln!(s, "(deny file-write*)");
    let mut writes: Vec<&Path> = plan
        .grants
        .iter()
        .filter(|g| g.access == Access::Write)
        .map(|g| g.path.as_path())
        .collect();
    writes.sort();
    writes.dedup();
    if !writes.is_empty() {
        let _ = writeln!(s, "(allow file-write*");
        for w in &writes {
            let _ = writeln!(s, "    {}", subpath(w));
        }
        let _ = writeln!(s, ")");
    }
    let _ = writeln!(s);
    let _ = writeln!(s, ";; hookward's home: read-only");
    let _ = writeln!(s, "(deny file-write* {})", subpath(&plan.hookward_home));
    let _ = writeln!(s);
    let _ = writeln!(s, ";; credential stores: unreadable and unwritable");
    let _ = writeln!(s, "(deny file-read* file-write*");
    let mut hidden: Vec<String> = plan
        .hidden
        .iter()
        .map(|h| subpath(&h.path))
        .chain(
            tables::MACOS_CREDENTIAL_STORES
                .iter()
                .map(|c| subpath(&home.join(c.path))),
        )
        .collect();
    hidden.sort();
    hidden.dedup();
    for h in &hidden {
        let _ = writeln!(s, "    {h}");
    }
    let _ = writeln!(s, ")");
    let net = &plan.net;
    if net.connect_restricted || net.bind_restricted {
        let _ = writeln!(s);
        let _ = writeln!(s, ";; network: TCP only to these ports");
    }
    let proxy = net.proxy.as_ref().and_then(|p| p.port);
    if net.connect_restricted {
        let _ = writeln!(s, "(deny network-outbound (remote tcp))");
        for p in &net.connect_ports {
            let host = if Some(*p) == proxy { "localhost" } else { "*" };
            let _ = writeln!(
                s,
                "(allow network-outbound (remote tcp {}))",
                quote(&format!("{host}:{p}"))
            );
        }
    }
    if net.bind_restricted {
        let _ = writeln!(s, "(deny network-bind (local tcp))");
        for p in &net.bind_ports {
            let _ = writeln!(
                s,
                "(allow network-bind (local tcp {}))",
                quote(&format!("*:{p}"))
            );
        }
    }
    if plan.scopes.iter().any(|x| x == "signal") {
        let _ = writeln!(s);
        let _ = writeln!(s, ";; signals only within the sandbox");
        let _ = writeln!(s, "(deny signal)");
        let _ = writeln!(s, "(allow signal (target same-sandbox))");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::{plan, Kernel, Profile, Request};
    use std::path::PathBuf;

    struct W {
        _dir: tempfile::TempDir,
        home: PathBuf,
        project: PathBuf,
    }

    fn world(project_name: &str) -> W {
        let dir = tempfile::tempdir().unwrap();
        let root = std::fs::canonicalize(dir.path()).unwrap();
        let home = root.join("home");
        let project = root.join(project_name);
        for d in [home.join(".ssh"), home.join(".hookward"), project.clone()] {
            std::fs::create_dir_all(d).unwrap();
        }
        W {
            _dir: dir,
            home,
            project,
        }
    }

    fn make(w: &W, profile: Profile, net: &[&str], proxy_port: Option<u16>) -> Plan {
        let mut req = Request::new(
            profile,
            vec!["sh".into()],
            w.project.clone(),
            w.home.clone(),
            w.home.join(".hookward"),
            None,
        );
        req.read_roots = vec![w.home.parent().unwrap().to_path_buf()];
        req.temp_dirs = vec![];
        req.devices = vec![];
        req.allow_net = net.iter().map(|s| s.to_string()).collect();
        req.proxy_port = proxy_port;
        plan(&req, Kernel { abi: 7 }).unwrap()
    }

    fn pos(text: &str, needle: &str) -> usize {
        text.find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not in\n{text}"))
    }

    #[test]
    fn standard_denies_writes_then_allows_the_grants_then_takes_back_the_protected() {
        let w = world("project");
        let p = make(&w, Profile::Standard, &[], None);
        let t = profile(&p, &w.home);
        assert!(t.starts_with("(version 1)\n"), "{t}");
        assert!(t.contains("UNTESTED on a real Mac"), "{t}");
        let deny_w = pos(&t, "(deny file-write*)\n");
        let allow_project = pos(&t, &format!("    (subpath \"{}\")", w.project.display()));
        let hw = pos(
            &t,
            &format!(
                "(deny file-write* (subpath \"{}\"))",
                w.home.join(".hookward").display()
            ),
        );
        let ssh = pos(
            &t,
            &format!("    (subpath \"{}\")", w.home.join(".ssh").display()),
        );
        let keychain = pos(
            &t,
            &format!(
                "    (subpath \"{}\")",
                w.home.join("Library/Keychains").display()
            ),
        );
        // The last matching rule wins in SBPL: the order is the policy.
        assert!(
            deny_w < allow_project && allow_project < hw && hw < ssh,
            "{t}"
        );
        assert!(hw < keychain, "{t}");
        assert!(t.contains("(deny file-read* file-write*\n"), "{t}");
        // The home itself is not writable; standard leaves the network alone; signals scoped.
        assert!(
            !t.contains(&format!("    (subpath \"{}\")\n", w.home.display())),
            "{t}"
        );
        assert!(!t.contains("network-outbound"), "{t}");
        assert!(
            t.contains("(deny signal)\n(allow signal (target same-sandbox))"),
            "{t}"
        );
        // Balanced parentheses outside strings.
        let mut depth = 0i32;
        let mut in_str = false;
        let mut esc = false;
        for c in t
            .lines()
            .filter(|l| !l.starts_with(";;"))
            .flat_map(str::chars)
        {
            match (in_str, esc, c) {
                (true, true, _) => esc = false,
                (true, false, '\\') => esc = true,
                (true, false, '"') => in_str = false,
                (false, _, '"') => in_str = true,
                (false, _, '(') => depth += 1,
                (false, _, ')') => {
                    depth -= 1;
                    assert!(depth >= 0, "{t}");
                }
                _ => {}
            }
        }
        assert_eq!(depth, 0, "{t}");
    }

    #[test]
    fn strict_with_the_proxy_allows_only_the_proxy_and_port_rules() {
        let w = world("project");
        let p = make(
            &w,
            Profile::Strict,
            &["api.example.com:443", ":5432"],
            Some(41234),
        );
        let t = profile(&p, &w.home);
        let deny = pos(&t, "(deny network-outbound (remote tcp))\n");
        let proxy = pos(
            &t,
            "(allow network-outbound (remote tcp \"localhost:41234\"))",
        );
        let port = pos(&t, "(allow network-outbound (remote tcp \"*:5432\"))");
        assert!(deny < proxy && deny < port, "{t}");
        // The host allowlist is the proxy's job: 443 is not opened directly.
        assert!(!t.contains(":443\""), "{t}");
        assert!(
            t.contains(
                "(deny network-bind (local tcp))\n(allow network-bind (local tcp \"*:5432\"))"
            ),
            "{t}"
        );
    }

    #[test]
    fn open_allows_writes_everywhere_but_the_protected() {
        let w = world("project");
        let p = make(&w, Profile::Open, &[], None);
        let t = profile(&p, &w.home);
        let root = w.home.parent().unwrap();
        let allow_root = pos(&t, &format!("    (subpath \"{}\")", root.display()));
        let hw = pos(&t, "(deny file-write* (subpath");
        assert!(allow_root < hw, "{t}");
        assert!(!t.contains("(deny signal)"), "{t}");
    }

    #[test]
    fn paths_are_quoted() {
        let w = world("pro\"ject\\x");
        let p = make(&w, Profile::Standard, &[], None);
        let t = profile(&p, &w.home);
        assert!(t.contains("pro\\\"ject\\\\x\")"), "{t}");
        assert_eq!(quote("a\nb\u{1}"), "\"a\\nb\\x01\"");
    }
}
