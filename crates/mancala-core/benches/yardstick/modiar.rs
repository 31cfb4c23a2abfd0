//! A hand-specialized Modiar: the yardstick the generic engine is measured
//! against in `benches/random_games.rs`, and checked move for move against
//! the engine in `tests/integration/yardstick.rs` (both include this file with `#[path]`).
//!
//! Everything the rule file says is hard-coded: a 2 x 3 board of 7 seeds a
//! hole, origin-first single-lap sowing, candidates holding at least 2 seeds,
//! must-feed, capture of 2/4/6 chaining backwards across both rows over holes
//! sown this move, no capture on the first move, grand slams forbidden unless
//! every move is one (then played without capture), the end when the mover
//! has no legal move (each player collects their own row) and repetition of
//! a position since the last capture (the board is shared).
//!
//! Holes are indexed as in the engine: South `0..3`, North `3..6`.

#![allow(dead_code)]

/// Holes on the board.
pub const HOLES: usize = 6;
const SOUTH_ROW: u8 = 0b000_111;
const NORTH_ROW: u8 = 0b111_000;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The player to move had no legal move.
    NoMoves,
    /// Every seed was captured.
    BoardEmpty,
    /// A position since the last capture recurred.
    Repetition,
}

#[derive(Clone, Copy, Debug)]
struct Child {
    origin: u8,
    board: [u8; HOLES],
    gain: u8,
}

const NO_CHILD: Child = Child {
    origin: 0,
    board: [0; HOLES],
    gain: 0,
};

/// A game of Modiar in progress.
#[derive(Clone, Debug)]
pub struct Modiar {
    board: [u8; HOLES],
    captured: [u8; 2],
    /// 0: South, 1: North.
    mover: usize,
    /// Whether any move has been played (no capture on the first move).
    opened: bool,
    ply: u32,
    /// Positions since the last capture (board and mover packed in a word).
    history: Vec<u64>,
    children: [Child; 3],
    len: usize,
    end: Option<End>,
}

impl Default for Modiar {
    fn default() -> Self {
        Self::new()
    }
}

#[inline(always)]
fn captures(seeds: u8) -> bool {
    matches!(seeds, 2 | 4 | 6)
}

#[inline(always)]
fn row_sum(board: &[u8; HOLES], row: usize) -> u8 {
    board[row] + board[row + 1] + board[row + 2]
}

impl Modiar {
    /// A new game from the opening position.
    pub fn new() -> Modiar {
        let mut game = Modiar {
            board: [7; HOLES],
            captured: [0; 2],
            mover: 0,
            opened: false,
            ply: 0,
            history: Vec::with_capacity(64),
            children: [NO_CHILD; 3],
            len: 0,
            end: None,
        };
        game.restart();
        game
    }

    /// Starts again from the opening position.
    pub fn restart(&mut self) {
        self.board = [7; HOLES];
        self.captured = [0; 2];
        self.mover = 0;
        self.opened = false;
        self.ply = 0;
        self.end = None;
        self.history.clear();
        self.history.push(self.key());
        self.generate();
        if self.len == 0 {
            self.end = Some(End::NoMoves);
        }
    }

    /// Starts a game from any position: the board, the seeds captured so far,
    /// the player to move (0: South) and whether a move has been played.
    pub fn set_position(
        &mut self,
        board: [u8; HOLES],
        captured: [u8; 2],
        mover: usize,
        opened: bool,
    ) {
        self.board = board;
        self.captured = captured;
        self.mover = mover;
        self.opened = opened;
        self.ply = 0;
        self.end = None;
        self.history.clear();
        self.history.push(self.key());
        self.generate();
        if self.board == [0; HOLES] {
            self.end = Some(End::BoardEmpty);
        } else if self.len == 0 {
            self.end = Some(End::NoMoves);
        }
    }

