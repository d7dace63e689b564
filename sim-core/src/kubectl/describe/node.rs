//! `kubectl describe node` (upstream `describe.go`: `describeNode`, `describeNodeResource`; `k3s.md` §7.4).
//!
//! The node's metadata, lease, conditions, capacity, system info, the
//! non-terminated pods with their requests and limits as a share of allocatable, the totals, and
//! the Events section — all one Go tabwriter block, as kubectl writes it.

use super::printer::{annotations_block, events_block, labels_block, rfc1123z};
use crate::api::client::Client;
use crate::api::duration::human_duration;
use crate::api::object::{get, get_str, parse_time};
use crate::api::pod_resources::{add, pod_requests_and_limits, quantities, Totals};
use crate::api::quantity::Quantity;
use crate::api::server::kind_info;
use crate::json::{Map, Value};
use crate::kubectl::tabwriter::KUBECTL_DESCRIBE;

/// `value (NN%)`, the share of allocatable truncated to a whole percent (0 when nothing is allocatable).
fn with_share(q: Quantity, allocatable: Option<&Quantity>, milli: bool) -> String {
    let (num, den) = match allocatable {
        Some(a) if milli => (q.milli_value() as f64, a.milli_value() as f64),
        Some(a) => (q.value() as f64, a.value() as f64),
        None => (0.0, 0.0),
    };
    let share = if den == 0.0 { 0 } else { (num / den * 100.0) as i64 };
    format!("{q} ({share}%)")
}

fn roles(labels: &Map) -> String {
    let mut roles: Vec<&str> = labels
        .iter()
        .filter_map(|(k, v)| match k.strip_prefix("node-role.kubernetes.io/") {
            Some(role) if !role.is_empty() => Some(role),
            _ if k == "kubernetes.io/role" => v.as_str().filter(|r| !r.is_empty()),
            _ => None,
        })
        .collect();
    crate::sort::sort(&mut roles);
    roles.dedup();
    if roles.is_empty() {
        "<none>".into()
    } else {
        roles.join(",")
    }
}

fn taints(node: &Value) -> String {
    let list: Vec<String> = get(node, &["spec", "taints"])
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|t| {
            let key = get_str(t, &["key"]).unwrap_or("");
            let effect = get_str(t, &["effect"]).unwrap_or("");
            match get_str(t, &["value"]).filter(|v| !v.is_empty()) {
                Some(v) => format!("{key}={v}:{effect}"),
                None => format!("{key}:{effect}"),
            }
        })
        .collect();
    if list.is_empty() {
        "Taints:\t<none>\n".into()
    } else {
        list.iter().enumerate().map(|(i, t)| if i == 0 { format!("Taints:\t{t}\n") } else { format!("\t{t}\n") }).collect()
    }
}

fn time_cell(v: Option<&str>) -> String {
    v.and_then(parse_time).map(rfc1123z).unwrap_or_else(|| "<unset>".into())
}

pub fn describe_node(c: &mut dyn Client, now: i64, node: &Value) -> String {
    let name = get_str(node, &["metadata", "name"]).unwrap_or("");
    let created = get_str(node, &["metadata", "creationTimestamp"]).and_then(parse_time).unwrap_or(now);
    let labels = get(node, &["metadata", "labels"]).and_then(Value::as_object).cloned().unwrap_or_default();
    let mut t = format!("Name:\t{name}\nRoles:\t{}\n", roles(&labels));
    labels_block(&mut t, "", "Labels", &labels);
    annotations_block(&mut t, "", &get(node, &["metadata", "annotations"]).and_then(Value::as_object).cloned().unwrap_or_default());
    t.push_str(&format!("CreationTimestamp:\t{}\n", rfc1123z(created)));
    t.push_str(&taints(node));
    t.push_str(&format!("Unschedulable:\t{}\n", get(node, &["spec", "unschedulable"]).and_then(Value::as_bool).unwrap_or(false)));
    // The kubelet's Lease, as describe reads it from coordination.k8s.io.
    let lease = c.request(&crate::api::rest::Request::new(
        crate::api::rest::Method::Get,
        &format!("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/{name}"),
    ));
    let renewed = lease.body.pointer("/spec/renewTime").and_then(Value::as_str).and_then(parse_time).unwrap_or(created);
    t.push_str(&format!("Lease:\n  HolderIdentity:\t{name}\n  AcquireTime:\t<unset>\n  RenewTime:\t{}\n", rfc1123z(renewed)));

    let conditions = get(node, &["status", "conditions"]).and_then(Value::as_array).cloned().unwrap_or_default();
    if conditions.is_empty() {
        t.push_str("Conditions:\t<none>\n");
    } else {
        t.push_str("Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n");
        t.push_str("  ----\t------\t-----------------\t------------------\t------\t-------\n");
        for cond in &conditions {
            // describeNode writes each cell with a trailing space.
            t.push_str(&format!(
                "  {} \t{} \t{} \t{} \t{} \t{}\n",
                get_str(cond, &["type"]).unwrap_or(""),
                get_str(cond, &["status"]).unwrap_or(""),
                time_cell(get_str(cond, &["lastHeartbeatTime"])),
                time_cell(get_str(cond, &["lastTransitionTime"])),
                get_str(cond, &["reason"]).unwrap_or(""),
                get_str(cond, &["message"]).unwrap_or("")
            ));
        }
    }
    let addresses = get(node, &["status", "addresses"]).and_then(Value::as_array).cloned().unwrap_or_default();
    if !addresses.is_empty() {
        t.push_str("Addresses:\n");
        for a in &addresses {
            t.push_str(&format!("  {}:\t{}\n", get_str(a, &["type"]).unwrap_or(""), get_str(a, &["address"]).unwrap_or("")));
        }
    }
    for (title, field) in [("Capacity", "capacity"), ("Allocatable", "allocatable")] {
        let Some(m) = get(node, &["status", field]).and_then(Value::as_object).filter(|m| !m.is_empty()) else { continue };
        t.push_str(&format!("{title}:\n"));
        for (k, v) in m {
            t.push_str(&format!("  {k}:\t{}\n", v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())));
        }
    }
    let info = |k: &str| get_str(node, &["status", "nodeInfo", k]).unwrap_or("").to_string();
    t.push_str("System Info:\n");
    for (label, key) in [
        ("Machine ID", "machineID"),
        ("System UUID", "systemUUID"),
        ("Boot ID", "bootID"),
        ("Kernel Version", "kernelVersion"),
        ("OS Image", "osImage"),
        ("Operating System", "operatingSystem"),
        ("Architecture", "architecture"),
        ("Container Runtime Version", "containerRuntimeVersion"),
        ("Kubelet Version", "kubeletVersion"),
        ("Kube-Proxy Version", "kubeProxyVersion"),
    ] {
        t.push_str(&format!("  {label}:\t{}\n", info(key)));
    }
    if let Some(cidr) = get_str(node, &["spec", "podCIDR"]).filter(|s| !s.is_empty()) {
        t.push_str(&format!("PodCIDR:\t{cidr}\n"));
    }
    let cidrs: Vec<&str> =
        get(node, &["spec", "podCIDRs"]).and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    if !cidrs.is_empty() {
        t.push_str(&format!("PodCIDRs:\t{}\n", cidrs.join(",")));
    }
    if let Some(p) = get_str(node, &["spec", "providerID"]).filter(|s| !s.is_empty()) {
        t.push_str(&format!("ProviderID:\t{p}\n"));
    }
    t.push_str(&node_resources(c, now, node));
    t.push_str(&events_block(c, now, node));
    KUBECTL_DESCRIBE.format(&t)
}

