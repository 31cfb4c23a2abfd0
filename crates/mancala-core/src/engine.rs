//! Move generation and sowing: the hot path.
//!
//! [`Rules::successors`] sows every candidate move once and keeps the
//! resulting positions, so that the legality tests that need a whole sowing
//! (must-feed, grand slams, endless relays) and playing the chosen move share
//! one simulation.

use std::cell::Cell;
use std::marker::PhantomData;
use std::mem::MaybeUninit;

use crate::Side;
use crate::position::{
    DIRECTION_SET, MAX_HOLES, MAX_HOLES_PER_ROW, MOVED_AGAIN, Move, Moves, Position,
    SOUTH_CLOCKWISE,
};
use crate::rules::{CaptureKind, DirectionRule, Owning, Rules, STORE_CELL};
use crate::spec::{Chain, ChainDirection, GrandSlam, RowChoice};
use crate::trace::{Kept, NoTrace, SowObserver, SowTrace};

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

/// The most successors a position can have: one per hole of a row, or a
/// pass; in games where the mover chooses directions, the holes of a row
/// and the holes of chosen direction together, of both rows where a move
/// may start in either (the rules refuse more).
pub const MAX_SUCCESSORS: usize = 2 * MAX_HOLES_PER_ROW;

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
///
/// Only the first `len` slots are ever written: a list with room for the
/// widest game costs the others nothing (every search node builds one).
#[derive(Clone, Copy)]
pub struct Successors {
    len: u8,
    children: [MaybeUninit<Child>; MAX_SUCCESSORS],
}

impl std::fmt::Debug for Successors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl Successors {
    pub(crate) const fn empty() -> Self {
        Successors {
            len: 0,
            children: [MaybeUninit::uninit(); MAX_SUCCESSORS],
        }
    }

    /// Writes `child` into the next free slot; the rules never list more
    /// than [`MAX_SUCCESSORS`] moves, so there is one.
    #[inline]
    fn push(&mut self, child: Child) {
        self.children[self.len as usize].write(child);
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

    /// Becomes a copy of `other`, copying only its written slots (a whole
    /// list is kilobytes, a position's moves a few of them).
    #[inline]
    pub(crate) fn copy_listed(&mut self, other: &Successors) {
        let len = other.len as usize;
        self.children[..len].copy_from_slice(&other.children[..len]);
        self.len = other.len;
    }

    /// The legal moves and their positions.
    #[inline]
    pub fn as_slice(&self) -> &[Child] {
        let written = &self.children[..self.len as usize];
        // SAFETY: slots below `len` were all written (`push`, and
        // `remove_marked` only moves written slots down); `MaybeUninit<Child>`
        // has the layout of `Child`.
        unsafe { &*(written as *const [MaybeUninit<Child>] as *const [Child]) }
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

/// What every move of a position shares, for [`Rules::make_child`].
#[derive(Clone, Copy)]
struct Turn {
    mover: Side,
    /// Holes the sowing passes over (out of play, or owned and not sown).
    skip: u32,
    /// The opponent's row is empty: a move must sow into `feed_holes`.
    feed_needed: bool,
    feed_holes: u32,
    /// Captures are not allowed yet (the opening turns).
    inhibited: bool,
    /// The mover may choose directions.
    varied: bool,
}

/// What [`Rules::make_child`] made of a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Made {
    /// A child.
    Kept,
    /// A child whose sowing never ends, a draw (the board left as it was).
    Endless,
    /// Nothing: the move is not legal.
    Dropped,
}

/// The children of a listing that later rules may drop, one bit a child.
#[derive(Clone, Copy, Default)]
struct Marks {
    /// Grand slams (only tracked when they are forbidden).
    slams: u32,
    /// Children that leave the opponent's row empty (tracked under must-leave-seeds).
    starving: u32,
    /// Children that do not feed the opponent (tracked when every move
    /// stays legal if none does, `feed_else_any`).
    unfed: u32,
}

/// How a lap of fewer seeds than holes sows around the holes alone (no
/// store, nothing passed over), from one origin: at most one seed a hole,
/// so the whole lap is one addition a word of the board. Most laps of most
/// games are this short; the seed-by-seed loop is kept for the rest and for
/// tracing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortLap {
    /// One in each hole sown, eight holes a word.
    add: [u64; MAX_HOLES / 8],
    /// The holes sown, one bit a hole.
    sown: u32,
    /// The cell the last seed falls into (a hole, or `STORE_CELL` + side);
    /// [`ShortLap::LONG`] in the entries of [`ShortLap::ring_table`] for
    /// laps that come round to their origin.
    last: u8,
    /// Seeds into each player's store.
    stores: [u8; 2],
}

impl ShortLap {
    /// The lap of `seeds` seeds from `origin` along `next` (cells of a
    /// ring: holes, and stores from `STORE_CELL`), each cell sown once.
    fn walk(next: impl Fn(usize) -> usize, origin: usize, seeds: usize) -> ShortLap {
        let mut bytes = [0u8; MAX_HOLES];
        let mut stores = [0u8; 2];
        let mut sown = 0u32;
        let mut cell = next(origin);
        let mut last = cell;
        for _ in 0..seeds {
            if cell < MAX_HOLES {
                bytes[cell] = 1;
                sown |= 1 << cell;
            } else {
                stores[cell - STORE_CELL] = 1;
            }
            last = cell;
            cell = next(cell);
        }
        let mut add = [0u64; MAX_HOLES / 8];
        for (word, chunk) in add.iter_mut().zip(bytes.chunks_exact(8)) {
            *word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        }
        ShortLap {
            add,
            sown,
            last: last as u8,
            stores,
        }
    }

    /// The table of `rules`: entry `origin * holes + seeds` for every
    /// origin and `seeds < holes`, following [`Rules::next_hole`].
    pub(crate) fn table(rules: &Rules) -> std::sync::Arc<[ShortLap]> {
        let holes = rules.holes;
        (0..holes)
            .flat_map(|origin| {
                (0..holes).map(move |seeds| Self::walk(|h| rules.next_hole(h), origin, seeds))
            })
            .collect()
    }

    /// `last` of an entry whose lap is not short.
    const LONG: u8 = u8::MAX;

    /// The entries of a lap around a table ring (through stores, or a
    /// player's own row: [`Rules::sow_lap_with_store`]) of `rules`, entry
    /// `(side * holes + origin) * (holes + 2) + seeds` for every mover,
    /// origin and number of seeds up to the ring's length; empty for rules
    /// that do not sow by a table ring.
    pub(crate) fn ring_table(rules: &Rules) -> std::sync::Arc<[ShortLap]> {
        if !rules.ring_table {
            return std::sync::Arc::from([]);
        }
        let holes = rules.holes;
        let stride = holes + 2;
        let mut table = Vec::with_capacity(2 * holes * stride);
        for side in Side::BOTH {
            let next = &rules.ring_next[side.index()];
            for origin in 0..holes {
                // Cells sown before the lap comes back to its origin (or
                // round a ring the origin is not on).
                let mut reach = 0;
                let mut cell = next[origin] as usize;
                while cell != origin && reach < stride {
                    reach += 1;
                    cell = next[cell] as usize;
                }
                if cell != origin {
                    // Not on the ring: every lap goes seed by seed.
                    reach = 0;
                }
                for seeds in 0..stride {
                    let mut lap = Self::walk(|c| next[c] as usize, origin, seeds.min(reach));
                    if seeds > reach || (seeds == 0 && reach == 0) {
                        lap.last = Self::LONG;
                    }
                    table.push(lap);
                }
            }
        }
        table.into()
    }

    /// Takes `lifted` seeds from `origin` and sows the lap on `board` and
    /// `stores`, adding `rounds(k)` to the holes of word `k` too (whole
    /// rounds of a longer lap); returns the lap's last cell and the holes
    /// it sows. `words`: the board's words ([`Rules::board_words`]).
    ///
    /// One pass a word, the lift included: a byte written just before the
    /// words are read would stall the reads until it reached the cache.
    #[inline(always)]
    fn apply(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        origin: usize,
        lifted: u64,
        rounds: impl Fn(usize) -> u64,
        words: usize,
    ) -> (usize, u32) {
        // The same branch every move of a game, against up to three words
        // of work most boards do not need.
        match words {
            1 => self.apply_words::<1>(board, origin, lifted, &rounds),
            2 => self.apply_words::<2>(board, origin, lifted, &rounds),
            3 => self.apply_words::<3>(board, origin, lifted, &rounds),
            _ => self.apply_words::<{ MAX_HOLES / 8 }>(board, origin, lifted, &rounds),
        }
        stores[0] += self.stores[0];
        stores[1] += self.stores[1];
        (self.last as usize, self.sown)
    }

    /// [`ShortLap::apply`] on the first `WORDS` words of the board.
    #[inline(always)]
    fn apply_words<const WORDS: usize>(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        lifted: u64,
        rounds: &impl Fn(usize) -> u64,
    ) {
        let lifted = lifted << (8 * (origin % 8));
        for (k, chunk) in board.chunks_exact_mut(8).take(WORDS).enumerate() {
            let word = u64::from_le_bytes((&*chunk).try_into().expect("8 bytes"));
            let lift = if k == origin / 8 { lifted } else { 0 };
            // Exact in wrapping arithmetic: every hole ends between 0 and
            // `MAX_SEEDS` (255) seeds, whatever the order of the terms.
            let sum = word
                .wrapping_add(self.add[k])
                .wrapping_add(rounds(k))
                .wrapping_sub(lift);
            chunk.copy_from_slice(&sum.to_le_bytes());
        }
    }
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

    /// The holes of either row that may be played (`moves.any_row`).
    #[cold]
    #[inline(never)]
    fn any_row_candidates(&self, pos: &Position) -> u32 {
        (0..self.holes)
            .filter(|&hole| pos.board[hole] >= self.min_seeds)
            .fold(0, |bits, hole| bits | 1 << hole)
    }

    /// Plays `mv` from `pos`, or says why it is illegal.
    pub fn play(&self, pos: &Position, mv: Move) -> Result<Position, IllegalMove> {
        let succ = self.successors(pos);
        succ.get(mv).map(|c| c.pos).ok_or(IllegalMove {
            mv,
            legal: succ.moves(),
        })
    }

    /// Plays `mv` from `pos` as [`Rules::play`] does, and tells how the move
    /// ran: every lap lifted, every seed sown (into holes and stores), every
    /// capture and where its seeds went, every hole that became a player's,
    /// in the engine's own order. Replaying the trace onto `pos` gives the
    /// position returned ([`SowTrace::replay`]).
    ///
    /// For showing a move (the web page animates from it); search and play
    /// use [`Rules::successors`], which pays nothing for the trace.
    ///
    /// ```
    /// use mancala_core::{Move, Place, Rules, SowEvent};
    ///
    /// let rules = Rules::builtin("kalah")?;
    /// let start = rules.start();
    /// // C's four seeds: D, E, F and South's store, which earns another move.
    /// let (after, trace) = rules.play_traced(&start, Move::Sow(2))?;
    /// assert_eq!(trace.events[0], SowEvent::Lift { hole: 2, seeds: 4 });
    /// assert_eq!(trace.last_place(), Some(Place::Store(mancala_core::Side::South)));
    /// assert!(trace.extra_turn);
    /// let replayed = trace.replay(&rules, &start).unwrap();
    /// assert_eq!(replayed.board, after.raw_board()[..rules.holes()]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_traced(
        &self,
        pos: &Position,
        mv: Move,
    ) -> Result<(Position, SowTrace), IllegalMove> {
        let succ = self.successors(pos);
        let child = succ.get(mv).ok_or(IllegalMove {
            mv,
            legal: succ.moves(),
        })?;
        let mut trace = SowTrace::new(mv, pos.to_move);
        trace.extra_turn = child.pos.opened & MOVED_AGAIN != 0;
        if child.endless {
            // Nothing to show: the board is left as it was.
            trace.endless = true;
        } else if mv != Move::Pass {
            let mut one = Successors::empty();
            self.successors_observed(pos, &mut one, &mut trace, Some(mv), None);
            debug_assert_eq!(one.get(mv).map(|c| c.pos), Some(child.pos));
        }
        Ok((child.pos, trace))
    }

    /// Every legal move of `pos` with the position it leads to.
    pub fn successors(&self, pos: &Position) -> Successors {
        let mut out = Successors::empty();
        self.successors_into(pos, &mut out);
        out
    }

    /// As [`Rules::successors`], refilling `out` in place: a
    /// [`Game`](crate::Game) keeps one list and reuses it every move.
    // Always inlined (into `successors` and a game's move): the listing and
    // the checks around it then share one frame.
    #[inline(always)]
    pub(crate) fn successors_into(&self, pos: &Position, out: &mut Successors) {
        self.successors_observed(pos, out, &mut NoTrace, None, None);
    }

    /// [`Rules::successors_into`] given the holes of `pos` holding seeds
    /// (`occupied`, [`Position::occupied`]), which the end checks before
    /// the listing found already.
    #[inline(always)]
    pub(crate) fn successors_into_given(
        &self,
        pos: &Position,
        out: &mut Successors,
        occupied: u32,
    ) {
        self.successors_observed(pos, out, &mut NoTrace, None, Some(occupied));
    }

    /// [`Rules::successors_into`], reporting the sowing and captures of the
    /// move `only` to `obs` (and making no other child) when `obs` is active.
    #[inline(always)]
    fn successors_observed<O: SowObserver>(
        &self,
        pos: &Position,
        out: &mut Successors,
        obs: &mut O,
        only: Option<Move>,
        occupied: Option<u32>,
    ) {
        if self.rare {
            self.successors_with::<O, true>(pos, out, obs, only, occupied)
        } else {
            self.successors_with::<O, false>(pos, out, obs, only, occupied)
        }
    }

