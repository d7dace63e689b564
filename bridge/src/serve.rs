//! `kueue-lab serve`: the HTTP endpoint behind the browser's "Verify on a real cluster" button.
//!
//! `POST /verify` with `{lab, files, writes?}`: the learner's answer files (relative to the lab's
//! workdir) and, in replay mode, the learner's own writes from the simulator in the order made
//! (`LearnerWrite`s). It answers with a stream of JSON lines — progress, one line per step, done.
//! Everything that reaches the cluster passes, in order: the origin allow-list (CORS, with
//! tower-http's layer answering preflights), the rate limit per address (governor), the bearer
//! token (constant-time compare, subtle), the size limit, the lab's allow-list of
//! kinds and namespaces (checked for the whole request before anything is written), and a
//! server-side dry run of each write right before the write itself.

use crate::verify::Unreachable;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::Response;
use axum::Router;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use kube::api::{Api, DeleteParams, DynamicObject, Patch, PatchParams, PostParams};
use kube::Client;
use serde::Deserialize;
use sim_core::api::registry::{KindInfo, SERVED};
use sim_core::cluster::audit::{LearnerWrite, TimedWrite};
use sim_core::json::{json, Value};
use sim_core::lab::progress::judge;
use sim_core::lab::{Lab, Text};
use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use subtle::ConstantTimeEq;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// The largest request body accepted.
pub const MAX_BODY: usize = 1 << 20;
/// Requests allowed per client address per minute (a burst of this many, then one every
/// 60/N seconds).
pub const RATE_PER_MINUTE: u32 = 10;
/// Client addresses remembered by the rate limiter before idle ones are forgotten.
const RATE_KEYS_KEPT: usize = 4_096;

pub struct Options {
    pub listen: SocketAddr,
    pub allow_origins: Vec<String>,
    pub token: String,
    pub lab: Lab,
    pub kubeconfig: Option<PathBuf>,
    /// How long to let the cluster's controllers work after a replay, before judging.
    pub settle: Duration,
    /// Wall seconds per second the learner waited between two writes (1: as the learner did).
    pub pace: f64,
    /// The longest pause kept between two writes (a learner reading the text for minutes
    /// should not make the replay wait as long).
    pub max_gap: Duration,
}

struct Shared {
    opts: Options,
    limiter: DefaultKeyedRateLimiter<IpAddr>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyRequest {
    lab: String,
    #[serde(default)]
    files: BTreeMap<String, String>,
    #[serde(default)]
    writes: Vec<TimedWrite>,
}

pub fn run(opts: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(opts.listen).await.map_err(|e| format!("{}: {e}", opts.listen))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        eprintln!("kueue-lab serve: lab {} for {} on http://{addr}", opts.lab.id, opts.allow_origins.join(", "));
        println!("listening on http://{addr}");
        let per_minute = NonZeroU32::new(RATE_PER_MINUTE).unwrap_or(NonZeroU32::MIN);
        let origins: Vec<HeaderValue> = opts.allow_origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
        // Preflights and the Access-Control-* headers of allowed origins; a foreign origin is
        // refused outright in `handle`, before the layer would quietly answer without headers.
        let cors = CorsLayer::new()
            .allow_origin(AllowOrigin::list(origins))
            .allow_methods([Method::GET, Method::POST])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
            .max_age(Duration::from_secs(600));
        let shared = Arc::new(Shared { opts, limiter: RateLimiter::keyed(Quota::per_minute(per_minute)) });
        let app = Router::new()
            .fallback(handle)
            .with_state(shared.clone())
            .layer(cors)
            .layer(axum::middleware::from_fn_with_state(shared, refuse_foreign_origin));
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.map_err(|e| e.to_string())
    })
}

/// Byte strings compared in constant time, so timing does not reveal how much matched.
fn same_secret(a: &[u8], b: &[u8]) -> bool {
    a.ct_eq(b).into()
}

fn refuse(code: u16, ko: &str, en: &str) -> Response {
    let body = json!({"error": {"ko": ko, "en": en}});
    let mut r = Response::new(Body::from(body.to_string()));
    *r.status_mut() = StatusCode::from_u16(code).unwrap_or(StatusCode::BAD_REQUEST);
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r
}

