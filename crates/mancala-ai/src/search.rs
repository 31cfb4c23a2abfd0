//! Alpha-beta search: negamax with iterative deepening, a transposition
//! table, move ordering and aspiration windows.
//!
//! The shape is the classic one of chess engines:
//!
//! - **Iterative deepening.** Search to depth 1, 2, 3, ... until the budget
//!   runs out. Each iteration is cheap compared with the next, leaves the
//!   transposition table full of best moves that order the next one well,
//!   and a time budget can stop at any moment with the last finished
//!   iteration's answer.
//! - **Transposition table** (a fixed-size hash table of 16-byte entries), keyed by a Zobrist hash of
//!   board, side to move, opened flags, captures and blocked holes (and, in a match of rounds, who
//!   started the round).
//! - **Rounds.** In a match of rounds a move that ends a round does not end the search: the line
//!   goes on from the next round's opening position ([`Step::Live`]'s `pos`), as the game does.
//! - **Move ordering**: the previous iteration's best move at the root, the
//!   table's move elsewhere, then moves by their immediate gain (the static
//!   value after the move), then by the history heuristic (moves that caused
//!   cut-offs before). Good ordering is what makes alpha-beta prune.
//! - **Principal variation search**: the first move gets the full window, the
//!   others a null window that only proves them worse; a move that is not
//!   gets searched again with the full window.
//! - **Aspiration windows**: from depth 3 on, the root is searched with a
//!   narrow window around the previous iteration's value, widened on failure.
//!
//! Values are for the player to move. A child's value is turned into its
//! parent's by who moves at the child ([`mancala_core::value_for`]): the
//! window and the value are negated when the opponent moves next and kept
//! when the mover moves again (an extra turn), so nothing here assumes that
//! players alternate.
//!
//! # Repetition and the transposition table
//!
//! Whether a position ends the game by repetition depends on the path that
//! led to it, not only on the position, so a value computed below a node can
//! depend on which positions came before the node. The search lives on a
//! *line*: the game's real history (rebuilt from the [`Game`]) followed by
//! the searched moves, and every move is checked against it exactly as
//! [`Game`] would. So the search knows about repetitions and can aim for one
//! (to save a lost game) or avoid one (to keep a won game going).
//!
//! The rule this search follows for the table: each node tracks the earliest
//! line entry that a repetition in its subtree went back to. If that entry
//! lies *before* the node, the value depends on the path to the node, and
//! only the best move is stored (for ordering), never the value. If every
//! repetition found below a node went back to the node itself or below it,
//! the value is stored as usual. Captures cut the history, so values are
//! path-dependent only within capture-free stretches. What remains is the
//! classic graph-history interaction that chess engines also accept: a stored
//! value reused under a different history could miss a repetition with a
//! position of that other history.
//!
//! A node whose subtree reached no depth-limited leaf (every line ended the
//! game) has a value that no deeper search can change: it is stored as
//! *solved* and reused at any depth, and a solved root stops the deepening.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mancala_core::notation::move_label;
use mancala_core::{
    Child, Game, Line, MAX_HOLES, MAX_SUCCESSORS, Move, Position, RuleSpec, Rules, Step,
    Successors, value_for,
};
use serde::Serialize;

use crate::clock::DeadlineCheck;
use crate::eval::{Evaluator, INF, Kind, WIN, WIN_BOUND, format_value};
use crate::hash::Zobrist;
use crate::tt::{Bound, SOLVED_DEPTH, Table};

/// The deepest iteration a search runs.
pub const MAX_DEPTH: u32 = 100;
const MAX_PLY: usize = MAX_DEPTH as usize + 2;

/// Search features that `MANCALA_SEARCH_OFF` (a comma-separated list of
/// `lmr`, `killers`, `partial`, `endgame`) turns off, to measure each by a
/// match.
#[derive(Clone, Copy, Debug)]
struct Tuning {
    lmr: bool,
    killers: bool,
    partial: bool,
    endgame: bool,
}

fn tuning() -> Tuning {
    static T: std::sync::OnceLock<Tuning> = std::sync::OnceLock::new();
    *T.get_or_init(|| {
        let off = std::env::var("MANCALA_SEARCH_OFF").unwrap_or_default();
        let off: Vec<&str> = off.split(',').map(str::trim).collect();
        Tuning {
            lmr: !off.contains(&"lmr"),
            killers: !off.contains(&"killers"),
            partial: !off.contains(&"partial"),
            endgame: !off.contains(&"endgame"),
        }
    })
}