    /// [`Rules::successors_observed`] for rules with (`RARE`) or without
    /// the rare rules of [`Rules::rare`]: without, their checks are compiled
    /// out, so that they cost the games that do not use them nothing.
    ///
    /// `occupied`: the holes of `pos` holding seeds, when the caller has
    /// them ([`Position::occupied`]).
    #[inline(always)]
    fn successors_with<O: SowObserver, const RARE: bool>(
        &self,
        pos: &Position,
        out: &mut Successors,
        obs: &mut O,
        only: Option<Move>,
        occupied: Option<u32>,
    ) {
        let mover = pos.to_move;
        let opponent = mover.opponent();
        out.len = 0;
        let candidates = self.candidates_given::<RARE>(pos, occupied);
        // Holes the sowing passes over: out of play this round, or owned
        // holes the rules say are not sown.
        let skip = match self.owning {
            None => pos.blocked,
            Some(o) => pos.blocked | self.owned_to_skip(pos, mover, o),
        };
        let feed_needed = self.must_feed
            && self.row_is_empty_given(pos, opponent, occupied.unwrap_or_else(|| pos.occupied()));
        let turn = Turn {
            mover,
            skip,
            feed_needed,
            // The holes a feeding move must sow into: the opponent's row, or
            // in a territory round the holes the opponent plays.
            feed_holes: if RARE && feed_needed {
                self.holes_of(pos, opponent)
            } else {
                self.row_mask[opponent.index()]
            },
            // While captures are not yet allowed, a relay does not stop where it would capture.
            inhibited: self.captures_inhibited(pos),
            // A direction to choose is rare (see `Rules::rare`).
            varied: RARE && self.direction_rule != DirectionRule::Fixed,
        };
        let varied = turn.varied;
        let mut marks = Marks::default();
        let mut bits = candidates;
        while bits != 0 {
            let origin = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Where the mover chooses the direction, a hole gives two moves.
            let choose = varied && self.chooses_direction(pos, origin);
            // A counted loop: an iterator over the two directions costs
            // every child its state.
            for turn_index in 0..1 + choose as u8 {
                let clockwise = turn_index == 1;
                let mv = match (choose, clockwise) {
                    (false, _) => Move::Sow(origin as u8),
                    (true, false) => Move::SowCounterClockwise(origin as u8),
                    (true, true) => Move::SowClockwise(origin as u8),
                };
                if O::ACTIVE && only != Some(mv) {
                    continue;
                }
                // The rules this move sows and captures by: these, or (for a
                // clockwise move in a game whose direction varies) their twin.
                let r = if varied {
                    self.sower(pos, mv)
                } else if RARE && pos.opened & 0b11 == 0 {
                    self.opening_rules.as_deref().unwrap_or(self)
                } else {
                    self
                };
                // A first move from the right half is exempt.
                let exempt = RARE && self.opening_right_half && !pos.has_opened(mover);
                if RARE
                    && r.empty_or_across
                    && !exempt
                    && !r.ends_empty_or_across(pos, mover, origin)
                {
                    continue;
                }
                if RARE && r.lands_occupied && r.first_lap_ends_empty(pos, mover, origin, skip) {
                    continue;
                }
                if RARE
                    && r.single_to_empty
                    && pos.board[origin] == 1
                    && pos.board[r.ring_next[mover.index()][origin] as usize] != 0
                {
                    continue;
                }
                // The child is built in the next free slot, and kept by counting it.
                let index = out.len as usize;
                let slot = out.children[index].write(Child {
                    mv,
                    pos: *pos,
                    endless: false,
                });
                let made = self.make_child::<O, RARE, false>(
                    r,
                    pos,
                    &mut slot.pos,
                    mv,
                    origin,
                    &turn,
                    &mut marks,
                    index,
                    obs,
                );
                match made {
                    Made::Dropped => continue,
                    Made::Kept => {}
                    Made::Endless => slot.endless = true,
                }
                out.len += 1;
            }
        }
        let Marks {
            unfed,
            mut slams,
            mut starving,
        } = marks;
        // Moves that do not feed stay legal only when none does (`feed_else_any`).
        if unfed != 0 && unfed.count_ones() < out.len as u32 {
            out.remove_marked(unfed);
            // The other marks follow their children down the list.
            starving = squeeze(starving, unfed);
            slams = squeeze(slams, unfed);
        }
        // Moves that leave the opponent nothing stay legal only when every move does.
        if starving != 0 && starving.count_ones() < out.len as u32 {
            out.remove_marked(starving);
        }
        // Forbidden grand slams stay legal only when every move is one (unless the rules say not even then).
        if slams != 0 && (slams.count_ones() < out.len as u32 || self.grand_slam_fallback_none) {
            out.remove_marked(slams);
        }
        let in_play = || match self.owning {
            None => !pos.board_is_empty(),
            Some(_) => self.playable_somewhere(pos),
        };
        if out.is_empty() && self.pass_when_stuck && in_play() {
            let mut child = *pos;
            child.to_move = opponent;
            child.opened &= !MOVED_AGAIN;
            child.ply = child.ply.wrapping_add(1);
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
        let seeds = b[origin];
        match self.sow::<_, true>(
            &mut b,
            &mut stores,
            self.owner(origin),
            origin,
            0,
            [0, 0],
            true,
            0,
            seeds,
            &mut NoTrace,
        ) {
            Sown::Ended { last, laps, .. } => Some(SowReport {
                board: b[..self.holes].to_vec(),
                last,
                laps,
            }),
            Sown::Endless => None,
        }
    }

    /// `opened` after `mover` played `mv` in an `alternate` game: the
    /// first move fixes both players' directions.
    fn fix_directions(&self, opened: u8, mover: Side, mv: Move) -> u8 {
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

    /// As [`Rules::sow_only`] for the move `mv` from `pos`, sown the way
    /// that move sows (games whose direction varies by move); `None` for a
    /// pass too.
    pub fn sow_move_only(&self, pos: &Position, mv: Move) -> Option<SowReport> {
        let origin = mv.hole()?;
        let sower = match &self.opening_rules {
            Some(opening) if pos.opened & 0b11 == 0 => opening,
            _ => self.sower(pos, mv),
        };
        sower.sow_only(&pos.board[..self.holes], origin)
    }

    /// Whether the first lap of `origin` ends across, in a store or in a
    /// hole of the mover's row that was empty before the move, or the hole
    /// holds more seeds than a row has holes (`moves.empty_or_across`).
    #[cold]
    fn ends_empty_or_across(&self, pos: &Position, mover: Side, origin: usize) -> bool {
        if pos.board[origin] as usize > self.n {
            return true;
        }
        let mut board = pos.board;
        let mut stores = [0u8; 2];
        let (last, _) = self.lap(
            &mut board,
            &mut stores,
            mover,
            origin,
            self.start_in_origin,
            pos.blocked,
            // Refused in territory games.
            0,
            true,
            &mut NoTrace,
        );
        last >= MAX_HOLES || self.owner(last) != mover || pos.board[last] == 0
    }

    /// Whether the first lap of `origin` (before any relay or capture)
    /// leaves its last hole holding a single seed: its last seed fell into
    /// an empty hole (`moves.lands_occupied`). A lap ending in a store
    /// does not.
    #[cold]
    #[inline(never)]
    fn first_lap_ends_empty(&self, pos: &Position, mover: Side, origin: usize, skip: u32) -> bool {
        let mut board = pos.board;
        let mut stores = [0u8; 2];
        let (last, _) = self.lap(
            &mut board,
            &mut stores,
            mover,
            origin,
            self.start_in_origin,
            skip,
            // Refused in territory games.
            0,
            true,
            &mut NoTrace,
        );
        last < MAX_HOLES && board[last] == 1
    }

    /// The holes the mover of `pos` may sow from, one bit a hole, before
    /// any rule that needs the sowing itself (feeding, grand slams, ...).
    /// `RARE` as for [`Rules::sow`].
    #[inline(always)]
    fn candidates<const RARE: bool>(&self, pos: &Position) -> u32 {
        self.candidates_given::<RARE>(pos, None)
    }

    /// [`Rules::candidates`] given the holes of `pos` holding seeds
    /// (`occupied`, [`Position::occupied`]) when the end checks before it
    /// found them already.
    #[inline(always)]
    fn candidates_given<const RARE: bool>(&self, pos: &Position, occupied: Option<u32>) -> u32 {
        let mover = pos.to_move;
        let mut candidates = 0u32;
        if RARE && self.any_row {
            candidates = self.any_row_candidates(pos);
        } else if RARE && pos.territory != 0 {
            // A territory game: the holes the mover owns this round.
            let mut mine = self.holes_of(pos, mover);
            while mine != 0 {
                let hole = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                if pos.board[hole] >= self.min_seeds {
                    candidates |= 1 << hole;
                }
            }
        } else if self.min_seeds == 1 {
            candidates = occupied.unwrap_or_else(|| pos.occupied()) & self.row_mask[mover.index()];
        } else {
            candidates = crate::position::holes_holding(&pos.board, self.min_seeds)
                & self.row_mask[mover.index()];
        }
        // Owned holes are stores: never moved from.
        candidates &= !(pos.owned[0] | pos.owned[1]);
        // Rams are never moved from (`moves.rams`).
        if RARE && self.rams {
            candidates &= !self.ram_holes(pos);
        }
        // Every hole of the row once before any twice (`moves.each_hole_first`).
        if RARE && self.each_hole_first {
            let fresh = self.row_mask[mover.index()] & !pos.moved_from;
            if fresh != 0 {
                candidates &= fresh;
            }
        }
        if RARE && self.not_facing_single {
            let mut left = candidates;
            while left != 0 {
                let hole = left.trailing_zeros() as usize;
                left &= left - 1;
                if pos.board[self.opposite(hole)] == 1 {
                    candidates &= !(1 << hole);
                }
            }
        }
        if RARE && self.last_resort != 0 {
            candidates = self.last_resort_holes(pos, mover, candidates);
        }
        if self.opening_rightmost
            && !pos.has_opened(mover)
            && !(self.opening_first_only && pos.opened & 0b11 != 0)
        {
            candidates = self.restrict_opening(candidates, mover);
        }
        if RARE && self.opening_right_half && !pos.has_opened(mover) {
            let right = candidates & self.right_half[mover.index()];
            if right != 0 {
                candidates = right;
            }
        }
        candidates
    }

    /// Whether every hole of [`Rules::candidates`] is a legal move, sown
    /// or not: no rule drops a move for what its sowing does, there is no
    /// direction to choose, no pass and no endless relay. Such games list
    /// their moves without sowing them ([`Rules::moves_without_sowing`]),
    /// which a random playout or a game record needs, not a search.
    #[inline]
    pub(crate) fn lists_moves_without_sowing(&self) -> bool {
        self.moves_without_sowing
    }

    /// The holes of the legal moves of `pos` (`Move::Sow`, one bit a
    /// hole), without sowing them, in the rules that allow it
    /// ([`Rules::lists_moves_without_sowing`]).
    #[inline]
    pub(crate) fn holes_without_sowing(&self, pos: &Position, occupied: u32) -> u32 {
        debug_assert!(self.moves_without_sowing);
        self.candidates_given::<false>(pos, Some(occupied))
    }

    /// Plays the legal move from `origin` of `pos` in place, in rules that
    /// list moves without sowing them. A [`Game`](crate::Game) plays random
    /// games this way, sowing one move a turn instead of all of them, and
    /// on its own position: a child made elsewhere and copied back would be
    /// read whole just after being written a byte or a word at a time.
    #[inline(always)]
    pub(crate) fn play_one_in_place(&self, pos: &mut Position, origin: usize) {
        debug_assert!(!self.rare, "rules with rare rules sow every move");
        debug_assert!(self.lists_moves_without_sowing());
        debug_assert!(self.candidates::<false>(pos) & 1 << origin != 0);
        // Nor rounds nor owned holes: no hole is passed over.
        debug_assert_eq!(pos.blocked | pos.owned[0] | pos.owned[1], 0);
        let before = *pos;
        let turn = Turn {
            mover: before.to_move,
            skip: 0,
            // These rules drop no move for what it sows: nothing to feed.
            feed_needed: false,
            feed_holes: 0,
            inhibited: self.captures_inhibited(&before),
            varied: false,
        };
        let made = self.make_child::<NoTrace, false, true>(
            self,
            &before,
            pos,
            Move::Sow(origin as u8),
            origin,
            &turn,
            // Nothing marked in these rules.
            &mut Marks::default(),
            0,
            &mut NoTrace,
        );
        debug_assert_eq!(made, Made::Kept, "a legal move, made");
    }

    /// The candidates left by `moves.last_resort_count`: its holes only
    /// when no other hole may be played, and then only the rightmost with
    /// `last_resort_rightmost`.
    #[cold]
    #[inline(never)]
    fn last_resort_holes(&self, pos: &Position, mover: Side, candidates: u32) -> u32 {
        let mut last_resort = 0u32;
        let mut bits = candidates;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if pos.board[hole] == self.last_resort {
                last_resort |= 1 << hole;
            }
        }
        if candidates & !last_resort != 0 {
            return candidates & !last_resort;
        }
        if !self.last_resort_rightmost || candidates == 0 {
            return candidates;
        }
        self.rightmost_of(candidates, mover, 1)
    }

    /// The `keep` holes of `candidates` nearest the mover's right (all of
    /// them when fewer), walking the mover's row leftwards.
    fn rightmost_of(&self, candidates: u32, mover: Side, keep: u32) -> u32 {
        // The row from the mover's right: South's n-1 down to 0, North's 2n-1 down to n.
        let first = mover.index() * self.n;
        let mut kept = 0u32;
        for i in (0..self.n).rev() {
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
    fn restrict_opening(&self, candidates: u32, mover: Side) -> u32 {
        if self.opening_two {
            return self.rightmost_of(candidates, mover, 2);
        }
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

    /// Makes the move `mv` (from `origin`) of `pos` on `child`, a copy of
    /// `pos`: sows, captures and passes the turn as the rules `r` say (these
    /// rules, or the twin a clockwise move or an opening sows by, see
    /// [`Rules::successors_with`]). [`Made::Dropped`] when the move turns out not to be
    /// legal (it does not feed, or its sowing never ends where that is not a
    /// draw). Marks the child `index` in `marks` where later rules may
    /// drop it.
    ///
    /// The one place a move is made: for a listing of every move
    /// ([`Rules::successors_with`]) and for a game's move made in place
    /// ([`Rules::play_one_in_place`]). `ONE` says the second: its rules list
    /// moves without sowing them, so the checks they never need (grand slams
    /// forbidden, seeds left to the opponent) are compiled out.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn make_child<O: SowObserver, const RARE: bool, const ONE: bool>(
        &self,
        r: &Rules,
        pos: &Position,
        child: &mut Position,
        mv: Move,
        origin: usize,
        turn: &Turn,
        marks: &mut Marks,
        index: usize,
        obs: &mut O,
    ) -> Made {
        let Turn {
            mover,
            skip,
            feed_needed,
            feed_holes,
            inhibited,
            varied,
        } = *turn;
        let opponent = mover.opponent();
        // From `pos`, not from the copy just written to `child`: a read
        // of it would wait for that write.
        child.to_move = opponent;
        child.opened = (pos.opened & !MOVED_AGAIN) | 1 << mover.index();
        child.ply = pos.ply.wrapping_add(1);
        if RARE && self.tracks_moved_from {
            child.moved_from |= 1 << origin;
        }
        if varied && self.direction_rule == DirectionRule::Alternate {
            child.opened = self.fix_directions(child.opened, mover, mv);
        }
        // The origin's seeds from `pos`, written long ago, in a listing; in
        // place (`ONE`) from the game's own position, where `pos` is the
        // copy just made.
        let seeds = if ONE {
            child.board[origin]
        } else {
            pos.board[origin]
        };
        let sown = if RARE && self.opening_shift && pos.opened & 0b11 == 0 {
            r.shift_opening(&mut child.board, origin, obs)
        } else if RARE && r.opening_lands_across && !pos.has_opened(mover) {
            r.sow_landing_across(&mut child.board, mover, origin, obs)
        } else if RARE && r.lap_captures {
            r.sow_capturing(child, pos, mover, origin, skip, obs)
        } else if RARE && r.closes_at != 0 {
            r.sow_closing(child, pos, mover, origin, obs)
        } else {
            r.sow::<O, RARE>(
                &mut child.board,
                &mut child.captured,
                mover,
                origin,
                skip,
                pos.owned,
                !inhibited,
                pos.territory,
                seeds,
                obs,
            )
        };
        let (last, sown) = match sown {
            Sown::Endless if self.endless_draws => {
                // The sowing never ends: the board is left as it was.
                child.board = pos.board;
                child.captured = pos.captured;
                child.removed = pos.removed;
                child.blocked = pos.blocked;
                return Made::Endless;
            }
            Sown::Endless => return Made::Dropped,
            Sown::Ended { last, sown, .. } => (last, sown),
        };
        let mut fed = true;
        if feed_needed && sown & feed_holes == 0 {
            if !(RARE && self.feed_else_any) {
                return Made::Dropped;
            }
            fed = false;
        }
        let capture = if r.not_from_single && pos.board[origin] == 1 {
            Capture {
                slam: false,
                took: false,
            }
        } else if RARE && r.pull_across {
            r.pull_across(child, pos, mover, last, sown, obs)
        } else {
            r.capture::<O, RARE>(child, pos, mover, last, sown, obs)
        };
        if RARE && self.take_last != 0 {
            self.take_last_seeds(child, mover, obs);
        }
        if feed_needed && self.feed_after_capture && self.row_is_empty(child, opponent) {
            if !(RARE && self.feed_else_any) {
                return Made::Dropped;
            }
            fed = false;
        }
        if (self.extra_turn_store && last == STORE_CELL + mover.index())
            || (RARE && self.extra_turn_opponent_store && last == STORE_CELL + opponent.index())
            || (self.extra_turn_capture
                && capture.took
                && !(RARE && self.extra_turn_once && pos.opened & MOVED_AGAIN != 0))
            || (RARE && capture.slam && capture.took && self.grand_slam == GrandSlam::ExtraTurn)
        {
            child.to_move = mover;
            child.opened |= MOVED_AGAIN;
        }
        if !fed {
            marks.unfed |= 1 << index;
        }
        if !ONE && capture.slam && self.grand_slam == GrandSlam::Forbidden {
            marks.slams |= 1 << index;
        }
        if !ONE && self.must_leave_seeds && self.row_is_empty(child, opponent) {
            marks.starving |= 1 << index;
        }
        Made::Kept
    }

    /// Sows the seeds of `origin` (`seeds`, given where the caller has them
    /// from an older write than `board`'s) for `mover`, relaying if the
    /// rules say so. Seeds sown into a store are added to `stores`.
    /// `RARE`: the rules may have any of [`Rules::rare`]'s rules (always
    /// right; `false` only where they have none of them).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn sow<O: SowObserver, const RARE: bool>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        blocked: u32,
        owned: [u32; 2],
        may_capture: bool,
        territory: u32,
        seeds: u8,
        obs: &mut O,
    ) -> Sown {
        // A single seed leaves its hole even where sowing starts in the origin.
        // Territory games are rare (see `Rules::rare`).
        let territory = if RARE { territory } else { 0 };
        let into_origin = self.start_in_origin && !(self.single_to_next && seeds == 1);
        let (last, sown) = self.lap_seeded(
            board,
            stores,
            mover,
            origin,
            into_origin,
            blocked,
            territory,
            may_capture,
            seeds,
            obs,
        );
        if RARE && self.relay && self.relay_next {
            return self.relay_from_next(
                board,
                stores,
                mover,
                last,
                sown,
                blocked,
                may_capture,
                territory,
                obs,
            );
        }
        if !self.relay
            || last >= MAX_HOLES
            || board[last] == 1
            || self.relay_captures_at(board, mover, last, may_capture, territory)
            || self.relay_stops_owned(board, owned, mover, last, territory)
            || self.relay_stops_count(board, mover, last)
        {
            return Sown::Ended {
                last,
                sown,
                laps: 1,
            };
        }
        self.relay_on(
            board,
            stores,
            mover,
            last,
            sown,
            blocked,
            owned,
            may_capture,
            territory,
            obs,
        )
    }

    /// The first move of `moves.opening_shift`: the origin keeps its seeds
    /// (traced as lifted and put back), every other hole after it passes a
    /// seed to the next (traced as taken and kept there), and the last one
    /// before it passes its seed to the hole facing the origin, where the
    /// move ends. Validation sees that every hole holds a seed.
    #[cold]
    #[inline(never)]
    fn shift_opening<O: SowObserver>(
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
        let mut hole = self.next[origin] as usize;
        while hole != origin {
            let after = self.next[hole] as usize;
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
                self.next[after] as usize
            };
        }
        Sown::Ended {
            last: facing,
            sown,
            laps: 1,
        }
    }

    /// Whether a relay lap ending in `last` ends the sowing because `last`
    /// does not hold one of the counts a relay goes on from
    /// (`sowing.relay_counts`).
    #[inline(always)]
    fn relay_stops_count(&self, board: &[u8; MAX_HOLES], mover: Side, last: usize) -> bool {
        self.relay_counted
            && (!self.relay_goes_on[board[last] as usize]
                || self.relay_rows[mover.index()] & (1 << last) == 0)
    }

    /// Whether a relay lap ending in `last` ends the sowing because `last`
    /// is an owned hole, or is made one by this last seed (`[owned]`).
    #[inline(always)]
    fn relay_stops_owned(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        mover: Side,
        last: usize,
        territory: u32,
    ) -> bool {
        match self.owning {
            None => false,
            Some(o) => self.owned_relay_stop(board, owned, mover, last, territory, o),
        }
    }

    #[cold]
    fn owned_relay_stop(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        mover: Side,
        last: usize,
        territory: u32,
        o: Owning,
    ) -> bool {
        (owned[0] | owned[1]) & (1 << last) != 0
            || self.would_own(board, owned, mover, last, territory, o)
    }

    /// Whether some plain hole holds enough seeds to be played: with owned
    /// holes, seeds that no hole can ever move again do not keep a game of
    /// passes going.
    #[cold]
    fn playable_somewhere(&self, pos: &Position) -> bool {
        let owned = pos.owned[0] | pos.owned[1];
        (0..self.holes).any(|h| owned & (1 << h) == 0 && pos.board[h] >= self.min_seeds)
    }

    /// The owned holes a sowing by `mover` passes over.
    #[cold]
    fn owned_to_skip(&self, pos: &Position, mover: Side, o: Owning) -> u32 {
        let own = if o.past_own {
            pos.owned[mover.index()]
        } else {
            0
        };
        let opp = if o.past_opponent {
            pos.owned[mover.opponent().index()]
        } else {
            0
        };
        own | opp
    }

    /// What a last seed of `mover` in `last` does to owned holes: takes
    /// seeds from an opponent's (`Some(true)`), makes holes the mover's own
    /// (`Some(false)`: not a capture), or nothing (`None`: captures follow).
    #[cold]
    fn own_or_raid<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        last: usize,
        o: Owning,
        obs: &mut O,
    ) -> Option<bool> {
        let bit = 1u32 << last;
        if o.raid > 0
            && child.owned[mover.opponent().index()] & bit != 0
            && !(o.captures_into && child.owned[mover.index()] == 0)
        {
            let taken = child.board[last].min(o.raid);
            child.board[last] -= taken;
            obs.take(last, taken);
            self.keep(child, mover, taken as u32, obs);
            return Some(taken > 0);
        }
        if !self.would_own(&child.board, child.owned, mover, last, child.territory, o) {
            return None;
        }
        child.owned[mover.index()] |= bit;
        obs.own(last, mover);
        if o.pair_opposite {
            let facing = 1u32 << self.opposite(last);
            child.owned[mover.opponent().index()] &= !facing;
            child.owned[mover.index()] |= facing;
            obs.own(self.opposite(last), mover);
        }
        if o.pair_before && self.pair_before(&child.board, child.owned, last, o) {
            let before = self.prev[last] as usize;
            child.owned[mover.index()] |= 1 << before;
            obs.own(before, mover);
        }
        Some(false)
    }

