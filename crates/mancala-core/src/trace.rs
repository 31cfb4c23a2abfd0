//! The sowing trace: what a move did, seed by seed, as the engine did it.
//!
//! The engine's sowing and capture code reports every step to an observer
//! ([`SowObserver`]). Play uses [`NoTrace`], whose methods are empty and
//! whose [`SowObserver::ACTIVE`] is `false`: the calls compile away and the
//! whole-board fast paths stay in use, so the hot path pays nothing.
//! [`Rules::play_traced`](crate::Rules::play_traced) plays one move with a
//! [`SowTrace`] instead, for whoever shows or teaches how the move ran (the
//! web page animates from it): nobody outside this crate re-derives sowing.

use crate::layout::STORE_CELL;
use crate::position::{Move, Position};
use crate::{Rules, Side};

/// Where a seed falls: a hole, or a player's store (in games that sow into
/// stores).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Place {
    /// A hole, by index (`0..2n`).
    Hole(usize),
    /// A player's store.
    Store(Side),
}

/// Where the seeds a capture took went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kept {
    /// Into the player's store ([`Position::captured`]).
    Captured,
    /// Out of the game, counted for the player (`seeds_go_to = "removed"`,
    /// [`Position::removed`]).
    Removed,
    /// Into a hole: one the player owns (`owned.captures_into`), or the
    /// last hole of a lap, to be sown on (`sowing.lap_captures_sown_on`).
    Hole(usize),
    /// Into the mover's hand, sown on by the next steps (four rows: from
    /// a kichwa, or from the capturing lap).
    Hand,
}

/// One step of a move, in the order the engine made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SowEvent {
    /// A lap begins: the `seeds` of `hole` are lifted and it is left empty.
    /// The first lap lifts the move's hole; each relay lap lifts the hole
    /// the previous lap ended in.
    Lift {
        /// The hole emptied.
        hole: usize,
        /// The seeds lifted.
        seeds: u8,
    },
    /// One seed of the lap falls into a hole or a store.
    Sow(Place),
    /// A capture takes `seeds` from `hole` (a hole reaching a capturing
    /// count while sowing, the move's captures at the end, or a raid on an
    /// owned hole). A [`SowEvent::Keep`] says where they went.
    Take {
        /// The hole taken from.
        hole: usize,
        /// The seeds taken.
        seeds: u8,
    },
    /// `seeds` taken by captures go to `side`, `to` where. With nothing
    /// taken, `to` [`Kept::Removed`]: seeds still in hand when the game
    /// ended in the middle of the move (four rows) leave the board.
    Keep {
        /// The player they are counted for.
        side: Side,
        /// The seeds.
        seeds: u8,
        /// Where they go.
        to: Kept,
    },
    /// `hole` becomes `side`'s own (`[owned]`: a store on the board).
    Own {
        /// The hole.
        hole: usize,
        /// Its new owner.
        side: Side,
    },
    /// A capture takes `seeds` from `side`'s store (`capture.opponent_store`);
    /// a [`SowEvent::Keep`] says where they went.
    TakeStore {
        /// Whose store.
        side: Side,
        /// The seeds taken.
        seeds: u8,
    },
    /// A relay lap begins from `side`'s store (`sowing.relay_from_store`):
    /// its `seeds` are lifted and it is left empty.
    LiftStore {
        /// Whose store.
        side: Side,
        /// The seeds lifted.
        seeds: u8,
    },
}

/// Most events a [`SowTrace`] records; a longer sowing is marked
/// [`SowTrace::truncated`] (the longest relay that ends among 200,000
/// random 48-seed sowings took 354 laps: a few thousand events).
pub const MAX_TRACE_EVENTS: usize = 1 << 20;

/// How a move ran, step by step: what [`Rules::play_traced`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SowTrace {
    /// The move.
    pub mv: Move,
    /// The player who made it.
    pub mover: Side,
    /// Its steps, in order; empty for a pass and for a sowing that never
    /// ends.
    pub events: Vec<SowEvent>,
    /// The sowing never ends (relay sowing): the rules' `endless` outcome
    /// applies and the board is left as it was.
    pub endless: bool,
    /// More than [`MAX_TRACE_EVENTS`] steps: only the first are recorded.
    pub truncated: bool,
    /// The mover moves again (an extra turn).
    pub extra_turn: bool,
}

