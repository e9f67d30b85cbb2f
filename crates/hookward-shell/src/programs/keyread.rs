//! A secret key's value read out of a configuration file (issue 11 item 2, session 28): `grep
//! '^requirepass' /etc/redis/redis.conf`, `awk -F= '/DB_PASSWORD/{print $2}' .env.prod`, `sed
//! -n '/encryption_passphrase/p' config.yaml`, `yq '.auth.token' cfg.yml`, `crudini --get f
//! s password`, `cat app.properties | grep -i pass`. The line printed is the key *and its
//! value*, so the secret reaches the agent as a secret manager's print does: a
//! [`crate::facts::SecretPrintFact`] (rule `shell/secret-print`; a pipe into a consumer such
//! as `wc -l`, a command substitution or a redirect into a file hands it on instead,
//! `Analyzer::capture_handed_values`).
//!
//! Judged by shape, not by file: the pattern (or jq/yq path, awk/sed script) names a key of a
//! secret by its words ([`secret_key_token`]), and the file read is a configuration file by
//! its name or place ([`config_file`]). Counting or listing matches (`grep -c`, `grep -l`,
//! `-q`), inverted matches (`grep -v`) and recursive searches (`programs/search.rs`' business)
//! print no value; a log, source code or a dump is not a configuration file.
//! Sources: grep(1), awk(1), sed(1) `-n`/`p`, jq(1), yq docs, crudini(1); the key names are
//! the services' documented ones (redis.conf `requirepass`/`masterauth`, borgmatic
//! `encryption_passphrase`, Kafka `sasl.jaas.config`, git-send-email `sendemail.smtpPass`,
//! WordPress `DB_PASSWORD`/`AUTH_KEY`/`*_SALT`, AWS `aws_secret_access_key`).

use crate::analyzer::{clip, Analyzer, Inv};
use crate::opts;
use crate::paths;

/// Whole key names that hold a secret though their last word is not a secret's word: Redis
/// (redis.conf: `requirepass`, `masterauth`, `masteruser` is not), Kafka JAAS (`sasl.jaas.config`
/// carries `password="…"`), git-send-email (`smtppass`), Rails (`secret_key_base`), PostgreSQL
/// libpq (`sslpassword`), ssh `IdentityFile` is a path (not listed). `passwd` alone is the
/// account database's name in configuration (`grep passwd /etc/nsswitch.conf`), not a key.
const SECRET_KEY_NAMES: &[&str] = &[
    "requirepass",
    "masterauth",
    "jaas",
    "smtppass",
    "secret_key_base",
    "sslpassword",
    "passphrase",
    "password",
    "secret",
    "token",
];

/// Secret words that end a key name (`DB_PASSWORD`, `client_secret`, `api_token`,
/// `encryption_passphrase`, `FTP_PASS`, `db_pwd`, `AUTH_SALT`).
const LAST_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "passphrase",
    "pwd",
    "secret",
    "token",
    "salt",
    "credentials",
];

/// Words before `key` that make it a secret key (`api_key`, `secret_key`, `private_key`,
/// `aws_secret_access_key`, WordPress `AUTH_KEY`), not a database or cache key.
const KEY_QUALIFIERS: &[&str] = &[
    "api",
    "secret",
    "private",
    "access",
    "auth",
    "signing",
    "encryption",
    "master",
    "client",
];

/// Words after a secret word that make the key name *about* the secret, not the secret
/// (`secretRef`, `secretName`, `password_file`, `token_url`, `max_tokens`).
const ABOUT_WORDS: &[&str] = &[
    "ref", "name", "file", "path", "url", "uri", "command", "cmd", "env", "length", "expiry",
    "ttl", "policy", "hash", "type", "id", "count", "min", "max", "enabled", "auth",
];