/// A browser always says where it comes from; only listed origins get an answer at all (a
/// request without an Origin, from curl or a test, passes on to the token check).
async fn refuse_foreign_origin(
    State(shared): State<Arc<Shared>>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let origin = request.headers().get(header::ORIGIN).and_then(|v| v.to_str().ok());
    match origin {
        Some(o) if !shared.opts.allow_origins.iter().any(|a| a == o) => {
            refuse(403, &format!("허용되지 않은 출처입니다: {o}"), &format!("origin {o} is not allowed (--allow-origin)"))
        }
        _ => next.run(request).await,
    }
}

async fn handle(
    State(shared): State<Arc<Shared>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let opts = &shared.opts;
    if let Err(not_until) = shared.limiter.check_key(&peer.ip()) {
        let wait = not_until.wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
        let mut r = refuse(429, "요청이 너무 잦습니다. 잠시 뒤에 다시 해 보세요", "too many requests; try again shortly");
        let secs = wait.as_secs().max(1).to_string();
        if let Ok(v) = HeaderValue::from_str(&secs) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        return r;
    }
    // Idle addresses are forgotten, so the limiter's memory stays bounded.
    if shared.limiter.len() > RATE_KEYS_KEPT {
        shared.limiter.retain_recent();
    }
    let token = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer ")).unwrap_or("");
    if !same_secret(token.as_bytes(), opts.token.as_bytes()) {
        return refuse(401, "토큰이 맞지 않습니다", "the bearer token is missing or wrong");
    }
    match (method, uri.path()) {
        (Method::GET, "/health") => {
            let mut r = Response::new(Body::from(json!({"lab": opts.lab.id.clone()}).to_string()));
            r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            r
        }
        (Method::POST, "/verify") => verify(shared.clone(), body).await,
        _ => refuse(404, "없는 경로입니다", "no such endpoint (POST /verify, GET /health)"),
    }
}

fn served(api_version: &str, kind: &str) -> Option<&'static KindInfo> {
    SERVED.iter().find(|k| k.api_version() == api_version && k.kind == kind)
}

/// Every write must name a kind the lab allows and stay in its namespaces.
fn outside_allow_list<'a>(lab: &Lab, writes: impl IntoIterator<Item = &'a LearnerWrite>) -> Vec<String> {
    writes
        .into_iter()
        .filter(|w| !lab.allows(w))
        .map(|w| {
            let (api_version, kind, ns, name) = w.target();
            let at = if ns.is_empty() { String::new() } else { format!(" in namespace {ns}") };
            format!("{kind} {name}{at} ({api_version})")
        })
        .collect()
}

fn line(v: Value) -> Result<Bytes, std::io::Error> {
    let mut s = v.to_string();
    s.push('\n');
    Ok(Bytes::from(s))
}

fn text(t: &Text) -> Value {
    json!({"ko": t.ko.clone(), "en": t.en.clone()})
}

