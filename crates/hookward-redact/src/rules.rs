//! The secret shapes, as hand-written matchers woken by trigger literals.
//!
//! Why not regexes: compiling the ~16 patterns costs 3–5 ms (measured with the `regex` crate on
//! the project's machine), more than a whole hook call may spend, and a hook process redacts
//! once and exits. Each shape here has a literal every occurrence contains (its *trigger*); one
//! scan finds the triggers (a const pair bitmap, then a per-first-byte list, so there is no
//! set-up cost at all), and only around a trigger does a matcher look further. Each matcher is
//! documented with the regex it implements; `tests/props.rs` checks the matchers against those
//! regexes on random input.

use crate::names::is_secret_assignment_name;
use crate::value::{self, ValueStyle};

/// Every kind a placeholder can carry, most specific first: when candidates overlap, the merged
/// span takes the earliest kind in this list (so `OPENAI_API_KEY=sk-…` says `openai`).
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
    "registry",
    "cloud",
    "saas",
    "ai-service",
    "age",
    "bearer",
    "url-password",
    "secret-var",
];

/// How many kinds of [`KINDS`] are live credentials by their shape alone (every kind before
/// `bearer`).
pub(crate) const LIVE_COUNT: usize = 17;

const PEM: usize = 0;
const ANTHROPIC: usize = 1;
const OPENAI: usize = 2;
const GITHUB: usize = 3;
const SLACK: usize = 4;
const AWS_ACCESS_KEY: usize = 5;
const GOOGLE: usize = 6;
const GITLAB: usize = 7;
const NPM: usize = 8;
const HUGGINGFACE: usize = 9;
const STRIPE: usize = 10;
const AWS_SECRET_KEY: usize = 11;
const REGISTRY: usize = 12;
const CLOUD: usize = 13;
const SAAS: usize = 14;
const AI_SERVICE: usize = 15;
const AGE: usize = 16;
const BEARER: usize = 17;
const URL_PASSWORD: usize = 18;
const SECRET_VAR: usize = 19;

/// A candidate secret: byte range in the text and kind (index into [`KINDS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Cand {
    pub start: usize,
    pub end: usize,
    pub kind: usize,
}

/// Byte classes of token bodies.
#[derive(Clone, Copy)]
enum Class {
    /// `[A-Za-z0-9]`
    Alnum,
    /// `[A-Za-z0-9_]`
    AlnumUnderscore,
    /// `[A-Za-z0-9-]`
    AlnumDash,
    /// `[A-Za-z0-9_-]`
    AlnumDashUnderscore,
    /// `[A-Z2-7]` (base32, AWS key ids)
    Base32Upper,
    /// `[0-9a-fA-F]`
    Hex,
}

impl Class {
    fn has(self, b: u8) -> bool {
        match self {
            Class::Alnum => b.is_ascii_alphanumeric(),
            Class::AlnumUnderscore => b.is_ascii_alphanumeric() || b == b'_',
            Class::AlnumDash => b.is_ascii_alphanumeric() || b == b'-',
            Class::AlnumDashUnderscore => b.is_ascii_alphanumeric() || b == b'-' || b == b'_',
            Class::Base32Upper => b.is_ascii_uppercase() || (b'2'..=b'7').contains(&b),
            Class::Hex => b.is_ascii_hexdigit(),
        }
    }
}

/// What to do when a trigger literal is found.
#[derive(Clone, Copy)]
enum Matcher {
    /// A token with a fixed, case-sensitive prefix (the trigger itself):
    /// `(?-u:\b)PREFIX[class]{min,}`, or with `exact`, `(?-u:\b)PREFIX[class]{min}(?-u:\b)`.
    /// The whole token (prefix included) must pass `accept`.
    Token {
        kind: usize,
        class: Class,
        min: usize,
        exact: bool,
        accept: fn(&str) -> bool,
    },
    /// `(?-u:\b)A3T[A-Z0-9][A-Z2-7]{16}(?-u:\b)` (AWS legacy key id prefix).
    AwsA3t,
    /// See [`pem`].
    Pem,
    /// See [`aws_secret`].
    AwsSecret,
    /// See [`auth_header`].
    AuthHeader,
    /// See [`bare_bearer`].
    BareBearer,
    /// See [`url_password`].
    Url,
    /// See [`curl_user`].
    Curl,
    /// See [`secret_name`].
    SecretName,
}

/// A trigger literal: every match of its matcher contains it at the position it was found.
struct Trigger {
    lit: &'static str,
    /// Compare exactly; otherwise ASCII-case-insensitively.
    case_sensitive: bool,
    matcher: Matcher,
}

const fn token(
    lit: &'static str,
    kind: usize,
    class: Class,
    min: usize,
    accept: fn(&str) -> bool,
) -> Trigger {
    Trigger {
        lit,
        case_sensitive: true,
        matcher: Matcher::Token {
            kind,
            class,
            min,
            exact: false,
            accept,
        },
    }
}

const fn exact_token(lit: &'static str, kind: usize, class: Class, len: usize) -> Trigger {
    Trigger {
        lit,
        case_sensitive: true,
        matcher: Matcher::Token {
            kind,
            class,
            min: len,
            exact: true,
            accept: always,
        },
    }
}

const fn custom(lit: &'static str, case_sensitive: bool, matcher: Matcher) -> Trigger {
    Trigger {
        lit,
        case_sensitive,
        matcher,
    }
}

