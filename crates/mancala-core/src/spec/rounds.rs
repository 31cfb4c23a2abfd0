//! `[rounds]`: matches played in rounds.

use super::one;
use serde::{Deserialize, Serialize};

/// `[rounds]`: a match played in rounds. When a round ends (any end of the
/// game but an endless sowing or the ply limit), each player takes the seeds
/// the end settlement gives them and refills their own row with
/// `board.seeds_per_hole` seeds a hole, in the order `fill` says, keeping
/// the seeds that fill no hole in their store; holes left empty are out of
/// play for the round when `blocked`. The match ends when a player cannot
/// fill `min_holes` holes; the last round's result is the match's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoundsSpec {
    /// Which holes of a row are filled first.
    #[serde(default)]
    pub fill: RoundFill,
    /// Whether holes left empty at a round's start are out of play for the
    /// round (never sown into nor moved from); otherwise they are ordinary
    /// empty holes.
    #[serde(default = "yes")]
    pub blocked: bool,
    /// The match ends when a player's seeds cannot fill this many holes.
    #[serde(default = "one")]
    pub min_holes: u32,
    /// Who starts the next round.
    #[serde(default)]
    pub starter: RoundStarter,
    /// Only the round's loser (after a drawn round, North) refills their
    /// row, from the seeds of their row and store; the winner's row, store
    /// and blocked holes stay as the round left them.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub loser_only: bool,
    /// Territory: every round starts with every hole filled and no seeds
    /// in the stores, and the holes are shared out by the seeds each player
    /// won in the previous round. The player with more seeds owns as many
    /// holes as their seeds fill (`board.seeds_per_hole` a hole), and one
    /// more when the seeds left over are more than half a hole: their own
    /// row first, then the opponent's row from the opponent's left; the
    /// other player owns the rest. After a drawn round each player owns
    /// their own row. A player moves only from the holes they own, and the
    /// seeds left in them at the end of a round are theirs. `fill` and
    /// `blocked` do not apply.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub territory: bool,
    /// The match ends when a player has fewer than this many seeds at the
    /// end of a round (absent: `min_holes` times `board.seeds_per_hole`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_seeds: Option<u32>,
    /// Territory: who owns the hole that the round's winner's seeds left
    /// over fill only in part.
    #[serde(default, skip_serializing_if = "PartialHole::is_default")]
    pub partial_hole: PartialHole,
    /// A match won by a tally of round wins: the first player to win this
    /// many rounds wins the match (a drawn round counts for neither). Each
    /// round then starts afresh from the opening layout (a new draw when
    /// it is random), the stores empty, whatever the seeds won; `fill`,
    /// `blocked`, `min_holes`, `min_seeds` and `loser_only` do not apply.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_wins: Option<u32>,
    /// With `round_wins`: a round won with at least this many seeds counts
    /// as two round wins (StoneShark's round points, a point for a win and
    /// one more for a skunk; Urim: 36 of 48).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub double_win_seeds: Option<u32>,
    /// A match won by a tally of seeds: each round starts afresh from the
    /// opening layout, as with `round_wins`, and the first player whose
    /// seeds over the rounds (each round's total, captures plus the seeds
    /// the round's end gives them) reach this many wins the match; when
    /// both reach it in the same round, the one with more wins (as many:
    /// a draw). The match's totals are these sums (StoneShark's
    /// RND_SEED_COUNT; Centering: 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_to_win: Option<u32>,
}

/// In a territory match, the hole the winner's seeds left over (fewer than
/// a hole's) would fill in part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PartialHole {
    /// The winner's when the seeds left over are more than half a hole,
    /// else the loser's.
    #[default]
    OverHalf,
    /// Always the loser's.
    Loser,
    /// The loser's, and it starts the round empty: each player keeps the
    /// seeds left over from filling whole holes in their store.
    LoserEmpty,
}

impl PartialHole {
    fn is_default(&self) -> bool {
        *self == PartialHole::OverHalf
    }
}

impl RoundsSpec {
    /// The fewest seeds a player must hold at the end of a round for the
    /// match to go on: `min_seeds`, or `min_holes` holes of `seeds_per_hole`.
    pub fn least_seeds(&self, seeds_per_hole: u32) -> u32 {
        self.min_seeds.unwrap_or(self.min_holes * seeds_per_hole)
    }

    /// Whether the match is won by a tally (of round wins, `round_wins`, or
    /// of seeds, `seeds_to_win`), every round starting afresh from the
    /// opening layout.
    pub fn is_tallied(&self) -> bool {
        self.round_wins.is_some() || self.seeds_to_win.is_some()
    }
}

fn yes() -> bool {
    true
}

/// The order in which a player's holes are filled at a new round, seen from
/// the player's seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundFill {
    /// From the player's left.
    #[default]
    Left,
    /// From the player's right.
    Right,
    /// From both ends towards the middle: leftmost, rightmost, second
    /// leftmost, second rightmost, ...
    Outside,
    /// From both ends towards the middle, both players starting at the
    /// same end of the board: South's left, which is North's right (how
    /// StoneShark fills a row when the player does not choose).
    OutsideWest,
    /// From the board's west end: South from their left, North from their
    /// right.
    West,
}

/// Who starts a round after the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RoundStarter {
    /// The player who did not start the previous round.
    #[default]
    Alternate,
    /// The loser of the previous round (after a drawn round: alternate).
    Loser,
    /// The winner of the previous round (after a drawn round: alternate).
    Winner,
    /// The player who made the previous round's last move.
    LastMover,
    /// The loser of the previous round; after a drawn round, the player
    /// not to move at its end: the player who made its last move, or the
    /// opponent when that move earned another (as StoneShark has it).
    LoserElseLastMover,
    /// The winner, and after a drawn round the player to move at its end:
    /// the player who did not make its last move, or its mover when that
    /// move earned another (StoneShark's winner rule).
    WinnerElseNotLastMover,
}
