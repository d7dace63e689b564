//! `kueue-lab api`: the simulated cluster served as a Kubernetes API over HTTP, so the real
//! `kubectl` (and kube-rs) can talk to it. A thin shell: every request goes to sim-core's REST
//! entry point (`ApiServer::handle`), which already speaks kube-apiserver's shapes; this module
//! adds HTTP (status codes, `Warning` headers, content negotiation for Tables), watch streams,
//! the pods' `log` subresource, the kubeconfig, and virtual time following wall time.
//!
//! With `--control` (tests only) it also serves `POST /kueue-lab/v1/run`: a shell line run by
//! pseudo-kubectl on the same cluster — on the live state, or on a copy (`?isolated=true`) so a
//! write can be compared with what real kubectl gets from the very same state.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::Router;
use sim_core::api::rest::{self, Request as RestRequest};
use sim_core::api::server::WatchType;
use sim_core::api::status::Status;
use sim_core::api::table;
use sim_core::cluster::kueue::visibility;
use sim_core::json::{json, Value};
use sim_core::lab::Lab;
use sim_core::session::{shell_with, Session};
use std::net::SocketAddr;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Requests bigger than this are refused (kube-apiserver's limit is 3 MiB for most bodies).
const MAX_BODY: usize = 3 << 20;

pub struct Options {
    pub listen: SocketAddr,
    pub kubeconfig_out: Option<std::path::PathBuf>,
    pub lab: Lab,
    /// Virtual seconds per wall second (0 = time stands still unless a client sleeps).
    pub speed: f64,
    pub control: bool,
    pub seed: u64,
    /// Unix seconds at which virtual time starts (the lab's epoch, or the wall clock's now).
    pub start_unix: i64,
    /// Milliseconds past `start_unix` (with `--start now`, so virtual time equals wall time to
    /// the millisecond and kubectl's own age computations agree).
    pub start_offset_ms: u64,
}

/// The learner's session as this server holds it, with virtual time following wall time.
struct Sim {
    /// The control endpoint's shell and the served cluster: the same `Session` the browser and
    /// `kueue-lab sim` drive.
    session: Session,
    /// Wall time already turned into virtual time.
    synced: Instant,
    speed: f64,
    /// Fractions of a virtual millisecond not yet applied.
    carry: f64,
}

impl Sim {
    /// Lets virtual time catch up with wall time at the chosen speed.
    fn catch_up(&mut self) {
        let now = Instant::now();
        let wall_ms = now.duration_since(self.synced).as_secs_f64() * 1000.0;
        self.synced = now;
        let v = wall_ms * self.speed + self.carry;
        let whole = v.floor();
        self.carry = v - whole;
        self.session.owe(whole as u64);
        self.session.catch_up(&mut || false);
    }
}

type Job = Box<dyn FnOnce(&mut Sim) + Send>;

/// The session lives on a thread of its own (its shell's command table is not `Send`, so it
/// cannot sit in the server's shared state); a request hands it a closure and waits for the
/// answer. One thread, one owner: requests are served one at a time, as under a lock.
#[derive(Clone)]
struct SimHandle {
    jobs: mpsc::Sender<Job>,
}

impl SimHandle {
    /// Starts the session's thread; `make` builds the session there.
    fn spawn(make: impl FnOnce() -> Sim + Send + 'static) -> Self {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::spawn(move || {
            let mut sim = make();
            for job in queue {
                job(&mut sim);
            }
        });
        SimHandle { jobs }
    }

    /// Runs `f` on the session (virtual time caught up first) and returns its answer.
    fn with<R: Send + 'static>(&self, f: impl FnOnce(&mut Sim) -> R + Send + 'static) -> R {
        let (answer, reply) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |sim| {
            sim.catch_up();
            let _ = answer.send(f(sim));
        });
        self.jobs.send(job).expect("the simulator's thread ended");
        reply.recv().expect("the simulator's thread ended")
    }
}

#[derive(Clone)]
struct AppState {
    sim: SimHandle,
    control: bool,
}

