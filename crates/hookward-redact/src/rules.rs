//! The rule table: one regex per secret shape, where the secret sits in a match, and a check
//! that rejects look-alikes.
//!
//! Conventions that keep the table fast and predictable:
//! - Word boundaries are ASCII (`(?-u:\b)`): a Unicode `\b` makes the regex crate's lazy DFA
//!   give up on non-ASCII text and fall back to a slower engine.
//! - Only names and fixed prefixes are case-insensitive (`(?i:…)`); token bodies are exact.
//! - A rule never needs look-around (the `regex` crate has none): what a regex cannot say is
//!   said by the rule's `accept` check or by the value parser in `value.rs`.

use crate::names::is_secret_assignment_name;
use crate::value::{self, ValueStyle};
use regex::Captures;

/// Where the secret is inside one match of a rule's regex.
pub(crate) enum Span {
    /// The whole match is the secret.
    Whole,
    /// The named group `s` is the secret; the rest of the match is context that stays.
    Group,
    /// The match ends at the separator after a secret-looking name (group `n`, `n1` or `n2`);
    /// the secret is the value that follows, parsed by [`value::parse`].
    Value(ValueStyle),
}

/// One secret shape.
pub(crate) struct Rule {
    /// The kind shown in the placeholder, `[REDACTED:<kind>]`.
    pub kind: &'static str,
    /// The regex (Rust `regex` syntax).
    pub pattern: &'static str,
    /// Where the secret is inside a match.
    pub span: Span,
    /// Rejects look-alikes; gets the secret text.
    pub accept: fn(&str) -> bool,
}

/// The keywords a secret-looking name contains somewhere; [`is_secret_assignment_name`]
/// then decides on whole segments (so `author` and `max_tokens` do not count).
macro_rules! name_re {
    () => {
        r"[A-Za-z0-9_.-]*(?i:passw(?:or)?ds?|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?|auth)[A-Za-z0-9_.-]*"
    };
}

