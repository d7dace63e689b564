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
        let a = self.next_u64();
        let b = self.next_u64();
        let hex = format!("{a:016x}{b:016x}");
        // Version 4, variant 10xx.
        let variant = ["8", "9", "a", "b"][(b >> 62) as usize & 3];
        format!("{}-{}-4{}-{}{}-{}", &hex[0..8], &hex[8..12], &hex[13..16], variant, &hex[17..20], &hex[20..32])
    }

    /// `n` characters for a generated name suffix (`train-1-x7k9p`).
    pub fn name_suffix(&mut self, n: usize) -> String {
        (0..n).map(|_| NAME_ALPHABET[(self.next_u64() % NAME_ALPHABET.len() as u64) as usize] as char).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