/// A kubeconfig for the served cluster (the lab's context name, no credentials: loopback only).
pub fn kubeconfig(server: &str) -> String {
    format!(
        "apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: {server}\n  name: kueue-lab\ncontexts:\n- context:\n    cluster: kueue-lab\n    user: kueue-lab\n  name: kueue-lab\ncurrent-context: kueue-lab\nusers:\n- name: kueue-lab\n  user: {{}}\n"
    )
}

pub fn run(opts: Options) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().map_err(|e| e.to_string())?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(opts.listen).await.map_err(|e| format!("{}: {e}", opts.listen))?;
        let addr = listener.local_addr().map_err(|e| e.to_string())?;
        let server = format!("http://{addr}");
        if let Some(path) = &opts.kubeconfig_out {
            std::fs::write(path, kubeconfig(&server)).map_err(|e| format!("{}: {e}", path.display()))?;
        }
        let (lab, seed, start_unix, offset, speed) = (opts.lab.clone(), opts.seed, opts.start_unix, opts.start_offset_ms, opts.speed);
        let sim = SimHandle::spawn(move || {
            let mut session = Session::starting_at(lab, seed, start_unix);
            session.cluster.advance(offset);
            Sim { session, synced: Instant::now(), speed, carry: 0.0 }
        });
        let state = AppState { sim, control: opts.control };
        let app = Router::new().fallback(handle).with_state(state);
        eprintln!("kueue-lab api: serving lab {} on {server}", opts.lab.id);
        // Tests wait for this line on stdout.
        println!("listening on {server}");
        axum::serve(listener, app).await.map_err(|e| e.to_string())
    })
}

fn json_response(code: u16, body: &Value, warnings: &[String]) -> Response {
    let mut r = Response::new(Body::from(serde_json::to_vec(body).unwrap_or_default()));
    *r.status_mut() = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    for w in warnings {
        // kube-apiserver's form: `299 - "<text>"`.
        if let Ok(v) = HeaderValue::from_str(&format!("299 - {w:?}")) {
            r.headers_mut().append(header::WARNING, v);
        }
    }
    r
}

fn simple_status(code: u16, reason: &'static str, message: &str) -> Status {
    let mut s = Status::bad_request(message);
    s.code = code;
    s.reason = reason;
    s
}

fn status_response(s: Status) -> Response {
    json_response(s.code, &s.to_json(), &[])
}

fn query_pairs(uri: &Uri) -> Vec<(String, String)> {
    form_urlencoded::parse(uri.query().unwrap_or("").as_bytes()).into_owned().collect()
}

