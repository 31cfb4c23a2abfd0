//! The data the strongest players look up, kept in the data directory:
//! what should be there, whether what is there can be used, and building
//! it, now or in the background on first use.
//!
//! # What
//!
//! The catalogue ([`DataDir::items`]) has, for the built-in games:
//!
//! * Oware's endgame bounds ([`crate::bounds`], `oware.bounds`), up to
//!   [`DEFAULT_BOUNDS_SEEDS`] seeds on the board: every alpha-beta search of
//!   Oware reads them (`ai:3` and up, hints, analysis). Minutes to build.
//! * The solved database (`<id>.mdb`, [`crate::solve`]) of each game small
//!   enough to solve in seconds (at most [`DEFAULT_MAX_POSITIONS`]
//!   positions): the traps of the timed levels (`ai:7` to `ai:9`) and
//!   `perfect` read it.
//!
//! # Checked before use
//!
//! [`DataDir::check`] opens a file as the players do: magic, format
//! version, the rules it was built for, its length and its checksum. A file
//! of an older format ([`State::OldFormat`]) or damaged ([`State::Damaged`]:
//! truncated, a byte changed, other rules) is built again.
//!
//! # Built
//!
//! [`DataDir::build`] builds an item now, counting on a progress bar the
//! caller gives (`mancala data build`). [`DataDir::ensure`] is the first
//! use: a usable file is [`Availability::Ready`]; otherwise a build starts
//! in a thread of its own ([`Job`]) and the caller plays on without the data
//! until the job is done ([`generation`] changes then). Background builds
//! run one at a time, on every core but one, so that the game that asked
//! stays playable. A directory that cannot be written, or a machine without
//! the memory, makes [`Availability::Unavailable`], with the reason.
//!
//! Two environment variables, for tests and CI above all:
//! [`BUILD_ENV`]`=off` (`MANCALA_DATA_BUILD`) switches the background builds
//! off ([`Availability::Off`]), and [`SEEDS_ENV`]`=K` (`MANCALA_DATA_SEEDS`)
//! makes Oware's bounds cover `K` seeds instead of 20, so that a build takes
//! a fraction of a second.
//!
//! Files are written beside their place and renamed into it, so a process
//! reading the old file keeps reading it whole.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use indicatif::ProgressBar;
use mancala_core::Rules;

use crate::bounds::{self, BoundsDb};
use crate::db::{Database, DbError, default_file_name};
pub use crate::db::{default_dir, find, lookup_dirs, set_default_dir};
use crate::index::Indexer;
use crate::solve::SolveError;

/// Oware's endgame bounds cover this many seeds on the board by default
/// (226 million boards, 451 MB, about ten minutes on two cores).
pub const DEFAULT_BOUNDS_SEEDS: u32 = 20;

/// The built-in games with at most this many positions get their solved
/// database by default (Modiar, 24.5 million, solves in seconds).
pub const DEFAULT_MAX_POSITIONS: u64 = 30_000_000;

/// `MANCALA_DATA_BUILD=off` (or `0`, `no`, `false`): no builds in the
/// background. `mancala data build` still builds.
pub const BUILD_ENV: &str = "MANCALA_DATA_BUILD";

/// `MANCALA_DATA_SEEDS=K`: Oware's endgame bounds cover `K` seeds on the
/// board (at most [`bounds::MAX_SEEDS`]) instead of [`DEFAULT_BOUNDS_SEEDS`].
pub const SEEDS_ENV: &str = "MANCALA_DATA_SEEDS";

/// What an item of data is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Oware's endgame bounds up to this many seeds on the board.
    Bounds {
        /// The most seeds on the board covered.
        max_seeds: u32,
    },
    /// A game's solved database, every position.
    Database,
}

/// One file of the catalogue: a game and what is kept for it.
#[derive(Clone, Debug)]
pub struct Item {
    rules: Rules,
    kind: Kind,
}

