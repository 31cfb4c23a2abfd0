//! `[board]`: the holes, the seeds and how they lie at the start.

use crate::Side;
use serde::{Deserialize, Serialize};

/// `[board]`: two, three or four rows of holes, and stores or none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardSpec {
    /// Rows of holes: 2 (each player owns one), 3 (each player owns the
    /// outer row nearest them and the half of the shared middle row on
    /// their right, and every lap goes round one ring through all the
    /// holes; an even number of holes a row), or 4 (each player owns an
    /// outer row, nearest them, and an inner row facing the opponent's,
    /// and sows around the ring of those two).
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub rows: u32,
    /// Holes in each row (1 to 16).
    pub holes_per_row: u32,
    /// Seeds in every hole at the start.
    pub seeds_per_hole: u32,
    /// Who moves first.
    #[serde(default = "south")]
    pub first_player: Side,
    /// Whether each player has a store (drawn at the end of their row, on
    /// their right): where their captures, and in games that sow into
    /// stores their sown seeds, are kept. Without stores captures are kept
    /// beside the board; either way the JSON state's `captured` is what each
    /// player holds off the board.
    #[serde(default)]
    pub stores: bool,
    /// How the seeds lie at the start (the default: `seeds_per_hole` in
    /// every hole).
    #[serde(default, skip_serializing_if = "StartLayout::is_uniform")]
    pub layout: StartLayout,
    /// With `layout = "random"`: the game's seeds, when the holes cannot
    /// share them evenly (Mangala I's 70 on 12 holes); `seeds_per_hole` is
    /// then their share a hole, rounded down. Absent: `2n * seeds_per_hole`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub total_seeds: Option<u32>,
}

impl BoardSpec {
    /// The seeds of the game at the start: `total_seeds`, or those of
    /// `seeds_per_hole` in every hole (a layout may add some; the compiled
    /// rules' [`total_seeds`](crate::Rules::total_seeds) counts those).
    pub fn seeds(&self) -> u32 {
        self.total_seeds
            .unwrap_or(self.holes() * self.seeds_per_hole)
    }

    /// Holes on the board: `rows * holes_per_row`.
    pub fn holes(&self) -> u32 {
        self.rows * self.holes_per_row
    }
}

/// How the seeds lie at the start of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartLayout {
    /// `seeds_per_hole` seeds in every hole.
    #[default]
    Uniform,
    /// Numbering the holes from 0 at the first player's leftmost hole in
    /// sowing order (counter-clockwise), holes 2, 4, ..., 2n-2 hold
    /// `seeds_per_hole` seeds and the others none; then the seeds of the
    /// hole opposite hole d = 1 + 2 * ((n - 1) / 4) are moved into hole d
    /// (StoneShark's Gamacha layout; at least 3 holes a row).
    Gamacha,
    /// `seeds_per_hole` seeds in every hole and one more in each player's
    /// rightmost hole (Bay Khom; StoneShark's RIGHTMOST_PLUS_ONE).
    RightmostPlusOne,
    /// The game's `2n * seeds_per_hole` seeds (or `total_seeds`) spread at random: every hole
    /// first gets 2 seeds (none when `seeds_per_hole` is below 2), then the
    /// rest are split among the holes, every split equally likely. The
    /// split is drawn from a seed ([`Rules::start_seeded`](crate::Rules::start_seeded));
    /// [`Rules::start`](crate::Rules::start) is the one of seed 0.
    Random,
    /// In every group of three holes of a row, counted from its player's
    /// left, the first is empty and the other two hold `seeds_per_hole`
    /// (Tapata, Boola; StoneShark's clipped triples). Needs a multiple of 3
    /// holes a row.
    TwoOfThree,
    /// The two rightmost holes of each row (seen from its player's seat)
    /// empty, the others holding `seeds_per_hole` (Enkeshui; StoneShark's
    /// TWOEMPTY). Needs at least 3 holes a row.
    LastTwoEmpty,
    /// On four rows: `seeds_per_hole` seeds in every hole of both outer
    /// rows, the inner rows empty (Omweso, Tsoro).
    OuterRows,
}

impl StartLayout {
    /// Whether this is the default layout.
    pub fn is_uniform(&self) -> bool {
        *self == StartLayout::Uniform
    }
}

fn two() -> u32 {
    2
}

fn is_two(rows: &u32) -> bool {
    *rows == 2
}

fn south() -> Side {
    Side::South
}