async fn handle(
    axum::extract::State(st): axum::extract::State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if body.len() > MAX_BODY {
        return status_response(simple_status(413, "RequestEntityTooLarge", "the request is too large"));
    }
    let path = uri.path().to_string();
    let query = query_pairs(&uri);
    let param = |k: &str| query.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
    if path == "/kueue-lab/v1/run" && st.control && method == Method::POST {
        return control_run(&st, &body, param("isolated").as_deref() == Some("true"));
    }
    if path == "/kueue-lab/v1/files" && st.control && method == Method::GET {
        // The control shell's files under a directory: path → content.
        let dir = param("dir").unwrap_or_else(|| "/root".into());
        let files: sim_core::json::Map = st.sim.with(move |sim| {
            let fs = &sim.session.shell.state.fs;
            fs.files_under(&dir).into_iter().map(|(p, c)| (p.to_string(), Value::String(c.to_string().into()))).collect()
        });
        return json_response(200, &Value::Object(files), &[]);
    }
    if path.starts_with("/openapi/") {
        return match rest::openapi_v3(&path) {
            Some(doc) => json_response(200, &doc, &[]),
            None => status_response(rest::not_found_path()),
        };
    }
    let accept = headers.get(header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or("");
    let as_table = accept.contains("as=Table");
    if method == Method::GET && matches!(param("watch").as_deref(), Some("true" | "1")) {
        return watch(st, &path, &query, as_table);
    }
    if method == Method::GET && path.ends_with("/log") {
        return pod_log(&st, &path, &query);
    }
    if method == Method::GET && visibility::is_visibility_path(&path) {
        // The visibility API: its body is written by sim-core, byte for byte what
        // pseudo-kubectl's `get --raw` prints.
        let req = RestRequest { method: Some(rest::Method::Get), path: path.clone(), query, ..Default::default() };
        let r = st.sim.with(move |sim| sim.session.cluster.request(&req));
        return match r.raw {
            Some(text) if r.is_success() => {
                let mut resp = Response::new(Body::from(text));
                resp.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
                resp
            }
            _ => json_response(r.code, &r.body, &r.warnings),
        };
    }
    let content_type =
        headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(|s| s.split(';').next().unwrap_or("").trim().to_string());
    // kubectl's typed generators (`create namespace`, `create job`) send protobuf.
    let protobuf = content_type.as_deref() == Some("application/vnd.kubernetes.protobuf");
    if content_type.as_deref() == Some("application/apply-patch+yaml") {
        return status_response(simple_status(
            415,
            "UnsupportedMediaType",
            "server-side apply is not supported by the simulator (시뮬레이터는 server-side apply 를 지원하지 않습니다)",
        ));
    }
    let body_json = if body.is_empty() {
        None
    } else if protobuf {
        match crate::protobuf::decode(&body) {
            Ok(v) => Some(v),
            Err(e) => return status_response(simple_status(415, "UnsupportedMediaType", &e)),
        }
    } else {
        match serde_json::from_slice::<Value>(&body) {
            Ok(v) => Some(v),
            Err(e) => return status_response(Status::bad_request(format!("the body of the request was in an unknown format: {e}"))),
        }
    };
    let rest_method = match method {
        Method::GET | Method::HEAD => rest::Method::Get,
        Method::POST => rest::Method::Post,
        Method::PUT => rest::Method::Put,
        Method::PATCH => rest::Method::Patch,
        Method::DELETE => rest::Method::Delete,
        _ => return status_response(Status::method_not_allowed("the server does not allow this method on the requested resource")),
    };
    let content_type = if protobuf { Some("application/json".to_string()) } else { content_type };
    let req = RestRequest { method: Some(rest_method), path: path.clone(), query, body: body_json, content_type, as_table };
    let r = st.sim.with(move |sim| {
        let cluster = &mut sim.session.cluster;
        let r = cluster.request(&req);
        if rest_method != rest::Method::Get {
            // Controllers react to the write before the next request, as they would within
            // milliseconds on a real cluster.
            cluster.settle();
        }
        r
    });
    json_response(r.code, &r.body, &r.warnings)
}

/// `POST /kueue-lab/v1/run` (only with `--control`): a shell line through pseudo-kubectl.
fn control_run(st: &AppState, body: &Bytes, isolated: bool) -> Response {
    let line = String::from_utf8_lossy(body).to_string();
    let (output, status) = st.sim.with(move |sim| {
        if isolated {
            // A copy of the shell and the cluster: the live session stays as it was.
            let mut shell = shell_with(sim.session.shell.state.clone());
            let mut cluster = sim.session.cluster.clone();
            let r = shell.run(&mut cluster, &line);
            (r.output, r.status)
        } else {
            let turn = sim.session.run(&line);
            // Nobody polls a command left running here (`get -w`): it is stopped at once.
            sim.session.interrupt();
            (turn.output, turn.status)
        }
    });
    let body = json!({
        "stdout": output.stream(1),
        "stderr": output.stream(2),
        "status": status,
    });
    json_response(200, &body, &[])
}

/// `GET /api/v1/namespaces/NS/pods/NAME/log`: what the container printed, as sim-core's
/// `Cluster::request` serves it to pseudo-kubectl too.
fn pod_log(st: &AppState, path: &str, query: &[(String, String)]) -> Response {
    let req = RestRequest { method: Some(rest::Method::Get), path: path.to_string(), query: query.to_vec(), ..Default::default() };
    let r = st.sim.with(move |sim| sim.session.cluster.request(&req));
    match r.raw {
        Some(text) if r.is_success() => {
            let mut resp = Response::new(Body::from(text));
            resp.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("text/plain"));
            resp
        }
        _ => json_response(r.code, &r.body, &r.warnings),
    }
}

