//! Sensitive locations by *shape*, not by this user's home: a compiled-in table of path
//! patterns, each mapped to a [`SensitiveClass`] (issue 11, item 1).
//!
//! A credential store is recognised below **any** home directory (`$HOME`, its siblings,
//! `/home/*`, `/Users/*`, `/root`, `/var/root`), and every comparison is ASCII case-folded:
//! macOS' default file system (APFS, case-insensitive) opens `~/.Aws/Credentials` as
//! `~/.aws/credentials`, and folding everywhere costs nothing on Linux, where nobody names a
//! harmless file `.SSH`. Secret-looking files are recognised by name anywhere; process memory and
//! raw disks by their `/proc` and `/dev` shapes.
//!
//! Knowledge lives in [`table`] (one row per pattern, with its source: [`TABLE`], the agents'
//! sign-in tokens from their profiles, [`TABLE_TAIL`]); the matcher is
//! [`classes_of`]. Every row has a test (`every_row_matches_its_example`).
//!
//! ```
//! use hookward_facts::secrets::{classes_of, SensitiveClass};
//! assert_eq!(classes_of("/Users/alex/.Aws/Credentials", "/home/dev"), vec![SensitiveClass::Credential]);
//! assert_eq!(classes_of("/proc/1/environ", "/home/dev"), vec![SensitiveClass::ProcessSecret]);
//! assert!(classes_of("/home/dev/project/id_rsa.pub", "/home/dev").is_empty());
//! ```

/// What a sensitive location holds; serialised as a path class for Rego
/// ([`SensitiveClass::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SensitiveClass {
    /// A credential store or a file that is a secret by name (private keys, key stores,
    /// `.netrc`, cloud service-account keys): `credential`.
    Credential,
    /// A file whose name says it *may* hold a private key (`*.pem`, `*.key`): certificates
    /// share the suffix, so this class is weaker than [`SensitiveClass::Credential`]:
    /// `secret_file`.
    SecretFile,
    /// Another process's environment or memory, or the kernel's (`/proc/<pid>/environ`,
    /// `/proc/<pid>/mem`, `/proc/kcore`, `/dev/mem`): `process_secret`.
    ProcessSecret,
    /// Another process's command line (`/proc/<pid>/cmdline`): often carries tokens passed as
    /// arguments, but `ps` shows it too: `process_info`.
    ProcessInfo,
    /// A raw block device (a whole disk or partition): reading it images every file on it,
    /// writing it destroys them: `block_device`.
    BlockDevice,
    /// The system's account database (`/etc/passwd`, `/etc/group`): world-readable and read
    /// by everyday tools, but the host's users, groups and shells, which an attacker collects
    /// and sends off first (MITRE ATT&CK T1087.001 "Account Discovery: Local Account"):
    /// `account_db`.
    AccountDb,
    /// The SSH client configuration (`~/.ssh/config`): host names and users, no key; reading
    /// it is asked about, not denied: `ssh_client_config`.
    SshClientConfig,
}

impl SensitiveClass {
    /// The class name used in `input.facts.paths[_].classes`.
    pub fn as_str(self) -> &'static str {
        match self {
            SensitiveClass::Credential => "credential",
            SensitiveClass::SecretFile => "secret_file",
            SensitiveClass::ProcessSecret => "process_secret",
            SensitiveClass::ProcessInfo => "process_info",
            SensitiveClass::BlockDevice => "block_device",
            SensitiveClass::AccountDb => "account_db",
            SensitiveClass::SshClientConfig => "ssh_client_config",
        }
    }
}

