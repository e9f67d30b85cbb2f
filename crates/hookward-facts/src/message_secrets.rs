//! Secrets in the text an MCP tool sends to people (session 27, issue 11 "what leaves the
//! machine"): a chat message, an e-mail, an issue or comment body, a file committed through
//! the tool. hookward-redact finds vendor tokens by their documented formats
//! (`facts.mcp_secrets`); the kinds here are the secrets people paste into messages that have
//! no vendor prefix, found by their shape *and* the words beside them
//! (`facts.mcp_message_secrets`, rule `mcp/secret-in-message`):
//!
//! * `app-password`: Apple's app-specific password, 16 lower-case letters in four groups of
//!   four joined by hyphens (Apple Support "Sign in to apps with your Apple Account using
//!   app-specific passwords"), in a text that says "password";
//! * `one-time-code`: a 2FA or verification code, six to eight digits (one space or hyphen
//!   allowed between groups) within four words after [`CODE_WORDS`];
//! * `keystore`: an encrypted key file's JSON (the Web3 Secret Storage definition's `crypto`
//!   object with `ciphertext` and `kdf`), which with its password is the private key;
//! * `labelled-secret`: a value written right after a secret's label ([`LABELS`]: `pass=`,
//!   `password: …`, "bot token: …", "publisher key 4F1B…"), that looks like a real secret
//!   ([`crate::mcp_action::literal_secret`], and letters with digits for a bare value);
//! * `prefixed-token`: a token with a short lower-case prefix and underscore (`cio_…`,
//!   `sntrys_…`, `fm2_…`: crates.io, Sentry and Fly.io publish token formats this way) and 16
//!   or more characters of mixed letters and digits after it, in a text that names a token,
//!   key or secret.
//!
//! Base64 string arguments (GitHub's `create_or_update_file` takes its `content` so) are
//! decoded and searched too.
//!
//! [`lookalike_recipient`]: a mail recipient whose domain imitates a well-known one
//! (`hookward_shell::target::WELL_KNOWN_HOSTS`): a label spelled with look-alike digits that
//! reads as the brand (`app1e-developer.com`: `apple`), or an IDN homograph
//! (`hookward_shell::target::net_target`'s `lookalike`); rule `mcp/lookalike-recipient`.

/// Words before a one-time code.
pub const CODE_WORDS: &[&str] = &[
    "2fa",
    "mfa",
    "otp",
    "verification",
    "security",
    "login",
    "sign-in",
    "signin",
    "one-time",
    "passcode",
    "confirmation",
    "authentication",
    "two-factor",
];

/// Labels a secret value is written after (lower case, compared with the word before `=`, `:`
/// or the value).
pub const LABELS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "pwd",
    "passphrase",
    "psk",
    "pin",
    "secret",
    "token",
    "key",
    "apikey",
    "api_key",
    "api-key",
    "mnemonic",
];

/// Most bytes searched.
const MAX_TEXT: usize = 256 * 1024;

