//! Code from a source no registry published, run by a package runner or a plugin manager in
//! the same command (issue 11 item 10, h-fetchrun28). Each shape gives the same
//! [`RegistryFact`] as `sources.rs`, with `runs` set when the line runs what it fetched (rule
//! `net/source-run`), judged by the *source's shape* — a git spec or a URL instead of a
//! registry name, a plugin index of one's own — and quiet for the well-known owners
//! (`lookalike::WELL_KNOWN_OWNERS`, [`HELM_PLUGIN_OWNERS`]):
//!
//! | command | source | documented at |
//! | --- | --- | --- |
//! | `npx\|bunx\|pnpx\|pnpm dlx\|yarn dlx\|npm exec SPEC` with SPEC `github:O/R[#ref]`, `gitlab:`, `bitbucket:`, `git+https://…`, `git://…`, or the shorthand `O/R[#ref]` | a repository's branch or commit run without any registry publication (no provenance, advisories or takedown), from an owner off the well-known ones | npm docs, "npm exec" (any package spec), "package spec" (git URLs, `github:` and `O/R` shorthands) |
//! | `helm plugin install URL` then `helm PLUGIN …` in the same line (not `--verify`) | a plugin from an owner off [`HELM_PLUGIN_OWNERS`] and the well-known owners: its `hooks.install` command runs at install and its binary at once; installed alone it is not asked about | Helm docs, "helm plugin install", "Helm Plugins Guide" (hooks) |
//! | `kubectl krew index add NAME URL` (asked), then `kubectl krew install NAME/PLUGIN` in the same line (runs) | a plugin index of one's own: krew reviews only its default index | krew docs, "Custom Plugin Indexes" ("plugins … are not reviewed") |
//!
//! Left out: `gh extension install O/R && gh NAME` — an extension is a stranger's repository
//! like any package (`go install …@latest && tool` is not asked about either), with no shape
//! of its own (a git spec, a branch, an index) that sets it apart.

use crate::lookalike::WELL_KNOWN_OWNERS;
use crate::registry::RegistryFact;
use hookward_shell::CommandFact;

/// Owners of the Helm plugins the Helm docs' plugin list and the plugins' own install guides
/// name (helm-diff: databus23, helm-secrets: jkroepke, helm-git: aslafy-z, helm-s3:
/// hypnoglow, helm-unittest, helm-push: chartmuseum, helm-mapkubeapis: helm). Lower case.
pub const HELM_PLUGIN_OWNERS: &[&str] = &[
    "databus23",
    "jkroepke",
    "aslafy-z",
    "hypnoglow",
    "helm-unittest",
    "chartmuseum",
    "helm",
    "quintush",
];

/// The owner and the URL of a package spec that names a git repository, when it does.
fn git_spec(spec: &str) -> Option<(String, String)> {
    let s = spec.trim_matches(|c| c == '"' || c == '\'');
    for (pre, host) in [
        ("github:", "github.com"),
        ("gitlab:", "gitlab.com"),
        ("bitbucket:", "bitbucket.org"),
        ("gist:", "gist.github.com"),
    ] {
        if let Some(r) = s.strip_prefix(pre) {
            let owner = r.split('/').next()?.to_ascii_lowercase();
            return Some((owner, format!("https://{host}/{r}")));
        }
    }
    for pre in ["git+https://", "git+ssh://", "git+http://", "git://"] {
        if let Some(r) = s.strip_prefix(pre) {
            let r = r.rsplit_once('@').map_or(r, |(_, x)| x);
            let mut parts = r.split(['/', ':']);
            let host = parts.next()?;
            let owner = parts.next()?.to_ascii_lowercase();
            return Some((
                owner,
                format!("https://{host}/{}", r.split_once(['/', ':'])?.1),
            ));
        }
    }
    // `O/R` and `O/R#ref`: npm's GitHub shorthand (a scoped name starts with `@`, a path with
    // `.` or `/`).
    let bare = s.split('#').next().unwrap_or(s);
    let mut p = bare.split('/');
    let (o, r) = (p.next()?, p.next()?);
    let valid = |x: &str| {
        !x.is_empty()
            && x.bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
    };
    if p.next().is_none()
        && !s.starts_with(['@', '.', '/', '~'])
        && !s.contains("://")
        && !s.contains('@')
        && valid(o)
        && valid(r)
    {
        return Some((o.to_ascii_lowercase(), format!("https://github.com/{s}")));
    }
    None
}

/// The owner (first path segment) and host of an http(s) URL, lower case.
fn url_owner(url: &str) -> Option<(String, String)> {
    let rest = url.split("://").nth(1)?;
    let mut parts = rest.split('/');
    let host = parts.next()?.to_ascii_lowercase();
    let owner = parts.next().filter(|o| !o.is_empty())?.to_ascii_lowercase();
    Some((host, owner))
}

/// A fact for `url`.
fn fact(url: &str, how: &str, kind: &str, c: &CommandFact, runs: bool) -> RegistryFact {
    RegistryFact {
        ecosystem: match how.split(' ').next().unwrap_or("") {
            "helm" => "helm",
            "kubectl" => "krew",
            _ => "npm",
        }
        .to_string(),
        host: crate::registry::host_of(url),
        url: url.to_string(),
        lookalike: None,
        via: "shell".to_string(),
        how: how.to_string(),
        evidence: c.evidence.chars().take(300).collect(),
        kind: kind.to_string(),
        runs,
    }
}

