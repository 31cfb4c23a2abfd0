//! `[capture]`, compiled: what a move's end takes, and where it goes.

use crate::layout::{Layout, rows_of};
use crate::spec::{
    CaptureRule, CaptureSpec, Chain, ChainDirection, Destination, GrandSlam, GrandSlamFallback,
    RowChoice, SlamLeaves,
};

use super::sowing::count_table;

/// `[capture]`, compiled (`Rules::capture`).
#[derive(Clone, Debug)]
pub(crate) struct CaptureRules {
    /// With forbidden grand slams: what a player whose every move is one
    /// does (`capture.grand_slam_fallback`).
    pub(crate) slam_fallback: GrandSlamFallback,
    /// With the count rule: the move takes every capturing hole of the
    /// opponent's row or board (`capture.sweep`, `capture.sweep_board`).
    pub(crate) sweep: Sweep,
    /// Whether captures wait for the players' first moves
    /// (`capture.on_opening`, `capture.opening_turns_without`).
    pub(crate) wait: CaptureWait,
    pub(crate) rule: CaptureRule,
    /// `capturing[c]`: a hole holding `c` seeds is captured (count rule).
    pub(crate) capturing: [bool; 256],
    /// Per mover: holes in which a last seed may capture.
    pub(crate) zone: [u32; 2],
    pub(crate) chain: Chain,
    pub(crate) to_mover: bool,
    pub(crate) grand_slam: GrandSlam,
    /// With `rule = "opposite"`: the capturing seed is taken too.
    pub(crate) take_sower: bool,
    /// With `rule = "opposite"`: an empty opposite hole still captures (the sower).
    pub(crate) empty_opposite: bool,
    /// With `rule = "opposite"` and `counts`: the opposite hole is taken
    /// only when it holds a count of `capturing`.
    pub(crate) opposite_counted: bool,
    /// With `rule = "opposite"`: the opposite seeds go into the last hole
    /// (`capture.pull_across`).
    pub(crate) pull_across: bool,
    /// With a chain: the most holes one capture takes (`u32::MAX`: no limit).
    pub(crate) chain_limit: u32,
    /// Which way a chain runs (`capture.chain_direction`).
    pub(crate) chain_direction: ChainDirection,
    /// A chain that the rare path takes (`Rules::rare_chain`): one that runs
    /// onwards, or one of matching holes.
    pub(crate) chain_rare: bool,
    /// Holes not yet moved from are never captured from
    /// (`capture.moved_from_only`).
    pub(crate) moved_from_only: bool,
    /// Whether captures wait, by who has moved (`Position::opened & 0b11`):
    /// `wait` as one lookup, which every capture asks.
    pub(crate) waits: [bool; 4],
    /// A move from a hole of one seed captures nothing.
    pub(crate) not_from_single: bool,
    /// After each move, 1 to this many seeds left on the board go to the
    /// mover (`capture.take_last`; 0: never).
    pub(crate) take_last: u32,
    /// A capture takes the hole facing its first hole too (`capture.take_facing`).
    pub(crate) take_facing: bool,
    /// Per mover: the holes whose seeds count for `take_last`.
    pub(crate) take_last_counted: [u32; 2],
    /// A grand slam leaves one hole (`capture.grand_slam_leaves`): `Some(true)`
    /// the lowest-numbered holding seeds (the rightmost as the capturer sees
    /// the opponent's row), `Some(false)` the highest.
    pub(crate) slam_leaves_lowest: Option<bool>,
    /// A last seed in the opponent's store takes it (`capture.opponent_store`).
    pub(crate) opponent_store: bool,
    /// Per mover: the holes where a last seed into an empty hole loses the
    /// mover's store to the opponent (`capture.store_lost_in`; 0: nowhere).
    pub(crate) store_lost: [u32; 2],
    /// `take_opponent_store` or some `store_lost`: one test a capture for both.
    pub(crate) store_captures: bool,
    /// A capture takes every counted hole of the opponent's row too
    /// (`capture.take_counted`).
    pub(crate) take_counted: bool,
}

