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

/// The engine's lab-scale benchmark in this build (wasm, in the browser): the mean ms of one
/// Job's `kubectl apply` + settle over `runs` fresh clusters, the same work as the native bench's
/// "lab scale" line. Called by `cargo xtask bench-startup` (tests/e2e/startup-bench.mjs); the
/// page itself never calls it.
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench_lab_apply(runs: u32) -> f64 {
    let perf = web_sys::window().and_then(|w| w.performance());
    sim_core::bench::lab_apply_ms(runs, || perf.as_ref().map_or_else(js_sys::Date::now, |p| p.now()))
}

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
