//! The board: its rows and holes, how cells are numbered, which hole faces
//! which, and the rings of cells a lap follows, with the tables that sow a
//! short lap in one addition.
//!
//! # Cells
//!
//! A cell is a place a seed can fall into: a hole or a store. Holes are
//! numbered `0..holes` counter-clockwise, row by row: South's row is
//! `0..n`, left to right from South's seat, North's is `n..2n`, left to
//! right from North's. The two stores are cells too, numbered after every
//! hole a board may have: [`STORE_CELL`] + the side's index. A hole's bit
//! in a mask (`u32`) is `1 << hole`.
//!
//! # Facing holes and rows
//!
//! On two rows each player owns one row; the hole facing `h` across the
//! board is `2n-1-h` ([`Layout::opposite`]).
//!
//! On three rows of `m` holes (`m` even) the middle row is shared: each
//! player owns their outer row and the half of the middle row on their
//! right, and every lap goes round one ring through all `3m` holes, so the
//! board numbers like two rows of `n = 3m/2` holes. South's holes are
//! `0..m` (outer row, left to right from South's seat) then `m..n` (the
//! right half of the middle row, right to left); North's `n..2n` the same
//! from North's seat. Counter-clockwise goes up the indices, across the
//! middle row from one player's holes into the other's
//! (`docs/three-rows.md`). No hole faces another across the board:
//! validation keeps three-row games to rules that never ask for one.
//!
//! On four rows each player owns an outer row (nearest them) and an inner
//! row (facing the opponent's inner row), and sows around the ring of those
//! two: South's ring is `0..2m` for rows of `m` holes (the outer row left
//! to right from South's seat, then the inner row right to left), North's
//! `2m..4m` the same from North's seat, so that counter-clockwise goes up
//! the indices and a player's ring plays the part a row plays on two rows
//! (`n`, the holes a player owns, is `2m`; `row_mask` is the ring). South's
//! inner column `c` (from South's left, index `2m - c`) faces North's inner
//! column `m + 1 - c` (index `3m - 1 + c`): [`Layout::facing_inner`]. The
//! hole behind a hole (the same column of its owner's other row) is at
//! `2m - 1 - i` in the owner's ring for ring index `i`; the kichwas are the
//! ends of an inner row ([`Layout::kichwa`]).
//!
//! Every question about rows is asked here ([`Layout::owner`],
//! [`Layout::row`], [`Layout::opposite`], `row_mask`, `inner_mask`), so
//! that the sowing loop only follows `next` and `ring_next`.
//!
//! # Rings
//!
//! A lap follows a ring of cells: `next` (every hole, in the sowing
//! direction) or, where stores are sown or a lap stays in its own row,
//! `ring_next[mover]` (holes and the stores sown by that mover). `prev` is
//! `next` backwards (capture chains run against the sowing).

use std::sync::Arc;

use crate::position::{MAX_HOLES, Side};
use crate::spec::{BoardSpec, RowChoice, RuleSpec, SowStart, SowingSpec, StartLayout};

/// The cell number of South's store (North's is the next); holes are `0..MAX_HOLES`.
pub(crate) const STORE_CELL: usize = MAX_HOLES;

/// Cells a ring table covers: every hole and the two stores.
pub(crate) const RING_CELLS: usize = MAX_HOLES + 2;

