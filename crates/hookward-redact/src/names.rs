//! Does a variable, flag or JSON key name look like it holds a secret?

/// Segments that make a name secret on their own (compared ASCII-case-insensitively).
/// The list is the one in the project brief (PASSWORD, PASSWD, SECRET, TOKEN, API_KEY, APIKEY,
/// ACCESS_KEY, PRIVATE_KEY, CREDENTIAL, AUTH) plus obvious variants (plural passwords and
/// credentials, passphrase), and `pat`, the personal access token of GitHub, Azure DevOps and
/// the VS Code Marketplace as their CLIs and docs abbreviate it (`GH_PAT`, `AZURE_DEVOPS_EXT_PAT`,
/// `VSCE_PAT`, `~/.vsce`'s `"pat"`). `pat` counts only as the last segment: it is an
/// abbreviation, and GitHub's fine-grained tokens themselves begin `github_pat_`, so a token
/// must not read as the name of the value after it.
const SECRET_SEGMENTS: &[&str] = &[
    "password",
    "passwords",
    "passwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "credential",
    "credentials",
    "auth",
];

/// Segments that make a name secret only as its last segment (see [`SECRET_SEGMENTS`]).
const SECRET_LAST: &[&str] = &["pat"];

/// Two consecutive segments that together make a name secret (`API_KEY`, `accessKey`, …).
const SECRET_PAIRS: &[(&str, &str)] = &[("api", "key"), ("access", "key"), ("private", "key")];

/// A last segment that says the value is *about* the secret, not the secret itself
/// (`TOKEN_COUNT`, `PASSWORD_FILE`, `auth_type`, `aws_access_key_id`, `secret_name`…).
const DESCRIPTIVE_LAST: &[&str] = &[
    "at",
    "budget",
    "cmd",
    "command",
    "count",
    "counts",
    "dir",
    "enabled",
    "endpoint",
    "env",
    "expiration",
    "expires",
    "expiry",
    "field",
    "file",
    "format",
    "header",
    "helper",
    "hint",
    "id",
    "ids",
    "kind",
    "label",
    "len",
    "length",
    "limit",
    "limits",
    "max",
    "method",
    "min",
    "mode",
    "name",
    "names",
    "path",
    "pattern",
    "policy",
    "prefix",
    "provider",
    "required",
    "scheme",
    "size",
    "sock",
    "socket",
    "source",
    "timeout",
    "ttl",
    "type",
    "uri",
    "url",
    "usage",
    "var",
    "version",
];

/// A first segment that makes the name a switch or a measure (`--no-auth`, `max_token`).
const SWITCH_FIRST: &[&str] = &[
    "disable", "enable", "max", "min", "no", "num", "require", "skip", "use", "with", "without",
];

/// Whether `name` looks like the name of something that holds a secret.
///
/// The name is split into segments at `_`, `-`, `.`, spaces, quotes and camelCase boundaries
/// (`OPENAI_API_KEY` → `openai api key`, `clientSecret` → `client secret`, `--auth-token` →
/// `auth token`). It is secret when a segment is one of `password(s)`, `passwd`, `passphrase`,
/// `secret`, `token`, `apikey`, `credential(s)`, `auth`, or two consecutive segments are
/// `api key`, `access key` or `private key`; the header names `Authorization` and
/// `Proxy-Authorization` count too. Names that describe a secret instead of holding one are
/// not secret: the last segment is descriptive (`TOKEN_COUNT`, `PASSWORD_FILE`, `auth_type`, `SSH_AUTH_SOCK`,
/// `aws_access_key_id`, `secret_name`, `token_url`, …) or the first is a switch or measure
/// (`--no-auth`, `max_token`). Plural `tokens` (as in `max_tokens`, `input_tokens`) and words
/// that merely contain a keyword (`author`, `tokenizer`, `secretary`) are not secret.
///
/// ```
/// use hookward_redact::is_secret_name;
/// assert!(is_secret_name("OPENAI_API_KEY"));
/// assert!(is_secret_name("clientSecret"));
/// assert!(is_secret_name("--password"));
/// assert!(!is_secret_name("max_tokens"));
/// assert!(!is_secret_name("author"));
/// assert!(!is_secret_name("PASSWORD_FILE"));
/// ```
pub fn is_secret_name(name: &str) -> bool {
    let trimmed = name.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    if trimmed.eq_ignore_ascii_case("authorization")
        || trimmed.eq_ignore_ascii_case("proxy-authorization")
    {
        return true;
    }
    is_secret_assignment_name(name)
}