/// The shape of a path pattern. All comparisons are ASCII case-insensitive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Relative to any home directory: the path below the home is this or lies under it.
    Home(&'static str),
    /// An absolute location: the path is this or lies under it.
    Abs(&'static str),
    /// The file name is exactly this.
    Name(&'static str),
    /// The file name ends with this (and is longer).
    Suffix(&'static str),
    /// The file name ends with the second, and the first starts the name or a word of it (after
    /// `-`, `_` or `.`): `credentials*.json` and `*-credentials*.json`, `*_service-account*.json`
    /// (`gcp_credentials.json`, `backup-service-account.json`: the names people give the same keys).
    PrefixSuffix(&'static str, &'static str),
    /// `/proc/<pid>/<file>` for any process but the caller's own (`self`, `thread-self`,
    /// `$$`), and `/proc/<pid>/task/<tid>/<file>`.
    ProcOther(&'static str),
    /// A device node `/dev/<prefix><rest>` where `rest` is empty or starts with a digit or
    /// a lower-case letter (`/dev/sda1`, `/dev/nvme0n1p2`), or `/dev/<prefix>/…` for a folder
    /// of device links (`/dev/disk/by-id/…`, `/dev/mapper/root`).
    Device(&'static str),
    /// A file below an application's folder in any home (a dot-folder such as `~/.cache/x/`,
    /// `~/.config/x/`, `~/.x/`, or `~/Library/Application Support/x/`, `~/AppData/…`) whose
    /// *name* says it is a secret (`secret_named`: a word `token`, `creds`, `credentials`,
    /// `secret`, `password`, `passwd`, `pass`, `apikey`, `vault`, a name that is `key` or
    /// `auth`, the pair `api` `key`, or a secret's extension such as `.token` or `.pin`),
    /// unless it is code, a document or a package archive; or any such file inside a
    /// `secrets`/`credentials` folder of the application (`~/.nextflow/secrets/store.json`,
    /// as [`Shape::SystemSecretsFolder`] on the system side).
    /// Command-line tools keep their sign-in tokens in files named that way
    /// (`~/.cache/huggingface/token`, `~/.config/openai/key`, `~/.ansible/vault_pass.txt`):
    /// one shape instead of one row per tool.
    HomeSecretName,
    /// A file below a folder named `secrets`, `.secrets`, `credentials` or `creds` under a
    /// system location (`/etc`, `/opt`, `/srv`, `/var`, `/usr/local/etc`): the place services
    /// and containers mount their secrets (`/etc/kafka/secrets/…`, `/opt/app/secrets/db.txt`),
    /// like the `/run/secrets` rows. Not inside projects, where such folders hold templates
    /// and encrypted files as often as secrets.
    SystemSecretsFolder,
    /// A file below a service's configuration folder (`/etc/<app>/…`, `/usr/local/etc/<app>/…`,
    /// hier(7)) whose name says it holds a secret ([`system_secret_named`]): services keep
    /// their password files, tokens and keys beside their settings (`/etc/trino/password.db`,
    /// Trino "Password file authentication"; `/etc/ppp/chap-secrets`, pppd(8);
    /// `/etc/postfix/sasl_passwd`, Postfix SASL_README; Vault's unseal keys saved by an
    /// operator as `/etc/vault.d/unseal-keys.json`). Not `/etc/pam.d`, whose files are named
    /// for the service they configure (pam.d(5): `common-password`, `passwd`).
    SystemSecretName,
    /// A file named like an OpenSSH private key of a chosen name: `<name>_<type>` with a key
    /// type of ssh-keygen(1) `-t` (`rsa`, `dsa`, `ecdsa`, `ed25519`, `ecdsa_sk`, `ed25519_sk`)
    /// and no extension (`bank_sftp_ed25519`, `deploy_rsa`). ssh-keygen writes the private key
    /// to the `-f` name and the public one to `<name>.pub`; its defaults (`id_<type>`) are the
    /// [`Shape::Name`] rows, and people name their other keys the same way. Not in test data
    /// folders ([`TEST_DATA_DIRS`]), where keys are made for the tests. The weaker class
    /// ([`SensitiveClass::SecretFile`], like `*.key`): the name is chosen, not a tool's, so a
    /// key handed to the program that uses it (`openssl rsa -in deploy_rsa -pubout`) is not a
    /// read of it; below an application's folder it is a credential ([`Shape::HomeSecretName`]).
    KeyTypeSuffix,
    /// A file named like key material in any folder ([`crate::key_material::key_material_named`]:
    /// `escrow-keypair.json`, `keystores/<name>`, `private_ed_key`, `deploy-key.json`,
    /// `wallet.dat`; not code, documents, public parts or test keys). The weaker class
    /// ([`SensitiveClass::SecretFile`]): inside the project a read is asked about, outside it
    /// denied, and staging it into git is `path/secret-staged` (session 27).
    KeyMaterialName,
    /// A file with the given extension directly inside a folder below any home (the first is
    /// the folder below the home, the second the extension without its dot): a tool that keeps
    /// each key as one file of that kind in its folder, beside settings in subfolders
    /// (Solana CLI: `~/.config/solana/<name>.json` keypairs, `cli/config.yml` its settings).
    HomeFileIn(&'static str, &'static str),
    /// The same names below an application's folder of any home ([`Shape::HomeSecretName`]'s
    /// places: `~/.foundry/keystores/<name>`, `~/.config/solana/<name>-keypair.json`): the
    /// tool's own key store, a credential (session 27).
    HomeKeyMaterial,
    /// The path ends with `/<tail>` (folded): a store whose folder's parent varies by user or
    /// session (`/run/user/<uid>/containers/auth.json`, containers-auth.json(5)).
    Tail(&'static str),
}

/// One row of the table.
#[derive(Debug, Clone, Copy)]
pub struct Row {
    /// The pattern.
    pub shape: Shape,
    /// What a path of this shape holds.
    pub class: SensitiveClass,
    /// A path that must match this row (checked by a test).
    pub example: &'static str,
    /// Where the knowledge comes from.
    pub source: &'static str,
}

use hookward_core::profile::{FileKind, Place};
use SensitiveClass::{
    AccountDb, BlockDevice, Credential, ProcessInfo, ProcessSecret, SecretFile, SshClientConfig,
};
use Shape::{
    Abs, Device, Home, HomeFileIn, HomeKeyMaterial, HomeSecretName, KeyMaterialName, KeyTypeSuffix,
    Name, PrefixSuffix, ProcOther, Suffix, SystemSecretName, SystemSecretsFolder, Tail,
};

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

/// The knowledge: sensitive locations by shape, up to the agents' own sign-in tokens, which
/// come from the agents' profiles ([`table`] puts them between this and [`TABLE_TAIL`]).
/// Examples use `/home/x`, `/Users/x` or `/root` as homes on purpose: none is the running
/// user's.
pub const TABLE: &[Row] = &[
    // Credential stores below any home.
    row(
        Home(".ssh"),
        Credential,
        "/Users/alex/.ssh/id_ed25519",
        "OpenSSH ssh(1) FILES",
    ),
    row(
        Home(".aws"),
        Credential,
        "/home/bob/.Aws/Credentials",
        "AWS CLI configuration files",
    ),
    row(
        Home(".gnupg"),
        Credential,
        "/root/.gnupg/private-keys-v1.d/x.key",
        "GnuPG gpg(1) FILES",
    ),
    row(
        Home(".config/gcloud"),
        Credential,
        "/home/x/.config/gcloud/credentials.db",
        "gcloud auth docs",
    ),
    row(
        Home(".kube/config"),
        Credential,
        "/home/x/.kube/config",
        "kubectl kubeconfig docs",
    ),
    row(
        Home(".docker/config.json"),
        Credential,
        "/home/x/.docker/config.json",
        "docker login docs",
    ),
    row(
        Home(".config/gh/hosts.yml"),
        Credential,
        "/home/x/.config/gh/hosts.yml",
        "GitHub CLI gh auth",
    ),
];

/// The rest of the knowledge, after the coding agents' own sign-in tokens (issue 12, item 8;
/// from each agent's profile, [`hookward_core::profile::FileKind::Credentials`]: whoever reads
/// them acts as the user towards the agent's provider).
pub const TABLE_TAIL: &[Row] = &[
    row(
        Home(".config/github-copilot"),
        Credential,
        "/home/x/.config/github-copilot/apps.json",
        "GitHub Copilot editor plugins: hosts.json / apps.json tokens",
    ),
    row(
        Home(".cargo/credentials"),
        Credential,
        "/home/x/.cargo/credentials",
        "Cargo book, credentials",
    ),
    row(
        Home(".cargo/credentials.toml"),
        Credential,
        "/home/x/.cargo/credentials.toml",
        "Cargo book, credentials",
    ),
    row(
        Home(".terraformrc"),
        Credential,
        "/home/x/.terraformrc",
        "Terraform CLI configuration file: credentials blocks hold API tokens",
    ),
    row(
        Home(".kube/cache/oidc-login"),
        Credential,
        "/home/x/.kube/cache/oidc-login/a1b2c3",
        "kubelogin (int128/kubelogin) token cache: OIDC ID and refresh tokens",
    ),
    row(
        Home(".config/hcloud/cli.toml"),
        Credential,
        "/home/x/.config/hcloud/cli.toml",
        "Hetzner Cloud CLI (hcloud) configuration: contexts with API tokens",
    ),
    row(
        Home(".snowsql/config"),
        Credential,
        "/home/x/.snowsql/config",
        "SnowSQL configuration: connections with user and password",
    ),
    row(
        Home(".config/snowflake/connections.toml"),
        Credential,
        "/home/x/.config/snowflake/connections.toml",
        "Snowflake CLI / connectors: connection definitions with passwords or key paths",
    ),
    row(
        Home(".dbt/profiles.yml"),
        Credential,
        "/home/x/.dbt/profiles.yml",
        "dbt docs, \"About profiles.yml\": warehouse credentials per target",
    ),
    row(
        Home(".fastlane/spaceship"),
        Credential,
        "/Users/x/.fastlane/spaceship/ci@example.com/cookie",
        "fastlane spaceship: Apple ID session cookies",
    ),
    row(
        Home(".databrickscfg"),
        Credential,
        "/home/x/.databrickscfg",
        "Databricks CLI configuration profiles: host and personal access token",
    ),
    row(
        Home(".mc/config.json"),
        Credential,
        "/home/x/.mc/config.json",
        "MinIO Client (`mc alias set`): each alias's URL, access key and secret key",
    ),
    row(
        Home(".twilio-cli/config.json"),
        Credential,
        "/home/x/.twilio-cli/config.json",
        "Twilio CLI profiles: account SID, API key and API secret",
    ),
    row(
        Home("airflow/airflow.cfg"),
        Credential,
        "/home/x/airflow/airflow.cfg",
        "Apache Airflow's configuration in its default AIRFLOW_HOME: `sql_alchemy_conn` (the metadata database's password) and `fernet_key` (which decrypts every stored connection)",
    ),
    row(
        Home(".kaggle/kaggle.json"),
        Credential,
        "/home/x/.kaggle/kaggle.json",
        "Kaggle API: `kaggle.json` holds the user name and API key (Kaggle API docs, Authentication)",
    ),
    row(
        Home(".hex/hex.config"),
        Credential,
        "/home/x/.hex/hex.config",
        "Hex (Elixir package manager): `mix hex.user auth` stores the API key and repository auth keys here",
    ),
    row(
        Home(".microsoft/usersecrets"),
        Credential,
        "/home/x/.microsoft/usersecrets/6f1c/secrets.json",
        "ASP.NET Core Secret Manager (`dotnet user-secrets`) on Linux and macOS: each project's secrets.json",
    ),
    row(
        Home(".snowflake/connections.toml"),
        Credential,
        "/home/x/.snowflake/connections.toml",
        "Snowflake CLI connections: account, user, password or key path",
    ),
    row(
        Home(".supabase/access-token"),
        Credential,
        "/home/x/.supabase/access-token",
        "Supabase CLI: `supabase login` stores the access token here when no keyring is used",
    ),
    row(
        Home(".config/discord/Local Storage"),
        Credential,
        "/home/x/.config/discord/Local Storage/leveldb/000005.ldb",
        "Discord desktop client (Electron): the session token lives in Local Storage's leveldb",
    ),
    row(
        Home("Library/Application Support/discord/Local Storage"),
        Credential,
        "/Users/x/Library/Application Support/discord/Local Storage/leveldb/000005.ldb",
        "Discord desktop client on macOS, as above",
    ),
    row(
        Home(".terraform.d/credentials.tfrc.json"),
        Credential,
        "/home/x/.terraform.d/credentials.tfrc.json",
        "Terraform CLI config",
    ),
    row(
        Home(".azure"),
        Credential,
        "/home/x/.azure/msal_token_cache.json",
        "Azure CLI docs",
    ),
    row(
        Home(".password-store"),
        Credential,
        "/home/x/.password-store/a.gpg",
        "pass(1)",
    ),
    row(
        Home(".local/share/keyrings"),
        Credential,
        "/home/x/.local/share/keyrings/login.keyring",
        "GNOME Keyring docs",
    ),
    row(
        Home(".config/op"),
        Credential,
        "/home/x/.config/op/config",
        "1Password CLI docs",
    ),
    row(
        Home(".local/share/kwalletd"),
        Credential,
        "/home/x/.local/share/kwalletd/kdewallet.kwl",
        "KWallet docs (wallet files)",
    ),
    row(
        Home(".lpass"),
        Credential,
        "/home/x/.lpass/blob",
        "lpass(1) (LastPass CLI)",
    ),
    row(
        Home(".local/share/gopass"),
        Credential,
        "/home/x/.local/share/gopass/stores/root/a.gpg",
        "gopass docs",
    ),
    row(
        Home(".vault-token"),
        Credential,
        "/home/x/.vault-token",
        "HashiCorp Vault CLI docs",
    ),
    row(
        Home(".config/hub"),
        Credential,
        "/home/x/.config/hub",
        "hub(1)",
    ),
    row(
        Home(".config/doctl/config.yaml"),
        Credential,
        "/home/x/.config/doctl/config.yaml",
        "doctl auth docs",
    ),
    row(
        Home(".fly/config.yml"),
        Credential,
        "/home/x/.fly/config.yml",
        "flyctl docs",
    ),
    row(
        Home(".config/heroku"),
        Credential,
        "/home/x/.config/heroku/x",
        "Heroku CLI docs",
    ),
    row(
        Home(".pulumi/credentials.json"),
        Credential,
        "/home/x/.pulumi/credentials.json",
        "Pulumi CLI docs",
    ),
    row(
        Home(".oci"),
        Credential,
        "/home/x/.oci/config",
        "OCI CLI docs",
    ),
    // Package registries' and other tools' token files in the home (issue 11, credential
    // reads by shape: the user-level config file of a publishing or storage client holds its
    // login token; a project's own `.npmrc` is judged by its content, see `lib.rs`).
    row(
        Home(".npmrc"),
        Credential,
        "/home/x/.npmrc",
        "npmrc(5): per-user config holds _authToken",
    ),
    row(
        Home(".pypirc"),
        Credential,
        "/home/x/.pypirc",
        "PyPA .pypirc specification (password/token)",
    ),
    row(
        Home(".gem/credentials"),
        Credential,
        "/home/x/.gem/credentials",
        "RubyGems guides, API key",
    ),
    row(
        Home(".m2/settings.xml"),
        Credential,
        "/home/x/.m2/settings.xml",
        "Maven settings reference, servers/password",
    ),
    row(
        Home(".m2/settings-security.xml"),
        Credential,
        "/home/x/.m2/settings-security.xml",
        "Maven password encryption master key",
    ),
    row(
        Home(".gradle/gradle.properties"),
        Credential,
        "/home/x/.gradle/gradle.properties",
        "Gradle docs, credentials in the user home gradle.properties",
    ),
    row(
        Home(".config/git/credentials"),
        Credential,
        "/home/x/.config/git/credentials",
        "git-credential-store(1) XDG location",
    ),
    row(
        Home(".config/rclone/rclone.conf"),
        Credential,
        "/home/x/.config/rclone/rclone.conf",
        "rclone config docs (remote secrets)",
    ),
    row(
        Home(".my.cnf"),
        Credential,
        "/home/x/.my.cnf",
        "MySQL option files ([client] password)",
    ),
    row(
        Home(".mylogin.cnf"),
        Credential,
        "/home/x/.mylogin.cnf",
        "mysql_config_editor(1)",
    ),
    row(
        Home(".boto"),
        Credential,
        "/home/x/.boto",
        "boto / gsutil config (access keys)",
    ),
    row(
        Home(".s3cfg"),
        Credential,
        "/home/x/.s3cfg",
        "s3cmd(1) config (access keys)",
    ),
    row(
        Home(".netlify/config.json"),
        Credential,
        "/home/x/.netlify/config.json",
        "Netlify CLI (auth token)",
    ),
    row(
        Home(".config/netlify"),
        Credential,
        "/home/x/.config/netlify/config.json",
        "Netlify CLI, XDG location",
    ),
    row(
        Home(".config/glab-cli"),
        Credential,
        "/home/x/.config/glab-cli/config.yml",
        "GitLab CLI (token)",
    ),
    row(
        Home(".config/configstore/firebase-tools.json"),
        Credential,
        "/home/x/.config/configstore/firebase-tools.json",
        "Firebase CLI login tokens",
    ),
    row(
        Home(".local/share/com.vercel.cli"),
        Credential,
        "/home/x/.local/share/com.vercel.cli/auth.json",
        "Vercel CLI auth.json",
    ),
    row(
        Home(".config/sops/age/keys.txt"),
        Credential,
        "/home/x/.config/sops/age/keys.txt",
        "SOPS docs, age key file",
    ),
    row(
        Home(".config/solana/id.json"),
        Credential,
        "/home/x/.config/solana/id.json",
        "Solana CLI default keypair",
    ),
    row(
        Home(".ethereum/keystore"),
        Credential,
        "/home/x/.ethereum/keystore/UTC--x",
        "geth account keystore",
    ),
    row(
        Home(".electrum/wallets"),
        Credential,
        "/home/x/.electrum/wallets/default_wallet",
        "Electrum wallet files",
    ),
    row(
        Home(".config/filezilla/sitemanager.xml"),
        Credential,
        "/home/x/.config/filezilla/sitemanager.xml",
        "FileZilla saved site passwords",
    ),
    row(
        Home(".config/Bitwarden CLI"),
        Credential,
        "/home/x/.config/Bitwarden CLI/data.json",
        "Bitwarden CLI data file",
    ),
    // Session 22: command-line tools whose plain-named settings file holds the sign-in token.
    row(
        Home(".modal.toml"),
        Credential,
        "/home/x/.modal.toml",
        "Modal CLI: token_id and token_secret in ~/.modal.toml (modal docs, 'modal token')",
    ),
    row(
        Home(".config/ngrok/ngrok.yml"),
        Credential,
        "/home/x/.config/ngrok/ngrok.yml",
        "ngrok agent configuration: authtoken (ngrok docs, 'Agent configuration file')",
    ),
    row(
        Home("Library/Application Support/ngrok/ngrok.yml"),
        Credential,
        "/Users/x/Library/Application Support/ngrok/ngrok.yml",
        "ngrok agent configuration on macOS: authtoken",
    ),
    row(
        Home(".config/netlify/config.json"),
        Credential,
        "/home/x/.config/netlify/config.json",
        "Netlify CLI: users' auth tokens in its global config.json",
    ),
    row(
        Home("Library/Preferences/netlify/config.json"),
        Credential,
        "/Users/x/Library/Preferences/netlify/config.json",
        "Netlify CLI global config on macOS: users' auth tokens",
    ),
    row(
        Home(".config/turso/settings.json"),
        Credential,
        "/home/x/.config/turso/settings.json",
        "Turso CLI: the platform token in settings.json",
    ),
    row(
        Home(".local/share/jupyter/runtime"),
        Credential,
        "/home/x/.local/share/jupyter/runtime/jpserver-123.json",
        "Jupyter server runtime files: each running server's URL and access token (Jupyter Server docs, 'runtime directory')",
    ),
    row(
        Home(".fly/config.yml"),
        Credential,
        "/home/x/.fly/config.yml",
        "flyctl: access_token in ~/.fly/config.yml",
    ),
    row(
        Home(".railway/config.json"),
        Credential,
        "/home/x/.railway/config.json",
        "Railway CLI: the user token in ~/.railway/config.json",
    ),
    row(
        Home(".config/doctl/config.yaml"),
        Credential,
        "/home/x/.config/doctl/config.yaml",
        "doctl: access-token in its config.yaml",
    ),
    row(
        Home(".config/hcloud/cli.toml"),
        Credential,
        "/home/x/.config/hcloud/cli.toml",
        "hcloud CLI: contexts' API tokens in cli.toml",
    ),
    // Sign-in tokens of other command-line tools, by the file's name (see `HomeSecretName`).
    row(
        HomeSecretName,
        Credential,
        "/home/x/.cache/huggingface/token",
        "huggingface_hub: the token is kept in HF_HOME/token (~/.cache/huggingface/token); the same naming by other CLIs (~/.config/<tool>/token, credentials, api_key)",
    ),
    row(
        SystemSecretsFolder,
        Credential,
        "/etc/kafka/secrets/kafka_server_jaas.conf",
        "Confluent Platform images mount /etc/kafka/secrets; Docker Compose secrets (docs.docker.com, 'Manage secrets securely in Docker Compose')",
    ),
    row(
        SystemSecretName,
        Credential,
        "/etc/trino/password.db",
        "Trino docs, \"Password file authentication\": etc/password.db; pppd(8) /etc/ppp/chap-secrets; Postfix SASL_README /etc/postfix/sasl_passwd",
    ),
    row(
        KeyTypeSuffix,
        SecretFile,
        "/srv/recon/bank_sftp_ed25519",
        "ssh-keygen(1): -t rsa|dsa|ecdsa|ed25519|ecdsa-sk|ed25519-sk, private key in the -f file, public key in FILE.pub",
    ),
    // Session 27 (h-secrets27): key material by name (`key_material.rs`), a tool's key store
    // when it lies in an application's folder of a home, a secret file elsewhere.
    row(
        HomeKeyMaterial,
        Credential,
        "/Users/x/.foundry/keystores/treasury",
        "Foundry book, cast wallet import: encrypted keystores in ~/.foundry/keystores/<name>; geth and Web3 Secret Storage keystores; Solana CLI <name>-keypair.json",
    ),
    row(
        KeyMaterialName,
        SecretFile,
        "/w/dapp/target/deploy/pool-keypair.json",
        "Anchor: target/deploy/<program>-keypair.json; Solana CLI solana-keygen new -o; Sparkle generate_keys -x private_ed_key; Bitcoin Core wallet.dat; BIP-39 mnemonics",
    ),
    // Session 27: tools that keep a credential in their own file of a home, each from its docs.
    row(
        HomeFileIn(".config/solana", "json"),
        Credential,
        "/home/x/.config/solana/treasury.json",
        "Solana docs, File System Wallet: keypairs are JSON files, default ~/.config/solana/id.json (settings in cli/config.yml)",
    ),
    row(
        Home(".ipfs/config"),
        Credential,
        "/home/x/.ipfs/config",
        "Kubo docs, config: Identity.PrivKey, the node's private key",
    ),
    row(
        Home(".ipfs/keystore"),
        Credential,
        "/home/x/.ipfs/keystore/self-2",
        "Kubo ipfs key gen: keys in $IPFS_PATH/keystore",
    ),
    row(
        Home(".config/w3access"),
        Credential,
        "/home/x/.config/w3access/w3cli.json",
        "web3.storage w3cli: the agent's signing key and delegations in its conf store w3access",
    ),
    row(
        Home(".graph-cli.json"),
        Credential,
        "/home/x/.graph-cli.json",
        "The Graph CLI, graph auth: deploy keys saved in ~/.graph-cli.json",
    ),
    row(
        Home(".config/ledger live"),
        Credential,
        "/home/x/.config/Ledger Live/app.json",
        "Ledger Live: app.json holds the accounts (extended public keys, history) and settings",
    ),
    row(
        Home("library/application support/ledger live"),
        Credential,
        "/Users/x/Library/Application Support/Ledger Live/app.json",
        "Ledger Live on macOS: app.json",
    ),
    row(
        Home("library/group containers/2bua8c4s2c.com.1password"),
        Credential,
        "/Users/x/Library/Group Containers/2BUA8C4S2C.com.1password/t/1password.sqlite",
        "1Password 8 for Mac: its data in the group container 2BUA8C4S2C.com.1password",
    ),
    row(
        Home(".config/1password"),
        Credential,
        "/home/x/.config/1Password/1password.sqlite",
        "1Password 8 for Linux: ~/.config/1Password",
    ),
    row(
        Home(".crowdin.yml"),
        Credential,
        "/home/x/.crowdin.yml",
        "Crowdin CLI docs, configuration: api_token in the global ~/.crowdin.yml",
    ),
    row(
        Home(".nuget/nuget/nuget.config"),
        Credential,
        "/home/x/.nuget/NuGet/NuGet.Config",
        "NuGet docs, Common NuGet configurations: the user config holds packageSourceCredentials (ClearTextPassword)",
    ),
    row(
        Home("appdata/roaming/nuget/nuget.config"),
        Credential,
        "/Users/x/AppData/Roaming/NuGet/NuGet.Config",
        "NuGet docs: the user config on Windows, %appdata%\\NuGet\\NuGet.Config",
    ),
    row(
        Home("library/preferences/.wrangler/config"),
        Credential,
        "/Users/x/Library/Preferences/.wrangler/config/default.toml",
        "Cloudflare wrangler: the global config folder (xdg-app-paths) on macOS, OAuth token in default.toml",
    ),
    row(
        Home(".config/.wrangler/config"),
        Credential,
        "/home/x/.config/.wrangler/config/default.toml",
        "Cloudflare wrangler: the global config folder under XDG_CONFIG_HOME on Linux",
    ),
    row(
        Home(".android/adbkey"),
        Credential,
        "/home/x/.android/adbkey",
        "Android docs, adb: the RSA key pair adbkey / adbkey.pub in ~/.android authorises this host on every device",
    ),
    row(
        Home(".p4tickets"),
        Credential,
        "/home/x/.p4tickets",
        "Perforce p4 login: tickets in P4TICKETS, default ~/.p4tickets",
    ),
    row(
        Home(".irods/.irodsa"),
        Credential,
        "/home/x/.irods/.irodsA",
        "iRODS iinit: the scrambled password in ~/.irods/.irodsA",
    ),
    row(
        Home(".local/share/signal-cli/data"),
        Credential,
        "/home/x/.local/share/signal-cli/data/accounts.json",
        "signal-cli: account keys and sessions in $XDG_DATA_HOME/signal-cli/data",
    ),
    row(
        Home(".config/signal-cli/data"),
        Credential,
        "/home/x/.config/signal-cli/data/accounts.json",
        "signal-cli before 0.8: the data folder under ~/.config/signal-cli",
    ),
    row(
        Home(".globus-cli/storage.db"),
        Credential,
        "/home/x/.globus-cli/storage.db",
        "Globus CLI 3: login tokens in ~/.globus-cli/storage.db",
    ),
    row(
        Home(".snowflake/config.toml"),
        Credential,
        "/home/x/.snowflake/config.toml",
        "Snowflake CLI docs, Configuring connections: [connections.<name>] with password in config.toml",
    ),
    row(
        Suffix(".ngc"),
        Credential,
        "/home/x/ncbi/dbGaP-31415.ngc",
        "NCBI SRA Toolkit: the dbGaP repository key (.ngc file) decrypts controlled-access data",
    ),
    row(
        Home("steam/config/config.vdf"),
        Credential,
        "/home/x/Steam/config/config.vdf",
        "steamcmd in ~/Steam: config.vdf keeps the login's cached credentials (ConnectCache)",
    ),
    row(
        Home(".steam/steam/config/config.vdf"),
        Credential,
        "/home/x/.steam/steam/config/config.vdf",
        "Steam on Linux: config.vdf (ConnectCache) and loginusers.vdf",
    ),
    row(
        Home("library/application support/steam/config/config.vdf"),
        Credential,
        "/Users/x/Library/Application Support/Steam/config/config.vdf",
        "Steam on macOS: config.vdf (ConnectCache)",
    ),
    row(
        Home(".azure/azurermcontext.json"),
        Credential,
        "/home/x/.Azure/AzureRmContext.json",
        "Az PowerShell: saved contexts with their token cache, ~/.Azure/AzureRmContext.json",
    ),
    row(
        Home(".config/stripe"),
        Credential,
        "/home/x/.config/stripe/config.toml",
        "Stripe CLI keeps the profile's test and live API keys in ~/.config/stripe/config.toml",
    ),
    row(
        Name(".sentryclirc"),
        Credential,
        "/home/x/.sentryclirc",
        "sentry-cli configuration (auth token): ~/.sentryclirc",
    ),
    row(
        Home(".config/sentry"),
        Credential,
        "/home/x/.config/sentry/sentryclirc",
        "sentry-cli configuration under XDG",
    ),
    row(
        Home(".railway/config.json"),
        Credential,
        "/home/x/.railway/config.json",
        "Railway CLI login token",
    ),
    row(
        Home(".expo/state.json"),
        Credential,
        "/Users/x/.expo/state.json",
        "Expo CLI session (auth.sessionSecret)",
    ),
    row(
        Name("key.properties"),
        Credential,
        "/home/x/app/android/key.properties",
        "Flutter/Android release signing: storePassword and keyPassword of the upload keystore",
    ),
    row(
        Name("stored_tokens"),
        Credential,
        "/home/x/.cache/huggingface/stored_tokens",
        "huggingface_hub: every saved access token (HF_HOME/stored_tokens)",
    ),
    row(
        Home(".clickhouse-client"),
        Credential,
        "/home/x/.clickhouse-client/config.xml",
        "ClickHouse client configuration (user, password) in ~/.clickhouse-client/config.xml",
    ),
    row(
        Home(".wrangler/config"),
        Credential,
        "/Users/x/.wrangler/config/default.toml",
        "Cloudflare wrangler login keeps its OAuth token in ~/.wrangler/config/default.toml",
    ),
    row(
        Home("Library/Messages"),
        Credential,
        "/Users/x/Library/Messages/chat.db",
        "macOS Messages database (chat.db), protected by TCC Full Disk Access",
    ),
    // Browser and Electron-app profile stores by file name, wherever the profile lives
    // (Chromium: Cookies, Login Data, Web Data, Local State holds the cookie key; Firefox and
    // Thunderbird: cookies.sqlite, logins.json, key4.db/key3.db).
    row(
        Name("cookies"),
        Credential,
        "/home/x/.config/Slack/Cookies",
        "Chromium profile layout (Electron apps share it)",
    ),
    // Chromium's other cookie databases (extensions' cookies, older Safe Browsing cookies),
    // kept next to `Cookies` in every profile of a Chromium-based browser or embedded view.
    row(
        Name("extension cookies"),
        Credential,
        "/home/x/.local/share/Steam/config/htmlcache/Extension Cookies",
        "Chromium profile layout",
    ),
    row(
        Name("safe browsing cookies"),
        Credential,
        "/home/x/.config/chromium/Safe Browsing Cookies",
        "Chromium profile layout (older versions)",
    ),
    row(
        Name("login data"),
        Credential,
        "/home/x/.config/vivaldi/Default/Login Data",
        "Chromium profile layout",
    ),
    row(
        Name("web data"),
        Credential,
        "/x/Default/Web Data",
        "Chromium profile layout",
    ),
    row(
        Name("local state"),
        Credential,
        "/x/Chrome/Local State",
        "Chromium profile layout (os_crypt key)",
    ),
    row(
        Name("cookies.sqlite"),
        Credential,
        "/x/profile/cookies.sqlite",
        "Mozilla profile layout",
    ),
    row(
        Name("logins.json"),
        Credential,
        "/x/profile/logins.json",
        "Mozilla profile layout",
    ),
    row(
        Name("key4.db"),
        Credential,
        "/x/profile/key4.db",
        "Mozilla profile layout (NSS key store)",
    ),
    row(
        Name("key3.db"),
        Credential,
        "/x/profile/key3.db",
        "Mozilla profile layout (old NSS key store)",
    ),
    row(
        Name("wallet.dat"),
        Credential,
        "/x/.bitcoin/wallet.dat",
        "Bitcoin Core wallet file",
    ),
    // Keychains (macOS), browser profiles and cookie stores (Linux and macOS).
    row(
        Home("Library/Keychains"),
        Credential,
        "/Users/x/Library/Keychains/login.keychain-db",
        "Apple security(1)",
    ),
    row(
        Home("Library/Cookies"),
        Credential,
        "/Users/x/Library/Cookies/Cookies.binarycookies",
        "Safari cookie store",
    ),
    row(
        Home("Library/Application Support/Google/Chrome"),
        Credential,
        "/Users/x/Library/Application Support/Google/Chrome/Default/Cookies",
        "Chromium user data dir docs",
    ),
    row(
        Home("Library/Application Support/Chromium"),
        Credential,
        "/Users/x/Library/Application Support/Chromium/Default",
        "Chromium user data dir docs",
    ),
    row(
        Home("Library/Application Support/BraveSoftware"),
        Credential,
        "/Users/x/Library/Application Support/BraveSoftware/Brave-Browser",
        "Brave docs",
    ),
    row(
        Home("Library/Application Support/Microsoft Edge"),
        Credential,
        "/Users/x/Library/Application Support/Microsoft Edge/Default",
        "Edge docs",
    ),
    row(
        Home("Library/Application Support/Firefox"),
        Credential,
        "/Users/x/Library/Application Support/Firefox/Profiles/a/cookies.sqlite",
        "Mozilla profile docs",
    ),
    row(
        Home("Library/Safari"),
        Credential,
        "/Users/x/Library/Safari/History.db",
        "Safari data folder",
    ),
    row(
        Home(".mozilla/firefox"),
        Credential,
        "/home/x/.mozilla/firefox/a.default/logins.json",
        "Mozilla profile docs",
    ),
    row(
        Home("snap/firefox"),
        Credential,
        "/home/x/snap/firefox/common",
        "Ubuntu snap layout",
    ),
    row(
        Home(".config/google-chrome"),
        Credential,
        "/home/x/.config/google-chrome/Default/Cookies",
        "Chromium user data dir docs",
    ),
    row(
        Home(".config/chromium"),
        Credential,
        "/home/x/.config/chromium/Default/Login Data",
        "Chromium user data dir docs",
    ),
    row(
        Home(".config/BraveSoftware"),
        Credential,
        "/home/x/.config/BraveSoftware/Brave-Browser",
        "Brave docs",
    ),
    row(
        Home(".config/microsoft-edge"),
        Credential,
        "/home/x/.config/microsoft-edge/Default",
        "Edge docs",
    ),
    // Other browser channels and Chromium-based browsers: each keeps the same profile layout
    // under its own user data dir (Chromium docs "User Data Directory": Chrome Beta/Dev/Canary,
    // `google-chrome-beta`/`-unstable` on Linux; Vivaldi, Opera, Edge Beta/Dev).
    row(
        Home("Library/Application Support/Google/Chrome Beta"),
        Credential,
        "/Users/x/Library/Application Support/Google/Chrome Beta/Default/History",
        "Chromium user data dir docs",
    ),
    row(
        Home("Library/Application Support/Google/Chrome Dev"),
        Credential,
        "/Users/x/Library/Application Support/Google/Chrome Dev/Profile 1/History",
        "Chromium user data dir docs",
    ),
    row(
        Home("Library/Application Support/Google/Chrome Canary"),
        Credential,
        "/Users/x/Library/Application Support/Google/Chrome Canary/Default",
        "Chromium user data dir docs",
    ),
    row(
        Home("Library/Application Support/Vivaldi"),
        Credential,
        "/Users/x/Library/Application Support/Vivaldi/Default",
        "Vivaldi (Chromium layout)",
    ),
    row(
        Home("Library/Application Support/com.operasoftware.Opera"),
        Credential,
        "/Users/x/Library/Application Support/com.operasoftware.Opera/History",
        "Opera (Chromium layout)",
    ),
    row(
        Home("Library/Application Support/Microsoft Edge Beta"),
        Credential,
        "/Users/x/Library/Application Support/Microsoft Edge Beta/Default",
        "Edge channels",
    ),
    row(
        Home("Library/Application Support/Microsoft Edge Dev"),
        Credential,
        "/Users/x/Library/Application Support/Microsoft Edge Dev/Default",
        "Edge channels",
    ),
    row(
        Home(".config/google-chrome-beta"),
        Credential,
        "/home/x/.config/google-chrome-beta/Default/History",
        "Chromium user data dir docs",
    ),
    row(
        Home(".config/google-chrome-unstable"),
        Credential,
        "/home/x/.config/google-chrome-unstable/Default",
        "Chromium user data dir docs",
    ),
    row(
        Home(".config/vivaldi"),
        Credential,
        "/home/x/.config/vivaldi/Profile 3/History",
        "Vivaldi (Chromium layout)",
    ),
    row(
        Home(".config/opera"),
        Credential,
        "/home/x/.config/opera/History",
        "Opera (Chromium layout)",
    ),
    row(
        Home(".config/microsoft-edge-beta"),
        Credential,
        "/home/x/.config/microsoft-edge-beta/Default",
        "Edge channels",
    ),
    row(
        Home(".config/microsoft-edge-dev"),
        Credential,
        "/home/x/.config/microsoft-edge-dev/Default",
        "Edge channels",
    ),
    // Safari's sandboxed data and its binary cookie format, wherever it is copied.
    row(
        Home("Library/Containers/com.apple.Safari/Data/Library/Cookies"),
        Credential,
        "/Users/x/Library/Containers/com.apple.Safari/Data/Library/Cookies/Cookies.binarycookies",
        "Safari app container",
    ),
    row(
        Suffix(".binarycookies"),
        Credential,
        "/tmp/Cookies.binarycookies",
        "Apple binary cookie format",
    ),
    // Safari's and the system's cookie store before the binary format (a property list).
    row(
        Name("cookies.plist"),
        Credential,
        "/Users/x/Library/Containers/com.apple.Safari/Data/Library/Cookies.plist",
        "Apple cookie store, property-list format",
    ),
    // Shell and REPL history (commands typed with secrets in them).
    row(
        Name(".bash_history"),
        Credential,
        "/home/x/.bash_history",
        "bash(1) HISTFILE",
    ),
    row(
        Name("consolehost_history.txt"),
        Credential,
        "/Users/x/AppData/Roaming/Microsoft/Windows/PowerShell/PSReadLine/ConsoleHost_history.txt",
        "PSReadLine HistorySavePath (PowerShell command history)",
    ),
    row(
        Home(".bash_sessions"),
        Credential,
        "/Users/x/.bash_sessions/3A1B.history",
        "macOS Terminal per-session bash history (/etc/bashrc_Apple_Terminal)",
    ),
    row(
        Name(".zsh_history"),
        Credential,
        "/Users/x/.zsh_history",
        "zshparam(1) HISTFILE",
    ),
    row(
        Name(".zhistory"),
        Credential,
        "/home/x/.zhistory",
        "zsh HISTFILE of the Prezto and other zsh frameworks' defaults",
    ),
    row(
        Name(".histfile"),
        Credential,
        "/home/x/.histfile",
        "zsh default on some distributions",
    ),
    row(
        Name(".sh_history"),
        Credential,
        "/home/x/.sh_history",
        "ksh(1)",
    ),
    row(
        Home(".zsh_sessions"),
        Credential,
        "/Users/x/.zsh_sessions/a.history",
        "macOS Terminal session history",
    ),
    row(
        Home(".local/share/fish/fish_history"),
        Credential,
        "/home/x/.local/share/fish/fish_history",
        "fish docs",
    ),
    row(
        Name(".python_history"),
        Credential,
        "/home/x/.python_history",
        "Python site docs",
    ),
    row(
        Name(".psql_history"),
        Credential,
        "/home/x/.psql_history",
        "psql(1)",
    ),
    row(
        Name(".mysql_history"),
        Credential,
        "/home/x/.mysql_history",
        "mysql(1)",
    ),
    row(
        Name(".node_repl_history"),
        Credential,
        "/home/x/.node_repl_history",
        "Node.js REPL docs",
    ),
    row(
        Name(".sqlite_history"),
        Credential,
        "/home/x/.sqlite_history",
        "sqlite3 docs",
    ),
    row(
        Name(".rediscli_history"),
        Credential,
        "/home/x/.rediscli_history",
        "redis-cli docs",
    ),
    row(
        Name(".irb_history"),
        Credential,
        "/home/x/.irb_history",
        "irb docs",
    ),
    row(Name(".lesshst"), Credential, "/home/x/.lesshst", "less(1)"),
    // System-wide secrets.
    row(Abs("/etc/shadow"), Credential, "/etc/shadow", "shadow(5)"),
    // Windows' account secrets, the system drive mapped to `/` (hookward-shell
    // `windows::win_path`): the SAM's password hashes, the LSA secrets, the boot key that
    // decrypts them (Microsoft Learn, "Registry hives"; `reg save HKLM\SAM` reads them).
    row(
        Abs("/windows/system32/config/sam"),
        Credential,
        "/Windows/System32/config/SAM",
        "Windows registry hives (SAM)",
    ),
    row(
        Abs("/windows/system32/config/security"),
        Credential,
        "/Windows/System32/config/SECURITY",
        "Windows registry hives (SECURITY)",
    ),
    row(
        Abs("/windows/system32/config/system"),
        Credential,
        "/Windows/System32/config/SYSTEM",
        "Windows registry hives (SYSTEM boot key)",
    ),
    row(
        Abs("/etc/gshadow"),
        Credential,
        "/etc/gshadow",
        "gshadow(5)",
    ),
    // Backups the shadow tools keep beside the files (shadow(5) SEE ALSO, vipw(8)).
    row(
        Abs("/etc/shadow-"),
        Credential,
        "/etc/shadow-",
        "vipw(8) backup",
    ),
    row(
        Abs("/etc/gshadow-"),
        Credential,
        "/etc/gshadow-",
        "vigr(8) backup",
    ),
    row(
        Abs("/etc/master.passwd"),
        Credential,
        "/etc/master.passwd",
        "BSD/macOS passwd(5)",
    ),
    row(
        Abs("/etc/sudoers"),
        Credential,
        "/etc/sudoers",
        "sudoers(5)",
    ),
    row(
        Abs("/etc/ssh/ssh_host_"),
        Credential,
        "/etc/ssh/ssh_host_ed25519_key",
        "sshd(8) FILES",
    ),
    // Servers' TLS private keys and cluster admin credentials.
    row(
        Abs("/etc/ssl/private"),
        Credential,
        "/etc/ssl/private/shop.key",
        "Debian ssl-cert: the private keys' folder (mode 0710, group ssl-cert)",
    ),
    row(
        Abs("/etc/pki/tls/private"),
        Credential,
        "/etc/pki/tls/private/localhost.key",
        "Fedora/RHEL crypto-policies: the private keys' folder",
    ),
    row(
        PrefixSuffix("privkey", ".pem"),
        Credential,
        "/etc/letsencrypt/live/shop.example.com/privkey.pem",
        "Certbot docs, \"Where are my certificates?\": privkey.pem (archive/privkeyN.pem) beside \
         the public cert.pem, chain.pem and fullchain.pem",
    ),
    row(
        Abs("/etc/letsencrypt/accounts"),
        Credential,
        "/etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/x/private_key.json",
        "Certbot: the ACME account keys",
    ),
    row(
        Abs("/etc/kubernetes/admin.conf"),
        Credential,
        "/etc/kubernetes/admin.conf",
        "kubeadm: the cluster-admin kubeconfig with its client key",
    ),
    row(
        Abs("/etc/kubernetes/super-admin.conf"),
        Credential,
        "/etc/kubernetes/super-admin.conf",
        "kubeadm 1.29+: the break-glass kubeconfig (system:masters)",
    ),
    row(
        Abs("/etc/kubernetes/pki"),
        Credential,
        "/etc/kubernetes/pki/ca.key",
        "kubeadm: the cluster's CA and service-account signing keys",
    ),
    row(
        Abs("/etc/rancher/k3s/k3s.yaml"),
        Credential,
        "/etc/rancher/k3s/k3s.yaml",
        "k3s docs, \"Cluster Access\": the admin kubeconfig",
    ),
    row(
        Abs("/var/lib/jenkins/secrets"),
        Credential,
        "/var/lib/jenkins/secrets/master.key",
        "Jenkins: the master key that decrypts credentials.xml",
    ),
    row(
        Name("credentials.xml"),
        Credential,
        "/var/lib/jenkins/credentials.xml",
        "Jenkins: the stored credentials (encrypted with secrets/master.key)",
    ),
    row(
        Abs("/Library/Keychains"),
        Credential,
        "/Library/Keychains/System.keychain",
        "Apple security(1)",
    ),
    row(
        Abs("/var/db/dslocal/nodes/Default/users"),
        Credential,
        "/var/db/dslocal/nodes/Default/users/x.plist",
        "macOS local directory (password hashes)",
    ),
    // Secret files by name, anywhere.
    row(
        Name("id_rsa"),
        Credential,
        "/srv/backup/id_rsa",
        "ssh-keygen(1) FILES",
    ),
    row(
        Name("id_dsa"),
        Credential,
        "/tmp/id_dsa",
        "ssh-keygen(1) FILES",
    ),
    row(
        Name("id_ecdsa"),
        Credential,
        "/x/id_ecdsa",
        "ssh-keygen(1) FILES",
    ),
    row(
        Name("id_ecdsa_sk"),
        Credential,
        "/x/id_ecdsa_sk",
        "ssh-keygen(1) FILES",
    ),
    row(
        Name("id_ed25519"),
        Credential,
        "/x/ID_ED25519",
        "ssh-keygen(1) FILES",
    ),
    row(
        Name("id_ed25519_sk"),
        Credential,
        "/x/id_ed25519_sk",
        "ssh-keygen(1) FILES",
    ),
    row(Name(".netrc"), Credential, "/opt/app/.netrc", "netrc(5)"),
    row(
        Name("_netrc"),
        Credential,
        "/x/_netrc",
        "curl docs (Windows name)",
    ),
    row(
        Name(".pgpass"),
        Credential,
        "/x/.pgpass",
        "PostgreSQL libpq-pgpass",
    ),
    row(
        Name(".git-credentials"),
        Credential,
        "/x/.git-credentials",
        "git-credential-store(1)",
    ),
    row(
        Name(".htpasswd"),
        Credential,
        "/var/www/.htpasswd",
        "Apache htpasswd(1)",
    ),
    row(
        Suffix(".kdbx"),
        Credential,
        "/x/Passwords.kdbx",
        "KeePass database",
    ),
    row(
        Suffix(".p12"),
        Credential,
        "/x/cert.p12",
        "PKCS #12 (RFC 7292)",
    ),
    row(
        Suffix(".pfx"),
        Credential,
        "/x/cert.PFX",
        "PKCS #12 (RFC 7292)",
    ),
    row(
        Suffix(".jks"),
        Credential,
        "/x/release.jks",
        "Java keytool(1)",
    ),
    row(
        Suffix(".keystore"),
        Credential,
        "/x/release.keystore",
        "Android app signing",
    ),
    row(
        Suffix(".ppk"),
        Credential,
        "/x/server.ppk",
        "PuTTY private key",
    ),
    row(
        Suffix("-sa-key.json"),
        Credential,
        "/x/prod-sa-key.json",
        "gcloud iam service-accounts keys create",
    ),
    row(
        PrefixSuffix("credentials", ".json"),
        Credential,
        "/x/credentials-prod.json",
        "Google OAuth client secrets",
    ),
    row(
        PrefixSuffix("service-account", ".json"),
        Credential,
        "/x/service-account-prod.json",
        "GCP service account keys",
    ),
    row(
        PrefixSuffix("firebase-adminsdk", ".json"),
        Credential,
        "/Users/x/Downloads/myapp-firebase-adminsdk-x1y2z-0a1b2c.json",
        "Firebase Admin SDK setup: the generated service-account key's file name",
    ),
    row(
        PrefixSuffix("client_secret", ".json"),
        Credential,
        "/x/client_secret_123.json",
        "Google OAuth client secrets",
    ),
    row(
        PrefixSuffix(".credentials", ".json"),
        Credential,
        "/x/.credentials.json",
        "OAuth token caches of CLIs (dot-file form of credentials*.json)",
    ),
    row(
        Suffix(".keytab"),
        Credential,
        "/x/krb5/user.keytab",
        "MIT Kerberos ktutil(1): keytabs hold long-term keys",
    ),
    row(
        Suffix(".kubeconfig"),
        Credential,
        "/x/clusters/prod.kubeconfig",
        "kubectl docs, organizing cluster access: kubeconfig files hold tokens and client keys",
    ),
    row(
        Name("known_tokens.csv"),
        Credential,
        "/x/k8s/known_tokens.csv",
        "Kubernetes authentication docs, static token file (--token-auth-file)",
    ),
    row(
        Suffix(".secrets"),
        Credential,
        "/etc/rsyncd.secrets",
        "rsyncd.conf(5) secrets file",
    ),
    row(
        Name(".erlang.cookie"),
        Credential,
        "/var/lib/rabbitmq/.erlang.cookie",
        "Erlang distribution docs: the cookie authenticates nodes",
    ),
    row(
        PrefixSuffix("secret", ".asc"),
        Credential,
        "/x/secret-key.asc",
        "gpg(1) --export-secret-keys --armor output",
    ),
    row(
        PrefixSuffix("sslkeylog", ".log"),
        Credential,
        "/x/sslkeylog.log",
        "NSS key log format (SSLKEYLOGFILE): TLS session secrets",
    ),
    row(
        Name("kcpassword"),
        Credential,
        "/etc/kcpassword",
        "macOS automatic login: the login password, reversibly obscured",
    ),
    row(
        Suffix(".pem"),
        SecretFile,
        "/Users/x/Desktop/prod.pem",
        "PEM (RFC 7468): keys and certificates",
    ),
    row(
        Suffix(".p8"),
        SecretFile,
        "/Users/x/Downloads/AuthKey_8XK2P4Q9ZT.p8",
        "PKCS #8 private key (RFC 5958): App Store Connect and APNs API keys",
    ),
    row(
        Suffix(".key"),
        SecretFile,
        "/x/server.key",
        "OpenSSL convention for private keys",
    ),
    // Process and kernel memory.
    row(
        ProcOther("environ"),
        ProcessSecret,
        "/proc/1/environ",
        "proc(5) /proc/pid/environ",
    ),
    row(
        ProcOther("mem"),
        ProcessSecret,
        "/proc/42/mem",
        "proc(5) /proc/pid/mem",
    ),
    row(
        ProcOther("maps"),
        ProcessInfo,
        "/proc/42/maps",
        "proc(5) /proc/pid/maps",
    ),
    row(
        ProcOther("cmdline"),
        ProcessInfo,
        "/proc/42/cmdline",
        "proc(5) /proc/pid/cmdline",
    ),
    row(
        Abs("/proc/kcore"),
        ProcessSecret,
        "/proc/kcore",
        "proc(5) /proc/kcore",
    ),
    row(Abs("/etc/passwd"), AccountDb, "/etc/passwd", "passwd(5)"),
    row(Abs("/etc/group"), AccountDb, "/etc/group", "group(5)"),
    row(
        Abs("/var/run/secrets"),
        Credential,
        "/var/run/secrets/kubernetes.io/serviceaccount/token",
        "Kubernetes service account tokens; Docker secrets",
    ),
    row(
        Abs("/run/secrets"),
        Credential,
        "/run/secrets/db_password",
        "Docker and Compose secrets",
    ),
    row(Abs("/dev/mem"), ProcessSecret, "/dev/mem", "mem(4)"),
    row(Abs("/dev/kmem"), ProcessSecret, "/dev/kmem", "mem(4)"),
    row(Abs("/dev/port"), ProcessSecret, "/dev/port", "mem(4)"),
    // Raw block devices.
    row(
        Device("sd"),
        BlockDevice,
        "/dev/sdb",
        "Linux devices.txt (SCSI disks)",
    ),
    row(
        Device("hd"),
        BlockDevice,
        "/dev/hda1",
        "Linux devices.txt (IDE disks)",
    ),
    row(Device("vd"), BlockDevice, "/dev/vda", "virtio-blk"),
    row(
        Device("xvd"),
        BlockDevice,
        "/dev/xvda1",
        "Xen virtual disks",
    ),
    row(
        Device("nvme"),
        BlockDevice,
        "/dev/nvme0n1p2",
        "Linux NVMe driver",
    ),
    row(
        Device("mmcblk"),
        BlockDevice,
        "/dev/mmcblk0p1",
        "Linux MMC driver",
    ),
    row(Device("md"), BlockDevice, "/dev/md0", "Linux md(4)"),
    row(Device("dm-"), BlockDevice, "/dev/dm-0", "device-mapper"),
    row(
        Device("mapper"),
        BlockDevice,
        "/dev/mapper/vg-root",
        "device-mapper",
    ),
    row(
        Device("disk"),
        BlockDevice,
        "/dev/disk2s1",
        "macOS diskutil(8); Linux /dev/disk/by-*",
    ),
    row(
        Device("rdisk"),
        BlockDevice,
        "/dev/rdisk2",
        "macOS raw disk nodes",
    ),
    row(
        Device("root"),
        BlockDevice,
        "/dev/root",
        "Linux root device link",
    ),
];

fn fold(s: &str) -> String {
    s.to_ascii_lowercase()
}

fn under(path: &str, base: &str) -> bool {
    path == base || (path.starts_with(base) && path.as_bytes().get(base.len()) == Some(&b'/'))
}

/// The parts of `path` (folded) below each home directory it lies in: `$HOME` itself, its
/// siblings (`~other` of the shell analyzer), `/home/<u>`, `/users/<u>`, `/root`,
/// `/var/root`, `/private/var/root`.
pub(crate) fn below_homes<'a>(path: &'a str, home: &str) -> Vec<&'a str> {
    let mut out = Vec::new();
    let mut push = |base_len: usize| {
        if let Some(rest) = path.get(base_len..).and_then(|r| r.strip_prefix('/')) {
            if !rest.is_empty() && !out.contains(&rest) {
                out.push(rest);
            }
        }
    };
    let home = home.trim_end_matches('/');
    if home.len() > 1 && under(path, home) {
        push(home.len());
    }
    // `<parent>/<user>/…` for the parents of homes: $HOME's own parent and the usual ones.
    let parent = home.rsplit_once('/').map(|(p, _)| p).unwrap_or("");
    for p in [parent, "/home", "/users", "/export/home"] {
        if p.len() > 1 && path.len() > p.len() && under(path, p) {
            let after = &path[p.len() + 1..];
            let user_len = after.find('/').unwrap_or(after.len());
            push(p.len() + 1 + user_len);
        }
    }
    for root in ["/root", "/var/root", "/private/var/root"] {
        if under(path, root) {
            push(root.len());
        }
    }
    out
}

/// Whether the process part of `/proc/<pid>/…` names another process.
fn other_process(pid: &str) -> bool {
    !matches!(pid, "self" | "thread-self" | "$$" | "${$}" | "$BASHPID")
}

/// Whether `path` (folded) matches `shape` (folded), given the parts below homes.
fn matches(shape: Shape, path: &str, name: &str, rels: &[&str]) -> bool {
    match shape {
        Home(rel) => {
            let rel = fold(rel);
            rels.iter().any(|r| under(r, &rel))
        }
        Abs(p) => {
            let p = fold(p);
            under(path, &p) || (p.ends_with('_') && path.starts_with(&p))
        }
        Name(n) => name == n || side_file_of(name).is_some_and(|base| base == n),
        Suffix(s) => name.len() > s.len() && name.ends_with(s),
        PrefixSuffix(a, b) => {
            // `name` ends with the ASCII `b`, so the cut is a char boundary.
            name.ends_with(b)
                && name[..name.len() - b.len()].match_indices(a).any(|(i, _)| {
                    i == 0 || matches!(name.as_bytes().get(i - 1), Some(b'-' | b'_' | b'.'))
                })
        }
        ProcOther(file) => {
            let mut parts = path.trim_start_matches('/').split('/');
            if parts.next() != Some("proc") {
                return false;
            }
            let pid = parts.next().unwrap_or("");
            let rest: Vec<&str> = parts.collect();
            other_process(pid)
                && !pid.is_empty()
                && (rest == [file]
                    || (rest.len() == 3
                        && rest.first() == Some(&"task")
                        && rest.get(2) == Some(&file)))
        }
        HomeSecretName => {
            rels.iter()
                .any(|r| app_folder_file(r) && (secret_named(name) || in_secrets_folder(r, name)))
                || hidden_secret(name)
                || (!rels.is_empty() && crate::service_secrets::hidden_secret_word(name))
        }
        SystemSecretsFolder => system_secrets_folder(path),
        SystemSecretName => system_secret_place(path) && system_secret_named(name),
        KeyTypeSuffix => key_type_named(name) && !in_test_data(path),
        KeyMaterialName => crate::key_material::key_material_named(path),
        HomeFileIn(dir, ext) => {
            let dir = fold(dir);
            rels.iter().any(|r| {
                r.strip_prefix(dir.as_str())
                    .and_then(|f| f.strip_prefix('/'))
                    .is_some_and(|f| !f.contains('/') && f.ends_with(&format!(".{ext}")))
            })
        }
        HomeKeyMaterial => {
            rels.iter().any(|r| app_folder_file(r)) && crate::key_material::key_material_named(path)
        }
        Tail(t) => {
            let t = fold(t);
            path.strip_suffix(t.as_str())
                .is_some_and(|head| head.ends_with('/'))
        }
        Device(prefix) => {
            let Some(rest) = path
                .strip_prefix("/dev/")
                .and_then(|r| r.strip_prefix(prefix))
            else {
                return false;
            };
            match rest.as_bytes().first() {
                None => true,
                Some(b'/') => rest.len() > 1,
                Some(c) => c.is_ascii_alphanumeric() && !rest.contains('/'),
            }
        }
    }
}

/// Whether `rel` (a path below a home, folded) is a file inside an application's folder: a
/// dot-folder (`.cache/x/token`, `.x/token`), `library/application support/…` or `appdata/…`,
/// and not inside a package tree or a repository (`node_modules`, `site-packages`,
/// `dist-packages`, `.git`, cargo's `registry`, Go's `pkg/mod`, Maven's `repository`), where
/// names are a library's, not a secret's.
fn app_folder_file(rel: &str) -> bool {
    const PACKAGE_TREES: &[&str] = &[
        "node_modules",
        "site-packages",
        "dist-packages",
        ".git",
        "registry",
        "mod",
        "repository",
        "extensions",
        "toolchains",
        "versions",
    ];
    let Some((dir, _)) = rel.rsplit_once('/') else {
        return false;
    };
    let app = dir.starts_with('.')
        || dir.starts_with("library/application support/")
        || dir.starts_with("appdata/");
    app && !dir.split('/').any(|c| PACKAGE_TREES.contains(&c))
}

/// A hidden file whose whole name says it holds a secret (`.credentials`, `.token`, `.secrets`,
/// `.api_key`, with a settings extension at most): a tool's sign-in file wherever it sits
/// under a home (`~/actions-runner/.credentials`). A name with more in it (`.secrets.baseline`,
/// a scanner's list of findings) is not.
fn hidden_secret(name: &str) -> bool {
    let Some(bare) = name.strip_prefix('.') else {
        return false;
    };
    const SETTINGS_EXTS: &[&str] = &["json", "yml", "yaml", "toml", "txt", "ini", "cfg", "conf"];
    let stem = match bare.rsplit_once('.') {
        Some((s, e)) if SETTINGS_EXTS.contains(&e) => s,
        Some(_) => return false,
        None => bare,
    };
    matches!(
        stem,
        "credentials"
            | "credential"
            | "creds"
            | "token"
            | "tokens"
            | "secret"
            | "secrets"
            | "api_key"
            | "apikey"
            | "api-key"
            | "auth_token"
            | "access_token"
    )
}

/// Whether a file name (folded) says it holds a secret: one of its words (split on `-`, `_`,
/// `.`, space) is in [`SECRET_NAME_WORDS`], or the name without its extension is `key` or
/// `auth`, or two words read `api key`/`access key`/`secret key`/`private key`. Code,
/// documents and package archives ([`NOT_SECRET_EXTENSIONS`]) never are, nor templates
/// (handled by the caller). `tokenizer.json` and `special_tokens_map.json` (model files) are
/// not: the word must be whole, and `tokens` is not a word of the list.
pub(crate) fn secret_named(name: &str) -> bool {
    let name = name.trim_start_matches('.');
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s, e),
        _ => (name, ""),
    };
    if NOT_SECRET_EXTENSIONS.contains(&ext) {
        return false;
    }
    if stem == "key" || stem == "auth" || SECRET_EXTENSIONS.contains(&ext) || key_type_named(name) {
        return true;
    }
    let words = name_words(stem);
    words
        .iter()
        .any(|w| SECRET_NAME_WORDS.contains(w) && !measured_token(w, &words))
        || names_a_secret_key(&words)
}

/// Whether the file name of `path` says it holds a secret ([`secret_named`]), not a template
/// ([`TEMPLATE_SUFFIXES`]): the name alone, wherever the file lies (session 27, for files
/// forced into git past `.gitignore`).
pub fn secret_named_anywhere(path: &str) -> bool {
    let name = fold(path.rsplit('/').next().unwrap_or(path));
    !TEMPLATE_SUFFIXES
        .iter()
        .any(|s| name.ends_with(s) || name.contains(&format!("{s}.")))
        && secret_named(&name)
}

/// Words that make `token` a unit counted, not a credential (`token-count.json`,
/// `token_usage.db`: a language model's tokens).
const TOKEN_MEASURES: &[&str] = &[
    "count", "counts", "counter", "usage", "used", "stats", "limit", "limits", "budget",
];

/// Whether `word` is `token` or `tokens` beside a measure ([`TOKEN_MEASURES`]).
fn measured_token(word: &str, words: &[&str]) -> bool {
    matches!(word, "token" | "tokens") && words.iter().any(|w| TOKEN_MEASURES.contains(w))
}

/// The words of a file name's stem (split on `-`, `_`, `.` and space).
pub(crate) fn name_words(stem: &str) -> Vec<&str> {
    stem.split(['-', '_', '.', ' '])
        .filter(|w| !w.is_empty())
        .collect()
}

/// Two words in a row that name a secret key: `api key`, `access key`, `private key`, and the
/// keys that unlock others (`master key`, `encryption key`, `signing key`, HashiCorp Vault's
/// `unseal keys` and `recovery keys`, Vault docs "Seal/Unseal"), `key` or `keys`.
fn names_a_secret_key(words: &[&str]) -> bool {
    words.windows(2).any(|p| {
        matches!(p[1], "key" | "keys")
            && matches!(
                p[0],
                "api"
                    | "access"
                    | "secret"
                    | "private"
                    | "auth"
                    | "unseal"
                    | "recovery"
                    | "master"
                    | "encryption"
                    | "signing"
            )
    })
}

/// Extensions that name the secret a file holds (`live-api.token`, `hsm-admin.pin`,
/// `db.password`): the extension says what kind of content the file is, here the secret itself.
const SECRET_EXTENSIONS: &[&str] = &[
    "token", "secret", "secrets", "password", "passwd", "pin", "apikey", "creds",
];

/// ssh-keygen(1) key types as a name's last word (`-t rsa|dsa|ecdsa|ed25519|ecdsa-sk|ed25519-sk`;
/// the default files are `id_<type>`): a private key named `<name>_<type>`.
const KEY_TYPE_SUFFIXES: &[&str] = &[
    "_rsa",
    "_dsa",
    "_ecdsa",
    "_ed25519",
    "_ecdsa_sk",
    "_ed25519_sk",
];

/// Whether a file name (folded) is `<name>_<key type>` with no extension ([`Shape::KeyTypeSuffix`]).
fn key_type_named(name: &str) -> bool {
    KEY_TYPE_SUFFIXES
        .iter()
        .any(|t| name.len() > t.len() && name.ends_with(t))
}

/// Folders that hold test data (Go's `testdata`, "go help test"; fixtures of test frameworks;
/// `test`/`tests`/`spec` trees): keys there are made for the tests.
pub(crate) const TEST_DATA_DIRS: &[&str] = &[
    "testdata",
    "test-data",
    "test_data",
    "fixtures",
    "__fixtures__",
    "test",
    "tests",
    "testing",
    "spec",
];

/// Whether a folder of `path` (folded) is a test data folder ([`TEST_DATA_DIRS`]).
fn in_test_data(path: &str) -> bool {
    let dirs = path.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    dirs.split('/').any(|c| TEST_DATA_DIRS.contains(&c))
}

/// Whether `rel` (below a home, folded) lies in a `secrets`/`credentials` folder of an
/// application, and its name is not code or a document: `~/.nextflow/secrets/store.json`
/// (Nextflow secrets, "nextflow secrets": `$HOME/.nextflow/secrets/store.json`).
fn in_secrets_folder(rel: &str, name: &str) -> bool {
    let Some((dir, _)) = rel.rsplit_once('/') else {
        return false;
    };
    let ext = name.rsplit_once('.').map(|(_, e)| e).unwrap_or("");
    !NOT_SECRET_EXTENSIONS.contains(&ext)
        && dir.split('/').any(|c| {
            matches!(
                c,
                "secrets" | ".secrets" | "credentials" | ".credentials" | "creds"
            )
        })
}

/// Configuration folders whose files are named for the program, service or package they
/// configure, not for what they hold: PAM service files (pam.d(5): `common-password`,
/// `passwd`), run-parts(8) folders (`cron.daily/passwd`), logrotate(8) includes, AppArmor
/// profiles (named for the program's path), SysV init scripts, bash-completion scripts,
/// systemd units, `/etc/default/<package>`, `/etc/alternatives/<command>`.
const PROGRAM_NAMED_FOLDERS: &[&str] = &[
    "pam.d",
    "logrotate.d",
    "apparmor.d",
    "init.d",
    "bash_completion.d",
    "systemd",
    "default",
    "alternatives",
    "profile.d",
];

/// Whether `path` (folded) lies in a service's configuration folder: `/etc/<app>/…` or
/// `/usr/local/etc/<app>/…` (hier(7)), not a [`PROGRAM_NAMED_FOLDERS`] one nor `cron.*`.
fn system_secret_place(path: &str) -> bool {
    let Some(rest) = path
        .strip_prefix("/etc/")
        .or_else(|| path.strip_prefix("/usr/local/etc/"))
    else {
        return false;
    };
    let Some((dirs, _)) = rest.rsplit_once('/') else {
        return false;
    };
    !dirs
        .split('/')
        .any(|c| PROGRAM_NAMED_FOLDERS.contains(&c) || c.starts_with("cron."))
}

/// Unit, rule and list files of the system, named for their job (systemd.unit(5), udev(7),
/// polkit(8), apt sources.list(5)).
const SYSTEM_DEFINITION_EXTENSIONS: &[&str] = &[
    "service", "socket", "timer", "target", "mount", "path", "slice", "rules", "list", "desktop",
    "policy", "preset",
];

/// Whether a file name (folded) in a service's configuration folder says it holds a secret
/// ([`Shape::SystemSecretName`]): a word `password`, `token`, `secret`, `credentials`, `creds`,
/// `apikey`; `passwd` or `pass` beside another word (`sasl_passwd`; a name that is only
/// `passwd` is the program's); a secret key's two words ([`names_a_secret_key`]); or a secret's
/// extension ([`SECRET_EXTENSIONS`] but `passwd`, which AppArmor profiles end with:
/// `usr.bin.passwd`). Never code, documents, units or templates.
fn system_secret_named(name: &str) -> bool {
    let name = name.trim_start_matches('.');
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s, e),
        _ => (name, ""),
    };
    if NOT_SECRET_EXTENSIONS.contains(&ext) || SYSTEM_DEFINITION_EXTENSIONS.contains(&ext) {
        return false;
    }
    if ext != "passwd" && SECRET_EXTENSIONS.contains(&ext) {
        return true;
    }
    let words = name_words(stem);
    words.iter().any(|w| {
        !measured_token(w, &words)
            && matches!(
                *w,
                "password"
                    | "passwords"
                    | "passphrase"
                    | "token"
                    | "secret"
                    | "secrets"
                    | "credential"
                    | "credentials"
                    | "creds"
                    | "apikey"
            )
    }) || (words.len() > 1 && words.iter().any(|w| matches!(*w, "passwd" | "pass")))
        || names_a_secret_key(&words)
}

