//! Oware endgame databases: for every board with at most `K` seeds, bounds
//! on the seed margin that the player to move can force from there on.
//!
//! # What is stored, and why bounds
//!
//! Two things keep Oware's values out of a plain database of boards
//! (`docs/solutions.md`, "Perfect endgames"):
//!
//! * **The majority end.** The game stops as soon as a player has more than
//!   24 seeds, which depends on the captures so far. The database ignores
//!   it: its positions have no captures (`captured = [0, 0]`) and at most 24
//!   seeds on the board, so in its games nobody ever reaches 25. The values
//!   are those of the *rest of the game played to its end*. For winning,
//!   drawing and losing this changes nothing: once a player has 25 seeds he
//!   wins however play goes on (his seeds never leave him, the opponent can
//!   reach at most 23), so every line has the same result with or without
//!   the majority end, and minimax over results commutes with the sign of
//!   the margin. So with `d` the captured difference of a real position,
//!   `d + value` has the sign of the real game's result; its size is the
//!   margin of a game played out, not the margin at a majority end.
//! * **Repetition.** A repeated position ends Oware with each player
//!   collecting their own row, so endless play is worth what the rows hold
//!   *where the cycle closes*, which depends on the path (in general such
//!   first-cycle games are not solved by retrograde analysis at all). So
//!   the database holds, per board, two numbers:
//!   - `lo`: the most the mover can force with play that *ends* (a capture
//!     or the game's end, level by level), as if endless play gave every
//!     seed left to the opponent;
//!   - `hi`: the least the opponent can hold the mover to with play that
//!     ends, as if endless play gave every seed left to the mover.
//!
//!   Any rule for endless play whose payoff is a split of the seeds left
//!   (Oware's collect-own at the first repetition, sharing, anything) gives
//!   a value in `[lo, hi]` from a position without history: a strategy
//!   that forces an ending never repeats a position (the attractor's rank
//!   drops on every move), so the repetition rule cannot interfere with
//!   it. Where `lo == hi` (most boards, see `docs/solutions.md`) the value
//!   is exact whatever endless play is worth.
//!
//! "Without history": a real game may already have passed positions since
//! its last capture, which a database of boards cannot know; the search
//! that uses these values walks core's `Line`, so it sees those
//! repetitions on the lines it searches.
//!
//! # How
//!
//! Levels by seeds on the board, from 0 up (captures only remove seeds).
//! Oware treats both players alike, so only South-to-move boards are kept
//! (North to move: the board turned half round). Per level, each board's
//! moves are generated once by `mancala-core` (in parallel): moves that
//! capture or end the game are exits, valued from the lower levels as an
//! interval `[gain - hi', gain - lo']`, of which only the best ends are
//! kept; moves that stay in the level are counted. Then, for each
//! threshold `t` from `s` down to `-s`, the pair of least fixed points
//! `A_t` (the mover forces at least `t`) and `B_-t` (the mover is held to
//! at most `-t`) grows by retrograde propagation: a board enters `A_t` by
//! an exit worth surely `>= t` or a move to a board of `B_-t`, and `B_-t`
//! when its exits are worth at most `-t` and all its moves in the level
//! lead to boards of `A_t` (a counter per board). `lo` is the highest `t`
//! with the board in `A_t`, `hi` the lowest `u` with it in `B_u`.
//!
//! Predecessors come from un-sowing, as in [`crate::lean`] (Oware sows as
//! Awari does); a candidate whose last seed would look like a capture is
//! kept only when `mancala-core` says its move captured nothing (Oware's
//! grand slam), so the capture rule itself is core's. A counter that would
//! drop below zero means the un-sowing and the engine disagree, and the
//! solve stops with an error; the tests compare every board up to a few
//! seeds with plain searches over core's moves and repetitions.
//!
//! # File format (little-endian)
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `MNCLBND\n` |
//! | 8 | 4 | format version (1) |
//! | 12 | 4 | most seeds on the board covered `K` |
//! | 16 | 32 | SHA-256 of the rules' play fingerprint ([`rules_hash`]) |
//! | 48 | 16 | reserved (0) |
//! | 64 | `2N` | per South-to-move board, levels `0..=K` in rank order: `lo`, `hi` (signed bytes) |
//! | end-4 | 4 | CRC-32 of every byte before it |

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use mancala_core::{Position, Rules, Side};
use memmap2::Mmap;
use rayon::prelude::*;

