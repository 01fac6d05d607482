//! Intervals: Wilson's score interval for a proportion, and a seeded percentile bootstrap
//! for everything else (means, ratios, balance), so that every metric comes with a 95%
//! interval and the same records always give the same interval.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// z for a two-sided 95% interval.
const Z: f64 = 1.959_963_984_540_054;
/// Bootstrap resamples: enough for the 2.5% and 97.5% percentiles to settle to about a
/// hundredth of the interval's width.
const RESAMPLES: usize = 1_000;

/// A value with its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Estimate {
    /// The value measured.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// The interval's high end.
    pub high: f64,
}

impl Estimate {
    /// A value known exactly.
    pub fn exact(v: f64) -> Estimate {
        Estimate {
            value: v,
            low: v,
            high: v,
        }
    }

    /// Whether the interval leaves out zero (for a difference: significant at 95%).
    pub fn excludes_zero(&self) -> bool {
        self.low > 0.0 || self.high < 0.0
    }
}

/// Wilson's score interval for `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> Estimate {
    if n == 0 {
        return Estimate {
            value: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = Z * Z;
    let centre = (p + z2 / (2.0 * n_f)) / (1.0 + z2 / n_f);
    let half = Z / (1.0 + z2 / n_f) * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    Estimate {
        value: p,
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// Newcombe's interval for the difference of two proportions `k1/n1 - k2/n2`, from the
/// two Wilson intervals (his method 10).
pub fn wilson_difference(k1: u64, n1: u64, k2: u64, n2: u64) -> Estimate {
    let a = wilson(k1, n1);
    let b = wilson(k2, n2);
    let d = a.value - b.value;
    Estimate {
        value: d,
        low: d - ((a.value - a.low).powi(2) + (b.high - b.value).powi(2)).sqrt(),
        high: d + ((a.high - a.value).powi(2) + (b.value - b.low).powi(2)).sqrt(),
    }
}

/// `stat` of the items, with a percentile-bootstrap interval over resamples of the items
/// (seeded by `seed`).
pub fn bootstrap<T>(items: &[T], seed: u64, stat: impl Fn(&[&T]) -> f64) -> Estimate {
    let all: Vec<&T> = items.iter().collect();
    let value = stat(&all);
    if items.len() < 2 {
        return Estimate::exact(value);
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut sample: Vec<&T> = Vec::with_capacity(items.len());
    let mut values: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            sample.clear();
            sample.extend((0..items.len()).map(|_| &items[rng.random_range(0..items.len())]));
            stat(&sample)
        })
        .filter(|v| v.is_finite())
        .collect();
    values.sort_by(f64::total_cmp);
    if values.is_empty() {
        return Estimate::exact(value);
    }
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    Estimate {
        value,
        low: at(0.025).min(value),
        high: at(0.975).max(value),
    }
}

/// The bootstrap interval of `stat(a) - stat(b)` for two independent samples.
pub fn bootstrap_difference<T>(
    a: &[T],
    b: &[T],
    seed: u64,
    stat: impl Fn(&[&T]) -> f64,
) -> Estimate {
    let ra: Vec<&T> = a.iter().collect();
    let rb: Vec<&T> = b.iter().collect();
    let value = stat(&ra) - stat(&rb);
    if a.len() < 2 || b.len() < 2 {
        return Estimate::exact(value);
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut values: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let sa: Vec<&T> = (0..a.len())
                .map(|_| &a[rng.random_range(0..a.len())])
                .collect();
            let sb: Vec<&T> = (0..b.len())
                .map(|_| &b[rng.random_range(0..b.len())])
                .collect();
            stat(&sa) - stat(&sb)
        })
        .filter(|v| v.is_finite())
        .collect();
    values.sort_by(f64::total_cmp);
    if values.is_empty() {
        return Estimate::exact(value);
    }
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    Estimate {
        value,
        low: at(0.025).min(value),
        high: at(0.975).max(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // Newcombe (1998), table I: 81/263 gives 0.2553 to 0.3662.
        let e = wilson(81, 263);
        assert!((e.low - 0.2553).abs() < 5e-4, "{e:?}");
        assert!((e.high - 0.3662).abs() < 5e-4, "{e:?}");
        // 0 of 10: 0 to 0.2775.
        let e = wilson(0, 10);
        assert_eq!(e.low, 0.0);
        assert!((e.high - 0.2775).abs() < 5e-4, "{e:?}");
    }

    #[test]
    fn newcombe_difference_matches_his_example() {
        // Newcombe (1998b), method 10, 56/70 - 48/80: 0.0524 to 0.3339.
        let e = wilson_difference(56, 70, 48, 80);
        assert!((e.value - 0.2).abs() < 1e-9);
        assert!((e.low - 0.0524).abs() < 5e-4, "{e:?}");
        assert!((e.high - 0.3339).abs() < 5e-4, "{e:?}");
    }

    #[test]
    fn bootstrap_of_a_mean_covers_it_and_repeats() {
        let xs: Vec<f64> = (0..200).map(|i| f64::from(i % 10)).collect();
        let mean = |v: &[&f64]| v.iter().copied().sum::<f64>() / v.len() as f64;
        let a = bootstrap(&xs, 7, mean);
        let b = bootstrap(&xs, 7, mean);
        assert_eq!(a, b);
        assert!((a.value - 4.5).abs() < 1e-9);
        // The standard error is 2.87 / sqrt(200) = 0.203: the interval is about ±0.4.
        assert!(
            a.low > 3.9 && a.low < 4.3 && a.high > 4.7 && a.high < 5.1,
            "{a:?}"
        );
    }
}
