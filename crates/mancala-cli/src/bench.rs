//! `mancala bench`: how fast the engine plays uniformly random games.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

use mancala_ai::clock::DeadlineCheck;
use mancala_core::{Game, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// What a benchmark run measured.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// Wall-clock time spent playing.
    pub elapsed: Duration,
    /// Moves played, in finished and unfinished games.
    pub moves: u64,
    /// Games played to their end.
    pub games: u64,
    /// Moves played in the finished games.
    pub finished_plies: u64,
}

impl BenchResult {
    /// Moves played per second.
    pub fn moves_per_sec(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64()
    }

    /// Games finished per second.
    pub fn games_per_sec(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64()
    }

    /// Mean length of a finished game in plies; `None` if no game finished.
    pub fn mean_plies(&self) -> Option<f64> {
        (self.games > 0).then(|| self.finished_plies as f64 / self.games as f64)
    }
}

/// [`run`] with a bar of the time played on stderr when stderr is a
/// terminal. The bar is drawn by a thread of its own, so the measured loop
/// does not change.
pub fn run_with_progress(rules: Rules, duration: Duration, seed: u64) -> BenchResult {
    if !std::io::stderr().is_terminal() {
        return run(rules, duration, seed);
    }
    let tenths = (duration.as_secs_f64() * 10.0).ceil() as u64;
    let bar = ProgressBar::new(tenths);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {elapsed} of {msg}").expect("the template is valid"),
    );
    bar.set_message(format!("{:.1} s", duration.as_secs_f64()));
    let done = AtomicBool::new(false);
    let start = Instant::now();
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(Ordering::Relaxed) {
                bar.set_position((start.elapsed().as_secs_f64() * 10.0) as u64);
                std::thread::sleep(Duration::from_millis(100));
            }
        });
        let result = run(rules, duration, seed);
        done.store(true, Ordering::Relaxed);
        result
    });
    bar.finish_and_clear();
    result
}

/// Plays random games of `rules` on this thread for `duration`, reusing one
/// [`Game`], with random choices fixed by `seed`.
pub fn run(rules: Rules, duration: Duration, seed: u64) -> BenchResult {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut game = Game::new(rules);
    let mut moves = 0u64;
    let mut games = 0u64;
    let mut finished_plies = 0u64;
    let mut plies = 0u64;
    let start = Instant::now();
    // Looked at about every 0.2 ms, however long a move takes.
    let mut clock = DeadlineCheck::new(Some(start + duration));
    // A speed measure must keep its time budget: proving that a relay of
    // many seeds never ends can take seconds, so, as in a search, a relay
    // still going after `SEARCH_RELAY_LAPS` laps is taken for endless.
    let _laps = mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS);
    loop {
        if game.is_over() {
            games += 1;
            finished_plies += plies;
            plies = 0;
            game.restart();
            if game.is_over() {
                // A game over before it starts (a rule file can make one):
                // count it, but look at the clock all the same.
                if clock.passed() {
                    break;
                }
                continue;
            }
        }
        let choices = game.legal_len();
        game.play_index(rng.random_range(0..choices));
        plies += 1;
        moves += 1;
        if clock.passed() {
            break;
        }
    }
    BenchResult {
        elapsed: start.elapsed(),
        moves,
        games,
        finished_plies,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_run_counts_games() {
        let r = run(
            Rules::builtin("modiar").unwrap(),
            Duration::from_millis(50),
            1,
        );
        assert!(r.moves > 0 && r.games > 0);
        assert!(r.mean_plies().unwrap() >= 1.0);
    }
}
