//! Cloud and infrastructure CLIs as data (issue 11, item 4): destructive verbs by *pattern*
//! (`delete*`, `remove*`, `terminate*`, `release*`, `deregister*`, `destroy`, `drop*`, `purge`,
//! `flush*`, `rb`, `rm`, `uninstall`), not one case per subcommand. A match is a
//! [`CloudFact`] with the CLI, the verb, the resource words before it, whether the resource is a
//! whole container of data or other resources (a bucket, cluster, project, account, database,
//! stack, namespace, resource group, repository, app…), and whether the run is
//! non-interactive (the CLI never confirms, or a `--force`/`--yes`/`--quiet`/`-auto-approve`
//! flag turns its confirmation off). Covering a new CLI is one row of [`CLIS`]; a new verb is
//! one entry of [`VERBS`].
//!
//! The finer kinds of `tools.rs` (`aws_s3_rb`, `sql_drop`, …) stay; this table catches what
//! they do not name (`aws ec2 release-address`, `doctl compute droplet delete`).

use crate::analyzer::{clip, Analyzer, Inv};
use crate::facts::CloudFact;

/// Where a CLI puts its verb.
#[derive(Debug, Clone, Copy)]
pub(crate) enum VerbAt {
    /// The operand after the service (`aws <service> <operation>`).
    AfterService,
    /// Any of the first operands (`gcloud compute instances delete`, `az group delete`,
    /// `heroku apps:destroy`).
    AnyOperand,
}

/// One CLI.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cli {
    /// Program names.
    pub names: &'static [&'static str],
    /// Where the verb is.
    pub verb_at: VerbAt,
    /// The CLI asks for confirmation before deleting unless told not to.
    pub confirms: bool,
    /// Flags that turn confirmation off (beside the common [`FORCE_FLAGS`]).
    pub force: &'static [&'static str],
    /// Resource words that name this CLI's own local configuration (beside [`LOCAL`]).
    pub local: &'static [&'static str],
    /// Options that make the delete take a whole container (`bq rm -d` a dataset, `-r` with
    /// its tables; `etcdctl del --prefix` a key tree).
    pub whole_flags: &'static [&'static str],
    /// Only a whole delete is a fact (`etcdctl del KEY` of one key is routine).
    pub only_whole: bool,
    /// Every destructive verb of this CLI takes a whole stack or app (`sam delete`, `cdk
    /// destroy`, `serverless remove`).
    pub all_whole: bool,
    /// Options that are the destroy verb themselves (`terraform apply -destroy`).
    pub verb_flags: &'static [&'static str],
    /// Operands that only preview what would happen (`terraform plan -destroy`, `cdk diff`).
    pub previews: &'static [&'static str],
    /// Global options that take a separate value (`aws --region us-east-1 ec2 …`): the value is
    /// not an operand, so the service and verb are found after it.
    pub value_options: &'static [&'static str],
    /// Destructive verbs of this CLI beside [`VERBS`] (`vault secrets disable`: unmounting a
    /// secrets engine destroys every secret below it).
    pub verbs: &'static [Verb],
    /// Verbs of this CLI that always take a whole container (`rclone purge`: a path and all of
    /// its contents; `vault secrets disable`: a whole secrets engine).
    pub whole_verbs: &'static [&'static str],
    /// An operand after the verb that makes the delete whole by its shape (`vercel remove
    /// PROJECT` removes every deployment of the project; a deployment's URL or `dpl_` id is
    /// one deployment).
    pub whole_operand: Option<fn(&str) -> bool>,
    /// A destructive command that must give a fact.
    #[allow(dead_code)] // read by the tests
    pub example: &'static str,
    /// Its documentation.
    #[allow(dead_code)] // provenance for readers of the table
    pub source: &'static str,
}

use VerbAt::{AfterService, AnyOperand};

/// The fields most rows leave empty.
const NONE: Cli = Cli {
    names: &[],
    verb_at: AnyOperand,
    confirms: true,
    force: &[],
    local: &[],
    whole_flags: &[],
    only_whole: false,
    all_whole: false,
    verb_flags: &[],
    previews: &[],
    value_options: &[],
    verbs: &[],
    whole_verbs: &[],
    whole_operand: None,
    example: "",
    source: "",
};

