//! What a finished game is worth, and what a move is worth given the value
//! of the position it leads to: the game-theoretic semantics that the
//! solver, the queries and the verifier share.

use mancala_core::spec::{Opening, ResultRule};
use mancala_core::{
    Child, EndReason, Position, Rules, Side, Successors, Verdict, settle, value_for,
};

/// What a database stores for each position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DbKind {
    /// Games won on seeds: the seed margin (own seeds minus the opponent's,
    /// counting captures from now on and the end-of-game settlement) that
    /// the player to move can force. Endless play scores 0 for the seeds
    /// left on the board.
    Margin,
    /// Deprivation games: `+1` (the player to move wins), `0` (draw, which
    /// includes endless play) or `-1` (loss), with the distance to the end
    /// of the game in plies.
    WinLossDraw,
}

impl DbKind {
    /// The kind of database that `rules` call for.
    pub fn of(rules: &Rules) -> DbKind {
        match rules.spec().end.result {
            ResultRule::Seeds => DbKind::Margin,
            ResultRule::Deprivation => DbKind::WinLossDraw,
        }
    }

    pub(crate) fn code(self) -> u32 {
        match self {
            DbKind::Margin => 1,
            DbKind::WinLossDraw => 2,
        }
    }

    pub(crate) fn from_code(code: u32) -> Option<DbKind> {
        match code {
            1 => Some(DbKind::Margin),
            2 => Some(DbKind::WinLossDraw),
            _ => None,
        }
    }

    /// A short name: `"margin"` or `"win-loss-draw"`.
    pub fn as_str(self) -> &'static str {
        match self {
            DbKind::Margin => "margin",
            DbKind::WinLossDraw => "win-loss-draw",
        }
    }
}

/// The value of a position or a move for the player to move, with the plies
/// it takes: in a margin database the plies until the next capture or the
/// end of the game, in a win/loss/draw database the plies to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Eval {
    /// The margin, or `+1`/`0`/`-1`.
    pub value: i32,
    /// Plies under the tie-break strategy (see [`Eval::better_than`]).
    pub plies: u32,
}

impl Eval {
    /// Whether `self` is strictly preferable to `other` for the player to
    /// move: a higher value; at equal positive value fewer plies (the
    /// quickest win, which also guarantees progress: a winning line never
    /// cycles); at equal negative value more plies (the slowest loss).
    pub fn better_than(self, other: Eval) -> bool {
        if self.value != other.value {
            return self.value > other.value;
        }
        match self.value.cmp(&0) {
            std::cmp::Ordering::Greater => self.plies < other.plies,
            std::cmp::Ordering::Less => self.plies > other.plies,
            std::cmp::Ordering::Equal => false,
        }
    }

    /// Orders evaluations best first (for sorting moves); equal ones compare
    /// equal, so a stable sort keeps their order.
    pub fn best_first(a: &Eval, b: &Eval) -> std::cmp::Ordering {
        if a.better_than(*b) {
            std::cmp::Ordering::Less
        } else if b.better_than(*a) {
            std::cmp::Ordering::Greater
        } else {
            std::cmp::Ordering::Equal
        }
    }
}

/// The rules seen by the solver.
#[derive(Clone, Copy)]
pub(crate) struct Semantics<'a> {
    pub rules: &'a Rules,
    pub kind: DbKind,
    /// Which "has opened" flags a position needs to behave as a database
    /// position (where both players have moved).
    opening: OpeningRule,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum OpeningRule {
    /// No rule depends on who has moved.
    None,
    /// Only the game's very first move differs (no capture on it): any
    /// position after it behaves as a database position.
    FirstMoveOnly,
    /// Each player's first move is restricted: both must have moved.
    EachPlayer,
}

