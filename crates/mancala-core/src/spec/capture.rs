//! `[capture]`: what a move captures and where the seeds go.

use super::is_zero;
use serde::{Deserialize, Serialize};

/// `[capture]`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CaptureSpec {
    /// What triggers a capture.
    #[serde(default)]
    pub rule: CaptureRule,
    /// With `rule = "counts"`: the counts that are captured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<u32>>,
    /// The row the last hole must be in for a capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_hole_in: Option<RowChoice>,
    /// With `rule = "counts"`: whether the holes before the last one are taken too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<Chain>,
    /// Who gets the captured seeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seeds_go_to: Option<Destination>,
    /// Whether the first move of the game may capture.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_opening: Option<bool>,
    /// A capture that would empty the opponent's row.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam: Option<GrandSlam>,
    /// With `grand_slam = "forbidden"`: how grand slams are played when
    /// every legal move is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam_fallback: Option<GrandSlamFallback>,
    /// With `rule = "opposite"` or `"next"`: the seed that made the
    /// capture is taken too (Kalah; Je ki n je).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_sower: bool,
    /// With `rule = "opposite"`: a last seed in an empty hole captures even
    /// when the opposite hole is empty (then only the sower is taken; the
    /// empty-capture Kalah of Irving, Donkers and Uiterwijk).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub empty_opposite: bool,
    /// With `chain`: the most holes one capture takes, the last hole
    /// included (absent: as many as the chain reaches); with
    /// `chain_direction = "both"`, on each side of the last hole.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_limit: Option<u32>,
    /// With `chain`: which way the chain runs from the last hole.
    #[serde(default, skip_serializing_if = "ChainDirection::is_default")]
    pub chain_direction: ChainDirection,
    /// Nothing is captured during the game's first turns: 1 is the first
    /// player's first turn (as `on_opening = false`), 2 each player's first
    /// turn. 0 (the default): captures from the first move on.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub opening_turns_without: u32,
    /// A move from a hole holding a single seed captures nothing.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub not_from_single: bool,
    /// With `rule = "counts"`: a move whose last seed falls into the
    /// opponent's row, or into the mover's rightmost hole (the last before
    /// the opponent's row), takes every hole of the opponent's row holding
    /// one of `counts`, whatever the last hole holds (Kara).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sweep: bool,
    /// With `rule = "counts"`: every move (whose last seed falls in
    /// `last_hole_in`) takes every hole of both rows holding one of
    /// `counts`, whatever the last hole holds (StoneShark's SINGLETONS with
    /// `counts = [1]`; the long night game).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sweep_board: bool,
    /// After every move (its captures done), when 1 to this many seeds are
    /// left on the board, the mover takes them all, which empties the board
    /// (StoneShark's PICKLASTSEEDS). 0 (the default): never.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub take_last: u32,
    /// A move that captures also takes the hole facing the first hole it
    /// captured, when that holds seeds (StoneShark's PICKCROSS). Not with
    /// `chain`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_facing: bool,
    /// With `take_last`: the row whose seeds are counted, relative to the
    /// mover (absent: both rows); every seed on the board is taken either
    /// way (StoneShark counts where its captures may be made).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_last_counted: Option<RowChoice>,
    /// With `rule = "opposite"`: the opposite hole's seeds are pulled into
    /// the last hole, where they stay on the board, instead of being
    /// captured (StoneShark's PULL_ACROSS).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pull_across: bool,
    /// A capture that would take every seed of the opponent's row (a grand
    /// slam) when more than one of its holes holds seeds leaves one of them,
    /// the first from this end as the capturer sees the row, and takes the
    /// others (and nothing from the mover's own row); a single hole is
    /// taken (StoneShark's LEAVE_LEFT and LEAVE_RIGHT). Needs grand slams
    /// allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grand_slam_leaves: Option<SlamLeaves>,
    /// With `sowing.into_opponent_store`: a move whose last seed falls into
    /// the opponent's store (and earns no extra turn there) takes all the
    /// seeds in it into the mover's store (StoneShark's END_OPP_STORE_CAPT).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opponent_store: bool,
    /// A move whose last seed falls into an empty hole of this row (relative
    /// to the mover) gives every seed in the mover's store to the opponent,
    /// and captures nothing else (StoneShark's PASS_STORE_CAPT). Needs
    /// `board.stores`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub store_lost_in: Option<RowChoice>,
    /// With `rule = "opposite"` and `counts`: a move that captures also
    /// takes every other hole of the opponent's row holding one of `counts`
    /// (StoneShark's PICKOPPBASIC with cross captures: Lami, Lamlameta).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub take_counted: bool,
    /// Nothing is captured from a hole before a move has been made from it
    /// in this game (in a match, this round): every hole starts locked,
    /// and playing it unlocks it for good (StoneShark's MOVEUNLOCK; Bechi).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moved_from_only: bool,
}

