//! Players, analysis, matches and solved databases. Every call that can
//! take long runs on a worker thread while the calling thread waits without
//! the interpreter lock, checking for signals, so Ctrl-C interrupts it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mancala_ai::search::DEFAULT_TT_BITS;
use mancala_ai::{Budget, Engine, PlayerSpec, ValueUnit, parse_player_spec};
use mancala_core::Move;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::MancalaError;
use crate::game::{Handle, Rules, State};

/// How often a waiting call looks for Ctrl-C.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Largest database `solve` builds unless told otherwise, in bytes.
const DEFAULT_SOLVE_MEMORY: u64 = 4 << 30;

/// Worker threads of [`run_interruptible`] still running: a call
/// interrupted by Ctrl-C must not leave its work going on (the tests read
/// it through `_native._running_workers`).
static RUNNING_WORKERS: AtomicUsize = AtomicUsize::new(0);

/// Counts a worker as running until it is dropped (its work returned or
/// panicked).
struct Running;

impl Running {
    fn start() -> Running {
        RUNNING_WORKERS.fetch_add(1, Ordering::SeqCst);
        Running
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        RUNNING_WORKERS.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The worker threads of long calls still running (for tests: 0 once an
/// interrupted call has raised and its work has seen the stop flag).
#[pyfunction]
pub fn _running_workers() -> usize {
    RUNNING_WORKERS.load(Ordering::SeqCst)
}

/// How long an interrupted call waits for its worker to see the stop
/// flag and finish before raising anyway.
const STOP_GRACE: Duration = Duration::from_secs(2);

/// Runs `work` on its own thread; this thread waits without the
/// interpreter lock and checks for signals every [`SIGNAL_POLL`]. On
/// Ctrl-C `stop` is set, so that the work (searches, analyses, matches)
/// ends early; the call waits for it a moment (up to [`STOP_GRACE`], the
/// worker answers within milliseconds), drops its result and raises
/// `KeyboardInterrupt`.
pub fn run_interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (tx, rx) = mpsc::channel();
    let running = Running::start();
    std::thread::Builder::new()
        .name("mancala-work".into())
        .spawn(move || {
            let value = work();
            drop(running);
            let _ = tx.send(value);
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    let mut rx = rx;
    loop {
        let (received, back) = py.detach(move || (rx.recv_timeout(SIGNAL_POLL), rx));
        rx = back;
        match received {
            Ok(value) => return Ok(value),
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    if let Some(stop) = &stop {
                        stop.store(true, Ordering::Relaxed);
                        py.detach(move || rx.recv_timeout(STOP_GRACE).ok());
                    }
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err(
                    "mancala: the computation failed (a bug: please report it)",
                ));
            }
        }
    }
}

/// Puts a search value into `dict` under the name of its unit
/// (`margin_seeds`, `win_in_plies`, `loss_in_plies` or `heuristic_score`,
/// as the CLI's JSON), with `value_text`.
fn set_value(dict: &Bound<'_, PyDict>, rules: &mancala_core::Rules, value: i32) -> PyResult<()> {
    let unit = ValueUnit::of(rules, value);
    match unit {
        ValueUnit::MarginSeeds(seeds) => dict.set_item(unit.field(), seeds)?,
        ValueUnit::WinInPlies(n) | ValueUnit::LossInPlies(n) | ValueUnit::HeuristicScore(n) => {
            dict.set_item(unit.field(), n)?
        }
        // A search value is never a proven draw (only a database's is).
        ValueUnit::Draw => dict.set_item(unit.field(), true)?,
    }
    dict.set_item("value_text", mancala_ai::format_value(rules, value))
}

fn labels(handle: &Handle, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| handle.label(m)).collect()
}

/// A machine player: `random`, `greedy`, `alphabeta:depth=N`,
/// `alphabeta:ms=N`, `mcts:playouts=N`, `mcts:ms=N`, `ai:K` (1 to 9),
/// `perfect` (the CLI's player specs).
#[pyclass(frozen, module = "mancala", name = "Player")]
pub struct Player {
    name: String,
    inner: Arc<Mutex<Box<dyn mancala_ai::Player>>>,
    /// The player's searches' stop flag, set on Ctrl-C and cleared at the
    /// next call.
    stop: Arc<AtomicBool>,
}

impl Player {
    fn from_inner(name: String, mut player: Box<dyn mancala_ai::Player>) -> Player {
        let stop = Arc::new(AtomicBool::new(false));
        player.set_stop(stop.clone());
        Player {
            name,
            inner: Arc::new(Mutex::new(player)),
            stop,
        }
    }
}

#[pymethods]
impl Player {
    /// A player from its spec; `seed` seeds its random choices, `time_ms`
    /// is the time a move of the `ai:K` levels. `perfect` needs `rules` to
    /// find the game's database.
    #[new]
    #[pyo3(signature = (spec, rules = None, seed = 0, time_ms = mancala_ai::DEFAULT_MOVE_MS))]
    fn new(spec: &str, rules: Option<&Rules>, seed: u64, time_ms: u64) -> PyResult<Player> {
        let parsed = parse_player_spec(spec).map_err(|e| MancalaError::new_err(e.to_string()))?;
        let built = match (rules, &parsed) {
            (Some(r), _) => parsed
                .try_build(&r.handle.rules, seed, time_ms)
                .map_err(|e| MancalaError::new_err(e.to_string()))?,
            (None, PlayerSpec::Perfect(_)) => {
                return Err(MancalaError::new_err(
                    "perfect play needs the game's rules to find its database: Player(\"perfect\", rules)",
                ));
            }
            (None, _) => parsed.build(seed, time_ms),
        };
        let player = built.ok_or_else(|| {
            MancalaError::new_err(format!("{spec:?} is a person, not a machine player"))
        })?;
        Ok(Player::from_inner(parsed.to_string(), player))
    }

