//! Properties every built-in game must have, checked on random games (a
//! seeded loop, so every run plays the same games) and on arbitrary
//! positions (proptest):
//!
//! - seeds are conserved: on the board + captured + removed never changes;
//! - random games end, and do so without panicking;
//! - `legal_moves`, `play`, `successors` and `Game::play` agree on every move;
//! - nothing panics, even from positions no game reaches;
//! - `Game::undo` then replaying the move gives the same game, and
//!   `State` round-trips through JSON.

use std::sync::LazyLock;

use mancala_core::spec::{Direction, Settlement};
use mancala_core::{
    Game, MAX_HOLES, Move, PlayError, Position, Rules, Side, State, Successors, notation,
};
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A game that has not ended after this many plies never will.
const MAX_PLIES: u32 = 100_000;
/// The costlier checks look at the first this many plies of a game, so that
/// a game that never ends fails quickly rather than after hours.
const CHECKED_PLIES: usize = 500;

/// How many random games a check plays of `rules`, for `two_rows` on a
/// two-row board. A random match of Gabata's rounds runs to the ply limit
/// and a four-row game lasts hundreds of laps a move, so the multi-row
/// games play a two-hundredth as many (at least 2).
fn games_of(rules: &Rules, two_rows: usize) -> usize {
    if rules.rows() > 2 {
        (two_rows / 200).max(2)
    } else {
        two_rows
    }
}

/// Relays capped as in a search while random games are played: these
/// checks are of what play keeps, not of the proof that a sowing never
/// ends, which can take a billion laps on four rows (`rings.rs` tests it).
fn capped_relays() -> mancala_core::RelayLapLimit {
    mancala_core::limit_relay_laps(mancala_core::SEARCH_RELAY_LAPS)
}

/// The built-in games.
static BUILTINS: LazyLock<Vec<Rules>> = LazyLock::new(|| {
    Rules::builtin_ids()
        .map(|id| Rules::builtin(id).unwrap())
        .collect()
});

/// The built-in games and, to exercise the other sowing direction too, each
/// of them sown clockwise.
static VARIANTS: LazyLock<Vec<Rules>> = LazyLock::new(|| {
    let mut all = BUILTINS.clone();
    for rules in BUILTINS.iter() {
        let mut spec = rules.spec().clone();
        spec.sowing.direction = Direction::Clockwise;
        // A single seed's way back across the row ends exists only in
        // split sowing.
        spec.moves.no_return = false;
        // Clockwise captures from listed holes are a choice of direction.
        if let Some(rows) = &mut spec.rows {
            rows.clockwise_capture_holes.clear();
        }
        all.push(Rules::compile(&format!("{}-clockwise", rules.id()), spec).unwrap());
    }
    all.extend(DIRECTED.iter().cloned());
    all
});

/// Each built-in game with one of the directions that vary by move (a
/// different one for each game, in turn), where its rules allow it.
static DIRECTED: LazyLock<Vec<Rules>> = LazyLock::new(|| {
    let kinds = [
        (Direction::Chosen, false),
        (Direction::Outward, true),
        (Direction::Parity, false),
        (Direction::Alternate, false),
        (Direction::Inward, true),
        (Direction::CounterClockwise, true),
    ];
    let mut all = Vec::new();
    for (i, rules) in BUILTINS.iter().enumerate() {
        let (direction, middle) = kinds[i % kinds.len()];
        let mut spec = rules.spec().clone();
        spec.sowing.direction = direction;
        if middle {
            spec.sowing.chosen_holes = vec![spec.board.holes_per_row / 2 + 1];
        }
        // Some games cannot vary (restricted openings, long rows): skip them.
        if let Ok(r) = Rules::compile(&format!("{}-{direction:?}", rules.id()), spec) {
            all.push(r);
        }
    }
    assert!(all.len() >= 10, "only {} directed variants", all.len());
    all
});

/// Seeds on the board, captured and removed: what conservation keeps equal.
fn seeds(pos: &Position) -> u32 {
    pos.seeds_on_board()
        + Side::BOTH
            .iter()
            .map(|&s| pos.captured(s) + pos.removed(s))
            .sum::<u32>()
}

/// Every sowing move of the largest board, a few from holes past any board
/// (63 and 64 once aliased the pass or overflowed in `Moves`), and the pass.
/// Chosen directions are tried from every hole in games that have them, and
/// from a few holes elsewhere (where they are never legal).
fn every_move(rules: &Rules) -> impl Iterator<Item = Move> {
    let holes = || (0..MAX_HOLES as u8).chain([63, 64, 200, u8::MAX]);
    let directed: Vec<u8> = if rules.has_chosen_directions() {
        holes().collect()
    } else {
        vec![0, 1, 31, 200]
    };
    holes()
        .map(Move::Sow)
        .chain(directed.iter().map(|&h| Move::SowCounterClockwise(h)))
        .chain(directed.iter().map(|&h| Move::SowClockwise(h)))
        .chain([Move::Pass])
        .collect::<Vec<_>>()
        .into_iter()
}