/// Sources: token formats as documented by each provider, cross-checked with the rule of the
/// same name in gitleaks' default config (`config/gitleaks.toml`; rule ids below).
const TRIGGERS: &[Trigger] = &[
    // gitleaks `private-key`; RFC 7468 textual encoding: PKCS#1 (`RSA`), SEC1 (`EC`), PKCS#8
    // (`PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`), OpenSSH, PGP (`… PRIVATE KEY BLOCK`).
    custom("-----BEGIN", true, Matcher::Pem),
    // gitleaks `anthropic-api-key` (`sk-ant-api03-…`), `anthropic-admin-api-key`
    // (`sk-ant-admin01-…`); also Claude Code OAuth tokens (`sk-ant-oat01-…`).
    token("sk-ant-", ANTHROPIC, Class::AlnumDashUnderscore, 20, always),
    // gitleaks `openai-api-key`: `sk-` legacy (48 chars), `sk-proj-`, `sk-svcacct-`, `sk-admin-`.
    // Looser than gitleaks' `T3BlbkFJ` marker, which newer keys do not all carry; the body must
    // mix upper case, lower case and digits so `sk-fix-the-parser-module` is not a key.
    token("sk-", OPENAI, Class::AlnumDashUnderscore, 20, openai_ok),
    // gitleaks `github-pat` (ghp_), `github-oauth` (gho_), `github-app-token` (ghu_, ghs_),
    // `github-refresh-token` (ghr_): 36 base62 chars; `github-fine-grained-pat` (github_pat_).
    // GitHub docs, "About authentication to GitHub" → "GitHub's token formats".
    token("ghp_", GITHUB, Class::Alnum, 36, always),
    token("gho_", GITHUB, Class::Alnum, 36, always),
    token("ghu_", GITHUB, Class::Alnum, 36, always),
    token("ghs_", GITHUB, Class::Alnum, 36, always),
    token("ghr_", GITHUB, Class::Alnum, 36, always),
    token("github_pat_", GITHUB, Class::AlnumUnderscore, 22, always),
    // gitleaks `slack-bot-token` (xoxb-), `slack-user-token` (xoxp-), `slack-legacy-*` (xoxa-,
    // xoxr-, xoxs-), `slack-app-token` (xapp-). Must contain a digit (real ones are ids).
    token("xoxa-", SLACK, Class::AlnumDash, 10, has_digit),
    token("xoxb-", SLACK, Class::AlnumDash, 10, has_digit),
    token("xoxp-", SLACK, Class::AlnumDash, 10, has_digit),
    token("xoxr-", SLACK, Class::AlnumDash, 10, has_digit),
    token("xoxs-", SLACK, Class::AlnumDash, 10, has_digit),
    token("xapp-", SLACK, Class::AlnumDash, 12, has_digit),
    // gitleaks `aws-access-token`; AWS IAM docs, "Understanding unique ID prefixes"
    // (AKIA long-term key, ASIA temporary STS key, ABIA/ACCA service keys): 4 + 16 base32.
    exact_token("AKIA", AWS_ACCESS_KEY, Class::Base32Upper, 16),
    exact_token("ASIA", AWS_ACCESS_KEY, Class::Base32Upper, 16),
    exact_token("ABIA", AWS_ACCESS_KEY, Class::Base32Upper, 16),
    exact_token("ACCA", AWS_ACCESS_KEY, Class::Base32Upper, 16),
    custom("A3T", true, Matcher::AwsA3t),
    // gitleaks `gcp-api-key`: `AIza` + 35 chars.
    token("AIza", GOOGLE, Class::AlnumDashUnderscore, 35, always),
    // gitleaks `gitlab-pat` (glpat-), `gitlab-deploy-token` (gldt-), `gitlab-runner-
    // authentication-token` (glrt-), `gitlab-ptt` (glptt-), `gitlab-feed-token` (glft-),
    // `gitlab-scim-token` (glsoat-), `gitlab-oauth-app-secret` (gloas-); GitLab docs,
    // "Token prefixes".
    token("glpat-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("gldt-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("glrt-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("glptt-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("glft-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("glsoat-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    token("gloas-", GITLAB, Class::AlnumDashUnderscore, 20, always),
    // gitleaks `npm-access-token`: `npm_` + 36 alphanumerics (npm docs, "About access tokens").
    exact_token("npm_", NPM, Class::Alnum, 36),
    // gitleaks `huggingface-access-token`: `hf_` + 34 letters; digits and longer bodies
    // accepted too (the format is not a published contract).
    token("hf_", HUGGINGFACE, Class::Alnum, 30, always),
    // gitleaks `stripe-access-token`: secret (sk_) and restricted (rk_) keys, live/test/prod
    // (Stripe docs, "API keys").
    token("sk_live_", STRIPE, Class::Alnum, 10, always),
    token("sk_test_", STRIPE, Class::Alnum, 10, always),
    token("sk_prod_", STRIPE, Class::Alnum, 10, always),
    token("rk_live_", STRIPE, Class::Alnum, 10, always),
    token("rk_test_", STRIPE, Class::Alnum, 10, always),
    token("rk_prod_", STRIPE, Class::Alnum, 10, always),
    // Package registries (`registry`): gitleaks `pypi-upload-token` (`pypi-AgEIcHlwaS5vcmc`, the
    // base64 of PyPI's macaroon location, + 50 or more), `rubygems-api-token` (`rubygems_` + 48
    // hex), Docker Hub personal access tokens (`dckr_pat_`, Docker docs "Access tokens"),
    // crates.io API tokens (`cio` + 32 alphanumerics, crates.io's token format).
    token(
        "pypi-AgEIcHlwaS5vcmc",
        REGISTRY,
        Class::AlnumDashUnderscore,
        50,
        always,
    ),
    exact_token("rubygems_", REGISTRY, Class::Hex, 48),
    token(
        "dckr_pat_",
        REGISTRY,
        Class::AlnumDashUnderscore,
        20,
        always,
    ),
    exact_token("cio", REGISTRY, Class::Alnum, 32),
    // Cloud and infrastructure platforms (`cloud`): gitleaks `digitalocean-pat` /
    // `digitalocean-access-token` / `digitalocean-refresh-token` (`dop_v1_`, `doo_v1_`,
    // `dor_v1_` + 64 hex), `flyio-access-token` (`fo1_`, `fm1a_`, `fm1r_`, `fm2_`),
    // `planetscale-api-token` / `-password` / `-oauth-token` (`pscale_tkn_`, `pscale_pw_`,
    // `pscale_oauth_`), `pulumi-api-token` (`pul-` + 40 hex), `databricks-api-token` (`dapi` +
    // 32 hex), `doppler-api-token` (`dp.pt.`), `grafana-cloud-api-token` (`glc_`),
    // `grafana-service-account-token` (`glsa_`), `new-relic-user-api-key` (`NRAK-`),
    // `sentry-user-token` / `sentry-org-token` (`sntryu_`, `sntrys_`), `vault-service-token`
    // (`hvs.`), `vault-batch-token` (`hvb.`), `1password-service-account-token` (`ops_eyJ`);
    // Supabase access tokens (`sbp_` + 40 hex), Tailscale keys (`tskey-auth-`, `tskey-api-`,
    // `tskey-client-`), Render API keys (`rnd_`), Heroku API keys (`HRKU-`) from each
    // provider's docs.
    exact_token("dop_v1_", CLOUD, Class::Hex, 64),
    exact_token("doo_v1_", CLOUD, Class::Hex, 64),
    exact_token("dor_v1_", CLOUD, Class::Hex, 64),
    token("fo1_", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("fm1a_", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("fm1r_", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("fm2_", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("pscale_tkn_", CLOUD, Class::AlnumDashUnderscore, 32, always),
    token("pscale_pw_", CLOUD, Class::AlnumDashUnderscore, 32, always),
    token(
        "pscale_oauth_",
        CLOUD,
        Class::AlnumDashUnderscore,
        32,
        always,
    ),
    exact_token("pul-", CLOUD, Class::Hex, 40),
    exact_token("dapi", CLOUD, Class::Hex, 32),
    token("dp.pt.", CLOUD, Class::Alnum, 40, always),
    token("dp.st.", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("glc_", CLOUD, Class::AlnumDashUnderscore, 32, always),
    token("glsa_", CLOUD, Class::AlnumDashUnderscore, 32, always),
    token("NRAK-", CLOUD, Class::Alnum, 27, always),
    token("sntryu_", CLOUD, Class::Hex, 64, always),
    token("sntrys_", CLOUD, Class::AlnumDashUnderscore, 40, always),
    token("hvs.", CLOUD, Class::AlnumDashUnderscore, 90, always),
    token("hvb.", CLOUD, Class::AlnumDashUnderscore, 90, always),
    token("ops_eyJ", CLOUD, Class::AlnumDashUnderscore, 50, always),
    exact_token("sbp_", CLOUD, Class::Hex, 40),
    token("tskey-auth-", CLOUD, Class::AlnumDash, 20, has_digit),
    token("tskey-api-", CLOUD, Class::AlnumDash, 20, has_digit),
    token("tskey-client-", CLOUD, Class::AlnumDash, 20, has_digit),
    token("rnd_", CLOUD, Class::Alnum, 24, has_digit),
    token("HRKU-", CLOUD, Class::AlnumDashUnderscore, 30, has_digit),
    // Hosted services (`saas`): gitleaks `shopify-access-token` / `-custom-access-token` /
    // `-private-app-access-token` / `-shared-secret` (`shpat_`, `shpca_`, `shppa_`, `shpss_` +
    // 32 hex), `linear-api-key` (`lin_api_` +
    // 40), `postman-api-token` (`PMAK-`), `atlassian-api-token` (`ATATT3`), `figma` personal
    // tokens (`figd_`), Stripe webhook signing secrets (`whsec_`), Square access tokens
    // (`sq0atp-`, `sq0csp-`), Google OAuth client secrets (`GOCSPX-`), Mapbox secret tokens
    // (`sk.eyJ`).
    exact_token("shpat_", SAAS, Class::Hex, 32),
    exact_token("shpca_", SAAS, Class::Hex, 32),
    exact_token("shppa_", SAAS, Class::Hex, 32),
    exact_token("shpss_", SAAS, Class::Hex, 32),
    token("lin_api_", SAAS, Class::Alnum, 40, always),
    token("PMAK-", SAAS, Class::AlnumDash, 40, has_digit),
    token("ATATT3", SAAS, Class::AlnumDashUnderscore, 100, always),
    token("figd_", SAAS, Class::AlnumDashUnderscore, 40, always),
    token("whsec_", SAAS, Class::Alnum, 32, always),
    token("sq0atp-", SAAS, Class::AlnumDashUnderscore, 22, always),
    token("sq0csp-", SAAS, Class::AlnumDashUnderscore, 40, always),
    token("GOCSPX-", SAAS, Class::AlnumDashUnderscore, 28, always),
    token("sk.eyJ", SAAS, Class::AlnumDashUnderscore, 40, always),
    // AI services (`ai-service`): xAI (`xai-`), Groq (`gsk_`), Replicate (`r8_`), Perplexity
    // (`pplx-`), LangSmith (`lsv2_pt_`, `lsv2_sk_`), Pinecone (`pcsk_`) API keys by each
    // provider's documented prefix.
    token("xai-", AI_SERVICE, Class::Alnum, 60, has_digit),
    token("gsk_", AI_SERVICE, Class::Alnum, 40, has_digit),
    token("r8_", AI_SERVICE, Class::Alnum, 30, has_digit),
    token("pplx-", AI_SERVICE, Class::Alnum, 40, has_digit),
    token("lsv2_pt_", AI_SERVICE, Class::AlnumUnderscore, 40, always),
    token("lsv2_sk_", AI_SERVICE, Class::AlnumUnderscore, 40, always),
    token("pcsk_", AI_SERVICE, Class::AlnumUnderscore, 40, always),
    // gitleaks `age-secret-key`: an age private key (`AGE-SECRET-KEY-1` + 58 bech32).
    exact_token("AGE-SECRET-KEY-1", AGE, Class::Alnum, 58),
    custom("secret", false, Matcher::AwsSecret),
    custom("authorization", false, Matcher::AuthHeader),
    custom("bearer", false, Matcher::BareBearer),
    custom("://", true, Matcher::Url),
    custom("curl", true, Matcher::Curl),
    // The keywords of a secret-looking name (see `names::is_secret_name`).
    custom("passw", false, Matcher::SecretName),
    custom("passphrase", false, Matcher::SecretName),
    custom("secret", false, Matcher::SecretName),
    custom("token", false, Matcher::SecretName),
    custom("api_key", false, Matcher::SecretName),
    custom("api-key", false, Matcher::SecretName),
    custom("apikey", false, Matcher::SecretName),
    custom("access_key", false, Matcher::SecretName),
    custom("access-key", false, Matcher::SecretName),
    custom("accesskey", false, Matcher::SecretName),
    custom("private_key", false, Matcher::SecretName),
    custom("private-key", false, Matcher::SecretName),
    custom("privatekey", false, Matcher::SecretName),
    custom("credential", false, Matcher::SecretName),
    custom("auth", false, Matcher::SecretName),
    custom("pat", false, Matcher::SecretName),
];

/// The scan folds bytes with `| 0x20`: ASCII letters to lower case, a few other bytes onto
/// each other (`[` with `{`, `_` with DEL), which only means a few more exact comparisons.
const fn fold(c: u8) -> u8 {
    c | 0x20
}

/// Bit `(fold(a) << 8) | fold(b)` is set when some trigger starts with the bytes `a b`.
static PAIRS: [u64; 1024] = pair_table();

// The table builders below run at compile time: their indexing cannot fail at run time (an
// out-of-range index or a failed `assert!` is a build error).
const fn pair_table() -> [u64; 1024] {
    let mut t = [0u64; 1024];
    let mut i = 0;
    while i < TRIGGERS.len() {
        let lit = TRIGGERS[i].lit.as_bytes();
        assert!(lit.len() >= 2, "trigger literals need at least two bytes");
        let k = ((fold(lit[0]) as usize) << 8) | fold(lit[1]) as usize;
        t[k >> 6] |= 1 << (k & 63);
        i += 1;
    }
    t
}

/// Up to this many triggers may share a folded first byte.
const MAX_PER_BYTE: usize = 24;

/// For each folded first byte: how many triggers start with it, and for each its folded second
/// byte and its index in [`TRIGGERS`].
static BY_FIRST: [(u8, [(u8, u8); MAX_PER_BYTE]); 256] = first_byte_table();

const fn first_byte_table() -> [(u8, [(u8, u8); MAX_PER_BYTE]); 256] {
    let mut t = [(0u8, [(0u8, 0u8); MAX_PER_BYTE]); 256];
    assert!(TRIGGERS.len() <= 256, "trigger indexes must fit in a u8");
    let mut i = 0;
    while i < TRIGGERS.len() {
        let lit = TRIGGERS[i].lit.as_bytes();
        let f = fold(lit[0]) as usize;
        let n = t[f].0 as usize;
        assert!(
            n < MAX_PER_BYTE,
            "too many triggers share a first byte; raise MAX_PER_BYTE"
        );
        t[f].1[n] = (fold(lit[1]), i as u8);
        t[f].0 += 1;
        i += 1;
    }
    t
}

/// Scratch state of one scan.
struct Scan<'s> {
    s: &'s str,
    out: Vec<Cand>,
    /// Start of the last name handed to [`secret_name`] (a name with two keywords is seen once).
    last_name_start: Option<usize>,
}

/// Every candidate secret in `s`, in no particular order (may overlap).
pub(crate) fn candidates(s: &str) -> Vec<Cand> {
    let mut scan = Scan {
        s,
        out: Vec::new(),
        last_name_start: None,
    };
    for (i, pair) in s.as_bytes().windows(2).enumerate() {
        let &[c0, c1] = pair else {
            continue;
        };
        let k = (usize::from(fold(c0)) << 8) | usize::from(fold(c1));
        if PAIRS.get(k >> 6).is_some_and(|w| w & (1 << (k & 63)) != 0) {
            scan.at_pair(i, fold(c0), fold(c1));
        }
    }
    scan.out
}

impl Scan<'_> {
    /// A trigger may start at `i` (its first two folded bytes are `f0 f1`): compare the
    /// candidates exactly and run the matchers of those that are there.
    #[inline(never)]
    fn at_pair(&mut self, i: usize, f0: u8, f1: u8) {
        let (s, b) = (self.s, self.s.as_bytes());
        let Some((n, entries)) = BY_FIRST.get(usize::from(f0)) else {
            return;
        };
        for &(second, ti) in entries.iter().take(usize::from(*n)) {
            if second != f1 {
                continue;
            }
            let Some(t) = TRIGGERS.get(usize::from(ti)) else {
                continue;
            };
            let lit = t.lit.as_bytes();
            let Some(here) = b.get(i..i + lit.len()) else {
                continue;
            };
            let hit = if t.case_sensitive {
                here == lit
            } else {
                here.eq_ignore_ascii_case(lit)
            };
            if !hit {
                continue;
            }
            let end = i + lit.len();
            let out = &mut self.out;
            match t.matcher {
                Matcher::Token {
                    kind,
                    class,
                    min,
                    exact,
                    accept,
                } => prefixed_token(s, i, end, kind, class, min, exact, accept, out),
                Matcher::AwsA3t => aws_a3t(s, i, out),
                Matcher::Pem => pem(s, i, end, out),
                Matcher::AwsSecret => aws_secret(s, i, end, out),
                Matcher::AuthHeader => auth_header(s, i, end, out),
                Matcher::BareBearer => bare_bearer(s, i, end, out),
                Matcher::Url => url_password(s, i, end, out),
                Matcher::Curl => curl_user(s, i, end, out),
                Matcher::SecretName => secret_name(s, i, end, &mut self.last_name_start, out),
            }
        }
    }
}

fn push(out: &mut Vec<Cand>, start: usize, end: usize, kind: usize) {
    if start < end {
        out.push(Cand { start, end, kind });
    }
}

/// ASCII word byte, as in `(?-u:\b)`.
fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// A word boundary precedes position `i`, given that `b[i]` is a word byte.
fn boundary_before(b: &[u8], i: usize) -> bool {
    i == 0 || b.get(i - 1).is_none_or(|&p| !is_word(p))
}

/// End of the run of bytes satisfying `f` starting at `i`.
fn run(b: &[u8], i: usize, f: impl Fn(u8) -> bool) -> usize {
    let mut j = i;
    while b.get(j).is_some_and(|&c| f(c)) {
        j += 1;
    }
    j
}

/// End of the run of `char`s satisfying `f` starting at byte `i` (a char boundary).
fn char_run(s: &str, i: usize, f: impl Fn(char) -> bool) -> usize {
    let Some(rest) = s.get(i..) else {
        return i;
    };
    rest.char_indices()
        .find(|&(_, c)| !f(c))
        .map_or(s.len(), |(k, _)| i + k)
}

/// Skips at most one byte equal to one of `set`.
fn opt(b: &[u8], i: usize, set: &[u8]) -> usize {
    if b.get(i).is_some_and(|c| set.contains(c)) {
        i + 1
    } else {
        i
    }
}

fn blanks(b: &[u8], i: usize) -> usize {
    run(b, i, |c| c == b' ' || c == b'\t')
}

#[allow(clippy::too_many_arguments)]
fn prefixed_token(
    s: &str,
    start: usize,
    body: usize,
    kind: usize,
    class: Class,
    min: usize,
    exact: bool,
    accept: fn(&str) -> bool,
    out: &mut Vec<Cand>,
) {
    let b = s.as_bytes();
    if !boundary_before(b, start) {
        return;
    }
    let end = run(b, body, |c| class.has(c));
    let ok = if exact {
        end - body == min && run(b, body, is_word) == end
    } else {
        end - body >= min
    };
    if ok && s.get(start..end).is_some_and(accept) {
        push(out, start, end, kind);
    }
}

/// `(?-u:\b)A3T[A-Z0-9][A-Z2-7]{16}(?-u:\b)`.
fn aws_a3t(s: &str, start: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    if !boundary_before(b, start) {
        return;
    }
    let lead = start + 3;
    if !b
        .get(lead)
        .is_some_and(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    {
        return;
    }
    let end = run(b, lead + 1, |c| Class::Base32Upper.has(c));
    if end - (lead + 1) == 16 && run(b, lead + 1, is_word) == end {
        push(out, start, end, AWS_ACCESS_KEY);
    }
}

/// `-----BEGIN[ A-Z0-9_-]*PRIVATE KEY(?: BLOCK)?-----` followed by either the body up to the
/// first matching `-----END[ A-Z0-9_-]*PRIVATE KEY(?: BLOCK)?-----`, or, when the block was
/// cut off, the run of base64-ish bytes `[A-Za-z0-9+/=\t\r\n \\:,.-]*`. The whole block is the
/// secret.
fn pem(s: &str, start: usize, after_begin: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    let Some(hdr_end) = armor_label_end(b, after_begin) else {
        return;
    };
    let mut from = hdr_end;
    while let Some(k) = s
        .get(from..)
        .and_then(|r| r.find("-----END"))
        .map(|k| from + k)
    {
        if let Some(end) = armor_label_end(b, k + 8) {
            push(out, start, end, PEM);
            return;
        }
        from = k + 8;
    }
    let end = run(b, hdr_end, |c| {
        c.is_ascii_alphanumeric() || b"+/=\t\r\n \\:,.-".contains(&c)
    });
    push(out, start, end, PEM);
}

/// After `-----BEGIN` / `-----END`: `[ A-Z0-9_-]*PRIVATE KEY(?: BLOCK)?-----`; returns the
/// position after the closing dashes.
fn armor_label_end(b: &[u8], i: usize) -> Option<usize> {
    let label_end = run(b, i, |c| {
        c == b' ' || c == b'_' || c == b'-' || c.is_ascii_uppercase() || c.is_ascii_digit()
    });
    let label = b.get(i..label_end)?;
    // Greedy like the regex: the last occurrence inside the label run.
    [&b"PRIVATE KEY-----"[..], &b"PRIVATE KEY BLOCK-----"[..]]
        .iter()
        .filter_map(|pat| {
            label
                .windows(pat.len())
                .rposition(|w| w == *pat)
                .map(|k| i + k + pat.len())
        })
        .max()
}

/// AWS secret access keys are 40 base64 characters with no prefix of their own, so only the
/// name in front identifies them (gitleaks and trufflehog key on it the same way):
/// `(?i-u:aws_?secret_?(?:access_?)?key)\\?["']?[ \t]*[:=]?[ \t]*\\?["']?([A-Za-z0-9/+]{40})`
/// not followed by `[A-Za-z0-9/+=]` — `aws_secret_access_key = …` (~/.aws/credentials),
/// `AWS_SECRET_ACCESS_KEY=…`, `aws configure set aws_secret_access_key …`.
fn aws_secret(s: &str, secret_at: usize, after: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    let before = |n: usize, w: &[u8]| {
        secret_at >= n
            && b.get(secret_at - n..secret_at)
                .is_some_and(|x| x.eq_ignore_ascii_case(w))
    };
    if !(before(4, b"aws_") || before(3, b"aws")) {
        return;
    }
    let ci = |i: usize, w: &[u8]| {
        b.get(i..i + w.len())
            .is_some_and(|x| x.eq_ignore_ascii_case(w))
    };
    let mut i = opt(b, after, b"_");
    if ci(i, b"access") {
        i = opt(b, i + 6, b"_");
    }
    if !ci(i, b"key") {
        return;
    }
    i += 3;
    i = opt(b, i, b"\\");
    i = opt(b, i, b"\"'");
    i = blanks(b, i);
    i = opt(b, i, b":=");
    i = blanks(b, i);
    i = opt(b, i, b"\\");
    i = opt(b, i, b"\"'");
    let end = run(b, i, |c| {
        c.is_ascii_alphanumeric() || c == b'/' || c == b'+'
    });
    if end - i == 40 && b.get(end) != Some(&b'=') {
        push(out, i, end, AWS_SECRET_KEY);
    }
}

/// RFC 7235 `Authorization` / `Proxy-Authorization` with any scheme (RFC 6750 Bearer, RFC 7617
/// Basic, GitHub's `token`), as a header line, curl's `-H 'Authorization: …'` or a JSON member:
/// `(?i-u:\bauthorization)\\?["']?[ \t]*[:=][ \t]*\\?["']?(?:SCHEME[ \t]+)?([A-Za-z0-9._~+/=:-]{6,})`.
/// The credential must not be a scheme word and must mix two character classes
/// (`Authorization: required` in prose stays).
fn auth_header(s: &str, start: usize, after: usize, out: &mut Vec<Cand>) {
    const SCHEMES: &[&[u8]] = &[
        b"bearer",
        b"basic",
        b"token",
        b"bot",
        b"digest",
        b"negotiate",
        b"apikey",
    ];
    let b = s.as_bytes();
    if !boundary_before(b, start) {
        return;
    }
    let mut i = opt(b, after, b"\\");
    i = opt(b, i, b"\"'");
    i = blanks(b, i);
    if !b.get(i).is_some_and(|c| *c == b':' || *c == b'=') {
        return;
    }
    i = blanks(b, i + 1);
    i = opt(b, i, b"\\");
    i = opt(b, i, b"\"'");
    let cred = |j: usize| {
        run(b, j, |c| {
            c.is_ascii_alphanumeric() || b"._~+/=:-".contains(&c)
        })
    };
    let word_end = run(b, i, |c| c.is_ascii_alphabetic());
    if SCHEMES.iter().any(|w| {
        b.get(i..word_end)
            .is_some_and(|x| x.eq_ignore_ascii_case(w))
    }) {
        let j = blanks(b, word_end);
        if j > word_end {
            let end = cred(j);
            if end - j >= 6 && s.get(j..end).is_some_and(header_credential_ok) {
                push(out, j, end, BEARER);
                return;
            }
        }
    }
    let end = cred(i);
    if end - i >= 6 && s.get(i..end).is_some_and(header_credential_ok) {
        push(out, i, end, BEARER);
    }
}

/// A bare RFC 6750 bearer token without the header name:
/// `(?-u:\b)(?:Bearer|BEARER|bearer)[ \t]+([A-Za-z0-9._~+/-]{16,}=*)`, with a digit or mixed
/// case (so "bearer responsibilities" stays).
fn bare_bearer(s: &str, start: usize, after: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    let word = b.get(start..after).unwrap_or_default();
    if !(word == b"Bearer" || word == b"BEARER" || word == b"bearer") || !boundary_before(b, start)
    {
        return;
    }
    let j = blanks(b, after);
    if j == after {
        return;
    }
    let body = run(b, j, |c| {
        c.is_ascii_alphanumeric() || b"._~+/-".contains(&c)
    });
    if body - j < 16 {
        return;
    }
    let end = run(b, body, |c| c == b'=');
    if s.get(j..end).is_some_and(bare_bearer_ok) {
        push(out, j, end, BEARER);
    }
}

/// RFC 3986 §3.2.1 userinfo, `scheme://user:password@host` (deprecated by the RFC, still common
/// in database and git URLs): `[A-Za-z][A-Za-z0-9+.-]*://[^\s:@/?#'"\\]*:([^\s/?#'"\\]+)@[A-Za-z0-9.\[_-]`.
/// Only the password is hidden; it may contain `@` (the last `@` before the host wins). A
/// `$VAR` / `${VAR}` password is a reference, not a secret.
fn url_password(s: &str, colon: usize, after: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    let mut k = colon;
    while k > 0
        && b.get(k - 1)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || b"+.-".contains(&c))
    {
        k -= 1;
    }
    if !b
        .get(k..colon)
        .is_some_and(|scheme| scheme.iter().any(u8::is_ascii_alphabetic))
    {
        return;
    }
    let user_end = char_run(s, after, |c| {
        !c.is_whitespace() && !":@/?#'\"\\".contains(c)
    });
    if b.get(user_end) != Some(&b':') {
        return;
    }
    let p = user_end + 1;
    let r_end = char_run(s, p, |c| !c.is_whitespace() && !"/?#'\"\\".contains(c));
    let host_char = |c: u8| c.is_ascii_alphanumeric() || b".[_-".contains(&c);
    let Some(at) = (p..r_end).rev().find(|&j| {
        b.get(j) == Some(&b'@') && j + 1 < r_end && b.get(j + 1).is_some_and(|&c| host_char(c))
    }) else {
        return;
    };
    if s.get(p..at).is_some_and(not_a_reference) {
        push(out, p, at, URL_PASSWORD);
    }
}

/// curl's `-u user:password` / `--user` / `--proxy-user` (curl(1), "-u, --user"):
/// `(?-u:\b)curl(?-u:\b)[^\n|;&]*?[ \t](?:-u|--user|--proxy-user)(?:[ \t]+|=)["']?[^\s:'"]*:([^\s'"]+)`.
/// Limited to curl command lines: elsewhere `-u a:b` is often `uid:gid` (docker).
fn curl_user(s: &str, start: usize, after: usize, out: &mut Vec<Cand>) {
    let b = s.as_bytes();
    if !boundary_before(b, start) || b.get(after).is_some_and(|&c| is_word(c)) {
        return;
    }
    let seg_end = run(b, after, |c| !b"\n|;&".contains(&c));
    for i in after..seg_end {
        if !b.get(i).is_some_and(|&c| c == b' ' || c == b'\t') {
            continue;
        }
        let Some(flag_end) = [&b"--proxy-user"[..], &b"--user"[..], &b"-u"[..]]
            .iter()
            .find(|f| b.get(i + 1..i + 1 + f.len()) == Some(f))
            .map(|f| i + 1 + f.len())
        else {
            continue;
        };
        let mut j = blanks(b, flag_end);
        if j == flag_end {
            if b.get(j) != Some(&b'=') {
                continue;
            }
            j += 1;
        }
        j = opt(b, j, b"\"'");
        if b.get(j) == Some(&b'<') {
            continue; // `-u <user:password>` in a help text
        }
        let user_end = char_run(s, j, |c| !c.is_whitespace() && !":'\"".contains(c));
        if b.get(user_end) != Some(&b':') {
            continue;
        }
        let p = user_end + 1;
        let end = char_run(s, p, |c| !c.is_whitespace() && !"'\"".contains(c));
        if end > p && s.get(p..end).is_some_and(not_a_reference) {
            push(out, p, end, URL_PASSWORD);
            return;
        }
    }
}

/// Name bytes: `[A-Za-z0-9_.-]`.
fn is_name_byte(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'-'
}

/// The value of a variable, flag or key whose name looks secret ([`is_secret_assignment_name`]).
/// The name is the maximal run of `[A-Za-z0-9_.-]` around the keyword. Three forms:
/// - `NAME=value`: `NAME\\?["']?[ \t]*[:?+]?=>?[ \t]*` — shell `export X=…` and `X=… cmd`,
///   `.env`, `--password=…`, URL query `?access_token=…`, TOML/INI, Makefile `:=`/`?=`,
///   PHP/Ruby `'token' => '…'`.
/// - `name: value`: at the start of a line, `^[ \t]*(?:-[ \t]+)?NAME[ \t]*:[ \t]+` (YAML,
///   HTTP headers; YAML needs the space after the colon), or after a quote,
///   `\\?["']NAME\\?["']?[ \t]*:[ \t]*` (JSON `"api_key": "…"`, `curl -H 'X-Api-Key: …'`).
/// - `--NAME value`: `(?:^|[ \t'"])--NAME[ \t]` (long flag, value as the next word after
///   exactly one blank).
///
/// The value itself is parsed by [`value::parse`], which also rejects non-secrets (`$VAR`,
/// `true`, function calls, type annotations).
fn secret_name(
    s: &str,
    kw: usize,
    kw_end: usize,
    last_name_start: &mut Option<usize>,
    out: &mut Vec<Cand>,
) {
    let b = s.as_bytes();
    let mut a = kw;
    while a > 0 && b.get(a - 1).is_some_and(|&c| is_name_byte(c)) {
        a -= 1;
        if kw - a > MAX_NAME_LEN {
            // No variable, flag or key is this long; walking on would make a text of one
            // long run with many keywords (`api-key-a1api-key-a1…`) quadratic.
            return;
        }
    }
    if *last_name_start == Some(a) {
        return; // same name, second keyword (`SECRET_TOKEN`)
    }
    *last_name_start = Some(a);
    let e = run(b, kw_end, is_name_byte);
    if e - a > MAX_NAME_LEN {
        return;
    }
    let Some(name) = s.get(a..e) else {
        return;
    };
    if !is_secret_assignment_name(name) {
        return;
    }
    let mut emit = |at: usize, style: ValueStyle, indent: usize| {
        if let Some((x, y)) = value::parse(s, at, style, indent) {
            push(out, x, y, SECRET_VAR);
        }
    };
    // NAME=value
    {
        let mut i = opt(b, e, b"\\");
        i = opt(b, i, b"\"'");
        i = blanks(b, i);
        i = opt(b, i, b":?+");
        if b.get(i) == Some(&b'=') {
            i = opt(b, i + 1, b">");
            emit(blanks(b, i), ValueStyle::Assign, 0);
        }
    }
    // name: value
    let (line_start, at_line_start) = line_lead(b, a);
    if at_line_start {
        let i = blanks(b, e);
        if b.get(i) == Some(&b':') {
            let j = blanks(b, i + 1);
            if j > i + 1 {
                emit(j, ValueStyle::Line, a - line_start);
            }
        }
    } else if a > 0 && b.get(a - 1).is_some_and(|c| *c == b'"' || *c == b'\'') {
        let mut i = opt(b, e, b"\\");
        i = opt(b, i, b"\"'");
        i = blanks(b, i);
        if b.get(i) == Some(&b':') {
            emit(blanks(b, i + 1), ValueStyle::Colon, 0);
        }
    }
    // --NAME value; exactly one blank between, since a wider gap is a help text's column
    // (`--ask-password          prompt for a password`).
    if name.starts_with("--") && (a == 0 || b.get(a - 1).is_some_and(|c| b" \t'\"\n".contains(c))) {
        let j = blanks(b, e);
        if j == e + 1 {
            emit(j, ValueStyle::Flag, 0);
        }
    }
}

/// Longest name [`secret_name`] reads (`[A-Za-z0-9_.-]` around the keyword).
const MAX_NAME_LEN: usize = 256;

/// Whether only blanks, or a YAML list dash between blanks (`  - `), stand between the start
/// of the line and `a` (`^[ \t]*(?:-[ \t]+)?`), with where that line starts. Reads back from
/// `a` over the lead only, not the whole line: a long line with many names stays linear.
fn line_lead(b: &[u8], a: usize) -> (usize, bool) {
    let is_blank = |c: &u8| *c == b' ' || *c == b'\t';
    let back_over_blanks = |mut j: usize| {
        while j > 0 && b.get(j - 1).is_some_and(is_blank) {
            j -= 1;
        }
        j
    };
    let at_start = |j: usize| j == 0 || b.get(j - 1) == Some(&b'\n');
    let j = back_over_blanks(a);
    if at_start(j) {
        return (j, true);
    }
    if j < a && j > 0 && b.get(j - 1) == Some(&b'-') {
        let k = back_over_blanks(j - 1);
        if at_start(k) {
            return (k, true);
        }
    }
    (a, false)
}

fn always(_: &str) -> bool {
    true
}

pub(crate) fn has_digit(s: &str) -> bool {
    s.bytes().any(|b| b.is_ascii_digit())
}

pub(crate) fn openai_ok(s: &str) -> bool {
    let body = s.strip_prefix("sk-").unwrap_or(s);
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
    let lower = s.bytes().any(|b| b.is_ascii_lowercase());
    let upper = s.bytes().any(|b| b.is_ascii_uppercase());
    let digit = s.bytes().any(|b| b.is_ascii_digit());
    let other = s.bytes().any(|b| !b.is_ascii_alphanumeric());
    usize::from(lower) + usize::from(upper) + usize::from(digit) + usize::from(other)
}

pub(crate) fn header_credential_ok(s: &str) -> bool {
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

pub(crate) fn bare_bearer_ok(s: &str) -> bool {
    let upper = s.bytes().any(|b| b.is_ascii_uppercase());
    let lower = s.bytes().any(|b| b.is_ascii_lowercase());
    has_digit(s) || (upper && lower)
}

pub(crate) fn not_a_reference(s: &str) -> bool {
    !s.starts_with('$')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_trigger_and_every_trigger_a_kind() {
        for (k, name) in KINDS.iter().enumerate() {
            let has = TRIGGERS.iter().any(|t| match t.matcher {
                Matcher::Token { kind, .. } => kind == k,
                Matcher::AwsA3t => k == AWS_ACCESS_KEY,
                Matcher::Pem => k == PEM,
                Matcher::AwsSecret => k == AWS_SECRET_KEY,
                Matcher::AuthHeader | Matcher::BareBearer => k == BEARER,
                Matcher::Url | Matcher::Curl => k == URL_PASSWORD,
                Matcher::SecretName => k == SECRET_VAR,
            });
            assert!(has, "kind {name} has no trigger");
        }
    }

    #[test]
    fn token_prefixes_are_their_triggers() {
        for t in TRIGGERS {
            assert!(t.lit.len() >= 3, "{} is too short to be selective", t.lit);
        }
    }
}
