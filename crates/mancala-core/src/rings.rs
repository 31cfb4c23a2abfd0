//! Moves on four rows, where each player sows around the ring of their own
//! two rows (`board.rows = 4`, `[rows]`): which moves are legal, and the
//! position each leads to.
//!
//! A move lifts a hole of the mover's ring and sows it lap after lap in one
//! direction: a lap ending in an occupied hole relays (its seeds are lifted
//! and sown on; with `sowing.laps = "single"` the move ends), or, in a move
//! that captures, takes the opponent's holes opposite it and keeps them or
//! sows them on; a lap ending in an empty hole ends the move, after a
//! capture there if the rules have one (`rows.capture =
//! "facing-from-empty"`). Every move is sown whole when the moves are
//! listed, so a move whose sowing never ends is found exactly: the state
//! between two laps (the board, the last hole, the direction, the lap's
//! origin, whether the next lap is the last) repeats, which Brent's cycle
//! detection sees without a cap on the laps.
//!
//! Two-row games never come here: `Rules::successors_with` sends four-row
//! rules here from its rare path only, so the two-row hot path pays nothing.

use crate::moves::{Child, Successors};
use crate::position::{MAX_HOLES, MOVED_AGAIN, Move, Position, Side, holes_holding};
use crate::relay::{Brent, CycleDetector, relay_lap_limit};
use crate::rules::{RowRules, Rules};
use crate::spec::TakenSownFrom;

mod trace;

/// What sowing a four-row move came to.
enum Sown {
    /// The move ended (or the game did, in the middle of it): the child.
    Child(Position),
    /// The sowing never ends.
    Endless,
}

impl Rules {
    /// The legal moves of `pos` on four rows, with their positions, into
    /// `out`: the finite capturing moves if the rules make capturing
    /// compulsory and there are any, else the finite moves the rules allow.
    pub(crate) fn ring_successors(&self, pos: &Position, out: &mut Successors, rows: &RowRules) {
        // After a capture that earned chosen holes the mover takes them,
        // one move each, before anything else.
        if pos.barred != 0 {
            self.take_successors(pos, out, rows);
            return;
        }
        let mover = pos.to_move;
        if pos.removed[mover.index()] > 0 && rows.hand > 0 {
            return self.namua_successors(pos, out, rows);
        }
        let ring = self.layout.row_mask[mover.index()];
        let inner = self.layout.inner_mask[mover.index()];
        let mut playable = holes_holding(&pos.board, self.moves.min_seeds) & ring;
        if rows.first_move_from_inner && !pos.has_opened(mover) {
            playable &= inner;
        }
        // With singles last, a hole of one seed is sown only when no hole of
        // the ring holds more, and only into an empty hole.
        if rows.singles_last && holes_holding(&pos.board, 2) & ring != 0 {
            playable &= holes_holding(&pos.board, 2);
        }
        let single_into_occupied = |hole: usize, clockwise: bool| {
            rows.singles_last
                && pos.board[hole] == 1
                && pos.board[self.ring_step_by(hole, 1, clockwise)] != 0
        };
        let directions: &[bool] = if self.has_chosen_directions() {
            &[false, true]
        } else {
            std::slice::from_ref(&self.layout.clockwise)
        };
        let chosen = directions.len() == 2;
        let mv = |hole: usize, clockwise: bool| match (chosen, clockwise) {
            (false, _) => Move::Sow(hole as u8),
            (true, false) => Move::SowCounterClockwise(hole as u8),
            (true, true) => Move::SowClockwise(hole as u8),
        };
        // Each player's first move may be a single lap that captures nothing.
        let single_lap = rows.first_move_single_lap && !pos.has_opened(mover);
        // Holes that may be sown clockwise only when the move captures.
        let clockwise_only_capturing = rows.clockwise_capture_holes[mover.index()];
        let push = |out: &mut Successors, hole: usize, clockwise: bool, may_capture: bool| {
            let sown = self.ring_sow(
                pos,
                hole,
                clockwise,
                may_capture && !single_lap,
                single_lap,
                rows,
            );
            if let Sown::Child(child) = sown {
                out.push(Child {
                    mv: mv(hole, clockwise),
                    pos: child,
                    endless: false,
                });
            }
        };
        // Moves whose first lap captures: the only ones, when capturing is
        // compulsory and one of them ends.
        let mut capturing = 0u64;
        if rows.captures() && !single_lap {
            for hole in bits(playable) {
                for (d, &clockwise) in directions.iter().enumerate() {
                    if clockwise
                        && clockwise_only_capturing != 0
                        && clockwise_only_capturing & (1 << hole) == 0
                    {
                        continue;
                    }
                    if single_into_occupied(hole, clockwise) {
                        continue;
                    }
                    if self.first_lap_captures(pos, hole, clockwise, rows) {
                        capturing |= 1 << (2 * hole + d);
                        push(out, hole, clockwise, true);
                    }
                }
            }
            if rows.compulsory_capture && !out.is_empty() {
                return;
            }
        }
        // The other moves: from the inner row when it can be played from.
        let from = if rows.non_capturing_from_inner && playable & inner != 0 {
            playable & inner
        } else if rows.non_capturing_from_inner {
            playable & !inner
        } else {
            playable
        };
        let occupied_inner = holes_holding(&pos.board, 1) & inner;
        for hole in bits(from) {
            for (d, &clockwise) in directions.iter().enumerate() {
                if capturing & (1 << (2 * hole + d)) != 0
                    || (clockwise && clockwise_only_capturing != 0)
                {
                    continue;
                }
                if single_into_occupied(hole, clockwise) {
                    continue;
                }
                if rows.lone_kichwa_inward
                    && occupied_inner == 1 << hole
                    && self.sows_outward(hole, clockwise)
                {
                    continue;
                }
                push(out, hole, clockwise, !rows.first_lap_decides);
            }
        }
    }