    /// A perfect player from a solved database.
    #[staticmethod]
    #[pyo3(signature = (database, seed = 0))]
    fn perfect(database: &Database, seed: u64) -> Player {
        let player = mancala_ai::PerfectPlayer::new(database.db.clone(), seed);
        Player::from_inner("perfect".into(), Box::new(player))
    }

    /// The player's spec.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The player's choice in `state`, as a dict: `action`, `move` (label),
    /// its value for the player under the name of its unit (`margin_seeds`
    /// in games won on seeds; `win_in_plies`, `loss_in_plies` or
    /// `heuristic_score` in deprivation games) with `value_text`, from
    /// players that evaluate; `pv` (labels), `depth`, `nodes` (playouts
    /// for MCTS), `win_rate` (MCTS: the mean playout result, 1 a win).
    fn choose<'py>(&self, py: Python<'py>, state: &State) -> PyResult<Bound<'py, PyDict>> {
        if state.game.is_over() {
            return Err(crate::IllegalMoveError::new_err(
                "the game is over: there is no move to choose",
            ));
        }
        let game = state.game.clone();
        let mover = game.position().to_move();
        let inner = self.inner.clone();
        // A search stopped by an earlier Ctrl-C has ended: this one is new.
        self.stop.store(false, Ordering::Relaxed);
        let choice = run_interruptible(py, Some(self.stop.clone()), move || {
            let mut player = inner.lock().unwrap_or_else(|e| e.into_inner());
            player.choose(&game)
        })?;
        let handle = &state.handle;
        let dict = PyDict::new(py);
        dict.set_item("action", handle.action(mover, choice.mv)?)?;
        dict.set_item("move", handle.label(choice.mv))?;
        if let Some(value) = choice.value {
            set_value(&dict, &handle.rules, value)?;
        }
        dict.set_item("pv", labels(handle, &choice.pv))?;
        dict.set_item("depth", choice.depth)?;
        dict.set_item("nodes", choice.nodes)?;
        dict.set_item("win_rate", choice.win_rate)?;
        Ok(dict)
    }

    /// The action the player chooses in `state`.
    fn action(&self, py: Python<'_>, state: &State) -> PyResult<usize> {
        self.choose(py, state)?
            .get_item("action")?
            .expect("choose sets action")
            .extract()
    }

    fn __repr__(&self) -> String {
        format!("Player({:?})", self.name)
    }
}

