//! `Batch`: many games of one rule set stepped at once, on every core and
//! without the interpreter lock, into numpy arrays the caller allocated
//! once. Each game is a core `Game`, exactly as `State` plays it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use mancala_core::{EndReason, Game};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use crate::actions::Layout;
use crate::game::{Handle, Rules, State, check_len};
use crate::{IllegalMoveError, MancalaError};

/// The most games a batch holds (a game with its listed moves takes a few
/// kilobytes).
const MAX_BATCH: usize = 1 << 18;

/// Games a rayon task steps at least: stepping one game is far cheaper
/// than handing it to another thread.
const MIN_GAMES_A_TASK: usize = 64;

/// No action: a finished game's entry in `sample_actions` without
/// auto-reset.
const NO_ACTION: i32 = -1;

/// One game's rows of the output arrays.
struct Row<'a> {
    observation: &'a mut [f32],
    mask: &'a mut [i8],
    player: &'a mut i32,
}

impl Row<'_> {
    /// Writes the game's observation (for the player to move), mask and
    /// current player; counts moves the numbering has no action for.
    fn fill(&mut self, layout: &Layout, game: &Game, unmapped: &AtomicUsize) {
        let mover = game.position().to_move();
        layout.observe(game.position(), mover, self.observation);
        self.mask.fill(0);
        for mv in game.legal_moves().iter() {
            match layout.action_of(mover, mv) {
                Some(a) => self.mask[a] = 1,
                None => {
                    unmapped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
        *self.player = State::player_of(game) as i32;
    }
}

/// Many games of one rule set, stepped together.
///
/// `step(actions, observations, masks, rewards, terminated, truncated,
/// current_player)` plays one action in every game (each numbered for its
/// game's player to move) and fills the arrays: `observations`
/// (size × observation_size, float32, seen by the player to move), `masks`
/// (size × num_actions, int8), `rewards` (size × 2, float32: the game's
/// returns, South then North, on the step it ends, else 0), `terminated` and
/// `truncated` (bool: the game ended by its rules / at the ply limit) and
/// `current_player` (int32, 0 South, 1 North, -4 over). With `auto_reset`
/// a game that ends starts again at once: its row then shows the new
/// game's start, and its `rewards`, `terminated` and `truncated` the game
/// that ended. Without it a finished game stays over and ignores its action.
#[pyclass(module = "mancala", name = "Batch")]
pub struct Batch {
    handle: Arc<Handle>,
    games: Vec<Game>,
    rngs: Vec<SmallRng>,
    auto_reset: bool,
}

/// A contiguous view of a numpy array of `rows` × `cols` items, or an error
/// naming the array.
macro_rules! rows_of {
    ($array:expr, $name:literal, $rows:expr, $cols:expr) => {{
        let shape = $array.shape().to_vec();
        if shape.first() != Some(&$rows) || shape.iter().skip(1).product::<usize>() != $cols {
            return Err(MancalaError::new_err(format!(
                "{} has shape {:?}; this batch needs ({}, {})",
                $name, shape, $rows, $cols
            )));
        }
        $array.try_readwrite()?
    }};
}

fn slice_of<'a, T: numpy::Element, D: numpy::ndarray::Dimension>(
    rw: &'a mut numpy::PyReadwriteArray<'_, T, D>,
    name: &str,
) -> PyResult<&'a mut [T]> {
    rw.as_slice_mut()
        .map_err(|e| MancalaError::new_err(format!("{name}: {e}")))
}