    /// The moves of a mover with holes still to take (`pos.barred` of
    /// them, `rows.chosen_captures`): each hole of the opponent's holding
    /// seeds, emptied, its seeds going where the capture's went.
    #[cold]
    #[inline(never)]
    fn take_successors(&self, pos: &Position, out: &mut Successors, rows: &RowRules) {
        let mover = pos.to_move;
        let theirs = self.layout.row_mask[mover.opponent().index()];
        for hole in bits(holes_holding(&pos.board, 1) & theirs) {
            let mut child = *pos;
            let seeds = child.board[hole];
            child.board[hole] = 0;
            if rows.taken_out_of_play {
                child.removed[mover.index()] += seeds;
            } else {
                child.captured[mover.index()] += seeds;
            }
            child.ply += 1;
            self.take_or_pass(&mut child, mover, pos.barred - 1);
            out.push(Child {
                mv: Move::Take(hole as u8),
                pos: child,
                endless: false,
            });
        }
    }

    /// The namua moves of `pos` (the mover holds seeds in hand), with their
    /// positions, into `out`. A namua move puts one seed from the hand into
    /// an occupied hole of the mover's inner row, and is written as that
    /// hole with a direction. If the facing hole holds seeds, they are
    /// taken and sown from a kichwa as in a capturing move: in a kimbi the
    /// kimbi decides (one move, its direction the sowing's), elsewhere the
    /// direction chooses the kichwa (clockwise from the left, as a move
    /// going that way would); the move goes on capturing. Captures are
    /// compulsory. Otherwise the hole, with the placed seed, is lifted and
    /// sown in the chosen direction, and nothing is captured in the move.
    fn namua_successors(&self, pos: &Position, out: &mut Successors, rows: &RowRules) {
        let mover = pos.to_move.index();
        let occupied = holes_holding(&pos.board, 1) & self.layout.inner_mask[mover];
        let kimbi = rows.kimbi[mover];
        let chosen = self.has_chosen_directions();
        let directions: &[bool] = if chosen {
            &[false, true]
        } else {
            std::slice::from_ref(&self.layout.clockwise)
        };
        for hole in bits(occupied) {
            if self.opposite_seeds(&pos.board, hole, rows) == (0, 0) {
                continue;
            }
            // Without a choice of direction, the rules' direction chooses
            // the kichwa in the middle; a kimbi chooses its own.
            let directions: &[bool] = if !chosen {
                directions
            } else if kimbi[0] & (1 << hole) != 0 {
                &[true]
            } else if kimbi[1] & (1 << hole) != 0 {
                &[false]
            } else {
                &[false, true]
            };
            for &clockwise in directions {
                self.push_namua(pos, out, hole, clockwise, true, rows);
            }
        }
        if rows.compulsory_capture && !out.is_empty() {
            return;
        }
        // The house is sown only when no other inner hole can be, and then
        // taxed: only 2 of its seeds are lifted.
        let house = pos.owned[mover] & occupied;
        let from = if occupied & !house != 0 {
            occupied & !house
        } else {
            house
        };
        for hole in bits(from) {
            for &clockwise in directions {
                if rows.lone_kichwa_inward
                    && occupied == 1 << hole
                    && self.sows_outward(hole, clockwise)
                {
                    continue;
                }
                self.push_namua(pos, out, hole, clockwise, false, rows);
            }
        }
    }

