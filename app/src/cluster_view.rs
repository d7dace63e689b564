//! The cluster pane: what the lab teaches, drawn from the simulated store — who holds each GPU,
//! how full each ClusterQueue's quota is, the LocalQueues, the Workloads (pending ones with
//! Kueue's reason and a plain-language reading of it), and the latest events. Read-only.

use crate::i18n::Lang;
use serde_json::Value;
use sim_core::api::duration::human_duration;
use sim_core::api::object::{condition, parse_rfc3339};
use sim_core::api::quantity::Quantity;
use sim_core::api::server::kind_info;
use sim_core::cluster::Cluster;
use yew::prelude::*;

/// How many of the newest events the feed shows.
const EVENTS_SHOWN: usize = 12;

fn list(c: &Cluster, kind: &str) -> Vec<Value> {
    c.api.list_objects(kind_info(kind), None, &Default::default(), &Default::default()).unwrap_or_default()
}

fn s<'a>(v: &'a Value, ptr: &str) -> &'a str {
    v.pointer(ptr).and_then(Value::as_str).unwrap_or("")
}

fn milli(v: &Value) -> i64 {
    let text = match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    Quantity::parse(&text).map(|q| q.milli_value()).unwrap_or(0)
}

/// Kueue's reason for a pending Workload, in plain words.
pub fn explain_reason(reason: &str, lang: Lang) -> &'static str {
    match reason {
        "WaitingForQuota" | "Pending" => lang.pick(
            "쿼터가 지금은 찼습니다. 앞의 작업이 끝나 쿼터가 풀리면 차례대로 들어갑니다.",
            "The quota is in use right now. It gets in, in order, once earlier work frees the quota.",
        ),
        "ExceedsMaxQuota" => lang.pick(
            "ClusterQueue 쿼터 전체보다 큰 요청입니다. 쿼터를 올리거나 요청을 줄이지 않으면 영원히 기다립니다.",
            "It asks for more than the ClusterQueue's whole quota. It waits forever unless the quota grows or the request shrinks.",
        ),
        "NoMatchingFlavor" => lang.pick(
            "요청한 자원이 ClusterQueue 의 어떤 플레이버에도 없습니다. coveredResources 를 확인하세요.",
            "No flavor of the ClusterQueue offers a resource it asks for. Check coveredResources.",
        ),
        "Suspended" | "Inadmissible" | "Misconfigured" => lang.pick(
            "큐가 작업을 받을 수 없는 상태입니다(없는 ClusterQueue·플레이버, 또는 멈춘 큐). 큐의 Active 조건을 보세요.",
            "Its queue cannot take work (a missing ClusterQueue or flavor, or a stopped queue). Look at the queue's Active condition.",
        ),
        _ => lang.pick("Kueue 가 아직 이 Workload 를 살펴보지 않았습니다.", "Kueue has not looked at this Workload yet."),
    }
}

pub fn view(c: &Cluster, lang: Lang) -> Html {
    html! {
        <div class="cluster-view" data-testid="cluster-view">
            { gpus(c, lang) }
            { cluster_queues(c, lang) }
            { local_queues(c, lang) }
            { workloads(c, lang) }
            { events(c, lang) }
        </div>
    }
}

fn gpus(c: &Cluster, lang: Lang) -> Html {
    let nodes = c.gpu_slots.iter().map(|(node, slots)| {
        let cells = slots.iter().enumerate().map(|(i, holder)| {
            let (class, who) = match holder {
                Some(pod) => ("slot used", pod.clone()),
                None => ("slot free", lang.pick("비어 있음", "free").to_string()),
            };
            html! { <li class={class} data-testid="gpu-slot" title={who.clone()}><b>{ format!("GPU {i}") }</b><span>{ who }</span></li> }
        });
        html! { <div class="node"><h4>{ node }</h4><ul class="slots">{ for cells }</ul></div> }
    });
    html! { <section><h3>{ lang.pick("노드의 GPU", "GPUs on the node") }</h3>{ for nodes }</section> }
}

