//! Alpha-beta speed: nodes per second on every built-in game (a fixed-depth
//! search of the opening position with a fresh engine), and the time to
//! search Modiar's opening to depth 20.
//!
//! Run with `cargo bench -p mancala-ai --bench search`. Besides criterion's
//! report (throughput in nodes per second), a summary at the end prints, per
//! game, the nodes, time and nodes/s of one more search, and Modiar's depth
//! 20 time (best of five).

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use criterion::{BatchSize, Criterion, Throughput};
use mancala_ai::{Budget, Engine};
use mancala_core::{Game, Rules};

/// Transposition table size of the benchmarked engines: 2^18 entries (4 MiB),
/// so that making a fresh one costs little next to the search.
const TT_BITS: u32 = 18;

/// The depth searched per game: deep enough to take tens of milliseconds.
fn depth_for(id: &str) -> u32 {
    match id {
        "modiar" => 20,
        "tihbat" => 26,
        "sadeqa-ii" => 16,
        "oware" => 12,
        // Multi-row moves sow round and round the ring before they end.
        _ if Rules::builtin(id).is_ok_and(|r| r.rows() > 2) => 4,
        _ => 10,
    }
}

fn search(game: &Game, depth: u32) -> (u64, Duration) {
    let mut engine = Engine::new(TT_BITS);
    let r = engine
        .search(game, &Budget::depth(depth))
        .expect("the opening is live");
    (r.nodes, r.elapsed)
}

fn main() {
    let mut c = Criterion::default().sample_size(10).configure_from_args();
    let mut group = c.benchmark_group("alphabeta");
    let games: Vec<(String, Game)> = Rules::builtin_ids()
        .map(|id| (id.to_string(), Game::new(Rules::builtin(id).unwrap())))
        .collect();
    for (id, game) in &games {
        let depth = depth_for(id);
        let (nodes, _) = search(game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{id}/depth{depth}"), |b| {
            b.iter_batched(
                || Engine::new(TT_BITS),
                |mut engine| black_box(engine.search(game, &Budget::depth(depth))),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
    c.final_summary();

    println!("\nalpha-beta from the opening position (fresh engine, 2^{TT_BITS}-entry table):");
    for (id, game) in &games {
        let depth = depth_for(id);
        let (nodes, elapsed) = search(game, depth);
        println!(
            "  {id:<10} depth {depth:>2}: {nodes:>10} nodes in {:>8.1} ms = {:>5.2} M nodes/s",
            elapsed.as_secs_f64() * 1e3,
            nodes as f64 / elapsed.as_secs_f64() / 1e6
        );
    }
    let modiar = &games
        .iter()
        .find(|(id, _)| id == "modiar")
        .expect("modiar is built in")
        .1;
    let best = (0..5)
        .map(|_| {
            let start = Instant::now();
            let (nodes, _) = search(modiar, 20);
            (start.elapsed(), nodes)
        })
        .min()
        .unwrap();
    println!(
        "  Modiar opening to depth 20: {:.1} ms ({} nodes; best of 5, table allocation included)",
        best.0.as_secs_f64() * 1e3,
        best.1
    );

    // A stop flag (Ctrl-C in Python) is read with the clock: a search
    // given one, never set, should be as fast as one without.
    let oware = &games
        .iter()
        .find(|(id, _)| id == "oware")
        .expect("oware is built in")
        .1;
    let flag = Arc::new(AtomicBool::new(false));
    let timed = |stop: Option<&Arc<AtomicBool>>| {
        let mut engine = Engine::new(TT_BITS);
        engine.set_stop(stop.cloned());
        let r = engine.search(oware, &Budget::depth(12)).unwrap();
        (r.elapsed, r.nodes)
    };
    let (mut plain, mut flagged) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        plain.push(timed(None));
        flagged.push(timed(Some(&flag)));
    }
    let (plain, flagged) = (plain.iter().min().unwrap(), flagged.iter().min().unwrap());
    println!(
        "  Oware opening to depth 12: {:.1} ms without a stop flag, {:.1} ms with one \
         ({} and {} nodes; best of 5, interleaved)",
        plain.0.as_secs_f64() * 1e3,
        flagged.0.as_secs_f64() * 1e3,
        plain.1,
        flagged.1
    );
}
