//! Databases: the solved values in memory or in a file, and the queries of
//! perfect play.
//!
//! # File format (version 2, little-endian)
//!
//! | offset | size | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `MNCLADB\n` |
//! | 8 | 4 | format version (2) |
//! | 12 | 4 | kind: 1 margin, 2 win/loss/draw |
//! | 16 | 4 | header length `H` (where the values start; a multiple of 64) |
//! | 20 | 4 | holes on the board |
//! | 24 | 4 | seeds in the game |
//! | 28 | 4 | most seeds on the board covered (levels `0..=max`) |
//! | 32 | 8 | positions `N` |
//! | 40 | 4 | bytes per depth `D` (1 or 2) |
//! | 44 | 4 | reserved (0) |
//! | 48 | 32 | SHA-256 of the rules' [`play_fingerprint`](Rules::play_fingerprint) |
//! | 80 | 2+2 | lengths of the game id and name, then the two UTF-8 strings |
//! | `H` | `N` | values, one signed byte per position, in index order |
//! | `H+N` | `N*D` | depths |
//! | end-4 | 4 | CRC-32 of every byte before it |
//!
//! Version 1 hashed the JSON of the rule file's model, name included, so
//! renaming a game invalidated its databases; its files are refused with a
//! message that says to solve the game again.
//!
//! Position indices are those of [`Indexer`]: levels by seeds on the board,
//! South to move then North to move, boards in rank order.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock};
use std::time::Duration;

use mancala_core::{Move, Position, RepetitionKey, Rules, Side};
use memmap2::Mmap;
use sha2::{Digest, Sha256};

use crate::eval::{DbKind, Eval, Semantics};
use crate::index::Indexer;

const MAGIC: &[u8; 8] = b"MNCLADB\n";
/// The database file format version this crate reads and writes.
pub const FORMAT_VERSION: u32 = 2;
const FIXED_HEADER: usize = 84;

/// The SHA-256 of what a game's compiled rules do in play
/// ([`Rules::play_fingerprint`]): not of its name, id or rule file text, so
/// a renamed game keeps its databases. Databases record it and refuse other
/// rules.
pub fn rules_hash(rules: &Rules) -> [u8; 32] {
    Sha256::digest(rules.play_fingerprint()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Why a database could not be read, written or used.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// The file could not be read or written. (The system's error is part
    /// of the message, not a `source`, so that a chain of errors prints it
    /// once.)
    #[error("{}: {error}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// The path to read is not a regular file (a directory, a FIFO, a device).
    #[error("{} is {what}, not a database file", .path.display())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is: `"a directory"`, `"a FIFO"`, ...
        what: &'static str,
    },
    /// The path to write is something other than a regular file, which
    /// writing a database would replace.
    #[error(
        "will not write the database to {}: it is {what}, which the database would replace; \
         give the path of a new file or of a regular file",
        .path.display()
    )]
    WontReplace {
        /// The path.
        path: PathBuf,
        /// What it is: `"a symbolic link"`, `"a FIFO"`, ...
        what: &'static str,
    },
    /// The file does not start with the database magic.
    #[error("{} is not a mancala database (bad magic number)", .path.display())]
    NotADatabase {
        /// The file.
        path: PathBuf,
    },
    /// The file is of another format version.
    #[error(
        "{}: database format version {found}; this program reads version {expected}{}",
        .path.display(),
        if *.found < *.expected { "; solve the game again (`mancala solve GAME`) to rebuild it" } else { "" }
    )]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
        /// The version read here.
        expected: u32,
    },
    /// The header is inconsistent or the file has the wrong length.
    #[error("{}: damaged database: {reason}", .path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        reason: String,
    },
    /// The checksum does not match the contents.
    #[error(
        "{}: checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is corrupted; build it again",
        .path.display()
    )]
    Checksum {
        /// The file.
        path: PathBuf,
        /// The checksum in the file.
        stored: u32,
        /// The checksum of the contents.
        computed: u32,
    },
    /// The database was built for other rules.
    #[error("{0}")]
    WrongRules(Box<RulesMismatch>),
    /// No database file where one was looked for.
    #[error("no database for {game}: {} does not exist (build it, or set MANCALA_DATA)", .path.display())]
    NotFound {
        /// The game's name.
        game: String,
        /// Where it was looked for.
        path: PathBuf,
    },
}

/// Which rules a database was built for, and which were given instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesMismatch {
    /// The file (or `"database"` for one in memory).
    pub path: PathBuf,
    /// The name of the game the database was built for.
    pub db_name: String,
    /// Its id.
    pub db_id: String,
    /// Its rules hash (hex, shortened).
    pub db_hash: String,
    /// The name of the game given.
    pub name: String,
    /// Its id.
    pub id: String,
    /// Its rules hash (hex, shortened).
    pub hash: String,
}

impl std::fmt::Display for RulesMismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} was built for {} (game id `{}`, rules hash {}), but the rules given are {} (game id `{}`, rules hash {}); \
             build a database for these rules",
            self.path.display(),
            self.db_name,
            self.db_id,
            self.db_hash,
            self.name,
            self.id,
            self.hash
        )
    }
}

impl RulesMismatch {
    pub(crate) fn new(
        path: PathBuf,
        db_rules: (&str, &str, &[u8; 32]),
        rules: &Rules,
    ) -> RulesMismatch {
        RulesMismatch {
            path,
            db_name: db_rules.0.to_string(),
            db_id: db_rules.1.to_string(),
            db_hash: hex(&db_rules.2[..8]),
            name: rules.name().to_string(),
            id: rules.id().to_string(),
            hash: hex(&rules_hash(rules)[..8]),
        }
    }
}

