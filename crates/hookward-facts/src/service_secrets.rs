//! Service secrets by place and by name (issue 11 item 1, session 28): the files servers and
//! tools keep their keys and passwords in that are not a user's well-known credential store,
//! as rows of [`crate::secrets`]'s table ([`ROWS`], appended by [`crate::secrets::table`]),
//! and hidden files below a home named for the secret they hold ([`hidden_secret_word`]).
//! Every row names its documented source; `ssh host 'cat …'` reads are classified with the
//! same table (`hookward-facts` lib.rs `remote_secret_reads`), so a row serves both sides.
//!
//! Decided and documented here: a project's `.yarnrc.yml` is the project's settings (quiet),
//! the one in a home is where `yarn npm login` writes `npmAuthToken` (a credential); a
//! project's `wp-config.php` is the project's own work (a search of its secret keys is
//! `hookward-shell` `programs/keyread.rs`' business, a read on another host is
//! `path/remote-app-secrets`).

use crate::secrets::{Row, SensitiveClass, Shape};

const fn row(
    shape: Shape,
    class: SensitiveClass,
    example: &'static str,
    source: &'static str,
) -> Row {
    Row {
        shape,
        class,
        example,
        source,
    }
}

/// The rows: servers' key files by their documented names and places, backup and client
/// tools' secret files, container registry logins.
pub const ROWS: &[Row] = &[
    // DKIM and DNSSEC private keys: both tools write the private half as `<name>.private`
    // beside a public `.txt`/`.key`; the name is theirs, not a person's choice.
    row(
        Shape::Suffix(".private"),
        SensitiveClass::SecretFile,
        "/etc/opendkim/keys/example.org/mail2026.private",
        "opendkim-genkey(8): \"the private key … selector.private\"; BIND 9 dnssec-keygen(8): \
         K<name>+<alg>+<id>.private holds the private key",
    ),
    // MySQL/MariaDB on Debian: the maintenance account's password.
    row(
        Shape::Abs("/etc/mysql/debian.cnf"),
        SensitiveClass::Credential,
        "/etc/mysql/debian.cnf",
        "Debian mysql-server/mariadb-server README.Debian: debian-sys-maint's password in \
         /etc/mysql/debian.cnf (mode 0600)",
    ),
    // Container registry logins of podman/buildah/skopeo: the auth file's default places.
    row(
        Shape::Tail("containers/auth.json"),
        SensitiveClass::Credential,
        "/run/user/1000/containers/auth.json",
        "containers-auth.json(5): ${XDG_RUNTIME_DIR}/containers/auth.json, \
         $HOME/.config/containers/auth.json, /run/containers/0/auth.json (base64 user:password)",
    ),
    row(
        Shape::Tail("containers/0/auth.json"),
        SensitiveClass::Credential,
        "/run/containers/0/auth.json",
        "containers-auth.json(5): root's default auth file /run/containers/0/auth.json",
    ),
    // Yarn Berry: `yarn npm login` stores the token in the home's .yarnrc.yml.
    row(
        Shape::Home(".yarnrc.yml"),
        SensitiveClass::Credential,
        "/home/x/.yarnrc.yml",
        "Yarn docs, \"yarn npm login\": the token is stored in the user-wide configuration \
         (~/.yarnrc.yml, npmAuthToken)",
    ),
    // GitHub CLI on Windows: the config folder when neither GH_CONFIG_DIR nor XDG_CONFIG_HOME
    // is set.
    row(
        Shape::Home("AppData/Roaming/GitHub CLI/hosts.yml"),
        SensitiveClass::Credential,
        "/Users/x/AppData/Roaming/GitHub CLI/hosts.yml",
        "GitHub CLI manual, gh help environment: GH_CONFIG_DIR defaults to %AppData%\\GitHub CLI \
         on Windows; hosts.yml holds oauth_token",
    ),
    // Borg and borgmatic: passphrase files kept beside the repository's settings.
    row(
        Shape::Home(".config/borg/keys"),
        SensitiveClass::Credential,
        "/root/.config/borg/keys/storagebox_repo",
        "Borg docs, borg init: keyfile mode keeps the key in ~/.config/borg/keys/",
    ),
    // Application servers' user files: passwords (Tomcat) or their digests (WildFly), named by
    // the servers' documentation. The weaker class: a project's copy is the deployment's
    // settings, asked about (`path/secret-file-project`); outside it and on a server, denied
    // or asked (`remote`).
    row(
        Shape::Name("tomcat-users.xml"),
        SensitiveClass::SecretFile,
        "/etc/tomcat9/tomcat-users.xml",
        "Apache Tomcat docs, Realm Configuration HOW-TO: MemoryRealm reads users and their \
         passwords from conf/tomcat-users.xml",
    ),
    row(
        Shape::Name("mgmt-users.properties"),
        SensitiveClass::SecretFile,
        "/opt/wildfly/standalone/configuration/mgmt-users.properties",
        "WildFly docs, add-user utility: mgmt-users.properties holds user=HEX(MD5(user:realm:password))",
    ),
    row(
        Shape::Name("application-users.properties"),
        SensitiveClass::SecretFile,
        "/opt/wildfly/domain/configuration/application-users.properties",
        "WildFly docs, add-user utility: application-users.properties, the same digests",
    ),
    // NetworkManager keeps Wi-Fi PSKs and VPN secrets in its keyfiles, root-only.
    row(
        Shape::Abs("/etc/NetworkManager/system-connections"),
        SensitiveClass::Credential,
        "/etc/NetworkManager/system-connections/office.nmconnection",
        "nm-settings-keyfile(5): /etc/NetworkManager/system-connections, secrets such as psk \
         stored in the keyfile",
    ),
    // Client tools' sign-in files without a secret's word in their name.
    row(
        Shape::Home(".config/copr"),
        SensitiveClass::Credential,
        "/home/x/.config/copr",
        "copr-cli docs: the API token (login, token) in ~/.config/copr",
    ),
    row(
        Shape::Home(".travis/config.yml"),
        SensitiveClass::Credential,
        "/home/x/.travis/config.yml",
        "Travis CLI: `travis login` stores the access token in ~/.travis/config.yml",
    ),
    // DVC's git-ignored local config: where `dvc remote modify --local` puts credentials.
    row(
        Shape::Tail(".dvc/config.local"),
        SensitiveClass::SecretFile,
        "/work/ml/.dvc/config.local",
        "DVC docs, dvc remote modify: --local writes .dvc/config.local (git-ignored), \
         for credentials such as access_key_id, secret_access_key, password",
    ),
];
/// A secret's word as the *last* word of a hidden file's name directly or deeper below a home,
/// after at least one other word (`.redcap_token`, `.repo-pass`, `.borg-passphrase`,
/// `.passwd-s3fs` is the first-word form s3fs documents, s3fs(1) `${HOME}/.passwd-s3fs`):
/// people name the file they keep one token in for the service and the secret. With no
/// extension or a settings or text one; never `.pub`, a history, or a template (caller).
pub(crate) fn hidden_secret_word(name: &str) -> bool {
    let Some(bare) = name.strip_prefix('.') else {
        return false;
    };
    let stem = match bare.rsplit_once('.') {
        Some((s, "txt" | "json" | "yml" | "yaml" | "ini" | "conf" | "cfg")) => s,
        Some(_) => return false,
        None => bare,
    };
    let words: Vec<&str> = stem
        .split(['-', '_', '.'])
        .filter(|w| !w.is_empty())
        .collect();
    if words.len() < 2 {
        return false;
    }
    const LAST: &[&str] = &[
        "token",
        "tokens",
        "secret",
        "secrets",
        "password",
        "passwd",
        "pass",
        "passphrase",
        "apikey",
        "creds",
        "credentials",
        "key",
        "auth",
    ];
    const FIRST: &[&str] = &[
        "passwd",
        "password",
        "token",
        "secret",
        "credentials",
        "creds",
    ];
    let last = words.last().copied().unwrap_or("");
    let first = words.first().copied().unwrap_or("");
    // `.bash_history`-like logs and counters are never one secret.
    if words
        .iter()
        .any(|w| matches!(*w, "history" | "count" | "usage" | "cache"))
    {
        return false;
    }
    LAST.contains(&last) || FIRST.contains(&first)
}

