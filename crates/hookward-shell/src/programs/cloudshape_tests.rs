//! Tests of `cloudshape.rs`: every table row's example and neighbour, and new variants of each
//! shape (written here, not corpus rows).
use super::*;
use crate::{analyze, ShellContext, ShellFacts};

fn ctx() -> ShellContext {
    ShellContext {
        cwd: "/home/dev/proj".into(),
        home: "/home/dev".into(),
        project_dir: Some("/home/dev/proj".into()),
    }
}

fn facts(cmd: &str) -> ShellFacts {
    analyze(cmd, &ctx())
}

fn prints(cmd: &str) -> bool {
    facts(cmd)
        .secret_prints
        .iter()
        .any(|p| !p.captured && !p.by_shape)
}

fn class(cmd: &str, class: &str) -> bool {
    facts(cmd).verbs.iter().any(|v| v.class == class)
}

#[test]
fn secret_noun_rows_match_their_example_and_not_their_neighbour() {
    for row in SECRET_NOUNS {
        assert!(prints(row.example), "example must print: {}", row.example);
        assert!(
            !prints(row.quiet),
            "neighbour must stay quiet: {}",
            row.quiet
        );
    }
}

#[test]
fn secret_reads_by_noun_and_verb() {
    for cmd in [
        "az storage account keys list -n stshopweu -g rg-shop",
        "az cosmosdb keys list --name cosmos-shop --resource-group rg --type read-only-keys",
        "az servicebus namespace authorization-rule keys list -g rg --namespace-name sb -n RootManageSharedAccessKey",
        "az webapp deployment list-publishing-profiles -g rg -n app-shop",
        "az functionapp deployment list-publishing-credentials -g rg -n fn-shop --query publishingPassword",
        "az ad app credential reset --id 1111 --append",
        "az acr credential renew -n acrshop --password-name password2",
        "az keyvault secret download --vault-name kv-shop -n db-pass --file /dev/stdout",
        "az keyvault secret show --vault-name kv-shop -n db-pass --query value -o tsv",
        "az keyvault secret show --vault-name kv-shop -n db-pass",
        "az pipelines variable-group variable list --group-id 3 --query '*.value'",
        "vercel env pull .env.production --environment=production --yes",
        "func azure functionapp fetch-app-settings fn-shop-prod-weu",
        "az aks get-credentials -g rg -n aks --file -",
        "doctl registry docker-config --read-write",
        "az cosmosdb keys list -g rg -n c --type connection-strings --query 'connectionStrings[0].connectionString'",
        // printed again by echo from inside a substitution, in a loop body
        "for n in a b; do echo \"$n=$(az keyvault secret show --vault-name kv -n $n --query value -o tsv)\"; done",
        "printf '%s\\n' \"$(az storage account keys list -n st --query [0].value -o tsv)\"",
    ] {
        assert!(prints(cmd), "must print a secret: {cmd}");
    }
}

#[test]
fn names_metadata_and_handed_on_secrets_stay_quiet() {
    for cmd in [
        "az keyvault secret show --vault-name kv -n db-pass --query attributes -o json",
        "az keyvault secret show --vault-name kv -n db-pass --query \"attributes.expires\" -o tsv",
        "az keyvault secret list --vault-name kv --query \"[].name\" -o tsv",
        "az webapp config appsettings list -g rg -n app --query \"[].{n:name, s:slotSetting}\" -o table",
        "az functionapp config appsettings list -g rg -n fn --query \"[].name\" -o tsv",
        "az storage account keys list -n st -o none",
        "az aks get-credentials -g rg -n aks-dev",
        "gcloud container clusters get-credentials dev --region europe-west1",
        "aws kms list-keys",
        "aws iam list-access-keys --user-name ci",
        "az keyvault key list --vault-name kv",
        "az ad sp credential list --id 1111",
        "az keyvault secret set --vault-name kv -n x --value y",
        "vercel env ls",
        "vercel env pull .env.local",
        "func azure functionapp fetch-app-settings fn-shop-dev",
        "aws iam get-credential-report",
        "aws configure get aws_access_key_id --profile ci",
        "aws cloudfront list-public-keys",
        "aws apigateway get-usage-plan-keys --usage-plan-id u1",
        "aws apigateway get-api-keys",
        "aws sso get-role-credentials --account-id 1 --role-name r --access-token t",
        "fly tokens create deploy -a app",
        "aws cognito-idp admin-reset-user-password --user-pool-id p --username u",
        "aws iam get-account-password-policy",
        "az storage blob generate-sas --account-name st -c c -n b --permissions r --expiry 2030-01-01",
        "vercel env add API_URL preview",
        "az webapp config appsettings set -g rg -n app --settings FEATURE_X=true",
        // handed to a consumer, not shown
        "export K=$(az storage account keys list -n st --query [0].value -o tsv)",
        "az acr login -n acrshop --password \"$(az acr credential show -n acrshop --query passwords[0].value -o tsv)\"",
        "echo \"$(az keyvault secret show --vault-name kv -n x --query value -o tsv)\" > .secret",
        "az storage account keys list -n st --help",
        // a deeper substitution's print, or one handed to a consumer, is not echoed
        "echo \"token set: $( [ -n \"$(gh auth token)\" ] && echo yes)\"",
        "echo \"hash: $(az keyvault secret show --vault-name kv -n x --query value -o tsv | sha256sum)\"",
    ] {
        assert!(!prints(cmd), "must not print a secret: {cmd}");
    }
}

