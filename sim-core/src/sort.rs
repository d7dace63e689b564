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

/// The longest slice `sort_by` sorts by insertion (natively).
#[cfg(not(target_arch = "wasm32"))]
const SHORT: usize = 16;

/// `v.sort_by(cmp)`: stable.
pub fn sort_by<T>(v: &mut [T], mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    // Natively a short slice is sorted where it is, by insertion (stable: an element passes only
    // those greater than it), without the positions' vector: most sorts are of a literal's few
    // members (`json::Map::from_array`), and at 10,000 Jobs that vector was 3% of the engine's
    // allocations. Not in the wasm, where each call site would compile its own copy.
    #[cfg(not(target_arch = "wasm32"))]
    if v.len() <= SHORT {
        for i in 1..v.len() {
            let mut j = i;
            while j > 0 && cmp(&v[j - 1], &v[j]) == Ordering::Greater {
                v.swap(j - 1, j);
                j -= 1;
            }
        }
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

/// The first `n` elements `sort_by` would leave, in its order; the others after them, in no
/// particular order. A selection, then a sort of only those `n`: the spam filter's eviction
/// wants the 512 buckets least recently used of 4,096, and a sort of them all was 1.5% of the
/// instructions at 10,000 Jobs (callgrind).
pub fn sort_first_by<T>(v: &mut [T], n: usize, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let n = n.min(v.len());
    let mut order: Vec<usize> = (0..v.len()).collect();
    // Equal elements ordered by position, as a stable sort leaves them: a total order.
    let mut total = |a: usize, b: usize| cmp(&v[a], &v[b]).then(a.cmp(&b));
    select_positions(&mut order, n, &mut total);
    sort_positions(&mut order[..n], &mut total);
    permute(v, &mut order);
}

/// Moves the `n` least positions of `order` (by `cmp`, a total order) to its front, in no
/// particular order: quickselect, parting each range around its middle position's element.
/// Written here, not `select_nth_unstable_by`, which cost ≈ 1.4 KB gzip in the wasm.
fn select_positions(order: &mut [usize], n: usize, cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    // order[..lo] are among the `n` least; order[hi..] are not.
    let (mut lo, mut hi) = (0, order.len());
    while lo < n && n < hi {
        order.swap(lo + (hi - lo) / 2, hi - 1);
        let pivot = order[hi - 1];
        let mut less = lo;
        for i in lo..hi - 1 {
            if cmp(order[i], pivot) == Ordering::Less {
                order.swap(i, less);
                less += 1;
            }
        }
        order.swap(less, hi - 1);
        // order[lo..less] < pivot = order[less] < order[less + 1..hi]
        if less < n {
            lo = less + 1;
        } else {
            hi = less;
        }
    }
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

    /// The first `n` are the stable sort's first `n`, ties among them too; the rest are the
    /// others.
    #[test]
    fn the_first_few_are_the_stable_sorts_first_few() {
        let mut seed = 11;
        for len in 0..120 {
            for spread in [1, 7, 1_000] {
                let v: Vec<(u64, usize)> = (0..len).map(|i| (lcg(&mut seed) % spread, i)).collect();
                let mut sorted = v.clone();
                sorted.sort_by_key(|e| e.0);
                for n in 0..=len + 2 {
                    let mut ours = v.clone();
                    sort_first_by(&mut ours, n, |a, b| a.0.cmp(&b.0));
                    let first = n.min(len);
                    assert_eq!(ours[..first], sorted[..first], "length {len}, spread {spread}, first {n}");
                    let mut rest = ours[first..].to_vec();
                    rest.sort();
                    let mut expected = sorted[first..].to_vec();
                    expected.sort();
                    assert_eq!(rest, expected, "length {len}, spread {spread}, first {n}: the others");
                }
            }
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