/// Plays random moves until the game ends; `each` sees the game before
/// every move. Returns the number of moves played.
fn play_out(game: &mut Game, rng: &mut SmallRng, mut each: impl FnMut(&Game)) -> u32 {
    let mut plies = 0;
    while !game.is_over() {
        assert!(
            plies < MAX_PLIES,
            "{}: no end after {MAX_PLIES} plies from {:?}",
            game.rules().id(),
            game.start_position()
        );
        let index = rng.random_range(0..game.successors().len());
        each(game);
        game.play_index(index);
        plies += 1;
    }
    plies
}

/// What must hold of `pos` under `rules`, whatever the position: the
/// successors conserve seeds, step the ply and hand the turn over (but
/// after an extra turn), and
/// `legal_moves`, `play` and `successors` agree on every move. Returns the
/// successors, which [`check_game`] then checks `Game` against.
fn check_position(rules: &Rules, pos: &Position) -> Successors {
    let total = seeds(pos);
    let successors = rules.successors(pos);
    let legal = rules.legal_moves(pos);
    assert_eq!(legal, successors.moves(), "{}: {pos:?}", rules.id());
    for child in successors.as_slice() {
        assert_eq!(
            seeds(&child.pos),
            total,
            "{}: {pos:?} then {:?} loses seeds",
            rules.id(),
            child.mv
        );
        assert_eq!(child.pos.ply(), pos.ply() + 1);
        // A pass always hands the turn over; another move keeps it only
        // in a game that grants extra turns.
        if child.mv == Move::Pass || !rules.has_extra_turns() {
            assert_eq!(
                child.pos.to_move(),
                pos.to_move().opponent(),
                "{}: {pos:?} then {:?}",
                rules.id(),
                child.mv
            );
        }
    }
    for mv in every_move(rules) {
        let played = rules.play(pos, mv);
        assert_eq!(
            played.is_ok(),
            legal.contains(mv),
            "{}: {pos:?}: {mv:?}: play says {played:?}",
            rules.id()
        );
        if let Ok(after) = played {
            assert_eq!(after, successors.get(mv).unwrap().pos);
        }
    }
    successors
}

/// What must hold of a game between moves: `Game` agrees with the rules on
/// the legal moves, and `Game::play` accepts exactly those (none once over),
/// reaching the position of the rules' successor (`successors`, of the
/// game's position, checked by [`check_position`]).
fn check_game(game: &Game, successors: &Successors) {
    let rules = game.rules();
    let pos = game.position();
    if game.is_over() {
        assert!(game.legal_moves().is_empty() && game.successors().is_empty());
    } else {
        assert_eq!(
            game.legal_moves(),
            rules.legal_moves(pos),
            "{}: {}",
            rules.id(),
            game.record()
        );
    }
    // Every legal move is played at every ply. The refused ones (most of
    // the list) are tried a quarter at a time, in turn from ply to ply:
    // refusing a move spells out every legal move for the error, which made
    // this check most of the test's time, and the random games reach each
    // kind of position many times over. Moves are tried on a copy of the
    // game; a refused move must leave it as it was, so it serves the next
    // move too, and only a move played takes a fresh copy.
    let legal = game.legal_moves();
    let mut copy = game.clone();
    for (i, mv) in every_move(rules).enumerate() {
        if !legal.contains(mv) && !(i + pos.ply() as usize).is_multiple_of(4) {
            continue;
        }
        match copy.play(mv) {
            Ok(()) => {
                assert!(
                    legal.contains(mv),
                    "{}: {}: {mv:?} was played",
                    rules.id(),
                    game.record()
                );
                // A move that ends a round of a match that goes on leaves
                // the game at the next round's opening; the round ended in
                // the move's position.
                let reached = match copy.round_starts().last() {
                    Some(r) if copy.round() > game.round() => &r.ended,
                    _ => copy.position(),
                };
                assert_eq!(reached, &successors.get(mv).unwrap().pos);
                assert_eq!(copy.moves().last(), Some(&mv));
                copy = game.clone();
            }
            Err(PlayError::GameOver { .. }) => assert!(game.is_over()),
            Err(e @ PlayError::Illegal { .. }) => {
                assert!(
                    !legal.contains(mv),
                    "{}: {}: {e}",
                    rules.id(),
                    game.record()
                );
                assert_eq!(copy.position(), pos, "an illegal move changes nothing");
                assert_eq!(
                    copy.moves(),
                    game.moves(),
                    "an illegal move changes nothing"
                );
            }
        }
    }
}