/// What replaying a [`SowTrace`] gives: the seeds after the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replayed {
    /// Seeds in each hole, by index.
    pub board: Vec<u8>,
    /// Seeds in each player's store, South's first.
    pub captured: [u32; 2],
    /// Seeds each player's captures took out of the game.
    pub removed: [u32; 2],
    /// The owner of each hole, for games with owned holes.
    pub owners: Vec<Option<Side>>,
}

impl Replayed {
    /// Whether this is exactly `after`: board, stores, removed seeds and
    /// hole owners (so the trace that gave it may be shown as the move).
    pub fn matches(&self, rules: &Rules, after: &Position) -> bool {
        let holes = rules.holes();
        self.board[..] == after.raw_board()[..holes]
            && self.captured == Side::BOTH.map(|s| after.captured(s))
            && self.removed == Side::BOTH.map(|s| after.removed(s))
            && self
                .owners
                .iter()
                .enumerate()
                .all(|(h, &owner)| owner == after.hole_owner(h))
    }
}

impl SowTrace {
    /// The laps sown (relays lift once a lap).
    pub fn laps(&self) -> usize {
        self.events
            .iter()
            .filter(|e| matches!(e, SowEvent::Lift { .. }))
            .count()
    }

    /// Where the last seed fell, if a seed was sown.
    pub fn last_place(&self) -> Option<Place> {
        self.events.iter().rev().find_map(|e| match e {
            SowEvent::Sow(cell) => Some(*cell),
            _ => None,
        })
    }

    /// Replays the steps onto `before` (the position the move was played
    /// from), or `None` when they do not fit it (a lift or a take of seeds
    /// the hole does not hold, a step past the board) or the trace is
    /// truncated. The result equals the engine's position after the move.
    pub fn replay(&self, rules: &Rules, before: &Position) -> Option<Replayed> {
        if self.truncated {
            return None;
        }
        let holes = rules.holes();
        let mut out = Replayed {
            board: before.board[..holes].to_vec(),
            captured: Side::BOTH.map(|s| before.captured[s.index()] as u32),
            removed: Side::BOTH.map(|s| before.removed[s.index()] as u32),
            owners: (0..holes).map(|h| before.hole_owner(h)).collect(),
        };
        let mut hand = 0u32;
        let mut taken = 0u32;
        for event in &self.events {
            match *event {
                SowEvent::Lift { hole, seeds } => {
                    if hand != 0 || *out.board.get(hole)? != seeds {
                        return None;
                    }
                    out.board[hole] = 0;
                    hand = seeds as u32;
                }
                SowEvent::Sow(cell) => {
                    hand = hand.checked_sub(1)?;
                    match cell {
                        Place::Hole(h) => *out.board.get_mut(h)? += 1,
                        Place::Store(side) => out.captured[side.index()] += 1,
                    }
                }
                SowEvent::Take { hole, seeds } => {
                    let there = out.board.get_mut(hole)?;
                    *there = there.checked_sub(seeds)?;
                    taken += seeds as u32;
                }
                SowEvent::Keep { side, seeds, to } => {
                    // Seeds taken; or, with nothing taken, seeds still in
                    // hand when the game ended in the middle of the move
                    // (four rows), put out of the game.
                    if taken == 0 && to == Kept::Removed {
                        hand = hand.checked_sub(seeds as u32)?;
                    } else {
                        taken = taken.checked_sub(seeds as u32)?;
                    }
                    match to {
                        Kept::Captured => out.captured[side.index()] += seeds as u32,
                        Kept::Removed => out.removed[side.index()] += seeds as u32,
                        Kept::Hole(h) => *out.board.get_mut(h)? += seeds,
                        Kept::Hand => hand += seeds as u32,
                    }
                }
                SowEvent::Own { hole, side } => *out.owners.get_mut(hole)? = Some(side),
                SowEvent::TakeStore { side, seeds } => {
                    let there = &mut out.captured[side.index()];
                    *there = there.checked_sub(seeds as u32)?;
                    taken += seeds as u32;
                }
                SowEvent::LiftStore { side, seeds } => {
                    let there = &mut out.captured[side.index()];
                    if hand != 0 || *there != seeds as u32 {
                        return None;
                    }
                    *there = 0;
                    hand = seeds as u32;
                }
            }
        }
        (hand == 0 && taken == 0).then_some(out)
    }
}

