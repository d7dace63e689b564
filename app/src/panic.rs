//! A Rust panic must never leave a dead page: the hook shows a banner with the message and a
//! reload button, built with plain DOM calls (the Yew app cannot be trusted after a panic).

use wasm_bindgen::JsCast;

pub fn install() {
    // Yew installs its own console hook when it renders; its custom-hook API replaces that one.
    yew::set_custom_panic_hook(Box::new(|info| {
        let message = info.to_string();
        web_sys::console::error_1(&message.clone().into());
        show_banner(&message);
    }));
}

fn show_banner(message: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(body) = document.body() else { return };
    let Ok(banner) = document.create_element("div") else { return };
    banner.set_class_name("banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-testid", "panic-banner");
    if let Ok(text) = document.create_element("pre") {
        text.set_text_content(Some(&format!(
            "앱에 오류가 났습니다. 작업한 파일은 저장되어 있습니다. / The app hit an error. Your files are saved.\n{message}"
        )));
        let _ = banner.append_child(&text);
    }
    if let Ok(button) = document.create_element("button") {
        button.set_text_content(Some("다시 불러오기 / Reload"));
        if let Ok(b) = button.clone().dyn_into::<web_sys::HtmlElement>() {
            let reload = wasm_bindgen::closure::Closure::<dyn FnMut()>::new(|| {
                if let Some(w) = web_sys::window() {
                    let _ = w.location().reload();
                }
            });
            b.set_onclick(Some(reload.as_ref().unchecked_ref()));
            reload.forget();
        }
        let _ = banner.append_child(&button);
    }
    let _ = body.prepend_with_node_1(&banner);
}
