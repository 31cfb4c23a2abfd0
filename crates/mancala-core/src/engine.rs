//! Move generation and sowing: the hot path.
//!
//! [`Rules::successors`] sows every candidate move once and keeps the
//! resulting positions, so that the legality tests that need a whole sowing
//! (must-feed, grand slams, endless relays) and playing the chosen move share
//! one simulation.

use crate::Side;
use crate::position::{MAX_HOLES, MAX_HOLES_PER_ROW, MOVED_AGAIN, Move, Moves, Position};
use crate::rules::{CaptureKind, Rules, STORE_CELL};
use crate::spec::{Chain, GrandSlam};

/// The most successors a position can have: one per hole of a row, or a pass.
pub const MAX_SUCCESSORS: usize = MAX_HOLES_PER_ROW;

/// A legal move and the position it leads to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Child {
    /// The move.
    pub mv: Move,
    /// The position after it (before any end-of-game settlement).
    pub pos: Position,
    /// The move's sowing never ends; under `endless = "draw"` it ends the game.
    pub endless: bool,
}

/// Every legal move of a position with the position each leads to, in move order.
#[derive(Clone, Copy, Debug)]
pub struct Successors {
    len: u8,
    children: [Child; MAX_SUCCESSORS],
}

impl Successors {
    pub(crate) const fn empty(pos: Position) -> Self {
        let filler = Child {
            mv: Move::Pass,
            pos,
            endless: false,
        };
        Successors {
            len: 0,
            children: [filler; MAX_SUCCESSORS],
        }
    }

    #[inline]
    fn push(&mut self, child: Child) {
        self.children[self.len as usize] = child;
        self.len += 1;
    }

    /// Drops the children whose bit is set in `marked`, keeping the order.
    fn remove_marked(&mut self, marked: u32) {
        let mut kept = 0;
        for i in 0..self.len as usize {
            if marked & (1 << i) == 0 {
                self.children[kept] = self.children[i];
                kept += 1;
            }
        }
        self.len = kept as u8;
    }

    /// The legal moves and their positions.
    #[inline]
    pub fn as_slice(&self) -> &[Child] {
        &self.children[..self.len as usize]
    }

    /// Number of legal moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is no legal move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The legal moves as a set.
    pub fn moves(&self) -> Moves {
        self.as_slice().iter().map(|c| c.mv).collect()
    }

    /// The child reached by `mv`, if `mv` is legal.
    pub fn get(&self, mv: Move) -> Option<&Child> {
        self.as_slice().iter().find(|c| c.mv == mv)
    }
}

/// What [`Rules::sow_only`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowReport {
    /// The board after sowing (before any capture), by hole index.
    pub board: Vec<u8>,
    /// The hole the last seed fell into.
    pub last: usize,
    /// Laps sown (1 for a single lap; relays count each lift).
    pub laps: u64,
}

/// How a sowing ended.
enum Sown {
    /// In hole `last`, after `laps` laps, having sown into the holes of the `sown` mask.
    Ended { last: usize, sown: u32, laps: u64 },
    /// It never ends (relay sowing only).
    Endless,
}

/// What a move's capture did.
#[derive(Clone, Copy)]
struct Capture {
    /// The capture would take seeds from the opponent's row and leave it
    /// empty (whether or not the rules let it take them).
    slam: bool,
    /// Seeds were taken.
    took: bool,
}

/// The illegal move error of [`Rules::play`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {mv:?}: legal moves are {legal:?}")]
pub struct IllegalMove {
    /// The move that was tried.
    pub mv: Move,
    /// The moves that were legal.
    pub legal: Moves,
}

impl Rules {
    /// The legal moves of `pos`, in hole order (`pass` when the mover must pass).
    ///
    /// This does not know the game's history: a position that ends the game
    /// by repetition still lists its moves here. [`Game`](crate::Game) knows.
    pub fn legal_moves(&self, pos: &Position) -> Moves {
        self.successors(pos).moves()
    }

