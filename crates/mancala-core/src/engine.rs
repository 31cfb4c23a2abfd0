//! Move generation and sowing: the hot path.
//!
//! [`Rules::successors`] sows every candidate move once and keeps the
//! resulting positions, so that the legality tests that need a whole sowing
//! (must-feed, grand slams, endless relays) and playing the chosen move share
//! one simulation.

use std::cell::Cell;
use std::marker::PhantomData;

use crate::Side;
use crate::position::{MAX_HOLES, MAX_HOLES_PER_ROW, MOVED_AGAIN, Move, Moves, Position};
use crate::rules::{CaptureKind, Rules, STORE_CELL};
use crate::spec::{Chain, GrandSlam};

/// The laps after which a search takes a relay sowing that is still going
/// for endless (see [`limit_relay_laps`]): a few milliseconds of sowing,
/// while the longest relay that ended among 200,000 random 48-seed sowings
/// took 354 laps (`benches/relay.rs`).
pub const SEARCH_RELAY_LAPS: u64 = 1 << 18;

thread_local! {
    /// The lap limit of [`limit_relay_laps`] on this thread (none: `u64::MAX`).
    static RELAY_LAP_LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// While the returned guard lives, a relay sowing on this thread that has
/// not ended after `laps` laps is taken for endless (and so follows the
/// rules' `endless` outcome) instead of being followed to its proof.
///
/// For searches: proving that a relay never ends takes one period of its
/// cycle, which grows steeply with the seeds (seconds at 60 seeds, see
/// `docs/rule-files.md`), and a search must not stall on one sowing. Play
/// outside a guard ([`Game`](crate::Game), [`Rules::play`]) is always exact,
/// so a search should list its root moves before taking the guard.
pub fn limit_relay_laps(laps: u64) -> RelayLapLimit {
    let previous = RELAY_LAP_LIMIT.with(|l| l.replace(laps.max(2)));
    RelayLapLimit {
        previous,
        _thread: PhantomData,
    }
}

/// The guard of [`limit_relay_laps`]: dropping it restores the previous limit.
#[must_use = "the limit holds only while the guard lives"]
pub struct RelayLapLimit {
    previous: u64,
    /// The limit belongs to the thread that set it.
    _thread: PhantomData<*const ()>,
}

impl Drop for RelayLapLimit {
    fn drop(&mut self) {
        RELAY_LAP_LIMIT.with(|l| l.set(self.previous));
    }
}

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
        // While captures are not yet allowed, a relay does not stop where it would capture.
        let inhibited = self.captures_inhibited(pos);
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
                !inhibited,
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
                    let capture = if self.not_from_single && pos.board[origin] == 1 {
                        Capture {
                            slam: false,
                            took: false,
                        }
                    } else {
                        self.capture(child, pos, mover, last, sown)
                    };
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
        match self.sow(&mut b, &mut stores, self.owner(origin), origin, 0, true) {
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
        may_capture: bool,
    ) -> Sown {
        let (last, sown) = self.lap(board, stores, mover, origin, self.start_in_origin, blocked);
        if !self.relay
            || last >= MAX_HOLES
            || board[last] == 1
            || self.relay_captures_at(board, mover, last, may_capture)
        {
            return Sown::Ended {
                last,
                sown,
                laps: 1,
            };
        }
        self.relay_on(board, stores, mover, last, sown, blocked, may_capture)
    }

    /// Whether a relay lap ending in `last` ends the sowing because its
    /// last seed captures there (`relay_stops_at_capture`), captures being
    /// allowed on this move (`may_capture`).
    #[inline(always)]
    fn relay_captures_at(
        &self,
        board: &[u8; MAX_HOLES],
        mover: Side,
        last: usize,
        may_capture: bool,
    ) -> bool {
        self.relay_stops_at_capture
            && may_capture
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

    /// Whether a relay of these rules needs Brent's cycle detection rather
    /// than the comparison with its first state: two relay states can lead
    /// to the same one when captures while sowing take seeds off the board,
    /// or when the lap passes over its origin (which then no longer tells
    /// how many times the lap went round). Captures while sowing are not
    /// proved injective, so they take Brent's too.
    pub(crate) fn relay_needs_brent(&self) -> bool {
        self.passing_captures || self.skip_origin
    }

    /// Goes on relaying from `lift` until a lap ends in an empty hole, or
    /// proves that it never will.
    ///
    /// A relay lap is a function from the relay state (board, stores, hole
    /// to lift) to the next one, so a relay either stops or enters a cycle.
    /// Without captures while sowing the lap is also injective (a lap can
    /// be undone: `relay_injectivity` checks every small board), so a relay
    /// that never stops has no lead-in: it is a pure cycle through its first
    /// state, and comparing every state with that one state finds it after
    /// exactly one period. Passing over the origin breaks injectivity
    /// and captures while sowing are not proved not to; those relays use Brent's cycle detection (one saved state moved forward at
    /// powers of two). Either way the memory is one board, and the laps are
    /// at most the number of relay states with the game's seeds (a period
    /// cannot be longer); `docs/rule-files.md` gives measured periods.
    #[cold]
    fn relay_on(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        lift: usize,
        sown: u32,
        blocked: u32,
        may_capture: bool,
    ) -> Sown {
        if self.relay_needs_brent() {
            return self.relay_on_brent(board, stores, mover, lift, sown, blocked, may_capture);
        }
        // Seeds are conserved, so equal boards mean equal stores too: the
        // board and the hole to lift are the whole relay state.
        let first_board = *board;
        let first_lift = lift;
        let mut lift = lift;
        let mut sown = sown;
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        if !self.sow_into_store && blocked == 0 {
            // The common case, and the one whose endless cycles run to
            // millions of laps: a lap of whole-board vector adds.
            loop {
                let (last, lap) = self.relay_lap_plain(board, lift);
                sown |= lap;
                laps += 1;
                if board[last] == 1 || self.relay_captures_at(board, mover, last, may_capture) {
                    return Sown::Ended { last, sown, laps };
                }
                lift = last;
                if (lift == first_lift && *board == first_board) || laps >= limit {
                    return Sown::Endless;
                }
            }
        }
        loop {
            let (last, lap) = self.lap(board, stores, mover, lift, false, blocked);
            sown |= lap;
            laps += 1;
            if last >= MAX_HOLES
                || board[last] == 1
                || self.relay_captures_at(board, mover, last, may_capture)
            {
                return Sown::Ended { last, sown, laps };
            }
            lift = last;
            if (lift == first_lift && *board == first_board) || laps >= limit {
                return Sown::Endless;
            }
        }
    }

    /// One relay lap on a board without stores in the ring or holes out of
    /// play, not passing over its origin: as [`Rules::sow_lap`] with
    /// `into_origin = false`, but branch-free and whole-board: the lap's
    /// whole rounds and the holes sown once more are two masked vector adds
    /// (endless relays run to millions of laps, so every cycle counts).
    #[inline(always)]
    fn relay_lap_plain(&self, board: &mut [u8; MAX_HOLES], lift: usize) -> (usize, u32) {
        let n = self.holes;
        let seeds = board[lift] as usize;
        board[lift] = 0;
        let divmod = self.relay_divmod[seeds] as usize;
        let (full, rem) = (divmod >> 8, divmod & 0xFF);
        // The `rem` holes after `lift` in the sowing direction, as ring bits:
        // laid out on two turns of the ring, then folded onto one.
        let first = if self.clockwise {
            lift + n - rem
        } else {
            lift + 1
        };
        let run = ((1u64 << rem) - 1) << first;
        let ring = (1u64 << n) - 1;
        let once = ((run & ring) | (run >> n)) as u32;
        let end = if self.clockwise { first } else { lift + rem };
        let last = if end >= n { end - n } else { end };
        let bytes = expand(once);
        let full = full as u8;
        let every = range_mask(0, n);
        for i in 0..MAX_HOLES {
            board[i] = board[i]
                .wrapping_add(bytes[i])
                .wrapping_add(every[i] & full);
        }
        let sown = if full > 0 { ring as u32 } else { once };
        (last, sown)
    }

    /// [`Rules::relay_on`] for relays whose lap is not injective.
    #[cold]
    fn relay_on_brent(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        mut lift: usize,
        mut sown: u32,
        blocked: u32,
        may_capture: bool,
    ) -> Sown {
        let mut saved_board = *board;
        let mut saved_lift = lift;
        let mut power = 1u64;
        let mut steps = 0u64;
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        loop {
            let (last, lap) = self.lap(board, stores, mover, lift, false, blocked);
            sown |= lap;
            laps += 1;
            if last >= MAX_HOLES
                || board[last] == 1
                || self.relay_captures_at(board, mover, last, may_capture)
            {
                return Sown::Ended { last, sown, laps };
            }
            lift = last;
            if (lift == saved_lift && *board == saved_board) || laps >= limit {
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

    /// Whether nothing may be captured from `pos` yet: the game's opening
    /// turns without captures (`on_opening`, `opening_turns_without`) are
    /// not over, as the players who have moved tell.
    #[inline(always)]
    fn captures_inhibited(&self, pos: &Position) -> bool {
        !self.capture_on_opening
            && (pos.opened & 0b11 == 0 || (self.capture_after_both && pos.opened & 0b11 != 0b11))
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
            || self.captures_inhibited(before)
            || self.capture_zone[mover.index()] & (1 << last) == 0
        {
            return NOTHING;
        }
        let board = &mut child.board;
        let taken = match self.capture {
            CaptureKind::Counts if self.sweep => {
                let opponent_row = self.row_mask[mover.opponent().index()];
                let trigger = opponent_row | 1 << self.rightmost[mover.index()];
                if trigger & (1 << last) == 0 {
                    return NOTHING;
                }
                let mut taken = 0u32;
                let mut bits = opponent_row;
                while bits != 0 {
                    let hole = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.capturing[board[hole] as usize] {
                        taken |= 1 << hole;
                    }
                }
                taken
            }
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
                    let mut holes = 1;
                    while holes < self.chain_limit
                        && allowed & !taken & (1 << hole) != 0
                        && self.capturing[board[hole] as usize]
                    {
                        taken |= 1 << hole;
                        holes += 1;
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
            CaptureKind::AcrossGap => {
                if !self.gap_from_any && board[last] <= 1 {
                    return NOTHING;
                }
                // Holes out of play are passed over, as the sowing did.
                let skip = |mut hole: usize| {
                    while before.blocked & (1 << hole) != 0 {
                        hole = self.next[hole] as usize;
                    }
                    hole
                };
                let mut taken = 0u32;
                let mut holes = 0u32;
                let mut at = last;
                loop {
                    let gap = skip(self.next[at] as usize);
                    let target = skip(self.next[gap] as usize);
                    // A hole taken earlier in the chain is empty by now.
                    let gap_empty = board[gap] == 0 || taken & (1 << gap) != 0;
                    if !gap_empty || board[target] == 0 || taken & (1 << target) != 0 {
                        break;
                    }
                    taken |= 1 << target;
                    holes += 1;
                    // A single lap's chain would go on from the hole just
                    // emptied, which never held seeds: only relays go on.
                    if self.chain == Chain::None || !self.gap_from_any || holes >= self.chain_limit
                    {
                        break;
                    }
                    at = target;
                }
                if taken == 0 {
                    return NOTHING;
                }
                taken
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

/// One byte a hole: 1 where `bits` has the hole's bit, 0 elsewhere.
#[inline(always)]
fn expand(bits: u32) -> [u8; MAX_HOLES] {
    /// Eight bits to eight bytes of 0 or 1.
    const BYTES: [u64; 256] = {
        let mut t = [0u64; 256];
        let mut b = 0;
        while b < 256 {
            let mut i = 0;
            while i < 8 {
                if b & (1 << i) != 0 {
                    t[b] |= 1 << (8 * i);
                }
                i += 1;
            }
            b += 1;
        }
        t
    };
    let mut out = [0u8; MAX_HOLES];
    for (k, chunk) in out.chunks_exact_mut(8).enumerate() {
        let byte = (bits >> (8 * k)) & 0xFF;
        chunk.copy_from_slice(&BYTES[byte as usize].to_le_bytes());
    }
    out
}

/// 0xFF for the holes `from..to`, 0 elsewhere.
#[inline(always)]
fn range_mask(from: usize, to: usize) -> [u8; MAX_HOLES] {
    /// 0 then 0xFF: a window starting at `MAX_HOLES - k` is 0xFF from hole `k` on.
    const RAMP: [u8; 2 * MAX_HOLES] = {
        let mut r = [0u8; 2 * MAX_HOLES];
        let mut i = MAX_HOLES;
        while i < 2 * MAX_HOLES {
            r[i] = 0xFF;
            i += 1;
        }
        r
    };
    let from_on: &[u8; MAX_HOLES] = RAMP[MAX_HOLES - from..2 * MAX_HOLES - from]
        .try_into()
        .unwrap();
    let to_on: &[u8; MAX_HOLES] = RAMP[MAX_HOLES - to..2 * MAX_HOLES - to].try_into().unwrap();
    let mut m = [0u8; MAX_HOLES];
    for i in 0..MAX_HOLES {
        m[i] = from_on[i] & !to_on[i];
    }
    m
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

/// The relay lap is injective on relay states (board, stores, hole to lift)
/// for every variant whose endless check compares with the first state only
/// (see [`Rules::relay_on`]): checked on every board of small rings.
#[cfg(test)]
mod relay_injectivity {
    use super::*;
    use std::collections::HashMap;

    fn rules(holes: u32, extra: &str, capture: &str) -> Rules {
        let text = format!(
            "name = \"T\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = 1\nstores = true\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\n{extra}\n[capture]\n{capture}\n"
        );
        Rules::from_toml("t", &text, "t.toml").unwrap()
    }

    /// Every board of `holes` holes with `total` seeds.
    fn boards(holes: usize, total: u8) -> Vec<[u8; MAX_HOLES]> {
        let mut out = Vec::new();
        let mut b = [0u8; MAX_HOLES];
        fn rec(
            i: usize,
            left: u8,
            holes: usize,
            b: &mut [u8; MAX_HOLES],
            out: &mut Vec<[u8; MAX_HOLES]>,
        ) {
            if i + 1 == holes {
                b[i] = left;
                out.push(*b);
                return;
            }
            for s in 0..=left {
                b[i] = s;
                rec(i + 1, left - s, holes, b, out);
            }
        }
        rec(0, total, holes, &mut b, &mut out);
        out
    }

    /// Collisions of the lap map over relay states that go on relaying.
    fn collisions(r: &Rules, blocked: u32) -> usize {
        let mut found = 0;
        for mover in [Side::South, Side::North] {
            for total in 1..=9u8 {
                let mut seen: HashMap<([u8; MAX_HOLES], [u8; 2], usize), ([u8; MAX_HOLES], usize)> =
                    HashMap::new();
                for board in boards(r.holes, total) {
                    for lift in 0..r.holes {
                        // A relay lifts a hole its last seed made 2 or more.
                        if board[lift] < 2 || blocked & (1 << lift) != 0 {
                            continue;
                        }
                        if (0..r.holes).any(|h| blocked & (1 << h) != 0 && board[h] != 0) {
                            continue;
                        }
                        let mut b = board;
                        let mut stores = [0u8; 2];
                        let (last, _) = r.lap(&mut b, &mut stores, mover, lift, false, blocked);
                        if let Some(other) = seen.insert((b, stores, last), (board, lift)) {
                            if other != (board, lift) {
                                found += 1;
                            }
                        }
                    }
                }
            }
        }
        found
    }

    /// The relay followed with every state kept: the reference the
    /// one-state check must agree with.
    fn naive_relay(r: &Rules, board: &[u8], origin: usize) -> Option<(Vec<u8>, usize, u64)> {
        let mut b = [0u8; MAX_HOLES];
        b[..r.holes].copy_from_slice(board);
        let mut stores = [0u8; 2];
        let mover = r.owner(origin);
        let (mut last, _) = r.lap(&mut b, &mut stores, mover, origin, r.start_in_origin, 0);
        let mut laps = 1;
        let mut seen = std::collections::HashSet::new();
        while last < MAX_HOLES && b[last] > 1 {
            if !seen.insert((b, last)) {
                return None;
            }
            last = r.lap(&mut b, &mut stores, mover, last, false, 0).0;
            laps += 1;
        }
        Some((b[..r.holes].to_vec(), last, laps))
    }

    #[test]
    fn endless_relays_of_many_seeds_are_found_exactly() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let none = "rule = \"none\"";
        let (mut endless, mut ended) = (0, 0);
        for extra in [
            "",
            "direction = \"clockwise\"",
            "skip_origin = true",
            "into_own_store = true",
        ] {
            for holes in [1, 2, 3] {
                let r = rules(holes, extra, none);
                for _ in 0..200 {
                    let seeds = rng.random_range(41..=120);
                    let mut board = vec![0u8; r.holes];
                    for _ in 0..seeds {
                        board[rng.random_range(0..r.holes)] += 1;
                    }
                    let Some(origin) = (0..r.holes).find(|&h| board[h] > 0) else {
                        continue;
                    };
                    let ours = r
                        .sow_only(&board, origin)
                        .map(|s| (s.board, s.last, s.laps));
                    let theirs = naive_relay(&r, &board, origin);
                    if extra == "into_own_store = true" {
                        // sow_only reports holes only; the laps and the end agree.
                        assert_eq!(
                            ours.is_none(),
                            theirs.is_none(),
                            "{extra:?} {board:?} {origin}"
                        );
                    } else {
                        assert_eq!(ours, theirs, "{extra:?} {board:?} {origin}");
                    }
                    if theirs.is_none() {
                        endless += 1
                    } else {
                        ended += 1
                    }
                }
            }
        }
        assert!(
            endless > 50 && ended > 50,
            "{endless} endless, {ended} ended"
        );
    }

    #[test]
    fn the_vector_relay_lap_sows_as_the_seed_by_seed_lap() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
        for holes in [1, 2, 5, 6, 16] {
            for extra in ["", "direction = \"clockwise\""] {
                let r = rules(holes, extra, "rule = \"none\"");
                for _ in 0..2000 {
                    let mut board = [0u8; MAX_HOLES];
                    for h in 0..r.holes {
                        board[h] = rng.random_range(0..=12);
                    }
                    let lift = rng.random_range(0..r.holes);
                    board[lift] = rng.random_range(1..=120);
                    let (mut a, mut b) = (board, board);
                    assert_eq!(
                        r.relay_lap_plain(&mut a, lift),
                        r.sow_lap(&mut b, lift, false)
                    );
                    assert_eq!(a, b, "{board:?} {lift}");
                }
            }
        }
    }

    #[test]
    fn a_search_lap_limit_takes_long_relays_for_endless_and_is_restored() {
        let r = Rules::builtin("sadeqa-ii").unwrap();
        let board = [1, 2, 1, 0, 3, 4, 0, 8, 1, 2, 7, 0];
        assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
        {
            let _limit = limit_relay_laps(514);
            assert_eq!(r.sow_only(&board, 5), None);
            let _wider = limit_relay_laps(600);
            assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
        }
        assert_eq!(r.sow_only(&board, 5).unwrap().laps, 515);
    }

    #[test]
    fn relay_laps_are_injective_for_every_variant_checked_by_first_state() {
        let none = "rule = \"none\"";
        let counts = "rule = \"counts\"\ncounts = [4]";
        for holes in 1..=3 {
            for extra in [
                "",
                "direction = \"clockwise\"",
                "into_own_store = true",
                "into_own_store = true\ndirection = \"clockwise\"",
            ] {
                let r = rules(holes, extra, none);
                assert!(!r.relay_needs_brent(), "{extra:?}");
                assert_eq!(collisions(&r, 0), 0, "{holes} holes, {extra:?}");
                if holes == 3 {
                    // A hole of each row out of play.
                    assert_eq!(collisions(&r, 0b001_001), 0, "blocked, {extra:?}");
                }
            }
        }
        // Passing over the origin leaves it empty, which forgets how many
        // times the lap went round: not injective, so Brent's.
        let r = rules(3, "skip_origin = true", none);
        assert!(collisions(&r, 0) > 0);
        assert!(r.relay_needs_brent());
        // Captures while sowing take seeds off the board; not proved
        // injective, so those relays keep Brent's cycle detection.
        let r = rules(3, "passing_captures = true", counts);
        assert!(r.relay_needs_brent());
    }
}
