//! Operations, CMS and deploy CLIs' verbs as data, by subcommand *path* (issue 11, items 4 and
//! 9). `cloud.rs` reads destroying verbs by pattern (`delete*`, `remove*`) wherever they stand;
//! the verbs here mean harm only after a given noun (`wp db reset`, `consul snapshot restore`,
//! `terragrunt state push -force`, `wp plugin deactivate wordfence`, `amtool silence add`), so
//! each is one [`Row`]: the program, the operand words of its subcommand, the [`Class`] of what
//! it does, the condition on its other words ([`When`]), an example that must give the fact,
//! a neighbour that must not, and the documentation it comes from. Covering a new program is
//! one row; a new class is one [`Class`] variant and one rule.
//!
//! Destroying rows give a [`CloudFact`] (judged by `shell/cloud-destroy*` with the target's
//! tier, `tier.rs`, like every other destroying CLI); the other classes give a [`VerbFact`]
//! (`policy/verbs.rego`). A program with rows here is judged by them alone: `cloud.rs`'s reading
//! of CLIs without a row ([`super::cloud::unlisted`]) is not applied to it, so `wp site delete 23
//! --keep-tables` (the tables kept) or `shopify theme delete --development` (the developer's own
//! preview theme) is not a destroy by the verb's spelling.
//!
//! Also here: the local development wrappers that run a project tool in its container
//! ([`RUNNERS`]: `ddev wp …`, `lando drush …`), the HTTP endpoints that delete stored series or
//! logs by a POST ([`HTTP_DESTROYS`]), and the tool subcommands that run a PHP file
//! ([`SCRIPT_RUNNERS`]: `wp eval-file F`, `drush php:script F`).

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::{CloudFact, VerbFact};
use crate::model::{Arg, State};

/// What a row's verb does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Class {
    /// Destroys or replaces stored data or a deployed system: a [`CloudFact`]. `whole`: a whole
    /// database, state or control plane (a deny when nobody confirms outside the lowered tiers).
    Destroy { whole: bool },
    /// A security plugin, module or hardening setting switched off.
    SecurityOff,
    /// Alerts silenced wholesale: every alert, the paging ones, or for longer than a day.
    AlertsSilenced,
    /// An administrator role given.
    AdminGrant,
    /// A plugin, package or package source taken from a URL instead of its registry.
    UrlInstall,
    /// A cluster manifest applied from a URL (judged by its host in the policy).
    UrlManifest,
    /// A deploy whose target is production by name (`firebase deploy --project shop-prod`).
    ProdDeploy,
    /// A blockchain transaction signed and sent to a network that is not a local or test one
    /// by name ([`live_chain`]): final once mined — funds moved, approvals, ownership and
    /// upgrade rights changed cannot be taken back.
    ChainTx,
}

impl Class {
    fn name(self) -> &'static str {
        match self {
            Class::Destroy { .. } => "destroy",
            Class::SecurityOff => "security_off",
            Class::AlertsSilenced => "alerts_silenced",
            Class::AdminGrant => "admin_grant",
            Class::UrlInstall => "url_install",
            Class::UrlManifest => "url_manifest",
            Class::ProdDeploy => "prod_deploy",
            Class::ChainTx => "chain_tx",
        }
    }
}

/// A row's condition on the words of the command (after the program). The `Option<String>` of a
/// check is the fact's detail (`Some` when the condition holds).
#[derive(Debug, Clone, Copy)]
pub(crate) enum When {
    /// Always.
    Always,
    /// One of these options is given (`--allow-live`, `-cleanDisabled=false`; `NAME=…` counts
    /// for `NAME`).
    AnyFlag(&'static [&'static str]),
    /// None of these options is given (`--keep-tables`, `--development`).
    Without(&'static [&'static str]),
    /// An operand after the subcommand, or an option's value, is a URL (`https://`, `http://`,
    /// `ftp://`, `git@`).
    Url,
    /// An operand after the subcommand is one of these names (lower-cased).
    Named(&'static [&'static str]),
    /// A check of the words after the program.
    Check(fn(&[&str]) -> Option<String>),
    /// The target is production by name ([`prod_target`]).
    Prod,
    /// A check of the text the command reads on its standard input (a here-document's
    /// manifest: `kubectl apply -f - <<EOF`).
    Stdin(fn(&str) -> Option<String>),
}

/// One program verb.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    /// Program names.
    pub programs: &'static [&'static str],
    /// The subcommand's operand words in order; `|` separates spellings (`sql:sync|sql-sync`).
    /// Options, their values ([`VALUE_OPTIONS`]) and site aliases (`@prod`) are skipped.
    pub path: &'static [&'static str],
    /// What it does.
    pub class: Class,
    /// The condition on its words.
    pub when: When,
    /// For [`Class::Destroy`]: the program asks before acting unless told not to.
    pub confirms: bool,
    /// For [`Class::Destroy`]: the options that turn its confirmation off.
    pub force: &'static [&'static str],
    /// A command that must give the fact.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// A neighbour of the example that must not.
    #[allow(dead_code)] // read by the tests
    pub neighbour: &'static str,
    /// Its documentation.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

const NONE: Row = Row {
    programs: &[],
    path: &[],
    class: Class::SecurityOff,
    when: When::Always,
    confirms: false,
    force: &[],
    example: "",
    neighbour: "",
    source: "",
};

/// WordPress plugins whose job is the site's security: firewalls and malware scanners
/// (Wordfence, Sucuri Security, Solid Security — formerly iThemes Security, slug
/// `better-wp-security` —, All-In-One Security, NinjaFirewall, Jetpack Protect, Defender,
/// MalCare, Shield), login protection and two-factor sign-in (Limit Login Attempts Reloaded,
/// Loginizer, WP 2FA, Two Factor, miniOrange 2FA, Wordfence Login Security), activity logs
/// (WP Activity Log, Simple History). Slugs as on wordpress.org/plugins.
pub(crate) const WP_SECURITY_PLUGINS: &[&str] = &[
    "wordfence",
    "wordfence-login-security",
    "sucuri-scanner",
    "better-wp-security",
    "ithemes-security-pro",
    "all-in-one-wp-security-and-firewall",
    "ninjafirewall",
    "jetpack-protect",
    "defender-security",
    "malcare-security",
    "wp-simple-firewall",
    "limit-login-attempts-reloaded",
    "limit-login-attempts",
    "loginizer",
    "wp-2fa",
    "two-factor",
    "miniorange-2-factor-authentication",
    "wp-security-audit-log",
    "simple-history",
    "wp-cerber",
    "bbq-firewall",
    "hcaptcha-for-forms-and-more",
];

/// Drupal modules whose job is the site's security: two-factor sign-in (`tfa`), the Security
/// Kit (`seckit`: CSP, clickjacking and CSRF headers), Security Review, password policy, login
/// flood and brute-force protection (`flood_control`, `login_security`), CAPTCHA and its
/// variants, Honeypot, Antibot, automatic logout, Paranoia (blocks PHP input), and the audit log
/// `dblog`/`syslog` (drupal.org/project/<name>).
pub(crate) const DRUPAL_SECURITY_MODULES: &[&str] = &[
    "tfa",
    "seckit",
    "security_review",
    "password_policy",
    "flood_control",
    "login_security",
    "captcha",
    "recaptcha",
    "recaptcha_v3",
    "honeypot",
    "antibot",
    "autologout",
    "paranoia",
    "dblog",
    "syslog",
];

/// Apache httpd modules that protect the server: ModSecurity (`security2`, the web application
/// firewall), mod_evasive (request flooding), mod_qos, mod_reqtimeout (slow-request attacks;
/// Apache docs "mod_reqtimeout"). Names as `a2dismod` takes them (Debian's apache2 packaging).
pub(crate) const APACHE_SECURITY_MODULES: &[&str] = &[
    "security2",
    "security",
    "evasive",
    "evasive20",
    "evasive24",
    "qos",
    "reqtimeout",
];

/// Role words that mean every right of the application: WordPress `administrator` and the
/// network's super admin, Drupal's `administrator` role, and the common `admin`, `root`,
/// `superuser`, `owner` spellings.
const ADMIN_ROLES: &[&str] = &[
    "administrator",
    "admin",
    "root",
    "superuser",
    "super-admin",
    "super_admin",
    "owner",
];

