//! Sides, moves, move sets and positions: the small `Copy` values the engine
//! passes around.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most holes a row may have.
pub const MAX_HOLES_PER_ROW: usize = 16;
/// The most holes a board may have (two rows).
pub const MAX_HOLES: usize = 2 * MAX_HOLES_PER_ROW;
/// The most seeds a game may hold (a hole is one byte).
pub const MAX_SEEDS: u32 = 255;

/// The most successors a position can have: one per hole of a row, or a
/// pass; in games where the mover chooses directions, the holes of a row
/// and the holes of chosen direction together, of both rows where a move
/// may start in either (the rules refuse more).
pub const MAX_SUCCESSORS: usize = 2 * MAX_HOLES_PER_ROW;

/// The bit of `Position::opened` set when the player to move also made the
/// last move (an extra turn).
pub(crate) const MOVED_AGAIN: u8 = 0b100;
/// The bit of `Position::opened` set (in `alternate` direction games) once
/// the first move has fixed each player's direction.
pub(crate) const DIRECTION_SET: u8 = 0b1000;
/// The bit of `Position::opened` set when South sows clockwise (North's is
/// the next bit), meaningful with [`DIRECTION_SET`].
pub(crate) const SOUTH_CLOCKWISE: u8 = 0b1_0000;
/// The bit of `Position::opened` set when North started the game (in a
/// match, the round); kept only with `end.too_few_to_starter`, whose
/// settlement needs the starter.
pub(crate) const NORTH_STARTED: u8 = 0b100_0000;

/// A player. South owns the near row (holes `0..n`), North the far row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player whose row is holes `0..n`, labelled `A B C ...`.
    South = 0,
    /// The player whose row is holes `n..2n`, labelled `a b c ...`.
    North = 1,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// `"south"` or `"north"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// `"South"` or `"North"`.
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.title())
    }
}

/// A move: sowing from a hole (by index), or a pass.
///
/// Where the rules give the direction, a move is `Sow` (written as the
/// hole's label, `A`); where the mover chooses it (see
/// [`SowingSpec::chosen_holes`](crate::spec::SowingSpec::chosen_holes)), it
/// is `SowCounterClockwise` (`A>`) or `SowClockwise` (`A<`), and `Sow` is
/// not legal there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Lift the seeds of this hole (an index `0..2n`) and sow them the way
    /// the rules say.
    Sow(u8),
    /// Do nothing; only legal when the rules make the mover pass.
    Pass,
    /// Lift the seeds of this hole and sow them counter-clockwise (towards
    /// the mover's right along their row), by the mover's choice.
    SowCounterClockwise(u8),
    /// Lift the seeds of this hole and sow them clockwise, by the mover's
    /// choice.
    SowClockwise(u8),
    /// Take the seeds of this hole of the opponent's: a hole chosen after
    /// a capture that earns chosen holes (`rows.chosen_captures`), one move
    /// of the same player for each (written `+e`).
    Take(u8),
}

impl Move {
    /// The origin hole of a sowing move.
    pub fn hole(self) -> Option<usize> {
        match self {
            Move::Sow(h) | Move::SowCounterClockwise(h) | Move::SowClockwise(h) => Some(h as usize),
            Move::Pass | Move::Take(_) => None,
        }
    }

    /// The hole a chosen capture takes (`Move::Take`).
    pub fn taken_hole(self) -> Option<usize> {
        match self {
            Move::Take(h) => Some(h as usize),
            _ => None,
        }
    }

    /// The direction the mover chose: `Some(true)` clockwise, `Some(false)`
    /// counter-clockwise, `None` for a move whose direction the rules give.
    pub fn chosen_clockwise(self) -> Option<bool> {
        match self {
            Move::SowCounterClockwise(_) => Some(false),
            Move::SowClockwise(_) => Some(true),
            Move::Sow(_) | Move::Pass | Move::Take(_) => None,
        }
    }
}

