//! The transposition table: a fixed-size hash table of search results.
//!
//! One entry per slot (16 bytes), indexed by the low bits of the search key
//! and verified with the whole key; threads share it without locks. An entry holds a bound on the value, the
//! depth it was searched to, and the best move found (used first when the
//! position comes back, the main source of good move ordering in iterative
//! deepening).

use std::sync::atomic::AtomicU64;
use std::sync::atomic::Ordering::Relaxed;

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

/// An entry: the key, and the rest packed in one word (see [`Entry`]).
/// The first word holds the key XOR the second, so that an entry that two
/// threads wrote at once (one word from each) fails the key check instead
/// of mixing two positions' results: threads share the table without locks.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// An entry's contents.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    value: i32,
    depth: u8,
    bound: u8,
    /// The move: a hole index, `PASS`, or `NO_MOVE`.
    mv: u8,
    generation: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        self.value as u32 as u64
            | (self.depth as u64) << 32
            | (self.bound as u64) << 40
            | (self.mv as u64) << 48
            | (self.generation as u64) << 56
    }

    fn unpack(data: u64) -> Entry {
        Entry {
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound: (data >> 40) as u8,
            mv: (data >> 48) as u8,
            generation: (data >> 56) as u8,
        }
    }
}

const NO_MOVE: u8 = 0xFF;
const PASS: u8 = 0xFE;
/// Added to a hole index (below 32) for a counter-clockwise choice.
const CHOSEN_CCW: u8 = 0x20;
/// Added to a hole index for a clockwise choice.
const CHOSEN_CW: u8 = 0x40;
/// Added to a hole index for a hole taken by choice (`Move::Take`).
const TAKE: u8 = 0x80;

/// A probed entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub value: i32,
    pub depth: u8,
    pub bound: Bound,
    pub mv: Option<Move>,
}

/// The table. Probes and stores take `&self`: search threads share one.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Box<[Slot]>,
    mask: usize,
    generation: u8,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        let slots = self
            .slots
            .iter()
            .map(|s| Slot {
                check: AtomicU64::new(s.check.load(Relaxed)),
                data: AtomicU64::new(s.data.load(Relaxed)),
            })
            .collect();
        Table {
            slots,
            mask: self.mask,
            generation: self.generation,
        }
    }
}

impl Table {
    /// A table of `2^bits` entries (16 bytes each); `bits = 0` gives no
    /// table at all (nothing is stored; for tests and comparisons).
    pub(crate) fn new(bits: u32) -> Table {
        let len = if bits == 0 { 0 } else { 1usize << bits.min(30) };
        Table {
            slots: (0..len).map(|_| Slot::default()).collect(),
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
        for slot in self.slots.iter_mut() {
            *slot = Slot::default();
        }
        self.generation = 0;
    }

    /// The entry stored for `key`, if any.
    #[inline]
    fn entry(&self, key: u64) -> Option<Entry> {
        let slot = self.slots.get(key as usize & self.mask)?;
        let data = slot.data.load(Relaxed);
        (slot.check.load(Relaxed) ^ data == key).then(|| Entry::unpack(data))
    }

    /// The entry for `key`, with its value made relative to `ply`.
    #[inline]
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Hit> {
        let e = self.entry(key)?;
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => Bound::None,
        };
        let mv = match e.mv {
            NO_MOVE => None,
            PASS => Some(Move::Pass),
            m if m & TAKE != 0 => Some(Move::Take(m & !TAKE)),
            m if m & CHOSEN_CW != 0 => Some(Move::SowClockwise(m & !CHOSEN_CW)),
            m if m & CHOSEN_CCW != 0 => Some(Move::SowCounterClockwise(m & !CHOSEN_CCW)),
            h => Some(Move::Sow(h)),
        };
        Some(Hit {
            value: from_tt(e.value, ply),
            depth: e.depth,
            bound,
            mv,
        })
    }

    /// Stores a result. Replaces the slot's entry when it is the same
    /// position, from an older search, or searched no deeper.
    #[inline]
    pub(crate) fn store(
        &self,
        key: u64,
        ply: usize,
        depth: u8,
        value: i32,
        bound: Bound,
        mv: Option<Move>,
    ) {
        let generation = self.generation;
        let Some(slot) = self.slots.get(key as usize & self.mask) else {
            return;
        };
        let mv = match mv {
            None => NO_MOVE,
            Some(Move::Pass) => PASS,
            Some(Move::Sow(h)) => h,
            Some(Move::SowCounterClockwise(h)) => h | CHOSEN_CCW,
            Some(Move::SowClockwise(h)) => h | CHOSEN_CW,
            Some(Move::Take(h)) => h | TAKE,
        };
        let stored = self.entry(key);
        let old = stored.unwrap_or_else(|| Entry::unpack(slot.data.load(Relaxed)));
        let same = stored.is_some();
        let new = if same && bound == Bound::None {
            // Keep a reusable value of this position; refresh the move.
            Entry {
                mv,
                generation,
                ..old
            }
        } else if same || old.generation != generation || depth >= old.depth {
            Entry {
                value: to_tt(value, ply),
                depth,
                bound: bound as u8,
                mv,
                generation,
            }
        } else {
            return;
        };
        let data = new.pack();
        slot.data.store(data, Relaxed);
        slot.check.store(key ^ data, Relaxed);
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
        let t = Table::new(4);
        t.store(0x1234, 3, 5, WIN - 10, Bound::Exact, Some(Move::Sow(2)));
        let hit = t.probe(0x1234, 5).unwrap();
        assert_eq!(hit.value, WIN - 12);
        assert_eq!(hit.mv, Some(Move::Sow(2)));
        assert_eq!(hit.bound, Bound::Exact);
        assert!(t.probe(0x1235, 0).is_none());
        for mv in [
            Move::SowCounterClockwise(29),
            Move::SowClockwise(0),
            Move::Take(31),
        ] {
            t.store(0x1234, 0, 0, 0, Bound::None, Some(mv));
            assert_eq!(t.probe(0x1234, 0).unwrap().mv, Some(mv));
        }
        t.store(0x1234, 0, 0, 0, Bound::None, Some(Move::Pass));
        let hit = t.probe(0x1234, 3).unwrap();
        assert_eq!(hit.bound, Bound::Exact, "a move-only store keeps the value");
        assert_eq!(hit.mv, Some(Move::Pass));
    }

    /// Entries written by several threads into one slot at once never mix:
    /// a probe finds a key's own value or nothing.
    #[test]
    fn threads_never_mix_entries() {
        let t = Table::new(1);
        // Keys of the same slot, each always stored with its own value.
        let keys: [u64; 4] = [0x10, 0x20, 0x30, 0x40];
        let value = |k: u64| (k as i32) * -3;
        std::thread::scope(|scope| {
            for &k in &keys {
                let t = &t;
                scope.spawn(move || {
                    for i in 0..20_000 {
                        t.store(
                            k,
                            0,
                            (i % 7) as u8,
                            value(k),
                            Bound::Exact,
                            Some(Move::Sow(1)),
                        );
                        for &other in &keys {
                            if let Some(hit) = t.probe(other, 0) {
                                assert_eq!(hit.value, value(other));
                            }
                        }
                    }
                });
            }
        });
        let e = Entry {
            value: -12_345,
            depth: 200,
            bound: 3,
            mv: 0x41,
            generation: 250,
        };
        assert_eq!(Entry::unpack(e.pack()), e);
    }
}
