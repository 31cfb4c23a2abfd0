//! The rule model: what a `games/*.toml` file says, before it is compiled.
//!
//! Every mechanism the engine knows is a field here. Fields that a game may
//! leave out have the default that the project's spec chose, so a rule file
//! reads as the list of what makes its game different.
//!
//! The model is split by rule table, a file a table (`board.rs`,
//! `sowing.rs`, `moves.rs`, `capture.rs`, `end.rs`, `owned.rs`,
//! `rounds.rs`, `rows.rs`, `about.rs`), as `Rules` compiles them (`rules/`) and
//! `validate/` checks them.

use serde::{Deserialize, Serialize};

mod about;
mod board;
mod capture;
mod end;
mod moves;
mod owned;
mod rounds;
mod rows;
mod sowing;

pub use about::*;
pub use board::*;
pub use capture::*;
pub use end::*;
pub use moves::*;
pub use owned::*;
pub use rounds::*;
pub use rows::*;
pub use sowing::*;

/// A whole game as written in a rule file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// The game's name as people write it, e.g. `"Sadeqa II"`.
    pub name: String,
    /// Where the game is played, e.g. `"Morocco"` (shown in summaries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// What a catalogue says about the game: region, source, overview.
    #[serde(default)]
    pub about: About,
    /// Size of the board and how it is filled.
    pub board: BoardSpec,
    /// How seeds are sown.
    pub sowing: SowingSpec,
    /// Which holes may start a move.
    #[serde(default)]
    pub moves: MovesSpec,
    /// What a move captures.
    #[serde(default)]
    pub capture: CaptureSpec,
    /// How the game ends and who wins.
    #[serde(default)]
    pub end: EndSpec,
    /// `[rounds]`: the game is a match of rounds (absent: a single game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<RoundsSpec>,
    /// `[owned]`: holes that a move can turn into a player's own store
    /// (tuzdik, children; absent: every hole stays plain).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owned: Option<OwnedSpec>,
    /// `[rows]`: the captures, moves and end of a four-row game (absent:
    /// none of them; needs `board.rows = 4`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<RowsSpec>,
}

/// For `skip_serializing_if`: a count left at 0 is not written.
fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// For `serde(default)`: one.
fn one() -> u32 {
    1
}