/// Words of a file name that make it a secret below an application's folder
/// ([`Shape::HomeSecretName`]).
const SECRET_NAME_WORDS: &[&str] = &[
    "token",
    "creds",
    "cred",
    "credential",
    "credentials",
    "secret",
    "secrets",
    "password",
    "passwords",
    "passwd",
    "pass",
    "passphrase",
    "apikey",
    "vault",
];

/// Extensions of files that are never a secret by their name: source code, documents, package
/// archives and checksums (`secret-service-3.0.crate`, `credentials.py`, `token.rs`).
const NOT_SECRET_EXTENSIONS: &[&str] = &[
    "py", "pyc", "pyi", "js", "mjs", "cjs", "ts", "tsx", "jsx", "map", "rb", "go", "rs", "java",
    "kt", "class", "c", "h", "cc", "cpp", "hpp", "cs", "swift", "lua", "vim", "el", "elc", "zsh",
    "sh", "bash", "fish", "ps1", "php", "pl", "pm", "md", "rst", "html", "htm", "css", "scss",
    "svg", "png", "jpg", "gif", "ico", "jar", "so", "dylib", "o", "a", "rlib", "d", "crate", "gz",
    "tgz", "zip", "whl", "tar", "gem", "nupkg", "pom", "sha1", "md5", "sha256", "lock", "log",
    "mo", "po", "pdf", "1", "gpg",
];

