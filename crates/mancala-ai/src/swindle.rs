//! Swindles: how to lose (or draw) against perfect play while giving a
//! fallible opponent the most chances to go wrong.
//!
//! When every move loses against perfect play, perfect play does not care
//! which one is played; an opponent who makes mistakes does. The levels
//! made for people (`ai:7` to `ai:9`) then pick the move with the greatest
//! chance that the result improves, modelling the opponent as one who picks
//! any of its legal moves with equal probability. That chance is computed by
//! an expectimax over the opponent's replies, several moves deep: a reply
//! after which our result (lost, drawn, won) is better than now counts 1, a
//! reply that keeps it leads to our best next move, and our own moves in
//! that tree are only those that keep the result we have (a drawn position
//! is never given away to set a trap).
//!
//! The horizon (the opponent moves looked at) grows one move at a time
//! until the tree is exhausted, the deadline passes, or [`MAX_HORIZON`];
//! the last finished horizon decides.
//!
//! Results come from an oracle: the game's solved database when there is
//! one (a file found in the data directory, or, for games small enough to
//! solve in a moment such as Tihbat, one solved in memory once per process),
//! or else an alpha-beta search, whose value then stands for the result.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use mancala_core::{Game, Move, Rules, Side, value_for};
use mancala_solver::{Database, DbKind, Indexer};

use crate::eval::{Evaluator, WIN, WIN_BOUND};
use crate::hash::Zobrist;
use crate::search::{Budget, Engine};

/// The deepest horizon, in opponent moves.
pub(crate) const MAX_HORIZON: u32 = 60;

/// Games with at most this many positions get a database solved in memory
/// (Tihbat has 71,920: about 10 ms).
const SOLVE_IN_MEMORY_POSITIONS: u64 = 2_000_000;

/// A result from the point of view of one player. From a database: -1
/// lost, 0 drawn, 1 won. From a search: its value (see [`crate::eval`]).
type Class = i32;

/// Where results come from.
pub(crate) enum Oracle<'a> {
    /// A solved database, with a search for the positions it does not cover.
    Database(Arc<Database>, &'a mut Engine, u32),
    /// A search to the given depth. Its values are estimates, so a swindle
    /// keeps the searched value itself, not only its sign: giving seeds
    /// away on the strength of an estimate that the game is lost anyway
    /// loses real games.
    Search(&'a mut Engine, u32),
}

impl<'a> Oracle<'a> {
    /// The oracle for `rules`: its database if one exists or can be solved
    /// at once, else a search of `depth` plies with `engine`.
    pub(crate) fn for_rules<'e>(rules: &Rules, engine: &'e mut Engine, depth: u32) -> Oracle<'e> {
        match database(rules) {
            Some(db) => Oracle::Database(db, engine, depth),
            None => Oracle::Search(engine, depth),
        }
    }

    /// Whether the engine's stop flag is set (the swindle gives up as at
    /// its deadline).
    fn stop_requested(&self) -> bool {
        match self {
            Oracle::Database(_, engine, _) | Oracle::Search(engine, _) => engine.stop_requested(),
        }
    }

    /// Whether a result depends on how far below the root it is looked at.
    fn depends_on_ply(&self) -> bool {
        matches!(self, Oracle::Search(..))
    }

    /// The result the player to move at `game` (not over), `ply` plies
    /// below the swindle's root, can force. Searches get one ply less for
    /// each ply below the root's moves, so that values compared with each
    /// other look equally far ahead.
    /// `None` when the deadline passed first.
    fn class(&mut self, game: &Game, ply: u32, deadline: Option<Instant>) -> Option<Class> {
        let depth_at = |depth: u32| depth.saturating_sub(ply.saturating_sub(1)).max(1);
        match self {
            Oracle::Database(db, engine, depth) => {
                let pos = game.position();
                let value = match db.kind() {
                    DbKind::Margin => db.final_margin(pos),
                    _ => db.value(pos),
                };
                match value {
                    Some(v) => Some(v.signum()),
                    None => {
                        // Above a partial database: the searched margin's
                        // sign, or a proven win or loss (a heuristic
                        // deprivation value says nothing of the result).
                        let v = search_value(engine, depth_at(*depth), game, deadline)?;
                        Some(match db.kind() {
                            DbKind::Margin => v.signum(),
                            _ if v.abs() >= WIN_BOUND => v.signum(),
                            _ => 0,
                        })
                    }
                }
            }
            Oracle::Search(engine, depth) => {
                // A proven result counts whatever its distance.
                let v = search_value(engine, depth_at(*depth), game, deadline)?;
                Some(if v.abs() >= WIN_BOUND {
                    v.signum() * WIN
                } else {
                    v
                })
            }
        }
    }
}