impl Item {
    /// The game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The game's id.
    pub fn game(&self) -> &str {
        self.rules.id()
    }

    /// What is kept.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// The file's name in the data directory.
    pub fn file_name(&self) -> String {
        match self.kind {
            Kind::Bounds { .. } => format!("{}.bounds", self.rules.id()),
            Kind::Database => default_file_name(&self.rules),
        }
    }

    /// What it is, in words: "Oware's endgame bounds (up to 20 seeds on
    /// the board)".
    pub fn describe(&self) -> String {
        match self.kind {
            Kind::Bounds { max_seeds } => format!(
                "{}'s endgame bounds (up to {max_seeds} seeds on the board)",
                self.rules.title()
            ),
            Kind::Database => format!("{}'s solved database", self.rules.title()),
        }
    }

    /// The size of the file built, in bytes (about).
    pub fn expected_bytes(&self) -> u64 {
        match self.kind {
            Kind::Bounds { max_seeds } => bounds::memory_estimate(max_seeds).database + 68,
            Kind::Database => {
                let positions = Indexer::new(self.rules.holes(), self.rules.total_seeds()).total();
                3 * positions
            }
        }
    }

    /// The memory a build needs, in bytes (about).
    pub fn memory_needed(&self) -> u64 {
        match self.kind {
            Kind::Bounds { max_seeds } => bounds::memory_estimate(max_seeds).total(),
            Kind::Database => {
                crate::solve::memory_estimate(&self.rules, self.rules.total_seeds()).total()
            }
        }
    }
}

/// What a file of the catalogue is like.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum State {
    /// No file.
    Missing,
    /// A file the players can use.
    Valid {
        /// Its size.
        bytes: u64,
        /// What it holds ("up to 20 seeds on the board", ...).
        detail: String,
    },
    /// A file of another format version: built again.
    OldFormat(String),
    /// A file that cannot be used (truncated, changed, built for other
    /// rules, not a database at all): built again.
    Damaged(String),
}

impl State {
    /// Whether the players can use the file.
    pub fn is_valid(&self) -> bool {
        matches!(self, State::Valid { .. })
    }

    /// A word for it: `valid`, `missing`, `old format`, `damaged`.
    pub fn word(&self) -> &'static str {
        match self {
            State::Missing => "missing",
            State::Valid { .. } => "valid",
            State::OldFormat(_) => "old format",
            State::Damaged(_) => "damaged",
        }
    }
}

/// An item of the catalogue, where its file is, and what that file is like.
#[derive(Clone, Debug)]
pub struct Check {
    /// The item.
    pub item: Item,
    /// Its file.
    pub path: PathBuf,
    /// What the file is like.
    pub state: State,
}

/// Why data could not be built.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    /// The data directory cannot be created or written.
    #[error("cannot write to the data directory {}: {error}", .dir.display())]
    NotWritable {
        /// The directory.
        dir: PathBuf,
        /// The system's error.
        error: std::io::Error,
    },
    /// Not enough memory for the build.
    #[error(
        "building {what} needs about {} MiB of memory, and {} MiB are available",
        .needed >> 20,
        .available >> 20
    )]
    Memory {
        /// What was to be built.
        what: String,
        /// Bytes needed.
        needed: u64,
        /// Bytes available.
        available: u64,
    },
    /// The solver refused or failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
    /// Writing the file failed, or the file written does not read back.
    #[error(transparent)]
    File(#[from] DbError),
    /// No game of that name among the catalogue's.
    #[error("{0}")]
    NotInCatalogue(String),
}

/// A build done: where, how big, how long.
#[derive(Clone, Debug)]
pub struct Built {
    /// The file written.
    pub path: PathBuf,
    /// Its size.
    pub bytes: u64,
    /// How long the build took.
    pub took: Duration,
}

/// A data directory and the sizes of what is built in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataDir {
    dir: PathBuf,
    bounds_seeds: u32,
    max_positions: u64,
    background: bool,
}

