//! Cloud and service CLIs judged by the *shape* of their subcommand path and option values
//! (issue 11 item 4, session 27, h-cloud27). The cloud CLIs name their operations with a small
//! vocabulary — a noun (`keys`, `secret`, `connection-string`, `authorization-rule`) and a verb
//! (`list`, `show`, `reset`, `create`) — and their options by what they set (`--default-action`,
//! `--allowed-origins`, `--retention-time`). Reading that vocabulary covers commands nobody
//! wrote a row for:
//!
//! - [`SECRET_NOUNS`]: a noun that names key material with a verb that reveals or mints it
//!   (`az cosmosdb keys list`, `az ad sp credential reset`, `vercel env pull`) is a secret
//!   print ([`crate::facts::SecretPrintFact`], `shell/secret-print`), unless the output is
//!   projected to names and metadata only ([`valueless_output`]: `--query "[].name"`,
//!   `--query attributes`, `-o none`), which also quiets `keys.rs` `PRINTS` rows;
//! - [`GRANT_PATHS`], [`GRANT_OPTIONS`] and [`ROLE_URLS`]: access handed out by shape (owners
//!   added, admin consent, authorization rules with `Manage`, broad permission bits, federated
//!   credentials, a machine account's password or SSH key, role membership posted through
//!   `az rest`) → `verbs` facts `admin_grant` (`shell/admin-grant`);
//! - [`EXPOSURE_OPTIONS`]: a network, firewall or CORS option given an open value (`0.0.0.0/0`,
//!   `*`, `Allow`, `Enabled`), `open-port`, a LoadBalancer service, remote debugging →
//!   `verbs` facts `network_exposed` (`shell/network-exposed`, `policy/cloudshape.rego`);
//! - [`AUDIT_NOUNS`]: audit, diagnostics and telemetry switched off, deleted or cut to days →
//!   `security_off` (`shell/security-module-off`); telemetry purged or its store deleted past
//!   recovery → `tracks_purged` (`shell/telemetry-purge`, deny);
//! - [`MIGRATE_ALL`]: every migration of a database reverted (`dotnet ef database update 0`,
//!   `alembic downgrade base`) on a target the command names → a `cloud` fact judged with its
//!   tier like any destroy;
//! - [`routine_delete`] (read by `scope.rs` `routine_delete`): one leaf resource named as
//!   throwaway, or inside a parent named non-production, is routine.

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{CloudFact, SecretPrintFact, Tier, VerbFact};

/// The cloud and service CLIs whose subcommand vocabulary this module reads, each with its
/// reference: AWS CLI v2 command reference, Google Cloud SDK `gcloud` reference, Azure CLI
/// reference (`az`), OCI CLI reference (`oci`), DigitalOcean `doctl` reference, Azure
/// Functions Core Tools (`func`), Vercel CLI, Netlify CLI, flyctl (`fly`/`flyctl`), Heroku CLI,
/// IBM Cloud CLI (`ibmcloud`), Linode CLI, Hetzner `hcloud`, Azure DevOps
/// extension and Azure Developer CLI (`azd`).
pub(crate) const CLOUD_CLIS: &[&str] = &[
    "aws",
    "gcloud",
    "az",
    "azd",
    "oci",
    "doctl",
    "func",
    "vercel",
    "netlify",
    "fly",
    "flyctl",
    "heroku",
    "ibmcloud",
    "linode-cli",
    "hcloud",
];

/// The subcommand path of a cloud CLI call: its leading words up to the first option (a
/// leading `--opt value` pair of global options is skipped), at most six, lowercased, each
/// split into parts at `-`, `:` and `_` (`list-publishing-credentials` → `list`,
/// `publishing`, `credentials`). Operand-like words (paths, URLs, `k=v`) end it.
fn path_parts(words: &[&str]) -> Vec<String> {
    let mut parts = Vec::new();
    let mut i = 0;
    // leading global options (`aws --profile x --region y s3 rb …`)
    while i < words.len() && words[i].starts_with('-') {
        i += if words[i].contains('=') { 1 } else { 2 };
    }
    for w in words.iter().skip(i).take(6) {
        if w.starts_with('-') || w.contains(['/', '=', '.', '@', ' ', '$', '*', '"', '\'']) {
            break;
        }
        for p in w.split(['-', ':', '_']) {
            if !p.is_empty() {
                parts.push(p.to_ascii_lowercase());
            }
        }
    }
    parts
}

/// The value of the first option among `names` (`--opt V`, `--opt=V`).
fn opt_value<'a>(words: &[&'a str], names: &[&str]) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(i, w)| {
        if names.contains(w) {
            return words.get(i + 1).copied();
        }
        let (k, v) = w.split_once('=')?;
        names.contains(&k).then_some(v)
    })
}

/// Every value given to an option whose name satisfies `pred` (`--opt V…` up to the next
/// option, or `--opt=V`), with the option's name (dashes stripped, lowercased).
fn option_values<'a>(words: &[&'a str], pred: impl Fn(&str) -> bool) -> Vec<(String, &'a str)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        i += 1;
        let Some(name) = w.strip_prefix("--").or_else(|| w.strip_prefix('-')) else {
            continue;
        };
        // `--no-publicly-accessible`: the negated switch sets nothing it names
        if name.starts_with("no-") {
            continue;
        }
        if let Some((k, v)) = name.split_once('=') {
            let k = k.to_ascii_lowercase();
            if pred(&k) {
                out.push((k, v));
            }
            continue;
        }
        let k = name.to_ascii_lowercase();
        if !pred(&k) {
            continue;
        }
        let mut any = false;
        while i < words.len() && !words[i].starts_with("--") {
            out.push((k.clone(), words[i]));
            any = true;
            i += 1;
        }
        if !any {
            out.push((k, ""));
        }
    }
    out
}

fn has_part(parts: &[String], any: &[&str]) -> bool {
    parts.iter().any(|p| any.contains(&p.as_str()))
}

/// Whether `parts` hold `seq` as consecutive parts, each matching one of its alternatives.
fn has_seq(parts: &[String], seq: &[&[&str]]) -> bool {
    !seq.is_empty()
        && parts.windows(seq.len()).any(|w| {
            w.iter()
                .zip(seq)
                .all(|(p, alts)| alts.contains(&p.as_str()))
        })
}

// ------------------------------------------------------------------------------------------
// 1. Secret reads by noun and verb

/// A noun of key material in a subcommand path and the verbs that put its value on the output.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SecretNoun {
    /// Consecutive parts naming it, each with its alternatives (`connection` `string(s)`).
    pub noun: &'static [&'static [&'static str]],
    /// Verb parts that print the value (read verbs) or mint and print a new one.
    pub reveal: &'static [&'static str],
    /// Parts that make the noun something else (a key *registry* whose listing shows ids).
    pub unless: &'static [&'static str],
    /// A command that must match (a variant, not a corpus row).
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// A neighbour that must stay quiet.
    #[allow(dead_code)] // read by the tests
    pub quiet: &'static str,
    /// Where the behaviour is documented.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

/// Verbs that read a stored value out (shared by most rows).
const READ_VERBS: &[&str] = &[
    "show", "get", "export", "pull", "fetch", "download", "backup", "print", "reveal", "access",
    "dump", "value",
];