async fn verify(shared: Arc<Shared>, body: Bytes) -> Response {
    let opts = &shared.opts;
    if body.len() > MAX_BODY {
        return refuse(413, "요청이 너무 큽니다 (1 MiB 까지)", "the request is too large (1 MiB at most)");
    }
    let req: VerifyRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => return refuse(400, &format!("요청을 읽을 수 없습니다: {e}"), &format!("the request cannot be read: {e}")),
    };
    if req.lab != opts.lab.id {
        return refuse(
            400,
            &format!("이 브리지는 {} 실습만 확인합니다 (요청: {})", opts.lab.id, req.lab),
            &format!("this bridge verifies lab {} only (asked: {})", opts.lab.id, req.lab),
        );
    }
    if req.files.keys().any(|f| f.contains("..") || f.starts_with('/')) {
        return refuse(400, "파일 이름은 작업 폴더 안의 상대 경로여야 합니다", "file names must be relative paths inside the workdir");
    }
    let bad = outside_allow_list(&opts.lab, req.writes.iter().map(|w| &w.write));
    if !bad.is_empty() {
        return refuse(
            403,
            &format!("이 실습이 허용하지 않는 쓰기가 있어 아무것도 하지 않았습니다: {}", bad.join(", ")),
            &format!("nothing was done: these writes are outside what the lab allows: {}", bad.join(", ")),
        );
    }
    let client = match crate::verify::client(opts.kubeconfig.as_deref()).await {
        Ok(c) => c,
        Err(Unreachable(e)) => {
            return refuse(502, &format!("클러스터에 연결할 수 없습니다: {e}"), &format!("the cluster cannot be reached: {e}"))
        }
    };
    if let Err(e) = client.apiserver_version().await {
        return refuse(502, &format!("클러스터에 연결할 수 없습니다: {e}"), &format!("the cluster cannot be reached: {e}"));
    }
    let shared2 = shared.clone();
    let (tx, rx) = tokio::sync::mpsc::channel::<Value>(16);
    tokio::spawn(async move {
        let opts = &shared2.opts;
        let ok = replay(&client, &req.writes, opts, &tx).await;
        if ok && !req.writes.is_empty() {
            let secs = opts.settle.as_secs();
            let _ = tx.send(json!({"type": "progress", "message": {"ko": format!("클러스터가 따라잡도록 {secs}초 기다립니다"), "en": format!("letting the cluster catch up for {secs}s")}})).await;
            tokio::time::sleep(opts.settle).await;
        }
        if !ok {
            let _ = tx.send(json!({"type": "done", "pass": false})).await;
            return;
        }
        let _ = tx.send(json!({"type": "progress", "message": {"ko": "단계를 확인합니다", "en": "checking the steps"}})).await;
        let files: BTreeMap<String, String> = req.files.iter().map(|(k, v)| (opts.lab.file_path(k), v.clone())).collect();
        match crate::verify::gather(&client, &opts.lab).await {
            Ok(mut snap) => {
                snap.files = files;
                let steps = judge(&opts.lab, &snap);
                for s in &steps {
                    let why = s.checks.iter().find_map(|c| c.explanation.as_ref()).map(text);
                    let _ = tx.send(json!({"type": "step", "id": &s.id, "pass": s.pass, "explanation": why})).await;
                }
                let _ = tx.send(json!({"type": "done", "pass": steps.iter().all(|s| s.pass)})).await;
            }
            Err(Unreachable(e)) => {
                let _ = tx.send(json!({"type": "error", "message": {"ko": format!("클러스터를 읽을 수 없습니다: {e}"), "en": format!("cannot read the cluster: {e}")}})).await;
                let _ = tx.send(json!({"type": "done", "pass": false})).await;
            }
        }
    });
    let stream = futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|v| (line(v), rx)) });
    let mut r = Response::new(Body::from_stream(stream));
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/x-ndjson"));
    r
}

fn api_for(client: &Client, k: &KindInfo, namespace: &str) -> Api<DynamicObject> {
    let ar = crate::verify::api_resource(k);
    if k.namespaced {
        Api::namespaced_with(client.clone(), namespace, &ar)
    } else {
        Api::all_with(client.clone(), &ar)
    }
}

fn is_conflict(e: &kube::Error) -> bool {
    matches!(e, kube::Error::Api(s) if s.code == 409)
}

/// One write, after a server-side dry run of the same write.
async fn write_once(client: &Client, w: &LearnerWrite, dry: bool) -> Result<String, kube::Error> {
    let (api_version, kind, ns, name) = w.target();
    let k = served(&api_version, &kind).expect("checked against the allow-list");
    let api = api_for(client, k, &ns);
    let pp = PostParams { dry_run: dry, ..Default::default() };
    let patch_params = PatchParams { dry_run: dry, ..Default::default() };
    match w {
        LearnerWrite::Apply { object } => {
            let obj: DynamicObject = sim_core::json::from_value(object.clone()).map_err(kube::Error::SerdeError)?;
            match api.create(&pp, &obj).await {
                Ok(_) => Ok(format!("{}/{name} created", k.qualified_singular())),
                Err(e) if is_conflict(&e) => {
                    api.patch(&name, &patch_params, &Patch::Merge(object)).await?;
                    Ok(format!("{}/{name} configured", k.qualified_singular()))
                }
                Err(e) => Err(e),
            }
        }
        LearnerWrite::Patch { patch_type, patch, .. } => {
            let p = match patch_type.as_str() {
                "json" => {
                    Patch::Json::<Value>(sim_core::json::from_value::<json_patch::Patch>(patch.clone()).map_err(kube::Error::SerdeError)?)
                }
                "strategic" => Patch::Strategic(patch.clone()),
                _ => Patch::Merge(patch.clone()),
            };
            api.patch(&name, &patch_params, &p).await?;
            Ok(format!("{}/{name} patched", k.qualified_singular()))
        }
        LearnerWrite::Delete { .. } => {
            let dp = DeleteParams { dry_run: dry, ..Default::default() };
            api.delete(&name, &dp).await?;
            Ok(format!("{}/{name} deleted", k.qualified_singular()))
        }
    }
}

