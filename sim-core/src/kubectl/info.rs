//! `kubectl logs`, `version`, `api-resources`, `api-versions`, `cluster-info`, `config` and Tab completion (upstream `kubectl/pkg/cmd/…`).
//!
//! (`k3s.md` §8, §11; `kubectl.md`.) `logs -f` keeps running as a `follow::LogFollow`.

use super::errors::server_error;
use super::flags::{namespace, parse_flags, FlagSpec, Kind, Parsed};
use super::follow::LogFollow;
use super::out::{Host, Out};
use super::resource::{get, list, read_list};
use super::tabwriter::KUBECTL_TABLE;
use crate::api::client::ReadClient;
use crate::api::object::get_str;
use crate::api::registry::{AGGREGATED, DISCOVERY, SERVED};
use crate::api::rest::{Method, Request};
use crate::api::server::kind_info;
use crate::api::status::Status;
use crate::json::Value;

pub fn version<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(out, "version", args, &[("output", Some('o'), Kind::Value), ("client", None, Kind::Bool)]) else { return };
    if p.value("output").is_some() {
        out.err("error: \"kubectl version -o\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)");
        return;
    }
    // On the lab VM kubectl is k3s's own (`k3s.md` §8.1).
    let mut s = String::from("Client Version: v1.32.4+k3s1\nKustomize Version: v5.5.0\n");
    if !p.flag("client") {
        s.push_str("Server Version: v1.32.4+k3s1\n");
    }
    out.out(&s);
}

pub fn cluster_info<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    if parse_flags(out, "cluster-info", args, &[]).is_none() {
        return;
    }
    if args.first().map(String::as_str) == Some("dump") {
        out.err("error: \"kubectl cluster-info dump\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)");
        return;
    }
    out.out("Kubernetes control plane is running at https://127.0.0.1:6443\nCoreDNS is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/kube-dns:dns/proxy\nMetrics-server is running at https://127.0.0.1:6443/api/v1/namespaces/kube-system/services/https:metrics-server:https/proxy\n\nTo further debug and diagnose cluster problems, use 'kubectl cluster-info dump'.\n");
}

pub fn config<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(out, "config", args, &[("current", None, Kind::Bool), ("minify", None, Kind::Bool)]) else { return };
    match p.args.first().map(String::as_str) {
        Some("current-context") => out.out("default\n"),
        Some("get-contexts") => out.out(&KUBECTL_TABLE.format("CURRENT\tNAME\tCLUSTER\tAUTHINFO\tNAMESPACE\n*\tdefault\tdefault\tdefault\t\n")),
        Some("view") => out.out("apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: DATA+OMITTED\n    server: https://127.0.0.1:6443\n  name: default\ncontexts:\n- context:\n    cluster: default\n    user: default\n  name: default\ncurrent-context: default\nkind: Config\npreferences: {}\nusers:\n- name: default\n  user:\n    client-certificate-data: DATA+OMITTED\n    client-key-data: DATA+OMITTED\n"),
        Some(other) => out.err(&format!("error: \"kubectl config {other}\" is not supported by the simulator yet (시뮬레이터가 아직 지원하지 않습니다)")),
        None => out.err("error: \"kubectl config\" needs a subcommand: current-context, get-contexts, view"),
    }
}

/// `kubectl api-versions`: every group/version discovery lists, sorted as strings.
pub fn api_versions<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    if parse_flags(out, "api-versions", args, &[]).is_none() {
        return;
    }
    let mut all = vec!["v1".to_string()];
    for (g, versions) in crate::api::rest::api_groups() {
        all.extend(versions.iter().map(|v| format!("{g}/{v}")));
    }
    crate::sort::sort(&mut all);
    for gv in all {
        out.out(&format!("{gv}\n"));
    }
}

