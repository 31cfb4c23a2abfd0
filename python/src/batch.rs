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
    /// Returns the legal actions, one bit each.
    fn fill(&mut self, layout: &Layout, game: &Game, unmapped: &AtomicUsize) -> u128 {
        let mover = game.position().to_move();
        layout.observe(game.position(), mover, self.observation);
        let (bits, missing) = layout.legal_bits(game);
        if missing > 0 {
            unmapped.fetch_add(missing, Ordering::Relaxed);
        }
        write_mask(self.mask, bits);
        *self.player = State::player_of(game) as i32;
        bits
    }
}

/// Writes the bits of `legal` into `mask`, one int8 an action: in 64-bit
/// halves, as shifts of a `u128` by a variable amount cost branches.
#[inline]
fn write_mask(mask: &mut [i8], legal: u128) {
    let (low, high) = mask.split_at_mut(mask.len().min(64));
    let bits = legal as u64;
    for (a, cell) in low.iter_mut().enumerate() {
        *cell = (bits >> a & 1) as i8;
    }
    let bits = (legal >> 64) as u64;
    for (a, cell) in high.iter_mut().enumerate() {
        *cell = (bits >> a & 1) as i8;
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
    lanes: Vec<Lane>,
    auto_reset: bool,
}

/// What a batch keeps beside each game: its random generator and its legal
/// actions (one bit each), written with its mask and read to sample and to
/// check actions without listing the moves again.
struct Lane {
    rng: SmallRng,
    legal: u128,
}

impl Lane {
    /// A uniformly random legal action, or [`NO_ACTION`] when none is.
    fn random_action(&mut self) -> i32 {
        let count = self.legal.count_ones();
        if count == 0 {
            return NO_ACTION;
        }
        let skip = self.rng.random_range(0..count);
        // Most games have at most 64 actions: 64-bit steps then.
        if self.legal >> 64 == 0 {
            let mut bits = self.legal as u64;
            for _ in 0..skip {
                bits &= bits - 1;
            }
            return bits.trailing_zeros() as i32;
        }
        let mut bits = self.legal;
        for _ in 0..skip {
            bits &= bits - 1;
        }
        bits.trailing_zeros() as i32
    }

    fn allows(&self, action: i32) -> bool {
        (0..128).contains(&action) && self.legal >> action & 1 == 1
    }
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
        let (legal, _) = rules.handle.layout.legal_bits(&first);
        Ok(Batch {
            handle: rules.handle.clone(),
            games: vec![first; size],
            lanes: (0..size as u64)
                .map(|i| Lane {
                    rng: SmallRng::seed_from_u64(seed ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)),
                    legal,
                })
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
        let mut obs = rows_of!(
            observations,
            "observations",
            size,
            layout.observation_size()
        );
        let mut mask = rows_of!(masks, "masks", size, layout.num_actions());
        let mut player = rows_of!(current_player, "current_player", size, 1);
        let obs = slice_of(&mut obs, "observations")?;
        let mask = slice_of(&mut mask, "masks")?;
        let player = slice_of(&mut player, "current_player")?;
        let unmapped = AtomicUsize::new(0);
        let (games, lanes) = (&mut self.games, &mut self.lanes);
        py.detach(|| {
            games
                .par_iter_mut()
                .zip(lanes.par_iter_mut())
                .zip(obs.par_chunks_mut(layout.observation_size()))
                .zip(mask.par_chunks_mut(layout.num_actions()))
                .zip(player.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(|((((game, lane), observation), mask), player)| {
                    game.restart();
                    lane.legal = Row {
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
        let mut actions = actions
            .as_slice()
            .map_err(|e| MancalaError::new_err(format!("actions: {e}")))?
            .to_vec();
        check_len("actions", actions.len(), self.games.len())?;
        // Every action is checked before any is played, so that a refused
        // step leaves every game as it was.
        let refused = self
            .games
            .iter()
            .zip(&self.lanes)
            .zip(&actions)
            .position(|((game, lane), &action)| !game.is_over() && !lane.allows(action));
        if let Some(i) = refused {
            let state = State::from_game(self.handle.clone(), self.games[i].clone());
            let legal = state.actions()?;
            return Err(IllegalMoveError::new_err(format!(
                "game {i}: action {} is not legal; legal actions: {legal:?}",
                actions[i]
            )));
        }
        let outputs = (
            observations,
            masks,
            rewards,
            terminated,
            truncated,
            current_player,
        );
        self.advance(py, &mut actions, false, outputs)
    }

    /// Random playouts: plays a uniformly random legal action in every
    /// game, writes it into `actions` (-1 for a finished game), and fills
    /// the arrays as `step` does, in one pass over the games.
    #[allow(clippy::too_many_arguments)]
    fn step_random(
        &mut self,
        py: Python<'_>,
        actions: &Bound<'_, PyArray1<i32>>,
        observations: &Bound<'_, PyArray2<f32>>,
        masks: &Bound<'_, PyArray2<i8>>,
        rewards: &Bound<'_, PyArray2<f32>>,
        terminated: &Bound<'_, PyArray1<bool>>,
        truncated: &Bound<'_, PyArray1<bool>>,
        current_player: &Bound<'_, PyArray1<i32>>,
    ) -> PyResult<()> {
        let size = self.games.len();
        let mut rw = rows_of!(actions, "actions", size, 1);
        let actions = slice_of(&mut rw, "actions")?;
        let outputs = (
            observations,
            masks,
            rewards,
            terminated,
            truncated,
            current_player,
        );
        self.advance(py, actions, true, outputs)
    }

    /// Writes a uniformly random legal action of every game into `out`
    /// (int32, one per game; -1 for a finished game).
    fn sample_actions(&mut self, py: Python<'_>, out: &Bound<'_, PyArray1<i32>>) -> PyResult<()> {
        let size = self.games.len();
        let mut rw = rows_of!(out, "out", size, 1);
        let out = slice_of(&mut rw, "out")?;
        let lanes = &mut self.lanes;
        py.detach(|| {
            lanes
                .par_iter_mut()
                .zip(out.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(|(lane, out)| *out = lane.random_action());
        });
        Ok(())
    }
}

/// The arrays `step` fills: observations, masks, rewards, terminated,
/// truncated, current player.
type Outputs<'a, 'py> = (
    &'a Bound<'py, PyArray2<f32>>,
    &'a Bound<'py, PyArray2<i8>>,
    &'a Bound<'py, PyArray2<f32>>,
    &'a Bound<'py, PyArray1<bool>>,
    &'a Bound<'py, PyArray1<bool>>,
    &'a Bound<'py, PyArray1<i32>>,
);

impl Batch {
    /// Plays `actions` (legal, checked by the caller), or with `sample` a
    /// random legal action written into `actions`, in every game that is
    /// not over, and fills `outputs`.
    fn advance(
        &mut self,
        py: Python<'_>,
        actions: &mut [i32],
        sample: bool,
        outputs: Outputs<'_, '_>,
    ) -> PyResult<()> {
        let (observations, masks, rewards, terminated, truncated, current_player) = outputs;
        let layout = self.handle.layout;
        let size = self.games.len();
        let mut obs = rows_of!(
            observations,
            "observations",
            size,
            layout.observation_size()
        );
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
        let unmapped = AtomicUsize::new(0);
        let (games, lanes) = (&mut self.games, &mut self.lanes);
        py.detach(|| {
            games
                .par_iter_mut()
                .zip(lanes.par_iter_mut())
                .zip(actions.par_iter_mut())
                .zip(obs.par_chunks_mut(layout.observation_size()))
                .zip(mask.par_chunks_mut(layout.num_actions()))
                .zip(reward.par_chunks_mut(2))
                .zip(term.par_iter_mut())
                .zip(trunc.par_iter_mut())
                .zip(player.par_iter_mut())
                .with_min_len(MIN_GAMES_A_TASK)
                .for_each(
                    |(
                        (((((((game, lane), action), observation), mask), reward), term), trunc),
                        player,
                    )| {
                        reward.fill(0.0);
                        *term = false;
                        *trunc = false;
                        if sample {
                            *action = lane.random_action();
                        }
                        if game.is_over() {
                            *term = true;
                        } else if let Some(mv) =
                            layout.move_of(game.position().to_move(), *action as usize)
                        {
                            game.play(mv).expect("a legal move");
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
                        lane.legal = Row {
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
