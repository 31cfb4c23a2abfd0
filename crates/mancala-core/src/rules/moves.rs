//! `[moves]`, compiled: which moves are legal, and which earn another.

use crate::layout::{Layout, ram_counts};
use crate::position::MAX_HOLES;
use crate::spec::{ExtraTurn, MovesSpec, Opening, OpeningFallback, SowingSpec, WhenNone};

/// `[moves]`, compiled (`Rules::moves`).
#[derive(Clone, Debug)]
pub(crate) struct MoveRules {
    /// A restriction on each player's first move (`moves.opening`).
    pub(crate) opening: Opening,
    /// Whether moves must leave the opponent seeds to play, and when that
    /// is judged (`moves.must_feed`, `feed_after_capture`).
    pub(crate) feed: Feed,
    /// When a move earns another (`moves.extra_turn`).
    pub(crate) extra_turn: ExtraTurn,
    pub(crate) min_seeds: u8,
    pub(crate) opening_nearest: bool,
    /// Under must-feed, every move stays legal when none feeds
    /// (`moves.feed_else_any`).
    pub(crate) feed_else_any: bool,
    pub(crate) pass_when_stuck: bool,
    /// A player moves from every hole of their row once before moving
    /// from one again (`moves.each_hole_first`).
    pub(crate) each_hole_first: bool,
    /// Positions record the holes moved from (`Position::moved_from`): a
    /// rule reads them.
    pub(crate) tracks_moved_from: bool,
    /// Only moves that leave the opponent seeds, when there are such.
    pub(crate) must_leave_seeds: bool,
    /// Only moves whose first lap ends across, in a store or in an empty
    /// hole of the mover's row (`moves.empty_or_across`).
    pub(crate) empty_or_across: bool,
    /// A single seed moves only into an empty next hole (`moves.single_to_empty`).
    pub(crate) single_to_empty: bool,
    /// Moves may start in either row (`moves.any_row`).
    pub(crate) any_row: bool,
    /// A capture earns an extra turn only on a move that is not one
    /// (`moves.extra_turn_once`).
    pub(crate) extra_turn_once: bool,
    /// The first move shifts seeds instead of sowing (`moves.opening_shift`).
    pub(crate) opening_shift: bool,
    /// A last seed in the opponent's store earns another move
    /// (`moves.extra_turn_opponent_store`).
    pub(crate) extra_turn_opponent_store: bool,
    /// Per side: the right half of the row, as its player sees it.
    pub(crate) right_half: [u32; 2],
    /// Holes holding this many seeds are played only when all do
    /// (`moves.last_resort_count`; 0: no such rule).
    pub(crate) last_resort: u8,
    /// ... and then only the rightmost (`moves.last_resort_rightmost`).
    pub(crate) last_resort_rightmost: bool,
    /// Holes holding enough seeds to sow round and back are rams
    /// (`moves.rams`).
    pub(crate) rams: bool,
    /// A single seed sown across the ends of the rows may not be moved
    /// straight back (`moves.no_return`).
    pub(crate) no_return: bool,
    /// No move from a hole facing a single seed (`moves.not_facing_single`).
    pub(crate) not_facing_single: bool,
    /// No move whose first lap ends in an empty hole (`moves.lands_occupied`).
    pub(crate) lands_occupied: bool,
    /// Per hole: the seeds that make it a ram (with `rams`).
    pub(crate) ram_at: [u8; MAX_HOLES],
}

/// Must-feed (`moves.must_feed`, `moves.feed_after_capture`): one choice,
/// where the second key only makes sense with the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Feed {
    /// Any move may leave the opponent without seeds.
    Not,
    /// A move must leave the opponent seeds, counted after its sowing.
    AfterSowing,
    /// ... counted after its captures.
    AfterCapture,
}

impl Feed {
    /// Whether moves must feed the opponent.
    #[inline(always)]
    pub(crate) fn must_feed(self) -> bool {
        self != Feed::Not
    }