    /// Plays `mv` from `pos`, or says why it is illegal.
    pub fn play(&self, pos: &Position, mv: Move) -> Result<Position, IllegalMove> {
        let succ = self.successors(pos);
        succ.get(mv).map(|c| c.pos).ok_or(IllegalMove {
            mv,
            legal: succ.moves(),
        })
    }

    /// Every legal move of `pos` with the position it leads to.
    pub fn successors(&self, pos: &Position) -> Successors {
        let mut out = Successors::empty(*pos);
        self.successors_into(pos, &mut out);
        out
    }

    /// As [`Rules::successors`], refilling `out` in place: a
    /// [`Game`](crate::Game) keeps one list and reuses it every move.
    pub(crate) fn successors_into(&self, pos: &Position, out: &mut Successors) {
        let mover = pos.to_move;
        let opponent = mover.opponent();
        out.len = 0;
        let mut candidates = 0u32;
        for hole in self.row(mover) {
            if pos.board[hole] >= self.min_seeds {
                candidates |= 1 << hole;
            }
        }
        if self.opening_rightmost && !pos.has_opened(mover) {
            candidates = self.restrict_opening(candidates, mover);
        }
        let feed_needed = self.must_feed && self.row_seeds(pos, opponent) == 0;
        // Bit i: child i is a grand slam (only tracked when they are forbidden).
        let mut slams = 0u32;
        // Bit i: child i leaves the opponent's row empty (tracked under must-leave-seeds).
        let mut starving = 0u32;
        let mut bits = candidates;
        while bits != 0 {
            let origin = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // The child is built in the next free slot, and kept by counting it.
            let index = out.len as usize;
            let slot = &mut out.children[index];
            *slot = Child {
                mv: Move::Sow(origin as u8),
                pos: *pos,
                endless: false,
            };
            let child = &mut slot.pos;
            child.to_move = opponent;
            child.opened = (child.opened & !MOVED_AGAIN) | 1 << mover.index();
            child.ply += 1;
            match self.sow(
                &mut child.board,
                &mut child.captured,
                mover,
                origin,
                pos.blocked,
            ) {
                Sown::Endless => {
                    if self.endless_draws {
                        // The sowing never ends: the board is left as it was.
                        child.board = pos.board;
                        child.captured = pos.captured;
                        slot.endless = true;
                        out.len += 1;
                    }
                }
                Sown::Ended { last, sown, .. } => {
                    if feed_needed && sown & self.row_mask[opponent.index()] == 0 {
                        continue;
                    }
                    let capture = self.capture(child, pos, mover, last, sown);
                    if feed_needed
                        && self.feed_after_capture
                        && self.row_seeds(child, opponent) == 0
                    {
                        continue;
                    }
                    if capture.slam && self.grand_slam == GrandSlam::Forbidden {
                        slams |= 1 << index;
                    }
                    if (self.extra_turn_store && last == STORE_CELL + mover.index())
                        || (self.extra_turn_capture && capture.took)
                    {
                        child.to_move = mover;
                        child.opened |= MOVED_AGAIN;
                    }
                    if self.must_leave_seeds && self.row_seeds(child, opponent) == 0 {
                        starving |= 1 << index;
                    }
                    out.len += 1;
                }
            }
        }
        // Moves that leave the opponent nothing stay legal only when every move does.
        if starving != 0 && starving.count_ones() < out.len as u32 {
            out.remove_marked(starving);
        }
        // Forbidden grand slams stay legal only when every move is one (unless the rules say not even then).
        if slams != 0 && (slams.count_ones() < out.len as u32 || self.grand_slam_fallback_none) {
            out.remove_marked(slams);
        }
        if out.is_empty() && self.pass_when_stuck && pos.board.iter().any(|&s| s != 0) {
            let mut child = *pos;
            child.to_move = opponent;
            child.opened &= !MOVED_AGAIN;
            child.ply += 1;
            out.push(Child {
                mv: Move::Pass,
                pos: child,
                endless: false,
            });
        }
    }

