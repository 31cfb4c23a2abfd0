//! The transposition table: a fixed-size hash table of search results.
//!
//! One entry per slot (16 bytes), indexed by the low bits of the search key
//! and verified with the whole key. An entry holds a bound on the value, the
//! depth it was searched to, and the best move found (used first when the
//! position comes back, the main source of good move ordering in iterative
//! deepening).

use mancala_core::Move;

use crate::eval::WIN_BOUND;

/// What an entry's value says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// Only the move is stored: the value depended on the path (see
    /// `search.rs`) and must not be reused.
    None = 0,
    /// The value is exact.
    Exact = 1,
    /// The true value is at least this (the search failed high).
    Lower = 2,
    /// The true value is at most this (the search failed low).
    Upper = 3,
}

/// Depth stored for a result that did not depend on the depth at all: its
/// whole subtree ended in finished games.
pub(crate) const SOLVED_DEPTH: u8 = u8::MAX;

#[derive(Clone, Copy, Debug, Default)]
struct Slot {
    key: u64,
    value: i32,
    depth: u8,
    bound: u8,
    /// The move: a hole index, `PASS`, or `NO_MOVE`.
    mv: u8,
    generation: u8,
}

const NO_MOVE: u8 = 0xFF;
const PASS: u8 = 0xFE;
/// Added to a hole index (below 32) for a counter-clockwise choice.
const CHOSEN_CCW: u8 = 0x20;
/// Added to a hole index for a clockwise choice.
const CHOSEN_CW: u8 = 0x40;

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    pub mv: Option<Move>,
}

/// The table.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each); `bits = 0` gives no
    /// table at all (nothing is stored; for tests and comparisons).
    pub(crate) fn new(bits: u32) -> Table {
        let len = if bits == 0 { 0 } else { 1usize << bits.min(30) };
        Table {
            slots: vec![Slot::default(); len],
            mask: len.saturating_sub(1),
            generation: 0,
        }
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = Slot::default());
        self.generation = 0;
    }

    /// The entry for `key`, with its value made relative to `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let slot = self.slots.get(key as usize & self.mask)?;
        if slot.key != key {
            return None;
        }
        let bound = match slot.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::None,
        };
        let mv = match slot.mv {
            NO_MOVE => None,
            PASS => Some(Move::Pass),
            m if m & CHOSEN_CW != 0 => Some(Move::SowClockwise(m & !CHOSEN_CW)),
            m if m & CHOSEN_CCW != 0 => Some(Move::SowCounterClockwise(m & !CHOSEN_CCW)),
            h => Some(Move::Sow(h)),
        };
        Some(Hit {
            value: from_tt(slot.value, ply),
            depth: slot.depth,
            bound,
            mv,
        })
    }

    /// Stores a result. Replaces the slot's entry when it is the same
    /// position, from an older search, or searched no deeper.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u8,
        value: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let generation = self.generation;
        let Some(slot) = self.slots.get_mut(key as usize & self.mask) else {
            return;
        };
        let mv = match mv {
            None => NO_MOVE,
            Some(Move::Pass) => PASS,
            Some(Move::Sow(h)) => h,
            Some(Move::SowCounterClockwise(h)) => h | CHOSEN_CCW,
            Some(Move::SowClockwise(h)) => h | CHOSEN_CW,
        };
        if slot.key == key && bound == Bound::None {
            // Keep a reusable value of this position; refresh the move.
            slot.mv = mv;
            slot.generation = generation;
            return;
        }
        if slot.key == key || slot.generation != generation || depth >= slot.depth {
            *slot = Slot {
                key,
                value: to_tt(value, ply),
                depth,
                bound: bound as u8,
                mv,
                generation,
            };
        }
    }
}

/// Proven wins are stored relative to the node, not the root, so that they
/// stay right when the position is met at another distance from the root.
#[inline]
fn to_tt(value: i32, ply: usize) -> i32 {
    if value >= WIN_BOUND {
        value + ply as i32
    } else if value <= -WIN_BOUND {
        value - ply as i32
    } else {
        value
    }
}

#[inline]
fn from_tt(value: i32, ply: usize) -> i32 {
    if value >= WIN_BOUND {
        value - ply as i32
    } else if value <= -WIN_BOUND {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::WIN;

    #[test]
    fn store_and_probe() {
        let mut t = Table::new(4);
        t.store(0x1234, 3, 5, WIN - 10, Bound::Exact, Some(Move::Sow(2)));
        let hit = t.probe(0x1234, 5).unwrap();
        assert_eq!(hit.value, WIN - 12);
        assert_eq!(hit.mv, Some(Move::Sow(2)));
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(0x1235, 0).is_none());
        for mv in [Move::SowCounterClockwise(29), Move::SowClockwise(0)] {
            t.store(0x1234, 0, 0, 0, Bound::None, Some(mv));
            assert_eq!(t.probe(0x1234, 0).unwrap().mv, Some(mv));
        }
        t.store(0x1234, 0, 0, 0, Bound::None, Some(Move::Pass));
        let hit = t.probe(0x1234, 3).unwrap();
        assert_eq!(hit.bound, Bound::Exact, "a move-only store keeps the value");
        assert_eq!(hit.mv, Some(Move::Pass));
    }
}