/// Key registries: their keys are handles (KMS, Key Vault keys, SSH and signing keys, IAM key
/// ids, public keys, tag keys, API Gateway usage-plan keys, Payment Cryptography keys) whose
/// listing or showing returns ids and public parts, never the secret (AWS KMS `list-keys`,
/// Azure Key Vault `key show`, `gcloud iam service-accounts keys list`, `doctl compute ssh-key
/// list`, `aws iam list-access-keys`: "does not return the secret key"; `aws cloudfront
/// list-public-keys`; Linode `object-storage keys list` redacts `secret_key`; API keys are
/// the `api` `key` row's).
const KEY_REGISTRIES: &[&str] = &[
    "api",
    "apigateway",
    "public",
    "tag",
    "tags",
    "usage",
    "plan",
    "cryptography",
    "object",
    "id",
    "kms",
    "keyvault",
    "keyring",
    "keyrings",
    "iam",
    "ssh",
    "gpg",
    "pgp",
    "signing",
    "pair",
    "pairs",
    "keypair",
    "keypairs",
    "sshkey",
    "sshkeys",
    "vault",
    "encryption",
    "cmk",
];

/// The table (sources in each row).
pub(crate) const SECRET_NOUNS: &[SecretNoun] = &[
    SecretNoun {
        noun: &[&["keys"]],
        reveal: &["list", "show", "get", "export", "renew", "regenerate"],
        unless: KEY_REGISTRIES,
        example: "az eventhubs namespace authorization-rule keys list -g rg --namespace-name ns -n r",
        quiet: "aws kms list-keys",
        source: "Azure CLI `… keys list` (storage accounts, Cosmos DB, Service Bus, Event Hubs, \
                 Search admin-key, Maps, SignalR: access keys), `az storage account keys renew`",
    },
    SecretNoun {
        noun: &[&["access", "account", "admin", "primary", "master", "query"], &["key", "keys"]],
        reveal: &["list", "show", "get", "export", "renew", "regenerate"],
        unless: KEY_REGISTRIES,
        example: "az search admin-key show --service-name s -g rg",
        quiet: "aws configure get aws_access_key_id",
        source: "Azure CLI `az search admin-key show`, `az maps account keys list`; an access \
                 key's *id* is no secret (`aws configure get aws_access_key_id`)",
    },
    SecretNoun {
        noun: &[&["api"], &["key", "keys"]],
        reveal: &["string", "export"],
        unless: &[],
        example: "gcloud services api-keys get-key-string projects/p/locations/global/keys/k",
        quiet: "aws apigateway get-api-key --api-key k --include-value",
        source: "`gcloud services api-keys get-key-string`; minting and showing API keys \
                 (`aws apigateway get-api-key`, `ibmcloud iam service-api-key-create`) are \
                 everyday in the public sets (aws-cli-examples, tldr)",
    },
    SecretNoun {
        noun: &[&["secret", "secrets"]],
        reveal: READ_VERBS,
        unless: &[],
        example: "oci secrets secret-bundle get --secret-id ocid1.vaultsecret.x",
        quiet: "az keyvault secret list --vault-name kv",
        source: "Azure CLI `az keyvault secret show|download|backup`, OCI `secrets secret-bundle \
                 get`, `gcloud secrets versions access`; `list` returns names only",
    },
    SecretNoun {
        noun: &[&["credential", "credentials", "creds"]],
        reveal: &[
            "show", "get", "export", "fetch", "download", "reset", "renew", "print", "dump",
        ],
        unless: &["federated", "report", "role", "cluster"],
        example: "az ad app credential reset --id 00000000-0000-0000-0000-000000000001",
        quiet: "aws iam get-credential-report",
        source: "Azure CLI `az ad app|sp credential reset` (prints the new password), `az acr \
                 credential show|renew`; `credential list` returns no secret; short-lived \
                 credentials fetched for a session (`aws sso get-role-credentials`, `aws \
                 redshift get-cluster-credentials`) are everyday in the public sets",
    },
    SecretNoun {
        noun: &[&["publishing"], &["credentials", "profile", "profiles", "password"]],
        reveal: &["list", "show", "get", "download"],
        unless: &[],
        example: "az functionapp deployment list-publishing-credentials -g rg -n fn",
        quiet: "az webapp deployment slot list -g rg -n app",
        source: "Azure CLI `az webapp|functionapp deployment list-publishing-profiles|\
                 list-publishing-credentials` (deployment user and password)",
    },
    SecretNoun {
        noun: &[&["connection"], &["string", "strings", "uri", "url"]],
        reveal: &["list", "show", "get"],
        unless: &[],
        example: "az postgres flexible-server show-connection-string -s srv",
        quiet: "az webapp config connection-string delete -g rg -n app --setting-names x",
        source: "Azure CLI `show-connection-string`, `az webapp config connection-string list`",
    },
    SecretNoun {
        noun: &[&["password", "passwords"]],
        reveal: &["get", "show", "print", "generate", "regenerate", "renew"],
        unless: &["policy", "data"],
        example: "aws lightsail get-relational-database-master-user-password --relational-database-name db1",
        quiet: "aws iam get-account-password-policy",
        source: "AWS Lightsail `get-relational-database-master-user-password`; `reset` mails or \
                 sets one (`aws cognito-idp admin-reset-user-password`, `doctl compute \
                 droplet-action password-reset`) and `ec2 get-password-data` is encrypted",
    },
    SecretNoun {
        noun: &[&["private"], &["key", "keys"]],
        reveal: READ_VERBS,
        unless: &[],
        example: "oci iot certificate private-key get --id x",
        quiet: "aws ec2 describe-key-pairs",
        source: "cloud certificate managers' private-key export verbs (OCI, Linode)",
    },
    SecretNoun {
        noun: &[&["kubeconfig"]],
        reveal: &["show", "get", "print", "download", "export", "view"],
        unless: &[],
        example: "linode-cli lke kubeconfig-view 123",
        quiet: "doctl kubernetes cluster list",
        source: "doctl `kubernetes cluster kubeconfig show`, Linode `lke kubeconfig-view`",
    },
    SecretNoun {
        noun: &[&["appsettings", "vars", "variables", "variable"]],
        reveal: &["export", "list", "get", "show"],
        unless: &["log", "logs"],
        example: "az pipelines variable-group variable list --group-id 3 --query '*.value'",
        quiet: "az pipelines variable-group create --name g --variables a=b",
        source: "Azure DevOps `az pipelines variable-group variable list`, `az webapp config \
                 appsettings list`",
    },
    SecretNoun {
        noun: &[&["env", "app"], &["pull", "settings"]],
        reveal: &["pull", "fetch", "download"],
        unless: &[],
        example: "vercel env pull /tmp/p.env --environment=production",
        quiet: "vercel env pull .env.local",
        source: "Vercel CLI `env pull` (writes every variable's value to a file), Azure \
                 Functions Core Tools `func azure functionapp fetch-app-settings` (decrypted \
                 settings into local.settings.json): a file written, everyday for a \
                 development environment (tldr), a print only for production ([`PULLS`])",
    },
];

