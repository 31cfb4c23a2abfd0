//! One test for each mechanism of the rule engine, on hand-built
//! positions whose outcome is worked out by hand in the comments.

use mancala_core::{EndReason, Game, Move, Position, Rules, Score, Side};

fn rules(id: &str) -> Rules {
    Rules::builtin(id).unwrap()
}

/// A mid-game position (both players have moved).
fn pos(r: &Rules, board: &[u8], captured: [u32; 2], to_move: Side) -> Position {
    r.position(board, captured, to_move, 10).unwrap()
}

fn board(r: &Rules, p: &Position) -> Vec<u8> {
    p.raw_board()[..r.holes()].to_vec()
}

fn labels(r: &Rules, p: &Position) -> Vec<String> {
    r.legal_moves(p)
        .iter()
        .map(|m| mancala_core::notation::move_label(r, m))
        .collect()
}

const A: Move = Move::Sow(0);
const B: Move = Move::Sow(1);
const C: Move = Move::Sow(2);

// ---------------------------------------------------------------- Modiar

#[test]
fn modiar_all_grand_slams_are_played_without_capture() {
    let r = rules("modiar");
    // Only C can move: its two seeds go to C and a; a then holds 2, which
    // would be captured and leave North's row empty: a grand slam. Every
    // candidate is one, so it is legal and captures nothing.
    let p = pos(&r, &[0, 0, 2, 1, 0, 0], [20, 19], Side::South);
    assert_eq!(labels(&r, &p), ["C"]);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 2, 0, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (20, 19)
    );
}

#[test]
fn modiar_grand_slam_is_forbidden_while_another_move_remains() {
    let r = rules("modiar");
    // C is the same grand slam; A (two seeds into A and B) is not one.
    let p = pos(&r, &[2, 0, 2, 1, 0, 0], [18, 19], Side::South);
    assert_eq!(labels(&r, &p), ["A"]);
    assert!(r.play(&p, C).is_err());
}

#[test]
fn modiar_must_feed_an_empty_row() {
    let r = rules("modiar");
    // North's row is empty: A (into A, B) does not reach it, B (into B, C, a) does.
    let p = pos(&r, &[2, 3, 0, 0, 0, 0], [20, 17], Side::South);
    assert_eq!(labels(&r, &p), ["B"]);
}

#[test]
fn modiar_chain_crosses_from_north_row_to_south_row() {
    let r = rules("modiar");
    // A's four seeds go into A, B, C, a. a: 1 -> 2, C: 1 -> 2, B: 3 -> 4 are
    // taken (the chain crosses from North's row into South's); A holds 1 and stops it.
    let p = pos(&r, &[4, 3, 1, 1, 2, 0], [15, 16], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 0, 2, 0]);
    assert_eq!(after.captured(Side::South), 15 + 8);
}

#[test]
fn modiar_opening_move_captures_nothing() {
    let r = rules("modiar");
    // A's seven seeds lap the board and the last one returns to A, which then
    // holds 2: a capture on any later move, but not on the opening.
    let start = r.start();
    let after = r.play(&start, A).unwrap();
    assert_eq!(board(&r, &after), [2, 8, 8, 8, 8, 8]);
    assert_eq!(after.captured(Side::South), 0);
    let later = r.with_opened(start, true, true);
    let after = r.play(&later, A).unwrap();
    assert_eq!(board(&r, &after), [0, 8, 8, 8, 8, 8]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn modiar_ends_with_each_row_collected() {
    let r = rules("modiar");
    // North has only singletons: no legal move, each player takes their row.
    let p = pos(&r, &[2, 3, 0, 1, 1, 0], [20, 15], Side::North);
    let game = Game::from_position(r.clone(), p);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.score, Some([Score::seeds(25), Score::seeds(17)]));
    assert_eq!(outcome.winner, Some(Side::South));
}

// ---------------------------------------------------------------- Tihbat

#[test]
fn tihbat_player_with_empty_row_passes() {
    let r = rules("tihbat");
    let p = pos(&r, &[0, 0, 3, 4], [10, 11], Side::South);
    assert_eq!(labels(&r, &p), ["pass"]);
    let after = r.play(&p, Move::Pass).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 3, 4]);
    assert_eq!(after.to_move(), Side::North);
    assert_eq!(after.ply(), p.ply() + 1);
    assert!(r.play(&p, A).is_err());
}

#[test]
fn tihbat_chain_stays_in_the_movers_row() {
    let r = rules("tihbat");
    // A's six seeds: A, B, a, b, A, B. B ends with 2 and A with 2: both
    // taken. The hole before A is North's b, also sown and holding 2, but
    // the chain never leaves the mover's row.
    let p = pos(&r, &[6, 0, 0, 1], [10, 11], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 2]);
    assert_eq!(after.captured(Side::South), 14);
}

#[test]
fn tihbat_landing_in_the_opponents_row_never_captures() {
    let r = rules("tihbat");
    // B's two seeds: B, a. a then holds 2, but it is North's hole.
    let p = pos(&r, &[0, 2, 1, 0], [12, 13], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 2, 0]);
    assert_eq!(after.captured(Side::South), 12);
}

#[test]
fn tihbat_repetition_ends_and_shares_the_board() {
    let r = rules("tihbat");
    // Two singletons: each player puts theirs straight back, and the
    // starting position recurs. The two seeds on the board are shared.
    let p = pos(&r, &[1, 0, 1, 0], [12, 14], Side::South);
    let mut game = Game::from_position(r.clone(), p);
    game.play(A).unwrap();
    assert!(!game.is_over());
    game.play(Move::Sow(2)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Repetition);
    assert_eq!(outcome.score, Some([Score::seeds(13), Score::seeds(15)]));
    assert_eq!(outcome.winner, Some(Side::North));
}

#[test]
fn tihbat_share_of_an_odd_board_is_half_a_seed() {
    let r = rules("tihbat");
    let p = pos(&r, &[1, 0, 2, 0], [12, 13], Side::South);
    let mut game = Game::from_position(r.clone(), p);
    game.play(A).unwrap(); // A's singleton goes back: [1,0,2,0], North to move
    game.play(Move::Sow(2)).unwrap(); // a's two seeds into a, b: [1,0,1,1], South to move
    game.play(A).unwrap(); // [1,0,1,1], North to move
    assert!(!game.is_over());
    game.play(Move::Sow(2)).unwrap(); // [1,0,1,1], South to move: seen after ply 2
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Repetition);
    let score = outcome.score.unwrap();
    assert_eq!(
        (score[0].to_string(), score[1].to_string()),
        ("13.5".into(), "14.5".into())
    );
}

// ------------------------------------------------------------- Sadeqa II

#[test]
fn sadeqa_first_moves_are_the_rightmost_holes() {
    let r = rules("sadeqa-ii");
    let start = r.start();
    assert_eq!(labels(&r, &start), ["F"]);
    let after = r.play(&start, Move::Sow(5)).unwrap();
    let north = labels(&r, &after);
    assert_eq!(north, ["f"]);
    // If the rightmost hole is empty at that moment, any hole may be played.
    let empty_f = r
        .position(
            &[3, 3, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3],
            [0, 0],
            Side::South,
            0,
        )
        .unwrap();
    assert_eq!(labels(&r, &empty_f), ["A", "B", "C", "D", "E"]);
}

#[test]
fn sadeqa_endless_sowing_is_not_legal() {
    let r = rules("sadeqa-ii");
    // D's relay passes a "1 2" pattern round the board for ever.
    let b = [1, 0, 1, 2, 0, 1, 0, 1, 0, 1, 0, 2];
    assert!(r.sow_only(&b, 3).is_none());
    let p = pos(&r, &b, [0, 0], Side::South);
    assert_eq!(labels(&r, &p), ["A", "C", "F"]);
    assert!(r.play(&p, Move::Sow(3)).is_err());
}

#[test]
fn sadeqa_capture_can_remove_the_movers_own_seeds() {
    let r = rules("sadeqa-ii");
    // E's two seeds go into F (empty -> 1) and a (empty -> 1): the sowing
    // ends in a, whose opposite hole is South's own F. F's seed leaves the game.
    let p = pos(
        &r,
        &[1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 3],
        [0, 0],
        Side::South,
    );
    let after = r.play(&p, Move::Sow(4)).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 3]);
    assert_eq!(after.removed(Side::South), 1);
    assert_eq!(after.captured(Side::South), 0);
}

#[test]
fn sadeqa_player_left_without_seeds_loses() {
    let r = rules("sadeqa-ii");
    let p = pos(
        &r,
        &[0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0],
        [0, 0],
        Side::South,
    );
    let game = Game::from_position(r.clone(), p);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.winner, Some(Side::North));
    assert_eq!(outcome.score, None);
}

// ----------------------------------------------------------------- Oware

#[test]
fn oware_long_sowing_skips_its_origin() {
    let r = rules("oware");
    // Twelve seeds from A: B..l get one each, A is passed over, B gets the twelfth.
    let p = pos(
        &r,
        &[12, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [10, 25],
        Side::South,
    );
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
}

#[test]
fn oware_grand_slam_is_played_but_captures_nothing() {
    let r = rules("oware");
    // F's seed makes North's a hold 2, North's only seeds: taking them would
    // empty the row, so the move is played without capture.
    let p = pos(
        &r,
        &[1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0],
        [20, 25],
        Side::South,
    );
    assert!(r.legal_moves(&p).contains(Move::Sow(5)));
    let after = r.play(&p, Move::Sow(5)).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 20);
}

#[test]
fn oware_ends_by_collection_when_the_mover_cannot_move() {
    let r = rules("oware");
    // North's last seed goes into A. South must feed North's empty row but
    // A's single seed only reaches B: no legal move, each row is collected.
    let p = pos(
        &r,
        &[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
        [24, 23],
        Side::North,
    );
    let mut game = Game::from_position(r.clone(), p);
    game.play(Move::Sow(11)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.score, Some([Score::seeds(25), Score::seeds(23)]));
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn oware_majority_ends_the_game() {
    let r = rules("oware");
    // South captures 2 in a (F's seed makes a hold 2; b keeps North's row alive) and passes 24.
    let p = pos(
        &r,
        &[0, 0, 0, 0, 0, 1, 1, 3, 0, 0, 0, 0],
        [23, 20],
        Side::South,
    );
    let mut game = Game::from_position(r.clone(), p);
    game.play(Move::Sow(5)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::Majority);
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn illegal_move_error_names_ply_move_and_legal_moves() {
    let r = rules("sadeqa-ii");
    let mut game = Game::new(r);
    let err = game.play_label("A").unwrap_err().to_string();
    assert_eq!(
        err,
        "illegal move A at ply 1 (South to move); legal moves: F"
    );
    let err = game.play_label("Q").unwrap_err().to_string();
    assert!(
        err.contains("ply 1") && err.contains("\"Q\"") && err.contains("legal moves: F"),
        "{err}"
    );
}

// ------------------------------------------------- family options

/// A small rule file (3 holes a row, 2 seeds each) with lines added to its tables.
fn family_text(sowing: &str, capture: &str, end: &str) -> String {
    format!(
        "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n{sowing}\n\
         [capture]\n{capture}\n[end]\n{end}\n"
    )
}

fn family(sowing: &str, capture: &str, end: &str) -> Rules {
    Rules::from_toml("f", &family_text(sowing, capture, end), "f.toml").unwrap()
}

#[test]
fn relay_stops_where_its_last_seed_captures() {
    let capture = "rule = \"counts\"\ncounts = [2]\nlast_hole_in = \"opponent\"";
    let stops = family(
        "laps = \"relay\"\nrelay_stops_at_capture = true",
        capture,
        "",
    );
    let goes_on = family("laps = \"relay\"", capture, "");
    // South plays C (1 seed): it falls into a, which then holds 2, a capturing count.
    let p = pos(&stops, &[1, 1, 1, 1, 1, 1], [3, 3], Side::South);
    let after = stops.play(&p, C).unwrap();
    assert_eq!(board(&stops, &after), [1, 1, 0, 0, 1, 1]);
    assert_eq!(after.captured(Side::South), 5);
    // Without the option a (2) is lifted: b and c get 1 each (2: lifted),
    // A and B 1 each (2: lifted), C and a 1 each: a was emptied, the relay
    // ends there with 1 seed, which captures nothing.
    let after = goes_on.play(&p, C).unwrap();
    assert_eq!(board(&goes_on, &after), [2, 0, 1, 1, 2, 0]);
    assert_eq!(after.captured(Side::South), 3);
}

#[test]
fn too_few_seeds_ends_the_game_and_settles_by_rows() {
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [2, 3]",
        "too_few_seeds = 2",
    );
    // South's C sows into a, which then holds 2 and is captured; one seed
    // (in b) is left, fewer than 2: the game ends, North collects it.
    let p = pos(&r, &[0, 0, 1, 1, 1, 0], [5, 4], Side::South);
    let mut game = Game::from_position(r, p);
    game.play(C).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::TooFewSeeds);
    assert_eq!(outcome.score, Some([Score::seeds(7), Score::seeds(5)]));
    assert_eq!(outcome.winner, Some(Side::South));
}

#[test]
fn the_last_seeds_are_picked_up_before_a_majority_is_counted() {
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [2, 3]",
        "win_seeds = 5\nrest_to_winner = true\ntoo_few_seeds = 3\ntoo_few_to_starter = true",
    );
    // South started the game. North's c sows its seed into A, which then
    // holds 2 and is captured: North has 7, past `win_seeds`, and one seed
    // (in B) is left, fewer than 3. The starter picks it up as part of the
    // move, before North's majority would hand it to North.
    let p = pos(&r, &[1, 1, 0, 0, 0, 1], [4, 5], Side::North);
    let mut game = Game::from_position(r, p);
    game.play(Move::Sow(5)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::TooFewSeeds);
    assert_eq!(outcome.score, Some([Score::seeds(5), Score::seeds(7)]));
    assert_eq!(outcome.winner, Some(Side::North));
}

#[test]
fn last_mover_takes_the_seeds_left() {
    let r = family("", "", "no_moves = \"last-mover\"");
    // South's C puts its seed into a; North's a moves it on to b. South has
    // no seed left: the game ends and North, who moved last, takes the board.
    let p = pos(&r, &[0, 0, 1, 0, 0, 0], [6, 5], Side::South);
    let mut game = Game::from_position(r, p);
    game.play(C).unwrap();
    game.play(Move::Sow(3)).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.score, Some([Score::seeds(6), Score::seeds(6)]));
}

