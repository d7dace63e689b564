//! Kubernetes resource quantities (`apimachinery/pkg/api/resource/quantity.go`): parsing
//! `500m`, `2Gi`, `1e3`, `1.5`, and printing the canonical form the API server stores and
//! returns (`1000` → `1k`, `2048Mi` → `2Gi`, `0.5` → `500m`).

use std::fmt;

/// How a quantity prints: the suffix family it was written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `Ki`, `Mi`, `Gi`…
    BinarySI,
    /// `n`, `u`, `m`, ``, `k`, `M`, `G`…
    DecimalSI,
    /// `1e3`, `1E-3`
    DecimalExponent,
}

/// A quantity held exactly as nano-units (10⁻⁹), rounded up below that, as Kubernetes does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quantity {
    pub nanos: i128,
    pub format: Format,
}

/// The apiserver's parse error text (`quantities must match the regular expression ...`).
pub const QUANTITY_ERROR: &str = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";

const NANO: i128 = 1_000_000_000;

impl Quantity {
    pub fn from_units(units: i64) -> Self {
        Quantity { nanos: units as i128 * NANO, format: Format::DecimalSI }
    }

    pub fn from_millis(millis: i64) -> Self {
        Quantity { nanos: millis as i128 * 1_000_000, format: Format::DecimalSI }
    }