    #[inline(always)]
    fn key(&self) -> u64 {
        let b = self.board;
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], self.mover as u8, 0])
    }

    /// Lists the legal moves with the board each leads to.
    #[inline(always)]
    fn generate(&mut self) {
        let board = self.board;
        let own = 3 * self.mover;
        let (opp, opp_mask) = if self.mover == 0 {
            (3, NORTH_ROW)
        } else {
            (0, SOUTH_ROW)
        };
        let must_feed = row_sum(&board, opp) == 0;
        let mut len = 0;
        let mut slams = 0u8;
        for origin in own..own + 3 {
            let seeds = board[origin];
            if seeds < 2 {
                continue;
            }
            let mut b = board;
            b[origin] = 0;
            let mut hole = origin;
            let mut last = origin;
            let mut sown = 0u8;
            for _ in 0..seeds {
                b[hole] += 1;
                sown |= 1 << hole;
                last = hole;
                hole = if hole == HOLES - 1 { 0 } else { hole + 1 };
            }
            if must_feed && sown & opp_mask == 0 {
                continue;
            }
            let mut gain = 0;
            if self.opened && captures(b[last]) {
                let mut taken = 1u8 << last;
                let mut hole = if last == 0 { HOLES - 1 } else { last - 1 };
                while sown & !taken & (1 << hole) != 0 && captures(b[hole]) {
                    taken |= 1 << hole;
                    hole = if hole == 0 { HOLES - 1 } else { hole - 1 };
                }
                let mut from_opp = 0;
                let mut total = 0;
                for (h, &seeds) in b.iter().enumerate() {
                    if taken & (1 << h) != 0 {
                        total += seeds;
                        if opp_mask & (1 << h) != 0 {
                            from_opp += seeds;
                        }
                    }
                }
                if from_opp > 0 && from_opp == row_sum(&b, opp) {
                    slams |= 1 << len;
                } else {
                    for (h, seeds) in b.iter_mut().enumerate() {
                        if taken & (1 << h) != 0 {
                            *seeds = 0;
                        }
                    }
                    gain = total;
                }
            }
            self.children[len] = Child {
                origin: origin as u8,
                board: b,
                gain,
            };
            len += 1;
        }
        // Grand slams are legal (and capture nothing) only when every move is one.
        if slams != 0 && (slams.count_ones() as usize) < len {
            let mut kept = 0;
            for i in 0..len {
                if slams & (1 << i) == 0 {
                    self.children[kept] = self.children[i];
                    kept += 1;
                }
            }
            len = kept;
        }
        self.len = len;
    }

    /// Number of legal moves (0 once the game is over).
    #[inline]
    pub fn legal_len(&self) -> usize {
        if self.end.is_some() { 0 } else { self.len }
    }

    /// The origins of the legal moves, in hole order.
    pub fn legal_origins(&self) -> Vec<usize> {
        self.children[..self.legal_len()]
            .iter()
            .map(|c| c.origin as usize)
            .collect()
    }

    /// Plays the `index`-th legal move.
    #[inline]
    pub fn play_index(&mut self, index: usize) {
        assert!(self.end.is_none() && index < self.len, "no such move");
        let child = self.children[index];
        self.board = child.board;
        self.captured[self.mover] += child.gain;
        self.mover ^= 1;
        self.opened = true;
        self.ply += 1;
        if child.gain != 0 {
            self.history.clear();
        }
        if self.board == [0; HOLES] {
            self.end = Some(End::BoardEmpty);
            return;
        }
        self.generate();
        if self.len == 0 {
            self.end = Some(End::NoMoves);
            return;
        }
        let key = self.key();
        if self.history.contains(&key) {
            self.end = Some(End::Repetition);
            return;
        }
        self.history.push(key);
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// Why the game ended.
    pub fn end(&self) -> Option<End> {
        self.end
    }

    /// Seeds by hole.
    pub fn board(&self) -> [u8; HOLES] {
        self.board
    }

    /// Seeds captured by South and North.
    pub fn captured(&self) -> [u32; 2] {
        [self.captured[0] as u32, self.captured[1] as u32]
    }

    /// 0 when South is to move, 1 for North.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Moves played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Final totals in half seeds, South first, once the game is over.
    pub fn score(&self) -> Option<[u32; 2]> {
        let end = self.end?;
        let on_board: u32 = self.board.iter().map(|&s| s as u32).sum();
        Some([0, 1].map(|side| {
            let settled = match end {
                End::Repetition => on_board,
                End::NoMoves | End::BoardEmpty => 2 * row_sum(&self.board, 3 * side) as u32,
            };
            2 * self.captured[side] as u32 + settled
        }))
    }
}
