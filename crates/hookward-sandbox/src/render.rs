//! The plan for people (`hookward run --dry-run`) and as JSON (`--json`).
//!
//! The text shows every rule except the entries of a folder granted entry by entry, which it
//! sums up as one line per folder (`read  every entry of /home/u except .ssh (31 rules)`);
//! the JSON lists every rule.

use crate::plan::{Access, Plan};
use serde_json::Value;
use std::fmt::Write as _;

/// Quotes one word for a shell when it needs it (for showing the command).
fn shell_word(w: &str) -> String {
    if !w.is_empty()
        && w.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b))
    {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// The plan as lines of text.
pub fn text(plan: &Plan) -> String {
    let mut s = String::new();
    let cmd: Vec<String> = plan.command.iter().map(|w| shell_word(w)).collect();
    let _ = writeln!(s, "hookward run: plan (nothing started)");
    let _ = writeln!(s, "  profile   {}", plan.profile.word());
    let _ = writeln!(s, "  command   {}", cmd.join(" "));
    let _ = writeln!(
        s,
        "  agent     {}",
        plan.agent
            .as_deref()
            .unwrap_or("none recognised (no agent state folder is writable)")
    );
    let _ = writeln!(s, "  project   {}", plan.project.display());
    let kernel = if plan.kernel.fs() {
        format!("Landlock ABI {}", plan.kernel.abi)
    } else {
        "no Landlock".to_string()
    };
    let _ = writeln!(s, "  kernel    {kernel}");
    let _ = writeln!(s);
    let _ = writeln!(s, "file system ({} rules)", plan.fs.len());
    for r in plan.fs.iter().filter(|r| !r.why.starts_with("entry of ")) {
        let _ = writeln!(
            s,
            "  {:<5}  {}  ({})",
            r.access.word(),
            r.path.display(),
            r.why
        );
    }
    for sp in &plan.splits {
        let _ = writeln!(
            s,
            "  {:<5}  every entry of {} except {} ({} rule{})",
            sp.access.word(),
            sp.dir.display(),
            sp.except.join(", "),
            sp.rules,
            if sp.rules == 1 { "" } else { "s" }
        );
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "unreadable (credential stores)");
    for h in plan.hidden.iter().filter(|h| h.present) {
        let _ = writeln!(s, "  {}  {}", h.path.display(), h.what);
    }
    let absent = plan.hidden.iter().filter(|h| !h.present).count();
    let _ = writeln!(s, "  ({absent} more not present)");
    let _ = writeln!(s, "read-only");
    let _ = writeln!(s, "  {}  hookward's home", plan.hookward_home.display());
    if !plan.absent.is_empty() {
        let _ = writeln!(
            s,
            "writable if present, absent now (creating them inside fails)"
        );
        for p in &plan.absent {
            let _ = writeln!(s, "  {}", p.display());
        }
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "network");
    let ports = |restricted: bool, ports: &[u16]| {
        if !restricted {
            "unrestricted".to_string()
        } else if ports.is_empty() {
            "no port".to_string()
        } else {
            let p: Vec<String> = ports.iter().map(u16::to_string).collect();
            format!("only TCP port {}", p.join(", "))
        }
    };
    let mut connect = ports(plan.net.connect_restricted, &plan.net.connect_ports);
    if plan.net.proxy.as_ref().is_some_and(|p| p.port.is_none()) {
        connect = if plan.net.connect_ports.is_empty() {
            "only the proxy".to_string()
        } else {
            format!("{connect} and the proxy")
        };
    }
    let _ = writeln!(s, "  connect   {connect}");
    let _ = writeln!(
        s,
        "  bind      {}",
        ports(plan.net.bind_restricted, &plan.net.bind_ports)
    );
    if let Some(p) = &plan.net.proxy {
        let at = match p.port {
            Some(port) => format!("127.0.0.1:{port}"),
            None => "127.0.0.1 (port chosen at the start)".to_string(),
        };
        let _ = writeln!(
            s,
            "  proxy     {at}, run outside the sandbox by hookward run"
        );
        let _ = writeln!(s, "  hosts     {}", p.allow.join(", "));
        let _ = writeln!(
            s,
            "  set       {} to the proxy; NO_PROXY, no_proxy removed",
            p.env.join(", ")
        );
    }
    let scopes = if plan.scopes.is_empty() {
        "none".to_string()
    } else {
        plan.scopes.join(", ")
    };
    let _ = writeln!(s, "  scopes    {scopes}");
    let _ = writeln!(s);
    let _ = writeln!(s, "environment");
    let _ = writeln!(s, "  patterns  {}", plan.env.patterns.join(" "));
    if plan.env.removed.is_empty() {
        let _ = writeln!(s, "  removed   none");
    }
    for r in &plan.env.removed {
        let _ = writeln!(s, "  removed   {} ({})", r.name, r.pattern);
    }
    for k in &plan.env.kept {
        let _ = writeln!(s, "  kept      {} ({})", k.name, k.why);
    }
    let _ = writeln!(s);
    let _ = writeln!(s, "not expressible or not enforced");
    for g in &plan.gaps {
        let _ = writeln!(s, "  - {g}");
    }
    s
}

/// The plan as a JSON value (every rule; the CLI adds the document envelope).
pub fn json(plan: &Plan) -> Value {
    let mut v = serde_json::to_value(plan).unwrap_or(Value::Null);
    if let Some(o) = v.as_object_mut() {
        let counts = [Access::List, Access::Read, Access::Write]
            .map(|a| (a.word(), plan.fs.iter().filter(|r| r.access == a).count()));
        o.insert(
            "rule_counts".into(),
            Value::Object(
                counts
                    .into_iter()
                    .map(|(k, n)| (k.to_string(), n.into()))
                    .collect(),
            ),
        );
    }
    v
}