/// Rows of [`SECRET_NOUNS`] that write the values into a file rather than print them: a print
/// only when the environment or app is production by name (`tier.rs` `PROD_WORDS`).
const PULLS: &[&str] = &["pull", "fetch"];

/// Verb parts that store, remove or restore a value and never print one: a command with one
/// of these in its path is not a print (`az keyvault secret set`, `… connection-string delete`).
const NON_PRINT_VERBS: &[&str] = &[
    "set", "delete", "remove", "rm", "purge", "recover", "restore", "update", "add", "unset",
];

/// Commands that fetch credentials into a kubeconfig or a credential file rather than
/// printing them (`az aks get-credentials`: "merges into ~/.kube/config"; `gcloud container
/// clusters get-credentials`: "updates a kubeconfig file"; `doctl kubernetes cluster
/// kubeconfig save` has no printing verb of its row): not a print, unless the file is
/// standard output (`--file -`). With `--admin` they fetch the cluster's administrator
/// credential, which bypasses Azure AD role checks (az aks get-credentials docs): a grant.
const KUBECONFIG_WRITERS: &[&str] = &["get-credentials"];

/// Fields of a cloud CLI's JSON output that never hold a secret's value: names, ids and
/// metadata (Azure Key Vault `SecretAttributes`, App Service `NameValuePair.slotSetting`, ARM
/// resource `id`/`name`/`type`/`location`/`tags`).
const VALUELESS_FIELDS: &[&str] = &[
    "name",
    "names",
    "id",
    "ids",
    "kid",
    "attributes",
    "enabled",
    "created",
    "updated",
    "expires",
    "notbefore",
    "recoverylevel",
    "recoverabledays",
    "contenttype",
    "tags",
    "slotsetting",
    "type",
    "kind",
    "location",
    "resourcegroup",
    "keyname",
    "createtime",
    "createdon",
    "updatedon",
    "state",
    "labels",
    "etag",
    "managed",
    "status",
    "length",
    "expireson",
    "expires_on",
    "tokentype",
    "tenant",
    "subscription",
];

/// JMESPath / gcloud projection text whose every field is one of [`VALUELESS_FIELDS`]: keys of
/// a multiselect hash (`{n: name}`) and function names are not fields; quoted text is skipped.
fn valueless_projection(expr: &str) -> bool {
    let b = expr.as_bytes();
    let mut fields = 0usize;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\'' || c == b'"' || c == b'`' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += 1;
            }
            i += 1;
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let word = &expr[start..i];
            let next = expr[i..].trim_start().chars().next();
            if next == Some('(') {
                continue; // a function
            }
            if next == Some(':') {
                continue; // a multiselect hash key (`{u: publishingUserName}`)
            }
            fields += 1;
            if !VALUELESS_FIELDS.contains(&word.to_ascii_lowercase().as_str()) {
                return false;
            }
            continue;
        }
        i += 1;
    }
    fields > 0
}

/// Whether the command's output options keep every secret off the output: `-o none` (Azure
/// CLI output format `none`), a `--query` (Azure CLI, AWS CLI: JMESPath) or a gcloud
/// `--format=value(…)`/`table(…)`/`csv(…)` projection naming names and metadata only.
/// `words` as written or normalised by `keys.rs` (`-o=none`).
pub(crate) fn valueless_output<S: AsRef<str>>(words: &[S]) -> bool {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    if let Some(o) = opt_value(&words, &["-o", "--output"]) {
        if o.eq_ignore_ascii_case("none") {
            return true;
        }
    }
    if words.iter().any(|w| w.eq_ignore_ascii_case("-o=none")) {
        return true;
    }
    if let Some(q) = opt_value(&words, &["--query"]) {
        return valueless_projection(q);
    }
    if let Some(f) = opt_value(&words, &["--format"]) {
        if let Some((kind, rest)) = f.split_once('(') {
            if matches!(kind, "value" | "table" | "csv" | "list" | "yaml" | "json") {
                return valueless_projection(rest.trim_end_matches(')'));
            }
        }
    }
    false
}

/// The first [`SECRET_NOUNS`] row a cloud CLI's subcommand path matches, with the noun's words.
fn secret_noun(parts: &[String]) -> Option<&'static SecretNoun> {
    SECRET_NOUNS.iter().find(|row| {
        has_seq(parts, row.noun)
            && has_part(parts, row.reveal)
            && !has_part(parts, row.unless)
            && !has_part(parts, NON_PRINT_VERBS)
    })
}

/// Adds a secret print for a cloud CLI whose path names key material with a revealing verb
/// ([`SECRET_NOUNS`]) when `keys.rs` found none for the same command.
fn secret_read(
    a: &mut Analyzer,
    name: &str,
    words: &[&str],
    parts: &[String],
    inv: &Inv,
    captured: bool,
) {
    let ev = clip(&inv.evidence);
    if a.facts
        .secret_prints
        .iter()
        .any(|p| p.evidence == ev && !p.by_shape)
    {
        return;
    }
    if super::cloud::inspection_only(words) || valueless_output(words) {
        return;
    }
    if KUBECONFIG_WRITERS
        .iter()
        .any(|k| words.iter().take(6).any(|w| w == k))
        && opt_value(words, &["--file", "-f"]) != Some("-")
    {
        return;
    }
    let Some(row) = secret_noun(parts) else {
        return;
    };
    let noun: Vec<&str> = parts
        .iter()
        .filter(|p| row.noun.iter().any(|alts| alts.contains(&p.as_str())))
        .map(String::as_str)
        .collect();
    let verb = parts
        .iter()
        .find(|p| row.reveal.contains(&p.as_str()))
        .map(String::as_str)
        .unwrap_or("");
    if PULLS.contains(&verb)
        && !words
            .iter()
            .any(|w| crate::tier::name_tier(w) == Some(Tier::Prod))
    {
        return;
    }
    // `keys.rs`'s generic shape found it too: this CLI's vocabulary makes it a print
    a.facts
        .secret_prints
        .retain(|p| !(p.evidence == ev && p.by_shape));
    a.facts.secret_prints.push(SecretPrintFact {
        program: name.to_string(),
        form: format!("{} {verb}", noun.join("-")),
        captured,
        by_shape: false,
        evidence: ev,
    });
}

// ------------------------------------------------------------------------------------------
// 2. Grants by shape