    /// Plays the namua move into `hole` (`captures`: the facing hole is
    /// taken; else the hole is lifted) and pushes it unless it never ends.
    fn push_namua(
        &self,
        pos: &Position,
        out: &mut Successors,
        hole: usize,
        clockwise: bool,
        captures: bool,
        rows: &RowRules,
    ) {
        if let Sown::Child(child) = self.namua_sow(pos, hole, clockwise, captures, rows) {
            out.push(Child {
                mv: if !self.has_chosen_directions() {
                    Move::Sow(hole as u8)
                } else if clockwise {
                    Move::SowClockwise(hole as u8)
                } else {
                    Move::SowCounterClockwise(hole as u8)
                },
                pos: child,
                endless: false,
            });
        }
    }

    /// Ends `mover`'s move in `child`: with `takes` holes still to take
    /// and a hole of the opponent's holding seeds, the mover moves again
    /// to take one; else the turn passes.
    fn take_or_pass(&self, child: &mut Position, mover: Side, takes: u32) {
        let theirs = self.layout.row_mask[mover.opponent().index()];
        if takes > 0 && holes_holding(&child.board, 1) & theirs != 0 {
            child.barred = takes;
            child.to_move = mover;
            child.opened |= MOVED_AGAIN;
        } else {
            child.barred = 0;
            child.to_move = mover.opponent();
            child.opened &= !MOVED_AGAIN;
        }
    }

    /// Sows the namua move into `hole` (see `namua_successors`).
    fn namua_sow(
        &self,
        pos: &Position,
        hole: usize,
        clockwise: bool,
        captures: bool,
        rows: &RowRules,
    ) -> Sown {
        let mover = pos.to_move.index();
        let mut sowing = RingSowing::lift(pos, hole, clockwise, captures);
        // The seed from the hand goes in; the capture test of a first lap
        // does not apply: the move captures if it starts with a capture.
        sowing.board = pos.board;
        sowing.board[hole] += 1;
        sowing.first_lap = None;
        // The mover's house stops the laps that end in it.
        let house = pos.owned[mover];
        if house != 0 {
            sowing.house = house.trailing_zeros() as usize;
        }
        if captures {
            let (from_inner, from_outer) = self.opposite_seeds(&sowing.board, hole, rows);
            let facing = self.layout.facing_inner(hole);
            sowing.board[facing] = 0;
            if from_outer > 0 {
                sowing.board[self.layout.behind(facing)] = 0;
            }
            let taken = from_inner + from_outer;
            if rows.inner_row_empty_loses
                && holes_holding(&sowing.board, 1) & self.layout.inner_mask[1 - mover] == 0
            {
                sowing.left_in_hand = taken;
                return Sown::Child(self.namua_child(pos, &sowing, rows));
            }
            (sowing.hole, sowing.clockwise) = self.kichwa_lap(mover, hole, clockwise, rows);
            sowing.hand = taken;
        } else if sowing.house == hole {
            // The tax: two seeds, the rest stay in the house.
            sowing.hand = 2;
            sowing.board[hole] -= 2;
        } else {
            sowing.hand = sowing.board[hole];
            sowing.board[hole] = 0;
        }
        match self.ring_laps(sowing, rows) {
            Some(done) => Sown::Child(self.namua_child(pos, &done, rows)),
            None => Sown::Endless,
        }
    }