/// Replays the learner's writes in order; stops at the first refusal (reported on the stream).
/// How long to wait before a write: the learner's own pause since the previous one, scaled by
/// `pace` and capped at `max_gap` (what a learner waited for — a pod to start, a Workload to be
/// admitted — needs that time on the real cluster too).
fn pause_before(prev_at_ms: Option<u64>, at_ms: u64, pace: f64, max_gap: Duration) -> Duration {
    let Some(prev) = prev_at_ms else { return Duration::ZERO };
    let gap = Duration::from_millis(at_ms.saturating_sub(prev)).min(max_gap);
    gap.mul_f64(pace.max(0.0))
}

async fn replay(client: &Client, writes: &[TimedWrite], opts: &Options, tx: &tokio::sync::mpsc::Sender<Value>) -> bool {
    let mut prev_at = None;
    for TimedWrite { at_ms, write: w } in writes {
        let pause = pause_before(prev_at, *at_ms, opts.pace, opts.max_gap);
        prev_at = Some(*at_ms);
        if pause >= Duration::from_secs(1) {
            let secs = format!("{:.0}", pause.as_secs_f64());
            let _ = tx
                .send(json!({"type": "progress", "message": {
                    "ko": format!("학습자가 기다린 만큼 {secs}초 기다립니다"),
                    "en": format!("waiting {secs}s, as the learner did"),
                }}))
                .await;
        }
        tokio::time::sleep(pause).await;
        if let Err(e) = write_once(client, w, true).await {
            let (_, kind, ns, name) = w.target();
            let _ = tx
                .send(json!({"type": "error", "message": {
                    "ko": format!("{kind} {name} {ns}: 서버 dry-run 이 거절해 쓰지 않았습니다: {e}"),
                    "en": format!("{kind} {name} {ns}: the server's dry run refused it, so it was not written: {e}"),
                }}))
                .await;
            return false;
        }
        match write_once(client, w, false).await {
            Ok(done) => {
                let _ = tx.send(json!({"type": "progress", "message": {"ko": done.clone(), "en": done}})).await;
            }
            Err(e) => {
                let _ = tx
                    .send(json!({"type": "error", "message": {"ko": format!("쓰기 실패: {e}"), "en": format!("write failed: {e}")}}))
                    .await;
                return false;
            }
        }
    }
    true
}

/// Reads the token file (first line, trimmed); an empty token is refused.
pub fn read_token(path: &std::path::Path) -> Result<String, String> {
    let t = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let t = t.lines().next().unwrap_or("").trim().to_string();
    if t.len() < 16 {
        return Err(format!("{}: the token must be at least 16 characters", path.display()));
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_compare_whole() {
        assert!(same_secret(b"abcdefgh", b"abcdefgh"));
        assert!(!same_secret(b"abcdefgh", b"abcdefgX"));
        assert!(!same_secret(b"abc", b"abcd"));
    }

    #[test]
    fn the_allow_list_names_what_it_refuses() {
        let lab = Lab::bundled("kueue-gpu-quota").unwrap().unwrap();
        let w = |obj: Value| LearnerWrite::Apply { object: obj };
        let ok = [
            w(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}})),
            w(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "namespace": "team-a"}})),
            w(json!({"apiVersion": "kueue.x-k8s.io/v1beta2", "kind": "ClusterQueue", "metadata": {"name": "team-a"}})),
        ];
        assert!(outside_allow_list(&lab, &ok).is_empty());
        assert_eq!(pause_before(None, 5_000, 1.0, Duration::from_secs(10)), Duration::ZERO);
        assert_eq!(pause_before(Some(1_000), 6_000, 1.0, Duration::from_secs(10)), Duration::from_secs(5));
        assert_eq!(pause_before(Some(0), 600_000, 1.0, Duration::from_secs(10)), Duration::from_secs(10));
        assert_eq!(pause_before(Some(0), 4_000, 0.5, Duration::from_secs(10)), Duration::from_secs(2));
        let bad = [
            w(json!({"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "kube-system"}})),
            w(json!({"apiVersion": "batch/v1", "kind": "Job", "metadata": {"name": "j", "namespace": "kube-system"}})),
            w(json!({"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p", "namespace": "team-a"}})),
            w(json!({"apiVersion": "rbac.authorization.k8s.io/v1", "kind": "ClusterRole", "metadata": {"name": "x"}})),
        ];
        assert_eq!(
            outside_allow_list(&lab, &bad),
            [
                "Namespace kube-system (v1)",
                "Job j in namespace kube-system (batch/v1)",
                "Pod p in namespace team-a (v1)",
                "ClusterRole x (rbac.authorization.k8s.io/v1)"
            ]
        );
    }
}
