//! Perfect play from a solved database (`mancala-solver`).
//!
//! [`PerfectPlayer`] plays the best move a database knows:
//!
//! - where the database reaches the position (every position of a fully
//!   solved game such as Tihbat or Modiar, the positions with few seeds of a
//!   partial one), a move of [`Database::best_moves`]: the best value, and
//!   among equal values the quickest win or the slowest loss; ties left are
//!   broken by the player's seeded generator;
//! - above a win/loss/draw database that stops at `k` seeds on the board
//!   (Sadeqa II), [`proof::perfect_move`]: a proof search over the real
//!   moves with the database's exact values at its leaves, within a node
//!   budget (`perfect:nodes=N`, default [`DEFAULT_PROOF_NODES`]);
//! - above a partial margin database, where nothing exact is known, an
//!   alpha-beta search as `ai:6` (12 plies within the time per move).
//!
//! Databases are found where `mancala solve GAME` writes them
//! ([`mancala_solver::find_database`]: `$MANCALA_DATA/<game-id>.mdb`, else
//! `~/.local/share/mancala/<game-id>.mdb`) or given as `perfect:db=FILE`.
//! Each file is opened (and its checksum checked) once per process and
//! shared by every player that uses it ([`crate::database::open_database`]).
//!
//! Database values are history-free (see `docs/solutions.md`): play that
//! goes on for ever is worth 0 for the seeds left, which is also what a
//! repetition gives in the built-in games. A perfect player that is winning
//! follows the quickest line and never repeats a position.
//!
//! [`exact_analysis`] values every legal move of a position from a
//! database, in the units of [`crate::analyze`] (half seeds of final margin,
//! or `WIN - plies`).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use mancala_core::notation::move_label;
use mancala_core::{Game, Move, Position, value_for};
use mancala_solver::proof::{self, ProofOptions};
use mancala_solver::{Database, DbKind, Eval, MoveEval};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::{WIN, format_value};
use crate::players::{AlphaBetaPlayer, Choice, DEFAULT_MOVE_MS, Player};
use crate::search::{Analysis, Budget, MoveAnalysis};

/// Positions a proof search above a win/loss/draw database may visit per
/// move, by default.
pub const DEFAULT_PROOF_NODES: u64 = 2_000_000;

/// The longest principal variation read from a database, in plies.
pub const MAX_PV: usize = 24;

/// The proof options of a perfect player or an exact analysis: `nodes`
/// positions at most (per proof), a table that fits them, and a time limit
/// of a minute as a safety net only (so the result depends on the position
/// and the budget alone).
pub fn proof_options(nodes: u64) -> ProofOptions {
    let nodes = nodes.max(1);
    ProofOptions {
        max_nodes: nodes,
        time_limit: Duration::from_secs(60),
        max_table: usize::try_from(nodes)
            .unwrap_or(usize::MAX)
            .clamp(1 << 16, 8 << 20),
        ..ProofOptions::default()
    }
}

/// A database value for the player to move at `pos` in the units of this
/// crate ([`crate::eval`]): half seeds of final margin (the captures already
/// made included) in a margin database, `WIN - plies` / `-(WIN - plies)` /
/// 0 in a win/loss/draw one.
pub fn ai_value(db: &Database, pos: &Position, eval: Eval) -> i32 {
    match db.kind() {
        DbKind::Margin => {
            let me = pos.to_move();
            2 * (eval.value + pos.captured(me) as i32 - pos.captured(me.opponent()) as i32)
        }
        DbKind::WinLossDraw => match eval.value.signum() {
            1 => WIN - eval.plies as i32,
            -1 => -(WIN - eval.plies as i32),
            _ => 0,
        },
    }
}

/// The line of perfect play from the end of `game`: the first of
/// [`Database::best_moves`] at each position, at most `max` plies, until the
/// game ends or the database no longer reaches.
pub fn principal_line(db: &Database, game: &Game, max: usize) -> Vec<Move> {
    let mut game = game.clone();
    let mut line = Vec::new();
    while line.len() < max && !game.is_over() {
        let Some(&mv) = db
            .best_moves(game.position())
            .as_ref()
            .and_then(|m| m.first())
        else {
            break;
        };
        if game.play(mv).is_err() {
            break;
        }
        line.push(mv);
    }
    line
}