/// [`is_secret_name`] without the `Authorization` header names: in free text the bearer rule
/// handles those (it keeps the scheme word visible), so the `secret-var` rule must not.
pub(crate) fn is_secret_assignment_name(name: &str) -> bool {
    let mut segs = Segments::new(name);
    let mut first: Option<&str> = None;
    let mut prev: Option<&str> = None;
    let mut last: Option<&str> = None;
    let mut hit = false;
    for seg in segs.by_ref() {
        if first.is_none() {
            first = Some(seg);
        }
        if SECRET_SEGMENTS.iter().any(|s| s.eq_ignore_ascii_case(seg)) {
            hit = true;
        }
        if let Some(p) = prev {
            if SECRET_PAIRS
                .iter()
                .any(|(a, b)| a.eq_ignore_ascii_case(p) && b.eq_ignore_ascii_case(seg))
            {
                hit = true;
            }
        }
        prev = Some(seg);
        last = Some(seg);
    }
    if last.is_some_and(|l| SECRET_LAST.iter().any(|s| s.eq_ignore_ascii_case(l))) {
        hit = true;
    }
    if !hit {
        return false;
    }
    let descriptive =
        last.is_some_and(|l| DESCRIPTIVE_LAST.iter().any(|d| d.eq_ignore_ascii_case(l)));
    let switch = first.is_some_and(|f| SWITCH_FIRST.iter().any(|d| d.eq_ignore_ascii_case(f)));
    !(descriptive || switch)
}

/// Iterator over the segments of a name: runs of ASCII letters and digits, split again where a
/// lower-case letter or digit is followed by an upper-case letter (camelCase).
struct Segments<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Segments<'a> {
    fn new(s: &'a str) -> Self {
        Segments { s, pos: 0 }
    }
}

impl<'a> Iterator for Segments<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let bytes = self.s.as_bytes();
        let mut i = self.pos;
        while bytes.get(i).is_some_and(|c| !c.is_ascii_alphanumeric()) {
            i += 1;
        }
        if i >= bytes.len() {
            self.pos = i;
            return None;
        }
        let start = i;
        i += 1;
        while let Some(&c) = bytes.get(i).filter(|c| c.is_ascii_alphanumeric()) {
            let prev = bytes.get(i - 1).copied().unwrap_or(b' ');
            if c.is_ascii_uppercase() && (prev.is_ascii_lowercase() || prev.is_ascii_digit()) {
                break;
            }
            i += 1;
        }
        self.pos = i;
        self.s.get(start..i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_split_on_separators_and_camel_case() {
        let segs: Vec<&str> = Segments::new("--OPENAI_apiKey.v2-x").collect();
        assert_eq!(segs, ["OPENAI", "api", "Key", "v2", "x"]);
        let segs: Vec<&str> = Segments::new("APIKey").collect();
        assert_eq!(segs, ["APIKey"]);
    }

    #[test]
    fn secret_names() {
        for n in [
            "PASSWORD",
            "db_password",
            "MYSQL_PWD_PASSWD",
            "GITHUB_TOKEN",
            "aws_secret_access_key",
            "apiKey",
            "x-api-key",
            "APIKEY",
            "accessKey",
            "PRIVATE_KEY",
            "GOOGLE_CREDENTIALS",
            "auth",
            "--auth-token",
            "authorization",
            "Proxy-Authorization",
            "\"api_key\"",
            "GH_PAT",
            "AZURE_DEVOPS_EXT_PAT",
            "pat",
        ] {
            assert!(is_secret_name(n), "{n} should be secret");
        }
    }

    #[test]
    fn non_secret_names() {
        for n in [
            "max_tokens",
            "input_tokens",
            "tokenizer",
            "author",
            "authority",
            "secretary",
            "TOKEN_COUNT",
            "PASSWORD_FILE",
            "auth_type",
            "aws_access_key_id",
            "secret_name",
            "--no-auth",
            "key",
            "PWD",
            "monkey",
            // a variable that says where an agent's socket is, not what the secret is: a
            // lesson about `SSH_AUTH_SOCK=…` keeps the value it is about
            "SSH_AUTH_SOCK",
            "GPG_AUTH_SOCKET",
            "auth_sock",
            // `pat` only ends a name: a fine-grained GitHub token is not a name
            "github_pat_11ABCDEFG0abcdefghijkl_mnopqrstuvwxyz0123456789",
            "pattern_x",
        ] {
            assert!(!is_secret_name(n), "{n} should not be secret");
        }
        assert!(!is_secret_assignment_name("Authorization"));
    }
}
