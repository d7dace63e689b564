//! The REST face of the API core: a request (method, path, query, body) in, a response (code,
//! JSON body, warnings) out — the same shapes kube-apiserver serves, so pseudo-kubectl and the HTTP
//! facade for real kubectl share one entry point. Paths: `/api/v1/...`, `/apis/GROUP/VERSION/...`,
//! `[namespaces/NS/]PLURAL[/NAME[/status]]`, discovery (`/api`, `/apis`, group versions) and `/version`.

use super::registry::{kind_for, Discovered, KindInfo, AGGREGATED, DISCOVERY, SERVED};
use super::schema::FieldValidation;
use super::selector::{FieldSelector, LabelSelector};
use super::server::{ApiServer, DeleteOptions, PatchType, Propagation};
use super::status::Status;
use super::table::{table, IncludeObject};
use crate::json::{json, Value};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Patch,
    Delete,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Request {
    pub method: Option<Method>,
    pub path: String,
    pub query: Vec<(String, String)>,
    pub body: Option<Value>,
    /// For PATCH: `application/merge-patch+json`, `application/json-patch+json`,
    /// `application/strategic-merge-patch+json`.
    pub content_type: Option<String>,
    /// The client asked for `application/json;as=Table;v=v1;g=meta.k8s.io`.
    pub as_table: bool,
}