impl<'a> Semantics<'a> {
    pub fn new(rules: &'a Rules) -> Semantics<'a> {
        let spec = rules.spec();
        let opening = if matches!(spec.moves.opening, Opening::Rightmost | Opening::RightHalf)
            || spec.capture.opening_turns_without == 2
            || spec.sowing.opening_lands_across
        {
            OpeningRule::EachPlayer
        } else if matches!(
            spec.moves.opening,
            Opening::FirstRightmost | Opening::FirstTwoRightmost
        ) || !spec.capture.on_opening()
            || spec.sowing.skip_not_on_opening
        {
            OpeningRule::FirstMoveOnly
        } else {
            OpeningRule::None
        };
        Semantics {
            rules,
            kind: DbKind::of(rules),
            opening,
        }
    }

    /// Whether `pos` behaves as a position of the database: both players
    /// have moved, or the rules do not care who has (with a rule on the
    /// game's first move only, any position after it behaves the same).
    #[inline]
    pub fn covered_flags(&self, pos: &Position) -> bool {
        let (south, north) = (pos.has_opened(Side::South), pos.has_opened(Side::North));
        match self.opening {
            OpeningRule::None => true,
            OpeningRule::FirstMoveOnly => south || north,
            OpeningRule::EachPlayer => south && north,
        }
    }

    /// A database position: `board` with `to_move` to move, both opened.
    #[inline]
    pub fn position(&self, board: &[u8], to_move: Side) -> Position {
        self.rules
            .position(board, [0, 0], to_move, 2)
            .expect("a board within the game's seeds")
    }

    /// The legal moves of `pos` (reached after a move, or a root), or why
    /// the game is over there: core's [`Rules::verdict`] without history
    /// (the database's values assume none; see the crate docs).
    #[inline]
    pub fn moves_or_end(&self, pos: &Position) -> Result<Successors, EndReason> {
        match self.rules.verdict(pos, false, &[]) {
            Verdict::End { reason, .. } => Err(reason),
            Verdict::Live { succ, .. } => Ok(succ),
        }
    }

    /// The value of a game that ends at `pos` for `reason`, for the player
    /// to move at `pos`: the margin of the settlement (captures already made
    /// do not count), or `+1`/`0`/`-1`.
    pub fn terminal(&self, pos: &Position, reason: EndReason) -> i32 {
        let me = pos.to_move();
        let outcome = settle(self.rules, pos, reason);
        match self.kind {
            DbKind::Margin => {
                let score = outcome.score.expect("a seeds game has a score");
                let (mine, theirs) = (
                    score[me.index()].0 as i32,
                    score[me.opponent().index()].0 as i32,
                );
                let captured = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
                let halves = mine - theirs - 2 * captured;
                debug_assert!(
                    halves % 2 == 0,
                    "settlements share whole seeds between the sides"
                );
                halves / 2
            }
            DbKind::WinLossDraw => match outcome.winner {
                Some(w) if w == me => 1,
                Some(_) => -1,
                None => 0,
            },
        }
    }

    /// What the mover of `parent` gains by the move to `child`: the change
    /// in the capture margin (0 in win/loss/draw games).
    #[inline]
    pub fn gain(&self, parent: &Position, child: &Position) -> i32 {
        if self.kind == DbKind::WinLossDraw {
            return 0;
        }
        let me = parent.to_move();
        let op = me.opponent();
        (child.captured(me) as i32 - parent.captured(me) as i32)
            - (child.captured(op) as i32 - parent.captured(op) as i32)
    }

    /// The value of the move from `parent` to `child` for its mover, from
    /// `child_value`, the value of `child` for its own mover: what the move
    /// gained, plus the child's value turned to the parent's mover by
    /// [`value_for`] (negated when the opponent moves next, kept after an
    /// extra turn).
    #[inline]
    pub fn combine(&self, parent: &Position, child: &Position, child_value: i32) -> i32 {
        self.gain(parent, child) + value_for(parent.to_move(), child.to_move(), child_value)
    }

    /// The value of a move that ends the game at once because its sowing
    /// never ends (`endless = "draw"`).
    pub fn endless_move(&self, parent: &Position, child: &Child) -> i32 {
        self.combine(
            parent,
            &child.pos,
            self.terminal(&child.pos, EndReason::EndlessMove),
        )
    }
}
