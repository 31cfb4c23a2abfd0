//! Kalah(m,n) solved by search above endgame databases.
//!
//! The retrograde solver enumerates every position, which stops being
//! possible around Kalah(5,3). Above that, as Irving, Donkers and Uiterwijk
//! did in 2000, the opening is searched: MTD(f) (a series of null-window
//! alpha-beta searches converging on the value) with a transposition table,
//! and a retrograde database of the positions with few seeds on the board
//! answers as soon as a line gets there.
//!
//! # Why a board is enough
//!
//! In Kalah the stores never go back to the board, so what the player to
//! move can still gain depends on the board alone: the value of a position
//! is the margin of the *rest* of the game (seeds still to reach a store,
//! own minus the opponent's), whatever the stores hold. That is also what
//! the margin databases store, so one database of boards serves every
//! store split. The search keeps the board from the mover's side (the
//! mover's row first), so a board and its mirror image share one table
//! entry. The game has no cycles: a move either puts seeds in a store or
//! only moves seeds forward in the mover's own row.
//!
//! # Rules
//!
//! Sowing is done here by a small Kalah-only routine (the search visits
//! billions of positions; going through the general engine costs several
//! times more). [`KalahRules::of`] accepts only rule sets that are exactly
//! the built-in `kalah` or `kalah-empty-capture` with another board size,
//! and a test plays every move of random positions both ways and requires
//! the same boards, stores and turns as `mancala-core`.

use std::cell::UnsafeCell;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mancala_core::{Move, Position, Rules, Side};

/// The largest Kalah row this search handles (the board key is 12 bytes).
pub const MAX_ROW: usize = 6;

/// A board from the mover's side: the mover's row, then the opponent's
/// (both counter-clockwise, as in `mancala-core`), unused holes 0.
pub type Board = [u8; 2 * MAX_ROW];

/// The Kalah rules the search needs: row length and the capture variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KalahRules {
    /// Holes a row.
    pub m: usize,
    /// Seeds a hole at the start.
    pub n: u32,
    /// A last seed in an empty own hole is taken even when the hole
    /// opposite is empty.
    pub empty_capture: bool,
}

/// What a move led to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The game is over: the mover's margin from the move on (its store
    /// gain and the settlement of the rows).
    Ended(i32),
    /// The last seed fell into the mover's store: the mover moves again,
    /// having gained this much.
    Again(i32),
    /// The opponent moves; the mover gained this much.
    Switch(i32),
}

impl KalahRules {
    /// The Kalah parameters of `rules`, if they are Kalah (either capture
    /// variant) with at most [`MAX_ROW`] holes a row; `None` otherwise.
    pub fn of(rules: &Rules) -> Option<KalahRules> {
        let spec = rules.spec();
        let m = spec.board.holes_per_row as usize;
        if !(1..=MAX_ROW).contains(&m) || rules.total_seeds() > 127 {
            return None;
        }
        let base = Rules::builtin("kalah").ok()?;
        let mut want = base.spec().clone();
        want.name = spec.name.clone();
        want.origin = spec.origin.clone();
        want.about = spec.about.clone();
        want.board.holes_per_row = spec.board.holes_per_row;
        want.board.seeds_per_hole = spec.board.seeds_per_hole;
        want.capture.empty_opposite = spec.capture.empty_opposite;
        (&want == spec).then_some(KalahRules {
            m,
            n: spec.board.seeds_per_hole,
            empty_capture: spec.capture.empty_opposite,
        })
    }

    /// The opening board.
    pub fn start(&self) -> Board {
        let mut b = [0u8; 2 * MAX_ROW];
        for h in b.iter_mut().take(2 * self.m) {
            *h = self.n as u8;
        }
        b
    }

    /// Plays hole `h` (0-based, of the mover's row) on `b`. Afterwards `b`
    /// is from the side of whoever moves next (turned round on
    /// [`Outcome::Switch`]), and empty on [`Outcome::Ended`].
    #[inline]
    pub fn play(&self, b: &mut Board, h: usize) -> Outcome {
        let m = self.m;
        let cells = 2 * m + 1;
        let k = b[h] as usize;
        debug_assert!(k > 0 && h < m);
        b[h] = 0;
        let (laps, rest) = (k / cells, k % cells);
        let mut gain = laps as i32;
        if laps > 0 {
            for x in b.iter_mut().take(2 * m) {
                *x += laps as u8;
            }
        }
        // Cells h+1 ..= h+rest get one more; cell m is the store, cells
        // above it are the opponent's holes m.. shifted by one.
        for c in h + 1..=h + rest {
            let c = c % cells;
            if c < m {
                b[c] += 1;
            } else if c == m {
                gain += 1;
            } else {
                b[c - 1] += 1;
            }
        }
        let last = (h + k) % cells;
        let mut again = false;
        if last == m {
            again = true;
        } else if last < m && b[last] == 1 {
            let opp = 2 * m - 1 - last;
            if b[opp] > 0 || self.empty_capture {
                gain += 1 + b[opp] as i32;
                b[last] = 0;
                b[opp] = 0;
            }
        }
        let own: i32 = b[..m].iter().map(|&x| x as i32).sum();
        let theirs: i32 = b[m..2 * m].iter().map(|&x| x as i32).sum();
        if own == 0 || theirs == 0 {
            *b = [0; 2 * MAX_ROW];
            return Outcome::Ended(gain + own - theirs);
        }
        if again {
            Outcome::Again(gain)
        } else {
            self.turn(b);
            Outcome::Switch(gain)
        }
    }

    /// The board from the other side.
    #[inline]
    pub fn turn(&self, b: &mut Board) {
        let m = self.m;
        for i in 0..m {
            b.swap(i, m + i);
        }
    }
}

/// An endgame database for the search: the value for the mover of every
/// board with at most `max_seeds` seeds, from the mover's side (one byte a
/// board; a board seen from North is the same board seen from South, so
/// half of what a general database holds).
///
/// Built here rather than by the general retrograde solver because Kalah
/// needs no fixpoint: inside a level (boards with the same seeds) a move
/// only moves seeds forward in the mover's row, so the level's moves form
/// no cycle and every board is worth the best of its moves, computed
/// through the moves once each (memoised; boards of lower levels are
/// already known). A test checks it against the retrograde databases.
pub struct KalahDb {
    k: KalahRules,
    ix: crate::index::Indexer,
    offsets: Vec<u64>,
    values: Zeroed<std::sync::atomic::AtomicI8>,
}

/// A move of a database board: the board it leads to (mover's side), what
/// the move did, and the child's index in the database.
#[derive(Clone, Copy)]
struct Child {
    board: Board,
    outcome: Outcome,
    at: usize,
}

impl Default for Child {
    fn default() -> Child {
        Child {
            board: [0; 2 * MAX_ROW],
            outcome: Outcome::Ended(0),
            at: 0,
        }
    }
}

/// Boards whose children are asked of the memory together in the build.
const BATCH: usize = 8;