    /// Sows `origin` on `board` as a move of these rules would, without
    /// capturing: the board after the sowing, the hole it ended in and the
    /// number of laps, or `None` when the sowing never ends.
    ///
    /// For showing and teaching how a sowing runs; play uses
    /// [`Rules::successors`].
    pub fn sow_only(&self, board: &[u8], origin: usize) -> Option<SowReport> {
        let mut b = [0u8; MAX_HOLES];
        b[..self.holes].copy_from_slice(&board[..self.holes]);
        let mut stores = [0u8; 2];
        match self.sow(&mut b, &mut stores, self.owner(origin), origin, 0) {
            Sown::Ended { last, laps, .. } => Some(SowReport {
                board: b[..self.holes].to_vec(),
                last,
                laps,
            }),
            Sown::Endless => None,
        }
    }

    /// The candidates allowed by a first-move restriction.
    fn restrict_opening(&self, candidates: u32, mover: Side) -> u32 {
        let rightmost = self.rightmost[mover.index()] as usize;
        if candidates & (1 << rightmost) != 0 {
            return 1 << rightmost;
        }
        if !self.opening_nearest {
            return candidates;
        }
        let mut hole = rightmost;
        for _ in 1..self.n {
            hole = self.prev[hole] as usize;
            if candidates & (1 << hole) != 0 {
                return 1 << hole;
            }
        }
        candidates
    }

    /// Sows the seeds of `origin` for `mover`, relaying if the rules say so.
    /// Seeds sown into a store are added to `stores`.
    #[inline(always)]
    fn sow(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        blocked: u32,
    ) -> Sown {
        let (last, sown) = self.lap(board, stores, mover, origin, self.start_in_origin, blocked);
        if !self.relay
            || last >= MAX_HOLES
            || board[last] == 1
            || self.relay_captures_at(board, mover, last)
        {
            return Sown::Ended {
                last,
                sown,
                laps: 1,
            };
        }
        self.relay_on(board, stores, mover, last, sown, blocked)
    }

    /// Whether a relay lap ending in `last` ends the sowing because its
    /// last seed captures there (`relay_stops_at_capture`).
    #[inline(always)]
    fn relay_captures_at(&self, board: &[u8; MAX_HOLES], mover: Side, last: usize) -> bool {
        self.relay_stops_at_capture
            && self.capture_zone[mover.index()] & (1 << last) != 0
            && self.capturing[board[last] as usize]
    }

    /// One lap, through the stores or not.
    #[inline(always)]
    fn lap(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
    ) -> (usize, u32) {
        if blocked != 0 {
            // Only games played in rounds have blocked holes: off the hot path.
            self.sow_lap_blocked(board, stores, mover, origin, into_origin, blocked)
        } else if self.sow_into_store {
            self.sow_lap_with_store(board, stores, mover, origin, into_origin)
        } else if self.passing_captures {
            self.sow_lap_passing(board, stores, mover, origin, into_origin)
        } else {
            self.sow_lap(board, origin, into_origin)
        }
    }

    /// One lap in a game that sows into the mover's store: the ring of cells
    /// is read from a table (holes, and the store after the mover's row).
    /// Returns the last cell (a hole, or `STORE_CELL + side`) and the mask
    /// of holes sown.
    #[inline(always)]
    fn sow_lap_with_store(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
    ) -> (usize, u32) {
        let next = &self.ring_next[mover.index()];
        let seeds = board[origin];
        board[origin] = 0;
        let mut cell = if into_origin {
            origin
        } else {
            next[origin] as usize
        };
        let mut last = cell;
        let mut sown = 0u32;
        for _ in 0..seeds {
            if self.skip_origin && cell == origin {
                cell = next[cell] as usize;
            }
            if cell < MAX_HOLES {
                board[cell] += 1;
                sown |= 1 << cell;
            } else {
                stores[cell - STORE_CELL] += 1;
            }
            last = cell;
            cell = next[cell] as usize;
        }
        (last, sown)
    }