use crate::db::{DbError, rules_hash};
use crate::eval::Semantics;
use crate::index::Indexer;
use crate::lean::{rotate, unsow_any as unsow};
use crate::solve::{MemoryEstimate, SolveError};

const HOLES: usize = 12;
const ROW: usize = 6;
const MAGIC: &[u8; 8] = b"MNCLBND\n";
const VERSION: u32 = 1;
const HEADER: usize = 64;
/// The most seeds on the board a database may cover: above 24 a capture
/// from `captured = [0, 0]` could reach a majority, which the values
/// ignore (see the module documentation).
pub const MAX_SEEDS: u32 = 24;
/// No exit: below every value.
const NO_EXIT: i8 = i8::MIN;
const IN_A: u8 = 1;
const IN_B: u8 = 2;
const CHUNK: usize = 4096;

/// Whether `rules` are Oware's (`games/oware.toml`), whatever the game's name.
pub fn supports(rules: &Rules) -> bool {
    Rules::builtin("oware").is_ok_and(|oware| rules_hash(&oware) == rules_hash(rules))
}

/// The bounds of one board for the player to move: the margin from now on
/// lies in `lo..=hi` whatever endless play is worth; `lo == hi` is exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most the mover can force with play that ends.
    pub lo: i32,
    /// The least the opponent can hold the mover to with play that ends.
    pub hi: i32,
}

impl Bounds {
    /// Whether the value is the same whatever endless play is worth.
    pub fn is_exact(self) -> bool {
        self.lo == self.hi
    }
}

enum Store {
    Memory(Vec<u8>),
    File(Mmap),
}

/// An Oware endgame database (see the module documentation).
pub struct BoundsDb {
    store: Store,
    max_seeds: u32,
    ix: Indexer,
    /// First board of each level among the South-to-move boards.
    offsets: Vec<u64>,
    build_time: Option<Duration>,
    path: Option<PathBuf>,
}

impl std::fmt::Debug for BoundsDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoundsDb")
            .field("max_seeds", &self.max_seeds)
            .field("boards", &self.boards())
            .field("path", &self.path)
            .finish()
    }
}

fn level_offsets(ix: &Indexer, max_seeds: u32) -> Vec<u64> {
    let mut offsets = Vec::with_capacity(max_seeds as usize + 2);
    let mut total = 0;
    for s in 0..=max_seeds {
        offsets.push(total);
        total += ix.boards(s);
    }
    offsets.push(total);
    offsets
}

impl BoundsDb {
    /// The most seeds on the board covered.
    pub fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// Boards stored (South to move; North's are the same turned round).
    pub fn boards(&self) -> u64 {
        self.offsets[self.max_seeds as usize + 1]
    }

    /// How long the solve took, for a database built in this process.
    pub fn build_time(&self) -> Option<Duration> {
        self.build_time
    }

