//! The cluster pane for a big cluster (the scale lab: hundreds of nodes, thousands of Jobs):
//! instead of a row per GPU and per Workload, the totals, a heat map of the nodes, the quota bars
//! of each ClusterQueue, a table per queue, and admissions and preemptions per virtual minute
//! (Kueue's `admitted_workloads_total` and `preempted_workloads_total`, as a dashboard plots
//! them). Everything is read without copying the objects, so drawing stays cheap at any size.

use crate::cluster_view::{cluster_queues, newest_events};
use crate::i18n::Lang;
use sim_core::api::server::kind_info;
use sim_core::cluster::kueue::metrics::Metrics;
use sim_core::cluster::Cluster;
use sim_core::json::Value;
use yew::prelude::*;

/// Above either size, the pane shows the summary.
const MANY_NODES: usize = 12;
const MANY_WORKLOADS: usize = 150;
/// Virtual minutes in the admissions chart.
const CHART_MINUTES: usize = 30;

/// Whether the cluster is too big to draw object by object.
pub fn is_big(c: &Cluster) -> bool {
    c.gpu_slots.len() > MANY_NODES || c.api.iter_kind(kind_info("Workload"), None).nth(MANY_WORKLOADS).is_some()
}

pub fn view(c: &Cluster, lang: Lang) -> Html {
    html! {
        <div class="cluster-view summary" data-testid="cluster-view" data-mode="summary">
            { totals(c, lang) }
            { heat_map(c, lang) }
            { queue_table(c, lang) }
            { rates(c, lang) }
            { cluster_queues(c, lang) }
            { newest_events(c, lang) }
        </div>
    }
}

fn count(c: &Cluster, kind: &str, pred: impl Fn(&Value) -> bool) -> usize {
    c.api.iter_kind(kind_info(kind), None).filter(|o| pred(o)).count()
}

fn totals(c: &Cluster, lang: Lang) -> Html {
    let gpus: usize = c.gpu_slots.values().map(Vec::len).sum();
    let used: usize = c.gpu_slots.values().flatten().filter(|s| s.is_some()).count();
    let jobs = count(c, "Job", |_| true);
    let running = count(c, "Pod", |p| p["status"]["phase"] == "Running");
    let item = |label: &'static str, value: String, id: &'static str| {
        html! { <li data-testid={id}><b>{ value }</b><span>{ label }</span></li> }
    };
    html! {
        <section>
            <h3>{ lang.pick("한눈에", "At a glance") }</h3>
            <ul class="totals">
                { item(lang.pick("노드", "nodes"), c.gpu_slots.len().to_string(), "total-nodes") }
                { item(lang.pick("GPU 사용 중", "GPUs in use"), format!("{used} / {gpus}"), "total-gpus") }
                { item(lang.pick("Job", "Jobs"), jobs.to_string(), "total-jobs") }
                { item(lang.pick("실행 중인 파드", "pods running"), running.to_string(), "total-running") }
            </ul>
        </section>
    }
}

/// One cell a node, darker the more of its GPUs are in use; its name and count on hover/focus.
fn heat_map(c: &Cluster, lang: Lang) -> Html {
    let cells = c.gpu_slots.iter().map(|(node, slots)| {
        let used = slots.iter().filter(|s| s.is_some()).count();
        let level = if slots.is_empty() { 0 } else { (used * 4).div_ceil(slots.len()) };
        let label = format!("{node}: GPU {used}/{}", slots.len());
        html! { <li class={format!("heat heat-{level}")} title={label.clone()} aria-label={label}></li> }
    });
    html! {
        <section>
            <h3>{ lang.pick("노드별 GPU 사용 (열지도)", "GPU use per node (heat map)") }</h3>
            <ul class="heat-map" data-testid="heat-map" tabindex="0" aria-label={lang.pick("노드마다 한 칸, 진할수록 GPU 를 많이 씀", "One cell per node, darker with more GPUs in use")}>
                { for cells }
            </ul>
            <p class="legend-line">
                <span class="heat heat-0" aria-hidden="true"></span>{ lang.pick(" 비어 있음 ", " idle ") }
                <span class="heat heat-2" aria-hidden="true"></span>{ lang.pick(" 절반 ", " half ") }
                <span class="heat heat-4" aria-hidden="true"></span>{ lang.pick(" 가득", " full") }
            </p>
        </section>
    }
}

fn number(v: &Value) -> String {
    v.as_i64().map_or_else(|| "0".into(), |n| n.to_string())
}