/// The compiled board of a rule set.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// Holes each player owns: a row on two rows, a ring of two rows on four.
    pub(crate) n: usize,
    /// Rows of holes (2, 3 or 4).
    pub(crate) rows: usize,
    /// Holes in each row (`n`, `2n / 3` on three rows, `n / 2` on four).
    pub(crate) row_len: usize,
    /// On four rows, each side's inner row, one bit a hole (0 on two rows).
    pub(crate) inner_mask: [u32; 2],
    /// Holes on the board.
    pub(crate) holes: usize,
    /// Words of eight holes the board takes (`holes / 8`, rounded up).
    pub(crate) board_words: usize,
    /// Whether laps go clockwise (holes numbered downwards).
    pub(crate) clockwise: bool,
    /// The hole before each hole in the sowing direction.
    pub(crate) prev: [u8; MAX_HOLES],
    /// The hole after each hole in the sowing direction.
    pub(crate) next: [u8; MAX_HOLES],
    /// Each side's row, one bit a hole.
    pub(crate) row_mask: [u32; 2],
    /// Each side's row, one byte a hole (0xFF in the row).
    pub(crate) row_bytes: [[u8; MAX_HOLES]; 2],
    /// Each side's rightmost hole: the last of its row in sowing order.
    pub(crate) rightmost: [u8; 2],
    /// Laps follow `ring_next` rather than `next` (stores are sown, or a
    /// lap stays in its own row).
    pub(crate) ring_table: bool,
    /// For each mover, the cell after each cell of the ring a lap follows:
    /// holes, and the stores that mover sows.
    pub(crate) ring_next: [[u8; RING_CELLS]; 2],
    /// Which stores the rings pass through: the mover's own, the opponent's.
    pub(crate) ring_stores: [bool; 2],
    /// Seeds of a lap to (whole rounds of the ring `<< 8`) | seeds left
    /// over, the ring less the origin where the origin is passed over.
    pub(crate) lap_divmod: [u16; 256],
    /// As `lap_divmod`, for a ring of every hole (relay laps).
    pub(crate) relay_divmod: [u16; 256],
    /// The short laps along `next` ([`ShortLap::table`]).
    pub(crate) short_laps: Arc<[ShortLap]>,
    /// The laps along `ring_next` ([`ShortLap::ring_table`]).
    pub(crate) ring_laps: Arc<[ShortLap]>,
    /// The board at the start (`board.layout`).
    pub(crate) start_board: [u8; MAX_HOLES],
    /// Seeds in the game at the start.
    pub(crate) total_seeds: u32,
}

impl Layout {
    /// The board of `spec`, sown clockwise or not (games whose direction
    /// varies compile counter-clockwise and keep a reversed twin).
    pub(crate) fn new(spec: &RuleSpec, clockwise: bool) -> Layout {
        let rows = spec.board.rows as usize;
        let row_len = spec.board.holes_per_row as usize;
        let holes = rows * row_len;
        // A player's holes: their row, on three rows their outer row and
        // half the middle one, on four rows the ring of their two.
        let n = holes / 2;
        // On four rows each player's laps go round their own ring.
        let own_row = spec.sowing.own_row || rows == 4;
        let mut prev = [0u8; MAX_HOLES];
        for (h, before) in prev.iter_mut().enumerate().take(holes) {
            *before = if own_row {
                // Against the sowing direction within the hole's own row.
                let first = if h < n { 0 } else { n };
                let i = h - first;
                first
                    + if clockwise {
                        (i + 1) % n
                    } else {
                        (i + n - 1) % n
                    }
            } else if clockwise {
                (h + 1) % holes
            } else {
                (h + holes - 1) % holes
            } as u8;
        }
        let mut next = [0u8; MAX_HOLES];
        for h in 0..holes {
            next[prev[h] as usize] = h as u8;
        }
        let south_row = (1u32 << n) - 1;
        let row_mask = [south_row, south_row << n];
        let rightmost = if clockwise {
            [0, n as u8]
        } else {
            [(n - 1) as u8, (holes - 1) as u8]
        };
        let next_hole = |h: usize| {
            if clockwise {
                (h + holes - 1) % holes
            } else {
                (h + 1) % holes
            }
        };
        // With `own_row` each row is a ring of its own: the hole after a
        // row's last hole is that row's first. Both tables are built for
        // both rows, so a lap stays in the row it starts in.
        let next_in_row = |h: usize| {
            let first = if h < n { 0 } else { n };
            let i = h - first;
            first
                + if clockwise {
                    (i + n - 1) % n
                } else {
                    (i + 1) % n
                }
        };
        let ring_stores = [spec.sowing.into_own_store, spec.sowing.into_opponent_store];
        let mut ring_next = [[0u8; RING_CELLS]; 2];
        for side in Side::BOTH {
            let ring = &mut ring_next[side.index()];
            for (h, next) in ring.iter_mut().enumerate().take(holes) {
                *next = if own_row {
                    next_in_row(h)
                } else {
                    next_hole(h)
                } as u8;
            }
            // Each store stands after its owner's row; the opponent's is
            // in the ring only where it is sown too.
            let sown_stores: &[Side] = if spec.sowing.into_opponent_store {
                &Side::BOTH
            } else if spec.sowing.into_own_store {
                std::slice::from_ref(&side)
            } else {
                &[]
            };
            for owner in sown_stores {
                // Clockwise with `stores_on_right`, a store stands where
                // counter-clockwise sowing puts it: after the other row.
                let last = if spec.sowing.stores_on_right {
                    rightmost[owner.opponent().index()]
                } else {
                    rightmost[owner.index()]
                } as usize;
                let store = STORE_CELL + owner.index();
                ring[store] = ring[last];
                ring[last] = store as u8;
            }
        }
        let ring = holes - spec.sowing.skip_origin as usize;
        let inner_mask = if rows == 4 {
            let inner = ((1u32 << row_len) - 1) << row_len;
            [inner, inner << n]
        } else {
            [0, 0]
        };
        let mut layout = Layout {
            n,
            rows,
            row_len,
            inner_mask,
            holes,
            board_words: holes.div_ceil(8),
            clockwise,
            prev,
            next,
            row_mask,
            row_bytes: row_mask.map(|mask| {
                let mut bytes = [0u8; MAX_HOLES];
                for (hole, byte) in bytes.iter_mut().enumerate() {
                    if mask & (1 << hole) != 0 {
                        *byte = 0xFF;
                    }
                }
                bytes
            }),
            rightmost,
            ring_table: own_row || spec.sowing.into_own_store,
            ring_next,
            ring_stores,
            lap_divmod: std::array::from_fn(|s| (((s / ring) << 8) | (s % ring)) as u16),
            relay_divmod: std::array::from_fn(|s| (((s / holes) << 8) | (s % holes)) as u16),
            short_laps: Arc::from([]),
            ring_laps: Arc::from([]),
            start_board: start_layout(&spec.board),
            total_seeds: 0,
        };
        if let Some(rows) = spec.rows.as_ref().filter(|r| !r.start_inner.is_empty()) {
            // Inner column c of a side is its index 2m - c in its ring.
            let m = spec.board.holes_per_row as usize;
            layout.start_board = [0; MAX_HOLES];
            for side in 0..2 {
                for (c, &seeds) in (1..).zip(&rows.start_inner) {
                    layout.start_board[side * 2 * m + 2 * m - c] = seeds as u8;
                }
            }
        }
        // Seeds in hand are the game's too.
        let in_hands = spec.rows.as_ref().and_then(|r| r.hand).unwrap_or(0);
        layout.total_seeds =
            layout.start_board.iter().map(|&s| s as u32).sum::<u32>() + 2 * in_hands;
        layout.short_laps = ShortLap::table(&layout);
        layout.ring_laps = ShortLap::ring_table(&layout);
        layout
    }

