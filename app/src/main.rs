//! The browser front end. Thin by design: it renders sim-core's state and forwards what the
//! learner does; everything that decides behaviour lives in sim-core.

mod app;
mod bridge;
mod cluster_summary;
mod cluster_view;
mod editor;
mod i18n;
mod layout;
mod markdown;
mod panic;
mod speed;
mod steps_view;
mod storage;
mod terminal;

fn main() {
    panic::install();
    let root = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            yew::Renderer::<app::App>::with_root(root).render();
        }
        None => web_sys::console::error_1(&"kueue-lab: no #app element".into()),
    }
}
