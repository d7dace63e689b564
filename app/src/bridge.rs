//! The "Verify on a real cluster" button's client: what the app sends to `kueue-lab serve` (the
//! learner's files and own writes, filtered to what the lab allows) and what it keeps of the
//! streamed answer. The HTTP streaming itself is `www/bridge.js` (`window.KueueBridge`).

use sim_core::cluster::Cluster;
use sim_core::json::Value;
use sim_core::lab::{Lab, Text};
use sim_core::vfs::Vfs;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = KueueBridge, js_name = verify, catch)]
    fn js_verify(url: &str, token: &str, body: &str, on_event: &js_sys::Function) -> Result<js_sys::Promise, JsValue>;
}

/// What the panel shows about the last verification.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run {
    pub running: bool,
    pub progress: Vec<Text>,
    /// step id → (pass, explanation)
    pub steps: BTreeMap<String, (bool, Option<Text>)>,
    pub error: Option<Text>,
    /// Set when the bridge finished: whether every step passed.
    pub done: Option<bool>,
    /// Writes not sent because the lab does not allow them on a real cluster.
    pub skipped: usize,
    /// The bridge refused the token: ask again next time.
    pub bad_token: bool,
}

fn text(v: &Value) -> Text {
    Text::new(v["ko"].as_str().unwrap_or(""), v["en"].as_str().unwrap_or(""))
}

impl Run {
    /// Takes one streamed event.
    pub fn take(&mut self, line: &str) {
        let Ok(v) = serde_json::from_str::<Value>(line) else { return };
        match v["type"].as_str() {
            Some("progress") => self.progress.push(text(&v["message"])),
            Some("step") => {
                let why = (!v["explanation"].is_null()).then(|| text(&v["explanation"]));
                self.steps.insert(v["id"].as_str().unwrap_or("").to_string(), (v["pass"].as_bool().unwrap_or(false), why));
            }
            Some("error") => self.error = Some(text(&v["message"])),
            Some("refused") => {
                self.error = Some(text(&v["error"]));
                self.bad_token = v["status"] == 401;
                self.done = Some(false);
                self.running = false;
            }
            Some("done") => {
                self.done = Some(v["pass"].as_bool().unwrap_or(false));
                self.running = false;
            }
            _ => {}
        }
    }
}

/// The request body: the workdir's files (relative paths) and the learner's allowed writes.
pub fn request_body(lab: &Lab, fs: &Vfs, cluster: &Cluster) -> (String, usize) {
    let prefix = format!("{}/", lab.workdir.trim_end_matches('/'));
    let files: sim_core::json::Map = fs
        .files_under(&lab.workdir)
        .into_iter()
        .filter_map(|(p, c)| p.strip_prefix(&prefix).map(|r| (r.to_string(), Value::String(c.to_string().into()))))
        .collect();
    let (writes, skipped): (Vec<_>, Vec<_>) = cluster.learner_writes.iter().partition(|w| lab.allows(&w.write));
    (serde_json::json!({"lab": lab.id, "files": files, "writes": writes}).to_string(), skipped.len())
}

/// Starts a verification; `on_event` gets each streamed line, `on_end` an error text if the
/// bridge could not be reached (or `None` when the stream ended).
pub fn start(url: &str, token: &str, body: &str, on_event: impl Fn(String) + 'static, on_end: impl FnOnce(Option<String>) + 'static) {
    let cb = Closure::<dyn Fn(String)>::new(on_event);
    let promise = js_verify(url, token, body, cb.as_ref().unchecked_ref());
    wasm_bindgen_futures::spawn_local(async move {
        let _keep = cb;
        let result = match promise {
            Ok(p) => wasm_bindgen_futures::JsFuture::from(p).await.map(|_| ()),
            Err(e) => Err(e),
        };
        on_end(result.err().map(|e| {
            e.as_string()
                .or_else(|| js_sys::Reflect::get(&e, &"message".into()).ok().and_then(|m| m.as_string()))
                .unwrap_or_else(|| format!("{e:?}"))
        }));
    });
}
