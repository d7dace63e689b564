//! Bindings to the CodeMirror editor bundled from `www/editor.js` (window.KueueEditor).

use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    pub type EditorHandle;

    /// index.html's loader: runs the editor bundle after the first paint, then `loaded`.
    #[wasm_bindgen(catch, js_name = runEditorAfterPaint)]
    pub fn run_editor_after_paint(loaded: &js_sys::Function) -> Result<(), JsValue>;

    #[wasm_bindgen(js_namespace = KueueEditor, js_name = create)]
    pub fn create_editor(parent: &web_sys::Element, on_change: &js_sys::Function, on_save: &js_sys::Function) -> EditorHandle;

    #[wasm_bindgen(method, js_name = setDoc)]
    pub fn set_doc(this: &EditorHandle, text: &str, kind: &str);

    #[wasm_bindgen(method, js_name = getDoc)]
    pub fn get_doc(this: &EditorHandle) -> String;

    /// `diags`: an array of `{line, message, severity}` (later issues feed validation errors).
    #[wasm_bindgen(method, js_name = setDiagnostics)]
    pub fn set_diagnostics(this: &EditorHandle, diags: &JsValue);

    #[wasm_bindgen(method)]
    pub fn focus(this: &EditorHandle);

    /// The accessible name of the editing area (it changes with the language and the file).
    #[wasm_bindgen(method, js_name = setLabel)]
    pub fn set_label(this: &EditorHandle, label: &str);
}

/// The editor mode for a file: YAML highlighting for manifests and JSON, plain text otherwise.
pub fn kind_for(path: &str) -> &'static str {
    if path.ends_with(".yaml") || path.ends_with(".yml") || path.ends_with(".json") {
        "yaml"
    } else {
        "text"
    }
}

/// One inline diagnostic.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Diagnostic {
    pub line: u32,
    pub message: String,
    pub severity: &'static str,
}

pub fn diagnostics_to_js(diags: &[Diagnostic]) -> JsValue {
    let arr = js_sys::Array::new();
    for d in diags {
        let o = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&o, &"line".into(), &JsValue::from(d.line));
        let _ = js_sys::Reflect::set(&o, &"message".into(), &JsValue::from_str(&d.message));
        let _ = js_sys::Reflect::set(&o, &"severity".into(), &JsValue::from_str(d.severity));
        arr.push(&o);
    }
    arr.into()
}