impl DataDir {
    /// The directory `dir`, with the default sizes ([`SEEDS_ENV`] when set).
    pub fn new(dir: impl Into<PathBuf>) -> DataDir {
        DataDir {
            dir: dir.into(),
            bounds_seeds: seeds_from_env(),
            max_positions: DEFAULT_MAX_POSITIONS,
            background: background_builds(),
        }
    }

    /// The process's data directory ([`default_dir`]).
    pub fn current() -> Option<DataDir> {
        default_dir().map(DataDir::new)
    }

    /// Background builds on or off, whatever [`BUILD_ENV`] says.
    pub fn with_background_builds(mut self, on: bool) -> DataDir {
        self.background = on;
        self
    }

    /// Oware's bounds up to `k` seeds (tests build a few).
    pub fn with_bounds_seeds(mut self, k: u32) -> DataDir {
        self.bounds_seeds = k.min(bounds::MAX_SEEDS);
        self
    }

    /// Solved databases for the built-in games of at most `n` positions.
    pub fn with_max_positions(mut self, n: u64) -> DataDir {
        self.max_positions = n;
        self
    }

    /// The directory.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Where `item`'s file is.
    pub fn path_of(&self, item: &Item) -> PathBuf {
        self.dir.join(item.file_name())
    }

    /// The catalogue: every built-in game's items, by game id.
    pub fn items(&self) -> Vec<Item> {
        let mut ids: Vec<&str> = Rules::builtin_ids().collect();
        ids.sort_unstable();
        ids.into_iter()
            .filter_map(|id| Rules::builtin(id).ok())
            .flat_map(|rules| self.items_for(&rules))
            .collect()
    }

    /// The items of the game of `rules`: none for a rule file (the
    /// catalogue is the built-in games').
    pub fn items_for(&self, rules: &Rules) -> Vec<Item> {
        if bounds::supports(rules) {
            // Oware under another name (a copy of its rule file) shares
            // the built-in's file.
            let oware = Rules::builtin("oware").expect("the built-in Oware");
            return vec![Item {
                rules: oware,
                kind: Kind::Bounds {
                    max_seeds: self.bounds_seeds,
                },
            }];
        }
        let Ok(builtin) = Rules::builtin(rules.id()) else {
            return Vec::new();
        };
        if crate::db::rules_hash(&builtin) != crate::db::rules_hash(rules) {
            return Vec::new();
        }
        let small = crate::solve::check_supported(rules, rules.total_seeds()).is_ok()
            && Indexer::new(rules.holes(), rules.total_seeds()).total() <= self.max_positions;
        if small {
            vec![Item {
                rules: builtin,
                kind: Kind::Database,
            }]
        } else {
            Vec::new()
        }
    }

    /// The items of the game named `game` (a built-in id), or an error
    /// saying which games have data.
    pub fn items_of_game(&self, game: &str) -> Result<Vec<Item>, DataError> {
        let items: Vec<Item> = self
            .items()
            .into_iter()
            .filter(|i| i.game() == game)
            .collect();
        if items.is_empty() {
            let mut games: Vec<String> =
                self.items().iter().map(|i| i.game().to_string()).collect();
            games.dedup();
            return Err(DataError::NotInCatalogue(format!(
                "{game:?} has no data of its own to build; the games that have: {}",
                games.join(", ")
            )));
        }
        Ok(items)
    }

    /// What `item`'s file is like: opened and checked as the players open it.
    pub fn check(&self, item: &Item) -> Check {
        let path = self.path_of(item);
        let state = check_file(item, &path);
        Check {
            item: item.clone(),
            path,
            state,
        }
    }

    /// Every item of the catalogue, checked.
    pub fn status(&self) -> Vec<Check> {
        self.items().iter().map(|i| self.check(i)).collect()
    }

