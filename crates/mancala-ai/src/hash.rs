//! Zobrist hashing of positions.
//!
//! A position's 64-bit transposition-table key is the XOR of one random
//! number per (hole, seed count), one for the side to move, one per
//! combination of the "has opened" flags and one per (player, seeds
//! captured), the owned holes of `[owned]` games, and the holes moved from
//! and the barred holes where a rule reads them: everything a
//! position's value can depend on (the end of a
//! seeds game, and a majority rule, depend on the absolute captures, so
//! values are not stored relative to them). What repetition compares is
//! core's [`mancala_core::RepetitionKey`], not this.

use std::sync::OnceLock;

use mancala_core::{MAX_HOLES, Position, Side};

/// The random tables. Built once, from a fixed seed, so keys are the same on
/// every run and every machine.
pub(crate) struct Zobrist {
    board: [[u64; 256]; MAX_HOLES],
    captured: [[u64; 256]; 2],
    side: u64,
    opened: [u64; 4],
    blocked: [u64; MAX_HOLES],
    round_starter: u64,
}

impl std::fmt::Debug for Zobrist {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Zobrist { .. }")
    }
}

/// SplitMix64: a tiny, good-enough generator for the tables.
fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Zobrist {
    fn new() -> Box<Zobrist> {
        let mut s = 0x6d61_6e63_616c_6121u64;
        let mut z = Box::new(Zobrist {
            board: [[0; 256]; MAX_HOLES],
            captured: [[0; 256]; 2],
            side: 0,
            opened: [0; 4],
            blocked: [0; MAX_HOLES],
            round_starter: 0,
        });
        for hole in z.board.iter_mut() {
            for v in hole.iter_mut() {
                *v = splitmix(&mut s);
            }
        }
        for player in z.captured.iter_mut() {
            for v in player.iter_mut() {
                *v = splitmix(&mut s);
            }
        }
        z.side = splitmix(&mut s);
        for v in z.opened.iter_mut() {
            *v = splitmix(&mut s);
        }
        // Drawn after the older tables, which so keep their numbers.
        for v in z.blocked.iter_mut() {
            *v = splitmix(&mut s);
        }
        z.round_starter = splitmix(&mut s);
        z
    }

    /// The shared tables.
    pub(crate) fn get() -> &'static Zobrist {
        static TABLES: OnceLock<Box<Zobrist>> = OnceLock::new();
        TABLES.get_or_init(Zobrist::new)
    }

    /// The transposition-table key of `pos`; `holes` is the board size.
    #[inline]
    pub(crate) fn key(&self, pos: &Position, holes: usize) -> u64 {
        let board = pos.raw_board();
        let mut h = 0u64;
        for (hole, &seeds) in board.iter().enumerate().take(holes) {
            h ^= self.board[hole][seeds as usize];
        }
        if pos.to_move() == Side::North {
            h ^= self.side;
        }
        // Zero outside matches of rounds with blocked holes.
        let mut blocked = pos.blocked_mask();
        while blocked != 0 {
            h ^= self.blocked[blocked.trailing_zeros() as usize];
            blocked &= blocked - 1;
        }
        let opened =
            pos.has_opened(Side::South) as usize | (pos.has_opened(Side::North) as usize) << 1;
        h ^= self.opened[opened]
            ^ self.captured[0][pos.captured(Side::South) as usize]
            ^ self.captured[1][pos.captured(Side::North) as usize];
        // Owned holes (`[owned]` games) are part of the position: mixed in
        // by a multiply, so games without them keep their keys.
        let owned = pos.owned_mask(Side::South) as u64 | (pos.owned_mask(Side::North) as u64) << 32;
        if owned != 0 {
            h ^= (owned ^ 0x6f77_6e65_6421_0000).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
        // So are the holes moved from, where a rule reads them.
        let moved_from = pos.moved_from_mask();
        if moved_from != 0 {
            h ^= (moved_from as u64 ^ 0x6d6f_7665_6421_0000).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        }
        // And the holes barred by the moves so far (rams, a seed's return).
        let barred = pos.barred_mask();
        if barred != 0 {
            h ^= (barred as u64 ^ 0x6261_7272_6564_0000).wrapping_mul(0x1656_67B1_9E37_79F9);
        }
        h
    }

    /// What a position's key gains in a match of rounds whose current round
    /// `starter` started (zero for South, so a game without rounds, whose
    /// lines say South, keeps its keys).
    #[inline]
    pub(crate) fn round_key(&self, starter: Side) -> u64 {
        match starter {
            Side::South => 0,
            Side::North => self.round_starter,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::Rules;

    /// Positions that differ only in their blocked holes, or in who started
    /// the round, have different keys.
    #[test]
    fn blocked_holes_and_the_round_starter_change_the_key() {
        let rules = Rules::builtin("erherhe").unwrap();
        let z = Zobrist::get();
        let empty = rules
            .position(
                &[4, 4, 4, 4, 0, 0, 4, 4, 4, 4, 4, 4],
                [0, 8],
                Side::South,
                0,
            )
            .unwrap();
        let mut one = [false; 12];
        one[5] = true;
        let blocked = rules.with_blocked(empty, &one).unwrap();
        assert_ne!(z.key(&empty, 12), z.key(&blocked, 12));
        let mut other = [false; 12];
        other[4] = true;
        assert_ne!(
            z.key(&blocked, 12),
            z.key(&rules.with_blocked(empty, &other).unwrap(), 12)
        );
        assert_ne!(z.round_key(Side::South), z.round_key(Side::North));
        assert_eq!(z.round_key(Side::South), 0);
    }
}
