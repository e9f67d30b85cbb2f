//! Differential test: the hand-written matchers in `rules.rs` against the regexes they document.
//! Every secret a reference regex finds (after the same acceptance check) must be inside a span
//! that `find_secrets` reports; the matchers may be broader, never narrower.

use crate::names::is_secret_assignment_name;
use crate::value::{self, ValueStyle};
use proptest::prelude::*;
use regex::{Captures, Regex};

type Extract = fn(&str, &Captures<'_>) -> Option<(usize, usize)>;
type Accept = fn(&str) -> bool;

fn whole(_: &str, c: &Captures<'_>) -> Option<(usize, usize)> {
    c.get(0).map(|m| (m.start(), m.end()))
}

fn group(_: &str, c: &Captures<'_>) -> Option<(usize, usize)> {
    c.name("s").map(|m| (m.start(), m.end()))
}

fn with_accept(f: fn(&str) -> bool) -> impl Fn(&str, (usize, usize)) -> bool {
    move |s, (a, b)| s.get(a..b).is_some_and(f)
}

fn assign(s: &str, c: &Captures<'_>) -> Option<(usize, usize)> {
    let n = c.name("n")?;
    if !is_secret_assignment_name(n.as_str()) {
        return None;
    }
    value::parse(s, c.get(0)?.end(), ValueStyle::Assign, 0)
}

fn colon(s: &str, c: &Captures<'_>) -> Option<(usize, usize)> {
    if let Some(n) = c.name("n1") {
        if !is_secret_assignment_name(n.as_str()) {
            return None;
        }
        let line_start = s.get(..c.get(0)?.start())?.rfind('\n').map_or(0, |i| i + 1);
        return value::parse(s, c.get(0)?.end(), ValueStyle::Line, n.start() - line_start);
    }
    let n = c.name("n2")?;
    if !is_secret_assignment_name(n.as_str()) {
        return None;
    }
    value::parse(s, c.get(0)?.end(), ValueStyle::Colon, 0)
}

fn flag(s: &str, c: &Captures<'_>) -> Option<(usize, usize)> {
    let n = c.name("n")?;
    let end = c.get(0)?.end();
    // Exactly one blank: a wider gap is a help text's column.
    if !is_secret_assignment_name(n.as_str()) || s[end..].starts_with([' ', '\t']) {
        return None;
    }
    value::parse(s, end, ValueStyle::Flag, 0)
}

macro_rules! name_re {
    () => {
        r"[A-Za-z0-9_.-]*(?i-u:passw(?:or)?ds?|passphrase|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|credentials?|auth)[A-Za-z0-9_.-]*"
    };
}

fn always(_: &str) -> bool {
    true
}

type Reference = (&'static str, Regex, Extract, Accept);

static REFERENCES: std::sync::LazyLock<Vec<Reference>> = std::sync::LazyLock::new(references);

fn references() -> Vec<Reference> {
    let list: Vec<(&str, &str, Extract, Accept)> = vec![
        (
            "pem",
            r"-----BEGIN[ A-Z0-9_-]*PRIVATE KEY(?: BLOCK)?-----(?:(?s:.)*?-----END[ A-Z0-9_-]*PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\t\r\n \\:,.-]*)",
            whole,
            always,
        ),
        (
            "anthropic",
            r"(?-u:\b)sk-ant-[A-Za-z0-9_-]{20,}",
            whole,
            always,
        ),
        (
            "openai",
            r"(?-u:\b)sk-[A-Za-z0-9_-]{20,}",
            whole,
            crate::rules::openai_ok,
        ),
        (
            "github",
            r"(?-u:\b)(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})",
            whole,
            always,
        ),
        (
            "slack",
            r"(?-u:\b)(?:xox[abprs]-[A-Za-z0-9-]{10,}|xapp-[0-9]-[A-Za-z0-9-]{10,})",
            whole,
            crate::rules::has_digit,
        ),
        (
            "aws-access-key",
            r"(?-u:\b)(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?-u:\b)",
            whole,
            always,
        ),
        ("google", r"(?-u:\b)AIza[0-9A-Za-z_-]{35}", whole, always),
        (
            "gitlab",
            r"(?-u:\b)(?:glpat|gldt|glrt|glptt|glft|glsoat|gloas)-[0-9A-Za-z_-]{20,}",
            whole,
            always,
        ),
        ("npm", r"(?-u:\b)npm_[A-Za-z0-9]{36}(?-u:\b)", whole, always),
        ("huggingface", r"(?-u:\b)hf_[A-Za-z0-9]{30,}", whole, always),
        (
            "stripe",
            r"(?-u:\b)(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,}",
            whole,
            always,
        ),
        (
            "aws-secret-key",
            r#"(?i-u:aws_?secret_?(?:access_?)?key)\\?["']?[ \t]*[:=]?[ \t]*\\?["']?(?P<s>[A-Za-z0-9/+]{40})(?:[^A-Za-z0-9/+=]|$)"#,
            group,
            always,
        ),
        (
            "bearer",
            r#"(?i-u:\b(?:proxy-)?authorization)\\?["']?[ \t]*[:=][ \t]*\\?["']?(?:(?i-u:bearer|basic|token|bot|digest|negotiate|apikey)[ \t]+)?(?P<s>[A-Za-z0-9._~+/=:-]{6,})"#,
            group,
            crate::rules::header_credential_ok,
        ),
        (
            "bearer",
            r"(?-u:\b)(?:Bearer|BEARER|bearer)[ \t]+(?P<s>[A-Za-z0-9._~+/-]{16,}=*)",
            group,
            crate::rules::bare_bearer_ok,
        ),
        (
            "url-password",
            r#"(?-u:\b)[A-Za-z][A-Za-z0-9+.-]*://[^\s:@/?#'"\\]*:(?P<s>[^\s/?#'"\\]+)@[A-Za-z0-9.\[_-]"#,
            group,
            crate::rules::not_a_reference,
        ),
        (
            "url-password",
            r#"(?-u:\b)curl(?-u:\b)[^\n|;&]*?[ \t](?:-u|--user|--proxy-user)(?:[ \t]+|=)["']?[^\s:'"]*:(?P<s>[^\s'"]+)"#,
            group,
            crate::rules::not_a_reference,
        ),
        (
            "secret-var",
            concat!(r#"(?P<n>"#, name_re!(), r#")\\?["']?[ \t]*[:?+]?=>?[ \t]*"#),
            assign,
            always,
        ),
        (
            "secret-var",
            concat!(
                r#"(?:(?m:^)[ \t]*(?:-[ \t]+)?(?P<n1>"#,
                name_re!(),
                r#")[ \t]*:[ \t]+|(?P<q>\\?["'])(?P<n2>"#,
                name_re!(),
                r#")\\?["']?[ \t]*:[ \t]*)"#
            ),
            colon,
            always,
        ),
        (
            "secret-var",
            concat!(r#"(?:(?m:^)|[ \t'"])--(?P<n>"#, name_re!(), r#")[ \t]"#),
            flag,
            always,
        ),
    ];
    list.into_iter()
        .map(|(k, p, e, a)| {
            (
                k,
                Regex::new(p).unwrap_or_else(|e| panic!("{k}: {e}")),
                e,
                a,
            )
        })
        .collect()
}

fn piece() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "sk-",
            "sk-ant-",
            "sk-proj-",
            "ghp_",
            "github_pat_",
            "xoxb-",
            "xapp-1-",
            "AKIA",
            "A3TX",
            "AIza",
            "glpat-",
            "npm_",
            "hf_",
            "sk_live_",
            "rk_test_",
            "aws_secret_access_key",
            "AWS_SECRET_KEY=",
            "Authorization: ",
            "authorization=",
            "Bearer ",
            "token ",
            "https://",
            "redis://",
            "u:",
            "@h",
            "@",
            ":",
            "curl ",
            " -u ",
            " --user=",
            "|",
            ";",
            "TOKEN=",
            "export DB_PASSWORD=",
            "password: ",
            "- api_key: ",
            "\"api_key\": ",
            "'x-api-key: ",
            "--token ",
            "--auth-token=",
            "max_tokens=",
            "author=",
            "\n",
            " ",
            "\t",
            "\"",
            "'",
            "\\\"",
            "=",
            "==",
            "=>",
            "$",
            "(",
            "é",
            "-----BEGIN RSA PRIVATE KEY-----",
            "-----END RSA PRIVATE KEY-----",
            "-----BEGIN CERTIFICATE-----",
            "|\n  ",
            ", ",
            "/",
            "?",
            "#",
        ])
        .prop_map(str::to_string),
        "[A-Za-z0-9]{1,12}",
        "[A-Za-z0-9_/+=-]{16,45}",
        "[A-Z2-7]{16}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(1024)
    ))]

    #[test]
    fn matchers_cover_every_reference_match(pieces in prop::collection::vec(piece(), 0..14)) {
        let s: String = pieces.concat();
        let spans = crate::find_secrets(&s);
        let covered = |a: usize, b: usize| spans.iter().any(|sp| sp.start <= a && b <= sp.end);
        for (kind, re, extract, accept) in REFERENCES.iter() {
            for c in re.captures_iter(&s) {
                let Some((a, b)) = extract(&s, &c) else { continue };
                if a >= b || !with_accept(*accept)(&s, (a, b)) {
                    continue;
                }
                prop_assert!(
                    covered(a, b),
                    "{} found {:?} in {:?}, find_secrets gave {:?}",
                    kind, &s[a..b], s, spans
                );
            }
        }
    }
}