/// Whether a file's extension (folded) is one of [`NOT_SECRET_EXTENSIONS`].
pub(crate) fn not_secret_extension(ext: &str) -> bool {
    NOT_SECRET_EXTENSIONS.contains(&ext)
}

/// Whether `path` (folded) lies below a `secrets`/`.secrets`/`credentials`/`creds` folder
/// under a system location ([`Shape::SystemSecretsFolder`]).
fn system_secrets_folder(path: &str) -> bool {
    const SYSTEM: &[&str] = &["/etc/", "/opt/", "/srv/", "/var/", "/usr/local/etc/"];
    if !SYSTEM.iter().any(|s| path.starts_with(s)) {
        return false;
    }
    let parts: Vec<&str> = path.split('/').collect();
    parts.len() > 2
        && parts[..parts.len() - 1]
            .iter()
            .any(|c| matches!(*c, "secrets" | ".secrets" | "credentials" | "creds"))
}

/// SQLite's side files of a database (`-journal` rollback journal, `-wal` write-ahead log,
/// `-shm` its index; sqlite.org "Temporary Files Used By SQLite"): they hold recent pages of
/// the database, so `Cookies-journal` is as secret as `Cookies`. Returns the database's name.
fn side_file_of(name: &str) -> Option<&str> {
    ["-journal", "-wal", "-shm"]
        .iter()
        .find_map(|s| name.strip_suffix(s))
        .filter(|b| !b.is_empty())
}

