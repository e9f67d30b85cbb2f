//! Key material and environment-named configuration by the *shape* of their names (session 27,
//! issue 11 item 1): the names people and tools give private keys, key stores, wallets and
//! signers (`escrow-keypair.json`, `keystores/ops-signer`, `private_ed_key`, `deploy-key.json`,
//! `wallet.dat`), in any folder, and the settings files named for a production environment
//! (`appsettings.Production.json`, `application-prod.yml`, `config/production.json`) that hold
//! its connection strings. No list of stores: the words come from the tools' own naming, each
//! with its source below; `secrets.rs` turns them into path classes (`Shape::KeyMaterialName`,
//! `Shape::HomeKeyMaterial`), `lib.rs` `classify` into `env_config`.
//!
//! ```
//! use hookward_facts::key_material::{key_material_named, env_config_named};
//! assert!(key_material_named("/w/app/target/deploy/escrow-keypair.json"));
//! assert!(key_material_named("/home/x/.foundry/keystores/mainnet-deployer"));
//! assert!(!key_material_named("/w/app/src/wallet/keypair.ts"));
//! assert!(env_config_named("/w/api/appsettings.Production.json"));
//! assert!(!env_config_named("/w/api/appsettings.Development.json"));
//! ```

/// Words of a file name that say it *is* key material (compared folded, whole words after
/// splitting on `-`, `_`, `.` and space):
/// * `keystore`, `keystores`: an encrypted private key store (Web3 Secret Storage, geth's
///   `keystore/UTC--…`, Foundry's `cast wallet import` into `~/.foundry/keystores/<name>`,
///   Ethereum staking deposit-cli's `keystore-m_12381_…json`; Java's `*.keystore`);
/// * `keypair`, `keypairs`: a key pair file with the private half (Solana CLI "File System
///   Wallet" `solana-keygen new -o my-keypair.json`, Anchor's `target/deploy/<program>-keypair.json`);
/// * `mnemonic`, `mnemonics`, `seedphrase`: a wallet's recovery words (BIP-39);
/// * `wallet`: a wallet file (Bitcoin Core `wallet.dat`, Electrum's `wallets/default_wallet`,
///   Exodus `exodus.wallet`);
/// * `signer`: the key a signer process or a multisig owner signs with (Safe and Foundry
///   scripts' `--account signer`, `mainnet-signer.json`).
pub const KEY_MATERIAL_WORDS: &[&str] = &[
    "keystore",
    "keystores",
    "keypair",
    "keypairs",
    "mnemonic",
    "mnemonics",
    "seedphrase",
    "wallet",
    "signer",
];

/// Folders whose every file is key material: `keystore`/`keystores` (geth, Foundry, deposit-cli
/// `validator_keys`' siblings), `keypairs`, `wallets` (Electrum's `~/.electrum/wallets`).
pub const KEY_MATERIAL_FOLDERS: &[&str] = &["keystore", "keystores", "keypairs", "wallets"];

/// Words that make a name a public part, never the secret (`signer-pubkey.json`,
/// `keypair.public.json`, `wallet-address.txt`).
const PUBLIC_WORDS: &[&str] = &[
    "pub",
    "public",
    "pubkey",
    "pubkeys",
    "address",
    "addresses",
    "cert",
    "certificate",
];

/// Extensions that are never key material by name: code, documents, archives (the list of
/// `secrets.rs`, `NOT_SECRET_EXTENSIONS`), certificates and signing requests (`.crt`, `.cer`,
/// `.csr`), and public key files (`.pub`, `.asc` exports are public by default in gpg(1)).
const NOT_KEY_EXTENSIONS: &[&str] = &["crt", "cer", "csr", "pub", "asc", "sig"];

/// Words of a name that say the key is made for tests or is a throwaway (the test frameworks'
/// and fixtures' own words, `localnet` of Solana's test validator, `anvil` and `hardhat`
/// test accounts' local chains).
const TEST_WORDS: &[&str] = &[
    "test", "tests", "testing", "dummy", "example", "sample", "mock", "fake", "fixture",
    "fixtures", "localnet", "anvil",
];