/// Splits an identifier into lower-case words on `_`, `-` and camel-case humps.
fn words_of(token: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in token.chars() {
        if c == '_' || c == '-' {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Whether one identifier of a pattern names a secret's key ([`SECRET_KEY_NAMES`] whole, a
/// last word of [`LAST_WORDS`], or `key` after a [`KEY_QUALIFIERS`] word).
pub(crate) fn secret_key_token(token: &str) -> bool {
    let lower = token.to_ascii_lowercase();
    if SECRET_KEY_NAMES.contains(&lower.as_str()) {
        return true;
    }
    let words = words_of(token);
    let Some(last) = words.last() else {
        return false;
    };
    if words.len() >= 2 && ABOUT_WORDS.contains(&last.as_str()) {
        return false;
    }
    if LAST_WORDS.contains(&last.as_str()) {
        // `salt`, `pass`, `pwd` alone are too common a word; with a qualifier they are keys.
        return words.len() >= 2 || matches!(last.as_str(), "password" | "passphrase" | "secret");
    }
    if matches!(last.as_str(), "key" | "keys") && words.len() >= 2 {
        let before = &words[words.len() - 2];
        return KEY_QUALIFIERS.contains(&before.as_str());
    }
    false
}

/// The first secret key an expression names (identifiers split on anything but letters,
/// digits, `_` and `-`; `.` splits too, so `sasl.jaas.config` gives `jaas`).
fn secret_key_in(expr: &str) -> Option<String> {
    expr.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
        .filter(|t| t.len() >= 3)
        .find(|t| secret_key_token(t))
        .map(str::to_string)
}

/// [`secret_key_in`] for a search pattern (grep, rg): there the word `pass` alone is what a
/// person types to find the password lines (`grep -i pass app.properties`).
fn secret_key_in_pattern(expr: &str) -> Option<String> {
    secret_key_in(expr).or_else(|| {
        expr.split(|c: char| !c.is_ascii_alphanumeric())
            .find(|t| t.eq_ignore_ascii_case("pass"))
            .map(str::to_string)
    })
}

/// A jq/yq filter without its string literals, but for the quoted keys of a path
/// (`."database.password"`, `["api_key"]`): a literal compared or printed (`select(.status !=
/// "pass")`) names no key.
fn filter_paths(filter: &str) -> String {
    let mut out = String::new();
    let mut chars = filter.chars().peekable();
    let mut prev = ' ';
    while let Some(c) = chars.next() {
        if c == '"' {
            let keep = matches!(prev, '.' | '[');
            let mut lit = String::new();
            for d in chars.by_ref() {
                if d == '"' {
                    break;
                }
                lit.push(d);
            }
            if keep {
                out.push_str(&lit);
            }
            out.push(' ');
            prev = '"';
            continue;
        }
        out.push(c);
        prev = c;
    }
    out
}

/// Extensions of configuration files ([`config_file`]).
const CONFIG_EXTS: &[&str] = &[
    "conf",
    "cfg",
    "cnf",
    "ini",
    "properties",
    "yaml",
    "yml",
    "toml",
    "json",
    "env",
    "xml",
    "tfvars",
    "hcl",
    "plist",
    "config",
    "settings",
    "rc",
    "vdf",
    "nmconnection",
];

/// PHP files that are configuration by their documented names (WordPress `wp-config.php`,
/// Drupal `settings.php`, Joomla `configuration.php`, MediaWiki `LocalSettings.php`, Magento
/// `env.php`, phpMyAdmin `config.inc.php`, a plain `config.php`).
fn php_config(name: &str) -> bool {
    let stem = name.strip_suffix(".php").unwrap_or("");
    let l = stem.to_ascii_lowercase();
    !stem.is_empty()
        && (l.contains("config") || l.contains("settings") || l == "env" || l.ends_with(".inc"))
}

/// Whether `path` is a configuration file by its name or place: a [`CONFIG_EXTS`] extension,
/// a configuration PHP file ([`php_config`]), an env file (`.env`, `.env.prod`), a dotfile
/// without an extension (`~/.gitconfig`, `.pgpass`, `.netrc`, `oscrc`-like `…rc`), or a file
/// without an extension in a configuration folder (`/etc/…`, `…/conf/…`, `~/.config/…`).
/// Templates (`.example`, `.sample`) hold no value.
pub(crate) fn config_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let lower = name.to_ascii_lowercase();
    if [".example", ".sample", ".template", ".dist", ".tpl"]
        .iter()
        .any(|s| lower.ends_with(s))
    {
        return false;
    }
    if lower == ".env" || lower.starts_with(".env.") || php_config(&lower) {
        return true;
    }
    let ext = match lower.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => Some(e),
        _ => None,
    };
    match ext {
        Some(e) => CONFIG_EXTS.contains(&e),
        None => {
            lower.starts_with('.')
                || lower.ends_with("rc")
                || lower.contains("conf")
                || path.starts_with("/etc/")
                || path
                    .split('/')
                    .any(|c| matches!(c, "conf" | "config" | ".config" | "etc"))
        }
    }
}

/// Options of grep-like programs that take a value.
const GREP_VALUED: &[&str] = &[
    "-e",
    "--regexp",
    "-f",
    "--file",
    "-m",
    "--max-count",
    "-A",
    "-B",
    "-C",
    "--include",
    "--exclude",
    "--color",
    "--colour",
    "-g",
    "--glob",
    "-t",
    "--type",
    "-d",
    "-D",
];

/// Options that make a grep print no matching line's text (count, list, quiet) or the other
/// lines (inverted), or walk a tree (a search, `programs/search.rs`).
const GREP_NO_VALUE: &[&str] = &[
    "-c",
    "--count",
    "-l",
    "-L",
    "--files-with-matches",
    "--files-without-match",
    "-q",
    "--quiet",
    "--silent",
    "-v",
    "--invert-match",
    "-r",
    "-R",
    "--recursive",
    "--files",
];

/// Records a secret key read for `name` when its shape is one (module docs).
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv, captured: bool) {
    let args = inv.rest();
    let (key, files): (Option<String>, Vec<String>) = match name {
        "grep" | "egrep" | "fgrep" | "zgrep" | "rg" | "ag" | "ack" | "ugrep" => {
            let p = opts::parse(args, GREP_VALUED, false);
            if p.has(GREP_NO_VALUE) {
                return;
            }
            let given = p.values(&["-e", "--regexp"]);
            let mut ops: Vec<String> = p.operands.iter().map(|w| w.text.clone()).collect();
            let pats: Vec<String> = if given.is_empty() {
                if ops.is_empty() {
                    return;
                }
                vec![ops.remove(0)]
            } else {
                given.iter().map(|x| x.text.clone()).collect()
            };
            (pats.iter().find_map(|x| secret_key_in_pattern(x)), ops)
        }
        "awk" | "gawk" | "mawk" | "nawk" => {
            let p = opts::parse(
                args,
                &["-F", "-v", "-f", "--field-separator", "--assign"],
                false,
            );
            if p.has(&["-f", "--file"]) {
                return;
            }
            let mut ops: Vec<String> = p.operands.iter().map(|w| w.text.clone()).collect();
            if ops.is_empty() {
                return;
            }
            let prog = ops.remove(0);
            // Only operands that are files, not `var=value` assignments.
            ops.retain(|o| !o.contains('='));
            (secret_key_in(&prog), ops)
        }
        "sed" | "gsed" => {
            let p = opts::parse(args, &["-e", "--expression", "-f", "--file"], false);
            // Without -n sed prints every line; -i writes the file and prints nothing.
            if !p.has(&["-n", "--quiet", "--silent"])
                || p.has(&["-i", "--in-place"])
                || args.iter().any(|w| w.text.starts_with("-i"))
            {
                return;
            }
            let given = p.values(&["-e", "--expression"]);
            let mut ops: Vec<String> = p.operands.iter().map(|w| w.text.clone()).collect();
            let scripts: Vec<String> = if given.is_empty() {
                if ops.is_empty() {
                    return;
                }
                vec![ops.remove(0)]
            } else {
                given.iter().map(|x| x.text.clone()).collect()
            };
            if !scripts.iter().any(|s| s.contains('p')) {
                return;
            }
            (scripts.iter().find_map(|x| secret_key_in(x)), ops)
        }
        "jq" | "yq" | "gojq" | "jaq" | "dasel" => {
            let p = opts::parse(
                args,
                &[
                    "--arg",
                    "--argjson",
                    "-f",
                    "--from-file",
                    "-o",
                    "--output-format",
                    "-p",
                ],
                false,
            );
            if p.has(&["-i", "--inplace"]) {
                return;
            }
            let mut ops: Vec<String> = p.operands.iter().map(|w| w.text.clone()).collect();
            if name == "yq"
                && ops
                    .first()
                    .is_some_and(|o| matches!(o.as_str(), "e" | "eval"))
            {
                ops.remove(0);
            }
            if ops.is_empty() {
                return;
            }
            let filter = ops.remove(0);
            // A filter that deletes or blanks the key prints what is left, not its value; one
            // that deletes the secret keys from a printed document piped in (`wp option get
            // X --format=json | jq 'del(.secret_key, .webhook_secret)'`) hands the rest on
            // without the secret: the print before it is redacted.
            if filter.contains("del(") || filter.contains("|=") || filter.contains("keys") {
                if inv.stdin.piped && redacts_secrets(&filter) {
                    if let Some(p) = a.facts.secret_prints.last_mut() {
                        p.captured = true;
                    }
                }
                return;
            }
            (secret_key_in(&filter_paths(&filter)), ops)
        }
        "crudini" => {
            let p = opts::parse(args, &["--format"], false);
            if !p.has(&["--get"]) {
                return;
            }
            let ops: Vec<String> = p.operands.iter().map(|w| w.text.clone()).collect();
            let key = ops.get(2).and_then(|k| secret_key_in(k));
            (key, ops.into_iter().take(1).collect())
        }
        _ => return,
    };
    let Some(key) = key else {
        return;
    };
    // No file operand: the program reads its stdin, a file when one was piped or redirected in
    // (`cat app.properties | grep -i pass`, `grep requirepass < redis.conf`).
    let files: Vec<String> = if files.is_empty() {
        match inv.stdin.file.clone() {
            Some(f) => vec![f],
            None => return,
        }
    } else {
        files
            .iter()
            .map(|f| paths::resolve(&crate::model::Arg::lit(f), &inv.cwd).path)
            .collect()
    };
    // The project's own settings are the agent's work (the command-class suite's benign
    // `jq '.secrets.token' config.json`): a secret key read from a config file elsewhere — a
    // server's, a tool's, another user's — is the print.
    let Some(file) = files.iter().find(|f| {
        config_file(f)
            && !matches!(
                paths::scope(f, false, a.ctx),
                crate::facts::Scope::Project | crate::facts::Scope::Temp
            )
    }) else {
        return;
    };
    a.facts.secret_prints.push(crate::facts::SecretPrintFact {
        program: name.to_string(),
        form: format!("key {key} read from {file}"),
        captured,
        by_shape: false,
        evidence: clip(&inv.evidence),
    });
}