/// An env file by its extension outside a project: `<name>.env` in a service's or an
/// application's configuration place (`/etc/restic/web1.env`, `~/.config/restic/b2.env`,
/// `/opt/app/prod.env`: Docker Compose docs, "env_file"; systemd.exec(5) `EnvironmentFile=`),
/// where it is the service's environment and holds its passwords; inside a project a
/// `config.env` is as often a ConfigMap's sample or a course exercise (the dotfile `.env` is the
/// project's secret by convention, `is_env_file`). Cypress's `cypress.env.json` (Cypress docs,
/// "Environment Variables": the file of secrets kept out of `cypress.config`) and
/// `<name>.env.json` the same way, anywhere. Never a template (`example.env`,
/// `sample.env.json`).
pub(crate) fn named_env_file(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let template = |s: &str| {
        s.is_empty()
            || s.starts_with('.')
            || matches!(
                s.rsplit(['.', '_', '-']).next().unwrap_or(s),
                "example" | "sample" | "template" | "dist" | "defaults" | "schema" | "tpl"
            )
    };
    if let Some(stem) = name.strip_suffix(".env.json") {
        return !template(stem);
    }
    let Some(stem) = name.strip_suffix(".env") else {
        return false;
    };
    if template(stem) {
        return false;
    }
    let dir = lower.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    ["/etc/", "/usr/local/etc/", "/opt/", "/srv/"]
        .iter()
        .any(|p| dir.starts_with(p) || format!("{dir}/") == *p)
        || dir.split('/').any(|c| c.len() > 1 && c.starts_with('.'))
}

