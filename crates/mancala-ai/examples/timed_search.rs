//! How deep a timed search gets, on one thread and on more:
//! `cargo run --release -p mancala-ai --example timed_search -- GAME MS COUNT
//! THREADS...` (default `oware 1000 20 1 2`). Plays seeded games (four
//! random plies, then each player takes the largest capture, so that the
//! positions do not depend on the search measured), takes positions at
//! plies 10 to 50, and searches each for MS milliseconds with a fresh
//! engine on each thread count. Prints the median and mean depth of the
//! last finished iteration and the nodes per second (all threads' nodes).

use mancala_ai::{Budget, Engine};
use mancala_core::{Game, Rules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn positions(rules: &Rules, count: usize) -> Vec<Game> {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut out = Vec::new();
    while out.len() < count {
        let mut game = Game::new(rules.clone());
        let take = rng.random_range(10..50);
        for ply in 0..take {
            if game.is_over() {
                break;
            }
            let mover = game.position().to_move();
            let children = game.successors();
            let gain = |i: usize| children[i].pos.held(mover);
            let best = (0..children.len()).map(gain).max().unwrap_or(0);
            let choices: Vec<usize> = (0..children.len())
                .filter(|&i| ply < 4 || gain(i) == best)
                .collect();
            let i = choices[rng.random_range(0..choices.len())];
            game.play_index(i);
        }
        if !game.is_over() {
            out.push(game);
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let id = args.get(1).map(String::as_str).unwrap_or("oware");
    let ms: u64 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1000);
    let count: usize = args.get(3).and_then(|d| d.parse().ok()).unwrap_or(20);
    let mut threads: Vec<u32> = args[4.min(args.len())..]
        .iter()
        .filter_map(|t| t.parse().ok())
        .collect();
    if threads.is_empty() {
        threads = vec![1, 2];
    }
    let rules = Rules::builtin(id).expect("a built-in game");
    let games = positions(&rules, count);
    for t in threads {
        let (mut depths, mut nodes, mut secs) = (Vec::new(), 0u64, 0f64);
        for game in &games {
            let r = Engine::default()
                .search(game, &Budget::millis(ms).with_threads(t))
                .expect("a game in progress");
            depths.push(r.depth);
            nodes += r.nodes;
            secs += r.elapsed.as_secs_f64();
        }
        depths.sort_unstable();
        let mean = depths.iter().sum::<u32>() as f64 / depths.len() as f64;
        println!(
            "{id}, {ms} ms, {} positions, {t} thread(s): depth median {} mean {mean:.2}, {:.0} nodes/s",
            games.len(),
            depths[depths.len() / 2],
            nodes as f64 / secs
        );
    }
}