pub fn api_resources<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let Some(p) = parse_flags(
        out,
        "api-resources",
        args,
        &[
            ("api-group", None, Kind::Value),
            ("namespaced", None, Kind::Bool),
            ("output", Some('o'), Kind::Value),
            ("no-headers", None, Kind::Bool),
            ("verbs", None, Kind::Value),
        ],
    ) else {
        return;
    };
    struct Row<'a> {
        group: &'a str,
        plural: &'a str,
        short_names: String,
        api_version: String,
        namespaced: bool,
        kind: &'a str,
        verbs: &'a [&'a str],
        categories: &'a [&'a str],
    }
    let mut rows: Vec<Row> = DISCOVERY
        .iter()
        .map(|d| Row {
            group: d.group(),
            plural: d.plural,
            short_names: d.short_names.join(","),
            api_version: d.api_version.to_string(),
            namespaced: d.namespaced,
            kind: d.kind,
            verbs: crate::api::rest::discovered_verbs(d),
            categories: crate::api::rest::discovered_categories(d),
        })
        .collect();
    // The aggregated APIs' preferred versions, as kubectl reads them: subresources and resources
    // without verbs are skipped (the visibility API's are all one or the other: nothing shows).
    for a in AGGREGATED {
        let preferred = a.versions.first().copied().unwrap_or("");
        for r in a.resources.iter().filter(|r| !r.name.contains('/') && !r.verbs.is_empty()) {
            rows.push(Row {
                group: a.group,
                plural: r.name,
                short_names: String::new(),
                api_version: format!("{}/{preferred}", a.group),
                namespaced: r.namespaced,
                kind: r.kind,
                verbs: r.verbs,
                categories: &[],
            });
        }
    }
    rows.retain(|row| p.value("api-group").is_none_or(|g| row.group == g));
    // A filter only when given (`--namespaced` alone is true, `--namespaced=false` false).
    if let Some(&want) = p.bools.get("namespaced") {
        rows.retain(|row| row.namespaced == want);
    }
    // --verbs=list,get: the resources that support every verb named.
    let verbs_flag = p.all("verbs");
    let wanted: Vec<&str> = verbs_flag.iter().flat_map(|v| v.split(',')).map(str::trim).filter(|v| !v.is_empty()).collect();
    rows.retain(|row| wanted.iter().all(|v| row.verbs.contains(v)));
    if p.value("output") == Some("name") {
        let text: String = rows
            .iter()
            .map(|r| if r.group.is_empty() { format!("{}\n", r.plural) } else { format!("{}.{}\n", r.plural, r.group) })
            .collect();
        out.out(&text);
        return;
    }
    let wide = p.value("output") == Some("wide");
    let mut text = String::new();
    if !p.flag("no-headers") {
        text.push_str(if wide {
            "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND\tVERBS\tCATEGORIES\n"
        } else {
            "NAME\tSHORTNAMES\tAPIVERSION\tNAMESPACED\tKIND\n"
        });
    }
    for r in rows {
        text.push_str(&format!("{}\t{}\t{}\t{}\t{}", r.plural, r.short_names, r.api_version, r.namespaced, r.kind));
        if wide {
            let mut verbs = r.verbs.to_vec();
            crate::sort::sort(&mut verbs);
            text.push_str(&format!("\t{}\t{}", verbs.join(","), r.categories.join(",")));
        }
        text.push('\n');
    }
    out.out(&KUBECTL_TABLE.format(&text));
}