/// "Non-terminated Pods" and "Allocated resources" (`describeNodeResource`).
fn node_resources(c: &mut dyn Client, now: i64, node: &Value) -> String {
    let name = get_str(node, &["metadata", "name"]).unwrap_or("");
    let allocatable: Totals = crate::sort::map_from(quantities(get(node, &["status", "allocatable"])));
    let pods: Vec<Value> = super::super::resource::list(c, kind_info("Pod"), None, "", "")
        .unwrap_or_default()
        .into_iter()
        .filter(|p| get_str(p, &["spec", "nodeName"]) == Some(name))
        .filter(|p| !matches!(get_str(p, &["status", "phase"]), Some("Succeeded" | "Failed")))
        .collect();
    let mut t = format!("Non-terminated Pods:\t({} in total)\n", pods.len());
    t.push_str("  Namespace\tName\t\tCPU Requests\tCPU Limits\tMemory Requests\tMemory Limits\tAge\n");
    t.push_str("  ---------\t----\t\t------------\t----------\t---------------\t-------------\t---\n");
    let (mut requests, mut limits) = (Totals::new(), Totals::new());
    for pod in &pods {
        let (r, l) = pod_requests_and_limits(pod);
        let cell =
            |m: &Totals, res: &str| with_share(m.get(res).copied().unwrap_or(Quantity::from_units(0)), allocatable.get(res), res == "cpu");
        let age =
            get_str(pod, &["metadata", "creationTimestamp"]).and_then(parse_time).map(|t| human_duration(now - t)).unwrap_or_default();
        t.push_str(&format!(
            "  {}\t{}\t\t{}\t{}\t{}\t{}\t{age}\n",
            get_str(pod, &["metadata", "namespace"]).unwrap_or(""),
            get_str(pod, &["metadata", "name"]).unwrap_or(""),
            cell(&r, "cpu"),
            cell(&l, "cpu"),
            cell(&r, "memory"),
            cell(&l, "memory"),
        ));
        r.into_iter().for_each(|(k, q)| add(&mut requests, &k, q));
        l.into_iter().for_each(|(k, q)| add(&mut limits, &k, q));
    }
    t.push_str("Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n");
    t.push_str("  Resource\tRequests\tLimits\n  --------\t--------\t------\n");
    let total = |m: &Totals, res: &str| m.get(res).copied().unwrap_or(Quantity::from_units(0));
    for res in ["cpu", "memory", "ephemeral-storage"] {
        let milli = res == "cpu";
        t.push_str(&format!(
            "  {res}\t{}\t{}\n",
            with_share(total(&requests, res), allocatable.get(res), milli),
            with_share(total(&limits, res), allocatable.get(res), milli)
        ));
    }
    for res in allocatable.keys().filter(|k| k.starts_with("hugepages-")) {
        t.push_str(&format!(
            "  {res}\t{}\t{}\n",
            with_share(total(&requests, res), allocatable.get(res), false),
            with_share(total(&limits, res), allocatable.get(res), false)
        ));
    }
    // Extended resources (any name with a domain, outside kubernetes.io) print without a share.
    let standard = |k: &str| matches!(k, "cpu" | "memory" | "ephemeral-storage" | "pods" | "storage") || k.starts_with("hugepages-");
    for res in allocatable.keys().filter(|k| !standard(k)) {
        t.push_str(&format!("  {res}\t{}\t{}\n", total(&requests, res), total(&limits, res)));
    }
    t
}