    /// Whether `last` and the hole before it (against the sowing, not
    /// owned) hold `count` and `count - 1` seeds, in either order
    /// (`owned.make = "pair-before"`).
    #[cold]
    #[inline(never)]
    fn pair_before(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        last: usize,
        o: Owning,
    ) -> bool {
        let before = self.prev[last] as usize;
        let (a, b) = (board[before], board[last]);
        (owned[0] | owned[1]) & (1 << before) == 0
            && o.count >= 1
            && ((a == o.count && b == o.count - 1) || (a == o.count - 1 && b == o.count))
    }

    /// Gives `mover` the `amount` seeds a capture took.
    #[inline(always)]
    fn keep<O: SowObserver>(&self, child: &mut Position, mover: Side, amount: u32, obs: &mut O) {
        let side = mover.index();
        if let Some(o) = self.owning
            && o.captures_into
        {
            let owned = child.owned[side];
            if owned != 0 {
                let hole = owned.trailing_zeros() as usize;
                child.board[hole] += amount as u8;
                obs.keep(mover, amount as u8, Kept::Hole(hole));
                return;
            }
        }
        if self.to_mover {
            child.captured[side] += amount as u8;
            obs.keep(mover, amount as u8, Kept::Captured);
        } else {
            child.removed[side] += amount as u8;
            obs.keep(mover, amount as u8, Kept::Removed);
        }
    }

    /// Whether a last seed of `mover` in `last` makes it `mover`'s own hole.
    // Inlined into its two callers, which owned-hole games run every move.
    #[inline(always)]
    fn would_own(
        &self,
        board: &[u8; MAX_HOLES],
        owned: [u32; 2],
        mover: Side,
        last: usize,
        territory: u32,
        o: Owning,
    ) -> bool {
        if last >= MAX_HOLES {
            return false;
        }
        let bit = 1u32 << last;
        let all = owned[0] | owned[1];
        let mirror = if last < self.n {
            last + self.n
        } else {
            last - self.n
        };
        let made = if o.pair_opposite {
            board[last] == 1 && board[self.opposite(last)] == o.count
        } else {
            board[last] == o.count || (o.pair_before && self.pair_before(board, owned, last, o))
        };
        all & bit == 0
            && made
            && o.zone[mover.index()] & bit != 0
            && (o.per_player == 0 || owned[mover.index()].count_ones() < o.per_player)
            && !(o.not_mirror && all & (1 << mirror) != 0)
            && !(o.not_facing && all & (1 << self.opposite(last)) != 0)
            && match o.holder {
                RowChoice::Any => true,
                // Who plays the hole this round: its row's player, unless
                // the hole is held across the board.
                held => {
                    let holder = if territory & bit != 0 {
                        self.owner(last).opponent()
                    } else {
                        self.owner(last)
                    };
                    (holder == mover) == (held == RowChoice::Own)
                }
            }
    }

    /// Whether a relay lap ending in `last` ends the sowing because its
    /// last seed captures there (`relay_stops_at_capture`): by its count, or
    /// matching the hole opposite (`capture.rule = "match"`), captures being
    /// allowed on this move (`may_capture`).
    #[inline(always)]
    fn relay_captures_at(
        &self,
        board: &[u8; MAX_HOLES],
        mover: Side,
        last: usize,
        may_capture: bool,
        territory: u32,
    ) -> bool {
        self.relay_stops_at_capture
            && may_capture
            && self.capture_zone_of(mover, territory) & (1 << last) != 0
            && if self.capture == CaptureKind::Match {
                self.holes_match(board, last, 0)
            } else {
                self.capturing[board[last] as usize]
            }
    }

    /// The holes where `mover` may capture (`capture.last_hole_in`): rows,
    /// but in a territory round (`territory`, the holes played by the other
    /// row's player) the holes the mover or the opponent owns.
    #[inline(always)]
    fn capture_zone_of(&self, mover: Side, territory: u32) -> u32 {
        if territory == 0 {
            self.capture_zone[mover.index()]
        } else {
            self.held_capture_zone(mover, territory)
        }
    }

    #[cold]
    #[inline(never)]
    fn held_capture_zone(&self, mover: Side, territory: u32) -> u32 {
        self.held_zone(mover, territory, self.spec.capture.last_hole_in())
    }

    /// The holes of `row` (relative to `mover`) in a territory round: the
    /// holes the mover or the opponent owns.
    fn held_zone(&self, mover: Side, territory: u32, row: RowChoice) -> u32 {
        let holes_of = |side: Side| {
            (self.row_mask[side.index()] & !territory)
                | (self.row_mask[side.opponent().index()] & territory)
        };
        match row {
            RowChoice::Any => self.row_mask[0] | self.row_mask[1],
            RowChoice::Own => holes_of(mover),
            RowChoice::Opponent => holes_of(mover.opponent()),
        }
    }

    /// The holes `mover` takes while sowing (`passing_captures`): the
    /// capture zone within `sowing.passing_from`, held holes in a
    /// territory round.
    #[inline(always)]
    fn passing_zone_of(&self, mover: Side, territory: u32) -> u32 {
        if territory == 0 {
            self.passing_zone[mover.index()]
        } else {
            self.held_capture_zone(mover, territory)
                & self.held_zone(
                    mover,
                    territory,
                    self.spec.sowing.passing_from.unwrap_or(RowChoice::Any),
                )
        }
    }