pub fn logs<W: Host>(out: &mut Out<'_, '_, W>, args: &[String]) {
    let flags: &[FlagSpec] = &[
        ("container", Some('c'), Kind::Value),
        ("follow", Some('f'), Kind::Bool),
        ("tail", None, Kind::Value),
        ("previous", Some('p'), Kind::Bool),
        ("timestamps", None, Kind::Bool),
        ("selector", Some('l'), Kind::Value),
    ];
    let Some(p) = parse_flags(out, "logs", args, flags) else { return };
    let ns = namespace(&p);
    let tail = match p.value("tail").map(str::parse::<i64>) {
        None => None,
        Some(Ok(n)) => Some(n),
        Some(Err(_)) => {
            out.err(&format!(
                "invalid argument {:?} for \"--tail\" flag: strconv.ParseInt: parsing {:?}: invalid syntax",
                p.value("tail").unwrap_or(""),
                p.value("tail").unwrap_or("")
            ));
            return;
        }
    };
    if let Some(selector) = p.value("selector").map(str::to_string) {
        if !p.args.is_empty() {
            out.err("error: only one of selector or pod can be provided");
            return;
        }
        if let Err(e) = crate::api::selector::LabelSelector::parse(&selector) {
            out.err(&format!("error: {e}"));
            return;
        }
        let pods = list(out.client(), kind_info("Pod"), Some(&ns), &selector, "").unwrap_or_default();
        if pods.is_empty() {
            out.cx.err(&format!("No resources found in {ns} namespace.\n"));
            return;
        }
        // With a selector kubectl shows the last 10 lines of each pod unless told otherwise.
        for pod in pods {
            pod_log(out, &p, &ns, &pod, Some(tail.unwrap_or(10)));
        }
        return;
    }
    let Some(target) = p.args.first().cloned() else {
        out.err("error: expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command\nSee 'kubectl logs -h' for help and examples");
        return;
    };
    let c = out.client();
    let pod = match target.split_once('/') {
        Some(("job" | "jobs" | "job.batch" | "jobs.batch", job)) => {
            if get(c, kind_info("Job"), &ns, job).is_err() {
                out.err(&server_error(&Status::not_found("jobs", "batch", job), None));
                return;
            }
            let pods = list(c, kind_info("Pod"), Some(&ns), "", "").unwrap_or_default();
            match pods
                .into_iter()
                .find(|p| p.pointer("/metadata/labels/batch.kubernetes.io~1job-name").and_then(Value::as_str) == Some(job))
            {
                Some(p) => p,
                None => {
                    out.err(&format!("error: timed out waiting for the condition (no pods for job/{job} yet)"));
                    return;
                }
            }
        }
        Some(("pod" | "pods" | "po", _)) | None => {
            let name = name_of(&target);
            match get(c, kind_info("Pod"), &ns, &name) {
                Ok(p) => p,
                Err(s) => {
                    out.err(&server_error(&s, None));
                    return;
                }
            }
        }
        _ => {
            out.err(&format!("error: \"kubectl logs {target}\" is not supported by the simulator yet: name a pod or job/NAME"));
            return;
        }
    };
    pod_log(out, &p, &ns, &pod, tail);
}

/// One pod's log (its only container), the last `tail` lines when given (negative = all).
fn pod_log<W: Host>(out: &mut Out<'_, '_, W>, p: &Parsed, ns: &str, pod: &Value, tail: Option<i64>) {
    let name = get_str(pod, &["metadata", "name"]).unwrap_or("").to_string();
    // The pod's log subresource; the server says when there is none to read.
    let path = format!("/api/v1/namespaces/{ns}/pods/{name}/log");
    let mut req = Request::new(Method::Get, &path);
    if let Some(c) = p.value("container") {
        req = req.query("container", c);
    }
    if p.flag("previous") {
        req = req.query("previous", "true");
    }
    if let Some(n) = tail.filter(|n| *n >= 0) {
        req = req.query("tailLines", &n.to_string());
    }
    let r = out.request(&req);
    if let Some(s) = r.status() {
        out.err(&server_error(&s, None));
        return;
    }
    let shown = r.raw.unwrap_or_default();
    out.out(&shown);
    if p.flag("follow") {
        // The whole log so far, to know where the stream goes on from.
        let whole = out.request(&Request::new(Method::Get, &path)).raw.unwrap_or_default();
        let mut follow = LogFollow::new(ns.to_string(), name, whole.len());
        // A container that has already exited has nothing more to say.
        follow.poll_done(out.client());
        if !crate::shell::Foreground::<W>::done(&follow) {
            out.cx.foreground = Some(Box::new(follow));
        }
    }
}