    /// The file the database was read from.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    fn data(&self) -> &[u8] {
        match &self.store {
            Store::Memory(v) => v,
            Store::File(m) => &m[HEADER..m.len() - 4],
        }
    }

    /// The bounds of `board` (in index order, South's row first) with
    /// `to_move` to move, for that player: `None` above the database.
    #[inline]
    pub fn bounds(&self, board: &[u8], to_move: Side) -> Option<Bounds> {
        let s: u32 = board[..HOLES].iter().map(|&x| x as u32).sum();
        if s > self.max_seeds {
            return None;
        }
        let rank = match to_move {
            Side::South => self.ix.rank(&board[..HOLES]),
            Side::North => self.ix.rank(&rotate(board)),
        };
        let i = 2 * (self.offsets[s as usize] + rank) as usize;
        let d = self.data();
        Some(Bounds {
            lo: d[i] as i8 as i32,
            hi: d[i + 1] as i8 as i32,
        })
    }

    /// The bounds of a position's rest of the game for its player to move
    /// (its captures so far not counted). `None` above the database.
    #[inline]
    pub fn lookup(&self, pos: &Position) -> Option<Bounds> {
        self.bounds(pos.raw_board(), pos.to_move())
    }

    /// Writes the database to `path` (see the module documentation).
    pub fn write(&self, rules: &Rules, path: impl AsRef<Path>) -> Result<(), DbError> {
        let path = path.as_ref();
        let io = |error| DbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut header = [0u8; HEADER];
        header[..8].copy_from_slice(MAGIC);
        header[8..12].copy_from_slice(&VERSION.to_le_bytes());
        header[12..16].copy_from_slice(&self.max_seeds.to_le_bytes());
        header[16..48].copy_from_slice(&rules_hash(rules));
        crate::db::write_beside(path, |file| {
            let mut crc = crc32fast::Hasher::new();
            let mut out = BufWriter::with_capacity(1 << 20, file);
            let written: std::io::Result<()> = (|| {
                for part in [&header[..], self.data()] {
                    crc.update(part);
                    out.write_all(part)?;
                }
                out.write_all(&crc.finalize().to_le_bytes())?;
                out.into_inner().map_err(|e| e.into_error())?.sync_all()
            })();
            written.map_err(io)
        })
    }

    /// Opens a database file written by [`BoundsDb::write`] for `rules`:
    /// checks its header, length and checksum and maps it into memory.
    pub fn open(path: impl AsRef<Path>, rules: &Rules) -> Result<BoundsDb, DbError> {
        let path = path.as_ref();
        crate::db::check_database_file(path)?;
        let p = || path.to_path_buf();
        let damaged = |reason: String| DbError::Damaged { path: p(), reason };
        let file = File::open(path).map_err(|error| DbError::Io { path: p(), error })?;
        // SAFETY: the file is only read; a file changed underneath fails its
        // checksum at worst (the same assumption as `Database::open`).
        let map = unsafe { Mmap::map(&file) }.map_err(|error| DbError::Io { path: p(), error })?;
        if map.len() < HEADER + 4 || &map[..8] != MAGIC {
            return Err(DbError::NotADatabase { path: p() });
        }
        let version = u32::from_le_bytes(map[8..12].try_into().unwrap());
        if version != VERSION {
            return Err(DbError::Version {
                path: p(),
                found: version,
                expected: VERSION,
            });
        }
        let max_seeds = u32::from_le_bytes(map[12..16].try_into().unwrap());
        if max_seeds > MAX_SEEDS {
            return Err(damaged(format!(
                "covers {max_seeds} seeds on the board, more than {MAX_SEEDS}"
            )));
        }
        if map[16..48] != rules_hash(rules) {
            return Err(damaged(format!(
                "built for other rules than {}'s (the play fingerprint differs)",
                rules.name()
            )));
        }
        let ix = Indexer::new(HOLES, max_seeds);
        let offsets = level_offsets(&ix, max_seeds);
        let expected = HEADER as u64 + 2 * offsets[max_seeds as usize + 1] + 4;
        if map.len() as u64 != expected {
            return Err(damaged(format!(
                "{} bytes, expected {expected} for {max_seeds} seeds",
                map.len()
            )));
        }
        let body = map.len() - 4;
        let stored = u32::from_le_bytes(map[body..].try_into().unwrap());
        if crc32fast::hash(&map[..body]) != stored {
            return Err(damaged("checksum mismatch".to_string()));
        }
        Ok(BoundsDb {
            store: Store::File(map),
            max_seeds,
            ix,
            offsets,
            build_time: None,
            path: Some(p()),
        })
    }

    /// The database of Oware in the data directory (`oware.bounds` there),
    /// if there is one.
    pub fn default_path(rules: &Rules) -> Option<PathBuf> {
        crate::db::data_dir().map(|d| d.join(format!("{}.bounds", rules.id())))
    }
}

