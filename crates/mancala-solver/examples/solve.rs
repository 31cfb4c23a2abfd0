//! Solves a game and prints the figures of `docs/solutions.md`.
//!
//! ```text
//! cargo run --release -p mancala-solver --example solve -- GAME [--max-seeds K] [--out FILE] [--svg FILE] [--verify]
//! ```
//!
//! `GAME` is a built-in game or a rule file. `--out` writes the database
//! (`default` for `<data dir>/<game-id>.mdb`), `--svg` the picture of the
//! value distribution, `--verify` checks the database afterwards.

use std::time::Instant;

use mancala_core::Rules;
use mancala_solver::figures::{distribution_svg, summary_markdown, value_distribution};
use mancala_solver::{Database, default_path, solve_up_to, verify};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let game = args
        .next()
        .ok_or("usage: solve GAME [--max-seeds K] [--out FILE] [--svg FILE] [--verify]")?;
    let (mut out, mut svg, mut check, mut max) = (None, None, false, None);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next(),
            "--svg" => svg = args.next(),
            "--verify" => check = true,
            "--max-seeds" => max = Some(args.next().ok_or("--max-seeds K")?.parse::<u32>()?),
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let rules = Rules::load(&game)?;
    let db = solve_up_to(&rules, max.unwrap_or(rules.total_seeds()), true)?;
    let levels = value_distribution(&db);
    println!("{}", summary_markdown(&db, &levels));
    if let Some(out) = out {
        let path = if out == "default" {
            default_path(&rules).ok_or("no data directory")?
        } else {
            out.into()
        };
        let started = Instant::now();
        db.write(&path)?;
        let written = started.elapsed();
        let started = Instant::now();
        let back = Database::open(&path, &rules)?;
        println!(
            "wrote {} in {:.2} s; opened (checksum checked) in {:.2} s",
            path.display(),
            written.as_secs_f64(),
            started.elapsed().as_secs_f64()
        );
        assert_eq!(back.positions(), db.positions());
    }
    if let Some(svg) = svg {
        std::fs::write(&svg, distribution_svg(&db, &levels))?;
        println!("wrote {svg}");
    }
    if check {
        let report = verify(&db, &rules)?;
        println!("{report}");
    }
    Ok(())
}