/// Every legal move of `state` with its value (named by its unit) and
/// principal variation, best first: alpha-beta to `depth` plies, for `ms` milliseconds or `nodes`
/// positions (the first limit reached stops).
#[pyfunction]
#[pyo3(signature = (state, depth = None, ms = None, nodes = None))]
pub fn analyze<'py>(
    py: Python<'py>,
    state: &State,
    depth: Option<u32>,
    ms: Option<u64>,
    nodes: Option<u64>,
) -> PyResult<Bound<'py, PyDict>> {
    if depth.is_none() && ms.is_none() && nodes.is_none() {
        return Err(MancalaError::new_err(
            "analyze needs a budget: depth=N, ms=N or nodes=N",
        ));
    }
    let budget = Budget {
        depth,
        nodes,
        millis: ms,
        threads: None,
    };
    let game = state.game.clone();
    let mover = game.position().to_move();
    let stop = Arc::new(AtomicBool::new(false));
    let engine = Engine::new(DEFAULT_TT_BITS).with_stop(stop.clone());
    let analysis = run_interruptible(py, Some(stop), move || {
        let mut engine = engine;
        engine.analyze(&game, &budget)
    })?;
    let handle = &state.handle;
    let moves = analysis
        .moves
        .iter()
        .map(|m| {
            let d = PyDict::new(py);
            d.set_item("action", handle.action(mover, m.mv)?)?;
            d.set_item("move", &m.label)?;
            set_value(&d, &handle.rules, m.value)?;
            d.set_item("pv", &m.pv)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    let dict = PyDict::new(py);
    dict.set_item("moves", moves)?;
    dict.set_item("depth", analysis.depth)?;
    dict.set_item("nodes", analysis.nodes)?;
    dict.set_item("millis", analysis.millis)?;
    dict.set_item("solved", analysis.solved)?;
    Ok(dict)
}

/// Plays a match between two player specs and returns the report and the
/// games as JSON (`mancala.match` parses it). Ctrl-C stops it at once:
/// the searches and games under way end and nothing is returned.
#[pyfunction]
#[pyo3(signature = (rules, south, north, games, swap, random_openings, seed, time_ms))]
#[allow(clippy::too_many_arguments)]
pub fn play_match(
    py: Python<'_>,
    rules: &Rules,
    south: &str,
    north: &str,
    games: usize,
    swap: bool,
    random_openings: usize,
    seed: u64,
    time_ms: u64,
) -> PyResult<String> {
    let parse = |s: &str| parse_player_spec(s).map_err(|e| MancalaError::new_err(e.to_string()));
    let (south, north) = (parse(south)?, parse(north)?);
    let settings = mancala_ai::MatchSettings {
        games,
        swap,
        random_openings,
        seed,
        time_ms,
    };
    let core_rules = rules.handle.rules.clone();
    let stop = Arc::new(AtomicBool::new(false));
    let stop_worker = stop.clone();
    let result = run_interruptible(py, Some(stop), move || {
        let mut records = Vec::new();
        mancala_ai::play_match_cancellable(
            &core_rules,
            &south,
            &north,
            &settings,
            &stop_worker,
            &mut |r| records.push(r.clone()),
        )
        .map(|report| serde_json::json!({ "report": report, "games": records }).to_string())
    })?;
    result.map_err(|e| MancalaError::new_err(e.to_string()))
}

/// A solved database: the exact value of every position of a game up to
/// some number of seeds on the board.
#[pyclass(frozen, module = "mancala", name = "Database")]
pub struct Database {
    db: Arc<mancala_solver::Database>,
    handle: Arc<Handle>,
}

impl Database {
    fn check_rules(&self, state: &State) -> PyResult<()> {
        if state.handle.rules.spec() == self.handle.rules.spec() {
            Ok(())
        } else {
            Err(MancalaError::new_err(format!(
                "this database is for {}, the state's game is {}",
                self.handle.rules.id(),
                state.handle.rules.id()
            )))
        }
    }
}

#[pymethods]
impl Database {
    /// Opens a database file written by `Database.write` or `mancala solve`.
    #[staticmethod]
    fn open(py: Python<'_>, path: PathBuf, rules: &Rules) -> PyResult<Database> {
        let core_rules = rules.handle.rules.clone();
        let db = run_interruptible(py, None, move || {
            mancala_solver::Database::open(&path, &core_rules)
        })?
        .map_err(|e| MancalaError::new_err(e.to_string()))?;
        Ok(Database {
            db: Arc::new(db),
            handle: rules.handle.clone(),
        })
    }

    /// Writes the database to `path`.
    fn write(&self, py: Python<'_>, path: PathBuf) -> PyResult<()> {
        let db = self.db.clone();
        run_interruptible(py, None, move || db.write(&path))?
            .map_err(|e| MancalaError::new_err(e.to_string()))
    }

    /// Positions in the database.
    #[getter]
    fn positions(&self) -> u64 {
        self.db.positions()
    }

    /// The most seeds on the board of a position it holds.
    #[getter]
    fn max_seeds(&self) -> u32 {
        self.db.max_seeds()
    }

    /// `"margin"` (seed margins) or `"win-loss-draw"` (results only).
    #[getter]
    fn kind(&self) -> &'static str {
        self.db.kind().as_str()
    }

    /// The exact value of `state`'s position for the player to move, or
    /// None when it has more seeds on the board than the database holds:
    /// a dict with `result` (`"win"`, `"draw"` or `"loss"` with perfect
    /// play) and, in a margin database, `margin_seeds` (the seeds the mover
    /// can gain from now on) and `final_margin_seeds` (counting the
    /// captures already made). It assumes no history.
    fn lookup<'py>(&self, py: Python<'py>, state: &State) -> PyResult<Option<Bound<'py, PyDict>>> {
        self.check_rules(state)?;
        let pos = state.game.position();
        let Some(eval) = self.db.eval(pos) else {
            return Ok(None);
        };
        let dict = PyDict::new(py);
        let decisive = match self.db.final_margin(pos) {
            Some(margin) => {
                dict.set_item("margin_seeds", eval.value)?;
                dict.set_item("final_margin_seeds", margin)?;
                margin
            }
            None => eval.value,
        };
        dict.set_item("result", result_word(decisive))?;
        Ok(Some(dict))
    }

    /// The actions that keep the position's value (perfect play).
    fn best_actions(&self, state: &State) -> PyResult<Vec<usize>> {
        self.check_rules(state)?;
        let pos = state.game.position();
        let moves = self.db.best_moves(pos).unwrap_or_default();
        moves
            .into_iter()
            .map(|m| state.handle.action(pos.to_move(), m))
            .collect()
    }

    /// Every legal move with its exact value for the mover, best first:
    /// dicts with `action`, `move`, `result` and, in a margin database,
    /// `margin_seeds` (what the move secures from this position on, its
    /// own capture included) and `final_margin_seeds`.
    fn analyze<'py>(&self, py: Python<'py>, state: &State) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.check_rules(state)?;
        let pos = state.game.position();
        let me = pos.to_move();
        let made = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
        let margins = self.db.kind() == mancala_solver::DbKind::Margin;
        let evals = self.db.analyze(pos).unwrap_or_default();
        evals
            .iter()
            .map(|e| {
                let d = PyDict::new(py);
                d.set_item("action", state.handle.action(me, e.mv)?)?;
                d.set_item("move", state.handle.label(e.mv))?;
                let decisive = if margins {
                    d.set_item("margin_seeds", e.eval.value)?;
                    d.set_item("final_margin_seeds", e.eval.value + made)?;
                    e.eval.value + made
                } else {
                    e.eval.value
                };
                d.set_item("result", result_word(decisive))?;
                Ok(d)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "<mancala.Database {} positions={} max_seeds={}>",
            self.handle.rules.id(),
            self.db.positions(),
            self.db.max_seeds()
        )
    }
}

