//! A hand-specialized Bao la Kujifunza (4x8, two seeds a hole): the
//! four-row yardstick of `benches/random_games.rs`, checked move for move
//! against the engine in `tests/integration/yardstick.rs` (both include this file with
//! `#[path]`).
//!
//! Everything is hard-coded: one array of 32 holes, each player's ring of
//! 16 (South `0..16`, North `16..32`; the inner rows `8..16` and `24..32`),
//! so that a step round a ring is an addition masked to 16; the hole facing
//! inner hole `i` is `39 - i`. The legal moves are listed as the engine
//! lists them (holes in index order, counter-clockwise before clockwise):
//! the capturing moves if one of them ends, else the takasa moves; every
//! move is sown whole, with Brent's cycle detection between laps, and its
//! board kept for when it is played.

#![allow(dead_code)]

/// Holes on the board.
pub const HOLES: usize = 32;
const MAX_PLIES: u32 = 10_000;

/// A game of Bao la Kujifunza in progress.
#[derive(Clone, Debug)]
pub struct Bao {
    board: [u8; HOLES],
    /// 0: South, 1: North.
    mover: usize,
    ply: u32,
    over: bool,
    /// The legal moves as (hole, clockwise), and the board each leads to.
    moves: [(u8, bool); 32],
    children: [[u8; HOLES]; 32],
    len: usize,
}

impl Default for Bao {
    fn default() -> Self {
        Bao::new()
    }
}

/// Whether `board`'s inner row of the player whose ring starts at `base` is empty.
#[inline]
fn inner_empty(board: &[u8; HOLES], base: usize) -> bool {
    let word = u64::from_le_bytes(board[base + 8..base + 16].try_into().unwrap());
    word == 0
}

/// The state between two laps, for the cycle detection.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Between {
    board: [u8; HOLES],
    hole: u8,
    clockwise: bool,
}

impl Bao {
    /// The opening position.
    pub fn new() -> Bao {
        let mut b = Bao {
            board: [2; HOLES],
            mover: 0,
            ply: 0,
            over: false,
            moves: [(0, false); 32],
            children: [[0; HOLES]; 32],
            len: 0,
        };
        b.restart();
        b
    }

    /// Back to the opening position.
    pub fn restart(&mut self) {
        self.board = [2; HOLES];
        self.mover = 0;
        self.ply = 0;
        self.over = false;
        self.list();
    }

    pub fn is_over(&self) -> bool {
        self.over
    }

    pub fn legal_len(&self) -> usize {
        self.len
    }

    pub fn board(&self) -> &[u8; HOLES] {
        &self.board
    }

    /// The legal moves as (hole, clockwise), in the engine's order.
    pub fn legal(&self) -> &[(u8, bool)] {
        &self.moves[..self.len]
    }

    /// Plays the `index`-th legal move.
    pub fn play_index(&mut self, index: usize) {
        self.board = self.children[index];
        self.mover ^= 1;
        self.ply += 1;
        if inner_empty(&self.board, 0) || inner_empty(&self.board, 16) {
            self.over = true;
            self.len = 0;
            return;
        }
        self.list();
        if self.len == 0 || self.ply >= MAX_PLIES {
            self.over = true;
            self.len = 0;
        }
    }

    /// Whether the first lap from `hole` captures: 2 to 15 seeds ending in
    /// an occupied inner hole facing an occupied one.
    #[inline]
    fn first_lap_captures(&self, hole: usize, clockwise: bool) -> bool {
        let base = hole & 16;
        let seeds = self.board[hole] as usize;
        if seeds > 15 {
            return false;
        }
        let local = hole & 15;
        let last = base
            | (if clockwise {
                local.wrapping_sub(seeds)
            } else {
                local + seeds
            } & 15);
        last & 15 >= 8 && self.board[last] > 0 && self.board[39 - last] > 0
    }