/// A watch: every change after `resourceVersion` to objects the path names, one JSON event per
/// line, as virtual time passes, until `timeoutSeconds` or the client hangs up.
fn watch(st: AppState, path: &str, query: &[(String, String)], as_table: bool) -> Response {
    let Some((kind, namespace, name)) = rest::path_target(path) else {
        return status_response(rest::not_found_path());
    };
    let param = |k: &str| query.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
    let labels = match sim_core::api::selector::LabelSelector::parse(&param("labelSelector").unwrap_or_default()) {
        Ok(l) => l,
        Err(e) => return status_response(Status::bad_request(e)),
    };
    // Read before the stream starts, as kube-apiserver's watch handler does: a bad value is a 400.
    let include = match as_table.then(|| table::IncludeObject::parse(param("includeObject").as_deref())) {
        Some(Err(s)) => return status_response(s),
        Some(Ok(include)) => include,
        None => table::IncludeObject::Metadata,
    };
    let field_name = param("fieldSelector").and_then(|f| f.strip_prefix("metadata.name=").map(str::to_string)).or(name);
    let start_rv = match param("resourceVersion").and_then(|v| v.parse::<u64>().ok()).filter(|v| *v > 0) {
        Some(rv) => rv,
        None => st.sim.with(|sim| sim.session.cluster.api.resource_version()),
    };
    let deadline = param("timeoutSeconds").and_then(|t| t.parse::<u64>().ok()).map(|t| Instant::now() + Duration::from_secs(t));
    // Only the watch's first Table carries the column definitions (kube-apiserver's watch
    // handler drops them after the first event).
    let first_table = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let stream = futures_util::stream::unfold((start_rv, false), move |(mut rv, done)| {
        let st = st.clone();
        let namespace = namespace.clone();
        let field_name = field_name.clone();
        let labels = labels.clone();
        let first_table = first_table.clone();
        async move {
            if done {
                return None;
            }
            loop {
                if deadline.is_some_and(|d| Instant::now() >= d) {
                    return None;
                }
                let (namespace, field_name, labels) = (namespace.clone(), field_name.clone(), labels.clone());
                let first_table = first_table.clone();
                let step = st.sim.with(move |sim| -> Result<(Vec<u8>, u64), Vec<u8>> {
                    let cluster = &sim.session.cluster;
                    let now = cluster.now_unix();
                    let mut out = Vec::new();
                    let events = match cluster.api.watch_from(rv) {
                        Ok(events) => events,
                        Err(status) => {
                            // Too far behind the log: the client lists again (kube-apiserver's 410).
                            let mut line = serde_json::to_vec(&json!({"type": "ERROR", "object": status.to_json()})).unwrap_or_default();
                            line.push(b'\n');
                            return Err(line);
                        }
                    };
                    let last = events.last().map(|e| e.resource_version).unwrap_or(rv);
                    for e in events.iter().filter(|e| e.key.kind == kind.kind) {
                        let obj: &Value = &e.object;
                        let ns = obj.pointer("/metadata/namespace").and_then(Value::as_str).unwrap_or("");
                        let n = obj.pointer("/metadata/name").and_then(Value::as_str).unwrap_or("");
                        if !namespace.is_empty() && ns != namespace {
                            continue;
                        }
                        if field_name.as_deref().is_some_and(|f| f != n) {
                            continue;
                        }
                        if !labels.matches(&sim_core::api::object::labels(obj)) {
                            continue;
                        }
                        let ty = match e.event {
                            WatchType::Added => "ADDED",
                            WatchType::Modified => "MODIFIED",
                            WatchType::Deleted => "DELETED",
                        };
                        let object = if as_table {
                            let mut t = table::table(kind, &[obj], now, e.resource_version, include);
                            if !first_table.swap(false, std::sync::atomic::Ordering::Relaxed) {
                                t["columnDefinitions"] = Value::Null;
                            }
                            t
                        } else {
                            Value::clone(obj)
                        };
                        let mut line = serde_json::to_vec(&json!({"type": ty, "object": object})).unwrap_or_default();
                        line.push(b'\n');
                        out.extend(line);
                    }
                    Ok((out, last))
                });
                let (chunk, next) = match step {
                    Ok(step) => step,
                    Err(line) => return Some((Ok(Bytes::from(line)), (rv, true))),
                };
                if !chunk.is_empty() {
                    return Some((Ok::<_, std::io::Error>(Bytes::from(chunk)), (next, false)));
                }
                rv = next;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    });
    let mut r = Response::new(Body::from_stream(stream));
    r.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    r.into_response()
}
