//! `kueue-lab serve` backed by `kueue-lab api`: a good request verifies every step (from the
//! learner's files, and by replaying the learner's writes on an empty cluster); every refusal —
//! bad token, foreign origin, oversized body, a write outside the lab's allow-list, an unreachable
//! cluster, too many requests — gets its status and message, and nothing is written.

use common::{request, spawn, Proc};
use sim_core::json::{json, Value};
use sim_core::lab::Lab;
use sim_core::session::lab_session;
use sim_core::transcript;
use std::path::{Path, PathBuf};

mod common;

const TOKEN: &str = "test-token-0123456789abcdef";
const ORIGIN: &str = "http://lab.example";

/// A test's scratch directory, removed when the test ends (pass or fail), so runs leave nothing
/// in the machine's temp dir.
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn tmp(tag: &str) -> TempDir {
    let d = std::env::temp_dir().join(format!("kueue-lab-serve-{}-{tag}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    TempDir(d)
}

/// `kueue-lab api` (fast virtual time) and `kueue-lab serve` in front of it.
fn start(dir: &Path, kubeconfig: Option<&Path>) -> (Proc, Proc) {
    let kc = dir.join("kubeconfig");
    let api = spawn(&["api", "--listen", "127.0.0.1:0", "--speed", "20", "--control", "--kubeconfig-out", kc.to_str().unwrap()]);
    let token = dir.join("token");
    std::fs::write(&token, format!("{TOKEN}\n")).unwrap();
    let kc_for_serve = kubeconfig.map(Path::to_path_buf).unwrap_or(kc);
    let serve = spawn(&[
        "serve",
        "--listen",
        "127.0.0.1:0",
        "--allow-origin",
        ORIGIN,
        "--token-file",
        token.to_str().unwrap(),
        "--kubeconfig",
        kc_for_serve.to_str().unwrap(),
        "--settle-seconds",
        "2",
        // The API runs at 20× wall time: the learner's pauses, replayed at the same rate.
        "--pace",
        "0.05",
    ]);
    (api, serve)
}

fn auth() -> String {
    format!("Bearer {TOKEN}")
}

fn control(api: &Proc, line: &str) -> Value {
    common::control(&api.addr, line, false)
}

/// The reference solution played in-process: the learner's files and writes, as the browser has them.
fn learner_work(lab: &Lab) -> (Value, Value) {
    let (mut sh, mut cluster) = lab_session(lab, 2026);
    transcript::run(&mut sh, &mut cluster, &lab.solution, 1000);
    let files: sim_core::json::Map = sh
        .state
        .fs
        .files_under(&lab.workdir)
        .into_iter()
        .map(|(p, c)| (p.strip_prefix(&format!("{}/", lab.workdir)).unwrap().to_string(), Value::String(c.to_string().into())))
        .collect();
    (Value::Object(files), sim_core::json::to_value(&cluster.learner_writes).unwrap())
}

fn events(body: &str) -> Vec<Value> {
    body.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn verify_json(body: &Value) -> Vec<u8> {
    serde_json::to_vec(body).unwrap()
}

#[test]
fn replaying_the_learners_writes_verifies_every_step() {
    let dir = tmp("replay");
    let (api, serve) = start(&dir, None);
    let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
    let (files, writes) = learner_work(&lab);
    let body = json!({"lab": "kueue-gpu-quota", "files": files, "writes": writes});
    let r = request(
        &serve.addr,
        "POST",
        "/verify",
        &[("Authorization", &auth()), ("Origin", ORIGIN), ("Content-Type", "application/json")],
        &verify_json(&body),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.headers.to_ascii_lowercase().contains("access-control-allow-origin: http://lab.example"), "{}", r.headers);
    let ev = events(&r.body);
    let steps: Vec<(&str, bool)> =
        ev.iter().filter(|e| e["type"] == "step").map(|e| (e["id"].as_str().unwrap(), e["pass"].as_bool().unwrap())).collect();
    assert_eq!(steps.len(), 8, "{}", r.body);
    assert!(steps.iter().all(|(_, p)| *p), "{}", r.body);
    assert_eq!(ev.last().unwrap(), &json!({"type": "done", "pass": true}));
    assert!(ev.iter().any(|e| e["type"] == "progress" && e["message"]["en"] == "job.batch/train-1 created"), "{}", r.body);
    // The writes really reached the cluster behind the bridge.
    assert_eq!(
        control(&api, "kubectl -n team-a get job train-1")["stderr"],
        "Error from server (NotFound): jobs.batch \"train-1\" not found\n"
    );
    assert_eq!(control(&api, "kubectl -n team-a get job train-3 -o jsonpath='{.spec.suspend}'")["stdout"], "false");
}

#[test]
fn verifying_files_against_the_cluster_as_it_is() {
    let dir = tmp("files");
    let (api, serve) = start(&dir, None);
    let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
    let (files, _) = learner_work(&lab);
    // Only the flavor made it to the cluster: step 1 passes, step 2 explains what is missing.
    control(&api, "printf 'apiVersion: kueue.x-k8s.io/v1beta2\\nkind: ResourceFlavor\\nmetadata:\\n  name: fake-gpu\\nspec:\\n  nodeLabels:\\n    nvidia.com/gpu.present: \"true\"\\n' | kubectl apply -f -");
    let body = json!({"lab": "kueue-gpu-quota", "files": files});
    let r = request(&serve.addr, "POST", "/verify", &[("Authorization", &auth()), ("Origin", ORIGIN)], &verify_json(&body));
    assert_eq!(r.status, 200, "{}", r.body);
    let ev = events(&r.body);
    let step = |id: &str| ev.iter().find(|e| e["type"] == "step" && e["id"] == id).cloned().unwrap();
    assert_eq!(step("flavor")["pass"], true);
    assert_eq!(step("cluster-queue")["pass"], false);
    assert_eq!(step("cluster-queue")["explanation"]["en"], "there is no ClusterQueue `team-a` in the cluster");
    assert_eq!(ev.last().unwrap()["pass"], false);
}

#[test]
fn refusals_have_their_status_and_write_nothing() {
    let dir = tmp("refusals");
    let (api, serve) = start(&dir, None);
    let ns = json!({"action": "apply", "object": {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}});
    let good = verify_json(&json!({"lab": "kueue-gpu-quota", "files": {}, "writes": [ns]}));
    let h_ok = [("Authorization", auth()), ("Origin", ORIGIN.to_string())];
    fn with(pairs: &[(&'static str, String)]) -> Vec<(&'static str, String)> {
        pairs.to_vec()
    }
    let send = |hs: Vec<(&str, String)>, body: &[u8]| {
        let refs: Vec<(&str, &str)> = hs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        request(&serve.addr, "POST", "/verify", &refs, body)
    };
    // Bad token.
    let r = send(with(&[("Authorization", "Bearer nope".into()), ("Origin", ORIGIN.into())]), &good);
    assert_eq!(r.status, 401);
    assert!(r.body.contains("the bearer token is missing or wrong"), "{}", r.body);
    let r = send(with(&[("Origin", ORIGIN.into())]), &good);
    assert_eq!(r.status, 401);
    // Foreign origin.
    let r = send(with(&[("Authorization", auth()), ("Origin", "http://evil.example".into())]), &good);
    assert_eq!(r.status, 403);
    assert!(r.body.contains("origin http://evil.example is not allowed"), "{}", r.body);
    assert!(!r.headers.to_ascii_lowercase().contains("access-control-allow-origin"));
    // Oversized body.
    let big = verify_json(&json!({"lab": "kueue-gpu-quota", "files": {"a.txt": "x".repeat(1_100_000)}}));
    let r = send(with(&h_ok), &big);
    assert_eq!(r.status, 413);
    assert!(r.body.contains("the request is too large (1 MiB at most)"), "{}", r.body);
    // A write outside the allow-list refuses the whole request: not even the namespace is made.
    let outside = verify_json(&json!({"lab": "kueue-gpu-quota", "writes": [
        {"action": "apply", "object": {"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}},
        {"action": "apply", "object": {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "miner", "namespace": "kube-system"}}}
    ]}));
    let r = send(with(&h_ok), &outside);
    assert_eq!(r.status, 403);
    assert!(
        r.body.contains("nothing was done: these writes are outside what the lab allows: Pod miner in namespace kube-system (v1)"),
        "{}",
        r.body
    );
    // Another lab, a malformed body.
    let r = send(with(&h_ok), &verify_json(&json!({"lab": "other"})));
    assert_eq!(r.status, 400);
    let r = send(with(&h_ok), b"{not json");
    assert_eq!(r.status, 400);
    // Nothing above reached the cluster.
    assert_eq!(control(&api, "kubectl get ns team-a")["stderr"], "Error from server (NotFound): namespaces \"team-a\" not found\n");
    // A preflight from the allowed origin is answered for it.
    let r = request(&serve.addr, "OPTIONS", "/verify", &[("Origin", ORIGIN), ("Access-Control-Request-Method", "POST")], b"");
    assert_eq!(r.status, 200);
    let h = r.headers.to_ascii_lowercase();
    assert!(h.contains("access-control-allow-origin: http://lab.example"), "{}", r.headers);
    assert!(h.contains("access-control-allow-headers: authorization,content-type"), "{}", r.headers);
    assert!(h.contains("access-control-allow-methods: get,post"), "{}", r.headers);
    // A preflight from a foreign origin is refused before it reaches the CORS layer.
    let r =
        request(&serve.addr, "OPTIONS", "/verify", &[("Origin", "http://evil.example"), ("Access-Control-Request-Method", "POST")], b"");
    assert_eq!(r.status, 403);
    assert!(!r.headers.to_ascii_lowercase().contains("access-control-allow-origin"), "{}", r.headers);
    // Too many requests from one address.
    let mut last = 0;
    for _ in 0..12 {
        last = send(with(&h_ok), &verify_json(&json!({"lab": "other"}))).status;
    }
    assert_eq!(last, 429);
    let r = send(with(&h_ok), &verify_json(&json!({"lab": "other"})));
    assert_eq!(r.status, 429);
    assert!(r.headers.to_ascii_lowercase().contains("retry-after: "), "{}", r.headers);
}

#[test]
fn an_unreachable_cluster_is_a_502() {
    let dir = tmp("unreachable");
    let kc = common::unreachable_kubeconfig(&dir);
    let (_api, serve) = start(&dir, Some(&kc));
    let body = verify_json(&json!({"lab": "kueue-gpu-quota", "files": {}}));
    let r = request(&serve.addr, "POST", "/verify", &[("Authorization", &auth()), ("Origin", ORIGIN)], &body);
    assert_eq!(r.status, 502);
    assert!(r.body.contains("the cluster cannot be reached"), "{}", r.body);
}
