//! The players: one trait, four machines.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::{Game, Line, Move, Step, value_for};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::book;
use crate::eval::Evaluator;
use crate::mcts::{MctsBudget, mcts_search_with_stop};
use crate::search::{Budget, DEFAULT_TT_BITS, Engine};
use crate::swindle::{MAX_HORIZON, Oracle, Swindle};

/// Default time per move of the `ai:K` levels, in milliseconds.
pub const DEFAULT_MOVE_MS: u64 = 1_000;

/// How many opponent moves ahead a swindling player without a time limit
/// looks for traps.
pub const SWINDLE_HORIZON_UNTIMED: u32 = 4;

/// A player's decision, with what it knows about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice {
    /// The move to play.
    pub mv: Move,
    /// The move's value for the player (see [`crate::eval`]), from players
    /// that evaluate: `greedy` (after one ply) and `alphabeta`.
    pub value: Option<i32>,
    /// The expected line, starting with `mv` (empty when unknown).
    pub pv: Vec<Move>,
    /// The search depth reached (`alphabeta`).
    pub depth: Option<u32>,
    /// Positions visited (`alphabeta`), or playouts (`mcts`).
    pub nodes: u64,
    /// The mean playout reward of `mv`, 1 a win, 0.5 a draw (`mcts`).
    pub win_rate: Option<f64>,
}

impl Choice {
    fn just(mv: Move) -> Choice {
        Choice {
            mv,
            value: None,
            pv: Vec::new(),
            depth: None,
            nodes: 0,
            win_rate: None,
        }
    }
}

/// A machine player.
///
/// `choose` is called with a game that is not over, and returns one of its
/// legal moves. A player keeps state between calls (random generator,
/// transposition table); with a depth, node or playout budget, the same
/// seed and the same calls give the same moves.
pub trait Player: Send {
    /// The player as a spec string, e.g. `alphabeta:depth=8`.
    fn name(&self) -> String;
    /// Chooses a move.
    ///
    /// # Panics
    /// If the game is over.
    fn choose(&mut self, game: &Game) -> Choice;
    /// Makes the player's searches end early once `stop` is set (by another
    /// thread: a user's Ctrl-C): `choose` then returns at once with the
    /// best move found so far. Players that answer at once ignore it.
    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        let _ = stop;
    }
}

/// Plays uniformly at random among the legal moves.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: SmallRng,
}

impl RandomPlayer {
    /// A random player with a seeded generator.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let moves = game.legal_moves();
        assert!(!moves.is_empty(), "choose on a finished game");
        let index = self.rng.random_range(0..moves.len());
        Choice::just(moves.iter().nth(index).expect("an index below len"))
    }
}

/// Plays the move with the best immediate result: the seed margin after the
/// move (the exact final margin when the move ends the game), or in
/// deprivation games the heuristic and exact win or loss. Ties are broken at
/// random.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    rng: SmallRng,
}

