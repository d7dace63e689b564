//! Go's `time.Parse` for the two layouts the API's timestamps use (`metav1.Time`: RFC 3339,
//! `metav1.MicroTime`: RFC 3339 with exactly six fractional digits), with its error texts
//! (`time/format.go`: `Parse`, `getnum`, `skip`, `parseNanoseconds`, `ParseError.Error`). What
//! it accepts and what it says on failure are Go's, element by element, so a learner's
//! `creationTimestamp: yesterday` is refused the way kube-apiserver refuses it.

use chrono::{DateTime, NaiveDate, SecondsFormat, TimeZone, Utc};

/// `metav1.Time`'s layout (`time.RFC3339`).
pub const RFC3339: &str = "2006-01-02T15:04:05Z07:00";
/// `metav1.MicroTime`'s layout (`metav1.RFC3339Micro`).
pub const RFC3339_MICRO: &str = "2006-01-02T15:04:05.000000Z07:00";

/// One element of a layout: a literal to skip, or a field to read.
#[derive(Clone, Copy)]
enum Elem {
    Lit(&'static str),
    Year,
    Month,
    Day,
    Hour,
    Minute,
    Second,
    /// `.000000`: exactly six digits after the point.
    Micros,
    /// `Z07:00`.
    Zone,
}

impl Elem {
    /// How the layout spells the element (the `as "…"` of an error).
    fn text(self) -> &'static str {
        match self {
            Elem::Lit(s) => s,
            Elem::Year => "2006",
            Elem::Month => "01",
            Elem::Day => "02",
            Elem::Hour => "15",
            Elem::Minute => "04",
            Elem::Second => "05",
            Elem::Micros => ".000000",
            Elem::Zone => "Z07:00",
        }
    }
}

fn elems(layout: &str) -> &'static [Elem] {
    use Elem::*;
    const SECS: [Elem; 12] = [Year, Lit("-"), Month, Lit("-"), Day, Lit("T"), Hour, Lit(":"), Minute, Lit(":"), Second, Zone];
    const MICROS: [Elem; 13] = [Year, Lit("-"), Month, Lit("-"), Day, Lit("T"), Hour, Lit(":"), Minute, Lit(":"), Second, Micros, Zone];
    if layout == RFC3339_MICRO {
        &MICROS
    } else {
        &SECS
    }
}

/// Go's `time.quote`: ASCII as is (quotes and backslashes escaped), every other byte as `\xNN`.
pub fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        if (c as u32) < 0x20 || !c.is_ascii() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            if c == '"' || c == '\\' {
                out.push('\\');
            }
            out.push(c);
        }
    }
    out.push('"');
    out
}

fn cannot_parse(layout: &str, value: &str, elem: &str, rest: &str) -> String {
    format!("parsing time {} as {}: cannot parse {} as {}", quote(value), quote(layout), quote(rest), quote(elem))
}

fn digit(s: &[u8], i: usize) -> bool {
    s.get(i).is_some_and(u8::is_ascii_digit)
}

/// `getnum`: one or two digits (exactly two when `fixed`).
fn getnum(s: &str, fixed: bool) -> Option<(u32, &str)> {
    let b = s.as_bytes();
    if !digit(b, 0) {
        return None;
    }
    if !digit(b, 1) {
        return if fixed { None } else { Some((u32::from(b[0] - b'0'), &s[1..])) };
    }
    Some((u32::from(b[0] - b'0') * 10 + u32::from(b[1] - b'0'), &s[2..]))
}

/// `atoi`: an optional sign and decimal digits, nothing else.
fn atoi(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    Some(if neg { -n } else { n })
}

/// `parseNanoseconds`: `value[..n]` is a point (or comma) and digits.
fn nanoseconds(value: &str, n: usize) -> Option<u32> {
    let b = value.as_bytes();
    if !matches!(b.first(), Some(b'.' | b',')) {
        return None;
    }
    let n = n.min(10);
    let mut ns = atoi(value.get(1..n)?)?;
    if ns < 0 {
        return None;
    }
    for _ in 0..(10 - n) {
        ns *= 10;
    }
    u32::try_from(ns).ok()
}