/// Words of a name that say the key belongs to a live environment (`mainnet-signer.json`,
/// `prod-keystore.json`): a key kept among test data under such a name is not a test key.
const LIVE_WORDS: &[&str] = &["mainnet", "prod", "production", "live"];

/// Whether `path` (absolute, any case) is named like key material: a word of its file name is
/// in [`KEY_MATERIAL_WORDS`]; two words in a row name a secret key (the pairs of
/// `hookward-redact`'s `names::SECRET_PAIRS` with `key`/`keys`: `deploy-key.json`,
/// `signing_keys.json`, `api-key.txt`); two words name an account's recovery codes (`backup
/// codes`, `recovery codes`: GitHub's download is `github-recovery-codes.txt`, GitHub Docs
/// "Configuring two-factor authentication recovery methods"); the extension is a key word
/// (`deployer.mnemonic`); the name has `private` and a `key`/`keys` word
/// (Sparkle's `generate_keys -x private_ed_key`, `key_private.txt`); or a folder of the path is
/// a key store ([`KEY_MATERIAL_FOLDERS`]). Not code, documents, certificates or public parts
/// ([`PUBLIC_WORDS`]), and not inside a test data folder unless the name says a live
/// environment ([`LIVE_WORDS`]).
pub fn key_material_named(path: &str) -> bool {
    let path = path.to_ascii_lowercase();
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path.as_str()));
    let bare = name.trim_start_matches('.');
    let (stem, ext) = match bare.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s, e),
        _ => (bare, ""),
    };
    if crate::secrets::not_secret_extension(ext) || NOT_KEY_EXTENSIONS.contains(&ext) {
        return false;
    }
    let words = crate::secrets::name_words(stem);
    if words.iter().any(|w| PUBLIC_WORDS.contains(w)) {
        return false;
    }
    let by_name = words.iter().any(|w| KEY_MATERIAL_WORDS.contains(w))
        || KEY_MATERIAL_WORDS.contains(&ext)
        || ext == "keystore"
        || words
            .windows(2)
            .any(|p| matches!(p[0], "backup" | "recovery") && matches!(p[1], "code" | "codes"))
        || words.windows(2).any(|p| {
            hookward_redact::names::SECRET_PAIRS
                .iter()
                .any(|(a, b)| *a == p[0] && (*b == p[1] || (*b == "key" && p[1] == "keys")))
        })
        || (words.contains(&"private") && words.iter().any(|w| matches!(*w, "key" | "keys")));
    // A name that says the key is made for tests or a throwaway (`test-keystores`,
    // `dummy-keypair.json`, `example_wallet.json`) is not somebody's key, unless it also says a
    // live environment.
    let live = words.iter().any(|w| LIVE_WORDS.contains(w));
    let by_name = by_name && (live || !words.iter().any(|w| TEST_WORDS.contains(w)));
    let in_store = dirs.split('/').any(|c| KEY_MATERIAL_FOLDERS.contains(&c));
    if !(by_name || in_store) {
        return false;
    }
    let test_data = dirs
        .split('/')
        .any(|c| crate::secrets::TEST_DATA_DIRS.contains(&c));
    !test_data || live
}

/// Base names of settings files that frameworks split by environment, with the environment's
/// name as a word of the file name: ASP.NET Core `appsettings.{Environment}.json`
/// ("Configuration in ASP.NET Core"), Spring Boot `application-{profile}.properties|yml` and
/// Spring Cloud's `bootstrap-{profile}.yml` ("Externalized Configuration: Profile Specific
/// Files"), ASP.NET `Web.{Configuration}.config` transforms, and the generic `config`,
/// `settings`, `secrets`, `database`, `parameters` (Symfony's `parameters_prod.yml`).
const ENV_SPLIT_BASES: &[&str] = &[
    "appsettings",
    "application",
    "bootstrap",
    "web",
    "config",
    "settings",
    "secrets",
    "database",
    "parameters",
];

