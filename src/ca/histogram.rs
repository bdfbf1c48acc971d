//! The commonest values of a histogram: how a warning and the doctor
//! name what they counted.

use alloc::vec::Vec;

/// The `k` commonest values of a histogram, commonest first (the smaller
/// value first among equals), with their counts; values never seen are
/// left out. A selection, not a sort: `k` is small, and each sort instance
/// is kilobytes of wasm.
pub(crate) fn commonest(hist: &[u64], k: usize) -> Vec<(usize, u64)> {
    let mut out: Vec<(usize, u64)> = Vec::with_capacity(k);
    for _ in 0..k {
        let next = hist
            .iter()
            .enumerate()
            .filter(|(v, n)| **n > 0 && !out.iter().any(|(w, _)| w == v))
            .fold(None, |best: Option<(usize, u64)>, (v, &n)| match best {
                Some((_, m)) if m >= n => best,
                _ => Some((v, n)),
            });
        match next {
            Some(x) => out.push(x),
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn commonest_values_come_first_smaller_first_among_equals() {
        let mut hist = alloc::vec![0u64; 256];
        hist[7] = 3;
        hist[200] = 9;
        hist[5] = 3;
        hist[1] = 1;
        assert_eq!(super::commonest(&hist, 3), [(200, 9), (5, 3), (7, 3)]);
        assert_eq!(super::commonest(&hist, 10).len(), 4);
        assert!(super::commonest(&[0; 4], 2).is_empty());
    }
}