const KDB_MAGIC: &[u8; 8] = b"MNCLKDB\n";
const KDB_VERSION: u32 = 1;
const KDB_HEADER: usize = 32;

/// A value is stored with its top bit flipped, so that the zeroed memory a
/// database starts in reads as "not yet known" (-128, which no board is
/// worth: a board's value lies within its 127 seeds at most).
const UNKNOWN: i8 = 0;

#[inline]
fn encode(v: i32) -> i8 {
    (v as i8) ^ i8::MIN
}

#[inline]
fn decode(x: i8) -> i32 {
    (x ^ i8::MIN) as i32
}

impl KalahDb {
    /// Builds the database of the boards with at most `max_seeds` seeds
    /// (levels in order, each level's boards in parallel).
    pub fn build(k: KalahRules, max_seeds: u32, progress: bool) -> KalahDb {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicI8, Ordering};
        let holes = 2 * k.m;
        // SAFETY: zero is a valid AtomicI8, which needs no dropping.
        let mut db = KalahDb::empty(k, max_seeds, unsafe { Zeroed::<AtomicI8>::new(0) });
        // SAFETY: as above.
        db.values = unsafe { Zeroed::<AtomicI8>::new(db.boards() as usize) };
        let started = Instant::now();
        let bar = crate::solve::counting_bar(db.boards(), progress, "boards");
        for s in 0..=max_seeds {
            let n = db.ix.boards(s);
            bar.set_message(format!("database: {s} seeds on the board"));
            let this = &db;
            const CHUNK: u64 = 4096;
            (0..n.div_ceil(CHUNK)).into_par_iter().for_each(|chunk| {
                // Boards go in batches: the children of the whole batch
                // are asked of the memory before the first is read, so
                // that many cache misses are under way at once (the build
                // waits on memory, not on sowing).
                let mut batch = [([Child::default(); MAX_ROW], Ok(0usize), 0usize); BATCH];
                let mut filled = 0;
                let base = this.offsets[s as usize] as usize;
                let first = chunk * CHUNK;
                let len = (n.min(first + CHUNK) - first) as usize;
                let flush = |batch: &mut [([Child; MAX_ROW], Result<usize, i32>, usize)]| {
                    for (children, count, at) in batch.iter() {
                        // A board solved meanwhile through a move in the level.
                        if this.values[*at].load(Ordering::Relaxed) != UNKNOWN {
                            continue;
                        }
                        let v = match *count {
                            Ok(count) => this.best_child(&children[..count], s as i32),
                            Err(over) => over,
                        };
                        this.values[*at].store(encode(v), Ordering::Relaxed);
                    }
                };
                this.ix.walk(s, first, len, |i, board| {
                    let at = base + first as usize + i;
                    if this.values[at].load(Ordering::Relaxed) != UNKNOWN {
                        return;
                    }
                    let mut b: Board = [0; 2 * MAX_ROW];
                    b[..holes].copy_from_slice(board);
                    let (children, count, slot) = &mut batch[filled];
                    *count = this.children(&b, s as i32, children);
                    *slot = at;
                    filled += 1;
                    if filled == BATCH {
                        flush(&mut batch[..]);
                        filled = 0;
                    }
                });
                flush(&mut batch[..filled]);
            });
            if progress && s >= 10 {
                bar.suspend(|| {
                    eprintln!(
                        "  database: {s} seeds, {} boards ({:.1} s)",
                        n,
                        started.elapsed().as_secs_f64()
                    )
                });
            }
            bar.inc(n);
        }
        bar.finish_and_clear();
        db
    }

    /// The database's index over `values` (which the caller sizes).
    fn empty(
        k: KalahRules,
        max_seeds: u32,
        values: Zeroed<std::sync::atomic::AtomicI8>,
    ) -> KalahDb {
        let ix = crate::index::Indexer::new(2 * k.m.max(1), max_seeds);
        let mut offsets = Vec::with_capacity(max_seeds as usize + 2);
        let mut total = 0u64;
        for s in 0..=max_seeds {
            offsets.push(total);
            total += ix.boards(s);
        }
        offsets.push(total);
        KalahDb {
            k,
            ix,
            offsets,
            values,
        }
    }

    /// The value of `b` (holding `s` seeds) for the mover, from the lower
    /// levels and, for moves that stay in the level, recursively.
    fn solve_board(&self, b: &Board, s: i32) -> i32 {
        let mut children = [Child::default(); MAX_ROW];
        match self.children(b, s, &mut children) {
            Ok(count) => self.best_child(&children[..count], s),
            Err(over) => over,
        }
    }

    /// Plays every move of `b` (holding `s` seeds) into `children` and asks
    /// the memory for each child's value, without waiting for it: the
    /// number of moves, or the value of a board with an empty row.
    #[inline]
    fn children(&self, b: &Board, s: i32, children: &mut [Child; MAX_ROW]) -> Result<usize, i32> {
        let m = self.k.m;
        let own: i32 = b[..m].iter().map(|&x| x as i32).sum();
        let theirs: i32 = b[m..2 * m].iter().map(|&x| x as i32).sum();
        if own == 0 || theirs == 0 {
            return Err(own - theirs);
        }
        let mut count = 0;
        for h in 0..m {
            if b[h] == 0 {
                continue;
            }
            let mut board = *b;
            let outcome = self.k.play(&mut board, h);
            let at = match outcome {
                Outcome::Ended(_) => 0,
                Outcome::Again(g) | Outcome::Switch(g) => {
                    let at = self.at(&board, s - g);
                    self.prefetch(at);
                    at
                }
            };
            children[count] = Child { board, outcome, at };
            count += 1;
        }
        Ok(count)
    }

    /// The best of a board's `children` (from [`KalahDb::children`]).
    #[inline]
    fn best_child(&self, children: &[Child], s: i32) -> i32 {
        let mut best = i32::MIN;
        for c in children {
            let v = match c.outcome {
                Outcome::Ended(v) => v,
                Outcome::Again(g) => g + self.known_or_solved(&c.board, s - g, c.at),
                Outcome::Switch(g) => g - self.known_or_solved(&c.board, s - g, c.at),
            };
            best = best.max(v);
        }
        best
    }

    /// The value of `c` (holding `s` seeds, at index `at`): stored, or
    /// (only a move that stays in the level leads to a board not yet
    /// known) solved now.
    fn known_or_solved(&self, c: &Board, s: i32, at: usize) -> i32 {
        use std::sync::atomic::Ordering;
        let x = self.values[at].load(Ordering::Relaxed);
        if x != UNKNOWN {
            return decode(x);
        }
        let x = self.solve_board(c, s);
        self.values[at].store(encode(x), Ordering::Relaxed);
        x
    }

    #[inline]
    fn at(&self, b: &Board, s: i32) -> usize {
        (self.offsets[s as usize] + self.ix.rank(&b[..2 * self.k.m])) as usize
    }

    /// The file name of the database of `k`'s boards with at most
    /// `max_seeds` seeds (the seeds a hole at the start do not matter: one
    /// file serves Kalah(6,4) and Kalah(6,5)).
    pub fn file_name(k: KalahRules, max_seeds: u32) -> String {
        let rule = if k.empty_capture {
            "kalah-empty-capture"
        } else {
            "kalah"
        };
        format!("{rule}-{}-holes-{max_seeds}-seeds.kdb", k.m)
    }

    /// Writes the database to `path` (through a temporary file renamed
    /// into place, so that a reader never sees half a file). Format,
    /// little-endian: magic `MNCLKDB\n`, format version, holes a row,
    /// empty capture (0 or 1), most seeds, boards (8 bytes), then one byte
    /// a board (levels in order, each in rank order: the value with its
    /// top bit flipped), then the CRC-32 of every byte before it.
    pub fn write(&self, path: &std::path::Path) -> Result<(), crate::DbError> {
        use std::io::Write;
        crate::db::check_write_target(path)?;
        let io = |error| crate::DbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".part");
        let tmp = std::path::PathBuf::from(tmp);
        let header = self.header();
        // SAFETY: `AtomicI8` has the layout of `i8`; nothing writes the
        // values any more (`build` has returned).
        let body = unsafe {
            std::slice::from_raw_parts(self.values.as_ptr() as *const u8, self.values.len())
        };
        let mut crc = crc32fast::Hasher::new();
        let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp).map_err(io)?);
        for part in [&header[..], body] {
            crc.update(part);
            out.write_all(part).map_err(io)?;
        }
        out.write_all(&crc.finalize().to_le_bytes()).map_err(io)?;
        out.into_inner()
            .map_err(|e| io(e.into_error()))?
            .sync_all()
            .map_err(io)?;
        std::fs::rename(&tmp, path).map_err(io)
    }

    fn header(&self) -> [u8; KDB_HEADER] {
        let mut h = [0u8; KDB_HEADER];
        h[..8].copy_from_slice(KDB_MAGIC);
        h[8..12].copy_from_slice(&KDB_VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&(self.k.m as u32).to_le_bytes());
        h[16..20].copy_from_slice(&(self.k.empty_capture as u32).to_le_bytes());
        h[20..24].copy_from_slice(&self.max_seeds().to_le_bytes());
        h[24..32].copy_from_slice(&self.boards().to_le_bytes());
        h
    }

    /// Reads a database written by [`KalahDb::write`] for `k`'s rules
    /// (any seeds a hole) with at most `max_seeds` seeds, checking its
    /// header, length and checksum.
    pub fn open(
        path: &std::path::Path,
        k: KalahRules,
        max_seeds: u32,
    ) -> Result<KalahDb, crate::DbError> {
        use std::io::Read;
        use std::sync::atomic::AtomicI8;
        crate::db::check_database_file(path)?;
        let p = || path.to_path_buf();
        let damaged = |reason: String| crate::DbError::Damaged { path: p(), reason };
        let io = |error| crate::DbError::Io { path: p(), error };
        let mut file = std::fs::File::open(path).map_err(io)?;
        let mut header = [0u8; KDB_HEADER];
        if file.read_exact(&mut header).is_err() || &header[..8] != KDB_MAGIC {
            return Err(crate::DbError::NotADatabase { path: p() });
        }
        let version = u32::from_le_bytes(header[8..12].try_into().unwrap());
        if version != KDB_VERSION {
            return Err(crate::DbError::Version {
                path: p(),
                found: version,
                expected: KDB_VERSION,
            });
        }
        // SAFETY: zero is a valid AtomicI8, which needs no dropping.
        let values = unsafe { Zeroed::<AtomicI8>::new(0) };
        let mut db = KalahDb::empty(k, max_seeds, values);
        if header != db.header() {
            return Err(damaged(format!(
                "not the database of Kalah with {} holes a row{} up to {max_seeds} seeds",
                k.m,
                if k.empty_capture {
                    ", empty capture"
                } else {
                    ""
                }
            )));
        }
        let len = db.boards() as usize;
        let expected = (KDB_HEADER + len + 4) as u64;
        let found = file.metadata().map_err(io)?.len();
        if found != expected {
            return Err(damaged(format!("{found} bytes, expected {expected}")));
        }
        // SAFETY: as above.
        db.values = unsafe { Zeroed::<AtomicI8>::new(len) };
        // SAFETY: `AtomicI8` has the layout of `u8`; this is the only
        // reference to the fresh values.
        let body = unsafe { std::slice::from_raw_parts_mut(db.values.as_ptr() as *mut u8, len) };
        file.read_exact(body).map_err(io)?;
        let mut stored = [0u8; 4];
        file.read_exact(&mut stored).map_err(io)?;
        let mut crc = crc32fast::Hasher::new();
        crc.update(&header);
        crc.update(body);
        if crc.finalize() != u32::from_le_bytes(stored) {
            return Err(damaged("checksum mismatch".to_string()));
        }
        // A zero byte is "not known", which a built database never holds.
        if body.contains(&0) {
            return Err(damaged("a board without a value".to_string()));
        }
        Ok(db)
    }

    /// The most seeds on a board in the database.
    pub fn max_seeds(&self) -> u32 {
        self.ix.max_seeds()
    }

    /// Boards in the database.
    pub fn boards(&self) -> u64 {
        *self.offsets.last().unwrap()
    }

    /// The value for the mover of board `b` (mover's side) holding `s`
    /// seeds, `s` at most [`KalahDb::max_seeds`].
    #[inline]
    pub fn value(&self, b: &Board, s: i32) -> i32 {
        self.value_at(self.at(b, s))
    }

    /// The value stored at index `at` (of [`KalahDb::at`]).
    #[inline]
    fn value_at(&self, at: usize) -> i32 {
        decode(self.values[at].load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Starts bringing in the value at index `at`, to be read soon.
    #[inline]
    fn prefetch(&self, at: usize) {
        prefetch(&self.values[at]);
    }
}

#[derive(Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    /// The board; all zeros: an empty slot (the search never stores a
    /// board with an empty row).
    board: Board,
    lower: i8,
    upper: i8,
    /// The best move found (a hole of the mover's row), or 255.
    best: u8,
    /// log2 of the nodes the entry's search took: the deeper, the more
    /// worth keeping.
    work: u8,
}