/// The table.
pub(crate) const ROWS: &[Row] = &[
    // --- WP-CLI ---
    Row {
        programs: &["wp"],
        path: &["db", "reset"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["--yes"],
        example: "wp @prod db reset --yes",
        neighbour: "wp db export backup.sql",
        source: "WP-CLI `wp db reset`: \"Removes all tables from the database\" (asks unless --yes)",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["db", "drop|clean"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["--yes"],
        example: "wp db drop --yes",
        neighbour: "wp db check",
        source: "WP-CLI `wp db drop` (the database), `wp db clean` (every table with the site's prefix); both ask unless --yes",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["site", "empty"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["--yes"],
        example: "wp site empty --uploads --yes",
        neighbour: "wp site list",
        source: "WP-CLI `wp site empty`: every post, comment and term (with --uploads the media too)",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["site", "delete"],
        class: Class::Destroy { whole: true },
        when: When::Without(&["--keep-tables"]),
        confirms: true,
        force: &["--yes"],
        example: "wp site delete 23 --yes",
        neighbour: "wp site delete 23 --yes --keep-tables",
        source: "WP-CLI `wp site delete`: a network site and its tables (--keep-tables: the tables kept)",
    },
    Row {
        programs: &["wp"],
        path: &["db", "import"],
        class: Class::Destroy { whole: false },
        when: When::Check(remote_site_alias),
        example: "wp @prod db import dump.sql",
        neighbour: "wp db import dump.sql",
        source: "WP-CLI `wp db import` (the dump's tables replace the site's) run on a remote site through an alias or --ssh (WP-CLI \"Running commands remotely\"); the site in this folder is the developer's own",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["plugin", "deactivate|uninstall|delete"],
        class: Class::SecurityOff,
        when: When::Named(WP_SECURITY_PLUGINS),
        example: "wp @prod plugin deactivate wordfence wp-2fa",
        neighbour: "wp plugin deactivate hello-dolly",
        source: "WP-CLI `wp plugin deactivate|uninstall|delete`; security plugins: WP_SECURITY_PLUGINS",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["config", "set"],
        class: Class::SecurityOff,
        when: When::Check(wp_hardening_off),
        example: "wp config set DISALLOW_FILE_EDIT false --raw",
        neighbour: "wp config set WP_DEBUG true --raw",
        source: "WordPress \"Hardening WordPress\" and wp-config.php docs: DISALLOW_FILE_EDIT, DISALLOW_FILE_MODS, FORCE_SSL_ADMIN set false",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["user", "set-role|add-role"],
        class: Class::AdminGrant,
        when: When::Check(role_operand),
        example: "wp user set-role 12 administrator",
        neighbour: "wp user set-role 12 editor",
        source: "WP-CLI `wp user set-role|add-role USER ROLE`",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["super-admin", "add"],
        class: Class::AdminGrant,
        example: "wp super-admin add alex",
        neighbour: "wp super-admin list",
        source: "WP-CLI `wp super-admin add`: network administrator rights",
        ..NONE
    },
    Row {
        programs: &["wp"],
        path: &["plugin|theme|package", "install"],
        class: Class::UrlInstall,
        when: When::Url,
        example: "wp plugin install https://example.net/x.zip --activate",
        neighbour: "wp plugin install woocommerce --activate",
        source: "WP-CLI `wp plugin|theme install` (a slug from wordpress.org, or a zip URL), `wp package install` (the package index, or a git or zip URL)",
        ..NONE
    },
    // --- Drush ---
    Row {
        programs: &["drush"],
        path: &["sql:drop|sql-drop"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["-y", "--yes"],
        example: "drush @site.prod sql:drop -y",
        neighbour: "drush sql:dump --result-file=x.sql",
        source: "Drush `sql:drop`: \"Drop all tables in a given database\" (asks unless -y)",
        ..NONE
    },
    Row {
        programs: &["drush"],
        path: &["sql:sync|sql-sync"],
        class: Class::Destroy { whole: true },
        when: When::Check(drush_sync_target_remote),
        confirms: true,
        force: &["-y", "--yes"],
        example: "drush sql:sync @self @site.prod -y",
        neighbour: "drush sql:sync @site.prod @self -y",
        source: "Drush `sql:sync SOURCE TARGET`: the target's database is replaced by the source's (asks unless -y); a target of this machine (@self, @local, *.ddev) is the developer's own",
    },
    Row {
        programs: &["drush"],
        path: &["site:install|site-install|si"],
        class: Class::Destroy { whole: true },
        when: When::Check(remote_site_alias),
        confirms: true,
        force: &["-y", "--yes"],
        example: "drush @site.prod site:install standard -y",
        neighbour: "drush site:install standard -y",
        source: "Drush `site:install`: installs Drupal over the site's database (its tables dropped); run on a remote alias",
    },
    Row {
        programs: &["drush"],
        path: &["pm:uninstall|pm-uninstall|pmu"],
        class: Class::SecurityOff,
        when: When::Named(DRUPAL_SECURITY_MODULES),
        example: "drush @site.prod pm:uninstall tfa -y",
        neighbour: "drush pm:uninstall devel -y",
        source: "Drush `pm:uninstall`; security modules: DRUPAL_SECURITY_MODULES",
        ..NONE
    },
    Row {
        programs: &["drush"],
        path: &["user:role:add|user-add-role|urol"],
        class: Class::AdminGrant,
        when: When::Check(role_operand),
        example: "drush @site.prod user:role:add administrator x@example.com",
        neighbour: "drush user:role:add editor x@example.com",
        source: "Drush `user:role:add ROLE NAMES`",
        ..NONE
    },
    // --- Database schema tools ---
    Row {
        programs: &["flyway"],
        path: &["clean"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["-cleanDisabled=false", "--cleanDisabled=false"],
        example: "flyway -configFiles=conf/prod.conf clean -cleanDisabled=false",
        neighbour: "flyway info",
        source: "Flyway docs, Clean: \"Drops all objects (tables, views, procedures, triggers, …) in the configured schemas\"; refused while cleanDisabled is true (the default since Flyway 9)",
        ..NONE
    },
    Row {
        programs: &["liquibase"],
        path: &["drop-all|dropAll"],
        class: Class::Destroy { whole: true },
        example: "liquibase --url=jdbc:postgresql://db/app drop-all",
        neighbour: "liquibase status",
        source: "Liquibase docs, drop-all: \"drops all database objects owned by the user\"",
        ..NONE
    },
    // --- State and snapshots replaced ---
    Row {
        programs: &["terraform", "tofu", "opentofu", "terragrunt"],
        path: &["state", "push"],
        class: Class::Destroy { whole: true },
        // A replacement the user names (a state file, a snapshot): asked about, not denied.
        confirms: true,
        when: When::AnyFlag(&["-force", "--force"]),
        example: "terragrunt state push -force /tmp/other.tfstate",
        neighbour: "terraform state push fixed.tfstate",
        source: "Terraform `state push`: overwrites the remote state; -force skips the lineage and serial checks that keep another state from replacing it",
        ..NONE
    },
    Row {
        programs: &["consul"],
        path: &["snapshot", "restore"],
        class: Class::Destroy { whole: true },
        // A replacement the user names (a state file, a snapshot): asked about, not denied.
        confirms: true,
        example: "consul snapshot restore backup.snap",
        neighbour: "consul snapshot save backup.snap",
        source: "Consul CLI `snapshot restore`: the servers' whole state (KV, catalog, ACLs) replaced by the snapshot's; no prompt",
        ..NONE
    },
    Row {
        programs: &["vault", "bao"],
        path: &["operator", "raft", "snapshot", "restore"],
        class: Class::Destroy { whole: true },
        // A replacement the user names (a state file, a snapshot): asked about, not denied.
        confirms: true,
        example: "vault operator raft snapshot restore -force backup.snap",
        neighbour: "vault operator raft snapshot save backup.snap",
        source: "Vault CLI `operator raft snapshot restore`: the cluster's whole storage replaced; no prompt",
        ..NONE
    },
    // --- Cluster control planes and deploys ---
    Row {
        programs: &["istioctl"],
        path: &["uninstall|x uninstall"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["-y", "--skip-confirmation"],
        example: "istioctl uninstall --purge -y",
        neighbour: "istioctl analyze",
        source: "istioctl uninstall: removes the Istio control plane (--purge: every Istio resource of the cluster); asks unless -y",
        ..NONE
    },
    Row {
        programs: &["argocd"],
        path: &["app", "sync"],
        class: Class::Destroy { whole: false },
        when: When::AnyFlag(&["--force", "--replace"]),
        example: "argocd app sync platform-prod --prune --force --replace",
        neighbour: "argocd app sync platform-prod --prune",
        source: "Argo CD CLI `app sync`: --force (\"Use a force apply\": resources deleted and created again), --replace (kubectl create/replace instead of apply)",
        ..NONE
    },
    Row {
        programs: &["shopify"],
        path: &["theme", "push"],
        class: Class::Destroy { whole: false },
        when: When::AnyFlag(&["--allow-live", "-a"]),
        example: "shopify theme push --live --allow-live --force",
        neighbour: "shopify theme push --unpublished",
        source: "Shopify CLI `theme push`: --allow-live (\"Allow push to a live theme\"), files absent locally deleted unless --nodelete",
        ..NONE
    },
    Row {
        programs: &["shopify"],
        path: &["theme", "delete"],
        class: Class::Destroy { whole: false },
        when: When::Without(&["--development", "-d"]),
        confirms: true,
        force: &["--force", "-f"],
        example: "shopify theme delete --theme 1234 --force",
        neighbour: "shopify theme delete --development --force",
        source: "Shopify CLI `theme delete` (-d/--development: the developer's own preview theme)",
    },
    Row {
        programs: &["p4"],
        path: &["obliterate"],
        class: Class::Destroy { whole: true },
        confirms: true,
        force: &["-y"],
        example: "p4 obliterate -y //depot/Main/...",
        neighbour: "p4 sync //depot/Main/...",
        source: "Helix Core Command Reference, p4 obliterate: removes files and their history from the depot; without -y it only reports",
        ..NONE
    },
    Row {
        programs: &["p4"],
        path: &["clean"],
        class: Class::Destroy { whole: false },
        when: When::Without(&["-n"]),
        example: "p4 clean //depot/Main/...",
        neighbour: "p4 clean -n //depot/Main/...",
        source: "Helix Core Command Reference, p4 clean: deletes local files not in the depot and reverts edited ones (-n: preview)",
        ..NONE
    },
    // --- Defences switched off ---
    Row {
        programs: &["a2dismod"],
        path: &[],
        class: Class::SecurityOff,
        when: When::Named(APACHE_SECURITY_MODULES),
        example: "a2dismod security2",
        neighbour: "a2dismod mpm_event",
        source: "Debian apache2 a2dismod(8); modules: APACHE_SECURITY_MODULES",
        ..NONE
    },
    Row {
        programs: &["kubectl", "oc"],
        path: &["config", "set-cluster"],
        class: Class::SecurityOff,
        when: When::Check(tls_verify_off),
        example: "kubectl config set-cluster prod --insecure-skip-tls-verify=true",
        neighbour: "kubectl config set-cluster prod --server=https://k.example:6443",
        source: "kubectl config set-cluster --insecure-skip-tls-verify: \"the server's certificate will not be checked\" (the cluster's API and the credentials sent to it open to whoever sits between)",
        ..NONE
    },
    Row {
        programs: &["amtool"],
        path: &["silence", "add|import"],
        class: Class::AlertsSilenced,
        when: When::Check(wide_silence),
        example: "amtool silence add 'alertname=~\".+\"' --duration=720h",
        neighbour: "amtool silence add alertname=DiskFull instance=web1 --duration=2h",
        source: "Alertmanager amtool `silence add` (matchers; --duration, default 1h)",
        ..NONE
    },
    Row {
        programs: &["dog"],
        path: &["downtime", "post"],
        class: Class::AlertsSilenced,
        when: When::Check(dog_scope_all),
        example: "dog downtime post '*' --end 1798761600",
        neighbour: "dog downtime post host:web1 --end 1798761600",
        source: "Datadog dogshell `downtime post SCOPE`: a downtime over scope `*` mutes every monitor",
        ..NONE
    },
    // --- Grants ---
    Row {
        programs: &["whmapi1"],
        path: &["setacls"],
        class: Class::AdminGrant,
        when: When::Check(whm_all_acl),
        example: "whmapi1 setacls reseller=bob acllist=all",
        neighbour: "whmapi1 setacls reseller=bob acl-list-accts=1",
        source: "cPanel WHM API 1 `setacls`: the `all` privilege gives a reseller root-level access",
        ..NONE
    },
    Row {
        programs: &["vault", "bao"],
        path: &["write"],
        class: Class::AdminGrant,
        when: When::Check(vault_root_policy),
        example: "vault write auth/oidc/role/x token_policies=root",
        neighbour: "vault write auth/oidc/role/x token_policies=reader",
        source: "Vault docs, Policies: the built-in `root` policy can do anything; a role or token given it hands that on",
        ..NONE
    },
    Row {
        programs: &["aws"],
        path: &["sso-admin", "create-account-assignment"],
        class: Class::AdminGrant,
        when: When::Check(admin_permission_set),
        example: "aws sso-admin create-account-assignment --permission-set-arn arn:aws:sso:::permissionSet/ssoins-1/ps-administrator --principal-id u",
        neighbour: "aws sso-admin create-account-assignment --permission-set-arn arn:aws:sso:::permissionSet/ssoins-1/ps-readonly --principal-id u",
        source: "AWS IAM Identity Center CreateAccountAssignment: a permission set (AdministratorAccess, an *admin* set) given to a principal in an account",
        ..NONE
    },
    Row {
        programs: &["kubectl", "oc"],
        path: &["patch|apply|edit|create", "configmap|cm|configmap/argocd-rbac-cm|cm/argocd-rbac-cm"],
        class: Class::AdminGrant,
        when: When::Check(argocd_default_admin),
        example: "kubectl -n argocd patch configmap argocd-rbac-cm --type merge -p '{\"data\":{\"policy.default\":\"role:admin\"}}'",
        neighbour: "kubectl -n argocd patch configmap argocd-rbac-cm --type merge -p '{\"data\":{\"policy.default\":\"role:readonly\"}}'",
        source: "Argo CD RBAC docs: argocd-rbac-cm `policy.default` is the role of every signed-in user; role:admin is every right",
        ..NONE
    },
    Row {
        programs: &["kubectl", "oc"],
        path: &["apply|create|replace"],
        class: Class::SecurityOff,
        when: When::Stdin(mesh_tls_disabled),
        example: "kubectl apply -f - <<'EOF'\napiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata:\n  name: default\n  namespace: istio-system\nspec:\n  mtls:\n    mode: DISABLE\nEOF",
        neighbour: "kubectl apply -f - <<'EOF'\napiVersion: security.istio.io/v1\nkind: PeerAuthentication\nmetadata:\n  name: default\nspec:\n  mtls:\n    mode: STRICT\nEOF",
        source: "Istio docs, PeerAuthentication (`mtls.mode: DISABLE`: \"Connection is not tunneled\") and DestinationRule `trafficPolicy.tls.mode: DISABLE`: the mesh's mutual TLS switched off",
        ..NONE
    },
    Row {
        programs: &["aws"],
        path: &["logs", "put-retention-policy"],
        class: Class::SecurityOff,
        when: When::Check(log_retention_day),
        example: "aws logs put-retention-policy --log-group-name cloudtrail-audit --retention-in-days 1",
        neighbour: "aws logs put-retention-policy --log-group-name app --retention-in-days 30",
        source: "CloudWatch Logs PutRetentionPolicy (retentionInDays: 1 is the shortest; events older are deleted): a log group's history cut to a day",
        ..NONE
    },
    // --- Code and package sources from URLs ---
    Row {
        programs: &["grafana-cli", "grafana"],
        path: &["plugins|cli plugins", "install"],
        class: Class::UrlInstall,
        when: When::AnyFlag(&["--pluginUrl", "--pluginurl"]),
        example: "grafana-cli --pluginUrl https://example.net/p.zip plugins install p",
        neighbour: "grafana-cli plugins install grafana-piechart-panel",
        source: "Grafana docs, grafana-cli: --pluginUrl installs a plugin from a URL instead of the signed catalog",
        ..NONE
    },
    Row {
        programs: &["composer"],
        path: &["config"],
        class: Class::UrlInstall,
        when: When::Check(composer_vcs_repository),
        example: "composer config repositories.fix vcs https://github.com/x/horizon",
        neighbour: "composer config minimum-stability dev",
        source: "Composer docs, Repositories: a vcs/git/package repository added to composer.json is searched before Packagist, so it can serve any package name",
        ..NONE
    },
    Row {
        programs: &["kubectl", "oc"],
        path: &["apply|create|replace"],
        class: Class::UrlManifest,
        when: When::Check(manifest_url),
        example: "kubectl apply -f https://paste.ee/r/x/0",
        neighbour: "kubectl apply -f k8s/deploy.yaml",
        source: "kubectl apply|create -f URL: the manifest at the URL is applied as read from there",
        ..NONE
    },
    // --- Blockchain transactions signed and sent (judged by the network named) ---
    Row {
        programs: &["cast"],
        path: &["send|publish"],
        class: Class::ChainTx,
        when: When::Check(live_chain),
        example: "cast send 0xA0b8 \"transfer(address,uint256)\" 0x9dE1 1000 --rpc-url \"$MAINNET_RPC_URL\" --account ops",
        neighbour: "cast send 0x5FbD \"deposit()\" --rpc-url http://127.0.0.1:8545 --private-key 0xac09",
        source: "Foundry book, `cast send` (signs and publishes a transaction) and `cast publish` (publishes a signed one)",
        ..NONE
    },
    Row {
        programs: &["forge"],
        path: &["script|create"],
        class: Class::ChainTx,
        when: When::Check(live_chain_broadcast),
        example: "forge script script/Deploy.s.sol --rpc-url mainnet --account deployer --broadcast",
        neighbour: "forge script script/Deploy.s.sol --rpc-url mainnet --account deployer",
        source: "Foundry book, `forge script` / `forge create`: transactions are only sent with --broadcast (a simulation without it)",
        ..NONE
    },
    Row {
        programs: &["hardhat"],
        path: &["run|deploy|ignition deploy"],
        class: Class::ChainTx,
        when: When::Check(live_chain),
        example: "npx hardhat run scripts/upgrade.ts --network mainnet",
        neighbour: "npx hardhat run scripts/upgrade.ts --network localhost",
        source: "Hardhat docs, `--network` (the default `hardhat` network is in-process); hardhat-deploy and Ignition `deploy`",
        ..NONE
    },
    Row {
        programs: &["solana"],
        path: &["transfer|program close|program deploy|program set-upgrade-authority|program extend|close-vote-account|withdraw-stake"],
        class: Class::ChainTx,
        when: When::Check(live_chain),
        example: "solana program close 9xQe --bypass-warning --url mainnet-beta",
        neighbour: "solana program close 9xQe --bypass-warning --url devnet",
        source: "Solana CLI reference: `solana transfer`, `solana program close|deploy|set-upgrade-authority`; -u/--url (m = mainnet-beta)",
        ..NONE
    },
    Row {
        programs: &["spl-token"],
        path: &["transfer|burn|close|authorize|mint"],
        class: Class::ChainTx,
        when: When::Check(live_chain),
        example: "spl-token transfer Mint1 1000 Dest1 -u m",
        neighbour: "spl-token transfer Mint1 1000 Dest1 -u localhost",
        source: "SPL Token CLI (`spl-token --help`): transfer, burn, close, authorize, mint; -u/--url as the Solana CLI",
        ..NONE
    },
    Row {
        programs: &["anchor"],
        path: &["deploy|upgrade"],
        class: Class::ChainTx,
        when: When::Check(live_chain),
        example: "anchor deploy --provider.cluster mainnet",
        neighbour: "anchor deploy --provider.cluster devnet",
        source: "Anchor CLI reference: `anchor deploy`/`upgrade`, --provider.cluster",
        ..NONE
    },
    Row {
        programs: &["safe-cli", "safe-creator"],
        path: &[],
        class: Class::ChainTx,
        when: When::Check(live_chain_operand),
        example: "safe-cli 0x8a0B \"$MAINNET_RPC_URL\" --non-interactive add_owner 0x9dE1",
        neighbour: "safe-cli --version",
        source: "safe-cli (Safe, GitHub safe-global/safe-cli): `safe-cli SAFE_ADDRESS NODE_URL` then commands that sign and send",
        ..NONE
    },
    // --- Deploys to production by name ---
    Row {
        programs: &["firebase"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "firebase deploy --only firestore:rules --project shop-prod",
        neighbour: "firebase deploy --only hosting --project shop-staging",
        source: "Firebase CLI `deploy` (--project/-P: the project or its alias)",
        ..NONE
    },
    Row {
        programs: &["ugs"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "ugs deploy remote-config/ -e production",
        neighbour: "ugs deploy remote-config/ -e development",
        source: "Unity Gaming Services CLI `ugs deploy PATHS` (-e/--environment-name)",
        ..NONE
    },
    Row {
        programs: &["netlify"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "netlify deploy --prod --dir=dist",
        neighbour: "netlify deploy --dir=dist",
        source: "Netlify CLI `deploy` (--prod: \"Deploy to production\"; without it a draft URL)",
        ..NONE
    },
    Row {
        programs: &["vercel"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "vercel deploy --prod",
        neighbour: "vercel deploy",
        source: "Vercel CLI `deploy` (--prod: a production deployment; without it a preview)",
        ..NONE
    },
    Row {
        programs: &["vercel"],
        path: &[],
        class: Class::ProdDeploy,
        when: When::Check(vercel_bare_prod),
        example: "vercel --prod --yes",
        neighbour: "vercel env pull --environment=production",
        source: "Vercel CLI: `vercel` with no command deploys (--prod: to production)",
        ..NONE
    },
    Row {
        programs: &["fly", "flyctl"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "fly deploy -a shop-prod --strategy immediate",
        neighbour: "fly deploy -a shop-staging",
        source: "flyctl `deploy` (-a/--app, --config)",
        ..NONE
    },
    Row {
        programs: &["wrangler"],
        path: &["deploy|publish"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "wrangler deploy --env production",
        neighbour: "wrangler deploy --env staging",
        source: "Cloudflare wrangler `deploy` (--env: an environment of wrangler.toml)",
        ..NONE
    },
    Row {
        programs: &["serverless", "sls"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "serverless deploy --stage prod",
        neighbour: "serverless deploy --stage dev",
        source: "Serverless Framework `deploy` (--stage)",
        ..NONE
    },
    Row {
        programs: &["kamal"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "kamal deploy -d production",
        neighbour: "kamal deploy -d staging",
        source: "Kamal `deploy` (-d/--destination)",
        ..NONE
    },
    Row {
        programs: &["gcloud"],
        path: &["app|run|functions", "deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "gcloud run deploy api --project shop-prod --image gcr.io/x/api",
        neighbour: "gcloud run deploy api --project shop-dev --image gcr.io/x/api",
        source: "gcloud app|run|functions deploy (--project)",
        ..NONE
    },
    Row {
        programs: &["eb"],
        path: &["deploy"],
        class: Class::ProdDeploy,
        when: When::Prod,
        example: "eb deploy shop-prod",
        neighbour: "eb deploy shop-staging",
        source: "AWS Elastic Beanstalk CLI `eb deploy [ENVIRONMENT]`",
        ..NONE
    },
    Row {
        programs: &["cap"],
        path: &["production|prod", "deploy"],
        class: Class::ProdDeploy,
        example: "cap production deploy",
        neighbour: "cap staging deploy",
        source: "Capistrano `cap STAGE deploy`",
        ..NONE
    },
];

/// Options that take a separate value, per program (skipped when the subcommand is read).
pub(crate) const VALUE_OPTIONS: &[(&str, &[&str])] = &[
    (
        "wp",
        &[
            "--path",
            "--url",
            "--ssh",
            "--http",
            "--user",
            "--skip-plugins",
        ],
    ),
    ("drush", &["-l", "--uri", "-r", "--root"]),
    (
        "dog",
        &["--config", "--api-key", "--application-key", "--timeout"],
    ),
    ("amtool", &["--alertmanager.url", "--output", "-o"]),
    (
        "p4",
        &[
            "-u", "-c", "-p", "-P", "-C", "-d", "-H", "-x", "-z", "-L", "-Q",
        ],
    ),
    (
        "istioctl",
        &[
            "--context",
            "-c",
            "--kubeconfig",
            "-n",
            "--namespace",
            "-i",
            "--istioNamespace",
            "-r",
            "--revision",
            "-f",
            "--filename",
        ],
    ),
    (
        "argocd",
        &[
            "--server",
            "--auth-token",
            "--grpc-web-root-path",
            "--config",
            "--port-forward-namespace",
        ],
    ),
    (
        "kubectl",
        &[
            "-n",
            "--namespace",
            "--context",
            "--kubeconfig",
            "--cluster",
            "--user",
            "-s",
            "--server",
            "--token",
            "--as",
            "--request-timeout",
        ],
    ),
    (
        "oc",
        &[
            "-n",
            "--namespace",
            "--context",
            "--kubeconfig",
            "--cluster",
            "--user",
            "-s",
            "--server",
            "--token",
            "--as",
            "--request-timeout",
        ],
    ),
    (
        "aws",
        &[
            "--region",
            "--profile",
            "--output",
            "--endpoint-url",
            "--query",
            "--color",
            "--ca-bundle",
        ],
    ),
    ("vault", &["-address", "-namespace", "-format", "-field"]),
    (
        "grafana-cli",
        &[
            "--pluginUrl",
            "--pluginurl",
            "--pluginsDir",
            "--homepath",
            "--config",
            "--repo",
        ],
    ),
    (
        "shopify",
        &[
            "--store",
            "-s",
            "--path",
            "--theme",
            "-t",
            "--environment",
            "-e",
            "--password",
        ],
    ),
    ("terraform", &["-chdir"]),
    ("terragrunt", &["--terragrunt-working-dir", "--working-dir"]),
    ("consul", &["-http-addr", "-token", "-datacenter"]),
    ("composer", &["-d", "--working-dir"]),
    (
        "firebase",
        &[
            "-P",
            "--project",
            "--only",
            "--except",
            "--config",
            "--token",
            "-m",
            "--message",
        ],
    ),
    ("ugs", &["-e", "--environment-name", "-p", "--project-id"]),
    (
        "netlify",
        &[
            "--dir",
            "-d",
            "--site",
            "-s",
            "--auth",
            "--message",
            "-m",
            "--alias",
            "--context",
            "--filter",
            "--functions",
            "-f",
        ],
    ),
    (
        "vercel",
        &[
            "--scope",
            "-S",
            "--token",
            "-t",
            "--cwd",
            "-A",
            "--local-config",
            "-e",
            "--env",
            "-b",
            "--build-env",
            "-m",
            "--meta",
            "--target",
        ],
    ),
    (
        "fly",
        &[
            "-a",
            "--app",
            "-c",
            "--config",
            "--strategy",
            "--image",
            "-i",
            "-e",
            "--env",
            "-r",
            "--region",
            "--build-arg",
        ],
    ),
    (
        "flyctl",
        &[
            "-a",
            "--app",
            "-c",
            "--config",
            "--strategy",
            "--image",
            "-i",
            "-e",
            "--env",
            "-r",
            "--region",
            "--build-arg",
        ],
    ),
    ("wrangler", &["--env", "-e", "--config", "-c", "--name"]),
    (
        "serverless",
        &[
            "--stage",
            "-s",
            "--region",
            "-r",
            "--config",
            "-c",
            "--aws-profile",
        ],
    ),
    (
        "sls",
        &[
            "--stage",
            "-s",
            "--region",
            "-r",
            "--config",
            "-c",
            "--aws-profile",
        ],
    ),
    (
        "kamal",
        &[
            "-d",
            "--destination",
            "-c",
            "--config-file",
            "-r",
            "--roles",
            "-h",
            "--hosts",
            "--version",
        ],
    ),
    (
        "gcloud",
        &[
            "--project",
            "--region",
            "--image",
            "--source",
            "--account",
            "--configuration",
        ],
    ),
    (
        "eb",
        &[
            "--label",
            "-l",
            "--message",
            "-m",
            "--profile",
            "--region",
            "-r",
        ],
    ),
];

fn value_options(program: &str) -> &'static [&'static str] {
    VALUE_OPTIONS
        .iter()
        .find(|(p, _)| *p == program)
        .map_or(&[], |(_, v)| *v)
}

/// The operands of `words` (options, their values and `@alias` words left out), each with its
/// index in `words`.
fn operands<'w>(program: &str, words: &[&'w str]) -> Vec<(usize, &'w str)> {
    let takes = value_options(program);
    let mut out = Vec::new();
    let mut skip = false;
    for (i, w) in words.iter().enumerate() {
        if std::mem::take(&mut skip) {
            continue;
        }
        if w.starts_with('-') && w.len() > 1 {
            skip = takes.contains(w);
            continue;
        }
        if w.starts_with('@') && matches!(program, "wp" | "drush") {
            continue;
        }
        out.push((i, *w));
    }
    out
}

/// Whether `ops` start with `path` (each entry's `|` spellings; a spelling of two words, `x
/// uninstall`, takes two operands). Returns how many operands it took.
fn path_len(path: &[&str], ops: &[(usize, &str)]) -> Option<usize> {
    let mut at = 0;
    for step in path {
        let taken = step.split('|').find_map(|alt| {
            let parts: Vec<&str> = alt.split(' ').collect();
            let got = ops.get(at..at + parts.len())?;
            got.iter()
                .zip(&parts)
                .all(|((_, w), p)| w.eq_ignore_ascii_case(p))
                .then_some(parts.len())
        })?;
        at += taken;
    }
    Some(at)
}

fn has_flag(words: &[&str], flags: &[&str]) -> bool {
    words.iter().any(|w| {
        flags.iter().any(|f| {
            *w == *f
                || w.strip_prefix(f)
                    .is_some_and(|r| r.starts_with('=') && !f.contains('='))
        })
    })
}

fn is_url(w: &str) -> bool {
    let l = w.to_ascii_lowercase();
    [
        "https://",
        "http://",
        "ftp://",
        "git@",
        "git+https://",
        "git+ssh://",
    ]
    .iter()
    .any(|p| l.starts_with(p))
}

/// The detail of `row` on `words` when its condition holds.
fn holds(
    row: &Row,
    program: &str,
    words: &[&str],
    after: &[(usize, &str)],
    stdin: Option<&str>,
) -> Option<String> {
    match row.when {
        When::Always => Some(String::new()),
        When::AnyFlag(flags) => has_flag(words, flags).then(|| {
            words
                .iter()
                .find(|w| has_flag(&[w], flags))
                .map_or(String::new(), |w| (*w).to_string())
        }),
        When::Without(flags) => (!has_flag(words, flags)).then(String::new),
        When::Url => words.iter().find(|w| is_url(w)).map(|w| (*w).to_string()),
        When::Named(names) => after
            .iter()
            .map(|(_, w)| w.to_ascii_lowercase())
            .find(|w| names.contains(&w.as_str())),
        When::Check(f) => {
            let _ = program;
            f(words)
        }
        When::Prod => prod_target(words),
        When::Stdin(f) => stdin.and_then(f),
    }
}

/// Adds the facts of [`ROWS`] for `name` run with `inv`. True when `name` has rows (then
/// `cloud.rs`'s reading of CLIs without a row is not applied to it).
pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) -> bool {
    // The table speaks for a program's destroys when it has destroying rows.
    let known = ROWS
        .iter()
        .any(|r| r.programs.contains(&name) && matches!(r.class, Class::Destroy { .. }));
    let words = inv.words();
    if super::cloud::inspection_only(&words) {
        return known;
    }
    let ops = operands(name, &words);
    for row in ROWS.iter().filter(|r| r.programs.contains(&name)) {
        let Some(n) = path_len(row.path, &ops) else {
            continue;
        };
        let after = &ops[n..];
        let Some(detail) = holds(row, name, &words, after, inv.stdin.text.as_deref()) else {
            continue;
        };
        let verb: Vec<&str> = ops[..n].iter().map(|(_, w)| *w).collect();
        let verb = if verb.is_empty() {
            name.to_string()
        } else {
            verb.join(" ")
        };
        match row.class {
            Class::Destroy { whole } => {
                let forced = has_flag(&words, row.force);
                let (tier, tier_marker) = match own_tier(a, &words) {
                    Some((t, m)) => (Some(t), m),
                    None => (a.outer_tier.as_ref().map(|t| t.0), a.outer_tier_marker()),
                };
                a.facts.cloud.push(CloudFact {
                    cli: name.to_string(),
                    verb,
                    resource: String::new(),
                    whole,
                    non_interactive: forced || !row.confirms,
                    tier,
                    tier_marker,
                    evidence: clip(&inv.evidence),
                });
            }
            class => a.facts.verbs.push(VerbFact {
                class: class.name().to_string(),
                program: name.to_string(),
                verb,
                detail,
                evidence: clip(&inv.evidence),
            }),
        }
    }
    known
}

/// Options that name the configuration file a tool reads its target from (Flyway
/// `-configFiles`, the common `--config`/`-c`/`--config-file`, MySQL's `--defaults-file`).
const CONFIG_OPTIONS: &[&str] = &[
    "-configFiles",
    "--configFiles",
    "-configFile",
    "--config",
    "--config-file",
    "-c",
    "--defaults-file",
];

/// The tier a destroying row's command shows by itself, before `tier.rs` reads the command
/// (`tier::mark`, where production still wins): a tool run by a local development runner
/// ([`RUNNERS`]: `lando drush sql:drop`, `ddev wp db reset`) without a remote site alias acts
/// on the project's own container, this machine; a configuration file named for an
/// environment (`flyway -configFiles=conf/flyway-dev.conf`) is that environment. A production
/// word anywhere in the command ([`prod_target`]: `@site.prod`, `--env=live`) makes it
/// production first.
fn own_tier(a: &Analyzer, words: &[&str]) -> Option<(crate::facts::Tier, String)> {
    use crate::facts::Tier;
    if let Some(p) = prod_target(words) {
        return Some((Tier::Prod, p));
    }
    if let Some(via) = a.remote.as_deref() {
        let runner = via.split(' ').next().unwrap_or("");
        if RUNNERS.iter().any(|(r, _)| *r == runner) && remote_site_alias(words).is_none() {
            return Some((Tier::Local, via.to_string()));
        }
    }
    words.iter().enumerate().find_map(|(i, w)| {
        let value = match w.split_once('=') {
            Some((k, v)) if CONFIG_OPTIONS.contains(&k) => v,
            _ if CONFIG_OPTIONS.contains(w) => words.get(i + 1)?,
            _ => return None,
        };
        let base = value.rsplit('/').next().unwrap_or(value);
        let stem = base.split('.').next().unwrap_or(base);
        crate::tier::name_tier(stem).map(|t| (t, format!("config {value}")))
    })
}

// --- Checks ---

/// Words of a network or account name that say a local or test chain: the local nodes (anvil,
/// hardhat, ganache, `localhost`, `127.0.0.1`) and the public test networks (Ethereum's
/// sepolia, holesky, hoodi, goerli; Polygon amoy/mumbai; Avalanche fuji; Solana devnet,
/// testnet, localnet); `-u l|d|t` are the Solana CLI's monikers for them.
const TEST_CHAIN_WORDS: &[&str] = &[
    "localhost",
    "127",
    "anvil",
    "hardhat",
    "ganache",
    "local",
    "localnet",
    "devnet",
    "testnet",
    "sepolia",
    "holesky",
    "hoodi",
    "goerli",
    "amoy",
    "mumbai",
    "fuji",
    "test",
    "dev",
    "fork",
];

/// Options that name the network (`--rpc-url`, `--network`, `-u`/`--url`, Anchor's
/// `--provider.cluster`; not `--fork-url`, the chain a local simulation copies) or the signing account (`--account`, `--keystore`,
/// `--from`, `--keypair`), whose names often say the network too (`--account mainnet-deployer`).
const CHAIN_OPTIONS: &[&str] = &[
    "--rpc-url",
    "-r",
    "--network",
    "--url",
    "-u",
    "--provider.cluster",
    "--chain",
    "--account",
    "--keystore",
    "--from",
    "--keypair",
    "--fee-payer",
    "--ledger",
];

/// The live network a signing command names (issue 11, session 27): `Some(detail)` when a
/// network or account name says mainnet or production, or names a network (a variable, a URL)
/// with no local or test word in any of them; `None` when one says a local or test network
/// ([`TEST_CHAIN_WORDS`]) or none is named (the tools then use their local default: anvil at
/// 127.0.0.1:8545, Hardhat's in-process network, the Solana CLI's configured cluster). An
/// unlimited ERC-20 approval (2^256-1, `$(cast max-uint)`) is named in the detail.
fn live_chain(words: &[&str]) -> Option<String> {
    chain_network(words, false)
}

/// [`live_chain`] for safe-cli, whose node URL is an operand (`safe-cli SAFE NODE_URL`).
fn live_chain_operand(words: &[&str]) -> Option<String> {
    chain_network(words, true)
}

fn chain_network(words: &[&str], operand_url: bool) -> Option<String> {
    let mut named: Vec<&str> = Vec::new();
    let mut take = false;
    for w in words {
        if std::mem::take(&mut take) {
            named.push(w);
            continue;
        }
        if let Some((k, v)) = w.split_once('=') {
            if CHAIN_OPTIONS.contains(&k) {
                named.push(v);
                continue;
            }
        }
        if CHAIN_OPTIONS.contains(w) {
            take = true;
        } else if let Some(v) = w
            .strip_prefix("-u")
            .filter(|v| !v.is_empty() && !v.starts_with('-'))
        {
            // the Solana CLI's glued moniker, `-um`
            named.push(v);
        } else if operand_url && !w.starts_with('-') && (w.contains("://") || w.starts_with('$')) {
            // safe-cli's NODE_URL operand, a URL or variable given in place
            named.push(w);
        }
    }
    if named.is_empty() {
        return None;
    }
    let tokens = |v: &str| -> Vec<String> {
        v.split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|t| !t.is_empty())
            .map(|t| {
                t.trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_ascii_lowercase()
            })
            .collect()
    };
    let live = named.iter().find(|v| {
        let t = tokens(v);
        t.iter()
            .any(|t| matches!(t.as_str(), "mainnet" | "prod" | "production" | "live"))
            || v.eq_ignore_ascii_case("m")
    });
    let test = named.iter().any(|v| {
        matches!(v.to_ascii_lowercase().as_str(), "l" | "d" | "t")
            || tokens(v)
                .iter()
                .any(|t| TEST_CHAIN_WORDS.contains(&t.as_str()))
            || v.starts_with("127.")
            || v.contains("//127.")
            || v.contains("//0.0.0.0")
            || v.contains("//[::1]")
    });
    let net = match (live, test) {
        (Some(v), _) => format!("network {v}"),
        (None, true) => return None,
        (None, false) => format!("network {} (not a local or test one by name)", named[0]),
    };
    let unlimited = words.iter().any(|w| {
        w.contains("115792089237316195423570985008687907853269984665640564039457584007913129639935")
            || w.contains("max-uint")
            || w.contains("type(uint256).max")
            || w.contains("2**256")
    });
    Some(if unlimited {
        format!("{net}; an unlimited token approval")
    } else {
        net
    })
}

/// [`live_chain`] for `forge script`/`forge create`, which send only with `--broadcast`.
fn live_chain_broadcast(words: &[&str]) -> Option<String> {
    words
        .contains(&"--broadcast")
        .then(|| live_chain(words))
        .flatten()
}

/// A word of the command naming production: `--prod`/`--production`, or an operand or option
/// value one of whose name tokens (split at every character that is not a letter or digit) is
/// a `tier.rs` production word (`shop-prod`, `-e production`, `--env=live`). Paths and free
/// text (`--message`, `-m`) are not targets.
fn prod_target(words: &[&str]) -> Option<String> {
    let mut skip = false;
    for w in words {
        if std::mem::take(&mut skip) {
            continue;
        }
        if matches!(*w, "--message" | "-m" | "--msg" | "--description") {
            skip = true;
            continue;
        }
        if matches!(*w, "--prod" | "--production") {
            return Some((*w).to_string());
        }
        let value = match w.split_once('=') {
            Some((k, v)) if k.starts_with('-') => {
                if matches!(k, "--message" | "-m") {
                    continue;
                }
                v
            }
            _ if w.starts_with('-') => continue,
            _ => w,
        };
        if value.contains('/') || value.contains(' ') {
            continue;
        }
        let prod = value
            .split(|c: char| !c.is_ascii_alphanumeric())
            .map(|t| {
                t.trim_end_matches(|c: char| c.is_ascii_digit())
                    .to_ascii_lowercase()
            })
            .any(|t| crate::tier::PROD_WORDS.contains(&t.as_str()));
        if prod {
            return Some(value.to_string());
        }
    }
    None
}

/// `vercel [DIR] --prod`: the bare command deploys (no subcommand but `deploy` or a folder).
fn vercel_bare_prod(words: &[&str]) -> Option<String> {
    let first = words.iter().find(|w| !w.starts_with('-'));
    let bare = first.is_none_or(|w| *w == "deploy" || w.contains(['/', '.']));
    (bare
        && words
            .iter()
            .any(|w| matches!(*w, "--prod" | "--production")))
    .then(|| "--prod".to_string())
}

/// A WP-CLI or Drush command aimed at another site through an alias or a remote option (`wp
/// @prod …`, `wp --ssh=host …`, `drush @site.prod …`); `@self`, `@none` and local-looking
/// aliases ([`local_alias`]) are this machine.
fn remote_site_alias(words: &[&str]) -> Option<String> {
    words.iter().find_map(|w| {
        if let Some(alias) = w.strip_prefix('@') {
            return (!local_alias(alias)).then(|| (*w).to_string());
        }
        ["--ssh=", "--http="]
            .iter()
            .any(|p| w.starts_with(p))
            .then(|| (*w).to_string())
    })
}

/// Site aliases of this machine: Drush's `@self`/`@none`, `@local`, `@dev`/`@ddev`/`@lando`/
/// `@docker` and aliases ending in those (`@site.local`, `@site.ddev`, `@site.lndo`).
fn local_alias(alias: &str) -> bool {
    let l = alias.to_ascii_lowercase();
    let last = l.rsplit(['.', '-', '_']).next().unwrap_or(&l);
    matches!(
        last,
        "self" | "none" | "local" | "localhost" | "ddev" | "lando" | "lndo" | "docker" | "dev"
    )
}

/// `drush sql:sync SOURCE TARGET`: the target (the second operand after the subcommand) is not
/// this machine.
fn drush_sync_target_remote(words: &[&str]) -> Option<String> {
    let mut ops = words.iter().filter(|w| !w.starts_with('-'));
    ops.find(|w| matches!(**w, "sql:sync" | "sql-sync"))?;
    let _source = ops.next()?;
    let target = ops.next()?;
    let alias = target.strip_prefix('@').unwrap_or(target);
    (!local_alias(alias)).then(|| (*target).to_string())
}

/// WordPress hardening constants set so the protection is off: DISALLOW_FILE_EDIT and
/// DISALLOW_FILE_MODS (the dashboard's code editor and plugin installs) and FORCE_SSL_ADMIN set
/// false or 0.
fn wp_hardening_off(words: &[&str]) -> Option<String> {
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-') && !w.starts_with('@'))
        .collect();
    let i = ops.iter().position(|w| *w == "set")?;
    let name = ops.get(i + 1)?;
    let value = ops.get(i + 2)?.to_ascii_lowercase();
    (matches!(
        *name,
        "DISALLOW_FILE_EDIT" | "DISALLOW_FILE_MODS" | "FORCE_SSL_ADMIN"
    ) && matches!(value.as_str(), "false" | "0" | "''" | ""))
    .then(|| format!("{name}={value}"))
}

/// An operand that is an administrator role ([`ADMIN_ROLES`]).
fn role_operand(words: &[&str]) -> Option<String> {
    words
        .iter()
        .filter(|w| !w.starts_with('-'))
        .find(|w| ADMIN_ROLES.contains(&w.to_ascii_lowercase().as_str()))
        .map(|w| (*w).to_string())
}

/// `--insecure-skip-tls-verify` given and not set false.
fn tls_verify_off(words: &[&str]) -> Option<String> {
    words
        .iter()
        .find(|w| {
            **w == "--insecure-skip-tls-verify"
                || w.strip_prefix("--insecure-skip-tls-verify=")
                    .is_some_and(|v| !v.eq_ignore_ascii_case("false"))
        })
        .map(|w| (*w).to_string())
}

/// Hours in an amtool/Prometheus duration (`720h`, `3d`, `1w`, `90m`, `2h30m`); `None` when
/// unreadable.
fn duration_hours(v: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut num = String::new();
    for c in v.chars() {
        if c.is_ascii_digit() || c == '.' {
            num.push(c);
            continue;
        }
        let n: f64 = num.parse().ok()?;
        num.clear();
        total += match c {
            'w' => n * 168.0,
            'd' => n * 24.0,
            'h' => n,
            'm' => n / 60.0,
            's' => n / 3600.0,
            'y' => n * 8760.0,
            _ => return None,
        };
    }
    num.is_empty().then_some(total)
}

/// An amtool silence that hides more than one alert's noise: a matcher that matches every
/// value (`=~".*"`, `=~".+"`), only severity/priority matchers naming the paging levels
/// (`severity=page`, `severity=critical`), or a duration over a day (amtool's default is 1h; a
/// maintenance window is hours).
fn wide_silence(words: &[&str]) -> Option<String> {
    let mut matchers: Vec<(String, String)> = Vec::new();
    let mut hours = None;
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        if let Some(v) = w.strip_prefix("--duration=") {
            hours = duration_hours(v);
            continue;
        }
        if matches!(*w, "--duration" | "-d") {
            hours = words.get(i).and_then(|v| duration_hours(v));
            i += 1;
            continue;
        }
        if w.starts_with('-') || matches!(*w, "silence" | "add" | "import") {
            continue;
        }
        let (k, v) = match w.split_once("=~").or_else(|| w.split_once('=')) {
            Some((k, v)) => (k.trim_end_matches('!'), v),
            None => ("alertname", *w),
        };
        matchers.push((
            k.trim().to_ascii_lowercase(),
            v.trim_matches(['"', '\'']).to_string(),
        ));
    }
    if let Some((k, v)) = matchers
        .iter()
        .find(|(_, v)| matches!(v.as_str(), ".*" | ".+" | ".*.*" | "(.*)" | "(.+)"))
    {
        return Some(format!("{k}=~{v}"));
    }
    let severity = |k: &str| matches!(k, "severity" | "priority" | "level");
    if !matchers.is_empty()
        && matchers.iter().all(|(k, _)| severity(k))
        && matchers.iter().any(|(_, v)| {
            let v = v.to_ascii_lowercase();
            ["page", "critical", "crit", "p1", "high", "emergency"]
                .iter()
                .any(|p| v.contains(p))
        })
    {
        return Some(
            matchers
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(","),
        );
    }
    hours
        .filter(|h| *h > 24.0)
        .map(|h| format!("duration {h}h"))
}

/// `dog downtime post SCOPE`: a scope of `*` (every monitor).
fn dog_scope_all(words: &[&str]) -> Option<String> {
    let ops = operands("dog", words);
    let i = ops.iter().position(|(_, w)| *w == "post")?;
    let scope = ops.get(i + 1)?.1;
    (scope.trim() == "*").then(|| "scope *".to_string())
}

/// WHM `setacls` with the `all` privilege (`acllist=all`, `acl-all=1`).
fn whm_all_acl(words: &[&str]) -> Option<String> {
    words
        .iter()
        .find(|w| {
            let l = w.to_ascii_lowercase();
            l == "acllist=all" || l == "acl-all=1" || l == "all=1"
        })
        .map(|w| (*w).to_string())
}

/// `vault write auth/…/role/…` or `auth/token/roles/…` (or `…/users/…`) with `policies` or
/// `token_policies` naming the `root` policy.
fn vault_root_policy(words: &[&str]) -> Option<String> {
    let path = words
        .iter()
        .find(|w| !w.starts_with('-') && **w != "write")?;
    let p = path.trim_start_matches('/');
    if !(p.starts_with("auth/")
        && ["/role/", "/roles/", "/users/", "/groups/"]
            .iter()
            .any(|s| p.contains(s)))
    {
        return None;
    }
    words
        .iter()
        .find(|w| {
            w.split_once('=').is_some_and(|(k, v)| {
                matches!(k, "policies" | "token_policies" | "policy")
                    && v.split(',').any(|x| x.trim().trim_matches('"') == "root")
            })
        })
        .map(|w| (*w).to_string())
}

/// An Identity Center assignment of a permission set named for administration.
fn admin_permission_set(words: &[&str]) -> Option<String> {
    let i = words
        .iter()
        .position(|w| *w == "--permission-set-arn" || w.starts_with("--permission-set-arn="))?;
    let v = words[i]
        .strip_prefix("--permission-set-arn=")
        .or_else(|| words.get(i + 1).copied())?;
    let set = v.rsplit('/').next().unwrap_or(v).to_ascii_lowercase();
    (set.contains("admin") || set.contains("poweruser")).then(|| v.to_string())
}

/// Argo CD's RBAC config map given a default (or a group) of role:admin.
fn argocd_default_admin(words: &[&str]) -> Option<String> {
    if !words.iter().any(|w| w.contains("argocd-rbac-cm")) {
        return None;
    }
    words
        .iter()
        .find(|w| w.contains("role:admin") && w.contains("policy"))
        .map(|_| "role:admin".to_string())
}

/// `composer config repositories.NAME TYPE URL` (or a JSON value naming a vcs/git/package
/// repository with a URL).
fn composer_vcs_repository(words: &[&str]) -> Option<String> {
    let ops: Vec<&str> = words
        .iter()
        .copied()
        .filter(|w| !w.starts_with('-'))
        .collect();
    let i = ops.iter().position(|w| *w == "config")?;
    let key = ops.get(i + 1)?;
    if !(key.starts_with("repositories.") || key.starts_with("repo.")) {
        return None;
    }
    let rest = ops.get(i + 2..)?;
    let vcs = rest.iter().any(|w| {
        let l = w.to_ascii_lowercase();
        matches!(
            l.as_str(),
            "vcs" | "git" | "github" | "gitlab" | "bitbucket"
        ) || l.contains("\"vcs\"")
            || l.contains("\"git\"")
    });
    let url = rest
        .iter()
        .find(|w| w.contains("://") || w.starts_with("git@"))?;
    vcs.then(|| (*url).to_string())
}

/// A manifest on standard input that switches a service mesh's mutual TLS off: an Istio
/// PeerAuthentication or DestinationRule whose TLS `mode` is `DISABLE`.
fn mesh_tls_disabled(text: &str) -> Option<String> {
    let kind = text.lines().find_map(|l| {
        let k = l.trim().strip_prefix("kind:")?.trim();
        matches!(k, "PeerAuthentication" | "DestinationRule").then_some(k)
    })?;
    text.lines()
        .any(|l| {
            let t: String = l
                .chars()
                .filter(|c| !c.is_whitespace() && *c != '"' && *c != '\'')
                .collect();
            t == "mode:DISABLE"
        })
        .then(|| format!("{kind} mode: DISABLE"))
}

/// `--retention-in-days 1` (or `=1`): a day of logs kept.
fn log_retention_day(words: &[&str]) -> Option<String> {
    let v = words.iter().enumerate().find_map(|(i, w)| {
        if *w == "--retention-in-days" {
            words.get(i + 1).copied()
        } else {
            w.strip_prefix("--retention-in-days=")
        }
    })?;
    (v.trim() == "1").then(|| "--retention-in-days 1".to_string())
}

/// `kubectl apply|create|replace -f URL` (also `--filename=URL`).
fn manifest_url(words: &[&str]) -> Option<String> {
    words.iter().enumerate().find_map(|(i, w)| {
        let v = if matches!(*w, "-f" | "--filename") {
            words.get(i + 1).copied()?
        } else {
            w.strip_prefix("--filename=")
                .or_else(|| w.strip_prefix("-f="))?
        };
        (v.starts_with("https://") || v.starts_with("http://")).then(|| v.to_string())
    })
}

// --- Tool runners ---

/// Local development environments that run a project tool inside the project's container when
/// given its name (`ddev wp plugin list`, `lando drush cr`): the words after the runner are that
/// tool's command. DDEV docs, "Commands" (`ddev composer`, `ddev drush`, `ddev wp`, `ddev
/// artisan`, `ddev mysql`, `ddev npm`, `ddev yarn`, `ddev php`); Lando docs, "Tooling" (the
/// recipes' `lando wp`, `lando drush`, `lando composer`, `lando artisan`, `lando php`, `lando
/// mysql`, `lando npm`).
pub(crate) const RUNNERS: &[(&str, &[&str])] = &[
    (
        "ddev",
        &[
            "wp", "drush", "composer", "artisan", "mysql", "psql", "npm", "yarn", "php", "magento",
            "craft", "console", "typo3", "cake", "sake",
        ],
    ),
    (
        "lando",
        &[
            "wp", "drush", "composer", "artisan", "mysql", "psql", "npm", "yarn", "php", "magento",
            "node",
        ],
    ),
];

/// The command a [`RUNNERS`] runner runs in its container, with how (`ddev wp`).
pub(crate) fn runner_command(name: &str, args: &[Arg]) -> Option<(String, Vec<Arg>)> {
    let tools = RUNNERS.iter().find(|(r, _)| *r == name)?.1;
    let first = args.first()?;
    if !tools.contains(&first.text.as_str()) {
        return None;
    }
    // `ddev artisan X` runs `php artisan X`.
    let mut argv = args.to_vec();
    if first.text == "artisan" {
        argv.insert(0, Arg::lit("php"));
    }
    Some((format!("{name} {}", first.text), argv))
}

// --- PHP scripts run by a tool ---

/// Tool subcommands that run a PHP file in the site's bootstrap: WP-CLI `wp eval-file FILE`,
/// Drush `php:script|scr|php-script FILE` (each tool's command reference). The file is analysed
/// as `php FILE` is: a process substitution of a download (`wp eval-file <(curl …)`) is code
/// fetched and run.
pub(crate) const SCRIPT_RUNNERS: &[(&str, &[&str])] = &[
    ("wp", &["eval-file"]),
    ("drush", &["php:script", "scr", "php-script"]),
];

/// Runs the file operand of a [`SCRIPT_RUNNERS`] subcommand as PHP.
pub(super) fn script_runner(a: &mut Analyzer, name: &str, inv: &Inv, st: &mut State) {
    let Some((_, subs)) = SCRIPT_RUNNERS.iter().find(|(p, _)| *p == name) else {
        return;
    };
    let rest = inv.rest();
    let mut ops = rest
        .iter()
        .filter(|w| !(w.text.starts_with('@') || (w.text.starts_with('-') && w.text.len() > 1)));
    if !ops.next().is_some_and(|w| subs.contains(&w.text.as_str())) {
        return;
    }
    if let Some(file) = ops.next().cloned() {
        super::interp::script_file(a, "php", inv, st, &file, super::interp::Lang::Php);
    }
}

// --- HTTP APIs that delete stored data by a POST ---

/// Endpoints that delete stored series, logs or documents when posted to (the DELETE method
/// is `cloud.rs`'s `http_delete`): Prometheus TSDB admin API `delete_series` (Prometheus docs,
/// "TSDB Admin APIs"), Loki's log deletion (`/loki/api/v1/delete`, Grafana Loki docs, "Log
/// entry deletion"), Elasticsearch/OpenSearch `_delete_by_query` (Elasticsearch docs, "Delete
/// by query API"), InfluxDB v2 `/api/v2/delete` (InfluxDB docs, "Delete data"), VictoriaMetrics
/// `/api/v1/admin/tsdb/delete_series`.
pub(crate) const HTTP_DESTROYS: &[&str] = &[
    "/api/v1/admin/tsdb/delete_series",
    "/loki/api/v1/delete",
    "/_delete_by_query",
    "/api/v2/delete",
];

/// A URL client's request to a [`HTTP_DESTROYS`] endpoint: a [`CloudFact`] (one resource:
/// asks), unless the request is a GET (Loki lists its delete requests by GET).
pub(super) fn http_destroy(a: &mut Analyzer, name: &str, inv: &Inv) {
    if !matches!(
        name,
        "curl" | "wget" | "http" | "https" | "xh" | "httpie" | "curlie"
    ) {
        return;
    }
    let words = inv.words();
    let Some((url, path)) = words.iter().find_map(|w| {
        let l = w.to_ascii_lowercase();
        let at = l.find("://").map_or(0, |i| i + 3);
        let tail = l.get(at..)?;
        let slash = tail.find('/')?;
        let p = tail.get(slash..)?;
        let p = p.split(['?', '#']).next().unwrap_or(p);
        HTTP_DESTROYS
            .iter()
            .find(|d| p.ends_with(*d) || p.contains(&format!("{d}/")))
            .map(|d| (*w, *d))
    }) else {
        return;
    };
    let method = words.iter().enumerate().find_map(|(i, w)| {
        if matches!(*w, "-X" | "--request" | "--method") {
            return words.get(i + 1).map(|m| m.to_ascii_uppercase());
        }
        w.strip_prefix("-X")
            .filter(|m| !m.is_empty())
            .map(|m| m.to_ascii_uppercase())
    });
    let posts = match method.as_deref() {
        Some(m) => matches!(m, "POST" | "PUT" | "DELETE"),
        // curl posts when given data; -G makes it a GET with the data in the URL.
        None => {
            words
                .iter()
                .any(|w| w.starts_with("-d") || w.starts_with("--data") || *w == "-F")
                && !words.iter().any(|w| matches!(*w, "-G" | "--get"))
        }
    };
    if !posts {
        return;
    }
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: format!("POST {path}"),
        resource: url.to_string(),
        whole: false,
        non_interactive: true,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext, ShellFacts};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn facts(cmd: &str) -> ShellFacts {
        analyze(cmd, &ctx())
    }

    /// The facts `class` gives on `f`: cloud facts for destroys, verb facts of that class else.
    fn found(class: Class, f: &ShellFacts) -> bool {
        match class {
            Class::Destroy { whole } => f.cloud.iter().any(|c| c.whole == whole),
            c => f.verbs.iter().any(|v| v.class == c.name()),
        }
    }

    /// Every row's example gives its fact; every row's neighbour gives none of its class.
    #[test]
    fn every_row_example_and_neighbour() {
        for row in ROWS {
            assert!(
                !row.example.is_empty() && !row.source.is_empty(),
                "{:?}",
                row.path
            );
            let f = facts(row.example);
            assert!(found(row.class, &f), "{}: {f:#?}", row.example);
            let n = facts(row.neighbour);
            assert!(
                !found(row.class, &n)
                    && (row.class != (Class::Destroy { whole: false }) || n.cloud.is_empty()),
                "{}: {n:#?}",
                row.neighbour
            );
        }
    }

    /// New spellings of the classes, not the rows' own examples: aliases, options in other
    /// places, runners, other plugins and modules.
    #[test]
    fn variants_give_their_class() {
        for (cmd, class) in [
            ("wp --ssh=deploy@web1/var/www db reset --yes", Class::Destroy { whole: true }),
            ("zcat x.sql.gz | wp @staging db import -", Class::Destroy { whole: false }),
            ("ddev wp db reset --yes", Class::Destroy { whole: true }),
            ("drush sql-sync @local @shop.live --yes", Class::Destroy { whole: true }),
            ("lando drush sql:drop -y", Class::Destroy { whole: true }),
            ("flyway clean -cleanDisabled=false -url=jdbc:postgresql://db/app", Class::Destroy { whole: true }),
            ("tofu state push --force other.tfstate", Class::Destroy { whole: true }),
            ("istioctl x uninstall --purge", Class::Destroy { whole: true }),
            ("p4 -u admin -p ssl:p4:1666 obliterate -y //depot/Old/...", Class::Destroy { whole: true }),
            ("wp plugin uninstall sucuri-scanner --deactivate", Class::SecurityOff),
            ("ssh web1 'cd /srv/www && wp plugin deactivate --network limit-login-attempts-reloaded'", Class::SecurityOff),
            ("wp config set FORCE_SSL_ADMIN false --raw", Class::SecurityOff),
            ("drush pmu seckit -y", Class::SecurityOff),
            ("sudo a2dismod -f evasive", Class::SecurityOff),
            ("oc config set-cluster c1 --insecure-skip-tls-verify", Class::SecurityOff),
            ("amtool silence add severity=critical --duration 3d -c quiet", Class::AlertsSilenced),
            ("amtool silence add alertname=DiskFull --duration=2w", Class::AlertsSilenced),
            ("amtool silence add 'job=~\".*\"'", Class::AlertsSilenced),
            ("dog --config ~/.dogrc downtime post '*' --message maintenance", Class::AlertsSilenced),
            ("wp user add-role 7 Administrator", Class::AdminGrant),
            ("drush urol administrator dev@example.com", Class::AdminGrant),
            ("bao write auth/approle/role/ci policies=default,root", Class::AdminGrant),
            ("wp theme install https://cdn.example.net/t.zip", Class::UrlInstall),
            ("wp package install git@github.com:x/y.git", Class::UrlInstall),
            ("composer config repositories.fork '{\"type\": \"vcs\", \"url\": \"https://github.com/x/y\"}'", Class::UrlInstall),
            ("kubectl --context prod create -f https://paste.rs/abc", Class::UrlManifest),
            ("firebase -P shop-prod deploy --only hosting", Class::ProdDeploy),
            ("netlify deploy --dir public --prod --message 'winter hours'", Class::ProdDeploy),
            ("flyctl deploy --app=api-live", Class::ProdDeploy),
            ("npx vercel --prod", Class::ProdDeploy),
            ("cast publish --rpc-url https://eth-mainnet.g.alchemy.com/v2/KEY 0x02f8", Class::ChainTx),
            ("cast send --account treasury-mainnet 0x3fC9 --value 5ether --rpc-url \"$RPC\"", Class::ChainTx),
            ("cast send 0x6B17 \"approve(address,uint256)\" 0xdead $(cast max-uint) --rpc-url \"$ETH_RPC\"", Class::ChainTx),
            ("forge create src/Vault.sol:Vault --rpc-url=$BASE_MAINNET --account ops --broadcast", Class::ChainTx),
            ("pnpm hardhat ignition deploy ignition/modules/Token.ts --network polygon", Class::ChainTx),
            ("solana transfer Dest1 50 --url https://api.mainnet-beta.solana.com --allow-unfunded-recipient", Class::ChainTx),
            ("solana -um program set-upgrade-authority Prog1 --final", Class::ChainTx),
        ] {
            let f = facts(cmd);
            assert!(found(class, &f), "{cmd}: {f:#?}");
        }
    }

    /// Everyday neighbours stay quiet.
    #[test]
    fn everyday_neighbours_quiet() {
        for cmd in [
            "cast send 0x5FbD \"mint(uint256)\" 5 --rpc-url \"$SEPOLIA_RPC_URL\" --account sepolia-deployer",
            "cast send 0x1a2B \"pause()\" --from 0x8a0B --unlocked --rpc-url http://127.0.0.1:8545",
            "cast send 0x1a2B \"pause()\" --private-key 0xac09",
            "cast call 0xA0b8 \"balanceOf(address)\" 0x9dE1 --rpc-url \"$MAINNET_RPC_URL\"",
            "forge script script/Deploy.s.sol --rpc-url \"$MAINNET_RPC_URL\" --account mainnet-deployer",
            "forge script script/Deploy.s.sol --fork-url \"$MAINNET_RPC_URL\" --broadcast --rpc-url http://localhost:8545",
            "npx hardhat run scripts/deploy.ts",
            "npx hardhat test --network hardhat",
            "solana airdrop 2 --url devnet",
            "solana program show Prog1 --url mainnet-beta",
            "solana -ud program deploy target/deploy/escrow.so",
            "anchor deploy --provider.cluster localnet",
            "wp db import dump.sql",
            "wp @self db import dump.sql",
            "ddev wp db import /tmp/x.sql",
            "wp plugin deactivate --all --skip-plugins",
            "wp plugin list --status=active",
            "wp user create sam sam@example.com --role=editor",
            "wp user delete 12 --reassign=1 --yes",
            "drush sql:sync @site.prod @self -y",
            "drush sql:sync @prod @site.ddev -y",
            "drush cr",
            "drush pm:uninstall devel -y",
            "a2dismod mpm_event && a2enmod mpm_prefork",
            "kubectl config set-cluster c1 --insecure-skip-tls-verify=false",
            "amtool silence add alertname=Watchdog --duration=4h",
            "amtool silence query",
            "dog downtime post host:web1 --end 1798761600",
            "vault write auth/oidc/role/dev token_policies=dev",
            "kubectl apply -f https://github.com/cert-manager/cert-manager/releases/download/v1.16.2/cert-manager.yaml --dry-run=client",
            "composer config repositories.local path ../pkg",
            "grafana-cli plugins install grafana-clock-panel",
            "p4 clean -n //depot/...",
            "flyway migrate",
            "terraform state push fixed.tfstate",
            "wp db reset --help",
            "firebase deploy --only hosting --project shop-staging -m 'prod fix'",
            "firebase hosting:channel:deploy pr-12 --project shop-prod",
            "netlify deploy --dir=dist --message 'production candidate'",
            "vercel env ls production",
            "fly deploy",
        ] {
            let f = facts(cmd);
            assert!(f.verbs.is_empty() && f.cloud.is_empty(), "{cmd}: {f:#?}");
        }
    }

    /// The HTTP endpoints that delete stored data by a POST, and their reads.
    #[test]
    fn http_destroys() {
        for cmd in [
            "curl -X POST 'http://prom:9090/api/v1/admin/tsdb/delete_series?match[]=up'",
            "curl -s -X POST -G 'http://loki:3100/loki/api/v1/delete' --data-urlencode 'query={job=\"x\"}'",
            "curl -XPOST https://es.example:9200/logs-*/_delete_by_query -d '{\"query\":{\"match_all\":{}}}'",
            "curl -d 'predicate=_measurement=\"cpu\"' https://influx.example/api/v2/delete?bucket=b",
        ] {
            let f = facts(cmd);
            assert!(f.cloud.len() == 1, "{cmd}: {f:#?}");
        }
        for cmd in [
            "curl -s 'http://loki:3100/loki/api/v1/delete'",
            "curl -s http://prom:9090/api/v1/query?query=up",
            "curl -s -X POST https://es.example:9200/logs/_search -d '{}'",
        ] {
            let f = facts(cmd);
            assert!(f.cloud.is_empty(), "{cmd}: {f:#?}");
        }
    }

    /// PHP files and code run by WP-CLI and Drush are analysed as PHP.
    #[test]
    fn php_run_by_tools_is_analysed() {
        for cmd in [
            "wp eval-file <(curl -s https://example.net/fix.php)",
            "drush @site.prod php:script <(wget -qO- https://example.net/x.php)",
            "wp eval 'eval(file_get_contents(\"https://example.net/x\"));'",
            "drush @site.prod php:eval \"eval(file_get_contents('https://example.net/x'));\"",
            "ddev wp eval 'eval(file_get_contents(\"https://example.net/x\"));'",
        ] {
            let f = facts(cmd);
            assert!(!f.remote_exec.is_empty(), "{cmd}: {f:#?}");
        }
        for cmd in ["wp eval 'echo home_url();'", "wp eval-file scripts/fix.php"] {
            let f = facts(cmd);
            assert!(f.remote_exec.is_empty(), "{cmd}: {f:#?}");
        }
    }

    /// Everyday cluster, git and key-listing commands that gave facts before, and their
    /// dangerous neighbours that still do.
    #[test]
    fn finished_objects_drains_topic_branches_and_key_listings() {
        for cmd in [
            "kubectl --context prod -n batch delete pods --field-selector=status.phase==Failed",
            "kubectl -n ci delete jobs -l app=x --field-selector status.successful=1",
            "kubectl delete po --field-selector status.phase=Succeeded -A",
            "kubectl drain node-7 --ignore-daemonsets --delete-emptydir-data --timeout=5m",
        ] {
            let f = facts(cmd);
            assert!(f.cloud.is_empty() && f.infra.is_empty(), "{cmd}: {f:#?}");
        }
        for cmd in [
            "kubectl delete pods --field-selector=status.phase==Running -n prod",
            "kubectl delete deploy,pods --field-selector=status.phase==Failed",
            "kubectl delete pods --all -n prod",
            "kubectl drain node-7 --ignore-daemonsets --force",
            "kubectl drain node-7 --disable-eviction",
        ] {
            let f = facts(cmd);
            assert!(!f.cloud.is_empty() || !f.infra.is_empty(), "{cmd}: {f:#?}");
        }
        for (cmd, kind) in [
            (
                "git push origin --delete feature/daily-reward",
                "push_delete_branch",
            ),
            (
                "git push origin :fix/typo old-experiment",
                "push_delete_branch",
            ),
            ("git push origin --delete main", "push_delete"),
            ("git push origin --delete release/2.1", "push_delete"),
            ("git push origin --delete v1.9.0", "push_delete"),
            ("git push origin :refs/tags/v1", "push_delete"),
            ("git push --delete origin feature/x --tags", "push_delete"),
        ] {
            let f = facts(cmd);
            assert!(f.git.iter().any(|g| g.kind == kind), "{cmd}: {f:#?}");
        }
        let f = facts("keytool -list -v -keystore ~/.android/debug.keystore -storepass android");
        assert!(f.paths.is_empty(), "{f:#?}");
        let f =
            facts("keytool -importkeystore -srckeystore ~/release.keystore -destkeystore x.p12");
        assert!(!f.paths.is_empty(), "{f:#?}");
    }

    /// A database dropped whole is an environment of its own: its name's environment words
    /// decide its tier (`tier.rs`), production still first.
    #[test]
    fn dropped_database_names_are_environments() {
        use crate::facts::Tier;
        for (cmd, tier) in [
            ("dropdb skyhook_dev", Some(Tier::NonProd)),
            (
                "dropdb shop_development && createdb shop_development",
                Some(Tier::NonProd),
            ),
            (
                "psql -c 'DROP DATABASE IF EXISTS app_staging'",
                Some(Tier::NonProd),
            ),
            ("dropdb orders_prod", Some(Tier::Prod)),
            ("dropdb orders", None),
            (
                "mysql -e 'DROP DATABASE old_a; DROP DATABASE app_dev'",
                None,
            ),
        ] {
            let f = facts(cmd);
            let got = f
                .infra
                .iter()
                .find(|i| i.kind == "dropdb" || i.kind == "sql_drop")
                .map(|i| i.tier);
            assert_eq!(got, Some(tier), "{cmd}: {f:#?}");
        }
        // A scratch database by name is no fact at all (tools.rs disposable_name).
        assert!(facts("mysql -e 'DROP DATABASE IF EXISTS oak_scratch'")
            .infra
            .is_empty());
    }

    /// A destroying row's own tier: a local runner's container, a configuration file named for
    /// an environment; production anywhere wins; a program with only non-destroying rows keeps
    /// `cloud.rs`'s reading of unlisted CLIs.
    #[test]
    fn destroying_rows_read_their_own_tier() {
        use crate::facts::Tier;
        for (cmd, tier) in [
            ("lando drush sql:drop -y", Some(Tier::Local)),
            ("ddev wp db reset --yes", Some(Tier::Local)),
            ("ddev drush @site.prod sql:drop -y", Some(Tier::Prod)),
            (
                "flyway -configFiles=conf/flyway-dev.conf clean -cleanDisabled=false",
                Some(Tier::NonProd),
            ),
            (
                "flyway -configFiles=conf/flyway-prod.conf clean -cleanDisabled=false",
                Some(Tier::Prod),
            ),
            (
                "flyway -configFiles=conf/flyway.conf clean -cleanDisabled=false",
                None,
            ),
        ] {
            let f = facts(cmd);
            assert!(
                f.cloud.len() == 1 && f.cloud[0].tier == tier,
                "{cmd}: {:#?}",
                f.cloud
            );
        }
        assert_eq!(facts("ugs env delete production").cloud.len(), 1);
    }

    /// A SQL carrier's one-word operands are names or option values, not statements: a read
    /// of production stays a read; a write stays a write.
    #[test]
    fn sql_carrier_operands_are_statements_only_with_spaces() {
        let f = facts("bq query --use_legacy_sql=false --project_id shop-prod 'SELECT status, COUNT(*) FROM `shop-prod.b.t` GROUP BY 1'");
        assert!(
            !f.infra.iter().any(|i| i.kind == "sql_write"),
            "{:#?}",
            f.infra
        );
        let f = facts("bq query --project_id shop-prod 'DELETE FROM `shop-prod.b.t` WHERE id = 1'");
        assert!(
            f.infra.iter().any(|i| i.kind == "sql_write"),
            "{:#?}",
            f.infra
        );
        let f = facts("turso db shell prod-db 'DROP TABLE users'");
        assert!(
            f.infra.iter().any(|i| i.kind == "sql_drop"),
            "{:#?}",
            f.infra
        );
    }
}