fn days_in(month: u32, year: i64) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// `time.Parse(layout, value)`: the instant, or Go's error text.
pub fn parse(layout: &'static str, value: &str) -> Result<DateTime<Utc>, String> {
    let (mut year, mut month, mut day, mut hour, mut min, mut sec, mut nsec, mut offset) = (0i64, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0i64);
    let mut rest = value;
    let range = |what: &str| format!("parsing time {}: {what} out of range", quote(value));
    let list = elems(layout);
    for (i, &elem) in list.iter().enumerate() {
        let hold = rest;
        let bad = || cannot_parse(layout, value, elem.text(), hold);
        match elem {
            Elem::Lit(lit) => {
                if !rest.starts_with(lit) {
                    return Err(bad());
                }
                rest = &rest[lit.len()..];
            }
            Elem::Year => {
                let y = rest.get(..4).and_then(atoi).ok_or_else(bad)?;
                year = y;
                rest = &rest[4..];
            }
            Elem::Month => {
                (month, rest) = getnum(rest, true).ok_or_else(bad)?;
                if !(1..=12).contains(&month) {
                    return Err(range("month"));
                }
            }
            Elem::Day => {
                (day, rest) = getnum(rest, true).ok_or_else(bad)?;
                if day > 31 {
                    return Err(range("day"));
                }
            }
            Elem::Hour => {
                (hour, rest) = getnum(rest, false).ok_or_else(bad)?;
                if hour >= 24 {
                    return Err(range("hour"));
                }
            }
            Elem::Minute => {
                (min, rest) = getnum(rest, true).ok_or_else(bad)?;
                if min >= 60 {
                    return Err(range("minute"));
                }
            }
            Elem::Second => {
                (sec, rest) = getnum(rest, true).ok_or_else(bad)?;
                if sec >= 60 {
                    return Err(range("second"));
                }
                // A fraction the layout does not spell is read anyway (unless the next element is one).
                let b = rest.as_bytes();
                let next_is_fraction = matches!(list.get(i + 1), Some(Elem::Micros));
                if !next_is_fraction && b.len() >= 2 && matches!(b[0], b'.' | b',') && digit(b, 1) {
                    let n = 2 + b[2..].iter().take_while(|c| c.is_ascii_digit()).count();
                    nsec = nanoseconds(rest, n).ok_or_else(bad)?;
                    rest = &rest[n..];
                }
            }
            Elem::Micros => {
                if rest.len() < 7 {
                    return Err(bad());
                }
                nsec = nanoseconds(rest, 7).ok_or_else(bad)?;
                rest = rest.get(7..).ok_or_else(bad)?;
            }
            Elem::Zone => {
                if let Some(r) = rest.strip_prefix('Z') {
                    rest = r;
                    offset = 0;
                    continue;
                }
                let b = rest.as_bytes();
                if b.len() < 6 || b[3] != b':' || !rest.is_char_boundary(6) {
                    return Err(bad());
                }
                let (hh, _) = getnum(&rest[1..3], true).ok_or_else(bad)?;
                let (mm, _) = getnum(&rest[4..6], true).ok_or_else(bad)?;
                let sign = match b[0] {
                    b'+' => 1,
                    b'-' => -1,
                    _ => return Err(bad()),
                };
                if hh > 24 {
                    return Err(range("time zone offset hour"));
                }
                if mm > 60 {
                    return Err(range("time zone offset minute"));
                }
                offset = sign * (i64::from(hh) * 3600 + i64::from(mm) * 60);
                rest = &rest[6..];
            }
        }
    }
    if !rest.is_empty() {
        return Err(format!("parsing time {}: extra text: {}", quote(value), quote(rest)));
    }
    if day < 1 || day > days_in(month, year) {
        return Err(range("day"));
    }
    let naive = i32::try_from(year)
        .ok()
        .and_then(|y| NaiveDate::from_ymd_opt(y, month, day))
        .and_then(|d| d.and_hms_nano_opt(hour, min, sec, nsec))
        .ok_or_else(|| range("year"))?;
    Ok(Utc.from_utc_datetime(&naive) - chrono::Duration::seconds(offset))
}

/// How `metav1.Time` (seconds) or `metav1.MicroTime` prints the instant back: UTC, `Z`.
pub fn format(layout: &'static str, t: &DateTime<Utc>) -> String {
    let precision = if layout == RFC3339_MICRO { SecondsFormat::Micros } else { SecondsFormat::Secs };
    t.to_rfc3339_opts(precision, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(layout: &'static str, v: &str) -> String {
        parse(layout, v).unwrap_err()
    }

    #[test]
    fn rfc3339_instants_parse_and_print_in_utc() {
        let t = parse(RFC3339, "2024-05-01T09:30:00+09:00").unwrap();
        assert_eq!(format(RFC3339, &t), "2024-05-01T00:30:00Z");
        let t = parse(RFC3339, "2024-05-01T00:30:00.123456789Z").unwrap();
        assert_eq!(format(RFC3339, &t), "2024-05-01T00:30:00Z");
        assert_eq!(format(RFC3339_MICRO, &t), "2024-05-01T00:30:00.123456Z");
        // Go's generic parser takes a one-digit hour for "15".
        assert_eq!(format(RFC3339, &parse(RFC3339, "2024-05-01T7:00:00Z").unwrap()), "2024-05-01T07:00:00Z");
        let t = parse(RFC3339_MICRO, "2024-05-01T00:30:00.000001Z").unwrap();
        assert_eq!(format(RFC3339_MICRO, &t), "2024-05-01T00:30:00.000001Z");
    }

    #[test]
    fn errors_are_gos() {
        assert_eq!(
            err(RFC3339, "yesterday"),
            r#"parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006""#
        );
        assert_eq!(err(RFC3339, "2024-05-01"), r#"parsing time "2024-05-01" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "T""#);
        assert_eq!(
            err(RFC3339, "2024-05-01 10:00:00Z"),
            r#"parsing time "2024-05-01 10:00:00Z" as "2006-01-02T15:04:05Z07:00": cannot parse " 10:00:00Z" as "T""#
        );
        assert_eq!(
            err(RFC3339, "2024-05-01T10:00:00"),
            r#"parsing time "2024-05-01T10:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00""#
        );
        assert_eq!(err(RFC3339, "2024-13-01T10:00:00Z"), r#"parsing time "2024-13-01T10:00:00Z": month out of range"#);
        assert_eq!(err(RFC3339, "2023-02-29T10:00:00Z"), r#"parsing time "2023-02-29T10:00:00Z": day out of range"#);
        assert_eq!(err(RFC3339, "2024-05-01T10:00:00Zoo"), r#"parsing time "2024-05-01T10:00:00Zoo": extra text: "oo""#);
        assert_eq!(
            err(RFC3339_MICRO, "2024-05-01T10:00:00Z"),
            r#"parsing time "2024-05-01T10:00:00Z" as "2006-01-02T15:04:05.000000Z07:00": cannot parse "Z" as ".000000""#
        );
        assert_eq!(quote("어제\"\\"), r#""\xec\x96\xb4\xec\xa0\x9c\"\\""#);
    }
}
