//! A hand-specialized Kalah(6, 4): the second yardstick of
//! `benches/random_games.rs`, checked move for move against the engine in
//! `tests/integration/yardstick.rs` (both include this file with `#[path]`).
//!
//! Everything is hard-coded: 14 cells in one array (South's holes `0..6`,
//! South's store 6, North's holes `7..13`, North's store 13), so that sowing
//! is one loop over a ring that skips the opponent's store; an extra turn for
//! a last seed in the own store; the capture of the opposite hole with the
//! capturing seed; the end as soon as either row is empty, each player
//! taking their own row.

#![allow(dead_code)]

/// Holes on the board (stores not counted).
pub const HOLES: usize = 12;
const CELLS: usize = 14;
const STORE: [usize; 2] = [6, 13];

/// A game of Kalah(6, 4) in progress.
#[derive(Clone, Debug)]
pub struct Kalah {
    cells: [u8; CELLS],
    /// 0: South, 1: North.
    mover: usize,
    ply: u32,
    over: bool,
}

impl Default for Kalah {
    fn default() -> Self {
        Kalah::new()
    }
}

/// The engine's hole index of a cell (stores have none).
fn hole_of(cell: usize) -> usize {
    if cell < 6 { cell } else { cell - 1 }
}

impl Kalah {
    /// The opening position.
    pub fn new() -> Kalah {
        let mut k = Kalah {
            cells: [0; CELLS],
            mover: 0,
            ply: 0,
            over: false,
        };
        k.restart();
        k
    }

    /// Back to the opening position.
    pub fn restart(&mut self) {
        self.cells = [4, 4, 4, 4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 0];
        self.mover = 0;
        self.ply = 0;
        self.over = false;
    }

    #[inline]
    fn row(&self, side: usize) -> &[u8] {
        if side == 0 {
            &self.cells[0..6]
        } else {
            &self.cells[7..13]
        }
    }

    /// The number of legal moves.
    #[inline]
    pub fn legal_len(&self) -> usize {
        self.row(self.mover).iter().filter(|&&s| s > 0).count()
    }

    /// The legal moves' origins as engine hole indices, in order.
    pub fn legal_origins(&self) -> Vec<usize> {
        let base = if self.mover == 0 { 0 } else { 7 };
        (base..base + 6)
            .filter(|&c| self.cells[c] > 0)
            .map(hole_of)
            .collect()
    }

    /// Plays the `index`-th legal move (in hole order).
    #[inline]
    pub fn play_index(&mut self, index: usize) {
        let me = self.mover;
        let base = if me == 0 { 0 } else { 7 };
        let mut origin = base;
        let mut seen = 0;
        loop {
            if self.cells[origin] > 0 {
                if seen == index {
                    break;
                }
                seen += 1;
            }
            origin += 1;
        }
        let skip = STORE[1 - me];
        let mut seeds = self.cells[origin];
        self.cells[origin] = 0;
        let mut cell = origin;
        while seeds > 0 {
            cell += 1;
            if cell == CELLS {
                cell = 0;
            }
            if cell == skip {
                continue;
            }
            self.cells[cell] += 1;
            seeds -= 1;
        }
        self.ply += 1;
        let own_row = cell >= base && cell < base + 6;
        if own_row && self.cells[cell] == 1 {
            let opposite = 12 - cell;
            if self.cells[opposite] > 0 {
                self.cells[STORE[me]] += self.cells[opposite] + 1;
                self.cells[opposite] = 0;
                self.cells[cell] = 0;
            }
        }
        if cell != STORE[me] {
            self.mover = 1 - me;
        }
        if self.row(0).iter().all(|&s| s == 0) || self.row(1).iter().all(|&s| s == 0) {
            self.over = true;
        }
    }

    /// Whether the game is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// Seeds by engine hole index.
    pub fn board(&self) -> [u8; HOLES] {
        let mut b = [0u8; HOLES];
        for (h, seeds) in b.iter_mut().enumerate() {
            *seeds = self.cells[if h < 6 { h } else { h + 1 }];
        }
        b
    }

    /// The two stores, South first.
    pub fn stores(&self) -> [u32; 2] {
        [self.cells[6] as u32, self.cells[13] as u32]
    }

    /// The player to move (0 South, 1 North).
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Moves played.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The final totals once over: store plus own row.
    pub fn score(&self) -> Option<[u32; 2]> {
        let own = |side: usize| self.row(side).iter().map(|&s| s as u32).sum::<u32>();
        self.over
            .then(|| [self.stores()[0] + own(0), self.stores()[1] + own(1)])
    }
}
