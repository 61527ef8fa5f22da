//! Exact fractions and the standard rounding rule.
//!
//! SCS *Cumulative effects*: modifiers multiply, and fractions are kept until
//! every modifier has been applied; only then does the *standard rounding
//! rule* apply (.01–.49 down, .50–.99 up). Floating point would turn
//! `3 × 1/3` into 0.999…, so strengths are exact fractions of `u64`.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Add, Mul};

/// A non-negative fraction `num / den`, always reduced, `den > 0`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ratio {
    num: u64,
    den: u64,
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Ratio {
    /// Zero.
    pub const ZERO: Ratio = Ratio { num: 0, den: 1 };
    /// One.
    pub const ONE: Ratio = Ratio { num: 1, den: 1 };

    /// `num / den`, reduced. `None` when `den` is 0.
    pub fn new(num: u64, den: u64) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        Some(Ratio { num: num / g, den: den / g })
    }

    /// A whole number.
    pub const fn whole(n: u64) -> Ratio {
        Ratio { num: n, den: 1 }
    }

    /// Numerator (reduced).
    pub fn num(self) -> u64 {
        self.num
    }

    /// Denominator (reduced, > 0).
    pub fn den(self) -> u64 {
        self.den
    }

    /// Whether it is zero.
    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    /// The standard rounding rule: a fractional part below one half rounds
    /// down, one half or more rounds up.
    pub fn round(self) -> u64 {
        let whole = self.num / self.den;
        let rest = self.num % self.den;
        if rest * 2 >= self.den {
            whole + 1
        } else {
            whole
        }
    }

    /// `self / other`; `None` when `other` is zero.
    pub fn checked_div(self, other: Ratio) -> Option<Ratio> {
        if other.num == 0 {
            return None;
        }
        Ratio::new(self.num * other.den, self.den * other.num)
    }

    /// Reads `"1/2"`, `"2"`, `"0.5"` or `"1.25"` (decimals up to four places).
    pub fn parse(text: &str) -> Option<Ratio> {
        let t = text.trim();
        if let Some((a, b)) = t.split_once('/') {
            return Ratio::new(a.trim().parse().ok()?, b.trim().parse().ok()?);
        }
        Ratio::from_decimal(t.parse().ok()?)
    }

    /// A decimal from data, exactly when it has at most four places.
    pub fn from_decimal(x: f64) -> Option<Ratio> {
        if !x.is_finite() || !(0.0..=1.0e6).contains(&x) {
            return None;
        }
        let scaled = x * 10_000.0;
        if (scaled - scaled.round()).abs() > 1e-6 {
            return None;
        }
        Ratio::new(scaled.round() as u64, 10_000)
    }

    /// As a float, for display only.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl Add for Ratio {
    type Output = Ratio;
    fn add(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.den + o.num * self.den, self.den * o.den).unwrap_or(Ratio::ZERO)
    }
}

impl Mul for Ratio {
    type Output = Ratio;
    fn mul(self, o: Ratio) -> Ratio {
        Ratio::new(self.num * o.num, self.den * o.den).unwrap_or(Ratio::ZERO)
    }
}

impl fmt::Display for Ratio {
    /// Whole numbers plainly, others to three decimals (`9.875`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            let s = format!("{:.3}", self.to_f64());
            f.write_str(s.trim_end_matches('0'))
        }
    }
}