    /// Creates the directory if needed and checks that a file can be
    /// written in it.
    pub fn check_writable(&self) -> Result<(), DataError> {
        let fail = |error| DataError::NotWritable {
            dir: self.dir.clone(),
            error,
        };
        std::fs::create_dir_all(&self.dir).map_err(fail)?;
        let probe = self
            .dir
            .join(format!(".write-check.{}", std::process::id()));
        std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .open(&probe)
            .map_err(fail)?;
        let _ = std::fs::remove_file(&probe);
        Ok(())
    }

    /// Refuses a build the machine has not the memory for.
    pub fn check_memory(&self, item: &Item) -> Result<(), DataError> {
        let needed = item.memory_needed();
        match memory_available() {
            Some(available) if needed > available => Err(DataError::Memory {
                what: item.describe(),
                needed,
                available,
            }),
            _ => Ok(()),
        }
    }

    /// Builds `item` now and writes its file, counting the work done on
    /// `bar` (its length is set here; a hidden bar still counts). The file
    /// is checked after writing, as the players will open it.
    pub fn build(&self, item: &Item, bar: &ProgressBar) -> Result<Built, DataError> {
        self.check_writable()?;
        self.check_memory(item)?;
        let path = self.path_of(item);
        crate::db::check_write_target(&path)?;
        let started = Instant::now();
        let rules = &item.rules;
        let counting = |total: u64| {
            bar.set_length(total);
            bar.set_position(0);
            bar.clone()
        };
        match item.kind {
            Kind::Bounds { max_seeds } => {
                let db = bounds::solve_bounds_counting(rules, max_seeds, false, counting)?;
                db.write(rules, &path)?;
                drop(db);
                BoundsDb::open(&path, rules)?;
            }
            Kind::Database => {
                let never = AtomicBool::new(false);
                let db =
                    crate::solve::solve_counting(rules, rules.total_seeds(), &never, counting)?
                        .expect("never stopped");
                db.write(&path)?;
                drop(db);
                Database::open(&path, rules)?;
            }
        }
        let bytes = std::fs::metadata(&path).map_or(0, |m| m.len());
        Ok(Built {
            path,
            bytes,
            took: started.elapsed(),
        })
    }

    /// The first use of `item`: [`Availability::Ready`] when its file is
    /// usable (here, or in another directory of [`lookup_dirs`]); otherwise
    /// a build in the background, started once per process and file
    /// ([`Availability::Building`]), unless background builds are off
    /// ([`BUILD_ENV`]) or this directory cannot have it
    /// ([`Availability::Unavailable`]).
    pub fn ensure(&self, item: &Item) -> Availability {
        let path = self.path_of(item);
        let mut jobs = JOBS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(job) = jobs.get(&path) {
            return match job.state() {
                JobState::Ready { .. } => Availability::Ready(path),
                JobState::Failed(reason) => Availability::Unavailable(reason),
                JobState::Waiting | JobState::Building => Availability::Building(job.clone()),
            };
        }
        if let Some(found) = std::iter::once(self.dir.clone())
            .chain(lookup_dirs())
            .map(|d| d.join(item.file_name()))
            .find(|p| check_file(item, p).is_valid())
        {
            return Availability::Ready(found);
        }
        if !self.background {
            return Availability::Off;
        }
        let refused = self
            .check_writable()
            .and_then(|()| self.check_memory(item))
            .map_err(|e| e.to_string());
        let job = Arc::new(Job {
            item: item.clone(),
            path: path.clone(),
            bar: ProgressBar::hidden(),
            state: Mutex::new(match &refused {
                Ok(()) => JobState::Waiting,
                Err(reason) => JobState::Failed(reason.clone()),
            }),
            started: Instant::now(),
            refused: refused.is_err(),
        });
        jobs.insert(path, job.clone());
        drop(jobs);
        if let Err(reason) = refused {
            return Availability::Unavailable(reason);
        }
        let dir = self.clone();
        let worker = job.clone();
        let spawned = std::thread::Builder::new()
            .name(format!("build {}", item.file_name()))
            .spawn(move || worker.run(&dir));
        if let Err(e) = spawned {
            let reason = format!("cannot start a thread to build it: {e}");
            job.set(JobState::Failed(reason.clone()));
            return Availability::Unavailable(reason);
        }
        Availability::Building(job)
    }
}

