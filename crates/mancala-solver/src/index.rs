//! A perfect hash of boards: the combinatorial ranking of the ways to put
//! `s` seeds into `h` holes.
//!
//! A board with `s` seeds in `h` holes is a *composition* of `s` into `h`
//! parts. Written as stars and bars (`s` seeds, `h - 1` bars), it is the set
//! of the bars' places among `s + h - 1` slots: bar `j` stands at
//! `p_j = b_0 + ... + b_j + j`. The combinatorial number system ranks such a
//! set as `sum_j C(p_j, j + 1)`, a bijection onto
//! `0 .. C(s + h - 1, h - 1)` (colex order of the bar sets). Ranking costs
//! `h - 1` table reads; unranking walks the table down once.
//!
//! A database stores the levels `0..=max` one after the other; inside a
//! level, all boards with South to move come first, then all with North to
//! move, each in rank order.

use mancala_core::Side;

/// Binomial coefficients and level sizes for boards of a fixed number of holes.
#[derive(Clone, Debug)]
pub struct Indexer {
    holes: usize,
    /// `binom[n * (holes + 1) + k] = C(n, k)` for `k <= holes`.
    binom: Vec<u64>,
    max_seeds: u32,
    /// First index of each level (`max_seeds + 2` entries, the last is the total).
    offsets: Vec<u64>,
}

impl Indexer {
    /// An indexer for boards of `holes` holes (at least 2) holding up to
    /// `max_seeds` seeds.
    pub fn new(holes: usize, max_seeds: u32) -> Indexer {
        assert!(holes >= 2, "a board has at least two holes");
        let rows = max_seeds as usize + holes + 1;
        let width = holes + 1;
        let mut binom = vec![0u64; rows * width];
        for n in 0..rows {
            binom[n * width] = 1;
            for k in 1..width.min(n + 1) {
                let a = binom[(n - 1) * width + k - 1];
                let b = binom[(n - 1) * width + k];
                binom[n * width + k] = a.saturating_add(b);
            }
        }
        let mut ix = Indexer {
            holes,
            binom,
            max_seeds,
            offsets: Vec::new(),
        };
        let mut offsets = Vec::with_capacity(max_seeds as usize + 2);
        let mut total = 0u64;
        for s in 0..=max_seeds {
            offsets.push(total);
            total = total.saturating_add(2u64.saturating_mul(ix.boards(s)));
        }
        offsets.push(total);
        ix.offsets = offsets;
        ix
    }

    /// Holes on the board.
    pub fn holes(&self) -> usize {
        self.holes
    }

    /// The most seeds on the board that this indexer covers.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    #[inline]
    fn c(&self, n: usize, k: usize) -> u64 {
        self.binom[n * (self.holes + 1) + k]
    }

    /// Boards holding exactly `s` seeds: `C(s + h - 1, h - 1)`.
    pub fn boards(&self, s: u32) -> u64 {
        self.c(s as usize + self.holes - 1, self.holes - 1)
    }

    /// Positions (boards times two sides) in level `s`.
    pub fn level_len(&self, s: u32) -> u64 {
        2 * self.boards(s)
    }

    /// Index of the first position of level `s`.
    pub fn level_offset(&self, s: u32) -> u64 {
        self.offsets[s as usize]
    }

    /// Positions in levels `0..=max_seeds`.
    pub fn total(&self) -> u64 {
        self.offsets[self.max_seeds as usize + 1]
    }

    /// The rank of `board` (its first `holes` entries, holding `s` seeds)
    /// among the boards with `s` seeds.
    #[inline]
    pub fn rank(&self, board: &[u8]) -> u64 {
        let mut prefix = 0usize;
        let mut r = 0u64;
        for (j, &b) in board[..self.holes - 1].iter().enumerate() {
            prefix += b as usize;
            r += self.c(prefix + j, j + 1);
        }
        r
    }

    /// The board of rank `rank` among those with `s` seeds, written into
    /// `board[..holes]`.
    pub fn unrank(&self, mut rank: u64, s: u32, board: &mut [u8]) {
        let h = self.holes;
        // Bar places, highest first; each is below the one after it.
        let mut upper = s as usize + h - 1;
        let mut next_prefix = s as usize;
        for j in (0..h - 1).rev() {
            let mut p = upper - 1;
            while self.c(p, j + 1) > rank {
                p -= 1;
            }
            rank -= self.c(p, j + 1);
            let prefix = p - j;
            board[j + 1] = (next_prefix - prefix) as u8;
            next_prefix = prefix;
            upper = p;
        }
        board[0] = next_prefix as u8;
    }