impl GreedyPlayer {
    /// A greedy player with a seeded tie-breaker.
    pub fn new(seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn choose(&mut self, game: &Game) -> Choice {
        assert!(!game.is_over(), "choose on a finished game");
        let rules = game.rules();
        let eval = Evaluator::new(rules);
        let mut line = Line::from_game(game);
        let pos = *game.position();
        let mut best: Vec<(Move, i32)> = Vec::new();
        for child in game.successors() {
            let value = match line.enter(rules, &pos, child) {
                Step::End { outcome, .. } => eval.outcome(&outcome, pos.to_move(), 1),
                // `next`: the child's position or, after a round's end,
                // the next round's opening.
                Step::Live {
                    pos: next, undo, ..
                } => {
                    line.leave(undo);
                    value_for(pos.to_move(), next.to_move(), eval.material(&next))
                }
            };
            match best.first() {
                Some(&(_, v)) if v > value => {}
                Some(&(_, v)) if v == value => best.push((child.mv, value)),
                _ => best = vec![(child.mv, value)],
            }
        }
        let (mv, value) = best[self.rng.random_range(0..best.len())];
        Choice {
            value: Some(value),
            pv: vec![mv],
            depth: Some(1),
            ..Choice::just(mv)
        }
    }
}

/// Alpha-beta search (see [`crate::search`]) with a budget per move.
#[derive(Clone, Debug)]
pub struct AlphaBetaPlayer {
    engine: Engine,
    budget: Budget,
    name: String,
    swindle: bool,
    book: bool,
    prepare_data: bool,
}

/// An alpha-beta player's name: its spec as `alphabeta:...` is written
/// (the `Display` of [`crate::spec::PlayerSpec`]).
pub fn alphabeta_name(b: &Budget) -> String {
    let mut parts = Vec::new();
    if let Some(d) = b.depth {
        parts.push(format!("depth={d}"));
    }
    if let Some(ms) = b.millis {
        parts.push(format!("ms={ms}"));
    }
    if let Some(n) = b.nodes {
        parts.push(format!("nodes={n}"));
    }
    if let Some(t) = b.threads {
        parts.push(format!("threads={t}"));
    }
    format!("alphabeta:{}", parts.join(","))
}

impl AlphaBetaPlayer {
    /// A player searching each move within `budget`. Its transposition
    /// table has the default size (16 MiB), or 1 MiB for shallow searches
    /// (a depth limit of 8 plies or less), where a big table would cost
    /// more to clear than it saves.
    pub fn new(budget: Budget) -> AlphaBetaPlayer {
        let shallow = budget.depth.is_some_and(|d| d <= 8);
        AlphaBetaPlayer::with_table(budget, if shallow { 16 } else { DEFAULT_TT_BITS })
    }

    /// A player with a transposition table of `2^tt_bits` entries.
    pub fn with_table(budget: Budget, tt_bits: u32) -> AlphaBetaPlayer {
        AlphaBetaPlayer {
            engine: Engine::new(tt_bits),
            budget,
            name: alphabeta_name(&budget),
            swindle: false,
            book: false,
            prepare_data: false,
        }
    }

    /// Makes the player set traps when it cannot win: when every move
    /// loses (or draws) against perfect play, it plays the one with the
    /// greatest chance that an opponent who may pick any reply lets the
    /// result improve, looking several moves deep (see [`crate::swindle`]).
    /// Perfect play does not care which of equally lost moves is chosen;
    /// people do. The traps use the rest of the time per move after the
    /// search (at least a quarter of it), and valuing a trap that is not
    /// the search's move for the report takes up to another quarter, so a
    /// move can take 1.5 times the budget; without a time limit they look
    /// [`SWINDLE_HORIZON_UNTIMED`] opponent moves ahead.
    pub fn swindling(mut self) -> AlphaBetaPlayer {
        self.swindle = true;
        self
    }

    /// Makes the player have the data its games use built when it is
    /// missing (Oware's endgame bounds, a small game's solved database: see
    /// [`crate::data::prepare`]), in the background, playing without it
    /// until it is ready. The timed levels `ai:7` to `ai:9` do.
    pub fn preparing_data(mut self) -> AlphaBetaPlayer {
        self.prepare_data = true;
        self
    }

    /// The swindle at `game` after a search that chose `best` at `depth`.
    fn trap(&mut self, game: &Game, best: Move, depth: u32, started: Instant) -> Option<Move> {
        let (deadline, horizon) = match self.budget.millis {
            Some(ms) => {
                let whole = started + Duration::from_millis(ms);
                let quarter = Instant::now() + Duration::from_millis(ms.div_ceil(4));
                (Some(whole.max(quarter)), MAX_HORIZON)
            }
            None => (None, SWINDLE_HORIZON_UNTIMED),
        };
        let rules = game.rules_arc().clone();
        let mut oracle = Oracle::for_rules(&rules, &mut self.engine, depth);
        Swindle::best(&mut oracle, game, best, deadline, horizon).map(|(mv, _)| mv)
    }

    /// Makes the player play from the game's built-in opening book
    /// ([`crate::book::builtin`]) while the game is in it: the book's best
    /// move, without a search.
    pub fn with_book(mut self) -> AlphaBetaPlayer {
        self.book = true;
        self
    }

