//! jq's binary operators (`src/builtin.c`: `f_plus` … `f_mod`, comparisons by `jv_cmp`) and how their errors quote values.

use super::value::{cmp, compact, J};

/// A value as jq's error messages quote it: compact, cut to 10 characters and `...`.
pub fn desc(v: &J) -> String {
    let mut s = String::new();
    compact(v, &mut s);
    if s.chars().count() > 11 {
        s = s.chars().take(10).collect::<String>() + "...";
    }
    s
}

/// `x op y` as jq computes it; the error is jq's message.
/// The longest string `string * number` makes.
const MAX_REPEAT_BYTES: f64 = 16_000_000.0;

/// `object * object`: keys of both, merged recursively where both values are objects.
fn deep_merge(x: &J, y: &J) -> J {
    match (x, y) {
        (J::Obj(a), J::Obj(b)) => {
            let mut m = a.clone();
            for (k, v) in b {
                match m.iter_mut().find(|(key, _)| key == k) {
                    Some((_, old)) => *old = deep_merge(old, v),
                    None => m.push((k.clone(), v.clone())),
                }
            }
            J::Obj(m)
        }
        _ => y.clone(),
    }
}

pub fn binary(op: &str, x: &J, y: &J) -> Result<J, String> {
    use std::cmp::Ordering::*;
    Ok(match op {
        "==" => J::Bool(cmp(x, y) == Equal),
        "!=" => J::Bool(cmp(x, y) != Equal),
        "<" => J::Bool(cmp(x, y) == Less),
        "<=" => J::Bool(cmp(x, y) != Greater),
        ">" => J::Bool(cmp(x, y) == Greater),
        ">=" => J::Bool(cmp(x, y) != Less),
        "+" => match (x, y) {
            (J::Null, v) | (v, J::Null) => v.clone(),
            (J::Num(a), J::Num(b)) => J::Num(a + b),
            (J::Str(a), J::Str(b)) => J::Str(format!("{a}{b}")),
            (J::Arr(a), J::Arr(b)) => J::Arr(a.iter().chain(b).cloned().collect()),
            (J::Obj(a), J::Obj(b)) => {
                let mut m = a.clone();
                for (k, v) in b {
                    match m.iter_mut().find(|(x, _)| x == k) {
                        Some(slot) => slot.1 = v.clone(),
                        None => m.push((k.clone(), v.clone())),
                    }
                }
                J::Obj(m)
            }
            _ => return Err(format!("{} ({}) and {} ({}) cannot be added", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "-" => match (x, y) {
            (J::Num(a), J::Num(b)) => J::Num(a - b),
            (J::Arr(a), J::Arr(b)) => J::Arr(a.iter().filter(|v| !b.contains(v)).cloned().collect()),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be subtracted", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "*" => match (x, y) {
            (J::Num(a), J::Num(b)) => J::Num(a * b),
            // jq 1.6: a string repeated (int) n times; null when that is not positive.
            (J::Str(t), J::Num(n)) | (J::Num(n), J::Str(t)) => {
                if *n >= 1.0 && (t.len() as f64) * n.trunc() <= MAX_REPEAT_BYTES {
                    J::Str(t.repeat(*n as usize))
                } else if *n >= 1.0 && !t.is_empty() {
                    return Err(format!(
                        "시뮬레이터의 jq 는 {MAX_REPEAT_BYTES} 바이트보다 긴 문자열을 만들지 않습니다 / the simulator's jq makes no string longer than {MAX_REPEAT_BYTES} bytes"
                    ));
                } else if *n >= 1.0 {
                    J::Str(String::new())
                } else {
                    J::Null
                }
            }
            (J::Obj(_), J::Obj(_)) => deep_merge(x, y),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be multiplied", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        "/" => match (x, y) {
            (J::Num(_), J::Num(b)) if *b == 0.0 => {
                return Err(format!(
                    "{} ({}) and {} ({}) cannot be divided because the divisor is zero",
                    x.type_name(),
                    desc(x),
                    y.type_name(),
                    desc(y)
                ))
            }
            (J::Num(a), J::Num(b)) => J::Num(a / b),
            (J::Str(a), J::Str(b)) => J::Arr(a.split(b.as_str()).map(|s| J::Str(s.to_string())).collect()),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be divided", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
        _ => match (x, y) {
            (J::Num(_), J::Num(b)) if *b as i64 == 0 => {
                return Err(format!(
                    "{} ({}) and {} ({}) cannot be divided because the divisor is zero",
                    x.type_name(),
                    desc(x),
                    y.type_name(),
                    desc(y)
                ))
            }
            (J::Num(a), J::Num(b)) => J::Num(((*a as i64) % (*b as i64)) as f64),
            _ => return Err(format!("{} ({}) and {} ({}) cannot be divided", x.type_name(), desc(x), y.type_name(), desc(y))),
        },
    })
}