/// macOS keeps `/etc`, `/var` and `/tmp` under `/private` (the top-level names are links):
/// `/private/etc/sudoers` is `/etc/sudoers`.
fn without_private(path: &str) -> &str {
    for top in ["/private/etc", "/private/var", "/private/tmp"] {
        if path == top || path.starts_with(&format!("{top}/")) {
            return path.get("/private".len()..).unwrap_or(path);
        }
    }
    path
}

/// The SSH client configuration (`~/.ssh/config`, `config.d/…`): host names, users and
/// options, never a key (ssh_config(5)).
fn ssh_client_config(rels: &[&str]) -> bool {
    rels.iter().any(|r| {
        r.strip_prefix(".ssh/")
            .is_some_and(|f| f == "config" || f.starts_with("config.d/"))
    })
}

/// Files under `.ssh` that are public by design (never secret): public keys, known hosts,
/// and the authorised keys list (its writes are persistence, a shell fact).
fn ssh_public(rels: &[&str]) -> bool {
    rels.iter().any(|r| {
        r.strip_prefix(".ssh/")
            .is_some_and(|f| f.ends_with(".pub") || matches!(f, "known_hosts" | "known_hosts.old"))
    })
}

/// Templates meant to be committed are not secrets: `key.pem.example`, `credentials.json.sample`.
const TEMPLATE_SUFFIXES: &[&str] = &[".example", ".sample", ".template", ".dist", ".tpl", ".pub"];

