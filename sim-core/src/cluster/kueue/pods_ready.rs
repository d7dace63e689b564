//! waitForPodsReady (`apis/config/v1beta2` defaults, `workload_controller.go`
//! `reconcileNotReadyTimeout` / `triggerDeactivation`, `pkg/workload` `UpdateRequeueState`): an
//! admitted workload whose pods are not all ready within the timeout (or, after a pod failed,
//! within the recovery timeout) is evicted `PodsReadyTimeout` and waits out an exponential
//! backoff (`status.requeueState`) before it is queued again; past `backoffLimitCount`
//! requeues it is deactivated instead.

use serde::{Deserialize, Serialize};

/// Kueue's `waitForPodsReady` configuration; every field absent takes upstream's default.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WaitForPodsReady {
    /// A Go duration (default `30m`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout: Option<String>,
    /// A Go duration (default: the timeout).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery_timeout: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requeuing_strategy: Option<RequeuingStrategy>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RequeuingStrategy {
    /// Default 60.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_base_seconds: Option<i32>,
    /// Default 3600.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_max_seconds: Option<i32>,
    /// Absent: requeued without end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backoff_limit_count: Option<i32>,
}

/// A Go duration (`time.ParseDuration`: `90s`, `1h30m`, `1.5m`, `500ms`) in milliseconds; None
/// when it does not parse or is not positive (then the default applies, as a zero does upstream).
fn duration_ms(text: Option<&str>) -> Option<u64> {
    let mut rest = text?;
    let mut total = 0f64;
    while !rest.is_empty() {
        let num_len = rest.find(|ch: char| !(ch.is_ascii_digit() || ch == '.')).unwrap_or(rest.len());
        let value: f64 = rest[..num_len].parse().ok()?;
        rest = &rest[num_len..];
        let unit_len = rest.find(|ch: char| ch.is_ascii_digit() || ch == '.').unwrap_or(rest.len());
        let ms = match &rest[..unit_len] {
            "ns" => 1e-6,
            "us" | "µs" => 1e-3,
            "ms" => 1.0,
            "s" => 1000.0,
            "m" => 60_000.0,
            "h" => 3_600_000.0,
            _ => return None,
        };
        total += value * ms;
        rest = &rest[unit_len..];
    }
    Some(total as u64).filter(|ms| *ms > 0)
}

impl WaitForPodsReady {
    pub fn is_default(&self) -> bool {
        *self == WaitForPodsReady::default()
    }

    pub fn timeout_ms(&self) -> u64 {
        duration_ms(self.timeout.as_deref()).unwrap_or(30 * 60 * 1000)
    }

    pub fn recovery_timeout_ms(&self) -> u64 {
        duration_ms(self.recovery_timeout.as_deref()).unwrap_or_else(|| self.timeout_ms())
    }

    fn strategy(&self) -> RequeuingStrategy {
        self.requeuing_strategy.clone().unwrap_or_default()
    }

    pub fn backoff_limit_count(&self) -> Option<i64> {
        self.strategy().backoff_limit_count.map(i64::from)
    }

    /// `UpdateRequeueState`'s wait before the `n`-th requeue (n ≥ 1), in milliseconds:
    /// `wait.Backoff{base, factor 2, jitter 0.0001, cap max}` stepped n times — base·2^(n−1) up
    /// to the cap, plus up to 0.01 % drawn from `unit` (a number in [0, 1)).
    pub fn backoff_ms(&self, n: i64, unit: f64) -> u64 {
        let s = self.strategy();
        let base = s.backoff_base_seconds.filter(|b| *b != 0).unwrap_or(60).max(0) as u64 * 1000;
        let cap = s.backoff_max_seconds.filter(|m| *m != 0).unwrap_or(3600).max(0) as u64 * 1000;
        let mut d = base;
        for _ in 1..n.max(1) {
            d = d.saturating_mul(2);
            if cap > 0 && d > cap {
                d = cap;
                break;
            }
        }
        d + (unit * 0.0001 * d as f64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_the_backoff_ladder() {
        let w = WaitForPodsReady::default();
        assert_eq!((w.timeout_ms(), w.recovery_timeout_ms(), w.backoff_limit_count()), (1_800_000, 1_800_000, None));
        let steps: Vec<u64> = (1..=8).map(|n| w.backoff_ms(n, 0.0) / 1000).collect();
        assert_eq!(steps, vec![60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(w.backoff_ms(1, 0.5), 60_003);
        let w: WaitForPodsReady =
            serde_json::from_str(r#"{"timeout":"2m","requeuingStrategy":{"backoffBaseSeconds":10,"backoffLimitCount":1}}"#).unwrap();
        assert_eq!(
            (w.timeout_ms(), w.recovery_timeout_ms(), w.backoff_limit_count(), w.backoff_ms(2, 0.0)),
            (120_000, 120_000, Some(1), 20_000)
        );
        assert!(serde_json::from_str::<WaitForPodsReady>(r#"{"enable":true}"#).is_err());
        assert_eq!(
            (duration_ms(Some("1h30m")), duration_ms(Some("1.5s")), duration_ms(Some("5")), duration_ms(Some("0s"))),
            (Some(5_400_000), Some(1500), None, None)
        );
    }
}