#[test]
fn valueless_projections() {
    assert!(valueless_projection("[].name"));
    assert!(valueless_projection("attributes.updated"));
    assert!(valueless_projection(
        "[?contains(name, 'Sql')].{n: name, on: attributes.enabled}"
    ));
    assert!(!valueless_projection("[0].value"));
    assert!(!valueless_projection("*.value"));
    assert!(!valueless_projection(
        "{u:publishingUserName, p:publishingPassword}"
    ));
    assert!(!valueless_projection("[?name=='X'].value"));
    assert!(!valueless_projection("@"));
    assert!(valueless_output(&["list", "--format=value(name)"]));
    assert!(!valueless_output(&["list", "--format=json"]));
}

#[test]
fn grant_rows_match_their_example() {
    for row in GRANT_PATHS {
        assert!(class(row.example, "admin_grant"), "{}", row.example);
    }
}

#[test]
fn grants_by_shape() {
    for cmd in [
        "az ad group owner add --group g1 --owner-object-id 2222",
        "az ad app permission admin-consent --id 1111",
        "az eventhubs namespace authorization-rule create -g rg --namespace-name eh -n partner --rights Listen Manage Send",
        "az devops security permission update --namespace-id 52d39943 --subject a@b.com --token t --allow-bit 1023",
        "az keyvault set-policy -n kv --spn 3333 --secret-permissions get list",
        "az vm user update -g rg -n vm1 -u admin2 -p 'S3cret!'",
        "az vmss user update -g rg -n ss -u root --ssh-key-value 'ssh-ed25519 AAAA x'",
        "gcloud compute instances add-metadata vm1 --metadata ssh-keys='ops:ssh-ed25519 AAAA'",
        "az aks get-credentials -g rg -n aks --admin",
        "az rest --method PUT --uri https://management.azure.com/subscriptions/s/providers/Microsoft.Authorization/roleAssignments/1?api-version=2022-04-01 --body @ra.json",
        "az rest -m POST --uri https://graph.microsoft.com/v1.0/directoryRoles/r1/members/\\$ref --body @m.json",
        "az devops invoke --area pipelinePermissions --resource pipelinePermissions --http-method PATCH --in-file all.json",
    ] {
        assert!(class(cmd, "admin_grant"), "must grant: {cmd}");
    }
    for cmd in [
        "az ad app owner list --id 1111",
        "az servicebus namespace authorization-rule create -g rg --namespace-name sb -n reader --rights Listen",
        "az devops security permission update --namespace-id 52d39943 --subject a@b.com --token t --allow-bit 4",
        "az vm user update -g rg -n vm1 -u admin2 --expiration 2027-01-01",
        "aws workmail create-user --name alice --display-name A --password p --organization-id o",
        "gcloud compute instances add-metadata vm1 --metadata startup-script-url=gs://b/s.sh",
        "az rest --method GET --uri https://graph.microsoft.com/v1.0/directoryRoles",
        "gh api repos/acme/app/collaborators",
        "gh api -X PUT orgs/acme/teams/reporting/memberships/bob -f role=member",
        "aws sso-admin list-permission-sets --instance-arn arn:aws:sso:::instance/ssoins-1",
        "az ad app federated-credential list --id 1111",
        "az keyvault secret set-attributes --vault-name kv -n x --enabled false",
    ] {
        assert!(!class(cmd, "admin_grant"), "must not grant: {cmd}");
    }
}