/// The value of a search of `game` to `depth` plies, or `None` when the
/// deadline stopped it short of that depth (a shallower value would not
/// compare with the others).
fn search_value(
    engine: &mut Engine,
    depth: u32,
    game: &Game,
    deadline: Option<Instant>,
) -> Option<i32> {
    let millis = deadline.map(|d| d.saturating_duration_since(Instant::now()).as_millis() as u64);
    let budget = Budget {
        depth: Some(depth),
        millis,
        ..Budget::default()
    };
    let r = engine.search(game, &budget)?;
    (r.depth >= depth || r.solved).then_some(r.value)
}

/// The database the swindles of `rules` use, if any: a solved file found in
/// the data directory, or one solved in memory for a small game. Kept for
/// the life of the process.
fn database(rules: &Rules) -> Option<Arc<Database>> {
    if let Ok(db) = crate::database::open_database(rules, None) {
        return Some(db);
    }
    /// By rules hash: the database, or `None` for a game too big.
    type Solved = HashMap<[u8; 32], Option<Arc<Database>>>;
    static SOLVED: OnceLock<Mutex<Solved>> = OnceLock::new();
    let hash = mancala_solver::rules_hash(rules);
    let mut solved = SOLVED
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    solved
        .entry(hash)
        .or_insert_with(|| {
            let positions = Indexer::new(rules.holes(), rules.total_seeds()).total();
            if positions > SOLVE_IN_MEMORY_POSITIONS {
                return None;
            }
            mancala_solver::solve(rules, false).ok().map(Arc::new)
        })
        .clone()
}

/// One swindle computation.
pub(crate) struct Swindle<'o, 'e> {
    oracle: &'o mut Oracle<'e>,
    me: Side,
    /// The plies of the game at the root.
    root_ply: usize,
    /// The result to improve on, for `me`.
    target: Class,
    deadline: Option<Instant>,
    holes: usize,
    /// Escape chances by (position key, horizon) for this horizon's tree.
    /// Keys ignore the history: a transposition reached by another path
    /// could differ by a repetition, an approximation the chance tolerates.
    chances: HashMap<(u64, u32), f64>,
    /// The oracle's results by position key (and ply, when it matters).
    classes: HashMap<(u64, u32), Class>,
    /// Whether the current horizon cut a line short.
    cut: bool,
    timed_out: bool,
}

impl<'o, 'e> Swindle<'o, 'e> {
    /// The best swindle at `game` for the player to move: when its result
    /// against perfect play is a loss or a draw, the move with the greatest
    /// chance that a uniformly random opponent lets the result improve, with
    /// that chance. Among equal chances `prefer` (the search's choice) goes
    /// first. `None` when the position is won, no move gives any chance, or
    /// time ran out before the first horizon was finished.
    pub(crate) fn best(
        oracle: &'o mut Oracle<'e>,
        game: &Game,
        prefer: Move,
        deadline: Option<Instant>,
        max_horizon: u32,
    ) -> Option<(Move, f64)> {
        if game.is_over() {
            return None;
        }
        let rules = game.rules();
        let mut s = Swindle {
            oracle,
            me: game.position().to_move(),
            root_ply: game.moves().len(),
            target: 0,
            deadline,
            holes: rules.holes(),
            chances: HashMap::new(),
            classes: HashMap::new(),
            cut: false,
            timed_out: false,
        };
        let mut moves: Vec<Move> = game.successors().iter().map(|c| c.mv).collect();
        if let Some(i) = moves.iter().position(|&m| m == prefer) {
            moves[..=i].rotate_right(1);
        }
        // The result we have is the best our moves keep.
        let mut target = None;
        for &mv in &moves {
            let c = s.result(&play(game, mv));
            if s.timed_out {
                return None;
            }
            target = target.max(Some(c));
        }
        s.target = target?;
        if s.target > 0 {
            return None;
        }
        let mut found = None;
        for horizon in 1..=max_horizon {
            s.chances.clear();
            s.cut = false;
            let Some(choice) = s.root(game, &moves, horizon) else {
                break;
            };
            found = choice;
            if !s.cut {
                break;
            }
        }
        found.filter(|&(_, chance)| chance > 0.0)
    }