/// The rule table, in priority order: when spans of several rules overlap they are merged into
/// one placeholder labelled with the kind of the earliest rule (so `OPENAI_API_KEY=sk-…` says
/// `openai`, not `secret-var`).
///
/// Sources: token formats as documented by each provider, cross-checked with the rule of the
/// same name in gitleaks' default config (`config/gitleaks.toml`, rule ids given per entry).
pub(crate) const RULES: &[Rule] = &[
    // gitleaks `private-key`. RFC 7468 textual encoding; covers PKCS#1 (`RSA`), SEC1 (`EC`),
    // PKCS#8 (`PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`), OpenSSH and PGP (`… PRIVATE KEY BLOCK`).
    // A block cut off before its END line is redacted up to where the base64 body stops.
    Rule {
        kind: "pem",
        pattern: r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:(?s:.)*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\t\r\n \\:,.-]*)",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `anthropic-api-key` (`sk-ant-api03-…`) and `anthropic-admin-api-key`
    // (`sk-ant-admin01-…`); also Claude Code's OAuth tokens (`sk-ant-oat01-…`).
    Rule {
        kind: "anthropic",
        pattern: r"(?-u:\b)sk-ant-[A-Za-z0-9_-]{20,}",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `openai-api-key`: `sk-` (legacy, 48 chars), `sk-proj-`, `sk-svcacct-`,
    // `sk-admin-` keys. Kept looser than gitleaks' `T3BlbkFJ` marker, which newer keys do not
    // all carry; the body must mix upper case, lower case and digits so hyphenated words
    // (`sk-fix-the-parser-module`) are not taken for keys.
    Rule {
        kind: "openai",
        pattern: r"(?-u:\b)sk-(?:proj-|svcacct-|admin-|None-)?[A-Za-z0-9_-]{20,}",
        span: Span::Whole,
        accept: openai_ok,
    },
    // gitleaks `github-pat` (ghp_), `github-oauth` (gho_), `github-app-token` (ghu_, ghs_),
    // `github-refresh-token` (ghr_), `github-fine-grained-pat` (github_pat_). GitHub documents
    // the prefixes in "About authentication to GitHub" (token formats, 2021).
    Rule {
        kind: "github",
        pattern: r"(?-u:\b)(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `slack-bot-token`, `slack-user-token`, `slack-legacy-*` (xoxb-, xoxp-, xoxa-,
    // xoxr-, xoxs-) and `slack-app-token` (xapp-).
    Rule {
        kind: "slack",
        pattern: r"(?-u:\b)(?:xox[abprs]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,})",
        span: Span::Whole,
        accept: has_digit,
    },
    // gitleaks `aws-access-token`; AWS IAM docs, "Understanding unique ID prefixes"
    // (AKIA = long-term access key, ASIA = temporary STS key).
    Rule {
        kind: "aws-access-key",
        pattern: r"(?-u:\b)(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?-u:\b)",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `gcp-api-key`: Google API keys are `AIza` + 35 characters.
    Rule {
        kind: "google",
        pattern: r"(?-u:\b)AIza[0-9A-Za-z_-]{35}",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `gitlab-pat` (glpat-), `gitlab-deploy-token` (gldt-), `gitlab-runner-
    // authentication-token` (glrt-), `gitlab-ptt` (glptt-), `gitlab-feed-token` (glft-),
    // `gitlab-scim-token` (glsoat-), `gitlab-oauth-app-secret` (gloas-); GitLab docs,
    // "Token prefixes".
    Rule {
        kind: "gitlab",
        pattern: r"(?-u:\b)(?:glpat|gldt|glrt|glptt|glft|glsoat|gloas)-[0-9A-Za-z_-]{20,}",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `npm-access-token`: `npm_` + 36 alphanumerics (npm docs, "About access tokens").
    Rule {
        kind: "npm",
        pattern: r"(?-u:\b)npm_[A-Za-z0-9]{36}(?-u:\b)",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `huggingface-access-token`: `hf_` + 34 letters; accepts digits and longer
    // bodies too (the format is not a published contract).
    Rule {
        kind: "huggingface",
        pattern: r"(?-u:\b)hf_[A-Za-z0-9]{30,}",
        span: Span::Whole,
        accept: always,
    },
    // gitleaks `stripe-access-token`: secret (`sk_`) and restricted (`rk_`) keys, live and test
    // (Stripe docs, "API keys").
    Rule {
        kind: "stripe",
        pattern: r"(?-u:\b)(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}",
        span: Span::Whole,
        accept: always,
    },
    // AWS secret access keys are 40 base64 characters with no prefix of their own, so only the
    // name in front identifies them (gitleaks and trufflehog both key on it the same way):
    // `aws_secret_access_key = …` (~/.aws/credentials), `AWS_SECRET_ACCESS_KEY=…` (env),
    // `aws configure set aws_secret_access_key …` (CLI).
    Rule {
        kind: "aws-secret-key",
        pattern: r#"(?i:aws_?secret_?(?:access_?)?key)\\?["']?[ \t]*[:=]?[ \t]*\\?["']?(?P<s>[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)"#,
        span: Span::Group,
        accept: always,
    },
    // RFC 7235 `Authorization` / `Proxy-Authorization` header with any scheme (RFC 6750
    // Bearer, RFC 7617 Basic, GitHub's `token`), also as curl's `-H 'Authorization: …'` and
    // as a JSON member. The credential must not be a scheme word and must mix two character
    // classes (`Authorization: required` in prose is not a secret).
    Rule {
        kind: "bearer",
        pattern: r#"(?i:(?-u:\b)(?:proxy-)?authorization)\\?["']?[ \t]*[:=][ \t]*\\?["']?(?:(?i:bearer|basic|token|bot|digest|negotiate|apikey)[ \t]+)?(?P<s>[A-Za-z0-9._~+/=:-]{6,})"#,
        span: Span::Group,
        accept: header_credential_ok,
    },
    // A bare RFC 6750 bearer token (`Bearer eyJ…`) without the header name in front: at least
    // 16 characters with a digit or mixed case, so "bearer responsibilities" stays.
    Rule {
        kind: "bearer",
        pattern: r"(?-u:\b)(?:Bearer|BEARER|bearer)[ \t]+(?P<s>[A-Za-z0-9._~+/-]{16,}=*)",
        span: Span::Group,
        accept: bare_bearer_ok,
    },
    // RFC 3986 §3.2.1 userinfo `user:password@` (deprecated by the RFC, still common in
    // database and git URLs). Only the password is hidden; the password may itself contain
    // `@` (the last `@` before the host wins). A `$VAR` / `${VAR}` password is a reference,
    // not a secret.
    Rule {
        kind: "url-password",
        pattern: r#"(?i:(?-u:\b)[a-z][a-z0-9+.-]{1,20})://[^\s:@/?#'"\\]*:(?P<s>[^\s/?#'"\\]+)@[A-Za-z0-9.\[_-]"#,
        span: Span::Group,
        accept: not_a_reference,
    },
    // curl's `-u user:password` / `--user` / `--proxy-user` (curl(1), "-u, --user"): the same
    // userinfo as in a URL, given as a flag. Limited to curl command lines: elsewhere `-u a:b`
    // is often `uid:gid` (docker) or a diff option.
    Rule {
        kind: "url-password",
        pattern: r#"(?-u:\b)curl(?-u:\b)[^\n|;&]*?[ \t](?:-u|--user|--proxy-user)(?:[ \t]+|=)["']?[^\s:'"]*:(?P<s>[^\s'"]+)"#,
        span: Span::Group,
        accept: not_a_reference,
    },
    // `NAME=value` for a secret-looking NAME: shell `export X=…` and `X=… cmd`, `.env` lines,
    // `--password=…`, URL query `?access_token=…`, TOML/INI `key = "…"`, Makefile `:=`/`?=`,
    // PHP/Ruby `'token' => '…'`.
    Rule {
        kind: "secret-var",
        pattern: concat!(r#"(?P<n>"#, name_re!(), r#")\\?["']?[ \t]*[:?+]?=>?[ \t]*"#),
        span: Span::Value(ValueStyle::Assign),
        accept: always,
    },
    // `name: value` for a secret-looking name, either as a YAML / header line
    // (`password: hunter2`, `X-Api-Key: …` at the start of a line; YAML requires a space after
    // the colon) or as a quoted key (`"api_key": "…"`, `'x-api-key: …'` in `curl -H`).
    Rule {
        kind: "secret-var",
        pattern: concat!(
            r#"(?:(?m:^)[ \t]*(?:-[ \t]+)?(?P<n1>"#,
            name_re!(),
            r#")[ \t]*:[ \t]+|(?P<q>\\?["'])(?P<n2>"#,
            name_re!(),
            r#")\\?["']?[ \t]*:[ \t]*)"#
        ),
        span: Span::Value(ValueStyle::Colon),
        accept: always,
    },
    // `--token VALUE` (long flag, value as the next word).
    Rule {
        kind: "secret-var",
        pattern: concat!(r#"(?:(?m:^)|[ \t'"])--(?P<n>"#, name_re!(), r#")[ \t]+"#),
        span: Span::Value(ValueStyle::Flag),
        accept: always,
    },
];

/// Every kind a placeholder can carry, in rule priority order, deduplicated.
pub(crate) const KINDS: &[&str] = &[
    "pem",
    "anthropic",
    "openai",
    "github",
    "slack",
    "aws-access-key",
    "google",
    "gitlab",
    "npm",
    "huggingface",
    "stripe",
    "aws-secret-key",
    "bearer",
    "url-password",
    "secret-var",
];

/// The byte range of the secret for one match of `rule`, or `None` when the match turns out
/// not to hold a secret (name not secret, value a reference, look-alike rejected).
pub(crate) fn secret_span(rule: &Rule, hay: &str, caps: &Captures<'_>) -> Option<(usize, usize)> {
    let whole = caps.get(0)?;
    let (start, end) = match &rule.span {
        Span::Whole => (whole.start(), whole.end()),
        Span::Group => {
            let g = caps.name("s")?;
            (g.start(), g.end())
        }
        Span::Value(style) => {
            let (name, style) = match style {
                ValueStyle::Colon => match caps.name("n1") {
                    Some(n) => (n, ValueStyle::Line),
                    None => (caps.name("n2")?, ValueStyle::Colon),
                },
                other => (caps.name("n")?, *other),
            };
            if !is_secret_assignment_name(name.as_str()) {
                return None;
            }
            let line_indent = if style == ValueStyle::Line {
                let line_start = hay.get(..whole.start())?.rfind('\n').map_or(0, |i| i + 1);
                hay.get(line_start..name.start())?.len()
            } else {
                0
            };
            let (a, b) = value::parse(hay, whole.end(), style, line_indent)?;
            (a, b)
        }
    };
    let text = hay.get(start..end)?;
    if text.is_empty() || !(rule.accept)(text) {
        return None;
    }
    Some((start, end))
}

fn always(_: &str) -> bool {
    true
}

fn has_digit(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit())
}

fn openai_ok(s: &str) -> bool {
    let body = s.trim_start_matches("sk-");
    let body = ["proj-", "svcacct-", "admin-", "None-"]
        .iter()
        .find_map(|p| body.strip_prefix(p))
        .unwrap_or(body);
    body.len() >= 20
        && body.bytes().any(|b| b.is_ascii_digit())
        && body.bytes().any(|b| b.is_ascii_uppercase())
        && body.bytes().any(|b| b.is_ascii_lowercase())
}

/// How many of {lower case, upper case, digit, other} occur in `s`.
fn char_classes(s: &str) -> usize {
    let mut seen = [false; 4];
    for b in s.bytes() {
        let i = if b.is_ascii_lowercase() {
            0
        } else if b.is_ascii_uppercase() {
            1
        } else if b.is_ascii_digit() {
            2
        } else {
            3
        };
        if let Some(slot) = seen.get_mut(i) {
            *slot = true;
        }
    }
    seen.iter().filter(|x| **x).count()
}

fn header_credential_ok(s: &str) -> bool {
    const SCHEMES: &[&str] = &[
        "bearer",
        "basic",
        "token",
        "bot",
        "digest",
        "negotiate",
        "apikey",
    ];
    !SCHEMES.iter().any(|w| w.eq_ignore_ascii_case(s)) && char_classes(s) >= 2
}

fn bare_bearer_ok(s: &str) -> bool {
    let upper = s.bytes().any(|b| b.is_ascii_uppercase());
    let lower = s.bytes().any(|b| b.is_ascii_lowercase());
    has_digit(s) || (upper && lower)
}

fn not_a_reference(s: &str) -> bool {
    !s.starts_with('$')
}