#[test]
fn exposure_by_option_value() {
    for cmd in [
        "az storage account update -n st -g rg --default-action Allow",
        "az sql server firewall-rule create -g rg -s srv -n all --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255",
        "az webapp cors add -g rg -n app --allowed-origins '*'",
        "az keyvault update -n kv --public-network-access Enabled",
        "az postgres flexible-server update -g rg -n pg --public-access All",
        "gcloud sql instances patch db1 --authorized-networks=0.0.0.0/0",
        "aws rds modify-db-instance --db-instance-identifier db1 --publicly-accessible",
        "az vm open-port -g rg -n vm1 --port 3389",
        "az vm open-port -g rg -n vm1 --port 5000-6000",
        "az webapp config set -g rg -n app --remote-debugging-enabled true",
        "kubectl expose svc api --type LoadBalancer --name api-ext -n shop-prod",
        "kubectl --context prod-eu patch svc api -p '{\"spec\":{\"type\":\"LoadBalancer\"}}'",
        "kubectl -n production create service loadbalancer api --tcp=80:8080",
    ] {
        assert!(class(cmd, "network_exposed"), "must expose: {cmd}");
    }
    for cmd in [
        "az storage account update -n st -g rg --default-action Deny",
        "az webapp cors add -g rg -n app --allowed-origins https://shop.example.com",
        "az vm open-port -g rg -n web1 --port 443",
        "aws mq create-broker --broker-name b --engine-type RABBITMQ --no-publicly-accessible",
        "kubectl expose deployment web --type=LoadBalancer --port=80",
        "az keyvault update -n kv --public-network-access Disabled",
        "az sql server firewall-rule create -g rg -s srv -n office --start-ip-address 203.0.113.5 --end-ip-address 203.0.113.5",
        "az webapp config set -g rg -n app --remote-debugging-enabled false",
        "kubectl expose deployment api --port 80 --type ClusterIP",
        "kubectl --context kind-dev expose deployment api --type=LoadBalancer --port 80",
        "az network nsg rule list -g rg --nsg-name n",
    ] {
        assert!(!class(cmd, "network_exposed"), "must not expose: {cmd}");
    }
}

#[test]
fn audit_and_logs_off() {
    for cmd in [
        "az sql db audit-policy update -g rg -s srv -n db --state Disabled",
        "az monitor diagnostic-settings delete --name send-to-law --resource /subscriptions/s/x",
        "az monitor log-analytics workspace table update -g rg --workspace-name law -n SigninLogs --retention-time 2",
        "aws logs put-retention-policy --log-group-name /shop/prod/api --retention-in-days 3",
        "aws cloudtrail stop-logging --name org-trail",
        "az network watcher flow-log update -g rg -n fl --enabled false",
        "az functionapp config appsettings set -g rg -n fn --settings APPINSIGHTS_INSTRUMENTATIONKEY=",
        "az webapp config appsettings set -g rg -n app --settings OTEL_SDK_DISABLED=true",
    ] {
        assert!(class(cmd, "security_off"), "must be security_off: {cmd}");
    }
    for cmd in [
        "az monitor app-insights component purge -g rg --app ai --table traces --filters '[]'",
        "az monitor log-analytics workspace delete -g rg -n law --force --yes",
    ] {
        assert!(class(cmd, "tracks_purged"), "must be tracks_purged: {cmd}");
    }
    for cmd in [
        "az sql db audit-policy update -g rg -s srv -n db --state Enabled --retention-days 90",
        "az monitor log-analytics workspace table update -g rg --workspace-name law -n AppLogs --retention-time 90",
        "az monitor diagnostic-settings list --resource /subscriptions/s/x",
        "az monitor log-analytics workspace delete -g rg -n law-scratch --yes",
        "az webapp config appsettings set -g rg -n app --settings APPLICATIONINSIGHTS_CONNECTION_STRING=InstrumentationKey=1",
        "aws logs put-retention-policy --log-group-name /app/dev --retention-in-days 30",
        "aws logs put-retention-policy --log-group-name my-logs --retention-in-days 5",
    ] {
        assert!(
            !class(cmd, "security_off") && !class(cmd, "tracks_purged"),
            "must stay quiet: {cmd}"
        );
    }
}