/// A set of moves, iterated in hole-index order (a hole's counter-clockwise
/// choice before its clockwise one) with `pass` last, then the holes to
/// take (`Take`) in hole order.
///
/// A bit set, so building and testing it never allocates: hole `h` has
/// bits `3h` (`Sow`), `3h + 1` (`SowCounterClockwise`) and `3h + 2`
/// (`SowClockwise`); bit 127 is `Pass`; `Take(h)` is bit `h` of the
/// second word.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Moves(u128, u32);

const PASS_BIT: u128 = 1 << 127;

impl Moves {
    /// No moves.
    pub const EMPTY: Moves = Moves(0, 0);

    /// Adds a move (a sowing from a hole past any board, which no game
    /// has, is not added).
    #[inline]
    pub fn insert(&mut self, mv: Move) {
        self.0 |= Self::bit(mv);
        self.1 |= Self::take_bit(mv);
    }

    /// Removes a move.
    #[inline]
    pub fn remove(&mut self, mv: Move) {
        self.0 &= !Self::bit(mv);
        self.1 &= !Self::take_bit(mv);
    }

    /// Whether the set holds `mv`.
    #[inline]
    pub fn contains(self, mv: Move) -> bool {
        self.0 & Self::bit(mv) != 0 || self.1 & Self::take_bit(mv) != 0
    }

    /// How many moves.
    #[inline]
    pub fn len(self) -> usize {
        (self.0.count_ones() + self.1.count_ones()) as usize
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0 && self.1 == 0
    }

    /// The `i`-th move in iteration order.
    pub fn nth(self, i: usize) -> Option<Move> {
        self.iter().nth(i)
    }

    /// The moves in hole order, `pass` last.
    pub fn iter(self) -> MovesIter {
        MovesIter(self.0, self.1)
    }

    /// The moves as a vector.
    pub fn to_vec(self) -> Vec<Move> {
        self.iter().collect()
    }

    /// The move's bit; none for a hole past any board (such a move is in
    /// no set, and must not alias the pass bit nor overflow the shift).
    #[inline]
    fn bit(mv: Move) -> u128 {
        let (hole, kind) = match mv {
            Move::Pass => return PASS_BIT,
            Move::Take(_) => return 0,
            Move::Sow(h) => (h, 0),
            Move::SowCounterClockwise(h) => (h, 1),
            Move::SowClockwise(h) => (h, 2),
        };
        if (hole as usize) < MAX_HOLES {
            1 << (3 * hole as u32 + kind)
        } else {
            0
        }
    }

    /// The bit of a `Take` in the second word; none for other moves.
    #[inline]
    fn take_bit(mv: Move) -> u32 {
        match mv {
            Move::Take(h) if (h as usize) < MAX_HOLES => 1 << h,
            _ => 0,
        }
    }
}

impl IntoIterator for Moves {
    type Item = Move;
    type IntoIter = MovesIter;
    fn into_iter(self) -> MovesIter {
        self.iter()
    }
}

impl FromIterator<Move> for Moves {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> Self {
        let mut m = Moves::EMPTY;
        for mv in iter {
            m.insert(mv);
        }
        m
    }
}

/// Iterator over a [`Moves`] set.
#[derive(Clone, Debug)]
pub struct MovesIter(u128, u32);

impl Iterator for MovesIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.0 == 0 {
            if self.1 == 0 {
                return None;
            }
            let hole = self.1.trailing_zeros() as u8;
            self.1 &= self.1 - 1;
            return Some(Move::Take(hole));
        }
        let bit = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        let hole = (bit / 3) as u8;
        Some(match bit {
            127 => Move::Pass,
            _ if bit.is_multiple_of(3) => Move::Sow(hole),
            _ if bit % 3 == 1 => Move::SowCounterClockwise(hole),
            _ => Move::SowClockwise(hole),
        })
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.0.count_ones() + self.1.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for MovesIter {}