/// The environment variable naming the data directory.
pub const DATA_DIR_ENV: &str = "MANCALA_DATA";

/// The directory where databases live by default: `$MANCALA_DATA` if set,
/// else `~/.local/share/mancala`. `None` if neither can be found.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os(DATA_DIR_ENV).filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .map(|home| PathBuf::from(home).join(".local/share/mancala"))
}

fn chosen_dir() -> &'static RwLock<Option<PathBuf>> {
    static CHOSEN: OnceLock<RwLock<Option<PathBuf>>> = OnceLock::new();
    CHOSEN.get_or_init(Default::default)
}

/// Makes `dir` the process's data directory, in place of
/// [`data_dir`] (the web server's `--data`): builds go there, and
/// lookups look there first.
pub fn set_default_dir(dir: impl Into<PathBuf>) {
    *chosen_dir().write().unwrap_or_else(|e| e.into_inner()) = Some(dir.into());
}

/// The process's data directory: the one [`set_default_dir`] chose, else
/// [`data_dir`] (`$MANCALA_DATA`, else `~/.local/share/mancala`).
pub fn default_dir() -> Option<PathBuf> {
    let chosen = chosen_dir()
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .clone();
    chosen.or_else(data_dir)
}

/// Where files are looked for, in order: the process's data directory and
/// [`data_dir`] when they differ.
pub fn lookup_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = default_dir().into_iter().collect();
    if let Some(d) = data_dir()
        && !dirs.contains(&d)
    {
        dirs.push(d);
    }
    dirs
}

/// The first file named `name` in [`lookup_dirs`].
pub fn find(name: &str) -> Option<PathBuf> {
    lookup_dirs()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The default file name of a game's database: `<game-id>.mdb`.
pub fn default_file_name(rules: &Rules) -> String {
    format!("{}.mdb", rules.id())
}

/// Where a game's database is by default: `<data dir>/<game-id>.mdb`.
pub fn default_path(rules: &Rules) -> Option<PathBuf> {
    data_dir().map(|d| d.join(default_file_name(rules)))
}

/// The database file of a game, if there is one: `<game-id>.mdb` in the
/// process's data directory ([`lookup_dirs`]: the web server's, then the
/// default one).
pub fn find_database(rules: &Rules) -> Option<PathBuf> {
    find(&default_file_name(rules))
}

/// What the header says.
#[derive(Clone, Debug)]
struct Meta {
    kind: DbKind,
    hash: [u8; 32],
    id: String,
    name: String,
    holes: u32,
    total_seeds: u32,
    max_seeds: u32,
    positions: u64,
    depth_bytes: usize,
}

enum Data {
    Owned {
        values: Vec<i8>,
        depths: Vec<u16>,
    },
    Mapped {
        map: Mmap,
        values_at: usize,
        depths_at: usize,
    },
}

/// A move of a position with its exact value (see [`Database::analyze`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveEval {
    /// The move.
    pub mv: Move,
    /// Its value for the player making it: the margin it secures from the
    /// position before it (its own capture included), or `+1`/`0`/`-1`; and
    /// the plies of the tie-break (see [`Eval::better_than`]).
    pub eval: Eval,
    /// The position after the move.
    pub child: Position,
}

/// A solved database: the value of every position with up to
/// [`max_seeds`](Database::max_seeds) seeds on the board, either side to
/// move, both players having made their first move.
///
/// Build one with [`solve`](fn@crate::solve), keep it with
/// [`write`](Database::write), load it with [`open`](Database::open) (the
/// file is memory-mapped, not read). Then [`value`](Database::value),
/// [`analyze`](Database::analyze) and [`best_moves`](Database::best_moves)
/// answer for any position of the game, the opening included: positions
/// where a first-move rule still applies are searched on top of the
/// database.
pub struct Database {
    meta: Meta,
    rules: Rules,
    ix: Indexer,
    data: Data,
    build_time: Option<Duration>,
    path: Option<PathBuf>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Database")
            .field("game", &self.meta.id)
            .field("kind", &self.meta.kind)
            .field("max_seeds", &self.meta.max_seeds)
            .field("positions", &self.meta.positions)
            .field("path", &self.path)
            .finish()
    }
}

impl Database {
    pub(crate) fn from_solved(
        rules: &Rules,
        kind: DbKind,
        ix: Indexer,
        values: Vec<i8>,
        depths: Vec<u16>,
        build_time: Duration,
    ) -> Database {
        let max_depth = depths.iter().copied().max().unwrap_or(0);
        let meta = Meta {
            kind,
            hash: rules_hash(rules),
            id: rules.id().to_string(),
            name: rules.name().to_string(),
            holes: rules.holes() as u32,
            total_seeds: rules.total_seeds(),
            max_seeds: ix.max_seeds(),
            positions: values.len() as u64,
            depth_bytes: if max_depth <= u8::MAX as u16 { 1 } else { 2 },
        };
        Database {
            meta,
            rules: rules.clone(),
            ix,
            data: Data::Owned { values, depths },
            build_time: Some(build_time),
            path: None,
        }
    }

    /// The kind of values stored.
    pub fn kind(&self) -> DbKind {
        self.meta.kind
    }

    /// The rules the database was built for.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The most seeds on the board of a position in the database.
    pub fn max_seeds(&self) -> u32 {
        self.meta.max_seeds
    }

    /// Positions stored (every board of each level, both sides to move).
    pub fn positions(&self) -> u64 {
        self.meta.positions
    }