#[test]
fn family_options_are_validated() {
    let bad = [
        (
            "relay_stops_at_capture = true",
            "",
            "",
            "sowing.relay_stops_at_capture",
        ),
        ("", "", "too_few_seeds = 1", "end.too_few_seeds"),
    ];
    for (sowing, capture, end, key) in bad {
        let e = Rules::from_toml("f", &family_text(sowing, capture, end), "f.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
        assert!(e.to_string().starts_with("f.toml:"), "{e}");
    }
}

#[test]
fn forbidden_grand_slams_can_leave_no_legal_move() {
    let capture =
        "rule = \"counts\"\ncounts = [2]\nlast_hole_in = \"opponent\"\ngrand_slam = \"forbidden\"";
    let none = family(
        "",
        &format!("{capture}\ngrand_slam_fallback = \"not-played\""),
        "",
    );
    let played = family("", capture, "");
    // South's only move C puts its seed into a (1 -> 2): captured, North's row is left empty.
    let p = pos(&none, &[0, 0, 1, 1, 0, 0], [5, 5], Side::South);
    assert!(none.legal_moves(&p).is_empty());
    assert_eq!(labels(&played, &p), ["C"]);
}

#[test]
fn seeds_left_removed_or_shared_with_the_odd_one_to_the_player_behind() {
    // North to move has no seed: the game ends with 3 seeds in South's row.
    let p_of = |r: &Rules| pos(r, &[1, 2, 0, 0, 0, 0], [4, 5], Side::North);
    let removed = family("", "", "no_moves = \"removed\"");
    let mut game = Game::from_position(removed.clone(), p_of(&removed));
    assert!(game.legal_moves().is_empty());
    assert_eq!(
        game.outcome().unwrap().score,
        Some([Score::seeds(4), Score::seeds(5)])
    );
    let behind = family("", "", "no_moves = \"share-odd-to-behind\"");
    game = Game::from_position(behind.clone(), p_of(&behind));
    // 3 seeds: 1 each, and the odd one to South, who has fewer (4 < 5): 6 to 6.
    assert_eq!(
        game.outcome().unwrap().score,
        Some([Score::seeds(6), Score::seeds(6)])
    );
}

#[test]
fn a_player_who_cannot_be_fed_takes_the_seeds_left() {
    let text = "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n\
                [moves]\nmust_feed = true\n[end]\nunfed_takes_rest = true\n";
    let r = Rules::from_toml("f", text, "f.toml").unwrap();
    // South to move: North's row is empty and A's single seed cannot reach it.
    let p = pos(&r, &[1, 0, 0, 0, 0, 0], [5, 6], Side::South);
    let game = Game::from_position(r, p);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.score, Some([Score::seeds(5), Score::seeds(7)]));
}

#[test]
fn a_mover_who_empties_their_row_ends_the_game_and_takes_the_rest() {
    let text = "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
                [sowing]\nstart = \"next\"\ninto_own_store = true\n[moves]\nextra_turn = \"store\"\n\
                [end]\nmover_row_empty = true\nno_moves = \"last-mover\"\n";
    let r = Rules::from_toml("f", text, "f.toml").unwrap();
    // South's C (1 seed) ends in South's store: an extra turn, and South's row is empty.
    let p = pos(&r, &[0, 0, 1, 2, 1, 0], [4, 4], Side::South);
    let mut game = Game::from_position(r, p);
    game.play(C).unwrap();
    assert_eq!(game.position().to_move(), Side::South);
    assert_eq!(game.position().last_mover(), Side::South);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::RowEmpty);
    // South, who moved last, takes North's 3 seeds: 5 + 3 to 4.
    assert_eq!(outcome.score, Some([Score::seeds(8), Score::seeds(4)]));
}

#[test]
fn passing_captures_go_to_each_hole_owner() {
    let r = family(
        "passing_captures = true",
        "rule = \"counts\"\ncounts = [4]",
        "",
    );
    // South's B (3 seeds) sows C, a, b. C reaches 4 (not the last seed):
    // South takes it; a reaches 4 too: North takes it; b, the last, holds
    // 1 and captures nothing.
    let p = pos(&r, &[0, 3, 3, 3, 0, 0], [1, 2], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 1, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (5, 6)
    );
}

#[test]
fn own_row_sowing_stays_in_the_movers_row() {
    let plain = family("", "rule = \"none\"", "");
    let own = family("own_row = true", "rule = \"none\"", "");
    // South's C (2 seeds): across to a and b normally; around South's own
    // row, to A and B.
    let p = pos(&own, &[0, 0, 2, 1, 1, 1], [3, 3], Side::South);
    assert_eq!(
        board(&plain, &plain.play(&p, C).unwrap()),
        [0, 0, 0, 2, 2, 1]
    );
    assert_eq!(board(&own, &own.play(&p, C).unwrap()), [1, 1, 0, 1, 1, 1]);
    // North's c (3 seeds) goes round North's row: a, b, then c itself.
    let p = pos(&own, &[1, 1, 1, 0, 0, 3], [3, 3], Side::North);
    let after = own.play(&p, Move::Sow(5)).unwrap();
    assert_eq!(board(&own, &after), [1, 1, 1, 1, 1, 1]);
    // With the store in the ring: South's C (2 seeds) sows the store, then A.
    let text = "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
                [sowing]\nstart = \"next\"\nown_row = true\ninto_own_store = true\n\
                [moves]\nextra_turn = \"store\"\n";
    let r = Rules::from_toml("f", text, "f.toml").unwrap();
    let p = pos(&r, &[0, 1, 2, 1, 1, 1], [3, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [1, 1, 0, 1, 1, 1]);
    assert_eq!(after.captured(Side::South), 4);
    // A single seed into the store earns another move.
    let after = r
        .play(&pos(&r, &[1, 1, 1, 1, 1, 1], [3, 3], Side::South), C)
        .unwrap();
    assert_eq!(after.to_move(), Side::South);
}

#[test]
fn empty_or_across_allows_only_laps_ending_across_or_in_an_empty_hole() {
    let r = family("", "rule = \"none\"", "\n[moves]\nempty_or_across = true");
    // A's seed would end in B and B's in C, both holding seeds; C (2) ends in b.
    let p = pos(&r, &[1, 1, 2, 1, 1, 1], [2, 3], Side::South);
    assert_eq!(labels(&r, &p), ["C"]);
    // A's 6 seeds end back in A, which held seeds, but a hole of more seeds
    // than a row has holes may always be played; B's seed ends in empty C.
    let p = pos(&r, &[6, 1, 0, 1, 1, 1], [0, 0], Side::South);
    assert_eq!(labels(&r, &p), ["A", "B"]);
}

#[test]
fn emptying_ones_own_row_wins_under_empty_row_wins() {
    let r = family(
        "",
        "rule = \"none\"",
        "result = \"deprivation\"\nempty_row_wins = true",
    );
    // South's last seed leaves South's row empty: South wins at once.
    let mut game =
        Game::from_position(r.clone(), pos(&r, &[0, 0, 1, 1, 1, 1], [4, 4], Side::South));
    game.play(C).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::RowEmpty);
    assert_eq!(outcome.winner, Some(Side::South));
    assert_eq!(outcome.score, None);
    // A move that leaves both rows with seeds goes on.
    let mut game =
        Game::from_position(r.clone(), pos(&r, &[0, 1, 1, 1, 1, 1], [4, 3], Side::South));
    game.play(C).unwrap();
    assert!(game.outcome().is_none());
}

#[test]
fn under_deprivation_a_mover_who_empties_their_own_row_loses() {
    let r = family(
        "",
        "rule = \"none\"",
        "result = \"deprivation\"\nstuck = \"loss\"\nmover_row_empty = true",
    );
    // South's C gives South's last seed away: North, with seeds, wins.
    let mut game =
        Game::from_position(r.clone(), pos(&r, &[0, 0, 1, 1, 1, 1], [4, 4], Side::South));
    game.play(C).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::RowEmpty);
    assert_eq!(outcome.winner, Some(Side::North));
    // A player to move with no seeds loses, whoever moved last.
    let game = Game::from_position(r.clone(), pos(&r, &[1, 1, 1, 0, 0, 0], [4, 5], Side::North));
    assert_eq!(game.outcome().unwrap().winner, Some(Side::South));
}

#[test]
fn laps_options_are_validated() {
    let bad = [
        (
            "own_row = true\npassing_captures = true",
            "rule = \"counts\"\ncounts = [4]",
            "",
            "sowing.own_row",
        ),
        ("", "", "empty_row_wins = true", "end.empty_row_wins"),
        (
            "",
            "",
            "result = \"deprivation\"\nempty_row_wins = true\nmover_row_empty = true",
            "end.empty_row_wins",
        ),
    ];
    for (sowing, capture, end, key) in bad {
        let e = Rules::from_toml("f", &family_text(sowing, capture, end), "f.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
    }
}

#[test]
fn the_gamacha_layout_is_turned_round_for_north() {
    let text = |first: &str| {
        format!(
            "name = \"G\"\n[board]\nholes_per_row = 6\nseeds_per_hole = 4\nlayout = \"gamacha\"\n\
             first_player = \"{first}\"\n[sowing]\nstart = \"next\"\n"
        )
    };
    let south = Rules::from_toml("g", &text("south"), "g.toml").unwrap();
    // Holes 2, 4, ..., 10 hold 4; d = 1 + 2 * (5 / 4) = 3 takes the 4 seeds
    // of the hole opposite, 8: 5 holes of 4 seeds.
    assert_eq!(
        board(&south, &south.start()),
        [0, 0, 4, 4, 4, 0, 4, 0, 0, 0, 4, 0]
    );
    assert_eq!(south.total_seeds(), 20);
    let north = Rules::from_toml("g", &text("north"), "g.toml").unwrap();
    assert_eq!(
        board(&north, &north.start()),
        [4, 0, 0, 0, 4, 0, 0, 0, 4, 4, 4, 0]
    );
    assert_ne!(south.play_fingerprint(), north.play_fingerprint());
    let small = text("south").replace("holes_per_row = 6", "holes_per_row = 2");
    let e = Rules::from_toml("g", &small, "g.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.layout"), "{e}");
}

#[test]
fn a_first_rightmost_opening_binds_only_the_games_first_move() {
    let r = family(
        "",
        "rule = \"none\"",
        "\n[moves]\nopening = \"first-rightmost\"",
    );
    let start = r.start();
    assert_eq!(labels(&r, &start), ["C"]);
    // North's first move is free.
    let after = r.play(&start, C).unwrap();
    assert_eq!(labels(&r, &after), ["a", "b", "c"]);
}

#[test]
fn a_single_seed_moves_only_into_an_empty_hole_under_single_to_empty() {
    let r = family("", "rule = \"none\"", "\n[moves]\nsingle_to_empty = true");
    // A's single seed would fall on B's seeds: not playable; B's single seed
    // goes into empty C; C (2 seeds) is not a single seed.
    let p = pos(&r, &[1, 1, 0, 1, 1, 1], [3, 4], Side::South);
    assert_eq!(labels(&r, &p), ["B"]);
    let p = pos(&r, &[1, 1, 2, 1, 1, 1], [3, 2], Side::South);
    assert_eq!(labels(&r, &p), ["C"]);
    // North's c (1 seed) wraps round to South's A, which is empty.
    let p = pos(&r, &[0, 1, 2, 1, 1, 1], [3, 3], Side::North);
    assert_eq!(labels(&r, &p), ["c"]);
}

// ---------------------------------------------------------------- capture variants

/// A three-hole-a-row game of ours with `extra` added to its `[capture]`.
fn capture_rules(sowing: &str, capture: &str) -> Rules {
    let text = format!(
        "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n\
         [sowing]\nstart = \"next\"\n{sowing}\n[capture]\n{capture}\n"
    );
    Rules::from_toml("t", &text, "t.toml").unwrap()
}

#[test]
fn a_chain_limit_stops_the_chain_after_that_many_holes() {
    let chain = "rule = \"counts\"\ncounts = [2, 3]\nchain = \"both-rows\"";
    // A's four seeds go into B, C, a, b, each 1 -> 2. The chain backwards
    // from b takes b, a, C, B without a limit; with a limit of 2, b and a.
    let p_board = [4, 1, 1, 1, 1, 0];
    let r = capture_rules("", chain);
    let after = r.play(&pos(&r, &p_board, [0, 0], Side::South), A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 8);
    let r = capture_rules("", &format!("{chain}\nchain_limit = 2"));
    let after = r.play(&pos(&r, &p_board, [0, 0], Side::South), A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 2, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 4);
}

#[test]
fn no_capture_until_each_player_has_had_a_turn() {
    let counts = "rule = \"counts\"\ncounts = [2]";
    // A's one seed makes B hold 2: captured once captures are allowed.
    let p_board = [1, 1, 0, 0, 0, 1];
    let taken = |r: &Rules, south: bool, north: bool| {
        let p = r.with_opened(pos(r, &p_board, [0, 0], Side::South), south, north);
        r.play(&p, A).unwrap().captured(Side::South)
    };
    let r = capture_rules("", &format!("{counts}\nopening_turns_without = 2"));
    assert_eq!(taken(&r, false, false), 0);
    assert_eq!(taken(&r, true, false), 0);
    assert_eq!(taken(&r, false, true), 0);
    assert_eq!(taken(&r, true, true), 2);
    // One turn without captures is the opening only, as on_opening = false.
    let r1 = capture_rules("", &format!("{counts}\nopening_turns_without = 1"));
    let r0 = capture_rules("", &format!("{counts}\non_opening = false"));
    assert_eq!(taken(&r1, false, false), 0);
    assert_eq!(taken(&r1, false, true), 2);
    assert_eq!(r1.play_fingerprint(), r0.play_fingerprint());
    assert_ne!(r.play_fingerprint(), r0.play_fingerprint());
}

#[test]
fn a_relay_does_not_stop_for_a_capture_it_may_not_make() {
    let r = capture_rules(
        "laps = \"relay\"\nrelay_stops_at_capture = true",
        "rule = \"counts\"\ncounts = [2]\nopening_turns_without = 2",
    );
    let p = pos(&r, &[1, 1, 0, 0, 0, 1], [0, 0], Side::South);
    // Captures allowed: A's seed makes B hold 2, the relay stops there and takes it.
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 0, 1]);
    assert_eq!(after.captured(Side::South), 2);
    // In the opening turns B's two seeds are lifted on: into C and a, ending in a.
    let opening = r.with_opened(p, true, false);
    let after = r.play(&opening, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 1, 0, 1]);
    assert_eq!(after.captured(Side::South), 0);
}