/// The item's file at `path`, opened as the players open it.
fn check_file(item: &Item, path: &Path) -> State {
    if std::fs::symlink_metadata(path).is_err() {
        return State::Missing;
    }
    let bytes = std::fs::metadata(path).map_or(0, |m| m.len());
    let opened = match item.kind {
        Kind::Bounds { .. } => BoundsDb::open(path, &item.rules).map(|db| {
            format!(
                "up to {} seeds on the board, {} boards",
                db.max_seeds(),
                db.boards()
            )
        }),
        Kind::Database => Database::open(path, &item.rules).map(|db| {
            if db.max_seeds() >= item.rules.total_seeds() {
                format!("every position, {}", db.positions())
            } else {
                format!(
                    "up to {} seeds on the board, {} positions",
                    db.max_seeds(),
                    db.positions()
                )
            }
        }),
    };
    match opened {
        Ok(detail) => State::Valid { bytes, detail },
        Err(e @ DbError::Version { .. }) => State::OldFormat(e.to_string()),
        Err(e) => State::Damaged(e.to_string()),
    }
}

/// What [`DataDir::ensure`] found.
#[derive(Clone, Debug)]
pub enum Availability {
    /// The file is there and usable.
    Ready(PathBuf),
    /// It is being built in the background.
    Building(Arc<Job>),
    /// Background builds are off ([`BUILD_ENV`]).
    Off,
    /// It cannot be had here: why.
    Unavailable(String),
}

/// How a background build is doing.
#[derive(Clone, Debug, PartialEq)]
pub enum JobState {
    /// Waiting for another build to end.
    Waiting,
    /// Building.
    Building,
    /// Built and written.
    Ready {
        /// How long the build took.
        took: Duration,
    },
    /// Failed: why.
    Failed(String),
}

/// A build in the background, started by [`DataDir::ensure`].
#[derive(Debug)]
pub struct Job {
    item: Item,
    path: PathBuf,
    bar: ProgressBar,
    state: Mutex<JobState>,
    started: Instant,
    /// Refused before it started: [`DataDir::ensure`]'s caller was told.
    refused: bool,
}

impl Job {
    /// What is built.
    pub fn item(&self) -> &Item {
        &self.item
    }

    /// The file it is written to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How it is doing.
    pub fn state(&self) -> JobState {
        self.state.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The work done and to do (positions or boards), `(0, 0)` before
    /// the build starts.
    pub fn progress(&self) -> (u64, u64) {
        (self.bar.position(), self.bar.length().unwrap_or(0))
    }

    /// The time left, once some work is done.
    pub fn eta(&self) -> Option<Duration> {
        let (done, total) = self.progress();
        (done > 0 && total > 0).then(|| self.bar.eta())
    }

    /// Since the job was started.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    fn set(&self, state: JobState) {
        *self.state.lock().unwrap_or_else(|e| e.into_inner()) = state;
    }

    fn run(&self, dir: &DataDir) {
        // One build at a time: each may need most of the memory.
        static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
        let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        self.set(JobState::Building);
        // Every core but one: the game that asked for the data goes on.
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get().max(2) - 1);
        let built = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("data build {i}"))
            .build()
            .map_err(|e| e.to_string())
            .and_then(|pool| {
                pool.install(|| dir.build(&self.item, &self.bar))
                    .map_err(|e| e.to_string())
            });
        self.set(match built {
            Ok(b) => JobState::Ready { took: b.took },
            Err(reason) => JobState::Failed(reason),
        });
        GENERATION.fetch_add(1, Ordering::SeqCst);
    }
}