/// What [`solve_bounds`] allocates for levels `0..=max_seeds`: two bytes
/// per South-to-move board, and per board of the widest level its exits
/// (two bytes), counter and flags (two) and at most two queue entries
/// (eight).
pub fn memory_estimate(max_seeds: u32) -> MemoryEstimate {
    let ix = Indexer::new(HOLES, max_seeds);
    let widest = (0..=max_seeds).map(|s| ix.boards(s)).max().unwrap_or(0);
    MemoryEstimate {
        database: 2 * level_offsets(&ix, max_seeds)[max_seeds as usize + 1],
        working: 12 * widest,
    }
}

/// Solves Oware's boards with at most `max_seeds` seeds (at most
/// [`MAX_SEEDS`]). With `progress`, a line per level on stderr.
pub fn solve_bounds(rules: &Rules, max_seeds: u32, progress: bool) -> Result<BoundsDb, SolveError> {
    solve_bounds_counting(rules, max_seeds, progress, |total| {
        crate::solve::counting_bar(total, progress, "boards")
    })
}

/// [`solve_bounds`] counting the boards done on the bar `bar(total)` makes
/// (a hidden bar lets another thread follow a build in the background);
/// with `progress`, a line per level on stderr.
pub(crate) fn solve_bounds_counting(
    rules: &Rules,
    max_seeds: u32,
    progress: bool,
    bar: impl FnOnce(u64) -> indicatif::ProgressBar,
) -> Result<BoundsDb, SolveError> {
    let started = Instant::now();
    let unsupported = |reason: String| SolveError::Unsupported {
        game: rules.name().to_string(),
        reason,
    };
    if !supports(rules) {
        return Err(unsupported(
            "the bounds solver knows only the rules of Oware (it generates predecessors by \
             un-sowing Oware's moves)"
                .to_string(),
        ));
    }
    if max_seeds > MAX_SEEDS {
        return Err(unsupported(format!(
            "at most {MAX_SEEDS} seeds on the board: with more, a capture could reach a majority, \
             which the database's values ignore"
        )));
    }
    let sem = Semantics::new(rules);
    let ix = Indexer::new(HOLES, max_seeds);
    let offsets = level_offsets(&ix, max_seeds);
    let mut data = vec![0u8; 2 * offsets[max_seeds as usize + 1] as usize];
    let mut work = Level::default();
    let bar = bar(offsets[max_seeds as usize + 1]);
    for s in 0..=max_seeds {
        let level_started = Instant::now();
        bar.set_message(format!("{s} seeds on the board"));
        let off = 2 * offsets[s as usize] as usize;
        let (lower, rest) = data.split_at_mut(off);
        let level = &mut rest[..2 * ix.boards(s) as usize];
        let lower = LowerLevels {
            data: lower,
            ix: &ix,
            offsets: &offsets,
        };
        work.forward(&sem, &ix, s, &lower, level);
        work.propagate(&ix, s, level).map_err(unsupported)?;
        if progress {
            let took = level_started.elapsed().as_secs_f64();
            let exact = level.chunks(2).filter(|b| b[0] == b[1]).count();
            // A line per level even when stderr is not a terminal (a log).
            bar.suspend(|| {
                eprintln!(
                    "level {s:>2}: {:>12} boards in {took:>7.1} s, {:.4} exact, {:>7.1} s in all",
                    ix.boards(s),
                    exact as f64 / ix.boards(s) as f64,
                    started.elapsed().as_secs_f64(),
                )
            });
        }
        bar.inc(ix.boards(s));
    }
    bar.finish_and_clear();
    Ok(BoundsDb {
        store: Store::Memory(data),
        max_seeds,
        ix,
        offsets,
        build_time: Some(started.elapsed()),
        path: None,
    })
}

struct LowerLevels<'a> {
    data: &'a [u8],
    ix: &'a Indexer,
    offsets: &'a [u64],
}

impl LowerLevels<'_> {
    /// `(lo, hi)` of a South-to-move board of a lower level.
    #[inline]
    fn get(&self, board: &[u8], s: u32) -> (i32, i32) {
        let i = 2 * (self.offsets[s as usize] + self.ix.rank(board)) as usize;
        (self.data[i] as i8 as i32, self.data[i + 1] as i8 as i32)
    }
}