    /// This board sown the other way round, with the same stores: the hole
    /// before is the hole after (captures across a gap look ahead, chains
    /// back), and each ring runs backwards.
    pub(crate) fn reversed(&self) -> Layout {
        let mut twin = self.clone();
        twin.clockwise = true;
        twin.prev = self.next;
        twin.next = self.prev;
        for side in Side::BOTH {
            let ring = &self.ring_next[side.index()];
            let back = &mut twin.ring_next[side.index()];
            // The store is in the ring only where it is sown.
            let store = self.ring_stores[0].then_some(STORE_CELL + side.index());
            let other = self.ring_stores[1].then_some(STORE_CELL + side.opponent().index());
            for cell in (0..self.holes).chain(store).chain(other) {
                back[ring[cell] as usize] = cell as u8;
            }
        }
        twin.short_laps = ShortLap::table(&twin);
        twin.ring_laps = ShortLap::ring_table(&twin);
        twin
    }

    /// The hole after `hole` in the sowing direction.
    ///
    /// Computed rather than read from `next`: it is the critical path of
    /// the seed-by-seed loop, and a table read would add a load's latency
    /// per seed.
    #[inline(always)]
    pub(crate) fn next_hole(&self, hole: usize) -> usize {
        if self.clockwise {
            if hole == 0 { self.holes - 1 } else { hole - 1 }
        } else if hole + 1 == self.holes {
            0
        } else {
            hole + 1
        }
    }

    /// The side whose row `hole` is in.
    #[inline]
    pub(crate) fn owner(&self, hole: usize) -> Side {
        if hole < self.n {
            Side::South
        } else {
            Side::North
        }
    }

    /// The holes of `side`'s row, in index order.
    #[inline]
    pub(crate) fn row(&self, side: Side) -> std::ops::Range<usize> {
        match side {
            Side::South => 0..self.n,
            Side::North => self.n..self.holes,
        }
    }

    /// The hole facing `hole` across the board (`2n-1-hole`).
    #[inline]
    pub(crate) fn opposite(&self, hole: usize) -> usize {
        self.holes - 1 - hole
    }