    /// The position indexing.
    pub fn indexer(&self) -> &Indexer {
        &self.ix
    }

    /// How long [`solve`](fn@crate::solve) took, for a database built in this
    /// process.
    pub fn build_time(&self) -> Option<Duration> {
        self.build_time
    }

    /// The file the database was opened from.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The size in bytes of the database as a file.
    pub fn file_size(&self) -> u64 {
        self.header_len() as u64 + self.meta.positions * (1 + self.meta.depth_bytes as u64) + 4
    }

    /// The largest stored depth (plies; see [`Eval`]).
    pub fn max_depth(&self) -> u32 {
        (0..self.meta.positions)
            .map(|i| self.raw_depth(i))
            .max()
            .unwrap_or(0)
    }

    /// The stored value at a position index.
    #[inline]
    pub fn raw_value(&self, index: u64) -> i8 {
        match &self.data {
            Data::Owned { values, .. } => values[index as usize],
            Data::Mapped { map, values_at, .. } => map[values_at + index as usize] as i8,
        }
    }

    /// The stored depth at a position index.
    #[inline]
    pub fn raw_depth(&self, index: u64) -> u32 {
        match &self.data {
            Data::Owned { depths, .. } => depths[index as usize] as u32,
            Data::Mapped { map, depths_at, .. } => {
                if self.meta.depth_bytes == 1 {
                    map[depths_at + index as usize] as u32
                } else {
                    let at = depths_at + 2 * index as usize;
                    u16::from_le_bytes([map[at], map[at + 1]]) as u32
                }
            }
        }
    }

    #[cfg(test)]
    pub(crate) fn set_raw_value(&mut self, index: u64, value: i8) {
        match &mut self.data {
            Data::Owned { values, .. } => values[index as usize] = value,
            Data::Mapped { .. } => panic!("a mapped database is read-only"),
        }
    }

    /// The position index of `board` with `to_move` to move, if the board
    /// is within the database.
    pub fn index_of(&self, board: &[u8], to_move: Side) -> Option<u64> {
        let holes = self.meta.holes as usize;
        if board.len() < holes {
            return None;
        }
        let s: u32 = board[..holes].iter().map(|&x| x as u32).sum();
        (s <= self.meta.max_seeds).then(|| self.ix.index_of(&board[..holes], s, to_move))
    }

    /// The database entry of `pos`: its value and depth as stored, if `pos`
    /// is in the database (few enough seeds on the board, and no first-move
    /// rule pending). [`Database::eval`] also answers for opening positions.
    pub fn lookup(&self, pos: &Position) -> Option<Eval> {
        if !Semantics::new(&self.rules).covered_flags(pos) {
            return None;
        }
        let i = self.index_of(pos.raw_board(), pos.to_move())?;
        Some(Eval {
            value: self.raw_value(i) as i32,
            plies: self.raw_depth(i),
        })
    }

    /// The exact value of `pos` for the player to move: the seed margin
    /// they can force from now on (captures from now plus the end-of-game
    /// settlement; add the captures already made for the final margin), or
    /// `+1`/`0`/`-1` in a win/loss/draw database. `None` if the position
    /// has more seeds on the board than the database covers.
    ///
    /// The value assumes no history: play that never ends is worth 0 for
    /// the seeds left (a draw). In a real game a position that recurs ends
    /// it with the board shared, so a game whose history already holds
    /// some positions may be worth something else.
    pub fn value(&self, pos: &Position) -> Option<i32> {
        self.eval(pos).map(|e| e.value)
    }

    /// As [`Database::value`], with the plies of the tie-break.
    pub fn eval(&self, pos: &Position) -> Option<Eval> {
        let sem = Semantics::new(&self.rules);
        self.eval_at(&sem, pos, &mut Vec::new())
    }

    /// The final seed margin (own total minus the opponent's) the player to
    /// move at `pos` can force, counting the captures already made. `None`
    /// for win/loss/draw databases and positions out of range.
    pub fn final_margin(&self, pos: &Position) -> Option<i32> {
        if self.meta.kind != DbKind::Margin {
            return None;
        }
        let me = pos.to_move();
        Some(self.value(pos)? + pos.captured(me) as i32 - pos.captured(me.opponent()) as i32)
    }

    /// Every legal move of `pos` with its exact value, best first (ties in
    /// the order of [`Eval::better_than`], then move order). Empty when the
    /// game is over at `pos`; `None` if the database does not reach.
    pub fn analyze(&self, pos: &Position) -> Option<Vec<MoveEval>> {
        let sem = Semantics::new(&self.rules);
        let mut path = vec![self.rules.repetition_key(pos)];
        let Ok(succ) = sem.moves_or_end(pos) else {
            return Some(Vec::new());
        };
        let mut out = Vec::with_capacity(succ.len());
        for child in succ.as_slice() {
            let eval = self.option(&sem, pos, child, &mut path)?;
            out.push(MoveEval {
                mv: child.mv,
                eval,
                child: child.pos,
            });
        }
        // A stable sort keeps move order among equals.
        out.sort_by(|a, b| Eval::best_first(&a.eval, &b.eval));
        Some(out)
    }

    /// The moves of perfect play at `pos`: every move of the best value,
    /// and among those the quickest to secure a positive value or the
    /// slowest to concede a negative one (plies until the next capture in a
    /// margin database, to the end of the game in a win/loss/draw one). A
    /// winning player who always picks one of these never cycles. Empty
    /// when the game is over; `None` if the database does not reach.
    pub fn best_moves(&self, pos: &Position) -> Option<Vec<Move>> {
        let moves = self.analyze(pos)?;
        let Some(best) = moves.first().map(|m| m.eval) else {
            return Some(Vec::new());
        };
        Some(
            moves
                .iter()
                .take_while(|m| !best.better_than(m.eval))
                .map(|m| m.mv)
                .collect(),
        )
    }