/// Entries a bucket (three of 16 bytes, with the lock, fill a cache line).
const WAYS: usize = 3;

/// Enhanced transposition cutoffs are tried on boards with more than this
/// many seeds above the database.
const ETC_MARGIN: u32 = 4;

/// `len` values of `T` in anonymous memory, zeroed by the kernel, on huge
/// pages where the system gives them (Linux `MADV_HUGEPAGE`): the table and
/// the database are read at random, one cache line a probe, and with 4 KiB
/// pages nearly every probe also missed the address translation cache.
/// The pages are only touched as the search reaches them, so a table of
/// gigabytes costs nothing up front.
struct Zeroed<T> {
    map: memmap2::MmapMut,
    len: usize,
    _values: std::marker::PhantomData<T>,
}

impl<T> Zeroed<T> {
    /// # Safety
    /// All zeros must be a valid `T`, and `T` must need no `Drop`.
    unsafe fn new(len: usize) -> Zeroed<T> {
        let bytes = std::mem::size_of::<T>()
            .checked_mul(len.max(1))
            .expect("a size that fits the address space");
        let map = memmap2::MmapMut::map_anon(bytes)
            .unwrap_or_else(|_| std::alloc::handle_alloc_error(std::alloc::Layout::new::<T>()));
        #[cfg(target_os = "linux")]
        {
            // Only advice: without huge pages the memory works the same.
            let _ = map.advise(memmap2::Advice::HugePage);
        }
        Zeroed {
            map,
            len,
            _values: std::marker::PhantomData,
        }
    }
}