/// What [`exact_analysis`] found.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactAnalysis {
    /// Every legal move with its exact value, best first, in the units of
    /// [`crate::analyze`]; `solved` is true, `depth` the largest of
    /// `plies`, `nodes` the positions proof searches visited (0 where the
    /// database reaches).
    pub analysis: Analysis,
    /// For each move (same order): the plies of the tie-break, until the
    /// next capture or the end in a margin database, to the end of the game
    /// in a win/loss/draw one (quickest win, slowest loss).
    pub plies: Vec<u32>,
}

/// Every legal move of the position at the end of `game` with its exact
/// value from `db`, best first (see [`ExactAnalysis`]).
///
/// Where the database reaches the position, the values are
/// [`Database::analyze`]'s. Above a win/loss/draw database, each move's
/// position is proved with [`proof::prove`] and its length found with
/// [`proof::exact_length`], within `opts`. `None` when the database does not
/// settle every move (a margin database that does not reach, or a proof
/// that runs out of budget). An empty analysis when the game is over.
pub fn exact_analysis(db: &Database, game: &Game, opts: &ProofOptions) -> Option<ExactAnalysis> {
    let started = Instant::now();
    let rules = game.rules();
    let pos = *game.position();
    if game.is_over() {
        let analysis = Analysis {
            moves: Vec::new(),
            depth: 0,
            nodes: 0,
            nps: 0,
            millis: 0,
            solved: true,
        };
        return Some(ExactAnalysis {
            analysis,
            plies: Vec::new(),
        });
    }
    let mut nodes = 0;
    let evals: Vec<MoveEval> = match db.analyze(&pos) {
        Some(moves) => moves,
        None if db.kind() == DbKind::WinLossDraw => {
            let mut moves = Vec::new();
            for child in rules.successors(&pos).as_slice() {
                let eval = match db.eval(&child.pos) {
                    Some(e) => e,
                    None => {
                        let report = proof::prove(db, &child.pos, opts);
                        nodes += report.nodes;
                        let value = report.root.exact_value()? as i32;
                        let plies = if value == 0 {
                            0
                        } else {
                            proof::exact_length(
                                db,
                                &child.pos,
                                value as i8,
                                opts.max_depth,
                                opts.max_nodes,
                            )?
                        };
                        Eval { value, plies }
                    }
                };
                // The child's value is for its own mover.
                let eval = Eval {
                    value: value_for(pos.to_move(), child.pos.to_move(), eval.value),
                    plies: eval.plies + 1,
                };
                moves.push(MoveEval {
                    mv: child.mv,
                    eval,
                    child: child.pos,
                });
            }
            moves.sort_by(|a, b| Eval::best_first(&a.eval, &b.eval));
            moves
        }
        None => return None,
    };
    let moves: Vec<MoveAnalysis> = evals
        .iter()
        .map(|m| {
            let value = ai_value(db, &pos, m.eval);
            let mut after = game.clone();
            let mut pv_moves = vec![m.mv];
            if after.play(m.mv).is_ok() {
                pv_moves.extend(principal_line(db, &after, MAX_PV - 1));
            }
            MoveAnalysis {
                label: move_label(rules, m.mv),
                value,
                value_text: format_value(rules, value),
                pv: pv_moves.iter().map(|&mv| move_label(rules, mv)).collect(),
                mv: m.mv,
                pv_moves,
            }
        })
        .collect();
    let depth = evals.iter().map(|m| m.eval.plies).max().unwrap_or(0);
    let elapsed = started.elapsed();
    let millis = elapsed.as_millis() as u64;
    let nps = if nodes > 0 {
        (nodes as f64 / elapsed.as_secs_f64().max(1e-9)) as u64
    } else {
        0
    };
    let plies = evals.iter().map(|m| m.eval.plies).collect();
    Some(ExactAnalysis {
        analysis: Analysis {
            moves,
            depth,
            nodes,
            nps,
            millis,
            solved: true,
        },
        plies,
    })
}

/// Plays the moves of a solved database (see the [module docs](self)).
pub struct PerfectPlayer {
    db: Arc<Database>,
    rng: SmallRng,
    name: String,
    opts: ProofOptions,
    time_ms: u64,
    fallback: Option<AlphaBetaPlayer>,
    /// The stop flag given to the fallback's searches.
    stop: Option<Arc<AtomicBool>>,
}

impl std::fmt::Debug for PerfectPlayer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PerfectPlayer")
            .field("name", &self.name)
            .field("db", &self.db)
            .finish()
    }
}