/// Which hole a grand slam leaves (`capture.grand_slam_leaves`), as the
/// capturer sees the opponent's row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SlamLeaves {
    /// The leftmost hole holding seeds.
    Leftmost,
    /// The rightmost hole holding seeds.
    Rightmost,
}

impl CaptureSpec {
    /// The row condition, with its default.
    pub fn last_hole_in(&self) -> RowChoice {
        self.last_hole_in.unwrap_or(RowChoice::Any)
    }
    /// The chain rule, with its default.
    pub fn chain(&self) -> Chain {
        self.chain.unwrap_or(Chain::None)
    }
    /// The destination, with its default.
    pub fn seeds_go_to(&self) -> Destination {
        self.seeds_go_to.unwrap_or(Destination::Mover)
    }
    /// Whether the opening move captures, with its default (not when
    /// `opening_turns_without` says it does not).
    pub fn on_opening(&self) -> bool {
        self.on_opening.unwrap_or(self.opening_turns_without == 0)
    }
    /// The grand-slam policy, with its default.
    pub fn grand_slam(&self) -> GrandSlam {
        self.grand_slam.unwrap_or(GrandSlam::Allowed)
    }
    /// The grand-slam fallback, with its default.
    pub fn grand_slam_fallback(&self) -> GrandSlamFallback {
        self.grand_slam_fallback
            .unwrap_or(GrandSlamFallback::NoCapture)
    }
}

/// What triggers a capture.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// Nothing is ever captured.
    #[default]
    None,
    /// The last hole is captured when it holds one of `counts`.
    Counts,
    /// When the last seed falls into an empty hole, the opposite hole is taken.
    Opposite,
    /// Across the gap: when the hole after the last one (in the sowing
    /// direction) is empty, the hole after that gap is taken. In a
    /// single-lap game the last hole must have held seeds before the last
    /// seed (StoneShark's TWO_OUT; Pallanguzhi's rule with relay sowing).
    AcrossGap,
    /// The next hole: when the last seed falls into an empty hole, the
    /// hole after it (in the sowing direction, of either row) is taken
    /// when it holds seeds (StoneShark's NEXT; Je ki n je).
    Next,
    /// Matching holes: when the last hole then holds as many seeds as the
    /// hole opposite it (and not none), both are taken (StoneShark's
    /// MATCH_OPP; Mangala I).
    Match,
    /// The next hole by its count: the hole after the last one (in the
    /// sowing direction, of either row) is taken when it holds one of
    /// `counts`, whatever the last hole holds (StoneShark's NEXT with
    /// single laps; Adji-boto).
    NextCounts,
}

/// A choice of row, relative to the mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RowChoice {
    /// Either row.
    Any,
    /// The mover's own row.
    Own,
    /// The opponent's row.
    Opponent,
}

/// How far a capture chains from the last hole (backwards, unless
/// `capture.chain_direction` says otherwise).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Chain {
    /// Only the last hole.
    None,
    /// Backwards while each hole was sown this move and holds a capturing
    /// count (with `rule = "match"`: holds as many seeds as the hole
    /// opposite it, not none; both are taken), never leaving the last
    /// hole's row.
    SameRow,
    /// As `same-row`, but the chain may cross into the other row. With
    /// `rule = "across-gap"`: after a capture, the next gap and the hole
    /// after it are taken in the same way, onwards in the sowing direction
    /// (in relay games only: a single lap never goes on).
    BothRows,
}

/// Which way a capture chain (`capture.chain`) runs from the last hole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChainDirection {
    /// Backwards, against the sowing, over holes sown this move.
    #[default]
    Against,
    /// Onwards, in the sowing direction, sown this move or not
    /// (StoneShark's capt_dir SOW).
    Along,
    /// Onwards first, then backwards as `against` does, once the last
    /// hole captured (StoneShark's capt_dir BOTH).
    Both,
}

impl ChainDirection {
    fn is_default(&self) -> bool {
        *self == ChainDirection::Against
    }
}

/// Who receives captured seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Destination {
    /// The mover keeps them.
    Mover,
    /// They leave the game.
    Removed,
}

/// A capture that takes seeds from the opponent's row and leaves it empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlam {
    /// It captures like any other move.
    Allowed,
    /// It is played but captures nothing.
    NoCapture,
    /// It is legal only when every legal move is a grand slam; see the fallback.
    Forbidden,
    /// It captures, and then the opponent takes every seed left in the
    /// mover's own row (StoneShark's OPP_GETS_REMAIN).
    OpponentTakesRow,
    /// It captures, and the mover moves again at once (StoneShark's
    /// LEGAL_SHARE; with `moves.must_feed` that move must feed the emptied
    /// row, and without one the game ends).
    ExtraTurn,
}

/// How forbidden grand slams are played when they are the only moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GrandSlamFallback {
    /// Without any capture (the spec's decision for Modiar).
    NoCapture,
    /// With their captures.
    Capture,
    /// Not at all: the player has no legal move (and the game ends, or
    /// they pass, as `moves.when_none` says).
    NotPlayed,
}
