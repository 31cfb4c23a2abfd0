//! Proof search for a game's opening above a win/loss/draw database.
//!
//! ```text
//! cargo run --release -p mancala-solver --example prove -- GAME DB_FILE [--seconds S] [--nodes N] [--moves "F f ..."] [--play]
//! ```
//!
//! Searches the opening position (or the position after `--moves`) with the
//! database's exact values at the leaves and prints what it proved. With
//! `--play`, then plays the game out with `proof::perfect_move` on both sides.

use std::time::Duration;

use mancala_core::{Game, Rules};
use mancala_solver::Database;
use mancala_solver::proof::{ProofOptions, exact_length, forced_win_within, perfect_move, prove};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: prove GAME DB_FILE [--seconds S] [--nodes N] [--moves RECORD] [--play]";
    let game = args.next().ok_or(usage)?;
    let file = args.next().ok_or(usage)?;
    let mut opts = ProofOptions {
        progress: true,
        ..ProofOptions::default()
    };
    let mut record = String::new();
    let mut play = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seconds" => {
                opts.time_limit = Duration::from_secs_f64(args.next().ok_or(usage)?.parse()?)
            }
            "--nodes" => opts.max_nodes = args.next().ok_or(usage)?.parse()?,
            "--moves" => record = args.next().ok_or(usage)?,
            "--play" => play = true,
            other => return Err(format!("unknown argument {other}; {usage}").into()),
        }
    }
    let rules = Rules::load(&game)?;
    let db = Database::open(&file, &rules)?;
    let pos = *Game::replay(rules.clone(), &record)?.position();
    println!(
        "{} after `{}`: {} seeds on the board, {} to move; database up to {} seeds",
        rules.name(),
        record,
        pos.seeds_on_board(),
        pos.to_move(),
        db.max_seeds()
    );
    let report = prove(&db, &pos, &opts);
    println!("value for {}: {}", pos.to_move(), report.root);
    for (mv, b) in &report.moves {
        println!("  {}: {b}", mancala_core::notation::move_label(&rules, *mv));
    }
    println!(
        "{} positions searched, {} database leaves, deepest complete iteration {} plies, {} table entries, {:.1} s",
        report.nodes,
        report.db_hits,
        report.depth,
        report.table,
        report.elapsed.as_secs_f64()
    );
    if report.root.exact_value() == Some(1) {
        // The table lets a proof reuse wins found deeper in earlier
        // iterations, so the plain search may need more plies.
        let started = std::time::Instant::now();
        let mut verdict = "budget exhausted".to_string();
        for plies in report.depth..report.depth + 40 {
            match forced_win_within(&db, &pos, plies, 1_000_000_000) {
                Some(true) => {
                    verdict = format!("forced win within {plies} plies confirmed");
                    break;
                }
                Some(false) => verdict = format!("no forced win within {plies} plies"),
                None => break,
            }
        }
        println!(
            "independent check (plain AND/OR search, no table, leaves in the database): {verdict} ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
    }
    if let Some(result) = report.root.exact_value().filter(|&v| v != 0) {
        let started = std::time::Instant::now();
        match exact_length(&db, &pos, result, 400, 2_000_000_000) {
            Some(n) => println!(
                "exact length: the {} in {n} plies with perfect play on both sides ({:.1} s)",
                if result > 0 {
                    "player to move wins"
                } else {
                    "player to move loses"
                },
                started.elapsed().as_secs_f64()
            ),
            None => println!("exact length: not found within the budget"),
        }
    }
    if play {
        let started = std::time::Instant::now();
        let quiet = ProofOptions {
            progress: false,
            ..opts.clone()
        };
        let mut game = Game::replay(rules.clone(), &record)?;
        while !game.is_over() {
            let mv = perfect_move(&db, game.position(), &quiet).ok_or("no move")?;
            game.play(mv)?;
        }
        let outcome = game.outcome().ok_or("game over")?;
        println!(
            "perfect play on both sides: {} ({} plies; winner {:?}, {}) in {:.1} s",
            game.record(),
            game.moves().len(),
            outcome.winner,
            outcome.reason.describe(),
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}