    /// The best root move and its chance at `horizon`; `None` when time
    /// ran out.
    fn root(&mut self, game: &Game, moves: &[Move], horizon: u32) -> Option<Option<(Move, f64)>> {
        let mut best: Option<(Move, f64)> = None;
        for &mv in moves {
            let chance = self.after_ours(game, mv, horizon);
            if self.timed_out {
                return None;
            }
            if let Some(chance) = chance
                && best.is_none_or(|(_, b)| chance > b)
            {
                best = Some((mv, chance));
            }
        }
        Some(best)
    }

    /// The chance after our move `mv` at `game`; `None` if the move gives
    /// the result away.
    fn after_ours(&mut self, game: &Game, mv: Move, horizon: u32) -> Option<f64> {
        let after = play(game, mv);
        match self.result(&after) {
            c if c < self.target => None,
            c if c > self.target => Some(1.0),
            _ if after.is_over() => Some(0.0),
            _ => Some(self.chance(&after, horizon)),
        }
    }

    /// The chance at a live `game` whose result is the target, whoever
    /// moves (a move that earns an extra turn leaves the same player to
    /// move).
    fn chance(&mut self, game: &Game, horizon: u32) -> f64 {
        if game.position().to_move() == self.me {
            self.ours(game, horizon)
        } else {
            self.theirs(game, horizon)
        }
    }

    /// The chance at `game`, the opponent to move: the mean over its replies.
    fn theirs(&mut self, game: &Game, horizon: u32) -> f64 {
        let replies = game.successors().len();
        let mut sum = 0.0;
        for i in 0..replies {
            let mut after = game.clone();
            after.play_index(i);
            let c = self.result(&after);
            sum += if c > self.target {
                1.0
            } else if c < self.target || after.is_over() {
                0.0
            } else if after.position().to_move() == self.me {
                self.ours(&after, horizon - 1)
            } else {
                self.theirs(&after, horizon)
            };
            if self.timed_out {
                return 0.0;
            }
        }
        sum / replies as f64
    }

    /// The chance at `game`, us to move, with `horizon` opponent moves left.
    fn ours(&mut self, game: &Game, horizon: u32) -> f64 {
        if horizon == 0 {
            self.cut = true;
            return 0.0;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) || self.oracle.stop_requested() {
            self.timed_out = true;
            return 0.0;
        }
        let key = (self.key(game), horizon);
        if let Some(&chance) = self.chances.get(&key) {
            return chance;
        }
        let mut best = 0.0f64;
        for child in game.successors() {
            if let Some(chance) = self.after_ours(game, child.mv, horizon) {
                best = best.max(chance);
            }
            if best >= 1.0 || self.timed_out {
                break;
            }
        }
        self.chances.insert(key, best);
        best
    }

    /// Our result at `game`: exact when the game is over, else the oracle's.
    fn result(&mut self, game: &Game) -> Class {
        if let Some(outcome) = game.outcome() {
            if self.oracle.depends_on_ply() {
                return Evaluator::new(game.rules()).outcome(outcome, self.me, 0);
            }
            return match outcome.winner {
                None => 0,
                Some(w) if w == self.me => 1,
                Some(_) => -1,
            };
        }
        let ply = (game.moves().len() - self.root_ply) as u32;
        let key = (
            self.key(game),
            if self.oracle.depends_on_ply() { ply } else { 0 },
        );
        let class = match self.classes.get(&key) {
            Some(&c) => c,
            None => {
                let Some(c) = self.oracle.class(game, ply, self.deadline) else {
                    self.timed_out = true;
                    return 0;
                };
                self.classes.insert(key, c);
                c
            }
        };
        value_for(self.me, game.position().to_move(), class)
    }

    fn key(&self, game: &Game) -> u64 {
        let z = Zobrist::get();
        let key = z.key(game.position(), self.holes);
        if game.rules().has_rounds() {
            key ^ z.round_key(game.round_starter())
        } else {
            key
        }
    }
}

/// `game` after the legal move `mv`.
fn play(game: &Game, mv: Move) -> Game {
    let mut after = game.clone();
    after.play(mv).expect("a legal move");
    after
}