#[pymethods]
impl Batch {
    /// `size` games of `rules` at their start; `seed` seeds
    /// `sample_actions`.
    #[new]
    #[pyo3(signature = (rules, size, seed = 0, auto_reset = true))]
    fn new(rules: &Rules, size: usize, seed: u64, auto_reset: bool) -> PyResult<Batch> {
        if size == 0 || size > MAX_BATCH {
            return Err(MancalaError::new_err(format!(
                "a batch holds 1 to {MAX_BATCH} games, not {size}"
            )));
        }
        let first = Game::new(rules.handle.rules.clone());
        Ok(Batch {
            handle: rules.handle.clone(),
            games: vec![first; size],
            rngs: (0..size as u64)
                .map(|i| SmallRng::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)))
                .collect(),
            auto_reset,
        })
    }

    /// Games in the batch.
    #[getter]
    fn size(&self) -> usize {
        self.games.len()
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> Rules {
        Rules {
            handle: self.handle.clone(),
        }
    }

    /// Actions of the game.
    #[getter]
    fn num_actions(&self) -> usize {
        self.handle.layout.num_actions()
    }

    /// Length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.handle.layout.observation_size()
    }

    /// A copy of game `index` as a `State`.
    fn state(&self, index: usize) -> PyResult<State> {
        let game = self.games.get(index).ok_or_else(|| {
            MancalaError::new_err(format!(
                "game {index}: the batch has {} games",
                self.games.len()
            ))
        })?;
        Ok(State::from_game(self.handle.clone(), game.clone()))
    }

    /// Starts every game again and fills `observations`, `masks` and
    /// `current_player`.
    fn reset(
        &mut self,
        py: Python<'_>,
        observations: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
        current_player: &Bound<'_, PyArray1<i32>>,
    ) -> PyResult<()> {
        let layout = self.handle.layout;
        let size = self.games.len();
        let mut obs = rows_of!(observations, "observations", size, layout.observation_size());
        let mut mask = rows_of!(masks, "masks", size, layout.num_actions());
        let mut player = rows_of!(current_player, "current_player", size, 1);
        let obs = slice_of(&mut obs, "observations")?;
        let mask = slice_of(&mut mask, "masks")?;
        let player = slice_of(&mut player, "current_player")?;
        let unmapped = AtomicUsize::new(0);
        let games = &mut self.games;
        py.detach(|| {
            games
                .par_iter_mut()
                .zip(obs.par_chunks_mut(layout.observation_size()))
                .zip(mask.par_chunks_mut(layout.num_actions()))
                .zip(player.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(|(((game, observation), mask), player)| {
                    game.restart();
                    Row {
                        observation,
                        mask,
                        player,
                    }
                    .fill(&layout, game, &unmapped);
                });
        });
        self.check_unmapped(&unmapped)
    }

    /// Plays `actions[i]` in game `i` and fills the arrays (see the class).
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyReadonlyArray1<'_, i32>,
        observations: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
        rewards: &Bound<'_, PyArray2<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        truncated: &Bound<'_, PyArray1<bool>>,
        current_player: &Bound<'_, PyArray1<i32>>,
    ) -> PyResult<()> {
        let layout = self.handle.layout;
        let size = self.games.len();
        let actions = actions
            .as_slice()
            .map_err(|e| MancalaError::new_err(format!("actions: {e}")))?;
        check_len("actions", actions.len(), size)?;
        let mut obs = rows_of!(observations, "observations", size, layout.observation_size());
        let mut mask = rows_of!(masks, "masks", size, layout.num_actions());
        let mut reward = rows_of!(rewards, "rewards", size, 2);
        let mut term = rows_of!(terminated, "terminated", size, 1);
        let mut trunc = rows_of!(truncated, "truncated", size, 1);
        let mut player = rows_of!(current_player, "current_player", size, 1);
        let obs = slice_of(&mut obs, "observations")?;
        let mask = slice_of(&mut mask, "masks")?;
        let reward = slice_of(&mut reward, "rewards")?;
        let term = slice_of(&mut term, "terminated")?;
        let trunc = slice_of(&mut trunc, "truncated")?;
        let player = slice_of(&mut player, "current_player")?;
        let auto_reset = self.auto_reset;
        let games = &mut self.games;
        // Every action is checked before any is played, so that a refused
        // step leaves every game as it was.
        let refused = py.detach(|| {
            games
                .par_iter()
                .zip(actions.par_iter())
                .enumerate()
                .with_min_len(MIN_GAMES_A_TASK)
                .find_map_first(|(i, (game, &action))| {
                    if game.is_over() {
                        return None;
                    }
                    let mover = game.position().to_move();
                    let legal = usize::try_from(action)
                        .ok()
                        .and_then(|a| layout.move_of(mover, a))
                        .is_some_and(|mv| game.legal_moves().contains(mv));
                    (!legal).then_some((i, action))
                })
        });
        if let Some((i, action)) = refused {
            let state = State::from_game(self.handle.clone(), self.games[i].clone());
            let legal = state.actions()?;
            return Err(IllegalMoveError::new_err(format!(
                "game {i}: action {action} is not legal; legal actions: {legal:?}"
            )));
        }
        let unmapped = AtomicUsize::new(0);
        let games = &mut self.games;
        py.detach(|| {
            games
                .par_iter_mut()
                .zip(actions.par_iter())
                .zip(obs.par_chunks_mut(layout.observation_size()))
                .zip(mask.par_chunks_mut(layout.num_actions()))
                .zip(reward.par_chunks_mut(2))
                .zip(term.par_iter_mut())
                .zip(trunc.par_iter_mut())
                .zip(player.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(
                    |(((((((game, &action), observation), mask), reward), term), trunc), player)| {
                        reward.fill(0.0);
                        *term = false;
                        *trunc = false;
                        if game.is_over() {
                            *term = true;
                        } else {
                            let mover = game.position().to_move();
                            let mv = layout
                                .move_of(mover, action as usize)
                                .expect("checked above");
                            game.play(mv).expect("checked above");
                            if let Some(outcome) = game.outcome() {
                                reward.copy_from_slice(&State::returns_of(game));
                                if outcome.reason == EndReason::PlyLimit {
                                    *trunc = true;
                                } else {
                                    *term = true;
                                }
                                if auto_reset {
                                    game.restart();
                                }
                            }
                        }
                        Row {
                            observation,
                            mask,
                            player,
                        }
                        .fill(&layout, game, &unmapped);
                    },
                );
        });
        self.check_unmapped(&unmapped)
    }

    /// Writes a uniformly random legal action of every game into `out`
    /// (int32, one per game; -1 for a finished game).
    fn sample_actions(&mut self, py: Python<'_>, out: &Bound<'_, PyArray1<i32>>) -> PyResult<()> {
        let layout = self.handle.layout;
        let size = self.games.len();
        let mut rw = rows_of!(out, "out", size, 1);
        let out = slice_of(&mut rw, "out")?;
        let unmapped = AtomicUsize::new(0);
        let (games, rngs) = (&self.games, &mut self.rngs);
        py.detach(|| {
            games
                .par_iter()
                .zip(rngs.par_iter_mut())
                .zip(out.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(|((game, rng), out)| {
                    let moves = game.legal_moves();
                    *out = NO_ACTION;
                    if moves.is_empty() {
                        return;
                    }
                    let mv = moves
                        .nth(rng.random_range(0..moves.len()))
                        .expect("an index below len");
                    match layout.action_of(game.position().to_move(), mv) {
                        Some(a) => *out = a as i32,
                        None => {
                            unmapped.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
        });
        self.check_unmapped(&unmapped)
    }
}

impl Batch {
    fn check_unmapped(&self, unmapped: &AtomicUsize) -> PyResult<()> {
        match unmapped.load(Ordering::Relaxed) {
            0 => Ok(()),
            n => Err(MancalaError::new_err(format!(
                "{n} legal moves of {} have no action in the game's numbering",
                self.handle.rules.id()
            ))),
        }
    }
}