fn cluster_queues(c: &Cluster, lang: Lang) -> Html {
    let cqs = list(c, "ClusterQueue");
    if cqs.is_empty() {
        return html! { <section><h3>{ "ClusterQueue" }</h3><p class="empty">{ lang.pick("아직 없습니다.", "None yet.") }</p></section> };
    }
    let items = cqs.iter().map(|cq| {
        let name = s(cq, "/metadata/name");
        let active = condition(cq, "Active");
        let (state, why) = match active {
            Some(a) if a["status"] == "True" => ("Active".to_string(), String::new()),
            Some(a) => (format!("Inactive ({})", s(a, "/reason")), s(a, "/message").to_string()),
            None => ("…".to_string(), String::new()),
        };
        let mut bars = Vec::new();
        for group in cq.pointer("/spec/resourceGroups").and_then(Value::as_array).into_iter().flatten() {
            for flavor in group["flavors"].as_array().into_iter().flatten() {
                let fname = s(flavor, "/name");
                for res in flavor["resources"].as_array().into_iter().flatten() {
                    let rname = s(res, "/name");
                    let nominal = milli(&res["nominalQuota"]);
                    let reserved = cq
                        .pointer("/status/flavorsReservation")
                        .and_then(Value::as_array)
                        .and_then(|fs| fs.iter().find(|f| f["name"] == fname))
                        .and_then(|f| f["resources"].as_array())
                        .and_then(|rs| rs.iter().find(|r| r["name"] == rname))
                        .map(|r| milli(&r["total"]))
                        .unwrap_or(0);
                    let pct = if nominal > 0 { (reserved * 100 / nominal).min(100) } else { 0 };
                    let shown = |m: i64| if m % 1000 == 0 { (m / 1000).to_string() } else { format!("{m}m") };
                    let (r_txt, n_txt) = if rname == "memory" {
                        (format!("{}Mi", reserved / 1000 / 1024 / 1024), format!("{}Mi", nominal / 1000 / 1024 / 1024))
                    } else {
                        (shown(reserved), shown(nominal))
                    };
                    bars.push(html! {
                        <div class="bar-row" data-testid="quota-bar" data-resource={rname.to_string()}>
                            <span class="res">{ format!("{fname} · {rname}") }</span>
                            <span class="bar"><span class={classes!("fill", (pct >= 100).then_some("full"))} style={format!("width:{pct}%")}></span></span>
                            <span class="num">{ format!("{r_txt} / {n_txt}") }</span>
                        </div>
                    });
                }
            }
        }
        let pending = cq.pointer("/status/pendingWorkloads").and_then(Value::as_i64).unwrap_or(0);
        let admitted = cq.pointer("/status/admittedWorkloads").and_then(Value::as_i64).unwrap_or(0);
        html! {
            <div class="cq" data-testid="cq" data-name={name.to_string()}>
                <h4>{ name }<small>{ format!(" {state}") }</small></h4>
                if !why.is_empty() { <p class="why">{ why }</p> }
                { for bars }
                <p class="counts">{ format!("{} {admitted} · {} {pending}", lang.pick("입장", "admitted"), lang.pick("대기", "pending")) }</p>
            </div>
        }
    });
    html! { <section><h3>{ lang.pick("ClusterQueue 쿼터 (예약 / 명목)", "ClusterQueue quota (reserved / nominal)") }</h3>{ for items }</section> }
}

