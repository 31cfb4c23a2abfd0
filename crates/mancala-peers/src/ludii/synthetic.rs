//! Trials written in Ludii's format from random games of our own engine,
//! for every built-in game our map covers: each must replay exactly. This
//! checks the whole path (parsing, rebuilding the board from actions, the
//! map of vertices to holes, runs of moves, directions, passes and the end)
//! on every rule model the catalogue has, four-row games included.

use std::fmt::Write as _;
use std::sync::Arc;

use mancala_core::{Game, Move, Rules, Side};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::board::Shape;
use super::{replay, rows_of, trial};

/// A Ludii trial of a random game of `rules` on `shape`, at most `plies`
/// moves long.
fn write_trial(rules: &Arc<Rules>, shape: Shape, rng: &mut SmallRng, plies: usize) -> String {
    let map = shape.vertex_of_hole().unwrap();
    let mut game = Game::new(rules.clone());
    let mut text = String::from("game=synthetic.lud\nSTART GAME OPTIONS\nEND GAME OPTIONS\n");
    let set = |text: &mut String, v: usize, count: u8| {
        let _ = write!(text, "[SetCount:type=Vertex,to={v},what=1,count={count}]");
    };
    for (h, &v) in map.iter().enumerate() {
        text.push_str("Move=[Move:mover=0,actions=");
        set(&mut text, v, game.position().seeds(h));
        text.push_str("]\n");
    }
    let mut legal_counts = Vec::new();
    let n = shape.holes_per_row;
    while !game.is_over() && legal_counts.len() < plies {
        let legal: Vec<Move> = game.legal_moves().into_iter().collect();
        legal_counts.push(legal.len());
        let mv = legal[rng.random_range(0..legal.len())];
        let mover = match game.position().to_move() {
            Side::South => 1,
            Side::North => 2,
        };
        let before: Vec<u8> = (0..map.len()).map(|h| game.position().seeds(h)).collect();
        game.play(mv).unwrap();
        let _ = write!(text, "Move=[Move:mover={mover},actions=");
        match mv.hole() {
            None => text.push_str("[Pass:decision=true]"),
            Some(h) => {
                // The first hole sown, where the mover chose the direction.
                let ring = 2 * n;
                let base = h / ring * ring;
                let to = match mv.chosen_clockwise() {
                    Some(false) => Some(base + (h - base + 1) % ring),
                    Some(true) => Some(base + (h - base + ring - 1) % ring),
                    None => None,
                };
                let _ = write!(text, "[Select:typeFrom=Vertex,from={}", map[h]);
                if let Some(to) = to {
                    let _ = write!(text, ",typeTo=Vertex,to={}", map[to]);
                }
                text.push_str(",decision=true]");
            }
        }
        for (h, &v) in map.iter().enumerate() {
            let now = game.position().seeds(h);
            if now != before[h] {
                set(&mut text, v, now);
            }
        }
        text.push_str("]\n");
    }
    for count in legal_counts {
        let _ = writeln!(text, "LEGAL MOVES LIST SIZE = {count}");
    }
    match game.outcome() {
        Some(outcome) => {
            let winner = match outcome.winner {
                Some(Side::South) => 1,
                Some(Side::North) => 2,
                None => 0,
            };
            let _ = writeln!(text, "winner={winner}\nendtype=NaturalEnd");
        }
        None => text.push_str("winner=0\nendtype=MoveLimit\n"),
    }
    text.push_str("rankings=0.0,1.0,2.0\n");
    text
}

#[test]
fn random_games_of_every_built_in_game_replay_from_ludiis_format() {
    let mut rng = SmallRng::seed_from_u64(33);
    let mut games = 0;
    let mut plies = 0;
    for id in Rules::builtin_ids() {
        let rules = Rules::builtin(id).unwrap();
        let shape = Shape {
            rows: rows_of(&rules),
            holes_per_row: rules.holes_per_row(),
            end_stores: false,
        };
        if shape.vertex_of_hole().is_none() {
            continue;
        }
        // Holes taken by choice (`+e`) have no Ludii form in this writer:
        // their games are checked on Ludii's own trials (Tshuba, Tsoro
        // (Additional Capture)).
        if rules
            .spec()
            .rows
            .as_ref()
            .is_some_and(|r| r.chosen_captures.is_some())
        {
            continue;
        }
        let rules = Arc::new(rules);
        let map = shape.vertex_of_hole().unwrap();
        for _ in 0..3 {
            let text = write_trial(&rules, shape, &mut rng, 300);
            let parsed = trial::parse(id, &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            let replayed = replay::replay(&rules, shape, &map, &parsed)
                .unwrap_or_else(|(_, diff)| panic!("{id}: {diff}"));
            assert_eq!(replayed, parsed.legal.len(), "{id}");
            plies += replayed;
        }
        games += 1;
    }
    assert!(games >= 40, "only {games} games");
    eprintln!("{games} games, {plies} moves replayed");
}