    fn push(&mut self, hole: usize, clockwise: bool, captures: bool) {
        if let Some(child) = self.sow(hole, clockwise, captures) {
            self.moves[self.len] = (hole as u8, clockwise);
            self.children[self.len] = child;
            self.len += 1;
        }
    }

    fn list(&mut self) {
        self.len = 0;
        let base = 16 * self.mover;
        let mut capturing = 0u32;
        for hole in base..base + 16 {
            if self.board[hole] < 2 {
                continue;
            }
            for (d, clockwise) in [false, true].into_iter().enumerate() {
                if self.first_lap_captures(hole, clockwise) {
                    capturing |= 1 << (2 * (hole - base) + d);
                    self.push(hole, clockwise, true);
                }
            }
        }
        if self.len > 0 {
            return;
        }
        let inner_playable = self.board[base + 8..base + 16].iter().any(|&s| s >= 2);
        let from = if inner_playable {
            base + 8..base + 16
        } else {
            base..base + 8
        };
        let occupied: Vec<usize> = (base + 8..base + 16)
            .filter(|&h| self.board[h] > 0)
            .collect();
        for hole in from {
            if self.board[hole] < 2 {
                continue;
            }
            for (d, clockwise) in [false, true].into_iter().enumerate() {
                if capturing & (1 << (2 * (hole - base) + d)) != 0 {
                    continue;
                }
                // A lone kichwa is not sown towards the outer row.
                let outward = (hole == base + 15 && !clockwise) || (hole == base + 8 && clockwise);
                if outward && occupied == [hole] {
                    continue;
                }
                self.push(hole, clockwise, false);
            }
        }
    }

    /// The board after the move, or `None` when its sowing never ends.
    fn sow(&self, origin: usize, clockwise: bool, captures: bool) -> Option<[u8; HOLES]> {
        let mut board = self.board;
        let base = origin & 16;
        let opponent = base ^ 16;
        let mut clockwise = clockwise;
        let mut hole = origin;
        let mut hand = board[origin];
        board[origin] = 0;
        let mut first = true;
        // Brent's cycle detection over the states at the ends of the laps
        // after the first.
        let mut saved: Option<Between> = None;
        let (mut power, mut length) = (1u32, 0u32);
        loop {
            let step =
                |h: usize, cw: bool| base | (if cw { h.wrapping_sub(1) } else { h + 1 } & 15);
            // The mover's last inner seeds lifted: the next seed in the
            // outer row loses the game.
            if hole & 15 >= 8 && inner_empty(&board, base) {
                hole = step(hole, clockwise);
                board[hole] += 1;
                hand -= 1;
                if hole & 15 < 8 {
                    return Some(board);
                }
            }
            for _ in 0..hand {
                hole = step(hole, clockwise);
                board[hole] += 1;
            }
            if board[hole] == 1 {
                return Some(board);
            }
            let capture = captures && hole & 15 >= 8 && board[39 - hole] > 0;
            if first {
                first = false;
            } else {
                let now = Between {
                    board,
                    hole: hole as u8,
                    clockwise,
                };
                if saved == Some(now) {
                    return None;
                }
                if saved.is_none() || length == power {
                    if saved.is_some() {
                        power *= 2;
                    }
                    saved = Some(now);
                    length = 0;
                }
                length += 1;
            }
            if !capture {
                hand = board[hole];
                board[hole] = 0;
                continue;
            }
            let taken = board[39 - hole];
            board[39 - hole] = 0;
            if inner_empty(&board, opponent) {
                return Some(board);
            }
            // Kimbi: columns 1, 2 (local 15, 14) and 7, 8 (local 9, 8).
            let local = hole & 15;
            let left = if local >= 14 {
                clockwise = true;
                true
            } else if local <= 9 {
                clockwise = false;
                false
            } else {
                clockwise
            };
            let kichwa = base | if left { 15 } else { 8 };
            // The first seed falls into the kichwa: start from the hole before it.
            hole = step(kichwa, !clockwise);
            hand = taken;
        }
    }
}
