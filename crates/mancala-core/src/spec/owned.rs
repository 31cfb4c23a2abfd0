//! `[owned]`: holes that become a player's own.

use super::RowChoice;
use super::is_zero;
use serde::{Deserialize, Serialize};

/// `[owned]`: a hole that a move's last seed brings to `count` seeds becomes
/// the mover's own hole (a tuzdik, a child), where the rules below allow it;
/// instead of any capture (`make` names other ways, `at_start` holes owned
/// from the start). An owned hole is never moved from nor captured
/// from; the seeds sown into it stay in it and belong to its owner: they
/// count with the owner's captures towards a majority and at the end of the
/// game, whatever the settlement does with the seeds of the plain holes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OwnedSpec {
    /// The count the last seed must bring a plain hole to (with `make =
    /// "pair-opposite"`: the count of the facing hole). 0: holes are never
    /// made owned in play (only `at_start`).
    pub count: u32,
    /// How a move makes holes its own.
    #[serde(default)]
    pub make: OwnedMake,
    /// The most holes a player may own (0: no limit).
    #[serde(default)]
    pub per_player: u32,
    /// The row in which the mover may make an owned hole.
    #[serde(default = "any_row")]
    pub row: RowChoice,
    /// Which holes of the rows may be owned at all.
    #[serde(default)]
    pub places: OwnedPlaces,
    /// Not the hole with the same number (counted from its owner's left) as
    /// a hole already owned in the other row (Toguz Kumalak).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_mirror: bool,
    /// Not the hole facing a hole already owned.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_facing: bool,
    /// Which owned holes a sowing passes over (never sown into).
    #[serde(default)]
    pub sow_past: SowPast,
    /// A last seed that falls into an opponent's owned hole takes this many
    /// seeds out of it (itself included; all it holds when fewer) for the
    /// mover: a capture (the wegs of Qelat). 0: nothing is taken.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub raid: u32,
    /// Holes owned from the start of the game.
    #[serde(default)]
    pub at_start: OwnedStart,
    /// Captured seeds go into the mover's first owned hole (by index)
    /// rather than off the board, and a player who owns no hole captures
    /// nothing (children as stores, in games without stores).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub captures_into: bool,
    /// In a territory match (`[rounds] territory`): whose holes this round
    /// the mover may make their own, by who plays them (Weg's wegs: the
    /// opponent's). `"any"` (default): whoever plays them.
    #[serde(default = "any_row", skip_serializing_if = "is_any_row")]
    pub holder: RowChoice,
}

fn is_any_row(r: &RowChoice) -> bool {
    *r == RowChoice::Any
}

/// How a move makes holes its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedMake {
    /// The last hole, when its last seed brings it to `count`.
    #[default]
    Count,
    /// The last hole and the hole facing it, when the last seed falls into
    /// an empty hole and the facing hole holds `count` seeds (the qur of
    /// Leyla-Gobale).
    PairOpposite,
    /// The last hole, when its last seed brings it to `count`, or with the
    /// hole before it (against the sowing, not owned) when the two then
    /// hold `count` and `count - 1` seeds, in either order: both become
    /// the mover's (the bulls of Enkeshui; StoneShark's BULL).
    PairBefore,
}

/// Holes owned from the start of the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedStart {
    /// None.
    #[default]
    None,
    /// Each player owns the rightmost hole of their own row (seen from
    /// their seat; Rath).
    Rightmost,
}

fn any_row() -> RowChoice {
    RowChoice::Any
}

/// Which holes may become owned, by position in their row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OwnedPlaces {
    /// Any hole.
    #[default]
    Anywhere,
    /// Only the two end holes of each row.
    Ends,
    /// Any hole but the end holes of each row.
    NotEnds,
    /// Not the last hole (rightmost, seen from its row's owner) of the
    /// opponent's row (Toguz Kumalak's ninth hole).
    NotOpponentLast,
    /// Not the first hole (leftmost, seen from its row's owner) of the
    /// opponent's row.
    NotOpponentFirst,
    /// The two end holes of the opponent's row and the holes between the
    /// ends of the mover's own row.
    OpponentEndsOwnMiddle,
    /// The end holes of either row, and the second and second-last holes
    /// of the opponent's row.
    EndsAndOpponentNextToEnds,
}

/// Which owned holes a sowing passes over.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SowPast {
    /// None: owned holes are sown like any other.
    #[default]
    None,
    /// The opponent's owned holes.
    Opponent,
    /// The opponent's owned holes, except with the last seed.
    OpponentButLast,
    /// Every owned hole.
    All,
}