/// The whole table, built once: [`TABLE`], every agent's sign-in token rows
/// ([`hookward_core::profile::FileKind::Credentials`] rows of the profiles' `files`: a home
/// row is a [`Shape::Home`], a system row a [`Shape::Abs`]; `credential`), then
/// [`TABLE_TAIL`].
pub fn table() -> &'static [Row] {
    static T: std::sync::OnceLock<Vec<Row>> = std::sync::OnceLock::new();
    T.get_or_init(|| {
        let mut v = TABLE.to_vec();
        for f in hookward_profiles::profiles().iter().flat_map(|p| p.files) {
            if f.kind != FileKind::Credentials {
                continue;
            }
            // Built once per process: the few strings are kept for its life.
            let (shape, example) = match f.place {
                Place::Home => (Home(f.path), leak(format!("/home/x/{}", f.path))),
                Place::System => {
                    let abs = leak(format!("/{}", f.path));
                    (Abs(abs), abs)
                }
                // A project's file is not a credential store of the user's.
                Place::Project => continue,
            };
            v.push(row(
                shape,
                Credential,
                example,
                "the agent's profile (FILES, FileKind::Credentials)",
            ));
        }
        v.extend_from_slice(TABLE_TAIL);
        v.extend_from_slice(crate::service_secrets::ROWS);
        v
    })
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The classes of an absolute, lexically normalised `path` ([`table`], case-folded), in
/// table order without repeats. `home` is the running user's home.
pub fn classes_of(path: &str, home: &str) -> Vec<SensitiveClass> {
    let mut out = classes_here(path, home);
    // The same file of another system whose root is mounted or unpacked here
    // (`/mnt/etc/shadow`, `/host/root/.aws/credentials`, `/proc/1/root/etc/shadow`): that
    // system's secret ([`hookward_shell::other_root`]).
    if let Some(inner) = hookward_shell::other_root(path) {
        for c in classes_here(inner, home) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        if out.contains(&Credential) {
            out.retain(|c| *c != SecretFile);
        }
    }
    // The password-hash databases of a system whose root sits anywhere, also below folders
    // that are not known mount places (`/hostsystem/etc/shadow`, `/backup/etc/gshadow-`): the
    // names are the shadow suite's own (shadow(5), gshadow(5), BSD master.passwd(5)), so the
    // file holds that system's password hashes wherever it lies.
    if !out.contains(&Credential) && is_shadow_copy(path) {
        out.retain(|c| *c != SecretFile);
        out.push(Credential);
    }
    out
}

