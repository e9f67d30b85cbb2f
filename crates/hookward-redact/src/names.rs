//! Does a variable, flag or JSON key name look like it holds a secret?

/// Segments that make a name secret on their own (compared ASCII-case-insensitively).
/// The list is the one in the project brief (PASSWORD, PASSWD, SECRET, TOKEN, API_KEY, APIKEY,
/// ACCESS_KEY, PRIVATE_KEY, CREDENTIAL, AUTH) plus obvious variants (plural passwords and
/// credentials, passphrase), a Wi-Fi pre-shared key (`WIFI_PSK`: wpa_supplicant.conf(5)
/// `psk=`), and a wallet's recovery words (`MNEMONIC`: BIP-39 "Mnemonic code for generating
/// deterministic keys", the name Hardhat's and Truffle's configs and docs give the variable).
///
/// This is the one word list of secret names: `hookward-shell`'s `exfil::secret_name` (variables
/// sent, printed or written) builds on [`SECRET_SEGMENTS`], [`SECRET_LAST`], [`SECRET_PAIRS`]
/// and [`CONNECTION_STRING_NAMES`] too.
pub const SECRET_SEGMENTS: &[&str] = &[
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
    "psk",
    "mnemonic",
    "mnemonics",
];

/// Segments that make a name secret only as its last segment (see [`SECRET_SEGMENTS`]): `pat`,
/// the personal access token of GitHub, Azure DevOps and the VS Code Marketplace as their CLIs
/// and docs abbreviate it (`GH_PAT`, `AZURE_DEVOPS_EXT_PAT`, `VSCE_PAT`, `~/.vsce`'s `"pat"`).
/// `pat` counts only as the last segment: it is an abbreviation, and GitHub's fine-grained
/// tokens themselves begin `github_pat_`, so a token must not read as the name of the value
/// after it.
pub const SECRET_LAST: &[&str] = &["pat"];

/// Segments that make a name secret only as the last of two or more: `pk`, a private key as
/// Ethereum tooling abbreviates it (`DEPLOYER_PK`, `HOT_WALLET_PK`; Foundry's and Hardhat's
/// docs read `vm.envUint("PRIVATE_KEY")`, projects shorten it). Alone (`pk`) it is a database's
/// primary key, as in Django's `pk`.
pub const SECRET_LAST_OF_SEVERAL: &[&str] = &["pk"];

/// Two consecutive segments that together make a name secret (`API_KEY`, `accessKey`, …): a key
/// named for what it unlocks or signs (`SIGNING_KEY`, `DEPLOY_KEY`, `DEPLOYER_KEY`,
/// `MASTER_KEY`, `ENCRYPTION_KEY`, `SESSION_KEY`, `WALLET_KEY`; Vault's `UNSEAL_KEY` and
/// `RECOVERY_KEY`, Vault docs "Seal/Unseal"), and a wallet's recovery words (`SEED_PHRASE`,
/// BIP-39).
pub const SECRET_PAIRS: &[(&str, &str)] = &[
    ("api", "key"),
    ("access", "key"),
    ("private", "key"),
    ("auth", "key"),
    ("session", "key"),
    ("signing", "key"),
    ("deploy", "key"),
    ("deployer", "key"),
    ("master", "key"),
    ("encryption", "key"),
    ("wallet", "key"),
    ("unseal", "key"),
    ("recovery", "key"),
    ("seed", "phrase"),
];