/// What the engine's sowing and capture code reports to. Cells are the
/// engine's: holes below `STORE_CELL`, then South's and North's stores.
pub(crate) trait SowObserver {
    /// Whether anything is observed: when not, the engine takes its
    /// whole-board shortcuts that do not go seed by seed.
    const ACTIVE: bool;
    /// A lap lifts `seeds` from `hole`.
    fn lift(&mut self, hole: usize, seeds: u8);
    /// A seed falls into `cell`.
    fn sow(&mut self, cell: usize);
    /// A capture takes `seeds` from `hole`.
    fn take(&mut self, hole: usize, seeds: u8);
    /// Taken seeds go to `side`, `to` where.
    fn keep(&mut self, side: Side, seeds: u8, to: Kept);
    /// `hole` becomes `side`'s.
    fn own(&mut self, hole: usize, side: Side);
    /// A capture takes `seeds` from `side`'s store.
    fn take_store(&mut self, side: Side, seeds: u8);
    /// A relay lap lifts `seeds` from `side`'s store.
    fn lift_store(&mut self, side: Side, seeds: u8);
}

/// The observer of play: observes nothing, costs nothing.
pub(crate) struct NoTrace;

impl SowObserver for NoTrace {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn lift(&mut self, _: usize, _: u8) {}
    #[inline(always)]
    fn sow(&mut self, _: usize) {}
    #[inline(always)]
    fn take(&mut self, _: usize, _: u8) {}
    #[inline(always)]
    fn keep(&mut self, _: Side, _: u8, _: Kept) {}
    #[inline(always)]
    fn own(&mut self, _: usize, _: Side) {}
    #[inline(always)]
    fn take_store(&mut self, _: Side, _: u8) {}
    #[inline(always)]
    fn lift_store(&mut self, _: Side, _: u8) {}
}

impl SowTrace {
    pub(crate) fn new(mv: Move, mover: Side) -> SowTrace {
        SowTrace {
            mv,
            mover,
            events: Vec::new(),
            endless: false,
            truncated: false,
            extra_turn: false,
        }
    }

    fn record(&mut self, event: SowEvent) {
        if self.events.len() < MAX_TRACE_EVENTS {
            self.events.push(event);
        } else {
            self.truncated = true;
        }
    }
}

impl SowObserver for SowTrace {
    const ACTIVE: bool = true;
    fn lift(&mut self, hole: usize, seeds: u8) {
        self.record(SowEvent::Lift { hole, seeds });
    }
    fn sow(&mut self, cell: usize) {
        let cell = if cell < STORE_CELL {
            Place::Hole(cell)
        } else {
            Place::Store(Side::BOTH[cell - STORE_CELL])
        };
        self.record(SowEvent::Sow(cell));
    }
    fn take(&mut self, hole: usize, seeds: u8) {
        // A capture can name an empty hole (an empty opposite hole taken
        // with nothing in it): no step.
        if seeds > 0 {
            self.record(SowEvent::Take { hole, seeds });
        }
    }
    fn keep(&mut self, side: Side, seeds: u8, to: Kept) {
        if seeds > 0 {
            self.record(SowEvent::Keep { side, seeds, to });
        }
    }
    fn own(&mut self, hole: usize, side: Side) {
        self.record(SowEvent::Own { hole, side });
    }
    fn take_store(&mut self, side: Side, seeds: u8) {
        if seeds > 0 {
            self.record(SowEvent::TakeStore { side, seeds });
        }
    }
    fn lift_store(&mut self, side: Side, seeds: u8) {
        self.record(SowEvent::LiftStore { side, seeds });
    }
}