    /// [`Rules::lap_seeded`] of the seeds in `origin`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn lap<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
        territory: u32,
        may_capture: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let seeds = board[origin];
        self.lap_seeded(
            board,
            stores,
            mover,
            origin,
            into_origin,
            blocked,
            territory,
            may_capture,
            seeds,
            obs,
        )
    }

    /// One lap, through the stores or not.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn lap_seeded<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
        territory: u32,
        may_capture: bool,
        seeds: u8,
        obs: &mut O,
    ) -> (usize, u32) {
        debug_assert_eq!(seeds, board[origin]);
        obs.lift(origin, seeds);
        if self.lap_rare {
            return self.lap_of_rare_rules(
                board,
                stores,
                mover,
                origin,
                into_origin,
                blocked,
                territory,
                may_capture,
                obs,
            );
        }
        self.lap_sown(
            board,
            stores,
            mover,
            origin,
            into_origin,
            blocked,
            territory,
            may_capture,
            seeds,
            obs,
        )
    }

    /// A lap of rules that act before it (`lap_prelude`) or pass over the
    /// opponent's holes by their count (`skip_count`), its lift reported.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn lap_of_rare_rules<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
        territory: u32,
        may_capture: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        if self.lap_prelude {
            self.before_lap(board, stores, mover, origin, obs);
        }
        if self.skip_count != 0 || self.hole_limit != 0 {
            // The holes passed over change as the lap sows: the general lap.
            return self.sow_lap_blocked(
                board,
                stores,
                mover,
                origin,
                into_origin,
                blocked,
                territory,
                may_capture,
                obs,
            );
        }
        self.lap_sown(
            board,
            stores,
            mover,
            origin,
            into_origin,
            blocked,
            territory,
            may_capture,
            // The prelude may have changed them.
            board[origin],
            obs,
        )
    }

    /// The sowing of one lap whose lift is reported.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn lap_sown<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
        territory: u32,
        may_capture: bool,
        seeds: u8,
        obs: &mut O,
    ) -> (usize, u32) {
        if blocked | territory != 0 {
            // Only games played in rounds have blocked holes or holes owned
            // across the board: off the hot path.
            self.sow_lap_blocked(
                board,
                stores,
                mover,
                origin,
                into_origin,
                blocked,
                territory,
                may_capture,
                obs,
            )
        } else if self.ring_table {
            self.sow_lap_with_store(board, stores, mover, origin, into_origin, seeds, obs)
        } else if self.passing_captures && may_capture {
            self.sow_lap_passing(board, stores, mover, origin, into_origin, obs)
        } else {
            self.sow_lap(board, origin, into_origin, seeds, obs)
        }
    }

    /// One lap in a game that sows into the mover's store, or around the
    /// mover's own row only: the ring of cells is read from a table (holes,
    /// and the store after the mover's row when it is sown).
    /// Returns the last cell (a hole, or `STORE_CELL + side`) and the mask
    /// of holes sown.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn sow_lap_with_store<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        seeds: u8,
        obs: &mut O,
    ) -> (usize, u32) {
        let next = &self.ring_next[mover.index()];
        if !O::ACTIVE && !into_origin && (seeds as usize) < self.holes + 2 {
            let stride = self.holes + 2;
            let lap =
                &self.ring_laps[(mover.index() * self.holes + origin) * stride + seeds as usize];
            if lap.last != ShortLap::LONG {
                // No cell sown twice, the origin never (skipped or not).
                return lap.apply(board, stores, origin, seeds as u64, |_| 0, self.board_words);
            }
        }
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
            obs.sow(cell);
            last = cell;
            cell = next[cell] as usize;
        }
        (last, sown)
    }

    /// One lap on a board with holes out of play for the round (`blocked`,
    /// one bit a hole), which the sowing passes over, as it passes over the
    /// opponent's holes holding `skip_count` seeds; the mover's store is
    /// sown in games that sow into it. Each row keeps a hole in play (see
    /// [`Rules::with_blocked`]) and the mover's holes are never passed over
    /// for their count, so the lap always finds the next cell.
    /// Captures while sowing (`passing_captures`) are taken as in
    /// [`Rules::sow_lap_passing`].
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn sow_lap_blocked<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        blocked: u32,
        territory: u32,
        may_capture: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let step = |cell: usize| {
            if self.ring_table {
                self.ring_next[mover.index()][cell] as usize
            } else {
                self.next_hole(cell)
            }
        };
        // The opponent's holes holding `skip_count` seeds are passed over
        // too (`sowing.skip_opponent_count`; no hole holds 0 seeds after a
        // seed falls in, so 0 passes over none).
        let skipped = if self.skip_count != 0 {
            self.row_mask[mover.opponent().index()]
        } else {
            0
        };
        // So are full holes (`sowing.hole_limit`; 0: none is full).
        let in_play = |board: &[u8; MAX_HOLES], cell: usize| {
            cell >= MAX_HOLES
                || (blocked & (1 << cell) == 0
                    && !(skipped & (1 << cell) != 0 && board[cell] == self.skip_count)
                    && (self.hole_limit == 0 || board[cell] < self.hole_limit))
        };
        let next = |board: &[u8; MAX_HOLES], mut cell: usize| {
            loop {
                cell = step(cell);
                if in_play(board, cell) && !(self.skip_origin && cell == origin) {
                    return cell;
                }
            }
        };
        // Owned holes passed over by all seeds but the last (the only
        // holes passed over then: rounds are refused with owned holes).
        let last_lands = self.owning.is_some_and(|o| o.past_but_last);
        let seeds = board[origin];
        board[origin] = 0;
        let mut last = origin;
        let mut sown = 0u32;
        for k in 0..seeds {
            let left = seeds - 1 - k;
            let cell = if k == 0 && into_origin {
                origin
            } else if last_lands && k + 1 == seeds {
                step(last)
            } else {
                next(board, last)
            };
            obs.sow(cell);
            if cell < MAX_HOLES {
                board[cell] += 1;
                sown |= 1 << cell;
                if self.passing_captures
                    && may_capture
                    && (left > 0 || self.passing_last)
                    && self.passing[board[cell] as usize]
                    && self.passing_zone_of(mover, territory) & (1 << cell) != 0
                {
                    let taker = self.passing_taker(mover, cell, territory);
                    obs.take(cell, board[cell]);
                    obs.keep(taker, board[cell], Kept::Captured);
                    stores[taker.index()] += board[cell];
                    board[cell] = 0;
                }
            } else {
                stores[cell - STORE_CELL] += 1;
            }
            last = cell;
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
    fn sow_lap<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        into_origin: bool,
        seeds: u8,
        obs: &mut O,
    ) -> (usize, u32) {
        if !O::ACTIVE {
            return self.sow_lap_by_table(board, origin, into_origin, seeds);
        }
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
            obs.sow(hole);
            sown |= 1 << hole;
            last = hole;
            hole = self.next_hole(hole);
        }
        (last, sown)
    }

    /// [`Rules::sow_lap`] of the `seeds` seeds of `origin`, untraced,
    /// without a loop over the seeds: the lap's whole rounds of the ring
    /// (every hole, less the origin with `skip_origin`) are one vector add,
    /// and the seeds left over a lap of the short-lap table, which never
    /// sows a hole twice nor reaches the origin.
    #[inline(always)]
    fn sow_lap_by_table(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        into_origin: bool,
        seeds: u8,
    ) -> (usize, u32) {
        let divmod = self.lap_divmod[seeds as usize];
        let (rounds, rest) = ((divmod >> 8) as u8, (divmod & 0xFF) as usize);
        // The table's laps start after their entry's hole.
        let in_origin = into_origin && !self.skip_origin;
        let before = if in_origin {
            self.prev[origin] as usize
        } else {
            origin
        };
        let lap = &self.short_laps[before * self.holes + rest];
        // Branch-free from here: whether a lap comes round or not is as
        // random as the seeds in its hole.
        let word = |bytes: &[u8; MAX_HOLES], k: usize| {
            u64::from_le_bytes(bytes[8 * k..8 * k + 8].try_into().expect("8 bytes"))
        };
        let [south, north] = &self.row_bytes;
        let each = rounds as u64 * 0x0101_0101_0101_0101;
        let every = |k| (word(south, k) | word(north, k)) & each;
        // Passed over, the origin takes no round either.
        let skipped = self.skip_origin as u64;
        let lifted = seeds as u64 + skipped * rounds as u64;
        let (last, sown) = lap.apply(board, &mut [0, 0], origin, lifted, every, self.board_words);
        let ring = ((1u64 << self.holes) - 1) as u32 & !((skipped as u32) << origin);
        let sown = if rounds == 0 { sown } else { ring };
        // Whole rounds only: the last seed fell just before the lap's first hole.
        let before_first = if in_origin || self.skip_origin {
            self.prev[origin] as usize
        } else {
            origin
        };
        let last = if rest == 0 && rounds != 0 {
            before_first
        } else {
            last
        };
        (last, sown)
    }

    /// One lap in which every hole but the last (and the last too with
    /// `passing_last`) that a seed brings to a passing count is emptied into
    /// its owner's store (`passing_captures`).
    fn sow_lap_passing<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        into_origin: bool,
        obs: &mut O,
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
            obs.sow(hole);
            sown |= 1 << hole;
            last = hole;
            if (left > 0 || self.passing_last)
                && self.passing[board[hole] as usize]
                && self.passing_zone[mover.index()] & (1 << hole) != 0
            {
                let taker = self.passing_taker(mover, hole, 0);
                obs.take(hole, board[hole]);
                obs.keep(taker, board[hole], Kept::Captured);
                stores[taker.index()] += board[hole];
                board[hole] = 0;
            }
            hole = self.next_hole(hole);
        }
        (last, sown)
    }

    /// Who takes a hole while sowing: the player it belongs to (in a
    /// territory game, whoever owns it: `territory` marks the holes played
    /// by the other row's player), or the mover (`sowing.passing_to_mover`).
    #[inline(always)]
    fn passing_taker(&self, mover: Side, hole: usize, territory: u32) -> Side {
        if self.passing_to_mover {
            mover
        } else if territory & (1 << hole) != 0 {
            self.owner(hole).opponent()
        } else {
            self.owner(hole)
        }
    }

    /// Whether a relay of these rules needs Brent's cycle detection rather
    /// than the comparison with its first state: two relay states can lead
    /// to the same one when captures while sowing take seeds off the board,
    /// or when the lap passes over its origin (which then no longer tells
    /// how many times the lap went round). Captures while sowing, and laps
    /// passing over the opponent's holes by their count, are not proved
    /// injective, so they take Brent's too.
    pub(crate) fn relay_needs_brent(&self) -> bool {
        self.passing_captures || self.skip_origin || self.skip_count != 0 || self.hole_limit != 0
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
    #[allow(clippy::too_many_arguments)]
    fn relay_on<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        lift: usize,
        sown: u32,
        blocked: u32,
        owned: [u32; 2],
        may_capture: bool,
        territory: u32,
        obs: &mut O,
    ) -> Sown {
        if self.relay_needs_brent() {
            return self.relay_on_brent(
                board,
                stores,
                mover,
                lift,
                sown,
                blocked,
                owned,
                may_capture,
                territory,
                obs,
            );
        }
        // Seeds are conserved, so equal boards mean equal stores too: the
        // board and the hole to lift are the whole relay state.
        let first_board = *board;
        let first_lift = lift;
        let mut lift = lift;
        let mut sown = sown;
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        if !O::ACTIVE
            && !self.ring_table
            && blocked == 0
            && !self.lap_keeps_one
            && self.skip_count == 0
            && self.hole_limit == 0
        {
            // The common case, and the one whose endless cycles run to
            // millions of laps: a lap of whole-board vector adds (seed by
            // seed below when observed).
            loop {
                let (last, lap) = self.relay_lap_plain(board, lift);
                sown |= lap;
                laps += 1;
                if board[last] == 1
                    || self.relay_captures_at(board, mover, last, may_capture, territory)
                    || self.relay_stops_owned(board, owned, mover, last, territory)
                    || self.relay_stops_count(board, mover, last)
                {
                    return Sown::Ended { last, sown, laps };
                }
                lift = last;
                if (lift == first_lift && *board == first_board) || laps >= limit {
                    return Sown::Endless;
                }
            }
        }
        loop {
            let (last, lap) = self.lap(
                board,
                stores,
                mover,
                lift,
                false,
                blocked,
                territory,
                may_capture,
                obs,
            );
            sown |= lap;
            laps += 1;
            if last >= MAX_HOLES
                || board[last] == 1
                || self.relay_captures_at(board, mover, last, may_capture, territory)
                || self.relay_stops_owned(board, owned, mover, last, territory)
                || self.relay_stops_count(board, mover, last)
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

    /// Relays from the hole after each lap's last hole while that hole holds
    /// seeds (`sowing.relay_from_next`) and the last seed does not capture
    /// (`relay_stops_at_capture`), or proves that it never stops.
    ///
    /// The lap is not known to be injective (which hole was lifted is not
    /// written on the board), so cycles are found with Brent's method, as
    /// in [`Rules::relay_on_brent`]: one saved state, at most one period
    /// plus the lead-in of laps.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn relay_from_next<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        mut last: usize,
        mut sown: u32,
        blocked: u32,
        may_capture: bool,
        territory: u32,
        obs: &mut O,
    ) -> Sown {
        // Holes out of play are passed over here as the sowing passes them
        // (each row keeps a hole in play, so this ends); the mover's store
        // follows their row where it is sown.
        let after = |mut cell: usize| {
            loop {
                cell = if self.ring_table {
                    self.ring_next[mover.index()][cell] as usize
                } else {
                    self.next[cell] as usize
                };
                if cell >= MAX_HOLES || blocked & (1 << cell) == 0 {
                    return cell;
                }
            }
        };
        let mut watch = CycleWatch::new(board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        loop {
            // A lap ending in the store ends the sowing; so does one whose
            // last seed captures, where the rules stop there.
            if last >= MAX_HOLES
                || if self.capture == CaptureKind::Opposite {
                    self.relay_takes_opposite_at(board, mover, last, may_capture, territory)
                } else {
                    self.relay_captures_at(board, mover, last, may_capture, territory)
                }
            {
                return Sown::Ended { last, sown, laps };
            }
            let lift = after(last);
            let (end, lap) = if lift >= MAX_HOLES {
                // The sowing goes on from the mover's store only where the
                // rules say so, and when it holds seeds.
                if !self.relay_from_store || stores[lift - STORE_CELL] == 0 {
                    return Sown::Ended { last, sown, laps };
                }
                self.lap_from_store(board, stores, mover, blocked, obs)
            } else {
                if board[lift] == 0 {
                    return Sown::Ended { last, sown, laps };
                }
                self.lap(
                    board,
                    stores,
                    mover,
                    lift,
                    false,
                    blocked,
                    territory,
                    may_capture,
                    obs,
                )
            };
            last = end;
            sown |= lap;
            laps += 1;
            // The board and the last hole are the whole relay state.
            if watch.repeats(board, last) || laps >= limit {
                return Sown::Endless;
            }
        }
    }

    /// The hole after `hole` in the sowing direction, holes out of play
    /// (`blocked`) passed over as the sowing passes them (each row keeps a
    /// hole in play, so this ends).
    #[inline]
    fn next_in_play(&self, blocked: u32, hole: usize) -> usize {
        let mut next = self.next[hole] as usize;
        while blocked & (1 << next) != 0 {
            next = self.next[next] as usize;
        }
        next
    }

    /// Whether `hole` holds seeds, as many as the hole opposite it, neither
    /// of them owned (`capture.rule = "match"`).
    #[inline]
    fn holes_match(&self, board: &[u8; MAX_HOLES], hole: usize, owned: u32) -> bool {
        let opposite = self.opposite(hole);
        board[hole] != 0
            && board[hole] == board[opposite]
            && owned & (1 << hole | 1 << opposite) == 0
    }

    /// Whether a relay lap ending in `last` ends the sowing because its last
    /// seed, in an empty hole, takes the opposite hole there
    /// (`relay_stops_at_capture` with `capture.rule = "opposite"`).
    #[inline]
    fn relay_takes_opposite_at(
        &self,
        board: &[u8; MAX_HOLES],
        mover: Side,
        last: usize,
        may_capture: bool,
        territory: u32,
    ) -> bool {
        self.relay_stops_at_capture
            && may_capture
            && board[last] == 1
            && self.capture_zone_of(mover, territory) & (1 << last) != 0
            && board[self.opposite(last)] != 0
            && (!self.opposite_counted || self.capturing[board[self.opposite(last)] as usize])
    }

    /// A relay lap from the mover's store (`sowing.relay_from_store`): its
    /// seeds are lifted and sown round the mover's ring from the cell after
    /// it, holes out of play passed over. Returns the last cell and the
    /// holes sown.
    #[cold]
    #[inline(never)]
    fn lap_from_store<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        blocked: u32,
        obs: &mut O,
    ) -> (usize, u32) {
        let ring = &self.ring_next[mover.index()];
        let seeds = stores[mover.index()];
        stores[mover.index()] = 0;
        obs.lift_store(mover, seeds);
        let mut cell = STORE_CELL + mover.index();
        let mut sown = 0u32;
        for _ in 0..seeds {
            loop {
                cell = ring[cell] as usize;
                if cell >= MAX_HOLES || blocked & (1 << cell) == 0 {
                    break;
                }
            }
            obs.sow(cell);
            if cell < MAX_HOLES {
                board[cell] += 1;
                sown |= 1 << cell;
            } else {
                stores[cell - STORE_CELL] += 1;
            }
        }
        (cell, sown)
    }

    /// Sows `origin` for `mover` on `child` in a relay whose every lap's end
    /// captures (`sowing.lap_captures`), up to the end of the sowing; the
    /// move's own capture at that end is left to the caller.
    ///
    /// Endless relays are found with Brent's method on the board and the
    /// last hole: a capture takes seeds off the board for good, so a relay
    /// state can only come back between captures.
    #[cold]
    fn sow_capturing<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        origin: usize,
        blocked: u32,
        obs: &mut O,
    ) -> Sown {
        let may_capture = !self.captures_inhibited(before);
        let into_origin =
            self.start_in_origin && !(self.single_to_next && child.board[origin] == 1);
        let (mut last, mut sown) = self.capturing_lap(
            child,
            before,
            mover,
            origin,
            into_origin,
            blocked,
            may_capture,
            obs,
        );
        let mut watch = CycleWatch::new(&child.board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        let opponent = mover.opponent();
        loop {
            if self.lap_captures_sown_on && self.row_is_empty(child, opponent) {
                return Sown::Ended { last, sown, laps };
            }
            let occupied = child.board[last] > 1;
            // The hole the relay lifts next, if it goes on.
            let lift = if self.lap_captures_sown_on {
                (occupied || self.capture_sown_on(child, before, mover, last, sown, obs))
                    .then_some(last)
            } else if self.capture == CaptureKind::AcrossGap {
                if occupied {
                    self.capture::<_, true>(child, before, mover, last, sown, obs);
                }
                occupied.then_some(last)
            } else if self.capture == CaptureKind::Counts {
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
            let (end, lap) =
                self.capturing_lap(child, before, mover, lift, false, blocked, may_capture, obs);
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
    #[allow(clippy::too_many_arguments)]
    fn capturing_lap<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        lift: usize,
        into_origin: bool,
        blocked: u32,
        may_capture: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let left = child.seeds_on_board() - child.board[lift] as u32;
        if self.opponent_takes_at == 0 || left > self.opponent_takes_at {
            return self.lap(
                &mut child.board,
                &mut child.captured,
                mover,
                lift,
                into_origin,
                blocked,
                before.territory,
                may_capture,
                obs,
            );
        }
        // Validation leaves a ring of holes: no store, nothing passed over.
        let opponent = mover.opponent();
        let theirs = self.row_mask[opponent.index()];
        let seeds = child.board[lift];
        obs.lift(lift, seeds);
        child.board[lift] = 0;
        let mut hole = lift;
        let mut sown = 0u32;
        for k in 0..seeds {
            if !(k == 0 && into_origin) {
                hole = self.next_hole(hole);
            }
            child.board[hole] += 1;
            obs.sow(hole);
            let captures_here = k + 1 == seeds
                && self.capture_zone[mover.index()] & (1 << hole) != 0
                && self.capturing[child.board[hole] as usize]
                && may_capture;
            if theirs & (1 << hole) != 0 && !captures_here {
                child.board[hole] -= 1;
                obs.take(hole, 1);
                obs.keep(opponent, 1, Kept::Captured);
                child.captured[opponent.index()] += 1;
            } else {
                sown |= 1 << hole;
            }
        }
        (hole, sown)
    }

    /// A player's first move in a game whose first moves land across
    /// (`sowing.opening_lands_across`): one lap, whose last seed, were it to
    /// fall into the mover's own row, goes on to the first hole of the
    /// opponent's row.
    #[cold]
    #[inline(never)]
    fn sow_landing_across<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        mover: Side,
        origin: usize,
        obs: &mut O,
    ) -> Sown {
        let seeds = board[origin];
        obs.lift(origin, seeds);
        board[origin] = 0;
        let own = self.row_mask[mover.index()];
        let mut hole = origin;
        let mut sown = 0u32;
        for k in 0..seeds {
            if !(k == 0 && self.start_in_origin) {
                hole = self.next_hole(hole);
            }
            if k + 1 == seeds {
                while own & (1 << hole) != 0 {
                    hole = self.next_hole(hole);
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
    fn sow_closing<O: SowObserver>(
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
            self.closable[mover.index()]
        };
        let closes = |child: &Position, last: usize| {
            closable & !child.blocked & (1 << last) != 0 && child.board[last] == self.closes_at
        };
        let into_origin =
            self.start_in_origin && !(self.single_to_next && child.board[origin] == 1);
        let (mut last, mut sown) = self.lap_closing(child, mover, origin, into_origin, obs);
        if !self.relay {
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
        let mut watch = CycleWatch::new(&child.board, last);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        // A closed hole holds no seed: a last seed that left the game there
        // ends the relay as one in an empty hole does.
        while child.board[last] > 1 {
            if closes(child, last) {
                child.blocked |= 1 << last;
                watch = CycleWatch::new(&child.board, last);
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
    fn lap_closing<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        origin: usize,
        into_origin: bool,
        obs: &mut O,
    ) -> (usize, u32) {
        let closed = child.blocked;
        let own = self.row_mask[mover.index()];
        let seeds = child.board[origin];
        obs.lift(origin, seeds);
        child.board[origin] = 0;
        let mut cell = origin;
        let mut sown = 0u32;
        for k in 0..seeds {
            if !(k == 0 && into_origin) {
                cell = self.next_hole(cell);
                // The origin is never closed: a whole row is never passed over.
                while closed & own & (1 << cell) != 0 {
                    cell = self.next_hole(cell);
                }
            }
            obs.sow(cell);
            if closed & (1 << cell) != 0 {
                obs.take(cell, 1);
                obs.keep(mover, 1, Kept::Removed);
                child.removed[mover.index()] += 1;
            } else {
                child.board[cell] += 1;
                sown |= 1 << cell;
            }
        }
        (cell, sown)
    }

    /// A lap's capture whose seeds are put into the last hole, to be sown on
    /// from it (`sowing.lap_captures_sown_on`); whether it took any.
    fn capture_sown_on<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> bool {
        let side = mover.index();
        let kept = child.captured[side] as u32 + child.removed[side] as u32;
        // The trace says where the seeds really go: into the last hole.
        let mut into_last = KeptInto {
            inner: obs,
            hole: last,
        };
        if !self
            .capture::<_, true>(child, before, mover, last, sown, &mut into_last)
            .took
        {
            return false;
        }
        let taken = child.captured[side] as u32 + child.removed[side] as u32 - kept;
        // Captures go to `captured` or to `removed`, never both.
        if self.to_mover {
            child.captured[side] -= taken as u8;
        } else {
            child.removed[side] -= taken as u8;
        }
        child.board[last] += taken as u8;
        true
    }

    /// The move's opposite capture pulled into its last hole, where the
    /// seeds stay (`capture.pull_across`).
    #[cold]
    #[inline(never)]
    fn pull_across<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> Capture {
        self.capture_sown_on(child, before, mover, last, sown, obs);
        // Nothing left the board: no capture for the rules that count them.
        Capture {
            slam: false,
            took: false,
        }
    }

    /// [`Rules::relay_on`] for relays whose lap is not injective.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    fn relay_on_brent<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        mut lift: usize,
        mut sown: u32,
        blocked: u32,
        owned: [u32; 2],
        may_capture: bool,
        territory: u32,
        obs: &mut O,
    ) -> Sown {
        let mut watch = CycleWatch::new(board, lift);
        let mut laps = 1u64;
        let limit = RELAY_LAP_LIMIT.with(Cell::get);
        loop {
            let (last, lap) = self.lap(
                board,
                stores,
                mover,
                lift,
                false,
                blocked,
                territory,
                may_capture,
                obs,
            );
            sown |= lap;
            laps += 1;
            if last >= MAX_HOLES
                || board[last] == 1
                || self.relay_captures_at(board, mover, last, may_capture, territory)
                || self.relay_stops_owned(board, owned, mover, last, territory)
                || self.relay_stops_count(board, mover, last)
            {
                return Sown::Ended { last, sown, laps };
            }
            lift = last;
            if watch.repeats(board, lift) || laps >= limit {
                return Sown::Endless;
            }
        }
    }

    /// Gives the mover every seed left on the board when there are 1 to
    /// `take_last` of them in the rows counted (`capture.take_last`).
    #[cold]
    fn take_last_seeds<O: SowObserver>(&self, child: &mut Position, mover: Side, obs: &mut O) {
        let counted = self.take_last_counted[mover.index()];
        let left: u32 = (0..self.holes)
            .filter(|&h| counted & (1 << h) != 0)
            .map(|h| child.board[h] as u32)
            .sum();
        if left == 0 || left > self.take_last {
            return;
        }
        let left = child.board[..self.holes].iter().map(|&s| s as u32).sum();
        if O::ACTIVE {
            for (hole, &seeds) in child.board[..self.holes].iter().enumerate() {
                if seeds != 0 {
                    obs.take(hole, seeds);
                }
            }
        }
        child.board[..self.holes].fill(0);
        self.keep(child, mover, left, obs);
    }

    /// The captures that move a store's seeds, before any other: a last
    /// seed in the opponent's store takes it (`capture.opponent_store`), one
    /// in an empty hole may lose the mover's (`capture.store_lost_in`).
    /// `None`: neither applies, the other captures follow.
    #[cold]
    #[inline(never)]
    fn store_capture<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        obs: &mut O,
    ) -> Option<Capture> {
        if last >= MAX_HOLES && self.take_opponent_store {
            return Some(self.take_store(child, before, mover, last, obs));
        }
        if last < MAX_HOLES
            && self.store_lost[mover.index()] & (1 << last) != 0
            && child.board[last] == 1
            && child.captured[mover.index()] != 0
            && !self.captures_inhibited(before)
        {
            return Some(self.lose_store(child, mover, obs));
        }
        None
    }

    /// A sowing ending in a store, in a game whose last seed in the
    /// opponent's store takes all of it (`capture.opponent_store`).
    fn take_store<O: SowObserver>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        obs: &mut O,
    ) -> Capture {
        let opponent = mover.opponent().index();
        if last != STORE_CELL + opponent || self.captures_inhibited(before) {
            return Capture {
                slam: false,
                took: false,
            };
        }
        let seeds = child.captured[opponent];
        child.captured[opponent] = 0;
        obs.take_store(mover.opponent(), seeds);
        child.captured[mover.index()] += seeds;
        obs.keep(mover, seeds, Kept::Captured);
        Capture {
            slam: false,
            took: seeds > 0,
        }
    }

    /// What a lap does once its seeds are lifted, before it sows them:
    /// its first seed kept by the mover (`sowing.lap_keeps_one`), or, with
    /// a single seed, the hole facing it taken (`sowing.single_takes_facing`);
    /// or every single seed of the mover's row taking the hole facing it
    /// (`sowing.singles_take_facing`).
    #[cold]
    #[inline(never)]
    fn before_lap<O: SowObserver>(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        mover: Side,
        origin: usize,
        obs: &mut O,
    ) {
        if self.lap_keeps_one {
            keep_one(board, stores, mover, origin, obs);
        }
        if self.singles_take_facing {
            // Only single laps: this lap is the move, its origin not yet lifted.
            for hole in self.row(mover) {
                let facing = self.opposite(hole);
                if board[hole] == 1 && board[facing] > 0 {
                    let seeds = board[facing];
                    board[facing] = 0;
                    obs.take(facing, seeds);
                    stores[mover.index()] += seeds;
                    obs.keep(mover, seeds, Kept::Captured);
                }
            }
        }
        if !self.single_takes_facing || board[origin] != 1 {
            return;
        }
        let facing = self.opposite(origin);
        let seeds = board[facing];
        board[facing] = 0;
        obs.take(facing, seeds);
        stores[mover.index()] += seeds;
        obs.keep(mover, seeds, Kept::Captured);
    }

    /// A last seed into an empty hole where the mover's store is lost
    /// (`capture.store_lost_in`): the opponent takes all of it.
    #[cold]
    #[inline(never)]
    fn lose_store<O: SowObserver>(
        &self,
        child: &mut Position,
        mover: Side,
        obs: &mut O,
    ) -> Capture {
        let seeds = child.captured[mover.index()];
        child.captured[mover.index()] = 0;
        obs.take_store(mover, seeds);
        child.captured[mover.opponent().index()] += seeds;
        obs.keep(mover.opponent(), seeds, Kept::Captured);
        Capture {
            slam: false,
            took: true,
        }
    }

    /// Whether nothing may be captured from `pos` yet: the game's opening
    /// turns without captures (`on_opening`, `opening_turns_without`) are
    /// not over, as the players who have moved tell.
    #[inline(always)]
    fn captures_inhibited(&self, pos: &Position) -> bool {
        // Most rules capture from the first move: one test for them.
        !self.capture_on_opening && self.captures_wait[(pos.opened & 0b11) as usize]
    }

    /// Applies the capture of a move that ended in `last`. Returns whether
    /// the move is a grand slam (its capture would take seeds from the
    /// opponent's row and leave it empty).
    /// `RARE` as for [`Rules::sow`].
    #[inline(always)]
    fn capture<O: SowObserver, const RARE: bool>(
        &self,
        child: &mut Position,
        before: &Position,
        mover: Side,
        last: usize,
        sown: u32,
        obs: &mut O,
    ) -> Capture {
        const NOTHING: Capture = Capture {
            slam: false,
            took: false,
        };
        if let Some(o) = &self.owning
            && last < MAX_HOLES
        {
            let o = *o;
            if let Some(took) = self.own_or_raid(child, mover, last, o, obs) {
                return Capture { slam: false, took };
            }
            if o.captures_into && child.owned[mover.index()] == 0 {
                // Captures go into an owned hole: none, no capture.
                return NOTHING;
            }
        }
        if self.store_captures
            && let Some(taken) = self.store_capture(child, before, mover, last, obs)
        {
            return taken;
        }
        // Owned holes are never captured from; nor, where captures need a
        // hole moved from (`capture.moved_from_only`), the others.
        let owned = child.owned[0]
            | child.owned[1]
            | if RARE && self.moved_from_only {
                !child.moved_from
            } else {
                0
            };
        if self.capture == CaptureKind::None
            || last >= MAX_HOLES
            || self.captures_inhibited(before)
            || (if RARE {
                self.capture_zone_of(mover, child.territory)
            } else {
                self.capture_zone[mover.index()]
            }) & (1 << last)
                == 0
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
            CaptureKind::Counts if RARE && self.sweep_board => {
                let mut taken = 0u32;
                let mut bits = (self.row_mask[0] | self.row_mask[1]) & !owned;
                while bits != 0 {
                    let hole = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if self.capturing[board[hole] as usize] {
                        taken |= 1 << hole;
                    }
                }
                if taken == 0 {
                    return NOTHING;
                }
                taken
            }
            CaptureKind::Counts => {
                if !self.capturing[board[last] as usize] || owned & (1 << last) != 0 {
                    return NOTHING;
                }
                let mut taken = 1u32 << last;
                if RARE && self.chain_rare {
                    taken = self.rare_chain(board, before, last, sown, owned, taken);
                } else if self.chain != Chain::None {
                    let zone = if self.chain == Chain::SameRow {
                        if RARE && before.territory != 0 {
                            // A territory round: the holes of the last
                            // hole's owner.
                            let holder = self.holder(before, last);
                            self.holes_of(before, holder)
                        } else {
                            self.row_mask[self.owner(last).index()]
                        }
                    } else {
                        self.row_mask[0] | self.row_mask[1]
                    };
                    let allowed = zone & sown & !owned;
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
                if board[last] != 1
                    || (board[opposite] == 0 && !self.empty_opposite)
                    || owned & (1 << opposite) != 0
                    || (self.opposite_counted && !self.capturing[board[opposite] as usize])
                {
                    return NOTHING;
                }
                let sower = if self.take_sower { 1u32 << last } else { 0 };
                let counted = if RARE && self.take_counted {
                    self.counted_holes(board, mover, owned)
                } else {
                    0
                };
                let taken = (1u32 << opposite) | sower | counted;
                if RARE && self.chain_rare {
                    self.rare_chain(board, before, last, sown, owned, taken)
                } else {
                    taken
                }
            }
            CaptureKind::AcrossGap => {
                if !self.gap_from_any && board[last] <= 1 {
                    return NOTHING;
                }
                let mut taken = 0u32;
                let mut holes = 0u32;
                let mut at = last;
                loop {
                    let gap = self.next_in_play(before.blocked, at);
                    let target = self.next_in_play(before.blocked, gap);
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
            CaptureKind::Next => {
                let next = self.next_in_play(before.blocked, last);
                if board[last] != 1 || board[next] == 0 || owned & (1 << next) != 0 {
                    return NOTHING;
                }
                let sower = if self.take_sower { 1u32 << last } else { 0 };
                (1u32 << next) | sower
            }
            CaptureKind::Match => {
                if !self.holes_match(board, last, owned) {
                    return NOTHING;
                }
                let taken = (1u32 << last) | (1u32 << self.opposite(last));
                if RARE && self.chain_rare {
                    self.rare_chain(board, before, last, sown, owned, taken)
                } else {
                    taken
                }
            }
            CaptureKind::NextCounts if RARE => {
                let next = self.next_in_play(before.blocked, last);
                if owned & (1 << next) != 0 || !self.capturing[board[next] as usize] {
                    return NOTHING;
                }
                if RARE && self.chain_rare {
                    self.rare_chain(board, before, next, sown, owned, 1 << next)
                } else {
                    1 << next
                }
            }
            // Rules capturing the next hole by its count are rare.
            CaptureKind::None | CaptureKind::NextCounts => unreachable!("checked above"),
        };
        let taken = if RARE && self.take_facing {
            // Without chains a capture takes one hole: its facing one goes too.
            let facing = self.opposite(taken.trailing_zeros() as usize);
            if board[facing] != 0 && owned & (1 << facing) == 0 {
                taken | 1 << facing
            } else {
                taken
            }
        } else {
            taken
        };
        let opponent_row = self.row_mask[mover.opponent().index()];
        // Where grand slams are allowed and taken as any capture, whether
        // this is one changes nothing: the rows are not counted.
        let slam = (self.grand_slam != GrandSlam::Allowed || self.slam_leaves_lowest.is_some())
            && {
                let from_opponent = crate::rules::sum_bits(board, taken & opponent_row);
                from_opponent > 0 && from_opponent == crate::rules::sum_bits(board, opponent_row)
            };
        if slam {
            let captures = match self.grand_slam {
                GrandSlam::Allowed | GrandSlam::OpponentTakesRow | GrandSlam::ExtraTurn => true,
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
        let taken = match self.slam_leaves_lowest {
            Some(lowest) if slam => slam_leaving_one(board, opponent_row, lowest),
            _ => taken,
        };
        let mut amount = 0u32;
        let mut bits = taken;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            amount += board[hole] as u32;
            obs.take(hole, board[hole]);
            board[hole] = 0;
        }
        self.keep(child, mover, amount, obs);
        if slam && self.grand_slam == GrandSlam::OpponentTakesRow {
            self.row_to_opponent(child, mover, obs);
        }
        Capture {
            slam,
            took: amount > 0,
        }
    }

    /// The holes a capture chain adds to `taken`, the capture of `first`
    /// (the last hole, or for `"next-counts"` the hole after it), where the
    /// common path does not follow it: a chain of matching holes
    /// (`capture.rule = "match"`, each hole taken with the one opposite
    /// it), of next holes, or one that runs onwards in the sowing
    /// direction (`capture.chain_direction`). Backwards, a hole must have
    /// been sown this move; onwards, not. Each way the chain stops at the
    /// first hole that does not capture, takes at most `chain_limit` holes
    /// counting `first`, and passes over holes out of play.
    #[cold]
    #[inline(never)]
    fn rare_chain(
        &self,
        board: &[u8; MAX_HOLES],
        before: &Position,
        first: usize,
        sown: u32,
        owned: u32,
        mut taken: u32,
    ) -> u32 {
        let zone = if self.chain == Chain::SameRow {
            if before.territory != 0 {
                // A territory round: the holes of the first hole's owner.
                self.holes_of(before, self.holder(before, first))
            } else {
                self.row_mask[self.owner(first).index()]
            }
        } else {
            self.row_mask[0] | self.row_mask[1]
        } & !owned;
        let pairs = self.capture == CaptureKind::Match;
        let across = self.capture == CaptureKind::Opposite;
        // A hole taken earlier in the chain is empty by now.
        let captures = |taken: u32, hole: usize| {
            let facing = self.opposite(hole);
            if taken & (1 << hole) != 0 || zone & (1 << hole) == 0 {
                false
            } else if pairs {
                taken & (1 << facing) == 0 && self.holes_match(board, hole, owned)
            } else if across {
                // An empty hole takes the one facing it, as the last did.
                board[hole] == 0
                    && taken & (1 << facing) == 0
                    && board[facing] != 0
                    && owned & (1 << facing) == 0
                    && (!self.opposite_counted || self.capturing[board[facing] as usize])
            } else {
                self.capturing[board[hole] as usize]
            }
        };
        let onward = self.chain_direction != ChainDirection::Against;
        let backward = self.chain_direction != ChainDirection::Along;
        for (step, needs_sown) in [(&self.next, false), (&self.prev, true)] {
            if (needs_sown && !backward) || (!needs_sown && !onward) {
                continue;
            }
            let skip = |mut hole: usize| {
                hole = step[hole] as usize;
                while before.blocked & (1 << hole) != 0 {
                    hole = step[hole] as usize;
                }
                hole
            };
            let mut hole = skip(first);
            let mut holes = 1;
            while holes < self.chain_limit
                && (!needs_sown || sown & (1 << hole) != 0)
                && captures(taken, hole)
            {
                if across {
                    taken |= 1 << self.opposite(hole);
                } else {
                    taken |= 1 << hole;
                }
                if pairs {
                    taken |= 1 << self.opposite(hole);
                }
                holes += 1;
                hole = skip(hole);
            }
        }
        taken
    }

    /// The holes of the opponent's row holding one of the capturing counts
    /// (`capture.take_counted`), owned holes left out.
    #[cold]
    #[inline(never)]
    fn counted_holes(&self, board: &[u8; MAX_HOLES], mover: Side, owned: u32) -> u32 {
        let mut counted = 0u32;
        let mut bits = self.row_mask[mover.opponent().index()] & !owned;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if self.capturing[board[hole] as usize] {
                counted |= 1 << hole;
            }
        }
        counted
    }

    /// After a grand slam, the opponent takes the seeds of the mover's row
    /// (`grand_slam = "opponent-takes-row"`).
    #[cold]
    #[inline(never)]
    fn row_to_opponent<O: SowObserver>(&self, child: &mut Position, mover: Side, obs: &mut O) {
        let mut amount = 0u32;
        for hole in self.row(mover) {
            let seeds = child.board[hole];
            if seeds != 0 {
                amount += seeds as u32;
                obs.take(hole, seeds);
                child.board[hole] = 0;
            }
        }
        if amount != 0 {
            self.keep(child, mover.opponent(), amount, obs);
        }
    }
}

/// `marks` (one bit a child) once the children of `removed` are taken out of
/// the list: the bits above each removed one move down.
#[cold]
fn squeeze(marks: u32, removed: u32) -> u32 {
    let mut out = 0u32;
    let mut at = 0;
    for i in 0..32 {
        if removed & (1 << i) == 0 {
            out |= ((marks >> i) & 1) << at;
            at += 1;
        }
    }
    out
}

/// The first seed lifted from `origin` goes to `mover`'s store
/// (`sowing.lap_keeps_one`), traced as sown there; the lap sows the rest.
#[cold]
#[inline(never)]
fn keep_one<O: SowObserver>(
    board: &mut [u8; MAX_HOLES],
    stores: &mut [u8; 2],
    mover: Side,
    origin: usize,
    obs: &mut O,
) {
    board[origin] -= 1;
    stores[mover.index()] += 1;
    obs.sow(STORE_CELL + mover.index());
}

/// What a grand slam takes when it leaves one hole: the holes of
/// `opponent_row` holding seeds but the lowest- (or highest-) numbered, or
/// that hole alone when it is the only one.
#[cold]
#[inline(never)]
fn slam_leaving_one(board: &[u8; MAX_HOLES], opponent_row: u32, lowest: bool) -> u32 {
    let full = (0..MAX_HOLES)
        .filter(|&h| opponent_row & (1 << h) != 0 && board[h] != 0)
        .fold(0u32, |m, h| m | 1 << h);
    if full.count_ones() <= 1 {
        return full;
    }
    let keeper = if lowest {
        full.trailing_zeros()
    } else {
        31 - full.leading_zeros()
    };
    full & !(1 << keeper)
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

/// Brent's cycle detection over relay states (the board and the hole a lap
/// ended in or lifts): one saved state, replaced after 1, 2, 4, ... laps, so
/// an endless relay is found within its lead-in plus two periods, in
/// constant memory, whether or not a lap is injective.
struct CycleWatch {
    board: [u8; MAX_HOLES],
    hole: usize,
    power: u64,
    steps: u64,
}

impl CycleWatch {
    fn new(board: &[u8; MAX_HOLES], hole: usize) -> CycleWatch {
        CycleWatch {
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

/// An observer that reports captured seeds as kept in one hole
/// (`sowing.lap_captures_sown_on`: a lap's capture is sown on from its last
/// hole) and passes everything else on.
struct KeptInto<'a, O> {
    inner: &'a mut O,
    hole: usize,
}

impl<O: SowObserver> SowObserver for KeptInto<'_, O> {
    const ACTIVE: bool = O::ACTIVE;
    #[inline(always)]
    fn lift(&mut self, hole: usize, seeds: u8) {
        self.inner.lift(hole, seeds);
    }
    #[inline(always)]
    fn sow(&mut self, cell: usize) {
        self.inner.sow(cell);
    }
    #[inline(always)]
    fn take(&mut self, hole: usize, seeds: u8) {
        self.inner.take(hole, seeds);
    }
    #[inline(always)]
    fn keep(&mut self, side: Side, seeds: u8, _: Kept) {
        self.inner.keep(side, seeds, Kept::Hole(self.hole));
    }
    #[inline(always)]
    fn own(&mut self, hole: usize, side: Side) {
        self.inner.own(hole, side);
    }
    #[inline(always)]
    fn take_store(&mut self, side: Side, seeds: u8) {
        self.inner.take_store(side, seeds);
    }
    #[inline(always)]
    fn lift_store(&mut self, side: Side, seeds: u8) {
        self.inner.lift_store(side, seeds);
    }
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

    /// A relay's state: the board, the stores and the hole it goes on from.
    type RelayState = ([u8; MAX_HOLES], [u8; 2], usize);

    /// Collisions of the lap map over relay states that go on relaying.
    fn collisions(r: &Rules, blocked: u32) -> usize {
        let mut found = 0;
        for mover in [Side::South, Side::North] {
            for total in 1..=9u8 {
                let mut seen: HashMap<RelayState, ([u8; MAX_HOLES], usize)> = HashMap::new();
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
                        let (last, _) = r.lap(
                            &mut b,
                            &mut stores,
                            mover,
                            lift,
                            false,
                            blocked,
                            0,
                            true,
                            &mut NoTrace,
                        );
                        if let Some(other) = seen.insert((b, stores, last), (board, lift))
                            && other != (board, lift)
                        {
                            found += 1;
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
        let (mut last, _) = r.lap(
            &mut b,
            &mut stores,
            mover,
            origin,
            r.start_in_origin,
            0,
            0,
            true,
            &mut NoTrace,
        );
        let mut laps = 1;
        let mut seen = std::collections::HashSet::new();
        while last < MAX_HOLES && b[last] > 1 {
            if !seen.insert((b, last)) {
                return None;
            }
            last = r
                .lap(
                    &mut b,
                    &mut stores,
                    mover,
                    last,
                    false,
                    0,
                    0,
                    true,
                    &mut NoTrace,
                )
                .0;
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
            "own_row = true",
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
                    for seeds in &mut board[..r.holes] {
                        *seeds = rng.random_range(0..=12);
                    }
                    let lift = rng.random_range(0..r.holes);
                    board[lift] = rng.random_range(1..=120);
                    let (mut a, mut b) = (board, board);
                    assert_eq!(
                        r.relay_lap_plain(&mut a, lift),
                        r.sow_lap(&mut b, lift, false, board[lift], &mut NoTrace)
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
                "own_row = true",
                "own_row = true\ndirection = \"clockwise\"",
                "own_row = true\ninto_own_store = true",
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

/// Sowing directions that vary by move, on hand-checked positions.
#[cfg(test)]
mod directions {
    use crate::{Game, Move, Rules, Side, notation};

    fn rules(holes: u32, seeds: u32, extra: &str) -> Rules {
        let text = format!(
            "name = \"D\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = {seeds}\n\
             [sowing]\nstart = \"next\"\n{extra}\n"
        );
        Rules::from_toml("d", &text, "d.toml").unwrap()
    }

    fn labels(r: &Rules, pos: &crate::Position) -> Vec<String> {
        r.legal_moves(pos)
            .iter()
            .map(|m| notation::move_label(r, m))
            .collect()
    }

    fn board_after(r: &Rules, board: &[u8], mover: Side, label: &str) -> Vec<u8> {
        let pos = r.position(board, [0, 0], mover, 2).unwrap();
        let mv = notation::parse_move(r, label).unwrap();
        let after = r.play(&pos, mv).unwrap();
        after.raw_board()[..r.holes()].to_vec()
    }

    /// Hand-checked: each player's first move is a bare label sown
    /// clockwise; from the second on the mover chooses again. South's B (2
    /// seeds) clockwise sows A and North's c; North's first move, a, sows
    /// C and B clockwise (North's left is down the indices for North too).
    #[test]
    fn each_players_first_move_may_sow_one_way() {
        let r = rules(
            3,
            2,
            "direction = \"chosen\"\nfirst_moves_direction = \"clockwise\"",
        );
        let start = r.start();
        assert_eq!(labels(&r, &start), ["A", "B", "C"]);
        let after = r.play(&start, Move::Sow(1)).unwrap();
        assert_eq!(after.raw_board()[..6], [3, 0, 2, 2, 2, 3]);
        assert_eq!(labels(&r, &after), ["a", "b", "c"]);
        let after = r.play(&after, Move::Sow(3)).unwrap();
        assert_eq!(after.raw_board()[..6], [3, 1, 3, 0, 2, 3]);
        assert_eq!(labels(&r, &after), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        let mut game = Game::new(r.clone());
        assert!(game.play_label("B<").is_err());
        game.play_label("B").unwrap();
        assert_eq!(game.record(), "B");
        // A repeated position knows who has moved.
        assert_ne!(
            r.repetition_key(&start),
            r.repetition_key(&r.position(&[2; 6], [0, 0], Side::South, 2).unwrap())
        );
        let bad = |extra: &str| {
            Rules::from_toml(
                "d",
                &format!(
                    "name = \"D\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n{extra}\n"
                ),
                "d.toml",
            )
            .unwrap_err()
            .to_string()
        };
        assert!(
            bad("first_moves_direction = \"clockwise\"").contains("sowing.first_moves_direction")
        );
        assert!(
            bad("direction = \"chosen\"\nfirst_moves_direction = \"parity\"")
                .contains("sowing.first_moves_direction")
        );
        assert_ne!(
            r.play_fingerprint(),
            rules(3, 2, "direction = \"chosen\"").play_fingerprint()
        );
    }

    #[test]
    fn the_mover_chooses_and_a_bare_label_is_refused() {
        let r = rules(3, 2, "direction = \"chosen\"");
        assert_eq!(labels(&r, &r.start()), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        let start = [2; 6];
        assert_eq!(
            board_after(&r, &start, Side::South, "B<"),
            [3, 0, 2, 2, 2, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "B>"),
            [2, 0, 3, 3, 2, 2]
        );
        // North's `>` is towards North's right: up the indices too.
        assert_eq!(
            board_after(&r, &start, Side::North, "a>"),
            [2, 2, 2, 0, 3, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::North, "a<"),
            [2, 3, 3, 0, 2, 2]
        );
        let mut game = Game::new(r.clone());
        let err = game.play_label("B").unwrap_err().to_string();
        assert!(
            err.contains("illegal move B")
                && err.contains("at ply 1")
                && err.contains("write B> or B<")
                && err.contains("A> A< B> B< C> C<"),
            "{err}"
        );
        game.play_label("B<").unwrap();
        assert_eq!(game.record(), "B<");
        // A game with one direction keeps bare labels and refuses arrows.
        let mut oware = Game::new(Rules::builtin("oware").unwrap());
        let err = oware.play_label("A>").unwrap_err().to_string();
        assert!(
            err.contains("the rules give this hole's direction: write A"),
            "{err}"
        );
    }

    #[test]
    fn chosen_holes_count_from_each_players_left() {
        let r = rules(3, 2, "chosen_holes = [3]");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C>", "C<"]);
        let north = r.position(&[2; 6], [0, 0], Side::North, 1).unwrap();
        assert_eq!(labels(&r, &north), ["a", "b", "c>", "c<"]);
        let e = Rules::from_toml(
            "d",
            "name = \"D\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\nchosen_holes = [4]\n",
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("sowing.chosen_holes"));
        assert!(e.reason.contains("1 to 3"), "{e}");
    }

    #[test]
    fn outward_and_inward_sow_by_half() {
        let r = rules(4, 2, "direction = \"outward\"");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C", "D"]);
        let start = [2; 8];
        // South's left half sows clockwise, round the end of the row.
        assert_eq!(
            board_after(&r, &start, Side::South, "A"),
            [0, 2, 2, 2, 2, 2, 3, 3]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "D"),
            [2, 2, 2, 0, 3, 3, 2, 2]
        );
        // North's left half (a, b) is holes 4 and 5.
        assert_eq!(
            board_after(&r, &start, Side::North, "a"),
            [2, 2, 3, 3, 0, 2, 2, 2]
        );
        let r = rules(4, 2, "direction = \"inward\"");
        assert_eq!(
            board_after(&r, &start, Side::South, "A"),
            [0, 3, 3, 2, 2, 2, 2, 2]
        );
        assert_eq!(
            board_after(&r, &start, Side::South, "D"),
            [2, 3, 3, 0, 2, 2, 2, 2]
        );
        // An odd row's middle hole must be chosen.
        let text = "name = \"D\"\n[board]\nholes_per_row = 5\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\ndirection = \"outward\"\n";
        let e = Rules::from_toml("d", text, "d.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some("sowing.chosen_holes"));
        assert!(e.reason.contains("middle hole"), "{e}");
        let r = rules(5, 2, "direction = \"outward\"\nchosen_holes = [3]");
        assert_eq!(labels(&r, &r.start()), ["A", "B", "C>", "C<", "D", "E"]);
    }

    #[test]
    fn parity_sows_odd_counts_counter_clockwise() {
        let r = rules(3, 2, "direction = \"parity\"");
        let board = [3, 2, 0, 0, 0, 1];
        assert_eq!(
            board_after(&r, &board, Side::South, "A"),
            [0, 3, 1, 1, 0, 1]
        );
        assert_eq!(
            board_after(&r, &board, Side::South, "B"),
            [4, 0, 0, 0, 0, 2]
        );
    }

    #[test]
    fn alternate_fixes_both_directions_on_the_first_move() {
        let r = rules(3, 2, "direction = \"alternate\"");
        let mut game = Game::new(r.clone());
        assert_eq!(labels(&r, &r.start()), ["A>", "A<", "B>", "B<", "C>", "C<"]);
        game.play_label("B<").unwrap();
        let pos = *game.position();
        assert_eq!(pos.fixed_direction(Side::South), Some(true));
        assert_eq!(pos.fixed_direction(Side::North), Some(false));
        assert_eq!(labels(&r, &pos), ["a", "b", "c"]);
        // North sows counter-clockwise from now on.
        game.play_label("a").unwrap();
        assert_eq!(game.position().raw_board()[..6], [3, 0, 2, 0, 3, 4]);
        // South keeps clockwise: A (3 seeds) sows into c, b, a.
        game.play_label("A").unwrap();
        assert_eq!(game.position().raw_board()[..6], [0, 0, 2, 1, 4, 5]);
        assert_eq!(game.record(), "B< a A");
        let replay = Game::replay(r, "B< a A").unwrap();
        assert_eq!(replay.position(), game.position());
    }

    #[test]
    fn stores_stay_put_when_the_direction_turns() {
        let text = "name = \"D\"\n[board]\nholes_per_row = 2\nseeds_per_hole = 1\nstores = true\n[sowing]\nstart = \"next\"\ndirection = \"chosen\"\ninto_own_store = true\n[moves]\nextra_turn = \"store\"\n";
        let r = Rules::from_toml("d", text, "d.toml").unwrap();
        let pos = r.position(&[0, 4, 0, 0], [0, 0], Side::South, 2).unwrap();
        // South's store stands between B and a: clockwise from B it comes
        // after A, b and a.
        let after = r.play(&pos, Move::SowClockwise(1)).unwrap();
        assert_eq!(after.raw_board()[..4], [1, 0, 1, 1]);
        assert_eq!(after.captured(Side::South), 1);
        assert_eq!(after.to_move(), Side::South, "ended in the store");
        let after = r.play(&pos, Move::SowCounterClockwise(1)).unwrap();
        assert_eq!(after.raw_board()[..4], [1, 0, 1, 1]);
        assert_eq!(after.to_move(), Side::North);
    }

    #[test]
    fn a_capture_chain_runs_against_the_moves_own_direction() {
        let r = rules(
            4,
            2,
            "direction = \"chosen\"\n[capture]\nrule = \"counts\"\ncounts = [2]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"",
        );
        let pos = r
            .position(&[1, 1, 1, 1, 0, 0, 0, 5], [0, 0], Side::North, 2)
            .unwrap();
        // d< sows c b a D C: C and D reach 2, and the chain runs back up to D.
        let after = r.play(&pos, Move::SowClockwise(7)).unwrap();
        assert_eq!(after.raw_board()[..8], [1, 1, 0, 0, 1, 1, 1, 0]);
        assert_eq!(after.captured(Side::North), 4);
        // d> sows A B C D a: ends in North's own row, no capture.
        let after = r.play(&pos, Move::SowCounterClockwise(7)).unwrap();
        assert_eq!(after.captured(Side::North), 0);
    }

    #[test]
    fn direction_options_are_validated() {
        let base = "name = \"D\"\n[board]\nholes_per_row = 9\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n";
        // 18 moves fit a position's list; from either row, 36 do not.
        let r =
            Rules::from_toml("d", &format!("{base}direction = \"chosen\"\n"), "d.toml").unwrap();
        assert_eq!(r.legal_moves(&r.start()).len(), 18);
        let e = Rules::from_toml(
            "d",
            &format!("{base}direction = \"chosen\"\n[moves]\nany_row = true\n"),
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("moves.any_row"));
        assert!(e.reason.contains("36 moves"), "{e}");
        let e = Rules::from_toml(
            "d",
            &format!("{base}direction = \"chosen\"\nchosen_holes = [1]\n"),
            "d.toml",
        )
        .unwrap_err();
        assert!(e.reason.contains("leave chosen_holes out"), "{e}");
        let e =
            Rules::from_toml("d", &format!("{base}chosen_holes = [1, 1]\n"), "d.toml").unwrap_err();
        assert!(e.reason.contains("listed twice"), "{e}");
        let e = Rules::from_toml(
            "d",
            &format!("{base}chosen_holes = [1]\n[moves]\nopening = \"rightmost\"\n"),
            "d.toml",
        )
        .unwrap_err();
        assert_eq!(e.key.as_deref(), Some("moves.opening"));
    }

    #[test]
    fn fingerprints_tell_directions_apart() {
        let plain = rules(3, 2, "").play_fingerprint();
        let prints: Vec<Vec<u8>> = [
            "direction = \"chosen\"",
            "chosen_holes = [2]",
            "direction = \"parity\"",
            "direction = \"alternate\"",
            "direction = \"outward\"\nchosen_holes = [2]",
            "direction = \"inward\"\nchosen_holes = [2]",
        ]
        .iter()
        .map(|extra| rules(3, 2, extra).play_fingerprint())
        .collect();
        for (i, a) in prints.iter().enumerate() {
            assert_ne!(a, &plain);
            for b in &prints[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}

/// `[owned]` and `sowing.single_to_next`, each on a hand-checked position.
#[cfg(test)]
mod owned_holes {
    use super::*;
    use crate::{EndReason, Game, State};

    /// Four holes a row (South `0..4`, North `4..8`), four seeds a hole.
    fn rules(sowing: &str, capture: &str, owned: &str) -> Rules {
        let text = format!(
            "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\nstores = true\n\
             [sowing]\n{sowing}\n[capture]\n{capture}\n[owned]\n{owned}\n"
        );
        Rules::from_toml("t", &text, "t.toml").unwrap()
    }

    /// Toguz Kumalak's tuzdik, scaled down.
    fn tuzdik() -> Rules {
        rules(
            "start = \"origin\"\nsingle_to_next = true",
            "rule = \"counts\"\ncounts = [2, 4, 6, 8, 10, 12, 14, 16]\nlast_hole_in = \"opponent\"",
            "count = 3\nper_player = 1\nrow = \"opponent\"\nplaces = \"not-opponent-last\"\nnot_mirror = true",
        )
    }

    fn pos(r: &Rules, board: [u8; 8], owners: [Option<Side>; 8]) -> Position {
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        r.with_owned(p, &owners).unwrap()
    }

    const NONE: [Option<Side>; 8] = [None; 8];

    #[test]
    fn a_last_seed_bringing_an_opponent_hole_to_three_makes_a_tuzdik() {
        let r = tuzdik();
        // C (3 seeds) sows C, D, a: a goes from 2 to 3 and becomes South's.
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], NONE);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 1, 1, 3, 1, 1, 1]);
        assert_eq!(after.hole_owner(4), Some(Side::South));
        assert_eq!(
            after.captured(Side::South),
            0,
            "making a tuzdik is no capture"
        );
        assert_eq!(after.held(Side::South), 3, "its seeds are South's");
        // North may not move from it.
        assert!(!r.legal_moves(&after).contains(Move::Sow(4)));
        let after = r.play(&after, Move::Sow(7)).unwrap();
        assert_eq!(after.hole_owner(4), Some(Side::South));
        // d (1 seed) moves it on to A, across the board end (single_to_next).
        assert_eq!(after.raw_board()[..8], [1, 0, 1, 1, 3, 1, 1, 0]);
    }

    #[test]
    fn a_tuzdik_is_one_per_player_never_in_the_last_hole_nor_the_mirror() {
        let r = tuzdik();
        // A second tuzdik: b reaches 3 but South owns a already; 3 is odd.
        let p = pos(&r, [0, 0, 0, 3, 0, 2, 0, 0], {
            let mut o = NONE;
            o[4] = Some(Side::South);
            o
        });
        let after = r.play(&p, Move::Sow(3)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 4);
        assert_eq!(after.raw_board()[5], 3);
        // The opponent's last hole (d, 7) is never a tuzdik.
        let p = pos(&r, [0, 0, 0, 5, 0, 0, 0, 2], NONE);
        let after = r.play(&p, Move::Sow(3)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        assert_eq!(after.raw_board()[7], 3);
        // Nor the hole numbered as the opponent's tuzdik: North owns A (its
        // number 1), so South may not own a.
        let mut owners = NONE;
        owners[0] = Some(Side::North);
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        // Without it, the even count captures as usual: b to 4.
        let p = pos(&r, [0, 0, 4, 0, 2, 3, 1, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.captured(Side::South), 4);
    }

    #[test]
    fn owned_seeds_count_for_the_majority_and_at_the_end() {
        let text = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n\
                    [sowing]\nstart = \"next\"\n[end]\nmajority = true\n[owned]\ncount = 3\n";
        let r = Rules::from_toml("t", text, "t.toml").unwrap();
        // 32 seeds; South holds 14 captured + 3 in a: 17 of 32 is a majority.
        let mut owners = NONE;
        owners[4] = Some(Side::South);
        let p = r
            .position(&[1, 0, 0, 0, 3, 2, 0, 0], [14, 12], Side::South, 2)
            .unwrap();
        let p = r.with_owned(p, &owners).unwrap();
        assert_eq!(r.end_before_moves(&p), Some(EndReason::Majority));
        let outcome = crate::game::settle(&r, &p, EndReason::Majority);
        // South: 14 + 3 owned + its row's 1; North: 12 + its plain 2.
        assert_eq!(
            outcome.score.unwrap().map(|s| s.to_string()),
            ["18".to_string(), "14".to_string()]
        );
        // Not a majority without the owned seeds.
        let plain = r.with_owned(p, &NONE).unwrap();
        assert_eq!(r.end_before_moves(&plain), None);
        assert_ne!(r.repetition_key(&p), r.repetition_key(&plain));
    }

    #[test]
    fn a_last_seed_in_an_opponent_hole_raids_two() {
        let r = rules("start = \"next\"", "rule = \"none\"", "count = 4\nraid = 2");
        let mut owners = NONE;
        owners[5] = Some(Side::North);
        // C (3 seeds) sows D, a, b: b (North's, 5 seeds) is raided of 2.
        let p = pos(&r, [0, 0, 3, 0, 0, 5, 0, 1], owners);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 0, 1, 1, 4, 0, 1]);
        assert_eq!(after.captured(Side::South), 2);
        // A count of 4 in a plain hole makes it the mover's (either row).
        let p = pos(&r, [0, 0, 2, 0, 3, 0, 0, 1], NONE);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 4);
        let p = pos(&r, [0, 1, 3, 0, 0, 0, 0, 1], NONE);
        let after = r.play(&p, Move::Sow(1)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 2, "own row too");
    }

    #[test]
    fn a_pair_is_made_across_the_board() {
        let r = rules(
            "start = \"next\"",
            "rule = \"opposite\"\nlast_hole_in = \"own\"",
            "count = 3\nmake = \"pair-opposite\"\nrow = \"own\"",
        );
        // A (1 seed) sows B, empty; facing c holds 3: both become South's.
        let p = pos(&r, [1, 0, 2, 0, 0, 0, 3, 1], NONE);
        let after = r.play(&p, Move::Sow(0)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 1 << 1 | 1 << 6);
        assert_eq!(after.captured(Side::South), 0);
        // Facing 2 instead: an ordinary capture of the opposite hole.
        let p = pos(&r, [1, 0, 2, 0, 0, 0, 2, 1], NONE);
        let after = r.play(&p, Move::Sow(0)).unwrap();
        assert_eq!(after.owned_mask(Side::South), 0);
        assert_eq!(after.captured(Side::South), 2);
    }

    #[test]
    fn sowing_passes_over_opponent_holes_unless_last_and_captures_go_into_owned_holes() {
        let text = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n\
                    [sowing]\nstart = \"next\"\n[owned]\ncount = 0\nraid = 2\nat_start = \"rightmost\"\n\
                    sow_past = \"opponent-but-last\"\ncaptures_into = true\n";
        let r = Rules::from_toml("t", text, "t.toml").unwrap();
        assert_eq!(r.start().owned_mask(Side::South), 1 << 3);
        assert_eq!(r.start().owned_mask(Side::North), 1 << 7);
        // South's C (6 seeds) sows its own D, a, b, c, passes North's d
        // and sows A and B.
        let mut board = [0u8, 0, 6, 4, 1, 1, 1, 4];
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        assert_eq!(p.owned_mask(Side::North), 1 << 7);
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [1, 1, 0, 5, 2, 2, 2, 4]);
        // With 5 seeds the last lands in d: a raid of 2, into South's D.
        board[2] = 5;
        let p = r.position(&board, [0, 0], Side::South, 2).unwrap();
        let after = r.play(&p, Move::Sow(2)).unwrap();
        assert_eq!(after.raw_board()[..8], [0, 0, 0, 7, 2, 2, 2, 3]);
        assert_eq!(after.captured(Side::South), 0);
        assert_eq!(after.held(Side::South), 7);
    }

    #[test]
    fn the_json_state_names_owned_holes() {
        let r = tuzdik();
        let p = pos(&r, [0, 0, 3, 0, 2, 1, 1, 1], NONE);
        let mut game = Game::from_position(r.clone(), p);
        assert_eq!(State::of(&game).holes, None);
        game.play(Move::Sow(2)).unwrap();
        let holes = State::of(&game).holes.unwrap();
        assert_eq!(holes[4].as_deref(), Some("store:south"));
        assert_eq!(holes.iter().filter(|h| h.is_some()).count(), 1);
    }

    #[test]
    fn owned_places_of_andot_and_qelat() {
        let andot = rules(
            "start = \"next\"",
            "rule = \"none\"",
            "count = 4\nplaces = \"opponent-ends-own-middle\"",
        );
        let qelat = rules(
            "start = \"next\"",
            "rule = \"none\"",
            "count = 4\nplaces = \"ends-and-opponent-next-to-ends\"",
        );
        // South's own middle holes and North's end holes; North the same way round.
        assert_eq!(andot.owning.unwrap().zone, [0b1001_0110, 0b0110_1001]);
        // Every end hole; the opponent's second and second-last holes.
        assert_eq!(qelat.owning.unwrap().zone, [0b1111_1001, 0b1001_1111]);
        let owner = |r: &Rules, board: [u8; 8], hole: u8, at: usize| {
            let after = r.play(&pos(r, board, NONE), Move::Sow(hole)).unwrap();
            after.hole_owner(at)
        };
        // B (3 seeds) sows C, D, a: a, North's end hole, reaches 4.
        let to_a = [0, 3, 0, 0, 3, 1, 1, 1];
        assert_eq!(owner(&andot, to_a, 1, 4), Some(Side::South));
        assert_eq!(owner(&qelat, to_a, 1, 4), Some(Side::South));
        // A (2 seeds) sows B, C: C, South's middle hole, reaches 4.
        let to_c = [2, 0, 3, 0, 1, 1, 1, 1];
        assert_eq!(owner(&andot, to_c, 0, 2), Some(Side::South));
        assert_eq!(owner(&qelat, to_c, 0, 2), None);
        // D (2 seeds) sows a, b: b, next to North's end, reaches 4.
        let to_b = [0, 0, 0, 2, 1, 3, 1, 1];
        assert_eq!(owner(&andot, to_b, 3, 5), None);
        assert_eq!(owner(&qelat, to_b, 3, 5), Some(Side::South));
        // B (2 seeds) sows C, D: D, South's own end hole, reaches 4.
        let to_d = [0, 2, 0, 3, 1, 1, 1, 1];
        assert_eq!(owner(&andot, to_d, 1, 3), None);
        assert_eq!(owner(&qelat, to_d, 1, 3), Some(Side::South));
    }

    #[test]
    fn owned_options_are_checked_and_name_their_field() {
        let base = "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n[sowing]\nstart = \"next\"\n";
        let err = |extra: &str| {
            Rules::from_toml("t", &format!("{base}{extra}"), "t.toml")
                .unwrap_err()
                .to_string()
        };
        assert!(err("[owned]\ncount = 40\n").contains("owned.count"));
        assert!(err("[owned]\ncount = 3\nrow = \"left\"\n").contains("row"));
        assert!(err("[moves]\nmust_feed = true\n[owned]\ncount = 3\n").contains("moves.must_feed"));
        assert!(err("[rounds]\n[owned]\ncount = 3\n").contains("rounds"));
        let e = Rules::from_toml(
            "t",
            &base.replace(
                "start = \"next\"",
                "start = \"next\"\nsingle_to_next = true",
            ),
            "t.toml",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("sowing.single_to_next"), "{e}");
        // A plain game has no owned holes to set.
        let plain = Rules::from_toml("t", base, "t.toml").unwrap();
        let mut owners = NONE;
        owners[0] = Some(Side::South);
        assert!(plain.with_owned(plain.start(), &owners).is_err());
    }
}

#[cfg(test)]
mod counted_opposite {
    use super::*;

    /// Three holes a row, opposite-on-empty captures of 1 to 4 seeds.
    fn rules() -> Rules {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ncounts = [1, 2, 3, 4]\n";
        Rules::from_toml("x", text, "x.toml").unwrap()
    }

    #[test]
    fn the_opposite_hole_is_taken_only_at_a_listed_count() {
        let r = rules();
        // Board A B C | a b c (a faces C). South's A (1 seed) sows into the
        // empty B, which faces b.
        let pos = r
            .position(&[1, 0, 0, 0, 4, 19], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 0, 0, 0, 19]);
        assert_eq!(after.captured(Side::South), 4);
        // Five seeds across: not a listed count, nothing is taken.
        let pos = r
            .position(&[1, 0, 0, 0, 5, 18], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 0, 0, 5, 18]);
        assert_eq!(after.captured(Side::South), 0);
    }

    #[test]
    fn pulled_across_seeds_stay_in_the_last_hole() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\npull_across = true\n";
        let r = Rules::from_toml("x", text, "x.toml").unwrap();
        // South's A (1 seed) sows into the empty B: b's 4 seeds come across into B.
        let pos = r
            .position(&[1, 0, 0, 0, 4, 19], [0, 0], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 5, 0, 0, 0, 19]);
        assert_eq!(after.captured(Side::South), 0);
        // The trace shows the seeds taken from b and kept in B.
        let (traced, trace) = r.play_traced(&pos, Move::Sow(0)).unwrap();
        assert_eq!(traced, after);
        assert!(trace.replay(&r, &pos).unwrap().matches(&r, &after));
    }

    #[test]
    fn after_a_grand_slam_the_opponent_takes_the_movers_row() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ngrand_slam = \"opponent-takes-row\"\n";
        let r = Rules::from_toml("x", text, "x.toml").unwrap();
        // A's seed falls into the empty B and takes b's 4, North's last
        // seeds: North then takes the 3 left in South's row.
        let pos = r
            .position(&[1, 0, 2, 0, 4, 0], [3, 2], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0; 6]);
        assert_eq!(after.captured(Side::South), 7);
        assert_eq!(after.captured(Side::North), 5);
        let (_, trace) = r.play_traced(&pos, Move::Sow(0)).unwrap();
        assert!(trace.replay(&r, &pos).unwrap().matches(&r, &after));
        // Not a grand slam (North keeps c): the capture alone.
        let pos = r
            .position(&[1, 0, 2, 0, 3, 1], [3, 2], Side::South, 2)
            .unwrap();
        let after = r.play(&pos, Move::Sow(0)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 1, 2, 0, 0, 1]);
        assert_eq!(after.captured(Side::North), 2);
    }

    #[test]
    fn counts_with_an_empty_opposite_capture_are_refused() {
        let text = "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
                    [sowing]\nstart = \"next\"\n[capture]\nrule = \"opposite\"\ncounts = [1]\ntake_sower = true\nempty_opposite = true\n";
        let err = Rules::from_toml("x", text, "x.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("capture.counts"), "{err}");
    }
}

#[cfg(test)]
mod any_row {
    use super::*;
    use crate::notation;

    fn rules(extra: &str) -> Rules {
        let text = format!(
            "name = \"N\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 1\nstores = true\n\
             [sowing]\nstart = \"next\"\n[moves]\n{extra}\n"
        );
        Rules::from_toml("n", &text, "n.toml").unwrap()
    }

    #[test]
    fn a_player_moves_from_the_opponents_row_too() {
        let r = rules("any_row = true");
        // South's row is empty: South plays North's a, sowing on into b and c.
        let pos = r
            .position(&[0, 0, 0, 2, 0, 4], [0, 0], Side::South, 2)
            .unwrap();
        let labels: Vec<String> = r
            .legal_moves(&pos)
            .iter()
            .map(|m| notation::move_label(&r, m))
            .collect();
        assert_eq!(labels, ["a", "c"]);
        let after = r.play(&pos, Move::Sow(3)).unwrap();
        assert_eq!(after.raw_board()[..6], [0, 0, 0, 0, 1, 5]);
        assert_eq!(after.to_move(), Side::North);
        // Without the option South has no move.
        let plain = rules("");
        let pos = plain
            .position(&[0, 0, 0, 2, 0, 4], [0, 0], Side::South, 2)
            .unwrap();
        assert!(plain.legal_moves(&pos).is_empty());
        assert_ne!(r.play_fingerprint(), plain.play_fingerprint());
    }

    #[test]
    fn moves_from_either_row_refuse_must_feed() {
        let text = "name = \"N\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 1\n[sowing]\nstart = \"next\"\n[moves]\nany_row = true\nmust_feed = true\n";
        let err = Rules::from_toml("n", text, "n.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("moves.any_row"), "{err}");
    }
}