/// How much a killer move's ordering score is raised, in value units.
const KILLER_BONUS: i64 = 3;
/// Late-move reductions apply at this remaining depth and deeper...
const LMR_MIN_DEPTH: i32 = 3;
/// ... to the moves tried after this many.
const LMR_MIN_MOVES: usize = 3;

/// The most search threads a budget may ask for.
pub const MAX_THREADS: u32 = 64;

/// Default transposition table size: 2^20 entries of 16 bytes (16 MiB).
pub const DEFAULT_TT_BITS: u32 = 20;

/// How much a search may do. Set at least one limit; a search stops at the
/// first it reaches (but always finishes depth 1).
///
/// A search limited by depth or nodes only is deterministic.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Deepest iteration, in plies.
    pub depth: Option<u32>,
    /// Nodes (positions visited) at most.
    pub nodes: Option<u64>,
    /// Wall-clock time at most, in milliseconds.
    pub millis: Option<u64>,
    /// Search threads sharing the transposition table (default 1). More
    /// than one only with a time limit and no node limit: the others make
    /// a search depend on the machine anyway, and a depth or node budget
    /// stays deterministic on one thread.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub threads: Option<u32>,
}

impl Budget {
    /// Search to `depth` plies.
    pub fn depth(depth: u32) -> Budget {
        Budget {
            depth: Some(depth),
            ..Budget::default()
        }
    }
    /// Search about `nodes` nodes.
    pub fn nodes(nodes: u64) -> Budget {
        Budget {
            nodes: Some(nodes),
            ..Budget::default()
        }
    }
    /// Search for `millis` milliseconds.
    pub fn millis(millis: u64) -> Budget {
        Budget {
            millis: Some(millis),
            ..Budget::default()
        }
    }
    /// This budget with a time limit as well.
    pub fn with_millis(self, millis: u64) -> Budget {
        Budget {
            millis: Some(millis),
            ..self
        }
    }
    /// This budget searched by `threads` threads (see [`Budget::threads`]).
    pub fn with_threads(self, threads: u32) -> Budget {
        Budget {
            threads: Some(threads),
            ..self
        }
    }
    /// Whether the result depends only on the position and the budget (no
    /// time limit).
    pub fn is_deterministic(&self) -> bool {
        self.millis.is_none()
    }
    /// The threads a search with this budget runs: one unless the budget
    /// is a time without a node limit.
    fn search_threads(&self) -> usize {
        match (self.millis, self.nodes) {
            (Some(_), None) => self.threads.unwrap_or(1).clamp(1, MAX_THREADS) as usize,
            _ => 1,
        }
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The best move.
    pub best: Move,
    /// Its value for the player to move (see [`crate::eval`]).
    pub value: i32,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Nodes visited (positions generated and checked for the game's end).
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// Whether the value is exact: every line was searched to the game's end.
    pub solved: bool,
}

/// One legal move in an [`Analysis`]. Serialises as
/// `{"move": "A", "value": 4, "value_text": "+2", "pv": ["A", "c"]}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveAnalysis {
    /// The move's label.
    #[serde(rename = "move")]
    pub label: String,
    /// The value after this move, for the player to move (see
    /// [`crate::eval`]: half seeds in seeds games).
    pub value: i32,
    /// The value as text (`+2.5`, `win in 7`).
    pub value_text: String,
    /// The principal variation as labels, starting with this move.
    pub pv: Vec<String>,
    /// The move.
    #[serde(skip)]
    pub mv: Move,
    /// The principal variation as moves.
    #[serde(skip)]
    pub pv_moves: Vec<Move>,
}

/// Every legal move of a position with its value and principal variation,
/// best first. Serialises with keys `moves`, `depth`, `nodes`, `nps`,
/// `millis`, `solved`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Analysis {
    /// Each legal move, best first (equal values in move order).
    pub moves: Vec<MoveAnalysis>,
    /// The depth of the last finished iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time taken, in milliseconds.
    pub millis: u64,
    /// Whether every value is exact (searched to the game's end).
    pub solved: bool,
}

/// An alpha-beta engine: the transposition table and move-ordering
/// statistics, kept from one search to the next.
///
/// ```
/// use mancala_ai::{Budget, Engine};
/// use mancala_core::{Game, Rules};
/// let game = Game::new(Rules::builtin("modiar").unwrap());
/// let mut engine = Engine::new(16);
/// let result = engine.search(&game, &Budget::depth(6)).unwrap();
/// assert_eq!(result.depth, 6);
/// assert_eq!(result.pv[0], result.best);
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    table: Table,
    history: Box<History>,
    /// An endgame database to use instead of the data directory's.
    endgame: Option<&'static mancala_solver::bounds::BoundsDb>,
    /// The rules the table's entries belong to (keys do not include rules).
    game_rules: Option<Box<RuleSpec>>,
    /// Set by another thread to end the searches early (see [`Engine::set_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