/// The working memory of one level, reused from level to level.
#[derive(Default)]
struct Level {
    /// The best sure exit value (`gain - hi` of the position reached).
    exit_lo: Vec<i8>,
    /// The best possible exit value (`gain - lo`).
    exit_hi: Vec<i8>,
    /// Moves that stay in the level and lead to boards not yet in `A_t`.
    count: Vec<u8>,
    flags: Vec<u8>,
    queue: Vec<u32>,
}

impl Level {
    /// Generates every board's moves: terminal boards get their value (in
    /// both families at once), the others their exits and counters.
    fn forward(
        &mut self,
        sem: &Semantics,
        ix: &Indexer,
        s: u32,
        lower: &LowerLevels,
        level: &mut [u8],
    ) {
        let n = ix.boards(s) as usize;
        for v in [&mut self.exit_lo, &mut self.exit_hi] {
            v.clear();
            v.resize(n, NO_EXIT);
        }
        self.count.clear();
        self.count.resize(n, 0);
        self.flags.clear();
        self.flags.resize(n, 0);
        self.exit_lo
            .par_chunks_mut(CHUNK)
            .zip(self.exit_hi.par_chunks_mut(CHUNK))
            .zip(self.count.par_chunks_mut(CHUNK))
            .zip(self.flags.par_chunks_mut(CHUNK))
            .zip(level.par_chunks_mut(2 * CHUNK))
            .enumerate()
            .for_each(|(c, ((((exit_lo, exit_hi), count), flags), out))| {
                ix.walk(s, (c * CHUNK) as u64, count.len(), |k, board| {
                    let pos = sem.position(board, Side::South);
                    let succ = match sem.moves_or_end(&pos) {
                        Ok(succ) => succ,
                        Err(reason) => {
                            let v = sem.terminal(&pos, reason) as i8 as u8;
                            out[2 * k] = v;
                            out[2 * k + 1] = v;
                            flags[k] = IN_A | IN_B;
                            return;
                        }
                    };
                    let (mut best_lo, mut best_hi) = (NO_EXIT as i32, NO_EXIT as i32);
                    let mut stays = 0u8;
                    for child in succ.as_slice() {
                        let cpos = &child.pos;
                        assert_eq!(cpos.to_move(), Side::North, "Oware has no extra turns");
                        let cb = &cpos.raw_board()[..HOLES];
                        let cs = cpos.seeds_on_board();
                        // A child where North cannot move ends the game
                        // (core decides, when a row is empty).
                        let row_empty =
                            cb[..ROW].iter().all(|&x| x == 0) || cb[ROW..].iter().all(|&x| x == 0);
                        let end = if row_empty {
                            sem.moves_or_end(cpos).err()
                        } else {
                            None
                        };
                        let (lo, hi) = if let Some(reason) = end {
                            let v = sem.combine(&pos, cpos, sem.terminal(cpos, reason));
                            (v, v)
                        } else if cs == s {
                            stays += 1;
                            continue;
                        } else {
                            let gain = sem.gain(&pos, cpos);
                            let (clo, chi) = lower.get(&rotate(cb), cs);
                            (gain - chi, gain - clo)
                        };
                        best_lo = best_lo.max(lo);
                        best_hi = best_hi.max(hi);
                    }
                    exit_lo[k] = best_lo as i8;
                    exit_hi[k] = best_hi as i8;
                    count[k] = stays;
                });
            });
    }