impl Request {
    pub fn new(method: Method, path: &str) -> Self {
        Request { method: Some(method), path: path.to_string(), ..Default::default() }
    }
    pub fn query(mut self, k: &str, v: &str) -> Self {
        self.query.push((k.to_string(), v.to_string()));
        self
    }
    pub fn body(mut self, body: Value) -> Self {
        self.body = Some(body);
        self
    }
    pub fn table(mut self) -> Self {
        self.as_table = true;
        self
    }
    fn param(&self, k: &str) -> Option<&str> {
        self.query.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Response {
    pub code: u16,
    pub body: Value,
    /// `Warning:` headers (`unknown field "spec.foo"`).
    pub warnings: Vec<String>,
    /// A body sent as bytes rather than as `body`'s JSON: a pod's log (`text/plain`), the
    /// visibility API's documents (JSON in Go's field order). `body` is `null` then.
    pub raw: Option<String>,
}

impl Response {
    pub fn ok(body: Value) -> Self {
        Response { code: 200, body, warnings: Vec::new(), raw: None }
    }
    pub fn error(s: Status) -> Self {
        Response { code: s.code, body: s.to_json(), warnings: Vec::new(), raw: None }
    }
    /// A 200 whose body is `text` as is.
    pub fn text(text: String) -> Self {
        Response { code: 200, body: Value::Null, warnings: Vec::new(), raw: Some(text) }
    }
    pub fn is_success(&self) -> bool {
        (200..300).contains(&self.code)
    }
    /// The error as a `Status` (for a client's error rendering); `None` on success.
    pub fn status(&self) -> Option<Status> {
        (!self.is_success()).then(|| super::status::Status::from_json(&self.body, self.code))
    }
}

/// The version the lab's k3s reports (`k3s.md` §8.1). The reference gives gitVersion, goVersion,
/// platform, compiler, gitTreeState, major and minor; gitCommit and buildDate are placeholders
/// (kubectl shows them only with `version -o yaml|json`).
pub fn version_info() -> Value {
    json!({
        "major": "1", "minor": "32", "gitVersion": "v1.32.4+k3s1", "gitCommit": "6d0c0b2e2f8c0b1a1c7d3e4f5a6b7c8d9e0f1a2b",
        "gitTreeState": "clean", "buildDate": "2025-04-22T19:22:05Z", "goVersion": "go1.23.6", "compiler": "gc", "platform": "linux/amd64",
    })
}

/// A collection or object path's kind, namespace and name (for watch streams served by a host).
pub fn path_target(path: &str) -> Option<(&'static KindInfo, String, Option<String>)> {
    let t = parse_target(path).ok()?;
    if t.subresource.is_some() {
        return None;
    }
    Some((t.kind, t.namespace, t.name))
}

/// Every API group with its versions, preferred first, in discovery order (from the resources
/// the lab's cluster lists: a group appears with each version one of its resources is served in),
/// then the aggregated APIs (`groupPriorityMinimum: 100`, the lowest, so last).
pub fn api_groups() -> Vec<(&'static str, Vec<&'static str>)> {
    let mut groups: Vec<(&'static str, Vec<&'static str>)> = Vec::new();
    for d in DISCOVERY.iter().filter(|d| !d.group().is_empty()) {
        let version = d.api_version.rsplit('/').next().unwrap_or("");
        match groups.iter_mut().find(|(g, _)| *g == d.group()) {
            Some((_, versions)) if !versions.contains(&version) => versions.push(version),
            Some(_) => {}
            None => groups.push((d.group(), vec![version])),
        }
    }
    groups.extend(AGGREGATED.iter().map(|a| (a.group, a.versions.to_vec())));
    groups
}

/// The discovery documents of an aggregated API as their servers write them, byte for byte (Go's
/// field order, a newline at the end): `/apis/GROUP` is kube-aggregator's `APIGroup`,
/// `/apis/GROUP/VERSION` the aggregated server's `APIResourceList` (proxied as is). `None` for
/// any other path.
pub fn aggregated_discovery(path: &str) -> Option<String> {
    let rest = path.strip_prefix("/apis/")?;
    let (group, version) = match rest.split_once('/') {
        Some((g, v)) => (g, Some(v)),
        None => (rest, None),
    };
    let a = AGGREGATED.iter().find(|a| a.group == group)?;
    let text = |s: &str| Value::String(s.to_string().into()).to_string();
    let gv = |v: &str| format!("{{\"groupVersion\":{},\"version\":{}}}", text(&format!("{group}/{v}")), text(v));
    let Some(version) = version else {
        let versions: Vec<String> = a.versions.iter().map(|v| gv(v)).collect();
        return Some(format!(
            "{{\"kind\":\"APIGroup\",\"apiVersion\":\"v1\",\"name\":{},\"versions\":[{}],\"preferredVersion\":{}}}\n",
            text(group),
            versions.join(","),
            gv(a.versions.first()?)
        ));
    };
    if !a.versions.contains(&version) {
        return None;
    }
    let resources: Vec<String> = a
        .resources
        .iter()
        .map(|r| {
            let verbs: Vec<String> = r.verbs.iter().map(|v| text(v)).collect();
            format!(
                "{{\"name\":{},\"singularName\":{},\"namespaced\":{},\"kind\":{},\"verbs\":[{}]}}",
                text(r.name),
                text(r.singular_name),
                r.namespaced,
                text(r.kind),
                verbs.join(",")
            )
        })
        .collect();
    Some(format!(
        "{{\"kind\":\"APIResourceList\",\"apiVersion\":\"v1\",\"groupVersion\":{},\"resources\":[{}]}}\n",
        text(&format!("{group}/{version}")),
        resources.join(",")
    ))
}

fn group_json(group: &str, versions: &[&str]) -> Value {
    let vs: Vec<Value> = versions.iter().map(|v| json!({"groupVersion": format!("{group}/{v}"), "version": v})).collect();
    json!({"name": group, "versions": vs.clone(), "preferredVersion": vs[0].clone()})
}

/// The path prefix of a group version: `api/v1`, `apis/batch/v1`.
fn gv_path(group: &str, version: &str) -> String {
    if group.is_empty() {
        format!("api/{version}")
    } else {
        format!("apis/{group}/{version}")
    }
}

/// OpenAPI v3 documents, reduced to what clients ask them for: the root lists every served group
/// version; a group version's document lists its kinds' PATCH operations with the query
/// parameters the server supports (`fieldValidation`, `dryRun`), marked with
/// `x-kubernetes-group-version-kind` — kubectl reads this to choose server-side field
/// validation. No schemas: `kubectl explain` says so instead of explaining.
pub fn openapi_v3(path: &str) -> Option<Value> {
    let path = path.split('?').next().unwrap_or(path).trim_end_matches('/');
    if path == "/openapi/v3" {
        let mut paths = crate::json::Map::new();
        for k in SERVED {
            let gv = gv_path(k.group, k.version);
            paths.insert(gv.clone(), json!({"serverRelativeURL": format!("/openapi/v3/{gv}?hash=kueue-lab-{}", k.version)}));
        }
        return Some(json!({"paths": paths}));
    }
    let gv = path.strip_prefix("/openapi/v3/")?;
    let kinds: Vec<&KindInfo> = SERVED.iter().filter(|k| gv_path(k.group, k.version) == gv).collect();
    if kinds.is_empty() {
        return None;
    }
    let mut paths = crate::json::Map::new();
    for k in kinds {
        let scope = if k.namespaced { "namespaces/{namespace}/" } else { "" };
        let op = json!({
            "patch": {
                "x-kubernetes-group-version-kind": {"group": k.group, "version": k.version, "kind": k.kind},
                "parameters": [
                    {"name": "dryRun", "in": "query", "schema": {"type": "string"}},
                    {"name": "fieldValidation", "in": "query", "schema": {"type": "string"}}
                ]
            }
        });
        paths.insert(format!("/{gv}/{scope}{}/{{name}}", k.plural), op);
    }
    Some(
        json!({"openapi": "3.0.0", "info": {"title": "Kubernetes", "version": "v1.32.4+k3s1"}, "paths": paths, "components": {"schemas": {}}}),
    )
}

/// The answer to any request for a kind the lab's cluster lists in discovery but the simulator
/// does not model (services, deployments, …): an honest 405, whoever the client is.
pub fn unserved(d: &super::registry::Discovered) -> Status {
    let group = if d.group().is_empty() { String::new() } else { format!(".{}", d.group()) };
    Status::method_not_allowed(format!("the simulator does not serve {}{group} (시뮬레이터는 이 종류를 지원하지 않습니다)", d.plural))
}

/// kube-apiserver's 404 for a path it does not serve.
pub fn not_found_path() -> Status {
    let mut s = Status::not_found("", "", "");
    s.message = "the server could not find the requested resource".into();
    s
}

/// The verbs discovery lists for a resource, sorted (as kubectl prints them): all of them for a
/// kind the simulator serves, reads for one it serves read-only, and `get`/`list` for one it
/// lists but does not serve (which it then refuses honestly).
pub fn discovered_verbs(d: &Discovered) -> &'static [&'static str] {
    match kind_for(d.api_version, d.kind) {
        Some(k) if k.read_only => &["get", "list", "watch"],
        Some(_) => &["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
        None => &["get", "list"],
    }
}

/// The categories discovery lists for a resource (`all` for pods and jobs).
pub fn discovered_categories(d: &Discovered) -> &'static [&'static str] {
    kind_for(d.api_version, d.kind).map_or(&[], |k| k.categories)
}

/// Discovery documents.
fn discovery(path: &str) -> Option<Value> {
    let resource_list = |gv: &str| -> Value {
        let resources: Vec<Value> = DISCOVERY
            .iter()
            .filter(|d| d.api_version == gv)
            .map(|d| {
                let verbs = json!(discovered_verbs(d));
                let mut r = json!({"name": d.plural, "singularName": d.kind.to_ascii_lowercase(), "namespaced": d.namespaced, "kind": d.kind, "verbs": verbs});
                if !d.short_names.is_empty() {
                    r["shortNames"] = json!(d.short_names);
                }
                let categories = discovered_categories(d);
                if !categories.is_empty() {
                    r["categories"] = json!(categories);
                }
                r
            })
            .collect();
        let mut with_status: Vec<Value> = Vec::new();
        for r in &resources {
            with_status.push(r.clone());
            let name = r["name"].as_str().unwrap_or("");
            if SERVED.iter().any(|k| k.plural == name && k.api_version() == gv && k.status_subresource) {
                with_status.push(json!({"name": format!("{name}/status"), "singularName": "", "namespaced": r["namespaced"].clone(), "kind": r["kind"].clone(), "verbs": ["get", "patch", "update"]}));
            }
        }
        json!({"kind": "APIResourceList", "apiVersion": "v1", "groupVersion": gv, "resources": with_status})
    };
    match path {
        "/version" => Some(version_info()),
        "/api" => Some(
            json!({"kind": "APIVersions", "versions": ["v1"], "serverAddressByClientCIDRs": [{"clientCIDR": "0.0.0.0/0", "serverAddress": "127.0.0.1:6443"}]}),
        ),
        "/api/v1" => Some(resource_list("v1")),
        "/apis" => {
            let list: Vec<Value> = api_groups().iter().map(|(g, vs)| group_json(g, vs)).collect();
            Some(json!({"kind": "APIGroupList", "apiVersion": "v1", "groups": list}))
        }
        p => {
            if let Some(text) = aggregated_discovery(p) {
                return serde_json::from_str(&text).ok();
            }
            let gv = p.strip_prefix("/apis/")?;
            if gv.matches('/').count() == 1 && DISCOVERY.iter().any(|d| d.api_version == gv) {
                Some(resource_list(gv))
            } else if !gv.contains('/') {
                let (g, vs) = api_groups().into_iter().find(|(g, _)| *g == gv)?;
                let mut doc = group_json(g, &vs);
                doc["kind"] = json!("APIGroup");
                doc["apiVersion"] = json!("v1");
                Some(doc)
            } else {
                None
            }
        }
    }
}

/// A resource path taken apart.
struct Target {
    kind: &'static KindInfo,
    namespace: String,
    name: Option<String>,
    subresource: Option<String>,
}

fn parse_target(path: &str) -> Result<Target, Status> {
    let segs: Vec<&str> = path.trim_matches('/').split('/').collect();
    let (group, version, rest) = match segs.as_slice() {
        ["api", v, rest @ ..] => ("", *v, rest),
        ["apis", g, v, rest @ ..] => (*g, *v, rest),
        _ => return Err(not_found_path()),
    };
    let (namespace, rest) = match rest {
        ["namespaces", ns, plural, more @ ..] => (ns.to_string(), [&[*plural][..], more].concat()),
        other => (String::new(), other.to_vec()),
    };
    let Some(plural) = rest.first() else { return Err(not_found_path()) };
    let gv = if group.is_empty() { version.to_string() } else { format!("{group}/{version}") };
    let kind = match SERVED.iter().find(|k| k.plural == *plural && k.api_version() == gv) {
        Some(k) => k,
        None => {
            return Err(match DISCOVERY.iter().find(|d| d.plural == *plural && d.api_version == gv) {
                Some(d) => unserved(d),
                None => not_found_path(),
            })
        }
    };
    Ok(Target { kind, namespace, name: rest.get(1).map(|s| s.to_string()), subresource: rest.get(2).map(|s| s.to_string()) })
}

/// A request's target, whether it names the `status` subresource (any other is not found), and
/// its label and field selectors: what every verb reads first.
fn parse_request(req: &Request, path: &str) -> Result<(Target, bool, LabelSelector, FieldSelector), Status> {
    let t = parse_target(path)?;
    let status_sub = match t.subresource.as_deref() {
        None => false,
        Some("status") if t.kind.status_subresource => true,
        Some(other) => {
            let mut s = not_found_path();
            s.message = format!("the server could not find the requested resource ({other})");
            return Err(s);
        }
    };
    let labels = LabelSelector::parse(req.param("labelSelector").unwrap_or("")).map_err(Status::bad_request)?;
    let fields = FieldSelector::parse(req.param("fieldSelector").unwrap_or("")).map_err(Status::bad_request)?;
    Ok((t, status_sub, labels, fields))
}

impl ApiServer {
    /// Serves one request at virtual time `now`.
    pub fn handle(&mut self, now: i64, req: &Request) -> Response {
        if req.method == Some(Method::Get) {
            return self.read(now, req);
        }
        let path = req.path.split('?').next().unwrap_or("");
        match self.serve(now, req, path) {
            Ok(r) => r,
            Err(s) => Response::error(s),
        }
    }

