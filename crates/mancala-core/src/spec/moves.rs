//! `[moves]`: which holes may start a move, and which moves earn another.

use super::one;
use serde::{Deserialize, Serialize};

/// `[moves]`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovesSpec {
    /// The fewest seeds a hole needs to be played.
    #[serde(default = "one")]
    pub min_seeds: u32,
    /// A restriction on each player's first move.
    #[serde(default)]
    pub opening: Opening,
    /// What a restricted opening falls back to when its hole is empty.
    #[serde(default)]
    pub opening_fallback: OpeningFallback,
    /// When the opponent's row is empty, only moves that sow into it.
    #[serde(default)]
    pub must_feed: bool,
    /// With `must_feed`: a move feeds the opponent only if their row still
    /// holds seeds after the move's captures (sowing seeds into it that the
    /// move then captures does not feed).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feed_after_capture: bool,
    /// What a player with no legal move does.
    #[serde(default)]
    pub when_none: WhenNone,
    /// Only moves that leave the opponent at least one seed in their row
    /// (after captures), whenever such a move exists (Awari).
    #[serde(default)]
    pub must_leave_seeds: bool,
    /// When a move earns its player another move at once.
    #[serde(default)]
    pub extra_turn: ExtraTurn,
    /// Only holes whose first lap ends in the opponent's row, in a store,
    /// or in a hole of the mover's row that was empty before the move; a
    /// hole holding more seeds than a row has holes may always be played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_or_across: bool,
    /// A hole holding a single seed may be played only when the hole after
    /// it in the sowing direction is empty.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub single_to_empty: bool,
    /// With `extra_turn = "capture"`: only a move that is not itself an
    /// extra turn earns one by capturing (StoneShark's CaptRTurn ONCE): at
    /// most two moves in a row.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_turn_once: bool,
    /// The first move of the game (of each round, in matches) shifts seeds
    /// instead of sowing (StoneShark's PLUS1MINUS1, Gabata): the chosen
    /// hole keeps its seeds; going round the board from the next hole in
    /// the sowing direction, every other hole passes one seed on to the
    /// hole after it, and the last hole before the chosen one passes its
    /// seed to the hole facing the chosen hole, where the move then ends
    /// (captures and owned holes as for a last seed there). A hole without
    /// seeds (only in a position set up by hand) passes none.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opening_shift: bool,
    /// A player may move from any hole of either row, not only their own
    /// (StoneShark's NO_SIDES); the rows still say whose side is whose for
    /// the capture and end rules.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub any_row: bool,
    /// With `sowing.into_opponent_store`: a move whose last seed falls into
    /// the opponent's store earns the mover another move too.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub extra_turn_opponent_store: bool,
    /// With `must_feed`: when no move feeds the opponent, every move may be
    /// played (otherwise none: the player passes or the game ends).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub feed_else_any: bool,
    /// A hole holding exactly this many seeds may be played only when every
    /// hole the mover may otherwise play holds this many (StoneShark's
    /// SINGLE_ONLY_ALL with 1, TWO_ONLY_ALL with 2). Absent (the default):
    /// no such restriction.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_resort_count: Option<u32>,
    /// With `last_resort_count`: when every hole the mover may play holds
    /// that many seeds, only the rightmost of them (seen from the mover's
    /// seat) may be played (StoneShark's TWO_ONLY_ALL_RIGHT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_resort_rightmost: bool,
    /// A hole holding at least the seeds its sowing needs to go round the
    /// opponent's row and come back into its own row is a ram (CrossCapt
    /// Six; StoneShark's child type RAM): it may not be played, and its
    /// seeds count for nobody when the game ends: no settlement gives them
    /// to anyone, and a row whose seeds are all in rams counts as empty for
    /// the end rules. A capture may take a ram's seeds, which makes it a
    /// plain hole again. Holes become rams, or stop being rams, when the
    /// turn passes: a move that earns another move by ending in its
    /// player's store leaves the rams as they were (StoneShark makes them
    /// in its capture step, which such a move skips).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rams: bool,
    /// A hole may not be played while the hole facing it holds a single
    /// seed (StoneShark's NOT_XFROM_1S; Gelech).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_facing_single: bool,
    /// No move whose first lap (before any relay) leaves its last hole
    /// holding a single seed, that is ends in a hole that was empty
    /// (StoneShark's OCCUPIED; the long night game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub lands_occupied: bool,
    /// Until a player has moved from every hole of their row in this game
    /// (in a match, this round), they may move only from holes they have
    /// not moved from yet; when none of those can be played, they have no
    /// move (StoneShark's MOVE_ALL_HOLES_FIRST; Adji-boto).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub each_hole_first: bool,
    /// A single seed sown from the end hole of one row into the end hole of
    /// the other row beside it (A and the last hole of North's row, South's
    /// last hole and a), left alone there, may not be moved straight back:
    /// the next move may not start from that hole (StoneShark's rule for
    /// its split-sowing games; Alemungula). With `sowing.direction =
    /// "outward"` only.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_return: bool,
}

impl Default for MovesSpec {
    fn default() -> Self {
        MovesSpec {
            min_seeds: 1,
            opening: Opening::Any,
            opening_fallback: OpeningFallback::Any,
            must_feed: false,
            feed_after_capture: false,
            when_none: WhenNone::End,
            must_leave_seeds: false,
            extra_turn: ExtraTurn::None,
            empty_or_across: false,
            single_to_empty: false,
            extra_turn_once: false,
            opening_shift: false,
            any_row: false,
            extra_turn_opponent_store: false,
            feed_else_any: false,
            last_resort_count: None,
            last_resort_rightmost: false,
            rams: false,
            not_facing_single: false,
            lands_occupied: false,
            each_hole_first: false,
            no_return: false,
        }
    }
}

/// When a move earns its player another move. The values are bits
/// (`StoreOrCapture` is `Store | Capture`), so that a move asks for each
/// with one bit test, not a jump table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[repr(u8)]
pub enum ExtraTurn {
    /// Never: the players alternate.
    #[default]
    None = 0,
    /// When the last seed falls into the mover's own store (Kalah).
    Store = 1,
    /// When the move captures.
    Capture = 2,
    /// When the last seed falls into the mover's store, or the move captures.
    StoreOrCapture = 3,
}

/// A restriction on each player's first move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Opening {
    /// No restriction.
    #[default]
    Any,
    /// The first move starts from the player's rightmost hole.
    Rightmost,
    /// Only the game's very first move is restricted: it starts from the
    /// first player's rightmost hole (the second player's first move is free).
    FirstRightmost,
    /// Each player's first move starts from a hole of the right half of
    /// their row, as they see it (an odd row's middle hole excluded), when
    /// one there may be played; `moves.empty_or_across` does not apply to
    /// it (Tapata; StoneShark's allow rule RIGHT_HALF_1ST_OPE).
    RightHalf,
    /// Only the game's very first move (of each round, in matches of
    /// rounds) is restricted: it starts from one of the two rightmost holes
    /// the first player may play (StoneShark's FIRST_TURN_ONLY_RIGHT_TWO).
    FirstTwoRightmost,
}

/// What a restricted opening allows when its hole is empty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OpeningFallback {
    /// Any hole that may otherwise be played (the spec's decision).
    #[default]
    Any,
    /// The nearest playable hole to the left of the rightmost.
    Nearest,
}

/// What a player with no legal move does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WhenNone {
    /// The game ends.
    #[default]
    End,
    /// The player passes (the game ends only when the board is empty).
    Pass,
}
