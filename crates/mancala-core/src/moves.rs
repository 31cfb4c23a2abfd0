//! Move listing and making: which holes may be played, and the position
//! each legal move leads to.
//!
//! [`Rules::successors`] sows every candidate move once and keeps the
//! resulting positions, so that the legality tests that need a whole sowing
//! (must-feed, grand slams, endless relays) and playing the chosen move share
//! one simulation. [`Rules::make_child`] is the one place a move is made:
//! it sows ([`crate::sowing`]), captures ([`crate::capture`]) and decides
//! who moves next.

use std::mem::MaybeUninit;

use crate::Side;
use crate::capture::Capture;
use crate::layout::STORE_CELL;
use crate::position::{MAX_HOLES, MAX_SUCCESSORS, MOVED_AGAIN, Move, Moves, Position};
use crate::rules::{DirectionRule, Rules};
use crate::sowing::{Sower, Sowing, Sown};
use crate::spec::GrandSlam;
use crate::trace::{NoTrace, SowObserver, SowTrace};

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
    pub(crate) fn push(&mut self, child: Child) {
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

/// What every move of a position shares, for [`Rules::make_child`].
#[derive(Clone, Copy)]
pub(crate) struct Turn {
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

/// A move to make: the rules it sows by (these, or the twin a clockwise
/// move or an opening sows by), the move and its hole, and its place in
/// the listing.
#[derive(Clone, Copy)]
pub(crate) struct Candidate<'a> {
    pub(crate) sower: &'a Rules,
    pub(crate) mv: Move,
    pub(crate) origin: usize,
    pub(crate) index: usize,
}

/// What [`Rules::make_child`] made of a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Made {
    /// A child.
    Kept,
    /// A child whose sowing never ends, a draw (the board left as it was).
    Endless,
    /// Nothing: the move is not legal.
    Dropped,
}

