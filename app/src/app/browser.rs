//! The browser page around the component: the URL's query and `#state=` link, performance marks, messages to the embedding page.

use wasm_bindgen::prelude::*;

pub(super) fn query(name: &str) -> Option<String> {
    let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
    web_sys::UrlSearchParams::new_with_str(&search).ok().and_then(|p| p.get(name))
}

pub(super) fn query_flag(name: &str) -> bool {
    query(name).is_some_and(|v| v == "1" || v == "true")
}

/// A snapshot carried in the URL (`#state=…`), if any.
pub(super) fn url_state() -> Option<String> {
    let hash = web_sys::window()?.location().hash().ok()?;
    hash.strip_prefix("#state=").map(str::to_string)
}

pub(super) fn clear_url_state() {
    if let Some(w) = web_sys::window() {
        let path = w.location().pathname().unwrap_or_default() + &w.location().search().unwrap_or_default();
        let _ = w.history().and_then(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&path)));
    }
}

/// A performance mark, for `tests/e2e/startup-bench.mjs` and the browser's profiler.
pub(super) fn mark(name: &str) {
    if let Some(perf) = web_sys::window().and_then(|w| w.performance()) {
        let _ = perf.mark(name);
    }
}

/// Posts `{type, ...fields}` to the embedding page (to the page itself when not embedded, where
/// it is harmless and lets tests listen).
pub(super) fn post_to_parent(kind: &str, fields: &[(&str, &str)]) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    let msg = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&msg, &"type".into(), &kind.into());
    for (k, v) in fields {
        let _ = js_sys::Reflect::set(&msg, &(*k).into(), &(*v).into());
    }
    let _ = parent.post_message(&msg, "*");
}