    /// The thresholds `s` down to `-s`: `A_t` and `B_-t` grow together;
    /// each board's `lo` and `hi` are written when it enters them. Boards
    /// never in `A` keep `lo = -s`, never in `B` keep `hi = s`.
    fn propagate(&mut self, ix: &Indexer, s: u32, level: &mut [u8]) -> Result<(), String> {
        let s = s as i32;
        // Defaults for the boards no threshold reaches (terminal boards are
        // in both families already).
        for (k, f) in self.flags.iter().enumerate() {
            if f & IN_A == 0 {
                level[2 * k] = (-s) as i8 as u8;
            }
            if f & IN_B == 0 {
                level[2 * k + 1] = s as i8 as u8;
            }
        }
        let mut board = [0u8; mancala_core::MAX_HOLES];
        for t in (-s..=s).rev() {
            // Entries: the board index, with the top bit set for `B`.
            const B: u32 = 1 << 31;
            let (flags, exit_lo, exit_hi, count) =
                (&self.flags, &self.exit_lo, &self.exit_hi, &self.count);
            self.queue.clear();
            self.queue
                .par_extend((0..flags.len()).into_par_iter().flat_map_iter(|k| {
                    let f = flags[k];
                    let a = f & IN_A == 0 && exit_lo[k] as i32 >= t;
                    let b = f & IN_B == 0 && count[k] == 0 && exit_hi[k] as i32 <= -t;
                    [a.then_some(k as u32), b.then_some(k as u32 | B)]
                        .into_iter()
                        .flatten()
                }));
            for &e in &self.queue {
                let k = (e & !B) as usize;
                if e & B == 0 {
                    self.flags[k] |= IN_A;
                    level[2 * k] = t as i8 as u8;
                } else {
                    self.flags[k] |= IN_B;
                    level[2 * k + 1] = (-t) as i8 as u8;
                }
            }
            let mut head = 0;
            while head < self.queue.len() {
                let e = self.queue[head];
                head += 1;
                let q = (e & !B) as usize;
                let entered_b = e & B != 0;
                ix.unrank(q as u64, s as u32, &mut board);
                let after = rotate(&board[..HOLES]);
                let mut broken = None;
                let (flags, count, exit_hi, queue) = (
                    &mut self.flags,
                    &mut self.count,
                    &self.exit_hi,
                    &mut self.queue,
                );
                unsow(&after, s as u32, |p_board, origin, looks_like_capture| {
                    if broken.is_some() {
                        return;
                    }
                    let p = ix.rank(p_board) as usize;
                    if looks_like_capture && !stays_in_level(p_board, origin, &after) {
                        return;
                    }
                    if entered_b {
                        // The opponent is held to at most -t there: the
                        // mover of p forces at least t.
                        if flags[p] & IN_A == 0 {
                            flags[p] |= IN_A;
                            level[2 * p] = t as i8 as u8;
                            queue.push(p as u32);
                        }
                    } else if flags[p] & IN_B == 0 {
                        // One more move of p leads to a board where the
                        // opponent forces at least t.
                        if count[p] == 0 {
                            broken = Some(*p_board);
                            return;
                        }
                        count[p] -= 1;
                        if count[p] == 0 && exit_hi[p] as i32 <= -t {
                            flags[p] |= IN_B;
                            level[2 * p + 1] = (-t) as i8 as u8;
                            queue.push(p as u32 | B);
                        }
                    }
                });
                if let Some(p) = broken {
                    return Err(format!(
                        "the bounds solver's un-sowing disagrees with the engine at level {s} \
                         (board {p:?} before a move to {after:?})"
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether South's move from `origin` on `board` (South to move) leads to
/// `after` without a capture, as `mancala-core` plays it.
fn stays_in_level(board: &[u8; HOLES], origin: usize, after: &[u8; HOLES]) -> bool {
    thread_local! {
        static OWARE: Rules = Rules::builtin("oware").expect("the built-in Oware");
    }
    OWARE.with(|rules| {
        let sem = Semantics::new(rules);
        let pos = sem.position(board, Side::South);
        rules.successors(&pos).as_slice().iter().any(|c| {
            c.mv.hole() == Some(origin)
                && c.pos.seeds_on_board() == pos.seeds_on_board()
                && &c.pos.raw_board()[..HOLES] == after
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_core::{Game, Line, Step, value_for};

    fn oware() -> Rules {
        Rules::builtin("oware").unwrap()
    }

    /// The value from `pos` on (captures so far not counted) of the game
    /// played by core's rules with its repetitions (`Line`), from a
    /// position without history, by plain minimax over every line. With
    /// `endless = Some(me)`, a repetition is instead worth every seed left
    /// to `me`'s opponent (`lo`), or, with `Some(me.opponent())`, to `me`
    /// (`hi`) (`me`: the root's mover).
    fn plain(rules: &Rules, pos: &Position, loser: Option<Side>) -> i32 {
        let game = Game::from_position(rules.clone(), *pos);
        let mut line = Line::from_game(&game);
        walk(rules, pos, &mut line, loser)
    }

    fn walk(rules: &Rules, pos: &Position, line: &mut Line, loser: Option<Side>) -> i32 {
        let me = pos.to_move();
        let succ = rules.successors(pos);
        let mut best = i32::MIN;
        for child in succ.as_slice() {
            let c = &child.pos;
            let gain = (c.captured(me) as i32 - pos.captured(me) as i32)
                - (c.captured(me.opponent()) as i32 - pos.captured(me.opponent()) as i32);
            let v = match line.enter(rules, pos, child) {
                Step::End { outcome, .. } => {
                    let left = c.seeds_on_board() as i32;
                    match loser {
                        Some(l) if outcome.reason == mancala_core::EndReason::Repetition => {
                            gain + if l == me { -left } else { left }
                        }
                        _ => {
                            let score = outcome.score.unwrap();
                            let halves =
                                score[me.index()].0 as i32 - score[me.opponent().index()].0 as i32;
                            halves / 2
                                - (pos.captured(me) as i32 - pos.captured(me.opponent()) as i32)
                        }
                    }
                }
                Step::Live {
                    pos: next, undo, ..
                } => {
                    let v = gain + value_for(me, next.to_move(), walk(rules, &next, line, loser));
                    line.leave(undo);
                    v
                }
            };
            best = best.max(v);
        }
        best
    }

    fn every_board(s: u32, mut f: impl FnMut(&[u8; HOLES])) {
        let ix = Indexer::new(HOLES, s);
        let mut board = [0u8; HOLES];
        for r in 0..ix.boards(s) {
            ix.unrank(r, s, &mut board);
            f(&board);
        }
    }

    /// Every board up to 2 seeds (plain searches over every line grow
    /// too fast beyond): `lo` and `hi` are the values of plain
    /// searches over core's moves and repetitions (`Line`) in which a
    /// repeated position is worth every seed left to one side, and the real
    /// game (core's collect-own repetition) lies between them.
    #[test]
    fn bounds_agree_with_plain_searches() {
        let rules = oware();
        let db = solve_bounds(&rules, 2, false).unwrap();
        let sem = Semantics::new(&rules);
        let mut checked = 0;
        for s in 0..=2 {
            every_board(s, |board| {
                let pos = sem.position(board, Side::South);
                if sem.moves_or_end(&pos).is_err() {
                    return;
                }
                let b = db.lookup(&pos).unwrap();
                let lo = plain(&rules, &pos, Some(Side::South));
                let hi = plain(&rules, &pos, Some(Side::North));
                let real = plain(&rules, &pos, None);
                assert_eq!((b.lo, b.hi), (lo, hi), "board {board:?}");
                assert!(lo <= real && real <= hi, "board {board:?}: {real}");
                checked += 1;
            });
        }
        assert!(checked >= 40, "{checked}");
    }

    /// Every board up to 6 seeds (`BOUNDS_COMPARE_SEEDS=K`: up to K): the
    /// same bounds by another method, value iteration over core's moves
    /// (from `-s` and `s`, each board's bounds recomputed from its moves
    /// until nothing changes), which converges to the same least and
    /// greatest fixed points as the solver's attractors.
    #[test]
    fn bounds_agree_with_value_iteration() {
        let max = std::env::var("BOUNDS_COMPARE_SEEDS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(6);
        let rules = oware();
        let db = solve_bounds(&rules, max, false).unwrap();
        let sem = Semantics::new(&rules);
        let mut known: std::collections::HashMap<[u8; HOLES], (i32, i32)> = Default::default();
        let (mut boards, mut exact) = (0u64, 0u64);
        for s in 0..=max {
            // Per board: its exits' best bounds and its moves in the level.
            let mut nodes = Vec::new();
            every_board(s, |board| {
                let pos = sem.position(board, Side::South);
                let node = match sem.moves_or_end(&pos) {
                    Err(reason) => {
                        let v = sem.terminal(&pos, reason);
                        (*board, Some((v, v)), (i32::MIN, i32::MIN), Vec::new())
                    }
                    Ok(succ) => {
                        let (mut elo, mut ehi, mut inside) = (i32::MIN, i32::MIN, Vec::new());
                        for c in succ.as_slice() {
                            let cb: [u8; HOLES] = c.pos.raw_board()[..HOLES].try_into().unwrap();
                            let (lo, hi) = match sem.moves_or_end(&c.pos) {
                                Err(reason) => {
                                    let v = sem.combine(&pos, &c.pos, sem.terminal(&c.pos, reason));
                                    (v, v)
                                }
                                Ok(_) if c.pos.seeds_on_board() == s => {
                                    inside.push(rotate(&cb));
                                    continue;
                                }
                                Ok(_) => {
                                    let gain = sem.gain(&pos, &c.pos);
                                    let (clo, chi) = known[&rotate(&cb)];
                                    (gain - chi, gain - clo)
                                }
                            };
                            elo = elo.max(lo);
                            ehi = ehi.max(hi);
                        }
                        (*board, None, (elo, ehi), inside)
                    }
                };
                nodes.push(node);
            });
            let s = s as i32;
            let mut value: std::collections::HashMap<[u8; HOLES], (i32, i32)> = nodes
                .iter()
                .map(|(b, fixed, _, _)| (*b, fixed.unwrap_or((-s, s))))
                .collect();
            loop {
                let mut changed = false;
                let mut next = value.clone();
                for (b, fixed, (elo, ehi), inside) in &nodes {
                    if fixed.is_some() {
                        continue;
                    }
                    let lo = inside
                        .iter()
                        .map(|q| -value[q].1)
                        .fold(*elo, i32::max)
                        .max(-s);
                    let hi = inside
                        .iter()
                        .map(|q| -value[q].0)
                        .fold(*ehi, i32::max)
                        .min(s);
                    if (lo, hi) != value[b] {
                        changed = true;
                        next.insert(*b, (lo, hi));
                    }
                }
                value = next;
                if !changed {
                    break;
                }
            }
            for (b, (lo, hi)) in &value {
                let got = db.bounds(b, Side::South).unwrap();
                assert_eq!((got.lo, got.hi), (*lo, *hi), "board {b:?}");
                boards += 1;
                exact += (lo == hi) as u64;
            }
            known.extend(value);
        }
        // Most boards are exact; a few depend on endless play.
        assert!(exact * 5 > boards * 4, "{exact} of {boards} exact");
        assert!(exact < boards);
    }

    /// North to move reads the board turned round; terminal boards hold
    /// core's settlement.
    #[test]
    fn lookups_by_side_and_terminal_boards() {
        let rules = oware();
        let db = solve_bounds(&rules, 4, false).unwrap();
        // South to move with an empty row and North unable to be fed:
        // the game ends, each collects their own row: South 0, North 3.
        let mut b = [0u8; HOLES];
        b[6] = 3;
        let south = rules.position(&b, [0, 0], Side::South, 2).unwrap();
        assert_eq!(db.lookup(&south), Some(Bounds { lo: -3, hi: -3 }));
        let north = rules.position(&rotate(&b), [0, 0], Side::North, 2).unwrap();
        assert_eq!(db.lookup(&north), db.lookup(&south));
        // Above the database: nothing.
        let mut big = [0u8; HOLES];
        big[0] = 5;
        assert_eq!(db.bounds(&big, Side::South), None);
    }

    #[test]
    fn file_round_trip_and_refusals() {
        let rules = oware();
        let db = solve_bounds(&rules, 5, false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("oware.bounds");
        db.write(&rules, &path).unwrap();
        let back = BoundsDb::open(&path, &rules).unwrap();
        assert_eq!(back.max_seeds(), 5);
        assert_eq!(back.data(), db.data());
        // Other rules are refused, and so is a damaged file.
        let awari = Rules::builtin("awari").unwrap();
        assert!(BoundsDb::open(&path, &awari).is_err());
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[HEADER + 3] ^= 1;
        std::fs::write(&path, &bytes).unwrap();
        let err = BoundsDb::open(&path, &rules).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
        assert!(solve_bounds(&awari, 3, false).is_err());
        assert!(solve_bounds(&rules, MAX_SEEDS + 1, false).is_err());
    }
}