impl PerfectPlayer {
    /// A perfect player using `db`, breaking ties with a generator seeded
    /// with `seed`. Proofs above a win/loss/draw database visit at most
    /// [`DEFAULT_PROOF_NODES`] positions a move; the alpha-beta fallback of
    /// a partial margin database takes at most a second a move.
    pub fn new(db: Arc<Database>, seed: u64) -> PerfectPlayer {
        PerfectPlayer {
            db,
            rng: SmallRng::seed_from_u64(seed),
            name: "perfect".to_string(),
            opts: proof_options(DEFAULT_PROOF_NODES),
            time_ms: DEFAULT_MOVE_MS,
            fallback: None,
            stop: None,
        }
    }

    /// The budget of each proof search above the database.
    pub fn with_proof_nodes(mut self, nodes: u64) -> PerfectPlayer {
        self.opts = proof_options(nodes);
        self
    }

    /// The time per move of the alpha-beta fallback (partial margin
    /// databases only).
    pub fn with_time(mut self, time_ms: u64) -> PerfectPlayer {
        self.time_ms = time_ms.max(1);
        self
    }

    /// Names the player (its spec).
    pub fn named(mut self, name: impl Into<String>) -> PerfectPlayer {
        self.name = name.into();
        self
    }

    /// The database.
    pub fn database(&self) -> &Arc<Database> {
        &self.db
    }
}

