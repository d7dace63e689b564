//! The lab checks' look-up of Events about an object goes through the store's index; it must
//! find what a look at every Event finds.

use sim_core::api::server::{kind_info, DeleteOptions};
use sim_core::json::Value;
use sim_core::lab::view::{ClusterView, SimView, Snapshot};

/// The store's index of Events finds what a look at every Event finds, in the same order,
/// after a whole lab made them and after one Event's subject changed and another was deleted.
#[test]
fn events_about_an_object_from_the_index_are_those_a_scan_finds() {
    let lab = sim_core::lab::Lab::bundled("priority-preemption").unwrap().unwrap();
    let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
    sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
    let events: Vec<Value> = SimView { api: &c.api, fs: &sh.state.fs }.list("Event", "").into_iter().cloned().collect();
    assert!(events.len() > 20, "{} events", events.len());
    let mut moved = events[0].clone();
    moved["involvedObject"]["name"] = "somewhere-else".into();
    let ns = moved["metadata"]["namespace"].as_str().unwrap().to_string();
    c.api.update(c.now_unix(), kind_info("Event"), &ns, moved, false, false).unwrap();
    let gone = &events[1]["metadata"];
    let opts = DeleteOptions::default();
    c.api.delete(c.now_unix(), kind_info("Event"), gone["namespace"].as_str().unwrap(), gone["name"].as_str().unwrap(), &opts).unwrap();

    let view = SimView { api: &c.api, fs: &sh.state.fs };
    let all: Vec<Value> = view.list("Event", "").into_iter().cloned().collect();
    let scan = Snapshot { objects: [("Event".to_string(), all.clone())].into(), files: Default::default() };
    let mut asked = 0;
    for e in events.iter().chain(&all) {
        let ns = e["metadata"]["namespace"].as_str().unwrap();
        let (kind, name) = (e["involvedObject"]["kind"].as_str().unwrap(), e["involvedObject"]["name"].as_str().unwrap());
        for prefix in [name, &name[..name.len() / 2], ""] {
            assert_eq!(view.events_about(ns, kind, prefix), scan.events_about(ns, kind, prefix), "{ns} {kind} {prefix:?}");
            asked += 1;
        }
    }
    assert!(asked > 60);
    assert_eq!(view.events_about(&ns, events[0]["involvedObject"]["kind"].as_str().unwrap(), "somewhere-else").len(), 1);
}

/// A list of Events with `kubectl describe`'s field selector (answered from the index) holds
/// what filtering every Event in the namespace holds, in the same order — for every object an
/// Event is about, and for selectors the index cannot answer alone (a prefix of a name, `!=`).
#[test]
fn a_list_of_events_about_an_object_from_the_index_is_the_list_a_scan_gives() {
    use sim_core::api::selector::{FieldSelector, LabelSelector};
    let lab = sim_core::lab::Lab::bundled("priority-preemption").unwrap().unwrap();
    let (mut sh, mut c) = sim_core::session::lab_session(&lab, 2026);
    sim_core::transcript::run(&mut sh, &mut c, &lab.solution, 1000);
    let info = kind_info("Event");
    let everything = LabelSelector::default();
    let events: Vec<Value> = c.api.list_objects(info, None, &everything, &FieldSelector::default()).unwrap();
    let mut asked = 0;
    for e in &events {
        let io = &e["involvedObject"];
        let s = |f: &str| io[f].as_str().unwrap_or("").to_string();
        let ns = e["metadata"]["namespace"].as_str().unwrap();
        let name = s("name");
        for selector in [
            format!(
                "involvedObject.kind={},involvedObject.name={name},involvedObject.namespace={},involvedObject.uid={}",
                s("kind"),
                s("namespace"),
                s("uid")
            ),
            format!("involvedObject.kind={},involvedObject.name={}", s("kind"), &name[..name.len() / 2]),
            format!("involvedObject.kind={},involvedObject.name={name},reason!={}", s("kind"), e["reason"].as_str().unwrap_or("")),
        ] {
            let fields = FieldSelector::parse(&selector).unwrap();
            let listed = c.api.list_objects(info, Some(ns), &everything, &fields).unwrap();
            let scanned: Vec<&Value> = c
                .api
                .iter_kind(info, Some(ns))
                .map(|v| &**v)
                .filter(|v| fields.terms.iter().all(|(p, want, eq)| (field(v, p) == *want) == *eq))
                .collect();
            assert_eq!(listed.iter().collect::<Vec<_>>(), scanned, "{ns} {selector}");
            asked += 1;
        }
    }
    assert!(asked > 60, "{asked}");
}

/// A field of an Event by a field selector's path (`involvedObject.name`, `reason`).
fn field(e: &Value, path: &str) -> String {
    let pointer = format!("/{}", path.replace('.', "/"));
    e.pointer(&pointer).and_then(Value::as_str).unwrap_or("").to_string()
}
