//! `kubectl get --sort-by`: the order kubectl v1.32 prints a table's rows in — byte for byte,
//! ties included. kubectl sorts each server-side Table with Go's `sort.Sort`, which is not
//! stable: rows whose keys are equal (two Events in one second) come out in the order Go's
//! pattern-defeating quicksort happens to leave them. So this module runs that same algorithm
//! (`sort.Sort` of Go 1.23, step for step) with kubectl's own comparison (`TableSorter`
//! and `isLess` in `kubectl/pkg/cmd/get/sorter.go`): natural order for texts, quantities as
//! quantities, numbers as numbers, and a row without the field first.

use crate::api::quantity::Quantity;
use crate::json::Value;
use std::cmp::Ordering;

/// The order to print `keys.len()` rows in: positions into `keys`, where `keys[i]` is the first
/// value the sort field's JSONPath found in row `i` (`None`: it found nothing). `None` when no
/// row has the field and there is more than one row: kubectl then prints no rows at all.
pub fn order(keys: &[Option<Value>]) -> Option<Vec<usize>> {
    if keys.len() > 1 && keys.iter().all(Option::is_none) {
        return None;
    }
    let mut perm: Vec<usize> = (0..keys.len()).collect();
    go_sort(&mut perm, &|a, b| table_less(keys[a].as_ref(), keys[b].as_ref()));
    Some(perm)
}

/// `TableSorter.Less`: a row without the field sorts first — even before another without it,
/// which is what makes the order depend on the algorithm.
fn table_less(a: Option<&Value>, b: Option<&Value>) -> bool {
    match (a, b) {
        (None, _) => true,
        (_, None) => false,
        (Some(a), Some(b)) => is_less(a, b),
    }
}

/// `isLess` on values decoded from JSON into Go interfaces: strings (as quantities when both
/// parse as one), integers, floats, nulls. kubectl stops with a fatal error on any other pair
/// (bools, lists, maps, an integer against a float); here such a pair is simply not less.
fn is_less(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => false,
        (Value::Null, _) => true,
        (_, Value::Null) => false,
        (Value::String(x), Value::String(y)) => match (Quantity::parse(x), Quantity::parse(y)) {
            (Ok(p), Ok(q)) => p.nanos < q.nanos,
            _ => natural_less(x, y),
        },
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(p), Some(q)) => p < q,
            (None, None) => x.as_f64().zip(y.as_f64()).is_some_and(|(p, q)| p < q),
            _ => false,
        },
        _ => false,
    }
}

/// `sortorder.NaturalLess` (fvbommel/sortorder v1.1.0): runs of ASCII digits compare as
/// numbers (a number before any other character; fewer leading zeros first among equal
/// numbers), everything else byte by byte.
pub fn natural_less(a: &str, b: &str) -> bool {
    let (x, y) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < x.len() && j < y.len() {
        let (dx, dy) = (x[i].is_ascii_digit(), y[j].is_ascii_digit());
        if dx != dy {
            return dx;
        }
        if !dx {
            if x[i] != y[j] {
                return x[i] < y[j];
            }
            i += 1;
            j += 1;
            continue;
        }
        let zeros = |s: &[u8], mut k: usize| {
            while k < s.len() && s[k] == b'0' {
                k += 1;
            }
            k
        };
        let digits = |s: &[u8], mut k: usize| {
            while k < s.len() && s[k].is_ascii_digit() {
                k += 1;
            }
            k
        };
        let (nx, ny) = (zeros(x, i), zeros(y, j));
        let (ex, ey) = (digits(x, nx), digits(y, ny));
        match (ex - nx).cmp(&(ey - ny)).then_with(|| x[nx..ex].cmp(&y[ny..ey])) {
            Ordering::Equal if nx != ny => return nx < ny,
            Ordering::Equal => {}
            other => return other == Ordering::Less,
        }
        i = ex;
        j = ey;
    }
    x.len() < y.len()
}