/// A position: the board, the seeds each player has captured, the player to
/// move, which players have made their first move, and the ply count.
///
/// A position means something only together with the [`Rules`](crate::Rules)
/// it was made by. It is a plain `Copy` value of 60 bytes: playing a move
/// makes a new one and allocates nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u8; MAX_HOLES],
    pub(crate) captured: [u8; 2],
    /// Seeds each player's captures took out of the game (`seeds_go_to = "removed"`).
    pub(crate) removed: [u8; 2],
    pub(crate) to_move: Side,
    /// Bit `side.index()` is set once that player has made a (non-pass)
    /// move; bit [`MOVED_AGAIN`] when the last move earned an extra turn.
    pub(crate) opened: u8,
    /// Moves played so far: at most [`MAX_GAME_PLIES`](crate::MAX_GAME_PLIES)
    /// in any game, so two bytes, which keep the position at 60 bytes.
    pub(crate) ply: u16,
    /// Bit `hole` is set when the hole is out of play for the current round
    /// (`[rounds]` with `blocked`): never sown into nor moved from. Always 0
    /// in games without rounds.
    pub(crate) blocked: u32,
    /// Bit `hole` of `owned[side]` is set when the hole is `side`'s own
    /// (`[owned]`): a store of theirs on the board. Always 0 in games
    /// without owned holes.
    pub(crate) owned: [u32; 2],
    /// Bit `hole` is set when the hole is played this round by the player
    /// of the other row (`[rounds] territory`: the holes a round's winner
    /// won across the board, or lost to the loser). Always 0 in other games.
    pub(crate) territory: u32,
    /// Bit `hole` is set once a move has started from the hole in this game
    /// (in a match, this round), kept only where a rule reads it
    /// (`capture.moved_from_only`, `moves.each_hole_first`). Always 0 in
    /// other games.
    pub(crate) moved_from: u32,
    /// Bit `hole` is set when the hole may not be moved from for a reason
    /// the board alone does not give, kept only where a rule reads it: the
    /// rams as the last change of turn left them (`moves.rams`), or the
    /// hole a single seed was just sown into across the ends of the rows
    /// (`moves.no_return`). On four rows, where no rule bars holes, the
    /// number of the opponent's holes the player to move has still to take
    /// after a capture that earned chosen holes (`rows.chosen_captures`,
    /// [`Rules::takes_pending`](crate::Rules::takes_pending)). Always 0 in
    /// other games.
    pub(crate) barred: u32,
}

impl Position {
    /// Seeds in hole `hole` (0 for an index past the board).
    #[inline]
    pub fn seeds(&self, hole: usize) -> u8 {
        self.board.get(hole).copied().unwrap_or(0)
    }

    /// The whole board array; only the first `2n` entries are used.
    #[inline]
    pub fn raw_board(&self) -> &[u8; MAX_HOLES] {
        &self.board
    }

    /// The player to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds captured (or, in games where captures leave the board, removed)
    /// by `side` so far.
    #[inline]
    pub fn captured(&self, side: Side) -> u32 {
        self.captured[side.index()] as u32
    }

    /// Seeds that `side`'s captures removed from the game, in games where
    /// captured seeds belong to nobody (Sadeqa II).
    #[inline]
    pub fn removed(&self, side: Side) -> u32 {
        self.removed[side.index()] as u32
    }

    /// Moves played so far, passes included.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// This position as a node of the game graph: the same position with
    /// its ply count capped at 1. The rules read the ply only to know
    /// whether a move has been played (`ply > 0`) and for the ply limit
    /// ([`MAX_GAME_PLIES`](crate::MAX_GAME_PLIES)); a graph solver, which
    /// values positions without history, keeps the first and leaves out
    /// the second, so two positions that differ only in plies played are
    /// one node. Whoever reads the ply otherwise must change this.
    #[inline]
    pub fn graph_node(&self) -> Position {
        Position {
            ply: self.ply.min(1),
            ..*self
        }
    }

    /// Whether `side` has made a move other than a pass.
    #[inline]
    pub fn has_opened(&self, side: Side) -> bool {
        self.opened & (1 << side.index()) != 0
    }