    /// Parses a quantity string; the error is the apiserver's message.
    pub fn parse(s: &str) -> Result<Self, &'static str> {
        match parse_plain(s) {
            Some(q) => Ok(q),
            None => Self::parse_general(s),
        }
    }

    /// Every form `parse` reads (signs, fractions, exponents, surrounding space).
    fn parse_general(s: &str) -> Result<Self, &'static str> {
        let s = s.trim();
        if s.is_empty() {
            return Err(QUANTITY_ERROR);
        }
        let (sign, rest) = match s.as_bytes()[0] {
            b'-' => (-1, &s[1..]),
            b'+' => (1, &s[1..]),
            _ => (1, s),
        };
        let num_end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let (num, suffix) = rest.split_at(num_end);
        if num.is_empty() || num == "." || num.matches('.').count() > 1 {
            return Err(QUANTITY_ERROR);
        }
        let (int_part, frac_part) = num.split_once('.').unwrap_or((num, ""));
        // (base, exponent, format)
        let (base, exp, format): (i128, i32, Format) = match suffix {
            "" => (10, 0, Format::DecimalSI),
            "n" => (10, -9, Format::DecimalSI),
            "u" => (10, -6, Format::DecimalSI),
            "m" => (10, -3, Format::DecimalSI),
            "k" => (10, 3, Format::DecimalSI),
            "M" => (10, 6, Format::DecimalSI),
            "G" => (10, 9, Format::DecimalSI),
            "T" => (10, 12, Format::DecimalSI),
            "P" => (10, 15, Format::DecimalSI),
            "E" => (10, 18, Format::DecimalSI),
            "Ki" => (2, 10, Format::BinarySI),
            "Mi" => (2, 20, Format::BinarySI),
            "Gi" => (2, 30, Format::BinarySI),
            "Ti" => (2, 40, Format::BinarySI),
            "Pi" => (2, 50, Format::BinarySI),
            "Ei" => (2, 60, Format::BinarySI),
            e if e.starts_with(['e', 'E']) => {
                let v: i32 = e[1..].parse().map_err(|_| QUANTITY_ERROR)?;
                if !(-40..=40).contains(&v) || e[1..].starts_with('+') && e.len() == 2 {
                    return Err(QUANTITY_ERROR);
                }
                (10, v, Format::DecimalExponent)
            }
            _ => return Err(QUANTITY_ERROR),
        };
        // digits as an integer, scaled by 10^-frac_len
        let digits = [int_part, frac_part].concat();
        let digits = digits.trim_start_matches('0');
        if digits.len() > 30 {
            return Err(QUANTITY_ERROR);
        }
        let mantissa: i128 = if digits.is_empty() { 0 } else { digits.parse().map_err(|_| QUANTITY_ERROR)? };
        let frac_len = frac_part.len() as i32;
        // value = mantissa * 10^-frac_len * base^exp, expressed in nanos (×10^9), rounded up.
        let nanos = if base == 2 {
            let mult = 1i128.checked_shl(exp as u32).ok_or(QUANTITY_ERROR)?;
            scale_up(mantissa.checked_mul(mult).ok_or(QUANTITY_ERROR)?, 9 - frac_len)?
        } else {
            scale_up(mantissa, 9 + exp - frac_len)?
        };
        Ok(Quantity { nanos: sign * nanos, format })
    }

    /// Whole units, rounded up (as `Quantity.Value()`).
    pub fn value(&self) -> i64 {
        let v = self.nanos.div_euclid(NANO) + i128::from(self.nanos.rem_euclid(NANO) != 0);
        v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    /// Thousandths, rounded up (as `Quantity.MilliValue()`).
    pub fn milli_value(&self) -> i64 {
        let v = self.nanos.div_euclid(1_000_000) + i128::from(self.nanos.rem_euclid(1_000_000) != 0);
        v.clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    pub fn is_zero(&self) -> bool {
        self.nanos == 0
    }
}

/// The form nearly every quantity is written in: up to nine digits and a suffix of the fixed
/// list (`500m`, `2Gi`, `1`) — the digits, the nano-units one unit of the suffix is, and its
/// format. Anything else is `None`, for `parse_general`.
fn plain_parts(s: &str) -> Option<(&str, i128, Format)> {
    let digits = s.bytes().take(10).take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    let (decimal, binary) = (Format::DecimalSI, Format::BinarySI);
    let (nanos_per_unit, format) = match &s[digits..] {
        "" => (NANO, decimal),
        "n" => (1, decimal),
        "u" => (1_000, decimal),
        "m" => (1_000_000, decimal),
        "k" => (NANO * 1_000, decimal),
        "M" => (NANO * 1_000_000, decimal),
        "G" => (NANO * 1_000_000_000, decimal),
        "T" => (NANO * 1_000_000_000_000, decimal),
        "P" => (NANO * 1_000_000_000_000_000, decimal),
        "E" => (NANO * 1_000_000_000_000_000_000, decimal),
        "Ki" => (NANO << 10, binary),
        "Mi" => (NANO << 20, binary),
        "Gi" => (NANO << 30, binary),
        "Ti" => (NANO << 40, binary),
        "Pi" => (NANO << 50, binary),
        "Ei" => (NANO << 60, binary),
        _ => return None,
    };
    Some((&s[..digits], nanos_per_unit, format))
}

/// A plain quantity read without the general parse's joined digits and 128-bit text parse: at
/// most 10⁹ × 2⁶⁰ × 10⁹ nanos, so nothing overflows, and nothing is rounded.
fn parse_plain(s: &str) -> Option<Quantity> {
    let (digits, nanos_per_unit, format) = plain_parts(s)?;
    let mantissa = digits.bytes().fold(0i128, |m, d| m * 10 + i128::from(d - b'0'));
    Some(Quantity { nanos: mantissa * nanos_per_unit, format })
}

/// Whether `text` is a quantity written the canonical way, seen without parsing and printing it
/// again: 1–999 with no suffix or one of `m` and up (`500m`, `2`, `10k`), or 1–1023 with a
/// binary one (`512Mi`) — the way requests are mostly written, which every Pod's and Job's
/// create canonicalises. Other canonical texts (`5n`, `1500`) answer `false`, and are parsed.
pub fn plainly_canonical(text: &str) -> bool {
    let Some((digits, nanos_per_unit, format)) = plain_parts(text) else { return false };
    let limit = match format {
        Format::BinarySI => 1024,
        _ if nanos_per_unit >= 1_000_000 => 1000,
        _ => return false,
    };
    !digits.starts_with('0') && digits.len() <= 4 && digits.parse::<u32>().is_ok_and(|n| n < limit)
}

/// mantissa × 10^shift, rounding up when shift is negative.
fn scale_up(mantissa: i128, shift: i32) -> Result<i128, &'static str> {
    if shift >= 0 {
        10i128.checked_pow(shift as u32).and_then(|p| mantissa.checked_mul(p)).ok_or(QUANTITY_ERROR)
    } else {
        let div = 10i128.checked_pow((-shift) as u32).ok_or(QUANTITY_ERROR)?;
        Ok(mantissa / div + i128::from(mantissa % div != 0))
    }
}

impl fmt::Display for Quantity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.nanos == 0 {
            return f.write_str("0");
        }
        let sign = if self.nanos < 0 { "-" } else { "" };
        let abs = self.nanos.abs();
        if self.format == Format::BinarySI && abs % NANO == 0 {
            let units = abs / NANO;
            // The largest binary suffix that divides exactly; below 1Ki, a plain decimal number.
            for (shift, suffix) in [(60, "Ei"), (50, "Pi"), (40, "Ti"), (30, "Gi"), (20, "Mi"), (10, "Ki")] {
                let unit = 1i128 << shift;
                if units >= unit && units % unit == 0 {
                    return write!(f, "{sign}{}{suffix}", units / unit);
                }
            }
            if units < 1024 {
                return write!(f, "{sign}{units}");
            }
        }
        // Decimal: the largest power of 1000 (from 10^-9) that leaves an integer mantissa.
        let mut exp = -9i32;
        let mut mant = abs;
        while mant % 1000 == 0 && exp < 18 {
            mant /= 1000;
            exp += 3;
        }
        if self.format == Format::DecimalExponent {
            return if exp == 0 { write!(f, "{sign}{mant}") } else { write!(f, "{sign}{mant}e{exp}") };
        }
        let suffix = match exp {
            -9 => "n",
            -6 => "u",
            -3 => "m",
            0 => "",
            3 => "k",
            6 => "M",
            9 => "G",
            12 => "T",
            15 => "P",
            _ => "E",
        };
        write!(f, "{sign}{mant}{suffix}")
    }
}

