//! The special first moves of a game: which holes an opening may start
//! from, the opening turns without captures, the directions a first move
//! fixes, and the first moves that sow differently (a shift of every hole,
//! a last seed landing across).

use crate::Side;
use crate::position::{DIRECTION_SET, MAX_HOLES, Move, Position, SOUTH_CLOCKWISE};
use crate::rules::Rules;
use crate::sowing::Sown;
use crate::trace::{Kept, SowObserver};

impl Rules {
    /// `opened` after `mover` played `mv` in an `alternate` game: the
    /// first move fixes both players' directions.
    pub(crate) fn fix_directions(&self, opened: u8, mover: Side, mv: Move) -> u8 {
        if opened & DIRECTION_SET != 0 {
            return opened;
        }
        let clockwise = mv.chosen_clockwise() == Some(true);
        let south_clockwise = clockwise == (mover == Side::South);
        opened
            | DIRECTION_SET
            | if south_clockwise {
                SOUTH_CLOCKWISE
            } else {
                SOUTH_CLOCKWISE << 1
            }
    }

    /// The `keep` holes of `candidates` nearest the mover's right (all of
    /// them when fewer), walking the mover's row leftwards.
    pub(crate) fn rightmost_of(&self, candidates: u32, mover: Side, keep: u32) -> u32 {
        // The row from the mover's right: South's n-1 down to 0, North's 2n-1 down to n.
        let first = mover.index() * self.layout.n;
        let mut kept = 0u32;
        for i in (0..self.layout.n).rev() {
            let hole = first + i;
            if candidates & (1 << hole) != 0 {
                kept |= 1 << hole;
                if kept.count_ones() == keep {
                    break;
                }
            }
        }
        kept
    }

    /// The candidates allowed by a first-move restriction.
    pub(crate) fn restrict_opening(&self, candidates: u32, mover: Side) -> u32 {
        if self.moves.opening.two_rightmost() {
            return self.rightmost_of(candidates, mover, 2);
        }
        let rightmost = self.layout.rightmost[mover.index()] as usize;
        if candidates & (1 << rightmost) != 0 {
            return 1 << rightmost;
        }
        if !self.moves.opening_nearest {
            return candidates;
        }
        let mut hole = rightmost;
        for _ in 1..self.layout.n {
            hole = self.layout.prev[hole] as usize;
            if candidates & (1 << hole) != 0 {
                return 1 << hole;
            }
        }
        candidates
    }

    /// The first move of `moves.opening_shift`: the origin keeps its seeds
    /// (traced as lifted and put back), every other hole after it passes a
    /// seed to the next (traced as taken and kept there), and the last one
    /// before it passes its seed to the hole facing the origin, where the
    /// move ends. Validation sees that every hole holds a seed.
    #[cold]
    #[inline(never)]
    pub(crate) fn shift_opening<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        obs: &mut O,
    ) -> Sown {
        let seeds = board[origin];
        obs.lift(origin, seeds);
        for _ in 0..seeds {
            obs.sow(origin);
        }
        let facing = self.opposite(origin);
        let mut sown = 0u32;
        let mut hole = self.layout.next[origin] as usize;
        while hole != origin {
            let after = self.layout.next[hole] as usize;
            let to = if after == origin { facing } else { after };
            // A position set up by hand may have an empty hole: it passes nothing.
            if board[hole] > 0 {
                board[hole] -= 1;
                board[to] += 1;
                obs.take(hole, 1);
                obs.keep(self.owner(hole), 1, Kept::Hole(to));
                sown |= 1 << to;
            }
            hole = if after == origin {
                origin
            } else {
                self.layout.next[after] as usize
            };
        }
        Sown::Ended {
            last: facing,
            sown,
            laps: 1,
        }
    }

    /// A player's first move in a game whose first moves land across
    /// (`sowing.opening_lands_across`): one lap, whose last seed, were it to
    /// fall into the mover's own row, goes on to the first hole of the
    /// opponent's row.
    #[cold]
    #[inline(never)]
    pub(crate) fn sow_landing_across<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        mover: Side,
        origin: usize,
        obs: &mut O,
    ) -> Sown {
        let seeds = board[origin];
        obs.lift(origin, seeds);
        board[origin] = 0;
        let own = self.layout.row_mask[mover.index()];
        let mut hole = origin;
        let mut sown = 0u32;
        for k in 0..seeds {
            if !(k == 0 && self.sowing.start_in_origin) {
                hole = self.layout.next_hole(hole);
            }
            if k + 1 == seeds {
                while own & (1 << hole) != 0 {
                    hole = self.layout.next_hole(hole);
                }
            }
            board[hole] += 1;
            obs.sow(hole);
            sown |= 1 << hole;
        }
        Sown::Ended {
            last: hole,
            sown,
            laps: 1,
        }
    }

    /// Whether nothing may be captured from `pos` yet: the game's opening
    /// turns without captures (`on_opening`, `opening_turns_without`) are
    /// not over, as the players who have moved tell.
    #[inline(always)]
    pub(crate) fn captures_inhibited(&self, pos: &Position) -> bool {
        // Most rules capture from the first move: one test for them.
        !self.capture.wait.on_opening() && self.capture.waits[(pos.opened & 0b11) as usize]
    }
}