    /// The position after the namua move of `sowing`: one seed fewer in
    /// the mover's hand.
    fn namua_child(&self, pos: &Position, sowing: &RingSowing, rows: &RowRules) -> Position {
        let mover = pos.to_move.index();
        let mut child = self.ring_child(pos, sowing, rows);
        child.removed[mover] -= 1;
        // The house serves only while seeds are in hand.
        if child.removed[mover] == 0 {
            child.owned[mover] = 0;
        }
        child
    }

    /// Whether sowing the kichwa `hole` in this direction goes straight
    /// into the outer row (left kichwa counter-clockwise, right kichwa
    /// clockwise); false for other holes.
    fn sows_outward(&self, hole: usize, clockwise: bool) -> bool {
        let side = self.layout.owner(hole);
        (hole == self.layout.kichwa(side, true) && !clockwise)
            || (hole == self.layout.kichwa(side, false) && clockwise)
    }

    /// Whether the first lap of the move from `hole` captures: it lifts at
    /// most `rows.capture_start_max` seeds and its last seed falls into an
    /// occupied hole of the mover's inner row whose opposite holes hold
    /// what the rules' capture needs.
    fn first_lap_captures(
        &self,
        pos: &Position,
        hole: usize,
        clockwise: bool,
        rows: &RowRules,
    ) -> bool {
        let seeds = pos.board[hole] as usize;
        if seeds > rows.capture_start_max as usize {
            return false;
        }
        let ring = self.layout.n;
        let (rounds, rest) = (seeds / ring, seeds % ring);
        let last = self.ring_step_by(hole, rest, clockwise);
        // Seeds in the last hole once the lap is sown: the lifted origin
        // gets only the whole rounds.
        let before = if last == hole {
            0
        } else {
            pos.board[last] as usize
        };
        let after = before + rounds + (rest > 0) as usize;
        let mover = pos.to_move.index();
        after >= 2
            && self.layout.inner_mask[mover] & (1 << last) != 0
            && self.opposite_seeds(&pos.board, last, rows) != (0, 0)
    }

    /// The seeds a capture at the inner hole `hole` takes from the
    /// opponent's holes opposite it, as (from the facing inner hole, from
    /// the outer hole behind it); none: it takes nothing. `rows.capture =
    /// "both"` takes both only when both hold seeds; otherwise the facing
    /// hole is taken, and the one behind as `rows.capture_behind` says.
    #[inline]
    fn opposite_seeds(&self, board: &[u8; MAX_HOLES], hole: usize, rows: &RowRules) -> (u8, u8) {
        let facing = self.layout.facing_inner(hole);
        let inner = board[facing];
        let outer = board[self.layout.behind(facing)];
        if rows.captures_both {
            return if inner > 0 && outer > 0 {
                (inner, outer)
            } else {
                (0, 0)
            };
        }
        match rows.behind {
            0 => (inner, 0),
            1 if inner == 0 => (0, 0),
            _ => (inner, outer),
        }
    }

    /// The hole `steps` holes after `hole` around its owner's ring, for
    /// `steps` less than the ring's length (one step: the sowing's next hole).
    #[inline(always)]
    fn ring_step_by(&self, hole: usize, steps: usize, clockwise: bool) -> usize {
        let ring = self.layout.n;
        debug_assert!(steps < ring);
        let first = if hole < ring { 0 } else { ring };
        let local = hole - first;
        let to = if clockwise {
            local + ring - steps
        } else {
            local + steps
        };
        first + if to >= ring { to - ring } else { to }
    }