impl<T> std::ops::Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: the map holds `len` values of `T`, page-aligned (so
        // aligned for `T`), all zeros, which `new`'s caller vouched is a
        // valid `T`; it lives as long as `self`.
        unsafe { std::slice::from_raw_parts(self.map.as_ptr() as *const T, self.len) }
    }
}

/// Asks the processor to bring the cache line of `p` in; a hint only.
#[inline(always)]
fn prefetch<T>(p: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch never faults, whatever the address.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const i8, std::arch::x86_64::_MM_HINT_T0);
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}

/// The transposition table, shared by the threads of a search: buckets of
/// [`WAYS`] entries, each bucket behind its own spin lock (a bucket is
/// touched for a few nanoseconds, and a proof must never read an entry
/// half written by another thread). A bucket and its lock share one cache
/// line, so that a probe waits for memory once.
struct Table {
    buckets: Zeroed<Bucket>,
    mask: usize,
}

#[repr(C, align(64))]
struct Bucket {
    lock: AtomicBool,
    ways: UnsafeCell<[Entry; WAYS]>,
}

// SAFETY: every access to a bucket's entries goes through
// `Table::with_bucket`, which holds the bucket's lock for the whole access.
unsafe impl Sync for Table {}

impl Table {
    /// A table of `memory` bytes at most (rounded down to a power of two
    /// buckets of 64 bytes).
    fn new(memory: usize) -> Table {
        let wanted = (memory / std::mem::size_of::<Bucket>()).max(1);
        let buckets = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        // SAFETY: all zeros is an open lock and empty entries (plain
        // bytes); neither needs dropping.
        Table {
            buckets: unsafe { Zeroed::new(buckets) },
            mask: buckets - 1,
        }
    }

    #[inline]
    fn slot(&self, b: &Board) -> usize {
        let lo = u64::from_le_bytes(b[..8].try_into().unwrap());
        let hi = u32::from_le_bytes(b[8..].try_into().unwrap()) as u64;
        let mut h = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 32;
        (h as usize) & self.mask
    }

    /// Starts bringing in the bucket of `b`, to be probed soon.
    #[inline]
    fn prefetch(&self, b: &Board) {
        prefetch(&self.buckets[self.slot(b)]);
    }

    /// Runs `f` on the bucket of `b`, holding its lock.
    #[inline]
    fn with_bucket<R>(&self, b: &Board, f: impl FnOnce(&mut [Entry; WAYS]) -> R) -> R {
        let bucket = &self.buckets[self.slot(b)];
        while bucket
            .lock
            .compare_exchange_weak(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            std::hint::spin_loop();
        }
        // SAFETY: the bucket's lock is held, so no other thread reads or
        // writes these entries until it is released below.
        let r = f(unsafe { &mut *bucket.ways.get() });
        bucket.lock.store(false, Ordering::Release);
        r
    }

    /// The bounds and best move stored for `b`, if any.
    #[inline]
    fn probe(&self, b: &Board) -> Option<(i32, i32, u8)> {
        self.with_bucket(b, |ways| {
            ways.iter()
                .find(|e| e.board == *b)
                .map(|e| (e.lower as i32, e.upper as i32, e.best))
        })
    }

    #[inline]
    fn store(&self, b: &Board, lower: i32, upper: i32, best: u8, work: u8) {
        self.with_bucket(b, |ways| {
            let at = match ways.iter().position(|e| e.board == *b) {
                Some(i) => i,
                None => {
                    // Replace the entry that cost least to compute.
                    let mut i = 0;
                    for j in 1..WAYS {
                        if ways[j].work < ways[i].work {
                            i = j;
                        }
                    }
                    ways[i] = Entry {
                        board: *b,
                        lower: -127,
                        upper: 127,
                        best: 255,
                        work: 0,
                    };
                    i
                }
            };
            let e = &mut ways[at];
            e.lower = e.lower.max(lower as i8);
            e.upper = e.upper.min(upper as i8);
            e.best = best;
            e.work = e.work.max(work);
        })
    }
}

/// Options of [`solve_kalah`].
#[derive(Clone, Copy, Debug)]
pub struct SearchOptions {
    /// Transposition table memory in 16-byte units (rounded down to a
    /// power of two 64-byte buckets, of three entries each).
    pub table_entries: usize,
    /// Print progress (each MTD(f) pass) on stderr.
    pub progress: bool,
    /// Threads searching each MTD(f) pass together over the shared table
    /// (1: a plain sequential search, the same nodes every run).
    pub threads: usize,
    /// MTD(f)'s first guess at the value, in seeds. The value found is
    /// exact whatever the guess; a guess equal to the value (a published
    /// one, say) needs only two passes, one proving it from below and one
    /// from above, where a guess of 0 climbs to it a pass at a time.
    pub first_guess: i32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            table_entries: 1 << 22,
            progress: false,
            threads: 1,
            first_guess: 0,
        }
    }
}

/// What [`solve_kalah`] found.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The first player's margin with perfect play, in seeds.
    pub value: i32,
    /// Search nodes visited (interior positions searched, database probes
    /// and game ends not counted), over every MTD(f) pass, every thread
    /// and the line.
    pub nodes: u64,
    /// Database probes.
    pub probes: u64,
    /// A perfect game from the opening, move by move.
    pub line: Vec<Move>,
    /// Time of the search (not counting building the database).
    pub elapsed: Duration,
}

/// The search: rules, database and transposition table, shared by every
/// thread of a search (each thread keeps its own [`Counters`]).
pub struct KalahSearch<'a> {
    k: KalahRules,
    db: Option<&'a KalahDb>,
    db_max: u32,
    table: Table,
    /// Split big nodes' moves over the threads of the rayon pool the
    /// search runs in (false: a plain sequential search, the same nodes
    /// every run).
    parallel: bool,
    /// What the sequential entry points ([`KalahSearch::value`]) counted.
    counters: Counters,
}