/// `"win"`, `"draw"` or `"loss"` by the sign of a margin or result.
fn result_word(value: i32) -> &'static str {
    match value.signum() {
        1 => "win",
        0 => "draw",
        _ => "loss",
    }
}

/// Solves `rules` by retrograde analysis up to `max_seeds` seeds on the
/// board (default: all), refusing games whose database would take more
/// than `max_memory` bytes.
#[pyfunction]
#[pyo3(signature = (rules, max_seeds = None, max_memory = DEFAULT_SOLVE_MEMORY))]
pub fn solve(
    py: Python<'_>,
    rules: &Rules,
    max_seeds: Option<u32>,
    max_memory: u64,
) -> PyResult<Database> {
    let core_rules = rules.handle.rules.clone();
    let seeds = max_seeds.unwrap_or(core_rules.total_seeds());
    let need = mancala_solver::memory_estimate(&core_rules, seeds).total();
    if need > max_memory {
        return Err(MancalaError::new_err(format!(
            "{}: solving up to {seeds} seeds needs about {} MB, more than max_memory ({} MB); \
             give max_seeds or a larger max_memory",
            core_rules.id(),
            need >> 20,
            max_memory >> 20
        )));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let stop_worker = stop.clone();
    let db = run_interruptible(py, Some(stop), move || {
        mancala_solver::solve_up_to_until(&core_rules, seeds, false, &stop_worker)
    })?
    .map_err(|e| MancalaError::new_err(e.to_string()))?
    .ok_or_else(|| PyRuntimeError::new_err("the solve was stopped"))?;
    Ok(Database {
        db: Arc::new(db),
        handle: rules.handle.clone(),
    })
}