/// Well-known base folders given by a variable, with their documented defaults: a path
/// starting with `$APPDATA`/`%APPDATA%`/`$env:APPDATA` (Windows Known Folders: RoamingAppData
/// is `%USERPROFILE%\AppData\Roaming`), `$LOCALAPPDATA` (`AppData\Local`), `$XDG_CONFIG_HOME`
/// (XDG Base Directory spec: `$HOME/.config`), `$XDG_DATA_HOME` (`$HOME/.local/share`) or
/// `$XDG_RUNTIME_DIR` (`/run/user/<uid>`, pam_systemd(8); `1000` stands in for the uid).
/// Returns the path with the default in place of the variable, for classification only.
pub fn base_var_default(path: &str, home: &str) -> Option<String> {
    let home = home.trim_end_matches('/');
    let bases: [(&str, String); 5] = [
        ("APPDATA", format!("{home}/AppData/Roaming")),
        ("LOCALAPPDATA", format!("{home}/AppData/Local")),
        ("XDG_CONFIG_HOME", format!("{home}/.config")),
        ("XDG_DATA_HOME", format!("{home}/.local/share")),
        ("XDG_RUNTIME_DIR", "/run/user/1000".to_string()),
    ];
    let path = path.trim_matches('"');
    for (var, default) in &bases {
        for spelled in [
            format!("${{{var}}}"),
            format!("${var}"),
            format!("%{var}%"),
            format!("$env:{var}"),
        ] {
            let Some(rest) = path.strip_prefix(spelled.as_str()) else {
                continue;
            };
            let rest = rest.replace('\\', "/");
            if rest.starts_with('/') {
                return Some(format!("{default}{rest}"));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::secrets::{classes_of, SensitiveClass::*};

    const HOME: &str = "/home/dev";

    #[test]
    fn every_row_matches_its_example() {
        for r in ROWS {
            assert!(
                classes_of(r.example, HOME).contains(&r.class),
                "{}",
                r.example
            );
        }
    }

    #[test]
    fn server_key_files_and_client_secrets() {
        for p in [
            "/etc/dkimkeys/mail.private",
            "/var/lib/bind/Kexample.com.+013+12345.private",
            "/srv/mail/keys/shop.de/s1.private",
            "/opt/tomcat/conf/tomcat-users.xml",
            "/srv/jboss/standalone/configuration/mgmt-users.properties",
        ] {
            let c = classes_of(p, HOME);
            assert!(c.contains(&SecretFile) || c.contains(&Credential), "{p}");
        }
        for p in [
            "/etc/mysql/debian.cnf",
            "/run/containers/0/auth.json",
            "/home/dev/.config/containers/auth.json",
            "/home/dev/.yarnrc.yml",
            "/home/dev/AppData/Roaming/GitHub CLI/hosts.yml",
            "/home/dev/.config/borg/keys/x_repo",
            "/etc/NetworkManager/system-connections/wifi.nmconnection",
            "/etc/borgmatic/passphrase",
            "/home/dev/.config/restic/password",
        ] {
            assert!(classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    #[test]
    fn hidden_files_named_for_their_secret() {
        for p in [
            "/home/dev/.crm_token",
            "/root/.backup-pass",
            "/home/dev/.borg-passphrase",
            "/home/dev/.passwd-s3fs",
            "/home/dev/.jenkins-cli-auth",
            "/home/dev/actions-runner/.credentials_rsaparams",
        ] {
            assert!(!classes_of(p, HOME).is_empty(), "{p}");
        }
    }

    #[test]
    fn env_files_by_extension_and_base_variables() {
        for n in [
            "/etc/restic/web1.env",
            "/root/.config/restic/b2.env",
            "/opt/app/prod.env",
            "/work/app/cypress.env.json",
            "staging.env.json",
        ] {
            assert!(named_env_file(n), "{n}");
        }
        for n in [
            "/work/app/config.env",
            "my.env",
            "/etc/app/example.env",
            "/etc/app/app.sample.env",
            ".env",
            "env",
            "cypress.json",
            "x.env.ts",
        ] {
            assert!(!named_env_file(n), "{n}");
        }
        assert_eq!(
            base_var_default("$APPDATA/GitHub CLI/hosts.yml", "/home/d").as_deref(),
            Some("/home/d/AppData/Roaming/GitHub CLI/hosts.yml")
        );
        assert_eq!(
            base_var_default("${XDG_RUNTIME_DIR}/containers/auth.json", "/h").as_deref(),
            Some("/run/user/1000/containers/auth.json")
        );
        assert_eq!(base_var_default("$PROJECT/x", "/h"), None);
        assert_eq!(base_var_default("$APPDATAX/x", "/h"), None);
    }

    #[test]
    fn neighbours_stay_quiet() {
        for p in [
            "/etc/opendkim/keys/example.org/mail2026.txt",
            "/etc/mysql/my.cnf",
            "/work/app/.yarnrc.yml",
            "/home/dev/AppData/Roaming/GitHub CLI/config.yml",
            "/home/dev/.config/containers/registries.conf",
            "/home/dev/.token_count",
            "/home/dev/.gitconfig",
            "/home/dev/.local_pass.py",
            "/etc/restic/excludes.txt",
            "/etc/NetworkManager/NetworkManager.conf",
            "/opt/wildfly/standalone/configuration/standalone.xml",
            "/work/ml/.dvc/config",
            "/home/dev/.Xauthority",
        ] {
            assert!(classes_of(p, HOME).is_empty(), "{p}");
        }
    }
}