    /// Sows the move from `origin` (`may_capture`: its laps may capture;
    /// with `rows.first_lap_decides`, only if the first lap does;
    /// `single_lap`: the move is its first lap alone).
    fn ring_sow(
        &self,
        pos: &Position,
        origin: usize,
        clockwise: bool,
        may_capture: bool,
        single_lap: bool,
        rows: &RowRules,
    ) -> Sown {
        let mut sowing = RingSowing::lift(pos, origin, clockwise, may_capture);
        sowing.last_lap = single_lap;
        match self.ring_laps(sowing, rows) {
            Some(done) => Sown::Child(self.ring_child(pos, &done, rows)),
            None => Sown::Endless,
        }
    }

    /// Sows `sowing` lap after lap until the move ends: the state it ends
    /// in, or `None` if it never ends.
    #[inline]
    fn ring_laps(&self, mut sowing: RingSowing, rows: &RowRules) -> Option<RingSowing> {
        // The first lap: whether it captures decides the move's kind.
        if !self.ring_lap(&mut sowing, rows) {
            return Some(sowing);
        }
        // Brent's cycle detection, the relay's, over the states between the
        // later laps (the first lap's state differs by its capture test).
        let mut cycle = Brent::start(&sowing.board, sowing.lap_key());
        let limit = relay_lap_limit();
        let mut laps = 1u64;
        while self.ring_lap(&mut sowing, rows) {
            laps += 1;
            if cycle.repeats(&sowing.board, sowing.lap_key()) || laps >= limit {
                return None;
            }
        }
        Some(sowing)
    }

    /// Where the seeds a capture at the inner hole `hole` takes are sown
    /// from (the hole before the kichwa, so that the first seed falls into
    /// it) and in which direction: the left kimbi sows clockwise from the
    /// left kichwa, the right kimbi counter-clockwise from the right one,
    /// any other hole in the direction `clockwise` from the kichwa where
    /// that direction starts.
    #[inline]
    fn kichwa_lap(
        &self,
        mover: usize,
        hole: usize,
        clockwise: bool,
        rows: &RowRules,
    ) -> (usize, bool) {
        let kimbi = rows.kimbi[mover];
        let (left, sow_clockwise) = if kimbi[0] & (1 << hole) != 0 {
            (true, true)
        } else if kimbi[1] & (1 << hole) != 0 {
            (false, false)
        } else {
            (clockwise, clockwise)
        };
        let kichwa = self
            .layout
            .kichwa(if mover == 0 { Side::South } else { Side::North }, left);
        (
            self.ring_step_by(kichwa, self.layout.n - 1, sow_clockwise),
            sow_clockwise,
        )
    }

    /// The position after the move of `sowing` from `pos`.
    fn ring_child(&self, pos: &Position, sowing: &RingSowing, rows: &RowRules) -> Position {
        let mover = pos.to_move;
        let mut child = *pos;
        child.board = sowing.board;
        child.captured[mover.index()] += sowing.kept;
        // Off the board, and counted as out of the game so that every seed
        // is accounted for.
        child.removed[mover.index()] += sowing.left_in_hand + sowing.out_of_play;
        child.ply += 1;
        child.opened |= 1 << mover.index();
        // A nyumba emptied (taken, or taxed of its last seeds) is a house
        // no more.
        if child.owned != [0, 0] {
            let occupied = holes_holding(&child.board, 1);
            child.owned = child.owned.map(|house| house & occupied);
        }
        let takes = if sowing.chosen {
            u32::from(rows.chosen_captures)
        } else {
            0
        };
        self.take_or_pass(&mut child, mover, takes);
        child
    }

    /// Sows `hand` seeds round the ring of `from` in one direction, the
    /// first into the hole after `from`, and returns the hole of the last:
    /// whole rounds as one add over the ring, then the rest seed by seed.
    /// Endless sowings are proved by running them lap after lap to a
    /// repeated state, up to a billion laps, so this is the hot loop.
    #[inline(always)]
    fn ring_lap_sow(
        &self,
        board: &mut [u8; MAX_HOLES],
        from: usize,
        hand: u8,
        clockwise: bool,
    ) -> usize {
        let ring = self.layout.n;
        let first = if from < ring { 0 } else { ring };
        let hand = usize::from(hand);
        let (rounds, rest) = (hand / ring, hand % ring);
        if rounds > 0 {
            for hole in &mut board[first..first + ring] {
                *hole += rounds as u8;
            }
        }
        let mut local = from - first;
        for _ in 0..rest {
            local = if clockwise {
                if local == 0 { ring - 1 } else { local - 1 }
            } else if local + 1 == ring {
                0
            } else {
                local + 1
            };
            board[first + local] += 1;
        }
        first + local
    }