/// The table.
pub(crate) const CLIS: &[Cli] = &[
    Cli {
        names: &["aws"],
        verb_at: AfterService,
        confirms: false,
        force: &[],
        local: &[],
        // `aws help global options`: the ones that take a value
        value_options: &[
            "--region",
            "--profile",
            "--output",
            "--endpoint-url",
            "--query",
            "--color",
            "--ca-bundle",
            "--cli-read-timeout",
            "--cli-connect-timeout",
            "--cli-binary-format",
        ],
        example: "aws ec2 release-address --allocation-id eipalloc-1",
        source: "AWS CLI command reference",
        ..NONE
    },
    Cli {
        names: &["gcloud"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "gcloud compute instances delete vm1",
        source: "gcloud reference (--quiet disables prompts)",
        ..NONE
    },
    Cli {
        names: &["gsutil"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "gsutil rb gs://b",
        source: "gsutil rb",
        ..NONE
    },
    Cli {
        names: &["az"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--no-wait"],
        local: &[],
        example: "az group delete -n rg --yes",
        source: "Azure CLI reference (--yes)",
        ..NONE
    },
    Cli {
        names: &["doctl"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "doctl compute droplet delete web-1 --force",
        source: "doctl reference (--force)",
        ..NONE
    },
    Cli {
        names: &["flyctl", "fly"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "fly apps destroy my-app --yes",
        source: "flyctl docs (--yes)",
        ..NONE
    },
    Cli {
        names: &["heroku"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--confirm"],
        local: &[],
        example: "heroku apps:destroy my-app --confirm my-app",
        source: "Heroku CLI (--confirm)",
        ..NONE
    },
    Cli {
        names: &["openstack"],
        verb_at: AnyOperand,
        confirms: false,
        example: "openstack server delete web1",
        source: "python-openstackclient command list (`<object> delete`, no prompt)",
        ..NONE
    },
    Cli {
        names: &["rclone"],
        verb_at: AnyOperand,
        confirms: false,
        example: "rclone purge remote:backups",
        source: "rclone docs: delete, deletefile, purge, rmdir(s), cleanup (no prompt without -i); purge: \"Remove the path and all of its contents\"",
        whole_verbs: &["purge"],
        ..NONE
    },
    Cli {
        names: &["mc"],
        verb_at: AnyOperand,
        confirms: false,
        example: "mc rb --force myminio/data",
        source: "MinIO client docs: mc rb (remove bucket), mc rm",
        ..NONE
    },
    Cli {
        names: &["s3cmd"],
        verb_at: AnyOperand,
        confirms: false,
        example: "s3cmd rb --recursive --force s3://prod-old",
        source: "s3cmd(1): rb, del, rm",
        ..NONE
    },
    Cli {
        names: &["consul"],
        verb_at: AnyOperand,
        confirms: false,
        example: "consul kv delete -recurse config/",
        source: "Consul CLI: kv delete (-recurse: a key tree)",
        whole_flags: &["-recurse", "--recurse"],
        ..NONE
    },
    Cli {
        names: &["influx"],
        verb_at: AnyOperand,
        confirms: false,
        example: "influx bucket delete -n metrics -o acme",
        source: "InfluxDB CLI: bucket/org/user delete",
        ..NONE
    },
    Cli {
        names: &["vercel"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        whole_operand: Some(vercel_project_name),
        example: "vercel remove my-app --yes",
        source: "vercel CLI (--yes); vercel remove: \"remove deployments either by ID or for a specific Vercel Project\"",
        ..NONE
    },
    Cli {
        names: &["netlify"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "netlify sites:delete x --force",
        source: "Netlify CLI",
        // Global options whose value is not a verb (`netlify claim --token drop-jwt-token`).
        value_options: &["--auth", "--token", "--site", "--filter", "--context"],
        ..NONE
    },
    Cli {
        names: &["fastlane"],
        verb_at: AnyOperand,
        confirms: true,
        // fastlane match nuke: "revoke your certificates and provisioning profiles" of the
        // Apple Developer account (every app's signing identity of that type, for every
        // machine and CI job that uses them), and deletes them from the match repository.
        verbs: &[Exact("nuke")],
        whole_verbs: &["nuke"],
        example: "fastlane match nuke distribution --force",
        source: "fastlane docs, match: `fastlane match nuke development|distribution|enterprise` (`--force` skips the confirmation)",
        ..NONE
    },
    Cli {
        names: &["gh", "glab"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "gh repo delete me/x --yes",
        source: "gh repo delete (--yes); glab repo delete (--yes)",
        ..NONE
    },
    Cli {
        names: &["kubectl", "oc", "k"],
        verb_at: AnyOperand,
        confirms: false,
        force: &["--grace-period=0", "--all"],
        local: &[],
        value_options: KUBECTL_VALUE_OPTIONS,
        example: "kubectl delete ns prod",
        source: "kubectl delete (never prompts)",
        ..NONE
    },
    Cli {
        names: &["helm"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &["repo", "plugin"],
        example: "helm uninstall web",
        source: "helm uninstall",
        ..NONE
    },
    Cli {
        names: &["terraform", "tofu", "terragrunt", "opentofu"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[
            "-auto-approve",
            "--auto-approve",
            "--terragrunt-non-interactive",
        ],
        local: &[],
        example: "terraform destroy -auto-approve",
        source: "terraform destroy (-auto-approve); terraform apply -destroy; terraform apply -replace=ADDR (the resource is destroyed and created again: Terraform docs, \"Forcing Re-creation of Resources\"); terragrunt --terragrunt-non-interactive",
        verb_flags: &["-destroy", "--destroy", "-replace", "--replace"],
        previews: &["plan", "show", "validate", "output"],
        ..NONE
    },
    Cli {
        names: &["pulumi"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--skip-preview"],
        local: &[],
        example: "pulumi destroy --yes",
        source: "pulumi destroy (--yes)",
        ..NONE
    },
    Cli {
        names: &["eksctl"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "eksctl delete cluster prod",
        source: "eksctl delete cluster",
        ..NONE
    },
    Cli {
        names: &["hcloud"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "hcloud server delete web",
        source: "hcloud CLI",
        ..NONE
    },
    Cli {
        names: &["linode-cli"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "linode-cli linodes delete 123",
        source: "linode-cli",
        ..NONE
    },
    Cli {
        names: &["scw"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "scw instance server delete x",
        source: "Scaleway CLI",
        ..NONE
    },
    Cli {
        names: &["oci"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "oci os bucket delete --name b --force",
        source: "OCI CLI (--force)",
        ..NONE
    },
    Cli {
        names: &["ibmcloud"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "ibmcloud resource group-delete g -f",
        source: "IBM Cloud CLI (-f)",
        ..NONE
    },
    Cli {
        names: &["aliyun"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "aliyun ecs DeleteInstance --InstanceId i-1",
        source: "Alibaba Cloud CLI",
        ..NONE
    },
    Cli {
        names: &["firebase"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "firebase projects:delete p --force",
        source: "Firebase CLI (--force); firestore:delete --all-collections (the whole database), -r/--recursive (a collection and everything below it); hosting:disable (\"Stop serving web traffic to your Firebase Hosting site\")",
        whole_flags: &["--all-collections", "-r", "--recursive"],
        // `hosting:disable` takes the site off the web (Firebase CLI reference).
        verbs: &[Exact("disable")],
        ..NONE
    },
    Cli {
        names: &["supabase"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "supabase projects delete ref",
        source: "Supabase CLI",
        ..NONE
    },
    Cli {
        names: &["wrangler"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "wrangler r2 bucket delete b",
        source: "Cloudflare wrangler",
        ..NONE
    },
    Cli {
        names: &["neonctl", "neon"],
        verb_at: AnyOperand,
        confirms: false,
        force: &[],
        local: &[],
        example: "neonctl projects delete p",
        source: "Neon CLI (neonctl projects|branches|databases|roles delete)",
        ..NONE
    },
    Cli {
        names: &["argocd"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "argocd app delete api --cascade -y",
        source: "Argo CD CLI (argocd app delete: the application and, with --cascade, its resources)",
        ..NONE
    },
    Cli {
        names: &["huggingface-cli", "hf"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--yes", "-y"],
        local: &[],
        example: "huggingface-cli repo delete acme/model-ft --yes",
        source: "Hugging Face Hub CLI: repo delete (a model, dataset or Space repository and its files)",
        ..NONE
    },
    Cli {
        names: &["render"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--confirm", "-y", "--yes"],
        local: &[],
        example: "render services delete srv-a1b2 --confirm",
        source: "Render CLI: services delete",
        ..NONE
    },
    Cli {
        names: &["conan"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["-c", "--confirm"],
        local: &[],
        whole_flags: &["-r", "--remote"],
        only_whole: true,
        verbs: &[Exact("remove")],
        example: "conan remove \"*\" -r artifactory -c",
        source: "Conan 2 `conan remove PATTERN -r REMOTE` (packages deleted from the remote; without -r only the local cache)",
        ..NONE
    },
    Cli {
        names: &["tmutil"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        verbs: &[Exact("deletelocalsnapshots"), Exact("deleteinprogress")],
        example: "tmutil deletelocalsnapshots /",
        source: "tmutil(8): delete (backups of a Time Machine destination), deletelocalsnapshots",
        ..NONE
    },
    Cli {
        names: &["sentry-cli"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "sentry-cli releases delete 1.2.3",
        source: "sentry-cli: releases delete, projects delete (Sentry's API)",
        ..NONE
    },
    Cli {
        names: &["algolia"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["-y", "--confirm"],
        local: &[],
        verbs: &[Exact("clear")],
        example: "algolia indices delete prod_products -y",
        source: "Algolia CLI: indices delete / clear (every record of the index)",
        ..NONE
    },
    Cli {
        names: &["pscale"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--force"],
        local: &[],
        example: "pscale database delete prod-db --force",
        source: "PlanetScale CLI: database delete, branch delete",
        ..NONE
    },
    Cli {
        names: &["turso"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--yes", "-y"],
        local: &[],
        example: "turso db destroy prod --yes",
        source: "Turso CLI: db destroy",
        ..NONE
    },
    Cli {
        names: &["dokku"],
        verb_at: AnyOperand,
        confirms: true,
        force: &["--force"],
        local: &[],
        example: "dokku apps:destroy api --force",
        source: "Dokku: apps:destroy, postgres:destroy (service plugins)",
        ..NONE
    },
    Cli {
        names: &["railway"],
        verb_at: AnyOperand,
        confirms: true,
        force: &[],
        local: &[],
        example: "railway down --yes",
        source: "Railway CLI",
        ..NONE
    },
    Cli {
        names: &["cf", "cf7", "cf8"],
        verb_at: AnyOperand,
        confirms: true,
        example: "cf delete-service prod-db -f",
        source: "Cloud Foundry CLI reference: delete, delete-service, delete-space, delete-org, \
                 purge-service-offering (-f: no confirmation)",
        ..NONE
    },
    Cli {
        names: &["vault", "bao"],
        verb_at: AnyOperand,
        confirms: false,
        example: "vault secrets disable secret/",
        source: "Vault CLI: secrets disable (\"all secrets … are revoked and the data is deleted\"), \
                 auth disable, delete, kv delete/destroy/metadata delete (no prompt); OpenBao the same",
        verbs: &[Stem("disable")],
        whole_verbs: &["disable"],
        ..NONE
    },
    Cli {
        names: &["nomad"],
        verb_at: AnyOperand,
        confirms: false,
        example: "nomad job stop -purge api",
        source: "Nomad CLI: job stop -purge (stops and removes the job from the state store), \
                 namespace/volume/var delete (no prompt)",
        verb_flags: &["-purge", "--purge"],
        ..NONE
    },
    Cli {
        names: &["cdk"],
        force: &[],
        example: "cdk destroy --force",
        source: "AWS CDK Toolkit cdk destroy (--force: no confirmation)",
        all_whole: true,
        previews: &["diff", "synth", "ls", "list"],
        ..NONE
    },
    Cli {
        names: &["sam"],
        force: &["--no-prompts"],
        example: "sam delete --no-prompts --stack-name prod",
        source: "AWS SAM CLI sam delete (deletes the stack; --no-prompts)",
        all_whole: true,
        ..NONE
    },
    Cli {
        names: &["serverless", "sls"],
        confirms: false,
        example: "serverless remove --stage prod",
        source: "Serverless Framework remove (removes the whole service stack, no prompt)",
        all_whole: true,
        ..NONE
    },
    Cli {
        names: &["bq"],
        example: "bq rm -r -f -d prod:analytics",
        source: "bq rm (-d dataset, -r with its tables, -f no prompt)",
        whole_flags: &["-d", "--dataset", "-r", "--recursive"],
        ..NONE
    },
    Cli {
        names: &["etcdctl"],
        confirms: false,
        example: "etcdctl del '' --prefix",
        source: "etcdctl del (--prefix / --from-key: every key below or after the given one)",
        whole_flags: &["--prefix", "--from-key"],
        only_whole: true,
        ..NONE
    },
    // Backup tools: deleting backups (or letting a retention rule delete them) is what a wiper or
    // ransomware does before it destroys the data they protect. Each tool's own words for it.
    Cli {
        names: &["borg", "borgbackup"],
        confirms: false,
        example: "borg prune --keep-last 1 /mnt/backup/repo",
        source: "BorgBackup docs: borg delete (archives, or the whole repository), borg prune \
                 (archives by retention rules, no prompt)",
        verbs: &[Exact("prune")],
        ..NONE
    },
    Cli {
        names: &["restic"],
        confirms: false,
        example: "restic -r /srv/restic forget --keep-last 1 --prune",
        source: "restic docs, \"Removing backup snapshots\": forget (snapshots), prune (their data), \
                 key remove; no prompt",
        verbs: &[Exact("forget"), Exact("prune")],
        value_options: &[
            "-r",
            "--repo",
            "--repository-file",
            "-p",
            "--password-file",
            "--password-command",
            "--cache-dir",
            "-o",
            "--option",
        ],
        ..NONE
    },
    Cli {
        names: &["kopia"],
        confirms: true,
        force: &["--delete"],
        example: "kopia snapshot delete k1234 --delete",
        source: "Kopia CLI: snapshot delete (deletes only with --delete), snapshot expire --delete, \
                 repository / policy delete",
        ..NONE
    },
    Cli {
        names: &["velero"],
        confirms: true,
        force: &["--confirm"],
        example: "velero backup delete nightly --confirm",
        source: "Velero CLI: backup / schedule / restore / backup-location delete (--confirm: no \
                 prompt), velero uninstall",
        ..NONE
    },
    Cli {
        names: &["duplicity"],
        confirms: true,
        example: "duplicity remove-older-than 6M --force file:///mnt/backup",
        source: "duplicity(1): remove-older-than, remove-all-but-n-full, remove-all-inc-of-but-n-full \
                 (delete only with --force, otherwise list)",
        ..NONE
    },
    Cli {
        names: &["rdiff-backup"],
        confirms: false,
        example: "rdiff-backup --remove-older-than 2W /mnt/backup",
        source: "rdiff-backup(1): --remove-older-than (old form), `remove increments` (new form)",
        verb_flags: &["--remove-older-than"],
        ..NONE
    },
    Cli {
        names: &["tarsnap"],
        confirms: false,
        example: "tarsnap -d -f nightly-2024-01-01",
        source: "tarsnap(1): -d deletes the archives named by -f; --nuke deletes every archive",
        verb_flags: &["-d", "--nuke"],
        ..NONE
    },
    Cli {
        names: &["bup"],
        confirms: false,
        example: "bup rm --unsafe nightly",
        source: "bup-rm(1), bup-gc(1): remove branches or saves, then their data",
        ..NONE
    },
    // Volume managers that name pools, datasets and subvolumes rather than devices (the raw
    // devices are `disk.rs`'s): their destroy verbs never confirm.
    Cli {
        names: &["zfs"],
        confirms: false,
        example: "zfs destroy -r tank/data",
        source: "zfs-destroy(8) (a dataset, -r with its children and snapshots), zfs-rollback(8) \
                 (-r destroys the later snapshots); no prompt",
        verbs: &[Exact("rollback")],
        ..NONE
    },
    Cli {
        names: &["zpool"],
        confirms: false,
        example: "zpool destroy -f tank",
        source: "zpool-destroy(8): destroys the pool and every dataset on it; no prompt",
        whole_verbs: &["destroy"],
        ..NONE
    },
    Cli {
        names: &["btrfs"],
        confirms: false,
        example: "btrfs subvolume delete /mnt/data/@home",
        source: "btrfs-subvolume(8) delete, btrfs-device(8) remove; no prompt",
        ..NONE
    },
    // Cluster tools beside kubectl: the workflow, GitOps and serverless layers' own deletes.
    Cli {
        names: &["argo"],
        confirms: false,
        example: "argo delete --all -n prod",
        source: "Argo Workflows CLI: argo delete (workflows; --all), argo cron / template / \
                 cluster-template delete (no prompt)",
        ..NONE
    },
    Cli {
        names: &["flux"],
        confirms: true,
        force: &["--silent", "-s"],
        example: "flux delete kustomization apps --silent",
        source: "Flux CLI: flux delete <kind> (prompts unless --silent), flux uninstall",
        ..NONE
    },
    Cli {
        names: &["kn"],
        confirms: false,
        example: "kn service delete hello",
        source: "Knative client: kn service / revision / route / broker / trigger / source delete \
                 (no prompt)",
        ..NONE
    },
    Cli {
        names: &["tkn"],
        confirms: true,
        force: &["--force", "-f"],
        example: "tkn pipelinerun delete --all -f",
        source: "Tekton CLI: tkn <kind> delete (pipelines, tasks, runs, triggers; prompts unless \
                 -f), --all",
        ..NONE
    },
    Cli {
        names: &["faas-cli"],
        confirms: false,
        example: "faas-cli remove figlet",
        source: "OpenFaaS CLI: faas-cli remove / rm (a deployed function), secret remove, \
                 namespace delete (no prompt)",
        ..NONE
    },
    Cli {
        names: &["clusterctl"],
        confirms: false,
        example: "clusterctl delete --all",
        source: "Cluster API clusterctl delete (providers from the management cluster; with \
                 --include-crd also the clusters they manage)",
        whole_flags: &["--include-crd"],
        ..NONE
    },
    // Message brokers and streams: their queues, topics and streams hold messages nobody else
    // has, and their CLIs delete without asking.
    Cli {
        names: &["rabbitmqctl"],
        confirms: false,
        example: "rabbitmqctl purge_queue emails.outbound",
        source: "rabbitmqctl(8): delete_queue, purge_queue, delete_vhost (whole), delete_user; \
                 reset / force_reset return the node to a blank state (no prompt; a step of \
                 joining a cluster, so asked about, not a whole delete)",
        verbs: &[Exact("reset"), Exact("force_reset")],
        whole_verbs: &["delete_vhost"],
        ..NONE
    },
    Cli {
        names: &["rabbitmqadmin"],
        confirms: false,
        example: "rabbitmqadmin delete queue name=emails.dead",
        source: "rabbitmqadmin (management plugin CLI): delete <object> / purge queue (no \
                 prompt)",
        value_options: &["-H", "--host", "-P", "--port", "-V", "--vhost", "-u", "--username",
                         "-p", "--password", "-c", "--config", "-N", "--node", "-f", "--format"],
        ..NONE
    },
    Cli {
        names: &["nats"],
        confirms: true,
        force: &["-f", "--force"],
        example: "nats stream rm ORDERS -f",
        source: "NATS CLI: nats stream|consumer|kv|object rm / del / purge (prompt unless -f); \
                 stream purge empties a whole stream",
        whole_verbs: &["purge"],
        value_options: &["-s", "--server", "--creds", "--context", "--user", "--password"],
        ..NONE
    },
    Cli {
        names: &[
            "kafka-topics",
            "kafka-topics.sh",
            "kafka-consumer-groups",
            "kafka-consumer-groups.sh",
            "kafka-delete-records",
            "kafka-delete-records.sh",
        ],
        confirms: false,
        example: "kafka-topics.sh --bootstrap-server k:9092 --delete --topic orders",
        source: "Apache Kafka tools: kafka-topics --delete (a topic and its messages), \
                 kafka-consumer-groups --delete / --delete-offsets, kafka-delete-records \
                 --offset-json-file (records before the offsets); no prompt",
        verb_flags: &["--delete", "--delete-offsets", "--offset-json-file"],
        value_options: &["--bootstrap-server", "--command-config", "--topic", "--group",
                         "--zookeeper"],
        ..NONE
    },
    Cli {
        names: &["pulsar-admin"],
        confirms: false,
        example: "pulsar-admin topics delete persistent://public/default/orders",
        source: "Apache Pulsar pulsar-admin: topics|namespaces|tenants|subscriptions delete, \
                 topics delete-partitioned-topic (no prompt)",
        ..NONE
    },
    Cli {
        names: &["rpk"],
        confirms: false,
        example: "rpk topic delete orders",
        source: "Redpanda rpk: topic delete, group delete, acl delete, cluster storage \
                 (no prompt)",
        local: &["profile"],
        ..NONE
    },
    // PostgreSQL's WAL-G: `delete` without `--confirm` only lists what it would delete.
    Cli {
        names: &["wal-g"],
        confirms: true,
        force: &["--confirm"],
        example: "wal-g delete retain FULL 3 --confirm",
        source: "WAL-G docs, \"delete\": delete retain / before / everything / target / \
                 garbage, which only print what they would delete unless --confirm",
        whole_verbs: &["delete"],
        ..NONE
    },
];

/// A verb pattern.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Verb {
    /// This word, or this word followed by `-`/`_`/capital letters (`delete`, `delete-bucket`,
    /// `DeleteInstance`), also after `batch-` (`batch-delete-image`).
    Stem(&'static str),
    /// Exactly this word.
    Exact(&'static str),
    /// This word followed by `-`/`_`/a capital letter only: the bare word is also a noun
    /// (`gh release download` is about releases; `aws ec2 release-address` releases).
    Prefix(&'static str),
}

use Verb::{Exact, Prefix, Stem};

/// Destructive verbs (`gcloud`/`az`/`aws` verb names, kubectl/helm/terraform subcommands).
pub(crate) const VERBS: &[Verb] = &[
    Stem("delete"),
    Stem("remove"),
    Stem("terminate"),
    Prefix("release"),
    Stem("deregister"),
    Stem("destroy"),
    Stem("drop"),
    Stem("purge"),
    Stem("flush"),
    Stem("wipe"),
    Stem("uninstall"),
    Exact("rb"),
    Exact("rm"),
    Exact("del"),
    Exact("down"),
    Exact("group-delete"),
];

/// Resource words that name the CLI's local client state, not cloud resources
/// (`gcloud components remove`, `az extension remove`, `kubectl config delete-context`).
pub(crate) const LOCAL: &[&str] = &[
    // `hcloud context delete`, `doctl auth remove`: a named set of the CLI's own settings.
    "context",
    "contexts",
    "components",
    "component",
    "extension",
    "extensions",
    "plugin",
    "plugins",
    "config",
    "configurations",
    "auth",
    "alias",
    "aliases",
    "completion",
];

/// Command topics of colon-style CLIs (`heroku plugins:uninstall`, `heroku auth:logout`) that
/// name the CLI's own local state: its plugins, its sign-in, its shell completion.
const COLON_LOCAL: &[&str] = &["plugins", "plugin", "auth", "autocomplete", "completion"];

/// Flags that turn a CLI's own confirmation off (common spellings).
pub(crate) const FORCE_FLAGS: &[&str] = &[
    "--force",
    "-f",
    "--yes",
    "-y",
    "--quiet",
    "-q",
    "--no-prompt",
    "--non-interactive",
    "--skip-confirmation",
    "--no-confirm",
];

/// Resource words naming a whole container of data or of other resources: deleting one takes
/// everything in it (the principle behind a deny). Matched against the words before the verb and
/// against the verb's own suffix (`delete-bucket`, `DeleteDBCluster`).
pub(crate) const WHOLE: &[&str] = &[
    "bucket",
    "buckets",
    "rb",
    "cluster",
    "clusters",
    "project",
    "projects",
    "account",
    "accounts",
    "organization",
    "organizations",
    "org",
    "database",
    "databases",
    "db",
    "dbinstance",
    "db-instance",
    "db-cluster",
    "dbcluster",
    "stack",
    "stacks",
    "namespace",
    "namespaces",
    "ns",
    "group",
    "groups",
    "resource-group",
    "repo",
    "repository",
    "repositories",
    "app",
    "apps",
    "table",
    "tables",
    "keyspace",
    "vault",
    "vaults",
    "keyvault",
    "zone",
    "hosted-zone",
    "file-system",
    "filesystem",
    "volume",
    "volumes",
    "snapshot",
    "snapshots",
    "backup",
    "backups",
    "registry",
    "service-instance",
    "service-instances",
    "site",
    "sites",
    // A Cloud Foundry space holds apps and services; a DigitalOcean Space is a bucket.
    "space",
    "spaces",
    "sql",
    "instances-all",
    "destroy",
    "down",
];

/// Verbs of an `aws`-style operation name only ([`VerbAt::AfterService`]): AWS names the
/// switching off of a key, a security service, an alarm or encryption `disable-…`
/// (`aws kms disable-key`, `aws inspector2 disable`, `aws ec2 disable-ebs-encryption-by-default`)
/// and the audit log's `stop-logging` (MITRE ATT&CK T1562.008); other CLIs use `disable` for
/// features of the user's own (`hcloud server disable-rescue`), so the pattern stays here.
/// AWS names the deletion of an account `close-account` (`aws organizations close-account`, AWS
/// Organizations API CloseAccount: the account and its resources are shut down).
const OPERATION_VERBS: &[Verb] = &[Stem("disable"), Exact("stop-logging"), Stem("close")];

fn operation_verb_match(w: &str) -> Option<&'static str> {
    verb_match(w).or_else(|| {
        let lower = w.to_ascii_lowercase();
        // An operation that schedules a deletion (`aws kms schedule-key-deletion`, AWS KMS API
        // ScheduleKeyDeletion): the destroy word is last, the effect the same once the window ends.
        if lower.starts_with("schedule-") && lower.ends_with("-deletion") {
            return Some("schedule-deletion");
        }
        OPERATION_VERBS.iter().find_map(|v| match *v {
            Exact(e) => (lower == e).then_some(e),
            Stem(st) | Prefix(st) => lower
                .strip_prefix(st)
                .is_some_and(|r| r.is_empty() || r.starts_with(['-', '_']))
                .then_some(st),
        })
    })
}

pub(crate) fn verb_match(w: &str) -> Option<&'static str> {
    verb_match_in(w, VERBS)
}

/// [`verb_match`] over `verbs`, then the destroy verb spelled last or glued on: a suffix after
/// `-`/`_` (`ibmcloud resource service-instance-delete`, `cf purge-service-offering` is a
/// prefix already) and a verb glued to a [`WHOLE`] resource word (`deletecluster`,
/// `removebucket`). Only the [`Verb::Stem`] verbs (`delete`, `remove`, `destroy`, …) are read
/// this way; `rb`, `rm`, `down` and `release` are too short or too common as word parts.
fn verb_match_in(w: &str, verbs: &[Verb]) -> Option<&'static str> {
    let lw = w.rsplit(':').next().unwrap_or(w);
    let lw = lw.strip_prefix("batch-").unwrap_or(lw);
    let lower = lw.to_ascii_lowercase();
    verbs
        .iter()
        .find_map(|v| match *v {
            Exact(e) => (lw == e).then_some(e),
            Stem(s) | Prefix(s) => {
                if matches!(v, Prefix(_)) && lw.len() == s.len() {
                    return None;
                }
                let rest = lower.strip_prefix(s)?;
                let after = lw.get(s.len()..).unwrap_or("");
                (rest.is_empty()
                    || rest.starts_with(['-', '_'])
                    || after.starts_with(|c: char| c.is_ascii_uppercase()))
                .then_some(s)
            }
        })
        .or_else(|| {
            verbs.iter().find_map(|v| match *v {
                Stem(s) => {
                    let suffix = lower
                        .rsplit_once(['-', '_'])
                        .is_some_and(|(head, last)| !head.is_empty() && last == s);
                    let glued = lower
                        .strip_prefix(s)
                        .is_some_and(|rest| WHOLE.contains(&rest) && rest.len() > 2);
                    (suffix || glued).then_some(s)
                }
                _ => None,
            })
        })
}

/// A word that can be a subcommand: letters, digits, `-`, `_` and `:` (`delete`,
/// `delete-bucket`, `apps:destroy`, `DeleteStack`). A word holding anything else is a value —
/// a branch or path (`release-pr/$TARGET`), a host, a `key=value`, a run-time word — even when
/// it starts like a verb (issue 11, benign precision: `gh pr list --head "release-pr/$X"` lists).
fn verb_shaped(word: &str) -> bool {
    !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b':'))
}

/// Subcommands that list, show or create (`gh issue list`, `kubectl get`, `az group show`,
/// `gcloud … describe`), and those that install, render or roll a release (`helm install NAME
/// CHART`, `helm upgrade`, `helm template`, `helm lint`, `helm package`, `helm history`, `helm
/// rollback`, `helm test`: helm(1), the first operand is the release's name): once one is named,
/// the words after it are its arguments and option values (`gh issue list --label remove-me`,
/// `helm template release-name ./chart`), not a second verb (issue 11, benign precision).
const NON_DESTRUCTIVE_VERBS: &[&str] = &[
    "list", "ls", "get", "describe", "show", "view", "status", "info", "logs", "log", "search",
    "watch", "top", "inspect", "create", "comment", "browse", "diff", "clone", "install",
    "upgrade", "template", "lint", "package", "history", "rollback", "test",
];

/// Whether `next`, the operand after a word of [`NON_DESTRUCTIVE_VERBS`], is a bare destroying
/// verb (`delete`, `rm`, `purge` — a [`VERBS`] word with nothing glued on) written right after it
/// (the caller checks the two words are adjacent): then that word was the resource, a noun, in
/// the CLI's resource-then-verb order (`gcloud logging logs delete NAME` deletes a log, `argo
/// template delete` a workflow template), not a listing verb whose arguments follow (`gh issue
/// view delete-me`: a glued word stays an argument; `gh pr list --label remove`: an option's
/// value).
fn noun_before_verb(next: Option<&str>) -> bool {
    next.is_some_and(|w| {
        VERBS.iter().any(|v| match *v {
            Stem(s) | Exact(s) => w == s,
            Prefix(_) => false,
        })
    })
}

/// Resource words of data the service rebuilds by itself: a build cache (`gh cache delete`,
/// `gh actions-cache delete`; GitHub Actions "Caching dependencies": an evicted or deleted
/// cache is recreated by the next run that misses it). Deleting one loses no work, like
/// deleting `~/.cache` (`tool_cache`).
pub(crate) const REGENERABLE: &[&str] = &["cache", "caches", "actions-cache"];

fn is_whole(word: &str) -> bool {
    let lw = word.to_ascii_lowercase();
    WHOLE.contains(&lw.as_str())
        // The verb's suffix keeps its hyphen (`delete-db-instance` → `-db-instance`).
        || WHOLE.contains(&lw.trim_start_matches(['-', '_']))
        || lw
            .rsplit(['-', ':'])
            .next()
            .is_some_and(|last| WHOLE.contains(&last) && last.len() > 2)
        || [
            "bucket",
            "cluster",
            "database",
            "dbcluster",
            "dbinstance",
            "stack",
            "project",
            "account",
        ]
        .iter()
        .any(|w| lw.ends_with(w) && lw.len() > w.len())
}

/// Adds a [`CloudFact`] when `name` is a CLI of [`CLIS`] run with a destructive verb.
/// Words that make a destructive verb only describe, preview or validate what it would do:
/// help (`--help`, `-h`, `-help`, `help`), dry runs (`--dry-run`, `--dry-run=client`,
/// `--dryrun`, `--preview-only`, `--what-if`, `--validate-only`), and the AWS CLI's request
/// templates (`--generate-cli-skeleton`). Sources: AWS CLI "Global options" and
/// `--dry-run` of the EC2 API, kubectl `--dry-run`, helm `--dry-run`, pulumi `destroy
/// --preview-only`, az `--what-if`, gcloud `--validate-only`, terraform `-help`.
pub(crate) const INSPECTION_WORDS: &[&str] = &[
    "--help",
    "-h",
    "-help",
    "help",
    "--dryrun",
    "--dry-run*",
    "--preview-only",
    "--what-if",
    "--validate-only",
    "--generate-cli-skeleton*",
];

/// Words that undo a dry run given earlier: the AWS CLI's and git's negated booleans
/// (`--no-dry-run`, `--no-dryrun`; AWS CLI "Global options", gitcli(7)) and kubectl's
/// `--dry-run=none`, which sends the request (kubectl reference: "none" is the default and
/// really acts); `--dry-run=false` is the old boolean spelling of the same.
const DRY_RUN_UNDONE: &[&str] = &[
    "--no-dry-run",
    "--no-dryrun",
    "--dry-run=none",
    "--dry-run=false",
];

/// True when one of `words` is an [`INSPECTION_WORDS`] entry (a trailing `*` matches by prefix).
/// Of a dry run and its undoing ([`DRY_RUN_UNDONE`]) the later word counts:
/// `--dry-run --no-dry-run` and `--dry-run=none` act for real.
pub(crate) fn inspection_only<S: AsRef<str>>(words: &[S]) -> bool {
    let mut dry = false;
    for w in words {
        let w = w.as_ref();
        if DRY_RUN_UNDONE.contains(&w) {
            dry = false;
            continue;
        }
        let hit = INSPECTION_WORDS.iter().any(|p| match p.strip_suffix('*') {
            Some(prefix) => w.starts_with(prefix),
            None => w == *p,
        });
        if hit {
            if !w.contains("dry") {
                return true;
            }
            dry = true;
        }
    }
    dry
}

/// Kubernetes resource kinds that a controller re-creates or that are runs and log lines: a
/// pod (its controller makes a new one), a job run, an event. Deleting one *asks* like any
/// other delete in a shared cluster (the lead's decision, issue 11 item 4: a user expects to be
/// asked before the agent deletes anything in a cluster); the kinds only decide whether a sweep
/// (`--all`, `-A`) is *whole*: every pod swept is re-created, every deployment swept is gone.
/// Kind spellings: singular, plural and the short names of `kubectl api-resources`.
pub(crate) const EPHEMERAL_KUBE_KINDS: &[&str] =
    &["pod", "pods", "po", "job", "jobs", "event", "events", "ev"];

/// True when a kubectl-style delete takes only pods or jobs that have finished: every kind it
/// names is a pod or a job ([`EPHEMERAL_KUBE_KINDS`] without events) and a field selector
/// picks finished ones (`--field-selector=status.phase==Failed`, `status.phase=Succeeded`,
/// `status.successful=1`; Kubernetes docs, "Pod Lifecycle": a Failed or Succeeded pod runs
/// nothing and is kept only for its status until garbage-collected, "Jobs": a finished Job's
/// pods are its leftovers). Nothing running is stopped and nothing a controller needs is lost:
/// the garbage collection the cluster itself does at its threshold.
pub(crate) fn kube_finished_only<S: AsRef<str>>(words: &[S]) -> bool {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    let Some(d) = words.iter().position(|w| *w == "delete") else {
        return false;
    };
    let rest = &words[d + 1..];
    let Some(kinds) = rest.iter().find(|w| !w.starts_with('-')) else {
        return false;
    };
    let kinds_ok = kinds.split(',').all(|k| {
        let k = k.split(['.', '/']).next().unwrap_or(k).to_ascii_lowercase();
        matches!(k.as_str(), "pod" | "pods" | "po" | "job" | "jobs")
    });
    let selector = rest.iter().enumerate().find_map(|(i, w)| {
        if *w == "--field-selector" {
            rest.get(i + 1).copied()
        } else {
            w.strip_prefix("--field-selector=")
        }
    });
    kinds_ok
        && selector.is_some_and(|s| {
            s.split(',').all(|term| {
                let t: String = term.chars().filter(|c| !c.is_whitespace()).collect();
                matches!(
                    t.as_str(),
                    "status.phase==Failed"
                        | "status.phase=Failed"
                        | "status.phase==Succeeded"
                        | "status.phase=Succeeded"
                        | "status.successful=1"
                        | "status.successful==1"
                )
            })
        })
}

/// Whether a `kubectl drain` evicts abruptly: `--force` (pods no controller manages are
/// deleted for good), `--disable-eviction` (PodDisruptionBudgets bypassed) or
/// `--grace-period=0` (kubectl drain reference). A plain drain evicts through the Eviction API,
/// which honours the budgets, and the controllers start the pods elsewhere: routine node
/// maintenance.
pub(crate) fn kube_drain_abrupt<S: AsRef<str>>(words: &[S]) -> bool {
    let words: Vec<&str> = words.iter().map(AsRef::as_ref).collect();
    words.iter().enumerate().any(|(i, w)| {
        matches!(
            *w,
            "--force"
                | "--force=true"
                | "--disable-eviction"
                | "--disable-eviction=true"
                | "--grace-period=0"
        ) || (*w == "--grace-period" && words.get(i + 1) == Some(&"0"))
    })
}

/// kubectl's own commands (`kubectl --help`, v1.31: basic, deploy, cluster management,
/// troubleshooting, advanced and settings commands). The first operand that is one of them is
/// the command; the words after it are its arguments (`kubectl auth can-i delete pods` asks a
/// question, `kubectl --kubeconfig /tmp/kc delete pod x` deletes). A first operand that is none
/// of them is a plugin (`kubectl cnpg destroy …`), judged by the verb patterns.
const KUBECTL_COMMANDS: &[&str] = &[
    "create",
    "expose",
    "run",
    "set",
    "explain",
    "get",
    "edit",
    "delete",
    "rollout",
    "scale",
    "autoscale",
    "certificate",
    "cluster-info",
    "top",
    "cordon",
    "uncordon",
    "drain",
    "taint",
    "describe",
    "logs",
    "attach",
    "exec",
    "port-forward",
    "proxy",
    "cp",
    "auth",
    "debug",
    "events",
    "diff",
    "apply",
    "patch",
    "replace",
    "wait",
    "kustomize",
    "label",
    "annotate",
    "completion",
    "api-resources",
    "api-versions",
    "config",
    "plugin",
    "version",
    "alpha",
    "options",
    "help",
];

/// kubectl's global options that take a separate value (`kubectl options`): skipped when the
/// command word is looked for (`kubectl --kubeconfig /tmp/kc delete pod x`, `-n prod`).
const KUBECTL_VALUE_OPTIONS: &[&str] = &[
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
    "--as-group",
    "--as-uid",
    "--cache-dir",
    "--certificate-authority",
    "--client-certificate",
    "--client-key",
    "--request-timeout",
    "--tls-server-name",
    "--profile",
    "--profile-output",
    "-v",
    "--v",
    "--vmodule",
    "--log-file",
];

/// The kubectl command of a kubectl-style `words` (the arguments after the program): the first
/// operand, past the global options' values ([`KUBECTL_VALUE_OPTIONS`]), that is one of
/// [`KUBECTL_COMMANDS`]; `None` when the first operand is a plugin or there is none.
pub(crate) fn kube_command<S: AsRef<str>>(words: &[S]) -> Option<&str> {
    let mut value_next = false;
    for w in words {
        let w = w.as_ref();
        if std::mem::take(&mut value_next) {
            continue;
        }
        if w.starts_with('-') {
            value_next = KUBECTL_VALUE_OPTIONS.contains(&w);
            continue;
        }
        return KUBECTL_COMMANDS.contains(&w).then_some(w);
    }
    None
}

/// True when a kubectl-style delete takes every object of a kind that is not disposable
/// (`kubectl delete deploy --all -n prod`, `kubectl delete pvc -A`): a namespace's or the
/// cluster's whole set of deployments, volumes or secrets at once, which kubectl never asks
/// about — the same loss as deleting the namespace for that kind. Every pod or job swept
/// (`kubectl delete pods --all`) is re-created or re-runnable and stays an ask.
fn kube_sweep_of_kept_kind(words: &[&str]) -> bool {
    let Some(d) = words.iter().position(|w| *w == "delete") else {
        return false;
    };
    let rest = &words[d + 1..];
    if !rest.iter().any(|w| KUBE_ALL.contains(w)) {
        return false;
    }
    let Some(kinds) = rest.iter().find(|w| !w.starts_with('-')) else {
        return false;
    };
    kinds.split(',').any(|k| {
        let k = k.split('.').next().unwrap_or(k).to_ascii_lowercase();
        !k.is_empty() && !EPHEMERAL_KUBE_KINDS.contains(&k.as_str())
    })
}

/// A `vercel remove`/`rm` operand that names a project (every deployment of it goes), not one
/// deployment: no `.` (a deployment URL, `app-abc123.vercel.app`), no `dpl_` id, no `/`.
fn vercel_project_name(w: &str) -> bool {
    !w.is_empty() && !w.starts_with('-') && !w.contains(['.', '/', '$']) && !w.starts_with("dpl_")
}

/// Managed services whose top-level delete takes a whole cluster or database account, when
/// named as the last resource word before the verb (`az aks delete` a Kubernetes cluster, `az
/// cosmosdb delete` a database account; `az aks nodepool delete` is one pool, not whole).
const WHOLE_SERVICES: &[&str] = &["aks", "cosmosdb", "acr", "redshift"];

/// Options that make a kubectl command act on every object of a kind or namespace.
const KUBE_ALL: &[&str] = &["--all", "-A", "--all-namespaces"];

/// `kubectl scale … --replicas=0` of every object (`--all`, `-A`): every workload of a
/// namespace stopped at once, their replica counts lost (kubectl scale; never prompts). A
/// [`CloudFact`] with verb `scale --replicas=0`, not whole (scaling back up restores the pods,
/// not the counts), so it asks. One deployment scaled to zero by name is routine.
fn scale_to_zero(a: &mut Analyzer, name: &str, words: &[&str], inv: &Inv) -> bool {
    let Some(i) = words.iter().position(|w| *w == "scale") else {
        return false;
    };
    let rest = &words[i + 1..];
    let zero = rest.iter().enumerate().any(|(j, w)| {
        *w == "--replicas=0" || (*w == "--replicas" && rest.get(j + 1) == Some(&"0"))
    });
    if !zero || !rest.iter().any(|w| KUBE_ALL.contains(w)) {
        return false;
    }
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: "scale --replicas=0".into(),
        resource: rest
            .iter()
            .find(|w| !w.starts_with('-'))
            .copied()
            .unwrap_or("")
            .to_string(),
        whole: false,
        non_interactive: true,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
    true
}

/// `gh api -X DELETE PATH` / `glab api --method DELETE PATH`: the REST call is the verb, the
/// path the resource (gh api, glab api: never prompt). Whole when the path names a top-level
/// container itself (`repos/OWNER/NAME`, `orgs/NAME`, `projects/ID`), not something inside it
/// (`repos/o/r/git/refs/heads/x`, a comment, a label).
fn api_delete(a: &mut Analyzer, name: &str, words: &[&str], inv: &Inv) -> bool {
    if words.first() != Some(&"api") {
        return false;
    }
    let delete = words.iter().enumerate().any(|(j, w)| {
        let w = w.to_ascii_uppercase();
        ((w == "-X" || w == "--METHOD")
            && words
                .get(j + 1)
                .is_some_and(|m| m.eq_ignore_ascii_case("DELETE")))
            || w == "-XDELETE"
            || w == "--METHOD=DELETE"
    });
    if !delete {
        return false;
    }
    let path = words
        .iter()
        .skip(1)
        .enumerate()
        .find(|(j, w)| {
            !w.starts_with('-')
                && !w.eq_ignore_ascii_case("DELETE")
                && !words
                    .get(*j)
                    .is_some_and(|p| p.starts_with('-') && !p.contains('='))
        })
        .map(|(_, w)| w.trim_start_matches('/'))
        .unwrap_or("");
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let whole = match segs.as_slice() {
        [kind, _, _] => matches!(*kind, "repos" | "projects"),
        [kind, _] => matches!(*kind, "orgs" | "projects" | "groups" | "repos"),
        _ => false,
    };
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: "api DELETE".into(),
        resource: path.to_string(),
        whole,
        non_interactive: true,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
    true
}

/// An HTTP `DELETE` sent by a URL client to another host (`curl -X DELETE URL`, `curl
/// --request=DELETE`, httpie/xh `http DELETE URL`): a REST API's delete, the resource being the
/// URL (MDN "DELETE": the request deletes the target resource). A [`CloudFact`] with verb
/// `DELETE`, not whole (which resource a path names is the API's business), so it asks; a
/// loopback or unresolved host is left out (a local development server).
pub(crate) fn http_delete(a: &mut Analyzer, name: &str, inv: &Inv) {
    if !matches!(name, "curl" | "http" | "https" | "xh" | "xhs") {
        return;
    }
    let words: Vec<&str> = inv.words();
    let delete = if name == "curl" {
        words.iter().enumerate().any(|(i, w)| {
            ((*w == "-X" || *w == "--request")
                && words
                    .get(i + 1)
                    .is_some_and(|m| m.eq_ignore_ascii_case("DELETE")))
                || w.eq_ignore_ascii_case("-XDELETE")
                || w.eq_ignore_ascii_case("--request=DELETE")
        })
    } else {
        words
            .iter()
            .find(|w| !w.starts_with('-'))
            .is_some_and(|w| w.eq_ignore_ascii_case("DELETE"))
    };
    if !delete {
        return;
    }
    let Some(url) = words.iter().find(|w| {
        let l = w.to_ascii_lowercase();
        l.starts_with("http://") || l.starts_with("https://")
    }) else {
        return;
    };
    let rest = url.split_once("://").map(|(_, r)| r).unwrap_or(url);
    let hostport = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = hostport.rsplit('@').next().unwrap_or("");
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.split(']').next())
        .unwrap_or_else(|| host.split(':').next().unwrap_or(""))
        .to_ascii_lowercase();
    if host.is_empty()
        || host.contains('$')
        || host == "localhost"
        || host.ends_with(".localhost")
        || host.starts_with("127.")
        || host == "::1"
        || host == "0.0.0.0"
    {
        return;
    }
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: "DELETE".into(),
        resource: clip(url),
        whole: false,
        non_interactive: true,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
}

/// Programs the fallback for CLIs without a row ([`unlisted`]) never reads: package and
/// environment managers (their `remove`/`uninstall` act on this machine's installs; Jupyter's
/// `kernelspec remove`, `labextension uninstall` too), version
/// control, local containers, VMs and clusters (`vagrant`, `minikube`, `kind`, `k3d`,
/// `multipass`, `colima`…) and compose projects, process managers, services and init scripts,
/// shells, text and file tools, build runners, and runners that hand their words to another
/// program.
const UNLISTED_SKIP: &[&str] = &[
    "apk",
    "apt",
    "apt-get",
    "asdf",
    "bash",
    "brew",
    "bun",
    "bundle",
    "busybox",
    "cabal",
    "cargo",
    "choco",
    "command",
    "composer",
    "conda",
    "crictl",
    "ctr",
    "dash",
    "deno",
    "docker",
    "docker-compose",
    "dnf",
    "dotnet",
    "dpkg",
    "env",
    "find",
    "flatpak",
    "gem",
    "git",
    "go",
    "gradle",
    "hatch",
    "hg",
    "jj",
    "jupyter",
    "just",
    "launchctl",
    "lerna",
    "make",
    "mamba",
    "mas",
    "micromamba",
    "mise",
    "ml",
    "module",
    "mv",
    "mvn",
    "nerdctl",
    "nix",
    "nix-env",
    "node",
    "npm",
    "nvm",
    "nx",
    "opam",
    "pacman",
    "parallel",
    "pdm",
    "perl",
    "php",
    "pip",
    "pip3",
    "pipx",
    "pnpm",
    "podman",
    "poetry",
    "port",
    "pyenv",
    "python",
    "python3",
    "rm",
    "rpm",
    "ruby",
    "rustup",
    "rye",
    "scoop",
    "sdk",
    "service",
    "sh",
    "snap",
    "stack",
    "sudo",
    "svn",
    "systemctl",
    "task",
    "toolbox",
    "turbo",
    "update-rc.d",
    "uv",
    "winget",
    "xargs",
    "yarn",
    "yum",
    "zsh",
    "zypper",
    "vagrant",
    "VBoxManage",
    "vboxmanage",
    "apx",
    "crio",
    "minikube",
    "kind",
    "k3d",
    "k3s",
    "microk8s",
    "multipass",
    "limactl",
    "colima",
    "pm2",
    "lando",
    "ddev",
    "ykman",
    // libvirt's `destroy` verbs stop a domain or pool (virsh(1): "destroy … forcefully stop"),
    // and an agent's own CLI (`claude project purge`) acts on its local state.
    "virsh",
    "claude",
    "codex",
    "gemini",
];

/// Whether the fallback for CLIs without a row skips `name` ([`UNLISTED_SKIP`]).
pub(crate) fn unlisted_skipped(name: &str) -> bool {
    UNLISTED_SKIP.contains(&name)
}

/// Whether `name` has a row in [`CLIS`].
pub(crate) fn has_row(name: &str) -> bool {
    CLIS.iter().any(|c| c.names.contains(&name))
}

/// A CLI with no row in [`CLIS`] run with a destroying verb ([`VERBS`]) among its first four
/// operands: a [`CloudFact`] like a row's (issue 11 item 4: "deletion … verbs and `--force`
/// forms are facts by pattern, not one case per subcommand"), `non_interactive` when its own
/// confirmation was switched off ([`FORCE_FLAGS`], `--purge`, `--confirm`: `civo kubernetes
/// remove prod --yes`, `kops delete cluster --name x --yes`, `pct destroy 100 --purge`).
/// Unforced, the tool may still ask, but an agent's terminal often answers nobody: a whole
/// container of resources ([`WHOLE`]: `b2 bucket delete x`, `kops delete cluster`, `copilot app
/// delete`; set 17's remote-destroy misses, 2026-12-07) counts then too, without the verbs of
/// [`UNFORCED_SKIP_VERBS`], a file named by `-f`/`--file` or a local file operand
/// ([`names_local_file`]). Local client state and caches ([`LOCAL`], [`REGENERABLE`]) are not; nor are the
/// programs of [`UNLISTED_SKIP`], paths (`./x.sh`), or help and dry runs. No allocation unless it
/// finds one.
pub(super) fn unlisted(a: &mut Analyzer, name: &str, inv: &Inv) {
    if name.contains(['/', '.']) || UNLISTED_SKIP.contains(&name) {
        return;
    }
    if super::scope::routine_delete(name, &inv.words()) {
        return;
    }
    let rest = inv.rest();
    let forced = rest.iter().take(32).enumerate().any(|(i, w)| {
        let t = w.text.as_str();
        // `-f FILE` names a file in many tools (`dasel delete -f data.json`, `phar delete -f
        // x.phar`): a force flag only when no file-like word follows it.
        let file_option = t == "-f"
            && rest
                .get(i + 1)
                .is_some_and(|n| !n.text.starts_with('-') && n.text.contains(['.', '/']));
        (FORCE_FLAGS.contains(&t) && !file_option)
            || matches!(
                t,
                "--purge" | "--confirm" | "--auto-approve" | "-auto-approve"
            )
            || t.starts_with("--force=")
            || t.starts_with("--yes=")
            || t.starts_with("--confirm=")
    });
    let mut ops = rest
        .iter()
        .filter(|w| !w.text.starts_with('-') && !w.dynamic)
        .take(4)
        .enumerate();
    let Some((i, verb)) = ops.find_map(|(i, w)| {
        (verb_shaped(&w.text) && !NON_DESTRUCTIVE_VERBS.contains(&w.text.as_str()))
            .then(|| verb_match(&w.text).map(|v| (i, v)))
            .flatten()
    }) else {
        return;
    };
    // Uninstalling software (`tool uninstall --force`, `x extpack uninstall -f`) removes it from
    // this machine, where a reinstall brings it back.
    if verb == "uninstall" {
        return;
    }
    // Unforced, the tool still asks before it destroys; only the verbs that name destruction
    // itself count (`civo instance remove api`, `b2 bucket delete x`, `kops delete cluster`),
    // not those that also stop, release or empty something (`tilt down`, `x release 1.2`,
    // `cache flush`).
    // A target named production (`--workspace acme/production`, `dbfs:/mnt/lake-prod/…`;
    // `tier.rs`) counts whatever the verb's other uses: one item removed there is a change to
    // production (set 26's remote-destroy misses, 2026-12-07).
    let words: Vec<&str> = rest.iter().map(|w| w.text.as_str()).collect();
    let prod = !matches!(verb, "down" | "release" | "flush")
        && crate::tier::names_prod_target(a.ctx, name, &words, &inv.cwd.text);
    if !forced && !prod && UNFORCED_SKIP_VERBS.contains(&verb) {
        return;
    }
    // Unforced with a file named (`dasel delete -f data.json`, `tool rm --file x.yaml`): the
    // verb may edit that file as well as destroy what it describes; not counted.
    if !forced
        && !prod
        && rest.windows(2).any(|p| {
            matches!(p[0].text.as_str(), "-f" | "--file" | "-i" | "--input")
                && p[1].text.contains(['.', '/'])
        })
    {
        return;
    }
    let resource: Vec<&str> = rest
        .iter()
        .filter(|w| !w.text.starts_with('-') && !w.dynamic)
        .take(i)
        .map(|w| w.text.as_str())
        .collect();
    if resource
        .iter()
        .any(|w| LOCAL.contains(w) || REGENERABLE.contains(w))
    {
        return;
    }
    if inspection_only(&words) {
        return;
    }
    let verb_word = rest
        .iter()
        .filter(|w| !w.text.starts_with('-') && !w.dynamic)
        .nth(i)
        .map_or(verb, |w| w.text.as_str());
    let after = rest
        .iter()
        .filter(|w| !w.text.starts_with('-') && !w.dynamic)
        .nth(i + 1)
        .map(|w| w.text.to_ascii_lowercase());
    let whole = resource.iter().any(|w| is_whole(w))
        || after.as_deref().is_some_and(|w| WHOLE.contains(&w))
        || is_whole(verb_word.trim_start_matches(verb));
    // Unforced, only a whole container of resources (`b2 bucket delete x`, `kops delete
    // cluster`, `copilot app delete`): one item of an unknown tool's (`wp user delete`, `ip
    // addr del`, `juju remove-relation`) is everyday on the public corpora (sets 1-16: 277 more
    // everyday rows asked when every unforced verb counted, 2026-12-07).
    if !forced && !prod && (!whole || rest.iter().any(|w| names_local_file(&w.text))) {
        return;
    }
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: verb_word.to_string(),
        resource: resource.join(" "),
        whole,
        non_interactive: forced,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
}

/// Destroying verbs of [`VERBS`] that an unforced call of a CLI without a row does not count
/// on ([`unlisted`]): `down` stops a stack as often as it deletes one, `release` publishes as
/// often as it frees, `flush` empties buffers and caches, and `remove`/`rm`/`del`/`uninstall`
/// take an item off a list or out of a configuration as often as they destroy it (`eselect
/// repository remove`, `pueue group remove`, `pio org remove ORG USER`: sets 1-16's everyday
/// rows, 2026-12-07).
const UNFORCED_SKIP_VERBS: &[&str] = &[
    "down",
    "release",
    "flush",
    "remove",
    "rm",
    "del",
    "uninstall",
];

/// Whether an operand names a local file (`database.db`, `stack.yaml`): a verb applied to a
/// file on this machine (`sqlite-utils drop-table database.db t`) is not a remote destroy.
fn names_local_file(w: &str) -> bool {
    let lw = w.to_ascii_lowercase();
    [
        ".db", ".sqlite", ".sqlite3", ".json", ".yaml", ".yml", ".toml", ".csv", ".parquet",
    ]
    .iter()
    .any(|e| lw.ends_with(e))
        && !lw.contains("://")
}

pub(super) fn observe(a: &mut Analyzer, name: &str, inv: &Inv) {
    let Some(cli) = CLIS.iter().find(|c| c.names.contains(&name)) else {
        return;
    };
    let words: Vec<&str> = inv.words();
    if inspection_only(&words) || super::scope::routine_delete(name, &words) {
        return;
    }
    let mut ops: Vec<&str> = Vec::new();
    let mut value_next = false;
    for w in &words {
        if std::mem::take(&mut value_next) {
            continue;
        }
        if w.starts_with('-') {
            value_next = cli.value_options.contains(w);
            continue;
        }
        ops.push(w);
    }
    if ops.iter().take(3).any(|w| cli.previews.contains(w)) {
        return;
    }
    if cli.names.contains(&"kubectl") && scale_to_zero(a, name, &words, inv) {
        return;
    }
    // kubectl's own commands other than `delete` destroy nothing by their words (`kubectl auth
    // can-i delete pods` asks a question; `drain` is `tools.rs`'s `kubectl_drain`); a plugin
    // (`kubectl cnpg destroy …`) is judged by the verb patterns.
    if cli.names.contains(&"kubectl") && kube_command(&words).is_some_and(|c| c != "delete") {
        return;
    }
    if cli.names.contains(&"kubectl") && kube_finished_only(&words) {
        return;
    }
    if cli.names.contains(&"gh") && api_delete(a, name, &words, inv) {
        return;
    }
    let found = match cli.verb_at {
        AfterService => ops
            .get(1)
            .filter(|op| verb_shaped(op))
            .and_then(|op| operation_verb_match(op).map(|v| (1, v))),
        AnyOperand => ops
            .iter()
            .take(5)
            .enumerate()
            // a CLI's own destructive verb counts even where another CLI's is benign
            // (`zfs rollback` destroys later snapshots; `helm rollback` does not)
            .take_while(|(i, op)| {
                !NON_DESTRUCTIVE_VERBS.contains(*op)
                    || verb_match_in(op, cli.verbs).is_some()
                    || (noun_before_verb(ops.get(i + 1).copied())
                        && words
                            .windows(2)
                            .any(|w| w[0] == **op && Some(&w[1]) == ops.get(i + 1)))
            })
            .map(|(_, op)| op)
            .enumerate()
            .filter(|(_, op)| verb_shaped(op))
            .find_map(|(i, op)| {
                verb_match(op)
                    .or_else(|| verb_match_in(op, cli.verbs))
                    .map(|v| (i, v))
            }),
    };
    // `terraform apply -destroy`: the option is the verb; a verb flag written with `=` and a
    // value counts too (`terraform apply -replace=ADDR`: that resource destroyed and created).
    let flag_verb = || {
        words
            .iter()
            .find(|w| {
                cli.verb_flags.contains(w)
                    || w.split_once('=')
                        .is_some_and(|(f, v)| !v.is_empty() && cli.verb_flags.contains(&f))
            })
            .map(|w| {
                (
                    ops.len(),
                    w.split('=').next().unwrap_or(w).trim_start_matches('-'),
                )
            })
    };
    let Some((i, verb)) = found.or_else(flag_verb) else {
        return;
    };
    let verb_word = ops.get(i).copied().unwrap_or(verb);
    let resource: Vec<&str> = ops.get(..i).unwrap_or(&[]).to_vec();
    if resource
        .iter()
        .any(|w| LOCAL.contains(w) || cli.local.contains(w) || REGENERABLE.contains(w))
    {
        return;
    }
    // A CLI's own plugins, sign-in and completion spelled before a colon verb (`heroku
    // plugins:uninstall x`, `heroku auth:logout`; oclif's command topics). Other topics name
    // the project's resources even when the word is local elsewhere: `firebase
    // extensions:uninstall` removes an extension's resources from the Firebase project,
    // `heroku config:unset` changes the app's settings.
    if verb_word
        .split_once(':')
        .is_some_and(|(head, _)| COLON_LOCAL.contains(&head) || cli.local.contains(&head))
    {
        return;
    }
    // A CDN's cache flushed or purged (`doctl compute cdn flush ID --files …`, `az cdn endpoint
    // purge`, `az afd endpoint purge`): the edge fetches the files from the origin again, as
    // any cache rebuilds itself; deleting the CDN endpoint itself is still a delete.
    if matches!(verb, "flush" | "purge")
        && resource
            .iter()
            .any(|w| matches!(w.to_ascii_lowercase().as_str(), "cdn" | "afd"))
    {
        return;
    }
    // An operation on a cache by name (`aws apigateway flush-stage-authorizers-cache`).
    if verb_word
        .rsplit(['-', '_'])
        .next()
        .is_some_and(|w| REGENERABLE.contains(&w.to_ascii_lowercase().as_str()))
    {
        return;
    }
    // kubectl-style CLIs name the resource type right after the verb (`delete ns prod`).
    let after = ops.get(i + 1).map(|w| w.to_ascii_lowercase());
    let whole = resource.iter().any(|w| is_whole(w))
        || after.as_deref().is_some_and(|w| WHOLE.contains(&w))
        || is_whole(verb_word.trim_start_matches(verb))
        // `service-instance-delete`: the resource is spelled before the verb.
        || (verb_word.len() > verb.len()
            && verb_word.to_ascii_lowercase().ends_with(verb)
            && !verb_word.to_ascii_lowercase().starts_with(verb)
            && is_whole(verb_word[..verb_word.len() - verb.len()].trim_end_matches(['-', '_'])))
        || is_whole(verb_word)
        || (verb_word.contains(':') && verb_word.split(':').next().is_some_and(is_whole))
        || resource
            .last()
            .is_some_and(|w| WHOLE_SERVICES.contains(&w.to_ascii_lowercase().as_str()))
        || cli.all_whole
        || cli.whole_verbs.contains(&verb)
        || cli
            .whole_operand
            .is_some_and(|f| ops.get(i + 1).is_some_and(|w| f(w)))
        || words.iter().any(|w| cli.whole_flags.contains(w))
        || (cli.names.contains(&"kubectl") && kube_sweep_of_kept_kind(&words));
    if cli.only_whole && !whole {
        return;
    }
    let forced = words.iter().any(|w| {
        FORCE_FLAGS.contains(w)
            || cli.force.contains(w)
            || w.starts_with("--force=")
            || w.starts_with("--yes=")
            || w.starts_with("--confirm=")
    });
    a.facts.cloud.push(CloudFact {
        cli: name.to_string(),
        verb: verb_word.to_string(),
        resource: resource.join(" "),
        whole,
        non_interactive: forced || !cli.confirms,
        tier: a.outer_tier.as_ref().map(|t| t.0),
        tier_marker: a.outer_tier_marker(),
        evidence: clip(&inv.evidence),
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{analyze, ShellContext};

    fn ctx() -> ShellContext {
        ShellContext {
            cwd: "/home/dev/project".into(),
            home: "/home/dev".into(),
            project_dir: Some("/home/dev/project".into()),
        }
    }

    fn cloud(cmd: &str) -> Vec<CloudFact> {
        analyze(cmd, &ctx()).cloud
    }

    /// A CLI without a row: a destroying verb with its confirmation switched off is a fact;
    /// without the switch, a listing, local state, a package manager or a script is not.
    #[test]
    fn unlisted_clis_forced_destroys() {
        for (cmd, whole) in [
            ("civo kubernetes remove prod --yes", false),
            ("kops delete cluster --name x.k8s.local --yes", true),
            ("pct destroy 100 --purge", false),
            ("newcloud db delete main -f", true),
        ] {
            let f = cloud(cmd);
            assert!(
                f.len() == 1 && f[0].non_interactive && f[0].whole == whole,
                "{cmd}: {f:?}"
            );
        }
        // Unforced: the same fact for a whole container, with the CLI's own confirmation on.
        for cmd in [
            "kops delete cluster --name x",
            "b2 bucket delete my-bucket",
            "copilot app delete",
        ] {
            let f = cloud(cmd);
            assert!(
                f.len() == 1 && !f[0].non_interactive && f[0].whole,
                "{cmd}: {f:?}"
            );
        }
        for cmd in [
            "civo instance remove api-demo",
            "eselect repository remove guru",
            "pueue group remove builds",
            "sqlite-utils drop-table database.db t",
            "wp user delete 12",
            "ip addr del 10.0.0.2/24 dev eth0",
            "tilt down",
            "mytool release 1.2.0",
            "newcloud cache flush",
            "newcloud instances list --force",
            "mytool cache clear --force",
            "mytool context delete old -f",
            "choco uninstall -y mingw",
            "./scripts/cleanup.sh delete --force",
            "dasel delete -f data.json -p json .a",
            "opencode uninstall --force",
            "vagrant destroy -f",
            "k3d cluster delete dev --force",
            "minikube delete --all --purge",
            "newcloud db delete main --force --dry-run",
            "jupyter kernelspec remove -y vit-ft-old",
            "jupyter labextension uninstall --force @x/y",
        ] {
            assert!(cloud(cmd).is_empty(), "{cmd}");
        }
    }

    #[test]
    fn cls19_rows_cdn_purges_and_local_colon_verbs() {
        let f = cloud("fastlane match nuke distribution --force");
        assert!(f[0].whole && f[0].non_interactive, "{f:?}");
        assert!(cloud("fastlane match development").is_empty());
        assert!(!cloud("firebase hosting:disable --force")[0].whole);
        // a CDN's cache is rebuilt from the origin; the endpoint itself is not
        assert!(cloud("doctl compute cdn flush 418b --files /a/*").is_empty());
        assert!(cloud("az cdn endpoint purge -g rg -n ep --content-paths '/*'").is_empty());
        assert!(!cloud("az cdn endpoint delete -g rg -n ep").is_empty());
        // the CLI's own plugins and sign-in, spelled before a colon verb
        assert!(cloud("heroku plugins:uninstall myplugin").is_empty());
        assert!(!cloud("heroku apps:destroy app --confirm app").is_empty());
        assert!(!cloud("firebase extensions:uninstall ext").is_empty());
        // an option's value is not a verb
        assert!(cloud("netlify claim --site abc123 --token drop-jwt-token").is_empty());
        assert!(!cloud("netlify sites:delete abc --force").is_empty());
    }

    /// A listing word right before a bare destroying verb is the resource (`logs delete`,
    /// `template delete`); before anything else, or before a glued word, it stays a listing.
    #[test]
    fn listing_words_before_a_bare_verb_are_resources() {
        assert_eq!(
            cloud("gcloud logging logs delete projects/p/logs/x")[0].verb,
            "delete"
        );
        assert_eq!(cloud("argo template delete --all")[0].verb, "delete");
        assert_eq!(cloud("scw rdb log purge instance-id=1")[0].verb, "purge");
        for cmd in [
            "argo template list",
            "gh issue view delete-me",
            "gh pr list --label remove",
            "helm template release-name ./chart",
            "gcloud logging logs list",
        ] {
            assert!(cloud(cmd).is_empty(), "{cmd}");
        }
    }

    #[test]
    fn verb_shapes_whole_sweeps_and_system_namespaces() {
        let f = cloud("ibmcloud resource service-instance-delete db -f");
        assert!(f[0].whole && f[0].non_interactive, "{f:?}");
        // A resource spelled after the verb is not a resource before it.
        let f = cloud("aws bedrock-agentcore-control delete-registry-record --registry-id x");
        assert!(!f[0].whole, "{f:?}");
        assert!(cloud("aliyun cs deletecluster --ClusterId c")[0].whole);
        assert!(cloud("vault secrets disable secret/")[0].whole);
        assert!(!cloud("vault delete secret/x")[0].whole);
        assert!(cloud("vault secrets list").is_empty());
        assert_eq!(cloud("nomad job stop -purge api")[0].verb, "purge");
        assert!(cloud("nomad job stop api").is_empty());
        assert!(cloud("rclone purge r:b")[0].whole);
        assert!(!cloud("rclone delete r:b/x")[0].whole);
        assert!(cloud("aws organizations close-account --account-id 1")[0].whole);
        // h-scope, session 26: one named pod in a namespace named non-production is re-created
        // by its controller (`scope::routine_delete`); a system namespace's still asks.
        assert!(cloud("kubectl delete pod x -n dev").is_empty());
        assert!(!cloud("kubectl delete pod x -n kube-system").is_empty());
        assert!(!cloud("kubectl delete po x --namespace=istio-system").is_empty());
        assert!(cloud("kubectl delete deploy --all -n prod")[0].whole);
        assert!(!cloud("kubectl delete pods --all")[0].whole);
    }

    #[test]
    fn backup_volume_and_cluster_tools_destroy_by_verb_and_read_quietly() {
        for c in [
            "borg delete /mnt/backup/repo",
            "borg delete /mnt/backup/repo::nightly-1",
            "restic forget latest",
            "restic --repo s3:s3.amazonaws.com/b prune",
            "velero schedule delete daily",
            "velero uninstall --force",
            "duplicity remove-all-but-n-full 1 --force sftp://host/backup",
            "rdiff-backup remove increments --older-than 2W /mnt/backup",
            "tarsnap --nuke",
            "argo cron delete nightly",
            "flux uninstall --silent",
            "kn revision delete hello-00001",
            // one snapshot alone is routine (`scope::routine_delete`); recursively, every
            // descendant's goes
            "zfs destroy -r tank/home@2024-01-01",
            "zfs rollback -r tank/home@yesterday",
            "zpool destroy tank",
            "btrfs subvolume delete /mnt/@snapshots/1",
        ] {
            assert!(!cloud(c).is_empty(), "{c}");
        }
        for c in [
            "borg create /mnt/backup/repo::{now} ~/src",
            "borg list /mnt/backup/repo",
            "borg check /mnt/backup/repo",
            "restic -r /srv/restic snapshots",
            "restic backup ~/src",
            "restic restore latest --target /tmp/restore",
            "kopia snapshot list",
            "kopia snapshot create ~/src",
            "velero backup create nightly --include-namespaces app",
            "velero backup get",
            "velero backup describe nightly --details",
            "duplicity collection-status file:///mnt/backup",
            "duplicity ~/src file:///mnt/backup",
            "rdiff-backup ~/src /mnt/backup",
            "tarsnap -c -f nightly ~/src",
            "tarsnap --list-archives",
            "bup save -n nightly ~/src",
            "argo list -n prod",
            "argo submit wf.yaml --watch",
            "flux get kustomizations",
            "flux reconcile kustomization apps",
            "kn service list",
            "kn service create hello --image gcr.io/knative-samples/helloworld-go",
            "zfs list -t snapshot",
            "zfs snapshot tank/home@now",
            "zfs get compression tank",
            "zpool status",
            "zpool list -v",
            "zpool scrub tank",
            "btrfs subvolume list /mnt",
            "btrfs subvolume snapshot /mnt/@ /mnt/@snap",
            "btrfs filesystem df /",
        ] {
            assert!(cloud(c).is_empty(), "{c}: {:?}", cloud(c));
        }
    }

    #[test]
    fn every_row_matches_its_example() {
        for c in CLIS {
            assert!(!cloud(c.example).is_empty(), "{c:?}");
        }
    }

    #[test]
    fn verbs_by_pattern() {
        for (cmd, verb, whole, ni) in [
            ("aws s3 rb s3://prod --force", "rb", true, true),
            // a global option's value is not the service
            (
                "aws --region us-east-1 ec2 deregister-image --image-id ami-0abc",
                "deregister-image",
                false,
                true,
            ),
            (
                "aws --profile prod --output json s3 rb s3://prod --force",
                "rb",
                true,
                true,
            ),
            (
                "aws ec2 release-address --allocation-id x",
                "release-address",
                false,
                true,
            ),
            (
                "aws ec2 terminate-instances --instance-ids i-1",
                "terminate-instances",
                false,
                true,
            ),
            (
                "aws rds delete-db-cluster --db-cluster-identifier x",
                "delete-db-cluster",
                true,
                true,
            ),
            (
                "aws ecr batch-delete-image --repository-name r",
                "batch-delete-image",
                false,
                true,
            ),
            ("gcloud projects delete p --quiet", "delete", true, true),
            (
                "gcloud compute instances delete vm1",
                "delete",
                false,
                false,
            ),
            ("az group delete -n rg --yes", "delete", true, true),
            (
                "heroku apps:destroy my-app --confirm my-app",
                "apps:destroy",
                true,
                true,
            ),
            ("terraform destroy", "destroy", true, false),
            ("terraform destroy -auto-approve", "destroy", true, true),
            ("kubectl delete ns prod", "delete", true, true),
            (
                "aws rds delete-db-instance --db-instance-identifier prod --skip-final-snapshot",
                "delete-db-instance",
                true,
                true,
            ),
            (
                "aws kms schedule-key-deletion --key-id 1234abcd",
                "schedule-key-deletion",
                false,
                true,
            ),
            (
                "aliyun ecs DeleteInstance --InstanceId i-1",
                "DeleteInstance",
                false,
                true,
            ),
            ("gh repo delete me/x --yes", "delete", true, true),
            // adv11b's read misses (h-cmd14): an option as the verb, stack CLIs, whole flags,
            // managed services, REST deletes, scale-to-zero sweeps.
            (
                "terraform apply -destroy -auto-approve",
                "destroy",
                true,
                true,
            ),
            (
                "terragrunt run-all destroy --terragrunt-non-interactive",
                "destroy",
                true,
                true,
            ),
            ("cdk destroy --force", "destroy", true, true),
            ("sam delete --stack-name prod", "delete", true, false),
            ("bq rm -r -f -d prod:analytics", "rm", true, true),
            ("bq rm -t prod.x", "rm", false, false),
            ("etcdctl del '' --prefix", "del", true, true),
            ("az aks delete -g rg -n prod --yes", "delete", true, true),
            ("az aks nodepool delete -n p --yes", "delete", false, true),
            ("gh api -X DELETE repos/acme/api", "api DELETE", true, true),
            (
                "glab api --method DELETE projects/42/issues/1",
                "api DELETE",
                false,
                true,
            ),
            (
                "curl -X DELETE 'https://es.prod.internal:9200/_all'",
                "DELETE",
                false,
                true,
            ),
            (
                "http DELETE https://api.example/v1/users/1",
                "DELETE",
                false,
                true,
            ),
            (
                "kubectl scale deploy --all --replicas=0 -n prod",
                "scale --replicas=0",
                false,
                true,
            ),
        ] {
            let f = cloud(cmd);
            let f = f.first().unwrap_or_else(|| panic!("{cmd}: no fact"));
            assert_eq!(
                (f.verb.as_str(), f.whole, f.non_interactive),
                (verb, whole, ni),
                "{cmd}: {f:?}"
            );
        }
    }

    #[test]
    fn every_kube_kind_deleted_asks() {
        // The lead's decision (issue 11 item 4): a delete in a cluster asks. Session 26 (the
        // lead's brief to h-scope): one named pod or job run, or pods by a label, outside
        // production and the system namespaces is routine (`scope::routine_delete`).
        for c in [
            "kubectl -n dev delete pod/web-1",
            "kubectl delete job migrate-1 -n staging",
            "oc delete po x -n preview-7",
        ] {
            assert!(cloud(c).is_empty(), "{c}");
            assert!(analyze(c, &ctx()).infra.is_empty(), "{c}");
        }
        for c in [
            "kubectl delete pod web-123",
            "kubectl delete pods web-1 web-2",
            "kubectl delete job migrate-1",
            "kubectl delete pod,job x",
            "oc delete po x",
            "kubectl --kubeconfig /tmp/kc delete pod foo",
            "kubectl delete jobs -l run=ci -n ci",
            "kubectl delete pod x -n kube-system",
            "kubectl delete events --field-selector reason=BackOff",
            "kubectl --context prod -n web delete pod api",
        ] {
            let f = cloud(c);
            assert!(!f.is_empty() && !f[0].whole, "{c}: {f:?}");
            assert_eq!(f[0].resource, "", "{c}: {f:?}");
            let f = analyze(c, &ctx());
            assert_eq!(f.infra.len(), 1, "{c}: {:?}", f.infra);
        }
        // kubectl's other commands name a delete without doing one.
        for c in [
            "kubectl auth can-i delete pods",
            "oc auth can-i delete deployments -n prod",
            "kubectl explain pod.spec --recursive",
            "kubectl get pods -l delete=true",
            "kubectl logs delete-me-7f9c",
            "kubectl describe job cleanup-delete",
        ] {
            assert!(cloud(c).is_empty(), "{c}: {:?}", cloud(c));
            let f = analyze(c, &ctx());
            assert!(f.infra.is_empty(), "{c}: {:?}", f.infra);
        }
        // A drain through the eviction budgets is routine upkeep; one that forces pods off
        // is still an infrastructure destroy (kube_drain_abrupt).
        assert!(analyze("oc adm drain node1 --ignore-daemonsets", &ctx())
            .infra
            .is_empty());
        assert_eq!(
            analyze("oc adm drain node1 --ignore-daemonsets --force", &ctx()).infra[0].kind,
            "kubectl_drain"
        );
        for c in [
            "kubectl delete pods --all",
            "kubectl delete pods -A -l app=x",
            "kubectl delete pod x --force --grace-period=0",
            "kubectl delete pod/x deployment/y",
            "kubectl delete pod,deployment x",
            "kubectl delete -f job.yaml",
            "kubectl delete deployment web",
            "kubectl delete ns prod",
            "kubectl delete pvc data-0",
            // A dry run undone by a later word acts (kubectl `--dry-run=none`, AWS `--no-dry-run`).
            "kubectl delete deploy web --dry-run=server --dry-run=none",
            "kubectl delete ns prod --dry-run=false",
            "aws ec2 terminate-instances --instance-ids i-1 --dry-run --no-dry-run",
        ] {
            assert!(!cloud(c).is_empty(), "{c}");
        }
    }

    #[test]
    fn reads_stay_quiet() {
        for cmd in [
            "aws s3 ls",
            "aws ec2 describe-instances",
            "kubectl get pods",
            "terraform plan",
            "gcloud config list",
            "az account show",
            "helm list",
            "gh repo view",
            "doctl compute droplet list",
            "aws s3 rm --help",
            "terraform plan -destroy",
            "kubectl delete pod x --dry-run=client",
            "kubectl delete deploy x --dry-run=none --dry-run=server",
            "aws ec2 terminate-instances --instance-ids i-1 --no-dry-run --dry-run",
            "gcloud components remove beta",
            "az extension remove -n x",
            "kubectl config delete-context old",
            "hcloud context delete old",
            "helm repo remove bitnami",
            "gh release download v1.2.3",
            "gh release view v1",
            "cdk diff",
            "etcdctl del my/key",
            "gh api repos/acme/api",
            "kubectl scale deploy web --replicas=0",
            "curl -X DELETE http://localhost:9200/idx",
            "curl -X POST https://es.example/_search",
            "http GET https://api.example/x",
            "kubectl scale deploy --all --replicas=3",
            // Values that start like a verb are not verbs (a branch, a path, a run-time word).
            "gh pr list --head \"release-pr/$TARGET\" --state open",
            "gh pr list --head release-pr/v2",
            "gh issue list --label remove-me",
            "helm template release-name ./my-chart",
            "helm install release-candidate ./chart",
            "helm upgrade --install remove-me ./chart",
            "helm history drop-tables-job",
            "az group show -n delete-me",
            "kubectl get cm remove-me.yaml",
            "gcloud compute instances list --filter=name:delete-me",
            // Caches the service rebuilds.
            "gh cache delete --all",
            "gh actions-cache delete WASM_CACHE_KEY --confirm",
            "aws apigateway flush-stage-authorizers-cache --rest-api-id 1 --stage-name dev",
        ] {
            let got = cloud(cmd);
            assert!(got.is_empty(), "{cmd}: {got:?}");
        }
        // The shape check keeps plain verbs, also after options.
        for cmd in [
            "gh release delete v1.2.0 --yes",
            "kubectl -n prod delete deploy web",
            "heroku apps:destroy x --confirm x",
            "az aks delete -g rg -n prod --yes",
            "aws elasticache delete-cache-cluster --cache-cluster-id c",
        ] {
            assert!(!cloud(cmd).is_empty(), "{cmd}");
        }
    }
}
