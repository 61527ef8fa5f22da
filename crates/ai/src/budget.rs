//! How long a bot may think.

use std::time::{Duration, Instant};

/// A search's budget per decision.
///
/// Iterations are reproducible (the same seed and position give the same
/// decision on any machine and thread timing); a time budget adapts to the
/// machine and is not.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many search iterations (per thread).
    Iterations(u32),
    /// About this many milliseconds of wall-clock time.
    Millis(u32),
}

impl Budget {
    /// Its text in a bot spec: `800` iterations, `250ms`.
    pub fn text(self) -> String {
        match self {
            Budget::Iterations(n) => n.to_string(),
            Budget::Millis(ms) => format!("{ms}ms"),
        }
    }

    /// Reads [`Budget::text`] back (`800`, `800i`, `250ms`, `2s`); `None`
    /// for anything else or zero.
    pub fn parse(text: &str) -> Option<Budget> {
        let t = text.trim().to_ascii_lowercase();
        let number = |s: &str| s.parse::<u32>().ok().filter(|&n| n > 0);
        if let Some(ms) = t.strip_suffix("ms") {
            number(ms).map(Budget::Millis)
        } else if let Some(s) = t.strip_suffix('s') {
            number(s).and_then(|s| s.checked_mul(1000)).map(Budget::Millis)
        } else {
            number(t.strip_suffix('i').unwrap_or(&t)).map(Budget::Iterations)
        }
    }

    /// A clock for one decision under this budget.
    pub(crate) fn start(self) -> Clock {
        match self {
            Budget::Iterations(n) => Clock { iterations: n, deadline: None },
            Budget::Millis(ms) => {
                Clock { iterations: u32::MAX, deadline: Some(Instant::now() + Duration::from_millis(ms.into())) }
            }
        }
    }
}

/// One decision's budget as it runs down.
pub(crate) struct Clock {
    iterations: u32,
    deadline: Option<Instant>,
}

impl Clock {
    /// Whether iteration `done` (counted from 0) may still run. Reads the
    /// clock every 8 iterations only: an `Instant::now` is ~25 ns, an
    /// iteration several µs.
    pub(crate) fn more(&self, done: u32) -> bool {
        if done >= self.iterations {
            return false;
        }
        match self.deadline {
            Some(deadline) if done % 8 == 0 && done > 0 => Instant::now() < deadline,
            _ => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read_back() {
        for b in [Budget::Iterations(800), Budget::Millis(250)] {
            assert_eq!(Budget::parse(&b.text()), Some(b));
        }
        assert_eq!(Budget::parse("2s"), Some(Budget::Millis(2000)));
        assert_eq!(Budget::parse("64i"), Some(Budget::Iterations(64)));
        assert_eq!(Budget::parse("0"), None);
        assert_eq!(Budget::parse("fast"), None);
    }

    #[test]
    fn an_iteration_budget_stops_at_its_count() {
        let c = Budget::Iterations(3).start();
        assert!(c.more(0) && c.more(2));
        assert!(!c.more(3));
    }
}