/// Whether a jq/yq filter only deletes secret keys: every secret key it names stands inside a
/// `del(…)` and it names at least one (`del(.secret_key, .test_secret_key)`).
fn redacts_secrets(filter: &str) -> bool {
    let mut inside = String::new();
    let mut outside = String::new();
    let mut rest = filter;
    while let Some(i) = rest.find("del(") {
        outside.push_str(&rest[..i]);
        let after = &rest[i + 4..];
        let mut depth = 1usize;
        let mut end = after.len();
        for (j, c) in after.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        end = j;
                        break;
                    }
                }
                _ => {}
            }
        }
        inside.push_str(&after[..end]);
        inside.push(' ');
        rest = after.get(end + 1..).unwrap_or("");
    }
    outside.push_str(rest);
    secret_key_in(&inside).is_some() && secret_key_in(&outside).is_none()
}

/// WooCommerce payment gateways' ids: each gateway keeps its settings, API keys included, in the
/// option `woocommerce_<id>_settings` (WooCommerce docs, "Payment Gateway API": `WC_Settings_API`
/// saves `woocommerce_{id}_settings`); the best-known gateways' plugins.
const PAYMENT_GATEWAYS: &[&str] = &[
    "stripe",
    "paypal",
    "ppcp",
    "braintree",
    "square",
    "mollie",
    "klarna",
    "razorpay",
    "authorize",
    "payfast",
    "amazon",
    "eway",
    "adyen",
    "payments",
];

