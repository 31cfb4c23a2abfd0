//! Kalah by search above an endgame database, with the figures a profile
//! needs: database boards and build time, search nodes, database probes,
//! MTD(f) passes, and the time a node takes.
//!
//! ```text
//! cargo run --release -p mancala-solver --example kalah -- GAME [--max-seeds K] [--threads T] [--guess G] [--table-log2 N] [--db-dir DIR]
//! ```
//!
//! With `--db-dir`, the database is read from that directory when it is
//! there, else built and written there (to time the search alone).
//!
//! `GAME` is `kalah`, `kalah-empty-capture` or either with `:holes=M,seeds=N`.
//! Without `--max-seeds`, the database holds the boards with at most 20 seeds
//! (as `mancala solve` chooses for six holes a row).

use std::time::Instant;

use mancala_core::Rules;
use mancala_solver::kalah::{KalahDb, KalahRules, SearchOptions, replay_margin, solve_kalah};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = "usage: kalah GAME [--max-seeds K] [--threads T] [--guess G] [--table-log2 N] [--db-dir DIR]";
    let mut db_dir = None;
    let game = args.next().ok_or(usage)?;
    let (mut max_seeds, mut threads, mut guess, mut table_log2) = (20u32, 1usize, 0i32, 24u32);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(usage)?;
        match arg.as_str() {
            "--max-seeds" => max_seeds = value.parse()?,
            "--threads" => threads = value.parse()?,
            "--guess" => guess = value.parse()?,
            "--table-log2" => table_log2 = value.parse()?,
            "--db-dir" => db_dir = Some(std::path::PathBuf::from(value)),
            other => return Err(format!("unknown argument {other}; {usage}").into()),
        }
    }
    let rules = Rules::load(&game)?;
    let k = KalahRules::of(&rules).ok_or("not a Kalah game")?;
    let max_seeds = max_seeds.min(rules.total_seeds());
    let started = Instant::now();
    let cpu_start = cpu_seconds();
    let file = db_dir.map(|d| d.join(KalahDb::file_name(k, max_seeds)));
    let db = match &file {
        Some(f) if f.is_file() => KalahDb::open(f, k, max_seeds)?,
        _ => KalahDb::build(k, max_seeds, false),
    };
    let built = started.elapsed().as_secs_f64();
    let db_cpu = cpu_seconds() - cpu_start;
    println!(
        "database: {} boards (at most {max_seeds} seeds) in {built:.2} s wall, {db_cpu:.2} s CPU: {:.1} M boards per CPU second",
        db.boards(),
        db.boards() as f64 / db_cpu / 1e6
    );
    if let Some(f) = file.filter(|f| !f.is_file()) {
        db.write(&f)?;
    }
    let cpu_start = cpu_seconds();
    let report = solve_kalah(
        k,
        Some(&db),
        &SearchOptions {
            table_entries: 1 << table_log2,
            progress: true,
            threads,
            first_guess: guess,
        },
    );
    let search = report.elapsed.as_secs_f64();
    let search_cpu = cpu_seconds() - cpu_start;
    println!(
        "search: value {:+}, {} nodes, {} probes in {search:.2} s wall, {search_cpu:.2} s CPU on {threads} thread(s): {:.0} ns of CPU a node",
        report.value,
        report.nodes,
        report.probes,
        search_cpu * 1e9 / report.nodes.max(1) as f64
    );
    let replayed = replay_margin(&rules, &report.line)?;
    if replayed != report.value {
        return Err(format!("the perfect game replays to {replayed:+}").into());
    }
    println!(
        "perfect game of {} moves replays to {replayed:+}",
        report.line.len()
    );
    Ok(())
}

/// CPU seconds (user and system) of this process so far, from
/// `/proc/self/stat` (clock ticks of 1/100 s); 0 where it cannot be read.
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // The fields after the command name (which is in parentheses).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 11 and 12 here.
    (ticks(11) + ticks(12)) / 100.0
}