/// The kinds of secrets in `text` (sorted, each once; never the values).
pub fn message_secrets(text: &str) -> Vec<&'static str> {
    let text = &text[..text.floor_char_boundary(MAX_TEXT)];
    let lower = text.to_lowercase();
    let mut out: Vec<&'static str> = Vec::new();
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || "\"'(),;<>[]{}".contains(c))
        .filter(|t| !t.is_empty())
        .collect();
    let clean = |t: &str| t.trim_end_matches(['.', ',', '!', '?', ':']).to_string();
    // app-specific password
    if lower.contains("password")
        && tokens.iter().any(|t| {
            let t = clean(t);
            let g: Vec<&str> = t.split('-').collect();
            g.len() == 4
                && g.iter()
                    .all(|x| x.len() == 4 && x.chars().all(|c| c.is_ascii_lowercase()))
        })
    {
        out.push("app-password");
    }
    // one-time code
    let lw: Vec<String> = tokens.iter().map(|t| clean(&t.to_lowercase())).collect();
    for (i, w) in lw.iter().enumerate() {
        if !CODE_WORDS.contains(&w.as_str()) {
            continue;
        }
        let after: Vec<&String> = lw[i + 1..].iter().take(5).collect();
        let joined_pairs = after.windows(2).any(|p| {
            p[0].len() >= 3
                && p[1].len() >= 3
                && (p[0].len() + p[1].len()) <= 8
                && p[0].chars().chain(p[1].chars()).all(|c| c.is_ascii_digit())
        });
        let single = after.iter().any(|t| {
            let d: String = t.chars().filter(|c| *c != '-').collect();
            t.matches('-').count() <= 1
                && (6..=8).contains(&d.len())
                && d.chars().all(|c| c.is_ascii_digit())
        });
        if joined_pairs || single {
            out.push("one-time-code");
            break;
        }
    }
    // keystore JSON
    if lower.contains("ciphertext") && (lower.contains("\"kdf\"") || lower.contains("\"crypto\"")) {
        out.push("keystore");
    }
    // labelled secret: `label=value`, `label: value`, `label value`
    'outer: for (i, t) in tokens.iter().enumerate() {
        let tl = t.to_lowercase();
        // glued: pass=VALUE, password:VALUE
        if let Some((name, value)) = tl.split_once(['=', ':']) {
            let name = name.trim_start_matches(|c: char| !c.is_alphanumeric());
            if LABELS
                .iter()
                .any(|l| name == *l || name.ends_with(&format!("_{l}")))
                && !value.is_empty()
            {
                let raw_value = &t[t.len() - value.len()..];
                if crate::mcp_action::literal_secret(&clean(raw_value)) {
                    out.push("labelled-secret");
                    break 'outer;
                }
            }
        }
        // spaced: "token: VALUE", "key VALUE", "password is VALUE"
        let label = clean(&tl);
        if LABELS.contains(&label.as_str()) {
            let mut j = i + 1;
            if tokens
                .get(j)
                .is_some_and(|n| matches!(*n, ":" | "=" | "is"))
            {
                j += 1;
            }
            if let Some(v) = tokens.get(j) {
                let v = clean(v);
                let letters = v.chars().any(|c| c.is_ascii_alphabetic());
                let digits = v.chars().any(|c| c.is_ascii_digit());
                if v.len() >= 8
                    && letters
                    && digits
                    && !v.contains("://")
                    && !v.contains('/')
                    && crate::mcp_action::literal_secret(&v)
                {
                    out.push("labelled-secret");
                    break 'outer;
                }
            }
        }
    }
    // prefixed token
    let names_secret = ["token", "key", "secret", "credential"]
        .iter()
        .any(|w| lower.contains(w));
    if names_secret
        && tokens.iter().any(|t| {
            let t = clean(t);
            let Some((pre, rest)) = t.split_once('_') else {
                return false;
            };
            (2..=6).contains(&pre.len())
                && pre
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                && rest.len() >= 16
                && rest.chars().all(|c| c.is_ascii_alphanumeric())
                && rest.chars().any(|c| c.is_ascii_digit())
                && rest.chars().any(|c| c.is_ascii_uppercase())
                && rest.chars().any(|c| c.is_ascii_lowercase())
        })
    {
        out.push("prefixed-token");
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Base64 text (24 characters or more of the base64 alphabet, length a multiple of four)
/// decoded to UTF-8, when it is.
pub fn decoded_base64(s: &str) -> Option<String> {
    let t: String = s.chars().filter(|c| !c.is_whitespace()).collect();
    if t.len() < 24
        || !t.len().is_multiple_of(4)
        || !t
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '/' | '='))
    {
        return None;
    }
    let bytes = hookward_shell::decode_base64(&t)?;
    String::from_utf8(bytes).ok()
}

/// Argument names that hold a message's recipients.
pub const RECIPIENT_KEYS: &[&str] = &["to", "cc", "bcc", "recipient", "recipients", "email"];