/// Variable names of connection strings, which carry the password in their user-info part
/// (RFC 3986 §3.2.1), as the platforms name them: Heroku's `DATABASE_URL`, `REDIS_URL`,
/// `CLOUDAMQP_URL` config vars, the Twelve-Factor App's "backing services" URLs, MongoDB's
/// `MONGODB_URI`, a DSN. `hookward-shell` looks for them inside a variable's name
/// (`DATABASE_URL_PROD`, `SENTRY_DSN`); they are not secret names for redaction, where a
/// connection string's password is found by its shape.
pub const CONNECTION_STRING_NAMES: &[&str] = &[
    "DATABASE_URL",
    "DATABASE_URI",
    "DB_URL",
    "DB_URI",
    "DSN",
    "CONNECTION_STRING",
    "CONN_STR",
    "MONGODB_URI",
    "MONGO_URI",
    "MONGO_URL",
    "REDIS_URL",
    "AMQP_URL",
    "POSTGRES_URL",
    "POSTGRESQL_URL",
    "MYSQL_URL",
];

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
    let mut count = 0usize;
    for seg in segs.by_ref() {
        count += 1;
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
    if count > 1
        && last.is_some_and(|l| {
            SECRET_LAST_OF_SEVERAL
                .iter()
                .any(|s| s.eq_ignore_ascii_case(l))
        })
    {
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

/// Last segments that make a variable a measure of secrets, a number and never a secret
/// (`TOKEN_COUNT`, `PASSWORD_LENGTH`, `MNEMONIC_LENGTH`).
const MEASURE_LAST: &[&str] = &[
    "count", "counts", "len", "length", "size", "limit", "limits",
];

/// First segments that make a variable a measure (`MAX_TOKENS`, `MIN_PASSWORD`, `NUM_KEYS`).
const MEASURE_FIRST: &[&str] = &["max", "min", "num"];

/// Whether a variable's name says it holds a secret, as `hookward-shell` reads the variables a
/// command sends, prints or writes (`exfil::secret_name`): looser than [`is_secret_name`], since
/// a command that sends `$TOKEN_FILE` somewhere is worth a question while a stored record keeps
/// such a value. True when the upper-cased name contains a word of [`SECRET_SEGMENTS`] of five
/// letters or more (`DBPASSWORD`, `GITHUBTOKEN`), a pair of [`SECRET_PAIRS`] joined by `_`
/// (`AWS_SECRET_ACCESS_KEY`) or a connection string's name ([`CONNECTION_STRING_NAMES`]:
/// `DATABASE_URL_PROD`, `SENTRY_DSN`); or when a segment is a shorter word of the list (`AUTH`,
/// `PSK`), two segments in a row are a pair (`signingKey`, `SEED_PHRASE`), a segment is
/// [`SECRET_LAST`] (`VSCE_PAT`, `PAT_X`), or the last of several is [`SECRET_LAST_OF_SEVERAL`]
/// (`HOT_WALLET_PK`). `PATH`, `PATTERN`, `API_URL` are not.
///
/// ```
/// use hookward_redact::names::is_secret_variable;
/// assert!(is_secret_variable("GRAPH_DEPLOY_KEY"));
/// assert!(is_secret_variable("MNEMONIC"));
/// assert!(!is_secret_variable("LD_LIBRARY_PATH"));
/// ```
pub fn is_secret_variable(name: &str) -> bool {
    let u = name.to_ascii_uppercase();
    let long_word = SECRET_SEGMENTS
        .iter()
        .filter(|w| w.len() >= 5)
        .any(|w| u.contains(&w.to_ascii_uppercase()));
    let joined_pair = SECRET_PAIRS.iter().any(|(a, b)| {
        u.contains(&format!(
            "{}_{}",
            a.to_ascii_uppercase(),
            b.to_ascii_uppercase()
        ))
    });
    if CONNECTION_STRING_NAMES.iter().any(|c| u.contains(c)) {
        return true;
    }
    let segs: Vec<&str> = Segments::new(name).collect();
    // A number about secrets, never one (`TOKEN_COUNT`, `MNEMONIC_LENGTH`, `MAX_TOKENS`).
    let is = |list: &[&str], seg: &str| list.iter().any(|w| w.eq_ignore_ascii_case(seg));
    if segs.last().is_some_and(|l| is(MEASURE_LAST, l))
        || (segs.len() > 1 && segs.first().is_some_and(|f| is(MEASURE_FIRST, f)))
    {
        return false;
    }
    if long_word || joined_pair {
        return true;
    }
    let is = |list: &[&str], seg: &str| list.iter().any(|w| w.eq_ignore_ascii_case(seg));
    segs.iter()
        .any(|s| is(SECRET_SEGMENTS, s) || is(SECRET_LAST, s))
        || segs.windows(2).any(|p| {
            SECRET_PAIRS
                .iter()
                .any(|(a, b)| a.eq_ignore_ascii_case(p[0]) && b.eq_ignore_ascii_case(p[1]))
        })
        || (segs.len() > 1 && segs.last().is_some_and(|l| is(SECRET_LAST_OF_SEVERAL, l)))
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

    /// Session 27 (h-secrets27): key material's names, written for this test.
    #[test]
    fn key_material_names() {
        for n in [
            "MNEMONIC",
            "wallet_mnemonic",
            "SEED_PHRASE",
            "seedPhrase",
            "RELEASE_SIGNING_KEY",
            "SPARKLE_DEPLOY_KEY",
            "DEPLOYER_KEY",
            "RAILS_MASTER_KEY",
            "APP_ENCRYPTION_KEY",
            "BOT_WALLET_KEY",
            "VAULT_UNSEAL_KEY",
            "ARB_DEPLOYER_PK",
            "LAB_WIFI_PSK",
        ] {
            assert!(is_secret_name(n), "{n} should be secret");
            assert!(is_secret_variable(n), "{n} should be a secret variable");
        }
        for n in [
            "pk",
            "MNEMONIC_LENGTH",
            "SIGNING_KEY_ID",
            "DEPLOY_KEY_PATH",
            "SEED",
            "RANDOM_SEED",
            "WALLET_ADDRESS",
        ] {
            assert!(!is_secret_name(n), "{n} should not be secret");
        }
    }

    #[test]
    fn secret_variables() {
        for n in [
            "AWS_SECRET_ACCESS_KEY",
            "GITHUB_TOKEN",
            "db_password",
            "DATABASE_URL_PROD",
            "SENTRY_DSN",
            "AZURE_DEVOPS_PAT",
            "pat",
            "GPG_PASSPHRASE",
            "X_AUTH",
            "signingKey",
            "HOT_WALLET_PK",
        ] {
            assert!(is_secret_variable(n), "{n} should be a secret variable");
        }
        for n in [
            "HOME",
            "API_URL",
            "VERSION",
            "PATH",
            "LD_LIBRARY_PATH",
            "PATTERN",
            "PATCH_LEVEL",
            "AUTHOR",
            "pk",
            "RANDOM_SEED",
            "WALLET_ADDRESS",
        ] {
            assert!(
                !is_secret_variable(n),
                "{n} should not be a secret variable"
            );
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
