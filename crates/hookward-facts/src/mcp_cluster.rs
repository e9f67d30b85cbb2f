//! Kubernetes MCP tools' structured deletes as the kubectl command they run (issue 11 item 4,
//! the lead's decision for h-cls18: any delete in a cluster asks).
//!
//! Kubernetes MCP servers take a delete as fields, not as a command line: Flux159's
//! `mcp-server-kubernetes` `kubectl_delete {resourceType, name, namespace, labelSelector,
//! allNamespaces, force, gracePeriodSeconds, manifest, filename}`, containers'
//! `kubernetes-mcp-server` `resources_delete {kind, name, namespace}`, `pods_delete {name,
//! namespace}` and `helm_uninstall {name, namespace}`, smaller servers' `delete_pod`,
//! `k8s_delete`, `delete_resource {resource_type, name}`. [`command`] writes the kubectl (or
//! helm) command line such a call amounts to, so the shell analyzer's cloud and infra facts —
//! a whole namespace, a sweep of kept kinds, a dry run — judge it as they judge the command
//! typed. The tool is a cluster's when its name (server or tool) holds one of
//! [`CLUSTER_WORDS`]; the action comes from the tool name's verb or, for a generic tool
//! (`kubectl_generic {command: "delete", …}`), from its `command`/`action`/`operation`/`verb`
//! field. Argument names are compared lower case without `-` and `_`.

use serde_json::{Map, Value};

/// Words in an MCP tool's full name (`mcp__SERVER__TOOL`) that make it a Kubernetes or Helm
/// tool.
const CLUSTER_WORDS: &[&str] = &["kube", "k8s", "openshift", "helm"];

/// Fields naming the resource kind (`resourceType`, `resource_type`, `kind`, `resource-types`).
const KIND_FIELDS: &[&str] = &[
    "resourcetype",
    "resourcetypes",
    "kind",
    "resource",
    "resourcekind",
    "type",
];

/// Fields naming the object (`name`, `resourceName`, `podName`, `resource-names`, a release).
const NAME_FIELDS: &[&str] = &[
    "name",
    "names",
    "resourcename",
    "resourcenames",
    "podname",
    "releasename",
    "release",
];

/// Fields naming the node a drain empties.
const NODE_FIELDS: &[&str] = &["nodename", "node", "name"];

/// Fields holding a generic tool's kubectl command (`kubectl_generic {command: "delete"}`).
const ACTION_FIELDS: &[&str] = &["command", "action", "operation", "verb", "subcommand"];

/// Words of a tool name that are neither the action nor the kind (`kubectl_delete`,
/// `resources_delete`, `k8s_delete`).
const NOISE_WORDS: &[&str] = &[
    "kubectl",
    "k8s",
    "kube",
    "kubernetes",
    "delete",
    "remove",
    "resource",
    "resources",
    "object",
    "objects",
];

/// The action of a cluster tool: what the command line starts with.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    Delete,
    Drain,
    Uninstall,
}

/// The action a tool name's words (or a generic tool's action field) name.
fn action_of(words: &[&str]) -> Option<Action> {
    words.iter().find_map(|w| match *w {
        "delete" | "remove" | "rm" | "del" => Some(Action::Delete),
        "drain" => Some(Action::Drain),
        "uninstall" => Some(Action::Uninstall),
        _ => None,
    })
}

/// A field's key as compared: lower case, `-` and `_` taken out.
fn key(k: &str) -> String {
    k.chars()
        .filter(|c| *c != '-' && *c != '_')
        .flat_map(char::to_lowercase)
        .collect()
}

/// The first string (or the strings of a list, joined by `,`) among `fields`.
fn field(args: &Map<String, Value>, fields: &[&str]) -> Option<String> {
    fields.iter().find_map(|f| {
        args.iter()
            .find(|(k, _)| key(k) == *f)
            .and_then(|(_, v)| match v {
                Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_string()),
                Value::Array(a) => {
                    let items: Vec<&str> = a.iter().filter_map(Value::as_str).collect();
                    (!items.is_empty()).then(|| items.join(","))
                }
                _ => None,
            })
    })
}