fn local_queues(c: &Cluster, lang: Lang) -> Html {
    let lqs = list(c, "LocalQueue");
    if lqs.is_empty() {
        return html! {};
    }
    let rows = lqs.iter().map(|lq| {
        let active = condition(lq, "Active").is_some_and(|a| a["status"] == "True");
        html! {
            <tr>
                <td>{ format!("{}/{}", s(lq, "/metadata/namespace"), s(lq, "/metadata/name")) }</td>
                <td>{ s(lq, "/spec/clusterQueue") }</td>
                <td>{ if active { "Active" } else { "Inactive" } }</td>
                <td>{ lq.pointer("/status/pendingWorkloads").and_then(Value::as_i64).unwrap_or(0) }</td>
                <td>{ lq.pointer("/status/admittedWorkloads").and_then(Value::as_i64).unwrap_or(0) }</td>
            </tr>
        }
    });
    html! {
        <section><h3>{ "LocalQueue" }</h3>
            <table><thead><tr><th>{ lang.pick("이름", "name") }</th><th>{ "ClusterQueue" }</th><th></th><th>{ lang.pick("대기", "pending") }</th><th>{ lang.pick("입장", "admitted") }</th></tr></thead>
            <tbody>{ for rows }</tbody></table>
        </section>
    }
}

fn workloads(c: &Cluster, lang: Lang) -> Html {
    let wls = list(c, "Workload");
    if wls.is_empty() {
        return html! { <section><h3>{ "Workload" }</h3><p class="empty">{ lang.pick("아직 없습니다. 큐 라벨이 있는 Job 을 넣으면 Kueue 가 만듭니다.", "None yet. Kueue makes one for each Job with the queue label.") }</p></section> };
    }
    let items = wls.iter().map(|w| {
        let name = s(w, "/metadata/name");
        let owner = s(w, "/metadata/ownerReferences/0/name");
        let finished = condition(w, "Finished").is_some_and(|f| f["status"] == "True");
        let admitted = condition(w, "Admitted").is_some_and(|f| f["status"] == "True");
        let (state, class) = if finished {
            (lang.pick("끝남", "Finished"), "done")
        } else if admitted {
            (lang.pick("입장", "Admitted"), "admitted")
        } else {
            (lang.pick("대기", "Pending"), "pending")
        };
        let pending = (!finished && !admitted).then(|| condition(w, "QuotaReserved")).flatten();
        html! {
            <li class={classes!("wl", class)} data-testid="workload" data-name={name.to_string()} data-state={class}>
                <div><b>{ owner }</b>{ " " }<small>{ format!("{}/{name}", s(w, "/metadata/namespace")) }</small><span class="state">{ state }</span></div>
                if let Some(q) = pending {
                    <div class="reason" data-testid="workload-reason"><code>{ format!("{}: {}", s(q, "/reason"), s(q, "/message")) }</code></div>
                    <div class="plain">{ explain_reason(s(q, "/reason"), lang) }</div>
                }
            </li>
        }
    });
    html! { <section><h3>{ "Workload" }</h3><ul class="wls">{ for items }</ul></section> }
}

fn events(c: &Cluster, lang: Lang) -> Html {
    let now = c.now_unix();
    let mut evs = list(c, "Event");
    evs.sort_by_key(|e| std::cmp::Reverse(parse_rfc3339(s(e, "/lastTimestamp")).unwrap_or(0)));
    let rows = evs.iter().take(EVENTS_SHOWN).map(|e| {
        let age = parse_rfc3339(s(e, "/lastTimestamp")).map(|t| human_duration(now - t)).unwrap_or_default();
        let class = if e["type"] == "Warning" { "warn" } else { "" };
        html! {
            <tr class={class}>
                <td>{ age }</td>
                <td>{ s(e, "/reason") }</td>
                <td>{ format!("{}/{}", s(e, "/involvedObject/kind").to_lowercase(), s(e, "/involvedObject/name")) }</td>
                <td>{ s(e, "/message") }</td>
            </tr>
        }
    });
    html! {
        <section><h3>{ lang.pick("최근 이벤트", "Recent events") }</h3>
            <table class="events" data-testid="events"><tbody>{ for rows }</tbody></table>
        </section>
    }
}
