//! Builds Oware's opening book by drop-out expansion (`mancala_ai::book`)
//! and writes it as text (the built-in book is `crates/mancala-ai/data/oware.book`).
//!
//!     nice -n 10 cargo run --release -p mancala-ai --example build_book -- \
//!         --positions 1200 --depth 12 --out crates/mancala-ai/data/oware.book
//!
//! Each position is searched to a fixed depth (every move to its value), so
//! the same command builds the same book on any machine.

use std::process::ExitCode;
use std::time::Instant;

use mancala_ai::Budget;
use mancala_ai::book::{DropOut, build_book};
use mancala_core::Rules;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mut positions, mut depth, mut parallel) = (1200usize, 12u32, 2usize);
    let mut costs = DropOut::default();
    let mut out = None;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let v = it.next().cloned().unwrap_or_default();
        let bad = || {
            eprintln!("error: {a} {v:?}");
            ExitCode::from(2)
        };
        match a.as_str() {
            "--positions" => match v.parse() {
                Ok(x) => positions = x,
                Err(_) => return bad(),
            },
            "--depth" => match v.parse() {
                Ok(x) => depth = x,
                Err(_) => return bad(),
            },
            "--parallel" => match v.parse() {
                Ok(x) => parallel = x,
                Err(_) => return bad(),
            },
            "--ply-cost" => match v.parse() {
                Ok(x) => costs.ply = x,
                Err(_) => return bad(),
            },
            "--error-cost" => match v.parse() {
                Ok(x) => costs.error = x,
                Err(_) => return bad(),
            },
            "--full-width" => match v.parse() {
                Ok(x) => costs.full_width = x,
                Err(_) => return bad(),
            },
            "--out" => out = Some(v),
            _ => return bad(),
        }
    }
    let Some(out) = out else {
        eprintln!(
            "usage: build_book --out FILE [--positions N] [--depth D] [--parallel P] [--ply-cost C] [--error-cost C] [--full-width PLIES]"
        );
        return ExitCode::from(2);
    };
    let rules = Rules::builtin("oware").expect("the built-in Oware");
    let started = Instant::now();
    let book = build_book(
        &rules,
        positions,
        &Budget::depth(depth),
        costs,
        parallel,
        |n| {
            if n % 50 < parallel.max(1) {
                eprintln!("{n} positions, {:.0} s", started.elapsed().as_secs_f64());
            }
        },
    );
    let text = book.to_text(&rules);
    if let Err(e) = std::fs::write(&out, &text) {
        eprintln!("error: {out}: {e}");
        return ExitCode::from(2);
    }
    eprintln!(
        "{} positions, {} bytes, {:.0} s: {out}",
        book.len(),
        text.len(),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}
