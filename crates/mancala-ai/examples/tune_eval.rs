//! Fits the evaluation's weights to self-play games (logistic "Texel"
//! tuning, `mancala_ai::tune`).
//!
//!     mancala match oware --south alphabeta:nodes=1500 --north alphabeta:nodes=1500 \
//!         --games 1500 --swap --random-openings 8 --seed 11 --csv selfplay.csv
//!     cargo run --release -p mancala-ai --example tune_eval -- selfplay.csv [--skip 8] [--steps 400] [--frozen 6]
//!
//! Prints the error of the current weights and of the fitted ones, on the
//! games and on a held-out tenth of them, and the fitted weights in the
//! form of `MANCALA_EVAL_WEIGHTS`.

use std::process::ExitCode;

use mancala_ai::eval::{DEFAULT_WEIGHTS, TERMS, Weights};
use mancala_ai::tune::{error, fit, samples_of_csv};
use mancala_core::Rules;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut files = Vec::new();
    let (mut skip, mut steps) = (8usize, 400usize);
    let mut frozen: Vec<usize> = Vec::new();
    let mut start = DEFAULT_WEIGHTS;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || it.next().cloned().unwrap_or_default();
        match a.as_str() {
            "--skip" => skip = value().parse().unwrap_or(skip),
            "--steps" => steps = value().parse().unwrap_or(steps),
            "--frozen" => frozen = value().split(',').filter_map(|x| x.parse().ok()).collect(),
            "--start" => match Weights::parse(&value()) {
                Some(w) => start = w,
                None => {
                    eprintln!("error: --start takes six or seven integers separated by commas");
                    return ExitCode::from(2);
                }
            },
            _ => files.push(a.clone()),
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: tune_eval GAMES.csv... [--skip PLIES] [--steps N] [--frozen I,J] [--start W]"
        );
        return ExitCode::from(2);
    }
    let rules = Rules::builtin("oware").expect("the built-in Oware");
    let mut games = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for f in &files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {f}: {e}");
                return ExitCode::from(2);
            }
        };
        // One sample list per game, so that the held-out games are whole
        // games; a game played twice (deterministic players with sides
        // swapped) counts once.
        for (i, line) in text.lines().enumerate().skip(1) {
            let moves = line.rsplit_once(",\"").map_or(line, |(_, m)| m);
            if !seen.insert(moves.to_string()) {
                continue;
            }
            let one = format!("h\n{line}\n");
            match samples_of_csv(&rules, &one, skip) {
                Ok(s) => games.push(s),
                Err(e) => {
                    eprintln!("error: {f} line {}: {e}", i + 1);
                    return ExitCode::from(2);
                }
            }
        }
    }
    let held: Vec<_> = games
        .iter()
        .skip(9)
        .step_by(10)
        .flatten()
        .copied()
        .collect();
    let train: Vec<_> = games
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 9 || (*i - 9) % 10 != 0)
        .flat_map(|(_, g)| g.iter().copied())
        .collect();
    println!(
        "{} games, {} training positions, {} held out",
        games.len(),
        train.len(),
        held.len()
    );
    let f = fit(&train, start, &frozen, steps);
    let before = start.to_array().map(|x| x as f64);
    let after = f.weights.to_array().map(|x| x as f64);
    println!("scale k = {:.5} per half seed", f.scale);
    println!(
        "training error: {:.6} -> {:.6}",
        f.error_before, f.error_after
    );
    println!(
        "held-out error: {:.6} -> {:.6}",
        error(&held, &before, f.scale),
        error(&held, &after, f.scale)
    );
    let w: Vec<String> = (0..TERMS)
        .map(|i| f.weights.to_array()[i].to_string())
        .collect();
    println!("MANCALA_EVAL_WEIGHTS={}", w.join(","));
    ExitCode::SUCCESS
}
