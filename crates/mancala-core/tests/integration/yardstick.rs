//! The hand-specialized Modiar of the benchmark plays exactly the games the
//! generic engine plays: same random choices, same positions, same legal
//! moves, same end and score.

#[path = "../../benches/yardstick/bao.rs"]
mod bao;
#[path = "../../benches/yardstick/kalah.rs"]
mod kalah;
#[path = "../../benches/yardstick/modiar.rs"]
mod modiar;

use mancala_core::{EndReason, Game, Move, Rules, Score, Side};
use modiar::{End, HOLES, Modiar};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays one random game through both, comparing after every move; returns
/// how it ended and its length.
fn lockstep(game: &mut Game, hand: &mut Modiar, rng: &mut SmallRng, what: &str) -> (End, u32) {
    let mut plies = 0;
    loop {
        let pos = game.position();
        let ctx = || {
            format!(
                "{what}, ply {plies}, record {:?}, position {pos:?}",
                game.record()
            )
        };
        assert_eq!(&pos.raw_board()[..HOLES], &hand.board(), "board: {}", ctx());
        assert_eq!(
            [pos.captured(Side::South), pos.captured(Side::North)],
            hand.captured(),
            "captured: {}",
            ctx()
        );
        assert_eq!(pos.to_move().index(), hand.mover(), "to move: {}", ctx());
        assert_eq!(pos.ply(), hand.ply(), "ply: {}", ctx());
        assert_eq!(game.is_over(), hand.is_over(), "over: {}", ctx());
        let legal: Vec<usize> = game.legal_moves().iter().filter_map(Move::hole).collect();
        assert_eq!(legal, hand.legal_origins(), "legal: {}", ctx());
        if game.is_over() {
            let outcome = game.outcome().unwrap();
            let end = hand.end().unwrap();
            let expected = match end {
                End::NoMoves => EndReason::NoMoves,
                End::BoardEmpty => EndReason::BoardEmpty,
                End::Repetition => EndReason::Repetition,
            };
            assert_eq!(outcome.reason, expected, "end: {}", ctx());
            let score = hand.score().unwrap().map(Score);
            assert_eq!(outcome.score, Some(score), "score: {}", ctx());
            return (end, plies);
        }
        let n = game.successors().len();
        assert_eq!(n, hand.legal_len());
        let index = rng.random_range(0..n);
        game.play_index(index);
        hand.play_index(index);
        plies += 1;
    }
}

#[test]
fn hand_modiar_plays_the_engines_games() {
    let mut game = Game::new(Rules::builtin("modiar").unwrap());
    let mut hand = Modiar::new();
    let mut rng = SmallRng::seed_from_u64(0x5eed_0001);
    let mut plies = 0u64;
    for g in 0..20_000 {
        game.restart();
        hand.restart();
        plies += lockstep(&mut game, &mut hand, &mut rng, &format!("game {g}")).1 as u64;
    }
    assert!(plies > 100_000, "{plies}");
}

/// Games from random positions with few seeds reach what games from the
/// opening rarely do: repetitions, grand slams, must-feed, an empty board.
#[test]
fn hand_modiar_agrees_from_random_positions() {
    let rules = Rules::builtin("modiar").unwrap();
    let mut hand = Modiar::new();
    let mut rng = SmallRng::seed_from_u64(0x5eed_0002);
    let mut ends = [0u32; 3];
    for g in 0..20_000 {
        let seeds = rng.random_range(0..=42u32);
        let mut board = [0u8; HOLES];
        // Sometimes one row holds everything, so that must-feed applies.
        let holes = if rng.random_bool(0.2) { 3 } else { HOLES };
        let offset = if rng.random_bool(0.5) {
            0
        } else {
            HOLES - holes
        };
        for _ in 0..seeds {
            board[offset + rng.random_range(0..holes)] += 1;
        }
        let left = 42 - seeds;
        let south = rng.random_range(0..=left);
        let captured = [south as u8, rng.random_range(0..=left - south) as u8];
        let mover = if rng.random_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let opened = rng.random_bool(0.9);
        let pos = rules
            .position(&board, captured.map(u32::from), mover, 0)
            .unwrap();
        let pos = rules.with_opened(pos, opened, false);
        let mut game = Game::from_position(rules.clone(), pos);
        hand.set_position(board, captured, mover.index(), opened);
        let (end, _) = lockstep(&mut game, &mut hand, &mut rng, &format!("position {g}"));
        ends[end as usize] += 1;
    }
    assert!(
        ends.iter().all(|&n| n > 0),
        "every way to end should occur: {ends:?}"
    );
}