/// GPU reserved and borrowed by a ClusterQueue now (from its status).
fn gpu_figures(cq: &Value) -> (String, String) {
    let res =
        cq["status"]["flavorsReservation"].as_array().into_iter().flatten().flat_map(|f| f["resources"].as_array().into_iter().flatten());
    let (mut total, mut borrowed) = (0i64, 0i64);
    for r in res.filter(|r| r["name"] == "nvidia.com/gpu") {
        total += r["total"].as_str().and_then(|s| s.parse().ok()).or(r["total"].as_i64()).unwrap_or(0);
        borrowed += r["borrowed"].as_str().and_then(|s| s.parse().ok()).or(r["borrowed"].as_i64()).unwrap_or(0);
    }
    (total.to_string(), borrowed.to_string())
}

fn queue_table(c: &Cluster, lang: Lang) -> Html {
    let minute = c.now_ms() / 60_000;
    let m = &c.kueue.metrics;
    let rows = c.api.iter_kind(kind_info("ClusterQueue"), None).map(|cq| {
        let name = cq["metadata"]["name"].as_str().unwrap_or("");
        let (gpus, borrowed) = gpu_figures(cq);
        let last = m.admitted.get(name).map_or(0, |k| k.in_minute(minute) + k.in_minute(minute.saturating_sub(1)));
        let preempted: u32 = m.preempted.get(name).map_or(0, |k| (0..10).map(|i| k.in_minute(minute.saturating_sub(i))).sum());
        html! {
            <tr data-testid="queue-row" data-cq={name.to_string()}>
                <th scope="row">{ name }</th>
                <td>{ number(&cq["status"]["pendingWorkloads"]) }</td>
                <td>{ number(&cq["status"]["admittedWorkloads"]) }</td>
                <td>{ gpus }</td>
                <td>{ borrowed }</td>
                <td>{ last }</td>
                <td>{ preempted }</td>
            </tr>
        }
    });
    html! {
        <section>
            <h3>{ lang.pick("큐별 현황", "Per queue") }</h3>
            <div class="table-scroll" tabindex="0">
            <table class="queue-table" data-testid="queue-table">
                <thead><tr>
                    <th scope="col">{ "ClusterQueue" }</th>
                    <th scope="col">{ lang.pick("대기", "pending") }</th>
                    <th scope="col">{ lang.pick("승인", "admitted") }</th>
                    <th scope="col">{ "GPU" }</th>
                    <th scope="col">{ lang.pick("빌림", "borrowed") }</th>
                    <th scope="col" title={lang.pick("최근 2분(가상 시간)의 승인 수", "Admissions in the last 2 virtual minutes")}>{ lang.pick("승인/2분", "admits/2m") }</th>
                    <th scope="col" title={lang.pick("최근 10분(가상 시간)에 밀려난 수", "Preemptions in the last 10 virtual minutes")}>{ lang.pick("선점/10분", "preempts/10m") }</th>
                </tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
            </div>
        </section>
    }
}

/// Admissions (and preemptions) per virtual minute over the last half hour, as bars.
fn rates(c: &Cluster, lang: Lang) -> Html {
    let minute = c.now_ms() / 60_000;
    let admitted = Metrics::per_minute(&c.kueue.metrics.admitted, minute, CHART_MINUTES);
    let preempted = Metrics::per_minute(&c.kueue.metrics.preempted, minute, CHART_MINUTES);
    let top = admitted.iter().chain(&preempted).copied().max().unwrap_or(0).max(1);
    let (w, h) = (CHART_MINUTES as u32 * 10, 80u32);
    let bar = |i: usize, n: u32, class: &'static str, offset: u32| {
        let bh = n * h / top;
        html! { <rect class={class} x={(i as u32 * 10 + offset).to_string()} y={(h - bh).to_string()} width="4" height={bh.to_string()} /> }
    };
    let summary = format!(
        "{} {}, {} {}",
        lang.pick("이번 분 승인", "admitted this minute"),
        admitted.last().unwrap_or(&0),
        lang.pick("선점", "preempted"),
        preempted.last().unwrap_or(&0)
    );
    html! {
        <section>
            <h3>{ lang.pick("가상 시간 1분마다 승인(초록)과 선점(주황)", "Admissions (green) and preemptions (amber) per virtual minute") }</h3>
            <svg class="rates" data-testid="admission-rate" viewBox={format!("0 0 {w} {h}")} role="img"
                aria-label={format!("{} {CHART_MINUTES}{}: {summary}", lang.pick("최근", "Last"), lang.pick("분", " minutes"))}
                data-admitted={admitted.iter().map(u32::to_string).collect::<Vec<_>>().join(",")}>
                { for admitted.iter().enumerate().map(|(i, n)| bar(i, *n, "admitted", 0)) }
                { for preempted.iter().enumerate().map(|(i, n)| bar(i, *n, "preempted", 5)) }
            </svg>
            <p class="legend-line">{ format!("{} {}: {summary}", lang.pick("최대", "peak"), top) }</p>
        </section>
    }
}