type History = [[u32; MAX_HOLES + 1]; 2];

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_TT_BITS)
    }
}

impl Engine {
    /// An engine with a transposition table of `2^tt_bits` entries (16
    /// bytes each); `0` for none (slow: for comparisons and tests).
    pub fn new(tt_bits: u32) -> Engine {
        Engine {
            table: Table::new(tt_bits),
            history: Box::new([[0; MAX_HOLES + 1]; 2]),
            endgame: None,
            game_rules: None,
            stop: None,
        }
    }

    /// Makes the engine's searches end early once `stop` is set (by
    /// another thread: a user's Ctrl-C), looked at as often as the clock
    /// (see [`crate::clock`]). A stopped search returns the last iteration
    /// it finished, as at a deadline; depth 1 always finishes. `None`: no
    /// flag.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// This engine with a stop flag (see [`Engine::set_stop`]).
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Engine {
        self.stop = Some(stop);
        self
    }

    /// Whether the engine's stop flag is set.
    pub fn stop_requested(&self) -> bool {
        self.stop.as_ref().is_some_and(|s| s.load(Relaxed))
    }

    /// Uses `db` as the game's endgame database (instead of the one in
    /// the data directory, see [`crate::endgame`]).
    pub fn with_endgame(mut self, db: &'static mancala_solver::bounds::BoundsDb) -> Engine {
        self.endgame = Some(db);
        self
    }

    /// Forgets everything learnt (the table and move statistics), so that
    /// the next search is the same as a fresh engine's.
    pub fn clear(&mut self) {
        self.table.clear();
        *self.history = [[0; MAX_HOLES + 1]; 2];
    }

    /// Searches the game's position and returns the best move, or `None`
    /// when the game is over.
    pub fn search(&mut self, game: &Game, budget: &Budget) -> Option<SearchResult> {
        if game.is_over() {
            return None;
        }
        self.prepare(game.rules());
        let endgame = self.endgame_database(game.rules());
        let start = Instant::now();
        // The root moves are listed exactly; below them a relay that has not
        // ended after a few milliseconds counts as endless, so that one
        // sowing cannot stall the search.
        let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
        let threads = budget.search_threads();
        if threads == 1 {
            let (table, history, stop) = (&self.table, &mut self.history, self.stop.as_ref());
            let mut s = Search::new(game, budget, start, table, history, endgame, stop);
            return Some(s.iterate());
        }
        // Lazy SMP: helpers search the same root a ply or two ahead of this
        // thread, sharing the table, whose entries then speed up this
        // thread's iterations; a helper's finished iteration deeper than
        // this thread's is played.
        let shared = Shared::default();
        let seed_history = *self.history;
        let (table, history, stop) = (&self.table, &mut self.history, self.stop.as_ref());
        let mut result = std::thread::scope(|scope| {
            for id in 1..threads {
                let shared = &shared;
                scope.spawn(move || {
                    let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
                    let mut history = Box::new(seed_history);
                    let mut s =
                        Search::new(game, budget, start, table, &mut history, endgame, stop);
                    s.shared = Some(shared);
                    s.help(id);
                    shared.nodes.fetch_add(s.nodes, Relaxed);
                });
            }
            let mut s = Search::new(game, budget, start, table, history, endgame, stop);
            s.shared = Some(&shared);
            let r = s.iterate();
            shared.stop.store(true, Relaxed);
            r
        });
        let deepest = shared
            .deepest
            .into_inner()
            .unwrap_or_else(|e| e.into_inner());
        if let Some(d) = deepest.filter(|d| d.depth > result.depth) {
            result = SearchResult {
                nodes: result.nodes,
                elapsed: result.elapsed,
                ..d
            };
        }
        result.nodes += shared.nodes.load(Relaxed);
        Some(result)
    }

    /// Searches every legal move to an exact value (multi-PV), best first.
    /// An empty list when the game is over.
    pub fn analyze(&mut self, game: &Game, budget: &Budget) -> Analysis {
        if game.is_over() {
            return Analysis {
                moves: Vec::new(),
                depth: 0,
                nodes: 0,
                nps: 0,
                millis: 0,
                solved: true,
            };
        }
        self.prepare(game.rules());
        let endgame = self.endgame_database(game.rules());
        let mut s = Search::new(
            game,
            budget,
            Instant::now(),
            &self.table,
            &mut self.history,
            endgame,
            self.stop.as_ref(),
        );
        let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
        s.analyze()
    }