    /// On four rows: the opponent's inner hole facing the inner hole
    /// `hole` across the middle of the board.
    #[inline]
    pub(crate) fn facing_inner(&self, hole: usize) -> usize {
        5 * self.row_len - 1 - hole
    }

    /// On four rows: the outer hole behind the inner hole `hole`, in the
    /// same column of its owner's side.
    #[inline]
    pub(crate) fn behind(&self, hole: usize) -> usize {
        let first = hole - hole % self.n;
        first + self.n - 1 - (hole - first)
    }

    /// On four rows: `side`'s left kichwa (inner column 1) or right kichwa
    /// (the last inner column), the ends of their inner row.
    #[inline]
    pub(crate) fn kichwa(&self, side: Side, left: bool) -> usize {
        let first = side.index() * self.n;
        first
            + if left {
                2 * self.row_len - 1
            } else {
                self.row_len
            }
    }
}

/// The board at the start of a game laid out as `board.layout` says.
pub(crate) fn start_layout(b: &BoardSpec) -> [u8; MAX_HOLES] {
    let n = b.holes_per_row as usize;
    let holes = b.holes() as usize;
    let seeds = b.seeds_per_hole as u8;
    let mut board = [0u8; MAX_HOLES];
    match b.layout {
        StartLayout::Uniform => board[..holes].fill(seeds),
        StartLayout::RightmostPlusOne => {
            board[..holes].fill(seeds);
            board[n - 1] += 1;
            board[holes - 1] += 1;
        }
        StartLayout::Random => board = random_layout(b, 0),
        StartLayout::TwoOfThree => {
            // Each row from its player's left: both rows alike.
            for hole in (0..holes).filter(|h| !(h % n).is_multiple_of(3)) {
                board[hole] = seeds;
            }
        }
        StartLayout::OuterRows => {
            // Each side's outer row opens its ring: South's 0..m, North's
            // 2m..3m.
            for hole in (0..holes).filter(|h| h % (2 * n) < n) {
                board[hole] = seeds;
            }
        }
        StartLayout::LastTwoEmpty => {
            for hole in (0..holes).filter(|h| h % n < n - 2) {
                board[hole] = seeds;
            }
        }
        StartLayout::Gamacha => {
            // Laid out for South first, then turned round for North.
            for hole in (2..holes).step_by(2) {
                board[hole] = seeds;
            }
            let d = 1 + 2 * ((n - 1) / 4);
            board[d] = board[holes - 1 - d];
            board[holes - 1 - d] = 0;
            if b.first_player == Side::North {
                board[..holes].rotate_left(n);
            }
        }
    }
    board
}

/// The least seeds in every hole of a random start layout.
pub(crate) fn random_layout_floor(b: &BoardSpec) -> u8 {
    if b.seeds_per_hole >= 2 { 2 } else { 0 }
}

/// A random start layout drawn from `seed`: the floor in every hole, and
/// the rest split as a uniformly random composition (stars and bars: the
/// holes - 1 bars are a uniformly random subset of the rest + holes - 1
/// places, drawn by selection sampling). SplitMix64 keeps a seed's board
/// the same on every platform and version.
pub(crate) fn random_layout(b: &BoardSpec, seed: u64) -> [u8; MAX_HOLES] {
    let holes = b.holes() as usize;
    let floor = random_layout_floor(b);
    let rest = b.seeds() as usize - floor as usize * holes;
    let mut board = [0u8; MAX_HOLES];
    board[..holes].fill(floor);
    let mut state = seed;
    let mut below = |n: u64| -> u64 {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((z as u128 * n as u128) >> 64) as u64
    };
    let places = rest + holes - 1;
    let mut bars_left = holes - 1;
    let mut hole = 0;
    for place in 0..places {
        // Each remaining place is a bar with probability bars left / places left.
        if bars_left > 0 && below((places - place) as u64) < bars_left as u64 {
            bars_left -= 1;
            hole += 1;
        } else {
            board[hole] += 1;
        }
    }
    board
}