#[test]
fn ten_thousand_random_games_end_and_conserve_seeds() {
    let _laps = capped_relays();
    for rules in BUILTINS.iter() {
        let total = rules.total_seeds();
        let mut game = Game::new(rules.clone());
        let mut rng = SmallRng::seed_from_u64(1);
        let mut longest = 0;
        for _ in 0..games_of(rules, 10_000) {
            game.restart();
            let plies = play_out(&mut game, &mut rng, |game| {
                let pos = game.position();
                assert_eq!(seeds(pos), total, "{}: {}", rules.id(), game.record());
                assert_eq!(pos.ply() as usize, game.moves().len());
            });
            assert_eq!(
                seeds(game.position()),
                total,
                "{}: {}",
                rules.id(),
                game.record()
            );
            let outcome = game.outcome().expect("an ended game has an outcome");
            if let Some(score) = outcome.score {
                // Scores are in half seeds. Seeds that go to nobody (a
                // capture that removes them, or a board left to nobody at
                // the end, as in Obridjie) are missing from the sum.
                let end = game.position();
                let gone = end.removed(Side::South) + end.removed(Side::North);
                let left_to_nobody = rules.spec().end.no_moves == Settlement::Removed;
                let sum = score[0].0 + score[1].0;
                if left_to_nobody {
                    assert!(
                        sum <= 2 * (total - gone),
                        "{}: {}: {outcome:?}",
                        rules.id(),
                        game.record()
                    );
                } else {
                    assert_eq!(
                        sum,
                        2 * (total - gone),
                        "{}: {}: {outcome:?}",
                        rules.id(),
                        game.record()
                    );
                }
            }
            longest = longest.max(plies);
        }
        assert!(longest > 0);
    }
}

#[test]
fn legal_play_and_game_play_agree_on_random_games() {
    let _laps = capped_relays();
    for rules in BUILTINS.iter() {
        let mut game = Game::new(rules.clone());
        let mut rng = SmallRng::seed_from_u64(2);
        for _ in 0..games_of(rules, 1_000) {
            game.restart();
            play_out(&mut game, &mut rng, |game| {
                if game.moves().len() < CHECKED_PLIES {
                    check_game(game, &check_position(rules, game.position()));
                }
            });
            check_game(&game, &check_position(rules, game.position()));
        }
    }
}

#[test]
fn undo_then_replay_gives_the_same_game_and_state_round_trips() {
    let _laps = capped_relays();
    for rules in BUILTINS.iter() {
        let mut game = Game::new(rules.clone());
        assert_eq!(game.clone().undo(), None, "nothing to undo at the start");
        let mut rng = SmallRng::seed_from_u64(3);
        for game_number in 0..games_of(rules, 300) {
            game.restart();
            let mut before = State::of(&game);
            for _ in 0..MAX_PLIES {
                let state = State::of(&game);
                let json = state.to_json_line();
                let back: State = serde_json::from_str(&json).unwrap();
                assert_eq!(back, state, "{json}");
                if game.is_over() {
                    break;
                }
                // `undo` replays the game from its start, so undoing at
                // every ply would cost the square of the game's length:
                // each game undoes at a quarter of its plies, a different
                // quarter from one game to the next.
                let ply = game.moves().len();
                if (1..CHECKED_PLIES).contains(&ply) && (ply + game_number).is_multiple_of(4) {
                    let mut undone = game.clone();
                    let last = undone.undo().expect("a move to undo");
                    assert_eq!(Some(&last), game.moves().last());
                    assert_eq!(
                        State::of(&undone),
                        before,
                        "{}: {}",
                        rules.id(),
                        game.record()
                    );
                    undone.play(last).unwrap();
                    assert_eq!(
                        State::of(&undone),
                        state,
                        "{}: {}",
                        rules.id(),
                        game.record()
                    );
                    assert_eq!(undone.position(), game.position());
                    assert_eq!(undone.moves(), game.moves());
                }
                before = state;
                let index = rng.random_range(0..game.successors().len());
                game.play_index(index);
            }
            assert!(
                game.is_over(),
                "{}: no end after {MAX_PLIES} plies",
                rules.id()
            );
            // Undoing the move that ended the game reopens it.
            let mut undone = game.clone();
            let last = undone.undo().unwrap();
            assert_eq!(State::of(&undone), before);
            undone.play(last).unwrap();
            assert_eq!(State::of(&undone), State::of(&game));
            assert_eq!(undone.outcome(), game.outcome());
        }
    }
}