    /// Whether feeding is judged after the move's captures.
    #[inline(always)]
    pub(crate) fn after_capture(self) -> bool {
        self == Feed::AfterCapture
    }
}

impl Opening {
    /// The first move starts from the rightmost hole (of the two rightmost
    /// with `first-two-rightmost`).
    #[inline(always)]
    pub(crate) fn rightmost(self) -> bool {
        matches!(
            self,
            Opening::Rightmost | Opening::FirstRightmost | Opening::FirstTwoRightmost
        )
    }

    /// The restriction holds for the game's first move only.
    #[inline(always)]
    pub(crate) fn first_only(self) -> bool {
        matches!(self, Opening::FirstRightmost | Opening::FirstTwoRightmost)
    }

    /// The opening starts from one of the two rightmost playable holes.
    #[inline(always)]
    pub(crate) fn two_rightmost(self) -> bool {
        self == Opening::FirstTwoRightmost
    }

    /// Each player's first move starts in the right half of their row
    /// when it can.
    #[inline(always)]
    pub(crate) fn right_half(self) -> bool {
        self == Opening::RightHalf
    }
}

impl ExtraTurn {
    /// A last seed in the mover's store earns another move.
    #[inline(always)]
    pub(crate) fn on_store(self) -> bool {
        self as u8 & ExtraTurn::Store as u8 != 0
    }

    /// A capture earns another move.
    #[inline(always)]
    pub(crate) fn on_capture(self) -> bool {
        self as u8 & ExtraTurn::Capture as u8 != 0
    }

    /// Whether a move whose last seed fell `in_store` (the mover's) and
    /// which `took` seeds earns another move: one test of the rule's bits.
    #[inline(always)]
    pub(crate) fn earned(self, in_store: bool, took: bool) -> bool {
        let why =
            (in_store as u8 * ExtraTurn::Store as u8) | (took as u8 * ExtraTurn::Capture as u8);
        self as u8 & why != 0
    }
}

impl MoveRules {
    /// Compiles `[moves]` on `layout` (`sowing` says how many seeds make a ram).
    pub(crate) fn compile(m: &MovesSpec, sowing: &SowingSpec, layout: &Layout) -> MoveRules {
        let n = layout.n;
        MoveRules {
            opening: m.opening,
            feed: match (m.must_feed, m.feed_after_capture) {
                (false, _) => Feed::Not,
                (true, false) => Feed::AfterSowing,
                (true, true) => Feed::AfterCapture,
            },
            extra_turn: m.extra_turn,
            min_seeds: m.min_seeds as u8,
            opening_nearest: m.opening_fallback == OpeningFallback::Nearest,
            feed_else_any: m.feed_else_any,
            pass_when_stuck: m.when_none == WhenNone::Pass,
            each_hole_first: m.each_hole_first,
            // `capture.moved_from_only` reads them too (see `Rules::compile`).
            tracks_moved_from: m.each_hole_first,
            must_leave_seeds: m.must_leave_seeds,
            empty_or_across: m.empty_or_across,
            single_to_empty: m.single_to_empty,
            any_row: m.any_row,
            extra_turn_once: m.extra_turn_once,
            opening_shift: m.opening_shift,
            extra_turn_opponent_store: m.extra_turn_opponent_store,
            // South's row runs left to right from South's seat, North's
            // from North's: the right half is the upper half either way.
            right_half: {
                let half = (1u32 << (n / 2)) - 1;
                let upper = half << (n - n / 2);
                [upper, upper << n]
            },
            last_resort: m.last_resort_count.unwrap_or(0) as u8,
            last_resort_rightmost: m.last_resort_rightmost,
            rams: m.rams,
            no_return: m.no_return,
            not_facing_single: m.not_facing_single,
            lands_occupied: m.lands_occupied,
            ram_at: if m.rams {
                ram_counts(sowing, n, &layout.next, &layout.ring_next)
            } else {
                [0; MAX_HOLES]
            },
        }
    }
}