/// Applications' own CLIs that print stored secrets (issue 11 item 3): `wp config list`
/// (wp-cli docs: every wp-config.php constant with its value, DB_PASSWORD and the salts;
/// `--fields=name` prints names only), `wp option get|pluck OPT` of a secret-named option or a
/// payment gateway's settings ([`PAYMENT_GATEWAYS`]), `drush config:get … --include-overridden`
/// (Drupal docs, "Overriding configuration": settings.php overrides are where API keys are
/// kept), `php artisan tinker --execute` printing `config('services…')` (Laravel docs,
/// config/services.php holds third-party credentials) or a secret-named `env()`/`config()` key.
pub(super) fn app_print(a: &mut Analyzer, name: &str, inv: &Inv, captured: bool) {
    let words: Vec<&str> = inv.rest().iter().map(|w| w.text.as_str()).collect();
    let bare: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let form = match (name, bare.as_slice()) {
        ("wp", ["config", "list", ..]) => {
            let names_only = words.iter().any(|w| {
                (w.starts_with("--fields=") || w.starts_with("--field=")) && !w.contains("value")
            });
            (!names_only).then(|| "config list".to_string())
        }
        ("wp", ["option", "get" | "pluck", opt, ..]) => {
            let l = opt.to_ascii_lowercase();
            let gateway = l
                .strip_prefix("woocommerce_")
                .and_then(|r| r.strip_suffix("_settings"))
                .is_some_and(|id| PAYMENT_GATEWAYS.iter().any(|g| id.contains(g)));
            (gateway || secret_key_in(opt).is_some()).then(|| format!("option get {opt}"))
        }
        ("drush", [verb, ..])
            if matches!(*verb, "config:get" | "cget" | "config-get")
                && words.contains(&"--include-overridden") =>
        {
            Some("config:get --include-overridden".to_string())
        }
        ("php", ["artisan", "tinker", ..]) => {
            let code = words
                .iter()
                .find_map(|w| w.strip_prefix("--execute="))
                .or_else(|| {
                    words
                        .iter()
                        .position(|w| *w == "--execute")
                        .and_then(|i| words.get(i + 1).copied())
                })
                .unwrap_or("");
            let l = code.to_ascii_lowercase();
            (l.contains("config('services")
                || l.contains("config(\"services")
                || ((l.contains("env(") || l.contains("config(")) && secret_key_in(code).is_some()))
            .then(|| "artisan tinker config".to_string())
        }
        // Oracle mkstore: `-viewEntry NAME` prints the entry's value, `-listCredential` the
        // stored connect strings and user names (Oracle Database Security Guide, mkstore).
        ("mkstore", _) if words.iter().any(|w| w.eq_ignore_ascii_case("-viewEntry")) => {
            Some("-viewEntry".to_string())
        }
        // JFrog CLI: `jf config export` prints a server's configuration with its access token
        // as one base64 string (JFrog CLI docs, "Exporting and Importing Configuration").
        ("jf" | "jfrog", ["config" | "c", "export" | "ex", ..]) => {
            Some("config export".to_string())
        }
        _ => None,
    };
    let Some(form) = form else {
        return;
    };
    a.facts.secret_prints.push(crate::facts::SecretPrintFact {
        program: name.to_string(),
        form,
        captured,
        by_shape: false,
        evidence: clip(&inv.evidence),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/work/app".into(),
            home: "/home/dev".into(),
            project_dir: Some("/work/app".into()),
        }
    }

    fn read(cmd: &str) -> bool {
        analyze(cmd, &ctx())
            .secret_prints
            .iter()
            .any(|p| p.form.starts_with("key ") && !p.captured)
    }

    #[test]
    fn key_names_by_words() {
        for t in [
            "requirepass",
            "masterauth",
            "DB_PASSWORD",
            "encryption_passphrase",
            "aws_secret_access_key",
            "client_secret",
            "smtpPass",
            "AUTH_KEY",
            "LOGGED_IN_SALT",
            "api_token",
            "password",
            "jaas",
        ] {
            assert!(secret_key_token(t), "{t}");
        }
        for t in [
            "secretRef",
            "secretName",
            "password_file",
            "maxmemory",
            "PASSED",
            "primary_key",
            "cache_key",
            "max_tokens",
            "salt",
            "username",
            "token_url",
        ] {
            assert!(!secret_key_token(t), "{t}");
        }
    }

    #[test]
    fn secret_keys_read_from_config_files() {
        for c in [
            "grep -E '^masterauth' /etc/valkey/valkey.conf",
            "grep -i db_pass /srv/app/config/settings.ini",
            "rg -N 'smtp_password' ~/.config/mailer/config.toml",
            "awk -F= '/API_TOKEN/{print $2}' /opt/deploy/prod.env",
            "sed -n '/client_secret/p' ~/.config/app/settings.yaml",
            "yq '.auth.password' ~/charts/values-prod.yaml",
            "jq -r .webhook_secret /etc/hooks/config.json",
            "crudini --get /etc/nova/nova.conf keystone_authtoken password",
            "cat /opt/svc/conf/app.properties | grep -i password",
            "grep '^requirepass' < /etc/redis/sentinel.conf",
            "grep -E 'SECURE_AUTH_KEY|DB_PASSWORD' /var/www/html/wp-config.php",
            "grep smtp_pass= ~/.fetchmailrc | cut -d= -f2",
            "cat /opt/svc/conf/app.properties | grep -i pass",
            "jq -r '.\"connection.password\"' ~/kafka/connector.json",
        ] {
            assert!(read(c), "{c}");
        }
        // The project's own settings (and scratch files in a temporary folder) are the agent's
        // work: reading a key from them is not this print (an `.env` file is still
        // `path/env-file`'s).
        for c in [
            "grep -i db_pass config/settings.ini",
            "jq -r .webhook_secret config.json",
            "yq '.auth.password' values-prod.yaml",
            "jq '.secrets.token' /tmp/x/config.json",
        ] {
            assert!(!read(c), "{c}");
        }
    }

    #[test]
    fn applications_print_their_stored_secrets() {
        let print = |c: &str| analyze(c, &ctx()).secret_prints.iter().any(|p| !p.captured);
        for c in [
            "wp config list --format=json",
            "wp --path=/var/www/site option get woocommerce_ppcp-gateway_settings",
            "wp option pluck woocommerce_mollie_settings live_api_key",
            "wp option get mailchimp_api_key",
            "drush cget system.smtp --include-overridden",
            "php artisan tinker --execute=\"dump(config('services.mailgun'))\"",
            "mkstore -wrl ./wallet -viewEntry oracle.security.client.password2",
            "jf config export prod-artifactory",
            "wp option get woocommerce_stripe_settings --format=json | jq '.secret_key'",
        ] {
            assert!(print(c), "{c}");
        }
        for c in [
            "wp option get siteurl",
            "wp option get woocommerce_email_new_order_settings",
            "wp config list --fields=name",
            "wp option get woocommerce_stripe_settings --format=json | jq 'del(.secret_key, .webhook_secret)'",
            "mkstore -wrl ./wallet -list",
            "jf config show",
            "drush cget system.site",
            "php artisan tinker --execute=\"dump(config('app.name'))\"",
        ] {
            assert!(!print(c), "{c}");
        }
    }

    #[test]
    fn neighbours_stay_quiet() {
        for c in [
            "grep -c requirepass /etc/redis/redis.conf",
            "grep -l password config/*.yml",
            "grep -q token .env.prod",
            "cat /etc/redis/redis.conf | grep -v '^#' | grep maxmemory",
            "grep -v password /etc/app/app.conf",
            "grep 'Failed password' /var/log/auth.log",
            "grep -n password src/auth/login.py",
            "grep secretName deploy/chart/values.yaml",
            "grep passwd /etc/nsswitch.conf",
            "cat results/latest.json | jq '.tests[] | select(.status!=\"pass\")'",
            "jq '.steps[] | select(.name == \"rotate token\")' pipeline.json",
            "yq -i '.auth.password = \"\"' values.yaml",
            "sed -i 's/password=.*/password=/' app.ini",
            "PASS=$(grep requirepass /etc/redis/redis.conf | cut -d' ' -f2)",
            "grep password /etc/app/app.conf | wc -l",
            "grep token README.md",
            "env | grep -i token",
            "grep password app.conf.example",
        ] {
            assert!(!read(c), "{c}");
        }
    }
}