    /// The player who made the last move: the player to move after an
    /// extra turn, else the other (at the start: the player not to move).
    #[inline]
    pub fn last_mover(&self) -> Side {
        if self.opened & MOVED_AGAIN != 0 {
            self.to_move
        } else {
            self.to_move.opponent()
        }
    }

    /// Whether `hole` is out of play for the current round (games played
    /// in rounds with blocked holes).
    #[inline]
    pub fn is_blocked(&self, hole: usize) -> bool {
        hole < MAX_HOLES && self.blocked & (1 << hole) != 0
    }

    /// The holes out of play for the current round, one bit a hole.
    #[inline]
    pub fn blocked_mask(&self) -> u32 {
        self.blocked
    }

    /// The holes moved from so far in this game (round), one bit a hole,
    /// where a rule reads them (`capture.moved_from_only`,
    /// `moves.each_hole_first`); 0 in other games.
    #[inline]
    pub fn moved_from_mask(&self) -> u32 {
        self.moved_from
    }

    /// The holes that may not be moved from for a reason the board alone
    /// does not give (`moves.rams`, `moves.no_return`), one bit a hole; 0
    /// in other games.
    #[inline]
    pub fn barred_mask(&self) -> u32 {
        self.barred
    }

    /// The holes played this round by the player of the other row
    /// (`[rounds] territory`), one bit a hole; 0 in other games.
    #[inline]
    pub fn territory_mask(&self) -> u32 {
        self.territory
    }

    /// In a game of `sowing.direction = "alternate"`, the direction each
    /// player sows in, once the first move chose it (`Some(true)`:
    /// clockwise); `None` before the first move and in other games.
    #[inline]
    pub fn fixed_direction(&self, side: Side) -> Option<bool> {
        if self.opened & DIRECTION_SET == 0 {
            return None;
        }
        Some(self.opened & (SOUTH_CLOCKWISE << side.index()) != 0)
    }

    /// The player who owns `hole` as their own store (`[owned]` games), if any.
    #[inline]
    pub fn hole_owner(&self, hole: usize) -> Option<Side> {
        if hole >= MAX_HOLES {
            None
        } else if self.owned[0] & (1 << hole) != 0 {
            Some(Side::South)
        } else if self.owned[1] & (1 << hole) != 0 {
            Some(Side::North)
        } else {
            None
        }
    }

    /// The holes `side` owns, one bit a hole.
    #[inline]
    pub fn owned_mask(&self, side: Side) -> u32 {
        self.owned[side.index()]
    }

    /// Seeds in the holes `side` owns: theirs, as their captures are.
    #[inline]
    pub fn owned_seeds(&self, side: Side) -> u32 {
        let mut mask = self.owned[side.index()];
        let mut sum = 0;
        while mask != 0 {
            sum += self.board[mask.trailing_zeros() as usize] as u32;
            mask &= mask - 1;
        }
        sum
    }

    /// Seeds `side` holds for good: captured (or removed) plus the seeds
    /// in their owned holes.
    #[inline]
    pub fn held(&self, side: Side) -> u32 {
        self.captured(side) + self.owned_seeds(side)
    }

    /// Seeds on the board that belong to nobody yet: outside owned holes.
    pub fn plain_seeds(&self) -> u32 {
        self.seeds_on_board() - self.owned_seeds(Side::South) - self.owned_seeds(Side::North)
    }

    /// Whether no seed is on the board.
    #[inline]
    pub fn board_is_empty(&self) -> bool {
        self.occupied() == 0
    }

    /// The holes holding seeds, one bit a hole: the end checks read the
    /// board and its rows from it, and the moves of most games too, so a
    /// ply makes it once.
    #[inline]
    pub(crate) fn occupied(&self) -> u32 {
        holes_holding(&self.board, 1)
    }

    /// Total seeds on the board.
    #[inline]
    pub fn seeds_on_board(&self) -> u32 {
        masked_sum(&self.board, &[0xFF; MAX_HOLES])
    }
}