/// Go's `sort.Sort` over `data`, comparing elements with `less` — the same comparisons and
/// swaps in the same order, so equal elements end where Go leaves them.
pub fn go_sort<T: Copy>(data: &mut [T], less: &dyn Fn(T, T) -> bool) {
    let n = data.len();
    if n <= 1 {
        return;
    }
    let mut s = Sorter { data, less };
    let limit = bits_len(n);
    s.pdqsort(0, n, limit);
}

/// Go's `bits.Len`: the number of bits needed to write `n`.
fn bits_len(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()) as usize
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Hint {
    Unknown,
    Increasing,
    Decreasing,
}

struct Sorter<'a, T> {
    data: &'a mut [T],
    less: &'a dyn Fn(T, T) -> bool,
}

impl<T: Copy> Sorter<'_, T> {
    fn less(&self, i: usize, j: usize) -> bool {
        (self.less)(self.data[i], self.data[j])
    }

    fn swap(&mut self, i: usize, j: usize) {
        self.data.swap(i, j);
    }

    fn insertion_sort(&mut self, a: usize, b: usize) {
        for i in a + 1..b {
            let mut j = i;
            while j > a && self.less(j, j - 1) {
                self.swap(j, j - 1);
                j -= 1;
            }
        }
    }

    fn sift_down(&mut self, lo: usize, hi: usize, first: usize) {
        let mut root = lo;
        loop {
            let mut child = 2 * root + 1;
            if child >= hi {
                return;
            }
            if child + 1 < hi && self.less(first + child, first + child + 1) {
                child += 1;
            }
            if !self.less(first + root, first + child) {
                return;
            }
            self.swap(first + root, first + child);
            root = child;
        }
    }

    fn heap_sort(&mut self, a: usize, b: usize) {
        let (first, hi) = (a, b - a);
        for i in (0..=(hi - 1) / 2).rev() {
            self.sift_down(i, hi, first);
        }
        for i in (0..hi).rev() {
            self.swap(first, first + i);
            self.sift_down(0, i, first);
        }
    }

    fn pdqsort(&mut self, mut a: usize, mut b: usize, mut limit: usize) {
        const MAX_INSERTION: usize = 12;
        let (mut was_balanced, mut was_partitioned) = (true, true);
        loop {
            let length = b - a;
            if length <= MAX_INSERTION {
                self.insertion_sort(a, b);
                return;
            }
            if limit == 0 {
                self.heap_sort(a, b);
                return;
            }
            if !was_balanced {
                self.break_patterns(a, b);
                limit -= 1;
            }
            let (mut pivot, mut hint) = self.choose_pivot(a, b);
            if hint == Hint::Decreasing {
                self.reverse_range(a, b);
                pivot = (b - 1) - (pivot - a);
                hint = Hint::Increasing;
            }
            if was_balanced && was_partitioned && hint == Hint::Increasing && self.partial_insertion_sort(a, b) {
                return;
            }
            // The element before the range was a pivot: not less than this one, the range
            // holds many elements equal to it, which are put first and skipped.
            if a > 0 && !self.less(a - 1, pivot) {
                a = self.partition_equal(a, b, pivot);
                continue;
            }
            let (mid, already) = self.partition(a, b, pivot);
            was_partitioned = already;
            let (left, right) = (mid - a, b - mid);
            let threshold = length / 8;
            if left < right {
                was_balanced = left >= threshold;
                self.pdqsort(a, mid, limit);
                a = mid + 1;
            } else {
                was_balanced = right >= threshold;
                self.pdqsort(mid + 1, b, limit);
                b = mid;
            }
        }
    }

    /// Go's `partition`: the pivot to its place, and whether no swap was needed on the way.
    fn partition(&mut self, a: usize, b: usize, pivot: usize) -> (usize, bool) {
        self.swap(a, pivot);
        // Signed, as in Go: `j` may step below `i` to `a`.
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        let at = |k: isize| k as usize;
        let mut already_partitioned = true;
        loop {
            while i <= j && self.less(at(i), a) {
                i += 1;
            }
            while i <= j && !self.less(at(j), a) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(at(i), at(j));
            already_partitioned = false;
            i += 1;
            j -= 1;
        }
        self.swap(at(j), a);
        (at(j), already_partitioned)
    }

    fn partition_equal(&mut self, a: usize, b: usize, pivot: usize) -> usize {
        self.swap(a, pivot);
        let (mut i, mut j) = (a as isize + 1, b as isize - 1);
        let at = |k: isize| k as usize;
        loop {
            while i <= j && !self.less(a, at(i)) {
                i += 1;
            }
            while i <= j && self.less(a, at(j)) {
                j -= 1;
            }
            if i > j {
                break;
            }
            self.swap(at(i), at(j));
            i += 1;
            j -= 1;
        }
        at(i)
    }

    fn partial_insertion_sort(&mut self, a: usize, b: usize) -> bool {
        const MAX_STEPS: usize = 5;
        const SHORTEST_SHIFTING: usize = 50;
        let mut i = a + 1;
        for _ in 0..MAX_STEPS {
            while i < b && !self.less(i, i - 1) {
                i += 1;
            }
            if i == b {
                return true;
            }
            if b - a < SHORTEST_SHIFTING {
                return false;
            }
            self.swap(i, i - 1);
            // Shift the smaller one left (down to index 1 of the whole slice, as Go does).
            if i - a >= 2 {
                let mut j = i - 1;
                while j >= 1 {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                    j -= 1;
                }
            }
            // And the greater one right.
            if b - i >= 2 {
                for j in i + 1..b {
                    if !self.less(j, j - 1) {
                        break;
                    }
                    self.swap(j, j - 1);
                }
            }
        }
        false
    }

    fn break_patterns(&mut self, a: usize, b: usize) {
        let length = b - a;
        if length < 8 {
            return;
        }
        let mut random = length as u64;
        let modulus = 1usize << bits_len(length);
        let start = a + (length / 4) * 2 - 1;
        for idx in start..=start + 2 {
            // The shifts of Go up to 1.23, which kubectl v1.32 is built with (Go 1.24 changed
            // them: golang/go#70144).
            random ^= random << 13;
            random ^= random >> 17;
            random ^= random << 5;
            let mut other = (random as usize) & (modulus - 1);
            if other >= length {
                other -= length;
            }
            self.swap(idx, a + other);
        }
    }

    fn choose_pivot(&mut self, a: usize, b: usize) -> (usize, Hint) {
        const SHORTEST_NINTHER: usize = 50;
        const MAX_SWAPS: usize = 4 * 3;
        let l = b - a;
        let mut swaps = 0;
        let (mut i, mut j, mut k) = (a + l / 4, a + l / 4 * 2, a + l / 4 * 3);
        if l >= 8 {
            if l >= SHORTEST_NINTHER {
                i = self.median(i - 1, i, i + 1, &mut swaps);
                j = self.median(j - 1, j, j + 1, &mut swaps);
                k = self.median(k - 1, k, k + 1, &mut swaps);
            }
            j = self.median(i, j, k, &mut swaps);
        }
        match swaps {
            0 => (j, Hint::Increasing),
            MAX_SWAPS => (j, Hint::Decreasing),
            _ => (j, Hint::Unknown),
        }
    }

    fn order2(&self, a: usize, b: usize, swaps: &mut usize) -> (usize, usize) {
        if self.less(b, a) {
            *swaps += 1;
            (b, a)
        } else {
            (a, b)
        }
    }

    fn median(&self, a: usize, b: usize, c: usize, swaps: &mut usize) -> usize {
        let (a, b) = self.order2(a, b, swaps);
        let (b, _) = self.order2(b, c, swaps);
        let (_, b) = self.order2(a, b, swaps);
        b
    }

    fn reverse_range(&mut self, a: usize, b: usize) {
        let (mut i, mut j) = (a, b - 1);
        while i < j {
            self.swap(i, j);
            i += 1;
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::json;

    #[test]
    fn natural_order_reads_numbers_as_numbers() {
        let sorted = ["1x", "a2", "a02", "a10", "a10b", "b", "x1"];
        for w in sorted.windows(2) {
            assert!(natural_less(w[0], w[1]) && !natural_less(w[1], w[0]), "{w:?}");
        }
        let mut v: Vec<&str> = vec!["b", "a10", "x1", "a2", "a10b", "1x", "a02"];
        go_sort(&mut v, &|a, b| natural_less(a, b));
        assert_eq!(v, sorted);
        assert!(natural_less("2026-12-02T08:55:06Z", "2026-12-02T08:55:07Z"));
        assert!(!natural_less("same", "same"));
    }

    /// Go's `sort.Sort` (Go 1.19–1.23 share this pdqsort) on 0..n compared by `i % m`, as a Go
    /// program printed the results: insertion sort below 13 elements, partitions, the ninther,
    /// reversed input, and the pattern breaker all take their part.
    #[test]
    fn ties_land_where_go_leaves_them() {
        let run = |mut v: Vec<usize>, m: usize| {
            go_sort(&mut v, &|a, b| a % m < b % m);
            v
        };
        let up = |n: usize| (0..n).collect::<Vec<_>>();
        assert_eq!(run(up(12), 3), [0, 3, 6, 9, 1, 4, 7, 10, 2, 5, 8, 11]);
        assert_eq!(run(up(13), 2), [8, 12, 2, 0, 4, 10, 6, 3, 7, 9, 5, 11, 1]);
        assert_eq!(run(up(21), 3), [9, 18, 15, 3, 12, 0, 6, 10, 16, 7, 19, 1, 4, 13, 14, 2, 8, 17, 11, 5, 20]);
        assert_eq!(
            run(up(50), 7),
            [
                35, 21, 0, 49, 28, 14, 42, 7, 15, 22, 1, 36, 8, 29, 43, 9, 16, 30, 44, 2, 23, 37, 24, 17, 3, 10, 38, 45, 31, 46, 4, 18, 32,
                39, 11, 25, 12, 5, 19, 33, 40, 47, 26, 20, 13, 27, 6, 41, 48, 34
            ]
        );
        assert_eq!(
            run(up(64), 2),
            [
                16, 34, 2, 60, 4, 58, 32, 56, 8, 54, 10, 52, 12, 50, 0, 62, 6, 46, 18, 44, 20, 42, 22, 40, 24, 38, 26, 36, 28, 48, 30, 14,
                31, 33, 29, 35, 27, 37, 25, 39, 23, 41, 21, 43, 19, 45, 17, 47, 15, 49, 13, 51, 11, 53, 9, 55, 7, 57, 5, 59, 3, 61, 1, 63
            ]
        );
        assert_eq!(
            run((0..60).rev().collect(), 4),
            [
                44, 0, 4, 56, 8, 12, 16, 52, 20, 24, 28, 48, 32, 36, 40, 29, 49, 1, 41, 45, 57, 5, 37, 9, 13, 53, 33, 17, 21, 25, 10, 14,
                58, 26, 30, 50, 42, 22, 2, 38, 6, 18, 46, 34, 54, 31, 7, 15, 11, 43, 47, 55, 35, 19, 51, 39, 3, 59, 23, 27
            ]
        );
        // kubectl's rule that a row without the field is less than any, even another without.
        let keys: [i64; 20] = [3, -1, 2, 2, -1, 0, 3, 1, 1, -1, 2, 0, 3, 1, -1, 2, 0, 1, 3, 2];
        let mut v = up(20);
        go_sort(&mut v, &|a, b| keys[a] < 0 || (keys[b] >= 0 && keys[a] < keys[b]));
        assert_eq!(v, [9, 14, 4, 1, 11, 16, 5, 17, 7, 8, 13, 10, 15, 3, 2, 19, 12, 0, 6, 18]);
    }

    #[test]
    fn rows_without_the_field_come_first_and_none_at_all_prints_nothing() {
        let keys = vec![Some(json!("b")), None, Some(json!("a"))];
        assert_eq!(order(&keys), Some(vec![1, 2, 0]));
        assert_eq!(order(&[None, None]), None);
        assert_eq!(order(&[None]), Some(vec![0]));
        let q = [Some(json!("2Gi")), Some(json!("500Mi")), Some(json!(3)), Some(json!(1))];
        assert_eq!(order(&q[..2]), Some(vec![1, 0]));
        assert_eq!(order(&q[2..]), Some(vec![1, 0]));
    }
}