/// Per hole, the seeds whose sowing goes round the opponent's row and comes
/// back into the hole's own row (`moves.rams`): the cells its owner's
/// sowing reaches, counted up to the first hole of its own row after one of
/// the opponent's (a store in the ring counts as a cell; a sowing starting
/// in its origin sows it first).
pub(crate) fn ram_counts(
    s: &SowingSpec,
    n: usize,
    next: &[u8; MAX_HOLES],
    ring_next: &[[u8; RING_CELLS]; 2],
) -> [u8; MAX_HOLES] {
    let ring = s.into_own_store;
    let mut counts = [0u8; MAX_HOLES];
    for (h, count) in counts.iter_mut().enumerate().take(2 * n) {
        let owner = h / n;
        let step = |cell: usize| {
            if ring {
                ring_next[owner][cell] as usize
            } else {
                next[cell] as usize
            }
        };
        let row = |cell: usize| (cell < MAX_HOLES).then_some(cell / n);
        let mut cell = if s.start == SowStart::Origin {
            h
        } else {
            step(h)
        };
        let mut seeds = 1usize;
        let mut crossed = false;
        loop {
            if s.skip_origin && cell == h && seeds > 1 {
                cell = step(cell);
                continue;
            }
            match row(cell) {
                Some(r) if r != owner => crossed = true,
                Some(_) if crossed => break,
                _ => {}
            }
            cell = step(cell);
            seeds += 1;
        }
        *count = seeds.min(255) as u8;
    }
    counts
}

/// The seeds of the holes whose bits `mask` has.
#[inline]
pub(crate) fn sum_bits(board: &[u8; MAX_HOLES], mut mask: u32) -> u32 {
    let mut sum = 0;
    while mask != 0 {
        sum += board[mask.trailing_zeros() as usize] as u32;
        mask &= mask - 1;
    }
    sum
}

/// Per mover, the holes of `row` (relative to the mover; absent: both rows).
pub(crate) fn rows_of(row: Option<RowChoice>, row_mask: [u32; 2]) -> [u32; 2] {
    match row {
        None | Some(RowChoice::Any) => [row_mask[0] | row_mask[1]; 2],
        Some(RowChoice::Own) => row_mask,
        Some(RowChoice::Opponent) => [row_mask[1], row_mask[0]],
    }
}

/// How a lap of fewer seeds than holes sows around the holes alone (no
/// store, nothing passed over), from one origin: at most one seed a hole,
/// so the whole lap is one addition a word of the board. Most laps of most
/// games are this short; the seed-by-seed loop is kept for the rest and for
/// tracing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortLap {
    /// One in each hole sown, eight holes a word.
    add: [u64; MAX_HOLES / 8],
    /// The holes sown, one bit a hole.
    pub(crate) sown: u32,
    /// The cell the last seed falls into (a hole, or `STORE_CELL` + side);
    /// [`ShortLap::LONG`] in the entries of [`ShortLap::ring_table`] for
    /// laps that come round to their origin.
    pub(crate) last: u8,
    /// Seeds into each player's store.
    stores: [u8; 2],
}

impl ShortLap {
    /// The lap of `seeds` seeds from `origin` along `next` (cells of a
    /// ring: holes, and stores from `STORE_CELL`), each cell sown once.
    fn walk(next: impl Fn(usize) -> usize, origin: usize, seeds: usize) -> ShortLap {
        let mut bytes = [0u8; MAX_HOLES];
        let mut stores = [0u8; 2];
        let mut sown = 0u32;
        let mut cell = next(origin);
        let mut last = cell;
        for _ in 0..seeds {
            if cell < MAX_HOLES {
                bytes[cell] = 1;
                sown |= 1 << cell;
            } else {
                stores[cell - STORE_CELL] = 1;
            }
            last = cell;
            cell = next(cell);
        }
        let mut add = [0u64; MAX_HOLES / 8];
        for (word, chunk) in add.iter_mut().zip(bytes.chunks_exact(8)) {
            *word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
        }
        ShortLap {
            add,
            sown,
            last: last as u8,
            stores,
        }
    }

    /// The table of `layout`: entry `origin * holes + seeds` for every
    /// origin and `seeds < holes`, following [`Layout::next_hole`].
    fn table(layout: &Layout) -> Arc<[ShortLap]> {
        let holes = layout.holes;
        (0..holes)
            .flat_map(|origin| {
                (0..holes).map(move |seeds| Self::walk(|h| layout.next_hole(h), origin, seeds))
            })
            .collect()
    }

    /// `last` of an entry whose lap is not short.
    pub(crate) const LONG: u8 = u8::MAX;