/// A subcommand path that hands out access, with the options one of which it needs (empty:
/// none).
#[derive(Debug, Clone, Copy)]
pub(crate) struct GrantPath {
    /// Groups of parts, every group present somewhere in the path.
    pub parts: &'static [&'static [&'static str]],
    /// Options (dashes stripped) one of which must be given; a trailing `*` is a suffix match
    /// from the start (`*-permissions`: any option ending so).
    pub needs: &'static [&'static str],
    /// What it hands out.
    pub detail: &'static str,
    /// A command that must match (a variant, not a corpus row).
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Where the behaviour is documented.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

/// The table.
pub(crate) const GRANT_PATHS: &[GrantPath] = &[
    GrantPath {
        parts: &[&["owner", "owners"], &["add", "create"]],
        needs: &[],
        detail: "an owner added (owners manage the object's credentials and members)",
        example: "az ad sp owner add --id 1 --owner-object-id 2",
        source: "Azure CLI `az ad app|sp|group owner add`; Microsoft Entra docs: owners can \
                 add credentials to an application",
    },
    GrantPath {
        parts: &[
            &["consent", "grant"],
            &["admin", "permission", "permissions"],
        ],
        needs: &[],
        detail: "admin consent to every permission the application asks for",
        example: "az ad app permission grant --id 1 --api 2 --scope Directory.ReadWrite.All",
        source: "Azure CLI `az ad app permission admin-consent|grant` (tenant-wide consent)",
    },
    GrantPath {
        parts: &[&["federated"], &["create", "add", "update"]],
        needs: &[],
        detail: "an outside identity provider's tokens trusted for the application",
        example: "az identity federated-credential create --identity-name id -g rg -n fc \
                  --issuer https://token.actions.githubusercontent.com --subject repo:x/y:ref:main",
        source: "Azure CLI `az ad app federated-credential create`, `az identity \
                 federated-credential create` (workload identity federation)",
    },
    GrantPath {
        parts: &[&["policy"], &["set", "add", "put"]],
        needs: &["*-permissions"],
        detail: "an access policy granting permissions",
        example: "az keyvault set-policy -n kv --object-id 1 --certificate-permissions all",
        source: "Azure CLI `az keyvault set-policy --secret-permissions|--key-permissions|\
                 --certificate-permissions|--storage-permissions`",
    },
    GrantPath {
        parts: &[
            &["vm", "vmss"],
            &["user", "users"],
            &["update", "create", "add", "reset"],
        ],
        needs: &[
            "p",
            "password",
            "ssh-key-value",
            "ssh-key-values",
            "ssh-key",
            "public-key",
        ],
        detail: "a password or SSH key set for an account on a machine",
        example: "az vm user update -g rg -n vm -u ops --ssh-key-value @key.pub",
        source: "Azure CLI `az vm user update` (VMAccess extension: resets a user's password or \
                 SSH key), `az vmss user update`",
    },
    GrantPath {
        parts: &[&["metadata"], &["add", "set", "update"]],
        needs: &["metadata", "metadata-from-file"],
        detail: "SSH keys added to a machine's metadata",
        example:
            "gcloud compute project-info add-metadata --metadata ssh-keys='root:ssh-ed25519 AAAA'",
        source: "gcloud `compute instances|project-info add-metadata --metadata ssh-keys=…` \
                 (Compute Engine guest agent creates the account)",
    },
];

/// Options whose value says how much access is handed out, and the values that mean all of it
/// (Azure Service Bus/Event Hubs authorization rule `--rights Manage` — "Manage implies Send
/// and Listen" and entity management; Azure DevOps `az devops security permission update
/// --allow-bit` with eight or more bits; `--permissions all`, `--role owner|admin`).
pub(crate) const GRANT_OPTIONS: &[&str] = &[
    "rights",
    "allow-bit",
    "permissions",
    "permission",
    "role",
    "access-level",
];

/// Values of [`GRANT_OPTIONS`] that grant everything.
const BROAD_VALUES: &[&str] = &[
    "manage",
    "all",
    "*",
    "owner",
    "admin",
    "administrator",
    "full",
    "fullcontrol",
    "full-access",
    "full_access",
];

/// Verb parts with which a [`GRANT_OPTIONS`] value hands access out (not a `list` or `delete`).
const GRANT_VERBS: &[&str] = &[
    "create", "update", "add", "grant", "set", "assign", "invite",
];

fn broad_value(v: &str) -> bool {
    let v = v.trim_matches(|c| c == '"' || c == '\'');
    if BROAD_VALUES.iter().any(|b| v.eq_ignore_ascii_case(b)) {
        return true;
    }
    // permission bits: eight or more set (Azure DevOps security namespaces)
    v.parse::<u64>().is_ok_and(|n| n.count_ones() >= 8)
}

/// URL paths of role collections a write to which hands out a privileged role: Microsoft
/// Graph `POST /directoryRoles/{id}/members/$ref` ("Add directory role member"), `POST
/// /roleManagement/directory/roleAssignments`, `appRoleAssignments`,
/// `oauth2PermissionGrants`; ARM `PUT …/providers/Microsoft.Authorization/roleAssignments/{id}`.
/// Matched lowercased, anywhere in the URL. Not GitHub's memberships and collaborators: an
/// ordinary role there is everyday, and an admin one is `shell.rego`'s (`shell/admin-grant` by
/// field).
pub(crate) const ROLE_URLS: &[&str] = &[
    "/directoryroles/",
    "/rolemanagement/directory/roleassignments",
    "/approleassignments",
    "/oauth2permissiongrants",
    "/microsoft.authorization/roleassignments",
];

/// The HTTP method of `az rest` (`--method`, `-m`) and `az devops invoke` (`--http-method`);
/// GET when none is given.
fn http_method(words: &[&str]) -> String {
    opt_value(words, &["--method", "-m", "--http-method"])
        .map(str::to_ascii_uppercase)
        .unwrap_or_else(|| "GET".into())
}

fn push_verb(a: &mut Analyzer, class: &str, name: &str, verb: &str, detail: String, inv: &Inv) {
    a.facts.verbs.push(VerbFact {
        class: class.to_string(),
        program: name.to_string(),
        verb: verb.to_string(),
        detail,
        evidence: clip(&inv.evidence),
    });
}

fn grants(a: &mut Analyzer, name: &str, words: &[&str], parts: &[String], inv: &Inv) {
    let verb = parts.join(" ");
    // `az aks get-credentials --admin`: the cluster's administrator credential
    if KUBECONFIG_WRITERS
        .iter()
        .any(|k| words.iter().take(6).any(|w| w == k))
        && words.contains(&"--admin")
    {
        push_verb(
            a,
            "admin_grant",
            name,
            &verb,
            "the cluster administrator's credential (--admin)".into(),
            inv,
        );
        return;
    }
    // reading who has access grants nothing (`aws sso-admin list-permission-sets`)
    if has_part(parts, &["list", "show", "get", "describe"]) {
        return;
    }
    for row in GRANT_PATHS {
        if !row.parts.iter().all(|g| has_part(parts, g)) {
            continue;
        }
        let needed = row.needs.is_empty()
            || !option_values(words, |k| {
                row.needs.iter().any(|n| match n.strip_prefix('*') {
                    Some(suffix) => k.ends_with(suffix),
                    None => k == *n,
                })
            })
            .is_empty();
        // `metadata`: only an SSH key entry (`ssh-keys=…`, `sshKeys=…`)
        let ssh_meta = !row.needs.contains(&"metadata")
            || words.iter().any(|w| {
                let l = w.to_ascii_lowercase();
                l.contains("ssh-keys") || l.contains("sshkeys")
            });
        if needed && ssh_meta {
            push_verb(a, "admin_grant", name, &verb, row.detail.to_string(), inv);
            return;
        }
    }
    if has_part(parts, GRANT_VERBS) && !has_part(parts, &["list", "show", "delete", "remove"]) {
        if let Some((k, v)) = option_values(words, |k| GRANT_OPTIONS.contains(&k))
            .into_iter()
            .find(|(_, v)| broad_value(v))
        {
            push_verb(a, "admin_grant", name, &verb, format!("--{k} {v}"), inv);
            return;
        }
    }
    // role membership written through the CLI's raw API caller
    let raw_api = name == "az"
        && (words.first() == Some(&"rest")
            || parts.starts_with(&["devops".into(), "invoke".into()]));
    if raw_api && matches!(http_method(words).as_str(), "POST" | "PUT" | "PATCH") {
        let url = words.iter().find(|w| {
            let l = w.to_ascii_lowercase();
            ROLE_URLS.iter().any(|u| l.contains(u))
        });
        let area = opt_value(words, &["--area", "--resource"])
            .filter(|v| v.to_ascii_lowercase().contains("permission"));
        if let Some(u) = url.copied().or(area) {
            push_verb(
                a,
                "admin_grant",
                name,
                &verb,
                format!("role or permission write {u}"),
                inv,
            );
        }
    }
}

// ------------------------------------------------------------------------------------------
// 3. Exposure by option value

/// Parts of an option name that say it decides who may connect (Azure CLI
/// `--default-action`, `--public-network-access`, `--ip-range-filter`, `--allowed-origins`,
/// `--start-ip-address`; gcloud `--source-ranges`, `--authorized-networks`; AWS `--cidr`,
/// `--publicly-accessible`).
pub(crate) const EXPOSURE_OPTIONS: &[&str] = &[
    "network",
    "networks",
    "firewall",
    "cors",
    "origin",
    "origins",
    "default-action",
    "public-network-access",
    "enable-public-network",
    "ip-range",
    "ip-range-filter",
    "ip-rules",
    "source-ranges",
    "source-address-prefix",
    "source-address-prefixes",
    "cidr",
    "cidr-ip",
    "allowed-ips",
    "authorized-networks",
    "start-ip-address",
    "publicly-accessible",
    "public-access",
    "ip-address",
];

/// Values that open a network option to everyone.
fn open_value(option: &str, v: &str) -> bool {
    let v = v
        .trim_matches(|c| c == '"' || c == '\'')
        .to_ascii_lowercase();
    let any_address = v.split([',', ' ']).any(|x| {
        matches!(
            x,
            "0.0.0.0/0" | "::/0" | "*" | "0.0.0.0" | "internet" | "any" | "0.0.0.0-255.255.255.255"
        )
    });
    if any_address && option != "default-action" {
        return true;
    }
    match option {
        "default-action" => v == "allow",
        "public-network-access" | "enable-public-network" => {
            matches!(v.as_str(), "enabled" | "true")
        }
        "publicly-accessible" => v.is_empty() || v == "true",
        // Azure Database flexible servers: `--public-access All` (every address)
        "public-access" => v == "all",
        _ => false,
    }
}

fn exposure(a: &mut Analyzer, name: &str, words: &[&str], parts: &[String], inv: &Inv) {
    let verb = parts.join(" ");
    // reading, removing or revoking a rule opens nothing; outbound rules open nothing inbound
    // (`aws ec2 authorize-security-group-egress --cidr 0.0.0.0/0` is the default egress rule)
    if has_part(
        parts,
        &[
            "list", "show", "delete", "remove", "describe", "get", "revoke", "egress", "outbound",
        ],
    ) || opt_value(words, &["--direction"])
        .is_some_and(|d| d.eq_ignore_ascii_case("outbound") || d.eq_ignore_ascii_case("egress"))
    {
        return;
    }
    let opened = option_values(words, |k| {
        EXPOSURE_OPTIONS
            .iter()
            .any(|o| k == *o || k.ends_with(&format!("-{o}")))
    });
    // A firewall range from 0.0.0.0 to 0.0.0.0 is Azure's documented "Allow Azure services"
    // rule (Azure SQL docs, "Connections from inside Azure"), not every address: a start/end
    // pair opens the world only when it runs to 255.255.255.255.
    let end = opt_value(words, &["--end-ip-address"]).map(|v| v.trim_matches(['"', '\'']));
    let world_range = end.is_none_or(|e| e == "255.255.255.255");
    // A rule that names its ports opens the world only on an administration or data-store port
    // ([`ADMIN_PORTS`]): HTTPS from `Internet` is what a public web server is for.
    let ports = opt_value(
        words,
        &[
            "--destination-port-ranges",
            "--destination-port-range",
            "--ports",
            "--port-range",
        ],
    );
    let service_port = ports.is_some_and(|p| !admin_port(p.trim_matches(['"', '\''])));
    if let Some((k, v)) = opened.iter().find(|(k, v)| {
        let key = EXPOSURE_OPTIONS
            .iter()
            .find(|o| k == *o || k.ends_with(&format!("-{o}")))
            .copied()
            .unwrap_or("");
        if matches!(key, "ip-address" | "start-ip-address") && !world_range {
            return false;
        }
        !service_port && open_value(key, v)
    }) {
        push_verb(a, "network_exposed", name, &verb, format!("--{k} {v}"), inv);
        return;
    }
    // Azure CLI `az vm open-port`: an inbound rule from any source ("Opens a VM to inbound
    // traffic on specified ports"; the NSG rule's source is `*`).
    if has_seq(parts, &[&["open"], &["port", "ports"]]) {
        if let Some(port) = opt_value(words, &["--port"]).filter(|p| admin_port(p)) {
            push_verb(
                a,
                "network_exposed",
                name,
                &verb,
                format!("inbound port {port} opened to any source"),
                inv,
            );
            return;
        }
    }
    // App Service remote debugging (`az webapp config set --remote-debugging-enabled true`):
    // a debugger port reachable from outside.
    if option_values(words, |k| k.contains("remote-debugging"))
        .iter()
        .any(|(_, v)| v.eq_ignore_ascii_case("true"))
    {
        push_verb(
            a,
            "network_exposed",
            name,
            &verb,
            "remote debugging switched on".into(),
            inv,
        );
    }
}

/// Ports of remote administration and data stores (IANA service names): SSH 22, telnet 23,
/// RDP 3389, WinRM 5985/5986, VNC 5900, SQL Server 1433, MySQL 3306, PostgreSQL 5432, Redis
/// 6379, MongoDB 27017, Elasticsearch 9200, Docker 2375/2376, Kubernetes API 6443, etcd 2379.
/// A web port (80, 443) opened on a web server is everyday (cheat.sh `az vm open-port --port
/// 443`). `*` and ranges open every port.
pub(crate) const ADMIN_PORTS: &[u32] = &[
    22, 23, 3389, 5985, 5986, 5900, 1433, 3306, 5432, 6379, 27017, 9200, 2375, 2376, 6443, 2379,
];

fn admin_port(spec: &str) -> bool {
    spec.split(',').any(|p| {
        let p = p.trim();
        if p == "*" {
            return true;
        }
        match p.split_once('-') {
            Some((a, b)) => match (a.parse::<u32>(), b.parse::<u32>()) {
                (Ok(a), Ok(b)) => ADMIN_PORTS.iter().any(|x| (a..=b).contains(x)),
                _ => false,
            },
            None => p.parse::<u32>().is_ok_and(|n| ADMIN_PORTS.contains(&n)),
        }
    })
}

/// `kubectl expose … --type=LoadBalancer`, `kubectl create service loadbalancer`, a patch
/// setting a service's `type` to `LoadBalancer` (Kubernetes docs, "Service type
/// LoadBalancer": exposes the Service externally using a cloud provider's load balancer), in a
/// context or namespace named production.
fn kube_exposure(a: &mut Analyzer, name: &str, words: &[&str], inv: &Inv) {
    if super::cloud::inspection_only(words)
        || opt_value(words, &["--dry-run"]).is_some()
        || words.iter().any(|w| w.starts_with("--dry-run"))
    {
        return;
    }
    // a LoadBalancer is everyday in a tutorial's or a team's cluster (the public sets' CKA
    // exercises, minikube and Kubernetes examples): asked only where the context or namespace
    // is production by name
    let prod = opt_value(words, &["--context", "-n", "--namespace"])
        .is_some_and(|v| crate::tier::name_tier(v) == Some(Tier::Prod));
    if !prod {
        return;
    }
    let Some(at) = words
        .iter()
        .take(6)
        .position(|w| matches!(*w, "expose" | "create" | "patch"))
    else {
        return;
    };
    let words = &words[at..];
    let lb = |w: &&str| w.to_ascii_lowercase().contains("loadbalancer");
    let expose = words.first() == Some(&"expose")
        && opt_value(words, &["--type"]).is_some_and(|t| t.eq_ignore_ascii_case("loadbalancer"));
    let create = words.first() == Some(&"create")
        && words.get(1) == Some(&"service")
        && words
            .get(2)
            .is_some_and(|w| w.eq_ignore_ascii_case("loadbalancer"));
    let patch = words.first() == Some(&"patch") && words.iter().any(lb);
    if expose || create || patch {
        push_verb(
            a,
            "network_exposed",
            name,
            words.first().copied().unwrap_or(""),
            "a Service of type LoadBalancer (an address outside the cluster)".into(),
            inv,
        );
    }
}

// ------------------------------------------------------------------------------------------
// 4. Audit and logs off

/// Parts of a subcommand path naming audit, diagnostics or logging (Azure SQL `audit-policy`,
/// `az monitor diagnostic-settings`, Defender `threat-policy`, `az network watcher flow-log`,
/// AWS CloudTrail `trail`, gcloud `logging sinks`, Log Analytics workspaces and tables,
/// Application Insights).
pub(crate) const AUDIT_NOUNS: &[&str] = &[
    "audit",
    "auditing",
    "diagnostic",
    "diagnostics",
    "threat",
    "defender",
    "atp",
    "flow",
    "trail",
    "cloudtrail",
    "logging",
    "log",
    "logs",
    "analytics",
    "insights",
    "vulnerability",
];

/// Option names whose off value switches auditing off (`--state Disabled`, `--enabled false`).
const STATE_OPTIONS: &[&str] = &["state", "status", "enabled", "enable", "logging"];

fn off_value(v: &str) -> bool {
    matches!(
        v.trim_matches(|c| c == '"' || c == '\'')
            .to_ascii_lowercase()
            .as_str(),
        "disabled" | "disable" | "false" | "off" | "none" | "0"
    )
}

/// Setting names of telemetry exporters whose emptying or `disabled` value stops the
/// telemetry (Application Insights `APPLICATIONINSIGHTS_CONNECTION_STRING`,
/// `APPINSIGHTS_INSTRUMENTATIONKEY`, `ApplicationInsightsAgent_EXTENSION_VERSION=disabled`;
/// OpenTelemetry `OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_SDK_DISABLED=true`; Datadog `DD_API_KEY`,
/// `DD_TRACE_ENABLED`; New Relic `NEW_RELIC_LICENSE_KEY`; Sentry `SENTRY_DSN`).
pub(crate) const TELEMETRY_SETTINGS: &[&str] = &[
    "APPLICATIONINSIGHTS",
    "APPINSIGHTS",
    "INSTRUMENTATIONKEY",
    "OTEL_EXPORTER",
    "OTEL_SDK_DISABLED",
    "DD_API_KEY",
    "DD_TRACE_ENABLED",
    "NEW_RELIC",
    "SENTRY_DSN",
];

/// Retention shorter than this many days cuts the record an investigation needs (Azure
/// Monitor "Manage data retention": default 30 days, tables down to 4; CloudWatch Logs
/// retention values 1, 3, 5, 7 …; AWS CloudTrail Lake minimum 7).
pub(crate) const MIN_RETENTION_DAYS: u64 = 7;

fn audit_off(a: &mut Analyzer, name: &str, words: &[&str], parts: &[String], inv: &Inv) {
    let verb = parts.join(" ");
    let audit = has_part(parts, AUDIT_NOUNS);
    if audit
        && has_part(parts, &["purge"])
        && has_part(
            parts,
            &[
                "insights",
                "analytics",
                "log",
                "logs",
                "logging",
                "monitor",
                "audit",
                "trail",
            ],
        )
    {
        push_verb(
            a,
            "tracks_purged",
            name,
            &verb,
            "telemetry or log records purged".into(),
            inv,
        );
        return;
    }
    // A log store deleted past its recovery period (`az monitor log-analytics workspace delete
    // --force`: "deletes the workspace without the recovery option").
    if has_part(
        parts,
        &["analytics", "insights", "logging", "trail", "cloudtrail"],
    ) && has_part(parts, &["delete", "remove"])
        && words
            .iter()
            .any(|w| matches!(*w, "--force" | "--permanently" | "--purge"))
    {
        push_verb(
            a,
            "tracks_purged",
            name,
            &verb,
            "a log store deleted past recovery".into(),
            inv,
        );
        return;
    }
    if audit && !has_part(parts, &["list", "show", "get", "describe"]) {
        if let Some((k, v)) = option_values(words, |k| STATE_OPTIONS.contains(&k))
            .into_iter()
            .find(|(_, v)| off_value(v))
        {
            push_verb(
                a,
                "security_off",
                name,
                &verb,
                format!("auditing switched off (--{k} {v})"),
                inv,
            );
            return;
        }
        if has_part(parts, &["stop", "disable"])
            && has_part(
                parts,
                &[
                    "logging",
                    "audit",
                    "auditing",
                    "trail",
                    "cloudtrail",
                    "diagnostic",
                    "diagnostics",
                ],
            )
        {
            push_verb(
                a,
                "security_off",
                name,
                &verb,
                "auditing or logging stopped".into(),
                inv,
            );
            return;
        }
        if has_part(parts, &["delete", "remove"])
            && has_part(
                parts,
                &[
                    "diagnostic",
                    "diagnostics",
                    "audit",
                    "auditing",
                    "trail",
                    "flow",
                    "sink",
                    "sinks",
                ],
            )
        {
            push_verb(
                a,
                "security_off",
                name,
                &verb,
                "auditing or diagnostics deleted".into(),
                inv,
            );
            return;
        }
        // of a production or an audit log (a test log group's short retention saves money)
        let audit_log = words.iter().any(|w| {
            let l = w.to_ascii_lowercase();
            crate::tier::name_tier(w) == Some(Tier::Prod)
                || ["audit", "trail", "diagnostic", "security", "signin"]
                    .iter()
                    .any(|x| l.contains(x))
        });
        if let Some((k, v)) = option_values(words, |k| k.contains("retention"))
            .into_iter()
            .find(|(_, v)| audit_log && v.parse::<u64>().is_ok_and(|d| d < MIN_RETENTION_DAYS))
        {
            push_verb(
                a,
                "security_off",
                name,
                &verb,
                format!("log retention cut to {v} days (--{k})"),
                inv,
            );
            return;
        }
    }
    // Telemetry settings emptied or disabled through a settings command
    if has_part(parts, &["set", "update", "add"])
        && has_part(
            parts,
            &[
                "settings",
                "appsettings",
                "env",
                "config",
                "vars",
                "variables",
            ],
        )
    {
        for w in words {
            let Some((k, v)) = w.split_once('=') else {
                continue;
            };
            let up = k.trim_start_matches('-').to_ascii_uppercase();
            if !TELEMETRY_SETTINGS.iter().any(|t| up.contains(t)) {
                continue;
            }
            let off = if up.contains("DISABLED") {
                v.eq_ignore_ascii_case("true")
            } else {
                v.is_empty() || off_value(v)
            };
            if off {
                push_verb(
                    a,
                    "security_off",
                    name,
                    &verb,
                    format!("telemetry switched off ({k}={v})"),
                    inv,
                );
                return;
            }
        }
    }
}

// ------------------------------------------------------------------------------------------
// 5. Migrations to zero

/// A form that reverts every migration of a database.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MigrateAll {
    /// Program names (empty: any program, e.g. an EF bundle of any name).
    pub programs: &'static [&'static str],
    /// Consecutive words that must appear.
    pub seq: &'static [&'static str],
    /// A further word that must appear anywhere (empty: none).
    pub also: &'static str,
    /// A command that must match.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Where the behaviour is documented.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