    /// One lap on a board with holes out of play for the round (`blocked`,
    /// one bit a hole), which the sowing passes over; the mover's store is
    /// sown in games that sow into it. Each row keeps a hole in play (see
    /// [`Rules::with_blocked`]), so the lap always finds the next cell.
    #[cold]
    fn sow_lap_blocked(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
    ) -> (usize, u32) {
        let step = |cell: usize| {
            if self.sow_into_store {
                self.ring_next[mover.index()][cell] as usize
            } else {
                self.next_hole(cell)
            }
        };
        let in_play = |cell: usize| cell >= MAX_HOLES || blocked & (1 << cell) == 0;
        let next = |mut cell: usize| {
            loop {
                cell = step(cell);
                if in_play(cell) && !(self.skip_origin && cell == origin) {
                    return cell;
                }
            }
        };
        let seeds = board[origin];
        board[origin] = 0;
        let mut cell = if into_origin { origin } else { next(origin) };
        let mut last = cell;
        let mut sown = 0u32;
        for _ in 0..seeds {
            if cell < MAX_HOLES {
                board[cell] += 1;
                sown |= 1 << cell;
            } else {
                stores[cell - STORE_CELL] += 1;
            }
            last = cell;
            cell = next(cell);
        }
        (last, sown)
    }

    /// The hole after `hole` in the sowing direction.
    ///
    /// Computed rather than read from a table: it is the critical path of the
    /// sowing loop, and a table read would add a load's latency per seed.
    #[inline(always)]
    fn next_hole(&self, hole: usize) -> usize {
        if self.clockwise {
            if hole == 0 { self.holes - 1 } else { hole - 1 }
        } else if hole + 1 == self.holes {
            0
        } else {
            hole + 1
        }
    }

    /// One lap: lifts `origin` and sows its seeds. Returns the last hole and
    /// the mask of holes sown.
    #[inline(always)]
    fn sow_lap(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        into_origin: bool,
    ) -> (usize, u32) {
        let seeds = board[origin];
        board[origin] = 0;
        let mut hole = if into_origin {
            origin
        } else {
            self.next_hole(origin)
        };
        let mut last = hole;
        let mut sown = 0u32;
        for _ in 0..seeds {
            if self.skip_origin && hole == origin {
                hole = self.next_hole(hole);
            }
            board[hole] += 1;
            sown |= 1 << hole;
            last = hole;
            hole = self.next_hole(hole);
        }
        (last, sown)
    }

    /// One lap in which every hole but the last that a seed brings to a
    /// capturing count is emptied into its owner's store (`passing_captures`).
    fn sow_lap_passing(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
    ) -> (usize, u32) {
        let seeds = board[origin];
        board[origin] = 0;
        let mut hole = if into_origin {
            origin
        } else {
            self.next_hole(origin)
        };
        let mut last = hole;
        let mut sown = 0u32;
        for left in (0..seeds).rev() {
            if self.skip_origin && hole == origin {
                hole = self.next_hole(hole);
            }
            board[hole] += 1;
            sown |= 1 << hole;
            last = hole;
            if left > 0
                && self.capturing[board[hole] as usize]
                && self.capture_zone[mover.index()] & (1 << hole) != 0
            {
                stores[self.owner(hole).index()] += board[hole];
                board[hole] = 0;
            }
            hole = self.next_hole(hole);
        }
        (last, sown)
    }

    /// Goes on relaying from `lift` until a lap ends in an empty hole, or
    /// proves that it never will.
    ///
    /// The relay is a function from (board, hole to lift) to the next such
    /// state, so it either stops or enters a cycle. Brent's cycle detection
    /// finds the cycle exactly: it keeps one saved state, compares every new
    /// state with it, and moves it forward at powers of two.
    #[cold]
    fn relay_on(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        mut lift: usize,
        mut sown: u32,
        blocked: u32,
    ) -> Sown {
        // Seeds are conserved, so equal boards mean equal stores too: the
        // board and the hole to lift are the whole relay state.
        let mut saved_board = *board;
        let mut saved_lift = lift;
        let mut power = 1u64;
        let mut steps = 0u64;
        let mut laps = 1u64;
        loop {
            let (last, lap) = self.lap(board, stores, mover, lift, false, blocked);
            sown |= lap;
            laps += 1;
            if last >= MAX_HOLES || board[last] == 1 || self.relay_captures_at(board, mover, last) {
                return Sown::Ended { last, sown, laps };
            }
            lift = last;
            if lift == saved_lift && *board == saved_board {
                return Sown::Endless;
            }
            steps += 1;
            if steps == power {
                saved_board = *board;
                saved_lift = lift;
                power *= 2;
                steps = 0;
            }
        }
    }