    /// Serves a GET without changing anything (what Tab completion may ask through a shared
    /// reference); any other method is refused.
    pub fn read(&self, now: i64, req: &Request) -> Response {
        if req.method != Some(Method::Get) {
            return Response::error(Status::method_not_allowed("the server does not allow this method on the requested resource"));
        }
        let path = req.path.split('?').next().unwrap_or("");
        if let Some(doc) = discovery(path) {
            return Response::ok(doc);
        }
        if let Some(node) = path.strip_prefix("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/") {
            return match super::lease::node_lease(self, node, now) {
                Some(lease) => Response::ok(lease),
                None => Response::error(Status::not_found("leases", "coordination.k8s.io", node)),
            };
        }
        match self.serve_get(now, req, path) {
            Ok(r) => r,
            Err(s) => Response::error(s),
        }
    }

    fn serve_get(&self, now: i64, req: &Request, path: &str) -> Result<Response, Status> {
        let (t, _, labels, fields) = parse_request(req, path)?;
        let kind = t.kind;
        let ns_filter = (!t.namespace.is_empty()).then_some(t.namespace.as_str());
        // The table options are read once the objects are found, as kube-apiserver transforms
        // what it read: a missing object is a 404 whatever they say.
        let as_table = |objs: &[&Value]| {
            IncludeObject::parse(req.param("includeObject")).map(|include| table(kind, objs, now, self.resource_version(), include))
        };
        match &t.name {
            None if req.as_table => {
                let objects: Vec<&Value> = self.list_shared(kind, ns_filter, &labels, &fields)?.into_iter().map(|o| &**o).collect();
                Ok(Response::ok(as_table(&objects)?))
            }
            None => Ok(Response::ok(self.list(kind, ns_filter, &labels, &fields)?)),
            Some(name) => {
                let obj = self.get(kind, &t.namespace, name)?;
                Ok(Response::ok(if req.as_table { as_table(&[&obj])? } else { obj }))
            }
        }
    }