    /// Sows the hand of `sowing` (one lap), then decides at its last hole:
    /// the move ends (false), or a capture or relay fills the hand for the
    /// next lap (true). A player's emptied inner row ends the move at once.
    fn ring_lap(&self, sowing: &mut RingSowing, rows: &RowRules) -> bool {
        let layout = &self.layout;
        let mover = sowing.mover;
        let inner = layout.inner_mask[mover];
        let clockwise = sowing.clockwise;
        let step = |hole: usize| self.ring_step_by(hole, 1, clockwise);
        let board = &mut sowing.board;
        let mut hole = sowing.hole;
        // A mover who lifted their last inner seeds loses as soon as the
        // next seed falls into their outer row.
        if rows.inner_row_empty_loses
            && inner & (1 << hole) != 0
            && holes_holding(board, 1) & inner == 0
        {
            hole = step(hole);
            board[hole] += 1;
            sowing.hand -= 1;
            if inner & (1 << hole) == 0 {
                sowing.left_in_hand = sowing.hand;
                return false;
            }
        }
        hole = self.ring_lap_sow(board, hole, sowing.hand, clockwise);
        sowing.hand = 0;
        sowing.hole = hole;
        if sowing.last_lap {
            return false;
        }
        let facing = layout.facing_inner(hole);
        // A last seed in an empty hole may capture (`facing-from-empty`);
        // one in an occupied hole may capture (`facing`, `both`) or relays.
        let empty = board[hole] == 1;
        let captures_here = if empty {
            rows.captures_from_empty
        } else {
            rows.captures()
        };
        let (from_inner, from_outer) =
            if captures_here && sowing.captures && inner & (1 << hole) != 0 {
                self.opposite_seeds(board, hole, rows)
            } else {
                (0, 0)
            };
        let mut takes = from_inner + from_outer > 0;
        if let Some(lifted) = sowing.first_lap.take() {
            takes &= lifted <= rows.capture_start_max;
            if rows.first_lap_decides {
                sowing.captures = takes;
            }
        }
        if !takes {
            // A last seed in an empty inner hole may earn the chosen holes
            // though it took nothing (`rows.chosen_captures_on_empty`).
            sowing.chosen =
                empty && rows.chosen_on_empty && sowing.captures && inner & (1 << hole) != 0;
            if empty || !rows.relay || hole == sowing.house {
                return false;
            }
            sowing.hand = board[hole];
            board[hole] = 0;
            sowing.lap_origin = hole;
            return true;
        }
        let taken = from_inner + from_outer;
        board[facing] = 0;
        if from_outer > 0 {
            board[layout.behind(facing)] = 0;
        }
        // The opponent's emptied inner row ends the game at once.
        if rows.inner_row_empty_loses && holes_holding(board, 1) & layout.inner_mask[1 - mover] == 0
        {
            sowing.left_in_hand = taken;
            return false;
        }
        if rows.sown_from_capturing_hole {
            // Sown on from the hole after the capturing one; the move ends
            // with the last taken seed.
            sowing.hand = taken;
            sowing.last_lap = true;
            return true;
        }
        if let Some(from) = rows.sown_from_lap {
            // Sown on in the move's direction, from the capturing lap's
            // origin or the hole after it; the lap keeps its origin.
            sowing.hole = match from {
                TakenSownFrom::LapOrigin => {
                    self.ring_step_by(sowing.lap_origin, layout.n - 1, clockwise)
                }
                _ => sowing.lap_origin,
            };
            sowing.hand = taken;
            sowing.last_lap = rows.capture_ends_move;
            return true;
        }
        if !rows.sown_from_kichwa {
            if rows.taken_out_of_play {
                sowing.out_of_play += taken;
            } else {
                sowing.kept += taken;
            }
            sowing.chosen = rows.chosen_captures != 0;
            return false;
        }
        // The first taken seed falls into the kichwa itself: the lap starts
        // from the hole before it, which lies in the outer row.
        (sowing.hole, sowing.clockwise) = self.kichwa_lap(mover, hole, clockwise, rows);
        sowing.hand = taken;
        true
    }
}