type Jobs = HashMap<PathBuf, Arc<Job>>;
static JOBS: std::sync::LazyLock<Mutex<Jobs>> = std::sync::LazyLock::new(Default::default);
static GENERATION: AtomicU64 = AtomicU64::new(0);

/// Changes each time a background build ends: a reader that found no file
/// looks again when it changes.
pub fn generation() -> u64 {
    GENERATION.load(Ordering::SeqCst)
}

/// The background builds of this process, oldest first.
pub fn jobs() -> Vec<Arc<Job>> {
    let jobs = JOBS.lock().unwrap_or_else(|e| e.into_inner());
    let mut all: Vec<Arc<Job>> = jobs.values().cloned().collect();
    all.sort_by_key(|j| j.started);
    all
}

/// 0: as [`BUILD_ENV`] says; 1: on; 2: off.
static SWITCH: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(0);

/// Switches the background builds of the directories made from now on
/// ([`DataDir::new`]) on or off, whatever [`BUILD_ENV`] says: for tests that
/// play the timed levels inside their own process.
pub fn set_background_builds(on: bool) {
    SWITCH.store(if on { 1 } else { 2 }, Ordering::SeqCst);
}

/// Whether builds in the background are on: as [`set_background_builds`]
/// set them, else unless [`BUILD_ENV`] is `off` (or `0`, `no`, `false`).
pub fn background_builds() -> bool {
    match SWITCH.load(Ordering::SeqCst) {
        1 => return true,
        2 => return false,
        _ => {}
    }
    let off = std::env::var(BUILD_ENV).is_ok_and(|v| {
        matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "off" | "0" | "no" | "false"
        )
    });
    !off
}

/// The seeds of Oware's bounds: [`SEEDS_ENV`] when it is a number up to
/// [`bounds::MAX_SEEDS`], else [`DEFAULT_BOUNDS_SEEDS`].
fn seeds_from_env() -> u32 {
    std::env::var(SEEDS_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|&k| k <= bounds::MAX_SEEDS)
        .unwrap_or(DEFAULT_BOUNDS_SEEDS)
}

/// The memory available (`MemAvailable` in `/proc/meminfo`), where known.
pub fn memory_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line
        .trim_start_matches("MemAvailable:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kib.saturating_mul(1024))
}

/// Lines saying how the background builds are doing, for a terminal or a
/// log: a line when a build starts, at every tenth of the way, and when it
/// ends (ready or failed); nothing when nothing changed.
#[derive(Debug, Default)]
pub struct Reporter {
    /// Per file: the last tenth reported and whether its end was.
    seen: HashMap<PathBuf, (Option<u64>, bool)>,
}

impl Reporter {
    /// A reporter that has said nothing yet.
    pub fn new() -> Reporter {
        Reporter::default()
    }

    /// What changed since the last call.
    pub fn lines(&mut self) -> Vec<String> {
        let mut lines = Vec::new();
        for job in jobs() {
            let (tenth, ended) = self.seen.entry(job.path.clone()).or_default();
            if *ended || job.refused {
                continue;
            }
            let what = job.item.describe();
            let (done, total) = job.progress();
            let now = if total == 0 { 0 } else { 10 * done / total };
            let bar = text_bar(done, total);
            let left = job
                .eta()
                .filter(|_| done > 0)
                .map_or(String::new(), |d| format!(", about {} left", clock(d)));
            if tenth.is_none() {
                // The first look, even at a build already done: say it began.
                *tenth = Some(now);
                lines.push(format!(
                    "{what}: building it in the background into {} {bar}{left}; \
                     the levels play without it until it is ready",
                    job.path.display()
                ));
            }
            match job.state() {
                JobState::Ready { took } => {
                    *ended = true;
                    lines.push(format!(
                        "{what}: ready in {}, {}; the strongest levels use it from their next move",
                        clock(took),
                        job.path.display()
                    ));
                }
                JobState::Failed(reason) => {
                    *ended = true;
                    lines.push(format!(
                        "{what}: cannot be built here ({reason}); the levels play without it"
                    ));
                }
                JobState::Waiting | JobState::Building => {
                    if *tenth != Some(now) {
                        *tenth = Some(now);
                        lines.push(format!("{what}: {bar}{left}"));
                    }
                }
            }
        }
        lines
    }
}