/// A sweep (`capture.sweep`, `capture.sweep_board`): one choice, where the
/// two keys exclude each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sweep {
    /// No sweep.
    None,
    /// Every capturing hole of the opponent's row, when the move ends
    /// there or in the mover's rightmost hole.
    Row,
    /// Every capturing hole of the board, wherever the move ends.
    Board,
}

impl Sweep {
    #[inline(always)]
    pub(crate) fn row(self) -> bool {
        self == Sweep::Row
    }

    #[inline(always)]
    pub(crate) fn board(self) -> bool {
        self == Sweep::Board
    }
}

/// Whether captures wait for the players' first moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CaptureWait {
    /// The first move may capture.
    Never,
    /// Nothing is captured until the first player has moved.
    FirstMove,
    /// Nothing is captured until both players have moved.
    BothFirstMoves,
}

impl CaptureWait {
    /// The first move may capture.
    #[inline(always)]
    pub(crate) fn on_opening(self) -> bool {
        self == CaptureWait::Never
    }

    /// Nothing is captured until both players have moved.
    #[inline(always)]
    pub(crate) fn after_both(self) -> bool {
        self == CaptureWait::BothFirstMoves
    }
}

impl GrandSlamFallback {
    /// The grand slam is played with its captures.
    #[inline(always)]
    pub(crate) fn captures(self) -> bool {
        self == GrandSlamFallback::Capture
    }

    /// None may be played.
    #[inline(always)]
    pub(crate) fn not_played(self) -> bool {
        self == GrandSlamFallback::NotPlayed
    }
}

impl CaptureRules {
    /// Compiles `[capture]` on `layout`.
    pub(crate) fn compile(cap: &CaptureSpec, layout: &Layout) -> CaptureRules {
        let row_mask = layout.row_mask;
        let all = row_mask[0] | row_mask[1];
        let by_mover = |choice: RowChoice| match choice {
            RowChoice::Any => [all, all],
            RowChoice::Own => [row_mask[0], row_mask[1]],
            RowChoice::Opponent => [row_mask[1], row_mask[0]],
        };
        let wait = if cap.on_opening() && cap.opening_turns_without == 0 {
            CaptureWait::Never
        } else if cap.opening_turns_without == 2 {
            CaptureWait::BothFirstMoves
        } else {
            CaptureWait::FirstMove
        };
        CaptureRules {
            slam_fallback: cap.grand_slam_fallback(),
            sweep: if cap.sweep {
                Sweep::Row
            } else if cap.sweep_board {
                Sweep::Board
            } else {
                Sweep::None
            },
            wait,
            rule: cap.rule,
            capturing: count_table(cap.counts.as_deref().unwrap_or(&[])),
            zone: by_mover(cap.last_hole_in()),
            chain: cap.chain(),
            to_mover: cap.seeds_go_to() == Destination::Mover,
            grand_slam: cap.grand_slam(),
            take_sower: cap.take_sower,
            empty_opposite: cap.empty_opposite,
            opposite_counted: cap.rule == CaptureRule::Opposite && cap.counts.is_some(),
            pull_across: cap.pull_across,
            chain_limit: cap.chain_limit.unwrap_or(u32::MAX),
            chain_direction: cap.chain_direction,
            chain_rare: cap.chain() != Chain::None
                && (cap.chain_direction != ChainDirection::Against
                    || matches!(
                        cap.rule,
                        CaptureRule::Match | CaptureRule::NextCounts | CaptureRule::Opposite
                    )),
            moved_from_only: cap.moved_from_only,
            waits: std::array::from_fn(|opened| match wait {
                CaptureWait::Never => false,
                CaptureWait::FirstMove => opened == 0,
                CaptureWait::BothFirstMoves => opened != 0b11,
            }),
            not_from_single: cap.not_from_single,
            take_last: cap.take_last,
            take_facing: cap.take_facing,
            take_last_counted: by_mover(cap.take_last_counted.unwrap_or(RowChoice::Any)),
            slam_leaves_lowest: cap.grand_slam_leaves.map(|l| l == SlamLeaves::Rightmost),
            opponent_store: cap.opponent_store,
            store_lost: match cap.store_lost_in {
                None => [0, 0],
                some => rows_of(some, row_mask),
            },
            store_captures: cap.opponent_store || cap.store_lost_in.is_some(),
            take_counted: cap.take_counted,
        }
    }
}