/// A four-row move being sown: the board, the seeds in hand and where they
/// go on from.
#[derive(Clone, Copy)]
struct RingSowing {
    board: [u8; MAX_HOLES],
    /// The mover's index.
    mover: usize,
    /// Seeds in hand, sown from the hole after `hole`.
    hand: u8,
    hole: usize,
    clockwise: bool,
    /// The hole the current lap was lifted from (taken seeds may be sown
    /// on from there).
    lap_origin: usize,
    /// The lap in hand is the move's last, whatever its last hole holds
    /// (a single-lap first move, or taken seeds sown on to end the move).
    last_lap: bool,
    /// The laps may still capture.
    captures: bool,
    /// Before the first lap's end: the seeds it lifted.
    first_lap: Option<u8>,
    /// Seeds taken and kept by the mover (without `rows.taken_sown_from`).
    kept: u8,
    /// Seeds taken out of the game (`rows.taken_out_of_play`).
    out_of_play: u8,
    /// Seeds still in hand when an emptied inner row ended the game in
    /// the middle of the move: they are not sown.
    left_in_hand: u8,
    /// The move ended with a capture that earns chosen holes
    /// (`rows.chosen_captures`).
    chosen: bool,
    /// The mover's house, where a lap that does not capture ends the move
    /// (a namua move of a player whose nyumba is still their house);
    /// `MAX_HOLES`: none.
    house: usize,
}

impl RingSowing {
    /// The move from `origin` with its seeds lifted.
    fn lift(pos: &Position, origin: usize, clockwise: bool, captures: bool) -> RingSowing {
        let mut board = pos.board;
        let hand = board[origin];
        board[origin] = 0;
        RingSowing {
            board,
            mover: pos.to_move.index(),
            hand,
            hole: origin,
            clockwise,
            lap_origin: origin,
            last_lap: false,
            captures,
            first_lap: Some(hand),
            kept: 0,
            out_of_play: 0,
            left_in_hand: 0,
            chosen: false,
            house: MAX_HOLES,
        }
    }

    /// Besides the board, what must repeat between two laps for the sowing
    /// to go on for ever: the lap's last hole, its direction, its origin
    /// (where taken seeds may be sown from) and whether the lap in hand is
    /// the move's last, as one key.
    fn lap_key(&self) -> usize {
        ((self.lap_origin * MAX_HOLES + self.hole) * 2 + usize::from(self.last_lap)) * 2
            + usize::from(self.clockwise)
    }
}