/// True when a command of `cmds` after `i` runs `prog SUB` (`helm secrets …`).
fn later_runs(cmds: &[CommandFact], i: usize, prog: &str, sub: &str) -> bool {
    cmds.iter()
        .skip(i + 1)
        .any(|d| d.program == prog && d.argv.get(1).is_some_and(|w| w == sub))
}

/// The shapes of the module docs' table, added to `out`.
pub(crate) fn from_commands(cmds: &[CommandFact], out: &mut Vec<RegistryFact>) {
    const RUNNERS: &[&str] = &[
        "npx", "bunx", "pnpx", "pnpm dlx", "yarn dlx", "npm exec", "npm x",
    ];
    // `kubectl krew index add NAME URL` seen so far
    let mut indexes: Vec<(String, String)> = Vec::new();
    for (i, c) in cmds.iter().enumerate().take(64) {
        let w: Vec<&str> = c.argv.iter().map(String::as_str).collect();
        if c.wrappers.iter().any(|x| RUNNERS.contains(&x.as_str())) {
            if let Some((owner, url)) = w.first().and_then(|s| git_spec(s)) {
                if !WELL_KNOWN_OWNERS.contains(&owner.as_str()) {
                    push(out, fact(&url, "npx git spec", "git", c, true));
                }
            }
            continue;
        }
        match (c.program.as_str(), w.get(1..).unwrap_or(&[])) {
            ("helm", ["plugin", "install", src, ..]) => {
                let Some((_, owner)) = url_owner(src) else {
                    continue;
                };
                let known = WELL_KNOWN_OWNERS.contains(&owner.as_str())
                    || HELM_PLUGIN_OWNERS.contains(&owner.as_str());
                let repo = src.trim_end_matches('/').trim_end_matches(".git");
                let name = repo.rsplit('/').next().unwrap_or("");
                let name = name.strip_prefix("helm-").unwrap_or(name);
                // `--verify` checks the plugin's provenance file (Helm docs, "helm plugin
                // install"); a plugin installed alone is not asked about (its install is the
                // everyday step of the plugins' own guides).
                let signed = w.contains(&"--verify");
                if !known && !signed && later_runs(cmds, i, "helm", name) {
                    push(out, fact(src, "helm plugin install", "url", c, true));
                }
            }
            ("kubectl", ["krew", "index", "add", name, url, ..]) => {
                indexes.push((name.to_string(), url.to_string()));
                let official = url_owner(url).is_some_and(|(_, o)| o == "kubernetes-sigs");
                if !official {
                    let runs = cmds.iter().skip(i + 1).any(|d| {
                        d.program == "kubectl"
                            && d.argv.get(1).is_some_and(|x| x == "krew")
                            && d.argv.get(2).is_some_and(|x| x == "install")
                            && d.argv
                                .iter()
                                .skip(3)
                                .any(|p| p.starts_with(&format!("{name}/")))
                    });
                    push(out, fact(url, "kubectl krew index add", "index", c, runs));
                }
            }
            _ => {}
        }
    }
}

fn push(out: &mut Vec<RegistryFact>, f: RegistryFact) {
    if !out.contains(&f) {
        out.push(f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(cmd: &str) -> Vec<RegistryFact> {
        let ctx =
            hookward_shell::ShellContext::new("/home/u/p", "/home/u", Some("/home/u/p".into()))
                .expect("context");
        let s = hookward_shell::analyze(cmd, &ctx);
        let mut out = Vec::new();
        from_commands(&s.commands, &mut out);
        out
    }

    fn runs(cmd: &str) -> bool {
        facts(cmd).iter().any(|f| f.runs)
    }

    #[test]
    fn unpublished_code_run_at_once() {
        for cmd in [
            "npx -y github:tool-forks/linter#fix-branch --write",
            "npx --yes gitlab:someone/codemod#main src/",
            "pnpm dlx git+https://git.example.dev/a/b.git#v2",
            "npx some-user/setup-script#dev",
            "helm plugin install https://github.com/plugins-ng/helm-vault && helm vault init",
            "kubectl krew index add extra https://github.com/someone/krew-idx.git && kubectl krew install extra/fixer",
        ] {
            assert!(runs(cmd), "{cmd}: {:?}", facts(cmd));
        }
    }

    #[test]
    fn registry_names_well_known_owners_and_installs_alone_stay_quiet() {
        for cmd in [
            "helm plugin install https://github.com/someone/helm-foo",
            "helm plugin install https://example.com/myplugin.tgz --verify",
        ] {
            assert!(facts(cmd).is_empty(), "{cmd}: {:?}", facts(cmd));
        }
        for cmd in [
            "npx -y prettier@3 --check .",
            "npx -y @scope/tool --help",
            "npx -y github:vercel/next.js#canary",
            "npx ./scripts/local.js",
            "helm plugin install https://github.com/databus23/helm-diff && helm diff upgrade r c",
            "helm plugin install https://github.com/someone/helm-foo",
            "helm plugin install https://example.com/myplugin.tgz --verify",
            "helm plugin install https://example.com/p.tgz --verify && helm p run",
            "kubectl krew install ctx",
            "kubectl krew index add default https://github.com/kubernetes-sigs/krew-index.git",
            "gh extension install dlvhdr/gh-dash && gh dash",
        ] {
            assert!(
                facts(cmd).iter().all(|f| !f.runs),
                "{cmd}: {:?}",
                facts(cmd)
            );
        }
        // a new plugin index alone is a new source (asked), not a run
        let f = facts("kubectl krew index add extra https://github.com/someone/krew-idx.git");
        assert_eq!(f.len(), 1);
        assert!(!f[0].runs);
    }
}