/// Canonical text of a quantity string, or the parse error.
pub fn canonical(s: &str) -> Result<String, &'static str> {
    Quantity::parse(s).map(|q| q.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut says "canonical" only where parsing and writing again gives the same text:
    /// every number to 1,100 (and with leading zeros) with every suffix and none, and texts
    /// close to the shape (signs, decimals, exponents, other suffixes).
    #[test]
    fn plainly_canonical_quantities_are_canonical() {
        let suffixes = ["", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "n", "u", "K", "mi", "e3", "E3"];
        let numbers =
            (0..1100).map(|n| n.to_string()).chain(["00", "01", "007", "0999", "1.5", "-1", "+1", "10000", "1e3", ""].map(String::from));
        let mut shortcut = 0;
        for number in numbers {
            for suffix in suffixes {
                let text = format!("{number}{suffix}");
                let canonical = Quantity::parse(&text).is_ok_and(|q| q.to_string() == text);
                if plainly_canonical(&text) {
                    shortcut += 1;
                    assert!(canonical, "{text} is not canonical");
                }
            }
        }
        assert_eq!(shortcut, 999 * 8 + 1023 * 6, "the shortcut covers its shapes");
    }

    /// The plain reading gives what the general parse gives, wherever it answers: numbers with
    /// and without leading zeros, up to and past nine digits, with every suffix and with texts
    /// that only look like one. And it answers for exactly the plain forms.
    #[test]
    fn the_plain_reading_is_the_general_parse() {
        let numbers: Vec<String> = (0..=1100)
            .map(|n: u64| n.to_string())
            .chain(
                ["007", "0", "00", "999999999", "123456789", "1000000000", "0123456789", "-1", "+1", "1.5", ".5", "1."].map(String::from),
            )
            .collect();
        let suffixes = [
            "", "n", "u", "m", "k", "M", "G", "T", "P", "E", "Ki", "Mi", "Gi", "Ti", "Pi", "Ei", "e3", "E3", "x", "K", "mi", " ", "Gi ",
            "i",
        ];
        let mut plain = 0;
        for n in &numbers {
            for suffix in suffixes {
                let text = format!("{n}{suffix}");
                if let Some(q) = parse_plain(&text) {
                    assert_eq!(Ok(q), Quantity::parse_general(&text), "{text:?}");
                    plain += 1;
                }
                assert_eq!(Quantity::parse(&text), Quantity::parse_general(&text), "{text:?}");
            }
        }
        // 0 to 1,100 and five more of at most nine digits ("0" a second time), with 16 suffixes.
        assert_eq!(plain, (1101 + 5) * 16);
    }

    #[test]
    fn canonical_forms() {
        for (input, want) in [
            ("2", "2"),
            ("500m", "500m"),
            ("0.5", "500m"),
            ("1.5", "1500m"),
            ("1000", "1k"),
            ("1500", "1500"),
            ("2Gi", "2Gi"),
            ("2048Mi", "2Gi"),
            ("1536Mi", "1536Mi"),
            ("0.5Gi", "512Mi"),
            ("512", "512"),
            ("100M", "100M"),
            ("1e3", "1e3"),
            ("1E3", "1e3"),
            ("0", "0"),
            ("0Gi", "0"),
            ("-1", "-1"),
            ("1n", "1n"),
            ("0.1n", "1n"),
            ("1Ki", "1Ki"),
            ("1.5Ki", "1536"),
            ("001", "1"),
        ] {
            assert_eq!(canonical(input).as_deref(), Ok(want), "{input}");
        }
    }

    #[test]
    fn rejects_what_the_apiserver_rejects() {
        for bad in ["", "abc", "1.2.3", "2gi", "1 Gi", ".", "Gi", "1ee3", "--1"] {
            assert_eq!(canonical(bad), Err(QUANTITY_ERROR), "{bad:?}");
        }
    }

    #[test]
    fn values() {
        assert_eq!(Quantity::parse("1500m").unwrap().value(), 2);
        assert_eq!(Quantity::parse("1500m").unwrap().milli_value(), 1500);
        assert_eq!(Quantity::parse("2Gi").unwrap().value(), 2 * 1024 * 1024 * 1024);
    }
}
