//! Relay sowing: a lap ending in an occupied hole lifts it and sows on,
//! until a lap ends where the rules stop it, or the relay is proved
//! endless (a cycle of relay states).

use std::cell::Cell;
use std::marker::PhantomData;

use crate::Side;
use crate::layout::STORE_CELL;
use crate::position::{MAX_HOLES, Position};
use crate::rules::Rules;
use crate::sowing::{Lift, Sower, Sowing, Sown, drop_seed, each_seed};
use crate::spec::CaptureRule;
use crate::trace::{Kept, SowObserver};

/// The laps after which a search takes a relay sowing that is still going
/// for endless (see [`limit_relay_laps`]): a few milliseconds of sowing,
/// while the longest relay that ended among 200,000 random 48-seed sowings
/// took 354 laps (`benches/relay.rs`).
pub const SEARCH_RELAY_LAPS: u64 = 1 << 18;

thread_local! {
    /// The lap limit of [`limit_relay_laps`] on this thread (none: `u64::MAX`).
    static RELAY_LAP_LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// The lap limit [`limit_relay_laps`] set on this thread (`u64::MAX`: none).
pub(crate) fn relay_lap_limit() -> u64 {
    RELAY_LAP_LIMIT.with(Cell::get)
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

/// One byte a hole: 1 where `bits` has the hole's bit, 0 elsewhere.
#[inline(always)]
pub(crate) fn expand(bits: u32) -> [u8; MAX_HOLES] {
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
pub(crate) fn range_mask(from: usize, to: usize) -> [u8; MAX_HOLES] {
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

/// A way of telling that a relay came back to a state it was in before
/// (the board and the hole a lap ended in), in constant memory.
pub(crate) trait CycleDetector {
    /// Watching from the relay's state `board`, `hole`.
    fn start(board: &[u8; MAX_HOLES], hole: usize) -> Self;
    /// Whether the relay, now in `board`, `hole`, is back in a watched state.
    fn repeats(&mut self, board: &[u8; MAX_HOLES], hole: usize) -> bool;
}

/// The comparison of every state with the first: exact for a relay whose
/// lap is injective (a relay that never ends is then a pure cycle through
/// its first state), and found after one period.
pub(crate) struct FirstState {
    board: [u8; MAX_HOLES],
    hole: usize,
}

impl CycleDetector for FirstState {
    #[inline(always)]
    fn start(board: &[u8; MAX_HOLES], hole: usize) -> Self {
        FirstState {
            board: *board,
            hole,
        }
    }

    #[inline(always)]
    fn repeats(&mut self, board: &[u8; MAX_HOLES], hole: usize) -> bool {
        hole == self.hole && *board == self.board
    }
}

/// Brent's cycle detection over relay states (the board and the hole a lap
/// ended in or lifts): one saved state, replaced after 1, 2, 4, ... laps, so
/// an endless relay is found within its lead-in plus two periods, in
/// constant memory, whether or not a lap is injective.
pub(crate) struct Brent {
    board: [u8; MAX_HOLES],
    hole: usize,
    power: u64,
    steps: u64,
}

impl CycleDetector for Brent {
    fn start(board: &[u8; MAX_HOLES], hole: usize) -> Brent {
        Brent {
            board: *board,
            hole,
            power: 1,
            steps: 0,
        }
    }

    /// Whether the relay is back in the saved state (so it never ends).
    fn repeats(&mut self, board: &[u8; MAX_HOLES], hole: usize) -> bool {
        if hole == self.hole && *board == self.board {
            return true;
        }
        self.steps += 1;
        if self.steps == self.power {
            self.board = *board;
            self.hole = hole;
            self.power *= 2;
            self.steps = 0;
        }
        false
    }
}

impl Rules {
    /// Whether a relay lap ending in `last` ends the sowing because `last`
    /// does not hold one of the counts a relay goes on from
    /// (`sowing.relay_counts`).
    #[inline(always)]
    pub(crate) fn relay_stops_count(
        &self,
        board: &[u8; MAX_HOLES],
        mover: Side,
        last: usize,
    ) -> bool {
        self.sowing.relay_counted
            && (!self.sowing.relay_goes_on[board[last] as usize]
                || self.sowing.relay_rows[mover.index()] & (1 << last) == 0)
    }

    /// Whether a relay lap ending in `last` ends the sowing because `last`
    /// is an owned hole, or is made one by this last seed (`[owned]`).
    #[inline(always)]
    pub(crate) fn relay_stops_owned(
        &self,
        board: &[u8; MAX_HOLES],
        sowing: &Sowing,
        last: usize,
    ) -> bool {
        match self.owning {
            None => false,
            Some(o) => self.owned_relay_stop(board, sowing, last, o),
        }
    }

    /// Whether a relay lap ending in `last` ends the sowing because its
    /// last seed captures there (`relay_stops_at_capture`, see
    /// [`Rules::last_seed_captures`]), captures being allowed on this move
    /// (`sowing.may_capture`).
    #[inline(always)]
    pub(crate) fn relay_captures_at(
        &self,
        board: &[u8; MAX_HOLES],
        sowing: &Sowing,
        last: usize,
    ) -> bool {
        self.sowing.relay_stops_at_capture
            && sowing.may_capture
            && self.last_seed_captures(board, sowing.mover, last, sowing.territory)
    }

    /// Whether a relay lap ending in `last` ends the sowing: in a store, in
    /// a hole that was empty, or where the rules stop a relay (a capture
    /// there, an owned hole, a count it does not go on from).
    #[inline(always)]
    pub(crate) fn relay_stops(
        &self,
        board: &[u8; MAX_HOLES],
        sowing: &Sowing,
        last: usize,
    ) -> bool {
        last >= MAX_HOLES
            || board[last] == 1
            || self.relay_captures_at(board, sowing, last)
            || self.relay_stops_owned(board, sowing, last)
            || self.relay_stops_count(board, sowing.mover, last)
    }

    /// Whether a relay of these rules needs Brent's cycle detection rather
    /// than the comparison with its first state: two relay states can lead
    /// to the same one when captures while sowing take seeds off the board,
    /// or when the lap passes over its origin (which then no longer tells
    /// how many times the lap went round). Captures while sowing, and laps
    /// passing over the opponent's holes by their count, are not proved
    /// injective, so they take Brent's too.
    pub(crate) fn relay_needs_brent(&self) -> bool {
        self.sowing.passing_captures
            || self.sowing.skip_origin
            || self.sowing.skip_count != 0
            || self.sowing.hole_limit != 0
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
    pub(crate) fn relay_on<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        lift: usize,
        sown: u32,
    ) -> Sown {
        if self.relay_needs_brent() {
            self.relay_until_cycle::<O, Brent>(sower, lift, sown)
        } else {
            // Seeds are conserved, so equal boards mean equal stores too:
            // the board and the hole to lift are the whole relay state.
            self.relay_until_cycle::<O, FirstState>(sower, lift, sown)
        }
    }

    /// The relay loop of [`Rules::relay_on`], finding cycles with `D`.
    #[inline(always)]
    fn relay_until_cycle<O: SowObserver, D: CycleDetector>(
        &self,
        sower: &mut Sower<'_, O>,
        mut lift: usize,
        mut sown: u32,
    ) -> Sown {
        let mut watch = D::start(sower.board, lift);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        // The common case, and the one whose endless cycles run to millions
        // of laps: a lap of whole-board vector adds (seed by seed when
        // observed, or where the ring or the rules need it).
        let plain = !O::ACTIVE
            && !self.layout.ring_table
            && sower.sowing.blocked == 0
            && !self.sowing.lap_keeps_one
            && !self.relay_needs_brent();
        loop {
            let (last, lap) = if plain {
                self.relay_lap_plain(sower.board, lift)
            } else {
                self.lap(sower, lift, false)
            };
            sown |= lap;
            laps += 1;
            if self.relay_stops(sower.board, &sower.sowing, last) {
                return Sown::Ended { last, sown, laps };
            }
            lift = last;
            if watch.repeats(sower.board, lift) || laps >= limit {
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
    pub(crate) fn relay_lap_plain(&self, board: &mut [u8; MAX_HOLES], lift: usize) -> (usize, u32) {
        let n = self.layout.holes;
        let seeds = board[lift] as usize;
        board[lift] = 0;
        let divmod = self.layout.relay_divmod[seeds] as usize;
        let (full, rem) = (divmod >> 8, divmod & 0xFF);
        // The `rem` holes after `lift` in the sowing direction, as ring bits:
        // laid out on two turns of the ring, then folded onto one.
        let first = if self.layout.clockwise {
            lift + n - rem
        } else {
            lift + 1
        };
        let run = ((1u64 << rem) - 1) << first;
        let ring = (1u64 << n) - 1;
        let once = ((run & ring) | (run >> n)) as u32;
        let end = if self.layout.clockwise {
            first
        } else {
            lift + rem
        };
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

    /// Relays from the hole after each lap's last hole while that hole holds
    /// seeds (`sowing.relay_from_next`) and the last seed does not capture
    /// (`relay_stops_at_capture`), or proves that it never stops.
    ///
    /// The lap is not known to be injective (which hole was lifted is not
    /// written on the board), so cycles are found with Brent's method, as
    /// in [`Rules::relay_on`] for laps not injective: one saved state, at most one period
    /// plus the lead-in of laps.
    #[cold]
    pub(crate) fn relay_from_next<O: SowObserver>(
        &self,
        sower: &mut Sower<'_, O>,
        mut last: usize,
        mut sown: u32,
    ) -> Sown {
        let Sowing { mover, blocked, .. } = sower.sowing;
        // Holes out of play are passed over here as the sowing passes them
        // (each row keeps a hole in play, so this ends); the mover's store
        // follows their row where it is sown.
        let after = |mut cell: usize| {
            loop {
                cell = if self.layout.ring_table {
                    self.layout.ring_next[mover.index()][cell] as usize
                } else {
                    self.layout.next[cell] as usize
                };
                if cell >= MAX_HOLES || blocked & (1 << cell) == 0 {
                    return cell;
                }
            }
        };
        let mut watch = Brent::start(sower.board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        loop {
            // A lap ending in the store ends the sowing; so does one whose
            // last seed captures, where the rules stop there.
            if last >= MAX_HOLES || self.relay_captures_at(sower.board, &sower.sowing, last) {
                return Sown::Ended { last, sown, laps };
            }
            let lift = after(last);
            let (end, lap) = if lift >= MAX_HOLES {
                // The sowing goes on from the mover's store only where the
                // rules say so, and when it holds seeds.
                if !self.sowing.relay.goes_from_store() || sower.stores[lift - STORE_CELL] == 0 {
                    return Sown::Ended { last, sown, laps };
                }
                self.lap_from_store(sower)
            } else {
                if sower.board[lift] == 0 {
                    return Sown::Ended { last, sown, laps };
                }
                self.lap(sower, lift, false)
            };
            last = end;
            sown |= lap;
            laps += 1;
            // The board and the last hole are the whole relay state.
            if watch.repeats(sower.board, last) || laps >= limit {
                return Sown::Endless;
            }
        }
    }

    /// A relay lap from the mover's store (`sowing.relay_from_store`): its
    /// seeds are lifted and sown round the mover's ring from the cell after
    /// it, holes out of play passed over. Returns the last cell and the
    /// holes sown.
    #[cold]
    #[inline(never)]
    pub(crate) fn lap_from_store<O: SowObserver>(&self, sower: &mut Sower<'_, O>) -> (usize, u32) {
        let (board, stores, sowing, obs) = sower.parts();
        let Sowing { mover, blocked, .. } = *sowing;
        let ring = &self.layout.ring_next[mover.index()];
        let seeds = stores[mover.index()];
        stores[mover.index()] = 0;
        obs.lift_store(mover, seeds);
        let lift = Lift {
            origin: STORE_CELL + mover.index(),
            seeds,
            into_origin: false,
        };
        each_seed(
            board,
            stores,
            lift,
            |_, mut cell, _| loop {
                cell = ring[cell] as usize;
                if cell >= MAX_HOLES || blocked & (1 << cell) == 0 {
                    return cell;
                }
            },
            |board, stores, cell, _, _| drop_seed(board, stores, cell),
            obs,
        )
    }

    /// Sows `origin` for `mover` on `child` in a relay whose every lap's end
    /// captures (`sowing.lap_captures`), up to the end of the sowing; the
    /// move's own capture at that end is left to the caller.
    ///
    /// Endless relays are found with Brent's method on the board and the
    /// last hole: a capture takes seeds off the board for good, so a relay
    /// state can only come back between captures.
    #[cold]
    pub(crate) fn sow_capturing<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        origin: usize,
        blocked: u32,
        obs: &mut O,
    ) -> Sown {
        let sowing = Sowing {
            mover,
            blocked,
            territory: before.territory,
            owned: before.owned,
            may_capture: !self.captures_inhibited(before),
        };
        let into_origin = self.sowing.start_in_origin
            && !(self.sowing.single_to_next && child.board[origin] == 1);
        let (mut last, mut sown) =
            self.capturing_lap(child, before, &sowing, origin, into_origin, obs);
        let mut watch = Brent::start(&child.board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        let opponent = mover.opponent();
        loop {
            if self.sowing.lap_captures_sown_on && self.row_is_empty(child, opponent) {
                return Sown::Ended { last, sown, laps };
            }
            let occupied = child.board[last] > 1;
            // The hole the relay lifts next, if it goes on.
            let lift = if self.sowing.lap_captures_sown_on {
                (occupied || self.capture_sown_on(child, before, mover, last, sown, obs))
                    .then_some(last)
            } else if self.capture.rule == CaptureRule::AcrossGap {
                if occupied {
                    self.capture::<_, true>(child, before, mover, last, sown, obs);
                }
                occupied.then_some(last)
            } else if self.capture.rule == CaptureRule::Counts {
                // Counts: a lap that captures goes on from the hole after
                // the one it took (out-of-play holes passed over); an empty
                // one ends the sowing there. One that does not relays as usual.
                if self
                    .capture::<_, true>(child, before, mover, last, sown, obs)
                    .took
                {
                    let next = self.next_in_play(blocked, last);
                    if child.board[next] == 0 {
                        return Sown::Ended {
                            last: next,
                            sown,
                            laps,
                        };
                    }
                    Some(next)
                } else {
                    occupied.then_some(last)
                }
            } else {
                // Opposite: an occupied hole relays as usual; an empty one
                // relays its single seed only after a capture.
                (occupied
                    || self
                        .capture::<_, true>(child, before, mover, last, sown, obs)
                        .took)
                    .then_some(last)
            };
            let Some(lift) = lift else {
                return Sown::Ended { last, sown, laps };
            };
            let (end, lap) = self.capturing_lap(child, before, &sowing, lift, false, obs);
            last = end;
            sown |= lap;
            laps += 1;
            if watch.repeats(&child.board, last) || laps >= limit {
                return Sown::Endless;
            }
        }
    }

    /// One lap of [`Rules::sow_capturing`]: as [`Rules::lap`], but when the
    /// lap starts with few enough seeds left on the board, those in hand
    /// aside (`sowing.opponent_takes_sown_at`), every seed it sows into the
    /// opponent's row is taken by the opponent, except a last seed that
    /// captures there.
    pub(crate) fn capturing_lap<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        sowing: &Sowing,
        lift: usize,
        into_origin: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let Sowing {
            mover, may_capture, ..
        } = *sowing;
        let left = child.seeds_on_board() - child.board[lift] as u32;
        if self.sowing.opponent_takes_at == 0 || left > self.sowing.opponent_takes_at {
            debug_assert_eq!(sowing.territory, before.territory);
            let mut sower = Sower {
                board: &mut child.board,
                stores: &mut child.captured,
                sowing: *sowing,
                obs,
            };
            return self.lap(&mut sower, lift, into_origin);
        }
        // Validation leaves a ring of holes: no store, nothing passed over.
        let opponent = mover.opponent();
        let theirs = self.layout.row_mask[opponent.index()];
        let seeds = child.board[lift];
        obs.lift(lift, seeds);
        child.board[lift] = 0;
        let lift = Lift {
            origin: lift,
            seeds,
            into_origin,
        };
        each_seed(
            &mut child.board,
            &mut child.captured,
            lift,
            |_, hole, _| self.layout.next_hole(hole),
            |board, captured, hole, left, obs| {
                board[hole] += 1;
                let captures_here =
                    left == 0 && may_capture && self.last_seed_captures(board, mover, hole, 0);
                if theirs & (1 << hole) != 0 && !captures_here {
                    board[hole] -= 1;
                    obs.take(hole, 1);
                    obs.keep(opponent, 1, Kept::Captured);
                    captured[opponent.index()] += 1;
                    false
                } else {
                    true
                }
            },
            obs,
        )
    }

    /// Sows `origin` for `mover` on `child` in a game whose laps close holes
    /// (`sowing.closes_at`), relaying if the rules say so, up to the end of
    /// the sowing.
    ///
    /// A relay that closes a hole goes on from it; one whose last seed
    /// leaves the game in a closed hole, or falls into an empty hole, ends.
    /// Seeds leave the game for good and closed holes stay closed, so a
    /// relay state can only come back between two such changes: endless
    /// relays are found with Brent's method on the board and the last
    /// hole, started afresh after every closing.
    #[cold]
    #[inline(never)]
    pub(crate) fn sow_closing<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        origin: usize,
        obs: &mut O,
    ) -> Sown {
        let closable = if self.captures_inhibited(before) {
            0
        } else {
            self.sowing.closable[mover.index()]
        };
        let closes = |child: &Position, last: usize| {
            closable & !child.blocked & (1 << last) != 0
                && child.board[last] == self.sowing.closes_at
        };
        let into_origin = self.sowing.start_in_origin
            && !(self.sowing.single_to_next && child.board[origin] == 1);
        let (mut last, mut sown) = self.lap_closing(child, mover, origin, into_origin, obs);
        if !self.sowing.relay.on() {
            if closes(child, last) {
                // After a single lap the seeds of the closed hole leave the game.
                let seeds = child.board[last];
                child.board[last] = 0;
                child.blocked |= 1 << last;
                obs.take(last, seeds);
                obs.keep(mover, seeds, Kept::Removed);
                child.removed[mover.index()] += seeds;
            }
            return Sown::Ended {
                last,
                sown,
                laps: 1,
            };
        }
        let mut watch = Brent::start(&child.board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        // A closed hole holds no seed: a last seed that left the game there
        // ends the relay as one in an empty hole does.
        while child.board[last] > 1 {
            if closes(child, last) {
                child.blocked |= 1 << last;
                watch = Brent::start(&child.board, last);
            }
            let (end, lap) = self.lap_closing(child, mover, last, false, obs);
            last = end;
            sown |= lap;
            laps += 1;
            if watch.repeats(&child.board, last) || laps >= limit {
                return Sown::Endless;
            }
        }
        Sown::Ended { last, sown, laps }
    }

    /// One lap on a board with closed holes (`sowing.closes_at`): the
    /// mover's own closed holes are passed over, and a seed falling into
    /// one of the opponent's leaves the game. Returns the last cell a seed
    /// fell into (a closed hole when the last seed left the game) and the
    /// mask of holes sown (where a seed stayed).
    pub(crate) fn lap_closing<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        origin: usize,
        into_origin: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let closed = child.blocked;
        let own = self.layout.row_mask[mover.index()];
        let seeds = child.board[origin];
        obs.lift(origin, seeds);
        child.board[origin] = 0;
        let lift = Lift {
            origin,
            seeds,
            into_origin,
        };
        let removed = &mut child.removed[mover.index()];
        each_seed(
            &mut child.board,
            &mut [0, 0],
            lift,
            |_, mut cell, _| {
                // The origin is never closed: a whole row is never passed over.
                loop {
                    cell = self.layout.next_hole(cell);
                    if closed & own & (1 << cell) == 0 {
                        return cell;
                    }
                }
            },
            |board, _, cell, _, obs| {
                if closed & (1 << cell) != 0 {
                    obs.take(cell, 1);
                    obs.keep(mover, 1, Kept::Removed);
                    *removed += 1;
                    false
                } else {
                    board[cell] += 1;
                    true
                }
            },
            obs,
        )
    }
}