    /// Names the player (e.g. `ai:6` for a level built on this player).
    pub fn named(mut self, name: impl Into<String>) -> AlphaBetaPlayer {
        self.name = name.into();
        self
    }
}

impl Player for AlphaBetaPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.engine.set_stop(Some(stop));
    }

    fn choose(&mut self, game: &Game) -> Choice {
        if let Some(m) = self
            .book
            .then(|| book::builtin(game.rules()))
            .flatten()
            .and_then(|b| b.best(game.position()))
            && game.legal_moves().iter().any(|mv| mv == m.mv)
        {
            return Choice {
                value: Some(m.value),
                pv: vec![m.mv],
                ..Choice::just(m.mv)
            };
        }
        if self.prepare_data {
            crate::data::prepare(game.rules());
        }
        let started = Instant::now();
        let r = self
            .engine
            .search(game, &self.budget)
            .expect("choose on a finished game");
        if self.swindle
            && r.value <= 0
            && let Some(mv) = self.trap(game, r.best, r.depth, started)
            && mv != r.best
        {
            // The trap may lose by more than the search's move: say what it
            // is worth, from a search one ply shallower below it.
            let mut after = game.clone();
            after.play(mv).expect("a swindle plays a legal move");
            let (value, line) = match after.outcome() {
                Some(outcome) => (
                    Evaluator::new(game.rules()).outcome(outcome, game.position().to_move(), 1),
                    Vec::new(),
                ),
                None => {
                    let budget = Budget {
                        depth: Some(r.depth.saturating_sub(1).max(1)),
                        nodes: None,
                        millis: self.budget.millis.map(|ms| ms.div_ceil(4)),
                        threads: self.budget.threads,
                    };
                    let reply = self
                        .engine
                        .search(&after, &budget)
                        .expect("the game goes on");
                    (
                        value_for(
                            game.position().to_move(),
                            after.position().to_move(),
                            reply.value,
                        ),
                        reply.pv,
                    )
                }
            };
            let pv = std::iter::once(mv).chain(line).collect();
            return Choice {
                mv,
                value: Some(value),
                pv,
                depth: Some(r.depth),
                nodes: r.nodes,
                win_rate: None,
            };
        }
        Choice {
            mv: r.best,
            value: Some(r.value),
            pv: r.pv,
            depth: Some(r.depth),
            nodes: r.nodes,
            win_rate: None,
        }
    }
}

/// Monte Carlo tree search (see [`crate::mcts`]).
#[derive(Clone, Debug)]
pub struct MctsPlayer {
    budget: MctsBudget,
    seed: u64,
    moves: u64,
    name: String,
    stop: Option<Arc<AtomicBool>>,
}

impl MctsPlayer {
    /// A player searching each move within `budget`. Each move's search is
    /// seeded from `seed` and the number of moves chosen so far.
    pub fn new(budget: MctsBudget, seed: u64) -> MctsPlayer {
        let mut parts = Vec::new();
        if let Some(p) = budget.playouts {
            parts.push(format!("playouts={p}"));
        }
        if let Some(ms) = budget.millis {
            parts.push(format!("ms={ms}"));
        }
        if let Some(t) = budget.trees {
            parts.push(format!("trees={t}"));
        }
        MctsPlayer {
            budget,
            seed,
            moves: 0,
            name: format!("mcts:{}", parts.join(",")),
            stop: None,
        }
    }

    /// Names the player.
    pub fn named(mut self, name: impl Into<String>) -> MctsPlayer {
        self.name = name.into();
        self
    }
}

impl Player for MctsPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        self.stop = Some(stop);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        let seed = self
            .seed
            .wrapping_add(self.moves.wrapping_mul(0xD1B5_4A32_D192_ED03));
        self.moves += 1;
        let r = mcts_search_with_stop(game, &self.budget, seed, self.stop.as_ref());
        Choice {
            pv: r.pv,
            nodes: r.playouts,
            win_rate: Some(r.win_rate),
            ..Choice::just(r.best)
        }
    }
}