/// Nodes and database probes one thread counted.
#[derive(Clone, Copy, Debug, Default)]
struct Counters {
    nodes: u64,
    probes: u64,
}

impl std::ops::AddAssign for Counters {
    fn add_assign(&mut self, other: Counters) {
        self.nodes += other.nodes;
        self.probes += other.probes;
    }
}

/// Raised at a split node when the moves still being searched there no
/// longer matter (one of them reached beta): every search below it stops.
/// A search checks its own split node and every split node above it.
struct Abort<'p> {
    raised: AtomicBool,
    parent: Option<&'p Abort<'p>>,
}

impl Abort<'_> {
    /// Whether this split node or one above it was abandoned.
    #[inline]
    fn any(mut this: Option<&Abort>) -> bool {
        while let Some(a) = this {
            if a.raised.load(Ordering::Relaxed) {
                return true;
            }
            this = a.parent;
        }
        false
    }
}

/// Nodes with more than this many seeds above the database search their
/// moves after the first on every thread (when the first did not reach
/// beta: the "young brothers wait" rule): their subtrees are big enough to
/// be worth a task.
const SPLIT_MARGIN: u32 = 8;

impl<'a> KalahSearch<'a> {
    /// A search for `k`, probing `db` (built for the same rules)
    /// for boards with at most its `max_seeds` seeds.
    pub fn new(k: KalahRules, db: Option<&'a KalahDb>, table_entries: usize) -> KalahSearch<'a> {
        KalahSearch {
            k,
            db,
            db_max: db.map_or(0, |d| d.max_seeds()),
            table: Table::new(table_entries.saturating_mul(16)),
            parallel: false,
            counters: Counters::default(),
        }
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.counters.nodes
    }

    /// The exact value of `b` (mover's side, both rows non-empty) for the
    /// mover: the margin of the rest of the game.
    pub fn value(&mut self, b: &Board) -> i32 {
        let s: i32 = b.iter().map(|&x| x as i32).sum();
        let mut g = 0;
        let (mut lower, mut upper) = (-s, s);
        let mut counters = self.counters;
        while lower < upper {
            let beta = if g == lower { g + 1 } else { g };
            g = self.search(&mut counters, None, b, s, beta - 1, beta);
            if g < beta {
                upper = g;
            } else {
                lower = g;
            }
        }
        self.counters = counters;
        g
    }

    /// Fail-soft alpha-beta on a non-terminal board with `s` seeds. The
    /// value returned means nothing once `abort` is raised.
    fn search(
        &self,
        counters: &mut Counters,
        abort: Option<&Abort>,
        b: &Board,
        s: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        if s as u32 <= self.db_max
            && let Some(db) = self.db
        {
            counters.probes += 1;
            return db.value(b, s);
        }
        // The rest of the game is worth between -s and s.
        if s <= alpha {
            return s;
        }
        if -s >= beta {
            return -s;
        }
        counters.nodes += 1;
        let start_nodes = counters.nodes;
        let (known, best_move) = match self.table.probe(b) {
            Some((lower, upper, best)) => ((lower, upper), best),
            None => ((-s, s), 255),
        };
        if known.0 >= beta || known.0 == known.1 {
            return known.0;
        }
        if known.1 <= alpha {
            return known.1;
        }
        alpha = alpha.max(known.0);
        let beta = beta.min(known.1);
        let window_alpha = alpha;

        let m = self.k.m;
        // Move order: the table's move, then moves ending in the store
        // (another turn), then captures, then the rest, each from the
        // hole nearest the store.
        let mut order = [0u8; MAX_ROW];
        let mut keys = [0u8; MAX_ROW];
        let mut count = 0;
        let cells = 2 * m + 1;
        for h in (0..m).rev() {
            let k = b[h] as usize;
            if k == 0 {
                continue;
            }
            let last = (h + k) % cells;
            let key = if h as u8 == best_move {
                0
            } else if last == m {
                1
            } else if last < m
                && k < cells
                && b[last] == 0
                && (self.k.empty_capture || b[2 * m - 1 - last] > 0)
            {
                2
            } else {
                3
            };
            let mut j = count;
            while j > 0 && keys[j - 1] > key {
                keys[j] = keys[j - 1];
                order[j] = order[j - 1];
                j -= 1;
            }
            keys[j] = key;
            order[j] = h as u8;
            count += 1;
        }

        // The children, played once. A child that needs no search (the
        // game's end, or a board of the database) is worth its exact value
        // at once: those are read first, all their database bytes asked of
        // the memory together, and may refute the window before anything
        // is searched. The other children's table buckets are asked for
        // too, for the enhanced transposition cutoff and their own probes.
        let mut children = [([0u8; 2 * MAX_ROW], Outcome::Ended(0)); MAX_ROW];
        let mut db_at = [usize::MAX; MAX_ROW];
        let mut exact = [None::<i32>; MAX_ROW];
        for (i, &h) in order[..count].iter().enumerate() {
            let mut c = *b;
            let outcome = self.k.play(&mut c, h as usize);
            match outcome {
                Outcome::Ended(v) => exact[i] = Some(v),
                Outcome::Again(g) | Outcome::Switch(g) => match self.db {
                    Some(db) if (s - g) as u32 <= self.db_max => {
                        db_at[i] = db.at(&c, s - g);
                        db.prefetch(db_at[i]);
                    }
                    _ => self.table.prefetch(&c),
                },
            }
            children[i] = (c, outcome);
        }
        let mut best = i32::MIN;
        let mut chosen = 255u8;
        for i in 0..count {
            if let Some(db) = self.db
                && db_at[i] != usize::MAX
            {
                counters.probes += 1;
                let rest = db.value_at(db_at[i]);
                exact[i] = Some(match children[i].1 {
                    Outcome::Again(g) => g + rest,
                    Outcome::Switch(g) => g - rest,
                    Outcome::Ended(v) => v,
                });
            }
            if let Some(v) = exact[i]
                && v > best
            {
                best = v;
                chosen = order[i];
            }
        }
        if best >= beta {
            self.table.store(b, best, known.1, chosen, 1);
            return best;
        }
        alpha = alpha.max(best);
        // Enhanced transposition cutoff (as Irving, Donkers and Uiterwijk
        // used for Kalah): a child whose stored bound alone already reaches
        // beta refutes the window without searching anything. Only far from
        // the database, where a subtree is worth the probes.
        if s as u32 > self.db_max + ETC_MARGIN {
            for (i, (c, outcome)) in children[..count].iter().enumerate() {
                let at_least = match (*outcome, exact[i]) {
                    (_, Some(_)) | (Outcome::Ended(_), _) => None,
                    (Outcome::Again(g), None) => self.table.probe(c).map(|(lower, _, _)| g + lower),
                    (Outcome::Switch(g), None) => {
                        self.table.probe(c).map(|(_, upper, _)| g - upper)
                    }
                };
                if let Some(v) = at_least
                    && v >= beta
                {
                    self.table.store(b, v, s, order[i], 1);
                    return v;
                }
            }
        }

        let split = self.parallel && s as u32 > self.db_max + SPLIT_MARGIN;
        let mut searched = 0;
        for i in 0..count {
            if exact[i].is_some() {
                continue;
            }
            if split && searched == 1 {
                // The first move did not refute the window: the others are
                // searched on every thread.
                match self.split(
                    counters,
                    abort,
                    &children,
                    &order,
                    &exact,
                    i..count,
                    s,
                    alpha,
                    beta,
                ) {
                    Some((v, h)) => {
                        if v > best {
                            best = v;
                            chosen = h;
                        }
                    }
                    None => return 0,
                }
                break;
            }
            searched += 1;
            let v = self.child(counters, abort, children[i], s, alpha, beta);
            if Abort::any(abort) {
                // A split node above was abandoned: what this subtree
                // returned may be cut short, so nothing is stored.
                return 0;
            }
            if v > best {
                best = v;
                chosen = order[i];
                if v > alpha {
                    alpha = v;
                }
                if v >= beta {
                    break;
                }
            }
        }

        let (lower, upper) = if best >= beta {
            (best, known.1)
        } else if best <= window_alpha {
            (known.0, best)
        } else {
            (best, best)
        };
        let work = (64 - (counters.nodes - start_nodes + 1).leading_zeros()) as u8;
        self.table.store(b, lower, upper, chosen, work);
        best
    }

    /// The value for the mover of the move that led to `child` from a
    /// board with `s` seeds, searched in the window (`alpha`, `beta`).
    #[inline]
    fn child(
        &self,
        counters: &mut Counters,
        abort: Option<&Abort>,
        (c, outcome): (Board, Outcome),
        s: i32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        match outcome {
            Outcome::Ended(v) => v,
            Outcome::Again(g) => g + self.search(counters, abort, &c, s - g, alpha - g, beta - g),
            Outcome::Switch(g) => g - self.search(counters, abort, &c, s - g, g - beta, g - alpha),
        }
    }

    /// Searches the children `range` (those without an exact value) of a
    /// board with `s` seeds on the threads of the pool, in the window
    /// (`alpha`, `beta`): the best value and its move, or `None` when a
    /// split node above was abandoned meanwhile. The first child to reach
    /// beta stops the others.
    #[allow(clippy::too_many_arguments)]
    fn split(
        &self,
        counters: &mut Counters,
        abort: Option<&Abort>,
        children: &[(Board, Outcome); MAX_ROW],
        order: &[u8; MAX_ROW],
        exact: &[Option<i32>; MAX_ROW],
        range: std::ops::Range<usize>,
        s: i32,
        alpha: i32,
        beta: i32,
    ) -> Option<(i32, u8)> {
        use rayon::prelude::*;
        let here = Abort {
            raised: AtomicBool::new(false),
            parent: abort,
        };
        let found: Mutex<(Option<(i32, u8)>, Counters)> = Mutex::new((None, Counters::default()));
        range
            .filter(|&i| exact[i].is_none())
            .collect::<Vec<_>>()
            .into_par_iter()
            .for_each(|i| {
                if Abort::any(Some(&here)) {
                    return;
                }
                let mut mine = Counters::default();
                let v = self.child(&mut mine, Some(&here), children[i], s, alpha, beta);
                let mut found = found.lock().unwrap();
                found.1 += mine;
                // A value cut short by a raised abort means nothing.
                if Abort::any(Some(&here)) {
                    return;
                }
                if found.0.is_none_or(|(best, _)| v > best) {
                    found.0 = Some((v, order[i]));
                }
                if v >= beta {
                    here.raised.store(true, Ordering::Relaxed);
                }
            });
        let (best, theirs) = found.into_inner().unwrap();
        *counters += theirs;
        if Abort::any(abort) {
            return None;
        }
        best
    }

    /// One null-window pass at `root` (`beta - 1`, `beta`), on the
    /// threads of the current rayon pool when the search is parallel.
    fn pass(&self, counters: &mut Counters, root: &Board, s: i32, beta: i32) -> i32 {
        self.search(counters, None, root, s, beta - 1, beta)
    }
}

/// Solves Kalah from its opening with the search above `db` (if any): the
/// value, the nodes and a perfect game.
pub fn solve_kalah(k: KalahRules, db: Option<&KalahDb>, opts: &SearchOptions) -> SearchReport {
    let started = Instant::now();
    let mut search = KalahSearch::new(k, db, opts.table_entries);
    search.parallel = opts.threads > 1;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .build()
        .expect("a thread pool");
    let mut counters = Counters::default();
    let root = k.start();
    let s: i32 = root.iter().map(|&x| x as i32).sum();
    // MTD(f) from the first guess, reporting each pass.
    let (mut lower, mut upper) = (-s, s);
    let mut g = opts.first_guess.clamp(lower, upper);
    // The passes' count is not known beforehand: a spinner with the
    // bounds so far (on a terminal only, as every bar).
    let spinner = if opts.progress {
        let spinner = indicatif::ProgressBar::new_spinner();
        spinner.set_style(
            indicatif::ProgressStyle::with_template("{elapsed_precise} {spinner} {msg}")
                .expect("a valid template"),
        );
        spinner.enable_steady_tick(Duration::from_millis(200));
        spinner
    } else {
        indicatif::ProgressBar::hidden()
    };
    while lower < upper {
        let beta = if g == lower { g + 1 } else { g };
        spinner.set_message(format!(
            "searching: value in [{lower}, {upper}], MTD(f) pass with beta {beta}"
        ));
        g = pool.install(|| search.pass(&mut counters, &root, s, beta));
        if g < beta {
            upper = g;
        } else {
            lower = g;
        }
        if opts.progress {
            spinner.suspend(|| {
                eprintln!(
                    "  MTD(f) pass with beta {beta}: value in [{lower}, {upper}] ({} nodes, {:.1} s)",
                    counters.nodes,
                    started.elapsed().as_secs_f64()
                )
            });
        }
    }
    spinner.finish_and_clear();
    let value = g;
    search.parallel = false;
    let line = perfect_line(&search, &mut counters, value);
    SearchReport {
        value,
        nodes: counters.nodes,
        probes: counters.probes,
        line,
        elapsed: started.elapsed(),
    }
}

/// A perfect game: from the opening, at each turn the first move (in hole
/// order) that keeps the value, to the end of the game.
fn perfect_line(search: &KalahSearch, counters: &mut Counters, value: i32) -> Vec<Move> {
    let k = search.k;
    let mut b = k.start();
    let mut side = Side::South;
    let mut want = value;
    let mut line = Vec::new();
    loop {
        let mut found = None;
        // The table's best move first: usually the one that keeps the value.
        let hint = search
            .table
            .probe(&b)
            .map_or(255, |(_, _, best)| best as usize);
        let order = std::iter::once(hint).chain((0..k.m).filter(|&h| h != hint));
        for h in order {
            if h >= k.m || b[h] == 0 {
                continue;
            }
            let mut c = b;
            let out = k.play(&mut c, h);
            // No move is worth more than `want`, so one null-window search
            // tells whether this one is worth as much.
            let s: i32 = c.iter().map(|&x| x as i32).sum();
            let keeps = match out {
                Outcome::Ended(v) => v >= want,
                Outcome::Again(g) => {
                    search.search(counters, None, &c, s, want - g - 1, want - g) >= want - g
                }
                Outcome::Switch(g) => {
                    search.search(counters, None, &c, s, g - want, g - want + 1) <= g - want
                }
            };
            if keeps {
                found = Some((h, c, out));
                break;
            }
        }
        let (h, c, out) = found.expect("some move keeps the value");
        let hole = if side == Side::South { h } else { k.m + h };
        line.push(Move::Sow(hole as u8));
        b = c;
        match out {
            Outcome::Ended(_) => break,
            Outcome::Again(g) => want -= g,
            Outcome::Switch(g) => {
                want = g - want;
                side = side.opponent();
            }
        }
    }
    line
}

/// The first player's final margin when `line` is played from the opening
/// by `mancala-core` (each player then takes the seeds left in their row),
/// or why the line is not a whole legal game.
pub fn replay_margin(rules: &Rules, line: &[Move]) -> Result<i32, String> {
    let mut pos: Position = rules.start();
    for (i, &mv) in line.iter().enumerate() {
        if rules_over(rules, &pos) {
            return Err(format!("the game is over before move {}", i + 1));
        }
        pos = rules
            .play(&pos, mv)
            .map_err(|e| format!("move {}: {e}", i + 1))?;
    }
    if !rules_over(rules, &pos) {
        return Err("the line stops before the end of the game".to_string());
    }
    let row = |side: Side| -> i32 {
        let m = rules.holes_per_row();
        let first = if side == Side::South { 0 } else { m };
        (first..first + m).map(|h| pos.seeds(h) as i32).sum()
    };
    Ok(pos.captured(Side::South) as i32 + row(Side::South)
        - pos.captured(Side::North) as i32
        - row(Side::North))
}

fn rules_over(rules: &Rules, pos: &Position) -> bool {
    let m = rules.holes_per_row();
    let south: u32 = (0..m).map(|h| pos.seeds(h) as u32).sum();
    let north: u32 = (m..2 * m).map(|h| pos.seeds(h) as u32).sum();
    south == 0 || north == 0
}

/// The positions (board and player to move; the stores do not change what
/// follows) reachable from the opening with the game not over, the opening
/// included. A depth-first walk marking positions in a bitmap over the
/// database index of every board, so only for instances whose full
/// database index fits in memory (`None` above 2^36 indices).
pub fn reachable_positions(k: KalahRules) -> Option<u64> {
    let holes = 2 * k.m;
    let total = 2 * k.m as u32 * k.n;
    let ix = crate::index::Indexer::new(holes.max(2), total);
    if ix.total() > 1 << 33 {
        return None;
    }
    let mut seen = vec![0u64; ix.total().div_ceil(64) as usize];
    let mut count = 0u64;
    let mut stack = vec![(k.start(), Side::South)];
    let mark = |b: &Board, side: Side, seen: &mut Vec<u64>| -> bool {
        let mut abs = *b;
        if side == Side::North {
            k.turn(&mut abs);
        }
        let s: u32 = abs.iter().map(|&x| x as u32).sum();
        let i = ix.index_of(&abs[..holes], s, side);
        let (w, bit) = ((i / 64) as usize, 1u64 << (i % 64));
        let new = seen[w] & bit == 0;
        seen[w] |= bit;
        new
    };
    mark(&stack[0].0, Side::South, &mut seen);
    while let Some((b, side)) = stack.pop() {
        count += 1;
        for h in 0..k.m {
            if b[h] == 0 {
                continue;
            }
            let mut c = b;
            let next = match k.play(&mut c, h) {
                Outcome::Ended(_) => continue,
                Outcome::Again(_) => side,
                Outcome::Switch(_) => side.opponent(),
            };
            if mark(&c, next, &mut seen) {
                stack.push((c, next));
            }
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::solve_up_to;
    use rand::{Rng, SeedableRng};

    fn rules(game: &str) -> Rules {
        Rules::load(game).unwrap()
    }

    #[test]
    fn only_kalah_rules_are_taken() {
        assert_eq!(
            KalahRules::of(&rules("kalah")),
            Some(KalahRules {
                m: 6,
                n: 4,
                empty_capture: false
            })
        );
        assert_eq!(
            KalahRules::of(&rules("kalah-empty-capture:holes=3,seeds=5")),
            Some(KalahRules {
                m: 3,
                n: 5,
                empty_capture: true
            })
        );
        assert_eq!(KalahRules::of(&rules("tihbat")), None);
        assert_eq!(KalahRules::of(&rules("kalah:holes=7,seeds=2")), None);
    }

    /// Every move of random positions, played here and by mancala-core:
    /// the same board, store gain and next player.
    #[test]
    fn sowing_agrees_with_the_engine() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(10);
        for game in [
            "kalah:holes=6,seeds=6",
            "kalah-empty-capture:holes=6,seeds=6",
            "kalah:holes=3,seeds=6",
        ] {
            let r = rules(game);
            let k = KalahRules::of(&r).unwrap();
            let m = k.m;
            for _ in 0..3000 {
                let total = r.total_seeds();
                let mut board = vec![0u8; 2 * m];
                let on_board = rng.random_range(2..=total);
                for _ in 0..on_board {
                    let i = rng.random_range(0..2 * m);
                    board[i] += 1;
                }
                if board[..m].iter().all(|&x| x == 0) || board[m..].iter().all(|&x| x == 0) {
                    continue;
                }
                let south_store = rng.random_range(0..=total - on_board);
                let stores = [south_store, total - on_board - south_store];
                for side in [Side::South, Side::North] {
                    let pos = r.position(&board, stores, side, 2).unwrap();
                    let mut mine: Board = [0; 2 * MAX_ROW];
                    let (own, other) = if side == Side::South { (0, m) } else { (m, 0) };
                    mine[..m].copy_from_slice(&board[own..own + m]);
                    mine[m..2 * m].copy_from_slice(&board[other..other + m]);
                    for child in r.successors(&pos).as_slice() {
                        let Move::Sow(hole) = child.mv else {
                            panic!("{:?}", child.mv)
                        };
                        let mut b = mine;
                        let out = k.play(&mut b, hole as usize - own);
                        let got = child.pos.captured(side) as i32 - pos.captured(side) as i32;
                        let cb = child.pos.raw_board();
                        let row = |s: usize| (s..s + m).map(|i| cb[i] as i32).sum::<i32>();
                        let over = row(0) == 0 || row(m) == 0;
                        match out {
                            Outcome::Ended(v) => {
                                assert!(over, "{game} {board:?} {side:?} {hole}");
                                assert_eq!(
                                    v,
                                    got + row(own) - row(other),
                                    "{game} {board:?} {side:?} {hole}"
                                );
                                assert_eq!(
                                    child.pos.captured(side.opponent()),
                                    pos.captured(side.opponent())
                                );
                            }
                            Outcome::Again(g) | Outcome::Switch(g) => {
                                assert!(!over);
                                assert_eq!(g, got, "{game} {board:?} {side:?} {hole}");
                                let again = matches!(out, Outcome::Again(_));
                                assert_eq!(
                                    child.pos.to_move() == side,
                                    again,
                                    "{game} {board:?} {hole}"
                                );
                                let next = child.pos.to_move();
                                let (o, t) = if next == Side::South { (0, m) } else { (m, 0) };
                                assert_eq!(&b[..m], &cb[o..o + m]);
                                assert_eq!(&b[m..2 * m], &cb[t..t + m]);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A database written and read back has every value; a damaged file,
    /// one of other rules or of another size is refused.
    #[test]
    fn database_file_round_trip() {
        let k = KalahRules::of(&rules("kalah-empty-capture:holes=3,seeds=3")).unwrap();
        let db = KalahDb::build(k, 9, false);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(KalahDb::file_name(k, 9));
        db.write(&path).unwrap();
        let back = KalahDb::open(&path, k, 9).unwrap();
        assert_eq!(back.boards(), db.boards());
        for at in 0..db.boards() as usize {
            assert_eq!(back.value_at(at), db.value_at(at), "board {at}");
        }
        let standard = KalahRules {
            empty_capture: false,
            ..k
        };
        assert!(matches!(
            KalahDb::open(&path, standard, 9),
            Err(crate::DbError::Damaged { .. })
        ));
        assert!(KalahDb::open(&path, k, 8).is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[KDB_HEADER + 100] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let err = KalahDb::open(&path, k, 9).err().unwrap();
        assert!(err.to_string().contains("checksum"), "{err}");
        std::fs::write(&path, &bytes[..50]).unwrap();
        assert!(KalahDb::open(&path, k, 9).is_err());
    }

    /// Reachable positions against a walk through mancala-core's moves.
    #[test]
    fn reachable_positions_of_tiny_games() {
        // Kalah(1,1): A sows into the store and empties South's row: the
        // opening is the only position with a player to move.
        let k = KalahRules {
            m: 1,
            n: 1,
            empty_capture: false,
        };
        assert_eq!(reachable_positions(k), Some(1));
        for game in [
            "kalah:holes=1,seeds=2",
            "kalah:holes=2,seeds=2",
            "kalah-empty-capture:holes=3,seeds=2",
        ] {
            let r = rules(game);
            let k = KalahRules::of(&r).unwrap();
            let mut seen = std::collections::HashSet::new();
            let mut stack = vec![r.start()];
            let key = |p: &Position| (p.raw_board()[..2 * k.m].to_vec(), p.to_move());
            seen.insert(key(&stack[0]));
            while let Some(p) = stack.pop() {
                for c in r.successors(&p).as_slice() {
                    if rules_over(&r, &c.pos) {
                        continue;
                    }
                    if seen.insert(key(&c.pos)) {
                        stack.push(c.pos);
                    }
                }
            }
            assert_eq!(reachable_positions(k), Some(seen.len() as u64), "{game}");
        }
    }

    /// The search above a small database gives the value the retrograde
    /// solver gives for the whole game, and its perfect game replays in
    /// the engine to that margin.
    #[test]
    fn search_above_databases_agrees_with_retrograde_values() {
        // Kalah(2,4) is the smallest instance whose two variants differ.
        for game in [
            "kalah:holes=3,seeds=3",
            "kalah-empty-capture:holes=3,seeds=3",
            "kalah:holes=2,seeds=4",
            "kalah-empty-capture:holes=2,seeds=4",
            "kalah:holes=2,seeds=6",
            "kalah-empty-capture:holes=3,seeds=4",
            "kalah:holes=4,seeds=2",
            "kalah-empty-capture:holes=4,seeds=2",
        ] {
            let r = rules(game);
            let k = KalahRules::of(&r).unwrap();
            let full = solve_up_to(&r, r.total_seeds(), false).unwrap();
            let truth = full.value(&r.start()).unwrap();
            // The database agrees with the retrograde solver's, board by board.
            let kdb = KalahDb::build(k, r.total_seeds(), false);
            let holes = 2 * k.m;
            let mut b: Board = [0; 2 * MAX_ROW];
            for s in 0..=r.total_seeds() {
                for rank in 0..full.indexer().boards(s) {
                    full.indexer().unrank(rank, s, &mut b[..holes]);
                    let i = full.index_of(&b[..holes], Side::South).unwrap();
                    let (own, theirs) = (
                        b[..k.m].iter().any(|&x| x > 0),
                        b[k.m..holes].iter().any(|&x| x > 0),
                    );
                    if own && theirs {
                        assert_eq!(
                            kdb.value(&b, s as i32),
                            full.raw_value(i) as i32,
                            "{game} at {b:?}"
                        );
                    }
                }
            }
            for limit in [0, 4, 9] {
                let small = KalahDb::build(k, limit, false);
                let db = (limit > 0).then_some(&small);
                let report = solve_kalah(
                    k,
                    db,
                    &SearchOptions {
                        table_entries: 1 << 16,
                        progress: false,
                        // The shared-table search on two threads must
                        // give the same exact values.
                        threads: if limit == 9 { 2 } else { 1 },
                        // Any first guess gives the exact value: a wrong
                        // one on either side, and the right one.
                        first_guess: [truth - 3, truth + 5, truth][limit as usize % 3],
                    },
                );
                assert_eq!(report.value, truth, "{game} above a {limit}-seed database");
                assert_eq!(
                    replay_margin(&r, &report.line),
                    Ok(truth),
                    "{game}: the perfect game"
                );
            }
            // Every position the search values agrees with the database.
            let mut search = KalahSearch::new(k, None, 1 << 14);
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            for _ in 0..200 {
                let mut b = k.start();
                let mut side = Side::South;
                let mut steps = rng.random_range(0..6);
                loop {
                    let moves: Vec<usize> = (0..k.m).filter(|&h| b[h] > 0).collect();
                    let h = moves[rng.random_range(0..moves.len())];
                    let mut c = b;
                    let out = k.play(&mut c, h);
                    if matches!(out, Outcome::Ended(_)) || steps == 0 {
                        break;
                    }
                    if matches!(out, Outcome::Switch(_)) {
                        side = side.opponent();
                    }
                    b = c;
                    steps -= 1;
                }
                let _ = side;
                let i = full.index_of(&b[..2 * k.m], Side::South).unwrap();
                assert_eq!(
                    search.value(&b),
                    full.raw_value(i) as i32,
                    "{game} at {b:?}"
                );
            }
        }
    }
}