/// The well-known brand a mail address's domain imitates, when it does.
pub fn lookalike_recipient(address: &str) -> Option<String> {
    let domain = address.trim().rsplit_once('@')?.1.trim_end_matches('>');
    if !domain.contains('.') {
        return None;
    }
    if let Some(t) = hookward_shell::target::net_target(&format!("https://{domain}/")) {
        if let Some(l) = t.lookalike {
            return Some(l);
        }
    }
    let brands: Vec<&str> = hookward_shell::target::WELL_KNOWN_HOSTS
        .iter()
        .filter_map(|h| h.split('.').next())
        .filter(|b| b.len() >= 5)
        .collect();
    for label in domain.to_ascii_lowercase().split(['.', '-']) {
        let letters = label.chars().any(|c| c.is_ascii_alphabetic());
        if !letters || !label.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        for one in ['l', 'i'] {
            let read: String = label
                .chars()
                .map(|c| match c {
                    '0' => 'o',
                    '1' => one,
                    '3' => 'e',
                    '4' => 'a',
                    '5' => 's',
                    '7' => 't',
                    c => c,
                })
                .collect();
            if let Some(b) = brands.iter().find(|b| **b == read) {
                return Some(b.to_string());
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_people_paste_into_messages() {
        for (t, kind) in [
            ("my apple id app password is abcd-efgh-ijkl-mnop, thanks", "app-password"),
            ("Your verification code: 552 918", "one-time-code"),
            ("2FA code 40417731 just arrived", "one-time-code"),
            ("wallet {\"crypto\":{\"cipher\":\"aes-128-ctr\",\"ciphertext\":\"ab12\",\"kdf\":\"scrypt\"}}", "keystore"),
            ("db login pass=Tr0ub4dor-prod-7", "labelled-secret"),
            ("the wifi psk: Garten!2023x", "labelled-secret"),
            ("bot token: MTE4Nzc4.Gx2fQ.q8Yh3NxwV7pLz0cRt5uJ", "labelled-secret"),
            ("publisher key 9C0E77A24D3E9B55A1C2D3E4F5A6B7C8", "labelled-secret"),
            ("the registry token so CI can push: cio_Ab3L8xT0mZ2kR7pN5sW1yH9c", "prefixed-token"),
        ] {
            assert!(message_secrets(t).contains(&kind), "{t}: {:?}", message_secrets(t));
        }
    }

    #[test]
    fn everyday_messages_stay_quiet() {
        for t in [
            "Build 1432 passed, deploy to staging at 14:00.",
            "Reset your password from the settings page if you forgot it.",
            "Use the token from the vault; do not paste it here.",
            "Set API_KEY=<your key> before running.",
            "The key: use `cargo test -p hookward-facts` for this crate.",
            "PR #4521 fixes the login code path for SSO users.",
            "password: changeme",
            "See commit 3f2a9c1d4b5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a for the fix.",
            "snake_case_names_are_fine_here in config",
            "Security review on 2026-12-14 at 10:00.",
        ] {
            assert!(
                message_secrets(t).is_empty(),
                "{t}: {:?}",
                message_secrets(t)
            );
        }
    }

    #[test]
    fn look_alike_recipients() {
        assert_eq!(
            lookalike_recipient("review@app1e-developer.com").as_deref(),
            Some("apple")
        );
        assert_eq!(
            lookalike_recipient("it@micr0soft-support.net").as_deref(),
            Some("microsoft")
        );
        assert_eq!(
            lookalike_recipient("a@g00gle.co").as_deref(),
            Some("google")
        );
        for a in [
            "dev@apple.com",
            "x@team42.dev",
            "ops@k8s-lab.io",
            "me@gmail.com",
            "not-an-address",
        ] {
            assert_eq!(lookalike_recipient(a), None, "{a}");
        }
    }

    #[test]
    fn base64_content_is_decoded() {
        assert_eq!(
            decoded_base64("U1RSSVBFX1NFQ1JFVF9LRVk9c2tfbGl2ZV81MU53WGJROGhMejBVTklRVUVr")
                .as_deref(),
            Some("STRIPE_SECRET_KEY=sk_live_51NwXbQ8hLz0UNIQUEk")
        );
        assert_eq!(decoded_base64("not base64 at all"), None);
    }
}
