//! Korean particles (조사) after names the product did not write itself: `train-1` + 이/가 is
//! `train-1 이` (일), `team-a` + 을/를 is `team-a 를` (에이). The choice follows the final sound
//! of the name as a Korean reader says it: Hangul by its last syllable's final consonant (받침),
//! digits as Sino-Korean numbers (1 일, 2 이, 10 십), Latin letters one by one for
//! abbreviations (`lq` 엘큐, `GPU` 지피유) and as an English word is written in Hangul otherwise
//! (`train` 트레인, `job` 잡, `sneaky` 스니키). Pure: no state, no allocation.
//!
//! The product writes a particle after a Latin name with one space (`train-1 이`, `Kueue 의`),
//! as the lab texts do; [`particle`] gives the form, the caller the space.

/// A particle with two forms: after a final consonant, and after a vowel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Josa {
    /// 이 / 가 (subject)
    IGa,
    /// 을 / 를 (object)
    EulReul,
    /// 은 / 는 (topic)
    EunNeun,
    /// 과 / 와 (and, with)
    GwaWa,
    /// 으로 / 로 (to, as); after ㄹ it is 로 as after a vowel.
    EuroRo,
    /// 이어야 / 여야 (must be)
    IeoyaYeoya,
}

/// How a word ends when read aloud in Korean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    Vowel,
    /// A final consonant other than ㄹ.
    Consonant,
    /// The final consonant ㄹ (matters only for 으로/로).
    Rieul,
}

/// The form of `josa` that follows `word`.
pub fn particle(word: &str, josa: Josa) -> &'static str {
    let ending = ending(word);
    let consonant = ending != Ending::Vowel;
    match josa {
        Josa::IGa => pick(consonant, "이", "가"),
        Josa::EulReul => pick(consonant, "을", "를"),
        Josa::EunNeun => pick(consonant, "은", "는"),
        Josa::GwaWa => pick(consonant, "과", "와"),
        Josa::EuroRo => pick(ending == Ending::Consonant, "으로", "로"),
        Josa::IeoyaYeoya => pick(consonant, "이어야", "여야"),
    }
}

/// `word` followed by a space and the right form of `josa`: `train-1 이`.
pub fn with(word: &str, josa: Josa) -> String {
    format!("{word} {}", particle(word, josa))
}

/// Every particle in a Korean sentence that follows a Latin or numeric name after one space
/// (`train-1 가`, `` `team-a` 을 ``, `2Gi 이어야`) put in the form that name's final sound
/// takes. A particle after Hangul, or not after a name, is left as it is; so is everything
/// else in the text. For messages built from names the product did not choose.
pub fn fix_particles(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev_word = "";
    for (i, piece) in text.split(' ').enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let core = piece.trim_end_matches(['.', ',', ';', ':', ')']);
        let rest = &piece[core.len()..];
        let josa = match core {
            "이" | "가" => Some(Josa::IGa),
            "을" | "를" => Some(Josa::EulReul),
            "은" | "는" => Some(Josa::EunNeun),
            "과" | "와" => Some(Josa::GwaWa),
            "으로" | "로" => Some(Josa::EuroRo),
            "이어야" | "여야" => Some(Josa::IeoyaYeoya),
            _ => None,
        };
        let after_name = prev_word.trim_end_matches(['`', '"', '\'', ')', ']']).chars().last().is_some_and(|c| c.is_ascii_alphanumeric());
        match josa {
            Some(j) if after_name => {
                out.push_str(particle(prev_word, j));
                out.push_str(rest);
            }
            _ => out.push_str(piece),
        }
        prev_word = piece;
    }
    out
}

fn pick(consonant: bool, after_consonant: &'static str, after_vowel: &'static str) -> &'static str {
    if consonant {
        after_consonant
    } else {
        after_vowel
    }
}

