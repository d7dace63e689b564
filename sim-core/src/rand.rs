//! The simulator's only source of randomness: a seeded SplitMix64, so the same seed gives the
//! same UIDs and pod-name suffixes, byte for byte.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct SimRng {
    state: u64,
}

/// The characters apimachinery's `rand.String` draws from (no vowels, no 0/1/3).
const NAME_ALPHABET: &[u8] = b"bcdfghjklmnpqrstvwxz2456789";

impl SimRng {
    pub fn new(seed: u64) -> Self {
        SimRng { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A version-4-shaped UUID, as the apiserver gives every object.
    pub fn uuid(&mut self) -> String {
        let (a, b) = self.uuid_words();
        uuid_from(a, b)
    }

    /// The two random words a `uuid` is written from (`uuid_from` writes it): drawn where the
    /// uid is drawn, written when it is read (an Event the recorder keeps as its parts).
    pub fn uuid_words(&mut self) -> (u64, u64) {
        (self.next_u64(), self.next_u64())
    }

    /// `n` characters for a generated name suffix (`train-1-x7k9p`).
    pub fn name_suffix(&mut self, n: usize) -> String {
        (0..n).map(|_| NAME_ALPHABET[(self.next_u64() % NAME_ALPHABET.len() as u64) as usize] as char).collect()
    }
}

/// The UUID of two random words: their 32 hex digits as 8-4-4-4-12, with version 4 and variant
/// 10xx (the top two bits of `b`) written over digits 12 and 16. Written two digits per byte
/// into a byte array: every object created gets one (`format!` took ten times as long, and a
/// digit at a time from a 128-bit shift, twice as long).
pub fn uuid_from(a: u64, b: u64) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    // Where each byte's two digits go: the text's places less its four hyphens.
    const AT: [usize; 16] = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
    let mut out = [b'-'; 36];
    let bits = (u128::from(a) << 64) | u128::from(b);
    for (i, &at) in AT.iter().enumerate() {
        let byte = (bits >> (120 - 8 * i)) as u8;
        out[at] = HEX[usize::from(byte >> 4)];
        out[at + 1] = HEX[usize::from(byte & 0xf)];
    }
    out[14] = b'4';
    out[19] = b"89ab"[(b >> 62) as usize & 3];
    std::str::from_utf8(&out).map(str::to_owned).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same text as the format it replaced.
    #[test]
    fn uuid_digits_are_the_formatted_ones() {
        let formatted = |a: u64, b: u64| {
            let hex = format!("{a:016x}{b:016x}");
            let variant = ["8", "9", "a", "b"][(b >> 62) as usize & 3];
            format!("{}-{}-4{}-{}{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], variant, &hex[17..20], &hex[20..32])
        };
        let mut r = SimRng::new(11);
        for (a, b) in [(0, 0), (u64::MAX, u64::MAX), (0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210)]
            .into_iter()
            .chain((0..2000).map(|_| (r.next_u64(), r.next_u64())))
        {
            assert_eq!(uuid_from(a, b), formatted(a, b));
        }
    }

    #[test]
    fn deterministic_and_well_formed() {
        let mut a = SimRng::new(7);
        let mut b = SimRng::new(7);
        let u = a.uuid();
        assert_eq!(u, b.uuid());
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        let s = a.name_suffix(5);
        assert!(s.chars().all(|c| "bcdfghjklmnpqrstvwxz2456789".contains(c)) && s.len() == 5);
    }
}