    /// The value of a position reached in play (or a root), searching over
    /// positions where a first-move rule still applies. `path` holds the
    /// positions of the search path since the last capture, for repetition.
    fn eval_at(
        &self,
        sem: &Semantics,
        pos: &Position,
        path: &mut Vec<RepetitionKey>,
    ) -> Option<Eval> {
        if pos.seeds_on_board() > self.meta.max_seeds {
            return None;
        }
        if sem.covered_flags(pos) {
            return self.lookup(pos);
        }
        let succ = match sem.moves_or_end(pos) {
            Ok(succ) => succ,
            Err(reason) => {
                return Some(Eval {
                    value: sem.terminal(pos, reason),
                    plies: 0,
                });
            }
        };
        let k = self.rules.repetition_key(pos);
        if k.find_in(path).is_some() {
            // Play that comes back here may go on for ever: worth 0.
            return Some(Eval { value: 0, plies: 0 });
        }
        path.push(k);
        let mut best: Option<Eval> = None;
        for child in succ.as_slice() {
            let e = self.option(sem, pos, child, path);
            match (e, best) {
                (None, _) => {
                    path.pop();
                    return None;
                }
                (Some(e), Some(b)) if !e.better_than(b) => {}
                (Some(e), _) => best = Some(e),
            }
        }
        path.pop();
        best
    }

    /// The value of the move to `child` for the mover at `parent`.
    fn option(
        &self,
        sem: &Semantics,
        parent: &Position,
        child: &mancala_core::Child,
        path: &mut Vec<RepetitionKey>,
    ) -> Option<Eval> {
        if child.endless {
            return Some(Eval {
                value: sem.endless_move(parent, child),
                plies: 1,
            });
        }
        let captured = child.pos.seeds_taken() != parent.seeds_taken();
        let e = if captured {
            let mut fresh = Vec::new();
            self.eval_at(sem, &child.pos, &mut fresh)?
        } else {
            self.eval_at(sem, &child.pos, path)?
        };
        let value = sem.combine(parent, &child.pos, e.value);
        let plies = if sem.kind == DbKind::Margin && captured {
            1
        } else {
            e.plies + 1
        };
        Some(Eval { value, plies })
    }

    fn header_len(&self) -> usize {
        (FIXED_HEADER + self.meta.id.len() + self.meta.name.len()).div_ceil(64) * 64
    }

    fn header_bytes(&self) -> Vec<u8> {
        let m = &self.meta;
        let len = self.header_len();
        let mut h = Vec::with_capacity(len);
        h.extend_from_slice(MAGIC);
        h.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        h.extend_from_slice(&m.kind.code().to_le_bytes());
        h.extend_from_slice(&(len as u32).to_le_bytes());
        h.extend_from_slice(&m.holes.to_le_bytes());
        h.extend_from_slice(&m.total_seeds.to_le_bytes());
        h.extend_from_slice(&m.max_seeds.to_le_bytes());
        h.extend_from_slice(&m.positions.to_le_bytes());
        h.extend_from_slice(&(m.depth_bytes as u32).to_le_bytes());
        h.extend_from_slice(&0u32.to_le_bytes());
        h.extend_from_slice(&m.hash);
        h.extend_from_slice(&(m.id.len() as u16).to_le_bytes());
        h.extend_from_slice(&(m.name.len() as u16).to_le_bytes());
        h.extend_from_slice(m.id.as_bytes());
        h.extend_from_slice(m.name.as_bytes());
        h.resize(len, 0);
        h
    }

    /// Writes the database to `path` (through a temporary file beside it,
    /// renamed at the end, so a reader never sees half a file). Only a new
    /// file or a regular file is written: anything else at `path` (a
    /// symbolic link, a FIFO, a device, a directory) is refused
    /// ([`check_write_target`]).
    pub fn write(&self, path: impl AsRef<Path>) -> Result<(), DbError> {
        let path = path.as_ref();
        write_beside(path, |file| self.write_to(file, path))
    }

    fn write_to(&self, file: File, path: &Path) -> Result<(), DbError> {
        let io = |error| DbError::Io {
            path: path.to_path_buf(),
            error,
        };
        let mut out = BufWriter::with_capacity(1 << 20, file);
        let mut crc = crc32fast::Hasher::new();
        let mut put = |out: &mut BufWriter<File>, bytes: &[u8]| -> Result<(), DbError> {
            crc.update(bytes);
            out.write_all(bytes).map_err(io)
        };
        put(&mut out, &self.header_bytes())?;
        let n = self.meta.positions;
        let mut buf = Vec::with_capacity(1 << 16);
        let step = 1u64 << 15;
        for pass in 0..2 {
            let mut i = 0;
            while i < n {
                buf.clear();
                for j in i..(i + step).min(n) {
                    if pass == 0 {
                        buf.push(self.raw_value(j) as u8);
                    } else if self.meta.depth_bytes == 1 {
                        buf.push(self.raw_depth(j) as u8);
                    } else {
                        buf.extend_from_slice(&(self.raw_depth(j) as u16).to_le_bytes());
                    }
                }
                put(&mut out, &buf)?;
                i += step;
            }
        }
        let sum = crc.finalize();
        out.write_all(&sum.to_le_bytes()).map_err(io)?;
        let file = out.into_inner().map_err(|e| io(e.into_error()))?;
        file.sync_all().map_err(io)
    }