#[test]
fn a_move_of_a_single_seed_captures_nothing_when_the_rules_say_so() {
    let counts = "rule = \"counts\"\ncounts = [2]";
    // A's single seed makes B hold 2; C's two seeds make a and b hold 2.
    let p = pos(
        &capture_rules("", counts),
        &[1, 1, 2, 1, 1, 0],
        [0, 0],
        Side::South,
    );
    let r = capture_rules("", counts);
    assert_eq!(r.play(&p, A).unwrap().captured(Side::South), 2);
    let r = capture_rules("", &format!("{counts}\nnot_from_single = true"));
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 2, 1, 1, 0]);
    assert_eq!(after.captured(Side::South), 0);
    // The last hole b holds 2 and is taken; a move of two seeds still captures.
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [1, 1, 0, 2, 0, 0]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn capture_variant_settings_are_checked() {
    let bad = |capture: &str| {
        let text = format!(
            "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n\
             [sowing]\nstart = \"next\"\n[capture]\n{capture}\n"
        );
        Rules::from_toml("t", &text, "t.toml").unwrap_err()
    };
    let e = bad("rule = \"counts\"\ncounts = [2]\nchain_limit = 2");
    assert_eq!(e.key.as_deref(), Some("capture.chain_limit"));
    let e = bad("rule = \"counts\"\ncounts = [2]\nchain = \"same-row\"\nchain_limit = 1");
    assert_eq!(e.key.as_deref(), Some("capture.chain_limit"));
    let e = bad("rule = \"counts\"\ncounts = [2]\nopening_turns_without = 3");
    assert!(e.reason.contains("3 turns"), "{e}");
    let e = bad("rule = \"counts\"\ncounts = [2]\nopening_turns_without = 1\non_opening = false");
    assert_eq!(e.key.as_deref(), Some("capture.opening_turns_without"));
    let e = bad("not_from_single = true");
    assert_eq!(e.key.as_deref(), Some("capture.not_from_single"));
}

#[test]
fn a_capture_across_the_gap_takes_the_hole_after_an_empty_one() {
    let r = capture_rules("", "rule = \"across-gap\"");
    // B's seed makes C hold 2; the next hole a is empty, so b's 3 seeds are taken.
    let p = pos(&r, &[0, 1, 1, 0, 3, 0], [0, 0], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 2, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 3);
    // In a single lap the last hole must have held seeds: C was empty, nothing is taken.
    let p = pos(&r, &[0, 1, 0, 0, 3, 0], [0, 0], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 0, 3, 0]);
    assert_eq!(after.captured(Side::South), 0);
    // A relay ends in an empty hole, and then captures all the same.
    let r = capture_rules("laps = \"relay\"", "rule = \"across-gap\"");
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 3);
}

#[test]
fn a_chain_across_gaps_goes_on_in_the_sowing_direction() {
    // B's seed ends in C (a relay's last hole). a is empty: b's 3 are taken;
    // c is empty: A's 2; B (the emptied origin) is empty: C's 1.
    let chain = "rule = \"across-gap\"\nchain = \"both-rows\"";
    let r = capture_rules("laps = \"relay\"", chain);
    let p = pos(&r, &[2, 1, 0, 0, 3, 0], [0, 0], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 6);
    let r = capture_rules("laps = \"relay\"", &format!("{chain}\nchain_limit = 2"));
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 5);
    // The settings that do not fit are refused, naming the key.
    let text = "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n\
         [sowing]\nstart = \"next\"\n[capture]\nrule = \"across-gap\"\n";
    for (extra, key) in [
        ("chain = \"same-row\"", "capture.chain"),
        ("last_hole_in = \"own\"", "capture.last_hole_in"),
        ("counts = [2]", "capture.counts"),
    ] {
        let e = Rules::from_toml("t", &format!("{text}{extra}\n"), "t.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{e}");
    }
}

#[test]
fn a_sweep_takes_every_capturing_hole_of_the_opponents_row() {
    let r = capture_rules("", "rule = \"counts\"\ncounts = [2, 4]\nsweep = true");
    // A's two seeds end in C, South's rightmost hole: North's a (2) and
    // c (4) are taken, b (3) is not; C's own count plays no part.
    let p = pos(&r, &[2, 0, 0, 2, 3, 4], [0, 0], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 1, 0, 3, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // Ending in B, neither the opponent's row nor the rightmost hole: nothing.
    let p = pos(&r, &[1, 0, 0, 2, 3, 4], [0, 0], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 0, 2, 3, 4]);
    assert_eq!(after.captured(Side::South), 0);
    let text = "name = \"T\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\n\
         [sowing]\nstart = \"next\"\n[capture]\nsweep = true\n";
    let e = Rules::from_toml("t", text, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("capture.sweep"), "{e}");
}

#[test]
fn relay_from_next_lifts_the_hole_after_the_last() {
    let next = family(
        "laps = \"relay\"\nrelay_from_next = true",
        "rule = \"none\"",
        "",
    );
    let plain = family("laps = \"relay\"", "rule = \"none\"", "");
    // South's A (1 seed) sows B, which was empty: a plain relay ends there.
    // Relaying from the next hole, C (2 seeds) is lifted and sown into a and
    // b; the hole after b, c, is empty: the sowing ends.
    let p = pos(&next, &[1, 0, 2, 0, 3, 0], [0, 0], Side::South);
    assert_eq!(
        board(&plain, &plain.play(&p, A).unwrap()),
        [0, 1, 2, 0, 3, 0]
    );
    assert_eq!(board(&next, &next.play(&p, A).unwrap()), [0, 1, 0, 1, 4, 0]);
}

#[test]
fn relay_from_next_can_be_endless() {
    // From [1, 0, 1, 0, 2, 1], A relays for ever (16 laps a period, found by
    // hand and by a brute-force search): illegal, or a draw.
    let illegal = family(
        "laps = \"relay\"\nrelay_from_next = true",
        "rule = \"none\"",
        "",
    );
    let draw = family(
        "laps = \"relay\"\nrelay_from_next = true\nendless = \"draw\"",
        "rule = \"none\"",
        "",
    );
    let p = pos(&illegal, &[1, 0, 1, 0, 2, 1], [2, 0], Side::South);
    assert!(!illegal.legal_moves(&p).contains(A));
    assert!(illegal.legal_moves(&p).contains(C));
    let succ = draw.successors(&p);
    assert!(succ.get(A).unwrap().endless);
    assert!(!succ.get(C).unwrap().endless);
}

#[test]
fn passing_captures_with_their_own_counts_and_the_last_seed() {
    let sowing = "passing_captures = true\npassing_counts = [2]";
    let gap = "rule = \"across-gap\"";
    let without = family(sowing, gap, "");
    let with_last = family(&format!("{sowing}\npassing_last = true"), gap, "");
    // South's A (1 seed) brings B to 2 with its last seed. Without
    // passing_last, B stays and captures across the gap: C is empty, South
    // takes a. With it, South (B's owner) takes B's 2 seeds while sowing;
    // the last hole, emptied, then held no seeds: no capture across the gap.
    let p = pos(&without, &[1, 1, 0, 1, 0, 3], [2, 2], Side::South);
    let after = without.play(&p, A).unwrap();
    assert_eq!(board(&without, &after), [0, 2, 0, 0, 0, 3]);
    assert_eq!(after.captured(Side::South), 3);
    let after = with_last.play(&p, A).unwrap();
    assert_eq!(board(&with_last, &after), [0, 0, 0, 1, 0, 3]);
    assert_eq!(after.captured(Side::South), 4);
    // A hole of North's brought to 2 by the last seed is North's.
    let p = pos(&without, &[0, 0, 1, 1, 0, 3], [2, 3], Side::South);
    let after = with_last.play(&p, C).unwrap();
    assert_eq!(board(&with_last, &after), [0, 0, 0, 0, 0, 3]);
    assert_eq!(after.captured(Side::North), 5);
}

#[test]
fn sowing_options_of_stop_20_are_validated() {
    let bad = [
        ("relay_from_next = true", "", "sowing.relay_from_next"),
        (
            "laps = \"relay\"\nrelay_from_next = true\nskip_origin = true",
            "",
            "sowing.relay_from_next",
        ),
        (
            "passing_captures = true",
            "rule = \"across-gap\"",
            "sowing.passing_captures",
        ),
        ("passing_counts = [2]", "", "sowing.passing_counts"),
        (
            "passing_captures = true\npassing_counts = [0]",
            "",
            "sowing.passing_counts",
        ),
        (
            "passing_captures = true\npassing_last = true\nlaps = \"relay\"",
            "rule = \"counts\"\ncounts = [4]",
            "sowing.passing_last",
        ),
    ];
    for (sowing, capture, key) in bad {
        let e = Rules::from_toml("f", &family_text(sowing, capture, ""), "f.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{sowing}: {e}");
    }
}

#[test]
fn the_last_few_seeds_go_to_the_mover() {
    let r = family("", "rule = \"counts\"\ncounts = [4]\ntake_last = 2", "");
    // South's C (1 seed) sows a: 2 seeds are left, both taken by South.
    let p = pos(&r, &[0, 0, 1, 0, 1, 0], [4, 5], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0; 6]);
    assert_eq!(after.captured(Side::South), 6);
    // Three seeds left: more than 2, nothing is taken.
    let p = pos(&r, &[0, 1, 1, 0, 1, 0], [4, 5], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 0, 1, 1, 0]);
    assert_eq!(after.captured(Side::South), 4);
    // Counting the opponent's row only: its 2 seeds are few enough, and
    // South takes all 5 seeds of the board.
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [4]\ntake_last = 2\ntake_last_counted = \"opponent\"",
        "",
    );
    let p = pos(&r, &[1, 2, 1, 0, 1, 0], [2, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0; 6]);
    assert_eq!(after.captured(Side::South), 7);
}

