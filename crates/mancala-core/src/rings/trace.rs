//! The sowing trace of a four-row move ([`Rules::play_traced`]): the move
//! is sown again lap by lap with `ring_lap`, the engine's own lap, and each
//! lap is told as the steps it took: the seeds sown one by one from the
//! hole after the lap's start, then what the lap's end did, read from the
//! state it left: a relay (the last hole lifted), a capture (the
//! opponent's holes emptied, their seeds taken into the hand to be sown on,
//! or kept, or out of the game).
//!
//! Told from the outside of the lap so that the lap itself, where the
//! four-row rules live, keeps no tracing code; whatever a lap does, the
//! trace is checked against the engine's position by
//! [`SowTrace::replay`](crate::trace::SowTrace::replay) before anyone shows
//! it.

use super::{RingSowing, Sown};
use crate::position::{Move, Position};
use crate::rules::{RowRules, Rules};
use crate::trace::{Kept, SowObserver, SowTrace};

impl Rules {
    /// Records the steps of the legal four-row move `mv` from `pos` into
    /// `trace`, as the engine sows it into `child` (the position it leads
    /// to). Records nothing if the laps sown again do not come to `child`.
    pub(crate) fn ring_trace(
        &self,
        pos: &Position,
        mv: Move,
        child: &Position,
        rows: &RowRules,
        trace: &mut SowTrace,
    ) {
        if let Some(hole) = mv.taken_hole() {
            // A chosen hole: taken whole, its seeds where the capture's go.
            let seeds = pos.board[hole];
            let to = if rows.taken_out_of_play {
                Kept::Removed
            } else {
                Kept::Captured
            };
            trace.take(hole, seeds);
            trace.keep(pos.to_move, seeds, to);
            return;
        }
        let Some(origin) = mv.hole() else {
            return;
        };
        // A namua move (a seed from the hand first) is not told step by
        // step: its trace stays empty, and the page shows the position.
        if rows.hand > 0 && pos.removed[pos.to_move.index()] > 0 {
            return;
        }
        let clockwise = mv.chosen_clockwise().unwrap_or(self.layout.clockwise);
        let mover = pos.to_move;
        // As the moves are listed: a move whose first lap captures may go
        // on capturing; any other only if the first lap does not decide.
        let single_lap = rows.first_move_single_lap && !pos.has_opened(mover);
        let only_capturing = rows.clockwise_capture_holes[mover.index()];
        let allowed = !(clockwise && only_capturing != 0 && only_capturing & (1 << origin) == 0);
        let capturing = rows.captures()
            && !single_lap
            && allowed
            && self.first_lap_captures(pos, origin, clockwise, rows);
        let first = capturing || !rows.first_lap_decides;
        for may_capture in [first, !first] {
            let mut steps = SowTrace::new(mv, mover);
            let mut sowing = RingSowing::lift(pos, origin, clockwise, may_capture && !single_lap);
            sowing.last_lap = single_lap;
            if let Sown::Child(traced) = self.ring_laps_traced(pos, sowing, rows, &mut steps)
                && traced == *child
            {
                trace.events = steps.events;
                trace.truncated = steps.truncated;
                return;
            }
        }
    }

    /// `ring_sow` lap by lap from the lifted `sowing` (without its cycle
    /// detection: the move is known to end), telling each lap to `obs`.
    fn ring_laps_traced(
        &self,
        pos: &Position,
        mut sowing: RingSowing,
        rows: &RowRules,
        obs: &mut SowTrace,
    ) -> Sown {
        obs.lift(sowing.hole, sowing.hand);
        let side = pos.to_move;
        let theirs = self.layout.row_mask[side.opponent().index()];
        // A finite move: its laps are fewer than the states between laps;
        // the cap only guards against a wrong `may_capture`.
        for _ in 0..1_000_000 {
            let before = sowing;
            let goes_on = self.ring_lap(&mut sowing, rows);
            // The seeds sown: the hand, unless an emptied inner row ended
            // the game with seeds still in it.
            let taken_from: Vec<(usize, u8)> = (0..self.holes())
                .filter(|&h| theirs & (1 << h) != 0 && sowing.board[h] < before.board[h])
                .map(|h| (h, before.board[h] - sowing.board[h]))
                .collect();
            let stayed = if taken_from.is_empty() {
                sowing.left_in_hand - before.left_in_hand
            } else {
                0
            };
            let mut hole = before.hole;
            for _ in 0..before.hand - stayed {
                hole = self.ring_step_by(hole, 1, before.clockwise);
                obs.sow(hole);
            }
            // Facing hole first, then the one behind it.
            let mut taken_from = taken_from;
            taken_from.sort_by_key(|&(h, _)| {
                (
                    self.layout.inner_mask[side.opponent().index()] & (1 << h) == 0,
                    h,
                )
            });
            let taken: u8 = taken_from.iter().map(|&(_, s)| s).sum();
            for &(h, seeds) in &taken_from {
                obs.take(h, seeds);
            }
            if goes_on {
                if taken > 0 {
                    obs.keep(side, taken, Kept::Hand);
                } else {
                    obs.lift(hole, sowing.hand);
                }
                continue;
            }
            if taken > 0 {
                let kept = sowing.kept - before.kept;
                obs.keep(side, kept, Kept::Captured);
                obs.keep(side, taken - kept, Kept::Removed);
            } else {
                // The game ended with seeds in hand: out of the game.
                obs.keep(side, stayed, Kept::Removed);
            }
            return Sown::Child(self.ring_child(pos, &sowing, rows));
        }
        Sown::Endless
    }
}
