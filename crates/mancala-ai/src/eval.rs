//! Position values: what the searches maximise.
//!
//! Every value is an `i32` from the point of view of the player to move
//! (negamax convention: good for the mover is positive).
//!
//! - **Seeds games** (`result = "seeds"`): the seed margin in **half seeds**
//!   (the unit of [`mancala_core::Score`], so that a shared odd board is
//!   exact). A finished game is worth its exact final score difference, as
//!   [`mancala_core::settle`] computes it; a drawn game is worth 0 (this
//!   matters only for an endless sowing, which is a draw whatever the
//!   seeds). A game in progress is worth the captured difference.
//! - **Deprivation games** (`result = "deprivation"`): a won game is worth
//!   [`WIN`] minus the plies to the win (so quicker wins are preferred and
//!   slower losses resisted), a lost one the negation, a draw 0. A game in
//!   progress gets a heuristic much smaller than any won value: seeds in the
//!   mover's row minus the opponent's, plus a mobility term (playable holes).

use mancala_core::spec::ResultRule;
use mancala_core::{Outcome, Position, Rules, Side};

/// The value of a deprivation game won now; a win `p` plies from the
/// searched position is worth `WIN - p`.
pub const WIN: i32 = 30_000;
/// Values at least this large (in absolute value) are proven wins (losses).
pub const WIN_BOUND: i32 = WIN - 1_000;
/// Larger than any value: the search window's infinity.
pub(crate) const INF: i32 = 32_000;

/// How a game is scored, read once from its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Seeds,
    Deprivation,
}

/// Evaluates positions of one game.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Evaluator {
    pub kind: Kind,
    n: usize,
}

impl Evaluator {
    pub(crate) fn new(rules: &Rules) -> Evaluator {
        let kind = match rules.spec().end.result {
            ResultRule::Seeds => Kind::Seeds,
            ResultRule::Deprivation => Kind::Deprivation,
        };
        Evaluator {
            kind,
            n: rules.holes_per_row(),
        }
    }

    /// The heuristic value of a live position for its player to move.
    #[inline]
    pub(crate) fn static_eval(&self, pos: &Position) -> i32 {
        let me = pos.to_move();
        let opp = me.opponent();
        match self.kind {
            // Seeds in owned holes are their owner's (0 without `[owned]`).
            Kind::Seeds => 2 * (pos.held(me) as i32 - pos.held(opp) as i32),
            Kind::Deprivation => {
                // Seeds are the means to move: running out loses. Playable
                // holes (mobility) break ties between equal seed counts.
                let board = pos.raw_board();
                let (south, north) = board[..2 * self.n].split_at(self.n);
                let (mine, theirs) = if me == Side::South {
                    (south, north)
                } else {
                    (north, south)
                };
                let seeds = |row: &[u8]| row.iter().map(|&s| s as i32).sum::<i32>();
                let holes = |row: &[u8]| row.iter().filter(|&&s| s != 0).count() as i32;
                4 * (seeds(mine) - seeds(theirs)) + (holes(mine) - holes(theirs))
            }
        }
    }

    /// The exact value of a finished game for `mover` (the player who would
    /// be to move), reached `ply` plies from the search's root.
    #[inline]
    pub(crate) fn outcome(&self, outcome: &Outcome, mover: Side, ply: usize) -> i32 {
        match (self.kind, outcome.winner) {
            (_, None) => 0,
            (Kind::Seeds, Some(_)) => {
                let score = outcome.score.expect("a seeds game has a score");
                score[mover.index()].0 as i32 - score[mover.opponent().index()].0 as i32
            }
            (Kind::Deprivation, Some(w)) => {
                let v = WIN - ply as i32;
                if w == mover { v } else { -v }
            }
        }
    }

    /// The aspiration window's first half width: about two seeds in seeds
    /// games, the worth of a seed and a hole in deprivation games.
    pub(crate) fn aspiration_delta(&self) -> i32 {
        match self.kind {
            Kind::Seeds => 4,
            Kind::Deprivation => 10,
        }
    }
}

/// A value as text: `+3.5` (seeds, from half seeds), `win in 7` / `loss in 4`
/// (proven deprivation results, in plies) or `+12` (heuristic).
pub fn format_value(rules: &Rules, value: i32) -> String {
    if rules.spec().end.result == ResultRule::Deprivation {
        if value >= WIN_BOUND {
            return format!("win in {}", WIN - value);
        }
        if value <= -WIN_BOUND {
            return format!("loss in {}", WIN + value);
        }
        return format!("{value:+}");
    }
    let sign = if value < 0 { "-" } else { "+" };
    let v = value.unsigned_abs();
    if v.is_multiple_of(2) {
        format!("{sign}{}", v / 2)
    } else {
        format!("{sign}{}.5", v / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_format() {
        let modiar = Rules::builtin("modiar").unwrap();
        assert_eq!(format_value(&modiar, 7), "+3.5");
        assert_eq!(format_value(&modiar, -4), "-2");
        assert_eq!(format_value(&modiar, 0), "+0");
        let sadeqa = Rules::builtin("sadeqa-ii").unwrap();
        assert_eq!(format_value(&sadeqa, WIN - 5), "win in 5");
        assert_eq!(format_value(&sadeqa, -WIN + 4), "loss in 4");
        assert_eq!(format_value(&sadeqa, -12), "-12");
    }
}