    /// The endgame database the search of a game of `rules` uses. Called
    /// before a search's clock starts: the first call in a process opens
    /// the data directory's file and verifies its checksum (a few tenths
    /// of a second for 20 seeds), which would otherwise come out of the
    /// first move's time.
    fn endgame_database(&self, rules: &Rules) -> Option<&'static mancala_solver::bounds::BoundsDb> {
        if !tuning().endgame {
            return None;
        }
        self.endgame
            .filter(|_| mancala_solver::bounds::supports(rules))
            .or_else(|| crate::endgame::database(rules))
    }

    /// Readies the table and statistics for a search of a game of `rules`.
    fn prepare(&mut self, rules: &Rules) {
        if self.game_rules.as_deref() != Some(rules.spec()) {
            self.clear();
            self.game_rules = Some(Box::new(rules.spec().clone()));
        }
        self.table.new_search();
        // Old statistics still order moves, but new cut-offs should weigh more.
        for side in self.history.iter_mut() {
            side.iter_mut().for_each(|h| *h /= 8);
        }
    }
}

/// What the threads of one search share besides the table.
#[derive(Default)]
struct Shared {
    /// Set when the main thread has its move: the helpers stop.
    stop: AtomicBool,
    /// The deepest iteration the main thread has finished.
    depth: AtomicU32,
    /// The helpers' nodes.
    nodes: AtomicU64,
    /// The deepest iteration a helper finished, as a result.
    deepest: Mutex<Option<SearchResult>>,
}

impl<'a> Search<'a> {
    fn new(
        game: &'a Game,
        budget: &Budget,
        start: Instant,
        table: &'a Table,
        history: &'a mut History,
        endgame: Option<&'static mancala_solver::bounds::BoundsDb>,
        stop: Option<&Arc<AtomicBool>>,
    ) -> Search<'a> {
        let rules = game.rules();
        let root = *game.position();
        let line = Line::from_game(game);
        Search {
            rules,
            eval: Evaluator::new(rules),
            root,
            root_succ: rules.successors(&root),
            root_key: position_key(rules, &line, &root),
            table,
            history,
            line,
            nodes: 1,
            max_depth: budget.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH),
            node_limit: budget.nodes.unwrap_or(u64::MAX),
            start,
            millis: budget.millis,
            deadline: DeadlineCheck::with_stop(
                budget.millis.map(|ms| start + Duration::from_millis(ms)),
                stop.cloned(),
            ),
            may_stop: false,
            stopped: false,
            pv: vec![[Move::Pass; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            rep_low: usize::MAX,
            horizon: false,
            killers: [[None; 2]; MAX_PLY],
            reductions: budget.depth.is_none() && tuning().lmr,
            partial: None,
            shared: None,
            endgame,
        }
    }
}

/// Analyses a game's position with a fresh engine: every legal move with its
/// value and principal variation, best first. The same game and a depth or
/// node budget always give the same analysis.
pub fn analyze(game: &Game, budget: &Budget) -> Analysis {
    Engine::new(DEFAULT_TT_BITS).analyze(game, budget)
}

/// One search: the state of the tree walk.
struct Search<'a> {
    rules: &'a Rules,
    eval: Evaluator,
    root: Position,
    root_succ: Successors,
    root_key: u64,
    table: &'a Table,
    history: &'a mut History,
    line: Line,
    nodes: u64,
    max_depth: u32,
    node_limit: u64,
    start: Instant,
    millis: Option<u64>,
    deadline: DeadlineCheck,
    /// False during depth 1, which always finishes so there is a move.
    may_stop: bool,
    /// Set when the budget ran out: every value computed since is garbage.
    stopped: bool,
    /// Triangular principal-variation table: `pv[ply][ply..pv_len[ply]]`.
    pv: Vec<[Move; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The earliest line entry a repetition below the current node went
    /// back to (`usize::MAX`: none).
    rep_low: usize,
    /// Whether the subtree below the current node met the depth horizon (a
    /// static evaluation, or a table cut-off that was not solved).
    horizon: bool,
    /// Two quiet moves per ply that caused cut-offs at this ply lately.
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Whether late moves may be searched less deep: only when the budget
    /// is not a depth (a depth promises the plain minimax value at it).
    reductions: bool,
    /// The best root move of the unfinished iteration, with its value and
    /// principal variation, once a root move has been searched to the end
    /// within the window.
    partial: Option<(Move, i32, Vec<Move>)>,
    /// The game's endgame database, if it has one (see [`crate::endgame`]).
    endgame: Option<&'static mancala_solver::bounds::BoundsDb>,
    /// What the threads of a search with several share (`None`: alone).
    shared: Option<&'a Shared>,
}