/// `[=====>    ] 52%`.
fn text_bar(done: u64, total: u64) -> String {
    let pct = if total == 0 { 0 } else { 100 * done / total };
    let filled = (pct / 5) as usize;
    format!(
        "[{}{}] {pct}%",
        "=".repeat(filled),
        " ".repeat(20 - filled.min(20))
    )
}

/// `9 min 12 s`, `3.2 s`.
fn clock(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{} min {} s", d.as_secs() / 60, d.as_secs() % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn oware_item(dir: &DataDir) -> Item {
        dir.items_for(&Rules::builtin("oware").unwrap()).remove(0)
    }

    #[test]
    fn the_catalogue_has_oware_and_the_small_games() {
        let dir = DataDir::new("/nonexistent").with_bounds_seeds(4);
        let items = dir.items();
        let oware = items.iter().find(|i| i.game() == "oware").unwrap();
        assert_eq!(oware.kind(), Kind::Bounds { max_seeds: 4 });
        assert_eq!(oware.file_name(), "oware.bounds");
        for small in ["tihbat", "modiar"] {
            let item = items.iter().find(|i| i.game() == small).unwrap();
            assert_eq!(item.kind(), Kind::Database);
            assert_eq!(item.file_name(), format!("{small}.mdb"));
        }
        // Too big for a database by default, and no bounds of its own.
        assert!(items.iter().all(|i| i.game() != "kalah"));
        assert!(dir.items_for(&Rules::builtin("kalah").unwrap()).is_empty());
        let err = dir.items_of_game("kalah").unwrap_err().to_string();
        assert!(err.contains("oware") && err.contains("tihbat"), "{err}");
    }

    #[test]
    fn status_build_damage_and_old_formats() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(tmp.path().join("data")).with_bounds_seeds(4);
        let item = oware_item(&dir);
        assert_eq!(dir.check(&item).state, State::Missing);
        let built = dir.build(&item, &ProgressBar::hidden()).unwrap();
        assert_eq!(built.path, tmp.path().join("data/oware.bounds"));
        let state = dir.check(&item).state;
        assert!(state.is_valid(), "{state:?}");
        assert!(
            matches!(&state, State::Valid { bytes, detail } if *bytes == built.bytes && detail.contains("up to 4 seeds"))
        );
        // A byte changed, a file cut short: damaged.
        let good = std::fs::read(&built.path).unwrap();
        let mut bytes = good.clone();
        bytes[100] ^= 0x10;
        std::fs::write(&built.path, &bytes).unwrap();
        let state = dir.check(&item).state;
        assert!(
            matches!(&state, State::Damaged(r) if r.contains("checksum")),
            "{state:?}"
        );
        std::fs::write(&built.path, &good[..good.len() - 7]).unwrap();
        assert!(matches!(dir.check(&item).state, State::Damaged(_)));
        // An older format version.
        let mut old = good.clone();
        old[8..12].copy_from_slice(&0u32.to_le_bytes());
        std::fs::write(&built.path, &old).unwrap();
        assert!(matches!(dir.check(&item).state, State::OldFormat(_)));
        // Built again: valid.
        dir.build(&item, &ProgressBar::hidden()).unwrap();
        assert!(dir.check(&item).state.is_valid());
        assert_eq!(std::fs::read(&built.path).unwrap(), good);
        // A solved database too: Tihbat's, in a fraction of a second.
        let tihbat = dir.items_of_game("tihbat").unwrap().remove(0);
        dir.build(&tihbat, &ProgressBar::hidden()).unwrap();
        let state = dir.check(&tihbat).state;
        assert!(
            matches!(&state, State::Valid { detail, .. } if detail.contains("every position")),
            "{state:?}"
        );
        let mut mdb = std::fs::read(dir.path_of(&tihbat)).unwrap();
        mdb.truncate(mdb.len() / 2);
        std::fs::write(dir.path_of(&tihbat), &mdb).unwrap();
        assert!(matches!(dir.check(&tihbat).state, State::Damaged(_)));
        let status = dir.status();
        assert_eq!(status.len(), dir.items().len());
        assert!(
            status
                .iter()
                .any(|c| c.item.game() == "oware" && c.state.is_valid())
        );
    }

    /// A background build: started once, followed, done; the file then
    /// valid. A damaged file is built again the same way.
    #[test]
    fn background_builds_end_ready() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = DataDir::new(tmp.path()).with_bounds_seeds(3);
        let item = oware_item(&dir);
        std::fs::write(dir.path_of(&item), b"MNCLBND\nnot a database").unwrap();
        assert!(matches!(
            dir.clone().with_background_builds(false).ensure(&item),
            Availability::Off
        ));
        let dir = dir.with_background_builds(true);
        let before = generation();
        let job = match dir.ensure(&item) {
            Availability::Building(job) => job,
            other => panic!("{other:?}"),
        };
        assert!(jobs().iter().any(|j| Arc::ptr_eq(j, &job)));
        // Asked again: the same job, or its file once done.
        match dir.ensure(&item) {
            Availability::Building(again) => assert!(Arc::ptr_eq(&again, &job)),
            Availability::Ready(_) => {}
            other => panic!("{other:?}"),
        }
        let mut reporter = Reporter::new();
        let first = reporter.lines();
        while !matches!(job.state(), JobState::Ready { .. } | JobState::Failed(_)) {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            matches!(job.state(), JobState::Ready { .. }),
            "{:?}",
            job.state()
        );
        assert!(generation() > before);
        assert!(dir.check(&item).state.is_valid());
        assert!(matches!(dir.ensure(&item), Availability::Ready(p) if p == dir.path_of(&item)));
        let mut lines = first;
        lines.extend(reporter.lines());
        assert!(lines.last().unwrap().contains("ready"), "{lines:?}");
        assert!(reporter.lines().is_empty());
    }

    /// A directory that cannot be had (here under a regular file, which
    /// even root cannot write into): refused, with the reason, and nothing
    /// started; asked again, the same answer without another try.
    #[test]
    fn an_unusable_directory_is_refused() {
        let tmp = tempfile::tempdir().unwrap();
        let file = tmp.path().join("a-file");
        std::fs::write(&file, b"").unwrap();
        let dir = DataDir::new(file.join("data"))
            .with_bounds_seeds(3)
            .with_background_builds(true);
        let item = oware_item(&dir);
        let err = dir.build(&item, &ProgressBar::hidden()).unwrap_err();
        assert!(matches!(err, DataError::NotWritable { .. }), "{err}");
        let Availability::Unavailable(reason) = dir.ensure(&item) else {
            panic!("not refused");
        };
        assert!(reason.contains("cannot write"), "{reason}");
        assert!(matches!(dir.ensure(&item), Availability::Unavailable(r) if r == reason));
        // The caller was told: the reporter does not say it again.
        let mut reporter = Reporter::new();
        assert!(reporter.lines().iter().all(|l| !l.contains("cannot write")));
    }

    #[test]
    fn bars_and_clocks_read_well() {
        assert_eq!(text_bar(1, 2), "[==========          ] 50%");
        assert_eq!(text_bar(0, 0), "[                    ] 0%");
        assert_eq!(clock(Duration::from_millis(3200)), "3.2 s");
        assert_eq!(clock(Duration::from_secs(552)), "9 min 12 s");
    }
}