/// The final sound of `word`, ignoring closing quotes, brackets and punctuation around it.
pub fn ending(word: &str) -> Ending {
    let trimmed = word.trim_end_matches(|c: char| !c.is_alphanumeric() && !is_hangul(c));
    let Some(last) = trimmed.chars().last() else { return Ending::Vowel };
    if is_hangul(last) {
        return match (last as u32 - 0xAC00) % 28 {
            0 => Ending::Vowel,
            8 => Ending::Rieul,
            _ => Ending::Consonant,
        };
    }
    if last.is_ascii_digit() {
        return number_ending(trimmed);
    }
    if last.is_ascii_alphabetic() {
        // The last run of Latin letters: `fake-gpu` → `gpu`, `k3s` → `s`.
        let start = trimmed.rfind(|c: char| !c.is_ascii_alphabetic()).map_or(0, |i| i + 1);
        return latin_ending(&trimmed[start..]);
    }
    Ending::Vowel
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

/// A number read in Sino-Korean: its last non-zero digit, or the unit its trailing zeros make
/// (십, 백, 천, 만 … all end in a consonant); `0` alone is 영.
fn number_ending(text: &str) -> Ending {
    let digits: &str = {
        let start = text.rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
        &text[start..]
    };
    let significant = digits.trim_end_matches('0');
    if significant.len() != digits.len() {
        return Ending::Consonant; // 영, 십, 백, 천, 만
    }
    match significant.chars().last() {
        Some('1' | '7' | '8') => Ending::Rieul, // 일, 칠, 팔
        Some('3' | '6') => Ending::Consonant,   // 삼, 육
        _ => Ending::Vowel,                     // 이, 사, 오, 구
    }
}

/// Latin letters: an abbreviation (no vowel, one letter, or all capitals up to five) is read
/// letter by letter, so its last letter's name decides; a word is read as written in Hangul.
fn latin_ending(run: &str) -> Ending {
    let lower = run.to_ascii_lowercase();
    let has_vowel = lower.chars().any(|c| "aeiouy".contains(c));
    let acronym = run.len() == 1 || !has_vowel || (run.len() <= 5 && run.chars().all(|c| c.is_ascii_uppercase()));
    if acronym {
        return match lower.chars().last() {
            Some('l' | 'r') => Ending::Rieul,     // 엘, 알
            Some('m' | 'n') => Ending::Consonant, // 엠, 엔
            _ => Ending::Vowel,                   // 에이, 비, 씨, …, 큐, 엑스, 제트
        };
    }
    let b = lower.as_bytes();
    let last = b[b.len() - 1];
    let before = if b.len() >= 2 { b[b.len() - 2] } else { 0 };
    let vowel = |c: u8| b"aeiou".contains(&c);
    match last {
        b'l' => Ending::Rieul,                                                             // small 스몰
        b'm' | b'n' => Ending::Consonant,                                                  // train 트레인, team 팀
        b'g' if before == b'n' => Ending::Consonant,                                       // running 러닝
        b'e' if before == b'l' => Ending::Rieul,                                           // table 테이블
        b'e' if matches!(before, b'm' | b'n') && b.len() > 3 => Ending::Consonant,         // name 네임, line 라인
        b'k' | b'p' | b'b' | b'g' if vowel(before) || before == b'c' => Ending::Consonant, // job 잡, big 빅, pack 팩
        _ => Ending::Vowel, // sneaky 스니키, pod 파드, fake-gpus 지피유스, queue 큐, urgent 어전트
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_read_the_korean_way() {
        assert_eq!(with("train-1", Josa::IGa), "train-1 이");
        assert_eq!(with("train-2", Josa::IGa), "train-2 가");
        assert_eq!(with("train-3", Josa::EulReul), "train-3 을");
        assert_eq!(with("job-4", Josa::EunNeun), "job-4 는");
        assert_eq!(with("x-6", Josa::GwaWa), "x-6 과");
        assert_eq!(with("x-9", Josa::GwaWa), "x-9 와");
        assert_eq!(with("x-10", Josa::IGa), "x-10 이");
        assert_eq!(with("x-20", Josa::IGa), "x-20 이");
        assert_eq!(with("x-0", Josa::EulReul), "x-0 을");
        assert_eq!(particle("job-00001", Josa::IGa), "이");
        assert_eq!(particle("7", Josa::EuroRo), "로");
        assert_eq!(particle("3", Josa::EuroRo), "으로");
        assert_eq!(particle("2Gi", Josa::IeoyaYeoya), "여야");
        assert_eq!(particle("2", Josa::IeoyaYeoya), "여야");
        assert_eq!(particle("1", Josa::IeoyaYeoya), "이어야");
    }

    #[test]
    fn latin_letters_and_words() {
        assert_eq!(with("team-a", Josa::IGa), "team-a 가");
        assert_eq!(with("lq", Josa::IGa), "lq 가");
        assert_eq!(with("team-m", Josa::EunNeun), "team-m 은");
        assert_eq!(with("cpu-l", Josa::EuroRo), "cpu-l 로");
        assert_eq!(with("GPU", Josa::EulReul), "GPU 를");
        assert_eq!(with("train", Josa::IGa), "train 이");
        assert_eq!(with("job", Josa::IGa), "job 이");
        assert_eq!(with("big", Josa::EunNeun), "big 은");
        assert_eq!(with("small", Josa::EuroRo), "small 로");
        assert_eq!(with("sneaky", Josa::IGa), "sneaky 가");
        assert_eq!(with("fake-gpu", Josa::IGa), "fake-gpu 가");
        assert_eq!(with("fake-gpus", Josa::IGa), "fake-gpus 가");
        assert_eq!(with("Kueue", Josa::IGa), "Kueue 가");
        assert_eq!(with("k3s", Josa::IGa), "k3s 가");
        assert_eq!(with("default", Josa::IGa), "default 가");
        assert_eq!(with("high", Josa::IGa), "high 가");
        assert_eq!(with("pending", Josa::IGa), "pending 이");
    }

    #[test]
    fn particles_in_a_sentence_follow_the_name_before_them() {
        assert_eq!(fix_particles("Job `train-1` 가 입장했습니다"), "Job `train-1` 이 입장했습니다");
        assert_eq!(fix_particles("`train-3` 이 기다리고 `sneaky` 이 돕니다"), "`train-3` 이 기다리고 `sneaky` 가 돕니다");
        assert_eq!(fix_particles("ClusterQueue team-a 을 보세요, lq 은 비었고"), "ClusterQueue team-a 를 보세요, lq 는 비었고");
        assert_eq!(fix_particles("`nominalQuota` 가 2 이어야 하는데 지금은 1 입니다"), "`nominalQuota` 가 2 여야 하는데 지금은 1 입니다");
        assert_eq!(fix_particles("cpu 가 3 여야"), "cpu 가 3 이어야");
        assert_eq!(fix_particles("WaitingForQuota 으로 기다림"), "WaitingForQuota 로 기다림");
        assert_eq!(fix_particles("(Job train-1 가)"), "(Job train-1 이)");
        assert_eq!(fix_particles("train-1 과 train-2 과 비교"), "train-1 과 train-2 와 비교");
        // Not after a name: left alone (a demonstrative 이, a particle after Hangul, a sentence start).
        assert_eq!(fix_particles("적용했습니다. 이 클러스터는"), "적용했습니다. 이 클러스터는");
        assert_eq!(fix_particles("학습 가 이상"), "학습 가 이상");
        assert_eq!(fix_particles("가 나 다"), "가 나 다");
        assert_eq!(fix_particles(""), "");
        assert_eq!(fix_particles("  double  spaces 가 "), "  double  spaces 가 ");
    }

    #[test]
    fn hangul_quotes_and_odd_input() {
        assert_eq!(with("학습", Josa::IGa), "학습 이");
        assert_eq!(with("큐", Josa::IGa), "큐 가");
        assert_eq!(particle("서울", Josa::EuroRo), "로");
        assert_eq!(particle("`train-1`", Josa::IGa), "이");
        assert_eq!(particle("\"fake-gpus\"", Josa::IGa), "가");
        assert_eq!(particle("train-1.", Josa::EulReul), "을");
        assert_eq!(particle("", Josa::IGa), "가");
        assert_eq!(particle("---", Josa::EunNeun), "는");
        assert_eq!(particle("🙂", Josa::IGa), "가");
    }
}