    /// Opens a database file for `rules`: checks the magic, version,
    /// length and checksum, and refuses a database built for other rules.
    /// The file is memory-mapped.
    pub fn open(path: impl AsRef<Path>, rules: &Rules) -> Result<Database, DbError> {
        let path = path.as_ref();
        let p = || path.to_path_buf();
        // Opening a FIFO would wait for a writer for ever; a directory or a
        // device cannot be mapped.
        check_database_file(path)?;
        let file = File::open(path).map_err(|error| DbError::Io { path: p(), error })?;
        // It may have been replaced between the look and the opening.
        let is_file = file
            .metadata()
            .map_err(|error| DbError::Io { path: p(), error })?
            .is_file();
        if !is_file {
            return Err(DbError::NotAFile {
                path: p(),
                what: "not a regular file",
            });
        }
        // SAFETY: the map is read-only; the file is not expected to change
        // while it is open (databases are written to a temporary file and
        // renamed into place, never rewritten in place).
        let map = unsafe { Mmap::map(&file) }.map_err(|error| DbError::Io { path: p(), error })?;
        let damaged = |reason: String| DbError::Damaged { path: p(), reason };
        if map.len() < FIXED_HEADER || &map[..8] != MAGIC {
            return Err(DbError::NotADatabase { path: p() });
        }
        let u32_at = |at: usize| u32::from_le_bytes(map[at..at + 4].try_into().expect("4 bytes"));
        let version = u32_at(8);
        if version != FORMAT_VERSION {
            return Err(DbError::Version {
                path: p(),
                found: version,
                expected: FORMAT_VERSION,
            });
        }
        let kind = DbKind::from_code(u32_at(12))
            .ok_or_else(|| damaged(format!("unknown kind {}", u32_at(12))))?;
        let header_len = u32_at(16) as usize;
        let positions = u64::from_le_bytes(map[32..40].try_into().expect("8 bytes"));
        let depth_bytes = u32_at(40) as usize;
        if !(1..=2).contains(&depth_bytes) {
            return Err(damaged(format!("{depth_bytes} bytes per depth")));
        }
        let expected_len = (header_len as u64)
            .checked_add(positions.saturating_mul(1 + depth_bytes as u64))
            .and_then(|x| x.checked_add(4));
        if expected_len != Some(map.len() as u64) || header_len < FIXED_HEADER {
            return Err(damaged(format!(
                "the file has {} bytes, its header announces {}",
                map.len(),
                expected_len.map_or("too many".to_string(), |x| x.to_string())
            )));
        }
        let body = map.len() - 4;
        let stored = u32_at(body);
        let computed = crc_parallel(&map[..body]);
        if stored != computed {
            return Err(DbError::Checksum {
                path: p(),
                stored,
                computed,
            });
        }
        let mut hash = [0u8; 32];
        hash.copy_from_slice(&map[48..80]);
        let id_len = u16::from_le_bytes([map[80], map[81]]) as usize;
        let name_len = u16::from_le_bytes([map[82], map[83]]) as usize;
        if FIXED_HEADER + id_len + name_len > header_len {
            return Err(damaged(
                "the game id and name overrun the header".to_string(),
            ));
        }
        let text = |a: usize, b: usize| String::from_utf8_lossy(&map[a..b]).into_owned();
        let id = text(FIXED_HEADER, FIXED_HEADER + id_len);
        let name = text(FIXED_HEADER + id_len, FIXED_HEADER + id_len + name_len);
        let meta = Meta {
            kind,
            hash,
            id,
            name,
            holes: u32_at(20),
            total_seeds: u32_at(24),
            max_seeds: u32_at(28),
            positions,
            depth_bytes,
        };
        let given = rules_hash(rules);
        if given != meta.hash {
            let db_rules = (meta.name.as_str(), meta.id.as_str(), &meta.hash);
            return Err(DbError::WrongRules(Box::new(RulesMismatch::new(
                p(),
                db_rules,
                rules,
            ))));
        }
        // The checksum only shows that the file is as written: every field
        // must also agree with the rules, or the values would be misread.
        if meta.holes as usize != rules.holes() {
            return Err(damaged(format!(
                "the header says {} holes, the rules have {}",
                meta.holes,
                rules.holes()
            )));
        }
        if meta.kind != DbKind::of(rules) {
            return Err(damaged(format!(
                "the header says it holds {} values, but the rules' result needs {} values",
                meta.kind.as_str(),
                DbKind::of(rules).as_str()
            )));
        }
        if meta.total_seeds != rules.total_seeds() {
            return Err(damaged(format!(
                "the header says the game has {} seeds, the rules have {}",
                meta.total_seeds,
                rules.total_seeds()
            )));
        }
        if meta.max_seeds > rules.total_seeds() || meta.max_seeds > 255 {
            return Err(damaged(format!(
                "the header says it covers up to {} seeds on the board, more than the {} of the game",
                meta.max_seeds,
                rules.total_seeds()
            )));
        }
        let reserved = u32_at(44);
        if reserved != 0 {
            return Err(damaged(format!(
                "the reserved header field holds {reserved}, not 0"
            )));
        }
        if !header_len.is_multiple_of(64) {
            return Err(damaged(format!(
                "a header of {header_len} bytes, not a multiple of 64"
            )));
        }
        let ix = Indexer::new(rules.holes(), meta.max_seeds);
        if ix.total() != positions {
            return Err(damaged(format!(
                "{positions} positions where the levels hold {}",
                ix.total()
            )));
        }
        let values_at = header_len;
        let depths_at = header_len + positions as usize;
        // A value past what a level can hold would be read as a result no
        // play can reach: with `s` seeds on the board a margin is within
        // -s..=s, a win/loss/draw within -1..=1.
        for s in 0..=meta.max_seeds {
            let bound = match kind {
                DbKind::Margin => s,
                DbKind::WinLossDraw => 1,
            };
            let from = values_at + ix.level_offset(s) as usize;
            let level = &map[from..from + ix.level_len(s) as usize];
            if let Some(at) = level
                .iter()
                .position(|&b| (b as i8).unsigned_abs() as u32 > bound)
            {
                return Err(damaged(format!(
                    "position {} holds the value {}, outside -{bound}..={bound} for {s} seeds on the board",
                    ix.level_offset(s) + at as u64,
                    level[at] as i8
                )));
            }
        }
        Ok(Database {
            meta,
            rules: rules.clone(),
            ix,
            data: Data::Mapped {
                map,
                values_at,
                depths_at,
            },
            build_time: None,
            path: Some(path.to_path_buf()),
        })
    }