/// The table.
pub(crate) const MIGRATE_ALL: &[MigrateAll] = &[
    MigrateAll {
        programs: &["dotnet"],
        seq: &["ef", "database", "update", "0"],
        also: "",
        example: "dotnet ef database update 0 --connection \"Server=db-prod;Database=x\"",
        source: "EF Core tools: `database update 0` — \"0 is a special value that causes all \
                 migrations to be reverted\"",
    },
    MigrateAll {
        programs: &[],
        seq: &["--migration", "0"],
        also: "",
        example: "./efbundle --connection \"Server=db.stg;Database=x\" --migration 0",
        source: "EF Core migration bundles: `--migration 0` reverts every migration",
    },
    MigrateAll {
        programs: &[],
        seq: &["--migration=0"],
        also: "",
        example: "./bundle --migration=0 --connection \"Host=db.prod\"",
        source: "EF Core migration bundles (option with `=`)",
    },
    MigrateAll {
        programs: &["alembic"],
        seq: &["downgrade", "base"],
        also: "",
        example: "alembic -x url=postgresql://db.prod/app downgrade base",
        source: "Alembic tutorial: `alembic downgrade base` downgrades to the empty database",
    },
    MigrateAll {
        programs: &["python", "python3", "django-admin"],
        seq: &["migrate"],
        also: "zero",
        example: "python manage.py migrate shop zero --settings=shop.settings.production",
        source: "Django `migrate app_label zero`: unapply all of the app's migrations",
    },
    MigrateAll {
        programs: &[],
        seq: &["migrate", "--revert"],
        also: "--all",
        example: "swift run App migrate --revert --all --yes --env prod",
        source: "Vapor Fluent `migrate --revert --all`",
    },
    MigrateAll {
        programs: &["knex", "npx"],
        seq: &["migrate:rollback"],
        also: "--all",
        example: "npx knex migrate:rollback --all --env production",
        source: "Knex CLI `migrate:rollback --all`: rolls back all completed migrations",
    },
    MigrateAll {
        programs: &["sequelize", "npx", "sequelize-cli"],
        seq: &["db:migrate:undo:all"],
        also: "",
        example: "npx sequelize-cli db:migrate:undo:all --env production",
        source: "Sequelize CLI `db:migrate:undo:all`",
    },
    MigrateAll {
        programs: &["diesel"],
        seq: &["migration", "revert"],
        also: "--all",
        example: "diesel migration revert --all --database-url postgres://db.prod/x",
        source: "Diesel CLI `migration revert --all`",
    },
    MigrateAll {
        programs: &["goose"],
        seq: &["reset"],
        also: "",
        example: "goose postgres \"host=db.prod.internal\" reset",
        source: "goose `reset`: roll back all migrations",
    },
    MigrateAll {
        programs: &["mix"],
        seq: &["ecto.rollback"],
        also: "--all",
        example: "MIX_ENV=prod mix ecto.rollback --all",
        source: "Ecto `mix ecto.rollback --all`",
    },
    MigrateAll {
        programs: &["php", "artisan"],
        seq: &["migrate:reset"],
        also: "",
        example: "php artisan migrate:reset --force --env=production",
        source: "Laravel `migrate:reset`: \"roll back all of your application's migrations\"",
    },
    MigrateAll {
        programs: &["migrate"],
        seq: &["down", "-all"],
        also: "",
        example: "migrate -database postgres://db.prod/x -path db down -all",
        source: "golang-migrate CLI `down -all`",
    },
];