#[test]
fn a_capture_takes_the_facing_hole_too() {
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [2]\ntake_facing = true",
        "",
    );
    // South's B (1 seed) brings C to 2: captured, with a, which faces C.
    let p = pos(&r, &[0, 1, 1, 2, 3, 0], [2, 3], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 3, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // Without a capture nothing facing is taken: A (1 seed) brings B to 3.
    let p = pos(&r, &[1, 2, 0, 2, 3, 0], [2, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 3, 0, 2, 3, 0]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn every_lap_captures_across_the_gap_then_relays_on() {
    let r = family(
        "laps = \"relay\"\nlap_captures = true",
        "rule = \"across-gap\"",
        "",
    );
    // South's A (2 seeds) sows B and C; C, occupied, captures across the
    // empty a: b's 2 seeds. C's 2 seeds are lifted into a and b; b was
    // emptied: the sowing ends there, and the empty c is followed by the
    // empty A: no more capture.
    let p = pos(&r, &[2, 0, 1, 0, 2, 0], [3, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 0, 1, 1, 0]);
    assert_eq!(after.captured(Side::South), 5);
}

#[test]
fn every_lap_captures_opposite_and_a_capture_relays_its_seed() {
    let r = family(
        "laps = \"relay\"\nlap_captures = true",
        "rule = \"opposite\"",
        "",
    );
    // South's A (1 seed) falls into the empty B: b's 3 seeds are taken and
    // B's single seed goes on into the empty C: a's 2 are taken, and C's
    // seed goes on into a, emptied, facing the empty C: no capture, the
    // sowing ends.
    let p = pos(&r, &[1, 0, 0, 2, 3, 0], [2, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 1, 0, 0]);
    assert_eq!(after.captured(Side::South), 7);
    let bad = Rules::from_toml(
        "f",
        &family_text("lap_captures = true", "rule = \"opposite\"", ""),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("sowing.lap_captures"));
}

#[test]
fn one_extra_turn_for_a_capture() {
    let capture = "rule = \"counts\"\ncounts = [2]";
    let always = family("", capture, "[moves]\nextra_turn = \"capture\"");
    let once = family(
        "",
        capture,
        "[moves]\nextra_turn = \"capture\"\nextra_turn_once = true",
    );
    // South's C (2 seeds) brings b to 2 and captures: South moves again.
    // Then A brings B to 2 and captures again: only where every capture
    // earns a move does South move a third time.
    let p = pos(&once, &[1, 1, 2, 1, 1, 0], [2, 2], Side::South);
    for (r, third) in [(&always, Side::South), (&once, Side::North)] {
        let after = r.play(&p, C).unwrap();
        assert_eq!(after.to_move(), Side::South);
        let after = r.play(&after, A).unwrap();
        assert_eq!(board(r, &after), [0, 0, 0, 2, 0, 0]);
        assert_eq!(after.to_move(), third);
    }
}

#[test]
fn the_rightmost_plus_one_layout() {
    let r = Rules::from_toml(
        "g",
        "name = \"G\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nlayout = \"rightmost-plus-one\"\n\
         [sowing]\nstart = \"next\"\n",
        "g.toml",
    )
    .unwrap();
    assert_eq!(board(&r, &r.start()), [2, 2, 3, 2, 2, 3]);
    assert_eq!(r.total_seeds(), 14);
}

#[test]
fn the_two_of_three_layout_empties_the_first_of_every_three_holes() {
    let text = |holes: u32| {
        format!(
            "name = \"G\"\n[board]\nholes_per_row = {holes}\nseeds_per_hole = 3\nlayout = \"two-of-three\"\n\
             [sowing]\nstart = \"next\"\n"
        )
    };
    let r = Rules::from_toml("g", &text(6), "g.toml").unwrap();
    // Each row from its own player's left: A and D empty, a and d empty.
    assert_eq!(board(&r, &r.start()), [0, 3, 3, 0, 3, 3, 0, 3, 3, 0, 3, 3]);
    assert_eq!(r.total_seeds(), 24);
    let e = Rules::from_toml("g", &text(7), "g.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("board.layout"), "{e}");
    assert!(e.reason.contains("multiple of 3"), "{e}");
}

fn closed(r: &Rules, p: &Position) -> Vec<usize> {
    (0..r.holes()).filter(|&h| p.is_blocked(h)).collect()
}

/// Plays `label`, checking that the move's sowing trace replays to the
/// position the engine gives (the removed seeds included).
fn play_traced(game: &mut Game, label: &str) {
    let before = *game.position();
    game.play_label(label).unwrap();
    let mv = *game.moves().last().unwrap();
    let (after, trace) = game.rules().play_traced(&before, mv).unwrap();
    assert_eq!(&after, game.position());
    let replayed = trace.replay(game.rules(), &before).unwrap();
    assert!(replayed.matches(game.rules(), &after), "{label}: {trace:?}");
}

#[test]
fn a_last_seed_bringing_an_opponent_hole_to_the_count_closes_it() {
    let r = family(
        "laps = \"relay\"\ncloses_at = 3",
        "",
        "result = \"deprivation\"\nstuck = \"loss\"",
    );
    // North plays c (1): A goes to 3 in South's row and is closed; its 3
    // seeds are sown on: B, C, a, where the relay ends (a was empty).
    let p = pos(&r, &[2, 0, 4, 0, 0, 1], [0, 0], Side::North);
    let mut game = Game::from_position(r.clone(), p);
    play_traced(&mut game, "c");
    assert_eq!(board(&r, game.position()), [0, 1, 5, 1, 0, 0]);
    assert_eq!(closed(&r, game.position()), [0]);
    // South's C (5): a, b, c, then A, closed and South's own, is passed
    // over: B, and C itself, where the relay ends.
    play_traced(&mut game, "C");
    assert_eq!(board(&r, game.position()), [0, 2, 1, 2, 1, 1]);
    // North's a (2): b, c (now 2: lifted); c's first seed falls into A,
    // closed in North's opponent's row: it leaves the game; the second
    // brings B to 3: closed, lifted: C, a, b (now 3: lifted, b is North's
    // own): c, then A and B, both closed: two more seeds leave the game,
    // the last one in B ends the relay.
    play_traced(&mut game, "a");
    let after = *game.position();
    assert_eq!(board(&r, &after), [0, 0, 2, 1, 0, 1]);
    assert_eq!(closed(&r, &after), [0, 1]);
    assert_eq!(after.removed(Side::North), 3);
    assert_eq!(after.captured(Side::North), 0);
    // Closed holes are never moves: South has C alone.
    assert_eq!(labels(&r, &after), ["C"]);
    // C (2): a, b; then North's c (1) into A: out of the game, South
    // to move with seeds nowhere: South cannot move and loses.
    play_traced(&mut game, "C");
    play_traced(&mut game, "c");
    assert_eq!(board(&r, game.position()), [0, 0, 0, 2, 1, 0]);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.reason, EndReason::NoMoves);
    assert_eq!(outcome.winner, Some(Side::North));
}

#[test]
fn closing_spares_rightmost_holes_the_opening_and_single_laps() {
    let relay = |extra: &str| family(&format!("laps = \"relay\"\ncloses_at = 3\n{extra}"), "", "");
    let closes = relay("");
    let spares = relay("closing_spares_rightmost = true");
    // North's c (3): A, B, then C (South's rightmost) to 3; lifted either
    // way: a, b, c, where the relay ends. Only without the spare is C closed.
    let p = pos(&closes, &[0, 0, 2, 0, 0, 3], [0, 0], Side::North);
    let c = Move::Sow(5);
    for (r, shut) in [(&closes, vec![2]), (&spares, vec![])] {
        let after = r.play(&p, c).unwrap();
        assert_eq!(board(r, &after), [1, 1, 0, 1, 1, 1]);
        assert_eq!(closed(r, &after), shut);
    }
    // The opening move of the game closes nothing when it may not capture.
    let inhibited = Rules::from_toml(
        "f",
        &family_text("laps = \"relay\"\ncloses_at = 3", "on_opening = false", ""),
        "f.toml",
    )
    .unwrap();
    let opening = inhibited
        .position(&[0, 0, 2, 0, 0, 3], [0, 0], Side::North, 0)
        .unwrap();
    assert!(closed(&inhibited, &inhibited.play(&opening, c).unwrap()).is_empty());
    assert_eq!(closed(&inhibited, &inhibited.play(&p, c).unwrap()), [2]);
    // After a single lap the closed hole's seeds leave the game.
    let single = family("closes_at = 3", "", "");
    let p = pos(&single, &[2, 1, 0, 0, 0, 1], [0, 0], Side::North);
    let after = single.play(&p, c).unwrap();
    assert_eq!(board(&single, &after), [0, 1, 0, 0, 0, 0]);
    assert_eq!(closed(&single, &after), [0]);
    assert_eq!(after.removed(Side::North), 3);
}

#[test]
fn closing_options_are_validated() {
    let bad = [
        ("closes_at = 1", "", "sowing.closes_at"),
        ("closes_at = 13", "", "sowing.closes_at"),
        (
            "closing_spares_rightmost = true",
            "",
            "sowing.closing_spares_rightmost",
        ),
        (
            "closes_at = 3",
            "rule = \"counts\"\ncounts = [2]",
            "capture.rule",
        ),
        (
            "closes_at = 3\ndirection = \"chosen\"",
            "",
            "sowing.direction",
        ),
        ("closes_at = 3\nown_row = true", "", "sowing.own_row"),
    ];
    for (sowing, capture, key) in bad {
        let e = Rules::from_toml("f", &family_text(sowing, capture, ""), "f.toml").unwrap_err();
        assert_eq!(e.key.as_deref(), Some(key), "{sowing}: {e}");
    }
    // Without a capture rule, the opening turns without captures are said
    // of closings.
    let text = family_text("closes_at = 3", "opening_turns_without = 2", "");
    assert!(Rules::from_toml("f", &text, "f.toml").is_ok());
    let text = family_text("", "on_opening = false", "");
    assert!(Rules::from_toml("f", &text, "f.toml").is_err());
}

#[test]
fn first_moves_from_the_right_half_land_across() {
    let text = |extra: &str| {
        format!(
            "name = \"T\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 2\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\nopening_lands_across = true\n\
             [moves]\nopening = \"right-half\"\nempty_or_across = true\n{extra}"
        )
    };
    let r = Rules::from_toml("t", &text(""), "t.toml").unwrap();
    let start = r
        .position(&[2, 2, 1, 2, 2, 2, 2, 2], [0, 0], Side::South, 0)
        .unwrap();
    // South's first move: C or D, the right half, wherever they end.
    assert_eq!(labels(&r, &start), ["C", "D"]);
    let mut game = Game::from_position(r.clone(), start);
    // C's single seed would fall into D, South's own: it goes on to a.
    play_traced(&mut game, "C");
    assert_eq!(board(&r, game.position()), [2, 2, 0, 2, 3, 2, 2, 2]);
    // North's first move: c or d; d's two seeds fall into A and B, and the
    // lap does not relay from B.
    assert_eq!(labels(&r, game.position()), ["c", "d"]);
    play_traced(&mut game, "d");
    assert_eq!(board(&r, game.position()), [3, 3, 0, 2, 3, 2, 2, 0]);
    // From now on a first lap must end across or in an empty hole of
    // one's own row: A (3) would end in D, which holds seeds.
    assert_eq!(labels(&r, game.position()), ["B", "D"]);
    let nearest = text("opening_fallback = \"nearest\"\n");
    let e = Rules::from_toml("t", &nearest, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("moves.opening_fallback"), "{e}");
    let own_row = text("").replace("laps = \"relay\"\n", "own_row = true\n");
    let e = Rules::from_toml("t", &own_row, "t.toml").unwrap_err();
    assert_eq!(e.key.as_deref(), Some("sowing.own_row"), "{e}");
}

#[test]
fn a_lap_capturing_at_a_count_goes_on_from_the_next_hole() {
    let counts = "rule = \"counts\"\ncounts = [3]";
    let r = family("laps = \"relay\"\nlap_captures = true", counts, "");
    // A (1) brings B to 3: captured; the relay goes on from C (2): a, b,
    // where b (2) is lifted: c, A, which was empty: the sowing ends.
    let p = pos(&r, &[1, 2, 2, 2, 1, 0], [2, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 3, 0, 1]);
    assert_eq!(after.captured(Side::South), 5);
    // After a capture, an empty next hole ends the sowing there.
    let p = pos(&r, &[1, 2, 0, 2, 1, 0], [3, 3], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 2, 1, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // Few seeds left: a lap starting with 4 or fewer on the board gives
    // the seeds it sows across to the opponent, but a capturing last seed.
    let few = family(
        "laps = \"relay\"\nlap_captures = true\nopponent_takes_sown_at = 4",
        counts,
        "",
    );
    // C (3) leaves 2 on the board: a and b's seeds go to North; the last
    // brings c to 3, which South captures; A, next, is empty.
    let p = pos(&few, &[0, 0, 3, 0, 0, 2], [3, 4], Side::South);
    let mut game = Game::from_position(few.clone(), p);
    play_traced(&mut game, "C");
    let after = *game.position();
    assert_eq!(board(&few, &after), [0, 0, 0, 0, 0, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (6, 6)
    );
    let e = Rules::from_toml(
        "f",
        &family_text("laps = \"relay\"\nopponent_takes_sown_at = 4", counts, ""),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(
        e.key.as_deref(),
        Some("sowing.opponent_takes_sown_at"),
        "{e}"
    );
}

#[test]
fn passing_captures_to_the_mover() {
    let r = family(
        "passing_captures = true\npassing_to_mover = true",
        "rule = \"counts\"\ncounts = [4]",
        "",
    );
    // As passing_captures_go_to_each_hole_owner, but South, the mover, takes
    // both C and a.
    let p = pos(&r, &[0, 3, 3, 3, 0, 0], [1, 2], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 1, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (9, 2)
    );
}

#[test]
fn a_laps_captured_seeds_are_sown_on() {
    let r = family(
        "laps = \"relay\"\nlap_captures = true\nlap_captures_sown_on = true",
        "rule = \"opposite\"",
        "",
    );
    // South's A (1 seed) falls into the empty B and captures b's 3 seeds,
    // which join it: B's 4 seeds are sown into C, a, b and c. c was empty
    // and faces the emptied A: no capture, the sowing ends. Nothing is kept.
    let p = pos(&r, &[1, 0, 0, 2, 3, 0], [2, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 3, 1, 1]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn both_stores_are_sown_and_may_earn_extra_turns() {
    let text = |extra: &str| {
        format!(
            "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
             [sowing]\nstart = \"next\"\ninto_own_store = true\ninto_opponent_store = true\n\
             [moves]\nextra_turn = \"store\"\n{extra}"
        )
    };
    let r = Rules::from_toml("f", &text(""), "f.toml").unwrap();
    // South's C (5 seeds): South's store, a, b, c, North's store.
    let p = pos(&r, &[0, 0, 5, 1, 1, 1], [3, 1], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 2, 2, 2]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (4, 2)
    );
    // Ending in the opponent's store earns nothing here.
    assert_eq!(after.to_move(), Side::North);
    // North's c (2 seeds) sows North's store, then A: each store after its owner's row.
    let p = pos(&r, &[1, 1, 1, 1, 1, 2], [2, 3], Side::North);
    let after = r.play(&p, Move::Sow(5)).unwrap();
    assert_eq!(board(&r, &after), [2, 1, 1, 1, 1, 0]);
    assert_eq!(after.captured(Side::North), 4);
    // With extra_turn_opponent_store, the same South move moves again.
    let again =
        Rules::from_toml("g", &text("extra_turn_opponent_store = true\n"), "g.toml").unwrap();
    let p = pos(&again, &[0, 0, 5, 1, 1, 1], [3, 1], Side::South);
    assert_eq!(again.play(&p, C).unwrap().to_move(), Side::South);
    // Sowing clockwise keeps the stores where they are: South's A (2 seeds),
    // against the sowing order, sows North's store and then c.
    let chosen = Rules::from_toml(
        "h",
        &text("").replace("into_own_store", "direction = \"chosen\"\ninto_own_store"),
        "h.toml",
    )
    .unwrap();
    let p = pos(&chosen, &[2, 1, 1, 1, 1, 1], [2, 3], Side::South);
    let after = chosen.play(&p, Move::SowClockwise(0)).unwrap();
    assert_eq!(board(&chosen, &after), [0, 1, 1, 1, 1, 2]);
    assert_eq!(after.captured(Side::North), 4);
    // The options need what they build on.
    let err = Rules::from_toml(
        "x",
        &text("").replace("into_own_store = true\n", ""),
        "x.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("sowing.into_opponent_store"), "{err}");
    let err = Rules::from_toml(
        "x",
        &text("extra_turn_opponent_store = true\n").replace("into_opponent_store = true\n", ""),
        "x.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("moves.extra_turn_opponent_store"), "{err}");
}

#[test]
fn a_relay_goes_on_only_from_its_counts() {
    let rules = |extra: &str| {
        let text = format!(
            "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\n{extra}"
        );
        Rules::from_toml("f", &text, "f.toml")
    };
    let p = |r: &Rules| pos(r, &[0, 2, 2, 1, 1, 1], [0, 0], Side::South);
    // South's B sows C and a; a (now 2) is lifted and sows b and c; c (now
    // 2) is lifted and sows A and B, which was empty: the relay ends.
    let plain = rules("").unwrap();
    assert_eq!(
        board(&plain, &plain.play(&p(&plain), B).unwrap()),
        [1, 1, 3, 0, 2, 0]
    );
    let two = rules("relay_counts = [2]\n").unwrap();
    assert_eq!(
        board(&two, &two.play(&p(&two), B).unwrap()),
        [1, 1, 3, 0, 2, 0]
    );
    // Going on only from 3 seeds, the sowing ends in a (2 seeds).
    let three = rules("relay_counts = [3]\n").unwrap();
    assert_eq!(
        board(&three, &three.play(&p(&three), B).unwrap()),
        [0, 0, 3, 2, 1, 1]
    );
    for bad in [
        "relay_counts = [1]\n",
        "relay_counts = []\n",
        "relay_counts = [13]\n",
    ] {
        let err = rules(bad).unwrap_err().to_string();
        assert!(err.contains("sowing.relay_counts"), "{bad}: {err}");
    }
    let err = Rules::from_toml(
        "f",
        "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n\
         [sowing]\nstart = \"next\"\nrelay_counts = [2]\n",
        "f.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("sowing.relay_counts"), "{err}");
}

#[test]
fn a_grand_slam_may_leave_one_hole() {
    let rules = |leaves: &str| {
        family(
            "",
            &format!(
                "rule = \"counts\"\ncounts = [2, 3]\nlast_hole_in = \"opponent\"\nchain = \"same-row\"\n{leaves}"
            ),
            "",
        )
    };
    // South's C sows a (2) and b (3): both captured, North's row emptied.
    let p = |r: &Rules| pos(r, &[0, 0, 2, 1, 2, 0], [4, 3], Side::South);
    let all = rules("");
    let after = all.play(&p(&all), C).unwrap();
    assert_eq!(board(&all, &after), [0, 0, 0, 0, 0, 0]);
    // Seen from South, North's a is the rightmost hole: it is left.
    let right = rules("grand_slam_leaves = \"rightmost\"");
    let after = right.play(&p(&right), C).unwrap();
    assert_eq!(board(&right, &after), [0, 0, 0, 2, 0, 0]);
    assert_eq!(after.captured(Side::South), 7);
    let left = rules("grand_slam_leaves = \"leftmost\"");
    let after = left.play(&p(&left), C).unwrap();
    assert_eq!(board(&left, &after), [0, 0, 0, 0, 3, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // A single hole holding seeds is taken.
    let p = pos(&right, &[0, 0, 1, 1, 0, 0], [5, 5], Side::South);
    let after = right.play(&p, C).unwrap();
    assert_eq!(board(&right, &after), [0, 0, 0, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 7);
    // North's slam leaves the rightmost hole as North sees South's row: A.
    let p = pos(&right, &[1, 2, 0, 0, 0, 2], [4, 3], Side::North);
    let after = right.play(&p, Move::Sow(5)).unwrap();
    assert_eq!(board(&right, &after), [2, 0, 0, 0, 0, 0]);
    let err = Rules::from_toml(
        "f",
        &family_text(
            "",
            "rule = \"counts\"\ncounts = [2]\ngrand_slam = \"no-capture\"\ngrand_slam_leaves = \"rightmost\"",
            "",
        ),
        "f.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("capture.grand_slam_leaves"), "{err}");
}

#[test]
fn each_lap_may_keep_its_first_seed() {
    let rules = |extra: &str| {
        let text = format!(
            "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\nlap_keeps_one = true\n[moves]\n{extra}"
        );
        Rules::from_toml("f", &text, "f.toml")
    };
    let r = rules("min_seeds = 2\n").unwrap();
    // South's B (3): one seed to South, C and a sown; a (now 2) is lifted:
    // one to South, b sown, which was empty.
    let p = pos(&r, &[0, 3, 0, 1, 0, 0], [4, 4], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 0, 1, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // A single seed cannot be played, so every lap sows one.
    let err = rules("").unwrap_err().to_string();
    assert!(err.contains("sowing.lap_keeps_one"), "{err}");
}

#[test]
fn a_last_seed_in_the_opponents_store_may_take_it() {
    let text = |extra: &str| {
        format!(
            "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
             [sowing]\nstart = \"next\"\ninto_own_store = true\ninto_opponent_store = true\n\
             [moves]\nextra_turn = \"store\"\n{extra}[capture]\nopponent_store = true\n"
        )
    };
    let r = Rules::from_toml("f", &text(""), "f.toml").unwrap();
    // South's C (5 seeds) sows South's store, a, b, c and North's store,
    // which then holds 2: South takes them.
    let p = pos(&r, &[0, 0, 5, 1, 1, 1], [3, 1], Side::South);
    let (after, trace) = r.play_traced(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 2, 2, 2]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (6, 0)
    );
    assert_eq!(after.to_move(), Side::North);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // Ending in the mover's own store is an extra turn, and takes nothing.
    let p = pos(&r, &[0, 2, 0, 2, 2, 2], [2, 2], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(after.to_move(), Side::South);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (3, 2)
    );
    let err = Rules::from_toml("f", &text("extra_turn_opponent_store = true\n"), "f.toml")
        .unwrap_err()
        .to_string();
    assert!(err.contains("capture.opponent_store"), "{err}");
}

#[test]
fn a_relay_may_go_on_only_from_one_row_and_a_store_may_be_lost() {
    let rules = |extra: &str, capture: &str| {
        let text = format!(
            "name = \"F\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\n{extra}[capture]\n{capture}"
        );
        Rules::from_toml("f", &text, "f.toml")
    };
    let p = |r: &Rules| pos(r, &[0, 2, 2, 1, 1, 1], [2, 3], Side::South);
    // South's B sows C and a; a (now 2) would be lifted, but it is in
    // North's row: with relay_from = "own" the sowing ends there.
    let own = rules("relay_from = \"own\"\n", "").unwrap();
    assert_eq!(
        board(&own, &own.play(&p(&own), B).unwrap()),
        [0, 0, 3, 2, 1, 1]
    );
    let any = rules("", "").unwrap();
    assert_eq!(
        board(&any, &any.play(&p(&any), B).unwrap()),
        [1, 1, 3, 0, 2, 0]
    );
    // The relay ends in B, empty before, in South's own row: South's
    // store goes to North where the row is "own", not where it is "opponent".
    let lost = rules("", "store_lost_in = \"own\"\n").unwrap();
    let after = lost.play(&p(&lost), B).unwrap();
    assert_eq!(board(&lost, &after), [1, 1, 3, 0, 2, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (0, 5)
    );
    let kept = rules("", "store_lost_in = \"opponent\"\n").unwrap();
    let after = kept.play(&p(&kept), B).unwrap();
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (2, 3)
    );
    let err = rules("relay_from = \"own\"\n", "")
        .map(|_| ())
        .and_then(|_| {
            Rules::from_toml(
                "x",
                "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n\
                 [sowing]\nstart = \"next\"\nrelay_from = \"own\"\n",
                "x.toml",
            )
            .map(|_| ())
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("sowing.relay_from"), "{err}");
    let err = Rules::from_toml(
        "x",
        "name = \"X\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n\
         [sowing]\nstart = \"next\"\n[capture]\nstore_lost_in = \"own\"\n",
        "x.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("capture.store_lost_in"), "{err}");
}

#[test]
fn a_single_seed_may_take_the_hole_facing_it() {
    let r = family("single_takes_facing = true", "rule = \"none\"", "");
    // South's A holds one seed: c, facing A, is taken first, then B sown.
    let p = pos(&r, &[1, 2, 0, 1, 1, 3], [2, 2], Side::South);
    let (after, trace) = r.play_traced(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 3, 0, 1, 1, 0]);
    assert_eq!(after.captured(Side::South), 5);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // A hole of two seeds sows as usual.
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 1, 2, 1, 3]);
    assert_eq!(after.captured(Side::South), 2);
}

#[test]
fn every_single_seed_of_the_movers_row_may_take_the_hole_facing_it() {
    let r = family("singles_take_facing = true", "rule = \"none\"", "");
    // South's A and B hold one seed each: c (3) and b (2) facing them are
    // taken before C's two seeds are sown into a and b.
    let p = pos(&r, &[1, 1, 2, 1, 2, 3], [1, 1], Side::South);
    let (after, trace) = r.play_traced(&p, C).unwrap();
    assert_eq!(board(&r, &after), [1, 1, 0, 2, 1, 0]);
    assert_eq!(after.captured(Side::South), 6);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // The hole played counts among the singles.
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 2, 1, 0, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // A single facing an empty hole takes nothing; North's singles do not
    // act on South's move.
    let p = pos(&r, &[1, 0, 3, 1, 1, 0], [3, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 2, 2, 1]);
    assert_eq!(after.captured(Side::South), 3);
    // Once a move, never in relays.
    let err = Rules::from_toml(
        "x",
        &family_text(
            "singles_take_facing = true\nlaps = \"relay\"",
            "rule = \"none\"",
            "",
        ),
        "x.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("sowing.singles_take_facing"), "{err}");
}

#[test]
fn a_hole_facing_a_single_seed_may_be_barred() {
    let text = family_text("", "rule = \"none\"", "")
        .replace("[sowing]", "[moves]\nnot_facing_single = true\n[sowing]");
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    // A faces c (1 seed): barred; B faces b (2), C faces a (0): playable.
    let p = pos(&r, &[2, 2, 2, 0, 2, 1], [1, 2], Side::South);
    assert!(r.play(&p, A).is_err());
    assert!(r.play(&p, B).is_ok());
    assert!(r.play(&p, C).is_ok());
}

#[test]
fn holes_taken_while_sowing_may_be_only_the_movers_or_the_opponents() {
    let own = family(
        "passing_captures = true\npassing_from = \"own\"",
        "rule = \"counts\"\ncounts = [4]",
        "",
    );
    let theirs = family(
        "passing_captures = true\npassing_from = \"opponent\"\npassing_to_mover = true",
        "rule = \"counts\"\ncounts = [4]",
        "",
    );
    // As passing_captures_go_to_each_hole_owner: South's B (3 seeds) brings
    // C and a to 4 with seeds still in hand. Only South's own C is taken,
    // or only North's a, by South.
    let p = pos(&own, &[0, 3, 3, 3, 0, 0], [1, 2], Side::South);
    let after = own.play(&p, B).unwrap();
    assert_eq!(board(&own, &after), [0, 0, 0, 4, 1, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (5, 2)
    );
    let after = theirs.play(&p, B).unwrap();
    assert_eq!(board(&theirs, &after), [0, 0, 4, 0, 1, 0]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (5, 2)
    );
    let (traced, trace) = theirs.play_traced(&p, B).unwrap();
    assert!(trace.replay(&theirs, &p).unwrap().matches(&theirs, &traced));
    let bad = Rules::from_toml(
        "f",
        &family_text(
            "passing_from = \"own\"",
            "rule = \"counts\"\ncounts = [4]",
            "",
        ),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("sowing.passing_from"));
    assert_ne!(own.play_fingerprint(), theirs.play_fingerprint());
}

#[test]
fn nothing_is_taken_while_sowing_before_captures_are_allowed() {
    let r = family(
        "passing_captures = true",
        "rule = \"counts\"\ncounts = [3]\non_opening = false",
        "",
    );
    // The game's first move: South's B (2 seeds) brings C to 3 with a seed
    // in hand, and a to 3 with the last. Nothing is captured yet, not even
    // while sowing. Later the same move takes C for South and a for South,
    // the last hole.
    let start = r
        .position(&[2, 2, 2, 2, 2, 2], [0, 0], Side::South, 0)
        .unwrap();
    let after = r.play(&start, B).unwrap();
    assert_eq!(board(&r, &after), [2, 0, 3, 3, 2, 2]);
    assert_eq!(after.captured(Side::South), 0);
    let later = pos(&r, &[2, 2, 2, 2, 2, 2], [0, 0], Side::South);
    let after = r.play(&later, B).unwrap();
    assert_eq!(board(&r, &after), [2, 0, 0, 0, 2, 2]);
    assert_eq!(after.captured(Side::South), 6);
}

#[test]
fn every_move_may_be_played_when_none_feeds() {
    let strict = family("", "rule = \"counts\"\ncounts = [4]", "");
    let text = |extra: &str| {
        family_text("", "rule = \"counts\"\ncounts = [4]", "").replace(
            "[capture]",
            &format!("[moves]\nmust_feed = true\n{extra}\n[capture]"),
        )
    };
    let strict_feed = Rules::from_toml("f", &text(""), "f.toml").unwrap();
    let any = Rules::from_toml("f", &text("feed_else_any = true"), "f.toml").unwrap();
    // North's row is empty. A (1 seed) sows B, B (1 seed) sows C: neither
    // feeds North. Without the option no move is legal; with it both are.
    let p = pos(&any, &[1, 1, 0, 0, 0, 0], [5, 5], Side::South);
    assert!(strict_feed.legal_moves(&p).is_empty());
    assert_eq!(labels(&any, &p), ["A", "B"]);
    assert_eq!(labels(&strict, &p), ["A", "B"]);
    // C (1 seed) sows a: when a move feeds, only those may be played.
    let p = pos(&any, &[1, 0, 1, 0, 0, 0], [5, 5], Side::South);
    assert_eq!(labels(&any, &p), ["C"]);
    let bad = Rules::from_toml(
        "f",
        &family_text("", "rule = \"counts\"\ncounts = [4]", "")
            .replace("[capture]", "[moves]\nfeed_else_any = true\n[capture]"),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("moves.feed_else_any"));
    assert_ne!(strict_feed.play_fingerprint(), any.play_fingerprint());
}

#[test]
fn a_relay_lap_that_captures_by_count_goes_on_from_the_next_hole() {
    let r = family(
        "laps = \"relay\"\nlap_captures = true",
        "rule = \"counts\"\ncounts = [2]",
        "",
    );
    // South's A (1 seed) brings B to 2: taken, and the relay goes on from
    // C, the hole after it: C's seed brings a to 2, taken too, and the
    // relay goes on from b, which is empty: the sowing ends there.
    let p = pos(&r, &[1, 1, 1, 1, 0, 2], [3, 3], Side::South);
    let (after, trace) = r.play_traced(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 0, 0, 2]);
    assert_eq!(after.captured(Side::South), 7);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // A lap that takes nothing relays as usual. With captures of 4: B (2
    // seeds) brings C and a to 2; a is lifted: b 1, c 3; c is lifted: A 1,
    // B 1, C 3; C is lifted: a 1, b 2, and c, emptied, 1: the end.
    let r3 = family(
        "laps = \"relay\"\nlap_captures = true",
        "rule = \"counts\"\ncounts = [4]",
        "",
    );
    let q = pos(&r3, &[0, 2, 1, 1, 0, 2], [3, 3], Side::South);
    let (after, trace) = r3.play_traced(&q, B).unwrap();
    assert_eq!(board(&r3, &after), [1, 1, 0, 1, 2, 1]);
    assert_eq!(after.captured(Side::South), 3);
    assert!(trace.replay(&r3, &q).unwrap().matches(&r3, &after));
}
/// A 3-hole, 2-seed game: `sowing` in its `[sowing]` table, then `rest`.
fn small(sowing: &str, rest: &str) -> Result<Rules, mancala_core::RuleError> {
    let text = format!(
        "name = \"K\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\n\
         [sowing]\nstart = \"next\"\n{sowing}\n{rest}"
    );
    Rules::from_toml("k", &text, "k.toml")
}

#[test]
fn sowing_passes_over_the_opponents_holes_of_a_count_but_not_on_the_first_move() {
    let r = small("skip_opponent_count = 2\nskip_not_on_opening = true", "").unwrap();
    // Mid-game, South's B (3): C (empty, South's own) is sown; a holds 2
    // and is passed over; b (1) is sown, c (2) passed over, then A.
    let p = pos(&r, &[0, 3, 0, 2, 1, 2], [2, 2], Side::South);
    let (after, trace) = r.play_traced(&p, B).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 1, 2, 2, 2]);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // The game's first move passes over nothing: C (2) sows a and b.
    let start = r.start();
    let first = r.play(&start, C).unwrap();
    assert_eq!(board(&r, &first), [2, 2, 0, 3, 3, 2]);
    // North's reply does: a (3) sows b and c, passes over A and B (2
    // each) and ends in C.
    let second = r.play(&first, Move::Sow(3)).unwrap();
    assert_eq!(board(&r, &second), [2, 2, 1, 0, 4, 3]);
    // Without the exemption the first move passes over North's three
    // holes of 2 and comes back to South's A and B.
    let strict = small("skip_opponent_count = 2", "").unwrap();
    let first = strict.play(&strict.start(), C).unwrap();
    assert_eq!(board(&strict, &first), [3, 3, 0, 2, 2, 2]);
    // A relay passes over them on every lap: A (2) sows B and C; C (3) is
    // lifted, a, b and c (2 each) are passed over and A, B, C sown; C was
    // empty, so the sowing ends.
    let relay = small("laps = \"relay\"\nskip_opponent_count = 2", "").unwrap();
    let p = pos(&relay, &[2, 2, 2, 2, 2, 2], [0, 0], Side::South);
    let after = relay.play(&p, A).unwrap();
    assert_eq!(board(&relay, &after), [1, 4, 1, 2, 2, 2]);
    // The exemption needs the count, and the count is a count of seeds.
    let err = small("skip_not_on_opening = true", "")
        .unwrap_err()
        .to_string();
    assert!(err.contains("sowing.skip_not_on_opening"), "{err}");
    let err = small("skip_opponent_count = 0", "")
        .unwrap_err()
        .to_string();
    assert!(err.contains("sowing.skip_opponent_count"), "{err}");
}

#[test]
fn holes_of_a_last_resort_count_are_played_only_when_all_are() {
    let r = small("", "[moves]\nlast_resort_count = 2\n").unwrap();
    // A and C hold 2: only B (1) may be played.
    let p = pos(&r, &[2, 1, 2, 1, 2, 4], [0, 0], Side::South);
    assert_eq!(labels(&r, &p), ["B"]);
    // With B empty, every hole that may be played holds 2.
    let p = pos(&r, &[2, 0, 2, 1, 2, 5], [0, 0], Side::South);
    assert_eq!(labels(&r, &p), ["A", "C"]);
    // ... and then only the rightmost, with last_resort_rightmost; North's
    // rightmost is c, then b.
    let right = small(
        "",
        "[moves]\nlast_resort_count = 2\nlast_resort_rightmost = true\n",
    )
    .unwrap();
    assert_eq!(labels(&right, &p), ["C"]);
    let p = pos(&right, &[2, 0, 2, 2, 2, 0], [2, 2], Side::North);
    assert_eq!(labels(&right, &p), ["b"]);
    // Single seeds as the last resort (Ouri).
    let ones = small("", "[moves]\nlast_resort_count = 1\n").unwrap();
    let p = pos(&ones, &[1, 3, 1, 1, 2, 4], [0, 0], Side::South);
    assert_eq!(labels(&ones, &p), ["B"]);
    let err = small("", "[moves]\nlast_resort_rightmost = true\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("moves.last_resort_rightmost"), "{err}");
}

#[test]
fn the_first_move_may_be_limited_to_the_two_rightmost_holes() {
    let r = small("", "[moves]\nopening = \"first-two-rightmost\"\n").unwrap();
    let start = r.start();
    assert_eq!(labels(&r, &start), ["B", "C"]);
    // North's first move is free.
    let after = r.play(&start, C).unwrap();
    assert_eq!(labels(&r, &after), ["a", "b", "c"]);
    // With C empty, the two rightmost holes that may be played are A and B.
    let p = r.with_opened(
        pos(&r, &[2, 2, 0, 3, 3, 2], [0, 0], Side::South),
        false,
        false,
    );
    assert_eq!(labels(&r, &p), ["A", "B"]);
    let err = small(
        "",
        "[moves]\nopening = \"first-two-rightmost\"\nopening_fallback = \"nearest\"\n",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("moves.opening_fallback"), "{err}");
}

#[test]
fn a_capture_may_take_every_counted_hole_of_the_opponents_row() {
    let capture = "[capture]\nrule = \"opposite\"\ncounts = [2]\ntake_counted = true\n";
    let r = small("", capture).unwrap();
    // South's A (1) ends in B, empty: b, facing it, holds 2 and is taken,
    // and so is c (2); a (1) stays.
    let p = pos(&r, &[1, 0, 0, 1, 2, 2], [3, 3], Side::South);
    let (after, trace) = r.play_traced(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 1, 0, 1, 0, 0]);
    assert_eq!(after.captured(Side::South), 7);
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // No capture, nothing taken: C (1) ends in a.
    let p = pos(&r, &[0, 0, 1, 1, 2, 2], [3, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 0, 2, 2, 2]);
    let err = small("", "[capture]\nrule = \"opposite\"\ntake_counted = true\n")
        .unwrap_err()
        .to_string();
    assert!(err.contains("capture.take_counted"), "{err}");
}

#[test]
fn a_grand_slam_may_earn_another_move() {
    let capture = |slam: &str| {
        format!(
            "[moves]\nmust_feed = true\n[capture]\nrule = \"counts\"\ncounts = [2, 3]\n\
             last_hole_in = \"opponent\"\n{slam}"
        )
    };
    let r = small("", &capture("grand_slam = \"extra-turn\"\n")).unwrap();
    // South's C (1) brings a to 2 and takes it, North's only seeds: South
    // moves again, and must feed North: only B (3) reaches a and b.
    let p = pos(&r, &[0, 3, 1, 1, 0, 0], [4, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [0, 3, 0, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 6);
    assert_eq!(after.to_move(), Side::South);
    assert_eq!(labels(&r, &after), ["B"]);
    // Allowed grand slams hand the turn over as any capture does.
    let plain = small("", &capture("")).unwrap();
    assert_eq!(plain.play(&p, C).unwrap().to_move(), Side::North);
}

#[test]
fn clockwise_stores_may_stay_on_their_owners_right() {
    let text = |extra: &str| {
        format!(
            "name = \"K\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
             [sowing]\nstart = \"next\"\ndirection = \"clockwise\"\ninto_own_store = true\n{extra}\
             [moves]\nextra_turn = \"store\"\n"
        )
    };
    let right = Rules::from_toml("k", &text("stores_on_right = true\n"), "k.toml").unwrap();
    let left = Rules::from_toml("k", &text(""), "k.toml").unwrap();
    // South's B (2), clockwise: A, then c with the store on the right; A,
    // then South's store with it on the left (after South's row).
    let p = pos(&right, &[0, 2, 0, 1, 1, 1], [10, 9], Side::South);
    let after = right.play(&p, B).unwrap();
    assert_eq!(board(&right, &after), [1, 0, 0, 1, 1, 2]);
    assert_eq!(after.to_move(), Side::North);
    let after = left.play(&p, B).unwrap();
    assert_eq!(board(&left, &after), [1, 0, 0, 1, 1, 1]);
    assert_eq!(after.to_move(), Side::South);
    // B (5) on the right: A, c, b, a, then South's store: another move.
    let p = pos(&right, &[0, 5, 0, 1, 1, 1], [8, 8], Side::South);
    let (after, trace) = right.play_traced(&p, B).unwrap();
    assert_eq!(board(&right, &after), [1, 0, 0, 2, 2, 2]);
    assert_eq!(after.captured(Side::South), 9);
    assert_eq!(after.to_move(), Side::South);
    assert!(trace.replay(&right, &p).unwrap().matches(&right, &after));
    let err = Rules::from_toml(
        "k",
        &text("stores_on_right = true\n").replace("\"clockwise\"", "\"counter-clockwise\""),
        "k.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("sowing.stores_on_right"), "{err}");
}

#[test]
fn rams_are_not_played_and_count_for_nobody() {
    use mancala_core::{EndReason, Score, settle};
    let text = |end: &str| {
        format!(
            "name = \"R\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
             [sowing]\nstart = \"next\"\ninto_own_store = true\n[moves]\nrams = true\n\
             [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\n[end]\n{end}"
        )
    };
    let r = Rules::from_toml("r", &text(""), "r.toml").unwrap();
    // Counter-clockwise with South's store after C, a sowing from A comes
    // back into South's row with its 7th seed (B, C, store, a, b, c, A),
    // from B with its 6th, from C with its 5th: C (5) is a ram, A (5) not.
    let p = pos(&r, &[5, 1, 5, 1, 0, 0], [6, 6], Side::South);
    assert_eq!(r.ram_holes(&p), 1 << 2);
    assert_eq!(labels(&r, &p), ["A", "B"]);
    // A ram's seeds may be captured: South's B (1) ends in C, empty,
    // facing North's ram a (7), which is taken and is a plain hole again.
    let p = pos(&r, &[0, 1, 0, 7, 0, 0], [8, 8], Side::South);
    assert_eq!(r.ram_holes(&p), 1 << 3);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 1, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 15);
    assert_eq!(r.ram_holes(&after), 0);
    // South cannot move from its ram: the game ends, and the ram's seeds
    // are nobody's (North collects its own 1).
    let p = pos(&r, &[0, 0, 5, 1, 0, 0], [9, 9], Side::South);
    assert!(labels(&r, &p).is_empty());
    let outcome = settle(&r, &p, EndReason::NoMoves);
    assert_eq!(outcome.score, Some([Score::seeds(9), Score::seeds(10)]));
    // A row whose seeds are all in rams is an emptied row.
    let ends = Rules::from_toml("r", &text("opponent_row_empty = true\n"), "r.toml").unwrap();
    let p = pos(&ends, &[1, 0, 0, 0, 0, 6], [8, 9], Side::South);
    let after = ends.play(&p, A).unwrap();
    assert_eq!(ends.ram_holes(&after), 1 << 5);
    assert_eq!(ends.end_before_moves(&after), Some(EndReason::RowEmpty));
    let err = Rules::from_toml(
        "r",
        &text("").replace("[moves]\n", "[moves]\nmust_feed = true\n"),
        "r.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("moves.rams"), "{err}");
}

#[test]
fn rams_change_only_when_the_turn_passes() {
    let r = Rules::from_toml(
        "r",
        "name = \"R\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
         [sowing]\nstart = \"next\"\ninto_own_store = true\n\
         [moves]\nrams = true\nextra_turn = \"store\"\n",
        "r.toml",
    )
    .unwrap();
    // C makes a ram with 5 seeds (C, then the store, a, b, c and back to A).
    // South's B (2) sows C (now 5) and the store: another move, and C is
    // no ram yet, so South may play it.
    let p = pos(&r, &[0, 2, 4, 1, 1, 1], [7, 8], Side::South);
    assert_eq!(r.ram_holes(&p), 0);
    let after = r.play(&p, B).unwrap();
    assert_eq!(after.to_move(), Side::South);
    assert_eq!(board(&r, &after), [0, 0, 5, 1, 1, 1]);
    assert_eq!(r.ram_holes(&after), 0);
    assert_eq!(labels(&r, &after), ["C"]);
    // Sown (store, a, b, c, A), C hands the turn over: no ram is left.
    let on = r.play(&after, C).unwrap();
    assert_eq!(board(&r, &on), [1, 0, 0, 2, 2, 2]);
    assert_eq!((on.to_move(), r.ram_holes(&on)), (Side::North, 0));
    // The same C filled by a move that hands the turn over is a ram.
    let p = pos(&r, &[0, 1, 4, 1, 1, 1], [8, 8], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(after.to_move(), Side::North);
    assert_eq!(r.ram_holes(&after), 1 << 2);
    let err = Rules::from_toml(
        "r",
        "name = \"R\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 4\nstores = true\n\
         [sowing]\nstart = \"next\"\ninto_own_store = true\n\
         [moves]\nrams = true\n[end]\nrepetition = \"draw\"\n",
        "r.toml",
    )
    .map(|_| ())
    .unwrap_err()
    .to_string();
    assert!(err.contains("moves.rams"), "{err}");
}

#[test]
fn a_single_seed_sown_across_the_row_ends_may_not_come_straight_back() {
    let text = |sowing: &str| {
        format!(
            "name = \"N\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 4\n\
             [sowing]\nstart = \"next\"\n{sowing}[moves]\nno_return = true\n"
        )
    };
    let r = Rules::from_toml("n", &text("direction = \"outward\"\n"), "n.toml").unwrap();
    // Outward: South's A sows clockwise into North's d, North's d
    // counter-clockwise into South's A. South's single seed in A crosses
    // into d, empty: North may not move it straight back.
    let p = pos(&r, &[1, 0, 2, 0, 0, 3, 0, 0], [13, 13], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 0, 2, 0, 0, 3, 0, 1]);
    assert_eq!(after.barred_mask(), 1 << 7);
    assert_eq!(labels(&r, &after), ["b"]);
    // The bar lasts one move: after North's b, d is a plain hole again.
    let later = r.play(&after, Move::Sow(5)).unwrap();
    assert_eq!(later.barred_mask(), 0);
    // A seed that joins others, or two seeds crossing, bar nothing.
    let joined = r
        .play(
            &pos(&r, &[1, 0, 2, 0, 0, 3, 0, 1], [12, 13], Side::South),
            A,
        )
        .unwrap();
    assert_eq!(labels(&r, &joined), ["b", "d"]);
    let two = r
        .play(
            &pos(&r, &[2, 0, 2, 0, 0, 3, 0, 0], [12, 13], Side::South),
            A,
        )
        .unwrap();
    assert_eq!(two.barred_mask(), 0);
    // North's single seed from a crosses into South's D the same way.
    let p = pos(&r, &[0, 3, 0, 0, 1, 0, 2, 0], [13, 13], Side::North);
    let after = r.play(&p, Move::Sow(4)).unwrap();
    assert_eq!(after.barred_mask(), 1 << 3);
    assert_eq!(labels(&r, &after), ["B"]);
    // Only split sowing moves a seed straight back.
    let err = Rules::from_toml("n", &text(""), "n.toml")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(err.contains("moves.no_return"), "{err}");
}

#[test]
fn a_relay_from_the_next_hole_may_go_on_from_the_store_and_stop_where_it_captures() {
    let text = |extra: &str| {
        format!(
            "name = \"E\"\n[board]\nholes_per_row = 3\nseeds_per_hole = 2\nstores = true\n\
             [sowing]\nstart = \"next\"\nlaps = \"relay\"\nrelay_from_next = true\ninto_own_store = true\n\
             relay_stops_at_capture = true\nendless = \"draw\"\n{extra}\
             [moves]\nextra_turn = \"store\"\n\
             [capture]\nrule = \"opposite\"\nlast_hole_in = \"own\"\ntake_sower = true\n"
        )
    };
    let r = Rules::from_toml("e", &text("relay_from_store = true\n"), "e.toml").unwrap();
    // South's B (1) ends in C, empty, facing an empty a; the next cell is
    // South's store (5): its seeds are lifted and sown into a, b, c, A and
    // B. B was empty and faces b (4): the relay stops there and takes b and
    // the sower.
    let p = pos(&r, &[0, 1, 0, 0, 3, 0], [5, 3], Side::South);
    let (after, trace) = r.play_traced(&p, B).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 1, 1, 0, 1]);
    assert_eq!(
        (after.captured(Side::South), after.captured(Side::North)),
        (5, 3)
    );
    assert_eq!(after.to_move(), Side::North);
    assert!(trace.events.contains(&mancala_core::SowEvent::LiftStore {
        side: Side::South,
        seeds: 5
    }));
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &after));
    // Without relay_from_store the store ends the relay.
    let plain = Rules::from_toml("e", &text(""), "e.toml").unwrap();
    let after = plain.play(&p, B).unwrap();
    assert_eq!(board(&plain, &after), [0, 0, 1, 0, 3, 0]);
    assert_eq!(after.captured(Side::South), 5);
    let err = Rules::from_toml(
        "e",
        &text("relay_from_store = true\n")
            .replace("relay_from_next = true\n", "")
            .replace("relay_stops_at_capture = true\n", ""),
        "e.toml",
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("sowing.relay_from_store"), "{err}");
}

// ------------------------------------------- a tally of round wins

#[test]
fn a_match_of_round_wins_restarts_every_round_from_the_opening_layout() {
    let text = family_text("", "", "") + "[rounds]\nround_wins = 2\n";
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    // North to move with an empty row: the round ends at once, South
    // collecting their 2 seeds: 8 against 4, South's round.
    let start = pos(&r, &[1, 1, 0, 0, 0, 0], [6, 4], Side::North);
    let game = Game::from_position(r.clone(), start);
    assert!(!game.is_over());
    assert_eq!(game.round(), 2);
    let next = game.position();
    // Not refilled from the seeds won: the opening layout, stores empty,
    // South starting (the players take turns, North started round 1).
    assert_eq!(board(&r, next), [2, 2, 2, 2, 2, 2]);
    assert_eq!(next.to_move(), Side::South);
    let won = game.round_starts()[0].previous;
    assert_eq!(won.winner, Some(Side::South));
    assert_eq!(
        [next.captured(Side::South), next.captured(Side::North)],
        [0, 0]
    );
    // South's second round win ends the match; one round each does not.
    let end = start;
    assert!(
        r.next_round_tallied(&end, &won, Side::North, [1, 0])
            .is_none()
    );
    assert!(
        r.next_round_tallied(&end, &won, Side::North, [0, 1])
            .is_some()
    );
    // The plain next_round counts no earlier wins.
    assert!(r.next_round(&end, &won, Side::North).is_some());
}

#[test]
fn after_a_drawn_round_the_player_not_to_move_starts_under_the_loser_rule() {
    let text = family_text("into_own_store = true", "", "")
        .replace("[board]\n", "[board]\nstores = true\n")
        + "[moves]\nextra_turn = \"store\"\n[rounds]\nstarter = \"loser-else-last-mover\"\n";
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    let next_starter = |board: &[u8], captured, play| {
        let mut game = Game::from_position(r.clone(), pos(&r, board, captured, Side::South));
        game.play(play).unwrap();
        assert_eq!(game.round(), 2);
        assert_eq!(game.round_starts()[0].previous.winner, None);
        game.position().to_move()
    };
    // South's C (1 seed) falls into South's store: 6 each, a drawn round,
    // and South, who earned another move, is to move. The player not to
    // move, North, starts the next round.
    assert_eq!(next_starter(&[0, 0, 1, 0, 0, 0], [5, 6], C), Side::North);
    // South's B (1 seed) falls into C and the turn passes; North, to move,
    // has no seed: the round ends 6-6, and South, who moved last and is
    // not to move, starts.
    assert_eq!(next_starter(&[0, 1, 0, 0, 0, 0], [5, 6], B), Side::South);
}

#[test]
fn a_tally_of_round_wins_is_validated() {
    for (extra, key) in [
        ("round_wins = 0\n", "round_wins"),
        ("round_wins = 2\nterritory = true\n", "territory"),
        ("round_wins = 2\nmin_seeds = 3\n", "min_seeds"),
    ] {
        let text = family_text("", "", "") + "[rounds]\n" + extra;
        let err = Rules::from_toml("f", &text, "f.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains(key), "{extra}: {err}");
    }
}

#[test]
fn a_move_may_have_to_land_in_an_occupied_hole() {
    let text = family_text("", "rule = \"none\"", "")
        .replace("[sowing]", "[moves]\nlands_occupied = true\n[sowing]");
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    // A's seed falls into B (1), B's into C (1): occupied. C's falls into
    // a, empty: barred.
    let p = pos(&r, &[1, 1, 1, 0, 2, 1], [3, 3], Side::South);
    assert_eq!(labels(&r, &p), ["A", "B"]);
    assert!(r.play(&p, C).is_err());
    // Judged on the first lap alone: a relay from B (then 2) changes nothing.
    let relay = Rules::from_toml(
        "f",
        &text.replace("[sowing]\n", "[sowing]\nlaps = \"relay\"\n"),
        "f.toml",
    )
    .unwrap();
    assert_eq!(labels(&relay, &p), ["A", "B"]);
    assert_ne!(
        r.play_fingerprint(),
        Rules::from_toml("f", &family_text("", "rule = \"none\"", ""), "f.toml")
            .unwrap()
            .play_fingerprint()
    );
    let bad = Rules::from_toml(
        "f",
        &text.replace(
            "lands_occupied = true",
            "lands_occupied = true\nany_row = true",
        ),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("moves.lands_occupied"));
}

#[test]
fn a_sweep_of_the_board_takes_every_counted_hole_after_a_move() {
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [1]\nsweep_board = true",
        "",
    );
    // South's A falls into B (then 2): C and c, single seeds, are taken
    // wherever they are; B's 2 and b's 2 stay.
    let p = pos(&r, &[1, 1, 1, 0, 2, 1], [3, 3], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 0, 0, 2, 0]);
    assert_eq!(after.captured(Side::South), 5);
    let (traced, trace) = r.play_traced(&p, A).unwrap();
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &traced));
    // Without it, the last hole (B, 2) captures nothing.
    let plain = family("", "rule = \"counts\"\ncounts = [1]", "");
    assert_eq!(
        board(&plain, &plain.play(&p, A).unwrap()),
        [0, 2, 1, 0, 2, 1]
    );
    let bad = Rules::from_toml(
        "f",
        &family_text(
            "",
            "rule = \"counts\"\ncounts = [1]\nsweep_board = true\nchain = \"both-rows\"",
            "",
        ),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("capture.sweep_board"));
}

// ------------------------------ a limit on a hole's seeds, round points

#[test]
fn no_hole_is_sown_beyond_its_limit() {
    let r = family("hole_limit = 3", "rule = \"none\"", "");
    // South's A (4 seeds) passes over B, full at 3: C, a, b and c get one each.
    let p = pos(&r, &[4, 3, 0, 0, 0, 0], [3, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 3, 1, 1, 1, 1]);
    let (traced, trace) = r.play_traced(&p, A).unwrap();
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &traced));
    // Without the limit B takes its fourth seed and c none.
    let plain = family("", "rule = \"none\"", "");
    assert_eq!(
        board(&plain, &plain.play(&p, A).unwrap()),
        [0, 4, 1, 1, 1, 0]
    );
    assert_ne!(r.play_fingerprint(), plain.play_fingerprint());
    // A relay passes over full holes on every lap: South's A (3) skips B,
    // sows C, a, b; b (then 1) ends it.
    let relay = family("hole_limit = 3\nlaps = \"relay\"", "rule = \"none\"", "");
    let p = pos(&relay, &[3, 3, 0, 2, 0, 0], [2, 2], Side::South);
    assert_eq!(
        board(&relay, &relay.play(&p, A).unwrap()),
        [0, 3, 1, 3, 1, 0]
    );
    // 12 seeds in holes of 2 could fill five of the six holes: a sowing
    // might find nowhere to go.
    for (limit, why) in [("2", "all but one"), ("0", "from 1 to 255")] {
        let bad = Rules::from_toml(
            "f",
            &family_text(&format!("hole_limit = {limit}"), "", ""),
            "f.toml",
        )
        .unwrap_err();
        assert_eq!(bad.key.as_deref(), Some("sowing.hole_limit"));
        assert!(bad.to_string().contains(why), "{bad}");
    }
}

#[test]
fn a_round_won_by_many_seeds_counts_twice() {
    let text = family_text("", "", "") + "[rounds]\nround_wins = 2\ndouble_win_seeds = 9\n";
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    // North to move with an empty row: South collects 2, ending with 10 of
    // 12 seeds, at least 9: two round wins, the match.
    let start = pos(&r, &[1, 1, 0, 0, 0, 0], [8, 2], Side::North);
    let game = Game::from_position(r.clone(), start);
    assert!(game.is_over());
    let won = *game.outcome().unwrap();
    assert_eq!(won.winner, Some(Side::South));
    assert_eq!(r.round_wins_earned(&won), [2, 0]);
    // With 8 (6 + 2) South wins a single round: the match goes on.
    let start = pos(&r, &[1, 1, 0, 0, 0, 0], [6, 4], Side::North);
    let game = Game::from_position(r.clone(), start);
    assert!(!game.is_over());
    assert_eq!(
        r.round_wins_earned(&game.round_starts()[0].previous),
        [1, 0]
    );
    for (extra, why) in [
        ("double_win_seeds = 9\n", "round_wins"),
        ("round_wins = 2\ndouble_win_seeds = 13\n", "12 seeds"),
    ] {
        let text = family_text("", "", "") + "[rounds]\n" + extra;
        let bad = Rules::from_toml("f", &text, "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some("rounds.double_win_seeds"));
        assert!(bad.to_string().contains(why), "{bad}");
    }
}

#[test]
fn a_last_seed_in_an_empty_hole_takes_the_next_hole() {
    let r = family("", "rule = \"next\"\nlast_hole_in = \"opponent\"", "");
    // South's C (1 seed) falls into the empty a; b, next in the sowing
    // direction, holds 2: they are taken, the last seed stays.
    let p = pos(&r, &[1, 1, 1, 0, 2, 1], [3, 3], Side::South);
    let after = r.play(&p, C).unwrap();
    assert_eq!(board(&r, &after), [1, 1, 0, 1, 0, 1]);
    assert_eq!(after.captured(Side::South), 5);
    let (traced, trace) = r.play_traced(&p, C).unwrap();
    assert!(trace.replay(&r, &p).unwrap().matches(&r, &traced));
    // With take_sower the last seed goes too.
    let sower = family(
        "",
        "rule = \"next\"\nlast_hole_in = \"opponent\"\ntake_sower = true",
        "",
    );
    let after = sower.play(&p, C).unwrap();
    assert_eq!(board(&sower, &after), [1, 1, 0, 0, 0, 1]);
    assert_eq!(after.captured(Side::South), 6);
    assert_ne!(r.play_fingerprint(), sower.play_fingerprint());
    // An empty next hole takes nothing; nor does a last hole of the
    // mover's own row (A into the empty B).
    let p = pos(&r, &[1, 1, 1, 0, 0, 1], [4, 4], Side::South);
    assert_eq!(board(&r, &r.play(&p, C).unwrap()), [1, 1, 0, 1, 0, 1]);
    let p = pos(&r, &[1, 0, 1, 0, 2, 1], [4, 3], Side::South);
    assert_eq!(board(&r, &r.play(&p, A).unwrap()), [0, 1, 1, 0, 2, 1]);
    let bad = Rules::from_toml(
        "f",
        &family_text("", "rule = \"next\"\ncounts = [2]", ""),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("capture.counts"));
}

#[test]
fn a_last_hole_matching_its_opposite_takes_both() {
    let r = family("", "rule = \"match\"", "");
    // South's B (1 seed) makes C 2, as many as a facing it: both are taken.
    let p = pos(&r, &[1, 1, 1, 2, 0, 1], [3, 3], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 0, 0, 0, 1]);
    assert_eq!(after.captured(Side::South), 7);
    // C 2 against a 3: nothing.
    let p = pos(&r, &[1, 1, 1, 3, 0, 1], [3, 2], Side::South);
    assert_eq!(board(&r, &r.play(&p, B).unwrap()), [1, 0, 2, 3, 0, 1]);
    // A relay that stops where it would capture: B (2) makes C and a 2
    // each, a matching C: the sowing stops there and takes both.
    let stops = family(
        "laps = \"relay\"\nrelay_stops_at_capture = true",
        "rule = \"match\"",
        "",
    );
    let p = pos(&stops, &[0, 2, 1, 1, 1, 0], [4, 3], Side::South);
    let after = stops.play(&p, B).unwrap();
    assert_eq!(board(&stops, &after), [0, 0, 0, 0, 1, 0]);
    assert_eq!(after.captured(Side::South), 8);
    // Without stopping, a (2) is lifted on: b 2, c 1, and c (1) does not
    // match the empty A.
    let on = family("laps = \"relay\"", "rule = \"match\"", "");
    assert_eq!(board(&on, &on.play(&p, B).unwrap()), [0, 0, 2, 0, 2, 1]);
    assert_ne!(stops.play_fingerprint(), on.play_fingerprint());
}

#[test]
fn a_random_layout_may_hold_seeds_the_holes_cannot_share_evenly() {
    let text = |extra: &str| {
        format!("name = \"F\"\n[board]\nholes_per_row = 3\n{extra}\n[sowing]\nstart = \"next\"\n")
    };
    let r = Rules::from_toml(
        "f",
        &text("seeds_per_hole = 2\nlayout = \"random\"\ntotal_seeds = 13"),
        "f.toml",
    )
    .unwrap();
    assert_eq!(r.total_seeds(), 13);
    for seed in 0..50 {
        let p = r.start_seeded(seed);
        let b = board(&r, &p);
        assert_eq!(b.iter().map(|&s| s as u32).sum::<u32>(), 13, "{b:?}");
        assert!(b.iter().all(|&s| s >= 2), "{b:?}");
        assert!(r.is_start_board(&b));
    }
    assert!(!r.is_start_board(&[2, 2, 2, 2, 2, 2]));
    for (extra, why) in [
        (
            "seeds_per_hole = 3\nlayout = \"random\"\ntotal_seeds = 13",
            "seeds_per_hole = 2",
        ),
        ("seeds_per_hole = 2\ntotal_seeds = 13", "random"),
    ] {
        let bad = Rules::from_toml("f", &text(extra), "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some("board.total_seeds"));
        assert!(bad.to_string().contains(why), "{bad}");
    }
}

#[test]
fn moves_from_either_row_with_chosen_directions_list_up_to_28_moves() {
    let r = Rules::from_toml(
        "f",
        "name = \"F\"\n[board]\nholes_per_row = 7\nseeds_per_hole = 2\n\
         [sowing]\nstart = \"next\"\ndirection = \"chosen\"\n[moves]\nany_row = true\n",
        "f.toml",
    )
    .unwrap();
    let start = r.start();
    assert_eq!(labels(&r, &start).len(), 28);
    for child in r.successors(&start).as_slice() {
        assert_eq!(r.play(&start, child.mv).unwrap(), child.pos);
    }
}

// ------------------------------ chains onwards, holes moved from, seed tallies

#[test]
fn a_chain_may_run_onwards_or_both_ways() {
    let chain = |direction: &str, limit: &str| {
        family(
            "",
            &format!(
                "rule = \"counts\"\ncounts = [2]\nchain = \"both-rows\"\nchain_direction = \"{direction}\"\n{limit}"
            ),
            "",
        )
    };
    // South's A (2 seeds) makes B and C 2: C, the last hole, is taken.
    // Onwards a and b hold 2 (not sown: that does not matter), c 1;
    // backwards B was sown and holds 2, A is empty.
    let p = pos(
        &chain("along", ""),
        &[2, 1, 1, 2, 2, 1],
        [2, 1],
        Side::South,
    );
    let after = |r: &Rules| {
        let after = r.play(&p, A).unwrap();
        (board(r, &after), after.captured(Side::South))
    };
    assert_eq!(after(&chain("along", "")), (vec![0, 2, 0, 0, 0, 1], 8));
    assert_eq!(after(&chain("both", "")), (vec![0, 0, 0, 0, 0, 1], 10));
    assert_eq!(after(&chain("against", "")), (vec![0, 0, 0, 2, 2, 1], 6));
    // A limit of 2 counts the last hole on each side: C and a onwards, B back.
    let limited = chain("both", "chain_limit = 2");
    assert_eq!(after(&limited), (vec![0, 0, 0, 0, 2, 1], 8));
    assert_eq!(
        after(&chain("along", "chain_limit = 2")),
        (vec![0, 2, 0, 0, 2, 1], 6)
    );
    let (traced, trace) = limited.play_traced(&p, A).unwrap();
    assert!(
        trace
            .replay(&limited, &p)
            .unwrap()
            .matches(&limited, &traced)
    );
    // The default written out is the same rule; the others are not.
    assert_eq!(
        chain("against", "").play_fingerprint(),
        family(
            "",
            "rule = \"counts\"\ncounts = [2]\nchain = \"both-rows\"",
            ""
        )
        .play_fingerprint()
    );
    assert_ne!(
        chain("along", "").play_fingerprint(),
        chain("both", "").play_fingerprint()
    );
    for (capture, key) in [
        (
            "rule = \"counts\"\ncounts = [2]\nchain_direction = \"along\"",
            "capture.chain_direction",
        ),
        (
            "rule = \"across-gap\"\nchain = \"both-rows\"\nchain_direction = \"both\"",
            "capture.chain_direction",
        ),
    ] {
        let bad = Rules::from_toml("f", &family_text("", capture, ""), "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some(key), "{capture}");
    }
}

/// Five holes a row, two seeds a hole, matching holes taken in a chain.
fn match_chain(extra: &str) -> Rules {
    let text = format!(
        "name = \"M\"\n[board]\nholes_per_row = 5\nseeds_per_hole = 2\n[sowing]\nstart = \"next\"\n\
         [capture]\nrule = \"match\"\n{extra}\n"
    );
    Rules::from_toml("m", &text, "m.toml").unwrap()
}

#[test]
fn a_chain_of_holes_matching_their_opposites() {
    // Holes A..E are 0..4, a..e 5..9; C faces c, D b, E a, B d.
    // South's A (2 seeds) makes B and C 2: C matches c (2). Onwards D
    // matches b (2) and E a (1), then a is taken already; backwards B
    // (sown) matches d (2), then A is empty.
    let both = match_chain("chain = \"both-rows\"\nchain_direction = \"both\"");
    let p = pos(&both, &[2, 1, 1, 2, 1, 1, 2, 2, 2, 3], [2, 1], Side::South);
    let after = |r: &Rules| {
        let after = r.play(&p, A).unwrap();
        (board(r, &after), after.captured(Side::South))
    };
    assert_eq!(after(&both), (vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 3], 2 + 14));
    // Two at most each way, the last hole counted in both: C and D
    // onwards, C and B back.
    let limited = match_chain("chain = \"both-rows\"\nchain_direction = \"both\"\nchain_limit = 2");
    assert_eq!(
        after(&limited),
        (vec![0, 0, 0, 0, 1, 1, 0, 0, 0, 3], 2 + 12)
    );
    assert_eq!(
        after(&match_chain(
            "chain = \"both-rows\"\nchain_direction = \"along\""
        )),
        (vec![0, 2, 0, 0, 0, 0, 0, 0, 2, 3], 2 + 10)
    );
    // Backwards (the default direction): B, sown, matches d.
    assert_eq!(
        after(&match_chain("chain = \"both-rows\"")),
        (vec![0, 0, 0, 2, 1, 1, 2, 0, 0, 3], 2 + 8)
    );
    // Without a chain only C and c.
    assert_eq!(
        after(&match_chain("")),
        (vec![0, 2, 0, 2, 1, 1, 2, 0, 2, 3], 2 + 4)
    );
    let (traced, trace) = both.play_traced(&p, A).unwrap();
    assert!(trace.replay(&both, &p).unwrap().matches(&both, &traced));
}

#[test]
fn the_hole_after_the_last_may_be_taken_by_its_count() {
    let r = family("", "rule = \"next-counts\"\ncounts = [1, 3]", "");
    // South's B (1 seed) falls into C, which then holds 2: whatever it
    // holds, a after it holds 3, taken; the last seed stays.
    let p = pos(&r, &[1, 1, 1, 3, 1, 0], [3, 2], Side::South);
    let after = r.play(&p, B).unwrap();
    assert_eq!(board(&r, &after), [1, 0, 2, 0, 1, 0]);
    assert_eq!(after.captured(Side::South), 6);
    // Onwards, b (1) goes too; c (empty) ends the chain.
    let chain = family(
        "",
        "rule = \"next-counts\"\ncounts = [1, 3]\nchain = \"both-rows\"\nchain_direction = \"along\"",
        "",
    );
    let after = chain.play(&p, B).unwrap();
    assert_eq!(board(&chain, &after), [1, 0, 2, 0, 0, 0]);
    assert_eq!(after.captured(Side::South), 7);
    let (traced, trace) = chain.play_traced(&p, B).unwrap();
    assert!(trace.replay(&chain, &p).unwrap().matches(&chain, &traced));
    // a holding 2 is not a count of the rule: nothing.
    let p = pos(&r, &[1, 1, 1, 2, 1, 0], [4, 2], Side::South);
    assert_eq!(board(&r, &r.play(&p, B).unwrap()), [1, 0, 2, 2, 1, 0]);
    for (sowing, capture, key) in [
        ("", "rule = \"next-counts\"", "capture.counts"),
        (
            "laps = \"relay\"",
            "rule = \"next-counts\"\ncounts = [1]",
            "sowing.laps",
        ),
        (
            "",
            "rule = \"next-counts\"\ncounts = [1]\nchain = \"both-rows\"",
            "capture.chain_direction",
        ),
    ] {
        let bad = Rules::from_toml("f", &family_text(sowing, capture, ""), "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some(key), "{capture}");
    }
}

#[test]
fn captures_may_need_a_hole_moved_from() {
    let r = family(
        "",
        "rule = \"counts\"\ncounts = [2]\nmoved_from_only = true",
        "",
    );
    let start = pos(&r, &[1, 1, 0, 1, 0, 0], [4, 5], Side::South);
    let mut game = Game::from_position(r.clone(), start);
    // A into B (then 2): nobody has moved from B, nothing is taken.
    game.play(A).unwrap();
    assert_eq!(board(&r, game.position()), [0, 2, 0, 1, 0, 0]);
    assert_eq!(game.position().moved_from_mask(), 0b1);
    // Without the rule B is taken.
    let plain = family("", "rule = \"counts\"\ncounts = [2]", "");
    assert_eq!(
        board(&plain, &plain.play(&start, A).unwrap()),
        [0, 0, 0, 1, 0, 0]
    );
    // a into b; B into C and a; b into c; then C into a (2), which North
    // has moved from: taken.
    for label in ["a", "B", "b"] {
        game.play_label(label).unwrap();
    }
    assert_eq!(board(&r, game.position()), [0, 0, 1, 1, 0, 1]);
    assert_eq!(game.position().moved_from_mask(), 0b1_1011);
    game.play(C).unwrap();
    assert_eq!(board(&r, game.position()), [0, 0, 0, 0, 0, 1]);
    assert_eq!(game.position().captured(Side::South), 6);
    assert_eq!(
        mancala_core::State::of(&game).moved_from,
        Some(vec![
            "A".into(),
            "B".into(),
            "C".into(),
            "a".into(),
            "b".into()
        ])
    );
    for (capture, end) in [
        ("rule = \"across-gap\"\nmoved_from_only = true", ""),
        (
            "rule = \"counts\"\ncounts = [2]\nmoved_from_only = true",
            "repetition = \"draw\"",
        ),
    ] {
        let bad = Rules::from_toml("f", &family_text("", capture, end), "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some("capture.moved_from_only"), "{end}");
    }
    assert_ne!(r.play_fingerprint(), plain.play_fingerprint());
}

#[test]
fn every_hole_may_have_to_be_moved_from_once_first() {
    let text = family_text("", "rule = \"none\"", "")
        .replace("[sowing]", "[moves]\neach_hole_first = true\n[sowing]");
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    let mut game = Game::new(r.clone());
    // A, then North's c refills A (1) and B: A, moved from, waits.
    game.play(A).unwrap();
    game.play_label("c").unwrap();
    assert_eq!(board(&r, game.position()), [1, 4, 3, 2, 2, 0]);
    assert_eq!(labels(&r, game.position()), ["B", "C"]);
    game.play(B).unwrap();
    assert_eq!(labels(&r, game.position()), ["a", "b"]);
    game.play_label("a").unwrap();
    assert_eq!(board(&r, game.position()), [2, 0, 4, 0, 4, 2]);
    assert_eq!(labels(&r, game.position()), ["C"]);
    // Once every hole of South's row has been moved from, any may be.
    game.play(C).unwrap();
    game.play_label("b").unwrap();
    assert_eq!(board(&r, game.position()), [4, 1, 1, 2, 0, 4]);
    assert_eq!(labels(&r, game.position()), ["A", "B", "C"]);
    let bad = Rules::from_toml(
        "f",
        &text.replace(
            "each_hole_first = true",
            "each_hole_first = true\nany_row = true",
        ),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("moves.each_hole_first"));
}

#[test]
fn a_match_may_be_won_by_a_tally_of_seeds() {
    let text = family_text("", "", "") + "[rounds]\nseeds_to_win = 10\n";
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    // North to move with an empty row: South collects 2, winning the round
    // 8 to 4; neither has 10 seeds yet, so a second round starts afresh.
    let start = pos(&r, &[1, 1, 0, 0, 0, 0], [6, 4], Side::North);
    let game = Game::from_position(r.clone(), start);
    assert!(!game.is_over());
    assert_eq!(board(&r, game.position()), [2, 2, 2, 2, 2, 2]);
    let won = game.round_starts()[0].previous;
    // The tally counts half seeds, as scores do.
    assert_eq!(r.tally_earned(&won), [16, 8]);
    // With 2 seeds from earlier rounds South reaches 10: the match is over,
    // and its totals count every round.
    assert!(
        r.next_round_tallied(&start, &won, Side::North, [4, 0])
            .is_none()
    );
    let end = r.match_outcome(&won, [4, 0]);
    assert_eq!(end.score, Some([Score::seeds(10), Score::seeds(4)]));
    assert_eq!(end.winner, Some(Side::South));
    // The larger total wins the match, not the last round's winner.
    let end = r.match_outcome(&won, [0, 10]);
    assert_eq!(end.score, Some([Score::seeds(8), Score::seeds(9)]));
    assert_eq!(end.winner, Some(Side::North));
    assert_eq!(r.match_outcome(&won, [0, 8]).winner, None);
    // Reached in the first round: 10 of 12 seeds end the match at once.
    let start = pos(&r, &[1, 1, 0, 0, 0, 0], [8, 2], Side::North);
    let game = Game::from_position(r.clone(), start);
    let outcome = game.outcome().unwrap();
    assert_eq!(outcome.score, Some([Score::seeds(10), Score::seeds(2)]));
    for (extra, key) in [
        ("seeds_to_win = 0\n", "rounds.seeds_to_win"),
        ("seeds_to_win = 10\nround_wins = 2\n", "rounds.seeds_to_win"),
        ("seeds_to_win = 10\nterritory = true\n", "rounds.territory"),
    ] {
        let text = family_text("", "", "") + "[rounds]\n" + extra;
        let bad = Rules::from_toml("f", &text, "f.toml").unwrap_err();
        assert_eq!(bad.key.as_deref(), Some(key), "{extra}");
    }
}

#[test]
fn a_chain_of_captures_across_goes_on_over_empty_holes() {
    let chain = family(
        "",
        "rule = \"opposite\"\nchain = \"same-row\"\nchain_direction = \"along\"",
        "",
    );
    // South's A (1 seed) falls into the empty B and takes b (3) facing it;
    // onwards C is empty too and takes a (2); then the row ends.
    let p = pos(&chain, &[1, 0, 0, 2, 3, 1], [3, 2], Side::South);
    let after = chain.play(&p, A).unwrap();
    assert_eq!(board(&chain, &after), [0, 1, 0, 0, 0, 1]);
    assert_eq!(after.captured(Side::South), 8);
    let (traced, trace) = chain.play_traced(&p, A).unwrap();
    assert!(trace.replay(&chain, &p).unwrap().matches(&chain, &traced));
    // Without the chain only b; a hole on the way holding seeds ends it.
    let plain = family("", "rule = \"opposite\"", "");
    assert_eq!(
        board(&plain, &plain.play(&p, A).unwrap()),
        [0, 1, 0, 2, 0, 1]
    );
    let p = pos(&chain, &[1, 0, 1, 2, 3, 1], [2, 2], Side::South);
    assert_eq!(
        board(&chain, &chain.play(&p, A).unwrap()),
        [0, 1, 1, 2, 0, 1]
    );
    let bad = Rules::from_toml(
        "f",
        &family_text(
            "",
            "rule = \"opposite\"\nchain = \"same-row\"\nempty_opposite = true",
            "",
        ),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("capture.chain"));
}

#[test]
fn owned_holes_may_be_made_in_pairs_with_the_hole_before() {
    let text = family_text("", "", "") + "[owned]\ncount = 3\nmake = \"pair-before\"\n";
    let r = Rules::from_toml("f", &text, "f.toml").unwrap();
    let owners = |p: &Position| -> Vec<Option<Side>> { (0..6).map(|h| p.hole_owner(h)).collect() };
    // South's A (2 seeds) makes B 2 and C 3: C reaches the count, and B
    // before it holds one less: both become South's.
    let p = pos(&r, &[2, 1, 2, 1, 1, 1], [2, 2], Side::South);
    let after = r.play(&p, A).unwrap();
    assert_eq!(board(&r, &after), [0, 2, 3, 1, 1, 1]);
    let south = Some(Side::South);
    assert_eq!(owners(&after), [None, south, south, None, None, None]);
    // The other order: B 3, C (the last hole) 2.
    let p = pos(&r, &[2, 2, 1, 1, 1, 1], [2, 2], Side::South);
    assert_eq!(
        owners(&r.play(&p, A).unwrap()),
        [None, south, south, None, None, None]
    );
    // C 2 and B 1: neither the count nor a pair.
    let p = pos(&r, &[2, 0, 1, 1, 1, 1], [3, 3], Side::South);
    assert_eq!(owners(&r.play(&p, A).unwrap()), [None; 6]);
    // With the plain count rule only C, at 3, is made.
    let count = Rules::from_toml(
        "f",
        &(family_text("", "", "") + "[owned]\ncount = 3\n"),
        "f.toml",
    )
    .unwrap();
    let p = pos(&r, &[2, 1, 2, 1, 1, 1], [2, 2], Side::South);
    assert_eq!(
        owners(&count.play(&p, A).unwrap()),
        [None, None, south, None, None, None]
    );
    assert_ne!(r.play_fingerprint(), count.play_fingerprint());
    let bad = Rules::from_toml(
        "f",
        &(family_text("", "", "") + "[owned]\ncount = 1\nmake = \"pair-before\"\n"),
        "f.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("owned.make"));
}

#[test]
fn each_rows_last_two_holes_may_start_empty() {
    let text = "name = \"L\"\n[board]\nholes_per_row = 4\nseeds_per_hole = 3\nlayout = \"last-two-empty\"\n[sowing]\nstart = \"next\"\n";
    let r = Rules::from_toml("l", text, "l.toml").unwrap();
    // Each row from its player's left: A, B and a, b hold seeds.
    assert_eq!(board(&r, &r.start()), [3, 3, 0, 0, 3, 3, 0, 0]);
    assert_eq!(r.total_seeds(), 12);
    let bad = Rules::from_toml(
        "l",
        &text.replace("holes_per_row = 4", "holes_per_row = 2"),
        "l.toml",
    )
    .unwrap_err();
    assert_eq!(bad.key.as_deref(), Some("board.layout"));
}