    /// Opens the game's database at its default path ([`default_path`]).
    pub fn open_default(rules: &Rules) -> Result<Database, DbError> {
        let path = default_path(rules).ok_or_else(|| DbError::NotFound {
            game: rules.name().to_string(),
            path: PathBuf::from(format!(
                "$HOME/.local/share/mancala/{}",
                default_file_name(rules)
            )),
        })?;
        if !path.is_file() {
            return Err(DbError::NotFound {
                game: rules.name().to_string(),
                path,
            });
        }
        Database::open(path, rules)
    }
}

/// What a file type is, in words (`"a FIFO"`), for anything but a regular file.
fn file_kind(t: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else if t.is_symlink() {
        "a symbolic link"
    } else {
        "not a regular file"
    }
}

/// Checks, without opening it, that `path` is a regular file (after
/// following links) that a database could be read from: opening a FIFO
/// would block for ever, and a directory or a device is no database.
pub fn check_database_file(path: &Path) -> Result<(), DbError> {
    let meta = std::fs::metadata(path).map_err(|error| DbError::Io {
        path: path.to_path_buf(),
        error,
    })?;
    if meta.is_file() {
        Ok(())
    } else {
        Err(DbError::NotAFile {
            path: path.to_path_buf(),
            what: file_kind(meta.file_type()),
        })
    }
}

