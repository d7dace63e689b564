//! A 64-bit hash fed whole words: a multiply and a shift per word. It is the same in every run
//! and on every platform (the browser groups workloads as the native build does), and far cheaper
//! than std's SipHash for the engine's short texts. Not for keys an adversary picks: nothing the
//! engine hashes is a table an attacker could flood.

#[derive(Debug, Clone, Copy)]
pub struct WordHash(u64);

impl Default for WordHash {
    fn default() -> Self {
        WordHash(0xcbf2_9ce4_8422_2325)
    }
}

impl WordHash {
    pub fn word(&mut self, w: u64) {
        let h = (self.0 ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ (h >> 29);
    }

    /// A text, led by its length, so that texts fed one after another never read as others.
    pub fn text(&mut self, t: &str) {
        self.word(t.len() as u64);
        self.bytes(t.as_bytes());
    }

    /// Bytes, eight to a word (the last word zero-padded).
    pub fn bytes(&mut self, bytes: &[u8]) {
        let mut words = bytes.chunks_exact(8);
        for w in &mut words {
            self.word(u64::from_le_bytes([w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]]));
        }
        let rest = words.remainder();
        if !rest.is_empty() {
            let mut bytes = [0u8; 8];
            bytes[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(bytes));
        }
    }

    pub fn finish(&self) -> u64 {
        self.0
    }
}

/// `WordHash` as std's `Hasher`, for hash maps keyed by texts (`str` hashes its bytes and then
/// a `0xff`, so texts fed one after another never read as others there either).
#[derive(Default)]
pub struct WordHasher(WordHash);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        self.0.bytes(bytes);
    }

    fn finish(&self) -> u64 {
        self.0.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PINNED: u64 = 15_180_079_610_031_725_214;

    fn of(texts: &[&str]) -> u64 {
        let mut h = WordHash::default();
        texts.iter().for_each(|t| h.text(t));
        h.finish()
    }

    /// Texts split differently hash differently, and every byte counts (a tail shorter than a
    /// word too).
    #[test]
    fn texts_hash_apart() {
        assert_ne!(of(&["ab", "c"]), of(&["a", "bc"]));
        assert_ne!(of(&["abcdefgh", ""]), of(&["abcdefg", "h"]));
        let base = "0123456789abcdefghij";
        let mut seen = std::collections::BTreeSet::new();
        for at in 0..base.len() {
            let mut changed = base.as_bytes().to_vec();
            changed[at] ^= 1;
            assert!(seen.insert(of(&[std::str::from_utf8(&changed).unwrap()])), "byte {at}");
        }
        assert!(seen.insert(of(&[base])));
        // The value of a text is fixed (the same in the browser and natively, and from one
        // version to the next): Kueue's scheduling hashes and Events' aggregation hang on it.
        assert_eq!(of(&["kueue"]), PINNED);
    }
}
