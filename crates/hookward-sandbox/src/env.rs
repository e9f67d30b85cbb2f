//! The environment the sandboxed command starts with: the current one less ambient
//! credentials (variables whose names match a strip pattern), except the names kept.

use serde::Serialize;
use std::ffi::OsString;

/// Whether `name` matches `pattern`: `*` matches any run of characters (also none), every
/// other character itself, ASCII case-insensitively. Linear in the two lengths times the
/// number of `*` (patterns are short).
pub fn pattern_matches(pattern: &str, name: &str) -> bool {
    let p: Vec<u8> = pattern.bytes().map(|b| b.to_ascii_uppercase()).collect();
    let n: Vec<u8> = name.bytes().map(|b| b.to_ascii_uppercase()).collect();
    // Greedy glob with back-tracking to the last star (classic wildcard matching).
    let (mut pi, mut ni) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while ni < n.len() {
        if pi < p.len() && p[pi] == b'*' {
            star = Some((pi, ni));
            pi += 1;
        } else if pi < p.len() && p[pi] == n[ni] {
            pi += 1;
            ni += 1;
        } else if let Some((sp, sn)) = star {
            pi = sp + 1;
            ni = sn + 1;
            star = Some((sp, sn + 1));
        } else {
            return false;
        }
    }
    p[pi..].iter().all(|&b| b == b'*')
}

/// Name patterns of trust-store settings (`AWS_CA_BUNDLE`, `REQUESTS_CA_BUNDLE`,
/// `NODE_EXTRA_CA_CERTS`, `CURL_CA_BUNDLE`, `SSL_CERT_FILE`…): a path to CA certificates, not a
/// credential. A strip pattern that matches one (`AWS_*`) leaves it in place, since removing it
/// breaks TLS behind a company's proxy CA.
pub const TRUST_SETTINGS: &[&str] = &[
    "*_CA_BUNDLE",
    "*_CA_FILE",
    "*_CA_PATH",
    "*_CA_CERT",
    "*_CA_CERTS",
    "SSL_CERT_FILE",
    "SSL_CERT_DIR",
];

/// Whether `name` is a trust-store setting ([`TRUST_SETTINGS`]).
pub fn is_trust_setting(name: &str) -> bool {
    TRUST_SETTINGS.iter().any(|p| pattern_matches(p, name))
}

/// What happens to the environment: which names are removed and why, which are kept although
/// a pattern matched them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EnvPlan {
    /// The strip patterns in force (defaults + `--strip-env`).
    pub patterns: Vec<String>,
    /// Names removed, each with the first pattern that matched it; sorted by name.
    pub removed: Vec<Removed>,
    /// Names a pattern matched that stay, with the reason (`--keep-env`, or the agent's key).
    pub kept: Vec<Kept>,
}

/// A removed variable (the name only: values are never shown or stored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Removed {
    /// The variable's name.
    pub name: String,
    /// The pattern that matched it.
    pub pattern: String,
}

/// A variable a pattern matched that is passed on anyway.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Kept {
    /// The variable's name.
    pub name: String,
    /// Why: `--keep-env` or `the agent's own key (<agent>)`.
    pub why: String,
}

impl EnvPlan {
    /// Plans the environment from the names present (`names`), the strip patterns, the names
    /// kept by `--keep-env` and the agent's key variables (`agent_keys`, with the agent's word).
    pub fn new(
        names: impl IntoIterator<Item = String>,
        patterns: &[String],
        keep: &[String],
        agent: Option<(&str, &[&str])>,
    ) -> EnvPlan {
        let mut removed = Vec::new();
        let mut kept = Vec::new();
        let mut names: Vec<String> = names.into_iter().collect();
        names.sort();
        names.dedup();
        for name in names {
            let Some(pattern) = patterns.iter().find(|p| pattern_matches(p, &name)) else {
                continue;
            };
            if keep.iter().any(|k| k == &name) {
                kept.push(Kept {
                    name,
                    why: "--keep-env".into(),
                });
            } else if is_trust_setting(&name) {
                kept.push(Kept {
                    name,
                    why: "a CA certificate setting, not a credential".into(),
                });
            } else if let Some((word, _)) = agent.filter(|(_, keys)| keys.contains(&name.as_str()))
            {
                kept.push(Kept {
                    name,
                    why: format!("the agent's own key ({word})"),
                });
            } else {
                removed.push(Removed {
                    name,
                    pattern: pattern.clone(),
                });
            }
        }
        EnvPlan {
            patterns: patterns.to_vec(),
            removed,
            kept,
        }
    }

    /// The environment to start the command with: `vars` less the removed names, in order.
    pub fn apply(
        &self,
        vars: impl IntoIterator<Item = (OsString, OsString)>,
    ) -> Vec<(OsString, OsString)> {
        vars.into_iter()
            .filter(|(k, _)| {
                !self
                    .removed
                    .iter()
                    .any(|r| k.to_str() == Some(r.name.as_str()))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glob_patterns() {
        for (p, n, want) in [
            ("AWS_*", "AWS_SECRET_ACCESS_KEY", true),
            ("AWS_*", "AWS_", true),
            ("AWS_*", "XAWS_X", false),
            ("*_API_KEY", "OPENAI_API_KEY", true),
            ("*_API_KEY", "OPENAI_API_KEY_FILE", false),
            ("*_SECRET*", "CLIENT_SECRET", true),
            ("*_SECRET*", "DB_SECRET_VALUE", true),
            ("*_SECRET*", "SECRET", false),
            ("*_TOKEN", "gh_token", true),
            ("GH_TOKEN", "GH_TOKENS", false),
            ("*", "", true),
            ("a*b*c", "aXbYbZc", true),
            ("a*b*c", "aXbYbZ", false),
        ] {
            assert_eq!(pattern_matches(p, n), want, "{p} vs {n}");
        }
    }

    #[test]
    fn plan_removes_keeps_and_never_shows_values() {
        let pats: Vec<String> = crate::tables::STRIP_ENV
            .iter()
            .map(|s| s.to_string())
            .collect();
        let names = [
            "PATH",
            "AWS_PROFILE",
            "GITHUB_TOKEN",
            "ANTHROPIC_API_KEY",
            "MY_SECRET_X",
            "AWS_CA_BUNDLE",
            "HOME",
        ]
        .map(String::from);
        let plan = EnvPlan::new(
            names,
            &pats,
            &["GITHUB_TOKEN".to_string()],
            Some(("claude-code", &["ANTHROPIC_API_KEY"])),
        );
        let removed: Vec<&str> = plan.removed.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(removed, ["AWS_PROFILE", "MY_SECRET_X"]);
        let kept: Vec<(&str, &str)> = plan
            .kept
            .iter()
            .map(|k| (k.name.as_str(), k.why.as_str()))
            .collect();
        assert_eq!(
            kept,
            [
                ("ANTHROPIC_API_KEY", "the agent's own key (claude-code)"),
                (
                    "AWS_CA_BUNDLE",
                    "a CA certificate setting, not a credential"
                ),
                ("GITHUB_TOKEN", "--keep-env")
            ]
        );
        let env = plan.apply([
            (OsString::from("PATH"), OsString::from("/bin")),
            (OsString::from("AWS_PROFILE"), OsString::from("x")),
            (OsString::from("GITHUB_TOKEN"), OsString::from("y")),
        ]);
        let names: Vec<_> = env
            .iter()
            .map(|(k, _)| k.to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["PATH", "GITHUB_TOKEN"]);
    }
}