/// Whether the command names its database target (an option or environment value that is a
/// connection, a host or an environment) somewhere other than this machine: what makes a
/// revert of everything worth a question (a local development database is reset daily).
fn names_remote_target(words: &[&str], inv: &Inv) -> bool {
    let env_vals: Vec<String> = inv
        .env
        .iter()
        .flat_map(|(k, v)| [k.clone(), v.text.clone()])
        .collect();
    words
        .iter()
        .copied()
        .chain(env_vals.iter().map(String::as_str))
        .any(|w| {
            let l = w.to_ascii_lowercase();
            if l.contains("localhost") || l.contains("127.0.0.1") || l.contains("(localdb)") {
                return false;
            }
            matches!(crate::tier::name_tier(w), Some(Tier::Prod | Tier::NonProd))
                || l.contains("server=tcp:")
                || l.contains(".database.windows.net")
                || (l.contains("://") && !l.contains("sqlite"))
        })
}

fn migrate_all(a: &mut Analyzer, name: &str, words: &[&str], inv: &Inv) {
    let Some(row) = MIGRATE_ALL.iter().find(|r| {
        (r.programs.is_empty() || r.programs.contains(&name))
            && words.windows(r.seq.len()).any(|w| w == r.seq)
            && (r.also.is_empty() || words.contains(&r.also))
    }) else {
        return;
    };
    // run on another machine through ssh, or in a console whose target is named an
    // environment (`tier.rs` `enter_remote`)
    let remote = a.remote.as_deref().is_some_and(|v| v.starts_with("ssh"))
        || a.outer_tier
            .as_ref()
            .is_some_and(|(t, _)| matches!(t, Tier::Prod | Tier::NonProd));
    if !remote && !names_remote_target(words, inv) {
        return;
    }
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: row.seq.join(" "),
        resource: "every migration of the database".into(),
        whole: true,
        non_interactive: false,
        tier: None,
        tier_marker: String::new(),
        evidence: clip(&inv.evidence),
    });
}

