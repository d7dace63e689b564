//! Stable sorting with the sort itself compiled once. `slice::sort_by` is generic over the
//! element and the comparison, so every call site compiles its own copy of the standard
//! library's stable sort (≈ 4 KB each before wasm-opt; 65 copies were 7% of the app's code
//! then, and routing sim-core's and the app's sorts here took 50 KB off the shipped wasm). Here
//! the elements' positions are sorted by one non-generic function, through a `dyn` comparison,
//! and the elements then moved into that order: per call site only that small move is compiled.
//!
//! The order is exactly `slice::sort_by`'s: both are stable, so equal elements keep their order
//! and the result depends on nothing but the comparison. Tests may use std's sorts freely: only
//! the shipped code's size is at stake.

use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// `v.sort_by(cmp)`: stable.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    sort_positions(&mut order, &mut |a, b| cmp(&v[a], &v[b]));
    permute(v, &mut order);
}

/// `v.sort_by_key(key)`: stable.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// `v.sort()`: stable.
pub fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, T::cmp);
}

/// `items.collect::<BTreeMap<_, _>>()`, by insertion: `collect` first sorts its input with
/// std's stable sort, compiled again for every pair type (≈ 36 copies were in the wasm), while
/// insertion is compiled once per map type, which the map's other uses compile anyway. The
/// same map: of pairs with equal keys the last value stays, as with `collect`.
pub fn map_from<K: Ord, V>(items: impl IntoIterator<Item = (K, V)>) -> BTreeMap<K, V> {
    let mut map = BTreeMap::new();
    map.extend(items);
    map
}

/// `items.collect::<BTreeSet<_>>()`, by insertion (see `map_from`).
pub fn set_from<T: Ord>(items: impl IntoIterator<Item = T>) -> BTreeSet<T> {
    let mut set = BTreeSet::new();
    set.extend(items);
    set
}

/// The one compiled sort: positions, compared through the elements they name.
fn sort_positions(order: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|&a, &b| cmp(a, b));
}

/// Moves the elements so that position `i` holds the one that was at `order[i]`, by following
/// each cycle of the permutation with swaps; `order` is used up (each entry set to its own
/// index once its place is filled). `order` must name every position once (kubectl's
/// `--sort-by`, which sorts with Go's algorithm, moves its rows with this too).
pub fn permute<T>(v: &mut [T], order: &mut [usize]) {
    for start in 0..v.len() {
        let mut at = start;
        loop {
            let from = order[at];
            order[at] = at;
            if from == start {
                break;
            }
            v.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator, so the test needs no crate.
    fn lcg(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        *seed >> 33
    }

    #[test]
    #[allow(clippy::unnecessary_sort_by)] // the very call this module stands in for
    fn the_order_is_the_standard_stable_sorts() {
        let mut seed = 7;
        for len in 0..200 {
            // Few distinct keys, so ties are many and stability shows.
            let v: Vec<(u64, usize)> = (0..len).map(|i| (lcg(&mut seed) % 5, i)).collect();
            let mut ours = v.clone();
            sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
            let mut std_sorted = v.clone();
            std_sorted.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(ours, std_sorted, "length {len}");
            let mut by_key = v.clone();
            sort_by_key(&mut by_key, |e| std::cmp::Reverse(e.0));
            let mut std_by_key = v;
            std_by_key.sort_by_key(|e| std::cmp::Reverse(e.0));
            assert_eq!(by_key, std_by_key, "length {len}");
        }
    }

    #[test]
    fn maps_and_sets_built_by_insertion_are_the_collected_ones() {
        let pairs = [(3, "c"), (1, "a"), (3, "z"), (2, "b")];
        assert_eq!(map_from(pairs), pairs.into_iter().collect::<BTreeMap<_, _>>());
        assert_eq!(set_from([5, 1, 5, 3]), [5, 1, 5, 3].into_iter().collect::<BTreeSet<_>>());
    }

    #[test]
    fn owned_elements_move_without_loss() {
        let mut v: Vec<String> = ["pear", "apple", "fig", "apple", "kiwi"].iter().map(|s| s.to_string()).collect();
        sort(&mut v);
        assert_eq!(v, ["apple", "apple", "fig", "kiwi", "pear"]);
    }
}
