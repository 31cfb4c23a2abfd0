//! Random-game throughput of the generic engine for every built-in game, and
//! of hand-specialized Modiar, Kalah and Bao la Kujifunza (`yardstick/`) as
//! the yardsticks.
//!
//! Every iteration plays the same `GAMES` games: the random generator is
//! seeded afresh each time, and the engine and the hand-written Modiar make
//! the same random choices, so they play the very same Modiar games
//! (`tests/integration/yardstick.rs` checks that move for move).
//!
//! Run with `cargo bench -p mancala-core --bench random_games`. Besides
//! criterion's own report, a summary at the end gives games/s and moves/s
//! per game and the engine/hand ratios for Modiar and Kalah, from
//! criterion's samples (wall-clock) and from an interleaved run: engine and
//! hand rounds alternated, each timed on the thread's own CPU clock
//! (`CLOCK_THREAD_CPUTIME_ID`, on Unix; elsewhere wall-clock), so that the
//! time other jobs on a busy machine take the core from it is not counted.
//! A busy machine still slows both sides (shared caches, a sibling
//! hyperthread), so the ratio of each pair is what is kept.
//!
//! For instruction counts (`valgrind --tool=cachegrind`), which a loaded
//! machine does not disturb, `RANDOM_GAMES_ROUNDS=engine/modiar:R` (or
//! `hand/kalah:R`, ...) makes the binary play just `R` rounds of that
//! benchmark and exit: the counts of 2 rounds less those of 1 are one
//! round's, `GAMES` games.

#[path = "yardstick/bao.rs"]
mod bao;
#[path = "yardstick/kalah.rs"]
mod kalah;
#[path = "yardstick/modiar.rs"]
mod modiar;

use std::hint::black_box;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bao::Bao;
use criterion::{Criterion, Throughput};
use kalah::Kalah;
use mancala_core::{Game, Rules};
use modiar::Modiar;
use rand::rngs::SmallRng;
use rand::{RngCore, SeedableRng};

/// Games played per iteration.
const GAMES: u32 = 1_000;
/// Engine and hand rounds alternated for the interleaved ratio: a round is
/// a few milliseconds, so many pairs cost little and steady the median.
const PAIRS: usize = 101;
/// The seed of every iteration's random generator.
const SEED: u64 = 0x6d61_6e63_616c;

/// A random move index below `n` (multiply and shift: the bias, below
/// `n` in 2^32, is the same for both players of a pair). The same few
/// instructions in both loops: `random_range` is inlined into one loop or
/// called from it as the compiler sees fit, a difference of neither engine.
#[inline(always)]
fn random_index(rng: &mut SmallRng, n: usize) -> usize {
    ((u64::from(rng.next_u32()) * n as u64) >> 32) as usize
}

/// Plays `GAMES` random games with the engine; returns the moves played.
fn engine_round(game: &mut Game) -> u64 {
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut plies = 0u64;
    for _ in 0..GAMES {
        game.restart();
        while !game.is_over() {
            let n = game.legal_len();
            game.play_index(random_index(&mut rng, n));
            plies += 1;
        }
    }
    plies
}

/// A hand-specialized game: the yardstick's side of the comparison.
trait Hand {
    fn restart(&mut self);
    fn is_over(&self) -> bool;
    fn legal_len(&self) -> usize;
    fn play_index(&mut self, index: usize);
}

macro_rules! hand {
    ($t:ty) => {
        impl Hand for $t {
            fn restart(&mut self) {
                <$t>::restart(self)
            }
            #[inline]
            fn is_over(&self) -> bool {
                <$t>::is_over(self)
            }
            #[inline]
            fn legal_len(&self) -> usize {
                <$t>::legal_len(self)
            }
            #[inline]
            fn play_index(&mut self, index: usize) {
                <$t>::play_index(self, index)
            }
        }
    };
}
hand!(Modiar);
hand!(Kalah);
hand!(Bao);

/// The same games with a hand-specialized game.
fn hand_round(game: &mut impl Hand) -> u64 {
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut plies = 0u64;
    for _ in 0..GAMES {
        game.restart();
        while !game.is_over() {
            let n = game.legal_len();
            game.play_index(random_index(&mut rng, n));
            plies += 1;
        }
    }
    plies
}