    /// Applies the capture of a move that ended in `last`. Returns whether
    /// the move is a grand slam (its capture would take seeds from the
    /// opponent's row and leave it empty).
    #[inline]
    fn capture(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
    ) -> Capture {
        const NOTHING: Capture = Capture {
            slam: false,
            took: false,
        };
        if self.capture == CaptureKind::None
            || last >= MAX_HOLES
            || (!self.capture_on_opening && before.opened & 0b11 == 0)
            || self.capture_zone[mover.index()] & (1 << last) == 0
        {
            return NOTHING;
        }
        let board = &mut child.board;
        let taken = match self.capture {
            CaptureKind::Counts => {
                if !self.capturing[board[last] as usize] {
                    return NOTHING;
                }
                let mut taken = 1u32 << last;
                if self.chain != Chain::None {
                    let zone = if self.chain == Chain::SameRow {
                        self.row_mask[self.owner(last).index()]
                    } else {
                        self.row_mask[0] | self.row_mask[1]
                    };
                    let allowed = zone & sown;
                    // The chain passes over holes out of play, as the sowing did
                    // (each row keeps a hole in play, so this ends).
                    let skip = |mut hole: usize| {
                        while before.blocked & (1 << hole) != 0 {
                            hole = self.prev[hole] as usize;
                        }
                        hole
                    };
                    let mut hole = skip(self.prev[last] as usize);
                    while allowed & !taken & (1 << hole) != 0
                        && self.capturing[board[hole] as usize]
                    {
                        taken |= 1 << hole;
                        hole = skip(self.prev[hole] as usize);
                    }
                }
                taken
            }
            CaptureKind::Opposite => {
                let opposite = self.opposite(last);
                if board[last] != 1 || (board[opposite] == 0 && !self.empty_opposite) {
                    return NOTHING;
                }
                let sower = if self.take_sower { 1u32 << last } else { 0 };
                (1u32 << opposite) | sower
            }
            CaptureKind::None => unreachable!("checked above"),
        };
        let opponent_row = self.row_mask[mover.opponent().index()];
        let from_opponent = sum_of(board, taken & opponent_row);
        let slam = from_opponent > 0 && from_opponent == sum_of(board, opponent_row);
        if slam {
            let captures = match self.grand_slam {
                GrandSlam::Allowed => true,
                GrandSlam::NoCapture => false,
                GrandSlam::Forbidden => self.grand_slam_fallback_captures,
            };
            if !captures {
                return Capture {
                    slam: true,
                    took: false,
                };
            }
        }
        let mut amount = 0u32;
        let mut bits = taken;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            amount += board[hole] as u32;
            board[hole] = 0;
        }
        let side = mover.index();
        if self.to_mover {
            child.captured[side] += amount as u8;
        } else {
            child.removed[side] += amount as u8;
        }
        Capture {
            slam,
            took: amount > 0,
        }
    }
}

#[inline]
fn sum_of(board: &[u8; MAX_HOLES], mut mask: u32) -> u32 {
    let mut sum = 0u32;
    while mask != 0 {
        let hole = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        sum += board[hole] as u32;
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_long_relay_ends_after_515_laps() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        let report = r
            .sow_only(&[1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0], 5)
            .unwrap();
        assert_eq!(report.laps, 515);
        assert_eq!(report.last, 9);
        assert_eq!(report.board, vec![3, 0, 1, 0, 1, 7, 1, 0, 4, 1, 5, 6]);
    }
}