    /// The entries of a lap around a table ring (through stores, or a
    /// player's own row) of `layout`, entry
    /// `(side * holes + origin) * (holes + 2) + seeds` for every mover,
    /// origin and number of seeds up to the ring's length; empty for a
    /// layout whose laps do not follow a table ring.
    fn ring_table(layout: &Layout) -> Arc<[ShortLap]> {
        if !layout.ring_table {
            return Arc::from([]);
        }
        let holes = layout.holes;
        let stride = holes + 2;
        let mut table = Vec::with_capacity(2 * holes * stride);
        for side in Side::BOTH {
            let next = &layout.ring_next[side.index()];
            for origin in 0..holes {
                // Cells sown before the lap comes back to its origin (or
                // round a ring the origin is not on).
                let mut reach = 0;
                let mut cell = next[origin] as usize;
                while cell != origin && reach < stride {
                    reach += 1;
                    cell = next[cell] as usize;
                }
                if cell != origin {
                    // Not on the ring: every lap goes seed by seed.
                    reach = 0;
                }
                for seeds in 0..stride {
                    let mut lap = Self::walk(|c| next[c] as usize, origin, seeds.min(reach));
                    if seeds > reach || (seeds == 0 && reach == 0) {
                        lap.last = Self::LONG;
                    }
                    table.push(lap);
                }
            }
        }
        table.into()
    }

    /// Takes `lifted` seeds from `origin` and sows the lap on `board` and
    /// `stores`, adding `rounds(k)` to the holes of word `k` too (whole
    /// rounds of a longer lap); returns the lap's last cell and the holes
    /// it sows. `words`: the board's words ([`Layout::board_words`]).
    ///
    /// One pass a word, the lift included: a byte written just before the
    /// words are read would stall the reads until it reached the cache.
    #[inline(always)]
    pub(crate) fn apply(
        &self,
        board: &mut [u8; MAX_HOLES],
        stores: &mut [u8; 2],
        origin: usize,
        lifted: u64,
        rounds: impl Fn(usize) -> u64,
        words: usize,
    ) -> (usize, u32) {
        // The same branch every move of a game, against up to three words
        // of work most boards do not need.
        match words {
            1 => self.apply_words::<1>(board, origin, lifted, &rounds),
            2 => self.apply_words::<2>(board, origin, lifted, &rounds),
            3 => self.apply_words::<3>(board, origin, lifted, &rounds),
            _ => self.apply_words::<{ MAX_HOLES / 8 }>(board, origin, lifted, &rounds),
        }
        stores[0] += self.stores[0];
        stores[1] += self.stores[1];
        (self.last as usize, self.sown)
    }

    /// [`ShortLap::apply`] on the first `WORDS` words of the board.
    #[inline(always)]
    fn apply_words<const WORDS: usize>(
        &self,
        board: &mut [u8; MAX_HOLES],
        origin: usize,
        lifted: u64,
        rounds: &impl Fn(usize) -> u64,
    ) {
        let lifted = lifted << (8 * (origin % 8));
        for (k, chunk) in board.chunks_exact_mut(8).take(WORDS).enumerate() {
            let word = u64::from_le_bytes((&*chunk).try_into().expect("8 bytes"));
            let lift = if k == origin / 8 { lifted } else { 0 };
            // Exact in wrapping arithmetic: every hole ends between 0 and
            // `MAX_SEEDS` (255) seeds, whatever the order of the terms.
            let sum = word
                .wrapping_add(self.add[k])
                .wrapping_add(rounds(k))
                .wrapping_sub(lift);
            chunk.copy_from_slice(&sum.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod four_row_tests {
    use crate::Rules;
    use crate::position::Side;

    #[test]
    fn four_rows_number_rings_facing_holes_and_kichwas_as_the_spec() {
        let r = Rules::builtin("bao-la-kujifunza").unwrap();
        let l = &r.layout;
        assert_eq!((l.rows, l.row_len, l.n, l.holes), (4, 8, 16, 32));
        // South's inner column c is index 16 - c and faces index 23 + c.
        for c in 1..=8 {
            assert_eq!(l.facing_inner(16 - c), 23 + c);
            assert_eq!(l.facing_inner(23 + c), 16 - c);
        }
        assert_eq!(l.inner_mask, [0xFF00, 0xFF00_0000]);
        assert_eq!(l.row_mask, [0xFFFF, 0xFFFF_0000]);
        assert_eq!(
            (l.kichwa(Side::South, true), l.kichwa(Side::South, false)),
            (15, 8)
        );
        assert_eq!(
            (l.kichwa(Side::North, true), l.kichwa(Side::North, false)),
            (31, 24)
        );
        // Each ring is its own: after H comes I, after P comes A.
        assert_eq!((l.next[7], l.next[15], l.next[31]), (8, 0, 16));
    }
}