/// True when a field among `fields` is `true` (or the string `"true"`).
fn flag(args: &Map<String, Value>, fields: &[&str]) -> bool {
    args.iter().any(|(k, v)| {
        fields.contains(&key(k).as_str())
            && (v.as_bool() == Some(true) || v.as_str() == Some("true"))
    })
}

/// A word quoted for the shell when it needs it.
fn quote(w: &str) -> String {
    if !w.is_empty()
        && w.bytes()
            .all(|c| c.is_ascii_alphanumeric() || b"-_./=:@%+,".contains(&c))
    {
        w.to_string()
    } else {
        format!("'{}'", w.replace('\'', r"'\''"))
    }
}

/// The kubectl or helm command line a Kubernetes MCP tool's delete, drain or uninstall
/// amounts to (see the module's doc), or `None` when `tool_name` is no cluster tool or names
/// none of those actions. `tool_name` is the full `mcp__SERVER__TOOL` name; `args` its input.
pub(crate) fn command(tool_name: &str, args: &Map<String, Value>) -> Option<String> {
    let lower = tool_name.to_ascii_lowercase();
    if !CLUSTER_WORDS.iter().any(|w| lower.contains(w)) {
        return None;
    }
    let tool = lower.rsplit("__").next().unwrap_or(&lower);
    let words: Vec<&str> = tool
        .split(['_', '-', '.'])
        .filter(|w| !w.is_empty())
        .collect();
    let generic = field(args, ACTION_FIELDS).map(|a| a.to_ascii_lowercase());
    let action = action_of(&words).or_else(|| {
        generic
            .as_deref()
            .filter(|a| !a.contains(' '))
            .and_then(|a| action_of(&[a]))
    })?;
    let namespace = field(args, &["namespace", "ns"]);
    let mut out: Vec<String> = Vec::new();
    match action {
        Action::Uninstall => {
            out.push("helm uninstall".into());
            out.extend(field(args, NAME_FIELDS).map(|n| quote(&n)));
        }
        Action::Drain => {
            out.push("kubectl drain".into());
            out.extend(field(args, NODE_FIELDS).map(|n| quote(&n)));
        }
        Action::Delete if words.contains(&"helm") || lower.contains("__helm") => {
            out.push("helm uninstall".into());
            out.extend(field(args, NAME_FIELDS).map(|n| quote(&n)));
        }
        Action::Delete => {
            out.push("kubectl delete".into());
            // The kind: a field, else the tool name's other word (`delete_pod`, `pods_delete`,
            // `delete_namespace`), else the file or manifest it deletes from.
            let from_name = words
                .iter()
                .filter(|w| !NOISE_WORDS.contains(w) && action_of(&[w]).is_none())
                .copied()
                .collect::<Vec<_>>();
            let kind = field(args, KIND_FIELDS)
                .or_else(|| (from_name.len() == 1).then(|| from_name[0].to_string()));
            let file = field(args, &["filename", "file", "path", "resourcefilepath"]);
            match (kind, file) {
                (Some(k), _) => out.push(quote(&k)),
                (None, Some(f)) => {
                    out.push("-f".into());
                    out.push(quote(&f));
                }
                (None, None) if field(args, &["manifest", "yaml"]).is_some() => {
                    out.push("-f -".into());
                }
                // A kind nobody named: still a delete in the cluster.
                (None, None) => out.push("resource".into()),
            }
            if let Some(n) = field(args, NAME_FIELDS) {
                out.extend(n.split(',').map(|n| quote(n.trim())));
            }
            if let Some(l) = field(args, &["labelselector", "selector", "labels", "label"]) {
                out.push("-l".into());
                out.push(quote(&l));
            }
            if flag(args, &["allnamespaces"]) || namespace.as_deref() == Some("all") {
                out.push("-A".into());
            }
            if flag(args, &["all"]) {
                out.push("--all".into());
            }
            if flag(args, &["force"]) {
                out.push("--force".into());
            }
            let grace_zero = args.iter().any(|(k, v)| {
                key(k) == "graceperiodseconds" && (v.as_i64() == Some(0) || v.as_str() == Some("0"))
            });
            if grace_zero {
                out.push("--grace-period=0".into());
            }
        }
    }
    if let Some(ns) = namespace.filter(|n| n != "all") {
        out.push("-n".into());
        out.push(quote(&ns));
    }
    let dry = args.iter().any(|(k, v)| {
        key(k) == "dryrun"
            && (v.as_bool() == Some(true)
                || v.as_str()
                    .is_some_and(|s| matches!(s, "client" | "server" | "true")))
    });
    if dry {
        out.push("--dry-run=client".into());
    }
    Some(out.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cmd(tool: &str, args: Value) -> Option<String> {
        command(tool, args.as_object().expect("object"))
    }

    #[test]
    fn structured_deletes_are_kubectl_lines() {
        for (tool, args, want) in [
            (
                "mcp__kubernetes__kubectl_delete",
                json!({"resourceType": "namespace", "name": "production"}),
                "kubectl delete namespace production",
            ),
            (
                "mcp__kubernetes__kubectl_delete",
                json!({"resourceType": "pods", "labelSelector": "app=web", "namespace": "dev", "force": true}),
                "kubectl delete pods -l app=web --force -n dev",
            ),
            (
                "mcp__kubernetes__resources_delete",
                json!({"apiVersion": "apps/v1", "kind": "Deployment", "name": "api", "namespace": "prod"}),
                "kubectl delete Deployment api -n prod",
            ),
            (
                "mcp__kubernetes__pods_delete",
                json!({"name": "web-0", "namespace": "dev"}),
                "kubectl delete pods web-0 -n dev",
            ),
            (
                "mcp__k8s__delete_namespace",
                json!({"name": "staging"}),
                "kubectl delete namespace staging",
            ),
            (
                "mcp__kubernetes__kubectl_delete",
                json!({"filename": "deploy.yaml"}),
                "kubectl delete -f deploy.yaml",
            ),
            (
                "mcp__kubernetes__kubectl_generic",
                json!({"command": "delete", "resourceType": "pvc", "name": "data-0"}),
                "kubectl delete pvc data-0",
            ),
            (
                "mcp__kubernetes__helm_uninstall",
                json!({"name": "web", "namespace": "prod"}),
                "helm uninstall web -n prod",
            ),
            (
                "mcp__kubernetes__node_drain",
                json!({"nodeName": "node-1"}),
                "kubectl drain node-1",
            ),
            (
                "mcp__kubernetes__kubectl_delete",
                json!({"resourceType": "pod", "name": "x", "dryRun": true}),
                "kubectl delete pod x --dry-run=client",
            ),
        ] {
            assert_eq!(cmd(tool, args).as_deref(), Some(want), "{tool}");
        }
    }

    #[test]
    fn reads_and_other_servers_are_not_commands() {
        for (tool, args) in [
            (
                "mcp__kubernetes__kubectl_get",
                json!({"resourceType": "pods"}),
            ),
            (
                "mcp__kubernetes__kubectl_describe",
                json!({"resourceType": "deployment", "name": "api"}),
            ),
            ("mcp__kubernetes__pods_log", json!({"name": "web-0"})),
            (
                "mcp__kubernetes__kubectl_generic",
                json!({"command": "get", "resourceType": "pods"}),
            ),
            ("mcp__github__delete_file", json!({"path": "x"})),
            ("mcp__filesystem__delete_file", json!({"path": "x"})),
        ] {
            assert_eq!(cmd(tool, args), None, "{tool}");
        }
    }
}
