//! The browser page around the component: the URL's query and `#state=` link, performance marks, messages to the embedding page.

use crate::layout::Layout;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// The layout for the page's width now (inside an iframe, the iframe's width).
pub(super) fn layout() -> Layout {
    let width = web_sys::window().and_then(|w| w.inner_width().ok()).and_then(|v| v.as_f64()).unwrap_or(1280.0);
    Layout::for_width(width)
}

/// Focuses the element with this id, if there is one.
pub(super) fn focus(id: &str) {
    let el = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(id));
    if let Some(el) = el.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// Whether the element with this id has the focus.
pub(super) fn has_focus(id: &str) -> bool {
    let doc = web_sys::window().and_then(|w| w.document());
    doc.and_then(|d| d.active_element()).is_some_and(|e| e.id() == id)
}

/// The document's language follows the app's (screen readers pick their voice by it).
pub(super) fn set_document_lang(code: &str) {
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element());
    if let Some(root) = root.filter(|r| r.get_attribute("lang").as_deref() != Some(code)) {
        let _ = root.set_attribute("lang", code);
    }
}

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

/// Writes `text` to the clipboard (`navigator.clipboard.writeText`); `done` hears whether it did.
pub(super) fn copy_to_clipboard(text: &str, done: yew::Callback<bool>) {
    let promise = web_sys::window().and_then(|w| {
        let clipboard = js_sys::Reflect::get(&w.navigator(), &"clipboard".into()).ok().filter(|c| c.is_object())?;
        let write = js_sys::Reflect::get(&clipboard, &"writeText".into()).ok()?.dyn_into::<js_sys::Function>().ok()?;
        write.call1(&clipboard, &JsValue::from_str(text)).ok()?.dyn_into::<js_sys::Promise>().ok()
    });
    let Some(promise) = promise else {
        done.emit(false);
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        done.emit(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok());
    });
}

/// Milliseconds from the page's start, with sub-millisecond precision (for frame budgets).
pub(super) fn perf_now() -> f64 {
    web_sys::window().and_then(|w| w.performance()).map_or_else(js_sys::Date::now, |p| p.now())
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
