//! How fast virtual time follows the wall clock in the browser: paused, 1×, or fast-forward.
//! (sim-core's clock only moves when told; this is the app's choice of how to tell it.)

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Speed {
    Paused,
    #[default]
    Normal,
    Fast,
}

impl Speed {
    /// Virtual milliseconds per wall-clock millisecond.
    pub fn factor(self) -> u64 {
        match self {
            Speed::Paused => 0,
            Speed::Normal => 1,
            Speed::Fast => 10,
        }
    }
}