#[test]
fn migrations_to_zero() {
    for row in MIGRATE_ALL {
        assert!(
            facts(row.example)
                .cloud
                .iter()
                .any(|c| c.resource.starts_with("every migration")),
            "{}",
            row.example
        );
    }
    for cmd in [
        "DATABASE_URL=postgresql://app@db.staging.internal/app alembic downgrade base",
        "dotnet ef database update 0 --connection \"Server=tcp:orders-dev.database.windows.net;Database=o\"",
        "ssh deploy@198.51.100.7 'cd /srv/app && php artisan migrate:reset --force'",
    ] {
        assert!(
            facts(cmd).cloud.iter().any(|c| c.resource.starts_with("every migration")),
            "{cmd}"
        );
    }
    for cmd in [
        "alembic downgrade base",
        "alembic downgrade -1",
        "dotnet ef database update 0",
        "dotnet ef database update 0 --connection \"Server=localhost;Database=o\"",
        "dotnet ef database update AddOrders --connection \"Server=tcp:orders-prod.database.windows.net\"",
        "python manage.py migrate shop zero",
        "php artisan migrate:reset",
        "docker compose exec app php artisan migrate:reset",
        "npx knex migrate:rollback --env production",
    ] {
        assert!(
            !facts(cmd).cloud.iter().any(|c| c.resource.starts_with("every migration")),
            "{cmd}"
        );
    }
}

#[test]
fn routine_cloud_deletes() {
    let r = |cmd: &str| {
        let w: Vec<&str> = cmd.split_whitespace().collect();
        routine_delete(w[0], &w[1..])
    };
    for cmd in [
        "az servicebus topic delete -g rg-shop-dev --namespace-name sb-shop-dev -n orders-tmp-bob",
        "az keyvault secret delete --vault-name kv-shop-staging --name Probe--Value",
        "az storage blob delete --account-name stshopdev --container-name uploads --name e2e-fixture.json",
        "az acr repository delete -n acrshop --image web:pr-812 --yes",
        "aws s3 rb s3://shop-web-pr-77-preview --force",
        "vercel remove shop-web-git-fix-nav-preview --yes",
        "az cosmosdb sql container delete -g rg-cat-dev -a cosmos-cat-dev -d catalog -n items-test --yes",
    ] {
        assert!(r(cmd), "routine: {cmd}");
    }
    for cmd in [
        "az servicebus topic delete -g rg-shop-prod --namespace-name sb-shop-prod -n orders-tmp-bob",
        "az group delete -n rg-shop-dev --yes",
        "az storage account delete -g rg-shop-dev -n stshopdev",
        "az snapshot delete -g rg-ops -n snap-vm1-20260901",
        "az role assignment delete --assignee 1 --role Contributor",
        "aws s3 rb s3://shop-web --force",
        "az acr repository delete -n acrshop --image web:1.4.2 --yes",
        "az keyvault secret delete --vault-name kv-shop --name Probe",
        "az storage container delete --account-name st -n container_name",
        "vercel remove shop-web --yes",
        "gcloud compute snapshots delete snapshot-tmp",
    ] {
        assert!(!r(cmd), "not routine: {cmd}");
    }
}

#[test]
fn everyday_neighbours_stay_quiet() {
    for cmd in [
        "aws ec2 authorize-security-group-egress --group-id sg-1 --protocol -1 --cidr 0.0.0.0/0",
        "aws ec2 revoke-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0",
        "az network nsg rule create -g rg --nsg-name n -n out --direction Outbound --source-address-prefixes '*'",
        "aws logs stop-query --query-id 1234",
        "doctl kubernetes cluster kubeconfig save shop-dev",
        "az account show --query id -o tsv",
        // Azure's "Allow Azure services" range and web ports from the internet
        "az sql server firewall-rule create -g rg -s sql-2 -n AllowAzure --start-ip-address 0.0.0.0 --end-ip-address 0.0.0.0",
        "az network nsg rule create -g rg --nsg-name web-nsg -n http --priority 100 --source-address-prefixes Internet --destination-port-ranges 80 443 --access Allow",
    ] {
        let f = facts(cmd);
        assert!(
            f.verbs.is_empty() && f.secret_prints.iter().all(|p| p.by_shape || p.captured),
            "{cmd}: {:?} {:?}",
            f.verbs,
            f.secret_prints
        );
    }
}