/// The children of a listing that later rules may drop, one bit a child.
#[derive(Clone, Copy, Default)]
pub(crate) struct Marks {
    /// Grand slams (only tracked when they are forbidden).
    slams: u32,
    /// Children that leave the opponent's row empty (tracked under must-leave-seeds).
    starving: u32,
    /// Children that do not feed the opponent (tracked when every move
    /// stays legal if none does, `feed_else_any`).
    unfed: u32,
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

/// `marks` (one bit a child) once the children of `removed` are taken out of
/// the list: the bits above each removed one move down.
#[cold]
pub(crate) fn squeeze(marks: u32, removed: u32) -> u32 {
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
    pub(crate) fn any_row_candidates(&self, pos: &Position) -> u32 {
        (0..self.layout.holes)
            .filter(|&hole| pos.board[hole] >= self.moves.min_seeds)
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
        } else if let (Some(rows), true) = (&self.rows, mv != Move::Pass) {
            // Four rows: the laps told one by one (`rings/trace.rs`).
            self.ring_trace(pos, mv, &child.pos, rows, &mut trace);
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
    pub(crate) fn successors_observed<O: SowObserver>(
        &self,
        pos: &Position,
        out: &mut Successors,
        obs: &mut O,
        only: Option<Move>,
        occupied: Option<u32>,
    ) {
        if self.rare {
            // Four-row boards have moves of their own (`rings.rs`), chosen
            // here on the rare path so that two-row games never test for them.
            if let Some(rows) = &self.rows {
                out.len = 0;
                return self.ring_successors(pos, out, rows);
            }
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
    pub(crate) fn successors_with<O: SowObserver, const RARE: bool>(
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
        let feed_needed = self.moves.feed.must_feed()
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
                self.layout.row_mask[opponent.index()]
            },
            // While captures are not yet allowed, a relay does not stop where it would capture.
            inhibited: self.captures_inhibited(pos),
            // A direction to choose is rare (see `Rules::rare`).
            varied: RARE && self.sowing.direction_rule != DirectionRule::Fixed,
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
                let exempt = RARE && self.moves.opening.right_half() && !pos.has_opened(mover);
                if RARE
                    && r.moves.empty_or_across
                    && !exempt
                    && !r.ends_empty_or_across(pos, mover, origin)
                {
                    continue;
                }
                if RARE
                    && r.moves.lands_occupied
                    && r.first_lap_ends_empty(pos, mover, origin, skip)
                {
                    continue;
                }
                if RARE
                    && r.moves.single_to_empty
                    && pos.board[origin] == 1
                    && pos.board[r.layout.ring_next[mover.index()][origin] as usize] != 0
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
                let candidate = Candidate {
                    sower: r,
                    mv,
                    origin,
                    index,
                };
                let made = self.make_child::<O, RARE, false>(
                    pos,
                    &mut slot.pos,
                    candidate,
                    &turn,
                    &mut marks,
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
        if slams != 0
            && (slams.count_ones() < out.len as u32 || self.capture.slam_fallback.not_played())
        {
            out.remove_marked(slams);
        }
        let in_play = || match self.owning {
            None => !pos.board_is_empty(),
            Some(_) => self.playable_somewhere(pos),
        };
        if out.is_empty() && self.moves.pass_when_stuck && in_play() {
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
        b[..self.layout.holes].copy_from_slice(&board[..self.layout.holes]);
        let mut stores = [0u8; 2];
        let seeds = b[origin];
        let mut sower = Sower {
            board: &mut b,
            stores: &mut stores,
            sowing: Sowing {
                mover: self.owner(origin),
                blocked: 0,
                territory: 0,
                owned: [0, 0],
                may_capture: true,
            },
            obs: &mut NoTrace,
        };
        match self.sow::<_, true>(&mut sower, origin, seeds) {
            Sown::Ended { last, laps, .. } => Some(SowReport {
                board: b[..self.layout.holes].to_vec(),
                last,
                laps,
            }),
            Sown::Endless => None,
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
        sower.sow_only(&pos.board[..self.layout.holes], origin)
    }

    /// Whether the first lap of `origin` ends across, in a store or in a
    /// hole of the mover's row that was empty before the move, or the hole
    /// holds more seeds than a row has holes (`moves.empty_or_across`).
    #[cold]
    pub(crate) fn ends_empty_or_across(&self, pos: &Position, mover: Side, origin: usize) -> bool {
        if pos.board[origin] as usize > self.layout.n {
            return true;
        }
        let (_, last) = self.first_lap(pos, mover, origin, pos.blocked);
        last >= MAX_HOLES || self.owner(last) != mover || pos.board[last] == 0
    }

    /// Whether the first lap of `origin` (before any relay or capture)
    /// leaves its last hole holding a single seed: its last seed fell into
    /// an empty hole (`moves.lands_occupied`). A lap ending in a store
    /// does not.
    #[cold]
    #[inline(never)]
    pub(crate) fn first_lap_ends_empty(
        &self,
        pos: &Position,
        mover: Side,
        origin: usize,
        skip: u32,
    ) -> bool {
        let (board, last) = self.first_lap(pos, mover, origin, skip);
        last < MAX_HOLES && board[last] == 1
    }

    /// The board after the first lap of `origin` for `mover` in `pos`
    /// (before any relay or capture), passing over the holes of `blocked`,
    /// and the cell its last seed fell into.
    #[cold]
    fn first_lap(
        &self,
        pos: &Position,
        mover: Side,
        origin: usize,
        blocked: u32,
    ) -> ([u8; MAX_HOLES], usize) {
        let mut board = pos.board;
        let mut sower = Sower {
            board: &mut board,
            stores: &mut [0; 2],
            sowing: Sowing {
                mover,
                blocked,
                // The rules asking are refused in territory games.
                territory: 0,
                owned: pos.owned,
                may_capture: true,
            },
            obs: &mut NoTrace,
        };
        let (last, _) = self.lap(&mut sower, origin, self.sowing.start_in_origin);
        (board, last)
    }

    /// The holes the mover of `pos` may sow from, one bit a hole, before
    /// any rule that needs the sowing itself (feeding, grand slams, ...).
    /// `RARE` as for [`Rules::sow`].
    #[inline(always)]
    pub(crate) fn candidates<const RARE: bool>(&self, pos: &Position) -> u32 {
        self.candidates_given::<RARE>(pos, None)
    }

    /// [`Rules::candidates`] given the holes of `pos` holding seeds
    /// (`occupied`, [`Position::occupied`]) when the end checks before it
    /// found them already.
    #[inline(always)]
    pub(crate) fn candidates_given<const RARE: bool>(
        &self,
        pos: &Position,
        occupied: Option<u32>,
    ) -> u32 {
        let mover = pos.to_move;
        let mut candidates = 0u32;
        if RARE && self.moves.any_row {
            candidates = self.any_row_candidates(pos);
        } else if RARE && pos.territory != 0 {
            // A territory game: the holes the mover owns this round.
            let mut mine = self.holes_of(pos, mover);
            while mine != 0 {
                let hole = mine.trailing_zeros() as usize;
                mine &= mine - 1;
                if pos.board[hole] >= self.moves.min_seeds {
                    candidates |= 1 << hole;
                }
            }
        } else if self.moves.min_seeds == 1 {
            candidates =
                occupied.unwrap_or_else(|| pos.occupied()) & self.layout.row_mask[mover.index()];
        } else {
            candidates = crate::position::holes_holding(&pos.board, self.moves.min_seeds)
                & self.layout.row_mask[mover.index()];
        }
        // Owned holes are stores: never moved from.
        candidates &= !(pos.owned[0] | pos.owned[1]);
        // Rams (`moves.rams`) and a hole a single seed was just sown into
        // across the ends of the rows (`moves.no_return`) are not moved from.
        if RARE {
            candidates &= !pos.barred;
        }
        // Every hole of the row once before any twice (`moves.each_hole_first`).
        if RARE && self.moves.each_hole_first {
            let fresh = self.layout.row_mask[mover.index()] & !pos.moved_from;
            if fresh != 0 {
                candidates &= fresh;
            }
        }
        if RARE && self.moves.not_facing_single {
            let mut left = candidates;
            while left != 0 {
                let hole = left.trailing_zeros() as usize;
                left &= left - 1;
                if pos.board[self.opposite(hole)] == 1 {
                    candidates &= !(1 << hole);
                }
            }
        }
        if RARE && self.moves.last_resort != 0 {
            candidates = self.last_resort_holes(pos, mover, candidates);
        }
        if self.moves.opening.rightmost()
            && !pos.has_opened(mover)
            && !(self.moves.opening.first_only() && pos.opened & 0b11 != 0)
        {
            candidates = self.restrict_opening(candidates, mover);
        }
        if RARE && self.moves.opening.right_half() && !pos.has_opened(mover) {
            let right = candidates & self.moves.right_half[mover.index()];
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
        let candidate = Candidate {
            sower: self,
            mv: Move::Sow(origin as u8),
            origin,
            index: 0,
        };
        let made = self.make_child::<NoTrace, false, true>(
            &before,
            pos,
            candidate,
            &turn,
            // Nothing marked in these rules.
            &mut Marks::default(),
            &mut NoTrace,
        );
        debug_assert_eq!(made, Made::Kept, "a legal move, made");
    }

    /// The candidates left by `moves.last_resort_count`: its holes only
    /// when no other hole may be played, and then only the rightmost with
    /// `last_resort_rightmost`.
    #[cold]
    #[inline(never)]
    pub(crate) fn last_resort_holes(&self, pos: &Position, mover: Side, candidates: u32) -> u32 {
        let mut last_resort = 0u32;
        let mut bits = candidates;
        while bits != 0 {
            let hole = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if pos.board[hole] == self.moves.last_resort {
                last_resort |= 1 << hole;
            }
        }
        if candidates & !last_resort != 0 {
            return candidates & !last_resort;
        }
        if !self.moves.last_resort_rightmost || candidates == 0 {
            return candidates;
        }
        self.rightmost_of(candidates, mover, 1)
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
    pub(crate) fn make_child<O: SowObserver, const RARE: bool, const ONE: bool>(
        &self,
        pos: &Position,
        child: &mut Position,
        candidate: Candidate,
        turn: &Turn,
        marks: &mut Marks,
        obs: &mut O,
    ) -> Made {
        let Candidate {
            sower: r,
            mv,
            origin,
            index,
        } = candidate;
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
        if RARE && self.moves.tracks_moved_from {
            child.moved_from |= 1 << origin;
        }
        if varied && self.sowing.direction_rule == DirectionRule::Alternate {
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
        let sown = if RARE && self.moves.opening_shift && pos.opened & 0b11 == 0 {
            r.shift_opening(&mut child.board, origin, obs)
        } else if RARE && r.sowing.opening_lands_across && !pos.has_opened(mover) {
            r.sow_landing_across(&mut child.board, mover, origin, obs)
        } else if RARE && r.sowing.lap_captures {
            r.sow_capturing(child, pos, mover, origin, skip, obs)
        } else if RARE && r.sowing.closes_at != 0 {
            r.sow_closing(child, pos, mover, origin, obs)
        } else {
            let mut sower = Sower {
                board: &mut child.board,
                stores: &mut child.captured,
                sowing: Sowing {
                    mover,
                    blocked: skip,
                    territory: pos.territory,
                    owned: pos.owned,
                    may_capture: !inhibited,
                },
                obs: &mut *obs,
            };
            r.sow::<O, RARE>(&mut sower, origin, seeds)
        };
        let (last, sown) = match sown {
            Sown::Endless if self.sowing.endless_draws => {
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
            if !(RARE && self.moves.feed_else_any) {
                return Made::Dropped;
            }
            fed = false;
        }
        let capture = if r.capture.not_from_single && pos.board[origin] == 1 {
            Capture {
                slam: false,
                took: false,
            }
        } else if RARE && r.capture.pull_across {
            r.pull_across(child, pos, mover, last, sown, obs)
        } else {
            r.capture::<O, RARE>(child, pos, mover, last, sown, obs)
        };
        if RARE && self.capture.take_last != 0 {
            self.take_last_seeds(child, mover, obs);
        }
        if feed_needed && self.moves.feed.after_capture() && self.row_is_empty(child, opponent) {
            if !(RARE && self.moves.feed_else_any) {
                return Made::Dropped;
            }
            fed = false;
        }
        // One test of the rule's bits, not a jump table on it (an indirect
        // jump every move).
        let in_store = last == STORE_CELL + mover.index();
        let took =
            capture.took && !(RARE && self.moves.extra_turn_once && pos.opened & MOVED_AGAIN != 0);
        if self.moves.extra_turn.earned(in_store, took)
            || (RARE
                && self.moves.extra_turn_opponent_store
                && last == STORE_CELL + opponent.index())
            || (RARE
                && capture.slam
                && capture.took
                && self.capture.grand_slam == GrandSlam::ExtraTurn)
        {
            child.to_move = mover;
            child.opened |= MOVED_AGAIN;
        }
        if RARE && (self.moves.rams || self.moves.no_return) {
            let store_turn = in_store && self.moves.extra_turn.on_store();
            child.barred = self.barred_after(pos, child, (origin, seeds, last), store_turn);
        }
        if !fed {
            marks.unfed |= 1 << index;
        }
        if !ONE && capture.slam && self.capture.grand_slam == GrandSlam::Forbidden {
            marks.slams |= 1 << index;
        }
        if !ONE && self.moves.must_leave_seeds && self.row_is_empty(child, opponent) {
            marks.starving |= 1 << index;
        }
        Made::Kept
    }
}
