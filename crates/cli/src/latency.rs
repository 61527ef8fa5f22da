//! Latency histograms in fixed memory, for benchmarks that run as long as
//! they are told to (`sandtable loadtest`): keeping every sample would grow
//! with the run, a histogram does not. A thin layer over the `hdrhistogram`
//! crate: microseconds with 3 significant digits (quantiles within 0.1 %),
//! from 1 µs to an hour; the maximum is kept as recorded.

use hdrhistogram::Histogram as Hdr;
use serde::Serialize;
use std::time::Duration;

/// Counts of durations. Memory: a few tens of KiB, whatever the number of
/// samples; `record` is O(1), `summary` walks the buckets once.
#[derive(Clone, Debug)]
pub struct Histogram(Hdr<u64>);

impl Default for Histogram {
    fn default() -> Histogram {
        Histogram::new()
    }
}

/// The longest duration a histogram holds: an hour, in microseconds. Longer
/// ones are counted as this (no request of a benchmark waits that long).
const MAX_US: u64 = 3_600_000_000;

impl Histogram {
    /// An empty histogram.
    pub fn new() -> Histogram {
        Histogram(Hdr::new_with_bounds(1, MAX_US, 3).expect("valid histogram bounds"))
    }

    /// Counts one duration (clamped to 1 µs – 1 h).
    pub fn record(&mut self, d: Duration) {
        let us = u64::try_from(d.as_micros()).unwrap_or(MAX_US).clamp(1, MAX_US);
        self.0.saturating_record(us);
    }

    /// How many durations were recorded.
    pub fn count(&self) -> u64 {
        self.0.len()
    }

    /// Count, mean, p50, p90, p99 and max in milliseconds, for reports
    /// (all zero when empty).
    pub fn summary(&self) -> Summary {
        if self.0.is_empty() {
            return Summary { count: 0, mean_ms: 0.0, p50_ms: 0.0, p90_ms: 0.0, p99_ms: 0.0, max_ms: 0.0 };
        }
        let ms = |us: u64| us as f64 / 1e3;
        Summary {
            count: self.0.len(),
            mean_ms: self.0.mean() / 1e3,
            p50_ms: ms(self.0.value_at_quantile(0.50)),
            p90_ms: ms(self.0.value_at_quantile(0.90)),
            p99_ms: ms(self.0.value_at_quantile(0.99)),
            max_ms: ms(self.0.max()),
        }
    }
}

/// A histogram's headline figures, in milliseconds.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Samples.
    pub count: u64,
    /// Mean.
    pub mean_ms: f64,
    /// Median.
    pub p50_ms: f64,
    /// 90th percentile.
    pub p90_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Maximum.
    pub max_ms: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_within_a_tenth_of_a_percent() {
        let mut h = Histogram::new();
        for us in 1..=10_000u64 {
            h.record(Duration::from_micros(us));
        }
        let s = h.summary();
        for (got, want) in [(s.p50_ms, 5.0), (s.p90_ms, 9.0), (s.p99_ms, 9.9), (s.max_ms, 10.0)] {
            assert!((got - want).abs() / want < 0.001, "{got} ms, want {want}");
        }
        assert_eq!(s.count, 10_000);
        assert!((s.mean_ms - 5.0005).abs() < 0.01, "{}", s.mean_ms);
    }

    #[test]
    fn empty_is_zero_and_extremes_are_clamped() {
        let mut h = Histogram::new();
        assert_eq!(h.summary().p50_ms, 0.0);
        h.record(Duration::ZERO);
        h.record(Duration::from_secs(10 * 3600));
        assert_eq!(h.count(), 2);
        let s = h.summary();
        assert!(s.p50_ms <= 0.001 + 1e-9, "{s:?}");
        assert!((s.max_ms - 3_600_000.0).abs() / 3_600_000.0 < 0.001, "{s:?}");
    }
}