impl Search<'_> {
    /// Iterative deepening for the single best move.
    fn iterate(&mut self) -> SearchResult {
        let mut done: Option<SearchResult> = None;
        for depth in 1..=self.max_depth {
            if done.is_some() && !self.time_for_another_iteration(true) {
                break;
            }
            self.may_stop = depth > 1;
            let guess = done.as_ref().map(|d| d.value);
            let hint = done.as_ref().map(|d| d.best);
            self.partial = None;
            let Some(value) = self.aspiration(guess, depth, |s, alpha, beta| {
                s.negamax_root(depth, alpha, beta, hint)
            }) else {
                // The budget ran out during this iteration. The previous
                // best move is searched first, so a move that has beaten
                // it within the window is better at this depth too.
                let partial = self.partial.take().filter(|_| tuning().partial);
                if let (Some(d), Some((mv, value, pv))) = (done.as_mut(), partial)
                    && mv != d.best
                {
                    d.best = mv;
                    d.value = value;
                    d.pv = pv;
                    d.solved = false;
                }
                break;
            };
            let solved = !self.horizon;
            done = Some(self.finished(depth, value, solved));
            if let Some(shared) = self.shared {
                shared.depth.fetch_max(depth, Relaxed);
            }
            if solved || self.proven_within(value, depth) {
                break;
            }
        }
        let mut result = done.expect("depth 1 always finishes");
        result.nodes = self.nodes;
        result.elapsed = self.start.elapsed();
        result
    }

    /// Negamax over the root to `depth` within `alpha..beta`, `hint` first.
    fn negamax_root(&mut self, depth: u32, alpha: i32, beta: i32, hint: Option<Move>) -> i32 {
        let (root, succ, key) = (self.root, self.root_succ, self.root_key);
        self.negamax(&root, &succ, key, depth as i32, alpha, beta, 0, hint)
    }

    /// The result of an iteration to `depth` that has just finished with
    /// `value`.
    fn finished(&self, depth: u32, value: i32, solved: bool) -> SearchResult {
        let pv = self.pv[0][..self.pv_len[0]].to_vec();
        SearchResult {
            best: pv[0],
            value,
            pv,
            depth,
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            solved,
        }
    }

    /// A helper thread's iterative deepening (thread `id`, from 1): each
    /// iteration one or two plies deeper than the main thread's last
    /// (odd and even helpers alternate), until the main thread stops it. Its
    /// iterations fill the shared table; the deepest that finishes is kept
    /// in case the main thread does not get as deep.
    fn help(&mut self, id: usize) {
        let shared = self.shared.expect("a helper shares the search");
        self.may_stop = true;
        let mut guess = None;
        let mut depth = 0;
        loop {
            depth = (depth + 1).max(shared.depth.load(Relaxed) + 1 + (id % 2) as u32);
            if depth > self.max_depth {
                return;
            }
            let Some(value) = self.aspiration(guess, depth, |s, alpha, beta| {
                s.negamax_root(depth, alpha, beta, None)
            }) else {
                return;
            };
            guess = Some(value);
            let solved = !self.horizon;
            let mut deepest = shared.deepest.lock().unwrap_or_else(|e| e.into_inner());
            if deepest.as_ref().is_none_or(|d| d.depth < depth) {
                *deepest = Some(self.finished(depth, value, solved));
            }
            drop(deepest);
            if solved || self.proven_within(value, depth) {
                return;
            }
        }
    }

    /// Iterative deepening of every root move to an exact value.
    fn analyze(&mut self) -> Analysis {
        let children: Vec<Child> = self.root_succ.as_slice().to_vec();
        // (index into children, value, pv), best first.
        let mut done: Vec<(usize, i32, Vec<Move>)> = Vec::new();
        let mut depth_done = 0;
        let mut solved = false;
        for depth in 1..=self.max_depth {
            if depth_done > 0 && !self.time_for_another_iteration(false) {
                break;
            }
            self.may_stop = depth > 1;
            let order: Vec<(usize, Option<i32>)> = if done.is_empty() {
                (0..children.len()).map(|i| (i, None)).collect()
            } else {
                done.iter().map(|(i, v, _)| (*i, Some(*v))).collect()
            };
            let mut results = Vec::with_capacity(children.len());
            let mut all_solved = true;
            for (i, guess) in order {
                let child = children[i];
                let value = self.aspiration(guess, depth, |s, alpha, beta| {
                    let root = s.root;
                    s.child_value(&root, &child, depth as i32, alpha, beta, 0, true)
                });
                let Some(value) = value else { break };
                all_solved &= !self.horizon;
                let mut pv = vec![child.mv];
                pv.extend_from_slice(&self.pv[1][1..self.pv_len[1]]);
                results.push((i, value, pv));
            }
            if self.stopped {
                break;
            }
            // Best first; a stable sort keeps equal values in move order
            // (the order of `results` is deterministic).
            results.sort_by_key(|&(i, v, _)| (std::cmp::Reverse(v), i));
            done = results;
            depth_done = depth;
            solved = all_solved;
            if solved
                || self.proven_within(done[0].1, depth)
                    && done.iter().all(|d| d.1.abs() >= WIN_BOUND)
            {
                break;
            }
        }
        let elapsed = self.start.elapsed();
        let moves = done
            .into_iter()
            .map(|(i, value, pv)| MoveAnalysis {
                label: move_label(self.rules, children[i].mv),
                value,
                value_text: format_value(self.rules, value),
                pv: pv.iter().map(|&m| move_label(self.rules, m)).collect(),
                mv: children[i].mv,
                pv_moves: pv,
            })
            .collect();
        Analysis {
            moves,
            depth: depth_done,
            nodes: self.nodes,
            nps: nps(self.nodes, elapsed),
            millis: elapsed.as_millis() as u64,
            solved,
        }
    }

    /// Runs `search(alpha, beta)` with an aspiration window around `guess`:
    /// a narrow window prunes much more, and the previous iteration's value
    /// is usually close. On a fail low or high the window widens on that
    /// side, doubling, until the value falls inside. `None` if the budget
    /// ran out.
    fn aspiration(
        &mut self,
        guess: Option<i32>,
        depth: u32,
        mut search: impl FnMut(&mut Self, i32, i32) -> i32,
    ) -> Option<i32> {
        let mut delta = self.eval.aspiration_delta();
        let (mut alpha, mut beta) = match guess {
            Some(g) if depth >= 3 && g.abs() < WIN_BOUND => {
                ((g - delta).max(-INF), (g + delta).min(INF))
            }
            _ => (-INF, INF),
        };
        loop {
            self.horizon = false;
            self.rep_low = usize::MAX;
            let value = search(self, alpha, beta);
            if self.stopped {
                return None;
            }
            if value <= alpha && alpha > -INF {
                alpha = (value - delta).max(-INF);
            } else if value >= beta && beta < INF {
                beta = (value + delta).min(INF);
            } else {
                return Some(value);
            }
            delta = delta.saturating_mul(2);
            if delta > WIN {
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// A proven win or loss no longer than `depth` plies: a deeper search
    /// cannot find a quicker one.
    fn proven_within(&self, value: i32, depth: u32) -> bool {
        self.eval.kind == Kind::Deprivation
            && value.abs() >= WIN_BOUND
            && WIN - value.abs() <= depth as i32
    }

    /// Whether to start another iteration. The single best move searches
    /// use the whole time: an unfinished iteration still counts once a
    /// root move has beaten the previous best (see [`Search::iterate`]),
    /// and its table entries order the next move's search. The multi-move
    /// analysis needs finished iterations, so it starts none after half the
    /// time (it would almost never finish). A forced move is played at once
    /// under a time limit.
    fn time_for_another_iteration(&self, whole_time: bool) -> bool {
        match self.millis {
            Some(_) if self.root_succ.len() == 1 => false,
            Some(ms) if whole_time => self.start.elapsed() < Duration::from_millis(ms),
            Some(ms) => self.start.elapsed() < Duration::from_millis(ms) / 2,
            None => true,
        }
    }

    /// Negamax with alpha-beta (fail-soft) over a live position `pos`, the
    /// line's last entry, whose legal moves are `succ`. `hint` is a move to
    /// try first (the previous iteration's best at the root).
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        succ: &Successors,
        key: u64,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        hint: Option<Move>,
    ) -> i32 {
        self.pv_len[ply] = ply;
        let pv_node = beta - alpha > 1;
        let alpha_in = alpha;
        let me = self.line.len() - 1;

        // Transposition table: a cut-off if the stored bound decides the
        // window (never at the root, which needs a move, nor on the PV,
        // which would lose its moves); otherwise its move is tried first.
        let mut first = hint;
        if let Some(hit) = self.table.probe(key, ply) {
            if first.is_none() {
                first = hit.mv;
            }
            if ply > 0 && !pv_node && hit.bound != Bound::None && hit.depth as i32 >= depth {
                let cut = match hit.bound {
                    Bound::Exact => true,
                    Bound::Lower => hit.value >= beta,
                    Bound::Upper => hit.value <= alpha,
                    Bound::None => false,
                };
                if cut {
                    if hit.depth != SOLVED_DEPTH {
                        self.horizon = true;
                    }
                    return hit.value;
                }
            }
        }

        // Move ordering: the hinted move, then by the static value after the
        // move (captures first), then by history.
        let children = succ.as_slice();
        let side = pos.to_move().index();
        let killers = self.killers[ply];
        let mut order = [(0i64, 0u8); MAX_SUCCESSORS];
        // A quiet child captures nothing and is no killer: it may be
        // searched less deep when tried late.
        let mut quiet = [false; MAX_SUCCESSORS];
        let mover = pos.to_move();
        for (i, c) in children.iter().enumerate() {
            let killer = if !tuning().killers {
                0
            } else if Some(c.mv) == killers[0] {
                KILLER_BONUS
            } else if Some(c.mv) == killers[1] {
                KILLER_BONUS - 1
            } else {
                0
            };
            quiet[i] = killer == 0 && c.pos.held(mover) == pos.held(mover);
            let score = if Some(c.mv) == first {
                quiet[i] = false;
                i64::MAX
            } else {
                let gain = value_for(
                    pos.to_move(),
                    c.pos.to_move(),
                    self.eval.static_eval(&c.pos),
                ) as i64;
                ((gain + killer) << 32) | self.history[side][history_index(c.mv)] as i64
            };
            order[i] = (score, i as u8);
        }
        let order = &mut order[..children.len()];
        // Insertion sort, stable: equal scores keep move order.
        for i in 1..order.len() {
            let mut j = i;
            while j > 0 && order[j - 1].0 < order[j].0 {
                order.swap(j - 1, j);
                j -= 1;
            }
        }

        let outer_rep_low = std::mem::replace(&mut self.rep_low, usize::MAX);
        let outer_horizon = std::mem::replace(&mut self.horizon, false);
        let mut best = -INF;
        let mut best_move = None;
        for (k, &(_, i)) in order.iter().enumerate() {
            let child = &children[i as usize];
            // Late-move reduction: a quiet move tried late at a node that
            // is not on the principal variation is first searched a ply
            // shallower with a null window; only if it beats alpha there is
            // it searched to the full depth.
            let reduce = self.reductions
                && !pv_node
                && depth >= LMR_MIN_DEPTH
                && k >= LMR_MIN_MOVES
                && quiet[i as usize];
            let value = if reduce {
                let v = self.child_value(pos, child, depth - 1, alpha, alpha + 1, ply, true);
                if v > alpha && !self.stopped {
                    self.child_value(pos, child, depth, alpha, beta, ply, false)
                } else {
                    v
                }
            } else {
                self.child_value(pos, child, depth, alpha, beta, ply, k == 0)
            };
            if self.stopped {
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(child.mv);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, child.mv);
                    if ply == 0 {
                        let pv = self.pv[0][..self.pv_len[0]].to_vec();
                        self.partial = Some((child.mv, value, pv));
                    }
                    if value >= beta {
                        let bonus = (depth * depth) as u32;
                        let h = &mut self.history[side][history_index(child.mv)];
                        *h = h.saturating_add(bonus).min(1 << 30);
                        let killers = &mut self.killers[ply];
                        if killers[0] != Some(child.mv) {
                            killers[1] = killers[0];
                            killers[0] = Some(child.mv);
                        }
                        break;
                    }
                }
            }
        }

        let rep_low = self.rep_low;
        let horizon = self.horizon;
        self.rep_low = outer_rep_low.min(rep_low);
        self.horizon = outer_horizon || horizon;
        // A repetition of a position before this node makes the value
        // path-dependent: keep only the move.
        let bound = if rep_low < me {
            Bound::None
        } else if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let stored_depth = if horizon {
            depth.clamp(0, SOLVED_DEPTH as i32 - 1) as u8
        } else {
            SOLVED_DEPTH
        };
        self.table
            .store(key, ply, stored_depth, best, bound, best_move);
        best
    }

    /// The value, for the mover at `pos`, of playing `child`, searched to
    /// `depth - 1` more plies with the window `(alpha, beta)`. `first`: the
    /// node's first move, searched with the full window; later moves are
    /// tried with a null window first (principal variation search).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child_value(
        &mut self,
        pos: &Position,
        child: &Child,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        first: bool,
    ) -> i32 {
        self.pv_len[ply + 1] = ply + 1;
        self.nodes += 1;
        self.check_budget();
        match self.line.enter(self.rules, pos, child) {
            Step::End { outcome, repeated } => {
                if let Some(at) = repeated {
                    self.rep_low = self.rep_low.min(at);
                }
                self.eval.outcome(&outcome, pos.to_move(), ply + 1)
            }
            // `next` is the child's position, or the next round's opening
            // when the move ended a round of a match that goes on.
            Step::Live {
                pos: next,
                succ,
                undo,
                repeated,
                ..
            } => {
                if let Some(at) = repeated {
                    self.rep_low = self.rep_low.min(at);
                }
                // Bounds from the endgame database, turned to the mover at
                // `pos`: an exact value is a solved leaf, a bound outside
                // the window cuts the move off (fail-soft, as a table bound
                // would), and otherwise they clamp the horizon's estimate.
                let bounds = self
                    .endgame
                    .and_then(|db| crate::endgame::final_margin_bounds(db, &next));
                let mine = bounds.map(|(lo, hi)| {
                    let (a, b) = (
                        value_for(pos.to_move(), next.to_move(), lo),
                        value_for(pos.to_move(), next.to_move(), hi),
                    );
                    (a.min(b), a.max(b))
                });
                let value = if let Some((lo, hi)) = mine
                    && (lo == hi || lo >= beta || hi <= alpha)
                {
                    if lo != hi {
                        self.horizon = true;
                    }
                    if lo >= beta { lo } else { hi }
                } else if depth <= 1 {
                    self.horizon = true;
                    let v = self.eval.static_eval(&next);
                    let v = bounds.map_or(v, |(lo, hi)| v.clamp(lo, hi));
                    value_for(pos.to_move(), next.to_move(), v)
                } else {
                    let key = position_key(self.rules, &self.line, &next);
                    let below = |s: &mut Self, alpha: i32, beta: i32| {
                        s.below(pos, &next, &succ, key, depth, alpha, beta, ply)
                    };
                    if first {
                        below(self, alpha, beta)
                    } else {
                        let mut v = below(self, alpha, alpha + 1);
                        if v > alpha && v < beta && !self.stopped {
                            v = below(self, alpha, beta);
                        }
                        v
                    }
                };
                self.line.leave(undo);
                value
            }
        }
    }

    /// The value for the mover at `pos` of the live position `next` reached
    /// by a move (whose moves are `succ` and key `key`) with the window
    /// `(alpha, beta)` of `pos`'s
    /// mover: the window and the value are turned to the side of the
    /// child's mover and back, which is the opponent after most moves and
    /// the same player after a move that earns an extra turn.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn below(
        &mut self,
        pos: &Position,
        next: &Position,
        succ: &Successors,
        key: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if next.to_move() == pos.to_move() {
            self.negamax(next, succ, key, depth - 1, alpha, beta, ply + 1, None)
        } else {
            -self.negamax(next, succ, key, depth - 1, -beta, -alpha, ply + 1, None)
        }
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = mv;
        let child_len = self.pv_len[ply + 1];
        row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len.max(ply + 1);
    }

    #[inline]
    fn check_budget(&mut self) {
        if !self.may_stop {
            return;
        }
        if self.nodes >= self.node_limit {
            self.stopped = true;
        }
        if self.deadline.passed() {
            self.stopped = true;
        }
        if let Some(shared) = self.shared
            && shared.stop.load(Relaxed)
        {
            self.stopped = true;
        }
    }
}

/// The transposition key of `pos`, the last position of `line`: in a match
/// of rounds, with who started the round.
#[inline]
fn position_key(rules: &Rules, line: &Line, pos: &Position) -> u64 {
    let z = Zobrist::get();
    let key = z.key(pos, rules.holes());
    if rules.has_rounds() {
        key ^ z.round_key(line.round_starter())
    } else {
        key
    }
}

#[inline]
fn history_index(mv: Move) -> usize {
    // A hole's two chosen directions share its entry: an ordering hint.
    mv.hole().unwrap_or(MAX_HOLES)
}

/// Nodes per second.
pub(crate) fn nps(nodes: u64, elapsed: Duration) -> u64 {
    let secs = elapsed.as_secs_f64();
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    }
}