/// The sum of the holes of `board` where `mask` is `0xFF` (it is 0
/// elsewhere), eight holes a word: the end checks run after every move,
/// and a loop over the holes costs as much as a short sowing.
#[inline]
pub(crate) fn masked_sum(board: &[u8; MAX_HOLES], mask: &[u8; MAX_HOLES]) -> u32 {
    const EVEN_BYTES: u64 = 0x00FF_00FF_00FF_00FF;
    let mut total = 0u64;
    for (b, m) in board.chunks_exact(8).zip(mask.chunks_exact(8)) {
        let word = u64::from_le_bytes(b.try_into().expect("8 bytes"))
            & u64::from_le_bytes(m.try_into().expect("8 bytes"));
        // Four 16-bit lanes of two holes each (at most 510), then their sum
        // in the top lane (at most 2040: no lane carries into the next).
        let pairs = (word & EVEN_BYTES) + ((word >> 8) & EVEN_BYTES);
        total += pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    }
    total as u32
}

/// The holes of `board` holding at least `least` seeds, one bit a hole:
/// the moves of a position are listed, and its rows tested, after every
/// move. On x86_64, two vector compares (SSE2 is part of every x86_64
/// target); elsewhere a loop the compiler unrolls.
#[inline]
pub(crate) fn holes_holding(board: &[u8; MAX_HOLES], least: u8) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8,
            _mm_set1_epi8,
        };
        // SAFETY: SSE2 is enabled on every x86_64 target, and both loads
        // read 16 bytes inside the 32-byte board (unaligned loads).
        unsafe {
            let floor = _mm_set1_epi8(least as i8);
            let at_least = |at: usize| {
                let bytes = _mm_loadu_si128(board.as_ptr().add(at) as *const __m128i);
                // A byte is at least `least` when the larger of the two is itself.
                _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(bytes, floor), bytes)) as u32 & 0xFFFF
            };
            at_least(0) | at_least(16) << 16
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        board.iter().enumerate().fold(0, |bits, (hole, &seeds)| {
            bits | ((seeds >= least) as u32) << hole
        })
    }
}

#[cfg(test)]
mod word_tests {
    use super::*;

    #[test]
    fn a_position_keeps_its_ply_in_two_bytes() {
        // Every move copies positions: the holes moved from took the
        // bytes a four-byte ply left, and the barred holes fill the
        // position to one 64-byte cache line.
        assert_eq!(std::mem::size_of::<Position>(), 64);
        let rules = crate::Rules::builtin("kalah").unwrap();
        let board = [4u8; 12];
        let side = Side::South;
        assert!(rules.position(&board, [0, 0], side, 10_000).is_ok());
        let err = rules.position(&board, [0, 0], side, 10_001).unwrap_err();
        assert!(err.contains("longest game"), "{err}");
    }

    #[test]
    fn word_helpers_agree_with_hole_loops() {
        // Every hole count in every position, against masks of every shape.
        let mut board = [0u8; MAX_HOLES];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..2_000 {
            for hole in board.iter_mut() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                *hole = match state % 5 {
                    0 | 1 => 0,
                    2 => 1,
                    3 => 255,
                    _ => (state >> 8) as u8,
                };
            }
            let bits = (state >> 20) as u32 ^ round;
            let mut mask = [0u8; MAX_HOLES];
            for (hole, byte) in mask.iter_mut().enumerate() {
                if bits & (1 << hole) != 0 {
                    *byte = 0xFF;
                }
            }
            let sum: u32 = (0..MAX_HOLES)
                .filter(|&h| bits & (1 << h) != 0)
                .map(|h| board[h] as u32)
                .sum();
            let least = (state >> 40) as u8;
            let at_least = |least: u8| {
                (0..MAX_HOLES)
                    .filter(|&h| board[h] >= least)
                    .fold(0u32, |acc, h| acc | 1 << h)
            };
            assert_eq!(masked_sum(&board, &mask), sum);
            for least in [0, 1, 2, least, 127, 128, 129, 255] {
                assert_eq!(holes_holding(&board, least), at_least(least));
            }
        }
    }
}
