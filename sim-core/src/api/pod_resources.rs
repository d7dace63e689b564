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
    match totals.get_mut(name) {
        Some(t) => t.nanos += q.nanos,
        None => {
            totals.insert(name.to_string(), q);
        }
    }
}

/// A resource list's amount: a quantity's text, or a whole number; `None` for anything else.
fn quantity(v: &Value) -> Option<Quantity> {
    v.as_str().and_then(|s| Quantity::parse(s).ok()).or_else(|| v.as_i64().map(Quantity::from_units))
}

pub fn quantities(m: Option<&Value>) -> Vec<(String, Quantity)> {
    m.and_then(Value::as_object).into_iter().flatten().filter_map(|(k, v)| Some((k.to_string(), quantity(v)?))).collect()
}

/// A pod's requests and limits as `resourcehelper.PodRequestsAndLimits` computes them: the sum
/// over containers, raised to any larger init container, plus overhead. A limit without a request
/// counts as the request, as API defaulting makes it.
pub fn pod_requests_and_limits(pod: &Value) -> (Totals, Totals) {
    spec_requests_and_limits(pod.get("spec").unwrap_or(&Value::Null))
}

/// A container's amounts, each given once to `f(name, quantity, is_request)`: every limit, and
/// again as a request where the container requests none of that resource (as API defaulting
/// makes it), then every request. Amounts that do not parse are left out.
fn container_amounts(c: &Value, mut f: impl FnMut(&str, Quantity, bool)) {
    let resources = c.get("resources");
    let own_requests = resources.and_then(|r| r.get("requests")).and_then(Value::as_object);
    let requested = |k: &str| own_requests.and_then(|m| m.get(k)).and_then(quantity).is_some();
    for (k, v) in resources.and_then(|r| r.get("limits")).and_then(Value::as_object).into_iter().flatten() {
        let Some(q) = quantity(v) else { continue };
        f(k, q, false);
        if !requested(k) {
            f(k, q, true);
        }
    }
    for (k, v) in own_requests.into_iter().flatten() {
        if let Some(q) = quantity(v) {
            f(k, q, true);
        }
    }
}

/// The same, from a pod spec (a pod template's `spec`).
pub fn spec_requests_and_limits(spec: &Value) -> (Totals, Totals) {
    let (mut requests, mut limits) = (Totals::new(), Totals::new());
    // Containers are summed straight into the totals: a container gives each resource once to
    // each total, so every sum's first term (whose format it keeps) is the first container's.
    for c in get(spec, &["containers"]).and_then(Value::as_array).into_iter().flatten() {
        container_amounts(c, |k, q, is_request| add(if is_request { &mut requests } else { &mut limits }, k, q));
    }
    // An init container runs alone: the totals rise to any of its amounts that is larger.
    for c in get(spec, &["initContainers"]).and_then(Value::as_array).into_iter().flatten() {
        let (mut r, mut l) = (Totals::new(), Totals::new());
        container_amounts(c, |k, q, is_request| add(if is_request { &mut r } else { &mut l }, k, q));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    /// Each container's requests made a map first (limits, then requests over them) and the maps
    /// summed: the reading `spec_requests_and_limits` gives without the maps.
    fn by_container_maps(spec: &Value) -> Totals {
        let own = |c: &Value| {
            let mut own: Totals = crate::sort::map_from(quantities(get(c, &["resources", "limits"])));
            own.extend(quantities(get(c, &["resources", "requests"])));
            own
        };
        let mut requests = Totals::new();
        for c in get(spec, &["containers"]).and_then(Value::as_array).into_iter().flatten() {
            own(c).into_iter().for_each(|(k, q)| add(&mut requests, &k, q));
        }
        for c in get(spec, &["initContainers"]).and_then(Value::as_array).into_iter().flatten() {
            for (k, q) in own(c) {
                if requests.get(&k).is_none_or(|t| t.nanos < q.nanos) {
                    requests.insert(k, q);
                }
            }
        }
        requests
    }

    /// Limits standing in for requests, requests over limits, amounts that do not parse, whole
    /// numbers, and one resource written in two formats (the sum keeps the first container's);
    /// each pair as two containers, and as a container and an init container.
    #[test]
    fn containers_sum_as_their_own_maps_would() {
        let resources = [
            json!({}),
            json!({"limits": {"cpu": "2", "memory": "1Gi"}}),
            json!({"requests": {"cpu": "500m"}, "limits": {"cpu": "1", "nvidia.com/gpu": 1}}),
            json!({"requests": {"memory": "1000M", "cpu": "nonsense"}, "limits": {"cpu": "3"}}),
            json!({"requests": {"memory": "2Gi", "nvidia.com/gpu": "2"}}),
            json!({"requests": {"cpu": true}, "limits": {"cpu": "250m", "memory": "x"}}),
        ];
        for a in &resources {
            for b in &resources {
                let spec = json!({"containers": [{"name": "a", "resources": a}], "initContainers": [{"name": "b", "resources": b}]});
                let (requests, _) = spec_requests_and_limits(&spec);
                assert_eq!(requests, by_container_maps(&spec), "{spec}");
                let spec = json!({"containers": [{"name": "a", "resources": a}, {"name": "b", "resources": b}]});
                let (requests, _) = spec_requests_and_limits(&spec);
                let want = by_container_maps(&spec);
                let shown = |t: &Totals| t.iter().map(|(k, q)| format!("{k}={q}")).collect::<Vec<_>>();
                assert_eq!(shown(&requests), shown(&want), "{spec}");
                assert_eq!(requests, want, "{spec}");
            }
        }
    }
}
