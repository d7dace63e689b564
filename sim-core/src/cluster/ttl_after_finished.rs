//! kube-controller-manager's TTL-after-finished controller (`pkg/controller/ttlafterfinished`):
//! a finished Job with `spec.ttlSecondsAfterFinished` is deleted that many seconds after it
//! finished (its Complete or Failed condition's `lastTransitionTime`), with foreground
//! propagation so that its pods go first.

use super::informer::Wake;
use super::Cluster;
use crate::api::object::{condition, get, get_str, parse_rfc3339};
use crate::api::server::{kind_info, DeleteOptions, Propagation};
use crate::json::Value;

/// When a finished Job's time is up (unix seconds), if it has a TTL and has finished.
fn expires_at(job: &Value) -> Option<i64> {
    let ttl = get(job, &["spec", "ttlSecondsAfterFinished"]).and_then(Value::as_i64)?;
    let finished = ["Complete", "Failed"]
        .into_iter()
        .filter_map(|t| condition(job, t))
        .find(|c| c.get("status").and_then(Value::as_str) == Some("True"))?;
    let at = finished.get("lastTransitionTime").and_then(Value::as_str).and_then(parse_rfc3339)?;
    Some(at + ttl)
}

/// Deletes the Job if its time is up (true), or asks to look again when it will be.
pub fn reconcile(c: &mut Cluster, job: &Value) -> bool {
    let Some(expires) = expires_at(job) else { return false };
    let ns = get_str(job, &["metadata", "namespace"]).unwrap_or("").to_string();
    let name = get_str(job, &["metadata", "name"]).unwrap_or("").to_string();
    let now = c.now_unix();
    if now < expires {
        let due_ms = u64::try_from(expires - c.clock.start_unix).unwrap_or(0) * 1000;
        let key = c.api.store().key("Job", &ns, &name);
        c.wake(due_ms, Wake::Job(key));
        return false;
    }
    let opts = DeleteOptions { propagation: Propagation::Foreground, ..Default::default() };
    c.api.delete(now, kind_info("Job"), &ns, &name, &opts).is_ok()
}