/// The hand-specialized Kalah(6, 4) plays the engine's games move for move:
/// boards, stores, the player to move (extra turns), the end and the score.
#[test]
fn hand_kalah_plays_the_engines_games() {
    let mut game = Game::new(Rules::builtin("kalah").unwrap());
    let mut hand = kalah::Kalah::new();
    let mut rng = SmallRng::seed_from_u64(0x5eed_0003);
    let (mut plies, mut extra_turns) = (0u64, 0u64);
    for g in 0..20_000 {
        game.restart();
        hand.restart();
        loop {
            let pos = *game.position();
            let ctx = || format!("game {g}, record {:?}", game.record());
            assert_eq!(
                &pos.raw_board()[..kalah::HOLES],
                &hand.board(),
                "board: {}",
                ctx()
            );
            assert_eq!(
                [pos.captured(Side::South), pos.captured(Side::North)],
                hand.stores(),
                "stores: {}",
                ctx()
            );
            assert_eq!(pos.to_move().index(), hand.mover(), "to move: {}", ctx());
            assert_eq!(pos.ply(), hand.ply(), "ply: {}", ctx());
            assert_eq!(game.is_over(), hand.is_over(), "over: {}", ctx());
            if game.is_over() {
                let score = hand.score().unwrap().map(|s| Score(2 * s));
                assert_eq!(
                    game.outcome().unwrap().score,
                    Some(score),
                    "score: {}",
                    ctx()
                );
                break;
            }
            let legal: Vec<usize> = game.legal_moves().iter().filter_map(Move::hole).collect();
            assert_eq!(legal, hand.legal_origins(), "legal: {}", ctx());
            let index = rng.random_range(0..legal.len());
            game.play_index(index);
            hand.play_index(index);
            extra_turns += (game.position().to_move() == pos.to_move()) as u64;
            plies += 1;
        }
    }
    assert!(
        plies > 200_000 && extra_turns > 10_000,
        "{plies} plies, {extra_turns} extra turns"
    );
}

/// The hand-specialized Bao la Kujifunza plays the engine's games: the same
/// board, player to move, legal moves in the same order, and end.
#[test]
fn hand_bao_plays_the_engines_games() {
    let mut game = Game::new(Rules::builtin("bao-la-kujifunza").unwrap());
    let mut hand = bao::Bao::new();
    let mut rng = SmallRng::seed_from_u64(0x5eed_0004);
    let mut plies = 0u64;
    for g in 0..2_000 {
        game.restart();
        hand.restart();
        loop {
            let pos = game.position();
            let ctx = || format!("game {g}, record {:?}", game.record());
            assert_eq!(
                &pos.raw_board()[..bao::HOLES],
                hand.board(),
                "board: {}",
                ctx()
            );
            assert_eq!(game.is_over(), hand.is_over(), "over: {}", ctx());
            let legal: Vec<(u8, bool)> = game
                .successors()
                .iter()
                .map(|c| (c.mv.hole().unwrap() as u8, c.mv.chosen_clockwise().unwrap()))
                .collect();
            if game.is_over() {
                break;
            }
            assert_eq!(legal, hand.legal(), "legal: {}", ctx());
            let index = rng.random_range(0..legal.len());
            game.play_index(index);
            hand.play_index(index);
            plies += 1;
        }
    }
    assert!(plies > 20_000, "{plies}");
}