    fn serve(&mut self, now: i64, req: &Request, path: &str) -> Result<Response, Status> {
        let (t, status_sub, labels, fields) = parse_request(req, path)?;
        let kind = t.kind;
        // `?dryRun=All`, or for DELETE also `DeleteOptions.dryRun: ["All"]` in the body (client-go's form).
        let dry_run = req.param("dryRun") == Some("All")
            || req.body.as_ref().and_then(|b| b.get("dryRun")).and_then(Value::as_array).is_some_and(|a| a.iter().any(|v| v == "All"));
        let ns_filter = (!t.namespace.is_empty()).then_some(t.namespace.as_str());
        match (req.method, &t.name) {
            (Some(Method::Post), None) => {
                let body = req.body.clone().ok_or_else(|| Status::bad_request("the request body is empty"))?;
                let validation = match req.param("fieldValidation") {
                    Some("Ignore") => FieldValidation::Ignore,
                    Some("Warn") => FieldValidation::Warn,
                    _ => FieldValidation::Strict,
                };
                let w = self.create_with(now, kind, &t.namespace, body, dry_run, validation)?;
                Ok(Response { code: 201, body: w.object, warnings: w.warnings, raw: None })
            }
            (Some(Method::Put), Some(_)) => {
                let body = req.body.clone().ok_or_else(|| Status::bad_request("the request body is empty"))?;
                Ok(Response::ok(self.update(now, kind, &t.namespace, body, status_sub, dry_run)?))
            }
            (Some(Method::Patch), Some(name)) => {
                let body = req.body.clone().ok_or_else(|| Status::bad_request("the request body is empty"))?;
                let patch_type = match req.content_type.as_deref() {
                    Some("application/json-patch+json") => PatchType::Json,
                    Some("application/strategic-merge-patch+json") => PatchType::Strategic,
                    _ => PatchType::Merge,
                };
                Ok(Response::ok(self.patch(now, kind, &t.namespace, name, patch_type, &body, status_sub, dry_run)?))
            }
            (Some(Method::Delete), name) => {
                let propagation = match req.param("propagationPolicy").or(req
                    .body
                    .as_ref()
                    .and_then(|b| b.get("propagationPolicy"))
                    .and_then(Value::as_str))
                {
                    Some("Foreground") => Propagation::Foreground,
                    Some("Orphan") => Propagation::Orphan,
                    _ => Propagation::Background,
                };
                let grace = req.param("gracePeriodSeconds").and_then(|g| g.parse().ok()).or(req
                    .body
                    .as_ref()
                    .and_then(|b| b.get("gracePeriodSeconds"))
                    .and_then(Value::as_i64));
                let opts = DeleteOptions { dry_run, propagation, grace_period_seconds: grace };
                match name {
                    Some(name) => Ok(Response::ok(self.delete(now, kind, &t.namespace, name, &opts)?)),
                    None => {
                        let victims = self.list_objects(kind, ns_filter, &labels, &fields)?;
                        let mut deleted = Vec::new();
                        for v in victims {
                            let n = super::object::name(&v).to_string();
                            let ns = super::object::namespace(&v).to_string();
                            deleted.push(self.delete(now, kind, &ns, &n, &opts)?);
                        }
                        Ok(Response::ok(
                            json!({"apiVersion": kind.api_version(), "kind": format!("{}List", kind.kind), "metadata": {}, "items": deleted}),
                        ))
                    }
                }
            }
            _ => Err(Status::method_not_allowed("the server does not allow this method on the requested resource")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::LAB_EPOCH_UNIX;

    #[test]
    fn rest_paths_reach_the_verbs() {
        let mut s = ApiServer::empty(9);
        let ns = json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}});
        assert_eq!(s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Post, "/api/v1/namespaces").body(ns)).code, 201);
        let lq = json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "LocalQueue", "metadata": {"name": "lq"}, "spec": {"clusterQueue": "team-a"}});
        let r =
            s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Post, "/apis/kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues").body(lq));
        assert_eq!(r.code, 201, "{}", r.body);
        let r = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues").table());
        assert_eq!(r.body["kind"], "Table");
        assert_eq!(r.body["rows"][0]["cells"][1], "team-a");
        let r = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/batch/v1/namespaces/team-a/jobs/nope"));
        assert_eq!((r.code, r.body["message"].as_str()), (404, Some(r#"jobs.batch "nope" not found"#)));
        let r = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/kueue.x-k8s.io/v1beta1/resourceflavors"));
        assert_eq!(r.code, 404);
        let r = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/apps/v1/namespaces/kube-system/deployments"));
        assert_eq!(r.code, 405);
        // A dry-run delete (client-go puts dryRun in the DeleteOptions body) deletes nothing.
        let dry =
            Request::new(Method::Delete, "/apis/kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq").body(json!({"dryRun": ["All"]}));
        assert_eq!(s.handle(LAB_EPOCH_UNIX, &dry).code, 200);
        assert_eq!(
            s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq")).code,
            200
        );
        let r = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Delete, "/apis/kueue.x-k8s.io/v1beta2/namespaces/team-a/localqueues/lq"));
        assert_eq!(r.code, 200);
    }

    #[test]
    fn discovery_lists_every_resource() {
        let mut s = ApiServer::empty(9);
        let groups = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis")).body;
        assert!(groups["groups"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["name"] == "kueue.x-k8s.io" && g["preferredVersion"]["version"] == "v1beta2"));
        let kueue = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/kueue.x-k8s.io/v1beta2")).body;
        let names: Vec<&str> =
            kueue["resources"].as_array().unwrap().iter().filter_map(|r| r["name"].as_str()).filter(|n| !n.contains('/')).collect();
        assert_eq!(names.len(), 11);
        let core = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/api/v1")).body;
        assert!(core["resources"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r["name"] == "pods" && r["shortNames"] == json!(["po"]) && r["categories"] == json!(["all"])));
        assert_eq!(s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/version")).body["gitVersion"], "v1.32.4+k3s1");
    }

    #[test]
    fn discovery_lists_the_aggregated_visibility_api() {
        let mut s = ApiServer::empty(9);
        let groups = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis")).body;
        let last = groups["groups"].as_array().unwrap().last().unwrap().clone();
        assert_eq!(last["name"], "visibility.kueue.x-k8s.io");
        assert_eq!(last["versions"][1]["groupVersion"], "visibility.kueue.x-k8s.io/v1beta1");
        assert_eq!(last["preferredVersion"]["version"], "v1beta2");
        let group = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/visibility.kueue.x-k8s.io")).body;
        assert_eq!((group["kind"].as_str(), group["preferredVersion"]["version"].as_str()), (Some("APIGroup"), Some("v1beta2")));
        let list = s.handle(LAB_EPOCH_UNIX, &Request::new(Method::Get, "/apis/visibility.kueue.x-k8s.io/v1beta1")).body;
        let summary: Vec<(&str, bool, usize)> = list["resources"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| (r["name"].as_str().unwrap(), r["namespaced"].as_bool().unwrap(), r["verbs"].as_array().unwrap().len()))
            .collect();
        assert_eq!(
            summary,
            [
                ("clusterqueues", false, 0),
                ("clusterqueues/pendingworkloads", false, 1),
                ("localqueues", true, 0),
                ("localqueues/pendingworkloads", true, 1)
            ]
        );
        assert_eq!(aggregated_discovery("/apis/visibility.kueue.x-k8s.io/v1alpha1"), None);
        assert_eq!(aggregated_discovery("/apis/visibility.kueue.x-k8s.io/v1beta2/clusterqueues"), None);
        assert!(aggregated_discovery("/apis/visibility.kueue.x-k8s.io/v1beta2").is_some_and(|t| t.ends_with("]}\n")));
    }
}
