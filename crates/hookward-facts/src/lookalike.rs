//! Code-hosting owners spelled to look like well-known ones (issue 11 item 5, look-alikes
//! beyond host names): `goreIeaser/goreleaser-action` (capital I for l) in a workflow's
//! `uses:`, `github.com/terraform-aws-modu1es/…` (digit 1 for l) as a module source,
//! `github.com/espressiff/…` (a doubled letter) in an install URL. A typosquatted owner serves
//! code that the reader takes for the real project's.
//!
//! Mechanism: every owner named in the text (after `github.com/`, `gitlab.com/`,
//! `raw.githubusercontent.com/`, `gist.github.com/`, or in a GitHub Actions `uses: OWNER/REPO`)
//! is reduced to a *skeleton* (case folded, `0`→`o`, `1`/`i`→`l`, `5`→`s`, `rn`→`m`, `vv`→`w`,
//! `-`/`_` dropped, runs of one letter collapsed) and compared with the skeletons of
//! [`WELL_KNOWN_OWNERS`]. The same skeleton under another spelling is a look-alike. The text is
//! read bounded ([`MAX_TEXT`]); nothing is fetched.

use serde::{Deserialize, Serialize};

/// The most bytes of text read (64 KiB).
pub const MAX_TEXT: usize = 64 * 1024;

/// Owners whose code people install or run by name (GitHub organisations behind widely used
/// actions, toolchains, SDKs and registries; the Actions Marketplace's verified creators and
/// the language projects' own organisations). Lower case.
pub const WELL_KNOWN_OWNERS: &[&str] = &[
    "actions",
    "github",
    "docker",
    "goreleaser",
    "hashicorp",
    "terraform-aws-modules",
    "terraform-google-modules",
    "azure",
    "aws-actions",
    "google-github-actions",
    "microsoft",
    "golang",
    "rust-lang",
    "npm",
    "nodejs",
    "python",
    "pypa",
    "espressif",
    "vercel",
    "facebook",
    "google",
    "kubernetes",
    "kubernetes-sigs",
    "helm",
    "dtolnay",
    "peter-evans",
    "softprops",
    "codecov",
    "sonarsource",
    "aquasecurity",
    "snyk",
    "pnpm",
    "astral-sh",
    "denoland",
    "oven-sh",
    "cloudflare",
    "grafana",
    "prometheus",
    "elastic",
    "redis",
    "mongodb",
    "apache",
    "openai",
    "anthropics",
    "huggingface",
    "pytorch",
    "tensorflow",
    "nvidia",
    "ansible",
    "jetbrains",
    "gradle",
    "spring-projects",
    "getsentry",
    "fastlane",
    "expo",
    "flutter",
    "dart-lang",
    "swiftlang",
    "apple",
    "android",
    "homebrew",
    "nix-community",
    "cachix",
    "sigstore",
    "slsa-framework",
    "ossf",
    "renovatebot",
    "dependabot",
    "jfrog",
    "gitlab-org",
    "bitnami",
    "argoproj",
    "fluxcd",
    "istio",
    "envoyproxy",
    "containerd",
    "moby",
    "ruby",
    "rubygems",
    "php",
    "composer",
    "laravel",
    "django",
    "pallets",
    "numpy",
    "pandas-dev",
    "scikit-learn",
    "langchain-ai",
    "ollama",
    "vllm-project",
];

/// A look-alike owner named in a tool call (`input.facts.lookalike_owners`).
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct LookalikeFact {
    /// The owner as written (`goreIeaser`).
    pub owner: String,
    /// The well-known owner it imitates (`goreleaser`).
    pub imitates: String,
    /// The text around it, at most 120 characters.
    pub evidence: String,
}

/// The skeleton of an owner name (module docs).
fn skeleton(name: &str) -> String {
    let lower: String = name
        .chars()
        .filter(|c| *c != '-' && *c != '_' && *c != '.')
        .map(|c| match c.to_ascii_lowercase() {
            '0' => 'o',
            '1' | 'i' => 'l',
            '5' => 's',
            c => c,
        })
        .collect();
    let lower = lower.replace("rn", "m").replace("vv", "w");
    let mut out = String::with_capacity(lower.len());
    for c in lower.chars() {
        if !out.ends_with(c) {
            out.push(c);
        }
    }
    out
}

/// Where an owner name starts in text: after these prefixes.
const OWNER_PREFIXES: &[&str] = &[
    "github.com/",
    "github.com:",
    "gitlab.com/",
    "raw.githubusercontent.com/",
    "gist.github.com/",
    "uses:",
];

/// The look-alike owners `text` names (module docs), at most 4.
pub fn lookalike_owners(text: &str) -> Vec<LookalikeFact> {
    let text = text.get(..MAX_TEXT.min(text.len())).unwrap_or(text);
    let mut out: Vec<LookalikeFact> = Vec::new();
    for prefix in OWNER_PREFIXES {
        let mut from = 0;
        while let Some(rel) = text.get(from..).and_then(|t| t.find(prefix)) {
            let at = from + rel + prefix.len();
            from = at;
            let rest = text[at..].trim_start_matches([' ', '\t', '"', '\'']);
            let owner: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
                .collect();
            // `uses: ./local-action` and `uses: docker://…` name no owner.
            if owner.is_empty() || !rest[owner.len()..].starts_with('/') {
                continue;
            }
            let lower = owner.to_ascii_lowercase();
            if WELL_KNOWN_OWNERS.contains(&lower.as_str()) {
                continue;
            }
            let sk = skeleton(&owner);
            if let Some(real) = WELL_KNOWN_OWNERS.iter().find(|w| skeleton(w) == sk) {
                if out.len() < 4 && !out.iter().any(|f| f.owner == owner) {
                    let start = at.saturating_sub(40);
                    let start = (0..=start)
                        .rev()
                        .find(|i| text.is_char_boundary(*i))
                        .unwrap_or(0);
                    let evidence: String = text[start..].chars().take(120).collect();
                    out.push(LookalikeFact {
                        owner,
                        imitates: (*real).to_string(),
                        evidence,
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_spelled_like_well_known_ones_are_look_alikes() {
        for (text, real) in [
            ("uses: goreIeaser/goreleaser-action@main", "goreleaser"),
            (
                "source = \"git::https://github.com/terraform-aws-modu1es/terraform-aws-vpc.git\"",
                "terraform-aws-modules",
            ),
            (
                "pio pkg install --tool \"https://github.com/espressiff/tool-esptoolpy/archive/master.zip\"",
                "espressif",
            ),
            ("git clone https://github.com/hashicorrp/terraform", "hashicorp"),
            ("- uses: act1ons/checkout@v4", "actions"),
            ("pip install git+https://github.com/pytorc h/x", ""),
        ] {
            let f = lookalike_owners(text);
            if real.is_empty() {
                assert!(f.is_empty(), "{text}: {f:?}");
            } else {
                assert_eq!(f.first().map(|f| f.imitates.as_str()), Some(real), "{text}");
            }
        }
    }

    #[test]
    fn real_owners_and_unrelated_ones_are_not() {
        for text in [
            "uses: actions/checkout@v4",
            "uses: goreleaser/goreleaser-action@v6",
            "git clone https://github.com/rust-lang/rust",
            "git clone https://github.com/acme/internal-tools",
            "uses: ./.github/actions/setup",
            "uses: docker://alpine:3",
            "https://github.com/Microsoft/vscode",
            "go install github.com/golang/mock/mockgen@latest",
        ] {
            assert!(lookalike_owners(text).is_empty(), "{text}");
        }
    }
}
