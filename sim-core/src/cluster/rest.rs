//! The cluster's REST entry point: what a client of the whole cluster reaches — the API server
//! (`ApiServer::handle`), plus what kube-apiserver proxies to others: a pod's `log` subresource
//! (the kubelet's container log) and the aggregated visibility API (Kueue's). Pseudo-kubectl and
//! `kueue-lab api` (real kubectl) both go through here, so they get the same bytes.

use super::Cluster;
use crate::api::audit::LearnerWrite;
use crate::api::client::{Client, ReadClient};
use crate::api::rest::{Method, Request, Response};
use crate::api::server::kind_info;
use crate::api::status::Status;
use crate::json::Value;

impl Cluster {
    /// Serves one request at the cluster's current time.
    pub fn request(&mut self, req: &Request) -> Response {
        if let Some(r) = self.proxied(req) {
            return r;
        }
        let now = self.now_unix();
        self.api.handle(now, req)
    }

    /// A GET through a shared reference (Tab completion).
    pub fn read(&self, req: &Request) -> Response {
        if req.method == Some(Method::Get) {
            if let Some(r) = self.proxied(req) {
                return r;
            }
        }
        self.api.read(self.now_unix(), req)
    }

    /// The paths kube-apiserver does not answer from its store: `pods/NAME/log`, the visibility API.
    fn proxied(&self, req: &Request) -> Option<Response> {
        let path = req.path.split('?').next().unwrap_or("");
        if req.method != Some(Method::Get) {
            return None;
        }
        if super::kueue::visibility::is_visibility_path(path) {
            return Some(match super::kueue::visibility::serve(self, path, &req.query) {
                Ok(text) => Response::text(text),
                Err(s) => Response::error(s),
            });
        }
        let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
        let ["api", "v1", "namespaces", ns, "pods", name, "log"] = parts.as_slice() else { return None };
        Some(match self.pod_log(ns, name, &req.query) {
            Ok(text) => Response::text(text),
            Err(s) => Response::error(s),
        })
    }

    /// `GET /api/v1/namespaces/NS/pods/NAME/log`: the container's log as the kubelet keeps it,
    /// with kube-apiserver's and the kubelet's refusals (`container`, `previous`, `tailLines`).
    fn pod_log(&self, ns: &str, name: &str, query: &[(String, String)]) -> Result<String, Status> {
        let param = |k: &str| query.iter().find(|(key, _)| key == k).map(|(_, v)| v.as_str());
        let pod = self.api.get(kind_info("Pod"), ns, name)?;
        // The simulator's pods have one container.
        let container = pod.pointer("/spec/containers/0/name").and_then(Value::as_str).unwrap_or("");
        if let Some(wanted) = param("container").filter(|w| *w != container) {
            return Err(Status::bad_request(format!("container {wanted} is not valid for pod {name}")));
        }
        let waiting = |reason: &str| Status::bad_request(format!("container {container:?} in pod {name:?} is waiting to start: {reason}"));
        if let Some(reason) = pod.pointer("/status/containerStatuses/0/state/waiting/reason").and_then(Value::as_str) {
            return Err(waiting(reason));
        }
        if pod.pointer("/spec/nodeName").is_none() {
            return Err(waiting("ContainerCreating"));
        }
        if param("previous") == Some("true") {
            // The kubelet keeps no log of an earlier container.
            return Err(Status::bad_request(format!("previous terminated container {container:?} in pod {name:?} not found")));
        }
        let log = self.pods.get(&format!("{ns}/{name}")).map(|r| r.log.as_str()).unwrap_or("");
        Ok(match param("tailLines").and_then(|t| t.parse::<i64>().ok()).filter(|n| *n >= 0) {
            Some(n) => {
                let lines: Vec<&str> = log.lines().collect();
                let start = lines.len().saturating_sub(n as usize);
                lines[start..].iter().map(|l| format!("{l}\n")).collect()
            }
            None => log.to_string(),
        })
    }
}

impl Client for Cluster {
    fn request(&mut self, req: &Request) -> Response {
        Cluster::request(self, req)
    }
    fn record(&mut self, write: LearnerWrite) {
        self.record_learner_write(write);
    }
}

impl ReadClient for Cluster {
    fn read(&self, req: &Request) -> Response {
        Cluster::read(self, req)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    fn log(c: &mut Cluster, path: &str) -> Response {
        c.request(&Request::new(Method::Get, path))
    }

    #[test]
    fn the_log_subresource_serves_the_kubelets_log() {
        let mut c = Cluster::new(7);
        let pod = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p"},
            "spec": {"restartPolicy": "Never", "containers": [{"name": "c", "image": "busybox", "command": ["sh", "-c", "echo one; echo two; echo three"]}]}});
        let r = c.request(&Request::new(Method::Post, "/api/v1/namespaces/default/pods").body(pod));
        assert_eq!(r.code, 201, "{}", r.body);
        // Not scheduled yet: the kubelet has nothing to say.
        let r = log(&mut c, "/api/v1/namespaces/default/pods/p/log");
        assert_eq!((r.code, r.body["message"].as_str()), (400, Some(r#"container "c" in pod "p" is waiting to start: ContainerCreating"#)));
        c.settle();
        c.advance(60_000);
        let r = log(&mut c, "/api/v1/namespaces/default/pods/p/log");
        assert_eq!((r.code, r.raw.as_deref()), (200, Some("one\ntwo\nthree\n")));
        let r = c.request(&Request::new(Method::Get, "/api/v1/namespaces/default/pods/p/log").query("tailLines", "2"));
        assert_eq!(r.raw.as_deref(), Some("two\nthree\n"));
        let r = c.request(&Request::new(Method::Get, "/api/v1/namespaces/default/pods/p/log").query("tailLines", "0"));
        assert_eq!(r.raw.as_deref(), Some(""));
        let r = c.request(&Request::new(Method::Get, "/api/v1/namespaces/default/pods/p/log").query("container", "x"));
        assert_eq!((r.code, r.body["message"].as_str()), (400, Some("container x is not valid for pod p")));
        let r = c.request(&Request::new(Method::Get, "/api/v1/namespaces/default/pods/p/log").query("previous", "true"));
        assert_eq!(r.code, 400);
        // A running pod that printed nothing yet: an empty log, not an error.
        let quiet = json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "q"},
            "spec": {"containers": [{"name": "c", "image": "busybox", "command": ["sleep", "3600"]}]}});
        assert_eq!(c.request(&Request::new(Method::Post, "/api/v1/namespaces/default/pods").body(quiet)).code, 201);
        c.settle();
        c.advance(60_000);
        let r = log(&mut c, "/api/v1/namespaces/default/pods/q/log");
        assert_eq!((r.code, r.raw.as_deref()), (200, Some("")));
        // A missing pod is kube-apiserver's NotFound.
        let r = log(&mut c, "/api/v1/namespaces/default/pods/nope/log");
        assert_eq!(
            (r.code, r.body["reason"].as_str(), r.body["message"].as_str()),
            (404, Some("NotFound"), Some(r#"pods "nope" not found"#))
        );
        // Reads through a shared reference see the same.
        assert_eq!(c.read(&Request::new(Method::Get, "/api/v1/namespaces/default/pods/p/log")).raw.as_deref(), Some("one\ntwo\nthree\n"));
    }
}