/// Writes the file at `path` through `write`, into a new temporary file
/// beside it renamed into place at the end: a reader never sees half a
/// file, and a process that has the old file mapped keeps reading it
/// whole. Only a new file or a regular file is replaced
/// ([`check_write_target`], checked again just before the rename, since
/// the target may have been replaced meanwhile).
pub(crate) fn write_beside(
    path: &Path,
    write: impl FnOnce(File) -> Result<(), DbError>,
) -> Result<(), DbError> {
    check_write_target(path)?;
    let io = |error| DbError::Io {
        path: path.to_path_buf(),
        error,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(format!(".{}.tmp", std::process::id()));
    let tmp = PathBuf::from(tmp);
    // A new file only: never through a link or into something left there.
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(io)?;
    if let Err(e) = write(file).and_then(|()| check_write_target(path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(e);
    }
    std::fs::rename(&tmp, path).map_err(io)
}

/// Checks that writing a database to `path` replaces nothing but a regular
/// file: the path is new, or a regular file (not a symbolic link, a FIFO, a
/// device or a directory, which the rename into place would replace).
pub fn check_write_target(path: &Path) -> Result<(), DbError> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Ok(()),
        Ok(meta) => Err(DbError::WontReplace {
            path: path.to_path_buf(),
            what: file_kind(meta.file_type()),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(error) => Err(DbError::Io {
            path: path.to_path_buf(),
            error,
        }),
    }
}

/// CRC-32 of a large buffer, in parallel pieces combined at the end.
fn crc_parallel(bytes: &[u8]) -> u32 {
    use rayon::prelude::*;
    const PIECE: usize = 1 << 22;
    if bytes.len() <= PIECE {
        return crc32fast::hash(bytes);
    }
    bytes
        .par_chunks(PIECE)
        .map(|piece| {
            let mut h = crc32fast::Hasher::new();
            h.update(piece);
            (h, piece.len())
        })
        .collect::<Vec<_>>()
        .into_iter()
        .reduce(|(mut a, la), (b, lb)| {
            a.combine(&b);
            (a, la + lb)
        })
        .map(|(h, _)| h.finalize())
        .unwrap_or_else(|| crc32fast::hash(&[]))
}

/// What identifies a position in a table of values: the board, the side
/// to move and both opened flags (values can depend on them). Repetition
/// compares core's [`RepetitionKey`] instead.
pub(crate) type TableKey = ([u8; mancala_core::MAX_HOLES], u8);

pub(crate) fn table_key(pos: &Position) -> TableKey {
    let flags = pos.to_move().index() as u8
        | (pos.has_opened(Side::South) as u8) << 1
        | (pos.has_opened(Side::North) as u8) << 2;
    (*pos.raw_board(), flags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgames;
    use crate::{solve, verify};

    #[test]
    fn file_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        for rules in [
            Rules::builtin("tihbat").unwrap(),
            testgames::rules("tiny-sadeqa", testgames::TINY_SADEQA),
        ] {
            let db = solve(&rules, false).unwrap();
            let path = dir.path().join("sub").join(default_file_name(&rules));
            db.write(&path).unwrap();
            assert_eq!(std::fs::metadata(&path).unwrap().len(), db.file_size());
            let back = Database::open(&path, &rules).unwrap();
            assert_eq!(back.positions(), db.positions());
            assert_eq!(back.kind(), db.kind());
            assert_eq!(back.path(), Some(path.as_path()));
            for i in 0..db.positions() {
                assert_eq!(back.raw_value(i), db.raw_value(i));
                assert_eq!(back.raw_depth(i), db.raw_depth(i));
            }
            let start = rules.start();
            assert_eq!(back.analyze(&start), db.analyze(&start));
            assert!(verify(&back, &rules).unwrap().is_ok());
        }
    }

    #[test]
    fn two_byte_depths_round_trip() {
        let rules = Rules::builtin("tihbat").unwrap();
        let mut db = solve(&rules, false).unwrap();
        if let Data::Owned { depths, .. } = &mut db.data {
            depths[7] = 1000;
        }
        db.meta.depth_bytes = 2;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.mdb");
        db.write(&path).unwrap();
        let back = Database::open(&path, &rules).unwrap();
        assert_eq!(back.raw_depth(7), 1000);
        assert_eq!(back.raw_depth(8), db.raw_depth(8));
    }

    #[test]
    fn other_rules_are_refused() {
        let tihbat = Rules::builtin("tihbat").unwrap();
        let tiny = testgames::rules("tiny-tihbat", testgames::TINY_TIHBAT);
        let db = solve(&tiny, false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("tiny.mdb");
        db.write(&path).unwrap();
        let err = Database::open(&path, &tihbat).unwrap_err();
        assert!(matches!(err, DbError::WrongRules(_)), "{err}");
        let msg = err.to_string();
        assert!(
            msg.contains("Tiny Tihbat") && msg.contains("Tihbat (game id `tihbat`"),
            "{msg}"
        );
    }

    /// Tiny Tihbat solved and written: its rules, the database, the directory
    /// (kept while it lives), the file and its bytes.
    fn tiny_database_file() -> (Rules, Database, tempfile::TempDir, PathBuf, Vec<u8>) {
        let rules = testgames::rules("tiny-tihbat", testgames::TINY_TIHBAT);
        let db = solve(&rules, false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.mdb");
        db.write(&path).unwrap();
        let good = std::fs::read(&path).unwrap();
        (rules, db, dir, path, good)
    }

    /// A header field changed with the checksum
    /// recomputed is refused, naming the field; before, a database whose
    /// `kind` said win/loss/draw passed and gave nonsense values.
    #[test]
    fn every_header_field_is_checked_against_the_rules() {
        let (rules, _db, _dir, path, good) = tiny_database_file();
        let total = rules.total_seeds();
        let cases: [(usize, u32, &str); 5] = [
            (
                12,
                2,
                "holds win-loss-draw values, but the rules' result needs margin values",
            ),
            (
                24,
                total + 1,
                &format!("the game has {} seeds, the rules have {total}", total + 1),
            ),
            (28, total + 1, "covers up to"),
            (44, 7, "reserved header field holds 7"),
            (20, rules.holes() as u32 + 2, "holes"),
        ];
        for (at, value, expected) in cases {
            let mut bytes = good.clone();
            bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
            let body = bytes.len() - 4;
            let crc = crc32fast::hash(&bytes[..body]);
            bytes[body..].copy_from_slice(&crc.to_le_bytes());
            std::fs::write(&path, &bytes).unwrap();
            let err = Database::open(&path, &rules).unwrap_err();
            assert!(matches!(err, DbError::Damaged { .. }), "offset {at}: {err}");
            assert!(err.to_string().contains(expected), "offset {at}: {err}");
        }
    }

    /// A value byte past what its level can hold, with the checksum
    /// recomputed (found by the database fuzz target: Tihbat gave 29 for a
    /// 28-seed game), is refused on opening.
    #[test]
    fn values_outside_their_level_are_refused() {
        let (rules, db, _dir, path, good) = tiny_database_file();
        let header = u32::from_le_bytes(good[16..20].try_into().unwrap()) as usize;
        let last = header + db.positions() as usize - 1;
        for value in [29i8, -29, (db.max_seeds() + 1) as i8] {
            let mut bytes = good.clone();
            bytes[last] = value as u8;
            let body = bytes.len() - 4;
            let crc = crc32fast::hash(&bytes[..body]);
            bytes[body..].copy_from_slice(&crc.to_le_bytes());
            std::fs::write(&path, &bytes).unwrap();
            let err = Database::open(&path, &rules).unwrap_err();
            assert!(matches!(err, DbError::Damaged { .. }), "{value}: {err}");
            assert!(
                err.to_string()
                    .contains(&format!("holds the value {value}, outside")),
                "{value}: {err}"
            );
        }
    }

    /// Only a regular file is opened (a FIFO
    /// would block for ever; a directory gave "No such device"), and a
    /// missing file's system error is said once in a chain of errors.
    #[test]
    fn only_regular_files_are_opened() {
        let rules = Rules::builtin("tihbat").unwrap();
        let dir = tempfile::tempdir().unwrap();
        let err = Database::open(dir.path(), &rules).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("is a directory, not a database file"),
            "{err}"
        );
        let err = Database::open("/dev/null", &rules).unwrap_err();
        assert!(
            err.to_string()
                .ends_with("/dev/null is a character device, not a database file"),
            "{err}"
        );
        let fifo = dir.path().join("fifo");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let err = Database::open(&fifo, &rules).unwrap_err();
        assert!(
            err.to_string().ends_with("is a FIFO, not a database file"),
            "{err}"
        );
        let missing = dir.path().join("missing.mdb");
        let err = Database::open(&missing, &rules).unwrap_err();
        assert!(
            std::error::Error::source(&err).is_none(),
            "the system's error is in the message only"
        );
        assert_eq!(err.to_string().matches("os error 2").count(), 1, "{err}");
    }

    /// A database is written only to a new file or over
    /// a regular file; a symbolic link, a FIFO or a directory at the path is
    /// refused and left as it was.
    #[test]
    fn writing_replaces_only_regular_files() {
        let rules = testgames::rules("tiny-tihbat", testgames::TINY_TIHBAT);
        let db = solve(&rules, false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("kept.txt");
        std::fs::write(&target, "precious").unwrap();
        let link = dir.path().join("link.mdb");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        let fifo = dir.path().join("fifo.mdb");
        assert!(
            std::process::Command::new("mkfifo")
                .arg(&fifo)
                .status()
                .unwrap()
                .success()
        );
        let subdir = dir.path().join("dir.mdb");
        std::fs::create_dir(&subdir).unwrap();
        for (path, what) in [
            (&link, "a symbolic link"),
            (&fifo, "a FIFO"),
            (&subdir, "a directory"),
        ] {
            let err = db.write(path).unwrap_err();
            assert!(matches!(err, DbError::WontReplace { .. }), "{err}");
            assert!(err.to_string().contains(&format!("it is {what}")), "{err}");
        }
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
        assert!(std::fs::symlink_metadata(&subdir).unwrap().is_dir());
        {
            use std::os::unix::fs::FileTypeExt;
            assert!(
                std::fs::symlink_metadata(&fifo)
                    .unwrap()
                    .file_type()
                    .is_fifo()
            );
        }
        // A regular file is replaced, and no temporary file is left.
        db.write(&target).unwrap();
        assert!(Database::open(&target, &rules).is_ok());
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 4, "{names:?}");
    }

    #[test]
    fn a_renamed_game_keeps_its_database() {
        let rules = testgames::rules("tiny-tihbat", testgames::TINY_TIHBAT);
        let db = solve(&rules, false).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.mdb");
        db.write(&path).unwrap();
        let renamed_text = testgames::TINY_TIHBAT.replace("Tiny Tihbat", "Little Tihbat");
        assert_ne!(renamed_text, testgames::TINY_TIHBAT);
        let renamed = testgames::rules("little-tihbat", &renamed_text);
        let reopened = Database::open(&path, &renamed).unwrap();
        assert_eq!(reopened.value(&renamed.start()), db.value(&rules.start()));
    }

    #[test]
    fn corruption_is_refused() {
        let (rules, db, dir, path, good) = tiny_database_file();

        let mut bytes = good.clone();
        let at = db.header_len() + 5;
        bytes[at] ^= 0x10;
        std::fs::write(&path, &bytes).unwrap();
        let err = Database::open(&path, &rules).unwrap_err();
        assert!(matches!(err, DbError::Checksum { .. }), "{err}");
        assert!(err.to_string().contains("corrupted"));

        std::fs::write(&path, &good[..good.len() - 1]).unwrap();
        assert!(matches!(
            Database::open(&path, &rules).unwrap_err(),
            DbError::Damaged { .. }
        ));

        std::fs::write(
            &path,
            b"not a database at all, just some text long enough for the header to be read......",
        )
        .unwrap();
        assert!(matches!(
            Database::open(&path, &rules).unwrap_err(),
            DbError::NotADatabase { .. }
        ));

        let mut bytes = good.clone();
        bytes[8] = 9;
        std::fs::write(&path, &bytes).unwrap();
        assert!(matches!(
            Database::open(&path, &rules).unwrap_err(),
            DbError::Version { found: 9, .. }
        ));
        // A file of the previous version (its rules hash came from the rule
        // file's text) is refused with what to do about it.
        bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
        std::fs::write(&path, &bytes).unwrap();
        let err = Database::open(&path, &rules).unwrap_err();
        assert!(
            matches!(
                err,
                DbError::Version {
                    found: 1,
                    expected: 2,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("solve the game again"), "{err}");

        let missing = dir.path().join("missing.mdb");
        assert!(matches!(
            Database::open(&missing, &rules).unwrap_err(),
            DbError::Io { .. }
        ));
    }

    #[test]
    fn default_paths_follow_the_environment() {
        let rules = Rules::builtin("modiar").unwrap();
        assert_eq!(default_file_name(&rules), "modiar.mdb");
        // Only read the environment here: other tests run in parallel.
        if let Some(dir) = data_dir() {
            assert_eq!(default_path(&rules).unwrap(), dir.join("modiar.mdb"));
        }
    }

    #[test]
    fn out_of_range_positions_have_no_value() {
        let rules = Rules::builtin("tihbat").unwrap();
        let db = crate::solve_up_to(&rules, 6, false).unwrap();
        assert_eq!(db.max_seeds(), 6);
        assert_eq!(db.value(&rules.start()), None);
        assert_eq!(db.analyze(&rules.start()), None);
        let small = rules
            .position(&[1, 2, 0, 3], [10, 12], mancala_core::Side::North, 30)
            .unwrap();
        let full = solve(&rules, false).unwrap();
        assert_eq!(db.value(&small), full.value(&small));
        assert_eq!(db.best_moves(&small), full.best_moves(&small));
        assert_eq!(
            full.final_margin(&small),
            Some(full.value(&small).unwrap() + 12 - 10)
        );
    }
}