fn name_of(target: &str) -> String {
    target.split_once('/').map(|(_, n)| n.to_string()).unwrap_or_else(|| target.to_string())
}

/// Words Tab completes after `kubectl`: verbs, resource types, object names.
pub fn completions(c: &dyn ReadClient, args: &[String], current: &str) -> Vec<String> {
    let verbs = [
        "get",
        "apply",
        "create",
        "delete",
        "describe",
        "logs",
        "version",
        "api-resources",
        "cluster-info",
        "config",
        "wait",
        "label",
        "patch",
        "edit",
        "explain",
        "kueue",
    ];
    let positional = positional_args(args);
    if current.starts_with('-') {
        return [
            "--namespace",
            "--output",
            "--all-namespaces",
            "--selector",
            "--filename",
            "--show-labels",
            "--label-columns",
            "--no-headers",
            "--field-selector",
            "--dry-run",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
    }
    if args.last().is_some_and(|a| a == "-f" || a == "--filename") {
        return Vec::new();
    }
    if args.last().is_some_and(|a| a == "-n" || a == "--namespace") {
        return read_list(c, kind_info("Namespace"), None)
            .iter()
            .filter_map(|n| get_str(n, &["metadata", "name"]).map(str::to_string))
            .collect();
    }
    match positional.len() {
        0 => verbs.iter().map(|s| s.to_string()).collect(),
        1 if positional[0] == "kueue" => vec!["list".to_string()],
        2 if positional[0] == "kueue" => {
            ["clusterqueue", "localqueue", "resourceflavor", "workload"].iter().map(|s| s.to_string()).collect()
        }
        _ if positional[0] == "kueue" => Vec::new(),
        1 if matches!(positional[0].as_str(), "get" | "delete" | "describe" | "label" | "patch" | "edit" | "explain" | "wait") => {
            SERVED.iter().flat_map(|k| std::iter::once(k.plural.to_string()).chain(k.short_names.iter().map(|s| s.to_string()))).collect()
        }
        1 if positional[0] == "logs" => {
            let ns = namespace_arg(args);
            read_list(c, kind_info("Pod"), Some(&ns)).iter().filter_map(|p| get_str(p, &["metadata", "name"]).map(str::to_string)).collect()
        }
        _ if positional.len() >= 2 => {
            let Some(crate::api::registry::Resolved::Served(k)) = crate::api::registry::resolve(positional[1]) else { return Vec::new() };
            let ns = namespace_arg(args);
            read_list(c, k, Some(ns.as_str())).iter().filter_map(|o| get_str(o, &["metadata", "name"]).map(str::to_string)).collect()
        }
        _ => Vec::new(),
    }
}

/// The words that are not flags or flag values (`-n team-a`, `-o yaml`, `-l a=b` …).
fn positional_args(args: &[String]) -> Vec<&String> {
    const TAKES_VALUE: &[&str] = &[
        "-n",
        "--namespace",
        "-o",
        "--output",
        "-l",
        "--selector",
        "-f",
        "--filename",
        "-c",
        "--container",
        "--context",
        "--kubeconfig",
        "--field-selector",
        "--sort-by",
        "--for",
        "--timeout",
        "--patch",
        "--type",
        "--tail",
    ];
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if std::mem::take(&mut skip) {
            continue;
        }
        if a.starts_with('-') {
            skip = TAKES_VALUE.contains(&a.as_str());
        } else {
            out.push(a);
        }
    }
    out
}

fn namespace_arg(args: &[String]) -> String {
    args.iter().position(|a| a == "-n" || a == "--namespace").and_then(|i| args.get(i + 1)).cloned().unwrap_or_else(|| "default".into())
}