/// Environment names that mean production or its stand-in (`Production` is ASP.NET Core's
/// default environment name; `prod` Spring's usual profile; `staging` and `live` the other names
/// deployments give it).
const PRODUCTION_WORDS: &[&str] = &["production", "prod", "staging", "live"];

/// Settings file extensions (JSON, YAML, TOML, Java properties, INI, XML `.config`).
const SETTINGS_EXTENSIONS: &[&str] = &[
    "json",
    "yml",
    "yaml",
    "toml",
    "properties",
    "ini",
    "conf",
    "config",
    "xml",
];

/// Whether `path` is a settings file named for a production environment, which holds that
/// environment's connection strings and keys: `<base>.<env>.<ext>` or `<base>-<env>.<ext>` or
/// `<base>_<env>.<ext>` with a base of [`ENV_SPLIT_BASES`] and an environment of
/// [`PRODUCTION_WORDS`] (`appsettings.Production.json`, `application-prod.yml`); node-config's
/// `config/<env>.<ext>` ("node-config: Configuration Files", `config/production.json`); and
/// Azure Functions Core Tools' `local.settings.json` (its docs: "app settings and connection
/// strings … should not be committed"). Templates are left to the caller (`.example`…), test
/// data folders are not settings of a deployment.
pub fn env_config_named(path: &str) -> bool {
    let path = path.to_ascii_lowercase();
    let (dirs, name) = path.rsplit_once('/').unwrap_or(("", path.as_str()));
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    if !SETTINGS_EXTENSIONS.contains(&ext)
        || dirs
            .split('/')
            .any(|c| crate::secrets::TEST_DATA_DIRS.contains(&c))
    {
        return false;
    }
    if name == "local.settings.json" {
        return true;
    }
    let words = crate::secrets::name_words(stem);
    if words.len() == 1 {
        let parent = dirs.rsplit('/').next().unwrap_or("");
        return parent == "config" && PRODUCTION_WORDS.contains(&stem);
    }
    words.first().is_some_and(|b| ENV_SPLIT_BASES.contains(b))
        && words.iter().skip(1).any(|w| PRODUCTION_WORDS.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// New variants written for this test (not the corpus rows).
    #[test]
    fn key_material_by_name_in_any_folder() {
        for p in [
            "/w/dapp/target/deploy/swap_pool-keypair.json",
            "/home/x/.config/solana/devnet-keypair.json",
            "/Users/x/.foundry/keystores/treasury",
            "/Users/x/.foundry/keystores/ops-signer",
            "/srv/eth/validator_keys/keystore-m_12381_3600_0_0_0-1700000000.json",
            "/w/app/Release/private_ed_key",
            "/w/app/keys/key_private.txt",
            "/home/x/.config/graph-cli/deploy-key.json",
            "/w/ci/release-signing-key.txt",
            "/home/x/.bitcoin/wallet.dat",
            "/home/x/.electrum/wallets/default_wallet",
            "/w/bots/arb/hot-wallet.json",
            "/w/app/ops/Mainnet-Signer.json",
            "/w/app/android/app/upload.keystore",
            "/w/app/seed-phrase.txt",
            "/w/app/test/fixtures/mainnet-signer.json",
            "/w/app/tests/prod-keystore.json",
            "/home/x/secrets/treasury.mnemonic",
            "/home/x/Downloads/github-recovery-codes.txt",
            "/home/x/Documents/Backup-codes-alex.txt",
            "/w/app/test-mainnet-signer.json",
            "/home/x/.foundry/keystores/test",
        ] {
            assert!(key_material_named(p), "{p} should be key material");
        }
    }

    /// Benign neighbours: code, documents, public parts, certificates, test keys, words that only
    /// contain a key word.
    #[test]
    fn neighbours_that_are_not_key_material() {
        for p in [
            "/w/dapp/src/wallet/keypair.ts",
            "/w/dapp/src/signer.rs",
            "/w/dapp/docs/keystore.md",
            "/w/dapp/target/deploy/swap_pool-keypair.pub",
            "/w/dapp/signer-pubkey.json",
            "/w/dapp/wallet-address.txt",
            "/w/app/certs/signing-key.crt",
            "/w/app/tests/fixtures/test-keypair.json",
            "/w/app/testdata/keystore/UTC--2020",
            "/w/app/package.json",
            "/w/app/walletconnect.json",
            "/w/app/signers.ts",
            "/w/app/keys/README.md",
            "/w/app/monkeys.json",
            "/w/app/keyboard-layout.json",
            "/w/app/src/recovery/codes.ts",
            "/w/app/docs/backup-codes.md",
            "/tmp/test-keystores",
            "/w/app/scripts/dummy-keypair.json",
            "/w/app/example_wallet.json",
        ] {
            assert!(!key_material_named(p), "{p} should not be key material");
        }
    }

    #[test]
    fn production_settings_by_name() {
        for p in [
            "/w/Shop.Api/appsettings.Production.json",
            "/w/Shop.Api/appsettings.Staging.json",
            "/w/svc/src/main/resources/application-prod.yml",
            "/w/svc/src/main/resources/application-production.properties",
            "/w/svc/bootstrap-prod.yaml",
            "/w/web/config/production.json",
            "/w/web/config/prod.yaml",
            "/w/Site/Web.Production.config",
            "/w/fn/local.settings.json",
            "/w/app/config.prod.toml",
        ] {
            assert!(env_config_named(p), "{p} should be production settings");
        }
        for p in [
            "/w/Shop.Api/appsettings.json",
            "/w/Shop.Api/appsettings.Development.json",
            "/w/svc/src/main/resources/application-dev.yml",
            "/w/svc/src/test/resources/application-prod.yml",
            "/w/web/tsconfig.prod.json",
            "/w/web/docker-compose.prod.yml",
            "/w/web/webpack.prod.js",
            "/w/web/production.json",
            "/w/web/config/default.json",
            "/w/web/config/production.rb",
        ] {
            assert!(
                !env_config_named(p),
                "{p} should not be production settings"
            );
        }
    }

    /// The session's tool rows in `secrets.rs` (new variants) and their neighbours in the same
    /// folders, which hold settings or public data.
    #[test]
    fn tool_key_files_and_their_neighbours() {
        use crate::secrets::{classes_of, SensitiveClass::Credential};
        let home = "/home/dev";
        for p in [
            "/home/dev/.config/solana/ops-authority.json",
            "/Users/kim/.ipfs/config",
            "/home/dev/.config/w3access/w3cli.json",
            "/home/dev/.graph-cli.json",
            "/home/dev/.crowdin.yml",
            "/home/dev/.nuget/NuGet/NuGet.Config",
            "/Users/kim/Library/Preferences/.wrangler/config/default.toml",
            "/home/dev/.config/.wrangler/config/default.toml",
            "/home/dev/.Azure/AzureRmContext.json",
            "/home/dev/.android/adbkey",
            "/home/dev/.p4tickets",
            "/Users/kim/Library/Group Containers/2BUA8C4S2C.com.1password/Library/Application Support/1Password/Data/1password.sqlite",
            "/home/dev/.foundry/keystores/ops",
            "/home/dev/Steam/config/config.vdf",
            "/home/dev/.snowflake/config.toml",
        ] {
            assert!(classes_of(p, home).contains(&Credential), "{p}");
        }
        for p in [
            "/home/dev/.config/solana/cli/config.yml",
            "/home/dev/.ipfs/datastore_spec",
            "/home/dev/.ipfs/version",
            "/home/dev/.nuget/packages/newtonsoft.json/13.0.3/newtonsoft.json.nuspec",
            "/home/dev/.android/adbkey.pub",
            "/home/dev/.android/avd/pixel.ini",
            "/home/dev/Steam/steamapps/common/x/readme.txt",
            "/home/dev/.foundry/bin/forge",
            "/home/dev/.config/solana/install/config.yml",
        ] {
            assert!(!classes_of(p, home).contains(&Credential), "{p}");
        }
    }
}
