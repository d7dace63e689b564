//! The product's two languages. Every string the product writes is given in both, side by side,
//! at the place it is used: `lang.pick("한국어", "English")`.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Lang {
    #[default]
    Ko,
    En,
}

impl Lang {
    pub fn pick(self, ko: &'static str, en: &'static str) -> &'static str {
        match self {
            Lang::Ko => ko,
            Lang::En => en,
        }
    }
    pub fn other(self) -> Lang {
        match self {
            Lang::Ko => Lang::En,
            Lang::En => Lang::Ko,
        }
    }
    /// The language's own name, for the toggle.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Ko => "한국어",
            Lang::En => "English",
        }
    }
    /// The same language as sim-core's lab texts name it.
    pub fn core(self) -> sim_core::lab::Lang {
        match self {
            Lang::Ko => sim_core::lab::Lang::Ko,
            Lang::En => sim_core::lab::Lang::En,
        }
    }
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ko => "ko",
            Lang::En => "en",
        }
    }
}
