//! Benchmarks: solving Tihbat, and perfect-play queries on its database.

use criterion::{Criterion, criterion_group, criterion_main};
use mancala_core::{Rules, Side};
use mancala_solver::solve;

fn benches(c: &mut Criterion) {
    let rules = Rules::builtin("tihbat").unwrap();
    c.bench_function("solve tihbat (71,920 positions)", |b| {
        b.iter(|| solve(&rules, false).unwrap())
    });
    let db = solve(&rules, false).unwrap();
    let positions: Vec<_> = (0..1000u32)
        .map(|i| {
            let board = [(i % 7) as u8, (i / 7 % 5) as u8, (i / 35 % 6) as u8, 3];
            let side = if i % 2 == 0 { Side::South } else { Side::North };
            rules.position(&board, [0, 0], side, 2).unwrap()
        })
        .collect();
    c.bench_function("value of 1000 positions", |b| {
        b.iter(|| positions.iter().map(|p| db.value(p).unwrap()).sum::<i32>())
    });
    c.bench_function("best_moves of 1000 positions", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| db.best_moves(p).unwrap().len())
                .sum::<usize>()
        })
    });
}

criterion_group!(solver, benches);
criterion_main!(solver);