/// The indices of the bits set in `mask`, lowest first.
fn bits(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// The move sown lap by lap with every state between laps kept, for
    /// comparison with Brent's detection: `None` when a state repeats.
    fn sown_by_set(
        r: &Rules,
        pos: &Position,
        origin: usize,
        clockwise: bool,
        may_capture: bool,
    ) -> Option<Position> {
        let rows = r.rows.as_ref().unwrap();
        let mut sowing = RingSowing::lift(pos, origin, clockwise, may_capture);
        if !r.ring_lap(&mut sowing, rows) {
            return Some(r.ring_child(pos, &sowing, rows));
        }
        let mut seen = HashSet::new();
        let key = |s: &RingSowing| (s.board, s.hole, s.clockwise, s.lap_origin, s.last_lap);
        seen.insert(key(&sowing));
        while r.ring_lap(&mut sowing, rows) {
            if !seen.insert(key(&sowing)) {
                return None;
            }
        }
        Some(r.ring_child(pos, &sowing, rows))
    }

    /// Random boards of `seeds` seeds for `r`, from a fixed seed.
    fn boards(r: &Rules, seeds: u32, count: usize) -> Vec<Position> {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|i| {
                let mut board = vec![0u8; r.holes()];
                for _ in 0..seeds {
                    board[(next() % r.holes() as u64) as usize] += 1;
                }
                let side = if i % 2 == 0 { Side::South } else { Side::North };
                r.position(&board, [0, 0], side, 10).unwrap()
            })
            .collect()
    }

    /// Every move of many random positions: Brent's detection finds the
    /// same endless moves, and the same children, as keeping every state.
    fn agrees_with_kept_states(r: &Rules, seeds: u32) -> usize {
        let rows = r.rows.as_ref().unwrap();
        let mut endless = 0;
        for pos in boards(r, seeds, 400) {
            let ring = r.layout.row_mask[pos.to_move.index()];
            for hole in (0..r.holes()).filter(|&h| ring & (1 << h) != 0 && pos.board[h] >= 2) {
                for clockwise in [false, true] {
                    for may_capture in [false, true] {
                        let brent =
                            match r.ring_sow(&pos, hole, clockwise, may_capture, false, rows) {
                                Sown::Child(child) => Some(child),
                                Sown::Endless => None,
                            };
                        assert_eq!(brent, sown_by_set(r, &pos, hole, clockwise, may_capture));
                        endless += brent.is_none() as usize;
                    }
                }
            }
        }
        endless
    }

    #[test]
    fn endless_moves_are_found_exactly() {
        // Relays without captures on rings of 6 holes go on for ever often.
        let text = "name = \"T\"\n[board]\nrows = 4\nholes_per_row = 3\nseeds_per_hole = 2\n\
                    [sowing]\nstart = \"next\"\nlaps = \"relay\"\ndirection = \"chosen\"\n\
                    [end]\nresult = \"deprivation\"\n";
        let small = Rules::from_toml("t", text, "t.toml").unwrap();
        assert!(agrees_with_kept_states(&small, 24) > 0);
        // Bao la Kujifunza's own moves, captures and all.
        agrees_with_kept_states(&Rules::builtin("bao-la-kujifunza").unwrap(), 64);
        // Captures of both opposite holes sown on from the lap (Omweso),
        // and ending the move (Nsumbi).
        for id in ["omweso", "nsumbi"] {
            agrees_with_kept_states(&Rules::builtin(id).unwrap(), 64);
        }
        // Captures from an empty hole: taken out of play (Tsoro), kept
        // (Bao Ki Arabu, either direction), or sown on from the capturing
        // hole, which ends the move (Tsoro's reentered captures).
        for id in ["tsoro", "bao-ki-arabu-zanzibar-1"] {
            agrees_with_kept_states(&Rules::builtin(id).unwrap(), 32);
        }
        let text = Rules::builtin_source("tsoro").unwrap().replace(
            "taken_out_of_play = true",
            "taken_sown_from = \"capturing-hole\"",
        );
        agrees_with_kept_states(&Rules::from_toml("t", &text, "t.toml").unwrap(), 32);
    }

    #[test]
    fn a_search_lap_limit_takes_a_long_sowing_for_endless() {
        // Searches and benchmarks cap relays as on two rows (proving an
        // endless Omweso sowing can take a billion laps); play is exact.
        let r = Rules::builtin("omweso").unwrap();
        let (mut exact_moves, mut capped_moves) = (0, 0);
        for pos in boards(&r, 64, 200) {
            let exact = r.successors(&pos);
            let capped = {
                let _limit = crate::limit_relay_laps(3);
                r.successors(&pos)
            };
            // What the cap keeps is exact; it drops only the longer sowings.
            for child in capped.as_slice() {
                assert!(exact.as_slice().contains(child), "{pos:?} {:?}", child.mv);
            }
            exact_moves += exact.len();
            capped_moves += capped.len();
        }
        assert!(
            capped_moves < exact_moves,
            "{capped_moves} of {exact_moves}"
        );
        // Without the guard, play is exact again.
        let pos = &boards(&r, 64, 1)[0];
        assert_eq!(r.successors(pos).len(), {
            let _limit = crate::limit_relay_laps(u64::MAX);
            r.successors(pos).len()
        });
    }
}