    /// Calls `f(k, board)` for the `len` boards of level `s` from rank
    /// `first` on, in rank order (the chunk of a level that one thread
    /// walks).
    #[inline]
    pub(crate) fn walk(&self, s: u32, first: u64, len: usize, mut f: impl FnMut(usize, &[u8])) {
        let mut board = [0u8; mancala_core::MAX_HOLES];
        self.unrank(first, s, &mut board);
        for k in 0..len {
            if k > 0 {
                next_board(&mut board, self.holes);
            }
            f(k, &board[..self.holes]);
        }
    }

    /// The global index of a position: level `s`, side to move, board rank.
    #[inline]
    pub fn index(&self, s: u32, side: Side, rank: u64) -> u64 {
        self.offsets[s as usize] + side.index() as u64 * self.boards(s) + rank
    }

    /// The global index of `board` (holding `s` seeds) with `side` to move.
    #[inline]
    pub fn index_of(&self, board: &[u8], s: u32, side: Side) -> u64 {
        self.index(s, side, self.rank(board))
    }

    /// The level, side and rank of a global index.
    pub fn locate(&self, index: u64) -> (u32, Side, u64) {
        let s = match self.offsets.binary_search(&index) {
            Ok(mut i) => {
                // Skip empty levels (there are none, but stay safe).
                while self.offsets[i + 1] == index {
                    i += 1;
                }
                i
            }
            Err(i) => i - 1,
        };
        let within = index - self.offsets[s];
        let boards = self.boards(s as u32);
        let side = if within < boards {
            Side::South
        } else {
            Side::North
        };
        (s as u32, side, within % boards)
    }
}

/// The board of rank 0 among those holding `s` seeds: all in the last hole.
pub(crate) fn first_board(board: &mut [u8], holes: usize, s: u32) {
    board[..holes].fill(0);
    board[holes - 1] = s as u8;
}

/// Steps `board[..holes]` to the board of the next rank (same seeds).
/// Returns false after the last one.
#[inline]
pub(crate) fn next_board(board: &mut [u8], holes: usize) -> bool {
    // Colex order of the bar sets: the lowest bar that can move up does, and
    // the bars below it drop to the bottom. On the board: take one seed from
    // the first non-empty hole k >= 1 and put it, with the seeds of hole 0,
    // into hole k - 1.
    let mut k = 1;
    while k < holes && board[k] == 0 {
        k += 1;
    }
    if k == holes {
        return false;
    }
    let low = board[0];
    board[0] = 0;
    board[k] -= 1;
    board[k - 1] = low + 1;
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_unrank_round_trip() {
        for holes in 2..=6 {
            let ix = Indexer::new(holes, 9);
            for s in 0..=9 {
                let n = ix.boards(s);
                let mut board = vec![0u8; holes];
                first_board(&mut board, holes, s);
                let mut seen = 0u64;
                loop {
                    assert_eq!(board.iter().map(|&x| x as u32).sum::<u32>(), s);
                    let r = ix.rank(&board);
                    assert_eq!(r, seen, "sequential boards have sequential ranks");
                    let mut back = vec![0u8; holes];
                    ix.unrank(r, s, &mut back);
                    assert_eq!(back, board);
                    seen += 1;
                    if !next_board(&mut board, holes) {
                        break;
                    }
                }
                assert_eq!(seen, n, "holes {holes} seeds {s}");
            }
        }
    }

    #[test]
    fn level_sizes_and_locate() {
        let ix = Indexer::new(6, 42);
        // C(48, 6) boards in all, two sides each.
        assert_eq!(ix.total(), 2 * 12_271_512);
        assert_eq!(ix.boards(42), 1_533_939);
        for index in [0u64, 1, 2, 13, 14, 1000, 123_456, ix.total() - 1] {
            let (s, side, rank) = ix.locate(index);
            assert_eq!(ix.index(s, side, rank), index);
        }
        let ix = Indexer::new(12, 16);
        assert_eq!(ix.total(), 2 * 30_421_755);
    }

    #[test]
    fn unrank_large_board() {
        let ix = Indexer::new(6, 42);
        let board = [7u8, 0, 13, 2, 20, 0];
        let r = ix.rank(&board);
        let mut back = [0u8; 6];
        ix.unrank(r, 42, &mut back);
        assert_eq!(back, board);
    }
}