impl Player for PerfectPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn set_stop(&mut self, stop: Arc<AtomicBool>) {
        if let Some(fallback) = &mut self.fallback {
            fallback.set_stop(stop.clone());
        }
        self.stop = Some(stop);
    }

    fn choose(&mut self, game: &Game) -> Choice {
        assert!(!game.is_over(), "choose on a finished game");
        let pos = *game.position();
        if let Some(moves) = self.db.analyze(&pos).filter(|m| !m.is_empty()) {
            let best = moves[0].eval;
            let ties = moves
                .iter()
                .take_while(|m| !best.better_than(m.eval))
                .count();
            let pick = moves[self.rng.random_range(0..ties)];
            let mut after = game.clone();
            let mut pv = vec![pick.mv];
            if after.play(pick.mv).is_ok() {
                pv.extend(principal_line(&self.db, &after, MAX_PV - 1));
            }
            return Choice {
                mv: pick.mv,
                value: Some(ai_value(&self.db, &pos, pick.eval)),
                pv,
                depth: None,
                nodes: 0,
                win_rate: None,
            };
        }
        match self.db.kind() {
            DbKind::WinLossDraw => {
                let mv = proof::perfect_move(&self.db, &pos, &self.opts)
                    .or_else(|| game.legal_moves().iter().next())
                    .expect("a game that is not over has a move");
                Choice {
                    mv,
                    value: None,
                    pv: vec![mv],
                    depth: None,
                    nodes: 0,
                    win_rate: None,
                }
            }
            DbKind::Margin => {
                let time_ms = self.time_ms;
                let name = self.name.clone();
                let stop = self.stop.clone();
                self.fallback
                    .get_or_insert_with(|| {
                        let mut player =
                            AlphaBetaPlayer::new(Budget::depth(12).with_millis(time_ms))
                                .named(name);
                        if let Some(stop) = stop {
                            player.set_stop(stop);
                        }
                        player
                    })
                    .choose(game)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::database::open_database;
    use crate::spec::{PerfectSpec, PlayerSpec};
    use crate::{GreedyPlayer, RandomPlayer};
    use mancala_core::{Rules, Side};
    use std::sync::OnceLock;

    fn tihbat_db() -> Arc<Database> {
        static DB: OnceLock<Arc<Database>> = OnceLock::new();
        DB.get_or_init(|| {
            let rules = Rules::builtin("tihbat").unwrap();
            Arc::new(mancala_solver::solve(&rules, false).unwrap())
        })
        .clone()
    }

    fn play(game: &mut Game, players: &mut [Box<dyn Player>; 2]) {
        while !game.is_over() {
            let side = game.position().to_move();
            let choice = players[side.index()].choose(game);
            game.play(choice.mv).unwrap();
        }
    }

    /// Tihbat's opening is worth -2 to South: perfect play on both sides ends
    /// 15-13 for North, and a perfect North never does worse against anyone.
    #[test]
    fn perfect_play_reaches_the_solved_value() {
        let db = tihbat_db();
        let rules = db.rules().clone();
        let mut game = Game::new(rules.clone());
        let mut players: [Box<dyn Player>; 2] = [
            Box::new(PerfectPlayer::new(db.clone(), 1)),
            Box::new(PerfectPlayer::new(db.clone(), 2)),
        ];
        play(&mut game, &mut players);
        let score = game.outcome().unwrap().score.unwrap();
        assert_eq!(score.map(|s| s.as_f64()), [13.0, 15.0], "{}", game.record());

        for seed in 0..12 {
            let south: Box<dyn Player> = if seed % 2 == 0 {
                Box::new(RandomPlayer::new(seed))
            } else {
                Box::new(GreedyPlayer::new(seed))
            };
            let mut players = [
                south,
                Box::new(PerfectPlayer::new(db.clone(), seed)) as Box<dyn Player>,
            ];
            let mut game = Game::new(rules.clone());
            play(&mut game, &mut players);
            let o = game.outcome().unwrap();
            let [s, n] = o.score.unwrap().map(|s| s.as_f64());
            assert!(n - s >= 2.0, "seed {seed}: {s}-{n}: {}", game.record());
            assert_eq!(o.winner, Some(Side::North));
        }
    }

    /// Awari endgames from the lean solver's database: the player picks a
    /// move the database rates best (value, then the quickest win or the
    /// slowest loss), and perfect play on both sides, with the rules'
    /// repetition in force, ends with exactly the database's value.
    #[test]
    fn awari_endgames_are_played_perfectly() {
        let rules = Rules::builtin("awari").unwrap();
        let db = Arc::new(mancala_solver::lean::solve_lean(&rules, 10, false).unwrap());
        let boards: [[u8; 12]; 3] = [
            [0, 2, 1, 0, 3, 0, 1, 0, 2, 0, 0, 1],
            [1, 1, 0, 0, 0, 4, 0, 2, 0, 1, 1, 0],
            [0, 0, 0, 2, 0, 1, 3, 0, 0, 2, 1, 1],
        ];
        for board in boards {
            let pos = rules.position(&board, [20, 18], Side::South, 2).unwrap();
            let value = db.value(&pos).unwrap();
            let best = db.best_moves(&pos).unwrap();
            for seed in 0..6 {
                let mut game = Game::from_position(rules.clone(), pos);
                let choice = PerfectPlayer::new(db.clone(), seed).choose(&game);
                assert!(
                    best.contains(&choice.mv),
                    "{board:?}: {:?} not in {best:?}",
                    choice.mv
                );
                assert_eq!(choice.value, Some(2 * (value + 2)));
                let mut players: [Box<dyn Player>; 2] = [
                    Box::new(PerfectPlayer::new(db.clone(), seed)),
                    Box::new(PerfectPlayer::new(db.clone(), seed + 100)),
                ];
                play(&mut game, &mut players);
                let [s, n] = game.outcome().unwrap().score.unwrap().map(|s| s.as_f64());
                assert_eq!(s - n, (value + 2) as f64, "{board:?}: {}", game.record());
            }
        }
    }

    #[test]
    fn choices_carry_exact_values_and_lines() {
        let db = tihbat_db();
        let game = Game::new(db.rules().clone());
        let choice = PerfectPlayer::new(db.clone(), 3).choose(&game);
        // -2 seeds for South, in half seeds.
        assert_eq!(choice.value, Some(-4));
        assert_eq!(choice.pv[0], choice.mv);
        assert!(choice.pv.len() > 4, "{:?}", choice.pv);
        let exact = exact_analysis(&db, &game, &proof_options(1000)).unwrap();
        assert_eq!(exact.plies, [8, 6]);
        let analysis = exact.analysis;
        assert!(analysis.solved);
        let moves: Vec<(&str, i32, &str)> = analysis
            .moves
            .iter()
            .map(|m| (m.label.as_str(), m.value, m.value_text.as_str()))
            .collect();
        // Both moves lose by 2; A holds out longer (8 plies to the next capture against 6).
        assert_eq!(moves, [("A", -4, "-2"), ("B", -4, "-2")]);
        assert_eq!(analysis.depth, 8);
        // Captures already made count, as in the search's values.
        let game = Game::replay(db.rules().clone(), "A b").unwrap();
        let pos = *game.position();
        let analysis = exact_analysis(&db, &game, &proof_options(1000))
            .unwrap()
            .analysis;
        let me = pos.to_move();
        let captured = pos.captured(me) as i32 - pos.captured(me.opponent()) as i32;
        assert_eq!(
            analysis.moves[0].value,
            2 * (db.value(&pos).unwrap() + captured)
        );
    }

    #[test]
    fn partial_databases_fall_back_above_them() {
        // Tihbat solved up to 10 seeds: alpha-beta above, the database below.
        let rules = Rules::builtin("tihbat").unwrap();
        let db = Arc::new(mancala_solver::solve_up_to(&rules, 10, false).unwrap());
        let game = Game::new(rules.clone());
        assert!(exact_analysis(&db, &game, &proof_options(1000)).is_none());
        let mut players: [Box<dyn Player>; 2] = [
            Box::new(PerfectPlayer::new(db.clone(), 1).with_time(2000)),
            Box::new(RandomPlayer::new(5)),
        ];
        let mut game = Game::new(rules);
        play(&mut game, &mut players);

        // Sadeqa II solved up to 6 seeds: proof searches above it.
        let rules = Rules::builtin("sadeqa-ii").unwrap();
        let db = Arc::new(mancala_solver::solve_up_to(&rules, 6, false).unwrap());
        for seed in 0..2 {
            let mut players: [Box<dyn Player>; 2] = [
                Box::new(PerfectPlayer::new(db.clone(), seed).with_proof_nodes(5_000)),
                Box::new(RandomPlayer::new(seed)),
            ];
            let mut game = Game::new(rules.clone());
            play(&mut game, &mut players);
            assert!(game.is_over());
        }
    }

    /// Above a partial win/loss/draw database, proofs give the values a
    /// larger database holds.
    #[test]
    fn proofs_above_a_database_agree_with_a_larger_one() {
        let rules = Rules::builtin("sadeqa-ii").unwrap();
        let small = mancala_solver::solve_up_to(&rules, 5, false).unwrap();
        let large = mancala_solver::solve_up_to(&rules, 8, false).unwrap();
        let mut checked = 0;
        for seed in 0..40 {
            // A random game down to 7 or 8 seeds on the board.
            let mut game = Game::new(rules.clone());
            let mut random = RandomPlayer::new(seed);
            while !game.is_over() && game.position().seeds_on_board() > 8 {
                let mv = random.choose(&game).mv;
                game.play(mv).unwrap();
            }
            if game.is_over() || game.position().seeds_on_board() < 7 {
                continue;
            }
            let want =
                exact_analysis(&large, &game, &proof_options(1)).expect("in the larger database");
            assert_eq!(want.analysis.nodes, 0);
            let Some(got) = exact_analysis(&small, &game, &proof_options(200_000)) else {
                continue;
            };
            assert!(got.analysis.nodes > 0);
            let values = |e: &ExactAnalysis| {
                let mut v: Vec<(String, i32)> = e
                    .analysis
                    .moves
                    .iter()
                    .map(|m| (m.label.clone(), m.value))
                    .collect();
                v.sort();
                v
            };
            assert_eq!(values(&got), values(&want), "{}", game.record());
            checked += 1;
        }
        assert!(checked >= 5, "only {checked} positions checked");
    }

    #[test]
    fn specs_find_databases_by_path() {
        let db = tihbat_db();
        let rules = db.rules().clone();
        let dir = std::env::temp_dir().join(format!("mancala-ai-perfect-{}", std::process::id()));
        let path = dir.join("tihbat.mdb");
        db.write(&path).unwrap();
        let spec = PlayerSpec::Perfect(PerfectSpec {
            db: Some(path.clone()),
            nodes: None,
        });
        let mut player = spec.try_build(&rules, 1, 100).unwrap().unwrap();
        assert_eq!(player.name(), format!("perfect:db={}", path.display()));
        let game = Game::new(rules.clone());
        assert_eq!(player.choose(&game).value, Some(-4));
        // Built without rules, it opens the database at its first move.
        let mut lazy = spec.build(1, 100).unwrap();
        assert_eq!(lazy.choose(&game).value, Some(-4));
        // Both share one opened database.
        let a = open_database(&rules, Some(&path)).unwrap();
        let b = open_database(&rules, Some(&path)).unwrap();
        assert!(Arc::ptr_eq(&a, &b));
        // Another game's rules are refused with both names.
        let modiar = Rules::builtin("modiar").unwrap();
        let err = spec.try_build(&modiar, 1, 100).err().unwrap().to_string();
        assert!(err.contains("Tihbat") && err.contains("Modiar"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
