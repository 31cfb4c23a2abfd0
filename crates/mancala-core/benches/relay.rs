//! How long relay sowings take, endless ones included: the figures behind
//! the bound documented in `docs/rule-files.md` (relay sowing).
//!
//! For each board size and seed count, sows `SAMPLES` random boards (seeds
//! dealt one at a time into uniformly random holes, a random hole played)
//! with relay sowing and no capture, and reports the sowings per second,
//! how many were endless, and the slowest sowing with its laps.
//!
//! Run with `cargo bench -p mancala-core --bench relay` (optionally
//! `-- HOLES_PER_ROW SEEDS SAMPLES` for one case).

use std::time::{Duration, Instant};

use mancala_core::Rules;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const SAMPLES: u32 = 20_000;

fn rules(holes_per_row: u32) -> Rules {
    let text = format!(
        "name = \"Relay\"\n[board]\nholes_per_row = {holes_per_row}\nseeds_per_hole = 1\n\
         [sowing]\nstart = \"next\"\nlaps = \"relay\"\nendless = \"draw\"\n[capture]\nrule = \"none\"\n"
    );
    Rules::from_toml("relay", &text, "relay.toml").unwrap()
}

fn case(holes_per_row: u32, seeds: u32, samples: u32) {
    let r = rules(holes_per_row);
    let holes = 2 * holes_per_row as usize;
    let mut rng = SmallRng::seed_from_u64(seeds as u64 * 1000 + holes_per_row as u64);
    let mut endless = 0u32;
    let mut laps_total = 0u64;
    let mut laps_most = 0u64;
    let mut slowest = (Duration::ZERO, 0u64, false);
    let mut slowest_endless: Option<(Vec<u8>, usize)> = None;
    let start = Instant::now();
    for _ in 0..samples {
        let mut board = vec![0u8; holes];
        for _ in 0..seeds {
            board[rng.random_range(0..holes)] += 1;
        }
        let origin = loop {
            let h = rng.random_range(0..holes);
            if board[h] > 0 {
                break h;
            }
        };
        let t = Instant::now();
        let report = r.sow_only(&board, origin);
        let took = t.elapsed();
        let laps = report.as_ref().map_or(0, |s| s.laps);
        laps_total += laps;
        laps_most = laps_most.max(laps);
        if report.is_none() {
            endless += 1;
        }
        if took > slowest.0 {
            slowest = (took, laps, report.is_none());
            if report.is_none() {
                slowest_endless = Some((board.clone(), origin));
            }
        }
    }
    let all = start.elapsed();
    // The lap rate, on the slowest endless sowing cut at a known number of laps.
    let rate = slowest_endless.map(|(board, origin)| {
        let laps = 1u64 << 22;
        let _limit = mancala_core::limit_relay_laps(laps);
        let t = Instant::now();
        assert!(r.sow_only(&board, origin).is_none());
        let secs = t.elapsed().as_secs_f64();
        (
            laps as f64 / secs,
            slowest.0.as_secs_f64() * laps as f64 / secs,
        )
    });
    println!(
        "{holes_per_row} x 2 holes, {seeds:>3} seeds: {samples} sowings in {:.2} s ({:.0}/s), \
         {endless} endless, laps of the ended: mean {:.1}, most {laps_most}; slowest {:.3} ms ({}){}",
        all.as_secs_f64(),
        samples as f64 / all.as_secs_f64(),
        laps_total as f64 / (samples - endless).max(1) as f64,
        slowest.0.as_secs_f64() * 1e3,
        if slowest.2 {
            "endless".to_string()
        } else {
            format!("{} laps", slowest.1)
        },
        rate.map_or(String::new(), |(per_s, laps)| format!(
            "; {:.1} ns a lap, so that cycle is about {:.2e} laps",
            1e9 / per_s,
            laps
        ))
    );
}

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    if let [holes, seeds, samples] = args[..] {
        case(holes, seeds, samples);
        return;
    }
    // Larger cases (6 60, 8 64, 6 72, 8 96) take minutes: give them as arguments.
    for (holes, seeds) in [(6, 36), (6, 40), (6, 48), (5, 48), (7, 56)] {
        case(holes, seeds, SAMPLES);
    }
}