/// In games whose direction varies: every legal move's label reads back as
/// the move, a record replays to the same game, and a chosen-direction
/// move written bare is refused naming the move, the ply and the legal moves.
#[test]
fn directed_moves_round_trip_through_labels_and_records() {
    let _laps = capped_relays();
    for rules in DIRECTED.iter() {
        let mut game = Game::new(rules.clone());
        let mut rng = SmallRng::seed_from_u64(4);
        let mut chosen = 0;
        for _ in 0..games_of(rules, 50) {
            game.restart();
            play_out(&mut game, &mut rng, |game| {
                if game.moves().len() < CHECKED_PLIES {
                    check_game(game, &check_position(rules, game.position()));
                }
                for mv in game.legal_moves() {
                    let label = notation::move_label(rules, mv);
                    assert_eq!(notation::parse_move(rules, &label), Ok(mv), "{label}");
                    if let Some(h) = mv.hole().filter(|_| mv.chosen_clockwise().is_some()) {
                        chosen += 1;
                        let bare = notation::move_label(rules, Move::Sow(h as u8));
                        let err = game.clone().play_label(&bare).unwrap_err().to_string();
                        let ply = format!("at ply {}", game.moves().len() + 1);
                        assert!(
                            err.contains(&bare) && err.contains(&ply) && err.contains(&label),
                            "{err}"
                        );
                    }
                }
            });
            let replayed = Game::replay(rules.clone(), &game.record()).unwrap();
            assert_eq!(replayed.position(), game.position(), "{}", game.record());
            assert_eq!(replayed.outcome(), game.outcome());
        }
        assert_eq!(
            chosen > 0,
            rules.has_chosen_directions(),
            "{}: {chosen} chosen moves",
            rules.id()
        );
    }
}

/// An arbitrary position of one of `VARIANTS` (by index): a board holding
/// at most the game's seeds, often with empty holes or rows, or all its
/// seeds in one hole; captures taking some of the rest; any player to move;
/// any opening flags; and a seed for playing on from it.
fn arbitrary_position() -> impl Strategy<Value = (usize, Position, u64)> {
    (0..VARIANTS.len())
        .prop_flat_map(|g| {
            let rules = &VARIANTS[g];
            let total = rules.total_seeds();
            // Every non-empty set of holes (32 holes fill the whole mask).
            let all = ((1u64 << rules.holes()) - 1) as u32;
            (Just(g), 0..=total, 1u32..=all)
        })
        .prop_flat_map(|(g, on_board, holes_used)| {
            let rest = VARIANTS[g].total_seeds() - on_board;
            let used: Vec<usize> = (0..32).filter(|h| holes_used & (1 << h) != 0).collect();
            let board = prop::collection::vec(prop::sample::select(used), on_board as usize);
            (
                Just(g),
                board,
                0..=rest,
                0..=rest,
                any::<bool>(),
                any::<[bool; 2]>(),
                0u32..4,
                any::<u64>(),
            )
        })
        .prop_map(
            |(g, seeds_at, south, north, north_to_move, opened, ply, seed)| {
                let rules = &VARIANTS[g];
                let mut board = vec![0u8; rules.holes()];
                for hole in seeds_at {
                    board[hole] += 1;
                }
                let rest = rules.total_seeds() - board.iter().map(|&s| s as u32).sum::<u32>();
                // A territory match shares every seed of the game out at
                // each round (nothing ever leaves it): its positions hold
                // them all.
                let territory = rules.spec().rounds.as_ref().is_some_and(|r| r.territory);
                let captured = if territory {
                    [south, rest - south]
                } else {
                    [south, north.min(rest - south)]
                };
                let to_move = if north_to_move {
                    Side::North
                } else {
                    Side::South
                };
                let pos = rules.position(&board, captured, to_move, ply).unwrap();
                (g, rules.with_opened(pos, opened[0], opened[1]), seed)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3_000))]

    /// From any position: no panic, seeds conserved, legal/play/successors
    /// agree; and a random game played on from it ends, conserving seeds.
    #[test]
    fn arbitrary_positions_never_panic_and_conserve_seeds((g, pos, seed) in arbitrary_position()) {
        let rules = &VARIANTS[g];
        let total = seeds(&pos);
        prop_assert!(total <= rules.total_seeds());
        check_position(rules, &pos);
        // Entering the position may end its round and set up the next.
        let mut game = Game::from_position(rules.clone(), pos);
        check_game(&game, &check_position(rules, game.position()));
        let mut rng = SmallRng::seed_from_u64(seed);
        play_out(&mut game, &mut rng, |game| {
            if game.moves().len() < CHECKED_PLIES {
                check_position(rules, game.position());
            }
            assert_eq!(seeds(game.position()), total, "{}: from {pos:?}: {}", rules.id(), game.record());
        });
        check_game(&game, &check_position(rules, game.position()));
        prop_assert_eq!(seeds(game.position()), total);
    }
}