/// Per benchmark: its name, the moves one iteration plays, and criterion's
/// samples as (iterations, elapsed).
type Samples = Vec<(String, u64, Vec<(u64, Duration)>)>;
static SAMPLES: Mutex<Samples> = Mutex::new(Vec::new());

fn record(name: &str, iters: u64, elapsed: Duration) {
    let mut all = SAMPLES.lock().unwrap();
    if let Some(entry) = all.iter_mut().find(|(n, _, _)| n == name) {
        entry.2.push((iters, elapsed));
    }
}

fn register(name: &str, plies: u64) {
    SAMPLES
        .lock()
        .unwrap()
        .push((name.to_string(), plies, Vec::new()));
}

fn bench_one(c: &mut Criterion, name: &str, plies: u64, mut round: impl FnMut() -> u64) {
    register(name, plies);
    let mut group = c.benchmark_group("random_games");
    group.throughput(Throughput::Elements(plies));
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            for _ in 0..iters {
                black_box(round());
            }
            let elapsed = start.elapsed();
            record(name, iters, elapsed);
            elapsed
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    // `cargo test` runs this once as a smoke test: the multi-row games
    // without a yardstick are left to `cargo bench` there, since a thousand
    // random games of Igisoro or Omweso (whose moves relay round the ring
    // hundreds of times) take many minutes.
    let smoke_test = !std::env::args().any(|a| a == "--bench");
    for id in Rules::builtin_ids() {
        let rules = Rules::builtin(id).unwrap();
        let yardstick = matches!(id, "modiar" | "kalah" | "bao-la-kujifunza");
        if smoke_test && rules.rows() > 2 && !yardstick {
            continue;
        }
        let mut game = Game::new(rules);
        let plies = engine_round(&mut game);
        bench_one(c, &format!("engine/{id}"), plies, || {
            engine_round(&mut game)
        });
        let mut hand: Box<dyn FnMut() -> u64> = match id {
            "modiar" => {
                let mut hand = Modiar::new();
                Box::new(move || hand_round(&mut hand))
            }
            "kalah" => {
                let mut hand = Kalah::new();
                Box::new(move || hand_round(&mut hand))
            }
            "bao-la-kujifunza" => {
                let mut hand = Bao::new();
                Box::new(move || hand_round(&mut hand))
            }
            _ => continue,
        };
        assert_eq!(
            hand(),
            plies,
            "the engine and the {id} yardstick must play the same games"
        );
        bench_one(c, &format!("hand/{id}"), plies, hand);
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// Seconds per iteration: the median over criterion's samples.
fn seconds_per_round(samples: &[(u64, Duration)]) -> f64 {
    median(
        samples
            .iter()
            .map(|(iters, d)| d.as_secs_f64() / *iters as f64)
            .collect(),
    )
}

/// Seconds this thread has run on a CPU (see the module comment).
#[cfg(unix)]
fn thread_seconds() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid `timespec` for the call to fill.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    now.tv_sec as f64 + now.tv_nsec as f64 * 1e-9
}

/// Wall-clock seconds since the first call, where there is no thread CPU clock.
#[cfg(not(unix))]
fn thread_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

/// Alternates engine and hand rounds of a game, timed by `thread_seconds`;
/// the median ratio of each pair.
fn interleaved_ratio(id: &str, hand: &mut impl Hand, pairs: usize) -> f64 {
    let mut game = Game::new(Rules::builtin(id).unwrap());
    let mut ratios = Vec::with_capacity(pairs);
    for _ in 0..pairs {
        let t = thread_seconds();
        black_box(engine_round(&mut game));
        let engine = thread_seconds() - t;
        let t = thread_seconds();
        black_box(hand_round(hand));
        let hand_time = thread_seconds() - t;
        ratios.push(engine / hand_time);
    }
    median(ratios)
}

fn summary() {
    let all = SAMPLES.lock().unwrap();
    if all.iter().all(|(_, _, s)| s.len() < 2) {
        return; // `--test` mode or filtered out: nothing measured.
    }
    println!("\nSummary ({GAMES} random games an iteration, median of criterion's samples):");
    println!(
        "{:<18} {:>12} {:>14} {:>12}",
        "benchmark", "games/s", "moves/s", "moves/game"
    );
    let mut per_round = std::collections::HashMap::new();
    for (name, plies, samples) in all.iter().filter(|(_, _, s)| !s.is_empty()) {
        let secs = seconds_per_round(samples);
        per_round.insert(name.as_str(), secs);
        println!(
            "{:<18} {:>12.0} {:>14.0} {:>12.1}",
            name,
            GAMES as f64 / secs,
            *plies as f64 / secs,
            *plies as f64 / GAMES as f64
        );
    }
    if let (Some(engine), Some(hand)) =
        (per_round.get("engine/modiar"), per_round.get("hand/modiar"))
    {
        println!(
            "Modiar engine time / hand time: {:.3} (criterion samples)",
            engine / hand
        );
        let ratio = interleaved_ratio("modiar", &mut Modiar::new(), PAIRS);
        println!(
            "Modiar engine time / hand time: {ratio:.3} (interleaved, thread CPU time, median of {PAIRS} pairs)"
        );
    }
    if let (Some(engine), Some(hand)) = (per_round.get("engine/kalah"), per_round.get("hand/kalah"))
    {
        println!(
            "Kalah engine time / hand time: {:.3} (criterion samples)",
            engine / hand
        );
        let ratio = interleaved_ratio("kalah", &mut Kalah::new(), PAIRS);
        println!(
            "Kalah engine time / hand time: {ratio:.3} (interleaved, thread CPU time, median of {PAIRS} pairs)"
        );
    }
    if let (Some(engine), Some(hand)) = (
        per_round.get("engine/bao-la-kujifunza"),
        per_round.get("hand/bao-la-kujifunza"),
    ) {
        println!(
            "Bao la Kujifunza engine time / hand time: {:.3} (criterion samples)",
            engine / hand
        );
        let ratio = interleaved_ratio("bao-la-kujifunza", &mut Bao::new(), PAIRS);
        println!(
            "Bao la Kujifunza engine time / hand time: {ratio:.3} (interleaved, thread CPU time, median of {PAIRS} pairs)"
        );
    }
}

/// The rounds mode (see the module comment): `spec` is `SIDE/GAME:ROUNDS`.
fn play_rounds(spec: &str) {
    fn bad(spec: &str) -> ! {
        panic!(
            "RANDOM_GAMES_ROUNDS={spec:?}: expected engine/GAME:ROUNDS or hand/modiar:ROUNDS, hand/kalah:ROUNDS or hand/bao-la-kujifunza:ROUNDS"
        )
    }
    let Some((name, rounds)) = spec.split_once(':') else {
        bad(spec)
    };
    let Ok(rounds) = rounds.parse::<u32>() else {
        bad(spec)
    };
    let mut round: Box<dyn FnMut() -> u64> = match name.split_once('/') {
        Some(("engine", id)) => {
            let mut game = Game::new(Rules::builtin(id).unwrap_or_else(|e| panic!("{e}")));
            Box::new(move || engine_round(&mut game))
        }
        Some(("hand", "modiar")) => {
            let mut hand = Modiar::new();
            Box::new(move || hand_round(&mut hand))
        }
        Some(("hand", "kalah")) => {
            let mut hand = Kalah::new();
            Box::new(move || hand_round(&mut hand))
        }
        Some(("hand", "bao-la-kujifunza")) => {
            let mut hand = Bao::new();
            Box::new(move || hand_round(&mut hand))
        }
        _ => bad(spec),
    };
    let plies: u64 = (0..rounds).map(|_| black_box(round())).sum();
    println!("{name}: {rounds} rounds of {GAMES} games, {plies} moves");
}

fn main() {
    if let Ok(spec) = std::env::var("RANDOM_GAMES_ROUNDS") {
        play_rounds(&spec);
        return;
    }
    let mut c = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(6))
        .configure_from_args();
    benches(&mut c);
    c.final_summary();
    summary();
}