/// True when `path` ends in `/etc/` followed by one of the shadow suite's password-hash files.
fn is_shadow_copy(path: &str) -> bool {
    const HASH_FILES: &[&str] = &[
        "/etc/shadow",
        "/etc/shadow-",
        "/etc/gshadow",
        "/etc/gshadow-",
        "/etc/master.passwd",
    ];
    let lower = path.to_ascii_lowercase();
    HASH_FILES.iter().any(|f| lower.ends_with(f))
}

/// [`classes_of`] for the path as it is, without the view from another root.
fn classes_here(path: &str, home: &str) -> Vec<SensitiveClass> {
    let path = fold(path);
    let path = without_private(&path).to_string();
    let home = fold(home);
    let rels = below_homes(&path, &home);
    if ssh_client_config(&rels) {
        return vec![SshClientConfig];
    }
    let name = path.rsplit('/').next().unwrap_or("");
    // A template marker before the file's own extension counts too
    // (`service-account.example.json`, `credentials.sample.yaml`): the committed placeholder.
    let public = ssh_public(&rels)
        || TEMPLATE_SUFFIXES.iter().any(|s| name.ends_with(s))
        || TEMPLATE_SUFFIXES
            .iter()
            .filter(|s| **s != ".pub")
            .any(|s| name.contains(&format!("{s}.")));
    let mut out: Vec<SensitiveClass> = Vec::new();
    for r in table() {
        if out.contains(&r.class) {
            continue;
        }
        if public {
            break;
        }
        if matches(r.shape, &path, name, &rels) {
            out.push(r.class);
        }
    }
    // A named secret is a credential; the weaker class adds nothing beside it.
    if out.contains(&Credential) {
        out.retain(|c| *c != SecretFile);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOME: &str = "/home/dev";

    /// A template marker before the extension makes the file the committed placeholder.
    #[test]
    fn template_markers_before_the_extension_are_templates() {
        for p in [
            "/home/dev/project/config/service-account.example.json",
            "/home/dev/project/credentials.sample.json",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
        assert!(
            classes_of("/home/dev/project/config/service-account.json", HOME).contains(&Credential)
        );
    }

    /// The shadow suite's password-hash files are another system's secrets wherever its root
    /// lies; the account list itself (`passwd`) and other `/etc` files below odd folders are not.
    #[test]
    fn password_hash_files_of_any_root_are_credentials() {
        for p in [
            "/hostsystem/etc/shadow",
            "/mnt/root/etc/shadow",
            "/backup/2024/etc/gshadow-",
            "/srv/jail/etc/master.passwd",
        ] {
            assert_eq!(classes_of(p, HOME), vec![Credential], "{p}");
        }
        for p in [
            "/hostsystem/etc/passwd",
            "/srv/app/etc/shadow.conf",
            "/home/dev/shadow",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    /// Issue 13 item 1d: the agents' sign-in token rows now come from their profiles; the
    /// table is the former one, row for row (shape and class, in order).
    #[test]
    fn profile_rows_give_the_former_table() {
        let former_agent_rows = [
            Home(".claude/.credentials.json"),
            Home(".codex/auth.json"),
            Home(".gemini/oauth_creds.json"),
        ];
        let former: Vec<(Shape, SensitiveClass)> = TABLE
            .iter()
            .map(|r| (r.shape, r.class))
            .chain(former_agent_rows.iter().map(|s| (*s, Credential)))
            .chain(TABLE_TAIL.iter().map(|r| (r.shape, r.class)))
            .chain(
                crate::service_secrets::ROWS
                    .iter()
                    .map(|r| (r.shape, r.class)),
            )
            .collect();
        let got: Vec<(Shape, SensitiveClass)> =
            table().iter().map(|r| (r.shape, r.class)).collect();
        assert_eq!(got, former);
    }

    #[test]
    fn every_row_matches_its_example() {
        for r in table() {
            let got = classes_of(r.example, HOME);
            assert!(
                got.contains(&r.class) || (r.class == SecretFile && got.contains(&Credential)),
                "{r:?} → {got:?}"
            );
        }
    }

    #[test]
    fn table_patterns_are_lower_case_where_names_are_compared() {
        for r in table() {
            if let Name(s) | Suffix(s) | PrefixSuffix(s, _) = r.shape {
                assert_eq!(s, s.to_ascii_lowercase(), "{r:?}");
            }
        }
    }

    /// Tools' sign-in files by name below an application's folder in any home; code, model
    /// files, package archives and files outside application folders are not.
    #[test]
    fn secret_named_files_in_application_folders_are_credentials() {
        for p in [
            "/home/x/.cache/huggingface/token",
            "/Users/x/.config/openai/key",
            "/home/dev/.config/itch/butler_creds",
            "/home/dev/.ansible/vault-production.txt",
            "/home/dev/.ansible/vault_pass.txt",
            "/root/.config/some-cli/api_key.json",
            "/Users/x/Library/Application Support/SomeApp/credentials.plist",
            "/home/dev/.local/share/tool/auth.json",
            "/home/dev/.config/x/access-token",
        ] {
            assert!(classes_of(p, HOME).contains(&Credential), "{p}");
        }
        for p in [
            "/home/dev/.cache/huggingface/hub/models--x/snapshots/1/tokenizer.json",
            "/home/dev/.cache/huggingface/hub/models--x/snapshots/1/special_tokens_map.json",
            "/home/dev/.cargo/registry/cache/index/secret-service-3.0.1.crate",
            "/home/dev/.local/lib/python3.11/site-packages/google/auth/credentials.py",
            "/home/dev/.vscode/extensions/x/out/token.js",
            "/home/dev/project/src/token.txt",
            "/home/dev/.config/x/token.example",
            "/home/dev/.config/x/settings.json",
            "/home/dev/.config/x/keybindings.json",
            "/home/dev/token",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    /// Secret extensions and secrets folders below an application's folder in any home; the
    /// same names elsewhere, code and templates are not.
    #[test]
    fn secret_extensions_and_secrets_folders_in_application_folders() {
        for p in [
            "/home/x/.config/acme-cli/prod.token",
            "/Users/x/.config/ledger/teller.pin",
            "/home/x/.local/share/relay/admin.password",
            "/home/x/.config/relay/webhook.secret",
            "/root/.mytool/secrets/store.json",
            "/home/x/.config/pipeline/credentials/prod.yaml",
            "/home/x/.config/kms/master-key.bin",
            "/home/x/.vault-init/unseal_keys.json",
            "/home/x/.config/sftp/partner_ed25519",
        ] {
            assert!(classes_of(p, HOME).contains(&Credential), "{p}");
        }
        for p in [
            "/home/dev/project/fixtures/ci.token",
            "/home/dev/.config/x/prod.token.example",
            "/home/dev/.local/share/nvim/lazy/p/lua/secrets/init.lua",
            "/home/dev/.cache/pre-commit/repo1/secrets/README.md",
            "/home/dev/.config/x/token-count.json",
            "/home/dev/.config/x/pinned.json",
            "/home/dev/.config/x/keys.json",
            "/home/dev/notes.pin",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    /// Secret-named files in a service's configuration folder are credentials; files named for
    /// the program they configure (PAM services, run-parts, AppArmor profiles, units) are not.
    #[test]
    fn secret_named_files_in_service_configuration_folders() {
        for p in [
            "/etc/trino/password.db",
            "/etc/vault.d/unseal-keys.json",
            "/etc/ppp/chap-secrets",
            "/etc/postfix/sasl_passwd",
            "/etc/myapp/api.token",
            "/usr/local/etc/relay/credentials.yml",
            "/etc/gateway/conf/hsm.pin",
        ] {
            assert_eq!(classes_of(p, HOME), vec![Credential], "{p}");
        }
        for p in [
            "/etc/pam.d/common-password",
            "/etc/pam.d/passwd",
            "/etc/cron.daily/passwd",
            "/etc/default/passwd",
            "/etc/apparmor.d/usr.bin.passwd",
            "/etc/systemd/system/vault-token-renew.service",
            "/etc/vault.d/vault.hcl",
            "/etc/bash_completion.d/password-store",
            "/etc/trino/password-authenticator.properties.example",
            "/etc/myapp/README.md",
            "/etc/password.db",
            "/home/dev/project/etc/app/password.txt",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    /// `<name>_<key type>` without an extension is a private key anywhere but in test data;
    /// its `.pub`, other extensions and type lists in words are not.
    #[test]
    fn private_keys_by_key_type_suffix() {
        for p in [
            "/srv/deploy/github_ed25519",
            "/home/dev/keys/prod_rsa",
            "/tmp/backup/jump_ecdsa_sk",
            "/home/dev/project/deploy/ci_ed25519",
        ] {
            assert_eq!(classes_of(p, HOME), vec![SecretFile], "{p}");
        }
        assert_eq!(
            classes_of("/home/dev/.config/recon/bank_sftp_ed25519", HOME),
            vec![Credential]
        );
        for p in [
            "/srv/deploy/github_ed25519.pub",
            "/home/dev/project/src/crypto_rsa.go",
            "/home/dev/project/testdata/server_ed25519",
            "/home/dev/project/tests/fixtures/host_rsa",
            "/home/dev/project/_rsa",
            "/home/dev/project/server-ecdsa",
        ] {
            assert!(classes_of(p, HOME).is_empty(), "{p}");
        }
    }

    /// Secrets folders under system locations are credentials; the same names in a project
    /// or a home are not by this shape.
    #[test]
    fn system_secrets_folders_are_credentials() {
        for p in [
            "/etc/kafka/secrets/kafka_server_jaas.conf",
            "/opt/app/secrets/db.txt",
            "/srv/stack/.secrets/token",
        ] {
            assert!(classes_of(p, HOME).contains(&Credential), "{p}");
        }
        for p in [
            "/home/dev/project/secrets/README",
            "/etc/secrets",
            "/usr/share/doc/secrets/x",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    /// `credentials*.json`, `service-account*.json`, … match where the stem starts a word of the
    /// name too (the names people give the same keys), never inside a word or with another suffix.
    #[test]
    fn key_file_stems_start_a_word_of_the_name() {
        for p in [
            "/srv/app/backup-service-account.json",
            "/tmp/gcp_credentials.json",
            "/x/firebase.service-account.prod.json",
            "/x/aws-credentials.json",
            "/x/credentials.json",
            "/x/my_client_secret_2.json",
        ] {
            assert!(classes_of(p, HOME).contains(&Credential), "{p}");
        }
        for p in [
            "/x/mycredentials.json",
            "/x/credentials.yaml",
            "/x/service-accounts.md",
            "/x/noservice-account.json",
        ] {
            assert!(!classes_of(p, HOME).contains(&Credential), "{p}");
        }
    }

    #[test]
    fn homes_by_shape() {
        for p in [
            "/home/dev/.ssh/id_rsa",
            "/home/other/.ssh/id_ecdsa",
            "/Users/alex/.ssh/id_ed25519",
            "/root/.aws/credentials",
            "/var/root/.ssh/id_rsa",
            "/home/dev/.AWS/CREDENTIALS",
            "/USERS/alex/.Ssh/x",
        ] {
            assert_eq!(classes_of(p, HOME), vec![Credential], "{p}");
        }
        // A sibling of an unusual $HOME (what the shell analyzer makes of `~bob`).
        assert_eq!(
            classes_of("/srv/users/bob/.aws/config", "/srv/users/dev"),
            vec![Credential]
        );
    }

    #[test]
    fn side_files_channels_private_and_service_histories() {
        for p in [
            "/Users/x/Library/Application Support/Google/Chrome Beta/Default/Cookies-journal",
            "/home/x/.config/BraveSoftware/Brave-Browser/Profile 2/Login Data-journal",
            "/home/x/.config/chromium/Profile 1/Cookies-wal",
            "/home/x/.config/vivaldi/Default/Web Data-shm",
            "/tmp/copy/logins.json-wal",
            "/Users/x/Library/Containers/com.apple.Safari/Data/Library/Cookies/Cookies.binarycookies",
            "/private/var/db/dslocal/nodes/Default/users/admin.plist",
            "/private/etc/sudoers",
            "/private/etc/master.passwd",
            "/etc/shadow-",
            "/etc/gshadow-",
            "/var/lib/postgresql/.psql_history",
            "/var/lib/mysql/.mysql_history",
            "/var/lib/jenkins/.bash_history",
            "/opt/app/.rediscli_history",
        ] {
            assert_eq!(classes_of(p, HOME), vec![Credential], "{p}");
        }
        // The SSH client configuration holds no key: its own class (asked about).
        for p in ["/home/dev/.ssh/config", "/Users/a/.ssh/config.d/work"] {
            assert_eq!(classes_of(p, HOME), vec![SshClientConfig], "{p}");
        }
        // Side-file suffixes of ordinary files, and `/private` elsewhere, stay plain.
        for p in [
            "/home/dev/project/data.db-journal",
            "/home/dev/project/private/etc/sudoers.md",
            "/home/dev/project/wal-cookies",
        ] {
            assert!(classes_of(p, HOME).is_empty(), "{p}");
        }
    }

    #[test]
    fn benign_look_alikes() {
        for p in [
            "/home/dev/.ssh/id_rsa.pub",
            "/home/dev/.ssh/known_hosts",
            "/home/dev/project/id_rsa.pub",
            "/home/dev/project/fixtures/test.pem.example",
            "/home/dev/.awsome",
            "/proc/self/environ",
            "/proc/self/status",
            "/proc/1/status",
            "/proc/cpuinfo",
            "/dev/null",
            "/dev/shm/x",
            "/dev/stdin",
            "/dev/tty",
            "/home/dev/project/src/keyboard.rs",
            "/home/dev/project/monkey",
            "/home/dev/project/.pem",
            "/home/dev/project/docs/credentials.md",
            "/home/dev/project/disk.img",
        ] {
            assert!(
                classes_of(p, HOME).is_empty(),
                "{p}: {:?}",
                classes_of(p, HOME)
            );
        }
        // The folder itself is the store (as before: `ls` names no read, `rm -r` is a deletion).
        assert_eq!(classes_of("/home/dev/.ssh", HOME), vec![Credential]);
    }

    #[test]
    fn devices_need_a_device_shape() {
        assert_eq!(classes_of("/dev/sda", HOME), vec![BlockDevice]);
        assert_eq!(
            classes_of("/dev/disk/by-id/nvme-x", HOME),
            vec![BlockDevice]
        );
        assert!(classes_of("/dev/sdfoo/bar", HOME).is_empty());
        assert!(classes_of("/dev/shm", HOME).is_empty());
        assert!(classes_of("/dev/stdout", HOME).is_empty());
    }

    #[test]
    fn proc_of_others_only() {
        assert_eq!(classes_of("/proc/1/environ", HOME), vec![ProcessSecret]);
        assert_eq!(
            classes_of("/proc/1/task/7/environ", HOME),
            vec![ProcessSecret]
        );
        assert_eq!(classes_of("/proc/$PID/mem", HOME), vec![ProcessSecret]);
        assert!(classes_of("/proc/self/mem", HOME).is_empty());
        assert_eq!(classes_of("/proc/99/cmdline", HOME), vec![ProcessInfo]);
    }
}
