//! A pod's resource requests and limits as `resourcehelper.PodRequestsAndLimits`
//! (k8s.io/component-helpers/resource) computes them — what kube-scheduler fits and what
//! `kubectl describe node` sums.

use crate::api::object::get;
use crate::api::quantity::Quantity;
use crate::json::Value;
use std::collections::BTreeMap;

/// Resource totals keyed by name; like `ResourceList.Add`, a sum keeps the format of its first term.
pub type Totals = BTreeMap<String, Quantity>;

pub fn add(totals: &mut Totals, name: &str, q: Quantity) {
    totals.entry(name.to_string()).and_modify(|t| t.nanos += q.nanos).or_insert(q);
}

pub fn quantities(m: Option<&Value>) -> Vec<(String, Quantity)> {
    m.and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(k, v)| Some((k.to_string(), Quantity::parse(v.as_str()?).ok().or_else(|| v.as_i64().map(Quantity::from_units))?)))
        .collect()
}

/// A pod's requests and limits as `resourcehelper.PodRequestsAndLimits` computes them: the sum
/// over containers, raised to any larger init container, plus overhead. A limit without a request
/// counts as the request, as API defaulting makes it.
pub fn pod_requests_and_limits(pod: &Value) -> (Totals, Totals) {
    spec_requests_and_limits(pod.get("spec").unwrap_or(&Value::Null))
}

/// The same, from a pod spec (a pod template's `spec`).
pub fn spec_requests_and_limits(spec: &Value) -> (Totals, Totals) {
    let per_container = |c: &Value| {
        let limits: Totals = crate::sort::map_from(quantities(get(c, &["resources", "limits"])));
        let mut requests = limits.clone();
        requests.extend(quantities(get(c, &["resources", "requests"])));
        (requests, limits)
    };
    let (mut requests, mut limits) = (Totals::new(), Totals::new());
    for c in get(spec, &["containers"]).and_then(Value::as_array).into_iter().flatten() {
        let (r, l) = per_container(c);
        r.into_iter().for_each(|(k, q)| add(&mut requests, &k, q));
        l.into_iter().for_each(|(k, q)| add(&mut limits, &k, q));
    }
    for c in get(spec, &["initContainers"]).and_then(Value::as_array).into_iter().flatten() {
        let (r, l) = per_container(c);
        for (totals, init) in [(&mut requests, r), (&mut limits, l)] {
            for (k, q) in init {
                if totals.get(&k).is_none_or(|t| t.nanos < q.nanos) {
                    totals.insert(k, q);
                }
            }
        }
    }
    for (k, q) in quantities(get(spec, &["overhead"])) {
        add(&mut requests, &k, q);
        add(&mut limits, &k, q);
    }
    (requests, limits)
}