// ------------------------------------------------------------------------------------------
// 6. Routine deletes

/// Options that name the *parent* a deleted leaf lives in (Azure CLI conventions:
/// `--vault-name`, `--namespace-name`, `--account-name`, `--registry`, `--server`,
/// `--workspace-name`, `--database-name`, `--container-name`, `--share-name`; `az acr
/// repository delete -n REGISTRY`; Cosmos DB `-a ACCOUNT -d DATABASE`). Not the resource group:
/// a group holds whole resources.
pub(crate) const PARENT_OPTIONS: &[&str] = &[
    "--vault-name",
    "--namespace-name",
    "--account-name",
    "-a",
    "--registry",
    "-r",
    "--server",
    "-s",
    "--server-name",
    "--workspace-name",
    "--database-name",
    "-d",
    "--db-name",
    "--container-name",
    "-c",
    "--share-name",
    "--topic-name",
    "--queue-name",
    "--eventhub-name",
    "--cluster-name",
    "--app-name",
];

/// Options that name the deleted object itself.
const OBJECT_OPTIONS: &[&str] = &[
    "-n",
    "--name",
    "--image",
    "--repository",
    "--deployment",
    "--slot",
    "--branch",
];

/// Whole name parts of a throwaway object: a preview deployment (`preview`: Vercel and Netlify
/// deploy previews, one per pull request) and a pull request's own build (`pr` followed by its
/// number: GitHub's `pr-1234` review apps and image tags); for a leaf inside a named parent
/// (`leaf`) also `tmp`, `temp`, `scratch`, `sandbox`, `ephemeral`, `throwaway` (`tier.rs`
/// `OBJECT_DISPOSABLE_WORDS`, which already make a whole resource's tier disposable and so
/// quiet) and `test`, `tests`, `e2e`.
fn throwaway_name(s: &str, leaf: bool) -> bool {
    let tokens: Vec<String> = s
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|t| !t.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    tokens.iter().enumerate().any(|(i, t)| {
        (leaf && crate::tier::OBJECT_DISPOSABLE_WORDS.contains(&t.as_str()))
            || matches!(t.as_str(), "preview" | "previews")
            || (t == "pr"
                && tokens
                    .get(i + 1)
                    .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
            || (leaf && matches!(t.as_str(), "test" | "tests" | "testing" | "e2e"))
    })
}

/// A cloud CLI's delete of one leaf resource that is routine (h-cloud27; extends `scope.rs`
/// `routine_delete`): no word of the command names production (`tier.rs` `PROD_WORDS`), no
/// `--all`, no wildcard, and either
/// - the deleted object's own name is throwaway ([`throwaway_name`]: `…-scratch-…`,
///   `…-preview`, `:pr-1099`), or
/// - it is a leaf inside a parent resource ([`PARENT_OPTIONS`]) and the parent, or the
///   resource group, is named non-production or throwaway (`--vault-name kv-app-dev`), or the
///   leaf's own name is a test one.
///
/// Not snapshots, backups or role assignments by themselves: the public sets label those
/// deletes `ask`.
pub(crate) fn routine_delete(name: &str, words: &[&str]) -> bool {
    if !CLOUD_CLIS.contains(&name) {
        return false;
    }
    let parts = path_parts(words);
    const DELETE_VERBS: &[&str] = &["delete", "remove", "rm", "rb", "destroy"];
    // the resource type: the path's parts up to the verb (`az servicebus queue delete`,
    // `aws ec2 delete-snapshot`), not the operands after it (`vercel remove NAME`)
    if !has_part(&parts, DELETE_VERBS) {
        return false;
    }
    let mut kind: Vec<String> = Vec::new();
    for w in words.iter().filter(|w| !w.starts_with('-')).take(6) {
        let ps = path_parts(&[w]);
        let done = has_part(&ps, DELETE_VERBS);
        kind.extend(ps);
        if done {
            break;
        }
    }
    let kind = kind.as_slice();
    if has_part(
        kind,
        &[
            "snapshot",
            "snapshots",
            "backup",
            "backups",
            "vault",
            "group",
            "account",
            "subscription",
            "project",
            "cluster",
            "workspace",
            "trail",
            "logs",
            "log",
        ],
    ) && !has_part(
        &parts,
        &[
            "container",
            "queue",
            "topic",
            "repository",
            "secret",
            "blob",
            "table",
        ],
    ) {
        return false;
    }
    if words.iter().any(|w| {
        matches!(*w, "--all" | "-A" | "--recursive" | "--include-all")
            || w.contains('*')
            || crate::tier::name_tier(w) == Some(Tier::Prod)
    }) {
        return false;
    }
    // the deleted object's names: its options' values and the operands after the path
    let mut objects: Vec<&str> = OBJECT_OPTIONS
        .iter()
        .filter_map(|o| opt_value(words, &[o]))
        .collect();
    let path_len = words
        .iter()
        .position(|w| w.starts_with('-'))
        .unwrap_or(words.len());
    objects.extend(
        words[..path_len]
            .iter()
            .filter(|w| w.contains(['/', '.', ':']) || w.contains(char::is_numeric))
            .copied(),
    );
    if name == "vercel" || name == "netlify" {
        // `vercel remove NAME`: the operand is the deployment or project
        objects.extend(
            words
                .iter()
                .skip(1)
                .take_while(|w| !w.starts_with('-'))
                .copied(),
        );
    }
    let parent = PARENT_OPTIONS
        .iter()
        .filter_map(|o| opt_value(words, &[o]))
        .collect::<Vec<_>>();
    // `az acr repository delete -n REGISTRY --image X`: `-n` is the parent there
    let leaf = !parent.is_empty()
        || (parts.contains(&"repository".to_string()) && opt_value(words, &["--image"]).is_some());
    if objects.iter().any(|o| throwaway_name(o, leaf)) {
        return true;
    }
    if !leaf || objects.is_empty() {
        return false;
    }
    let group = opt_value(words, &["-g", "--resource-group"]);
    parent.iter().chain(group.iter()).any(|p| {
        matches!(
            crate::tier::name_tier(p),
            Some(Tier::NonProd | Tier::Disposable)
        )
    })
}

// ------------------------------------------------------------------------------------------

/// The module's facts for one command: secret reads, grants, exposure, audit off and
/// migrations to zero (see the module documentation). `captured`: the command runs inside a
/// command substitution.
pub(crate) fn observe(a: &mut Analyzer, name: &str, inv: &Inv, captured: bool) {
    let cloud = CLOUD_CLIS.contains(&name);
    let words = inv.words();
    if words.iter().any(|w| matches!(*w, "--help" | "-h" | "help")) {
        return;
    }
    if cloud {
        let parts = path_parts(&words);
        secret_read(a, name, &words, &parts, inv, captured);
        grants(a, name, &words, &parts, inv);
        exposure(a, name, &words, &parts, inv);
        audit_off(a, name, &words, &parts, inv);
    } else if matches!(name, "kubectl" | "oc" | "k") {
        kube_exposure(a, name, &words, inv);
    }
    migrate_all(a, name, &words, inv);
}

#[cfg(test)]
#[path = "cloudshape_tests.rs"]
mod tests;
